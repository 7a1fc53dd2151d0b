/* ph-map-view-draw.c: the map view's drawing
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A frame is, bottom to top: the static layer (cloth, terrain, grid,
 * labels) and the figures layer, both images kept across frames (see
 * PhLayerCache); the range rings and fire arc of the selected figure; the
 * figures being dragged; the line of sight; the hover and target rings;
 * and the tools' marks (the turning handle, the rubber band, the tape).
 * Hovering redraws only what is above the two images, and a drag only the
 * dragged figures and their rings.
 *
 * What surrounds the table is dark in both styles; in the dark style the
 * table itself (the static layer: cloth, terrain, margins) is dimmed a
 * little, a paper-like surface that does not glare in a dark window. The
 * figures, their names and what is drawn over them keep their colours.
 */
#include "ph-map-view-private.h"

#include <adwaita.h>
#include <math.h>

/* What surrounds the table */
#define BACKGROUND_RGB 0.16, 0.17, 0.18
/* The table over it in the dark style */
#define DARK_TABLE_OPACITY 0.8
/* How far past the visible part a cached layer reaches, as a share of the
 * view's size on each side, so that panning rarely redraws it */
#define LAYER_SLACK 0.35
/* A cached layer never grows past this many pixels a side. */
#define LAYER_MAX_SIDE 8192.0

void
ph_map_view_layer_cache_clear (PhLayerCache *cache)
{
  g_clear_object (&cache->texture);
  g_clear_pointer (&cache->surface, cairo_surface_destroy);
  cache->valid = FALSE;
}

void
ph_map_view_invalidate_static (PhMapView *self)
{
  ph_map_view_layer_cache_clear (&self->static_cache);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ph_map_view_invalidate_figures (PhMapView *self)
{
  self->figures_serial++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
ph_map_view_figure_acted (PhMapView      *self,
                          const PhFigure *figure)
{
  PhGame *game = ph_document_get_game (self->document);
  const char *value = game != NULL ? ph_game_get_figure_var (game, figure->id, "activated") : NULL;

  return value != NULL && *value && g_strcmp0 (value, "0") != 0
         && g_ascii_strcasecmp (value, "false") != 0 && g_ascii_strcasecmp (value, "no") != 0;
}

/* The figures a game in progress marks as having acted, for the badges;
 * NULL without a game. Free with g_strfreev(). */
static char **
activated_ids (PhMapView *self)
{
  PhGame *game = ph_document_get_game (self->document);
  PhScenario *scenario = ph_document_get_scenario (self->document);
  GPtrArray *ids;

  if (game == NULL)
    return NULL;
  ids = g_ptr_array_new ();
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (scenario->figures, i);

      if (ph_map_view_figure_acted (self, f))
        g_ptr_array_add (ids, g_strdup (f->id));
    }
  g_ptr_array_add (ids, NULL);
  return (char **) g_ptr_array_free (ids, FALSE);
}

typedef void (*LayerDraw) (PhMapView          *self,
                           cairo_t            *cr,
                           const PhRenderView *view);

static void
draw_static_layer (PhMapView          *self,
                   cairo_t            *cr,
                   const PhRenderView *view)
{
  PhRenderOptions opts;

  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_CLOTH | PH_RENDER_TERRAIN | PH_RENDER_GRID | PH_RENDER_EDGE_LABELS;
  ph_render_static (cr, ph_document_get_scenario (self->document), view, &opts);
}

/* The figures that stay put: all of them, or during a drag all but the
 * dragged ones */
static void
draw_figures_layer (PhMapView          *self,
                    cairo_t            *cr,
                    const PhRenderView *view)
{
  PhRenderOptions opts;
  g_auto(GStrv) activated = activated_ids (self);

  ph_render_options_init (&opts);
  /* the terrain's names too: they keep clear of the figures, so they are
   * placed again whenever a figure moves */
  opts.layers = PH_RENDER_FEATURE_NAMES | PH_RENDER_FIGURES | PH_RENDER_FIGURE_NAMES
                | PH_RENDER_STATUS;
  opts.selected = ph_selection_get_ids (ph_map_view_get_selection_model (self));
  opts.activated = (const char * const *) activated;
  ph_render_dynamic (cr,
                     self->has_drag_scenario ? &self->drag_rest
                                             : ph_document_get_scenario (self->document),
                     view, &opts);
}

static void
layer_cache_build (PhMapView        *self,
                   PhLayerCache     *cache,
                   guint             key,
                   LayerDraw         draw,
                   const PhScenario *scenario,
                   const PhRect     *visible)
{
  double scale = ph_viewport_get_scale (self->viewport);
  int scale_factor = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  double slack_x = (visible->x1 - visible->x0) * LAYER_SLACK;
  double slack_y = (visible->y1 - visible->y0) * LAYER_SLACK;
  double margin = ph_render_margin (scale) / scale;
  double tx0, ty0, tx1, ty1;
  int width, height;
  cairo_t *cr;
  PhRenderView view;

  ph_map_view_layer_cache_clear (cache);

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
  width = MIN (width, (int) (LAYER_MAX_SIDE / scale_factor));
  height = MIN (height, (int) (LAYER_MAX_SIDE / scale_factor));

  cache->valid = TRUE;
  cache->key = key;
  cache->scale = scale;
  cache->scale_factor = scale_factor;
  cache->tx0 = tx0;
  cache->ty0 = ty0;
  cache->tx1 = tx0 + width / scale;
  cache->ty1 = ty0 + height / scale;
  cache->width = width;
  cache->height = height;
  cache->n_builds++;

  if (width <= 0 || height <= 0)
    return;

  cache->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                               width * scale_factor,
                                               height * scale_factor);
  cairo_surface_set_device_scale (cache->surface, scale_factor, scale_factor);
  cr = cairo_create (cache->surface);
  ph_render_view_init (&view, scale, -tx0 * scale, -ty0 * scale);
  draw (self, cr, &view);
  cairo_destroy (cr);
  cairo_surface_flush (cache->surface);
}

