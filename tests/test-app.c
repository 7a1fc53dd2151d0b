/* test-app.c: the window under a display (xvfb-run -a, GSK_RENDERER=cairo)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opens the bundled examples in a real window, selects, drags, turns and
 * measures through the map view's gesture code, checks the model and the
 * undo history, asks for the odds, and saves screenshots of the window
 * (app-*.png in the build directory) for a person to look at. Without a
 * display every test skips.
 */
#include <glib/gstdio.h>
#include <math.h>
#ifdef PH_HAVE_X11
#include <X11/Xlib.h>
#endif

#include "ph-ruleset-firelock.h"
#include "ph-application.h"
#include "ph-character.h"
#include "ph-map-view-private.h"
#include "ph-figure-panel.h"
#include "ph-game-panel.h"
#include "ph-print-operation.h"
#include "ph-recovery.h"
#include "ph-sheet.h"
#include "ph-shot-panel.h"
#include "ph-window.h"
#include "ph-test-wait.h"

#define EXAMPLE_MAYHEM "musket-mayhem-fight-at-the-farmstead.xml"
#define EXAMPLE_FIRELOCK "firelock-bloody-run-1758.xml"

static gboolean have_display;
static PhApplication *app;

/* The main loop. Nothing here waits for a fixed time: a loaded machine
 * draws late, so each wait is for its condition (ph-test-wait.h). */

static void
run_until_idle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* @widget's render node from its last frame, or NULL while it has none:
 * GTK drops it when a redraw is queued and makes it again when the next
 * frame is drawn. */
static GskRenderNode *
last_frame (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  gdk_paintable_snapshot (paintable, snapshot,
                          gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  return gtk_snapshot_free_to_node (snapshot);
}

static gboolean
is_drawn (GtkWidget *widget)
{
  g_autoptr(GskRenderNode) node = NULL;

  run_until_idle ();
  if (!gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) <= 0)
    return FALSE;
  node = last_frame (widget);
  return node != NULL;
}

/* Until everything queued on @widget has been drawn */
static void
wait_drawn (GtkWidget *widget)
{
  PH_TEST_WAIT_UNTIL (is_drawn (widget));
}

/* Windows */

static GFile *
example_file (const char *name)
{
  const char *data_dir = g_getenv ("PH_DATA_DIR");

  g_assert_nonnull (data_dir);
  return g_file_new_build_filename (data_dir, "scenarios", name, NULL);
}

static PhWindow *
window_new_sized (int width,
                  int height)
{
  PhWindow *window = ph_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  wait_drawn (GTK_WIDGET (window));
  return window;
}

static PhWindow *
window_new (void)
{
  return window_new_sized (1280, 800);
}

static PhWindow *
window_new_on (const char *example)
{
  PhWindow *window = window_new ();
  g_autoptr(GFile) file = example_file (example);
  g_autoptr(GError) error = NULL;
  PhMapView *map_view;

  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  map_view = ph_window_get_map_view (window);
  PH_TEST_WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (map_view)) >= 100);
  wait_drawn (GTK_WIDGET (window));
  return window;
}

static void
window_destroy (PhWindow *window)
{
  /* Unsaved changes would ask: these windows are thrown away. */
  gtk_window_destroy (GTK_WINDOW (window));
  run_until_idle ();
}

static void
save_screenshot (GtkWidget  *widget,
                 const char *name)
{
  const char *dir = g_getenv ("G_TEST_BUILDDIR");
  g_autofree char *path = g_build_filename (dir ? dir : ".", name, NULL);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer;

  run_until_idle ();
  PH_TEST_WAIT_UNTIL (gtk_widget_get_mapped (widget)
                      && (node = last_frame (widget)) != NULL);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0,
                                                              gtk_widget_get_width (widget),
                                                              gtk_widget_get_height (widget)));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

/* Figures on the map */

static void
figure_widget_point (PhMapView      *map_view,
                     const PhFigure *figure,
                     double         *x,
                     double         *y)
{
  PhRenderView view;
  PhPoint p;

  ph_map_view_get_render_view (map_view, &view);
  p = ph_render_view_to_device (&view, (PhPoint) { figure->x, figure->y });
  *x = p.x;
  *y = p.y;
}

/* The first figure on the table of @side (or of any side), and one of
 * another side that it can see, if any. */
static PhFigure *
find_figure (PhScenario *scenario,
             const char *not_side)
{
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      if (ph_figure_is_off_table (figure))
        continue;
      if (not_side && g_strcmp0 (figure->side, not_side) == 0)
        continue;
      return figure;
    }
  return NULL;
}

static void
click_figure (PhMapView       *map_view,
              PhFigure        *figure,
              GdkModifierType  modifiers)
{
  double x, y;

  figure_widget_point (map_view, figure, &x, &y);
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, modifiers, x, y);
  ph_map_view_end_drag (map_view, 0, 0);
}

#define SKIP_WITHOUT_DISPLAY() \
  G_STMT_START { if (!have_display) { g_test_skip ("no display"); return; } } G_STMT_END

/* Tests */

static void
test_start_screen (void)
{
  PhWindow *window;
  g_autoptr(GPtrArray) examples = NULL;

  SKIP_WITHOUT_DISPLAY ();

  examples = ph_application_list_examples ();
  g_assert_cmpuint (examples->len, >, 0);

  window = window_new ();
  g_assert_true (ph_window_is_unused (window));
  save_screenshot (GTK_WIDGET (window), "app-start.png");
  window_destroy (window);
}

static void
test_open_example (void)
{
  PhWindow *window;
  PhDocument *document;

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on (EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  g_assert_false (ph_window_is_unused (window));
  g_assert_false (ph_document_get_dirty (document));
  g_assert_cmpuint (ph_document_get_scenario (document)->figures->len, >, 0);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), !=, "Powderhorn");
  save_screenshot (GTK_WIDGET (window), "app-open.png");

  /* The inspector on a selected figure */
  click_figure (ph_window_get_map_view (window),
                find_figure (ph_document_get_scenario (document), NULL), 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "figure"));
  save_screenshot (GTK_WIDGET (window), "app-inspector.png");
  window_destroy (window);
}

static void
test_drag_undo_redo (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhFigure *figure;
  double x, y, x0, y0, scale;
  guint builds;

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on (EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  figure = find_figure (ph_document_get_scenario (document), NULL);
  g_assert_nonnull (figure);
  x0 = figure->x;
  y0 = figure->y;
  scale = ph_viewport_get_scale (ph_map_view_get_viewport (map_view));
  builds = ph_map_view_get_static_builds (map_view);

  /* Press on the figure: it is selected; drag it 60 by 30 pixels. */
  figure_widget_point (map_view, figure, &x, &y);
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, x, y);
  g_assert_true (ph_map_view_get_selected_figure (map_view) == figure);
  for (int step = 1; step <= 10; step++)
    {
      ph_map_view_update_drag (map_view, 6 * step, 3 * step);
      run_until_idle ();
      /* Only the view moves it while the drag is under way. */
      g_assert_cmpfloat (figure->x, ==, x0);
    }
  save_screenshot (GTK_WIDGET (window), "app-drag.png");
  ph_map_view_end_drag (map_view, 60, 30);

  /* The model changed once, as one undoable command. */
  g_assert_cmpfloat_with_epsilon (figure->x, x0 + 60 / scale, 1e-9);
  g_assert_cmpfloat_with_epsilon (figure->y, y0 + 30 / scale, 1e-9);
  g_assert_true (ph_document_get_dirty (document));
  g_assert_true (g_str_has_prefix (ph_document_get_undo_label (document), "Move "));
  /* The terrain was not redrawn for it. */
  wait_drawn (GTK_WIDGET (map_view));
  g_assert_cmpuint (ph_map_view_get_static_builds (map_view), ==, builds);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_cmpfloat (figure->x, ==, x0);
  g_assert_cmpfloat (figure->y, ==, y0);
  g_assert_false (ph_document_get_dirty (document));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_cmpfloat_with_epsilon (figure->x, x0 + 60 / scale, 1e-9);
  g_assert_cmpfloat_with_epsilon (figure->y, y0 + 30 / scale, 1e-9);

  window_destroy (window);
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

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on (EXAMPLE_MAYHEM);
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
  click_figure (map_view, selection[0], GDK_SHIFT_MASK);
  ph_map_view_get_selection (map_view, &n_selected);
  g_assert_cmpuint (n_selected, ==, n_alive - 1);

  /* Drag the rest together: one command moves them all. */
  selection = ph_map_view_get_selection (map_view, &n_selected);
  figure_widget_point (map_view, selection[0], &x, &y);
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

  window_destroy (window);
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

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on (EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  figure = find_figure (ph_document_get_scenario (document), NULL);
  facing = figure->facing;
  click_figure (map_view, figure, 0);
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
    save_screenshot (GTK_WIDGET (window), "app-turn.png");
    ph_map_view_end_drag (map_view, tx - hx, ty - hy);
  }
  g_assert_cmpfloat_with_epsilon (figure->facing, ph_angle_normalize (facing + 90), 0.5);
  g_assert_true (g_str_has_prefix (ph_document_get_undo_label (document), "Turn "));
  ph_document_undo (document);
  g_assert_cmpfloat (figure->facing, ==, facing);

  window_destroy (window);
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

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on (EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  a = find_figure (scenario, NULL);
  b = find_figure (scenario, a->side);
  g_assert_nonnull (b);

  /* M turns the tape on (the header's toggle follows). */
  gtk_widget_grab_focus (GTK_WIDGET (map_view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map_view), "map.toggle-measure", NULL));
  g_assert_true (ph_map_view_get_measuring (map_view));

  figure_widget_point (map_view, a, &ax, &ay);
  figure_widget_point (map_view, b, &bx, &by);
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
  save_screenshot (GTK_WIDGET (window), "app-measure.png");

  gtk_widget_activate_action (GTK_WIDGET (map_view), "map.toggle-measure", NULL);
  g_assert_false (ph_map_view_get_measuring (map_view));
  g_assert_null (ph_map_view_get_tape_text (map_view));

  window_destroy (window);
}

