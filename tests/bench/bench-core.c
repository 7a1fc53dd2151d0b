/* bench-core.c: how fast the core loads, checks and assesses big scenarios
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run on demand, never by `meson test`:
 *   ninja -C build tests/bench/bench-core && ./build/tests/bench/bench-core
 *   ./build/tests/bench/bench-core musket-mayhem   (assess one ruleset only)
 *
 * 1. Writes a scenario of 10,000 figures to a temporary file and times
 *    ph_scenario_load_file() and ph_scenario_validate_file() on it.
 * 2. For each ruleset, writes a scenario of 300 figures and 200 terrain
 *    features (woods, buildings, fences) and times ph_engine_assess_figures()
 *    over every ordered pair of figures (300 x 299 shots).
 * The scenarios are generated here, from a fixed seed, so every run
 * measures the same work.
 */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "ph-core.h"

#define BIG_FIGURES 10000
#define BIG_FEATURES 200
#define BIG_TABLE 1000.0

#define PAIRS_FIGURES 300
#define PAIRS_FEATURES 200
#define PAIRS_TABLE 120.0

#define SEED 1758

/* Numbers in XML, always with a dot */
static void
append_number (GString *s,
               double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (s, g_ascii_formatd (buf, sizeof buf, "%.3f", value));
}

static void
append_point (GString *s,
              double   x,
              double   y)
{
  append_number (s, x);
  g_string_append_c (s, ',');
  append_number (s, y);
}

/* A feature: a third woods (circles), a third buildings (rectangles), a
 * third fences (two-segment polylines). */
static void
append_feature (GString *s,
                GRand   *rand,
                guint    index,
                double   table)
{
  double x = g_rand_double_range (rand, 8, table - 8);
  double y = g_rand_double_range (rand, 8, table - 8);

  switch (index % 3)
    {
    case 0:
      g_string_append_printf (s, "    <feature id=\"wood%u\" kind=\"woods\"><circle cx=\"", index);
      append_number (s, x);
      g_string_append (s, "\" cy=\"");
      append_number (s, y);
      g_string_append (s, "\" r=\"");
      append_number (s, g_rand_double_range (rand, 1.5, 5));
      g_string_append (s, "\"/></feature>\n");
      break;
    case 1:
      {
        double w = g_rand_double_range (rand, 2, 6);
        double h = g_rand_double_range (rand, 2, 6);

        g_string_append_printf (s, "    <feature id=\"house%u\" kind=\"building\"><polygon points=\"", index);
        append_point (s, x, y);
        g_string_append_c (s, ' ');
        append_point (s, x + w, y);
        g_string_append_c (s, ' ');
        append_point (s, x + w, y + h);
        g_string_append_c (s, ' ');
        append_point (s, x, y + h);
        g_string_append (s, "\"/></feature>\n");
      }
      break;
    default:
      g_string_append_printf (s, "    <feature id=\"fence%u\" kind=\"%s\"><polyline points=\"",
                              index, index % 2 ? "fence" : "wall");
      append_point (s, x, y);
      g_string_append_c (s, ' ');
      append_point (s, x + g_rand_double_range (rand, -6, 6), y + g_rand_double_range (rand, 1, 6));
      g_string_append_c (s, ' ');
      append_point (s, x + g_rand_double_range (rand, -6, 6), y + g_rand_double_range (rand, 7, 8));
      g_string_append (s, "\"/></feature>\n");
      break;
    }
}

/* The weapon and the ruleset element every figure gets */
static void
append_kit (GString     *s,
            PhRulesetId  ruleset)
{
  switch (ruleset)
    {
    case PH_RULESET_FIRELOCK:
      g_string_append (s, "<weapon kind=\"musket\"/><firelock bravery=\"8,6,4,1\"/>");
      break;
    case PH_RULESET_FISTFUL:
      g_string_append (s, "<weapon kind=\"musket\"/><fistful/>");
      break;
    case PH_RULESET_MAYHEM:
      g_string_append (s, "<weapon kind=\"musket\"/><mayhem courage=\"4\" armament=\"5\"/>");
      break;
    case PH_RULESET_FEATHERSTONE:
      g_string_append (s, "<weapon kind=\"musket\" short=\"30\" medium=\"60\" long=\"90\"/>"
                          "<featherstone rating=\"average\"/>");
      break;
    case PH_RULESET_GUNS_OF_WAR:
    case PH_N_RULESETS:
    default:
      g_string_append (s, "<weapon kind=\"flintlock-musket\"/>"
                          "<guns-of-war formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"4\" armor-ac=\"2\"/>");
      break;
    }
}

