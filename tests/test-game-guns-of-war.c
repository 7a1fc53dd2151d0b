/* test-game-guns-of-war.c: a game of Guns of War (src/rulesets/guns-of-war/ph-game-guns-of-war*.c)
 * with fixed seeds: the unit turn and its reload tokens (the text's four
 * examples), firing and its refusals, the number of attacks and the hits
 * read from the rolled dice, damage, shock rolls with and without the
 * Lamentations rule, and undo and save/load after every step
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "ph-test-ruleset.h"
#include "ph-core.h"
#include "ph-scenario-values.h"
#include "ph-test-util.h"

/* Scenarios */

typedef struct
{
  const char *id;
  const char *side;
  const char *weapon;   /* the unit's firearm, or NULL */
  const char *gow;      /* its <guns-of-war> attributes */
  int q, r;             /* its hex */
} Unit;

#define TARGET_STATS "formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"0\""

static char *
hex_attrs (int q,
           int r)
{
  PhPoint p = ph_hex_to_point ((PhHex) { q, r }, 1.0);
  char x[G_ASCII_DTOSTR_BUF_SIZE];
  char y[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_dtostr (x, sizeof x, p.x);
  g_ascii_dtostr (y, sizeof y, p.y);
  return g_strdup_printf ("x=\"%s\" y=\"%s\"", x, y);
}

/* A hex table 20 x 20 with @units (ending with a zeroed one), @rules
 * (<option> elements or NULL) and @terrain (<feature> elements or NULL) */
static PhScenario *
load_units_on (const Unit *units,
               const char *rules,
               const char *terrain)
{
  g_autoptr(GString) figures = g_string_new (NULL);
  g_autofree char *xml = NULL;

  for (const Unit *u = units; u->id != NULL; u++)
    {
      g_autofree char *hex = hex_attrs (u->q, u->r);
      g_autofree char *weapon = u->weapon != NULL
        ? g_strdup_printf ("<weapon kind=\"%s\"/>", u->weapon) : g_strdup ("");

      g_string_append_printf (figures,
                              "    <figure id=\"%s\" name=\"%s\" side=\"%s\" %s>"
                              "%s<guns-of-war %s/></figure>\n",
                              u->id, u->id, u->side, hex, weapon, u->gow);
    }
  xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"guns-of-war\">\n"
    "  <title>Guns of War game</title>\n"
    "  <table width=\"20\" height=\"20\" grid=\"hex\" grid-size=\"1\"/>\n"
    "  %s%s%s\n"
    "  %s%s%s\n"
    "  <sides>\n"
    "    <side id=\"spain\" name=\"Spain\" color=\"#b03a2e\"/>\n"
    "    <side id=\"dutch\" name=\"United Provinces\" color=\"#e67e22\"/>\n"
    "  </sides>\n"
    "  <figures>\n%s  </figures>\n"
    "</scenario>\n",
    rules != NULL ? "<rules>" : "", rules != NULL ? rules : "",
    rules != NULL ? "</rules>" : "",
    terrain != NULL ? "<terrain>" : "", terrain != NULL ? terrain : "",
    terrain != NULL ? "</terrain>" : "", figures->str);
  return ph_test_load_xml (xml, -1, "gow-game.xml");
}

static PhScenario *
load_units (const Unit *units,
            const char *rules)
{
  return load_units_on (units, rules, NULL);
}

static const PhGunsOfWarStats *
stats_of (PhGame     *game,
          const char *id)
{
  PhFigure *f = ph_scenario_find_figure (ph_game_get_scenario (game), id);

  g_assert_nonnull (f);
  g_assert_cmpint (f->stats_kind, ==, PH_STATS_GUNS_OF_WAR);
  return &f->stats.guns_of_war;
}

static int
tokens_of (PhGame     *game,
           const char *id)
{
  return stats_of (game, id)->reload_tokens;
}

static guint
status_of (PhGame     *game,
           const char *id)
{
  return ph_scenario_find_figure (ph_game_get_scenario (game), id)->status;
}

/* The start */

static void
test_start (void)
{
  static const Unit units[] = {
    { "tercio", "spain", "matchlock-arquebus", TARGET_STATS " uhp=\"30\"", 0, 0 },
    { "foe", "dutch", NULL, TARGET_STATS, 2, 0 },
    { NULL }
  };
  g_autoptr(PhScenario) s = load_units (units, NULL);
  g_autoptr(PhGame) game = ph_game_new (s, 7);
  g_autofree char *describe = ph_game_describe (game);
  const PhEvent *start;

  g_assert_cmpuint (ph_game_get_position (game), ==, 1);
  start = ph_game_get_event (game, 0);
  g_assert_cmpstr (start->kind, ==, "start");
  g_assert_cmpstr (start->text, ==, "The battle begins: turn 1");
  g_assert_cmpint (ph_game_get_var_int (game, "turn", 0), ==, 1);
  /* the maximum uhp is the unit's uhp when the battle begins */
  g_assert_cmpint (ph_game_get_figure_var_int (game, "tercio", "max-uhp", 0), ==, 30);
  g_assert_null (ph_game_get_figure_var (game, "foe", "max-uhp"));
  g_assert_cmpstr (describe, ==, "Turn 1 - movement: 2 units yet to move or stand "
                   "(next: tercio) - no unit has reload tokens");
  ph_test_check_save_load (game);
}

/* The example's table shows a unit that moved (for the modifier's sake):
 * the battle's first turn begins with nobody moved or fired, and says so */
static void
test_start_clears_markers (void)
{
  g_autoptr(PhScenario) s = ph_test_load_example ("guns-of-war-tithe-barn.xml");
  g_autoptr(PhGame) game = NULL;
  g_autoptr(GString) moved = g_string_new (NULL);
  g_autofree char *want = NULL;

  g_assert_nonnull (s);
  for (guint i = 0; i < s->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (s->figures, i);

      if (f->status & (PH_STATUS_MOVED | PH_STATUS_FIRED))
        g_string_append_printf (moved, "%s%s", moved->len > 0 ? ", " : "", f->name);
    }
  g_assert_cmpuint (moved->len, >, 0);
  game = ph_game_new (s, 7);
  for (guint i = 0; i < s->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (s->figures, i);

      g_assert_cmpuint (f->status & (PH_STATUS_MOVED | PH_STATUS_FIRED), ==, 0);
    }
  want = g_strdup_printf ("The battle begins: turn 1; the moved and fired markers of the "
                          "set-up are taken off: %s", moved->str);
  g_assert_cmpstr (ph_game_get_event (game, 0)->text, ==, want);
  ph_test_check_save_load (game);
}

/* Reload tokens: the text's four examples, removed when stationary, not
 * when moved */

static const Unit example_units[] = {
  /* EXAMPLE #1: 120 DF flintlock arquebus: 1 attack, no token */
  { "ex1", "spain", "flintlock-arquebus",
    "formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"4\"", 0, 0 },
  /* EXAMPLE #2: 120 DF matchlock arquebus: 1 attack, 1 token */
  { "ex2", "spain", "matchlock-arquebus",
    "formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"4\"", 0, 3 },
  /* EXAMPLE #3: 120 UF matchlock rifled musket: 1 attack, 2 tokens */
  { "ex3", "spain", "matchlock-rifled-musket",
    "formation=\"UF\" men=\"120\" attack-throw=\"10\" ac=\"4\"", 0, 6 },
  /* EXAMPLE #4: 60 SF flintlock musket: 1 attack, 1 token */
  { "ex4", "spain", "flintlock-musket",
    "formation=\"SF\" men=\"60\" attack-throw=\"10\" ac=\"4\"", 0, 9 },
  { "t1", "dutch", NULL, TARGET_STATS " morale=\"4\" uhp=\"60\"", 2, 0 },
  { "t2", "dutch", NULL, TARGET_STATS " morale=\"4\" uhp=\"60\"", 2, 3 },
  { "t3", "dutch", NULL, TARGET_STATS " morale=\"4\" uhp=\"60\"", 2, 6 },
  { "t4", "dutch", NULL, TARGET_STATS " morale=\"4\" uhp=\"60\"", 2, 9 },
  { NULL }
};

static void
test_reload_tokens (void)
{
  g_autoptr(PhScenario) s = load_units (example_units, NULL);
  g_autoptr(PhGame) game = ph_game_new (s, 1234);
  const char *shooters[] = { "ex1", "ex2", "ex3", "ex4" };
  const char *targets[] = { "t1", "t2", "t3", "t4" };
  const int gained[] = { 0, 1, 2, 1 };
  const PhEvent *e;
  PhPoint p;

  /* Turn 1: each fires once; "Place the number of reloading tokens
   * indicated for that unit when it completes its missile attack
   * sequence." */
  for (int i = 0; i < 4; i++)
    {
      g_autofree char *fa = g_strdup_printf ("figure=%s", shooters[i]);
      g_autofree char *ta = g_strdup_printf ("target=%s", targets[i]);

      e = ph_test_step (game, "shoot", fa, ta, NULL);
      g_assert_cmpstr (e->kind, ==, "shoot");
      g_assert_cmpstr (e->figure, ==, shooters[i]);
      /* "A firearm-equipped unit will always get least one attack" */
      g_assert_cmpint (ph_test_roll (e, 0)->n, ==, 1);
      g_assert_cmpint (ph_test_roll (e, 0)->sides, ==, 20);
      g_assert_cmpint (tokens_of (game, shooters[i]), ==, gained[i]);
      g_assert_true (status_of (game, shooters[i]) & PH_STATUS_FIRED);
      if (gained[i] > 0)
        {
          g_autofree char *text = g_strdup_printf ("%s gains %d reload token%s",
                                                   shooters[i], gained[i],
                                                   gained[i] == 1 ? "" : "s");

          g_assert_nonnull (strstr (e->text, text));
        }
    }
  {
    g_autofree char *d = ph_game_describe (game);

    /* the four that fired stood fast; their targets have yet to move */
    g_assert_cmpstr (d, ==, "Turn 1 - movement: 4 units yet to move or stand (next: t1) - "
                     "reload tokens: ex2 1, ex3 2, ex4 1");
  }
  /* one attack sequence a turn */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "ex1 has already fired this turn",
                  "shoot", "figure=ex1", "target=t1", NULL);
  /* nor a move after it: it stood fast before it fired, but the player
   * is told what he saw, its fire (it read "has already stood fast") */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "ex1 has already fired this turn: its movement "
                  "sequence comes before its fire, one a turn", "move", "figure=ex1", "q=1",
                  "r=2", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "ex1 has already fired this turn: its movement "
                  "sequence comes before its fire, one a turn", "stand", "figure=ex1", NULL);
  {
    PhMovePlan plan;
    g_autoptr(GError) error = NULL;

    g_assert_false (ph_game_plan_move (game, "ex4", &plan, &error));
    g_assert_cmpstr (error->message, ==, "ex4 has already fired this turn: its movement "
                     "sequence comes before its fire, one a turn");
  }

  /* End of turn 1: the units that fired stood fast in the movement phase
   * before it (with no tokens then): nothing is removed. */
  e = ph_test_step (game, "end-turn", NULL);
  g_assert_cmpstr (e->text, ==, "End of turn 1. Turn 2 begins.");
  g_assert_cmpint (ph_game_get_var_int (game, "turn", 0), ==, 2);
  g_assert_cmpint (tokens_of (game, "ex2"), ==, 1);
  g_assert_cmpint (tokens_of (game, "ex3"), ==, 2);
  g_assert_cmpint (tokens_of (game, "ex4"), ==, 1);
  g_assert_false (status_of (game, "ex1") & PH_STATUS_FIRED);

  /* Turn 2: "To be eligible to fire, a firearm-equipped unit must not have
   * any reload tokens." */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "ex2 has 1 reload token: it may not fire",
                  "shoot", "figure=ex2", "target=t2", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "ex3 has 2 reload tokens: it may not fire",
                  "shoot", "figure=ex3", "target=t3", NULL);
  /* ex2 stands fast: one token off, and it may fire again */
  e = ph_test_step (game, "stand", "figure=ex2", NULL);
  g_assert_cmpstr (e->text, ==, "ex2 stands fast: one reload token removed, 0 left");
  g_assert_cmpint (tokens_of (game, "ex2"), ==, 0);
  g_assert_cmpstr (ph_game_get_figure_var (game, "ex2", "movement"), ==, "stood");
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "ex2 has already stood fast this turn",
                  "stand", "figure=ex2", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "ex2 has already stood fast this turn",
                  "move", "figure=ex2", "q=1", "r=3", NULL);
  e = ph_test_step (game, "shoot", "figure=ex2", "target=t2", NULL);
  g_assert_cmpint (tokens_of (game, "ex2"), ==, 1);
  /* ex3 moves: it keeps its tokens and gets the moved marker */
  e = ph_test_step (game, "move", "figure=ex3", "q=1", "r=6", NULL);
  /* the log names the hex as the map does: q = 1 is the 2nd column (one
   * of the lower ones, centres at y = 1, 2...), r = 6 is its centre at
   * y = 6 + 1/2 + 1/2 = 7: the 7th hex down; and how far, a hex from
   * (0, 6) (the trial's log gave no distance) */
  g_assert_cmpstr (e->text, ==, "ex3 moves 1 hex to hex 0207 (it does not reload while moving)");
  /* the same hex as the map names it, after an undo; a name that is no
   * hex is refused */
  {
    PhFigure *ex3 = ph_test_figure (game, "ex3");
    double x = ex3->x, y = ex3->y;

    g_assert_true (ph_game_undo (game, NULL));
    ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "the hex as the map prints it",
                    "move", "figure=ex3", "hex=27", NULL);
    e = ph_test_step (game, "move", "figure=ex3", "hex=0207", NULL);
    g_assert_cmpstr (e->text, ==, "ex3 moves 1 hex to hex 0207 (it does not reload while moving)");
    g_assert_cmpfloat (ex3->x, ==, x);
    g_assert_cmpfloat (ex3->y, ==, y);
  }
  p = ph_hex_to_point ((PhHex) { 1, 6 }, 1.0);
  /* the hex's centre, to the thousandth of a hex a position is kept to */
  g_assert_cmpfloat_with_epsilon (ph_scenario_find_figure (s, "ex3")->x, p.x,
                                  PH_POSITION_STEP / 2);
  g_assert_cmpfloat_with_epsilon (ph_scenario_find_figure (s, "ex3")->y, p.y,
                                  PH_POSITION_STEP / 2);
  g_assert_cmpint (tokens_of (game, "ex3"), ==, 2);
  g_assert_true (status_of (game, "ex3") & PH_STATUS_MOVED);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "ex3 has already moved this turn",
                  "stand", "figure=ex3", NULL);
  /* End of turn 2: ex4 played no movement sequence: it stood fast and
   * removes a token; ex3 moved: it keeps both. */
  e = ph_test_step (game, "end-turn", NULL);
  g_assert_cmpstr (e->text, ==, "End of turn 2; units that stood fast: ex4 (one "
                   "reload token removed, 0 left). Turn 3 begins.");
  g_assert_cmpint (tokens_of (game, "ex2"), ==, 1);
  g_assert_cmpint (tokens_of (game, "ex3"), ==, 2);
  g_assert_cmpint (tokens_of (game, "ex4"), ==, 0);
  g_assert_false (status_of (game, "ex3") & PH_STATUS_MOVED);
  g_assert_null (ph_game_get_figure_var (game, "ex3", "movement"));

  /* Turn 3: ex3 stands fast (2 -> 1), still may not fire; ex2 moves */
  ph_test_step (game, "stand", "figure=ex3", NULL);
  g_assert_cmpint (tokens_of (game, "ex3"), ==, 1);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "ex3 has 1 reload token",
                  "shoot", "figure=ex3", "target=t3", NULL);
  ph_test_step (game, "move", "figure=ex2", "q=1", "r=3", NULL);
  e = ph_test_step (game, "end-turn", NULL);
  g_assert_cmpstr (e->text, ==, "End of turn 3. Turn 4 begins.");
  g_assert_cmpint (tokens_of (game, "ex2"), ==, 1);
  g_assert_cmpint (tokens_of (game, "ex3"), ==, 1);

  /* Turn 4: nobody acts: both stood fast */
  e = ph_test_step (game, "end-turn", NULL);
  g_assert_cmpstr (e->text, ==, "End of turn 4; units that stood fast: ex2 (one "
                   "reload token removed, 0 left); ex3 (one reload token "
                   "removed, 0 left). Turn 5 begins.");
  g_assert_cmpint (tokens_of (game, "ex2"), ==, 0);
  g_assert_cmpint (tokens_of (game, "ex3"), ==, 0);
  e = ph_test_step (game, "shoot", "figure=ex3", "target=t3", NULL);
  g_assert_cmpint (tokens_of (game, "ex3"), ==, 2);

  /* Replaying the whole log from the start gives the same state */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *now = ph_test_game_state (game);
    g_autofree char *again = NULL;
    guint n = ph_game_get_position (game);

    g_assert_true (ph_game_seek (game, 1, &error));
    g_assert_no_error (error);
    g_assert_cmpint (tokens_of (game, "ex2"), ==, 0);
    g_assert_true (ph_game_seek (game, n, &error));
    g_assert_no_error (error);
    again = ph_test_game_state (game);
    g_assert_cmpstr (again, ==, now);
  }
}

