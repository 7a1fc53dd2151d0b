/* ph-game-fistful-aces.c: a game of Fistful of Lead: the aces' choices
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "An Ace is wild and can be any card the player wishes. It must, however,
 * be played in sequence." The Game tab offers the cards in words (the
 * command line's codes, KS for the King of Spades, are the values): for
 * "Ace" the aces the side holds, for "As" the cards of the rank called
 * (an ace plays as no ace). Which of those comes too late in the sequence
 * is left listed, for Perform to say why.
 */
#include <glib/gi18n-lib.h>

#include "ph-game-fistful-private.h"

/* What an ace may play as, in the order of play: Kings to Deuces,
 * Spades, Hearts, Diamonds, Clubs */
const char * const ph_fistful_as_choices[] = {
  "KS", "KH", "KD", "KC",
  "QS", "QH", "QD", "QC",
  "JS", "JH", "JD", "JC",
  "10S", "10H", "10D", "10C",
  "9S", "9H", "9D", "9C",
  "8S", "8H", "8D", "8C",
  "7S", "7H", "7D", "7C",
  "6S", "6H", "6D", "6C",
  "5S", "5H", "5D", "5C",
  "4S", "4H", "4D", "4C",
  "3S", "3H", "3D", "3C",
  "2S", "2H", "2D", "2C",
  NULL
};
const char * const ph_fistful_as_labels[] = {
  N_("King of Spades"),
  N_("King of Hearts"),
  N_("King of Diamonds"),
  N_("King of Clubs"),
  N_("Queen of Spades"),
  N_("Queen of Hearts"),
  N_("Queen of Diamonds"),
  N_("Queen of Clubs"),
  N_("Jack of Spades"),
  N_("Jack of Hearts"),
  N_("Jack of Diamonds"),
  N_("Jack of Clubs"),
  N_("Ten of Spades"),
  N_("Ten of Hearts"),
  N_("Ten of Diamonds"),
  N_("Ten of Clubs"),
  N_("Nine of Spades"),
  N_("Nine of Hearts"),
  N_("Nine of Diamonds"),
  N_("Nine of Clubs"),
  N_("Eight of Spades"),
  N_("Eight of Hearts"),
  N_("Eight of Diamonds"),
  N_("Eight of Clubs"),
  N_("Seven of Spades"),
  N_("Seven of Hearts"),
  N_("Seven of Diamonds"),
  N_("Seven of Clubs"),
  N_("Six of Spades"),
  N_("Six of Hearts"),
  N_("Six of Diamonds"),
  N_("Six of Clubs"),
  N_("Five of Spades"),
  N_("Five of Hearts"),
  N_("Five of Diamonds"),
  N_("Five of Clubs"),
  N_("Four of Spades"),
  N_("Four of Hearts"),
  N_("Four of Diamonds"),
  N_("Four of Clubs"),
  N_("Three of Spades"),
  N_("Three of Hearts"),
  N_("Three of Diamonds"),
  N_("Three of Clubs"),
  N_("Deuce of Spades"),
  N_("Deuce of Hearts"),
  N_("Deuce of Diamonds"),
  N_("Deuce of Clubs"),
  NULL
};
const char * const ph_fistful_ace_choices[] = { "AS", "AH", "AD", "AC", NULL };
const char * const ph_fistful_ace_labels[] = {
  N_("Ace of Spades"), N_("Ace of Hearts"), N_("Ace of Diamonds"), N_("Ace of Clubs"), NULL
};

gboolean
ph_fistful_choice_allowed (PhGame     *game,
                           const char *action,
                           const char *arg,
                           const char *choice,
                           GHashTable *args)
{
  const char *side = g_hash_table_lookup (args, "side");
  const char *figure = g_hash_table_lookup (args, "figure");
  Card c;

  /* a seven's re-roll, for the man who has one: "may re-roll any one die
   * result this turn" (the Game tab offered it to a man activated with a
   * five) */
  if (g_str_equal (arg, "reroll") && g_str_equal (choice, "true"))
    return figure == NULL
           || g_strcmp0 (ph_game_get_figure_var (game, figure, "reroll"), "available") == 0;
  if (!g_str_equal (action, "declare-ace") || !ph_fistful_parse_card (choice, &c))
    return TRUE;
  /* the aces in the side's hand */
  if (g_str_equal (arg, "ace"))
    {
      g_autoptr (GPtrArray) hand = NULL;

      if (side == NULL || ph_scenario_find_side (ph_game_get_scenario (game), side) == NULL)
        return TRUE;
      hand = ph_fistful_get_hand (game, side);
      for (guint i = 0; i < hand->len; i++)
        if (g_str_equal (g_ptr_array_index (hand, i), choice))
          return TRUE;
      return FALSE;
    }
  /* a card of the rank called; before a call (or at the last, the aces'
   * own) every card, for Perform to say when */
  if (g_str_equal (arg, "as"))
    {
      int call = ph_fistful_current_call (game);

      return call < RANK_DEUCE || call >= RANK_ACE || c.rank == call;
    }
  return TRUE;
}

/* "as a King": the rank called, one card of it */
static const char * const rank_one[] = {
  NULL, NULL, N_("a Deuce"), N_("a Three"), N_("a Four"), N_("a Five"), N_("a Six"),
  N_("a Seven"), N_("an Eight"), N_("a Nine"), N_("a Ten"), N_("a Jack"), N_("a Queen"),
  N_("a King")
};

/* PhGameRules.other_way: "It must, however, be played in sequence": while
 * a rank is called, each ace a side holds that the rules would take as a
 * card of it now ("lay down the Ace of Clubs as a King (Minutemen)"); the
 * bar said only "Next: Call the next rank" */
char *
ph_fistful_other_way (PhGame *game)
{
  PhScenario *sc = ph_game_get_scenario (game);
  int call = ph_fistful_current_call (game);
  g_autoptr (GPtrArray) ways = g_ptr_array_new_with_free_func (g_free);

  if (call < RANK_DEUCE || call > RANK_KING)
    return NULL;
  for (guint i = 0; i < sc->sides->len; i++)
    {
      const PhSide *side = g_ptr_array_index (sc->sides, i);
      g_autoptr (GPtrArray) hand = ph_fistful_get_hand (game, side->id);

      for (guint k = 0; k < hand->len; k++)
        {
          const char *ace = g_ptr_array_index (hand, k);
          Card c;

          if (!ph_fistful_parse_card (ace, &c) || c.rank != RANK_ACE || c.declared)
            continue;
          for (int suit = 0; suit < 4; suit++)
            {
              const char *as = ph_fistful_as_choices[(RANK_KING - call) * 4 + suit];
              g_autoptr (GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
              g_autofree char *name = NULL;

              g_hash_table_insert (args, "side", side->id);
              g_hash_table_insert (args, "as", (gpointer) as);
              g_hash_table_insert (args, "ace", (gpointer) ace);
              if (!ph_game_try (game, "declare-ace", args, FALSE, NULL))
                continue;
              name = ph_fistful_card_name (ace);
              /* TRANSLATORS: the turn bar, after "or": "lay down the Ace
               * of Clubs as a King (Minutemen)" */
              g_ptr_array_add (ways, g_strdup_printf (_("lay down %s as %s (%s)"), name,
                                                      _(rank_one[call]),
                                                      ph_fistful_side_name (game, side->id)));
              break;
            }
        }
    }
  if (ways->len == 0)
    return NULL;
  g_ptr_array_add (ways, NULL);
  /* TRANSLATORS: between two ways on the turn bar */
  return g_strjoinv (_(", or "), (char **) ways->pdata);
}