/* For GPU renderers: a texture, uploaded once and reused. (The cairo
 * renderer would convert a texture back to a surface on every frame, so
 * it paints the surface itself.) */
static GdkTexture *
layer_cache_get_texture (PhLayerCache *cache)
{
  g_autoptr(GBytes) bytes = NULL;
  int stride;

  if (cache->texture || cache->surface == NULL)
    return cache->texture;

  stride = cairo_image_surface_get_stride (cache->surface);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (cache->surface),
                                      (gsize) stride * cairo_image_surface_get_height (cache->surface),
                                      (GDestroyNotify) cairo_surface_destroy,
                                      cairo_surface_reference (cache->surface));
  cache->texture = gdk_memory_texture_new (cairo_image_surface_get_width (cache->surface),
                                           cairo_image_surface_get_height (cache->surface),
                                           GDK_MEMORY_DEFAULT, bytes, stride);
  return cache->texture;
}

static gboolean
layer_cache_covers (PhMapView        *self,
                    PhLayerCache     *cache,
                    guint             key,
                    const PhRect     *visible,
                    const PhScenario *scenario)
{
  double margin;

  if (!cache->valid
      || cache->key != key
      || cache->scale != ph_viewport_get_scale (self->viewport)
      || cache->scale_factor != gtk_widget_get_scale_factor (GTK_WIDGET (self)))
    return FALSE;

  /* What is visible of the table and its labels must be in the image. */
  margin = ph_render_margin (cache->scale) / cache->scale;
  return cache->tx0 <= MAX (visible->x0, -margin) + 1e-9
         && cache->ty0 <= MAX (visible->y0, -margin) + 1e-9
         && cache->tx1 >= MIN (visible->x1, scenario->table.width + margin) - 1e-9
         && cache->ty1 >= MIN (visible->y1, scenario->table.height + margin) - 1e-9;
}

static void
layer_cache_ensure (PhMapView          *self,
                    PhLayerCache       *cache,
                    guint               key,
                    LayerDraw           draw,
                    const PhScenario   *scenario,
                    const PhRenderView *view,
                    int                 width,
                    int                 height)
{
  PhRect visible = ph_render_view_device_rect_to_table (view, 0, 0, width, height);

  /* zooming: the image as it is, scaled, until the scale holds still */
  if (self->zoom_settling && cache->valid && cache->key == key
      && cache->scale_factor == gtk_widget_get_scale_factor (GTK_WIDGET (self)))
    return;
  if (!layer_cache_covers (self, cache, key, &visible, scenario))
    layer_cache_build (self, cache, key, draw, scenario, &visible);
}

/* Where the layer's image goes, on whole pixels */
static void
layer_cache_position (PhLayerCache       *cache,
                      const PhRenderView *view,
                      double             *x,
                      double             *y)
{
  PhPoint at = ph_render_view_to_device (view, (PhPoint) { cache->tx0, cache->ty0 });

  *x = round (at.x);
  *y = round (at.y);
}

