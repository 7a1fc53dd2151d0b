/* bench-scene.c: the generated battlefields the benchmarks measure
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * From a fixed seed, so that every run measures the same work.
 */
#include <time.h>
#include <math.h>
#include <string.h>

#include "bench-scene.h"
#include "../ph-test-ruleset.h"

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
                double   width,
                double   height)
{
  double x = g_rand_double_range (rand, 8, width - 8);
  double y = g_rand_double_range (rand, 8, height - 8);

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

/* The weapon and the ruleset element every figure gets, by the ruleset's
 * file name */
static const struct
{
  const char *ruleset;
  const char *kit;
} kits[] = {
  { "firelock-scalplock", "<weapon kind=\"musket\"/><firelock bravery=\"8,6,4,1\"/>" },
  { "fistful-of-lead", "<weapon kind=\"musket\"/><fistful/>" },
  { "musket-mayhem", "<weapon kind=\"musket\"/><mayhem courage=\"4\" armament=\"5\"/>" },
  { "featherstone", "<weapon kind=\"musket\" short=\"30\" medium=\"60\" long=\"90\"/>"
                    "<featherstone rating=\"average\"/>" },
  { "guns-of-war", "<weapon kind=\"flintlock-musket\"/>"
                   "<guns-of-war formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"4\" armor-ac=\"2\"/>" },
};

static void
append_kit (GString     *s,
            PhRulesetId  ruleset)
{
  const char *name = ph_ruleset_id_to_string (ruleset);

  for (guint i = 0; i < G_N_ELEMENTS (kits); i++)
    if (g_str_equal (kits[i].ruleset, name))
      {
        g_string_append (s, kits[i].kit);
        return;
      }
  g_error ("no benchmark kit for %s", name);
}

/* Realistic terrain, for the line of sight benches: a building (a
 * rectangle turned by any angle, 4 edges), a wood that blocks sight (a
 * ring of 12 to 48 points around a centre, radius wobbling, so never
 * self-crossing), or a wall or fence (a polyline of 2 to 6 bends;
 * walls block sight). Returns the number of edges appended. */
static guint
append_terrain_feature (GString *s,
                        GRand   *rand,
                        guint    index,
                        double   width,
                        double   height)
{
  double x = g_rand_double_range (rand, 6, width - 6);
  double y = g_rand_double_range (rand, 6, height - 6);
  double kind = g_rand_double (rand);
  guint n;

  if (kind < 0.4)
    {
      double w = g_rand_double_range (rand, 2, 6) / 2, h = g_rand_double_range (rand, 2, 5) / 2;
      double a = g_rand_double_range (rand, 0, G_PI);
      double c = cos (a), sn = sin (a);
      const double corners[4][2] = { { -w, -h }, { w, -h }, { w, h }, { -w, h } };

      g_string_append_printf (s, "    <feature id=\"house%u\" kind=\"building\"><polygon points=\"", index);
      for (guint i = 0; i < 4; i++)
        {
          if (i > 0)
            g_string_append_c (s, ' ');
          append_point (s, x + c * corners[i][0] - sn * corners[i][1],
                        y + sn * corners[i][0] + c * corners[i][1]);
        }
      g_string_append (s, "\"/></feature>\n");
      return 4;
    }
  if (kind < 0.65)
    {
      double r = g_rand_double_range (rand, 2, 5);

      n = g_rand_int_range (rand, 12, 49);
      g_string_append_printf (s, "    <feature id=\"wood%u\" kind=\"woods\" blocks-los=\"true\">"
                              "<polygon points=\"", index);
      for (guint i = 0; i < n; i++)
        {
          double a = 2 * G_PI * i / n;
          double ri = r * g_rand_double_range (rand, 0.7, 1.0);

          if (i > 0)
            g_string_append_c (s, ' ');
          append_point (s, x + ri * cos (a), y + ri * sin (a));
        }
      g_string_append (s, "\"/></feature>\n");
      return n;
    }

  n = g_rand_int_range (rand, 2, 7);
  g_string_append_printf (s, "    <feature id=\"line%u\" kind=\"%s\"%s><polyline points=\"",
                          index, index % 2 ? "fence" : "wall",
                          index % 2 ? "" : " blocks-los=\"true\"");
  {
    double a = g_rand_double_range (rand, 0, 2 * G_PI);

    append_point (s, x, y);
    for (guint i = 0; i < n; i++)
      {
        double len = g_rand_double_range (rand, 1, 4);

        a += g_rand_double_range (rand, -0.8, 0.8);
        x = CLAMP (x + len * cos (a), 1, width - 1);
        y = CLAMP (y + len * sin (a), 1, height - 1);
        g_string_append_c (s, ' ');
        append_point (s, x, y);
      }
  }
  g_string_append (s, "\"/></feature>\n");
  return n;
}

static void
append_head (GString     *s,
             PhRulesetId  ruleset,
             guint        n_figures,
             guint        n_features,
             double       width,
             double       height)
{
  gboolean hex = ruleset == ph_test_ruleset ("guns-of-war");

  g_string_append_printf (s,
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"%s\">\n"
    "  <title>Benchmark: %u figures, %u features</title>\n"
    "  <table width=\"%g\" height=\"%g\" unit=\"%s\" grid=\"%s\" grid-size=\"%s\"/>\n",
    ph_ruleset_id_to_string (ruleset), n_figures, n_features, width, height,
    ruleset == ph_test_ruleset ("featherstone") ? "cm" : "in",
    hex ? "hex" : "square", hex ? "2" : "1");
  if (ruleset == ph_test_ruleset ("fistful-of-lead"))
    g_string_append (s,
      "  <rules><option name=\"shoot-target\" value=\"6\"/>"
      "<option name=\"cover-modifier\" value=\"-1\"/>"
      "<option name=\"long-range\" value=\"12\"/>"
      "<option name=\"long-range-modifier\" value=\"-1\"/></rules>\n");
}

static void
append_figures (GString     *s,
                GRand       *rand,
                PhRulesetId  ruleset,
                guint        n_figures,
                double       width,
                double       height)
{
  g_string_append (s, "  <sides>\n"
                      "    <side id=\"red\" name=\"Red\" color=\"#b03a2e\"/>\n"
                      "    <side id=\"blue\" name=\"Blue\" color=\"#2e5fa8\"/>\n"
                      "  </sides>\n"
                      "  <figures>\n");
  for (guint i = 0; i < n_figures; i++)
    {
      double margin = ruleset == ph_test_ruleset ("featherstone") ? 3 : 1;
      gboolean red = i % 2 == 0;

      g_string_append_printf (s, "    <figure id=\"f%u\" side=\"%s\" x=\"", i, red ? "red" : "blue");
      append_number (s, g_rand_double_range (rand, margin, width - margin));
      g_string_append (s, "\" y=\"");
      append_number (s, g_rand_double_range (rand, margin, height - margin));
      g_string_append_printf (s, "\" facing=\"%d\">", red ? 90 : 270);
      append_kit (s, ruleset);
      g_string_append (s, "</figure>\n");
    }
  g_string_append (s, "  </figures>\n</scenario>\n");
}

char *
ph_bench_make_terrain_scenario (PhRulesetId ruleset,
                                guint       n_figures,
                                guint       n_edges,
                                double      width,
                                double      height)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (SEED);
  g_autoptr(GString) terrain = g_string_new (NULL);
  GString *s = g_string_sized_new (n_figures * 200 + n_edges * 40 + 1024);
  guint edges = 0, n_features = 0;

  while (edges < n_edges)
    edges += append_terrain_feature (terrain, rand, n_features++, width, height);
  append_head (s, ruleset, n_figures, n_features, width, height);
  g_string_append_printf (s, "  <terrain>\n%s  </terrain>\n", terrain->str);
  append_figures (s, rand, ruleset, n_figures, width, height);
  return g_string_free (s, FALSE);
}

