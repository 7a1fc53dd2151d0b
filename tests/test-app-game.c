/* test-app-game.c: the game: the Game tab, its dice tray, its actions'
 * forms and log, undo and replay, under each ruleset that the tests reach
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips. Helpers in
 * ph-test-app.h.
 */
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ph-figure-panel.h"
#include "ph-game-args.h"
#include "ph-game-log.h"
#include "ph-game-move.h"
#include "ph-hex.h"
#include "ph-game-panel.h"
#include "ph-map-view-private.h"
#include "ph-scenario-values.h"
#include "ph-test-app.h"
#include "ph-window-private.h"
#include "ph-shot-panel.h"

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
  return ph_test_find_descendant (root, has_icon, icon);
}

static PhGamePanel *
game_panel_of (PhWindow *window)
{
  GtkWidget *panel = ph_test_find_widget (GTK_WIDGET (window), PH_TYPE_GAME_PANEL, NULL);

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
  start = ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_BUTTON, "_Start Game");
  g_assert_nonnull (start);
  PH_TEST_WAIT_UNTIL (gtk_widget_get_mapped (start));
  g_signal_emit_by_name (start, "clicked");
  ph_test_run_until_idle ();
  g_assert_nonnull (ph_document_get_game (document));
  g_assert_false (gtk_widget_get_mapped (start));
  return panel;
}

/* Opens @example with the Game tab shown; its panel in @panel */
static PhWindow *
window_on_game_tab (const char   *example,
                    PhGamePanel **panel)
{
  PhWindow *window = ph_test_window_new_on (example);

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

static gboolean
is_purpose_entry (GtkWidget     *widget,
                  gconstpointer  data)
{
  return GTK_IS_ENTRY (widget)
         && g_strcmp0 (gtk_entry_get_placeholder_text (GTK_ENTRY (widget)), "What for (optional)") == 0;
}

static void
test_game_dice_undo_save (void)
{
  GtkWidget *purpose;
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

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
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
  /* again: folded away, the keys back on the map; and once more, open */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dice-tray", NULL));
  ph_test_run_until_idle ();
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (tray)));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (ph_window_get_map_view (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dice-tray", NULL));
  PH_TEST_WAIT_UNTIL (gtk_root_get_focus (GTK_ROOT (window)) != NULL
                      && gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), GTK_WIDGET (tray)));

  /* The d6 button and a typed roll: two steps, two log lines */
  d6 = ph_test_find_widget (GTK_WIDGET (tray), GTK_TYPE_BUTTON, "d6");
  g_assert_nonnull (d6);
  g_signal_emit_by_name (d6, "clicked");
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_n_events (game), ==, n + 1);
  /* what it is for goes into the log line, and not into the next roll */
  purpose = ph_test_find_descendant (GTK_WIDGET (tray), is_purpose_entry, NULL);
  g_assert_nonnull (purpose);
  gtk_editable_set_text (GTK_EDITABLE (purpose), "volley");
  g_assert_true (ph_dice_tray_roll (tray, "3d6+2", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (purpose)), ==, "");
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_n_events (game), ==, n + 2);
  g_assert_true (g_str_has_prefix (ph_game_get_event (game, n + 1)->text,
                                   "Dice tray, volley: 3d6 ("));
  g_assert_cmpuint (ph_game_panel_get_n_log_rows (panel), ==, n + 2);
  g_assert_true (ph_document_get_dirty (document));
  g_assert_true (ph_document_get_can_undo_game_step (document));
  first_dice = event_dice (game, n + 1);
  /* the log's dice line as the tray writes it: "3d6 (4, 1, 6) = 11" */
  {
    const PhRoll *roll = g_ptr_array_index (ph_game_get_event (game, n + 1)->rolls, 0);
    g_autofree char *want = g_strdup_printf ("3d6 (%d, %d, %d) = %d", roll->values[0],
                                             roll->values[1], roll->values[2], roll->total);

    g_test_message ("%s", first_dice);
    g_assert_nonnull (strstr (first_dice, want));
  }

  /* A bad roll says so in the tray and changes nothing */
  g_assert_false (ph_dice_tray_roll (tray, "banana", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpuint (ph_game_get_position (game), ==, n + 2);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-game-dice.png");

  /* Ctrl+Z takes the roll back; rolling again gives the same dice, as
   * the log's Undo says (a bad roll is not undone away) */
  {
    GtkWidget *log = ph_test_find_widget (GTK_WIDGET (window), PH_TYPE_GAME_LOG, NULL);
    GtkWidget *undo = find_icon_button (log, "edit-undo-symbolic");

    g_assert_nonnull (undo);
    g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (undo),
                              "done again, the step rolls the same dice"));
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, n + 1);
  g_assert_cmpuint (ph_game_panel_get_n_log_rows (panel), ==, n + 1);
  gtk_editable_set_text (GTK_EDITABLE (purpose), "volley");
  g_assert_true (ph_dice_tray_roll (tray, "3d6+2", &error));
  g_assert_no_error (error);
  again_dice = event_dice (game, n + 1);
  g_assert_cmpstr (first_dice, ==, again_dice);

  /* Redo after undo, through the window's actions */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, n + 2);

  /* Save and open again: the same log */
  g_assert_true (ph_document_save_as (document, file, &error));
  g_assert_no_error (error);
  g_assert_false (ph_document_get_dirty (document));
  xml_a = ph_game_to_xml (game);

  reopened = ph_test_window_new ();
  g_assert_true (ph_window_load_file (reopened, file, &error));
  g_assert_no_error (error);
  ph_test_wait_drawn (GTK_WIDGET (reopened));
  g_assert_nonnull (ph_document_get_game (ph_window_get_document (reopened)));
  g_assert_cmpuint (ph_game_get_n_events (ph_document_get_game (ph_window_get_document (reopened))), ==, n + 2);
  g_assert_cmpuint (ph_game_panel_get_n_log_rows (game_panel_of (reopened)), ==, n + 2);
  xml_b = ph_game_to_xml (ph_document_get_game (ph_window_get_document (reopened)));
  g_assert_cmpstr (xml_a, ==, xml_b);
  g_assert_false (ph_document_get_dirty (ph_window_get_document (reopened)));
  ph_test_window_destroy (reopened);

  /* Undoing everything, the start too, leaves no game */
  while (ph_document_get_can_undo (document))
    g_assert_true (ph_document_undo (document));
  ph_test_run_until_idle ();
  g_assert_null (ph_document_get_game (document));
  g_assert_true (gtk_widget_get_mapped (ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_BUTTON, "_Start Game")));
  g_assert_true (ph_document_redo (document));
  g_assert_nonnull (ph_document_get_game (document));

  ph_test_window_destroy (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* A label on screen whose text starts with @data */
static gboolean
label_mapped_starting (GtkWidget     *widget,
                       gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), data);
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

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab (PH_TEST_EXAMPLE_MAYHEM, &panel);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  /* A fixed seed: the same initiative dice every run */
  game = start_game_seeded (window, 1758);
  n = ph_game_get_position (game);

  /* A refused action says why under its button and changes nothing */
  figure = ph_test_find_figure (ph_document_get_scenario (document), NULL);
  ph_test_click_figure (map_view, figure, 0);
  ph_test_run_until_idle ();
  before = ph_scenario_to_xml (ph_document_get_scenario (document), NULL);
  /* Move's x and y start where the selected figure stands, not at 0, 0 */
  {
    g_autofree char *x = ph_game_panel_get_argument (panel, "move", "x");
    g_autofree char *y = ph_game_panel_get_argument (panel, "move", "y");

    g_assert_nonnull (x);
    g_assert_cmpfloat (g_ascii_strtod (x, NULL), ==, figure->x);
    g_assert_cmpfloat (g_ascii_strtod (y, NULL), ==, figure->y);
  }
  g_assert_true (ph_game_panel_set_argument (panel, "move", "x", "1"));
  g_assert_true (ph_game_panel_set_argument (panel, "move", "y", "1"));
  g_assert_false (ph_game_panel_perform (panel, "move", &error));
  g_assert_nonnull (error);
  g_test_message ("refused: %s", error->message);
  g_assert_cmpstr (ph_game_panel_get_action_error (panel, "move"), ==, error->message);
  g_clear_error (&error);
  /* a value changed: the refusal was of the values before, and goes */
  g_assert_true (ph_game_panel_set_argument (panel, "move", "x", "2"));
  g_assert_null (ph_game_panel_get_action_error (panel, "move"));
  g_assert_true (ph_game_panel_set_argument (panel, "move", "x", "1"));
  g_assert_false (ph_game_panel_perform (panel, "move", &error));
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
  /* the game leads: the Action list moves on to what the rules expect */
  g_test_message ("after the initiative: %s expected", ph_game_expected (game));
  g_assert_nonnull (ph_game_expected (game));
  g_assert_cmpstr (ph_game_expected (game), !=, "initiative");
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, ph_game_expected (game));
  g_assert_null (ph_game_panel_get_action_error (panel, "move"));
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), >, n);
  /* the form is for a man who can roll: the one picked when it is his
   * side's go, else the first of the side moving */
  g_assert_true (ph_game_panel_perform (panel, "roll-move", &error));
  g_assert_no_error (error);
  if (g_strcmp0 (ph_game_get_var (game, "active-side"), figure->side) != 0)
    figure = ph_test_find_figure (ph_document_get_scenario (document), figure->side);
  g_assert_nonnull (ph_game_get_figure_var (game, figure->id, "move-reach"));
  ph_test_run_until_idle ();
  g_assert_true (ph_document_get_dirty (document));
  g_assert_cmpuint (ph_game_panel_get_n_log_rows (panel), ==, ph_game_get_position (game));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-game-action.png");

  /* he moves half an inch; the next man of his side picked, the Game tab
   * offers his own movement dice (it stayed on Move, refused: "has not
   * rolled its movement dice yet") */
  {
    g_autofree char *x = g_strdup_printf ("%g", figure->x + 0.5);
    g_autofree char *y = g_strdup_printf ("%g", figure->y);
    PhScenario *scenario = ph_document_get_scenario (document);
    PhFigure *next = NULL;

    g_assert_true (ph_game_panel_select_action (panel, "move"));
    g_assert_true (ph_game_panel_set_argument (panel, "move", "x", x));
    g_assert_true (ph_game_panel_set_argument (panel, "move", "y", y));
    g_assert_true (ph_game_panel_perform (panel, "move", &error));
    g_assert_no_error (error);
    ph_test_run_until_idle ();
    g_test_message ("after his move: %s expected", ph_game_expected (game));
    for (guint i = 0; i < scenario->figures->len && next == NULL; i++)
      {
        PhFigure *f = g_ptr_array_index (scenario->figures, i);

        if (f != figure && g_strcmp0 (f->side, figure->side) == 0 && !ph_figure_is_off_table (f))
          next = f;
      }
    g_assert_nonnull (next);
    ph_test_click_figure (map_view, next, 0);
    ph_test_run_until_idle ();
    g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "roll-move");
    g_assert_null (ph_game_panel_get_action_error (panel, "roll-move"));
    figure = next;
  }

  /* Replay to the start: the table as it was; back to now. A refusal
   * said now is not shown of the step replayed. */
  g_assert_true (ph_game_panel_set_argument (panel, "move", "x", "1"));
  g_assert_true (ph_game_panel_set_argument (panel, "move", "y", "1"));
  g_assert_false (ph_game_panel_perform (panel, "move", &error));
  g_clear_error (&error);
  g_assert_nonnull (ph_game_panel_get_action_error (panel, "move"));
  state = ph_scenario_to_xml (ph_document_get_scenario (document), NULL);
  g_assert_true (ph_game_panel_replay_to (panel, 0));
  ph_test_run_until_idle ();
  g_assert_true (ph_document_get_replaying (document));
  g_assert_null (ph_game_panel_get_action_error (panel, "move"));
  g_assert_cmpuint (ph_game_get_position (game), ==, 1);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-game-replay.png");
  /* the table shows the past: the forms do not act on it (the trial's
   * referee could use them there), and say how to play on */
  {
    g_autofree char *note = g_strdup_printf ("Showing step 1 of %u: Back to Now to play on",
                                             ph_document_game_get_now (document));
    GtkWidget *label = ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_LABEL, note);

    g_assert_nonnull (label);
    g_assert_true (gtk_widget_get_mapped (label));
    g_assert_false (gtk_widget_is_sensitive (ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_BUTTON,
                                                                  "_Perform")));
    g_assert_false (gtk_widget_is_sensitive (ph_test_find_widget (GTK_WIDGET (panel),
                                                                  GTK_TYPE_DROP_DOWN, NULL)));
  }
  g_signal_emit_by_name (ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_BUTTON, "_Back to Now"), "clicked");
  ph_test_run_until_idle ();
  g_assert_false (ph_document_get_replaying (document));
  /* back to now: the forms again, on the step expected */
  g_assert_true (gtk_widget_is_sensitive (ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_BUTTON,
                                                               "_Perform")));
  g_assert_true (gtk_widget_is_sensitive (ph_test_find_widget (GTK_WIDGET (panel),
                                                               GTK_TYPE_DROP_DOWN, NULL)));
  g_assert_null (ph_test_find_descendant (GTK_WIDGET (panel), label_mapped_starting,
                                          "Showing step "));
  g_test_message ("back to now: %s (the rules expect %s)",
                  ph_game_panel_get_selected_action (panel), ph_game_expected (game));
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, ph_game_expected (game));
  /* no row left picked, nothing to replay to */
  g_assert_false (gtk_widget_get_sensitive (ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_BUTTON,
                                                                 "Re_play to Here")));
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
    ph_test_run_until_idle ();
  }
  g_assert_cmpuint (ph_game_get_position (game), ==, n - 1);
  g_assert_cmpuint (ph_game_panel_get_n_log_rows (panel), ==, n - 1);
  ph_test_window_destroy (window);
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
  guint hinted = 0;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

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
      ph_test_run_until_idle ();
      for (guint i = 0; i < scenario->figures->len && activated == NULL; i++)
        {
          PhFigure *figure = g_ptr_array_index (scenario->figures, i);

          if (ph_figure_is_off_table (figure))
            continue;
          ph_test_click_figure (map_view, figure, 0);
          ph_test_run_until_idle ();
          if (ph_map_view_get_selected_figure (map_view) != figure)
            continue;
          /* a man the card up does not call: why not, before Perform */
          if (g_strcmp0 (ph_game_expected (game), "activate") == 0
              && g_strcmp0 (ph_game_panel_get_selected_action (panel), "activate") == 0)
            {
              g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);

              g_hash_table_insert (args, "figure", figure->id);
              if (!ph_game_try (game, "activate", args, FALSE, NULL))
                {
                  const char *hint = ph_game_panel_get_action_error (panel, "activate");

                  /* and the way on: another man */
                  g_assert_nonnull (hint);
                  g_test_message ("hint: %s", hint);
                  g_assert_true (g_str_has_suffix (hint, ": pick another one on the map"));
                  hinted++;
                }
            }
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
  g_test_message ("%u refusals said before Perform", hinted);
  g_assert_cmpuint (hinted, >, 0);
  ph_test_run_until_idle ();
  {
    g_autofree char *describe = ph_game_describe (game);

    g_test_message ("activated %s: %s", activated->id, describe);
  }
  g_assert_nonnull (ph_game_get_figure_var (game, activated->id, "activated"));
  g_assert_true (ph_document_get_dirty (document));
  ph_map_view_zoom_in (map_view);
  ph_map_view_zoom_in (map_view);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-game-activated.png");

  /* Ctrl+Z: not activated any more */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ph_test_run_until_idle ();
  g_assert_null (ph_game_get_figure_var (game, activated->id, "activated"));
  ph_test_window_destroy (window);
}

/* Whether the map's menu @model has an item performing @action */
static gboolean
menu_offers (GMenuModel *model,
             const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autoptr(GVariant) target = NULL;
      const char *name = NULL;

      if (section != NULL)
        {
          if (menu_offers (section, action))
            return TRUE;
          continue;
        }
      target = g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, NULL);
      if (target == NULL || !g_variant_is_of_type (target, G_VARIANT_TYPE ("(sssba{ss})")))
        continue;
      g_variant_get_child (target, 0, "&s", &name);
      if (g_strcmp0 (name, action) == 0)
        return TRUE;
    }
  return FALSE;
}

/* The label of the map's menu item performing @action, or NULL */
static char *
menu_label_of (GMenuModel *model,
               const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autoptr(GVariant) target = NULL;
      const char *name = NULL;
      char *label = NULL;

      if (section != NULL)
        {
          if ((label = menu_label_of (section, action)) != NULL)
            return label;
          continue;
        }
      target = g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, NULL);
      if (target == NULL || !g_variant_is_of_type (target, G_VARIANT_TYPE ("(sssba{ss})")))
        continue;
      g_variant_get_child (target, 0, "&s", &name);
      if (g_strcmp0 (name, action) == 0
          && g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        return label;
    }
  return NULL;
}

