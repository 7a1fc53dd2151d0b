/* ph-render-table.c: the cloth, the grid (square or hex) and edge labels
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>

#include <glib/gi18n-lib.h>

#include "ph-render-private.h"

#define SURROUND_COLOR 0xe9e4d4 /* around the table: parchment */
#define CLOTH_COLOR    0x8ea365 /* a grass mat */
#define GRID_COLOR     0x1c2612
#define LABEL_COLOR    0x3a3428

/* The table's rectangle in device pixels, clipped to what is visible */
static gboolean
visible_table (const PhRenderContext *ctx,
               PhRect                *out)
{
  const PhTable *t = &ctx->scenario->table;

  out->x0 = MAX (0, ctx->visible.x0);
  out->y0 = MAX (0, ctx->visible.y0);
  out->x1 = MIN (t->width, ctx->visible.x1);
  out->y1 = MIN (t->height, ctx->visible.y1);
  return out->x0 < out->x1 && out->y0 < out->y1;
}

static void
path_table_rect (const PhRenderContext *ctx)
{
  const PhTable *t = &ctx->scenario->table;

  cairo_rectangle (ctx->cr, ph_dx (ctx, 0), ph_dy (ctx, 0),
                   ph_dlen (ctx, t->width), ph_dlen (ctx, t->height));
}

PhRgba
ph_render_cloth_rgba (void)
{
  PhRgba c = { ((CLOTH_COLOR >> 16) & 0xff) / 255.0, ((CLOTH_COLOR >> 8) & 0xff) / 255.0,
               (CLOTH_COLOR & 0xff) / 255.0, 1 };

  return c;
}

void
ph_render_cloth (PhRenderContext *ctx)
{
  cairo_t *cr = ctx->cr;
  double x1, y1, x2, y2;

  /* The surround, then the table's drop shadow and the cloth */
  cairo_clip_extents (cr, &x1, &y1, &x2, &y2);
  ph_render_set_rgb (cr, SURROUND_COLOR, 1);
  cairo_rectangle (cr, x1, y1, x2 - x1, y2 - y1);
  cairo_fill (cr);

  cairo_save (cr);
  cairo_translate (cr, 2, 3);
  path_table_rect (ctx);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_fill (cr);
  cairo_restore (cr);

  path_table_rect (ctx);
  ph_render_set_rgb (cr, CLOTH_COLOR, 1);
  cairo_fill (cr);
}

/* Square grid */

/* The heavier lines, in table units: every 6 and 12 inches; on a cm table
 * every 5 and 10 squares */
static void
major_steps (const PhTable *t,
             double        *medium,
             double        *heavy)
{
  double cell = t->grid_size > 0 ? t->grid_size : 1;

  if (t->unit == PH_UNIT_CM)
    {
      *medium = 5 * cell;
      *heavy = 10 * cell;
    }
  else
    {
      *medium = MAX (6, cell);
      *heavy = MAX (12, 2 * *medium);
    }
}

static gboolean
is_multiple (double v,
             double of)
{
  double k = v / of;

  return fabs (k - round (k)) < 1e-6;
}

/* 0: a plain line, 1: a medium one, 2: a heavy one */
static int
line_weight (double v,
             double medium,
             double heavy)
{
  if (is_multiple (v, heavy))
    return 2;
  if (is_multiple (v, medium))
    return 1;
  return 0;
}

