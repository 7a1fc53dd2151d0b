/* test-game-fistful.c: a game of Fistful of Lead: Horse and Musket
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The card order (a pure function, on handmade hands), the deal, the
 * caller's sequence with aces, every special card, two actions, reloading
 * over two actions of one activation, recovery and shooting through the
 * engine.  Hands are entered with the referee's "set-hand" so each test
 * knows its cards; dice come from fixed seeds and the tests read the rolled
 * values from the events.  Every step is undone and redone, and saved and
 * loaded, and must give the same state and the same next dice.
 */
#include <string.h>

#include "ph-core.h"
#include "ph-game-private.h"
#include "ph-game-fistful-private.h"
#include "ph-ruleset-fistful.h"
#include "ph-test-util.h"

/* ph-game-fistful.c's card order */
int   ph_fistful_card_compare   (const char *a, const char *b);
char *ph_fistful_sort_card_list (const char *list);

static GPtrArray *
game_scenario_options (PhGame *game)
{
  return ph_game_get_scenario (game)->options;
}

static PhScenario *
load_game_scenario (const char *rules,
                    const char *kane_extra,
                    const char *dutch_extra)
{
  g_autofree char *rules_xml = rules != NULL
    ? g_strdup_printf ("<rules>%s</rules>", rules) : g_strdup ("");
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"fistful-of-lead\">\n"
    "  <title>Fistful game test</title>\n"
    "  <table width=\"48\" height=\"48\" measure=\"centre\"/>\n"
    "  %s\n"
    "  <sides>\n"
    "    <side id=\"rangers\" name=\"Rangers\" color=\"#2e7d32\"/>\n"
    "    <side id=\"french\" name=\"French\" color=\"#2e5fa8\"/>\n"
    "  </sides>\n"
    "  <figures>\n"
    "    <figure id=\"kane\" name=\"Kane\" side=\"rangers\" x=\"10\" y=\"20\">\n"
    "      <weapon kind=\"rifle\"/><fistful %s/>\n"
    "    </figure>\n"
    "    <figure id=\"mose\" name=\"Mose\" side=\"rangers\" x=\"10\" y=\"30\">\n"
    "      <weapon kind=\"musket\"/><fistful/>\n"
    "    </figure>\n"
    "    <figure id=\"dutch\" name=\"Dutch\" side=\"french\" x=\"20\" y=\"20\">\n"
    "      <weapon kind=\"musket\"/><fistful %s/>\n"
    "    </figure>\n"
    "    <figure id=\"pierre\" name=\"Pierre\" side=\"french\" x=\"20\" y=\"30\">\n"
    "      <weapon kind=\"musket\"/><fistful/>\n"
    "    </figure>\n"
    "  </figures>\n"
    "</scenario>\n",
    rules_xml, kane_extra != NULL ? kane_extra : "",
    dutch_extra != NULL ? dutch_extra : "");

  return ph_test_load_xml (xml, -1, "fistful-game.xml");
}

static const PhRoll *
last_roll (PhGame *game,
           guint   i)
{
  return ph_test_roll (ph_test_last_event (game), i);
}

static const char *
last_text (PhGame *game)
{
  return ph_test_last_event (game)->text;
}

static const char *
var (PhGame     *game,
     const char *name)
{
  return ph_game_get_var (game, name);
}

static guint
count_cards (const char *list)
{
  g_auto (GStrv) parts = list != NULL ? g_strsplit (list, " ", -1) : NULL;

  return parts != NULL ? g_strv_length (parts) : 0;
}

/* The log, as comments in the test's output */
static void
print_log (PhGame *game)
{
  for (guint i = 0; i < ph_game_get_position (game); i++)
    g_test_message ("%s", ph_game_get_event (game, i)->text);
}

/* ------------------------------------------------------------------------- */

static void
assert_sorted (const char *in,
               const char *expected)
{
  g_autofree char *out = ph_fistful_sort_card_list (in);

  g_assert_cmpstr (out, ==, expected);
}

/* "The turn is played out from highest (King) to lowest (Deuce) card";
 * "Spades go first, then Hearts, then Diamonds, then Clubs"; "A 'real'
 * card always takes precedence over an Ace impersonating it"; "If multiple
 * Aces are played, all acting as the same card, the order of Spades then
 * Hearts, etc. takes precedence." */
static void
test_card_order (void)
{
  /* ranks, King down to Deuce */
  assert_sorted ("2C 10D KH 5S QS JC 3H 9D 8C 7S 6H 4D", "KH QS JC 10D 9D 8C 7S 6H 5S 4D 3H 2C");
  /* suits within a rank */
  assert_sorted ("KC KD KH KS", "KS KH KD KC");
  assert_sorted ("10C 10S 10D 10H", "10S 10H 10D 10C");
  /* a real card before an ace playing it */
  assert_sorted ("AC=7H 7H", "7H AC=7H");
  assert_sorted ("AS=KS KS", "KS AS=KS");
  /* aces playing the same card, in their own suit order */
  assert_sorted ("AD=5C AC=5C AH=5C AS=5C", "AS=5C AH=5C AD=5C AC=5C");
  assert_sorted ("AH=5C 5C AS=5C", "5C AS=5C AH=5C");
  /* an ace plays at the card it declares: its suit, not its own */
  assert_sorted ("9H AS=9D", "9H AS=9D");
  assert_sorted ("9H AC=9S", "AC=9S 9H");
  assert_sorted ("AS=9D 9C", "AS=9D 9C");
  /* the Steve example: an ace as the King of Spades goes first unless the
   * real one is out */
  assert_sorted ("KH AD=KS QS", "AD=KS KH QS");
  assert_sorted ("KH AD=KS KS QS", "KS AD=KS KH QS");
  /* a mixed hand */
  assert_sorted ("2C AS=KS KS QH AH=KS 10D JD JS", "KS AS=KS AH=KS QH JS JD 10D 2C");
  /* undeclared aces (in a hand) first: they may be anything */
  assert_sorted ("3S AD 10S AS", "AS AD 10S 3S");
  assert_sorted ("", "");

  g_assert_cmpint (ph_fistful_card_compare ("KS", "KS"), ==, 0);
  g_assert_cmpint (ph_fistful_card_compare ("KS", "QS"), <, 0);
  g_assert_cmpint (ph_fistful_card_compare ("2S", "3C"), >, 0);
  g_assert_cmpint (ph_fistful_card_compare ("AH=6D", "6D"), >, 0);
  g_assert_cmpint (ph_fistful_card_compare ("AH=6D", "AS=6D"), >, 0);
  /* the table's owner suffix is ignored */
  g_assert_cmpint (ph_fistful_card_compare ("KS:french", "KH:rangers"), <, 0);
  /* not cards: last */
  g_assert_cmpint (ph_fistful_card_compare ("XX", "2C"), >, 0);
  g_assert_cmpint (ph_fistful_card_compare ("KH=QS", "2C"), >, 0); /* only aces are wild */
  g_assert_cmpint (ph_fistful_card_compare ("AH=AS", "2C"), >, 0); /* nor play as aces */
}

