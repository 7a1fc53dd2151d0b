/* ph-game-fistful.c: a game of Fistful of Lead: Horse and Musket
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The turn as ../shared/rules/fistful-of-lead-horse-and-musket.txt (pages
 * 2-3) gives it: "1- SHUFFLE CARDS 2- DRAW CARDS, THEN TAKE ACTIONS".  A
 * 52-card deck without jokers is shuffled and "each player is dealt one card
 * for every model soldier they control" (a player is a side here).  The
 * caller calls "Kings!" down to Deuces; the cards of the called rank are
 * thrown down and played "Spades go first, then Hearts, then Diamonds, then
 * Clubs"; aces are wild, declared as a card and "played in sequence", "a
 * 'real' card always takes precedence over an Ace impersonating it" and
 * several aces playing the same card go in their own suit order.  Each card
 * activates one model for TWO actions; the special cards add their effects.
 *
 * State, all in game variables (docs/game-fistful.md lists them):
 *   turn, deck, hand:<side>, call, table, card-up, active,
 *   active-side, actions-left; per figure: activated, card, reload-progress,
 *   recovery, reroll.
 * Cards are written "KS", "10D", "2C", "AH"; an ace declared as another card
 * is "AH=KS"; a card on the table carries its side: "AH=KS:british".
 *
 * The excerpt stops before the shooting, wounding, shaken and close combat
 * pages: shooting takes its numbers from the scenario's options through the
 * engine (ph-ruleset-fistful.c); a hit adds one wound; recovery and close
 * combat use the documented defaults of docs/game-fistful.md.
 */
#include <math.h>
#include <string.h>

#include "ph-core.h"

/* "Recovering from a Shaken or Wounded result": the excerpt gives no
 * number; this is our default d10 score (see docs/game-fistful.md). */
#define FISTFUL_DEFAULT_RECOVER_TARGET 6

#define ACTIONS_PER_ACTIVATION 2

#define RANK_ACE 14
#define RANK_KING 13
#define RANK_DEUCE 2
/* The "call" after Deuces where aces still held are played as deuces */
#define CALL_LAST "aces"

/* Spades, then Hearts, then Diamonds, then Clubs */
static const char suit_letters[] = "SHDC";
static const char * const suit_names[] = { "Spades", "Hearts", "Diamonds", "Clubs" };
static const char * const rank_names[] = {
  NULL, NULL, "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight",
  "Nine", "Ten", "Jack", "Queen", "King", "Ace"
};
static const char * const rank_calls[] = {
  NULL, NULL, "Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens",
  "Eights", "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces"
};

/* ---------------------------------------------------------------------------
 * Cards
 */

typedef struct
{
  int rank;          /* 2..14 (14: ace) of the card itself */
  int suit;          /* 0..3 of the card itself */
  gboolean declared; /* an ace declared as another card */
  int as_rank;       /* what it plays as: the card itself unless declared */
  int as_suit;
} Card;

static gboolean
parse_plain (const char *s,
             gsize       len,
             int        *rank,
             int        *suit)
{
  const char *p;

  if (len < 2 || len > 3)
    return FALSE;
  p = strchr (suit_letters, s[len - 1]);
  if (p == NULL || s[len - 1] == '\0')
    return FALSE;
  *suit = p - suit_letters;
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
static gboolean
parse_card (const char *s,
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
  return g_strdup_printf ("the %s of %s", rank_names[rank], suit_names[suit]);
}

/* "the King of Spades", "the Ace of Hearts as the Six of Diamonds" */
static char *
card_name (const char *s)
{
  Card c;
  g_autofree char *own = NULL;
  g_autofree char *as = NULL;

  if (!parse_card (s, &c))
    return g_strdup (s);
  own = card_plain_name (c.rank, c.suit);
  if (!c.declared)
    return g_steal_pointer (&own);
  as = card_plain_name (c.as_rank, c.as_suit);
  return g_strdup_printf ("%s as %s", own, as);
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
  gboolean oka = parse_card (a, &ca);
  gboolean okb = parse_card (b, &cb);

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

static GPtrArray *
split_list (const char *list)
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
  g_autoptr (GPtrArray) cards = split_list (list);
  char *out;

  ph_fistful_sort_cards (cards);
  out = join_list (cards);
  return out != NULL ? out : g_strdup ("");
}

/* ---------------------------------------------------------------------------
 * State helpers
 */

static void
set_list (PhGame     *game,
          const char *name,
          GPtrArray  *cards)
{
  g_autofree char *v = join_list (cards);

  ph_game_set_var (game, name, v);
}

static char *
hand_name (const char *side)
{
  return g_strconcat ("hand:", side, NULL);
}

static GPtrArray *
get_hand (PhGame     *game,
          const char *side)
{
  g_autofree char *name = hand_name (side);

  return split_list (ph_game_get_var (game, name));
}

static void
set_hand (PhGame     *game,
          const char *side,
          GPtrArray  *cards)
{
  g_autofree char *name = hand_name (side);

  ph_fistful_sort_cards (cards);
  set_list (game, name, cards);
}

/* The owner part of a table entry "KS:british" */
static const char *
entry_side (const char *entry)
{
  const char *colon = strchr (entry, ':');

  return colon != NULL ? colon + 1 : "";
}

/* The card part of a table entry, newly allocated */
static char *
entry_card (const char *entry)
{
  return g_strndup (entry, strcspn (entry, ":"));
}

static gboolean
is_active_figure (PhGame         *game,
                  const PhFigure *f)
{
  return !ph_figure_is_off_table (f)
    && ph_game_get_figure_var (game, f->id, "activated") == NULL;
}

/* How many of the side's models can still be activated this turn */
static guint
side_activatable (PhGame     *game,
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
static int
next_table_index (PhGame    *game,
                  GPtrArray *table)
{
  for (guint i = 0; i < table->len; i++)
    if (side_activatable (game, entry_side (g_ptr_array_index (table, i))) > 0)
      return i;
  return -1;
}

static const char *
figure_name (PhGame     *game,
             const char *id)
{
  PhFigure *f = ph_scenario_find_figure (ph_game_get_scenario (game), id);

  return f != NULL ? ph_figure_display_name (f) : id;
}

static const char *
side_name (PhGame     *game,
           const char *id)
{
  PhSide *s = ph_scenario_find_side (ph_game_get_scenario (game), id);

  return s != NULL && s->name != NULL ? s->name : id;
}

/* Ends the activation in progress, if any: the remaining actions are lost
 * and a reload begun in it does not carry over ("These actions can not be
 * split up over different turns").  Returns a note for the log or NULL. */
static char *
end_activation (PhGame *game)
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
    g_string_append_printf (note, "%s's activation ends with %d action%s unused",
                            figure_name (game, id), left, left == 1 ? "" : "s");
  if (ph_game_get_figure_var (game, id, "reload-progress") != NULL)
    {
      g_string_append_printf (note, "%s%s's reloading is lost (it cannot be "
                              "split over activations)",
                              note->len > 0 ? "; " : "", figure_name (game, id));
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

static PhFigure *
lookup_figure (PhGame      *game,
               GHashTable  *args,
               const char  *arg,
               GError     **error)
{
  const char *id = g_hash_table_lookup (args, arg);
  PhFigure *f;

  if (id == NULL || *id == '\0')
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "the %s is missing", arg);
      return NULL;
    }
  f = ph_scenario_find_figure (ph_game_get_scenario (game), id);
  if (f == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "there is no figure '%s'", id);
      return NULL;
    }
  return f;
}

