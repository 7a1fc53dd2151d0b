/* ph-geometry.c: plane geometry for the table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every predicate here works with a fixed tolerance of PH_EPSILON table
 * units: a point within PH_EPSILON of a line, an edge or a circle counts as
 * lying on it. Table coordinates are at most a few thousand units, so this is
 * far below anything a player can place or measure, yet far above the
 * rounding error of the arithmetic.
 */
#include "ph-geometry.h"
#include "ph-geometry-private.h"

#include <math.h>
#include <string.h>

/* Small vector helpers (the rest are in ph-geometry-private.h) */

static inline gboolean
points_close (PhPoint a, PhPoint b)
{
  return ph_point_distance (a, b) <= PH_EPSILON;
}

/* The signed distance from @p to the line through @s (which must have a
 * positive length). The sign tells the side; which side is which does not
 * matter to the callers, only whether two signs agree. */
static inline double
line_signed_distance (PhSegment s, PhPoint p)
{
  return cross (point_sub (s.b, s.a), point_sub (p, s.a)) / segment_length (s);
}

/* -1, 0 or +1: the side of the line through @s that @p lies on, 0 when it is
 * within PH_EPSILON of the line. */
static inline int
line_side (PhSegment s, PhPoint p)
{
  double d = line_signed_distance (s, p);

  if (d > PH_EPSILON)
    return 1;
  if (d < -PH_EPSILON)
    return -1;
  return 0;
}

/* sin and cos of an angle in degrees, exact at multiples of 90 degrees so
 * that axis-aligned bases and bearings give exact coordinates. */
void
ph_geometry_sincos_degrees (double degrees, double *s, double *c)
{
  double a = ph_angle_normalize (degrees);

  if (a == 0.0)
    {
      *s = 0.0;
      *c = 1.0;
    }
  else if (a == 90.0)
    {
      *s = 1.0;
      *c = 0.0;
    }
  else if (a == 180.0)
    {
      *s = 0.0;
      *c = -1.0;
    }
  else if (a == 270.0)
    {
      *s = -1.0;
      *c = 0.0;
    }
  else
    {
      double r = a * G_PI / 180.0;

      *s = sin (r);
      *c = cos (r);
    }
}

/* Points and angles */

double
ph_point_distance (PhPoint a,
                   PhPoint b)
{
  return hypot (b.x - a.x, b.y - a.y);
}

double
ph_angle_normalize (double degrees)
{
  double a;

  if (!isfinite (degrees))
    return degrees;

  a = fmod (degrees, 360.0);
  if (a < 0.0)
    a += 360.0;
  /* -1e-17 + 360 rounds to 360, which is outside [0, 360). */
  if (a >= 360.0)
    a = 0.0;
  return a;
}

double
ph_bearing (PhPoint from,
            PhPoint to)
{
  double dx = to.x - from.x;
  double dy = to.y - from.y;

  /* No direction at all: call it "up" rather than atan2's arbitrary pick. */
  if (dx == 0.0 && dy == 0.0)
    return 0.0;

  /* Clockwise from -y: "up" is (0, -1) and 90 degrees is (1, 0). */
  return ph_angle_normalize (atan2 (dx, -dy) * 180.0 / G_PI);
}

double
ph_angle_difference (double a,
                     double b)
{
  double d = ph_angle_normalize (a - b);

  return d > 180.0 ? 360.0 - d : d;
}

PhPoint
ph_point_from_bearing (PhPoint origin,
                       double  bearing,
                       double  distance)
{
  double s, c;

  ph_geometry_sincos_degrees (bearing, &s, &c);
  return (PhPoint) { origin.x + distance * s, origin.y - distance * c };
}

/* Segments */

double
ph_segment_point_distance (PhSegment s,
                           PhPoint   p)
{
  PhPoint d = point_sub (s.b, s.a);
  double len2 = dot (d, d);
  double t;

  if (len2 == 0.0)
    return ph_point_distance (s.a, p);

  t = CLAMP (dot (point_sub (p, s.a), d) / len2, 0.0, 1.0);
  return ph_point_distance (point_lerp (s.a, s.b, t), p);
}

double
ph_segment_segment_distance (PhSegment s,
                             PhSegment t)
{
  if (ph_segments_intersect (s, t))
    return 0.0;

  /* Disjoint segments are closest at an end point of one of them. */
  return MIN (MIN (ph_segment_point_distance (s, t.a),
                   ph_segment_point_distance (s, t.b)),
              MIN (ph_segment_point_distance (t, s.a),
                   ph_segment_point_distance (t, s.b)));
}

