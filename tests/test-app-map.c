/* test-app-map.c: the map: figures dragged (one and several), turned and
 * measured through the map view's gesture code; zoom, pan and the layer
 * caches
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips. Helpers in
 * ph-test-app.h.
 */
#include <math.h>

#include "ph-test-ruleset.h"
#include "ph-test-app.h"
#include "ph-threat.h"
#include "ph-shot-sightings.h"
#include "ph-map-view-private.h"

static void
test_drag_undo_redo (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhFigure *figure;
  double x, y, x0, y0, scale;
  guint builds;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  figure = ph_test_find_figure (ph_document_get_scenario (document), NULL);
  g_assert_nonnull (figure);
  x0 = figure->x;
  y0 = figure->y;
  scale = ph_viewport_get_scale (ph_map_view_get_viewport (map_view));
  builds = ph_map_view_get_static_builds (map_view);

  /* Press on the figure: it is selected; drag it 60 by 30 pixels. */
  ph_test_figure_widget_point (map_view, figure, &x, &y);
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, x, y);
  g_assert_true (ph_map_view_get_selected_figure (map_view) == figure);
  for (int step = 1; step <= 10; step++)
    {
      ph_map_view_update_drag (map_view, 6 * step, 3 * step);
      ph_test_run_until_idle ();
      /* Only the view moves it while the drag is under way. */
      g_assert_cmpfloat (figure->x, ==, x0);
    }
  ph_test_save_screenshot (GTK_WIDGET (window), "app-drag.png");
  ph_map_view_end_drag (map_view, 60, 30);

  /* The model changed once, as one undoable command. */
  g_assert_cmpfloat_with_epsilon (figure->x, x0 + 60 / scale, 1e-9);
  g_assert_cmpfloat_with_epsilon (figure->y, y0 + 30 / scale, 1e-9);
  g_assert_true (ph_document_get_dirty (document));
  g_assert_true (g_str_has_prefix (ph_document_get_undo_label (document), "Move "));
  /* The terrain was not redrawn for it. */
  ph_test_wait_drawn (GTK_WIDGET (map_view));
  g_assert_cmpuint (ph_map_view_get_static_builds (map_view), ==, builds);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpfloat (figure->x, ==, x0);
  g_assert_cmpfloat (figure->y, ==, y0);
  g_assert_false (ph_document_get_dirty (document));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpfloat_with_epsilon (figure->x, x0 + 60 / scale, 1e-9);
  g_assert_cmpfloat_with_epsilon (figure->y, y0 + 30 / scale, 1e-9);

  ph_test_window_destroy (window);
}

static void
test_drag_several (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhScenario *scenario;
  g_autoptr(GArray) before = g_array_new (FALSE, FALSE, sizeof (PhPoint));
  guint n_alive = 0, n_selected = 0;
  PhFigure **selection;
  double x, y, scale;
  int w, h;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  scale = ph_viewport_get_scale (ph_map_view_get_viewport (map_view));

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);
      PhPoint p = { f->x, f->y };

      g_array_append_val (before, p);
      n_alive += !ph_figure_is_off_table (f);
    }

  /* Shift+drag a rubber band over the whole view: every figure on the
   * table is selected. */
  w = gtk_widget_get_width (GTK_WIDGET (map_view));
  h = gtk_widget_get_height (GTK_WIDGET (map_view));
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, GDK_SHIFT_MASK, 2, 2);
  ph_map_view_update_drag (map_view, w / 2.0, h / 2.0);
  ph_map_view_update_drag (map_view, w - 4, h - 4);
  ph_map_view_end_drag (map_view, w - 4, h - 4);
  selection = ph_map_view_get_selection (map_view, &n_selected);
  g_assert_cmpuint (n_selected, ==, n_alive);

  /* Shift+click one: it leaves the selection. */
  ph_test_click_figure (map_view, selection[0], GDK_SHIFT_MASK);
  ph_map_view_get_selection (map_view, &n_selected);
  g_assert_cmpuint (n_selected, ==, n_alive - 1);

  /* Drag the rest together: one command moves them all. */
  selection = ph_map_view_get_selection (map_view, &n_selected);
  ph_test_figure_widget_point (map_view, selection[0], &x, &y);
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (map_view, 20, -10);
  ph_map_view_end_drag (map_view, 20, -10);
  for (guint i = 0; i < n_selected; i++)
    {
      guint index;
      g_assert_true (g_ptr_array_find (scenario->figures, selection[i], &index));
      g_assert_cmpfloat_with_epsilon (selection[i]->x,
                                      g_array_index (before, PhPoint, index).x + 20 / scale, 1e-9);
    }

  /* One undo puts them all back. */
  ph_document_undo (document);
  g_assert_false (ph_document_get_can_undo (document));
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);
      g_assert_cmpfloat (f->x, ==, g_array_index (before, PhPoint, i).x);
      g_assert_cmpfloat (f->y, ==, g_array_index (before, PhPoint, i).y);
    }

  /* A click on empty table clears the selection (and pans nothing). */
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, 3, 3);
  ph_map_view_end_drag (map_view, 0, 0);
  ph_map_view_get_selection (map_view, &n_selected);
  g_assert_cmpuint (n_selected, ==, 0);

  ph_test_window_destroy (window);
}

/* A right-click on an enemy of the picked man pins him as the target; on
 * a friend, it picks the friend instead (nobody is a target of his own
 * side); with nobody picked, it picks whoever is under the pointer */
static void
test_right_click (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhSelection *selection;
  PhScenario *scenario;
  PhFigure *smith, *tubbs, *otter;
  double x, y;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  selection = ph_document_get_selection (document);
  scenario = ph_document_get_scenario (document);
  smith = ph_scenario_find_figure (scenario, "smith");
  tubbs = ph_scenario_find_figure (scenario, "tubbs");
  otter = ph_scenario_find_figure (scenario, "otter");
  g_assert_nonnull (smith);
  g_assert_nonnull (tubbs);
  g_assert_nonnull (otter);

  /* nobody picked: the man under the pointer is picked, nobody pinned */
  ph_test_figure_widget_point (map_view, tubbs, &x, &y);
  ph_map_view_secondary_click (map_view, x, y);
  g_assert_true (ph_map_view_get_selected_figure (map_view) == tubbs);
  g_assert_null (ph_selection_get_pinned_target (selection));

  /* Sgt Smith picked, then a right-click on Pte Tubbs (his side) */
  ph_test_click_figure (map_view, smith, 0);
  ph_test_figure_widget_point (map_view, tubbs, &x, &y);
  ph_map_view_secondary_click (map_view, x, y);
  g_assert_true (ph_map_view_get_selected_figure (map_view) == tubbs);
  g_assert_null (ph_selection_get_pinned_target (selection));

  /* the enemy: pinned, and the shooter stays picked */
  ph_test_figure_widget_point (map_view, otter, &x, &y);
  ph_map_view_secondary_click (map_view, x, y);
  g_assert_true (ph_map_view_get_selected_figure (map_view) == tubbs);
  g_assert_true (ph_selection_get_pinned_target (selection) == otter);

  ph_test_window_destroy (window);
}

/* Where GTK shows a tooltip @w by @h for @area: under it, centred, or
 * over it when the area reaches past the screen's foot */
static PhRect
tip_for_area (const GdkRectangle *area,
              double              w,
              double              h,
              int                 height)
{
  double x = area->x + area->width / 2.0;

  if (area->y + area->height >= height)
    return (PhRect) { x - w / 2, area->y - h, x + w / 2, area->y };
  return (PhRect) { x - w / 2, area->y + area->height, x + w / 2, area->y + area->height + h };
}

/* @tip covers none of @figure's base and name plate (under it) */
static gboolean
tip_clear_of (const PhRect       *tip,
              const PhRenderView *view,
              const PhFigure     *figure)
{
  PhPoint c = ph_render_view_to_device (view, (PhPoint) { figure->x, figure->y });
  PhRect man = { c.x - 30, c.y - 6, c.x + 30, c.y + 20 };

  return tip->x1 <= man.x0 || tip->x0 >= man.x1 || tip->y1 <= man.y0 || tip->y0 >= man.y1;
}

