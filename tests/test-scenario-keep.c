/* test-scenario-keep.c: a save keeps the file's comments and layout where
 * the model did not change (src/core/model/ph-scenario-keep.c)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Saved unchanged, every example and a hand-written file with comments
 * everywhere come out byte for byte the same; a change touches only the
 * text it changes (a moved figure its attribute, a new figure its lines,
 * a removed one its lines and the comment that was only its own); every
 * text saved validates and loads back to the model exactly, even over the
 * source of another scenario; and the file keeps its mode, owner and link.
 */
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "ph-core.h"
#include "ph-test-ruleset.h"
#include "ph-test-util.h"

/* Helpers */

static char *
commented_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "keep", "commented.xml", NULL);
}

static char *
read_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

static PhScenario *
load_text (const char *text,
           const char *name)
{
  return ph_test_load_xml (text, -1, name);
}

/* What a save of @s writes */
static char *
saved (const PhScenario *s)
{
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  char *xml = ph_scenario_to_saved_xml (s, "kept.xml", &length, &error);

  g_assert_no_error (error);
  g_assert_nonnull (xml);
  g_assert_cmpuint (length, ==, strlen (xml));
  return xml;
}

/* @xml is a valid scenario file that loads to @s exactly (its canonical
 * form is @s's) */
static void
assert_loads_to (const char       *xml,
                 const PhScenario *s)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(PhScenario) again = NULL;
  g_autofree char *want = ph_scenario_to_xml (s, NULL);
  g_autofree char *got = NULL;

  if (!ph_scenario_validate_data (xml, strlen (xml), "kept.xml", problems))
    g_error ("the saved file does not validate: %s\n%s",
             (const char *) g_ptr_array_index (problems, 0), xml);
  again = load_text (xml, "kept.xml");
  got = ph_scenario_to_xml (again, NULL);
  g_assert_cmpstr (got, ==, want);
}

/* @text with @old, which it holds exactly once, replaced by @new */
static char *
replace_once (const char *text,
              const char *old,
              const char *new)
{
  const char *at = strstr (text, old);

  g_assert_nonnull (at);
  g_assert_null (strstr (at + 1, old));
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, new, at + strlen (old));
}

/* The same in place: *@text (owned) becomes the new text */
static void
replace_in (char       **text,
            const char  *old,
            const char  *new)
{
  char *changed = replace_once (*text, old, new);

  g_free (*text);
  *text = changed;
}

/* The text of @s's canonical form from @first up to the end of the next
 * @last after it (without the line end) */
static char *
canonical_part (const PhScenario *s,
                const char       *first,
                const char       *last)
{
  g_autofree char *xml = ph_scenario_to_xml (s, NULL);
  const char *start = strstr (xml, first);
  const char *end;

  g_assert_nonnull (start);
  end = strstr (start, last);
  g_assert_nonnull (end);
  return g_strndup (start, end + strlen (last) - start);
}

static PhFigure *
figure (PhScenario *s,
        const char *id)
{
  PhFigure *f = ph_scenario_find_figure (s, id);

  g_assert_nonnull (f);
  return f;
}

static void
remove_figure (PhScenario *s,
               const char *id)
{
  g_assert_true (g_ptr_array_remove (s->figures, figure (s, id)));
  ph_scenario_reindex (s);
}

static void
remove_feature (PhScenario *s,
                const char *id)
{
  PhFeature *f = ph_scenario_find_feature (s, id);

  g_assert_nonnull (f);
  g_assert_true (g_ptr_array_remove (s->features, f));
  ph_scenario_reindex (s);
}

/* A copy of figure @id as @new_id at the end of the figures, at @x */
static void
add_copy (PhScenario *s,
          const char *id,
          const char *new_id,
          double      x)
{
  PhFigure *copy = ph_figure_copy (figure (s, id));

  g_free (copy->id);
  copy->id = g_strdup (new_id);
  copy->x = x;
  g_ptr_array_add (s->figures, copy);
  ph_scenario_reindex (s);
}

/* Tests */

/* Saved without a change, a file comes out as it went in. */
static void
test_unchanged (gconstpointer data)
{
  const char *path = data;
  g_autofree char *text = read_text (path);
  g_autoptr(PhScenario) s = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-keep-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (dir, "copy.xml", NULL);
  g_autofree char *written = NULL;

  s = ph_scenario_load_file (path, &error);
  g_assert_no_error (error);
  xml = saved (s);
  g_assert_cmpstr (xml, ==, text);

  /* and through a save to a file, twice */
  g_assert_true (ph_scenario_save_file (s, copy, &error));
  g_assert_no_error (error);
  g_assert_true (ph_scenario_save_file (s, copy, &error));
  written = read_text (copy);
  g_assert_cmpstr (written, ==, text);
  ph_test_remove_tree (dir);
}

