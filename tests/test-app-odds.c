/* test-app-odds.c: the odds: the assessment of a hovered enemy on every
 * example, the Fire tab's shot options and its reading of an inch table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips. Helpers in
 * ph-test-app.h.
 */
#include <glib/gstdio.h>

#include "ph-ruleset-firelock.h"
#include "ph-shot-panel.h"
#include "ph-advise.h"
#include "ph-odds-window.h"
#include "ph-shot-sightings.h"
#include "ph-test-app.h"

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

  window = ph_test_window_new_on (example);
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

  ph_test_click_figure (map_view, shooter, 0);
  g_assert_true (ph_map_view_get_selected_figure (map_view) == shooter);

  /* Hovering the enemy makes it the target and asks the engine. */
  ph_test_figure_widget_point (map_view, target, &x, &y);
  ph_map_view_pointer_motion (map_view, x, y);
  g_assert_true (ph_map_view_get_target (map_view) == target);
  shown = ph_map_view_get_assessment (map_view);
  g_assert_nonnull (shown);
  expected = ph_engine_assess_figures (scenario, shooter, target,
                                       ph_map_view_get_shot_options (map_view), NULL);
  g_assert_cmpfloat (shown->p_hit, ==, expected->p_hit);
  g_assert_cmpfloat (shown->p_effect, ==, expected->p_effect);
  g_assert_cmpint (shown->can_fire, ==, expected->can_fire);
  /* the Fire tab's card of the ruleset's own effect (Firelock's wound):
   * the engine's number */
  {
    const PhShotEffect *effect = ph_ruleset_effect (ph_ruleset_get (scenario->ruleset));
    GtkWidget *panel = ph_test_window_panel (window, PH_TYPE_SHOT_PANEL);
    GtkWidget *caption = ph_test_find_widget (panel, GTK_TYPE_LABEL, effect->to);

    if (effect != &ph_shot_effect_hit && effect != &ph_shot_effect_kill)
      {
        g_autofree char *p = ph_shot_format_percent (expected->p_effect);

        g_assert_nonnull (caption);
        g_assert_true (gtk_widget_get_mapped (caption));
        g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (gtk_widget_get_prev_sibling (caption))),
                         ==, p);
      }
  }
  g_test_message ("%s: %s -> %s: p_hit %g, can fire %d", example,
                  shooter->id, target->id, shown->p_hit, shown->can_fire);

  ph_test_save_screenshot (GTK_WIDGET (window), screenshot);

  /* Moving off the figure keeps nothing pinned: the target goes. */
  ph_map_view_pointer_motion (map_view, 1, 1);
  g_assert_null (ph_map_view_get_target (map_view));
  /* A secondary click pins it. */
  ph_map_view_set_pinned_target (map_view, target);
  g_assert_true (ph_map_view_get_target (map_view) == target);

  ph_test_window_destroy (window);
}

static void
test_assessment (void)
{
  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  check_assessment (PH_TEST_EXAMPLE_MAYHEM, "app-assess.png");
}

static void
test_every_example (void)
{
  g_autoptr(GPtrArray) examples = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  examples = ph_application_list_examples ();
  for (guint i = 0; i < examples->len; i++)
    {
      g_autofree char *basename = g_file_get_basename (g_ptr_array_index (examples, i));
      g_autofree char *stem = g_strndup (basename, strlen (basename) - 4);
      g_autofree char *shot = g_strdup_printf ("app-example-%s.png", stem);

      check_assessment (basename, shot);
    }
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

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("firelock-bloody-run-1758.xml");
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
      ph_test_window_destroy (window);
      return;
    }

  ph_test_click_figure (map_view, shooter, 0);
  ph_test_figure_widget_point (map_view, target, &x, &y);
  ph_map_view_pointer_motion (map_view, x, y);
  g_assert_nonnull (ph_map_view_get_assessment (map_view));
  before = ph_map_view_get_assessment (map_view)->p_hit;

  panel = ph_test_window_panel (window, PH_TYPE_SHOT_PANEL);
  spot = ph_test_find_widget (panel, GTK_TYPE_CHECK_BUTTON, "Pay to spot (+5 to acquire)");
  g_assert_nonnull (spot);
  g_assert_true (gtk_widget_get_visible (spot));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (spot), TRUE);
  g_assert_true (PH_FIRELOCK_SPOT (ph_map_view_get_shot_options (map_view)));
  g_assert_cmpfloat (ph_map_view_get_assessment (map_view)->p_hit, >, before);
  g_test_message ("%s -> %s: %g, spotting %g", shooter->id, target->id, before,
                  ph_map_view_get_assessment (map_view)->p_hit);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-shot-options.png");

  ph_test_window_destroy (window);
}