static gboolean
arg_bool (GHashTable  *args,
          const char  *name,
          gboolean    *out,
          GError     **error)
{
  const char *v = g_hash_table_lookup (args, name);

  *out = FALSE;
  if (v == NULL || *v == '\0')
    return TRUE;
  if (g_str_equal (v, "true") || g_str_equal (v, "1") || g_str_equal (v, "yes"))
    *out = TRUE;
  else if (!(g_str_equal (v, "false") || g_str_equal (v, "0") || g_str_equal (v, "no")))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "%s must be true or false, not '%s'", name, v);
      return FALSE;
    }
  return TRUE;
}

/* @present FALSE when absent */
static gboolean
arg_int (GHashTable  *args,
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
                   "%s must be a whole number from %d to %d, not '%s'",
                   name, min, max, v);
      return FALSE;
    }
  *present = TRUE;
  *out = n;
  return TRUE;
}

static gboolean
arg_number (GHashTable  *args,
            const char  *name,
            gboolean    *present,
            double      *out,
            GError     **error)
{
  const char *v = g_hash_table_lookup (args, name);
  char *end = NULL;

  *present = FALSE;
  if (v == NULL || *v == '\0')
    return TRUE;
  *out = g_ascii_strtod (v, &end);
  if (end == v || *end != '\0' || !isfinite (*out))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "%s must be a number, not '%s'", name, v);
      return FALSE;
    }
  *present = TRUE;
  return TRUE;
}

/* The card a figure was activated with this turn, as played (Card) */
static gboolean
figure_card (PhGame         *game,
             const PhFigure *f,
             Card           *card)
{
  const char *s = ph_game_get_figure_var (game, f->id, "card");

  return s != NULL && parse_card (s, card);
}

static gboolean
is_one_eyed_jack (const Card *c)
{
  /* "One-Eyed Jacks (Hearts & Spades)" */
  return c->as_rank == 11 && (c->as_suit == 0 || c->as_suit == 1);
}

static gboolean
is_two_eyed_jack (const Card *c)
{
  /* "Two-Eyed Jacks (Diamonds and Clubs)" */
  return c->as_rank == 11 && (c->as_suit == 2 || c->as_suit == 3);
}

static int
fistful_wounds (PhFigure *f)
{
  return f->stats_kind == PH_STATS_FISTFUL ? f->stats.fistful.wounds : 0;
}

static gboolean
fistful_shaken (PhFigure *f)
{
  return f->stats_kind == PH_STATS_FISTFUL && f->stats.fistful.shaken;
}

/* The RELOAD marker, or a missile weapon written unloaded */
static gboolean
needs_reload (PhFigure *f)
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

static gboolean
set_wounds (PhGame    *game,
            PhFigure  *f,
            int        wounds,
            GError   **error)
{
  g_autofree char *v = g_strdup_printf ("%d", wounds);

  return ph_game_set_figure_attr (game, f->id, "fistful.wounds", v, error);
}

/* Removes the RELOAD marker and loads every missile weapon */
static gboolean
reload_figure (PhGame    *game,
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
  return TRUE;
}

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
                         ? g_strdup_printf ("%s%c", r, suit_letters[suit])
                         : g_strdup_printf ("%d%c", rank, suit_letters[suit]));
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

  g_string_append (log, "the cards are shuffled and dealt:");
  for (guint s = 0; s < sc->sides->len; s++)
    {
      const PhSide *side = g_ptr_array_index (sc->sides, s);

      set_hand (game, side->id, hands[s]);
      g_string_append_printf (log, "%s %s %u card%s", s > 0 ? "," : "",
                              side_name (game, side->id), hands[s]->len,
                              hands[s]->len == 1 ? "" : "s");
      if (hands[s]->len < wants[s])
        g_string_append_printf (log, " (the deck ran out: %u model%s without a card)",
                                wants[s] - hands[s]->len,
                                wants[s] - hands[s]->len == 1 ? "" : "s");
      g_ptr_array_unref (hands[s]);
    }
  g_free (hands);
  g_ptr_array_remove_range (deck, 0, next);
  set_list (game, "deck", deck);
  ph_game_set_var (game, "call", NULL);
  ph_game_set_var (game, "table", NULL);
  ph_game_set_var (game, "card-up", NULL);
}

static gboolean
fistful_start (PhGame  *game,
               GError **error)
{
  g_autoptr (GString) log = g_string_new ("Turn 1: ");

  ph_game_set_var_int (game, "turn", 1);
  shuffle_and_deal (game, log);
  ph_game_log (game, "%s", log->str);
  return TRUE;
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

      if (side_activatable (game, side->id) == 0)
        continue;
      hand = get_hand (game, side->id);
      for (guint i = 0; i < hand->len; i++)
        {
          Card c;

          if (parse_card (g_ptr_array_index (hand, i), &c)
              && (c.rank == rank || c.rank == RANK_ACE))
            return TRUE;
        }
    }
  return FALSE;
}

/* The rank now called: 2..13, RANK_ACE for the last call, 0 for none */
static int
current_call (PhGame *game)
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
static guint
cards_pending (PhGame  *game,
               GString *out)
{
  PhScenario *sc = ph_game_get_scenario (game);
  g_autoptr (GPtrArray) table = split_list (ph_game_get_var (game, "table"));
  guint n = 0;

  for (guint i = 0; i < table->len; i++)
    {
      const char *e = g_ptr_array_index (table, i);

      if (side_activatable (game, entry_side (e)) > 0)
        {
          g_autofree char *card = entry_card (e);

          if (out != NULL)
            g_string_append_printf (out, "%s%s (%s)", n > 0 ? ", " : "",
                                    card, side_name (game, entry_side (e)));
          n++;
        }
    }
  for (guint s = 0; s < sc->sides->len; s++)
    {
      const PhSide *side = g_ptr_array_index (sc->sides, s);
      g_autoptr (GPtrArray) hand = NULL;

      if (side_activatable (game, side->id) == 0)
        continue;
      hand = get_hand (game, side->id);
      for (guint i = 0; i < hand->len; i++)
        {
          if (out != NULL)
            g_string_append_printf (out, "%s%s (%s)", n > 0 ? ", " : "",
                                    (char *) g_ptr_array_index (hand, i),
                                    side_name (game, side->id));
          n++;
        }
    }
  return n;
}

