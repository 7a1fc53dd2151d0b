/* test-app-window.c: the window: the start screen, an example opened,
 * the shortcuts window
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips. Helpers in
 * ph-test-app.h.
 */
#include <string.h>

#include "ph-new-dialog.h"
#include "ph-window-private.h"
#include "ph-test-app.h"
#include "ph-test-ruleset.h"

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
  /* it fits a 1366 x 768 laptop's screen under its panel: more pages, not
   * a window wider and taller than the screen */
  {
    int width = 0, height = 0;

    gtk_widget_measure (shortcuts, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
    gtk_widget_measure (shortcuts, GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
    g_test_message ("the shortcuts window wants %d x %d", width, height);
    g_assert_cmpint (width, <=, 1366);
    g_assert_cmpint (height, <=, 740);
  }
  gtk_window_close (GTK_WINDOW (shortcuts));

  /* Ctrl+P prints the map, as users expect; the sheets are Ctrl+Shift+P */
  {
    GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));
    g_auto(GStrv) map = gtk_application_get_accels_for_action (app, "win.print-map-fit");
    g_auto(GStrv) sheets = gtk_application_get_accels_for_action (app, "win.print-sheets");
    g_auto(GStrv) edit = gtk_application_get_accels_for_action (app, "win.edit-table");

    g_assert_true (g_strv_contains ((const char * const *) map, "<Control>p"));
    g_assert_true (g_strv_contains ((const char * const *) sheets, "<Shift><Control>p")
                   || g_strv_contains ((const char * const *) sheets, "<Control><Shift>p"));
    g_assert_true (g_strv_contains ((const char * const *) edit, "<Control>e"));
  }
  ph_test_window_destroy (window);
}


static gboolean
has_tooltip (GtkWidget     *widget,
             gconstpointer  tooltip)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

static GtkWidget *
find_button (GtkWidget  *root,
             const char *label)
{
  return ph_test_find_widget (root, GTK_TYPE_BUTTON, label);
}

/* New Scenario from the start page: the ruleset fills in its usual table
 * (Featherstone in cm, Guns of War hexes measured centre to centre), the
 * presets are one click away, a grid too fine for the table is refused
 * with the reason, and Create opens an untitled table with two sides. */