/* A moved figure changes its x and nothing else. */
static void
test_moved (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *text = read_text (path);
  g_autoptr(PhScenario) s = load_text (text, path);
  g_autofree char *xml = NULL;
  g_autofree char *want = NULL;

  figure (s, "stark")->x = 35;
  xml = saved (s);
  want = replace_once (text, "x=\"33.50\" y=\"15\"", "x=\"35\" y=\"15\"");
  g_assert_cmpstr (xml, ==, want);
  assert_loads_to (xml, s);
}

/* An attribute that changed is rewritten where it stands, one that went is
 * taken out, one that came goes after its neighbour; the rest of the tag,
 * its line breaks and its quotes stay. */
static void
test_attributes (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *text = read_text (path);
  g_autoptr(PhScenario) s = load_text (text, path);
  g_autofree char *xml = NULL;
  g_autofree char *want = NULL;
  PhSide *rangers = ph_scenario_find_side (s, "rangers");

  figure (s, "cadet")->status = 0;
  figure (s, "scout")->name = g_strdup ("The Scout");
  figure (s, "pierre")->facing = 90;
  s->table.height = 40;
  rangers->color = 0x2f6b3b;
  xml = saved (s);

  want = replace_once (text, "troop=\"line\" leader=\"true\" status=\"moved\">",
                       "troop=\"line\" leader=\"true\">");
  replace_in (&want, "<figure id=\"scout\" side=",
                       "<figure id=\"scout\" name=\"The Scout\" side=");
  replace_in (&want, "x=\"28\" y=\"31\" facing=\"0\">",
                       "x=\"28\" y=\"31\" facing=\"90\">");
  replace_in (&want, "<table width='48' height=\"36.0\"/>",
                       "<table width='48' height=\"40\"/>");
  replace_in (&want, "color=\"#2F6B3A\"", "color=\"#2f6b3b\"");
  g_assert_cmpstr (xml, ==, want);
  assert_loads_to (xml, s);
}

/* An attribute the file leaves out is written when its default would
 * read back wrong: the depth of a square base follows its width, and the
 * width of a base follows the table's unit. */
static void
test_defaults_written (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *text = read_text (path);
  g_autoptr(PhScenario) s = load_text (text, path);
  g_autoptr(PhScenario) t = load_text (text, path);
  g_autofree char *xml = NULL;
  g_autofree char *want = NULL;

  g_assert_cmpfloat (figure (s, "rogers")->base_depth, ==, 1);
  figure (s, "rogers")->base_width = 2;
  xml = saved (s);
  want = replace_once (text, "base-width=\"1\" troop=\"light\" leader=\"true\">",
                       "base-width=\"2\" base-depth=\"1\" troop=\"light\" leader=\"true\">");
  g_assert_cmpstr (xml, ==, want);
  assert_loads_to (xml, s);

  /* a cm table: the 1 inch bases the file leaves out are now written
   * (the depth too, which follows the width) */
  t->table.unit = PH_UNIT_CM;
  g_clear_pointer (&xml, g_free);
  xml = saved (t);
  assert_loads_to (xml, t);
  g_assert_nonnull (strstr (xml, "<table width='48' height=\"36.0\" unit=\"cm\"/>"));
  g_assert_nonnull (strstr (xml, "<figure id=\"scout\" side=\"rangers\" x=\"6\" y=\"4\" "
                                 "base-width=\"1\" base-depth=\"1\"><mayhem"));
  g_assert_nonnull (strstr (xml, "<!-- his own tomahawk -->"));
}

/* A new figure goes after the last one, indented as its neighbours, its
 * weapons one step further; the comments stay where they were. */
static void
test_added (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *text = read_text (path);
  g_autoptr(PhScenario) s = load_text (text, path);
  g_autofree char *xml = NULL;
  g_autofree char *block = NULL;
  g_autofree char *insert = NULL;
  g_autofree char *want = NULL;
  const char *pierre_end = "<mayhem courage=\"3\" armament=\"4\"/></figure>";

  add_copy (s, "stark", "stark2", 34);
  xml = saved (s);
  /* the canonical form indents as this file does: two spaces a step */
  block = canonical_part (s, "    <figure id=\"stark2\"", "    </figure>");
  insert = g_strdup_printf ("%s\n%s", pierre_end, block);
  want = replace_once (text, pierre_end, insert);
  g_assert_cmpstr (xml, ==, want);
  g_assert_nonnull (strstr (block, "\n      <weapon kind=\"tomahawk\""));
  assert_loads_to (xml, s);
}

