/* ph-render-util.c: colours, paths, text and walks shared by the layers
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "ph-render-private.h"

void
ph_render_context_init (PhRenderContext       *ctx,
                        cairo_t               *cr,
                        const PhScenario      *scenario,
                        const PhRenderView    *view,
                        const PhRenderOptions *opts,
                        PhRenderOptions       *defaults)
{
  double x1, y1, x2, y2;
  cairo_matrix_t m;

  if (opts == NULL)
    {
      ph_render_options_init (defaults);
      opts = defaults;
    }
  ctx->cr = cr;
  ctx->scenario = scenario;
  ctx->view = view;
  ctx->opts = opts;
  ctx->tiles = NULL;
  ctx->overlays = NULL;
  ctx->inch = scenario->table.unit == PH_UNIT_CM ? 2.54 : 1.0;
  /* the same size as ph_render_margin() makes room for */
  ctx->font = CLAMP (view->scale * 0.85, 9.0, 14.0);

  cairo_get_matrix (cr, &m);
  ctx->snap = m.xx == 1 && m.yy == 1 && m.xy == 0 && m.yx == 0
    && m.x0 == floor (m.x0) && m.y0 == floor (m.y0);

  cairo_clip_extents (cr, &x1, &y1, &x2, &y2);
  ctx->visible = ph_render_view_device_rect_to_table (view, x1, y1, x2 - x1, y2 - y1);
}

double
ph_render_noise (guint a,
                 int   b,
                 int   c)
{
  guint32 h = 2166136261u;

  h = (h ^ a) * 16777619u;
  h = (h ^ (guint32) b) * 16777619u;
  h = (h ^ (guint32) c) * 16777619u;
  h ^= h >> 15;
  h *= 0x2c1b3c6du;
  h ^= h >> 12;
  h *= 0x297a2d39u;
  h ^= h >> 15;
  return (h & 0xffffff) / (double) 0x1000000;
}

void
ph_render_set_rgb (cairo_t *cr,
                   guint32  rgb,
                   double   alpha)
{
  cairo_set_source_rgba (cr,
                         ((rgb >> 16) & 0xff) / 255.0,
                         ((rgb >> 8) & 0xff) / 255.0,
                         (rgb & 0xff) / 255.0,
                         alpha);
}

void
ph_render_set_rgba (cairo_t      *cr,
                    const PhRgba *c)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
}

guint32
ph_render_shade (guint32 rgb,
                 double  factor)
{
  guint32 out = 0;

  for (int shift = 16; shift >= 0; shift -= 8)
    {
      double v = (rgb >> shift) & 0xff;

      if (factor <= 1)
        v *= factor;
      else
        v = 255 - (255 - v) / factor;
      out |= ((guint32) CLAMP (v + 0.5, 0, 255)) << shift;
    }
  return out;
}

void
ph_render_path_polyline (const PhRenderContext *ctx,
                         const PhPoint         *points,
                         guint                  n_points)
{
  for (guint i = 0; i < n_points; i++)
    {
      if (i == 0)
        cairo_move_to (ctx->cr, ph_dx (ctx, points[i].x), ph_dy (ctx, points[i].y));
      else
        cairo_line_to (ctx->cr, ph_dx (ctx, points[i].x), ph_dy (ctx, points[i].y));
    }
}

void
ph_render_path_shape (const PhRenderContext *ctx,
                      const PhShape         *shape)
{
  cairo_t *cr = ctx->cr;

  switch (shape->kind)
    {
    case PH_SHAPE_CIRCLE:
      cairo_new_sub_path (cr);
      cairo_arc (cr, ph_dx (ctx, shape->centre.x), ph_dy (ctx, shape->centre.y),
                 ph_dlen (ctx, shape->radius), 0, 2 * G_PI);
      cairo_close_path (cr);
      break;
    case PH_SHAPE_POLYGON:
      ph_render_path_polyline (ctx, shape->points, shape->n_points);
      cairo_close_path (cr);
      break;
    case PH_SHAPE_POLYLINE:
    default:
      ph_render_path_polyline (ctx, shape->points, shape->n_points);
      break;
    }
}