/* Only the chosen action's form is on screen: an argument's name of its
 * own is mapped, one of another action's form is not. */
static void
assert_form_shown (PhGamePanel *panel,
                   const char  *shown,
                   const char  *hidden)
{
  GtkWidget *a = ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_LABEL, shown);
  GtkWidget *b = ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_LABEL, hidden);

  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_true (gtk_widget_get_mapped (a));
  g_assert_false (gtk_widget_get_mapped (b));
}

/* Firelock: draw a card, then roll IPs for a figure the card calls, the
 * figure chosen in the form's drop-down (nothing selected on the map) */
/* The shoot form's weapon drop-down, by its tooltip */
static gboolean
is_weapon_drop_down (GtkWidget     *widget,
                     gconstpointer  data)
{
  return GTK_IS_DROP_DOWN (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_widget_get_tooltip_text (widget), "One of the figure's weapons") == 0;
}

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

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab (PH_TEST_EXAMPLE_FIRELOCK, &panel);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  game = start_game_seeded (window, 1758);
  ph_test_run_until_idle ();

  /* One action at a time: the drop-down shows its form alone */
  g_assert_true (ph_game_panel_select_action (panel, "roll-ips"));
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "roll-ips");
  ph_test_run_until_idle ();
  assert_form_shown (panel, "Personal (d10)", "Aim");
  g_assert_true (ph_game_panel_select_action (panel, "shoot"));
  ph_test_run_until_idle ();
  assert_form_shown (panel, "Aim", "Personal (d10)");
  g_assert_false (ph_game_panel_select_action (panel, "no-such-action"));

  /* The weapon is one of the acting figure's, by kind or by number */
  g_assert_true (ph_game_panel_set_argument (panel, "shoot", "figure", "hawkeye"));
  g_assert_true (ph_game_panel_set_argument (panel, "shoot", "weapon", "rifle"));
  g_assert_true (ph_game_panel_set_argument (panel, "shoot", "weapon", "1"));
  g_assert_false (ph_game_panel_set_argument (panel, "shoot", "weapon", "musket"));
  g_assert_true (ph_game_panel_set_argument (panel, "shoot", "weapon", ""));
  {
    GtkWidget *weapons = ph_test_find_descendant (GTK_WIDGET (panel), is_weapon_drop_down, NULL);
    GListModel *items;

    g_assert_nonnull (weapons);
    items = gtk_drop_down_get_model (GTK_DROP_DOWN (weapons));
    g_assert_cmpuint (g_list_model_get_n_items (items), ==, 3);
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (items), 1), ==, "Killdeer (rifle)");
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (items), 2), ==, "knife");
  }

  /* Perform stays put whether the figure is picked on the map (its name)
   * or not (a drop-down) */
  {
    GtkWidget *perform = ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_BUTTON, "_Perform");
    graphene_point_t before, after;

    g_assert_true (ph_game_panel_select_action (panel, "roll-ips"));
    ph_game_panel_set_selection (panel, NULL, NULL);
    ph_test_wait_drawn (GTK_WIDGET (window));
    g_assert_true (gtk_widget_compute_point (perform, GTK_WIDGET (window),
                                             &GRAPHENE_POINT_INIT (0, 0), &before));
    ph_game_panel_set_selection (panel, ph_test_find_figure (scenario, NULL), NULL);
    ph_test_wait_drawn (GTK_WIDGET (window));
    g_assert_true (gtk_widget_compute_point (perform, GTK_WIDGET (window),
                                             &GRAPHENE_POINT_INIT (0, 0), &after));
    g_assert_cmpfloat (before.y, ==, after.y);
  }

  /* Rolling before a card is drawn is refused under Perform */
  ph_game_panel_set_selection (panel, NULL, NULL);
  n = ph_game_get_position (game);
  g_assert_true (ph_game_panel_set_argument (panel, "roll-ips", "figure",
                                             ph_test_find_figure (scenario, NULL)->id));
  g_assert_false (ph_game_panel_perform (panel, "roll-ips", &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (ph_game_panel_get_action_error (panel, "roll-ips"), ==, error->message);
  g_clear_error (&error);
  g_assert_cmpuint (ph_game_get_position (game), ==, n);

  g_assert_true (ph_game_panel_perform (panel, "draw-card", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
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
      /* picked on the map */
      ph_test_click_figure (ph_window_get_map_view (window), figure, 0);
      ph_test_run_until_idle ();
      if (ph_game_panel_perform (panel, "roll-ips", &error))
        rolled = figure;
      else
        {
          g_test_message ("roll-ips %s: %s", figure->id, error->message);
          g_clear_error (&error);
        }
    }
  g_assert_nonnull (rolled);
  ph_test_run_until_idle ();
  g_assert_cmpint (ph_game_get_figure_var_int (game, rolled->id, "ips", -1), >=, 0);
  g_assert_null (ph_game_panel_get_action_error (panel, "roll-ips"));
  g_assert_cmpuint (ph_game_panel_get_n_log_rows (panel), ==, ph_game_get_position (game));
  /* the figure acts: not a second roll, but what it may do now */
  {
    const char *next = ph_game_panel_get_selected_action (panel);
    g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);

    PhMovePlan plan = { 0 };

    g_test_message ("after the roll: %s", next);
    g_assert_cmpstr (next, !=, "roll-ips");
    /* his move (he has IPs to move with) */
    g_assert_true (ph_game_plan_move (game, rolled->id, &plan, NULL));
    g_assert_cmpstr (next, ==, plan.action);
    ph_move_plan_clear (&plan);
  }
  /* a refusal for one figure goes when another is picked */
  g_assert_true (ph_game_panel_select_action (panel, "roll-ips"));
  g_assert_false (ph_game_panel_perform (panel, "roll-ips", &error));
  g_clear_error (&error);
  g_assert_nonnull (ph_game_panel_get_action_error (panel, "roll-ips"));
  ph_test_click_figure (ph_window_get_map_view (window),
                        ph_test_find_figure (scenario, NULL) == rolled
                        ? g_ptr_array_index (scenario->figures, 1)
                        : ph_test_find_figure (scenario, NULL), 0);
  ph_test_run_until_idle ();
  g_assert_null (ph_game_panel_get_action_error (panel, "roll-ips"));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-game-firelock.png");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  ph_test_run_until_idle ();
  g_assert_null (ph_game_get_figure_var (game, rolled->id, "ips"));
  ph_test_window_destroy (window);
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

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab (PH_TEST_EXAMPLE_FIRELOCK, &panel);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  for (guint i = 0; i < scenario->figures->len; i++)
    ((PhFigure *) g_ptr_array_index (scenario->figures, i))->mounted = TRUE;
  game = start_game_seeded (window, 1758);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_perform (panel, "draw-card", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  card = ph_game_get_var (game, "card-up");
  g_assert_nonnull (card);

  /* "Rider acts" is a drop-down beside its name, on "Default (Yes)": what
   * the rules take when it is left out, in words */
  ph_game_panel_set_selection (panel, NULL, NULL);
  g_assert_true (ph_game_panel_select_action (panel, "roll-ips"));
  ph_test_run_until_idle ();
  act = ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_LABEL, "Rider acts");
  g_assert_nonnull (act);
  g_assert_true (gtk_widget_get_mapped (act));
  act = gtk_widget_get_next_sibling (act);
  g_assert_true (GTK_IS_DROP_DOWN (act));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (act)), ==, 0);
  g_assert_cmpstr (gtk_string_object_get_string (gtk_drop_down_get_selected_item (GTK_DROP_DOWN (act))),
                   ==, "Default (Yes)");
  g_assert_nonnull (ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_LABEL,
                                         "Personal (d10)"));
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
  ph_test_run_until_idle ();
  event = ph_game_get_event (game, ph_game_get_position (game) - 1);
  g_test_message ("%s", event->text);
  g_assert_cmpstr (event->kind, ==, "roll-ips");
  g_assert_nonnull (strstr (event->text, "only rides"));
  g_assert_cmpint (ph_game_get_figure_var_int (game, rider->id, "ips", -1), ==, 0);
  g_assert_cmpint (ph_game_get_figure_var_int (game, rider->id, "horse-move", 0), >=, 3);
  g_assert_null (ph_game_panel_get_action_error (panel, "roll-ips"));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-game-firelock-ride.png");
  ph_test_window_destroy (window);
}

static gboolean mapped_label_starts (GtkWidget *widget, gconstpointer prefix);

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

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("guns-of-war-tithe-barn.xml", &panel);
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  game = start_game_seeded (window, 1746);
  ph_test_run_until_idle ();

  unit = ph_test_find_figure (scenario, NULL);
  g_assert_nonnull (unit);
  ph_test_click_figure (map_view, unit, 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_get_selected_figure (map_view) == unit);
  g_assert_true (ph_game_panel_select_action (panel, "stand"));
  /* The map's figure is a name, not a choice */
  g_assert_true (ph_game_panel_set_argument (panel, "stand", "figure", unit->id));
  ph_test_run_until_idle ();

  perform = ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_BUTTON, "_Perform");
  g_assert_nonnull (perform);
  g_assert_true (gtk_widget_get_mapped (perform));
  n = ph_game_get_position (game);
  g_signal_emit_by_name (perform, "clicked");
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, n + 1);
  g_assert_nonnull (ph_game_get_figure_var (game, unit->id, "movement"));

  /* The game leads: the other units' movement sequences come next; no
   * hint asks for the form's own values ("give where … moves as q and
   * r" showed under Perform after every move) */
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "move");
  g_test_message ("move's hint: %s", ph_game_panel_get_action_error (panel, "move"));
  g_assert_false (g_str_has_prefix (ph_game_panel_get_action_error (panel, "move") ?: "",
                                    "give "));
  /* the form asks for the hex only (the trial saw Q, R, X and Y too,
   * the command line's other ways to name it), and its description is
   * all there, wrapped (it was cut at two lines) */
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_set_argument (panel, "move", "hex", "0607"));
  g_assert_false (ph_game_panel_set_argument (panel, "move", "q", "1"));
  g_assert_false (ph_game_panel_set_argument (panel, "move", "x", "1"));
  g_assert_false (ph_game_panel_set_argument (panel, "move", "y", "1"));
  g_assert_null (ph_test_find_descendant (GTK_WIDGET (panel), mapped_label_starts, "Q (axial)"));
  {
    const PhGameActionInfo *move = ph_game_find_action (game, "move");
    GtkWidget *help = ph_test_find_descendant (GTK_WIDGET (panel), mapped_label_starts,
                                               "The unit's movement sequence: it moves to the hex");
    int natural;

    g_assert_nonnull (help);
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (help)), ==, move->help);
    g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (help)), ==, PANGO_ELLIPSIZE_NONE);
    gtk_widget_measure (help, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (help),
                        NULL, &natural, NULL, NULL);
    g_test_message ("help: %d px high of %d at %d wide", gtk_widget_get_height (help), natural,
                    gtk_widget_get_width (help));
    g_assert_cmpint (gtk_widget_get_height (help), >=, natural);
  }

  /* Once a turn: the refusal shows under Perform */
  g_assert_true (ph_game_panel_select_action (panel, "stand"));
  ph_test_run_until_idle ();
  g_signal_emit_by_name (perform, "clicked");
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, n + 1);
  g_assert_nonnull (ph_game_panel_get_action_error (panel, "stand"));
  for (GtkWidget *w = gtk_widget_get_next_sibling (perform); w; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_LABEL (w) && gtk_widget_get_mapped (w))
      error_label = w;
  g_assert_nonnull (error_label);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (error_label)), ==,
                   ph_game_panel_get_action_error (panel, "stand"));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-game-guns-of-war.png");

  /* Another action does not show this one's refusal */
  g_assert_true (ph_game_panel_select_action (panel, "shoot"));
  ph_test_run_until_idle ();
  g_assert_false (gtk_widget_get_mapped (error_label));

  /* A right-click on an enemy offers a foot unit no cavalry charge (the
   * rules refuse it), and a mounted one the charge */
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);
      PhFigure *enemy = NULL;
      GtkWidget *popover;
      gboolean offered;

      for (guint j = 0; j < scenario->figures->len && enemy == NULL; j++)
        if (g_strcmp0 (((PhFigure *) g_ptr_array_index (scenario->figures, j))->side, f->side) != 0)
          enemy = g_ptr_array_index (scenario->figures, j);
      g_assert_nonnull (enemy);
      ph_test_click_figure (map_view, f, 0);
      ph_test_run_until_idle ();
      if (!ph_map_view_popup_target_menu (map_view, enemy, 50, 50))
        continue;
      ph_test_run_until_idle ();
      popover = ph_test_find_descendant (GTK_WIDGET (map_view), ph_test_popover_mapped, NULL);
      g_assert_nonnull (popover);
      offered = menu_offers (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)),
                             "charge");
      g_test_message ("%s (%s): charge %s", f->id, f->mounted ? "mounted" : "foot",
                      offered ? "offered" : "not offered");
      g_assert_true (offered == f->mounted);
      gtk_popover_popdown (GTK_POPOVER (popover));
      ph_test_run_until_idle ();
    }
  ph_test_window_destroy (window);
}

/* Guns of War: after a charge whose target retreats, the Game tab leads
 * to the cavalry's advance into the hex it left (it stayed on Move, and
 * the beaten unit stood where it was) */