static void
test_new_scenario (void)
{
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  PhNewDialog *dialog = NULL;
  GtkWidget *dialog_widget = NULL;
  PhTable table;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new ();
  document = ph_window_get_document (window);
  g_assert_nonnull (find_button (GTK_WIDGET (window), "_New Scenario…"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL));
  PH_TEST_WAIT_UNTIL ((dialog_widget = ph_test_find_new_dialog ()) != NULL);
  dialog = PH_NEW_DIALOG (dialog_widget);

  /* Musket Mayhem, the first table: 72 x 48 in, 1 in squares, edges */
  ph_new_dialog_get_table (dialog, &table);
  g_assert_cmpint (ph_new_dialog_get_ruleset (dialog), ==, ph_test_ruleset ("musket-mayhem"));
  g_assert_cmpfloat (table.width, ==, 72);
  g_assert_cmpfloat (table.height, ==, 48);
  g_assert_cmpint (table.unit, ==, PH_UNIT_IN);
  g_assert_cmpint (table.grid, ==, PH_GRID_SQUARE);
  g_assert_cmpfloat (table.grid_size, ==, 1);

  /* Featherstone: a cm table (183 x 122 cm), a 10-pace grid */
  ph_new_dialog_set_ruleset (dialog, ph_test_ruleset ("featherstone"));
  ph_new_dialog_get_table (dialog, &table);
  g_assert_cmpint (table.unit, ==, PH_UNIT_CM);
  g_assert_cmpfloat (table.width, ==, 183);
  g_assert_cmpfloat (table.height, ==, 122);
  g_assert_cmpfloat (table.grid_size, ==, 10);

  /* Guns of War: back to inches, 2 in hexes measured centre to centre */
  ph_new_dialog_set_ruleset (dialog, ph_test_ruleset ("guns-of-war"));
  ph_new_dialog_get_table (dialog, &table);
  g_assert_cmpint (table.unit, ==, PH_UNIT_IN);
  g_assert_cmpint (table.grid, ==, PH_GRID_HEX);
  g_assert_cmpfloat (table.grid_size, ==, 2);
  g_assert_cmpint (table.measure, ==, PH_MEASURE_CENTRE);

  /* The 4 x 4 ft preset, then the 180 x 120 cm one (5 cm hexes) */
  g_signal_emit_by_name (find_button (dialog_widget, "4 × 4 ft"), "clicked");
  ph_new_dialog_get_table (dialog, &table);
  g_assert_cmpfloat (table.width, ==, 48);
  g_assert_cmpfloat (table.height, ==, 48);
  g_signal_emit_by_name (find_button (dialog_widget, "180 × 120 cm"), "clicked");
  ph_new_dialog_get_table (dialog, &table);
  g_assert_cmpint (table.unit, ==, PH_UNIT_CM);
  g_assert_cmpfloat (table.width, ==, 180);
  g_assert_cmpfloat (table.grid_size, ==, 5);

  /* A grid too fine: refused, and the dialog says why */
  {
    GtkWidget *grid_size = ph_test_find_descendant (dialog_widget, has_tooltip,
                                                    "A square's side, or a hex's width across "
                                                    "flats, in table units");

    g_assert_nonnull (grid_size);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (grid_size), 0.01);
    g_assert_false (ph_new_dialog_create (dialog));
    g_assert_nonnull (ph_new_dialog_get_error (dialog));
    g_test_message ("%s", ph_new_dialog_get_error (dialog));
    g_assert_nonnull (strstr (ph_new_dialog_get_error (dialog), "too fine"));
    g_assert_true (ph_test_find_new_dialog () == dialog_widget);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (grid_size), 5);
  }
  ph_test_save_screenshot (dialog_widget, "app-new-scenario.png");
  g_assert_true (ph_new_dialog_create (dialog));
  PH_TEST_WAIT_UNTIL (ph_test_find_new_dialog () == NULL);

  scenario = ph_document_get_scenario (document);
  g_assert_cmpint (scenario->ruleset, ==, ph_test_ruleset ("guns-of-war"));
  g_assert_cmpfloat (scenario->table.width, ==, 180);
  g_assert_cmpfloat (scenario->table.height, ==, 120);
  g_assert_cmpint (scenario->table.grid, ==, PH_GRID_HEX);
  g_assert_cmpstr (scenario->title, ==, "Untitled");
  g_assert_cmpuint (scenario->sides->len, ==, 2);
  g_assert_cmpuint (scenario->figures->len, ==, 0);
  g_assert_null (ph_document_get_file (document));
  g_assert_false (ph_window_is_unused (window));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-new-table.png");
  ph_test_window_destroy (window);
}

/* A bundled example from the start page opens as an untitled copy: Save
 * will ask where, never writing over the installed file */
static void
test_example_copy (void)
{
  PhWindow *window;
  PhDocument *document;
  GtkWidget *list;
  GtkListBoxRow *row;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new ();
  document = ph_window_get_document (window);
  /* the list under the "Examples" heading (the recent files have theirs) */
  list = ph_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "Examples");
  g_assert_nonnull (list);
  list = gtk_widget_get_next_sibling (list);
  g_assert_true (GTK_IS_LIST_BOX (list));
  row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0);
  g_assert_nonnull (row);
  g_signal_emit_by_name (list, "row-activated", row);
  PH_TEST_WAIT_UNTIL (!ph_window_is_unused (window));
  g_assert_null (ph_document_get_file (document));
  g_assert_false (ph_document_get_dirty (document));
  g_assert_cmpuint (ph_document_get_scenario (document)->figures->len, >, 0);
  g_assert_null (strstr (gtk_window_get_title (GTK_WINDOW (window)), "/"));
  g_test_message ("%s", gtk_window_get_title (GTK_WINDOW (window)));
  ph_test_window_destroy (window);
}

