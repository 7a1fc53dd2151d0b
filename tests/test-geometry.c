/* test-geometry.c: plane geometry for the table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "ph-geometry.h"

#define EPS 1e-9

#define P(x, y) ((PhPoint) { (x), (y) })
#define SEG(ax, ay, bx, by) ((PhSegment) { P (ax, ay), P (bx, by) })

#define assert_point(p, ex, ey) \
  G_STMT_START { \
    PhPoint p_ = (p); \
    g_assert_cmpfloat_with_epsilon (p_.x, (ex), EPS); \
    g_assert_cmpfloat_with_epsilon (p_.y, (ey), EPS); \
  } G_STMT_END

/* The unit square, clockwise on the screen. */
static const PhPoint square_points[] = {
  { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 },
};

/* An L: the unit square at (1,1) is cut out of a 2x2 square, so (1,1) is a
 * reflex vertex. */
static const PhPoint ell_points[] = {
  { 0, 0 }, { 2, 0 }, { 2, 1 }, { 1, 1 }, { 1, 2 }, { 0, 2 },
};

/* The fence of the scenario-format example. */
static const PhPoint fence_points[] = {
  { 20, 30 }, { 20, 40 }, { 28, 40 },
};

static PhShape
polygon (const PhPoint *points,
         guint          n_points)
{
  PhShape shape = { 0 };

  shape.kind = PH_SHAPE_POLYGON;
  shape.points = g_memdup2 (points, n_points * sizeof (PhPoint));
  shape.n_points = n_points;
  ph_shape_update_bbox (&shape);
  return shape;
}

static PhShape
polyline (const PhPoint *points,
          guint          n_points)
{
  PhShape shape = polygon (points, n_points);

  shape.kind = PH_SHAPE_POLYLINE;
  ph_shape_update_bbox (&shape);
  return shape;
}

static PhShape
circle (double x,
        double y,
        double r)
{
  PhShape shape = { 0 };

  shape.kind = PH_SHAPE_CIRCLE;
  shape.centre = P (x, y);
  shape.radius = r;
  ph_shape_update_bbox (&shape);
  return shape;
}

/* Points and angles */

