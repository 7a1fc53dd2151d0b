/* ph-render-terrain.c: area terrain, drawn so each kind is recognisable
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Textures (tree crowns, stipple, stones, reeds, ripples) come from
 * ph-render-texture.c; furrows and contours are drawn here.
 */
#include "ph-render-private.h"

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

/* The kinds drawn as a fill, a texture over it and an outline */
typedef struct
{
  guint32 fill;
  double fill_alpha;
  const PhTexture *texture;
  guint32 line;
  double line_width;
  double dash[2];       /* the outline's dashes, when n_dash is 2 */
  int n_dash;
} TexturedArea;

static void
draw_textured (const PhRenderContext *ctx,
               const PhFeature       *f,
               const TexturedArea    *area)
{
  fill_outline (ctx, f, area->fill, area->fill_alpha, 0, 0, NULL, 0);
  ph_render_texture (ctx, f, area->texture);
  fill_outline (ctx, f, 0, 0, area->line, area->line_width,
                area->n_dash > 0 ? area->dash : NULL, area->n_dash);
}

/* Textures (sizes in inches) */

static const PhTextureLayer woods_layers[] = {
  /* crowns: shadow, crown, light */
  { PH_MARK_DOT, 0.72, 0.8, 0.40, 0.07, 0.09, 0.35, 0, 0x2f4a22, 0.55 },
  { PH_MARK_DOT, 0.72, 0.8, 0.40, 0, 0, 0.35, 0, 0x4d7636, 1 },
  { PH_MARK_DOT, 0.72, 0.8, 0.17, -0.11, -0.12, 0.5, 0, 0x74a052, 0.8 },
};
static const PhTexture woods_texture = { woods_layers, G_N_ELEMENTS (woods_layers), 11 };
static const TexturedArea woods_area = { 0x6b8c4a, 1, &woods_texture, 0x2f4a22, 1.6, { 0, 0 }, 0 };

static const PhTextureLayer brush_layers[] = {
  { PH_MARK_DOT, 0.32, 0.8, 0.07, 0, 0, 0.6, 0, 0x5d7a37, 0.85 },
  { PH_MARK_DOT, 0.9, 0.8, 0.17, 0.2, 0.1, 0.4, 0.2, 0x6f8c45, 0.7 },
};
static const PhTexture brush_texture = { brush_layers, G_N_ELEMENTS (brush_layers), 12 };
static const TexturedArea brush_area = { 0xa9ba72, 0.9, &brush_texture, 0x55702f, 1.4, { 5, 3 }, 2 };

static const PhTextureLayer rough_layers[] = {
  { PH_MARK_DOT, 0.42, 0.8, 0.045, 0, 0, 0.6, 0.1, 0x574525, 0.8 },
};
static const PhTexture rough_texture = { rough_layers, G_N_ELEMENTS (rough_layers), 13 };
static const TexturedArea rough_area = { 0xa08f57, 0.35, &rough_texture, 0x574525, 2, { 0.1, 4 }, 2 };

static const PhTextureLayer very_rough_layers[] = {
  { PH_MARK_DOT, 0.3, 0.8, 0.06, 0, 0, 0.7, 0, 0x4a381c, 0.9 },
  { PH_MARK_LUMP, 0.75, 0.8, 0.11, 0, 0, 0.5, 0.15, 0x3c2e17, 0.9 },
};
static const PhTexture very_rough_texture = { very_rough_layers, G_N_ELEMENTS (very_rough_layers), 14 };
static const TexturedArea very_rough_area = { 0x8f7b4b, 0.5, &very_rough_texture, 0x3c2e17, 2.6, { 0.1, 3.5 }, 2 };

static const PhTextureLayer rocks_layers[] = {
  { PH_MARK_LUMP, 0.8, 0.7, 0.28, 0, 0, 0.6, 0.2, 0x8e8b84, 1, 0, 0x45423d },
};
static const PhTexture rocks_texture = { rocks_layers, G_N_ELEMENTS (rocks_layers), 15 };
static const TexturedArea rocks_area = { 0xaaa593, 0.55, &rocks_texture, 0x5d5a52, 1.4, { 4, 3 }, 2 };

static const PhTextureLayer marsh_layers[] = {
  { PH_MARK_DASH, 0.5, 0.3, 0.38, 0, 0, 0, 0, 0x2d6a64, 0.9, 1.8 },
};
static const PhTexture marsh_texture = { marsh_layers, G_N_ELEMENTS (marsh_layers), 16 };
static const TexturedArea marsh_area = { 0x93b89a, 0.95, &marsh_texture, 0x3d7a70, 1.3, { 3, 3 }, 2 };

static const PhTextureLayer water_layers[] = {
  { PH_MARK_RIPPLE, 1.1, 0.6, 0.6, 0, 0, 0, 0.4, 0xcfe4f5, 0.85, 1.2 },
};
static const PhTexture water_texture = { water_layers, G_N_ELEMENTS (water_layers), 17 };
static const TexturedArea water_area = { 0x74a9d8, 1, &water_texture, 0x33679a, 1.8, { 0, 0 }, 0 };

static const PhTextureLayer road_layers[] = {
  { PH_MARK_DOT, 0.5, 0.8, 0.03, 0, 0, 0.5, 0, 0x9c8058, 0.5 },
};
static const PhTexture road_texture = { road_layers, G_N_ELEMENTS (road_layers), 18 };
static const TexturedArea road_area = { 0xcfb68c, 1, &road_texture, 0x9a7f56, 1.2, { 0, 0 }, 0 };

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
  /* the hips and the ridge, stroked over the faces, hide their seams */
  cairo_fill (cr);
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

void
ph_render_area_feature (const PhRenderContext *ctx,
                        const PhFeature       *f)
{
  switch (f->kind)
    {
    case PH_TERRAIN_WOODS:      draw_textured (ctx, f, &woods_area); break;
    case PH_TERRAIN_BRUSH:      draw_textured (ctx, f, &brush_area); break;
    case PH_TERRAIN_BUILDING:   draw_building (ctx, f); break;
    case PH_TERRAIN_ROUGH:      draw_textured (ctx, f, &rough_area); break;
    case PH_TERRAIN_VERY_ROUGH: draw_textured (ctx, f, &very_rough_area); break;
    case PH_TERRAIN_HILL:       draw_hill (ctx, f); break;
    case PH_TERRAIN_ROCKS:      draw_textured (ctx, f, &rocks_area); break;
    case PH_TERRAIN_MARSH:      draw_textured (ctx, f, &marsh_area); break;
    case PH_TERRAIN_WATER:      draw_textured (ctx, f, &water_area); break;
    case PH_TERRAIN_FIELD:      draw_field (ctx, f); break;
    case PH_TERRAIN_ROAD:       draw_textured (ctx, f, &road_area); break;
    default:
      fill_outline (ctx, f, 0x999999, 0.5, 0x555555, 1, NULL, 0);
      break;
    }
}
