/* test-app-turn.c: a whole turn of each ruleset played on the map alone
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each bundled example is played through one turn (a phase for
 * Featherstone) as a referee does it in the window: the Game tab's
 * Perform on the step it offers, a click to pick the figure, a drag to
 * move it, a right-click on an enemy to shoot. No coordinate or id is
 * typed. The log then replays exactly: back to the start and forward to
 * now gives the same table, and so does the saved file loaded again.
 *
 * The drags and clicks go through the same functions as the gestures;
 * test-app-events drags with real pointer events. Under a display
 * (xvfb-run -a); without one every test skips.
 */
#include <glib/gstdio.h>
#include <math.h>

#include "ph-game-log.h"
#include "ph-game-move.h"
#include "ph-game-panel.h"
#include "ph-map-view-private.h"
#include "ph-window-private.h"
#include "ph-test-app.h"

typedef struct
{
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  PhMapView *map;
  PhGamePanel *panel;
  PhGame *game;
  guint drags;         /* moves made by dragging */
  guint shots;         /* actions chosen on a right-click */
} Turn;

static void
turn_open (Turn       *t,
           const char *example,
           guint32     seed)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *panel;

  memset (t, 0, sizeof *t);
  t->window = ph_test_window_new_on (example);
  t->document = ph_window_get_document (t->window);
  t->scenario = ph_document_get_scenario (t->document);
  t->map = ph_window_get_map_view (t->window);
  panel = ph_test_find_widget (GTK_WIDGET (t->window), PH_TYPE_GAME_PANEL, NULL);
  g_assert_nonnull (panel);
  t->panel = PH_GAME_PANEL (panel);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (t->window), "win.show-panel", "s", "game"));
  g_assert_true (ph_document_start_game (t->document, seed, &error));
  g_assert_no_error (error);
  t->game = ph_document_get_game (t->document);
  ph_test_run_until_idle ();
}

/* The Game tab's Perform on @action, with @figure picked on the map
 * first (NULL: none needed); whether the rules took it */
static gboolean
perform (Turn       *t,
         const char *action,
         PhFigure   *figure)
{
  g_autoptr(GError) error = NULL;
  guint before = ph_game_get_position (t->game);

  if (figure != NULL)
    {
      ph_test_click_figure (t->map, figure, 0);
      ph_test_run_until_idle ();
    }
  g_assert_true (ph_game_panel_select_action (t->panel, action));
  ph_test_run_until_idle ();
  if (!ph_game_panel_perform (t->panel, action, &error))
    {
      g_test_message ("%s %s: %s", action, figure ? figure->id : "", error->message);
      return FALSE;
    }
  ph_test_run_until_idle ();
  return ph_game_get_position (t->game) > before;
}

/* Perform @action with the first figure (of @side, when given) that the
 * rules take */
static gboolean
perform_with_any (Turn       *t,
                  const char *action,
                  const char *side)
{
  for (guint i = 0; i < t->scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (t->scenario->figures, i);

      if (ph_figure_is_off_table (f) || (side != NULL && g_strcmp0 (f->side, side) != 0))
        continue;
      if (perform (t, action, f))
        return TRUE;
    }
  return FALSE;
}

/* @figure dragged by the pointer to a spot its move allows, about @want
 * from where it stands (less when its allowance is less), towards the
 * table's middle; whether the move was logged */
static gboolean
drag_move (Turn     *t,
           PhFigure *figure,
           double    want)
{
  const PhTable *table = &t->scenario->table;
  double scale = ph_viewport_get_scale (ph_map_view_get_viewport (t->map));
  guint before = ph_game_get_position (t->game);
  PhMovePlan plan;
  double x, y;

  if (!ph_game_plan_move (t->game, figure->id, &plan, NULL))
    return FALSE;
  /* eight directions, the table's middle first */
  for (int k = 0; k < 8; k++)
    {
      double bearing = ph_bearing ((PhPoint) { figure->x, figure->y },
                                   (PhPoint) { table->width / 2, table->height / 2 }) + 45 * k;
      for (double d = want; d > want / 8; d /= 2)
        {
          PhPoint to = ph_point_from_bearing ((PhPoint) { figure->x, figure->y }, bearing, d);
          PhMoveCost cost;

          ph_game_move_cost (t->game, figure->id, &plan, ph_game_snap_move (t->game, &plan, to),
                             &cost);
          if (!ph_move_cost_fits (&plan, &cost) || cost.distance < 1e-6)
            continue;
          ph_move_plan_clear (&plan);
          /* the man picked before may stand in base contact, his turning
           * handle over this one (a press there turns him) */
          ph_selection_clear (ph_map_view_get_selection_model (t->map));
          ph_test_run_until_idle ();
          ph_test_figure_widget_point (t->map, figure, &x, &y);
          ph_map_view_begin_drag (t->map, GDK_BUTTON_PRIMARY, 0, x, y);
          ph_map_view_update_drag (t->map, (to.x - figure->x) * scale / 2,
                                   (to.y - figure->y) * scale / 2);
          ph_map_view_end_drag (t->map, (to.x - figure->x) * scale, (to.y - figure->y) * scale);
          ph_test_run_until_idle ();
          if (ph_game_get_position (t->game) == before + 1)
            {
              g_test_message ("%s", ph_game_get_event (t->game, before)->text);
              g_assert_cmpstr (ph_game_get_event (t->game, before)->kind, ==, "move");
              t->drags++;
              return TRUE;
            }
          return FALSE;
        }
    }
  ph_move_plan_clear (&plan);
  return FALSE;
}

