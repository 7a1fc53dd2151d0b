/* ph-render-linear.c: fences, hedges, walls, stockades, works and streams
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules treat linear features as lines of no width; the drawing gives
 * them the polyline's width (at least a kind's minimum, so a fence stays a
 * fence at any zoom).
 */
#include "ph-render-private.h"

double
ph_render_linear_width (const PhRenderContext *ctx,
                        const PhFeature       *f)
{
  double in = ctx->inch;
  double w = f->shape.line_width > 0 ? f->shape.line_width : 0.25 * in;

  switch (f->kind)
    {
    case PH_TERRAIN_FENCE:    return MAX (w * 0.4, 0.08 * in);
    case PH_TERRAIN_HEDGE:    return MAX (w, 0.35 * in);
    case PH_TERRAIN_WALL:     return MAX (w, 0.22 * in);
    case PH_TERRAIN_STOCKADE: return MAX (w, 0.25 * in);
    case PH_TERRAIN_WORKS:    return MAX (w, 0.4 * in);
    case PH_TERRAIN_STREAM:   return w;
    default:                  return w;
    }
}

static void
stroke_line (const PhRenderContext *ctx,
             const PhFeature       *f,
             double                 width_px,
             guint32                color,
             double                 alpha,
             cairo_line_cap_t       cap)
{
  cairo_t *cr = ctx->cr;

  ph_render_path_shape (ctx, &f->shape);
  cairo_set_line_width (cr, width_px);
  cairo_set_line_cap (cr, cap);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  ph_render_set_rgb (cr, color, alpha);
  cairo_stroke (cr);
}

typedef struct
{
  double size;  /* table units */
  double width; /* table units, for zigzags */
  int kind;
} Marks;

static void
add_post (const PhRenderContext *ctx,
          PhPoint                p,
          double                 ux,
          double                 uy,
          guint                  index,
          gpointer               user_data)
{
  const Marks *m = user_data;
  double h = MAX (1.5, ph_dlen (ctx, m->size / 2));
  double x = ph_dx (ctx, p.x), y = ph_dy (ctx, p.y);

  /* a square post turned with the line */
  cairo_move_to (ctx->cr, x + (ux - uy) * h, y + (uy + ux) * h);
  cairo_line_to (ctx->cr, x + (-ux - uy) * h, y + (-uy + ux) * h);
  cairo_line_to (ctx->cr, x + (-ux + uy) * h, y + (-uy - ux) * h);
  cairo_line_to (ctx->cr, x + (ux + uy) * h, y + (uy - ux) * h);
  cairo_close_path (ctx->cr);
}

static void
add_blob (const PhRenderContext *ctx,
          PhPoint                p,
          double                 ux,
          double                 uy,
          guint                  index,
          gpointer               user_data)
{
  const Marks *m = user_data;
  /* alternate a little either side of the line */
  double side = (index & 1) ? 1 : -1;
  double off = m->kind == 1 ? m->size * 0.25 * side : 0;

  cairo_new_sub_path (ctx->cr);
  cairo_arc (ctx->cr, ph_dx (ctx, p.x - uy * off), ph_dy (ctx, p.y + ux * off),
             MAX (1, ph_dlen (ctx, m->size)), 0, 2 * G_PI);
  cairo_close_path (ctx->cr);
}

static void
add_tick (const PhRenderContext *ctx,
          PhPoint                p,
          double                 ux,
          double                 uy,
          guint                  index,
          gpointer               user_data)
{
  const Marks *m = user_data;
  /* stone joints: from the wall's middle line to one side, alternating */
  double side = (index & 1) ? m->size / 2 : -m->size / 2;

  cairo_move_to (ctx->cr, ph_dx (ctx, p.x), ph_dy (ctx, p.y));
  cairo_line_to (ctx->cr, ph_dx (ctx, p.x - uy * side), ph_dy (ctx, p.y + ux * side));
}

static void
add_zig (const PhRenderContext *ctx,
         PhPoint                p,
         double                 ux,
         double                 uy,
         guint                  index,
         gpointer               user_data)
{
  const Marks *m = user_data;
  double a = (index & 1) ? m->width * 0.3 : -m->width * 0.3;
  double x = ph_dx (ctx, p.x - uy * a), y = ph_dy (ctx, p.y + ux * a);

  if (index == 0)
    cairo_move_to (ctx->cr, x, y);
  else
    cairo_line_to (ctx->cr, x, y);
}

/* Marks along the feature every @spacing from @offset, filled */
static void
fill_marks (const PhRenderContext *ctx,
            const PhFeature       *f,
            double                 spacing,
            double                 offset,
            PhWalkFunc             add,
            Marks                 *m,
            guint32                color,
            double                 alpha)
{
  ph_render_walk_polyline (ctx, &f->shape, spacing, offset, add, m);
  ph_render_set_rgb (ctx->cr, color, alpha);
  cairo_fill (ctx->cr);
}