char *
ph_bench_make_scenario (PhRulesetId ruleset,
                        guint       n_figures,
                        guint       n_features,
                        double      width,
                        double      height)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (SEED);
  GString *s = g_string_sized_new (n_figures * 200 + n_features * 120 + 1024);

  append_head (s, ruleset, n_figures, n_features, width, height);
  g_string_append (s, "  <terrain>\n");
  for (guint i = 0; i < n_features; i++)
    append_feature (s, rand, i, width, height);
  g_string_append (s, "  </terrain>\n");
  append_figures (s, rand, ruleset, n_figures, width, height);
  return g_string_free (s, FALSE);
}

PhScenario *
ph_bench_load_terrain (PhRulesetId ruleset,
                       guint       n_figures,
                       guint       n_edges)
{
  g_autofree char *xml = ph_bench_make_terrain_scenario (ruleset, n_figures, n_edges,
                                                         PH_BENCH_LOS_TABLE, PH_BENCH_LOS_TABLE);
  g_autoptr(GError) error = NULL;
  PhScenario *scenario = ph_scenario_load_data (xml, strlen (xml), "terrain.xml", &error);

  if (scenario == NULL)
    g_error ("the generated scenario does not load: %s", error->message);
  return scenario;
}

gint64
ph_bench_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}