/* "Each player is dealt one card for every model soldier they control" */
/* A hand's codes ("QH 7C 10D") as the turn bar writes them ("Q♥ 7♣ 10♦") */
static char *
written (const char *codes)
{
  static const char * const letters[] = { "S", "H", "D", "C" };
  static const char * const symbols[] = { "♠", "♥", "♦", "♣" };
  g_auto(GStrv) cards = g_strsplit (codes, " ", -1);

  for (guint i = 0; cards[i] != NULL; i++)
    for (guint k = 0; k < 4; k++)
      if (g_str_has_suffix (cards[i], letters[k]))
        {
          char *card = g_strdup_printf ("%.*s%s", (int) strlen (cards[i]) - 1, cards[i],
                                        symbols[k]);

          g_free (cards[i]);
          cards[i] = card;
          break;
        }
  return g_strjoinv (" ", cards);
}

static void
test_deal (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *all = NULL;
  g_autofree char *sorted = NULL;
  g_autofree char *describe = NULL;
  g_auto (GStrv) cards = NULL;

  /* Pierre is out: the French get one card */
  ph_scenario_find_figure (s, "pierre")->status |= PH_STATUS_DEAD;
  game = ph_game_new (s, 2026);

  g_assert_cmpstr (var (game, "turn"), ==, "1");
  g_assert_cmpuint (count_cards (var (game, "hand:rangers")), ==, 2);
  g_assert_cmpuint (count_cards (var (game, "hand:french")), ==, 1);
  g_assert_cmpuint (count_cards (var (game, "deck")), ==, 49);
  g_assert_null (var (game, "call"));
  g_assert_nonnull (strstr (last_text (game), "dealt: Rangers 2 cards, French 1 card"));
  /* the log does not show the hidden hands */
  g_assert_null (strstr (last_text (game), var (game, "hand:french")));

  /* 52 different cards, no jokers */
  all = g_strjoin (" ", var (game, "deck"), var (game, "hand:rangers"),
                   var (game, "hand:french"), NULL);
  cards = g_strsplit (all, " ", -1);
  g_assert_cmpuint (g_strv_length (cards), ==, 52);
  for (char **c = cards; *c != NULL; c++)
    {
      g_assert_cmpint (ph_fistful_card_compare (*c, "XX"), <, 0); /* a card */
      g_assert_false (g_hash_table_contains (seen, *c));
      g_hash_table_add (seen, g_strdup (*c));
    }
  /* a hand is kept in the order of play */
  sorted = ph_fistful_sort_card_list (var (game, "hand:rangers"));
  g_assert_cmpstr (sorted, ==, var (game, "hand:rangers"));

  /* the referee sees every hand */
  describe = ph_game_describe (game);
  g_assert_nonnull (strstr (describe, "Turn 1"));
  {
    g_autofree char *rangers = written (var (game, "hand:rangers"));
    g_autofree char *french = written (var (game, "hand:french"));

    g_assert_nonnull (strstr (describe, rangers));
    g_assert_nonnull (strstr (describe, french));
  }

  /* the same seed deals the same cards */
  {
    g_autoptr (PhScenario) s2 = load_game_scenario (NULL, NULL, NULL);
    g_autoptr (PhGame) again = NULL;

    ph_scenario_find_figure (s2, "pierre")->status |= PH_STATUS_DEAD;
    again = ph_game_new (s2, 2026);
    g_assert_cmpstr (var (again, "deck"), ==, var (game, "deck"));
    g_assert_cmpstr (var (again, "hand:french"), ==, var (game, "hand:french"));
  }

  ph_test_check_save_load (game);
}

