/* test-app-edit.c: adding, duplicating and deleting figures in the window
 * (src/app/ph-window-edit.c, the document's add and remove commands)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips. The actions
 * are the ones Insert, Ctrl+D and Delete fire on the map.
 */
#include <glib/gstdio.h>
#include <string.h>

#include "ph-document.h"
#include "ph-window-private.h"
#include "ph-map-view-private.h"
#include "ph-new-dialog.h"
#include "ph-scenario-panel.h"
#include "ph-selection.h"
#include "ph-test-app.h"
#include "ph-test-ruleset.h"

/* The scenario as it would be saved loads back */
static void
assert_saves (PhDocument *document)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = ph_scenario_to_checked_xml (ph_document_get_scenario (document), NULL,
                                                     NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (xml);
}

static void
test_add_duplicate_delete (void)
{
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  PhSelection *selection;
  PhFigure *first, *second, *copy;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_on_new_table ("musket-mayhem");
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  selection = ph_document_get_selection (document);

  /* Insert twice: two of the ruleset's men, side-1's, not on one spot */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-figure", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-figure", NULL));
  g_assert_cmpuint (scenario->figures->len, ==, 2);
  first = g_ptr_array_index (scenario->figures, 0);
  second = g_ptr_array_index (scenario->figures, 1);
  g_assert_cmpstr (first->id, ==, "figure-1");
  g_assert_cmpstr (second->id, ==, "figure-2");
  g_assert_cmpstr (first->side, ==, "side-1");
  g_assert_cmpint (first->stats.mayhem.courage, ==, 4);
  g_assert_true (first->x != second->x || first->y != second->y);
  g_assert_true (ph_selection_get_primary (selection) == second);
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Add Figure");
  assert_saves (document);

  /* Ctrl+D: a copy with a fresh id, a base's width and a half along */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.duplicate", NULL));
  g_assert_cmpuint (scenario->figures->len, ==, 3);
  copy = g_ptr_array_index (scenario->figures, 2);
  g_assert_cmpstr (copy->id, ==, "figure-3");
  g_assert_cmpfloat (copy->x, ==, second->x + 1.5);
  g_assert_true (ph_selection_get_primary (selection) == copy);

  /* Delete: the copy goes; undo brings back the same figure */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.delete", NULL));
  g_assert_cmpuint (scenario->figures->len, ==, 2);
  g_assert_null (ph_scenario_find_figure (scenario, "figure-3"));
  g_assert_cmpuint (ph_selection_get_n_figures (selection), ==, 0);
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Delete figure-3");
  g_assert_true (ph_document_undo (document));
  g_assert_cmpuint (scenario->figures->len, ==, 3);
  g_assert_true (g_ptr_array_index (scenario->figures, 2) == copy);
  g_assert_true (ph_scenario_find_figure (scenario, "figure-3") == copy);
  assert_saves (document);

  /* Undo everything, redo everything */
  g_assert_true (ph_document_undo (document));
  g_assert_true (ph_document_undo (document));
  g_assert_true (ph_document_undo (document));
  g_assert_cmpuint (scenario->figures->len, ==, 0);
  g_assert_false (ph_document_get_dirty (document));
  g_assert_true (ph_document_redo (document));
  g_assert_true (ph_document_redo (document));
  g_assert_true (ph_document_redo (document));
  g_assert_true (ph_document_redo (document));
  g_assert_cmpuint (scenario->figures->len, ==, 2);
  g_assert_true (g_ptr_array_index (scenario->figures, 0) == first);
  assert_saves (document);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-edit-figures.png");

  ph_test_window_destroy (window);
}

/* A game under way names its figures: adding and deleting are refused,
 * with the reason, and nothing changes */
