/* ph-game-args.c: the arguments of a game action, as every ruleset reads
 * them
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph_game_perform() checks an action's arguments against its table
 * (ph_game_check_arguments(), in one wording for every ruleset) and hands
 * the handler a normalized copy: only the action's own arguments, empty
 * values (but text) left out, flags as "true" or "false". The getters
 * below read that copy; their errors are for a handler that asks for an
 * argument its table does not declare (a programming error).
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-args.h"
#include "ph-scenario-values.h"

PhFigure *
ph_game_arg_figure (PhGame      *game,
                    GHashTable  *args,
                    const char  *key,
                    GError     **error)
{
  const char *id = g_hash_table_lookup (args, key);
  PhFigure *figure;

  if (id == NULL || *id == '\0')
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("missing argument '%s' (a figure's id)"), key);
      return NULL;
    }
  figure = ph_scenario_find_figure (ph_game_get_scenario (game), id);
  if (figure == NULL)
    {
      g_autofree char *shown = ph_value_show (id);

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("argument '%s': there is no figure '%s'"), key, shown);
    }
  return figure;
}

gboolean
ph_game_arg_bool (GHashTable  *args,
                  const char  *key,
                  gboolean     fallback,
                  gboolean    *out,
                  GError     **error)
{
  const char *value = g_hash_table_lookup (args, key);

  *out = fallback;
  if (value == NULL || *value == '\0')
    return TRUE;
  if (g_str_equal (value, "true"))
    *out = TRUE;
  else if (g_str_equal (value, "false"))
    *out = FALSE;
  else
    {
      g_autofree char *shown = ph_value_show (value);

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("argument '%s' must be true or false, not '%s'"), key, shown);
      return FALSE;
    }
  return TRUE;
}

gboolean
ph_game_parse_number (const char *value,
                      double     *out)
{
  char *end = NULL;
  double d;

  if (value == NULL || *value == '\0')
    return FALSE;
  d = g_ascii_strtod (value, &end);
  if (end == value || *end != '\0' || !isfinite (d))
    return FALSE;
  *out = d;
  return TRUE;
}

gboolean
ph_game_arg_number (GHashTable  *args,
                    const char  *key,
                    gboolean    *present,
                    double      *out,
                    GError     **error)
{
  const char *value = g_hash_table_lookup (args, key);

  *present = FALSE;
  if (value == NULL || *value == '\0')
    return TRUE;
  if (!ph_game_parse_number (value, out))
    {
      g_autofree char *shown = ph_value_show (value);

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("argument '%s' must be a number, not '%s'"), key, shown);
      return FALSE;
    }
  *present = TRUE;
  return TRUE;
}

char *
ph_game_reasons_text (const PhAssessment *a)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < a->reasons->len; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? "; " : "",
                            (const char *) g_ptr_array_index (a->reasons, i));
  return g_string_free (text, FALSE);
}

/* The angle, 0 to 180 degrees, between @figure's facing and the direction
 * to @other's centre */
static double
off_front (const PhFigure *figure,
           const PhFigure *other)
{
  PhPoint from = { figure->x, figure->y }, to = { other->x, other->y };

  return ph_angle_difference (ph_bearing (from, to), figure->facing);
}

gboolean
ph_game_bases_touch (const PhScenario *scenario,
                     const PhFigure   *a,
                     const PhFigure   *b,
                     double           *gap)
{
  double inch = scenario->table.unit == PH_UNIT_CM ? 2.54 : 1.0;
  PhBase ba, bb;
  double d;

  ph_figure_get_base (a, &ba);
  ph_figure_get_base (b, &bb);
  d = ph_base_distance (&ba, &bb);
  if (gap != NULL)
    *gap = d;
  return d <= 0.05 * inch;
}