void
ph_render_path_shape_scaled (const PhRenderContext *ctx,
                             const PhShape         *shape,
                             PhPoint                c,
                             double                 k)
{
  cairo_t *cr = ctx->cr;

  if (shape->kind == PH_SHAPE_CIRCLE)
    {
      double cx = c.x + (shape->centre.x - c.x) * k;
      double cy = c.y + (shape->centre.y - c.y) * k;

      cairo_new_sub_path (cr);
      cairo_arc (cr, ph_dx (ctx, cx), ph_dy (ctx, cy),
                 ph_dlen (ctx, shape->radius * k), 0, 2 * G_PI);
      cairo_close_path (cr);
      return;
    }
  for (guint i = 0; i < shape->n_points; i++)
    {
      double x = c.x + (shape->points[i].x - c.x) * k;
      double y = c.y + (shape->points[i].y - c.y) * k;

      if (i == 0)
        cairo_move_to (cr, ph_dx (ctx, x), ph_dy (ctx, y));
      else
        cairo_line_to (cr, ph_dx (ctx, x), ph_dy (ctx, y));
    }
  if (shape->kind == PH_SHAPE_POLYGON)
    cairo_close_path (cr);
}

PhPoint
ph_render_shape_centre (const PhShape *shape)
{
  PhPoint c = { (shape->bbox.x0 + shape->bbox.x1) / 2,
                (shape->bbox.y0 + shape->bbox.y1) / 2 };
  double a = 0, cx = 0, cy = 0;

  if (shape->kind == PH_SHAPE_CIRCLE)
    return shape->centre;
  if (shape->kind != PH_SHAPE_POLYGON || shape->n_points < 3)
    return c;
  for (guint i = 0; i < shape->n_points; i++)
    {
      PhPoint p = shape->points[i];
      PhPoint q = shape->points[(i + 1) % shape->n_points];
      double cross = p.x * q.y - q.x * p.y;

      a += cross;
      cx += (p.x + q.x) * cross;
      cy += (p.y + q.y) * cross;
    }
  if (fabs (a) < 1e-9)
    return c;
  c.x = cx / (3 * a);
  c.y = cy / (3 * a);
  if (!ph_shape_contains_point (shape, c))
    {
      /* A crescent or an L: fall back to the bbox centre if that is inside */
      PhPoint b = { (shape->bbox.x0 + shape->bbox.x1) / 2,
                    (shape->bbox.y0 + shape->bbox.y1) / 2 };

      if (ph_shape_contains_point (shape, b))
        return b;
    }
  return c;
}