/* The tooltip keeps off the neighbours' names: under a man (GTK's way),
 * else over him, else to one side, wherever it covers least of them (a
 * man's tooltip lay over his neighbour's name: the trial) */
static void
test_tooltip_area (void)
{
  PhWindow *window;
  PhMapView *map_view;
  PhScenario *scenario;
  PhFigure *smith, *tubbs, *mullins;
  PhRenderView view;
  GdkRectangle area;
  PhRect tip;
  PhPoint c;
  int width, height;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  map_view = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (ph_window_get_document (window));
  smith = ph_scenario_find_figure (scenario, "smith");
  tubbs = ph_scenario_find_figure (scenario, "tubbs");
  mullins = ph_scenario_find_figure (scenario, "mullins");
  ph_test_wait_drawn (GTK_WIDGET (window));
  width = gtk_widget_get_width (GTK_WIDGET (map_view));
  height = gtk_widget_get_height (GTK_WIDGET (map_view));
  ph_map_view_get_render_view (map_view, &view);
  /* two men just under Sgt Smith, in the open east of the farm */
  smith->x = 58;
  smith->y = 30;
  tubbs->x = 57;
  tubbs->y = 32;
  mullins->x = 59;
  mullins->y = 32.5;
  c = ph_render_view_to_device (&view, (PhPoint) { smith->x, smith->y });
  ph_map_view_tooltip_area_sized (map_view, smith, 200, 60, &area);
  g_test_message ("with two under him: %d,%d %dx%d (map %d high)", area.x, area.y,
                  area.width, area.height, height);
  /* over him */
  g_assert_cmpint (area.y, <, c.y);
  g_assert_cmpint (area.y + area.height, >=, height);
  tip = tip_for_area (&area, 200, 60, height);
  g_assert_true (tip_clear_of (&tip, &view, tubbs));
  g_assert_true (tip_clear_of (&tip, &view, mullins));
  /* the two over him: under him, just below his name */
  tubbs->y = 28;
  mullins->y = 27.5;
  ph_map_view_tooltip_area_sized (map_view, smith, 200, 60, &area);
  g_assert_cmpint (area.y, <, c.y);
  g_assert_cmpint (area.y + area.height, >, c.y);
  g_assert_cmpint (area.y + area.height, <, c.y + 60);
  g_assert_cmpfloat (fabs (area.x + area.width / 2.0 - c.x), <, 1);
  /* one over him, one under: to a side, clear of both, on the map */
  tubbs->x = 58;
  tubbs->y = 32;
  mullins->x = 58;
  mullins->y = 28;
  ph_map_view_tooltip_area_sized (map_view, smith, 200, 60, &area);
  tip = tip_for_area (&area, 200, 60, height);
  g_test_message ("one over, one under: tooltip %g,%g to %g,%g; Smith at %g,%g", tip.x0, tip.y0,
                  tip.x1, tip.y1, c.x, c.y);
  g_assert_cmpfloat (fabs (area.x + area.width / 2.0 - c.x), >, 100);
  g_assert_true (tip_clear_of (&tip, &view, tubbs));
  g_assert_true (tip_clear_of (&tip, &view, mullins));
  g_assert_true (tip_clear_of (&tip, &view, smith));
  g_assert_cmpfloat (tip.x0, >=, 0);
  g_assert_cmpfloat (tip.x1, <=, width);
  /* the pointer on his base keeps it */
  g_assert_true (c.x >= area.x && c.x <= area.x + area.width && c.y >= area.y
                 && c.y <= area.y + area.height);
  ph_test_window_destroy (window);
}

/* A man's tooltip never covers the line of sight's label nor the pinned
 * target's name (Guns of War's tooltip lay over the target's name): a
 * man right over the line's label, where GTK would put his tooltip */
static void
test_tooltip_clear_of_line (void)
{
  PhWindow *window;
  PhMapView *map_view;
  PhScenario *scenario;
  PhFigure *smith, *enemy = NULL, *other = NULL;
  PhRenderView view;
  GdkRectangle area;
  PhRect tip, label;
  PhBase base;
  double r;
  int height;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  map_view = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (ph_window_get_document (window));
  smith = ph_scenario_find_figure (scenario, "smith");
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);

      if (ph_figure_is_off_table (f) || f == smith)
        continue;
      if (enemy == NULL && g_strcmp0 (f->side, smith->side) != 0)
        enemy = f;
      else if (other == NULL && g_strcmp0 (f->side, smith->side) == 0)
        other = f;
    }
  g_assert_nonnull (enemy);
  g_assert_nonnull (other);
  ph_test_wait_drawn (GTK_WIDGET (window));
  height = gtk_widget_get_height (GTK_WIDGET (map_view));
  ph_map_view_get_render_view (map_view, &view);
  /* Smith and his target across the open east of the farm, the other
   * man far off */
  smith->x = 34;
  smith->y = 30;
  enemy->x = 70;
  enemy->y = 30;
  other->x = 4;
  other->y = 4;
  ph_test_click_figure (map_view, smith, 0);
  ph_map_view_set_pinned_target (map_view, enemy);
  ph_test_run_until_idle ();
  {
    g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (PhRect));

    ph_map_view_get_line_label_boxes (map_view, boxes);
    g_assert_cmpuint (boxes->len, ==, 1);
    label = g_array_index (boxes, PhRect, 0);
  }
  /* the other man just over it: his tooltip, under him, would cover it */
  ph_figure_get_base (other, &base);
  r = MAX (base.width, base.depth) / 2;
  {
    PhPoint at = ph_render_view_to_table (&view, (PhPoint) { (label.x0 + label.x1) / 2,
                                                                label.y0 - r * view.scale - 30 });

    other->x = at.x;
    other->y = at.y;
  }
  {
    g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (PhRect));

    ph_map_view_get_line_label_boxes (map_view, boxes);
    g_assert_cmpuint (boxes->len, ==, 1);
    label = g_array_index (boxes, PhRect, 0);
  }
  ph_map_view_tooltip_area_sized (map_view, other, 200, 60, &area);
  tip = tip_for_area (&area, 200, 60, height);
  g_test_message ("the line's label %.0f,%.0f-%.0f,%.0f, the tooltip %.0f,%.0f-%.0f,%.0f",
                  label.x0, label.y0, label.x1, label.y1, tip.x0, tip.y0, tip.x1, tip.y1);
  g_assert_false (ph_rect_intersects (&tip, &label));
  g_assert_true (tip_clear_of (&tip, &view, enemy));
  ph_test_window_destroy (window);
}

static void
test_turn (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhFigure *figure;
  double facing, hx, hy;
  PhRenderView view;
  PhPoint centre;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  figure = ph_test_find_figure (ph_document_get_scenario (document), NULL);
  facing = figure->facing;
  ph_test_click_figure (map_view, figure, 0);
  g_assert_true (ph_map_view_get_selected_figure (map_view) == figure);

  /* ] and Shift+[ through the map's key bindings' action */
  gtk_widget_grab_focus (GTK_WIDGET (map_view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map_view), "map.turn", "d", 15.0));
  g_assert_cmpfloat_with_epsilon (figure->facing, ph_angle_normalize (facing + 15), 1e-9);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map_view), "map.turn", "d", -45.0));
  g_assert_cmpfloat_with_epsilon (figure->facing, ph_angle_normalize (facing - 30), 1e-9);
  ph_document_undo (document);
  ph_document_undo (document);
  g_assert_cmpfloat (figure->facing, ==, facing);

  /* The handle on the base: drag it a quarter turn around the figure. */
  g_assert_true (ph_map_view_get_handle (map_view, &hx, &hy));
  ph_map_view_get_render_view (map_view, &view);
  centre = ph_render_view_to_device (&view, (PhPoint) { figure->x, figure->y });
  {
    double r = hypot (hx - centre.x, hy - centre.y);
    double a0 = atan2 (hy - centre.y, hx - centre.x);
    double a1 = a0 + G_PI / 2;
    double tx = centre.x + r * cos (a1), ty = centre.y + r * sin (a1);

    ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, hx, hy);
    ph_map_view_update_drag (map_view, (tx - hx) / 2, (ty - hy) / 2);
    ph_map_view_update_drag (map_view, tx - hx, ty - hy);
    g_assert_cmpfloat (figure->facing, ==, facing);
    ph_test_save_screenshot (GTK_WIDGET (window), "app-turn.png");
    ph_map_view_end_drag (map_view, tx - hx, ty - hy);
  }
  g_assert_cmpfloat_with_epsilon (figure->facing, ph_angle_normalize (facing + 90), 0.5);
  g_assert_true (g_str_has_prefix (ph_document_get_undo_label (document), "Turn "));
  ph_document_undo (document);
  g_assert_cmpfloat (figure->facing, ==, facing);

  ph_test_window_destroy (window);
}

