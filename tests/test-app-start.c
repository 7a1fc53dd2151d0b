/* test-app-start.c: the start page: the recent scenarios beside the
 * bundled examples
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips. The recent
 * list is the scratch home's (ph_test_app_init() points XDG_DATA_HOME
 * there), never the user's. Helpers in ph-test-app.h.
 */
#include <glib/gstdio.h>

#include "ph-recent.h"
#include "ph-test-app.h"

#define RECENT_TITLE "Skirmish at the Recent Mill"

/* A copy of an example titled @title in a scratch folder of the test's
 * home */
static GFile *
write_scenario (const char *dir,
                const char *name,
                const char *title)
{
  g_autoptr(GFile) example = ph_test_example_file (PH_TEST_EXAMPLE_MAYHEM);
  g_autofree char *example_path = g_file_get_path (example);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(PhScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;

  scenario = ph_scenario_load_file (example_path, &error);
  g_assert_no_error (error);
  g_free (scenario->title);
  scenario->title = g_strdup (title);
  g_assert_true (ph_scenario_save_file (scenario, path, &error));
  g_assert_no_error (error);
  return g_file_new_for_path (path);
}

/* The start page's row whose title is @title, or NULL */
static GtkWidget *
find_row (PhWindow   *window,
          const char *title)
{
  GtkWidget *label = ph_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, title);

  return label ? gtk_widget_get_ancestor (label, GTK_TYPE_LIST_BOX_ROW) : NULL;
}

static gboolean
recent_shown (PhWindow *window)
{
  GtkWidget *heading = ph_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "Recent");

  g_assert_nonnull (heading);
  return gtk_widget_get_visible (heading);
}

/* The recent list: hidden while empty, a file that is gone left out, a
 * file added while the page is on show listed at once under its
 * scenario's title, and activating it opens that file as itself (Save
 * writes there), not as an untitled copy like an example. */
static void
test_recent_files (void)
{
  GtkRecentManager *manager;
  g_autofree char *dir = NULL;
  g_autoptr(GFile) gone = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *gone_path = NULL;
  PhWindow *window;
  PhDocument *document;
  GtkWidget *row = NULL;
  GtkWidget *other = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  manager = gtk_recent_manager_get_default ();
  dir = g_build_filename (g_get_home_dir (), "scenarios", NULL);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);

  window = ph_test_window_new ();
  document = ph_window_get_document (window);
  g_assert_false (recent_shown (window));

  /* A file that no longer exists is not listed. */
  gone = write_scenario (dir, "gone.xml", "Gone Before It Was Opened");
  ph_recent_add (manager, gone);
  gone_path = g_file_get_path (gone);
  g_assert_cmpint (g_unlink (gone_path), ==, 0);

  /* The page follows the recent list while it is on show. */
  file = write_scenario (dir, "mill.xml", RECENT_TITLE);
  ph_recent_add (manager, file);
  PH_TEST_WAIT_UNTIL ((row = find_row (window, RECENT_TITLE)) != NULL);
  g_assert_true (recent_shown (window));
  g_assert_null (find_row (window, "Gone Before It Was Opened"));
  g_assert_true (gtk_widget_get_sensitive (row));
  g_test_message ("row: %s", gtk_widget_get_tooltip_text (row));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-start-recent.png");

  /* the examples are still there, in their own list */
  other = find_row (window, "Fight at the Farmstead");
  g_assert_nonnull (other);
  g_assert_true (gtk_widget_get_parent (other) != gtk_widget_get_parent (row));

  g_signal_emit_by_name (gtk_widget_get_parent (row), "row-activated", row);
  PH_TEST_WAIT_UNTIL (!ph_window_is_unused (window));
  g_assert_nonnull (ph_document_get_file (document));
  g_assert_true (g_file_equal (ph_document_get_file (document), file));
  g_assert_false (ph_document_get_dirty (document));
  g_assert_cmpstr (ph_document_get_scenario (document)->title, ==, RECENT_TITLE);
  g_assert_cmpstr (ph_document_get_title (document), ==, RECENT_TITLE);

  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/start/recent-files", test_recent_files);
  return ph_test_app_run ();
}