gboolean
ph_segments_intersect (PhSegment s,
                       PhSegment t)
{
  /* Two closed segments share a point when they cross properly, or when an
   * end point of one lies on the other (this covers touching, T-junctions,
   * collinear overlaps and zero-length segments). */
  if (ph_segment_point_distance (s, t.a) <= PH_EPSILON ||
      ph_segment_point_distance (s, t.b) <= PH_EPSILON ||
      ph_segment_point_distance (t, s.a) <= PH_EPSILON ||
      ph_segment_point_distance (t, s.b) <= PH_EPSILON)
    return TRUE;

  return ph_segments_cross (s, t, NULL);
}

gboolean
ph_segments_cross (PhSegment s,
                   PhSegment t,
                   PhPoint  *at)
{
  PhPoint ds, dt;
  double denom, u;

  if (segment_length (s) <= PH_EPSILON || segment_length (t) <= PH_EPSILON)
    return FALSE;

  if (line_side (s, t.a) * line_side (s, t.b) >= 0 ||
      line_side (t, s.a) * line_side (t, s.b) >= 0)
    return FALSE;

  if (at != NULL)
    {
      ds = point_sub (s.b, s.a);
      dt = point_sub (t.b, t.a);
      denom = cross (ds, dt);
      /* Not zero: the end points of t are on strictly opposite sides of s. */
      u = cross (point_sub (t.a, s.a), dt) / denom;
      *at = point_lerp (s.a, s.b, u);
    }

  return TRUE;
}

/* Shapes */

void
ph_shape_clear (PhShape *shape)
{
  g_return_if_fail (shape != NULL);

  g_free (shape->points);
  memset (shape, 0, sizeof *shape);
}

/* @dest is overwritten without being cleared first. */
void
ph_shape_copy (PhShape       *dest,
               const PhShape *src)
{
  g_return_if_fail (dest != NULL);
  g_return_if_fail (src != NULL);

  *dest = *src;
  dest->points = src->n_points > 0
                 ? g_memdup2 (src->points, src->n_points * sizeof (PhPoint))
                 : NULL;
}

void
ph_shape_update_bbox (PhShape *shape)
{
  PhRect r = { 0.0, 0.0, 0.0, 0.0 };

  g_return_if_fail (shape != NULL);

  if (shape->kind == PH_SHAPE_CIRCLE)
    {
      r.x0 = shape->centre.x - shape->radius;
      r.y0 = shape->centre.y - shape->radius;
      r.x1 = shape->centre.x + shape->radius;
      r.y1 = shape->centre.y + shape->radius;
    }
  else if (shape->n_points > 0)
    {
      r.x0 = r.x1 = shape->points[0].x;
      r.y0 = r.y1 = shape->points[0].y;
      for (guint i = 1; i < shape->n_points; i++)
        {
          r.x0 = MIN (r.x0, shape->points[i].x);
          r.y0 = MIN (r.y0, shape->points[i].y);
          r.x1 = MAX (r.x1, shape->points[i].x);
          r.y1 = MAX (r.y1, shape->points[i].y);
        }
      if (shape->kind == PH_SHAPE_POLYLINE)
        {
          double h = shape->line_width / 2.0;

          r.x0 -= h;
          r.y0 -= h;
          r.x1 += h;
          r.y1 += h;
        }
    }

  shape->bbox = r;
}

gboolean
ph_shape_contains_point (const PhShape *shape,
                         PhPoint        p)
{
  g_return_val_if_fail (shape != NULL, FALSE);

  switch (shape->kind)
    {
    case PH_SHAPE_POLYGON:
      return ph_geometry_polygon_contains (shape->points, shape->n_points, p);
    case PH_SHAPE_CIRCLE:
      return ph_point_distance (shape->centre, p) <= shape->radius + PH_EPSILON;
    case PH_SHAPE_POLYLINE:
    default:
      return FALSE;
    }
}

gboolean
ph_shape_interior_contains_point (const PhShape *shape,
                                  PhPoint        p)
{
  g_return_val_if_fail (shape != NULL, FALSE);

  switch (shape->kind)
    {
    case PH_SHAPE_POLYGON:
      return ph_geometry_polygon_interior_contains (shape->points, shape->n_points, p);
    case PH_SHAPE_CIRCLE:
      return ph_point_distance (shape->centre, p) < shape->radius - PH_EPSILON;
    case PH_SHAPE_POLYLINE:
    default:
      return FALSE;
    }
}

/* A zero-length segment has no part of positive length; it is taken to meet
 * an area's interior when its point is strictly inside, so that a "segment"
 * from a point to itself behaves like that point (and like the circle rule,
 * which is a distance test). */
