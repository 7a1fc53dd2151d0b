/* test-game-mayhem.c: a game of Musket Mayhem with fixed seeds, every
 * outcome checked against the dice the event recorded
 * (the Musket Mayhem rules as src/rulesets/mayhem/game.md plays them)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each step is performed through ph_test_step(), which also undoes and
 * redoes it, and saves and loads the game, asserting the same state and
 * the same next dice each time.
 */
#include <math.h>
#include <string.h>

#include "ph-test-ruleset.h"
#include "ph-core.h"
#include "ph-test-util.h"
#include "ph-game-args.h"

/* Two sides. British: Sgt Smith (leader, musket and bayonet, courage 4),
 * Jones, a hero with a save and a re-roll token, a trooper. French: Otter
 * Breath (Indian, shock troops, tomahawk), a crewed 3-pounder firing
 * canister (a gunner and an officer: 3 with the leader counting two), a
 * roundshot gun with one gunner. */
static const char *figures_xml =
  "<figure id=\"smith\" name=\"Sgt Smith\" side=\"british\" x=\"20\" y=\"30\" facing=\"90\""
  "        troop=\"line\" leader=\"true\">"
  "  <weapon kind=\"musket\"/><weapon kind=\"bayonet\"/>"
  "  <mayhem courage=\"4\" armament=\"5\"/>"
  "</figure>"
  "<figure id=\"jones\" name=\"Jones\" side=\"british\" x=\"20\" y=\"40\" facing=\"90\" troop=\"line\">"
  "  <weapon kind=\"musket\"/><weapon kind=\"bayonet\"/>"
  "  <mayhem courage=\"3\" armament=\"5\"/>"
  "</figure>"
  "<figure id=\"hero\" name=\"Hawkeye\" side=\"british\" x=\"20\" y=\"20\" facing=\"90\" troop=\"guerrilla\">"
  "  <weapon kind=\"rifle\"/><weapon kind=\"knife\"/>"
  "  <mayhem courage=\"3\" armament=\"5\" saves=\"1\" rerolls=\"1\"/>"
  "</figure>"
  "<figure id=\"rider\" name=\"Trooper\" side=\"british\" x=\"10\" y=\"8\" facing=\"90\""
  "        troop=\"cavalry\" mounted=\"true\">"
  "  <weapon kind=\"pistol\"/><weapon kind=\"sabre\"/>"
  "  <mayhem courage=\"3\" armament=\"4\" shock=\"true\"/>"
  "</figure>"
  "<figure id=\"otter\" name=\"Otter Breath\" side=\"french\" x=\"40\" y=\"30\" facing=\"270\""
  "        troop=\"indian\">"
  "  <weapon kind=\"musket\"/><weapon kind=\"tomahawk\"/>"
  "  <mayhem courage=\"3\" armament=\"5\" shock=\"true\"/>"
  "</figure>"
  "<figure id=\"gun\" name=\"3-pounder\" side=\"french\" x=\"35\" y=\"45\" facing=\"315\" troop=\"artillery\">"
  "  <weapon kind=\"canister\"/><mayhem courage=\"3\" armament=\"6\"/>"
  "</figure>"
  "<figure id=\"gunner\" side=\"french\" x=\"36.5\" y=\"45\" troop=\"artillery\">"
  "  <mayhem courage=\"3\" armament=\"5\"/>"
  "</figure>"
  "<figure id=\"officer\" side=\"french\" x=\"35\" y=\"46.5\" troop=\"artillery\" leader=\"true\">"
  "  <mayhem courage=\"4\" armament=\"5\"/>"
  "</figure>"
  "<figure id=\"gun2\" name=\"6-pounder\" side=\"french\" x=\"50\" y=\"45\" facing=\"296.565\""
  "        troop=\"artillery\">"
  "  <weapon kind=\"roundshot\"/><mayhem courage=\"3\" armament=\"6\"/>"
  "</figure>"
  "<figure id=\"gunner2\" side=\"french\" x=\"51.5\" y=\"45\" troop=\"artillery\">"
  "  <mayhem courage=\"3\" armament=\"5\"/>"
  "</figure>";

static PhScenario *
load_scenario (gboolean three_sides)
{
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "  <title>Mayhem game test</title>\n"
    "  <table width=\"72\" height=\"60\"/>\n"
    "  <sides>\n"
    "    <side id=\"british\" name=\"British\" color=\"#b03a2e\"/>\n"
    "    <side id=\"french\" name=\"French\" color=\"#2e5fa8\"/>\n"
    "%s"
    "  </sides>\n"
    "  <figures>%s%s</figures>\n"
    "</scenario>\n",
    three_sides ? "    <side id=\"mohawk\" name=\"Mohawk\" color=\"#3a8a3a\"/>\n" : "",
    figures_xml,
    three_sides
    ? "<figure id=\"brant\" side=\"mohawk\" x=\"60\" y=\"10\" troop=\"indian\">"
      "<weapon kind=\"musket\"/><mayhem courage=\"4\" armament=\"5\"/></figure>"
    : "");

  return ph_test_load_xml (xml, -1, "mayhem-game-test.xml");
}

/* ---------------------------------------------------------------------- */
/* Helpers                                                                */

static PhGame *
new_game (PhScenario *scenario,
          guint32     seed)
{
  PhGame *game = ph_game_new (scenario, seed);

  g_assert_nonnull (game);
  g_assert_true (ph_game_get_rules (game) == ph_ruleset_get (ph_test_ruleset ("musket-mayhem"))->game);
  return game;
}

/* British first, French second, without caring who won */
static void
british_first (PhGame *game)
{
  /* The winner goes first or second, whichever puts the British first */
  ph_test_step (game, "initiative", NULL);
  if (g_strcmp0 (ph_game_get_var (game, "phase"), "choose-order") == 0)
    {
      gboolean british_won = g_strcmp0 (ph_game_get_var (game, "initiative-winner"),
                                        "british") == 0;

      const PhEvent *e = ph_test_step (game, "choose-order",
                                       british_won ? "go=first" : "go=second", NULL);

      /* no verb for a side's name, often plural ("British Regulars") */
      g_assert_cmpstr (e->text, ==, british_won
                       ? "Order chosen by British, going first: British first, then French"
                       : "Order chosen by French, going second: British first, then French");
    }
  g_assert_cmpstr (ph_game_get_var (game, "active-side"), ==, "british");
  g_assert_cmpstr (ph_game_get_var (game, "phase"), ==, "move");
}

/* ---------------------------------------------------------------------- */
/* Initiative and cards                                                   */

/* "Players (sides) dice for initiative each turn. Winner chooses to go
 * first or second." */
static void
test_initiative_choose (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (FALSE);
  g_autoptr (PhGame) game = new_game (scenario, 7);
  const PhEvent *event;
  guint n;
  int b, f;
  const char *winner, *loser;

  g_assert_cmpstr (ph_game_get_var (game, "phase"), ==, "initiative");
  g_assert_cmpint (ph_game_get_var_int (game, "turn", 0), ==, 1);
  /* each phase expects its step, for the window to offer first */
  g_assert_cmpstr (ph_game_expected (game), ==, "initiative");
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "choose-order", "go=first", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "draw-card", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "roll-move", "figure=smith", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "initiative", "winner-goes=last", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "charge", NULL);

  ph_test_step (game, "initiative", NULL);
  event = ph_test_last_event (game);
  n = event->rolls->len;
  /* one d6 a side; the first turn's ties are diced again */
  g_assert_cmpuint (n % 2, ==, 0);
  for (guint i = 0; i + 2 < n; i += 2)
    g_assert_cmpint (ph_test_roll (event, i)->total, ==, ph_test_roll (event, i + 1)->total);
  b = ph_test_roll (event, n - 2)->total;
  f = ph_test_roll (event, n - 1)->total;
  g_assert_cmpint (ph_test_roll (event, n - 2)->sides, ==, 6);
  g_assert_cmpint (b, !=, f);
  winner = b > f ? "british" : "french";
  loser = b > f ? "french" : "british";
  g_assert_cmpstr (ph_game_get_var (game, "phase"), ==, "choose-order");
  g_assert_cmpstr (ph_game_expected (game), ==, "choose-order");
  g_assert_cmpstr (ph_game_get_var (game, "initiative-winner"), ==, winner);
  g_assert_null (ph_game_get_var (game, "active-side"));
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "initiative", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "choose-order", NULL);

  /* The winner goes second */
  ph_test_step (game, "choose-order", "go=second", NULL);
  g_assert_cmpstr (ph_game_get_var (game, "active-side"), ==, loser);
  g_assert_cmpstr (ph_game_get_var (game, "phase"), ==, "move");
  g_assert_cmpstr (ph_game_expected (game), ==, "roll-move");
  {
    g_autofree char *order = g_strdup_printf ("%s %s", loser, winner);

    g_assert_cmpstr (ph_game_get_var (game, "order"), ==, order);
  }
  g_assert_null (ph_game_get_var (game, "initiative-winner"));

  ph_test_step (game, "end-activation", NULL);
  g_assert_cmpstr (ph_game_get_var (game, "active-side"), ==, winner);
  ph_test_step (game, "end-activation", NULL);
  g_assert_cmpstr (ph_game_get_var (game, "phase"), ==, "turn-over");
  g_assert_cmpstr (ph_game_expected (game), ==, "end-turn");
  g_assert_null (ph_game_get_var (game, "active-side"));
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "end-activation", NULL);
  /* the phase said in words, not as its variable's value (turn-over) */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW,
                  "no side is moving now: every side has gone, end the turn",
                  "roll-move", "figure=smith", NULL);
  ph_test_step (game, "end-turn", NULL);
  g_assert_cmpint (ph_game_get_var_int (game, "turn", 0), ==, 2);
  g_assert_cmpstr (ph_game_get_var (game, "phase"), ==, "initiative");

  {
    g_autofree char *describe = ph_game_describe (game);

    g_assert_cmpstr (describe, ==, "Turn 2 - dice for initiative");
  }
}

/* "If there is a tie, repeat the previous turn's sequence." Over seeds,
 * turn 2's initiative dice either tie (the order of turn 1 again, no more
 * dice) or not (the higher side wins, here going first at once). */
