/* test-tiles.c: the map at true scale over tiled pages, and fitted
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tiling's geometry (a 72 x 48 in table on A4 portrait measures 72 in
 * across its tiles, less the overlaps), the page count of the PDF, and the
 * tile names on the pages (pdftotext from poppler-utils; that assertion is
 * skipped when it is not installed).
 */
#include <math.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "ph-core.h"
#include "ph-test-util.h"
#include "ph-tiles.h"

static void
test_names (void)
{
  static const struct { int column, row; const char *name; } cases[] = {
    { 0, 0, "A1" }, { 1, 2, "B3" }, { 25, 0, "Z1" }, { 26, 0, "AA1" }, { 27, 9, "AB10" },
    { 51, 0, "AZ1" }, { 52, 0, "BA1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = ph_tiling_tile_name (cases[i].column, cases[i].row);

      g_assert_cmpstr (name, ==, cases[i].name);
    }
}

/* The tiles of one row (or column) cover the table exactly: each starts one
 * overlap before the previous ends, the first at 0, the last ends at the
 * edge, and the widths less the overlaps add up to the table. */
static void
assert_covers (const PhTiling *tiling,
               gboolean        across)
{
  int n = across ? tiling->columns : tiling->rows;
  double table = across ? tiling->table_width : tiling->table_height;
  double full = across ? tiling->tile_width : tiling->tile_height;
  double sum = 0, prev_end = 0;

  for (int i = 0; i < n; i++)
    {
      PhRect r;
      double start, end;

      ph_tiling_get_tile (tiling, across ? i : 0, across ? 0 : i, &r);
      start = across ? r.x0 : r.y0;
      end = across ? r.x1 : r.y1;
      if (i == 0)
        g_assert_cmpfloat_with_epsilon (start, 0, 1e-9);
      else
        g_assert_cmpfloat_with_epsilon (start, prev_end - tiling->overlap, 1e-9);
      if (i < n - 1)
        g_assert_cmpfloat_with_epsilon (end - start, full, 1e-9);
      else
        {
          g_assert_cmpfloat_with_epsilon (end, table, 1e-9);
          /* the last tile is needed: it shows more than the overlap */
          g_assert_cmpfloat (end - start, >, tiling->overlap);
          g_assert_cmpfloat (end - start, <=, full + 1e-9);
        }
      sum += end - start;
      prev_end = end;
    }
  g_assert_cmpfloat_with_epsilon (sum - (n - 1) * tiling->overlap, table, 1e-9);
}

static void
test_geometry_72x48_a4 (void)
{
  PhTable table = { 72, 48, PH_UNIT_IN, PH_GRID_SQUARE, 1, PH_MEASURE_EDGE };
  g_autoptr(GError) error = NULL;
  PhTiling tiling;
  double w, h;

  ph_paper_get_size (PH_PAPER_A4, &w, &h);
  g_assert_cmpfloat_with_epsilon (w, 595.2756, 1e-3);
  g_assert_cmpfloat_with_epsilon (h, 841.8898, 1e-3);
  g_assert_true (ph_tiling_compute (&tiling, &table, w, h, -1, &error));
  g_assert_no_error (error);

  /* true scale: 72 points per inch, a full tile is the page less its
   * margins (and the header strip) */
  g_assert_cmpfloat (tiling.points_per_unit, ==, 72.0);
  g_assert_cmpfloat (tiling.overlap, ==, 0.5);
  g_assert_cmpfloat_with_epsilon (tiling.tile_width * 72, w - 2 * PH_TILES_MARGIN, 1e-9);
  g_assert_cmpfloat_with_epsilon (tiling.tile_height * 72,
                                  h - 2 * PH_TILES_MARGIN - PH_TILES_HEADER, 1e-9);
  /* by hand: 559.28 pt = 7.768 in a tile, 7.268 in a step: 1 + ceil
   * ((72 - 7.768) / 7.268) = 10 columns; 789.89 pt = 10.971 in, 10.471 in
   * a step: 1 + ceil ((48 - 10.971) / 10.471) = 5 rows */
  g_assert_cmpint (tiling.columns, ==, 10);
  g_assert_cmpint (tiling.rows, ==, 5);
  assert_covers (&tiling, TRUE);
  assert_covers (&tiling, FALSE);

  /* one fewer column would not reach across */
  g_assert_cmpfloat ((tiling.columns - 1) * tiling.tile_width
                     - (tiling.columns - 2) * tiling.overlap, <, 72);
}

static void
test_geometry_other (void)
{
  PhTable cm = { 240, 120, PH_UNIT_CM, PH_GRID_SQUARE, 10, PH_MEASURE_EDGE };
  PhTable small = { 6, 8, PH_UNIT_IN, PH_GRID_SQUARE, 1, PH_MEASURE_EDGE };
  PhTable table = { 72, 48, PH_UNIT_IN, PH_GRID_SQUARE, 1, PH_MEASURE_EDGE };
  g_autoptr(GError) error = NULL;
  PhTiling tiling;
  double w, h;

  /* a cm table on Letter: 72 / 2.54 points per cm, 1 cm overlap */
  ph_paper_get_size (PH_PAPER_LETTER, &w, &h);
  g_assert_cmpfloat (w, ==, 612);
  g_assert_cmpfloat (h, ==, 792);
  g_assert_true (ph_tiling_compute (&tiling, &cm, w, h, -1, &error));
  g_assert_cmpfloat_with_epsilon (tiling.points_per_unit, 72 / 2.54, 1e-12);
  g_assert_cmpfloat (tiling.overlap, ==, 1.0);
  assert_covers (&tiling, TRUE);
  assert_covers (&tiling, FALSE);

  /* a table smaller than a page: one tile */
  g_assert_true (ph_tiling_compute (&tiling, &small, w, h, -1, &error));
  g_assert_cmpint (tiling.columns, ==, 1);
  g_assert_cmpint (tiling.rows, ==, 1);
  assert_covers (&tiling, TRUE);

  /* no overlap: the tiles butt */
  g_assert_true (ph_tiling_compute (&tiling, &table, w, h, 0, &error));
  assert_covers (&tiling, TRUE);
  assert_covers (&tiling, FALSE);

  /* an overlap of more than half a page is refused */
  g_assert_false (ph_tiling_compute (&tiling, &table, w, h, 5, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "overlap"));
}

static void
test_pdf_true_scale (void)
{
  g_autoptr(PhScenario) scenario =
    ph_test_load_example ("musket-mayhem-fight-at-the-farmstead.xml");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-tiles-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "map.pdf", NULL);
  g_autofree char *first = NULL, *b3 = NULL;
  double w, h;

  /* the farmstead is 72 x 48 in */
  g_assert_cmpfloat (scenario->table.width, ==, 72);
  g_assert_cmpfloat (scenario->table.height, ==, 48);
  ph_paper_get_size (PH_PAPER_A4, &w, &h);
  g_assert_cmpint (ph_tiles_count_pages (scenario, PH_MAP_PRINT_TRUE_SCALE, w, h, -1), ==, 51);
  g_assert_true (ph_tiles_export_pdf (scenario, path, PH_PAPER_A4, PH_MAP_PRINT_TRUE_SCALE,
                                      -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ph_test_pdf_page_objects (path), ==, 51);

  first = ph_test_pdf_text (path, 1);
  if (first == NULL)
    {
      g_test_skip ("pdftotext (poppler-utils) is not installed: page text not checked");
    }
  else
    {
      g_assert_nonnull (strstr (first, "Assembly diagram"));
      g_assert_nonnull (strstr (first, "72 \xc3\x97 48 in on 50 pages (10 columns \xc3\x97 5 rows)"));
      /* B3 is column B of row 3: page 1 + 2 x 10 + 2 */
      b3 = ph_test_pdf_text (path, 23);
      g_assert_true (g_str_has_prefix (b3, "B3") || strstr (b3, "\nB3") != NULL);
      g_assert_nonnull (strstr (b3, "page 23 of 51"));
      g_assert_nonnull (strstr (b3, "true scale 1:1"));
    }
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_pdf_fit (void)
{
  g_autoptr(PhScenario) scenario = ph_test_load_example ("featherstone-cacabelos-1809.xml");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-tiles-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "fit.pdf", NULL);
  double w, h;

  ph_paper_get_size (PH_PAPER_LETTER, &w, &h);
  g_assert_cmpint (ph_tiles_count_pages (scenario, PH_MAP_PRINT_FIT, w, h, -1), ==, 1);
  g_assert_true (ph_tiles_export_pdf (scenario, path, PH_PAPER_LETTER, PH_MAP_PRINT_FIT,
                                      -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ph_test_pdf_page_objects (path), ==, 1);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tiles/names", test_names);
  g_test_add_func ("/tiles/geometry-72x48-a4", test_geometry_72x48_a4);
  g_test_add_func ("/tiles/geometry-other", test_geometry_other);
  g_test_add_func ("/tiles/pdf-true-scale", test_pdf_true_scale);
  g_test_add_func ("/tiles/pdf-fit", test_pdf_fit);
  return g_test_run ();
}
