/* test-game-firelock.c: a game of Firelock and Scalplock
 * (src/rulesets/firelock/ph-game-firelock*.c) with fixed seeds: the text's sample turn
 * replayed step by step, card sequencing (the four ways), IP arithmetic,
 * spending IPs, hit boxes, melee, officers, and undo and save/load after
 * every step
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A seed cannot force a die, so the tests either look for a seed whose
 * dice give the situation wanted (looking ahead with the dice tray, whose
 * rolls an undo takes back), or assert the rule arithmetic from whatever the
 * recorded dice were.
 */
#include <math.h>
#include <string.h>

#include "ph-character.h"
#include "ph-core.h"
#include "ph-test-util.h"

/* Scenarios: an inch table 72 x 48 measured centre to centre; sides "a"
 * (Rangers: the red cards) and "b" (Otter Breath's band: the black) */
static PhScenario *
load_scenario (const char *terrain,
               const char *figures)
{
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"firelock-scalplock\">\n"
    "  <title>Firelock game</title>\n"
    "  <table width=\"72\" height=\"48\" unit=\"in\" measure=\"centre\"/>\n"
    "%s%s%s"
    "  <sides>\n"
    "    <side id=\"a\" name=\"Rangers\" color=\"#2e5fa8\"/>\n"
    "    <side id=\"b\" name=\"Otter Breath's band\" color=\"#b03a2e\"/>\n"
    "  </sides>\n"
    "  <figures>\n%s\n  </figures>\n"
    "</scenario>\n",
    terrain != NULL ? "  <terrain>\n" : "", terrain != NULL ? terrain : "",
    terrain != NULL ? "\n  </terrain>\n" : "", figures);

  return ph_test_load_xml (xml, -1, "firelock-game.xml");
}

/* The text's sample turn: "a woodsman (Guerrilla) with a bravery factor of
 * 10", in the woods with an unloaded smoothbore, and Chief Otter Breath in
 * the woods 24 in away (12 in once the woodsman has moved 12 in) */
#define BIG_WOODS \
  "<feature id=\"forest\" kind=\"woods\"><polygon points=\"0,0 60,0 60,48 0,48\"/></feature>"
#define HAWKEYE \
  "<figure id=\"hawkeye\" name=\"Hawkeye\" side=\"a\" x=\"5\" y=\"20\" troop=\"guerrilla\">" \
  "<weapon kind=\"musket\" loaded=\"false\"/><weapon kind=\"knife\"/>" \
  "<firelock bravery=\"10,7,4,1\"/></figure>"
#define OTTER \
  "<figure id=\"otter\" name=\"Chief Otter Breath\" side=\"b\" x=\"29\" y=\"20\" troop=\"indian\">" \
  "<weapon kind=\"musket\"/><weapon kind=\"tomahawk\"/>" \
  "<firelock bravery=\"8,5,2,1\"/></figure>"

static int
ips_of (PhGame     *game,
        const char *id)
{
  return ph_game_get_figure_var_int (game, id, "ips", -1);
}

/* ------------------------------------------------------------------ */

/* The text's "Sample Turn", step by step.  The seed is looked for: the
 * first card is red, the d6 is a 6, and the shot's dice are the text's
 * acquisition 4, a hit, result 5 and re-roll 5 */
static gboolean
is_sample_turn (PhGame  *game,
                gpointer data)
{
  static const int sides[] = { 10, 100, 10, 10 };
  static const int lo[] = { 4, 1, 5, 5 };
  static const int hi[] = { 4, 76, 5, 5 };

  if (!ph_test_try (game, "draw-card", NULL)
      || g_strcmp0 (ph_game_get_var (game, "card-up"), "side:a") != 0
      || !ph_test_try (game, "roll-ips", "figure=hawkeye", NULL)
      || ph_test_roll (ph_test_last_event (game), 0)->total != 6)
    return FALSE;
  g_assert_true (ph_test_try (game, "move", "figure=hawkeye", "x=17", "y=20", NULL));
  g_assert_true (ph_test_try (game, "load", "figure=hawkeye", NULL));
  return ph_test_next_dice_are (game, 4, sides, lo, hi);
}

static void
test_sample_turn (void)
{
  g_autoptr(PhScenario) proto = load_scenario (BIG_WOODS, HAWKEYE OTTER);
  guint32 seed = ph_test_find_seed (proto, 1, 1999999, is_sample_turn, NULL);
  g_autoptr(PhScenario) s = ph_scenario_copy (proto);
  g_autoptr(PhGame) game = ph_game_new (s, seed);
  const PhEvent *e;
  const PhRoll *r;
  int chief_ips;

  g_test_message ("seed %u", seed);
  e = ph_test_step (game, "draw-card", NULL);
  ph_test_assert_log_contains (e, "card 1 of 2: a red card (Rangers)");

  /* "rolls a "6" on a d6 ... This would give 16 IPs" */
  e = ph_test_step (game, "roll-ips", "figure=hawkeye", NULL);
  r = ph_test_roll (e, 0);
  g_assert_cmpint (r->sides, ==, 6);
  g_assert_cmpint (r->total, ==, 6);
  g_assert_cmpint (ips_of (game, "hawkeye"), ==, 16);
  g_assert_cmpstr (e->text, ==, "Hawkeye rolls for IPs: d6 6 + bravery 10 = 16 IPs");

  /* "He moves 12" in the woods at a cost of 6 IPs" */
  e = ph_test_step (game, "move", "figure=hawkeye", "x=17", "y=20", NULL);
  g_assert_cmpint (ips_of (game, "hawkeye"), ==, 10);
  g_assert_cmpfloat (ph_test_figure (game, "hawkeye")->x, ==, 17);
  g_assert_true (ph_test_figure (game, "hawkeye")->status & PH_STATUS_MOVED);
  ph_test_assert_log_contains (e, "12.0 in rough");
  ph_test_assert_log_contains (e, "6 IPs, 10 left");

  /* "He loads his smoothbore musket from scratch at a cost of 6 more IPs.
   * He now has 4 IPs left." The Game tab's IPs left out show the 6 the
   * step will take, not 0 */
  {
    g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
    g_autofree char *ips = NULL;

    g_hash_table_insert (args, (gpointer) "figure", (gpointer) "hawkeye");
    ips = ph_game_arg_default (game, "load", "ips", args);
    g_assert_cmpstr (ips, ==, "6");
    g_assert_null (ph_game_arg_default (game, "load", "weapon", args));
  }
  e = ph_test_step (game, "load", "figure=hawkeye", NULL);
  g_assert_cmpint (ips_of (game, "hawkeye"), ==, 4);
  g_assert_true (g_array_index (ph_test_figure (game, "hawkeye")->weapons, PhWeapon, 0).loaded);
  ph_test_assert_log_contains (e, "6 of 6): loaded");

  /* "He pays 2 IPs to increase his chance to acquire ... pays 2 more IPs to
   * aim ... His natural roll was a "4," and with the +5, he has acquired
   * the chief. ... (50-12=38x2= 76%). Our hero rolls a 67 and hits ... He
   * rolls another d10 with a +2 for aiming BUT with a -3 for woods, or -1
   * overall. He rolls a 5, which is now a 4. ... The second roll is a "5,"
   * which modifies to a 4." */
  e = ph_test_step (game, "shoot", "figure=hawkeye", "target=otter", "aim=aim", "spot=true", NULL);
  g_assert_cmpuint (ph_test_n_visible_rolls (e), ==, 4);
  g_assert_cmpint (ph_test_roll (e, 0)->sides, ==, 10);
  g_assert_cmpint (ph_test_roll (e, 0)->total, ==, 4);
  g_assert_cmpint (ph_test_roll (e, 1)->sides, ==, 100);
  g_assert_cmpint (ph_test_roll (e, 1)->total, <=, 76);
  g_assert_cmpint (ph_test_roll (e, 2)->total, ==, 5);
  g_assert_cmpint (ph_test_roll (e, 3)->total, ==, 5);
  ph_test_assert_log_contains (e, "12.0 in, target in woods, 2 IPs to spot, 2 IPs to aim");
  ph_test_assert_log_contains (e, "to acquire d10 4 + 5 = 9: acquired");
  ph_test_assert_log_contains (e, "needs 76% or less");
  ph_test_assert_log_contains (e, "result d10 5 - 1 = 4: roll again, d10 5 - 1 = 4: missed, but "
                                  "Chief Otter Breath is very angry");
  g_assert_cmpint (ips_of (game, "hawkeye"), ==, 0);
  g_assert_false (g_array_index (ph_test_figure (game, "hawkeye")->weapons, PhWeapon, 0).loaded);
  g_assert_true (ph_test_figure (game, "hawkeye")->status & PH_STATUS_FIRED);
  g_assert_true (ph_test_figure (game, "otter")->status & PH_STATUS_ANGRY);
  g_assert_cmpstr (ph_game_get_figure_var (game, "otter", "angry-at"), ==, "hawkeye");
  g_assert_cmpint (ph_test_figure (game, "otter")->stats.firelock.hits, ==, 0);

  /* Hawkeye has nothing left; his musket is empty */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "is not loaded", "shoot", "figure=hawkeye",
                  "target=otter", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "has no IPs", "load", "figure=hawkeye", NULL);

  /* "The chief must use all of his IPs to try and close with the woodsman
   * when it is the chief's turn." */
  e = ph_test_step (game, "draw-card", NULL);
  ph_test_assert_log_contains (e, "black card");
  g_assert_null (ph_game_get_figure_var (game, "hawkeye", "ips"));
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "already been activated", "roll-ips",
                  "figure=hawkeye",
                  NULL);
  /* with the card up, the reason says what is missing */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "the card up calls for a roll for IPs first",
                  "move", "figure=otter", "x=28", "y=20", NULL);
  e = ph_test_step (game, "roll-ips", "figure=otter", NULL);
  chief_ips = ph_test_roll (e, 0)->total + 8;

  g_assert_cmpint (ips_of (game, "otter"), ==, chief_ips);
  g_assert_cmpint (ph_game_get_figure_var_int (game, "otter", "close-ips", 0), ==, chief_ips);
  ph_test_assert_log_contains (e, "angry");
  /* he may not spend them on anything else, nor move away */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "not eligible", "shoot", "figure=otter",
                  "target=hawkeye", "aim=aim", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "must spend", "move", "figure=otter", "x=31",
                  "y=20", NULL);
  /* dragged the same: away from the woodsman, the owed IPs are added to
   * the cost, so it does not fit; towards him, it does */
  {
    PhMovePlan plan;
    PhMoveCost cost;

    g_assert_true (ph_game_plan_move (game, "otter", &plan, NULL));
    g_assert_cmpfloat (plan.allowance, ==, chief_ips);
    ph_game_move_cost (game, "otter", &plan, (PhPoint) { 31, 20 }, &cost);
    g_assert_false (ph_move_cost_fits (&plan, &cost));
    g_assert_cmpstr (cost.mode, ==, "not towards the shooter: IPs owed to closing");
    ph_game_move_cost (game, "otter", &plan, (PhPoint) { 28, 20 }, &cost);
    g_assert_true (ph_move_cost_fits (&plan, &cost));
    g_assert_cmpfloat (cost.cost, ==, 1);
    ph_move_plan_clear (&plan);
  }
  /* 1 in towards the woodsman in the woods: 1/2 IP, a whole IP paid */
  e = ph_test_step (game, "move", "figure=otter", "x=28", "y=20", NULL);
  g_assert_cmpint (ips_of (game, "otter"), ==, chief_ips - 1);
  g_assert_cmpint (ph_game_get_figure_var_int (game, "otter", "close-ips", 0), ==,
                   chief_ips - 1);
  /* "Figure may fire if already loaded, but is not eligible for any
   * bonuses": he shoots, the woodsman in cover having fired is acquired
   * without a roll */
  e = ph_test_step (game, "shoot", "figure=otter", "target=hawkeye", NULL);
  g_assert_cmpint (ph_test_roll (e, 0)->sides, ==, 100);
  g_assert_cmpint (ips_of (game, "otter"), ==, chief_ips - 1);

  /* The turn ends: fired and moved go, the chief's anger is spent */
  e = ph_test_step (game, "end-turn", NULL);
  ph_test_assert_log_contains (e, "Turn 1 ends. Turn 2 begins");
  g_assert_cmpint (ph_game_get_var_int (game, "turn", 0), ==, 2);
  g_assert_false (ph_test_figure (game, "hawkeye")->status & (PH_STATUS_FIRED | PH_STATUS_MOVED));
  g_assert_false (ph_test_figure (game, "otter")->status & (PH_STATUS_ANGRY | PH_STATUS_FIRED));
  g_assert_null (ph_game_get_figure_var (game, "otter", "angry-at"));
  g_assert_null (ph_game_get_figure_var (game, "otter", "activated"));
  g_assert_null (ph_game_get_figure_var (game, "otter", "close-ips"));
}