/* Puts the cards left on the table back into their owners' hands: they
 * belong to sides with no model left to activate, which "hold on to the
 * extra card until the end of the turn". */
static void
return_table (PhGame    *game,
              GPtrArray *table)
{
  for (guint i = 0; i < table->len; i++)
    {
      const char *e = g_ptr_array_index (table, i);
      g_autofree char *card = entry_card (e);
      g_autoptr (GPtrArray) hand = get_hand (game, entry_side (e));
      g_autofree char *plain = g_strndup (card, strcspn (card, "="));

      g_ptr_array_add (hand, g_steal_pointer (&plain));
      set_hand (game, entry_side (e), hand);
    }
  ph_game_set_var (game, "table", NULL);
}

static gboolean
do_call (PhGame  *game,
         GError **error)
{
  PhScenario *sc = ph_game_get_scenario (game);
  g_autoptr (GPtrArray) table = split_list (ph_game_get_var (game, "table"));
  g_autoptr (GPtrArray) thrown = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) log = g_string_new (NULL);
  g_autoptr (GString) skipped = g_string_new (NULL);
  g_autofree char *note = NULL;
  int rank;
  int from = current_call (game);

  if (next_table_index (game, table) >= 0)
    {
      g_autoptr (GString) pending = g_string_new (NULL);

      cards_pending (game, pending);
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "cards of this call are still to be played: %s", pending->str);
      return FALSE;
    }
  if (from == RANK_ACE)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "every card has been called: end the turn");
      return FALSE;
    }

  note = end_activation (game);
  return_table (game, table);

  /* "The turn is played out from highest (King) to lowest (Deuce)"; ranks
   * nobody can play at (no such card, no ace) are passed over. */
  for (rank = from == 0 ? RANK_KING : from - 1; rank >= RANK_DEUCE; rank--)
    {
      if (rank_callable (game, rank))
        break;
      g_string_append_printf (skipped, "%s%s", skipped->len > 0 ? ", " : "",
                              rank_calls[rank]);
    }

  if (rank < RANK_DEUCE)
    {
      /* "Cards cannot be saved for later": after Deuces, the aces still
       * held are played as the deuce of their own suit. */
      gboolean any = FALSE;

      for (guint s = 0; s < sc->sides->len; s++)
        {
          const PhSide *side = g_ptr_array_index (sc->sides, s);
          g_autoptr (GPtrArray) hand = NULL;
          g_autoptr (GPtrArray) keep = g_ptr_array_new_with_free_func (g_free);

          if (side_activatable (game, side->id) == 0)
            continue;
          hand = get_hand (game, side->id);
          for (guint i = 0; i < hand->len; i++)
            {
              const char *c = g_ptr_array_index (hand, i);

              if (c[0] == 'A')
                {
                  g_ptr_array_add (thrown, g_strdup_printf ("%s=2%c:%s", c, c[1],
                                                            side->id));
                  any = TRUE;
                }
              else
                g_ptr_array_add (keep, g_strdup (c));
            }
          set_hand (game, side->id, keep);
        }
      if (!any)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       "every card has been played: end the turn");
          return FALSE;
        }
      ph_game_set_var (game, "call", CALL_LAST);
      g_string_append (log, "Last call: the aces still held are played as "
                       "deuces of their own suit:");
    }
  else
    {
      ph_game_set_var (game, "call", rank_token (rank));
      g_string_append_printf (log, "The caller calls \"%s!\"", rank_calls[rank]);
      if (skipped->len > 0)
        g_string_append_printf (log, " (nobody can play %s)", skipped->str);
      /* "Every player with a King card (if there is one) throws it down." */
      for (guint s = 0; s < sc->sides->len; s++)
        {
          const PhSide *side = g_ptr_array_index (sc->sides, s);
          g_autoptr (GPtrArray) hand = NULL;
          g_autoptr (GPtrArray) keep = g_ptr_array_new_with_free_func (g_free);

          if (side_activatable (game, side->id) == 0)
            continue;
          hand = get_hand (game, side->id);
          for (guint i = 0; i < hand->len; i++)
            {
              const char *c = g_ptr_array_index (hand, i);
              Card card;

              if (parse_card (c, &card) && card.rank == rank)
                g_ptr_array_add (thrown, g_strdup_printf ("%s:%s", c, side->id));
              else
                g_ptr_array_add (keep, g_strdup (c));
            }
          set_hand (game, side->id, keep);
        }
      g_string_append (log, thrown->len > 0 ? ":" : ": no real card is thrown down");
    }

  ph_fistful_sort_cards (thrown);
  for (guint i = 0; i < thrown->len; i++)
    {
      const char *e = g_ptr_array_index (thrown, i);
      g_autofree char *card = entry_card (e);
      g_autofree char *name = card_name (card);

      g_string_append_printf (log, "%s %s throws down %s", i > 0 ? ";" : "",
                              side_name (game, entry_side (e)), name);
    }
  set_list (game, "table", thrown);
  ph_game_set_var (game, "card-up", NULL);
  if (note != NULL)
    ph_game_log (game, "%s. %s", note, log->str);
  else
    ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* "An Ace is wild and can be any card the player wishes. It must, however,
 * be played in sequence." */