/* The item for @action in the map's right-click menu, activated */
static gboolean
activate_menu_item (Turn       *t,
                    GMenuModel *model,
                    const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autoptr(GVariant) target = NULL;
      const char *name = NULL;

      if (section != NULL)
        {
          if (activate_menu_item (t, section, action))
            return TRUE;
          continue;
        }
      target = g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, NULL);
      if (target == NULL || !g_variant_is_of_type (target, G_VARIANT_TYPE ("(sssba{ss})")))
        continue;
      g_variant_get_child (target, 0, "&s", &name);
      if (g_strcmp0 (name, action) != 0)
        continue;
      /* a shot's item gives the odds of the shot the game fires, and
       * names it when it is not the Fire tab's first choice (Featherstone
       * fires snap unless aimed) */
      if (g_str_equal (action, "shoot"))
        {
          PhFigure *shooter = ph_map_view_get_selected_figure (t->map);
          PhFigure *aimed = ph_selection_get_pinned_target (ph_document_get_selection (t->document));
          PhShotOptions options = PH_SHOT_OPTIONS_INIT;
          g_autoptr(PhAssessment) a = NULL;
          g_autofree char *label = NULL;
          g_autofree char *odds = NULL;

          g_assert_true (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s",
                                                          &label));
          ph_game_shot_options (t->game, shooter, aimed, &options);
          a = ph_engine_assess_figures (t->scenario, shooter, aimed, &options, NULL);
          g_assert_nonnull (a);
          {
            const PhRuleset *ruleset = ph_ruleset_get (t->scenario->ruleset);
            const PhShotEffect *effect = ph_ruleset_effect (ruleset);
            g_autofree char *note = ruleset->hit_note != NULL ? ruleset->hit_note (a) : NULL;
            g_autofree char *noted = note != NULL ? g_strdup_printf (" (%s)", note) : g_strdup ("");

            /* the chance to hit, what it takes beside the shot (Firelock's
             * spotting), and the ruleset's effect where it is more than a
             * hit (Firelock's wound, Mayhem's kill) */
            odds = effect == &ph_shot_effect_hit
                   ? g_strdup_printf ("%.0f%% to hit%s)", a->p_hit * 100, noted)
                   : g_strdup_printf ("%.0f%% to hit%s, %.0f%% %s)", a->p_hit * 100, noted,
                                      a->p_effect * 100, effect->to);
          }
          /* a long label is wrapped over lines of a menu's width */
          g_strdelimit (label, "\n", ' ');
          g_test_message ("menu: %s", label);
          if (a->can_fire && a->p_hit > 0)
            g_assert_true (g_str_has_suffix (label, odds));
          if (t->scenario->ruleset == PH_RULESET_FEATHERSTONE && options.values[0] == 1)
            g_assert_nonnull (strstr (label, "(Snap, "));
        }
      return gtk_widget_activate_action_variant (GTK_WIDGET (t->window), "win.game-action",
                                                 target);
    }
  return FALSE;
}

/* A figure of @side (any side but @not_side when NULL) shoots, chosen by a
 * right-click on an enemy it can hit; whether the shot was logged */
static gboolean
right_click_shot (Turn       *t,
                  const char *side,
                  const char *not_side,
                  const char *action)
{
  PhShotController *shot = ph_document_get_shot_controller (t->document);

  for (guint i = 0; i < t->scenario->figures->len; i++)
    {
      PhFigure *shooter = g_ptr_array_index (t->scenario->figures, i);

      if (ph_figure_is_off_table (shooter)
          || (side != NULL && g_strcmp0 (shooter->side, side) != 0)
          || (not_side != NULL && g_strcmp0 (shooter->side, not_side) == 0))
        continue;
      ph_test_click_figure (t->map, shooter, 0);
      for (guint j = 0; j < t->scenario->figures->len; j++)
        {
          PhFigure *target = g_ptr_array_index (t->scenario->figures, j);
          const PhAssessment *a;
          guint before = ph_game_get_position (t->game);
          GtkWidget *popover;

          if (ph_figure_is_off_table (target) || g_strcmp0 (target->side, shooter->side) == 0)
            continue;
          ph_map_view_set_pinned_target (t->map, target);
          ph_test_run_until_idle ();
          a = ph_shot_controller_get_assessment (shot);
          if (a == NULL || !a->can_fire || a->p_hit <= 0)
            continue;
          /* the right-click: pinned, and the menu of what he can do */
          if (!ph_map_view_popup_target_menu (t->map, target, 50, 50))
            continue;
          ph_test_run_until_idle ();
          popover = ph_test_find_descendant (GTK_WIDGET (t->map), ph_test_popover_mapped, NULL);
          g_assert_nonnull (popover);
          if (!activate_menu_item (t, gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)),
                                   action))
            continue;
          gtk_popover_popdown (GTK_POPOVER (popover));
          ph_test_run_until_idle ();
          if (ph_game_get_position (t->game) > before)
            {
              g_test_message ("%s", ph_game_get_event (t->game, before)->text);
              t->shots++;
              return TRUE;
            }
        }
    }
  ph_map_view_set_pinned_target (t->map, NULL);
  return FALSE;
}

