/* test-app-files.c: files: a broken file, saving, closing with unsaved
 * changes, a file changed on disk, and the drafts a dead program left
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips. Helpers in
 * ph-test-app.h.
 */
#include <glib/gstdio.h>

#include "ph-recovery.h"
#include "ph-test-app.h"
#include "ph-test-files.h"
#include "ph-window-private.h"

static void
test_broken_file (void)
{
  PhWindow *window;
  PhDocument *document;
  PhScenario *before;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *title = NULL;
  GtkWidget *dialog;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  before = ph_document_get_scenario (document);
  title = g_strdup (gtk_window_get_title (GTK_WINDOW (window)));

  dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  path = g_build_filename (dir, "broken.xml", NULL);
  g_assert_true (g_file_set_contents (path,
                                      "<?xml version=\"1.0\"?>\n"
                                      "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
                                      "  <title>Broken</title>\n"
                                      "  <table width=\"-3\" height=\"48\"/>\n"
                                      "</scenario>\n", -1, NULL));
  file = g_file_new_for_path (path);

  ph_window_open (window, file);
  PH_TEST_WAIT_UNTIL (ph_test_find_message_dialog (GTK_WINDOW (window)) != NULL);

  /* An error is shown, naming the file and line; nothing changed. */
  {
    g_autofree char *text = NULL;
    g_autofree char *secondary = NULL;

    dialog = ph_test_error_dialog (window, &text, &secondary);
    g_assert_nonnull (strstr (text, "broken.xml"));
    g_assert_nonnull (secondary);
    g_assert_nonnull (strstr (secondary, "broken.xml:"));
  }
  ph_test_save_screenshot (dialog, "app-broken-file.png");
  g_assert_true (ph_document_get_scenario (document) == before);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, title);
  g_assert_false (ph_document_get_dirty (document));
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_unlink (path);
  g_rmdir (dir);
  ph_test_window_destroy (window);
}

static void
test_save_round_trip (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhFigure *figure;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "saved.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) reloaded = NULL;
  g_autofree char *xml_a = NULL;
  g_autofree char *xml_b = NULL;
  double x, y;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  figure = ph_test_find_figure (ph_document_get_scenario (document), NULL);

  ph_test_figure_widget_point (map_view, figure, &x, &y);
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (map_view, 25, 25);
  ph_map_view_end_drag (map_view, 25, 25);
  gtk_widget_activate_action (GTK_WIDGET (map_view), "map.turn", "d", 45.0);
  g_assert_true (ph_document_get_dirty (document));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));

  g_assert_true (ph_document_save_as (document, file, &error));
  g_assert_no_error (error);
  g_assert_false (ph_document_get_dirty (document));
  ph_test_run_until_idle ();
  g_assert_false (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));

  reloaded = ph_scenario_load_file (path, &error);
  g_assert_no_error (error);
  xml_a = ph_scenario_to_xml (ph_document_get_scenario (document), NULL);
  xml_b = ph_scenario_to_xml (reloaded, NULL);
  g_assert_cmpstr (xml_a, ==, xml_b);
  g_assert_cmpfloat_with_epsilon (ph_scenario_find_figure (reloaded, figure->id)->x, figure->x, 1e-9);

  /* Closing a clean window asks nothing. */
  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  ph_test_run_until_idle ();
  g_assert_null (ph_test_find_message_dialog (GTK_WINDOW (window)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_object_unref (window);

  g_unlink (path);
  g_rmdir (dir);
}

/* A scratch copy of @example in @dir */
static char *
copy_example (const char *dir,
              const char *example)
{
  g_autoptr(GFile) source = ph_test_example_file (example);
  g_autofree char *source_path = g_file_get_path (source);
  g_autofree char *contents = NULL;
  char *path = g_build_filename (dir, example, NULL);
  gsize length = 0;

  g_assert_true (g_file_get_contents (source_path, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (path, contents, length, NULL));
  return path;
}

/* Every figure turned by 15 degrees through the map's actions (Ctrl+A, ]) */
static void
turn_all (PhWindow *window)
{
  PhMapView *map_view = ph_window_get_map_view (window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map_view), "map.select-all", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map_view), "map.turn", "d", 15.0));
}

/* Another program writes @path: the same scenario with a comment after it */
static void
change_on_disk (const char *path)
{
  static int n = 0;
  g_autofree char *contents = NULL;
  g_autofree char *changed = NULL;

  /* each change its own mark: a reload keeps the comments of the file
   * it read, so a later save keeps them too */
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  changed = g_strdup_printf ("%s<!-- changed by another program (%d) -->\n", contents, ++n);
  g_assert_true (g_file_set_contents (path, changed, -1, NULL));
}

