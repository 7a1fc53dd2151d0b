/* test-app-screenshots.c: the screenshots of the AppStream metainfo
 * (data/screenshots/), made from the window on the bundled examples
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each scene is set up as a user would have it, checked (the odds shown,
 * the game under way, the threat map worked out, the feature picked) and
 * drawn at 1200 by 750 (16:10, and within xvfb-run's screen). The PNGs go to the build
 * directory; with PH_SCREENSHOT_DIR set (`ninja -C BUILDDIR screenshots`
 * sets it to data/screenshots/, HACKING.md says when to run it) they
 * replace the committed ones. Under a display (xvfb-run -a); without one
 * every test skips.
 */
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <string.h>

#include "ph-selection.h"
#include "ph-test-app.h"
#include "ph-window-private.h"

#define SCREENSHOT_WIDTH 1200
#define SCREENSHOT_HEIGHT 750

/* Draws @window as @name where the screenshots go, and checks the file */
static void
save (PhWindow   *window,
      const char *name)
{
  const char *dir = g_getenv ("PH_SCREENSHOT_DIR");
  g_autofree char *path = NULL;
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  g_autoptr(GError) error = NULL;

  if (dir == NULL || *dir == '\0')
    dir = g_getenv ("G_TEST_BUILDDIR");
  if (dir == NULL)
    dir = ".";
  ph_test_wait_drawn (GTK_WIDGET (window));
  ph_test_save_screenshot_in (GTK_WIDGET (window), dir, name);
  path = g_build_filename (dir, name, NULL);
  pixbuf = gdk_pixbuf_new_from_file (path, &error);
  g_assert_no_error (error);
  /* the size the metainfo states */
  g_assert_cmpint (gdk_pixbuf_get_width (pixbuf), ==, SCREENSHOT_WIDTH);
  g_assert_cmpint (gdk_pixbuf_get_height (pixbuf), ==, SCREENSHOT_HEIGHT);
}

static int frame_width = -1, frame_height = -1;

static PhWindow *
window_on (const char *example)
{
  g_autoptr(GFile) bundled = ph_test_example_file (example);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) dir = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *stem = g_strndup (example, strrchr (example, '.') - example);
  g_autofree char *name = g_strconcat (stem, ".powderhorn", NULL);
  PhWindow *window;

  /* as a user's file in the (scratch) home: the title bar says
   * ~/Scenarios/NAME.powderhorn, not the build machine's path */
  file = g_file_new_build_filename (g_get_home_dir (), "Scenarios", name, NULL);
  dir = g_file_get_parent (file);
  g_file_make_directory_with_parents (dir, NULL, NULL);
  g_assert_true (g_file_copy (bundled, file, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &error));
  g_assert_no_error (error);

  /* The default size counts the frame GTK draws around the window (without
   * a compositor, a thin border): that is measured once, and added. The
   * whole fits the 1280 x 1024 screen of xvfb-run. */
  if (frame_width < 0)
    {
      window = ph_test_window_new_sized (SCREENSHOT_WIDTH, SCREENSHOT_HEIGHT);
      frame_width = SCREENSHOT_WIDTH - gtk_widget_get_width (GTK_WIDGET (window));
      frame_height = SCREENSHOT_HEIGHT - gtk_widget_get_height (GTK_WIDGET (window));
      ph_test_window_destroy (window);
    }
  window = ph_test_window_new_sized (SCREENSHOT_WIDTH + frame_width,
                                     SCREENSHOT_HEIGHT + frame_height);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, SCREENSHOT_WIDTH);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, SCREENSHOT_HEIGHT);
  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  PH_TEST_WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (ph_window_get_map_view (window))) >= 100);
  ph_test_wait_drawn (GTK_WIDGET (window));
  return window;
}

static PhFigure *
figure (PhWindow   *window,
        const char *id)
{
  PhFigure *found = ph_scenario_find_figure (ph_document_get_scenario (ph_window_get_document (window)), id);

  g_assert_nonnull (found);
  return found;
}

/* The worked example of docs/rules.md: Smith at Otter, the Fire tab
 * showing the odds with every modifier */