static void
test_initiative_ties (void)
{
  gboolean seen_tie = FALSE, seen_win = FALSE, seen_first_tie = FALSE;

  for (guint32 seed = 1; seed <= 60; seed++)
    {
      g_autoptr (PhScenario) scenario = load_scenario (FALSE);
      g_autoptr (PhGame) game = new_game (scenario, seed);
      g_autoptr (GError) error = NULL;
      g_autofree char *previous = NULL;
      const char *args[] = { "winner-goes=second", NULL };
      const PhEvent *event;
      int b, f;

      g_assert_true (ph_game_perform_argv (game, "initiative", args, &error));
      g_assert_no_error (error);
      if (ph_test_last_event (game)->rolls->len > 2)
        seen_first_tie = TRUE;
      previous = g_strdup (ph_game_get_var (game, "order"));
      g_assert_true (ph_game_perform_argv (game, "end-activation", NULL, &error));
      g_assert_true (ph_game_perform_argv (game, "end-activation", NULL, &error));
      g_assert_true (ph_game_perform_argv (game, "end-turn", NULL, &error));

      if (seed <= 3)
        ph_test_stepv (game, "initiative", args);
      else
        g_assert_true (ph_game_perform_argv (game, "initiative", args, &error));
      g_assert_no_error (error);
      event = ph_test_last_event (game);
      b = ph_test_roll (event, 0)->total;
      f = ph_test_roll (event, 1)->total;
      /* a sentence, with no die followed by a colon: "... French 2: British
       * wins" wrapped to a line "2: British wins" that read as a numbered
       * row (referee trial) */
      {
        g_autofree char *rolled = g_strdup_printf ("British rolled %d and French %d, ", b, f);

        g_test_message ("%s", event->text);
        g_assert_true (g_str_has_prefix (event->text, "Turn 2 initiative: "));
        g_assert_nonnull (strstr (event->text, rolled));
        for (const char *p = event->text; *p != '\0'; p++)
          g_assert_false (g_ascii_isdigit (p[0]) && p[1] == ':');
        if (b != f)
          g_assert_nonnull (strstr (event->text, b > f ? ", so the initiative goes to British" : ", so the initiative goes to French"));
      }
      /* later turns never dice again */
      g_assert_cmpuint (event->rolls->len, ==, 2);
      if (b == f)
        {
          seen_tie = TRUE;
          g_assert_cmpstr (ph_game_get_var (game, "order"), ==, previous);
          g_assert_nonnull (strstr (event->text, "previous turn's order"));
          ph_test_check_save_load (game);
        }
      else
        {
          /* the winner chose to go second */
          seen_win = TRUE;
          g_assert_cmpstr (ph_game_get_var (game, "order"), ==,
                           b > f ? "french british" : "british french");
        }
      g_assert_cmpstr (ph_game_get_var (game, "phase"), ==, "move");
    }
  g_assert_true (seen_tie);
  g_assert_true (seen_win);
  g_assert_true (seen_first_tie);
}

/* "In the event that multiple sides are required, activation will be by
 * card draw from a deck with one card per player." */
static void
test_cards (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (TRUE);
  g_autoptr (PhGame) game = new_game (scenario, 11);
  g_autoptr (GHashTable) drawn = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpstr (ph_game_get_var (game, "phase"), ==, "draw");
  g_assert_cmpstr (ph_game_get_var (game, "deck"), ==, "british french mohawk");
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "initiative", NULL);

  for (int turn = 1; turn <= 2; turn++)
    {
      for (int card = 0; card < 3; card++)
        {
          g_autofree char *deck_before = g_strdup (ph_game_get_var (game, "deck"));
          g_auto (GStrv) before = g_strsplit (deck_before, " ", -1);
          const char *up;

          ph_test_step (game, "draw-card", NULL);
          up = ph_game_get_var (game, "card-up");
          g_assert_nonnull (up);
          g_assert_true (g_strv_contains ((const char * const *) before, up));
          g_assert_false (g_hash_table_contains (drawn, up));
          g_hash_table_add (drawn, (gpointer) g_intern_string (up));
          g_assert_cmpstr (ph_game_get_var (game, "active-side"), ==, up);
          g_assert_cmpstr (ph_game_get_var (game, "phase"), ==, "move");
          if (card < 2)
            g_assert_cmpuint (strlen (ph_game_get_var (game, "deck")), >, 0);
          else
            g_assert_null (ph_game_get_var (game, "deck"));
          ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "draw-card", NULL);
          ph_test_step (game, "end-activation", NULL);
        }
      g_assert_cmpstr (ph_game_get_var (game, "phase"), ==, "turn-over");
      g_assert_cmpuint (g_hash_table_size (drawn), ==, 3);
      ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "draw-card", NULL);
      ph_test_step (game, "end-turn", NULL);
      g_assert_cmpstr (ph_game_get_var (game, "deck"), ==, "british french mohawk");
      g_assert_null (ph_game_get_var (game, "order"));
      g_hash_table_remove_all (drawn);
    }
  g_assert_cmpint (ph_game_get_var_int (game, "turn", 0), ==, 3);
}

/* ---------------------------------------------------------------------- */
/* Movement                                                               */

/* Rolls movement for @id with @args and returns the reach; asserts the
 * dice counts: @n dice of the base roll, then 2 mounted, then 1 hero */
static int
roll_move (PhGame             *game,
           const char * const *args,
           int                 n_base,
           gboolean            mounted,
           gboolean            hero)
{
  const PhEvent *event;
  guint i = 0;
  int total = 0;

  ph_test_stepv (game, "roll-move", args);
  event = ph_test_last_event (game);
  g_assert_cmpint (ph_test_roll (event, i)->n, ==, n_base);
  g_assert_cmpint (ph_test_roll (event, i)->sides, ==, 6);
  total += ph_test_roll (event, i++)->total;
  if (mounted)
    {
      g_assert_cmpint (ph_test_roll (event, i)->n, ==, 2);
      total += ph_test_roll (event, i++)->total;
    }
  if (hero)
    {
      g_assert_cmpint (ph_test_roll (event, i)->n, ==, 1);
      total += ph_test_roll (event, i++)->total;
    }
  g_assert_cmpuint (event->rolls->len, ==, i);
  return total;
}

/* "3d6": If moving as an individual; 2d6": If movement begins as a group
 * ... or Indians or frontiersmen etc. in woods; 1d6": If crossing an
 * obstacle ... moving through woods; +2d6" if mounted in the open; +1d6
 * bonus for specially designated heroes" */
static void
test_movement (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (FALSE);
  g_autoptr (PhGame) game = new_game (scenario, 2024);
  int reach;
  char arg_x[64], arg_y[64];

  british_first (game);

  /* an individual: 3d6 */
  {
    const char *args[] = { "figure=smith", NULL };

    reach = roll_move (game, args, 3, FALSE, FALSE);
    /* the dice are the log's to name ("...: 3d6 (2, 5, 1) = 8"), not the
     * purpose's too */
    g_assert_cmpstr (ph_test_roll (ph_test_last_event (game), 0)->purpose, ==,
                     "movement in inches, moving as an individual");
    g_assert_cmpint (ph_game_get_figure_var_int (game, "smith", "move-reach", 0), ==, reach);
    g_assert_cmpstr (ph_game_get_figure_var (game, "smith", "move-origin"), ==, "20,30");
  }
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "roll-move", "figure=smith", NULL);
  /* exactly the reach, straight down the table, then no farther */
  g_snprintf (arg_x, sizeof arg_x, "x=20");
  g_snprintf (arg_y, sizeof arg_y, "y=%d", 30 - reach);
  ph_test_step (game, "move", "figure=smith", arg_x, arg_y, NULL);
  g_assert_cmpfloat (ph_test_figure (game, "smith")->y, ==, 30 - reach);
  g_assert_true (ph_test_figure (game, "smith")->status & PH_STATUS_MOVED);
  /* back half way: measured from where it started, still in reach */
  g_snprintf (arg_y, sizeof arg_y, "y=%d", 30 - reach / 2);
  ph_test_step (game, "move", "figure=smith", "x=20", arg_y, "facing=180", NULL);
  g_assert_cmpfloat (ph_test_figure (game, "smith")->facing, ==, 180);
  g_snprintf (arg_y, sizeof arg_y, "y=%g", 30 - reach - 0.1);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "move", "figure=smith", "x=20", arg_y, NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "move", "figure=smith", "x=20", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "move", "figure=smith", "x=twenty", "y=3",
                  NULL);
  /* no dice yet; not the moving side; no such figure */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "yet (Roll movement dice)", "move",
                  "figure=jones", "x=20", "y=40", NULL);
  /* a plural side name gets no singular verb ("French is moving") */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "is not of the active side (moving now: ",
                  "roll-move", "figure=otter", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "roll-move", "figure=nobody", NULL);

  /* a group: 2d6 for all of it */
  {
    const char *args[] = { "figure=jones", "with=hero", NULL };

    reach = roll_move (game, args, 2, FALSE, FALSE);
    g_assert_cmpint (ph_game_get_figure_var_int (game, "jones", "move-reach", 0), ==, reach);
    g_assert_cmpint (ph_game_get_figure_var_int (game, "hero", "move-reach", 0), ==, reach);
    g_assert_cmpstr (ph_game_get_figure_var (game, "hero", "move-origin"), ==, "20,20");
  }

  /* mounted in the open: 3d6 + 2d6 by default; in difficult ground 1d6 and
   * no horse dice */
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "roll-move", "figure=rider",
                  "terrain=difficult", "mounted-open=true", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "roll-move", "figure=rider",
                  "terrain=swamp", NULL);
  {
    const char *args[] = { "figure=rider", "hero=true", NULL };

    reach = roll_move (game, args, 3, TRUE, TRUE);
    g_assert_cmpint (ph_game_get_figure_var_int (game, "rider", "move-reach", 0), ==, reach);
    g_assert_cmpint (reach, >=, 6);
    g_assert_nonnull (strstr (ph_test_last_event (game)->text, "mounted in the open"));
  }

  ph_test_step (game, "end-activation", NULL);
  /* the French: an Indian in woods moves 2d6, a gun crew 1d6 through woods,
   * a mounted figure only if mounted */
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "roll-move", "figure=otter",
                  "mounted-open=true", NULL);
  {
    const char *woods[] = { "figure=otter", "terrain=woods", NULL };
    const char *gunner[] = { "figure=gunner", NULL };
    const char *obstacle[] = { "figure=officer", "terrain=difficult", "group=true", NULL };
    PhFeature *wood = ph_feature_new ();

    roll_move (game, woods, 2, FALSE, FALSE);
    /* the terrain left out is the ground he stands on: the gunner in a
     * wood rolls 1d6 (the trial's man there rolled 3d6, as in the open) */
    wood->id = g_strdup ("copse");
    wood->kind = PH_TERRAIN_WOODS;
    ph_shape_init_rect (&wood->shape, (PhPoint) { 30, 40 }, (PhPoint) { 38, 50 });
    g_ptr_array_add (scenario->features, wood);
    ph_scenario_reindex (scenario);
    roll_move (game, gunner, 1, FALSE, FALSE);
    g_assert_nonnull (strstr (ph_test_last_event (game)->text, "moving through woods"));
    roll_move (game, obstacle, 1, FALSE, FALSE);
  }
  ph_test_step (game, "end-activation", NULL);
  ph_test_step (game, "end-turn", NULL);
  /* the turn's movement is cleared */
  g_assert_null (ph_game_get_figure_var (game, "smith", "move-reach"));
  g_assert_null (ph_game_get_figure_var (game, "otter", "move-origin"));
  g_assert_false (ph_test_figure (game, "smith")->status & PH_STATUS_MOVED);
}

/* ---------------------------------------------------------------------- */
/* Shooting and reloading                                                 */

/* The expected skill modifier and target of a shot, from the engine */
static void
expected_shot (PhGame     *game,
               const char *shooter,
               const char *target,
               int        *modifier,
               int        *need)
{
  g_autoptr (PhAssessment) a = ph_test_assess (ph_game_get_scenario (game),
                                               shooter, target, NULL);

  g_assert_true (a->can_fire);
  *modifier = 0;
  for (guint i = 0; i < a->modifiers->len; i++)
    *modifier += (int) g_array_index (a->modifiers, PhModifier, i).value;
  *need = ph_test_detail_int (a, "skill_target");
}

/* After a courage check's first die at roll @i of @event (against
 * @courage), the outcome for the single figure @id that was at (@x0, @y0)
 * facing away from (@tx, @ty) */