/* The Fire tab's best shots, while no target is picked: the engine's
 * advice (what `advise` prints); one clicked takes its options and pins
 * its target, and the odds shown are the advice's */
static void
test_best_shots (void)
{
  PhWindow *window;
  PhMapView *map_view;
  PhScenario *scenario;
  PhFigure *shooter = NULL;
  g_autoptr(GPtrArray) advice = NULL;
  GtkWidget *panel, *list;
  GtkListBoxRow *row;
  const PhAdvice *best;
  const PhAssessment *a;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("firelock-bloody-run-1758.xml");
  map_view = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (ph_window_get_document (window));
  for (guint i = 0; i < scenario->figures->len && shooter == NULL; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);

      g_clear_pointer (&advice, g_ptr_array_unref);
      advice = ph_engine_advise (scenario, f, NULL);
      if (advice != NULL && advice->len > 0)
        shooter = f;
    }
  g_assert_nonnull (shooter);
  best = g_ptr_array_index (advice, 0);
  g_test_message ("%s: %u shots, best %s at %s, %.3f", shooter->id, advice->len,
                  best->choice->action, best->assessment->target, best->assessment->p_hit);

  ph_test_click_figure (map_view, shooter, 0);
  ph_test_run_until_idle ();
  panel = ph_test_window_panel (window, PH_TYPE_SHOT_PANEL);
  g_assert_cmpuint (ph_shot_panel_get_n_advice (PH_SHOT_PANEL (panel)), ==, MIN (3, advice->len));
  list = gtk_widget_get_next_sibling (ph_test_find_widget (panel, GTK_TYPE_LABEL, "Best shots"));
  g_assert_true (GTK_IS_LIST_BOX (list));
  g_assert_true (gtk_widget_get_mapped (list));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-best-shots.png");

  /* the first, taken: its target pinned, its options, its odds */
  row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0);
  g_assert_nonnull (row);
  g_signal_emit_by_name (list, "row-activated", row);
  ph_test_run_until_idle ();
  a = ph_map_view_get_assessment (map_view);
  g_assert_nonnull (a);
  g_assert_cmpstr (a->target, ==, best->assessment->target);
  g_assert_cmpfloat (a->p_hit, ==, best->assessment->p_hit);
  g_assert_cmpint (a->has_p_kill, ==, best->assessment->has_p_kill);
  if (a->has_p_kill)
    g_assert_cmpfloat (a->p_kill, ==, best->assessment->p_kill);
  g_assert_cmpfloat (a->p_effect, ==, best->assessment->p_effect);
  g_assert_cmpfloat (a->p_effect, >, 0);
  /* with a target, its odds in place of the list */
  g_assert_false (gtk_widget_get_mapped (list));
  ph_test_window_destroy (window);
}

static gboolean
label_is (GtkWidget     *widget,
          gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

static gboolean
css_name_is (GtkWidget     *widget,
             gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_css_name (widget), name) == 0;
}

/* Where the sort arrow of the heading @title points, as drawn: -1 up
 * (ink widest in its lower half: a triangle standing on its base), 1
 * down, 0 none */
