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
#include "ph-test-util.h"

/* ph-game-fistful.c's card order */
int   ph_fistful_card_compare   (const char *a, const char *b);
char *ph_fistful_sort_card_list (const char *list);

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

/* The figures (without the stored <game>) and every variable */
static char *
state_of (PhGame *game)
{
  g_autoptr (PhScenario) copy = ph_scenario_copy (ph_game_get_scenario (game));
  g_autofree char *xml = NULL;
  g_autoptr (GString) s = NULL;
  g_autoptr (GList) keys = g_hash_table_get_keys (game->vars);

  g_clear_pointer (&copy->game_xml, g_free);
  xml = ph_scenario_to_xml (copy, NULL);
  s = g_string_new (xml);
  keys = g_list_sort (keys, (GCompareFunc) strcmp);
  for (GList *l = keys; l != NULL; l = l->next)
    g_string_append_printf (s, "\n%s=%s", (char *) l->data,
                            (char *) g_hash_table_lookup (game->vars, l->data));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static const PhRoll *
last_roll (PhGame *game,
           guint   i)
{
  const PhEvent *e = ph_game_get_event (game, ph_game_get_position (game) - 1);

  g_assert_cmpuint (i, <, e->rolls->len);
  return g_ptr_array_index (e->rolls, i);
}

static const char *
last_text (PhGame *game)
{
  return ph_game_get_event (game, ph_game_get_position (game) - 1)->text;
}

/* Saves and loads through the file's text: the same state, the same next
 * dice */
static void
check_round_trip (PhGame *game)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autoptr (PhScenario) copy = NULL;
  g_autoptr (PhGame) loaded = NULL;
  int next_a, next_b;

  ph_game_store (game);
  xml = ph_scenario_to_xml (ph_game_get_scenario (game), NULL);
  copy = ph_scenario_load_data (xml, strlen (xml), "fistful-saved.xml", &error);
  g_assert_no_error (error);
  loaded = ph_game_load (copy, "fistful-saved.xml", &error);
  g_assert_no_error (error);
  a = state_of (game);
  b = state_of (loaded);
  g_assert_cmpstr (a, ==, b);
  g_assert_cmpuint (ph_game_get_position (loaded), ==, ph_game_get_position (game));

  g_assert_true (ph_game_roll_tray (game, "3d10", "next dice", NULL));
  g_assert_true (ph_game_roll_tray (loaded, "3d10", "next dice", NULL));
  next_a = last_roll (game, 0)->total;
  next_b = last_roll (loaded, 0)->total;
  g_assert_cmpint (next_a, ==, next_b);
  g_assert_true (ph_game_undo (game, NULL));
}

static GHashTable *
args_of (va_list ap)
{
  GHashTable *args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  const char *a;

  while ((a = va_arg (ap, const char *)) != NULL)
    {
      const char *eq = strchr (a, '=');

      g_assert_nonnull (eq);
      g_hash_table_insert (args, g_strndup (a, eq - a), g_strdup (eq + 1));
    }
  return args;
}

/* Performs @action ("name=value" arguments, NULL-terminated), asserting
 * that it succeeds, that undo gives back the state before and redo the
 * state after, and that save and load keep it. */
static void
step (PhGame     *game,
      const char *action,
      ...)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) args = NULL;
  g_autofree char *before = state_of (game);
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  va_list ap;

  va_start (ap, action);
  args = args_of (ap);
  va_end (ap);

  if (!ph_game_perform (game, action, args, &error))
    g_error ("%s failed: %s", action, error->message);
  after = state_of (game);

  g_assert_true (ph_game_undo (game, NULL));
  undone = state_of (game);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (ph_game_redo (game, NULL));
  redone = state_of (game);
  g_assert_cmpstr (redone, ==, after);

  check_round_trip (game);
}

/* Performs @action expecting @code with @needle in the message, and no
 * change at all */
