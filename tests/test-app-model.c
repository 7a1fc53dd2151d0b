/* test-app-model.c: the window's models, no display needed: the document
 * (commands, undo, redo, dirty, load, save) and the viewport
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ph-test-ruleset.h"
#include "ph-document.h"
#include "ph-viewport.h"

/* A small scenario built by hand: two sides, three figures. */
static PhScenario *
make_scenario (void)
{
  PhScenario *scenario = ph_scenario_new (ph_test_ruleset ("musket-mayhem"));
  const char *ids[] = { "smith", "jones", "otter" };
  const char *sides[] = { "british", "british", "french" };

  g_free (scenario->title);
  scenario->title = g_strdup ("Hand made");
  for (guint i = 0; i < 2; i++)
    {
      PhSide *side = ph_side_new ();

      side->id = g_strdup (i == 0 ? "british" : "french");
      side->name = g_strdup (i == 0 ? "British" : "French");
      side->color = i == 0 ? 0xb03a2e : 0x2e5fa8;
      g_ptr_array_add (scenario->sides, side);
    }
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      PhFigure *figure = ph_figure_new ();
      PhWeapon musket = { .kind = PH_WEAPON_MUSKET, .loaded = TRUE };

      figure->id = g_strdup (ids[i]);
      figure->side = g_strdup (sides[i]);
      figure->x = 10 + 10 * i;
      figure->y = 20;
      figure->facing = 90;
      g_array_append_val (figure->weapons, musket);
      figure->stats_kind = PH_STATS_MAYHEM;
      figure->stats.mayhem.courage = 4;
      figure->stats.mayhem.armament = 5;
      g_ptr_array_add (scenario->figures, figure);
    }
  ph_scenario_reindex (scenario);
  return scenario;
}

typedef struct
{
  guint n_changed;
  guint last_changes;
} ChangeCount;

static void
on_changed (PhDocument  *document,
            guint        changes,
            ChangeCount *count)
{
  count->n_changed++;
  count->last_changes = changes;
}

static void
test_document_move_undo_redo (void)
{
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(PhScenario) scenario = make_scenario ();
  ChangeCount count = { 0 };
  const char *ids[] = { "smith", "otter" };
  PhPoint positions[] = { { 12.5, 30 }, { 40, 5 } };
  PhFigure *smith, *otter;

  ph_document_set_scenario (document, scenario, NULL);
  g_signal_connect (document, "changed", G_CALLBACK (on_changed), &count);
  smith = ph_scenario_find_figure (ph_document_get_scenario (document), "smith");
  otter = ph_scenario_find_figure (ph_document_get_scenario (document), "otter");

  g_assert_false (ph_document_get_dirty (document));
  g_assert_false (ph_document_get_can_undo (document));

  ph_document_move_figures (document, 2, ids, positions);
  g_assert_cmpuint (count.n_changed, ==, 1);
  g_assert_cmpuint (count.last_changes, ==, PH_DOCUMENT_CHANGE_FIGURES);
  /* The figures are changed in place: pointers held elsewhere stay good. */
  g_assert_true (ph_scenario_find_figure (ph_document_get_scenario (document), "smith") == smith);
  g_assert_cmpfloat (smith->x, ==, 12.5);
  g_assert_cmpfloat (smith->y, ==, 30);
  g_assert_cmpfloat (otter->x, ==, 40);
  g_assert_true (ph_document_get_dirty (document));
  g_assert_true (ph_document_get_can_undo (document));
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Move 2 Figures");

  g_assert_true (ph_document_undo (document));
  g_assert_cmpfloat (smith->x, ==, 10);
  g_assert_cmpfloat (smith->y, ==, 20);
  g_assert_cmpfloat (otter->x, ==, 30);
  g_assert_false (ph_document_get_dirty (document));
  g_assert_true (ph_document_get_can_redo (document));
  g_assert_cmpstr (smith->id, ==, "smith");
  g_assert_true (ph_scenario_find_figure (ph_document_get_scenario (document), "smith") == smith);

  g_assert_true (ph_document_redo (document));
  g_assert_cmpfloat (smith->x, ==, 12.5);
  g_assert_cmpfloat (otter->y, ==, 5);
  g_assert_false (ph_document_redo (document));

  /* A new command drops what could have been redone. */
  g_assert_true (ph_document_undo (document));
  ph_document_turn_figures (document, 1, ids, (double[]) { -30 });
  g_assert_cmpfloat (smith->facing, ==, 330);
  g_assert_false (ph_document_get_can_redo (document));
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Turn smith");

  /* A move to where the figure already is, is no command. */
  count.n_changed = 0;
  ph_document_move_figures (document, 1, ids, (PhPoint[]) { { smith->x, smith->y } });
  g_assert_cmpuint (count.n_changed, ==, 0);
}

