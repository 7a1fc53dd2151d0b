/* test-drafts.c: drafts of unsaved work (src/app/ph-drafts.c), no display
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Documents are edited through PhDocument as the window edits them; the
 * drafts are written by the main loop's timer, so the tests wait for the
 * files (ph-test-wait.h) with a short delay set. "Another program" is a
 * second PhDrafts on the same folder: flock() locks of two open files
 * exclude each other within one process as between two.
 */
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "ph-drafts.h"
#include "ph-test-wait.h"

#define EXAMPLE "musket-mayhem-fight-at-the-farmstead.xml"

typedef struct
{
  char *dir;          /* scratch: the scenario file, and drafts/ */
  char *drafts_dir;
  char *path;         /* a copy of the example */
  GFile *file;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *example = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  fixture->dir = g_dir_make_tmp ("ph-test-drafts-XXXXXX", NULL);
  g_assert_nonnull (fixture->dir);
  fixture->drafts_dir = g_build_filename (fixture->dir, "drafts", NULL);
  fixture->path = g_build_filename (fixture->dir, "farm.xml", NULL);
  example = g_build_filename (g_getenv ("PH_DATA_DIR"), "scenarios", EXAMPLE, NULL);
  g_assert_true (g_file_get_contents (example, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (fixture->path, contents, length, NULL));
  fixture->file = g_file_new_for_path (fixture->path);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->drafts_dir);
  g_free (fixture->path);
  g_object_unref (fixture->file);
}

static PhDrafts *
drafts_new (Fixture *fixture)
{
  PhDrafts *drafts = ph_drafts_new (fixture->drafts_dir);

  ph_drafts_set_delay (drafts, 10, 50);
  return drafts;
}

static PhDocument *
document_open (Fixture *fixture)
{
  PhDocument *document = ph_document_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (ph_document_load (document, fixture->file, &error));
  g_assert_no_error (error);
  return document;
}

/* Turns the first figure by @degrees: one undoable change */
static void
turn_first (PhDocument *document,
            double      degrees)
{
  PhFigure *figure = g_ptr_array_index (ph_document_get_scenario (document)->figures, 0);
  double facing = ph_angle_normalize (figure->facing + degrees);
  const char *ids[] = { figure->id };

  ph_document_turn_figures (document, 1, ids, &facing);
}

static char *
draft_file_path (Fixture    *fixture,
                 PhDocument *document,
                 PhDrafts   *drafts)
{
  g_autoptr(GFile) draft = ph_drafts_get_draft (drafts, document);

  return draft ? g_file_get_path (draft) : NULL;
}

/* The .ini beside @xml_path */
static GKeyFile *
draft_keys (const char *xml_path)
{
  g_autofree char *stem = g_strndup (xml_path, strlen (xml_path) - strlen (".xml"));
  g_autofree char *ini = g_strconcat (stem, ".ini", NULL);
  GKeyFile *keys = g_key_file_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (g_key_file_load_from_file (keys, ini, G_KEY_FILE_NONE, &error));
  g_assert_no_error (error);
  return keys;
}

static gboolean
file_has_contents (const char *path,
                   const char *expected)
{
  g_autofree char *contents = NULL;

  return g_file_get_contents (path, &contents, NULL, NULL) && g_strcmp0 (contents, expected) == 0;
}

static guint
count_files (const char *dir_path,
             const char *suffix)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;

  while (dir && (name = g_dir_read_name (dir)))
    n += g_str_has_suffix (name, suffix);
  return n;
}

static guint
file_mode (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return st.st_mode & 0777;
}

/* A change writes a draft; saving, undoing back to the saved state and
 * closing with the changes discarded each remove it. */