/* The caller, suit order and aces, as in the text's examples */
static void
test_sequence (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 7);

  ph_test_step (game, "set-hand", "side=rangers", "cards=5C KH", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=AD KS", NULL);
  g_assert_cmpstr (var (game, "hand:rangers"), ==, "KH 5C");
  g_assert_cmpstr (var (game, "hand:french"), ==, "AD KS");
  g_assert_cmpuint (count_cards (var (game, "deck")), ==, 48);

  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "call first",
                  "declare-ace", "side=french", "as=KH", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "No card is up: the caller calls the next rank first", "activate", "figure=kane", NULL);

  /* "Kings!": every King is thrown down, Spades before Hearts; the game
   * expects the call, then the activation, then the model's own choice */
  g_assert_cmpstr (ph_game_expected (game), ==, "call");
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (ph_game_expected (game), ==, "activate");
  g_assert_cmpstr (var (game, "call"), ==, "K");
  g_assert_cmpstr (var (game, "table"), ==, "KS:french KH:rangers");
  g_assert_cmpstr (var (game, "hand:rangers"), ==, "5C");
  g_assert_cmpstr (var (game, "hand:french"), ==, "AD");
  g_assert_nonnull (strstr (last_text (game), "\"Kings!\""));

  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "an ace played now must be one of them",
                  "declare-ace", "side=french", "as=QS", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "argument 'as' must be one of KS, KH",
                  "declare-ace", "side=french", "as=AS", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "Rangers holds no ace",
                  "declare-ace", "side=rangers", "as=KS", NULL);
  /* what must happen first, not the hands' cards */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "the King of Spades is up and not played yet: "
                  "French activate one of their models with it before "
                  "the next call", "call", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "Cards are still to be played", "end-turn", NULL);

  /* the King of Spades is French: a Ranger cannot take it */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW,
                  "The next card is the King of Spades, held by French",
                  "activate", "figure=kane", NULL);
  {
    const PhEvent *e = ph_test_step (game, "activate", "figure=dutch", NULL);

    /* the side's name has no verb of its own (it is often plural) */
    g_assert_nonnull (strstr (e->text, "French: the King of Spades played, Dutch activated "
                                       "(2 actions)"));
  }
  /* his two actions: a move, most often (a shot is a right-click) */
  g_assert_cmpstr (ph_game_expected (game), ==, "move");
  g_assert_cmpstr (var (game, "active"), ==, "dutch");
  g_assert_cmpstr (var (game, "active-side"), ==, "french");
  g_assert_cmpstr (var (game, "card-up"), ==, "KS");
  g_assert_cmpstr (var (game, "actions-left"), ==, "2");
  g_assert_cmpstr (ph_game_get_figure_var (game, "dutch", "card"), ==, "KS");
  g_assert_cmpstr (ph_game_get_figure_var (game, "dutch", "activated"), ==, "true");

  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "Kane is not the model acting now (Dutch is)",
                  "move", "figure=kane", NULL);
  /* A move by drag (ph-game-move.h): the acting model alone; no distance
   * without the "move" house rule, one action's worth with it */
  {
    g_autoptr (GError) error = NULL;
    g_autofree char *label = NULL;
    PhMovePlan plan;
    PhMoveCost cost;

    g_assert_false (ph_game_plan_move (game, "kane", &plan, &error));
    g_assert_nonnull (strstr (error->message, "Kane is not the model acting now (Dutch is)"));
    g_assert_true (ph_game_plan_move (game, "dutch", &plan, NULL));
    g_assert_cmpfloat (plan.allowance, ==, G_MAXDOUBLE);
    g_assert_nonnull (strstr (plan.note, "\"move\""));
    g_assert_null (ph_game_move_reach (game, "dutch", &plan, 8));
    ph_game_move_cost (game, "dutch", &plan, (PhPoint) { 24, 20 }, &cost);
    label = ph_game_describe_move (game, &plan, &cost);
    g_assert_cmpstr (label, ==, "moved 4.0 in");
    ph_move_plan_clear (&plan);

    g_ptr_array_add (game_scenario_options (game), ph_option_new ("move", "6"));
    g_assert_true (ph_game_plan_move (game, "dutch", &plan, NULL));
    g_assert_cmpfloat (plan.allowance, ==, 6);
    ph_game_move_cost (game, "dutch", &plan, (PhPoint) { 24, 20 }, &cost);
    g_clear_pointer (&label, g_free);
    label = ph_game_describe_move (game, &plan, &cost);
    g_assert_cmpstr (label, ==, "moved 4.0 in · 2 in left");
    ph_game_move_cost (game, "dutch", &plan, (PhPoint) { 27, 20 }, &cost);
    g_assert_false (ph_move_cost_fits (&plan, &cost));
    ph_move_plan_clear (&plan);
    g_ptr_array_set_size (game_scenario_options (game),
                          game_scenario_options (game)->len - 1);
  }
  ph_test_step (game, "move", "figure=dutch", "x=24", "y=20", NULL);
  g_assert_cmpfloat (ph_test_figure (game, "dutch")->x, ==, 24);
  g_assert_cmpstr (var (game, "actions-left"), ==, "1");
  g_assert_nonnull (strstr (last_text (game), "Dutch moves 4.0 in"));

  /* Kane's King of Hearts next; Dutch's unused action is lost */
  ph_test_step (game, "activate", "figure=kane", NULL);
  g_assert_nonnull (strstr (last_text (game), "Dutch's activation ends with 1 action unused"));
  g_assert_cmpstr (var (game, "card-up"), ==, "KH");
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "Dutch has already been activated this turn",
                  "activate", "figure=dutch", NULL);

  /* an ace as the King of Spades now would be out of sequence; as the
   * King of Hearts it goes after the real one */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "Too late for the King of Spades",
                  "declare-ace", "side=french", "as=KS", NULL);
  ph_test_step (game, "declare-ace", "side=french", "as=KH", NULL);
  g_assert_cmpstr (var (game, "table"), ==, "AD=KH:french");
  g_assert_null (var (game, "hand:french"));
  g_assert_nonnull (strstr (last_text (game),
                            "French: the Ace of Diamonds as the King of Hearts laid down"));

  {
    g_autofree char *d = ph_game_describe (game);

    /* cards as a player writes them, not the command line's codes */
    g_assert_cmpstr (d, ==, "Turn 1 - Kings! called - Kane acting (K♥), 2 actions left"
                     " - next card A♦ as K♥ (French) - hands: Rangers 5♣; French (none)");
  }
  ph_test_step (game, "end-activation", NULL);
  g_assert_null (var (game, "active"));
  ph_test_step (game, "activate", "figure=pierre", NULL);
  g_assert_cmpstr (ph_game_get_figure_var (game, "pierre", "card"), ==, "AD=KH");

  /* nobody can play Queens to Sixes: the caller passes on to Fives */
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "5");
  g_assert_nonnull (strstr (last_text (game), "(nobody can play Queens, Jacks, Tens, "
                                              "Nines, Eights, Sevens, Sixes)"));
  g_assert_cmpstr (var (game, "table"), ==, "5C:rangers");
  ph_test_step (game, "activate", "figure=mose", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "Every card has been played: end the turn", "call", NULL);

  /* "WHEN ALL CARDS HAVE BEEN PLAYED ... A NEW TURN BEGINS": the 52 cards
   * are shuffled and dealt again */
  ph_test_step (game, "end-turn", NULL);
  g_assert_cmpstr (var (game, "turn"), ==, "2");
  g_assert_cmpuint (count_cards (var (game, "hand:rangers")), ==, 2);
  g_assert_cmpuint (count_cards (var (game, "hand:french")), ==, 2);
  g_assert_cmpuint (count_cards (var (game, "deck")), ==, 48);
  g_assert_null (var (game, "call"));
  g_assert_null (var (game, "table"));
  g_assert_null (var (game, "active"));
  for (const char * const *id = (const char * const[]) { "kane", "mose", "dutch", "pierre", NULL };
       *id != NULL; id++)
    {
      g_assert_null (ph_game_get_figure_var (game, *id, "activated"));
      g_assert_null (ph_game_get_figure_var (game, *id, "card"));
    }

  /* replay: back to the start and forward again to the same state */
  {
    g_autofree char *end = ph_test_game_state (game);
    g_autofree char *replayed = NULL;
    guint n = ph_game_get_position (game);

    g_assert_true (ph_game_seek (game, 1, NULL));
    g_assert_cmpuint (count_cards (var (game, "deck")), ==, 48);
    g_assert_null (var (game, "call"));
    g_assert_cmpfloat (ph_test_figure (game, "dutch")->x, ==, 20);
    g_assert_true (ph_game_seek (game, n, NULL));
    replayed = ph_test_game_state (game);
    g_assert_cmpstr (replayed, ==, end);
  }

  print_log (game);
}

/* Several aces as the same card; the aces still held after Deuces */
static void
test_aces (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 11);

  ph_test_step (game, "set-hand", "side=rangers", "cards=AH AC", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=AS 2D", NULL);

  /* Kings: the Rangers' Ace of Clubs and the French Ace of Spades both
   * play the King of Spades; then the Rangers' Ace of Hearts plays it too:
   * Spades, Hearts, Clubs among the aces */
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "declare-ace", "side=rangers", "ace=AC", "as=KS", NULL);
  ph_test_step (game, "declare-ace", "side=french", "as=KS", NULL);
  ph_test_step (game, "declare-ace", "side=rangers", "as=KS", NULL);
  g_assert_cmpstr (var (game, "table"), ==, "AS=KS:french AH=KS:rangers AC=KS:rangers");
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW,
                  "The next card is the Ace of Spades as the King of Spades",
                  "activate", "figure=kane", NULL);
  ph_test_step (game, "activate", "figure=dutch", NULL);
  ph_test_step (game, "activate", "figure=kane", NULL);
  g_assert_cmpstr (ph_game_get_figure_var (game, "kane", "card"), ==, "AH=KS");
  ph_test_step (game, "activate", "figure=mose", NULL);
  g_assert_cmpstr (ph_game_get_figure_var (game, "mose", "card"), ==, "AC=KS");

  /* nothing else to call but Deuces */
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "2");
  g_assert_cmpstr (var (game, "table"), ==, "2D:french");
  ph_test_step (game, "activate", "figure=pierre", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "Every card has been played: end the turn", "call", NULL);
  ph_test_step (game, "end-turn", NULL);

  /* The last call: an ace kept to the end plays as the deuce of its suit,
   * after the real one */
  ph_test_step (game, "set-hand", "side=rangers", "cards=AS", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=2S", NULL);
  /* every rank is called while someone holds an ace */
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "K");
  for (int i = 0; i < 11; i++)
    ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "2");
  g_assert_cmpstr (var (game, "table"), ==, "2S:french");
  ph_test_step (game, "activate", "figure=dutch", NULL);
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "aces");
  g_assert_cmpstr (var (game, "table"), ==, "AS=2S:rangers");
  g_assert_nonnull (strstr (last_text (game), "the Ace of Spades as the Deuce of Spades"));
  ph_test_step (game, "activate", "figure=kane", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "Every card has been called: end the turn", "call", NULL);

  print_log (game);
}