/* The figures as the file writes them, without the stored log */
static char *
table_state (const PhScenario *scenario)
{
  g_autoptr(PhScenario) copy = ph_scenario_copy (scenario);

  g_clear_pointer (&copy->game_xml, g_free);
  return ph_scenario_to_xml (copy, NULL);
}

/* The log replays exactly: back to the start and forward again gives the
 * same table; saved and loaded again, too */
static void
check_replay (Turn *t)
{
  g_autofree char *now = table_state (t->scenario);
  g_autofree char *start = NULL;
  g_autofree char *again = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-turn-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "turn.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(PhScenario) loaded = NULL;
  g_autoptr(PhGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *reloaded = NULL;
  guint n = ph_game_get_position (t->game);

  g_assert_true (ph_document_game_seek (t->document, 0, &error));
  g_assert_no_error (error);
  start = table_state (t->scenario);
  g_assert_cmpstr (start, !=, now);
  ph_document_game_back_to_now (t->document);
  again = table_state (t->scenario);
  g_assert_cmpstr (again, ==, now);

  g_assert_true (ph_document_save_as (t->document, file, &error));
  g_assert_no_error (error);
  loaded = ph_scenario_load_file (path, &error);
  g_assert_no_error (error);
  game = ph_game_load (loaded, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ph_game_get_position (game), ==, n);
  reloaded = table_state (loaded);
  g_assert_cmpstr (reloaded, ==, now);
  g_unlink (path);
  g_rmdir (dir);
}

static void
turn_close (Turn *t,
            int   turn_before)
{
  GtkWidget *log = ph_test_find_widget (GTK_WIDGET (t->window), PH_TYPE_GAME_LOG, NULL);

  /* the log follows the game to its newest step */
  g_assert_nonnull (log);
  g_assert_cmpuint (ph_game_log_get_n_rows (PH_GAME_LOG (log)), ==,
                    ph_game_get_position (t->game));
  ph_test_wait_drawn (GTK_WIDGET (t->window));
  PH_TEST_WAIT_UNTIL (ph_game_log_get_at_end (PH_GAME_LOG (log)));
  if (g_test_verbose () || g_getenv ("PH_TEST_TURN_SHOT") != NULL)
    {
      ph_test_wait_drawn (GTK_WIDGET (t->window));
      ph_test_save_screenshot (GTK_WIDGET (t->window), "app-turn.png");
    }
  g_test_message ("%u steps, %u moves dragged, %u actions by right-click",
                  ph_game_get_position (t->game), t->drags, t->shots);
  g_assert_cmpint (ph_game_get_var_int (t->game, "turn", 0), ==, turn_before + 1);
  g_assert_cmpuint (t->drags, >, 0);
  check_replay (t);
  ph_test_window_destroy (t->window);
}

#define MAX_STEPS 200

/* One step of a ruleset's first turn, from what the rules expect next
 * (NULL: a figure acts, the player picks); TRUE when it was taken.
 * @moved counts the ruleset's own rounds where it needs to. */
typedef gboolean (*TurnStep) (Turn *t, const char *expected, guint *moved);

/* After every step the Action list says what the bar over the map says:
 * the step the rules expect (ph_game_expected()), whoever is picked (Guns
 * of War's list went to Fire, the acting unit's shot at the pinned
 * enemy, while the bar said "Next: Move") */
static void
check_list_follows_bar (Turn *t)
{
  const char *expected = ph_game_expected (t->game);
  const char *bar = gtk_label_get_label (t->window->turn_label);
  const PhGameActionInfo *info;

  g_test_message ("bar: %s; list: %s", bar, ph_game_panel_get_selected_action (t->panel));
  g_assert_nonnull (expected);
  /* each way on said once (Musket Mayhem's bar ended "…, or End the
   * side's go · or End the side's go") */
  {
    g_auto(GStrv) parts = g_strsplit (bar, " · ", -1);

    for (guint i = 0; parts[i] != NULL; i++)
      {
        /* "or End the side's go", ", or End the side's go" */
        const char *way = g_str_has_prefix (parts[i], "or ") ? parts[i] + 3
                          : strstr (parts[i], ", or ") ? strstr (parts[i], ", or ") + 5 : NULL;

        for (guint j = i + 1; way != NULL && parts[j] != NULL; j++)
          g_assert_null (strstr (parts[j], way));
      }
  }
  info = ph_game_find_action (t->game, expected);
  g_assert_nonnull (info);
  /* a man's step by its name; the game's own by where it leads ("Next:
   * step 3, calculate firing") */
  if (info->args != NULL && info->args[0].name != NULL)
    {
      g_autofree char *next = g_strdup_printf ("Next: %s · ", info->label);

      g_assert_true (g_str_has_prefix (bar, next));
    }
  else
    g_assert_true (g_str_has_prefix (bar, "Next: "));
  g_assert_cmpstr (ph_game_panel_get_selected_action (t->panel), ==, expected);
}

/* Plays the example's first turn on the map: whenever the rules expect a
 * step, the Game tab offers it; then the log and its replay are checked */
static void
play_first_turn (const char *example,
                 guint32     seed,
                 gboolean    always_expects,
                 TurnStep    step_func)
{
  Turn t;
  guint moved = 0;

  turn_open (&t, example, seed);
  for (int step = 0; step < MAX_STEPS && ph_game_get_var_int (t.game, "turn", 1) == 1; step++)
    {
      const char *expected = ph_game_expected (t.game);

      if (always_expects)
        g_assert_nonnull (expected);
      /* what the Game tab offers is what the rules expect */
      if (expected != NULL)
        check_list_follows_bar (&t);
      g_assert_true (step_func (&t, expected, &moved));
    }
  turn_close (&t, 1);
}

/* Drags the first figure of @side (any side when NULL) on the table that
 * has not moved and that the rules let move @distance */
static gboolean
drag_first (Turn       *t,
            const char *side,
            double      distance)
{
  for (guint i = 0; i < t->scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (t->scenario->figures, i);

      if ((side == NULL || g_strcmp0 (f->side, side) == 0) && !(f->status & PH_STATUS_MOVED)
          && !ph_figure_is_off_table (f) && drag_move (t, f, distance))
        return TRUE;
    }
  return FALSE;
}

/* Musket Mayhem: initiative, the order, each side's figures roll and are
 * dragged; while the first side moves, the other shoots at it by a
 * right-click; each side's go ends; the turn ends */
static gboolean
step_mayhem (Turn       *t,
             const char *expected,
             guint      *moved)
{
  /* a copy: the window's dry runs of steps (ph_game_try()) set the
   * game's variables again, and the string read is theirs */
  g_autofree char *side = g_strdup (ph_game_get_var (t->game, "active-side"));

  if (g_str_equal (expected, "roll-move"))
    {
      if (t->shots == 0)
        right_click_shot (t, NULL, side, "shoot");
      return perform_with_any (t, "roll-move", side);
    }
  if (g_str_equal (expected, "move"))
    return drag_first (t, side, 2.0);
  if (g_str_equal (expected, "melee"))
    return perform (t, "melee", NULL);
  return perform (t, expected, NULL);
}

/* Firelock: a card, IPs for the figure it calls, a drag paid in IPs, the
 * next card; then the turn's end */
static gboolean
step_firelock (Turn       *t,
               const char *expected,
               guint      *moved)
{
  PhFigure *active;
  const char *deck;

  if (expected != NULL && !g_str_equal (expected, "move"))
    return g_str_equal (expected, "roll-ips") ? perform_with_any (t, "roll-ips", NULL)
                                              : perform (t, expected, NULL);
  /* a figure acts (the bar leads to his move): it moves a little, shoots
   * if it can, and the next card is drawn (or the turn ends) */
  active = ph_scenario_find_figure (t->scenario, ph_game_get_var (t->game, "active"));
  g_assert_nonnull (active);
  drag_move (t, active, 2.0);
  if (t->shots == 0)
    right_click_shot (t, active->side, NULL, "shoot");
  /* read now: the window's dry runs set the variables again */
  deck = ph_game_get_var (t->game, "deck");
  return perform (t, deck != NULL && *deck != '\0' ? "draw-card" : "end-turn", NULL);
}

/* Fistful of Lead: calls, activations, two moves each by drag (one a
 * shot by right-click when there is one), the turn's end */
static gboolean
step_fistful (Turn       *t,
              const char *expected,
              guint      *moved)
{
  PhFigure *active;

  if (expected != NULL && !g_str_equal (expected, "move"))
    return g_str_equal (expected, "activate") ? perform_with_any (t, "activate", NULL)
                                              : perform (t, expected, NULL);
  /* a man acts (the bar leads to his move) */
  active = ph_scenario_find_figure (t->scenario, ph_game_get_var (t->game, "active"));
  g_assert_nonnull (active);
  return (t->shots == 0 && right_click_shot (t, active->side, NULL, "shoot"))
         || drag_move (t, active, 1.5)
         || perform (t, "end-activation", NULL);
}

/* Guns of War: each unit's movement sequence (a drag of a hex, else a
 * stand), the shots by right-click, the turn's end */
static gboolean
step_guns_of_war (Turn       *t,
                  const char *expected,
                  guint      *moved)
{
  if (g_str_equal (expected, "move"))
    for (guint i = 0; i < t->scenario->figures->len; i++)
      {
        PhFigure *f = g_ptr_array_index (t->scenario->figures, i);

        if (ph_figure_is_off_table (f)
            || ph_game_get_figure_var (t->game, f->id, "movement") != NULL)
          continue;
        /* the first unit moves a hex, the others stand fast */
        return (t->drags == 0 && drag_move (t, f, t->scenario->table.grid_size))
               || perform (t, "stand", f);
      }
  if (g_str_equal (expected, "shoot"))
    return right_click_shot (t, NULL, NULL, "shoot") || perform (t, "end-turn", NULL);
  return perform (t, expected, NULL);
}

/* Featherstone: a phase's five steps: orders skipped, men dragged (the
 * rate by the distance), a shot by right-click, melee skipped, the
 * phase's end */
static gboolean
step_featherstone (Turn       *t,
                   const char *expected,
                   guint      *moved)
{
  if (g_str_equal (expected, "move") && *moved < 2)
    {
      gboolean done = drag_first (t, NULL, 3 * (*moved + 1) / 2.54);

      (*moved)++;
      return done || perform (t, "next-step", NULL);
    }
  if (g_str_equal (expected, "shoot") && t->shots == 0)
    return right_click_shot (t, NULL, NULL, "shoot") || perform (t, "next-step", NULL);
  if (g_str_equal (expected, "end-phase"))
    return perform (t, "end-phase", NULL);
  return perform (t, "next-step", NULL);
}

/* @figure, picked, dragged by the pointer to @to (the selection kept:
 * its pinned target too); whether the move was logged */
static gboolean
drag_picked_to (Turn     *t,
                PhFigure *figure,
                PhPoint   to)
{
  double scale = ph_viewport_get_scale (ph_map_view_get_viewport (t->map));
  guint before = ph_game_get_position (t->game);
  double x, y;

  ph_test_figure_widget_point (t->map, figure, &x, &y);
  ph_map_view_begin_drag (t->map, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (t->map, (to.x - figure->x) * scale / 2, (to.y - figure->y) * scale / 2);
  ph_map_view_end_drag (t->map, (to.x - figure->x) * scale, (to.y - figure->y) * scale);
  ph_test_run_until_idle ();
  return ph_game_get_position (t->game) == before + 1;
}

/* @figure picked, @target pinned and right-clicked, @action chosen in the
 * menu; whether it was logged */
static gboolean
right_click_action (Turn       *t,
                    PhFigure   *figure,
                    PhFigure   *target,
                    const char *action)
{
  guint before = ph_game_get_position (t->game);
  GtkWidget *popover;

  ph_test_click_figure (t->map, figure, 0);
  ph_map_view_set_pinned_target (t->map, target);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_popup_target_menu (t->map, target, 50, 50));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (t->map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  g_assert_true (activate_menu_item (t, gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)),
                                     action));
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_run_until_idle ();
  if (ph_game_get_position (t->game) == before)
    return FALSE;
  g_test_message ("%s", ph_game_get_event (t->game, before)->text);
  return TRUE;
}