/* ------------------------------------------------------------------ */
/* Cards */

#define LINE(id, side, x, y, extra) \
  "<figure id=\"" id "\" side=\"" side "\" x=\"" #x "\" y=\"" #y "\" troop=\"line\">" \
  "<weapon kind=\"musket\"/><weapon kind=\"bayonet\"/>" \
  "<firelock bravery=\"7,4,2,1\" " extra "/></figure>"

#define FIVE_FIGURES \
  LINE ("a1", "a", 10, 10, "") LINE ("a2", "a", 12, 10, "") LINE ("a3", "a", 14, 10, "officer=\"true\"") \
  LINE ("b1", "b", 10, 30, "") LINE ("b2", "b", 12, 30, "officer=\"true\"")

/* The deck is a Fisher-Yates shuffle of 3 red and 2 black cards, by the
 * start event's hidden draws */
static void
test_cards (void)
{
  g_autoptr(PhScenario) s = load_scenario (NULL, FIVE_FIGURES);
  g_autoptr(PhGame) game = ph_game_new (s, 42);
  const PhEvent *start = ph_game_get_event (game, 0);
  const char *expected[5] = { "side:a", "side:a", "side:a", "side:b", "side:b" };
  g_autofree char *joined = NULL;
  g_autofree char *describe = NULL;
  guint k = 0;

  g_assert_cmpstr (start->kind, ==, "start");
  g_assert_cmpstr (start->text, ==,
                   "Turn 1 begins: the deck holds 3 red cards (Rangers), "
                   "2 black cards (Otter Breath's band), shuffled");
  /* item i swaps with one of 0..i, i from the last down */
  for (guint i = 5; i > 1; i--)
    {
      const PhRoll *r = ph_test_roll (start, k++);
      const char *tmp;

      g_assert_true (r->hidden);
      g_assert_cmpint (r->sides, ==, (int) i);
      tmp = expected[i - 1];
      expected[i - 1] = expected[r->total - 1];
      expected[r->total - 1] = tmp;
    }
  joined = g_strdup_printf ("%s %s %s %s %s", expected[0], expected[1], expected[2],
                            expected[3], expected[4]);
  g_assert_cmpstr (ph_game_get_var (game, "deck"), ==, joined);
  describe = ph_game_describe (game);
  /* where the game stands; the turn bar puts the step expected first
   * ("Next: Draw a card · Turn 1 - 5 cards left") */
  g_assert_cmpstr (describe, ==, "Turn 1 - 5 cards left");
  g_assert_cmpstr (ph_game_expected (game), ==, "draw-card");
  ph_test_check_save_load (game);

  /* Nothing acts before a card; each card is answered by one figure of its
   * side, once a turn */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "draw a card", "roll-ips", "figure=a1", NULL);
  for (guint i = 0; i < 5; i++)
    {
      const char *card;
      const char *who = NULL;

      ph_test_step (game, "draw-card", NULL);
      card = ph_game_get_var (game, "card-up");
      g_assert_cmpstr (card, ==, expected[i]);
      g_assert_cmpstr (ph_game_expected (game), ==, "roll-ips");
      {
        g_autofree char *d = ph_game_describe (game);
        const char *side = g_str_equal (card, "side:a") ? "a red card (Rangers)"
                           : "a black card (Otter Breath's band)";
        g_autofree char *want = i < 4
          ? g_strdup_printf ("Turn 1 - %s up · or Draw a card (%u left)", side, 4 - i)
          /* the last card: no "draw the next card (0 left)", the turn ends */
          : g_strdup_printf ("Turn 1 - %s up, the last card · then End the turn: turn 2 gets a "
                             "new deck, shuffled", side);

        g_assert_cmpstr (d, ==, want);
      }
      if (g_str_equal (card, "side:a"))
        who = ph_game_get_figure_var (game, "a1", "activated") == NULL ? "a1"
              : ph_game_get_figure_var (game, "a2", "activated") == NULL ? "a2" : "a3";
      else
        who = ph_game_get_figure_var (game, "b1", "activated") == NULL ? "b1" : "b2";
      {
        g_autofree char *arg = g_strdup_printf ("figure=%s", who);

        ph_test_step (game, "roll-ips", arg, NULL);
        /* a figure acts: most often he moves (the bar leads so); what
         * he does is the referee's pick */
        if (ph_game_get_figure_var_int (game, who, "ips", 0) > 0)
          g_assert_cmpstr (ph_game_expected (game), ==, "move");
        else
          g_assert_null (ph_game_expected (game));
        ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "already been activated", "roll-ips", arg,
                        NULL);
      }
      if (i == 0)
        {
          g_autofree char *d = ph_game_describe (game);

          g_assert_true (g_str_has_prefix (d, "Turn 1 - a "));
          g_assert_nonnull (strstr (d, "to act,"));
          /* how the go ends: the next card, 4 left */
          g_assert_true (g_str_has_suffix (d, " · Draw a card ends the go (4 left)"));
        }
      if (i == 4)
        {
          g_autofree char *d = ph_game_describe (game);

          g_assert_true (g_str_has_suffix (d, " · the deck is empty: End the turn when the go "
                                              "is done"));
        }
    }
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "The deck is empty", "draw-card", NULL);
  ph_test_step (game, "end-turn", NULL);
  g_assert_cmpstr (ph_game_expected (game), ==, "draw-card");
  g_assert_cmpint (ph_game_get_var_int (game, "deck-size", 0), ==, 5);
  g_assert_null (ph_game_get_figure_var (game, "a1", "activated"));
}

/* 2: cards added or taken away; 3: assigned cards in a fixed order; 4:
 * officers first */
