/* test-game.c: the game's log: dice, events, undo, replay, save and load
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The framework is checked with the dice tray and with a small ruleset of
 * its own (below), so that these tests do not depend on any of the five
 * rulesets' game modules.
 */
#include <string.h>

#include "ph-core.h"
#include "ph-game-private.h"
#include "ph-test-util.h"
#include "ph-test-ruleset.h"

static const char *scenario_xml =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
  "  <title>Game test</title>\n"
  "  <table width=\"48\" height=\"48\"/>\n"
  "  <sides>\n"
  "    <side id=\"red\" name=\"Red\" color=\"#b03a2e\"/>\n"
  "    <side id=\"blue\" name=\"Blue\" color=\"#2e5fa8\"/>\n"
  "  </sides>\n"
  "  <figures>\n"
  "    <figure id=\"smith\" side=\"red\" x=\"10\" y=\"10\"><weapon kind=\"musket\"/></figure>\n"
  "    <figure id=\"otter\" side=\"blue\" x=\"30\" y=\"10\" facing=\"270\"/>\n"
  "  </figures>\n"
  "</scenario>\n";

/* A ruleset of the test's own: "step" moves a figure one inch right and
 * counts steps; "stumble" does the same, rolls a die and then fails. */
static gboolean
step (PhGame      *game,
      GHashTable  *args,
      gboolean     stumble,
      GError     **error)
{
  const char *id = g_hash_table_lookup (args, "figure");
  PhFigure *figure = id != NULL ? ph_scenario_find_figure (ph_game_get_scenario (game), id) : NULL;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  int steps;

  if (figure == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION, "no such figure");
      return FALSE;
    }
  steps = ph_game_get_figure_var_int (game, id, "steps", 0) + 1;
  ph_game_set_figure_var_int (game, id, "steps", steps);
  if (!ph_game_set_figure_attr (game, id, "x", g_ascii_dtostr (buf, sizeof buf, figure->x + 1), error))
    return FALSE;
  ph_game_set_status (game, id, PH_STATUS_MOVED, TRUE);
  ph_game_set_event_figure (game, id);
  ph_game_log (game, "%s steps right (step %d)", id, steps);
  if (stumble)
    {
      ph_game_roll (game, 1, 6, id, "stumble");
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, "%s stumbles", id);
      return FALSE;
    }
  return TRUE;
}

static gboolean
test_start (PhGame  *game,
            GError **error)
{
  ph_game_set_var_int (game, "turn", 1);
  return TRUE;
}

/* "volley": a die rolled, and kept: an action that succeeds with dice */
static gboolean
test_volley (PhGame      *game,
             GHashTable  *args,
             GError     **error)
{
  const PhRoll *roll = ph_game_roll (game, 1, 6, NULL, "volley");

  ph_game_log (game, "volley: %d", roll->total);
  return TRUE;
}

static gboolean
test_step (PhGame      *game,
           GHashTable  *args,
           GError     **error)
{
  return step (game, args, FALSE, error);
}

static gboolean
test_stumble (PhGame      *game,
              GHashTable  *args,
              GError     **error)
{
  return step (game, args, TRUE, error);
}

static const PhGameArg figure_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { NULL }
};

/* "probe" logs the arguments its handler is given, sorted */
static gboolean
test_probe (PhGame      *game,
            GHashTable  *args,
            GError     **error)
{
  g_autoptr(GList) keys = g_list_sort (g_hash_table_get_keys (args), (GCompareFunc) strcmp);
  g_autoptr(GString) text = g_string_new ("probe");

  for (GList *k = keys; k != NULL; k = k->next)
    g_string_append_printf (text, " %s=%s", (const char *) k->data,
                            (const char *) g_hash_table_lookup (args, k->data));
  ph_game_log (game, "%s", text->str);
  return TRUE;
}

/* "salute": only otter salutes (a refusal for a bad argument, as some
 * rulesets word theirs), a number of times */
static gboolean
test_salute (PhGame      *game,
             GHashTable  *args,
             GError     **error)
{
  const char *times = g_hash_table_lookup (args, "times");

  if (times == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION, "missing argument 'times'");
      return FALSE;
    }
  if (g_strcmp0 (g_hash_table_lookup (args, "figure"), "otter") != 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION, "only otter salutes");
      return FALSE;
    }
  ph_game_log (game, "otter salutes %s times", times);
  return TRUE;
}

static const PhGameArg salute_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "target", PH_GAME_ARG_TARGET },
  { "times", PH_GAME_ARG_NUMBER },
  { NULL }
};

static const char * const mode_choices[] = { "fast", "slow", NULL };

static const PhGameArg probe_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "target", PH_GAME_ARG_TARGET, TRUE },
  { "shots", PH_GAME_ARG_NUMBER, TRUE },
  { "mode", PH_GAME_ARG_CHOICE, FALSE, mode_choices },
  { "careful", PH_GAME_ARG_BOOL, TRUE },
  { "side", PH_GAME_ARG_SIDE, TRUE },
  { "note", PH_GAME_ARG_TEXT, TRUE },
  { "paces", PH_GAME_ARG_NUMBER, TRUE, NULL, "how far, in paces" },
  { "weapon", PH_GAME_ARG_WEAPON, TRUE },
  { NULL }
};

static const PhGameActionInfo test_actions[] = {
  { "step", "Step", figure_args, "one inch to the right", test_step },
  { "stumble", "Stumble", figure_args, "a step that fails", test_stumble },
  { "probe", "Probe", probe_args, "logs its arguments", test_probe },
  { "salute", "Salute", salute_args, "otter salutes", test_salute },
  { "volley", "Volley", NULL, "a die", test_volley },
  { NULL }
};

static const PhGameRules test_rules = {
  test_actions, test_start, NULL,
};

static PhScenario *
load (const char *xml)
{
  return ph_test_load_xml (xml, -1, "game-test.xml");
}