static void
test_point_distance (void)
{
  g_assert_cmpfloat (ph_point_distance (P (0, 0), P (3, 4)), ==, 5.0);
  g_assert_cmpfloat (ph_point_distance (P (-1, -1), P (-1, -1)), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (ph_point_distance (P (1, 1), P (2, 2)), G_SQRT2, EPS);
}

static void
test_angle_normalize (void)
{
  g_assert_cmpfloat (ph_angle_normalize (0), ==, 0);
  g_assert_cmpfloat (ph_angle_normalize (360), ==, 0);
  g_assert_cmpfloat (ph_angle_normalize (-90), ==, 270);
  g_assert_cmpfloat (ph_angle_normalize (725), ==, 5);
  g_assert_cmpfloat (ph_angle_normalize (-720), ==, 0);
  g_assert_cmpfloat (ph_angle_normalize (359.5), ==, 359.5);
  /* Tiny negative angles must not come back as 360. */
  g_assert_cmpfloat (ph_angle_normalize (-1e-17), <, 360.0);
  g_assert_cmpfloat (ph_angle_normalize (-1e-17), >=, 0.0);
}

static void
test_bearing (void)
{
  PhPoint o = P (5, 5);

  g_assert_cmpfloat_with_epsilon (ph_bearing (o, P (5, 1)), 0, EPS);   /* up */
  g_assert_cmpfloat_with_epsilon (ph_bearing (o, P (9, 5)), 90, EPS);  /* right */
  g_assert_cmpfloat_with_epsilon (ph_bearing (o, P (5, 9)), 180, EPS); /* down */
  g_assert_cmpfloat_with_epsilon (ph_bearing (o, P (1, 5)), 270, EPS); /* left */
  g_assert_cmpfloat_with_epsilon (ph_bearing (o, P (6, 4)), 45, EPS);
  g_assert_cmpfloat_with_epsilon (ph_bearing (o, P (6, 6)), 135, EPS);
  g_assert_cmpfloat_with_epsilon (ph_bearing (o, P (4, 6)), 225, EPS);
  g_assert_cmpfloat_with_epsilon (ph_bearing (o, P (4, 4)), 315, EPS);
  g_assert_cmpfloat (ph_bearing (o, o), ==, 0);
}

static void
test_angle_difference (void)
{
  g_assert_cmpfloat_with_epsilon (ph_angle_difference (10, 350), 20, EPS);
  g_assert_cmpfloat_with_epsilon (ph_angle_difference (350, 10), 20, EPS);
  g_assert_cmpfloat_with_epsilon (ph_angle_difference (0, 180), 180, EPS);
  g_assert_cmpfloat_with_epsilon (ph_angle_difference (90, 90), 0, EPS);
  g_assert_cmpfloat_with_epsilon (ph_angle_difference (-30, 30), 60, EPS);
  g_assert_cmpfloat_with_epsilon (ph_angle_difference (45, 720 + 90), 45, EPS);
  g_assert_cmpfloat_with_epsilon (ph_angle_difference (0, 270), 90, EPS);
}

static void
test_from_bearing (void)
{
  /* Axis directions are exact. */
  PhPoint right = ph_point_from_bearing (P (1, 1), 90, 2);
  PhPoint up = ph_point_from_bearing (P (1, 1), 0, 2);
  PhPoint down = ph_point_from_bearing (P (1, 1), -180, 2);

  g_assert_cmpfloat (right.x, ==, 3);
  g_assert_cmpfloat (right.y, ==, 1);
  g_assert_cmpfloat (up.x, ==, 1);
  g_assert_cmpfloat (up.y, ==, -1);
  g_assert_cmpfloat (down.x, ==, 1);
  g_assert_cmpfloat (down.y, ==, 3);
  assert_point (ph_point_from_bearing (P (1, 1), 45, G_SQRT2), 2, 0);
  assert_point (ph_point_from_bearing (P (1, 1), 270, 0.5), 0.5, 1);

  /* And back. */
  for (double b = 0; b < 360; b += 7.5)
    {
      PhPoint p = ph_point_from_bearing (P (3, -2), b, 4);

      g_assert_cmpfloat_with_epsilon (ph_bearing (P (3, -2), p), b, 1e-9);
      g_assert_cmpfloat_with_epsilon (ph_point_distance (P (3, -2), p), 4, EPS);
    }
}

/* Segments */

static void
test_segment_point_distance (void)
{
  PhSegment s = SEG (0, 0, 4, 0);

  g_assert_cmpfloat_with_epsilon (ph_segment_point_distance (s, P (2, 3)), 3, EPS);
  g_assert_cmpfloat_with_epsilon (ph_segment_point_distance (s, P (2, -3)), 3, EPS);
  g_assert_cmpfloat_with_epsilon (ph_segment_point_distance (s, P (7, 4)), 5, EPS);
  g_assert_cmpfloat_with_epsilon (ph_segment_point_distance (s, P (-3, -4)), 5, EPS);
  g_assert_cmpfloat (ph_segment_point_distance (s, P (1, 0)), ==, 0);
  g_assert_cmpfloat (ph_segment_point_distance (s, P (4, 0)), ==, 0);
  /* A segment of zero length is a point. */
  g_assert_cmpfloat_with_epsilon (ph_segment_point_distance (SEG (1, 1, 1, 1), P (4, 5)), 5, EPS);
}

static void
test_segment_segment_distance (void)
{
  /* Parallel, 2 apart. */
  g_assert_cmpfloat_with_epsilon (ph_segment_segment_distance (SEG (0, 0, 4, 0), SEG (1, 2, 3, 2)), 2, EPS);
  /* Crossing. */
  g_assert_cmpfloat (ph_segment_segment_distance (SEG (0, 0, 4, 4), SEG (0, 4, 4, 0)), ==, 0);
  /* Touching at an end. */
  g_assert_cmpfloat (ph_segment_segment_distance (SEG (0, 0, 4, 0), SEG (4, 0, 4, 3)), ==, 0);
  /* A T that does not reach: from (2,1) to the segment is 1. */
  g_assert_cmpfloat_with_epsilon (ph_segment_segment_distance (SEG (0, 0, 4, 0), SEG (2, 1, 2, 5)), 1, EPS);
  /* Collinear with a gap of 2. */
  g_assert_cmpfloat_with_epsilon (ph_segment_segment_distance (SEG (0, 0, 1, 0), SEG (3, 0, 5, 0)), 2, EPS);
  /* Skew: end to end, (1,1) to (4,5). */
  g_assert_cmpfloat_with_epsilon (ph_segment_segment_distance (SEG (0, 0, 1, 1), SEG (4, 5, 9, 5)), 5, EPS);
  /* Two points. */
  g_assert_cmpfloat_with_epsilon (ph_segment_segment_distance (SEG (0, 0, 0, 0), SEG (3, 4, 3, 4)), 5, EPS);
}

static void
test_segments_intersect (void)
{
  PhSegment s = SEG (0, 0, 4, 0);

  g_assert_true (ph_segments_intersect (s, SEG (2, -1, 2, 1)));   /* X */
  g_assert_true (ph_segments_intersect (s, SEG (2, 0, 2, 1)));    /* T */
  g_assert_true (ph_segments_intersect (s, SEG (4, 0, 5, 3)));    /* end to end */
  g_assert_true (ph_segments_intersect (s, SEG (3, 0, 6, 0)));    /* overlap */
  g_assert_true (ph_segments_intersect (s, SEG (1, 0, 2, 0)));    /* inside */
  g_assert_true (ph_segments_intersect (s, SEG (3, 0, 3, 0)));    /* point on it */
  g_assert_true (ph_segments_intersect (SEG (0, 0, 0, 0), SEG (0, 0, 0, 0)));
  g_assert_false (ph_segments_intersect (s, SEG (5, 0, 6, 0)));   /* collinear, apart */
  g_assert_false (ph_segments_intersect (s, SEG (0, 1, 4, 1)));   /* parallel */
  g_assert_false (ph_segments_intersect (s, SEG (2, 0.5, 2, 1))); /* short T */
  g_assert_false (ph_segments_intersect (s, SEG (5, -1, 5, 1)));  /* past the end */
  g_assert_false (ph_segments_intersect (s, SEG (2, 1, 2, 1)));   /* point off it */
}

/* A label's box and the line of sight: through it, into it, wholly
 * inside, along an edge; not beside it nor short of it */
static void
test_segment_meets_rect (void)
{
  PhRect r = { 0, 0, 4, 2 };

  g_assert_true (ph_segment_meets_rect (SEG (-1, 1, 5, 1), &r));    /* through */
  g_assert_true (ph_segment_meets_rect (SEG (-1, 1, 2, 1), &r));    /* into */
  g_assert_true (ph_segment_meets_rect (SEG (1, 0.5, 3, 1.5), &r)); /* inside */
  g_assert_true (ph_segment_meets_rect (SEG (0, 3, 4, 1), &r));     /* to the edge y = 2 */
  g_assert_true (ph_segment_meets_rect (SEG (-1, -1, 5, 3), &r));   /* corner to corner */
  g_assert_false (ph_segment_meets_rect (SEG (-1, 3, 5, 3), &r));   /* beside */
  g_assert_false (ph_segment_meets_rect (SEG (-3, 1, -1, 1), &r));  /* short of it */
  g_assert_false (ph_segment_meets_rect (SEG (5, -1, 7, 3), &r));   /* past it */
}

static void
test_segments_cross (void)
{
  PhSegment s = SEG (0, 0, 4, 0);
  PhPoint at = { -1, -1 };

  g_assert_true (ph_segments_cross (s, SEG (1, -1, 3, 1), &at));
  assert_point (at, 2, 0);
  g_assert_true (ph_segments_cross (SEG (0, 0, 4, 4), SEG (0, 4, 4, 0), &at));
  assert_point (at, 2, 2);
  g_assert_true (ph_segments_cross (SEG (0, 0, 4, 4), SEG (0, 4, 4, 0), NULL));

  /* Touching is not crossing; nor is overlapping. @at is left alone. */
  at = P (-1, -1);
  g_assert_false (ph_segments_cross (s, SEG (2, 0, 2, 1), &at));
  g_assert_false (ph_segments_cross (s, SEG (4, 0, 5, 3), &at));
  g_assert_false (ph_segments_cross (s, SEG (0, -1, 0, 1), &at));
  g_assert_false (ph_segments_cross (s, SEG (3, 0, 6, 0), &at));
  g_assert_false (ph_segments_cross (s, SEG (1, 0, 2, 0), &at));
  g_assert_false (ph_segments_cross (s, SEG (2, 0, 2, 0), &at));
  g_assert_false (ph_segments_cross (SEG (2, 0, 2, 0), s, &at));
  g_assert_false (ph_segments_cross (s, SEG (5, -1, 5, 1), &at));
  assert_point (at, -1, -1);
}

static void
test_segment_bbox (void)
{
  PhRect r = ph_segment_bbox (SEG (3, -1, -2, 4));

  g_assert_cmpfloat (r.x0, ==, -2);
  g_assert_cmpfloat (r.y0, ==, -1);
  g_assert_cmpfloat (r.x1, ==, 3);
  g_assert_cmpfloat (r.y1, ==, 4);
}

static void
test_rect_intersects (void)
{
  PhRect a = { 0, 0, 2, 2 };
  PhRect b = { 1, 1, 3, 3 };
  PhRect c = { 2, 0, 4, 2 };     /* shares a side with a */
  PhRect d = { 2.5, 2.5, 4, 4 }; /* apart */
  PhRect e = { -1, 0.5, 5, 1 };  /* across */

  g_assert_true (ph_rect_intersects (&a, &b));
  g_assert_true (ph_rect_intersects (&a, &c));
  g_assert_true (ph_rect_intersects (&a, &e));
  g_assert_true (ph_rect_intersects (&e, &a));
  g_assert_false (ph_rect_intersects (&a, &d));
  g_assert_false (ph_rect_intersects (&d, &a));
}

/* Shapes */

static void
test_shape_contains (void)
{
  PhShape sq = polygon (square_points, 4);
  PhShape ell = polygon (ell_points, 6);
  PhShape disc = circle (0, 0, 2);
  PhShape fence = polyline (fence_points, 3);

  g_assert_true (ph_shape_contains_point (&sq, P (0.5, 0.5)));
  g_assert_true (ph_shape_contains_point (&sq, P (1, 0.5)));  /* edge */
  g_assert_true (ph_shape_contains_point (&sq, P (0, 0)));    /* vertex */
  g_assert_true (ph_shape_contains_point (&sq, P (1, 1)));
  g_assert_false (ph_shape_contains_point (&sq, P (1.5, 0.5)));
  g_assert_false (ph_shape_contains_point (&sq, P (-1e-6, 0.5)));

  g_assert_true (ph_shape_interior_contains_point (&sq, P (0.5, 0.5)));
  g_assert_false (ph_shape_interior_contains_point (&sq, P (1, 0.5)));
  g_assert_false (ph_shape_interior_contains_point (&sq, P (0, 0)));
  g_assert_false (ph_shape_interior_contains_point (&sq, P (1.5, 0.5)));

  /* The L's notch is outside; its reflex vertex and edges are boundary. */
  g_assert_true (ph_shape_contains_point (&ell, P (0.5, 1.5)));
  g_assert_true (ph_shape_contains_point (&ell, P (1.5, 0.5)));
  g_assert_false (ph_shape_contains_point (&ell, P (1.5, 1.5)));
  g_assert_true (ph_shape_contains_point (&ell, P (1, 1)));
  g_assert_true (ph_shape_contains_point (&ell, P (1.5, 1)));
  g_assert_false (ph_shape_interior_contains_point (&ell, P (1, 1)));
  g_assert_false (ph_shape_interior_contains_point (&ell, P (1, 1.5)));
  g_assert_true (ph_shape_interior_contains_point (&ell, P (0.999, 1)));

  g_assert_true (ph_shape_contains_point (&disc, P (0, 0)));
  g_assert_true (ph_shape_contains_point (&disc, P (0, 2)));  /* boundary */
  g_assert_true (ph_shape_contains_point (&disc, P (G_SQRT2, G_SQRT2)));
  g_assert_false (ph_shape_contains_point (&disc, P (2, 2)));
  g_assert_true (ph_shape_interior_contains_point (&disc, P (1.9, 0)));
  g_assert_false (ph_shape_interior_contains_point (&disc, P (-2, 0)));

  /* A line has no inside. */
  g_assert_false (ph_shape_contains_point (&fence, P (20, 35)));
  g_assert_false (ph_shape_interior_contains_point (&fence, P (20, 35)));

  ph_shape_clear (&sq);
  ph_shape_clear (&ell);
  ph_shape_clear (&disc);
  ph_shape_clear (&fence);
}

/* A segment, and whether it meets a shape's interior */
typedef struct
{
  PhSegment seg;
  gboolean  meets;
} MeetsCase;

#define MEETS(ax, ay, bx, by) { { { (ax), (ay) }, { (bx), (by) } }, TRUE }
#define MISSES(ax, ay, bx, by) { { { (ax), (ay) }, { (bx), (by) } }, FALSE }

static void
assert_meets (const PhShape   *shape,
              const MeetsCase *cases,
              gsize            n_cases)
{
  for (gsize i = 0; i < n_cases; i++)
    {
      const MeetsCase *c = &cases[i];

      if (!ph_segment_meets_interior (c->seg, shape) != !c->meets)
        {
          g_autofree char *msg =
            g_strdup_printf ("case %" G_GSIZE_FORMAT ": segment (%g, %g)-(%g, %g) should %s the interior",
                             i, c->seg.a.x, c->seg.a.y, c->seg.b.x, c->seg.b.y,
                             c->meets ? "meet" : "miss");

          g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, msg);
        }
    }
}