static void
test_sequencing (void)
{
  g_autoptr(PhScenario) s = load_scenario (NULL, FIVE_FIGURES);
  g_autoptr(PhGame) game = ph_game_new (s, 3);
  const PhEvent *e;
  g_auto(GStrv) cards = NULL;
  guint reds = 0;

  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "mode", "sequencing", "mode=poker", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "needs the side", "sequencing",
                  "mode=add-subtract", "adjust=1", NULL);

  e = ph_test_step (game, "sequencing", "mode=add-subtract", "side=a", "adjust=-1", NULL);
  ph_test_assert_log_contains (e, "2 red cards (Rangers) (-1), 2 black cards");
  cards = g_strsplit (ph_game_get_var (game, "deck"), " ", -1);
  g_assert_cmpuint (g_strv_length (cards), ==, 4);
  for (guint i = 0; cards[i] != NULL; i++)
    reds += g_str_equal (cards[i], "side:a");
  g_assert_cmpuint (reds, ==, 2);

  /* 3: a fixed order, the figures left out following in file order */
  e = ph_test_step (game, "sequencing", "mode=assigned", "order=b2 a3", NULL);
  g_assert_cmpstr (ph_game_get_var (game, "deck"), ==,
                   "figure:b2 figure:a3 figure:a1 figure:a2 figure:b1");
  ph_test_step (game, "draw-card", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "not a1's", "roll-ips", "figure=a1", NULL);
  /* b2 is an officer: d10 + bravery */
  e = ph_test_step (game, "roll-ips", "figure=b2", NULL);
  g_assert_cmpint (ph_test_roll (e, 0)->sides, ==, 10);
  g_assert_cmpint (ips_of (game, "b2"), ==, ph_test_roll (e, 0)->total + 7);
  /* after the first card a change waits for the next turn */
  e = ph_test_step (game, "sequencing", "mode=officers-first", NULL);
  ph_test_assert_log_contains (e, "from the next turn");
  g_assert_cmpstr (ph_game_get_var (game, "deck"), ==,
                   "figure:a3 figure:a1 figure:a2 figure:b1");

  /* 4: the two officers' cards come first */
  ph_test_step (game, "end-turn", NULL);
  g_strfreev (cards);
  cards = g_strsplit (ph_game_get_var (game, "deck"), " ", -1);
  g_assert_cmpuint (g_strv_length (cards), ==, 5);
  g_assert_true (g_str_has_prefix (cards[0], "officer:"));
  g_assert_true (g_str_has_prefix (cards[1], "officer:"));
  for (guint i = 2; i < 5; i++)
    g_assert_true (g_str_has_prefix (cards[i], "side:"));
  ph_test_step (game, "draw-card", NULL);
  {
    const char *card = ph_game_get_var (game, "card-up");
    const char *plain = g_str_equal (card, "officer:a") ? "figure=a1" : "figure=b1";
    const char *officer = g_str_equal (card, "officer:a") ? "figure=a3" : "figure=b2";

    ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "not an officer", "roll-ips", plain, NULL);
    ph_test_step (game, "roll-ips", officer, NULL);
  }
}

/* ------------------------------------------------------------------ */
/* IP arithmetic */

/* Draws cards until @side's is up (ending the turn if need be); asserts */
static void
draw_for (PhGame     *game,
          const char *side)
{
  g_autofree char *want = g_strdup_printf ("side:%s", side);

  for (int i = 0; i < 20; i++)
    {
      const char *deck = ph_game_get_var (game, "deck");

      if (deck == NULL)
        ph_test_step (game, "end-turn", NULL);
      ph_test_step (game, "draw-card", NULL);
      if (g_strcmp0 (ph_game_get_var (game, "card-up"), want) == 0)
        return;
    }
  g_assert_not_reached ();
}

static void
test_ip_roll (void)
{
  g_autoptr(PhScenario) s = load_scenario (NULL,
    /* a4: 4 hits, so the second bravery box (4) */
    LINE ("a1", "a", 10, 10, "") LINE ("a4", "a", 20, 10, "hits=\"4\" melee=\"1\"")
    "<figure id=\"rider\" side=\"a\" x=\"30\" y=\"10\" troop=\"cavalry\" mounted=\"true\">"
    "<weapon kind=\"pistol\"/><firelock bravery=\"9,6,3,1\"/></figure>"
    LINE ("b1", "b", 10, 30, ""));
  g_autoptr(PhGame) game = ph_game_new (s, 11);
  const PhEvent *e;

  /* d6 + the first box */
  draw_for (game, "a");
  e = ph_test_step (game, "roll-ips", "figure=a1", NULL);
  g_assert_cmpint (ph_test_roll (e, 0)->sides, ==, 6);
  g_assert_cmpint (ips_of (game, "a1"), ==, ph_test_roll (e, 0)->total + 7);
  g_assert_cmpint (ph_game_get_figure_var_int (game, "a1", "ips-rolled", 0), ==,
                   ips_of (game, "a1"));
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "not acting now", "move", "figure=a4",
                  "x=20", "y=12", NULL);

  /* after the fourth hit: d6 + the second box; a personal figure rolls a
   * d10 */
  draw_for (game, "a");
  e = ph_test_step (game, "roll-ips", "figure=a4", "personal=true", NULL);
  g_assert_cmpint (ph_test_roll (e, 0)->sides, ==, 10);
  g_assert_cmpint (ips_of (game, "a4"), ==, ph_test_roll (e, 0)->total + 4);
  ph_test_assert_log_contains (e, "bravery 4");
  g_assert_cmpstr (ph_game_get_var (game, "personal:a"), ==, "a4");

  /* a rider: the horse dice (3d6 for a fresh horse), one die gives the
   * IPs, no bravery; the others are horse movement */
  draw_for (game, "a");
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "already the personal figure", "roll-ips",
                  "figure=rider", "personal=true", NULL);
  e = ph_test_step (game, "roll-ips", "figure=rider", NULL);
  g_assert_cmpint (ph_test_roll (e, 0)->n, ==, 3);
  /* the dice are the log's to name ("...: 3d6 rolled 2 5 1"), not the
   * purpose's too */
  g_assert_cmpstr (ph_test_roll (e, 0)->purpose, ==,
                   "horse dice (fresh horse): the first die gives the rider's IPs");
  g_assert_cmpint (ips_of (game, "rider"), ==, ph_test_roll (e, 0)->values[0]);
  g_assert_cmpint (ph_game_get_figure_var_int (game, "rider", "horse-move", 0), ==,
                   ph_test_roll (e, 0)->values[1] + ph_test_roll (e, 0)->values[2]);

  ph_test_step (game, "end-turn", NULL);
  g_assert_null (ph_game_get_figure_var (game, "rider", "horse-move"));
}

/* Markers at the next chance to act: startled loses 1/4, cowering 1/2,
 * prone all */
static void
test_composure (void)
{
  const char *markers[] = { "startled", "cowering", "prone" };

  for (guint m = 0; m < G_N_ELEMENTS (markers); m++)
    {
      g_autofree char *figures = g_strdup_printf (
        "<figure id=\"a1\" side=\"a\" x=\"10\" y=\"10\" troop=\"light\" status=\"%s\">"
        "<weapon kind=\"rifle\"/><firelock bravery=\"10,7,4,1\"/></figure>"
        LINE ("b1", "b", 10, 30, ""), markers[m]);
      g_autoptr(PhScenario) s = load_scenario (NULL, figures);
      g_autoptr(PhGame) game = ph_game_new (s, 5 + m);
      const PhEvent *e;
      int rolled, left;

      draw_for (game, "a");
      e = ph_test_step (game, "roll-ips", "figure=a1", NULL);
      rolled = ph_test_roll (e, 0)->total + 10;
      left = m == 0 ? rolled - rolled / 4 : m == 1 ? rolled - rolled / 2 : 0;
      g_assert_cmpint (ips_of (game, "a1"), ==, left);
      ph_test_assert_log_contains (e, "recovering his composure");
      /* the marker lasts the activation (the engine reads it), then goes */
      g_assert_true (ph_test_figure (game, "a1")->status != 0);
      ph_test_step (game, "end-turn", NULL);
      g_assert_cmpuint (ph_test_figure (game, "a1")->status, ==, 0);
    }
}

/* Officers give IPs within 12 in */
static void
test_officer (void)
{
  g_autoptr(PhScenario) s = load_scenario (NULL,
    LINE ("cap", "a", 10, 10, "officer=\"true\"") LINE ("near", "a", 20, 10, "")
    LINE ("far", "a", 40, 10, "") LINE ("b1", "b", 10, 30, ""));
  g_autoptr(PhGame) game = ph_game_new (s, 8);
  const PhEvent *e;
  int cap_ips;

  ph_test_step (game, "sequencing", "mode=officers-first", NULL);
  ph_test_step (game, "draw-card", NULL);
  g_assert_cmpstr (ph_game_get_var (game, "card-up"), ==, "officer:a");
  e = ph_test_step (game, "roll-ips", "figure=cap", NULL);
  cap_ips = ph_test_roll (e, 0)->total + 7;
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "within 12 in", "give-ips", "figure=cap",
                  "target=far", "ips=1", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "not an officer", "give-ips", "figure=near",
                  "target=cap", "ips=1", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "to give, not", "give-ips", "figure=cap",
                  "target=near", "ips=99", NULL);
  e = ph_test_step (game, "give-ips", "figure=cap", "target=near", "ips=3", NULL);
  g_assert_cmpint (ips_of (game, "cap"), ==, cap_ips - 3);
  g_assert_cmpint (ph_game_get_figure_var_int (game, "near", "given-ips", 0), ==, 3);

  /* the officer's card ends: he keeps the rest to give during the turn */
  draw_for (game, "a");
  g_assert_cmpint (ph_game_get_figure_var_int (game, "cap", "spare-ips", 0), ==, cap_ips - 3);
  e = ph_test_step (game, "roll-ips", "figure=near", NULL);
  g_assert_cmpint (ips_of (game, "near"), ==, ph_test_roll (e, 0)->total + 7 + 3);
  ph_test_assert_log_contains (e, "+3 given by an officer");
  ph_test_step (game, "give-ips", "figure=cap", "target=near", "ips=1", NULL);
  g_assert_cmpint (ips_of (game, "near"), ==, ph_test_roll (e, 0)->total + 7 + 4);
  g_assert_cmpint (ph_game_get_figure_var_int (game, "cap", "spare-ips", 0), ==, cap_ips - 4);
}

/* ------------------------------------------------------------------ */
/* Spending IPs */

static gboolean
a1_rolls_13_ips (PhGame  *game,
                 gpointer data)
{
  return ph_test_try (game, "draw-card", NULL) && ph_test_try (game, "roll-ips", "figure=a1", NULL)
         && ips_of (game, "a1") == 13;
}