/* Selects a shooter and hovers the enemy it has the best shot at. */
static void
check_assessment (const char *example,
                  const char *screenshot)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhScenario *scenario;
  PhFigure *shooter = NULL, *target = NULL;
  const PhAssessment *shown;
  g_autoptr(PhAssessment) expected = NULL;
  double best = -1, x, y;

  window = window_new_on (example);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);

  /* The pair with the best odds, as the engine sees them */
  for (guint i = 0; i < scenario->figures->len; i++)
    for (guint j = 0; j < scenario->figures->len; j++)
      {
        PhFigure *s = g_ptr_array_index (scenario->figures, i);
        PhFigure *t = g_ptr_array_index (scenario->figures, j);
        g_autoptr(PhAssessment) a = NULL;

        if (s == t || ph_figure_is_off_table (s) || ph_figure_is_off_table (t)
            || g_strcmp0 (s->side, t->side) == 0)
          continue;
        a = ph_engine_assess_figures (scenario, s, t, ph_map_view_get_shot_options (map_view), NULL);
        if (a && (a->can_fire ? 1 + a->p_hit : 0) > best)
          {
            best = a->can_fire ? 1 + a->p_hit : 0;
            shooter = s;
            target = t;
          }
      }
  g_assert_nonnull (shooter);

  click_figure (map_view, shooter, 0);
  g_assert_true (ph_map_view_get_selected_figure (map_view) == shooter);

  /* Hovering the enemy makes it the target and asks the engine. */
  figure_widget_point (map_view, target, &x, &y);
  ph_map_view_pointer_motion (map_view, x, y);
  g_assert_true (ph_map_view_get_target (map_view) == target);
  shown = ph_map_view_get_assessment (map_view);
  g_assert_nonnull (shown);
  expected = ph_engine_assess_figures (scenario, shooter, target,
                                       ph_map_view_get_shot_options (map_view), NULL);
  g_assert_cmpfloat (shown->p_hit, ==, expected->p_hit);
  g_assert_cmpint (shown->can_fire, ==, expected->can_fire);
  g_test_message ("%s: %s -> %s: p_hit %g, can fire %d", example,
                  shooter->id, target->id, shown->p_hit, shown->can_fire);

  save_screenshot (GTK_WIDGET (window), screenshot);

  /* Moving off the figure keeps nothing pinned: the target goes. */
  ph_map_view_pointer_motion (map_view, 1, 1);
  g_assert_null (ph_map_view_get_target (map_view));
  /* A secondary click pins it. */
  ph_map_view_set_pinned_target (map_view, target);
  g_assert_true (ph_map_view_get_target (map_view) == target);

  window_destroy (window);
}

static void
test_assessment (void)
{
  SKIP_WITHOUT_DISPLAY ();
  check_assessment (EXAMPLE_MAYHEM, "app-assess.png");
}

static void
test_every_example (void)
{
  g_autoptr(GPtrArray) examples = NULL;

  SKIP_WITHOUT_DISPLAY ();

  examples = ph_application_list_examples ();
  for (guint i = 0; i < examples->len; i++)
    {
      g_autofree char *basename = g_file_get_basename (g_ptr_array_index (examples, i));
      g_autofree char *stem = g_strndup (basename, strlen (basename) - 4);
      g_autofree char *shot = g_strdup_printf ("app-example-%s.png", stem);

      check_assessment (basename, shot);
    }
}

static GtkWidget *
find_message_dialog (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* not owned */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_MESSAGE_DIALOG (window) && gtk_window_get_transient_for (window) == parent)
        return GTK_WIDGET (window);
    }
  return NULL;
}

/* The message dialog over @window, its text and secondary text logged */
static GtkWidget *
error_dialog (PhWindow  *window,
              char     **text,
              char     **secondary)
{
  GtkWidget *dialog = find_message_dialog (GTK_WINDOW (window));

  g_assert_nonnull (dialog);
  g_object_get (dialog, "text", text, "secondary-text", secondary, NULL);
  g_test_message ("error dialog: %s / %s", *text, *secondary);
  return dialog;
}

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

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on (EXAMPLE_MAYHEM);
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
  PH_TEST_WAIT_UNTIL (find_message_dialog (GTK_WINDOW (window)) != NULL);

  /* An error is shown, naming the file and line; nothing changed. */
  {
    g_autofree char *text = NULL;
    g_autofree char *secondary = NULL;

    dialog = error_dialog (window, &text, &secondary);
    g_assert_nonnull (strstr (text, "broken.xml"));
    g_assert_nonnull (secondary);
    g_assert_nonnull (strstr (secondary, "broken.xml:"));
  }
  save_screenshot (dialog, "app-broken-file.png");
  g_assert_true (ph_document_get_scenario (document) == before);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, title);
  g_assert_false (ph_document_get_dirty (document));
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_unlink (path);
  g_rmdir (dir);
  window_destroy (window);
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

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on (EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  figure = find_figure (ph_document_get_scenario (document), NULL);

  figure_widget_point (map_view, figure, &x, &y);
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (map_view, 25, 25);
  ph_map_view_end_drag (map_view, 25, 25);
  gtk_widget_activate_action (GTK_WIDGET (map_view), "map.turn", "d", 45.0);
  g_assert_true (ph_document_get_dirty (document));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));

  g_assert_true (ph_document_save_as (document, file, &error));
  g_assert_no_error (error);
  g_assert_false (ph_document_get_dirty (document));
  run_until_idle ();
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
  run_until_idle ();
  g_assert_null (find_message_dialog (GTK_WINDOW (window)));
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
  g_autoptr(GFile) source = example_file (example);
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
  g_autofree char *contents = NULL;
  g_autofree char *changed = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  changed = g_strconcat (contents, "<!-- changed by another program -->\n", NULL);
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

  PH_TEST_WAIT_UNTIL ((dialog = find_message_dialog (GTK_WINDOW (window))) != NULL);
  return dialog;
}

/* Save asks before writing over a file another program changed: Cancel
 * keeps both, Reload takes the file's, Save Anyway writes ours. */
