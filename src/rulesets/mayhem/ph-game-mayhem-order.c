/* ph-game-mayhem-order.c: a game of Musket Mayhem: the turn order
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Players (sides) dice for initiative each turn. Winner chooses to go
 * first or second. If there is a tie, repeat the previous turn's sequence."
 * With three sides or more, "activation will be by card draw from a deck
 * with one card per player".
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-mayhem-private.h"

/* The sides in file order */
GPtrArray *
ph_mayhem_side_ids (PhScenario *scenario)
{
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; i < scenario->sides->len; i++)
    g_ptr_array_add (ids, ((PhSide *) g_ptr_array_index (scenario->sides, i))->id);
  return ids;
}

gboolean
ph_mayhem_uses_cards (PhScenario *scenario)
{
  return scenario->sides->len > 2;
}

const char *
ph_mayhem_active_side (PhGame *game)
{
  return ph_game_get_var (game, "active-side");
}

/* The active side's figure, in its movement (or also its melee) */
gboolean
ph_mayhem_check_own_turn (PhGame          *game,
                   const PhFigure  *figure,
                   gboolean         melee_too,
                   GError         **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *phase = ph_game_get_var (game, "phase");
  const char *active = ph_mayhem_active_side (game);

  if (active == NULL
      || (g_strcmp0 (phase, PHASE_MOVE) != 0
          && !(melee_too && g_strcmp0 (phase, PHASE_MELEE) == 0)))
    {
      if (g_strcmp0 (phase, PHASE_MELEE) == 0)
        return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                        _("movement is over for %s: hand-to-hand combat has begun"),
                        ph_mayhem_side_name (scenario, active));
      /* the phase in words, never its variable's value ("turn-over") */
      return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW, "%s",
                             g_strcmp0 (phase, PHASE_INITIATIVE) == 0
                             ? _("no side is moving now: the sides dice for initiative first")
                             : g_strcmp0 (phase, PHASE_CHOOSE) == 0
                             ? _("no side is moving now: the initiative's winner chooses to go "
                                 "first or second first")
                             : g_strcmp0 (phase, PHASE_DRAW) == 0
                             ? _("no side is moving now: draw the next card first")
                             : g_strcmp0 (phase, PHASE_TURN_OVER) == 0
                             ? _("no side is moving now: every side has gone, end the turn")
                             : _("no side is moving now"));
    }
  if (g_strcmp0 (figure->side, active) != 0)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("%s is not of the active side (moving now: %s)"),
                    ph_mayhem_fig_name (figure), ph_mayhem_side_name (scenario, active));
  return TRUE;
}

/* Starts @side's go */
void
ph_mayhem_begin_side (PhGame     *game,
               const char *side)
{
  ph_game_set_var (game, "active-side", side);
  ph_game_set_var (game, "phase", PHASE_MOVE);
}

/* ---------------------------------------------------------------------- */
/* Initiative and cards                                                   */

/* Sets the turn's order, the first side to go */
static void
set_order (PhGame     *game,
           const char *first,
           const char *second)
{
  g_autofree char *order = g_strdup_printf ("%s %s", first, second);

  ph_game_set_var (game, "order", order);
  ph_game_set_var (game, "initiative-winner", NULL);
  ph_mayhem_begin_side (game, first);
}

gboolean
ph_mayhem_action_initiative (PhGame      *game,
                      GHashTable  *args,
                      GError     **error)
{
  static const char * const goes[] = { "first", "second", NULL };
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autoptr (GPtrArray) ids = ph_mayhem_side_ids (scenario);
  g_autoptr (GString) text = g_string_new (NULL);
  const char *previous = ph_game_get_var (game, "order");
  int turn = ph_game_get_var_int (game, "turn", 1);
  int winner_goes = -1;
  const char *a, *b;
  const char *winner = NULL, *loser = NULL;

  if (g_strcmp0 (ph_game_get_var (game, "phase"), PHASE_INITIATIVE) != 0)
    {
      if (ph_mayhem_uses_cards (scenario))
        return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                        g_dngettext (GETTEXT_PACKAGE,
                                     "with %u side, activation is by card draw, not initiative dice",
                                     "with %u sides, activation is by card draw, not initiative dice",
                                     scenario->sides->len),
                        scenario->sides->len);
      return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                      _("initiative has already been settled this turn"));
    }
  if (g_hash_table_lookup (args, "winner-goes") != NULL
      && !ph_mayhem_arg_choice (args, "winner-goes", goes, -1, &winner_goes, error))
    return FALSE;

  if (ids->len == 0)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW, _("the scenario has no sides"));
  if (ids->len == 1)
    {
      a = g_ptr_array_index (ids, 0);
      ph_game_set_var (game, "order", a);
      ph_mayhem_begin_side (game, a);
      ph_game_log (game, _("Turn %d: %s is the only side and goes"), turn,
                   ph_mayhem_side_name (scenario, a));
      return TRUE;
    }

  a = g_ptr_array_index (ids, 0);
  b = g_ptr_array_index (ids, 1);
  g_string_append_printf (text, _("Turn %d initiative:"), turn);
  for (;;)
    {
      const PhRoll *ra = ph_game_roll (game, 1, 6, NULL, _("initiative: %s"),
                                       ph_mayhem_side_name (scenario, a));
      const PhRoll *rb = ph_game_roll (game, 1, 6, NULL, _("initiative: %s"),
                                       ph_mayhem_side_name (scenario, b));
      int va = ra->total, vb = rb->total;

      /* a sentence: "...: British rolled 5 and French 2, so British wins
       * ..."; the trial's "... French 2: British wins" wrapped to a line
       * "2: British wins" read as a numbered row */
      /* TRANSLATORS: "British rolled 5 and French 2" */
      g_string_append_printf (text, _(" %s rolled %d and %s %d"), ph_mayhem_side_name (scenario, a), va,
                              ph_mayhem_side_name (scenario, b), vb);
      if (va != vb)
        {
          winner = va > vb ? a : b;
          loser = va > vb ? b : a;
          break;
        }
      /* "If there is a tie, repeat the previous turn's sequence." */
      if (previous != NULL)
        {
          g_auto (GStrv) order = g_strsplit (previous, " ", -1);

          if (g_strv_length (order) == 2)
            {
              g_string_append_printf (text, _(", a tie, so the previous turn's order "
                                        "is repeated: %s first, then %s"),
                                      ph_mayhem_side_name (scenario, order[0]),
                                      ph_mayhem_side_name (scenario, order[1]));
              set_order (game, order[0], order[1]);
              ph_game_log (game, "%s", text->str);
              return TRUE;
            }
        }
      /* The first turn has no previous order: dice again */
      g_string_append (text, _(", a tie with no previous order, so they dice again;"));
    }

  /* a side's name is often plural ("British Regulars"): no verb of its
   * own ("British Regulars wins") */
  g_string_append_printf (text, _(", so the initiative goes to %s"),
                          ph_mayhem_side_name (scenario, winner));
  if (winner_goes >= 0)
    {
      const char *first = winner_goes == 0 ? winner : loser;
      const char *second = winner_goes == 0 ? loser : winner;

      g_string_append_printf (text, winner_goes == 0 ? _(", going first: %s first, then %s")
                              : _(", going second: %s first, then %s"),
                              ph_mayhem_side_name (scenario, first),
                              ph_mayhem_side_name (scenario, second));
      set_order (game, first, second);
    }
  else
    {
      /* "Winner chooses to go first or second." */
      g_string_append (text, _(", to choose to go first or second"));
      ph_game_set_var (game, "initiative-winner", winner);
      ph_game_set_var (game, "phase", PHASE_CHOOSE);
    }
  ph_game_log (game, "%s", text->str);
  return TRUE;
}