static void
test_move_costs (void)
{
  g_autoptr(PhScenario) s = load_scenario (
    "<feature id=\"wall\" kind=\"wall\" name=\"Old Stone Wall\"><polyline points=\"15,0 15,48\"/>"
    "</feature>"
    "<feature id=\"lake\" kind=\"water\"><polygon points=\"40,0 50,0 50,48 40,48\"/></feature>",
    LINE ("a1", "a", 10, 10, "") LINE ("b1", "b", 10, 40, ""));
  g_autoptr(PhGame) game = NULL;
  const PhEvent *e;
  guint32 seed;

  /* a seed whose d6 gives a line trooper 13 IPs (d6 6 + bravery 7) */
  seed = ph_test_find_seed (s, 1, G_MAXUINT32, a1_rolls_13_ips, NULL);
  game = ph_game_new (s, seed);
  ph_test_step (game, "draw-card", NULL);
  ph_test_step (game, "roll-ips", "figure=a1", NULL);
  g_assert_cmpint (ips_of (game, "a1"), ==, 13);

  /* line infantry, clear ground: 1 in per IP; 2.5 in costs 3 IPs */
  e = ph_test_step (game, "move", "figure=a1", "x=12.5", "y=10", NULL);
  g_assert_cmpint (ips_of (game, "a1"), ==, 10);
  ph_test_assert_log_contains (e, "2.5 in clear");
  e = ph_test_step (game, "move", "figure=a1", "x=14.5", "y=10", NULL);
  g_assert_cmpint (ips_of (game, "a1"), ==, 8);
  /* too far over the wall: 4 IPs for the inch around it + 5.5 = 10; the
   * refusal and the drag's label say the wall makes it dear (the trial's
   * "too far: 7 IPs allowed (this costs 9)" did not) */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW,
                  "Moving 6.5 in costs a1 10 IPs; he has 8 (crossing the Old Stone Wall)", "move",
                  "figure=a1", "x=21", "y=10", NULL);
  {
    PhMovePlan plan;
    PhMoveCost cost;
    g_autofree char *label = NULL;

    g_assert_true (ph_game_plan_move (game, "a1", &plan, NULL));
    ph_game_move_cost (game, "a1", &plan, (PhPoint) { 21, 10 }, &cost);
    label = ph_game_describe_move (game, &plan, &cost);
    g_assert_cmpstr (label, ==, "moved 6.5 in · too far: 8 IPs allowed (this costs 10, crossing "
                     "the Old Stone Wall)");
    g_clear_pointer (&label, g_free);
    ph_game_move_cost (game, "a1", &plan, (PhPoint) { 16.5, 10 }, &cost);
    label = ph_game_describe_move (game, &plan, &cost);
    g_assert_cmpstr (label, ==, "moved 2.0 in · 5 of 8 IPs spent, crossing the Old Stone Wall");
    ph_move_plan_clear (&plan);
  }
  /* over the wall: the inch around it as very rough (1/4 in per IP): 4 IPs
   * for that inch + 1 for the other = 5; the log names the wall */
  e = ph_test_step (game, "move", "figure=a1", "x=16.5", "y=10", NULL);
  g_assert_cmpint (ips_of (game, "a1"), ==, 3);
  ph_test_assert_log_contains (e, "(1.0 in clear, 1.0 in very rough, crossing the Old Stone Wall): 5 IPs, 3 left");
  /* water is impassable; off the table is refused; so is too far */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "water", "move", "figure=a1", "x=45", "y=10", NULL);
  /* in words, not "(-1, 10) is off the table" */
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "a1 cannot move off the table", "move",
                  "figure=a1", "x=-1", "y=10", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "Moving 4.0 in costs a1 4 IPs; he has 3", "move",
                  "figure=a1", "x=20.5", "y=10", NULL);
  e = ph_test_step (game, "move", "figure=a1", "x=19.5", "y=10", NULL);
  g_assert_cmpint (ips_of (game, "a1"), ==, 0);
  g_assert_cmpfloat (ph_test_figure (game, "a1")->x, ==, 19.5);
  (void) e;
}

/* The step that ends a turn is that turn's: `powderhorn-cli game` showed
 * "[turn 2] … Turn 1 ends". A file saved before, with the next turn on
 * that step, reads the same. */
static void
test_turn_end_in_its_turn (void)
{
  g_autoptr(PhScenario) s = load_scenario (NULL, LINE ("a1", "a", 10, 10, "")
                                                 LINE ("b1", "b", 10, 40, ""));
  g_autoptr(PhGame) game = ph_game_new (s, 3);
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  const PhEvent *end = NULL;
  guint at = 0;

  for (int i = 0; i < 6 && end == NULL; i++)
    {
      const PhEvent *e;

      if (!ph_test_try (game, "roll-ips", "figure=a1", NULL))
        ph_test_try (game, "roll-ips", "figure=b1", NULL);
      e = ph_test_step (game, ph_game_get_var (game, "deck") == NULL
                              && ph_game_get_var (game, "card-up") == NULL
                              ? "draw-card" : "end-turn", NULL);
      if (strstr (e->text, "Turn 1 ends") != NULL)
        {
          end = e;
          at = ph_game_get_position (game) - 1;
        }
    }
  g_assert_nonnull (end);
  g_assert_cmpint (ph_game_get_var_int (game, "turn", 0), ==, 2);
  g_assert_cmpint (end->turn, ==, 1);
  g_assert_cmpint (ph_game_get_event (game, at - 1)->turn, ==, 1);
  ph_test_step (game, "draw-card", NULL);
  g_assert_cmpint (ph_game_get_event (game, at + 1)->turn, ==, 2);

  /* saved and read back: the same; an older file's turn="2" on that step
   * reads as 1 */
  ph_game_store (game);
  xml = ph_scenario_to_xml (s, NULL);
  for (int old = 0; old < 2; old++)
    {
      g_autofree char *text = g_strdup (xml);
      g_autoptr(PhScenario) copy = NULL;
      g_autoptr(PhGame) loaded = NULL;

      if (old)
        {
          char *ends = strstr (text, "Turn 1 ends");
          char *attr;

          g_assert_nonnull (ends);
          *ends = '\0';
          attr = g_strrstr (text, " turn=\"1\"");
          g_assert_nonnull (attr);
          *ends = 'T';
          attr[7] = '2';
        }
      copy = ph_test_load_xml (text, -1, "old.xml");
      loaded = ph_game_load (copy, "old.xml", &error);
      g_assert_no_error (error);
      g_assert_cmpint (ph_game_get_event (loaded, at)->turn, ==, 1);
      g_assert_cmpint (ph_game_get_event (loaded, at + 1)->turn, ==, 2);
    }
}

/* Obstacles a move crosses, in words: by name, an unnamed one by its kind */
static void
test_crossing_words (void)
{
  PhFeature fence = { 0 }, wall = { 0 };
  const PhFeature *two[PH_MOVE_MAX_CROSSING] = { &fence, &wall };
  const PhFeature *one[PH_MOVE_MAX_CROSSING] = { &wall, NULL };
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  fence.kind = PH_TERRAIN_FENCE;
  fence.name = (char *) "Split-rail Fence";
  wall.kind = PH_TERRAIN_WALL;
  g_assert_null (ph_move_crossing_words (one, 0));
  a = ph_move_crossing_words (one, 1);
  g_assert_cmpstr (a, ==, "a wall");
  b = ph_move_crossing_words (two, 2);
  g_assert_cmpstr (b, ==, "the Split-rail Fence and a wall");
  c = ph_move_crossing_words (two, 3);
  g_assert_cmpstr (c, ==, "the Split-rail Fence and 2 more");
}

/* A drag goes whole tenths of an inch from where the move began, and is
 * paid as the label says: a light man dragged to 6.04 in moved 6.0 in at
 * 2 in an IP, 3 IPs (he was charged 4 under a label of 6.0: the trial) */
static void
test_drag_whole_tenths (void)
{
  g_autoptr(PhScenario) s = load_scenario (NULL,
    "<figure id=\"a1\" side=\"a\" x=\"10\" y=\"10\" troop=\"light\">"
    "<firelock bravery=\"10,7,4,1\"/></figure>" LINE ("b1", "b", 10, 40, ""));
  g_autoptr(PhGame) game = ph_game_new (s, 21);
  g_autofree char *label = NULL;
  PhMovePlan plan;
  PhMoveCost cost;
  PhPoint to;

  draw_for (game, "a");
  ph_test_step (game, "roll-ips", "figure=a1", NULL);
  g_assert_true (ph_game_plan_move (game, "a1", &plan, NULL));
  to = ph_game_snap_move (game, &plan, (PhPoint) { 16.04, 10 });
  g_assert_cmpfloat_with_epsilon (to.x, 16, 1e-9);
  g_assert_cmpfloat_with_epsilon (to.y, 10, 1e-9);
  ph_game_move_cost (game, "a1", &plan, to, &cost);
  g_assert_cmpfloat (cost.cost, ==, 3);
  label = ph_game_describe_move (game, &plan, &cost);
  g_test_message ("%s", label);
  g_assert_true (g_str_has_prefix (label, "moved 6.0 in · 3 of "));
  /* along a slant too, the distance is whole tenths */
  to = ph_game_snap_move (game, &plan, (PhPoint) { 13.33, 14.77 });
  g_assert_cmpfloat_with_epsilon (hypot (to.x - 10, to.y - 10), 5.8, 0.01);
  ph_move_plan_clear (&plan);
}

