/* test-app-window.c: the window: the start screen, an example opened,
 * the shortcuts window
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips. Helpers in
 * ph-test-app.h.
 */
#include "ph-test-app.h"

static void
test_start_screen (void)
{
  PhWindow *window;
  g_autoptr(GPtrArray) examples = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  examples = ph_application_list_examples ();
  g_assert_cmpuint (examples->len, >, 0);

  window = ph_test_window_new ();
  g_assert_true (ph_window_is_unused (window));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-start.png");
  ph_test_window_destroy (window);
}

static void
test_open_example (void)
{
  PhWindow *window;
  PhDocument *document;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  g_assert_false (ph_window_is_unused (window));
  g_assert_false (ph_document_get_dirty (document));
  g_assert_cmpuint (ph_document_get_scenario (document)->figures->len, >, 0);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), !=, "Powderhorn");
  ph_test_save_screenshot (GTK_WIDGET (window), "app-open.png");

  /* The inspector on a selected figure */
  ph_test_click_figure (ph_window_get_map_view (window),
                        ph_test_find_figure (ph_document_get_scenario (document), NULL), 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "figure"));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-inspector.png");
  ph_test_window_destroy (window);
}

static GtkWidget *
find_shortcuts_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* not owned */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (GTK_IS_SHORTCUTS_WINDOW (item))
        return GTK_WIDGET (item);
    }
  return NULL;
}

static void
test_shortcuts_window (void)
{
  PhWindow *window;
  GtkWidget *shortcuts = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  PH_TEST_WAIT_UNTIL ((shortcuts = find_shortcuts_window ()) != NULL);
  ph_test_save_screenshot (shortcuts, "app-shortcuts.png");
  gtk_window_close (GTK_WINDOW (shortcuts));
  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/window/start-screen", test_start_screen);
  g_test_add_func ("/app/window/open-example", test_open_example);
  g_test_add_func ("/app/window/shortcuts", test_shortcuts_window);
  return ph_test_app_run ();
}