static char *
make_scenario (PhRulesetId ruleset,
               guint       n_figures,
               guint       n_features,
               double      table)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (SEED);
  GString *s = g_string_sized_new (n_figures * 200 + n_features * 120 + 1024);
  gboolean hex = ruleset == PH_RULESET_GUNS_OF_WAR;

  g_string_append_printf (s,
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"%s\">\n"
    "  <title>Benchmark: %u figures, %u features</title>\n"
    "  <table width=\"%g\" height=\"%g\" unit=\"%s\" grid=\"%s\" grid-size=\"%s\"/>\n",
    ph_ruleset_id_to_string (ruleset), n_figures, n_features, table, table,
    ruleset == PH_RULESET_FEATHERSTONE ? "cm" : "in",
    hex ? "hex" : "square", hex ? "2" : "1");
  if (ruleset == PH_RULESET_FISTFUL)
    g_string_append (s,
      "  <rules><option name=\"shoot-target\" value=\"6\"/>"
      "<option name=\"cover-modifier\" value=\"-1\"/>"
      "<option name=\"long-range\" value=\"12\"/>"
      "<option name=\"long-range-modifier\" value=\"-1\"/></rules>\n");

  g_string_append (s, "  <terrain>\n");
  for (guint i = 0; i < n_features; i++)
    append_feature (s, rand, i, table);
  g_string_append (s, "  </terrain>\n"
                      "  <sides>\n"
                      "    <side id=\"red\" name=\"Red\" color=\"#b03a2e\"/>\n"
                      "    <side id=\"blue\" name=\"Blue\" color=\"#2e5fa8\"/>\n"
                      "  </sides>\n"
                      "  <figures>\n");
  for (guint i = 0; i < n_figures; i++)
    {
      double margin = ruleset == PH_RULESET_FEATHERSTONE ? 3 : 1;
      gboolean red = i % 2 == 0;

      g_string_append_printf (s, "    <figure id=\"f%u\" side=\"%s\" x=\"", i, red ? "red" : "blue");
      append_number (s, g_rand_double_range (rand, margin, table - margin));
      g_string_append (s, "\" y=\"");
      append_number (s, g_rand_double_range (rand, margin, table - margin));
      g_string_append_printf (s, "\" facing=\"%d\">", red ? 90 : 270);
      append_kit (s, ruleset);
      g_string_append (s, "</figure>\n");
    }
  g_string_append (s, "  </figures>\n</scenario>\n");
  return g_string_free (s, FALSE);
}

static char *
write_scenario (const char *dir,
                const char *name,
                const char *xml)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  if (!g_file_set_contents (path, xml, -1, &error))
    g_error ("cannot write %s: %s", path, error->message);
  return path;
}

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

static gboolean
bench_big (const char *dir)
{
  g_autofree char *xml = make_scenario (PH_RULESET_FIRELOCK, BIG_FIGURES, BIG_FEATURES, BIG_TABLE);
  g_autofree char *path = write_scenario (dir, "big.xml", xml);
  g_autoptr(PhScenario) scenario = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  gint64 start;
  double load_ms, validate_ms;
  gboolean valid;

  start = g_get_monotonic_time ();
  scenario = ph_scenario_load_file (path, &error);
  load_ms = ms_since (start);
  if (scenario == NULL)
    {
      fprintf (stderr, "bench-core: the generated scenario does not load: %s\n", error->message);
      return FALSE;
    }

  start = g_get_monotonic_time ();
  valid = ph_scenario_validate_file (path, problems);
  validate_ms = ms_since (start);

  printf ("scenario with %u figures and %u terrain features (%.1f MB, firelock-scalplock)\n",
          scenario->figures->len, scenario->features->len, strlen (xml) / 1e6);
  printf ("  load      %10.1f ms\n", load_ms);
  printf ("  validate  %10.1f ms  (%s)\n", validate_ms,
          valid ? "valid" : "INVALID");
  for (guint i = 0; i < problems->len && i < 5; i++)
    printf ("    %s\n", (const char *) g_ptr_array_index (problems, i));
  g_remove (path);
  return valid;
}