static void
step_fails (PhGame     *game,
            int         code,
            const char *needle,
            const char *action,
            ...)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) args = NULL;
  g_autofree char *before = state_of (game);
  g_autofree char *after = NULL;
  guint position = ph_game_get_position (game);
  va_list ap;

  va_start (ap, action);
  args = args_of (ap);
  va_end (ap);

  g_assert_false (ph_game_perform (game, action, args, &error));
  g_assert_error (error, PH_GAME_ERROR, code);
  if (strstr (error->message, needle) == NULL)
    g_error ("%s: '%s' does not say '%s'", action, error->message, needle);
  after = state_of (game);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (ph_game_get_position (game), ==, position);
}

static const char *
var (PhGame     *game,
     const char *name)
{
  return ph_game_get_var (game, name);
}

static PhFigure *
figure (PhGame     *game,
        const char *id)
{
  return ph_scenario_find_figure (ph_game_get_scenario (game), id);
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
  g_assert_nonnull (strstr (describe, var (game, "hand:rangers")));
  g_assert_nonnull (strstr (describe, var (game, "hand:french")));

  /* the same seed deals the same cards */
  {
    g_autoptr (PhScenario) s2 = load_game_scenario (NULL, NULL, NULL);
    g_autoptr (PhGame) again = NULL;

    ph_scenario_find_figure (s2, "pierre")->status |= PH_STATUS_DEAD;
    again = ph_game_new (s2, 2026);
    g_assert_cmpstr (var (again, "deck"), ==, var (game, "deck"));
    g_assert_cmpstr (var (again, "hand:french"), ==, var (game, "hand:french"));
  }

  check_round_trip (game);
}

