/* ph-game-fistful.c: a game of Fistful of Lead: Horse and Musket
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The turn as Fistful of Lead: Horse and Musket (pages 2-3, the excerpt we
 * work from) gives it: "1- SHUFFLE CARDS 2- DRAW CARDS, THEN TAKE ACTIONS".
 * A 52-card deck without jokers is shuffled and "each player is dealt one
 * card for every model soldier they control" (a player is a side here).  The
 * caller calls "Kings!" down to Deuces; the cards of the called rank are
 * thrown down and played "Spades go first, then Hearts, then Diamonds, then
 * Clubs"; aces are wild, declared as a card and "played in sequence", "a
 * 'real' card always takes precedence over an Ace impersonating it" and
 * several aces playing the same card go in their own suit order.  Each card
 * activates one model for TWO actions; the special cards add their effects.
 *
 * State, all in game variables (src/rulesets/fistful/game.md lists them):
 *   turn, deck, hand:<side>, call, table, card-up, active,
 *   active-side, actions-left; per figure: activated, card, reload-progress,
 *   recovery, reroll.
 * Cards are written "KS", "10D", "2C", "AH"; an ace declared as another card
 * is "AH=KS"; a card on the table carries its side: "AH=KS:british".
 *
 * The excerpt stops before the shooting, wounding, shaken and close combat
 * pages: shooting takes its numbers from the scenario's options through the
 * engine (ph-ruleset-fistful.c); a hit adds one wound; recovery and close
 * combat use the documented defaults of src/rulesets/fistful/game.md.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-fistful-private.h"

/* ---------------------------------------------------------------------------
 * Shuffle and deal
 */

/* "1- SHUFFLE CARDS 2- DRAW CARDS": the whole 52-card deck, no jokers, one
 * card per model each side still has on the table, dealt round the table
 * one at a time. */
static void
shuffle_and_deal (PhGame  *game,
                  GString *log)
{
  PhScenario *sc = ph_game_get_scenario (game);
  g_autoptr (GPtrArray) deck = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint *wants = g_new0 (guint, sc->sides->len + 1);
  GPtrArray **hands = g_new0 (GPtrArray *, sc->sides->len + 1);
  gboolean dealt;
  guint next = 0;

  for (int suit = 0; suit < 4; suit++)
    for (int rank = RANK_ACE; rank >= RANK_DEUCE; rank--)
      {
        const char *r = rank == RANK_ACE ? "A" : rank == RANK_KING ? "K"
          : rank == 12 ? "Q" : rank == 11 ? "J" : NULL;

        g_ptr_array_add (deck, r != NULL
                         ? g_strdup_printf ("%s%c", r, ph_fistful_suit_letters[suit])
                         : g_strdup_printf ("%d%c", rank, ph_fistful_suit_letters[suit]));
      }
  ph_game_shuffle (game, deck);

  for (guint s = 0; s < sc->sides->len; s++)
    {
      const PhSide *side = g_ptr_array_index (sc->sides, s);

      hands[s] = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < sc->figures->len; i++)
        {
          const PhFigure *f = g_ptr_array_index (sc->figures, i);

          if (g_strcmp0 (f->side, side->id) == 0 && !ph_figure_is_off_table (f))
            wants[s]++;
        }
    }

  do
    {
      dealt = FALSE;
      for (guint s = 0; s < sc->sides->len && next < deck->len; s++)
        if (hands[s]->len < wants[s])
          {
            g_ptr_array_add (hands[s], g_strdup (g_ptr_array_index (deck, next++)));
            dealt = TRUE;
          }
    }
  while (dealt && next < deck->len);

  g_string_append (log, _("the cards are shuffled and dealt:"));
  for (guint s = 0; s < sc->sides->len; s++)
    {
      const PhSide *side = g_ptr_array_index (sc->sides, s);

      ph_fistful_set_hand (game, side->id, hands[s]);
      /* TRANSLATORS: ", British 5 cards" */
      g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE, "%s %s %u card", "%s %s %u cards",
                                                hands[s]->len), s > 0 ? "," : "",
                              ph_fistful_side_name (game, side->id), hands[s]->len);
      if (hands[s]->len < wants[s])
        g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE,
                                                  " (the deck ran out: %u model without a card)",
                                                  " (the deck ran out: %u models without a card)",
                                                  wants[s] - hands[s]->len),
                                wants[s] - hands[s]->len);
      g_ptr_array_unref (hands[s]);
    }
  g_free (hands);
  g_ptr_array_remove_range (deck, 0, next);
  ph_fistful_set_list (game, "deck", deck);
  ph_game_set_var (game, "call", NULL);
  ph_game_set_var (game, "table", NULL);
  ph_game_set_var (game, "card-up", NULL);
}

