/* ph-geometry.h: plane geometry for the table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Table coordinates: x grows to the right, y grows downwards (screen-like).
 * Angles ("facing", "bearing") are degrees clockwise from "up" (-y):
 * 0 = up, 90 = right (+x), 180 = down, 270 = left.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double x;
  double y;
} PhPoint;

typedef struct
{
  PhPoint a;
  PhPoint b;
} PhSegment;

typedef struct
{
  double x0, y0; /* top-left */
  double x1, y1; /* bottom-right */
} PhRect;

typedef enum
{
  PH_SHAPE_POLYGON,  /* area, implicitly closed, >= 3 points */
  PH_SHAPE_CIRCLE,   /* area */
  PH_SHAPE_POLYLINE, /* linear, >= 2 points, no width for the rules */
} PhShapeKind;

typedef struct
{
  PhShapeKind kind;
  PhPoint *points;   /* polygon and polyline; g_free'd by ph_shape_clear() */
  guint n_points;
  PhPoint centre;    /* circle */
  double radius;     /* circle */
  double line_width; /* polyline: drawing width only */
  PhRect bbox;       /* filled by ph_shape_update_bbox() */
} PhShape;

/* A figure's base: round (diameter = width) or square (width across x of
 * the base frame, depth along its facing), rotated by facing. */
typedef struct
{
  PhPoint centre;
  gboolean square;
  double width;
  double depth;
  double facing; /* degrees */
} PhBase;

/* Points and angles */
double   ph_point_distance       (PhPoint a, PhPoint b);
double   ph_angle_normalize      (double degrees);           /* [0, 360) */
double   ph_bearing              (PhPoint from, PhPoint to); /* [0, 360), clockwise from up */
double   ph_angle_difference     (double a, double b);       /* [0, 180] */
PhPoint  ph_point_from_bearing   (PhPoint origin, double bearing, double distance);

/* Segments */
double   ph_segment_point_distance   (PhSegment s, PhPoint p);
double   ph_segment_segment_distance (PhSegment s, PhSegment t);
/* TRUE when the two closed segments share at least one point. */
gboolean ph_segments_intersect       (PhSegment s, PhSegment t);
/* TRUE when the segments cross properly: each passes from one side of the
 * other to the other side (touching at an end, or overlapping collinearly,
 * is not a crossing). */
gboolean ph_segments_cross           (PhSegment s, PhSegment t, PhPoint *at);
/* TRUE when @s has a point in the closed rectangle @r: it crosses or
 * touches an edge, or lies inside (a label the line runs through). */
gboolean ph_segment_meets_rect       (PhSegment s, const PhRect *r);

/* Shapes */
void     ph_shape_clear          (PhShape *shape);
void     ph_shape_copy           (PhShape *dest, const PhShape *src);
void     ph_shape_update_bbox    (PhShape *shape);
/* Closed containment (boundary counts) for polygons and circles; FALSE for
 * polylines. */
gboolean ph_shape_contains_point (const PhShape *shape, PhPoint p);
/* Strict interior containment for polygons and circles. */
gboolean ph_shape_interior_contains_point (const PhShape *shape, PhPoint p);
/* For an area shape: TRUE when some part of the segment of positive length
 * lies strictly inside the shape (touching the boundary at a single point,
 * or running along an edge, is not meeting the interior). For a polyline:
 * TRUE when the segment crosses it (see ph_polyline_crossings()). */
gboolean ph_segment_meets_interior (PhSegment s, const PhShape *shape);
/* The points where the segment crosses or touches the polyline, appended to
 * @out (an array of PhPoint). Returns how many were appended. With
 * @proper_only, only proper crossings (the segment passes from one side of
 * the line to the other, also through a vertex) are counted. */
guint    ph_polyline_crossings   (PhSegment s, const PhShape *polyline,
                                  gboolean proper_only, GArray *out);
/* Least distance from a point to the shape's outline or area (0 inside an
 * area shape). */
double   ph_shape_point_distance (const PhShape *shape, PhPoint p);
/* A polygon is simple when no two non-adjacent edges meet and no edge has
 * zero length. */
gboolean ph_polygon_is_simple    (const PhPoint *points, guint n_points);
double   ph_polygon_area         (const PhPoint *points, guint n_points); /* signed */
gboolean ph_rect_intersects      (const PhRect *a, const PhRect *b);
PhRect   ph_segment_bbox         (PhSegment s);

/* Bases */
/* The 4 corners of a square base, clockwise from the front-left corner. */
void     ph_base_corners         (const PhBase *base, PhPoint corners[4]);
/* The base as a shape (circle or polygon); free with ph_shape_clear(). */
void     ph_base_to_shape        (const PhBase *base, PhShape *shape);
double   ph_base_radius          (const PhBase *base); /* half the width */
/* Least distance between the two bases, 0 when they touch or overlap. */
double   ph_base_distance        (const PhBase *a, const PhBase *b);
gboolean ph_base_contains_point  (const PhBase *base, PhPoint p);
gboolean ph_segment_meets_base   (PhSegment s, const PhBase *base);

G_END_DECLS
