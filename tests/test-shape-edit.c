/* test-shape-edit.c: the shape changes the terrain tools make
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "ph-shape-edit.h"

#define assert_point(p, px, py) G_STMT_START {        \
    g_assert_cmpfloat_with_epsilon ((p).x, (px), 1e-9); \
    g_assert_cmpfloat_with_epsilon ((p).y, (py), 1e-9); \
  } G_STMT_END

static void
test_rect (void)
{
  PhShape s;

  /* corners given bottom-right first still make a clockwise rectangle */
  ph_shape_init_rect (&s, (PhPoint) { 6, 5 }, (PhPoint) { 2, 1 });
  g_assert_cmpint (s.kind, ==, PH_SHAPE_POLYGON);
  g_assert_cmpuint (s.n_points, ==, 4);
  assert_point (s.points[0], 2, 1);
  assert_point (s.points[1], 6, 1);
  assert_point (s.points[2], 6, 5);
  assert_point (s.points[3], 2, 5);
  g_assert_cmpfloat (s.bbox.x0, ==, 2);
  g_assert_cmpfloat (s.bbox.y1, ==, 5);
  assert_point (ph_shape_get_centre (&s), 4, 3);
  /* a clockwise ring on a y-down table has positive signed area here */
  g_assert_cmpfloat (fabs (ph_polygon_area (s.points, 4)), ==, 16);
  ph_shape_clear (&s);
}

static void
test_translate_rotate (void)
{
  PhShape s;

  ph_shape_init_rect (&s, (PhPoint) { 0, 0 }, (PhPoint) { 4, 2 });
  ph_shape_translate (&s, 10, 20);
  assert_point (s.points[0], 10, 20);
  assert_point (s.points[2], 14, 22);

  /* a quarter turn clockwise about the centre (12, 21): the 4 x 2 box
   * stands 2 x 4, its top-left corner now top-right */
  ph_shape_rotate (&s, ph_shape_get_centre (&s), 90);
  assert_point (s.points[0], 13, 19);
  assert_point (s.points[1], 13, 23);
  assert_point (s.points[2], 11, 23);
  assert_point (s.points[3], 11, 19);
  g_assert_cmpfloat_with_epsilon (s.bbox.x1 - s.bbox.x0, 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.bbox.y1 - s.bbox.y0, 4, 1e-9);
  ph_shape_clear (&s);

  /* a circle turns about a pivot away from its centre */
  ph_shape_init_circle (&s, (PhPoint) { 5, 0 }, 1);
  ph_shape_rotate (&s, (PhPoint) { 0, 0 }, 180);
  assert_point (s.centre, -5, 0);
  g_assert_cmpfloat (s.radius, ==, 1);
  ph_shape_clear (&s);
}

static void
test_fit_rect (void)
{
  PhShape s;
  PhRect from, to = { 0, 0, 8, 3 };

  ph_shape_init_rect (&s, (PhPoint) { 1, 1 }, (PhPoint) { 3, 2 });
  from = s.bbox;
  g_assert_true (ph_shape_fit_rect (&s, &from, &to));
  assert_point (s.points[0], 0, 0);
  assert_point (s.points[2], 8, 3);
  /* no area: refused, unchanged */
  to = (PhRect) { 1, 1, 1, 5 };
  from = s.bbox;
  g_assert_false (ph_shape_fit_rect (&s, &from, &to));
  assert_point (s.points[2], 8, 3);
  ph_shape_clear (&s);

  ph_shape_init_circle (&s, (PhPoint) { 0, 0 }, 2);
  from = s.bbox;
  to = (PhRect) { 10, 10, 16, 20 };
  g_assert_true (ph_shape_fit_rect (&s, &from, &to));
  assert_point (s.centre, 13, 15);
  g_assert_cmpfloat (s.radius, ==, 3);
  ph_shape_clear (&s);
}