static gboolean
file_contains (const char *path,
               const char *text)
{
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return strstr (contents, text) != NULL;
}

/* The first figure's facing in @path */
static double
facing_in_file (const char *path,
                const char *id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) scenario = ph_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return ph_scenario_find_figure (scenario, id)->facing;
}

/* The dialog over @window, once it shows */
static GtkWidget *
wait_for_dialog (PhWindow *window)
{
  GtkWidget *dialog = NULL;

  PH_TEST_WAIT_UNTIL ((dialog = ph_test_find_message_dialog (GTK_WINDOW (window))) != NULL);
  return dialog;
}

/* Save asks before writing over a file another program changed: Cancel
 * keeps both, Reload takes the file's, Save Anyway writes ours. */
static void
test_changed_on_disk (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = copy_example (dir, PH_TEST_EXAMPLE_MAYHEM);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  PhWindow *window;
  PhDocument *document;
  PhFigure *figure;
  GtkWidget *dialog;
  double facing;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new ();
  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  document = ph_window_get_document (window);
  figure = ph_test_find_figure (ph_document_get_scenario (document), NULL);
  id = g_strdup (figure->id);
  facing = figure->facing;

  /* Nothing changed on disk: Save just saves. */
  turn_all (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  ph_test_run_until_idle ();
  g_assert_null (ph_test_find_message_dialog (GTK_WINDOW (window)));
  g_assert_false (ph_document_get_dirty (document));
  g_assert_cmpfloat (facing_in_file (path, id), ==, ph_angle_normalize (facing + 15));

  /* Changed: asked, and Cancel writes nothing. */
  turn_all (window);
  change_on_disk (path);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  dialog = wait_for_dialog (window);
  {
    g_autofree char *text = NULL;
    g_autofree char *secondary = NULL;

    ph_test_message_dialog_get_text (dialog, &text, &secondary);
    g_assert_cmpstr (text, ==, "The file changed on disk since you opened it");
    g_assert_nonnull (strstr (secondary, PH_TEST_EXAMPLE_MAYHEM));
  }
  ph_test_save_screenshot (dialog, "app-changed-on-disk.png");
  ph_test_message_dialog_respond (dialog, "cancel");
  PH_TEST_WAIT_UNTIL (ph_test_find_message_dialog (GTK_WINDOW (window)) == NULL);
  g_assert_true (file_contains (path, "changed by another program (1)"));
  g_assert_cmpfloat (facing_in_file (path, id), ==, ph_angle_normalize (facing + 15));
  g_assert_true (ph_document_get_dirty (document));

  /* Reload: the file as it is now, our turn gone */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  dialog = wait_for_dialog (window);
  ph_test_message_dialog_respond (dialog, "reload");
  PH_TEST_WAIT_UNTIL (ph_test_find_message_dialog (GTK_WINDOW (window)) == NULL);
  g_assert_false (ph_document_get_dirty (document));
  g_assert_cmpfloat (ph_scenario_find_figure (ph_document_get_scenario (document), id)->facing,
                     ==, ph_angle_normalize (facing + 15));
  g_assert_false (ph_document_get_file_changed (document));

  /* Save Anyway: ours replaces theirs. */
  turn_all (window);
  change_on_disk (path);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  dialog = wait_for_dialog (window);
  ph_test_message_dialog_respond (dialog, "save");
  PH_TEST_WAIT_UNTIL (ph_test_find_message_dialog (GTK_WINDOW (window)) == NULL);
  g_assert_false (ph_document_get_dirty (document));
  /* theirs (2) gone; the comment the reload read (1) is the file's own */
  g_assert_false (file_contains (path, "changed by another program (2)"));
  g_assert_true (file_contains (path, "changed by another program (1)"));
  g_assert_cmpfloat (facing_in_file (path, id), ==, ph_angle_normalize (facing + 30));
  g_assert_false (ph_document_get_file_changed (document));

  ph_test_window_destroy (window);
  g_unlink (path);
  g_rmdir (dir);
}

static void
cli (const char *path,
     ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autofree char *err = NULL;
  const char *arg;
  va_list ap;

  g_ptr_array_add (args, "game");
  g_ptr_array_add (args, (gpointer) path);
  va_start (ap, path);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  g_assert_cmpint (ph_test_run_cli_argv ((const char * const *) args->pdata, NULL, &err), ==, 0);
}

/* The window follows its file: powderhorn-cli playing a game into it is
 * reloaded at once when the window has no changes (the view and the
 * selection kept); with changes, a bar offers Reload or Keep Mine; the
 * window's own saves are never taken for another program's */
static void
test_follows_disk (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = copy_example (dir, PH_TEST_EXAMPLE_MAYHEM);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhViewport *viewport;
  GtkRevealer *bar;
  double scale;
  guint steps;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  if (g_getenv ("PH_CLI") == NULL)
    {
      g_test_skip ("PH_CLI is not set");
      return;
    }

  window = ph_test_window_new ();
  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  viewport = ph_map_view_get_viewport (map_view);
  bar = window->reload_revealer;
  ph_test_run_until_idle ();
  {
    PhFigure *figure = ph_test_find_figure (ph_document_get_scenario (document), NULL);

    id = g_strdup (figure->id);
    ph_test_click_figure (map_view, figure, 0);
  }
  ph_viewport_set_scale (viewport, ph_viewport_get_fit_scale (viewport) * 2);
  scale = ph_viewport_get_scale (viewport);
  ph_test_run_until_idle ();

  /* no changes here: the CLI's new game is read at once */
  cli (path, "--new", "--seed", "42", NULL);
  PH_TEST_WAIT_UNTIL (ph_document_get_game (document) != NULL);
  g_assert_false (gtk_revealer_get_reveal_child (bar));
  g_assert_false (ph_document_get_dirty (document));
  g_assert_cmpstr (ph_selection_get_primary (ph_document_get_selection (document))->id, ==, id);
  g_assert_cmpfloat_with_epsilon (ph_viewport_get_scale (viewport), scale, 1e-9);
  g_assert_nonnull (strstr (gtk_label_get_label (window->status_label), "Reloaded"));
  steps = ph_game_get_position (ph_document_get_game (document));
  g_assert_cmpuint (steps, >, 0);

  /* changes here: asked, nothing read until Reload */
  turn_all (window);
  g_assert_true (ph_document_get_dirty (document));
  /* (turning them in a game is the referee's step) */
  g_assert_cmpuint (ph_game_get_position (ph_document_get_game (document)), ==, steps + 1);
  cli (path, "initiative", NULL);
  PH_TEST_WAIT_UNTIL (gtk_revealer_get_reveal_child (bar));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-follows-disk.png");
  g_assert_cmpuint (ph_game_get_position (ph_document_get_game (document)), ==, steps + 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL));
  ph_test_run_until_idle ();
  g_assert_false (gtk_revealer_get_reveal_child (bar));
  g_assert_false (ph_document_get_dirty (document));
  g_assert_cmpstr (ph_game_get_event (ph_document_get_game (document), steps)->kind, ==,
                   "initiative");

  /* the window's own save: nothing to follow (the stamp it keeps is the
   * file's, which is what the watcher asks before anything) */
  turn_all (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  ph_test_run_until_idle ();
  g_assert_false (ph_document_get_file_changed (document));
  g_assert_false (gtk_revealer_get_reveal_child (bar));
  g_assert_false (ph_document_get_dirty (document));
  g_assert_null (ph_test_find_message_dialog (GTK_WINDOW (window)));
  g_assert_null (strstr (gtk_label_get_label (window->status_label), "Reloaded"));

  /* read while the user types in the dice tray: the keys stay there */
  {
    PhScenario *before = ph_document_get_scenario (document);
    GtkWidget *focus;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dice-tray", NULL));
    PH_TEST_WAIT_UNTIL (GTK_IS_TEXT (gtk_root_get_focus (GTK_ROOT (window))));
    focus = gtk_root_get_focus (GTK_ROOT (window));
    cli (path, "roll", "2d6", NULL);
    PH_TEST_WAIT_UNTIL (ph_document_get_scenario (document) != before);
    ph_test_run_until_idle ();
    g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == focus);
  }

  /* Keep Mine: the bar goes, the changes stay */
  turn_all (window);
  change_on_disk (path);
  PH_TEST_WAIT_UNTIL (gtk_revealer_get_reveal_child (bar));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.keep-mine", NULL));
  g_assert_false (gtk_revealer_get_reveal_child (bar));
  g_assert_true (ph_document_get_dirty (document));

  ph_test_window_destroy (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* Leaves a draft of @path with every figure turned by 15 degrees, as a
 * program killed before saving would */
static void
leave_draft (const char *path)
{
  PhApplication *application = ph_test_app_get_application ();
  PhDrafts *dead = ph_drafts_new (ph_drafts_get_directory (ph_application_get_drafts (application)));
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  PhScenario *scenario;
  g_autofree const char **ids = NULL;
  g_autofree double *facings = NULL;

  g_assert_true (ph_document_load (document, file, &error));
  g_assert_no_error (error);
  scenario = ph_document_get_scenario (document);
  ids = g_new0 (const char *, scenario->figures->len);
  facings = g_new0 (double, scenario->figures->len);
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      ids[i] = figure->id;
      facings[i] = ph_angle_normalize (figure->facing + 15);
    }
  ph_document_turn_figures (document, scenario->figures->len, ids, facings);
  ph_drafts_track (dead, document);
  g_assert_true (ph_drafts_flush (dead, &error));
  g_assert_no_error (error);
  g_assert_nonnull (ph_drafts_get_draft (dead, document));
  ph_drafts_untrack (dead, document, FALSE);
  g_object_unref (dead);
}

/* What a program that died left is offered back when the application
 * starts: Restore reopens it unsaved, bound to its file; Discard throws
 * it away. */
static void
test_recovery (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = copy_example (dir, PH_TEST_EXAMPLE_MAYHEM);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *id = NULL;
  PhDrafts *drafts;
  PhWindow *window;
  PhDocument *document;
  GtkWidget *dialog;
  double facing;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  drafts = ph_application_get_drafts (ph_test_app_get_application ());
  g_assert_nonnull (drafts);
  {
    g_autoptr(PhScenario) scenario = ph_scenario_load_file (path, NULL);
    PhFigure *figure = ph_test_find_figure (scenario, NULL);

    id = g_strdup (figure->id);
    facing = figure->facing;
  }

  window = ph_test_window_new ();
  /* This program's own drafts are never offered. */
  g_assert_null (ph_recovery_offer (ph_test_app_get_application (), window));

  leave_draft (path);
  dialog = ph_recovery_offer (ph_test_app_get_application (), window);
  g_assert_nonnull (dialog);
  g_assert_true (ph_test_find_message_dialog (GTK_WINDOW (window)) == dialog);
  {
    g_autofree char *text = NULL;
    g_autofree char *secondary = NULL;

    ph_test_message_dialog_get_text (dialog, &text, &secondary);
    g_test_message ("recovery: %s / %s", text, secondary);
    g_assert_cmpstr (text, ==, "Recover unsaved work?");
    g_assert_nonnull (strstr (secondary, "• Fight at the Farmstead — "));
    g_assert_nonnull (strstr (secondary, PH_TEST_EXAMPLE_MAYHEM));
  }
  ph_test_save_screenshot (dialog, "app-recovery.png");

  /* Restore: in this window (it showed nothing), unsaved, its file's */
  ph_test_message_dialog_respond (dialog, "restore");
  PH_TEST_WAIT_UNTIL (ph_test_find_message_dialog (GTK_WINDOW (window)) == NULL);
  document = ph_window_get_document (window);
  g_assert_true (ph_document_get_dirty (document));
  g_assert_true (g_file_equal (ph_document_get_file (document), file));
  g_assert_cmpfloat (ph_scenario_find_figure (ph_document_get_scenario (document), id)->facing,
                     ==, ph_angle_normalize (facing + 15));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• Fight at the Farmstead"));
  g_assert_nonnull (ph_drafts_get_draft (drafts, document));
  /* Taken over by this program: not offered again */
  g_assert_null (ph_recovery_offer (ph_test_app_get_application (), window));

  /* Ctrl+S saves it to the file (unchanged since): no question, and the
   * draft goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  ph_test_run_until_idle ();
  g_assert_null (ph_test_find_message_dialog (GTK_WINDOW (window)));
  g_assert_false (ph_document_get_dirty (document));
  g_assert_null (ph_drafts_get_draft (drafts, document));
  g_assert_cmpfloat (facing_in_file (path, id), ==, ph_angle_normalize (facing + 15));

  /* Discard: the draft goes, the window is left as it was. */
  leave_draft (path);
  dialog = ph_recovery_offer (ph_test_app_get_application (), window);
  g_assert_nonnull (dialog);
  ph_test_message_dialog_respond (dialog, "discard");
  PH_TEST_WAIT_UNTIL (ph_test_find_message_dialog (GTK_WINDOW (window)) == NULL);
  g_assert_false (ph_document_get_dirty (document));
  g_assert_null (ph_recovery_offer (ph_test_app_get_application (), window));

  /* Started with the file while a draft of it waits: Restore puts the
   * draft in the window that already shows the file, not in a second
   * window on the same file beside it. */
  {
    PhWindow *other = ph_test_window_new ();
    guint n_windows;

    leave_draft (path);
    n_windows = g_list_length (gtk_application_get_windows (GTK_APPLICATION (ph_test_app_get_application ())));
    dialog = ph_recovery_offer (ph_test_app_get_application (), other);
    g_assert_nonnull (dialog);
    ph_test_message_dialog_respond (dialog, "restore");
    PH_TEST_WAIT_UNTIL (ph_test_find_message_dialog (GTK_WINDOW (other)) == NULL);
    g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (ph_test_app_get_application ()))),
                      ==, n_windows);
    g_assert_true (ph_document_get_dirty (document));
    g_assert_true (g_file_equal (ph_document_get_file (document), file));
    g_assert_cmpfloat (ph_scenario_find_figure (ph_document_get_scenario (document), id)->facing,
                       ==, ph_angle_normalize (facing + 30));
    g_assert_true (ph_window_is_unused (other));
    ph_test_window_destroy (other);
  }

  ph_test_window_destroy (window);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_close_asks (void)
{
  PhWindow *window;
  PhDocument *document;
  GtkWidget *dialog;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  gtk_widget_activate_action (GTK_WIDGET (ph_window_get_map_view (window)), "map.select-all", NULL);
  gtk_widget_activate_action (GTK_WIDGET (ph_window_get_map_view (window)), "map.nudge", "(dd)", 1.0, 0.0);
  g_assert_true (ph_document_get_dirty (document));

  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  PH_TEST_WAIT_UNTIL ((dialog = ph_test_find_message_dialog (GTK_WINDOW (window))) != NULL);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  ph_test_save_screenshot (dialog, "app-unsaved.png");

  /* Cancel keeps the window; Discard closes it. */
  ph_test_message_dialog_respond (dialog, "cancel");
  PH_TEST_WAIT_UNTIL (ph_test_find_message_dialog (GTK_WINDOW (window)) == NULL);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));

  gtk_window_close (GTK_WINDOW (window));
  PH_TEST_WAIT_UNTIL ((dialog = ph_test_find_message_dialog (GTK_WINDOW (window))) != NULL);
  /* the window goes for good, as in the program (nobody else holds it):
   * no warning on the way (the dialog was freed under its own answer) */
  g_object_unref (window);
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  ph_test_message_dialog_respond (dialog, "discard");
  PH_TEST_WAIT_UNTIL (window == NULL);
}

