/* test-app-fire.c: loading and shooting in a Firelock game as the window
 * offers them: the map's Load item paid in IPs, the Fire tab's reasons
 * and chances, the Game tab's Shoot form
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips.
 */
#include <string.h>

#include "ph-map-view-private.h"
#include "ph-shot-controller.h"
#include "ph-game-panel.h"
#include "ph-shot-panel.h"
#include "ph-test-app.h"
#include "ph-window-private.h"

/* The right-click menu on @figure (selected first), its labels in
 * @labels; returns its model (the popover's) */
static GMenuModel *
figure_menu (PhMapView *map,
             PhFigure  *figure,
             GString   *labels)
{
  GMenuModel *model = ph_test_figure_menu (map, figure);

  g_string_truncate (labels, 0);
  ph_test_menu_labels (model, labels);
  g_test_message ("menu:\n%s", labels->str);
  return model;
}

/* Every weapon on the table fired (unloaded) when @unload, then a game
 * where a man whose first weapon is a musket (@id when not NULL) acts with
 * 6 IPs or more: the first seed that gives it (searched on a copy),
 * played in @document. Returns him. */
static PhFigure *
start_with_acting_musketeer (PhDocument *document,
                             gboolean    unload,
                             const char *id)
{
  PhScenario *scenario = ph_document_get_scenario (document);
  PhFigure *man = NULL;

  for (guint i = 0; unload && i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      for (guint k = 0; k < figure->weapons->len; k++)
        g_array_index (figure->weapons, PhWeapon, k).loaded = FALSE;
    }
  for (guint32 seed = 1; seed < 200 && man == NULL; seed++)
    {
      g_autoptr(PhScenario) copy = ph_scenario_copy (scenario);
      g_autoptr(PhGame) trial = ph_game_new (copy, seed);
      const char *none[] = { NULL };

      g_assert_true (ph_game_perform_argv (trial, "draw-card", none, NULL));
      for (guint i = 0; i < copy->figures->len; i++)
        {
          PhFigure *figure = g_ptr_array_index (copy->figures, i);
          g_autofree char *arg = g_strdup_printf ("figure=%s", figure->id);
          const char *args[] = { arg, NULL };

          if (figure->weapons->len == 0
              || g_array_index (figure->weapons, PhWeapon, 0).kind != PH_WEAPON_MUSKET
              || (id != NULL && g_strcmp0 (figure->id, id) != 0))
            continue;
          if (ph_game_perform_argv (trial, "roll-ips", args, NULL))
            {
              if (ph_game_get_figure_var_int (trial, figure->id, "ips", 0) >= 6)
                {
                  g_autoptr(GError) error = NULL;
                  g_autoptr(GHashTable) none_args = g_hash_table_new (g_str_hash, g_str_equal);
                  g_autoptr(GHashTable) roll = g_hash_table_new (g_str_hash, g_str_equal);

                  man = ph_scenario_find_figure (scenario, figure->id);
                  g_assert_true (ph_document_start_game (document, seed, &error));
                  g_assert_no_error (error);
                  g_assert_true (ph_document_game_perform (document, "draw-card", none_args,
                                                           &error));
                  g_assert_no_error (error);
                  g_hash_table_insert (roll, "figure", man->id);
                  g_assert_true (ph_document_game_perform (document, "roll-ips", roll, &error));
                  g_assert_no_error (error);
                }
              break;
            }
        }
    }
  g_assert_nonnull (man);
  return man;
}

/* Firelock: the referee's trial loaded Capt. John Stark's musket from the
 * map's free "Loaded (every weapon)" mark in a game, a referee's edit
 * that cost him nothing where the rules make loading cost IPs. In a game
 * his menu now offers the rules' Load, with its price ("Load (musket,
 * 6 IPs)"), performed as the Game tab's Perform does: logged and paid;
 * once loaded, greyed with the rules' reason. The free mark stays, named
 * the referee's; out of a game it is the mark it was. */