static void
test_changed_on_disk (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = copy_example (dir, EXAMPLE_MAYHEM);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  PhWindow *window;
  PhDocument *document;
  PhFigure *figure;
  GtkWidget *dialog;
  double facing;

  SKIP_WITHOUT_DISPLAY ();

  window = window_new ();
  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  document = ph_window_get_document (window);
  figure = find_figure (ph_document_get_scenario (document), NULL);
  id = g_strdup (figure->id);
  facing = figure->facing;

  /* Nothing changed on disk: Save just saves. */
  turn_all (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  run_until_idle ();
  g_assert_null (find_message_dialog (GTK_WINDOW (window)));
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

    g_object_get (dialog, "text", &text, "secondary-text", &secondary, NULL);
    g_assert_cmpstr (text, ==, "The file changed on disk since you opened it");
    g_assert_nonnull (strstr (secondary, EXAMPLE_MAYHEM));
  }
  save_screenshot (dialog, "app-changed-on-disk.png");
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  PH_TEST_WAIT_UNTIL (find_message_dialog (GTK_WINDOW (window)) == NULL);
  g_assert_true (file_contains (path, "changed by another program"));
  g_assert_cmpfloat (facing_in_file (path, id), ==, ph_angle_normalize (facing + 15));
  g_assert_true (ph_document_get_dirty (document));

  /* Reload: the file as it is now, our turn gone */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  dialog = wait_for_dialog (window);
  gtk_dialog_response (GTK_DIALOG (dialog), 1 /* Reload */);
  PH_TEST_WAIT_UNTIL (find_message_dialog (GTK_WINDOW (window)) == NULL);
  g_assert_false (ph_document_get_dirty (document));
  g_assert_cmpfloat (ph_scenario_find_figure (ph_document_get_scenario (document), id)->facing,
                     ==, ph_angle_normalize (facing + 15));
  g_assert_false (ph_document_get_file_changed (document));

  /* Save Anyway: ours replaces theirs. */
  turn_all (window);
  change_on_disk (path);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  dialog = wait_for_dialog (window);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  PH_TEST_WAIT_UNTIL (find_message_dialog (GTK_WINDOW (window)) == NULL);
  g_assert_false (ph_document_get_dirty (document));
  g_assert_false (file_contains (path, "changed by another program"));
  g_assert_cmpfloat (facing_in_file (path, id), ==, ph_angle_normalize (facing + 30));
  g_assert_false (ph_document_get_file_changed (document));

  window_destroy (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* Leaves a draft of @path with every figure turned by 15 degrees, as a
 * program killed before saving would */
static void
leave_draft (const char *path)
{
  PhApplication *application = app;
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
  g_autofree char *path = copy_example (dir, EXAMPLE_MAYHEM);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *id = NULL;
  PhDrafts *drafts;
  PhWindow *window;
  PhDocument *document;
  GtkWidget *dialog;
  double facing;

  SKIP_WITHOUT_DISPLAY ();

  drafts = ph_application_get_drafts (app);
  g_assert_nonnull (drafts);
  {
    g_autoptr(PhScenario) scenario = ph_scenario_load_file (path, NULL);
    PhFigure *figure = find_figure (scenario, NULL);

    id = g_strdup (figure->id);
    facing = figure->facing;
  }

  window = window_new ();
  /* This program's own drafts are never offered. */
  g_assert_null (ph_recovery_offer (app, window));

  leave_draft (path);
  dialog = ph_recovery_offer (app, window);
  g_assert_nonnull (dialog);
  g_assert_true (find_message_dialog (GTK_WINDOW (window)) == dialog);
  {
    g_autofree char *text = NULL;
    g_autofree char *secondary = NULL;

    g_object_get (dialog, "text", &text, "secondary-text", &secondary, NULL);
    g_test_message ("recovery: %s / %s", text, secondary);
    g_assert_cmpstr (text, ==, "Recover unsaved work?");
    g_assert_nonnull (strstr (secondary, "• Fight at the Farmstead — "));
    g_assert_nonnull (strstr (secondary, EXAMPLE_MAYHEM));
  }
  save_screenshot (dialog, "app-recovery.png");

  /* Restore: in this window (it showed nothing), unsaved, its file's */
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  PH_TEST_WAIT_UNTIL (find_message_dialog (GTK_WINDOW (window)) == NULL);
  document = ph_window_get_document (window);
  g_assert_true (ph_document_get_dirty (document));
  g_assert_true (g_file_equal (ph_document_get_file (document), file));
  g_assert_cmpfloat (ph_scenario_find_figure (ph_document_get_scenario (document), id)->facing,
                     ==, ph_angle_normalize (facing + 15));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• Fight at the Farmstead"));
  g_assert_nonnull (ph_drafts_get_draft (drafts, document));
  /* Taken over by this program: not offered again */
  g_assert_null (ph_recovery_offer (app, window));

  /* Ctrl+S saves it to the file (unchanged since): no question, and the
   * draft goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  run_until_idle ();
  g_assert_null (find_message_dialog (GTK_WINDOW (window)));
  g_assert_false (ph_document_get_dirty (document));
  g_assert_null (ph_drafts_get_draft (drafts, document));
  g_assert_cmpfloat (facing_in_file (path, id), ==, ph_angle_normalize (facing + 15));

  /* Discard: the draft goes, the window is left as it was. */
  leave_draft (path);
  dialog = ph_recovery_offer (app, window);
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_REJECT);
  PH_TEST_WAIT_UNTIL (find_message_dialog (GTK_WINDOW (window)) == NULL);
  g_assert_false (ph_document_get_dirty (document));
  g_assert_null (ph_recovery_offer (app, window));

  window_destroy (window);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_close_asks (void)
{
  PhWindow *window;
  PhDocument *document;
  GtkWidget *dialog;

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on (EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  gtk_widget_activate_action (GTK_WIDGET (ph_window_get_map_view (window)), "map.select-all", NULL);
  gtk_widget_activate_action (GTK_WIDGET (ph_window_get_map_view (window)), "map.nudge", "(dd)", 1.0, 0.0);
  g_assert_true (ph_document_get_dirty (document));

  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  PH_TEST_WAIT_UNTIL ((dialog = find_message_dialog (GTK_WINDOW (window))) != NULL);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  save_screenshot (dialog, "app-unsaved.png");

  /* Cancel keeps the window; Discard closes it. */
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  PH_TEST_WAIT_UNTIL (find_message_dialog (GTK_WINDOW (window)) == NULL);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));

  gtk_window_close (GTK_WINDOW (window));
  PH_TEST_WAIT_UNTIL ((dialog = find_message_dialog (GTK_WINDOW (window))) != NULL);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_REJECT);
  PH_TEST_WAIT_UNTIL (!gtk_widget_get_visible (GTK_WIDGET (window)));
  g_object_unref (window);
}

static void
test_zoom_pan_cache (void)
{
  PhWindow *window;
  PhMapView *map_view;
  PhViewport *viewport;
  double scale;
  guint builds;

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on (EXAMPLE_MAYHEM);
  map_view = ph_window_get_map_view (window);
  viewport = ph_map_view_get_viewport (map_view);
  scale = ph_viewport_get_scale (viewport);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL);
  g_assert_cmpfloat (ph_viewport_get_scale (viewport), >, scale);
  wait_drawn (GTK_WIDGET (map_view));
  builds = ph_map_view_get_static_builds (map_view);

  /* Small pans reuse the cached terrain. */
  for (int i = 0; i < 5; i++)
    {
      ph_map_view_begin_drag (map_view, GDK_BUTTON_MIDDLE, 0, 300, 300);
      ph_map_view_update_drag (map_view, 10, 5);
      ph_map_view_end_drag (map_view, 10, 5);
      wait_drawn (GTK_WIDGET (map_view));
    }
  g_assert_cmpuint (ph_map_view_get_static_builds (map_view), ==, builds);
  save_screenshot (GTK_WIDGET (window), "app-zoomed.png");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.fit", NULL);
  g_assert_true (ph_viewport_get_fitted (viewport));
  g_assert_cmpfloat_with_epsilon (ph_viewport_get_scale (viewport), scale, 1e-9);

  window_destroy (window);
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
  PhScenario *scenario = ph_scenario_new (PH_RULESET_MAYHEM);
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

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_sized (1920, 1080);
  document = ph_window_get_document (window);
  scenario = make_crowded_scenario ();
  ph_document_set_scenario (document, scenario, NULL);
  map_view = ph_window_get_map_view (window);
  PH_TEST_WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (map_view)) >= 100);
  wait_drawn (GTK_WIDGET (window));
  g_test_message ("map %d x %d", gtk_widget_get_width (GTK_WIDGET (map_view)),
                  gtk_widget_get_height (GTK_WIDGET (map_view)));

  /* A full frame: the static layer redrawn too */
  builds = ph_map_view_get_static_builds (map_view);
  ph_map_view_invalidate_static (map_view);
  render_frame (GTK_WIDGET (map_view));
  g_assert_cmpuint (ph_map_view_get_static_builds (map_view), ==, builds + 1);

  /* A drag frame: one figure moves, the terrain stays cached */
  figure = g_ptr_array_index (ph_document_get_scenario (document)->figures, 150);
  click_figure (map_view, figure, 0);
  figure_widget_point (map_view, figure, &x, &y);
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (map_view, 5.0, 2.0);
  render_frame (GTK_WIDGET (map_view));
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
  save_screenshot (GTK_WIDGET (window), "app-crowded.png");
  ph_map_view_end_drag (map_view, 5.0 * 31, 2.0 * 31);
  g_assert_true (ph_document_get_can_undo (document));

  /* Hovering one enemy after another: the engine is asked, the rings and
   * the line of sight drawn, the figures layer reused. */
  render_frame (GTK_WIDGET (map_view));
  figure_builds = ph_map_view_get_figures_builds (map_view);
  for (guint i = 0; i < 30; i++)
    {
      PhFigure *enemy = g_ptr_array_index (ph_document_get_scenario (document)->figures, 2 * i + 1);

      figure_widget_point (map_view, enemy, &x, &y);
      ph_map_view_pointer_motion (map_view, x, y);
      render_frame (GTK_WIDGET (map_view));
    }
  g_assert_cmpuint (ph_map_view_get_figures_builds (map_view), ==, figure_builds);

  window_destroy (window);
}

/* The first widget below @root, depth first, for which @match is TRUE */
typedef gboolean (*WidgetMatch) (GtkWidget     *widget,
                                 gconstpointer  data);

static GtkWidget *
find_descendant (GtkWidget     *root,
                 WidgetMatch    match,
                 gconstpointer  data)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (match (child, data))
        return child;
      if ((found = find_descendant (child, match, data)))
        return found;
    }
  return NULL;
}

