/* ph-ruleset.c: picking a ruleset, its units and its options
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-error.h"
#include "ph-ruleset.h"

const PhRuleset *
ph_ruleset_get (PhRulesetId id)
{
  switch (id)
    {
    case PH_RULESET_FIRELOCK:
      return &ph_ruleset_firelock;
    case PH_RULESET_FISTFUL:
      return &ph_ruleset_fistful;
    case PH_RULESET_MAYHEM:
      return &ph_ruleset_mayhem;
    case PH_RULESET_FEATHERSTONE:
      return &ph_ruleset_featherstone;
    case PH_RULESET_GUNS_OF_WAR:
      return &ph_ruleset_guns_of_war;
    case PH_N_RULESETS:
    default:
      g_return_val_if_reached (NULL);
    }
}

PhDistUnit
ph_ruleset_dist_unit (PhRulesetId    id,
                      const PhTable *table)
{
  switch (id)
    {
    case PH_RULESET_GUNS_OF_WAR:
      return PH_DIST_HEX;
    case PH_RULESET_FEATHERSTONE:
      /* paces, on an inch table too (2.54 paces to the inch) */
      return PH_DIST_CM;
    case PH_RULESET_FIRELOCK:
    case PH_RULESET_FISTFUL:
    case PH_RULESET_MAYHEM:
    case PH_N_RULESETS:
    default:
      return PH_DIST_IN;
    }
}

double
ph_ruleset_table_units_per (PhRulesetId    id,
                            const PhTable *table)
{
  switch (ph_ruleset_dist_unit (id, table))
    {
    case PH_DIST_IN:
      return table->unit == PH_UNIT_CM ? 2.54 : 1.0;
    case PH_DIST_HEX:
      return table->grid_size;
    case PH_DIST_CM:
    default:
      return table->unit == PH_UNIT_IN ? 1 / 2.54 : 1.0;
    }
}

char *
ph_ruleset_describe_distances (PhRulesetId    id,
                               const PhTable *table)
{
  switch (ph_ruleset_dist_unit (id, table))
    {
    case PH_DIST_HEX:
      return g_strdup_printf ("hexes (%g %s across)", table->grid_size,
                              ph_unit_to_string (table->unit));
    case PH_DIST_CM:
      return g_strdup (table->unit == PH_UNIT_IN
                       ? "paces, read off the inch table at 2.54 paces to the inch"
                       : "paces, one to the cm");
    case PH_DIST_IN:
    default:
      return g_strdup (table->unit == PH_UNIT_CM
                       ? "inches, read off the cm table at 2.54 cm to the inch"
                       : "inches");
    }
}

gboolean
ph_ruleset_check_option (PhRulesetId  id,
                         const char  *name,
                         const char  *value,
                         GError     **error)
{
  const PhRuleset *ruleset = ph_ruleset_get (id);

  if (ruleset->option_names == NULL
      || !g_strv_contains ((const char * const *) ruleset->option_names, name))
    {
      g_autofree char *known = ruleset->option_names != NULL && ruleset->option_names[0] != NULL
        ? g_strjoinv (", ", (char **) ruleset->option_names)
        : g_strdup ("none");

      g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                   "unknown option '%s' for %s (known options: %s)",
                   name, ph_ruleset_id_to_string (id), known);
      return FALSE;
    }
  if (ruleset->check_option != NULL)
    return ruleset->check_option (name, value, error);
  return TRUE;
}
