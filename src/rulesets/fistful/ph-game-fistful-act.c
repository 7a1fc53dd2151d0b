/* ph-game-fistful-act.c: a game of Fistful of Lead: activation and actions
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Activating a model with the card up ("each card activates one model for
 * TWO actions"), spending its actions on moving, falling back, other actions
 * and recovering, ending the activation, and the referee's rulings.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-fistful-private.h"

/* Ends the activation in progress, if any: the remaining actions are lost
 * and a reload begun in it does not carry over ("These actions can not be
 * split up over different turns").  Returns a note for the log or NULL. */
char *
ph_fistful_end_activation (PhGame *game)
{
  const char *active = ph_game_get_var (game, "active");
  g_autofree char *id = NULL;
  int left;
  GString *note;

  if (active == NULL)
    return NULL;
  id = g_strdup (active);
  left = ph_game_get_var_int (game, "actions-left", 0);
  note = g_string_new (NULL);
  if (left > 0)
    g_string_append_printf (note, g_dngettext (GETTEXT_PACKAGE, "%s's activation ends with %d action unused",
                                               "%s's activation ends with %d actions unused", left),
                            ph_fistful_figure_name (game, id), left);
  if (ph_game_get_figure_var (game, id, "reload-progress") != NULL)
    {
      g_string_append_printf (note, _("%s%s's reloading is lost (it cannot be "
                                "split over activations)"),
                              note->len > 0 ? "; " : "", ph_fistful_figure_name (game, id));
      ph_game_set_figure_var (game, id, "reload-progress", NULL);
    }
  if (ph_game_get_figure_var (game, id, "recovery-failed") != NULL)
    ph_game_set_figure_var (game, id, "recovery-failed", NULL);
  ph_game_set_var (game, "active", NULL);
  ph_game_set_var (game, "active-side", NULL);
  ph_game_set_var (game, "actions-left", NULL);
  if (note->len == 0)
    {
      g_string_free (note, TRUE);
      return NULL;
    }
  return g_string_free (note, FALSE);
}

/* ---------------------------------------------------------------------------
 * Activation
 */