static void
test_segment_meets_square (void)
{
  static const MeetsCase sq_cases[] = {
    /* Through the middle, and through two opposite corners. */
    MEETS (-1, 0.5, 2, 0.5),
    MEETS (-1, -1, 2, 2),
    MEETS (0, 0, 1, 1),
    /* Cutting a corner off; across, through the two other corners. */
    MEETS (-0.5, 0.75, 0.75, -0.5),
    MEETS (-1, 2, 2, -1),
    /* Wholly inside; from the boundary inwards; from inside out. */
    MEETS (0.2, 0.2, 0.8, 0.3),
    MEETS (0, 0.5, 0.1, 0.5),
    MEETS (0.5, 0.5, 3, 0.5),
    /* Touching a corner only. */
    MISSES (-1, 1, 1, -1),
    MISSES (-0.5, 0.25, 0.25, -0.5),
    MISSES (-1, 3, 3, -1),
    MISSES (1, 1, 3, 2),
    /* Along an edge, along part of it, along it and beyond both ends. */
    MISSES (0, 0, 1, 0),
    MISSES (1, 0.2, 1, 0.7),
    MISSES (-3, 1, 5, 1),
    /* From outside to a point on an edge; beside it. */
    MISSES (-2, 0.5, 0, 0.5),
    MISSES (-2, 0.5, -1, 0.5),
    MISSES (2, -1, 2, 3),
  };
  PhShape sq = polygon (square_points, 4);

  assert_meets (&sq, sq_cases, G_N_ELEMENTS (sq_cases));

  ph_shape_clear (&sq);
}

static void
test_segment_meets_concave (void)
{
  static const MeetsCase ell_cases[] = {
    /* Into the notch through the reflex vertex, and on through the L. */
    MEETS (2, 2, 0, 0),
    MISSES (2, 2, 1, 1),
    MISSES (3, 3, 1, 1),
    /* Along the notch's edges (and beyond) only. */
    MISSES (1, 1, 3, 1),
    MISSES (1, 1, 1, 3),
    /* Along x = 1: inside for y in (0, 1), then along the edge. */
    MEETS (1, -0.5, 1, 3),
    /* Along y = 1 from inside, through the reflex vertex, along the edge. */
    MEETS (0.5, 1, 3, 1),
    /* Within the notch; down across the L's lower arm and into the notch. */
    MISSES (1.2, 1.2, 1.8, 1.8),
    MEETS (1.5, -1, 1.5, 3),
    /* Out of one arm, across the notch, into the other: only the arms. */
    MEETS (0.5, 1.5, 1.5, 1.5),
    MISSES (1, 1.5, 1.5, 1.5),
  };
  PhShape ell = polygon (ell_points, 6);

  assert_meets (&ell, ell_cases, G_N_ELEMENTS (ell_cases));

  ph_shape_clear (&ell);
}