/* A click on a man whose neighbour's turning handle lies over him picks
 * him: the handle took the press, the neighbour stayed picked and was
 * turned (a Musket Mayhem man in base contact could not be picked) */
static void
test_handle_over_neighbour (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhScenario *scenario;
  PhFigure *a, *b;
  double facing, hx, hy;
  PhPoint at;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  a = ph_test_find_figure (scenario, NULL);
  b = NULL;
  for (guint i = 0; i < scenario->figures->len && b == NULL; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);

      if (f != a && !ph_figure_is_off_table (f))
        b = f;
    }
  g_assert_nonnull (b);
  facing = a->facing;
  ph_test_click_figure (map_view, a, 0);
  g_assert_true (ph_map_view_get_selected_figure (map_view) == a);
  /* b put where a's handle is, his base under it */
  g_assert_true (ph_map_view_get_handle (map_view, &hx, &hy));
  at = ph_map_view_to_table (map_view, hx, hy);
  b->x = at.x;
  b->y = at.y;
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_figure_at (map_view, hx, hy) == b);

  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, hx, hy);
  ph_map_view_end_drag (map_view, 0, 0);
  g_assert_true (ph_map_view_get_selected_figure (map_view) == b);
  g_assert_cmpfloat (a->facing, ==, facing);
  ph_test_window_destroy (window);
}

/* The turning handle of a picked man never hides another man's markers
 * (the referee trial: a handle over the next man's badges): the badge
 * is drawn over the knob */
static void
test_handle_under_markers (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhViewport *viewport;
  PhScenario *scenario;
  PhFigure *harris, *bardin;
  g_autofree guint32 *pixels = NULL;
  const char *ids[] = { "voltigeur_bardin" };
  PhPoint to;
  PhBase base;
  double hx, hy, x, y, r, rb;
  int width, height, teal = 0, white = 0;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("featherstone-cacabelos-1809.xml");
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  viewport = ph_map_view_get_viewport (map_view);
  scenario = ph_document_get_scenario (document);
  harris = ph_scenario_find_figure (scenario, "harris");
  bardin = ph_scenario_find_figure (scenario, "voltigeur_bardin");
  g_assert_true (bardin->status & PH_STATUS_REACTING);
  /* close enough for the badges: Harris in the middle */
  ph_viewport_set_scale (viewport, 16);
  ph_viewport_set_origin (viewport, harris->x - ph_viewport_get_width (viewport) / 32,
                          harris->y - ph_viewport_get_height (viewport) / 32);
  ph_test_run_until_idle ();
  ph_test_click_figure (map_view, harris, 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_get_handle (map_view, &hx, &hy));

  /* Bardin's first badge (his R, reacting) where the knob is: his badges
   * stand in a row from his base's top right */
  ph_figure_get_base (bardin, &base);
  r = base.width / 2 * ph_viewport_get_scale (viewport);
  rb = CLAMP (r * 0.42, 5.0, 10.0);
  g_assert_cmpfloat (rb, >, 6);
  ph_viewport_widget_to_table (viewport, hx - r * 0.72, hy + r * 0.72 + rb * 0.2, &to.x, &to.y);
  ph_document_move_figures (document, 1, ids, &to);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_get_handle (map_view, &x, &y));
  g_assert_cmpfloat_with_epsilon (x, hx, 0.01);
  ph_test_wait_drawn (GTK_WIDGET (window));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-handle-markers.png");

  /* inside the knob: the badge's teal (0x137a6e) round its white letter,
   * not the knob's white alone */
  pixels = ph_test_pixels (GTK_WIDGET (map_view), &width, &height);
  for (int dy = -4; dy <= 4; dy++)
    for (int dx = -4; dx <= 4; dx++)
      {
        guint32 p = pixels[(gsize) ((int) hy + dy) * width + (int) hx + dx];
        int red = p >> 16, green = (p >> 8) & 0xff, blue = p & 0xff;

        if (dx * dx + dy * dy > 16)
          continue;
        if (abs (red - 0x13) < 40 && abs (green - 0x7a) < 40 && abs (blue - 0x6e) < 40)
          teal++;
        else if (red > 0xf0 && green > 0xf0 && blue > 0xf0)
          white++;
      }
  g_test_message ("in the knob: %d teal, %d white", teal, white);
  g_assert_cmpint (teal, >=, 5);
  ph_test_window_destroy (window);
}

static void
test_measure (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhScenario *scenario;
  PhFigure *a, *b;
  double ax, ay, bx, by;
  PhBase base_a, base_b;
  g_autofree char *expected = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  a = ph_test_find_figure (scenario, NULL);
  b = ph_test_find_figure (scenario, a->side);
  g_assert_nonnull (b);

  /* M turns the tape on (the header's toggle follows). */
  gtk_widget_grab_focus (GTK_WIDGET (map_view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map_view), "map.toggle-measure", NULL));
  g_assert_true (ph_map_view_get_measuring (map_view));

  ph_test_figure_widget_point (map_view, a, &ax, &ay);
  ph_test_figure_widget_point (map_view, b, &bx, &by);
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, ax, ay);
  ph_map_view_update_drag (map_view, bx - ax, by - ay);
  ph_map_view_end_drag (map_view, bx - ax, by - ay);

  /* Edge to edge between the two bases, in table units */
  ph_figure_get_base (a, &base_a);
  ph_figure_get_base (b, &base_b);
  expected = g_strdup_printf ("%.1f", ph_base_distance (&base_a, &base_b));
  g_assert_nonnull (ph_map_view_get_tape_text (map_view));
  g_test_message ("tape: %s", ph_map_view_get_tape_text (map_view));
  g_assert_true (g_str_has_prefix (ph_map_view_get_tape_text (map_view), expected));
  g_assert_nonnull (strstr (ph_map_view_get_tape_text (map_view), "edge to edge"));
  /* Measuring moves nothing. */
  g_assert_false (ph_document_get_dirty (document));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-measure.png");

  gtk_widget_activate_action (GTK_WIDGET (map_view), "map.toggle-measure", NULL);
  g_assert_false (ph_map_view_get_measuring (map_view));
  g_assert_null (ph_map_view_get_tape_text (map_view));

  ph_test_window_destroy (window);
}

static void
test_zoom_pan_cache (void)
{
  PhWindow *window;
  PhMapView *map_view;
  PhViewport *viewport;
  double scale;
  guint builds;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  map_view = ph_window_get_map_view (window);
  viewport = ph_map_view_get_viewport (map_view);
  ph_test_wait_drawn (GTK_WIDGET (map_view));
  scale = ph_viewport_get_scale (viewport);
  builds = ph_map_view_get_static_builds (map_view);

  /* A zoom step draws nothing again at once: the frames show the layers
   * scaled until the scale holds still, then draw them sharp, once */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  g_assert_cmpfloat (ph_viewport_get_scale (viewport), >, scale);
  g_assert_true (ph_map_view_get_zoom_settling (map_view));
  ph_test_wait_drawn (GTK_WIDGET (map_view));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  ph_test_wait_drawn (GTK_WIDGET (map_view));
  g_assert_cmpuint (ph_map_view_get_static_builds (map_view), ==, builds);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-zooming.png");
  PH_TEST_WAIT_UNTIL (!ph_map_view_get_zoom_settling (map_view));
  ph_test_wait_drawn (GTK_WIDGET (map_view));
  g_assert_cmpuint (ph_map_view_get_static_builds (map_view), ==, builds + 1);
  builds = ph_map_view_get_static_builds (map_view);

  /* Small pans reuse the cached terrain. */
  for (int i = 0; i < 5; i++)
    {
      ph_map_view_begin_drag (map_view, GDK_BUTTON_MIDDLE, 0, 300, 300);
      ph_map_view_update_drag (map_view, 10, 5);
      ph_map_view_end_drag (map_view, 10, 5);
      ph_test_wait_drawn (GTK_WIDGET (map_view));
    }
  g_assert_cmpuint (ph_map_view_get_static_builds (map_view), ==, builds);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-zoomed.png");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.fit", NULL);
  g_assert_true (ph_viewport_get_fitted (viewport));
  g_assert_cmpfloat_with_epsilon (ph_viewport_get_scale (viewport), scale, 1e-9);

  ph_test_window_destroy (window);
}