gboolean
ph_fistful_action_activate (PhGame      *game,
                    GHashTable  *args,
                    GError     **error)
{
  PhFigure *f = ff_lookup_figure (game, args, "figure", error);
  g_autoptr (GPtrArray) table = NULL;
  g_autoptr (GString) log = g_string_new (NULL);
  g_autofree char *note = NULL;
  g_autofree char *card = NULL;
  g_autofree char *name = NULL;
  g_autofree char *owner = NULL;
  int next;
  Card c;

  if (f == NULL)
    return FALSE;
  if (ph_figure_is_off_table (f))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is out of the game"), ph_figure_display_name (f));
      return FALSE;
    }
  if (ph_game_get_figure_var (game, f->id, "activated") != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has already been activated this turn"),
                   ph_figure_display_name (f));
      return FALSE;
    }
  table = ph_fistful_split_list (ph_game_get_var (game, "table"));
  next = ph_fistful_next_table_index (game, table);
  if (next < 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("No card is up: the caller calls the next rank first"));
      return FALSE;
    }
  owner = g_strdup (ph_fistful_entry_side (g_ptr_array_index (table, next)));
  card = ph_fistful_entry_card (g_ptr_array_index (table, next));
  name = ph_fistful_card_name (card);
  if (g_strcmp0 (f->side, owner) != 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("The next card is %s, held by %s: %s is not theirs"),
                   name, ph_fistful_side_name (game, owner), ph_figure_display_name (f));
      return FALSE;
    }

  note = ph_fistful_end_activation (game);
  if (note != NULL)
    g_string_append_printf (log, "%s. ", note);
  g_ptr_array_remove_index (table, next);
  ph_fistful_set_list (game, "table", table);
  ph_game_set_var (game, "card-up", card);
  ph_game_set_var (game, "active", f->id);
  ph_game_set_var (game, "active-side", f->side);
  ph_game_set_var_int (game, "actions-left", ACTIONS_PER_ACTIVATION);
  ph_game_set_figure_var (game, f->id, "activated", "true");
  ph_game_set_figure_var (game, f->id, "card", card);
  /* a side's name is often plural: "His Majesty's Light Infantry: the
   * King of Hearts played, Capt. Walter Laurie activated (2 actions)" */
  g_string_append_printf (log, _("%s: %s played, %s activated (2 actions)"),
                          ph_fistful_side_name (game, owner), name,
                          ph_figure_display_name (f));

  ph_fistful_parse_card (card, &c);
  /* An ace plays as the card declared, with its effect: "Steve lays down
   * his Ace and calls it a 'Six'. His model instantly reloads" */
  if (c.as_rank == 12 && c.as_suit == 1)
    {
      /* "Queen of Hearts- If the model activated with this card has any
       * wounds, ONE is healed (remove a wound counter) instantly." */
      int w = ph_fistful_wounds (f);

      if (w > 0)
        {
          if (!ph_fistful_set_wounds (game, f, w - 1, error))
            return FALSE;
          g_string_append_printf (log, _("; the Queen of Hearts heals one wound "
                                    "(%d left)"), w - 1);
        }
      else
        g_string_append (log, _("; the Queen of Hearts: no wound to heal"));
    }
  else if (c.as_rank == 12 && c.as_suit == 0)
    {
      /* "Queen of Spades- If the model activated with this card is Shaken,
       * it recovers instantly." */
      if (ph_fistful_shaken (f))
        {
          if (!ph_game_set_figure_attr (game, f->id, "fistful.shaken", "false", error))
            return FALSE;
          g_string_append (log, _("; the Queen of Spades rallies a Shaken model: "
                                  "it is no longer Shaken"));
        }
      else
        g_string_append (log, _("; the Queen of Spades would rally a Shaken model, "
                                "but this one is not Shaken: no effect"));
    }
  else if (ph_fistful_is_one_eyed_jack (&c))
    g_string_append (log, _("; a one-eyed jack: +1 to hit in shooting"));
  else if (ph_fistful_is_two_eyed_jack (&c))
    g_string_append (log, _("; a two-eyed jack: +1 to hit in close combat"));
  else if (c.as_rank == 7)
    {
      /* "Sevens (any suit)- ... may re-roll any one die result this turn." */
      ph_game_set_figure_var (game, f->id, "reroll", "available");
      g_string_append (log, _("; a seven: one re-roll this turn"));
    }
  else if (c.as_rank == 6)
    {
      /* "Sixes (any suit)- ... may reload automatically. This overrides the
       * normal reload rules. The figure still gets 2 actions." */
      if (ph_fistful_needs_reload (f))
        {
          if (!ph_fistful_reload_figure (game, f, error))
            return FALSE;
          g_string_append (log, _("; a six: reloads at once"));
        }
      else
        g_string_append (log, _("; a six: already loaded"));
    }
  else if (c.as_rank == RANK_DEUCE)
    g_string_append (log, _("; a deuce: rolls 2 dice and keeps the best in "
                       "shooting or close combat"));

  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* The acting figure for an action that spends one of its two actions */
PhFigure *
ph_fistful_acting_figure (PhGame      *game,
                  GHashTable  *args,
                  gboolean     fall_back,
                  GError     **error)
{
  PhFigure *f = ff_lookup_figure (game, args, "figure", error);
  const char *active = ph_game_get_var (game, "active");

  if (f == NULL)
    return NULL;
  if (g_strcmp0 (active, f->id) != 0)
    {
      if (active != NULL)
        g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                     _("%s is not the model acting now (%s is)"),
                     ph_figure_display_name (f), ph_fistful_figure_name (game, active));
      else if (ph_game_get_figure_var (game, f->id, "activated") != NULL)
        g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                     _("%s has already been activated this turn"),
                     ph_figure_display_name (f));
      else
        g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                     _("%s is not activated: play a card for it first"),
                     ph_figure_display_name (f));
      return NULL;
    }
  if (ph_game_get_var_int (game, "actions-left", 0) <= 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has no actions left"), ph_figure_display_name (f));
      return NULL;
    }
  /* "If the attempt fails, no other actions may be made but to Fallback" */
  if (!fall_back && ph_game_get_figure_var (game, f->id, "recovery-failed") != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s failed to recover: it may only fall back"),
                   ph_figure_display_name (f));
      return NULL;
    }
  return f;
}

/* Spends one action of @f; ends the activation after the second. Appends
 * any note to @log, then logs it as @f's event. */
void
ph_fistful_spend_action (PhGame         *game,
                 const PhFigure *f,
                 GString        *log)
{
  int left = ph_game_get_var_int (game, "actions-left", 1) - 1;

  ph_game_set_var_int (game, "actions-left", left);
  if (left <= 0)
    {
      g_autofree char *note = ph_fistful_end_activation (game);

      if (note != NULL)
        g_string_append_printf (log, "; %s", note);
    }
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
}