/* The caller, suit order and aces, as in the text's examples */
static void
test_sequence (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 7);

  step (game, "set-hand", "side=rangers", "cards=5C KH", NULL);
  step (game, "set-hand", "side=french", "cards=AD KS", NULL);
  g_assert_cmpstr (var (game, "hand:rangers"), ==, "KH 5C");
  g_assert_cmpstr (var (game, "hand:french"), ==, "AD KS");
  g_assert_cmpuint (count_cards (var (game, "deck")), ==, 48);

  step_fails (game, PH_GAME_ERROR_NOT_NOW, "call first",
              "declare-ace", "side=french", "as=KH", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "no card is up", "activate", "figure=kane", NULL);

  /* "Kings!": every King is thrown down, Spades before Hearts */
  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "K");
  g_assert_cmpstr (var (game, "table"), ==, "KS:french KH:rangers");
  g_assert_cmpstr (var (game, "hand:rangers"), ==, "5C");
  g_assert_cmpstr (var (game, "hand:french"), ==, "AD");
  g_assert_nonnull (strstr (last_text (game), "\"Kings!\""));

  step_fails (game, PH_GAME_ERROR_NOT_NOW, "an ace played now must be one of them",
              "declare-ace", "side=french", "as=QS", NULL);
  step_fails (game, PH_GAME_ERROR_BAD_ACTION, "not a card",
              "declare-ace", "side=french", "as=AS", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "Rangers holds no ace",
              "declare-ace", "side=rangers", "as=KS", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "cards of this call are still to be played",
              "call", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "cards are still to be played", "end-turn", NULL);

  /* the King of Spades is French: a Ranger cannot take it */
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "the next card is the King of Spades, held by French",
              "activate", "figure=kane", NULL);
  step (game, "activate", "figure=dutch", NULL);
  g_assert_cmpstr (var (game, "active"), ==, "dutch");
  g_assert_cmpstr (var (game, "active-side"), ==, "french");
  g_assert_cmpstr (var (game, "card-up"), ==, "KS");
  g_assert_cmpstr (var (game, "actions-left"), ==, "2");
  g_assert_cmpstr (ph_game_get_figure_var (game, "dutch", "card"), ==, "KS");
  g_assert_cmpstr (ph_game_get_figure_var (game, "dutch", "activated"), ==, "true");

  step_fails (game, PH_GAME_ERROR_NOT_NOW, "Kane is not the model acting now (Dutch is)",
              "move", "figure=kane", NULL);
  step (game, "move", "figure=dutch", "x=24", "y=20", NULL);
  g_assert_cmpfloat (figure (game, "dutch")->x, ==, 24);
  g_assert_cmpstr (var (game, "actions-left"), ==, "1");
  g_assert_nonnull (strstr (last_text (game), "Dutch moves 4.0 in"));

  /* Kane's King of Hearts next; Dutch's unused action is lost */
  step (game, "activate", "figure=kane", NULL);
  g_assert_nonnull (strstr (last_text (game), "Dutch's activation ends with 1 action unused"));
  g_assert_cmpstr (var (game, "card-up"), ==, "KH");
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "Dutch has already been activated this turn",
              "activate", "figure=dutch", NULL);

  /* an ace as the King of Spades now would be out of sequence; as the
   * King of Hearts it goes after the real one */
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "too late for KS",
              "declare-ace", "side=french", "as=KS", NULL);
  step (game, "declare-ace", "side=french", "as=KH", NULL);
  g_assert_cmpstr (var (game, "table"), ==, "AD=KH:french");
  g_assert_null (var (game, "hand:french"));
  g_assert_nonnull (strstr (last_text (game),
                            "French lays down the Ace of Diamonds as the King of Hearts"));

  {
    g_autofree char *d = ph_game_describe (game);

    g_assert_cmpstr (d, ==, "Turn 1 - Kings! called - Kane acting (KH), 2 actions left"
                     " - next card AD=KH (French) - hands: Rangers 5C; French (none)");
  }
  step (game, "end-activation", NULL);
  g_assert_null (var (game, "active"));
  step (game, "activate", "figure=pierre", NULL);
  g_assert_cmpstr (ph_game_get_figure_var (game, "pierre", "card"), ==, "AD=KH");

  /* nobody can play Queens to Sixes: the caller passes on to Fives */
  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "5");
  g_assert_nonnull (strstr (last_text (game), "(nobody can play Queens, Jacks, Tens, "
                                              "Nines, Eights, Sevens, Sixes)"));
  g_assert_cmpstr (var (game, "table"), ==, "5C:rangers");
  step (game, "activate", "figure=mose", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "every card has been played", "call", NULL);

  /* "WHEN ALL CARDS HAVE BEEN PLAYED ... A NEW TURN BEGINS": the 52 cards
   * are shuffled and dealt again */
  step (game, "end-turn", NULL);
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
    g_autofree char *end = state_of (game);
    g_autofree char *replayed = NULL;
    guint n = ph_game_get_position (game);

    g_assert_true (ph_game_seek (game, 1, NULL));
    g_assert_cmpuint (count_cards (var (game, "deck")), ==, 48);
    g_assert_null (var (game, "call"));
    g_assert_cmpfloat (figure (game, "dutch")->x, ==, 20);
    g_assert_true (ph_game_seek (game, n, NULL));
    replayed = state_of (game);
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

  step (game, "set-hand", "side=rangers", "cards=AH AC", NULL);
  step (game, "set-hand", "side=french", "cards=AS 2D", NULL);

  /* Kings: the Rangers' Ace of Clubs and the French Ace of Spades both
   * play the King of Spades; then the Rangers' Ace of Hearts plays it too:
   * Spades, Hearts, Clubs among the aces */
  step (game, "call", NULL);
  step (game, "declare-ace", "side=rangers", "ace=AC", "as=KS", NULL);
  step (game, "declare-ace", "side=french", "as=KS", NULL);
  step (game, "declare-ace", "side=rangers", "as=KS", NULL);
  g_assert_cmpstr (var (game, "table"), ==, "AS=KS:french AH=KS:rangers AC=KS:rangers");
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "the next card is the Ace of Spades as the King of Spades",
              "activate", "figure=kane", NULL);
  step (game, "activate", "figure=dutch", NULL);
  step (game, "activate", "figure=kane", NULL);
  g_assert_cmpstr (ph_game_get_figure_var (game, "kane", "card"), ==, "AH=KS");
  step (game, "activate", "figure=mose", NULL);
  g_assert_cmpstr (ph_game_get_figure_var (game, "mose", "card"), ==, "AC=KS");

  /* nothing else to call but Deuces */
  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "2");
  g_assert_cmpstr (var (game, "table"), ==, "2D:french");
  step (game, "activate", "figure=pierre", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "every card has been played", "call", NULL);
  step (game, "end-turn", NULL);

  /* The last call: an ace kept to the end plays as the deuce of its suit,
   * after the real one */
  step (game, "set-hand", "side=rangers", "cards=AS", NULL);
  step (game, "set-hand", "side=french", "cards=2S", NULL);
  /* every rank is called while someone holds an ace */
  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "K");
  for (int i = 0; i < 11; i++)
    step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "2");
  g_assert_cmpstr (var (game, "table"), ==, "2S:french");
  step (game, "activate", "figure=dutch", NULL);
  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "aces");
  g_assert_cmpstr (var (game, "table"), ==, "AS=2S:rangers");
  g_assert_nonnull (strstr (last_text (game), "the Ace of Spades as the Deuce of Spades"));
  step (game, "activate", "figure=kane", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "every card has been called", "call", NULL);

  print_log (game);
}

