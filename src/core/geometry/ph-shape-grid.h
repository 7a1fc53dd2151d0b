/* ph-shape-grid.h: a uniform grid over shapes, to find the few a segment,
 * a box or a point can meet without testing them all
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The grid is built once over a list of shapes and answers with shape
 * indices (into that list), never with pointers: it copies nothing but
 * where the shapes are. Each answer is a superset of the exact one (the
 * caller still runs the exact test on what it finds) that never misses a
 * shape the exact test would accept: a shape's outline is registered in
 * every cell it comes within a small margin of (more than PH_EPSILON, and
 * more than the rounding of the arithmetic), and so is a query.
 *
 * Queries use scratch space inside the grid: one grid answers one query at
 * a time.
 */
#pragma once

#include "ph-geometry.h"

G_BEGIN_DECLS

typedef struct _PhShapeGrid PhShapeGrid;

/* A grid over @shapes (NULL entries are allowed, and never found). The
 * shapes need not outlive the grid. */
PhShapeGrid *ph_shape_grid_new           (const PhShape *const *shapes,
                                          guint                 n_shapes);
void         ph_shape_grid_free          (PhShapeGrid *grid);
guint        ph_shape_grid_get_n_shapes  (const PhShapeGrid *grid);

/* Called once for each shape met, in the order the walk meets them;
 * returning FALSE stops the walk. */
typedef gboolean (*PhShapeGridFunc) (guint index, gpointer data);

/* Walks the cells along @s from s.a to s.b, calling @func once for each
 * shape whose outline may come within PH_EPSILON of the closed segment:
 * every shape with an edge (a polygon's, a polyline's) or, for a circle,
 * a point of its disc that near. A segment that meets an area shape's
 * interior without touching its outline lies wholly inside it, and is not
 * found. Returns FALSE when @func stopped the walk. */
gboolean     ph_shape_grid_walk_segment  (PhShapeGrid     *grid,
                                          PhSegment        s,
                                          PhShapeGridFunc  func,
                                          gpointer         data);
/* The same shapes, appended to @out (of guint) in increasing order */
void         ph_shape_grid_query_segment (PhShapeGrid *grid,
                                          PhSegment    s,
                                          GArray      *out);
/* Every shape whose outline (or a circle's disc) may come within
 * PH_EPSILON of the closed @box, appended to @out (of guint) in increasing
 * order */
void         ph_shape_grid_query_rect    (PhShapeGrid  *grid,
                                          const PhRect *box,
                                          GArray       *out);
/* Every area shape (polygon or circle) whose bounding box, widened by
 * PH_EPSILON, may hold @p, appended to @out (of guint) in increasing
 * order: a superset of those that contain it */
void         ph_shape_grid_query_point   (PhShapeGrid *grid,
                                          PhPoint      p,
                                          GArray      *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhShapeGrid, ph_shape_grid_free)

G_END_DECLS