static void
test_load_paid_in_game (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map;
  PhScenario *scenario;
  PhGame *game = NULL;
  PhFigure *man = NULL;
  GMenuModel *model;
  g_autoptr(GString) labels = g_string_new (NULL);
  g_autofree char *label = NULL;
  g_autofree char *want = NULL;
  const PhEvent *event;
  guint before;
  int ips;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on (PH_TEST_EXAMPLE_FIRELOCK);
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  ph_test_wait_drawn (GTK_WIDGET (map));

  /* out of a game: the mark as it was, and no Load step */
  man = ph_scenario_find_figure (scenario, "stark");
  model = figure_menu (map, man, labels);
  g_assert_nonnull (strstr (labels->str, "Loaded (every weapon)\n"));
  g_assert_null (strstr (labels->str, "referee"));
  g_assert_false (ph_test_menu_performs (model, "load", NULL, NULL));
  ph_test_close_menu (map);
  man = NULL;

  /* every musket fired; a game where a man with a musket acts with 6
   * IPs or more */
  man = start_with_acting_musketeer (document, TRUE, NULL);
  game = ph_document_get_game (document);
  g_assert_nonnull (man);
  ips = ph_game_get_figure_var_int (game, man->id, "ips", 0);
  g_test_message ("%s acts with %d IPs", ph_figure_display_name (man), ips);

  /* his menu: the rules' Load, priced; the free mark named the referee's */
  model = figure_menu (map, man, labels);
  g_assert_true (ph_test_menu_performs (model, "load", &label, NULL));
  g_assert_cmpstr (label, ==, "Load (musket, 6 IPs)");
  g_assert_nonnull (strstr (labels->str, "Loaded (referee, free)\n"));
  g_assert_null (strstr (labels->str, "Loaded (every weapon)"));
  ph_test_close_menu (map);

  /* chosen: the step the Game tab performs, logged and paid */
  before = ph_game_get_position (game);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.game-action",
                                             "(sssba{ss})", "load", man->id, "", FALSE, NULL));
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, before + 1);
  event = ph_game_get_event (game, before);
  g_assert_cmpstr (event->kind, ==, "load");
  g_test_message ("%s", event->text);
  want = g_strdup_printf ("%s puts 6 IPs into loading his musket (6 of 6): loaded",
                          ph_figure_display_name (man));
  g_assert_true (g_str_has_prefix (event->text, want));
  g_assert_cmpint (ph_game_get_figure_var_int (game, man->id, "ips", 0), ==, ips - 6);
  g_assert_true (g_array_index (man->weapons, PhWeapon, 0).loaded);

  /* loaded: nothing to load, so no load item, not even a greyed one
   * (every loaded man's menu said "Cannot load: … already loaded", now "Load refused: …") */
  model = figure_menu (map, man, labels);
  g_assert_false (ph_test_menu_performs (model, "load", NULL, NULL));
  g_assert_null (strstr (labels->str, "Load refused"));
  g_assert_null (strstr (labels->str, "Load ("));
  g_assert_nonnull (strstr (labels->str, "Loaded (referee, free)\n"));
  ph_test_close_menu (map);
  ph_test_window_destroy (window);
}

/* The mapped labels below @root, one a line, in @out */
static void
mapped_labels (GtkWidget *root,
               GString   *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_get_mapped (child))
        continue;
      if (GTK_IS_LABEL (child))
        g_string_append_printf (out, "%s\n", gtk_label_get_label (GTK_LABEL (child)));
      mapped_labels (child, out);
    }
}

/* How many lines of @text start with "✗ " and hold @part: the Fire
 * tab's reasons (the list of enemies below says its own) */
static guint
count_lines_with (const char *text,
                  const char *part)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "✗ ") && strstr (lines[i], part) != NULL)
      n++;
  return n;
}

/* The first figure of another side than @figure's */
static PhFigure *
an_enemy_of (PhScenario *scenario,
             PhFigure   *figure)
{
  PhFigure *enemy = ph_test_find_figure (scenario, figure->side);

  g_assert_nonnull (enemy);
  return enemy;
}

/* Firelock: the Fire tab said why a shot cannot be fired twice: "✗ the
 * musket is not loaded", then "✗ Not now in this game: Capt. John
 * Stark's musket is not loaded". Once now (a refusal of the game's own,
 * "already fired this phase", is still said: test-app-game's
 * /app/game/fire-tab-follows-game) */
