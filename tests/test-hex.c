/* test-hex.c: flat-topped hex grid
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "ph-hex.h"

#define EPS 1e-9

static const double sizes[] = { 1.0, 1.5, 2.54, 6.0 };

/* The six neighbours of a hex, as axial offsets. */
static const PhHex neighbours[6] = {
  { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 },
};

#define assert_point(p, ex, ey) \
  G_STMT_START { \
    g_assert_cmpfloat_with_epsilon ((p).x, (ex), EPS); \
    g_assert_cmpfloat_with_epsilon ((p).y, (ey), EPS); \
  } G_STMT_END

#define assert_hex(h, eq, er) \
  G_STMT_START { \
    PhHex h_ = (h); \
    g_assert_cmpint (h_.q, ==, (eq)); \
    g_assert_cmpint (h_.r, ==, (er)); \
  } G_STMT_END

static void
test_to_point_origin (void)
{
  double R = 1.0 / sqrt (3.0);

  assert_point (ph_hex_to_point ((PhHex) { 0, 0 }, 1.0), R, 0.5);
  /* One column right: 1.5 R further, half a hex lower. */
  assert_point (ph_hex_to_point ((PhHex) { 1, 0 }, 1.0), 2.5 * R, 1.0);
  assert_point (ph_hex_to_point ((PhHex) { 0, 1 }, 1.0), R, 1.5);
  assert_point (ph_hex_to_point ((PhHex) { 1, -1 }, 1.0), 2.5 * R, 0.0);
  assert_point (ph_hex_to_point ((PhHex) { 2, -1 }, 1.0), 4.0 * R, 0.5);
  assert_point (ph_hex_to_point ((PhHex) { -1, 0 }, 1.0), -0.5 * R, 0.0);
  /* Everything scales with the size. */
  assert_point (ph_hex_to_point ((PhHex) { 0, 0 }, 2.0), 2.0 * R, 1.0);
  assert_point (ph_hex_to_point ((PhHex) { 3, 2 }, 2.0),
                2.0 * (R + 4.5 * R), 2.0 * (2 + 1.5 + 0.5));
}

static void
test_to_point_neighbours (void)
{
  /* Adjacent centres are one width across flats apart. */
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint i = 0; i < 6; i++)
      {
        PhHex h = { 3, -2 };
        PhHex n = { h.q + neighbours[i].q, h.r + neighbours[i].r };

        g_assert_cmpfloat_with_epsilon (ph_point_distance (ph_hex_to_point (h, sizes[s]),
                                                           ph_hex_to_point (n, sizes[s])),
                                        sizes[s], EPS);
      }
}

static void
test_from_point_round_trip (void)
{
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (int q = -25; q <= 25; q++)
      for (int r = -25; r <= 25; r++)
        {
          PhHex h = { q, r };

          assert_hex (ph_hex_from_point (ph_hex_to_point (h, sizes[s]), sizes[s]), q, r);
        }
}

static void
test_from_point_corners (void)
{
  /* Just inside each corner and each edge's middle, a point still belongs
   * to its own hex. */
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (int q = -6; q <= 6; q++)
      for (int r = -6; r <= 6; r++)
        {
          PhHex h = { q, r };
          PhPoint c = ph_hex_to_point (h, sizes[s]);
          PhPoint corners[6];

          ph_hex_corners (h, sizes[s], corners);
          for (guint i = 0; i < 6; i++)
            {
              PhPoint k = corners[i];
              PhPoint m = { (k.x + corners[(i + 1) % 6].x) / 2.0,
                            (k.y + corners[(i + 1) % 6].y) / 2.0 };
              PhPoint near_corner = { k.x + (c.x - k.x) * 0.01,
                                      k.y + (c.y - k.y) * 0.01 };
              PhPoint near_edge = { m.x + (c.x - m.x) * 0.01,
                                    m.y + (c.y - m.y) * 0.01 };

              assert_hex (ph_hex_from_point (near_corner, sizes[s]), q, r);
              assert_hex (ph_hex_from_point (near_edge, sizes[s]), q, r);
            }
        }
}