static void
test_game_guns_of_war_charge (void)
{
  PhWindow *window;
  PhMapView *map_view;
  PhGamePanel *panel;
  PhGame *game;
  PhScenario *scenario;
  PhFigure *reiters, *musketeers;
  g_autoptr(GError) error = NULL;
  PhPoint before;
  double size;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("guns-of-war-tithe-barn.xml", &panel);
  map_view = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (ph_window_get_document (window));
  size = scenario->table.grid_size;
  /* seed 2: the musketeers' shock roll is 5, a retreat */
  game = start_game_seeded (window, 2);
  ph_test_run_until_idle ();
  reiters = ph_scenario_find_figure (scenario, "aur_reiters");
  musketeers = ph_scenario_find_figure (scenario, "jut_musketeers");
  before = (PhPoint) { musketeers->x, musketeers->y };

  ph_test_click_figure (map_view, reiters, 0);
  ph_test_run_until_idle ();
  ph_game_panel_set_selection (panel, reiters, musketeers);
  g_assert_true (ph_game_panel_perform (panel, "charge", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_get_figure_var (game, "jut_musketeers", "shock"), ==, "retreated");
  /* the beaten unit has fallen back a hex */
  g_assert_cmpint (ph_hex_distance (ph_hex_from_point (before, size),
                                    ph_hex_from_point ((PhPoint) { musketeers->x, musketeers->y },
                                                       size)), ==, 1);
  /* the tab leads to the advance */
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "advance");
  ph_test_save_screenshot (GTK_WIDGET (window), "app-game-guns-of-war-charge.png");
  g_assert_true (ph_game_panel_perform (panel, "advance", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_true (ph_hex_equal (ph_hex_from_point ((PhPoint) { reiters->x, reiters->y }, size),
                               ph_hex_from_point (before, size)));
  /* and then back to the turn's movement */
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "move");
  ph_test_window_destroy (window);
}

/* Guns of War after a unit's move (a drag's step): the move stays the
 * step expected for the others, and the dim note under Perform says why
 * this unit can do no more (the trial's referee saw nothing said) */
static void
test_guns_of_war_after_move (void)
{
  PhWindow *window;
  PhDocument *document;
  PhGamePanel *panel;
  PhScenario *scenario;
  PhFigure *unit;
  PhHex at;
  g_autoptr(GHashTable) args = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr(GError) error = NULL;
  const char *said;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("guns-of-war-tithe-barn.xml", &panel);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  start_game_seeded (window, 1746);
  ph_test_run_until_idle ();
  unit = ph_test_find_figure (scenario, NULL);
  ph_test_click_figure (ph_window_get_map_view (window), unit, 0);
  ph_test_run_until_idle ();
  at = ph_hex_from_point ((PhPoint) { unit->x, unit->y }, scenario->table.grid_size);
  g_hash_table_insert (args, (gpointer) "figure", g_strdup (unit->id));
  g_hash_table_insert (args, (gpointer) "q", g_strdup_printf ("%d", at.q + 1));
  g_hash_table_insert (args, (gpointer) "r", g_strdup_printf ("%d", at.r));
  g_assert_true (ph_document_game_perform (document, "move", args, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_expected (ph_document_get_game (document)), ==, "move");
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "move");
  said = ph_game_panel_get_action_error (panel, "move");
  g_test_message ("%s", said);
  g_assert_nonnull (said);
  g_assert_nonnull (strstr (said, "has already moved this turn"));
  g_assert_true (g_str_has_suffix (said, ": pick the next one on the map, or End turn"));
  ph_test_window_destroy (window);
}

/* Featherstone: what a man intends is written for one step, not carried
 * into the next; the bar over the map names the men reacting */
static void
test_game_texts (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  PhGame *game;
  PhScenario *scenario;
  PhFigure *figure;
  g_autoptr(GError) error = NULL;
  g_autofree char *left = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("featherstone-cacabelos-1809.xml", &panel);
  scenario = ph_document_get_scenario (ph_window_get_document (window));
  game = start_game_seeded (window, 1809);
  ph_test_run_until_idle ();
  figure = ph_test_find_figure (scenario, NULL);
  ph_test_click_figure (ph_window_get_map_view (window), figure, 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_select_action (panel, "plan"));
  g_assert_true (ph_game_panel_set_argument (panel, "plan", "text", "hold the bridge"));
  g_assert_true (ph_game_panel_perform (panel, "plan", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (ph_game_get_figure_var (game, figure->id, "plan"), ==, "hold the bridge");
  left = ph_game_panel_get_argument (panel, "plan", "text");
  g_assert_true (left == NULL || *left == '\0');

  /* a man reacting is named */
  figure->status |= PH_STATUS_REACTING;
  {
    g_autofree char *said = ph_game_describe (game);

    g_test_message ("%s", said);
    g_assert_nonnull (strstr (said, "reacting: "));
    g_assert_nonnull (strstr (said, ph_figure_display_name (figure)));
  }
  ph_test_window_destroy (window);
}

static gboolean
spin_mapped (GtkWidget     *widget,
             gconstpointer  data)
{
  return GTK_IS_SPIN_BUTTON (widget) && gtk_widget_get_mapped (widget);
}

static void
collect_spins (GtkWidget *widget,
               GPtrArray *spins)
{
  if (spin_mapped (widget, NULL))
    g_ptr_array_add (spins, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    collect_spins (c, spins);
}

/* Featherstone's melee in the Game tab (the referee's trial): its basic
 * chances show the Weapons Table's, what the step uses, not 0; what is
 * said under Perform is of the man the form names now; and after a man's
 * move the step expected stays, saying why he can do no more */
static void
test_featherstone_melee_form (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  PhScenario *scenario;
  PhDocument *document;
  PhMapView *map;
  PhFigure *harris, *roux, *bardin;
  g_autoptr(GPtrArray) spins = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *said;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("featherstone-cacabelos-1809.xml", &panel);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  map = ph_window_get_map_view (window);
  start_game_seeded (window, 1809);
  ph_test_run_until_idle ();
  harris = ph_scenario_find_figure (scenario, "harris");
  roux = ph_scenario_find_figure (scenario, "voltigeur_roux");
  bardin = ph_scenario_find_figure (scenario, "voltigeur_bardin");
  g_assert_nonnull (bardin);
  ph_test_click_figure (map, harris, 0);
  ph_map_view_set_pinned_target (map, roux);
  ph_test_run_until_idle ();

  /* the Weapons Table's basic chances, 6 against 7 and 7 against 6 */
  g_assert_true (ph_game_panel_select_action (panel, "melee"));
  ph_test_run_until_idle ();
  collect_spins (GTK_WIDGET (panel), spins);
  g_assert_cmpuint (spins->len, >=, 2);
  g_assert_cmpfloat (gtk_spin_button_get_value (g_ptr_array_index (spins, 0)), ==, 35);
  g_assert_cmpfloat (gtk_spin_button_get_value (g_ptr_array_index (spins, 1)), ==, 45);
  /* shown, not given: the step reads the table itself */
  g_assert_null (ph_game_panel_get_argument (panel, "melee", "chance"));

  /* refused for Roux, 107 paces off; the pointer on Bardin puts him in
   * the form, and what is said is of him */
  g_assert_false (ph_game_panel_perform (panel, "melee", &error));
  g_clear_error (&error);
  said = ph_game_panel_get_action_error (panel, "melee");
  g_test_message ("%s", said);
  g_assert_nonnull (strstr (said, ph_figure_display_name (roux)));
  ph_game_panel_set_selection (panel, harris, bardin);
  ph_test_run_until_idle ();
  said = ph_game_panel_get_action_error (panel, "melee");
  g_test_message ("%s", said);
  g_assert_nonnull (said);
  g_assert_nonnull (strstr (said, ph_figure_display_name (bardin)));
  g_assert_null (strstr (said, ph_figure_display_name (roux)));
  ph_game_panel_set_selection (panel, harris, roux);
  ph_test_run_until_idle ();

  /* his move (a drag's step): the move stays the step expected, and the
   * dim note says why he can do no more and what comes next */
  {
    g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
    g_autofree char *x = g_strdup_printf ("%g", harris->x + 5);
    g_autofree char *y = g_strdup_printf ("%g", harris->y);

    g_hash_table_insert (args, (gpointer) "figure", (gpointer) "harris");
    g_hash_table_insert (args, (gpointer) "rate", (gpointer) "run");
    g_hash_table_insert (args, (gpointer) "x", x);
    g_hash_table_insert (args, (gpointer) "y", y);
    g_assert_true (ph_document_game_perform (document, "move", args, &error));
    g_assert_no_error (error);
  }
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_expected (ph_document_get_game (document)), ==, "move");
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "move");
  said = ph_game_panel_get_action_error (panel, "move");
  g_test_message ("%s", said);
  g_assert_cmpstr (said, ==, "Rfn. Benjamin Harris has already moved this phase: pick the next "
                             "one on the map, or Next step");
  ph_test_window_destroy (window);
}

/* Featherstone: the referee moves a man (Move Anyway) into contact with
 * an enemy while the general, knocked out and far off, is still the
 * target pinned: the Melee form takes the man in contact (as the
 * right-click on him does), never the knocked-out general; and with the
 * one in contact knocked out too, not him either */
static void
test_featherstone_melee_target_after_move (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  PhScenario *scenario;
  PhDocument *document;
  PhMapView *map;
  PhGame *game;
  PhFigure *harris, *roux, *colbert;
  g_autoptr(PhFigure) probe = NULL;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *later = NULL;
  double x = 0;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("featherstone-cacabelos-1809.xml", &panel);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  map = ph_window_get_map_view (window);
  game = start_game_seeded (window, 1809);
  harris = ph_scenario_find_figure (scenario, "harris");
  roux = ph_scenario_find_figure (scenario, "voltigeur_roux");
  colbert = ph_scenario_find_figure (scenario, "colbert");
  /* the general knocked out ("F Light head wound") */
  g_hash_table_insert (args, (gpointer) "figure", (gpointer) "colbert");
  g_hash_table_insert (args, (gpointer) "letter", (gpointer) "F");
  g_assert_true (ph_document_game_perform (document, "wound", args, &error));
  g_assert_no_error (error);
  g_assert_nonnull (ph_game_get_figure_var (game, "colbert", "knocked-out"));
  g_hash_table_remove_all (args);
  g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
  g_assert_no_error (error);
  ph_test_click_figure (map, harris, 0);
  ph_map_view_set_pinned_target (map, colbert);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_select_action (panel, "melee"));
  ph_test_run_until_idle ();
  /* nobody in contact yet: the form has the man pinned */
  before = ph_game_panel_get_argument (panel, "melee", "target");
  g_assert_cmpstr (before, ==, "colbert");

  /* base to base with Roux, west of him: the first place the bases touch */
  probe = ph_figure_copy (harris);
  probe->y = roux->y;
  for (double d = 8; d > 0 && x == 0; d -= 0.02)
    {
      /* (a spot the game keeps: a position is kept to a thousandth) */
      probe->x = ph_value_round_position (roux->x - d);
      if (ph_game_bases_touch (scenario, probe, roux, NULL))
        x = probe->x;
    }
  g_assert_cmpfloat (x, !=, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map), "map.move-anyway", "(sdd)",
                                             "harris", x, roux->y));
  ph_test_run_until_idle ();
  /* (Move Anyway puts him exactly in contact, within a tenth of it) */
  g_assert_cmpfloat_with_epsilon (harris->x, x, 0.15);
  g_assert_cmpfloat (harris->y, ==, roux->y);
  g_assert_true (ph_game_bases_touch (scenario, harris, roux, NULL));
  after = ph_game_panel_get_argument (panel, "melee", "target");
  g_assert_cmpstr (after, ==, "voltigeur_roux");
  ph_test_wait_drawn (GTK_WIDGET (window));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-game-melee-target.png");
  /* the pin is the map's still: only the form took the man in contact */
  g_assert_true (ph_selection_get_pinned_target (ph_document_get_selection (document)) == colbert);

  /* Roux knocked out too: no pick of the rules, the map's man again */
  g_hash_table_insert (args, (gpointer) "figure", (gpointer) "voltigeur_roux");
  g_hash_table_insert (args, (gpointer) "letter", (gpointer) "F");
  g_assert_true (ph_document_game_perform (document, "wound", args, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_select_action (panel, "melee"));
  ph_test_run_until_idle ();
  later = ph_game_panel_get_argument (panel, "melee", "target");
  g_assert_cmpstr (later, ==, "colbert");
  ph_test_window_destroy (window);
}

static gboolean
is_label_containing (GtkWidget     *widget,
                     gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), data) != NULL;
}

/* The Game tab before a game: what starting one keeps, in words every
 * ruleset's game has (Featherstone's said "the cards", which it has not) */
static void
test_start_text_no_cards (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  GtkWidget *label;
  const char *text;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("featherstone-cacabelos-1809.xml", &panel);
  ph_test_run_until_idle ();
  label = ph_test_find_descendant (GTK_WIDGET (panel), is_label_containing, "Starting one keeps");
  g_assert_nonnull (label);
  text = gtk_label_get_label (GTK_LABEL (label));
  g_test_message ("%s", text);
  g_assert_null (strstr (text, "card"));
  g_assert_nonnull (strstr (text, "every roll and every result"));
  ph_test_window_destroy (window);
}

/* Featherstone, the trial: at the melee step Bardin, who shot at Lt.
 * Hill, is picked on the map with Hill still pinned; Bardin cannot fight,
 * so the Melee form offers McCabe, in contact with Roux, from its
 * drop-down. Its target is Roux, the enemy in contact, with the Weapons
 * Table's chances, never Hill, McCabe's own officer (the form kept him:
 * "Lt. Hill is 73.0 paces from Rfn. McCabe"); a melee on Hill is refused
 * for his side */
static void
test_featherstone_melee_form_no_friend (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  PhScenario *scenario;
  PhDocument *document;
  PhMapView *map;
  PhGame *game;
  PhFigure *mccabe, *roux, *bardin, *hill;
  g_autoptr(PhFigure) probe = NULL;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *who = NULL;
  g_autofree char *target = NULL;
  double x = 0;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("featherstone-cacabelos-1809.xml", &panel);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  map = ph_window_get_map_view (window);
  game = start_game_seeded (window, 1809);
  mccabe = ph_scenario_find_figure (scenario, "mccabe");
  roux = ph_scenario_find_figure (scenario, "voltigeur_roux");
  bardin = ph_scenario_find_figure (scenario, "voltigeur_bardin");
  hill = ph_scenario_find_figure (scenario, "lt_hill");
  /* McCabe base to base with Roux, west of him */
  probe = ph_figure_copy (mccabe);
  probe->y = roux->y;
  for (double d = 8; d > 0 && x == 0; d -= 0.02)
    {
      probe->x = ph_value_round_position (roux->x - d);
      if (ph_game_bases_touch (scenario, probe, roux, NULL))
        x = probe->x;
    }
  g_assert_cmpfloat (x, !=, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map), "map.move-anyway", "(sdd)",
                                             "mccabe", x, roux->y));
  ph_test_run_until_idle ();
  g_assert_true (ph_game_bases_touch (scenario, mccabe, roux, NULL));
  /* on to step 3, calculate firing: Bardin picked, Hill pinned (his
   * shot's target), then Next step to the melee */
  while (g_strcmp0 (ph_game_get_var (game, "step"), "fire") != 0)
    {
      g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
      g_assert_no_error (error);
    }
  ph_test_click_figure (map, bardin, 0);
  ph_map_view_set_pinned_target (map, hill);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_select_action (panel, "next-step"));
  g_assert_true (ph_game_panel_perform (panel, "next-step", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_get_var (game, "step"), ==, "melee");
  /* the tab leads to the melee, of the man who can fight */
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "melee");
  who = ph_game_panel_get_argument (panel, "melee", "figure");
  g_assert_cmpstr (who, ==, "mccabe");
  target = ph_game_panel_get_argument (panel, "melee", "target");
  g_assert_cmpstr (target, ==, "voltigeur_roux");
  g_assert_true (ph_game_panel_perform (panel, "melee", &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (ph_game_get_event (game, ph_game_get_position (game) - 1)->text,
                            "Melee, Rfn. McCabe against Volt. Roux"));

  /* the rules refuse a friend for his side, not for the distance */
  g_hash_table_insert (args, (gpointer) "figure", (gpointer) "mccabe");
  g_hash_table_insert (args, (gpointer) "target", (gpointer) "lt_hill");
  g_assert_false (ph_game_try (game, "melee", args, TRUE, &error));
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "Lt. Hill is on his own side"));
  ph_test_window_destroy (window);
}

/* Featherstone's bar over the map at a step change: what comes, in the
 * rules' words, never the button's own name ("Next: Next step") */
static void
test_featherstone_turn_bar_next (void)
{
  PhWindow *window;
  PhDocument *document;
  PhGame *game;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  const char *text;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("featherstone-cacabelos-1809.xml");
  document = ph_window_get_document (window);
  game = start_game_seeded (window, 1809);
  ph_test_run_until_idle ();
  /* a man's step: its name */
  text = gtk_label_get_label (window->turn_label);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "Next: Write down intentions · Phase 1 - step 1 of 5"));
  /* on to the melee step; nobody is in contact: the step change is next */
  for (int i = 0; i < 3; i++)
    {
      g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpstr (ph_game_expected (game), ==, "next-step");
  ph_test_run_until_idle ();
  text = gtk_label_get_label (window->turn_label);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "Next: step 5, note men who have to react on the next "
                                         "phase · Phase 1 - step 4 of 5: calculate melee"));
  g_assert_null (strstr (text, "Next step"));
  /* the end of the phase: the next one's first step */
  g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (ph_game_expected (game), ==, "end-phase");
  ph_test_run_until_idle ();
  text = gtk_label_get_label (window->turn_label);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "Next: phase 2, step 1, write down orders and intended "
                                         "actions · Phase 1 - step 5 of 5"));
  /* the tries changed nothing */
  g_assert_cmpstr (ph_game_get_var (game, "step"), ==, "reactions");
  g_assert_cmpint (ph_game_get_var_int (game, "turn", 0), ==, 1);
  ph_test_window_destroy (window);
}

/* The bar always leads (the trial saw "Next:" go at step 2, where the
 * line names the step, and after a referee's move, and found Next step
 * and End the phase only in the Game tab): the man's step, and the
 * game's way on beside it; once every man has moved, the way on */
static void
test_featherstone_turn_bar_always_leads (void)
{
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  PhMapView *map;
  PhFigure *harris, *roux;
  g_autoptr(PhFigure) probe = NULL;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  const char *text;
  double x = 0;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("featherstone-cacabelos-1809.xml");
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  map = ph_window_get_map_view (window);
  start_game_seeded (window, 1809);
  g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  text = gtk_label_get_label (window->turn_label);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "Next: Move · Phase 1 - step 2 of 5: move all men"));
  g_assert_true (g_str_has_suffix (text, " · or Next step, to step 3, calculate firing"));

  /* every man moved (the referee's moves at step 2 are their moves):
   * the way on is what comes */
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      g_autoptr(PhFigure) moved = ph_figure_copy (figure);

      moved->y = figure->y < 60 ? figure->y - 1 : figure->y + 1;
      g_assert_true (ph_document_game_referee_edit (document, "Move Anyway", &moved, 1, &error));
      g_assert_no_error (error);
    }
  ph_test_run_until_idle ();
  text = gtk_label_get_label (window->turn_label);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "Next: step 3, calculate firing · Phase 1 - step 2"));

  /* at the melee step, Harris put in contact by the referee: the melee */
  g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
  g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
  g_assert_no_error (error);
  harris = ph_scenario_find_figure (scenario, "harris");
  roux = ph_scenario_find_figure (scenario, "voltigeur_roux");
  probe = ph_figure_copy (harris);
  probe->y = roux->y;
  for (double d = 8; d > 0 && x == 0; d -= 0.02)
    {
      /* (a spot the game keeps: a position is kept to a thousandth) */
      probe->x = ph_value_round_position (roux->x - d);
      if (ph_game_bases_touch (scenario, probe, roux, NULL))
        x = probe->x;
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map), "map.move-anyway", "(sdd)",
                                             "harris", x, roux->y));
  ph_test_run_until_idle ();
  text = gtk_label_get_label (window->turn_label);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "Next: Melee · Phase 1 - step 4 of 5: calculate melee"));
  g_assert_true (g_str_has_suffix (text, " · or Next step, to step 5, note men who have to react "
                                         "on the next phase"));
  ph_test_window_destroy (window);
}