/* Bad requests */

static void
test_refusals (void)
{
  static const Unit units[] = {
    { "tercio", "spain", "matchlock-arquebus", TARGET_STATS, 0, 0 },
    { "near", "dutch", NULL, "formation=\"UF\" men=\"120\" attack-throw=\"10\" ac=\"0\"", 2, 0 },
    { "far", "dutch", NULL, TARGET_STATS, 6, 0 },
    { NULL }
  };
  g_autoptr(PhScenario) s = load_units (units, NULL);
  g_autoptr(PhGame) game = ph_game_new (s, 99);
  const PhEvent *e;

  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "there is no figure 'nobody'",
                  "shoot", "figure=nobody", "target=near", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "shoot needs argument 'target'",
                  "shoot", "figure=tercio", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "cannot fire at itself",
                  "shoot", "figure=tercio", "target=tercio", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "argument 'reaction' must be true or false, not 'maybe'",
                  "shoot", "figure=tercio", "target=near", "reaction=maybe", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "only Drilled Foot are secured",
                  "shoot", "figure=tercio", "target=near", "secured=true", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "only Drilled Foot are secured by Formed "
                  "Foot (near is Undrilled Foot)", "shoot", "figure=tercio", "target=near",
                  "secured=true", NULL);
  /* the engine's reasons: 6 hexes is beyond an arquebus's 3 */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "tercio cannot fire at far: ",
                  "shoot", "figure=tercio", "target=far", NULL);
  /* the hex as the map prints it: never q and r, which only the command
   * line takes */
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "give the hex tercio moves to, as the map "
                  "prints it (hex=0607)", "move", "figure=tercio", "q=1", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "q and r must be whole numbers: they name a "
                  "hex", "move", "figure=tercio", "q=1.5", "r=0", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "argument 'x' must be a number",
                  "move", "figure=tercio", "x=left", "y=2", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "has no action 'melee'",
                  "melee", "figure=tercio", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "only Drilled Foot are secured",
                  "shock-roll", "figure=near", "secured=true", NULL);

  /* A forced move (a retreat) is not the unit's movement sequence: no
   * moved marker, and it may still move. */
  e = ph_test_step (game, "move", "figure=tercio", "x=3", "y=2", "forced=true", NULL);
  g_assert_cmpfloat (ph_scenario_find_figure (s, "tercio")->x, ==, 3.0);
  /* a point off a hex's centre is said with its hex, never by its
   * coordinates ("3,2 in hex 0402"): the 4th column's centres are at
   * x = R (1 + 4.5) = 3.18, y = 2 its 2nd hex's; (3, 0), 3 hexes from
   * (0, 0) */
  g_assert_cmpstr (e->text, ==, "tercio is moved 3 hexes to hex 0402, off its centre (a retreat "
                   "or withdrawal, not its movement sequence)");
  g_assert_false (status_of (game, "tercio") & PH_STATUS_MOVED);
  ph_test_step (game, "move", "figure=tercio", "q=0", "r=0", NULL);
  g_assert_true (status_of (game, "tercio") & PH_STATUS_MOVED);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "tercio has already moved this turn",
                  "move", "figure=tercio", "q=1", "r=0", NULL);
  ph_test_step (game, "move", "figure=tercio", "q=1", "r=0", "forced=true", NULL);
}

/* Number of attacks and hits, read from the rolled values */

/* What a shot's event must show: @attacks d20 throws, a hit when the throw
 * + @modifier >= @target_number, 1d8 per hit off the target's uhp;
 * returns the hits. */
static int
check_hits (PhGame        *game,
            const PhEvent *e,
            const char    *target,
            int            attacks,
            int            modifier,
            int            target_number,
            int            uhp_before)
{
  const PhRoll *throws = ph_test_roll (e, 0);
  int hits = 0;

  g_assert_cmpint (throws->n, ==, attacks);
  g_assert_cmpint (throws->sides, ==, 20);
  for (int i = 0; i < throws->n; i++)
    {
      g_assert_cmpint (throws->values[i], >=, 1);
      g_assert_cmpint (throws->values[i], <=, 20);
      if (throws->values[i] + modifier >= target_number)
        hits++;
    }
  if (hits > 0)
    {
      const PhRoll *damage = ph_test_roll (e, 1);

      g_assert_cmpint (damage->n, ==, hits);
      g_assert_cmpint (damage->sides, ==, 8);
      g_assert_cmpstr (damage->figure, ==, target);
      g_assert_cmpint (stats_of (game, target)->uhp, ==,
                       MAX (0, uhp_before - damage->total));
    }
  else
    g_assert_cmpint (stats_of (game, target)->uhp, ==, uhp_before);
  return hits;
}

static void
test_attacks_and_hits (void)
{
  /* 490 UF flintlock arquebus: n = 490/140 = 3.5, 4 attacks; target
   * number 10 + AC 0 = 10. Morale high enough for the shock roll not to
   * matter here. */
  static const Unit units[] = {
    { "volley", "spain", "flintlock-arquebus",
      "formation=\"UF\" men=\"490\" attack-throw=\"10\" ac=\"4\"", 0, 0 },
    { "block", "dutch", NULL, TARGET_STATS " morale=\"20\" uhp=\"100\"", 2, 0 },
    { NULL }
  };
  int seen_hits = 0, seen_misses = 0;

  for (guint32 seed = 1; seed <= 24; seed++)
    {
      g_autoptr(PhScenario) s = load_units (units, NULL);
      g_autoptr(PhGame) game = ph_game_new (s, seed);
      const PhEvent *e = ph_test_step (game, "shoot", "figure=volley", "target=block", NULL);
      int hits = check_hits (game, e, "block", 4, 0, 10, 100);

      seen_hits += hits;
      seen_misses += 4 - hits;
      g_assert_cmpint (tokens_of (game, "volley"), ==, 0);
      /* one wording for what a throw needs, in the log and the dice */
      g_assert_true (g_str_has_prefix (e->text, "volley fired at block: 2 hexes, armour-piercing "
                                       "range, 4 attacks needing 10 or more on the d20, rolled "));
      g_assert_cmpstr (ph_test_roll (e, 0)->purpose, ==,
                       "attack throws of volley at block, each needing 10 or more");
      if (hits > 0)
        {
          /* damaged by firearms: the shock roll, 2d6 + 20 stands */
          const PhRoll *shock = ph_test_roll (e, 2);

          g_assert_cmpuint (e->rolls->len, ==, 3);
          g_assert_cmpint (shock->n, ==, 2);
          g_assert_cmpint (shock->sides, ==, 6);
          g_assert_cmpstr (ph_game_get_figure_var (game, "block", "shock"), ==, "stood");
        }
      else
        g_assert_cmpuint (e->rolls->len, ==, 1);
    }
  g_assert_cmpint (seen_hits, >, 0);
  g_assert_cmpint (seen_misses, >, 0);
}

/* "Musket Forks": -2 after moving, never in reaction fire; the hits follow
 * the modifier. 60 SF flintlock musket (example #4): 1 attack. */
static void
test_musket_fork (void)
{
  static const Unit units[] = {
    { "musket", "spain", "flintlock-musket",
      "formation=\"SF\" men=\"60\" attack-throw=\"10\" ac=\"4\"", 0, 0 },
    { "foe", "dutch", NULL, TARGET_STATS " morale=\"20\" uhp=\"100\"", 3, 0 },
    { NULL }
  };

  for (guint32 seed = 1; seed <= 16; seed++)
    {
      g_autoptr(PhScenario) s = load_units (units, NULL);
      g_autoptr(PhGame) game = ph_game_new (s, seed);
      const PhEvent *e;
      gboolean reaction = seed % 2 == 0;

      ph_test_step (game, "move", "figure=musket", "q=1", "r=0", NULL);
      e = ph_test_step (game, "shoot", "figure=musket", "target=foe",
                        reaction ? "reaction=true" : "reaction=false", NULL);
      check_hits (game, e, "foe", 1, reaction ? 0 : -2, 10, 100);
      g_assert_true ((strstr (e->text, "no fork rest") != NULL) == !reaction);
      /* the number needed on the die, the target number and the modifier
       * it comes from said once */
      g_assert_nonnull (strstr (e->text, reaction ? ", 1 attack needing 10 or more on the d20, rolled "
                                : ", 1 attack needing 12 or more on the d20 (target number 10, "
                                "musket fired after moving (no fork rest) -2), rolled "));
      g_assert_cmpstr (ph_test_roll (e, 0)->purpose, ==, reaction
                       ? "attack throw of musket at foe, needing 10 or more"
                       : "attack throw of musket at foe, needing 12 or more");
      g_assert_cmpint (tokens_of (game, "musket"), ==, 1);
    }
}

/* Damage and shock rolls */

typedef struct
{
  int rolls;            /* shock rolls made */
  int rolls_penalised;  /* with Lamentations' extra -2 */
  int none_undamaged;   /* no roll, target not damaged */
  int none_damaged;     /* no roll although damaged (Lamentations, morale > 0) */
  int routed, retreated, stood;
} ShockSeen;

/* One shot of "gun" (1 attack, no modifier) at @target;
 * checks the event against the rules from its dice. */
