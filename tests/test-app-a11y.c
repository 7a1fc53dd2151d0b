/* test-app-a11y.c: what a screen reader is told: the map's name and the
 * description that follows the picked figure, its target and the odds;
 * a name for every button that shows only an icon; figures and targets
 * picked with N, P and E
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips. The
 * accessible properties are read with GTK's own test functions
 * (gtk_test_accessible_*), which read what the AT-SPI bridge hands on.
 */
#include <math.h>

#include "ph-shot-sightings.h"
#include "ph-test-app.h"

#define EXAMPLE "firelock-bloody-run-1758.xml"

static void
assert_property (GtkWidget             *widget,
                 GtkAccessibleProperty  property,
                 const char            *expected)
{
  g_autofree char *error =
    gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), property, expected);

  if (error != NULL)
    g_error ("%s: %s", G_OBJECT_TYPE_NAME (widget), error);
}

/* A button that shows an icon and no words: a screen reader has only
 * its accessible label to read. Those inside GTK's own composite widgets
 * (a spin button's +/-, a menu button's inner toggle) are GTK's to name. */
static gboolean
is_icon_only (GtkWidget *widget)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);

  for (; parent != NULL; parent = gtk_widget_get_parent (parent))
    if (GTK_IS_MENU_BUTTON (parent) || GTK_IS_SPIN_BUTTON (parent)
        || GTK_IS_COLOR_BUTTON (parent) || GTK_IS_DROP_DOWN (parent))
      return FALSE;
  if (GTK_IS_MENU_BUTTON (widget))
    return gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)) == NULL;
  if (GTK_IS_COLOR_BUTTON (widget))
    return TRUE;
  if (GTK_IS_BUTTON (widget) && !GTK_IS_CHECK_BUTTON (widget))
    return gtk_button_get_label (GTK_BUTTON (widget)) == NULL
           && GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (widget)));
  return FALSE;
}

