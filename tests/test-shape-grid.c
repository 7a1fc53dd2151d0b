/* test-shape-grid.c: the grid over shapes finds what looking at every
 * shape finds
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Random polygons (some crossing themselves), polylines and circles, and
 * random segments, boxes and points, from a fixed seed; coordinates are
 * often snapped to half units so that segments run along edges, touch
 * vertices and end on outlines, where a margin too thin would lose them.
 */
#include <math.h>
#include <string.h>

#include "ph-core.h"
#include "ph-shape-grid.h"

#define SEED 1758
#define N_SHAPES 120
#define N_QUERIES 2500
#define TABLE 60.0

static double
coordinate (GRand *rand)
{
  double v = g_rand_double_range (rand, 0, TABLE);

  /* half the time on the half-unit lattice */
  return g_rand_boolean (rand) ? round (v * 2) / 2 : v;
}

static PhPoint
random_point (GRand *rand)
{
  return (PhPoint) { coordinate (rand), coordinate (rand) };
}

static void
random_shape (GRand   *rand,
              PhShape *shape)
{
  PhPoint c = random_point (rand);
  guint kind = g_rand_int_range (rand, 0, 4);
  guint n;

  memset (shape, 0, sizeof *shape);
  switch (kind)
    {
    case 0: /* a ring around a centre */
      n = g_rand_int_range (rand, 3, 40);
      shape->kind = PH_SHAPE_POLYGON;
      shape->points = g_new (PhPoint, n);
      shape->n_points = n;
      for (guint i = 0; i < n; i++)
        {
          double a = 2 * G_PI * i / n, r = g_rand_double_range (rand, 1, 6);

          shape->points[i] = (PhPoint) { c.x + r * cos (a), c.y + r * sin (a) };
        }
      break;
    case 1: /* any points at all: may cross itself */
      n = g_rand_int_range (rand, 3, 9);
      shape->kind = PH_SHAPE_POLYGON;
      shape->points = g_new (PhPoint, n);
      shape->n_points = n;
      for (guint i = 0; i < n; i++)
        shape->points[i] = (PhPoint) { c.x + round (g_rand_double_range (rand, -8, 8) * 2) / 2,
                                       c.y + round (g_rand_double_range (rand, -8, 8) * 2) / 2 };
      break;
    case 2: /* a polyline, sometimes long */
      n = g_rand_int_range (rand, 2, 12);
      shape->kind = PH_SHAPE_POLYLINE;
      shape->points = g_new (PhPoint, n);
      shape->n_points = n;
      shape->line_width = 0.25;
      shape->points[0] = c;
      for (guint i = 1; i < n; i++)
        shape->points[i] = g_rand_int_range (rand, 0, 6) == 0
                           ? random_point (rand)
                           : (PhPoint) { shape->points[i - 1].x + g_rand_double_range (rand, -4, 4),
                                         shape->points[i - 1].y + g_rand_double_range (rand, -4, 4) };
      break;
    default:
      shape->kind = PH_SHAPE_CIRCLE;
      shape->centre = c;
      shape->radius = g_rand_int_range (rand, 0, 4) == 0 ? 0.5 : g_rand_double_range (rand, 0.2, 5);
      break;
    }
  ph_shape_update_bbox (shape);
}

/* A segment: random, from or along a shape's vertices, or of no length */
static PhSegment
random_segment (GRand   *rand,
                PhShape *shapes)
{
  PhSegment s = { random_point (rand), random_point (rand) };
  const PhShape *shape = &shapes[g_rand_int_range (rand, 0, N_SHAPES)];

  switch (g_rand_int_range (rand, 0, 5))
    {
    case 0:
      if (shape->n_points > 0)
        s.a = shape->points[g_rand_int_range (rand, 0, shape->n_points)];
      break;
    case 1:
      if (shape->n_points > 1)
        {
          /* along an edge, beyond it both ways */
          guint i = g_rand_int_range (rand, 0, shape->n_points - 1);
          PhPoint p = shape->points[i], q = shape->points[i + 1];

          s.a = (PhPoint) { p.x - (q.x - p.x), p.y - (q.y - p.y) };
          s.b = (PhPoint) { q.x + (q.x - p.x), q.y + (q.y - p.y) };
        }
      break;
    case 2:
      s.b = s.a;
      break;
    case 3:
      /* short */
      s.b = (PhPoint) { s.a.x + g_rand_double_range (rand, -3, 3),
                        s.a.y + g_rand_double_range (rand, -3, 3) };
      break;
    default:
      break;
    }
  return s;
}

