/* test-app-move.c: moves on the map during a game: the reach shown, the
 * drag checked and logged, the referee's "Move Anyway", and every other
 * change to figures going through the log
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The drags go through the same functions as the gestures
 * (ph_map_view_begin_drag() and so on); test-app-events drags with real
 * pointer events. Under a display (xvfb-run -a); without one every test
 * skips.
 */
#include <math.h>

#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>

#include "ph-map-view-private.h"
#include "ph-game-args.h"
#include "ph-game-log.h"
#include "ph-game-panel.h"
#include "ph-shot-panel.h"
#include "ph-test-app.h"
#include "ph-threat.h"
#include "ph-window-private.h"

typedef struct
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map;
  PhGame *game;
  PhFigure *mover;     /* has rolled its move */
  PhFigure *enemy;     /* of the other side */
  int reach;           /* its rolled move, inches */
  char *message;       /* the map's last "message" */
} Fixture;

static void
on_message (PhMapView  *map,
            const char *message,
            Fixture    *f)
{
  g_free (f->message);
  f->message = g_strdup (message);
}

static void
perform (Fixture    *f,
         const char *action,
         ...)
{
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  va_list ap;
  const char *name;

  va_start (ap, action);
  while ((name = va_arg (ap, const char *)) != NULL)
    g_hash_table_insert (args, (char *) name, va_arg (ap, char *));
  va_end (ap);
  g_assert_true (ph_document_game_perform (f->document, action, args, &error));
  g_assert_no_error (error);
}

/* Musket Mayhem's farmstead, a game under way: the first side to move has
 * rolled one figure's move; with @at, put there by the referee first */
static void
fixture_set_up_at (Fixture       *f,
                   const PhPoint *at)
{
  g_autoptr(GError) error = NULL;
  PhScenario *scenario;
  const char *side;

  memset (f, 0, sizeof *f);
  f->window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  f->document = ph_window_get_document (f->window);
  f->map = ph_window_get_map_view (f->window);
  g_signal_connect (f->map, "message", G_CALLBACK (on_message), f);
  scenario = ph_document_get_scenario (f->document);
  g_assert_true (ph_document_start_game (f->document, 4242, &error));
  f->game = ph_document_get_game (f->document);
  perform (f, "initiative", NULL);
  if (g_strcmp0 (ph_game_get_var (f->game, "phase"), "choose-order") == 0)
    perform (f, "choose-order", "go", "first", NULL);
  g_assert_cmpstr (ph_game_get_var (f->game, "phase"), ==, "move");
  side = ph_game_get_var (f->game, "active-side");
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      if (ph_figure_is_off_table (figure))
        continue;
      if (g_strcmp0 (figure->side, side) != 0 && f->enemy == NULL)
        f->enemy = figure;
      else if (g_strcmp0 (figure->side, side) == 0 && f->mover == NULL)
        f->mover = figure;
    }
  g_assert_nonnull (f->mover);
  g_assert_nonnull (f->enemy);
  if (at != NULL)
    {
      g_autoptr(PhFigure) placed = ph_figure_copy (f->mover);

      placed->x = at->x;
      placed->y = at->y;
      g_assert_true (ph_document_game_referee_edit (f->document, "Place", &placed, 1, &error));
      g_assert_no_error (error);
    }
  perform (f, "roll-move", "figure", f->mover->id, NULL);
  f->reach = ph_game_get_figure_var_int (f->game, f->mover->id, "move-reach", 0);
  g_assert_cmpint (f->reach, >=, 3);
  g_test_message ("%s rolled %d in", f->mover->id, f->reach);
  ph_test_run_until_idle ();
}

static void
fixture_set_up (Fixture *f)
{
  fixture_set_up_at (f, NULL);
}

static void
fixture_tear_down (Fixture *f)
{
  g_signal_handlers_disconnect_by_data (f->map, f);
  ph_test_window_destroy (f->window);
  g_free (f->message);
}

/* A drag of @figure by (@dx, @dy) table units, as the pointer does it */
static void
drag_figure (Fixture  *f,
             PhFigure *figure,
             double    dx,
             double    dy)
{
  double scale = ph_viewport_get_scale (ph_map_view_get_viewport (f->map));
  double x, y;

  ph_test_figure_widget_point (f->map, figure, &x, &y);
  ph_map_view_begin_drag (f->map, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (f->map, dx * scale / 2, dy * scale / 2);
  ph_map_view_update_drag (f->map, dx * scale, dy * scale);
}

/* A direction from @figure along which @inches stay on the table */
static void
free_direction (Fixture  *f,
                PhFigure *figure,
                double    inches,
                double   *dx,
                double   *dy)
{
  const PhTable *table = &ph_document_get_scenario (f->document)->table;
  static const double dirs[][2] = { { 0, -1 }, { 0, 1 }, { 1, 0 }, { -1, 0 } };

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      double x = figure->x + dirs[i][0] * inches, y = figure->y + dirs[i][1] * inches;

      if (x > 1 && y > 1 && x < table->width - 1 && y < table->height - 1)
        {
          *dx = dirs[i][0] * inches;
          *dy = dirs[i][1] * inches;
          return;
        }
    }
  g_assert_not_reached ();
}

static gboolean
label_starts_with (GtkWidget     *widget,
                   gconstpointer  prefix)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), prefix);
}

/* The figure whose move it is shows how far it may go: its rolled move
 * around where it started, nothing for a figure whose move it is not */
static void
test_reach (void)
{
  Fixture f;
  GArray *polygon;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);

  /* the bar over the map: whose turn, and what is expected next */
  {
    const char *expected = ph_game_expected (f.game);
    g_autofree char *next = g_strdup_printf ("Next: %s · ",
                                             ph_game_find_action (f.game, expected)->label);

    g_test_message ("expected: %s", expected);
    /* first: a long line is cut at its end */
    g_assert_nonnull (ph_test_find_descendant (GTK_WIDGET (f.window), label_starts_with, next));
    /* he has rolled: his move is next, by a drag (the bar asked for
     * "Roll movement dice" again) */
    g_assert_cmpstr (expected, ==, "move");
    {
      const char *bar = gtk_label_get_label (f.window->turn_label);
      g_autofree char *drag = g_strdup_printf (" · %s rolled %d in: drag him on the map · ",
                                               ph_figure_display_name (f.mover), f.reach);

      g_test_message ("%s", bar);
      g_assert_true (g_str_has_prefix (bar, "Next: Move · Turn 1 - "));
      g_assert_nonnull (strstr (bar, drag));
    }
  }

  ph_test_click_figure (f.map, f.mover, 0);
  ph_test_run_until_idle ();
  /* the status line: how he moves; for a man of the other side, why not */
  g_assert_nonnull (strstr (gtk_label_get_label (f.window->status_label),
                            "drag to move, as far as shaded"));
  ph_test_click_figure (f.map, f.enemy, 0);
  ph_test_run_until_idle ();
  g_test_message ("%s", gtk_label_get_label (f.window->status_label));
  {
    g_autoptr(GError) why = NULL;
    PhMovePlan plan = { 0 };

    /* the rules' reason, whole */
    g_assert_false (ph_game_plan_move (f.game, f.enemy->id, &plan, &why));
    g_assert_nonnull (strstr (gtk_label_get_label (f.window->status_label), why->message));
  }
  ph_test_click_figure (f.map, f.mover, 0);
  ph_test_run_until_idle ();
  polygon = ph_map_view_get_reach_polygon (f.map);
  g_assert_nonnull (polygon);
  g_assert_cmpuint (polygon->len, >, 60);
  for (guint i = 0; i < polygon->len; i++)
    g_assert_cmpfloat (ph_point_distance ((PhPoint) { f.mover->x, f.mover->y },
                                          g_array_index (polygon, PhPoint, i)),
                       <=, f.reach + 0.01);
  ph_test_wait_drawn (GTK_WIDGET (f.map));
  ph_test_save_screenshot (GTK_WIDGET (f.window), "app-move-reach.png");

  ph_test_click_figure (f.map, f.enemy, 0);
  ph_test_run_until_idle ();
  g_assert_null (ph_map_view_get_reach_polygon (f.map));
  fixture_tear_down (&f);
}

/* Move Anyway dropped just short of, or a little onto, an enemy's base
 * puts the man in base contact, as a player's drop does (the trial's
 * referee left Tubbs 0.2 in from Langevin: the game saw no contact, no
 * melee) */
static void
test_move_anyway_contact (void)
{
  static const double off[] = { 0.2, -0.15 };

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  for (guint k = 0; k < G_N_ELEMENTS (off); k++)
    {
      Fixture f;
      PhBase a, b;
      double ra, rb, dx, dy, len, d;
      const PhEvent *event;
      guint before;

      fixture_set_up (&f);
      ph_figure_get_base (f.mover, &a);
      ph_figure_get_base (f.enemy, &b);
      ra = ph_base_radius (&a);
      rb = ph_base_radius (&b);
      dx = f.mover->x - f.enemy->x;
      dy = f.mover->y - f.enemy->y;
      len = hypot (dx, dy);
      d = ra + rb + off[k];
      before = ph_game_get_position (f.game);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.move-anyway", "(sdd)",
                                                 f.mover->id, f.enemy->x + dx / len * d,
                                                 f.enemy->y + dy / len * d));
      ph_test_run_until_idle ();
      g_assert_cmpuint (ph_game_get_position (f.game), ==, before + 1);
      event = ph_game_get_event (f.game, before);
      g_test_message ("%s", event->text);
      g_assert_cmpfloat_with_epsilon (hypot (f.mover->x - f.enemy->x, f.mover->y - f.enemy->y),
                                      ra + rb, 0.011);
      fixture_tear_down (&f);
    }
}

/* A drag within the roll is the move action, logged and undoable; past
 * it, refused with the reason, and the figure stays; Esc cancels */
static void
test_drag_logged (void)
{
  Fixture f;
  const PhEvent *event;
  guint before;
  double x0, y0, dx, dy;
  g_autofree char *want = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);
  x0 = f.mover->x;
  y0 = f.mover->y;

  /* Esc in the middle of a drag: nothing moves, nothing logged */
  before = ph_game_get_position (f.game);
  free_direction (&f, f.mover, 2, &dx, &dy);
  drag_figure (&f, f.mover, dx, dy);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.cancel", NULL));
  ph_test_run_until_idle ();
  g_assert_cmpfloat (f.mover->x, ==, x0);
  g_assert_cmpuint (ph_game_get_position (f.game), ==, before);

  /* too far: refused in the rules' words */
  free_direction (&f, f.mover, f.reach + 2, &dx, &dy);
  drag_figure (&f, f.mover, dx, dy);
  ph_map_view_end_drag (f.map, dx * ph_viewport_get_scale (ph_map_view_get_viewport (f.map)),
                        dy * ph_viewport_get_scale (ph_map_view_get_viewport (f.map)));
  ph_test_run_until_idle ();
  g_assert_cmpfloat (f.mover->x, ==, x0);
  g_assert_cmpfloat (f.mover->y, ==, y0);
  g_assert_cmpuint (ph_game_get_position (f.game), ==, before);
  g_assert_nonnull (f.message);
  want = g_strdup_printf ("too far: %d in allowed", f.reach);
  g_assert_nonnull (strstr (f.message, want));
  g_assert_nonnull (strstr (gtk_label_get_label (f.window->status_label), want));
  /* and the referee's way past the rules is offered, as for a man whose
   * move it is not; Put Back */
  PH_TEST_WAIT_UNTIL (ph_test_find_descendant (GTK_WIDGET (f.map), ph_test_popover_mapped, NULL) != NULL);
  gtk_popover_popdown (GTK_POPOVER (ph_test_find_descendant (GTK_WIDGET (f.map), ph_test_popover_mapped,
                                                             NULL)));
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (f.game), ==, before);
  /* another drag, cancelled: the refusal is no longer news, from the
   * drag's start (the status line kept "cannot stop there" under a new
   * drag's "moved 3 hexes · 3 hexes left": a trial) */
  free_direction (&f, f.mover, 2, &dx, &dy);
  drag_figure (&f, f.mover, dx, dy);
  g_test_message ("dragging again: %s", gtk_label_get_label (f.window->status_label));
  g_assert_null (strstr (gtk_label_get_label (f.window->status_label), want));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.cancel", NULL));
  ph_test_run_until_idle ();
  g_test_message ("after Esc: %s", gtk_label_get_label (f.window->status_label));
  g_assert_null (strstr (gtk_label_get_label (f.window->status_label), want));

  /* 2 in: the move action; the label by the pointer reads as a move not
   * yet begun (it said "moved 2.0 in since the move began", as if
   * resumed: the trial) */
  free_direction (&f, f.mover, 2, &dx, &dy);
  drag_figure (&f, f.mover, dx, dy);
  {
    g_autofree char *first = g_strdup_printf ("moved 2.0 in · %d in left", f.reach - 2);
    gboolean fits = FALSE;

    g_assert_cmpstr (ph_map_view_get_move_label (f.map, &fits), ==, first);
    g_assert_true (fits);
  }
  ph_test_wait_drawn (GTK_WIDGET (f.map));
  ph_test_save_screenshot (GTK_WIDGET (f.window), "app-move-dragging.png");
  ph_map_view_end_drag (f.map, dx * ph_viewport_get_scale (ph_map_view_get_viewport (f.map)),
                        dy * ph_viewport_get_scale (ph_map_view_get_viewport (f.map)));
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (f.game), ==, before + 1);
  /* the log shows it at once */
  {
    GtkWidget *log = ph_test_find_widget (GTK_WIDGET (f.window), PH_TYPE_GAME_LOG, NULL);

    g_assert_cmpuint (ph_game_log_get_n_rows (PH_GAME_LOG (log)), ==, before + 1);
  }
  event = ph_game_get_event (f.game, before);
  g_assert_cmpstr (event->kind, ==, "move");
  g_assert_nonnull (strstr (event->text, "moves 2.0 in of his"));
  g_assert_cmpfloat_with_epsilon (f.mover->x, x0 + dx, 0.02);
  g_assert_cmpfloat_with_epsilon (f.mover->y, y0 + dy, 0.02);

  /* the Game tab's move form starts where he now stands, not where he was */
  {
    PhGamePanel *panel = PH_GAME_PANEL (ph_test_find_widget (GTK_WIDGET (f.window),
                                                             PH_TYPE_GAME_PANEL, NULL));
    g_autofree char *x = ph_game_panel_get_argument (panel, "move", "x");
    g_autofree char *y = ph_game_panel_get_argument (panel, "move", "y");

    g_assert_nonnull (x);
    g_assert_cmpfloat_with_epsilon (g_ascii_strtod (x, NULL), f.mover->x, 0.051);
    g_assert_cmpfloat_with_epsilon (g_ascii_strtod (y, NULL), f.mover->y, 0.051);
  }

  /* a second drag goes on with the move: counted from where it began,
   * and says so */
  drag_figure (&f, f.mover, dx / 2, dy / 2);
  {
    g_autofree char *again = g_strdup_printf ("moved 3.0 in since the move began · %d in left",
                                              f.reach - 3);

    g_assert_cmpstr (ph_map_view_get_move_label (f.map, NULL), ==, again);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.cancel", NULL));
  ph_test_run_until_idle ();

  /* undone like any step */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL));
  ph_test_run_until_idle ();
  g_assert_cmpfloat (f.mover->x, ==, x0);
  g_assert_cmpfloat (f.mover->y, ==, y0);
  fixture_tear_down (&f);
}

static gboolean
is_icon_button (GtkWidget     *widget,
                gconstpointer  icon)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), icon) == 0;
}

/* Undo after reopening: the steps of a saved game are still the
 * window's to undo (the trial's referee found Undo greyed and Ctrl+Z dead
 * though the log keeps every step): Ctrl+Z takes back the last, as it
 * would have before the save, the same log and places; and Redo puts it
 * back */
static void
test_undo_after_reopen (void)
{
  Fixture f;
  PhWindow *reopened;
  PhDocument *document;
  PhGame *game;
  PhFigure *mover;
  GtkWidget *undo;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *undone_here = NULL;
  g_autofree char *undone_there = NULL;
  g_autofree char *saved = NULL;
  double scale, x0, y0, dx, dy;
  guint n;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);
  x0 = f.mover->x;
  y0 = f.mover->y;
  /* the move, by a drag */
  scale = ph_viewport_get_scale (ph_map_view_get_viewport (f.map));
  free_direction (&f, f.mover, 2, &dx, &dy);
  drag_figure (&f, f.mover, dx, dy);
  ph_map_view_end_drag (f.map, dx * scale, dy * scale);
  ph_test_run_until_idle ();
  n = ph_game_get_n_events (f.game);
  g_assert_cmpstr (ph_game_get_event (f.game, n - 1)->kind, ==, "move");
  g_assert_cmpfloat_with_epsilon (f.mover->x, x0 + dx, 0.02);
  g_assert_true (ph_document_save_as (f.document, file, &error));
  g_assert_no_error (error);
  saved = ph_game_to_xml (f.game);

  reopened = ph_test_window_new ();
  g_assert_true (ph_window_load_file (reopened, file, &error));
  g_assert_no_error (error);
  ph_test_wait_drawn (GTK_WIDGET (reopened));
  document = ph_window_get_document (reopened);
  game = ph_document_get_game (document);
  mover = ph_scenario_find_figure (ph_document_get_scenario (document), f.mover->id);
  g_assert_cmpuint (ph_game_get_position (game), ==, n);
  g_assert_cmpfloat_with_epsilon (mover->x, x0 + dx, 0.02);
  g_assert_false (ph_document_get_dirty (document));
  g_assert_true (ph_document_get_can_undo (document));
  g_assert_cmpstr (ph_document_get_undo_label (document), ==,
                   ph_document_get_undo_label (f.document));
  /* the log's Undo button is there to press */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (reopened), "win.show-panel", "s", "game"));
  ph_test_run_until_idle ();
  undo = ph_test_find_descendant (ph_test_find_widget (GTK_WIDGET (reopened), PH_TYPE_GAME_LOG,
                                                      NULL),
                                  is_icon_button, "edit-undo-symbolic");
  g_assert_nonnull (undo);
  g_assert_true (gtk_widget_get_sensitive (undo));

  /* Ctrl+Z: the move is taken back, here as in the window that played it */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (reopened), "win.undo", NULL));
  ph_test_run_until_idle ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL));
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, n - 1);
  g_assert_cmpuint (ph_game_get_n_events (game), ==, n);
  g_assert_cmpfloat (mover->x, ==, x0);
  g_assert_cmpfloat (mover->y, ==, y0);
  g_assert_cmpfloat (f.mover->x, ==, x0);
  g_assert_true (ph_document_get_dirty (document));
  undone_here = ph_game_to_xml (f.game);
  undone_there = ph_game_to_xml (game);
  g_assert_cmpstr (undone_here, ==, undone_there);
  g_assert_cmpstr (undone_there, !=, saved);
  {
    GtkWidget *log = ph_test_find_widget (GTK_WIDGET (reopened), PH_TYPE_GAME_LOG, NULL);

    g_assert_cmpuint (ph_game_log_get_n_rows (PH_GAME_LOG (log)), ==, n - 1);
  }

  /* Redo: as saved, and clean again */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (reopened), "win.redo", NULL));
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, n);
  g_assert_cmpfloat_with_epsilon (mover->x, x0 + dx, 0.02);
  g_assert_false (ph_document_get_dirty (document));
  {
    g_autofree char *redone = ph_game_to_xml (game);

    g_assert_cmpstr (redone, ==, saved);
  }

  /* every step back to the start, which takes the game away */
  while (ph_document_get_can_undo (document))
    g_assert_true (ph_document_undo (document));
  g_assert_null (ph_document_get_game (document));
  g_assert_true (ph_document_redo (document));
  g_assert_nonnull (ph_document_get_game (document));
  g_assert_cmpuint (ph_game_get_position (ph_document_get_game (document)), ==, 1);

  ph_test_window_destroy (reopened);
  fixture_tear_down (&f);
  g_unlink (path);
  g_rmdir (dir);
}

