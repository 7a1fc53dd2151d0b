/* bench-render.c: how long the map takes to draw at 1920x1080
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run on demand, never by `meson test`:
 *   ninja -C build tests/bench/bench-render && ./build/tests/bench/bench-render
 *
 * The scene of the window issue: 300 figures and 200 terrain features on a
 * 72 x 48 inch table fitted to 1920 x 1080, one figure selected with its
 * range rings and fire arc. It prints the median time of
 *  - a full frame: cloth, grid, terrain, figures and overlays drawn from
 *    nothing (what the window does when the zoom changes), and
 *  - a drag frame: the cached static layer (cloth, grid, terrain) painted
 *    from a surface, then the figures and overlays with one figure moved
 *    (what the window does on every motion event of a drag).
 */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "bench-scene.h"
#include "../ph-test-ruleset.h"
#include "ph-render.h"

#define WIDTH 1920
#define HEIGHT 1080
#define FULL_FRAMES 40
#define DRAG_FRAMES 200

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
elapsed_ms (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) scenario = NULL;
  g_autofree char *xml = NULL;
  g_autoptr(GArray) full = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) drag = g_array_new (FALSE, FALSE, sizeof (double));
  const char *selected[] = { NULL, NULL };
  PhRenderOptions opts;
  PhRenderView view;
  cairo_surface_t *frame, *cache;
  PhFigure *dragged;
  double x0;

  setlocale (LC_ALL, "");

  xml = ph_bench_make_scenario (ph_test_ruleset ("musket-mayhem"), 300, 200, 72, 48);
  scenario = ph_scenario_load_data (xml, strlen (xml), "bench.xml", &error);
  if (scenario == NULL)
    g_error ("%s", error->message);

  dragged = g_ptr_array_index (scenario->figures, 0);
  selected[0] = dragged->id;
  ph_render_options_init (&opts);
  opts.selected = selected;
  opts.rings_figure = dragged->id;

  ph_render_view_fit (&view, &scenario->table, WIDTH, HEIGHT, ph_render_margin (20));
  frame = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cache = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);

  for (guint i = 0; i < FULL_FRAMES; i++)
    {
      gint64 start = g_get_monotonic_time ();
      cairo_t *cr = cairo_create (frame);
      double ms;

      ph_render_map (cr, scenario, &view, &opts);
      cairo_destroy (cr);
      cairo_surface_flush (frame);
      ms = elapsed_ms (start);
      g_array_append_val (full, ms);
    }

  /* The static layer is drawn once into the cache... */
  {
    cairo_t *cr = cairo_create (cache);

    ph_render_static (cr, scenario, &view, &opts);
    cairo_destroy (cr);
  }

  /* ...and every drag frame paints it and draws what moves. */
  x0 = dragged->x;
  for (guint i = 0; i < DRAG_FRAMES; i++)
    {
      gint64 start = g_get_monotonic_time ();
      cairo_t *cr = cairo_create (frame);
      double ms;

      dragged->x = x0 + 0.1 * (i % 50);
      cairo_set_source_surface (cr, cache, 0, 0);
      cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
      cairo_paint (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
      ph_render_dynamic (cr, scenario, &view, &opts);
      cairo_destroy (cr);
      cairo_surface_flush (frame);
      ms = elapsed_ms (start);
      g_array_append_val (drag, ms);
    }

  printf ("scene: %u figures, %u terrain features, %dx%d, %.1f px per inch\n",
          scenario->figures->len, scenario->features->len, WIDTH, HEIGHT, view.scale);
  printf ("full frame: median %.2f ms over %d frames\n", median_ms (full), FULL_FRAMES);
  printf ("drag frame: median %.2f ms over %d frames (target: under 8 ms)\n",
          median_ms (drag), DRAG_FRAMES);

  if (argc > 1)
    {
      /* bench-render OUT.png: keep the last frame to look at */
      cairo_surface_write_to_png (frame, argv[1]);
    }

  cairo_surface_destroy (frame);
  cairo_surface_destroy (cache);
  return 0;
}
