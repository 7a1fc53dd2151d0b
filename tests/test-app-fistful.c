/* test-app-fistful.c: a Fistful of Lead game as the window offers it: the
 * map's menus (a seven's re-roll, activation on a man's own menu, the
 * one-eyed jack said once), the turn bar's aces and the Recover form
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hands are entered with the referee's "Enter a hand" so that each test
 * knows its cards. Under a display (xvfb-run -a); without one every test
 * skips.
 */
#include <math.h>
#include <string.h>

#include "ph-game-panel.h"
#include "ph-map-view-private.h"
#include "ph-test-app.h"
#include "ph-window-private.h"

typedef struct
{
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  PhMapView *map;
  PhGamePanel *panel;
  PhGame *game;
} Game;

static void
game_open (Game *g)
{
  g_autoptr(GError) error = NULL;

  memset (g, 0, sizeof *g);
  g->window = ph_test_window_new_on ("fistful-north-bridge-1775.xml");
  g->document = ph_window_get_document (g->window);
  g->scenario = ph_document_get_scenario (g->document);
  g->map = ph_window_get_map_view (g->window);
  g->panel = PH_GAME_PANEL (ph_test_find_widget (GTK_WIDGET (g->window), PH_TYPE_GAME_PANEL, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (g->window), "win.show-panel", "s", "game"));
  g_assert_true (ph_document_start_game (g->document, 1775, &error));
  g_assert_no_error (error);
  g->game = ph_document_get_game (g->document);
  ph_test_run_until_idle ();
}

/* One step, "name=value" pairs after the action, NULL-ended */
static void
step (Game       *g,
      const char *action,
      ...)
{
  g_autoptr(GHashTable) args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GError) error = NULL;
  const char *pair;
  va_list ap;

  va_start (ap, action);
  while ((pair = va_arg (ap, const char *)) != NULL)
    {
      const char *eq = strchr (pair, '=');

      g_hash_table_insert (args, g_strndup (pair, eq - pair), g_strdup (eq + 1));
    }
  va_end (ap);
  g_assert_true (ph_document_game_perform (g->document, action, args, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
}

/* Every item of @model (sections too): its label, one a line, each
 * label's own line breaks read as spaces, and "[action {k=v}]" after a
 * game step's */
static void
menu_text (GMenuModel *model,
           GString    *out)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autoptr(GVariant) target = NULL;
      g_autofree char *label = NULL;

      if (section != NULL)
        {
          menu_text (section, out);
          continue;
        }
      if (!g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        continue;
      g_strdelimit (label, "\n", ' ');
      g_string_append (out, label);
      target = g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, NULL);
      if (target != NULL && g_variant_is_of_type (target, G_VARIANT_TYPE ("(sssba{ss})")))
        {
          g_autoptr(GVariant) set = g_variant_get_child_value (target, 4);
          const char *name, *k, *v;
          GVariantIter iter;

          g_variant_get_child (target, 0, "&s", &name);
          g_string_append_printf (out, " [%s", name);
          g_variant_iter_init (&iter, set);
          while (g_variant_iter_next (&iter, "{&s&s}", &k, &v))
            g_string_append_printf (out, " %s=%s", k, v);
          g_string_append (out, "]");
        }
      g_string_append_c (out, '\n');
    }
}

/* The item of @model whose label starts with @prefix, activated */
static gboolean
activate_item (Game       *g,
               GMenuModel *model,
               const char *prefix)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autoptr(GVariant) target = NULL;
      g_autofree char *label = NULL;

      if (section != NULL)
        {
          if (activate_item (g, section, prefix))
            return TRUE;
          continue;
        }
      if (!g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        continue;
      g_strdelimit (label, "\n", ' ');
      target = g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, NULL);
      if (!g_str_has_prefix (label, prefix) || target == NULL)
        continue;
      return gtk_widget_activate_action_variant (GTK_WIDGET (g->window), "win.game-action",
                                                 target);
    }
  return FALSE;
}

