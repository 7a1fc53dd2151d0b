/* ph-game-fistful-cards.c: a game of Fistful of Lead: cards and calling
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Cards as written ("KS", "AH=KS", "AH=KS:british"), their order ("Spades
 * go first, then Hearts, then Diamonds, then Clubs"; "a 'real' card always
 * takes precedence over an Ace impersonating it"), the hands and the table,
 * and the caller calling the ranks, Kings! down to Deuces!, with the aces
 * declared on the way.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-fistful-private.h"

/* Spades, then Hearts, then Diamonds, then Clubs */
const char ph_fistful_suit_letters[] = "SHDC";
static const char * const suit_names[] = {
  NC_("suit", "Spades"), NC_("suit", "Hearts"), NC_("suit", "Diamonds"), NC_("suit", "Clubs")
};
static const char * const rank_names[] = {
  NULL, NULL, NC_("card", "Deuce"), NC_("card", "Three"), NC_("card", "Four"),
  NC_("card", "Five"), NC_("card", "Six"), NC_("card", "Seven"), NC_("card", "Eight"),
  NC_("card", "Nine"), NC_("card", "Ten"), NC_("card", "Jack"), NC_("card", "Queen"),
  NC_("card", "King"), NC_("card", "Ace")
};
/* the caller's words, N_(): translated where they are said */
const char * const ph_fistful_rank_calls[] = {
  NULL, NULL, N_("Deuces"), N_("Threes"), N_("Fours"), N_("Fives"), N_("Sixes"), N_("Sevens"),
  N_("Eights"), N_("Nines"), N_("Tens"), N_("Jacks"), N_("Queens"), N_("Kings"), N_("Aces")
};

static gboolean
parse_plain (const char *s,
             gsize       len,
             int        *rank,
             int        *suit)
{
  const char *p;

  if (len < 2 || len > 3)
    return FALSE;
  p = strchr (ph_fistful_suit_letters, s[len - 1]);
  if (p == NULL || s[len - 1] == '\0')
    return FALSE;
  *suit = p - ph_fistful_suit_letters;
  if (len == 3)
    {
      if (s[0] != '1' || s[1] != '0')
        return FALSE;
      *rank = 10;
      return TRUE;
    }
  switch (s[0])
    {
    case 'A': *rank = RANK_ACE; return TRUE;
    case 'K': *rank = RANK_KING; return TRUE;
    case 'Q': *rank = 12; return TRUE;
    case 'J': *rank = 11; return TRUE;
    default:
      if (s[0] >= '2' && s[0] <= '9')
        {
          *rank = s[0] - '0';
          return TRUE;
        }
      return FALSE;
    }
}

/* "KS", "10D", "AH=KS"; anything after ':' (the owner) is ignored */
gboolean
ph_fistful_parse_card (const char *s,
               Card       *card)
{
  gsize len = strcspn (s, "=:");

  if (!parse_plain (s, len, &card->rank, &card->suit))
    return FALSE;
  card->declared = FALSE;
  card->as_rank = card->rank;
  card->as_suit = card->suit;
  if (s[len] == '=')
    {
      const char *d = s + len + 1;
      gsize dlen = strcspn (d, ":");

      /* Only an ace is wild, and it plays as a card that is not an ace */
      if (card->rank != RANK_ACE
          || !parse_plain (d, dlen, &card->as_rank, &card->as_suit)
          || card->as_rank == RANK_ACE)
        return FALSE;
      card->declared = TRUE;
    }
  return TRUE;
}

static char *
card_plain_name (int rank,
                 int suit)
{
  /* TRANSLATORS: a card: "the King of Spades" */
  return g_strdup_printf (_("the %s of %s"), g_dpgettext2 (GETTEXT_PACKAGE, "card", rank_names[rank]),
                          g_dpgettext2 (GETTEXT_PACKAGE, "suit", suit_names[suit]));
}

