/* ph-tiles.c: the map printed at true scale over tiles, or fitted
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include <gio/gio.h>

#include <glib/gi18n-lib.h>

#include "ph-render-private.h"
#include "ph-sheet-private.h"
#include "ph-tiles.h"

#define EPS 1e-9

/* ------------------------------------------------------------------ */
/* Geometry                                                            */

double
ph_tiling_default_overlap (PhUnit unit)
{
  return unit == PH_UNIT_CM ? 1.0 : 0.5;
}

gboolean
ph_tiling_compute (PhTiling      *tiling,
                   const PhTable *table,
                   double         page_width,
                   double         page_height,
                   double         overlap,
                   GError       **error)
{
  double ppu = table->unit == PH_UNIT_CM ? 72.0 / 2.54 : 72.0;
  const char *unit = table->unit == PH_UNIT_CM ? "cm" : C_("unit", "in");
  double map_w = page_width - 2 * PH_TILES_MARGIN;
  double map_h = page_height - 2 * PH_TILES_MARGIN - PH_TILES_HEADER;

  if (overlap < 0)
    overlap = ph_tiling_default_overlap (table->unit);

  tiling->page_width = page_width;
  tiling->page_height = page_height;
  tiling->points_per_unit = ppu;
  tiling->table_width = table->width;
  tiling->table_height = table->height;
  tiling->overlap = overlap;
  tiling->tile_width = map_w / ppu;
  tiling->tile_height = map_h / ppu;
  tiling->step_x = tiling->tile_width - overlap;
  tiling->step_y = tiling->tile_height - overlap;
  tiling->columns = tiling->rows = 0;

  if (map_w < 72 || map_h < 72)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("the page is too small to print the map on"));
      return FALSE;
    }
  if (tiling->step_x < tiling->tile_width / 2 || tiling->step_y < tiling->tile_height / 2)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("an overlap of %g %s is more than half a page (%.1f x %.1f %s)"),
                   overlap, unit, tiling->tile_width, tiling->tile_height, unit);
      return FALSE;
    }

  /* the last tile starts before the far edge and reaches it */
  tiling->columns = 1 + MAX (0, (int) ceil ((table->width - tiling->tile_width) / tiling->step_x - EPS));
  tiling->rows = 1 + MAX (0, (int) ceil ((table->height - tiling->tile_height) / tiling->step_y - EPS));
  return TRUE;
}

void
ph_tiling_get_tile (const PhTiling *tiling,
                    int             column,
                    int             row,
                    PhRect         *rect)
{
  rect->x0 = column * tiling->step_x;
  rect->y0 = row * tiling->step_y;
  rect->x1 = MIN (rect->x0 + tiling->tile_width, tiling->table_width);
  rect->y1 = MIN (rect->y0 + tiling->tile_height, tiling->table_height);
}

char *
ph_tiling_tile_name (int column,
                     int row)
{
  char letters[8];
  int i = G_N_ELEMENTS (letters) - 1;

  letters[i] = '\0';
  column++;
  while (column > 0 && i > 0)
    {
      column--;
      letters[--i] = 'A' + column % 26;
      column /= 26;
    }
  return g_strdup_printf ("%s%d", letters + i, row + 1);
}

/* ------------------------------------------------------------------ */
/* Drawing helpers                                                     */

static const char *
unit_name (const PhScenario *scenario)
{
  return scenario->table.unit == PH_UNIT_CM ? "cm" : C_("unit", "in");
}

static void
map_options (PhRenderOptions *opts)
{
  ph_render_options_init (opts);
  opts->layers = PH_RENDER_ALL & ~(PH_RENDER_EDGE_LABELS | PH_RENDER_OVERLAYS);
}

static void
crosshair (cairo_t *cr,
           double   x,
           double   y)
{
  cairo_new_path (cr);
  cairo_arc (cr, x, y, 5, 0, 2 * G_PI);
  cairo_move_to (cr, x - 9, y);
  cairo_line_to (cr, x + 9, y);
  cairo_move_to (cr, x, y - 9);
  cairo_line_to (cr, x, y + 9);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, 2.2);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.6);
  cairo_stroke (cr);
}

static void
halo_text (cairo_t    *cr,
           double      x,
           double      y,
           const char *text)
{
  cairo_text_extents_t ext;

  cairo_text_extents (cr, text, &ext);
  cairo_new_path (cr);
  cairo_rectangle (cr, x + ext.x_bearing - 1.5, y + ext.y_bearing - 1.5,
                   ext.width + 3, ext.height + 3);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_move_to (cr, x, y);
  cairo_show_text (cr, text);
}

