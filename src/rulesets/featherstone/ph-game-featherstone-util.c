/* ph-game-featherstone-util.c: a game of Skirmish Wargaming: what its files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Arguments, a man's wounds, whether he is able to act, and weapons in hand.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-featherstone-private.h"

const char *
ph_featherstone_fname (const PhFigure *f)
{
  return ph_figure_display_name (f);
}

/* One of @choices (NULL-terminated); @fallback when absent */
int
ph_featherstone_get_choice_arg (GHashTable          *args,
                   const char          *name,
                   const char * const  *choices,
                   int                  fallback,
                   GError             **error)
{
  const char *v = g_hash_table_lookup (args, name);
  g_autofree char *all = NULL;

  if (v == NULL)
    {
      if (fallback < 0)
        {
          all = g_strjoinv ("|", (char **) choices);
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                       _("missing argument '%s' (%s)"), name, all);
        }
      return fallback;
    }
  for (int i = 0; choices[i] != NULL; i++)
    if (g_str_equal (v, choices[i]))
      return i;
  all = g_strjoinv ("|", (char **) choices);
  g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
               _("argument '%s' must be one of %s, not '%s'"), name, all, v);
  return -1;
}

const char *
ph_featherstone_get_text_arg (GHashTable  *args,
                 const char  *name,
                 GError     **error)
{
  const char *v = g_hash_table_lookup (args, name);
  const char *p = v;

  while (p != NULL && g_ascii_isspace (*p))
    p++;
  if (p == NULL || *p == '\0')
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("missing argument '%s' (the text to write down)"), name);
      return NULL;
    }
  return v;
}

gboolean
ph_featherstone_is_dead (const PhFigure *f)
{
  return (f->status & PH_STATUS_DEAD) != 0;
}

int
ph_featherstone_serious_count (const PhFigure *f)
{
  return f->stats_kind == PH_STATS_FEATHERSTONE ? f->stats.featherstone.serious_wounds : 0;
}

/* "for this phase and 3 more" / "for this phase" */
static char *
describe_left (int left)
{
  if (left <= 0)
    return g_strdup (_("for this phase"));
  return g_strdup_printf (_("for this phase and %d more"), left);
}

/* Refuses movement (@moving) or an action by a man a wound keeps down */
gboolean
ph_featherstone_check_able (PhGame          *game,
               const PhFigure  *f,
               gboolean         moving,
               GError         **error)
{
  const char *id = f->id;
  const char *by = ph_game_get_figure_var (game, id, "wound-effect");
  const Wound *w = by != NULL ? ph_featherstone_find_wound (by[0]) : NULL;
  g_autofree char *why = w != NULL ? ph_featherstone_wound_text (w->letter) : g_strdup (_("a wound"));
  const char *busy;

  if (ph_featherstone_is_dead (f))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, _("%s is dead"), ph_featherstone_fname (f));
      return FALSE;
    }
  if (ph_game_get_figure_var (game, id, "knocked-out") != NULL)
    {
      g_autofree char *left =
        describe_left (ph_game_get_figure_var_int (game, id, "knocked-out", 0));

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is knocked out (F: light head wound) %s"), ph_featherstone_fname (f), left);
      return FALSE;
    }
  if (moving && ph_game_get_figure_var (game, id, "no-move") != NULL)
    {
      g_autofree char *left =
        describe_left (ph_game_get_figure_var_int (game, id, "no-move", 0));

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s cannot move (%s) %s"), ph_featherstone_fname (f), why, left);
      return FALSE;
    }
  if (!moving && ph_game_get_figure_var (game, id, "no-action") != NULL)
    {
      g_autofree char *left =
        describe_left (ph_game_get_figure_var_int (game, id, "no-action", 0));

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s can make no action (%s) %s"), ph_featherstone_fname (f), why, left);
      return FALSE;
    }
  busy = ph_game_get_figure_var (game, id, "busy");
  if (!moving && busy != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is still busy this phase: '%s' takes twice as long with a "
                     "serious wound"), ph_featherstone_fname (f), busy);
      return FALSE;
    }
  return TRUE;
}

/* What a man may do in a phase.  "Actions differ from movement in that
 * they involve time rather than distance. All actions, unless otherwise
 * stated, take one phase", and so does a move: a man moves or makes his
 * actions in a phase ("A man may make more than one action in one phase if
 * the actions are compatible"), not both; only snap fire goes with either
 * ("A man may move or make an action while snap-firing").  An action that
 * takes twice as long with a serious wound takes the next phase too. */
gboolean
ph_featherstone_check_may_move (PhGame          *game,
                                const PhFigure  *f,
                                GError         **error)
{
  const char *acted = ph_game_get_figure_var (game, f->id, "acted");
  const char *busy = ph_game_get_figure_var (game, f->id, "busy");

  if (acted != NULL || busy != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is making an action this phase (%s): an action takes the "
                     "phase, he cannot move as well"), ph_featherstone_fname (f),
                   g_dpgettext2 (GETTEXT_PACKAGE, "action", acted != NULL ? acted : busy));
      return FALSE;
    }
  return TRUE;
}

gboolean
ph_featherstone_check_may_act (PhGame          *game,
                               const PhFigure  *f,
                               GError         **error)
{
  if (f->status & PH_STATUS_MOVED)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has moved this phase: a move takes the phase, he cannot make "
                     "an action as well"), ph_featherstone_fname (f));
      return FALSE;
    }
  return TRUE;
}

gboolean
ph_featherstone_is_one_handed (PhWeaponKind kind)
{
  switch (kind)
    {
    case PH_WEAPON_PISTOL:
    case PH_WEAPON_FLINTLOCK_PISTOL:
    case PH_WEAPON_WHEELLOCK_PISTOL:
    case PH_WEAPON_MATCHLOCK_PISTOL:
    case PH_WEAPON_THROWN:
      return TRUE;
    default:
      return FALSE;
    }
}