static void
test_stream (void)
{
  g_autoptr(PhScenario) s = load_scenario (
    "<feature id=\"brook\" kind=\"stream\"><polyline points=\"12,0 12,48\"/></feature>",
    "<figure id=\"a1\" side=\"a\" x=\"10\" y=\"10\" troop=\"guerrilla\">"
    "<firelock bravery=\"10,7,4,1\"/></figure>" LINE ("b1", "b", 10, 40, ""));
  g_autoptr(PhGame) game = ph_game_new (s, 21);
  const PhEvent *e;
  int ips, d6;

  draw_for (game, "a");
  ph_test_step (game, "roll-ips", "figure=a1", NULL);
  ips = ips_of (game, "a1");
  /* dragged: the stream's d6 counted at its least, 1: 4 + 1 = 5 IPs */
  {
    PhMovePlan plan;
    PhMoveCost cost;

    g_assert_true (ph_game_plan_move (game, "a1", &plan, NULL));
    ph_game_move_cost (game, "a1", &plan, (PhPoint) { 14, 10 }, &cost);
    g_assert_cmpfloat (cost.cost, ==, 5);
    g_assert_cmpstr (cost.mode, ==, "crossing a stream, + d6 IPs (1 counted)");
    ph_move_plan_clear (&plan);
  }
  /* over the stream, 4 in at 1 IP an inch (where clear ground would cost
   * a guerrilla 2), plus the d6: on seed 21, 14 IPs and a 1 */
  e = ph_test_step (game, "move", "figure=a1", "x=14", "y=10", NULL);
  d6 = ph_test_roll (e, 0)->total;
  ph_test_assert_log_contains (e, "crossing a stream at 1 IP an inch: 4 + d6 1: 5 IPs");
  g_assert_cmpint (ips, ==, 14);
  g_assert_cmpint (d6, ==, 1);
  g_assert_cmpint (ips_of (game, "a1"), ==, 14 - 4 - 1);
  g_assert_cmpfloat (ph_test_figure (game, "a1")->x, ==, 14);

  /* and back, 4 in more: the d6 is a 5, 9 IPs are needed and he has 9 */
  e = ph_test_step (game, "move", "figure=a1", "x=10", "y=10", NULL);
  g_assert_cmpint (ph_test_roll (e, 0)->total, ==, 5);
  g_assert_cmpint (ips_of (game, "a1"), ==, 0);
  g_assert_cmpfloat (ph_test_figure (game, "a1")->x, ==, 10);
}

/* Loading carried over turns: a rifle takes 10 IPs */
static void
test_load_over_turns (void)
{
  g_autoptr(PhScenario) s = load_scenario (NULL,
    "<figure id=\"a1\" side=\"a\" x=\"10\" y=\"10\" troop=\"light\">"
    "<weapon kind=\"rifle\" loaded=\"false\"/><firelock bravery=\"2,2,1,0\"/></figure>"
    LINE ("b1", "b", 10, 40, ""));
  g_autoptr(PhGame) game = ph_game_new (s, 9);
  const PhEvent *e;
  int first, put = 0;

  draw_for (game, "a");
  ph_test_step (game, "roll-ips", "figure=a1", NULL);
  first = ips_of (game, "a1");      /* 3 to 8: under 10 */
  g_assert_cmpint (first, <, 10);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "no IPs to put", "load", "figure=a1", "ips=99",
                  NULL);
  e = ph_test_step (game, "load", "figure=a1", "ips=2", NULL);
  put += 2;
  ph_test_assert_log_contains (e, "2 of 10");
  e = ph_test_step (game, "load", "figure=a1", NULL);
  put += first - 2;
  g_assert_cmpint (ph_game_get_figure_var_int (game, "a1", "load-progress", 0), ==, put);
  g_assert_cmpint (ips_of (game, "a1"), ==, 0);
  ph_test_assert_log_contains (e, "carried over");
  /* the unused IPs go, the loading stays */
  ph_test_step (game, "end-turn", NULL);
  g_assert_cmpint (ph_game_get_figure_var_int (game, "a1", "load-progress", 0), ==, put);
  draw_for (game, "a");
  ph_test_step (game, "roll-ips", "figure=a1", NULL);
  {
    int have = ips_of (game, "a1");
    int need = 10 - put;

    e = ph_test_step (game, "load", "figure=a1", NULL);
    if (have >= need)
      {
        g_assert_true (g_array_index (ph_test_figure (game, "a1")->weapons, PhWeapon, 0).loaded);
        g_assert_null (ph_game_get_figure_var (game, "a1", "load-progress"));
        g_assert_cmpint (ips_of (game, "a1"), ==, have - need);
        ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "already loaded", "load", "figure=a1", NULL);
      }
    else
      g_assert_cmpint (ph_game_get_figure_var_int (game, "a1", "load-progress", 0), ==,
                       put + have);
  }
}

/* Mounting costs d6 IPs */
static void
test_mount (void)
{
  g_autoptr(PhScenario) s = load_scenario (NULL,
    "<figure id=\"a1\" side=\"a\" x=\"10\" y=\"10\" troop=\"cavalry\">"
    "<weapon kind=\"pistol\"/><firelock bravery=\"10,7,4,1\"/></figure>"
    LINE ("b1", "b", 10, 40, ""));
  g_autoptr(PhGame) game = ph_game_new (s, 4);
  const PhEvent *e;
  int ips;

  draw_for (game, "a");
  ph_test_step (game, "roll-ips", "figure=a1", NULL);
  ips = ips_of (game, "a1");
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "already on foot", "dismount", "figure=a1", NULL);
  e = ph_test_step (game, "mount", "figure=a1", NULL);
  g_assert_cmpint (ph_test_roll (e, 0)->sides, ==, 6);
  g_assert_true (ph_test_figure (game, "a1")->mounted);
  g_assert_cmpint (ips_of (game, "a1"), ==, ips - ph_test_roll (e, 0)->total);
}

/* ------------------------------------------------------------------ */
/* Hits and melee */

/* The loser of a melee takes the difference; the fourth hit costs a melee
 * point (and the bravery box), the seventh kills */
static void
test_melee_hits (void)
{
  for (guint32 seed = 1; seed <= 6; seed++)
    {
      g_autoptr(PhScenario) s = load_scenario (NULL,
        /* in the open: bayonet +2; 3 hits each, melee +2 */
        LINE ("a1", "a", 10, 10, "hits=\"3\"") LINE ("b1", "b", 11.5, 10, "hits=\"3\" melee=\"0\""));
      g_autoptr(PhGame) game = ph_game_new (s, seed);
      const PhEvent *e;
      const PhRoll *ra, *rb;
      int ta, tb;
      const char *loser;

      draw_for (game, "a");
      ph_test_step (game, "roll-ips", "figure=a1", NULL);
      e = ph_test_step (game, "melee", "figure=a1", "target=b1", NULL);
      ph_test_assert_log_contains (e, "a1: melee +2, bayonet in open +2, +4 in all");
      ph_test_assert_log_contains (e, "b1: bayonet in open +2, +2 in all");
      /* ties between line troops in the open are rolled again: the last
       * pair decides */
      g_assert_cmpuint (e->rolls->len % 2, ==, 0);
      ra = ph_test_roll (e, e->rolls->len - 2);
      rb = ph_test_roll (e, e->rolls->len - 1);
      ta = ra->total + 4;
      tb = rb->total + 2;
      g_assert_cmpint (ta, !=, tb);
      loser = ta > tb ? "b1" : "a1";
      g_assert_cmpint (ph_test_figure (game, loser)->stats.firelock.hits, ==,
                       MIN (7, 3 + abs (ta - tb)));
      /* the hits say what the seventh does */
      {
        int taken = abs (ta - tb);
        g_autofree char *said = g_strdup_printf (taken == 1 ? "%s takes %d hit (%d of the 7 that kill him)"
                                                 : "%s takes %d hits (%d of the 7 that kill him)",
                                                 loser, taken, MIN (7, 3 + taken));

        ph_test_assert_log_contains (e, said);
      }
      if (ph_test_figure (game, loser)->stats.firelock.hits >= 7)
        g_assert_true (ph_test_figure (game, loser)->status & PH_STATUS_DEAD);
      else
        {
          g_assert_cmpint (ph_test_figure (game, loser)->stats.firelock.melee, ==,
                           g_str_equal (loser, "a1") ? 1 : -1);
          ph_test_assert_log_contains (e, "the fourth hit: bravery falls to 4");
        }
      if (!ph_figure_is_off_table (ph_test_figure (game, "a1"))
          && !ph_figure_is_off_table (ph_test_figure (game, "b1")))
        ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "already fought", "melee", "figure=a1",
                        "target=b1", NULL);
    }
}

/* A tie in the four cases is not rolled again: cavalry against foot in
 * the open wins and the foot takes d6 hits */
static void
test_melee_special (void)
{
  g_autoptr(PhScenario) proto = load_scenario (NULL,
    "<figure id=\"a1\" side=\"a\" x=\"10\" y=\"10\" troop=\"cavalry\" mounted=\"true\">"
    "<weapon kind=\"sabre\"/><firelock bravery=\"7,4,2,1\" melee=\"0\"/></figure>"
    "<figure id=\"b1\" side=\"b\" x=\"11.5\" y=\"10\" troop=\"indian\">"
    "<weapon kind=\"tomahawk\"/><firelock bravery=\"7,4,2,1\" melee=\"0\"/></figure>");

  /* find a seed where the first pair ties (sabre 0, tomahawk in open 0) */
  for (guint32 seed = 1; seed < 5000; seed++)
    {
      g_autoptr(PhScenario) s = ph_scenario_copy (proto);
      g_autoptr(PhGame) game = ph_game_new (s, seed);
      const PhEvent *e;

      if (!ph_test_try (game, "draw-card", NULL)
          || g_strcmp0 (ph_game_get_var (game, "card-up"), "side:a") != 0
          || !ph_test_try (game, "roll-ips", "figure=a1", "act=true", NULL)
          || !ph_test_try (game, "melee", "figure=a1", "target=b1", NULL))
        continue;
      e = ph_test_last_event (game);
      if (ph_test_roll (e, 0)->total != ph_test_roll (e, 1)->total)
        continue;
      /* replay it with the checks */
      ph_game_undo (game, NULL);
      e = ph_test_step (game, "melee", "figure=a1", "target=b1", NULL);
      g_assert_cmpuint (e->rolls->len, ==, 3);
      g_assert_cmpint (ph_test_roll (e, 2)->sides, ==, 6);
      ph_test_assert_log_contains (e, "cavalry vs. foot in the open: cavalry wins");
      g_assert_cmpint (ph_test_figure (game, "b1")->stats.firelock.hits, ==,
                       ph_test_roll (e, 2)->total);
      g_assert_cmpint (ph_test_figure (game, "a1")->stats.firelock.hits, ==, 0);
      return;
    }
  g_assert_not_reached ();
}