/* Tick spacing and label spacing along the edges, table units */
static void
tick_steps (const PhScenario *scenario,
            double           *tick,
            double           *label)
{
  if (scenario->table.unit == PH_UNIT_CM)
    {
      *tick = 5;
      *label = 10;
    }
  else
    {
      *tick = 1;
      *label = 2;
    }
}

/* Table coordinate ticks and labels along the top and left of a tile */
static void
draw_coordinates (cairo_t          *cr,
                  const PhScenario *scenario,
                  const PhRect     *tile,
                  double            ox,
                  double            oy,
                  double            ppu)
{
  double tick, label;

  tick_steps (scenario, &tick, &label);
  ph_sheet_font (cr, 6.5, FALSE);
  cairo_set_line_width (cr, 0.6);
  for (double v = ceil (tile->x0 / tick - EPS) * tick; v <= tile->x1 + EPS; v += tick)
    {
      double px = ox + (v - tile->x0) * ppu;
      gboolean labelled = fmod (v + EPS, label) < 2 * EPS;

      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_move_to (cr, px, oy);
      cairo_line_to (cr, px, oy + (labelled ? 7 : 4));
      cairo_stroke (cr);
      if (labelled && v > tile->x0 + EPS)
        {
          char text[32];

          g_snprintf (text, sizeof text, "%g", v);
          halo_text (cr, px + 1.5, oy + 14, text);
        }
    }
  for (double v = ceil (tile->y0 / tick - EPS) * tick; v <= tile->y1 + EPS; v += tick)
    {
      double py = oy + (v - tile->y0) * ppu;
      gboolean labelled = fmod (v + EPS, label) < 2 * EPS;

      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_move_to (cr, ox, py);
      cairo_line_to (cr, ox + (labelled ? 7 : 4), py);
      cairo_stroke (cr);
      if (labelled && v > tile->y0 + EPS)
        {
          char text[32];

          g_snprintf (text, sizeof text, "%g", v);
          halo_text (cr, ox + 9, py + 2.5, text);
        }
    }
}

/* Crop marks in the margin at the corners of the map area */
static void
draw_crop_marks (cairo_t *cr,
                 double   x0,
                 double   y0,
                 double   x1,
                 double   y1)
{
  const double gap = 3, len = PH_TILES_MARGIN - 5;
  const double xs[2] = { x0, x1 }, ys[2] = { y0, y1 };

  cairo_new_path (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.4);
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      {
        double sx = i == 0 ? -1 : 1, sy = j == 0 ? -1 : 1;

        cairo_move_to (cr, xs[i] + sx * gap, ys[j]);
        cairo_line_to (cr, xs[i] + sx * (gap + len), ys[j]);
        cairo_move_to (cr, xs[i], ys[j] + sy * gap);
        cairo_line_to (cr, xs[i], ys[j] + sy * (gap + MIN (len, PH_TILES_MARGIN - 5)));
      }
  cairo_stroke (cr);
}

static void
dashed_line (cairo_t *cr,
             double   x0,
             double   y0,
             double   x1,
             double   y1)
{
  static const double dash[] = { 4, 3 };

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, 2);
  cairo_stroke_preserve (cr);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_source_rgb (cr, 0.75, 0, 0);
  cairo_set_line_width (cr, 0.8);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* ------------------------------------------------------------------ */
/* Pages                                                               */