static double
polyline_length (const PhShape *s)
{
  double len = 0;

  for (guint i = 0; i + 1 < s->n_points; i++)
    len += ph_point_distance (s->points[i], s->points[i + 1]);
  return len;
}

void
ph_render_linear_feature (const PhRenderContext *ctx,
                          const PhFeature       *f)
{
  cairo_t *cr = ctx->cr;
  double in = ctx->inch;
  double w = ph_render_linear_width (ctx, f);
  double wpx = ph_dlen (ctx, w);
  Marks m = { 0, w, 0 };

  switch (f->kind)
    {
    case PH_TERRAIN_FENCE:
      /* rails, then posts every 3/4 inch */
      stroke_line (ctx, f, MAX (1.5, wpx), 0x6e4b2a, 1, CAIRO_LINE_CAP_BUTT);
      m.size = MAX (w * 1.9, 0.14 * in);
      if (ph_dlen (ctx, 0.75 * in) >= 5)
        {
          fill_marks (ctx, f, 0.75 * in, 0, add_post, &m, 0x3f2914, 1);
        }
      break;

    case PH_TERRAIN_HEDGE:
      stroke_line (ctx, f, MAX (3, wpx), 0x2a5021, 1, CAIRO_LINE_CAP_ROUND);
      if (wpx >= 5)
        {
          m.size = w * 0.38;
          m.kind = 1;
          fill_marks (ctx, f, w * 0.55, 0, add_blob, &m, 0x3f6d31, 1);
          m.size = w * 0.16;
          fill_marks (ctx, f, w * 1.1, w * 0.3, add_blob, &m, 0x6a9a4e, 0.9);
        }
      break;

    case PH_TERRAIN_WALL:
      stroke_line (ctx, f, MAX (2.5, wpx) + 2, 0x3b3935, 1, CAIRO_LINE_CAP_SQUARE);
      stroke_line (ctx, f, MAX (2.5, wpx), 0xa6a29a, 1, CAIRO_LINE_CAP_SQUARE);
      if (wpx >= 6)
        {
          m.size = w;
          ph_render_path_shape (ctx, &f->shape);
          ph_render_walk_polyline (ctx, &f->shape, w * 0.5, w * 0.25, add_tick, &m);
          cairo_set_line_width (cr, 1);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
          ph_render_set_rgb (cr, 0x6b6861, 0.9);
          cairo_stroke (cr);
        }
      break;

    case PH_TERRAIN_STOCKADE:
      stroke_line (ctx, f, MAX (2, wpx * 0.7), 0x4e3016, 1, CAIRO_LINE_CAP_BUTT);
      if (wpx >= 5)
        {
          m.size = w * 0.48;
          ph_render_walk_polyline (ctx, &f->shape, w * 0.85, 0, add_blob, &m);
          ph_render_set_rgb (cr, 0x8c5b2b, 1);
          cairo_fill_preserve (cr);
          cairo_set_line_width (cr, 1);
          ph_render_set_rgb (cr, 0x3a220e, 1);
          cairo_stroke (cr);
        }
      break;

    case PH_TERRAIN_WORKS:
      /* an earth bank with a zigzag crest */
      stroke_line (ctx, f, MAX (3, wpx), 0x9b7849, 1, CAIRO_LINE_CAP_ROUND);
      stroke_line (ctx, f, MAX (1, wpx * 0.35), 0x7d5d34, 0.8, CAIRO_LINE_CAP_ROUND);
      if (wpx >= 6)
        {
          double len = polyline_length (&f->shape);
          double step = w * 0.45;

          ph_render_walk_polyline (ctx, &f->shape, step, fmod (len, step) / 2, add_zig, &m);
          cairo_set_line_width (cr, MAX (1.2, wpx * 0.12));
          cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
          ph_render_set_rgb (cr, 0x4e3518, 1);
          cairo_stroke (cr);
        }
      break;

    case PH_TERRAIN_STREAM:
      stroke_line (ctx, f, MAX (2, wpx) + 2.4, 0x33679a, 1, CAIRO_LINE_CAP_ROUND);
      stroke_line (ctx, f, MAX (2, wpx), 0x74a9d8, 1, CAIRO_LINE_CAP_ROUND);
      if (wpx >= 6)
        stroke_line (ctx, f, wpx * 0.25, 0xa9cdef, 0.8, CAIRO_LINE_CAP_ROUND);
      break;

    default:
      stroke_line (ctx, f, MAX (1.5, wpx), 0x555555, 1, CAIRO_LINE_CAP_ROUND);
      break;
    }
}