gboolean
ph_mayhem_action_choose_order (PhGame      *game,
                        GHashTable  *args,
                        GError     **error)
{
  static const char * const goes[] = { "first", "second", NULL };
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autoptr (GPtrArray) ids = ph_mayhem_side_ids (scenario);
  const char *winner = ph_game_get_var (game, "initiative-winner");
  const char *loser = NULL;
  g_autofree char *winner_id = NULL;
  int go;

  if (g_strcmp0 (ph_game_get_var (game, "phase"), PHASE_CHOOSE) != 0
      || winner == NULL)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("nobody is choosing the order now: dice for initiative first"));
  if (!ph_mayhem_arg_choice (args, "go", goes, -1, &go, error))
    return FALSE;

  winner_id = g_strdup (winner);
  for (guint i = 0; i < ids->len; i++)
    if (strcmp (g_ptr_array_index (ids, i), winner_id) != 0)
      loser = g_ptr_array_index (ids, i);
  if (loser == NULL)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW, _("no other side to go"));

  if (go == 0)
    set_order (game, winner_id, loser);
  else
    set_order (game, loser, winner_id);
  ph_game_log (game, go == 0 ? _("Order chosen by %s, going first: %s first, then %s")
               : _("Order chosen by %s, going second: %s first, then %s"),
               ph_mayhem_side_name (scenario, winner_id),
               ph_mayhem_side_name (scenario, go == 0 ? winner_id : loser),
               ph_mayhem_side_name (scenario, go == 0 ? loser : winner_id));
  return TRUE;
}

gboolean
ph_mayhem_action_draw_card (PhGame      *game,
                     GHashTable  *args,
                     GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *deck_var = ph_game_get_var (game, "deck");
  const char *drawn = ph_game_get_var (game, "order");
  g_autoptr (GPtrArray) deck = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) cards = NULL;
  g_autofree char *card = NULL;
  g_autofree char *rest = NULL;
  g_autofree char *order = NULL;
  int pick;

  if (!ph_mayhem_uses_cards (scenario))
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("with two sides, the order is diced for (Dice for initiative), not drawn"));
  if (g_strcmp0 (ph_game_get_var (game, "phase"), PHASE_DRAW) != 0)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("%s is still active: end its go before the next card"),
                    ph_mayhem_side_name (scenario, ph_mayhem_active_side (game)));

  cards = g_strsplit (deck_var != NULL ? deck_var : "", " ", -1);
  for (guint i = 0; cards[i] != NULL; i++)
    if (*cards[i] != '\0')
      g_ptr_array_add (deck, g_strdup (cards[i]));
  if (deck->len == 0)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("the deck is empty: every side has gone, end the turn"));

  /* A card drawn at random from what is left */
  pick = ph_game_random_int (game, deck->len) - 1;
  card = g_strdup (g_ptr_array_index (deck, pick));
  g_ptr_array_remove_index (deck, pick);
  g_ptr_array_add (deck, NULL);
  rest = g_strjoinv (" ", (char **) deck->pdata);
  order = drawn != NULL && *drawn != '\0'
    ? g_strdup_printf ("%s %s", drawn, card) : g_strdup (card);

  ph_game_set_var (game, "deck", *rest != '\0' ? rest : NULL);
  ph_game_set_var (game, "card-up", card);
  ph_game_set_var (game, "order", order);
  ph_mayhem_begin_side (game, card);
  ph_game_log (game, g_dngettext (GETTEXT_PACKAGE, "Card drawn: %s to go (%u card left)",
                                  "Card drawn: %s to go (%u cards left)", deck->len - 1),
               ph_mayhem_side_name (scenario, card), deck->len - 1);
  return TRUE;
}
