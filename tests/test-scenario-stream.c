/* test-scenario-stream.c: a file read as a stream is the file read as a tree
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The loader reads a file as a stream (ph-scenario-stream.c: each figure
 * checked and built as it ends, its subtree freed) and, when the stream
 * gives up, as a whole tree, which says what is wrong. Every good file
 * and every example loads as a stream, to the very model the tree gives
 * (its canonical form, and the source line of every feature, side,
 * figure, option and of the game); every bad file makes the stream give
 * up, so that its message is the tree's. Files made here reach what the
 * examples do not: lines past 65535, start tags over several lines,
 * comments and text between and in the figures, a game log.
 */
#include <string.h>

#include "ph-core.h"
#include "ph-scenario-check.h"
#include "ph-test-files.h"
#include "ph-test-util.h"

static char *
data_path (const char *dir,
           const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
}

static void
assert_same_model (const PhScenario *a,
                   const PhScenario *b)
{
  g_autofree char *xa = ph_scenario_to_xml (a, NULL);
  g_autofree char *xb = ph_scenario_to_xml (b, NULL);

  g_assert_cmpstr (xa, ==, xb);
  g_assert_cmpuint (a->features->len, ==, b->features->len);
  for (guint i = 0; i < a->features->len; i++)
    g_assert_cmpint (((PhFeature *) a->features->pdata[i])->line, ==,
                     ((PhFeature *) b->features->pdata[i])->line);
  g_assert_cmpuint (a->sides->len, ==, b->sides->len);
  for (guint i = 0; i < a->sides->len; i++)
    g_assert_cmpint (((PhSide *) a->sides->pdata[i])->line, ==,
                     ((PhSide *) b->sides->pdata[i])->line);
  g_assert_cmpuint (a->figures->len, ==, b->figures->len);
  for (guint i = 0; i < a->figures->len; i++)
    g_assert_cmpint (((PhFigure *) a->figures->pdata[i])->line, ==,
                     ((PhFigure *) b->figures->pdata[i])->line);
  g_assert_cmpuint (a->options->len, ==, b->options->len);
  for (guint i = 0; i < a->options->len; i++)
    g_assert_cmpint (((PhOption *) a->options->pdata[i])->line, ==,
                     ((PhOption *) b->options->pdata[i])->line);
  g_assert_cmpstr (a->game_xml, ==, b->game_xml);
  g_assert_cmpint (a->game_line, ==, b->game_line);
  g_assert_cmpstr (a->title, ==, b->title);
  g_assert_cmpstr (a->description, ==, b->description);
}

/* @text loads both ways, to the same model; the stream's is returned */
static PhScenario *
check_both_ways (const char *text,
                 gsize       length,
                 const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) tree = ph_scenario_load_one_way (text, length, name, FALSE, &error);
  PhScenario *stream;

  g_assert_no_error (error);
  g_assert_nonnull (tree);
  stream = ph_scenario_load_one_way (text, length, name, TRUE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (stream);
  assert_same_model (stream, tree);
  return stream;
}

static void
check_file (const char *path)
{
  g_autofree char *text = NULL;
  g_autofree char *name = g_path_get_basename (path);
  g_autoptr(PhScenario) stream = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  stream = check_both_ways (text, length, name);
  g_assert_cmpuint (stream->figures->len, >, 0);
}

static void
test_stream_good_files (void)
{
  static const char * const good[] = {
    "featherstone.xml", "firelock.xml", "fistful.xml", "guns-of-war.xml", "mayhem.xml",
    "spec-skeleton.xml",
  };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autofree char *path = data_path ("good", good[i]);

      check_file (path);
    }
}

static void
test_stream_examples (void)
{
  static const char * const examples[] = {
    "featherstone-cacabelos-1809.xml", "firelock-bloody-run-1758.xml",
    "fistful-north-bridge-1775.xml", "guns-of-war-tithe-barn.xml",
    "musket-mayhem-fight-at-the-farmstead.xml",
  };

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *path = ph_test_scenario_path (examples[i]);

      check_file (path);
    }
}

/* Every bad file: the stream gives up, and what the loader says is what
 * the tree says */
static void
test_stream_bad_files (void)
{
  g_autofree char *dir_path = data_path ("bad", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *entry;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, entry, NULL);
      g_autofree char *text = NULL;
      g_autoptr(GError) tree_error = NULL;
      g_autoptr(GError) load_error = NULL;
      g_autoptr(PhScenario) stream = NULL;
      g_autoptr(PhScenario) tree = NULL;
      g_autoptr(PhScenario) loaded = NULL;
      gsize length;

      if (!g_str_has_suffix (entry, ".xml")
          || !g_file_get_contents (path, &text, &length, NULL))
        continue;
      stream = ph_scenario_load_one_way (text, length, entry, TRUE, NULL);
      tree = ph_scenario_load_one_way (text, length, entry, FALSE, &tree_error);
      loaded = ph_scenario_load_data (text, length, entry, &load_error);
      if (tree != NULL)
        {
          /* refused only by what a file holds beyond this model (a
           * background image's file, say): the same both ways */
          g_assert_nonnull (loaded);
          continue;
        }
      if (stream != NULL)
        g_error ("%s: the stream took a file the tree refuses: %s", entry, tree_error->message);
      g_assert_null (loaded);
      g_assert_cmpstr (load_error->message, ==, tree_error->message);
      n++;
    }
  g_assert_cmpuint (n, >, 100);
}