/* A toast on screen (libadwaita's AdwToastWidget) */
static gboolean
toast_mapped (GtkWidget     *widget,
              gconstpointer  data)
{
  return g_str_equal (G_OBJECT_TYPE_NAME (widget), "AdwToastWidget") && gtk_widget_get_mapped (widget);
}


static void
remember_refusal (char      **out,
                  const char *message)
{
  g_free (*out);
  *out = g_strdup (message);
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

/* ... and dropped there */
static void
drop_at (PhMapView *map,
         PhFigure  *figure,
         PhPoint    to)
{
  double scale = ph_viewport_get_scale (ph_map_view_get_viewport (map));

  ph_map_view_end_drag (map, (to.x - figure->x) * scale, (to.y - figure->y) * scale);
  ph_test_run_until_idle ();
}

/* The label by the pointer ends with @tail and says the drop is no good */
static void
assert_drag_label (PhMapView  *map,
                   const char *tail)
{
  gboolean fits = TRUE;
  const char *label = ph_map_view_get_move_label (map, &fits);

  g_assert_nonnull (label);
  g_test_message ("label: %s", label);
  if (!g_str_has_suffix (label, tail))
    g_error ("the label “%s” does not end with “%s”", label, tail);
  g_assert_false (fits);
}

/* A drop on another man's base, whoever drops him, is refused with the
 * man's name and nothing moves: the rules' move, the drop of a man whose
 * move it is not (no "Move Anyway" offered: the referee's move stands on
 * no one either) and Move Anyway itself; the label by the pointer says it
 * before the drop. Base contact is taken. */
static void
test_drop_on_base (void)
{
  Fixture f;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhFigure) placed = NULL;
  g_autofree char *want = NULL;
  g_autofree char *tail = NULL;
  PhPoint mover_at, enemy_at;
  PhBase base;
  guint before;
  double dx, dy;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);
  /* the enemy 2 in from the mover, by the referee */
  free_direction (&f, f.mover, 2, &dx, &dy);
  placed = ph_figure_copy (f.enemy);
  placed->x = f.mover->x + dx;
  placed->y = f.mover->y + dy;
  g_assert_true (ph_document_game_referee_edit (f.document, "Place", &placed, 1, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  mover_at = (PhPoint) { f.mover->x, f.mover->y };
  enemy_at = (PhPoint) { f.enemy->x, f.enemy->y };
  before = ph_game_get_position (f.game);

  /* the rules' move onto him */
  drag_to (f.map, f.mover, enemy_at);
  tail = g_strdup_printf (" · on %s’s base", ph_figure_display_name (f.enemy));
  assert_drag_label (f.map, tail);
  drop_at (f.map, f.mover, enemy_at);
  want = g_strdup_printf ("%s cannot stop there: the base would stand on %s’s "
                          "(bases may touch, never overlap)",
                          ph_figure_display_name (f.mover), ph_figure_display_name (f.enemy));
  g_assert_cmpstr (f.message, ==, want);
  g_assert_null (ph_test_find_descendant (GTK_WIDGET (f.map), ph_test_popover_mapped, NULL));
  g_assert_cmpfloat (f.mover->x, ==, mover_at.x);
  g_assert_cmpfloat (f.mover->y, ==, mover_at.y);
  g_assert_cmpuint (ph_game_get_position (f.game), ==, before);

  /* the enemy, whose move it is not, onto the mover */
  g_clear_pointer (&f.message, g_free);
  drag_to (f.map, f.enemy, mover_at);
  g_free (tail);
  tail = g_strdup_printf (" · on %s’s base", ph_figure_display_name (f.mover));
  assert_drag_label (f.map, tail);
  drop_at (f.map, f.enemy, mover_at);
  g_free (want);
  want = g_strdup_printf ("%s cannot stop there: the base would stand on %s’s "
                          "(bases may touch, never overlap)",
                          ph_figure_display_name (f.enemy), ph_figure_display_name (f.mover));
  g_assert_cmpstr (f.message, ==, want);
  g_assert_null (ph_test_find_descendant (GTK_WIDGET (f.map), ph_test_popover_mapped, NULL));
  g_assert_cmpfloat (f.enemy->x, ==, enemy_at.x);
  g_assert_cmpuint (ph_game_get_position (f.game), ==, before);

  /* Move Anyway (referee) onto him: refused, in the same words */
  g_clear_pointer (&f.message, g_free);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.move-anyway", "(sdd)",
                                             f.enemy->id, mover_at.x + 0.3, mover_at.y));
  ph_test_run_until_idle ();
  g_assert_cmpstr (f.message, ==, want);
  g_assert_cmpfloat (f.enemy->x, ==, enemy_at.x);
  g_assert_cmpuint (ph_game_get_position (f.game), ==, before);

  /* a hair from base contact: the referee's move is taken, into
   * contact (docs/rules.md, "Base contact by drag") */
  ph_figure_get_base (f.mover, &base);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.move-anyway", "(sdd)",
                                             f.enemy->id, mover_at.x,
                                             mover_at.y + base.depth + 0.01));
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (f.game), ==, before + 1);
  g_assert_cmpfloat_with_epsilon (f.enemy->x, mover_at.x, 0.011);
  g_assert_cmpfloat_with_epsilon (f.enemy->y, mover_at.y + base.depth, 0.011);
  g_assert_true (ph_game_bases_touch (ph_document_get_scenario (f.document), f.enemy, f.mover, NULL));
  fixture_tear_down (&f);
}

/* The label by the pointer ends with @tail and says the drop is good */
static void
assert_drag_label_fits (PhMapView  *map,
                        const char *tail)
{
  gboolean fits = FALSE;
  const char *label = ph_map_view_get_move_label (map, &fits);

  g_assert_nonnull (label);
  g_test_message ("label: %s", label);
  if (!g_str_has_suffix (label, tail))
    g_error ("the label “%s” does not end with “%s”", label, tail);
  g_assert_true (fits);
}

/* A drag into base contact needs no pixel-exact drop (the trial's were
 * refused "on X's base" a hair onto him, or left the men 0.8 pace
 * apart): a drop a little onto the enemy's base, or a little short of
 * it, is put in contact, the label saying so first; well short, the drop
 * is where it was let go. The referee's drop of a man whose move it is
 * not goes into contact too. */
static void
test_drop_into_contact (void)
{
  Fixture f;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhFigure) placed = NULL;
  g_autofree char *tail = NULL;
  PhBase mine, his;
  PhPoint start, enemy_at;
  double dx, dy, ux, uy, contact;
  guint before;
  /* how far from contact each drop is: onto him, short of him */
  static const double offs[] = { -0.2, 0.3 };

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);
  /* the enemy 2.5 in from the mover, by the referee */
  free_direction (&f, f.mover, 2.5, &dx, &dy);
  ux = dx / 2.5;
  uy = dy / 2.5;
  placed = ph_figure_copy (f.enemy);
  placed->x = f.mover->x + dx;
  placed->y = f.mover->y + dy;
  g_assert_true (ph_document_game_referee_edit (f.document, "Place", &placed, 1, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  start = (PhPoint) { f.mover->x, f.mover->y };
  enemy_at = (PhPoint) { f.enemy->x, f.enemy->y };
  ph_figure_get_base (f.mover, &mine);
  ph_figure_get_base (f.enemy, &his);
  g_assert_false (mine.square || his.square);
  contact = mine.width / 2 + his.width / 2;
  g_assert_cmpfloat (2.5 - contact, <=, f.reach);
  before = ph_game_get_position (f.game);
  tail = g_strdup_printf (" · into contact with %s", ph_figure_display_name (f.enemy));

  for (guint i = 0; i < G_N_ELEMENTS (offs); i++)
    {
      PhPoint to = { enemy_at.x - ux * (contact + offs[i]), enemy_at.y - uy * (contact + offs[i]) };
      const PhEvent *event;

      g_test_message ("dropped %.1f in from contact", offs[i]);
      drag_to (f.map, f.mover, to);
      assert_drag_label_fits (f.map, tail);
      drop_at (f.map, f.mover, to);
      g_assert_cmpuint (ph_game_get_position (f.game), ==, before + 1);
      event = ph_game_get_event (f.game, before);
      g_assert_cmpstr (event->kind, ==, "move");
      /* the sum of the radii apart, to the hundredth the move takes */
      g_assert_cmpfloat_with_epsilon (hypot (f.mover->x - enemy_at.x, f.mover->y - enemy_at.y),
                                      contact, 0.0075);
      g_assert_true (ph_game_bases_touch (ph_document_get_scenario (f.document), f.mover,
                                          f.enemy, NULL));
      g_assert_false (ph_figures_overlap (f.mover, f.enemy));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL));
      ph_test_run_until_idle ();
      g_assert_cmpfloat (f.mover->x, ==, start.x);
      g_assert_cmpfloat (f.mover->y, ==, start.y);
    }

  /* 0.8 in short: no contact meant, the drop where it was let go */
  {
    PhPoint to = { enemy_at.x - ux * (contact + 0.8), enemy_at.y - uy * (contact + 0.8) };
    gboolean fits = FALSE;
    const char *label;

    drag_to (f.map, f.mover, to);
    label = ph_map_view_get_move_label (f.map, &fits);
    g_assert_nonnull (label);
    g_assert_null (strstr (label, "contact"));
    g_assert_true (fits);
    drop_at (f.map, f.mover, to);
    g_assert_cmpuint (ph_game_get_position (f.game), ==, before + 1);
    g_assert_cmpfloat_with_epsilon (hypot (f.mover->x - enemy_at.x, f.mover->y - enemy_at.y),
                                    contact + 0.8, 0.06);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL));
    ph_test_run_until_idle ();
  }

  /* the enemy, whose move it is not, dropped 0.3 in short of the mover:
   * Move Anyway offered in contact */
  {
    PhPoint to = { start.x + ux * (contact + 0.3), start.y + uy * (contact + 0.3) };
    g_autofree char *want = g_strdup_printf (" · Move Anyway into contact with %s",
                                             ph_figure_display_name (f.mover));
    GtkWidget *popover;
    GMenuModel *menu;
    g_autoptr(GVariant) target = NULL;
    const char *id = NULL;
    double x = 0, y = 0;

    drag_to (f.map, f.enemy, to);
    {
      gboolean fits = TRUE;
      const char *label = ph_map_view_get_move_label (f.map, &fits);

      g_test_message ("label: %s", label);
      g_assert_true (g_str_has_suffix (label, want));
    }
    drop_at (f.map, f.enemy, to);
    PH_TEST_WAIT_UNTIL ((popover = ph_test_find_descendant (GTK_WIDGET (f.map), ph_test_popover_mapped,
                                                            NULL)) != NULL);
    menu = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
    target = g_menu_model_get_item_attribute_value (menu, 0, G_MENU_ATTRIBUTE_TARGET,
                                                    G_VARIANT_TYPE ("(sdd)"));
    g_assert_nonnull (target);
    g_variant_get (target, "(&sdd)", &id, &x, &y);
    g_assert_cmpstr (id, ==, f.enemy->id);
    g_assert_cmpfloat_with_epsilon (hypot (x - start.x, y - start.y), contact, 1e-9);
    gtk_popover_popdown (GTK_POPOVER (popover));
    ph_test_run_until_idle ();
  }
  fixture_tear_down (&f);
}

/* Guns of War: one unit to a hex, whoever drops it: the rules' move, a
 * unit that has had its move, Move Anyway; the label names the unit
 * holding the hex before the drop */
static void
test_drop_on_held_hex (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map;
  PhScenario *scenario;
  PhGame *game;
  PhFigure *unit, *other;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *want = NULL;
  g_autofree char *tail = NULL;
  static const int steps[][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { -1, 1 } };
  PhPoint held, from;
  double size;
  guint before;
  gulong id;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on ("guns-of-war-tithe-barn.xml");
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  size = scenario->table.grid_size;
  g_assert_true (ph_document_start_game (document, 1618, &error));
  g_assert_no_error (error);
  game = ph_document_get_game (document);
  unit = ph_scenario_find_figure (scenario, "jut_arquebusiers");
  other = ph_scenario_find_figure (scenario, "aur_musketeers");
  held = ph_hex_to_point (ph_hex_from_point ((PhPoint) { other->x, other->y }, size), size);
  id = g_signal_connect_swapped (map, "message", G_CALLBACK (remember_refusal), &message);
  ph_test_run_until_idle ();
  before = ph_game_get_position (game);

  /* the rules' move into the musketeers' hex */
  drag_to (map, unit, held);
  tail = g_strdup_printf (" · hex held by %s", ph_figure_display_name (other));
  assert_drag_label (map, tail);
  from = (PhPoint) { unit->x, unit->y };
  drop_at (map, unit, held);
  want = g_strdup_printf ("%s cannot stop there: the hex is held by %s (one unit to a hex)",
                          ph_figure_display_name (unit), ph_figure_display_name (other));
  g_assert_cmpstr (message, ==, want);
  g_assert_null (ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL));
  g_assert_cmpfloat (unit->x, ==, from.x);
  g_assert_cmpuint (ph_game_get_position (game), ==, before);

  /* a hex of its own next to it: its move, after which it is no longer
   * its move */
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      PhHex hex = ph_hex_from_point (from, size);

      hex.q += steps[i][0];
      hex.r += steps[i][1];
      if (ph_document_game_move (document, unit->id, ph_hex_to_point (hex, size), NULL))
        break;
    }
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, before + 1);
  from = (PhPoint) { unit->x, unit->y };
  g_assert_false (ph_game_plan_move (game, unit->id, &(PhMovePlan) { 0 }, NULL));

  /* dropped in the held hex all the same: refused, no Move Anyway */
  g_clear_pointer (&message, g_free);
  drag_to (map, unit, held);
  assert_drag_label (map, tail);
  drop_at (map, unit, held);
  g_assert_cmpstr (message, ==, want);
  g_assert_null (ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL));
  g_assert_cmpfloat (unit->x, ==, from.x);
  g_assert_cmpuint (ph_game_get_position (game), ==, before + 1);

  /* Move Anyway into it, off the hex's centre: refused too */
  g_clear_pointer (&message, g_free);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map), "map.move-anyway", "(sdd)",
                                             unit->id, held.x + 0.3, held.y));
  ph_test_run_until_idle ();
  g_assert_cmpstr (message, ==, want);
  g_assert_cmpfloat (unit->x, ==, from.x);
  g_assert_cmpuint (ph_game_get_position (game), ==, before + 1);
  g_signal_handler_disconnect (map, id);
  ph_test_window_destroy (window);
}

/* Musket Mayhem: a drag across the Paddock Fence after a move rolled on
 * 3d6 is refused ("crossing an obstacle takes the 1d6 move"); once the
 * referee puts the man back, by Put Back or by Esc on the menu, the
 * status line no longer says the refusal (it stayed) */
static void
test_put_back_clears_refusal (void)
{
  Fixture f;
  const PhPoint west_of_fence = { 18, 35 }, east_of_fence = { 21, 35 };
  GtkWidget *popover;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up_at (&f, &west_of_fence);
  g_assert_cmpint (ph_game_get_figure_var_int (f.game, f.mover->id, "move-dice", 1), ==, 3);
  for (guint esc = 0; esc < 2; esc++)
    {
      const char *said;

      g_clear_pointer (&f.message, g_free);
      drag_to (f.map, f.mover, east_of_fence);
      drop_at (f.map, f.mover, east_of_fence);
      g_assert_nonnull (f.message);
      g_assert_nonnull (strstr (f.message, "Paddock Fence: crossing an obstacle takes the 1d6 "
                                           "move, and 3d6 were rolled"));
      said = gtk_label_get_label (f.window->status_label);
      g_assert_nonnull (strstr (said, "Paddock Fence: crossing an obstacle"));
      g_assert_cmpfloat (f.mover->x, ==, west_of_fence.x);
      PH_TEST_WAIT_UNTIL (ph_test_find_descendant (GTK_WIDGET (f.map), ph_test_popover_mapped, NULL));
      popover = ph_test_find_descendant (GTK_WIDGET (f.map), ph_test_popover_mapped, NULL);
      if (!esc)
        /* Put Back: the item's action, and the menu closes */
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.put-back", NULL));
      /* (Esc closes it so) */
      gtk_popover_popdown (GTK_POPOVER (popover));
      ph_test_run_until_idle ();
      said = gtk_label_get_label (f.window->status_label);
      g_test_message ("after %s: %s", esc ? "Esc" : "Put Back", said);
      g_assert_null (strstr (said, "Paddock Fence"));
      g_assert_null (strstr (said, "cannot move there"));
      g_assert_cmpfloat (f.mover->x, ==, west_of_fence.x);
    }
  fixture_tear_down (&f);
}

/* A figure whose move it is not: its drop offers "Move Anyway
 * (referee)", which the log records as the referee's; turning and the
 * Figure tab's edits during a game are his too */