static void
test_fire_tab_reason_once (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map;
  PhScenario *scenario;
  PhShotController *shot;
  PhFigure *man, *enemy;
  g_autoptr(GString) labels = g_string_new (NULL);

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on (PH_TEST_EXAMPLE_FIRELOCK);
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  shot = ph_document_get_shot_controller (document);
  ph_test_wait_drawn (GTK_WIDGET (map));
  man = start_with_acting_musketeer (document, TRUE, NULL);
  enemy = an_enemy_of (scenario, man);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "shot"));
  ph_test_click_figure (map, man, 0);
  ph_map_view_set_pinned_target (map, enemy);
  ph_test_run_until_idle ();
  g_assert_true (ph_shot_controller_get_target (shot) == enemy);
  /* the game refuses it, for the reason the engine gives */
  g_assert_nonnull (ph_shot_controller_get_game_note (shot));
  g_test_message ("game: %s", ph_shot_controller_get_game_note (shot));
  g_assert_true (g_str_has_suffix (ph_shot_controller_get_game_note (shot),
                                   "musket is not loaded"));
  mapped_labels (GTK_WIDGET (window->shot_panel), labels);
  g_test_message ("Fire tab:\n%s", labels->str);
  g_assert_nonnull (strstr (labels->str, "✗ the musket is not loaded\n"));
  g_assert_cmpuint (count_lines_with (labels->str, "is not loaded"), ==, 1);
  g_assert_null (strstr (labels->str, "Not now in this game"));
  ph_test_window_destroy (window);
}

/* Firelock: "27% to hit" took the roll to spot (acquire) the target,
 * with nothing saying so. Capt. John Stark at Sgt. Dubois in the Widow
 * Tucker's cabin, who has not fired: "a result of 8 or better" on a d10
 * to acquire him (no modifier: 30%), said in the Fire tab and on the
 * right-click's shot; at Ens. Joseph Marin behind the Old Stone Wall
 * (works: acquired as in the open) nothing is said */
static void
test_spotting_said (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map;
  PhScenario *scenario;
  PhShotController *shot;
  PhFigure *stark, *dubois, *marin;
  GtkWidget *popover;
  GMenuModel *model;
  g_autofree char *label = NULL;
  g_autoptr(GString) labels = g_string_new (NULL);
  const char *note = "spotting him first, 8+ on a d10, then the shot";

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on (PH_TEST_EXAMPLE_FIRELOCK);
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  shot = ph_document_get_shot_controller (document);
  stark = ph_scenario_find_figure (scenario, "stark");
  dubois = ph_scenario_find_figure (scenario, "dubois");
  marin = ph_scenario_find_figure (scenario, "marin");
  ph_test_wait_drawn (GTK_WIDGET (map));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "shot"));

  /* the Fire tab */
  ph_test_click_figure (map, stark, 0);
  ph_map_view_set_pinned_target (map, dubois);
  ph_test_run_until_idle ();
  g_assert_true (ph_shot_controller_get_target (shot) == dubois);
  g_assert_cmpfloat_with_epsilon (ph_shot_controller_get_assessment (shot)->p_hit, 0.255, 1e-9);
  mapped_labels (GTK_WIDGET (window->shot_panel), labels);
  g_test_message ("Fire tab:\n%s", labels->str);
  g_assert_nonnull (strstr (labels->str, "\nTo hit: spotting him first, 8+ on a d10, then the shot\n"));
  ph_map_view_set_pinned_target (map, marin);
  ph_test_run_until_idle ();
  g_assert_true (ph_shot_controller_get_target (shot) == marin);
  g_string_truncate (labels, 0);
  mapped_labels (GTK_WIDGET (window->shot_panel), labels);
  g_assert_null (strstr (labels->str, "To hit:"));
  g_assert_null (strstr (labels->str, "spotting him first"));

  /* the right-click's shot, in a game where he acts */
  g_assert_true (start_with_acting_musketeer (document, FALSE, "stark") == stark);
  ph_test_click_figure (map, stark, 0);
  ph_map_view_set_pinned_target (map, dubois);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_popup_target_menu (map, dubois, 100, 100));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  g_assert_true (ph_test_menu_performs (model, "shoot", &label, NULL));
  g_strdelimit (label, "\n", ' ');
  g_test_message ("%s", label);
  {
    g_autofree char *want = g_strdup_printf ("%% to hit (%s)", note);

    g_assert_nonnull (strstr (label, want));
  }
  ph_test_close_menu (map);
  ph_test_window_destroy (window);
}

static gboolean
check_labelled (GtkWidget     *widget,
                gconstpointer  label)
{
  return GTK_IS_CHECK_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), label) == 0;
}

