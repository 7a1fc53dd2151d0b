/* bench-scene.c: the generated battlefields the benchmarks measure
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * From a fixed seed, so that every run measures the same work.
 */
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

char *
ph_bench_make_scenario (PhRulesetId ruleset,
                        guint       n_figures,
                        guint       n_features,
                        double      width,
                        double      height)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (SEED);
  GString *s = g_string_sized_new (n_figures * 200 + n_features * 120 + 1024);
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

  g_string_append (s, "  <terrain>\n");
  for (guint i = 0; i < n_features; i++)
    append_feature (s, rand, i, width, height);
  g_string_append (s, "  </terrain>\n"
                      "  <sides>\n"
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
  return g_string_free (s, FALSE);
}