static void
test_move_anyway (void)
{
  Fixture f;
  const PhEvent *event;
  guint before;
  double x0, dx, dy, scale;
  g_autoptr(PhFigure) edited = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);
  before = ph_game_get_position (f.game);
  x0 = f.enemy->x;
  scale = ph_viewport_get_scale (ph_map_view_get_viewport (f.map));
  free_direction (&f, f.enemy, 1.5, &dx, &dy);
  drag_figure (&f, f.enemy, dx, dy);
  ph_map_view_end_drag (f.map, dx * scale, dy * scale);
  ph_test_run_until_idle ();
  /* nothing yet: the menu asks */
  g_assert_cmpfloat (f.enemy->x, ==, x0);
  g_assert_cmpuint (ph_game_get_position (f.game), ==, before);
  PH_TEST_WAIT_UNTIL (ph_test_find_descendant (GTK_WIDGET (f.map), ph_test_popover_mapped, NULL) != NULL);
  ph_test_save_screenshot (GTK_WIDGET (f.window), "app-move-anyway.png");
  /* closed (Put Back, Esc, a click away), the map has the keys again */
  gtk_popover_popdown (GTK_POPOVER (ph_test_find_descendant (GTK_WIDGET (f.map), ph_test_popover_mapped,
                                                             NULL)));
  ph_test_run_until_idle ();
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (f.window)) == GTK_WIDGET (f.map));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.move-anyway", "(sdd)",
                                             f.enemy->id, x0 + dx, f.enemy->y + dy));
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (f.game), ==, before + 1);
  event = ph_game_get_event (f.game, before);
  g_assert_cmpstr (event->kind, ==, "referee");
  /* a sentence, how far in the table's unit, not raw coordinates */
  {
    g_autofree char *want = g_strdup_printf ("Referee moved %s 1.5 in",
                                             ph_figure_display_name (f.enemy));

    g_assert_cmpstr (event->text, ==, want);
  }
  g_assert_cmpfloat_with_epsilon (f.enemy->x, x0 + dx, 0.02);

  /* the Figure tab's edit during a game: the referee's step too */
  edited = ph_figure_copy (f.enemy);
  edited->facing = fmod (edited->facing + 90, 360);
  ph_document_update_figure (f.document, "Turn", edited);
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (f.game), ==, before + 2);
  event = ph_game_get_event (f.game, before + 1);
  g_assert_cmpstr (event->kind, ==, "referee");
  g_assert_nonnull (strstr (event->text, "facing"));
  g_assert_cmpfloat (f.enemy->facing, ==, edited->facing);

  /* both undone, in turn */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.undo", NULL));
  ph_test_run_until_idle ();
  g_assert_cmpfloat (f.enemy->x, ==, x0);
  g_assert_cmpuint (ph_game_get_position (f.game), ==, before);

  /* what the log cannot record is refused, and said */
  {
    g_autoptr(PhFigure) unarmed = ph_figure_copy (f.enemy);
    g_autofree char *refusal = NULL;
    gulong id;

    g_assert_cmpuint (unarmed->weapons->len, >, 0);
    g_array_set_size (unarmed->weapons, 0);
    id = g_signal_connect_swapped (f.document, "refused", G_CALLBACK (remember_refusal), &refusal);
    ph_document_update_figure (f.document, "Remove Weapons", unarmed);
    ph_test_run_until_idle ();
    g_signal_handler_disconnect (f.document, id);
    g_assert_nonnull (refusal);
    g_assert_nonnull (strstr (refusal, "weapons cannot be added or taken away during a game"));
    g_assert_cmpuint (ph_game_get_position (f.game), ==, before);
    g_assert_cmpuint (f.enemy->weapons->len, >, 0);
  }
  fixture_tear_down (&f);
}

/* The menu item labelled @label's prefix in @model (sections too), or NULL */
static GMenuModel *
find_item (GMenuModel *model,
           const char *prefix,
           int        *index)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *label = NULL;
      GMenuModel *section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (section != NULL)
        {
          GMenuModel *found = find_item (section, prefix, index);

          if (found != NULL)
            {
              g_object_unref (section);
              return found;
            }
          g_object_unref (section);
          continue;
        }
      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label)
          && g_str_has_prefix (label, prefix))
        {
          *index = i;
          return model;
        }
    }
  return NULL;
}

static gboolean
label_starts (GtkWidget     *widget,
              gconstpointer  prefix)
{
  return GTK_IS_LABEL (widget)
         && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (widget)), prefix);
}

/* How many items of @model (sections too) have labels starting @prefix */
static guint
count_items (GMenuModel *model,
             const char *prefix)
{
  guint n = 0;

  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *label = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (section != NULL)
        n += count_items (section, prefix);
      else if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label)
               && g_str_has_prefix (label, prefix))
        n++;
    }
  return n;
}

/* Right-click on an enemy in a game: the selected figure's actions on it,
 * the shot with its odds; chosen, the shot is performed and logged */
static void
test_target_menu (void)
{
  Fixture f;
  GtkWidget *popover;
  GMenuModel *model, *section;
  g_autofree char *want = NULL;
  g_autofree char *label = NULL;
  g_autoptr(GVariant) target = NULL;
  const PhAssessment *a;
  guint before;
  int index = -1;
  gboolean can_fire;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);

  /* the side not moving may shoot: its man at the mover */
  ph_test_click_figure (f.map, f.enemy, 0);
  ph_map_view_set_pinned_target (f.map, f.mover);
  ph_test_run_until_idle ();
  /* the Game tab too offers his shot, not the moving side's step */
  {
    PhGamePanel *panel = PH_GAME_PANEL (ph_test_find_widget (GTK_WIDGET (f.window),
                                                             PH_TYPE_GAME_PANEL, NULL));

    g_test_message ("Game tab: %s (the rules expect %s)",
                    ph_game_panel_get_selected_action (panel), ph_game_expected (f.game));
    g_assert_cmpstr (ph_game_panel_get_selected_action (panel), ==, "shoot");
  }
  g_assert_true (ph_map_view_popup_target_menu (f.map, f.mover, 100, 100));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (f.map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  /* no figure's tooltip over the menu */
  g_assert_false (ph_map_view_query_tooltip (f.map, 100, 100, TRUE, NULL));
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  a = ph_map_view_get_assessment (f.map);
  g_assert_nonnull (a);
  want = g_strdup_printf ("Shoot at %s (", ph_figure_display_name (f.mover));
  /* once */
  g_assert_cmpuint (count_items (model, want), ==, 1);
  section = find_item (model, want, &index);
  g_assert_nonnull (section);
  g_assert_true (g_menu_model_get_item_attribute (section, index, G_MENU_ATTRIBUTE_LABEL, "s",
                                                  &label));
  g_test_message ("%s (p_hit %.4f)", label, a->p_hit);
  /* the odds, and what the table takes off them (Musket Mayhem's over
   * half range), as the Fire tab lists it */
  {
    g_autofree char *exact = g_strdup_printf ("Shoot at %s (over half range -1, %.0f%% to hit, "
                                              "%.0f%% to kill)", ph_figure_display_name (f.mover),
                                              a->p_hit * 100, a->p_effect * 100);

    g_assert_cmpstr (label, ==, exact);
  }
  can_fire = a->can_fire;
  g_assert_true (can_fire);
  target = g_menu_model_get_item_attribute_value (section, index, G_MENU_ATTRIBUTE_TARGET, NULL);
  g_assert_nonnull (target);
  /* only what the rules would take: no melee out of contact, greyed
   * with the rules' reason instead */
  g_assert_null (find_item (model, "Melee: ", &index));
  g_assert_nonnull (find_item (model, "Melee refused: ", &index));
  gtk_popover_popdown (GTK_POPOVER (popover));

  /* chosen: the shot, logged (or the rules' refusal, in the status line);
   * the Game tab open as the referee had it */
  gtk_toggle_button_set_active (f.window->panel_button, TRUE);
  gtk_stack_set_visible_child_name (f.window->panel_stack, "game");
  ph_test_run_until_idle ();
  before = ph_game_get_position (f.game);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f.window), "win.game-action",
                                                     target));
  ph_test_run_until_idle ();
  if (can_fire)
    {
      const PhEvent *event = ph_game_get_event (f.game, before);

      g_assert_cmpuint (ph_game_get_position (f.game), ==, before + 1);
      g_assert_cmpstr (event->kind, ==, "shoot");
      g_assert_cmpstr (event->figure, ==, f.enemy->id);
      /* what it did, in the status line under the map, and there alone:
       * a toast over the map said it again, word for word, and hid the
       * labels at the map's foot (over the window it had hidden the
       * status line and the Game tab's Replay to Here / Back to Now) */
      g_assert_cmpstr (gtk_label_get_label (f.window->status_label), ==, event->text);
      g_assert_null (ph_test_find_descendant (GTK_WIDGET (f.window), toast_mapped, NULL));
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f.window->game_panel)));
    }
  else
    g_assert_cmpuint (ph_game_get_position (f.game), ==, before);

  /* the side moving may not shoot now: the refusal is shown greyed, with
   * the rules' words, and nothing in the menu performs it */
  ph_test_click_figure (f.map, f.mover, 0);
  ph_map_view_set_pinned_target (f.map, f.enemy);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_popup_target_menu (f.map, f.enemy, 100, 100));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (f.map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  g_clear_pointer (&want, g_free);
  want = g_strdup_printf ("Cannot shoot at %s: ", ph_figure_display_name (f.enemy));
  section = find_item (model, want, &index);
  g_assert_nonnull (section);
  g_clear_pointer (&label, g_free);
  g_assert_true (g_menu_model_get_item_attribute (section, index, G_MENU_ATTRIBUTE_LABEL, "s",
                                                  &label));
  g_test_message ("%s", label);
  g_assert_cmpuint (strlen (label), >, strlen (want) + 5);
  /* the rules' whole reason, over lines of at most 64 characters */
  {
    g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
    g_autoptr(GError) error = NULL;
    g_auto(GStrv) lines = g_strsplit (label, "\n", -1);
    g_autofree char *joined = g_strjoinv (" ", lines);
    g_autofree char *whole = NULL;
    gboolean moves_on = FALSE;

    g_hash_table_insert (args, (gpointer) "figure", f.mover->id);
    g_hash_table_insert (args, (gpointer) "target", f.enemy->id);
    g_assert_false (ph_game_try_step (f.game, "shoot", args, FALSE, &moves_on, &error));
    g_assert_nonnull (error);
    whole = g_strdup_printf ("%s%.*s", want, (int) strcspn (error->message, "\n"), error->message);
    g_assert_cmpstr (joined, ==, whole);
    for (guint i = 0; lines[i] != NULL; i++)
      g_assert_cmpuint (g_utf8_strlen (lines[i], -1), <=, 64);
  }
  {
    g_autofree char *action = NULL;

    /* greyed: an action that is never enabled */
    g_assert_true (g_menu_model_get_item_attribute (section, index, G_MENU_ATTRIBUTE_ACTION, "s",
                                                    &action));
    g_assert_cmpstr (action, ==, "map.refused");
  }
  /* and drawn so: its label is insensitive */
  {
    GtkWidget *item = ph_test_find_descendant (popover, label_starts, want);

    g_assert_nonnull (item);
    g_assert_false (gtk_widget_is_sensitive (item));
  }
  g_assert_null (find_item (model, "Shoot at ", &index));
  gtk_popover_popdown (GTK_POPOVER (popover));

  /* a target who falls is no target any more */
  {
    g_autoptr(PhFigure) fallen = ph_figure_copy (f.enemy);

    fallen->status |= PH_STATUS_DEAD;
    ph_document_update_figure (f.document, "Dead", fallen);
    ph_test_run_until_idle ();
    g_assert_true (ph_figure_is_off_table (f.enemy));
    g_assert_null (ph_selection_get_pinned_target (ph_document_get_selection (f.document)));
  }
  fixture_tear_down (&f);
}

static gboolean
button_labelled (GtkWidget     *widget,
                 gconstpointer  label)
{
  return GTK_IS_TOGGLE_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

/* The label and target of the menu's "Shoot at NAME (" item */
static char *
popup_shot_item (PhMapView      *map,
                 const PhFigure *target,
                 GVariant      **action_target,
                 GMenuModel    **model_out)
{
  g_autofree char *want = g_strdup_printf ("Shoot at %s", ph_figure_display_name (target));
  GtkWidget *popover;
  GMenuModel *model, *section;
  char *label = NULL;
  int index = -1;

  g_assert_true (ph_map_view_popup_target_menu (map, target, 100, 100));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  g_assert_cmpuint (count_items (model, want), ==, 1);
  section = find_item (model, want, &index);
  g_assert_true (g_menu_model_get_item_attribute (section, index, G_MENU_ATTRIBUTE_LABEL, "s",
                                                  &label));
  *action_target = g_menu_model_get_item_attribute_value (section, index,
                                                          G_MENU_ATTRIBUTE_TARGET, NULL);
  *model_out = g_object_ref (model);
  gtk_popover_popdown (GTK_POPOVER (popover));
  /* a long one over the menu's lines: read as one */
  {
    g_auto(GStrv) lines = g_strsplit (label, "\n", -1);

    g_free (label);
    label = g_strjoinv (" ", lines);
  }
  return label;
}

/* The menu's item with @target chosen: the one step it performs, a shot */
static const PhEvent *
choose_shot (PhWindow *window,
             PhGame   *game,
             GVariant *target)
{
  guint before = ph_game_get_position (game);
  const PhEvent *event;

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.game-action",
                                                     target));
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, before + 1);
  event = ph_game_get_event (game, before);
  g_assert_cmpstr (event->kind, ==, "shoot");
  g_test_message ("%s", event->text);
  /* what it did is said where the eye is, not only in the Game tab's log */
  g_assert_cmpstr (gtk_label_get_label (window->status_label), ==, event->text);
  /* once: a toast over the map said it again, word for word, and hid the
   * labels at the map's foot */
  g_assert_null (ph_test_find_descendant (GTK_WIDGET (window), toast_mapped, NULL));
  return event;
}

/* A right-click's "Shoot at" fires the shot the Fire tab shows when the
 * rules take it (Firelock's careful aim, paid in IPs), its odds in the
 * label; when the rules refuse the Fire tab's shot, the menu says why and
 * its item names the shot it fires instead ("Aim: None") */
static void
test_target_menu_fire_tab_shot (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) target = NULL;
  g_autoptr(GMenuModel) model = NULL;
  g_autofree char *label = NULL;
  g_autofree char *want = NULL;
  PhShotOptions careful = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhAssessment) a = NULL;
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  PhMapView *map;
  PhGame *game;
  PhFigure *dubois, *shute;
  GtkWidget *button;
  const PhEvent *event;
  int ips;
  Fixture f = { 0 };

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on (PH_TEST_EXAMPLE_FIRELOCK);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  map = ph_window_get_map_view (window);
  dubois = ph_scenario_find_figure (scenario, "dubois");
  shute = ph_scenario_find_figure (scenario, "shute");
  g_assert_true (ph_document_start_game (document, 7, &error));
  g_assert_no_error (error);
  game = ph_document_get_game (document);
  f.document = document;
  perform (&f, "draw-card", NULL);
  perform (&f, "roll-ips", "figure", "dubois", NULL);
  ips = ph_game_get_figure_var_int (game, "dubois", "ips", -1);
  g_assert_cmpint (ips, >=, 8);
  ph_test_run_until_idle ();

  /* the Fire tab: Sgt. Dubois at Pvt. Shute, careful aim */
  ph_test_click_figure (map, dubois, 0);
  ph_map_view_set_pinned_target (map, shute);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "shot");
  ph_test_run_until_idle ();
  button = ph_test_find_descendant (GTK_WIDGET (window), button_labelled, "Careful");
  g_assert_nonnull (button);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
  ph_test_run_until_idle ();
  {
    const PhRuleset *ruleset = ph_ruleset_get (scenario->ruleset);

    /* the ruleset's "aim" option at its "careful" choice */
    for (guint i = 0; i < ruleset->n_shot_options; i++)
      if (g_str_equal (ruleset->shot_options[i].name, "aim"))
        for (guint k = 0; ruleset->shot_options[i].choices[k] != NULL; k++)
          if (g_str_equal (ruleset->shot_options[i].choices[k], "careful"))
            careful.values[i] = k;
    g_assert_cmpmem (ph_shot_controller_get_options (ph_document_get_shot_controller (document)),
                     sizeof careful, &careful, sizeof careful);
  }

  /* the menu gives the careful shot's odds, and fires it */
  label = popup_shot_item (map, shute, &target, &model);
  a = ph_engine_assess_figures (scenario, dubois, shute, &careful, NULL);
  g_assert_true (a->can_fire);
  /* and what the shot's chance is made of, as the log gives it; the
   * careful aim he pays for named once, in the item's name, and its +3
   * not listed again */
  {
    g_autoptr(GString) mods = g_string_new (NULL);
    gboolean aim_listed = FALSE;

    for (guint i = 0; i < a->modifiers->len; i++)
      {
        const PhModifier *m = &g_array_index (a->modifiers, PhModifier, i);

        if (g_str_equal (m->label, "result: carefully aimed (4 IPs)"))
          aim_listed = TRUE;
        else if (m->value != 0)
          g_string_append_printf (mods, "%s %+g, ", m->label, m->value);
      }
    g_assert_true (aim_listed);
    want = g_strdup_printf ("Shoot at %s, paying 4 IPs to aim carefully (%s%.0f%% to hit, "
                            "%.0f%% to wound)",
                            ph_figure_display_name (shute), mods->str, a->p_hit * 100,
                            a->p_effect * 100);
  }
  g_assert_cmpstr (label, ==, want);
  event = choose_shot (window, game, target);
  g_assert_nonnull (strstr (event->text, "4 IPs to aim carefully"));
  /* careful aim costs 4 IPs */
  g_assert_cmpint (ph_game_get_figure_var_int (game, "dubois", "ips", -1), ==, ips - 4);

  /* back, and his IPs spent on a move: the rules refuse careful aim; the
   * menu says so and offers the plain shot, named as such */
  g_assert_true (ph_document_undo (document));
  perform (&f, "move", "figure", "dubois", "x", "21", "y", "29", NULL);
  g_assert_cmpint (ph_game_get_figure_var_int (game, "dubois", "ips", -1), <, 4);
  ph_test_click_figure (map, dubois, 0);
  ph_map_view_set_pinned_target (map, shute);
  ph_test_run_until_idle ();
  g_clear_pointer (&label, g_free);
  g_clear_pointer (&target, g_variant_unref);
  g_clear_object (&model);
  label = popup_shot_item (map, shute, &target, &model);
  g_test_message ("%s", label);
  g_assert_nonnull (strstr (label, "(Aim: None, "));
  {
    int index;

    g_assert_nonnull (find_item (model, "Not the Fire tab's shot (Careful): ", &index));
  }
  event = choose_shot (window, game, target);
  g_assert_null (strstr (event->text, "to aim"));
  ph_test_window_destroy (window);
}

/* The melee on a right-click, as the shot: its odds the ruleset's
 * ("62% to win", worked out by its rules), and out of contact greyed
 * with the rules' reason (the referee saw Firelock leave it out without
 * a word while Musket Mayhem said why) */
