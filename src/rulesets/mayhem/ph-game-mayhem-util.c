/* ph-game-mayhem-util.c: a game of Musket Mayhem: what its files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Errors, a figure's stats, arguments, figure attributes and variables, and
 * whose turn it is.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-mayhem-private.h"

/* ---------------------------------------------------------------------- */
/* Small helpers                                                          */

gboolean G_GNUC_PRINTF (3, 4)
ph_mayhem_fail (GError      **error,
         PhGameError   code,
         const char   *format,
         ...)
{
  va_list ap;
  g_autofree char *message = NULL;

  va_start (ap, format);
  message = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error_literal (error, PH_GAME_ERROR, code, message);
  return FALSE;
}

const char *
ph_mayhem_fig_name (const PhFigure *figure)
{
  return ph_figure_display_name (figure);
}

const char *
ph_mayhem_side_name (PhScenario *scenario,
              const char *side_id)
{
  PhSide *side = side_id != NULL ? ph_scenario_find_side (scenario, side_id) : NULL;

  if (side == NULL)
    return side_id != NULL ? side_id : "?";
  return side->name != NULL ? side->name : side->id;
}

/* Table units per inch: the rules are written in inches */
double
ph_mayhem_units_per_inch (PhScenario *scenario)
{
  return scenario->table.unit == PH_UNIT_CM ? 2.54 : 1.0;
}

int
ph_mayhem_courage_of (const PhFigure *figure)
{
  return figure->stats_kind == PH_STATS_MAYHEM
    ? figure->stats.mayhem.courage : DEFAULT_COURAGE;
}

int
ph_mayhem_armament_of (const PhFigure *figure)
{
  return figure->stats_kind == PH_STATS_MAYHEM
    ? figure->stats.mayhem.armament : DEFAULT_ARMAMENT;
}

int
ph_mayhem_saves_of (const PhFigure *figure)
{
  return figure->stats_kind == PH_STATS_MAYHEM ? figure->stats.mayhem.saves : 0;
}

int
ph_mayhem_rerolls_of (const PhFigure *figure)
{
  return figure->stats_kind == PH_STATS_MAYHEM ? figure->stats.mayhem.rerolls : 0;
}

/* Choice argument: the index of its value in @choices, or @fallback when
 * absent (-1 there: the argument is required) */
gboolean
ph_mayhem_arg_choice (GHashTable         *args,
               const char         *key,
               const char * const *choices,
               int                 fallback,
               int                *out,
               GError            **error)
{
  const char *value = g_hash_table_lookup (args, key);
  g_autofree char *list = NULL;

  if (value == NULL || *value == '\0')
    {
      if (fallback < 0)
        {
          list = g_strjoinv ("|", (char **) choices);
          return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION,
                          _("%s=%s is needed"), key, list);
        }
      *out = fallback;
      return TRUE;
    }
  for (int i = 0; choices[i] != NULL; i++)
    if (strcmp (choices[i], value) == 0)
      {
        *out = i;
        return TRUE;
      }
  list = g_strjoinv (", ", (char **) choices);
  return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION,
                  _("%s must be one of %s, not \"%s\""), key, list, value);
}

gboolean
ph_mayhem_arg_number (GHashTable  *args,
               const char  *key,
               gboolean     required,
               gboolean    *present,
               double      *out,
               GError     **error)
{
  const char *value = g_hash_table_lookup (args, key);

  *present = FALSE;
  if (required && (value == NULL || *value == '\0'))
    return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION, _("“%s” needs a number"), key);
  return ph_game_arg_number (args, key, present, out, error);
}

/* A figure named by argument @key, on the table */
PhFigure *
ph_mayhem_arg_figure (PhGame      *game,
               GHashTable  *args,
               const char  *key,
               GError     **error)
{
  PhFigure *figure = ph_game_arg_figure (game, args, key, error);

  if (figure == NULL)
    return NULL;
  if (ph_figure_is_off_table (figure))
    {
      ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW, (figure->status & PH_STATUS_DEAD)
                      ? _("%s is dead") : _("%s is gone (ran off)"),
                      ph_mayhem_fig_name (figure));
      return NULL;
    }
  return figure;
}

/* A list of figure ids (commas or spaces between them) as figures on the
 * table, without @first if it is repeated */
GPtrArray *
ph_mayhem_parse_figure_list (PhGame          *game,
                      const char      *key,
                      const char      *value,
                      const PhFigure  *first,
                      GError         **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autoptr (GPtrArray) list = g_ptr_array_new ();
  g_auto (GStrv) ids = NULL;

  if (first != NULL)
    g_ptr_array_add (list, (gpointer) first);
  if (value == NULL)
    return g_steal_pointer (&list);

  ids = g_strsplit_set (value, ", ", -1);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      PhFigure *figure;

      if (*ids[i] == '\0')
        continue;
      figure = ph_scenario_find_figure (scenario, ids[i]);
      if (figure == NULL)
        {
          ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION, _("%s: no figure \"%s\""), key, ids[i]);
          return NULL;
        }
      if (ph_figure_is_off_table (figure))
        {
          ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW, _("%s: %s is off the table"),
                   key, ph_mayhem_fig_name (figure));
          return NULL;
        }
      if (!g_ptr_array_find (list, figure, NULL))
        g_ptr_array_add (list, figure);
    }
  return g_steal_pointer (&list);
}

gboolean
ph_mayhem_set_attr_number (PhGame      *game,
                    PhFigure    *figure,
                    const char  *attr,
                    double       value,
                    GError     **error)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* Positions to a hundredth of a unit, as a referee measures */
  value = round (value * 100.0) / 100.0;
  if (value == 0.0)
    value = 0.0; /* no "-0" */
  return ph_game_set_figure_attr (game, figure->id, attr,
                                  g_ascii_dtostr (buf, sizeof buf, value), error);
}

void
ph_mayhem_clear_figure_var (PhGame     *game,
                     PhFigure   *figure,
                     const char *key)
{
  if (ph_game_get_figure_var (game, figure->id, key) != NULL)
    ph_game_set_figure_var (game, figure->id, key, NULL);
}

void
ph_mayhem_set_status (PhGame   *game,
               PhFigure *figure,
               PhStatus  flag,
               gboolean  on)
{
  if (((figure->status & flag) != 0) != on)
    ph_game_set_status (game, figure->id, flag, on);
}

/* Spends one of the figure's "mayhem.saves" or "mayhem.rerolls" tokens */
gboolean
ph_mayhem_spend_token (PhGame      *game,
                PhFigure    *figure,
                const char  *attr,
                int          have,
                GError     **error)
{
  char buf[16];

  g_snprintf (buf, sizeof buf, "%d", have - 1);
  return ph_game_set_figure_attr (game, figure->id, attr, buf, error);
}