static void
test_segment_meets_degenerate (void)
{
  static const MeetsCase sq_cases[] = {
    /* A zero-length segment meets the interior when its point is inside. */
    MEETS (0.5, 0.5, 0.5, 0.5),
    MISSES (1, 0.5, 1, 0.5),
    MISSES (0, 0, 0, 0),
    MISSES (3, 3, 3, 3),
  };
  static const MeetsCase disc_cases[] = {
    MEETS (0, 0, 0, 0),
    MISSES (1, 0, 1, 0),
  };
  PhShape sq = polygon (square_points, 4);
  PhShape disc = circle (0, 0, 1);

  assert_meets (&sq, sq_cases, G_N_ELEMENTS (sq_cases));
  assert_meets (&disc, disc_cases, G_N_ELEMENTS (disc_cases));

  /* A polygon of fewer than three points has no inside. */
  {
    static const MeetsCase two_cases[] = {
      MISSES (-1, -1, 2, 2),
    };
    PhShape two = polygon (square_points, 2);

    assert_meets (&two, two_cases, G_N_ELEMENTS (two_cases));
    g_assert_false (ph_shape_contains_point (&two, P (0.5, 0.5)));
    ph_shape_clear (&two);
  }

  ph_shape_clear (&sq);
  ph_shape_clear (&disc);
}

static void
test_segment_meets_circle (void)
{
  static const MeetsCase disc_cases[] = {
    MEETS (0, 5, 10, 5),
    MEETS (0, 6.9, 10, 6.9),
    MEETS (5, 5, 5.5, 5),
    MEETS (5, 0, 5, 3.01),
    /* Tangent; ending on the circle; beside it; short of it. */
    MISSES (0, 7, 10, 7),
    MISSES (5, 0, 5, 3),
    MISSES (0, 8, 10, 8),
    MISSES (0, 5, 2.9, 5),
  };
  PhShape disc = circle (5, 5, 2);

  assert_meets (&disc, disc_cases, G_N_ELEMENTS (disc_cases));

  ph_shape_clear (&disc);
}

static void
test_segment_meets_polyline (void)
{
  static const MeetsCase fence_cases[] = {
    MEETS (15, 35, 25, 35),
    MEETS (15, 45, 25, 35),
    MISSES (15, 35, 25, 45),
    MISSES (15, 35, 20, 35),
    MISSES (20, 20, 20, 50),
  };
  PhShape fence = polyline (fence_points, 3);

  assert_meets (&fence, fence_cases, G_N_ELEMENTS (fence_cases));

  ph_shape_clear (&fence);
}

static guint
crossings (PhSegment      s,
           const PhShape *shape,
           gboolean       proper_only,
           GArray        *out)
{
  guint n;

  g_array_set_size (out, 0);
  n = ph_polyline_crossings (s, shape, proper_only, out);
  g_assert_cmpuint (n, ==, out->len);
  /* Counting without an array gives the same answer. */
  g_assert_cmpuint (ph_polyline_crossings (s, shape, proper_only, NULL), ==, n);
  return n;
}

#define OUT(i) g_array_index (out, PhPoint, (i))

static void
test_polyline_crossings_fence (void)
{
  PhShape fence = polyline (fence_points, 3);
  g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (PhPoint));

  /* Across the first leg. */
  g_assert_cmpuint (crossings (SEG (15, 35, 25, 35), &fence, TRUE, out), ==, 1);
  assert_point (OUT (0), 20, 35);
  g_assert_cmpuint (crossings (SEG (15, 35, 25, 35), &fence, FALSE, out), ==, 1);
  assert_point (OUT (0), 20, 35);

  /* Through the corner (20,40), from one side of the fence to the other:
   * one crossing, not one per leg. */
  g_assert_cmpuint (crossings (SEG (15, 45, 25, 35), &fence, TRUE, out), ==, 1);
  assert_point (OUT (0), 20, 40);
  g_assert_cmpuint (crossings (SEG (15, 45, 25, 35), &fence, FALSE, out), ==, 1);
  assert_point (OUT (0), 20, 40);

  /* Grazing the corner: both legs stay on one side. */
  g_assert_cmpuint (crossings (SEG (15, 35, 25, 45), &fence, TRUE, out), ==, 0);
  g_assert_cmpuint (crossings (SEG (15, 35, 25, 45), &fence, FALSE, out), ==, 1);
  assert_point (OUT (0), 20, 40);

  /* Ending on the fence, or starting on it. */
  g_assert_cmpuint (crossings (SEG (15, 35, 20, 35), &fence, TRUE, out), ==, 0);
  g_assert_cmpuint (crossings (SEG (15, 35, 20, 35), &fence, FALSE, out), ==, 1);
  assert_point (OUT (0), 20, 35);
  g_assert_cmpuint (crossings (SEG (20, 35, 25, 35), &fence, TRUE, out), ==, 0);
  /* Through the fence's loose end: it is not crossed, only touched. */
  g_assert_cmpuint (crossings (SEG (28, 35, 28, 45), &fence, TRUE, out), ==, 0);
  g_assert_cmpuint (crossings (SEG (28, 35, 28, 45), &fence, FALSE, out), ==, 1);
  assert_point (OUT (0), 28, 40);
  g_assert_cmpuint (crossings (SEG (15, 30, 25, 30), &fence, TRUE, out), ==, 0);

  /* Along the first leg: the overlap's two ends. */
  g_assert_cmpuint (crossings (SEG (20, 25, 20, 35), &fence, TRUE, out), ==, 0);
  g_assert_cmpuint (crossings (SEG (20, 25, 20, 35), &fence, FALSE, out), ==, 2);
  assert_point (OUT (0), 20, 30);
  assert_point (OUT (1), 20, 35);
  /* Along both legs' lines past the corner: the first leg whole. */
  g_assert_cmpuint (crossings (SEG (20, 20, 20, 50), &fence, FALSE, out), ==, 2);
  assert_point (OUT (0), 20, 30);
  assert_point (OUT (1), 20, 40);

  /* Missing it. */
  g_assert_cmpuint (crossings (SEG (0, 0, 10, 10), &fence, FALSE, out), ==, 0);
  /* A zero-length segment on it touches it and crosses nothing. */
  g_assert_cmpuint (crossings (SEG (24, 40, 24, 40), &fence, FALSE, out), ==, 1);
  g_assert_cmpuint (crossings (SEG (24, 40, 24, 40), &fence, TRUE, out), ==, 0);

  ph_shape_clear (&fence);
}