static GMenuModel *
shown_menu (Game    *g,
            GString *text)
{
  GtkWidget *popover;
  GMenuModel *model;

  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (g->map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  g_string_truncate (text, 0);
  menu_text (model, text);
  g_test_message ("menu:\n%s", text->str);
  return model;
}

static void
close_menu (Game *g)
{
  ph_test_close_menu (g->map);
}

/* @figure picked, @target right-clicked: the menu of what he can do */
static GMenuModel *
target_menu (Game     *g,
             PhFigure *figure,
             PhFigure *target,
             GString  *text)
{
  ph_test_click_figure (g->map, figure, 0);
  ph_map_view_set_pinned_target (g->map, target);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_popup_target_menu (g->map, target, 50, 50));
  return shown_menu (g, text);
}

/* @figure picked and right-clicked: his own menu */
static GMenuModel *
own_menu (Game     *g,
          PhFigure *figure,
          GString  *text)
{
  double x, y;

  ph_test_click_figure (g->map, figure, 0);
  ph_test_run_until_idle ();
  ph_test_figure_widget_point (g->map, figure, &x, &y);
  ph_map_view_secondary_click (g->map, x, y);
  return shown_menu (g, text);
}

static const char *
last_text (Game *g)
{
  return ph_game_get_event (g->game, ph_game_get_position (g->game) - 1)->text;
}