/* A crowded table: 300 figures and 200 terrain features, as issue 3's
 * benchmark has them, built the same way every time. */
static PhScenario *
make_crowded_scenario (void)
{
  static const PhTerrainKind areas[] = { PH_TERRAIN_WOODS, PH_TERRAIN_BRUSH, PH_TERRAIN_BUILDING,
                                         PH_TERRAIN_ROUGH, PH_TERRAIN_ROCKS, PH_TERRAIN_FIELD };
  static const PhTerrainKind lines[] = { PH_TERRAIN_FENCE, PH_TERRAIN_HEDGE, PH_TERRAIN_WALL,
                                         PH_TERRAIN_STREAM };
  PhScenario *scenario = ph_scenario_new (ph_test_ruleset ("musket-mayhem"));
  g_autoptr(GRand) rand = g_rand_new_with_seed (1758);

  g_free (scenario->title);
  scenario->title = g_strdup ("Crowded table");
  for (guint i = 0; i < 2; i++)
    {
      PhSide *side = ph_side_new ();

      side->id = g_strdup (i ? "french" : "british");
      side->name = g_strdup (i ? "French" : "British");
      side->color = i ? 0x2e5fa8 : 0xb03a2e;
      g_ptr_array_add (scenario->sides, side);
    }

  for (guint i = 0; i < 200; i++)
    {
      PhFeature *feature = ph_feature_new ();
      double x = g_rand_double_range (rand, 2, 68);
      double y = g_rand_double_range (rand, 2, 44);

      feature->id = g_strdup_printf ("f%u", i);
      if (i % 3 == 2)
        {
          feature->kind = lines[i % G_N_ELEMENTS (lines)];
          feature->shape.kind = PH_SHAPE_POLYLINE;
          feature->shape.n_points = 3;
          feature->shape.points = g_new (PhPoint, 3);
          feature->shape.points[0] = (PhPoint) { x, y };
          feature->shape.points[1] = (PhPoint) { x + 3, y + g_rand_double_range (rand, -2, 2) };
          feature->shape.points[2] = (PhPoint) { x + 5, y + g_rand_double_range (rand, -2, 2) };
          feature->shape.line_width = 0.25;
        }
      else if (i % 3 == 1)
        {
          feature->kind = areas[i % G_N_ELEMENTS (areas)];
          feature->shape.kind = PH_SHAPE_CIRCLE;
          feature->shape.centre = (PhPoint) { x, y };
          feature->shape.radius = g_rand_double_range (rand, 0.8, 2.5);
        }
      else
        {
          double w = g_rand_double_range (rand, 1.5, 4), h = g_rand_double_range (rand, 1.5, 3);

          feature->kind = areas[i % G_N_ELEMENTS (areas)];
          feature->shape.kind = PH_SHAPE_POLYGON;
          feature->shape.n_points = 4;
          feature->shape.points = g_new (PhPoint, 4);
          feature->shape.points[0] = (PhPoint) { x, y };
          feature->shape.points[1] = (PhPoint) { x + w, y };
          feature->shape.points[2] = (PhPoint) { x + w, y + h };
          feature->shape.points[3] = (PhPoint) { x, y + h };
        }
      ph_shape_update_bbox (&feature->shape);
      g_ptr_array_add (scenario->features, feature);
    }

  for (guint i = 0; i < 300; i++)
    {
      PhFigure *figure = ph_figure_new ();
      PhWeapon musket = { .kind = PH_WEAPON_MUSKET, .loaded = TRUE };

      figure->id = g_strdup_printf ("m%u", i);
      figure->side = g_strdup (i % 2 ? "french" : "british");
      figure->x = g_rand_double_range (rand, 1, 71);
      figure->y = g_rand_double_range (rand, 1, 47);
      figure->facing = g_rand_double_range (rand, 0, 360);
      g_array_append_val (figure->weapons, musket);
      figure->stats_kind = PH_STATS_MAYHEM;
      figure->stats.mayhem.courage = 4;
      figure->stats.mayhem.armament = 5;
      g_ptr_array_add (scenario->figures, figure);
    }
  ph_scenario_reindex (scenario);
  return scenario;
}

/* What the widget's snapshot() does on each frame, then the raster work
 * the renderer does with it */
static void
render_frame (GtkWidget *widget)
{
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  ph_map_view_snapshot_map (PH_MAP_VIEW (widget), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_nonnull (texture);
}

/* The same, once the worker has drawn the layers that frame asked for */
static void
render_frame_settled (GtkWidget *widget)
{
  render_frame (widget);
  PH_TEST_WAIT_UNTIL (!ph_map_view_get_layers_busy (PH_MAP_VIEW (widget)));
}

/* The layer caches do their job: a drag frame and a hover frame draw
 * neither the terrain nor the figures that stay put again. (How fast is
 * tests/bench/bench-render's business, never a unit test's.) */
static void
test_layer_caches (void)
{
  PhWindow *window;
  PhMapView *map_view;
  PhDocument *document;
  g_autoptr(PhScenario) scenario = NULL;
  PhFigure *figure;
  double x, y;
  guint builds, figure_builds;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_sized (1920, 1080);
  document = ph_window_get_document (window);
  scenario = make_crowded_scenario ();
  ph_document_set_scenario (document, scenario, NULL);
  map_view = ph_window_get_map_view (window);
  PH_TEST_WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (map_view)) >= 100);
  ph_test_wait_drawn (GTK_WIDGET (window));
  g_test_message ("map %d x %d", gtk_widget_get_width (GTK_WIDGET (map_view)),
                  gtk_widget_get_height (GTK_WIDGET (map_view)));

  /* A full frame: the static layer redrawn too */
  builds = ph_map_view_get_static_builds (map_view);
  ph_map_view_invalidate_static (map_view);
  render_frame_settled (GTK_WIDGET (map_view));
  g_assert_cmpuint (ph_map_view_get_static_builds (map_view), ==, builds + 1);

  /* A drag frame: one figure moves, the terrain stays cached */
  figure = g_ptr_array_index (ph_document_get_scenario (document)->figures, 150);
  ph_test_click_figure (map_view, figure, 0);
  ph_test_figure_widget_point (map_view, figure, &x, &y);
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (map_view, 5.0, 2.0);
  render_frame_settled (GTK_WIDGET (map_view));
  builds = ph_map_view_get_static_builds (map_view);
  figure_builds = ph_map_view_get_figures_builds (map_view);
  for (guint i = 0; i < 30; i++)
    {
      ph_map_view_update_drag (map_view, 5.0 * (i + 2), 2.0 * (i + 2));
      render_frame (GTK_WIDGET (map_view));
    }
  /* Neither the terrain nor the figures that stay put were drawn again. */
  g_assert_cmpuint (ph_map_view_get_static_builds (map_view), ==, builds);
  g_assert_cmpuint (ph_map_view_get_figures_builds (map_view), ==, figure_builds);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-crowded.png");
  ph_map_view_end_drag (map_view, 5.0 * 31, 2.0 * 31);
  g_assert_true (ph_document_get_can_undo (document));

  /* Hovering one enemy after another: the engine is asked, the rings and
   * the line of sight drawn, the figures layer reused. */
  render_frame_settled (GTK_WIDGET (map_view));
  figure_builds = ph_map_view_get_figures_builds (map_view);
  for (guint i = 0; i < 30; i++)
    {
      PhFigure *enemy = g_ptr_array_index (ph_document_get_scenario (document)->figures, 2 * i + 1);

      ph_test_figure_widget_point (map_view, enemy, &x, &y);
      ph_map_view_pointer_motion (map_view, x, y);
      render_frame (GTK_WIDGET (map_view));
    }
  g_assert_cmpuint (ph_map_view_get_figures_builds (map_view), ==, figure_builds);

  ph_test_window_destroy (window);
}

