/* ph-ruleset.c: picking a ruleset, its units and its options
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gio/gio.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-error.h"
#include "ph-hex.h"
#include "ph-ruleset.h"

static double
chance_to_hit (const PhAssessment *a)
{
  return a->p_hit;
}

static double
chance_to_kill (const PhAssessment *a)
{
  return a->has_p_kill ? a->p_kill : 0;
}

const PhShotEffect ph_shot_effect_hit = {
  "hit", N_("to hit"), N_("To hit"), N_("hits to expect"),
  N_("an enemy's best chance to hit him there"), chance_to_hit,
};

const PhShotEffect ph_shot_effect_kill = {
  "kill", N_("to kill"), N_("To kill"), N_("kills to expect"),
  N_("an enemy's best chance to kill him there"), chance_to_kill,
};

const PhShotEffect *
ph_ruleset_effect (const PhRuleset *ruleset)
{
  return ruleset->effect != NULL ? ruleset->effect : &ph_shot_effect_hit;
}

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
      return g_strdup_printf (_("hexes (%g %s across)"), table->grid_size,
                              ph_unit_label (table->unit));
    case PH_DIST_CM:
      return g_strdup (table->unit == PH_UNIT_IN
                       ? _("paces, read off the inch table at 2.54 paces to the inch")
                       : _("paces, one to the cm"));
    case PH_DIST_IN:
    default:
      return g_strdup (table->unit == PH_UNIT_CM
                       ? _("inches, read off the cm table at 2.54 cm to the inch")
                       : _("inches"));
    }
}

double
ph_ruleset_distance (PhRulesetId    id,
                     const PhTable *table,
                     PhPoint        a,
                     PhPoint        b)
{
  double per;

  if (ph_ruleset_dist_unit (id, table) == PH_DIST_HEX && table->grid == PH_GRID_HEX
      && table->grid_size > 0)
    return ph_hex_distance (ph_hex_from_point (a, table->grid_size),
                            ph_hex_from_point (b, table->grid_size));
  per = ph_ruleset_table_units_per (id, table);
  return ph_point_distance (a, b) / (per > 0 ? per : 1.0);
}

char *
ph_ruleset_format_distance (PhRulesetId id,
                            double      distance)
{
  switch (ph_ruleset_get (id)->dist_unit)
    {
    case PH_DIST_HEX:
      /* TRANSLATORS: a distance in hexes: "3 hexes", "1 hex" */
      return g_strdup_printf (_("%.0f %s"), round (distance),
                              round (distance) == 1 ? C_("unit", "hex") : C_("unit", "hexes"));
    case PH_DIST_CM:
      /* TRANSLATORS: a distance in Featherstone's paces: "12.0 paces" */
      return g_strdup_printf (_("%.1f %s"), distance, C_("unit", "paces"));
    case PH_DIST_IN:
    default:
      /* TRANSLATORS: a distance in inches: "4.6 in" */
      return g_strdup_printf (_("%.1f %s"), distance, C_("unit", "in"));
    }
}

gboolean
ph_ruleset_check_option (PhRulesetId  id,
                         const char  *name,
                         const char  *value,
                         GError     **error)
{
  const PhRuleset *ruleset = ph_ruleset_get (id);

  if (ph_ruleset_find_option (ruleset, name) == NULL)
    {
      g_autoptr(GString) known = g_string_new (NULL);

      for (guint i = 0; i < ruleset->n_options; i++)
        g_string_append_printf (known, "%s%s", i > 0 ? ", " : "", ruleset->options[i].name);
      if (known->len == 0)
        g_string_append (known, "none");

      g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                   "unknown option '%s' for %s (known options: %s)",
                   name, ph_ruleset_id_to_string (id), known->str);
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
               _("random characters are %s; this scenario plays %s"),
               which->str, ph_ruleset_id_to_string (scenario->ruleset));
  return FALSE;
}