/* "The player holds on to the extra card until the end of the turn and
 * tosses it on the discard pile." */
static void
test_extra_cards (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 3);

  step (game, "set-hand", "side=rangers", "cards=KS KH", NULL);
  step (game, "set-hand", "side=french", "cards=QD 4C", NULL);
  /* Mose is eliminated before he has a chance to act */
  step (game, "referee", "figure=mose", "out=true", NULL);
  g_assert_true (figure (game, "mose")->status & PH_STATUS_DEAD);

  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "table"), ==, "KS:rangers KH:rangers");
  step (game, "activate", "figure=kane", NULL);
  /* the King of Hearts has no model to activate: the caller goes on and
   * the card goes back to the Rangers' hand */
  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "Q");
  g_assert_cmpstr (var (game, "hand:rangers"), ==, "KH");
  step (game, "activate", "figure=dutch", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "4C (French)", "end-turn", NULL);
  step (game, "call", NULL);
  step (game, "activate", "figure=pierre", NULL);

  step (game, "end-turn", NULL);
  g_assert_nonnull (strstr (last_text (game), "Rangers discards KH"));
  /* one card for Kane only now */
  g_assert_cmpuint (count_cards (var (game, "hand:rangers")), ==, 1);

  /* force ends a turn with cards unplayed */
  step (game, "call", NULL);
  step (game, "end-turn", "force=true", NULL);
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

  step (game, "set-hand", "side=rangers", "cards=QH AC", NULL);
  step (game, "set-hand", "side=french", "cards=QS 6D", NULL);

  /* the Rangers' ace could be a King */
  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "K");
  g_assert_null (var (game, "table"));
  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "table"), ==, "QS:french QH:rangers");
  step (game, "activate", "figure=dutch", NULL);
  g_assert_false (figure (game, "dutch")->stats.fistful.shaken);
  g_assert_nonnull (strstr (last_text (game), "the Queen of Spades: no longer Shaken"));
  g_assert_cmpstr (var (game, "actions-left"), ==, "2"); /* "still has its 2 actions" */
  step (game, "activate", "figure=kane", NULL);
  g_assert_cmpint (figure (game, "kane")->stats.fistful.wounds, ==, 1);
  g_assert_nonnull (strstr (last_text (game), "heals one wound (1 left)"));
  g_assert_cmpstr (var (game, "actions-left"), ==, "2");

  /* Dutch still carries his RELOAD marker; Pierre takes the six */
  g_assert_true (figure (game, "dutch")->stats.fistful.reload);
  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "J"); /* the Rangers hold an ace */
  step (game, "call", NULL);
  step (game, "call", NULL);
  step (game, "call", NULL);
  step (game, "call", NULL);
  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "6");
  /* Mose's ace as a six: after the real Six of Diamonds */
  step (game, "declare-ace", "side=rangers", "as=6D", NULL);
  g_assert_cmpstr (var (game, "table"), ==, "6D:french AC=6D:rangers");
  step (game, "activate", "figure=pierre", NULL);
  g_assert_nonnull (strstr (last_text (game), "a six: already loaded"));
  step (game, "end-turn", "force=true", NULL);

  /* Dutch's marker goes with a six */
  step (game, "set-hand", "side=rangers", "cards=", NULL);
  step (game, "set-hand", "side=french", "cards=AH", NULL);
  step (game, "call", NULL);
  for (int i = 0; i < 6; i++)
    step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "7");
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "Sevens are called", "declare-ace",
              "side=french", "as=6S", NULL);
  step (game, "call", NULL);
  step (game, "declare-ace", "side=french", "as=6S", NULL);
  step (game, "activate", "figure=dutch", NULL);
  g_assert_false (figure (game, "dutch")->stats.fistful.reload);
  g_assert_true (g_array_index (figure (game, "dutch")->weapons, PhWeapon, 0).loaded);
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
  g_autoptr (PhGame) game = ph_game_new (s, 9);

  step (game, "set-hand", "side=rangers", "cards=KS QS", NULL);
  step (game, "set-hand", "side=french", "cards=JS 10S", NULL);
  step (game, "call", NULL);
  step (game, "activate", "figure=kane", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "needs reloading", "shoot",
              "figure=kane", "target=dutch", NULL);
  step (game, "reload", "figure=kane", NULL);
  g_assert_cmpstr (ph_game_get_figure_var (game, "kane", "reload-progress"), ==, "1");
  g_assert_true (figure (game, "kane")->stats.fistful.reload);
  g_assert_cmpstr (var (game, "actions-left"), ==, "1");
  step (game, "reload", "figure=kane", NULL);
  g_assert_false (figure (game, "kane")->stats.fistful.reload);
  g_assert_null (ph_game_get_figure_var (game, "kane", "reload-progress"));
  /* two actions spent: the activation is over */
  g_assert_null (var (game, "active"));
  g_assert_null (var (game, "actions-left"));
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "already been activated", "reload", "figure=kane", NULL);

  /* Mose shoots, then cannot start a reload with one action left */
  step (game, "call", NULL);
  step (game, "activate", "figure=mose", NULL);
  step (game, "shoot", "figure=mose", "target=dutch", NULL);
  g_assert_true (figure (game, "mose")->stats.fistful.reload);
  g_assert_false (g_array_index (figure (game, "mose")->weapons, PhWeapon, 0).loaded);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "only one left", "reload", "figure=mose", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "not loaded", "shoot", "figure=mose",
              "target=pierre", NULL);

  /* Dutch has nothing to reload; he and Pierre fire */
  step (game, "call", NULL);
  step (game, "activate", "figure=dutch", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "nothing to reload", "reload", "figure=dutch", NULL);
  step (game, "shoot", "figure=dutch", "target=kane", NULL);
  step (game, "end-activation", NULL);
  step (game, "call", NULL);
  step (game, "activate", "figure=pierre", NULL);
  step (game, "shoot", "figure=pierre", "target=kane", NULL);
  step (game, "end-activation", NULL);
  step (game, "end-turn", NULL);

  step (game, "set-hand", "side=rangers", "cards=", NULL);
  step (game, "set-hand", "side=french", "cards=KD", NULL);
  step (game, "call", NULL);
  step (game, "activate", "figure=dutch", NULL);
  /* a reload begun is lost when the activation ends */
  step (game, "reload", "figure=dutch", NULL);
  step (game, "end-activation", NULL);
  g_assert_nonnull (strstr (last_text (game), "reloading is lost"));
  g_assert_null (ph_game_get_figure_var (game, "dutch", "reload-progress"));
  g_assert_true (figure (game, "dutch")->stats.fistful.reload);

  print_log (game);
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

  step (game, "set-hand", "side=rangers", "cards=JH 2C", NULL);
  step (game, "set-hand", "side=french", "cards=9S JD", NULL);
  step (game, "call", NULL);
  step (game, "activate", "figure=kane", NULL);
  g_assert_nonnull (strstr (last_text (game), "one-eyed jack: +1 to hit in shooting"));
  step_fails (game, PH_GAME_ERROR_BAD_ACTION, "no figure 'nobody'", "shoot",
              "figure=kane", "target=nobody", NULL);
  step (game, "shoot", "figure=kane", "target=dutch", NULL);
  roll = last_roll (game, 0);
  g_assert_cmpint (roll->n, ==, 1);
  g_assert_cmpint (roll->sides, ==, 10);
  g_assert_nonnull (strstr (roll->purpose, "one-eyed jack +1, needs 6"));
  wounds = roll->values[0] + 1 >= 6 ? 1 : 0;
  g_assert_cmpint (figure (game, "dutch")->stats.fistful.wounds, ==, wounds);
  g_assert_nonnull (strstr (last_text (game), "Kane fired at Dutch: 10 in, one-eyed jack +1, needs 6"));
  g_assert_nonnull (strstr (last_text (game), wounds ? ": hit, Dutch takes a wound (1)" : ": miss"));
  g_assert_true (figure (game, "kane")->stats.fistful.reload);

  /* the two-eyed jack gives nothing to a shot */
  step (game, "activate", "figure=dutch", NULL);
  step (game, "shoot", "figure=dutch", "target=kane", NULL);
  roll = last_roll (game, 0);
  g_assert_null (strstr (roll->purpose, "jack"));
  g_assert_cmpint (figure (game, "kane")->stats.fistful.wounds, ==, roll->values[0] >= 6 ? 1 : 0);

  /* a deuce: two dice, the best counts */
  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "9");
  step (game, "activate", "figure=pierre", NULL);
  step (game, "end-activation", NULL);
  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "2");
  step (game, "activate", "figure=mose", NULL);
  step (game, "shoot", "figure=mose", "target=pierre", NULL);
  roll = last_roll (game, 0);
  g_assert_cmpint (roll->n, ==, 2);
  g_assert_nonnull (strstr (roll->purpose, "2d10, the best counts (deuce)"));
  g_assert_cmpint (figure (game, "pierre")->stats.fistful.wounds, ==,
                   MAX (roll->values[0], roll->values[1]) >= 6 ? 1 : 0);

  print_log (game);
}