/* A card in words by @plain, an ace declared as another card with both:
 * "the Ace of Hearts as the Six of Diamonds", "A♥ as 6♦"; text that is no
 * card as it is */
static char *
card_text (const char  *s,
           char      *(*plain) (int rank, int suit))
{
  Card c;
  g_autofree char *own = NULL;
  g_autofree char *as = NULL;

  if (!ph_fistful_parse_card (s, &c))
    return g_strdup (s);
  own = plain (c.rank, c.suit);
  if (!c.declared)
    return g_steal_pointer (&own);
  as = plain (c.as_rank, c.as_suit);
  /* TRANSLATORS: an ace declared as another card: "the Ace of Hearts as
   * the Six of Diamonds" */
  return g_strdup_printf (_("%s as %s"), own, as);
}

/* "the King of Spades", "the Ace of Hearts as the Six of Diamonds" */
char *
ph_fistful_card_name (const char *s)
{
  return card_text (s, card_plain_name);
}

/* A card as a player writes it down: "K♠", "10♦", "A♣ as 2♣"; the
 * command line's codes (KS, AC=2C) are for typing, not reading */
static char *
card_plain_short (int rank,
                  int suit)
{
  static const char * const symbols[] = { "♠", "♥", "♦", "♣" };
  static const char * const ranks[] = {
    NULL, NULL, "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"
  };

  return g_strdup_printf ("%s%s", ranks[rank], symbols[suit]);
}

char *
ph_fistful_card_short (const char *s)
{
  return card_text (s, card_plain_short);
}

/* @list's cards (codes separated by spaces) as ph_fistful_card_short()
 * writes them */
char *
ph_fistful_cards_short (const char *list)
{
  g_auto(GStrv) codes = g_strsplit (list != NULL ? list : "", " ", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; codes[i] != NULL; i++)
    {
      g_autofree char *card = NULL;

      if (*codes[i] == '\0')
        continue;
      card = ph_fistful_card_short (codes[i]);
      g_string_append_printf (out, "%s%s", out->len > 0 ? " " : "", card);
    }
  return g_string_free (out, FALSE);
}

/* The order of play: King down to Deuce by the card played as; then
 * Spades, Hearts, Diamonds, Clubs; a real card before an ace impersonating
 * it; aces playing the same card in their own suit order.  An undeclared
 * ace (in a hand) sorts first: it may yet be any card.  Unreadable cards
 * sort last, by their text. */
int
ph_fistful_card_compare (const char *a,
                         const char *b)
{
  Card ca, cb;
  gboolean oka = ph_fistful_parse_card (a, &ca);
  gboolean okb = ph_fistful_parse_card (b, &cb);

  if (!oka || !okb)
    return oka ? -1 : okb ? 1 : strcmp (a, b);
  if (ca.as_rank != cb.as_rank)
    return cb.as_rank - ca.as_rank;
  if (ca.as_suit != cb.as_suit)
    return ca.as_suit - cb.as_suit;
  /* Same card played: "A 'real' card always takes precedence over an Ace
   * impersonating it" */
  if (ca.declared != cb.declared)
    return ca.declared ? 1 : -1;
  /* "If multiple Aces are played, all acting as the same card, the order of
   * Spades then Hearts, etc. takes precedence." */
  return ca.suit - cb.suit;
}

static int
compare_cards_ptr (gconstpointer a,
                   gconstpointer b)
{
  return ph_fistful_card_compare (*(const char * const *) a,
                                  *(const char * const *) b);
}

/* Sorts @cards (char *) in the order of play, in place. */
void
ph_fistful_sort_cards (GPtrArray *cards)
{
  g_ptr_array_sort (cards, compare_cards_ptr);
}

GPtrArray *
ph_fistful_split_list (const char *list)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) parts = NULL;

  if (list == NULL)
    return out;
  parts = g_strsplit (list, " ", -1);
  for (char **p = parts; *p != NULL; p++)
    if (**p != '\0')
      g_ptr_array_add (out, g_strdup (*p));
  return out;
}