static void
test_target_menu_melee (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *odds = NULL;
  g_autofree char *want = NULL;
  g_autofree char *label = NULL;
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  PhMapView *map;
  PhGame *game;
  PhFigure *dubois, *shute;
  GtkWidget *popover;
  GMenuModel *model, *section;
  int index = -1;
  Fixture f = { 0 };

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on (PH_TEST_EXAMPLE_FIRELOCK);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  map = ph_window_get_map_view (window);
  dubois = ph_scenario_find_figure (scenario, "dubois");
  shute = ph_scenario_find_figure (scenario, "shute");
  g_assert_true (ph_document_start_game (document, 7, &error));
  g_assert_no_error (error);
  game = ph_document_get_game (document);
  f.document = document;
  perform (&f, "draw-card", NULL);
  perform (&f, "roll-ips", "figure", "dubois", NULL);
  ph_test_run_until_idle ();

  /* out of contact: the shot offered, the melee greyed with the reason */
  ph_test_click_figure (map, dubois, 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_popup_target_menu (map, shute, 100, 100));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  g_assert_nonnull (find_item (model, "Shoot at ", &index));
  g_assert_null (find_item (model, "Melee: ", &index));
  section = find_item (model, "Melee refused: ", &index);
  g_assert_nonnull (section);
  g_assert_true (g_menu_model_get_item_attribute (section, index, G_MENU_ATTRIBUTE_LABEL, "s",
                                                  &label));
  g_test_message ("%s", label);
  g_assert_nonnull (strstr (label, "melee needs 1 in or less"));
  {
    g_autofree char *action = NULL;

    g_assert_true (g_menu_model_get_item_attribute (section, index, G_MENU_ATTRIBUTE_ACTION, "s",
                                                    &action));
    g_assert_cmpstr (action, ==, "map.refused");
  }
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_run_until_idle ();

  /* in contact (the referee puts Shute by him): the melee with its odds */
  {
    g_autoptr(PhFigure) moved = ph_figure_copy (shute);

    moved->x = dubois->x + 1.0;
    moved->y = dubois->y;
    ph_document_update_figure (document, "Move", moved);
    ph_test_run_until_idle ();
  }
  ph_test_click_figure (map, dubois, 0);
  ph_test_run_until_idle ();
  odds = ph_game_target_odds (game, "melee", dubois, shute);
  g_assert_nonnull (odds);
  g_assert_true (g_str_has_suffix (odds, "% to win"));
  want = g_strdup_printf ("Melee: %s (%s)", ph_figure_display_name (shute), odds);
  g_assert_true (ph_map_view_popup_target_menu (map, shute, 100, 100));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  g_clear_pointer (&label, g_free);
  section = find_item (model, "Melee: ", &index);
  g_assert_nonnull (section);
  g_assert_true (g_menu_model_get_item_attribute (section, index, G_MENU_ATTRIBUTE_LABEL, "s",
                                                  &label));
  g_test_message ("%s", label);
  g_assert_cmpstr (label, ==, want);
  g_assert_null (find_item (model, "Melee refused: ", &index));
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_window_destroy (window);
}

/* A window on the Featherstone example with its house rule weapons-table
 * set to @table (NULL: left out), written to a file of its own in
 * *@dir_out (to remove) */
static PhWindow *
window_on_weapons_table (const char  *table,
                         char       **dir_out,
                         char       **path_out)
{
  g_autoptr(GFile) example = ph_test_example_file ("featherstone-cacabelos-1809.xml");
  g_autofree char *text = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "weapons-table.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GRegex) option = g_regex_new ("<option name=\"weapons-table\"[^>]*/>",
                                          G_REGEX_MULTILINE, 0, NULL);
  g_autofree char *replacement = table != NULL
    ? g_strdup_printf ("<option name=\"weapons-table\" value=\"%s\"/>", table)
    : g_strdup ("");
  g_autofree char *changed = NULL;
  g_autoptr(GError) error = NULL;
  PhWindow *window;

  g_assert_true (g_file_load_contents (example, NULL, &text, NULL, NULL, &error));
  g_assert_no_error (error);
  changed = g_regex_replace_literal (option, text, -1, 0, replacement, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (changed, !=, text);
  g_assert_true (g_file_set_contents (path, changed, -1, &error));
  window = ph_test_window_new ();
  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_true (ph_document_start_game (ph_window_get_document (window), 1809, &error));
  g_assert_no_error (error);
  *dir_out = g_steal_pointer (&dir);
  *path_out = g_steal_pointer (&path);
  return window;
}

/* @target put by @figure, in contact, by the referee */
static void
put_in_contact (PhDocument *document,
                PhFigure   *figure,
                PhFigure   *target)
{
  g_autoptr(PhFigure) moved = ph_figure_copy (target);
  PhBase base;

  ph_figure_get_base (figure, &base);
  moved->x = figure->x + base.width;
  moved->y = figure->y;
  ph_document_update_figure (document, "Move", moved);
  ph_test_run_until_idle ();
}

/* @figure's right-click on @target: the menu's item that starts with
 * @prefix, its label (lines joined) in *@label and its action in
 * *@action; FALSE when there is none */
static gboolean
menu_item_on (PhMapView      *map,
              PhFigure       *figure,
              const PhFigure *target,
              const char     *prefix,
              char          **label,
              char          **action)
{
  GtkWidget *popover;
  GMenuModel *model, *section;
  g_autofree char *text = NULL;
  int index = -1;

  ph_test_click_figure (map, figure, 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_popup_target_menu (map, target, 100, 100));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  section = find_item (model, prefix, &index);
  if (section != NULL)
    {
      g_auto(GStrv) lines = NULL;

      g_assert_true (g_menu_model_get_item_attribute (section, index, G_MENU_ATTRIBUTE_LABEL,
                                                      "s", &text));
      g_assert_true (g_menu_model_get_item_attribute (section, index, G_MENU_ATTRIBUTE_ACTION,
                                                      "s", action));
      lines = g_strsplit (text, "\n", -1);
      *label = g_strjoinv (" ", lines);
      g_test_message ("%s", *label);
    }
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_run_until_idle ();
  return section != NULL;
}

/* Featherstone with no Weapons Table (a house rule a file may leave out):
 * a melee on the map wants the basic chances the Game tab's form gives,
 * so its item is offered as "Melee: Volt. Roux…", which opens the tab,
 * not greyed (it was refused as a missing argument, and hidden beside
 * the shot offered) */
static void
test_target_menu_melee_needs_more (void)
{
  g_autoptr(GFile) example = ph_test_example_file ("featherstone-cacabelos-1809.xml");
  g_autofree char *text = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "no-table.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GRegex) option = g_regex_new ("<option name=\"weapons-table\"[^>]*/>",
                                          G_REGEX_MULTILINE, 0, NULL);
  g_autofree char *plain = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  g_autofree char *want = NULL;
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  PhMapView *map;
  PhFigure *harris, *roux;
  GtkWidget *popover;
  GMenuModel *model, *section;
  int index = -1;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  g_assert_true (g_file_load_contents (example, NULL, &text, NULL, NULL, &error));
  g_assert_no_error (error);
  plain = g_regex_replace_literal (option, text, -1, 0, "", 0, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (plain, "weapons-table\""));
  g_assert_true (g_file_set_contents (path, plain, -1, &error));
  window = ph_test_window_new ();
  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  map = ph_window_get_map_view (window);
  harris = ph_scenario_find_figure (scenario, "harris");
  roux = ph_scenario_find_figure (scenario, "voltigeur_roux");
  g_assert_true (ph_document_start_game (document, 1809, &error));
  g_assert_no_error (error);
  /* Roux put by Harris, in contact */
  {
    g_autoptr(PhFigure) moved = ph_figure_copy (roux);
    PhBase base;

    ph_figure_get_base (harris, &base);
    moved->x = harris->x + base.width;
    moved->y = harris->y;
    ph_document_update_figure (document, "Move", moved);
    ph_test_run_until_idle ();
  }
  ph_test_click_figure (map, harris, 0);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_popup_target_menu (map, roux, 100, 100));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  section = find_item (model, "Melee: ", &index);
  g_assert_nonnull (section);
  g_assert_true (g_menu_model_get_item_attribute (section, index, G_MENU_ATTRIBUTE_LABEL, "s",
                                                  &label));
  g_test_message ("%s", label);
  /* with what the step will want, from the ruleset */
  want = g_strdup_printf ("Melee: %s (basic chances from the book's Weapons Table)…",
                          ph_figure_display_name (roux));
  g_assert_cmpstr (label, ==, want);
  g_assert_null (find_item (model, "Melee refused: ", &index));
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_window_destroy (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* The trial's Rfn. McCabe, a Baker rifle and no melee category: out of
 * contact his melee is greyed "needs their bases in contact" even where
 * no basic chance could be read for him (Volt. Bardin's, 21.3 paces
 * away, was offered as "Melee: Rfn. McCabe…"); in contact, with the
 * example's table, his rifle is used as a club (category 4) and the item
 * has the odds */
static void
test_target_menu_melee_shoulder_arm (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *label = NULL;
  g_autofree char *action = NULL;
  g_autofree char *odds = NULL;
  g_autofree char *want = NULL;
  g_autoptr(GError) error = NULL;
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  PhFigure *mccabe, *bardin, *roux;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  /* a table with nothing for a shoulder arm */
  window = window_on_weapons_table ("6/7=35 7/6=45", &dir, &path);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  mccabe = ph_scenario_find_figure (scenario, "mccabe");
  bardin = ph_scenario_find_figure (scenario, "voltigeur_bardin");
  g_assert_false (ph_game_bases_touch (scenario, bardin, mccabe, NULL));
  g_assert_false (menu_item_on (ph_window_get_map_view (window), bardin, mccabe, "Melee: ",
                                &label, &action));
  g_assert_true (menu_item_on (ph_window_get_map_view (window), bardin, mccabe, "Melee refused: ",
                               &label, &action));
  g_assert_true (g_str_has_prefix (label, "Melee refused: Rfn. McCabe is "));
  g_assert_nonnull (strstr (label, " paces from Volt. Bardin: melee needs their bases in "
                            "contact"));
  g_assert_cmpstr (action, ==, "map.refused");
  ph_test_window_destroy (window);
  g_unlink (path);
  g_rmdir (dir);
  g_clear_pointer (&label, g_free);
  g_clear_pointer (&action, g_free);

  /* the example's own table, McCabe in contact with Roux */
  window = ph_test_window_new_on ("featherstone-cacabelos-1809.xml");
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  mccabe = ph_scenario_find_figure (scenario, "mccabe");
  roux = ph_scenario_find_figure (scenario, "voltigeur_roux");
  g_assert_true (ph_document_start_game (document, 1809, &error));
  g_assert_no_error (error);
  put_in_contact (document, roux, mccabe);
  odds = ph_game_target_odds (ph_document_get_game (document), "melee", roux, mccabe);
  g_assert_cmpstr (odds, ==, "Volt. Roux basic 50%, against a novice +10: needs 60 or less; "
                   "Rfn. McCabe basic 25%, against an average -10: needs 15 or less: 51% "
                   "to wound him, 6% to be wounded");
  want = g_strdup_printf ("Melee: Rfn. McCabe (%s)", odds);
  g_assert_true (menu_item_on (ph_window_get_map_view (window), roux, mccabe, "Melee: ",
                               &label, &action));
  g_assert_true (g_str_has_prefix (label, want));
  g_assert_cmpstr (action, ==, "win.game-action");
  g_clear_pointer (&label, g_free);
  g_clear_pointer (&action, g_free);
  g_assert_false (menu_item_on (ph_window_get_map_view (window), roux, mccabe, "Melee refused: ",
                                &label, &action));
  ph_test_window_destroy (window);
}

/* Live odds: while the figure is dragged, the shot at the pinned enemy
 * and the Fire tab's "Enemies in sight" follow it, not only on release;
 * Esc puts both back */
static void
test_live_odds (void)
{
  Fixture f;
  PhShotController *shot;
  GtkWidget *shot_panel;
  double d0, d1, dx, dy, len, scale, x, y;
  g_autofree char *near = NULL;
  g_autofree char *far = NULL;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.show-panel", "s", "shot"));
  shot_panel = ph_test_window_panel (f.window, PH_TYPE_SHOT_PANEL);
  shot = ph_document_get_shot_controller (f.document);
  ph_test_click_figure (f.map, f.mover, 0);
  ph_map_view_set_pinned_target (f.map, f.enemy);
  ph_test_run_until_idle ();
  g_assert_nonnull (ph_shot_controller_get_assessment (shot));
  d0 = ph_shot_controller_get_assessment (shot)->distance;
  far = g_strdup_printf ("%.1f″", d0);
  g_assert_nonnull (ph_test_find_descendant (shot_panel, label_starts_with, far));

  /* 3 in towards him, the button still down */
  dx = f.enemy->x - f.mover->x;
  dy = f.enemy->y - f.mover->y;
  len = hypot (dx, dy);
  g_assert_cmpfloat (len, >, 4);
  dx *= 3 / len;
  dy *= 3 / len;
  scale = ph_viewport_get_scale (ph_map_view_get_viewport (f.map));
  ph_test_figure_widget_point (f.map, f.mover, &x, &y);
  ph_map_view_begin_drag (f.map, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (f.map, dx * scale, dy * scale);
  ph_test_run_until_idle ();
  d1 = ph_shot_controller_get_assessment (shot)->distance;
  g_test_message ("%.2f in, then %.2f in while dragged", d0, d1);
  g_assert_cmpfloat (d1, <, d0 - 2.5);
  near = g_strdup_printf ("%.1f″", d1);
  PH_TEST_WAIT_UNTIL (ph_test_find_descendant (shot_panel, label_starts_with, near) != NULL);
  ph_test_wait_drawn (GTK_WIDGET (f.map));
  ph_test_save_screenshot (GTK_WIDGET (f.window), "app-move-live-odds.png");
  /* nothing has moved in the model */
  g_assert_cmpfloat (ph_point_distance ((PhPoint) { f.mover->x, f.mover->y },
                                        (PhPoint) { f.enemy->x, f.enemy->y }), ==, len);

  /* Esc: back as it stands */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.cancel", NULL));
  ph_test_run_until_idle ();
  g_assert_cmpfloat (ph_shot_controller_get_assessment (shot)->distance, ==, d0);
  g_assert_nonnull (ph_test_find_descendant (shot_panel, label_starts_with, far));
  fixture_tear_down (&f);
}

/* The labels a frame draws over the figures layer (and, with @rest, the
 * names the layer has: the figures of @rest drawn as the layer draws
 * them during a drag), on an image the view's size */
static GArray *
frame_labels (PhMapView  *map,
              PhScenario *rest)
{
  int w = gtk_widget_get_width (GTK_WIDGET (map)), h = gtk_widget_get_height (GTK_WIDGET (map));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (surface);
  GArray *labels = ph_render_collect_labels (cr);

  if (rest != NULL)
    {
      PhRenderOptions opts;
      PhRenderView view;

      ph_map_view_get_render_view (map, &view);
      ph_render_options_init (&opts);
      opts.layers = PH_RENDER_FEATURE_NAMES | PH_RENDER_FIGURES | PH_RENDER_FIGURE_NAMES
                    | PH_RENDER_STATUS;
      opts.selected = ph_selection_get_ids (ph_map_view_get_selection_model (map));
      ph_render_dynamic (cr, rest, &view, &opts);
    }
  ph_map_view_draw_overlays (map, cr);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return labels;
}

/* Whether @text is @figure's name, whole or shortened */
static gboolean
is_name_of (const char     *text,
            const PhFigure *figure)
{
  const char *full = ph_figure_display_name (figure);
  const char *last = strrchr (full, ' ');

  return g_str_equal (text, full) || (last != NULL && g_str_has_suffix (text, last));
}

/* During a drag in a game, the move's label by the pointer ("moved 2.0
 * in · …") and the dragged man's own name keep apart: the name moves to
 * a side of his base away from the label (it was drawn under it) */
static void
test_drag_label_clear_of_name (void)
{
  Fixture f;
  g_autoptr(GArray) labels = NULL;
  PhRect label;
  double dx, dy;
  guint named = 0;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);
  /* facing up the table: his turning handle above, his name below,
   * where the label by the pointer goes too */
  f.mover->facing = 0;
  ph_map_view_invalidate_figures (f.map);
  ph_test_wait_drawn (GTK_WIDGET (f.map));
  free_direction (&f, f.mover, 2, &dx, &dy);
  drag_figure (&f, f.mover, dx, dy);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_get_move_label_box (f.map, &label));
  labels = frame_labels (f.map, NULL);
  g_test_message ("the move's label at %.0f,%.0f-%.0f,%.0f", label.x0, label.y0, label.x1,
                  label.y1);
  for (guint i = 0; i < labels->len; i++)
    {
      const PhRenderLabel *a = &g_array_index (labels, PhRenderLabel, i);

      if (!is_name_of (a->text, f.mover))
        continue;
      named++;
      g_test_message ("“%s” at %.0f,%.0f-%.0f,%.0f", a->text, a->box.x0, a->box.y0, a->box.x1,
                      a->box.y1);
      g_assert_false (ph_rect_intersects (&a->box, &label));
    }
  g_assert_cmpuint (named, ==, 1);
  ph_test_save_screenshot (GTK_WIDGET (f.window), "app-move-label-clear.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.cancel", NULL));
  fixture_tear_down (&f);
}

/* During a drag with a target pinned, the line of sight's label ("13.5
 * in, target in …") keeps clear of the move's label by the pointer
 * ("moved 5.4 in · …", drawn over it in the Fistful trial) and of the
 * dragged man's name (Firelock's): the man dragged round his start,
 * every frame's three boxes apart */
