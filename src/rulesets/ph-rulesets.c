/* ph-rulesets.c: the registry of rulesets
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One line per ruleset, in PhRulesetId order. Adding a ruleset is a folder
 * beside this file and a line here (docs/adding-a-ruleset.md).
 */
#include <string.h>

#include "ph-ruleset.h"
#include "ph-rulesets.h"

extern const PhRuleset ph_ruleset_firelock;
extern const PhRuleset ph_ruleset_fistful;
extern const PhRuleset ph_ruleset_mayhem;
extern const PhRuleset ph_ruleset_featherstone;
extern const PhRuleset ph_ruleset_guns_of_war;

static const PhRuleset * const registry[] = {
  [PH_RULESET_FIRELOCK] = &ph_ruleset_firelock,
  [PH_RULESET_FISTFUL] = &ph_ruleset_fistful,
  [PH_RULESET_MAYHEM] = &ph_ruleset_mayhem,
  [PH_RULESET_FEATHERSTONE] = &ph_ruleset_featherstone,
  [PH_RULESET_GUNS_OF_WAR] = &ph_ruleset_guns_of_war,
};

G_STATIC_ASSERT (G_N_ELEMENTS (registry) == PH_N_RULESETS);

const PhRuleset *
ph_ruleset_get (PhRulesetId id)
{
  g_return_val_if_fail ((guint) id < G_N_ELEMENTS (registry), NULL);
  g_assert (registry[id]->id == id);
  return registry[id];
}

PhRulesetId
ph_rulesets_default (void)
{
  return PH_RULESET_MAYHEM;
}

const char *
ph_ruleset_id_to_string (PhRulesetId id)
{
  g_return_val_if_fail ((guint) id < G_N_ELEMENTS (registry), NULL);
  return registry[id]->name;
}

gboolean
ph_ruleset_id_from_string (const char  *s,
                           PhRulesetId *out)
{
  if (s == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (registry); i++)
    if (strcmp (registry[i]->name, s) == 0)
      {
        *out = (PhRulesetId) i;
        return TRUE;
      }
  return FALSE;
}
