/* test-app-gow.c: Guns of War played on the map (issue 11): the
 * withdrawal from fire by a drag, the unit's own steps on its menu
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include "ph-map-view-private.h"
#include "ph-game-move.h"
#include "ph-game-panel.h"
#include "ph-hex.h"
#include "ph-test-app.h"
#include "ph-test-util.h"
#include "ph-window-private.h"

static gboolean
note_shown (GtkWidget     *widget,
            gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), data) == 0;
}

/* A drop-down whose first item (the default) reads @data */
static gboolean
default_reads (GtkWidget     *widget,
               gconstpointer  data)
{
  GListModel *model;

  if (!GTK_IS_DROP_DOWN (widget))
    return FALSE;
  model = gtk_drop_down_get_model (GTK_DROP_DOWN (widget));
  return GTK_IS_STRING_LIST (model) && g_list_model_get_n_items (model) > 0
         && g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), 0), data) == 0;
}

/* A drag of @figure to @to (table units) on @map, as the pointer does
 * it, left under way */
static void
drag_to (PhMapView *map,
         PhFigure  *figure,
         PhPoint    to)
{
  double scale = ph_viewport_get_scale (ph_map_view_get_viewport (map));
  double x, y;

  ph_test_figure_widget_point (map, figure, &x, &y);
  ph_map_view_begin_drag (map, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (map, (to.x - figure->x) * scale / 2, (to.y - figure->y) * scale / 2);
  ph_map_view_update_drag (map, (to.x - figure->x) * scale, (to.y - figure->y) * scale);
  ph_test_run_until_idle ();
}

static void
drop_at (PhMapView *map,
         PhFigure  *figure,
         PhPoint    to)
{
  double scale = ph_viewport_get_scale (ph_map_view_get_viewport (map));

  ph_map_view_end_drag (map, (to.x - figure->x) * scale, (to.y - figure->y) * scale);
  ph_test_run_until_idle ();
}

/* The Duke's Drilled Musketeers stand fast, then the Free Company
 * Arquebusiers' volley damages them (and they stand their shock roll) */
static gboolean
musketeers_hit (PhGame  *game,
                gpointer data)
{
  return ph_test_try (game, "stand", "figure=aur_musketeers", NULL)
         && ph_test_try (game, "shoot", "figure=jut_arquebusiers", "target=aur_musketeers", NULL)
         && ph_game_get_figure_var_int (game, "aur_musketeers", "fire-damage", 0) >= 1
         && g_strcmp0 (ph_game_get_figure_var (game, "aur_musketeers", "shock"), "stood") == 0;
}

/* One step, as the Game tab's Perform does it */
static void
perform (PhDocument *document,
         const char *action,
         const char *figure,
         const char *target)
{
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;

  g_hash_table_insert (args, "figure", (gpointer) figure);
  if (target != NULL)
    g_hash_table_insert (args, "target", (gpointer) target);
  g_assert_true (ph_document_game_perform (document, action, args, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
}

/* "When a Drilled Foot unit is hit, it may be eligible to reduce damage
 * dealt by one or more points by withdrawing one or more hexes, up to a
 * maximum of its marching movement": played on the map, no hex typed.
 * The unit's menu offers "Withdraw from fire…" (the Game tab's form,
 * which says to drag it), and a drag onto a hex within its marching
 * movement performs the withdrawal, "withdraw: …" by the pointer (the
 * trial's referee found only a "Hex (0306)" box to type in) */
static void
test_withdraw_on_map (void)
{
  PhWindow *window;
  PhMapView *map;
  PhDocument *document;
  PhScenario *scenario;
  PhGame *game;
  PhFigure *musketeers;
  GMenuModel *model;
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  g_autofree char *want = NULL;
  gboolean needs_more = FALSE, fits = FALSE;
  const char *said;
  guint32 seed;
  guint before;
  double size;
  int damage;
  PhHex from, to = { 0, 0 };
  PhPoint spot;
  char name[PH_HEX_NAME_SIZE];

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on ("guns-of-war-tithe-barn.xml");
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  size = scenario->table.grid_size;
  seed = ph_test_find_seed (scenario, 1, 10000, musketeers_hit, NULL);
  g_assert_true (ph_document_start_game (document, seed, &error));
  g_assert_no_error (error);
  game = ph_document_get_game (document);
  musketeers = ph_scenario_find_figure (scenario, "aur_musketeers");
  ph_test_wait_drawn (GTK_WIDGET (map));
  perform (document, "stand", musketeers->id, NULL);
  perform (document, "shoot", "jut_arquebusiers", musketeers->id);
  damage = ph_game_get_figure_var_int (game, musketeers->id, "fire-damage", 0);
  g_assert_cmpint (damage, >=, 1);

  /* its menu: the withdrawal, which the form finishes */
  model = ph_test_figure_menu (map, musketeers);
  g_assert_true (ph_test_menu_performs (model, "withdraw", &label, &needs_more));
  g_assert_cmpstr (label, ==, "Withdraw from fire…");
  g_assert_true (needs_more);
  ph_test_close_menu (map);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.game-action",
                                             "(sssba{ss})", "withdraw", musketeers->id, "", TRUE,
                                             NULL));
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_panel_get_selected_action (window->game_panel), ==,
                   "withdraw");

  /* the form says to drag it, no hex to type first */
  g_assert_nonnull (ph_test_find_descendant (GTK_WIDGET (window), note_shown,
                                             "Drag the figure on the map onto the hex"));

  /* a free hex a step from it, on the table */
  from = ph_hex_from_point ((PhPoint) { musketeers->x, musketeers->y }, size);
  for (int k = 0; k < 6; k++)
    {
      static const PhHex steps[] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { -1, 1 } };
      PhHex h = { from.q + steps[k].q, from.r + steps[k].r };
      PhPoint p = ph_hex_to_point (h, size);

      if (p.x > 0 && p.y > 0 && p.x < scenario->table.width && p.y < scenario->table.height
          && ph_game_spot_taken (scenario, musketeers, p, NULL) == NULL)
        {
          to = h;
          break;
        }
    }
  g_assert_cmpint (ph_hex_distance (from, to), ==, 1);
  spot = ph_hex_to_point (to, size);

  /* the drag is the withdrawal */
  before = ph_game_get_position (game);
  drag_to (map, musketeers, spot);
  said = ph_map_view_get_move_label (map, &fits);
  g_assert_nonnull (said);
  g_test_message ("label: %s", said);
  g_assert_true (g_str_has_prefix (said, "withdraw: moved 1 hex"));
  g_assert_true (fits);
  drop_at (map, musketeers, spot);
  g_assert_cmpuint (ph_game_get_position (game), ==, before + 1);
  g_assert_cmpstr (ph_game_get_event (game, before)->kind, ==, "withdraw");
  want = g_strdup_printf ("%s withdraws 1 hex to hex %s: 1 point of the damage taken back",
                          ph_figure_display_name (musketeers), ph_hex_name (to, name));
  g_test_message ("%s", ph_game_get_event (game, before)->text);
  g_assert_true (g_str_has_prefix (ph_game_get_event (game, before)->text, want));
  g_assert_true (ph_hex_equal (ph_hex_from_point ((PhPoint) { musketeers->x, musketeers->y },
                                                  size), to));
  g_assert_cmpint (ph_game_get_figure_var_int (game, musketeers->id, "fire-damage", 0), ==,
                   damage - 1);
  ph_test_window_destroy (window);
}