static guint
count_ph_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      n += PH_IS_WINDOW (w);
    }
  return n;
}

/* Several files dropped on the window: the first opens there, each other
 * one in a window of its own */
static void
test_drop_several (void)
{
  PhWindow *window;
  g_autoptr(GListModel) controllers = NULL;
  GtkDropTarget *target = NULL;
  g_autoptr(GFile) a = NULL;
  g_autoptr(GFile) b = NULL;
  GSList *files = NULL;
  GValue value = G_VALUE_INIT;
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint before;
  guint n_windows = 0;
  gboolean done = FALSE;
  PhWindow *other = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new ();
  ph_test_run_until_idle ();
  before = count_ph_windows ();
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (c))
        target = GTK_DROP_TARGET (c);
    }
  g_assert_nonnull (target);
  a = ph_test_example_file (PH_TEST_EXAMPLE_MAYHEM);
  b = ph_test_example_file (PH_TEST_EXAMPLE_FIRELOCK);
  files = g_slist_append (files, a);
  files = g_slist_append (files, b);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_slist_free (files);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &done);
  g_value_unset (&value);
  g_assert_true (done);
  ph_test_run_until_idle ();

  /* this window has the first, a new one the second */
  g_assert_cmpstr (ph_document_get_scenario (ph_window_get_document (window))->title, ==,
                   "Fight at the Farmstead");
  n_windows = count_ph_windows ();
  g_assert_cmpuint (n_windows, ==, before + 1);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (PH_IS_WINDOW (w) && PH_WINDOW (w) != window
          && g_strcmp0 (ph_document_get_scenario (ph_window_get_document (PH_WINDOW (w)))->title,
                        "Ambush at Bloody Run, 1758") == 0)
        other = PH_WINDOW (w);
    }
  g_assert_nonnull (other);
  ph_test_window_destroy (other);
  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/files/broken-file", test_broken_file);
  g_test_add_func ("/app/files/save-round-trip", test_save_round_trip);
  g_test_add_func ("/app/files/close-asks", test_close_asks);
  g_test_add_func ("/app/files/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/app/files/follows-disk", test_follows_disk);
  g_test_add_func ("/app/files/recovery", test_recovery);
  g_test_add_func ("/app/files/drop-several", test_drop_several);
  return ph_test_app_run ();
}