static gboolean
do_declare_ace (PhGame      *game,
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
  int call = current_call (game);
  int ace_index = -1;
  Card c;

  if (side == NULL || ph_scenario_find_side (ph_game_get_scenario (game), side) == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "there is no side '%s'", side != NULL ? side : "");
      return FALSE;
    }
  if (as == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "say which card the ace plays as (as=KS)");
      return FALSE;
    }
  hand = get_hand (game, side);
  for (guint i = 0; i < hand->len && ace_index < 0; i++)
    {
      const char *h = g_ptr_array_index (hand, i);

      if (h[0] == 'A' && (ace == NULL || *ace == '\0' || g_str_equal (h, ace)))
        ace_index = i;
    }
  if (ace_index < 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s holds no %s", side_name (game, side),
                   ace != NULL && *ace != '\0' ? ace : "ace");
      return FALSE;
    }
  declared = g_strdup_printf ("%s=%s", (char *) g_ptr_array_index (hand, ace_index), as);
  if (!parse_card (declared, &c))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "'%s' is not a card an ace can play as (KS, 10H, 2C...)", as);
      return FALSE;
    }
  if (call == 0 || call == RANK_ACE)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "an ace is declared when its rank is called: call first");
      return FALSE;
    }
  if (c.as_rank != call)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s are called: an ace played now must be one of them, "
                   "not %s", rank_calls[call], as);
      return FALSE;
    }
  /* In sequence: not before a card that has already been played */
  if (up != NULL && ph_fistful_card_compare (declared, up) < 0)
    {
      g_autofree char *up_name = card_name (up);

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "too late for %s: %s has already been played", as, up_name);
      return FALSE;
    }
  if (side_activatable (game, side) == 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s has no model left to activate", side_name (game, side));
      return FALSE;
    }

  g_ptr_array_remove_index (hand, ace_index);
  set_hand (game, side, hand);
  table = split_list (ph_game_get_var (game, "table"));
  g_ptr_array_add (table, g_strdup_printf ("%s:%s", declared, side));
  ph_fistful_sort_cards (table);
  set_list (game, "table", table);
  name = card_name (declared);
  ph_game_log (game, "%s lays down %s", side_name (game, side), name);
  return TRUE;
}

/* ---------------------------------------------------------------------------
 * Activation
 */

static gboolean
do_activate (PhGame      *game,
             GHashTable  *args,
             GError     **error)
{
  PhFigure *f = lookup_figure (game, args, "figure", error);
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
                   "%s is out of the game", ph_figure_display_name (f));
      return FALSE;
    }
  if (ph_game_get_figure_var (game, f->id, "activated") != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s has already been activated this turn",
                   ph_figure_display_name (f));
      return FALSE;
    }
  table = split_list (ph_game_get_var (game, "table"));
  next = next_table_index (game, table);
  if (next < 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "no card is up: the caller calls the next rank first");
      return FALSE;
    }
  owner = g_strdup (entry_side (g_ptr_array_index (table, next)));
  card = entry_card (g_ptr_array_index (table, next));
  name = card_name (card);
  if (g_strcmp0 (f->side, owner) != 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "the next card is %s, held by %s: %s is not theirs",
                   name, side_name (game, owner), ph_figure_display_name (f));
      return FALSE;
    }

  note = end_activation (game);
  if (note != NULL)
    g_string_append_printf (log, "%s. ", note);
  g_ptr_array_remove_index (table, next);
  set_list (game, "table", table);
  ph_game_set_var (game, "card-up", card);
  ph_game_set_var (game, "active", f->id);
  ph_game_set_var (game, "active-side", f->side);
  ph_game_set_var_int (game, "actions-left", ACTIONS_PER_ACTIVATION);
  ph_game_set_figure_var (game, f->id, "activated", "true");
  ph_game_set_figure_var (game, f->id, "card", card);
  g_string_append_printf (log, "%s plays %s: %s is activated (2 actions)",
                          side_name (game, owner), name,
                          ph_figure_display_name (f));

  parse_card (card, &c);
  /* An ace plays as the card declared, with its effect: "Steve lays down
   * his Ace and calls it a 'Six'. His model instantly reloads" */
  if (c.as_rank == 12 && c.as_suit == 1)
    {
      /* "Queen of Hearts- If the model activated with this card has any
       * wounds, ONE is healed (remove a wound counter) instantly." */
      int w = fistful_wounds (f);

      if (w > 0)
        {
          if (!set_wounds (game, f, w - 1, error))
            return FALSE;
          g_string_append_printf (log, "; the Queen of Hearts heals one wound "
                                  "(%d left)", w - 1);
        }
      else
        g_string_append (log, "; the Queen of Hearts: no wound to heal");
    }
  else if (c.as_rank == 12 && c.as_suit == 0)
    {
      /* "Queen of Spades- If the model activated with this card is Shaken,
       * it recovers instantly." */
      if (fistful_shaken (f))
        {
          if (!ph_game_set_figure_attr (game, f->id, "fistful.shaken", "false", error))
            return FALSE;
          g_string_append (log, "; the Queen of Spades: no longer Shaken");
        }
      else
        g_string_append (log, "; the Queen of Spades: not Shaken");
    }
  else if (is_one_eyed_jack (&c))
    g_string_append (log, "; a one-eyed jack: +1 to hit in shooting");
  else if (is_two_eyed_jack (&c))
    g_string_append (log, "; a two-eyed jack: +1 to hit in close combat");
  else if (c.as_rank == 7)
    {
      /* "Sevens (any suit)- ... may re-roll any one die result this turn." */
      ph_game_set_figure_var (game, f->id, "reroll", "available");
      g_string_append (log, "; a seven: one re-roll this turn");
    }
  else if (c.as_rank == 6)
    {
      /* "Sixes (any suit)- ... may reload automatically. This overrides the
       * normal reload rules. The figure still gets 2 actions." */
      if (needs_reload (f))
        {
          if (!reload_figure (game, f, error))
            return FALSE;
          g_string_append (log, "; a six: reloads at once");
        }
      else
        g_string_append (log, "; a six: already loaded");
    }
  else if (c.as_rank == RANK_DEUCE)
    g_string_append (log, "; a deuce: rolls 2 dice and keeps the best in "
                     "shooting or close combat");

  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* The acting figure for an action that spends one of its two actions */
static PhFigure *
acting_figure (PhGame      *game,
               GHashTable  *args,
               gboolean     fall_back,
               GError     **error)
{
  PhFigure *f = lookup_figure (game, args, "figure", error);
  const char *active = ph_game_get_var (game, "active");

  if (f == NULL)
    return NULL;
  if (g_strcmp0 (active, f->id) != 0)
    {
      if (active != NULL)
        g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                     "%s is not the model acting now (%s is)",
                     ph_figure_display_name (f), figure_name (game, active));
      else if (ph_game_get_figure_var (game, f->id, "activated") != NULL)
        g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                     "%s has already been activated this turn",
                     ph_figure_display_name (f));
      else
        g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                     "%s is not activated: play a card for it first",
                     ph_figure_display_name (f));
      return NULL;
    }
  if (ph_game_get_var_int (game, "actions-left", 0) <= 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s has no actions left", ph_figure_display_name (f));
      return NULL;
    }
  /* "If the attempt fails, no other actions may be made but to Fallback" */
  if (!fall_back && ph_game_get_figure_var (game, f->id, "recovery-failed") != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s failed to recover: it may only fall back",
                   ph_figure_display_name (f));
      return NULL;
    }
  return f;
}