static PhGame *
new_test_game (PhScenario *s,
               guint32     seed)
{
  PhGame *game = ph_game_new_empty (s, seed);

  game->rules = &test_rules;
  return game;
}

static void
perform (PhGame     *game,
         const char *action,
         const char *figure)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *arg = g_strconcat ("figure=", figure, NULL);
  const char *args[] = { arg, NULL };

  g_assert_true (ph_game_perform_argv (game, action, args, &error));
  g_assert_no_error (error);
}

static void
test_tray (void)
{
  g_autoptr(PhScenario) s = load (scenario_xml);
  g_autoptr(PhGame) game = new_test_game (s, 1758);
  g_autoptr(GError) error = NULL;
  const PhEvent *event;
  const PhRoll *roll;
  int first[3];

  g_assert_true (ph_game_roll_tray (game, "3d6+2", "volley", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ph_game_get_n_events (game), ==, 1);
  event = ph_game_get_event (game, 0);
  g_assert_cmpstr (event->kind, ==, "dice");
  roll = ph_test_roll (event, 0);
  g_assert_cmpint (roll->n, ==, 3);
  g_assert_cmpint (roll->sides, ==, 6);
  for (int i = 0; i < 3; i++)
    {
      g_assert_cmpint (roll->values[i], >=, 1);
      g_assert_cmpint (roll->values[i], <=, 6);
      first[i] = roll->values[i];
    }
  g_assert_cmpint (roll->total, ==, first[0] + first[1] + first[2]);
  {
    /* the log line shows the dice apart from the modifier, and the sum */
    g_autofree char *expect = g_strdup_printf ("Dice tray, volley: 3d6 (%d, %d, %d) + 2 = %d",
                                               first[0], first[1], first[2], roll->total + 2);
    g_assert_cmpstr (event->text, ==, expect);
  }

  /* undo rewinds the dice: the same roll comes again */
  g_assert_true (ph_game_undo (game, &error));
  g_assert_cmpuint (ph_game_get_position (game), ==, 0);
  g_assert_true (ph_game_roll_tray (game, "3d6", NULL, &error));
  roll = ph_test_roll (ph_game_get_event (game, 0), 0);
  for (int i = 0; i < 3; i++)
    g_assert_cmpint (roll->values[i], ==, first[i]);
  /* ...and the new roll replaced the undone one */
  g_assert_cmpuint (ph_game_get_n_events (game), ==, 1);
  {
    g_autofree char *expect = g_strdup_printf ("Dice tray: 3d6 (%d, %d, %d) = %d",
                                               first[0], first[1], first[2], roll->total);

    g_assert_cmpstr (ph_game_get_event (game, 0)->text, ==, expect);
  }

  /* one die: "d20 rolled 11"; with a modifier, the die apart */
  g_assert_true (ph_game_roll_tray (game, "d20", "pikes", &error));
  roll = ph_test_roll (ph_game_get_event (game, 1), 0);
  {
    g_autofree char *expect = g_strdup_printf ("Dice tray, pikes: d20 rolled %d", roll->total);

    g_assert_cmpstr (ph_game_get_event (game, 1)->text, ==, expect);
  }
  g_assert_true (ph_game_roll_tray (game, "d6-1", NULL, &error));
  roll = ph_test_roll (ph_game_get_event (game, 2), 0);
  {
    g_autofree char *expect = g_strdup_printf ("Dice tray: d6 (%d) - 1 = %d",
                                               roll->values[0], roll->total - 1);

    g_assert_cmpstr (ph_game_get_event (game, 2)->text, ==, expect);
  }
}

static void
test_tray_bad (void)
{
  g_autoptr(PhScenario) s = load (scenario_xml);
  g_autoptr(PhGame) game = new_test_game (s, 1);
  const char *bad[] = { "", "d", "d1", "0d6", "101d6", "2d6+", "2x6", "d6 6", "d1001", "-d6" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (ph_game_roll_tray (game, bad[i], NULL, &error));
      g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION);
    }
  g_assert_cmpuint (ph_game_get_n_events (game), ==, 0);
}

static void
test_same_seed_same_dice (void)
{
  g_autoptr(PhScenario) a = load (scenario_xml);
  g_autoptr(PhScenario) b = load (scenario_xml);
  g_autoptr(PhGame) ga = new_test_game (a, 42);
  g_autoptr(PhGame) gb = new_test_game (b, 42);

  for (int i = 0; i < 20; i++)
    {
      const PhRoll *ra, *rb;

      g_assert_true (ph_game_roll_tray (ga, "d100", NULL, NULL));
      g_assert_true (ph_game_roll_tray (gb, "d100", NULL, NULL));
      ra = ph_test_roll (ph_game_get_event (ga, i), 0);
      rb = ph_test_roll (ph_game_get_event (gb, i), 0);
      g_assert_cmpint (ra->total, ==, rb->total);
    }
}