/* The unit's own steps on its right-click menu, as the rules take them
 * now (the trial's referee found no way on the map to stand fast or
 * ready): Stand fast until its movement sequence is played, Ready to
 * attack but for Undrilled and Irregular Foot and until it has readied;
 * the item performs the step */
static void
test_steps_in_menu (void)
{
  PhWindow *window;
  PhMapView *map;
  PhDocument *document;
  PhScenario *scenario;
  PhGame *game;
  PhFigure *musketeers, *conscripts;
  GMenuModel *model;
  g_autoptr(GError) error = NULL;
  g_autofree char *stand = NULL;
  g_autofree char *ready = NULL;
  gboolean needs_more = TRUE;
  guint before;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on ("guns-of-war-tithe-barn.xml");
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  g_assert_true (ph_document_start_game (document, 1, &error));
  g_assert_no_error (error);
  game = ph_document_get_game (document);
  musketeers = ph_scenario_find_figure (scenario, "aur_musketeers");
  conscripts = ph_scenario_find_figure (scenario, "jut_conscripts");
  ph_test_wait_drawn (GTK_WIDGET (map));

  model = ph_test_figure_menu (map, musketeers);
  g_assert_true (ph_test_menu_performs (model, "stand", &stand, &needs_more));
  g_assert_cmpstr (stand, ==, "Stand fast");
  g_assert_false (needs_more);
  g_assert_true (ph_test_menu_performs (model, "ready", &ready, NULL));
  g_assert_cmpstr (ready, ==, "Ready to attack");
  /* no damage taken: nothing to withdraw from */
  g_assert_false (ph_test_menu_performs (model, "withdraw", NULL, NULL));
  ph_test_close_menu (map);

  /* the item performs it */
  before = ph_game_get_position (game);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.game-action",
                                             "(sssba{ss})", "stand", musketeers->id, "", FALSE,
                                             NULL));
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, before + 1);
  g_assert_cmpstr (ph_game_get_event (game, before)->kind, ==, "stand");
  g_assert_cmpstr (ph_game_get_figure_var (game, musketeers->id, "movement"), ==, "stood");

  /* its movement sequence played: no second stand; it may still ready */
  model = ph_test_figure_menu (map, musketeers);
  g_assert_false (ph_test_menu_performs (model, "stand", NULL, NULL));
  g_assert_true (ph_test_menu_performs (model, "ready", NULL, NULL));
  ph_test_close_menu (map);

  /* "Undrilled Foot units may not disengage or ready to attack" */
  model = ph_test_figure_menu (map, conscripts);
  g_assert_true (ph_test_menu_performs (model, "stand", NULL, NULL));
  g_assert_false (ph_test_menu_performs (model, "ready", NULL, NULL));
  ph_test_close_menu (map);

  /* the Fire form's Secured left out is the map's say ("Secured by
   * Formed Foot beside it"): its default says so, not "No" */
  g_assert_true (ph_game_panel_select_action (window->game_panel, "shoot"));
  ph_test_run_until_idle ();
  g_assert_nonnull (ph_test_find_descendant (GTK_WIDGET (window), default_reads,
                                             "Default (from the map)"));
  ph_test_window_destroy (window);
}

int
main (int    argc,
      char **argv)
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/gow/withdraw-on-map", test_withdraw_on_map);
  g_test_add_func ("/app/gow/steps-in-menu", test_steps_in_menu);
  return g_test_run ();
}