/* Featherstone's drag takes the Rate chosen in the Move form (the
 * referee trial: a drag picked the slowest rate whatever the form said,
 * so no charge could be made on the map): the label by the pointer and
 * the log say it */
static void
test_featherstone_drag_form_rate (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  PhDocument *document;
  PhMapView *map;
  PhGame *game;
  PhFigure *hill;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  const char *label;
  double x, y, scale;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("featherstone-cacabelos-1809.xml", &panel);
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  game = start_game_seeded (window, 1809);
  g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
  g_assert_no_error (error);
  hill = ph_scenario_find_figure (ph_document_get_scenario (document), "lt_hill");
  ph_test_click_figure (map, hill, 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_select_action (panel, "move"));
  g_assert_true (ph_game_panel_set_argument (panel, "move", "rate", "run"));
  ph_test_run_until_idle ();

  /* 3 paces west (a cm is a pace): a run, as the form says, not a walk */
  scale = ph_viewport_get_scale (ph_map_view_get_viewport (map));
  ph_test_figure_widget_point (map, hill, &x, &y);
  ph_map_view_begin_drag (map, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (map, -1.5 * scale, 0);
  ph_map_view_update_drag (map, -3 * scale, 0);
  label = ph_map_view_get_move_label (map, NULL);
  g_test_message ("label: %s", label);
  g_assert_cmpstr (label, ==, "run: moved 3.0 paces · 5 paces left");
  ph_map_view_end_drag (map, -3 * scale, 0);
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_get_event (game, ph_game_get_position (game) - 1)->text, ==,
                   "Lt. Hill runs 3.0 paces (up to 8)");
  g_assert_cmpint (hill->stance, ==, PH_STANCE_RUNNING);
  ph_test_window_destroy (window);
}

/* The farthest point of the map's shaded reach from @figure, in table
 * units */
static double
reach_radius (PhMapView      *map,
              const PhFigure *figure)
{
  GArray *polygon = ph_map_view_get_reach_polygon (map);
  double r = 0;

  g_assert_nonnull (polygon);
  for (guint i = 0; i < polygon->len; i++)
    {
      PhPoint p = g_array_index (polygon, PhPoint, i);

      r = MAX (r, hypot (p.x - figure->x, p.y - figure->y));
    }
  return r;
}

/* The shaded reach follows the Move form's Rate as it is chosen: left at
 * the rate the form starts from (the walk), a drag takes the slowest rate
 * that covers it and the reach is the fastest (his run's 8 paces); a rate
 * chosen is the reach and the drag's (the trial shaded 8 paces for walk,
 * run and crawl alike, and a 6-pace drag with crawl chosen read "run");
 * a drag past it is refused. A rider's default reach is his gallop's, a
 * rate chosen its own. */
static void
test_featherstone_reach_follows_rate (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  PhDocument *document;
  PhMapView *map;
  PhGame *game;
  PhFigure *hill, *colbert;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  double walk, charge, run, crawl, again, gallop, canter, scale, x, y, hill_x;
  const char *label;
  guint position;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("featherstone-cacabelos-1809.xml", &panel);
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  game = start_game_seeded (window, 1809);
  g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
  g_assert_no_error (error);
  hill = ph_scenario_find_figure (ph_document_get_scenario (document), "lt_hill");
  colbert = ph_scenario_find_figure (ph_document_get_scenario (document), "colbert");
  ph_test_click_figure (map, hill, 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_select_action (panel, "move"));
  g_assert_true (ph_game_panel_set_argument (panel, "move", "rate", "walk"));
  ph_test_run_until_idle ();
  walk = reach_radius (map, hill);
  g_assert_true (ph_game_panel_set_argument (panel, "move", "rate", "charge"));
  ph_test_run_until_idle ();
  charge = reach_radius (map, hill);
  g_assert_true (ph_game_panel_set_argument (panel, "move", "rate", "run"));
  ph_test_run_until_idle ();
  run = reach_radius (map, hill);
  g_assert_true (ph_game_panel_set_argument (panel, "move", "rate", "crawl"));
  ph_test_run_until_idle ();
  crawl = reach_radius (map, hill);
  g_assert_true (ph_game_panel_set_argument (panel, "move", "rate", "walk"));
  ph_test_run_until_idle ();
  again = reach_radius (map, hill);
  g_test_message ("reach: walk %.2f, charge %.2f, run %.2f, crawl %.2f, walk again %.2f paces",
                  walk, charge, run, crawl, again);
  /* Lt. Hill, in the open: left at walk, his run's 8 paces; a charge's
   * 10, a run's 8, a crawl's 2 */
  g_assert_cmpfloat_with_epsilon (walk, 8, 0.05);
  g_assert_cmpfloat_with_epsilon (charge, 10, 0.05);
  g_assert_cmpfloat_with_epsilon (run, 8, 0.05);
  g_assert_cmpfloat_with_epsilon (crawl, 2, 0.05);
  g_assert_cmpfloat_with_epsilon (again, 8, 0.05);

  /* crawl chosen: a drag of 1.5 paces is a crawl, one of 6 is refused */
  g_assert_true (ph_game_panel_set_argument (panel, "move", "rate", "crawl"));
  ph_test_run_until_idle ();
  scale = ph_viewport_get_scale (ph_map_view_get_viewport (map));
  ph_test_figure_widget_point (map, hill, &x, &y);
  hill_x = hill->x;
  position = ph_game_get_position (game);
  ph_map_view_begin_drag (map, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (map, -1.5 * scale, 0);
  label = ph_map_view_get_move_label (map, NULL);
  g_test_message ("label: %s", label);
  g_assert_cmpstr (label, ==, "crawl: moved 1.5 paces · 0.5 paces left");
  ph_map_view_update_drag (map, -6 * scale, 0);
  label = ph_map_view_get_move_label (map, NULL);
  g_test_message ("label: %s", label);
  g_assert_true (g_str_has_prefix (label, "crawl: moved 6.0 paces"));
  ph_map_view_end_drag (map, -6 * scale, 0);
  ph_test_run_until_idle ();
  g_assert_cmpfloat (hill->x, ==, hill_x);
  g_assert_cmpuint (ph_game_get_position (game), ==, position);

  /* the general, cantering: his gallop's 16 paces left at the form's
   * first rate (a trot), a canter's 12 chosen */
  ph_test_click_figure (map, colbert, 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_select_action (panel, "move"));
  ph_test_run_until_idle ();
  gallop = reach_radius (map, colbert);
  g_assert_true (ph_game_panel_set_argument (panel, "move", "rate", "trot"));
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_set_argument (panel, "move", "rate", "canter"));
  ph_test_run_until_idle ();
  canter = reach_radius (map, colbert);
  g_test_message ("reach: Colbert default %.2f, canter %.2f paces", gallop, canter);
  g_assert_cmpfloat_with_epsilon (gallop, 16, 0.05);
  g_assert_cmpfloat_with_epsilon (canter, 12, 0.05);
  ph_test_window_destroy (window);
}

/* Featherstone's melee: the right-click's item and the Game tab's Melee
 * form say the same chances, from the same reckoning (the trial's menu
 * read "60% to wound" beside the form's basic chances of 50 and 25):
 * each man's basic chance, its variations and what he needs, then the
 * odds; a value changed in the form changes what it says */
static void
test_featherstone_melee_odds_agree (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  PhDocument *document;
  PhScenario *scenario;
  PhMapView *map;
  PhFigure *harris, *roux;
  GtkWidget *popover, *odds;
  g_autoptr(PhFigure) probe = NULL;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *item = NULL;
  g_autofree char *want = NULL;
  double x = 0;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("featherstone-cacabelos-1809.xml", &panel);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  map = ph_window_get_map_view (window);
  start_game_seeded (window, 1809);
  for (int i = 0; i < 3; i++)
    {
      g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
      g_assert_no_error (error);
    }
  harris = ph_scenario_find_figure (scenario, "harris");
  roux = ph_scenario_find_figure (scenario, "voltigeur_roux");
  /* the referee puts Harris base to base with Roux */
  probe = ph_figure_copy (harris);
  probe->y = roux->y;
  for (double d = 8; d > 0 && x == 0; d -= 0.02)
    {
      /* (a spot the game keeps: a position is kept to a thousandth) */
      probe->x = ph_value_round_position (roux->x - d);
      if (ph_game_bases_touch (scenario, probe, roux, NULL))
        x = probe->x;
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map), "map.move-anyway", "(sdd)",
                                             "harris", x, roux->y));
  ph_test_run_until_idle ();
  ph_test_click_figure (map, harris, 0);
  ph_map_view_set_pinned_target (map, roux);
  ph_test_run_until_idle ();

  g_assert_true (ph_map_view_popup_target_menu (map, roux, 50, 50));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  label = menu_label_of (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)), "melee");
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_run_until_idle ();
  g_assert_nonnull (label);
  /* over lines of a menu's width: read as one */
  lines = g_strsplit (label, "\n", -1);
  item = g_strjoinv (" ", lines);
  g_test_message ("menu: %s", item);
  g_assert_cmpstr (item, ==, "Melee: Volt. Roux (Rfn. Benjamin Harris basic 35%, against an "
                   "average +10: needs 45 or less; Volt. Roux basic 45%, against a veteran -10: "
                   "needs 35 or less: 29% to wound him, 19% to be wounded)");

  /* the form: its basic chances, and under it the same reckoning */
  g_assert_true (ph_game_panel_select_action (panel, "melee"));
  ph_test_run_until_idle ();
  odds = ph_test_find_descendant (GTK_WIDGET (panel), mapped_label_starts, "Chances: ");
  g_assert_nonnull (odds);
  g_test_message ("form: %s", gtk_label_get_label (GTK_LABEL (odds)));
  want = g_strdup_printf ("Chances: %s", strchr (item, '(') + 1);
  want[strlen (want) - 1] = '\0';
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (odds)), ==, want);
  /* Roux's shield ticked in the form: what it says follows */
  g_assert_true (ph_game_panel_set_argument (panel, "melee", "target-shield", "true"));
  ph_test_run_until_idle ();
  g_test_message ("form: %s", gtk_label_get_label (GTK_LABEL (odds)));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (odds)),
                                   "Chances: Rfn. Benjamin Harris basic 35%, against an average "
                                   "+10, opponent has shield -20: needs 25 or less"));
  ph_test_window_destroy (window);
}

/* Firelock's bar over the map leads as the others do ("Next: Draw a
 * card · ..."), and with the deck out it says the turn ends: it read
 * "roll for IPs or draw the next card (0 left)" (the trial) */
static void
test_firelock_turn_bar_next (void)
{
  PhWindow *window;
  PhDocument *document;
  PhGame *game;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  const char *text;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("firelock-bloody-run-1758.xml");
  document = ph_window_get_document (window);
  game = start_game_seeded (window, 1758);
  ph_test_run_until_idle ();
  text = gtk_label_get_label (window->turn_label);
  g_test_message ("%s", text);
  g_assert_cmpstr (text, ==, "Next: Draw a card · Turn 1 - 10 cards left");
  g_assert_true (ph_document_game_perform (document, "draw-card", args, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  text = gtk_label_get_label (window->turn_label);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "Next: Roll for IPs · Turn 1 - a "));
  g_assert_true (g_str_has_suffix (text, " up · or Draw a card (9 left)"));
  /* to the last card, its men not rolling */
  while (ph_game_get_var (game, "deck") != NULL && *ph_game_get_var (game, "deck") != '\0')
    {
      g_assert_true (ph_document_game_perform (document, "draw-card", args, &error));
      g_assert_no_error (error);
    }
  ph_test_run_until_idle ();
  text = gtk_label_get_label (window->turn_label);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "Next: Roll for IPs · Turn 1 - a "));
  g_assert_true (g_str_has_suffix (text, " up, the last card · then End the turn: turn 2 gets a "
                                         "new deck, shuffled"));
  g_assert_null (strstr (text, "0 left"));
  ph_test_window_destroy (window);
}

static gboolean
is_drop_down_listing (GtkWidget     *widget,
                      gconstpointer  text)
{
  GListModel *model;

  if (!GTK_IS_DROP_DOWN (widget) || !gtk_widget_get_mapped (widget))
    return FALSE;
  model = gtk_drop_down_get_model (GTK_DROP_DOWN (widget));
  if (!GTK_IS_STRING_LIST (model))
    return FALSE;
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), text) == 0)
      return TRUE;
  return FALSE;
}

/* Featherstone's Apply a wound: each letter says what wound it is, as
 * "WOUND CATEGORY" does (the trial saw bare letters A to J); the letter
 * chosen is still the argument */
static void
test_wound_letters_named (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  PhScenario *scenario;
  PhFigure *figure;
  GtkWidget *letters;
  GtkStringList *model;
  g_autofree char *value = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("featherstone-cacabelos-1809.xml", &panel);
  scenario = ph_document_get_scenario (ph_window_get_document (window));
  start_game_seeded (window, 1809);
  ph_test_run_until_idle ();
  figure = ph_scenario_find_figure (scenario, "harris");
  ph_test_click_figure (ph_window_get_map_view (window), figure, 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_select_action (panel, "wound"));
  ph_test_run_until_idle ();
  letters = ph_test_find_descendant (GTK_WIDGET (panel), is_drop_down_listing,
                                     "B: serious body wound");
  g_assert_nonnull (letters);
  model = GTK_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (letters)));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 10);
  g_assert_cmpstr (gtk_string_list_get_string (model, 0), ==, "A: dead");
  g_assert_cmpstr (gtk_string_list_get_string (model, 2), ==, "C: serious right arm wound");
  g_assert_cmpstr (gtk_string_list_get_string (model, 5), ==,
                   "F: light head wound, knocked out");
  g_assert_cmpstr (gtk_string_list_get_string (model, 9), ==, "J: light leg wound");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (letters), 6);
  value = ph_game_panel_get_argument (panel, "wound", "letter");
  g_assert_cmpstr (value, ==, "G");

  /* given, the letter is named as the form names it, in the log and in
   * the Figure tab (the trial read "serious right arm wound, C" and a
   * bare "C") */
  {
    g_autoptr(GError) error = NULL;
    PhGame *game = ph_document_get_game (ph_window_get_document (window));
    const PhEvent *event;
    GtkWidget *figure_panel = ph_test_window_panel (window, PH_TYPE_FIGURE_PANEL);
    GtkWidget *note;

    g_assert_true (ph_game_panel_perform (panel, "wound", &error));
    g_assert_no_error (error);
    ph_test_run_until_idle ();
    event = ph_game_get_event (game, ph_game_get_position (game) - 1);
    g_test_message ("%s", event->text);
    g_assert_nonnull (strstr (event->text, "G: light body wound ("));
    figure = ph_scenario_find_figure (scenario, "harris");
    g_assert_cmpstr (figure->stats.featherstone.wounds, ==, "G");
    note = ph_test_find_widget (figure_panel, GTK_TYPE_LABEL, "G: light body wound");
    g_assert_nonnull (note);
    g_assert_true (gtk_widget_get_visible (note));
  }
  ph_test_window_destroy (window);
}

/* "What for" belongs to its scenario: another file opened in the window
 * starts with it empty */
static void
test_dice_purpose_per_scenario (void)
{
  PhWindow *window;
  PhDiceTray *tray;
  GtkWidget *purpose;
  g_autoptr(GFile) other = NULL;
  g_autoptr(GError) error = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  tray = ph_game_panel_get_dice_tray (start_game (window));
  purpose = ph_test_find_descendant (GTK_WIDGET (tray), is_purpose_entry, NULL);
  gtk_editable_set_text (GTK_EDITABLE (purpose), "Smith's nerve");
  other = ph_test_example_file (PH_TEST_EXAMPLE_FIRELOCK);
  g_assert_true (ph_window_load_file (window, other, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (purpose)), ==, "");
  ph_test_window_destroy (window);
}

static gboolean
is_log_row_label (GtkWidget     *widget,
                  gconstpointer  prefix)
{
  return GTK_IS_LABEL (widget)
         && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), prefix);
}

/* Whether the log's newest line, "@n. ...", lies all inside what the log's
 * scroller shows, and its text is as high as it wraps to at its width */
static gboolean
newest_log_row_shown (GtkWidget *log,
                      guint      n)
{
  GtkWidget *scroller = ph_test_find_widget (log, GTK_TYPE_SCROLLED_WINDOW, NULL);
  g_autofree char *prefix = g_strdup_printf ("%u. ", n);
  GtkWidget *label = ph_test_find_descendant (log, is_log_row_label, prefix);
  GtkAdjustment *adj;
  GtkWidget *row;
  graphene_rect_t bounds;
  int text_height;

  g_assert_nonnull (scroller);
  if (label == NULL)
    return FALSE;
  /* the row, its padding and its dice too */
  row = gtk_widget_get_ancestor (label, GTK_TYPE_LIST_BOX_ROW);
  if (row == NULL)
    row = gtk_widget_get_parent (label);
  if (!gtk_widget_compute_bounds (row, scroller, &bounds))
    return FALSE;
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (label),
                      &text_height, NULL, NULL, NULL);
  g_test_message ("row %u: y %g to %g in a scroller %d high; the log at %g + %g of %g; "
                  "its text %d high of %d",
                  n, bounds.origin.y, bounds.origin.y + bounds.size.height,
                  gtk_widget_get_height (scroller), gtk_adjustment_get_value (adj),
                  gtk_adjustment_get_page_size (adj), gtk_adjustment_get_upper (adj),
                  gtk_widget_get_height (label), text_height);
  return bounds.size.height > 0
         && bounds.origin.y >= 0
         && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scroller)
         && gtk_widget_get_height (label) >= text_height;
}

