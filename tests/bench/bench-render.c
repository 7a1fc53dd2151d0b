/* bench-render.c: how long the window's map takes a frame at 1920x1080
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run on demand, never by `meson test`, under a display (the window's
 * frames are GTK's, drawn by its cairo renderer):
 *   ninja -C build tests/bench/bench-render
 *   GSK_RENDERER=cairo xvfb-run -a -s '-screen 0 1920x1080x24' ./build/tests/bench/bench-render
 *
 * The scenes of the window issue: 300 (then 1,000) figures and 200
 * terrain features on a 72 x 48 inch table, in a map view of 1920 x 1080
 * (a window of nothing else), one figure selected with his range rings
 * and a target pinned. Each line is a median over runs, and a ratio to a
 * plain-cairo reference frame drawn in the same run (200 polygons and 300
 * discs filled and outlined, 300 labels, at 1920 x 1080), so that the
 * figures read the same on any machine:
 *  - the drag frame: a figure dragged (the view's drag handler, the odds
 *    of the shot from where he is now, and GTK's frame: the widget's
 *    snapshot and the cairo renderer's drawing of what changed);
 *  - a zoom step as the wheel does it (the viewport zoomed at the
 *    pointer, and the frame: the layers shown scaled);
 *  - a pan as a middle drag does it;
 *  - the full frame: everything drawn anew (the terrain and the figures
 *    invalidated), from the change to the frame that shows both sharp
 *    (the worker's drawing of both layers and the frames meanwhile);
 *  - the sharp rebuild after a zoom: from the scale holding still to the
 *    frame that shows the layers drawn sharp at it;
 *  - and, for the record, the renderer alone drawing a whole map (what a
 *    frame cost when the window drew everything on the frame path).
 */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <adwaita.h>

#include "bench-scene.h"
#include "../ph-test-ruleset.h"
#include "ph-document.h"
#include "ph-map-view-private.h"
#include "ph-render.h"

#define WIDTH 1920
#define HEIGHT 1080
#define REFERENCE_FRAMES 30
#define DRAG_FRAMES 120
#define ZOOM_FRAMES 60
#define PAN_FRAMES 120
#define FULL_FRAMES 12
#define SHARP_RUNS 8
#define RENDER_FRAMES 12

static gint64 paint_start, paint_end;
static guint n_painted;

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median_ms (GArray *samples)
{
  g_array_sort (samples, compare_doubles);
  return g_array_index (samples, double, samples->len / 2);
}

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

static void
on_before_paint (GdkFrameClock *clock)
{
  paint_start = g_get_monotonic_time ();
}

static void
on_after_paint (GdkFrameClock *clock)
{
  paint_end = g_get_monotonic_time ();
  n_painted++;
}

/* Until the window has painted a frame after now; the paint's time */
static double
wait_frame (void)
{
  guint n = n_painted;

  while (n_painted == n)
    g_main_context_iteration (NULL, TRUE);
  return (paint_end - paint_start) / 1000.0;
}

/* Until the layers' worker is done and a frame shows what it drew */
static void
wait_settled (PhMapView *map_view)
{
  while (ph_map_view_get_layers_busy (map_view))
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_queue_draw (GTK_WIDGET (map_view));
  wait_frame ();
}

/* The reference: plain cairo, a frame's worth of shapes and text */
static double
reference_frame (cairo_surface_t *surface)
{
  gint64 start = g_get_monotonic_time ();
  cairo_t *cr = cairo_create (surface);
  GRand *rand = g_rand_new_with_seed (1758);

  cairo_set_source_rgb (cr, 0.55, 0.62, 0.38);
  cairo_paint (cr);
  for (guint i = 0; i < 200; i++)
    {
      double x = g_rand_double_range (rand, 0, WIDTH), y = g_rand_double_range (rand, 0, HEIGHT);

      cairo_move_to (cr, x, y);
      for (guint k = 1; k < 8; k++)
        cairo_line_to (cr, x + 60 * cos (k * G_PI / 4) + g_rand_double_range (rand, -10, 10),
                       y + 45 * sin (k * G_PI / 4));
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, 0.3, 0.45, 0.2, 0.8);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.2, 0.3, 0.1);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
    }
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 11);
  for (guint i = 0; i < 300; i++)
    {
      double x = g_rand_double_range (rand, 0, WIDTH), y = g_rand_double_range (rand, 0, HEIGHT);
      char label[16];

      cairo_arc (cr, x, y, 9, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, i % 2 ? 0.18 : 0.69, 0.37, i % 2 ? 0.66 : 0.18);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_line_width (cr, 1.2);
      cairo_stroke (cr);
      g_snprintf (label, sizeof label, "f%u", i);
      cairo_move_to (cr, x - 8, y + 22);
      cairo_show_text (cr, label);
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_rand_free (rand);
  return ms_since (start);
}