static void
test_write_and_remove (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(PhDrafts) drafts = drafts_new (fixture);
  g_autoptr(PhDocument) document = document_open (fixture);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *uri = g_file_get_uri (fixture->file);
  g_autoptr(GKeyFile) keys = NULL;
  g_autofree char *saved = NULL;
  g_autoptr(GDateTime) saved_time = NULL;

  /* Nothing unsaved: nothing written, no folder made */
  ph_drafts_track (drafts, document);
  g_assert_null (ph_drafts_get_draft (drafts, document));
  g_assert_false (g_file_test (fixture->drafts_dir, G_FILE_TEST_EXISTS));

  turn_first (document, 15);
  PH_TEST_WAIT_UNTIL ((path = draft_file_path (fixture, document, drafts)) != NULL);
  g_assert_true (g_str_has_prefix (path, fixture->drafts_dir));
  xml = ph_document_to_xml (document, NULL);
  g_assert_true (file_has_contents (path, xml));
  /* Only the user reads them. */
  g_assert_cmpuint (file_mode (fixture->drafts_dir), ==, 0700);
  g_assert_cmpuint (file_mode (path), ==, 0600);
  keys = draft_keys (path);
  {
    g_autofree char *file = g_key_file_get_string (keys, "Draft", "File", NULL);
    g_autofree char *stamp = g_key_file_get_string (keys, "Draft", "FileStamp", NULL);
    g_autofree char *title = g_key_file_get_string (keys, "Draft", "Title", NULL);

    g_assert_cmpstr (file, ==, uri);
    g_assert_nonnull (stamp);
    g_assert_cmpstr (stamp, ==, ph_document_get_file_stamp (document));
    g_assert_cmpstr (title, ==, "Fight at the Farmstead");
  }
  saved = g_key_file_get_string (keys, "Draft", "Saved", NULL);
  saved_time = g_date_time_new_from_iso8601 (saved, NULL);
  g_assert_nonnull (saved_time);
  g_assert_cmpuint (count_files (fixture->drafts_dir, ".ini"), ==, 1);
  g_assert_cmpuint (count_files (fixture->drafts_dir, ".lock"), ==, 1);

  /* Another change: the same draft, rewritten */
  turn_first (document, 15);
  g_free (xml);
  xml = ph_document_to_xml (document, NULL);
  PH_TEST_WAIT_UNTIL (file_has_contents (path, xml));
  g_assert_cmpuint (count_files (fixture->drafts_dir, ".xml"), ==, 1);
  g_assert_cmpuint (file_mode (path), ==, 0600);

  /* Saved: gone at once */
  g_assert_true (ph_document_save (document, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_files (fixture->drafts_dir, ".ini"), ==, 0);
  g_assert_null (ph_drafts_get_draft (drafts, document));

  /* Undone back to what was saved: gone */
  turn_first (document, -30);
  g_clear_pointer (&path, g_free);
  PH_TEST_WAIT_UNTIL ((path = draft_file_path (fixture, document, drafts)) != NULL);
  g_assert_true (ph_document_undo (document));
  g_assert_false (ph_document_get_dirty (document));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* Closed with the changes discarded: gone */
  turn_first (document, 45);
  g_clear_pointer (&path, g_free);
  PH_TEST_WAIT_UNTIL ((path = draft_file_path (fixture, document, drafts)) != NULL);
  ph_drafts_untrack (drafts, document, TRUE);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_files (fixture->drafts_dir, ".xml"), ==, 0);
}

/* Written a while after the last change, or at once when asked (or when
 * the document goes without being closed) */
static void
test_flush (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(PhDrafts) drafts = drafts_new (fixture);
  g_autoptr(PhDocument) document = document_open (fixture);
  g_autoptr(PhDocument) other = document_open (fixture);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) draft = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *path = NULL;

  /* An hour: never within this test */
  ph_drafts_set_delay (drafts, 3600 * 1000, 3600 * 1000);
  ph_drafts_track (drafts, document);
  ph_drafts_track (drafts, other);
  turn_first (document, 15);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_null (ph_drafts_get_draft (drafts, document));

  g_assert_true (ph_drafts_flush (drafts, &error));
  g_assert_no_error (error);
  draft = ph_drafts_get_draft (drafts, document);
  g_assert_nonnull (draft);
  path = g_file_get_path (draft);
  xml = ph_document_to_xml (document, NULL);
  g_assert_true (file_has_contents (path, xml));
  /* The clean one has none. */
  g_assert_null (ph_drafts_get_draft (drafts, other));

  /* Untracked without discarding: the pending change is written, and
   * the draft stays. */
  turn_first (other, 30);
  ph_drafts_untrack (drafts, other, FALSE);
  g_assert_cmpuint (count_files (fixture->drafts_dir, ".ini"), ==, 2);
}

/* A draft is offered only once the program that wrote it is gone, and to
 * one program at a time. */