static guint
count (const char *haystack,
       const char *needle)
{
  g_autofree char *folded = g_utf8_casefold (haystack, -1);
  guint n = 0;

  for (const char *p = strstr (folded, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* "One-Eyed Jacks ... +1 to hit in Shooting": Reuben Brown, activated
 * with the Jack of Hearts, at Lt. Sutherland; the item listed it twice,
 * "(One-eyed jack (+1), …, one-eyed jack +1, 40% to hit)" */
static void
test_one_eyed_jack_once (void)
{
  Game g;
  g_autoptr(GString) text = g_string_new (NULL);
  PhFigure *brown, *sutherland;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  game_open (&g);
  brown = ph_scenario_find_figure (g.scenario, "brown");
  sutherland = ph_scenario_find_figure (g.scenario, "sutherland");
  step (&g, "set-hand", "side=minutemen", "cards=JH", NULL);
  step (&g, "set-hand", "side=light_bobs", "cards=5C", NULL);
  step (&g, "call", NULL);
  step (&g, "activate", "figure=brown", NULL);
  target_menu (&g, brown, sutherland, text);
  g_assert_nonnull (strstr (text->str, "Shoot at Lt. William Sutherland ("));
  g_assert_cmpuint (count (text->str, "one-eyed jack"), ==, 1);
  g_assert_nonnull (strstr (text->str, "one-eyed jack +1"));
  close_menu (&g);
  ph_test_window_destroy (g.window);
}

/* "Sevens ... may re-roll any one die result this turn": Sutherland,
 * activated with the Seven of Hearts, is offered the shot at Capt.
 * Davis with the re-roll kept for a miss, its odds 1 - (1 - p)^2 for one
 * d10; choosing it fires with the re-roll. Kelly, with a five, is not. */
static void
test_seven_reroll_on_map (void)
{
  Game g;
  g_autoptr(GString) text = g_string_new (NULL);
  PhFigure *sutherland, *davis, *kelly;
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhAssessment) a = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *kept = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  game_open (&g);
  sutherland = ph_scenario_find_figure (g.scenario, "sutherland");
  davis = ph_scenario_find_figure (g.scenario, "davis");
  kelly = ph_scenario_find_figure (g.scenario, "kelly");
  step (&g, "set-hand", "side=light_bobs", "cards=7H 5C", NULL);
  step (&g, "set-hand", "side=minutemen", "cards=3D", NULL);
  step (&g, "call", NULL);
  step (&g, "activate", "figure=sutherland", NULL);
  ph_game_shot_options (g.game, sutherland, davis, &options);
  a = ph_engine_assess_figures (g.scenario, sutherland, davis, &options, NULL);
  g_assert_nonnull (a);
  g_assert_true (a->can_fire);
  plain = g_strdup_printf ("%.0f%% to hit)", a->p_hit * 100);
  kept = g_strdup_printf ("Shoot at Capt. Isaac Davis, re-roll kept for a miss (%.0f%% to hit) "
                          "[shoot reroll=true]",
                          (1 - (1 - a->p_hit) * (1 - a->p_hit)) * 100);
  target_menu (&g, sutherland, davis, text);
  g_assert_nonnull (strstr (text->str, plain));
  g_assert_nonnull (strstr (text->str, kept));
  /* the plain shot keeps the re-roll */
  g_assert_nonnull (strstr (text->str, "to hit) [shoot reroll=]"));
  g_assert_true (activate_item (&g, gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (
                   ph_test_find_descendant (GTK_WIDGET (g.map), ph_test_popover_mapped, NULL))),
                                "Shoot at Capt. Isaac Davis, re-roll"));
  close_menu (&g);
  g_test_message ("%s", last_text (&g));
  g_assert_cmpstr (ph_game_get_event (g.game, ph_game_get_position (g.game) - 1)->kind, ==,
                   "shoot");
  /* asked for: used if he missed, kept if he hit */
  if (strstr (last_text (&g), "re-rolled") != NULL)
    g_assert_cmpstr (ph_game_get_figure_var (g.game, "sutherland", "reroll"), ==, "used");
  else
    g_assert_cmpstr (ph_game_get_figure_var (g.game, "sutherland", "reroll"), ==, "available");

  /* a five: no re-roll offered */
  step (&g, "end-activation", NULL);
  step (&g, "call", NULL);
  step (&g, "activate", "figure=kelly", NULL);
  target_menu (&g, kelly, davis, text);
  g_assert_nonnull (strstr (text->str, "Shoot at Capt. Isaac Davis"));
  g_assert_null (strstr (text->str, "re-roll"));
  close_menu (&g);
  ph_test_window_destroy (g.window);
}

/* "An Ace is wild ... It must, however, be played in sequence": Kings!
 * called, no King held, the Minutemen's Ace of Clubs may be laid down as
 * one; the bar said only "Next: Call the next rank" */
static void
test_bar_offers_ace (void)
{
  Game g;
  const char *bar;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  game_open (&g);
  step (&g, "set-hand", "side=minutemen", "cards=AC 5D", NULL);
  step (&g, "set-hand", "side=light_bobs", "cards=QS 5C", NULL);
  step (&g, "call", NULL);
  g_assert_cmpstr (ph_game_get_var (g.game, "call"), ==, "K");
  g_assert_cmpstr (ph_game_expected (g.game), ==, "call");
  bar = gtk_label_get_label (g.window->turn_label);
  g_test_message ("bar: %s", bar);
  g_assert_true (g_str_has_prefix (bar, "Next: Call the next rank · "));
  g_assert_true (g_str_has_suffix (bar, " · or lay down the Ace of Clubs as a King (Concord and Acton Minutemen)"));
  /* laid down, nothing more to say of it */
  step (&g, "declare-ace", "side=minutemen", "as=KS", NULL);
  bar = gtk_label_get_label (g.window->turn_label);
  g_test_message ("bar: %s", bar);
  g_assert_null (strstr (bar, "lay down"));
  ph_test_window_destroy (g.window);
}

/* A form's widget shown now */
static gboolean
mapped_spin (GtkWidget     *widget,
             gconstpointer  data)
{
  return GTK_IS_SPIN_BUTTON (widget) && gtk_widget_get_mapped (widget);
}

static gboolean
mapped_label (GtkWidget     *widget,
              gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), data) == 0;
}

/* Recover: "Needs" shows what the roll will take (6, our default; it
 * showed 0), and Reroll is offered only to a man activated with a seven
 * (it was to Lt. Gould, activated with a King) */
