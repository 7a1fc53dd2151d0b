/* ph-geometry-private.h: helpers shared by the geometry files
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-geometry.h"

G_BEGIN_DECLS

/* The tolerance of every geometric predicate, in table units */
#define PH_EPSILON 1e-9

/* sin and cos of an angle in degrees, exact at multiples of 90 degrees */
void     ph_geometry_sincos_degrees (double degrees, double *s, double *c);
/* Closed containment in an implicitly closed ring */
gboolean ph_geometry_polygon_contains (const PhPoint *points, guint n_points, PhPoint p);
/* Least distance from @p to the ring's edges */
double   ph_geometry_polygon_boundary_distance (const PhPoint *points, guint n_points, PhPoint p);

G_END_DECLS