/* "The player holds on to the extra card until the end of the turn and
 * tosses it on the discard pile." */
static void
test_extra_cards (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 3);

  ph_test_step (game, "set-hand", "side=rangers", "cards=KS KH", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=QD 4C", NULL);
  /* Mose is eliminated before he has a chance to act */
  ph_test_step (game, "referee", "figure=mose", "out=true", NULL);
  g_assert_true (ph_test_figure (game, "mose")->status & PH_STATUS_DEAD);

  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "table"), ==, "KS:rangers KH:rangers");
  ph_test_step (game, "activate", "figure=kane", NULL);
  /* the King of Hearts has no model to activate: the caller goes on and
   * the card goes back to the Rangers' hand */
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "Q");
  g_assert_cmpstr (var (game, "hand:rangers"), ==, "KH");
  ph_test_step (game, "activate", "figure=dutch", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "4C (French)", "end-turn", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=pierre", NULL);

  ph_test_step (game, "end-turn", NULL);
  g_assert_nonnull (strstr (last_text (game), "Rangers discards KH"));
  /* one card for Kane only now */
  g_assert_cmpuint (count_cards (var (game, "hand:rangers")), ==, 1);

  /* force ends a turn with cards unplayed; without it the refusal says
   * how, in the Game tab's words and the command line's */
  ph_test_step (game, "call", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "To end the turn anyway, tick “End with cards "
                  "unplayed” (force=true on the command line)", "end-turn", NULL);
  ph_test_step (game, "end-turn", "force=true", NULL);
  g_assert_cmpstr (var (game, "turn"), ==, "3");
  g_assert_nonnull (strstr (last_text (game), "Turn 2 ends; "));

  print_log (game);
}

/* "Queen of Hearts ... ONE is healed", "Queen of Spades ... recovers
 * instantly", "Sixes ... may reload automatically", an ace calling itself a
 * six reloads too */
static void
test_queens_and_sixes (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, "wounds=\"2\"",
                                                 "shaken=\"true\" reload=\"true\"");
  g_autoptr (PhGame) game = ph_game_new (s, 5);

  ph_test_step (game, "set-hand", "side=rangers", "cards=QH AC", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=QS 6D", NULL);

  /* the Rangers' ace could be a King */
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "K");
  g_assert_null (var (game, "table"));
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "table"), ==, "QS:french QH:rangers");
  ph_test_step (game, "activate", "figure=dutch", NULL);
  g_assert_false (ph_test_figure (game, "dutch")->stats.fistful.shaken);
  g_assert_nonnull (strstr (last_text (game), "; the Queen of Spades rallies a Shaken model: it is no longer Shaken"));
  g_assert_cmpstr (var (game, "actions-left"), ==, "2"); /* "still has its 2 actions" */
  ph_test_step (game, "activate", "figure=kane", NULL);
  g_assert_cmpint (ph_test_figure (game, "kane")->stats.fistful.wounds, ==, 1);
  g_assert_nonnull (strstr (last_text (game), "heals one wound (1 left)"));
  g_assert_cmpstr (var (game, "actions-left"), ==, "2");

  /* Dutch still carries his RELOAD marker; Pierre takes the six */
  g_assert_true (ph_test_figure (game, "dutch")->stats.fistful.reload);
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "J"); /* the Rangers hold an ace */
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "6");
  /* Mose's ace as a six: after the real Six of Diamonds */
  ph_test_step (game, "declare-ace", "side=rangers", "as=6D", NULL);
  g_assert_cmpstr (var (game, "table"), ==, "6D:french AC=6D:rangers");
  ph_test_step (game, "activate", "figure=pierre", NULL);
  g_assert_nonnull (strstr (last_text (game), "a six: already loaded"));
  ph_test_step (game, "end-turn", "force=true", NULL);

  /* Dutch's marker goes with a six */
  ph_test_step (game, "set-hand", "side=rangers", "cards=", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=AH", NULL);
  ph_test_step (game, "call", NULL);
  for (int i = 0; i < 6; i++)
    ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "7");
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "Sevens are called", "declare-ace",
                  "side=french", "as=6S", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "declare-ace", "side=french", "as=6S", NULL);
  ph_test_step (game, "activate", "figure=dutch", NULL);
  g_assert_false (ph_test_figure (game, "dutch")->stats.fistful.reload);
  g_assert_true (g_array_index (ph_test_figure (game, "dutch")->weapons, PhWeapon, 0).loaded);
  g_assert_nonnull (strstr (last_text (game), "a six: reloads at once"));
  g_assert_cmpstr (var (game, "actions-left"), ==, "2");

  print_log (game);
}

/* "It takes two actions to reload. These actions can not be split up over
 * different turns." */