static void
assert_courage_outcome (PhGame        *game,
                        const PhEvent *event,
                        guint          i,
                        const char    *id,
                        int            courage,
                        double         x0,
                        double         y0,
                        double         tx,
                        double         ty,
                        int           *outcome)
{
  PhFigure *f = ph_test_figure (game, id);
  int first = ph_test_roll (event, i)->total;
  int second;

  if (first <= courage)
    {
      /* "If the die is equal to or less than the courage value then the
       * group passes." */
      *outcome = 0;
      g_assert_cmpuint (event->rolls->len, ==, i + 1);
      g_assert_cmpfloat (f->x, ==, x0);
      g_assert_cmpfloat (f->y, ==, y0);
      g_assert_false (f->status & PH_STATUS_FLED);
      g_assert_nonnull (strstr (event->text, "passes"));
      return;
    }
  second = ph_test_roll (event, i + 1)->total;
  if (second > courage)
    {
      /* "If they roll higher than their courage, they run off the board
       * and are removed." */
      *outcome = 2;
      g_assert_cmpuint (event->rolls->len, ==, i + 2);
      g_assert_true (f->status & PH_STATUS_FLED);
      g_assert_true (ph_figure_is_off_table (f));
      g_assert_nonnull (strstr (event->text, "runs off"));
    }
  else
    {
      /* "Otherwise they retreat 2d6"" directly away */
      const PhRoll *r = ph_test_roll (event, i + 2);
      double moved = hypot (f->x - x0, f->y - y0);
      double away = (f->x - x0) * (x0 - tx) + (f->y - y0) * (y0 - ty);

      *outcome = 1;
      g_assert_cmpint (r->n, ==, 2);
      g_assert_cmpuint (event->rolls->len, ==, i + 3);
      g_assert_cmpfloat_with_epsilon (moved, r->total, 0.02);
      /* directly away: along the line from the threat */
      g_assert_cmpfloat_with_epsilon (away, moved * hypot (x0 - tx, y0 - ty), 0.05 * moved * hypot (x0 - tx, y0 - ty) + 0.01);
      g_assert_false (f->status & PH_STATUS_FLED);
      g_assert_nonnull (strstr (event->text, "retreats 2d6"));
    }
}

/* "Each figure armed with a loaded missile weapon may shoot once at any
 * point during the enemy's movement"; "Roll a skill die ... If a potential
 * hit is achieved, roll a results die for effect: Impact Die (+1 for
 * muskets and rifles ...) 6 Target killed, 1-5 Target takes courage
 * check" */
static void
test_shoot (void)
{
  gboolean seen[3] = { FALSE, FALSE, FALSE }; /* miss, kill, check */

  for (guint32 seed = 1; seed <= 40; seed++)
    {
      g_autoptr (PhScenario) scenario = load_scenario (FALSE);
      g_autoptr (PhGame) game = new_game (scenario, seed);
      const PhEvent *event;
      PhFigure *smith;
      int modifier, need, skill, impact;
      int outcome;

      british_first (game);
      if (seed == 1)
        {
          /* the moving side does not shoot; targets are of the moving side */
          ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "shoot", "figure=smith",
                          "target=otter", NULL);
          ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "shoot", "figure=gun", "target=otter",
                          NULL);
          ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "shoot", "figure=otter",
                          "target=ghost", NULL);
          /* a musket has one target */
          ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "shoot", "figure=otter",
                          "target=smith", "also=jones", NULL);
        }
      expected_shot (game, "otter", "smith", &modifier, &need);
      /* 19 in edge to edge: over half the musket's 24 in, in the open */
      g_assert_cmpint (modifier, ==, -1);
      g_assert_cmpint (need, ==, 4);

      if (seed <= 4)
        ph_test_step (game, "shoot", "figure=otter", "target=smith", NULL);
      else
        {
          g_autoptr (GError) error = NULL;
          const char *args[] = { "figure=otter", "target=smith", NULL };

          g_assert_true (ph_game_perform_argv (game, "shoot", args, &error));
          g_assert_no_error (error);
        }
      event = ph_test_last_event (game);
      g_assert_cmpstr (event->figure, ==, "otter");
      smith = ph_test_figure (game, "smith");
      /* the musket is unloaded and smokes */
      g_assert_false (g_array_index (ph_test_figure (game, "otter")->weapons, PhWeapon, 0).loaded);
      g_assert_true (ph_test_figure (game, "otter")->status & PH_STATUS_FIRED);
      g_assert_cmpstr (ph_game_get_figure_var (game, "otter", "shot"), ==, "true");
      g_assert_null (ph_game_get_figure_var (game, "otter", "smoke-puffs"));

      skill = ph_test_roll (event, 0)->total + modifier;
      /* the die, what is added and the sum, spaced as sums are: "rolled
       * 5 - 1 = 4" */
      {
        g_autofree char *said = g_strdup_printf (", rolled %d - 1 = %d",
                                                 ph_test_roll (event, 0)->total, skill);

        ph_test_assert_log_contains (event, said);
      }
      if (skill >= need)
        {
          g_autofree char *said = g_strdup_printf (": hit; impact die %d + 1 = %d",
                                                   ph_test_roll (event, 1)->total,
                                                   ph_test_roll (event, 1)->total + 1);

          ph_test_assert_log_contains (event, said);
        }
      if (skill < need)
        {
          seen[0] = TRUE;
          g_assert_cmpuint (event->rolls->len, ==, 1);
          g_assert_nonnull (strstr (event->text, ": miss"));
          g_assert_false (smith->status & PH_STATUS_DEAD);
          g_assert_cmpfloat (smith->x, ==, 20);
        }
      else
        {
          impact = ph_test_roll (event, 1)->total + 1; /* +1 for muskets */
          if (impact >= 6)
            {
              seen[1] = TRUE;
              g_assert_cmpuint (event->rolls->len, ==, 2);
              g_assert_true (smith->status & PH_STATUS_DEAD);
              g_assert_nonnull (strstr (event->text, "is killed"));
            }
          else
            {
              seen[2] = TRUE;
              assert_courage_outcome (game, event, 2, "smith", 4, 20, 30, 40, 30,
                                      &outcome);
            }
        }
      /* once per enemy move, and unloaded anyway */
      ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "shoot", "figure=otter", "target=jones",
                      NULL);
      if (seed == 1)
        {
          ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "reload", "figure=otter", NULL);
          /* the next enemy move allows another shot; the musket is still
           * unloaded */
          ph_test_step (game, "end-activation", NULL);
          g_assert_null (ph_game_get_figure_var (game, "otter", "shot"));
          /* reloading: the French's own turn, without moving */
          ph_test_step (game, "reload", "figure=otter", NULL);
          g_assert_true (g_array_index (ph_test_figure (game, "otter")->weapons,
                                        PhWeapon, 0).loaded);
          g_assert_false (ph_test_figure (game, "otter")->status & PH_STATUS_FIRED);
          g_assert_cmpstr (ph_game_get_figure_var (game, "otter", "reloaded"), ==, "true");
          ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "reload", "figure=otter", NULL);
          ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "roll-move", "figure=otter", NULL);
          /* nothing unloaded */
          ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "reload", "figure=officer", NULL);
        }
    }
  g_assert_true (seen[0]);
  g_assert_true (seen[1]);
  g_assert_true (seen[2]);
}

/* "can be reloaded as an action by a figure which does not move during
 * its own turn" */
static void
test_reload_after_moving (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (FALSE);
  g_autoptr (PhGame) game = NULL;

  /* Jones starts unloaded */
  g_assert_true (ph_figure_set_attr (scenario, ph_scenario_find_figure (scenario, "jones"),
                                     "weapon.0.loaded", "false", NULL));
  game = new_game (scenario, 5);
  british_first (game);
  ph_test_step (game, "roll-move", "figure=jones", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "reload", "figure=jones", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "reload", "figure=otter", NULL);
  ph_test_step (game, "end-activation", NULL);
  ph_test_step (game, "end-activation", NULL);
  ph_test_step (game, "end-turn", NULL);
  british_first (game);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "reload", "figure=jones", "weapon=7", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "reload", "figure=jones", "weapon=1", NULL);
  ph_test_step (game, "reload", "figure=jones", NULL);
  g_assert_true (g_array_index (ph_test_figure (game, "jones")->weapons, PhWeapon, 0).loaded);
}

/* "When gun fires, place 3 smoke puffs. A trained crew of 3 or more (with
 * a leader counting as two figures) may remove 1 per turn." */
static void
test_gun_smoke (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (FALSE);
  g_autoptr (PhGame) game = new_game (scenario, 99);
  const PhEvent *event;
  int modifier, need;

  british_first (game);
  expected_shot (game, "gun", "smith", &modifier, &need);
  /* 20.2 in edge to edge: over half canister's 36 in */
  g_assert_cmpint (modifier, ==, -1);
  ph_test_step (game, "shoot", "figure=gun", "target=smith", "also=jones", NULL);
  event = ph_test_last_event (game);
  /* two targets in the cone, each rolled for */
  g_assert_nonnull (strstr (event->text, "fired at Sgt Smith"));
  g_assert_nonnull (strstr (event->text, "fired at Jones"));
  g_assert_cmpint (ph_test_roll (event, 0)->sides, ==, 6);
  g_assert_cmpint (ph_game_get_figure_var_int (game, "gun", "smoke-puffs", 0), ==, 3);
  g_assert_false (g_array_index (ph_test_figure (game, "gun")->weapons, PhWeapon, 0).loaded);
  g_assert_true (ph_test_figure (game, "gun")->status & PH_STATUS_FIRED);
  ph_test_step (game, "shoot", "figure=gun2", "target=rider", NULL);
  g_assert_cmpint (ph_game_get_figure_var_int (game, "gun2", "smoke-puffs", 0), ==, 3);

  ph_test_step (game, "end-activation", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "reload", "figure=gun", NULL);
  ph_test_step (game, "end-activation", NULL);

  /* the crew of 3 clears one a turn; the lone gunner cannot */
  for (int turn = 1; turn <= 3; turn++)
    {
      ph_test_step (game, "end-turn", NULL);
      g_assert_cmpint (ph_game_get_figure_var_int (game, "gun", "smoke-puffs", 0), ==, 3 - turn);
      g_assert_cmpint (ph_game_get_figure_var_int (game, "gun2", "smoke-puffs", 0), ==, 3);
      g_assert_cmpuint (g_array_index (ph_test_figure (game, "gun")->weapons, PhWeapon, 0).loaded,
                        ==, turn == 3);
      ph_test_step (game, "initiative", "winner-goes=first", NULL);
      ph_test_step (game, "end-activation", NULL);
      ph_test_step (game, "end-activation", NULL);
    }
  g_assert_null (ph_game_get_figure_var (game, "gun", "smoke-puffs"));
  g_assert_false (ph_test_figure (game, "gun")->status & PH_STATUS_FIRED);
  g_assert_true (ph_test_figure (game, "gun2")->status & PH_STATUS_FIRED);
}

/* ---------------------------------------------------------------------- */
/* Courage                                                                */

/* "Roll one die vs. the highest courage value in the group ... If the
 * group was ordered to charge then they stand still instead. In the other
 * four possible tests, roll again against each individual's courage. If
 * they roll higher than their courage, they run off the board and are
 * removed. Otherwise they retreat 2d6"." */