/* Spends one action; ends the activation after the second. Appends any
 * note to @log. */
static void
spend_action (PhGame  *game,
              GString *log)
{
  int left = ph_game_get_var_int (game, "actions-left", 1) - 1;

  ph_game_set_var_int (game, "actions-left", left);
  if (left <= 0)
    {
      g_autofree char *note = end_activation (game);

      if (note != NULL)
        g_string_append_printf (log, "; %s", note);
    }
}

/* Checks the re-roll argument: only "the model activated with [a seven]",
 * once in the turn. */
static gboolean
check_reroll (PhGame      *game,
              PhFigure    *f,
              GHashTable  *args,
              const char  *arg,
              gboolean    *reroll,
              GError     **error)
{
  if (!arg_bool (args, arg, reroll, error))
    return FALSE;
  if (*reroll && g_strcmp0 (ph_game_get_figure_var (game, f->id, "reroll"),
                            "available") != 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s has no re-roll: only a model activated with a seven "
                   "has one, once this turn", ph_figure_display_name (f));
      return FALSE;
    }
  return TRUE;
}

static int
best_of (const PhRoll *roll)
{
  int best = 0;

  for (int i = 0; i < roll->n; i++)
    best = MAX (best, roll->values[i]);
  return best;
}

static void
append_dice (GString      *s,
             const PhRoll *roll)
{
  if (roll->n == 1)
    {
      g_string_append_printf (s, "%d", roll->values[0]);
      return;
    }
  for (int i = 0; i < roll->n; i++)
    g_string_append_printf (s, "%s%d", i > 0 ? " and " : "", roll->values[i]);
  g_string_append_printf (s, ", best %d", best_of (roll));
}

static gboolean
do_shoot (PhGame      *game,
          GHashTable  *args,
          GError     **error)
{
  PhScenario *sc = ph_game_get_scenario (game);
  PhFigure *f = acting_figure (game, args, FALSE, error);
  PhFigure *t;
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr (PhAssessment) a = NULL;
  g_autoptr (GString) log = g_string_new (NULL);
  g_autoptr (GString) mods = g_string_new (NULL);
  g_autoptr (GError) local = NULL;
  const PhRoll *roll;
  const PhWeapon *weapon;
  gboolean reroll;
  gint32 target = 0, dice = 1;
  int modifier = 0, best, weapon_index = -1;
  gboolean hit;
  Card c;

  if (f == NULL)
    return FALSE;
  t = lookup_figure (game, args, "target", error);
  if (t == NULL || !check_reroll (game, f, args, "reroll", &reroll, error))
    return FALSE;

  /* The activation card's effect, through the engine: "One-Eyed Jacks ...
   * +1 to hit in Shooting", "Deuces ... roll 2 dice ... pick the best" */
  if (figure_card (game, f, &c))
    {
      if (is_one_eyed_jack (&c))
        options.card = PH_CARD_EFFECT_ONE_EYED_JACK;
      else if (c.as_rank == RANK_DEUCE)
        options.card = PH_CARD_EFFECT_DEUCE;
    }
  a = ph_engine_assess_figures (sc, f, t, &options, &local);
  if (a == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION, "%s",
                   local->message);
      return FALSE;
    }
  if (!a->can_fire)
    {
      g_autoptr (GString) why = g_string_new (NULL);

      for (guint i = 0; i < a->reasons->len; i++)
        g_string_append_printf (why, "%s%s", i > 0 ? "; " : "",
                                (char *) g_ptr_array_index (a->reasons, i));
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s cannot fire at %s: %s", ph_figure_display_name (f),
                   ph_figure_display_name (t), why->str);
      return FALSE;
    }
  g_variant_lookup (a->details, "shoot_target", "i", &target);
  g_variant_lookup (a->details, "dice", "i", &dice);
  for (guint i = 0; i < a->modifiers->len; i++)
    {
      const PhModifier *m = &g_array_index (a->modifiers, PhModifier, i);

      modifier += (int) m->value;
      g_string_append_printf (mods, ", %s %+d", m->label, (int) m->value);
    }

  roll = ph_game_roll (game, dice, 10, f->id,
                       "shooting at %s: %s%s, needs %d",
                       ph_figure_display_name (t),
                       dice == 2 ? "2d10, the best counts (deuce)" : "d10",
                       mods->str, target);
  best = best_of (roll);
  g_string_append_printf (log, "%s fired at %s: %.0f %s%s, needs %d, rolled ",
                          ph_figure_display_name (f), ph_figure_display_name (t),
                          a->distance, ph_dist_unit_to_string (a->unit),
                          mods->str, target);
  append_dice (log, roll);
  if (modifier != 0)
    g_string_append_printf (log, " (%d)", best + modifier);
  hit = best + modifier >= target;

  /* "Sevens ... may re-roll any one die result this turn": one die of a
   * missed shot, the worst one */
  if (!hit && reroll)
    {
      const PhRoll *again = ph_game_roll (game, 1, 10, f->id,
                                          "re-roll of a shooting die (seven)");
      int other = 0;

      if (roll->n == 2)
        other = MAX (roll->values[0], roll->values[1]);
      best = MAX (other, again->values[0]);
      ph_game_set_figure_var (game, f->id, "reroll", "used");
      g_string_append_printf (log, ": miss, re-rolled %d", again->values[0]);
      if (modifier != 0)
        g_string_append_printf (log, " (%d)", best + modifier);
      hit = best + modifier >= target;
    }

  /* "After a model fires, place a RELOAD marker" */
  weapon = ph_figure_first_missile (f);
  for (guint i = 0; i < f->weapons->len; i++)
    if (&g_array_index (f->weapons, PhWeapon, i) == weapon)
      weapon_index = i;
  if (!ph_game_set_figure_attr (game, f->id, "fistful.reload", "true", error))
    return FALSE;
  if (weapon_index >= 0)
    {
      g_autofree char *attr = g_strdup_printf ("weapon.%d.loaded", weapon_index);

      if (!ph_game_set_figure_attr (game, f->id, attr, "false", error))
        return FALSE;
    }

  if (hit)
    {
      /* The wounding table is not in the excerpt: a hit is one wound
       * (docs/game-fistful.md) */
      int w = fistful_wounds (t) + 1;

      if (!set_wounds (game, t, w, error))
        return FALSE;
      g_string_append_printf (log, ": hit, %s takes a wound (%d)",
                              ph_figure_display_name (t), w);
    }
  else
    g_string_append (log, ": miss");
  g_string_append (log, "; RELOAD marker");
  spend_action (game, log);
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* "It takes two actions to reload. These actions can not be split up over
 * different turns." */