/* The log follows its newest line and shows all of it, long lines that
 * wrap and short ones, in a window @width by 740 with the side panel
 * @panel_width wide, or as narrow as it goes */
static gboolean
mapped_label_starts (GtkWidget     *widget,
                     gconstpointer  prefix)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), prefix);
}

/* In a Featherstone game the Fire tab shows the shot the game would fire
 * (snap fire: nobody took aim in the phase before), its controls set so,
 * and once he has fired, that the game will not take another now */
static void
test_fire_tab_follows_game (void)
{
  PhWindow *window;
  PhDocument *document;
  PhShotController *shot;
  PhMapView *map_view;
  PhScenario *scenario;
  PhFigure *plunket, *colbert;
  PhShotOptions defaults = PH_SHOT_OPTIONS_INIT, expected = PH_SHOT_OPTIONS_INIT;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *refusal = NULL;
  g_autofree char *said = NULL;
  PhGame *game;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("featherstone-cacabelos-1809.xml");
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  shot = ph_document_get_shot_controller (document);
  scenario = ph_document_get_scenario (document);
  plunket = ph_scenario_find_figure (scenario, "plunket");
  colbert = ph_scenario_find_figure (scenario, "colbert");
  g_assert_nonnull (plunket);
  g_assert_nonnull (colbert);
  start_game_seeded (window, 3);
  game = ph_document_get_game (document);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "shot"));

  ph_test_click_figure (map_view, plunket, 0);
  ph_map_view_set_pinned_target (map_view, colbert);
  ph_test_run_until_idle ();
  g_assert_true (ph_shot_controller_get_target (shot) == colbert);
  /* the game's shot: snap fire, not the Fire tab's first choice (aimed) */
  ph_game_shot_options (game, plunket, colbert, &expected);
  g_assert_true (memcmp (&expected, &defaults, sizeof expected) != 0);
  g_assert_true (memcmp (ph_shot_controller_get_options (shot), &expected, sizeof expected) == 0);
  g_assert_true (memcmp (ph_shot_panel_get_options (window->shot_panel), &expected,
                         sizeof expected) == 0);
  g_assert_null (ph_shot_controller_get_game_note (shot));
  {
    g_autoptr(PhAssessment) a = ph_engine_assess_figures (scenario, plunket, colbert, &expected,
                                                          NULL);

    g_assert_nonnull (a);
    g_assert_cmpfloat (ph_shot_controller_get_assessment (shot)->p_hit, ==, a->p_hit);
  }
  g_assert_null (ph_test_find_descendant (GTK_WIDGET (window->shot_panel), mapped_label_starts,
                                          "✗ Not now in this game: "));
  g_assert_cmpfloat (ph_shot_controller_get_assessment (shot)->p_hit, >, 0);
  g_assert_nonnull (ph_test_find_descendant (GTK_WIDGET (window->shot_panel), mapped_label_starts,
                                             "✓ Can fire"));

  /* he fires; asked again, the game says why not, in the rules' words */
  g_hash_table_insert (args, (gpointer) "figure", plunket->id);
  g_hash_table_insert (args, (gpointer) "target", colbert->id);
  g_assert_true (ph_document_game_perform (document, "shoot", args, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  refusal = ph_game_shot_refusal (game, plunket, colbert, NULL);
  g_assert_nonnull (refusal);
  g_test_message ("refused: %s", refusal);
  g_assert_cmpstr (ph_shot_controller_get_game_note (shot), ==, refusal);
  said = g_strdup_printf ("✗ Not now in this game: %s", refusal);
  {
    GtkWidget *label = ph_test_find_descendant (GTK_WIDGET (window->shot_panel),
                                                mapped_label_starts, "✗ Not now in this game: ");

    g_assert_nonnull (label);
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, said);
  }
  /* and never "✓ Can fire" beside it (the referee trial saw both) */
  g_assert_null (ph_test_find_descendant (GTK_WIDGET (window->shot_panel), mapped_label_starts,
                                          "✓ Can fire"));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-fire-tab-game.png");
  ph_test_window_destroy (window);
}

static gboolean
is_mapped_toggle (GtkWidget     *widget,
                  gconstpointer  label)
{
  return GTK_IS_TOGGLE_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

/* The menu's "Shoot at" item for @shooter at @target, one line (a long
 * one wraps over the menu's lines) */
static char *
shot_item (PhMapView *map,
           PhFigure  *shooter,
           PhFigure  *target)
{
  GtkWidget *popover;
  g_autofree char *label = NULL;
  g_auto(GStrv) lines = NULL;

  ph_test_click_figure (map, shooter, 0);
  ph_map_view_set_pinned_target (map, target);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_popup_target_menu (map, target, 50, 50));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  label = menu_label_of (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)), "shoot");
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_run_until_idle ();
  g_assert_nonnull (label);
  lines = g_strsplit (label, "\n", -1);
  return g_strjoinv (" ", lines);
}

/* Featherstone's shot on the map: the item says what the chance is made
 * of as the log then gives it, the Chance of a Hit table's number and
 * every variation, the snap's at that range too (the trial's item left
 * out both), then the odds; and a shot that cannot hit says why (the
 * trial's "Shoot at Volt. Roux (cannot hit)") */
static void
test_featherstone_shot_item (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map;
  PhScenario *scenario;
  PhGame *game;
  PhFigure *harris, *mccabe, *roux;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *item = NULL;
  g_autofree char *none = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("featherstone-cacabelos-1809.xml");
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  harris = ph_scenario_find_figure (scenario, "harris");
  mccabe = ph_scenario_find_figure (scenario, "mccabe");
  roux = ph_scenario_find_figure (scenario, "voltigeur_roux");
  game = start_game_seeded (window, 3);
  for (int i = 0; i < 2; i++)
    {
      g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
      g_assert_no_error (error);
    }

  /* a novice walking, snap at medium range into the vineyard: 10 - 20
   * - 10 - 10 */
  none = shot_item (map, mccabe, roux);
  g_test_message ("%s", none);
  g_assert_cmpstr (none, ==, "Shoot at Volt. Roux (Snap, chance of a hit: soft row, medium "
                   "range 10%, novice shooting -20, snap fire at medium range -10, shooter "
                   "walking -10, cannot hit: no roll succeeds with these)");

  /* Harris, a veteran: 10 + 20 - 10; the log says the same */
  item = shot_item (map, harris, roux);
  g_test_message ("%s", item);
  g_assert_cmpstr (item, ==, "Shoot at Volt. Roux (Snap, chance of a hit: soft row, medium "
                   "range 10%, veteran shooting +20, snap fire at medium range -10, 20% to hit)");
  g_hash_table_insert (args, (gpointer) "figure", (gpointer) "harris");
  g_hash_table_insert (args, (gpointer) "target", (gpointer) "voltigeur_roux");
  g_assert_true (ph_document_game_perform (document, "shoot", args, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (ph_game_get_event (game, ph_game_get_position (game) - 1)->text,
                           "medium range, target soft 10%, veteran shooting +20, snap fire at "
                           "medium range -10: needs 20 or less"));
  ph_test_window_destroy (window);
}

/* Featherstone's Fire tab shows the Chance of a Hit table's number under
 * the variations (the trial saw only the variations), and its game note
 * is for the shot the tab shows: aimed fire picked in the phase the aim
 * is taken is refused there (the trial saw "Can fire") */
static void
test_fire_tab_aim_note (void)
{
  PhWindow *window;
  PhDocument *document;
  PhShotController *shot;
  PhMapView *map_view;
  PhScenario *scenario;
  PhFigure *harris, *roux;
  GtkWidget *base, *aimed, *note;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("featherstone-cacabelos-1809.xml");
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  shot = ph_document_get_shot_controller (document);
  scenario = ph_document_get_scenario (document);
  harris = ph_scenario_find_figure (scenario, "harris");
  roux = ph_scenario_find_figure (scenario, "voltigeur_roux");
  start_game_seeded (window, 3);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "shot"));
  ph_test_click_figure (map_view, harris, 0);
  ph_map_view_set_pinned_target (map_view, roux);
  ph_test_run_until_idle ();

  /* in the vineyard's soft cover at medium range: 10%, then veteran +20
   * and snap at medium -10 */
  base = ph_test_find_descendant (GTK_WIDGET (window->shot_panel), mapped_label_starts,
                                  "Chance of a hit: ");
  g_assert_nonnull (base);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (base)), ==,
                   "Chance of a hit: soft row, medium range");
  g_assert_true (GTK_IS_GRID (gtk_widget_get_parent (base)));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (gtk_grid_get_child_at (
                     GTK_GRID (gtk_widget_get_parent (base)), 1, 0))), ==, "10%");

  /* at step 1, the right-click's shot says where it takes the game (it
   * said "ending this step", then "to its step", skipping two) */
  {
    GtkWidget *popover;
    g_autofree char *label = NULL;

    g_assert_true (ph_map_view_popup_target_menu (map_view, roux, 50, 50));
    ph_test_run_until_idle ();
    popover = ph_test_find_descendant (GTK_WIDGET (map_view), ph_test_popover_mapped, NULL);
    g_assert_nonnull (popover);
    label = menu_label_of (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)), "shoot");
    g_assert_nonnull (label);
    g_test_message ("%s", label);
    g_assert_true (g_str_has_suffix (label, ", moving the game on to step 3, calculate firing"));
    gtk_popover_popdown (GTK_POPOVER (popover));
    ph_test_run_until_idle ();
  }

  g_hash_table_insert (args, (gpointer) "figure", harris->id);
  g_hash_table_insert (args, (gpointer) "target", roux->id);
  g_assert_true (ph_document_game_perform (document, "aim", args, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  /* the game's own shot now is snap fire, which it would take */
  g_assert_null (ph_shot_controller_get_game_note (shot));
  aimed = ph_test_find_descendant (GTK_WIDGET (window->shot_panel), is_mapped_toggle, "Aimed");
  g_assert_nonnull (aimed);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (aimed), TRUE);
  ph_test_run_until_idle ();
  g_assert_nonnull (ph_shot_controller_get_game_note (shot));
  g_assert_nonnull (strstr (ph_shot_controller_get_game_note (shot),
                            "has not adopted a firing position"));
  note = ph_test_find_descendant (GTK_WIDGET (window->shot_panel), mapped_label_starts,
                                  "✗ Not now in this game: ");
  g_assert_nonnull (note);
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (note)), "in the phase before"));
  ph_test_window_destroy (window);
}

/* A man his wound keeps to a crawl: picked in a Featherstone game, the
 * Game tab's Move starts at Crawl, as a drag would move him, not at the
 * list's first rate (Walk), which the rules refuse him */
static void
test_move_form_rate (void)
{
  PhWindow *window;
  PhDocument *document;
  PhGamePanel *panel;
  PhMapView *map_view;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *rate = NULL;
  g_autofree char *sound = NULL;
  PhScenario *scenario;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("featherstone-cacabelos-1809.xml");
  document = ph_window_get_document (window);
  map_view = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  panel = game_panel_of (window);
  start_game_seeded (window, 3);
  /* "B Serious body wound. No movement or action for six phases. Then can
   * crawl or stagger only." */
  g_hash_table_insert (args, (gpointer) "figure", (gpointer) "plunket");
  g_hash_table_insert (args, (gpointer) "letter", (gpointer) "B");
  g_assert_true (ph_document_game_perform (document, "wound", args, &error));
  g_assert_no_error (error);
  g_hash_table_remove_all (args);
  for (int phase = 2; phase <= 8; phase++)
    {
      g_assert_true (ph_document_game_perform (document, "end-phase", args, &error));
      g_assert_no_error (error);
    }
  /* on to the movement step, where a drag moves a man */
  g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  ph_test_click_figure (map_view, ph_scenario_find_figure (scenario, "harris"), 0);
  ph_test_run_until_idle ();
  sound = ph_game_panel_get_argument (panel, "move", "rate");
  g_assert_cmpstr (sound, ==, "walk");
  ph_test_click_figure (map_view, ph_scenario_find_figure (scenario, "plunket"), 0);
  ph_test_run_until_idle ();
  rate = ph_game_panel_get_argument (panel, "move", "rate");
  g_assert_cmpstr (rate, ==, "crawl");
  ph_test_window_destroy (window);
}

/* The drop-down's items, joined by spaces */
static char *
drop_down_items (GtkWidget *drop_down)
{
  GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (drop_down));
  GString *items = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    g_string_append_printf (items, "%s%s", i > 0 ? " " : "",
                            gtk_string_list_get_string (GTK_STRING_LIST (model), i));
  return g_string_free (items, FALSE);
}

/* The Move form's Rate lists what the man's feet or his horse allow (the
 * trial offered a man on foot a horse's trot, canter and gallop), and
 * the rate picked is still the one the move takes */
static void
test_move_form_rates_offered (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  PhDocument *document;
  PhScenario *scenario;
  PhMapView *map;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *foot = NULL;
  g_autofree char *horse = NULL;
  g_autofree char *rate = NULL;
  GtkWidget *list;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("featherstone-cacabelos-1809.xml", &panel);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  map = ph_window_get_map_view (window);
  start_game_seeded (window, 1809);
  g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
  g_assert_no_error (error);
  ph_test_click_figure (map, ph_scenario_find_figure (scenario, "harris"), 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_select_action (panel, "move"));
  ph_test_run_until_idle ();
  list = ph_test_find_descendant (GTK_WIDGET (panel), is_drop_down_listing, "walk");
  g_assert_nonnull (list);
  foot = drop_down_items (list);
  g_assert_cmpstr (foot, ==, "walk run charge crawl");
  g_assert_true (ph_game_panel_set_argument (panel, "move", "rate", "charge"));
  rate = ph_game_panel_get_argument (panel, "move", "rate");
  g_assert_cmpstr (rate, ==, "charge");
  g_assert_false (ph_game_panel_set_argument (panel, "move", "rate", "gallop"));

  /* the general, cantering on the road: "Riders may accelerate or
   * decelerate from one Rate to another (ie up or down)": not a walk */
  ph_test_click_figure (map, ph_scenario_find_figure (scenario, "colbert"), 0);
  ph_test_run_until_idle ();
  horse = drop_down_items (list);
  g_assert_cmpstr (horse, ==, "trot canter gallop");
  g_assert_true (ph_game_panel_set_argument (panel, "move", "rate", "canter"));
  g_clear_pointer (&rate, g_free);
  rate = ph_game_panel_get_argument (panel, "move", "rate");
  g_assert_cmpstr (rate, ==, "canter");
  ph_test_window_destroy (window);
}

static gboolean
is_mapped_entry (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_ENTRY (widget) && gtk_widget_get_mapped (widget)
         && !is_purpose_entry (widget, NULL);
}

/* Fistful's Declare an ace: As and Ace are lists of cards in words, not
 * boxes to type KS in (issue 11); the aces the side holds, the cards of
 * the rank called; the card picked is the one laid down */