/* Guns of War's movement phase, as the referee trial played it, an enemy
 * pinned throughout: a move by drag, a shot and a charge by right-click.
 * After each the bar says "Next: Move" (the units yet to move), and so
 * does the Action list (it went to Fire: the unit that had acted could
 * still shoot at the pinned enemy) */
static void
test_turn_guns_of_war_list_follows_bar (void)
{
  Turn t;
  PhFigure *musketeers, *reiters, *arquebusiers;
  PhHex to;
  const char *note;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  turn_open (&t, "guns-of-war-tithe-barn.xml", 1746);
  musketeers = ph_scenario_find_figure (t.scenario, "aur_musketeers");
  reiters = ph_scenario_find_figure (t.scenario, "aur_reiters");
  arquebusiers = ph_scenario_find_figure (t.scenario, "jut_arquebusiers");
  ph_test_click_figure (t.map, musketeers, 0);
  ph_map_view_set_pinned_target (t.map, arquebusiers);
  ph_test_run_until_idle ();
  check_list_follows_bar (&t);

  /* the musketeers move a hex towards the arquebusiers */
  g_assert_true (ph_hex_from_name ("0508", &to));
  g_assert_true (drag_picked_to (&t, musketeers, ph_hex_to_point (to, t.scenario->table.grid_size)));
  g_assert_cmpstr (ph_game_get_event (t.game, ph_game_get_position (t.game) - 1)->kind, ==, "move");
  g_assert_true (ph_selection_get_pinned_target (ph_document_get_selection (t.document))
                 == arquebusiers);
  g_assert_cmpstr (ph_game_expected (t.game), ==, "move");
  check_list_follows_bar (&t);
  /* he cannot move again: the list says so, and the way on */
  note = ph_game_panel_get_action_error (t.panel, "move");
  g_test_message ("%s", note);
  g_assert_nonnull (note);
  g_assert_nonnull (strstr (note, "pick the next one on the map"));

  /* they fire at them */
  g_assert_true (right_click_action (&t, musketeers, arquebusiers, "shoot"));
  g_assert_cmpstr (ph_game_get_event (t.game, ph_game_get_position (t.game) - 1)->kind, ==, "shoot");
  g_assert_cmpstr (ph_game_expected (t.game), ==, "move");
  check_list_follows_bar (&t);

  /* the reiters charge them (and may still fire at them) */
  g_assert_true (right_click_action (&t, reiters, arquebusiers, "charge"));
  g_assert_cmpstr (ph_game_get_event (t.game, ph_game_get_position (t.game) - 1)->kind, ==, "charge");
  check_list_follows_bar (&t);
  ph_test_window_destroy (t.window);
}