/* The main menu opened and closed again: the map has the keys back at
 * once (M, [, ], the arrows), without a click on it */
static void
test_menu_returns_focus (void)
{
  PhWindow *window;
  GtkWidget *map;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  map = GTK_WIDGET (ph_window_get_map_view (window));
  gtk_menu_button_popup (window->primary_menu_button);
  ph_test_run_until_idle ();
  g_assert_false (gtk_widget_has_focus (map));
  /* and it fits a 1366x768 laptop's screen under the header bar (with
   * every item at the top it was taller than the screen) */
  {
    GtkPopover *popover = gtk_menu_button_get_popover (window->primary_menu_button);
    int natural = 0;

    gtk_widget_measure (GTK_WIDGET (popover), GTK_ORIENTATION_VERTICAL, -1, NULL, &natural,
                        NULL, NULL);
    g_test_message ("main menu: %d px tall", natural);
    g_assert_cmpint (natural, >, 200);
    g_assert_cmpint (natural, <, 640);
  }
  gtk_menu_button_popdown (window->primary_menu_button);
  PH_TEST_WAIT_UNTIL (gtk_widget_has_focus (map));
  /* the same after the markers' legend (found by driving the window) */
  {
    GtkWidget *legend = gtk_widget_get_next_sibling (GTK_WIDGET (window->status_label));

    g_assert_true (GTK_IS_MENU_BUTTON (legend));
    /* a click gives the button the focus, then opens it */
    gtk_widget_grab_focus (legend);
    gtk_menu_button_popup (GTK_MENU_BUTTON (legend));
    ph_test_run_until_idle ();
    g_assert_false (gtk_widget_has_focus (map));
    gtk_menu_button_popdown (GTK_MENU_BUTTON (legend));
    PH_TEST_WAIT_UNTIL (gtk_widget_has_focus (map));
  }
  /* and M reaches it: the tape */
  g_assert_true (gtk_widget_activate_action (map, "map.toggle-measure", NULL));
  g_assert_true (ph_map_view_get_measuring (PH_MAP_VIEW (map)));
  ph_test_window_destroy (window);
}

/* The Arc button shows only where it changes something: Musket Mayhem
 * draws the 45-degree arc anyway, Firelock only on request */
static void
test_arc_button (void)
{
  PhWindow *window;
  g_autoptr(GFile) firelock = NULL;
  g_autoptr(GError) error = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->arc_button)));
  firelock = ph_test_example_file (PH_TEST_EXAMPLE_FIRELOCK);
  g_assert_true (ph_window_load_file (window, firelock, &error));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->arc_button)));
  ph_test_window_destroy (window);
}

/* The side panel keeps the width it has: a line in it wider than the
 * panel (a long heading, a form's long choice) is clipped, and never
 * widens the panel, which moved and rescaled the map under the pointer
 * after a step */
