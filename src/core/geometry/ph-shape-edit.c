/* ph-shape-edit.c: changing a shape as the terrain tools do
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-shape-edit.h"
#include "ph-geometry-private.h"

#include <math.h>
#include <string.h>

void
ph_shape_init_rect (PhShape *shape,
                    PhPoint  a,
                    PhPoint  b)
{
  double x0 = MIN (a.x, b.x), x1 = MAX (a.x, b.x);
  double y0 = MIN (a.y, b.y), y1 = MAX (a.y, b.y);
  PhPoint corners[4] = { { x0, y0 }, { x1, y0 }, { x1, y1 }, { x0, y1 } };

  ph_shape_init_points (shape, PH_SHAPE_POLYGON, corners, 4);
}

void
ph_shape_init_circle (PhShape *shape,
                      PhPoint  centre,
                      double   radius)
{
  memset (shape, 0, sizeof *shape);
  shape->kind = PH_SHAPE_CIRCLE;
  shape->centre = centre;
  shape->radius = radius;
  ph_shape_update_bbox (shape);
}

void
ph_shape_init_points (PhShape       *shape,
                      PhShapeKind    kind,
                      const PhPoint *points,
                      guint          n_points)
{
  memset (shape, 0, sizeof *shape);
  shape->kind = kind;
  shape->points = g_memdup2 (points, n_points * sizeof (PhPoint));
  shape->n_points = n_points;
  if (kind == PH_SHAPE_POLYLINE)
    shape->line_width = PH_SHAPE_DEFAULT_LINE_WIDTH;
  ph_shape_update_bbox (shape);
}

PhPoint
ph_shape_get_centre (const PhShape *shape)
{
  if (shape->kind == PH_SHAPE_CIRCLE)
    return shape->centre;
  return (PhPoint) { (shape->bbox.x0 + shape->bbox.x1) / 2,
                     (shape->bbox.y0 + shape->bbox.y1) / 2 };
}

void
ph_shape_translate (PhShape *shape,
                    double   dx,
                    double   dy)
{
  shape->centre.x += dx;
  shape->centre.y += dy;
  for (guint i = 0; i < shape->n_points; i++)
    {
      shape->points[i].x += dx;
      shape->points[i].y += dy;
    }
  ph_shape_update_bbox (shape);
}

static PhPoint
rotate_point (PhPoint p,
              PhPoint pivot,
              double  s,
              double  c)
{
  double x = p.x - pivot.x, y = p.y - pivot.y;

  return (PhPoint) { pivot.x + x * c - y * s, pivot.y + x * s + y * c };
}

void
ph_shape_rotate (PhShape *shape,
                 PhPoint  pivot,
                 double   degrees)
{
  double s, c;

  ph_geometry_sincos_degrees (degrees, &s, &c);
  shape->centre = rotate_point (shape->centre, pivot, s, c);
  for (guint i = 0; i < shape->n_points; i++)
    shape->points[i] = rotate_point (shape->points[i], pivot, s, c);
  ph_shape_update_bbox (shape);
}

gboolean
ph_shape_fit_rect (PhShape      *shape,
                   const PhRect *from,
                   const PhRect *to)
{
  double fw = from->x1 - from->x0, fh = from->y1 - from->y0;
  double tw = to->x1 - to->x0, th = to->y1 - to->y0;

  if (fw <= PH_EPSILON || fh <= PH_EPSILON || tw <= PH_EPSILON || th <= PH_EPSILON)
    return FALSE;
  if (shape->kind == PH_SHAPE_CIRCLE)
    {
      shape->centre = (PhPoint) { (to->x0 + to->x1) / 2, (to->y0 + to->y1) / 2 };
      shape->radius = MIN (tw, th) / 2;
    }
  for (guint i = 0; i < shape->n_points; i++)
    {
      PhPoint *p = &shape->points[i];

      p->x = to->x0 + (p->x - from->x0) * tw / fw;
      p->y = to->y0 + (p->y - from->y0) * th / fh;
    }
  ph_shape_update_bbox (shape);
  return TRUE;
}

void
ph_shape_round (PhShape *shape)
{
  for (guint i = 0; i < shape->n_points; i++)
    {
      shape->points[i].x = round (shape->points[i].x * 100) / 100;
      shape->points[i].y = round (shape->points[i].y * 100) / 100;
    }
  shape->centre.x = round (shape->centre.x * 100) / 100;
  shape->centre.y = round (shape->centre.y * 100) / 100;
  if (shape->kind == PH_SHAPE_CIRCLE)
    shape->radius = MAX (0.01, round (shape->radius * 100) / 100);
  ph_shape_update_bbox (shape);
}

gboolean
ph_shape_equal (const PhShape *a,
                const PhShape *b)
{
  if (a->kind != b->kind || a->n_points != b->n_points
      || a->centre.x != b->centre.x || a->centre.y != b->centre.y || a->radius != b->radius)
    return FALSE;
  for (guint i = 0; i < a->n_points; i++)
    if (a->points[i].x != b->points[i].x || a->points[i].y != b->points[i].y)
      return FALSE;
  return TRUE;
}

int
ph_shape_find_vertex (const PhShape *shape,
                      PhPoint        p,
                      double         tolerance)
{
  int best = -1;
  double best_d = tolerance;

  for (guint i = 0; i < shape->n_points; i++)
    {
      double d = ph_point_distance (shape->points[i], p);

      if (d <= best_d)
        {
          best = i;
          best_d = d;
        }
    }
  return best;
}

static guint
n_edges (const PhShape *shape)
{
  if (shape->kind == PH_SHAPE_POLYGON)
    return shape->n_points;
  if (shape->kind == PH_SHAPE_POLYLINE && shape->n_points > 0)
    return shape->n_points - 1;
  return 0;
}

PhPoint
ph_shape_edge_midpoint (const PhShape *shape,
                        guint          edge)
{
  PhPoint a = shape->points[edge];
  PhPoint b = shape->points[(edge + 1) % shape->n_points];

  return (PhPoint) { (a.x + b.x) / 2, (a.y + b.y) / 2 };
}

int
ph_shape_find_edge_midpoint (const PhShape *shape,
                             PhPoint        p,
                             double         tolerance)
{
  int best = -1;
  double best_d = tolerance;

  for (guint i = 0; i < n_edges (shape); i++)
    {
      double d = ph_point_distance (ph_shape_edge_midpoint (shape, i), p);

      if (d <= best_d)
        {
          best = i;
          best_d = d;
        }
    }
  return best;
}

void
ph_shape_move_vertex (PhShape *shape,
                      guint    vertex,
                      PhPoint  to)
{
  g_return_if_fail (vertex < shape->n_points);
  shape->points[vertex] = to;
  ph_shape_update_bbox (shape);
}

gboolean
ph_shape_insert_vertex (PhShape *shape,
                        guint    edge,
                        PhPoint  at)
{
  if (edge >= n_edges (shape))
    return FALSE;
  shape->points = g_renew (PhPoint, shape->points, shape->n_points + 1);
  memmove (shape->points + edge + 2, shape->points + edge + 1,
           (shape->n_points - edge - 1) * sizeof (PhPoint));
  shape->points[edge + 1] = at;
  shape->n_points++;
  ph_shape_update_bbox (shape);
  return TRUE;
}

gboolean
ph_shape_delete_vertex (PhShape *shape,
                        guint    vertex)
{
  guint least = shape->kind == PH_SHAPE_POLYGON ? 3 : 2;

  if (shape->kind == PH_SHAPE_CIRCLE || vertex >= shape->n_points
      || shape->n_points <= least)
    return FALSE;
  memmove (shape->points + vertex, shape->points + vertex + 1,
           (shape->n_points - vertex - 1) * sizeof (PhPoint));
  shape->n_points--;
  ph_shape_update_bbox (shape);
  return TRUE;
}