/* The same in a file indented with tabs: the new lines are too. */
static void
test_added_tabs (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *spaces = read_text (path);
  g_auto(GStrv) parts = g_strsplit (spaces, "  ", -1);
  g_autofree char *text = g_strjoinv ("\t", parts);
  g_autoptr(PhScenario) s = load_text (text, "tabs.xml");
  g_autofree char *xml = NULL;
  g_autofree char *block = NULL;
  g_auto(GStrv) block_parts = NULL;
  g_autofree char *tabbed = NULL;
  g_autofree char *insert = NULL;
  g_autofree char *want = NULL;
  const char *pierre_end = "<mayhem courage=\"3\" armament=\"4\"/></figure>";

  add_copy (s, "stark", "stark2", 34);
  xml = saved (s);
  block = canonical_part (s, "    <figure id=\"stark2\"", "    </figure>");
  block_parts = g_strsplit (block, "  ", -1);
  tabbed = g_strjoinv ("\t", block_parts);
  g_assert_true (g_str_has_prefix (tabbed, "\t\t<figure id=\"stark2\""));
  insert = g_strdup_printf ("%s\n%s", pierre_end, tabbed);
  want = replace_once (text, pierre_end, insert);
  g_assert_cmpstr (xml, ==, want);
  assert_loads_to (xml, s);
}

/* A removed figure takes its lines with it, the comments inside it, and
 * the comment above it when that comment was about it alone; a comment
 * over a group stays while any of the group does. */
static void
test_removed (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *text = read_text (path);
  const char *scout = "    <!-- the scout, alone on the hill -->\n"
                      "    <figure id=\"scout\" side=\"rangers\" x=\"6\" y=\"4\">"
                      "<mayhem courage=\"3\" armament=\"3\"/></figure>\n";
  const char *stark_start = "    <figure id=\"stark\"";
  const char *rogers_start = "    <figure id=\"rogers\"";
  const char *group = "    <!-- The rangers, by the mill -->\n";
  const char *stark_at = strstr (text, stark_start);
  const char *rogers_at = strstr (text, rogers_start);
  const char *scout_at = strstr (text, scout);
  g_autofree char *stark = g_strndup (stark_at, rogers_at - stark_at);
  g_autofree char *rogers = g_strndup (rogers_at, scout_at - rogers_at);

  /* the scout, and his own comment */
  {
    g_autoptr(PhScenario) s = load_text (text, path);
    g_autofree char *xml = NULL;
    g_autofree char *want = replace_once (text, scout, "");

    remove_figure (s, "scout");
    xml = saved (s);
    g_assert_cmpstr (xml, ==, want);
    assert_loads_to (xml, s);
  }
  /* Stark: the group's comment stays for Rogers; his own comment inside
   * goes with him */
  {
    g_autoptr(PhScenario) s = load_text (text, path);
    g_autofree char *xml = NULL;
    g_autofree char *want = replace_once (text, stark, "");

    remove_figure (s, "stark");
    xml = saved (s);
    g_assert_cmpstr (xml, ==, want);
    g_assert_nonnull (strstr (xml, group));
    g_assert_null (strstr (xml, "his own tomahawk"));
    assert_loads_to (xml, s);
  }
  /* both: the group's comment goes with them */
  {
    g_autoptr(PhScenario) s = load_text (text, path);
    g_autofree char *xml = NULL;
    g_autofree char *all = g_strconcat (group, stark, rogers, NULL);
    g_autofree char *want = replace_once (text, all, "");

    remove_figure (s, "stark");
    remove_figure (s, "rogers");
    xml = saved (s);
    g_assert_cmpstr (xml, ==, want);
    assert_loads_to (xml, s);
  }
  /* a feature with a comment after it on its line: both go; the blank
   * line and the next feature's comment stay */
  {
    g_autoptr(PhScenario) s = load_text (text, path);
    g_autofree char *xml = NULL;
    g_autofree char *want = replace_once (text, "\n    <feature id=\"copse\" kind=\"woods\">"
                                          "<circle cx=\"10\" cy=\"10\" r=\"5\"/></feature> "
                                          "<!-- small -->", "");

    remove_feature (s, "copse");
    xml = saved (s);
    g_assert_cmpstr (xml, ==, want);
    g_assert_nonnull (strstr (xml, "</feature>\n\n    <!-- the brook crosses"));
    assert_loads_to (xml, s);
  }
}