static void
test_document_update_figure (void)
{
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(PhScenario) scenario = make_scenario ();
  g_autoptr(GError) error = NULL;
  PhFigure *jones;
  PhFigure *edited;

  ph_document_set_scenario (document, scenario, NULL);
  jones = ph_scenario_find_figure (ph_document_get_scenario (document), "jones");

  edited = ph_figure_copy (jones);
  g_free (edited->name);
  edited->name = g_strdup ("Cpl Jones");
  edited->status |= PH_STATUS_FIRED;
  ph_document_update_figure (document, "Edit Jones", edited);
  ph_figure_free (edited);

  g_assert_cmpstr (jones->name, ==, "Cpl Jones");
  g_assert_cmpuint (jones->status, ==, PH_STATUS_FIRED);
  ph_document_undo (document);
  g_assert_null (jones->name);
  g_assert_cmpuint (jones->status, ==, 0);

  /* A side that does not exist is refused, and changes nothing. */
  edited = ph_figure_copy (jones);
  g_free (edited->side);
  edited->side = g_strdup ("prussians");
  if (ph_document_check_figure (document, edited, &error))
    g_test_incomplete ("the loader accepted a figure of an unknown side");
  else
    {
      g_assert_nonnull (error);
      g_test_message ("refused: %s", error->message);
    }
  ph_figure_free (edited);
  g_assert_cmpstr (jones->side, ==, "british");
}

/* A figure edit is judged on the figure, not against the game log kept in
 * the scenario, which is brought up to date only when saving: with the
 * game stepped back, an edit of another figure's name is still fine. */