static void
test_reload (void)
{
  g_autoptr (PhScenario) s = load_game_scenario ("<option name=\"shoot-target\" value=\"6\"/>",
                                                 "reload=\"true\"", NULL);
  g_autoptr (PhGame) game = NULL;

  /* Kane is set up with the smoke puff of his shot beside the RELOAD
   * marker, as the North Bridge example's men are */
  ph_scenario_find_figure (s, "kane")->status |= PH_STATUS_FIRED;
  game = ph_game_new (s, 9);
  ph_test_step (game, "set-hand", "side=rangers", "cards=KS QS", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=JS 10S", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=kane", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "needs reloading", "shoot",
                  "figure=kane", "target=dutch", NULL);
  g_assert_cmpstr (ph_game_expected (game), ==, "move");
  ph_test_step (game, "reload", "figure=kane", NULL);
  g_assert_cmpstr (ph_game_get_figure_var (game, "kane", "reload-progress"), ==, "1");
  g_assert_true (ph_test_figure (game, "kane")->stats.fistful.reload);
  g_assert_cmpstr (var (game, "actions-left"), ==, "1");
  /* "These actions can not be split up": the second half is what the
   * turn asks next (the bar led "Next: Move", which threw it away) */
  g_assert_cmpstr (ph_game_expected (game), ==, "reload");
  g_assert_true (ph_test_figure (game, "kane")->status & PH_STATUS_FIRED);
  ph_test_step (game, "reload", "figure=kane", NULL);
  g_assert_false (ph_test_figure (game, "kane")->stats.fistful.reload);
  /* loaded again: the puff goes with the RELOAD marker (it stayed) */
  g_assert_false (ph_test_figure (game, "kane")->status & PH_STATUS_FIRED);
  g_assert_null (ph_game_get_figure_var (game, "kane", "reload-progress"));
  /* two actions spent: the activation is over */
  g_assert_null (var (game, "active"));
  g_assert_null (var (game, "actions-left"));
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "already been activated", "reload", "figure=kane",
                  NULL);

  /* Mose shoots, then cannot start a reload with one action left */
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=mose", NULL);
  ph_test_step (game, "shoot", "figure=mose", "target=dutch", NULL);
  g_assert_true (ph_test_figure (game, "mose")->stats.fistful.reload);
  g_assert_false (g_array_index (ph_test_figure (game, "mose")->weapons, PhWeapon, 0).loaded);
  /* his shot leaves the smoke puff the other rulesets' shots leave */
  g_assert_true (ph_test_figure (game, "mose")->status & PH_STATUS_FIRED);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "only one left", "reload", "figure=mose", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "not loaded", "shoot", "figure=mose",
                  "target=pierre", NULL);

  /* Dutch has nothing to reload; he and Pierre fire */
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=dutch", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "nothing to reload", "reload", "figure=dutch", NULL);
  ph_test_step (game, "shoot", "figure=dutch", "target=kane", NULL);
  ph_test_step (game, "end-activation", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=pierre", NULL);
  ph_test_step (game, "shoot", "figure=pierre", "target=kane", NULL);
  ph_test_step (game, "end-activation", NULL);
  ph_test_step (game, "end-turn", NULL);

  ph_test_step (game, "set-hand", "side=rangers", "cards=", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=KD", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=dutch", NULL);
  /* a reload begun is lost when the activation ends */
  ph_test_step (game, "reload", "figure=dutch", NULL);
  ph_test_step (game, "end-activation", NULL);
  g_assert_nonnull (strstr (last_text (game), "reloading is lost"));
  g_assert_null (ph_game_get_figure_var (game, "dutch", "reload-progress"));
  g_assert_true (ph_test_figure (game, "dutch")->stats.fistful.reload);

  print_log (game);
}

/* "a figure could move twice (run), but not shoot twice, unless armed,
 * say, with two pistols": the second pistol fires after the first, then
 * each needs its own two actions of reloading. */
static void
test_two_pistols (void)
{
  g_autoptr (PhScenario) s = load_game_scenario ("<option name=\"shoot-target\" value=\"6\"/>",
                                                 NULL, NULL);
  g_autoptr (PhGame) game = NULL;
  PhFigure *kane = ph_scenario_find_figure (s, "kane");
  PhWeapon pistol = { 0 };
  const GArray *w;

  g_array_set_size (kane->weapons, 0);
  pistol.kind = PH_WEAPON_PISTOL;
  pistol.loaded = TRUE;
  g_array_append_val (kane->weapons, pistol);
  g_array_append_val (kane->weapons, pistol);
  game = ph_game_new (s, 9);
  w = ph_test_figure (game, "kane")->weapons;

  ph_test_step (game, "set-hand", "side=rangers", "cards=KS QS", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=JS 10S", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=kane", NULL);
  ph_test_step (game, "shoot", "figure=kane", "target=dutch", NULL);
  g_assert_false (g_array_index (w, PhWeapon, 0).loaded);
  g_assert_true (g_array_index (w, PhWeapon, 1).loaded);
  g_assert_true (ph_test_figure (game, "kane")->stats.fistful.reload);
  /* the second action: the other pistol */
  ph_test_step (game, "shoot", "figure=kane", "target=pierre", NULL);
  g_assert_false (g_array_index (w, PhWeapon, 1).loaded);
  g_assert_nonnull (strstr (last_text (game), "RELOAD marker on the pistol"));
  g_assert_null (var (game, "active"));

  /* next turn: two actions reload one pistol; the marker stays */
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=mose", NULL);
  ph_test_step (game, "end-activation", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=dutch", NULL);
  ph_test_step (game, "end-activation", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=pierre", NULL);
  ph_test_step (game, "end-activation", NULL);
  ph_test_step (game, "end-turn", NULL);
  ph_test_step (game, "set-hand", "side=rangers", "cards=KD", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=kane", NULL);
  ph_test_step (game, "reload", "figure=kane", NULL);
  ph_test_step (game, "reload", "figure=kane", NULL);
  g_assert_nonnull (strstr (last_text (game), "Kane finishes reloading the pistol; another "
                            "weapon still needs reloading: the RELOAD marker stays"));
  g_assert_true (g_array_index (w, PhWeapon, 0).loaded);
  g_assert_false (g_array_index (w, PhWeapon, 1).loaded);
  g_assert_true (ph_test_figure (game, "kane")->stats.fistful.reload);
}

/* Shooting through the engine, with the one-eyed jack's +1 and the deuce's
 * two dice */
static void
test_shoot (void)
{
  g_autoptr (PhScenario) s = load_game_scenario ("<option name=\"shoot-target\" value=\"6\"/>",
                                                 NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 1234);
  const PhRoll *roll;
  int wounds;

  ph_test_step (game, "set-hand", "side=rangers", "cards=JH 2C", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=9S JD", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=kane", NULL);
  g_assert_nonnull (strstr (last_text (game), "one-eyed jack: +1 to hit in shooting"));
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "no figure 'nobody'", "shoot",
                  "figure=kane", "target=nobody", NULL);
  /* a right-click's odds take the card too: +1 on the d10, 50% -> 60% */
  {
    PhShotOptions options = PH_SHOT_OPTIONS_INIT;
    g_autoptr (PhAssessment) a = NULL;

    ph_game_shot_options (game, ph_test_figure (game, "kane"), ph_test_figure (game, "dutch"),
                          &options);
    g_assert_cmpint (options.values[PH_FISTFUL_OPT_CARD], ==, PH_CARD_EFFECT_ONE_EYED_JACK);
    a = ph_engine_assess_figures (s, ph_test_figure (game, "kane"), ph_test_figure (game, "dutch"),
                                  &options, NULL);
    g_assert_cmpfloat_with_epsilon (a->p_hit, 0.6, 1e-9);
  }
  ph_test_step (game, "shoot", "figure=kane", "target=dutch", NULL);
  roll = last_roll (game, 0);
  g_assert_cmpint (roll->n, ==, 1);
  g_assert_cmpint (roll->sides, ==, 10);
  g_assert_nonnull (strstr (roll->purpose, "one-eyed jack +1, needs 6"));
  wounds = roll->values[0] + 1 >= 6 ? 1 : 0;
  g_assert_cmpint (ph_test_figure (game, "dutch")->stats.fistful.wounds, ==, wounds);
  g_assert_nonnull (strstr (last_text (game), "Kane fired at Dutch: 10.0 in, one-eyed jack +1, needs 6"));
  /* the score with the card's +1 is said as such (it read "rolled 5 (6)") */
  {
    g_autofree char *said = g_strdup_printf ("needs 6, rolled %d, %d with the modifiers: ",
                                             roll->values[0], roll->values[0] + 1);

    g_assert_nonnull (strstr (last_text (game), said));
  }
  /* the wounds he has now (it read "takes a wound (1)") */
  g_assert_nonnull (strstr (last_text (game), wounds ? ": hit, Dutch takes a wound (1 wound now)"
                                                     : ": miss"));
  g_assert_true (ph_test_figure (game, "kane")->stats.fistful.reload);

  /* the two-eyed jack gives nothing to a shot */
  ph_test_step (game, "activate", "figure=dutch", NULL);
  ph_test_step (game, "shoot", "figure=dutch", "target=kane", NULL);
  roll = last_roll (game, 0);
  g_assert_null (strstr (roll->purpose, "jack"));
  g_assert_cmpint (ph_test_figure (game, "kane")->stats.fistful.wounds, ==,
                   roll->values[0] >= 6 ? 1 : 0);

  /* a deuce: two dice, the best counts */
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "9");
  ph_test_step (game, "activate", "figure=pierre", NULL);
  ph_test_step (game, "end-activation", NULL);
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "2");
  ph_test_step (game, "activate", "figure=mose", NULL);
  ph_test_step (game, "shoot", "figure=mose", "target=pierre", NULL);
  roll = last_roll (game, 0);
  g_assert_cmpint (roll->n, ==, 2);
  g_assert_cmpstr (roll->purpose, ==, "shooting at Pierre, the better of two dice counts (deuce), needs 6");
  g_assert_cmpint (ph_test_figure (game, "pierre")->stats.fistful.wounds, ==,
                   MAX (roll->values[0], roll->values[1]) >= 6 ? 1 : 0);

  print_log (game);
}

