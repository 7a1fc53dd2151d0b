/* test-character.c: random Firelock and Scalplock characters
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bravery chart row by row, seeded rolls, writing the roll into a
 * figure (and through a save and a load), and `powderhorn-cli character`
 * as a user runs it ($PH_CLI; skipped when unset).
 */
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "ph-character.h"
#include "ph-core.h"
#include "ph-test-util.h"

/* g_rand_new_with_seed (1)'s first g_rand_int_range (1, 11): a 6, the
 * chart's row 6,3,2,1 */
#define PINNED_ROLL_SEED_1 6

/* The rule text's chart, typed in again from the text */
static const int chart[11][4] = {
  { 0, 0, 0, 0 },
  { 1, 1, 0, 0 }, { 2, 2, 1, 0 }, { 3, 2, 2, 1 }, { 4, 3, 2, 1 }, { 5, 3, 2, 1 },
  { 6, 3, 2, 1 }, { 7, 4, 2, 1 }, { 8, 5, 2, 1 }, { 9, 6, 3, 1 }, { 10, 7, 4, 1 },
};

static void
test_chart (void)
{
  int bravery[4];

  for (int roll = 1; roll <= 10; roll++)
    {
      g_assert_true (ph_character_bravery_for_roll (roll, bravery));
      g_assert_cmpmem (bravery, sizeof bravery, chart[roll], sizeof chart[roll]);
      /* the first box is the roll */
      g_assert_cmpint (bravery[0], ==, roll);
    }
  g_assert_false (ph_character_bravery_for_roll (0, bravery));
  g_assert_false (ph_character_bravery_for_roll (11, bravery));
}

static void
test_seeded_roll (void)
{
  gboolean seen[11] = { FALSE };

  /* a seed always gives the same roll, and the chart's row for it */
  for (guint32 seed = 0; seed < 200; seed++)
    {
      g_autoptr(GRand) a = g_rand_new_with_seed (seed);
      g_autoptr(GRand) b = g_rand_new_with_seed (seed);
      int bravery_a[4], bravery_b[4];
      int roll_a = ph_character_roll (a, bravery_a);
      int roll_b = ph_character_roll (b, bravery_b);

      g_assert_cmpint (roll_a, >=, 1);
      g_assert_cmpint (roll_a, <=, 10);
      g_assert_cmpint (roll_a, ==, roll_b);
      g_assert_cmpmem (bravery_a, sizeof bravery_a, chart[roll_a], sizeof chart[roll_a]);
      g_assert_cmpmem (bravery_b, sizeof bravery_b, chart[roll_a], sizeof chart[roll_a]);
      seen[roll_a] = TRUE;
    }
  /* and every face comes up */
  for (int roll = 1; roll <= 10; roll++)
    g_assert_true (seen[roll]);

  /* pinned: GLib's Mersenne Twister is stable across versions */
  {
    g_autoptr(GRand) rand = g_rand_new_with_seed (1);
    int bravery[4];

    g_assert_cmpint (ph_character_roll (rand, bravery), ==, PINNED_ROLL_SEED_1);
  }
}