static void
test_document_check_figure_in_game (void)
{
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", "guns-of-war.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  PhFigure *edited;

  g_assert_true (ph_document_load (document, file, &error));
  g_assert_no_error (error);
  g_assert_true (ph_document_game_seek (document, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ph_scenario_find_figure (ph_document_get_scenario (document),
                                            "horse")->stats.guns_of_war.reload_tokens, ==, 2);
  edited = ph_figure_copy (ph_scenario_find_figure (ph_document_get_scenario (document), "pikes"));
  g_free (edited->name);
  edited->name = g_strdup ("Pikes and shot");
  g_assert_true (ph_document_check_figure (document, edited, &error));
  g_assert_no_error (error);
  ph_figure_free (edited);
}

static void
test_document_save_load (void)
{
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(PhDocument) other = ph_document_new ();
  g_autoptr(PhScenario) scenario = make_scenario ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "saved.xml", NULL);
  g_autofree char *broken_path = g_build_filename (dir, "broken.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) broken = g_file_new_for_path (broken_path);
  g_autofree char *xml_a = NULL;
  g_autofree char *xml_b = NULL;
  PhScenario *before;
  const char *ids[] = { "jones" };

  ph_document_set_scenario (document, scenario, NULL);
  ph_document_move_figures (document, 1, ids, (PhPoint[]) { { 33, 44 } });
  g_assert_true (ph_document_get_dirty (document));

  g_assert_true (ph_document_save_as (document, file, &error));
  g_assert_no_error (error);
  g_assert_false (ph_document_get_dirty (document));
  g_assert_true (g_file_equal (ph_document_get_file (document), file));

  /* Undoing past the save point makes it dirty; redoing back, clean. */
  ph_document_undo (document);
  g_assert_true (ph_document_get_dirty (document));
  ph_document_redo (document);
  g_assert_false (ph_document_get_dirty (document));

  /* What was saved loads back to the same scenario. */
  g_assert_true (ph_document_load (other, file, &error));
  g_assert_no_error (error);
  xml_a = ph_scenario_to_xml (ph_document_get_scenario (document), NULL);
  xml_b = ph_scenario_to_xml (ph_document_get_scenario (other), NULL);
  g_assert_cmpstr (xml_a, ==, xml_b);
  g_assert_cmpstr (ph_document_get_title (other), ==, "Hand made");

  /* A broken file is refused and changes nothing. */
  g_assert_true (g_file_set_contents (broken_path, "<scenario><oops></scenario>", -1, NULL));
  before = ph_document_get_scenario (other);
  g_assert_false (ph_document_load (other, broken, &error));
  g_assert_nonnull (error);
  g_test_message ("broken file: %s", error->message);
  g_assert_true (ph_document_get_scenario (other) == before);
  g_assert_true (g_file_equal (ph_document_get_file (other), file));

  g_unlink (broken_path);
  g_unlink (path);
  g_rmdir (dir);
}

/* <game> content that is not a Powderhorn log is reserved: the document
 * opens the file without a game and writes that content back as it was. */
static void
test_document_reserved_game (void)
{
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(PhScenario) scenario = make_scenario ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "reserved.xml", NULL);
  g_autofree char *copy_path = g_build_filename (dir, "copy.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) copy = g_file_new_for_path (copy_path);
  g_autofree char *saved = NULL;

  scenario->game_xml = g_strdup ("<game turn=\"3\">\n    <deck>KS QH</deck>\n  </game>");
  g_assert_true (ph_scenario_save_file (scenario, path, &error));
  g_assert_no_error (error);

  g_assert_true (ph_document_load (document, file, &error));
  g_assert_no_error (error);
  g_assert_null (ph_document_get_game (document));
  g_assert_true (ph_document_save_as (document, copy, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (copy_path, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "<game turn=\"3\">\n    <deck>KS QH</deck>\n  </game>"));

  g_unlink (path);
  g_unlink (copy_path);
  g_rmdir (dir);
}

static void
test_document_examples (void)
{
  const char *data_dir = g_getenv ("PH_DATA_DIR");
  g_autofree char *dir_path = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  guint n = 0;

  if (data_dir == NULL)
    {
      g_test_skip ("PH_DATA_DIR is not set");
      return;
    }
  dir_path = g_build_filename (data_dir, "scenarios", NULL);
  dir = g_dir_open (dir_path, 0, NULL);
  if (dir == NULL)
    {
      g_test_skip ("no examples");
      return;
    }

  while ((name = g_dir_read_name (dir)))
    {
      g_autoptr(PhDocument) document = ph_document_new ();
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) error = NULL;

      if (!g_str_has_suffix (name, ".xml"))
        continue;
      file = g_file_new_build_filename (dir_path, name, NULL);
      g_assert_true (ph_document_load (document, file, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (ph_document_get_scenario (document)->figures->len, >, 0);
      g_assert_false (ph_document_get_dirty (document));
      n++;
    }
  g_assert_cmpuint (n, >, 0);
}

/* The file's identity: device, inode, size, mtime to the nanosecond */
static void
assert_stamp_of (const char *stamp,
                 const char *path)
{
  GStatBuf st;
  g_autofree char *expected = NULL;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  expected = g_strdup_printf ("%u:%" G_GUINT64_FORMAT ":%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT ".%09ld",
                              (guint) st.st_dev, (guint64) st.st_ino, (gint64) st.st_size,
                              (gint64) st.st_mtim.tv_sec, (long) st.st_mtim.tv_nsec);
  g_assert_cmpstr (stamp, ==, expected);
}

/* Sets @path's modification time, leaving its contents and inode */
static void
set_mtime (const char *path,
           guint64     seconds,
           guint32     nanoseconds)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, seconds,
                                              G_FILE_QUERY_INFO_NONE, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_attribute_uint32 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED_NSEC, nanoseconds,
                                              G_FILE_QUERY_INFO_NONE, NULL, &error));
  g_assert_no_error (error);
}

/* Save asks before it writes over a file another program changed: the
 * document knows the file it read or wrote. */