/* NULL for an empty list, so an empty hand is no variable at all */
static char *
join_list (GPtrArray *cards)
{
  GString *s;

  if (cards->len == 0)
    return NULL;
  s = g_string_new (NULL);
  for (guint i = 0; i < cards->len; i++)
    {
      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, g_ptr_array_index (cards, i));
    }
  return g_string_free (s, FALSE);
}

/* A space-separated list of cards in the order of play: "2C AS=KS KS" ->
 * "KS AS=KS 2C". */
char *
ph_fistful_sort_card_list (const char *list)
{
  g_autoptr (GPtrArray) cards = ph_fistful_split_list (list);
  char *out;

  ph_fistful_sort_cards (cards);
  out = join_list (cards);
  return out != NULL ? out : g_strdup ("");
}

/* ---------------------------------------------------------------------------
 * State helpers
 */

void
ph_fistful_set_list (PhGame     *game,
             const char *name,
             GPtrArray  *cards)
{
  g_autofree char *v = join_list (cards);

  ph_game_set_var (game, name, v);
}

char *
ph_fistful_hand_name (const char *side)
{
  return g_strconcat ("hand:", side, NULL);
}

GPtrArray *
ph_fistful_get_hand (PhGame     *game,
             const char *side)
{
  g_autofree char *name = ph_fistful_hand_name (side);

  return ph_fistful_split_list (ph_game_get_var (game, name));
}

void
ph_fistful_set_hand (PhGame     *game,
             const char *side,
             GPtrArray  *cards)
{
  g_autofree char *name = ph_fistful_hand_name (side);

  ph_fistful_sort_cards (cards);
  ph_fistful_set_list (game, name, cards);
}

/* The owner part of a table entry "KS:british" */
const char *
ph_fistful_entry_side (const char *entry)
{
  const char *colon = strchr (entry, ':');

  return colon != NULL ? colon + 1 : "";
}

/* The card part of a table entry, newly allocated */
char *
ph_fistful_entry_card (const char *entry)
{
  return g_strndup (entry, strcspn (entry, ":"));
}

/* ---------------------------------------------------------------------------
 * The caller
 */

/* Whether some side that still has a model to activate holds a card of
 * @rank, or an ace */
static gboolean
rank_callable (PhGame *game,
               int     rank)
{
  PhScenario *sc = ph_game_get_scenario (game);

  for (guint s = 0; s < sc->sides->len; s++)
    {
      const PhSide *side = g_ptr_array_index (sc->sides, s);
      g_autoptr (GPtrArray) hand = NULL;

      if (ph_fistful_side_activatable (game, side->id) == 0)
        continue;
      hand = ph_fistful_get_hand (game, side->id);
      for (guint i = 0; i < hand->len; i++)
        {
          Card c;

          if (ph_fistful_parse_card (g_ptr_array_index (hand, i), &c)
              && (c.rank == rank || c.rank == RANK_ACE))
            return TRUE;
        }
    }
  return FALSE;
}

/* The rank now called: 2..13, RANK_ACE for the last call, 0 for none */
int
ph_fistful_current_call (PhGame *game)
{
  const char *call = ph_game_get_var (game, "call");
  int rank, suit;
  g_autofree char *card = NULL;

  if (call == NULL)
    return 0;
  if (g_str_equal (call, CALL_LAST))
    return RANK_ACE;
  card = g_strconcat (call, "S", NULL);
  return parse_plain (card, strlen (card), &rank, &suit) ? rank : 0;
}

static const char *
rank_token (int rank)
{
  static const char * const tokens[] = {
    NULL, NULL, "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"
  };
  return tokens[rank];
}

/* Cards still to be played this turn (on the table or in the hand of a side
 * that has a model to activate), appended to @out as "KS (British)" */