static gboolean
fistful_start (PhGame  *game,
               GError **error)
{
  g_autoptr (GString) log = g_string_new (_("Turn 1: "));

  ph_game_set_var_int (game, "turn", 1);
  shuffle_and_deal (game, log);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

static const char * const per_turn_vars[] = {
  "activated", "card", "reload-progress", "recovery", "recovery-failed",
  "reroll", NULL
};

/* "WHEN ALL CARDS HAVE BEEN PLAYED (ALL MODELS HAVE BEEN ACTIVATED) A NEW
 * TURN BEGINS." */
static gboolean
do_end_turn (PhGame      *game,
             GHashTable  *args,
             GError     **error)
{
  PhScenario *sc = ph_game_get_scenario (game);
  g_autoptr (GString) pending = g_string_new (NULL);
  g_autoptr (GString) log = g_string_new (NULL);
  g_autoptr (GPtrArray) table = NULL;
  g_autofree char *note = NULL;
  gboolean force;
  int turn = ph_game_get_var_int (game, "turn", 1);

  if (!ff_arg_bool (args, "force", &force, error))
    return FALSE;
  if (ph_fistful_cards_pending (game, pending) > 0 && !force)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   /* TRANSLATORS: the Game tab's check box, then the
                    * command line's argument */
                   _("Cards are still to be played: %s. To end the turn anyway, "
                     "tick “End with cards unplayed” (force=true on the command line)"),
                   pending->str);
      return FALSE;
    }

  note = ph_fistful_end_activation (game);
  if (note != NULL)
    g_string_append_printf (log, "%s. ", note);
  g_string_append_printf (log, _("Turn %d ends"), turn);
  table = ph_fistful_split_list (ph_game_get_var (game, "table"));
  ph_fistful_return_table (game, table);
  /* "The player holds on to the extra card until the end of the turn and
   * tosses it on the discard pile." */
  for (guint s = 0; s < sc->sides->len; s++)
    {
      const PhSide *side = g_ptr_array_index (sc->sides, s);
      g_autoptr (GPtrArray) hand = ph_fistful_get_hand (game, side->id);

      if (hand->len == 0)
        continue;
      g_string_append_printf (log, _("; %s discards"), ph_fistful_side_name (game, side->id));
      for (guint i = 0; i < hand->len; i++)
        g_string_append_printf (log, " %s", (char *) g_ptr_array_index (hand, i));
      g_ptr_array_set_size (hand, 0);
      ph_fistful_set_hand (game, side->id, hand);
    }
  for (guint i = 0; i < sc->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (sc->figures, i);

      for (const char * const *v = per_turn_vars; *v != NULL; v++)
        if (ph_game_get_figure_var (game, f->id, *v) != NULL)
          ph_game_set_figure_var (game, f->id, *v, NULL);
    }

  ph_game_set_var_int (game, "turn", turn + 1);
  g_string_append_printf (log, _(". Turn %d: "), turn + 1);
  shuffle_and_deal (game, log);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* The referee enters a hand dealt from a real deck: the cards come from the
 * deck, or from another side's hand, which gets the deck's top card in
 * exchange; the side's old cards go back under the deck.  Only before the
 * caller's first call of the turn. */