static void
test_drag_labels_apart (void)
{
  Fixture f;
  double scale, x, y;
  guint frames = 0, lines = 0;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);
  ph_test_click_figure (f.map, f.mover, 0);
  ph_map_view_set_pinned_target (f.map, f.enemy);
  ph_test_run_until_idle ();
  ph_test_wait_drawn (GTK_WIDGET (f.map));
  scale = ph_viewport_get_scale (ph_map_view_get_viewport (f.map));
  ph_test_figure_widget_point (f.map, f.mover, &x, &y);
  ph_map_view_begin_drag (f.map, GDK_BUTTON_PRIMARY, 0, x, y);
  for (int k = 0; k < 48; k++)
    {
      double a = k * G_PI / 8, d = (1 + k / 16) * MIN (f.reach, 6) / 3.0;
      g_autoptr(GArray) labels = NULL;
      const PhRenderLabel *line = NULL, *name = NULL;
      PhRect label;

      ph_map_view_update_drag (f.map, cos (a) * d * scale, sin (a) * d * scale);
      ph_test_run_until_idle ();
      if (!ph_map_view_get_move_label_box (f.map, &label))
        continue;
      frames++;
      labels = frame_labels (f.map, NULL);
      for (guint i = 0; i < labels->len; i++)
        {
          const PhRenderLabel *l = &g_array_index (labels, PhRenderLabel, i);

          if (is_name_of (l->text, f.mover))
            name = l;
          else if (g_ascii_isdigit (l->text[0]) && strstr (l->text, " in") != NULL)
            line = l;
        }
      if (line == NULL)
        continue;
      lines++;
      if (ph_rect_intersects (&line->box, &label))
        g_error ("“%s” (%.0f,%.0f-%.0f,%.0f) under the move's label (%.0f,%.0f-%.0f,%.0f)",
                 line->text, line->box.x0, line->box.y0, line->box.x1, line->box.y1,
                 label.x0, label.y0, label.x1, label.y1);
      if (name != NULL && ph_rect_intersects (&line->box, &name->box))
        g_error ("“%s” (%.0f,%.0f-%.0f,%.0f) over “%s” (%.0f,%.0f-%.0f,%.0f)",
                 line->text, line->box.x0, line->box.y0, line->box.x1, line->box.y1,
                 name->text, name->box.x0, name->box.y0, name->box.x1, name->box.y1);
    }
  g_test_message ("%u frames, %u with the line's label", frames, lines);
  g_assert_cmpuint (lines, >, 10);
  ph_map_view_cancel_drag (f.map);
  fixture_tear_down (&f);
}

/* A short drag up and to the left: the move's label, below right of
 * the pointer, lay over the ghost left at the start; it goes to another
 * side of the pointer, clear of the ghost and of the man dragged */
static void
test_drag_label_clear_of_ghost (void)
{
  Fixture f;
  PhRect label, ghost, man;
  PhBase base;
  double x0, y0, x1, y1, r, scale;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  /* (the man who rolled stands with room up and left of him) */
  fixture_set_up (&f);
  ph_test_wait_drawn (GTK_WIDGET (f.map));
  scale = ph_viewport_get_scale (ph_map_view_get_viewport (f.map));
  ph_figure_get_base (f.mover, &base);
  r = MAX (base.width, base.depth) / 2 * scale;
  ph_test_figure_widget_point (f.map, f.mover, &x0, &y0);
  /* the pointer 22 px up and left of where he stood: the label's corner,
   * 18 px below right of it, fell on the ghost */
  drag_figure (&f, f.mover, -22 / scale, -22 / scale);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_get_move_label_box (f.map, &label));
  x1 = x0 - 22;
  y1 = y0 - 22;
  ghost = (PhRect) { x0 - r, y0 - r, x0 + r, y0 + r };
  man = (PhRect) { x1 - r, y1 - r, x1 + r, y1 + r };
  g_test_message ("the label at %.0f,%.0f-%.0f,%.0f, the ghost at %.0f,%.0f-%.0f,%.0f",
                  label.x0, label.y0, label.x1, label.y1, ghost.x0, ghost.y0, ghost.x1,
                  ghost.y1);
  g_assert_false (ph_rect_intersects (&label, &ghost));
  g_assert_false (ph_rect_intersects (&label, &man));
  ph_test_save_screenshot (GTK_WIDGET (f.window), "app-move-label-ghost.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.cancel", NULL));
  fixture_tear_down (&f);
}

/* A man dragged onto a neighbour's name: the figures layer placed that
 * name without him, and his base lay over it, unread. The drag frame
 * wipes it there and places it again, clear of his base */
static void
test_drag_over_name (void)
{
  Fixture f;
  g_autoptr(GArray) labels = NULL;
  const PhRenderNamePlate *plate = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  PhRect man;
  PhBase base;
  double x0, y0, scale, r, best = G_MAXDOUBLE, cx, cy, px, py;
  guint named = 0;
  int w, h;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);
  ph_test_wait_drawn (GTK_WIDGET (f.map));
  scale = ph_viewport_get_scale (ph_map_view_get_viewport (f.map));
  ph_figure_get_base (f.mover, &base);
  r = MAX (base.width, base.depth) / 2 * scale;
  ph_test_figure_widget_point (f.map, f.mover, &x0, &y0);
  ph_map_view_begin_drag (f.map, GDK_BUTTON_PRIMARY, 0, x0, y0);
  ph_map_view_update_drag (f.map, 4, 4);
  ph_map_view_update_drag (f.map, 8, 8);
  ph_test_run_until_idle ();
  ph_test_wait_drawn (GTK_WIDGET (f.map));
  /* the name of the man nearest him, as the layer under the drag has it */
  g_assert_nonnull (f.map->drag_plates);
  for (guint i = 0; i < f.map->drag_plates->len; i++)
    {
      const PhRenderNamePlate *p = &g_array_index (f.map->drag_plates, PhRenderNamePlate, i);
      double d = hypot ((p->box.x0 + p->box.x1) / 2 - x0, (p->box.y0 + p->box.y1) / 2 - y0);

      if (d < best)
        {
          best = d;
          plate = p;
        }
    }
  g_assert_nonnull (plate);
  cx = (plate->box.x0 + plate->box.x1) / 2;
  cy = (plate->box.y0 + plate->box.y1) / 2;
  g_test_message ("dragged onto %s's name at %.0f,%.0f-%.0f,%.0f", plate->figure->id,
                  plate->box.x0, plate->box.y0, plate->box.x1, plate->box.y1);
  ph_map_view_update_drag (f.map, cx - x0, cy - y0);
  ph_test_run_until_idle ();
  man = (PhRect) { cx - r, cy - r, cx + r, cy + r };

  w = gtk_widget_get_width (GTK_WIDGET (f.map));
  h = gtk_widget_get_height (GTK_WIDGET (f.map));
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  labels = ph_render_collect_labels (cr);
  ph_map_view_draw_overlays (f.map, cr);
  cairo_destroy (cr);
  for (guint i = 0; i < labels->len; i++)
    {
      const PhRenderLabel *a = &g_array_index (labels, PhRenderLabel, i);

      if (!is_name_of (a->text, plate->figure))
        continue;
      named++;
      g_test_message ("“%s” placed again at %.0f,%.0f-%.0f,%.0f", a->text, a->box.x0,
                      a->box.y0, a->box.x1, a->box.y1);
      g_assert_false (ph_rect_intersects (&a->box, &man));
    }
  g_assert_cmpuint (named, ==, 1);
  /* where it stood, past his base: painted over (the plate wiped) */
  px = plate->box.x0 + 1 < man.x0 ? plate->box.x0 + 1 : plate->box.x1 - 2;
  py = cy;
  g_assert_true (px < man.x0 || px > man.x1);
  cairo_surface_flush (surface);
  {
    guint32 pixel = *(guint32 *) (cairo_image_surface_get_data (surface)
                                  + (int) py * cairo_image_surface_get_stride (surface)
                                  + (int) px * 4);

    g_assert_cmpuint (pixel >> 24, ==, 255);
  }
  cairo_surface_destroy (surface);
  ph_test_save_screenshot (GTK_WIDGET (f.window), "app-move-over-name.png");
  ph_map_view_cancel_drag (f.map);
  fixture_tear_down (&f);
}

/* The "M" of a man who moved (McCabe's, in the Fistful trial) stays
 * over a man dragged onto it, and over him once put down until the
 * figures layer has him: his base, drawn over that layer, hid it */
static void
test_drag_over_markers (void)
{
  Fixture f;
  PhFigure *moved = NULL;
  g_autoptr(PhScenario) rest = NULL;
  g_autoptr(GArray) layer = NULL;
  PhRect badge = { 0 };
  double x0, y0, best = G_MAXDOUBLE;
  guint found = 0;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);
  /* his nearest neighbour has moved */
  {
    PhScenario *scenario = ph_document_get_scenario (f.document);

    for (guint i = 0; i < scenario->figures->len; i++)
      {
        PhFigure *g = g_ptr_array_index (scenario->figures, i);
        double d = hypot (g->x - f.mover->x, g->y - f.mover->y);

        if (g != f.mover && !ph_figure_is_off_table (g) && d < best)
          {
            best = d;
            moved = g;
          }
      }
    g_assert_nonnull (moved);
    moved->status |= PH_STATUS_MOVED;
    rest = ph_scenario_copy (scenario);
    g_assert_true (g_ptr_array_remove (rest->figures,
                                       ph_scenario_find_figure (rest, f.mover->id)));
    ph_scenario_reindex (rest);
  }
  ph_map_view_invalidate_figures (f.map);
  ph_test_wait_drawn (GTK_WIDGET (f.map));
  /* his "M", as the figures layer under the drag draws it */
  layer = frame_labels (f.map, rest);
  for (guint i = 0; i < layer->len; i++)
    {
      const PhRenderLabel *a = &g_array_index (layer, PhRenderLabel, i);

      if (g_str_equal (a->text, "M"))
        {
          badge = a->box;
          found++;
        }
    }
  g_assert_cmpuint (found, ==, 1);
  g_test_message ("%s's M at %.0f,%.0f-%.0f,%.0f", moved->id, badge.x0, badge.y0, badge.x1,
                  badge.y1);

  /* the man who rolled dragged onto it: the frame draws it over him */
  ph_test_figure_widget_point (f.map, f.mover, &x0, &y0);
  ph_map_view_begin_drag (f.map, GDK_BUTTON_PRIMARY, 0, x0, y0);
  ph_map_view_update_drag (f.map, ((badge.x0 + badge.x1) / 2 - x0) / 2,
                           ((badge.y0 + badge.y1) / 2 - y0) / 2);
  ph_map_view_update_drag (f.map, (badge.x0 + badge.x1) / 2 - x0, (badge.y0 + badge.y1) / 2 - y0);
  ph_test_run_until_idle ();
  {
    g_autoptr(GArray) labels = frame_labels (f.map, NULL);

    found = 0;
    for (guint i = 0; i < labels->len; i++)
      {
        const PhRenderLabel *a = &g_array_index (labels, PhRenderLabel, i);

        if (g_str_equal (a->text, "M") && ph_rect_intersects (&a->box, &badge))
          found++;
      }
    g_assert_cmpuint (found, ==, 1);
  }
  ph_test_save_screenshot (GTK_WIDGET (f.window), "app-move-over-markers.png");
  ph_map_view_cancel_drag (f.map);
  fixture_tear_down (&f);
}

/* A Guns of War unit dragged beside another: its name keeps clear of the
 * names the figures layer shows ("Free Company Arquebusiers" was drawn
 * over "Duke's Drilled Musketeers"): the names of a drag frame
 * and of the layer under it never meet */
static void
test_drag_names_apart (void)
{
  PhWindow *window = NULL;
  PhMapView *map;
  PhDocument *document;
  PhScenario *scenario;
  PhFigure *mover, *still;
  g_autoptr(PhScenario) rest = NULL;
  g_autoptr(GArray) labels = NULL;
  double scale, x, y;
  gboolean mover_named = FALSE;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on ("guns-of-war-tithe-barn.xml");
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  mover = ph_scenario_find_figure (scenario, "jut_arquebusiers");
  still = ph_scenario_find_figure (scenario, "aur_musketeers");
  g_assert_nonnull (mover);
  g_assert_nonnull (still);
  ph_test_wait_drawn (GTK_WIDGET (map));

  /* one hex (2 in) to the left of the musketeers, level with them: the
   * name below the arquebusiers would run under theirs */
  scale = ph_viewport_get_scale (ph_map_view_get_viewport (map));
  ph_test_figure_widget_point (map, mover, &x, &y);
  ph_map_view_begin_drag (map, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (map, (still->x - 2 - mover->x) * scale / 2,
                           (still->y - mover->y) * scale / 2);
  ph_map_view_update_drag (map, (still->x - 2 - mover->x) * scale, (still->y - mover->y) * scale);
  ph_test_run_until_idle ();

  /* the layer's names: everybody but him, where they stand */
  rest = ph_scenario_copy (scenario);
  g_assert_true (g_ptr_array_remove (rest->figures, ph_scenario_find_figure (rest, mover->id)));
  ph_scenario_reindex (rest);
  labels = frame_labels (map, rest);
  for (guint i = 0; i < labels->len; i++)
    {
      const PhRenderLabel *a = &g_array_index (labels, PhRenderLabel, i);

      mover_named |= is_name_of (a->text, mover);
      for (guint j = i + 1; j < labels->len; j++)
        {
          const PhRenderLabel *b = &g_array_index (labels, PhRenderLabel, j);

          /* (a badge of the layer's drawn again, where it is, over the
           * man dragged onto it) */
          if (g_str_equal (a->text, b->text) && a->box.x0 == b->box.x0 && a->box.y0 == b->box.y0)
            continue;
          if (ph_rect_intersects (&a->box, &b->box))
            g_error ("“%s” (%.0f,%.0f-%.0f,%.0f) covers “%s” (%.0f,%.0f-%.0f,%.0f)",
                     a->text, a->box.x0, a->box.y0, a->box.x1, a->box.y1,
                     b->text, b->box.x0, b->box.y0, b->box.x1, b->box.y1);
        }
    }
  g_assert_true (mover_named);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-move-names-apart.png");
  ph_map_view_cancel_drag (map);
  ph_test_window_destroy (window);
}

/* Guns of War: the Black Reiters charge once a turn. The referee charged
 * the same musketeers again and again from the right-click menu, a new
 * shock roll each time, and the turn bar still counted the horse as yet
 * to move: after the charge the menu offers no charge (it says why,
 * greyed) and the horse may not be moved */
static void
test_charge_once_in_menu (void)
{
  PhWindow *window;
  PhMapView *map;
  PhDocument *document;
  PhScenario *scenario;
  PhGame *game;
  PhFigure *reiters, *musketeers, *arquebusiers;
  GtkWidget *popover;
  GMenuModel *model;
  g_autofree char *label = NULL;
  g_autofree char *turn_bar = NULL;
  g_autoptr(GError) error = NULL;
  PhMovePlan plan;
  guint before;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on ("guns-of-war-tithe-barn.xml");
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  g_assert_true (ph_document_start_game (document, 2, &error));
  g_assert_no_error (error);
  game = ph_document_get_game (document);
  reiters = ph_scenario_find_figure (scenario, "aur_reiters");
  musketeers = ph_scenario_find_figure (scenario, "jut_musketeers");
  arquebusiers = ph_scenario_find_figure (scenario, "jut_arquebusiers");
  ph_test_wait_drawn (GTK_WIDGET (map));

  /* the first charge is offered, and chosen from the menu */
  ph_test_click_figure (map, reiters, 0);
  /* as a right-click pins him */
  ph_map_view_set_pinned_target (map, musketeers);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_popup_target_menu (map, musketeers, 100, 100));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  g_assert_true (ph_test_menu_performs (model, "charge", &label, NULL));
  g_test_message ("offered: %s", label);
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_run_until_idle ();
  before = ph_game_get_position (game);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.game-action",
                                             "(sssba{ss})", "charge", reiters->id,
                                             musketeers->id, FALSE, NULL));
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, before + 1);
  g_assert_cmpstr (ph_game_get_event (game, before)->kind, ==, "charge");
  g_assert_cmpstr (ph_game_get_figure_var (game, reiters->id, "movement"), ==, "charged");

  /* then none: neither on the same musketeers nor on another unit; the
   * greyed line says why */
  for (guint i = 0; i < 2; i++)
    {
      PhFigure *target = i == 0 ? musketeers : arquebusiers;
      g_autofree char *why = g_strdup_printf ("Cavalry charge refused: %s has already charged "
                                              "this turn: one charge a turn",
                                              ph_figure_display_name (reiters));

      ph_test_click_figure (map, reiters, 0);
      ph_map_view_set_pinned_target (map, target);
      ph_test_run_until_idle ();
      g_assert_true (ph_map_view_popup_target_menu (map, target, 100, 100));
      ph_test_run_until_idle ();
      popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
      g_assert_nonnull (popover);
      model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
      g_assert_false (ph_test_menu_performs (model, "charge", NULL, NULL));
      {
        g_autoptr(GString) labels = g_string_new (NULL);

        ph_test_menu_labels (model, labels);
        g_test_message ("menu:\n%s", labels->str);
        g_assert_nonnull (strstr (labels->str, why));
      }
      gtk_popover_popdown (GTK_POPOVER (popover));
      ph_test_run_until_idle ();
    }
  /* nor a move, past the advance its charge offered (its drag is that
   * advance while it is open): its charge was its movement sequence; the
   * turn bar no longer counts it as yet to move */
  {
    g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);

    g_hash_table_insert (args, "figure", reiters->id);
    g_assert_true (ph_document_game_perform (document, "stay", args, &error));
    g_assert_no_error (error);
  }
  g_assert_false (ph_game_plan_move (game, reiters->id, &plan, &error));
  g_assert_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  turn_bar = ph_game_describe (game);
  g_test_message ("%s", turn_bar);
  g_assert_nonnull (strstr (turn_bar, "7 units yet to move or stand"));
  ph_test_window_destroy (window);
}

/* Guns of War: a charge goes no farther than the cavalry's move. The
 * referee's Black Reiters "charged" units across the table from the
 * menu; now a target out of reach is greyed with the reason in words,
 * and one within reach is offered */
static void
test_charge_out_of_reach_in_menu (void)
{
  PhWindow *window;
  PhMapView *map;
  PhDocument *document;
  PhScenario *scenario;
  PhFigure *reiters, *conscripts, *musketeers;
  GtkWidget *popover;
  GMenuModel *model;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) labels = g_string_new (NULL);
  g_autofree char *why = NULL;
  const char *ids[] = { "jut_conscripts" };
  PhPoint far;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on ("guns-of-war-tithe-barn.xml");
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  reiters = ph_scenario_find_figure (scenario, "aur_reiters");
  conscripts = ph_scenario_find_figure (scenario, "jut_conscripts");
  musketeers = ph_scenario_find_figure (scenario, "jut_musketeers");
  /* the conscripts set back into the Rye Field, hex 1721 (16, 2): 11
   * hexes from the reiters' 0624 (5, 9) */
  far = ph_hex_to_point ((PhHex) { 16, 2 }, scenario->table.grid_size);
  ph_document_move_figures (document, 1, ids, &far);
  g_assert_cmpint (ph_hex_distance (ph_hex_from_point ((PhPoint) { reiters->x, reiters->y },
                                                       scenario->table.grid_size),
                                    ph_hex_from_point ((PhPoint) { conscripts->x, conscripts->y },
                                                       scenario->table.grid_size)), ==, 11);
  g_assert_true (ph_document_start_game (document, 2, &error));
  g_assert_no_error (error);
  ph_test_wait_drawn (GTK_WIDGET (map));

  ph_test_click_figure (map, reiters, 0);
  ph_map_view_set_pinned_target (map, conscripts);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_popup_target_menu (map, conscripts, 100, 100));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  g_assert_false (ph_test_menu_performs (model, "charge", NULL, NULL));
  ph_test_menu_labels (model, labels);
  g_test_message ("menu:\n%s", labels->str);
  why = g_strdup_printf ("Cavalry charge refused: 11 hexes from %s to %s, and a charge reaches "
                         "10: it moves up to 9 hexes, running (movement rate 3/6/9: 3 hexes in "
                         "combat, 6 marching, 9 running), into the hex "
                         "beside its target", ph_figure_display_name (reiters),
                         ph_figure_display_name (conscripts));
  g_assert_nonnull (strstr (labels->str, why));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-move-charge-out-of-reach.png");
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_run_until_idle ();

  /* the musketeers, 6 hexes off: offered */
  ph_test_click_figure (map, reiters, 0);
  ph_map_view_set_pinned_target (map, musketeers);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_popup_target_menu (map, musketeers, 100, 100));
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  g_assert_true (ph_test_menu_performs (model, "charge", NULL, NULL));
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_run_until_idle ();
  ph_test_window_destroy (window);
}

