/* test-app-terrain.c: edit mode, drawing terrain, changing it on the map
 * and in the Terrain tab (src/app/ph-draw-tool.c, ph-terrain-tool.c,
 * ph-terrain-panel.c, ph-window-terrain.c)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips. The drags
 * go through the map's testing API, the code the gestures call; the keys
 * are the map's and the window's actions (Enter, Delete, Ctrl+D, Ctrl+E).
 */
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ph-document.h"
#include "ph-draw-tool.h"
#include "ph-window-private.h"
#include "ph-map-view-private.h"
#include "ph-new-dialog.h"
#include "ph-selection.h"
#include "ph-terrain-tool.h"
#include "ph-test-app.h"
#include "ph-test-ruleset.h"

/* Widget coordinates of table point (@x, @y) */
static void
at (PhWindow *window,
    double    x,
    double    y,
    double   *wx,
    double   *wy)
{
  ph_viewport_table_to_widget (ph_map_view_get_viewport (window->map_view), x, y, wx, wy);
}

/* A primary drag from table point a to table point b */
static void
drag_table (PhWindow *window,
            double    ax,
            double    ay,
            double    bx,
            double    by)
{
  double x0, y0, x1, y1;

  at (window, ax, ay, &x0, &y0);
  at (window, bx, by, &x1, &y1);
  ph_map_view_begin_drag (window->map_view, GDK_BUTTON_PRIMARY, 0, x0, y0);
  ph_map_view_update_drag (window->map_view, (x1 - x0) / 2, (y1 - y0) / 2);
  ph_map_view_update_drag (window->map_view, x1 - x0, y1 - y0);
  ph_map_view_end_drag (window->map_view, x1 - x0, y1 - y0);
}

static void
click_table (PhWindow *window,
             double    x,
             double    y)
{
  double wx, wy;

  at (window, x, y, &wx, &wy);
  ph_map_view_begin_drag (window->map_view, GDK_BUTTON_PRIMARY, 0, wx, wy);
  ph_map_view_end_drag (window->map_view, 0, 0);
}

static PhFeature *
feature_at (PhWindow *window,
            guint     i)
{
  PhScenario *s = ph_document_get_scenario (window->document);

  g_assert_cmpuint (i, <, s->features->len);
  return g_ptr_array_index (s->features, i);
}

static void
assert_saves (PhDocument *document)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = ph_scenario_to_checked_xml (ph_document_get_scenario (document), NULL,
                                                     NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (xml);
}

/* Edit mode: Ctrl+E's action and the header toggle are one; without it a
 * drag on a wood pans and never moves the wood */
static void
test_edit_mode (void)
{
  PhWindow *window;
  PhFeature *wood;
  double x0, y0;

  if (!ph_test_app_have_display ())
    return;
  window = ph_test_window_on_new_table ("musket-mayhem");
  g_assert_false (ph_map_view_get_edit_mode (window->map_view));
  g_assert_false (gtk_widget_get_visible (window->edit_bar));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-table", NULL));
  g_assert_true (ph_map_view_get_edit_mode (window->map_view));
  g_assert_true (gtk_toggle_button_get_active (window->edit_button));
  g_assert_true (gtk_widget_get_visible (window->edit_bar));

  /* a rectangle, drawn as a wood */
  gtk_toggle_button_set_active (window->shape_buttons[PH_DRAW_RECT], TRUE);
  g_assert_cmpint (ph_map_view_get_draw_shape (window->map_view), ==, PH_DRAW_RECT);
  drag_table (window, 10, 10, 20, 16);
  wood = feature_at (window, 0);
  g_assert_cmpint (wood->kind, ==, PH_TERRAIN_WOODS);
  g_assert_cmpstr (wood->id, ==, "woods-1");
  g_assert_cmpfloat_with_epsilon (wood->shape.bbox.x0, 10, 0.05);
  g_assert_cmpfloat_with_epsilon (wood->shape.bbox.y1, 16, 0.05);
  g_assert_cmpstr (ph_selection_get_feature (ph_document_get_selection (window->document)), ==,
                   "woods-1");
  g_assert_cmpstr (ph_document_get_undo_label (window->document), ==, "Add Woods");
  /* the Undo button says what it takes back */
  ph_test_run_until_idle ();
  g_assert_cmpstr (gtk_widget_get_tooltip_text (gtk_widget_get_first_child (window->history_box)),
                   ==, "Undo Add Woods (Ctrl+Z)");

  /* out of edit mode the wood cannot be picked or moved */
  gtk_toggle_button_set_active (window->edit_button, FALSE);
  g_assert_false (ph_map_view_get_edit_mode (window->map_view));
  g_assert_null (ph_selection_get_feature (ph_document_get_selection (window->document)));
  at (window, 15, 13, &x0, &y0);
  drag_table (window, 15, 13, 25, 13);
  wood = feature_at (window, 0);
  g_assert_cmpfloat_with_epsilon (wood->shape.bbox.x0, 10, 0.05);
  g_assert_cmpstr (ph_document_get_undo_label (window->document), ==, "Add Woods");
  ph_test_window_destroy (window);
}