static void
test_odds (void)
{
  PhWindow *window;
  PhMapView *map_view;
  const PhAssessment *assessment;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = window_on (PH_TEST_EXAMPLE_MAYHEM);
  map_view = ph_window_get_map_view (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "shot"));
  ph_test_click_figure (map_view, figure (window, "smith"), 0);
  ph_map_view_set_pinned_target (map_view, figure (window, "otter"));
  ph_test_run_until_idle ();
  assessment = ph_map_view_get_assessment (map_view);
  g_assert_nonnull (assessment);
  g_assert_true (assessment->can_fire);
  g_assert_cmpfloat (assessment->p_hit, >, 0);
  save (window, "odds.png");
  ph_test_window_destroy (window);
}

static void
perform (PhDocument *document,
         const char *action,
         ...)
{
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  const char *name;
  va_list ap;

  va_start (ap, action);
  while ((name = va_arg (ap, const char *)) != NULL)
    g_hash_table_insert (args, (char *) name, va_arg (ap, char *));
  va_end (ap);
  g_assert_true (ph_document_game_perform (document, action, args, &error));
  g_assert_no_error (error);
}

/* Musket Mayhem's farmstead in a game: the initiative rolled, a man's move
 * rolled, his reach shaded on the map, the log and dice in the Game tab */
static void
test_game (void)
{
  g_autoptr(GError) error = NULL;
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  PhGame *game;
  PhFigure *mover = NULL;
  const char *side;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = window_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  /* a fixed seed: the same dice, the same picture, every run */
  g_assert_true (ph_document_start_game (document, 4242, &error));
  g_assert_no_error (error);
  game = ph_document_get_game (document);
  perform (document, "initiative", NULL);
  if (g_strcmp0 (ph_game_get_var (game, "phase"), "choose-order") == 0)
    perform (document, "choose-order", "go", "first", NULL);
  g_assert_cmpstr (ph_game_get_var (game, "phase"), ==, "move");
  side = ph_game_get_var (game, "active-side");
  for (guint i = 0; i < scenario->figures->len && mover == NULL; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);

      if (!ph_figure_is_off_table (f) && g_strcmp0 (f->side, side) == 0)
        mover = f;
    }
  g_assert_nonnull (mover);
  perform (document, "roll-move", "figure", mover->id, NULL);
  g_assert_cmpint (ph_game_get_figure_var_int (game, mover->id, "move-reach", 0), >=, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "game"));
  ph_test_click_figure (ph_window_get_map_view (window), mover, 0);
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), >=, 3);
  save (window, "game.png");
  ph_test_window_destroy (window);
}

/* Firelock's Bloody Run: where Langlade's men could hit Rogers, T on */
static void
test_threat (void)
{
  PhWindow *window;
  PhMapView *map_view;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = window_on (PH_TEST_EXAMPLE_FIRELOCK);
  map_view = ph_window_get_map_view (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "shot"));
  ph_test_click_figure (map_view, figure (window, "rogers"), 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map_view), "map.toggle-threat", NULL));
  PH_TEST_WAIT_UNTIL (ph_map_view_get_threat_map (map_view) != NULL);
  save (window, "threat.png");
  ph_test_window_destroy (window);
}

/* Edit Table on the Bloody Run, the cabin picked: its handles on the map,
 * the Terrain tab, the shapes and kinds bar */
static void
test_terrain (void)
{
  PhWindow *window;
  PhSelection *selection;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = window_on (PH_TEST_EXAMPLE_FIRELOCK);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-table", NULL));
  g_assert_true (ph_map_view_get_edit_mode (window->map_view));
  selection = ph_document_get_selection (window->document);
  ph_selection_set_feature (selection, "widow_cabin");
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_selection_get_feature (selection), ==, "widow_cabin");
  g_assert_true (gtk_widget_get_visible (window->edit_bar));
  save (window, "terrain.png");
  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/screenshots/odds", test_odds);
  g_test_add_func ("/app/screenshots/game", test_game);
  g_test_add_func ("/app/screenshots/threat", test_threat);
  g_test_add_func ("/app/screenshots/terrain", test_terrain);
  return ph_test_app_run ();
}