static void
layer_cache_append_texture (PhLayerCache       *cache,
                            GtkSnapshot        *snapshot,
                            const PhRenderView *view)
{
  GdkTexture *texture = layer_cache_get_texture (cache);
  double x, y;

  if (texture == NULL)
    return;
  if (cache->scale != view->scale)
    {
      /* drawn at another scale (a zoom under way): stretched to this one */
      double ratio = view->scale / cache->scale;
      PhPoint at = ph_render_view_to_device (view, (PhPoint) { cache->tx0, cache->ty0 });

      gtk_snapshot_append_texture (snapshot, texture,
                                   &GRAPHENE_RECT_INIT (at.x, at.y, cache->width * ratio,
                                                        cache->height * ratio));
      return;
    }
  layer_cache_position (cache, view, &x, &y);
  gtk_snapshot_append_texture (snapshot, texture,
                               &GRAPHENE_RECT_INIT (x, y, cache->width, cache->height));
}

static void
layer_cache_paint (PhLayerCache       *cache,
                   cairo_t            *cr,
                   const PhRenderView *view,
                   double              opacity)
{
  double x, y;

  if (cache->surface == NULL)
    return;
  if (cache->scale != view->scale)
    {
      /* drawn at another scale (a zoom under way): stretched to this one */
      double ratio = view->scale / cache->scale;
      PhPoint at = ph_render_view_to_device (view, (PhPoint) { cache->tx0, cache->ty0 });

      cairo_save (cr);
      cairo_translate (cr, at.x, at.y);
      cairo_scale (cr, ratio, ratio);
      cairo_set_source_surface (cr, cache->surface, 0, 0);
      cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_FAST);
      cairo_paint_with_alpha (cr, opacity);
      cairo_restore (cr);
      return;
    }
  layer_cache_position (cache, view, &x, &y);
  cairo_set_source_surface (cr, cache->surface, x, y);
  cairo_paint_with_alpha (cr, opacity);
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
draw_highlights (PhMapView          *self,
                 cairo_t            *cr,
                 const PhRenderView *view)
{
  static const double dash[] = { 4, 3 };
  PhSelection *selection = ph_map_view_get_selection_model (self);
  PhShotController *shot = ph_map_view_get_shot_controller (self);
  PhFigure *hover = ph_selection_get_hover (selection);
  PhFigure *target = ph_shot_controller_get_target (shot);

  if (self->dragging)
    return;

  cairo_save (cr);
  if (hover && hover != target && !ph_selection_contains (selection, hover))
    {
      draw_figure_ring (cr, view, hover, 3);
      cairo_set_line_width (cr, 2);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
      cairo_stroke (cr);
    }
  if (target)
    {
      const PhAssessment *assessment = ph_shot_controller_get_assessment (shot);
      gboolean can_fire = assessment && assessment->can_fire;

      draw_figure_ring (cr, view, target, 4);
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

/* Range rings and fire arc, under the figures; during a drag they go
 * with the dragged figure. */
static void
draw_rings (PhMapView          *self,
            cairo_t            *cr,
            const PhRenderView *view)
{
  PhFigure *primary = ph_map_view_get_selected_figure (self);
  PhFigure *target = ph_map_view_get_target (self);
  g_auto(GStrv) activated = NULL;
  PhRenderOptions opts;

  /* the threat map under the rings (a new man's when none is picked) */
  ph_map_view_draw_threat (self, cr, view);
  if (primary == NULL || ph_figure_is_off_table (primary))
    return;
  activated = activated_ids (self);
  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_OVERLAYS;
  /* the labels keep clear of the names and badges the figures layer has
   * placed: the same selection and activations give the same places */
  opts.selected = ph_selection_get_ids (ph_map_view_get_selection_model (self));
  opts.activated = (const char * const *) activated;
  opts.rings_figure = primary->id;
  opts.show_arc = self->show_arc;
  if (target)
    opts.rings_target_mounted = target->mounted;
  ph_render_dynamic (cr, ph_map_view_get_draw_scenario (self), view, &opts);
  /* a move's reach over the rings: its outline is what the eye follows */
  ph_map_view_draw_reach (self, cr, view);
}

void
ph_map_view_draw_label (PhMapView  *self,
                        cairo_t    *cr,
                        double      x,
                        double      y,
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

/* What changes from frame to frame over the figures layer */
static void
draw_top (PhMapView          *self,
          cairo_t            *cr,
          const PhRenderView *view)
{
  PhFigure *primary = ph_map_view_get_selected_figure (self);
  PhFigure *target = ph_map_view_get_target (self);
  PhRenderOptions opts;

  /* The dragged figures, where the drag has taken them, and a ghost of
   * each where it started */
  if (self->has_drag_scenario)
    {
      ph_render_options_init (&opts);
      opts.layers = PH_RENDER_FIGURES;
      cairo_push_group (cr);
      ph_render_dynamic (cr, &self->drag_ghosts, view, &opts);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.35);
    }
  if (self->has_drag_scenario)
    {
      g_auto(GStrv) activated = activated_ids (self);

      ph_render_options_init (&opts);
      opts.layers = PH_RENDER_FIGURES | PH_RENDER_FIGURE_NAMES | PH_RENDER_STATUS;
      opts.selected = ph_selection_get_ids (ph_map_view_get_selection_model (self));
      opts.activated = (const char * const *) activated;
      ph_render_dynamic (cr, &self->drag_moving, view, &opts);
    }

  /* The line of sight, from where a drag has taken them */
  if (primary && !ph_figure_is_off_table (primary) && target)
    {
      g_auto(GStrv) activated = activated_ids (self);

      ph_render_options_init (&opts);
      opts.layers = PH_RENDER_OVERLAYS;
      opts.selected = ph_selection_get_ids (ph_map_view_get_selection_model (self));
      opts.activated = (const char * const *) activated;
      opts.los_from = primary->id;
      opts.los_to = target->id;
      ph_render_dynamic (cr, ph_map_view_get_draw_scenario (self), view, &opts);
    }

  /* Zoomed in past the table's edges: their numbers along the view's */
  ph_render_rulers (cr, ph_map_view_get_draw_scenario (self), view,
                    gtk_widget_get_width (GTK_WIDGET (self)),
                    gtk_widget_get_height (GTK_WIDGET (self)));

  draw_highlights (self, cr, view);
  /* The handle, the rubber band, the tape */
  for (guint i = 0; i < self->tools->len; i++)
    ph_tool_draw (g_ptr_array_index (self->tools, i), cr, view);
}

double
ph_map_view_get_table_opacity (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), 1.0);
  return adw_is_initialized () && adw_style_manager_get_dark (adw_style_manager_get_default ())
         ? DARK_TABLE_OPACITY : 1.0;
}