/* The brute force: the shape's outline (or a circle's disc) comes within
 * PH_EPSILON of the segment */
static gboolean
outline_near (const PhShape *shape,
              PhSegment      s)
{
  guint n = shape->n_points;

  if (shape->kind == PH_SHAPE_CIRCLE)
    return ph_segment_point_distance (s, shape->centre) <= shape->radius + 1e-9;
  for (guint i = 0; i + 1 < n; i++)
    if (ph_segment_segment_distance (s, (PhSegment) { shape->points[i], shape->points[i + 1] }) <= 1e-9)
      return TRUE;
  if (shape->kind == PH_SHAPE_POLYGON && n >= 2
      && ph_segment_segment_distance (s, (PhSegment) { shape->points[n - 1], shape->points[0] }) <= 1e-9)
    return TRUE;
  return FALSE;
}

static gboolean
outline_near_rect (const PhShape *shape,
                   const PhRect  *r)
{
  PhPoint corner[4] = { { r->x0, r->y0 }, { r->x1, r->y0 }, { r->x1, r->y1 }, { r->x0, r->y1 } };
  PhShape box = { .kind = PH_SHAPE_POLYGON, .points = corner, .n_points = 4 };
  guint n = shape->n_points;

  if (shape->kind == PH_SHAPE_CIRCLE)
    return ph_shape_point_distance (&box, shape->centre) <= shape->radius + 1e-9;
  for (guint i = 0; i < n; i++)
    if (ph_shape_point_distance (&box, shape->points[i]) <= 1e-9)
      return TRUE;
  for (guint i = 0; i < 4; i++)
    if (outline_near (shape, (PhSegment) { corner[i], corner[(i + 1) % 4] }))
      return TRUE;
  return FALSE;
}

static gboolean
has (GArray *found,
     guint   index)
{
  for (guint k = 0; k < found->len; k++)
    if (g_array_index (found, guint, k) == index)
      return TRUE;
  return FALSE;
}

static void
assert_increasing (GArray *found)
{
  for (guint k = 1; k < found->len; k++)
    g_assert_cmpuint (g_array_index (found, guint, k - 1), <, g_array_index (found, guint, k));
}

typedef struct
{
  GArray *walked;
} WalkData;

static gboolean
collect (guint    index,
         gpointer data)
{
  WalkData *w = data;

  g_array_append_val (w->walked, index);
  return TRUE;
}

static void
test_grid_against_brute_force (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (SEED);
  PhShape shapes[N_SHAPES];
  const PhShape *list[N_SHAPES];
  g_autoptr(PhShapeGrid) grid = NULL;
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) walked = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n_near = 0, n_found = 0, n_crossings = 0, n_blocking = 0;

  for (guint i = 0; i < N_SHAPES; i++)
    {
      random_shape (rand, &shapes[i]);
      list[i] = &shapes[i];
    }
  grid = ph_shape_grid_new (list, N_SHAPES);
  g_assert_cmpuint (ph_shape_grid_get_n_shapes (grid), ==, N_SHAPES);

  for (guint q = 0; q < N_QUERIES; q++)
    {
      PhSegment s = random_segment (rand, shapes);
      WalkData w = { walked };

      g_array_set_size (found, 0);
      ph_shape_grid_query_segment (grid, s, found);
      assert_increasing (found);
      n_found += found->len;

      g_array_set_size (walked, 0);
      g_assert_true (ph_shape_grid_walk_segment (grid, s, collect, &w));
      g_assert_cmpuint (walked->len, ==, found->len);
      for (guint k = 0; k < walked->len; k++)
        g_assert_true (has (found, g_array_index (walked, guint, k)));

      for (guint i = 0; i < N_SHAPES; i++)
        {
          gboolean near = outline_near (&shapes[i], s);
          gboolean crosses = shapes[i].kind != PH_SHAPE_CIRCLE
                             && ph_polyline_crossings (s, &shapes[i], FALSE, NULL) > 0;
          gboolean blocks = ph_segment_meets_interior (s, &shapes[i])
                            && !ph_shape_contains_point (&shapes[i], s.a)
                            && !ph_shape_contains_point (&shapes[i], s.b);

          n_near += near;
          n_crossings += crosses;
          n_blocking += blocks;
          if (near || crosses || blocks)
            {
              if (!has (found, i))
                g_error ("segment (%.17g,%.17g)-(%.17g,%.17g) meets shape %u, which the grid misses",
                         s.a.x, s.a.y, s.b.x, s.b.y, i);
            }
        }
    }
  /* the queries did meet things, and the grid did leave most shapes out */
  g_assert_cmpuint (n_crossings, >, N_QUERIES);
  g_assert_cmpuint (n_blocking, >, N_QUERIES / 4);
  g_assert_cmpuint (n_found, <, N_QUERIES * N_SHAPES / 4);
  g_assert_cmpuint (n_found, >=, n_near);

  for (guint i = 0; i < N_SHAPES; i++)
    ph_shape_clear (&shapes[i]);
}