static gboolean
do_reload (PhGame      *game,
           GHashTable  *args,
           GError     **error)
{
  PhFigure *f = acting_figure (game, args, FALSE, error);
  g_autoptr (GString) log = g_string_new (NULL);

  if (f == NULL)
    return FALSE;
  if (!needs_reload (f))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s has nothing to reload", ph_figure_display_name (f));
      return FALSE;
    }
  if (ph_game_get_figure_var (game, f->id, "reload-progress") == NULL)
    {
      if (ph_game_get_var_int (game, "actions-left", 0) < 2)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       "reloading takes two actions in one activation: %s "
                       "has only one left", ph_figure_display_name (f));
          return FALSE;
        }
      ph_game_set_figure_var_int (game, f->id, "reload-progress", 1);
      g_string_append_printf (log, "%s starts reloading (1 of 2 actions)",
                              ph_figure_display_name (f));
    }
  else
    {
      ph_game_set_figure_var (game, f->id, "reload-progress", NULL);
      if (!reload_figure (game, f, error))
        return FALSE;
      g_string_append_printf (log, "%s finishes reloading: the RELOAD marker "
                              "is removed", ph_figure_display_name (f));
    }
  spend_action (game, log);
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

static gboolean
do_move (PhGame      *game,
         GHashTable  *args,
         gboolean     fall_back,
         GError     **error)
{
  PhFigure *f = acting_figure (game, args, fall_back, error);
  g_autoptr (GString) log = g_string_new (NULL);
  gboolean has_x, has_y;
  double x = 0, y = 0;

  if (f == NULL)
    return FALSE;
  if (!arg_number (args, "x", &has_x, &x, error)
      || !arg_number (args, "y", &has_y, &y, error))
    return FALSE;
  g_string_append_printf (log, "%s %s", ph_figure_display_name (f),
                          fall_back ? "falls back" : "moves");
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
                              ph_unit_to_string (ph_game_get_scenario (game)->table.unit));
    }
  spend_action (game, log);
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

static gboolean
do_other (PhGame      *game,
          GHashTable  *args,
          GError     **error)
{
  PhFigure *f = acting_figure (game, args, FALSE, error);
  const char *what = g_hash_table_lookup (args, "what");
  g_autoptr (GString) log = g_string_new (NULL);

  if (f == NULL)
    return FALSE;
  if (what == NULL || *what == '\0')
    what = "takes an action";
  g_string_append_printf (log, "%s: %s", ph_figure_display_name (f), what);
  spend_action (game, log);
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

static int
recover_target (PhGame *game)
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
static gboolean
do_recover (PhGame      *game,
            GHashTable  *args,
            GError     **error)
{
  PhFigure *f = acting_figure (game, args, FALSE, error);
  g_autoptr (GString) log = g_string_new (NULL);
  const PhRoll *roll;
  gboolean reroll, has_needs;
  int needs = 0, score;
  gboolean shaken;
  int wounds;

  if (f == NULL)
    return FALSE;
  if (!check_reroll (game, f, args, "reroll", &reroll, error)
      || !arg_int (args, "needs", 1, 1000, &has_needs, &needs, error))
    return FALSE;
  if (!has_needs)
    needs = recover_target (game);
  shaken = fistful_shaken (f);
  wounds = fistful_wounds (f);
  if (!shaken && wounds == 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s is neither Shaken nor wounded", ph_figure_display_name (f));
      return FALSE;
    }
  if (ph_game_get_figure_var (game, f->id, "recovery") != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s has already tried to recover this turn",
                   ph_figure_display_name (f));
      return FALSE;
    }

  roll = ph_game_roll (game, 1, 10, f->id, "recovery from %s: d10, needs %d",
                       shaken ? "Shaken" : "a wound", needs);
  score = roll->values[0];
  g_string_append_printf (log, "%s tries to recover from %s: needs %d, rolled %d",
                          ph_figure_display_name (f),
                          shaken ? "Shaken" : "a wound", needs, score);
  if (score < needs && reroll)
    {
      const PhRoll *again = ph_game_roll (game, 1, 10, f->id,
                                          "re-roll of the recovery die (seven)");

      score = again->values[0];
      ph_game_set_figure_var (game, f->id, "reroll", "used");
      g_string_append_printf (log, ", re-rolled %d", score);
    }
  if (score >= needs)
    {
      ph_game_set_figure_var (game, f->id, "recovery", "passed");
      if (shaken)
        {
          if (!ph_game_set_figure_attr (game, f->id, "fistful.shaken", "false", error))
            return FALSE;
          g_string_append (log, ": recovers, no longer Shaken");
        }
      else
        {
          if (!set_wounds (game, f, wounds - 1, error))
            return FALSE;
          g_string_append_printf (log, ": recovers, one wound removed (%d left)",
                                  wounds - 1);
        }
    }
  else
    {
      ph_game_set_figure_var (game, f->id, "recovery", "failed");
      ph_game_set_figure_var (game, f->id, "recovery-failed", "true");
      g_string_append (log, ": fails, and may only fall back");
    }
  spend_action (game, log);
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* One side of a close combat: d10 (2d10 best with a deuce) + 1 with a
 * two-eyed jack */
static int
combat_roll (PhGame   *game,
             PhFigure *f,
             PhFigure *other,
             GString  *log)
{
  Card c;
  gboolean has_card = figure_card (game, f, &c);
  int dice = has_card && c.as_rank == RANK_DEUCE ? 2 : 1;
  int bonus = has_card && is_two_eyed_jack (&c) ? 1 : 0;
  const PhRoll *roll;
  int score;

  roll = ph_game_roll (game, dice, 10, f->id, "close combat against %s: %s%s",
                       ph_figure_display_name (other),
                       dice == 2 ? "2d10, the best counts (deuce)" : "d10",
                       bonus ? " +1 (two-eyed jack)" : "");
  score = best_of (roll) + bonus;
  g_string_append_printf (log, "%s rolls ", ph_figure_display_name (f));
  append_dice (log, roll);
  if (bonus)
    g_string_append_printf (log, " +1 two-eyed jack = %d", score);
  return score;
}

/* The excerpt stops before Close Combat: both roll, the higher wins and
 * the loser takes a wound; a tie is no result (docs/game-fistful.md). */
static gboolean
do_close_combat (PhGame      *game,
                 GHashTable  *args,
                 GError     **error)
{
  PhFigure *f = acting_figure (game, args, FALSE, error);
  PhFigure *t;
  g_autoptr (GString) log = g_string_new (NULL);
  gboolean reroll;
  int mine, theirs;
  PhFigure *loser = NULL;

  if (f == NULL)
    return FALSE;
  t = lookup_figure (game, args, "target", error);
  if (t == NULL || !check_reroll (game, f, args, "reroll", &reroll, error))
    return FALSE;
  if (t == f || ph_figure_is_off_table (t))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s cannot fight %s", ph_figure_display_name (f),
                   ph_figure_display_name (t));
      return FALSE;
    }

  g_string_append_printf (log, "%s fights %s in close combat: ",
                          ph_figure_display_name (f), ph_figure_display_name (t));
  mine = combat_roll (game, f, t, log);
  g_string_append (log, ", ");
  theirs = combat_roll (game, t, f, log);
  if (mine <= theirs && reroll)
    {
      Card c;
      const PhRoll *again = ph_game_roll (game, 1, 10, f->id,
                                          "re-roll of a close combat die (seven)");
      int bonus = figure_card (game, f, &c) && is_two_eyed_jack (&c) ? 1 : 0;

      mine = again->values[0] + bonus;
      ph_game_set_figure_var (game, f->id, "reroll", "used");
      g_string_append_printf (log, "; %s re-rolls %d", ph_figure_display_name (f),
                              again->values[0]);
    }
  if (mine > theirs)
    loser = t;
  else if (theirs > mine)
    loser = f;
  if (loser != NULL)
    {
      int w = fistful_wounds (loser) + 1;

      if (!set_wounds (game, loser, w, error))
        return FALSE;
      g_string_append_printf (log, ": %s loses and takes a wound (%d)",
                              ph_figure_display_name (loser), w);
    }
  else
    g_string_append (log, ": a tie, no result");
  spend_action (game, log);
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