/* Sets @side's hand to @cards ("KS 7H"), as the referee enters a real
 * deal */
static void
set_hand (Turn       *t,
          const char *side,
          const char *cards)
{
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;

  g_hash_table_insert (args, "side", (gpointer) side);
  g_hash_table_insert (args, "cards", (gpointer) cards);
  g_assert_true (ph_document_game_perform (t->document, "set-hand", args, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
}

/* @figure picked and right-clicked, @action chosen in his own menu;
 * whether it was logged */
static gboolean
own_menu_action (Turn       *t,
                 PhFigure   *figure,
                 const char *action)
{
  guint before = ph_game_get_position (t->game);
  GtkWidget *popover;
  double x, y;
  gboolean found;

  ph_test_click_figure (t->map, figure, 0);
  ph_test_run_until_idle ();
  ph_test_figure_widget_point (t->map, figure, &x, &y);
  ph_map_view_secondary_click (t->map, x, y);
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (t->map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  found = activate_menu_item (t, gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)),
                              action);
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_run_until_idle ();
  if (!found || ph_game_get_position (t->game) == before)
    return FALSE;
  g_test_message ("%s", ph_game_get_event (t->game, before)->text);
  return TRUE;
}

/* Fistful: Rev. Emerson, activated, starts reloading from his menu. "It
 * takes two actions to reload. These actions can not be split up": the
 * bar and the Action list lead to the second half (they said "Next:
 * Move", and a drag would have thrown the reload away), and his menu
 * offers it */
static void
test_turn_fistful_reload_leads (void)
{
  Turn t;
  PhFigure *emerson;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  turn_open (&t, "fistful-north-bridge-1775.xml", 1775);
  emerson = ph_scenario_find_figure (t.scenario, "emerson");
  g_assert_nonnull (emerson);
  set_hand (&t, "minutemen", "KS 5D 4D 3D 2D");
  set_hand (&t, "light_bobs", "QS 5C 4C 3C");
  g_assert_true (perform (&t, "call", NULL));
  g_assert_true (perform (&t, "activate", emerson));
  g_assert_cmpstr (ph_game_expected (t.game), ==, "move");
  check_list_follows_bar (&t);

  g_assert_true (own_menu_action (&t, emerson, "reload"));
  g_assert_nonnull (strstr (ph_game_get_event (t.game, ph_game_get_position (t.game) - 1)->text,
                            "starts reloading (1 of 2 actions)"));
  g_assert_cmpstr (ph_game_expected (t.game), ==, "reload");
  check_list_follows_bar (&t);
  g_assert_true (g_str_has_prefix (gtk_label_get_label (t.window->turn_label), "Next: Reload"));

  /* the second half, from his menu again */
  g_assert_true (own_menu_action (&t, emerson, "reload"));
  g_assert_nonnull (strstr (ph_game_get_event (t.game, ph_game_get_position (t.game) - 1)->text,
                            "the RELOAD marker is removed"));
  g_assert_false (emerson->stats.fistful.reload);
  ph_test_window_destroy (t.window);
}

/* Musket Mayhem: the initiative diced and the order chosen in the Game
 * tab; the side that goes */
static char *
mayhem_to_first_go (Turn *t)
{
  while (g_strcmp0 (ph_game_get_var (t->game, "phase"), "move") != 0)
    g_assert_true (perform (t, ph_game_expected (t->game), NULL));
  return g_strdup (ph_game_get_var (t->game, "active-side"));
}

/* The man of @side whose move is to be made now (rolled, not moved) */
static PhFigure *
mayhem_waiting (Turn       *t,
                const char *side)
{
  for (guint i = 0; i < t->scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (t->scenario->figures, i);

      if (g_strcmp0 (f->side, side) == 0 && !ph_figure_is_off_table (f)
          && ph_game_get_figure_var (t->game, f->id, "move-reach") != NULL
          && !(f->status & PH_STATUS_MOVED)
          && ph_game_get_figure_var (t->game, f->id, "stood") == NULL)
        return f;
    }
  return NULL;
}

/* "he resolves movement group by group, and then resolves all
 * hand-to-hand combat figure by figure": with a man in contact with an
 * enemy when every man has moved, the bar and the Action list lead to
 * Melee, naming him, and the form is his (the trial's bar said "Next: End
 * the side's go · … every man has moved or stood" with Mullins in contact
 * with Sans-Quartier) */
static void
test_turn_mayhem_melee_lead (void)
{
  Turn t;
  g_autofree char *side = NULL;
  g_autofree char *want = NULL;
  g_autofree char *fighter = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhFigure) moved = NULL;
  PhFigure *man = NULL, *enemy = NULL;
  PhBase a, b;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  turn_open (&t, "musket-mayhem-fight-at-the-farmstead.xml", 11);
  side = mayhem_to_first_go (&t);
  for (guint i = 0; i < t.scenario->figures->len && (man == NULL || enemy == NULL); i++)
    {
      PhFigure *f = g_ptr_array_index (t.scenario->figures, i);

      if (g_strcmp0 (f->side, side) == 0 && man == NULL && !ph_figure_is_off_table (f))
        man = f;
      else if (g_strcmp0 (f->side, side) != 0 && enemy == NULL && !ph_figure_is_off_table (f))
        enemy = f;
    }
  g_assert_nonnull (man);
  g_assert_nonnull (enemy);
  /* every man of the side rolls and moves an inch */
  while (g_str_equal (ph_game_expected (t.game), "roll-move")
         || g_str_equal (ph_game_expected (t.game), "move"))
    {
      PhFigure *waiting;

      if (g_str_equal (ph_game_expected (t.game), "roll-move"))
        {
          g_assert_true (perform_with_any (&t, "roll-move", side));
          continue;
        }
      waiting = mayhem_waiting (&t, side);
      g_assert_nonnull (waiting);
      {
        static const PhPoint hair[] = { { 0, 1 }, { 0, -1 }, { 1, 0 }, { -1, 0 } };
        gboolean done = FALSE;

        for (guint k = 0; k < G_N_ELEMENTS (hair) && !done; k++)
          {
            done = ph_document_game_move (t.document, waiting->id,
                                          (PhPoint) { waiting->x + hair[k].x,
                                                      waiting->y + hair[k].y }, &error);
            if (!done)
              g_test_message ("%s", error->message);
            g_clear_error (&error);
          }
        g_assert_true (done);
      }
      ph_test_run_until_idle ();
    }
  /* then the referee puts him in front of the enemy, base to base, facing him */
  ph_figure_get_base (man, &a);
  ph_figure_get_base (enemy, &b);
  moved = ph_figure_copy (man);
  moved->x = enemy->x - (a.width + b.width) / 2;
  moved->y = enemy->y;
  moved->facing = 90;
  g_assert_true (ph_document_game_referee_edit (t.document, "Move Anyway", &moved, 1, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();

  g_assert_cmpstr (ph_game_expected (t.game), ==, "melee");
  check_list_follows_bar (&t);
  want = g_strdup_printf ("hand-to-hand: %s is in contact with %s",
                          ph_figure_display_name (man), ph_figure_display_name (enemy));
  g_test_message ("bar: %s", gtk_label_get_label (t.window->turn_label));
  g_assert_nonnull (strstr (gtk_label_get_label (t.window->turn_label), want));
  /* the form is for him */
  fighter = ph_game_panel_get_argument (t.panel, "melee", "figure");
  g_assert_cmpstr (fighter, ==, man->id);

  /* picked, his enemy pinned on the map, he fights: then the side's go
   * ends */
  ph_test_click_figure (t.map, man, 0);
  ph_map_view_set_pinned_target (t.map, enemy);
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_panel_get_selected_action (t.panel), ==, "melee");
  g_assert_true (ph_game_panel_perform (t.panel, "melee", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_expected (t.game), ==, "end-activation");
  check_list_follows_bar (&t);
  ph_test_window_destroy (t.window);
}

/* "Nothing forces a man to move after rolling": picked while another man
 * who rolled is still to move, a man who has not rolled is offered his
 * roll (the trial's was given a Move form: "has not rolled his movement
 * dice yet"); the referee's move of the man who rolled is his move, and
 * the bar leads on (it kept "… rolled 11 in: drag him on the map") */
static void
test_turn_mayhem_rolled_then_referee (void)
{
  Turn t;
  g_autofree char *side = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhFigure) moved = NULL;
  PhFigure *rolled, *next = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  turn_open (&t, "musket-mayhem-fight-at-the-farmstead.xml", 11);
  side = mayhem_to_first_go (&t);
  g_assert_true (perform_with_any (&t, "roll-move", side));
  rolled = mayhem_waiting (&t, side);
  g_assert_nonnull (rolled);
  g_assert_cmpstr (ph_game_expected (t.game), ==, "move");
  for (guint i = 0; i < t.scenario->figures->len && next == NULL; i++)
    {
      PhFigure *f = g_ptr_array_index (t.scenario->figures, i);

      if (g_strcmp0 (f->side, side) == 0 && f != rolled && !ph_figure_is_off_table (f))
        next = f;
    }
  g_assert_nonnull (next);
  ph_test_click_figure (t.map, next, 0);
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_panel_get_selected_action (t.panel), ==, "roll-move");

  /* the referee moves the man who rolled an inch */
  moved = ph_figure_copy (rolled);
  moved->x += 1;
  g_assert_true (ph_document_game_referee_edit (t.document, "Move Anyway", &moved, 1, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_expected (t.game), ==, "roll-move");
  g_test_message ("bar: %s", gtk_label_get_label (t.window->turn_label));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (t.window->turn_label),
                                   "Next: Roll movement dice · "));
  g_assert_null (strstr (gtk_label_get_label (t.window->turn_label), "drag him on the map"));
  ph_test_window_destroy (t.window);
}