static void
test_courage (void)
{
  int seen[3] = { 0, 0, 0 };
  gboolean seen_stand = FALSE;

  for (guint32 seed = 1; seed <= 40; seed++)
    {
      g_autoptr (PhScenario) scenario = load_scenario (FALSE);
      g_autoptr (PhGame) game = new_game (scenario, seed);
      const PhEvent *event;
      int outcome;

      /* Jones (courage 3) hit, retreating away from Otter Breath */
      if (seed <= 6)
        ph_test_step (game, "courage-check", "figure=jones", "trigger=hit", "from=otter", NULL);
      else
        {
          g_autoptr (GError) error = NULL;
          const char *args[] = { "figure=jones", "trigger=hit", "from=otter", NULL };

          g_assert_true (ph_game_perform_argv (game, "courage-check", args, &error));
        }
      event = ph_test_last_event (game);
      g_assert_cmpstr (event->figure, ==, "jones");
      assert_courage_outcome (game, event, 0, "jones", 3, 20, 40, 40, 30, &outcome);
      seen[outcome]++;

      /* A group ordered to charge checks at its best courage (Smith's 4);
       * failing, they stand still */
      if (seed <= 12)
        {
          g_autoptr (PhScenario) s2 = load_scenario (FALSE);
          g_autoptr (PhGame) g2 = new_game (s2, seed);

          british_first (g2);
          ph_test_step (g2, "courage-check", "figure=hero", "trigger=charge-ordered",
                        "group=smith", NULL);
          event = ph_test_last_event (g2);
          g_assert_cmpuint (event->rolls->len, ==, 1);
          g_assert_nonnull (strstr (event->text, "courage 4"));
          if (ph_test_roll (event, 0)->total > 4)
            {
              seen_stand = TRUE;
              g_assert_cmpstr (ph_game_get_figure_var (g2, "smith", "stand-still"), ==, "true");
              g_assert_cmpstr (ph_game_get_figure_var (g2, "hero", "stand-still"), ==, "true");
              ph_test_refuse (g2, PH_GAME_ERROR_NOT_NOW, NULL, "roll-move", "figure=smith", NULL);
              ph_test_step (g2, "end-activation", NULL);
              ph_test_step (g2, "end-activation", NULL);
              ph_test_step (g2, "end-turn", NULL);
              g_assert_null (ph_game_get_figure_var (g2, "smith", "stand-still"));
            }
          else
            {
              g_assert_null (ph_game_get_figure_var (g2, "smith", "stand-still"));
              ph_test_step (g2, "roll-move", "figure=smith", NULL);
            }
        }
    }
  g_assert_cmpint (seen[0], >, 0);
  g_assert_cmpint (seen[1], >, 0);
  g_assert_cmpint (seen[2], >, 0);
  g_assert_true (seen_stand);
}

/* "A figure in a group is killed (only once per turn)"; the threat as a
 * point; bad arguments */
static void
test_courage_casualty (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (FALSE);
  g_autoptr (PhGame) game = new_game (scenario, 3);

  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "courage-check", "figure=jones",
                  "trigger=panic", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "courage-check", "figure=jones",
                  "from=nowhere", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "courage-check", "figure=jones",
                  "group=otter", NULL);
  ph_test_step (game, "courage-check", "figure=jones", "trigger=casualty", "from=20,50", NULL);
  g_assert_cmpstr (ph_game_get_figure_var (game, "jones", "casualty-checked"), ==, "true");
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "courage-check", "figure=jones",
                  "trigger=casualty", NULL);
  if (!ph_figure_is_off_table (ph_test_figure (game, "jones")))
    /* a retreat from (20, 50) goes straight up the table */
    g_assert_cmpfloat (ph_test_figure (game, "jones")->x, ==, 20);
  ph_test_step (game, "initiative", "winner-goes=first", NULL);
  ph_test_step (game, "end-turn", NULL);
  g_assert_null (ph_game_get_figure_var (game, "jones", "casualty-checked"));
}

/* "Heroes: ... save tokens (canceling a death or morale failure), reroll
 * tokens": over seeds, a failed first die is re-rolled with the token,
 * and a failure after it is cancelled by the save */
static void
test_tokens (void)
{
  gboolean seen_reroll = FALSE, seen_save = FALSE;

  for (guint32 seed = 1; seed <= 40; seed++)
    {
      g_autoptr (PhScenario) scenario = load_scenario (FALSE);
      g_autoptr (PhGame) game = new_game (scenario, seed);
      const PhEvent *event;
      PhFigure *hero = ph_test_figure (game, "hero");

      ph_test_step (game, "courage-check", "figure=hero", "from=otter",
                    "use-reroll=true", "use-save=true", NULL);
      event = ph_test_last_event (game);
      if (ph_test_roll (event, 0)->total <= 3)
        {
          g_assert_cmpuint (event->rolls->len, ==, 1);
          g_assert_cmpint (hero->stats.mayhem.rerolls, ==, 1);
          g_assert_cmpint (hero->stats.mayhem.saves, ==, 1);
          continue;
        }
      seen_reroll = TRUE;
      g_assert_cmpint (hero->stats.mayhem.rerolls, ==, 0);
      g_assert_cmpuint (event->rolls->len, ==, 2);
      if (ph_test_roll (event, 1)->total <= 3)
        g_assert_cmpint (hero->stats.mayhem.saves, ==, 1);
      else
        {
          seen_save = TRUE;
          g_assert_cmpint (hero->stats.mayhem.saves, ==, 0);
          g_assert_cmpfloat (hero->x, ==, 20);
          g_assert_false (hero->status & PH_STATUS_FLED);
          g_assert_nonnull (strstr (event->text, "save token"));
        }
    }
  g_assert_true (seen_reroll);
  g_assert_true (seen_save);
}

/* ---------------------------------------------------------------------- */
/* Melee                                                                  */

/* "For each pair of combatants in contact, each player rolls a skill die,
 * adds any applicable modifiers, and compares it to the skill die of the
 * opponent. The high scorer has a hit ... If the score is tied, then
 * neither figure is affected." "If the results value is equal to or
 * higher than the armament value, the target figure is removed from the
 * game. If not, the losing figure checks courage as in fire combat." */
/* "Figures are in contact if any part of their front edge is contacting an
 * enemy figure, or if they are contacted by any part of the front edge of
 * an enemy figure": no melee at a distance, nor back to back; the referee
 * may allow one, and the log says so. */
static void
test_melee_contact (void)
{
  static const struct { const char *smith_x, *smith_facing, *otter_facing, *refused; } cases[] = {
    /* 20 in apart */
    { "20", "90", "270", "Otter Breath is 19.0 in from Sgt Smith: melee needs their bases "
                         "in contact" },
    /* touching, but back to back */
    { "39", "270", "90", "neither's front edge is in the contact" },
    /* touching, Smith's back to Otter Breath's front edge: in contact */
    { "39", "270", "270", NULL },
    /* front to front */
    { "39", "90", "270", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (PhScenario) scenario = load_scenario (FALSE);
      g_autoptr (PhGame) game = NULL;
      PhFigure *smith = ph_scenario_find_figure (scenario, "smith");
      PhFigure *otter = ph_scenario_find_figure (scenario, "otter");

      g_assert_true (ph_figure_set_attr (scenario, smith, "x", cases[i].smith_x, NULL));
      g_assert_true (ph_figure_set_attr (scenario, smith, "facing", cases[i].smith_facing, NULL));
      g_assert_true (ph_figure_set_attr (scenario, otter, "facing", cases[i].otter_facing, NULL));
      game = new_game (scenario, 5);
      british_first (game);
      if (cases[i].refused != NULL)
        {
          ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, cases[i].refused, "melee",
                          "figure=smith", "target=otter", NULL);
          /* the referee's word overrides it, and the log says so */
          ph_test_step (game, "melee", "figure=smith", "target=otter", "referee=true", NULL);
          ph_test_assert_log_contains (ph_test_last_event (game), "(the referee lets them fight");
        }
      else
        ph_test_step (game, "melee", "figure=smith", "target=otter", NULL);
    }
}

/* @id rolls his movement and stays where he stands: his move is made */
static void
move_in_place (PhGame     *game,
               const char *id)
{
  const PhFigure *f = ph_test_figure (game, id);
  g_autofree char *figure = g_strdup_printf ("figure=%s", id);
  char x[G_ASCII_DTOSTR_BUF_SIZE + 2] = "x=", y[G_ASCII_DTOSTR_BUF_SIZE + 2] = "y=";

  g_ascii_dtostr (x + 2, sizeof x - 2, f->x);
  g_ascii_dtostr (y + 2, sizeof y - 2, f->y);
  ph_test_step (game, "roll-move", figure, NULL);
  ph_test_step (game, "move", figure, x, y, NULL);
}

/* "While a player is active, he resolves movement group by group, and
 * then resolves all hand-to-hand combat figure by figure": once every man
 * has moved, the game expects the melee of a man in contact who has not
 * fought this go, and names him; the side's go ends only after (the
 * trial's bar said "End the side's go" with two men in contact) */
static void
test_melee_expected (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (FALSE);
  g_autoptr (PhGame) game = NULL;
  g_autofree char *said = NULL;
  g_autofree char *target = NULL;
  g_autoptr (GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);

  /* Smith in contact with Otter Breath, front to front */
  g_assert_true (ph_figure_set_attr (scenario, ph_scenario_find_figure (scenario, "smith"),
                                     "x", "39", NULL));
  game = new_game (scenario, 7);
  british_first (game);
  /* movement first */
  g_assert_cmpstr (ph_game_expected (game), ==, "roll-move");
  move_in_place (game, "jones");
  move_in_place (game, "hero");
  move_in_place (game, "rider");
  move_in_place (game, "smith");
  g_assert_cmpstr (ph_game_get_var (game, "phase"), ==, "move");
  g_assert_cmpstr (ph_game_expected (game), ==, "melee");
  said = ph_game_describe (game);
  g_assert_nonnull (strstr (said, "hand-to-hand: Sgt Smith is in contact with Otter Breath"));
  g_assert_null (strstr (said, "End the side's go"));
  /* the rules' pick of his enemy, for the Game tab */
  g_hash_table_insert (args, "figure", "smith");
  target = ph_game_arg_default (game, "melee", "target", args);
  g_assert_cmpstr (target, ==, "otter");
  /* a man of the side not moving is nobody's melee now */
  g_hash_table_insert (args, "figure", "otter");
  g_clear_pointer (&target, g_free);
  target = ph_game_arg_default (game, "melee", "target", args);
  g_assert_null (target);

  /* a melee now ends the side's movement, and says so plainly (the
   * map's item said "moving the game on to its step") */
  {
    g_autoptr (GHashTable) melee = g_hash_table_new (g_str_hash, g_str_equal);
    g_autofree char *where = NULL;
    gboolean moves_on = FALSE;

    g_hash_table_insert (melee, "figure", "smith");
    g_hash_table_insert (melee, "target", "otter");
    g_assert_true (ph_game_try_step_to (game, "melee", melee, FALSE, &moves_on, &where, NULL));
    g_assert_true (moves_on);
    g_assert_cmpstr (where, ==, "the hand-to-hand combat: the side's movement ends");
    g_clear_pointer (&where, g_free);
    /* the end of the go is named by its own words, not a step's */
    g_assert_true (ph_game_try_step_to (game, "end-activation", NULL, FALSE, &moves_on, &where,
                                        NULL));
    g_assert_null (where);
  }
  /* he fights: then the side's go may end */
  ph_test_step (game, "melee", "figure=smith", "target=otter", NULL);
  g_assert_cmpstr (ph_game_get_var (game, "phase"), ==, "melee");
  g_assert_cmpstr (ph_game_expected (game), ==, "end-activation");
  g_clear_pointer (&said, g_free);
  said = ph_game_describe (game);
  g_assert_nonnull (strstr (said, "End the side's go"));
  /* the French go: Otter Breath, if still in contact, fights in their
   * hand-to-hand, not having fought in theirs yet */
  ph_test_step (game, "end-activation", NULL);
  g_assert_null (ph_game_get_figure_var (game, "smith", "fought"));
}