/* Terrain raised or lowered is written in its new order, each feature
 * with the comment above it. */
static void
test_reordered (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *text = read_text (path);
  g_autoptr(PhScenario) s = load_text (text, path);
  g_autofree char *xml = NULL;
  gpointer first;
  const char *brook, *mill;

  first = s->features->pdata[0];
  s->features->pdata[0] = s->features->pdata[2];
  s->features->pdata[2] = first;
  ph_scenario_changed (s);
  xml = saved (s);
  assert_loads_to (xml, s);
  brook = strstr (xml, "<!-- the brook crosses the whole table -->\n    <feature id=\"brook\"");
  mill = strstr (xml, "<feature id=\"mill\" kind=\"building\" name=\"The Mill\">\n"
                      "      <!-- the walls as measured on the table -->");
  g_assert_nonnull (brook);
  g_assert_nonnull (mill);
  g_assert_true (brook < mill);
  g_assert_nonnull (strstr (xml, "<!-- small -->"));
  /* nothing else moved: the sides and figures are as they were */
  g_assert_nonnull (strstr (xml, strstr (text, "  <sides>")));
}

/* A title that changed is written anew; the description, unchanged,
 * keeps its CDATA section; a description that changed is escaped. */
static void
test_text (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *text = read_text (path);
  g_autoptr(PhScenario) s = load_text (text, path);
  g_autofree char *xml = NULL;
  g_autofree char *want = NULL;

  g_free (s->title);
  s->title = g_strdup ("The Ford <at dawn>");
  xml = saved (s);
  want = replace_once (text, "<title>The Ford at Saint-Fran&#231;ois</title>",
                       "<title>The Ford &lt;at dawn&gt;</title>");
  g_assert_cmpstr (xml, ==, want);
  assert_loads_to (xml, s);

  g_free (s->description);
  s->description = g_strdup ("Rangers & regulars");
  g_clear_pointer (&xml, g_free);
  xml = saved (s);
  g_assert_nonnull (strstr (xml, "  <description>Rangers &amp; regulars</description>\n"
                                 "  <table width='48'"));
  assert_loads_to (xml, s);

  /* and without one at all */
  g_clear_pointer (&s->description, g_free);
  g_clear_pointer (&xml, g_free);
  xml = saved (s);
  g_assert_null (strstr (xml, "description"));
  g_assert_nonnull (strstr (xml, "&gt;</title>\n  <table width='48'"));
  assert_loads_to (xml, s);
}

/* A game started goes after the figures, before the comment that
 * follows them. */
static void
test_game_added (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *text = read_text (path);
  g_autoptr(PhScenario) s = load_text (text, path);
  g_autofree char *xml = NULL;
  g_autofree char *want = NULL;
  g_autofree char *insert = NULL;
  PhGame *game = ph_game_new (s, 1758);

  ph_game_store (game);
  ph_game_free (game);
  g_assert_nonnull (s->game_xml);
  xml = saved (s);
  insert = g_strdup_printf ("  </figures>\n  %s\n  <!-- no game yet -->", s->game_xml);
  want = replace_once (text, "  </figures>\n  <!-- no game yet -->", insert);
  g_assert_cmpstr (xml, ==, want);
  assert_loads_to (xml, s);
}

/* A file with a game, loaded and its game stored again as the window and
 * the command line do before saving: unchanged, byte for byte; a step
 * more rewrites the game and nothing else. */
static void
test_game_kept (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *text = read_text (path);
  g_autoptr(PhScenario) first = load_text (text, path);
  g_autoptr(PhScenario) s = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *with_game = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *after = NULL;
  const char *game_at;
  PhGame *game = ph_game_new (first, 1758);

  ph_game_store (game);
  ph_game_free (game);
  with_game = saved (first);

  s = load_text (with_game, "game.xml");
  game = ph_game_load (s, "game.xml", &error);
  g_assert_no_error (error);
  ph_game_store (game);
  xml = saved (s);
  g_assert_cmpstr (xml, ==, with_game);

  g_assert_true (ph_game_roll_tray (game, "2d6", NULL, &error));
  g_assert_no_error (error);
  ph_game_store (game);
  ph_game_free (game);
  after = saved (s);
  assert_loads_to (after, s);
  game_at = strstr (with_game, "  <game ");
  g_assert_nonnull (game_at);
  /* all before the game as it was; the game is the model's */
  g_assert_cmpint (strncmp (after, with_game, game_at - with_game), ==, 0);
  g_assert_true (g_str_has_prefix (after + (game_at - with_game) + 2, s->game_xml));
  g_assert_true (g_str_has_suffix (after, "  <!-- no game yet -->\n</scenario>\n"
                                          "<!-- the end of the file -->\n"));
}