static void
test_refused_during_game (void)
{
  PhWindow *window;
  PhDocument *document;
  g_autoptr(GPtrArray) figures = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_figure_free);
  g_autoptr(GError) error = NULL;
  guint n;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  g_assert_true (ph_document_start_game (document, 7, &error));
  g_assert_no_error (error);
  n = ph_document_get_scenario (document)->figures->len;
  g_ptr_array_add (figures, ph_ruleset_new_figure (ph_document_get_scenario (document),
                                                   "british", 10, 10, 0));
  g_assert_false (ph_document_add_figures (document, "Add Figure", figures, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_cmpuint (figures->len, ==, 1);
  g_assert_cmpuint (ph_document_get_scenario (document)->figures->len, ==, n);
  ph_test_window_destroy (window);
}

static gboolean
entry_says (GtkWidget     *widget,
            gconstpointer  text)
{
  return GTK_IS_ENTRY (widget) && g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (widget)), text) == 0;
}

static GtkWidget *
find_entry (GtkWidget  *root,
            const char *text)
{
  GtkWidget *entry = ph_test_find_descendant (root, entry_says, text);

  g_assert_nonnull (entry);
  return entry;
}

static void
type_into (GtkWidget  *entry,
           const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
}

static gboolean
has_tooltip (GtkWidget     *widget,
             gconstpointer  tooltip)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

static gboolean
is_color_button (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_COLOR_BUTTON (widget);
}

/* The Table tab: title, sides (rename, recolour, add, delete: with
 * figures only after asking, and they go too) and the house rules, each
 * one undo step, a bad value refused with the reason */
static void
test_table_tab (void)
{
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  GtkWidget *panel, *dialog = NULL;
  PhSide *british;
  guint n_figures, n_british;
  GdkRGBA green = { 0x3a / 255.0, 0x7d / 255.0, 0x44 / 255.0, 1 };

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "scenario"));
  panel = ph_test_window_panel (window, PH_TYPE_SCENARIO_PANEL);
  g_assert_nonnull (panel);

  /* the title */
  type_into (find_entry (panel, "Fight at the Farmstead"), "The Farm at Dawn");
  g_assert_cmpstr (scenario->title, ==, "The Farm at Dawn");
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Edit Title");
  assert_saves (document);

  /* the table: smaller would strand figures, and says which; larger is
   * one undo step */
  {
    GtkWidget *width = ph_test_find_descendant (panel, has_tooltip, "Width");

    g_assert_nonnull (width);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (width), 20);
    g_assert_cmpfloat (scenario->table.width, ==, 72);
    g_assert_nonnull (ph_scenario_panel_get_error (PH_SCENARIO_PANEL (panel)));
    g_test_message ("%s", ph_scenario_panel_get_error (PH_SCENARIO_PANEL (panel)));
    g_assert_nonnull (strstr (ph_scenario_panel_get_error (PH_SCENARIO_PANEL (panel)),
                              "left off the table"));
    g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (width)), ==, 72);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (width), 96);
    g_assert_cmpfloat (scenario->table.width, ==, 96);
    g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Change the Table");
    g_assert_true (ph_document_undo (document));
    g_assert_cmpfloat (scenario->table.width, ==, 72);
  }

  /* a side renamed and recoloured */
  type_into (find_entry (panel, "British Regulars"), "The 44th Foot");
  british = ph_scenario_find_side (scenario, "british");
  g_assert_cmpstr (british->name, ==, "The 44th Foot");
  {
    GtkWidget *color = ph_test_find_descendant (panel, is_color_button, NULL);

    gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (color), &green);
    g_signal_emit_by_name (color, "color-set");
  }
  british = ph_scenario_find_side (scenario, "british");
  g_assert_cmphex (british->color, ==, 0x3a7d44);

  /* a side added (the first colour no side has: red is free again) and
   * deleted at once, having no figures */
  ph_scenario_panel_add_side (PH_SCENARIO_PANEL (panel));
  g_assert_cmpuint (scenario->sides->len, ==, 3);
  g_assert_cmpstr (((PhSide *) g_ptr_array_index (scenario->sides, 2))->id, ==, "side-1");
  g_assert_cmphex (((PhSide *) g_ptr_array_index (scenario->sides, 2))->color, ==, 0xb03a2e);
  ph_scenario_panel_delete_side (PH_SCENARIO_PANEL (panel), "side-1", FALSE);
  g_assert_cmpuint (scenario->sides->len, ==, 2);

  /* the British, with figures: asked first, then gone with them */
  n_figures = scenario->figures->len;
  n_british = ph_document_count_side_figures (document, "british");
  g_assert_cmpuint (n_british, >, 0);
  ph_scenario_panel_delete_side (PH_SCENARIO_PANEL (panel), "british", FALSE);
  PH_TEST_WAIT_UNTIL ((dialog = ph_test_find_message_dialog (GTK_WINDOW (window))) != NULL);
  g_assert_nonnull (ph_scenario_find_side (scenario, "british"));
  ph_test_save_screenshot (dialog, "app-delete-side.png");
  ph_test_message_dialog_respond (dialog, "delete");
  g_assert_null (ph_scenario_find_side (scenario, "british"));
  g_assert_cmpuint (scenario->figures->len, ==, n_figures - n_british);
  assert_saves (document);
  g_assert_true (ph_document_undo (document));
  g_assert_nonnull (ph_scenario_find_side (scenario, "british"));
  g_assert_cmpuint (scenario->figures->len, ==, n_figures);

  /* a house rule set, and a bad one refused */
  type_into (find_entry (panel, ""), "18");
  g_assert_cmpstr (ph_scenario_get_option (scenario, "pistol-range"), ==, "18");
  type_into (find_entry (panel, "18"), "far");
  g_assert_cmpstr (ph_scenario_get_option (scenario, "pistol-range"), ==, "18");
  g_assert_nonnull (ph_scenario_panel_get_error (PH_SCENARIO_PANEL (panel)));
  g_test_message ("%s", ph_scenario_panel_get_error (PH_SCENARIO_PANEL (panel)));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-table-tab.png");
  assert_saves (document);

  /* a game started: the table's size and the house rules are greyed,
   * saying why; the title may still change; undone, they come back */
  {
    GtkWidget *width = ph_test_find_descendant (panel, has_tooltip, "Width");
    g_autoptr(GError) error = NULL;

    g_assert_true (gtk_widget_get_sensitive (width));
    g_assert_true (ph_document_start_game (document, 1758, &error));
    ph_test_run_until_idle ();
    g_assert_false (gtk_widget_get_sensitive (width));
    g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (width), "game is under way"));
    g_assert_false (gtk_widget_get_sensitive (find_entry (panel, "18")));
    type_into (find_entry (panel, "The Farm at Dawn"), "The Farm at Noon");
    g_assert_cmpstr (scenario->title, ==, "The Farm at Noon");
    ph_test_save_screenshot (GTK_WIDGET (window), "app-table-tab-game.png");
    g_assert_true (ph_document_undo (document));
    g_assert_true (ph_document_undo (document));
    ph_test_run_until_idle ();
    g_assert_null (ph_document_get_game (document));
    g_assert_true (gtk_widget_get_sensitive (width));
  }

  ph_test_window_destroy (window);
}