typedef struct
{
  GType       type;
  const char *label;
} TypeAndLabel;

static gboolean
has_type_and_label (GtkWidget     *widget,
                    gconstpointer  data)
{
  const TypeAndLabel *want = data;
  const char *text = NULL;

  if (!G_TYPE_CHECK_INSTANCE_TYPE (widget, want->type))
    return FALSE;
  if (GTK_IS_CHECK_BUTTON (widget))
    text = gtk_check_button_get_label (GTK_CHECK_BUTTON (widget));
  else if (GTK_IS_LABEL (widget))
    text = gtk_label_get_label (GTK_LABEL (widget));
  else if (GTK_IS_BUTTON (widget))
    text = gtk_button_get_label (GTK_BUTTON (widget));
  return want->label == NULL || g_strcmp0 (text, want->label) == 0;
}

/* Widgets inside a panel, found as a user would: by what they say */
static GtkWidget *
find_widget (GtkWidget  *root,
             GType       type,
             const char *label)
{
  TypeAndLabel want = { type, label };

  return find_descendant (root, has_type_and_label, &want);
}

static gboolean
has_tooltip (GtkWidget     *widget,
             gconstpointer  tooltip)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), tooltip) == 0;
}

static GtkWidget *
find_tooltip (GtkWidget  *root,
              const char *tooltip)
{
  return find_descendant (root, has_tooltip, tooltip);
}

static GtkWidget *
window_panel (PhWindow   *window,
              GType       type)
{
  return find_widget (GTK_WIDGET (window), type, NULL);
}

static void
test_inspector_edit (void)
{
  PhWindow *window;
  PhDocument *document;
  PhFigure *figure;
  GtkWidget *panel, *fired, *name;
  g_autofree char *old_name = NULL;

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on (EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  figure = find_figure (ph_document_get_scenario (document), NULL);
  old_name = g_strdup (figure->name);
  click_figure (ph_window_get_map_view (window), figure, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "figure");
  run_until_idle ();
  panel = window_panel (window, PH_TYPE_FIGURE_PANEL);
  g_assert_nonnull (panel);

  /* A status marker, as one undoable edit */
  fired = find_widget (panel, GTK_TYPE_CHECK_BUTTON, "fired");
  g_assert_nonnull (fired);
  g_assert_false (figure->status & PH_STATUS_FIRED);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (fired), TRUE);
  g_assert_true (figure->status & PH_STATUS_FIRED);
  g_assert_true (ph_document_get_dirty (document));
  g_test_message ("undo: %s", ph_document_get_undo_label (document));

  /* The name, applied on Enter */
  name = find_widget (panel, GTK_TYPE_ENTRY, NULL);
  g_assert_nonnull (name);
  gtk_editable_set_text (GTK_EDITABLE (name), "Sgt Major Smith");
  g_signal_emit_by_name (name, "activate");
  g_assert_cmpstr (figure->name, ==, "Sgt Major Smith");
  save_screenshot (GTK_WIDGET (window), "app-inspector-edit.png");

  /* A weapon added and one removed through the panel's buttons, each an
   * undoable edit */
  {
    guint n = figure->weapons->len;
    PhWeaponKind first = g_array_index (figure->weapons, PhWeapon, 0).kind;
    GtkWidget *add = find_widget (panel, GTK_TYPE_BUTTON, "_Add");
    GtkWidget *remove;

    g_assert_nonnull (add);
    g_signal_emit_by_name (add, "clicked");
    run_until_idle ();
    g_assert_cmpuint (figure->weapons->len, ==, n + 1);
    remove = find_tooltip (panel, "Remove this weapon");
    g_assert_nonnull (remove);
    g_signal_emit_by_name (remove, "clicked");
    run_until_idle ();
    g_assert_cmpuint (figure->weapons->len, ==, n);
    ph_document_undo (document);
    ph_document_undo (document);
    run_until_idle ();
    g_assert_cmpuint (figure->weapons->len, ==, n);
    g_assert_cmpint (g_array_index (figure->weapons, PhWeapon, 0).kind, ==, first);
  }

  /* Undo takes both back, and the inspector follows. */
  ph_document_undo (document);
  g_assert_cmpstr (figure->name, ==, old_name);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name)), ==, old_name ? old_name : "");
  ph_document_undo (document);
  g_assert_false (figure->status & PH_STATUS_FIRED);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (fired)));
  g_assert_false (ph_document_get_dirty (document));
  g_assert_null (ph_figure_panel_get_error (PH_FIGURE_PANEL (panel)));

  window_destroy (window);
}

/* Firelock: paying to spot a target in cover changes the odds, live. */
static void
test_shot_options (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhScenario *scenario;
  PhFigure *shooter = NULL, *target = NULL;
  GtkWidget *panel, *spot;
  double before, x, y;
  PhShotOptions plain = PH_SHOT_OPTIONS_INIT;

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on ("firelock-bloody-run-1758.xml");
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);

  /* A shot at a target in cover that has not fired: acquisition matters */
  for (guint i = 0; i < scenario->figures->len && !target; i++)
    for (guint j = 0; j < scenario->figures->len && !target; j++)
      {
        PhFigure *s = g_ptr_array_index (scenario->figures, i);
        PhFigure *t = g_ptr_array_index (scenario->figures, j);
        g_autoptr(PhAssessment) a = NULL;
        double p_spot;

        if (s == t || g_strcmp0 (s->side, t->side) == 0)
          continue;
        a = ph_engine_assess_figures (scenario, s, t, &plain, NULL);
        if (a == NULL || !a->can_fire || a->cover == PH_COVER_OPEN)
          continue;
        {
          PhShotOptions spotting = plain;
          g_autoptr(PhAssessment) b = NULL;

          spotting.values[PH_FIRELOCK_OPT_SPOT] = TRUE;
          b = ph_engine_assess_figures (scenario, s, t, &spotting, NULL);
          p_spot = b ? b->p_hit : a->p_hit;
        }
        if (p_spot != a->p_hit)
          {
            shooter = s;
            target = t;
          }
      }
  if (target == NULL)
    {
      g_test_skip ("no shot in this example where spotting changes the odds");
      window_destroy (window);
      return;
    }

  click_figure (map_view, shooter, 0);
  figure_widget_point (map_view, target, &x, &y);
  ph_map_view_pointer_motion (map_view, x, y);
  g_assert_nonnull (ph_map_view_get_assessment (map_view));
  before = ph_map_view_get_assessment (map_view)->p_hit;

  panel = window_panel (window, PH_TYPE_SHOT_PANEL);
  spot = find_widget (panel, GTK_TYPE_CHECK_BUTTON, "Pay to spot (+5 to acquire)");
  g_assert_nonnull (spot);
  g_assert_true (gtk_widget_get_visible (spot));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (spot), TRUE);
  g_assert_true (PH_FIRELOCK_SPOT (ph_map_view_get_shot_options (map_view)));
  g_assert_cmpfloat (ph_map_view_get_assessment (map_view)->p_hit, >, before);
  g_test_message ("%s -> %s: %g, spotting %g", shooter->id, target->id, before,
                  ph_map_view_get_assessment (map_view)->p_hit);
  save_screenshot (GTK_WIDGET (window), "app-shot-options.png");

  window_destroy (window);
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

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on (EXAMPLE_MAYHEM);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  PH_TEST_WAIT_UNTIL ((shortcuts = find_shortcuts_window ()) != NULL);
  save_screenshot (shortcuts, "app-shortcuts.png");
  gtk_window_close (GTK_WINDOW (shortcuts));
  window_destroy (window);
}

/* Paper */

static void
assert_pdf (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 4);
  g_assert_true (g_str_has_prefix (contents, "%PDF"));
}

/* The pages of a PDF as pdfinfo (poppler-utils) reads them; -1 without
 * pdfinfo. cairo compresses its page objects: they cannot be counted by
 * looking at the bytes. */
static int
count_pdf_pages (const char *path)
{
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { NULL, path, NULL };
  const char *line;
  int status = 0;

  if (pdfinfo == NULL)
    {
      g_test_message ("no pdfinfo: the pages of %s not counted", path);
      return -1;
    }
  argv[0] = pdfinfo;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  line = strstr (out, "\nPages:");
  g_assert_nonnull (line);
  return atoi (line + strlen ("\nPages:"));
}