/* A file in canonical form has nothing of its own: it stays canonical. */
static void
test_canonical_source (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *text = read_text (path);
  g_autoptr(PhScenario) first = load_text (text, path);
  g_autofree char *canonical = ph_scenario_to_xml (first, NULL);
  g_autoptr(PhScenario) s = load_text (canonical, "canonical.xml");
  g_autofree char *xml = NULL;
  g_autofree char *want = NULL;

  xml = saved (s);
  g_assert_cmpstr (xml, ==, canonical);
  g_clear_pointer (&xml, g_free);
  add_copy (s, "stark", "stark2", 34);
  remove_figure (s, "scout");
  xml = saved (s);
  want = ph_scenario_to_xml (s, NULL);
  g_assert_cmpstr (xml, ==, want);
}

/* Empty containers: a figure into <figures/>, house rules into a file
 * without <rules>, and an empty <terrain/> the model does not hold
 * stays. */
static void
test_empty_containers (void)
{
  const char *text =
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "  <title>Empty</title>\n"
    "  <table width=\"48\" height=\"36\"/>\n"
    "  <terrain/>\n"
    "  <sides><side id=\"a\" name=\"A\" color=\"#010203\"/></sides>\n"
    "  <figures/>\n"
    "</scenario>\n";
  g_autoptr(PhScenario) s = load_text (text, "empty.xml");
  g_autoptr(PhScenario) model = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *want = NULL;
  g_autofree char *fig = NULL;
  PhFigure *f;

  xml = saved (s);
  g_assert_cmpstr (xml, ==, text);
  g_clear_pointer (&xml, g_free);

  f = ph_figure_new ();
  f->id = g_strdup ("f");
  f->side = g_strdup ("a");
  f->x = f->y = 5;
  f->base_width = f->base_depth = 1;
  f->stats_kind = PH_STATS_MAYHEM;
  f->stats.mayhem.courage = 4;
  f->stats.mayhem.armament = 5;
  f->stats.mayhem.search = 6;
  g_ptr_array_add (s->figures, f);
  g_ptr_array_add (s->options, ph_option_new ("musket-range", "18"));
  ph_scenario_reindex (s);
  xml = saved (s);
  fig = canonical_part (s, "<figure id=\"f\"", "</figure>");
  want = g_strdup_printf
    ("<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
     "  <title>Empty</title>\n"
     "  <table width=\"48\" height=\"36\"/>\n"
     "  <rules>\n"
     "    <option name=\"musket-range\" value=\"18\"/>\n"
     "  </rules>\n"
     "  <terrain/>\n"
     "  <sides><side id=\"a\" name=\"A\" color=\"#010203\"/></sides>\n"
     "  <figures>\n"
     "    %s\n"
     "  </figures>\n"
     "</scenario>\n", fig);
  g_assert_cmpstr (xml, ==, want);
  assert_loads_to (xml, s);

  /* and back: the figure and the rules go, <figures> stays open */
  model = load_text (xml, "again.xml");
  g_ptr_array_set_size (model->figures, 0);
  g_ptr_array_set_size (model->options, 0);
  ph_scenario_reindex (model);
  g_clear_pointer (&xml, g_free);
  xml = saved (model);
  g_assert_cmpstr (xml, ==,
                   "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
                   "  <title>Empty</title>\n"
                   "  <table width=\"48\" height=\"36\"/>\n"
                   "  <terrain/>\n"
                   "  <sides><side id=\"a\" name=\"A\" color=\"#010203\"/></sides>\n"
                   "  <figures>\n"
                   "  </figures>\n"
                   "</scenario>\n");
  assert_loads_to (xml, model);
}