static void
test_fistful_ace_choices (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  PhDocument *document;
  PhGame *game;
  GtkWidget *as_list;
  GtkWidget *ace_list;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *as_items = NULL;
  g_autofree char *ace_items = NULL;
  g_autofree char *none_items = NULL;
  g_autofree char *value = NULL;
  const PhEvent *event;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab ("fistful-north-bridge-1775.xml", &panel);
  document = ph_window_get_document (window);
  game = start_game_seeded (window, 1775);
  g_hash_table_insert (args, "side", "light_bobs");
  g_hash_table_insert (args, "cards", "AH AC 7D");
  g_assert_true (ph_document_game_perform (document, "set-hand", args, &error));
  g_assert_no_error (error);
  g_hash_table_insert (args, "side", "minutemen");
  g_hash_table_insert (args, "cards", "QS 5D");
  g_assert_true (ph_document_game_perform (document, "set-hand", args, &error));
  g_assert_no_error (error);
  /* Kings!, no real King held */
  g_hash_table_remove_all (args);
  g_assert_true (ph_document_game_perform (document, "call", args, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();

  g_assert_true (ph_game_panel_select_action (panel, "declare-ace"));
  g_assert_true (ph_game_panel_set_argument (panel, "declare-ace", "side", "light_bobs"));
  ph_test_run_until_idle ();
  as_list = ph_test_find_descendant (GTK_WIDGET (panel), is_drop_down_listing, "King of Hearts");
  g_assert_nonnull (as_list);
  /* nothing to type (but the dice's "What for") */
  g_assert_null (ph_test_find_descendant (GTK_WIDGET (panel), is_mapped_entry, NULL));
  as_items = drop_down_items (as_list);
  g_assert_cmpstr (as_items, ==, "King of Spades King of Hearts King of Diamonds King of Clubs");
  ace_list = ph_test_find_descendant (GTK_WIDGET (panel), is_drop_down_listing, "Ace of Clubs");
  g_assert_nonnull (ace_list);
  ace_items = drop_down_items (ace_list);
  g_assert_cmpstr (ace_items, ==, "Default (its first ace) Ace of Hearts Ace of Clubs");

  /* the other side holds none: the list as it is, Perform says why */
  g_assert_true (ph_game_panel_set_argument (panel, "declare-ace", "side", "minutemen"));
  ph_test_run_until_idle ();
  none_items = drop_down_items (ace_list);
  g_assert_true (g_str_has_suffix (none_items, "Ace of Spades Ace of Hearts Ace of Diamonds Ace of Clubs"));
  g_assert_true (ph_game_panel_set_argument (panel, "declare-ace", "side", "light_bobs"));
  ph_test_run_until_idle ();

  /* the Ace of Clubs as the King of Diamonds, picked in the lists */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (as_list), 2);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (ace_list), 2);
  value = ph_game_panel_get_argument (panel, "declare-ace", "as");
  g_assert_cmpstr (value, ==, "KD");
  g_assert_true (ph_game_panel_perform (panel, "declare-ace", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  event = ph_game_get_event (game, ph_game_get_position (game) - 1);
  g_test_message ("%s", event->text);
  g_assert_nonnull (strstr (event->text, "the Ace of Clubs as the King of Diamonds laid down"));
  g_assert_cmpstr (ph_game_get_var (game, "table"), ==, "AC=KD:light_bobs");
  ph_test_window_destroy (window);
}

/* Replaying an earlier step keeps the log as tall as it was: the step's
 * note above it must not squeeze it to a few rows */
static void
test_log_height_in_replay (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  PhDiceTray *tray;
  GtkWidget *log;
  g_autoptr(GFile) file = ph_test_example_file (PH_TEST_EXAMPLE_MAYHEM);
  g_autoptr(GError) error = NULL;
  int now_height, replay_height;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_sized (1366, 740);
  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  ph_test_wait_drawn (GTK_WIDGET (window));
  panel = game_panel_of (window);
  tray = ph_game_panel_get_dice_tray (start_game (window));
  ph_test_click_figure (ph_window_get_map_view (window),
                        ph_test_find_figure (ph_document_get_scenario (ph_window_get_document (window)),
                                             NULL), 0);
  for (guint i = 0; i < 8; i++)
    {
      g_assert_true (ph_dice_tray_roll (tray, "2d6", &error));
      g_assert_no_error (error);
    }
  ph_test_wait_drawn (GTK_WIDGET (window));
  log = ph_test_find_widget (GTK_WIDGET (window), PH_TYPE_GAME_LOG, NULL);
  g_assert_nonnull (log);
  now_height = gtk_widget_get_height (log);
  g_assert_true (ph_game_panel_replay_to (panel, 2));
  ph_test_run_until_idle ();
  ph_test_wait_drawn (GTK_WIDGET (window));
  replay_height = gtk_widget_get_height (log);
  g_test_message ("the log %d px tall at the newest step, %d px replaying step 2",
                  now_height, replay_height);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-game-replay.png");
  g_assert_cmpint (now_height, >, 150);
  g_assert_cmpint (replay_height * 10, >=, now_height * 8);
  ph_test_window_destroy (window);
}

/* The five rulesets' examples, as the laptop tests open them */
static const char * const laptop_examples[] = {
  "firelock-bloody-run-1758.xml", "fistful-north-bridge-1775.xml",
  "musket-mayhem-fight-at-the-farmstead.xml", "featherstone-cacabelos-1809.xml",
  "guns-of-war-tithe-barn.xml", NULL
};

/* @example in a window of a laptop's screen (1366 by 740), its game
 * started and its first figure clicked on the map */
static PhWindow *
laptop_game_window (const char   *example,
                    PhGamePanel **panel)
{
  PhWindow *window = ph_test_window_new_sized (1366, 740);
  g_autoptr(GFile) file = ph_test_example_file (example);
  g_autoptr(GError) error = NULL;

  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  ph_test_wait_drawn (GTK_WIDGET (window));
  *panel = start_game (window);
  ph_test_click_figure (ph_window_get_map_view (window),
                        ph_test_find_figure (ph_document_get_scenario (ph_window_get_document (window)),
                                             NULL), 0);
  return window;
}

/* The Game tab's heading on a laptop (1366 by 740), a man acting in
 * Firelock: "Turn 1 - a red card (Rogers' Rangers): Capt. John Stark to
 * act, 11 IPs left ..." wraps, his name whole; one line cut it to "Capt.
 * Joh…" */
static void
test_heading_names_acting_man (void)
{
  PhGamePanel *panel;
  PhWindow *window;
  PhDocument *document;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  GtkWidget *heading;
  PangoLayout *layout;
  gboolean acting = FALSE;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = laptop_game_window ("firelock-bloody-run-1758.xml", &panel);
  document = ph_window_get_document (window);
  /* cards until a red one, for Capt. John Stark to roll his IPs */
  for (int i = 0; i < 10 && !acting; i++)
    {
      g_hash_table_remove_all (args);
      g_assert_true (ph_document_game_perform (document, "draw-card", args, &error));
      g_assert_no_error (error);
      g_hash_table_insert (args, "figure", "stark");
      acting = ph_document_game_perform (document, "roll-ips", args, NULL);
    }
  g_assert_true (acting);
  ph_test_wait_drawn (GTK_WIDGET (window));
  ph_test_run_until_idle ();
  heading = ph_test_find_descendant (GTK_WIDGET (panel), label_mapped_starting, "Turn 1 - ");
  g_assert_nonnull (heading);
  g_test_message ("%s", gtk_label_get_text (GTK_LABEL (heading)));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (heading)), "Capt. John Stark to act"));
  layout = gtk_label_get_layout (GTK_LABEL (heading));
  if (pango_layout_is_ellipsized (layout))
    {
      ph_test_save_screenshot (GTK_WIDGET (window), "app-game-heading-cut.png");
      g_error ("the Game tab's heading is cut (%d px wide): %s", gtk_widget_get_width (heading),
               gtk_label_get_text (GTK_LABEL (heading)));
    }
  /* and it wraps in the panel, never wider than it */
  g_assert_cmpint (pango_layout_get_line_count (layout), >, 1);
  g_assert_cmpint (gtk_widget_get_width (heading), <=, gtk_widget_get_width (GTK_WIDGET (panel)));
  ph_test_window_destroy (window);
}

/* On a laptop's screen (1366 by 740), the form of each action the game
 * leads to shows whole, with Perform under it: the top of the Game tab
 * (the action, its help and its form) needs no scrolling. Rarely wanted
 * yes-or-no options fold under "More options" (with what is set named
 * on it) so that a form of many (Musket Mayhem's Melee: ten) still fits. */
static void
test_forms_fit_laptop (void)
{
  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  for (guint e = 0; laptop_examples[e] != NULL; e++)
    {
      PhGamePanel *panel;
      PhWindow *window = laptop_game_window (laptop_examples[e], &panel);
      PhGame *game = ph_document_get_game (ph_window_get_document (window));
      GtkWidget *scroller;
      GtkAdjustment *adjustment;

      scroller = ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_SCROLLED_WINDOW, NULL);
      g_assert_nonnull (scroller);
      adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
      for (const PhGameActionInfo *info = ph_game_get_rules (game)->actions;
           info->name != NULL; info++)
        {
          int hidden;

          if (info->same_as != NULL)
            continue;
          g_assert_true (ph_game_panel_select_action (panel, info->name));
          ph_test_wait_drawn (GTK_WIDGET (window));
          ph_test_run_until_idle ();
          hidden = (int) (gtk_adjustment_get_upper (adjustment)
                          - gtk_adjustment_get_page_size (adjustment));
          /* and no blank band under it: the top is as tall as the form
           * at its width (PhFitScroller; GTK 4.8 alone gave it the
           * height of its labels at their natural width, 31 px more
           * under Firelock's Move, 38 under Guns of War's) */
          {
            GtkWidget *content = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
            int natural;

            gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (scroller),
                                NULL, &natural, NULL, NULL);
            /* (a short form: the window's least, 120 px) */
            natural = MAX (natural, gtk_scrolled_window_get_min_content_height (GTK_SCROLLED_WINDOW (scroller)));
            if (gtk_widget_get_height (scroller) > natural + 1)
              g_error ("%s, %s: %d px blank under the form", laptop_examples[e], info->name,
                       gtk_widget_get_height (scroller) - natural);
          }
          if (hidden > 0)
            {
              ph_test_save_screenshot (GTK_WIDGET (window), "app-game-form-scrolls.png");
              g_error ("%s, %s: %d px of the form scroll out of sight", laptop_examples[e],
                       info->name, hidden);
            }
        }
      ph_test_window_destroy (window);
    }
}

/* Musket Mayhem's Melee with More options open on a laptop (1366 by
 * 740): Perform is in the panel, the form scrolling where it is taller
 * (it ran past the panel's foot) */
static void
test_melee_more_options_fit (void)
{
  PhGamePanel *panel;
  PhWindow *window;
  GtkWidget *label, *expander, *perform, *scroller;
  graphene_rect_t bounds, panel_bounds;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = laptop_game_window ("musket-mayhem-fight-at-the-farmstead.xml", &panel);
  g_assert_true (ph_game_panel_select_action (panel, "melee"));
  ph_test_run_until_idle ();
  label = ph_test_find_descendant (GTK_WIDGET (panel), label_mapped_starting, "More options");
  g_assert_nonnull (label);
  expander = gtk_widget_get_ancestor (label, GTK_TYPE_EXPANDER);
  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);
  ph_test_run_until_idle ();
  ph_test_wait_drawn (GTK_WIDGET (window));
  perform = ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_BUTTON, "_Perform");
  g_assert_nonnull (perform);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (panel), GTK_WIDGET (window), &panel_bounds));
  g_assert_true (gtk_widget_compute_bounds (perform, GTK_WIDGET (window), &bounds));
  g_test_message ("panel %g..%g, Perform %g..%g, window %d", panel_bounds.origin.y,
                  panel_bounds.origin.y + panel_bounds.size.height, bounds.origin.y,
                  bounds.origin.y + bounds.size.height, gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                     panel_bounds.origin.y + panel_bounds.size.height);
  g_assert_cmpfloat (panel_bounds.origin.y + panel_bounds.size.height, <=,
                     gtk_widget_get_height (GTK_WIDGET (window)));
  scroller = ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_SCROLLED_WINDOW, NULL);
  g_assert_true (gtk_widget_compute_bounds (scroller, GTK_WIDGET (window), &bounds));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                     panel_bounds.origin.y + panel_bounds.size.height);
  /* the form is taller than its room: it scrolls, with a scrollbar in
   * sight, and the options just opened are shown from "More options"
   * down (they opened below the fold) */
  {
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
    GtkWidget *bar = gtk_scrolled_window_get_vscrollbar (GTK_SCROLLED_WINDOW (scroller));
    graphene_rect_t more;

    /* (a frame to lay the rows out, the next to scroll to them) */
    PH_TEST_WAIT_UNTIL (gtk_adjustment_get_value (adjustment) > 0);
    ph_test_wait_drawn (GTK_WIDGET (window));
    g_assert_true (gtk_widget_compute_bounds (scroller, GTK_WIDGET (window), &bounds));
    g_test_message ("scrolled %g of %g, page %g", gtk_adjustment_get_value (adjustment),
                    gtk_adjustment_get_upper (adjustment), gtk_adjustment_get_page_size (adjustment));
    g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >,
                       gtk_adjustment_get_page_size (adjustment));
    g_assert_true (gtk_widget_get_mapped (bar));
    g_assert_false (gtk_scrolled_window_get_overlay_scrolling (GTK_SCROLLED_WINDOW (scroller)));
    g_assert_cmpfloat (gtk_adjustment_get_value (adjustment), >, 0);
    g_assert_true (gtk_widget_compute_bounds (expander, GTK_WIDGET (window), &more));
    g_assert_cmpfloat (more.origin.y, >=, bounds.origin.y - 1);
    g_assert_cmpfloat (more.origin.y + 60, <=, bounds.origin.y + bounds.size.height);
    ph_test_save_screenshot (GTK_WIDGET (window), "app-game-melee-more.png");
  }
  ph_test_window_destroy (window);
}

/* After the Game tab's melee is performed, what shows under Perform is
 * the way on, not a refusal of the man who has just fought ("Sgt Smith
 * is gone (ran off): pick the next one…", dim under Perform, read as the
 * melee refused: the trial) */
static void
test_no_refusal_after_perform (void)
{
  PhWindow *window;
  PhDocument *document;
  PhGamePanel *panel;
  PhScenario *scenario;
  PhGame *game;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  PhFigure *smith, *otter;
  const char *said;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("musket-mayhem-fight-at-the-farmstead.xml");
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  panel = game_panel_of (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "game"));
  game = start_game_seeded (window, 5);
  g_assert_true (ph_document_game_perform (document, "initiative", args, &error));
  g_assert_no_error (error);
  if (g_strcmp0 (ph_game_get_var (game, "phase"), "choose-order") == 0)
    {
      g_hash_table_insert (args, (gpointer) "go",
                           g_strcmp0 (ph_game_get_var (game, "initiative-winner"), "british") == 0
                           ? (gpointer) "first" : (gpointer) "second");
      g_assert_true (ph_document_game_perform (document, "choose-order", args, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpstr (ph_game_get_var (game, "active-side"), ==, "british");
  /* La Loutre in contact with Smith */
  smith = ph_scenario_find_figure (scenario, "smith");
  otter = ph_scenario_find_figure (scenario, "otter");
  {
    g_autoptr(PhFigure) moved = ph_figure_copy (otter);

    moved->x = smith->x;
    moved->y = smith->y - 1;
    ph_document_update_figure (document, "Move", moved);
  }
  ph_test_run_until_idle ();
  ph_test_click_figure (ph_window_get_map_view (window), smith, 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_select_action (panel, "melee"));
  g_assert_true (ph_game_panel_set_argument (panel, "melee", "target", "otter"));
  g_assert_true (ph_game_panel_perform (panel, "melee", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_test_message ("%s", ph_game_get_event (game, ph_game_get_position (game) - 1)->text);
  said = ph_game_panel_get_action_error (panel, ph_game_panel_get_selected_action (panel));
  g_test_message ("now %s: %s", ph_game_panel_get_selected_action (panel), said);
  /* nobody else in contact: the game leads on to the end of the side's
   * go ("and then resolves all hand-to-hand combat figure by figure"),
   * with nothing refused said */
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "end-activation");
  g_assert_null (said);
  ph_test_window_destroy (window);
}

/* The figure drop-down's items, as shown */
static char *
drop_down_item (GtkDropDown *drop_down,
                guint        position)
{
  g_autoptr(GObject) item = g_list_model_get_item (gtk_drop_down_get_model (drop_down), position);

  return g_strdup (gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
}

static gboolean
is_mapped_figure_drop_down (GtkWidget     *widget,
                            gconstpointer  data)
{
  g_autofree char *first = NULL;

  if (!GTK_IS_DROP_DOWN (widget) || !gtk_widget_get_mapped (widget))
    return FALSE;
  first = drop_down_item (GTK_DROP_DOWN (widget), 0);
  return g_str_equal (first, "Choose, or click on the map");
}

/* Firelock, the French card up with Rogers the last man picked: Roll
 * for IPs is for a Frenchman who can roll, chosen, and the French who
 * can are listed first (on a Rangers' card it offered Ens. Marin) */
static void
test_form_for_man_who_can (void)
{
  PhWindow *window;
  PhDocument *document;
  PhGamePanel *panel;
  PhScenario *scenario;
  PhGame *game;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *who = NULL;
  GtkWidget *drop_down;
  PhFigure *figure;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("firelock-bloody-run-1758.xml");
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  panel = game_panel_of (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "game"));
  game = start_game_seeded (window, 7);
  ph_test_click_figure (ph_window_get_map_view (window), ph_scenario_find_figure (scenario, "rogers"), 0);
  ph_test_run_until_idle ();
  /* cards until the French one */
  do
    {
      g_assert_true (ph_document_game_perform (document, "draw-card", args, &error));
      g_assert_no_error (error);
    }
  while (!g_str_has_suffix (ph_game_get_var (game, "card-up"), ":french"));
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "roll-ips");
  who = ph_game_panel_get_argument (panel, "roll-ips", "figure");
  g_test_message ("the form's man: %s", who);
  g_assert_nonnull (who);
  figure = ph_scenario_find_figure (scenario, who);
  g_assert_cmpstr (figure->side, ==, "french");
  g_hash_table_insert (args, (gpointer) "figure", who);
  g_assert_true (ph_game_try (game, "roll-ips", args, TRUE, NULL));
  /* the drop-down: the five French first, the one chosen first of them */
  drop_down = ph_test_find_descendant (GTK_WIDGET (panel), is_mapped_figure_drop_down, NULL);
  g_assert_nonnull (drop_down);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (drop_down)), ==, 1);
  for (guint i = 1; i <= 5; i++)
    {
      g_autofree char *item = drop_down_item (GTK_DROP_DOWN (drop_down), i);

      g_test_message ("%u: %s", i, item);
      g_assert_true (g_str_has_suffix (item, "(Langlade's War Party)"));
    }
  {
    g_autofree char *sixth = drop_down_item (GTK_DROP_DOWN (drop_down), 6);

    g_assert_true (g_str_has_suffix (sixth, "(Rogers' Rangers)"));
  }
  /* Perform: he rolls, and the tab leads on with him */
  g_assert_true (ph_game_panel_perform (panel, "roll-ips", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (ph_game_get_var (game, "active"), ==, who);
  ph_test_window_destroy (window);
}

/* Musket Mayhem: Smith (British) the last man picked, the French to
 * move: Roll movement dice is for a Frenchman, and the French are listed
 * first, before the British the file names first (it kept Smith, who
 * cannot roll on the French go) */
static void
test_mayhem_roll_for_next_man (void)
{
  PhWindow *window;
  PhDocument *document;
  PhGamePanel *panel;
  PhScenario *scenario;
  PhGame *game;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *who = NULL;
  GtkWidget *drop_down;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("musket-mayhem-fight-at-the-farmstead.xml");
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  panel = game_panel_of (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "game"));
  /* (the French win the initiative) */
  game = start_game_seeded (window, 1);
  ph_test_click_figure (ph_window_get_map_view (window), ph_scenario_find_figure (scenario, "smith"),
                        0);
  ph_test_run_until_idle ();
  g_assert_true (ph_document_game_perform (document, "initiative", args, &error));
  g_assert_no_error (error);
  if (g_strcmp0 (ph_game_get_var (game, "phase"), "choose-order") == 0)
    {
      g_hash_table_insert (args, (gpointer) "go",
                           g_strcmp0 (ph_game_get_var (game, "initiative-winner"), "french") == 0
                           ? (gpointer) "first" : (gpointer) "second");
      g_assert_true (ph_document_game_perform (document, "choose-order", args, &error));
      g_assert_no_error (error);
    }
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_get_var (game, "active-side"), ==, "french");
  g_assert_cmpstr (ph_game_expected (game), ==, "roll-move");
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "roll-move");
  who = ph_game_panel_get_argument (panel, "roll-move", "figure");
  g_test_message ("the form's man: %s", who);
  g_assert_nonnull (who);
  g_assert_cmpstr (ph_scenario_find_figure (scenario, who)->side, ==, "french");
  drop_down = ph_test_find_descendant (GTK_WIDGET (panel), is_mapped_figure_drop_down, NULL);
  g_assert_nonnull (drop_down);
  /* the six French first, then the British */
  for (guint i = 1; i <= 7; i++)
    {
      g_autofree char *item = drop_down_item (GTK_DROP_DOWN (drop_down), i);

      g_test_message ("%u: %s", i, item);
      g_assert_true (g_str_has_suffix (item, i <= 6 ? "(Compagnies franches)" : "(British Regulars)"));
    }
  ph_test_window_destroy (window);
}