/* A zoom shows the layers drawn at the old scale at once, stretched, and
 * the sharp ones when the worker has drawn them; meanwhile the frames
 * draw nothing of them (the worker is held here, so that the frames
 * before it can be looked at) */
static void
test_zoom_sharp_later (void)
{
  PhWindow *window;
  PhMapView *map_view;
  PhViewport *viewport;
  double scale, shown_scale;
  guint builds, figure_builds, dropped;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  map_view = ph_window_get_map_view (window);
  viewport = ph_map_view_get_viewport (map_view);
  ph_test_wait_drawn (GTK_WIDGET (map_view));
  scale = ph_viewport_get_scale (viewport);
  dropped = ph_map_view_get_layers_dropped (map_view);
  builds = ph_map_view_get_static_builds (map_view);
  figure_builds = ph_map_view_get_figures_builds (map_view);
  g_assert_true (ph_map_view_get_layer_placement (map_view, PH_LAYER_STATIC, &shown_scale, NULL, NULL));
  g_assert_cmpfloat (shown_scale, ==, scale);

  ph_map_view_hold_layer_jobs (TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  g_assert_cmpfloat (ph_viewport_get_scale (viewport), >, scale);
  PH_TEST_WAIT_UNTIL (!ph_map_view_get_zoom_settling (map_view));
  render_frame (GTK_WIDGET (map_view));
  /* the scale held still: the sharp layers are asked for, and until they
   * come the old ones are shown, stretched to the new scale where the
   * view has them */
  g_assert_true (ph_map_view_get_layers_busy (map_view));
  g_assert_cmpuint (ph_map_view_get_static_builds (map_view), ==, builds);
  g_assert_true (ph_map_view_get_layer_placement (map_view, PH_LAYER_STATIC, &shown_scale, NULL, NULL));
  g_assert_cmpfloat (shown_scale, ==, scale);
  g_assert_true (ph_map_view_get_layer_placement (map_view, PH_LAYER_FIGURES, &shown_scale, NULL, NULL));
  g_assert_cmpfloat (shown_scale, ==, scale);
  /* input goes on meanwhile: another step */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  PH_TEST_WAIT_UNTIL (!ph_map_view_get_zoom_settling (map_view));
  render_frame (GTK_WIDGET (map_view));
  g_assert_cmpuint (ph_map_view_get_static_builds (map_view), ==, builds);

  ph_map_view_hold_layer_jobs (FALSE);
  PH_TEST_WAIT_UNTIL (!ph_map_view_get_layers_busy (map_view));
  /* sharp: drawn at the view's scale */
  g_assert_true (ph_map_view_get_layer_placement (map_view, PH_LAYER_STATIC, &shown_scale, NULL, NULL));
  g_assert_cmpfloat (shown_scale, ==, ph_viewport_get_scale (viewport));
  g_assert_true (ph_map_view_get_layer_placement (map_view, PH_LAYER_FIGURES, &shown_scale, NULL, NULL));
  g_assert_cmpfloat (shown_scale, ==, ph_viewport_get_scale (viewport));
  /* the first step's images, drawn while the view went on to the
   * second, were dropped: only the last step's are shown */
  g_assert_cmpuint (ph_map_view_get_static_builds (map_view), ==, builds + 1);
  g_assert_cmpuint (ph_map_view_get_figures_builds (map_view), ==, figure_builds + 1);
  g_assert_cmpuint (ph_map_view_get_layers_dropped (map_view), ==, dropped + 2);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-zoom-sharp.png");

  ph_test_window_destroy (window);
}

/* An image the worker finishes after what it shows has changed (here,
 * the terrain edited while it drew) is dropped, never shown; the next
 * one is */
static void
test_stale_layer_dropped (void)
{
  PhWindow *window;
  PhMapView *map_view;
  guint builds, dropped;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  map_view = ph_window_get_map_view (window);
  ph_test_wait_drawn (GTK_WIDGET (map_view));
  builds = ph_map_view_get_static_builds (map_view);
  dropped = ph_map_view_get_layers_dropped (map_view);

  ph_map_view_hold_layer_jobs (TRUE);
  ph_map_view_invalidate_static (map_view);
  render_frame (GTK_WIDGET (map_view));
  g_assert_true (ph_map_view_get_layers_busy (map_view));
  /* changed again while the first is drawn: that one is stale */
  ph_map_view_invalidate_static (map_view);
  render_frame (GTK_WIDGET (map_view));
  ph_map_view_hold_layer_jobs (FALSE);
  PH_TEST_WAIT_UNTIL (!ph_map_view_get_layers_busy (map_view));
  g_assert_cmpuint (ph_map_view_get_layers_dropped (map_view), ==, dropped + 1);
  g_assert_cmpuint (ph_map_view_get_static_builds (map_view), ==, builds + 1);

  /* and a frame now asks for nothing more */
  render_frame (GTK_WIDGET (map_view));
  g_assert_false (ph_map_view_get_layers_busy (map_view));
  g_assert_cmpuint (ph_map_view_get_static_builds (map_view), ==, builds + 1);

  ph_test_window_destroy (window);
}

/* The pixel at widget point (@x, @y) of the frame the view draws now,
 * whatever its worker is doing */
static guint32
frame_pixel (GtkWidget *widget,
             int        x,
             int        y)
{
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  guint32 pixel;

  ph_map_view_snapshot_map (PH_MAP_VIEW (widget), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (x, y, 1, 1));
  gdk_texture_download (texture, (guchar *) &pixel, 4);

  return pixel & 0xffffff;
}

/* The British red, lightened or not: far more red than green or blue */
static gboolean
is_red (guint32 rgb)
{
  int r = (rgb >> 16) & 0xff, g = (rgb >> 8) & 0xff, b = rgb & 0xff;

  return r > g + 40 && r > b + 40;
}

/* A figure put down shows where it was put at once, before the worker
 * has drawn the figures layer with him (the drag's layer, drawn
 * without him, is still the one shown) */
static void
test_drop_shown_at_once (void)
{
  PhWindow *window;
  PhMapView *map_view;
  PhFigure *figure;
  double x, y;
  guint32 before, after, old_spot;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  map_view = ph_window_get_map_view (window);
  figure = ph_scenario_find_figure (ph_document_get_scenario (ph_window_get_document (window)),
                                    "smith");
  g_assert_nonnull (figure);
  ph_test_click_figure (map_view, figure, 0);
  ph_test_figure_widget_point (map_view, figure, &x, &y);
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (map_view, 40, 0);
  ph_test_wait_drawn (GTK_WIDGET (map_view));

  ph_map_view_hold_layer_jobs (TRUE);
  ph_map_view_end_drag (map_view, 40, 0);
  before = frame_pixel (GTK_WIDGET (map_view), (int) x + 40, (int) y);
  old_spot = frame_pixel (GTK_WIDGET (map_view), (int) x, (int) y);
  g_assert_true (ph_map_view_get_layers_busy (map_view));
  ph_map_view_hold_layer_jobs (FALSE);
  PH_TEST_WAIT_UNTIL (!ph_map_view_get_layers_busy (map_view));
  after = frame_pixel (GTK_WIDGET (map_view), (int) x + 40, (int) y);
  /* his red base is there in both frames (the line of sight crosses it
   * in the second), and not where he stood */
  g_assert_true (ph_map_view_figure_at (map_view, x + 40, y) == figure);
  g_assert_true (is_red (before));
  g_assert_true (is_red (after));
  g_assert_false (is_red (old_spot));

  ph_test_window_destroy (window);
}

/* The selection's yellow glow, over whatever is under it */
static gboolean
is_glow (guint32 rgb)
{
  int r = (rgb >> 16) & 0xff, g = (rgb >> 8) & 0xff, b = rgb & 0xff;

  return r > 200 && g > 160 && b < 120;
}

/* A figure picked shows its glow in the very frame of the click, before
 * the worker has drawn the figures layer with him selected (the layer
 * shown is still the one without), and looks the same once it has */
static void
test_selection_shown_at_once (void)
{
  PhWindow *window;
  PhMapView *map_view;
  PhSelection *selection;
  PhFigure *figure;
  PhBase base;
  double x, y, r;
  guint n_held = 0;
  gboolean before[8], held[8], settled[8];

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  map_view = ph_window_get_map_view (window);
  selection = ph_map_view_get_selection_model (map_view);
  figure = ph_scenario_find_figure (ph_document_get_scenario (ph_window_get_document (window)),
                                    "smith");
  g_assert_nonnull (figure);
  ph_selection_clear (selection);
  ph_test_wait_drawn (GTK_WIDGET (map_view));
  PH_TEST_WAIT_UNTIL (!ph_map_view_get_layers_busy (map_view));

  /* the middle of the glow's band, all round him */
  ph_test_figure_widget_point (map_view, figure, &x, &y);
  ph_figure_get_base (figure, &base);
  r = MAX (2.5, base.width / 2 * ph_viewport_get_scale (ph_map_view_get_viewport (map_view))) + 3.5;
  for (guint k = 0; k < 8; k++)
    before[k] = is_glow (frame_pixel (GTK_WIDGET (map_view), (int) round (x + r * cos (k * G_PI / 4)),
                                      (int) round (y + r * sin (k * G_PI / 4))));

  ph_map_view_hold_layer_jobs (TRUE);
  ph_selection_select (selection, figure, FALSE);
  for (guint k = 0; k < 8; k++)
    {
      held[k] = is_glow (frame_pixel (GTK_WIDGET (map_view), (int) round (x + r * cos (k * G_PI / 4)),
                                      (int) round (y + r * sin (k * G_PI / 4))));
      n_held += held[k] && !before[k];
    }
  /* the worker has not drawn him selected yet */
  g_assert_true (ph_map_view_get_layers_busy (map_view));
  ph_map_view_hold_layer_jobs (FALSE);
  PH_TEST_WAIT_UNTIL (!ph_map_view_get_layers_busy (map_view));
  for (guint k = 0; k < 8; k++)
    settled[k] = is_glow (frame_pixel (GTK_WIDGET (map_view), (int) round (x + r * cos (k * G_PI / 4)),
                                       (int) round (y + r * sin (k * G_PI / 4))));

  /* the glow shows round most of him at once (his name, placed anew
   * for a picked man in the worker's image, may cover some of it), and
   * only where the worker's image shows it too */
  g_assert_cmpuint (n_held, >=, 4);
  for (guint k = 0; k < 8; k++)
    if (held[k])
      g_assert_true (settled[k]);

  ph_test_window_destroy (window);
}

static gboolean
is_marker_legend (GtkWidget     *widget,
                  gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) && g_strcmp0 (gtk_widget_get_name (widget), "marker-legend") == 0;
}