/* Without the book's numbers the engine refuses, and says why */
static void
test_shoot_needs_options (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 1);

  step (game, "set-hand", "side=rangers", "cards=KS KH", NULL);
  step (game, "call", NULL);
  step (game, "activate", "figure=kane", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "set the scenario options shoot-target",
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

  step (game, "set-hand", "side=rangers", "cards=KS 7S", NULL);
  step (game, "set-hand", "side=french", "cards=KH 7H", NULL);
  step (game, "call", NULL);
  step (game, "activate", "figure=kane", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "Kane has no re-roll", "recover",
              "figure=kane", "reroll=true", NULL);
  step_fails (game, PH_GAME_ERROR_BAD_ACTION, "needs must be a whole number", "recover",
              "figure=kane", "needs=x", NULL);
  /* the default score: 6 on a d10 */
  step (game, "recover", "figure=kane", NULL);
  roll = last_roll (game, 0);
  g_assert_nonnull (strstr (roll->purpose, "recovery from Shaken: d10, needs 6"));
  passed = roll->values[0] >= 6;
  g_assert_cmpint (figure (game, "kane")->stats.fistful.shaken, ==, !passed);
  g_assert_cmpstr (ph_game_get_figure_var (game, "kane", "recovery"), ==,
                   passed ? "passed" : "failed");
  if (passed)
    {
      step (game, "other-action", "figure=kane", "what=picks up the colours", NULL);
      g_assert_cmpstr (last_text (game), ==, "Kane: picks up the colours");
    }
  else
    {
      step_fails (game, PH_GAME_ERROR_NOT_NOW, "may only fall back", "move",
                  "figure=kane", NULL);
      step (game, "fall-back", "figure=kane", "x=8", NULL);
      g_assert_nonnull (strstr (last_text (game), "Kane falls back 2.0 in"));
    }
  g_assert_null (var (game, "active"));

  /* Dutch's wound, with the referee's number and a seven's re-roll next */
  step (game, "activate", "figure=dutch", NULL);
  step (game, "recover", "figure=dutch", "needs=11", NULL);
  g_assert_cmpint (figure (game, "dutch")->stats.fistful.wounds, ==, 1); /* 11 on a d10: never */
  g_assert_cmpstr (ph_game_get_figure_var (game, "dutch", "recovery"), ==, "failed");
  step (game, "fall-back", "figure=dutch", NULL);

  /* Sevens: Mose and Pierre get a re-roll */
  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "7");
  step (game, "activate", "figure=mose", NULL);
  g_assert_cmpstr (ph_game_get_figure_var (game, "mose", "reroll"), ==, "available");
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "neither Shaken nor wounded", "recover",
              "figure=mose", NULL);
  step (game, "end-activation", NULL);
  step (game, "activate", "figure=pierre", NULL);
  step (game, "referee", "figure=pierre", "wounds=1", "shaken=false", NULL);
  g_assert_cmpstr (last_text (game), ==, "Referee: Pierre, 1 wound, not Shaken");
  /* 10 always needs the re-roll unless the first die is a 10 */
  step (game, "recover", "figure=pierre", "needs=10", "reroll=true", NULL);
  {
    const PhEvent *e = ph_game_get_event (game, ph_game_get_position (game) - 1);
    const PhRoll *first = g_ptr_array_index (e->rolls, 0);
    int score = first->values[0];

    if (score < 10)
      {
        const PhRoll *again = g_ptr_array_index (e->rolls, 1);

        g_assert_cmpuint (e->rolls->len, ==, 2);
        g_assert_nonnull (strstr (again->purpose, "re-roll"));
        score = again->values[0];
        g_assert_cmpstr (ph_game_get_figure_var (game, "pierre", "reroll"), ==, "used");
      }
    g_assert_cmpint (figure (game, "pierre")->stats.fistful.wounds, ==, score >= 10 ? 0 : 1);
  }
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "", "recover", "figure=pierre", NULL);
  step (game, "end-turn", NULL);
  g_assert_null (ph_game_get_figure_var (game, "pierre", "reroll"));
  g_assert_null (ph_game_get_figure_var (game, "pierre", "recovery"));

  print_log (game);
}