static gboolean
do_end_activation (PhGame  *game,
                   GError **error)
{
  const char *active = ph_game_get_var (game, "active");
  g_autofree char *id = NULL;
  g_autofree char *note = NULL;

  if (active == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "no model is acting now");
      return FALSE;
    }
  id = g_strdup (active);
  note = end_activation (game);
  ph_game_set_event_figure (game, id);
  if (note != NULL)
    ph_game_log (game, "%s", note);
  else
    ph_game_log (game, "%s's activation ends", figure_name (game, id));
  return TRUE;
}

/* What the book's wound chart says, applied by the referee */
static gboolean
do_referee (PhGame      *game,
            GHashTable  *args,
            GError     **error)
{
  PhFigure *f = lookup_figure (game, args, "figure", error);
  g_autoptr (GString) log = NULL;
  gboolean has_wounds, shaken, out;
  int wounds = 0;

  if (f == NULL)
    return FALSE;
  if (!arg_int (args, "wounds", 0, 1000, &has_wounds, &wounds, error)
      || !arg_bool (args, "out", &out, error))
    return FALSE;
  log = g_string_new (NULL);
  g_string_append_printf (log, "Referee: %s", ph_figure_display_name (f));
  if (has_wounds)
    {
      if (!set_wounds (game, f, wounds, error))
        return FALSE;
      g_string_append_printf (log, ", %d wound%s", wounds, wounds == 1 ? "" : "s");
    }
  if (g_hash_table_lookup (args, "shaken") != NULL)
    {
      if (!arg_bool (args, "shaken", &shaken, error)
          || !ph_game_set_figure_attr (game, f->id, "fistful.shaken",
                                       shaken ? "true" : "false", error))
        return FALSE;
      g_string_append (log, shaken ? ", Shaken" : ", not Shaken");
    }
  if (out)
    {
      ph_game_set_status (game, f->id, PH_STATUS_DEAD, TRUE);
      g_string_append (log, ", out of action");
      if (g_strcmp0 (ph_game_get_var (game, "active"), f->id) == 0)
        {
          g_autofree char *note = end_activation (game);

          if (note != NULL)
            g_string_append_printf (log, "; %s", note);
        }
    }
  ph_game_set_event_figure (game, f->id);
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

  if (!arg_bool (args, "force", &force, error))
    return FALSE;
  if (cards_pending (game, pending) > 0 && !force)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "cards are still to be played: %s (force=true ends the "
                   "turn anyway)", pending->str);
      return FALSE;
    }

  note = end_activation (game);
  if (note != NULL)
    g_string_append_printf (log, "%s. ", note);
  g_string_append_printf (log, "Turn %d ends", turn);
  table = split_list (ph_game_get_var (game, "table"));
  return_table (game, table);
  /* "The player holds on to the extra card until the end of the turn and
   * tosses it on the discard pile." */
  for (guint s = 0; s < sc->sides->len; s++)
    {
      const PhSide *side = g_ptr_array_index (sc->sides, s);
      g_autoptr (GPtrArray) hand = get_hand (game, side->id);

      if (hand->len == 0)
        continue;
      g_string_append_printf (log, "; %s discards", side_name (game, side->id));
      for (guint i = 0; i < hand->len; i++)
        g_string_append_printf (log, " %s", (char *) g_ptr_array_index (hand, i));
      g_ptr_array_set_size (hand, 0);
      set_hand (game, side->id, hand);
    }
  for (guint i = 0; i < sc->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (sc->figures, i);

      for (const char * const *v = per_turn_vars; *v != NULL; v++)
        if (ph_game_get_figure_var (game, f->id, *v) != NULL)
          ph_game_set_figure_var (game, f->id, *v, NULL);
    }

  ph_game_set_var_int (game, "turn", turn + 1);
  g_string_append_printf (log, ". Turn %d: ", turn + 1);
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
  g_autoptr (GPtrArray) cards = split_list (list);
  g_autoptr (GPtrArray) deck = split_list (ph_game_get_var (game, "deck"));
  g_autoptr (GPtrArray) old = NULL;
  g_autoptr (GString) log = g_string_new (NULL);

  if (side == NULL || ph_scenario_find_side (sc, side) == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "there is no side '%s'", side != NULL ? side : "");
      return FALSE;
    }
  if (ph_game_get_var (game, "call") != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "hands are entered before the caller's first call of the turn");
      return FALSE;
    }
  for (guint i = 0; i < cards->len; i++)
    {
      const char *c = g_ptr_array_index (cards, i);
      Card card;

      if (strchr (c, '=') != NULL || strchr (c, ':') != NULL || !parse_card (c, &card))
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                       "'%s' is not a card (KS, 10H, AD, 2C...)", c);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (g_str_equal (c, g_ptr_array_index (cards, j)))
          {
            g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                         "%s is given twice", c);
            return FALSE;
          }
    }

  /* The side's old cards go back under the deck */
  old = get_hand (game, side);
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
          hand = get_hand (game, other->id);
          if (!g_ptr_array_find_with_equal_func (hand, c, g_str_equal, &at))
            continue;
          g_ptr_array_remove_index (hand, at);
          if (deck->len > 0)
            g_ptr_array_add (hand, g_ptr_array_steal_index (deck, 0));
          set_hand (game, other->id, hand);
          g_string_append_printf (log, "; %s came from %s's hand, which gets "
                                  "a card from the deck instead", c,
                                  side_name (game, other->id));
          break;
        }
    }
  set_hand (game, side, cards);
  set_list (game, "deck", deck);
  ph_game_log (game, "Referee: %s is dealt %u card%s from a real deck%s",
               side_name (game, side), cards->len, cards->len == 1 ? "" : "s",
               log->str);
  return TRUE;
}