/* "Nothing forces a man to move after rolling": a man who rolled and is
 * then moved by the referee (Move Anyway) has made his move, and a man
 * who rolled and stands while the next man rolls is left where he is;
 * the game expects the next roll, not his move (the trial's bar kept
 * "Capt. de Beaujeu rolled 11 in: drag him on the map" for the rest of
 * the go), and a man picked who has not rolled is offered his roll */
static void
test_rolled_then_referee (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (FALSE);
  g_autoptr (PhGame) game = new_game (scenario, 3);
  g_autoptr (PhFigure) moved = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *said = NULL;
  const PhEvent *event;

  british_first (game);
  ph_test_step (game, "roll-move", "figure=smith", NULL);
  g_assert_cmpstr (ph_game_expected (game), ==, "move");
  g_assert_cmpstr (ph_game_expected_of (game, ph_test_figure (game, "smith")), ==, "move");
  /* the man picked who has not rolled: his roll */
  g_assert_cmpstr (ph_game_expected_of (game, ph_test_figure (game, "jones")), ==, "roll-move");
  g_assert_null (ph_game_expected_of (game, ph_test_figure (game, "otter")));

  /* the referee puts Smith 2 in on: his move is made */
  moved = ph_figure_copy (ph_test_figure (game, "smith"));
  moved->x = 22;
  g_assert_true (ph_game_referee_edit (game, "Move Anyway", &moved, 1, &error));
  g_assert_no_error (error);
  event = ph_test_last_event (game);
  g_assert_nonnull (strstr (event->text, "(his move this turn)"));
  g_assert_true (ph_test_figure (game, "smith")->status & PH_STATUS_MOVED);
  g_assert_cmpstr (ph_game_expected (game), ==, "roll-move");
  said = ph_game_describe (game);
  g_assert_null (strstr (said, "drag him on the map"));
  g_assert_null (ph_game_expected_of (game, ph_test_figure (game, "smith")));

  /* Jones rolls and stands; Hawkeye rolls: Jones is left where he is */
  ph_test_step (game, "roll-move", "figure=jones", NULL);
  g_assert_cmpstr (ph_game_expected (game), ==, "move");
  ph_test_step (game, "roll-move", "figure=hero", NULL);
  ph_test_assert_log_contains (ph_test_last_event (game), "; Jones, who rolled, stands where he is");
  g_assert_cmpstr (ph_game_get_figure_var (game, "jones", "stood"), ==, "true");
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "his move is over this turn", "move",
                  "figure=jones", "x=20", "y=39", NULL);
  /* Hawkeye moves, then the rider is the one to roll */
  g_assert_cmpstr (ph_game_expected (game), ==, "move");
  ph_test_step (game, "move", "figure=hero", "x=20", "y=19", NULL);
  g_assert_cmpstr (ph_game_expected (game), ==, "roll-move");
  g_clear_pointer (&said, g_free);
  said = ph_game_describe (game);
  g_assert_nonnull (strstr (said, "1 still to go"));
  ph_test_step (game, "end-activation", NULL);
  ph_test_step (game, "end-activation", NULL);
  ph_test_step (game, "end-turn", NULL);
  g_assert_null (ph_game_get_figure_var (game, "jones", "stood"));
}

/* A retreat stops short of an obstacle on its way, its base clear of it:
 * crossing one takes the 1d6 move (game.md, "courage-check"); the
 * trial's Ens. Hale ended astride the Paddock Fence */
static void
test_retreat_stops_at_obstacle (void)
{
  guint seen = 0;

  for (guint32 seed = 1; seed <= 40 && seen < 3; seed++)
    {
      g_autofree char *xml = g_strdup_printf (
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
        "  <title>Retreat</title>\n"
        "  <table width=\"72\" height=\"48\"/>\n"
        "  <terrain><feature id=\"fence1\" kind=\"fence\" name=\"Paddock Fence\">"
        "<polyline points=\"20,30 20,46\"/></feature></terrain>\n"
        "  <sides><side id=\"british\" name=\"British\" color=\"#b03a2e\"/><side id=\"french\" name=\"French\" color=\"#2e5fa8\"/></sides>\n"
        "  <figures>"
        "<figure id=\"hale\" name=\"Ens. Hale\" side=\"british\" x=\"16\" y=\"38\" facing=\"270\">"
        "<weapon kind=\"musket\"/><mayhem courage=\"1\" armament=\"5\"/></figure>"
        "<figure id=\"loutre\" name=\"Cpl. La Loutre\" side=\"french\" x=\"6\" y=\"38\" facing=\"90\">"
        "<weapon kind=\"musket\"/><mayhem courage=\"3\" armament=\"5\"/></figure>"
        "</figures>\n"
        "</scenario>\n");
      g_autoptr (PhScenario) scenario = ph_test_load_xml (xml, -1, "retreat.xml");
      g_autoptr (PhGame) game = new_game (scenario, seed);
      const PhFigure *hale;
      const PhEvent *event;
      int inches;

      ph_test_step (game, "courage-check", "figure=hale", "from=loutre", NULL);
      event = ph_test_last_event (game);
      hale = ph_test_figure (game, "hale");
      /* failed, and not run off (courage 1: a 1 on his own die) */
      if (event->rolls->len < 3)
        continue;
      inches = ph_test_roll (event, 2)->total;
      /* 2d6 east from x = 16: 4 in or more reaches the fence at x = 20
       * (the base's half inch at 19.5) */
      if (inches >= 4)
        {
          g_assert_cmpfloat (hale->x, <=, 19.5 + 1e-9);
          g_assert_cmpfloat (hale->x, >=, 19.5 - 0.02);
          ph_test_assert_log_contains (event, "stopped by Paddock Fence after 3.5 in");
        }
      else
        g_assert_cmpfloat_with_epsilon (hale->x, 16 + inches, 1e-9);
      g_assert_cmpfloat (hale->y, ==, 38);
      seen++;
    }
  g_assert_cmpuint (seen, >, 0);
}

/* The melee's odds a right-click shows, by the rules: a skill die each
 * with the modifiers the melee takes by itself (Smith +1 leader, +1
 * bayonet against a tomahawk; Otter Breath +1 shock troops), the higher
 * hits, a tie is nothing; a hit removes on the results die reaching the
 * winner's armament (Smith's 5: a 5 or a 6) */
static void
test_melee_odds (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (FALSE);
  g_autoptr (PhGame) game = new_game (scenario, 1);
  char *odds;

  /* d6+2 against d6+1: 21 of 36 pairs hit, 10 are hit; 21/36 x 2/6 */
  odds = ph_game_target_odds (game, "melee", ph_test_figure (game, "smith"),
                              ph_test_figure (game, "otter"));
  g_assert_cmpstr (odds, ==, "58% to hit him, 19% to remove him, 28% to be hit");
  g_free (odds);
  g_assert_null (ph_game_target_odds (game, "shoot", ph_test_figure (game, "smith"),
                                      ph_test_figure (game, "otter")));
}

static void
test_melee (void)
{
  gboolean seen_tie = FALSE, seen_kill = FALSE, seen_check = FALSE;
  gboolean seen_otter_wins = FALSE;

  for (guint32 seed = 1; seed <= 60; seed++)
    {
      g_autoptr (PhScenario) scenario = load_scenario (FALSE);
      g_autoptr (PhGame) game = NULL;
      const PhEvent *event;
      gboolean rear = seed % 2 == 0;
      int smith, otter, results;
      PhFigure *winner, *loser;
      int outcome;

      /* Smith charged Otter Breath and is in contact: front edge to front
       * edge, their 1 in bases touching */
      g_assert_true (ph_figure_set_attr (scenario, ph_scenario_find_figure (scenario, "smith"),
                                         "x", "39", NULL));
      game = new_game (scenario, seed);
      british_first (game);
      if (seed <= 8)
        ph_test_step (game, "melee", "figure=smith", "target=otter",
                      rear ? "rear-or-side=true" : "rear-or-side=false", NULL);
      else
        {
          g_autoptr (GError) error = NULL;
          const char *args[] = { "figure=smith", "target=otter",
                                 rear ? "rear-or-side=true" : NULL, NULL };

          g_assert_true (ph_game_perform_argv (game, "melee", args, &error));
          g_assert_no_error (error);
        }
      event = ph_test_last_event (game);
      g_assert_cmpstr (ph_game_get_var (game, "phase"), ==, "melee");
      /* Smith: +1 leader, +1 bayonet against a tomahawk, +2 rear or side;
       * Otter Breath: +1 shock troops */
      smith = ph_test_roll (event, 0)->total + 2 + (rear ? 2 : 0);
      otter = ph_test_roll (event, 1)->total + 1;
      g_assert_nonnull (strstr (event->text, "+1 leader"));
      g_assert_nonnull (strstr (event->text, "+1 bayonet against a shorter weapon"));
      g_assert_nonnull (strstr (event->text, "+1 shock troops"));
      g_assert_true ((strstr (event->text, "+2 rear or side") != NULL) == rear);
      if (smith == otter)
        {
          seen_tie = TRUE;
          g_assert_cmpuint (event->rolls->len, ==, 2);
          g_assert_nonnull (strstr (event->text, "neither is affected"));
          g_assert_true (ph_test_figure (game, "smith")->status & PH_STATUS_MELEE);
          g_assert_true (ph_test_figure (game, "otter")->status & PH_STATUS_MELEE);
          continue;
        }
      winner = ph_test_figure (game, smith > otter ? "smith" : "otter");
      loser = ph_test_figure (game, smith > otter ? "otter" : "smith");
      if (smith < otter)
        seen_otter_wins = TRUE;
      results = ph_test_roll (event, 2)->total;
      /* both armed with armament 5 */
      if (results >= 5)
        {
          seen_kill = TRUE;
          g_assert_cmpuint (event->rolls->len, ==, 3);
          g_assert_true (loser->status & PH_STATUS_DEAD);
          g_assert_false (winner->status & PH_STATUS_MELEE);
        }
      else
        {
          seen_check = TRUE;
          g_assert_false (loser->status & PH_STATUS_DEAD);
          if (loser == ph_test_figure (game, "smith"))
            assert_courage_outcome (game, event, 3, "smith", 4, 39, 30, 40, 30, &outcome);
          else
            assert_courage_outcome (game, event, 3, "otter", 3, 40, 30, 39, 30, &outcome);
          g_assert_true ((outcome == 0) == ((winner->status & PH_STATUS_MELEE) != 0));
        }
      /* melee is after movement */
      ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "roll-move", "figure=jones", NULL);
    }
  g_assert_true (seen_tie);
  g_assert_true (seen_kill);
  g_assert_true (seen_check);
  g_assert_true (seen_otter_wins);
}

/* "The armament values are as follows: ... 4: melee specialists such as
 * trained cavalry with sword"; mounted in a superior position, shock
 * troops; the modifiers by argument; wrong requests */