void
ph_map_view_snapshot_map (PhMapView   *self,
                          GtkSnapshot *snapshot)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  const PhScenario *scenario = ph_map_view_get_draw_scenario (self);
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native ? gtk_native_get_renderer (native) : NULL;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, width, height);
  double table_opacity = ph_map_view_get_table_opacity (self);
  PhRenderView view;
  cairo_t *cr;

  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { BACKGROUND_RGB, 1.0 }, &bounds);
  if (scenario == NULL || width <= 0 || height <= 0)
    return;

  ph_map_view_get_render_view (self, &view);
  layer_cache_ensure (self, &self->static_cache,
                      ph_document_get_terrain_revision (self->document),
                      draw_static_layer, scenario, &view, width, height);
  layer_cache_ensure (self, &self->figures_cache, self->figures_serial,
                      draw_figures_layer, scenario, &view, width, height);

  if (renderer == NULL || GSK_IS_CAIRO_RENDERER (renderer))
    {
      /* Software: one cairo node that paints the cached images itself */
      cr = gtk_snapshot_append_cairo (snapshot, &bounds);
      layer_cache_paint (&self->static_cache, cr, &view, table_opacity);
      draw_rings (self, cr, &view);
      layer_cache_paint (&self->figures_cache, cr, &view, 1.0);
      draw_top (self, cr, &view);
      cairo_destroy (cr);
      return;
    }

  /* GPU: the cached images as textures, uploaded once */
  gtk_snapshot_push_opacity (snapshot, table_opacity);
  layer_cache_append_texture (&self->static_cache, snapshot, &view);
  gtk_snapshot_pop (snapshot);
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  draw_rings (self, cr, &view);
  cairo_destroy (cr);
  layer_cache_append_texture (&self->figures_cache, snapshot, &view);
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  draw_top (self, cr, &view);
  cairo_destroy (cr);
}

guint
ph_map_view_get_static_builds (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), 0);
  return self->static_cache.n_builds;
}

guint
ph_map_view_get_figures_builds (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), 0);
  return self->figures_cache.n_builds;
}