/* Zoomed in, the edge numbers follow the view (a screenshot to look at;
 * the drawing itself is tested in test-render) */
static void
test_sticky_rulers_window (void)
{
  PhWindow *window;
  PhMapView *map;
  GtkWidget *w;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  map = ph_window_get_map_view (window);
  w = GTK_WIDGET (map);
  ph_viewport_zoom_at (ph_map_view_get_viewport (map), 5,
                       gtk_widget_get_width (w) / 2.0, gtk_widget_get_height (w) / 2.0);
  ph_test_wait_drawn (w);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-rulers.png");
  /* the figures layer placed the names of the men in view inside the
   * rulers' bands (issue 11: a name near the edge slipped under one),
   * and places them again when a pan moves the bands over the table */
  for (guint pan = 0; pan < 2; pan++)
    {
      const PhLayerCache *cache = &((struct _PhMapView *) map)->figures_cache;
      PhRenderView view;
      PhRect inside, want;

      ph_map_view_get_render_view (map, &view);
      g_assert_true (ph_render_rulers_inside (ph_document_get_scenario (ph_window_get_document (window)),
                                              &view, gtk_widget_get_width (w),
                                              gtk_widget_get_height (w), &inside));
      want = ph_render_view_device_rect_to_table (&view, inside.x0, inside.y0,
                                                  inside.x1 - inside.x0, inside.y1 - inside.y0);
      /* (once the zoom has settled and the worker's image is in) */
      PH_TEST_WAIT_UNTIL (cache->has_inside && !ph_map_view_get_layers_busy (map)
                          && fabs (cache->inside.x0 - want.x0) < 0.5 / view.scale);
      g_assert_cmpfloat_with_epsilon (cache->inside.x0, want.x0, 0.5 / view.scale);
      g_assert_cmpfloat_with_epsilon (cache->inside.y1, want.y1, 0.5 / view.scale);
      if (pan == 0)
        ph_test_save_screenshot (GTK_WIDGET (window), "app-rulers-names.png");
      ph_viewport_pan (ph_map_view_get_viewport (map), 37, 23);
      ph_test_wait_drawn (w);
    }

  /* the markers' legend, at the end of the status bar */
  {
    GtkWidget *legend = ph_test_find_descendant (GTK_WIDGET (window), is_marker_legend, NULL);
    GtkWidget *popover, *text;

    g_assert_nonnull (legend);
    popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (legend)));
    text = ph_test_find_widget (popover, GTK_TYPE_LABEL, NULL);
    g_assert_nonnull (text);
    text = gtk_widget_get_next_sibling (text);
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (text)), "U: a weapon not loaded"));
  }
  ph_test_window_destroy (window);
}

/* Whom the threat map shown is for: a figure's id, or "side:" and the
 * side of a new man */
static const char *
map_view_threat_for (PhMapView *map_view)
{
  return ((struct _PhMapView *) map_view)->threat_for;
}

/* The threat legend's border, just inside its edge all round, is its own
 * dark box: nothing (the rulers' bands, a figure, a name) is drawn over
 * it. Laid over the parchment band a pixel of it is 0.85 of 0.1 grey and
 * 0.15 of the band, under 64; the band over it, near 200. */
static void
assert_legend_on_top (PhMapView  *map_view,
                      const char *when)
{
  struct _PhMapView *view = (struct _PhMapView *) map_view;
  int width, height, x0, y0, x1, y1, worst = 0;
  g_autofree guint32 *pixels = ph_test_pixels (GTK_WIDGET (map_view), &width, &height);

  x0 = (int) ceil (view->threat_legend_x) + 2;
  y0 = (int) ceil (view->threat_legend_y) + 2;
  x1 = (int) floor (view->threat_legend_x + view->threat_legend_width) - 3;
  y1 = (int) floor (view->threat_legend_y + view->threat_legend_height) - 3;
  g_assert_cmpint (x0, >=, 0);
  g_assert_cmpint (y0, >=, 0);
  g_assert_cmpint (x1, <, width);
  g_assert_cmpint (y1, <, height);
  for (int x = x0 + 4; x <= x1 - 4; x++)
    for (int k = 0; k < 2; k++)
      {
        guint32 p = pixels[(gsize) (k ? y1 : y0) * width + x];

        worst = MAX (worst, (int) MAX ((p >> 16) & 0xff, MAX ((p >> 8) & 0xff, p & 0xff)));
      }
  for (int y = y0 + 4; y <= y1 - 4; y++)
    for (int k = 0; k < 2; k++)
      {
        guint32 p = pixels[(gsize) y * width + (k ? x1 : x0)];

        worst = MAX (worst, (int) MAX ((p >> 16) & 0xff, MAX ((p >> 8) & 0xff, p & 0xff)));
      }
  g_test_message ("%s: legend at %g, %g (%g x %g), its border at most %d", when,
                  view->threat_legend_x, view->threat_legend_y, view->threat_legend_width,
                  view->threat_legend_height, worst);
  g_assert_cmpint (worst, <=, 64);
}

/* T: the selected figure's threat map, worked out off the frame path, the
 * engine's (ph_engine_threat_map()) cell for cell; gone when a figure
 * moves, and worked out again; T again hides it */