static void
test_polyline_crossings_zigzag (void)
{
  static const PhPoint zig[] = { { 0, 0 }, { 1, 2 }, { 2, 0 }, { 3, 2 } };
  PhShape shape = polyline (zig, 4);
  g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (PhPoint));

  g_assert_cmpuint (crossings (SEG (-1, 1, 4, 1), &shape, TRUE, out), ==, 3);
  assert_point (OUT (0), 0.5, 1);
  assert_point (OUT (1), 1.5, 1);
  assert_point (OUT (2), 2.5, 1);
  /* Along y = 0: the fence touches the line at (0,0), its loose end, and at
   * (2,0), a vertex it does not cross at. */
  g_assert_cmpuint (crossings (SEG (-1, 0, 4, 0), &shape, TRUE, out), ==, 0);
  g_assert_cmpuint (crossings (SEG (-1, 0, 4, 0), &shape, FALSE, out), ==, 2);
  assert_point (OUT (0), 0, 0);
  assert_point (OUT (1), 2, 0);
  /* Appending keeps what the array held. */
  g_array_set_size (out, 0);
  g_array_append_val (out, ((PhPoint) { 7, 7 }));
  g_assert_cmpuint (ph_polyline_crossings (SEG (-1, 1, 4, 1), &shape, TRUE, out), ==, 3);
  g_assert_cmpuint (out->len, ==, 4);
  assert_point (OUT (0), 7, 7);

  ph_shape_clear (&shape);
}

static void
test_polyline_crossings_run (void)
{
  /* A step: down to the line y = 0, along it, on down. */
  static const PhPoint step[] = { { -1, -1 }, { -1, 0 }, { 1, 0 }, { 1, 1 } };
  /* A bump: down to the line, along it, back up. */
  static const PhPoint bump[] = { { -1, -1 }, { -1, 0 }, { 1, 0 }, { 1, -1 } };
  PhShape s1 = polyline (step, 4);
  PhShape s2 = polyline (bump, 4);
  g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (PhPoint));

  /* Going along the step, the segment passes from one side of the fence to
   * the other: one crossing. */
  g_assert_cmpuint (crossings (SEG (-5, 0, 5, 0), &s1, TRUE, out), ==, 1);
  assert_point (OUT (0), -1, 0);
  g_assert_cmpuint (crossings (SEG (-5, 0, 5, 0), &s1, FALSE, out), ==, 2);
  assert_point (OUT (0), -1, 0);
  assert_point (OUT (1), 1, 0);
  /* Stopping on the step, or at its end, is not crossing it. */
  g_assert_cmpuint (crossings (SEG (-5, 0, 0, 0), &s1, TRUE, out), ==, 0);
  g_assert_cmpuint (crossings (SEG (-5, 0, 1, 0), &s1, TRUE, out), ==, 0);
  g_assert_cmpuint (crossings (SEG (-1, 0, 5, 0), &s1, TRUE, out), ==, 0);
  /* Along the bump, it stays on one side. */
  g_assert_cmpuint (crossings (SEG (-5, 0, 5, 0), &s2, TRUE, out), ==, 0);
  g_assert_cmpuint (crossings (SEG (-5, 0, 5, 0), &s2, FALSE, out), ==, 2);
  /* Across the middle of either, down through y = 0. */
  g_assert_cmpuint (crossings (SEG (0, -3, 0, 3), &s1, TRUE, out), ==, 1);
  assert_point (OUT (0), 0, 0);
  g_assert_cmpuint (crossings (SEG (0, -3, 0, 3), &s2, TRUE, out), ==, 1);

  ph_shape_clear (&s1);
  ph_shape_clear (&s2);
}

static void
test_polyline_crossings_closed (void)
{
  /* A square hedge, closed by repeating its first point, and the same as a
   * polygon. The diagonal goes through two opposite corners, both of them
   * crossings, including the corner where the polyline starts and ends. */
  static const PhPoint ring[] = { { 0, 0 }, { 2, 0 }, { 2, 2 }, { 0, 2 }, { 0, 0 } };
  PhShape hedge = polyline (ring, 5);
  PhShape area = polygon (ring, 4);
  g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (PhPoint));

  g_assert_cmpuint (crossings (SEG (-1, -1, 3, 3), &hedge, TRUE, out), ==, 2);
  g_assert_cmpuint (crossings (SEG (-1, -1, 3, 3), &hedge, FALSE, out), ==, 2);
  g_assert_cmpuint (crossings (SEG (-1, -1, 3, 3), &area, TRUE, out), ==, 2);
  g_assert_cmpuint (crossings (SEG (-1, -1, 3, 3), &area, FALSE, out), ==, 2);
  /* Along a side: no crossing; the side's two ends touch. */
  g_assert_cmpuint (crossings (SEG (-1, 0, 3, 0), &hedge, TRUE, out), ==, 0);
  g_assert_cmpuint (crossings (SEG (-1, 0, 3, 0), &hedge, FALSE, out), ==, 2);
  /* From inside out. */
  g_assert_cmpuint (crossings (SEG (1, 1, 1, 5), &hedge, TRUE, out), ==, 1);
  assert_point (OUT (0), 1, 2);

  /* A circle is no line. */
  {
    PhShape disc = circle (0, 0, 1);

    g_assert_cmpuint (crossings (SEG (-3, 0, 3, 0), &disc, FALSE, out), ==, 0);
  }

  ph_shape_clear (&hedge);
  ph_shape_clear (&area);
}

static void
test_shape_point_distance (void)
{
  PhShape sq = polygon (square_points, 4);
  PhShape disc = circle (0, 0, 2);
  PhShape fence = polyline (fence_points, 3);

  g_assert_cmpfloat (ph_shape_point_distance (&sq, P (0.5, 0.5)), ==, 0);
  g_assert_cmpfloat (ph_shape_point_distance (&sq, P (1, 0.5)), ==, 0);
  g_assert_cmpfloat_with_epsilon (ph_shape_point_distance (&sq, P (3, 0.5)), 2, EPS);
  g_assert_cmpfloat_with_epsilon (ph_shape_point_distance (&sq, P (4, 5)), 5, EPS);

  g_assert_cmpfloat (ph_shape_point_distance (&disc, P (1, 1)), ==, 0);
  g_assert_cmpfloat_with_epsilon (ph_shape_point_distance (&disc, P (3, 4)), 3, EPS);

  /* A line's distance is to the line, from either side. */
  g_assert_cmpfloat_with_epsilon (ph_shape_point_distance (&fence, P (21, 35)), 1, EPS);
  g_assert_cmpfloat_with_epsilon (ph_shape_point_distance (&fence, P (19, 35)), 1, EPS);
  g_assert_cmpfloat_with_epsilon (ph_shape_point_distance (&fence, P (24, 38)), 2, EPS);
  g_assert_cmpfloat_with_epsilon (ph_shape_point_distance (&fence, P (31, 44)), 5, EPS);
  g_assert_cmpfloat (ph_shape_point_distance (&fence, P (20, 40)), ==, 0);

  ph_shape_clear (&sq);
  ph_shape_clear (&disc);
  ph_shape_clear (&fence);
}