static gboolean
fistful_perform (PhGame      *game,
                 const char  *action,
                 GHashTable  *args,
                 GError     **error)
{
  if (g_str_equal (action, "call"))
    return do_call (game, error);
  if (g_str_equal (action, "declare-ace"))
    return do_declare_ace (game, args, error);
  if (g_str_equal (action, "activate"))
    return do_activate (game, args, error);
  if (g_str_equal (action, "move"))
    return do_move (game, args, FALSE, error);
  if (g_str_equal (action, "fall-back"))
    return do_move (game, args, TRUE, error);
  if (g_str_equal (action, "shoot"))
    return do_shoot (game, args, error);
  if (g_str_equal (action, "reload"))
    return do_reload (game, args, error);
  if (g_str_equal (action, "recover"))
    return do_recover (game, args, error);
  if (g_str_equal (action, "close-combat"))
    return do_close_combat (game, args, error);
  if (g_str_equal (action, "other-action"))
    return do_other (game, args, error);
  if (g_str_equal (action, "end-activation"))
    return do_end_activation (game, error);
  if (g_str_equal (action, "referee"))
    return do_referee (game, args, error);
  if (g_str_equal (action, "end-turn"))
    return do_end_turn (game, args, error);
  if (g_str_equal (action, "set-hand"))
    return do_set_hand (game, args, error);
  g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
               "Fistful of Lead has no action '%s'", action);
  return FALSE;
}

/* "Turn 2 - Kings! called, next card KS (British) - Sgt Smith acting (KS),
 * 1 action left - hands: British QH 7C; French AS 3D" (the referee sees
 * every hand) */
static char *
fistful_describe (PhGame *game)
{
  PhScenario *sc = ph_game_get_scenario (game);
  g_autoptr (GPtrArray) table = split_list (ph_game_get_var (game, "table"));
  GString *s = g_string_new (NULL);
  const char *active = ph_game_get_var (game, "active");
  int call = current_call (game);
  int next = next_table_index (game, table);

  g_string_append_printf (s, "Turn %d", ph_game_get_var_int (game, "turn", 1));
  if (call == RANK_ACE)
    g_string_append (s, " - last call (aces)");
  else if (call > 0)
    g_string_append_printf (s, " - %s! called", rank_calls[call]);
  else
    g_string_append (s, " - cards dealt, nothing called yet");
  if (active != NULL)
    g_string_append_printf (s, " - %s acting (%s), %d action%s left",
                            figure_name (game, active),
                            ph_game_get_var (game, "card-up"),
                            ph_game_get_var_int (game, "actions-left", 0),
                            ph_game_get_var_int (game, "actions-left", 0) == 1 ? "" : "s");
  if (next >= 0)
    {
      const char *e = g_ptr_array_index (table, next);
      g_autofree char *card = entry_card (e);

      g_string_append_printf (s, " - next card %s (%s)", card,
                              side_name (game, entry_side (e)));
    }
  g_string_append (s, " - hands:");
  for (guint i = 0; i < sc->sides->len; i++)
    {
      const PhSide *side = g_ptr_array_index (sc->sides, i);
      g_autofree char *name = hand_name (side->id);
      const char *hand = ph_game_get_var (game, name);

      g_string_append_printf (s, "%s %s %s", i > 0 ? ";" : "",
                              side_name (game, side->id),
                              hand != NULL ? hand : "(none)");
    }
  return g_string_free (s, FALSE);
}

static const PhGameActionInfo actions[] = {
  { "call", "Call the next rank", "",
    "The caller calls the next rank (Kings! down to Deuces!): every card of it is thrown down" },
  { "declare-ace", "Declare an ace", "side=text as=text [ace=text]",
    "Lay down an ace as a card of the rank called (as=KS); a real card goes first" },
  { "activate", "Activate with the card up", "figure",
    "Play the next card in order to activate one of its side's models (2 actions)" },
  { "move", "Move", "figure [x=number] [y=number]",
    "One action: move (to x, y when given)" },
  { "shoot", "Shoot", "figure target [reroll=bool]",
    "One action: fire the first missile weapon; a RELOAD marker follows" },
  { "reload", "Reload", "figure",
    "One of the two actions of one activation that remove a RELOAD marker" },
  { "recover", "Recover", "figure [needs=number] [reroll=bool]",
    "One action, once a turn: try to recover from Shaken or a wound (d10)" },
  { "close-combat", "Close combat", "figure target [reroll=bool]",
    "One action: both roll d10, the higher wins, the loser takes a wound" },
  { "fall-back", "Fall back", "figure [x=number] [y=number]",
    "One action: fall back (the only action after a failed recovery)" },
  { "other-action", "Other action", "figure [what=text]",
    "One action of any other kind (pick up, mount, aim, climb...)" },
  { "end-activation", "End activation", "",
    "The acting model gives up its remaining actions" },
  { "referee", "Referee's ruling", "figure [wounds=number] [shaken=bool] [out=bool]",
    "Set wounds, Shaken or out of action as the book's wound chart says (no action spent)" },
  { "end-turn", "End turn", "[force=bool]",
    "Discard the extra cards, reshuffle the 52 cards and deal one per model" },
  { "set-hand", "Enter a hand", "side=text cards=text",
    "Referee: a side's hand dealt from a real deck (cards=\"KS 10H AD\"), before the first call" },
  { NULL, NULL, NULL, NULL }
};

const PhGameRules ph_game_rules_fistful = {
  PH_RULESET_FISTFUL,
  actions,
  fistful_start,
  fistful_perform,
  fistful_describe,
};