/* Each shape: rectangle, circle, polygon (clicks and Enter), line (clicks
 * and a second click on the last point); Esc drops a polygon half made */
static void
test_draw_shapes (void)
{
  PhWindow *window;
  PhFeature *f;
  PhScenario *s;

  if (!ph_test_app_have_display ())
    return;
  window = ph_test_window_on_new_table ("musket-mayhem");
  s = ph_document_get_scenario (window->document);
  ph_map_view_set_edit_mode (window->map_view, TRUE);

  /* a circle of hill, radius 4 */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (window->kind_dropdown), PH_TERRAIN_HILL);
  gtk_toggle_button_set_active (window->shape_buttons[PH_DRAW_CIRCLE], TRUE);
  drag_table (window, 30, 20, 34, 20);
  f = feature_at (window, 0);
  g_assert_cmpint (f->kind, ==, PH_TERRAIN_HILL);
  g_assert_cmpint (f->shape.kind, ==, PH_SHAPE_CIRCLE);
  g_assert_cmpfloat_with_epsilon (f->shape.radius, 4, 0.05);

  /* a polygon of field: three clicks and Enter */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (window->kind_dropdown), PH_TERRAIN_FIELD);
  gtk_toggle_button_set_active (window->shape_buttons[PH_DRAW_POLYGON], TRUE);
  click_table (window, 40, 30);
  click_table (window, 50, 30);
  click_table (window, 45, 40);
  g_assert_cmpuint (ph_draw_tool_get_n_points (PH_DRAW_TOOL (ph_map_view_get_draw_tool (window->map_view))),
                    ==, 3);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-terrain-polygon.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->map_view), "map.finish", NULL));
  g_assert_cmpuint (s->features->len, ==, 2);
  f = feature_at (window, 1);
  g_assert_cmpint (f->kind, ==, PH_TERRAIN_FIELD);
  g_assert_cmpuint (f->shape.n_points, ==, 3);
  g_assert_cmpfloat_with_epsilon (f->shape.points[2].y, 40, 0.05);

  /* Esc drops a polygon half made */
  click_table (window, 5, 40);
  click_table (window, 10, 40);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->map_view), "map.cancel", NULL));
  g_assert_cmpuint (ph_draw_tool_get_n_points (PH_DRAW_TOOL (ph_map_view_get_draw_tool (window->map_view))),
                    ==, 0);
  g_assert_cmpuint (s->features->len, ==, 2);

  /* a linear kind brings the line; a second click on the last point ends it */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (window->kind_dropdown), PH_TERRAIN_WALL);
  g_assert_cmpint (ph_map_view_get_draw_shape (window->map_view), ==, PH_DRAW_POLYLINE);
  g_assert_true (gtk_toggle_button_get_active (window->shape_buttons[PH_DRAW_POLYLINE]));
  click_table (window, 2, 2);
  click_table (window, 20, 2);
  click_table (window, 20, 8);
  click_table (window, 20, 8);
  g_assert_cmpuint (s->features->len, ==, 3);
  f = feature_at (window, 2);
  g_assert_cmpint (f->kind, ==, PH_TERRAIN_WALL);
  g_assert_cmpint (f->shape.kind, ==, PH_SHAPE_POLYLINE);
  g_assert_cmpuint (f->shape.n_points, ==, 3);
  g_assert_cmpstr (ph_document_get_undo_label (window->document), ==, "Add Wall");
  /* drawn points are kept to a hundredth, and on the table */
  for (guint i = 0; i < f->shape.n_points; i++)
    {
      g_assert_cmpfloat (f->shape.points[i].x * 100, ==, round (f->shape.points[i].x * 100));
      g_assert_cmpfloat (f->shape.points[i].y * 100, ==, round (f->shape.points[i].y * 100));
    }
  click_table (window, 30, 2);
  click_table (window, 90, 2);    /* off the table's right edge */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->map_view), "map.finish", NULL));
  g_assert_cmpuint (s->features->len, ==, 4);
  g_assert_cmpfloat (feature_at (window, 3)->shape.points[1].x, ==, 72);
  g_assert_true (ph_document_undo (window->document));

  /* a polygon of two points is refused with a message, nothing added;
   * the area kind is the last one drawn, the field */
  gtk_toggle_button_set_active (window->shape_buttons[PH_DRAW_POLYGON], TRUE);
  g_assert_cmpint (ph_map_view_get_draw_kind (window->map_view), ==, PH_TERRAIN_FIELD);
  click_table (window, 60, 5);
  click_table (window, 65, 5);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->map_view), "map.finish", NULL));
  g_assert_cmpuint (s->features->len, ==, 3);
  g_assert_nonnull (strstr (gtk_label_get_label (window->status_label), "3 corners"));

  assert_saves (window->document);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-terrain-shapes.png");

  /* all undone, and redone */
  for (int i = 0; i < 3; i++)
    g_assert_true (ph_document_undo (window->document));
  g_assert_cmpuint (s->features->len, ==, 0);
  for (int i = 0; i < 3; i++)
    g_assert_true (ph_document_redo (window->document));
  g_assert_cmpuint (s->features->len, ==, 3);
  ph_test_window_destroy (window);
}