guint
ph_fistful_cards_pending (PhGame  *game,
                  GString *out)
{
  PhScenario *sc = ph_game_get_scenario (game);
  g_autoptr (GPtrArray) table = ph_fistful_split_list (ph_game_get_var (game, "table"));
  guint n = 0;

  for (guint i = 0; i < table->len; i++)
    {
      const char *e = g_ptr_array_index (table, i);

      if (ph_fistful_side_activatable (game, ph_fistful_entry_side (e)) > 0)
        {
          g_autofree char *card = ph_fistful_entry_card (e);

          if (out != NULL)
            g_string_append_printf (out, "%s%s (%s)", n > 0 ? ", " : "",
                                    card, ph_fistful_side_name (game, ph_fistful_entry_side (e)));
          n++;
        }
    }
  for (guint s = 0; s < sc->sides->len; s++)
    {
      const PhSide *side = g_ptr_array_index (sc->sides, s);
      g_autoptr (GPtrArray) hand = NULL;

      if (ph_fistful_side_activatable (game, side->id) == 0)
        continue;
      hand = ph_fistful_get_hand (game, side->id);
      for (guint i = 0; i < hand->len; i++)
        {
          if (out != NULL)
            g_string_append_printf (out, "%s%s (%s)", n > 0 ? ", " : "",
                                    (char *) g_ptr_array_index (hand, i),
                                    ph_fistful_side_name (game, side->id));
          n++;
        }
    }
  return n;
}

/* Puts the cards left on the table back into their owners' hands: they
 * belong to sides with no model left to activate, which "hold on to the
 * extra card until the end of the turn". */
void
ph_fistful_return_table (PhGame    *game,
                 GPtrArray *table)
{
  for (guint i = 0; i < table->len; i++)
    {
      const char *e = g_ptr_array_index (table, i);
      g_autofree char *card = ph_fistful_entry_card (e);
      g_autoptr (GPtrArray) hand = ph_fistful_get_hand (game, ph_fistful_entry_side (e));
      g_autofree char *plain = g_strndup (card, strcspn (card, "="));

      g_ptr_array_add (hand, g_steal_pointer (&plain));
      ph_fistful_set_hand (game, ph_fistful_entry_side (e), hand);
    }
  ph_game_set_var (game, "table", NULL);
}

/* Every side with a model still to activate throws the cards of @rank
 * down from its hand onto @thrown ("KS:british"); @rank 0 throws down the
 * aces still held, as the deuce of their own suit ("AS=2S:british").
 * Returns how many cards were thrown. */
static guint
throw_down (PhGame    *game,
            GPtrArray *thrown,
            int        rank)
{
  PhScenario *sc = ph_game_get_scenario (game);
  guint n = 0;

  for (guint s = 0; s < sc->sides->len; s++)
    {
      const PhSide *side = g_ptr_array_index (sc->sides, s);
      g_autoptr (GPtrArray) hand = NULL;
      g_autoptr (GPtrArray) keep = g_ptr_array_new_with_free_func (g_free);

      if (ph_fistful_side_activatable (game, side->id) == 0)
        continue;
      hand = ph_fistful_get_hand (game, side->id);
      for (guint i = 0; i < hand->len; i++)
        {
          const char *c = g_ptr_array_index (hand, i);
          Card card;

          if (rank == 0 && c[0] == 'A')
            g_ptr_array_add (thrown, g_strdup_printf ("%s=2%c:%s", c, c[1],
                                                      side->id));
          else if (rank > 0 && ph_fistful_parse_card (c, &card) && card.rank == rank)
            g_ptr_array_add (thrown, g_strdup_printf ("%s:%s", c, side->id));
          else
            {
              g_ptr_array_add (keep, g_strdup (c));
              continue;
            }
          n++;
        }
      ph_fistful_set_hand (game, side->id, keep);
    }
  return n;
}