/* Guns of War: the charge's follow-up on the map. The referee's drag of
 * Black Reiters onto the hex the musketeers had left was refused (the
 * advance was only in the Game tab): their own right-click menu offers
 * Advance and Stay, the reach is that hex alone, and the drag onto it is
 * the advance, logged */
static void
test_advance_on_map (void)
{
  PhWindow *window;
  PhMapView *map;
  PhDocument *document;
  PhScenario *scenario;
  PhGame *game;
  PhFigure *reiters, *musketeers;
  GtkWidget *popover;
  GMenuModel *model;
  GArray *hexes;
  g_autoptr(GError) error = NULL;
  g_autofree char *want = NULL;
  PhHex vacated;
  double size, wx, wy;
  guint before;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on ("guns-of-war-tithe-barn.xml");
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  size = scenario->table.grid_size;
  /* seed 2: the musketeers' shock roll is a retreat */
  g_assert_true (ph_document_start_game (document, 2, &error));
  g_assert_no_error (error);
  game = ph_document_get_game (document);
  reiters = ph_scenario_find_figure (scenario, "aur_reiters");
  musketeers = ph_scenario_find_figure (scenario, "jut_musketeers");
  vacated = ph_hex_from_point ((PhPoint) { musketeers->x, musketeers->y }, size);
  ph_test_wait_drawn (GTK_WIDGET (map));

  ph_test_click_figure (map, reiters, 0);
  /* as a right-click pins them, and the menu's charge */
  ph_map_view_set_pinned_target (map, musketeers);
  ph_test_run_until_idle ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.game-action",
                                             "(sssba{ss})", "charge", reiters->id,
                                             musketeers->id, FALSE, NULL));
  ph_test_run_until_idle ();
  g_assert_cmpstr (ph_game_get_event (game, ph_game_get_position (game) - 1)->kind, ==, "charge");
  g_test_message ("%s", ph_game_get_event (game, ph_game_get_position (game) - 1)->text);
  g_assert_cmpstr (ph_game_get_figure_var (game, musketeers->id, "shock"), ==, "retreated");
  g_assert_false (ph_hex_equal (ph_hex_from_point ((PhPoint) { musketeers->x, musketeers->y },
                                                   size), vacated));
  /* the charge put them in contact */
  g_assert_cmpint (ph_hex_distance (ph_hex_from_point ((PhPoint) { reiters->x, reiters->y },
                                                       size), vacated), ==, 1);

  /* their own menu: Advance and Stay, first */
  ph_test_click_figure (map, reiters, 0);
  ph_test_run_until_idle ();
  ph_viewport_table_to_widget (ph_map_view_get_viewport (map), reiters->x, reiters->y, &wx, &wy);
  ph_map_view_popup_menu (map, wx, wy);
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  {
    g_autofree char *advance = NULL;
    g_autofree char *stay = NULL;

    g_assert_true (ph_test_menu_performs (model, "advance", &advance, NULL));
    g_assert_true (ph_test_menu_performs (model, "stay", &stay, NULL));
    g_assert_cmpstr (advance, ==, "Advance into the vacated hex");
    g_assert_cmpstr (stay, ==, "Stay (no advance)");
  }
  ph_test_save_screenshot (popover, "app-move-advance-menu.png");
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_run_until_idle ();

  /* the reach: the vacated hex alone */
  hexes = ph_map_view_get_reach_hexes (map);
  g_assert_nonnull (hexes);
  g_assert_cmpuint (hexes->len, ==, 1);
  g_assert_true (ph_hex_equal (g_array_index (hexes, PhHex, 0), vacated));

  /* the drag onto it: the advance */
  before = ph_game_get_position (game);
  drag_to (map, reiters, ph_hex_to_point (vacated, size));
  drop_at (map, reiters, ph_hex_to_point (vacated, size));
  g_assert_cmpuint (ph_game_get_position (game), ==, before + 1);
  g_assert_cmpstr (ph_game_get_event (game, before)->kind, ==, "advance");
  {
    char name[PH_HEX_NAME_SIZE];

    want = g_strdup_printf ("%s advances into hex %s, vacated by its charge's target (not its "
                            "movement sequence)", ph_figure_display_name (reiters),
                            ph_hex_name (vacated, name));
  }
  g_assert_cmpstr (ph_game_get_event (game, before)->text, ==, want);
  g_assert_true (ph_hex_equal (ph_hex_from_point ((PhPoint) { reiters->x, reiters->y }, size),
                               vacated));
  g_assert_null (ph_game_get_figure_var (game, reiters->id, "advance"));

  /* the follow-up done, their menu offers it no more */
  ph_viewport_table_to_widget (ph_map_view_get_viewport (map), reiters->x, reiters->y, &wx, &wy);
  ph_map_view_popup_menu (map, wx, wy);
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  g_assert_false (ph_test_menu_performs (model, "advance", NULL, NULL));
  g_assert_false (ph_test_menu_performs (model, "stay", NULL, NULL));
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_run_until_idle ();
  ph_test_window_destroy (window);
}

/* Guns of War: once a unit has played its movement sequence, its move's
 * reach is no longer shaded (the referee saw shading around a unit that
 * had moved: its fire range, which stays) */
static void
test_no_reach_after_move (void)
{
  PhWindow *window;
  PhMapView *map;
  PhDocument *document;
  PhScenario *scenario;
  PhFigure *skirmishers;
  GArray *hexes;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on ("guns-of-war-tithe-barn.xml");
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  g_assert_true (ph_document_start_game (document, 2, &error));
  g_assert_no_error (error);
  skirmishers = ph_scenario_find_figure (scenario, "aur_skirmishers");

  /* before: Skirmishing Foot reach 6 hexes */
  ph_test_click_figure (map, skirmishers, 0);
  ph_test_run_until_idle ();
  hexes = ph_map_view_get_reach_hexes (map);
  g_assert_nonnull (hexes);
  g_test_message ("%u hexes in reach", hexes->len);
  g_assert_cmpuint (hexes->len, >, 30);

  /* moved a hex, selected again: no reach */
  g_hash_table_insert (args, "figure", skirmishers->id);
  g_hash_table_insert (args, "hex", "0311");
  g_assert_true (ph_document_game_perform (document, "move", args, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (ph_game_get_figure_var (ph_document_get_game (document), skirmishers->id,
                                           "movement"), ==, "moved");
  ph_test_click_figure (map, ph_scenario_find_figure (scenario, "aur_musketeers"), 0);
  ph_test_click_figure (map, skirmishers, 0);
  ph_test_run_until_idle ();
  hexes = ph_map_view_get_reach_hexes (map);
  g_assert_true (hexes == NULL || hexes->len == 0);
  g_assert_null (ph_map_view_get_reach_polygon (map));
  ph_test_window_destroy (window);
}

/* Guns of War: mounted units move at cavalry's 3/6/9 (game.md). The
 * referee saw no reach around Black Reiters and dragged them 11 hexes,
 * unchecked: the map shades the hexes 9 away and no farther, the label
 * says the 11 are too far, the drop is refused and Move Anyway is the
 * referee's own step */
static void
test_mounted_reach (void)
{
  PhWindow *window;
  PhMapView *map;
  PhDocument *document;
  PhScenario *scenario;
  PhGame *game;
  PhFigure *reiters;
  GArray *hexes;
  PhHex from, nine_up = { 0, 0 }, eleven_up;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *want = NULL;
  gboolean nine_in = FALSE;
  double size;
  guint before;
  gulong id;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on ("guns-of-war-tithe-barn.xml");
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  size = scenario->table.grid_size;
  g_assert_true (ph_document_start_game (document, 2, &error));
  g_assert_no_error (error);
  game = ph_document_get_game (document);
  reiters = ph_scenario_find_figure (scenario, "aur_reiters");
  g_assert_true (reiters->mounted);
  from = ph_hex_from_point ((PhPoint) { reiters->x, reiters->y }, size);
  /* straight up their column: 9 hexes (0500) and 11 (05-2, at the table's
   * top edge, 2 in down) */
  nine_up = (PhHex) { from.q, from.r - 9 };
  eleven_up = (PhHex) { from.q, from.r - 11 };
  g_assert_cmpfloat (ph_hex_to_point (eleven_up, size).y, ==, 2);

  ph_test_click_figure (map, reiters, 0);
  ph_test_run_until_idle ();
  hexes = ph_map_view_get_reach_hexes (map);
  g_assert_nonnull (hexes);
  g_test_message ("%u hexes in reach", hexes->len);
  /* more than foot's fastest, 6 hexes, could ever reach (1 + 3 x 6 x 7) */
  g_assert_cmpuint (hexes->len, >, 127);
  for (guint i = 0; i < hexes->len; i++)
    {
      PhHex hex = g_array_index (hexes, PhHex, i);

      g_assert_cmpint (ph_hex_distance (from, hex), <=, 9);
      nine_in |= ph_hex_equal (hex, nine_up);
    }
  g_assert_true (nine_in);

  /* the referee's drag of 11 hexes */
  id = g_signal_connect_swapped (map, "message", G_CALLBACK (remember_refusal), &message);
  before = ph_game_get_position (game);
  drag_to (map, reiters, ph_hex_to_point (eleven_up, size));
  assert_drag_label (map, "moved 11 hexes · too far: 9 hexes allowed");
  drop_at (map, reiters, ph_hex_to_point (eleven_up, size));
  g_signal_handler_disconnect (map, id);
  want = g_strdup_printf ("%s cannot move there: moved 11 hexes · too far: 9 hexes allowed",
                          ph_figure_display_name (reiters));
  g_assert_cmpstr (message, ==, want);
  g_assert_cmpuint (ph_game_get_position (game), ==, before);
  g_assert_true (ph_hex_equal (ph_hex_from_point ((PhPoint) { reiters->x, reiters->y }, size),
                               from));
  /* the referee's way past it */
  PH_TEST_WAIT_UNTIL (ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL) != NULL);
  gtk_popover_popdown (GTK_POPOVER (ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped,
                                                             NULL)));
  ph_test_run_until_idle ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map), "map.move-anyway", "(sdd)",
                                             reiters->id, ph_hex_to_point (eleven_up, size).x,
                                             ph_hex_to_point (eleven_up, size).y));
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, before + 1);
  g_assert_cmpstr (ph_game_get_event (game, before)->kind, ==, "referee");
  g_free (want);
  {
    char name[PH_HEX_NAME_SIZE];

    want = g_strdup_printf ("Referee moved %s 11 hexes to hex %s", ph_figure_display_name (reiters),
                            ph_hex_name (eleven_up, name));
  }
  g_assert_cmpstr (ph_game_get_event (game, before)->text, ==, want);
  ph_test_window_destroy (window);
}

/* A group from the map: the figures Shift+clicked besides the selected
 * one are the roll's "with", by name in the form, never typed */
static void
test_group_from_selection (void)
{
  Fixture f;
  PhGamePanel *panel;
  PhScenario *scenario;
  PhFigure *pair[2] = { NULL, NULL };
  g_autofree char *with = NULL;
  g_autoptr(GError) error = NULL;
  const char *side;
  guint n = 0;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);
  panel = PH_GAME_PANEL (ph_test_find_widget (GTK_WIDGET (f.window), PH_TYPE_GAME_PANEL, NULL));
  scenario = ph_document_get_scenario (f.document);
  side = ph_game_get_var (f.game, "active-side");
  /* two of the moving side that have not rolled yet */
  for (guint i = 0; i < scenario->figures->len && n < 2; i++)
    {
      PhFigure *fig = g_ptr_array_index (scenario->figures, i);

      if (g_strcmp0 (fig->side, side) == 0 && !ph_figure_is_off_table (fig)
          && ph_game_get_figure_var (f.game, fig->id, "move-reach") == NULL)
        pair[n++] = fig;
    }
  g_assert_cmpuint (n, ==, 2);

  /* one picked, the other added with Shift: the last picked acts, the
   * first is his group */
  ph_test_click_figure (f.map, pair[0], 0);
  ph_test_click_figure (f.map, pair[1], GDK_SHIFT_MASK);
  ph_test_run_until_idle ();
  g_assert_true (ph_map_view_get_selected_figure (f.map) == pair[1]);
  g_assert_true (ph_game_panel_select_action (panel, "roll-move"));
  with = ph_game_panel_get_argument (panel, "roll-move", "with");
  g_assert_cmpstr (with, ==, pair[0]->id);
  g_assert_true (ph_game_panel_perform (panel, "roll-move", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_nonnull (ph_game_get_figure_var (f.game, pair[1]->id, "move-reach"));
  g_assert_cmpstr (ph_game_get_figure_var (f.game, pair[0]->id, "move-reach"), ==,
                   ph_game_get_figure_var (f.game, pair[1]->id, "move-reach"));
  fixture_tear_down (&f);
}

static double
rgb_distance (guint32 a,
              guint32 b)
{
  double dr = (int) ((a >> 16) & 0xff) - (int) ((b >> 16) & 0xff);
  double dg = (int) ((a >> 8) & 0xff) - (int) ((b >> 8) & 0xff);
  double db = (int) (a & 0xff) - (int) (b & 0xff);

  return sqrt (dr * dr + dg * dg + db * db);
}

/* @rgba laid over @under, as a pixel */
static guint32
over (PhRgba  rgba,
      guint32 under)
{
  PhRgba u = { ((under >> 16) & 0xff) / 255.0, ((under >> 8) & 0xff) / 255.0,
               (under & 0xff) / 255.0, 1 };
  PhRgba c = rgba;

  return ((guint32) round (255 * (c.r * c.a + u.r * (1 - c.a))) << 16)
         | ((guint32) round (255 * (c.g * c.a + u.g * (1 - c.a))) << 8)
         | (guint32) round (255 * (c.b * c.a + u.b * (1 - c.a)));
}

/* The threat map within his reach shows the legend's colours: the step's
 * colour over the table and nothing more (his reach's blue fill over it
 * made a 17% spot read as under 10%); beyond his reach the table is
 * hatched, unlike "none" within it */
static void
assert_threat_colours_in_reach (Fixture *f)
{
  const PhScenario *s = ph_document_get_scenario (f->document);
  const PhThreatMap *map;
  GtkWidget *w = GTK_WIDGET (f->map);
  PhViewport *viewport = ph_map_view_get_viewport (f->map);
  GArray *polygon = ph_map_view_get_reach_polygon (f->map);
  cairo_surface_t *table;
  g_autofree guint32 *pixels = NULL;
  PhRenderView view;
  PhRenderOptions opts;
  int width, height, checked = 0;
  double x, y;
  cairo_t *cr;

  /* the fire arc's wedge aside */
  ph_map_view_set_show_arc (f->map, FALSE);
  /* the sharp map, the one the frame shows */
  PH_TEST_WAIT_UNTIL (ph_map_view_get_threat_sharp (f->map));
  ph_test_wait_drawn (w);
  map = ph_map_view_get_threat_map (f->map);
  ph_test_save_screenshot (GTK_WIDGET (f->window), "app-threat-reach-colours.png");
  g_assert_nonnull (polygon);
  pixels = ph_test_pixels (w, &width, &height);
  /* the table as the static layer draws it, in the same view */
  ph_map_view_get_render_view (f->map, &view);
  table = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (table);
  ph_render_options_init (&opts);
  ph_render_static (cr, s, &view, &opts);
  cairo_destroy (cr);
  cairo_surface_flush (table);
#define TABLE_PIXEL(px, py) \
  (((const guint32 *) (cairo_image_surface_get_data (table) \
                       + (py) * cairo_image_surface_get_stride (table)))[px] & 0xffffff)
  for (guint i = 0; i < map->nx * map->ny; i++)
    {
      const PhThreatCell *cell = &map->cells[i];
      double tx = map->x0 + (i % map->nx + 0.5) * map->cell;
      double ty = map->y0 + (i / map->nx + 0.5) * map->cell;
      gboolean clear = TRUE;
      int px, py;
      guint32 want, got;

      /* a spot well within his reach (a star of rays around him), clear
       * of every figure and its name */
      if (cell->shooters == 0 || hypot (tx - f->mover->x, ty - f->mover->y) > f->reach - 1.5
          || hypot (tx - f->mover->x, ty - f->mover->y) < 1)
        continue;
      for (guint j = 0; j < s->figures->len && clear; j++)
        {
          const PhFigure *other = g_ptr_array_index (s->figures, j);

          /* his base and the name plate above it; the others' and
           * their names, above or below */
          clear = other == f->mover ? ty < other->y - 2 || ty > other->y + 1.2
                                      || fabs (tx - other->x) > 4
                                    : fabs (ty - other->y) > 3.5 || fabs (tx - other->x) > 6;
        }
      if (!clear)
        continue;
      ph_viewport_table_to_widget (viewport, tx, ty, &x, &y);
      px = (int) x;
      py = (int) y;
      want = over (ph_render_threat_step_rgba (ph_render_threat_step (cell->best)),
                   TABLE_PIXEL (px, py));
      got = pixels[(gsize) py * width + px];
      g_test_message ("%g, %g in his reach: %06x, the step over the table %06x", tx, ty, got, want);
      g_assert_cmpfloat (rgb_distance (got, want), <=, 4);
      checked++;
    }
  g_assert_cmpint (checked, >=, 3);
  /* the far corner, beyond his reach: hatched (darker than the table and
   * far from "none" over it) */
  {
    double fx = f->mover->x < s->table.width / 2 ? s->table.width - 2 : 2;
    double fy = f->mover->y < s->table.height / 2 ? s->table.height - 2 : 2;
    int px, py;
    guint32 got, none;

    ph_viewport_table_to_widget (viewport, fx, fy, &x, &y);
    px = (int) x;
    py = (int) y;
    got = pixels[(gsize) py * width + px];
    none = over (ph_render_threat_step_rgba (0), TABLE_PIXEL (px, py));
    g_test_message ("%g, %g beyond his reach: %06x; the table %06x, none over it %06x", fx, fy,
                    got, TABLE_PIXEL (px, py), none);
    g_assert_cmpfloat (rgb_distance (got, none), >=, 30);
    g_assert_cmpfloat (rgb_distance (got, TABLE_PIXEL (px, py)), >=, 30);
  }
#undef TABLE_PIXEL
  cairo_surface_destroy (table);
  ph_map_view_set_show_arc (f->map, TRUE);
}

/* T in a game: the man who may move sees the threat only where his move
 * reaches; a man who may not, everywhere */
static void
test_threat_in_reach (void)
{
  Fixture f;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);
  ph_test_click_figure (f.map, f.mover, 0);
  ph_test_run_until_idle ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.map), "map.toggle-threat", NULL));
  gtk_widget_queue_draw (GTK_WIDGET (f.map));
  PH_TEST_WAIT_UNTIL (ph_map_view_get_threat_map (f.map) != NULL);
  ph_test_wait_drawn (GTK_WIDGET (f.window));
  g_assert_true (ph_map_view_get_threat_in_reach (f.map));
  ph_test_save_screenshot (GTK_WIDGET (f.window), "app-threat-reach.png");
  /* its legend reads only the spots he can reach: beside him, the threat
   * there; at the table's corner farthest from him, out of his move */
  {
    const PhScenario *s = ph_document_get_scenario (f.document);
    double corners[4][2] = { { 1, 1 }, { s->table.width - 1, 1 },
                             { 1, s->table.height - 1 }, { s->table.width - 1, s->table.height - 1 } };
    double far = 0, fx = 0, fy = 0, x, y;
    g_autofree char *near = NULL, *away = NULL;

    for (guint i = 0; i < 4; i++)
      if (hypot (corners[i][0] - f.mover->x, corners[i][1] - f.mover->y) > far)
        {
          far = hypot (corners[i][0] - f.mover->x, corners[i][1] - f.mover->y);
          fx = corners[i][0];
          fy = corners[i][1];
        }
    g_assert_cmpfloat (far, >, f.reach + 3);
    ph_viewport_table_to_widget (ph_map_view_get_viewport (f.map), f.mover->x + 1, f.mover->y,
                                 &x, &y);
    ph_map_view_pointer_motion (f.map, x, y);
    near = ph_map_view_describe_threat_here (f.map);
    ph_viewport_table_to_widget (ph_map_view_get_viewport (f.map), fx, fy, &x, &y);
    ph_map_view_pointer_motion (f.map, x, y);
    away = ph_map_view_describe_threat_here (f.map);
    g_test_message ("beside him: %s; at %g, %g: %s", near, fx, fy, away);
    g_assert_true (g_str_has_prefix (near, "Here: "));
    g_assert_cmpstr (near, !=, "Here: beyond his move");
    g_assert_cmpstr (away, ==, "Here: beyond his move");
  }
  assert_threat_colours_in_reach (&f);
  ph_test_click_figure (f.map, f.enemy, 0);
  ph_test_run_until_idle ();
  gtk_widget_queue_draw (GTK_WIDGET (f.map));
  PH_TEST_WAIT_UNTIL (ph_map_view_get_threat_map (f.map) != NULL);
  ph_test_wait_drawn (GTK_WIDGET (f.window));
  g_assert_false (ph_map_view_get_threat_in_reach (f.map));
  /* and his legend reads every spot */
  {
    g_autofree char *here = ph_map_view_describe_threat_here (f.map);

    g_assert_nonnull (here);
    g_assert_cmpstr (here, !=, "Here: beyond his move");
  }
  fixture_tear_down (&f);
}