static void
test_melee_cavalry (void)
{
  gboolean seen_four = FALSE;

  for (guint32 seed = 1; seed <= 80; seed++)
    {
      g_autoptr (PhScenario) scenario = load_scenario (FALSE);
      g_autoptr (PhGame) game = NULL;
      const PhEvent *event;
      int rider, jones;

      g_assert_true (ph_figure_set_attr (scenario, ph_scenario_find_figure (scenario, "jones"),
                                         "side", "french", NULL));
      /* the rider rode up to Jones, his front edge against Jones's base */
      g_assert_true (ph_figure_set_attr (scenario, ph_scenario_find_figure (scenario, "rider"),
                                         "x", "19", NULL));
      g_assert_true (ph_figure_set_attr (scenario, ph_scenario_find_figure (scenario, "rider"),
                                         "y", "40", NULL));
      game = new_game (scenario, seed);
      british_first (game);
      if (seed == 1)
        {
          ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, NULL, "melee", "figure=otter",
                          "target=rider", NULL);
          ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "melee", "figure=rider",
                          "target=smith", NULL);
          ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "melee", "figure=rider",
                          "target=rider", NULL);
          ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, NULL, "melee", "figure=rider",
                          "target=jones",
                          "shock=maybe", NULL);
        }
      /* Jones defends a fence */
      ph_test_step (game, "melee", "figure=rider", "target=jones", "target-superior=true", NULL);
      event = ph_test_last_event (game);
      /* rider: +1 superior (mounted), +1 shock; Jones: +1 superior, +1
       * bayonet against a sabre */
      rider = ph_test_roll (event, 0)->total + 2;
      jones = ph_test_roll (event, 1)->total + 2;
      if (rider > jones)
        {
          int results = ph_test_roll (event, 2)->total;

          g_assert_nonnull (strstr (event->text, "against armament 4"));
          g_assert_cmpuint ((ph_test_figure (game, "jones")->status & PH_STATUS_DEAD) != 0,
                            ==, results >= 4);
          if (results == 4)
            seen_four = TRUE;
        }
      else if (rider < jones)
        {
          int results = ph_test_roll (event, 2)->total;

          g_assert_nonnull (strstr (event->text, "against armament 5"));
          g_assert_cmpuint ((ph_test_figure (game, "rider")->status & PH_STATUS_DEAD) != 0,
                            ==, results >= 5);
        }
      else
        g_assert_cmpuint (event->rolls->len, ==, 2);
    }
  g_assert_true (seen_four);

  /* a die with nothing added is only the die: "Trooper rolled 4", never
   * "rolled 4 = 4" */
  {
    g_autoptr (PhScenario) scenario = load_scenario (FALSE);
    g_autoptr (PhGame) game = NULL;
    const PhEvent *event;
    g_autofree char *said = NULL;
    int rider, jones;

    g_assert_true (ph_figure_set_attr (scenario, ph_scenario_find_figure (scenario, "jones"),
                                       "side", "french", NULL));
    g_assert_true (ph_figure_set_attr (scenario, ph_scenario_find_figure (scenario, "rider"),
                                       "x", "19", NULL));
    g_assert_true (ph_figure_set_attr (scenario, ph_scenario_find_figure (scenario, "rider"),
                                       "y", "40", NULL));
    game = new_game (scenario, 1);
    british_first (game);
    event = ph_test_step (game, "melee", "figure=rider", "target=jones", "superior=false",
                          "shock=false", NULL);
    rider = ph_test_roll (event, 0)->total;
    jones = ph_test_roll (event, 1)->total;
    said = g_strdup_printf ("Trooper fights Jones: Trooper rolled %d, Jones rolled %d +1 bayonet "
                            "against a shorter weapon = %d", rider, jones, jones + 1);
    g_assert_true (g_str_has_prefix (event->text, said));
  }
}

/* A saved game replays from the start to every step */
static void
test_replay (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (FALSE);
  g_autoptr (PhGame) game = new_game (scenario, 31);
  g_autoptr (GPtrArray) states = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  guint start = ph_game_get_position (game);

  g_ptr_array_add (states, ph_test_game_state (game));
  british_first (game);
  g_ptr_array_add (states, ph_test_game_state (game));
  ph_test_step (game, "roll-move", "figure=smith", NULL);
  g_ptr_array_add (states, ph_test_game_state (game));
  ph_test_step (game, "shoot", "figure=otter", "target=smith", NULL);
  g_ptr_array_add (states, ph_test_game_state (game));
  ph_test_step (game, "end-activation", NULL);
  g_ptr_array_add (states, ph_test_game_state (game));

  g_assert_true (ph_game_seek (game, start, &error));
  g_assert_no_error (error);
  {
    g_autofree char *s = ph_test_game_state (game);

    g_assert_cmpstr (s, ==, g_ptr_array_index (states, 0));
  }
  g_assert_true (ph_game_seek (game, ph_game_get_n_events (game), &error));
  {
    g_autofree char *s = ph_test_game_state (game);

    g_assert_cmpstr (s, ==, g_ptr_array_index (states, states->len - 1));
  }
}

/* A move by drag (ph-game-move.h): the rolled move is the allowance,
 * measured from where the turn's move began; the drop is the move
 * action, logged */
/* "1d6": If crossing an obstacle": a drag across the fence after 3d6 as
 * an individual is barred, with the fence named; along its near side is
 * taken; a man who rolled the 1d6 crosses */