gboolean
ph_fistful_action_call (PhGame  *game,
                GError **error)
{
  g_autoptr (GPtrArray) table = ph_fistful_split_list (ph_game_get_var (game, "table"));
  g_autoptr (GPtrArray) thrown = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) log = g_string_new (NULL);
  g_autoptr (GString) skipped = g_string_new (NULL);
  g_autofree char *note = NULL;
  int rank;
  int from = ph_fistful_current_call (game);

  if (ph_fistful_next_table_index (game, table) >= 0)
    {
      int next = ph_fistful_next_table_index (game, table);
      const char *owner = ph_fistful_entry_side (g_ptr_array_index (table, next));
      g_autofree char *card = ph_fistful_entry_card (g_ptr_array_index (table, next));
      g_autofree char *name = ph_fistful_card_name (card);

      /* What must happen first: the card called and up, not the hands */
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is up and not played yet: %s activate one of their models with it "
                     "before the next call"),
                   name, ph_fistful_side_name (game, owner));
      return FALSE;
    }
  if (from == RANK_ACE)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("Every card has been called: end the turn"));
      return FALSE;
    }

  note = ph_fistful_end_activation (game);
  ph_fistful_return_table (game, table);

  /* "The turn is played out from highest (King) to lowest (Deuce)"; ranks
   * nobody can play at (no such card, no ace) are passed over. */
  for (rank = from == 0 ? RANK_KING : from - 1; rank >= RANK_DEUCE; rank--)
    {
      if (rank_callable (game, rank))
        break;
      g_string_append_printf (skipped, "%s%s", skipped->len > 0 ? ", " : "",
                              _(ph_fistful_rank_calls[rank]));
    }

  if (rank < RANK_DEUCE)
    {
      /* "Cards cannot be saved for later": after Deuces, the aces still
       * held are played as the deuce of their own suit. */
      if (throw_down (game, thrown, 0) == 0)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       _("Every card has been played: end the turn"));
          return FALSE;
        }
      ph_game_set_var (game, "call", CALL_LAST);
      g_string_append (log, _("Last call: the aces still held are played as "
                         "deuces of their own suit:"));
    }
  else
    {
      ph_game_set_var (game, "call", rank_token (rank));
      g_string_append_printf (log, _("The caller calls \"%s!\""), _(ph_fistful_rank_calls[rank]));
      if (skipped->len > 0)
        g_string_append_printf (log, _(" (nobody can play %s)"), skipped->str);
      /* "Every player with a King card (if there is one) throws it down." */
      throw_down (game, thrown, rank);
      g_string_append (log, thrown->len > 0 ? ":" : _(": no real card is thrown down"));
    }

  ph_fistful_sort_cards (thrown);
  /* each side once, with all its cards: "Concord and Acton Minutemen
   * throw down the Jack of Hearts and the Jack of Clubs" */
  {
    g_autoptr(GPtrArray) sides = g_ptr_array_new ();

    for (guint i = 0; i < thrown->len; i++)
      {
        const char *side = ph_fistful_entry_side (g_ptr_array_index (thrown, i));

        if (!g_ptr_array_find_with_equal_func (sides, side, g_str_equal, NULL))
          g_ptr_array_add (sides, (gpointer) side);
      }
    for (guint k = 0; k < sides->len; k++)
      {
        const char *side = g_ptr_array_index (sides, k);
        g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
        g_autoptr(GString) cards = g_string_new (NULL);

        for (guint i = 0; i < thrown->len; i++)
          {
            const char *e = g_ptr_array_index (thrown, i);
            g_autofree char *card = NULL;

            if (g_strcmp0 (ph_fistful_entry_side (e), side) != 0)
              continue;
            card = ph_fistful_entry_card (e);
            g_ptr_array_add (names, ph_fistful_card_name (card));
          }
        for (guint i = 0; i < names->len; i++)
          {
            if (i > 0)
              g_string_append (cards, i + 1 == names->len ? _(" and ") : ", ");
            g_string_append (cards, g_ptr_array_index (names, i));
          }
        /* a side is its men: they throw down */
        g_string_append_printf (log, _("%s %s throw down %s"), k > 0 ? ";" : "",
                                ph_fistful_side_name (game, side), cards->str);
      }
  }
  ph_fistful_set_list (game, "table", thrown);
  ph_game_set_var (game, "card-up", NULL);
  if (note != NULL)
    ph_game_log (game, "%s. %s", note, log->str);
  else
    ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* "An Ace is wild and can be any card the player wishes. It must, however,
 * be played in sequence." */