gboolean
ph_segment_meets_interior (PhSegment      s,
                           const PhShape *shape)
{
  g_return_val_if_fail (shape != NULL, FALSE);

  switch (shape->kind)
    {
    case PH_SHAPE_POLYGON:
      if (segment_length (s) <= PH_EPSILON)
        return ph_shape_interior_contains_point (shape, s.a);
      return ph_geometry_segment_meets_polygon_interior (s, shape->points, shape->n_points);
    case PH_SHAPE_CIRCLE:
      return ph_segment_point_distance (s, shape->centre) < shape->radius - PH_EPSILON;
    case PH_SHAPE_POLYLINE:
      return ph_polyline_crossings (s, shape, TRUE, NULL) > 0;
    default:
      return FALSE;
    }
}

/* Appends @p to @found unless a point within PH_EPSILON is there already. */
static void
add_point_unique (GArray  *found,
                  PhPoint  p)
{
  for (guint i = 0; i < found->len; i++)
    if (points_close (g_array_index (found, PhPoint, i), p))
      return;
  g_array_append_val (found, p);
}

/* Every point where the closed segment @s and the closed edge @e meet: none,
 * one, or the two ends of a collinear overlap. End points are reported as
 * the exact input vertices where possible, so that the two edges meeting at
 * a polyline vertex report the very same point. */
static void
edge_contacts (PhSegment  s,
               PhSegment  e,
               GArray    *found)
{
  double s_len, e_len;
  PhPoint at;

  if (!ph_segments_intersect (s, e))
    return;

  s_len = segment_length (s);
  e_len = segment_length (e);
  if (e_len <= PH_EPSILON)
    {
      add_point_unique (found, e.a);
      return;
    }
  if (s_len <= PH_EPSILON)
    {
      add_point_unique (found, s.a);
      return;
    }

  if ((line_side (s, e.a) == 0 && line_side (s, e.b) == 0) ||
      (line_side (e, s.a) == 0 && line_side (e, s.b) == 0))
    {
      /* Collinear overlap: project everything on the segment's direction,
       * measured in table units from s.a. */
      PhPoint u = { (s.b.x - s.a.x) / s_len, (s.b.y - s.a.y) / s_len };
      double ta = dot (point_sub (e.a, s.a), u);
      double tb = dot (point_sub (e.b, s.a), u);
      PhPoint lo_pt = ta <= tb ? e.a : e.b;
      PhPoint hi_pt = ta <= tb ? e.b : e.a;

      if (MIN (ta, tb) < 0.0)
        lo_pt = s.a;
      if (MAX (ta, tb) > s_len)
        hi_pt = s.b;
      add_point_unique (found, lo_pt);
      add_point_unique (found, hi_pt);
      return;
    }

  if (ph_segments_cross (s, e, &at))
    {
      add_point_unique (found, at);
      return;
    }

  /* They touch at a single point, an end point of one of them. */
  if (ph_segment_point_distance (s, e.a) <= PH_EPSILON)
    add_point_unique (found, e.a);
  else if (ph_segment_point_distance (s, e.b) <= PH_EPSILON)
    add_point_unique (found, e.b);
  else if (ph_segment_point_distance (e, s.a) <= PH_EPSILON)
    add_point_unique (found, s.a);
  else
    add_point_unique (found, s.b);
}

/* The proper crossings of @s by the chain @v[0..n-1] (see
 * ph_polyline_crossings()). Each vertex is classified by the side of the
 * segment's line it lies on; the chain crosses where it goes from one side
 * to the other, either within an edge or through a run of vertices lying on
 * the line (a single vertex, or a stretch running along the line). The
 * crossing must be strictly inside the segment.
 *
 * Each crossing of the chain is found exactly once, so nothing is merged
 * here: two strands of a self-crossing polyline that cross the segment at
 * the same point are two crossings. */
static void
proper_crossings (PhSegment      s,
                  const PhPoint *v,
                  guint          n,
                  GArray        *found)
{
  g_autofree int *side = g_new (int, n);
  double s_len = segment_length (s);
  PhPoint u = { (s.b.x - s.a.x) / s_len, (s.b.y - s.a.y) / s_len };

#define STRICTLY_INSIDE(p) \
  (dot (point_sub ((p), s.a), u) > PH_EPSILON && \
   dot (point_sub ((p), s.a), u) < s_len - PH_EPSILON)

  for (guint i = 0; i < n; i++)
    side[i] = line_side (s, v[i]);

  for (guint i = 0; i + 1 < n; i++)
    {
      if (side[i] * side[i + 1] < 0)
        {
          /* Through the interior of edge i. */
          double da = line_signed_distance (s, v[i]);
          double db = line_signed_distance (s, v[i + 1]);
          PhPoint p = point_lerp (v[i], v[i + 1], da / (da - db));

          if (STRICTLY_INSIDE (p))
            g_array_append_val (found, p);
        }
      else if (side[i] != 0 && side[i + 1] == 0)
        {
          /* A run of vertices on the line starts at i + 1. */
          guint j = i + 1;
          gboolean inside = TRUE;

          while (j + 1 < n && side[j + 1] == 0)
            j++;
          if (j + 1 >= n)
            break; /* the chain ends on the line: no crossing */

          for (guint k = i + 1; k <= j; k++)
            inside = inside && STRICTLY_INSIDE (v[k]);
          if (inside && side[i] * side[j + 1] < 0)
            g_array_append_val (found, v[i + 1]);

          /* Edge (j, j + 1) leaves the line: nothing more to see there. */
          i = j;
        }
    }

#undef STRICTLY_INSIDE
}