static gboolean
do_set_hand (PhGame      *game,
             GHashTable  *args,
             GError     **error)
{
  PhScenario *sc = ph_game_get_scenario (game);
  const char *side = g_hash_table_lookup (args, "side");
  const char *list = g_hash_table_lookup (args, "cards");
  g_autoptr (GPtrArray) cards = ph_fistful_split_list (list);
  g_autoptr (GPtrArray) deck = ph_fistful_split_list (ph_game_get_var (game, "deck"));
  g_autoptr (GPtrArray) old = NULL;
  g_autoptr (GString) log = g_string_new (NULL);

  if (side == NULL || ph_scenario_find_side (sc, side) == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("There is no side '%s'"), side != NULL ? side : "");
      return FALSE;
    }
  if (ph_game_get_var (game, "call") != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("Hands are entered before the caller's first call of the turn"));
      return FALSE;
    }
  for (guint i = 0; i < cards->len; i++)
    {
      const char *c = g_ptr_array_index (cards, i);
      Card card;

      if (strchr (c, '=') != NULL || strchr (c, ':') != NULL || !ph_fistful_parse_card (c, &card))
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                       _("'%s' is not a card (KS, 10H, AD, 2C...)"), c);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (g_str_equal (c, g_ptr_array_index (cards, j)))
          {
            g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                         _("%s is given twice"), c);
            return FALSE;
          }
    }

  /* The side's old cards go back under the deck */
  old = ph_fistful_get_hand (game, side);
  for (guint i = 0; i < old->len; i++)
    g_ptr_array_add (deck, g_strdup (g_ptr_array_index (old, i)));

  for (guint i = 0; i < cards->len; i++)
    {
      const char *c = g_ptr_array_index (cards, i);
      guint at;

      if (g_ptr_array_find_with_equal_func (deck, c, g_str_equal, &at))
        {
          g_ptr_array_remove_index (deck, at);
          continue;
        }
      for (guint s = 0; s < sc->sides->len; s++)
        {
          const PhSide *other = g_ptr_array_index (sc->sides, s);
          g_autoptr (GPtrArray) hand = NULL;

          if (g_str_equal (other->id, side))
            continue;
          hand = ph_fistful_get_hand (game, other->id);
          if (!g_ptr_array_find_with_equal_func (hand, c, g_str_equal, &at))
            continue;
          g_ptr_array_remove_index (hand, at);
          if (deck->len > 0)
            g_ptr_array_add (hand, g_ptr_array_steal_index (deck, 0));
          ph_fistful_set_hand (game, other->id, hand);
          g_string_append_printf (log, _("; %s came from %s's hand, which gets "
                                    "a card from the deck instead"), c,
                                  ph_fistful_side_name (game, other->id));
          break;
        }
    }
  ph_fistful_set_hand (game, side, cards);
  ph_fistful_set_list (game, "deck", deck);
  ph_game_log (game, g_dngettext (GETTEXT_PACKAGE, "Referee: %s is dealt %u card from a real deck%s",
                                  "Referee: %s is dealt %u cards from a real deck%s", cards->len),
               ph_fistful_side_name (game, side), cards->len, log->str);
  return TRUE;
}

/* The actions: name, label, typed arguments (checked by ph_game_perform()
 * before the handler runs), help and handler */

static gboolean
act_call (PhGame      *game,
          GHashTable  *args,
          GError     **error)
{
  return ph_fistful_action_call (game, error);
}

static gboolean
act_move (PhGame      *game,
          GHashTable  *args,
          GError     **error)
{
  return ph_fistful_action_move (game, args, FALSE, error);
}

static gboolean
act_fall_back (PhGame      *game,
               GHashTable  *args,
               GError     **error)
{
  return ph_fistful_action_move (game, args, TRUE, error);
}

static gboolean
act_end_activation (PhGame      *game,
                    GHashTable  *args,
                    GError     **error)
{
  return ph_fistful_action_end_activation (game, error);
}

static const PhGameArg declare_ace_args[] = {
  { "side", PH_GAME_ARG_SIDE },
  { "as", PH_GAME_ARG_CHOICE, FALSE, ph_fistful_as_choices,
    N_("the card of the rank called the ace plays as"), N_("Plays as"),
    .choice_labels = ph_fistful_as_labels },
  { "ace", PH_GAME_ARG_CHOICE, TRUE, ph_fistful_ace_choices,
    N_("which of the side's aces; left out, the first it holds"), N_("Ace"),
    N_("its first ace"), ph_fistful_ace_labels },
  { NULL }
};
static const PhGameArg activate_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { NULL }
};
static const PhGameArg move_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "x", PH_GAME_ARG_NUMBER, TRUE },
  { "y", PH_GAME_ARG_NUMBER, TRUE },
  { NULL }
};
static const PhGameArg shoot_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "target", PH_GAME_ARG_TARGET },
  /* "Sevens ... may re-roll any one die result this turn": offered on
   * the map too, only to the man who has one */
  { "reroll", PH_GAME_ARG_BOOL, TRUE, NULL,
    N_("a seven's re-roll, kept for a miss: one die rolled again"),
    N_("Re-roll kept for a miss"), .once = TRUE, .menu = TRUE },
  { NULL }
};
static const PhGameArg reload_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { NULL }
};
static const PhGameArg recover_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "needs", PH_GAME_ARG_NUMBER, TRUE },
  { "reroll", PH_GAME_ARG_BOOL, TRUE, .once = TRUE },
  { NULL }
};
static const PhGameArg close_combat_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "target", PH_GAME_ARG_TARGET },
  { "reroll", PH_GAME_ARG_BOOL, TRUE, NULL,
    N_("a seven's re-roll, kept for a lost or tied fight: his die rolled again"),
    N_("Re-roll kept for a loss"), .more = TRUE, .once = TRUE, .menu = TRUE },
  /* the words the refusal uses ("or let them fight as they stand") */
  { "referee", PH_GAME_ARG_BOOL, TRUE, NULL,
    N_("the referee lets them fight though the rules want them in contact"),
    N_("Referee lets them fight as they stand"), .more = TRUE, .once = TRUE },
  { NULL }
};
static const PhGameArg fall_back_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "x", PH_GAME_ARG_NUMBER, TRUE },
  { "y", PH_GAME_ARG_NUMBER, TRUE },
  { NULL }
};
static const PhGameArg other_action_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "what", PH_GAME_ARG_TEXT, TRUE },
  { NULL }
};
static const PhGameArg referee_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "wounds", PH_GAME_ARG_NUMBER, TRUE },
  { "shaken", PH_GAME_ARG_BOOL, TRUE },
  { "out", PH_GAME_ARG_BOOL, TRUE },
  { NULL }
};
static const PhGameArg end_turn_args[] = {
  { "force", PH_GAME_ARG_BOOL, TRUE, NULL,
    N_("end the turn even though cards are still to be played"),
    N_("End with cards unplayed"), .once = TRUE },
  { NULL }
};
static const PhGameArg set_hand_args[] = {
  { "side", PH_GAME_ARG_SIDE },
  { "cards", PH_GAME_ARG_TEXT },
  { NULL }
};