static void
test_undo_redo_changes (void)
{
  g_autoptr(PhScenario) s = load (scenario_xml);
  g_autoptr(PhGame) game = new_test_game (s, 7);
  g_autofree char *before = ph_test_game_state (game);
  g_autofree char *after_one = NULL;
  g_autofree char *after_two = NULL;
  PhFigure *smith = ph_scenario_find_figure (s, "smith");

  perform (game, "step", "smith");
  after_one = ph_test_game_state (game);
  g_assert_cmpfloat (smith->x, ==, 11);
  g_assert_true (smith->status & PH_STATUS_MOVED);
  g_assert_cmpint (ph_game_get_figure_var_int (game, "smith", "steps", 0), ==, 1);
  g_assert_cmpstr (ph_game_get_event (game, 0)->text, ==, "smith steps right (step 1)");
  g_assert_cmpstr (ph_game_get_event (game, 0)->figure, ==, "smith");

  perform (game, "step", "smith");
  after_two = ph_test_game_state (game);
  g_assert_cmpfloat (smith->x, ==, 12);

  g_assert_true (ph_game_undo (game, NULL));
  {
    g_autofree char *now = ph_test_game_state (game);
    g_assert_cmpstr (now, ==, after_one);
  }
  g_assert_true (ph_game_undo (game, NULL));
  {
    g_autofree char *now = ph_test_game_state (game);
    g_assert_cmpstr (now, ==, before);
  }
  g_assert_false (smith->status & PH_STATUS_MOVED);
  g_assert_null (ph_game_get_figure_var (game, "smith", "steps"));
  g_assert_false (ph_game_undo (game, NULL));

  /* replay forward to the end and back to one step */
  g_assert_true (ph_game_seek (game, 2, NULL));
  {
    g_autofree char *now = ph_test_game_state (game);
    g_assert_cmpstr (now, ==, after_two);
  }
  g_assert_true (ph_game_seek (game, 1, NULL));
  {
    g_autofree char *now = ph_test_game_state (game);
    g_assert_cmpstr (now, ==, after_one);
  }
  g_assert_false (ph_game_seek (game, 3, NULL));
}

/* The variables set now, sorted; undo removes what the step added */
static void
assert_vars (PhGame     *game,
             const char *expected)
{
  g_autoptr(GPtrArray) names = ph_game_list_vars (game);
  g_autofree char *joined = NULL;

  g_ptr_array_add (names, NULL);
  joined = g_strjoinv (" ", (char **) names->pdata);
  g_assert_cmpstr (joined, ==, expected);
}

static void
test_list_vars (void)
{
  g_autoptr(PhScenario) s = load (scenario_xml);
  g_autoptr(PhGame) game = new_test_game (s, 7);

  assert_vars (game, "");
  perform (game, "step", "smith");
  assert_vars (game, "smith:steps");
  perform (game, "step", "otter");
  assert_vars (game, "otter:steps smith:steps");
  g_assert_true (ph_game_undo (game, NULL));
  assert_vars (game, "smith:steps");
  g_assert_true (ph_game_redo (game, NULL));
  assert_vars (game, "otter:steps smith:steps");
  g_assert_true (ph_game_seek (game, 0, NULL));
  assert_vars (game, "");
}

