/* test-app-figure.c: the Figure panel (the inspector), for one figure and
 * several, and Firelock's random character
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips. Helpers in
 * ph-test-app.h.
 */
#include "ph-character.h"
#include "ph-figure-panel.h"
#include "ph-stats-form.h"
#include "ph-scroll-guard.h"
#include "ph-window-private.h"
#include "ph-test-app.h"

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
  return ph_test_find_descendant (root, has_tooltip, tooltip);
}

static void
test_inspector_edit (void)
{
  PhWindow *window;
  PhDocument *document;
  PhFigure *figure;
  GtkWidget *panel, *fired, *name;
  g_autofree char *old_name = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  figure = ph_test_find_figure (ph_document_get_scenario (document), NULL);
  old_name = g_strdup (figure->name);
  ph_test_click_figure (ph_window_get_map_view (window), figure, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "figure");
  ph_test_run_until_idle ();
  panel = ph_test_window_panel (window, PH_TYPE_FIGURE_PANEL);
  g_assert_nonnull (panel);

  /* A status marker, as one undoable edit */
  fired = ph_test_find_widget (panel, GTK_TYPE_CHECK_BUTTON, "fired");
  g_assert_nonnull (fired);
  g_assert_false (figure->status & PH_STATUS_FIRED);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (fired), TRUE);
  g_assert_true (figure->status & PH_STATUS_FIRED);
  g_assert_true (ph_document_get_dirty (document));
  g_test_message ("undo: %s", ph_document_get_undo_label (document));

  /* The name, applied on Enter */
  name = ph_test_find_widget (panel, GTK_TYPE_ENTRY, NULL);
  g_assert_nonnull (name);
  gtk_editable_set_text (GTK_EDITABLE (name), "Sgt Major Smith");
  g_signal_emit_by_name (name, "activate");
  g_assert_cmpstr (figure->name, ==, "Sgt Major Smith");
  ph_test_save_screenshot (GTK_WIDGET (window), "app-inspector-edit.png");

  /* A weapon added and one removed through the panel's buttons, each an
   * undoable edit */
  {
    guint n = figure->weapons->len;
    PhWeaponKind first = g_array_index (figure->weapons, PhWeapon, 0).kind;
    GtkWidget *add = ph_test_find_widget (panel, GTK_TYPE_BUTTON, "_Add");
    GtkWidget *remove;

    g_assert_nonnull (add);
    g_signal_emit_by_name (add, "clicked");
    ph_test_run_until_idle ();
    g_assert_cmpuint (figure->weapons->len, ==, n + 1);
    remove = find_tooltip (panel, "Remove this weapon");
    g_assert_nonnull (remove);
    g_signal_emit_by_name (remove, "clicked");
    ph_test_run_until_idle ();
    g_assert_cmpuint (figure->weapons->len, ==, n);
    ph_document_undo (document);
    ph_document_undo (document);
    ph_test_run_until_idle ();
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

  ph_test_window_destroy (window);
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
  return ph_test_find_descendant (root, is_menu_item, label);
}

/* Opens the primary menu: whether it shows the item for @label (the menu
 * leaves out an item whose action is disabled and that is hidden-when
 * action-disabled). */
static gboolean
menu_item_shown (PhWindow   *window,
                 const char *label,
                 const char *screenshot)
{
  GtkWidget *button = GTK_WIDGET (window->primary_menu_button);
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
    ph_test_save_screenshot (GTK_WIDGET (popover), screenshot);
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

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  /* Not for other rulesets */
  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  figure = ph_test_find_figure (ph_document_get_scenario (ph_window_get_document (window)), NULL);
  ph_test_click_figure (ph_window_get_map_view (window), figure, 0);
  g_assert_false (menu_item_shown (window, "Roll Random Character", NULL));
  ph_test_window_destroy (window);

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_FIRELOCK);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  figure = ph_test_find_figure (ph_document_get_scenario (document), NULL);
  g_assert_nonnull (figure);
  g_assert_false (menu_item_shown (window, "Roll Random Character", NULL));
  ph_test_click_figure (map_view, figure, 0);
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
      ph_test_run_until_idle ();
      g_assert_null (ph_test_find_message_dialog (GTK_WINDOW (window)));
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

  ph_test_window_destroy (window);
}

/* The control on the row of the stats form whose label says @label */
static GtkWidget *
stats_field (GtkWidget  *form,
             const char *label)
{
  GtkWidget *grid = ph_test_find_widget (form, GTK_TYPE_GRID, NULL);
  GtkWidget *name = ph_test_find_widget (grid, GTK_TYPE_LABEL, label);
  int column, row, width, height;

  g_assert_nonnull (name);
  gtk_grid_query_child (GTK_GRID (grid), name, &column, &row, &width, &height);
  return gtk_grid_get_child_at (GTK_GRID (grid), 1, row);
}