static void
collect_icon_buttons (GtkWidget *widget,
                      GPtrArray *found)
{
  if (is_icon_only (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_icon_buttons (child, found);
}

/* Every icon-only button of the window, the panels' included (a figure
 * picked: its weapons' remove buttons; the table's sides), has a name. */
static void
test_icon_buttons_named (void)
{
  PhWindow *window = ph_test_window_new_on (EXAMPLE);
  PhMapView *map_view = ph_window_get_map_view (window);
  PhScenario *scenario = ph_document_get_scenario (ph_window_get_document (window));
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  guint named = 0;

  ph_test_click_figure (map_view, ph_test_find_figure (scenario, NULL), 0);
  g_action_group_activate_action (G_ACTION_GROUP (window), "edit-table", NULL);
  ph_test_run_until_idle ();

  collect_icon_buttons (GTK_WIDGET (window), buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (buttons, i);
      gboolean has_label =
        gtk_test_accessible_has_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL);

      g_test_message ("%s (tooltip “%s”): %s", G_OBJECT_TYPE_NAME (button),
                      gtk_widget_get_tooltip_text (button), has_label ? "named" : "NO NAME");
      if (!has_label)
        g_error ("the icon-only %s with the tooltip “%s” has no accessible name",
                 G_OBJECT_TYPE_NAME (button), gtk_widget_get_tooltip_text (button));
      named++;
    }
  /* the header bar's own eight, the log's undo, a weapon's remove, the
   * sides' colours and removes: the walk found them */
  g_assert_cmpuint (named, >=, 12);

  g_action_group_activate_action (G_ACTION_GROUP (window), "edit-table", NULL);
  ph_test_window_destroy (window);
}

/* The map: "Table", described as the selection, the target and the odds
 * change */
static void
test_map_description (void)
{
  PhWindow *window = ph_test_window_new_on (EXAMPLE);
  PhMapView *map_view = ph_window_get_map_view (window);
  GtkWidget *map = GTK_WIDGET (map_view);
  PhScenario *scenario = ph_document_get_scenario (ph_window_get_document (window));
  PhFigure *shooter = ph_test_find_figure (scenario, NULL);
  PhFigure *target = NULL;
  PhSide *side = ph_scenario_find_side (scenario, shooter->side);
  PhSide *target_side;
  const PhAssessment *a;
  g_autofree char *expected = NULL;
  g_autofree char *hit = NULL;
  guint on_table = 0;

  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (map)), ==,
                   GTK_ACCESSIBLE_ROLE_IMG);
  assert_property (map, GTK_ACCESSIBLE_PROPERTY_LABEL, "Table");

  for (guint i = 0; i < scenario->figures->len; i++)
    if (!ph_figure_is_off_table (g_ptr_array_index (scenario->figures, i)))
      on_table++;
  expected = g_strdup_printf ("%u figures on the table, none picked. N picks the next figure.",
                              on_table);
  assert_property (map, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
  g_clear_pointer (&expected, g_free);

  /* picked: its name and side */
  ph_test_click_figure (map_view, shooter, 0);
  expected = g_strdup_printf ("%s, %s. E picks an enemy to target.",
                              ph_figure_display_name (shooter), side->name);
  assert_property (map, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
  g_clear_pointer (&expected, g_free);

  /* a target pinned: the odds as the Fire tab gives them. The enemy
   * with a shot at it, if any. */
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      g_autoptr(PhAssessment) assessment = NULL;

      if (ph_figure_is_off_table (figure) || g_strcmp0 (figure->side, shooter->side) == 0)
        continue;
      assessment = ph_engine_assess_figures (scenario, shooter, figure,
                                             ph_map_view_get_shot_options (map_view), NULL);
      if (target == NULL || (assessment != NULL && assessment->can_fire))
        target = figure;
      if (assessment != NULL && assessment->can_fire)
        break;
    }
  g_assert_nonnull (target);
  target_side = ph_scenario_find_side (scenario, target->side);
  ph_map_view_set_pinned_target (map_view, target);
  a = ph_map_view_get_assessment (map_view);
  g_assert_nonnull (a);
  g_assert_true (a->can_fire);
  hit = ph_shot_format_percent (a->p_hit);
  expected = g_strdup_printf ("%s, %s, targeting %s, %s: %s to hit",
                              ph_figure_display_name (shooter), side->name,
                              ph_figure_display_name (target), target_side->name, hit);
  if (a->has_p_kill)
    {
      g_autofree char *kill = ph_shot_format_percent (a->p_kill);
      g_autofree char *more = g_strdup_printf ("%s, %s to kill", expected, kill);

      g_free (expected);
      expected = g_steal_pointer (&more);
    }
  /* and Firelock's chance to wound, by which it ranks shots */
  {
    g_autofree char *wound = ph_shot_format_percent (a->p_effect);
    g_autofree char *more = g_strdup_printf ("%s, %s to wound", expected, wound);

    g_free (expected);
    expected = g_steal_pointer (&more);
  }
  g_test_message ("%s", expected);
  assert_property (map, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
  {
    g_autofree char *described = ph_map_view_describe (map_view);

    g_assert_cmpstr (described, ==, expected);
  }

  ph_test_window_destroy (window);
}

/* N and P (Shift+N) go through the figures on the table in the file's
 * order; E and Shift+E through the picked figure's enemies, nearest
 * first. The same actions the keys are bound to. */
static void
test_keyboard_picking (void)
{
  PhWindow *window = ph_test_window_new_on (EXAMPLE);
  PhMapView *map_view = ph_window_get_map_view (window);
  GtkWidget *map = GTK_WIDGET (map_view);
  PhScenario *scenario = ph_document_get_scenario (ph_window_get_document (window));
  PhSelection *selection = ph_document_get_selection (ph_window_get_document (window));
  g_autoptr(GPtrArray) on_table = g_ptr_array_new ();
  g_autoptr(GPtrArray) enemies = g_ptr_array_new ();
  PhFigure *first;

  for (guint i = 0; i < scenario->figures->len; i++)
    if (!ph_figure_is_off_table (g_ptr_array_index (scenario->figures, i)))
      g_ptr_array_add (on_table, g_ptr_array_index (scenario->figures, i));
  g_assert_cmpuint (on_table->len, >=, 3);

  g_assert_true (gtk_widget_activate_action (map, "map.cycle-figure", "i", 1));
  g_assert_true (ph_map_view_get_selected_figure (map_view) == g_ptr_array_index (on_table, 0));
  g_assert_cmpuint (ph_selection_get_n_figures (selection), ==, 1);
  gtk_widget_activate_action (map, "map.cycle-figure", "i", 1);
  g_assert_true (ph_map_view_get_selected_figure (map_view) == g_ptr_array_index (on_table, 1));
  gtk_widget_activate_action (map, "map.cycle-figure", "i", -1);
  gtk_widget_activate_action (map, "map.cycle-figure", "i", -1);
  /* from the first back round to the last */
  g_assert_true (ph_map_view_get_selected_figure (map_view)
                 == g_ptr_array_index (on_table, on_table->len - 1));
  gtk_widget_activate_action (map, "map.cycle-figure", "i", 1);
  first = ph_map_view_get_selected_figure (map_view);
  g_assert_true (first == g_ptr_array_index (on_table, 0));

  /* the enemies by distance: E pins the nearest, then the next; Shift+E
   * goes back */
  for (guint i = 0; i < on_table->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (on_table, i);

      if (g_strcmp0 (figure->side, first->side) != 0)
        g_ptr_array_add (enemies, figure);
    }
  g_assert_cmpuint (enemies->len, >=, 2);
  {
    PhFigure *nearest = NULL, *second = NULL;
    double d1 = G_MAXDOUBLE, d2 = G_MAXDOUBLE;

    for (guint i = 0; i < enemies->len; i++)
      {
        PhFigure *e = g_ptr_array_index (enemies, i);
        double d = hypot (e->x - first->x, e->y - first->y);

        if (d < d1)
          {
            second = nearest, d2 = d1;
            nearest = e, d1 = d;
          }
        else if (d < d2)
          second = e, d2 = d;
      }
    gtk_widget_activate_action (map, "map.cycle-target", "i", 1);
    g_assert_true (ph_selection_get_pinned_target (selection) == nearest);
    g_assert_true (ph_map_view_get_target (map_view) == nearest);
    gtk_widget_activate_action (map, "map.cycle-target", "i", 1);
    g_assert_true (ph_selection_get_pinned_target (selection) == second);
    gtk_widget_activate_action (map, "map.cycle-target", "i", -1);
    g_assert_true (ph_selection_get_pinned_target (selection) == nearest);
  }

  /* picking a figure off screen brings it into view */
  ph_map_view_zoom_in (map_view);
  ph_map_view_zoom_in (map_view);
  ph_map_view_zoom_in (map_view);
  ph_test_run_until_idle ();
  for (guint i = 0; i < on_table->len; i++)
    {
      PhFigure *figure;
      double x, y;

      gtk_widget_activate_action (map, "map.cycle-figure", "i", 1);
      figure = ph_map_view_get_selected_figure (map_view);
      ph_test_figure_widget_point (map_view, figure, &x, &y);
      g_assert_cmpfloat (x, >=, 0);
      g_assert_cmpfloat (y, >=, 0);
      g_assert_cmpfloat (x, <=, gtk_widget_get_width (map));
      g_assert_cmpfloat (y, <=, gtk_widget_get_height (map));
    }

  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  /* GTK's test context keeps every property set (with "none", the
   * suite's default, nothing is kept to read back) */
  g_setenv ("GTK_A11Y", "test", TRUE);
  ph_test_app_init (&argc, &argv);

  g_test_add_func ("/app-a11y/icon-buttons-named", test_icon_buttons_named);
  g_test_add_func ("/app-a11y/map-description", test_map_description);
  g_test_add_func ("/app-a11y/keyboard-picking", test_keyboard_picking);

  return ph_test_app_run ();
}
