/* ph-render-terrain.c: area terrain, drawn so each kind is recognisable
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Textures (tree crowns, stipple, lumps, furrows) are placed on a jittered
 * lattice in table units hashed from the feature's id, so they stay put
 * when the view pans and are generated only where the feature is visible.
 * They are dropped when the lattice gets finer than a few pixels.
 */
#include "ph-render-private.h"

typedef void (*ScatterFunc) (const PhRenderContext *ctx, PhPoint p,
                             double n1, double n2, gpointer user_data);

/* Calls @func at jittered lattice points (spacing in table units) of the
 * feature's visible part that lie inside the shape */
static void
scatter (const PhRenderContext *ctx,
         const PhFeature       *f,
         double                 spacing,
         double                 jitter,
         ScatterFunc            func,
         gpointer               user_data)
{
  const PhRect *b = &f->shape.bbox;
  guint seed = g_str_hash (f->id != NULL ? f->id : "");
  double x0 = MAX (b->x0, ctx->visible.x0 - spacing);
  double y0 = MAX (b->y0, ctx->visible.y0 - spacing);
  double x1 = MIN (b->x1, ctx->visible.x1 + spacing);
  double y1 = MIN (b->y1, ctx->visible.y1 + spacing);
  double row_h = spacing * 0.866;

  if (ph_dlen (ctx, spacing) < 3.5 || x0 >= x1 || y0 >= y1)
    return;
  if ((x1 - x0) / spacing * (y1 - y0) / row_h > 200000)
    return;
  for (int j = (int) floor (y0 / row_h); j <= (int) ceil (y1 / row_h); j++)
    {
      /* hexagonal packing: odd rows shifted by half a step */
      double shift = (j & 1) ? spacing / 2 : 0;

      for (int i = (int) floor ((x0 - shift) / spacing);
           i <= (int) ceil ((x1 - shift) / spacing); i++)
        {
          double n1 = ph_render_noise (seed, i, j);
          double n2 = ph_render_noise (seed ^ 0x9e3779b9u, i, j);
          PhPoint p = { i * spacing + shift + (n1 - 0.5) * jitter * spacing,
                        j * row_h + (n2 - 0.5) * jitter * spacing };

          if (ph_shape_contains_point (&f->shape, p))
            func (ctx, p, n1, n2, user_data);
        }
    }
}