/* Featherstone's stats, edited through the form the ruleset's schema
 * builds: the wound letters set the counts, counts that disagree with
 * them are refused with the reason, armour and the parts it covers (no
 * other way to edit them in the window), each an undoable edit. */
static void
test_stats_form (void)
{
  PhWindow *window;
  PhDocument *document;
  PhFigure *figure;
  GtkWidget *panel, *form, *letters, *light, *armour, *covers;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("featherstone-cacabelos-1809.xml");
  document = ph_window_get_document (window);
  figure = ph_scenario_find_figure (ph_document_get_scenario (document), "plunket");
  g_assert_nonnull (figure);
  g_assert_null (figure->stats.featherstone.wounds);
  g_assert_cmpint (figure->stats.featherstone.light_wounds, ==, 0);
  ph_test_click_figure (ph_window_get_map_view (window), figure, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "figure");
  ph_test_run_until_idle ();
  panel = ph_test_window_panel (window, PH_TYPE_FIGURE_PANEL);
  form = ph_test_find_widget (panel, PH_TYPE_STATS_FORM, NULL);
  g_assert_nonnull (form);
  g_assert_true (gtk_widget_get_visible (form));

  /* "F" is a light wound (the head): the count follows the letter */
  letters = stats_field (form, "Wounds (A–J)");
  light = stats_field (form, "Light wounds");
  g_assert_true (GTK_IS_ENTRY (letters));
  g_assert_true (GTK_IS_SPIN_BUTTON (light));
  gtk_editable_set_text (GTK_EDITABLE (letters), "F");
  g_signal_emit_by_name (letters, "activate");
  g_assert_cmpstr (figure->stats.featherstone.wounds, ==, "F");
  g_assert_cmpint (figure->stats.featherstone.light_wounds, ==, 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (light)), ==, 1);
  g_assert_null (ph_figure_panel_get_error (PH_FIGURE_PANEL (panel)));

  /* a count that disagrees with the letters is refused, and says why */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (light), 3);
  g_assert_cmpint (figure->stats.featherstone.light_wounds, ==, 1);
  g_assert_nonnull (ph_figure_panel_get_error (PH_FIGURE_PANEL (panel)));
  g_test_message ("%s", ph_figure_panel_get_error (PH_FIGURE_PANEL (panel)));
  g_assert_true (g_str_has_prefix (ph_figure_panel_get_error (PH_FIGURE_PANEL (panel)),
                                   "Not changed: "));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (light)), ==, 1);

  /* armour, then the parts it covers */
  armour = stats_field (form, "Armour");
  covers = stats_field (form, "Armour covers");
  g_assert_true (GTK_IS_DROP_DOWN (armour));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (armour), PH_ARMOUR_CHAIN);
  g_assert_cmpint (figure->stats.featherstone.armour, ==, PH_ARMOUR_CHAIN);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (covers)), ==, "body");
  gtk_editable_set_text (GTK_EDITABLE (covers), "body arms");
  g_signal_emit_by_name (covers, "activate");
  g_assert_cmpuint (figure->stats.featherstone.armour_covers, ==,
                    PH_AREA_BODY | PH_AREA_RIGHT_ARM | PH_AREA_LEFT_ARM);
  /* scrolled into view for the screenshot */
  {
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (
      GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (form, GTK_TYPE_SCROLLED_WINDOW)));

    ph_test_run_until_idle ();
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment)
                                          - gtk_adjustment_get_page_size (adjustment));
    ph_test_wait_drawn (GTK_WIDGET (window));
  }
  ph_test_save_screenshot (GTK_WIDGET (window), "app-stats-form.png");

  /* three edits, three undos */
  ph_document_undo (document);
  g_assert_cmpuint (figure->stats.featherstone.armour_covers, ==, PH_AREA_BODY);
  ph_document_undo (document);
  g_assert_cmpint (figure->stats.featherstone.armour, ==, PH_ARMOUR_NONE);
  ph_document_undo (document);
  g_assert_null (figure->stats.featherstone.wounds);
  g_assert_cmpint (figure->stats.featherstone.light_wounds, ==, 0);
  g_assert_false (ph_document_get_dirty (document));

  ph_test_window_destroy (window);
}

/* The Figure tab's control whose row's label says @label */
static GtkWidget *
figure_field (GtkWidget  *panel,
              const char *label)
{
  GtkWidget *name = ph_test_find_widget (panel, GTK_TYPE_LABEL, label);
  GtkWidget *grid;
  int column, row, width, height;

  g_assert_nonnull (name);
  grid = gtk_widget_get_parent (name);
  g_assert_true (GTK_IS_GRID (grid));
  gtk_grid_query_child (GTK_GRID (grid), name, &column, &row, &width, &height);
  return gtk_grid_get_child_at (GTK_GRID (grid), 1, row);
}

