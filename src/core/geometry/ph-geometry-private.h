/* ph-geometry-private.h: helpers shared by the geometry files
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>

#include "ph-geometry.h"

G_BEGIN_DECLS

/* The tolerance of every geometric predicate, in table units */
#define PH_EPSILON 1e-9
/* Its square, for tests on squared distances (no square root in the
 * inner loops) */
#define PH_EPSILON2 (PH_EPSILON * PH_EPSILON)

/* sin and cos of an angle in degrees, exact at multiples of 90 degrees */
void     ph_geometry_sincos_degrees (double degrees, double *s, double *c);
/* Closed containment in an implicitly closed ring */
gboolean ph_geometry_polygon_contains (const PhPoint *points, guint n_points, PhPoint p);
/* Least distance from @p to the ring's edges */
double   ph_geometry_polygon_boundary_distance (const PhPoint *points, guint n_points, PhPoint p);
/* Strict interior containment: FALSE on the boundary and for fewer than 3 points */
gboolean ph_geometry_polygon_interior_contains (const PhPoint *points, guint n_points, PhPoint p);
/* ph_segment_meets_interior() for a polygon ring, the segment of positive length */
gboolean ph_geometry_segment_meets_polygon_interior (PhSegment s, const PhPoint *points,
                                                     guint n_points);

/* Small vector helpers */

static inline PhPoint
point_sub (PhPoint a, PhPoint b)
{
  return (PhPoint) { a.x - b.x, a.y - b.y };
}

static inline PhPoint
point_lerp (PhPoint a, PhPoint b, double t)
{
  return (PhPoint) { a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t };
}

static inline double
cross (PhPoint u, PhPoint v)
{
  return u.x * v.y - u.y * v.x;
}

static inline double
dot (PhPoint u, PhPoint v)
{
  return u.x * v.x + u.y * v.y;
}

/* Lengths without hypot(): table coordinates are far from overflowing */
static inline double
segment_length2 (PhSegment s)
{
  PhPoint d = point_sub (s.b, s.a);

  return dot (d, d);
}

static inline double
segment_length (PhSegment s)
{
  return sqrt (segment_length2 (s));
}

/* The squared distance from @p to the closed segment @s; compare it with
 * PH_EPSILON2 where ph_segment_point_distance() would be compared with
 * PH_EPSILON */
static inline double
segment_point_distance2 (PhSegment s,
                         PhPoint   p)
{
  PhPoint d = point_sub (s.b, s.a);
  double len2 = dot (d, d);
  PhPoint q;
  double t;

  if (len2 == 0.0)
    {
      q = point_sub (p, s.a);
      return dot (q, q);
    }
  t = CLAMP (dot (point_sub (p, s.a), d) / len2, 0.0, 1.0);
  q = point_sub (point_lerp (s.a, s.b, t), p);
  return dot (q, q);
}

/* Within PH_EPSILON of the closed segment */
static inline gboolean
segment_point_near (PhSegment s,
                    PhPoint   p)
{
  return segment_point_distance2 (s, p) <= PH_EPSILON2;
}

G_END_DECLS
