/* ph-geometry-polygon.c: polygons (implicitly closed rings): containment,
 * boundary distance, segment against interior, simplicity and area
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Split from ph-geometry.c; the same tolerance (PH_EPSILON) applies.
 */
#include "ph-geometry.h"
#include "ph-geometry-private.h"

#include <stdlib.h>

/* Polygon helpers (implicitly closed rings) */

static gboolean
polygon_on_boundary (const PhPoint *points,
                     guint          n_points,
                     PhPoint        p)
{
  for (guint i = 0; i < n_points; i++)
    {
      PhSegment e = { points[i], points[i + 1 < n_points ? i + 1 : 0] };

      /* most edges are nowhere near: their box, widened, tells */
      if (p.x < MIN (e.a.x, e.b.x) - PH_EPSILON || p.x > MAX (e.a.x, e.b.x) + PH_EPSILON
          || p.y < MIN (e.a.y, e.b.y) - PH_EPSILON || p.y > MAX (e.a.y, e.b.y) + PH_EPSILON)
        continue;
      if (segment_point_near (e, p))
        return TRUE;
    }
  return FALSE;
}

/* Even-odd ray casting; the result is meaningless for points on the
 * boundary, which the callers test first. */
static gboolean
polygon_even_odd (const PhPoint *points,
                  guint          n_points,
                  PhPoint        p)
{
  gboolean inside = FALSE;

  for (guint i = 0, j = n_points - 1; i < n_points; j = i++)
    {
      PhPoint a = points[i];
      PhPoint b = points[j];

      if ((a.y > p.y) != (b.y > p.y) &&
          p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x)
        inside = !inside;
    }
  return inside;
}

gboolean
ph_geometry_polygon_contains (const PhPoint *points,
                              guint          n_points,
                              PhPoint        p)
{
  if (n_points == 0)
    return FALSE;
  if (polygon_on_boundary (points, n_points, p))
    return TRUE;
  return n_points >= 3 && polygon_even_odd (points, n_points, p);
}

gboolean
ph_geometry_polygon_interior_contains (const PhPoint *points,
                                       guint          n_points,
                                       PhPoint        p)
{
  /* the cheaper test first: most points asked about are outside */
  if (n_points < 3 || !polygon_even_odd (points, n_points, p))
    return FALSE;
  return !polygon_on_boundary (points, n_points, p);
}