/* A file with CR LF line ends keeps them, in the new lines too. */
static void
test_crlf (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *lf = read_text (path);
  g_auto(GStrv) lines = g_strsplit (lf, "\n", -1);
  g_autofree char *text = g_strjoinv ("\r\n", lines);
  g_autoptr(PhScenario) s = load_text (text, "crlf.xml");
  g_autofree char *xml = saved (s);

  g_assert_cmpstr (xml, ==, text);
  g_clear_pointer (&xml, g_free);
  add_copy (s, "stark", "stark2", 34);
  xml = saved (s);
  g_assert_nonnull (strstr (xml, "</figure>\r\n    <figure id=\"stark2\""));
  g_assert_nonnull (strstr (xml, "\r\n      <weapon kind=\"tomahawk\" loaded=\"true\"/>\r\n"));
  g_assert_null (strstr (g_strstr_len (xml, -1, "stark2"), "/>\n"));
  assert_loads_to (xml, s);
}

/* Elements written with a prefix: the new ones get it too. */
static void
test_prefixed (void)
{
  const char *text =
    "<ph:scenario xmlns:ph=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "  <ph:title>Prefixed</ph:title>\n"
    "  <ph:table width=\"48\" height=\"36\"/>\n"
    "  <ph:sides><ph:side id=\"a\" name=\"A\" color=\"#010203\"/></ph:sides>\n"
    "  <ph:figures>\n"
    "    <ph:figure id=\"f\" side=\"a\" x=\"1\" y=\"2\"><ph:weapon kind=\"musket\"/></ph:figure>\n"
    "  </ph:figures>\n"
    "</ph:scenario>\n";
  g_autoptr(PhScenario) s = load_text (text, "prefixed.xml");
  g_autofree char *xml = saved (s);

  g_assert_cmpstr (xml, ==, text);
  g_clear_pointer (&xml, g_free);
  add_copy (s, "f", "g", 3);
  xml = saved (s);
  g_assert_nonnull (strstr (xml, "</ph:figure>\n    <ph:figure id=\"g\""));
  g_assert_nonnull (strstr (xml, "<ph:weapon kind=\"musket\" loaded=\"true\"/>\n    </ph:figure>"));
  assert_loads_to (xml, s);
}

/* A scenario made in memory has no source: the canonical form, as ever. */
static void
test_no_source (void)
{
  PhTable table = { 48, 36, PH_UNIT_IN, PH_GRID_SQUARE, 1, PH_MEASURE_EDGE };
  g_autoptr(PhScenario) s = ph_scenario_new_table (ph_test_ruleset ("musket-mayhem"), &table,
                                                   "New");
  g_autofree char *xml = saved (s);
  g_autofree char *canonical = ph_scenario_to_xml (s, NULL);

  g_assert_null (s->source);
  g_assert_cmpstr (xml, ==, canonical);
}

/* A save writes into what it wrote last, and the file keeps its
 * comments through several saves. */
