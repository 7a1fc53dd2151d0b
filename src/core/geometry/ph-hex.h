/* ph-hex.h: flat-topped hex grid in axial coordinates
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * As scenario-format.md fixes it: with size = the hex's width across flats
 * and R = size / sqrt(3), hex (q, r) has its centre at
 *   x = R + 1.5 R q,   y = sqrt(3) R (r + q/2) + size/2,
 * so hex (0,0) touches the table's top-left corner.
 */
#pragma once

#include "ph-geometry.h"

G_BEGIN_DECLS

typedef struct
{
  int q;
  int r;
} PhHex;

PhPoint  ph_hex_to_point   (PhHex hex, double size);
/* The hex a point belongs to, by cube rounding. */
PhHex    ph_hex_from_point (PhPoint p, double size);
int      ph_hex_distance   (PhHex a, PhHex b);
/* Corners clockwise from the right-hand one (flat top). */
void     ph_hex_corners    (PhHex hex, double size, PhPoint corners[6]);
gboolean ph_hex_equal      (PhHex a, PhHex b);

G_END_DECLS