static void
test_drag_across_obstacle (void)
{
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "  <title>Fence</title>\n"
    "  <table width=\"72\" height=\"60\"/>\n"
    "  <terrain><feature id=\"paddock\" name=\"Paddock Fence\" kind=\"fence\">"
    "<polyline points=\"22,10 22,50\"/></feature></terrain>\n"
    "  <sides>\n"
    "    <side id=\"british\" name=\"British\" color=\"#b03a2e\"/>\n"
    "    <side id=\"french\" name=\"French\" color=\"#2e5fa8\"/>\n"
    "  </sides>\n"
    "  <figures>%s</figures>\n"
    "</scenario>\n", figures_xml);
  g_autoptr (PhScenario) scenario = ph_test_load_xml (xml, -1, "mayhem-fence.xml");
  g_autoptr (PhGame) game = new_game (scenario, 12);
  g_autoptr (GError) error = NULL;

  british_first (game);
  /* Sgt Smith at 20,30: 3d6 as an individual (at least 3 in) */
  ph_test_step (game, "roll-move", "figure=smith", NULL);
  g_assert_cmpint (ph_game_get_figure_var_int (game, "smith", "move-dice", 0), ==, 3);
  g_assert_false (ph_game_perform_move (game, "smith", (PhPoint) { 23, 30 }, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_assert_cmpstr (error->message, ==, "Sgt Smith cannot move there: the way is barred by "
                   "Paddock Fence: crossing an obstacle takes the 1d6 move, and 3d6 were rolled");
  g_clear_error (&error);
  g_assert_cmpfloat (ph_test_figure (game, "smith")->x, ==, 20);
  g_assert_true (ph_game_perform_move (game, "smith", (PhPoint) { 20, 28 }, &error));
  g_assert_no_error (error);

  /* Jones at 20,40 rolls the 1d6 for the obstacle, and crosses */
  ph_test_step (game, "roll-move", "figure=jones", "terrain=difficult", NULL);
  g_assert_cmpint (ph_game_get_figure_var_int (game, "jones", "move-dice", 0), ==, 1);
  /* (seed 12: the 1d6 is at least 3) */
  g_assert_cmpint (ph_game_get_figure_var_int (game, "jones", "move-reach", 0), >=, 3);
  g_assert_true (ph_game_perform_move (game, "jones", (PhPoint) { 22.9, 40 }, &error));
  g_assert_no_error (error);
}

/* A drop on another man's base is refused with his name, nothing
 * changed (the trial's referee dropped Lafleur on Mullins: logged, with
 * only a warning); touching is base contact, and taken */
static void
test_drag_onto_base (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (FALSE);
  g_autoptr (PhGame) game = NULL;
  g_autoptr (GError) error = NULL;
  PhFigure *hero = ph_scenario_find_figure (scenario, "hero");
  PhBase base;
  guint n;

  /* Hawkeye a base's width in front of Sgt Smith */
  hero->x = 22;
  hero->y = 30;
  game = new_game (scenario, 11);
  british_first (game);
  ph_test_step (game, "roll-move", "figure=smith", NULL);
  n = ph_game_get_n_events (game);
  g_assert_false (ph_game_perform_move (game, "smith", (PhPoint) { 21.8, 30 }, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_assert_cmpstr (error->message, ==, "Sgt Smith cannot stop there: the base would stand on "
                   "Hawkeye’s (bases may touch, never overlap)");
  g_clear_error (&error);
  g_assert_cmpuint (ph_game_get_n_events (game), ==, n);
  g_assert_cmpfloat (ph_test_figure (game, "smith")->x, ==, 20);
  /* in base contact: the two bases' half widths apart */
  ph_figure_get_base (hero, &base);
  g_assert_true (ph_game_perform_move (game, "smith", (PhPoint) { 22 - base.width, 30 }, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (ph_test_last_event (game)->kind, ==, "move");
  g_assert_cmpfloat_with_epsilon (ph_test_figure (game, "smith")->x, 22 - base.width, 0.01);
}

/* The label by the pointer says it before the drop: "on Hawkeye’s base",
 * and such a spot never fits; and the referee's own move (Move Anyway, a
 * drop of a man who is not acting) stands on no one either: refused with
 * the man's name, nothing changed; touching is still taken */
static void
test_referee_onto_base (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (FALSE);
  g_autoptr (PhGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (PhFigure) moved = NULL;
  g_autofree char *label = NULL;
  PhFigure *hero = ph_scenario_find_figure (scenario, "hero");
  PhMovePlan plan;
  PhMoveCost cost;
  PhBase base;
  guint n;

  hero->x = 22;
  hero->y = 30;
  game = new_game (scenario, 11);
  british_first (game);
  ph_test_step (game, "roll-move", "figure=smith", NULL);
  g_assert_true (ph_game_plan_move (game, "smith", &plan, &error));
  g_assert_no_error (error);
  ph_game_move_cost (game, "smith", &plan, (PhPoint) { 21.8, 30 }, &cost);
  g_assert_true (cost.stands_on == ph_test_figure (game, "hero"));
  g_assert_false (cost.stands_in_hex);
  g_assert_false (ph_move_cost_fits (&plan, &cost));
  label = ph_game_describe_move (game, &plan, &cost);
  g_assert_cmpstr (label, ==, "moved 1.8 in · on Hawkeye’s base");
  ph_move_plan_clear (&plan);

  /* the referee drops Hawkeye on Smith */
  n = ph_game_get_position (game);
  moved = ph_figure_copy (ph_test_figure (game, "hero"));
  moved->x = 20.3;
  g_assert_false (ph_game_referee_edit (game, "Move Anyway", &moved, 1, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_assert_cmpstr (error->message, ==, "Hawkeye cannot stop there: the base would stand on "
                   "Sgt Smith’s (bases may touch, never overlap)");
  g_clear_error (&error);
  g_assert_cmpuint (ph_game_get_position (game), ==, n);
  g_assert_cmpfloat (ph_test_figure (game, "hero")->x, ==, 22);
  /* in base contact: taken, and logged */
  ph_figure_get_base (hero, &base);
  moved->x = 20 + base.width;
  g_assert_true (ph_game_referee_edit (game, "Move Anyway", &moved, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ph_game_get_position (game), ==, n + 1);
  g_assert_cmpfloat_with_epsilon (ph_test_figure (game, "hero")->x, 20 + base.width, 1e-9);
}

/* Base contact by drag (docs/rules.md, "Base contact by drag"): a drop a
 * little onto another man's base, or a little short of it, is put in
 * exact base contact on the line from his centre through the drop (the
 * trial's drops were refused "on X's base", or left 0.8 pace apart);
 * well onto him or well short, the drop is as it was */
static void
test_contact_spot (void)
{
  g_autoptr (PhScenario) scenario = ph_test_load_xml (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "  <title>Contact</title>\n"
    "  <table width=\"48\" height=\"48\"/>\n"
    "  <sides>\n"
    "    <side id=\"red\" name=\"Red\" color=\"#b03a2e\"/>\n"
    "    <side id=\"blue\" name=\"Blue\" color=\"#2e5fa8\"/>\n"
    "  </sides>\n"
    "  <figures>"
    "<figure id=\"smith\" name=\"Sgt Smith\" side=\"red\" x=\"10\" y=\"10\"/>"
    "<figure id=\"otter\" name=\"Otter\" side=\"blue\" x=\"20\" y=\"10\" base-width=\"1.5\"/>"
    "<figure id=\"hawk\" name=\"Hawk\" side=\"blue\" x=\"30\" y=\"30\" base-shape=\"square\""
    " base-width=\"1\" base-depth=\"2\"/>"
    "<figure id=\"jones\" name=\"Jones\" side=\"red\" x=\"40\" y=\"40\"/>"
    "</figures>\n"
    "</scenario>\n", -1, "contact.xml");
  PhFigure *smith = ph_scenario_find_figure (scenario, "smith");
  PhFigure *jones = ph_scenario_find_figure (scenario, "jones");
  PhFigure *otter = ph_scenario_find_figure (scenario, "otter");
  PhFigure *hawk = ph_scenario_find_figure (scenario, "hawk");
  PhPoint spot;
  double gap;

  /* a quarter inch onto Otter's base (radii 0.5 and 0.75, centres 1 in
   * apart, at 3-4-5 to his centre): put 1.25 in from him, the sum of the
   * radii, on the same line */
  g_assert_true (ph_game_contact_spot (scenario, smith, (PhPoint) { 20 - 0.6, 10 + 0.8 }, &spot)
                 == otter);
  g_assert_cmpfloat_with_epsilon (spot.x, 20 - 0.75, 1e-12);
  g_assert_cmpfloat_with_epsilon (spot.y, 10 + 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (hypot (spot.x - 20, spot.y - 10), 0.5 + 0.75, 1e-12);
  smith->x = spot.x;
  smith->y = spot.y;
  g_assert_true (ph_game_bases_touch (scenario, smith, otter, &gap));
  g_assert_cmpfloat (gap, ==, 0);
  g_assert_false (ph_figures_overlap (smith, otter));
  g_assert_null (ph_game_spot_taken (scenario, smith, spot, NULL));
  smith->x = smith->y = 10;

  /* 0.35 in short of him: the same */
  g_assert_true (ph_game_contact_spot (scenario, smith, (PhPoint) { 18.4, 10 }, &spot) == otter);
  g_assert_cmpfloat (spot.x, ==, 18.75);
  g_assert_cmpfloat (spot.y, ==, 10);
  /* 0.75 in short, past the half inch: where it was dropped */
  g_assert_null (ph_game_contact_spot (scenario, smith, (PhPoint) { 18, 10 }, &spot));
  g_assert_cmpfloat (spot.x, ==, 18);
  g_assert_cmpfloat (spot.y, ==, 10);
  /* 0.75 in onto him, past a third of Smith's base: no contact meant (the
   * drop is refused on his base, as before) */
  g_assert_null (ph_game_contact_spot (scenario, smith, (PhPoint) { 19.5, 10 }, &spot));
  g_assert_cmpfloat (spot.x, ==, 19.5);
  g_assert_nonnull (ph_game_spot_taken (scenario, smith, spot, NULL));

  /* a square base 1 wide, 2 deep, facing up: from above, its front edge
   * 1 in from its centre, Smith's centre 0.5 in beyond; from the side,
   * its flank 0.5 in from its centre */
  g_assert_true (ph_game_contact_spot (scenario, smith, (PhPoint) { 30, 28.8 }, &spot) == hawk);
  g_assert_cmpfloat_with_epsilon (spot.x, 30, 1e-9);
  g_assert_cmpfloat_with_epsilon (spot.y, 28.5, 1e-9);
  g_assert_true (ph_game_contact_spot (scenario, smith, (PhPoint) { 30.9, 30 }, &spot) == hawk);
  g_assert_cmpfloat_with_epsilon (spot.x, 31, 1e-9);
  g_assert_cmpfloat_with_epsilon (spot.y, 30, 1e-9);

  /* the contact spot on someone else's base: Jones just behind it, whose
   * own contact spot is on Otter's; no contact, the drop as it was */
  jones->x = 18;
  jones->y = 10;
  g_assert_null (ph_game_contact_spot (scenario, smith, (PhPoint) { 18.9, 10 }, &spot));
  g_assert_cmpfloat (spot.x, ==, 18.9);
  /* ... and where the two leave room, the nearer contact of the two
   * (0.15 in from Otter's against 0.3 from Jones's; 0.35 against 0.1) */
  jones->x = 17.3;
  g_assert_true (ph_game_contact_spot (scenario, smith, (PhPoint) { 18.6, 10 }, &spot) == otter);
  g_assert_cmpfloat (spot.x, ==, 18.75);
  g_assert_true (ph_game_contact_spot (scenario, smith, (PhPoint) { 18.4, 10 }, &spot) == jones);
  g_assert_cmpfloat_with_epsilon (spot.x, 18.3, 1e-12);
}

/* The drop itself (ph_game_perform_move()): a near miss is the move into
 * contact, logged, the bases touching as melee wants them; a contact
 * past the rolled move is no contact, the drop as it was */
static void
test_drag_into_contact (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (FALSE);
  g_autoptr (PhGame) game = NULL;
  g_autoptr (GError) error = NULL;
  PhFigure *hero = ph_scenario_find_figure (scenario, "hero");
  PhMovePlan plan;
  const PhFigure *contact = NULL;
  PhPoint to;
  int reach;

  hero->x = 23;
  hero->y = 30;
  game = new_game (scenario, 11);
  british_first (game);
  ph_test_step (game, "roll-move", "figure=smith", NULL);
  reach = ph_game_get_figure_var_int (game, "smith", "move-reach", 0);
  g_assert_cmpint (reach, >=, 3);
  g_assert_true (ph_game_plan_move (game, "smith", &plan, &error));
  g_assert_no_error (error);
  /* Smith at 20,30 dropped 0.3 in short of Hawkeye at 23,30 */
  to = ph_game_drop_spot (game, "smith", &plan, (PhPoint) { 21.7, 30 }, &contact);
  g_assert_true (contact == ph_test_figure (game, "hero"));
  g_assert_cmpfloat (to.x, ==, 22);
  g_assert_cmpfloat (to.y, ==, 30);
  ph_move_plan_clear (&plan);
  g_assert_true (ph_game_perform_move (game, "smith", (PhPoint) { 21.7, 30 }, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (ph_test_last_event (game)->kind, ==, "move");
  g_assert_cmpfloat (ph_test_figure (game, "smith")->x, ==, 22);
  g_assert_true (ph_game_bases_touch (scenario, ph_test_figure (game, "smith"),
                                      ph_test_figure (game, "hero"), NULL));

  /* taken back; Hawkeye put where contact is 0.3 in past the roll */
  g_assert_true (ph_game_undo (game, NULL));
  hero = ph_test_figure (game, "hero");
  hero->x = 20 + reach + 1.3;
  g_assert_true (ph_game_plan_move (game, "smith", &plan, &error));
  to = ph_game_drop_spot (game, "smith", &plan, (PhPoint) { 20 + reach - 0.2, 30 }, &contact);
  g_assert_null (contact);
  g_assert_cmpfloat_with_epsilon (to.x, 20 + reach - 0.2, 1e-9);
  ph_move_plan_clear (&plan);
}

/* A move typed in the Game tab's Exact position, or on the command line,
 * is refused on another's base as a drop is; in contact it is taken */
static void
test_typed_onto_base (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (FALSE);
  g_autoptr (PhGame) game = NULL;
  PhFigure *hero = ph_scenario_find_figure (scenario, "hero");
  PhFigure *smith = ph_scenario_find_figure (scenario, "smith");
  PhBase base;
  double x0, y0;
  char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *x_arg = NULL, *y_arg = NULL;

  hero->x = 22;
  hero->y = 30;
  game = new_game (scenario, 11);
  british_first (game);
  ph_test_step (game, "roll-move", "figure=smith", NULL);
  smith = ph_test_figure (game, "smith");
  x0 = smith->x;
  y0 = smith->y;
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW,
                  "Sgt Smith cannot stop there: the base would stand on Hawkeye’s",
                  "move", "figure=smith", "x=21.8", "y=30", NULL);
  g_assert_cmpfloat (ph_test_figure (game, "smith")->x, ==, x0);
  g_assert_cmpfloat (ph_test_figure (game, "smith")->y, ==, y0);
  /* in base contact: taken */
  ph_figure_get_base (smith, &base);
  g_ascii_dtostr (x, sizeof x, 22 - base.width);
  g_ascii_dtostr (y, sizeof y, 30);
  x_arg = g_strconcat ("x=", x, NULL);
  y_arg = g_strconcat ("y=", y, NULL);
  ph_test_step (game, "move", "figure=smith", x_arg, y_arg, NULL);
  g_assert_cmpfloat_with_epsilon (ph_test_figure (game, "smith")->x, 22 - base.width, 1e-6);
}

static void
test_drag_move (void)
{
  g_autoptr (PhScenario) scenario = load_scenario (FALSE);
  g_autoptr (PhGame) game = new_game (scenario, 11);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) reach = NULL;
  g_autofree char *label = NULL;
  PhMovePlan plan;
  PhMoveCost cost;
  int rolled;

  british_first (game);
  /* not before the dice are rolled, and never the other side's */
  g_assert_false (ph_game_plan_move (game, "smith", &plan, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_assert_nonnull (strstr (error->message, "has not rolled his movement dice"));
  g_clear_error (&error);
  g_assert_false (ph_game_plan_move (game, "otter", &plan, &error));
  g_clear_error (&error);

  g_assert_cmpstr (ph_game_expected (game), ==, "roll-move");
  ph_test_step (game, "roll-move", "figure=smith", NULL);
  rolled = ph_game_get_figure_var_int (game, "smith", "move-reach", 0);
  g_assert_cmpint (rolled, >=, 3);
  /* once he has rolled, the game leads to his move, not to the next
   * man's roll (the bar read "Next: Roll movement dice" again) */
  g_assert_cmpstr (ph_game_expected (game), ==, "move");
  {
    g_autofree char *describe = ph_game_describe (game);
    g_autofree char *want = g_strdup_printf (" moving, the others may shoot · Sgt Smith rolled %d "
                                             "in: drag him on the map · 4 still to go, or End "
                                             "the side's go", rolled);

    g_test_message ("%s", describe);
    g_assert_true (g_str_has_suffix (describe, want));
  }
  g_assert_true (ph_game_plan_move (game, "smith", &plan, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (plan.allowance, ==, rolled);
  g_assert_cmpstr (plan.cost_unit, ==, "in");
  g_assert_cmpfloat (plan.origin.x, ==, 20);
  g_assert_cmpfloat (plan.origin.y, ==, 30);

  /* 3 in north: "moved 3.0 in · N in left", the first drag being no
   * resumed move (it read "since the move began": the trial) */
  g_assert_false (plan.resumed);
  ph_game_move_cost (game, "smith", &plan, (PhPoint) { 20, 27 }, &cost);
  g_assert_cmpfloat_with_epsilon (cost.distance, 3, 1e-9);
  g_assert_true (ph_move_cost_fits (&plan, &cost));
  label = ph_game_describe_move (game, &plan, &cost);
  {
    g_autofree char *want = g_strdup_printf ("moved 3.0 in · %d in left", rolled - 3);

    g_assert_cmpstr (label, ==, want);
  }
  g_clear_pointer (&label, g_free);

  /* one inch past the roll is too far */
  ph_game_move_cost (game, "smith", &plan, (PhPoint) { 20 + rolled + 1, 30 }, &cost);
  g_assert_false (ph_move_cost_fits (&plan, &cost));
  label = ph_game_describe_move (game, &plan, &cost);
  g_assert_nonnull (strstr (label, "too far"));

  /* open ground: the reach is the circle of the roll (the table allows) */
  reach = ph_game_move_reach (game, "smith", &plan, 36);
  g_assert_cmpuint (reach->len, ==, 36);
  for (guint i = 0; i < reach->len; i++)
    g_assert_cmpfloat_with_epsilon (ph_point_distance (plan.origin,
                                                       g_array_index (reach, PhPoint, i)),
                                    rolled, 0.01);

  /* the drop: refused past the roll, nothing changed */
  g_assert_false (ph_game_perform_move (game, "smith", (PhPoint) { 20 + rolled + 1, 30 },
                                        &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_clear_error (&error);
  g_assert_cmpfloat (ph_test_figure (game, "smith")->x, ==, 20);

  /* within it: the move action, logged with its distance */
  g_assert_true (ph_game_perform_move (game, "smith", (PhPoint) { 20, 27 }, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (ph_test_last_event (game)->kind, ==, "move");
  {
    g_autofree char *want = g_strdup_printf ("Sgt Smith moves 3.0 in of his %d in", rolled);

    g_assert_cmpstr (ph_test_last_event (game)->text, ==, want);
  }
  g_assert_cmpfloat (ph_test_figure (game, "smith")->y, ==, 27);
  /* the bar says how many may still move, and how the go ends: Jones,
   * Hawkeye and the trooper */
  {
    g_autofree char *describe = ph_game_describe (game);

    g_assert_true (g_str_has_suffix (describe, " moving, the others may shoot · 3 still to go, "
                                               "or End the side's go"));
  }

  /* a second drag is measured from where the turn's move began */
  ph_move_plan_clear (&plan);
  g_assert_true (ph_game_plan_move (game, "smith", &plan, NULL));
  g_assert_cmpfloat (plan.origin.y, ==, 30);
  g_assert_true (plan.resumed);
  /* and says so: 2 in more north is 5 in of the roll */
  ph_game_move_cost (game, "smith", &plan, (PhPoint) { 20, 25 }, &cost);
  g_clear_pointer (&label, g_free);
  label = ph_game_describe_move (game, &plan, &cost);
  {
    g_autofree char *want = g_strdup_printf ("moved 5.0 in since the move began · %d in left",
                                             rolled - 5);

    if (rolled >= 5)
      g_assert_cmpstr (label, ==, want);
  }
  g_clear_pointer (&label, g_free);
  ph_move_plan_clear (&plan);

  /* the game leads: each of the side's figures rolls, then moves, then
   * the side's go ends */
  for (guint i = 0; i < 3; i++)
    {
      const char *id = (const char *[]) { "jones", "hero", "rider" }[i];
      g_autofree char *figure = g_strdup_printf ("figure=%s", id);
      PhFigure *f = ph_test_figure (game, id);

      g_assert_cmpstr (ph_game_expected (game), ==, "roll-move");
      ph_test_step (game, "roll-move", figure, NULL);
      g_assert_cmpstr (ph_game_expected (game), ==, "move");
      g_assert_true (ph_game_perform_move (game, id, (PhPoint) { f->x + 1, f->y }, NULL));
    }
  g_assert_cmpstr (ph_game_expected (game), ==, "end-activation");
}

/* Charges: "all groups or figures with the lines defined by the ends of
 * the bases in a charging group, and within possible charge range, must
 * check courage ... Groups charged by more than one group check only
 * once". Red's a1 and a2 (0.2 in apart: a group, 2d6 = 12 in) face east;
 * Blue's b1 and b2 (a group) stand between their lines 9 in off, b3 off
 * the lines, b4 on them but 19 in off. Red's a3, alone (3d6 = 18 in),
 * charges b2 after. */
static const char *charge_xml =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
  "  <title>Charge test</title>\n"
  "  <table width=\"48\" height=\"36\"/>\n"
  "  <sides>\n"
  "    <side id=\"red\" name=\"Red\" color=\"#b03a2e\"/>\n"
  "    <side id=\"blue\" name=\"Blue\" color=\"#2e5fa8\"/>\n"
  "  </sides>\n"
  "  <figures>\n"
  "    <figure id=\"a1\" side=\"red\" x=\"10\" y=\"20\" facing=\"90\"><mayhem courage=\"4\" armament=\"5\"/></figure>\n"
  "    <figure id=\"a2\" side=\"red\" x=\"10\" y=\"21.2\" facing=\"90\"><mayhem courage=\"4\" armament=\"5\"/></figure>\n"
  "    <figure id=\"a3\" side=\"red\" x=\"5\" y=\"22.5\" facing=\"90\"><mayhem courage=\"4\" armament=\"5\"/></figure>\n"
  "    <figure id=\"b1\" side=\"blue\" x=\"20\" y=\"20.5\" facing=\"270\"><mayhem courage=\"3\" armament=\"5\"/></figure>\n"
  "    <figure id=\"b2\" side=\"blue\" x=\"20\" y=\"21.6\" facing=\"270\"><mayhem courage=\"5\" armament=\"5\"/></figure>\n"
  "    <figure id=\"b3\" side=\"blue\" x=\"20\" y=\"30\" facing=\"270\"><mayhem courage=\"3\" armament=\"5\"/></figure>\n"
  "    <figure id=\"b4\" side=\"blue\" x=\"30\" y=\"20\" facing=\"270\"><mayhem courage=\"3\" armament=\"5\"/></figure>\n"
  "  </figures>\n"
  "</scenario>\n";

static gboolean
red_goes_first (PhGame *game)
{
  if (!ph_test_try (game, "initiative", NULL))
    return FALSE;
  if (g_strcmp0 (ph_game_get_var (game, "phase"), "choose-order") == 0)
    {
      gboolean red_won = g_strcmp0 (ph_game_get_var (game, "initiative-winner"), "red") == 0;

      if (!ph_test_try (game, "choose-order", red_won ? "go=first" : "go=second", NULL))
        return FALSE;
    }
  return g_strcmp0 (ph_game_get_var (game, "active-side"), "red") == 0;
}

/* red first, and both charges' orders pass */
static gboolean
charges_go (PhGame  *game,
            gpointer data)
{
  return red_goes_first (game)
         && ph_test_try (game, "charge", "figure=a1", NULL)
         && ph_game_get_figure_var (game, "a1", "stand-still") == NULL
         && ph_test_try (game, "charge", "figure=a3", NULL)
         && ph_game_get_figure_var (game, "a3", "stand-still") == NULL;
}

static void
test_charge (void)
{
  g_autoptr (PhScenario) proto = ph_test_load_xml (charge_xml, -1, "charge.xml");
  guint32 seed = ph_test_find_seed (proto, 1, 100000, charges_go, NULL);
  g_autoptr (PhScenario) scenario = ph_scenario_copy (proto);
  g_autoptr (PhGame) game = new_game (scenario, seed);
  const PhEvent *event;

  g_test_message ("seed %u", seed);
  g_assert_true (red_goes_first (game));
  event = ph_test_step (game, "charge", "figure=a1", NULL);
  g_test_message ("%s", event->text);
  /* the order: one d6 against the group's highest courage, 4 */
  g_assert_cmpstr (ph_test_roll (event, 0)->purpose, ==,
                   "courage check (ordered to charge) against courage 4");
  ph_test_assert_log_contains (event, "courage check for the group of 2");
  /* b1's group between the lines and in range checks, once, against b2's
   * courage 5; b3 (off the lines) and b4 (out of range) do not */
  ph_test_assert_log_contains (event, "charged: b1 and 1 more of its group");
  g_assert_cmpstr (ph_test_roll (event, 1)->purpose, ==,
                   "courage check (charged) against courage 5");
  g_assert_null (strstr (event->text, "b3"));
  g_assert_null (strstr (event->text, "b4"));
  g_assert_cmpint (ph_game_get_figure_var_int (game, "b2", "charged-checked", 0), ==, 1);
  g_assert_null (ph_game_get_figure_var (game, "b3", "charged-checked"));

  /* a second charge at the same group: it has checked this turn */
  event = ph_test_step (game, "charge", "figure=a3", NULL);
  g_test_message ("%s", event->text);
  ph_test_assert_log_contains (event, "(checked already this turn)");
  g_assert_cmpuint (ph_test_n_visible_rolls (event), ==, 1);

  /* the order comes before the move */
  ph_test_step (game, "roll-move", "figure=a2", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "the charge is ordered before it moves",
                  "charge", "figure=a2", NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/mayhem/initiative/choose", test_initiative_choose);
  g_test_add_func ("/game/mayhem/melee-contact", test_melee_contact);
  g_test_add_func ("/game/mayhem/initiative/ties", test_initiative_ties);
  g_test_add_func ("/game/mayhem/cards", test_cards);
  g_test_add_func ("/game/mayhem/movement", test_movement);
  g_test_add_func ("/game/mayhem/shoot", test_shoot);
  g_test_add_func ("/game/mayhem/reload", test_reload_after_moving);
  g_test_add_func ("/game/mayhem/gun-smoke", test_gun_smoke);
  g_test_add_func ("/game/mayhem/courage", test_courage);
  g_test_add_func ("/game/mayhem/courage-casualty", test_courage_casualty);
  g_test_add_func ("/game/mayhem/tokens", test_tokens);
  g_test_add_func ("/game/mayhem/melee-odds", test_melee_odds);
  g_test_add_func ("/game/mayhem/melee-expected", test_melee_expected);
  g_test_add_func ("/game/mayhem/rolled-then-referee", test_rolled_then_referee);
  g_test_add_func ("/game/mayhem/retreat-stops-at-obstacle", test_retreat_stops_at_obstacle);
  g_test_add_func ("/game/mayhem/melee", test_melee);
  g_test_add_func ("/game/mayhem/melee-cavalry", test_melee_cavalry);
  g_test_add_func ("/game/mayhem/replay", test_replay);
  g_test_add_func ("/game/mayhem/drag-move", test_drag_move);
  g_test_add_func ("/game/mayhem/drag-onto-base", test_drag_onto_base);
  g_test_add_func ("/game/mayhem/contact-spot", test_contact_spot);
  g_test_add_func ("/game/mayhem/drag-into-contact", test_drag_into_contact);
  g_test_add_func ("/game/mayhem/referee-onto-base", test_referee_onto_base);
  g_test_add_func ("/game/mayhem/typed-onto-base", test_typed_onto_base);
  g_test_add_func ("/game/mayhem/drag-across-obstacle", test_drag_across_obstacle);
  g_test_add_func ("/game/mayhem/charge", test_charge);

  return g_test_run ();
}