/* The melee's odds a right-click shows, worked out by the rules: "Each
 * side rolls a d10 and modifies the die roll. Highest die roll wins", a
 * tie rolled again unless one of the four cases settles it */
static void
test_melee_odds (void)
{
  g_autoptr(PhScenario) s = load_scenario (NULL,
    LINE ("a1", "a", 10, 10, "hits=\"3\"") LINE ("b1", "b", 11.5, 10, "hits=\"3\" melee=\"0\""));
  g_autoptr(PhGame) game = ph_game_new (s, 1);
  g_autoptr(PhScenario) s2 = load_scenario (NULL,
    "<figure id=\"a1\" side=\"a\" x=\"10\" y=\"10\" troop=\"cavalry\" mounted=\"true\">"
    "<weapon kind=\"sabre\"/><firelock bravery=\"7,4,2,1\" melee=\"0\"/></figure>"
    "<figure id=\"b1\" side=\"b\" x=\"11.5\" y=\"10\" troop=\"indian\">"
    "<weapon kind=\"tomahawk\"/><firelock bravery=\"7,4,2,1\" melee=\"0\"/></figure>");
  g_autoptr(PhGame) game2 = ph_game_new (s2, 1);
  char *odds;

  /* +4 against +2: of the 100 pairs of d10, 64 win, 8 tie (rolled
   * again), 28 lose: 64/92 */
  odds = ph_game_target_odds (game, "melee", ph_test_figure (game, "a1"),
                              ph_test_figure (game, "b1"));
  g_assert_cmpstr (odds, ==, "70% to win");
  g_free (odds);
  odds = ph_game_target_odds (game, "melee", ph_test_figure (game, "b1"),
                              ph_test_figure (game, "a1"));
  g_assert_cmpstr (odds, ==, "30% to win");
  g_free (odds);
  /* sabre 0 against tomahawk in the open 0: 45 win, 10 tie, which the
   * cavalry wins against foot in the open */
  odds = ph_game_target_odds (game2, "melee", ph_test_figure (game2, "a1"),
                              ph_test_figure (game2, "b1"));
  g_assert_cmpstr (odds, ==, "55% to win");
  g_free (odds);
  odds = ph_game_target_odds (game2, "melee", ph_test_figure (game2, "b1"),
                              ph_test_figure (game2, "a1"));
  g_assert_cmpstr (odds, ==, "45% to win");
  g_free (odds);
  /* the shot's odds are the engine's, not these */
  g_assert_null (ph_game_target_odds (game, "shoot", ph_test_figure (game, "a1"),
                                      ph_test_figure (game, "b1")));
}

/* "8 Target is missed, but drops to the ground, prone": a rider whose
 * horse took the shot cannot lie prone in the saddle: he drops from it,
 * dismounted and prone (never both mounted and prone). The seed is the
 * first to give a re-rolled 8 on the horse. */
static void
test_rider_drops_prone (void)
{
  gboolean seen = FALSE;

  for (guint32 seed = 1; seed <= 3000 && !seen; seed++)
    {
      g_autoptr(PhScenario) s = load_scenario (NULL,
        "<figure id=\"a1\" side=\"a\" x=\"10\" y=\"10\" troop=\"light\">"
        "<weapon kind=\"musket\"/><firelock bravery=\"10,7,4,1\"/></figure>"
        "<figure id=\"b1\" side=\"b\" x=\"20\" y=\"10\" troop=\"cavalry\" mounted=\"true\">"
        "<weapon kind=\"pistol\"/><firelock bravery=\"7,4,2,1\"/></figure>");
      g_autoptr(PhGame) game = ph_game_new (s, seed);
      const PhEvent *e;

      draw_for (game, "a");
      ph_test_step (game, "roll-ips", "figure=a1", NULL);
      e = ph_test_step (game, "shoot", "figure=a1", "target=b1", "aim=careful", "at=horse", NULL);
      if (strstr (e->text, "drops from the saddle to the ground, prone") == NULL)
        continue;
      seen = TRUE;
      g_assert_false (ph_test_figure (game, "b1")->mounted);
      g_assert_true (ph_test_figure (game, "b1")->status & PH_STATUS_PRONE);
      /* and undoing puts him back in the saddle */
      g_assert_true (ph_game_undo (game, NULL));
      g_assert_true (ph_test_figure (game, "b1")->mounted);
      g_assert_false (ph_test_figure (game, "b1")->status & PH_STATUS_PRONE);
    }
  g_assert_true (seen);
}

/* Shooting hits go to the hit boxes: result d10 + modifiers read on the
 * Results Table, from the recorded dice */
static void
test_shot_results (void)
{
  guint checked = 0;

  for (guint32 seed = 1; seed <= 60; seed++)
    {
      g_autoptr(PhScenario) s = load_scenario (NULL,
        /* in the open, 10 in: a musket's 80%, no acquisition roll */
        "<figure id=\"a1\" side=\"a\" x=\"10\" y=\"10\" troop=\"light\">"
        "<weapon kind=\"musket\"/><firelock bravery=\"10,7,4,1\"/></figure>"
        LINE ("b1", "b", 20, 10, "hits=\"2\""));
      g_autoptr(PhGame) game = ph_game_new (s, seed);
      const PhEvent *e;
      int result, hits;

      draw_for (game, "a");
      ph_test_step (game, "roll-ips", "figure=a1", NULL);
      e = ph_test_step (game, "shoot", "figure=a1", "target=b1", "aim=careful", NULL);
      g_assert_cmpint (ph_test_roll (e, 0)->sides, ==, 100);
      ph_test_assert_log_contains (e, "needs 80% or less");
      g_assert_true (ph_test_figure (game, "a1")->status & PH_STATUS_FIRED);
      if (ph_test_roll (e, 0)->total > 80)
        {
          ph_test_assert_log_contains (e, ": miss");
          g_assert_cmpuint (e->rolls->len, ==, 1);
          continue;
        }
      /* careful aim +3 */
      result = ph_test_roll (e, 1)->total + 3;
      hits = ph_test_figure (game, "b1")->stats.firelock.hits;
      if (result >= 12)
        {
          g_assert_cmpint (hits, ==, 7);
          g_assert_true (ph_test_figure (game, "b1")->status & PH_STATUS_DEAD);
        }
      else if (result >= 7)
        {
          g_assert_cmpint (hits, ==, MIN (7, 2 + result - 6));
          if (hits >= 4 && hits < 7)
            g_assert_cmpint (ph_test_figure (game, "b1")->stats.firelock.melee, ==, 1);
          if (hits >= 7)
            g_assert_true (ph_test_figure (game, "b1")->status & PH_STATUS_DEAD);
        }
      else
        {
          int again = CLAMP (ph_test_roll (e, 2)->total + 3, 1, 10);
          guint status = ph_test_figure (game, "b1")->status;

          g_assert_cmpint (hits, ==, 2);
          g_assert_cmpuint (e->rolls->len, >=, 3);
          switch (again)
            {
            case 4: g_assert_true (status & PH_STATUS_ANGRY); break;
            case 5: g_assert_true (status & PH_STATUS_VEXED); break;
            case 6: g_assert_true (status & PH_STATUS_STARTLED); break;
            case 7: g_assert_true (status & PH_STATUS_COWERING); break;
            case 8: g_assert_true (status & PH_STATUS_PRONE); break;
            case 9:
            case 10:
              /* runs directly away from the shooter: along +x */
              g_assert_cmpfloat (ph_test_figure (game, "b1")->x, >, 20);
              g_assert_cmpfloat (ph_test_figure (game, "b1")->y, ==, 10);
              break;
            default: break;
            }
        }
      checked++;
    }
  g_assert_cmpuint (checked, >, 10);
}

/* Re-roll Table 9 and 10: the target runs directly away its IPs (double on
 * 10); having acted already, running is all it does at its next card */
static void
test_run_away (void)
{
  g_autoptr(PhScenario) proto = load_scenario (NULL,
    "<figure id=\"a1\" side=\"a\" x=\"10\" y=\"10\" troop=\"light\">"
    "<weapon kind=\"musket\"/><firelock bravery=\"10,7,4,1\"/></figure>"
    LINE ("b1", "b", 20, 10, ""));

  for (guint32 seed = 1; seed < 20000; seed++)
    {
      g_autoptr(PhScenario) s = ph_scenario_copy (proto);
      g_autoptr(PhGame) game = ph_game_new (s, seed);
      const PhEvent *e;
      int again, rolled, factor;

      if (!ph_test_try (game, "draw-card", NULL)
          || !ph_test_try (game, "roll-ips", "figure=b1", NULL)
          || !ph_test_try (game, "draw-card", NULL)
          || !ph_test_try (game, "roll-ips", "figure=a1", NULL)
          || !ph_test_try (game, "shoot", "figure=a1", "target=b1", "aim=careful", NULL))
        continue;
      e = ph_test_last_event (game);
      if (e->rolls->len != 3 || ph_test_roll (e, 2)->total + 3 < 9)
        continue;

      /* replay the shot with the checks */
      g_assert_true (ph_game_undo (game, NULL));
      e = ph_test_step (game, "shoot", "figure=a1", "target=b1", "aim=careful", NULL);
      again = MIN (10, ph_test_roll (e, 2)->total + 3);
      factor = again == 10 ? 2 : 1;
      rolled = ph_game_get_figure_var_int (game, "b1", "ips-rolled", 0);
      g_assert_cmpfloat (ph_test_figure (game, "b1")->x, ==, 20 + rolled * factor);
      g_assert_cmpfloat (ph_test_figure (game, "b1")->y, ==, 10);
      ph_test_assert_log_contains (e, "directly away from a1");
      g_assert_cmpint (ph_game_get_figure_var_int (game, "b1", "must-run", 0), ==, factor);
      g_assert_cmpstr (ph_game_get_figure_var (game, "b1", "run-from"), ==, "a1");

      ph_test_step (game, "end-turn", NULL);
      draw_for (game, "b");
      {
        double x = ph_test_figure (game, "b1")->x;

        e = ph_test_step (game, "roll-ips", "figure=b1", NULL);
        rolled = ph_test_roll (e, 0)->total + 7;
        g_assert_cmpfloat (ph_test_figure (game, "b1")->x, ==, MIN (72, x + rolled * factor));
        g_assert_cmpint (ips_of (game, "b1"), ==, 0);
        g_assert_null (ph_game_get_figure_var (game, "b1", "must-run"));
      }
      return;
    }
  g_assert_not_reached ();
}