gboolean
ph_game_check_contact (PhGame               *game,
                       const PhFigure       *a,
                       const PhFigure       *b,
                       gboolean              front_edge,
                       GHashTable           *args,
                       GString              *log,
                       GError              **error)
{
  const PhScenario *scenario = ph_game_get_scenario (game);
  const PhTable *table = &scenario->table;
  /* as the ruleset reads distances: Featherstone's paces, a cm each */
  const char *unit = ph_ruleset_dist_unit (scenario->ruleset, table) == PH_DIST_CM
                     ? C_("unit", "paces") : ph_unit_label (table->unit);
  gboolean referee = FALSE;
  double gap;

  if (!ph_game_arg_bool (args, "referee", FALSE, &referee, error))
    return FALSE;
  if (!ph_game_bases_touch (scenario, a, b, &gap))
    {
      if (referee)
        {
          g_string_append_printf (log, _("(the referee lets them fight %.1f %s apart) "),
                                  gap, unit);
          return TRUE;
        }
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is %.1f %s from %s: melee needs their bases in contact "
                     "(the referee may move them into contact with Move Anyway, "
                     "or let them fight as they stand)"),
                   ph_figure_display_name (b), gap, unit, ph_figure_display_name (a));
      return FALSE;
    }
  /* "Figures are in contact if any part of their front edge is contacting
   * an enemy figure, or if they are contacted by any part of the front edge
   * of an enemy figure" */
  if (front_edge && off_front (a, b) > 90 + 1e-9 && off_front (b, a) > 90 + 1e-9)
    {
      if (referee)
        {
          g_string_append (log, _("(the referee lets them fight with no front edge in contact) "));
          return TRUE;
        }
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s and %s touch, but neither's front edge is in the contact "
                     "(the referee may turn one to face the other, "
                     "or let them fight as they stand)"),
                   ph_figure_display_name (a), ph_figure_display_name (b));
      return FALSE;
    }
  return TRUE;
}

/* Typed arguments: what every action's table says, checked once here */

static const char *
kind_words (const PhGameArg *arg)
{
  switch (arg->kind)
    {
    case PH_GAME_ARG_FIGURE:
      return _("a figure's id");
    case PH_GAME_ARG_TARGET:
      return _("the target figure's id");
    case PH_GAME_ARG_NUMBER:
      return _("a number");
    case PH_GAME_ARG_BOOL:
      return _("true or false");
    case PH_GAME_ARG_SIDE:
      return _("a side's id");
    case PH_GAME_ARG_WEAPON:
      return _("one of the figure's weapons: its number from 0, or its kind");
    case PH_GAME_ARG_FIGURES:
      return _("figures' ids, separated by commas");
    case PH_GAME_ARG_CHOICE:
    case PH_GAME_ARG_TEXT:
    default:
      return NULL;
    }
}