static void
test_from_point_three_hexes (void)
{
  double R = 1.0 / sqrt (3.0);

  /* (2R, 0.5) is the right-hand corner of hex (0,0), shared with (1,-1)
   * above right and (1,0) below right; their common edge is y = 0.5. */
  assert_hex (ph_hex_from_point ((PhPoint) { 2 * R - 0.01, 0.5 }, 1.0), 0, 0);
  assert_hex (ph_hex_from_point ((PhPoint) { 2 * R + 0.01, 0.49 }, 1.0), 1, -1);
  assert_hex (ph_hex_from_point ((PhPoint) { 2 * R + 0.01, 0.51 }, 1.0), 1, 0);
  assert_hex (ph_hex_from_point ((PhPoint) { 2 * R - 0.001, 0.4999 }, 1.0), 0, 0);

  /* Hex (0,0) touches the table's left edge at its left corner (0, 0.5)
   * and the top edge along its top flat; the table's top-left corner
   * itself lies in hex (-1,0), whose right corner is (R/2, 0). */
  assert_hex (ph_hex_from_point ((PhPoint) { 0.0, 0.0 }, 1.0), -1, 0);
  assert_hex (ph_hex_from_point ((PhPoint) { 0.01, 0.5 }, 1.0), 0, 0);
  assert_hex (ph_hex_from_point ((PhPoint) { -0.01, 0.45 }, 1.0), -1, 0);
  assert_hex (ph_hex_from_point ((PhPoint) { -0.01, 0.55 }, 1.0), -1, 1);
  assert_hex (ph_hex_from_point ((PhPoint) { R, 0.01 }, 1.0), 0, 0);
  assert_hex (ph_hex_from_point ((PhPoint) { R, -0.01 }, 1.0), 0, -1);
  /* Left of (0,0)'s upper left edge, which runs from (0, 0.5) to (R/2, 0). */
  assert_hex (ph_hex_from_point ((PhPoint) { 0.1, 0.02 }, 1.0), -1, 0);
  assert_hex (ph_hex_from_point ((PhPoint) { 0.1, 0.4 }, 1.0), 0, 0);
}

static void
test_from_point_degenerate (void)
{
  /* No size, no grid: hex (0,0), and no crash on NaN. */
  assert_hex (ph_hex_from_point ((PhPoint) { 3, 4 }, 0.0), 0, 0);
  assert_hex (ph_hex_from_point ((PhPoint) { NAN, 4 }, 1.0), 0, 0);
}

static void
test_distance (void)
{
  PhHex o = { 0, 0 };

  g_assert_cmpint (ph_hex_distance (o, o), ==, 0);
  for (guint i = 0; i < 6; i++)
    g_assert_cmpint (ph_hex_distance (o, neighbours[i]), ==, 1);
  g_assert_cmpint (ph_hex_distance (o, (PhHex) { 2, -1 }), ==, 2);
  g_assert_cmpint (ph_hex_distance (o, (PhHex) { 3, 3 }), ==, 6);
  g_assert_cmpint (ph_hex_distance (o, (PhHex) { 3, -3 }), ==, 3);
  g_assert_cmpint (ph_hex_distance (o, (PhHex) { 0, -4 }), ==, 4);
  g_assert_cmpint (ph_hex_distance ((PhHex) { -2, 1 }, (PhHex) { 2, -1 }), ==, 4);
  g_assert_cmpint (ph_hex_distance ((PhHex) { 5, 7 }, (PhHex) { -3, 2 }), ==, 13);

  /* Symmetric, and consistent with the six-step walk. */
  for (int q = -4; q <= 4; q++)
    for (int r = -4; r <= 4; r++)
      {
        PhHex h = { q, r };
        int d = ph_hex_distance (o, h);

        g_assert_cmpint (d, ==, ph_hex_distance (h, o));
        if (d > 0)
          {
            int closer = 0;

            for (guint i = 0; i < 6; i++)
              {
                PhHex n = { q + neighbours[i].q, r + neighbours[i].r };
                int dn = ph_hex_distance (o, n);

                g_assert_cmpint (ABS (dn - d), <=, 1);
                closer += dn == d - 1;
              }
            g_assert_cmpint (closer, >=, 1);
          }
      }
}