/* Refusals */
static void
test_errors (void)
{
  g_autoptr(PhScenario) s = load_scenario (NULL,
    "<figure id=\"a1\" side=\"a\" x=\"10\" y=\"10\" troop=\"light\">"
    "<weapon kind=\"musket\" loaded=\"false\"/><firelock bravery=\"1,1,0,0\"/></figure>"
    LINE ("b1", "b", 40, 10, ""));
  g_autoptr(PhGame) game = ph_game_new (s, 2);

  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "no action", "fly", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "there is no figure 'nobody'", "roll-ips",
                  "figure=nobody", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "not acting now", "move", "figure=a1", "x=11",
                  "y=10", NULL);
  draw_for (game, "a");
  ph_test_step (game, "roll-ips", "figure=a1", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "is not loaded", "shoot", "figure=a1", "target=b1",
                  NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "melee needs 1 in", "melee", "figure=a1",
                  "target=b1", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "argument 'aim' must be one of none, aim, careful", "shoot", "figure=a1", "target=b1",
                  "aim=lots", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "argument 'x' must be a number, not 'far'", "move", "figure=a1", "x=far",
                  "y=10", NULL);
  /* 2 to 7 IPs: 40 in is out of reach */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "IPs; he has", "move", "figure=a1", "x=50", "y=10",
                  NULL);
}

/* Random characters: d10 and the chart */
static void
test_roll_character (void)
{
  g_autoptr(PhScenario) s = load_scenario (NULL, LINE ("a1", "a", 10, 10, "") LINE ("b1", "b", 10, 40, ""));
  g_autoptr(PhGame) game = ph_game_new (s, 77);
  const PhEvent *e = ph_test_step (game, "roll-character", "figure=a1", NULL);
  int bravery[4];

  g_assert_true (ph_character_bravery_for_roll (ph_test_roll (e, 0)->total, bravery));
  g_assert_cmpmem (ph_test_figure (game, "a1")->stats.firelock.bravery, sizeof bravery, bravery,
                   sizeof bravery);

  /* once a card is turned, no man's bravery is rolled again (a referee
   * who picked the action mid-game re-rolled Putnam's) */
  ph_test_step (game, "draw-card", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "rolled up before the first card is turned",
                  "roll-character", "figure=b1", NULL);
}

/* A move by drag (ph-game-move.h): the IPs are the allowance, each
 * straight move paid by troop type and ground as the move action pays;
 * water bars the way, and the reach stops at its bank */
static gboolean
red_card_first (PhGame  *game,
                gpointer data)
{
  return ph_test_try (game, "draw-card", NULL)
         && g_strcmp0 (ph_game_get_var (game, "card-up"), "side:a") == 0;
}

