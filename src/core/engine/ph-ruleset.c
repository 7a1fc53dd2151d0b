/* ph-ruleset.c: picking a ruleset, its units and its options
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gio.h>

#include "ph-error.h"
#include "ph-ruleset.h"

PhDistUnit
ph_ruleset_dist_unit (PhRulesetId    id,
                      const PhTable *table)
{
  return ph_ruleset_get (id)->dist_unit;
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

gboolean
ph_ruleset_roll_character (PhScenario  *scenario,
                           const char  *figure_id,
                           GRand       *rand,
                           int         *roll,
                           GError     **error)
{
  const PhRuleset *ruleset;
  g_autoptr(GString) which = g_string_new (NULL);

  g_return_val_if_fail (scenario != NULL, FALSE);

  ruleset = ph_ruleset_get (scenario->ruleset);
  if (ruleset->roll_character != NULL)
    return ruleset->roll_character (scenario, figure_id, rand, roll, error);

  for (guint i = 0; i < PH_N_RULESETS; i++)
    if (ph_ruleset_get (i)->roll_character != NULL)
      g_string_append_printf (which, "%s%s's", which->len > 0 ? ", " : "",
                              ph_ruleset_get (i)->title);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
               "random characters are %s; this scenario plays %s",
               which->str, ph_ruleset_id_to_string (scenario->ruleset));
  return FALSE;
}