static const PhGameActionInfo actions[] = {
  { "call", N_("Call the next rank"), NULL,
    N_("The caller calls the next rank (Kings! down to Deuces!): every "
       "card of it is thrown down"),
    act_call },
  { "declare-ace", N_("Declare an ace"), declare_ace_args,
    N_("Lay down an ace as any card of the rank called, in sequence: a real "
       "card goes first"),
    ph_fistful_action_declare_ace },
  { "activate", N_("Activate with the card up"), activate_args,
    N_("Play the next card in order to activate one of its side's models "
       "(2 actions)"),
    ph_fistful_action_activate, .figure_menu = TRUE },
  { "move", N_("Move"), move_args,
    N_("One action: moves the figure to the spot dropped on the map, or typed "
       "under Exact position"),
    act_move },
  { "shoot", N_("Shoot"), shoot_args,
    N_("One action: fire the first loaded missile weapon; a RELOAD marker "
       "follows"),
    ph_fistful_action_shoot },
  { "reload", N_("Reload"), reload_args,
    N_("One of the two actions of one activation that reload a weapon"),
    ph_fistful_action_reload, .loads = TRUE },
  { "recover", N_("Recover"), recover_args,
    N_("One action, once a turn: try to recover from Shaken or a wound "
       "(d10)"),
    ph_fistful_action_recover },
  { "close-combat", N_("Close combat"), close_combat_args,
    N_("One action: both roll d10, the higher wins, the loser takes a "
       "wound"),
    ph_fistful_action_close_combat },
  { "fall-back", N_("Fall back"), fall_back_args,
    N_("One action: fall back (the only action after a failed recovery)"),
    act_fall_back },
  { "other-action", N_("Other action"), other_action_args,
    N_("One action of any other kind (pick up, mount, aim, climb...)"),
    ph_fistful_action_other },
  { "end-activation", N_("End activation"), NULL,
    N_("The acting model gives up its remaining actions"),
    act_end_activation },
  { "referee", N_("Referee's ruling"), referee_args,
    N_("Set wounds, Shaken or out of action as the book's wound chart says "
       "(no action spent)"),
    ph_fistful_action_referee },
  { "end-turn", N_("End turn"), end_turn_args,
    N_("Discard the extra cards, reshuffle the 52 cards and deal one per "
       "model"),
    do_end_turn },
  { "set-hand", N_("Enter a hand"), set_hand_args,
    N_("Referee: a side's hand dealt from a real deck, before the first "
       "call: its cards as written on them, for example KS 10H AD"),
    do_set_hand },
  { NULL }
};

/* "Turn 2 - Kings! called, next card KS (British) - Sgt Smith acting (KS),
 * 1 action left - hands: British QH 7C; French AS 3D" (the referee sees
 * every hand) */