static void
test_shape_bbox (void)
{
  PhShape ell = polygon (ell_points, 6);
  PhShape disc = circle (5, 6, 2);
  PhShape fence = polyline (fence_points, 3);

  g_assert_cmpfloat (ell.bbox.x0, ==, 0);
  g_assert_cmpfloat (ell.bbox.y0, ==, 0);
  g_assert_cmpfloat (ell.bbox.x1, ==, 2);
  g_assert_cmpfloat (ell.bbox.y1, ==, 2);

  g_assert_cmpfloat (disc.bbox.x0, ==, 3);
  g_assert_cmpfloat (disc.bbox.y0, ==, 4);
  g_assert_cmpfloat (disc.bbox.x1, ==, 7);
  g_assert_cmpfloat (disc.bbox.y1, ==, 8);

  /* Half the drawn width on every side. */
  fence.line_width = 0.5;
  ph_shape_update_bbox (&fence);
  g_assert_cmpfloat (fence.bbox.x0, ==, 19.75);
  g_assert_cmpfloat (fence.bbox.y0, ==, 29.75);
  g_assert_cmpfloat (fence.bbox.x1, ==, 28.25);
  g_assert_cmpfloat (fence.bbox.y1, ==, 40.25);

  ph_shape_clear (&ell);
  ph_shape_clear (&disc);
  ph_shape_clear (&fence);
}

static void
test_shape_copy_clear (void)
{
  PhShape ell = polygon (ell_points, 6);
  PhShape copy;
  PhShape disc = circle (1, 2, 3);
  PhShape disc_copy;

  ph_shape_copy (&copy, &ell);
  g_assert_true (copy.points != ell.points);
  g_assert_cmpint (copy.kind, ==, PH_SHAPE_POLYGON);
  g_assert_cmpuint (copy.n_points, ==, 6);
  for (guint i = 0; i < 6; i++)
    assert_point (copy.points[i], ell_points[i].x, ell_points[i].y);
  g_assert_cmpfloat (copy.bbox.x1, ==, 2);

  /* The copy is independent. */
  ell.points[0].x = 100;
  g_assert_cmpfloat (copy.points[0].x, ==, 0);

  ph_shape_clear (&ell);
  g_assert_null (ell.points);
  g_assert_cmpuint (ell.n_points, ==, 0);
  g_assert_cmpfloat (ell.bbox.x1, ==, 0);
  ph_shape_clear (&ell); /* twice is harmless */
  ph_shape_clear (&copy);

  ph_shape_copy (&disc_copy, &disc);
  g_assert_cmpint (disc_copy.kind, ==, PH_SHAPE_CIRCLE);
  g_assert_null (disc_copy.points);
  assert_point (disc_copy.centre, 1, 2);
  g_assert_cmpfloat (disc_copy.radius, ==, 3);
  ph_shape_clear (&disc);
  ph_shape_clear (&disc_copy);
}

static void
test_polygon_simple (void)
{
  static const PhPoint bowtie[] = { { 0, 0 }, { 1, 1 }, { 1, 0 }, { 0, 1 } };
  static const PhPoint repeated[] = { { 0, 0 }, { 1, 0 }, { 1, 0 }, { 1, 1 } };
  static const PhPoint closed[] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 0 } };
  static const PhPoint flat[] = { { 0, 0 }, { 1, 0 }, { 2, 0 } };
  static const PhPoint spike[] = { { 0, 0 }, { 2, 0 }, { 2, 2 }, { 2, 1 } };
  /* A vertex touching another edge: two squares pinched at (1,1). */
  static const PhPoint pinched[] = {
    { 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 1 }, { 2, 2 }, { 1, 2 }, { 1, 1 }, { 0, 1 },
  };
  static const PhPoint touching[] = {
    { 0, 0 }, { 4, 0 }, { 4, 4 }, { 2, 0 }, { 0, 4 },
  };
  static const PhPoint triangle[] = { { 0, 0 }, { 3, 0 }, { 0, 4 } };
  g_autofree PhPoint *many = g_new (PhPoint, 300);

  g_assert_true (ph_polygon_is_simple (square_points, 4));
  g_assert_true (ph_polygon_is_simple (ell_points, 6));
  g_assert_true (ph_polygon_is_simple (triangle, 3));
  g_assert_false (ph_polygon_is_simple (bowtie, 4));
  g_assert_false (ph_polygon_is_simple (repeated, 4));
  g_assert_false (ph_polygon_is_simple (closed, 4));
  g_assert_false (ph_polygon_is_simple (flat, 3));
  g_assert_false (ph_polygon_is_simple (spike, 4));
  g_assert_false (ph_polygon_is_simple (pinched, 8));
  g_assert_false (ph_polygon_is_simple (touching, 5));
  g_assert_false (ph_polygon_is_simple (square_points, 2));
  g_assert_false (ph_polygon_is_simple (NULL, 0));

  /* A few hundred points: a star, simple, then with one point pushed across
   * the far side. */
  for (guint i = 0; i < 300; i++)
    {
      double a = 2 * G_PI * i / 300;
      double r = i % 2 ? 10 : 7;

      many[i] = P (r * cos (a), r * sin (a));
    }
  g_assert_true (ph_polygon_is_simple (many, 300));
  many[150] = P (20, 0.01);
  g_assert_false (ph_polygon_is_simple (many, 300));
}

static void
test_polygon_area (void)
{
  static const PhPoint reversed[] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
  static const PhPoint triangle[] = { { 0, 0 }, { 3, 0 }, { 0, 4 } };

  /* Positive when clockwise on the screen (y down). */
  g_assert_cmpfloat (ph_polygon_area (square_points, 4), ==, 1);
  g_assert_cmpfloat (ph_polygon_area (reversed, 4), ==, -1);
  g_assert_cmpfloat (ph_polygon_area (ell_points, 6), ==, 3);
  g_assert_cmpfloat (ph_polygon_area (triangle, 3), ==, 6);
  g_assert_cmpfloat (ph_polygon_area (triangle, 2), ==, 0);
}

/* Bases */

static PhBase
round_base (double x,
            double y,
            double width)
{
  return (PhBase) { P (x, y), FALSE, width, width, 0 };
}

static PhBase
square_base (double x,
             double y,
             double width,
             double depth,
             double facing)
{
  return (PhBase) { P (x, y), TRUE, width, depth, facing };
}