static int
sort_arrow (GtkWidget  *view,
            const char *title)
{
  GtkWidget *label = ph_test_find_descendant (view, label_is, title);
  GtkWidget *heading = label, *indicator;
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  cairo_surface_t *surface;
  GtkSnapshot *snapshot;
  int width, height, stride, widest_row = -1, widest = 0, ink = 0;
  cairo_t *cr;

  g_assert_nonnull (label);
  while (heading != NULL && !css_name_is (heading, "button"))
    heading = gtk_widget_get_parent (heading);
  g_assert_nonnull (heading);
  indicator = ph_test_find_descendant (heading, css_name_is, "sort-indicator");
  g_assert_nonnull (indicator);
  width = gtk_widget_get_width (indicator);
  height = gtk_widget_get_height (indicator);
  if (width <= 0 || height <= 0)
    return 0;
  paintable = gtk_widget_paintable_new (indicator);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return 0;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < height; y++)
    {
      const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (surface) + y * stride);
      int n = 0;

      for (int x = 0; x < width; x++)
        n += (row[x] >> 24) > 64;
      ink += n;
      if (n > widest)
        {
          widest = n;
          widest_row = y;
        }
    }
  cairo_surface_destroy (surface);
  g_test_message ("arrow of %s: %dx%d, ink %d, widest row %d of %d px", title, width, height,
                  ink, widest_row, widest);
  if (ink == 0)
    return 0;
  return widest_row < height / 2 ? 1 : -1;
}

/* "Who Can Shoot Whom" (Ctrl+Shift+O): every shot of the picked man's side
 * at every enemy, each number the engine's for that pair (what `assess`
 * and `odds` give); sorted by a click; a row activated selects the shooter
 * and pins the target */