char *
ph_game_action_format_arguments (const PhGameActionInfo *info)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (const PhGameArg *arg = info->args; arg != NULL && arg->name != NULL; arg++)
    {
      if (s->len > 0)
        g_string_append_c (s, ' ');
      if (arg->optional)
        g_string_append_c (s, '[');
      g_string_append (s, arg->name);
      switch (arg->kind)
        {
        case PH_GAME_ARG_FIGURE:
          if (!g_str_equal (arg->name, "figure"))
            g_string_append (s, "=figure");
          break;
        case PH_GAME_ARG_TARGET:
          if (!g_str_equal (arg->name, "target"))
            g_string_append (s, "=target");
          break;
        case PH_GAME_ARG_SIDE:
          if (!g_str_equal (arg->name, "side"))
            g_string_append (s, "=side");
          break;
        case PH_GAME_ARG_NUMBER:
          g_string_append (s, "=number");
          break;
        case PH_GAME_ARG_BOOL:
          g_string_append (s, "=bool");
          break;
        case PH_GAME_ARG_TEXT:
          g_string_append (s, "=text");
          break;
        case PH_GAME_ARG_WEAPON:
          g_string_append (s, "=weapon");
          break;
        case PH_GAME_ARG_FIGURES:
          g_string_append (s, "=figures");
          break;
        case PH_GAME_ARG_CHOICE:
        default:
          {
            g_autofree char *choices = g_strjoinv ("|", (char **) arg->choices);

            g_string_append_printf (s, "=%s", choices);
          }
          break;
        }
      if (arg->optional)
        g_string_append_c (s, ']');
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* "true", "yes", "1" and "false", "no", "0", in any case */
static gboolean
parse_flag (const char *value,
            gboolean   *out)
{
  if (g_ascii_strcasecmp (value, "true") == 0 || g_ascii_strcasecmp (value, "yes") == 0
      || strcmp (value, "1") == 0)
    *out = TRUE;
  else if (g_ascii_strcasecmp (value, "false") == 0 || g_ascii_strcasecmp (value, "no") == 0
           || strcmp (value, "0") == 0)
    *out = FALSE;
  else
    return FALSE;
  return TRUE;
}

PhFigure *
ph_game_action_acting_figure (PhGame                 *game,
                              const PhGameActionInfo *info,
                              GHashTable             *args)
{
  for (const PhGameArg *arg = info->args; arg != NULL && arg->name != NULL; arg++)
    if (arg->kind == PH_GAME_ARG_FIGURE)
      {
        const char *id = g_hash_table_lookup (args, arg->name);

        return id != NULL ? ph_scenario_find_figure (ph_game_get_scenario (game), id) : NULL;
      }
  return NULL;
}

int
ph_game_weapon_index (const PhFigure *figure,
                      const char     *value)
{
  PhWeaponKind kind;
  int n;

  if (figure == NULL || value == NULL)
    return -1;
  if (ph_parse_int (value, strlen (value), 0, G_MAXINT, &n))
    return (guint) n < figure->weapons->len ? n : -1;
  if (!ph_weapon_kind_from_string (value, &kind))
    return -1;
  return ph_figure_weapon_index (figure, ph_figure_find_weapon (figure, kind));
}

static const PhGameArg *
find_arg (const PhGameActionInfo *info,
          const char             *name)
{
  for (const PhGameArg *arg = info->args; arg != NULL && arg->name != NULL; arg++)
    if (g_str_equal (arg->name, name))
      return arg;
  return NULL;
}

static gboolean
bad_argument (GError     **error,
              const char  *format,
              ...) G_GNUC_PRINTF (2, 3);

static gboolean
bad_argument (GError     **error,
              const char  *format,
              ...)
{
  va_list ap;
  g_autofree char *message = NULL;

  va_start (ap, format);
  message = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error_literal (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION, message);
  return FALSE;
}

/* One argument's value, checked; *@normal is the value the action's handler
 * reads ("true" for "Yes") */
static gboolean
check_value (PhGame                 *game,
             const PhGameActionInfo *info,
             GHashTable             *args,
             const PhGameArg        *arg,
             const char             *value,
             const char            **normal,
             GError                **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autofree char *shown = ph_value_show (value);
  gboolean flag;
  double number;

  *normal = value;
  switch (arg->kind)
    {
    case PH_GAME_ARG_FIGURE:
    case PH_GAME_ARG_TARGET:
      if (ph_scenario_find_figure (scenario, value) != NULL)
        return TRUE;
      return bad_argument (error, _("%s: argument '%s': there is no figure '%s'"),
                           info->name, arg->name, shown);
    case PH_GAME_ARG_SIDE:
      if (ph_scenario_find_side (scenario, value) != NULL)
        return TRUE;
      return bad_argument (error, _("%s: argument '%s': there is no side '%s'"),
                           info->name, arg->name, shown);
    case PH_GAME_ARG_NUMBER:
      if (ph_game_parse_number (value, &number))
        return TRUE;
      return bad_argument (error, _("%s: argument '%s' must be a number, not '%s'"),
                           info->name, arg->name, shown);
    case PH_GAME_ARG_BOOL:
      if (parse_flag (value, &flag))
        {
          *normal = flag ? "true" : "false";
          return TRUE;
        }
      return bad_argument (error, _("%s: argument '%s' must be true or false, not '%s'"),
                           info->name, arg->name, shown);
    case PH_GAME_ARG_CHOICE:
      if (g_strv_contains (arg->choices, value))
        return TRUE;
      {
        g_autofree char *choices = g_strjoinv (", ", (char **) arg->choices);

        return bad_argument (error, _("%s: argument '%s' must be one of %s, not '%s'"),
                             info->name, arg->name, choices, shown);
      }
    case PH_GAME_ARG_WEAPON:
      {
        PhFigure *figure = ph_game_action_acting_figure (game, info, args);
        g_autoptr(GString) carried = g_string_new (NULL);

        if (figure == NULL || ph_game_weapon_index (figure, value) >= 0)
          return TRUE;
        for (guint i = 0; i < figure->weapons->len; i++)
          g_string_append_printf (carried, "%s%u %s", i > 0 ? ", " : "", i,
                                  ph_weapon_kind_to_string (g_array_index (figure->weapons,
                                                                           PhWeapon, i).kind));
        return bad_argument (error, _("%s: argument '%s': %s carries no weapon '%s' (%s)"),
                             info->name, arg->name, ph_figure_display_name (figure), shown,
                             carried->len > 0 ? carried->str : _("none"));
      }
    case PH_GAME_ARG_FIGURES:
    case PH_GAME_ARG_TEXT:
    default:
      return TRUE;
    }
}

gboolean
ph_game_check_arguments (PhGame                  *game,
                         const PhGameActionInfo  *info,
                         GHashTable              *args,
                         GError                 **error)
{
  GHashTableIter iter;
  gpointer key, value;

  /* Every argument given is one the action takes */
  g_hash_table_iter_init (&iter, args);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (find_arg (info, key) == NULL)
      {
        g_autofree char *known = ph_game_action_format_arguments (info);
        g_autofree char *shown = ph_value_show (key);

        return bad_argument (error, _("%s takes no argument '%s' (%s%s)"), info->name, shown,
                             known[0] != '\0' ? _("its arguments: ") : _("it takes none"),
                             known);
      }

  for (const PhGameArg *arg = info->args; arg != NULL && arg->name != NULL; arg++)
    {
      const char *given = g_hash_table_lookup (args, arg->name);
      const char *normal;

      /* An empty value is no value, but for text */
      if (given != NULL && given[0] == '\0' && arg->kind != PH_GAME_ARG_TEXT)
        given = NULL;
      if (given == NULL)
        {
          const char *words = kind_words (arg);
          g_autofree char *choices = arg->kind == PH_GAME_ARG_CHOICE
                                     ? g_strjoinv ("|", (char **) arg->choices) : NULL;

          if (arg->optional || (arg->kind == PH_GAME_ARG_TEXT
                                && g_hash_table_contains (args, arg->name)))
            continue;
          return bad_argument (error, _("%s needs argument '%s' (%s)"), info->name, arg->name,
                               arg->help != NULL ? _(arg->help)
                               : words != NULL ? words : choices != NULL ? choices : _("text"));
        }
      if (!check_value (game, info, args, arg, given, &normal, error))
        return FALSE;
    }
  return TRUE;
}

GHashTable *
ph_game_normalize_arguments (PhGame                 *game,
                             const PhGameActionInfo *info,
                             GHashTable             *args)
{
  GHashTable *copy = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (const PhGameArg *arg = info->args; arg != NULL && arg->name != NULL; arg++)
    {
      const char *given = g_hash_table_lookup (args, arg->name);
      gboolean flag;

      if (given == NULL || (given[0] == '\0' && arg->kind != PH_GAME_ARG_TEXT))
        continue;
      if (arg->kind == PH_GAME_ARG_BOOL && parse_flag (given, &flag))
        given = flag ? "true" : "false";
      if (arg->kind == PH_GAME_ARG_WEAPON)
        {
          int n = ph_game_weapon_index (ph_game_action_acting_figure (game, info, args), given);

          if (n >= 0)
            {
              g_hash_table_insert (copy, g_strdup (arg->name), g_strdup_printf ("%d", n));
              continue;
            }
        }
      g_hash_table_insert (copy, g_strdup (arg->name), g_strdup (given));
    }
  return copy;
}
