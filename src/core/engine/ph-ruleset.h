/* ph-ruleset.h: what each ruleset file provides to the engine
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One file per ruleset (ph-ruleset-firelock.c, ...), each defining one
 * const PhRuleset. The engine works out the shared geometry and the common
 * reasons (dead, unloaded, out of arc, blocked) and calls assess() to fill
 * in ranges, band, modifiers, probabilities and details.
 */
#pragma once

#include "ph-engine.h"

G_BEGIN_DECLS

struct _PhRuleset
{
  PhRulesetId id;
  const char *title;             /* "Firelock and Scalplock" */
  gboolean has_arc;              /* 45-degree fire arc */
  gboolean figures_block_los;    /* other figures' bases block LOS */
  gboolean has_kill;             /* the ruleset defines p_kill */
  /* Ruleset options a scenario may set (<rules><option name=...>),
   * NULL-terminated. */
  const char * const *option_names;
  /* Checks an option's value; NULL when any value goes. */
  gboolean (*check_option) (const char *name, const char *value, GError **error);
  /* Fills in everything ruleset-specific: max_range, in_range, band,
   * modifiers, p_hit, p_kill, details, and its own reasons. Called with
   * ctx->weapon != NULL. The engine has already set distance, unit, in_arc,
   * los, cover and the common reasons; assess() appends its reasons and must
   * leave p_hit (and p_kill) at 0 when out->reasons is non-empty on return. */
  gboolean (*assess) (const PhShotContext *ctx, const PhShotOptions *options,
                      PhAssessment *out, GError **error);
  /* Range rings for drawing, in the ruleset's distance unit; append
   * PhRangeRing to @rings. */
  void (*range_rings) (const PhScenario *scenario, const PhFigure *figure,
                       const PhWeapon *weapon, gboolean target_mounted,
                       GArray *rings);
};

extern const PhRuleset ph_ruleset_firelock;
extern const PhRuleset ph_ruleset_fistful;
extern const PhRuleset ph_ruleset_mayhem;
extern const PhRuleset ph_ruleset_featherstone;
extern const PhRuleset ph_ruleset_guns_of_war;

const PhRuleset *ph_ruleset_get (PhRulesetId id);
/* The unit distances are read in: inches for Firelock, Fistful and Musket
 * Mayhem, paces (PH_DIST_CM) for Featherstone whatever the table's unit,
 * hexes for Guns of War. */
PhDistUnit       ph_ruleset_dist_unit (PhRulesetId id, const PhTable *table);
/* Table units per one distance unit (2.54 for inches on a cm table, 1/2.54
 * for Featherstone's paces on an inch table) */
double           ph_ruleset_table_units_per (PhRulesetId id, const PhTable *table);
/* How distances are read, for people: "paces, read off the inch table at
 * 2.54 paces to the inch" */
char            *ph_ruleset_describe_distances (PhRulesetId id, const PhTable *table);
/* Checks a <rules><option>: known name and usable value. */
gboolean         ph_ruleset_check_option (PhRulesetId id, const char *name,
                                          const char *value, GError **error);

/* Musket Mayhem's weapon table, for its engine, its game and its figure
 * sheet alike.  The weapon's range in inches, following the scenario's
 * pistol-range and musket-range options (@scenario may be NULL: the text's
 * ranges); 0 for a kind the text's range table does not list.  FALSE with
 * @error when an option's value is unusable (only a scenario built in
 * memory can hold one), *inches then being the text's range. */
gboolean         ph_mayhem_weapon_range (const PhScenario *scenario,
                                         PhWeaponKind kind, double *inches,
                                         GError **error);
/* The impact die's modifier for the weapon: +1 musket and rifle, +2
 * canister, +3 roundshot, else 0 */
int              ph_mayhem_impact_modifier (PhWeaponKind kind);

G_END_DECLS