static char *
fistful_describe (PhGame *game)
{
  PhScenario *sc = ph_game_get_scenario (game);
  g_autoptr (GPtrArray) table = ph_fistful_split_list (ph_game_get_var (game, "table"));
  GString *s = g_string_new (NULL);
  const char *active = ph_game_get_var (game, "active");
  int call = ph_fistful_current_call (game);
  int next = ph_fistful_next_table_index (game, table);

  g_string_append_printf (s, _("Turn %d"), ph_game_get_var_int (game, "turn", 1));
  if (call == RANK_ACE)
    g_string_append (s, _(" - last call (aces)"));
  else if (call > 0)
    g_string_append_printf (s, _(" - %s! called"), _(ph_fistful_rank_calls[call]));
  else
    g_string_append (s, _(" - cards dealt, nothing called yet"));
  if (active != NULL)
    {
      g_autofree char *up = ph_fistful_card_short (ph_game_get_var (game, "card-up") != NULL
                                                   ? ph_game_get_var (game, "card-up") : "");

      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, " - %s acting (%s), %d action left",
                                              " - %s acting (%s), %d actions left",
                                              ph_game_get_var_int (game, "actions-left", 0)),
                              ph_fistful_figure_name (game, active), up,
                              ph_game_get_var_int (game, "actions-left", 0));
    }
  if (next >= 0)
    {
      const char *e = g_ptr_array_index (table, next);
      g_autofree char *code = ph_fistful_entry_card (e);
      g_autofree char *card = ph_fistful_card_short (code);

      g_string_append_printf (s, _(" - next card %s (%s)"), card,
                              ph_fistful_side_name (game, ph_fistful_entry_side (e)));
    }
  g_string_append (s, _(" - hands:"));
  for (guint i = 0; i < sc->sides->len; i++)
    {
      const PhSide *side = g_ptr_array_index (sc->sides, i);
      g_autofree char *name = ph_fistful_hand_name (side->id);
      const char *hand = ph_game_get_var (game, name);
      g_autofree char *cards = hand != NULL ? ph_fistful_cards_short (hand) : NULL;

      g_string_append_printf (s, "%s %s %s", i > 0 ? ";" : "",
                              ph_fistful_side_name (game, side->id),
                              cards != NULL && *cards != '\0' ? cards : _("(none)"));
    }
  return g_string_free (s, FALSE);
}


/* What the turn asks next: the acting model's actions, most often a move
 * (the bar leads "Next: Move"; a shot is his to pick by a right-click),
 * but the second half of a reload begun ("It takes two actions to reload.
 * These actions can not be split up") and a fall back after a failed
 * recovery (the only action left him); else the next card on the table
 * activates a model, else the next rank is called, else the turn ends */
static const char *
fistful_expected (PhGame *game)
{
  g_autoptr (GPtrArray) table = ph_fistful_split_list (ph_game_get_var (game, "table"));
  const char *active = ph_game_get_var (game, "active");

  if (active != NULL && ph_game_get_var_int (game, "actions-left", 0) > 0)
    {
      if (ph_game_get_figure_var (game, active, "reload-progress") != NULL)
        return "reload";
      if (ph_game_get_figure_var (game, active, "recovery-failed") != NULL)
        return "fall-back";
      return "move";
    }
  if (ph_fistful_next_table_index (game, table) >= 0)
    return "activate";
  if (ph_fistful_cards_pending (game, NULL) > 0)
    return "call";
  return "end-turn";
}

/* PhGameRules.step_words: the map's menu on a man: the card he would be
 * activated with ("Activate with the card up (A♣ as K♠)"), the half of a
 * reload ("Reload (second of two actions)") */
static char *
ph_fistful_step_words (PhGame         *game,
                       const char     *action,
                       const PhFigure *figure)
{
  if (g_str_equal (action, "activate"))
    {
      g_autoptr (GPtrArray) table = ph_fistful_split_list (ph_game_get_var (game, "table"));
      int next = ph_fistful_next_table_index (game, table);
      g_autofree char *card = NULL;

      if (next < 0)
        return NULL;
      card = ph_fistful_entry_card (g_ptr_array_index (table, next));
      return ph_fistful_card_short (card);
    }
  if (g_str_equal (action, "reload"))
    return g_strdup (ph_game_get_figure_var (game, figure->id, "reload-progress") != NULL
                     ? _("second of two actions") : _("two actions"));
  return NULL;
}

const PhGameRules ph_game_rules_fistful = {
  actions,
  fistful_start,
  fistful_describe,
  fistful_expected,
  ph_fistful_plan_move,
  NULL,
  ph_fistful_shot_options,
  .target_odds = ph_fistful_target_odds,
  .choice_allowed = ph_fistful_choice_allowed,
  .arg_default = ph_fistful_arg_default,
  .other_way = ph_fistful_other_way,
  .step_words = ph_fistful_step_words,
};