static void
check_shock_shot (const Unit  *units,
                  const char  *rules,
                  gboolean     lamentations,
                  int          rout,
                  int          retreat,
                  const char  *target,
                  guint32      seed,
                  ShockSeen   *seen)
{
  g_autoptr(PhScenario) s = load_units (units, rules);
  g_autoptr(PhGame) game = ph_game_new (s, seed);
  const PhGunsOfWarStats *t = stats_of (game, target);
  gboolean has_uhp = t->has_uhp;
  int uhp = t->uhp;
  int morale = t->morale;
  int ac = t->ac;
  g_autofree char *ta = g_strdup_printf ("target=%s", target);
  PhFigure *tf = ph_scenario_find_figure (ph_game_get_scenario (game), target);
  const PhFigure *gf = ph_scenario_find_figure (ph_game_get_scenario (game), "gun");
  PhHex gun_hex = ph_hex_from_point ((PhPoint) { gf->x, gf->y }, 1);
  PhHex was = ph_hex_from_point ((PhPoint) { tf->x, tf->y }, 1);
  const PhEvent *e = ph_test_step (game, "shoot", "figure=gun", ta, NULL);
  int hits, damage = 0;
  gboolean half = FALSE, low = morale <= 0;
  gboolean expect;
  int penalty = 0;
  guint next = 1;

  /* target number: the gun's attack throw 10 + the target's AC (no
   * armour AC to ignore) */
  hits = check_hits (game, e, target, 1, 0, 10 + ac, has_uhp ? uhp : 0);
  if (hits > 0)
    {
      damage = ph_test_roll (e, 1)->total;
      next = 2;
      if (has_uhp)
        {
          /* the unit's maximum uhp is its uhp at the start */
          g_assert_cmpint (ph_game_get_figure_var_int (game, target, "max-uhp", -1), ==, uhp);
          half = 2 * MAX (0, uhp - damage) <= uhp;
          g_assert_null (ph_game_get_figure_var (game, target, "damage"));
        }
      else
        {
          /* no uhp attribute: the damage is a game variable, and said */
          g_assert_cmpint (ph_game_get_figure_var_int (game, target, "damage", -1), ==, damage);
          {
            g_autofree char *said = g_strdup_printf ("; %s has no hit points on its roster, so the game "
                                                     "keeps count of its damage: %d so far",
                                                     target, damage);

            g_assert_nonnull (strstr (e->text, said));
          }
        }
    }

  if (!lamentations)
    /* "Smoke and Thunder: ... anytime a unit is damaged by firearms, a
     * shock roll is required" */
    expect = damage > 0;
  else
    {
      /* Lamentations: morale 0 or less under fire, or reduced to half its
       * maximum uhp; both: one roll at an extra -2 */
      expect = low || (damage > 0 && half);
      if (low && damage > 0 && half)
        penalty = -2;
    }

  if (!expect)
    {
      g_assert_cmpuint (e->rolls->len, ==, next);
      g_assert_null (ph_game_get_figure_var (game, target, "shock"));
      g_assert_false (status_of (game, target) & (PH_STATUS_SHAKEN | PH_STATUS_FLED));
      if (damage > 0)
        seen->none_damaged++;
      else
        seen->none_undamaged++;
      /* Lamentations without uhp: half cannot be told, the referee can */
      if (lamentations && damage > 0 && !has_uhp)
        {
          g_autofree char *said = g_strdup_printf (" %s has no hit points on its roster: the "
                                                   "referee decides whether it is down to half "
                                                   "its hit points "
                                                   "and must make a shock roll.", target);

          g_assert_true (g_str_has_suffix (e->text, said));
        }
      return;
    }
  else
    {
      const PhRoll *shock = ph_test_roll (e, next);
      int total = shock->total + morale + penalty;
      const char *outcome = total <= rout ? "routed"
                            : total <= retreat ? "retreated" : "stood";

      g_assert_cmpuint (e->rolls->len, ==, next + 1);
      g_assert_cmpint (shock->n, ==, 2);
      g_assert_cmpint (shock->sides, ==, 6);
      g_assert_cmpstr (shock->figure, ==, target);
      g_assert_cmpstr (ph_game_get_figure_var (game, target, "shock"), ==, outcome);
      g_assert_cmpint (!!(status_of (game, target) & PH_STATUS_FLED), ==,
                       g_str_equal (outcome, "routed"));
      g_assert_cmpint (!!(status_of (game, target) & PH_STATUS_SHAKEN), ==,
                       g_str_equal (outcome, "retreated"));
      g_assert_true ((strstr (e->text, "smoke and thunder -2") != NULL) == (penalty != 0));
      /* a retreat falls back a hex straight away from the fire, said in
       * the log; otherwise the unit stays where it was */
      {
        PhHex now = ph_hex_from_point ((PhPoint) { tf->x, tf->y }, 1);
        char from[PH_HEX_NAME_SIZE], to[PH_HEX_NAME_SIZE];
        g_autofree char *said = g_strdup_printf ("; %s falls back 1 hex away from gun, from hex "
                                                 "%s to hex %s.", target, ph_hex_name (was, from),
                                                 ph_hex_name (now, to));

        if (g_str_equal (outcome, "retreated"))
          {
            g_assert_cmpint (ph_hex_distance (now, was), ==, 1);
            g_assert_cmpint (ph_hex_distance (now, gun_hex), ==, ph_hex_distance (was, gun_hex) + 1);
            g_assert_true (g_str_has_suffix (e->text, said));
          }
        else
          g_assert_cmpint (ph_hex_distance (now, was), ==, 0);
      }
      seen->rolls++;
      if (penalty != 0)
        seen->rolls_penalised++;
      if (g_str_equal (outcome, "routed"))
        seen->routed++;
      else if (g_str_equal (outcome, "retreated"))
        seen->retreated++;
      else
        seen->stood++;

      /* a routed unit has left the field; the end of the turn clears the
       * retreat's shaken marker and the "shock" variable */
      if (g_str_equal (outcome, "routed"))
        {
          g_autofree char *fa = g_strdup_printf ("figure=%s", target);

          ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "has routed from the field",
                          "stand", fa, NULL);
        }
      ph_test_step (game, "end-turn", NULL);
      g_assert_false (status_of (game, target) & PH_STATUS_SHAKEN);
      g_assert_null (ph_game_get_figure_var (game, target, "shock"));
    }
}

/* 120 DF flintlock arquebus: 1 attack, no tokens, target number 10 against
 * AC 0; uhp 12: one 1d8 hit of 6 or more leaves 6 or less, half. */
static const Unit shock_units[] = {
  { "gun", "spain", "flintlock-arquebus",
    "formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"4\"", 0, 0 },
  { "steady", "dutch", NULL, TARGET_STATS " morale=\"1\" uhp=\"12\"", 2, 0 },
  { "raw", "dutch", NULL, TARGET_STATS " morale=\"0\" uhp=\"12\"", 1, 1 },
  { "bare", "dutch", NULL, TARGET_STATS " morale=\"-1\"", 0, 2 },
  { "armoured", "dutch", NULL,
    "formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"30\" morale=\"0\" uhp=\"12\"", 2, 1 },
  { NULL }
};

static void
test_shock_smoke_and_thunder (void)
{
  ShockSeen seen = { 0 };

  for (guint32 seed = 1; seed <= 30; seed++)
    {
      check_shock_shot (shock_units, NULL, FALSE, 2, 5, "steady", seed, &seen);
      check_shock_shot (shock_units, NULL, FALSE, 2, 5, "raw", seed, &seen);
      check_shock_shot (shock_units, NULL, FALSE, 2, 5, "bare", seed, &seen);
      /* never hit (target number 40): no damage, no shock roll */
      check_shock_shot (shock_units, NULL, FALSE, 2, 5, "armoured", seed, &seen);
    }
  g_assert_cmpint (seen.rolls, >, 0);
  g_assert_cmpint (seen.none_undamaged, >, 30);
  g_assert_cmpint (seen.none_damaged, ==, 0);
  g_assert_cmpint (seen.rolls_penalised, ==, 0);
  g_assert_cmpint (seen.retreated, >, 0);
  g_assert_cmpint (seen.stood, >, 0);
}

static void
test_shock_lamentations (void)
{
  /* The thresholds as options too: 4 or less routs, 7 or less retreats */
  const char *rules = "<option name=\"lamentations\" value=\"true\"/>"
                      "<option name=\"shock-retreat\" value=\"7\"/>"
                      "<option name=\"shock-rout\" value=\"4\"/>";
  ShockSeen steady = { 0 }, raw = { 0 }, bare = { 0 }, armoured = { 0 };

  for (guint32 seed = 1; seed <= 40; seed++)
    {
      check_shock_shot (shock_units, rules, TRUE, 4, 7, "steady", seed, &steady);
      check_shock_shot (shock_units, rules, TRUE, 4, 7, "raw", seed, &raw);
      check_shock_shot (shock_units, rules, TRUE, 4, 7, "bare", seed, &bare);
      check_shock_shot (shock_units, rules, TRUE, 4, 7, "armoured", seed, &armoured);
    }
  /* morale 1: a roll only when reduced to half its uhp, never -2; damaged
   * less, none (Lamentations replaces Smoke and Thunder) */
  g_assert_cmpint (steady.rolls, >, 0);
  g_assert_cmpint (steady.rolls_penalised, ==, 0);
  g_assert_cmpint (steady.none_damaged, >, 0);
  /* morale 0: always a roll, at -2 when also reduced to half its uhp */
  g_assert_cmpint (raw.rolls, ==, 40);
  g_assert_cmpint (raw.rolls_penalised, >, 0);
  g_assert_cmpint (raw.rolls_penalised, <, 40);
  /* no uhp: the morale trigger only */
  g_assert_cmpint (bare.rolls, ==, 40);
  g_assert_cmpint (bare.rolls_penalised, ==, 0);
  /* "regardless of whether the unit is damaged by the attack" */
  g_assert_cmpint (armoured.rolls, ==, 40);
  g_assert_cmpint (raw.routed + bare.routed + armoured.routed, >, 0);
  g_assert_cmpint (raw.retreated + bare.retreated + armoured.retreated, >, 0);
  g_assert_cmpint (raw.stood + bare.stood + armoured.stood + steady.stood, >, 0);
}

/* The referee's shock roll (a cavalry charge on Drilled Foot...): 2d6 +
 * morale + 2 when secured by Formed Foot + modifier */
static void
test_shock_roll_action (void)
{
  for (guint32 seed = 1; seed <= 8; seed++)
    {
      g_autoptr(PhScenario) s = load_units (shock_units, NULL);
      g_autoptr(PhGame) game = ph_game_new (s, seed);
      const PhEvent *e = ph_test_step (game, "shock-roll", "figure=steady", "secured=true",
                                       "modifier=-3", NULL);
      int total = ph_test_roll (e, 0)->total + 1 + 2 - 3;

      g_assert_cmpuint (e->rolls->len, ==, 1);
      g_assert_cmpstr (ph_game_get_figure_var (game, "steady", "shock"), ==,
                       total <= 2 ? "routed" : total <= 5 ? "retreated" : "stood");
      g_assert_nonnull (strstr (e->text, "secured by Formed Foot +2, modifier -3"));
    }
}

/* Destroyed: uhp 0 leaves the unit dead with no shock roll */
static void
test_destroyed (void)
{
  /* 4 attacks at target number 10 against a unit of 2 uhp */
  static const Unit units[] = {
    { "volley", "spain", "flintlock-arquebus",
      "formation=\"UF\" men=\"490\" attack-throw=\"10\" ac=\"4\"", 0, 0 },
    { "weak", "dutch", NULL, TARGET_STATS " morale=\"-5\" uhp=\"2\"", 2, 0 },
    { NULL }
  };
  int destroyed = 0;

  for (guint32 seed = 1; seed <= 10; seed++)
    {
      g_autoptr(PhScenario) s = load_units (units, "<option name=\"lamentations\" value=\"true\"/>");
      g_autoptr(PhGame) game = ph_game_new (s, seed);
      const PhEvent *e = ph_test_step (game, "shoot", "figure=volley", "target=weak", NULL);
      int hits = check_hits (game, e, "weak", 4, 0, 10, 2);

      if (hits > 0 && ph_test_roll (e, 1)->total >= 2)
        {
          destroyed++;
          g_assert_true (status_of (game, "weak") & PH_STATUS_DEAD);
          g_assert_cmpuint (e->rolls->len, ==, 2);
          ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "weak has been destroyed",
                          "stand", "figure=weak", NULL);
        }
      else
        /* morale -5 under Lamentations: the roll */
        g_assert_cmpuint (e->rolls->len, ==, hits > 0 ? 3 : 2);
    }
  g_assert_cmpint (destroyed, >, 0);
}

/* The shock roll's options are checked when the scenario loads */
static void
test_shock_options (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("guns-of-war"), "shock-rout", "-1", NULL));
  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("guns-of-war"), "shock-retreat", "7", NULL));
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("guns-of-war"), "shock-retreat", "seven",
                                           &error));
  g_assert_nonnull (strstr (error->message, "option 'shock-retreat' must be a whole number"));
}

/* A move by drag (ph-game-move.h): hexes, up to the fastest of the
 * formation's movement rates, ending on a hex's centre */