static void
test_orphans (Fixture       *fixture,
              gconstpointer  data)
{
  PhDrafts *first = drafts_new (fixture);
  g_autoptr(PhDrafts) second = drafts_new (fixture);
  g_autoptr(PhDrafts) third = drafts_new (fixture);
  g_autoptr(PhDocument) document = document_open (fixture);
  g_autoptr(PhDocument) untitled = ph_document_new ();
  g_autoptr(GPtrArray) orphans = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *stamp = g_strdup (ph_document_get_file_stamp (document));
  g_autofree char *draft_path = NULL;
  PhDraftInfo *info;

  ph_drafts_track (first, document);
  ph_drafts_track (first, untitled);
  turn_first (document, 15);
  {
    g_autoptr(PhScenario) copy = ph_scenario_copy (ph_document_get_scenario (document));
    ph_document_set_scenario (untitled, copy, NULL);
  }
  turn_first (untitled, 15); /* dirty: its history has one step */
  PH_TEST_WAIT_UNTIL (ph_drafts_get_draft (first, document) && ph_drafts_get_draft (first, untitled));
  draft_path = draft_file_path (fixture, document, first);

  /* Its program runs: not an orphan */
  orphans = ph_drafts_find_orphans (second);
  g_assert_cmpuint (orphans->len, ==, 0);
  g_clear_pointer (&orphans, g_ptr_array_unref);

  /* The program goes without closing them (as when it is killed, its lock
   * goes): both are orphans, oldest first */
  ph_drafts_untrack (first, document, FALSE);
  ph_drafts_untrack (first, untitled, FALSE);
  g_object_unref (first);
  orphans = ph_drafts_find_orphans (second);
  g_assert_cmpuint (orphans->len, ==, 2);
  info = NULL;
  for (guint i = 0; i < orphans->len; i++)
    {
      PhDraftInfo *candidate = g_ptr_array_index (orphans, i);
      g_autofree char *path = g_file_get_path (candidate->draft);

      g_assert_cmpstr (candidate->title, ==, "Fight at the Farmstead");
      g_assert_nonnull (candidate->saved);
      if (g_strcmp0 (path, draft_path) == 0)
        info = candidate;
      else
        {
          g_assert_null (candidate->file);
          g_assert_null (candidate->file_stamp);
        }
    }
  g_assert_nonnull (info);
  g_assert_true (g_file_equal (info->file, fixture->file));
  g_assert_cmpstr (info->file_stamp, ==, stamp);
  g_assert_true (g_date_time_compare (((PhDraftInfo *) g_ptr_array_index (orphans, 0))->saved,
                                      ((PhDraftInfo *) g_ptr_array_index (orphans, 1))->saved) <= 0);

  /* Claimed by the second program: a third one starting meanwhile does
   * not offer them. */
  {
    g_autoptr(GPtrArray) none = ph_drafts_find_orphans (third);
    g_assert_cmpuint (none->len, ==, 0);
  }

  /* Let go undecided (the dialog closed): offered again later */
  ph_drafts_release_orphans (second);
  g_clear_pointer (&orphans, g_ptr_array_unref);
  orphans = ph_drafts_find_orphans (third);
  g_assert_cmpuint (orphans->len, ==, 2);

  /* Discarded: the files and the dead program's lock go. */
  for (guint i = 0; i < orphans->len; i++)
    ph_drafts_discard_orphan (third, g_ptr_array_index (orphans, i));
  ph_drafts_release_orphans (third);
  g_assert_cmpuint (count_files (fixture->drafts_dir, ".xml"), ==, 0);
  g_assert_cmpuint (count_files (fixture->drafts_dir, ".ini"), ==, 0);
  g_assert_cmpuint (count_files (fixture->drafts_dir, ".lock"), ==, 0);
  g_clear_pointer (&orphans, g_ptr_array_unref);
  orphans = ph_drafts_find_orphans (second);
  g_assert_cmpuint (orphans->len, ==, 0);
}

/* Restored: the edit is back, unsaved, bound to its file; the draft is
 * the restoring program's now and goes when the document is saved. */