/* Two-eyed jacks: +1 to hit in close combat; deuces: two dice */
static void
test_close_combat (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 4242);
  const PhEvent *e;
  const PhRoll *a, *b;
  int mine, theirs;

  step (game, "set-hand", "side=rangers", "cards=JD", NULL);
  step (game, "set-hand", "side=french", "cards=2S", NULL);
  step (game, "call", NULL);
  step (game, "activate", "figure=kane", NULL);
  g_assert_nonnull (strstr (last_text (game), "two-eyed jack: +1 to hit in close combat"));
  step (game, "close-combat", "figure=kane", "target=dutch", NULL);
  e = ph_game_get_event (game, ph_game_get_position (game) - 1);
  g_assert_cmpuint (e->rolls->len, ==, 2);
  a = g_ptr_array_index (e->rolls, 0);
  b = g_ptr_array_index (e->rolls, 1);
  g_assert_nonnull (strstr (a->purpose, "+1 (two-eyed jack)"));
  g_assert_cmpint (a->n, ==, 1);
  g_assert_cmpint (b->n, ==, 1);
  mine = a->values[0] + 1;
  theirs = b->values[0];
  g_assert_cmpint (figure (game, "dutch")->stats.fistful.wounds, ==, mine > theirs);
  g_assert_cmpint (figure (game, "kane")->stats.fistful.wounds, ==, theirs > mine);

  /* Dutch with a deuce rolls two dice, keeps the best */
  step (game, "call", NULL);
  g_assert_cmpstr (var (game, "call"), ==, "2");
  step (game, "activate", "figure=dutch", NULL);
  step (game, "close-combat", "figure=dutch", "target=mose", NULL);
  e = ph_game_get_event (game, ph_game_get_position (game) - 1);
  a = g_ptr_array_index (e->rolls, 0);
  b = g_ptr_array_index (e->rolls, 1);
  g_assert_cmpint (a->n, ==, 2);
  g_assert_cmpint (b->n, ==, 1);
  mine = MAX (a->values[0], a->values[1]);
  theirs = b->values[0];
  g_assert_cmpint (figure (game, "mose")->stats.fistful.wounds, ==, mine > theirs);

  print_log (game);
}