static void
test_roll_figure (void)
{
  g_autoptr(PhScenario) scenario = ph_test_load_example ("firelock-bloody-run-1758.xml");
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autoptr(GError) error = NULL;
  PhFigure *figure, *fresh;
  int roll = 0;

  /* Langlade has officer="true": kept */
  figure = ph_scenario_find_figure (scenario, "langlade");
  g_assert_nonnull (figure);
  g_assert_true (ph_character_roll_figure (scenario, "langlade", rand, &roll, &error));
  g_assert_no_error (error);
  g_assert_cmpint (figure->stats_kind, ==, PH_STATS_FIRELOCK);
  g_assert_cmpmem (figure->stats.firelock.bravery, sizeof (int) * 4, chart[roll], sizeof chart[roll]);
  g_assert_true (figure->stats.firelock.officer);

  /* a figure without <firelock> gets the loader's defaults */
  fresh = ph_figure_new ();
  fresh->id = g_strdup ("recruit");
  fresh->side = g_strdup ("rangers");
  g_ptr_array_add (scenario->figures, fresh);
  ph_scenario_reindex (scenario);
  g_assert_true (ph_character_roll_figure (scenario, "recruit", rand, &roll, &error));
  g_assert_no_error (error);
  g_assert_cmpint (fresh->stats_kind, ==, PH_STATS_FIRELOCK);
  g_assert_cmpmem (fresh->stats.firelock.bravery, sizeof (int) * 4, chart[roll], sizeof chart[roll]);
  g_assert_cmpint (fresh->stats.firelock.hits, ==, 0);
  g_assert_cmpint (fresh->stats.firelock.melee, ==, 2);
  g_assert_false (fresh->stats.firelock.officer);

  /* saved and loaded back */
  {
    g_autofree char *dir = g_dir_make_tmp ("ph-character-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "out.xml", NULL);
    g_autoptr(PhScenario) again = NULL;
    PhFigure *loaded;

    g_assert_true (ph_scenario_save_file (scenario, path, &error));
    g_assert_no_error (error);
    again = ph_scenario_load_file (path, &error);
    g_assert_no_error (error);
    loaded = ph_scenario_find_figure (again, "recruit");
    g_assert_nonnull (loaded);
    g_assert_cmpmem (loaded->stats.firelock.bravery, sizeof (int) * 4, chart[roll], sizeof chart[roll]);
    g_unlink (path);
    g_rmdir (dir);
  }

  /* errors */
  g_assert_false (ph_character_roll_figure (scenario, "nobody", rand, NULL, &error));
  g_assert_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_UNKNOWN_ID);
  g_clear_error (&error);
  {
    g_autoptr(PhScenario) mayhem =
      ph_test_load_example ("musket-mayhem-fight-at-the-farmstead.xml");

    g_assert_false (ph_character_roll_figure (mayhem, "smith", rand, NULL, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
    g_assert_nonnull (strstr (error->message, "Firelock"));
  }
}

/* ------------------------------------------------------------------ */
/* powderhorn-cli character                                            */

static void
test_cli (void)
{
  g_autofree char *src = ph_test_scenario_path ("firelock-bloody-run-1758.xml");
  g_autofree char *dir = NULL, *copy = NULL, *out_path = NULL, *data = NULL;
  g_autofree char *mayhem = ph_test_scenario_path ("musket-mayhem-fight-at-the-farmstead.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) written = NULL;
  PhFigure *figure;
  gsize length;
  int status, roll = 0, b[4];

  if (g_getenv ("PH_CLI") == NULL)
    {
      g_test_skip ("PH_CLI is not set");
      return;
    }
  dir = g_dir_make_tmp ("ph-character-cli-XXXXXX", NULL);
  copy = g_build_filename (dir, "copy.xml", NULL);
  out_path = g_build_filename (dir, "out.xml", NULL);
  g_assert_true (g_file_get_contents (src, &data, &length, NULL));
  g_assert_true (g_file_set_contents (copy, data, length, NULL));

  /* to OUT, with a seed: prints the roll, writes the row */
  {
    g_autofree char *out = NULL, *err = NULL;
    g_autofree char *expected = NULL;

    status = ph_test_run_cli (&out, &err, "character", copy, "--figure", "shute", "--seed", "1",
                              "-o", out_path, NULL);
    g_assert_cmpint (status, ==, 0);
    g_assert_cmpstr (err, ==, "");
    roll = PINNED_ROLL_SEED_1;
    ph_character_bravery_for_roll (roll, b);
    expected = g_strdup_printf ("Pvt. Samuel Shute: d10 rolled %d, bravery %d,%d,%d,%d\n",
                                roll, b[0], b[1], b[2], b[3]);
    g_assert_cmpstr (out, ==, expected);
  }
  written = ph_scenario_load_file (out_path, &error);
  g_assert_no_error (error);
  figure = ph_scenario_find_figure (written, "shute");
  g_assert_cmpmem (figure->stats.firelock.bravery, sizeof b, b, sizeof b);
  /* the input was left alone */
  {
    g_autofree char *after = NULL;

    g_assert_true (g_file_get_contents (copy, &after, NULL, NULL));
    g_assert_cmpstr (after, ==, data);
  }

  /* back to FILE when there is no -o; Rogers stays an officer */
  {
    g_autofree char *out = NULL, *err = NULL;
    g_autoptr(PhScenario) back = NULL;

    status = ph_test_run_cli (&out, &err, "character", copy, "--figure", "rogers", "--seed", "1",
                              NULL);
    g_assert_cmpint (status, ==, 0);
    back = ph_scenario_load_file (copy, &error);
    g_assert_no_error (error);
    figure = ph_scenario_find_figure (back, "rogers");
    g_assert_cmpmem (figure->stats.firelock.bravery, sizeof b, b, sizeof b);
    g_assert_true (figure->stats.firelock.officer);
  }

  /* errors: unknown figure (1), not Firelock (1), usage (2) */
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (ph_test_run_cli (&out, &err, "character", copy, "--figure", "nobody", NULL),
                     ==, 1);
    g_assert_nonnull (strstr (err, "unknown figure 'nobody'"));
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (ph_test_run_cli (&out, &err, "character", mayhem, "--figure", "smith",
                                      "-o", out_path, NULL), ==, 1);
    g_assert_nonnull (strstr (err, "Firelock"));
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (ph_test_run_cli (&out, &err, "character", copy, NULL), ==, 2);
    g_assert_nonnull (strstr (err, "--figure"));
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (ph_test_run_cli (&out, &err, "character", copy, "--figure", "rogers",
                                      "--seed", "-3", NULL), ==, 2);
    g_assert_nonnull (strstr (err, "--seed"));
  }

  g_unlink (copy);
  g_unlink (out_path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/character/chart", test_chart);
  g_test_add_func ("/character/seeded-roll", test_seeded_roll);
  g_test_add_func ("/character/roll-figure", test_roll_figure);
  g_test_add_func ("/character/cli", test_cli);
  return g_test_run ();
}