gboolean
ph_fistful_action_move (PhGame      *game,
                GHashTable  *args,
                gboolean     fall_back,
                GError     **error)
{
  PhFigure *f = ph_fistful_acting_figure (game, args, fall_back, error);
  g_autoptr (GString) log = g_string_new (NULL);
  gboolean has_x, has_y;
  double x = 0, y = 0;

  if (f == NULL)
    return FALSE;
  if (!ff_arg_number (args, "x", &has_x, &x, error)
      || !ff_arg_number (args, "y", &has_y, &y, error))
    return FALSE;
  g_string_append_printf (log, fall_back ? _("%s falls back") : _("%s moves"),
                          ph_figure_display_name (f));
  if (has_x || has_y)
    {
      char buf[2][G_ASCII_DTOSTR_BUF_SIZE];
      double ox = f->x, oy = f->y;

      if (has_x && !ph_game_set_figure_attr (game, f->id, "x",
                                             g_ascii_dtostr (buf[0], sizeof buf[0], x),
                                             error))
        return FALSE;
      if (has_y && !ph_game_set_figure_attr (game, f->id, "y",
                                             g_ascii_dtostr (buf[1], sizeof buf[1], y),
                                             error))
        return FALSE;
      g_string_append_printf (log, " %.1f %s",
                              hypot (f->x - ox, f->y - oy),
                              ph_unit_label (ph_game_get_scenario (game)->table.unit));
    }
  ph_fistful_spend_action (game, f, log);
  return TRUE;
}

gboolean
ph_fistful_action_other (PhGame      *game,
                 GHashTable  *args,
                 GError     **error)
{
  PhFigure *f = ph_fistful_acting_figure (game, args, FALSE, error);
  const char *what = g_hash_table_lookup (args, "what");
  g_autoptr (GString) log = g_string_new (NULL);

  if (f == NULL)
    return FALSE;
  if (what == NULL || *what == '\0')
    what = _("takes an action");
  g_string_append_printf (log, "%s: %s", ph_figure_display_name (f), what);
  ph_fistful_spend_action (game, f, log);
  return TRUE;
}

int
ph_fistful_recover_target (PhGame *game)
{
  const char *v = ph_scenario_get_option (ph_game_get_scenario (game),
                                          "recover-target");
  gint64 n;

  if (v != NULL && g_ascii_string_to_signed (v, 10, 1, 1000, &n, NULL))
    return n;
  return FISTFUL_DEFAULT_RECOVER_TARGET;
}

/* "It takes one action to attempt recovery from a Shaken result or a Wound.
 * Only one attempt per turn may be made. If the attempt fails, no other
 * actions may be made but to Fallback. If the attempt succeeds, the figure
 * gets one more action." */
gboolean
ph_fistful_action_recover (PhGame      *game,
                   GHashTable  *args,
                   GError     **error)
{
  PhFigure *f = ph_fistful_acting_figure (game, args, FALSE, error);
  g_autoptr (GString) log = g_string_new (NULL);
  const PhRoll *roll;
  gboolean reroll, has_needs;
  int needs = 0, score;
  gboolean shaken;
  int wounds;

  if (f == NULL)
    return FALSE;
  if (!ph_fistful_check_reroll (game, f, args, "reroll", &reroll, error)
      || !ph_fistful_arg_int (args, "needs", 1, 1000, &has_needs, &needs, error))
    return FALSE;
  if (!has_needs)
    needs = ph_fistful_recover_target (game);
  shaken = ph_fistful_shaken (f);
  wounds = ph_fistful_wounds (f);
  if (!shaken && wounds == 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is neither Shaken nor wounded"), ph_figure_display_name (f));
      return FALSE;
    }
  if (ph_game_get_figure_var (game, f->id, "recovery") != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has already tried to recover this turn"),
                   ph_figure_display_name (f));
      return FALSE;
    }

  roll = ph_game_roll (game, 1, 10, f->id, shaken ? _("recovery from Shaken, needs %d")
                       : _("recovery from a wound, needs %d"), needs);
  score = roll->values[0];
  g_string_append_printf (log, shaken ? _("%s tries to recover from Shaken: needs %d, rolled %d")
                          : _("%s tries to recover from a wound: needs %d, rolled %d"),
                          ph_figure_display_name (f), needs, score);
  if (score < needs && reroll)
    {
      const PhRoll *again = ph_game_roll (game, 1, 10, f->id,
                                          _("re-roll of the recovery die (seven)"));

      score = again->values[0];
      ph_game_set_figure_var (game, f->id, "reroll", "used");
      g_string_append_printf (log, _(", re-rolled %d"), score);
    }
  if (score >= needs)
    {
      ph_game_set_figure_var (game, f->id, "recovery", "passed");
      if (shaken)
        {
          if (!ph_game_set_figure_attr (game, f->id, "fistful.shaken", "false", error))
            return FALSE;
          g_string_append (log, _(": recovers, no longer Shaken"));
        }
      else
        {
          if (!ph_fistful_set_wounds (game, f, wounds - 1, error))
            return FALSE;
          g_string_append_printf (log, _(": recovers, one wound removed (%d left)"),
                                  wounds - 1);
        }
    }
  else
    {
      ph_game_set_figure_var (game, f->id, "recovery", "failed");
      ph_game_set_figure_var (game, f->id, "recovery-failed", "true");
      g_string_append (log, _(": fails, and may only fall back"));
    }
  ph_fistful_spend_action (game, f, log);
  return TRUE;
}