static void
test_threat_map (void)
{
  PhWindow *window;
  PhMapView *map_view;
  PhDocument *document;
  PhScenario *scenario;
  PhFigure *figure;
  g_autoptr(PhThreatMap) direct = NULL;
  const PhThreatMap *shown;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("firelock-bloody-run-1758.xml");
  map_view = ph_window_get_map_view (window);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  figure = ph_scenario_find_figure (scenario, "rogers");
  ph_test_click_figure (map_view, figure, 0);
  ph_test_run_until_idle ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map_view), "map.toggle-threat", NULL));
  gtk_widget_queue_draw (GTK_WIDGET (map_view));
  PH_TEST_WAIT_UNTIL (ph_map_view_get_threat_map (map_view) != NULL);
  /* a quick look first, the engine's own at 300 cells (unless the sharp
   * one came in already on a fast machine) */
  shown = ph_map_view_get_threat_map (map_view);
  if (!ph_map_view_get_threat_sharp (map_view))
    {
      g_autoptr(PhThreatMap) quick = ph_engine_threat_map (scenario, "rogers", 300, NULL);

      g_assert_cmpuint (shown->nx * shown->ny, <=, 300);
      g_assert_cmpuint (shown->nx, ==, quick->nx);
      g_assert_cmpuint (shown->ny, ==, quick->ny);
      for (guint i = 0; i < quick->nx * quick->ny; i++)
        g_assert_cmpfloat (shown->cells[i].best, ==, quick->cells[i].best);
    }
  /* then the sharp one */
  PH_TEST_WAIT_UNTIL (ph_map_view_get_threat_sharp (map_view));
  shown = ph_map_view_get_threat_map (map_view);
  direct = ph_engine_threat_map (scenario, "rogers", 3000, NULL);
  g_assert_cmpuint (shown->nx, ==, direct->nx);
  g_assert_cmpuint (shown->ny, ==, direct->ny);
  for (guint i = 0; i < direct->nx * direct->ny; i++)
    {
      g_assert_cmpuint (shown->cells[i].shooters, ==, direct->cells[i].shooters);
      g_assert_cmpfloat (shown->cells[i].best, ==, direct->cells[i].best);
      g_assert_cmpfloat (shown->cells[i].best_hit, ==, direct->cells[i].best_hit);
    }
  ph_test_wait_drawn (GTK_WIDGET (window));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-threat-map.png");

  /* the legend shows the scale: each step's swatch in the colour the
   * cells take over the cloth (render --threat's steps) */
  {
    struct _PhMapView *view = (struct _PhMapView *) map_view;

    for (guint i = 0; i < ph_render_threat_n_steps (); i++)
      {
        PhRgba c = ph_render_threat_step_rgba (i);
        guint32 pixel = ph_test_pixel (GTK_WIDGET (map_view), (int) view->threat_swatch_x[i],
                                       (int) view->threat_swatch_y[i]);
        double cloth[3] = { 0x8e / 255.0, 0xa3 / 255.0, 0x65 / 255.0 };
        double want[3] = { c.r * c.a + cloth[0] * (1 - c.a), c.g * c.a + cloth[1] * (1 - c.a),
                           c.b * c.a + cloth[2] * (1 - c.a) };

        g_test_message ("step %u (%s): %06x", i, ph_render_threat_step_label (i), pixel);
        g_assert_cmpfloat (fabs (((pixel >> 16) & 0xff) - 255 * want[0]), <=, 2);
        g_assert_cmpfloat (fabs (((pixel >> 8) & 0xff) - 255 * want[1]), <=, 2);
        g_assert_cmpfloat (fabs ((pixel & 0xff) - 255 * want[2]), <=, 2);
      }
    g_assert_cmpfloat (view->threat_legend_width, <=,
                       ph_viewport_get_width (ph_map_view_get_viewport (map_view)) - 16);
  }

  /* a drag keeps the map in sight: a threatened spot far from the man
   * dragged (his own map's, where he might go) keeps its colour while he
   * moves */
  {
    PhFigure *enemy = figure;
    double ex, ey, cx = -1, cy = -1, far = 0;
    guint32 before, during;

    for (guint i = 0; i < direct->nx * direct->ny; i++)
      {
        double tx = direct->x0 + (i % direct->nx + 0.5) * direct->cell;
        double ty = direct->y0 + (i / direct->nx + 0.5) * direct->cell;
        double d = hypot (tx - figure->x, ty - figure->y);

        /* clear of the legend, in the table's lower half */
        if (direct->cells[i].best > 0.1 && ty > scenario->table.height / 2
            && tx + direct->cell < scenario->table.width && ty + direct->cell < scenario->table.height
            && d > far)
          {
            far = d;
            ph_viewport_table_to_widget (ph_map_view_get_viewport (map_view), tx, ty, &cx, &cy);
          }
      }
    g_assert_cmpfloat (far, >, 3);
    before = ph_test_pixel (GTK_WIDGET (map_view), (int) cx, (int) cy);
    ph_test_figure_widget_point (map_view, enemy, &ex, &ey);
    ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, ex, ey);
    ph_map_view_update_drag (map_view, 12, 6);
    ph_map_view_update_drag (map_view, 24, 12);
    g_assert_true (((struct _PhMapView *) map_view)->has_drag_scenario);
    during = ph_test_pixel (GTK_WIDGET (map_view), (int) cx, (int) cy);
    g_test_message ("spot %g, %g: %06x before the drag, %06x during it", cx, cy, before, during);
    g_assert_cmpuint (during, ==, before);
    ph_map_view_cancel_drag (map_view);
    ph_test_run_until_idle ();
    /* and without the map the spot is another colour: the check can fail */
    ph_map_view_set_show_threat (map_view, FALSE);
    g_assert_cmpuint (ph_test_pixel (GTK_WIDGET (map_view), (int) cx, (int) cy), !=, before);
    ph_map_view_set_show_threat (map_view, TRUE);
    gtk_widget_queue_draw (GTK_WIDGET (map_view));
    PH_TEST_WAIT_UNTIL (ph_map_view_get_threat_sharp (map_view));
  }

  /* zoomed in and panned, the rulers' bands stand along the map's edges,
   * where the legend is, and the figures' names may pass under it: it is
   * drawn over them all, at every zoom (the wheel's steps, and back) */
  {
    PhViewport *viewport = ph_map_view_get_viewport (map_view);
    GtkWidget *w = GTK_WIDGET (map_view);
    static const double zooms[] = { 1.2 * 1.2, 1.2, 1 / (1.2 * 1.2 * 1.2) };
    int width, height;

    for (guint i = 0; i < G_N_ELEMENTS (zooms); i++)
      {
        g_autofree char *when = g_strdup_printf ("zoom step %u", i);

        ph_viewport_zoom_at (viewport, zooms[i], gtk_widget_get_width (w) / 2.0,
                             gtk_widget_get_height (w) / 2.0);
        ph_test_wait_drawn (w);
        assert_legend_on_top (map_view, when);
        if (i == 0)
          {
            g_autofree guint32 *pixels = ph_test_pixels (w, &width, &height);
            guint32 band = pixels[(gsize) (height / 2) * width + 3];

            /* the rulers' band is there indeed: parchment at the left edge */
            g_test_message ("left edge at 144%%: %06x", band);
            g_assert_cmpuint ((band >> 16) & 0xff, >, 150);
            ph_test_save_screenshot (GTK_WIDGET (window), "app-threat-map-zoomed.png");
          }
      }
    ph_viewport_pan (viewport, 60, 40);
    ph_test_wait_drawn (w);
    assert_legend_on_top (map_view, "panned");
    ph_viewport_fit (viewport);
    ph_test_wait_drawn (w);
    assert_legend_on_top (map_view, "fitted");
  }

  /* a long name wraps within the map, never past its edge */
  {
    struct _PhMapView *view = (struct _PhMapView *) map_view;
    double one_line;
    char *name = figure->name;

    ph_test_wait_drawn (GTK_WIDGET (window));
    one_line = view->threat_legend_height;
    figure->name = g_strnfill (300, 'W');
    gtk_widget_queue_draw (GTK_WIDGET (map_view));
    ph_test_wait_drawn (GTK_WIDGET (window));
    g_test_message ("legend %g x %g in a map %g wide", view->threat_legend_width,
                    view->threat_legend_height,
                    ph_viewport_get_width (ph_map_view_get_viewport (map_view)));
    g_assert_cmpfloat (view->threat_legend_width, <=,
                       ph_viewport_get_width (ph_map_view_get_viewport (map_view)) - 16);
    g_assert_cmpfloat (view->threat_legend_height, >, one_line);
    ph_test_save_screenshot (GTK_WIDGET (window), "app-threat-map-long-name.png");
    g_free (figure->name);
    figure->name = name;
    gtk_widget_queue_draw (GTK_WIDGET (map_view));
  }

  /* an enemy moves: worked out again, from where he stands now */
  {
    PhFigure *enemy = ph_scenario_find_figure (scenario, "dubois");
    const char *ids[] = { enemy->id, NULL };
    PhPoint to = { enemy->x - 3, enemy->y };

    ph_document_move_figures (document, 1, ids, &to);
    g_assert_null (ph_map_view_get_threat_map (map_view));
    gtk_widget_queue_draw (GTK_WIDGET (map_view));
    PH_TEST_WAIT_UNTIL (ph_map_view_get_threat_sharp (map_view));
  }

  /* the legend reads the spot under the pointer: the engine's cell there */
  {
    const PhThreatCell *cell;
    g_autofree char *here = NULL;
    g_autofree char *best = NULL;
    double x, y;

    shown = ph_map_view_get_threat_map (map_view);
    /* the spot with the most shooters */
    cell = &shown->cells[0];
    for (guint i = 0; i < shown->nx * shown->ny; i++)
      if (shown->cells[i].shooters > cell->shooters)
        cell = &shown->cells[i];
    g_assert_cmpuint (cell->shooters, >=, 2);
    {
      guint i = (cell - shown->cells) % shown->nx, j = (cell - shown->cells) / shown->nx;

      ph_viewport_table_to_widget (ph_map_view_get_viewport (map_view),
                                   shown->x0 + (i + 0.5) * shown->cell,
                                   shown->y0 + (j + 0.5) * shown->cell, &x, &y);
    }
    ph_map_view_pointer_motion (map_view, x, y);
    here = ph_map_view_describe_threat_here (map_view);
    best = ph_shot_format_percent (cell->best);
    {
      /* Firelock's words: a wound, and its "hits" are wound boxes */
      g_autofree char *hit = ph_shot_format_percent (cell->best_hit);
      g_autofree char *expected =
        g_strdup_printf ("Here: %u enemies could shoot, best %s to wound (%s to hit), "
                         "%.1f wounding shots to expect", cell->shooters, best, hit, cell->sum);

      g_assert_cmpstr (here, ==, expected);
    }
    /* and the legend drawn reads it; when the pointer leaves the map it
     * is drawn again without it */
    gtk_widget_queue_draw (GTK_WIDGET (map_view));
    ph_test_wait_drawn (GTK_WIDGET (map_view));
    g_assert_true (((struct _PhMapView *) map_view)->threat_legend_here);
    ph_map_view_pointer_leave (map_view);
    ph_test_wait_drawn (GTK_WIDGET (map_view));
    g_assert_false (((struct _PhMapView *) map_view)->threat_legend_here);
    g_assert_null (ph_map_view_describe_threat_here (map_view));
  }

  /* the legend keeps clear of the man: zoomed in, with him in the map's
   * top-left corner where it stood, it takes another corner */
  {
    PhViewport *viewport = ph_map_view_get_viewport (map_view);
    struct _PhMapView *view = (struct _PhMapView *) map_view;
    GtkWidget *w = GTK_WIDGET (map_view);
    const char *ids[] = { figure->id, NULL };
    PhPoint to;
    double fx, fy, margin;
    PhRect legend, around;

    ph_viewport_zoom_at (viewport, 1.5, gtk_widget_get_width (w) / 2.0,
                         gtk_widget_get_height (w) / 2.0);
    ph_viewport_widget_to_table (viewport, 70, 60, &to.x, &to.y);
    g_assert_cmpfloat (to.x, >, 1);
    g_assert_cmpfloat (to.y, >, 1);
    ph_document_move_figures (document, 1, ids, &to);
    gtk_widget_queue_draw (w);
    PH_TEST_WAIT_UNTIL (ph_map_view_get_threat_sharp (map_view));
    ph_test_wait_drawn (GTK_WIDGET (window));
    ph_viewport_table_to_widget (viewport, figure->x, figure->y, &fx, &fy);
    margin = ph_viewport_get_scale (viewport);
    legend = (PhRect) { view->threat_legend_x, view->threat_legend_y,
                        view->threat_legend_x + view->threat_legend_width,
                        view->threat_legend_y + view->threat_legend_height };
    around = (PhRect) { fx - margin, fy - margin, fx + margin, fy + margin };
    g_test_message ("man at %g, %g; legend %g, %g to %g, %g", fx, fy, legend.x0, legend.y0,
                    legend.x1, legend.y1);
    ph_test_save_screenshot (GTK_WIDGET (window), "app-threat-map-man-top-left.png");
    g_assert_false (ph_rect_intersects (&legend, &around));
    assert_legend_on_top (map_view, "the man top-left");
    ph_viewport_fit (viewport);
  }

  /* nothing picked: a new man of the side last picked, put on a copy of
   * the table as the ruleset makes one, is who it is for */
  ph_selection_clear (ph_document_get_selection (document));
  gtk_widget_queue_draw (GTK_WIDGET (map_view));
  PH_TEST_WAIT_UNTIL (ph_map_view_get_threat_sharp (map_view)
                      && g_str_has_prefix (map_view_threat_for (map_view), "side:"));
  {
    g_autoptr(PhScenario) copy = ph_scenario_copy (scenario);
    PhFigure *probe = ph_ruleset_new_figure (copy, figure->side, copy->table.width / 2,
                                             copy->table.height / 2,
                                             g_strcmp0 (figure->side,
                                                        ((PhSide *) g_ptr_array_index (copy->sides, 0))->id) == 0
                                             ? 90 : 270);
    g_autoptr(PhThreatMap) expected = NULL;

    g_ptr_array_add (copy->figures, probe);
    ph_scenario_reindex (copy);
    expected = ph_engine_threat_map (copy, probe->id, 3000, NULL);
    shown = ph_map_view_get_threat_map (map_view);
    g_assert_cmpuint (shown->nx * shown->ny, ==, expected->nx * expected->ny);
    for (guint i = 0; i < expected->nx * expected->ny; i++)
      {
        g_assert_cmpuint (shown->cells[i].shooters, ==, expected->cells[i].shooters);
        g_assert_cmpfloat (shown->cells[i].best, ==, expected->cells[i].best);
      }
    ph_test_wait_drawn (GTK_WIDGET (window));
    ph_test_save_screenshot (GTK_WIDGET (window), "app-threat-map-new-man.png");
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map_view), "map.toggle-threat", NULL));
  g_assert_null (ph_map_view_get_threat_map (map_view));
  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/map/sticky-rulers", test_sticky_rulers_window);
  g_test_add_func ("/app/map/threat-map", test_threat_map);
  g_test_add_func ("/app/map/drag-undo-redo", test_drag_undo_redo);
  g_test_add_func ("/app/map/drag-several", test_drag_several);
  g_test_add_func ("/app/map/right-click", test_right_click);
  g_test_add_func ("/app/map/tooltip-area", test_tooltip_area);
  g_test_add_func ("/app/map/tooltip-clear-of-line", test_tooltip_clear_of_line);
  g_test_add_func ("/app/map/turn", test_turn);
  g_test_add_func ("/app/map/handle-over-neighbour", test_handle_over_neighbour);
  g_test_add_func ("/app/map/handle-under-markers", test_handle_under_markers);
  g_test_add_func ("/app/map/measure", test_measure);
  g_test_add_func ("/app/map/zoom-pan-cache", test_zoom_pan_cache);
  g_test_add_func ("/app/map/layer-caches", test_layer_caches);
  g_test_add_func ("/app/map/zoom-sharp-later", test_zoom_sharp_later);
  g_test_add_func ("/app/map/stale-layer-dropped", test_stale_layer_dropped);
  g_test_add_func ("/app/map/drop-shown-at-once", test_drop_shown_at_once);
  g_test_add_func ("/app/map/selection-shown-at-once", test_selection_shown_at_once);
  return ph_test_app_run ();
}