static void
draw_tile (cairo_t          *cr,
           const PhScenario *scenario,
           const PhTiling   *tiling,
           int               column,
           int               row,
           int               page,
           int               n_pages)
{
  const double ppu = tiling->points_per_unit;
  const double ox = PH_TILES_MARGIN, oy = PH_TILES_MARGIN + PH_TILES_HEADER;
  g_autofree char *name = ph_tiling_tile_name (column, row);
  g_autofree char *info = NULL, *page_text = NULL;
  PhRenderOptions opts;
  PhRenderView view;
  PhRect tile;
  double mw, mh;

  ph_tiling_get_tile (tiling, column, row, &tile);
  mw = (tile.x1 - tile.x0) * ppu;
  mh = (tile.y1 - tile.y0) * ppu;

  /* header strip */
  ph_sheet_font (cr, 11, TRUE);
  ph_sheet_ink (cr);
  ph_sheet_text (cr, ox + 8, oy - 5, 0, name);
  info = g_strdup_printf (_("%s \xe2\x80\x94 true scale 1:1 \xe2\x80\x94 table x %g\xe2\x80\x93%g, "
                            "y %g\xe2\x80\x93%g %s"), scenario->title,
                          round (tile.x0 * 100) / 100, round (tile.x1 * 100) / 100,
                          round (tile.y0 * 100) / 100, round (tile.y1 * 100) / 100,
                          unit_name (scenario));
  ph_sheet_font (cr, 7, FALSE);
  ph_sheet_text (cr, ox + 36, oy - 5, tiling->page_width - 2 * PH_TILES_MARGIN - 110, info);
  page_text = g_strdup_printf (_("page %d of %d"), page + 1, n_pages);
  ph_sheet_text_right (cr, tiling->page_width - PH_TILES_MARGIN - 8, oy - 5, page_text);

  /* the map, 1:1 */
  cairo_save (cr);
  cairo_new_path (cr);
  cairo_rectangle (cr, ox, oy, mw, mh);
  cairo_clip (cr);
  ph_render_view_init (&view, ppu, ox - tile.x0 * ppu, oy - tile.y0 * ppu);
  map_options (&opts);
  ph_render_map (cr, scenario, &view, &opts);

  /* the overlaps: where the neighbour's edge goes, and crosshairs at the
   * same table points on both pages */
  cairo_set_source_rgb (cr, 0, 0, 0);
  if (column + 1 < tiling->columns)
    {
      double ex = ox + ((column + 1) * tiling->step_x - tile.x0) * ppu;

      dashed_line (cr, ex, oy, ex, oy + mh);
    }
  if (row + 1 < tiling->rows)
    {
      double ey = oy + ((row + 1) * tiling->step_y - tile.y0) * ppu;

      dashed_line (cr, ox, ey, ox + mw, ey);
    }
  for (int side = 0; side < 2; side++)
    {
      /* side 0: the overlap with the left / upper neighbour; 1: right / lower */
      int nc = column + (side == 0 ? -1 : 1), nr = row + (side == 0 ? -1 : 1);

      if (nc >= 0 && nc < tiling->columns)
        {
          double zx = side == 0 ? tile.x0 + tiling->overlap / 2
                                : (column + 1) * tiling->step_x + tiling->overlap / 2;
          double hy0 = MAX (tile.y0, row * tiling->step_y + tiling->overlap);
          double hy1 = MIN (tile.y1, row * tiling->step_y + tiling->step_y);

          for (int k = 1; k <= 2; k++)
            crosshair (cr, ox + (zx - tile.x0) * ppu,
                       oy + (hy0 + (hy1 - hy0) * (k == 1 ? 0.25 : 0.75) - tile.y0) * ppu);
        }
      if (nr >= 0 && nr < tiling->rows)
        {
          double zy = side == 0 ? tile.y0 + tiling->overlap / 2
                                : (row + 1) * tiling->step_y + tiling->overlap / 2;
          double hx0 = MAX (tile.x0, column * tiling->step_x + tiling->overlap);
          double hx1 = MIN (tile.x1, column * tiling->step_x + tiling->step_x);

          for (int k = 1; k <= 2; k++)
            crosshair (cr, ox + (hx0 + (hx1 - hx0) * (k == 1 ? 0.25 : 0.75) - tile.x0) * ppu,
                       oy + (zy - tile.y0) * ppu);
        }
    }
  draw_coordinates (cr, scenario, &tile, ox, oy, ppu);
  cairo_restore (cr);

  /* the map's outline and the crop marks */
  cairo_new_path (cr);
  cairo_rectangle (cr, ox, oy, mw, mh);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.3);
  cairo_stroke (cr);
  draw_crop_marks (cr, ox, oy, ox + mw, oy + mh);
}