static void
test_saved_twice (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *text = read_text (path);
  g_autofree char *dir = g_dir_make_tmp ("ph-test-keep-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "s.xml", NULL);
  g_autoptr(PhScenario) s = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;
  g_autofree char *want = NULL;

  g_assert_true (g_file_set_contents (file, text, -1, NULL));
  s = ph_scenario_load_file (file, &error);
  g_assert_no_error (error);
  figure (s, "stark")->x = 35;
  g_assert_true (ph_scenario_save_file (s, file, &error));
  g_assert_no_error (error);
  figure (s, "rogers")->y = 17;
  g_assert_true (ph_scenario_save_file (s, file, &error));
  g_assert_no_error (error);
  written = read_text (file);
  want = replace_once (text, "x=\"33.50\" y=\"15\"", "x=\"35\" y=\"15\"");
  replace_in (&want, "x=\"36\" y=\"16\"", "x=\"36\" y=\"17\"");
  g_assert_cmpstr (written, ==, want);
  /* the source is what was written */
  g_assert_cmpmem (g_bytes_get_data (s->source, NULL), g_bytes_get_size (s->source),
                   written, strlen (written));
  ph_test_remove_tree (dir);
}

/* The file changed on disk after it was loaded: the save writes into the
 * text as it was loaded (what the model came from), not into the other
 * program's. */
static void
test_changed_on_disk (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *text = read_text (path);
  g_autofree char *dir = g_dir_make_tmp ("ph-test-keep-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "s.xml", NULL);
  g_autofree char *other = NULL;
  g_autofree char *written = NULL;
  g_autofree char *want = NULL;
  g_autoptr(PhScenario) s = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (file, text, -1, NULL));
  s = ph_scenario_load_file (file, &error);
  g_assert_no_error (error);
  other = replace_once (text, "  <sides>\n", "  <!-- another program's -->\n  <sides>\n");
  g_assert_true (g_file_set_contents (file, other, -1, NULL));

  figure (s, "stark")->x = 35;
  g_assert_true (ph_scenario_save_file (s, file, &error));
  g_assert_no_error (error);
  written = read_text (file);
  want = replace_once (text, "x=\"33.50\" y=\"15\"", "x=\"35\" y=\"15\"");
  g_assert_cmpstr (written, ==, want);
  ph_test_remove_tree (dir);
}

/* Over the source of any other example (another ruleset, other figures,
 * other comments) the text saved still loads to the model exactly. */
static void
test_any_source (void)
{
  const char *names[] = {
    "featherstone-cacabelos-1809.xml", "firelock-bloody-run-1758.xml",
    "fistful-north-bridge-1775.xml", "guns-of-war-tithe-barn.xml",
    "musket-mayhem-fight-at-the-farmstead.xml",
  };
  g_autofree char *commented = commented_path ();

  for (guint i = 0; i <= G_N_ELEMENTS (names); i++)
    for (guint j = 0; j <= G_N_ELEMENTS (names); j++)
      {
        g_autofree char *a = i < G_N_ELEMENTS (names) ? ph_test_scenario_path (names[i])
                                                      : g_strdup (commented);
        g_autofree char *b = j < G_N_ELEMENTS (names) ? ph_test_scenario_path (names[j])
                                                      : g_strdup (commented);
        g_autoptr(GError) error = NULL;
        g_autoptr(PhScenario) model = ph_scenario_load_file (a, &error);
        g_autoptr(PhScenario) other = ph_scenario_load_file (b, &error);
        g_autofree char *xml = NULL;

        g_assert_no_error (error);
        g_bytes_unref (model->source);
        model->source = g_bytes_ref (other->source);
        xml = saved (model);
        assert_loads_to (xml, model);
        /* written into the other's text: its first comment is there */
        g_assert_true (g_str_has_prefix (xml, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!--"));
      }
}

/* Many random edits of each example, saved after each few: every text
 * saved loads to the model, and the comments of the file are all there
 * but for those of removed figures. */
static void
test_random_edits (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = ph_scenario_load_file (path, &error);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1758);
  g_autofree char *text = read_text (path);
  const char *first_comment_end = strstr (text, "-->");
  guint added = 0;

  g_assert_no_error (error);
  g_assert_nonnull (first_comment_end);
  for (guint step = 0; step < 120; step++)
    {
      guint n = s->figures->len;
      PhFigure *f = n > 0 ? g_ptr_array_index (s->figures, g_rand_int_range (rand, 0, (gint32) n))
                          : NULL;

      switch (g_rand_int_range (rand, 0, 9))
        {
        case 0:
          if (f)
            f->x = g_rand_int_range (rand, 1, 20);
          break;
        case 1:
          if (f)
            f->facing = g_rand_int_range (rand, 0, 360);
          break;
        case 2:
          if (f)
            f->status ^= PH_STATUS_FIRED;
          break;
        case 3:
          if (f && n > 2)
            remove_figure (s, f->id);
          break;
        case 4:
          if (f)
            {
              g_autofree char *id = g_strdup_printf ("new%u", added++);

              add_copy (s, f->id, id, g_rand_int_range (rand, 1, 20));
            }
          break;
        case 5:
          if (f && f->weapons->len > 0)
            g_array_remove_index (f->weapons, 0);
          break;
        case 6:
          if (s->features->len > 1)
            {
              gpointer p = s->features->pdata[0];

              s->features->pdata[0] = s->features->pdata[s->features->len - 1];
              s->features->pdata[s->features->len - 1] = p;
              ph_scenario_changed (s);
            }
          break;
        case 7:
          if (f)
            {
              g_free (f->name);
              f->name = g_rand_boolean (rand) ? g_strdup ("Renamed & <quoted>") : NULL;
            }
          break;
        default:
          if (f)
            {
              f->base_shape = PH_BASE_SQUARE;
              f->base_width += 0.5;
            }
          break;
        }
      if (step % 10 == 9)
        {
          g_autofree char *xml = saved (s);
          g_autofree char *head = g_strndup (text, first_comment_end - text);

          assert_loads_to (xml, s);
          /* kept, not written anew: the file's first comment is there */
          g_assert_true (g_str_has_prefix (xml, head));
        }
    }
}

/* Saving keeps what the file was: its mode (0600, 0640), its owner when
 * run as root, and a symbolic link stays a link to the file written. */
static void
test_file_kept (void)
{
  g_autofree char *path = commented_path ();
  g_autofree char *text = read_text (path);
  g_autofree char *dir = g_dir_make_tmp ("ph-test-keep-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "s.xml", NULL);
  g_autofree char *link = g_build_filename (dir, "link.xml", NULL);
  g_autofree char *target = NULL;
  g_autofree char *written = NULL;
  g_autoptr(PhScenario) s = NULL;
  g_autoptr(GError) error = NULL;
  const guint modes[] = { 0600, 0640 };
  GStatBuf st;

  g_assert_true (g_file_set_contents (file, text, -1, NULL));
  s = ph_scenario_load_file (file, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_assert_cmpint (g_chmod (file, (int) modes[i]), ==, 0);
      figure (s, "stark")->x = 30 + i;
      g_assert_true (ph_scenario_save_file (s, file, &error));
      g_assert_no_error (error);
      g_assert_cmpint (g_stat (file, &st), ==, 0);
      g_assert_cmpint (st.st_mode & 07777, ==, modes[i]);
    }

  g_assert_cmpint (symlink ("s.xml", link), ==, 0);
  figure (s, "stark")->x = 33;
  g_assert_true (ph_scenario_save_file (s, link, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  target = g_file_read_link (link, NULL);
  g_assert_cmpstr (target, ==, "s.xml");
  written = read_text (file);
  g_assert_nonnull (strstr (written, "x=\"33\" y=\"15\""));
  g_assert_nonnull (strstr (written, "<!-- his own tomahawk -->"));

  if (geteuid () == 0)
    {
      /* someone else's file stays theirs */
      g_assert_cmpint (chown (file, 4321, 4322), ==, 0);
      figure (s, "stark")->x = 34;
      g_assert_true (ph_scenario_save_file (s, file, &error));
      g_assert_no_error (error);
      g_assert_cmpint (g_stat (file, &st), ==, 0);
      g_assert_cmpuint (st.st_uid, ==, 4321);
      g_assert_cmpuint (st.st_gid, ==, 4322);
    }
  ph_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const char *examples[] = {
    "featherstone-cacabelos-1809.xml", "firelock-bloody-run-1758.xml",
    "fistful-north-bridge-1775.xml", "guns-of-war-tithe-barn.xml",
    "musket-mayhem-fight-at-the-farmstead.xml",
  };

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      char *path = ph_test_scenario_path (examples[i]);
      g_autofree char *unchanged = g_strdup_printf ("/scenario/keep/unchanged/%s", examples[i]);
      g_autofree char *random = g_strdup_printf ("/scenario/keep/random-edits/%s", examples[i]);

      g_ptr_array_add (paths, path);
      g_test_add_data_func (unchanged, path, test_unchanged);
      g_test_add_data_func (random, path, test_random_edits);
    }
  g_ptr_array_add (paths, commented_path ());
  g_test_add_data_func ("/scenario/keep/unchanged/commented.xml",
                        g_ptr_array_index (paths, paths->len - 1), test_unchanged);
  g_test_add_data_func ("/scenario/keep/random-edits/commented.xml",
                        g_ptr_array_index (paths, paths->len - 1), test_random_edits);

  g_test_add_func ("/scenario/keep/moved", test_moved);
  g_test_add_func ("/scenario/keep/attributes", test_attributes);
  g_test_add_func ("/scenario/keep/defaults-written", test_defaults_written);
  g_test_add_func ("/scenario/keep/added", test_added);
  g_test_add_func ("/scenario/keep/added-tabs", test_added_tabs);
  g_test_add_func ("/scenario/keep/removed", test_removed);
  g_test_add_func ("/scenario/keep/reordered", test_reordered);
  g_test_add_func ("/scenario/keep/text", test_text);
  g_test_add_func ("/scenario/keep/game-added", test_game_added);
  g_test_add_func ("/scenario/keep/game-kept", test_game_kept);
  g_test_add_func ("/scenario/keep/canonical-source", test_canonical_source);
  g_test_add_func ("/scenario/keep/empty-containers", test_empty_containers);
  g_test_add_func ("/scenario/keep/crlf", test_crlf);
  g_test_add_func ("/scenario/keep/prefixed", test_prefixed);
  g_test_add_func ("/scenario/keep/no-source", test_no_source);
  g_test_add_func ("/scenario/keep/saved-twice", test_saved_twice);
  g_test_add_func ("/scenario/keep/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/scenario/keep/any-source", test_any_source);
  g_test_add_func ("/scenario/keep/file-kept", test_file_kept);

  return g_test_run ();
}