/* The action and target of the first item of the menu's first section */
static char *
first_action (GMenuModel  *menu,
              GVariant   **target)
{
  g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, 0, G_MENU_LINK_SECTION);
  char *action = NULL;

  g_assert_nonnull (section);
  g_assert_true (g_menu_model_get_item_attribute (section, 0, G_MENU_ATTRIBUTE_ACTION, "s", &action));
  *target = g_menu_model_get_item_attribute_value (section, 0, G_MENU_ATTRIBUTE_TARGET, NULL);
  return action;
}

/* Right-click on the bare table: Add Figure Here, there; on the selected
 * figure: its markers, Duplicate, Delete */
static void
test_context_menu (void)
{
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  PhMapView *map;
  PhFigure *figure;
  GtkWidget *popover;
  g_autoptr(GVariant) target = NULL;
  g_autofree char *action = NULL;
  PhPoint at;
  double wx, wy;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_on_new_table ("firelock-scalplock");
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  map = ph_window_get_map_view (window);

  /* the table at a third of the way across */
  wx = gtk_widget_get_width (GTK_WIDGET (map)) / 3.0;
  wy = gtk_widget_get_height (GTK_WIDGET (map)) / 2.0;
  at = ph_map_view_to_table (map, wx, wy);
  ph_map_view_popup_menu (map, wx, wy);
  popover = gtk_widget_get_last_child (GTK_WIDGET (map));
  g_assert_true (GTK_IS_POPOVER_MENU (popover));
  g_assert_true (gtk_widget_get_visible (popover));
  action = first_action (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)), &target);
  g_assert_cmpstr (action, ==, "win.add-figure-at");
  ph_test_save_screenshot (popover, "app-table-menu.png");
  gtk_popover_popdown (GTK_POPOVER (popover));
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), action, target));
  g_assert_cmpuint (scenario->figures->len, ==, 1);
  figure = g_ptr_array_index (scenario->figures, 0);
  g_assert_cmpfloat_with_epsilon (figure->x, at.x, 1e-9);
  g_assert_cmpfloat_with_epsilon (figure->y, at.y, 1e-9);

  /* the selected figure's menu */
  ph_viewport_table_to_widget (ph_map_view_get_viewport (map), figure->x, figure->y, &wx, &wy);
  ph_map_view_popup_menu (map, wx, wy);
  g_clear_pointer (&action, g_free);
  g_clear_pointer (&target, g_variant_unref);
  action = first_action (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)), &target);
  g_assert_cmpstr (action, ==, "win.toggle-status");
  g_assert_cmpstr (g_variant_get_string (target, NULL), ==, "fired");
  ph_test_save_screenshot (popover, "app-figure-menu.png");
  gtk_popover_popdown (GTK_POPOVER (popover));
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), action, target));
  g_assert_true (figure->status & PH_STATUS_FIRED);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), action, target));
  g_assert_false (figure->status & PH_STATUS_FIRED);
  g_array_index (figure->weapons, PhWeapon, 0).loaded = FALSE;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.load-all", NULL));
  g_assert_true (g_array_index (figure->weapons, PhWeapon, 0).loaded);

  /* Centre on the Figure: zoomed in, the figure comes to the middle */
  ph_viewport_zoom_at (ph_map_view_get_viewport (map), 4, 0, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map), "map.centre", NULL));
  ph_viewport_table_to_widget (ph_map_view_get_viewport (map), figure->x, figure->y, &wx, &wy);
  g_assert_cmpfloat_with_epsilon (wx, gtk_widget_get_width (GTK_WIDGET (map)) / 2.0, 1);
  g_assert_cmpfloat_with_epsilon (wy, gtk_widget_get_height (GTK_WIDGET (map)) / 2.0, 1);

  /* Zoom to the Figure (Z): from the whole table, three times as close,
   * the figure in the middle; closer stays as close */
  {
    PhViewport *viewport = ph_map_view_get_viewport (map);
    double fit, scale;

    ph_viewport_fit (viewport);
    fit = ph_viewport_get_scale (viewport);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map), "map.zoom-figure", NULL));
    g_assert_cmpfloat_with_epsilon (ph_viewport_get_scale (viewport), 3 * fit, 1e-9);
    ph_viewport_table_to_widget (viewport, figure->x, figure->y, &wx, &wy);
    g_assert_cmpfloat_with_epsilon (wx, gtk_widget_get_width (GTK_WIDGET (map)) / 2.0, 1);
    g_assert_cmpfloat_with_epsilon (wy, gtk_widget_get_height (GTK_WIDGET (map)) / 2.0, 1);
    ph_viewport_zoom_at (viewport, 2, 0, 0);
    scale = ph_viewport_get_scale (viewport);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map), "map.zoom-figure", NULL));
    g_assert_cmpfloat (ph_viewport_get_scale (viewport), ==, scale);
    ph_viewport_table_to_widget (viewport, figure->x, figure->y, &wx, &wy);
    g_assert_cmpfloat_with_epsilon (wx, gtk_widget_get_width (GTK_WIDGET (map)) / 2.0, 1);
  }

  /* during a game no figure comes or goes: the menus offer neither Add
   * Figure Here nor Duplicate and Delete (which the game would refuse) */
  {
    g_autoptr(GError) error = NULL;
    GMenuModel *model;

    g_assert_true (ph_document_start_game (document, 1758, &error));
    wx = 4;
    wy = 4;
    ph_map_view_popup_menu (map, wx, wy);
    model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
    g_clear_pointer (&action, g_free);
    g_clear_pointer (&target, g_variant_unref);
    action = first_action (model, &target);
    g_assert_cmpstr (action, !=, "win.add-figure-at");
    gtk_popover_popdown (GTK_POPOVER (popover));
  }

  ph_test_window_destroy (window);
}