/* xdotool: real key presses to @window, through the X server, as a user
 * types them (the main loop runs meanwhile); FALSE without xdotool */
static gboolean
type_keys (PhWindow   *window,
           const char *keys)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autoptr(GSubprocess) run = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xid = NULL;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  if (xdotool == NULL || !GDK_IS_X11_SURFACE (surface))
    return FALSE;
  xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (surface));
  run = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, xdotool, "windowfocus", "--sync",
                          xid, "key", "--clearmodifiers", keys, NULL);
  g_assert_no_error (error);
  PH_TEST_WAIT_UNTIL (g_subprocess_get_identifier (run) == NULL);
  g_assert_true (g_subprocess_get_successful (run));
  ph_test_run_until_idle ();
  return TRUE;
}

/* T is the window's: after Perform (the trial's click left the keyboard
 * on it) a real T shows the threat map; typed into a text field it is a
 * letter there, and the map stays as it was */
static void
test_threat_key_anywhere (void)
{
  Fixture f;
  GtkWidget *panel, *perform, *entry;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);
  ph_test_click_figure (f.map, f.mover, 0);
  ph_test_run_until_idle ();
  panel = ph_test_window_panel (f.window, PH_TYPE_GAME_PANEL);
  gtk_widget_activate_action (GTK_WIDGET (f.window), "win.show-panel", "s", "game");
  ph_test_wait_drawn (GTK_WIDGET (f.window));
  perform = ph_test_find_widget (panel, GTK_TYPE_BUTTON, "_Perform");
  g_assert_nonnull (perform);
  g_assert_true (gtk_widget_grab_focus (perform));
  g_assert_false (gtk_widget_has_focus (GTK_WIDGET (f.map)));
  g_assert_false (ph_map_view_get_show_threat (f.map));
  if (!type_keys (f.window, "t"))
    {
      g_test_skip ("needs xdotool");
      fixture_tear_down (&f);
      return;
    }
  PH_TEST_WAIT_UNTIL (ph_map_view_get_show_threat (f.map));
  /* the focus stays where it was */
  g_assert_true (gtk_widget_has_focus (perform));

  /* in a text field T is a letter */
  entry = ph_test_find_widget (GTK_WIDGET (f.window), GTK_TYPE_ENTRY, NULL);
  g_assert_nonnull (entry);
  gtk_widget_set_visible (entry, TRUE);
  for (GtkWidget *w = gtk_widget_get_parent (entry); w != NULL; w = gtk_widget_get_parent (w))
    if (GTK_IS_STACK (gtk_widget_get_parent (w)))
      gtk_stack_set_visible_child (GTK_STACK (gtk_widget_get_parent (w)), w);
    else if (GTK_IS_EXPANDER (w))
      gtk_expander_set_expanded (GTK_EXPANDER (w), TRUE);
  ph_test_wait_drawn (GTK_WIDGET (f.window));
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  g_assert_true (gtk_widget_grab_focus (entry));
  g_assert_true (type_keys (f.window, "t"));
  PH_TEST_WAIT_UNTIL (g_str_equal (gtk_editable_get_text (GTK_EDITABLE (entry)), "t"));
  g_assert_true (ph_map_view_get_show_threat (f.map));

  /* and on the map, as before */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (f.map)));
  g_assert_true (type_keys (f.window, "t"));
  PH_TEST_WAIT_UNTIL (!ph_map_view_get_show_threat (f.map));
  fixture_tear_down (&f);
}

/* Featherstone: a drop past the man's rate is refused in the rules'
 * words and offers "Move Anyway (referee)" as every ruleset does, so the
 * referee places a man by drag (no typing in the Figure tab); the log
 * says how far, in paces as the drag's label does */
static void
test_move_anyway_featherstone (void)
{
  PhWindow *window;
  PhDocument *document;
  PhMapView *map;
  PhScenario *scenario;
  PhGame *game;
  PhFigure *man = NULL;
  PhMovePlan plan = { 0 };
  const PhEvent *event;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *want = NULL;
  double x0, y0, dx = 0, dy = 0, far, scale, x, y;
  guint before, steps = 0;
  gulong id;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on ("featherstone-cacabelos-1809.xml");
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  scenario = ph_document_get_scenario (document);
  g_assert_true (ph_document_start_game (document, 1809, &error));
  g_assert_no_error (error);
  game = ph_document_get_game (document);
  /* on to the movement step */
  while (g_strcmp0 (ph_game_expected (game), "move") != 0)
    {
      g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);

      g_assert_cmpuint (steps++, <, 10);
      g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
      g_assert_no_error (error);
    }
  for (guint i = 0; i < scenario->figures->len && man == NULL; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      if (!ph_figure_is_off_table (figure) && !figure->mounted
          && ph_game_plan_move (game, figure->id, &plan, NULL))
        man = figure;
    }
  g_assert_nonnull (man);
  g_assert_cmpstr (plan.distance_unit, ==, "paces");
  /* on a cm table a pace is a cm: 4 paces past the fastest rate */
  far = plan.allowance + 4;
  ph_move_plan_clear (&plan);
  x0 = man->x;
  y0 = man->y;
  {
    static const double dirs[][2] = { { 0, -1 }, { 0, 1 }, { 1, 0 }, { -1, 0 } };

    for (guint i = 0; i < G_N_ELEMENTS (dirs) && dx == 0 && dy == 0; i++)
      if (x0 + dirs[i][0] * far > 1 && x0 + dirs[i][0] * far < scenario->table.width - 1
          && y0 + dirs[i][1] * far > 1 && y0 + dirs[i][1] * far < scenario->table.height - 1)
        {
          dx = dirs[i][0] * far;
          dy = dirs[i][1] * far;
        }
  }
  g_assert_true (dx != 0 || dy != 0);
  before = ph_game_get_position (game);
  ph_test_run_until_idle ();
  id = g_signal_connect_swapped (map, "message", G_CALLBACK (remember_refusal), &message);
  scale = ph_viewport_get_scale (ph_map_view_get_viewport (map));
  ph_test_figure_widget_point (map, man, &x, &y);
  ph_map_view_begin_drag (map, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (map, dx * scale / 2, dy * scale / 2);
  ph_map_view_update_drag (map, dx * scale, dy * scale);
  ph_map_view_end_drag (map, dx * scale, dy * scale);
  ph_test_run_until_idle ();
  g_signal_handler_disconnect (map, id);
  /* refused by the rules, said, nothing moved yet: the menu asks */
  g_assert_nonnull (message);
  g_test_message ("refused: %s", message);
  g_assert_nonnull (strstr (message, "cannot move there"));
  g_assert_cmpfloat (man->x, ==, x0);
  g_assert_cmpfloat (man->y, ==, y0);
  g_assert_cmpuint (ph_game_get_position (game), ==, before);
  PH_TEST_WAIT_UNTIL (ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL) != NULL);
  {
    GtkWidget *popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
    GMenuModel *model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
    g_autofree char *label = NULL;
    g_autofree char *action = NULL;
    g_autoptr(GVariant) target = NULL;
    const char *target_id;
    double tx, ty;

    g_assert_true (g_menu_model_get_item_attribute (model, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label));
    g_assert_cmpstr (label, ==, "Move Anyway (referee)");
    g_assert_true (g_menu_model_get_item_attribute (model, 0, G_MENU_ATTRIBUTE_ACTION, "s",
                                                    &action));
    target = g_menu_model_get_item_attribute_value (model, 0, G_MENU_ATTRIBUTE_TARGET,
                                                    G_VARIANT_TYPE ("(sdd)"));
    g_assert_nonnull (target);
    g_variant_get (target, "(&sdd)", &target_id, &tx, &ty);
    g_assert_cmpstr (target_id, ==, man->id);
    gtk_popover_popdown (GTK_POPOVER (popover));
    ph_test_run_until_idle ();
    /* the item, chosen: where the drop was */
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map), action, "(sdd)",
                                               target_id, tx, ty));
  }
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (game), ==, before + 1);
  g_assert_cmpfloat_with_epsilon (man->x, x0 + dx, 0.05);
  g_assert_cmpfloat_with_epsilon (man->y, y0 + dy, 0.05);
  event = ph_game_get_event (game, before);
  g_assert_cmpstr (event->kind, ==, "referee");
  /* in paces, as the drag's label reads it (one to the cm here); at the
   * movement step: his move for the phase, he moves no more */
  want = g_strdup_printf ("Referee moved %s %.1f paces (his move for phase 1)",
                          ph_figure_display_name (man), hypot (man->x - x0, man->y - y0));
  g_assert_cmpstr (event->text, ==, want);
  g_assert_true (man->status & PH_STATUS_MOVED);
  g_assert_false (ph_game_plan_move (game, man->id, &plan, &error));
  g_assert_nonnull (strstr (error->message, "has already moved this phase"));
  ph_test_window_destroy (window);
}

/* Drags a man by (@dx, @dy) table units and drops him, as the pointer
 * does; the first item of the menu the drop opens, or NULL */
static char *
drag_and_drop (PhMapView *map,
               PhFigure  *man,
               double     dx,
               double     dy)
{
  double scale = ph_viewport_get_scale (ph_map_view_get_viewport (map));
  GtkWidget *popover;
  char *label = NULL;
  double x, y;

  ph_test_figure_widget_point (map, man, &x, &y);
  ph_map_view_begin_drag (map, GDK_BUTTON_PRIMARY, 0, x, y);
  ph_map_view_update_drag (map, dx * scale / 2, dy * scale / 2);
  ph_map_view_update_drag (map, dx * scale, dy * scale);
  ph_map_view_end_drag (map, dx * scale, dy * scale);
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  if (popover == NULL)
    return NULL;
  g_menu_model_get_item_attribute (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)),
                                   0, G_MENU_ATTRIBUTE_LABEL, "s", &label);
  gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_run_until_idle ();
  return label;
}

/* Featherstone: a man is dragged at the movement step alone; before it
 * (step 1) as after it (step 4) the drag is refused with the same
 * reason and offers Move Anyway (the trial saw step 1 judge the drag
 * against his allowance, and move the game on) */
static void
test_featherstone_drag_outside_move_step (void)
{
  static const struct { int step; const char *name; } steps[] = {
    { 1, "write down orders and intended actions" }, { 4, "calculate melee" },
  };
  PhWindow *window;
  PhDocument *document;
  PhMapView *map;
  PhGame *game;
  PhFigure *harris;
  g_autoptr(GError) error = NULL;
  int at = 1;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on ("featherstone-cacabelos-1809.xml");
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  g_assert_true (ph_document_start_game (document, 1809, &error));
  g_assert_no_error (error);
  game = ph_document_get_game (document);
  harris = ph_scenario_find_figure (ph_document_get_scenario (document), "harris");
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_autofree char *reason = g_strdup_printf ("phase 1 is at step %d (%s): men move only at "
                                                 "step 2 (move all men)",
                                                 steps[i].step, steps[i].name);
      g_autofree char *step = NULL;
      g_autofree char *item = NULL;
      double x0 = harris->x;
      guint before;

      for (; at < steps[i].step; at++)
        {
          g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);

          g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
          g_assert_no_error (error);
        }
      step = g_strdup (ph_game_get_var (game, "step"));
      before = ph_game_get_position (game);
      ph_test_click_figure (map, harris, 0);
      ph_test_run_until_idle ();
      /* the whole reason in the status line */
      g_test_message ("%s", gtk_label_get_label (window->status_label));
      g_assert_nonnull (strstr (gtk_label_get_label (window->status_label), reason));
      /* 3 cm, well within his walk: refused all the same, Move Anyway
       * offered, nothing moved, the step where it was */
      item = drag_and_drop (map, harris, 3, 0);
      g_assert_cmpstr (item, ==, "Move Anyway (referee)");
      g_assert_cmpfloat (harris->x, ==, x0);
      g_assert_cmpuint (ph_game_get_position (game), ==, before);
      g_assert_cmpstr (ph_game_get_var (game, "step"), ==, step);
    }
  ph_test_window_destroy (window);
}

/* The label by the pointer while a man who may not move is dragged: a
 * few words on one line (the whole reason, "phase 1 is at step 4 …", ran
 * past both edges of the map), the reason whole in the status line; and
 * the label inside the map at its edges, cut short inside it when even
 * the map is narrower */