static void
test_vertices (void)
{
  PhShape s;
  PhPoint line[2] = { { 0, 0 }, { 10, 0 } };
  int edge;

  ph_shape_init_rect (&s, (PhPoint) { 0, 0 }, (PhPoint) { 4, 4 });
  g_assert_cmpint (ph_shape_find_vertex (&s, (PhPoint) { 4.1, 3.9 }, 0.5), ==, 2);
  g_assert_cmpint (ph_shape_find_vertex (&s, (PhPoint) { 2, 2 }, 0.5), ==, -1);

  /* the polygon's closing edge (3 -> 0) has its midpoint at (0, 2) */
  edge = ph_shape_find_edge_midpoint (&s, (PhPoint) { 0.2, 2 }, 0.5);
  g_assert_cmpint (edge, ==, 3);
  g_assert_true (ph_shape_insert_vertex (&s, edge, (PhPoint) { -1, 2 }));
  g_assert_cmpuint (s.n_points, ==, 5);
  assert_point (s.points[4], -1, 2);
  g_assert_cmpfloat (s.bbox.x0, ==, -1);

  ph_shape_move_vertex (&s, 1, (PhPoint) { 6, -1 });
  assert_point (s.points[1], 6, -1);
  g_assert_cmpfloat (s.bbox.x1, ==, 6);

  g_assert_true (ph_shape_delete_vertex (&s, 4));
  g_assert_true (ph_shape_delete_vertex (&s, 0));
  g_assert_cmpuint (s.n_points, ==, 3);
  /* a polygon keeps 3 points */
  g_assert_false (ph_shape_delete_vertex (&s, 0));
  g_assert_cmpuint (s.n_points, ==, 3);
  assert_point (s.points[0], 6, -1);
  ph_shape_clear (&s);

  /* a polyline keeps 2, and has no closing edge */
  ph_shape_init_points (&s, PH_SHAPE_POLYLINE, line, 2);
  g_assert_cmpint (ph_shape_find_edge_midpoint (&s, (PhPoint) { 5, 0 }, 0.5), ==, 0);
  g_assert_false (ph_shape_insert_vertex (&s, 1, (PhPoint) { 0, 5 }));
  g_assert_false (ph_shape_delete_vertex (&s, 1));
  g_assert_true (ph_shape_insert_vertex (&s, 0, (PhPoint) { 5, 3 }));
  assert_point (s.points[1], 5, 3);
  assert_point (s.points[2], 10, 0);
  g_assert_true (ph_shape_delete_vertex (&s, 1));
  assert_point (s.points[1], 10, 0);
  ph_shape_clear (&s);
}

static void
test_round_equal (void)
{
  PhShape a, b;

  ph_shape_init_rect (&a, (PhPoint) { 1.004, 2.0049 }, (PhPoint) { 3.1251, 4 });
  ph_shape_init_rect (&b, (PhPoint) { 1, 2 }, (PhPoint) { 3.13, 4 });
  g_assert_false (ph_shape_equal (&a, &b));
  ph_shape_round (&a);
  assert_point (a.points[0], 1, 2);
  assert_point (a.points[2], 3.13, 4);
  g_assert_true (ph_shape_equal (&a, &b));
  ph_shape_clear (&a);
  ph_shape_clear (&b);

  /* a circle keeps a radius */
  ph_shape_init_circle (&a, (PhPoint) { 0.333, 0 }, 0.001);
  ph_shape_round (&a);
  assert_point (a.centre, 0.33, 0);
  g_assert_cmpfloat (a.radius, ==, 0.01);
  ph_shape_clear (&a);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/shape-edit/rect", test_rect);
  g_test_add_func ("/shape-edit/translate-rotate", test_translate_rotate);
  g_test_add_func ("/shape-edit/fit-rect", test_fit_rect);
  g_test_add_func ("/shape-edit/vertices", test_vertices);
  g_test_add_func ("/shape-edit/round-equal", test_round_equal);

  return g_test_run ();
}