/* The Queen of Spades on a model that is not Shaken does nothing, and the
 * log says what the card is for */
static void
test_queen_of_spades_not_shaken (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 1);

  ph_test_step (game, "set-hand", "side=rangers", "cards=QH", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=QS", NULL);
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "table"), ==, "QS:french QH:rangers");
  ph_test_step (game, "activate", "figure=dutch", NULL);
  g_assert_false (ph_test_figure (game, "dutch")->stats.fistful.shaken);
  g_assert_true (g_str_has_suffix (last_text (game), "; the Queen of Spades would rally a Shaken "
                                   "model, but this one is not Shaken: no effect"));
}

/* Without the book's numbers the engine refuses, and says why */
static void
test_shoot_needs_options (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 1);

  ph_test_step (game, "set-hand", "side=rangers", "cards=KS KH", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=kane", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "set the scenario options shoot-target",
                  "shoot", "figure=kane", "target=dutch", NULL);
}

/* "It takes one action to attempt recovery ... Only one attempt per turn
 * ... If the attempt fails, no other actions may be made but to Fallback";
 * "Sevens ... may re-roll any one die result this turn". */
static void
test_recover (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, "shaken=\"true\"", "wounds=\"1\"");
  g_autoptr (PhGame) game = ph_game_new (s, 77);
  const PhRoll *roll;
  gboolean passed;

  ph_test_step (game, "set-hand", "side=rangers", "cards=KS 7S", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=KH 7H", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=kane", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "Kane has no re-roll", "recover",
                  "figure=kane", "reroll=true", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "argument 'needs' must be a number, not 'x'", "recover",
                  "figure=kane", "needs=x", NULL);
  /* the default score: 6 on a d10 */
  ph_test_step (game, "recover", "figure=kane", NULL);
  roll = last_roll (game, 0);
  /* the die is the log's to name ("recovery from Shaken, needs 6: d10 -> 4") */
  g_assert_cmpstr (roll->purpose, ==, "recovery from Shaken, needs 6");
  passed = roll->values[0] >= 6;
  g_assert_cmpint (ph_test_figure (game, "kane")->stats.fistful.shaken, ==, !passed);
  g_assert_cmpstr (ph_game_get_figure_var (game, "kane", "recovery"), ==,
                   passed ? "passed" : "failed");
  if (passed)
    {
      ph_test_step (game, "other-action", "figure=kane", "what=picks up the colours", NULL);
      g_assert_cmpstr (last_text (game), ==, "Kane: picks up the colours");
    }
  else
    {
      ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "may only fall back", "move",
                      "figure=kane", NULL);
      ph_test_step (game, "fall-back", "figure=kane", "x=8", NULL);
      g_assert_nonnull (strstr (last_text (game), "Kane falls back 2.0 in"));
    }
  g_assert_null (var (game, "active"));

  /* Dutch's wound, with the referee's number and a seven's re-roll next */
  ph_test_step (game, "activate", "figure=dutch", NULL);
  ph_test_step (game, "recover", "figure=dutch", "needs=11", NULL);
  g_assert_cmpint (ph_test_figure (game, "dutch")->stats.fistful.wounds, ==,
                   1); /* 11 on a d10: never */
  g_assert_cmpstr (ph_game_get_figure_var (game, "dutch", "recovery"), ==, "failed");
  /* "no other actions may be made but to Fallback": the turn asks it */
  g_assert_cmpstr (ph_game_expected (game), ==, "fall-back");
  ph_test_step (game, "fall-back", "figure=dutch", NULL);

  /* Sevens: Mose and Pierre get a re-roll */
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "7");
  ph_test_step (game, "activate", "figure=mose", NULL);
  g_assert_cmpstr (ph_game_get_figure_var (game, "mose", "reroll"), ==, "available");
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "neither Shaken nor wounded", "recover",
                  "figure=mose", NULL);
  ph_test_step (game, "end-activation", NULL);
  ph_test_step (game, "activate", "figure=pierre", NULL);
  ph_test_step (game, "referee", "figure=pierre", "wounds=1", "shaken=false", NULL);
  g_assert_cmpstr (last_text (game), ==, "Referee: Pierre, 1 wound, not Shaken");
  /* 10 always needs the re-roll unless the first die is a 10 */
  ph_test_step (game, "recover", "figure=pierre", "needs=10", "reroll=true", NULL);
  {
    const PhEvent *e = ph_test_last_event (game);
    const PhRoll *first = ph_test_roll (e, 0);
    int score = first->values[0];

    if (score < 10)
      {
        const PhRoll *again = ph_test_roll (e, 1);

        g_assert_cmpuint (e->rolls->len, ==, 2);
        g_assert_nonnull (strstr (again->purpose, "re-roll"));
        score = again->values[0];
        g_assert_cmpstr (ph_game_get_figure_var (game, "pierre", "reroll"), ==, "used");
      }
    g_assert_cmpint (ph_test_figure (game, "pierre")->stats.fistful.wounds, ==,
                     score >= 10 ? 0 : 1);
  }
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "", "recover", "figure=pierre", NULL);
  ph_test_step (game, "end-turn", NULL);
  g_assert_null (ph_game_get_figure_var (game, "pierre", "reroll"));
  g_assert_null (ph_game_get_figure_var (game, "pierre", "recovery"));

  print_log (game);
}