/* Pick, move, resize, turn, reshape, delete a corner; the Terrain tab */
static void
test_change_terrain (void)
{
  PhWindow *window;
  PhTerrainTool *tool;
  PhSelection *selection;
  PhFeature *f;
  PhScenario *s;
  double tx, ty, rx, ry;
  GtkWidget *entry;

  if (!ph_test_app_have_display ())
    return;
  window = ph_test_window_on_new_table ("musket-mayhem");
  s = ph_document_get_scenario (window->document);
  selection = ph_document_get_selection (window->document);
  tool = PH_TERRAIN_TOOL (ph_map_view_get_terrain_tool (window->map_view));
  ph_map_view_set_edit_mode (window->map_view, TRUE);
  ph_map_view_set_draw_shape (window->map_view, PH_DRAW_RECT);
  drag_table (window, 10, 10, 20, 16);
  ph_map_view_set_draw_shape (window->map_view, PH_DRAW_NONE);
  g_assert_true (ph_map_view_get_tool (window->map_view) == PH_TOOL (tool));
  ph_selection_set_feature (selection, NULL);

  /* a click picks it and shows it in the Terrain tab */
  click_table (window, 15, 13);
  g_assert_cmpstr (ph_selection_get_feature (selection), ==, "woods-1");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->panel_stack), ==, "terrain");

  /* drag moves it by 5 across */
  drag_table (window, 15, 13, 20, 13);
  f = feature_at (window, 0);
  g_assert_cmpfloat_with_epsilon (f->shape.bbox.x0, 15, 0.05);
  g_assert_cmpfloat_with_epsilon (f->shape.bbox.x1, 25, 0.05);
  g_assert_cmpstr (ph_document_get_undo_label (window->document), ==, "Move woods-1");

  /* the bottom-right handle resizes, the top-left corner staying */
  g_assert_true (ph_terrain_tool_get_handles (tool, &tx, &ty, &rx, &ry));
  {
    double x1, y1;

    at (window, 30, 20, &x1, &y1);
    /* the handle sits BOX_GAP beyond the corner: aim so the corner lands on (30, 20) */
    ph_map_view_begin_drag (window->map_view, GDK_BUTTON_PRIMARY, 0, rx, ry);
    ph_map_view_update_drag (window->map_view, x1 - rx, y1 - ry);
    ph_map_view_end_drag (window->map_view, x1 - rx, y1 - ry);
  }
  f = feature_at (window, 0);
  g_assert_cmpfloat_with_epsilon (f->shape.bbox.x0, 15, 0.05);
  g_assert_cmpfloat_with_epsilon (f->shape.bbox.y0, 10, 0.05);
  g_assert_cmpfloat_with_epsilon (f->shape.bbox.x1, 30, 0.05);
  g_assert_cmpfloat_with_epsilon (f->shape.bbox.y1, 20, 0.05);
  g_assert_cmpstr (ph_document_get_undo_label (window->document), ==, "Resize woods-1");

  /* the round handle turns it a quarter about its centre (22.5, 15):
   * dragged from above the centre to its right */
  g_assert_true (ph_terrain_tool_get_handles (tool, &tx, &ty, &rx, &ry));
  {
    double cx, cy;

    at (window, 22.5, 15, &cx, &cy);
    ph_map_view_begin_drag (window->map_view, GDK_BUTTON_PRIMARY, 0, tx, ty);
    ph_map_view_update_drag (window->map_view, (cy - ty) + (cx - tx), cy - ty);
    ph_map_view_end_drag (window->map_view, (cy - ty) + (cx - tx), cy - ty);
  }
  f = feature_at (window, 0);
  g_assert_cmpfloat_with_epsilon (f->shape.bbox.x1 - f->shape.bbox.x0, 10, 0.05);
  g_assert_cmpfloat_with_epsilon (f->shape.bbox.y1 - f->shape.bbox.y0, 15, 0.05);
  g_assert_cmpstr (ph_document_get_undo_label (window->document), ==, "Turn woods-1");
  g_assert_true (ph_document_undo (window->document));
  f = feature_at (window, 0);

  /* drag a corner; then Delete takes that corner, not the wood */
  drag_table (window, 30, 20, 33, 24);
  f = feature_at (window, 0);
  g_assert_cmpfloat_with_epsilon (f->shape.points[2].x, 33, 0.05);
  g_assert_cmpint (ph_terrain_tool_get_vertex (tool), ==, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.delete", NULL));
  f = feature_at (window, 0);
  g_assert_cmpuint (f->shape.n_points, ==, 3);
  g_assert_cmpstr (ph_document_get_undo_label (window->document), ==, "Delete a Corner of woods-1");
  /* Delete again: the corner before goes on being the one, and a
   * triangle keeps its 3 (the wood is never deleted by surprise) */
  g_assert_cmpint (ph_terrain_tool_get_vertex (tool), ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.delete", NULL));
  g_assert_cmpuint (feature_at (window, 0)->shape.n_points, ==, 3);
  g_assert_nonnull (strstr (gtk_label_get_label (window->status_label), "3 corners"));
  click_table (window, 15, 10);
  g_assert_cmpint (ph_terrain_tool_get_vertex (tool), ==, 0);

  /* dragging an edge's middle adds a corner: the edge (15,10)-(30,10) */
  click_table (window, 20, 14);   /* the body: no corner is active */
  drag_table (window, 22.5, 10, 22.5, 6);
  f = feature_at (window, 0);
  g_assert_cmpuint (f->shape.n_points, ==, 4);
  g_assert_cmpfloat_with_epsilon (f->shape.points[1].y, 6, 0.05);
  g_assert_cmpstr (ph_document_get_undo_label (window->document), ==, "Add a Corner to woods-1");

  /* the Terrain tab: a name, then a cover override */
  entry = window->terrain_panel ? ph_test_find_widget (GTK_WIDGET (window->terrain_panel),
                                                       GTK_TYPE_ENTRY, NULL) : NULL;
  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), "Hemlock Wood");
  g_signal_emit_by_name (entry, "activate");
  f = feature_at (window, 0);
  g_assert_cmpstr (f->name, ==, "Hemlock Wood");
  g_assert_cmpstr (ph_document_get_undo_label (window->document), ==, "Rename woods-1");

  /* its drop-downs: hard cover, then the kind, then sight; each one step,
   * and no warnings (the tests make criticals fatal) */
  {
    GtkWidget *dropdowns[3];
    GtkWidget *w = GTK_WIDGET (window->terrain_panel);
    guint n = 0;

    dropdowns[0] = ph_test_find_widget (w, GTK_TYPE_DROP_DOWN, NULL);
    g_assert_nonnull (dropdowns[0]);
    /* in the form's order: kind, cover, sight */
    for (GtkWidget *row = gtk_widget_get_parent (gtk_widget_get_parent (dropdowns[0]));
         row != NULL && n < 3; row = NULL)
      for (GtkWidget *c = gtk_widget_get_first_child (row); c != NULL && n < 3;
           c = gtk_widget_get_next_sibling (c))
        {
          GtkWidget *d = gtk_widget_get_last_child (c);

          if (d != NULL && GTK_IS_DROP_DOWN (d))
            dropdowns[n++] = d;
        }
    g_assert_cmpuint (n, ==, 3);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdowns[1]), 3);
    g_assert_cmpint (feature_at (window, 0)->cover, ==, PH_COVER_HARD);
    g_assert_cmpstr (ph_document_get_undo_label (window->document), ==,
                     "Change the Cover of Hemlock Wood");
    gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdowns[0]), 1);
    g_assert_cmpint (feature_at (window, 0)->kind, ==, PH_TERRAIN_BRUSH);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdowns[2]), 1);
    g_assert_cmpint (feature_at (window, 0)->blocks_los, ==, 1);
    g_assert_cmpint (feature_at (window, 0)->cover, ==, PH_COVER_HARD);
    ph_test_run_until_idle ();
  }

  /* duplicate and delete through the window's keys */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.duplicate", NULL));
  g_assert_cmpuint (s->features->len, ==, 2);
  g_assert_cmpstr (ph_selection_get_feature (selection), ==, "brush-1");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.delete", NULL));
  g_assert_cmpuint (s->features->len, ==, 1);
  g_assert_cmpstr (ph_document_get_undo_label (window->document), ==, "Delete Hemlock Wood");
  g_assert_null (ph_selection_get_feature (selection));

  assert_saves (window->document);
  click_table (window, 20, 14);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-terrain-handles.png");

  /* Insert while the Terrain tab shows: the new figure's tab comes up */
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->panel_stack), ==, "terrain");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-figure", NULL));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->panel_stack), ==, "figure");
  click_table (window, 20, 14);

  /* Esc lets go of the feature */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window->map_view), "map.cancel", NULL));
  g_assert_null (ph_selection_get_feature (selection));
  ph_test_window_destroy (window);
}

