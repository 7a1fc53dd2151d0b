/* test-render-threads.c: drawing off the main thread, as the window does
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window draws its layers in worker threads from copies of the
 * scenario (src/app/ph-map-view-layers.c). These check what that rests
 * on: a copy drawn in another thread while the original is changed and
 * freed draws what the original drew; the texture tiles kept across
 * calls (and threads) give the pixels a fresh tile gives; and the box
 * index that places a crowd's names answers as the walk over every box.
 */
#include <math.h>
#include <string.h>

#include "ph-render.h"
#include "ph-render-private.h"

#define WIDTH 900
#define HEIGHT 600

static PhScenario *
load_example (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("PH_DATA_DIR"), "scenarios", name, NULL);
  g_autoptr(GError) error = NULL;
  PhScenario *scenario = ph_scenario_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

/* The window's two layers, one over the other, as its worker draws them */
static cairo_surface_t *
draw_layers (const PhScenario *scenario,
             double            scale)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  PhRenderOptions opts;
  PhRenderView view;

  ph_render_view_init (&view, scale, 20, 15);
  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_CLOTH | PH_RENDER_TERRAIN | PH_RENDER_GRID | PH_RENDER_EDGE_LABELS;
  ph_render_static (cr, scenario, &view, &opts);
  opts.layers = PH_RENDER_FEATURE_NAMES | PH_RENDER_FIGURES | PH_RENDER_FIGURE_NAMES
                | PH_RENDER_STATUS;
  ph_render_dynamic (cr, scenario, &view, &opts);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static gboolean
same_pixels (cairo_surface_t *a,
             cairo_surface_t *b)
{
  int stride = cairo_image_surface_get_stride (a);

  g_assert_cmpint (stride, ==, cairo_image_surface_get_stride (b));
  return memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                 (gsize) stride * HEIGHT) == 0;
}

static gpointer
draw_in_thread (gpointer data)
{
  PhScenario *copy = data;

  return draw_layers (copy, 11.5);
}

/* A copy drawn in a worker while the original is changed under it and
 * let go: the worker draws what the original looked like, pixel for
 * pixel, and the original's changes never reach it */
static void
test_copy_in_thread (void)
{
  PhScenario *original = load_example ("musket-mayhem-fight-at-the-farmstead.xml");
  g_autoptr(PhScenario) copy = NULL;
  cairo_surface_t *expected, *drawn, *changed;
  GThread *thread;

  expected = draw_layers (original, 11.5);
  copy = ph_scenario_copy (original);
  thread = g_thread_new ("layer", draw_in_thread, copy);

  /* meanwhile: every figure moved and renamed, the terrain turned over */
  for (guint i = 0; i < original->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (original->figures, i);

      figure->x = 1;
      figure->y = 1;
      g_free (figure->name);
      figure->name = g_strdup ("Moved");
    }
  for (guint i = 0; i < original->features->len; i++)
    {
      PhFeature *feature = g_ptr_array_index (original->features, i);

      for (guint k = 0; k < feature->shape.n_points; k++)
        feature->shape.points[k].x += 3;
      feature->shape.centre.x += 3;
      ph_shape_update_bbox (&feature->shape);
    }
  g_ptr_array_set_size (original->features, original->features->len / 2);
  ph_scenario_reindex (original);
  changed = draw_layers (original, 11.5);
  ph_scenario_unref (original);

  drawn = g_thread_join (thread);
  g_assert_true (same_pixels (drawn, expected));
  /* (and the change did show, where it was drawn) */
  g_assert_false (same_pixels (changed, expected));
  cairo_surface_destroy (expected);
  cairo_surface_destroy (drawn);
  cairo_surface_destroy (changed);
}

/* The tiles are kept per scale: the terrain drawn again at a scale drawn
 * before draws no tile, and comes out the same; a new scale draws them */