static void
test_export_sheets (void)
{
  PhWindow *window;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sheets.pdf", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "missing", "sheets.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad_path);
  GtkWidget *dialog;

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on (EXAMPLE_FIRELOCK);
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (window)));
  ph_window_set_export_file_for_testing (window, file);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-sheets", NULL));
  run_until_idle ();
  g_assert_null (find_message_dialog (GTK_WINDOW (window)));
  assert_pdf (path);
  g_assert_cmpint (count_pdf_pages (path), !=, 0);
  /* The document is not touched by an export. */
  g_assert_false (ph_document_get_dirty (ph_window_get_document (window)));

  /* A file that cannot be written is reported. */
  ph_window_set_export_file_for_testing (window, bad_file);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-sheets", NULL));
  run_until_idle ();
  {
    g_autofree char *text = NULL;
    g_autofree char *secondary = NULL;

    dialog = error_dialog (window, &text, &secondary);
    g_assert_nonnull (strstr (text, "sheets.pdf"));
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_false (g_file_test (bad_path, G_FILE_TEST_EXISTS));

  window_destroy (window);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_print_page_count (void)
{
  PhWindow *window;
  PhScenario *scenario;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  const PhPrintMode modes[] = {
    PH_PRINT_MODE_SHEETS, PH_PRINT_MODE_MAP_TRUE_SCALE, PH_PRINT_MODE_MAP_FIT,
  };

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on (EXAMPLE_FIRELOCK);
  scenario = ph_document_get_scenario (ph_window_get_document (window));

  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_autofree char *name = g_strdup_printf ("print-%u.pdf", i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(PhScenario) copy = ph_scenario_copy (scenario);
      g_autoptr(PhPrintOperation) op = ph_print_operation_new (copy, modes[i]);
      g_autoptr(GError) error = NULL;
      GtkPageSetup *setup;
      GtkPrintOperationResult result;
      double width, height;
      int expected, n_pages;

      setup = gtk_print_operation_get_default_page_setup (GTK_PRINT_OPERATION (op));
      g_assert_nonnull (setup);
      width = gtk_page_setup_get_paper_width (setup, GTK_UNIT_POINTS);
      height = gtk_page_setup_get_paper_height (setup, GTK_UNIT_POINTS);
      expected = ph_print_operation_count_pages (op, width, height);
      g_assert_cmpint (expected, >=, 1);
      if (modes[i] == PH_PRINT_MODE_SHEETS)
        g_assert_cmpint (expected, ==, ph_sheet_count_pages (scenario, width, height));
      else if (modes[i] == PH_PRINT_MODE_MAP_TRUE_SCALE)
        g_assert_cmpint (expected, >, 1); /* the diagram, then the tiles */
      else
        g_assert_cmpint (expected, ==, 1);

      gtk_print_operation_set_export_filename (GTK_PRINT_OPERATION (op), path);
      result = gtk_print_operation_run (GTK_PRINT_OPERATION (op),
                                        GTK_PRINT_OPERATION_ACTION_EXPORT,
                                        GTK_WINDOW (window), &error);
      g_assert_no_error (error);
      g_assert_cmpint (result, ==, GTK_PRINT_OPERATION_RESULT_APPLY);
      run_until_idle ();
      g_test_message ("mode %d on %g x %g pt: %d pages", modes[i], width, height, expected);
      g_assert_cmpint (gtk_print_operation_get_n_pages_to_print (GTK_PRINT_OPERATION (op)),
                       ==, expected);
      assert_pdf (path);
      n_pages = count_pdf_pages (path);
      if (n_pages >= 0)
        g_assert_cmpint (n_pages, ==, expected);
      g_unlink (path);
    }

  /* The actions are there, enabled with a scenario open. */
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (window)));
  window_destroy (window);
  g_rmdir (dir);
}

static gboolean
bravery_is_a_row (const int bravery[4])
{
  for (int roll = 1; roll <= 10; roll++)
    {
      int row[4];

      g_assert_true (ph_character_bravery_for_roll (roll, row));
      if (memcmp (row, bravery, sizeof row) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The primary menu's item for @label: a GtkModelButton, whose "text" is
 * the label without the mnemonic's underscore. */
static gboolean
is_menu_item (GtkWidget     *widget,
              gconstpointer  label)
{
  g_autofree char *text = NULL;

  if (!g_object_class_find_property (G_OBJECT_GET_CLASS (widget), "text")
      || GTK_IS_LABEL (widget) || GTK_IS_EDITABLE (widget))
    return FALSE;
  g_object_get (widget, "text", &text, NULL);
  return g_strcmp0 (text, label) == 0;
}

static GtkWidget *
find_menu_item (GtkWidget  *root,
                const char *label)
{
  return find_descendant (root, is_menu_item, label);
}

/* Opens the primary menu: whether it shows the item for @label (the menu
 * leaves out an item whose action is disabled and that is hidden-when
 * action-disabled). */
static gboolean
menu_item_shown (PhWindow   *window,
                 const char *label,
                 const char *screenshot)
{
  GtkWidget *button = find_widget (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, NULL);
  GtkPopover *popover;
  GtkWidget *item;
  gboolean shown;

  g_assert_nonnull (button);
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  g_assert_nonnull (popover);
  PH_TEST_WAIT_UNTIL (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  /* The others are always there: the search looks in the right place. */
  g_assert_nonnull (find_menu_item (GTK_WIDGET (popover), "Open…"));
  item = find_menu_item (GTK_WIDGET (popover), label);
  shown = item != NULL && gtk_widget_get_visible (item);
  if (screenshot)
    save_screenshot (GTK_WIDGET (popover), screenshot);
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  PH_TEST_WAIT_UNTIL (!gtk_widget_get_mapped (GTK_WIDGET (popover)));
  return shown;
}

static void
test_roll_character (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhFigure *figure;
  int before[4];
  gboolean changed = FALSE;

  SKIP_WITHOUT_DISPLAY ();

  /* Not for other rulesets */
  window = window_new_on (EXAMPLE_MAYHEM);
  figure = find_figure (ph_document_get_scenario (ph_window_get_document (window)), NULL);
  click_figure (ph_window_get_map_view (window), figure, 0);
  g_assert_false (menu_item_shown (window, "Roll Random Character", NULL));
  window_destroy (window);

  window = window_new_on (EXAMPLE_FIRELOCK);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  figure = find_figure (ph_document_get_scenario (document), NULL);
  g_assert_nonnull (figure);
  g_assert_false (menu_item_shown (window, "Roll Random Character", NULL));
  click_figure (map_view, figure, 0);
  g_assert_true (ph_map_view_get_selected_figure (map_view) == figure);
  g_assert_true (menu_item_shown (window, "Roll Random Character", "app-primary-menu.png"));
  g_assert_true (menu_item_shown (window, "Print Sheets…", NULL));
  g_assert_cmpint (figure->stats_kind, ==, PH_STATS_FIRELOCK);
  memcpy (before, figure->stats.firelock.bravery, sizeof before);

  /* One roll in ten gives the row the figure has: roll until it differs,
   * undoing the rolls that changed nothing. */
  for (int i = 0; i < 50 && !changed; i++)
    {
      PhFigure *now;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.roll-character", NULL));
      run_until_idle ();
      g_assert_null (find_message_dialog (GTK_WINDOW (window)));
      g_assert_true (ph_document_get_can_undo (document));
      g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Roll Random Character");
      now = ph_scenario_find_figure (ph_document_get_scenario (document), figure->id);
      g_assert_true (bravery_is_a_row (now->stats.firelock.bravery));
      changed = memcmp (now->stats.firelock.bravery, before, sizeof before) != 0;
      if (!changed)
        g_assert_true (ph_document_undo (document));
    }
  g_assert_true (changed);
  g_assert_true (ph_document_get_dirty (document));

  /* One undo takes it back. */
  g_assert_true (ph_document_undo (document));
  figure = ph_scenario_find_figure (ph_document_get_scenario (document), figure->id);
  g_assert_cmpmem (figure->stats.firelock.bravery, sizeof before, before, sizeof before);
  g_assert_false (ph_document_get_dirty (document));
  g_assert_false (ph_document_get_can_undo (document));

  window_destroy (window);
}

/* The game */

static gboolean
has_icon (GtkWidget     *widget,
          gconstpointer  icon)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), icon) == 0;
}

static GtkWidget *
find_icon_button (GtkWidget  *root,
                  const char *icon)
{
  return find_descendant (root, has_icon, icon);
}

static PhGamePanel *
game_panel_of (PhWindow *window)
{
  GtkWidget *panel = find_widget (GTK_WIDGET (window), PH_TYPE_GAME_PANEL, NULL);

  g_assert_nonnull (panel);
  return PH_GAME_PANEL (panel);
}

/* Shows the Game tab and presses "Start Game" */
static PhGamePanel *
start_game (PhWindow *window)
{
  PhGamePanel *panel = game_panel_of (window);
  PhDocument *document = ph_window_get_document (window);
  GtkWidget *start;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "game"));
  g_assert_null (ph_document_get_game (document));
  start = find_widget (GTK_WIDGET (panel), GTK_TYPE_BUTTON, "_Start Game");
  g_assert_nonnull (start);
  PH_TEST_WAIT_UNTIL (gtk_widget_get_mapped (start));
  g_signal_emit_by_name (start, "clicked");
  run_until_idle ();
  g_assert_nonnull (ph_document_get_game (document));
  g_assert_false (gtk_widget_get_mapped (start));
  return panel;
}