/* A shown drop-down of the Action or of figures, or the figures' names,
 * or the action's help, with a tooltip */
static gboolean
has_covering_tooltip (GtkWidget     *widget,
                      gconstpointer  help)
{
  if (!gtk_widget_get_mapped (widget) || gtk_widget_get_tooltip_text (widget) == NULL)
    return FALSE;
  if (GTK_IS_DROP_DOWN (widget))
    {
      g_autofree char *first = drop_down_item (GTK_DROP_DOWN (widget), 0);

      /* the Action list, a figure's or a target's */
      return g_str_equal (first, "Draw a card") || g_str_has_prefix (first, "Choose");
    }
  return GTK_IS_LABEL (widget)
         && (gtk_widget_has_css_class (widget, "game-figure-name")
             || g_str_equal (gtk_label_get_text (GTK_LABEL (widget)), help));
}

/* The Game tab's tooltips lay over what they were about: the Action
 * list's (its help again) over its own items, the figure list's "Or
 * click the figure on the map" over Perform. Gone: the help shows under
 * the list, the way to choose on the map is the figure list's first
 * item, and whose choice the target is shows in its row */
static void
test_form_tooltips_gone (void)
{
  PhWindow *window;
  PhDocument *document;
  PhGamePanel *panel;
  PhGame *game;
  GtkWidget *tipped;
  const char *help;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("firelock-bloody-run-1758.xml");
  document = ph_window_get_document (window);
  panel = game_panel_of (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "game"));
  game = start_game_seeded (window, 7);
  help = ph_game_find_action (game, "melee")->help;
  g_assert_true (ph_game_panel_select_action (panel, "melee"));
  ph_test_run_until_idle ();
  g_assert_nonnull (ph_test_find_descendant (GTK_WIDGET (panel), label_mapped_starting, help));
  g_assert_nonnull (ph_test_find_descendant (GTK_WIDGET (panel), is_mapped_figure_drop_down, NULL));
  tipped = ph_test_find_descendant (GTK_WIDGET (panel), has_covering_tooltip, help);
  if (tipped != NULL)
    g_error ("a %s with the tooltip “%s”", G_OBJECT_TYPE_NAME (tipped),
             gtk_widget_get_tooltip_text (tipped));
  /* with Dubois acting, his form names him and the enemy the rules
   * choose in their rows, with no tooltip */
  g_assert_true (ph_document_game_perform (document, "draw-card", args, &error));
  g_hash_table_insert (args, (gpointer) "figure", (gpointer) "dubois");
  g_assert_true (ph_document_game_perform (document, "roll-ips", args, &error));
  g_assert_no_error (error);
  ph_test_click_figure (ph_window_get_map_view (window),
                        ph_scenario_find_figure (ph_document_get_scenario (document), "dubois"), 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_select_action (panel, "shoot"));
  ph_test_run_until_idle ();
  tipped = ph_test_find_descendant (GTK_WIDGET (panel), has_covering_tooltip,
                                    ph_game_find_action (game, "shoot")->help);
  if (tipped != NULL)
    g_error ("a %s with the tooltip “%s”", G_OBJECT_TYPE_NAME (tipped),
             gtk_widget_get_tooltip_text (tipped));
  ph_test_window_destroy (window);
}

/* Musket Mayhem's Melee folds its ten yes-or-no options under "More
 * options", which names those set (by hand or by the window), and the
 * folded ones are still performed */
static void
test_more_options (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  GtkWidget *expander, *label;
  g_autofree char *value = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on ("musket-mayhem-fight-at-the-farmstead.xml");
  panel = start_game (window);
  g_assert_true (ph_game_panel_select_action (panel, "melee"));
  ph_test_run_until_idle ();
  ph_test_wait_drawn (GTK_WIDGET (window));
  label = ph_test_find_descendant (GTK_WIDGET (panel), label_mapped_starting, "More options");
  g_assert_nonnull (label);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, "More options");
  expander = gtk_widget_get_ancestor (label, GTK_TYPE_EXPANDER);
  g_assert_nonnull (expander);
  g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (expander)));
  /* folded: the option rows are not shown */
  g_assert_false (gtk_widget_get_mapped (gtk_expander_get_child (GTK_EXPANDER (expander))));

  g_assert_true (ph_game_panel_set_argument (panel, "melee", "superior", "true"));
  g_assert_true (ph_game_panel_set_argument (panel, "melee", "use-save", "false"));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==,
                   "More options (Superior: yes, Use save: no)");
  value = ph_game_panel_get_argument (panel, "melee", "superior");
  g_assert_cmpstr (value, ==, "true");
  /* back to Default: no longer named */
  g_assert_true (ph_game_panel_set_argument (panel, "melee", "use-save", NULL));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, "More options (Superior: yes)");
  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);
  ph_test_run_until_idle ();
  g_assert_true (gtk_widget_get_mapped (gtk_expander_get_child (GTK_EXPANDER (expander))));
  ph_test_window_destroy (window);
}

/* A say-so for one step is not carried into the next (the trial's
 * "Referee lets them fight" stayed set for the next melee, which then
 * needed no contact): after Perform, Musket Mayhem's melee form has the
 * referee's leave back at its default, while a standing fact (superior
 * ground) stays set; the next melee out of contact is refused */
/* A step taken in the Game tab for a man other than the one picked on
 * the map picks him there: his reach is shaded, a right-click on an
 * enemy is his shot (the trial rolled Rogers' IPs in the form while Stark
 * stayed picked, and Marin's right-click gave Marin's own marker menu) */
static void
test_step_picks_taker (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  PhDocument *document;
  PhScenario *scenario;
  PhGame *game;
  PhSelection *selection;
  PhFigure *first = NULL, *next;
  g_autoptr(GError) error = NULL;
  g_autofree char *who = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab (PH_TEST_EXAMPLE_FIRELOCK, &panel);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  selection = ph_document_get_selection (document);
  game = start_game_seeded (window, 1758);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_perform (panel, "draw-card", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  /* the first man the card calls rolls, picked on the map */
  for (guint i = 0; i < scenario->figures->len && first == NULL; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      if (!card_calls (ph_game_get_var (game, "card-up"), figure))
        continue;
      ph_test_click_figure (ph_window_get_map_view (window), figure, 0);
      ph_test_run_until_idle ();
      if (ph_game_panel_perform (panel, "roll-ips", &error))
        first = figure;
      g_clear_error (&error);
    }
  g_assert_nonnull (first);
  ph_test_run_until_idle ();
  /* the next card: he stays picked, the tab leads to a man who may roll */
  g_assert_true (ph_game_panel_perform (panel, "draw-card", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_true (ph_selection_get_primary (selection) == first);
  g_assert_true (ph_game_panel_select_action (panel, "roll-ips"));
  ph_test_run_until_idle ();
  who = ph_game_panel_get_argument (panel, "roll-ips", "figure");
  g_test_message ("%s rolled; the form is now for %s", first->id, who);
  next = who != NULL ? ph_scenario_find_figure (scenario, who) : NULL;
  g_assert_nonnull (next);
  g_assert_true (next != first);
  g_assert_true (ph_game_panel_perform (panel, "roll-ips", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  /* picked on the map now, his reach shaded */
  g_assert_true (ph_selection_get_primary (selection) == next);
  g_assert_nonnull (ph_map_view_get_reach_polygon (ph_window_get_map_view (window)));
  ph_test_window_destroy (window);
}

static void
test_once_options_reset (void)
{
  PhWindow *window;
  PhDocument *document;
  PhGamePanel *panel;
  PhGame *game;
  PhScenario *scenario;
  PhFigure *ours[2] = { NULL, NULL }, *theirs[2] = { NULL, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *referee = NULL;
  g_autofree char *superior = NULL;
  const PhEvent *event;
  const char *side;
  guint n_ours = 0, n_theirs = 0;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = window_on_game_tab (PH_TEST_EXAMPLE_MAYHEM, &panel);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  game = start_game_seeded (window, 4242);
  g_assert_true (ph_game_panel_perform (panel, "initiative", &error));
  g_assert_no_error (error);
  if (g_strcmp0 (ph_game_get_var (game, "phase"), "choose-order") == 0)
    {
      g_assert_true (ph_game_panel_set_argument (panel, "choose-order", "go", "first"));
      g_assert_true (ph_game_panel_perform (panel, "choose-order", &error));
      g_assert_no_error (error);
    }
  side = ph_game_get_var (game, "active-side");
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      if (ph_figure_is_off_table (figure))
        continue;
      if (g_strcmp0 (figure->side, side) == 0 && n_ours < 2)
        ours[n_ours++] = figure;
      else if (g_strcmp0 (figure->side, side) != 0 && n_theirs < 2)
        theirs[n_theirs++] = figure;
    }
  g_assert_cmpuint (n_ours, ==, 2);
  g_assert_cmpuint (n_theirs, ==, 2);

  /* far apart: the referee lets them fight, on superior ground */
  g_assert_true (ph_game_panel_select_action (panel, "melee"));
  g_assert_true (ph_game_panel_set_argument (panel, "melee", "figure", ours[0]->id));
  g_assert_true (ph_game_panel_set_argument (panel, "melee", "target", theirs[0]->id));
  g_assert_true (ph_game_panel_set_argument (panel, "melee", "referee", "true"));
  g_assert_true (ph_game_panel_set_argument (panel, "melee", "superior", "true"));
  g_assert_true (ph_game_panel_perform (panel, "melee", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  event = ph_game_get_event (game, ph_game_get_position (game) - 1);
  g_assert_cmpstr (event->kind, ==, "melee");
  g_test_message ("%s", event->text);
  g_assert_nonnull (strstr (event->text, "(the referee lets them fight "));

  /* the leave was for that melee; the ground stays as it was set */
  referee = ph_game_panel_get_argument (panel, "melee", "referee");
  g_assert_null (referee);
  superior = ph_game_panel_get_argument (panel, "melee", "superior");
  g_assert_cmpstr (superior, ==, "true");

  /* the next pair, out of contact: refused, as the rules want (the
   * form now follows the man who fought: the next is picked on the map) */
  g_assert_true (ph_game_panel_select_action (panel, "melee"));
  ph_test_click_figure (ph_window_get_map_view (window), ours[1], 0);
  ph_test_run_until_idle ();
  {
    g_autofree char *who = ph_game_panel_get_argument (panel, "melee", "figure");

    g_assert_cmpstr (who, ==, ours[1]->id);
  }
  g_assert_true (ph_game_panel_set_argument (panel, "melee", "target", theirs[1]->id));
  g_assert_false (ph_game_panel_perform (panel, "melee", &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "melee needs their bases in contact"));
  g_assert_cmpstr (ph_game_get_event (game, ph_game_get_position (game) - 1)->kind, ==, "melee");
  ph_test_window_destroy (window);
}

/* Each mapped drop-down under @widget, appended to @out */
static void
collect_drop_downs (GtkWidget *widget,
                    GPtrArray *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_POPOVER (child) || !gtk_widget_get_mapped (child))
        continue;
      if (GTK_IS_DROP_DOWN (child))
        g_ptr_array_add (out, child);
      else
        collect_drop_downs (child, out);
    }
}

/* Guns of War on a 1366 x 768 laptop: after a charge the Game tab leads
 * to "Advance into the vacated hex", whose drop-down ran past the
 * action's card (the panel's width is the map's to keep): every
 * drop-down of the form keeps within its row and its card, shortening
 * its text */
static void
test_game_guns_of_war_advance_fits (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  PhScenario *scenario;
  g_autoptr(GFile) file = ph_test_example_file ("guns-of-war-tithe-barn.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) drop_downs = g_ptr_array_new ();

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_sized (1366, 768);
  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  ph_test_wait_drawn (GTK_WIDGET (window));
  panel = game_panel_of (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "game"));
  scenario = ph_document_get_scenario (ph_window_get_document (window));
  start_game_seeded (window, 2);
  ph_test_run_until_idle ();
  ph_game_panel_set_selection (panel, ph_scenario_find_figure (scenario, "aur_reiters"),
                               ph_scenario_find_figure (scenario, "jut_musketeers"));
  g_assert_true (ph_game_panel_perform (panel, "charge", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "advance");
  /* the form is for the unit that charged, by name */
  {
    g_autofree char *who = ph_game_panel_get_argument (panel, "advance", "figure");

    g_assert_cmpstr (who, ==, "aur_reiters");
  }
  /* another unit picked on the map, then none: the form's drop-down,
   * the unit that may advance chosen in it */
  ph_game_panel_set_selection (panel, ph_scenario_find_figure (scenario, "jut_musketeers"), NULL);
  ph_test_run_until_idle ();
  ph_game_panel_set_selection (panel, NULL, NULL);
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "advance");
  {
    g_autofree char *who = ph_game_panel_get_argument (panel, "advance", "figure");

    g_assert_cmpstr (who, ==, "aur_reiters");
  }
  ph_test_wait_drawn (GTK_WIDGET (window));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-game-guns-of-war-advance.png");

  collect_drop_downs (GTK_WIDGET (panel), drop_downs);
  /* the Action's and the Figure's */
  g_assert_cmpuint (drop_downs->len, >=, 2);
  for (guint i = 0; i < drop_downs->len; i++)
    {
      GtkWidget *drop_down = g_ptr_array_index (drop_downs, i);
      GtkWidget *parent = gtk_widget_get_parent (drop_down);
      GtkWidget *card = parent;
      graphene_rect_t in_parent, in_card;

      while (card != NULL && !gtk_widget_has_css_class (card, "card"))
        card = gtk_widget_get_parent (card);
      g_assert_nonnull (card);
      g_assert_true (gtk_widget_compute_bounds (drop_down, parent, &in_parent));
      g_assert_true (gtk_widget_compute_bounds (drop_down, card, &in_card));
      g_test_message ("drop-down %u: %d px wide in a row of %d, from %g to %g in a card of %d",
                      i, gtk_widget_get_width (drop_down), gtk_widget_get_width (parent),
                      in_card.origin.x, in_card.origin.x + in_card.size.width,
                      gtk_widget_get_width (card));
      g_assert_cmpint (gtk_widget_get_width (drop_down), <=, gtk_widget_get_width (parent));
      g_assert_cmpfloat (in_parent.origin.x + in_parent.size.width, <=,
                         gtk_widget_get_width (parent) + 0.5);
      g_assert_cmpfloat (in_card.origin.x + in_card.size.width, <=,
                         gtk_widget_get_width (card) + 0.5);
    }
  ph_test_window_destroy (window);
}

static gboolean
popover_of_drop_down_mapped (GtkWidget     *widget,
                             gconstpointer  data)
{
  return GTK_IS_POPOVER (widget) && gtk_widget_get_mapped (widget);
}

/* The labels under @widget that show */
static void
collect_labels (GtkWidget *widget,
                GPtrArray *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_get_mapped (child))
        continue;
      if (GTK_IS_LABEL (child))
        g_ptr_array_add (out, child);
      else
        collect_labels (child, out);
    }
}

static gboolean
css_name_is (GtkWidget     *widget,
             gconstpointer  data)
{
  return g_strcmp0 (gtk_widget_get_css_name (widget), data) == 0;
}

/* Featherstone on a 1366 x 768 laptop: the Action list's popup, opened,
 * is no wider than the window, and put under the list (centred on it, as
 * GTK places it) it stays within the window: its items, long help lines
 * and all, wrap and shorten to the list's width (the trial's popup ran
 * past the screen's right edge, to 1389 px) */
static void
test_action_popup_fits (void)
{
  PhWindow *window;
  PhGamePanel *panel;
  g_autoptr(GFile) file = ph_test_example_file ("featherstone-cacabelos-1809.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) drop_downs = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GtkWidget *drop_down, *popover, *contents;
  graphene_rect_t bounds;
  int window_width, popup_width, contents_width;
  double centre;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_sized (1366, 768);
  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  panel = game_panel_of (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "game"));
  start_game_seeded (window, 1809);
  ph_test_run_until_idle ();
  ph_test_wait_drawn (GTK_WIDGET (window));
  collect_drop_downs (GTK_WIDGET (panel), drop_downs);
  g_assert_cmpuint (drop_downs->len, >=, 1);
  /* the first: the Action list, every step of the game in it */
  drop_down = g_ptr_array_index (drop_downs, 0);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (drop_down))),
                    >=, 5);
  g_assert_true (gtk_widget_compute_bounds (drop_down, GTK_WIDGET (window), &bounds));
  g_assert_true (gtk_widget_activate (drop_down));
  PH_TEST_WAIT_UNTIL ((popover = ph_test_find_descendant (drop_down, popover_of_drop_down_mapped,
                                                          NULL)) != NULL);
  ph_test_wait_drawn (popover);
  window_width = gtk_widget_get_width (GTK_WIDGET (window));
  popup_width = gdk_surface_get_width (gtk_native_get_surface (GTK_NATIVE (popover)));
  /* what shows of it: its box, inside its shadow */
  contents = ph_test_find_descendant (popover, css_name_is, "contents");
  g_assert_nonnull (contents);
  contents_width = gtk_widget_get_width (contents);
  centre = bounds.origin.x + bounds.size.width / 2;
  g_test_message ("window %d px; the list from %g to %g; its popup %d px wide, %d px seen",
                  window_width, bounds.origin.x, bounds.origin.x + bounds.size.width,
                  popup_width, contents_width);
  ph_test_save_screenshot (popover, "app-game-action-popup.png");
  g_assert_cmpint (popup_width, <=, window_width);
  /* as wide as the list, under it */
  g_assert_cmpint (contents_width, <=, bounds.size.width + 0.5);
  g_assert_cmpfloat (centre - contents_width / 2.0, >=, 0);
  g_assert_cmpfloat (centre + contents_width / 2.0, <=, window_width);
  /* the items' labels within the box, and Featherstone's, short, whole */
  collect_labels (popover, labels);
  g_assert_cmpuint (labels->len, >=, 10);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);

      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (label)), <=, contents_width);
      if (!gtk_label_get_wrap (label))
        g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
    }
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_window_destroy (window);
}