/* Two figures of the table that face different ways */
static void
find_two_facings (PhScenario  *scenario,
                  PhFigure   **a,
                  PhFigure   **b)
{
  *a = *b = NULL;
  for (guint i = 0; i < scenario->figures->len && *b == NULL; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      if (ph_figure_is_off_table (figure))
        continue;
      if (*a == NULL)
        *a = figure;
      else if (figure->facing != (*a)->facing)
        *b = figure;
    }
  g_assert_nonnull (*a);
  g_assert_nonnull (*b);
}

/* Two figures selected: a field where they differ shows as mixed, the
 * name (one figure's) cannot be edited, and a value set goes to both as
 * one undo step. */
static void
test_multi_edit (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhFigure *a, *b;
  GtkWidget *panel, *facing, *name, *fired;
  double facing_a, facing_b;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  find_two_facings (ph_document_get_scenario (document), &a, &b);
  facing_a = a->facing;
  facing_b = b->facing;
  g_assert_false (a->status & PH_STATUS_FIRED);
  g_assert_false (b->status & PH_STATUS_FIRED);

  ph_test_click_figure (map_view, a, 0);
  ph_test_click_figure (map_view, b, GDK_SHIFT_MASK);
  g_assert_cmpuint (ph_selection_get_n_figures (ph_document_get_selection (document)), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "figure");
  ph_test_run_until_idle ();
  panel = ph_test_window_panel (window, PH_TYPE_FIGURE_PANEL);
  g_assert_nonnull (panel);

  /* The facings differ: no value shown; the name is one figure's */
  facing = figure_field (panel, "Facing");
  name = figure_field (panel, "Name");
  g_assert_true (GTK_IS_SPIN_BUTTON (facing));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (facing)), ==, "—");
  g_assert_false (gtk_widget_get_sensitive (name));
  /* neither has fired: a plain unchecked box */
  fired = ph_test_find_widget (panel, GTK_TYPE_CHECK_BUTTON, "fired");
  g_assert_false (gtk_check_button_get_inconsistent (GTK_CHECK_BUTTON (fired)));
  ph_test_wait_drawn (GTK_WIDGET (window));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-figure-mixed.png");

  /* One facing for both, one undo step */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (facing), 90);
  g_assert_null (ph_figure_panel_get_error (PH_FIGURE_PANEL (panel)));
  g_assert_cmpfloat (a->facing, ==, 90);
  g_assert_cmpfloat (b->facing, ==, 90);
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Edit Facing of 2 Figures");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (facing)), ==, "90.0");

  /* A status marker on one of them is then mixed, and set on both */
  ph_test_click_figure (map_view, a, 0);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (fired), TRUE);
  g_assert_true (a->status & PH_STATUS_FIRED);
  ph_test_click_figure (map_view, b, GDK_SHIFT_MASK);
  g_assert_true (gtk_check_button_get_inconsistent (GTK_CHECK_BUTTON (fired)));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (fired), TRUE);
  g_assert_true (a->status & PH_STATUS_FIRED);
  g_assert_true (b->status & PH_STATUS_FIRED);
  g_assert_false (gtk_check_button_get_inconsistent (GTK_CHECK_BUTTON (fired)));
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Edit fired of 2 Figures");

  /* Undo: the marker off b again (a keeps its own edit), then both
   * facings back in one step */
  g_assert_true (ph_document_undo (document));
  g_assert_true (a->status & PH_STATUS_FIRED);
  g_assert_false (b->status & PH_STATUS_FIRED);
  g_assert_true (gtk_check_button_get_inconsistent (GTK_CHECK_BUTTON (fired)));
  g_assert_true (ph_document_undo (document));
  g_assert_true (ph_document_undo (document));
  g_assert_cmpfloat (a->facing, ==, facing_a);
  g_assert_cmpfloat (b->facing, ==, facing_b);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (facing)), ==, "—");
  g_assert_false (ph_document_get_dirty (document));
  g_assert_false (ph_document_get_can_undo (document));

  ph_test_window_destroy (window);
}

/* Several figures' stats through the ruleset's form: a value one of them
 * would refuse changes none of them, and says why. */
