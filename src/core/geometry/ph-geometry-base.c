/* ph-geometry-base.c: figures' bases (round or square, turned by facing)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Split from ph-geometry.c; the same tolerance (PH_EPSILON) applies.
 */
#include <math.h>
#include <string.h>

#include "ph-geometry.h"
#include "ph-geometry-private.h"

/* Bases */

double
ph_base_radius (const PhBase *base)
{
  g_return_val_if_fail (base != NULL, 0.0);

  return base->width / 2.0;
}

/* For a round base, the corners of the square circumscribing it. */
void
ph_base_corners (const PhBase *base,
                 PhPoint       corners[4])
{
  double s, c, hw, hd;
  PhPoint f, r;

  g_return_if_fail (base != NULL);

  ph_geometry_sincos_degrees (base->facing, &s, &c);
  hw = base->width / 2.0;
  hd = (base->square ? base->depth : base->width) / 2.0;
  f = (PhPoint) { s * hd, -c * hd };  /* centre to the middle of the front */
  r = (PhPoint) { c * hw, s * hw };   /* centre to the middle of the right */

  corners[0] = (PhPoint) { base->centre.x + f.x - r.x, base->centre.y + f.y - r.y };
  corners[1] = (PhPoint) { base->centre.x + f.x + r.x, base->centre.y + f.y + r.y };
  corners[2] = (PhPoint) { base->centre.x - f.x + r.x, base->centre.y - f.y + r.y };
  corners[3] = (PhPoint) { base->centre.x - f.x - r.x, base->centre.y - f.y - r.y };
}

/* @shape is overwritten without being cleared first. */
void
ph_base_to_shape (const PhBase *base,
                  PhShape      *shape)
{
  g_return_if_fail (base != NULL);
  g_return_if_fail (shape != NULL);

  memset (shape, 0, sizeof *shape);
  if (base->square)
    {
      shape->kind = PH_SHAPE_POLYGON;
      shape->points = g_new (PhPoint, 4);
      shape->n_points = 4;
      ph_base_corners (base, shape->points);
    }
  else
    {
      shape->kind = PH_SHAPE_CIRCLE;
      shape->centre = base->centre;
      shape->radius = ph_base_radius (base);
    }
  ph_shape_update_bbox (shape);
}

/* The base as a shape without allocating: a square base's corners go into
 * the caller's @corners. The shape must not be cleared. */
static void
base_shape_on_stack (const PhBase *base,
                     PhShape      *shape,
                     PhPoint       corners[4])
{
  memset (shape, 0, sizeof *shape);
  if (base->square)
    {
      ph_base_corners (base, corners);
      shape->kind = PH_SHAPE_POLYGON;
      shape->points = corners;
      shape->n_points = 4;
    }
  else
    {
      shape->kind = PH_SHAPE_CIRCLE;
      shape->centre = base->centre;
      shape->radius = ph_base_radius (base);
    }
}

static double
polygon_polygon_distance (const PhPoint *a,
                          guint          na,
                          const PhPoint *b,
                          guint          nb)
{
  double best = G_MAXDOUBLE;

  /* One inside the other (then no edges need meet). */
  if (ph_geometry_polygon_contains (a, na, b[0]) || ph_geometry_polygon_contains (b, nb, a[0]))
    return 0.0;

  /* Otherwise the least distance is between two edges, 0 when they meet. */
  for (guint i = 0; i < na; i++)
    {
      PhSegment e = { a[i], a[(i + 1) % na] };

      for (guint j = 0; j < nb; j++)
        {
          PhSegment f = { b[j], b[(j + 1) % nb] };

          best = MIN (best, ph_segment_segment_distance (e, f));
        }
    }

  return best;
}

double
ph_base_distance (const PhBase *a,
                  const PhBase *b)
{
  PhPoint ca[4], cb[4];

  g_return_val_if_fail (a != NULL && b != NULL, 0.0);

  if (!a->square && !b->square)
    return MAX (0.0, ph_point_distance (a->centre, b->centre)
                     - ph_base_radius (a) - ph_base_radius (b));

  if (a->square != b->square)
    {
      const PhBase *round = a->square ? b : a;
      const PhBase *square = a->square ? a : b;

      ph_base_corners (square, ca);
      if (ph_geometry_polygon_contains (ca, 4, round->centre))
        return 0.0;
      return MAX (0.0, ph_geometry_polygon_boundary_distance (ca, 4, round->centre)
                       - ph_base_radius (round));
    }

  ph_base_corners (a, ca);
  ph_base_corners (b, cb);
  return polygon_polygon_distance (ca, 4, cb, 4);
}

gboolean
ph_base_contains_point (const PhBase *base,
                        PhPoint       p)
{
  PhShape shape;
  PhPoint corners[4];

  g_return_val_if_fail (base != NULL, FALSE);

  base_shape_on_stack (base, &shape, corners);
  return ph_shape_contains_point (&shape, p);
}

gboolean
ph_segment_meets_base (PhSegment     s,
                       const PhBase *base)
{
  PhShape shape;
  PhPoint corners[4];

  g_return_val_if_fail (base != NULL, FALSE);

  base_shape_on_stack (base, &shape, corners);
  return ph_segment_meets_interior (s, &shape);
}