const PhShotOption *
ph_ruleset_find_shot_option (const PhRuleset *ruleset,
                             const char      *name,
                             guint           *index)
{
  for (guint i = 0; i < ruleset->n_shot_options; i++)
    if (g_strcmp0 (ruleset->shot_options[i].name, name) == 0)
      {
        if (index != NULL)
          *index = i;
        return &ruleset->shot_options[i];
      }
  return NULL;
}

const PhShotOption *
ph_rulesets_find_shot_option (const char *name)
{
  for (guint r = 0; r < PH_N_RULESETS; r++)
    {
      const PhShotOption *option = ph_ruleset_find_shot_option (ph_ruleset_get (r), name, NULL);

      if (option != NULL)
        return option;
    }
  return NULL;
}

gboolean
ph_shot_option_parse (const PhShotOption *option,
                      const char         *value,
                      int                *out)
{
  if (option->type == PH_SHOT_OPTION_FLAG)
    {
      if (g_strcmp0 (value, "true") != 0 && g_strcmp0 (value, "false") != 0)
        return FALSE;
      *out = g_strcmp0 (value, "true") == 0;
      return TRUE;
    }
  for (int i = 0; option->choices[i] != NULL; i++)
    if (g_strcmp0 (option->choices[i], value) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

const char *
ph_shot_option_value_name (const PhShotOption *option,
                           int                 value)
{
  if (option->type == PH_SHOT_OPTION_FLAG)
    return NULL;
  g_return_val_if_fail (value >= 0 && (guint) value < g_strv_length ((char **) option->choices), NULL);
  return option->choices[value];
}

const PhRulesetOption *
ph_ruleset_find_option (const PhRuleset *ruleset,
                        const char      *name)
{
  for (guint i = 0; i < ruleset->n_options; i++)
    if (g_strcmp0 (ruleset->options[i].name, name) == 0)
      return &ruleset->options[i];
  return NULL;
}

void
ph_ruleset_usual_table (PhRulesetId  id,
                        PhUnit       unit,
                        PhTable     *table)
{
  const PhRuleset *ruleset = ph_ruleset_get (id);

  table->unit = unit;
  table->grid = ruleset->grid;
  table->grid_size = unit == PH_UNIT_CM ? ruleset->grid_size_cm : ruleset->grid_size_in;
  table->measure = ruleset->measure;
}

void
ph_ruleset_init_weapon (PhRulesetId   id,
                        PhWeaponKind  kind,
                        PhWeapon     *weapon)
{
  memset (weapon, 0, sizeof *weapon);
  weapon->kind = kind;
  weapon->loaded = TRUE;
  if (ph_ruleset_get (id)->weapon_bands && ph_weapon_kind_is_missile (kind))
    {
      /* a musket's usual bands, in paces; the referee sets the weapon's own */
      weapon->has_bands = TRUE;
      weapon->range_short = 50;
      weapon->range_medium = 100;
      weapon->range_long = 200;
    }
}

PhFigure *
ph_ruleset_new_figure (const PhScenario *scenario,
                       const char       *side,
                       double            x,
                       double            y,
                       double            facing)
{
  const PhRuleset *ruleset = ph_ruleset_get (scenario->ruleset);
  PhFigure *figure = ph_figure_new ();

  figure->id = ph_scenario_new_id (scenario, "figure", NULL);
  figure->side = g_strdup (side);
  figure->x = x;
  figure->y = y;
  figure->facing = facing;
  figure->base_width = figure->base_depth = ph_default_base_width (scenario->table.unit);
  if (ruleset->figure_template != NULL)
    ruleset->figure_template (figure);
  /* bands in table units: the template's paces read on this table */
  for (guint i = 0; i < figure->weapons->len; i++)
    {
      PhWeapon *w = &g_array_index (figure->weapons, PhWeapon, i);

      if (w->has_bands)
        {
          double per = ph_ruleset_table_units_per (scenario->ruleset, &scenario->table);

          w->range_short *= per;
          w->range_medium *= per;
          w->range_long *= per;
        }
    }
  return figure;
}