/* Copy puts the selected figures on the clipboard as a scenario file;
 * Paste brings them back with fresh ids (into another window too, onto
 * its sides), refuses another ruleset's and text that is no scenario;
 * Cut is Copy and Delete. Each is one undo step. */
static void
test_clipboard (void)
{
  PhWindow *window, *other, *firelock;
  PhDocument *document;
  PhScenario *scenario;
  PhSelection *selection;
  PhFigure *pick[2];
  g_autofree char *text = NULL;
  g_autoptr(PhScenario) clip = NULL;
  g_autoptr(GError) error = NULL;
  guint n;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  selection = ph_document_get_selection (document);
  n = scenario->figures->len;
  pick[0] = g_ptr_array_index (scenario->figures, 0);
  pick[1] = g_ptr_array_index (scenario->figures, 1);
  ph_selection_set_figures (selection, pick, 2);

  /* Copy: a scenario file of the two */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy", NULL));
  text = ph_test_clipboard_text (window);
  clip = ph_scenario_load_data (text, strlen (text), "clipboard", &error);
  g_assert_no_error (error);
  g_assert_cmpint (clip->ruleset, ==, scenario->ruleset);
  g_assert_cmpuint (clip->figures->len, ==, 2);
  g_assert_cmpstr (((PhFigure *) g_ptr_array_index (clip->figures, 0))->id, ==, pick[0]->id);

  /* Paste (Ctrl+V's action): two more, with fresh ids, selected */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.paste", NULL));
  PH_TEST_WAIT_UNTIL (scenario->figures->len == n + 2);
  g_assert_cmpstr (((PhFigure *) g_ptr_array_index (scenario->figures, n))->id, ==, "figure-1");
  g_assert_cmpuint (ph_selection_get_n_figures (selection), ==, 2);
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Paste Figures");
  assert_saves (document);

  /* into another window's new table: the ids kept, the sides its own */
  other = ph_test_window_on_new_table ("musket-mayhem");
  g_assert_true (ph_window_paste_text (other, text, &error));
  g_assert_no_error (error);
  {
    PhScenario *fresh = ph_document_get_scenario (ph_window_get_document (other));

    g_assert_cmpuint (fresh->figures->len, ==, 2);
    g_assert_nonnull (ph_scenario_find_figure (fresh, pick[0]->id));
    g_assert_cmpstr (((PhFigure *) g_ptr_array_index (fresh->figures, 0))->side, ==, "side-1");
    assert_saves (ph_window_get_document (other));
  }

  /* another ruleset's figures, and text that is no scenario: refused */
  firelock = ph_test_window_on_new_table ("firelock-scalplock");
  g_assert_false (ph_window_paste_text (firelock, text, &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Musket Mayhem"));
  g_clear_error (&error);
  g_assert_false (ph_window_paste_text (window, "Sgt Smith, 3 wounds", &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "no figures or terrain Powderhorn can read"));
  g_clear_error (&error);
  g_assert_cmpuint (scenario->figures->len, ==, n + 2);

  /* Cut: on the clipboard, off the table */
  pick[0] = g_ptr_array_index (scenario->figures, n);
  ph_selection_set_figures (selection, pick, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cut", NULL));
  g_assert_cmpuint (scenario->figures->len, ==, n + 1);
  g_clear_pointer (&text, g_free);
  text = ph_test_clipboard_text (window);
  g_assert_nonnull (strstr (text, "id=\"figure-1\""));

  ph_test_window_destroy (firelock);
  ph_test_window_destroy (other);
  ph_test_window_destroy (window);
}

/* A background image from the Table tab: placed across the table, moved
 * and faded, saved next to the file with an href relative to it, and
 * removed; each one undo step */
static void
test_background (void)
{
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  GtkWidget *panel, *opacity;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-background-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "tabletop.png", NULL);
  g_autofree char *saved = g_build_filename (dir, "game.xml", NULL);
  g_autoptr(GFile) image = g_file_new_for_path (png);
  g_autoptr(GFile) target = g_file_new_for_path (saved);
  g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 30, 20);
  g_autoptr(PhScenario) reloaded = NULL;
  g_autoptr(GError) error = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  gdk_pixbuf_fill (pixbuf, 0xc04040ff);
  g_assert_true (gdk_pixbuf_save (pixbuf, png, "png", &error, NULL));
  window = ph_test_window_on_new_table ("musket-mayhem");
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "scenario"));
  panel = ph_test_window_panel (window, PH_TYPE_SCENARIO_PANEL);

  ph_scenario_panel_set_background_file (PH_SCENARIO_PANEL (panel), image);
  g_assert_nonnull (scenario->background);
  g_assert_cmpfloat (scenario->background->width, ==, 72);
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Set Background Image");
  opacity = ph_test_find_descendant (panel, has_tooltip, "Opacity, 0 to 1");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (opacity), 0.5);
  g_assert_cmpfloat (scenario->background->opacity, ==, 0.5);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-background.png");

  /* saved beside the image: the href is the file's name */
  g_assert_true (ph_document_save_as (document, target, &error));
  g_assert_no_error (error);
  reloaded = ph_scenario_load_file (saved, &error);
  g_assert_no_error (error);
  g_assert_nonnull (reloaded->background);
  g_assert_cmpstr (reloaded->background->href, ==, "tabletop.png");
  g_assert_cmpfloat (reloaded->background->opacity, ==, 0.5);

  /* removed, and back with undo */
  g_signal_emit_by_name (ph_test_find_descendant (panel, has_tooltip, "Remove the background image"),
                         "clicked");
  g_assert_null (scenario->background);
  g_assert_true (ph_document_undo (document));
  g_assert_nonnull (scenario->background);

  ph_test_window_destroy (window);
  g_unlink (saved);
  g_unlink (png);
  g_rmdir (dir);
}