gboolean
ph_fistful_action_end_activation (PhGame  *game,
                          GError **error)
{
  const char *active = ph_game_get_var (game, "active");
  g_autofree char *id = NULL;
  g_autofree char *note = NULL;

  if (active == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("No model is acting now"));
      return FALSE;
    }
  id = g_strdup (active);
  note = ph_fistful_end_activation (game);
  ph_game_set_event_figure (game, id);
  if (note != NULL)
    ph_game_log (game, "%s", note);
  else
    ph_game_log (game, _("%s's activation ends"), ph_fistful_figure_name (game, id));
  return TRUE;
}

/* What the book's wound chart says, applied by the referee */
gboolean
ph_fistful_action_referee (PhGame      *game,
                   GHashTable  *args,
                   GError     **error)
{
  PhFigure *f = ff_lookup_figure (game, args, "figure", error);
  g_autoptr (GString) log = NULL;
  gboolean has_wounds, shaken, out;
  int wounds = 0;

  if (f == NULL)
    return FALSE;
  if (!ph_fistful_arg_int (args, "wounds", 0, 1000, &has_wounds, &wounds, error)
      || !ff_arg_bool (args, "out", &out, error))
    return FALSE;
  log = g_string_new (NULL);
  g_string_append_printf (log, _("Referee: %s"), ph_figure_display_name (f));
  if (has_wounds)
    {
      if (!ph_fistful_set_wounds (game, f, wounds, error))
        return FALSE;
      g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE, ", %d wound", ", %d wounds", wounds),
                              wounds);
    }
  if (g_hash_table_lookup (args, "shaken") != NULL)
    {
      if (!ff_arg_bool (args, "shaken", &shaken, error)
          || !ph_game_set_figure_attr (game, f->id, "fistful.shaken",
                                       shaken ? "true" : "false", error))
        return FALSE;
      g_string_append (log, shaken ? _(", Shaken") : _(", not Shaken"));
    }
  if (out)
    {
      ph_game_set_status (game, f->id, PH_STATUS_DEAD, TRUE);
      g_string_append (log, _(", out of action"));
      if (g_strcmp0 (ph_game_get_var (game, "active"), f->id) == 0)
        {
          g_autofree char *note = ph_fistful_end_activation (game);

          if (note != NULL)
            g_string_append_printf (log, "; %s", note);
        }
    }
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* A move by drag: one move action, as far as the scenario's "move" option
 * (no limit without it: the excerpt gives no distance) */
gboolean
ph_fistful_plan_move (PhGame          *game,
                      const PhFigure  *f,
                      PhMovePlan      *plan,
                      GError         **error)
{
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *v = ph_scenario_get_option (scenario, "move");
  double inches;

  g_hash_table_insert (args, (char *) "figure", f->id);
  if (ph_fistful_acting_figure (game, args, FALSE, error) == NULL)
    return FALSE;
  plan->cost_unit = plan->distance_unit = "in";
  if (v != NULL && ph_game_parse_number (v, &inches) && inches > 0)
    {
      plan->allowance = inches;
      plan->reach_limit = inches * (scenario->table.unit == PH_UNIT_CM ? 2.54 : 1.0);
    }
  else
    plan->note = g_strdup (_("no move distance set: the scenario's house rule \"move\" gives one"));
  return TRUE;
}

/* PhGameRules.arg_default: what Recover's "needs" is when left out (the
 * Game tab showed 0 while the roll used 6) */
char *
ph_fistful_arg_default (PhGame     *game,
                        const char *action,
                        const char *arg,
                        GHashTable *args)
{
  if (g_str_equal (action, "recover") && g_str_equal (arg, "needs"))
    return g_strdup_printf ("%d", ph_fistful_recover_target (game));
  return NULL;
}