/* Close combat needs the bases in contact: 9 in apart is refused, unless
 * the referee says so, and the log keeps his word */
static void
test_close_combat_contact (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 4242);

  ph_test_step (game, "set-hand", "side=rangers", "cards=JD", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=2S", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=kane", NULL);
  /* in a referee's words, not a form field's ("Referee, Yes") */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "Dutch is 9.0 in from Kane: melee needs their "
                  "bases in contact (the referee may move them into contact with Move Anyway, "
                  "or let them fight as they stand)", "close-combat", "figure=kane",
                  "target=dutch", NULL);
  ph_test_step (game, "close-combat", "figure=kane", "target=dutch", "referee=true", NULL);
  g_assert_nonnull (strstr (last_text (game), "(the referee lets them fight 9.0 in apart)"));
}

/* The close combat's odds a right-click shows, by the rules: a d10 each
 * (+1 with a two-eyed jack), the higher wounds the other, a tie is no
 * result */
static void
test_close_combat_odds (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 4242);
  PhFigure *kane = ph_scenario_find_figure (s, "kane");
  PhFigure *dutch = ph_scenario_find_figure (s, "dutch");
  char *odds;

  /* no card: 45 of the 100 pairs each way, 10 ties */
  odds = ph_game_target_odds (game, "close-combat", kane, dutch);
  g_assert_cmpstr (odds, ==, "45% to wound him, 45% to be wounded");
  g_free (odds);
  ph_test_step (game, "set-hand", "side=rangers", "cards=JD", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=2S", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=kane", NULL);
  /* the jack's +1: d10+1 beats d10 on 55 pairs, loses on 36, ties 9 */
  odds = ph_game_target_odds (game, "close-combat", kane, dutch);
  g_assert_cmpstr (odds, ==, "55% to wound him, 36% to be wounded");
  g_free (odds);
  g_assert_null (ph_game_target_odds (game, "shoot", kane, dutch));
}

/* Two-eyed jacks: +1 to hit in close combat; deuces: two dice */
static void
test_close_combat (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = NULL;
  const PhEvent *e;
  const PhRoll *a, *b;
  int mine, theirs;

  /* Dutch stands between Kane and Mose, his base touching both */
  g_assert_true (ph_figure_set_attr (s, ph_scenario_find_figure (s, "dutch"), "x", "10", NULL));
  g_assert_true (ph_figure_set_attr (s, ph_scenario_find_figure (s, "dutch"), "y", "21", NULL));
  g_assert_true (ph_figure_set_attr (s, ph_scenario_find_figure (s, "mose"), "y", "22", NULL));
  game = ph_game_new (s, 4242);

  ph_test_step (game, "set-hand", "side=rangers", "cards=JD", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=2S", NULL);
  ph_test_step (game, "call", NULL);
  ph_test_step (game, "activate", "figure=kane", NULL);
  g_assert_nonnull (strstr (last_text (game), "two-eyed jack: +1 to hit in close combat"));
  ph_test_step (game, "close-combat", "figure=kane", "target=dutch", NULL);
  e = ph_test_last_event (game);
  g_assert_cmpuint (e->rolls->len, ==, 2);
  a = ph_test_roll (e, 0);
  b = ph_test_roll (e, 1);
  /* the die is the log's to name: "close combat against Dutch: d10 -> 6",
   * never "d10: d10 -> 6" */
  g_assert_cmpstr (a->purpose, ==, "close combat against Dutch, +1 for the two-eyed jack");
  g_assert_cmpstr (b->purpose, ==, "close combat against Kane");
  g_assert_cmpint (a->n, ==, 1);
  g_assert_cmpint (b->n, ==, 1);
  mine = a->values[0] + 1;
  theirs = b->values[0];
  g_assert_cmpint (ph_test_figure (game, "dutch")->stats.fistful.wounds, ==, mine > theirs);
  g_assert_cmpint (ph_test_figure (game, "kane")->stats.fistful.wounds, ==, theirs > mine);

  /* Dutch with a deuce rolls two dice, keeps the best */
  ph_test_step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "2");
  ph_test_step (game, "activate", "figure=dutch", NULL);
  ph_test_step (game, "close-combat", "figure=dutch", "target=mose", NULL);
  e = ph_test_last_event (game);
  a = ph_test_roll (e, 0);
  b = ph_test_roll (e, 1);
  g_assert_cmpint (a->n, ==, 2);
  g_assert_cmpint (b->n, ==, 1);
  g_assert_cmpstr (a->purpose, ==, "close combat against Mose, the better of two dice counts (deuce)");
  mine = MAX (a->values[0], a->values[1]);
  theirs = b->values[0];
  g_assert_cmpint (ph_test_figure (game, "mose")->stats.fistful.wounds, ==, mine > theirs);

  print_log (game);
}

static void
test_bad_requests (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 8);

  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "no action 'fire'", "fire", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "there is no side 'blue'", "set-hand",
                  "side=blue", "cards=KS", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "'ZZ' is not a card", "set-hand",
                  "side=rangers", "cards=KS ZZ", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "KS is given twice", "set-hand",
                  "side=rangers", "cards=KS KS", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "there is no figure 'nobody'", "activate",
                  "figure=nobody", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "play a card for it first", "move",
                  "figure=kane", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "No model is acting now", "end-activation", NULL);

  /* a card taken from the other side's hand is replaced from the deck */
  ph_test_step (game, "set-hand", "side=french", "cards=KS QS", NULL);
  ph_test_step (game, "set-hand", "side=rangers", "cards=KS 5H", NULL);
  g_assert_cmpuint (count_cards (var (game, "hand:french")), ==, 2);
  g_assert_null (strstr (var (game, "hand:french"), "KS"));
  g_assert_cmpuint (count_cards (var (game, "deck")), ==, 48);
  ph_test_step (game, "call", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "before the caller's first call", "set-hand",
                  "side=rangers", "cards=KS", NULL);
}

/* Cards as players say and write them, never the command line's codes:
 * the log's words ("the King of Spades", an ace declared as another card
 * with both), the turn bar's symbols ("K♠", hands "Q♥ 7♣ 10♦"); text
 * that is no card stays as it is */