static void
fill_outline (const PhRenderContext *ctx,
              const PhFeature       *f,
              guint32                fill,
              double                 fill_alpha,
              guint32                line,
              double                 line_width,
              const double          *dash,
              int                    n_dash)
{
  cairo_t *cr = ctx->cr;

  ph_render_path_shape (ctx, &f->shape);
  if (fill_alpha > 0)
    {
      ph_render_set_rgb (cr, fill, fill_alpha);
      cairo_fill_preserve (cr);
    }
  if (line_width > 0)
    {
      cairo_set_dash (cr, dash, n_dash, 0);
      cairo_set_line_width (cr, line_width);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_line_cap (cr, n_dash > 0 && dash[0] < 1.5
                          ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
      ph_render_set_rgb (cr, line, 1);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  cairo_new_path (cr);
}

static void
clip_to (const PhRenderContext *ctx,
         const PhFeature       *f)
{
  cairo_save (ctx->cr);
  ph_render_path_shape (ctx, &f->shape);
  cairo_clip (ctx->cr);
}

/* Textures */

typedef struct
{
  double radius;    /* table units */
  double dx, dy;    /* offset, table units */
  double vary;      /* radius varies by this fraction */
} Dots;

static void
add_dot (const PhRenderContext *ctx,
         PhPoint                p,
         double                 n1,
         double                 n2,
         gpointer               user_data)
{
  const Dots *d = user_data;
  double r = d->radius * (1 + (n1 * 7 - floor (n1 * 7) - 0.5) * d->vary);

  cairo_new_sub_path (ctx->cr);
  cairo_arc (ctx->cr, ph_dx (ctx, p.x + d->dx), ph_dy (ctx, p.y + d->dy),
             MAX (0.8, ph_dlen (ctx, r)), 0, 2 * G_PI);
  cairo_close_path (ctx->cr);
}

static void
dots (const PhRenderContext *ctx,
      const PhFeature       *f,
      double                 spacing,
      double                 radius,
      double                 dx,
      double                 dy,
      double                 vary,
      guint32                color,
      double                 alpha)
{
  Dots d = { radius, dx, dy, vary };

  scatter (ctx, f, spacing, 0.8, add_dot, &d);
  ph_render_set_rgb (ctx->cr, color, alpha);
  cairo_fill (ctx->cr);
}

static void
draw_woods (const PhRenderContext *ctx,
            const PhFeature       *f)
{
  double in = ctx->inch;

  fill_outline (ctx, f, 0x6b8c4a, 1, 0, 0, NULL, 0);
  clip_to (ctx, f);
  /* Tree crowns: shadow, crown, light */
  dots (ctx, f, 0.72 * in, 0.40 * in, 0.07 * in, 0.09 * in, 0.35, 0x2f4a22, 0.55);
  dots (ctx, f, 0.72 * in, 0.40 * in, 0, 0, 0.35, 0x4d7636, 1);
  dots (ctx, f, 0.72 * in, 0.17 * in, -0.11 * in, -0.12 * in, 0.5, 0x74a052, 0.8);
  cairo_restore (ctx->cr);
  fill_outline (ctx, f, 0, 0, 0x2f4a22, 1.6, NULL, 0);
}

static void
draw_brush (const PhRenderContext *ctx,
            const PhFeature       *f)
{
  static const double dash[] = { 5, 3 };
  double in = ctx->inch;

  fill_outline (ctx, f, 0xa9ba72, 0.9, 0, 0, NULL, 0);
  dots (ctx, f, 0.32 * in, 0.07 * in, 0, 0, 0.6, 0x5d7a37, 0.85);
  dots (ctx, f, 0.9 * in, 0.17 * in, 0.2 * in, 0.1 * in, 0.4, 0x6f8c45, 0.7);
  fill_outline (ctx, f, 0, 0, 0x55702f, 1.4, dash, 2);
}

#define ROOF_COLOR 0xa4543c

/* One face of a roof, shaded by which way it slopes: lit from the
 * top-left, as a referee's lamp would */
static void
roof_face (const PhRenderContext *ctx,
           PhPoint                centre,
           const PhPoint         *p,
           guint                  n)
{
  cairo_t *cr = ctx->cr;
  PhPoint eave = { (p[0].x + p[1].x) / 2, (p[0].y + p[1].y) / 2 };
  double nx = eave.x - centre.x, ny = eave.y - centre.y;
  double len = hypot (nx, ny);
  double light = len > 0 ? (-0.6 * nx - 0.8 * ny) / len : 0;

  for (guint i = 0; i < n; i++)
    {
      if (i == 0)
        cairo_move_to (cr, ph_dx (ctx, p[i].x), ph_dy (ctx, p[i].y));
      else
        cairo_line_to (cr, ph_dx (ctx, p[i].x), ph_dy (ctx, p[i].y));
    }
  cairo_close_path (cr);
  ph_render_set_rgb (cr, ph_render_shade (ROOF_COLOR, light >= 0 ? 1 + 0.35 * light
                                                                  : 1 + 0.25 * light), 1);
  /* fill and stroke in the same colour, so faces meet without seams */
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* A hipped roof on a four-cornered building, a pyramid on any other: the
 * faces, then the hips and the ridge */
static void
roof (const PhRenderContext *ctx,
      const PhFeature       *f)
{
  const PhShape *s = &f->shape;
  cairo_t *cr = ctx->cr;
  PhPoint c = ph_render_shape_centre (s);

  if (s->kind == PH_SHAPE_CIRCLE)
    {
      for (int k = 0; k < 12; k++)
        {
          double a0 = k * G_PI / 6, a1 = (k + 1) * G_PI / 6;
          PhPoint face[3] = {
            { c.x + s->radius * cos (a0), c.y + s->radius * sin (a0) },
            { c.x + s->radius * cos (a1), c.y + s->radius * sin (a1) },
            c,
          };

          roof_face (ctx, c, face, 3);
        }
      return;
    }
  if (s->n_points == 4)
    {
      const PhPoint *p = s->points;
      double l01 = ph_point_distance (p[0], p[1]);
      double l12 = ph_point_distance (p[1], p[2]);
      /* the long sides run from A to B and from C to D */
      int a = l01 >= l12 ? 0 : 1;
      PhPoint A = p[a], B = p[(a + 1) % 4], C = p[(a + 2) % 4], D = p[(a + 3) % 4];
      PhPoint m1 = { (A.x + D.x) / 2, (A.y + D.y) / 2 };  /* short side D-A */
      PhPoint m2 = { (B.x + C.x) / 2, (B.y + C.y) / 2 };  /* short side B-C */
      double half = ph_point_distance (A, D) / 2;
      double len = ph_point_distance (m1, m2);
      double t = len > 2 * half ? half / len : 0.5;
      PhPoint r1 = { m1.x + (m2.x - m1.x) * t, m1.y + (m2.y - m1.y) * t };
      PhPoint r2 = { m2.x + (m1.x - m2.x) * t, m2.y + (m1.y - m2.y) * t };
      PhPoint f1[4] = { A, B, r2, r1 };
      PhPoint f2[3] = { B, C, r2 };
      PhPoint f3[4] = { C, D, r1, r2 };
      PhPoint f4[3] = { D, A, r1 };

      roof_face (ctx, c, f1, 4);
      roof_face (ctx, c, f2, 3);
      roof_face (ctx, c, f3, 4);
      roof_face (ctx, c, f4, 3);

      cairo_move_to (cr, ph_dx (ctx, r1.x), ph_dy (ctx, r1.y));
      cairo_line_to (cr, ph_dx (ctx, r2.x), ph_dy (ctx, r2.y));
      cairo_move_to (cr, ph_dx (ctx, A.x), ph_dy (ctx, A.y));
      cairo_line_to (cr, ph_dx (ctx, r1.x), ph_dy (ctx, r1.y));
      cairo_line_to (cr, ph_dx (ctx, D.x), ph_dy (ctx, D.y));
      cairo_move_to (cr, ph_dx (ctx, B.x), ph_dy (ctx, B.y));
      cairo_line_to (cr, ph_dx (ctx, r2.x), ph_dy (ctx, r2.y));
      cairo_line_to (cr, ph_dx (ctx, C.x), ph_dy (ctx, C.y));
    }
  else
    {
      for (guint i = 0; i < s->n_points; i++)
        {
          PhPoint face[3] = { s->points[i], s->points[(i + 1) % s->n_points], c };

          roof_face (ctx, c, face, 3);
        }
      for (guint i = 0; i < s->n_points; i++)
        {
          cairo_move_to (cr, ph_dx (ctx, c.x), ph_dy (ctx, c.y));
          cairo_line_to (cr, ph_dx (ctx, s->points[i].x), ph_dy (ctx, s->points[i].y));
        }
    }
  cairo_set_line_width (cr, MAX (1, MIN (1.6, ph_dlen (ctx, 0.04 * ctx->inch))));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  ph_render_set_rgb (cr, 0x5a2619, 0.7);
  cairo_stroke (cr);
}

static void
draw_building (const PhRenderContext *ctx,
               const PhFeature       *f)
{
  cairo_t *cr = ctx->cr;
  double off = MAX (2, ph_dlen (ctx, 0.12 * ctx->inch));

  /* A cast shadow, the roof, a strong outline */
  cairo_save (cr);
  cairo_translate (cr, off, off);
  ph_render_path_shape (ctx, &f->shape);
  cairo_set_source_rgba (cr, 0.1, 0.08, 0.05, 0.38);
  cairo_fill (cr);
  cairo_restore (cr);

  if (ph_dlen (ctx, MIN (f->shape.bbox.x1 - f->shape.bbox.x0,
                         f->shape.bbox.y1 - f->shape.bbox.y0)) >= 8)
    {
      clip_to (ctx, f);
      roof (ctx, f);
      cairo_restore (cr);
    }
  else
    fill_outline (ctx, f, ROOF_COLOR, 1, 0, 0, NULL, 0);
  fill_outline (ctx, f, 0, 0, 0x24160f, 2.2, NULL, 0);
}

static void
draw_rough (const PhRenderContext *ctx,
            const PhFeature       *f)
{
  static const double dash[] = { 0.1, 4 };
  double in = ctx->inch;

  fill_outline (ctx, f, 0xa08f57, 0.35, 0, 0, NULL, 0);
  dots (ctx, f, 0.42 * in, 0.045 * in, 0, 0, 0.6, 0x574525, 0.8);
  fill_outline (ctx, f, 0, 0, 0x574525, 2, dash, 2);
}

static void
draw_very_rough (const PhRenderContext *ctx,
                 const PhFeature       *f)
{
  static const double dash[] = { 0.1, 3.5 };
  double in = ctx->inch;

  fill_outline (ctx, f, 0x8f7b4b, 0.5, 0, 0, NULL, 0);
  dots (ctx, f, 0.3 * in, 0.06 * in, 0, 0, 0.7, 0x4a381c, 0.9);
  dots (ctx, f, 0.75 * in, 0.1 * in, 0.12 * in, 0.05 * in, 0.5, 0x3c2e17, 0.9);
  fill_outline (ctx, f, 0, 0, 0x3c2e17, 2.6, dash, 2);
}

static void
draw_hill (const PhRenderContext *ctx,
           const PhFeature       *f)
{
  static const guint32 tiers[] = { 0xc6a66c, 0xb89659, 0xa9864a };
  static const double scales[] = { 1.0, 0.68, 0.38 };
  cairo_t *cr = ctx->cr;
  PhPoint c = ph_render_shape_centre (&f->shape);

  /* Terraces with contour lines, clipped to the outline (so a concave
   * hill's inner contours never leak out) */
  clip_to (ctx, f);
  for (guint i = 0; i < G_N_ELEMENTS (tiers); i++)
    {
      ph_render_path_shape_scaled (ctx, &f->shape, c, scales[i]);
      ph_render_set_rgb (cr, tiers[i], 1);
      if (i == 0)
        {
          cairo_fill (cr);
          continue;
        }
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 1.1);
      ph_render_set_rgb (cr, 0x7a5a2e, 0.75);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
  fill_outline (ctx, f, 0, 0, 0x6a4e27, 1.8, NULL, 0);
}

static void
add_lump (const PhRenderContext *ctx,
          PhPoint                p,
          double                 n1,
          double                 n2,
          gpointer               user_data)
{
  double base = *(double *) user_data;
  double r = base * (0.65 + 0.6 * n2);
  double rot = n1 * 2 * G_PI;

  if (n1 > 0.8)
    return; /* leave some gaps */
  for (int k = 0; k < 6; k++)
    {
      double a = rot + k * G_PI / 3;
      double rk = r * (0.75 + 0.35 * ph_render_noise ((guint) (n1 * 1e6), k, 7));
      double x = ph_dx (ctx, p.x + rk * cos (a));
      double y = ph_dy (ctx, p.y + rk * sin (a));

      if (k == 0)
        cairo_move_to (ctx->cr, x, y);
      else
        cairo_line_to (ctx->cr, x, y);
    }
  cairo_close_path (ctx->cr);
}

static void
draw_rocks (const PhRenderContext *ctx,
            const PhFeature       *f)
{
  static const double dash[] = { 4, 3 };
  cairo_t *cr = ctx->cr;
  double r = 0.28 * ctx->inch;

  fill_outline (ctx, f, 0xaaa593, 0.55, 0, 0, NULL, 0);
  scatter (ctx, f, 0.8 * ctx->inch, 0.7, add_lump, &r);
  ph_render_set_rgb (cr, 0x8e8b84, 1);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  ph_render_set_rgb (cr, 0x45423d, 1);
  cairo_stroke (cr);
  fill_outline (ctx, f, 0, 0, 0x5d5a52, 1.4, dash, 2);
}

static void
add_marsh_dash (const PhRenderContext *ctx,
                PhPoint                p,
                double                 n1,
                double                 n2,
                gpointer               user_data)
{
  double len = *(double *) user_data;
  cairo_t *cr = ctx->cr;

  cairo_move_to (cr, ph_dx (ctx, p.x - len / 2), ph_dy (ctx, p.y));
  cairo_line_to (cr, ph_dx (ctx, p.x + len / 2), ph_dy (ctx, p.y));
  if (n1 < 0.45)
    {
      /* a tuft of reeds */
      for (int k = -1; k <= 1; k++)
        {
          cairo_move_to (cr, ph_dx (ctx, p.x + k * len * 0.16), ph_dy (ctx, p.y));
          cairo_line_to (cr, ph_dx (ctx, p.x + k * len * 0.3),
                         ph_dy (ctx, p.y - len * (k == 0 ? 0.45 : 0.32)));
        }
    }
}

static void
draw_marsh (const PhRenderContext *ctx,
            const PhFeature       *f)
{
  static const double dash[] = { 3, 3 };
  cairo_t *cr = ctx->cr;
  double len = 0.38 * ctx->inch;

  fill_outline (ctx, f, 0x93b89a, 0.95, 0, 0, NULL, 0);
  scatter (ctx, f, 0.5 * ctx->inch, 0.3, add_marsh_dash, &len);
  cairo_set_line_width (cr, MAX (1, MIN (1.8, ph_dlen (ctx, 0.04 * ctx->inch))));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  ph_render_set_rgb (cr, 0x2d6a64, 0.9);
  cairo_stroke (cr);
  fill_outline (ctx, f, 0, 0, 0x3d7a70, 1.3, dash, 2);
}

static void
add_ripple (const PhRenderContext *ctx,
            PhPoint                p,
            double                 n1,
            double                 n2,
            gpointer               user_data)
{
  double w = *(double *) user_data;
  double x = ph_dx (ctx, p.x), y = ph_dy (ctx, p.y), h = ph_dlen (ctx, w) / 4;

  if (n1 > 0.6)
    return;
  cairo_move_to (ctx->cr, x - ph_dlen (ctx, w) / 2, y);
  cairo_rel_curve_to (ctx->cr, h, -h, h, -h, 2 * h, 0);
  cairo_rel_curve_to (ctx->cr, h, h, h, h, 2 * h, 0);
}

static void
draw_water (const PhRenderContext *ctx,
            const PhFeature       *f)
{
  cairo_t *cr = ctx->cr;
  double w = 0.6 * ctx->inch;

  fill_outline (ctx, f, 0x74a9d8, 1, 0, 0, NULL, 0);
  scatter (ctx, f, 1.1 * ctx->inch, 0.6, add_ripple, &w);
  cairo_set_line_width (cr, 1.2);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  ph_render_set_rgb (cr, 0xcfe4f5, 0.85);
  cairo_stroke (cr);
  fill_outline (ctx, f, 0, 0, 0x33679a, 1.8, NULL, 0);
}

static void
draw_field (const PhRenderContext *ctx,
            const PhFeature       *f)
{
  cairo_t *cr = ctx->cr;
  const PhRect *b = &f->shape.bbox;
  gboolean along_x = (b->x1 - b->x0) >= (b->y1 - b->y0);
  double step = 0.3 * ctx->inch;

  fill_outline (ctx, f, 0xdcc46b, 1, 0, 0, NULL, 0);
  /* Furrows along the field's longer side */
  if (ph_dlen (ctx, step) >= 3)
    {
      clip_to (ctx, f);
      if (along_x)
        for (double y = ceil (MAX (b->y0, ctx->visible.y0) / step) * step;
             y <= MIN (b->y1, ctx->visible.y1); y += step)
          {
            cairo_move_to (cr, ph_dx (ctx, MAX (b->x0, ctx->visible.x0)), ph_dy (ctx, y));
            cairo_line_to (cr, ph_dx (ctx, MIN (b->x1, ctx->visible.x1)), ph_dy (ctx, y));
          }
      else
        for (double x = ceil (MAX (b->x0, ctx->visible.x0) / step) * step;
             x <= MIN (b->x1, ctx->visible.x1); x += step)
          {
            cairo_move_to (cr, ph_dx (ctx, x), ph_dy (ctx, MAX (b->y0, ctx->visible.y0)));
            cairo_line_to (cr, ph_dx (ctx, x), ph_dy (ctx, MIN (b->y1, ctx->visible.y1)));
          }
      cairo_set_line_width (cr, MAX (1, ph_dlen (ctx, 0.05 * ctx->inch)));
      ph_render_set_rgb (cr, 0xae9240, 0.8);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
  fill_outline (ctx, f, 0, 0, 0x8f7a35, 1.2, NULL, 0);
}

static void
draw_road (const PhRenderContext *ctx,
           const PhFeature       *f)
{
  double in = ctx->inch;

  fill_outline (ctx, f, 0xcfb68c, 1, 0, 0, NULL, 0);
  clip_to (ctx, f);
  dots (ctx, f, 0.5 * in, 0.03 * in, 0, 0, 0.5, 0x9c8058, 0.5);
  cairo_restore (ctx->cr);
  fill_outline (ctx, f, 0, 0, 0x9a7f56, 1.2, NULL, 0);
}

void
ph_render_area_feature (const PhRenderContext *ctx,
                        const PhFeature       *f)
{
  switch (f->kind)
    {
    case PH_TERRAIN_WOODS:      draw_woods (ctx, f); break;
    case PH_TERRAIN_BRUSH:      draw_brush (ctx, f); break;
    case PH_TERRAIN_BUILDING:   draw_building (ctx, f); break;
    case PH_TERRAIN_ROUGH:      draw_rough (ctx, f); break;
    case PH_TERRAIN_VERY_ROUGH: draw_very_rough (ctx, f); break;
    case PH_TERRAIN_HILL:       draw_hill (ctx, f); break;
    case PH_TERRAIN_ROCKS:      draw_rocks (ctx, f); break;
    case PH_TERRAIN_MARSH:      draw_marsh (ctx, f); break;
    case PH_TERRAIN_WATER:      draw_water (ctx, f); break;
    case PH_TERRAIN_FIELD:      draw_field (ctx, f); break;
    case PH_TERRAIN_ROAD:       draw_road (ctx, f); break;
    default:
      fill_outline (ctx, f, 0x999999, 0.5, 0x555555, 1, NULL, 0);
      break;
    }
}