static void
test_recover_form (void)
{
  Game g;
  PhFigure *gould, *sutherland;
  GtkWidget *spin;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  game_open (&g);
  gould = ph_scenario_find_figure (g.scenario, "gould");
  sutherland = ph_scenario_find_figure (g.scenario, "sutherland");
  step (&g, "set-hand", "side=light_bobs", "cards=KS 7S", NULL);
  step (&g, "set-hand", "side=minutemen", "cards=3D", NULL);
  step (&g, "referee", "figure=sutherland", "wounds=1", NULL);
  step (&g, "call", NULL);
  step (&g, "activate", "figure=gould", NULL);
  ph_test_click_figure (g.map, gould, 0);
  g_assert_true (ph_game_panel_select_action (g.panel, "recover"));
  ph_test_run_until_idle ();
  spin = ph_test_find_descendant (GTK_WIDGET (g.panel), mapped_spin, NULL);
  g_assert_nonnull (spin);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 6);
  g_assert_null (ph_test_find_descendant (GTK_WIDGET (g.panel), mapped_label, "Reroll"));
  g_assert_true (ph_game_panel_perform (g.panel, "recover", NULL));
  ph_test_run_until_idle ();
  g_test_message ("%s", last_text (&g));
  {
    const PhEvent *event = ph_game_get_event (g.game, ph_game_get_position (g.game) - 1);
    const PhRoll *roll;

    g_assert_cmpstr (event->kind, ==, "recover");
    g_assert_cmpuint (event->rolls->len, ==, 1);
    roll = g_ptr_array_index (event->rolls, 0);
    /* the number the form showed is the one the roll took */
    g_assert_nonnull (strstr (roll->purpose, "needs 6"));
  }

  step (&g, "end-activation", NULL);
  step (&g, "call", NULL);
  step (&g, "activate", "figure=sutherland", NULL);
  ph_test_click_figure (g.map, sutherland, 0);
  g_assert_true (ph_game_panel_select_action (g.panel, "recover"));
  ph_test_run_until_idle ();
  g_assert_nonnull (ph_test_find_descendant (GTK_WIDGET (g.panel), mapped_label, "Reroll"));
  ph_test_window_destroy (g.window);
}

/* A right-click on one's own man whose card is up: "Activate with the
 * card up (7♥)" on his menu, which logs the activation; not on a man of
 * the other side */
static void
test_activate_on_menu (void)
{
  Game g;
  g_autoptr(GString) text = g_string_new (NULL);
  PhFigure *sutherland, *davis;
  GMenuModel *model;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  game_open (&g);
  sutherland = ph_scenario_find_figure (g.scenario, "sutherland");
  davis = ph_scenario_find_figure (g.scenario, "davis");
  step (&g, "set-hand", "side=light_bobs", "cards=7H 5C", NULL);
  step (&g, "set-hand", "side=minutemen", "cards=3D", NULL);
  step (&g, "call", NULL);
  own_menu (&g, davis, text);
  g_assert_null (strstr (text->str, "Activate"));
  close_menu (&g);
  model = own_menu (&g, sutherland, text);
  g_assert_nonnull (strstr (text->str, "Activate with the card up (7♥) [activate]"));
  g_assert_true (activate_item (&g, model, "Activate"));
  close_menu (&g);
  g_test_message ("%s", last_text (&g));
  g_assert_cmpstr (ph_game_get_var (g.game, "active"), ==, "sutherland");
  g_assert_nonnull (strstr (last_text (&g), "Lt. William Sutherland activated"));
  ph_test_window_destroy (g.window);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/fistful/one-eyed-jack-once", test_one_eyed_jack_once);
  g_test_add_func ("/app/fistful/seven-reroll-on-map", test_seven_reroll_on_map);
  g_test_add_func ("/app/fistful/bar-offers-ace", test_bar_offers_ace);
  g_test_add_func ("/app/fistful/recover-form", test_recover_form);
  g_test_add_func ("/app/fistful/activate-on-menu", test_activate_on_menu);
  return ph_test_app_run ();
}