/* Copy, cut and paste terrain: scenario XML holding the feature alone;
 * pasted back it lands beside the original with a new id; another table,
 * of other rules, takes it too */
static void
test_clipboard (void)
{
  PhWindow *window, *other;
  PhSelection *selection;
  PhScenario *s, *os;
  g_autofree char *text = NULL;
  g_autoptr(PhScenario) clip = NULL;
  g_autoptr(GError) error = NULL;
  PhFeature *f;

  if (!ph_test_app_have_display ())
    return;
  window = ph_test_window_on_new_table ("musket-mayhem");
  s = ph_document_get_scenario (window->document);
  selection = ph_document_get_selection (window->document);
  ph_map_view_set_edit_mode (window->map_view, TRUE);
  ph_map_view_set_draw_shape (window->map_view, PH_DRAW_RECT);
  drag_table (window, 10, 10, 20, 16);
  g_assert_cmpstr (ph_selection_get_feature (selection), ==, "woods-1");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy", NULL));
  text = ph_test_clipboard_text (window);
  clip = ph_scenario_load_data (text, strlen (text), "clipboard", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (clip->figures->len, ==, 0);
  g_assert_cmpuint (clip->features->len, ==, 1);
  g_assert_cmpstr (((PhFeature *) g_ptr_array_index (clip->features, 0))->id, ==, "woods-1");

  /* pasted back: beside it, a new id, picked */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.paste", NULL));
  PH_TEST_WAIT_UNTIL (s->features->len == 2);
  f = feature_at (window, 1);
  g_assert_cmpstr (f->id, ==, "woods-2");
  g_assert_cmpfloat_with_epsilon (f->shape.bbox.x0, 11, 0.05);
  g_assert_cmpstr (ph_selection_get_feature (selection), ==, "woods-2");
  g_assert_cmpstr (ph_document_get_undo_label (window->document), ==, "Paste Terrain");

  /* cut: on the clipboard, off the table */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cut", NULL));
  g_assert_cmpuint (s->features->len, ==, 1);
  g_free (text);
  text = ph_test_clipboard_text (window);
  g_assert_nonnull (strstr (text, "id=\"woods-2\""));

  /* into a table of other rules: terrain knows no rules */
  other = ph_test_window_new ();
  {
    GtkWidget *dialog = NULL;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (other), "win.new", NULL));
    PH_TEST_WAIT_UNTIL ((dialog = ph_test_find_new_dialog ()) != NULL);
    ph_new_dialog_set_ruleset (PH_NEW_DIALOG (dialog), ph_test_ruleset ("firelock-scalplock"));
    g_assert_true (ph_new_dialog_create (PH_NEW_DIALOG (dialog)));
    ph_test_run_until_idle ();
  }
  os = ph_document_get_scenario (other->document);
  g_assert_true (ph_window_paste_text (other, text, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (os->features->len, ==, 1);
  g_assert_cmpstr (((PhFeature *) g_ptr_array_index (os->features, 0))->id, ==, "woods-2");

  /* not a scenario: refused, nothing changes */
  g_assert_false (ph_window_paste_text (other, "a wood, 10 by 6", &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_assert_cmpuint (os->features->len, ==, 1);

  ph_test_window_destroy (other);
  ph_test_window_destroy (window);
}

/* In edit mode a right-click on terrain picks it and offers its menu,
 * whose drawing-order items work */
static void
test_context_menu (void)
{
  PhWindow *window;
  PhSelection *selection;
  GtkWidget *popover;
  GMenuModel *model, *section;
  g_autofree char *action = NULL;
  double wx, wy;
  gboolean found_front = FALSE;

  if (!ph_test_app_have_display ())
    return;
  window = ph_test_window_on_new_table ("musket-mayhem");
  selection = ph_document_get_selection (window->document);
  ph_map_view_set_edit_mode (window->map_view, TRUE);
  ph_map_view_set_draw_shape (window->map_view, PH_DRAW_RECT);
  drag_table (window, 10, 10, 20, 16);
  drag_table (window, 14, 12, 30, 20);
  ph_map_view_set_draw_shape (window->map_view, PH_DRAW_NONE);
  ph_selection_set_feature (selection, NULL);

  /* a right-click on the first wood, where the second does not cover it */
  at (window, 11, 11, &wx, &wy);
  ph_map_view_popup_menu (window->map_view, wx, wy);
  g_assert_cmpstr (ph_selection_get_feature (selection), ==, "woods-1");
  popover = gtk_widget_get_last_child (GTK_WIDGET (window->map_view));
  g_assert_true (GTK_IS_POPOVER_MENU (popover));
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      for (int k = 0; section && k < g_menu_model_get_n_items (section); k++)
        {
          g_clear_pointer (&action, g_free);
          g_menu_model_get_item_attribute (section, k, G_MENU_ATTRIBUTE_ACTION, "s", &action);
          found_front |= g_strcmp0 (action, "win.front-feature") == 0;
        }
      g_clear_object (&section);
    }
  g_assert_true (found_front);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-terrain-menu.png");
  gtk_popover_popdown (GTK_POPOVER (popover));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.front-feature", NULL));
  g_assert_cmpstr (feature_at (window, 1)->id, ==, "woods-1");
  g_assert_cmpstr (ph_document_get_undo_label (window->document), ==, "Bring woods-1 to Front");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.back-feature", NULL));
  g_assert_cmpstr (feature_at (window, 0)->id, ==, "woods-1");
  ph_test_window_destroy (window);
}

/* Found in review: a figure's drag cut short by leaving edit mode ends
 * cleanly; a click on an edge's dot adds no corner and touches none; the
 * picked feature is let go when undo takes it off the table */
static void
test_review_cases (void)
{
  PhWindow *window;
  PhTerrainTool *tool;
  PhSelection *selection;
  PhScenario *s;
  PhFigure *figure;
  double fx, fy;

  if (!ph_test_app_have_display ())
    return;
  window = ph_test_window_on_new_table ("musket-mayhem");
  s = ph_document_get_scenario (window->document);
  selection = ph_document_get_selection (window->document);
  tool = PH_TERRAIN_TOOL (ph_map_view_get_terrain_tool (window->map_view));

  /* a figure dragged in edit mode, edit mode turned off mid-drag */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-figure", NULL));
  figure = g_ptr_array_index (s->figures, 0);
  ph_map_view_set_edit_mode (window->map_view, TRUE);
  at (window, figure->x, figure->y, &fx, &fy);
  ph_map_view_begin_drag (window->map_view, GDK_BUTTON_PRIMARY, 0, fx, fy);
  ph_map_view_update_drag (window->map_view, 40, 0);
  ph_map_view_set_edit_mode (window->map_view, FALSE);
  ph_map_view_end_drag (window->map_view, 40, 0);
  g_assert_true (ph_map_view_get_draw_scenario (window->map_view) == s);

  /* a wood; a click on its top edge's dot: no corner added or touched */
  ph_map_view_set_edit_mode (window->map_view, TRUE);
  ph_map_view_set_draw_shape (window->map_view, PH_DRAW_RECT);
  drag_table (window, 40, 10, 50, 16);
  ph_map_view_set_draw_shape (window->map_view, PH_DRAW_NONE);
  g_assert_cmpint (ph_terrain_tool_get_vertex (tool), ==, -1);
  click_table (window, 45, 10);
  g_assert_cmpuint (feature_at (window, 0)->shape.n_points, ==, 4);
  g_assert_cmpint (ph_terrain_tool_get_vertex (tool), ==, -1);
  /* a drag that ends where it began makes no step */
  {
    double x, y;

    at (window, 45, 13, &x, &y);
    ph_map_view_begin_drag (window->map_view, GDK_BUTTON_PRIMARY, 0, x, y);
    ph_map_view_update_drag (window->map_view, 40, 0);
    ph_map_view_update_drag (window->map_view, 0, 0);
    ph_map_view_end_drag (window->map_view, 0, 0);
  }
  g_assert_cmpfloat (feature_at (window, 0)->shape.bbox.x0, ==, 40);
  g_assert_cmpstr (ph_document_get_undo_label (window->document), ==, "Add Woods");

  /* undo takes the wood away: it is no longer picked */
  g_assert_cmpstr (ph_selection_get_feature (selection), ==, "woods-1");
  g_assert_true (ph_document_undo (window->document));
  g_assert_null (ph_selection_get_feature (selection));
  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);

  g_test_add_func ("/app/terrain/edit-mode", test_edit_mode);
  g_test_add_func ("/app/terrain/draw-shapes", test_draw_shapes);
  g_test_add_func ("/app/terrain/change", test_change_terrain);
  g_test_add_func ("/app/terrain/clipboard", test_clipboard);
  g_test_add_func ("/app/terrain/context-menu", test_context_menu);
  g_test_add_func ("/app/terrain/review-cases", test_review_cases);

  return ph_test_app_run ();
}