static void
test_bad_requests (void)
{
  g_autoptr (PhScenario) s = load_game_scenario (NULL, NULL, NULL);
  g_autoptr (PhGame) game = ph_game_new (s, 8);

  step_fails (game, PH_GAME_ERROR_BAD_ACTION, "no action 'fire'", "fire", NULL);
  step_fails (game, PH_GAME_ERROR_BAD_ACTION, "there is no side 'blue'", "set-hand",
              "side=blue", "cards=KS", NULL);
  step_fails (game, PH_GAME_ERROR_BAD_ACTION, "'ZZ' is not a card", "set-hand",
              "side=rangers", "cards=KS ZZ", NULL);
  step_fails (game, PH_GAME_ERROR_BAD_ACTION, "KS is given twice", "set-hand",
              "side=rangers", "cards=KS KS", NULL);
  step_fails (game, PH_GAME_ERROR_BAD_ACTION, "there is no figure 'nobody'", "activate",
              "figure=nobody", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "play a card for it first", "move",
              "figure=kane", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "no model is acting", "end-activation", NULL);

  /* a card taken from the other side's hand is replaced from the deck */
  step (game, "set-hand", "side=french", "cards=KS QS", NULL);
  step (game, "set-hand", "side=rangers", "cards=KS 5H", NULL);
  g_assert_cmpuint (count_cards (var (game, "hand:french")), ==, 2);
  g_assert_null (strstr (var (game, "hand:french"), "KS"));
  g_assert_cmpuint (count_cards (var (game, "deck")), ==, 48);
  step (game, "call", NULL);
  step_fails (game, PH_GAME_ERROR_NOT_NOW, "before the caller's first call", "set-hand",
              "side=rangers", "cards=KS", NULL);
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
  g_test_add_func ("/game/fistful/extra-cards", test_extra_cards);
  g_test_add_func ("/game/fistful/queens-and-sixes", test_queens_and_sixes);
  g_test_add_func ("/game/fistful/reload", test_reload);
  g_test_add_func ("/game/fistful/shoot", test_shoot);
  g_test_add_func ("/game/fistful/shoot-needs-options", test_shoot_needs_options);
  g_test_add_func ("/game/fistful/recover", test_recover);
  g_test_add_func ("/game/fistful/close-combat", test_close_combat);
  g_test_add_func ("/game/fistful/bad-requests", test_bad_requests);

  return g_test_run ();
}