/* On a laptop's screen (1366 by 740), whatever action is chosen, in
 * every ruleset, the log keeps room for several steps (a tall form
 * scrolls rather than squeezing the log) and the tab fits the panel's
 * width */
static void
test_log_keeps_room (void)
{
  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  for (guint e = 0; laptop_examples[e] != NULL; e++)
    {
      PhGamePanel *panel;
      PhWindow *window = laptop_game_window (laptop_examples[e], &panel);
      PhGame *game = ph_document_get_game (ph_window_get_document (window));
      GtkWidget *log;
      int lowest = G_MAXINT;
      const char *worst = NULL;
      g_autoptr(GError) error = NULL;

      log = ph_test_find_widget (GTK_WIDGET (window), PH_TYPE_GAME_LOG, NULL);
      /* the dice tray open too (its row of dice is wide) */
      g_assert_true (ph_game_panel_show_dice (panel));
      /* at the newest step, then replaying the first */
      for (int replaying = 0; replaying < 2; replaying++)
        {
          if (replaying)
            {
              g_assert_true (ph_dice_tray_roll (ph_game_panel_get_dice_tray (panel), "d6", &error));
              g_assert_no_error (error);
              g_assert_true (ph_game_panel_replay_to (panel, 1));
            }
          for (const PhGameActionInfo *info = ph_game_get_rules (game)->actions;
               info->name != NULL; info++)
            {
              int min = 0;

              /* another name for an action is listed once, as that one */
              if (info->same_as != NULL)
                {
                  g_assert_false (ph_game_panel_select_action (panel, info->name));
                  continue;
                }
              g_assert_true (ph_game_panel_select_action (panel, info->name));
              ph_test_wait_drawn (GTK_WIDGET (window));
              /* and never wider than the panel (it would be clipped) */
              gtk_widget_measure (GTK_WIDGET (panel), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL,
                                  NULL, NULL);
              /* (the narrowest the panel can be made: what it was
               * measured to need when the scenario opened) */
              if (min > gtk_scrolled_window_get_min_content_width (window->panel_clip))
                g_error ("%s, %s: the Game tab needs %d px, the panel may be %d", laptop_examples[e],
                         info->name, min, gtk_scrolled_window_get_min_content_width (window->panel_clip));
              if (gtk_widget_get_height (log) < lowest)
                {
                  lowest = gtk_widget_get_height (log);
                  worst = info->name;
                }
            }
        }
      g_test_message ("%s: the log at least %d px tall (with %s)", laptop_examples[e], lowest, worst);
      if (lowest < 200)
        ph_test_save_screenshot (GTK_WIDGET (window), "app-game-log-squeezed.png");
      g_assert_cmpint (lowest, >=, 200);
      ph_test_window_destroy (window);
    }
}

static void
check_log_follows (int width,
                   int panel_width)
{
  PhWindow *window;
  PhDiceTray *tray;
  PhGame *game;
  GtkWidget *log, *purpose, *paned;
  g_autoptr(GFile) file = ph_test_example_file (PH_TEST_EXAMPLE_MAYHEM);
  g_autoptr(GError) error = NULL;

  g_test_message ("a window %d by 740, the panel %d wide", width, panel_width);
  window = ph_test_window_new_sized (width, 740);
  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  ph_test_wait_drawn (GTK_WIDGET (window));
  paned = ph_test_find_widget (GTK_WIDGET (window), GTK_TYPE_PANED, NULL);
  g_assert_nonnull (paned);
  gtk_paned_set_position (GTK_PANED (paned), gtk_widget_get_width (paned) - panel_width);
  tray = ph_game_panel_get_dice_tray (start_game (window));
  game = ph_document_get_game (ph_window_get_document (window));
  log = ph_test_find_widget (GTK_WIDGET (window), PH_TYPE_GAME_LOG, NULL);
  purpose = ph_test_find_descendant (GTK_WIDGET (tray), is_purpose_entry, NULL);
  g_assert_nonnull (log);
  g_assert_nonnull (purpose);

  /* Well past the log's height; the newest line shown after each step */
  for (guint i = 0; i < 24; i++)
    {
      gtk_editable_set_text (GTK_EDITABLE (purpose),
                             i % 3 ? "the second rank of the left company fires its volley at the hedge by the farmstead's gate"
                                   : "nerve");
      g_assert_true (ph_dice_tray_roll (tray, i % 2 ? "3d6+2" : "2d6", &error));
      g_assert_no_error (error);
      ph_test_wait_drawn (GTK_WIDGET (window));
      PH_TEST_WAIT_UNTIL (ph_game_log_get_at_end (PH_GAME_LOG (log)));
      g_assert_cmpuint (ph_game_log_get_n_rows (PH_GAME_LOG (log)), ==, ph_game_get_position (game));
      g_assert_true (newest_log_row_shown (log, ph_game_get_position (game)));
    }
  g_test_message ("the log %d wide", gtk_widget_get_width (log));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-game-log.png");
  ph_test_window_destroy (window);
}

static void
test_game_log_follows (void)
{
  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  /* a laptop's screen, the panel at its narrowest (the Game tab's
   * content keeps it wider than 320), at its widest, and in between */
  check_log_follows (1366, 320);
  check_log_follows (1366, 600);
  check_log_follows (1024, 500);
}

/* The forms stay with the man who acts: a man picked who can do nothing
 * now (an enemy looked at) does not take them over, and the panel says
 * so; the status line gives the rules' reason whole; a man picked and let
 * go stays the form's */
static void
test_forms_stay_with_acting (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *figure = NULL;
  PhGamePanel *panel;
  PhWindow *window = window_on_game_tab (PH_TEST_EXAMPLE_FIRELOCK, &panel);
  PhDocument *document = ph_window_get_document (window);
  PhScenario *scenario = ph_document_get_scenario (document);
  PhMapView *map = ph_window_get_map_view (window);
  PhGame *game = start_game_seeded (window, 7);
  PhFigure *dubois = ph_scenario_find_figure (scenario, "dubois");
  PhFigure *rogers = ph_scenario_find_figure (scenario, "rogers");
  const char *action;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  g_assert_true (ph_game_panel_select_action (panel, "draw-card"));
  g_assert_true (ph_game_panel_perform (panel, "draw-card", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  ph_test_click_figure (map, dubois, 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_select_action (panel, "roll-ips"));
  g_assert_true (ph_game_panel_perform (panel, "roll-ips", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_get_var (game, "active"), ==, "dubois");
  action = ph_game_panel_get_selected_action (panel);
  g_test_message ("Dubois picked: %s", action);
  figure = ph_game_panel_get_argument (panel, action, "figure");
  g_assert_cmpstr (figure, ==, "dubois");

  /* Rogers looked at: the form is still Dubois's, and says why */
  ph_test_click_figure (map, rogers, 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_selection_get_primary (ph_document_get_selection (document)) == rogers);
  action = ph_game_panel_get_selected_action (panel);
  g_clear_pointer (&figure, g_free);
  figure = ph_game_panel_get_argument (panel, action, "figure");
  g_assert_cmpstr (figure, ==, "dubois");
  g_test_message ("%s: %s", action, ph_game_panel_get_action_error (panel, action));
  g_assert_cmpstr (ph_game_panel_get_action_error (panel, action), ==,
                   "Maj. Robert Rogers can do nothing now: the form stays with Sgt. Dubois");
  /* the status line: the rules' sentence, his name once */
  g_test_message ("status: %s", gtk_label_get_label (window->status_label));
  g_assert_cmpstr (gtk_label_get_label (window->status_label), ==,
                   "Maj. Robert Rogers is not acting now: Sgt. Dubois acts · right-click an enemy to act");
  /* Perform: Dubois's step, not a refusal for Rogers */
  g_assert_true (ph_game_panel_select_action (panel, "load"));
  g_clear_pointer (&figure, g_free);
  figure = ph_game_panel_get_argument (panel, "load", "figure");
  g_assert_cmpstr (figure, ==, "dubois");

  /* let go: the form still names Dubois */
  ph_test_click_figure (map, dubois, 0);
  ph_test_run_until_idle ();
  ph_selection_clear (ph_document_get_selection (document));
  ph_test_run_until_idle ();
  g_assert_true (ph_game_panel_select_action (panel, "move"));
  g_clear_pointer (&figure, g_free);
  figure = ph_game_panel_get_argument (panel, "move", "figure");
  g_assert_cmpstr (figure, ==, "dubois");
  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/game/dice-undo-save", test_game_dice_undo_save);
  g_test_add_func ("/app/game/dice-purpose-per-scenario", test_dice_purpose_per_scenario);
  g_test_add_func ("/app/game/action-replay", test_game_action_replay);
  g_test_add_func ("/app/game/activate", test_game_activate);
  g_test_add_func ("/app/game/firelock", test_game_firelock);
  g_test_add_func ("/app/game/firelock-ride", test_game_firelock_ride);
  g_test_add_func ("/app/game/guns-of-war", test_game_guns_of_war);
  g_test_add_func ("/app/game/guns-of-war-charge", test_game_guns_of_war_charge);
  g_test_add_func ("/app/game/guns-of-war-advance-fits", test_game_guns_of_war_advance_fits);
  g_test_add_func ("/app/game/action-popup-fits", test_action_popup_fits);
  g_test_add_func ("/app/game/guns-of-war-after-move", test_guns_of_war_after_move);
  g_test_add_func ("/app/game/texts", test_game_texts);
  g_test_add_func ("/app/game/featherstone-melee-form", test_featherstone_melee_form);
  g_test_add_func ("/app/game/featherstone-turn-bar-next", test_featherstone_turn_bar_next);
  g_test_add_func ("/app/game/featherstone-turn-bar-always-leads",
                   test_featherstone_turn_bar_always_leads);
  g_test_add_func ("/app/game/featherstone-drag-form-rate", test_featherstone_drag_form_rate);
  g_test_add_func ("/app/game/featherstone-reach-follows-rate",
                   test_featherstone_reach_follows_rate);
  g_test_add_func ("/app/game/move-form-rates-offered", test_move_form_rates_offered);
  g_test_add_func ("/app/game/fistful-ace-choices", test_fistful_ace_choices);
  g_test_add_func ("/app/game/featherstone-shot-item", test_featherstone_shot_item);
  g_test_add_func ("/app/game/featherstone-melee-odds-agree", test_featherstone_melee_odds_agree);
  g_test_add_func ("/app/game/start-text-no-cards", test_start_text_no_cards);
  g_test_add_func ("/app/game/featherstone-melee-form-no-friend",
                   test_featherstone_melee_form_no_friend);
  g_test_add_func ("/app/game/featherstone-melee-target-after-move",
                   test_featherstone_melee_target_after_move);
  g_test_add_func ("/app/game/log-follows", test_game_log_follows);
  g_test_add_func ("/app/game/fire-tab-follows-game", test_fire_tab_follows_game);
  g_test_add_func ("/app/game/move-form-rate", test_move_form_rate);
  g_test_add_func ("/app/game/log-height-in-replay", test_log_height_in_replay);
  g_test_add_func ("/app/game/log-keeps-room", test_log_keeps_room);
  g_test_add_func ("/app/game/forms-fit-laptop", test_forms_fit_laptop);
  g_test_add_func ("/app/game/more-options", test_more_options);
  g_test_add_func ("/app/game/once-options-reset", test_once_options_reset);
  g_test_add_func ("/app/game/step-picks-taker", test_step_picks_taker);
  g_test_add_func ("/app/game/melee-more-options-fit", test_melee_more_options_fit);
  g_test_add_func ("/app/game/no-refusal-after-perform", test_no_refusal_after_perform);
  g_test_add_func ("/app/game/form-for-man-who-can", test_form_for_man_who_can);
  g_test_add_func ("/app/game/mayhem-roll-for-next-man", test_mayhem_roll_for_next_man);
  g_test_add_func ("/app/game/form-tooltips-gone", test_form_tooltips_gone);
  g_test_add_func ("/app/game/forms-stay-with-acting", test_forms_stay_with_acting);
  g_test_add_func ("/app/game/wound-letters-named", test_wound_letters_named);
  g_test_add_func ("/app/game/fire-tab-aim-note", test_fire_tab_aim_note);
  g_test_add_func ("/app/game/firelock-turn-bar-next", test_firelock_turn_bar_next);
  g_test_add_func ("/app/game/heading-names-acting-man", test_heading_names_acting_man);
  return ph_test_app_run ();
}
