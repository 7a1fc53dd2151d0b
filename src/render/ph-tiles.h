/* ph-tiles.h: the map on paper, at true scale over tiled pages or fitted
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * True scale prints the table 1:1 (72 points per inch, 72 / 2.54 per cm)
 * over as many portrait pages as it needs, for laying out terrain. Each
 * page (a tile) shows the map inside a margin of PH_TILES_MARGIN points,
 * under a strip with its name ("B3": column B, row 3), the part of the
 * table it covers and the page number. Neighbouring tiles overlap by
 * @overlap table units: the overlap carries a dashed line where the next
 * tile's edge goes and crosshairs at the same table points on both pages;
 * crop marks in the margin show where to trim. An assembly diagram comes
 * first. Columns are lettered left to right, rows numbered top to bottom,
 * and pages run row by row (A1, B1, ..., A2, ...).
 *
 * Fitted prints the whole table on one page, turned a quarter when that
 * makes it larger.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "ph-core.h"
#include "ph-sheet.h"

G_BEGIN_DECLS

#define PH_TILES_MARGIN 18.0        /* unprinted edge of every page, points */
#define PH_TILES_HEADER 16.0        /* the strip above the map, points */

typedef enum
{
  PH_MAP_PRINT_TRUE_SCALE,
  PH_MAP_PRINT_FIT,
} PhMapPrintScale;

typedef struct
{
  double page_width, page_height;   /* points */
  double points_per_unit;           /* 72 (in) or 72 / 2.54 (cm) */
  double table_width, table_height; /* table units */
  double overlap;                   /* table units */
  double tile_width, tile_height;   /* table units one full tile shows */
  double step_x, step_y;            /* tile size minus the overlap */
  int columns, rows;
} PhTiling;

/* 0.5 in or 1 cm */
double   ph_tiling_default_overlap (PhUnit unit);
/* Lays the table out over pages of @page_width x @page_height points with
 * @overlap table units (negative: the default). FALSE, with @error set,
 * when the page is too small or the overlap too large for it. */
gboolean ph_tiling_compute        (PhTiling      *tiling,
                                   const PhTable *table,
                                   double         page_width,
                                   double         page_height,
                                   double         overlap,
                                   GError       **error);
/* The part of the table (table units) tile (@column, @row) shows: a full
 * tile, or less at the right and bottom edges of the table. */
void     ph_tiling_get_tile       (const PhTiling *tiling,
                                   int             column,
                                   int             row,
                                   PhRect         *rect);
/* "B3"; columns after Z are AA, AB, ... */
char    *ph_tiling_tile_name      (int column,
                                   int row);

/* Pages for a print of the map: the assembly diagram and the tiles, or 1
 * when fitted; 0 when the page is too small. @overlap as above. */
int      ph_tiles_count_pages     (const PhScenario *scenario,
                                   PhMapPrintScale   scale,
                                   double            page_width,
                                   double            page_height,
                                   double            overlap);
/* Draws page @page (0-based) into @cr (user space: the page in points). */
void     ph_tiles_draw_page       (cairo_t          *cr,
                                   const PhScenario *scenario,
                                   PhMapPrintScale   scale,
                                   double            page_width,
                                   double            page_height,
                                   double            overlap,
                                   int               page);
/* Every page to a PDF file, atomically. */
gboolean ph_tiles_export_pdf      (const PhScenario *scenario,
                                   const char       *filename,
                                   PhPaper           paper,
                                   PhMapPrintScale   scale,
                                   double            overlap,
                                   GError          **error);

G_END_DECLS