void
ph_render_font (cairo_t  *cr,
                double    size,
                gboolean  bold,
                gboolean  italic)
{
  cairo_select_font_face (cr, "Sans",
                          italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
}

/* Text is batched: ph_render_text_add() turns the text into glyphs of the
 * cairo_t's current font and keeps them (on the cairo_t, as user data);
 * ph_render_text_finish() draws every pending glyph at once: a halo, then
 * the glyphs. Drawing glyphs (cached, one cairo_show_glyphs() per font)
 * is many times faster than filling and stroking their outlines, which
 * matters with hundreds of names. */

typedef struct
{
  cairo_scaled_font_t *font;
  GArray *glyphs; /* of cairo_glyph_t */
} TextRun;

static const cairo_user_data_key_t text_key;
static const cairo_user_data_key_t label_sink_key;

static void
render_label_clear (PhRenderLabel *label)
{
  g_free (label->text);
}

GArray *
ph_render_collect_labels (cairo_t *cr)
{
  GArray *sink = g_array_new (FALSE, FALSE, sizeof (PhRenderLabel));

  g_array_set_clear_func (sink, (GDestroyNotify) render_label_clear);
  cairo_set_user_data (cr, &label_sink_key, g_array_ref (sink),
                       (cairo_destroy_func_t) g_array_unref);
  return sink;
}

static void
text_run_clear (TextRun *run)
{
  cairo_scaled_font_destroy (run->font);
  g_array_unref (run->glyphs);
}

static GArray *
text_runs (cairo_t *cr)
{
  GArray *runs = cairo_get_user_data (cr, &text_key);

  if (runs == NULL)
    {
      runs = g_array_new (FALSE, FALSE, sizeof (TextRun));
      g_array_set_clear_func (runs, (GDestroyNotify) text_run_clear);
      cairo_set_user_data (cr, &text_key, runs, (cairo_destroy_func_t) g_array_unref);
    }
  return runs;
}

void
ph_render_text_release (cairo_t *cr)
{
  cairo_set_user_data (cr, &text_key, NULL, NULL);
}

double
ph_render_text_add (cairo_t    *cr,
                     const char *text,
                     double      x,
                     double      y,
                     PhAlign     align)
{
  cairo_scaled_font_t *font = cairo_get_scaled_font (cr);
  GArray *runs = text_runs (cr);
  cairo_text_extents_t te;
  cairo_font_extents_t fe;
  cairo_glyph_t *glyphs = NULL;
  int n_glyphs = 0;
  TextRun *run;
  double cap;

  cairo_scaled_font_text_extents (font, text, &te);
  cairo_scaled_font_extents (font, &fe);
  cap = fe.ascent * 0.72; /* close to the cap height of Sans */
  switch (align)
    {
    case PH_ALIGN_TOP:
      x -= te.x_advance / 2;
      y += cap;
      break;
    case PH_ALIGN_LEFT:
      y += cap / 2;
      break;
    case PH_ALIGN_RIGHT:
      x -= te.x_advance;
      y += cap / 2;
      break;
    case PH_ALIGN_CENTRE:
    default:
      x -= te.x_advance / 2;
      y += cap / 2;
      break;
    }

  /* the tests' record of every label's box */
  {
    GArray *sink = cairo_get_user_data (cr, &label_sink_key);

    if (sink != NULL)
      {
        PhRenderLabel label = { { x, y - cap, x + te.x_advance, y + fe.descent * 0.2 },
                                g_strdup (text) };

        g_array_append_val (sink, label);
      }
  }

  /* glyph positions are in user space: convert through the font's
   * (user space) origin */
  if (cairo_scaled_font_text_to_glyphs (font, x, y, text, -1, &glyphs, &n_glyphs,
                                        NULL, NULL, NULL) != CAIRO_STATUS_SUCCESS)
    return te.x_advance;

  run = runs->len > 0 ? &g_array_index (runs, TextRun, runs->len - 1) : NULL;
  if (run == NULL || run->font != font)
    {
      TextRun fresh = { cairo_scaled_font_reference (font),
                        g_array_new (FALSE, FALSE, sizeof (cairo_glyph_t)) };

      g_array_append_val (runs, fresh);
      run = &g_array_index (runs, TextRun, runs->len - 1);
    }
  g_array_append_vals (run->glyphs, glyphs, n_glyphs);
  cairo_glyph_free (glyphs);
  return te.x_advance;
}

static void
show_runs (cairo_t *cr,
           GArray  *runs,
           double   dx,
           double   dy)
{
  for (guint i = 0; i < runs->len; i++)
    {
      TextRun *run = &g_array_index (runs, TextRun, i);

      cairo_set_scaled_font (cr, run->font);
      if (dx != 0 || dy != 0)
        {
          cairo_save (cr);
          cairo_translate (cr, dx, dy);
          cairo_show_glyphs (cr, (cairo_glyph_t *) run->glyphs->data, run->glyphs->len);
          cairo_restore (cr);
        }
      else
        cairo_show_glyphs (cr, (cairo_glyph_t *) run->glyphs->data, run->glyphs->len);
    }
}

void
ph_render_text_finish (cairo_t *cr,
                       guint32  fg,
                       double   fg_alpha,
                       guint32  halo,
                       double   halo_alpha,
                       double   halo_width)
{
  GArray *runs = text_runs (cr);

  if (runs->len == 0)
    return;
  cairo_new_path (cr);
  if (halo_width > 0 && halo_alpha > 0)
    {
      ph_render_set_rgb (cr, halo, halo_alpha);
      if (cairo_surface_get_type (cairo_get_target (cr)) == CAIRO_SURFACE_TYPE_IMAGE)
        {
          /* eight offset copies: cheap, and as good as a stroke at this size */
          double r = halo_width / 2;

          for (int k = 0; k < 8; k++)
            show_runs (cr, runs, r * cos (k * G_PI / 4), r * sin (k * G_PI / 4));
        }
      else
        {
          /* on paper: a real outline */
          for (guint i = 0; i < runs->len; i++)
            {
              TextRun *run = &g_array_index (runs, TextRun, i);

              cairo_set_scaled_font (cr, run->font);
              cairo_glyph_path (cr, (cairo_glyph_t *) run->glyphs->data, run->glyphs->len);
            }
          cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
          cairo_set_line_width (cr, halo_width);
          cairo_stroke (cr);
        }
    }
  ph_render_set_rgb (cr, fg, fg_alpha);
  show_runs (cr, runs, 0, 0);
  g_array_set_size (runs, 0);
}

void
ph_render_walk_polyline (const PhRenderContext *ctx,
                         const PhShape         *shape,
                         double                 spacing,
                         double                 offset,
                         PhWalkFunc             func,
                         gpointer               user_data)
{
  double next = offset;
  double walked = 0;
  guint index = 0;

  if (spacing <= 0 || shape->n_points < 2)
    return;
  for (guint i = 0; i + 1 < shape->n_points; i++)
    {
      PhPoint a = shape->points[i];
      PhPoint b = shape->points[i + 1];
      double len = ph_point_distance (a, b);
      double ux, uy;

      if (len <= 1e-12)
        continue;
      ux = (b.x - a.x) / len;
      uy = (b.y - a.y) / len;
      while (next <= walked + len + 1e-9)
        {
          double t = next - walked;
          PhPoint p = { a.x + ux * t, a.y + uy * t };

          func (ctx, p, ux, uy, index++, user_data);
          next += spacing;
          if (index > 100000)
            return;
        }
      walked += len;
    }
}

void
ph_render_path_base (const PhRenderContext *ctx,
                     const PhBase          *base,
                     double                 grow_px)
{
  cairo_t *cr = ctx->cr;
  double cx = ph_dx (ctx, base->centre.x);
  double cy = ph_dy (ctx, base->centre.y);

  if (!base->square)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, ph_dlen (ctx, base->width / 2) + grow_px, 0, 2 * G_PI);
      cairo_close_path (cr);
    }
  else
    {
      /* The base frame: "forward" is the facing, "right" 90 degrees on */
      double a = base->facing * G_PI / 180;
      double fx = sin (a), fy = -cos (a);
      double rx = cos (a), ry = sin (a);
      double hw = ph_dlen (ctx, base->width / 2) + grow_px;
      double hd = ph_dlen (ctx, base->depth / 2) + grow_px;

      cairo_move_to (cr, cx + fx * hd - rx * hw, cy + fy * hd - ry * hw);
      cairo_line_to (cr, cx + fx * hd + rx * hw, cy + fy * hd + ry * hw);
      cairo_line_to (cr, cx - fx * hd + rx * hw, cy - fy * hd + ry * hw);
      cairo_line_to (cr, cx - fx * hd - rx * hw, cy - fy * hd - ry * hw);
      cairo_close_path (cr);
    }
}

gboolean
ph_render_box_free (GArray       *boxes,
                    const PhRect *box)
{
  for (guint i = 0; i < boxes->len; i++)
    if (ph_rect_intersects (box, &g_array_index (boxes, PhRect, i)))
      return FALSE;
  return TRUE;
}