static void
test_multi_edit_refused (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map_view;
  PhFigure *a, *b;
  GtkWidget *panel, *form, *light, *letters;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("featherstone-cacabelos-1809.xml");
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  a = ph_scenario_find_figure (ph_document_get_scenario (document), "plunket");
  b = ph_test_find_figure (ph_document_get_scenario (document), a->side);
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  ph_test_click_figure (map_view, a, 0);
  ph_test_click_figure (map_view, b, GDK_SHIFT_MASK);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "figure");
  ph_test_run_until_idle ();
  panel = ph_test_window_panel (window, PH_TYPE_FIGURE_PANEL);
  form = ph_test_find_widget (panel, PH_TYPE_STATS_FORM, NULL);
  light = stats_field (form, "Light wounds");
  letters = stats_field (form, "Wounds (A–J)");

  g_assert_cmpuint (ph_selection_get_n_figures (ph_document_get_selection (document)), ==, 2);

  /* The letters set both counts, one step */
  gtk_editable_set_text (GTK_EDITABLE (letters), "F");
  g_signal_emit_by_name (letters, "activate");
  g_assert_null (ph_figure_panel_get_error (PH_FIGURE_PANEL (panel)));
  g_assert_cmpstr (a->stats.featherstone.wounds, ==, "F");
  g_assert_cmpstr (b->stats.featherstone.wounds, ==, "F");
  g_assert_cmpint (a->stats.featherstone.light_wounds, ==, 1);
  g_assert_cmpint (b->stats.featherstone.light_wounds, ==, 1);
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Edit Wounds (A–J) of 2 Figures");

  /* Light wounds the letters do not give: refused for both, and why */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (light), 3);
  g_assert_nonnull (ph_figure_panel_get_error (PH_FIGURE_PANEL (panel)));
  g_test_message ("%s", ph_figure_panel_get_error (PH_FIGURE_PANEL (panel)));
  g_assert_true (g_str_has_prefix (ph_figure_panel_get_error (PH_FIGURE_PANEL (panel)),
                                   "Not changed: "));
  g_assert_cmpint (a->stats.featherstone.light_wounds, ==, 1);
  g_assert_cmpint (b->stats.featherstone.light_wounds, ==, 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (light)), ==, 1);
  g_assert_cmpstr (ph_document_get_undo_label (document), ==, "Edit Wounds (A–J) of 2 Figures");

  /* One undo takes the letters off both */
  g_assert_true (ph_document_undo (document));
  g_assert_null (a->stats.featherstone.wounds);
  g_assert_null (b->stats.featherstone.wounds);
  g_assert_cmpint (b->stats.featherstone.light_wounds, ==, 0);
  g_assert_false (ph_document_get_dirty (document));

  ph_test_window_destroy (window);
}

/* The wheel over a number box the user has not clicked into scrolls the
 * panel and leaves the number; clicked into, the box takes the wheel */
static void
test_scroll_guard (void)
{
  PhWindow *window;
  PhFigure *figure;
  GtkWidget *panel, *spin, *text, *scrolled;
  GtkAdjustment *vadj;
  double value, scrolled_to;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  figure = ph_test_find_figure (ph_document_get_scenario (ph_window_get_document (window)), NULL);
  ph_test_click_figure (ph_window_get_map_view (window), figure, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "figure");
  ph_test_run_until_idle ();
  panel = ph_test_window_panel (window, PH_TYPE_FIGURE_PANEL);
  spin = ph_test_find_widget (panel, GTK_TYPE_SPIN_BUTTON, NULL);
  g_assert_nonnull (spin);
  text = gtk_widget_get_first_child (spin);
  g_assert_nonnull (text);
  scrolled = gtk_widget_get_ancestor (spin, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scrolled);
  vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  gtk_widget_grab_focus (GTK_WIDGET (ph_window_get_map_view (window)));
  ph_test_run_until_idle ();

  value = gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin));
  gtk_adjustment_set_value (vadj, 0);
  g_assert_true (ph_scroll_guard_scroll (window->side_panel, text, 1, GDK_SCROLL_UNIT_WHEEL));
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, value);
  scrolled_to = gtk_adjustment_get_value (vadj);
  /* the panel moved, when it has anywhere to go */
  if (gtk_adjustment_get_upper (vadj) > gtk_adjustment_get_page_size (vadj))
    g_assert_cmpfloat (scrolled_to, >, 0);

  /* clicked into: the spin button's own */
  gtk_widget_grab_focus (spin);
  g_assert_false (ph_scroll_guard_scroll (window->side_panel, text, 1, GDK_SCROLL_UNIT_WHEEL));
  /* not a number box: the usual scrolling */
  g_assert_false (ph_scroll_guard_scroll (window->side_panel, panel, 1, GDK_SCROLL_UNIT_WHEEL));
  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/inspector/edit-undo", test_inspector_edit);
  g_test_add_func ("/app/inspector/scroll-guard", test_scroll_guard);
  g_test_add_func ("/app/inspector/stats-form", test_stats_form);
  g_test_add_func ("/app/inspector/multi-edit", test_multi_edit);
  g_test_add_func ("/app/inspector/multi-edit-refused", test_multi_edit_refused);
  g_test_add_func ("/app/character/roll-undo", test_roll_character);
  return ph_test_app_run ();
}
