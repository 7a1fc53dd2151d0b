/* ph-render-view.c: table units <-> device pixels, and picking
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-render-private.h"

void
ph_render_view_init (PhRenderView *view,
                     double        scale,
                     double        x0,
                     double        y0)
{
  g_return_if_fail (view != NULL);

  view->scale = CLAMP (scale, PH_RENDER_MIN_SCALE, PH_RENDER_MAX_SCALE);
  view->x0 = x0;
  view->y0 = y0;
}

void
ph_render_view_fit (PhRenderView  *view,
                    const PhTable *table,
                    double         width,
                    double         height,
                    double         margin)
{
  double sx, sy, scale;

  g_return_if_fail (view != NULL);
  g_return_if_fail (table != NULL);
  g_return_if_fail (table->width > 0 && table->height > 0);

  sx = (width - 2 * margin) / table->width;
  sy = (height - 2 * margin) / table->height;
  scale = CLAMP (MIN (sx, sy), PH_RENDER_MIN_SCALE, PH_RENDER_MAX_SCALE);
  view->scale = scale;
  view->x0 = (width - table->width * scale) / 2;
  view->y0 = (height - table->height * scale) / 2;
}

PhPoint
ph_render_view_to_device (const PhRenderView *view,
                          PhPoint             p)
{
  PhPoint d = { view->x0 + p.x * view->scale, view->y0 + p.y * view->scale };

  return d;
}

PhPoint
ph_render_view_to_table (const PhRenderView *view,
                         PhPoint             d)
{
  PhPoint p = { (d.x - view->x0) / view->scale, (d.y - view->y0) / view->scale };

  return p;
}

void
ph_render_view_zoom_at (PhRenderView *view,
                        double        factor,
                        double        dx,
                        double        dy)
{
  PhPoint d = { dx, dy };
  PhPoint p;
  double scale;

  g_return_if_fail (view != NULL);
  g_return_if_fail (factor > 0);

  p = ph_render_view_to_table (view, d);
  scale = CLAMP (view->scale * factor, PH_RENDER_MIN_SCALE, PH_RENDER_MAX_SCALE);
  view->scale = scale;
  view->x0 = dx - p.x * scale;
  view->y0 = dy - p.y * scale;
}

void
ph_render_view_pan (PhRenderView *view,
                    double        ddx,
                    double        ddy)
{
  g_return_if_fail (view != NULL);

  view->x0 += ddx;
  view->y0 += ddy;
}

PhRect
ph_render_view_device_rect_to_table (const PhRenderView *view,
                                     double              x,
                                     double              y,
                                     double              width,
                                     double              height)
{
  PhRect r;

  r.x0 = (x - view->x0) / view->scale;
  r.y0 = (y - view->y0) / view->scale;
  r.x1 = (x + width - view->x0) / view->scale;
  r.y1 = (y + height - view->y0) / view->scale;
  return r;
}

double
ph_render_margin (double scale)
{
  /* The edge labels' text size (ph_render_context_init) plus some air */
  double font = CLAMP (scale * 0.85, 9.0, 14.0);

  return ceil (font * 2.6 + 8);
}

void
ph_render_image_size (const PhTable *table,
                      double         scale,
                      int           *width,
                      int           *height,
                      PhRenderView  *view)
{
  double margin = ph_render_margin (scale);
  int w = (int) ceil (table->width * scale + 2 * margin);
  int h = (int) ceil (table->height * scale + 2 * margin);

  if (width != NULL)
    *width = w;
  if (height != NULL)
    *height = h;
  if (view != NULL)
    {
      view->scale = scale;
      view->x0 = margin;
      view->y0 = margin;
    }
}

/* Picking */

PhFigure *
ph_render_figure_at (const PhScenario   *scenario,
                     const PhRenderView *view,
                     double              dx,
                     double              dy,
                     double              tolerance)
{
  PhPoint d = { dx, dy };
  PhPoint p = ph_render_view_to_table (view, d);
  double tol = tolerance / view->scale;

  /* Living figures are drawn over the dead, later ones over earlier ones;
   * the base under the point before any near it (a right-click on Capt.
   * de Beaujeu's base hit Sdt. Lafleur, in base contact beside him and
   * later in the file, within the tolerance) */
  for (int pass = 0; pass < 4; pass++)
    for (guint i = scenario->figures->len; i > 0; i--)
      {
        PhFigure *f = g_ptr_array_index (scenario->figures, i - 1);
        gboolean near = pass >= 2;
        PhBase base;

        if (ph_figure_is_off_table (f) != (pass % 2 == 1))
          continue;
        ph_figure_get_base (f, &base);
        if (fabs (p.x - f->x) > base.width + base.depth + tol
            || fabs (p.y - f->y) > base.width + base.depth + tol)
          continue;
        if (!near)
          {
            if (ph_base_contains_point (&base, p))
              return f;
            continue;
          }
        if (tol > 0)
          {
            PhShape shape;
            double dist;

            ph_base_to_shape (&base, &shape);
            dist = ph_shape_point_distance (&shape, p);
            ph_shape_clear (&shape);
            if (dist <= tol)
              return f;
          }
      }
  return NULL;
}

PhFeature *
ph_render_feature_at (const PhScenario   *scenario,
                      const PhRenderView *view,
                      double              dx,
                      double              dy,
                      double              tolerance)
{
  PhPoint d = { dx, dy };
  PhPoint p = ph_render_view_to_table (view, d);
  double tol = tolerance / view->scale;

  /* Linear features are drawn over areas: look at them first */
  for (int pass = 0; pass < 2; pass++)
    for (guint i = scenario->features->len; i > 0; i--)
      {
        PhFeature *f = g_ptr_array_index (scenario->features, i - 1);
        const PhShape *s = &f->shape;
        gboolean linear = s->kind == PH_SHAPE_POLYLINE;
        double reach;

        if (linear != (pass == 0))
          continue;
        reach = tol + (linear ? s->line_width / 2 : 0);
        if (p.x < s->bbox.x0 - reach || p.x > s->bbox.x1 + reach
            || p.y < s->bbox.y0 - reach || p.y > s->bbox.y1 + reach)
          continue;
        if (ph_shape_point_distance (s, p) <= reach)
          return f;
      }
  return NULL;
}