static void
test_corners (void)
{
  double R = 1.0 / sqrt (3.0);
  PhPoint k[6];

  ph_hex_corners ((PhHex) { 0, 0 }, 1.0, k);
  /* Right, lower right, lower left, left, upper left, upper right. */
  assert_point (k[0], 2 * R, 0.5);
  assert_point (k[1], 1.5 * R, 1.0);
  assert_point (k[2], 0.5 * R, 1.0);
  assert_point (k[3], 0.0, 0.5);
  assert_point (k[4], 0.5 * R, 0.0);
  assert_point (k[5], 1.5 * R, 0.0);

  /* Clockwise on the screen (positive area with y down), regular, simple:
   * area 3 sqrt(3) / 2 R^2 = sqrt(3) / 2 for size 1. */
  g_assert_cmpfloat_with_epsilon (ph_polygon_area (k, 6), sqrt (3.0) / 2.0, EPS);
  g_assert_true (ph_polygon_is_simple (k, 6));
  for (guint i = 0; i < 6; i++)
    {
      g_assert_cmpfloat_with_epsilon (ph_point_distance (k[i], ph_hex_to_point ((PhHex) { 0, 0 }, 1.0)),
                                      R, EPS);
      g_assert_cmpfloat_with_epsilon (ph_point_distance (k[i], k[(i + 1) % 6]), R, EPS);
    }

  /* Neighbours share an edge: hex (1,0)'s upper left edge is (0,0)'s lower
   * right one. */
  {
    PhPoint n[6];

    ph_hex_corners ((PhHex) { 1, 0 }, 1.0, n);
    assert_point (n[3], k[1].x, k[1].y);
    assert_point (n[4], k[0].x, k[0].y);
  }
}

static void
test_equal (void)
{
  g_assert_true (ph_hex_equal ((PhHex) { 2, -3 }, (PhHex) { 2, -3 }));
  g_assert_false (ph_hex_equal ((PhHex) { 2, -3 }, (PhHex) { -3, 2 }));
  g_assert_false (ph_hex_equal ((PhHex) { 0, 0 }, (PhHex) { 0, 1 }));
}

/* The name of the hex holding the table point (x, y), size 1 */
static const char *
name_at (double x,
         double y,
         char   buf[PH_HEX_NAME_SIZE])
{
  return ph_hex_name (ph_hex_from_point ((PhPoint) { x, y }, 1.0), buf);
}

/* Hex names as the map prints them, found from where the hexes stand on a
 * table with hexes 1 across the flats (R = 1/sqrt(3)): column k's centres
 * are at x = R (1 + 1.5 (k - 1)); the 1st, 3rd... columns start at the top
 * edge, their rows' centres at y = 0.5, 1.5, 2.5...; the 2nd, 4th... sit
 * half a hex lower, centres at y = 1, 2, 3... with a half hex cut by the
 * top edge above row 1 (row 0, centre y = 0). */