static void
grid_lines (const PhRenderContext *ctx,
            const PhRect          *r,
            double                 cell,
            int                    weight,
            double                 width,
            double                 alpha)
{
  cairo_t *cr = ctx->cr;
  const PhTable *t = &ctx->scenario->table;
  double medium, heavy;
  int i0, i1, n = 0;

  major_steps (t, &medium, &heavy);
  /* Cells under a pixel: the medium and heavy lines are walked by their
   * own spacing rather than cell by cell (which could be billions). */
  if (weight > 0 && ph_dlen (ctx, cell) < 1)
    cell = weight == 1 ? medium : heavy;

  /* Vertical lines, then horizontal ones: one path, one stroke */
  i0 = (int) ceil (r->x0 / cell);
  i1 = (int) floor (r->x1 / cell);
  for (int i = MAX (i0, 1); i <= i1; i++)
    {
      double x;

      if (i * cell >= t->width - 1e-9 || line_weight (i * cell, medium, heavy) != weight)
        continue;
      x = width < 1.5 ? ph_snap (ctx, ph_dx (ctx, i * cell)) : ph_dx (ctx, i * cell);
      cairo_move_to (cr, x, ph_dy (ctx, r->y0));
      cairo_line_to (cr, x, ph_dy (ctx, r->y1));
      n++;
    }
  i0 = (int) ceil (r->y0 / cell);
  i1 = (int) floor (r->y1 / cell);
  for (int i = MAX (i0, 1); i <= i1; i++)
    {
      double y;

      if (i * cell >= t->height - 1e-9 || line_weight (i * cell, medium, heavy) != weight)
        continue;
      y = width < 1.5 ? ph_snap (ctx, ph_dy (ctx, i * cell)) : ph_dy (ctx, i * cell);
      cairo_move_to (cr, ph_dx (ctx, r->x0), y);
      cairo_line_to (cr, ph_dx (ctx, r->x1), y);
      n++;
    }
  if (n == 0)
    return;
  cairo_set_line_width (cr, width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  ph_render_set_rgb (cr, GRID_COLOR, alpha);
  cairo_stroke (cr);
}

static void
square_grid (PhRenderContext *ctx,
             const PhRect    *r)
{
  const PhTable *t = &ctx->scenario->table;
  double cell = t->grid_size > 0 ? t->grid_size : 1;
  double medium, heavy;

  major_steps (t, &medium, &heavy);
  /* Lines closer than a few pixels are left out */
  if (ph_dlen (ctx, cell) >= 5)
    grid_lines (ctx, r, cell, 0, 1.0, 0.16);
  if (ph_dlen (ctx, medium) >= 5)
    grid_lines (ctx, r, cell, 1, 1.3, 0.32);
  if (ph_dlen (ctx, heavy) >= 5)
    grid_lines (ctx, r, cell, 2, 1.9, 0.48);
}

/* Hex grid */

void
ph_render_path_hex (const PhRenderContext *ctx,
                    PhHex                  hex)
{
  double size = ctx->scenario->table.grid_size;
  double R = size / PH_SQRT3;
  double cx = R + 1.5 * R * hex.q;
  double cy = size * (hex.r + hex.q / 2.0) + size / 2;

  for (int k = 0; k < 6; k++)
    {
      double a = k * G_PI / 3;
      double x = ph_dx (ctx, cx + R * cos (a));
      double y = ph_dy (ctx, cy + R * sin (a));

      if (k == 0)
        cairo_move_to (ctx->cr, x, y);
      else
        cairo_line_to (ctx->cr, x, y);
    }
  cairo_close_path (ctx->cr);
}

void
ph_render_foreach_hex (const PhRenderContext *ctx,
                       PhHexFunc              func,
                       gpointer               user_data)
{
  const PhTable *t = &ctx->scenario->table;
  double size = t->grid_size;
  double R = size / PH_SQRT3;
  PhRect r;
  int q0, q1;

  if (size <= 0 || !visible_table (ctx, &r))
    return;
  q0 = MAX (-1, (int) floor ((r.x0 - 2 * R) / (1.5 * R)));
  q1 = MIN ((int) ceil (t->width / (1.5 * R)), (int) ceil (r.x1 / (1.5 * R)));
  for (int q = q0; q <= q1; q++)
    {
      int r0 = (int) floor (r.y0 / size - q / 2.0 - 1);
      int r1 = (int) ceil (r.y1 / size - q / 2.0);

      for (int rr = r0; rr <= r1; rr++)
        {
          PhHex hex = { q, rr };
          double cx = R + 1.5 * R * q;
          double cy = size * (rr + q / 2.0) + size / 2;

          if (cx + R <= 0 || cx - R >= t->width
              || cy + size / 2 <= 0 || cy - size / 2 >= t->height)
            continue;
          if (cx + R < r.x0 || cx - R > r.x1
              || cy + size / 2 < r.y0 || cy - size / 2 > r.y1)
            continue;
          func (ctx, hex, user_data);
        }
    }
}

static void
add_hex_path (const PhRenderContext *ctx,
              PhHex                  hex,
              gpointer               user_data)
{
  ph_render_path_hex (ctx, hex);
}

/* The hex's name in it (ph_hex_name(), the one the game's log uses),
 * for the hexes numbered from 1 */
static void
add_hex_label (const PhRenderContext *ctx,
               PhHex                  hex,
               gpointer               user_data)
{
  double size = ctx->scenario->table.grid_size;
  double R = size / PH_SQRT3;
  double cx = R + 1.5 * R * hex.q;
  double cy = size * (hex.r + hex.q / 2.0) + size / 2;
  char text[PH_HEX_NAME_SIZE];

  if (!ph_hex_column_row (hex, NULL, NULL))
    return;
  ph_render_text_add (ctx->cr, ph_hex_name (hex, text), ph_dx (ctx, cx),
                       ph_dy (ctx, cy - size / 2) + 3, PH_ALIGN_TOP);
}

static void
hex_grid (PhRenderContext *ctx)
{
  cairo_t *cr = ctx->cr;
  double px = ph_dlen (ctx, ctx->scenario->table.grid_size);

  if (px < 4)
    return;
  ph_render_foreach_hex (ctx, add_hex_path, NULL);
  cairo_set_line_width (cr, px > 30 ? 1.3 : 1.0);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  ph_render_set_rgb (cr, GRID_COLOR, 0.30);
  cairo_stroke (cr);

  /* In-hex names when there is room for them */
  if (px >= 40)
    {
      ph_render_font (cr, CLAMP (px / 6, 7, 11), FALSE, FALSE);
      ph_render_foreach_hex (ctx, add_hex_label, NULL);
      ph_render_text_finish (cr, GRID_COLOR, 0.42, 0, 0, 0);
    }
}

void
ph_render_clip_table (PhRenderContext *ctx)
{
  const PhTable *t = &ctx->scenario->table;

  /* on whole pixels, cairo clips to a rectangle fast; otherwise it needs
   * a mask for everything drawn after */
  if (ctx->snap)
    {
      double x0 = round (ph_dx (ctx, 0)), y0 = round (ph_dy (ctx, 0));

      cairo_rectangle (ctx->cr, x0, y0,
                       round (ph_dx (ctx, t->width)) - x0, round (ph_dy (ctx, t->height)) - y0);
    }
  else
    path_table_rect (ctx);
  cairo_clip (ctx->cr);
}

void
ph_render_grid_lines (PhRenderContext *ctx)
{
  PhRect r;

  if (!visible_table (ctx, &r))
    return;
  switch (ctx->scenario->table.grid)
    {
    case PH_GRID_SQUARE:
      square_grid (ctx, &r);
      break;
    case PH_GRID_HEX:
      hex_grid (ctx);
      break;
    case PH_GRID_NONE:
    default:
      break;
    }
}

void
ph_render_table_edge (PhRenderContext *ctx)
{
  cairo_t *cr = ctx->cr;

  cairo_rectangle (cr, ph_snap (ctx, ph_dx (ctx, 0)), ph_snap (ctx, ph_dy (ctx, 0)),
                   round (ph_dlen (ctx, ctx->scenario->table.width)),
                   round (ph_dlen (ctx, ctx->scenario->table.height)));
  cairo_set_line_width (cr, 1.0);
  ph_render_set_rgb (cr, 0x2a2a1e, 0.9);
  cairo_stroke (cr);
}

/* Edge labels */

static double
label_step (const PhRenderContext *ctx)
{
  static const double in_steps[] = { 1, 2, 3, 6, 12, 24, 48, 96, 192, 480, 960 };
  static const double cm_steps[] = { 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000 };
  const PhTable *t = &ctx->scenario->table;
  gboolean cm = t->unit == PH_UNIT_CM;
  const double *steps = cm ? cm_steps : in_steps;
  guint n = cm ? G_N_ELEMENTS (cm_steps) : G_N_ELEMENTS (in_steps);
  /* on a square grid, label grid lines only */
  double cell = t->grid == PH_GRID_SQUARE && t->grid_size > 0 ? t->grid_size : 1;
  double need = ctx->font * 2.6;
  static const double nice[] = { 1, 2, 5 };
  double ratio, base;

  for (guint i = 0; i < n; i++)
    if (steps[i] * cell * ctx->view->scale >= need)
      return steps[i] * cell;
  /* Cells far too small to label (or a table drawn far out): the smallest
   * 1-2-5 multiple of the cell that is @need pixels long, so that the
   * labels and ticks stay as many as fit, whatever the grid. */
  ratio = need / (cell * ctx->view->scale);
  base = pow (10, floor (log10 (ratio)));
  for (guint i = 0; i < G_N_ELEMENTS (nice); i++)
    if (base * nice[i] >= ratio)
      return base * nice[i] * cell;
  return 10 * base * cell;
}

/* The labels and ticks along the four lines @top, @bottom, @left and
 * @right (device space): the table's edges, or where the window's rulers
 * stand when an edge is out of view */
static void
square_edge_labels (PhRenderContext *ctx,
                    double           top,
                    double           bottom,
                    double           left,
                    double           right,
                    gboolean         unit_label)
{
  cairo_t *cr = ctx->cr;
  const PhTable *t = &ctx->scenario->table;
  double step = label_step (ctx);
  double gap = ctx->font * 0.9;
  double tick = MIN (ctx->font * 0.45, 5);
  double room = ph_render_margin (ctx->view->scale) - tick - 4 - 3;
  static const double divisions[] = { 12, 10, 6, 5, 4, 3, 2, 1 };
  double medium, heavy;
  cairo_text_extents_t te;
  char text[32];

  major_steps (t, &medium, &heavy);

  /* Ruler ticks: the finest division of the label step that stays a few
   * pixels apart, longer at each label */
  for (guint k = 0; k < G_N_ELEMENTS (divisions); k++)
    if ((step / divisions[k]) * ctx->view->scale >= 6
        && is_multiple (step / divisions[k], MIN (1, step)))
      {
        double every = step / divisions[k];

        for (double v = every; v < t->width - 1e-9; v += every)
          {
            double x = ph_snap (ctx, ph_dx (ctx, v));
            double len = is_multiple (v, step) ? tick * 1.8 : tick;

            cairo_move_to (cr, x, top);
            cairo_rel_line_to (cr, 0, -len);
            cairo_move_to (cr, x, bottom);
            cairo_rel_line_to (cr, 0, len);
          }
        for (double v = every; v < t->height - 1e-9; v += every)
          {
            double y = ph_snap (ctx, ph_dy (ctx, v));
            double len = is_multiple (v, step) ? tick * 1.8 : tick;

            cairo_move_to (cr, left, y);
            cairo_rel_line_to (cr, -len, 0);
            cairo_move_to (cr, right, y);
            cairo_rel_line_to (cr, len, 0);
          }
        cairo_set_line_width (cr, 1);
        ph_render_set_rgb (cr, LABEL_COLOR, 0.6);
        cairo_stroke (cr);
        break;
      }

  /* Numbers: the heavy-line ones bold */
  for (int bold = 0; bold < 2; bold++)
    {
      ph_render_font (cr, ctx->font, bold, FALSE);
      for (double v = step; v <= t->width + 1e-9; v += step)
        {
          if (is_multiple (v, heavy) != bold)
            continue;
          g_snprintf (text, sizeof text, "%g", v);
          ph_render_text_add (cr, text, ph_dx (ctx, v), top - gap - tick, PH_ALIGN_CENTRE);
          ph_render_text_add (cr, text, ph_dx (ctx, v), bottom + gap + tick, PH_ALIGN_CENTRE);
        }
      for (double v = step; v <= t->height + 1e-9; v += step)
        {
          if (is_multiple (v, heavy) != bold)
            continue;
          g_snprintf (text, sizeof text, "%g", v);
          /* long numbers shrink to fit the margin */
          cairo_text_extents (cr, text, &te);
          if (te.x_advance > room)
            cairo_set_font_size (cr, MAX (6, ctx->font * room / te.x_advance));
          ph_render_text_add (cr, text, left - tick - 4, ph_dy (ctx, v), PH_ALIGN_RIGHT);
          ph_render_text_add (cr, text, right + tick + 4, ph_dy (ctx, v), PH_ALIGN_LEFT);
          cairo_set_font_size (cr, ctx->font);
        }
      ph_render_text_finish (cr, LABEL_COLOR, 1, 0, 0, 0);
    }

  /* The unit in the top-left corner (not on the view's rulers, where the
   * corner is a number's) */
  if (!unit_label)
    return;
  ph_render_font (cr, ctx->font * 0.85, FALSE, TRUE);
  ph_render_text_add (cr, t->unit == PH_UNIT_CM ? "cm" : C_("unit", "in"),
                       left - tick - 4, top - gap - tick, PH_ALIGN_RIGHT);
  ph_render_text_finish (cr, LABEL_COLOR, 0.7, 0, 0, 0);
}

static void
hex_edge_labels (PhRenderContext *ctx,
                 double           top,
                 double           bottom,
                 double           left,
                 double           right)
{
  cairo_t *cr = ctx->cr;
  const PhTable *t = &ctx->scenario->table;
  double size = t->grid_size;
  double R = size / PH_SQRT3;
  double gap = ctx->font * 0.9;
  int every = MAX (1, (int) ceil (ctx->font * 2.2 / ph_dlen (ctx, 1.5 * R)));
  int every_row = MAX (1, (int) ceil (ctx->font * 1.6 / ph_dlen (ctx, size)));
  char text[32];

  if (size <= 0)
    return;
  ph_render_font (cr, ctx->font, FALSE, FALSE);
  /* Columns along the top and bottom */
  for (int q = 0; R + 1.5 * R * q <= t->width; q++)
    {
      double x = ph_dx (ctx, R + 1.5 * R * q);

      if (q % every != 0)
        continue;
      g_snprintf (text, sizeof text, "%d", q + 1);
      ph_render_text_add (cr, text, x, top - gap, PH_ALIGN_CENTRE);
      ph_render_text_add (cr, text, x, bottom + gap, PH_ALIGN_CENTRE);
    }
  /* Rows (of the even columns) down the sides */
  for (int row = 0; size * row + size / 2 <= t->height; row++)
    {
      double y = ph_dy (ctx, size * row + size / 2);

      if (row % every_row != 0)
        continue;
      g_snprintf (text, sizeof text, "%d", row + 1);
      ph_render_text_add (cr, text, left - 6, y, PH_ALIGN_RIGHT);
      ph_render_text_add (cr, text, right + 6, y, PH_ALIGN_LEFT);
    }
  ph_render_text_finish (cr, LABEL_COLOR, 1, 0, 0, 0);
}

static void
edge_labels_at (PhRenderContext *ctx,
                double           top,
                double           bottom,
                double           left,
                double           right,
                gboolean         unit_label)
{
  if (ctx->scenario->table.grid == PH_GRID_HEX)
    hex_edge_labels (ctx, top, bottom, left, right);
  else
    square_edge_labels (ctx, top, bottom, left, right, unit_label);
}

void
ph_render_edge_labels (PhRenderContext *ctx)
{
  const PhTable *t = &ctx->scenario->table;

  edge_labels_at (ctx, ph_dy (ctx, 0), ph_dy (ctx, t->height),
                  ph_dx (ctx, 0), ph_dx (ctx, t->width), TRUE);
}

gboolean
ph_render_sticky_inside (const PhRenderContext *ctx,
                         double                 width,
                         double                 height,
                         PhRect                *inside)
{
  const PhTable *t = &ctx->scenario->table;
  double margin = ph_render_margin (ctx->view->scale);
  double top = ph_dy (ctx, 0), bottom = ph_dy (ctx, t->height);
  double left = ph_dx (ctx, 0), right = ph_dx (ctx, t->width);
  /* an edge counts as out of view once its numbers are cut (they stand
   * about two font heights out): the whole table shown gets no band */
  double cut = ctx->font * 2;
  double stop = top < cut ? margin : top;
  double sbottom = bottom > height - cut ? height - margin : bottom;
  double sleft = left < cut ? margin : left;
  double sright = right > width - cut ? width - margin : right;
  gboolean moved = stop != top || sbottom != bottom || sleft != left || sright != right;

  *inside = (PhRect) { sleft, stop, sright, sbottom };
  return moved && sbottom > stop && sright > sleft;
}

gboolean
ph_render_sticky_rulers (PhRenderContext *ctx,
                         double           width,
                         double           height)
{
  cairo_t *cr = ctx->cr;
  PhRect in;
  double stop, sbottom, sleft, sright;

  if (!ph_render_sticky_inside (ctx, width, height, &in))
    return FALSE;
  stop = in.y0;
  sbottom = in.y1;
  sleft = in.x0;
  sright = in.x1;
  /* bands of the table's margin colour where the rulers now stand, so the
   * numbers read over terrain; then the numbers along them */
  cairo_save (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_rectangle (cr, sleft, stop, sright - sleft, sbottom - stop);
  ph_render_set_rgb (cr, SURROUND_COLOR, 0.88);
  cairo_fill (cr);
  cairo_restore (cr);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  edge_labels_at (ctx, stop, sbottom, sleft, sright, FALSE);
  cairo_restore (cr);
  return TRUE;
}