static void
test_drag_move (void)
{
  g_autoptr(PhScenario) proto = load_scenario (
    BIG_WOODS "<feature id=\"pond\" name=\"Mill Pond\" kind=\"water\">"
    "<polygon points=\"20,0 25,0 25,48 20,48\"/></feature>", HAWKEYE OTTER);
  guint32 seed = ph_test_find_seed (proto, 1, 100000, red_card_first, NULL);
  g_autoptr(PhScenario) s = ph_scenario_copy (proto);
  g_autoptr(PhGame) game = ph_game_new (s, seed);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) reach = NULL;
  g_autofree char *label = NULL;
  g_autofree char *want = NULL;
  PhMovePlan plan;
  PhMoveCost cost;
  int ips;

  ph_test_step (game, "draw-card", NULL);
  /* before his IPs are rolled he cannot move */
  g_assert_false (ph_game_plan_move (game, "hawkeye", &plan, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_clear_error (&error);
  ph_test_step (game, "roll-ips", "figure=hawkeye", NULL);
  ips = ips_of (game, "hawkeye");
  g_assert_true (ph_game_plan_move (game, "hawkeye", &plan, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (plan.allowance, ==, ips);
  g_assert_cmpstr (plan.cost_unit, ==, "IPs");
  /* the enemy is not his to move */
  {
    PhMovePlan other;

    g_assert_false (ph_game_plan_move (game, "otter", &other, &error));
    g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
    g_clear_error (&error);
  }

  /* "He moves 12" in the woods at a cost of 6 IPs" */
  ph_game_move_cost (game, "hawkeye", &plan, (PhPoint) { 5, 32 }, &cost);
  g_assert_cmpfloat_with_epsilon (cost.distance, 12, 1e-9);
  g_assert_cmpfloat (cost.cost, ==, 6);
  label = ph_game_describe_move (game, &plan, &cost);
  want = g_strdup_printf ("moved 12.0 in · 6 of %d IPs spent", ips);
  g_assert_cmpstr (label, ==, want);

  /* the pond bars the way east */
  ph_game_move_cost (game, "hawkeye", &plan, (PhPoint) { 27, 20 }, &cost);
  g_assert_cmpstr (cost.barred, ==, "water");
  g_assert_false (ph_move_cost_fits (&plan, &cost));
  g_assert_false (ph_game_perform_move (game, "hawkeye", (PhPoint) { 27, 20 }, &error));
  g_assert_nonnull (strstr (error->message, "water"));
  g_clear_error (&error);

  /* the reach: east to the pond's bank, west to the table's edge, north
   * and south 2 in an IP through the woods */
  reach = ph_game_move_reach (game, "hawkeye", &plan, 4);
  g_assert_cmpfloat_with_epsilon (g_array_index (reach, PhPoint, 0).y, MAX (0, 20 - 2.0 * ips), 0.01);
  g_assert_cmpfloat_with_epsilon (g_array_index (reach, PhPoint, 1).x, 20, 0.06);
  g_assert_cmpfloat_with_epsilon (g_array_index (reach, PhPoint, 2).y, MIN (48, 20 + 2.0 * ips), 0.01);
  g_assert_cmpfloat_with_epsilon (g_array_index (reach, PhPoint, 3).x, 0, 0.01);

  /* the drop is the move action, paid and logged */
  g_assert_true (ph_game_perform_move (game, "hawkeye", (PhPoint) { 5, 32 }, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ips_of (game, "hawkeye"), ==, ips - 6);
  ph_test_assert_log_contains (ph_test_last_event (game), "12.0 in rough");
  ph_move_plan_clear (&plan);
}

/* Woods north of a stream at y = 26 (rough ground: a light man goes 1 in
 * an IP there, 2 on clear) */
#define WOODS_AND_RUN \
  "<feature id=\"wood\" name=\"Hemlock Wood\" kind=\"woods\">" \
  "<polygon points=\"0,0 72,0 72,20 0,20\"/></feature>" \
  "<feature id=\"run\" name=\"Bloody Run\" kind=\"stream\">" \
  "<polyline points=\"0,26 72,26\"/></feature>"
#define LIGHT_AT(y) \
  "<figure id=\"a1\" name=\"Pvt. Shute\" side=\"a\" x=\"10\" y=\"" #y "\" troop=\"light\">" \
  "<firelock bravery=\"7,4,2,1\"/></figure>" LINE ("b1", "b", 60, 40, "")

/* The red card, and Shute's IPs rolled */
static gboolean
a1_has_ips (PhGame  *game,
            gpointer data)
{
  return red_card_first (game, NULL) && ph_test_try (game, "roll-ips", "figure=a1", NULL);
}

/* ... 13 of them, and the stream's d6 to come within [data[0], data[1]] */
static gboolean
a1_13_ips_then_d6 (PhGame  *game,
                   gpointer data)
{
  static const int sides[] = { 6 };
  const int *range = data;

  return a1_has_ips (game, NULL) && ips_of (game, "a1") == 13
         && ph_test_next_dice_are (game, 1, sides, &range[0], &range[1]);
}

/* A drag into woods: the shaded reach, the label and the drop price the
 * move alike, woods at half a light man's pace (the trial: the label said
 * the move was fine and the drop left him short, "22 IPs needed") */
static void
test_drag_into_woods (void)
{
  g_autoptr(PhScenario) s = load_scenario (WOODS_AND_RUN, LIGHT_AT (22));
  g_autoptr(PhGame) game = ph_game_new (s, ph_test_find_seed (s, 1, 100000, a1_has_ips, NULL));
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) reach = NULL;
  g_autofree char *label = NULL;
  g_autofree char *want = NULL;
  const PhEvent *e;
  PhMovePlan plan;
  PhMoveCost cost;
  int ips;

  ph_test_step (game, "draw-card", NULL);
  ph_test_step (game, "roll-ips", "figure=a1", NULL);
  ips = ips_of (game, "a1");
  g_assert_cmpint (ips, >=, 8);
  g_assert_true (ph_game_plan_move (game, "a1", &plan, NULL));
  /* 2 in of clear ground (1 IP), then 4 in of woods (4 IPs) */
  ph_game_move_cost (game, "a1", &plan, (PhPoint) { 10, 16 }, &cost);
  g_assert_cmpfloat (cost.cost, ==, 5);
  g_assert_cmpint (cost.stops_on, ==, 0);
  label = ph_game_describe_move (game, &plan, &cost);
  want = g_strdup_printf ("moved 6.0 in · 5 of %d IPs spent", ips);
  g_assert_cmpstr (label, ==, want);
  /* the reach north: 2 in of clear, then an inch of woods an IP */
  reach = ph_game_move_reach (game, "a1", &plan, 4);
  g_assert_cmpfloat_with_epsilon (g_array_index (reach, PhPoint, 0).y, 22 - 2 - (ips - 1), 0.06);
  ph_move_plan_clear (&plan);

  /* the drop pays what the label said */
  g_assert_true (ph_game_perform_move (game, "a1", (PhPoint) { 10, 16 }, &error));
  g_assert_no_error (error);
  e = ph_test_last_event (game);
  ph_test_assert_log_contains (e, "6.0 in as light troops (2.0 in clear, 4.0 in rough): 5 IPs");
  g_assert_cmpint (ips_of (game, "a1"), ==, ips - 5);

  /* on through the woods: the last inch he can pay fits and is taken, an
   * inch more is too far for both */
  g_assert_true (ph_game_plan_move (game, "a1", &plan, NULL));
  ph_game_move_cost (game, "a1", &plan, (PhPoint) { 10, 16 - (ips - 5) - 1 }, &cost);
  g_assert_false (ph_move_cost_fits (&plan, &cost));
  g_clear_pointer (&label, g_free);
  label = ph_game_describe_move (game, &plan, &cost);
  g_assert_nonnull (strstr (label, "too far"));
  g_assert_false (ph_game_perform_move (game, "a1", (PhPoint) { 10, 16 - (ips - 5) - 1 }, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_clear_error (&error);
  ph_game_move_cost (game, "a1", &plan, (PhPoint) { 10, 16 - (ips - 5) }, &cost);
  g_assert_true (ph_move_cost_fits (&plan, &cost));
  ph_move_plan_clear (&plan);
  g_assert_true (ph_game_perform_move (game, "a1", (PhPoint) { 10, 16 - (ips - 5) }, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ips_of (game, "a1"), ==, 0);
}

/* Across the stream into the woods: "a d6 plus distance traveled", the
 * distance at 1 IP an inch. The d6 is rolled on the drop: the label
 * counts 1 and says which roll leaves him on this bank, and the drop
 * does just that */
static void
test_drag_over_stream (void)
{
  static const int high[] = { 3, 6 }, low[] = { 1, 2 };
  g_autoptr(PhScenario) s = load_scenario (WOODS_AND_RUN, LIGHT_AT (29));

  for (guint k = 0; k < 2; k++)
    {
      const int *range = k == 0 ? high : low;
      g_autoptr(PhScenario) copy = ph_scenario_copy (s);
      g_autoptr(PhGame) game = ph_game_new (copy, ph_test_find_seed (s, 1, 100000,
                                                                     a1_13_ips_then_d6,
                                                                     (gpointer) range));
      g_autoptr(GError) error = NULL;
      g_autofree char *label = NULL;
      const PhEvent *e;
      PhMovePlan plan;
      PhMoveCost cost;
      int d6;

      ph_test_step (game, "draw-card", NULL);
      ph_test_step (game, "roll-ips", "figure=a1", NULL);
      g_assert_true (ph_game_plan_move (game, "a1", &plan, NULL));
      /* 11 in: 11 IPs and the d6, of 13: a 3 or more is too many */
      ph_game_move_cost (game, "a1", &plan, (PhPoint) { 10, 18 }, &cost);
      g_assert_cmpfloat (cost.cost, ==, 12);
      g_assert_cmpint (cost.stops_on, ==, 3);
      g_assert_true (ph_move_cost_fits (&plan, &cost));
      label = ph_game_describe_move (game, &plan, &cost);
      g_assert_cmpstr (label, ==, "crossing a stream, + d6 IPs (1 counted): moved 11.0 in · "
                                  "12 of 13 IPs spent · stops short on a d6 of 3 or more");
      ph_move_plan_clear (&plan);

      g_assert_true (ph_game_perform_move (game, "a1", (PhPoint) { 10, 18 }, &error));
      g_assert_no_error (error);
      e = ph_test_last_event (game);
      d6 = ph_test_roll (e, 0)->total;
      g_assert_cmpint (d6, >=, range[0]);
      g_assert_cmpint (d6, <=, range[1]);
      if (k == 0)
        {
          /* he does not move: the log may not say he did (the trial's
           * "moves 7.6 in … stays on this bank") */
          g_autofree char *said = g_strdup_printf ("Pvt. Shute tries to cross Bloody Run: 11.0 in at 1 IP "
                                                   "an inch, 11 + d6 %d = %d IPs needed, he has "
                                                   "13; he spends them and stays where he is, on "
                                                   "this bank", d6, 11 + d6);

          g_assert_cmpstr (e->text, ==, said);
          g_assert_cmpfloat (ph_test_figure (game, "a1")->y, ==, 29);
          g_assert_cmpint (ips_of (game, "a1"), ==, 0);
        }
      else
        {
          g_assert_cmpfloat (ph_test_figure (game, "a1")->y, ==, 18);
          g_assert_cmpint (ips_of (game, "a1"), ==, 13 - 11 - d6);
        }
    }
  /* with 6 IPs to spare any d6 will do: no word of stopping short */
  {
    g_autoptr(PhScenario) copy = ph_scenario_copy (s);
    g_autoptr(PhGame) game = ph_game_new (copy, ph_test_find_seed (s, 1, 100000, a1_13_ips_then_d6,
                                                                   (gpointer) high));
    PhMovePlan plan;
    PhMoveCost cost;

    ph_test_step (game, "draw-card", NULL);
    ph_test_step (game, "roll-ips", "figure=a1", NULL);
    g_assert_true (ph_game_plan_move (game, "a1", &plan, NULL));
    ph_game_move_cost (game, "a1", &plan, (PhPoint) { 10, 22 }, &cost);
    g_assert_cmpfloat (cost.cost, ==, 8);
    g_assert_cmpint (cost.stops_on, ==, 0);
    ph_move_plan_clear (&plan);
  }
}

/* The card red, a1's IPs rolled, and the acquisition's d10 to come low */
static gboolean
a1_then_low_d10 (PhGame  *game,
                 gpointer data)
{
  static const int sides[] = { 10 }, lo[] = { 1 }, hi[] = { 5 };

  return red_card_first (game, NULL) && ph_test_try (game, "roll-ips", "figure=a1", NULL)
         && ph_test_next_dice_are (game, 1, sides, lo, hi);
}

/* A man who has not acquired his target fires no shot, and the log says
 * so in the rules' word first: it read "a1 fires his musket at ...: not
 * acquired, no shot" */
static void
test_not_acquired (void)
{
  g_autoptr(PhScenario) s = load_scenario (BIG_WOODS,
    LINE ("a1", "a", 65, 20, "") OTTER);
  g_autoptr(PhGame) game = ph_game_new (s, ph_test_find_seed (s, 1, 100000, a1_then_low_d10,
                                                              NULL));
  g_autofree char *want = NULL;
  const PhEvent *e;
  int ips, d10;

  ph_test_step (game, "draw-card", NULL);
  ph_test_step (game, "roll-ips", "figure=a1", NULL);
  ips = ips_of (game, "a1");
  /* the chief in the woods, 36 in off: a d10 - 2 (line infantry) of 8 */
  e = ph_test_step (game, "shoot", "figure=a1", "target=otter", NULL);
  d10 = ph_test_roll (e, 0)->total;
  g_assert_cmpint (ph_test_n_visible_rolls (e), ==, 1);
  want = g_strdup_printf ("a1 cannot fire: has not acquired Chief Otter Breath (36.0 in, target "
                          "in woods; to acquire d10 %d - 2 = %d, needs 8); %d IPs left",
                          d10, d10 - 2, ips);
  g_assert_cmpstr (e->text, ==, want);
  /* no shot: the musket is still loaded */
  g_assert_true (g_array_index (ph_test_figure (game, "a1")->weapons, PhWeapon, 0).loaded);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/firelock/sample-turn", test_sample_turn);
  g_test_add_func ("/game/firelock/cards", test_cards);
  g_test_add_func ("/game/firelock/sequencing", test_sequencing);
  g_test_add_func ("/game/firelock/ip-roll", test_ip_roll);
  g_test_add_func ("/game/firelock/composure", test_composure);
  g_test_add_func ("/game/firelock/officer", test_officer);
  g_test_add_func ("/game/firelock/move-costs", test_move_costs);
  g_test_add_func ("/game/firelock/crossing-words", test_crossing_words);
  g_test_add_func ("/game/firelock/turn-end-in-its-turn", test_turn_end_in_its_turn);
  g_test_add_func ("/game/firelock/stream", test_stream);
  g_test_add_func ("/game/firelock/drag-whole-tenths", test_drag_whole_tenths);
  g_test_add_func ("/game/firelock/rider-drops-prone", test_rider_drops_prone);
  g_test_add_func ("/game/firelock/load-over-turns", test_load_over_turns);
  g_test_add_func ("/game/firelock/mount", test_mount);
  g_test_add_func ("/game/firelock/melee-hits", test_melee_hits);
  g_test_add_func ("/game/firelock/melee-special", test_melee_special);
  g_test_add_func ("/game/firelock/melee-odds", test_melee_odds);
  g_test_add_func ("/game/firelock/shot-results", test_shot_results);
  g_test_add_func ("/game/firelock/run-away", test_run_away);
  g_test_add_func ("/game/firelock/errors", test_errors);
  g_test_add_func ("/game/firelock/roll-character", test_roll_character);
  g_test_add_func ("/game/firelock/drag-move", test_drag_move);
  g_test_add_func ("/game/firelock/not-acquired", test_not_acquired);
  g_test_add_func ("/game/firelock/drag-into-woods", test_drag_into_woods);
  g_test_add_func ("/game/firelock/drag-over-stream", test_drag_over_stream);
  return g_test_run ();
}