static void
test_card_names (void)
{
  static const struct { const char *code, *words, *symbols; } cards[] = {
    { "KS", "the King of Spades", "K♠" },
    { "10D", "the Ten of Diamonds", "10♦" },
    { "2C", "the Deuce of Clubs", "2♣" },
    { "JH", "the Jack of Hearts", "J♥" },
    { "AH=6D", "the Ace of Hearts as the Six of Diamonds", "A♥ as 6♦" },
    { "AS=KH:fr", "the Ace of Spades as the King of Hearts", "A♠ as K♥" },
    /* an ace is wild but never as an ace; a two-letter word is no card */
    { "AH=AS", "AH=AS", "AH=AS" },
    { "ZZ", "ZZ", "ZZ" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cards); i++)
    {
      g_autofree char *words = ph_fistful_card_name (cards[i].code);
      g_autofree char *symbols = ph_fistful_card_short (cards[i].code);

      g_assert_cmpstr (words, ==, cards[i].words);
      g_assert_cmpstr (symbols, ==, cards[i].symbols);
    }
  {
    g_autofree char *hand = ph_fistful_cards_short (" QH 7C  10D ");
    g_autofree char *none = ph_fistful_cards_short (NULL);

    g_assert_cmpstr (hand, ==, "Q♥ 7♣ 10♦");
    g_assert_cmpstr (none, ==, "");
  }
}

/* Declare an ace in the Game tab: its "Plays as" and "Ace" are lists of
 * cards in words, the command line's codes their values; the rules list
 * the aces the side holds and the cards of the rank called (issue 11:
 * nothing to type) */
static void
test_ace_choices (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 7);
  const PhGameActionInfo *info = ph_game_find_action (game, "declare-ace");
  const PhGameArg *as = &info->args[1];
  const PhGameArg *ace = &info->args[2];
  g_autoptr (GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GString) allowed = g_string_new (NULL);

  /* no code in the help */
  g_assert_null (strstr (info->help, "KS"));
  g_assert_cmpstr (as->name, ==, "as");
  g_assert_cmpint (as->kind, ==, PH_GAME_ARG_CHOICE);
  g_assert_cmpstr (ace->name, ==, "ace");
  g_assert_cmpint (ace->kind, ==, PH_GAME_ARG_CHOICE);
  g_assert_true (ace->optional);
  /* every card but the aces, Kings to Deuces in suit order, each in
   * the words the log uses */
  g_assert_cmpuint (g_strv_length ((char **) as->choices), ==, 48);
  g_assert_cmpstr (as->choices[0], ==, "KS");
  g_assert_cmpstr (as->choice_labels[0], ==, "King of Spades");
  g_assert_cmpstr (as->choices[5], ==, "QH");
  g_assert_cmpstr (as->choice_labels[5], ==, "Queen of Hearts");
  g_assert_cmpstr (as->choices[47], ==, "2C");
  g_assert_cmpstr (as->choice_labels[47], ==, "Deuce of Clubs");
  for (guint i = 0; as->choices[i] != NULL; i++)
    {
      g_autofree char *words = ph_fistful_card_name (as->choices[i]);

      g_assert_nonnull (as->choice_labels[i]);
      g_assert_cmpstr (as->choice_labels[i], ==, words + strlen ("the "));
      g_assert_true (as->choices[i][0] != 'A');
    }
  g_assert_null (as->choice_labels[48]);
  g_assert_cmpuint (g_strv_length ((char **) ace->choices), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *words = ph_fistful_card_name (ace->choices[i]);

      g_assert_cmpint (ace->choices[i][0], ==, 'A');
      g_assert_cmpstr (ace->choice_labels[i], ==, words + strlen ("the "));
    }
  g_assert_cmpstr (ace->choice_labels[1], ==, "Ace of Hearts");

  ph_test_step (game, "set-hand", "side=rangers", "cards=5C KH", NULL);
  ph_test_step (game, "set-hand", "side=french", "cards=AD AS KS", NULL);

  /* the aces the side holds */
  g_hash_table_insert (args, "side", "french");
  for (guint i = 0; i < 4; i++)
    if (ph_game_choice_allowed (game, "declare-ace", "ace", ace->choices[i], args))
      g_string_append_printf (allowed, "%s ", ace->choices[i]);
  g_assert_cmpstr (allowed->str, ==, "AS AD ");
  g_hash_table_insert (args, "side", "rangers");
  for (guint i = 0; i < 4; i++)
    g_assert_false (ph_game_choice_allowed (game, "declare-ace", "ace", ace->choices[i], args));

  /* nothing called yet: every card (Perform says to call first) */
  for (guint i = 0; as->choices[i] != NULL; i++)
    g_assert_true (ph_game_choice_allowed (game, "declare-ace", "as", as->choices[i], args));
  /* Kings! called: the four Kings only */
  ph_test_step (game, "call", NULL);
  g_string_truncate (allowed, 0);
  for (guint i = 0; as->choices[i] != NULL; i++)
    if (ph_game_choice_allowed (game, "declare-ace", "as", as->choices[i], args))
      g_string_append_printf (allowed, "%s ", as->choices[i]);
  g_assert_cmpstr (allowed->str, ==, "KS KH KD KC ");

  /* the values chosen are what Perform takes */
  ph_test_step (game, "declare-ace", "side=french", "ace=AD", "as=KD", NULL);
  g_assert_nonnull (strstr (last_text (game),
                            "French: the Ace of Diamonds as the King of Diamonds laid down"));
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "French does not hold the Ace of Hearts",
                  "declare-ace", "side=french", "ace=AH", "as=KC", NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/fistful/card-order", test_card_order);
  g_test_add_func ("/game/fistful/deal", test_deal);
  g_test_add_func ("/game/fistful/sequence", test_sequence);
  g_test_add_func ("/game/fistful/aces", test_aces);
  g_test_add_func ("/game/fistful/ace-choices", test_ace_choices);
  g_test_add_func ("/game/fistful/extra-cards", test_extra_cards);
  g_test_add_func ("/game/fistful/queens-and-sixes", test_queens_and_sixes);
  g_test_add_func ("/game/fistful/reload", test_reload);
  g_test_add_func ("/game/fistful/shoot", test_shoot);
  g_test_add_func ("/game/fistful/two-pistols", test_two_pistols);
  g_test_add_func ("/game/fistful/shoot-needs-options", test_shoot_needs_options);
  g_test_add_func ("/game/fistful/recover", test_recover);
  g_test_add_func ("/game/fistful/close-combat", test_close_combat);
  g_test_add_func ("/game/fistful/queen-of-spades-not-shaken", test_queen_of_spades_not_shaken);
  g_test_add_func ("/game/fistful/close-combat-contact", test_close_combat_contact);
  g_test_add_func ("/game/fistful/close-combat-odds", test_close_combat_odds);
  g_test_add_func ("/game/fistful/bad-requests", test_bad_requests);
  g_test_add_func ("/game/fistful/card-names", test_card_names);

  return g_test_run ();
}