static void
test_base_radius (void)
{
  PhBase b = round_base (0, 0, 1);
  PhBase s = square_base (0, 0, 2.5, 1, 30);

  g_assert_cmpfloat (ph_base_radius (&b), ==, 0.5);
  g_assert_cmpfloat (ph_base_radius (&s), ==, 1.25);
}

static void
test_base_corners (void)
{
  PhBase b = square_base (10, 10, 2, 1, 0);
  PhPoint k[4];

  /* Facing up: front-left is top-left, then clockwise. */
  ph_base_corners (&b, k);
  assert_point (k[0], 9, 9.5);
  assert_point (k[1], 11, 9.5);
  assert_point (k[2], 11, 10.5);
  assert_point (k[3], 9, 10.5);
  g_assert_cmpfloat (ph_polygon_area (k, 4), ==, 2);

  /* Facing right: the front is the right-hand side. */
  b.facing = 90;
  ph_base_corners (&b, k);
  assert_point (k[0], 10.5, 9);
  assert_point (k[1], 10.5, 11);
  assert_point (k[2], 9.5, 11);
  assert_point (k[3], 9.5, 9);
  g_assert_cmpfloat (ph_polygon_area (k, 4), ==, 2);

  /* Facing down. */
  b.facing = 180;
  ph_base_corners (&b, k);
  assert_point (k[0], 11, 10.5);
  assert_point (k[2], 9, 9.5);

  /* A 1x1 base turned 45 degrees: a diamond, front-left corner on top. */
  b = square_base (0, 0, 1, 1, 45);
  ph_base_corners (&b, k);
  assert_point (k[0], 0, -G_SQRT2 / 2);
  assert_point (k[1], G_SQRT2 / 2, 0);
  assert_point (k[2], 0, G_SQRT2 / 2);
  assert_point (k[3], -G_SQRT2 / 2, 0);
  g_assert_cmpfloat_with_epsilon (ph_polygon_area (k, 4), 1, EPS);

  /* A round base gives its circumscribed square. */
  b = round_base (0, 0, 2);
  ph_base_corners (&b, k);
  assert_point (k[0], -1, -1);
  assert_point (k[2], 1, 1);
}

static void
test_base_to_shape (void)
{
  PhBase r = round_base (3, 4, 1);
  PhBase s = square_base (3, 4, 2, 1, 90);
  PhShape shape;

  ph_base_to_shape (&r, &shape);
  g_assert_cmpint (shape.kind, ==, PH_SHAPE_CIRCLE);
  assert_point (shape.centre, 3, 4);
  g_assert_cmpfloat (shape.radius, ==, 0.5);
  g_assert_cmpfloat (shape.bbox.x0, ==, 2.5);
  g_assert_cmpfloat (shape.bbox.y1, ==, 4.5);
  ph_shape_clear (&shape);

  ph_base_to_shape (&s, &shape);
  g_assert_cmpint (shape.kind, ==, PH_SHAPE_POLYGON);
  g_assert_cmpuint (shape.n_points, ==, 4);
  g_assert_true (ph_polygon_is_simple (shape.points, 4));
  g_assert_cmpfloat_with_epsilon (shape.bbox.x0, 2.5, EPS);
  g_assert_cmpfloat_with_epsilon (shape.bbox.x1, 3.5, EPS);
  g_assert_cmpfloat_with_epsilon (shape.bbox.y0, 3, EPS);
  g_assert_cmpfloat_with_epsilon (shape.bbox.y1, 5, EPS);
  ph_shape_clear (&shape);
}

static void
test_base_distance_round (void)
{
  PhBase a = round_base (0, 0, 1);
  PhBase b = round_base (10, 0, 1);
  PhBase c = round_base (3, 4, 1);
  PhBase d = round_base (0.5, 0, 2);

  /* Two 1-inch bases 10 apart centre to centre: 9 edge to edge. */
  g_assert_cmpfloat_with_epsilon (ph_base_distance (&a, &b), 9, EPS);
  g_assert_cmpfloat_with_epsilon (ph_base_distance (&b, &a), 9, EPS);
  g_assert_cmpfloat_with_epsilon (ph_base_distance (&a, &c), 4, EPS);
  /* Overlapping, touching, one inside the other, the same base. */
  g_assert_cmpfloat (ph_base_distance (&a, &d), ==, 0);
  b.centre = P (1, 0);
  g_assert_cmpfloat (ph_base_distance (&a, &b), ==, 0);
  b = round_base (0.1, 0, 0.2);
  g_assert_cmpfloat (ph_base_distance (&a, &b), ==, 0);
  g_assert_cmpfloat (ph_base_distance (&a, &a), ==, 0);
}

static void
test_base_distance_square (void)
{
  PhBase a = square_base (0, 0, 1, 1, 0);
  PhBase b = square_base (3, 0, 1, 1, 0);
  PhBase c = square_base (3, 3, 1, 1, 0);
  PhBase d = square_base (0, 0, 0.2, 0.2, 0);
  PhBase e = square_base (1, 0.5, 1, 1, 0);

  g_assert_cmpfloat_with_epsilon (ph_base_distance (&a, &b), 2, EPS);
  /* Corner to corner: (0.5,0.5) to (2.5,2.5). */
  g_assert_cmpfloat_with_epsilon (ph_base_distance (&a, &c), 2 * G_SQRT2, EPS);
  /* Inside, sharing part of a side, overlapping. */
  g_assert_cmpfloat (ph_base_distance (&a, &d), ==, 0);
  g_assert_cmpfloat (ph_base_distance (&d, &a), ==, 0);
  g_assert_cmpfloat (ph_base_distance (&a, &e), ==, 0);
  e.centre = P (0.5, 0.5);
  g_assert_cmpfloat (ph_base_distance (&a, &e), ==, 0);

  /* A 2 wide, 1 deep base facing right is 1 wide along x. */
  b = square_base (3, 0, 2, 1, 90);
  g_assert_cmpfloat_with_epsilon (ph_base_distance (&a, &b), 2, EPS);
  b.facing = 0;
  g_assert_cmpfloat_with_epsilon (ph_base_distance (&a, &b), 1.5, EPS);
}

