/* ph-game-fistful-util.c: a game of Fistful of Lead: what its files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Arguments, the table of cards played this turn, figure and side names,
 * and a model's wounds, Shaken and RELOAD marker.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-fistful-private.h"

static gboolean
is_active_figure (PhGame         *game,
                  const PhFigure *f)
{
  return !ph_figure_is_off_table (f)
    && ph_game_get_figure_var (game, f->id, "activated") == NULL;
}

/* How many of the side's models can still be activated this turn */
guint
ph_fistful_side_activatable (PhGame     *game,
                     const char *side)
{
  PhScenario *sc = ph_game_get_scenario (game);
  guint n = 0;

  for (guint i = 0; i < sc->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (sc->figures, i);

      if (g_strcmp0 (f->side, side) == 0 && is_active_figure (game, f))
        n++;
    }
  return n;
}

/* The first card on the table whose side still has a model to activate,
 * or -1 */
int
ph_fistful_next_table_index (PhGame    *game,
                     GPtrArray *table)
{
  for (guint i = 0; i < table->len; i++)
    if (ph_fistful_side_activatable (game, ph_fistful_entry_side (g_ptr_array_index (table, i))) > 0)
      return i;
  return -1;
}

const char *
ph_fistful_figure_name (PhGame     *game,
                const char *id)
{
  PhFigure *f = ph_scenario_find_figure (ph_game_get_scenario (game), id);

  return f != NULL ? ph_figure_display_name (f) : id;
}

const char *
ph_fistful_side_name (PhGame     *game,
              const char *id)
{
  PhSide *s = ph_scenario_find_side (ph_game_get_scenario (game), id);

  return s != NULL && s->name != NULL ? s->name : id;
}

/* @present FALSE when absent */
gboolean
ph_fistful_arg_int (GHashTable  *args,
            const char  *name,
            int          min,
            int          max,
            gboolean    *present,
            int         *out,
            GError     **error)
{
  const char *v = g_hash_table_lookup (args, name);
  gint64 n;

  *present = FALSE;
  if (v == NULL || *v == '\0')
    return TRUE;
  if (!g_ascii_string_to_signed (v, 10, min, max, &n, NULL))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("%s must be a whole number from %d to %d, not '%s'"),
                   name, min, max, v);
      return FALSE;
    }
  *present = TRUE;
  *out = n;
  return TRUE;
}

int
ph_fistful_wounds (PhFigure *f)
{
  return f->stats_kind == PH_STATS_FISTFUL ? f->stats.fistful.wounds : 0;
}

gboolean
ph_fistful_shaken (PhFigure *f)
{
  return f->stats_kind == PH_STATS_FISTFUL && f->stats.fistful.shaken;
}

/* The RELOAD marker, or a missile weapon written unloaded */
gboolean
ph_fistful_needs_reload (PhFigure *f)
{
  if (f->stats_kind == PH_STATS_FISTFUL && f->stats.fistful.reload)
    return TRUE;
  for (guint i = 0; i < f->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (f->weapons, PhWeapon, i);

      if (ph_weapon_kind_is_missile (w->kind) && !w->loaded)
        return TRUE;
    }
  return FALSE;
}

gboolean
ph_fistful_set_wounds (PhGame    *game,
               PhFigure  *f,
               int        wounds,
               GError   **error)
{
  g_autofree char *v = g_strdup_printf ("%d", wounds);

  return ph_game_set_figure_attr (game, f->id, "fistful.wounds", v, error);
}

int
ph_fistful_reload_one_weapon (PhGame    *game,
                      PhFigure  *f,
                      GString   *log,
                      GError   **error)
{
  int reloaded = -1, left = 0;

  for (guint i = 0; i < f->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (f->weapons, PhWeapon, i);

      if (!ph_weapon_kind_is_missile (w->kind) || w->loaded)
        continue;
      if (reloaded < 0)
        reloaded = (int) i;
      else
        left++;
    }
  if (reloaded >= 0)
    {
      const PhWeapon *w = &g_array_index (f->weapons, PhWeapon, reloaded);
      g_autofree char *attr = g_strdup_printf ("weapon.%d.loaded", reloaded);

      g_string_append_printf (log, _("%s finishes reloading the %s"), ph_figure_display_name (f),
                              w->name != NULL ? w->name : ph_weapon_kind_label (w->kind));
      if (!ph_game_set_figure_attr (game, f->id, attr, "true", error))
        return -1;
    }
  else
    g_string_append_printf (log, _("%s finishes reloading"), ph_figure_display_name (f));
  if (left == 0
      && !ph_game_set_figure_attr (game, f->id, "fistful.reload", "false", error))
    return -1;
  return left;
}

/* Removes the RELOAD marker and loads every missile weapon */
gboolean
ph_fistful_reload_figure (PhGame    *game,
                  PhFigure  *f,
                  GError   **error)
{
  if (!ph_game_set_figure_attr (game, f->id, "fistful.reload", "false", error))
    return FALSE;
  for (guint i = 0; i < f->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (f->weapons, PhWeapon, i);
      g_autofree char *attr = NULL;

      if (!ph_weapon_kind_is_missile (w->kind) || w->loaded)
        continue;
      attr = g_strdup_printf ("weapon.%u.loaded", i);
      if (!ph_game_set_figure_attr (game, f->id, attr, "true", error))
        return FALSE;
    }
  /* loaded again: the smoke puff goes too */
  ph_game_set_status (game, f->id, PH_STATUS_FIRED, FALSE);
  return TRUE;
}