static void
test_restore (Fixture       *fixture,
              gconstpointer  data)
{
  PhDrafts *first = drafts_new (fixture);
  g_autoptr(PhDrafts) second = drafts_new (fixture);
  g_autoptr(PhDrafts) third = drafts_new (fixture);
  g_autoptr(PhDocument) document = document_open (fixture);
  g_autoptr(PhDocument) restored = ph_document_new ();
  g_autoptr(GPtrArray) orphans = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *first_id = NULL;
  g_autofree char *draft_path = NULL;
  g_autofree char *xml = NULL;
  PhDraftInfo *info;
  PhFigure *figure, *back;
  guint n_events;

  /* A turned figure and a game with a roll, as one program had them */
  g_assert_true (ph_document_start_game (document, 7, &error));
  g_assert_no_error (error);
  g_assert_true (ph_document_game_roll (document, "3d6", "test", &error));
  g_assert_no_error (error);
  turn_first (document, 15);
  figure = g_ptr_array_index (ph_document_get_scenario (document)->figures, 0);
  n_events = ph_game_get_n_events (ph_document_get_game (document));
  ph_drafts_track (first, document);
  PH_TEST_WAIT_UNTIL ((draft_path = draft_file_path (fixture, document, first)) != NULL);
  xml = ph_document_to_xml (document, NULL);
  PH_TEST_WAIT_UNTIL (file_has_contents (draft_path, xml));
  {
    g_autoptr(GKeyFile) keys = draft_keys (draft_path);
    first_id = g_key_file_get_string (keys, "Draft", "Instance", NULL);
  }
  ph_drafts_untrack (first, document, FALSE);
  g_object_unref (first);

  orphans = ph_drafts_find_orphans (second);
  g_assert_cmpuint (orphans->len, ==, 1);
  info = g_ptr_array_index (orphans, 0);
  g_assert_true (ph_drafts_restore (second, info, restored, &error));
  g_assert_no_error (error);
  ph_drafts_release_orphans (second);

  g_assert_true (ph_document_get_dirty (restored));
  g_assert_true (g_file_equal (ph_document_get_file (restored), fixture->file));
  back = ph_scenario_find_figure (ph_document_get_scenario (restored), figure->id);
  g_assert_nonnull (back);
  g_assert_cmpfloat (back->facing, ==, figure->facing);
  g_assert_nonnull (ph_document_get_game (restored));
  g_assert_cmpuint (ph_game_get_n_events (ph_document_get_game (restored)), ==, n_events);

  /* The same files, now naming the second program, which runs: nobody
   * else offers them, and the dead program's lock is gone. */
  {
    g_autoptr(GFile) draft = ph_drafts_get_draft (second, restored);
    g_autofree char *path = g_file_get_path (draft);
    g_autoptr(GKeyFile) keys = draft_keys (path);
    g_autofree char *instance = g_key_file_get_string (keys, "Draft", "Instance", NULL);
    g_autoptr(GPtrArray) none = ph_drafts_find_orphans (third);
    g_autofree char *dead_lock = g_strconcat (first_id, ".lock", NULL);
    g_autofree char *dead_lock_path = g_build_filename (fixture->drafts_dir, dead_lock, NULL);

    g_assert_cmpstr (path, ==, draft_path);
    g_assert_cmpstr (instance, !=, first_id);
    g_assert_cmpuint (none->len, ==, 0);
    g_assert_false (g_file_test (dead_lock_path, G_FILE_TEST_EXISTS));
  }

  /* Saved to the original file: the draft goes, the file has the edit,
   * written into its own text (the draft is canonical; the file's
   * comments stay). */
  g_assert_true (ph_document_save (restored, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_files (fixture->drafts_dir, ".xml"), ==, 0);
  {
    g_autoptr(PhScenario) reread = ph_scenario_load_file (fixture->path, &error);
    g_autofree char *text = NULL;

    g_assert_no_error (error);
    g_assert_cmpfloat (ph_scenario_find_figure (reread, figure->id)->facing, ==, figure->facing);
    g_assert_true (g_file_get_contents (fixture->path, &text, NULL, NULL));
    g_assert_nonnull (strstr (text, "<!-- Musket Mayhem: the format's own \"Fight at the Farmstead\""));
    g_assert_nonnull (strstr (text, "<!-- The British, coming up the lane"));
  }
}

/* A draft that does not load stays, and the document is untouched. */
static void
test_restore_broken (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(PhDrafts) drafts = drafts_new (fixture);
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(GPtrArray) orphans = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = g_build_filename (fixture->drafts_dir, "broken.xml", NULL);
  g_autofree char *ini = g_build_filename (fixture->drafts_dir, "broken.ini", NULL);
  PhScenario *before = ph_document_get_scenario (document);

  g_assert_cmpint (g_mkdir_with_parents (fixture->drafts_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (xml, "<scenario><oops></scenario>", -1, NULL));
  g_assert_true (g_file_set_contents (ini, "[Draft]\nInstance=gone\nTitle=Broken\n", -1, NULL));

  orphans = ph_drafts_find_orphans (drafts);
  g_assert_cmpuint (orphans->len, ==, 1);
  g_assert_cmpstr (((PhDraftInfo *) g_ptr_array_index (orphans, 0))->title, ==, "Broken");
  g_assert_null (((PhDraftInfo *) g_ptr_array_index (orphans, 0))->saved);
  g_assert_false (ph_drafts_restore (drafts, g_ptr_array_index (orphans, 0), document, &error));
  g_assert_nonnull (error);
  g_test_message ("broken draft: %s", error->message);
  g_assert_true (ph_document_get_scenario (document) == before);
  g_assert_false (ph_document_get_dirty (document));
  ph_drafts_release_orphans (drafts);
  g_assert_true (g_file_test (xml, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (ini, G_FILE_TEST_EXISTS));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (g_getenv ("PH_DATA_DIR") == NULL)
    {
      g_printerr ("PH_DATA_DIR is not set\n");
      return 1;
    }

  g_test_add ("/drafts/write-and-remove", Fixture, NULL,
              fixture_set_up, test_write_and_remove, fixture_tear_down);
  g_test_add ("/drafts/flush", Fixture, NULL, fixture_set_up, test_flush, fixture_tear_down);
  g_test_add ("/drafts/orphans", Fixture, NULL, fixture_set_up, test_orphans, fixture_tear_down);
  g_test_add ("/drafts/restore", Fixture, NULL, fixture_set_up, test_restore, fixture_tear_down);
  g_test_add ("/drafts/restore-broken", Fixture, NULL,
              fixture_set_up, test_restore_broken, fixture_tear_down);

  return g_test_run ();
}