/* The renderer alone: a whole map, drawn from nothing */
static double
render_alone (cairo_surface_t  *surface,
              const PhScenario *scenario,
              const char       *selected)
{
  const char *ids[] = { selected, NULL };
  gint64 start = g_get_monotonic_time ();
  cairo_t *cr = cairo_create (surface);
  PhRenderOptions opts;
  PhRenderView view;

  ph_render_options_init (&opts);
  opts.selected = ids;
  opts.rings_figure = selected;
  ph_render_view_fit (&view, &scenario->table, WIDTH, HEIGHT, ph_render_margin (20));
  ph_render_map (cr, scenario, &view, &opts);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return ms_since (start);
}

static void
print_line (const char *what,
            GArray     *samples,
            double      reference,
            const char *target)
{
  double ms = median_ms (samples);

  printf ("  %-44s %8.2f ms  %6.2fx reference%s%s\n", what, ms, ms / reference,
          target ? "  " : "", target ? target : "");
}

static void
bench_scene (guint            n_figures,
             cairo_surface_t *surface)
{
  g_autofree char *xml = ph_bench_make_scenario (ph_test_ruleset ("musket-mayhem"),
                                                 n_figures, 200, 72, 48);
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) scenario = ph_scenario_load_data (xml, strlen (xml), "bench.xml", &error);
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(GArray) reference = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) drag = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) drag_paint = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) zoom = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) pan = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) full = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) full_paint = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) sharp = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) alone = g_array_new (FALSE, FALSE, sizeof (double));
  GtkWidget *window;
  PhMapView *map_view;
  PhViewport *viewport;
  GdkFrameClock *clock;
  PhFigure *dragged, *target;
  PhRenderView view;
  PhPoint at;
  double ref;

  if (scenario == NULL)
    g_error ("%s", error->message);
  ph_document_set_scenario (document, scenario, NULL);
  scenario = ph_scenario_ref (ph_document_get_scenario (document));

  window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
  map_view = PH_MAP_VIEW (ph_map_view_new ());
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (map_view));
  ph_map_view_set_document (map_view, document);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (map_view))
         || gtk_widget_get_width (GTK_WIDGET (map_view)) < 100)
    g_main_context_iteration (NULL, TRUE);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint), NULL);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), NULL);
  viewport = ph_map_view_get_viewport (map_view);
  wait_settled (map_view);

  /* a man selected, an enemy targeted: rings, and the odds line */
  dragged = g_ptr_array_index (scenario->figures, 0);
  target = g_ptr_array_index (scenario->figures, 1);
  ph_map_view_get_render_view (map_view, &view);
  at = ph_render_view_to_device (&view, (PhPoint) { dragged->x, dragged->y });
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, at.x, at.y);
  ph_map_view_end_drag (map_view, 0, 0);
  ph_map_view_set_pinned_target (map_view, target);
  wait_settled (map_view);

  printf ("scene: %u figures, %u terrain features, map view %d x %d, %.1f px per inch\n",
          scenario->figures->len, scenario->features->len,
          gtk_widget_get_width (GTK_WIDGET (map_view)),
          gtk_widget_get_height (GTK_WIDGET (map_view)), view.scale);

  for (guint i = 0; i < REFERENCE_FRAMES; i++)
    {
      double ms = reference_frame (surface);

      g_array_append_val (reference, ms);
    }
  ref = median_ms (reference);

  /* The drag frame: the handler (the shadow moved, the odds from there)
   * and the frame GTK paints for it */
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, at.x, at.y);
  ph_map_view_update_drag (map_view, 6, 3);
  wait_settled (map_view);
  for (guint i = 0; i < DRAG_FRAMES; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double handler, paint, ms;

      ph_map_view_update_drag (map_view, 8 + 2.0 * (i % 40), 4 + 1.0 * (i % 40));
      handler = ms_since (start);
      paint = wait_frame ();
      ms = handler + paint;
      g_array_append_val (drag, ms);
      g_array_append_val (drag_paint, paint);
    }
  ph_map_view_cancel_drag (map_view);
  wait_settled (map_view);

  /* Zoom steps as the wheel makes them, at the pointer: in and out */
  for (guint i = 0; i < ZOOM_FRAMES; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double ms;

      ph_viewport_zoom_at (viewport, (i / 6) % 2 ? 1 / 1.2 : 1.2, WIDTH * 0.4, HEIGHT * 0.6);
      ms = ms_since (start) + wait_frame ();
      g_array_append_val (zoom, ms);
    }
  /* the sharp rebuild once the scale holds still */
  for (guint i = 0; i < SHARP_RUNS; i++)
    {
      gint64 start;
      double ms;

      ph_viewport_zoom_at (viewport, i % 2 ? 1 / 1.2 : 1.2, WIDTH * 0.4, HEIGHT * 0.6);
      wait_frame ();
      while (ph_map_view_get_zoom_settling (map_view))
        g_main_context_iteration (NULL, TRUE);
      start = g_get_monotonic_time ();
      wait_settled (map_view);
      ms = ms_since (start);
      g_array_append_val (sharp, ms);
    }

  /* Pans as a middle drag makes them, zoomed in */
  ph_viewport_zoom_at (viewport, 2.0, WIDTH / 2, HEIGHT / 2);
  while (ph_map_view_get_zoom_settling (map_view))
    g_main_context_iteration (NULL, TRUE);
  wait_settled (map_view);
  ph_map_view_begin_drag (map_view, GDK_BUTTON_MIDDLE, 0, WIDTH / 2, HEIGHT / 2);
  for (guint i = 0; i < PAN_FRAMES; i++)
    {
      gint64 start = g_get_monotonic_time ();
      int k = i % 60;
      double off = 12.0 * (k < 30 ? k + 1 : 61 - k);
      double ms;

      ph_map_view_update_drag (map_view, off, off / 2);
      ms = ms_since (start) + wait_frame ();
      g_array_append_val (pan, ms);
    }
  ph_map_view_end_drag (map_view, 0, 0);
  ph_map_view_fit (map_view);
  while (ph_map_view_get_zoom_settling (map_view))
    g_main_context_iteration (NULL, TRUE);
  wait_settled (map_view);

  /* The full frame: the terrain and the figures drawn anew, from the
   * change to the frame that shows them */
  for (guint i = 0; i < FULL_FRAMES; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double paint, ms;

      ph_map_view_invalidate_static (map_view);
      ph_map_view_invalidate_figures (map_view);
      paint = wait_frame ();
      while (ph_map_view_get_layers_busy (map_view))
        g_main_context_iteration (NULL, TRUE);
      wait_frame ();
      ms = ms_since (start);
      g_array_append_val (full, ms);
      g_array_append_val (full_paint, paint);
    }

  for (guint i = 0; i < RENDER_FRAMES; i++)
    {
      double ms = render_alone (surface, scenario, dragged->id);

      g_array_append_val (alone, ms);
    }

  printf ("  %-44s %8.2f ms  (median of %d)\n", "plain-cairo reference frame", ref, REFERENCE_FRAMES);
  print_line ("drag frame (handler + GTK's frame)", drag, ref,
              n_figures <= 300 ? "target: at most 2 ms" : NULL);
  print_line ("  of which GTK's frame (snapshot + paint)", drag_paint, ref, NULL);
  print_line ("zoom step (handler + frame, layers scaled)", zoom, ref,
              n_figures <= 300 ? "target: at most 2 ms" : NULL);
  print_line ("pan step (handler + frame)", pan, ref, NULL);
  print_line ("full frame (change to both layers shown)", full, ref,
              n_figures <= 300 ? "target: at most 16 ms" : "target: under 40 ms");
  print_line ("  of which the first frame (old layers)", full_paint, ref, NULL);
  print_line ("sharp layers after a zoom settles", sharp, ref, NULL);
  print_line ("renderer alone, whole map (no window)", alone, ref, NULL);

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  ph_scenario_unref (scenario);
}

int
main (int    argc,
      char **argv)
{
  cairo_surface_t *surface;

  setlocale (LC_ALL, "");
  if (!gtk_init_check ())
    {
      fprintf (stderr, "bench-render: no display (run it under xvfb-run)\n");
      return 77;
    }
  adw_init ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  printf ("renderer: %s (set GSK_RENDERER=cairo for the software path)\n",
          g_getenv ("GSK_RENDERER") ? g_getenv ("GSK_RENDERER") : "GTK's default");
  bench_scene (300, surface);
  bench_scene (1000, surface);
  cairo_surface_destroy (surface);
  return 0;
}
