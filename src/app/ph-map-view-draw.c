/* ph-map-view-draw.c: the map view's drawing
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two layers. The static one (cloth, terrain, grid, labels) is drawn by
 * the renderer into an image covering the visible part of the table and
 * some room around it, kept as a GdkTexture and only redrawn when the
 * scale, the terrain or the device scale change, or when panning reaches
 * past its edge. The dynamic one (figures, rings, arcs, LOS line,
 * selection) and the window's own marks (handle, rubber band, tape) are
 * drawn on every frame, over it.
 */
#include "ph-map-view-private.h"

#include <math.h>

/* What surrounds the table */
#define BACKGROUND_RGB 0.16, 0.17, 0.18
/* How far past the visible part the static image reaches, as a share of
 * the view's size on each side, so that panning rarely redraws it */
#define STATIC_SLACK 0.35
/* The static image never grows past this many pixels a side. */
#define STATIC_MAX_SIDE 8192.0

#define HANDLE_RADIUS 6.0
#define HANDLE_GAP 14.0

void
ph_map_view_static_cache_clear (PhStaticCache *cache)
{
  g_clear_object (&cache->texture);
  cache->scale = 0;
}

void
ph_map_view_invalidate_static (PhMapView *self)
{
  ph_map_view_static_cache_clear (&self->static_cache);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
static_cache_build (PhMapView        *self,
                    const PhScenario *scenario,
                    const PhRect     *visible)
{
  PhStaticCache *cache = &self->static_cache;
  double scale = ph_viewport_get_scale (self->viewport);
  int scale_factor = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  double slack_x = (visible->x1 - visible->x0) * STATIC_SLACK;
  double slack_y = (visible->y1 - visible->y0) * STATIC_SLACK;
  double margin = ph_render_margin (scale) / scale;
  double tx0, ty0, tx1, ty1;
  int width, height;
  cairo_surface_t *surface;
  cairo_t *cr;
  PhRenderView view;
  PhRenderOptions opts;
  g_autoptr(GBytes) bytes = NULL;

  ph_map_view_static_cache_clear (cache);

  /* The visible part and some slack, within the table and its labels; its
   * corner on a whole pixel so that the image lands on the pixel grid. */
  tx0 = MAX (visible->x0 - slack_x, -margin);
  ty0 = MAX (visible->y0 - slack_y, -margin);
  tx1 = MIN (visible->x1 + slack_x, scenario->table.width + margin);
  ty1 = MIN (visible->y1 + slack_y, scenario->table.height + margin);
  tx0 = floor (tx0 * scale) / scale;
  ty0 = floor (ty0 * scale) / scale;
  width = (int) ceil ((tx1 - tx0) * scale);
  height = (int) ceil ((ty1 - ty0) * scale);
  width = MIN (width, (int) (STATIC_MAX_SIDE / scale_factor));
  height = MIN (height, (int) (STATIC_MAX_SIDE / scale_factor));

  cache->scale = scale;
  cache->scale_factor = scale_factor;
  cache->terrain_revision = ph_document_get_terrain_revision (self->document);
  cache->tx0 = tx0;
  cache->ty0 = ty0;
  cache->tx1 = tx0 + width / scale;
  cache->ty1 = ty0 + height / scale;
  cache->width = width;
  cache->height = height;
  cache->n_builds++;

  if (width <= 0 || height <= 0)
    return;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                        width * scale_factor,
                                        height * scale_factor);
  cairo_surface_set_device_scale (surface, scale_factor, scale_factor);
  cr = cairo_create (surface);

  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_CLOTH | PH_RENDER_TERRAIN | PH_RENDER_GRID
                | PH_RENDER_FEATURE_NAMES | PH_RENDER_EDGE_LABELS;
  ph_render_view_init (&view, scale, -tx0 * scale, -ty0 * scale);
  ph_render_static (cr, scenario, &view, &opts);

  cairo_destroy (cr);
  cairo_surface_flush (surface);

  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) cairo_image_surface_get_stride (surface)
                                      * height * scale_factor,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      surface);
  cache->texture = gdk_memory_texture_new (width * scale_factor,
                                           height * scale_factor,
                                           GDK_MEMORY_DEFAULT,
                                           bytes,
                                           cairo_image_surface_get_stride (surface));
}

static gboolean
static_cache_covers (PhMapView    *self,
                     const PhRect *visible,
                     const PhScenario *scenario)
{
  PhStaticCache *cache = &self->static_cache;
  double margin;

  if (cache->scale != ph_viewport_get_scale (self->viewport)
      || cache->scale_factor != gtk_widget_get_scale_factor (GTK_WIDGET (self))
      || cache->terrain_revision != ph_document_get_terrain_revision (self->document))
    return FALSE;

  /* What is visible of the table and its labels must be in the image. */
  margin = ph_render_margin (cache->scale) / cache->scale;
  return cache->tx0 <= MAX (visible->x0, -margin) + 1e-9
         && cache->ty0 <= MAX (visible->y0, -margin) + 1e-9
         && cache->tx1 >= MIN (visible->x1, scenario->table.width + margin) - 1e-9
         && cache->ty1 >= MIN (visible->y1, scenario->table.height + margin) - 1e-9;
}

