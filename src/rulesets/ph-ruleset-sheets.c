/* ph-ruleset-sheets.c: the registry's list of sheets
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sheets are drawn with cairo, so they live in the renderer's library
 * and not in the GTK-free core's descriptor: this is the renderer's half of
 * the registry, one line per ruleset, in PhRulesetId order
 * (docs/adding-a-ruleset.md).
 */
#include "ph-sheet-private.h"

extern const PhSheetKind ph_sheet_kind_firelock;
extern const PhSheetKind ph_sheet_kind_fistful;
extern const PhSheetKind ph_sheet_kind_mayhem;
extern const PhSheetKind ph_sheet_kind_featherstone;
extern const PhSheetKind ph_sheet_kind_guns_of_war;

static const PhSheetKind * const sheets[] = {
  [PH_RULESET_FIRELOCK] = &ph_sheet_kind_firelock,
  [PH_RULESET_FISTFUL] = &ph_sheet_kind_fistful,
  [PH_RULESET_MAYHEM] = &ph_sheet_kind_mayhem,
  [PH_RULESET_FEATHERSTONE] = &ph_sheet_kind_featherstone,
  [PH_RULESET_GUNS_OF_WAR] = &ph_sheet_kind_guns_of_war,
};

G_STATIC_ASSERT (G_N_ELEMENTS (sheets) == PH_N_RULESETS);

const PhSheetKind *
ph_sheet_kind_get (PhRulesetId ruleset)
{
  g_return_val_if_fail ((guint) ruleset < G_N_ELEMENTS (sheets), NULL);
  return sheets[ruleset];
}