static void
test_document_file_changed (void)
{
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(PhScenario) scenario = make_scenario ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "watched.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;
  gsize length = 0;
  const char *ids[] = { "smith" };

  /* No file: nothing to compare with */
  ph_document_set_scenario (document, scenario, NULL);
  g_assert_null (ph_document_get_file_stamp (document));
  g_assert_false (ph_document_get_file_changed (document));

  /* Written: the stamp is the file's as it was written. */
  g_assert_true (ph_document_save_as (document, file, &error));
  g_assert_no_error (error);
  assert_stamp_of (ph_document_get_file_stamp (document), path);
  g_assert_false (ph_document_get_file_changed (document));

  /* Only the modification time changes (the same size and inode): a
   * change, to the nanosecond. */
  set_mtime (path, 1700000000, 123456789);
  g_assert_true (ph_document_get_file_changed (document));
  g_assert_true (ph_document_load (document, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (strrchr (ph_document_get_file_stamp (document), ':'), ==, ":1700000000.123456789");
  g_assert_false (ph_document_get_file_changed (document));
  set_mtime (path, 1700000000, 123456790);
  g_assert_true (ph_document_get_file_changed (document));
  set_mtime (path, 1700000000, 123456789);
  g_assert_false (ph_document_get_file_changed (document));

  /* Replaced by another program (a new inode, as editors save) */
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (path, contents, length, NULL));
  set_mtime (path, 1700000000, 123456789);
  g_assert_true (ph_document_get_file_changed (document));

  /* Saving over it records the new file; so does reading it again. */
  ph_document_move_figures (document, 1, ids, (PhPoint[]) { { 5, 6 } });
  g_assert_true (ph_document_save (document, &error));
  g_assert_no_error (error);
  g_assert_false (ph_document_get_file_changed (document));
  assert_stamp_of (ph_document_get_file_stamp (document), path);

  /* Gone: saving overwrites nothing */
  g_unlink (path);
  g_assert_false (ph_document_get_file_changed (document));

  g_rmdir (dir);
}

/* Save waits for a powderhorn-cli step under way on the same file (the
 * file's lock, held here by another open file) and, past its wait, says so
 * and leaves the file as it was. */
static void
test_document_save_waits_for_lock (void)
{
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(PhScenario) scenario = make_scenario ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "locked.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  const char *ids[] = { "smith" };
  PhFileLock *lock;

  ph_document_set_scenario (document, scenario, NULL);
  g_assert_true (ph_document_save_as (document, file, &error));
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  ph_document_move_figures (document, 1, ids, (PhPoint[]) { { 5, 6 } });

  lock = ph_file_lock (path, 1000, &error);
  g_assert_no_error (error);
  g_assert_false (ph_document_save (document, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_assert_nonnull (strstr (error->message, "another program is changing the file"));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  g_assert_true (ph_document_get_dirty (document));

  ph_file_unlock (lock);
  g_assert_true (ph_document_save (document, &error));
  g_assert_no_error (error);
  g_assert_false (ph_document_get_dirty (document));
  g_unlink (path);
  g_rmdir (dir);
}

/* The window's Save writes a moved figure into the file's own text: the
 * one attribute changes, the comments and the rest stay; saved again
 * unchanged, the file is the same; its mode too. */
static void
test_document_save_keeps_comments (void)
{
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *example = g_build_filename (g_getenv ("PH_DATA_DIR"), "scenarios",
                                               "musket-mayhem-fight-at-the-farmstead.xml", NULL);
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "farm.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *again = NULL;
  const char *ids[] = { "smith" };
  const char *old_xy = "<figure id=\"smith\" name=\"Sgt Smith\" side=\"british\" x=\"10\" y=\"40\"";
  const char *new_xy = "<figure id=\"smith\" name=\"Sgt Smith\" side=\"british\" x=\"12.5\" y=\"41\"";
  const char *at;
  GStatBuf st;

  g_assert_true (g_file_get_contents (example, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  g_assert_true (ph_document_load (document, file, &error));
  g_assert_no_error (error);
  ph_document_move_figures (document, 1, ids, (PhPoint[]) { { 12.5, 41 } });
  g_assert_true (ph_document_save (document, &error));
  g_assert_no_error (error);

  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  at = strstr (text, old_xy);
  g_assert_nonnull (at);
  g_assert_cmpuint (strlen (saved), ==, strlen (text) + 2);
  g_assert_cmpint (strncmp (saved, text, at - text), ==, 0);
  g_assert_true (g_str_has_prefix (saved + (at - text), new_xy));
  g_assert_cmpstr (saved + (at - text) + strlen (new_xy), ==, at + strlen (old_xy));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0640);

  g_assert_true (ph_document_save (document, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &again, NULL, NULL));
  g_assert_cmpstr (again, ==, saved);

  g_unlink (path);
  g_rmdir (dir);
}

/* The draft's text is what Save writes (for a scenario in canonical form);
 * a draft reads back as unsaved changes to the original file. */
static void
test_document_draft (void)
{
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(PhDocument) restored = ph_document_new ();
  g_autoptr(PhDocument) untitled = ph_document_new ();
  g_autoptr(PhScenario) scenario = make_scenario ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "original.xml", NULL);
  g_autofree char *draft_path = g_build_filename (dir, "draft.xml", NULL);
  g_autofree char *broken_path = g_build_filename (dir, "broken.xml", NULL);
  g_autofree char *saved_path = g_build_filename (dir, "saved.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) draft = g_file_new_for_path (draft_path);
  g_autoptr(GFile) broken = g_file_new_for_path (broken_path);
  g_autoptr(GFile) saved = g_file_new_for_path (saved_path);
  g_autofree char *xml = NULL;
  g_autofree char *saved_xml = NULL;
  g_autofree char *stamp = NULL;
  const char *ids[] = { "jones" };
  gsize length = 0;
  PhFigure *jones;

  ph_document_set_scenario (document, scenario, NULL);
  g_assert_true (ph_document_save_as (document, file, &error));
  g_assert_no_error (error);
  stamp = g_strdup (ph_document_get_file_stamp (document));
  ph_document_move_figures (document, 1, ids, (PhPoint[]) { { 33, 44 } });

  /* The text of the draft is the text Save writes. */
  xml = ph_document_to_xml (document, &length);
  g_assert_nonnull (xml);
  g_assert_cmpuint (length, ==, strlen (xml));
  g_assert_true (g_file_set_contents (draft_path, xml, length, NULL));
  g_assert_true (ph_document_save_as (document, saved, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (saved_path, &saved_xml, NULL, NULL));
  g_assert_cmpstr (xml, ==, saved_xml);

  /* Read back: dirty, nothing to undo, bound to the original file and to
   * its identity when the draft's document had read it */
  g_assert_true (ph_document_load_draft (restored, draft, file, stamp, &error));
  g_assert_no_error (error);
  g_assert_true (ph_document_get_dirty (restored));
  g_assert_false (ph_document_get_can_undo (restored));
  g_assert_true (g_file_equal (ph_document_get_file (restored), file));
  g_assert_cmpstr (ph_document_get_file_stamp (restored), ==, stamp);
  g_assert_false (ph_document_get_file_changed (restored));
  g_assert_cmpstr (ph_document_get_title (restored), ==, "Hand made");
  jones = ph_scenario_find_figure (ph_document_get_scenario (restored), "jones");
  g_assert_cmpfloat (jones->x, ==, 33);
  g_assert_cmpfloat (jones->y, ==, 44);

  /* Saved, it writes the original file and is clean. */
  g_assert_true (ph_document_save (restored, &error));
  g_assert_no_error (error);
  g_assert_false (ph_document_get_dirty (restored));
  {
    g_autoptr(PhScenario) reread = ph_scenario_load_file (path, &error);
    g_assert_no_error (error);
    g_assert_cmpfloat (ph_scenario_find_figure (reread, "jones")->x, ==, 33);
  }

  /* Untitled: no file, still unsaved */
  g_assert_true (ph_document_load_draft (untitled, draft, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_null (ph_document_get_file (untitled));
  g_assert_true (ph_document_get_dirty (untitled));

  /* A draft that does not load changes nothing. */
  g_assert_true (g_file_set_contents (broken_path, "<scenario><oops></scenario>", -1, NULL));
  g_assert_false (ph_document_load_draft (untitled, broken, file, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("broken draft: %s", error->message);
  g_assert_null (ph_document_get_file (untitled));
  g_assert_cmpfloat (ph_scenario_find_figure (ph_document_get_scenario (untitled), "jones")->x, ==, 33);

  g_unlink (path);
  g_unlink (draft_path);
  g_unlink (broken_path);
  g_unlink (saved_path);
  g_rmdir (dir);
}

/* With a game: the draft has its log, and none while the table shows a
 * replayed moment */
static void
test_document_draft_game (void)
{
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(PhDocument) restored = ph_document_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *draft_path = g_build_filename (dir, "draft.xml", NULL);
  g_autoptr(GFile) draft = g_file_new_for_path (draft_path);
  g_autoptr(GFile) example = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *log_a = NULL;
  g_autofree char *log_b = NULL;
  const char *data_dir = g_getenv ("PH_DATA_DIR");
  guint n;

  if (data_dir == NULL)
    {
      g_test_skip ("PH_DATA_DIR is not set");
      return;
    }
  example = g_file_new_build_filename (data_dir, "scenarios",
                                       "musket-mayhem-fight-at-the-farmstead.xml", NULL);
  g_assert_true (ph_document_load (document, example, &error));
  g_assert_no_error (error);
  g_assert_true (ph_document_start_game (document, 42, &error));
  g_assert_no_error (error);
  g_assert_true (ph_document_game_roll (document, "2d6", "test", &error));
  g_assert_no_error (error);
  n = ph_game_get_n_events (ph_document_get_game (document));
  g_assert_cmpuint (n, >=, 2);

  /* Replaying shows the past: no draft of it */
  g_assert_true (ph_document_game_seek (document, n - 1, &error));
  g_assert_no_error (error);
  g_assert_null (ph_document_to_xml (document, NULL));
  ph_document_game_back_to_now (document);

  xml = ph_document_to_xml (document, NULL);
  g_assert_nonnull (xml);
  g_assert_nonnull (strstr (xml, "<game"));
  g_assert_true (g_file_set_contents (draft_path, xml, -1, NULL));
  g_assert_true (ph_document_load_draft (restored, draft, example, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (ph_document_get_game (restored));
  g_assert_cmpuint (ph_game_get_n_events (ph_document_get_game (restored)), ==, n);
  log_a = ph_game_to_xml (ph_document_get_game (document));
  log_b = ph_game_to_xml (ph_document_get_game (restored));
  g_assert_cmpstr (log_a, ==, log_b);

  g_unlink (draft_path);
  g_rmdir (dir);
}

static void
test_viewport (void)
{
  g_autoptr(PhViewport) viewport = ph_viewport_new ();
  double tx, ty, wx, wy, scale;

  ph_viewport_set_size (viewport, 800, 600);
  ph_viewport_set_table_size (viewport, 72, 48);
  g_assert_true (ph_viewport_get_fitted (viewport));

  /* Fitted: the whole table shows, centred. */
  ph_viewport_table_to_widget (viewport, 36, 24, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 400, 1e-9);
  g_assert_cmpfloat_with_epsilon (wy, 300, 1e-9);
  ph_viewport_table_to_widget (viewport, 0, 0, &wx, &wy);
  g_assert_cmpfloat (wx, >=, 0);
  g_assert_cmpfloat (wy, >=, 0);
  ph_viewport_table_to_widget (viewport, 72, 48, &wx, &wy);
  g_assert_cmpfloat (wx, <=, 800);
  g_assert_cmpfloat (wy, <=, 600);

  /* Zooming keeps the point under the pointer where it is. */
  ph_viewport_widget_to_table (viewport, 123, 456, &tx, &ty);
  scale = ph_viewport_get_scale (viewport);
  ph_viewport_zoom_at (viewport, 2.0, 123, 456);
  g_assert_cmpfloat_with_epsilon (ph_viewport_get_scale (viewport), scale * 2, 1e-9);
  ph_viewport_table_to_widget (viewport, tx, ty, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 123, 1e-6);
  g_assert_cmpfloat_with_epsilon (wy, 456, 1e-6);
  g_assert_false (ph_viewport_get_fitted (viewport));

  /* Panning moves the table with the pointer. */
  ph_viewport_pan (viewport, 10, -20);
  ph_viewport_table_to_widget (viewport, tx, ty, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 133, 1e-6);
  g_assert_cmpfloat_with_epsilon (wy, 436, 1e-6);

  /* Far pans stop with part of the table still in view. */
  ph_viewport_pan (viewport, 1e6, 1e6);
  ph_viewport_table_to_widget (viewport, 0, 0, &wx, &wy);
  g_assert_cmpfloat (wx, <, 800);
  g_assert_cmpfloat (wy, <, 600);

  /* Zoom limits */
  ph_viewport_zoom_at (viewport, 1e9, 0, 0);
  g_assert_cmpfloat (ph_viewport_get_scale (viewport), ==, PH_VIEWPORT_MAX_SCALE);
  ph_viewport_zoom_at (viewport, 1e-9, 0, 0);
  g_assert_cmpfloat (ph_viewport_get_scale (viewport), ==, PH_VIEWPORT_MIN_SCALE);

  /* Fit again, and stay fitted through a resize. */
  ph_viewport_fit (viewport);
  ph_viewport_set_size (viewport, 1600, 1200);
  g_assert_true (ph_viewport_get_fitted (viewport));
  ph_viewport_table_to_widget (viewport, 36, 24, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, 800, 1e-9);
  g_assert_cmpfloat_with_epsilon (wy, 600, 1e-9);
}

/* Terrain: add, change, duplicate, restack and delete, each one undo step
 * that undoes exactly; a bad shape or a game under way changes nothing */
static PhFeature *
new_wood (const char *id, const char *name)
{
  PhFeature *f = ph_feature_new ();

  f->kind = PH_TERRAIN_WOODS;
  f->id = g_strdup (id);
  f->name = g_strdup (name);
  ph_shape_init_rect (&f->shape, (PhPoint) { 2, 2 }, (PhPoint) { 8, 6 });
  return f;
}

static const char *
feature_id_at (PhDocument *document, guint i)
{
  PhScenario *s = ph_document_get_scenario (document);

  return ((PhFeature *) g_ptr_array_index (s->features, i))->id;
}

static void
test_document_terrain (void)
{
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(PhScenario) scenario = make_scenario ();
  g_autoptr(GError) error = NULL;
  g_autofree char *copy_id = NULL;
  g_autofree char *before = NULL;
  PhScenario *s;
  PhFeature *f, *edited;
  PhPoint line[2] = { { 0, 10 }, { 12, 10 } };

  ph_document_set_scenario (document, scenario, NULL);
  s = ph_document_get_scenario (document);
  g_assert_cmpuint (s->features->len, ==, 0);

  /* a new wood, its label named after it */
  g_assert_true (ph_document_add_feature (document, new_wood ("hemlock", "Hemlock Wood"), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (s->features->len, ==, 1);
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Add Hemlock Wood");
  g_assert_nonnull (ph_scenario_find_feature (s, "hemlock"));

  /* a taken id is replaced: a figure's "smith" becomes "woods-1" */
  g_assert_true (ph_document_add_feature (document, new_wood ("smith", NULL), &error));
  g_assert_cmpstr (feature_id_at (document, 1), ==, "woods-1");

  /* moved 3 to the right */
  edited = ph_feature_copy (ph_scenario_find_feature (s, "hemlock"));
  ph_shape_translate (&edited->shape, 3, 0);
  g_assert_true (ph_document_update_feature (document, "Move Hemlock Wood", edited, &error));
  ph_feature_free (edited);
  f = ph_scenario_find_feature (s, "hemlock");
  g_assert_cmpfloat (f->shape.points[0].x, ==, 5);
  g_assert_cmpfloat (f->shape.bbox.x1, ==, 11);
  g_assert_true (ph_document_undo (document));
  f = ph_scenario_find_feature (s, "hemlock");
  g_assert_cmpfloat (f->shape.points[0].x, ==, 2);
  g_assert_true (ph_document_redo (document));
  g_assert_cmpfloat (ph_scenario_find_feature (s, "hemlock")->shape.points[0].x, ==, 5);

  /* a polygon of 2 points would not load: refused, nothing changes */
  before = ph_document_to_xml (document, NULL);
  edited = ph_feature_copy (ph_scenario_find_feature (s, "hemlock"));
  edited->shape.n_points = 2;
  g_assert_false (ph_document_update_feature (document, "Bad", edited, &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_test_message ("refused: %s", error->message);
  g_assert_nonnull (strstr (error->message, "3"));
  g_clear_error (&error);
  edited->shape.n_points = 4;
  ph_feature_free (edited);
  {
    g_autofree char *after = ph_document_to_xml (document, NULL);

    g_assert_cmpstr (after, ==, before);
  }
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Move Hemlock Wood");

  /* a fence must be a polyline; a polyline fence is fine */
  f = ph_feature_new ();
  f->kind = PH_TERRAIN_FENCE;
  ph_shape_init_rect (&f->shape, (PhPoint) { 0, 0 }, (PhPoint) { 1, 1 });
  g_assert_false (ph_document_add_feature (document, f, &error));
  g_clear_error (&error);
  f = ph_feature_new ();
  f->kind = PH_TERRAIN_FENCE;
  ph_shape_init_points (&f->shape, PH_SHAPE_POLYLINE, line, 2);
  ph_document_add_feature (document, f, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (feature_id_at (document, 2), ==, "fence-1");

  /* duplicate: aside by an inch, a new id, on top */
  g_assert_true (ph_document_duplicate_feature (document, "hemlock", &copy_id, &error));
  g_assert_cmpstr (copy_id, ==, "woods-2");
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Duplicate Hemlock Wood");
  f = ph_scenario_find_feature (s, copy_id);
  g_assert_cmpfloat (f->shape.points[0].x, ==, 6);
  g_assert_cmpfloat (f->shape.points[0].y, ==, 3);
  g_assert_cmpstr (f->name, ==, "Hemlock Wood");

  /* drawing order: hemlock to the top, then one down */
  g_assert_true (ph_document_restack_feature (document, "hemlock", G_MAXINT, &error));
  g_assert_cmpstr (feature_id_at (document, 3), ==, "hemlock");
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Bring Hemlock Wood to Front");
  g_assert_false (ph_document_restack_feature (document, "hemlock", 1, &error));
  g_assert_no_error (error);
  g_assert_true (ph_document_restack_feature (document, "hemlock", -1, &error));
  g_assert_cmpstr (feature_id_at (document, 2), ==, "hemlock");
  g_assert_cmpstr (feature_id_at (document, 3), ==, "woods-2");

  /* delete, undo, redo */
  g_assert_true (ph_document_remove_feature (document, "hemlock", &error));
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Delete Hemlock Wood");
  g_assert_null (ph_scenario_find_feature (s, "hemlock"));
  g_assert_cmpuint (s->features->len, ==, 3);
  g_assert_true (ph_document_undo (document));
  g_assert_nonnull (ph_scenario_find_feature (s, "hemlock"));
  g_assert_cmpstr (feature_id_at (document, 2), ==, "hemlock");
  g_assert_false (ph_document_remove_feature (document, "nowhere", &error));
  g_assert_nonnull (strstr (error->message, "nowhere"));
  g_clear_error (&error);

  /* all the way back to no terrain, and forward again */
  while (ph_document_get_can_undo (document))
    g_assert_true (ph_document_undo (document));
  g_assert_cmpuint (s->features->len, ==, 0);
  while (ph_document_get_can_redo (document))
    g_assert_true (ph_document_redo (document));
  g_assert_cmpuint (s->features->len, ==, 3);
  g_assert_null (ph_scenario_find_feature (s, "hemlock"));

  /* during a game the table stays as the log knows it */
  g_assert_true (ph_document_start_game (document, 7, &error));
  g_assert_false (ph_document_remove_feature (document, "woods-1", &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_assert_cmpuint (s->features->len, ==, 3);
  g_clear_error (&error);

  /* nor its size, its house rules or its sides (a wheel once took the
   * table from 48 to 47 in mid-game); the title and a side's name may
   * change */
  {
    g_autoptr(PhScenario) changed = ph_scenario_copy (s);
    double width = s->table.width;

    changed->table.width = width - 1;
    g_assert_false (ph_document_set_properties (document, "Change the Table", changed, &error));
    g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "A game is under way"));
    g_assert_cmpfloat (s->table.width, ==, width);
    g_clear_error (&error);

    changed->table.width = width;
    g_ptr_array_set_size (changed->sides, 1);
    g_assert_false (ph_document_set_properties (document, "Delete Side", changed, &error));
    g_assert_cmpuint (s->sides->len, ==, 2);
    g_clear_error (&error);
  }
  {
    g_autoptr(PhScenario) changed = ph_scenario_copy (s);

    g_free (changed->title);
    changed->title = g_strdup ("The Woods, Renamed");
    g_assert_true (ph_document_set_properties (document, "Change the Title", changed, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (s->title, ==, "The Woods, Renamed");
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/app/document/move-undo-redo", test_document_move_undo_redo);
  g_test_add_func ("/app/document/update-figure", test_document_update_figure);
  g_test_add_func ("/app/document/check-figure-in-game", test_document_check_figure_in_game);
  g_test_add_func ("/app/document/save-load", test_document_save_load);
  g_test_add_func ("/app/document/reserved-game", test_document_reserved_game);
  g_test_add_func ("/app/document/examples", test_document_examples);
  g_test_add_func ("/app/document/file-changed", test_document_file_changed);
  g_test_add_func ("/app/document/save-waits-for-lock", test_document_save_waits_for_lock);
  g_test_add_func ("/app/document/save-keeps-comments", test_document_save_keeps_comments);
  g_test_add_func ("/app/document/draft", test_document_draft);
  g_test_add_func ("/app/document/draft-game", test_document_draft_game);
  g_test_add_func ("/app/document/terrain", test_document_terrain);
  g_test_add_func ("/app/viewport", test_viewport);

  return g_test_run ();
}
