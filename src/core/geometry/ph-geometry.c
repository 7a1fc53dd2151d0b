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
  PhPoint d = point_sub (b, a);

  return dot (d, d) <= PH_EPSILON2;
}

/* Which side of the line through a segment (of positive length) points lie
 * on, without dividing by the length for every point: the cross product
 * is compared with PH_EPSILON times the length, worked out once. */
typedef struct
{
  PhPoint a;
  PhPoint d;    /* the segment's direction, not normalised */
  double tol;   /* PH_EPSILON * its length */
} SideTest;

static inline SideTest
side_test_init (PhSegment s,
                double    length)
{
  return (SideTest) { s.a, point_sub (s.b, s.a), PH_EPSILON * length };
}

/* The signed distance from @p to the line, times the segment's length.
 * The sign tells the side; which side is which does not matter to the
 * callers, only whether two signs agree. */
static inline double
side_cross (const SideTest *t,
            PhPoint         p)
{
  return cross (t->d, point_sub (p, t->a));
}

/* -1, 0 or +1: the side of the line that @p lies on, 0 when it is within
 * PH_EPSILON of the line. */
static inline int
side_of (const SideTest *t,
         PhPoint         p)
{
  double c = side_cross (t, p);

  if (c > t->tol)
    return 1;
  if (c < -t->tol)
    return -1;
  return 0;
}

static inline int
line_side (PhSegment s, PhPoint p)
{
  SideTest t = side_test_init (s, segment_length (s));

  return side_of (&t, p);
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
  if (segment_point_near (s, t.a) || segment_point_near (s, t.b) ||
      segment_point_near (t, s.a) || segment_point_near (t, s.b))
    return TRUE;

  return ph_segments_cross (s, t, NULL);
}

static gboolean
rect_holds (const PhRect *r,
            PhPoint       p)
{
  return p.x >= r->x0 && p.x <= r->x1 && p.y >= r->y0 && p.y <= r->y1;
}

gboolean
ph_segment_meets_rect (PhSegment     s,
                       const PhRect *r)
{
  PhPoint c[4] = { { r->x0, r->y0 }, { r->x1, r->y0 }, { r->x1, r->y1 }, { r->x0, r->y1 } };

  g_return_val_if_fail (r != NULL, FALSE);

  if (rect_holds (r, s.a) || rect_holds (r, s.b))
    return TRUE;
  for (guint k = 0; k < 4; k++)
    if (ph_segments_intersect (s, (PhSegment) { c[k], c[(k + 1) % 4] }))
      return TRUE;
  return FALSE;
}

gboolean
ph_segments_cross (PhSegment s,
                   PhSegment t,
                   PhPoint  *at)
{
  PhPoint ds, dt;
  double denom, u, ls2 = segment_length2 (s), lt2 = segment_length2 (t);
  SideTest side_s, side_t;

  if (ls2 <= PH_EPSILON2 || lt2 <= PH_EPSILON2)
    return FALSE;

  side_s = side_test_init (s, sqrt (ls2));
  if (side_of (&side_s, t.a) * side_of (&side_s, t.b) >= 0)
    return FALSE;
  side_t = side_test_init (t, sqrt (lt2));
  if (side_of (&side_t, s.a) * side_of (&side_t, s.b) >= 0)
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
      {
        PhPoint d = point_sub (p, shape->centre);
        double r = shape->radius + PH_EPSILON;

        return r >= 0.0 && dot (d, d) <= r * r;
      }
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
      {
        PhPoint d = point_sub (p, shape->centre);
        double r = shape->radius - PH_EPSILON;

        return r > 0.0 && dot (d, d) < r * r;
      }
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
      if (segment_length2 (s) <= PH_EPSILON2)
        return ph_shape_interior_contains_point (shape, s.a);
      return ph_geometry_segment_meets_polygon_interior (s, shape->points, shape->n_points);
    case PH_SHAPE_CIRCLE:
      {
        double r = shape->radius - PH_EPSILON;

        return r > 0.0 && segment_point_distance2 (s, shape->centre) < r * r;
      }
    case PH_SHAPE_POLYLINE:
      return ph_polyline_crossings (s, shape, TRUE, NULL) > 0;
    default:
      return FALSE;
    }
}

/* Appends @p to @found unless a point within PH_EPSILON is there already,
 * from index @first on (what this search found, not what the caller's
 * array held before). */
static void
add_point_unique (GArray  *found,
                  guint    first,
                  PhPoint  p)
{
  for (guint i = first; i < found->len; i++)
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
               GArray    *found,
               guint      first)
{
  double s_len2, e_len2, s_len;
  PhPoint at;

  if (!ph_segments_intersect (s, e))
    return;

  s_len2 = segment_length2 (s);
  e_len2 = segment_length2 (e);
  if (e_len2 <= PH_EPSILON2)
    {
      add_point_unique (found, first, e.a);
      return;
    }
  if (s_len2 <= PH_EPSILON2)
    {
      add_point_unique (found, first, s.a);
      return;
    }

  s_len = sqrt (s_len2);
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
      add_point_unique (found, first, lo_pt);
      add_point_unique (found, first, hi_pt);
      return;
    }

  if (ph_segments_cross (s, e, &at))
    {
      add_point_unique (found, first, at);
      return;
    }

  /* They touch at a single point, an end point of one of them. */
  if (segment_point_near (s, e.a))
    add_point_unique (found, first, e.a);
  else if (segment_point_near (s, e.b))
    add_point_unique (found, first, e.b);
  else if (segment_point_near (e, s.a))
    add_point_unique (found, first, s.a);
  else
    add_point_unique (found, first, s.b);
}

/* A chain of vertices: the polyline's points as they are, or a closed ring
 * of @ring distinct points walked once around from @start, back to it;
 * read in place rather than copied. */