static void
draw_assembly (cairo_t          *cr,
               const PhScenario *scenario,
               const PhTiling   *tiling,
               PhPaper           paper_hint,
               int               n_pages)
{
  const double m = 36, w = tiling->page_width - 2 * m;
  g_autofree char *summary = NULL;
  PhRenderOptions opts;
  PhRenderView view;
  double top = m + 70, avail_h = tiling->page_height - top - 190, scale, x0, y0;

  (void) paper_hint;
  ph_sheet_font (cr, 16, TRUE);
  ph_sheet_ink (cr);
  ph_sheet_text (cr, m, m + 16, w, scenario->title);
  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "Map at true scale: %g \xc3\x97 %g %s on %d page "
                                          "(%d columns \xc3\x97 %d rows), overlap %g %s",
                                          "Map at true scale: %g \xc3\x97 %g %s on %d pages "
                                          "(%d columns \xc3\x97 %d rows), overlap %g %s",
                                          tiling->columns * tiling->rows),
                             scenario->table.width, scenario->table.height, unit_name (scenario),
                             tiling->columns * tiling->rows, tiling->columns, tiling->rows,
                             tiling->overlap, unit_name (scenario));
  ph_sheet_font (cr, 10, FALSE);
  ph_sheet_text (cr, m, m + 34, w, summary);
  ph_sheet_font (cr, 9, FALSE);
  ph_sheet_grey (cr, 0.3);
  {
    g_autofree char *page_text = g_strdup_printf (_("Assembly diagram \xe2\x80\x94 page 1 of %d"), n_pages);

    ph_sheet_text (cr, m, m + 50, w, page_text);
  }

  /* the table in miniature with the tiles over it */
  scale = MIN (w / scenario->table.width, avail_h / scenario->table.height);
  x0 = m + (w - scenario->table.width * scale) / 2;
  y0 = top;
  cairo_save (cr);
  cairo_new_path (cr);
  cairo_rectangle (cr, x0, y0, scenario->table.width * scale, scenario->table.height * scale);
  cairo_clip (cr);
  ph_render_view_init (&view, MAX (scale, PH_RENDER_MIN_SCALE), x0, y0);
  map_options (&opts);
  opts.layers &= ~(PH_RENDER_FIGURE_NAMES | PH_RENDER_FEATURE_NAMES);
  ph_render_map (cr, scenario, &view, &opts);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
  cairo_paint (cr);
  cairo_restore (cr);

  for (int r = 0; r < tiling->rows; r++)
    for (int c = 0; c < tiling->columns; c++)
      {
        g_autofree char *name = ph_tiling_tile_name (c, r);
        PhRect tile;
        double tx, ty, tw, th;

        ph_tiling_get_tile (tiling, c, r, &tile);
        tx = x0 + tile.x0 * scale;
        ty = y0 + tile.y0 * scale;
        tw = (tile.x1 - tile.x0) * scale;
        th = (tile.y1 - tile.y0) * scale;
        cairo_new_path (cr);
        cairo_rectangle (cr, tx, ty, tw, th);
        cairo_set_source_rgba (cr, 0.1, 0.1, 0.5, 0.9);
        cairo_set_line_width (cr, 0.8);
        cairo_stroke (cr);
        ph_sheet_font (cr, MIN (10, MAX (5, MIN (tw, th) / 3.5)), TRUE);
        cairo_set_source_rgb (cr, 0, 0, 0);
        halo_text (cr, tx + tiling->overlap * scale + 2,
                   ty + tiling->overlap * scale + MIN (10, MAX (5, MIN (tw, th) / 3.5)) + 1, name);
      }
  cairo_new_path (cr);
  cairo_rectangle (cr, x0, y0, scenario->table.width * scale, scenario->table.height * scale);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 1.2);
  cairo_stroke (cr);

  /* instructions */
  {
    PhSheetRef ref;
    double iy = y0 + scenario->table.height * scale + 24;

    ph_sheet_ref_begin (&ref, cr, m, iy, w, tiling->page_height - m, 9);
    ph_sheet_ref_heading (&ref, _("Putting the map together"));
  /* xgettext:no-c-format */
  ph_sheet_ref_line (&ref, _("1. Print at 100 % (\"actual size\", no \"fit to page\"). Check one page: "
                         "the table coordinates along its top and left edge are 1 unit apart "
                         "per tick, so a ruler should agree."));
    ph_sheet_ref_line (&ref, _("2. Lay the pages out as above: columns A, B, C... left to right, "
                         "rows 1, 2, 3... top to bottom; pages are printed row by row."));
    ph_sheet_ref_line (&ref, _("3. Trim the left and top margins of every page but those of column A "
                         "and row 1 at the crop marks, right on the map's edge."));
    ph_sheet_ref_line (&ref, _("4. Lay each trimmed edge on its neighbour's dashed red line so that "
                         "the crosshairs in the overlap meet, and tape from the back."));
  }
}