static void
test_failed_action_changes_nothing (void)
{
  g_autoptr(PhScenario) s = load (scenario_xml);
  g_autoptr(PhGame) game = new_test_game (s, 7);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = ph_test_game_state (game);
  g_autofree char *after = NULL;
  const char *args[] = { "figure=smith", NULL };
  int expected;

  /* what the next d6 will be */
  g_assert_true (ph_game_roll_tray (game, "d6", NULL, NULL));
  expected = ph_test_roll (ph_game_get_event (game, 0), 0)->total;
  g_assert_true (ph_game_undo (game, NULL));

  g_assert_false (ph_game_perform_argv (game, "stumble", args, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  after = ph_test_game_state (game);
  g_assert_cmpstr (after, ==, before);
  /* the undone tray roll is still there to redo: a refused action does not
   * even forget the redo steps */
  g_assert_cmpuint (ph_game_get_n_events (game), ==, 1);
  g_assert_cmpuint (ph_game_get_position (game), ==, 0);
  g_clear_error (&error);

  /* the failed action's die was given back */
  g_assert_true (ph_game_roll_tray (game, "d6", NULL, NULL));
  g_assert_cmpint (ph_test_roll (ph_game_get_event (game, 0), 0)->total,
                   ==, expected);

  /* unknown actions and malformed arguments */
  g_assert_false (ph_game_perform_argv (game, "dance", args, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION);
  g_clear_error (&error);
  {
    const char *bad[] = { "smith", NULL };

    g_assert_false (ph_game_perform_argv (game, "step", bad, &error));
    g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION);
  }
}

/* A dry run: the rules' answer without a trace (state, log, redo steps,
 * dice); a missing required argument is let through when asked */
static void
test_try (void)
{
  g_autoptr(PhScenario) s = load (scenario_xml);
  g_autoptr(PhGame) game = new_test_game (s, 7);
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  int expected;

  g_assert_true (ph_game_roll_tray (game, "d6", NULL, NULL));
  expected = ph_test_roll (ph_game_get_event (game, 0), 0)->total;
  g_assert_true (ph_game_undo (game, NULL));
  before = ph_test_game_state (game);

  g_hash_table_insert (args, "figure", "smith");
  g_assert_true (ph_game_try (game, "step", args, FALSE, &error));
  g_assert_no_error (error);
  g_assert_false (ph_game_try (game, "stumble", args, FALSE, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_assert_cmpstr (error->message, ==, "smith stumbles");
  g_clear_error (&error);
  after = ph_test_game_state (game);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpfloat (ph_scenario_find_figure (s, "smith")->x, ==, 10);
  g_assert_cmpuint (ph_game_get_n_events (game), ==, 1);
  g_assert_cmpuint (ph_game_get_position (game), ==, 0);

  /* "probe" needs a mode: refused as such, or let through */
  g_assert_false (ph_game_try (game, "probe", args, FALSE, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION);
  g_clear_error (&error);
  g_assert_true (ph_game_try (game, "probe", args, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (ph_game_try (game, "probe", args, TRUE, NULL));
  g_assert_false (ph_game_try (game, "dance", args, TRUE, &error));
  g_clear_error (&error);

  /* "times" left out is tried as 1: the rules' own refusal still shows
   * (smith may not salute), otter's salute is taken */
  g_hash_table_insert (args, "target", "otter");
  g_assert_false (ph_game_try (game, "salute", args, TRUE, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION);
  g_assert_cmpstr (error->message, ==, "only otter salutes");
  g_clear_error (&error);
  g_hash_table_insert (args, "figure", "otter");
  g_hash_table_insert (args, "target", "smith");
  g_assert_true (ph_game_try (game, "salute", args, TRUE, &error));
  g_assert_no_error (error);
  /* with a figure left out, a bad-argument refusal is let through
   * (smith may not salute, but whom he would salute is not known) */
  g_hash_table_insert (args, "figure", "smith");
  g_hash_table_remove (args, "target");
  g_assert_true (ph_game_try (game, "salute", args, TRUE, NULL));
  /* a try that succeeds with dice gives them back too */
  g_assert_true (ph_game_try (game, "volley", NULL, FALSE, NULL));
  g_assert_cmpuint (ph_game_get_n_events (game), ==, 1);
  g_assert_cmpuint (ph_game_get_position (game), ==, 0);

  /* the die the stumble rolled was given back */
  g_assert_true (ph_game_roll_tray (game, "d6", NULL, NULL));
  g_assert_cmpint (ph_test_roll (ph_game_get_event (game, 0), 0)->total, ==, expected);
}

/* Saves and loads the game through the scenario file's text */
static PhScenario *
round_trip (PhGame  *game,
            PhGame **loaded)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  PhScenario *copy;

  ph_game_store (game);
  xml = ph_scenario_to_xml (ph_game_get_scenario (game), NULL);
  copy = load (xml);
  *loaded = ph_game_load (copy, "game-test.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (*loaded);
  (*loaded)->rules = &test_rules;
  return copy;
}

static void
test_save_load (void)
{
  g_autoptr(PhScenario) s = load (scenario_xml);
  g_autoptr(PhGame) game = new_test_game (s, 99);
  g_autoptr(PhScenario) copy = NULL;
  g_autoptr(PhGame) loaded = NULL;
  g_autofree char *state = NULL;
  g_autofree char *loaded_state = NULL;

  perform (game, "step", "smith");
  g_assert_true (ph_game_roll_tray (game, "2d10", "morale", NULL));
  perform (game, "step", "otter");
  perform (game, "step", "smith");
  /* one step undone: it stays in the log for redo */
  g_assert_true (ph_game_undo (game, NULL));

  copy = round_trip (game, &loaded);
  state = ph_test_game_state (game);
  loaded_state = ph_test_game_state (loaded);
  /* the stored <game> differs only by having been stored; compare the
   * figures and variables */
  g_assert_cmpstr (loaded_state, ==, state);
  g_assert_cmpuint (ph_game_get_n_events (loaded), ==, 4);
  g_assert_cmpuint (ph_game_get_position (loaded), ==, 3);
  g_assert_cmpuint (ph_game_get_seed (loaded), ==, 99);
  g_assert_cmpstr (ph_game_get_figure_var (loaded, "smith", "steps"), ==, "1");
  g_assert_cmpstr (ph_game_get_event (loaded, 1)->text, ==,
                   ph_game_get_event (game, 1)->text);

  /* the next dice are the same in both */
  g_assert_true (ph_game_roll_tray (game, "d20", NULL, NULL));
  g_assert_true (ph_game_roll_tray (loaded, "d20", NULL, NULL));
  g_assert_cmpint (ph_test_roll (ph_game_get_event (game, 3), 0)->total, ==,
                   ph_test_roll (ph_game_get_event (loaded, 3), 0)->total);

  /* and replaying the loaded game to the start gives the original file */
  g_assert_true (ph_game_seek (loaded, 0, NULL));
  {
    g_autoptr(PhScenario) fresh = load (scenario_xml);
    g_autofree char *a = ph_scenario_to_xml (fresh, NULL);
    g_autofree char *b = NULL;

    g_clear_pointer (&copy->game_xml, g_free);
    b = ph_scenario_to_xml (copy, NULL);
    g_assert_cmpstr (a, ==, b);
  }
}

static void
test_load_mismatch (void)
{
  g_autoptr(PhScenario) s = load (scenario_xml);
  g_autoptr(PhGame) game = new_test_game (s, 5);
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autoptr(PhScenario) tampered = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  PhGame *loaded;

  perform (game, "step", "smith");
  ph_game_store (game);
  /* the figure was moved by hand after the game was saved */
  ph_scenario_find_figure (s, "smith")->x = 20;
  before = ph_scenario_to_xml (s, NULL);

  loaded = ph_game_load (s, "tampered.xml", &error);
  g_assert_null (loaded);
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_MISMATCH);
  g_assert_true (g_str_has_prefix (error->message, "tampered.xml:"));
  g_assert_nonnull (strstr (error->message, "smith's x is 20, the log says 11"));
  /* nothing of the scenario changed */
  after = ph_scenario_to_xml (s, NULL);
  g_assert_cmpstr (before, ==, after);

  /* and the file as a whole does not load */
  g_clear_error (&error);
  tampered = ph_scenario_load_data (before, strlen (before), "tampered.xml", &error);
  g_assert_null (tampered);
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "tampered.xml:15: <game>: the log does not match"));
  g_assert_nonnull (strstr (error->message, "smith's x is 20, the log says 11"));
}

/* The dice in a log must be the ones its seed rolls: a referee cannot edit
 * a bad roll away. */
static void
test_load_forged_dice (void)
{
  g_autoptr(PhScenario) s = load (scenario_xml);
  g_autoptr(PhGame) game = new_test_game (s, 1758);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (1758);
  g_autoptr(PhGame) loaded = NULL;
  const PhRoll *roll;
  g_autofree char *real = NULL;
  g_autofree char *forged_xml = NULL;
  g_auto(GStrv) parts = NULL;
  int third;

  g_assert_true (ph_game_roll_tray (game, "2d6", NULL, &error));
  g_assert_true (ph_game_roll_tray (game, "d6", NULL, &error));
  /* the seed's own stream, drawn here independently: the 2d6, then the d6 */
  g_rand_int_range (rand, 1, 7);
  g_rand_int_range (rand, 1, 7);
  third = g_rand_int_range (rand, 1, 7);
  roll = g_ptr_array_index (ph_game_get_event (game, 1)->rolls, 0);
  g_assert_cmpint (roll->values[0], ==, third);
  ph_game_store (game);

  /* unchanged: loads */
  loaded = ph_game_load (s, "dice.xml", &error);
  g_assert_no_error (error);
  g_clear_pointer (&loaded, ph_game_free);

  /* the last die turned to a six (or a five, if it was a six) */
  real = g_strdup_printf ("values=\"%d\"/>", third);
  parts = g_strsplit (s->game_xml, real, 2);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  forged_xml = g_strdup_printf ("%svalues=\"%d\"/>%s", parts[0], third == 6 ? 5 : 6, parts[1]);
  g_free (s->game_xml);
  s->game_xml = g_steal_pointer (&forged_xml);
  s->game_line = 30;
  loaded = ph_game_load (s, "dice.xml", &error);
  g_assert_null (loaded);
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_FORMAT);
  {
    g_autofree char *expected = g_strdup_printf ("dice.xml:35: <roll>: die %d is not what the "
                                                 "game's seed rolls there (%d): the log has been changed",
                                                 third == 6 ? 5 : 6, third);
    g_assert_cmpstr (error->message, ==, expected);
  }
}

static void
test_load_bad_format (void)
{
  const char *bad[][2] = {
    { "<game seed=\"x\" position=\"0\"/>", "attribute 'seed' must be a whole number" },
    { "<game seed=\"1\" position=\"2\"/>", "position 2 is past the 0 events" },
    { "<game seed=\"1\" position=\"1\">\n<event kind=\"dice\"><roll dice=\"2d6\" values=\"3\"/></event></game>",
      "2d6 needs 2 values" },
    { "<game seed=\"1\" position=\"1\">\n<event kind=\"dice\"><roll dice=\"1d6\" values=\"7\"/></event></game>",
      "'7' is not a face of a d6" },
    { "<game seed=\"1\" position=\"0\">\n<bogus/></game>", "unknown element <bogus>" },
    { "<game seed=\"1\" position=\"1\">\n<event kind=\"x\" figure=\"ghost\"/></game>",
      "<event>: 'figure' names a figure 'ghost' the scenario does not have" },
    { "<game seed=\"1\" position=\"1\">\n<event kind=\"x\"><roll figure=\"ghost\" dice=\"1d6\" values=\"1\"/></event></game>",
      "<roll>: 'figure' names a figure 'ghost' the scenario does not have" },
    { "<game seed=\"1\" position=\"1\">\n<event kind=\"x\"><set figure=\"ghost\" attr=\"x\" old=\"1\" new=\"2\"/></event></game>",
      "<set>: 'figure' names a figure 'ghost' the scenario does not have" },
    { "<game seed=\"1\" position=\"1\">\n<event kind=\"x\"><set var=\"ghost:steps\" new=\"1\"/></event></game>",
      "<set>: variable 'ghost:steps' names neither a figure 'ghost' nor a side 'steps' of the scenario" },
    { "<game seed=\"1\" position=\"1\">\n<event kind=\"x\"><set var=\"hand:green\" new=\"1\"/></event></game>",
      "<set>: variable 'hand:green' names neither a figure 'hand' nor a side 'green' of the scenario" },
    { "<game seed=\"1\" position=\"1\">\n<event kind=\"x\"><draw sides=\"52\" value=\"52\"/><draw sides=\"52\" value=\"52\"/></event></game>",
      "<draw>: value 52 is not what the game's seed rolls there" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(PhScenario) s = load (scenario_xml);
      g_autoptr(GError) error = NULL;

      s->game_xml = g_strdup (bad[i][0]);
      s->game_line = 30;
      g_assert_null (ph_game_load (s, "bad.xml", &error));
      g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_FORMAT);
      g_assert_true (g_str_has_prefix (error->message, "bad.xml:3"));
      g_assert_nonnull (strstr (error->message, bad[i][1]));
    }
}

/* Per-figure and per-side variables of figures and sides that exist load;
 * an old value for a variable that was never set does not. */
static void
test_load_ids_and_old_values (void)
{
  g_autoptr(PhScenario) s = load (scenario_xml);
  g_autoptr(GError) error = NULL;
  PhGame *game;

  s->game_xml = g_strdup ("<game seed=\"1\" position=\"1\">\n<event kind=\"x\" figure=\"smith\">"
                          "<set var=\"smith:steps\" new=\"1\"/><set var=\"hand:red\" new=\"R:smith\"/>"
                          "</event></game>");
  s->game_line = 30;
  game = ph_game_load (s, "ok.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ph_game_get_var (game, "hand:red"), ==, "R:smith");
  ph_game_free (game);

  g_free (s->game_xml);
  s->game_xml = g_strdup ("<game seed=\"1\" position=\"1\">\n<event kind=\"x\">"
                          "<set var=\"turn\" old=\"5\" new=\"6\"/></event></game>");
  g_assert_null (ph_game_load (s, "old.xml", &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_MISMATCH);
  g_assert_cmpstr (error->message, ==, "old.xml:30: <game>: the log does not match the figures: "
                   "game variable 'turn' has an old value '5' before it was ever set");
}

/* A log that writes a value otherwise than the figure reads it ("11.0"
 * for 11) still matches it, at any position, and stores and loads back
 * (found by fuzzing: a log at its end was refused as "x is 11, the log
 * says 11.0"). */
static void
test_load_values_as_read (void)
{
  g_autoptr(PhScenario) s = load (scenario_xml);
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) again = NULL;
  g_autofree char *xml = NULL;
  PhGame *game;

  s->game_xml = g_strdup ("<game seed=\"1\" position=\"0\">\n<event kind=\"x\">"
                          "<set figure=\"smith\" attr=\"x\" old=\"10.0\" new=\"11.0\"/>"
                          "</event></game>");
  s->game_line = 30;
  game = ph_game_load (s, "values.xml", &error);
  g_assert_no_error (error);
  g_assert_true (ph_game_seek (game, 1, &error));
  g_assert_cmpfloat (ph_scenario_find_figure (s, "smith")->x, ==, 11);
  ph_game_store (game);
  ph_game_free (game);
  xml = ph_scenario_to_xml (s, NULL);
  again = ph_scenario_load_data (xml, strlen (xml), "values.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);
}

/* Every action's arguments are checked once, in one wording, before its
 * handler runs; a refused action leaves no step in the log */
static void
test_arguments (void)
{
  g_autoptr(PhScenario) s = load (scenario_xml);
  g_autoptr(PhGame) game = new_test_game (s, 1758);
  g_autofree char *format = ph_game_action_format_arguments (&test_actions[2]);
  static const struct
  {
    const char *args[4];
    const char *message;
  } refused[] = {
    { { "mode=fast" }, "probe needs argument 'figure' (a figure's id)" },
    { { "figure=smith" }, "probe needs argument 'mode' (fast|slow)" },
    { { "figure=smith", "mode=" }, "probe needs argument 'mode' (fast|slow)" },
    { { "figure=nobody", "mode=fast" }, "probe: argument 'figure': there is no figure 'nobody'" },
    { { "figure=smith", "mode=quick" },
      "probe: argument 'mode' must be one of fast, slow, not 'quick'" },
    { { "figure=smith", "mode=fast", "shots=two" },
      "probe: argument 'shots' must be a number, not 'two'" },
    { { "figure=smith", "mode=fast", "careful=maybe" },
      "probe: argument 'careful' must be true or false, not 'maybe'" },
    { { "figure=smith", "mode=fast", "side=green" },
      "probe: argument 'side': there is no side 'green'" },
    { { "figure=smith", "mode=fast", "target=red" },
      "probe: argument 'target': there is no figure 'red'" },
    { { "figure=smith", "mode=fast", "shot=2" },
      "probe takes no argument 'shot' (its arguments: figure [target] [shots=number] "
      "mode=fast|slow [careful=bool] [side] [note=text] [paces=number] [weapon=weapon])" },
    { { "figure=smith", "mode=fast", "weapon=rifle" },
      "probe: argument 'weapon': smith carries no weapon 'rifle' (0 musket)" },
    { { "figure=smith", "mode=fast", "weapon=1" },
      "probe: argument 'weapon': smith carries no weapon '1' (0 musket)" },
    { { "figure=otter", "mode=fast", "weapon=0" },
      "probe: argument 'weapon': otter carries no weapon '0' (none)" },
  };
  guint n_events;

  g_assert_cmpstr (format, ==, "figure [target] [shots=number] mode=fast|slow [careful=bool] "
                               "[side] [note=text] [paces=number] [weapon=weapon]");
  n_events = ph_game_get_n_events (game);
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (ph_game_perform_argv (game, "probe", refused[i].args, &error));
      g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION);
      g_assert_cmpstr (error->message, ==, refused[i].message);
      g_assert_cmpuint (ph_game_get_n_events (game), ==, n_events);
    }
  {
    g_autoptr(GError) error = NULL;
    const char *missing_help[] = { "figure=smith", "mode=fast", "paces=", "weapon=0", NULL };
    const char *args[] = { "figure=smith", "mode=slow", "careful=Yes", "shots=",
                           "note=", "side=blue", "target=otter", "weapon=musket", NULL };
    const PhEvent *event;

    /* an empty value is no value, but for text; flags read as true/false */
    g_assert_true (ph_game_perform_argv (game, "probe", missing_help, &error));
    g_assert_no_error (error);
    g_assert_true (ph_game_perform_argv (game, "probe", args, &error));
    g_assert_no_error (error);
    event = ph_game_get_event (game, ph_game_get_n_events (game) - 1);
    g_assert_cmpstr (event->text, ==,
                     "probe careful=true figure=smith mode=slow note= side=blue target=otter "
                     "weapon=0");
  }
}

/* A move made on the map lands where the pointer was: 12.34567890123456.
 * The position is kept to a thousandth of the unit, in the model, the
 * log and the file alike (x="12.346", not fourteen decimals), and the
 * saved game reopens and replays to the very same spot */
static void
test_move_rounded (void)
{
  g_autoptr(PhScenario) s = load (scenario_xml);
  g_autoptr(PhGame) game = new_test_game (s, 5);
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) copy = NULL;
  g_autoptr(PhGame) loaded = NULL;
  g_autofree char *xml = NULL;
  PhFigure *smith = ph_scenario_find_figure (s, "smith");
  g_autoptr(PhFigure) moved = ph_figure_copy (smith);
  PhFigure *edited[] = { moved };
  const PhFigure *again;
  const PhEvent *event;

  moved->x = 12.34567890123456;
  moved->y = 7.000000000000001;
  g_assert_true (ph_game_referee_edit (game, "Move Anyway", edited, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (smith->x, ==, 12.346);
  g_assert_cmpfloat (smith->y, ==, 7);
  event = ph_game_get_event (game, ph_game_get_position (game) - 1);
  g_assert_cmpuint (event->changes->len, ==, 2);
  g_assert_cmpstr (((PhChange *) g_ptr_array_index (event->changes, 0))->new_value, ==, "12.346");
  g_assert_cmpstr (((PhChange *) g_ptr_array_index (event->changes, 1))->new_value, ==, "7");

  ph_game_store (game);
  xml = ph_scenario_to_xml (s, NULL);
  g_assert_nonnull (strstr (xml, "x=\"12.346\" y=\"7\""));
  g_assert_nonnull (strstr (xml, "attr=\"x\" old=\"10\" new=\"12.346\""));
  g_assert_null (strstr (xml, "12.3456"));
  g_assert_null (strstr (xml, "7.000"));

  copy = round_trip (game, &loaded);
  again = ph_scenario_find_figure (copy, "smith");
  g_assert_cmpfloat (again->x, ==, smith->x);
  g_assert_cmpfloat (again->y, ==, smith->y);
  /* replayed back to the start and forward again: the same spot */
  g_assert_true (ph_game_undo (loaded, &error));
  g_assert_cmpfloat (again->x, ==, 10);
  g_assert_true (ph_game_redo (loaded, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (again->x, ==, 12.346);
  g_assert_cmpfloat (again->y, ==, 7);
  ph_test_check_save_load (game);
}

/* The referee's own change (ph_game_referee_edit): one event of kind
 * "referee" naming each changed attribute, undone and replayed like any
 * step, saved and loaded back; a bad value changes nothing */
static void
test_referee_edit (void)
{
  g_autoptr(PhScenario) s = load (scenario_xml);
  g_autoptr(PhGame) game = new_test_game (s, 5);
  g_autoptr(GError) error = NULL;
  PhFigure *smith = ph_scenario_find_figure (s, "smith");
  g_autoptr(PhFigure) moved = ph_figure_copy (smith);
  g_autoptr(PhFigure) same = ph_figure_copy (smith);
  PhFigure *edited[] = { moved };
  PhFigure *unchanged[] = { same };
  const PhEvent *event;
  guint before = ph_game_get_position (game);

  /* nothing differs: no event */
  g_assert_true (ph_game_referee_edit (game, "Move smith", unchanged, 1, &error));
  g_assert_cmpuint (ph_game_get_position (game), ==, before);

  moved->x = 12.5;
  moved->y = 10.126;
  moved->facing = 90;
  g_assert_true (ph_game_referee_edit (game, "Move Anyway (referee)", edited, 1, &error));
  g_assert_no_error (error);
  event = ph_game_get_event (game, ph_game_get_position (game) - 1);
  g_assert_cmpstr (event->kind, ==, "referee");
  g_assert_cmpstr (event->figure, ==, "smith");
  /* a move said as a sentence, how far in the table's unit (sqrt (2.5² +
   * 0.126²) = 2.503 in), not as raw coordinates; the other changes' numbers to
   * the hundredth in the text; the value itself as it is */
  g_assert_cmpstr (event->text, ==, "Referee moved smith 2.5 in; smith: facing 0 → 90");
  g_assert_cmpfloat (smith->y, ==, 10.126);
  g_assert_cmpfloat (smith->x, ==, 12.5);
  g_assert_cmpfloat (smith->facing, ==, 90);
  ph_test_check_save_load (game);

  g_assert_true (ph_game_undo (game, NULL));
  g_assert_cmpfloat (smith->x, ==, 10);
  g_assert_cmpfloat (smith->facing, ==, 0);
  g_assert_true (ph_game_redo (game, NULL));
  g_assert_cmpfloat (smith->x, ==, 12.5);

  /* a figure the game does not have: refused, and the change before it
   * in the same edit is undone with it, no event */
  before = ph_game_get_position (game);
  moved->x = 20;
  g_free (same->id);
  same->id = g_strdup ("nobody");
  {
    PhFigure *both[] = { moved, same };

    g_assert_false (ph_game_referee_edit (game, "Move two", both, 2, &error));
  }
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION);
  g_assert_cmpfloat (smith->x, ==, 12.5);
  g_assert_cmpuint (ph_game_get_position (game), ==, before);
  g_clear_error (&error);

  /* a weapon's kind or ranges: not a change the log can hold, refused
   * (never dropped without a word), the x with it undone */
  {
    g_autoptr(PhFigure) rearmed = ph_figure_copy (smith);
    PhFigure *one[] = { rearmed };

    rearmed->x = 30;
    g_array_index (rearmed->weapons, PhWeapon, 0).kind = PH_WEAPON_RIFLE;
    g_assert_false (ph_game_referee_edit (game, "Rearm", one, 1, &error));
    g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
    g_assert_nonnull (strstr (error->message, "weapons cannot be changed during a game"));
    g_clear_error (&error);
    g_assert_cmpint (g_array_index (smith->weapons, PhWeapon, 0).kind, ==, PH_WEAPON_MUSKET);
    g_assert_cmpfloat (smith->x, ==, 12.5);
    g_assert_cmpuint (ph_game_get_position (game), ==, before);
  }

  /* a value emptied reads "none", not nothing */
  {
    g_autoptr(PhFigure) renamed = ph_figure_copy (smith);
    PhFigure *one[] = { renamed };

    /* a name that reads as a number stays as written */
    g_free (renamed->name);
    renamed->name = g_strdup ("0207");
    g_assert_true (ph_game_referee_edit (game, "Code", one, 1, &error));
    g_assert_no_error (error);
    event = ph_game_get_event (game, ph_game_get_position (game) - 1);
    g_assert_cmpstr (event->text, ==, "Referee: Code (0207: name none → 0207)");
    g_free (renamed->name);
    renamed->name = g_strdup ("Sgt Smith");
    g_assert_true (ph_game_referee_edit (game, "Name", one, 1, &error));
    g_assert_no_error (error);
    g_clear_pointer (&renamed->name, g_free);
    g_assert_true (ph_game_referee_edit (game, "Unname", one, 1, &error));
    g_assert_no_error (error);
    event = ph_game_get_event (game, ph_game_get_position (game) - 1);
    g_assert_cmpstr (event->text, ==, "Referee: Unname (smith: name Sgt Smith → none)");
  }

  /* a weapon's loading in words, not "weapon.0.loaded false → true" */
  {
    g_autoptr(PhFigure) loaded = ph_figure_copy (smith);
    PhFigure *one[] = { loaded };
    PhWeapon *musket = &g_array_index (loaded->weapons, PhWeapon, 0);

    musket->loaded = !musket->loaded;
    g_assert_true (ph_game_referee_edit (game, "Load", one, 1, &error));
    g_assert_no_error (error);
    event = ph_game_get_event (game, ph_game_get_position (game) - 1);
    g_assert_cmpstr (event->text, ==, musket->loaded ? "Referee: Load (smith: the musket loaded)"
                                                    : "Referee: Load (smith: the musket unloaded)");
  }

  /* two men moved together: each by name, how far (3-4-5), one sentence */
  {
    g_autoptr(PhFigure) a = ph_figure_copy (smith);
    g_autoptr(PhFigure) b = ph_figure_copy (ph_scenario_find_figure (s, "otter"));
    PhFigure *two[] = { a, b };

    a->name = g_strdup ("Sgt. Smith");
    a->x += 3;
    a->y += 4;
    b->x -= 1.04;
    g_assert_true (ph_game_referee_edit (game, "Move Figures", two, 2, &error));
    g_assert_no_error (error);
    event = ph_game_get_event (game, ph_game_get_position (game) - 1);
    g_assert_cmpstr (event->text, ==,
                     "Referee moved Sgt. Smith 5.0 in, otter 1.0 in; Sgt. Smith: name none → Sgt. Smith");
  }
}

/* A refusal shown on its own reads as a sentence: the rules write their
 * reasons to follow "Cannot shoot at X: ", lower-case */
static void
test_sentence_start (void)
{
  g_autofree char *a = ph_sentence_start ("out of range (26 in, long range ends at 24 in)");
  g_autofree char *b = ph_sentence_start ("élan spent");
  g_autofree char *c = ph_sentence_start ("Sgt Smith has not rolled");
  g_autofree char *d = ph_sentence_start ("");
  g_autofree char *e = ph_sentence_start ("3 cards are still to be played");

  g_assert_cmpstr (a, ==, "Out of range (26 in, long range ends at 24 in)");
  g_assert_cmpstr (b, ==, "Élan spent");
  g_assert_cmpstr (c, ==, "Sgt Smith has not rolled");
  g_assert_cmpstr (d, ==, "");
  g_assert_cmpstr (e, ==, "3 cards are still to be played");
  g_assert_null (ph_sentence_start (NULL));
}

/* Which arguments are a say-so for one step (PhGameArg.once, put back
 * by the Game tab after Perform) and which a standing fact kept for the
 * next step, in every ruleset: the referee's leave to fight, a re-roll
 * or save spent, a hero's die, a forced move or turn's end are once; a
 * shield, cover, superior ground, a secured flank, the horse or rider
 * aimed at stay */
static void
test_once_arguments (void)
{
  static const char *rulesets[] = { "firelock-scalplock", "fistful-of-lead", "musket-mayhem",
                                    "featherstone", "guns-of-war" };
  static const char *once[] = { "referee", "use-reroll", "use-save", "reroll", "hero",
                                "mounted-open", "spot", "reaction", "force", "forced", NULL };
  static const char *stay[] = { "superior", "target-superior", "shock", "rear-or-side",
                                "bayonet-vs-shorter", "shield", "target-shield", "cover",
                                "target-cover", "outnumbered", "secured", "at", "aim", NULL };
  guint n_once = 0, n_stay = 0;

  for (guint r = 0; r < G_N_ELEMENTS (rulesets); r++)
    {
      const PhGameRules *rules = ph_ruleset_get (ph_test_ruleset (rulesets[r]))->game;

      g_assert_nonnull (rules);
      for (const PhGameActionInfo *a = rules->actions; a->name != NULL; a++)
        for (const PhGameArg *arg = a->args; arg != NULL && arg->name != NULL; arg++)
          {
            if (g_strv_contains (once, arg->name) && g_strcmp0 (a->name, "wound") != 0)
              {
                if (!arg->once)
                  g_error ("%s %s %s: not once", rulesets[r], a->name, arg->name);
                n_once++;
              }
            else if (g_strv_contains (stay, arg->name))
              {
                if (arg->once)
                  g_error ("%s %s %s: once", rulesets[r], a->name, arg->name);
                n_stay++;
              }
            /* Featherstone's wound "from a melee" is this wound's */
            if (g_str_equal (a->name, "wound") && g_str_equal (arg->name, "melee"))
              g_assert_true (arg->once);
          }
    }
  g_test_message ("%u once, %u kept", n_once, n_stay);
  g_assert_cmpuint (n_once, ==, 20);
  g_assert_cmpuint (n_stay, ==, 14);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/actions/arguments", test_arguments);
  g_test_add_func ("/game/actions/once-arguments", test_once_arguments);
  g_test_add_func ("/game/dice/tray", test_tray);
  g_test_add_func ("/game/dice/tray-bad-expressions", test_tray_bad);
  g_test_add_func ("/game/dice/same-seed-same-dice", test_same_seed_same_dice);
  g_test_add_func ("/game/log/undo-redo-seek", test_undo_redo_changes);
  g_test_add_func ("/game/log/list-vars", test_list_vars);
  g_test_add_func ("/game/log/failed-action-changes-nothing", test_failed_action_changes_nothing);
  g_test_add_func ("/game/file/save-load", test_save_load);
  g_test_add_func ("/game/file/mismatch", test_load_mismatch);
  g_test_add_func ("/game/file/bad-format", test_load_bad_format);
  g_test_add_func ("/game/file/forged-dice", test_load_forged_dice);
  g_test_add_func ("/game/file/values-as-read", test_load_values_as_read);
  g_test_add_func ("/game/file/ids-and-old-values", test_load_ids_and_old_values);
  g_test_add_func ("/game/referee-edit", test_referee_edit);
  g_test_add_func ("/game/move-rounded", test_move_rounded);
  g_test_add_func ("/game/log/try", test_try);
  g_test_add_func ("/game/refusal-as-sentence", test_sentence_start);

  return g_test_run ();
}