typedef struct
{
  const PhPoint *p;
  guint n;       /* points in the walk */
  guint ring;    /* 0: an open chain */
  guint start;
} Chain;

static inline PhPoint
chain_at (const Chain *c,
          guint        i)
{
  if (c->ring == 0)
    return c->p[i];
  i += c->start;
  return c->p[i >= c->ring ? i - c->ring : i];
}

/* The sides of a chain's vertices, in a buffer on the stack for the usual
 * polylines and on the heap for long ones */
#define SIDES_ON_STACK 256

/* The proper crossings of @s by the chain (see ph_polyline_crossings()),
 * appended to @found when it is not NULL; returns how many. Each vertex is
 * classified by the side of the segment's line it lies on; the chain
 * crosses where it goes from one side to the other, either within an edge
 * or through a run of vertices lying on the line (a single vertex, or a
 * stretch running along the line). The crossing must be strictly inside
 * the segment.
 *
 * Each crossing of the chain is found exactly once, so nothing is merged
 * here: two strands of a self-crossing polyline that cross the segment at
 * the same point are two crossings. */
static guint
proper_crossings (PhSegment    s,
                  const Chain *chain,
                  GArray      *found)
{
  signed char side_buf[SIDES_ON_STACK];
  g_autofree signed char *side_heap = NULL;
  signed char *side = side_buf;
  double s_len = segment_length (s);
  SideTest test = side_test_init (s, s_len);
  PhPoint u = { (s.b.x - s.a.x) / s_len, (s.b.y - s.a.y) / s_len };
  guint n = chain->n, count = 0;

#define STRICTLY_INSIDE(p) \
  (dot (point_sub ((p), s.a), u) > PH_EPSILON && \
   dot (point_sub ((p), s.a), u) < s_len - PH_EPSILON)

  if (n > SIDES_ON_STACK)
    side = side_heap = g_new (signed char, n);
  for (guint i = 0; i < n; i++)
    side[i] = side_of (&test, chain_at (chain, i));

  for (guint i = 0; i + 1 < n; i++)
    {
      if (side[i] * side[i + 1] < 0)
        {
          /* Through the interior of edge i. */
          PhPoint vi = chain_at (chain, i), vj = chain_at (chain, i + 1);
          double da = side_cross (&test, vi);
          double db = side_cross (&test, vj);
          PhPoint p = point_lerp (vi, vj, da / (da - db));

          if (STRICTLY_INSIDE (p))
            {
              count++;
              if (found != NULL)
                g_array_append_val (found, p);
            }
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
            inside = inside && STRICTLY_INSIDE (chain_at (chain, k));
          if (inside && side[i] * side[j + 1] < 0)
            {
              PhPoint v = chain_at (chain, i + 1);

              count++;
              if (found != NULL)
                g_array_append_val (found, v);
            }

          /* Edge (j, j + 1) leaves the line: nothing more to see there. */
          i = j;
        }
    }

#undef STRICTLY_INSIDE
  return count;
}

/* Without @proper_only, every point the closed segment shares with the
 * polyline, a collinear overlap giving its two ends, points within
 * PH_EPSILON merged (a touch at a vertex is one point, not one per edge).
 * With @proper_only, the crossings of proper_crossings().
 *
 * Polygons are accepted too, as closed chains; so are polylines whose last
 * point repeats the first (a crossing at that point is then seen like any
 * other vertex). @out may be NULL to only count. Nothing is allocated but
 * what @out grows by (and, to count contacts without @out, one scratch
 * array). */
guint
ph_polyline_crossings (PhSegment      s,
                       const PhShape *polyline,
                       gboolean       proper_only,
                       GArray        *out)
{
  g_autoptr(GArray) scratch = NULL;
  GArray *found;
  const PhPoint *p;
  Chain chain = { 0 };
  guint n, first;

  g_return_val_if_fail (polyline != NULL, 0);

  if (polyline->kind == PH_SHAPE_CIRCLE || polyline->n_points == 0)
    return 0;

  p = polyline->points;
  n = polyline->n_points;

  /* The chain of vertices to walk: the polyline as it is, or a closed ring
   * of @ring distinct vertices walked once around, back to its start. */
  chain.p = p;
  if (polyline->kind == PH_SHAPE_POLYGON)
    chain.ring = n;
  else if (n >= 4 && points_close (p[0], p[n - 1]))
    chain.ring = n - 1;

  if (chain.ring > 0)
    {
      /* For proper crossings, start the walk at a vertex off the line, so
       * that no run of vertices on the line is cut in two by the start. */
      if (proper_only && segment_length2 (s) > PH_EPSILON2)
        {
          SideTest test = side_test_init (s, segment_length (s));

          for (guint i = 0; i < chain.ring; i++)
            if (side_of (&test, p[i]) != 0)
              {
                chain.start = i;
                break;
              }
        }
      chain.n = chain.ring + 1;
    }
  else
    chain.n = n;

  if (proper_only)
    {
      if (segment_length2 (s) <= PH_EPSILON2)
        return 0;
      return proper_crossings (s, &chain, out);
    }

  if (out != NULL)
    found = out;
  else
    found = scratch = g_array_new (FALSE, FALSE, sizeof (PhPoint));
  first = found->len;

  if (chain.n == 1)
    {
      PhSegment e = { chain_at (&chain, 0), chain_at (&chain, 0) };

      edge_contacts (s, e, found, first);
    }
  else
    {
      for (guint i = 0; i + 1 < chain.n; i++)
        {
          PhSegment e = { chain_at (&chain, i), chain_at (&chain, i + 1) };

          edge_contacts (s, e, found, first);
        }
    }

  return found->len - first;
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