static void
snapshot_static (PhMapView        *self,
                 GtkSnapshot      *snapshot,
                 const PhScenario *scenario,
                 const PhRenderView *view,
                 int               width,
                 int               height)
{
  PhStaticCache *cache = &self->static_cache;
  PhRect visible = ph_render_view_device_rect_to_table (view, 0, 0, width, height);

  if (!static_cache_covers (self, &visible, scenario))
    static_cache_build (self, scenario, &visible);

  if (cache->texture)
    {
      PhPoint corner = { cache->tx0, cache->ty0 };
      PhPoint at = ph_render_view_to_device (view, corner);

      gtk_snapshot_append_texture (snapshot, cache->texture,
                                   &GRAPHENE_RECT_INIT (round (at.x), round (at.y),
                                                        cache->width, cache->height));
    }
}

gboolean
ph_map_view_get_handle (PhMapView *self,
                        double    *x,
                        double    *y)
{
  PhFigure *primary = ph_map_view_get_selected_figure (self);
  const PhScenario *scenario = ph_map_view_get_draw_scenario (self);
  const PhFigure *figure;
  PhRenderView view;
  PhBase base;
  PhPoint centre, at;
  double reach;

  if (primary == NULL || scenario == NULL || self->measuring
      || ph_figure_is_off_table (primary)
      || (self->drag_mode != PH_DRAG_NONE && self->drag_mode != PH_DRAG_ROTATE
          && self->drag_mode != PH_DRAG_PAN))
    return FALSE;

  /* During a drag the shadow holds where the figure is shown. */
  figure = ph_scenario_find_figure (scenario, primary->id);
  if (figure == NULL)
    return FALSE;

  ph_map_view_get_render_view (self, &view);
  ph_figure_get_base (figure, &base);
  centre = ph_render_view_to_device (&view, base.centre);
  reach = MAX (base.width, base.square ? base.depth : base.width) / 2 * view.scale
          + HANDLE_GAP;
  at.x = centre.x + sin (base.facing * G_PI / 180) * reach;
  at.y = centre.y - cos (base.facing * G_PI / 180) * reach;
  *x = at.x;
  *y = at.y;
  return TRUE;
}

static void
draw_figure_ring (cairo_t            *cr,
                  const PhRenderView *view,
                  const PhFigure     *figure,
                  double              gap)
{
  PhBase base;
  PhPoint centre;
  double r;

  ph_figure_get_base (figure, &base);
  centre = ph_render_view_to_device (view, base.centre);
  r = MAX (base.width, base.square ? base.depth * 1.0 : base.width) / 2 * view->scale;
  if (base.square)
    r *= G_SQRT2;
  cairo_new_sub_path (cr);
  cairo_arc (cr, centre.x, centre.y, r + gap, 0, 2 * G_PI);
}