static void
test_drag_label_short_and_inside (void)
{
  static const double corners[][2] = { { 1, 1 }, { 0, 1 }, { 1, 0 }, { 0, 0 } };
  PhWindow *window;
  PhDocument *document;
  PhMapView *map;
  PhFigure *harris;
  g_autoptr(GError) error = NULL;
  int width, height;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_on ("featherstone-cacabelos-1809.xml");
  document = ph_window_get_document (window);
  map = ph_window_get_map_view (window);
  g_assert_true (ph_document_start_game (document, 1809, &error));
  g_assert_no_error (error);
  for (int i = 0; i < 3; i++)
    {
      g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);

      g_assert_true (ph_document_game_perform (document, "next-step", args, &error));
      g_assert_no_error (error);
    }
  harris = ph_scenario_find_figure (ph_document_get_scenario (document), "harris");
  ph_test_click_figure (map, harris, 0);
  ph_test_wait_drawn (GTK_WIDGET (map));
  width = gtk_widget_get_width (GTK_WIDGET (map));
  height = gtk_widget_get_height (GTK_WIDGET (map));
  g_assert_cmpint (width, >, 300);
  /* the pointer to each corner of the map, 2 px in */
  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    {
      const char *label;
      PhRect box;
      double x, y, to_x = corners[i][0] ? width - 2 : 2, to_y = corners[i][1] ? height - 2 : 2;

      ph_test_figure_widget_point (map, harris, &x, &y);
      ph_map_view_begin_drag (map, GDK_BUTTON_PRIMARY, 0, x, y);
      ph_map_view_update_drag (map, (to_x - x) / 2, (to_y - y) / 2);
      ph_map_view_update_drag (map, to_x - x, to_y - y);
      ph_test_run_until_idle ();
      label = ph_map_view_get_move_label (map, NULL);
      g_assert_cmpstr (label, ==, "Not now: men move at step 2 · drop: Move Anyway");
      g_assert_cmpint (g_utf8_strlen (label, -1), <=, 50);
      g_assert_true (ph_map_view_get_move_label_box (map, &box));
      g_test_message ("pointer at %.0f,%.0f: the label at %.0f,%.0f-%.0f,%.0f in %d×%d", to_x, to_y,
                      box.x0, box.y0, box.x1, box.y1, width, height);
      g_assert_cmpfloat (box.x0, >=, 0);
      g_assert_cmpfloat (box.y0, >=, 0);
      g_assert_cmpfloat (box.x1, <=, width);
      g_assert_cmpfloat (box.y1, <=, height);
      /* on the table, clear of its rulers ("Cannot move now · …" hid the
       * left ruler's numbers), and never over the pointer */
      {
        PhRenderView view;
        PhRect inside;

        ph_map_view_get_render_view (map, &view);
        ph_render_rulers_inside (ph_document_get_scenario (document), &view, width, height,
                                 &inside);
        g_test_message ("the table within its rulers at %.0f,%.0f-%.0f,%.0f", inside.x0,
                        inside.y0, inside.x1, inside.y1);
        g_assert_cmpfloat (box.x0, >=, inside.x0);
        g_assert_cmpfloat (box.y0, >=, inside.y0);
        g_assert_cmpfloat (box.x1, <=, inside.x1);
        g_assert_cmpfloat (box.y1, <=, inside.y1);
        g_assert_false (box.x0 <= to_x && to_x <= box.x1 && box.y0 <= to_y && to_y <= box.y1);
      }
      /* the whole reason, in the status line */
      g_assert_nonnull (strstr (gtk_label_get_label (window->status_label),
                                "phase 1 is at step 4 (calculate melee): men move only at step 2 "
                                "(move all men)"));
      if (i == 0)
        ph_test_save_screenshot (GTK_WIDGET (window), "app-move-refusal-label.png");
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (map), "map.cancel", NULL));
      ph_test_run_until_idle ();
    }
  /* a label longer than the map is wide: on three lines at most, cut
   * short at the end of the last, no wider than 360 px, inside the view */
  {
    g_autoptr(GString) text = g_string_new (NULL);
    PhRect box, one;

    ph_map_view_label_box (map, 20, height / 2, "moved 2.0 in", &one);
    while (text->len < 400)
      g_string_append (text, "phase 1 is at step 4 (calculate melee): men move only at step 2 · ");
    ph_map_view_label_box (map, width - 20, height / 2, text->str, &box);
    g_test_message ("a long label at %.0f,%.0f-%.0f,%.0f in %d×%d", box.x0, box.y0, box.x1,
                    box.y1, width, height);
    g_assert_cmpfloat (box.x0, >=, 0);
    g_assert_cmpfloat (box.x1, <=, width);
    g_assert_cmpfloat (box.x1 - box.x0, <=, 360 + 10);
    g_assert_cmpfloat (box.y1 - box.y0, >, 2.5 * (one.y1 - one.y0 - 10) + 10);
    g_assert_cmpfloat (box.y1 - box.y0, <, 3.5 * (one.y1 - one.y0 - 10) + 10);
  }
  /* Firelock's longest, wrapped onto two or three lines */
  {
    PhRect box;

    ph_map_view_label_box (map, 20, 20,
                           "crossing a stream, + d6 IPs (1 counted): moved 7.6 in · 9 of 13 "
                           "IPs spent · stops short on a d6 of 6 or more · into contact with "
                           "Lt. Israel Putnam", &box);
    g_test_message ("Firelock's label at %.0f,%.0f-%.0f,%.0f", box.x0, box.y0, box.x1, box.y1);
    g_assert_cmpfloat (box.x1 - box.x0, <=, 360 + 10);
    g_assert_cmpfloat (box.y1 - box.y0, >, 40);
  }
  ph_test_window_destroy (window);
}

/* The move's "Exact position" (other forms have "More options") */
static gboolean
is_expander (GtkWidget     *widget,
             gconstpointer  data)
{
  return GTK_IS_EXPANDER (widget)
         && g_strcmp0 (gtk_expander_get_label (GTK_EXPANDER (widget)), "_Exact position") == 0;
}

static gboolean
is_value_box (GtkWidget     *widget,
              gconstpointer  data)
{
  return GTK_IS_SPIN_BUTTON (widget) || GTK_IS_ENTRY (widget);
}

static gboolean
is_mapped_value_box (GtkWidget     *widget,
                     gconstpointer  data)
{
  return is_value_box (widget, data) && gtk_widget_get_mapped (widget);
}

/* The Game tab's Move, in every ruleset: a note says to drag the man on
 * the map, and where he goes by numbers (X and Y, Guns of War's hex) is
 * folded away under "Exact position" (the boxes, at 0,0 at first, read
 * as the way to move); its help says so in words ("Moves the figure to
 * (x, y)" before) */
static void
test_move_form_folded (void)
{
  static const char *const files[] = {
    PH_TEST_EXAMPLE_MAYHEM, PH_TEST_EXAMPLE_FIRELOCK, "featherstone-cacabelos-1809.xml",
    "fistful-north-bridge-1775.xml", "guns-of-war-tithe-barn.xml",
  };

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      PhWindow *window = ph_test_window_new_on (files[i]);
      PhDocument *document = ph_window_get_document (window);
      PhGamePanel *panel = PH_GAME_PANEL (ph_test_find_widget (GTK_WIDGET (window),
                                                               PH_TYPE_GAME_PANEL, NULL));
      g_autoptr(GError) error = NULL;
      GtkWidget *expander, *note, *box;

      g_test_message ("%s", files[i]);
      g_assert_true (ph_document_start_game (document, 11, &error));
      g_assert_no_error (error);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s",
                                                 "game"));
      g_assert_true (ph_game_panel_select_action (panel, "move"));
      ph_test_run_until_idle ();
      expander = ph_test_find_descendant (GTK_WIDGET (panel), is_expander, NULL);
      g_assert_nonnull (expander);
      g_assert_true (gtk_widget_get_mapped (expander));
      g_assert_cmpstr (gtk_expander_get_label (GTK_EXPANDER (expander)), ==, "_Exact position");
      g_assert_true (gtk_expander_get_use_underline (GTK_EXPANDER (expander)));
      g_assert_false (gtk_expander_get_expanded (GTK_EXPANDER (expander)));
      note = ph_test_find_widget (GTK_WIDGET (panel), GTK_TYPE_LABEL,
                                  "Drag the figure on the map to move it");
      g_assert_nonnull (note);
      g_assert_true (gtk_widget_get_mapped (note));
      /* and the help says it in words, never "(x, y)" */
      {
        const char *help = ph_game_find_action (ph_document_get_game (document), "move")->help;

        g_test_message ("help: %s", help);
        g_assert_nonnull (strstr (help, "dropped on the map, or typed under Exact position"));
        g_assert_false (g_regex_match_simple ("\\b[xy]\\b", help, 0, 0));
        g_assert_nonnull (ph_test_find_descendant (GTK_WIDGET (panel), label_starts_with,
                                                   help));
      }
      /* the numbers are in it, out of sight */
      box = ph_test_find_descendant (gtk_expander_get_child (GTK_EXPANDER (expander)),
                                     is_value_box, NULL);
      g_assert_nonnull (box);
      g_assert_false (gtk_widget_get_mapped (box));
      /* and no number shows in the form, Musket Mayhem's facing (turned
       * on the map by the handle) folded with them: a "Facing 0" box read
       * as the way to turn him */
      g_assert_null (ph_test_find_descendant (GTK_WIDGET (panel), is_mapped_value_box, NULL));
      ph_test_window_destroy (window);
    }
}

/* Unfolded (by the keyboard: the expander's activation), the Exact
 * position still moves the man where typed */
static void
test_move_form_typed (void)
{
  Fixture f;
  PhGamePanel *panel;
  GtkWidget *expander;
  g_autofree char *x = NULL;
  g_autofree char *y = NULL;
  g_autoptr(GError) error = NULL;
  const PhEvent *event;
  double dx, dy, x0, y0;
  guint before;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  fixture_set_up (&f);
  panel = PH_GAME_PANEL (ph_test_find_widget (GTK_WIDGET (f.window), PH_TYPE_GAME_PANEL, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "win.show-panel", "s",
                                             "game"));
  ph_test_click_figure (f.map, f.mover, 0);
  g_assert_true (ph_game_panel_select_action (panel, "move"));
  ph_test_run_until_idle ();
  expander = ph_test_find_descendant (GTK_WIDGET (panel), is_expander, NULL);
  g_assert_nonnull (expander);
  ph_test_save_screenshot (GTK_WIDGET (f.window), "app-move-form-folded.png");
  /* by the keyboard: it takes the focus, and Enter or Space activates it */
  g_assert_true (gtk_widget_grab_focus (expander));
  g_signal_emit_by_name (expander, "activate");
  ph_test_run_until_idle ();
  g_assert_true (gtk_expander_get_expanded (GTK_EXPANDER (expander)));
  g_assert_true (gtk_widget_get_mapped (ph_test_find_descendant (expander, is_value_box, NULL)));

  x0 = f.mover->x;
  y0 = f.mover->y;
  free_direction (&f, f.mover, 2, &dx, &dy);
  x = g_strdup_printf ("%g", x0 + dx);
  y = g_strdup_printf ("%g", y0 + dy);
  before = ph_game_get_position (f.game);
  g_assert_true (ph_game_panel_set_argument (panel, "move", "x", x));
  g_assert_true (ph_game_panel_set_argument (panel, "move", "y", y));
  g_assert_true (ph_game_panel_perform (panel, "move", &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_cmpuint (ph_game_get_position (f.game), ==, before + 1);
  event = ph_game_get_event (f.game, before);
  g_assert_cmpstr (event->kind, ==, "move");
  g_assert_cmpfloat_with_epsilon (f.mover->x, x0 + dx, 1e-9);
  g_assert_cmpfloat_with_epsilon (f.mover->y, y0 + dy, 1e-9);
  ph_test_save_screenshot (GTK_WIDGET (f.window), "app-move-form-typed.png");
  fixture_tear_down (&f);
}

/* The target's tooltip gives the distance in the drag label's words:
 * Featherstone's paces (it said "cm"), Guns of War's hexes (it said
 * "3.0 hex") */
static void
test_tooltip_units (void)
{
  static const struct
  {
    const char *file, *shooter, *target, *pattern;
  } cases[] = {
    { "featherstone-cacabelos-1809.xml", "harris", "voltigeur_roux",
      "\nDistance: [0-9]+\\.[0-9] paces( ·|\n)" },
    { "guns-of-war-tithe-barn.xml", "jut_arquebusiers", "aur_musketeers",
      "\nDistance: ([02-9]|[0-9][0-9]+) hexes( ·|\n)|\nDistance: 1 hex( ·|\n)" },
  };

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PhWindow *window = ph_test_window_new_on (cases[i].file);
      PhMapView *map = ph_window_get_map_view (window);
      PhScenario *scenario = ph_document_get_scenario (ph_window_get_document (window));
      PhFigure *shooter = ph_scenario_find_figure (scenario, cases[i].shooter);
      PhFigure *target = ph_scenario_find_figure (scenario, cases[i].target);
      g_autofree char *markup = NULL;

      g_assert_nonnull (shooter);
      g_assert_nonnull (target);
      ph_test_click_figure (map, shooter, 0);
      ph_map_view_set_pinned_target (map, target);
      ph_test_run_until_idle ();
      markup = ph_map_view_tooltip_markup (map, target);
      g_test_message ("%s", markup);
      g_assert_true (g_regex_match_simple (cases[i].pattern, markup, 0, 0));
      ph_test_window_destroy (window);
    }
}

/* The window draws the rings under the figures and the line of sight
 * over them, in two calls: the rings' labels were placed knowing nothing
 * of the line ("31.6 in, blocked by Sdt. Lafleur" lay on "half range to
 * 12 in", the line ran through it). Sgt Smith's rings and his line to
 * each enemy in turn: their labels apart, none across the line */
/* Who shoots, and each enemy's labels from the window's two calls */
static void
check_ring_labels_clear_of_line (PhMapView *map,
                                 PhScenario *scenario,
                                 PhFigure   *shooter,
                                 guint      *checked)
{
  g_autoptr(GArray) rings = ph_engine_range_rings (scenario, shooter, NULL, FALSE);
  g_autoptr(GPtrArray) ring_texts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < rings->len; i++)
    g_ptr_array_add (ring_texts, ph_render_ring_label (scenario,
                                                       &g_array_index (rings, PhRangeRing, i)));
  ph_test_click_figure (map, shooter, 0);
  for (guint t = 0; t < scenario->figures->len; t++)
    {
      PhFigure *enemy = g_ptr_array_index (scenario->figures, t);
      int w = gtk_widget_get_width (GTK_WIDGET (map)), h = gtk_widget_get_height (GTK_WIDGET (map));
      cairo_surface_t *surface;
      cairo_t *cr;
      g_autoptr(GArray) labels = NULL;
      const PhRenderLabel *los = NULL;
      PhRenderView view;
      PhPoint a, b;

      if (g_str_equal (enemy->side, shooter->side) || ph_figure_is_off_table (enemy))
        continue;
      ph_map_view_set_pinned_target (map, enemy);
      ph_test_run_until_idle ();
      g_assert_true (ph_map_view_get_target (map) == enemy);
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
      cr = cairo_create (surface);
      labels = ph_render_collect_labels (cr);
      ph_map_view_draw_under (map, cr);
      ph_map_view_draw_overlays (map, cr);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      ph_map_view_get_render_view (map, &view);
      a = ph_render_view_to_device (&view, (PhPoint) { shooter->x, shooter->y });
      b = ph_render_view_to_device (&view, (PhPoint) { enemy->x, enemy->y });
      for (guint i = 0; i < labels->len; i++)
        if (strstr (g_array_index (labels, PhRenderLabel, i).text, " in, ") != NULL)
          los = &g_array_index (labels, PhRenderLabel, i);
      for (guint i = 0; i < labels->len; i++)
        {
          const PhRenderLabel *l = &g_array_index (labels, PhRenderLabel, i);
          gboolean ring = FALSE;

          for (guint r = 0; r < ring_texts->len; r++)
            ring |= g_str_equal (l->text, g_ptr_array_index (ring_texts, r));
          if (!ring)
            continue;
          (*checked)++;
          if (ph_segment_meets_rect ((PhSegment) { a, b }, &l->box))
            g_error ("%s's line to %s crosses “%s”", shooter->id, enemy->id, l->text);
          if (los != NULL)
            {
              PhRect grown = { l->box.x0 - 2, l->box.y0 - 2, l->box.x1 + 2, l->box.y1 + 2 };

              if (ph_rect_intersects (&grown, &los->box))
                g_error ("%s to %s: “%s” meets “%s”", shooter->id, enemy->id, l->text, los->text);
            }
        }
    }
}

/* The window draws the rings under the figures and the line of sight
 * over them, in two calls: the rings' labels were placed knowing nothing
 * of the line ("31.6 in, blocked by Sdt. Lafleur" lay on "half range 12
 * in", the line ran through it). Each man's rings and his line to each
 * enemy in turn, in a laptop's window: their labels apart, none across
 * the line */
static void
test_ring_labels_clear_of_line (void)
{
  PhWindow *window;
  PhMapView *map;
  PhScenario *scenario;
  guint checked = 0;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  window = ph_test_window_new_sized (1366, 768);
  {
    g_autoptr(GFile) file = ph_test_example_file (PH_TEST_EXAMPLE_MAYHEM);
    g_autoptr(GError) error = NULL;

    g_assert_true (ph_window_load_file (window, file, &error));
    g_assert_no_error (error);
  }
  map = ph_window_get_map_view (window);
  ph_test_wait_drawn (GTK_WIDGET (window));
  scenario = ph_document_get_scenario (ph_window_get_document (window));
  for (guint i = 0; i < scenario->figures->len; i++)
    if (!ph_figure_is_off_table (g_ptr_array_index (scenario->figures, i)))
      check_ring_labels_clear_of_line (map, scenario, g_ptr_array_index (scenario->figures, i),
                                       &checked);
  g_test_message ("%u rings' labels", checked);
  g_assert_cmpuint (checked, >, 0);
  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/move/reach", test_reach);
  g_test_add_func ("/app/move/drag-logged", test_drag_logged);
  g_test_add_func ("/app/move/move-anyway-contact", test_move_anyway_contact);
  g_test_add_func ("/app/move/undo-after-reopen", test_undo_after_reopen);
  g_test_add_func ("/app/move/move-anyway", test_move_anyway);
  g_test_add_func ("/app/move/move-anyway-featherstone", test_move_anyway_featherstone);
  g_test_add_func ("/app/move/drop-on-base", test_drop_on_base);
  g_test_add_func ("/app/move/drop-into-contact", test_drop_into_contact);
  g_test_add_func ("/app/move/put-back-clears-refusal", test_put_back_clears_refusal);
  g_test_add_func ("/app/move/drop-on-held-hex", test_drop_on_held_hex);
  g_test_add_func ("/app/move/tooltip-units", test_tooltip_units);
  g_test_add_func ("/app/move/move-form-folded", test_move_form_folded);
  g_test_add_func ("/app/move/move-form-typed", test_move_form_typed);
  g_test_add_func ("/app/move/featherstone-drag-outside-move-step",
                   test_featherstone_drag_outside_move_step);
  g_test_add_func ("/app/move/drag-label-short-and-inside", test_drag_label_short_and_inside);
  g_test_add_func ("/app/move/target-menu", test_target_menu);
  g_test_add_func ("/app/move/target-menu-fire-tab-shot", test_target_menu_fire_tab_shot);
  g_test_add_func ("/app/move/target-menu-melee", test_target_menu_melee);
  g_test_add_func ("/app/move/target-menu-melee-needs-more", test_target_menu_melee_needs_more);
  g_test_add_func ("/app/move/target-menu-melee-shoulder-arm",
                   test_target_menu_melee_shoulder_arm);
  g_test_add_func ("/app/move/live-odds", test_live_odds);
  g_test_add_func ("/app/move/drag-label-clear-of-name", test_drag_label_clear_of_name);
  g_test_add_func ("/app/move/drag-label-clear-of-ghost", test_drag_label_clear_of_ghost);
  g_test_add_func ("/app/move/drag-names-apart", test_drag_names_apart);
  g_test_add_func ("/app/move/drag-labels-apart", test_drag_labels_apart);
  g_test_add_func ("/app/move/drag-over-name", test_drag_over_name);
  g_test_add_func ("/app/move/drag-over-markers", test_drag_over_markers);
  g_test_add_func ("/app/move/group-from-selection", test_group_from_selection);
  g_test_add_func ("/app/move/charge-once-in-menu", test_charge_once_in_menu);
  g_test_add_func ("/app/move/charge-out-of-reach-in-menu", test_charge_out_of_reach_in_menu);
  g_test_add_func ("/app/move/advance-on-map", test_advance_on_map);
  g_test_add_func ("/app/move/no-reach-after-move", test_no_reach_after_move);
  g_test_add_func ("/app/move/mounted-reach", test_mounted_reach);
  g_test_add_func ("/app/move/threat-in-reach", test_threat_in_reach);
  g_test_add_func ("/app/move/threat-key-anywhere", test_threat_key_anywhere);
  g_test_add_func ("/app/move/ring-labels-clear-of-line", test_ring_labels_clear_of_line);
  return ph_test_app_run ();
}