/* Opens @example with the Game tab shown; its panel in @panel */
static PhWindow *
window_on_game_tab (const char   *example,
                    PhGamePanel **panel)
{
  PhWindow *window = window_new_on (example);

  *panel = game_panel_of (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "game"));
  return window;
}

/* Whether Firelock's card up, "figure:ID" or "side:ID", calls @figure */
static gboolean
card_calls (const char     *card,
            const PhFigure *figure)
{
  const char *called = strchr (card, ':') + 1;

  return g_str_has_prefix (card, "figure:") ? g_strcmp0 (figure->id, called) == 0
                                            : g_strcmp0 (figure->side, called) == 0;
}

/* Starts a game straight through the document: a fixed @seed gives the
 * same dice every run */
static PhGame *
start_game_seeded (PhWindow *window,
                   guint32   seed)
{
  PhDocument *document = ph_window_get_document (window);
  g_autoptr(GError) error = NULL;

  g_assert_true (ph_document_start_game (document, seed, &error));
  g_assert_no_error (error);
  return ph_document_get_game (document);
}

static char *
event_dice (PhGame *game,
            guint   index)
{
  return ph_game_panel_format_rolls (ph_game_get_event (game, index), TRUE);
}

static void
test_game_dice_undo_save (void)
{
  PhWindow *window, *reopened;
  PhDocument *document;
  PhGamePanel *panel;
  PhDiceTray *tray;
  PhGame *game;
  GtkWidget *d6;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *first_dice = NULL;
  g_autofree char *again_dice = NULL;
  g_autofree char *xml_a = NULL;
  g_autofree char *xml_b = NULL;
  guint n;

  SKIP_WITHOUT_DISPLAY ();

  window = window_new_on (EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  panel = start_game (window);
  game = ph_document_get_game (document);
  tray = ph_game_panel_get_dice_tray (panel);
  n = ph_game_get_n_events (game);
  g_assert_true (ph_document_get_dirty (document));
  g_assert_cmpuint (ph_game_panel_get_n_log_rows (panel), ==, n);

  /* Ctrl+R's action: the Game tab, the tray's entry focused */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "shot"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dice-tray", NULL));
  PH_TEST_WAIT_UNTIL (gtk_root_get_focus (GTK_ROOT (window)) != NULL
                      && gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), GTK_WIDGET (tray)));
  g_assert_true (GTK_IS_EDITABLE (gtk_root_get_focus (GTK_ROOT (window)))
                 || GTK_IS_TEXT (gtk_root_get_focus (GTK_ROOT (window))));

  /* The d6 button and a typed roll: two steps, two log lines */
  d6 = find_widget (GTK_WIDGET (tray), GTK_TYPE_BUTTON, "d6");
  g_assert_nonnull (d6);
  g_signal_emit_by_name (d6, "clicked");
  run_until_idle ();
  g_assert_cmpuint (ph_game_get_n_events (game), ==, n + 1);
  g_assert_true (ph_dice_tray_roll (tray, "3d6+2", &error));
  g_assert_no_error (error);
  run_until_idle ();
  g_assert_cmpuint (ph_game_get_n_events (game), ==, n + 2);
  g_assert_cmpuint (ph_game_panel_get_n_log_rows (panel), ==, n + 2);
  g_assert_true (ph_document_get_dirty (document));
  g_assert_true (ph_document_get_can_undo_game_step (document));
  first_dice = event_dice (game, n + 1);
  g_assert_nonnull (strstr (first_dice, "3d6"));

  /* A bad roll says so in the tray and changes nothing */
  g_assert_false (ph_dice_tray_roll (tray, "banana", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpuint (ph_game_get_position (game), ==, n + 2);
  save_screenshot (GTK_WIDGET (window), "app-game-dice.png");

  /* Ctrl+Z takes the roll back; rolling again gives the same dice */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, n + 1);
  g_assert_cmpuint (ph_game_panel_get_n_log_rows (panel), ==, n + 1);
  g_assert_true (ph_dice_tray_roll (tray, "3d6+2", &error));
  g_assert_no_error (error);
  again_dice = event_dice (game, n + 1);
  g_assert_cmpstr (first_dice, ==, again_dice);

  /* Redo after undo, through the window's actions */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, n + 2);

  /* Save and open again: the same log */
  g_assert_true (ph_document_save_as (document, file, &error));
  g_assert_no_error (error);
  g_assert_false (ph_document_get_dirty (document));
  xml_a = ph_game_to_xml (game);

  reopened = window_new ();
  g_assert_true (ph_window_load_file (reopened, file, &error));
  g_assert_no_error (error);
  wait_drawn (GTK_WIDGET (reopened));
  g_assert_nonnull (ph_document_get_game (ph_window_get_document (reopened)));
  g_assert_cmpuint (ph_game_get_n_events (ph_document_get_game (ph_window_get_document (reopened))), ==, n + 2);
  g_assert_cmpuint (ph_game_panel_get_n_log_rows (game_panel_of (reopened)), ==, n + 2);
  xml_b = ph_game_to_xml (ph_document_get_game (ph_window_get_document (reopened)));
  g_assert_cmpstr (xml_a, ==, xml_b);
  g_assert_false (ph_document_get_dirty (ph_window_get_document (reopened)));
  window_destroy (reopened);

  /* Undoing everything, the start too, leaves no game */
  while (ph_document_get_can_undo (document))
    g_assert_true (ph_document_undo (document));
  run_until_idle ();
  g_assert_null (ph_document_get_game (document));
  g_assert_true (gtk_widget_get_mapped (find_widget (GTK_WIDGET (panel), GTK_TYPE_BUTTON, "_Start Game")));
  g_assert_true (ph_document_redo (document));
  g_assert_nonnull (ph_document_get_game (document));

  window_destroy (window);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_game_action_replay (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhGamePanel *panel;
  PhGame *game;
  PhFigure *figure;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *state = NULL;
  guint n;

  SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab (EXAMPLE_MAYHEM, &panel);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  /* A fixed seed: the same initiative dice every run */
  game = start_game_seeded (window, 1758);
  n = ph_game_get_position (game);

  /* A refused action says why under its button and changes nothing */
  figure = find_figure (ph_document_get_scenario (document), NULL);
  click_figure (map_view, figure, 0);
  run_until_idle ();
  before = ph_scenario_to_xml (ph_document_get_scenario (document), NULL);
  g_assert_true (ph_game_panel_set_argument (panel, "move", "x", "1"));
  g_assert_true (ph_game_panel_set_argument (panel, "move", "y", "1"));
  g_assert_false (ph_game_panel_perform (panel, "move", &error));
  g_assert_nonnull (error);
  g_test_message ("refused: %s", error->message);
  g_assert_cmpstr (ph_game_panel_get_action_error (panel, "move"), ==, error->message);
  g_clear_error (&error);
  g_assert_cmpuint (ph_game_get_position (game), ==, n);
  state = ph_scenario_to_xml (ph_document_get_scenario (document), NULL);
  g_assert_cmpstr (before, ==, state);
  g_clear_pointer (&state, g_free);

  /* Initiative (the winner goes first), then the selected figure's
   * movement dice */
  g_assert_true (ph_game_panel_set_argument (panel, "initiative", "winner-goes", "first"));
  g_assert_true (ph_game_panel_perform (panel, "initiative", &error));
  g_assert_no_error (error);
  g_assert_null (ph_game_panel_get_action_error (panel, "move"));
  run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), >, n);
  if (!ph_game_panel_perform (panel, "roll-move", &error))
    {
      /* Not this side's go: the other side's first figure */
      g_test_message ("roll-move: %s", error->message);
      g_clear_error (&error);
      figure = find_figure (ph_document_get_scenario (document), figure->side);
      click_figure (map_view, figure, 0);
      run_until_idle ();
      g_assert_true (ph_game_panel_perform (panel, "roll-move", &error));
    }
  g_assert_no_error (error);
  run_until_idle ();
  g_assert_true (ph_document_get_dirty (document));
  g_assert_cmpuint (ph_game_panel_get_n_log_rows (panel), ==, ph_game_get_position (game));
  save_screenshot (GTK_WIDGET (window), "app-game-action.png");

  /* Replay to the start: the table as it was; back to now */
  state = ph_scenario_to_xml (ph_document_get_scenario (document), NULL);
  g_assert_true (ph_game_panel_replay_to (panel, 0));
  run_until_idle ();
  g_assert_true (ph_document_get_replaying (document));
  g_assert_cmpuint (ph_game_get_position (game), ==, 1);
  save_screenshot (GTK_WIDGET (window), "app-game-replay.png");
  g_signal_emit_by_name (find_widget (GTK_WIDGET (panel), GTK_TYPE_BUTTON, "_Back to Now"), "clicked");
  run_until_idle ();
  g_assert_false (ph_document_get_replaying (document));
  {
    g_autofree char *now = ph_scenario_to_xml (ph_document_get_scenario (document), NULL);
    g_assert_cmpstr (now, ==, state);
  }

  /* The log's Undo button reverts the last step */
  n = ph_game_get_position (game);
  {
    GtkWidget *undo = find_icon_button (GTK_WIDGET (panel), "edit-undo-symbolic");

    g_assert_nonnull (undo);
    g_assert_true (gtk_widget_get_sensitive (undo));
    g_signal_emit_by_name (undo, "clicked");
    run_until_idle ();
  }
  g_assert_cmpuint (ph_game_get_position (game), ==, n - 1);
  g_assert_cmpuint (ph_game_panel_get_n_log_rows (panel), ==, n - 1);
  window_destroy (window);
}