/* A file made to reach what the examples do not */
static GString *
made_file (guint n_figures,
           guint n_blank_lines,
           gboolean with_game)
{
  GString *s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                             "<!-- a comment before the root -->\n"
                             "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" "
                             "ruleset=\"musket-mayhem\">\n"
                             "  <title>Made <![CDATA[by the]]> test</title>\n"
                             "  <description>Lines past 65535</description>\n"
                             "  <table width=\"120\" height=\"120\" unit=\"in\"/>\n"
                             "  <terrain>\n"
                             "    <feature id=\"barn\" kind=\"building\">"
                             "<polygon points=\"10,10 20,10 20,20 10,20\"/></feature>\n"
                             "  </terrain>\n"
                             "  <sides>\n"
                             "    <side id=\"red\" name=\"Red\" color=\"#b03a2e\"/>\n"
                             "    <side id=\"blue\" name=\"Blue\" color=\"#2e5fa8\"/>\n"
                             "  </sides>\n"
                             "  <figures>\n");

  for (guint i = 0; i < n_blank_lines; i++)
    g_string_append_c (s, '\n');
  for (guint i = 0; i < n_figures; i++)
    {
      if (i % 7 == 3)
        g_string_append (s, "    <!-- a comment between figures -->\n");
      if (i % 5 == 1)
        /* a start tag over several lines: its line is the '<' */
        g_string_append_printf (s, "    <figure id=\"f%u\"\n            side=\"%s\"\n"
                                "            x=\"%u.5\" y=\"%u\">\n"
                                "      <!-- inside -->\n"
                                "      <weapon kind=\"musket\"/>\n"
                                "    </figure>\n",
                                i, i % 2 ? "red" : "blue", 30 + i % 80, 30 + i % 60);
      else
        g_string_append_printf (s, "    <figure id=\"f%u\" name=\"Man &amp; %u\" side=\"%s\" "
                                "x=\"%u\" y=\"%u.25\" facing=\"%u\" status=\"%s\">"
                                "<weapon kind=\"%s\"/></figure>\n",
                                i, i, i % 2 ? "red" : "blue", 30 + i % 80, 30 + i % 60,
                                (i * 37) % 360, i % 3 ? "" : "fired",
                                i % 4 ? "musket" : "pistol");
    }
  g_string_append (s, "  </figures>\n");
  if (with_game)
    g_string_append (s, "  <game note=\"reserved\" xmlns:x=\"urn:example:other\">\n"
                        "    <x:note>kept verbatim</x:note>\n"
                        "  </game>\n");
  g_string_append (s, "</scenario>\n");
  return s;
}

static void
test_stream_made_files (void)
{
  static const guint blank_lines[] = { 0, 70000 };

  for (guint i = 0; i < G_N_ELEMENTS (blank_lines); i++)
    for (int with_game = 0; with_game < 2; with_game++)
      {
        g_autoptr(GString) s = made_file (40, blank_lines[i], with_game);
        g_autoptr(PhScenario) stream = check_both_ways (s->str, s->len, "made.xml");
        const PhFigure *f1 = stream->figures->pdata[1];

        g_assert_cmpuint (stream->figures->len, ==, 40);
        /* the '<' of the second figure's start tag, over three lines */
        g_assert_cmpint (f1->line, ==, 15 + blank_lines[i] + 1);
        g_assert_cmpstr (stream->title, ==, "Made by the test");
        g_assert_true ((stream->game_xml != NULL) == with_game);
      }
}

/* What the stream must not take: a figure the schema refuses after
 * others were read and freed, a duplicate id of a freed figure, a side
 * naming a figure; each is the tree's message */
static void
test_stream_late_problems (void)
{
  static const struct { const char *from, *to, *message; } breaks[] = {
    { "<figure id=\"f30\"", "<figure id=\"f30\" troop=\"lime\"", "troop" },
    { "<figure id=\"f30\"", "<figure id=\"f2\"", "already used" },
    { "<figure id=\"f30\" name=\"Man &amp; 30\" side=\"blue\"",
      "<figure id=\"f30\" name=\"Man &amp; 30\" side=\"f2\"", "not a side" },
    { "<weapon kind=\"musket\"/></figure>\n  </figures>",
      "<weapon kind=\"musket\"/><bogus/></figure>\n  </figures>", "bogus" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (breaks); i++)
    {
      g_autoptr(GString) s = made_file (40, 70000, TRUE);
      g_autoptr(GError) tree_error = NULL;
      g_autoptr(GError) load_error = NULL;
      g_autoptr(PhScenario) stream = NULL;
      g_autoptr(PhScenario) tree = NULL;
      g_autoptr(PhScenario) loaded = NULL;

      g_assert_cmpuint (g_string_replace (s, breaks[i].from, breaks[i].to, 1), ==, 1);
      stream = ph_scenario_load_one_way (s->str, s->len, "made.xml", TRUE, NULL);
      g_assert_null (stream);
      tree = ph_scenario_load_one_way (s->str, s->len, "made.xml", FALSE, &tree_error);
      g_assert_null (tree);
      loaded = ph_scenario_load_data (s->str, s->len, "made.xml", &load_error);
      g_assert_null (loaded);
      g_assert_cmpstr (load_error->message, ==, tree_error->message);
      g_assert_nonnull (strstr (load_error->message, breaks[i].message));
      /* a line past the blank ones: the line of the figure itself */
      g_assert_true (g_str_has_prefix (load_error->message, "made.xml:7"));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scenario-stream/good-files", test_stream_good_files);
  g_test_add_func ("/scenario-stream/examples", test_stream_examples);
  g_test_add_func ("/scenario-stream/bad-files", test_stream_bad_files);
  g_test_add_func ("/scenario-stream/made-files", test_stream_made_files);
  g_test_add_func ("/scenario-stream/late-problems", test_stream_late_problems);
  return g_test_run ();
}