/* The trial's item said the paid spotting twice, "Shoot at Gros Ours (Pay
 * to spot (+5 to acquire), to acquire: paid to spot (2 IPs) +5, result:
 * …)": the spotting he pays for goes into the item's name, with its
 * price, and its +5 is not listed again */
static void
test_paid_spotting_said_once (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map;
  PhScenario *scenario;
  PhFigure *stark, *gros_ours;
  GtkWidget *popover, *check;
  GMenuModel *model;
  g_autofree char *label = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on (PH_TEST_EXAMPLE_FIRELOCK);
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  stark = ph_scenario_find_figure (scenario, "stark");
  gros_ours = ph_scenario_find_figure (scenario, "gros_ours");
  ph_test_wait_drawn (GTK_WIDGET (map));
  g_assert_true (start_with_acting_musketeer (document, FALSE, "stark") == stark);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "shot"));
  ph_test_click_figure (map, stark, 0);
  ph_map_view_set_pinned_target (map, gros_ours);
  ph_test_run_until_idle ();
  check = ph_test_find_descendant (GTK_WIDGET (window), check_labelled,
                                   "Pay to spot (+5 to acquire)");
  g_assert_nonnull (check);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  ph_test_run_until_idle ();

  g_assert_true (ph_map_view_popup_target_menu (map, gros_ours, 100, 100));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  g_assert_true (ph_test_menu_performs (model, "shoot", &label, NULL));
  g_strdelimit (label, "\n", ' ');
  g_test_message ("%s", label);
  /* Stark, a light infantryman, pays 2 IPs; 8 - 5 = 3+ to acquire (80%)
   * at Gros Ours in Hemlock Wood (-3 on the result), 50% of 80% = 40% */
  g_assert_cmpstr (label, ==, "Shoot at Gros Ours, paying 2 IPs to spot (result: target in "
                   "woods -3, 40% to hit (spotting him first, 3+ on a d10, then the shot), "
                   "4% to wound)");
  ph_test_close_menu (map);
  ph_test_window_destroy (window);
}

static gboolean
mapped_expander (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_EXPANDER (widget) && gtk_widget_get_mapped (widget);
}

/* The items of the drop-down beside the Game tab's label @name */
static char *
drop_down_items (GtkWidget  *panel,
                 const char *name)
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
  return g_string_free (out, FALSE);
}

/* Firelock's Shoot form read "Aim: Default (none)" beside lower-case
 * choices and "At: Default (the rules decide)": now as a player says
 * them, and what the rules pick for At ("pick to hit either the horse or
 * rider if you aimed ... Otherwise, roll d6: 1-4 horse") */
static void
test_shoot_form_words (void)
{
  PhWindow *window;
  PhDocument *document;
  GtkWidget *panel;
  g_autoptr(GError) error = NULL;
  g_autofree char *aim = NULL;
  g_autofree char *at = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on (PH_TEST_EXAMPLE_FIRELOCK);
  document = ph_window_get_document (window);
  g_assert_true (ph_document_start_game (document, 1, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "game"));
  panel = ph_test_window_panel (window, PH_TYPE_GAME_PANEL);
  g_assert_true (ph_game_panel_select_action (PH_GAME_PANEL (panel), "shoot"));
  ph_test_run_until_idle ();
  aim = drop_down_items (panel, "Aim");
  {
    GtkWidget *more = ph_test_find_descendant (panel, mapped_expander, NULL);

    g_assert_nonnull (more);
    gtk_expander_set_expanded (GTK_EXPANDER (more), TRUE);
    ph_test_run_until_idle ();
  }
  at = drop_down_items (panel, "At");
  g_assert_cmpstr (aim, ==, "Default (None)|None|Aim (2 IPs)|Careful aim (4 IPs)|");
  g_assert_cmpstr (at, ==, "Default (the rider if aimed, else a d6: 1-4 the horse)|The horse|The rider|");
  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/fire/load-paid-in-game", test_load_paid_in_game);
  g_test_add_func ("/app/fire/reason-once", test_fire_tab_reason_once);
  g_test_add_func ("/app/fire/spotting-said", test_spotting_said);
  g_test_add_func ("/app/fire/paid-spotting-said-once", test_paid_spotting_said_once);
  g_test_add_func ("/app/fire/shoot-form-words", test_shoot_form_words);
  return ph_test_app_run ();
}
