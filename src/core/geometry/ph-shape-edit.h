/* ph-shape-edit.h: changing a shape as the terrain tools do
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Moving, turning, resizing and vertex edits of a PhShape, in table units.
 * Each keeps the shape's bounding box up to date. The vertex edits refuse
 * (FALSE, the shape unchanged) what would leave a polygon under 3 points
 * or a polyline under 2.
 */
#pragma once

#include "ph-geometry.h"

G_BEGIN_DECLS

/* A rectangle as a 4-point polygon, clockwise from (x0, y0); the corners
 * may come in any order. */
void     ph_shape_init_rect      (PhShape *shape, PhPoint a, PhPoint b);
void     ph_shape_init_circle    (PhShape *shape, PhPoint centre, double radius);
/* The drawing width a polyline has when the file gives none */
#define PH_SHAPE_DEFAULT_LINE_WIDTH 0.25

/* A polygon or polyline through @points (copied); a polyline is drawn
 * PH_SHAPE_DEFAULT_LINE_WIDTH wide */
void     ph_shape_init_points    (PhShape *shape, PhShapeKind kind,
                                  const PhPoint *points, guint n_points);

/* The centre of the shape's bounding box (a circle's centre) */
PhPoint  ph_shape_get_centre     (const PhShape *shape);
void     ph_shape_translate      (PhShape *shape, double dx, double dy);
/* Turns the shape by @degrees clockwise (the table's y grows downwards)
 * about @pivot */
void     ph_shape_rotate         (PhShape *shape, PhPoint pivot, double degrees);
/* Maps the bounding box @from onto @to, stretching every point; a circle
 * keeps round, its radius the smaller of the two half-sizes of @to. FALSE
 * (unchanged) when @from or @to has no area. */
gboolean ph_shape_fit_rect       (PhShape *shape, const PhRect *from, const PhRect *to);

/* Every coordinate to a hundredth of a unit (a circle's radius at least
 * that): finer than any hand, and the file stays readable */
void     ph_shape_round          (PhShape *shape);
/* The same kind, points, centre and radius, exactly */
gboolean ph_shape_equal          (const PhShape *a, const PhShape *b);

/* The vertex nearest @p within @tolerance, else -1 (circles have none) */
int      ph_shape_find_vertex    (const PhShape *shape, PhPoint p, double tolerance);
/* The edge whose midpoint is nearest @p within @tolerance, else -1; edge i
 * runs from vertex i to i + 1 (to 0 for a polygon's last edge). */
int      ph_shape_find_edge_midpoint (const PhShape *shape, PhPoint p, double tolerance);
PhPoint  ph_shape_edge_midpoint  (const PhShape *shape, guint edge);
void     ph_shape_move_vertex    (PhShape *shape, guint vertex, PhPoint to);
/* Puts a new vertex @at into edge @edge (it becomes vertex @edge + 1) */
gboolean ph_shape_insert_vertex  (PhShape *shape, guint edge, PhPoint at);
gboolean ph_shape_delete_vertex  (PhShape *shape, guint vertex);

G_END_DECLS