static void
test_panel_keeps_width (void)
{
  PhWindow *window = ph_test_window_new_sized (1366, 740);
  PhMapView *map;
  GtkWidget *panel, *wide;
  g_autoptr(GString) text = g_string_new (NULL);
  int map_width;
  double scale;

  g_assert_true (ph_window_load_file (window, ph_test_example_file (PH_TEST_EXAMPLE_FIRELOCK),
                                      NULL));
  map = ph_window_get_map_view (window);
  ph_test_wait_drawn (GTK_WIDGET (window));
  map_width = gtk_widget_get_width (GTK_WIDGET (map));
  scale = ph_viewport_get_scale (ph_map_view_get_viewport (map));

  panel = ph_test_window_panel (window, PH_TYPE_SHOT_PANEL);
  for (int i = 0; i < 12; i++)
    g_string_append (text, "Turn 1 - a heading far too long ");
  wide = gtk_label_new (text->str);
  gtk_box_append (GTK_BOX (gtk_widget_get_first_child (panel)), wide);
  ph_test_wait_drawn (GTK_WIDGET (window));
  g_test_message ("map %d px wide before, %d after; the line wants %d", map_width,
                  gtk_widget_get_width (GTK_WIDGET (map)),
                  gtk_widget_get_width (wide));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (map)), ==, map_width);
  g_assert_cmpfloat (ph_viewport_get_scale (ph_map_view_get_viewport (map)), ==, scale);

  /* and the clipped panel never slides sideways to a widget taking the
   * focus (a press on Perform moved the button from under the pointer) */
  {
    GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
    GtkWidget *far = gtk_button_new_with_label ("Far");
    GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (window->panel_clip);

    g_object_ref (wide);
    gtk_box_remove (GTK_BOX (gtk_widget_get_first_child (panel)), wide);
    gtk_box_append (GTK_BOX (row), wide);
    g_object_unref (wide);
    gtk_box_append (GTK_BOX (row), far);
    gtk_box_append (GTK_BOX (gtk_widget_get_first_child (panel)), row);
    ph_test_wait_drawn (GTK_WIDGET (window));
    g_assert_cmpfloat (gtk_adjustment_get_value (h), ==, 0);
    gtk_widget_grab_focus (far);
    ph_test_wait_drawn (GTK_WIDGET (window));
    g_assert_true (gtk_widget_has_focus (far));
    g_assert_cmpfloat (gtk_adjustment_get_value (h), ==, 0);
    gtk_box_remove (GTK_BOX (gtk_widget_get_first_child (panel)), row);
  }
  ph_test_window_destroy (window);
}

/* The map keeps its height when the status under it or the turn over it
 * takes a second line (it moved and rescaled under the pointer) */
static void
test_bars_keep_height (void)
{
  PhWindow *window;
  GtkWidget *map;
  g_autoptr(GError) error = NULL;
  int before;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_sized (1366, 740);
  {
    g_autoptr(GFile) file = ph_test_example_file (PH_TEST_EXAMPLE_MAYHEM);

    g_assert_true (ph_window_load_file (window, file, &error));
    g_assert_no_error (error);
  }
  g_assert_true (ph_document_start_game (ph_window_get_document (window), 7, &error));
  g_assert_no_error (error);
  map = GTK_WIDGET (ph_window_get_map_view (window));
  gtk_label_set_label (window->status_label, "Short");
  gtk_label_set_label (window->turn_label, "Turn 1");
  ph_test_wait_drawn (GTK_WIDGET (window));
  before = gtk_widget_get_height (map);
  gtk_label_set_label (window->status_label,
                       "Sgt Smith · no move now: phase 1 is at step 3 (calculate firing): movement "
                       "belongs to step 2 (move all men), which is over; end the phase first · "
                       "right-click an enemy to act");
  gtk_label_set_label (window->turn_label,
                       "Turn 1 - Compagnies franches moving, the others may shoot - reacting: "
                       "Volt. Bardin, Sgt. Moreau - out of action: Cpl. O'Neal · next: Roll movement dice");
  ph_test_wait_drawn (GTK_WIDGET (window));
  g_test_message ("the map %d px tall, then %d", before, gtk_widget_get_height (map));
  g_assert_cmpint (gtk_widget_get_height (map), ==, before);
  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/window/start-screen", test_start_screen);
  g_test_add_func ("/app/window/open-example", test_open_example);
  g_test_add_func ("/app/window/menu-returns-focus", test_menu_returns_focus);
  g_test_add_func ("/app/window/arc-button", test_arc_button);
  g_test_add_func ("/app/window/new-scenario", test_new_scenario);
  g_test_add_func ("/app/window/example-copy", test_example_copy);
  g_test_add_func ("/app/window/shortcuts", test_shortcuts_window);
  g_test_add_func ("/app/window/panel-keeps-width", test_panel_keeps_width);
  g_test_add_func ("/app/window/bars-keep-height", test_bars_keep_height);
  return ph_test_app_run ();
}