double
ph_geometry_polygon_boundary_distance (const PhPoint *points,
                                       guint          n_points,
                                       PhPoint        p)
{
  double best = G_MAXDOUBLE;

  for (guint i = 0; i < n_points; i++)
    {
      PhSegment e = { points[i], points[(i + 1) % n_points] };

      best = MIN (best, ph_segment_point_distance (e, p));
    }
  return best;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Sorts the few cuts a segment usually has in place; qsort() for many */
static void
sort_cuts (double *t,
           guint   n)
{
  if (n > 32)
    {
      qsort (t, n, sizeof t[0], compare_doubles);
      return;
    }
  for (guint i = 1; i < n; i++)
    {
      double v = t[i];
      guint j = i;

      for (; j > 0 && t[j - 1] > v; j--)
        t[j] = t[j - 1];
      t[j] = v;
    }
}

/* The cuts of a segment, on the stack for polygons of up to this many
 * points (each edge gives at most two) */
#define CUTS_ON_STACK 256

/* See ph_segment_meets_interior() in ph-geometry.c: the segment is cut at
 * every parameter where it meets the boundary; between two cuts it is either
 * wholly inside or wholly outside, which the midpoint tells. Extra cuts are
 * harmless, a missing one is not, so the cuts are collected generously.
 * Nothing is allocated for polygons of up to CUTS_ON_STACK / 2 - 1 points. */
gboolean
ph_geometry_segment_meets_polygon_interior (PhSegment      s,
                                            const PhPoint *points,
                                            guint          n_points)
{
  double cuts_buf[CUTS_ON_STACK];
  g_autofree double *cuts_heap = NULL;
  double *t = cuts_buf;
  guint n_cuts = 0;
  PhPoint d = point_sub (s.b, s.a);
  double len2 = dot (d, d);
  PhRect box;

  if (n_points < 3)
    return FALSE;

  if (2 * (gsize) n_points + 2 > CUTS_ON_STACK)
    t = cuts_heap = g_new (double, 2 * (gsize) n_points + 2);
  t[n_cuts++] = 0.0;
  t[n_cuts++] = 1.0;

  /* An edge whose box is more than PH_EPSILON from the segment's can give
   * no cut: neither of its vertices is on the segment, and the lines'
   * crossing is on both only where the two meet. */
  box = ph_segment_bbox (s);
  box.x0 -= 2 * PH_EPSILON;
  box.y0 -= 2 * PH_EPSILON;
  box.x1 += 2 * PH_EPSILON;
  box.y1 += 2 * PH_EPSILON;

  for (guint i = 0; i < n_points; i++)
    {
      PhSegment e = { points[i], points[i + 1 < n_points ? i + 1 : 0] };
      PhPoint de;
      double denom;

      if (MAX (e.a.x, e.b.x) < box.x0 || MIN (e.a.x, e.b.x) > box.x1
          || MAX (e.a.y, e.b.y) < box.y0 || MIN (e.a.y, e.b.y) > box.y1)
        continue;

      de = point_sub (e.b, e.a);
      denom = cross (d, de);

      /* Vertices on the segment: these are also the ends of collinear
       * overlaps that do not reach the segment's own end points. */
      if (segment_point_near (s, e.a))
        t[n_cuts++] = CLAMP (dot (point_sub (e.a, s.a), d) / len2, 0.0, 1.0);

      /* Where the lines of the segment and the edge cross, if that is on
       * both of them. */
      if (denom != 0.0)
        {
          PhPoint w = point_sub (e.a, s.a);
          double u = cross (w, de) / denom;
          double v = cross (w, d) / denom;

          if (v >= 0.0 && v <= 1.0 && u >= -PH_EPSILON && u <= 1.0 + PH_EPSILON)
            t[n_cuts++] = CLAMP (u, 0.0, 1.0);
        }
    }

  sort_cuts (t, n_cuts);

  for (guint i = 0; i + 1 < n_cuts; i++)
    {
      if (t[i + 1] > t[i] &&
          ph_geometry_polygon_interior_contains (points, n_points,
                                                 point_lerp (s.a, s.b, (t[i] + t[i + 1]) / 2.0)))
        return TRUE;
    }

  return FALSE;
}

typedef struct
{
  double x0;     /* the left end of the edge's box */
  guint index;   /* edge index: from points[index] to the next point */
} EdgeStart;

static int
compare_edge_starts (const void *a,
                     const void *b)
{
  const EdgeStart *ea = a, *eb = b;

  if (ea->x0 != eb->x0)
    return ea->x0 < eb->x0 ? -1 : 1;
  return (ea->index > eb->index) - (ea->index < eb->index);
}

gboolean
ph_polygon_is_simple (const PhPoint *points,
                      guint          n_points)
{
  if (n_points < 3)
    return FALSE;

  g_return_val_if_fail (points != NULL, FALSE);

  for (guint i = 0; i < n_points; i++)
    {
      PhSegment e = { points[i], points[(i + 1) % n_points] };
      PhSegment next = { e.b, points[(i + 2) % n_points] };

      if (segment_length (e) <= PH_EPSILON)
        return FALSE;

      /* Adjacent edges share their common vertex and nothing more: they
       * must not fold back over each other. */
      if (ph_segment_point_distance (next, e.a) <= PH_EPSILON ||
          ph_segment_point_distance (e, next.b) <= PH_EPSILON)
        return FALSE;
    }

  /* Every pair of edges whose boxes meet (within PH_EPSILON) is tested;
   * the edges are swept in order of their left ends so that only pairs
   * that overlap in x are looked at: about n log n for the polygons of a
   * map, rather than n^2 (a polygon of 100,000 points took half a minute). */
  {
    g_autofree PhRect *boxes = g_new (PhRect, n_points);
    g_autofree EdgeStart *order = g_new (EdgeStart, n_points);

    for (guint i = 0; i < n_points; i++)
      {
        PhSegment e = { points[i], points[(i + 1) % n_points] };

        boxes[i] = ph_segment_bbox (e);
        order[i].x0 = boxes[i].x0;
        order[i].index = i;
      }
    qsort (order, n_points, sizeof *order, compare_edge_starts);

    for (guint a = 0; a < n_points; a++)
      {
        const PhRect *ra = &boxes[order[a].index];

        for (guint b = a + 1; b < n_points && order[b].x0 <= ra->x1 + 2 * PH_EPSILON; b++)
          {
            guint i = MIN (order[a].index, order[b].index);
            guint j = MAX (order[a].index, order[b].index);
            PhSegment e = { points[i], points[(i + 1) % n_points] };
            PhSegment f = { points[j], points[(j + 1) % n_points] };
            PhRect rf = boxes[j];

            /* Edges i + 1 and n - 1 (for i = 0) are adjacent to edge i. */
            if (j == i + 1 || (i == 0 && j == n_points - 1))
              continue;

            rf.x0 -= PH_EPSILON;
            rf.y0 -= PH_EPSILON;
            rf.x1 += PH_EPSILON;
            rf.y1 += PH_EPSILON;
            if (ph_rect_intersects (&boxes[i], &rf) && ph_segments_intersect (e, f))
              return FALSE;
          }
      }
  }

  return TRUE;
}

/* Shoelace formula. With y pointing down, the area is positive when the
 * points go clockwise on the screen. */
double
ph_polygon_area (const PhPoint *points,
                 guint          n_points)
{
  double sum = 0.0;

  if (n_points < 3)
    return 0.0;

  for (guint i = 0, j = n_points - 1; i < n_points; j = i++)
    sum += points[j].x * points[i].y - points[i].x * points[j].y;

  return sum / 2.0;
}