/* A figure dropped on another one's spot: said in the status line */
static void
test_overlap_warning (void)
{
  PhWindow *window;
  PhScenario *scenario;
  PhMapView *map;
  PhFigure *a, *b;
  double ax, ay, bx, by;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_on_new_table ("musket-mayhem");
  scenario = ph_document_get_scenario (ph_window_get_document (window));
  map = ph_window_get_map_view (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-figure", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-figure", NULL));
  g_assert_cmpuint (scenario->figures->len, ==, 2);
  a = g_ptr_array_index (scenario->figures, 0);
  b = g_ptr_array_index (scenario->figures, 1);
  ph_viewport_table_to_widget (ph_map_view_get_viewport (map), a->x, a->y, &ax, &ay);
  ph_viewport_table_to_widget (ph_map_view_get_viewport (map), b->x, b->y, &bx, &by);
  ph_map_view_begin_drag (map, GDK_BUTTON_PRIMARY, 0, bx, by);
  ph_map_view_update_drag (map, ax - bx, ay - by);
  ph_map_view_end_drag (map, ax - bx, ay - by);
  g_assert_cmpfloat_with_epsilon (b->x, a->x, 0.01);
  g_assert_nonnull (strstr (gtk_label_get_label (window->status_label), "base stands on"));
  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/edit/add-duplicate-delete", test_add_duplicate_delete);
  g_test_add_func ("/app/edit/refused-during-game", test_refused_during_game);
  g_test_add_func ("/app/edit/table-tab", test_table_tab);
  g_test_add_func ("/app/edit/context-menu", test_context_menu);
  g_test_add_func ("/app/edit/overlap-warning", test_overlap_warning);
  g_test_add_func ("/app/edit/clipboard", test_clipboard);
  g_test_add_func ("/app/edit/background", test_background);
  return ph_test_app_run ();
}
