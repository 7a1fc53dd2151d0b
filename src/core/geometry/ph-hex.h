/* ph-hex.h: flat-topped hex grid in axial coordinates
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * As scenario-format.md fixes it: with size = the hex's width across flats
 * and R = size / sqrt(3), hex (q, r) has its centre at
 *   x = R + 1.5 R q,   y = sqrt(3) R (r + q/2) + size/2,
 * so hex (0,0) touches the table's top-left corner.
 *
 * The map names each hex by its column and row ("0305": column 3, row 5),
 * numbered from 1 at the table's top-left; every second column (the 2nd,
 * the 4th...) sits half a hex lower than the one before it, so hex (q, r)
 * is in column q + 1, row r + floor(q / 2) + 1. Logs and refusals name
 * hexes so, never by q and r, which the map does not show.
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

/* The hex's column and row on the map, from 1 at the top-left (above:
 * column q + 1, row r + floor(q / 2) + 1). FALSE when either is below 1:
 * a hex left of the table, or the half hex at the top of an even column,
 * which the map leaves unlabelled. */
gboolean ph_hex_column_row (PhHex hex, int *column, int *row);

#define PH_HEX_NAME_SIZE 32
/* The hex's name as the map prints it in the hex, into @buf, which it
 * returns: column then row, two digits each ("0305", "1210"); a half hex
 * at the table's top edge is row 0 ("0200"). A number of three digits or
 * more, or below 0 (a hex off the table), would run the two together: they
 * are then written apart, "104.07", "-1.03". */
char    *ph_hex_name       (PhHex hex, char buf[PH_HEX_NAME_SIZE]);
/* The hex a name as ph_hex_name() writes it stands for ("0607", "104.07");
 * FALSE for anything else */
gboolean ph_hex_from_name  (const char *name, PhHex *hex);

G_END_DECLS