static gboolean
mapped_expander (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_EXPANDER (widget) && gtk_widget_get_mapped (widget);
}

/* The items of the drop-down beside the Game tab's label @name, "|"
 * after each */
static char *
drop_down_items (GtkWidget  *panel,
                 const char *name,
                 guint      *selected)
{
  GtkWidget *label = ph_test_find_widget (panel, GTK_TYPE_LABEL, name);
  GtkWidget *drop_down;
  GListModel *model;
  GString *out = g_string_new (NULL);

  g_assert_nonnull (label);
  drop_down = gtk_widget_get_next_sibling (label);
  g_assert_true (GTK_IS_DROP_DOWN (drop_down));
  model = gtk_drop_down_get_model (GTK_DROP_DOWN (drop_down));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      g_string_append_printf (out, "%s|", gtk_string_object_get_string (item));
    }
  if (selected != NULL)
    *selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (drop_down));
  return g_string_free (out, FALSE);
}

/* The roll form: the terrain in the rules' words, put back to its default
 * after each roll (the trial's "difficult" for Tubbs stayed for Smith and
 * Fane); the horse's dice default worded as the rules take them for the
 * man (Cornet Fane, mounted in the open: "Default (No)", and the roll
 * added +2d6) */
static void
test_turn_mayhem_roll_form (void)
{
  Turn t;
  g_autofree char *side = NULL;
  g_autofree char *terrain = NULL;
  g_autofree char *mounted = NULL;
  g_autofree char *left = NULL;
  g_autoptr(GError) error = NULL;
  PhFigure *rider = NULL, *walker = NULL;
  guint selected;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  turn_open (&t, "musket-mayhem-fight-at-the-farmstead.xml", 11);
  side = mayhem_to_first_go (&t);
  for (guint i = 0; i < t.scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (t.scenario->figures, i);

      if (ph_figure_is_off_table (f))
        continue;
      /* Cornet Fane, of either side: the form says what the rules take */
      if (f->mounted && rider == NULL)
        rider = f;
      else if (!f->mounted && walker == NULL && g_strcmp0 (f->side, side) == 0)
        walker = f;
    }
  g_assert_nonnull (walker);
  g_assert_nonnull (rider);

  ph_test_click_figure (t.map, walker, 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_select_action (t.panel, "roll-move"));
  ph_test_run_until_idle ();
  terrain = drop_down_items (GTK_WIDGET (t.panel), "Terrain", NULL);
  {
    /* the ground he stands on, in the same words */
    g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
    g_autofree char *ground = NULL;
    g_autofree char *want = NULL;

    g_hash_table_insert (args, "figure", walker->id);
    ground = ph_game_arg_default (t.game, "roll-move", "terrain", args);
    g_assert_nonnull (ground);
    want = g_strdup_printf ("Default (%s)|Open ground|Woods|"
                            "Difficult: crossing an obstacle or delaying terrain|",
                            g_str_equal (ground, "open") ? "Open ground"
                            : g_str_equal (ground, "woods") ? "Woods"
                            : "Difficult: crossing an obstacle or delaying terrain");
    g_assert_cmpstr (terrain, ==, want);
  }
  {
    GtkWidget *more = ph_test_find_descendant (GTK_WIDGET (t.panel), mapped_expander, NULL);

    g_assert_nonnull (more);
    gtk_expander_set_expanded (GTK_EXPANDER (more), TRUE);
    ph_test_run_until_idle ();
  }
  mounted = drop_down_items (GTK_WIDGET (t.panel), "Mounted, in the open", &selected);
  g_assert_cmpstr (mounted, ==, "Default (No)|Yes|No|");

  /* difficult ground for him, and only for him */
  g_assert_true (ph_game_panel_set_argument (t.panel, "roll-move", "terrain", "difficult"));
  g_assert_true (ph_game_panel_perform (t.panel, "roll-move", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_nonnull (strstr (ph_game_get_event (t.game, ph_game_get_position (t.game) - 1)->text,
                            "1d6 crossing an obstacle"));
  left = ph_game_panel_get_argument (t.panel, "roll-move", "terrain");
  g_assert_null (left);

    {
      g_clear_pointer (&mounted, g_free);
      ph_test_click_figure (t.map, rider, 0);
      ph_test_run_until_idle ();
      g_assert_true (ph_game_panel_select_action (t.panel, "roll-move"));
      ph_test_run_until_idle ();
      mounted = drop_down_items (GTK_WIDGET (t.panel), "Mounted, in the open", &selected);
      g_assert_cmpstr (mounted, ==, "Default (Yes)|Yes|No|");
      g_assert_cmpuint (selected, ==, 0);
    }
  ph_test_window_destroy (t.window);
}

static void
test_turn_mayhem (void)
{
  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  play_first_turn ("musket-mayhem-fight-at-the-farmstead.xml", 11, TRUE, step_mayhem);
}

static void
test_turn_firelock (void)
{
  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  play_first_turn ("firelock-bloody-run-1758.xml", 1758, FALSE, step_firelock);
}

static void
test_turn_fistful (void)
{
  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  play_first_turn ("fistful-north-bridge-1775.xml", 1775, FALSE, step_fistful);
}

static void
test_turn_guns_of_war (void)
{
  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  play_first_turn ("guns-of-war-tithe-barn.xml", 1746, TRUE, step_guns_of_war);
}

static void
test_turn_featherstone (void)
{
  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  play_first_turn ("featherstone-cacabelos-1809.xml", 1809, TRUE, step_featherstone);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/turn/musket-mayhem", test_turn_mayhem);
  g_test_add_func ("/app/turn/musket-mayhem-melee-lead", test_turn_mayhem_melee_lead);
  g_test_add_func ("/app/turn/musket-mayhem-rolled-then-referee",
                   test_turn_mayhem_rolled_then_referee);
  g_test_add_func ("/app/turn/musket-mayhem-roll-form", test_turn_mayhem_roll_form);
  g_test_add_func ("/app/turn/firelock", test_turn_firelock);
  g_test_add_func ("/app/turn/fistful", test_turn_fistful);
  g_test_add_func ("/app/turn/fistful-reload-leads", test_turn_fistful_reload_leads);
  g_test_add_func ("/app/turn/guns-of-war", test_turn_guns_of_war);
  g_test_add_func ("/app/turn/guns-of-war-list-follows-bar", test_turn_guns_of_war_list_follows_bar);
  g_test_add_func ("/app/turn/featherstone", test_turn_featherstone);
  return ph_test_app_run ();
}