static void
test_drag_move (void)
{
  static const Unit units[] = {
    { "tercio", "spain", "flintlock-musket", "formation=\"DF\" men=\"60\" attack-throw=\"10\" ac=\"2\"", 2, 2 },
    { "skirm", "spain", "flintlock-musket", "formation=\"SF\" men=\"30\" attack-throw=\"10\" ac=\"2\"", 2, 8 },
    { "t1", "dutch", NULL, TARGET_STATS, 4, 5 },
    { NULL }
  };
  g_autoptr(PhScenario) s = load_units (units, NULL);
  g_autoptr(PhGame) game = ph_game_new (s, 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  PhMovePlan plan;
  PhMoveCost cost;
  PhPoint far = ph_hex_to_point ((PhHex) { 7, 2 }, 1.0);
  PhPoint near = ph_hex_to_point ((PhHex) { 5, 2 }, 1.0);
  PhPoint centre;

  /* the movement phase first */
  g_assert_cmpstr (ph_game_expected (game), ==, "move");
  g_assert_true (ph_game_plan_move (game, "tercio", &plan, &error));
  g_assert_no_error (error);
  /* Drilled Foot 2/3/4, Skirmishing Foot 2/4/6 */
  g_assert_cmpfloat (plan.allowance, ==, 4);
  g_assert_cmpstr (plan.cost_unit, ==, "hexes");
  g_assert_true (plan.hex_snap);
  /* each number in words (the trial read a bare "movement rate 2/3/4
   * hexes"): the first in combat, the text's marching movement, the
   * fastest, running, to which a move is held */
  g_assert_cmpstr (plan.note, ==, "up to 4 hexes, running; movement rate 2/3/4: 2 hexes in "
                   "combat, 3 marching, 4 running");

  ph_game_move_cost (game, "tercio", &plan, near, &cost);
  g_assert_cmpfloat (cost.distance, ==, 3);
  label = ph_game_describe_move (game, &plan, &cost);
  g_assert_cmpstr (label, ==, "moved 3 hexes · 1 hex left");
  ph_game_move_cost (game, "tercio", &plan, far, &cost);
  g_assert_cmpfloat (cost.distance, ==, 5);
  g_assert_false (ph_move_cost_fits (&plan, &cost));

  /* a move ends in a hex of its own */
  {
    PhPoint held = ph_hex_to_point ((PhHex) { 4, 5 }, 1.0);

    ph_game_move_cost (game, "tercio", &plan, held, &cost);
    /* the unit by its name, not a bare "occupied" */
    g_assert_cmpstr (cost.barred, ==, "t1 standing there");
    label = (g_free (label), ph_game_describe_move (game, &plan, &cost));
    /* (the spot taken, in every ruleset's words: ph_game_describe_spot_taken()) */
    g_assert_cmpstr (label, ==, "moved 5 hexes · hex held by t1");
    /* a drop there is refused, the unit named */
    g_assert_false (ph_game_perform_move (game, "tercio", held, &error));
    g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
    g_assert_cmpstr (error->message, ==, "tercio cannot stop there: the hex is held by t1 "
                     "(one unit to a hex)");
    g_clear_error (&error);
    /* (4,5): the 5th column, centre at y = 5 + 2 + 1/2 = 7.5, the 8th hex
     * down */
    ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "tercio cannot end its move in hex 0508: t1 "
                    "stands there", "move", "figure=tercio", "q=4", "r=5", NULL);
  }

  /* the action refuses past the rate too */
  /* (7,2): the 8th column (a lower one), centre at y = 2 + 3.5 + 1/2 = 6,
   * its 6th hex */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "tercio moves up to 4 hexes, running (movement "
                  "rate 2/3/4: 2 hexes in combat, 3 marching, 4 running): hex 0806 is 5 hexes "
                  "away", "move", "figure=tercio", "q=7", "r=2", NULL);
  ph_move_plan_clear (&plan);
  g_assert_true (ph_game_plan_move (game, "skirm", &plan, NULL));
  g_assert_cmpfloat (plan.allowance, ==, 6);
  ph_move_plan_clear (&plan);

  /* a drop a little off the hex's centre lands on it */
  g_assert_true (ph_game_perform_move (game, "tercio",
                                       (PhPoint) { near.x + 0.2, near.y - 0.1 }, &error));
  g_assert_no_error (error);
  centre = (PhPoint) { ph_test_figure (game, "tercio")->x, ph_test_figure (game, "tercio")->y };
  g_assert_cmpfloat_with_epsilon (centre.x, near.x, 0.01);
  g_assert_cmpfloat_with_epsilon (centre.y, near.y, 0.01);
  g_assert_true (ph_test_figure (game, "tercio")->status & PH_STATUS_MOVED);
  /* (5,2): the 6th column, centre at y = 2 + 2.5 + 1/2 = 5: its 5th hex */
  /* and how far: 3 hexes from (2, 2), as the label said */
  g_assert_cmpstr (ph_test_last_event (game)->text, ==, "tercio moves 3 hexes to hex 0605");
  /* one movement sequence a turn */
  g_assert_false (ph_game_plan_move (game, "tercio", &plan, &error));
  g_assert_nonnull (strstr (error->message, "already moved this turn"));
  g_clear_error (&error);

  /* once every unit has had its movement sequence, the shots of those
   * that can fire (the skirmishers, who stood), then the end of the turn */
  ph_test_step (game, "stand", "figure=skirm", NULL);
  g_assert_cmpstr (ph_game_expected (game), ==, "move");
  ph_test_step (game, "stand", "figure=t1", NULL);
  g_assert_cmpstr (ph_game_expected (game), ==, "shoot");
  ph_test_step (game, "shoot", "figure=skirm", "target=t1", NULL);
  ph_test_step (game, "shoot", "figure=tercio", "target=t1", NULL);
  g_assert_cmpstr (ph_game_expected (game), ==, "end-turn");
}

/* One unit to a hex, for every drop: the label names the unit holding
 * the hex before the drop, the rules' move is refused with its name, and
 * so is the referee's own move (Move Anyway, a unit whose move it is
 * not); a hex of its own is taken */