static void
draw_handle (PhMapView          *self,
             cairo_t            *cr,
             const PhRenderView *view)
{
  PhFigure *primary = ph_map_view_get_selected_figure (self);
  const PhFigure *figure;
  PhBase base;
  PhPoint centre;
  double hx, hy;

  if (!ph_map_view_get_handle (self, &hx, &hy))
    return;
  figure = ph_scenario_find_figure (ph_map_view_get_draw_scenario (self), primary->id);
  ph_figure_get_base (figure, &base);
  centre = ph_render_view_to_device (view, base.centre);

  cairo_save (cr);
  cairo_set_line_width (cr, 1.5);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_move_to (cr, centre.x, centre.y);
  cairo_line_to (cr, hx, hy);
  cairo_stroke (cr);
  cairo_arc (cr, hx, hy, HANDLE_RADIUS, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_highlights (PhMapView          *self,
                 cairo_t            *cr,
                 const PhRenderView *view)
{
  static const double dash[] = { 4, 3 };

  if (self->drag_mode != PH_DRAG_NONE)
    return;

  cairo_save (cr);
  if (self->hover && self->hover != self->target && !ph_map_view_is_selected (self, self->hover))
    {
      draw_figure_ring (cr, view, self->hover, 3);
      cairo_set_line_width (cr, 2);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
      cairo_stroke (cr);
    }
  if (self->target)
    {
      gboolean can_fire = self->assessment && self->assessment->can_fire;

      draw_figure_ring (cr, view, self->target, 4);
      cairo_set_line_width (cr, 2.5);
      cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
      if (can_fire)
        cairo_set_source_rgb (cr, 1.0, 0.84, 0.2);
      else
        cairo_set_source_rgb (cr, 0.85, 0.25, 0.2);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_rubber_band (PhMapView *self,
                  cairo_t   *cr)
{
  double x0, y0, x1, y1;

  if (self->drag_mode != PH_DRAG_RUBBER || !self->drag_moved)
    return;

  x0 = MIN (self->drag_start_x, self->drag_x);
  y0 = MIN (self->drag_start_y, self->drag_y);
  x1 = MAX (self->drag_start_x, self->drag_x);
  y1 = MAX (self->drag_start_y, self->drag_y);

  cairo_save (cr);
  cairo_rectangle (cr, floor (x0) + 0.5, floor (y0) + 0.5, floor (x1 - x0), floor (y1 - y0));
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.18);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_label (PhMapView *self,
            cairo_t   *cr,
            double     x,
            double     y,
            const char *markup)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  PangoRectangle extents;
  double pad = 5;
  double w, h;

  pango_layout_set_markup (layout, markup, -1);
  pango_layout_get_pixel_extents (layout, NULL, &extents);
  w = extents.width + 2 * pad;
  h = extents.height + 2 * pad;

  /* Keep the label inside the view. */
  x = CLAMP (x, 4, MAX (4, ph_viewport_get_width (self->viewport) - w - 4));
  y = CLAMP (y, 4, MAX (4, ph_viewport_get_height (self->viewport) - h - 4));

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_arc (cr, x + 4, y + 4, 4, G_PI, 1.5 * G_PI);
  cairo_arc (cr, x + w - 4, y + 4, 4, 1.5 * G_PI, 2 * G_PI);
  cairo_arc (cr, x + w - 4, y + h - 4, 4, 0, 0.5 * G_PI);
  cairo_arc (cr, x + 4, y + h - 4, 4, 0.5 * G_PI, G_PI);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.85);
  cairo_fill (cr);
  cairo_move_to (cr, x + pad - extents.x, y + pad - extents.y);
  cairo_set_source_rgb (cr, 1, 1, 1);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  g_object_unref (layout);
}

static void
draw_tape (PhMapView          *self,
           cairo_t            *cr,
           const PhRenderView *view)
{
  const PhScenario *scenario = ph_map_view_get_draw_scenario (self);
  PhPoint a, b;
  double length, unit_px, dx, dy;
  g_autofree char *markup = NULL;

  if (!self->has_tape || scenario == NULL)
    return;

  a = ph_render_view_to_device (view, self->tape_start);
  b = ph_render_view_to_device (view, self->tape_end);
  dx = b.x - a.x;
  dy = b.y - a.y;
  length = hypot (dx, dy);

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  /* A yellow tape with a dark edge, and a tick every table unit (every
   * inch, or every 5 cm) when they are far enough apart to read. */
  cairo_move_to (cr, a.x, a.y);
  cairo_line_to (cr, b.x, b.y);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.6);
  cairo_set_line_width (cr, 5);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 0.98, 0.85, 0.25);
  cairo_set_line_width (cr, 3);
  cairo_stroke (cr);

  unit_px = view->scale * (scenario->table.unit == PH_UNIT_CM ? 5.0 : 1.0);
  if (length > 0 && unit_px >= 6)
    {
      double ux = dx / length, uy = dy / length;

      cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.9);
      cairo_set_line_width (cr, 1);
      for (double d = unit_px; d < length; d += unit_px)
        {
          double px = a.x + ux * d, py = a.y + uy * d;
          double tick = fmod (d / unit_px, 6) < 0.5 ? 6 : 3.5;

          cairo_move_to (cr, px - uy * tick, py + ux * tick);
          cairo_line_to (cr, px + uy * tick, py - ux * tick);
        }
      cairo_stroke (cr);
    }

  cairo_arc (cr, a.x, a.y, 3.5, 0, 2 * G_PI);
  cairo_new_sub_path (cr);
  cairo_arc (cr, b.x, b.y, 3.5, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 0.98, 0.85, 0.25);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_restore (cr);

  if (self->tape_text)
    {
      markup = g_markup_printf_escaped ("<b>%s</b>", self->tape_text);
      draw_label (self, cr, b.x + 12, b.y + 12, markup);
    }
}

void
ph_map_view_snapshot_map (PhMapView   *self,
                          GtkSnapshot *snapshot)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  const PhScenario *scenario = ph_map_view_get_draw_scenario (self);
  PhFigure *primary = ph_map_view_get_selected_figure (self);
  PhRenderView view;
  PhRenderOptions opts;
  cairo_t *cr;

  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { BACKGROUND_RGB, 1.0 },
                             &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (scenario == NULL || width <= 0 || height <= 0)
    return;

  ph_map_view_get_render_view (self, &view);
  snapshot_static (self, snapshot, scenario, &view, width, height);

  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_FIGURES | PH_RENDER_FIGURE_NAMES | PH_RENDER_STATUS
                | PH_RENDER_OVERLAYS;
  opts.selected = (const char * const *) self->selected_ids;
  opts.show_arc = self->show_arc;
  if (primary && !ph_figure_is_off_table (primary))
    {
      opts.rings_figure = primary->id;
      if (self->target)
        opts.rings_target_mounted = self->target->mounted;
      /* The line of sight only while nothing moves. */
      if (self->target && self->drag_mode == PH_DRAG_NONE)
        {
          opts.los_from = primary->id;
          opts.los_to = self->target->id;
        }
    }

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  ph_render_dynamic (cr, scenario, &view, &opts);
  draw_highlights (self, cr, &view);
  draw_handle (self, cr, &view);
  draw_rubber_band (self, cr);
  draw_tape (self, cr, &view);
  cairo_destroy (cr);
}