static void
draw_fitted (cairo_t          *cr,
             const PhScenario *scenario,
             double            page_width,
             double            page_height)
{
  const double m = PH_TILES_MARGIN + 10, head = 22;
  double avail_w = page_width - 2 * m, avail_h = page_height - 2 * m - head;
  double tw = scenario->table.width, th = scenario->table.height;
  gboolean turn = FALSE;
  double scale, margin, pw, ph;
  g_autofree char *info = NULL;
  PhRenderOptions opts;
  PhRenderView view;

  /* turn the table a quarter when it then prints larger */
  if (MIN (avail_w / th, avail_h / tw) > MIN (avail_w / tw, avail_h / th))
    turn = TRUE;
  pw = turn ? avail_h : avail_w;
  ph = turn ? avail_w : avail_h;
  scale = MIN (pw / tw, ph / th);
  margin = ph_render_margin (scale);
  scale = MIN ((pw - 2 * margin) / tw, (ph - 2 * margin) / th);
  margin = ph_render_margin (scale);

  ph_sheet_font (cr, 12, TRUE);
  ph_sheet_ink (cr);
  ph_sheet_text (cr, m, m + 10, avail_w * 0.6, scenario->title);
  info = g_strdup_printf (_("%g \xc3\x97 %g %s table, 1 %s = %.3g %s on paper%s"),
                          tw, th, unit_name (scenario), unit_name (scenario),
                          scale / (scenario->table.unit == PH_UNIT_CM ? 72 / 2.54 : 72),
                          unit_name (scenario), turn ? _("; top edge on the left") : "");
  ph_sheet_font (cr, 7.5, FALSE);
  ph_sheet_text_right (cr, page_width - m, m + 10, info);

  cairo_save (cr);
  cairo_translate (cr, m, m + head);
  if (turn)
    {
      /* the table's top edge along the page's left edge */
      cairo_translate (cr, 0, avail_h);
      cairo_rotate (cr, -G_PI / 2);
    }
  cairo_new_path (cr);
  cairo_rectangle (cr, 0, 0, pw, ph);
  cairo_clip (cr);
  ph_render_view_fit (&view, &scenario->table, pw, ph, margin);
  ph_render_options_init (&opts);
  opts.layers &= ~PH_RENDER_OVERLAYS;
  ph_render_map (cr, scenario, &view, &opts);
  cairo_restore (cr);
}

int
ph_tiles_count_pages (const PhScenario *scenario,
                      PhMapPrintScale   scale,
                      double            page_width,
                      double            page_height,
                      double            overlap)
{
  PhTiling tiling;

  g_return_val_if_fail (scenario != NULL, 0);

  if (scale == PH_MAP_PRINT_FIT)
    return page_width > 4 * PH_TILES_MARGIN && page_height > 4 * PH_TILES_MARGIN ? 1 : 0;
  if (!ph_tiling_compute (&tiling, &scenario->table, page_width, page_height, overlap, NULL))
    return 0;
  return 1 + tiling.columns * tiling.rows;
}

void
ph_tiles_draw_page (cairo_t          *cr,
                    const PhScenario *scenario,
                    PhMapPrintScale   scale,
                    double            page_width,
                    double            page_height,
                    double            overlap,
                    int               page)
{
  PhTiling tiling;
  int n_pages;

  g_return_if_fail (cr != NULL && scenario != NULL);

  cairo_save (cr);
  if (scale == PH_MAP_PRINT_FIT)
    {
      if (page == 0)
        draw_fitted (cr, scenario, page_width, page_height);
    }
  else if (ph_tiling_compute (&tiling, &scenario->table, page_width, page_height, overlap, NULL))
    {
      n_pages = 1 + tiling.columns * tiling.rows;
      if (page == 0)
        draw_assembly (cr, scenario, &tiling, PH_PAPER_A4, n_pages);
      else if (page > 0 && page < n_pages)
        draw_tile (cr, scenario, &tiling, (page - 1) % tiling.columns,
                   (page - 1) / tiling.columns, page, n_pages);
    }
  cairo_restore (cr);
}

gboolean
ph_tiles_export_pdf (const PhScenario *scenario,
                     const char       *filename,
                     PhPaper           paper,
                     PhMapPrintScale   scale,
                     double            overlap,
                     GError          **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_status_t status = CAIRO_STATUS_SUCCESS;
  PhTiling tiling;
  double width, height;
  int n_pages;

  g_return_val_if_fail (scenario != NULL && filename != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ph_paper_get_size (paper, &width, &height);
  if (scale == PH_MAP_PRINT_TRUE_SCALE
      && !ph_tiling_compute (&tiling, &scenario->table, width, height, overlap, error))
    return FALSE;
  n_pages = ph_tiles_count_pages (scenario, scale, width, height, overlap);

  surface = ph_render_pdf_surface_new (scenario, bytes, width, height);
  for (int page = 0; page < n_pages && status == CAIRO_STATUS_SUCCESS; page++)
    {
      cairo_t *cr = cairo_create (surface);

      ph_tiles_draw_page (cr, scenario, scale, width, height, overlap, page);
      cairo_show_page (cr);
      status = cairo_status (cr);
      cairo_destroy (cr);
    }
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (!ph_render_check_cairo (status, filename, error))
    return FALSE;
  return g_file_set_contents (filename, (const char *) bytes->data, bytes->len, error);
}