static void
test_name (void)
{
  double R = 1.0 / sqrt (3.0);
  char buf[PH_HEX_NAME_SIZE];
  int column = -9, row = -9;

  /* the top-left corner's hex, q = 0 */
  g_assert_cmpstr (ph_hex_name ((PhHex) { 0, 0 }, buf), ==, "0101");
  g_assert_true (ph_hex_column_row ((PhHex) { 0, 0 }, &column, &row));
  g_assert_cmpint (column, ==, 1);
  g_assert_cmpint (row, ==, 1);
  /* column 1 (q = 0), the 2nd and 7th hexes down */
  g_assert_cmpstr (name_at (R, 1.5, buf), ==, "0102");
  g_assert_cmpstr (name_at (R, 6.5, buf), ==, "0107");
  /* column 2, the lower one (q = 1): its first whole hex, centre y = 1 */
  g_assert_cmpstr (name_at (2.5 * R, 1.0, buf), ==, "0201");
  g_assert_cmpstr (name_at (2.5 * R, 7.0, buf), ==, "0207");
  /* column 3 (q = 2) is level with column 1 again: the 5th hex down */
  g_assert_cmpstr (name_at (4 * R, 4.5, buf), ==, "0305");
  /* column 4 (q = 3), 4th hex down: centre y = 4 */
  g_assert_cmpstr (name_at (5.5 * R, 4.0, buf), ==, "0404");
  /* column 12 (q = 11, R (1 + 16.5) across), 10th hex down: y = 10 */
  g_assert_cmpstr (name_at (17.5 * R, 10.0, buf), ==, "1210");

  /* the half hex above 0201 is row 0: named, but not labelled on the map */
  g_assert_cmpstr (name_at (2.5 * R, 0.0, buf), ==, "0200");
  g_assert_false (ph_hex_column_row (ph_hex_from_point ((PhPoint) { 2.5 * R, 0.0 }, 1.0),
                                     &column, &row));
  g_assert_cmpint (column, ==, 2);
  g_assert_cmpint (row, ==, 0);

  /* three digits, or off the table to the left: written apart */
  g_assert_cmpstr (name_at (R * (1 + 1.5 * 103), 7.0, buf), ==, "104.07");
  g_assert_cmpstr (name_at (-2 * R, 2.5, buf), ==, "-1.03");
  g_assert_false (ph_hex_column_row (ph_hex_from_point ((PhPoint) { -2 * R, 2.5 }, 1.0),
                                     NULL, NULL));
  /* the most an int holds does not overflow */
  g_assert_nonnull (ph_hex_name ((PhHex) { G_MININT, G_MININT }, buf));
  g_assert_nonnull (ph_hex_name ((PhHex) { G_MAXINT, G_MAXINT }, buf));

  /* and back: a name read gives the hex named */
  {
    static const PhHex hexes[] = { { 0, 0 }, { 1, 6 }, { 2, 3 }, { 3, 2 }, { 11, 4 },
                                   { 103, -45 }, { -2, 3 }, { 1, -1 } };
    PhHex back;

    for (guint i = 0; i < G_N_ELEMENTS (hexes); i++)
      {
        ph_hex_name (hexes[i], buf);
        g_assert_true (ph_hex_from_name (buf, &back));
        g_assert_true (ph_hex_equal (back, hexes[i]));
      }
    /* 0207 is q = 1, r = 6 (the example above) */
    g_assert_true (ph_hex_from_name ("0207", &back));
    g_assert_cmpint (back.q, ==, 1);
    g_assert_cmpint (back.r, ==, 6);
    g_assert_false (ph_hex_from_name ("207", &back));
    g_assert_false (ph_hex_from_name ("02a7", &back));
    g_assert_false (ph_hex_from_name ("1.", &back));
    g_assert_false (ph_hex_from_name ("", &back));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hex/to-point/origin", test_to_point_origin);
  g_test_add_func ("/hex/to-point/neighbours", test_to_point_neighbours);
  g_test_add_func ("/hex/from-point/round-trip", test_from_point_round_trip);
  g_test_add_func ("/hex/from-point/near-corners", test_from_point_corners);
  g_test_add_func ("/hex/from-point/three-hexes", test_from_point_three_hexes);
  g_test_add_func ("/hex/from-point/degenerate", test_from_point_degenerate);
  g_test_add_func ("/hex/distance", test_distance);
  g_test_add_func ("/hex/corners", test_corners);
  g_test_add_func ("/hex/equal", test_equal);
  g_test_add_func ("/hex/name", test_name);

  return g_test_run ();
}
