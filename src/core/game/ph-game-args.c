/* ph-game-args.c: the arguments of a game action, as every ruleset reads
 * them
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The formats come from each ruleset's PhGameArgStyle (a constant of its
 * own, with the conversions ph-game-args.h gives), not from the user.
 */
#include <math.h>
#include <string.h>

#include "ph-game-args.h"

#pragma GCC diagnostic ignored "-Wformat-nonliteral"

static gboolean
absent (const char           *value,
        const PhGameArgStyle *style)
{
  if (value == NULL)
    return TRUE;
  return *value == '\0' && !(style->flags & PH_GAME_ARG_EMPTY_IS_GIVEN);
}

static gboolean
is_word (const char           *value,
         const char           *word,
         const PhGameArgStyle *style)
{
  if (style->flags & PH_GAME_ARG_ANY_CASE)
    return g_ascii_strcasecmp (value, word) == 0;
  return strcmp (value, word) == 0;
}

PhFigure *
ph_game_arg_figure (PhGame                *game,
                    GHashTable            *args,
                    const char            *key,
                    const PhGameArgStyle  *style,
                    GError               **error)
{
  const char *id = g_hash_table_lookup (args, key);
  PhFigure *figure;

  if (id == NULL || *id == '\0')
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   style->missing_figure, key);
      return NULL;
    }
  figure = ph_scenario_find_figure (ph_game_get_scenario (game), id);
  if (figure == NULL)
    g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                 style->unknown_figure, id);
  return figure;
}

gboolean
ph_game_arg_bool (GHashTable            *args,
                  const char            *key,
                  gboolean               fallback,
                  gboolean              *out,
                  const PhGameArgStyle  *style,
                  GError               **error)
{
  const char *value = g_hash_table_lookup (args, key);
  gboolean words = (style->flags & PH_GAME_ARG_BOOL_WORDS) != 0;

  *out = fallback;
  if (absent (value, style))
    return TRUE;
  if (is_word (value, "true", style)
      || (words && (is_word (value, "yes", style) || strcmp (value, "1") == 0)))
    *out = TRUE;
  else if (is_word (value, "false", style)
           || (words && (is_word (value, "no", style) || strcmp (value, "0") == 0)))
    *out = FALSE;
  else
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   style->not_bool, key, value);
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
ph_game_arg_number (GHashTable            *args,
                    const char            *key,
                    gboolean              *present,
                    double                *out,
                    const PhGameArgStyle  *style,
                    GError               **error)
{
  const char *value = g_hash_table_lookup (args, key);

  *present = FALSE;
  if (absent (value, style))
    return TRUE;
  if (!ph_game_parse_number (value, out))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   style->not_number, key, value);
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
ph_game_check_contact (PhGame               *game,
                       const PhFigure       *a,
                       const PhFigure       *b,
                       gboolean              front_edge,
                       GHashTable           *args,
                       const PhGameArgStyle *style,
                       GString              *log,
                       GError              **error)
{
  const PhTable *table = &ph_game_get_scenario (game)->table;
  double inch = table->unit == PH_UNIT_CM ? 2.54 : 1.0;
  gboolean referee = FALSE;
  PhBase ba, bb;
  double gap;

  if (!ph_game_arg_bool (args, "referee", FALSE, &referee, style, error))
    return FALSE;
  ph_figure_get_base (a, &ba);
  ph_figure_get_base (b, &bb);
  gap = ph_base_distance (&ba, &bb);
  if (gap > 0.05 * inch)
    {
      if (referee)
        {
          g_string_append_printf (log, "(the referee lets them fight %.1f %s apart) ",
                                  gap, ph_unit_to_string (table->unit));
          return TRUE;
        }
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s is %.1f %s from %s: melee needs their bases in contact "
                   "(the referee may allow it with referee=true)",
                   ph_figure_display_name (b), gap, ph_unit_to_string (table->unit),
                   ph_figure_display_name (a));
      return FALSE;
    }
  /* "Figures are in contact if any part of their front edge is contacting
   * an enemy figure, or if they are contacted by any part of the front edge
   * of an enemy figure" */
  if (front_edge && off_front (a, b) > 90 + 1e-9 && off_front (b, a) > 90 + 1e-9)
    {
      if (referee)
        {
          g_string_append (log, "(the referee lets them fight with no front edge in contact) ");
          return TRUE;
        }
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s and %s touch, but neither's front edge is in the contact "
                   "(the referee may allow it with referee=true)",
                   ph_figure_display_name (a), ph_figure_display_name (b));
      return FALSE;
    }
  return TRUE;
}