static void
test_odds_matrix (void)
{
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  PhFigure *picked;
  PhOddsWindow *odds = NULL;
  GListModel *rows;
  guint expected = 0, n, chances = 0;
  GList *toplevels;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("firelock-bloody-run-1758.xml");
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  picked = ph_test_find_figure (scenario, NULL);
  ph_test_click_figure (ph_window_get_map_view (window), picked, 0);
  ph_test_run_until_idle ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.odds-matrix", NULL));
  ph_test_run_until_idle ();
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (PH_IS_ODDS_WINDOW (l->data))
      odds = l->data;
  g_list_free (toplevels);
  g_assert_nonnull (odds);

  /* his side's shots: every one of them at every enemy on the table */
  for (guint i = 0; i < scenario->figures->len; i++)
    for (guint j = 0; j < scenario->figures->len; j++)
      {
        PhFigure *s = g_ptr_array_index (scenario->figures, i);
        PhFigure *t = g_ptr_array_index (scenario->figures, j);

        expected += g_strcmp0 (s->side, picked->side) == 0 && g_strcmp0 (t->side, s->side) != 0
                    && !ph_figure_is_off_table (s) && !ph_figure_is_off_table (t);
      }
  rows = ph_odds_window_get_rows (odds);
  n = g_list_model_get_n_items (rows);
  g_assert_cmpuint (n, ==, expected);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) row = g_list_model_get_item (rows, i);
      PhShotOptions options = PH_SHOT_OPTIONS_INIT;
      g_autoptr(PhAssessment) a = NULL;
      const char *shooter_id, *target_id;
      double p_hit, p_kill;

      ph_odds_window_row_pair (row, &shooter_id, &target_id, &p_hit, &p_kill);
      a = ph_engine_assess_figures (scenario, ph_scenario_find_figure (scenario, shooter_id),
                                    ph_scenario_find_figure (scenario, target_id), &options, NULL);
      g_assert_nonnull (a);
      g_assert_cmpfloat (p_hit, ==, a->can_fire ? a->p_hit : -1);
      g_assert_cmpfloat (p_kill, ==, a->can_fire && a->has_p_kill ? a->p_kill : -1);
      chances += a->can_fire && a->p_hit > 0;
    }
  /* the summary counts the shots that may hit, not those that can be
   * fired at 0% */
  {
    g_autofree char *want = g_strdup_printf ("%u shots, %u with a chance to hit · each as a plain shot",
                                             n, chances);

    g_assert_nonnull (ph_test_find_descendant (GTK_WIDGET (odds), label_is, want));
  }
  ph_test_save_screenshot (GTK_WIDGET (odds), "app-odds-matrix.png");
  /* sorted best first, its arrow points down as over any largest-first
   * list (GTK calls the first click's sort ascending, and the theme's
   * arrow for that points up); nearest first, up */
  g_assert_cmpint (sort_arrow (GTK_WIDGET (odds), "To wound"), ==, 1);
  g_assert_cmpint (sort_arrow (GTK_WIDGET (odds), "To hit"), ==, 0);
  ph_odds_window_sort_by (odds, "Distance", FALSE);
  ph_test_wait_drawn (GTK_WIDGET (odds));
  g_assert_cmpint (sort_arrow (GTK_WIDGET (odds), "Distance"), ==, -1);
  ph_odds_window_sort_by (odds, "To hit", FALSE);
  ph_test_wait_drawn (GTK_WIDGET (odds));
  g_assert_cmpint (sort_arrow (GTK_WIDGET (odds), "To hit"), ==, 1);
  ph_odds_window_sort_by (odds, "To wound", FALSE);
  ph_test_wait_drawn (GTK_WIDGET (odds));
  /* best first by the ruleset's effect (Firelock: any wound), each the
   * engine's */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) row = g_list_model_get_item (rows, i);
      const char *shooter_id, *target_id;
      double p_hit, p_kill;
      g_autoptr(PhAssessment) a = NULL;
      PhShotOptions options = PH_SHOT_OPTIONS_INIT;

      ph_odds_window_row_pair (row, &shooter_id, &target_id, &p_hit, &p_kill);
      a = ph_engine_assess_figures (scenario, ph_scenario_find_figure (scenario, shooter_id),
                                    ph_scenario_find_figure (scenario, target_id), &options, NULL);
      g_assert_cmpfloat (ph_odds_window_row_effect (row), ==, a->can_fire ? a->p_effect : -1);
      if (i > 0)
        {
          g_autoptr(GObject) prev = g_list_model_get_item (rows, i - 1);

          g_assert_cmpfloat (ph_odds_window_row_effect (prev), >=, ph_odds_window_row_effect (row));
        }
    }

  /* every side's, then a row taken to the map */
  ph_odds_window_set_side (odds, NULL);
  ph_test_run_until_idle ();
  g_assert_cmpuint (g_list_model_get_n_items (rows), >, expected);

  /* scrolled down, then sorted: back at the top, where the best row is */
  {
    GtkAdjustment *adjustment = ph_odds_window_get_vadjustment (odds);
    g_autoptr(GObject) first = NULL;
    const char *shooter_id, *target_id;
    double p_hit, p_kill, best = -1;

    ph_test_wait_drawn (GTK_WIDGET (odds));
    g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment),
                       >, 100);
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
    ph_test_wait_drawn (GTK_WIDGET (odds));
    g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 100);
    ph_odds_window_sort_by (odds, "To hit", FALSE);
    ph_test_wait_drawn (GTK_WIDGET (odds));
    ph_test_run_until_idle ();
    g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), ==, gtk_adjustment_get_lower (adjustment));
    for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
      {
        g_autoptr(GObject) row = g_list_model_get_item (rows, i);

        ph_odds_window_row_pair (row, &shooter_id, &target_id, &p_hit, &p_kill);
        best = MAX (best, p_hit);
      }
    first = g_list_model_get_item (rows, 0);
    ph_odds_window_row_pair (first, &shooter_id, &target_id, &p_hit, &p_kill);
    g_assert_cmpfloat (p_hit, ==, best);
    ph_test_save_screenshot (GTK_WIDGET (odds), "app-odds-matrix-sorted.png");
  }
  {
    g_autoptr(GObject) row = g_list_model_get_item (rows, 0);
    const char *shooter_id, *target_id;
    double p_hit, p_kill;
    PhSelection *selection = ph_document_get_selection (document);

    ph_odds_window_row_pair (row, &shooter_id, &target_id, &p_hit, &p_kill);
    ph_odds_window_activate_row (odds, 0);
    ph_test_run_until_idle ();
    g_assert_cmpstr (ph_selection_get_primary (selection)->id, ==, shooter_id);
    g_assert_cmpstr (ph_selection_get_pinned_target (selection)->id, ==, target_id);
  }
  gtk_window_destroy (GTK_WINDOW (odds));
  ph_test_window_destroy (window);
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

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  example = ph_test_example_file ("featherstone-cacabelos-1809.xml");
  g_assert_true (g_file_load_contents (example, NULL, &text, NULL, NULL, NULL));
  xml = g_string_new (text);
  g_assert_cmpuint (g_string_replace (xml, "unit=\"cm\"", "unit=\"in\"", 1), ==, 1);
  dir = g_dir_make_tmp ("ph-test-app-XXXXXX", NULL);
  path = g_build_filename (dir, "cacabelos-inches.xml", NULL);
  g_assert_true (g_file_set_contents (path, xml->str, -1, NULL));
  copy = g_file_new_for_path (path);

  window = ph_test_window_new ();
  g_assert_true (ph_window_load_file (window, copy, &error));
  g_assert_no_error (error);
  map_view = ph_window_get_map_view (window);
  PH_TEST_WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (map_view)) >= 100);
  scenario = ph_document_get_scenario (ph_window_get_document (window));

  ph_test_click_figure (map_view, ph_scenario_find_figure (scenario, "plunket"), 0);
  ph_test_figure_widget_point (map_view, ph_scenario_find_figure (scenario, "colbert"), &x, &y);
  ph_map_view_pointer_motion (map_view, x, y);
  shown = ph_map_view_get_assessment (map_view);
  g_assert_nonnull (shown);
  g_assert_cmpint (shown->unit, ==, PH_DIST_CM);
  {
    GtkWidget *stack = ph_test_find_widget (GTK_WIDGET (window), GTK_TYPE_STACK, NULL);

    PH_TEST_WAIT_UNTIL (stack == NULL || !gtk_stack_get_transition_running (GTK_STACK (stack)));
  }
  ph_test_wait_drawn (GTK_WIDGET (window));
  g_assert_nonnull (ph_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL, "Measured in"));
  g_assert_nonnull (ph_test_find_widget (GTK_WIDGET (window), GTK_TYPE_LABEL,
                                         "paces, read off the inch table at 2.54 paces to the inch"));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-fire-inch-table.png");
  ph_test_window_destroy (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* The assessment's details read as the ruleset reads them, never raw:
 * "chance percent 28.7607" is "chance 28.8%" */
static void
test_detail_format (void)
{
  struct { const char *key; GVariant *value; const char *name, *text; } cases[] = {
    { "chance_percent", g_variant_new_double (28.7607), "chance", "28.8%" },
    { "chance_percent", g_variant_new_double (76), "chance", "76%" },
    { "p_acquire", g_variant_new_double (0.3), "p acquire", "30%" },
    { "target_number", g_variant_new_double (7), "target number", "7" },
    { "distance_paces", g_variant_new_double (12.345), "distance paces", "12.3" },
    { "dice", g_variant_new_int32 (3), "dice", "3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GVariant) value = g_variant_ref_sink (cases[i].value);
      g_autofree char *name = NULL;
      g_autofree char *text = ph_shot_panel_format_detail (cases[i].key, value, &name);

      g_assert_cmpstr (name, ==, cases[i].name);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static gboolean
has_label_prefix (GtkWidget     *widget,
                  gconstpointer  prefix)
{
  return GTK_IS_LABEL (widget)
         && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), prefix);
}

/* A shot that may be fired but cannot hit never shows "✓ Can fire" in
 * green: it says it cannot hit, and that the modifiers are why */
static void
test_cannot_hit (void)
{
  PhWindow *window;
  PhScenario *scenario;
  PhFigure *shooter, *target;
  GtkWidget *panel;
  g_autoptr(PhAssessment) a = ph_assessment_new ();
  PhModifier cover = { .label = g_strdup ("target in hard cover"), .value = -3 };

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  scenario = ph_document_get_scenario (ph_window_get_document (window));
  shooter = g_ptr_array_index (scenario->figures, 0);
  target = g_ptr_array_index (scenario->figures, scenario->figures->len - 1);
  panel = ph_test_window_panel (window, PH_TYPE_SHOT_PANEL);
  a->can_fire = TRUE;
  a->p_hit = 0;
  g_array_append_val (a->modifiers, cover);
  ph_shot_panel_set_shooter (PH_SHOT_PANEL (panel), scenario, shooter, NULL);
  ph_shot_panel_set_assessment (PH_SHOT_PANEL (panel), target, a, NULL);
  g_assert_null (ph_test_find_descendant (panel, has_label_prefix, "✓ Can fire"));
  g_assert_nonnull (ph_test_find_descendant (panel, has_label_prefix,
                                             "✗ Can fire, but cannot hit: no roll succeeds with the modifiers"));
  /* with odds, the tick comes back */
  a->p_hit = 0.25;
  ph_shot_panel_set_assessment (PH_SHOT_PANEL (panel), target, a, NULL);
  g_assert_nonnull (ph_test_find_descendant (panel, has_label_prefix, "✓ Can fire"));
  ph_test_window_destroy (window);
}

/* A trial's referee saw the line from Stark cross the Old Stone Wall and
 * the Fire tab say "open", with nothing saying why: the wall is 1.55 in in
 * front of Marin, and a wall covers a man within his base's radius plus
 * one inch. The Cover row now says so. */
static void
test_cover_missed (void)
{
  PhWindow *window;
  PhScenario *scenario;
  PhFigure *shooter, *target;
  GtkWidget *panel;
  g_autoptr(PhAssessment) a = NULL;
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_FIRELOCK);
  scenario = ph_document_get_scenario (ph_window_get_document (window));
  shooter = ph_scenario_find_figure (scenario, "stark");
  target = ph_scenario_find_figure (scenario, "marin");
  g_assert_nonnull (shooter);
  g_assert_nonnull (target);
  /* the trial's spots: Stark after his move, Marin 1 in north of the wall */
  shooter->x = 26.79, shooter->y = 26.78;
  target->x = 36, target->y = 19;
  a = ph_engine_assess_figures (scenario, shooter, target, &options, NULL);
  g_assert_nonnull (a);
  g_assert_cmpint (a->cover, ==, PH_COVER_OPEN);
  panel = ph_test_window_panel (window, PH_TYPE_SHOT_PANEL);
  ph_shot_panel_set_shooter (PH_SHOT_PANEL (panel), scenario, shooter, NULL);
  ph_shot_panel_set_assessment (PH_SHOT_PANEL (panel), target, a, NULL);
  g_assert_nonnull (ph_test_find_descendant (panel, has_label_prefix,
                                             "open: Old Stone Wall is 1.55″ in front of him; "
                                             "it covers a man within 1.50″"));
  g_clear_pointer (&a, ph_assessment_free);

  /* in the Hemlock Wood, the wall 8 in in front: soft, and why not hard */
  shooter->x = 36, shooter->y = 30;
  target->x = 36, target->y = 12;
  a = ph_engine_assess_figures (scenario, shooter, target, &options, NULL);
  g_assert_nonnull (a);
  g_assert_cmpint (a->cover, ==, PH_COVER_SOFT);
  ph_shot_panel_set_assessment (PH_SHOT_PANEL (panel), target, a, NULL);
  g_assert_nonnull (ph_test_find_descendant (panel, has_label_prefix,
                                             "soft (woods) behind or in Hemlock Wood; "
                                             "Old Stone Wall is 8.0″ in front of him; "
                                             "it covers a man within 1.5″"));
  ph_test_window_destroy (window);
}

/* On a 1366 x 768 laptop the odds and the list of enemies in sight are
 * seen without scrolling the Fire tab, a target pinned, in every ruleset
 * (a Firelock shot's fifteen outcomes once pushed the list 330 px down:
 * the details fold away) */
static void
check_fire_tab_laptop (const char *example)
{
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  GtkWidget *panel, *list_title, *scrolled;
  PhFigure *shooter;
  graphene_point_t p;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_sized (1366, 768);
  g_assert_true (ph_window_load_file (window, ph_test_example_file (example), NULL));
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  shooter = ph_test_find_figure (scenario, NULL);
  ph_test_click_figure (ph_window_get_map_view (window), shooter, 0);
  ph_test_run_until_idle ();
  /* a target pinned: the odds, the modifiers and the reasons shown too */
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);

      if (g_strcmp0 (f->side, shooter->side) != 0)
        {
          ph_map_view_set_pinned_target (ph_window_get_map_view (window), f);
          break;
        }
    }
  ph_test_run_until_idle ();
  panel = ph_test_window_panel (window, PH_TYPE_SHOT_PANEL);
  ph_test_wait_drawn (panel);
  list_title = ph_test_find_widget (panel, GTK_TYPE_LABEL, "Enemies in sight");
  g_assert_nonnull (list_title);
  scrolled = gtk_widget_get_ancestor (panel, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_true (gtk_widget_compute_point (list_title, scrolled ? scrolled : GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT (0, 0), &p));
  g_test_message ("%s: the list's title at y = %g of %d", example, p.y,
                  gtk_widget_get_height (scrolled ? scrolled : GTK_WIDGET (window)));
  {
    g_autofree char *name = g_strdup_printf ("app-fire-laptop-%.8s.png", example);

    ph_test_save_screenshot (GTK_WIDGET (window), name);
  }
  /* the title and at least three rows below it are in view */
  g_assert_cmpfloat (p.y + 3 * 40, <, gtk_widget_get_height (scrolled ? scrolled : GTK_WIDGET (window)));
  ph_test_window_destroy (window);
}