static void
test_tiles_kept (void)
{
  g_autoptr(PhScenario) scenario = load_example ("musket-mayhem-fight-at-the-farmstead.xml");
  cairo_surface_t *first, *again;
  guint drawn;

  /* a scale nothing else in this program draws at */
  first = draw_layers (scenario, 13.25);
  drawn = ph_render_texture_tiles_drawn ();
  g_assert_cmpuint (drawn, >, 0);
  again = draw_layers (scenario, 13.25);
  g_assert_cmpuint (ph_render_texture_tiles_drawn (), ==, drawn);
  g_assert_true (same_pixels (first, again));
  cairo_surface_destroy (again);

  again = draw_layers (scenario, 13.5);
  g_assert_cmpuint (ph_render_texture_tiles_drawn (), >, drawn);
  cairo_surface_destroy (again);
  cairo_surface_destroy (first);
}

/* Two threads drawing at once, each at a scale of its own and then at
 * the other's: the same pixels as one thread alone */
static gpointer
draw_both (gpointer data)
{
  PhScenario *copy = data;
  cairo_surface_t *a = draw_layers (copy, 9.75);
  cairo_surface_t *b = draw_layers (copy, 10.25);

  cairo_surface_destroy (a);
  return b;
}

static void
test_tiles_two_threads (void)
{
  g_autoptr(PhScenario) scenario = load_example ("firelock-bloody-run-1758.xml");
  g_autoptr(PhScenario) copy = ph_scenario_copy (scenario);
  GThread *thread = g_thread_new ("layer", draw_both, copy);
  cairo_surface_t *mine = draw_layers (scenario, 10.25);
  cairo_surface_t *theirs = g_thread_join (thread);

  g_assert_true (same_pixels (mine, theirs));
  cairo_surface_destroy (mine);
  cairo_surface_destroy (theirs);
}

static void
random_box (GRand  *rand,
            PhRect *box)
{
  double x = g_rand_double_range (rand, -300, 2000);
  double y = g_rand_double_range (rand, -300, 1200);
  int kind = g_rand_int_range (rand, 0, 20);

  /* on whole numbers often, so that boxes touch edge to edge */
  if (kind < 8)
    {
      x = round (x / 16) * 16;
      y = round (y / 16) * 16;
    }
  box->x0 = x;
  box->y0 = y;
  box->x1 = x + (kind < 8 ? 16 * g_rand_int_range (rand, 0, 4) : g_rand_double_range (rand, 0, 90));
  box->y1 = y + (kind < 8 ? 16 * g_rand_int_range (rand, 0, 3) : g_rand_double_range (rand, 0, 30));
  if (kind == 18)
    box->x1 = x + 50000;        /* wider than the index's cells */
  if (kind == 19)
    box->y0 = NAN;              /* meets nothing */
}

static void
test_box_set (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1758);
  g_autoptr(PhBoxSet) set = ph_box_set_new ();
  g_autoptr(GArray) walk = g_array_new (FALSE, FALSE, sizeof (PhRect));
  guint n_free = 0, n_taken = 0;

  for (guint i = 0; i < 3000; i++)
    {
      PhRect box;
      gboolean free_walk, free_set;

      random_box (rand, &box);
      free_walk = ph_render_box_free (walk, &box);
      free_set = ph_box_set_free_at (set, &box);
      g_assert_cmpint (free_walk, ==, free_set);
      if (free_walk)
        n_free++;
      else
        n_taken++;
      /* the labels placed: every free one, and some that were not */
      if (free_walk || i % 7 == 0)
        {
          g_array_append_val (walk, box);
          ph_box_set_add (set, &box);
        }
    }
  /* both answers were asked often */
  g_assert_cmpuint (n_free, >, 200);
  g_assert_cmpuint (n_taken, >, 200);
  g_assert_cmpuint (ph_box_set_get_boxes (set)->len, ==, walk->len);

  /* touching counts, as for ph_rect_intersects() */
  {
    g_autoptr(PhBoxSet) two = ph_box_set_new ();
    PhRect a = { 0, 0, 48, 48 }, b = { 48, 10, 60, 20 }, c = { 48.001, 10, 60, 20 };

    ph_box_set_add (two, &a);
    g_assert_false (ph_box_set_free_at (two, &b));
    g_assert_true (ph_box_set_free_at (two, &c));
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/render/threads/copy-in-thread", test_copy_in_thread);
  g_test_add_func ("/render/threads/tiles-kept", test_tiles_kept);
  g_test_add_func ("/render/threads/tiles-two-threads", test_tiles_two_threads);
  g_test_add_func ("/render/threads/box-set", test_box_set);
  return g_test_run ();
}