gboolean
ph_fistful_action_declare_ace (PhGame      *game,
                       GHashTable  *args,
                       GError     **error)
{
  const char *side = g_hash_table_lookup (args, "side");
  const char *as = g_hash_table_lookup (args, "as");
  const char *ace = g_hash_table_lookup (args, "ace");
  const char *up = ph_game_get_var (game, "card-up");
  g_autoptr (GPtrArray) hand = NULL;
  g_autoptr (GPtrArray) table = NULL;
  g_autofree char *declared = NULL;
  g_autofree char *name = NULL;
  g_autofree char *as_name = NULL;
  int call = ph_fistful_current_call (game);
  int ace_index = -1;
  Card c;

  if (side == NULL || ph_scenario_find_side (ph_game_get_scenario (game), side) == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("There is no side '%s'"), side != NULL ? side : "");
      return FALSE;
    }
  if (as == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("Say which card the ace plays as"));
      return FALSE;
    }
  hand = ph_fistful_get_hand (game, side);
  for (guint i = 0; i < hand->len && ace_index < 0; i++)
    {
      const char *h = g_ptr_array_index (hand, i);

      if (h[0] == 'A' && (ace == NULL || *ace == '\0' || g_str_equal (h, ace)))
        ace_index = i;
    }
  if (ace_index < 0)
    {
      g_autofree char *ace_name = ace != NULL && *ace != '\0' ? ph_fistful_card_name (ace) : NULL;

      if (ace_name != NULL)
        g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                     _("%s does not hold %s"), ph_fistful_side_name (game, side), ace_name);
      else
        g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                     _("%s holds no ace"), ph_fistful_side_name (game, side));
      return FALSE;
    }
  declared = g_strdup_printf ("%s=%s", (char *) g_ptr_array_index (hand, ace_index), as);
  if (!ph_fistful_parse_card (declared, &c))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("An ace plays as a card from King down to Deuce, not '%s'"), as);
      return FALSE;
    }
  if (call == 0 || call == RANK_ACE)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("An ace is declared when its rank is called: call first"));
      return FALSE;
    }
  as_name = ph_fistful_card_name (as);
  if (c.as_rank != call)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s are called: an ace played now must be one of them, "
                     "not %s"), _(ph_fistful_rank_calls[call]), as_name);
      return FALSE;
    }
  /* In sequence: not before a card that has already been played */
  if (up != NULL && ph_fistful_card_compare (declared, up) < 0)
    {
      g_autofree char *up_name = ph_fistful_card_name (up);

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("Too late for %s: %s has already been played"), as_name, up_name);
      return FALSE;
    }
  if (ph_fistful_side_activatable (game, side) == 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has no model left to activate"), ph_fistful_side_name (game, side));
      return FALSE;
    }

  g_ptr_array_remove_index (hand, ace_index);
  ph_fistful_set_hand (game, side, hand);
  table = ph_fistful_split_list (ph_game_get_var (game, "table"));
  g_ptr_array_add (table, g_strdup_printf ("%s:%s", declared, side));
  ph_fistful_sort_cards (table);
  ph_fistful_set_list (game, "table", table);
  name = ph_fistful_card_name (declared);
  /* no verb for the side's name, often plural */
  ph_game_log (game, _("%s: %s laid down"), ph_fistful_side_name (game, side), name);
  return TRUE;
}