static void
test_fire_tab_laptop (void)
{
  static const char * const examples[] = {
    "featherstone-cacabelos-1809.xml", "firelock-bloody-run-1758.xml",
    "fistful-north-bridge-1775.xml", "guns-of-war-tithe-barn.xml",
    "musket-mayhem-fight-at-the-farmstead.xml",
  };

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    check_fire_tab_laptop (examples[i]);
}

/* A long reason wraps onto two lines in the Fire tab, and the rows below
 * it move down for it (GTK 4.8 measured it one line high) */
static void
test_reason_wraps (void)
{
  PhWindow *window;
  PhScenario *scenario;
  PhFigure *shooter, *target;
  GtkWidget *panel, *reason, *weapon;
  g_autoptr(PhAssessment) a = ph_assessment_new ();
  graphene_rect_t r, w;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_sized (1280, 760);
  g_assert_true (ph_window_load_file (window, ph_test_example_file (PH_TEST_EXAMPLE_MAYHEM), NULL));
  scenario = ph_document_get_scenario (ph_window_get_document (window));
  shooter = g_ptr_array_index (scenario->figures, 0);
  target = g_ptr_array_index (scenario->figures, scenario->figures->len - 1);
  panel = ph_test_window_panel (window, PH_TYPE_SHOT_PANEL);
  a->can_fire = FALSE;
  a->weapon = PH_WEAPON_MUSKET;
  g_ptr_array_add (a->reasons, g_strdup ("Langevin the Voyageur is outside the fire arc "
                                         "(more than 45 degrees from the front of Pte Tubbs)"));
  ph_shot_panel_set_shooter (PH_SHOT_PANEL (panel), scenario, shooter, NULL);
  ph_shot_panel_set_assessment (PH_SHOT_PANEL (panel), target, a, NULL);
  ph_test_wait_drawn (GTK_WIDGET (window));
  reason = ph_test_find_descendant (panel, has_label_prefix, "✗ Langevin");
  weapon = ph_test_find_widget (panel, GTK_TYPE_LABEL, "Distance");
  g_assert_nonnull (reason);
  g_assert_nonnull (weapon);
  g_assert_true (gtk_widget_compute_bounds (reason, panel, &r));
  g_assert_true (gtk_widget_compute_bounds (weapon, panel, &w));
  g_test_message ("reason %g..%g (%d lines' worth), the next row from %g", r.origin.y,
                  r.origin.y + r.size.height, (int) (r.size.height / 15), w.origin.y);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-fire-reason-wraps.png");
  g_assert_cmpfloat (r.size.height, >, 25);
  g_assert_cmpfloat (r.origin.y + r.size.height, <=, w.origin.y);
  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/fire/inch-table", test_fire_tab_inch_table);
  g_test_add_func ("/app/odds/assessment", test_assessment);
  g_test_add_func ("/app/odds/detail-format", test_detail_format);
  g_test_add_func ("/app/odds/cannot-hit", test_cannot_hit);
  g_test_add_func ("/app/odds/cover-missed", test_cover_missed);
  g_test_add_func ("/app/fire/laptop", test_fire_tab_laptop);
  g_test_add_func ("/app/fire/reason-wraps", test_reason_wraps);
  g_test_add_func ("/app/odds/every-example", test_every_example);
  g_test_add_func ("/app/odds/shot-options", test_shot_options);
  g_test_add_func ("/app/fire/best-shots", test_best_shots);
  g_test_add_func ("/app/odds/matrix", test_odds_matrix);
  return ph_test_app_run ();
}