/* Fistful of Lead: a figure activated with the card up gets its badge */
static void
test_game_activate (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhGamePanel *panel;
  PhGame *game;
  PhScenario *scenario;
  g_autoptr(GError) error = NULL;
  PhFigure *activated = NULL;

  SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("fistful-north-bridge-1775.xml", &panel);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  /* A fixed seed: the same deal every run */
  game = start_game_seeded (window, 1775);

  /* Call ranks until one is played; then the figure whose card is up:
   * try each, as a referee would */
  for (guint calls = 0; activated == NULL && calls < 14; calls++)
    {
      if (!ph_game_panel_perform (panel, "call", &error))
        {
          g_test_message ("call: %s", error->message);
          g_clear_error (&error);
        }
      run_until_idle ();
      for (guint i = 0; i < scenario->figures->len && activated == NULL; i++)
        {
          PhFigure *figure = g_ptr_array_index (scenario->figures, i);

          if (ph_figure_is_off_table (figure))
            continue;
          click_figure (map_view, figure, 0);
          run_until_idle ();
          if (ph_map_view_get_selected_figure (map_view) != figure)
            continue;
          if (ph_game_panel_perform (panel, "activate", &error))
            activated = figure;
          else
            {
              g_assert_nonnull (ph_game_panel_get_action_error (panel, "activate"));
              g_clear_error (&error);
            }
        }
    }
  g_assert_nonnull (activated);
  run_until_idle ();
  {
    g_autofree char *describe = ph_game_describe (game);

    g_test_message ("activated %s: %s", activated->id, describe);
  }
  g_assert_nonnull (ph_game_get_figure_var (game, activated->id, "activated"));
  g_assert_true (ph_document_get_dirty (document));
  ph_map_view_zoom_in (map_view);
  ph_map_view_zoom_in (map_view);
  save_screenshot (GTK_WIDGET (window), "app-game-activated.png");

  /* Ctrl+Z: not activated any more */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  run_until_idle ();
  g_assert_null (ph_game_get_figure_var (game, activated->id, "activated"));
  window_destroy (window);
}

/* Only the chosen action's form is on screen: an argument's name of its
 * own is mapped, one of another action's form is not. */
static void
assert_form_shown (PhGamePanel *panel,
                   const char  *shown,
                   const char  *hidden)
{
  GtkWidget *a = find_widget (GTK_WIDGET (panel), GTK_TYPE_LABEL, shown);
  GtkWidget *b = find_widget (GTK_WIDGET (panel), GTK_TYPE_LABEL, hidden);

  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_true (gtk_widget_get_mapped (a));
  g_assert_false (gtk_widget_get_mapped (b));
}

/* Firelock: draw a card, then roll IPs for a figure the card calls, the
 * figure chosen in the form's drop-down (nothing selected on the map) */
static void
test_game_firelock (void)
{
  PhWindow *window;
  PhDocument *document;
  PhGamePanel *panel;
  PhGame *game;
  PhScenario *scenario;
  g_autoptr(GError) error = NULL;
  const char *card;
  PhFigure *rolled = NULL;
  guint n;

  SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab (EXAMPLE_FIRELOCK, &panel);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  game = start_game_seeded (window, 1758);
  run_until_idle ();

  /* One action at a time: the drop-down shows its form alone */
  g_assert_true (ph_game_panel_select_action (panel, "roll-ips"));
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "roll-ips");
  run_until_idle ();
  assert_form_shown (panel, "Personal", "Spot");
  g_assert_true (ph_game_panel_select_action (panel, "shoot"));
  run_until_idle ();
  assert_form_shown (panel, "Spot", "Personal");
  g_assert_false (ph_game_panel_select_action (panel, "no-such-action"));

  /* Rolling before a card is drawn is refused under Perform */
  ph_game_panel_set_selection (panel, NULL, NULL);
  n = ph_game_get_position (game);
  g_assert_true (ph_game_panel_set_argument (panel, "roll-ips", "figure",
                                             find_figure (scenario, NULL)->id));
  g_assert_false (ph_game_panel_perform (panel, "roll-ips", &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (ph_game_panel_get_action_error (panel, "roll-ips"), ==, error->message);
  g_clear_error (&error);
  g_assert_cmpuint (ph_game_get_position (game), ==, n);

  g_assert_true (ph_game_panel_perform (panel, "draw-card", &error));
  g_assert_no_error (error);
  run_until_idle ();
  g_assert_null (ph_game_panel_get_action_error (panel, "roll-ips"));
  card = ph_game_get_var (game, "card-up");
  g_assert_nonnull (card);
  g_test_message ("card up: %s", card);

  /* The card's figure, else each figure of its side until one may roll */
  for (guint i = 0; i < scenario->figures->len && rolled == NULL; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      if (!card_calls (card, figure))
        continue;
      g_assert_true (ph_game_panel_set_argument (panel, "roll-ips", "figure", figure->id));
      if (ph_game_panel_perform (panel, "roll-ips", &error))
        rolled = figure;
      else
        {
          g_test_message ("roll-ips %s: %s", figure->id, error->message);
          g_clear_error (&error);
        }
    }
  g_assert_nonnull (rolled);
  run_until_idle ();
  g_assert_cmpint (ph_game_get_figure_var_int (game, rolled->id, "ips", -1), >=, 0);
  g_assert_null (ph_game_panel_get_action_error (panel, "roll-ips"));
  g_assert_cmpuint (ph_game_panel_get_n_log_rows (panel), ==, ph_game_get_position (game));
  save_screenshot (GTK_WIDGET (window), "app-game-firelock.png");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  run_until_idle ();
  g_assert_null (ph_game_get_figure_var (game, rolled->id, "ips"));
  window_destroy (window);
}

/* Firelock: an optional bool is a drop-down (Default, Yes, No), so a
 * rider can roll with act=false, the rules' default being true: all the
 * horse dice go to movement, no IPs. Every figure is mounted. */
static void
test_game_firelock_ride (void)
{
  PhWindow *window;
  PhDocument *document;
  PhGamePanel *panel;
  PhGame *game;
  PhScenario *scenario;
  g_autoptr(GError) error = NULL;
  GtkWidget *act;
  const char *card;
  const PhEvent *event;
  PhFigure *rider = NULL;

  SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab (EXAMPLE_FIRELOCK, &panel);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  for (guint i = 0; i < scenario->figures->len; i++)
    ((PhFigure *) g_ptr_array_index (scenario->figures, i))->mounted = TRUE;
  game = start_game_seeded (window, 1758);
  run_until_idle ();
  g_assert_true (ph_game_panel_perform (panel, "draw-card", &error));
  g_assert_no_error (error);
  run_until_idle ();
  card = ph_game_get_var (game, "card-up");
  g_assert_nonnull (card);

  /* "Act" is a drop-down beside its name, on "Default" */
  ph_game_panel_set_selection (panel, NULL, NULL);
  g_assert_true (ph_game_panel_select_action (panel, "roll-ips"));
  run_until_idle ();
  act = find_widget (GTK_WIDGET (panel), GTK_TYPE_LABEL, "Act");
  g_assert_nonnull (act);
  g_assert_true (gtk_widget_get_mapped (act));
  act = gtk_widget_get_next_sibling (act);
  g_assert_true (GTK_IS_DROP_DOWN (act));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (act)), ==, 0);
  g_assert_false (ph_game_panel_set_argument (panel, "roll-ips", "act", "maybe"));
  g_assert_true (ph_game_panel_set_argument (panel, "roll-ips", "act", "false"));
  g_assert_cmpstr (gtk_string_object_get_string (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (act))),
                   ==, "No");

  /* The card's figure, else each of its side's until one may roll: with
   * personal=true refused (a rider rolls no d10), with it at "Default"
   * done */
  for (guint i = 0; i < scenario->figures->len && rider == NULL; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      g_autofree char *refusal = NULL;

      if (!card_calls (card, figure))
        continue;
      g_assert_true (ph_game_panel_set_argument (panel, "roll-ips", "figure", figure->id));
      g_assert_true (ph_game_panel_set_argument (panel, "roll-ips", "personal", "true"));
      g_assert_false (ph_game_panel_perform (panel, "roll-ips", &error));
      g_assert_cmpstr (ph_game_panel_get_action_error (panel, "roll-ips"), ==, error->message);
      refusal = g_strdup (error->message);
      g_clear_error (&error);
      g_assert_true (ph_game_panel_set_argument (panel, "roll-ips", "personal", ""));
      if (ph_game_panel_perform (panel, "roll-ips", &error))
        {
          rider = figure;
          g_assert_nonnull (strstr (refusal, "is mounted"));
        }
      else
        {
          g_test_message ("roll-ips %s: %s", figure->id, error->message);
          g_clear_error (&error);
        }
    }
  g_assert_nonnull (rider);
  run_until_idle ();
  event = ph_game_get_event (game, ph_game_get_position (game) - 1);
  g_test_message ("%s", event->text);
  g_assert_cmpstr (event->kind, ==, "roll-ips");
  g_assert_nonnull (strstr (event->text, "only rides"));
  g_assert_cmpint (ph_game_get_figure_var_int (game, rider->id, "ips", -1), ==, 0);
  g_assert_cmpint (ph_game_get_figure_var_int (game, rider->id, "horse-move", 0), >=, 3);
  g_assert_null (ph_game_panel_get_action_error (panel, "roll-ips"));
  save_screenshot (GTK_WIDGET (window), "app-game-firelock-ride.png");
  window_destroy (window);
}

