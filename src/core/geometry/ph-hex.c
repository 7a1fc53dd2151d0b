/* ph-hex.c: flat-topped hex grid in axial coordinates
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * R = size / sqrt(3) is both the centre-to-corner distance and the side of
 * the hex; sqrt(3) R = size is the width across the flats (its height).
 */
#include "ph-hex.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define SQRT3 1.7320508075688772935

PhPoint
ph_hex_to_point (PhHex  hex,
                 double size)
{
  double R = size / SQRT3;

  /* y = sqrt(3) R (r + q/2) + size/2, with sqrt(3) R = size. */
  return (PhPoint) {
    R + 1.5 * R * hex.q,
    size * (hex.r + hex.q / 2.0) + size / 2.0,
  };
}

/* Rounds to the nearest integer, clamped to the range of int (a point far
 * off the table still gives a hex, if a meaningless one). */
static double
round_clamped (double v)
{
  if (isnan (v))
    return 0.0;
  return CLAMP (round (v), (double) G_MININT / 2, (double) G_MAXINT / 2);
}

PhHex
ph_hex_from_point (PhPoint p,
                   double  size)
{
  double R = size / SQRT3;
  double x = p.x - R;
  double y = p.y - size / 2.0;
  double cx, cy, cz, rx, ry, rz, dx, dy, dz;

  if (!(R > 0.0))
    return (PhHex) { 0, 0 };

  /* Fractional cube coordinates (x + y + z = 0) of the usual flat-topped
   * pixel-to-hex conversion, then the nearest cube, fixing the component
   * that rounding moved the most so that the sum stays 0. */
  cx = (2.0 / 3.0 * x) / R;
  cz = (-1.0 / 3.0 * x + SQRT3 / 3.0 * y) / R;
  cy = -cx - cz;

  rx = round_clamped (cx);
  ry = round_clamped (cy);
  rz = round_clamped (cz);
  dx = fabs (rx - cx);
  dy = fabs (ry - cy);
  dz = fabs (rz - cz);

  if (dx > dy && dx > dz)
    rx = -ry - rz;
  else if (dy > dz)
    ry = -rx - rz;
  else
    rz = -rx - ry;

  return (PhHex) { (int) rx, (int) rz };
}

int
ph_hex_distance (PhHex a,
                 PhHex b)
{
  int dq = a.q - b.q;
  int dr = a.r - b.r;

  return (ABS (dq) + ABS (dr) + ABS (dq + dr)) / 2;
}

void
ph_hex_corners (PhHex   hex,
                double  size,
                PhPoint corners[6])
{
  PhPoint c = ph_hex_to_point (hex, size);
  double R = size / SQRT3;
  double h = size / 2.0; /* R sin 60 */

  /* Corner i is at 60 i degrees from the centre; with y pointing down,
   * increasing angles go clockwise on the screen: right, lower right, lower
   * left, left, upper left, upper right. */
  corners[0] = (PhPoint) { c.x + R, c.y };
  corners[1] = (PhPoint) { c.x + R / 2.0, c.y + h };
  corners[2] = (PhPoint) { c.x - R / 2.0, c.y + h };
  corners[3] = (PhPoint) { c.x - R, c.y };
  corners[4] = (PhPoint) { c.x - R / 2.0, c.y - h };
  corners[5] = (PhPoint) { c.x + R / 2.0, c.y - h };
}

gboolean
ph_hex_equal (PhHex a,
              PhHex b)
{
  return a.q == b.q && a.r == b.r;
}

/* floor (n / 2), which C's division is not for n < 0 */
static gint64
floor_half (gint64 n)
{
  return n >= 0 ? n / 2 : -((1 - n) / 2);
}

gboolean
ph_hex_column_row (PhHex  hex,
                   int   *column,
                   int   *row)
{
  /* in 64 bits: q and r may be anything an int holds */
  gint64 c = (gint64) hex.q + 1;
  gint64 w = (gint64) hex.r + floor_half (hex.q) + 1;

  c = CLAMP (c, G_MININT, G_MAXINT);
  w = CLAMP (w, G_MININT, G_MAXINT);
  if (column != NULL)
    *column = (int) c;
  if (row != NULL)
    *row = (int) w;
  return c >= 1 && w >= 1;
}

gboolean
ph_hex_from_name (const char *name,
                  PhHex      *hex)
{
  gint64 column, row;
  char *end = NULL;
  const char *dot;

  g_return_val_if_fail (hex != NULL, FALSE);
  if (name == NULL)
    return FALSE;
  dot = strchr (name, '.');
  if (dot == NULL)
    {
      /* "0607": two digits, two digits */
      if (strlen (name) != 4 || !g_ascii_isdigit (name[0]) || !g_ascii_isdigit (name[1])
          || !g_ascii_isdigit (name[2]) || !g_ascii_isdigit (name[3]))
        return FALSE;
      column = (name[0] - '0') * 10 + (name[1] - '0');
      row = (name[2] - '0') * 10 + (name[3] - '0');
    }
  else
    {
      /* "104.07", "-1.03" */
      column = g_ascii_strtoll (name, &end, 10);
      if (end != dot || end == name)
        return FALSE;
      row = g_ascii_strtoll (dot + 1, &end, 10);
      if (*end != '\0' || end == dot + 1)
        return FALSE;
    }
  if (column - 1 < G_MININT / 2 || column - 1 > G_MAXINT / 2
      || row < G_MININT / 2 || row > G_MAXINT / 2)
    return FALSE;
  hex->q = (int) (column - 1);
  hex->r = (int) (row - 1 - floor_half (hex->q));
  return TRUE;
}

char *
ph_hex_name (PhHex hex,
             char  buf[PH_HEX_NAME_SIZE])
{
  int column, row;

  ph_hex_column_row (hex, &column, &row);
  if (column >= 0 && column <= 99 && row >= 0 && row <= 99)
    snprintf (buf, PH_HEX_NAME_SIZE, "%02d%02d", column, row);
  else
    snprintf (buf, PH_HEX_NAME_SIZE, "%02d.%02d", column, row);
  return buf;
}