static void
test_base_distance_square_rotated (void)
{
  /* A 1x1 base turned 45 degrees: a diamond reaching sqrt(2)/2 along the
   * axes. */
  PhBase diamond = square_base (0, 0, 1, 1, 45);
  PhBase sq = square_base (3, 0, 1, 1, 0);
  PhBase rnd = round_base (3, 0, 1);
  PhBase rnd2 = round_base (1, 1, 1);
  PhBase twin = square_base (G_SQRT2, 0, 1, 1, 45);
  PhBase near = square_base (2, 0, 1, 1, 45);

  /* Diamond tip (0.707, 0) to the square's left side x = 2.5. */
  g_assert_cmpfloat_with_epsilon (ph_base_distance (&diamond, &sq), 2.5 - G_SQRT2 / 2, EPS);
  g_assert_cmpfloat_with_epsilon (ph_base_distance (&sq, &diamond), 2.5 - G_SQRT2 / 2, EPS);
  /* Diamond tip to the round base's edge. */
  g_assert_cmpfloat_with_epsilon (ph_base_distance (&diamond, &rnd), 2.5 - G_SQRT2 / 2, EPS);
  g_assert_cmpfloat_with_epsilon (ph_base_distance (&rnd, &diamond), 2.5 - G_SQRT2 / 2, EPS);
  /* Towards the middle of the diamond's lower-right side x + y = sqrt(2)/2:
   * (2 - sqrt(2)/2) / sqrt(2) - 1/2 = sqrt(2) - 1. */
  g_assert_cmpfloat_with_epsilon (ph_base_distance (&diamond, &rnd2), G_SQRT2 - 1, EPS);
  /* Two diamonds tip to tip, then tip to tip with a gap. */
  g_assert_cmpfloat_with_epsilon (ph_base_distance (&diamond, &twin), 0, EPS);
  g_assert_cmpfloat_with_epsilon (ph_base_distance (&diamond, &near), 2 - G_SQRT2, EPS);
  /* The same base turned by 45 degrees overlaps itself. */
  sq.centre = P (0, 0);
  g_assert_cmpfloat (ph_base_distance (&diamond, &sq), ==, 0);
  /* A round base wholly inside a big square. */
  sq = square_base (0, 0, 10, 10, 30);
  g_assert_cmpfloat (ph_base_distance (&sq, &rnd2), ==, 0);
  /* A square wholly inside a big round base whose centre is outside the
   * square. */
  rnd = round_base (0, 0, 20);
  sq = square_base (5, 0, 1, 1, 30);
  g_assert_cmpfloat (ph_base_distance (&sq, &rnd), ==, 0);
}

static void
test_base_contains (void)
{
  PhBase r = round_base (0, 0, 2);
  PhBase diamond = square_base (0, 0, 1, 1, 45);

  g_assert_true (ph_base_contains_point (&r, P (0, 0)));
  g_assert_true (ph_base_contains_point (&r, P (1, 0)));
  g_assert_false (ph_base_contains_point (&r, P (0.8, 0.8)));
  g_assert_true (ph_base_contains_point (&diamond, P (0.3, 0.3)));
  g_assert_true (ph_base_contains_point (&diamond, P (G_SQRT2 / 2, 0)));
  g_assert_false (ph_base_contains_point (&diamond, P (0.4, 0.4)));
}

static void
test_segment_meets_base (void)
{
  PhBase r = round_base (5, 0, 1);
  PhBase diamond = square_base (5, 0, 1, 1, 45);
  double h = G_SQRT2 / 2;

  /* Through, grazing, beside. */
  g_assert_true (ph_segment_meets_base (SEG (0, 0, 10, 0), &r));
  g_assert_true (ph_segment_meets_base (SEG (0, 0.49, 10, 0.49), &r));
  g_assert_false (ph_segment_meets_base (SEG (0, 0.5, 10, 0.5), &r));
  g_assert_false (ph_segment_meets_base (SEG (0, 1, 10, 1), &r));
  /* Ending at the base's edge, and at its centre. */
  g_assert_false (ph_segment_meets_base (SEG (0, 0, 4.5, 0), &r));
  g_assert_true (ph_segment_meets_base (SEG (0, 0, 5, 0), &r));

  g_assert_true (ph_segment_meets_base (SEG (0, 0, 10, 0), &diamond));
  /* Over the top tip only; along a side. */
  g_assert_false (ph_segment_meets_base (SEG (0, -h, 10, -h), &diamond));
  g_assert_false (ph_segment_meets_base (SEG (5 - h, 0, 5, -h), &diamond));
  g_assert_true (ph_segment_meets_base (SEG (0, -h + 0.01, 10, -h + 0.01), &diamond));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/geometry/point/distance", test_point_distance);
  g_test_add_func ("/geometry/angle/normalize", test_angle_normalize);
  g_test_add_func ("/geometry/angle/bearing", test_bearing);
  g_test_add_func ("/geometry/angle/difference", test_angle_difference);
  g_test_add_func ("/geometry/angle/from-bearing", test_from_bearing);
  g_test_add_func ("/geometry/segment/point-distance", test_segment_point_distance);
  g_test_add_func ("/geometry/segment/segment-distance", test_segment_segment_distance);
  g_test_add_func ("/geometry/segment/intersect", test_segments_intersect);
  g_test_add_func ("/geometry/segment/meets-rect", test_segment_meets_rect);
  g_test_add_func ("/geometry/segment/cross", test_segments_cross);
  g_test_add_func ("/geometry/segment/bbox", test_segment_bbox);
  g_test_add_func ("/geometry/rect/intersects", test_rect_intersects);
  g_test_add_func ("/geometry/shape/contains", test_shape_contains);
  g_test_add_func ("/geometry/segment/crosses-polygon", test_segment_meets_square);
  g_test_add_func ("/geometry/segment/crosses-concave-polygon", test_segment_meets_concave);
  g_test_add_func ("/geometry/segment/degenerate", test_segment_meets_degenerate);
  g_test_add_func ("/geometry/segment/crosses-circle", test_segment_meets_circle);
  g_test_add_func ("/geometry/segment/crosses-polyline", test_segment_meets_polyline);
  g_test_add_func ("/geometry/polyline/crossings-fence", test_polyline_crossings_fence);
  g_test_add_func ("/geometry/polyline/crossings-zigzag", test_polyline_crossings_zigzag);
  g_test_add_func ("/geometry/polyline/crossings-along", test_polyline_crossings_run);
  g_test_add_func ("/geometry/polyline/crossings-closed", test_polyline_crossings_closed);
  g_test_add_func ("/geometry/shape/point-distance", test_shape_point_distance);
  g_test_add_func ("/geometry/shape/bbox", test_shape_bbox);
  g_test_add_func ("/geometry/shape/copy-clear", test_shape_copy_clear);
  g_test_add_func ("/geometry/polygon/simple", test_polygon_simple);
  g_test_add_func ("/geometry/polygon/area", test_polygon_area);
  g_test_add_func ("/geometry/base/radius", test_base_radius);
  g_test_add_func ("/geometry/base/corners", test_base_corners);
  g_test_add_func ("/geometry/base/to-shape", test_base_to_shape);
  g_test_add_func ("/geometry/base/distance-round", test_base_distance_round);
  g_test_add_func ("/geometry/base/distance-square", test_base_distance_square);
  g_test_add_func ("/geometry/base/distance-square-rotated", test_base_distance_square_rotated);
  g_test_add_func ("/geometry/base/contains-point", test_base_contains);
  g_test_add_func ("/geometry/base/segment-meets", test_segment_meets_base);

  return g_test_run ();
}