/* Guns of War: the unit selected on the map stands fast through the
 * Perform button; standing again is refused inline */
static void
test_game_guns_of_war (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhGamePanel *panel;
  PhGame *game;
  PhScenario *scenario;
  PhFigure *unit = NULL;
  GtkWidget *perform, *error_label = NULL;
  g_autoptr(GError) error = NULL;
  guint n;

  SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("guns-of-war-tithe-barn.xml", &panel);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  game = start_game_seeded (window, 1746);
  run_until_idle ();

  unit = find_figure (scenario, NULL);
  g_assert_nonnull (unit);
  click_figure (map_view, unit, 0);
  run_until_idle ();
  g_assert_true (ph_map_view_get_selected_figure (map_view) == unit);
  g_assert_true (ph_game_panel_select_action (panel, "stand"));
  /* The map's figure is a name, not a choice */
  g_assert_true (ph_game_panel_set_argument (panel, "stand", "figure", unit->id));
  run_until_idle ();

  perform = find_widget (GTK_WIDGET (panel), GTK_TYPE_BUTTON, "_Perform");
  g_assert_nonnull (perform);
  g_assert_true (gtk_widget_get_mapped (perform));
  n = ph_game_get_position (game);
  g_signal_emit_by_name (perform, "clicked");
  run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, n + 1);
  g_assert_nonnull (ph_game_get_figure_var (game, unit->id, "movement"));

  /* Once a turn: the refusal shows under Perform */
  g_signal_emit_by_name (perform, "clicked");
  run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, n + 1);
  g_assert_nonnull (ph_game_panel_get_action_error (panel, "stand"));
  for (GtkWidget *w = gtk_widget_get_next_sibling (perform); w; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_LABEL (w) && gtk_widget_get_mapped (w))
      error_label = w;
  g_assert_nonnull (error_label);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (error_label)), ==,
                   ph_game_panel_get_action_error (panel, "stand"));
  save_screenshot (GTK_WIDGET (window), "app-game-guns-of-war.png");

  /* Another action does not show this one's refusal */
  g_assert_true (ph_game_panel_select_action (panel, "shoot"));
  run_until_idle ();
  g_assert_false (gtk_widget_get_mapped (error_label));
  window_destroy (window);
}

/* Featherstone on an inch table: the Fire tab shows paces and says how the
 * table is read ("Measured in") */
static void
test_fire_tab_inch_table (void)
{
  g_autoptr(GFile) example = NULL;
  g_autoptr(GFile) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GString) xml = NULL;
  PhWindow *window;
  PhMapView *map_view;
  PhScenario *scenario;
  const PhAssessment *shown;
  double x, y;

  SKIP_WITHOUT_DISPLAY ();

  example = example_file ("featherstone-cacabelos-1809.xml");
  g_assert_true (g_file_load_contents (example, NULL, &text, NULL, NULL, NULL));
  xml = g_string_new (text);
  g_assert_cmpuint (g_string_replace (xml, "unit=\"cm\"", "unit=\"in\"", 1), ==, 1);
  dir = g_dir_make_tmp ("ph-test-app-XXXXXX", NULL);
  path = g_build_filename (dir, "cacabelos-inches.xml", NULL);
  g_assert_true (g_file_set_contents (path, xml->str, -1, NULL));
  copy = g_file_new_for_path (path);

  window = window_new ();
  g_assert_true (ph_window_load_file (window, copy, &error));
  g_assert_no_error (error);
  map_view = ph_window_get_map_view (window);
  PH_TEST_WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (map_view)) >= 100);
  scenario = ph_document_get_scenario (ph_window_get_document (window));

  click_figure (map_view, ph_scenario_find_figure (scenario, "plunket"), 0);
  figure_widget_point (map_view, ph_scenario_find_figure (scenario, "colbert"), &x, &y);
  ph_map_view_pointer_motion (map_view, x, y);
  shown = ph_map_view_get_assessment (map_view);
  g_assert_nonnull (shown);
  g_assert_cmpint (shown->unit, ==, PH_DIST_CM);
  {
    GtkWidget *stack = find_widget (GTK_WIDGET (window), GTK_TYPE_STACK, NULL);

    PH_TEST_WAIT_UNTIL (stack == NULL || !gtk_stack_get_transition_running (GTK_STACK (stack)));
  }
  wait_drawn (GTK_WIDGET (window));
  g_assert_nonnull (find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "Measured in"));
  g_assert_nonnull (find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL,
                                 "paces, read off the inch table at 2.54 paces to the inch"));
  save_screenshot (GTK_WIDGET (window), "app-fire-inch-table.png");
  window_destroy (window);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_autofree char *home = NULL;

  /* Recent files and settings go to a scratch home. Not
   * G_TEST_OPTION_ISOLATE_DIRS: it hides XDG_DATA_DIRS, and with it the
   * MIME database that GdkPixbuf needs to read SVG icons. */
  home = g_dir_make_tmp ("ph-test-home-XXXXXX", NULL);
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", home, TRUE);
  g_setenv ("XDG_CACHE_HOME", home, TRUE);
  g_setenv ("XDG_STATE_HOME", home, TRUE);
  g_test_init (&argc, &argv, NULL);

#ifdef PH_HAVE_X11
  /* An X server resets when its last client goes (the test before this
   * one) and refuses connections meanwhile: wait until it takes one, and
   * keep that until GTK has its own. */
  if (g_getenv ("DISPLAY") && *g_getenv ("DISPLAY"))
    {
      Display *display = NULL;

      PH_TEST_POLL_UNTIL ((display = XOpenDisplay (NULL)) != NULL);
      have_display = gtk_init_check ();
      XCloseDisplay (display);
    }
  else
#endif
    have_display = gtk_init_check ();
  if (have_display)
    {
      g_autoptr(GError) error = NULL;

      app = ph_application_new (G_APPLICATION_NON_UNIQUE);
      g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
      g_assert_no_error (error);
    }

  g_test_add_func ("/app/window/start-screen", test_start_screen);
  g_test_add_func ("/app/fire/inch-table", test_fire_tab_inch_table);
  g_test_add_func ("/app/window/open-example", test_open_example);
  g_test_add_func ("/app/map/drag-undo-redo", test_drag_undo_redo);
  g_test_add_func ("/app/map/drag-several", test_drag_several);
  g_test_add_func ("/app/map/turn", test_turn);
  g_test_add_func ("/app/map/measure", test_measure);
  g_test_add_func ("/app/map/zoom-pan-cache", test_zoom_pan_cache);
  g_test_add_func ("/app/map/layer-caches", test_layer_caches);
  g_test_add_func ("/app/odds/assessment", test_assessment);
  g_test_add_func ("/app/odds/every-example", test_every_example);
  g_test_add_func ("/app/odds/shot-options", test_shot_options);
  g_test_add_func ("/app/inspector/edit-undo", test_inspector_edit);
  g_test_add_func ("/app/window/shortcuts", test_shortcuts_window);
  g_test_add_func ("/app/files/broken-file", test_broken_file);
  g_test_add_func ("/app/files/save-round-trip", test_save_round_trip);
  g_test_add_func ("/app/files/close-asks", test_close_asks);
  g_test_add_func ("/app/files/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/app/files/recovery", test_recovery);
  g_test_add_func ("/app/print/export-sheets", test_export_sheets);
  g_test_add_func ("/app/print/page-count", test_print_page_count);
  g_test_add_func ("/app/character/roll-undo", test_roll_character);
  g_test_add_func ("/app/game/dice-undo-save", test_game_dice_undo_save);
  g_test_add_func ("/app/game/action-replay", test_game_action_replay);
  g_test_add_func ("/app/game/activate", test_game_activate);
  g_test_add_func ("/app/game/firelock", test_game_firelock);
  g_test_add_func ("/app/game/firelock-ride", test_game_firelock_ride);
  g_test_add_func ("/app/game/guns-of-war", test_game_guns_of_war);

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