static void
test_grid_rect_and_point (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (SEED + 1);
  PhShape shapes[N_SHAPES];
  const PhShape *list[N_SHAPES];
  g_autoptr(PhShapeGrid) grid = NULL;
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n_holding = 0, n_touching = 0;

  for (guint i = 0; i < N_SHAPES; i++)
    {
      random_shape (rand, &shapes[i]);
      list[i] = &shapes[i];
    }
  grid = ph_shape_grid_new (list, N_SHAPES);

  for (guint q = 0; q < N_QUERIES; q++)
    {
      PhPoint p = random_point (rand);
      double h = g_rand_double_range (rand, 0, 3);
      PhRect box = { p.x - h, p.y - h, p.x + h, p.y + h };

      /* points on vertices too */
      if (q % 3 == 0 && shapes[q % N_SHAPES].n_points > 0)
        p = shapes[q % N_SHAPES].points[0];

      g_array_set_size (found, 0);
      ph_shape_grid_query_point (grid, p, found);
      assert_increasing (found);
      for (guint i = 0; i < N_SHAPES; i++)
        if (ph_shape_contains_point (&shapes[i], p))
          {
            n_holding++;
            g_assert_true (has (found, i));
          }
      for (guint k = 0; k < found->len; k++)
        g_assert_cmpint (shapes[g_array_index (found, guint, k)].kind, !=, PH_SHAPE_POLYLINE);

      g_array_set_size (found, 0);
      ph_shape_grid_query_rect (grid, &box, found);
      assert_increasing (found);
      for (guint i = 0; i < N_SHAPES; i++)
        if (outline_near_rect (&shapes[i], &box))
          {
            n_touching++;
            g_assert_true (has (found, i));
          }
    }
  g_assert_cmpuint (n_holding, >, N_QUERIES / 4);
  g_assert_cmpuint (n_touching, >, N_QUERIES / 4);

  for (guint i = 0; i < N_SHAPES; i++)
    ph_shape_clear (&shapes[i]);
}

static void
test_grid_degenerate (void)
{
  PhPoint line[2] = { { 5, 5 }, { 15, 5 } };
  PhShape flat = { .kind = PH_SHAPE_POLYLINE, .points = line, .n_points = 2 };
  PhPoint dot[1] = { { 3, 3 } };
  PhShape single = { .kind = PH_SHAPE_POLYLINE, .points = dot, .n_points = 1 };
  const PhShape *list[3] = { &flat, NULL, &single };
  g_autoptr(PhShapeGrid) empty = ph_shape_grid_new (NULL, 0);
  g_autoptr(PhShapeGrid) grid = ph_shape_grid_new (list, 3);
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (guint));
  PhSegment across = { { 10, 0 }, { 10, 10 } };
  PhSegment far = { { 100, 100 }, { 200, 100 } };

  /* no shapes: nothing found, anywhere */
  ph_shape_grid_query_segment (empty, across, found);
  g_assert_cmpuint (found->len, ==, 0);

  /* a grid of no height still finds its line; NULL shapes never */
  ph_shape_grid_query_segment (grid, across, found);
  g_assert_cmpuint (found->len, ==, 1);
  g_assert_cmpuint (g_array_index (found, guint, 0), ==, 0);
  g_array_set_size (found, 0);
  ph_shape_grid_query_segment (grid, (PhSegment) { { 0, 0 }, { 6, 6 } }, found);
  g_assert_cmpuint (found->len, ==, 2);
  g_assert_cmpuint (g_array_index (found, guint, 1), ==, 2);
  /* outside the grid: clamped, and harmless */
  g_array_set_size (found, 0);
  ph_shape_grid_query_segment (grid, far, found);
  g_assert_false (has (found, 1));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/shape-grid/brute-force", test_grid_against_brute_force);
  g_test_add_func ("/shape-grid/rect-and-point", test_grid_rect_and_point);
  g_test_add_func ("/shape-grid/degenerate", test_grid_degenerate);
  return g_test_run ();
}