/* Without @proper_only, every point the closed segment shares with the
 * polyline, a collinear overlap giving its two ends, points within
 * PH_EPSILON merged (a touch at a vertex is one point, not one per edge).
 * With @proper_only, the crossings of proper_crossings().
 *
 * Polygons are accepted too, as closed chains; so are polylines whose last
 * point repeats the first (a crossing at that point is then seen like any
 * other vertex). @out may be NULL to only count. */
guint
ph_polyline_crossings (PhSegment      s,
                       const PhShape *polyline,
                       gboolean       proper_only,
                       GArray        *out)
{
  g_autoptr(GArray) found = NULL;
  g_autofree PhPoint *chain = NULL;
  const PhPoint *p;
  guint n, n_chain, ring, start = 0;

  g_return_val_if_fail (polyline != NULL, 0);

  if (polyline->kind == PH_SHAPE_CIRCLE || polyline->n_points == 0)
    return 0;

  p = polyline->points;
  n = polyline->n_points;

  /* The chain of vertices to walk: the polyline as it is, or a closed ring
   * of @ring distinct vertices walked once around, back to its start. */
  if (polyline->kind == PH_SHAPE_POLYGON)
    ring = n;
  else if (n >= 4 && points_close (p[0], p[n - 1]))
    ring = n - 1;
  else
    ring = 0;

  if (ring > 0)
    {
      /* For proper crossings, start the walk at a vertex off the line, so
       * that no run of vertices on the line is cut in two by the start. */
      if (proper_only && segment_length (s) > PH_EPSILON)
        for (guint i = 0; i < ring; i++)
          if (line_side (s, p[i]) != 0)
            {
              start = i;
              break;
            }
      n_chain = ring + 1;
      chain = g_new (PhPoint, n_chain);
      for (guint i = 0; i < n_chain; i++)
        chain[i] = p[(start + i) % ring];
    }
  else
    {
      n_chain = n;
      chain = g_memdup2 (p, n * sizeof (PhPoint));
    }

  found = g_array_new (FALSE, FALSE, sizeof (PhPoint));

  if (proper_only)
    {
      if (segment_length (s) > PH_EPSILON)
        proper_crossings (s, chain, n_chain, found);
    }
  else if (n_chain == 1)
    {
      PhSegment e = { chain[0], chain[0] };

      edge_contacts (s, e, found);
    }
  else
    {
      for (guint i = 0; i + 1 < n_chain; i++)
        {
          PhSegment e = { chain[i], chain[i + 1] };

          edge_contacts (s, e, found);
        }
    }

  if (out != NULL)
    g_array_append_vals (out, found->data, found->len);
  return found->len;
}

double
ph_shape_point_distance (const PhShape *shape,
                         PhPoint        p)
{
  double best = G_MAXDOUBLE;

  g_return_val_if_fail (shape != NULL, 0.0);

  switch (shape->kind)
    {
    case PH_SHAPE_POLYGON:
      if (shape->n_points == 0)
        return G_MAXDOUBLE;
      if (ph_geometry_polygon_contains (shape->points, shape->n_points, p))
        return 0.0;
      return ph_geometry_polygon_boundary_distance (shape->points, shape->n_points, p);
    case PH_SHAPE_CIRCLE:
      return MAX (0.0, ph_point_distance (shape->centre, p) - shape->radius);
    case PH_SHAPE_POLYLINE:
      if (shape->n_points == 1)
        return ph_point_distance (shape->points[0], p);
      for (guint i = 0; i + 1 < shape->n_points; i++)
        {
          PhSegment e = { shape->points[i], shape->points[i + 1] };

          best = MIN (best, ph_segment_point_distance (e, p));
        }
      return best;
    default:
      return best;
    }
}

/* Closed rectangles: touching counts. */
gboolean
ph_rect_intersects (const PhRect *a,
                    const PhRect *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return a->x0 <= b->x1 && b->x0 <= a->x1 &&
         a->y0 <= b->y1 && b->y0 <= a->y1;
}

PhRect
ph_segment_bbox (PhSegment s)
{
  return (PhRect) {
    MIN (s.a.x, s.b.x), MIN (s.a.y, s.b.y),
    MAX (s.a.x, s.b.x), MAX (s.a.y, s.b.y),
  };
}