static gboolean
bench_pairs (const char  *dir,
             PhRulesetId  ruleset)
{
  g_autofree char *xml = make_scenario (ruleset, PAIRS_FIGURES, PAIRS_FEATURES, PAIRS_TABLE);
  g_autofree char *name = g_strdup_printf ("pairs-%s.xml", ph_ruleset_id_to_string (ruleset));
  g_autofree char *path = write_scenario (dir, name, xml);
  g_autoptr(PhScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  static const PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  guint n = 0, n_can_fire = 0, n_blocked = 0;
  double sum_p_hit = 0, total_ms;
  gint64 start;

  scenario = ph_scenario_load_file (path, &error);
  g_remove (path);
  if (scenario == NULL)
    {
      fprintf (stderr, "bench-core: the generated scenario does not load: %s\n", error->message);
      return FALSE;
    }

  start = g_get_monotonic_time ();
  for (guint i = 0; i < scenario->figures->len; i++)
    for (guint j = 0; j < scenario->figures->len; j++)
      {
        const PhFigure *shooter = g_ptr_array_index (scenario->figures, i);
        const PhFigure *target = g_ptr_array_index (scenario->figures, j);
        g_autoptr(PhAssessment) a = NULL;

        if (i == j)
          continue;
        a = ph_engine_assess_figures (scenario, shooter, target, &options, &error);
        if (a == NULL)
          {
            fprintf (stderr, "bench-core: %s\n", error->message);
            return FALSE;
          }
        n++;
        n_can_fire += a->can_fire;
        n_blocked += !a->los_clear;
        sum_p_hit += a->p_hit;
      }
  total_ms = ms_since (start);

  printf ("  %-20s %6u shots %10.1f ms %8.2f us/shot  (%4.1f%% can fire, %4.1f%% blocked, mean p_hit %.3f)\n",
          ph_ruleset_id_to_string (ruleset), n, total_ms, 1000.0 * total_ms / n,
          100.0 * n_can_fire / n, 100.0 * n_blocked / n, sum_p_hit / n);
  return TRUE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  gboolean ok = TRUE;
  gint64 start = g_get_monotonic_time ();

  setlocale (LC_ALL, "");
  for (int i = 1; i < argc; i++)
    {
      PhRulesetId id;

      if (!ph_ruleset_id_from_string (argv[i], &id))
        {
          fprintf (stderr, "Usage: %s [RULESET...]\n(rulesets: firelock-scalplock, "
                   "fistful-of-lead, musket-mayhem, featherstone, guns-of-war)\n", argv[0]);
          return 2;
        }
    }

  dir = g_dir_make_tmp ("bench-core-XXXXXX", &error);
  if (dir == NULL)
    {
      fprintf (stderr, "bench-core: %s\n", error->message);
      return 1;
    }

  printf ("Powderhorn core benchmark (GLib %u.%u.%u)\n\n",
          glib_major_version, glib_minor_version, glib_micro_version);
  ok &= bench_big (dir);

  printf ("\nevery ordered pair of %u figures among %u terrain features (woods, buildings, fences, walls):\n",
          PAIRS_FIGURES, PAIRS_FEATURES);
  for (int r = 0; r < PH_N_RULESETS; r++)
    {
      gboolean wanted = argc < 2;

      for (int i = 1; i < argc; i++)
        wanted |= g_str_equal (argv[i], ph_ruleset_id_to_string (r));
      if (wanted)
        ok &= bench_pairs (dir, r);
    }

  g_rmdir (dir);
  printf ("\ntotal %.1f ms\n", ms_since (start));
  return ok ? 0 : 1;
}