static void
test_drop_on_held_hex (void)
{
  static const Unit units[] = {
    { "tercio", "spain", "flintlock-musket", "formation=\"DF\" men=\"60\" attack-throw=\"10\" ac=\"2\"", 2, 2 },
    { "t1", "dutch", NULL, TARGET_STATS, 3, 2 },
    { NULL }
  };
  g_autoptr(PhScenario) s = load_units (units, NULL);
  g_autoptr(PhGame) game = ph_game_new (s, 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(PhFigure) moved = NULL;
  g_autofree char *label = NULL;
  PhPoint held = ph_hex_to_point ((PhHex) { 3, 2 }, 1.0);
  PhPoint free_hex = ph_hex_to_point ((PhHex) { 3, 4 }, 1.0);
  PhMovePlan plan;
  PhMoveCost cost;
  guint before;

  g_assert_true (ph_game_plan_move (game, "tercio", &plan, &error));
  g_assert_no_error (error);
  ph_game_move_cost (game, "tercio", &plan, held, &cost);
  g_assert_true (cost.stands_on == ph_scenario_find_figure (ph_game_get_scenario (game), "t1"));
  g_assert_true (cost.stands_in_hex);
  g_assert_false (ph_move_cost_fits (&plan, &cost));
  label = ph_game_describe_move (game, &plan, &cost);
  g_assert_cmpstr (label, ==, "moved 1 hex · hex held by t1");
  ph_move_plan_clear (&plan);

  before = ph_game_get_position (game);
  g_assert_false (ph_game_perform_move (game, "tercio", held, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_assert_cmpstr (error->message, ==, "tercio cannot stop there: the hex is held by t1 "
                   "(one unit to a hex)");
  g_clear_error (&error);
  g_assert_cmpuint (ph_game_get_position (game), ==, before);

  /* the referee's: t1 put in the tercio's hex, off its centre */
  moved = ph_figure_copy (ph_scenario_find_figure (ph_game_get_scenario (game), "t1"));
  moved->x = ph_test_figure (game, "tercio")->x + 0.2;
  moved->y = ph_test_figure (game, "tercio")->y;
  g_assert_false (ph_game_referee_edit (game, "Move Anyway", &moved, 1, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_assert_cmpstr (error->message, ==, "t1 cannot stop there: the hex is held by tercio "
                   "(one unit to a hex)");
  g_clear_error (&error);
  g_assert_cmpuint (ph_game_get_position (game), ==, before);
  g_assert_cmpfloat (ph_test_figure (game, "t1")->x, ==, held.x);
  /* a hex of its own */
  moved->x = free_hex.x;
  moved->y = free_hex.y;
  g_assert_true (ph_game_referee_edit (game, "Move Anyway", &moved, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ph_game_get_position (game), ==, before + 1);
  g_assert_cmpfloat (ph_test_figure (game, "t1")->y, ==, free_hex.y);
  /* in hexes, as the drag's label counts them, not "2.0 in" */
  /* and where to, as a move says it (the trial's referee read "Referee
   * moved Pressed Conscripts 8 hexes", and nowhere to) */
  {
    char name[PH_HEX_NAME_SIZE];
    g_autofree char *want = g_strdup_printf ("Referee moved t1 2 hexes to hex %s",
                                             ph_hex_name (ph_hex_from_point (free_hex, 1.0), name));

    g_assert_cmpstr (ph_test_last_event (game)->text, ==, want);
  }
}

/* Whose turn: every unit plays one movement sequence a turn, in any
 * order (D@W's order of activation is not modelled); the game expects a
 * movement sequence while any unit has yet to play one and names the
 * first in the file's order, then a shot while a unit can still fire,
 * then the turn's end. Flintlock muskets reach 3 hexes against foot (the
 * text's Firearm Range, "Musket 3/3"). */
static void
test_turn_order (void)
{
  static const Unit units[] = {
    /* 5 hexes from t1 (q + 2, r + 3): out of a musket's range */
    { "tercio", "spain", "flintlock-musket", "formation=\"DF\" men=\"60\" attack-throw=\"10\" ac=\"2\"", 2, 2 },
    /* example #4: 60 SF flintlock musket, 1 attack, 1 reload token */
    { "skirm", "spain", "flintlock-musket", "formation=\"SF\" men=\"60\" attack-throw=\"10\" ac=\"2\"", 2, 8 },
    { "pikes", "spain", NULL, "formation=\"FF\" men=\"60\" attack-throw=\"10\" ac=\"4\"", 3, 2 },
    { "t1", "dutch", NULL, TARGET_STATS " morale=\"20\"", 4, 5 },
    { NULL }
  };
  g_autoptr(PhScenario) s = load_units (units, NULL);
  g_autoptr(PhGame) game = ph_game_new (s, 5);
  g_autoptr(GError) error = NULL;
  g_autofree char *d1 = NULL, *d2 = NULL, *d3 = NULL, *d4 = NULL, *d5 = NULL;
  PhMovePlan plan;

  d1 = ph_game_describe (game);
  g_assert_cmpstr (d1, ==, "Turn 1 - movement: 4 units yet to move or stand (next: tercio) - "
                   "no unit has reload tokens");
  g_assert_cmpstr (ph_game_expected (game), ==, "move");

  /* any unit may go first: the skirmishers move a hex, to (3,7), 2 hexes
   * from t1 */
  ph_test_step (game, "move", "figure=skirm", "q=3", "r=7", NULL);
  ph_test_step (game, "stand", "figure=tercio", NULL);
  d2 = ph_game_describe (game);
  g_assert_cmpstr (d2, ==, "Turn 1 - movement: 2 units yet to move or stand (next: pikes) - "
                   "no unit has reload tokens");
  g_assert_cmpstr (ph_game_expected (game), ==, "move");

  /* one movement sequence a turn: a drag is refused in the rules' words */
  g_assert_false (ph_game_plan_move (game, "skirm", &plan, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_assert_cmpstr (error->message, ==, "skirm has already moved this turn: one movement "
                   "sequence a turn");
  g_clear_error (&error);
  g_assert_false (ph_game_plan_move (game, "tercio", &plan, &error));
  g_assert_cmpstr (error->message, ==, "tercio has already stood fast this turn: one movement "
                   "sequence a turn");
  g_clear_error (&error);
  g_assert_false (ph_game_perform_move (game, "tercio", ph_hex_to_point ((PhHex) { 2, 3 }, 1.0),
                                        &error));
  g_assert_true (g_str_has_prefix (error->message, "tercio has already stood fast this turn"));
  g_clear_error (&error);
  /* the action says how to move it all the same */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "skirm has already moved this turn: one "
                  "movement sequence a turn (a retreat or withdrawal is a forced move, outside the "
                  "movement sequence)",
                  "move", "figure=skirm", "q=3", "r=6", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "skirm has already moved this turn: one "
                  "movement sequence a turn", "stand", "figure=skirm", NULL);

  /* the last movement sequences: then the shots of the units that can
   * still fire: the skirmishers only (the tercio is out of range, the
   * pikes and t1 carry no firearm) */
  ph_test_step (game, "stand", "figure=pikes", NULL);
  ph_test_step (game, "stand", "figure=t1", NULL);
  d3 = ph_game_describe (game);
  g_assert_cmpstr (d3, ==, "Turn 1 - fire: 1 unit can still fire (next: skirm) - "
                   "no unit has reload tokens");
  g_assert_cmpstr (ph_game_expected (game), ==, "shoot");
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "tercio cannot fire at t1", "shoot",
                  "figure=tercio", "target=t1", NULL);

  ph_test_step (game, "shoot", "figure=skirm", "target=t1", NULL);
  d4 = ph_game_describe (game);
  g_assert_cmpstr (d4, ==, "Turn 1 - no unit left to move or fire - reload tokens: skirm 1");
  g_assert_cmpstr (ph_game_expected (game), ==, "end-turn");

  /* the next turn starts over */
  ph_test_step (game, "end-turn", NULL);
  d5 = ph_game_describe (game);
  g_assert_cmpstr (d5, ==, "Turn 2 - movement: 4 units yet to move or stand (next: tercio) - "
                   "reload tokens: skirm 1");
  g_assert_cmpstr (ph_game_expected (game), ==, "move");
}

/* The hexes @id's move reaches, as the map shades them: every hex within
 * the allowance whose move fits */
static guint
count_reach (PhGame           *game,
             const char       *id,
             const PhMovePlan *plan)
{
  PhHex from = ph_hex_from_point (plan->origin, 1.0);
  int n = (int) plan->allowance;
  guint count = 0;

  for (int dq = -n; dq <= n; dq++)
    for (int dr = -n; dr <= n; dr++)
      {
        PhHex hex = { from.q + dq, from.r + dr };
        PhMoveCost cost;

        if (ph_hex_distance (from, hex) > n)
          continue;
        ph_game_move_cost (game, id, plan, ph_hex_to_point (hex, 1.0), &cost);
        count += ph_move_cost_fits (plan, &cost);
      }
  return count;
}

/* Mounted units: the text's "Standard Unit Movement Rate and Formation"
 * table is of foot only (Loose Foot at 120': "2/4/6 (LF)"); a mounted
 * unit moves at Domains at War's cavalry rates. Reading (game.md): the
 * table's rates are a hex for each 60', 30' and 20' of the encounter
 * movement rate, and cavalry move at 180': 3/6/9. The referee dragged
 * Black Reiters 11 hexes, unchecked and with no reach shaded. */
static void
test_mounted_move (void)
{
  static const Unit units[] = {
    { "horse", "spain", "wheellock-pistol", "formation=\"LF\" men=\"60\" attack-throw=\"9\" ac=\"6\"", 11, 4 },
    { "loose", "spain", NULL, "formation=\"LF\" men=\"60\" attack-throw=\"10\" ac=\"2\"", 0, 1 },
    { "t1", "dutch", NULL, TARGET_STATS, 22, 0 },
    { NULL }
  };
  g_autoptr(PhScenario) s = load_units (units, NULL);
  g_autoptr(PhGame) game = NULL;
  g_autoptr(GError) error = NULL;
  PhMovePlan plan;
  PhMoveCost cost;
  /* nine hexes up the column, and eleven along the row to the left */
  PhPoint nine = ph_hex_to_point ((PhHex) { 11, -5 }, 1.0);
  PhPoint eleven = ph_hex_to_point ((PhHex) { 0, 9 }, 1.0);
  guint before;

  ph_scenario_find_figure (s, "horse")->mounted = TRUE;
  game = ph_game_new (s, 3);

  /* on foot, Loose Foot: 2/4/6, held to 6 */
  g_assert_true (ph_game_plan_move (game, "loose", &plan, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (plan.allowance, ==, 6);
  ph_move_plan_clear (&plan);

  /* mounted, of the same formation: cavalry's 3/6/9, held to 9 */
  g_assert_true (ph_game_plan_move (game, "horse", &plan, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (plan.allowance, ==, 9);
  g_assert_cmpstr (plan.cost_unit, ==, "hexes");
  /* its reach shaded: every hex within 9 of its own, 1 + 3 x 9 x 10
   * (hex 1206 in the middle of the table, none of them off it or held) */
  g_assert_cmpuint (count_reach (game, "horse", &plan), ==, 271);
  ph_game_move_cost (game, "horse", &plan, nine, &cost);
  g_assert_cmpfloat (cost.distance, ==, 9);
  g_assert_true (ph_move_cost_fits (&plan, &cost));
  /* the referee's eleven hexes: too far, by the label and the drop */
  ph_game_move_cost (game, "horse", &plan, eleven, &cost);
  g_assert_cmpfloat (cost.distance, ==, 11);
  g_assert_false (ph_move_cost_fits (&plan, &cost));
  {
    g_autofree char *label = ph_game_describe_move (game, &plan, &cost);

    g_assert_cmpstr (label, ==, "moved 11 hexes · too far: 9 hexes allowed");
  }
  ph_move_plan_clear (&plan);
  before = ph_game_get_position (game);
  g_assert_false (ph_game_perform_move (game, "horse", eleven, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_assert_cmpstr (error->message, ==, "horse cannot move there: moved 11 hexes · too far: "
                   "9 hexes allowed");
  g_clear_error (&error);
  g_assert_cmpuint (ph_game_get_position (game), ==, before);
  /* (0,9): the 1st column, centre at y = 9 + 0 + 1/2 = 9.5, its 10th hex */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "hex 0110 is 11 hexes away", "move",
                  "figure=horse", "q=0", "r=9", NULL);
  /* the referee moves it all the same: his own step, logged as such */
  {
    g_autoptr(PhFigure) moved = ph_figure_copy (ph_test_figure (game, "horse"));

    moved->x = eleven.x;
    moved->y = eleven.y;
    g_assert_true (ph_game_referee_edit (game, "Move Anyway", &moved, 1, &error));
    g_assert_no_error (error);
    char name[PH_HEX_NAME_SIZE];
    g_autofree char *want = g_strdup_printf ("Referee moved horse 11 hexes to hex %s",
                                             ph_hex_name (ph_hex_from_point (eleven, 1.0), name));

    g_assert_cmpstr (ph_test_last_event (game)->text, ==, want);
    g_assert_true (ph_game_undo (game, NULL));
  }

  g_assert_true (ph_game_perform_move (game, "horse", nine, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (ph_test_figure (game, "horse")->x, nine.x, 0.01);
  /* one movement sequence a turn, mounted or not */
  g_assert_false (ph_game_plan_move (game, "horse", &plan, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_assert_true (g_str_has_prefix (error->message, "horse has already moved this turn"));
}

/* Formed Foot secures the Drilled Foot beside it, found on the hex map:
 * "Drilled Foot units which are adjacent to one or more units of Formed
 * Foot gain +2 to shock and morale rolls, and are not shocked by
 * cavalry". A cavalry charge: "A Drilled Foot unit which is declared the
 * target of a charge by cavalry must make a shock roll unless it is
 * secured by Formed Foot ... If, as a result of the shock roll, the
 * Drilled Foot retreats, it also immediately becomes disordered (losing
 * its ready marker, if it had one)". Readying: "Drilled Foot may ready to
 * attack"; "Undrilled Foot units may not ... ready to attack". */
static const Unit secured_units[] = {
  { "tercio", "spain", "flintlock-musket", "formation=\"DF\" men=\"60\" attack-throw=\"10\" ac=\"2\"", 2, 2 },
  { "pikes", "spain", NULL, "formation=\"FF\" men=\"60\" attack-throw=\"10\" ac=\"4\"", 3, 2 },
  { "musk", "spain", "flintlock-musket",
    "formation=\"DF\" men=\"60\" attack-throw=\"10\" ac=\"2\" morale=\"-2\"", 2, 8 },
  { "militia", "spain", "matchlock-musket", "formation=\"UF\" men=\"60\" attack-throw=\"10\" ac=\"0\"", 6, 8 },
  { "horse", "dutch", NULL, "formation=\"LF\" men=\"30\" attack-throw=\"10\" ac=\"4\"", 8, 4 },
  { NULL }
};

static PhScenario *
secured_scenario (void)
{
  PhScenario *s = load_units (secured_units, NULL);

  ph_scenario_find_figure (s, "horse")->mounted = TRUE;
  return s;
}

/* The test's steps that roll, up to the charge on the musketeers in
 * turn 3: the horse's earlier charges, on the secured tercio and the
 * pikes, roll nothing */
static gboolean
charge_routs_not (PhGame  *game,
                  gpointer data)
{
  return ph_test_try (game, "shock-roll", "figure=tercio", NULL)
         && ph_test_try (game, "shock-roll", "figure=militia", NULL)
         && ph_test_try (game, "ready", "figure=musk", NULL)
         && ph_test_try (game, "charge", "figure=horse", "target=tercio", NULL)
         && ph_test_try (game, "end-turn", NULL)
         && ph_test_try (game, "charge", "figure=horse", "target=pikes", NULL)
         && ph_test_try (game, "end-turn", NULL)
         && ph_test_try (game, "charge", "figure=horse", "target=musk", NULL)
         && g_strcmp0 (ph_game_get_figure_var (game, "musk", "shock"), "retreated") == 0;
}

static void
test_secured_and_charge (void)
{
  g_autoptr(PhScenario) proto = secured_scenario ();
  guint32 seed = ph_test_find_seed (proto, 1, 10000, charge_routs_not, NULL);
  g_autoptr(PhScenario) s = ph_scenario_copy (proto);
  g_autoptr(PhGame) game = ph_game_new (s, seed);
  const PhEvent *e;

  /* the tercio stands beside the pikes: +2 without being told */
  e = ph_test_step (game, "shock-roll", "figure=tercio", NULL);
  ph_test_assert_log_contains (e, "secured by Formed Foot +2");
  /* the dice are the log's to name, not the purpose's ("...: 2d6: 2d6 rolled") */
  g_assert_cmpstr (ph_test_roll (e, 0)->purpose, ==,
                   "shock roll for tercio (called by the referee), secured by Formed Foot +2");
  /* the other musketeers stand alone */
  e = ph_test_step (game, "shock-roll", "figure=militia", NULL);
  g_assert_null (strstr (e->text, "secured"));

  /* readying: Drilled Foot may, Undrilled may not */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "militia is Undrilled Foot: it may not ready "
                  "to attack", "ready", "figure=militia", NULL);
  e = ph_test_step (game, "ready", "figure=musk", NULL);
  g_assert_cmpstr (e->text, ==, "musk readies to attack (in lieu of attacking)");
  g_assert_cmpstr (ph_game_get_figure_var (game, "musk", "ready"), ==, "true");

  /* a right-click's odds of the charge, the target's shock roll by the
   * rules: musk 2d6 - 2 routs on 2 or less (2d6 of 4 or less, 6 of 36)
   * and retreats on 3 to 5 (5 to 7, 15 of 36); militia 2d6, 1 and 9 of
   * 36; the secured tercio and the Formed Foot make none */
  {
    static const struct { const char *id, *odds; } cases[] = {
      { "musk", "17% to rout them, 42% to make them retreat" },
      { "militia", "3% to rout them, 25% to make them retreat" },
      { "tercio", "no shock roll" },
      { "pikes", "no shock roll" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autofree char *odds = ph_game_target_odds (game, "charge", ph_test_figure (game, "horse"),
                                                     ph_test_figure (game, cases[i].id));

        g_assert_cmpstr (odds, ==, cases[i].odds);
      }
  }
  /* the secured tercio is not shocked by the charge: no dice */
  e = ph_test_step (game, "charge", "figure=horse", "target=tercio", NULL);
  /* no verb for a unit's name, often plural ("Black Reiters") */
  g_assert_true (g_str_has_prefix (e->text, "Charge declared by horse on tercio"));
  ph_test_assert_log_contains (e, "tercio is secured by Formed Foot (pikes beside it): no shock roll");
  g_assert_cmpuint (ph_test_n_visible_rolls (e), ==, 0);
  /* the charge is the horse's movement sequence: one a turn (a referee
   * charged the same foot again and again, a new shock roll each time),
   * and no move or stand after it */
  g_assert_cmpstr (ph_game_get_figure_var (game, "horse", "movement"), ==, "charged");
  g_assert_true (status_of (game, "horse") & PH_STATUS_MOVED);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "horse has already charged this turn: one "
                  "charge a turn", "charge", "figure=horse", "target=tercio", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "horse has already charged this turn: one "
                  "charge a turn", "charge", "figure=horse", "target=musk", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "horse has already charged this turn: its "
                  "charge was its movement sequence", "move", "figure=horse", "q=8", "r=5", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "horse has already charged this turn: its "
                  "charge was its movement sequence", "stand", "figure=horse", NULL);
  {
    g_autofree char *describe = ph_game_describe (game);
    PhMovePlan plan;
    g_autoptr(GError) error = NULL;

    /* the turn bar no longer counts the horse as yet to move */
    g_assert_cmpstr (describe, ==, "Turn 1 - movement: 4 units yet to move or stand (next: "
                     "tercio) - no unit has reload tokens");
    g_assert_false (ph_game_plan_move (game, "horse", &plan, &error));
    g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  }
  /* the musketeers stand fast: the horse may not charge now either
   * ("a new target" is for its next charge, in a later turn), nor may a
   * unit that has moved charge */
  ph_test_step (game, "end-turn", NULL);
  g_assert_null (ph_game_get_figure_var (game, "horse", "movement"));
  ph_test_step (game, "stand", "figure=horse", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "horse has already stood fast this turn: a "
                  "charge is its movement sequence, one a turn", "charge", "figure=horse",
                  "target=pikes", NULL);
  g_assert_true (ph_game_undo (game, NULL));
  /* Formed Foot are not shocked by cavalry */
  e = ph_test_step (game, "charge", "figure=horse", "target=pikes", NULL);
  /* the formation in words, not its code ("pikes (FF)") */
  ph_test_assert_log_contains (e, "pikes is Formed Foot: not shocked by cavalry");
  /* only cavalry charge ("declared the target of a charge by cavalry"):
   * foot, of any formation, are refused, and nothing is rolled or changed
   * (ph_test_refuse checks the state) */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "pikes is not mounted: only a charge by "
                  "cavalry shocks foot", "charge", "figure=pikes", "target=horse", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "tercio is not mounted: only a charge by "
                  "cavalry shocks foot", "charge", "figure=tercio", "target=horse", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "militia is not mounted", "charge",
                  "figure=militia", "target=horse", NULL);
  ph_test_step (game, "end-turn", NULL);

  /* the lone musketeers roll (2d6 - 2), retreat, and are disordered */
  e = ph_test_step (game, "charge", "figure=horse", "target=musk", NULL);
  g_assert_cmpuint (ph_test_n_visible_rolls (e), ==, 1);
  g_assert_cmpstr (ph_test_roll (e, 0)->purpose, ==,
                   "shock roll for musk (charged by cavalry), adding morale -2");
  ph_test_assert_log_contains (e, "it retreats; it is disordered and loses its ready marker");
  g_assert_null (ph_game_get_figure_var (game, "musk", "ready"));
  g_assert_cmpstr (ph_game_get_figure_var (game, "musk", "disordered"), ==, "true");
  /* the turn's end clears it */
  ph_test_step (game, "end-turn", NULL);
  g_assert_null (ph_game_get_figure_var (game, "musk", "disordered"));
}

/* What follows a charge: "If, as a result of the shock roll, the Drilled
 * Foot retreats, it also immediately becomes disordered (losing its ready
 * marker, if it had one). The cavalry unit which triggered the retreat
 * may advance into the just-vacated hex." "Drilled Foot may withdraw or
 * retreat through any friendly units ... one additional hex if doing so
 * is the only way to not end their movement in the same hex as another
 * unit." Readings (game.md): a retreat is one hex straight away from the
 * cavalry; with nowhere to go the unit routs. The horse stands in hex
 * 0507 (q 4, r 4), the musketeers below it in 0508 (4, 5): the hexes away
 * from the horse are 0509 (4, 6), the straightest, then 0608 (5, 5) and
 * 0409 (3, 6). */
#define CHARGE_HORSE { "horse", "dutch", NULL, "formation=\"LF\" men=\"30\" attack-throw=\"10\" ac=\"4\"", 4, 4 }
#define CHARGE_FOOT(id, side, formation, q, r) \
  { id, side, "flintlock-musket", "formation=\"" formation "\" men=\"60\" attack-throw=\"10\" " \
    "ac=\"2\" morale=\"-3\"", q, r }

static const Unit charge_open_units[] = {
  CHARGE_HORSE,
  CHARGE_FOOT ("musk", "spain", "DF", 4, 5),
  { NULL }
};
static const Unit charge_friends_units[] = {
  CHARGE_HORSE,
  CHARGE_FOOT ("musk", "spain", "DF", 4, 5),
  CHARGE_FOOT ("f1", "spain", "DF", 4, 6),
  CHARGE_FOOT ("f2", "spain", "DF", 5, 5),
  CHARGE_FOOT ("f3", "spain", "DF", 3, 6),
  { NULL }
};
/* Undrilled Foot do not retreat through friends: hemmed in, they rout */
static const Unit charge_hemmed_units[] = {
  CHARGE_HORSE,
  CHARGE_FOOT ("musk", "spain", "UF", 4, 5),
  CHARGE_FOOT ("f1", "spain", "DF", 4, 6),
  CHARGE_FOOT ("f2", "spain", "DF", 5, 5),
  CHARGE_FOOT ("f3", "spain", "DF", 3, 6),
  { NULL }
};

static PhScenario *
charge_scenario (const Unit *units)
{
  PhScenario *s = load_units (units, NULL);

  ph_scenario_find_figure (s, "horse")->mounted = TRUE;
  return s;
}

static gboolean
charge_retreats (PhGame  *game,
                 gpointer data)
{
  return ph_test_try (game, "charge", "figure=horse", "target=musk", NULL)
         && g_strcmp0 (ph_game_get_figure_var (game, "musk", "shock"), "retreated") == 0;
}

/* hemmed in: the shock roll gave a retreat, which became a rout */
static gboolean
charge_retreat_roll (PhGame  *game,
                     gpointer data)
{
  return ph_test_try (game, "charge", "figure=horse", "target=musk", NULL)
         && g_str_has_suffix (ph_test_last_event (game)->text, "instead. horse may advance into "
                              "hex 0508, which musk has left (Advance into the vacated hex, "
                              "or Stay).");
}

static void
assert_hex (PhGame     *game,
            const char *id,
            int         q,
            int         r)
{
  PhFigure *f = ph_test_figure (game, id);
  PhHex hex = ph_hex_from_point ((PhPoint) { f->x, f->y }, 1.0);

  g_assert_cmpint (hex.q, ==, q);
  g_assert_cmpint (hex.r, ==, r);
}

static void
test_charge_retreat_and_advance (void)
{
  g_autoptr(PhScenario) proto = charge_scenario (charge_open_units);
  guint32 seed = ph_test_find_seed (proto, 1, 10000, charge_retreats, NULL);
  g_autoptr(PhScenario) s = ph_scenario_copy (proto);
  g_autoptr(PhGame) game = ph_game_new (s, seed);
  g_autofree char *describe = NULL;
  const PhEvent *e;

  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "horse has no hex to advance into: only cavalry "
                  "whose charge made its target retreat or rout may advance", "advance",
                  "figure=horse", NULL);
  g_assert_cmpstr (ph_game_expected (game), ==, "move");
  e = ph_test_step (game, "charge", "figure=horse", "target=musk", NULL);
  /* the musketeers fall back straight away from the horse, into 0509 */
  g_assert_true (g_str_has_suffix (e->text, "it retreats; it is disordered; musk falls back 1 hex "
                                   "away from horse, from hex 0508 to hex 0509. horse may "
                                   "advance into hex 0508, which musk has left (Advance into "
                                   "the vacated hex, or Stay)."));
  assert_hex (game, "musk", 4, 6);
  g_assert_true (status_of (game, "musk") & PH_STATUS_SHAKEN);
  g_assert_cmpstr (ph_game_get_figure_var (game, "horse", "advance"), ==, "0508");
  /* the game leads to the advance, not to the next move */
  g_assert_cmpstr (ph_game_expected (game), ==, "advance");
  describe = ph_game_describe (game);
  g_assert_true (g_str_has_prefix (describe, "Turn 1 - charge: horse may advance into hex 0508 "
                                   "or stay - "));
  /* only the charging cavalry advances */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "musk has no hex to advance into", "advance",
                  "figure=musk", NULL);
  e = ph_test_step (game, "advance", "figure=horse", NULL);
  g_assert_cmpstr (e->text, ==, "horse advances into hex 0508, vacated by its charge's target "
                   "(not its movement sequence)");
  assert_hex (game, "horse", 4, 5);
  g_assert_null (ph_game_get_figure_var (game, "horse", "advance"));
  /* the advance is not a movement sequence: the charge was */
  g_assert_cmpstr (ph_game_get_figure_var (game, "horse", "movement"), ==, "charged");
  g_assert_cmpstr (ph_game_expected (game), ==, "move");
  /* once only */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "horse has no hex to advance into", "advance",
                  "figure=horse", NULL);
}

static void
test_charge_retreat_through_friends (void)
{
  g_autoptr(PhScenario) proto = charge_scenario (charge_friends_units);
  guint32 seed = ph_test_find_seed (proto, 1, 10000, charge_retreats, NULL);
  g_autoptr(PhScenario) s = ph_scenario_copy (proto);
  g_autoptr(PhGame) game = ph_game_new (s, seed);
  const PhEvent *e;

  /* 0509, 0608 and 0409 are held by friends: Drilled Foot retreat one
   * more hex, through the straightest, to 0510 (4, 7) */
  e = ph_test_step (game, "charge", "figure=horse", "target=musk", NULL);
  g_assert_true (g_str_has_suffix (e->text, "it retreats; it is disordered; musk falls back 2 "
                                   "hexes away from horse, through f1, from hex 0508 to hex "
                                   "0510. horse may advance into hex 0508, which musk has "
                                   "left (Advance into the vacated hex, or Stay)."));
  assert_hex (game, "musk", 4, 7);
  /* the horse stays: the advance is its choice */
  e = ph_test_step (game, "stay", "figure=horse", NULL);
  g_assert_cmpstr (e->text, ==, "horse stays where it is and does not advance into hex 0508");
  assert_hex (game, "horse", 4, 4);
  g_assert_null (ph_game_get_figure_var (game, "horse", "advance"));
  g_assert_cmpstr (ph_game_expected (game), ==, "move");
}

static void
test_charge_retreat_blocked (void)
{
  g_autoptr(PhScenario) proto = charge_scenario (charge_hemmed_units);
  guint32 seed = ph_test_find_seed (proto, 1, 10000, charge_retreat_roll, NULL);
  g_autoptr(PhScenario) s = ph_scenario_copy (proto);
  g_autoptr(PhGame) game = ph_game_new (s, seed);
  const PhEvent *e;

  e = ph_test_step (game, "charge", "figure=horse", "target=musk", NULL);
  g_assert_true (g_str_has_suffix (e->text, "it retreats; every hex away from horse is held by "
                                   "another unit or off the table, so musk cannot retreat and "
                                   "routs instead. horse may advance into hex 0508, which musk "
                                   "has left (Advance into the vacated hex, or Stay)."));
  g_assert_true (status_of (game, "musk") & PH_STATUS_FLED);
  g_assert_false (status_of (game, "musk") & PH_STATUS_SHAKEN);
  g_assert_cmpstr (ph_game_get_figure_var (game, "musk", "shock"), ==, "routed");
  g_assert_cmpstr (ph_game_expected (game), ==, "advance");
  /* the turn's end closes the chance */
  ph_test_step (game, "end-turn", NULL);
  g_assert_null (ph_game_get_figure_var (game, "horse", "advance"));
}

/* A charge goes as far as the cavalry's move would, the way its move
 * would, into contact (game.md, a reading: the text is silent on
 * distance). The referee's Black Reiters "charged" Pressed Conscripts 7
 * hexes off, across a wall, and took the vacated hex: a free 7-hex jump.
 * The table: water down the 6th column (q 5, x 4.6 to 5.6) but for a
 * ford at hex 0606 (5, 3); the horse in hex 0305 (2, 3) on one side, the
 * musketeers in 0905 (8, 0) on the other, 6 hexes off. */
#define FORD_WATER(gap_top, gap_bottom) \
  "<feature id=\"north\" kind=\"water\" name=\"Mill Pond\"><polygon points=\"4.6,0 5.6,0 " \
  "5.6," gap_top " 4.6," gap_top "\"/></feature>" \
  "<feature id=\"south\" kind=\"water\" name=\"Mill Pond\"><polygon points=\"4.6," \
  gap_bottom " 5.6," gap_bottom " 5.6,20 4.6,20\"/></feature>"

static const Unit ford_units[] = {
  { "horse", "dutch", NULL, "formation=\"LF\" men=\"30\" attack-throw=\"10\" ac=\"4\"", 2, 3 },
  CHARGE_FOOT ("musk", "spain", "DF", 8, 0),
  CHARGE_FOOT ("far", "spain", "DF", 14, 3),
  { NULL }
};
/* ... and a unit of the horse's own side standing in the ford */
static const Unit ford_held_units[] = {
  { "horse", "dutch", NULL, "formation=\"LF\" men=\"30\" attack-throw=\"10\" ac=\"4\"", 2, 3 },
  CHARGE_FOOT ("musk", "spain", "DF", 8, 0),
  { "pikes", "dutch", NULL, "formation=\"FF\" men=\"60\" attack-throw=\"10\" ac=\"4\"", 5, 3 },
  { NULL }
};

static void
test_charge_reach (void)
{
  static const char *refused_way = "horse has no way into contact with musk within 9 hexes, "
    "running (movement rate 3/6/9: 3 hexes in combat, 6 marching, 9 running): other units or "
    "water are in the way, and a charge goes through no other unit's hex";
  const PhEvent *e;

  /* the ford open: the horse rides 3 hexes to the ford and 2 on, to hex
   * 0805 (7, 1) beside the musketeers, 5 hexes in all */
  {
    g_autoptr(PhScenario) s = load_units_on (ford_units, NULL, FORD_WATER ("5.4", "6.6"));
    g_autoptr(PhGame) game = NULL;

    ph_scenario_find_figure (s, "horse")->mounted = TRUE;
    game = ph_game_new (s, 1);
    /* 12 hexes off: past the 9 hexes a charge moves and the one beside */
    ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "12 hexes from horse to far, and a charge "
                    "reaches 10: it moves up to 9 hexes, running (movement rate 3/6/9: 3 hexes "
                    "in combat, 6 marching, 9 running), into the hex "
                    "beside its target", "charge", "figure=horse", "target=far", NULL);
    /* the pond's hexes cannot be entered, by a move either */
    ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "horse cannot move into hex 0607: Mill Pond "
                    "(water) cannot be entered", "move", "figure=horse", "hex=0607", NULL);
    e = ph_test_step (game, "charge", "figure=horse", "target=musk", NULL);
    g_assert_true (g_str_has_prefix (e->text, "Charge declared by horse on musk, 5 hexes into "
                                     "contact at hex 0805; musk makes a shock roll"));
    assert_hex (game, "horse", 7, 1);
    /* undone, the horse is back where it was */
    g_assert_true (ph_game_undo (game, NULL));
    assert_hex (game, "horse", 2, 3);
    ph_test_check_save_load (game);
  }
  /* a unit in the ford: no way through it, nor round the pond */
  {
    g_autoptr(PhScenario) s = load_units_on (ford_held_units, NULL, FORD_WATER ("5.4", "6.6"));
    g_autoptr(PhGame) game = NULL;

    ph_scenario_find_figure (s, "horse")->mounted = TRUE;
    game = ph_game_new (s, 1);
    ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, refused_way, "charge", "figure=horse",
                    "target=musk", NULL);
    /* nor may its move go through the pikes */
    ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "horse cannot reach hex 0706 within 9 hexes: "
                    "other units or water are in the way", "move", "figure=horse", "q=6",
                    "r=2", NULL);
  }
  /* the ford far down the pond, at hex 0615 (5, 12): the way round is 12
   * hexes to the ford alone */
  {
    g_autoptr(PhScenario) s = load_units_on (ford_units, NULL, FORD_WATER ("14.4", "15.6"));
    g_autoptr(PhGame) game = NULL;
    PhMovePlan plan;
    PhMoveCost cost;

    ph_scenario_find_figure (s, "horse")->mounted = TRUE;
    game = ph_game_new (s, 1);
    ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, refused_way, "charge", "figure=horse",
                    "target=musk", NULL);
    /* the drag across says so too: 4 hexes as the crow flies */
    g_assert_true (ph_game_plan_move (game, "horse", &plan, NULL));
    ph_game_move_cost (game, "horse", &plan, ph_hex_to_point ((PhHex) { 6, 2 }, 1.0), &cost);
    g_assert_cmpstr (cost.barred, ==, "other units or water in the way, with no way round "
                     "within 9 hexes");
    g_assert_false (ph_move_cost_fits (&plan, &cost));
    ph_move_plan_clear (&plan);
  }
}

/* The charge's follow-up by drag: the referee dragged the horse onto the
 * hex its target had left and was refused (the advance was only in the
 * Game tab); the drag onto it is the advance, logged as one, and a drag
 * anywhere else is refused */
static void
test_drag_advance (void)
{
  g_autoptr(PhScenario) proto = charge_scenario (charge_open_units);
  guint32 seed = ph_test_find_seed (proto, 1, 10000, charge_retreats, NULL);
  g_autoptr(PhScenario) s = ph_scenario_copy (proto);
  g_autoptr(PhGame) game = ph_game_new (s, seed);
  g_autoptr(GError) error = NULL;
  PhPoint vacated = ph_hex_to_point ((PhHex) { 4, 5 }, 1.0);
  PhPoint beside = ph_hex_to_point ((PhHex) { 5, 4 }, 1.0);
  PhMovePlan plan;
  PhMoveCost cost;
  const PhEvent *e;
  guint before;

  ph_test_step (game, "charge", "figure=horse", "target=musk", NULL);
  g_assert_cmpstr (ph_game_get_figure_var (game, "horse", "advance"), ==, "0508");
  /* its drag is the advance, a hex, into 0508 */
  g_assert_true (ph_game_plan_move (game, "horse", &plan, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (plan.action, ==, "advance");
  g_assert_cmpfloat (plan.allowance, ==, 1);
  g_assert_cmpstr (plan.note, ==, "its charge's follow-up: drag it into hex 0508 to advance, "
                   "or Stay from its menu");
  ph_game_move_cost (game, "horse", &plan, vacated, &cost);
  g_assert_true (ph_move_cost_fits (&plan, &cost));
  ph_game_move_cost (game, "horse", &plan, beside, &cost);
  g_assert_cmpstr (cost.barred, ==, "the charge's follow-up (it may only advance into hex 0508, "
                   "or stay)");
  g_assert_false (ph_move_cost_fits (&plan, &cost));
  ph_move_plan_clear (&plan);
  before = ph_game_get_position (game);
  g_assert_false (ph_game_perform_move (game, "horse", beside, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_assert_cmpstr (error->message, ==, "horse cannot move there: the way is barred by the "
                   "charge's follow-up (it may only advance into hex 0508, or stay)");
  g_clear_error (&error);
  g_assert_cmpuint (ph_game_get_position (game), ==, before);
  /* nor does a typed advance go elsewhere */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "horse advances only into hex 0508, which its "
                  "charge's target left (or stays)", "advance", "figure=horse", "x=4.3301",
                  "y=6", NULL);

  /* dropped a little off the vacated hex's centre: the advance, logged */
  g_assert_true (ph_game_perform_move (game, "horse", (PhPoint) { vacated.x + 0.1,
                                                                  vacated.y - 0.2 }, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ph_game_get_position (game), ==, before + 1);
  e = ph_test_last_event (game);
  g_assert_cmpstr (e->kind, ==, "advance");
  g_assert_cmpstr (e->text, ==, "horse advances into hex 0508, vacated by its charge's target "
                   "(not its movement sequence)");
  assert_hex (game, "horse", 4, 5);
  g_assert_null (ph_game_get_figure_var (game, "horse", "advance"));
  /* and then no more: the charge was its movement sequence */
  g_assert_false (ph_game_plan_move (game, "horse", &plan, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_clear_error (&error);
  ph_test_check_save_load (game);
}

/* The advance is from contact: the hex the target left is beside the
 * cavalry, not a jump across the table (the referee moved the horse away
 * after its charge) */
static void
test_advance_from_contact (void)
{
  g_autoptr(PhScenario) proto = charge_scenario (charge_open_units);
  guint32 seed = ph_test_find_seed (proto, 1, 10000, charge_retreats, NULL);
  g_autoptr(PhScenario) s = ph_scenario_copy (proto);
  g_autoptr(PhGame) game = ph_game_new (s, seed);
  g_autoptr(PhFigure) away = NULL;
  g_autoptr(GError) error = NULL;

  ph_test_step (game, "charge", "figure=horse", "target=musk", NULL);
  g_assert_cmpstr (ph_game_get_figure_var (game, "horse", "advance"), ==, "0508");
  away = ph_figure_copy (ph_test_figure (game, "horse"));
  away->x = ph_hex_to_point ((PhHex) { 4, 2 }, 1.0).x;
  away->y = ph_hex_to_point ((PhHex) { 4, 2 }, 1.0).y;
  g_assert_true (ph_game_referee_edit (game, "Move Anyway", &away, 1, &error));
  g_assert_no_error (error);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "horse is 3 hexes from hex 0508: it advances "
                  "into the vacated hex only from contact, beside it", "advance", "figure=horse",
                  NULL);
  /* back beside it, it may */
  g_assert_true (ph_game_undo (game, NULL));
  ph_test_step (game, "advance", "figure=horse", NULL);
  assert_hex (game, "horse", 4, 5);
}

/* "When a Drilled Foot unit is hit, it may be eligible to reduce damage
 * dealt by one or more points by withdrawing one or more hexes, up to a
 * maximum of its marching movement"; "Unlike Loose Foot, Skirmishing Foot
 * can withdraw". A point for each hex; marching movement, the middle of
 * the rate (DF 2/3/4: 3 hexes). */
static const Unit withdraw_units[] = {
  { "tercio", "spain", "flintlock-musket",
    "formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"0\" uhp=\"40\"", 4, 4 },
  { "loose", "spain", NULL, "formation=\"LF\" men=\"60\" attack-throw=\"10\" ac=\"0\"", 4, 7 },
  { "nassau", "dutch", "flintlock-musket",
    "formation=\"DF\" men=\"120\" attack-throw=\"20\" ac=\"0\"", 6, 4 },
  { NULL }
};

static gboolean
three_damage_or_more (PhGame  *game,
                      gpointer data)
{
  return ph_test_try (game, "shoot", "figure=nassau", "target=tercio", NULL)
         && ph_game_get_figure_var_int (game, "tercio", "fire-damage", 0) >= 3;
}

static void
test_withdraw (void)
{
  g_autoptr(PhScenario) proto = load_units (withdraw_units, NULL);
  guint32 seed = ph_test_find_seed (proto, 1, 10000, three_damage_or_more, NULL);
  g_autoptr(PhScenario) s = ph_scenario_copy (proto);
  g_autoptr(PhGame) game = ph_game_new (s, seed);
  const PhEvent *e;
  int damage, uhp;

  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "has taken no firearm damage this turn",
                  "withdraw", "figure=tercio", "hex=0306", NULL);
  {
    const PhGameActionInfo *withdraw = ph_game_find_action (game, "withdraw");

    g_assert_null (strstr (withdraw->help, "q,r"));
    g_assert_nonnull (strstr (withdraw->help, "a hex (0306, as the map prints it)"));
    g_assert_cmpstr (withdraw->args[1].name, ==, "hex");
    /* q and r are the command line's */
    g_assert_true (withdraw->args[2].command_line_only && withdraw->args[3].command_line_only);
  }
  ph_test_step (game, "shoot", "figure=nassau", "target=tercio", NULL);
  damage = ph_game_get_figure_var_int (game, "tercio", "fire-damage", 0);
  uhp = stats_of (game, "tercio")->uhp;
  g_assert_cmpint (damage, >=, 3);
  /* the hex as the map prints it, as every other action takes it (or
   * where a drag on the map drops it, x and y) */
  ph_test_refuse (game, PH_GAME_ERROR_BAD_ACTION, "give the hex tercio withdraws to, as the "
                  "map prints it (hex=0306)", "withdraw", "figure=tercio", NULL);
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "loose is Loose Foot: only Drilled and Skirmishing "
                  "Foot withdraw", "withdraw", "figure=loose", "q=4", "r=8", NULL);
  /* (0,4): the 1st column, centre at y = 4.5, the 5th hex */
  ph_test_refuse (game, PH_GAME_ERROR_NOT_NOW, "withdraws 1 to 3 hexes, its marching "
                  "movement (movement rate 2/3/4: 2 hexes in combat, 3 marching, 4 running): "
                  "hex 0105 is 4 away",
                  "withdraw", "figure=tercio", "hex=0105", NULL);
  /* two hexes back: two points of the damage taken back */
  e = ph_test_step (game, "withdraw", "figure=tercio", "hex=0306", NULL);
  g_test_message ("%s", e->text);
  /* (2,4): the 3rd column, centre at y = 4 + 1 + 1/2 = 5.5, the 6th hex */
  ph_test_assert_log_contains (e, "tercio withdraws 2 hexes to hex 0306: 2 points of the damage "
                               "taken back");
  g_assert_cmpint (stats_of (game, "tercio")->uhp, ==, uhp + 2);
  g_assert_cmpint (ph_game_get_figure_var_int (game, "tercio", "fire-damage", 0), ==, damage - 2);
}

/* Where a unit goes, in words: on a table without hexes a point is told
 * by the ground the map names, or on the table, never as "12.5,3" */
static void
test_point_words (void)
{
  static const char *const terrain[] = {
    "<terrain><feature id=\"hallow_wood\" kind=\"woods\" name=\"Hallow Wood\">"
    "<polygon points=\"24,2 34,2 36,10 26,12\"/></feature></terrain>",
    ""
  };

  for (guint i = 0; i < G_N_ELEMENTS (terrain); i++)
    {
      g_autofree char *xml = g_strdup_printf (
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"guns-of-war\">\n"
        "  <title>Open ground</title>\n"
        "  <table width=\"40\" height=\"32\" unit=\"in\"/>\n"
        "  %s\n"
        "  <sides><side id=\"spain\" name=\"Spain\" color=\"#b03a2e\"/></sides>\n"
        "  <figures><figure id=\"tercio\" name=\"Tercio\" side=\"spain\" x=\"5\" y=\"5\">"
        "<guns-of-war " TARGET_STATS "/></figure></figures>\n"
        "</scenario>\n", terrain[i]);
      g_autoptr(PhScenario) s = ph_test_load_xml (xml, -1, "gow-open.xml");
      g_autoptr(PhGame) game = ph_game_new (s, 1);
      const PhEvent *e;

      if (i == 0)
        {
          /* in the wood; north-east of it (from the middle of its box,
           * 30,7); the movement sequence says the same */
          e = ph_test_step (game, "move", "figure=tercio", "x=30", "y=6", "forced=true", NULL);
          g_assert_cmpstr (e->text, ==, "Tercio is moved to a point in Hallow Wood (a retreat or "
                           "withdrawal, not its movement sequence)");
          e = ph_test_step (game, "move", "figure=tercio", "x=38", "y=1", NULL);
          g_assert_cmpstr (e->text, ==, "Tercio moves to a point north-east of Hallow Wood");
        }
      else
        {
          e = ph_test_step (game, "move", "figure=tercio", "x=2", "y=2.5", NULL);
          g_assert_cmpstr (e->text, ==, "Tercio moves to a point in the north-west of the table");
        }
    }
}

/* Words, not codes: a turn and a half played through, every sentence
 * the player reads (the log, the dice's purposes, the turn bar, the
 * refusals, a drag's label) checked for the file's terms: "uhp", a
 * formation's code ("(FF)", "is LF"), "q,r" and a point's coordinates
 * ("3,2 in hex 0402", "(12.5, 3.0)"); over many seeds, so that the
 * retreats, routs, advances and withdrawals all speak */
static const Unit words_units[] = {
  { "tercio", "spain", "flintlock-musket",
    "formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"0\" uhp=\"24\"", 4, 4 },
  { "pikes", "spain", NULL, "formation=\"FF\" men=\"60\" attack-throw=\"10\" ac=\"4\"", 2, 8 },
  { "loose", "spain", NULL, "formation=\"LF\" men=\"60\" attack-throw=\"10\" ac=\"2\"", 2, 11 },
  { "musk", "spain", "flintlock-musket",
    "formation=\"DF\" men=\"60\" attack-throw=\"10\" ac=\"2\" morale=\"-3\"", 10, 5 },
  { "nassau", "dutch", "flintlock-musket",
    "formation=\"DF\" men=\"120\" attack-throw=\"4\" ac=\"0\"", 6, 4 },
  { "horse", "dutch", NULL, "formation=\"LF\" men=\"30\" attack-throw=\"10\" ac=\"4\"", 10, 4 },
  { "militia", "dutch", "matchlock-musket",
    "formation=\"UF\" men=\"60\" attack-throw=\"10\" ac=\"0\" uhp=\"20\"", 12, 12 },
  { NULL }
};

typedef struct
{
  GPtrArray *said;     /* every sentence, for the checks */
  guint damaged, retreated, advanced, withdrew;
} Heard;

static void
hear (Heard      *heard,
      const char *text)
{
  if (text != NULL && *text != '\0')
    g_ptr_array_add (heard->said, g_strdup (text));
}

/* Performs @action (NULL-ended "name=value" arguments), hearing what it
 * logs, rolls and leaves the turn bar saying, or its refusal */
static gboolean
words_try (PhGame     *game,
           Heard      *heard,
           const char *action,
           ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *describe = NULL;
  const char *arg;
  va_list ap;

  va_start (ap, action);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  if (!ph_game_perform_argv (game, action, (const char * const *) args->pdata, &error))
    {
      hear (heard, error->message);
      return FALSE;
    }
  {
    const PhEvent *e = ph_test_last_event (game);

    hear (heard, e->text);
    for (guint i = 0; i < e->rolls->len; i++)
      hear (heard, ((const PhRoll *) g_ptr_array_index (e->rolls, i))->purpose);
  }
  describe = ph_game_describe (game);
  hear (heard, describe);
  return TRUE;
}

/* Withdraws @unit a hex or two from where it stands, to the first free
 * hex that takes it */
static void
words_withdraw (PhGame *game,
                Heard  *heard,
                const char *id)
{
  PhFigure *unit = ph_test_figure (game, id);
  PhHex from = ph_hex_from_point ((PhPoint) { unit->x, unit->y }, 1.0);
  static const PhHex steps[] = { { -1, 0 }, { -1, 1 }, { 0, 1 }, { 0, -1 }, { 1, 0 }, { 1, -1 } };

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      char name[PH_HEX_NAME_SIZE];
      g_autofree char *hex = g_strdup_printf ("hex=%s",
                                              ph_hex_name ((PhHex) { from.q + steps[i].q,
                                                                     from.r + steps[i].r }, name));
      g_autofree char *figure = g_strdup_printf ("figure=%s", id);

      if (words_try (game, heard, "withdraw", figure, hex, NULL))
        {
          heard->withdrew++;
          return;
        }
    }
}

static void
words_turn (guint32  seed,
            Heard   *heard)
{
  g_autoptr(PhScenario) s = load_units (words_units, NULL);
  g_autoptr(PhGame) game = NULL;
  PhMovePlan plan;
  PhMoveCost cost;
  g_autoptr(GError) error = NULL;

  ph_scenario_find_figure (s, "horse")->mounted = TRUE;
  game = ph_game_new (s, seed);
  hear (heard, ph_game_get_event (game, 0)->text);

  /* fire, and what follows it */
  if (words_try (game, heard, "shoot", "figure=nassau", "target=tercio", NULL)
      && ph_game_get_figure_var_int (game, "tercio", "fire-damage", 0) > 0)
    {
      heard->damaged++;
      if (!(ph_test_figure (game, "tercio")->status & (PH_STATUS_FLED | PH_STATUS_DEAD)))
        words_withdraw (game, heard, "tercio");
    }
  /* the charge, and what follows it */
  words_try (game, heard, "charge", "figure=horse", "target=musk", NULL);
  if (ph_game_get_figure_var (game, "musk", "shock") != NULL
      && g_strcmp0 (ph_game_get_figure_var (game, "musk", "shock"), "stood") != 0)
    heard->retreated++;
  if (ph_game_get_figure_var (game, "horse", "advance") != NULL)
    {
      if (seed % 2 == 0 && words_try (game, heard, "advance", "figure=horse", NULL))
        heard->advanced++;
      else
        words_try (game, heard, "stay", "figure=horse", NULL);
    }
  /* refusals, each in the player's words */
  words_try (game, heard, "charge", "figure=horse", "target=pikes", NULL);
  words_try (game, heard, "move", "figure=horse", "hex=1008", NULL);
  words_try (game, heard, "stand", "figure=nassau", NULL);
  words_try (game, heard, "withdraw", "figure=loose", "hex=0311", NULL);
  words_try (game, heard, "withdraw", "figure=pikes", NULL);
  words_try (game, heard, "ready", "figure=militia", NULL);
  words_try (game, heard, "shoot", "figure=nassau", "target=militia", "secured=true", NULL);
  words_try (game, heard, "shoot", "figure=pikes", "target=nassau", NULL);
  words_try (game, heard, "move", "figure=pikes", "hex=0305", NULL);
  words_try (game, heard, "move", "figure=militia", "hex=1313", "forced=false", NULL);
  /* a move to a point off a hex's centre, a forced one, a stand */
  words_try (game, heard, "move", "figure=loose", "x=3.3", "y=10.2", NULL);
  words_try (game, heard, "move", "figure=militia", "x=12.6", "y=15.1", "forced=true", NULL);
  words_try (game, heard, "stand", "figure=pikes", NULL);
  /* a drag onto a held hex: its label */
  if (ph_game_plan_move (game, "militia", &plan, &error))
    {
      PhFigure *nassau = ph_test_figure (game, "nassau");
      g_autofree char *label = NULL;

      ph_game_move_cost (game, "militia", &plan, (PhPoint) { nassau->x, nassau->y }, &cost);
      label = ph_game_describe_move (game, &plan, &cost);
      hear (heard, label);
      hear (heard, plan.note);
      ph_move_plan_clear (&plan);
    }
  g_clear_error (&error);
  words_try (game, heard, "end-turn", NULL);
  /* the next turn: Formed Foot charged, a referee's shock roll */
  words_try (game, heard, "charge", "figure=horse", "target=pikes", NULL);
  words_try (game, heard, "shock-roll", "figure=musk", "modifier=1", NULL);
  words_try (game, heard, "shoot", "figure=militia", "target=tercio", NULL);
  words_try (game, heard, "end-turn", NULL);
}

static void
test_words_not_codes (void)
{
  g_autoptr(GRegex) uhp = g_regex_new ("\\buhp\\b", G_REGEX_CASELESS, 0, NULL);
  g_autoptr(GRegex) code = g_regex_new ("\\b(DF|SF|UF|FF|LF|IF)\\b", 0, 0, NULL);
  g_autoptr(GRegex) qr = g_regex_new ("\\bq\\s*,\\s*r\\b", G_REGEX_CASELESS, 0, NULL);
  /* "3,2", "12.5, 3.0", "(12 ; 3)": a dice list reads "rolled 12, 7",
   * whole numbers after a comma and a space, and is no point */
  g_autoptr(GRegex) point = g_regex_new ("-?\\d+(\\.\\d+)?,-?\\d|\\d\\.\\d+\\s*[,;]\\s*-?\\d"
                                         "|\\(\\s*-?\\d+(\\.\\d+)?\\s*[,;]\\s*-?\\d+(\\.\\d+)?\\s*\\)",
                                         0, 0, NULL);
  Heard heard = { g_ptr_array_new_with_free_func (g_free) };
  GRegex *checks[] = { uhp, code, qr, point };
  guint checked = 0;

  for (guint32 seed = 1; seed <= 40; seed++)
    words_turn (seed, &heard);
  /* and the Game tab's words for each action and what it asks (not the
   * command line's other ways, q and r) */
  {
    g_autoptr(PhScenario) sc = load_units (words_units, NULL);
    g_autoptr(PhGame) game = ph_game_new (sc, 1);

    for (const PhGameActionInfo *info = ph_game_get_rules (game)->actions; info->name; info++)
      {
        hear (&heard, info->label);
        hear (&heard, info->help);
        for (const PhGameArg *arg = info->args; arg != NULL && arg->name != NULL; arg++)
          if (!arg->command_line_only)
            {
              hear (&heard, arg->help);
              hear (&heard, arg->label);
            }
      }
  }
  g_test_message ("%u sentences: %u damaged, %u retreats or routs, %u advances, %u withdrawals",
                  heard.said->len, heard.damaged, heard.retreated, heard.advanced, heard.withdrew);
  /* every path spoke */
  g_assert_cmpuint (heard.damaged, >, 0);
  g_assert_cmpuint (heard.retreated, >, 0);
  g_assert_cmpuint (heard.advanced, >, 0);
  g_assert_cmpuint (heard.withdrew, >, 0);
  for (guint i = 0; i < heard.said->len; i++)
    {
      const char *text = g_ptr_array_index (heard.said, i);

      for (guint c = 0; c < G_N_ELEMENTS (checks); c++)
        if (g_regex_match (checks[c], text, 0, NULL))
          g_error ("a file's term in what the player reads (/%s/): %s",
                   g_regex_get_pattern (checks[c]), text);
      checked++;
    }
  /* the words themselves, where the codes were */
  {
    gboolean hit_points = FALSE, formed = FALSE, off_centre = FALSE, barred = FALSE;

    for (guint i = 0; i < heard.said->len; i++)
      {
        const char *text = g_ptr_array_index (heard.said, i);

        hit_points |= strstr (text, "hit points of tercio") != NULL;
        formed |= strstr (text, "pikes is Formed Foot: not shocked by cavalry") != NULL;
        /* (3, 8), 3 hexes from (2, 11) */
        off_centre |= strstr (text, "loose moves 3 hexes to hex 0410, off its centre") != NULL;
        barred |= strstr (text, "hex held by nassau") != NULL;
      }
    g_assert_true (hit_points);
    g_assert_true (formed);
    g_assert_true (off_centre);
    g_assert_true (barred);
  }
  g_assert_cmpuint (checked, >, 40 * 20);
  g_ptr_array_unref (heard.said);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/guns-of-war/start", test_start);
  g_test_add_func ("/game/guns-of-war/start-clears-markers", test_start_clears_markers);
  g_test_add_func ("/game/guns-of-war/reload-tokens", test_reload_tokens);
  g_test_add_func ("/game/guns-of-war/refusals", test_refusals);
  g_test_add_func ("/game/guns-of-war/attacks-and-hits", test_attacks_and_hits);
  g_test_add_func ("/game/guns-of-war/musket-fork", test_musket_fork);
  g_test_add_func ("/game/guns-of-war/shock/smoke-and-thunder", test_shock_smoke_and_thunder);
  g_test_add_func ("/game/guns-of-war/shock/lamentations", test_shock_lamentations);
  g_test_add_func ("/game/guns-of-war/shock/roll", test_shock_roll_action);
  g_test_add_func ("/game/guns-of-war/shock/options", test_shock_options);
  g_test_add_func ("/game/guns-of-war/destroyed", test_destroyed);
  g_test_add_func ("/game/guns-of-war/drag-move", test_drag_move);
  g_test_add_func ("/game/guns-of-war/drop-on-held-hex", test_drop_on_held_hex);
  g_test_add_func ("/game/guns-of-war/mounted-move", test_mounted_move);
  g_test_add_func ("/game/guns-of-war/turn-order", test_turn_order);
  g_test_add_func ("/game/guns-of-war/secured-and-charge", test_secured_and_charge);
  g_test_add_func ("/game/guns-of-war/withdraw", test_withdraw);
  g_test_add_func ("/game/guns-of-war/point-words", test_point_words);
  g_test_add_func ("/game/guns-of-war/words-not-codes", test_words_not_codes);
  g_test_add_func ("/game/guns-of-war/charge/retreat-and-advance", test_charge_retreat_and_advance);
  g_test_add_func ("/game/guns-of-war/charge/retreat-through-friends",
                   test_charge_retreat_through_friends);
  g_test_add_func ("/game/guns-of-war/charge/retreat-blocked", test_charge_retreat_blocked);
  g_test_add_func ("/game/guns-of-war/charge/reach", test_charge_reach);
  g_test_add_func ("/game/guns-of-war/charge/advance-from-contact", test_advance_from_contact);
  g_test_add_func ("/game/guns-of-war/charge/drag-advance", test_drag_advance);

  return g_test_run ();
}
