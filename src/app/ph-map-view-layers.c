/* ph-map-view-layers.c: the map's cached layers, drawn off the frame path
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The static layer (cloth, terrain, grid, edge labels) and the figures
 * layer (the figures that stay put, their names and badges, the terrain's
 * names) are images of part of the table, drawn by a worker thread into
 * a surface of its own from a copy of the scenario (ph_scenario_copy():
 * nothing the worker reads is shared with the document), and handed to
 * GTK as a render node kept across frames: a texture node for the GL
 * renderer (uploaded once), a cairo node painted once for the cairo
 * renderer. A frame never draws them: it places the last image finished,
 * moved and scaled to the view when a pan or a zoom has left it behind,
 * and asks for a sharp one; the worker's image replaces it when it
 * comes. One job runs per layer at a time; a request made meanwhile
 * waits for it (the latest only), and a finished image that is no longer
 * what the view wants (another content, or scale: its generation is not
 * the latest and its key differs) is dropped.
 */
#include "ph-map-view-private.h"

#include <gsk/gsk.h>
#include <math.h>
#include <time.h>

/* How far past the visible part a cached layer reaches, as a share of the
 * view's size on each side, so that panning rarely redraws it */
#define LAYER_SLACK 0.35
/* A cached layer never grows past this many pixels a side. */
#define LAYER_MAX_SIDE 8192.0

/* What a job draws, and what it drew */
struct _PhLayerJob
{
  PhLayerKind kind;
  guint generation;
  guint key;
  double scale;
  int scale_factor;
  double tx0, ty0, tx1, ty1;
  int width, height;
  /* the worker's own copy of what it draws, and the options */
  PhScenario *scenario;
  char **selected;
  char **activated;
  gboolean has_inside;    /* PhLayerCache.inside */
  PhRect inside;
  cairo_surface_t *surface;
  double cpu_ms;          /* the worker's time drawing it, for the bench */
};

/* For the tests: jobs wait at this gate while it is closed */
static GMutex gate_lock;
static GCond gate_cond;
static gboolean gate_closed;

static void
layer_job_free (PhLayerJob *job)
{
  g_clear_pointer (&job->scenario, ph_scenario_unref);
  g_strfreev (job->selected);
  g_strfreev (job->activated);
  g_clear_pointer (&job->surface, cairo_surface_destroy);
  g_free (job);
}

/* In the worker: the layer, from the job alone */
static void
layer_job_draw (PhLayerJob *job)
{
  PhRenderOptions opts;
  PhRenderView view;
  cairo_t *cr;

  job->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                             job->width * job->scale_factor,
                                             job->height * job->scale_factor);
  cairo_surface_set_device_scale (job->surface, job->scale_factor, job->scale_factor);
  cr = cairo_create (job->surface);
  ph_render_view_init (&view, job->scale, -job->tx0 * job->scale, -job->ty0 * job->scale);
  ph_render_options_init (&opts);
  if (job->kind == PH_LAYER_STATIC)
    {
      opts.layers = PH_RENDER_CLOTH | PH_RENDER_TERRAIN | PH_RENDER_GRID | PH_RENDER_EDGE_LABELS;
      ph_render_static (cr, job->scenario, &view, &opts);
    }
  else
    {
      /* the terrain's names too: they keep clear of the figures, so they
       * are placed again whenever a figure moves */
      opts.layers = PH_RENDER_FEATURE_NAMES | PH_RENDER_FIGURES | PH_RENDER_FIGURE_NAMES
                    | PH_RENDER_STATUS;
      PhRect inside;

      opts.selected = (const char * const *) job->selected;
      opts.activated = (const char * const *) job->activated;
      if (job->has_inside)
        {
          inside = (PhRect) { (job->inside.x0 - job->tx0) * job->scale,
                              (job->inside.y0 - job->ty0) * job->scale,
                              (job->inside.x1 - job->tx0) * job->scale,
                              (job->inside.y1 - job->ty0) * job->scale };
          opts.names_inside = &inside;
        }
      ph_render_dynamic (cr, job->scenario, &view, &opts);
    }
  cairo_destroy (cr);
  cairo_surface_flush (job->surface);
}

static void
layer_job_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  g_mutex_lock (&gate_lock);
  while (gate_closed)
    g_cond_wait (&gate_cond, &gate_lock);
  g_mutex_unlock (&gate_lock);

  {
    PhLayerJob *job = task_data;
    struct timespec t0, t1;

    clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t0);
    layer_job_draw (job);
    clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t1);
    job->cpu_ms = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
  }
  g_task_return_boolean (task, TRUE);
}

static void layer_job_start (PhMapView *self, PhLayerCache *cache, PhLayerJob *job);

/* Sets @surface as @cr's source, @cr drawing into a cairo node (a cairo
 * recording: GTK 4.8's cairo nodes are). The recording keeps a snapshot of @surface, which cairo
 * would copy (8 MB at 1080p) if @surface went first, and GTK keeps the
 * last frame's nodes: the recording keeps @surface until it goes. */
static void
set_layer_source (cairo_t         *cr,
                  cairo_surface_t *surface)
{
  static const cairo_user_data_key_t keys[4];
  cairo_surface_t *target = cairo_get_target (cr);

  cairo_set_source_surface (cr, surface, 0, 0);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      cairo_surface_t *kept = cairo_surface_get_user_data (target, &keys[i]);

      if (kept == surface)
        return;
      if (kept == NULL)
        {
          cairo_surface_set_user_data (target, &keys[i], cairo_surface_reference (surface),
                                       (cairo_destroy_func_t) cairo_surface_destroy);
          return;
        }
    }
}

static PhLayerCache *
cache_of (PhMapView  *self,
          PhLayerKind kind)
{
  return kind == PH_LAYER_STATIC ? &self->static_cache : &self->figures_cache;
}

/* For GPU renderers, the node the frames place: a texture over the
 * image's pixels (no copy), uploaded once, the same node every frame */
static void
layer_cache_make_node (PhMapView    *self,
                       PhLayerCache *cache)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, cache->width, cache->height);
  g_autoptr(GBytes) bytes = NULL;
  int stride;

  g_clear_pointer (&cache->node, gsk_render_node_unref);
  g_clear_object (&cache->texture);
  if (cache->surface == NULL)
    return;
  stride = cairo_image_surface_get_stride (cache->surface);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (cache->surface),
                                      (gsize) stride * cairo_image_surface_get_height (cache->surface),
                                      (GDestroyNotify) cairo_surface_destroy,
                                      cairo_surface_reference (cache->surface));
  cache->texture = gdk_memory_texture_new (cairo_image_surface_get_width (cache->surface),
                                           cairo_image_surface_get_height (cache->surface),
                                           GDK_MEMORY_DEFAULT, bytes, stride);
  cache->node = gsk_texture_node_new (cache->texture, &bounds);
  cache->node_renderer = native ? gtk_native_get_renderer (native) : NULL;
}

static void
layer_cache_install (PhMapView    *self,
                     PhLayerCache *cache,
                     PhLayerJob   *job)
{
  ph_map_view_layer_cache_clear (cache);
  cache->valid = TRUE;
  cache->key = job->key;
  cache->scale = job->scale;
  cache->scale_factor = job->scale_factor;
  cache->tx0 = job->tx0;
  cache->ty0 = job->ty0;
  cache->tx1 = job->tx1;
  cache->ty1 = job->ty1;
  cache->width = job->width;
  cache->height = job->height;
  cache->surface = g_steal_pointer (&job->surface);
  cache->selected = g_steal_pointer (&job->selected);
  cache->has_inside = job->has_inside;
  cache->inside = job->inside;
  cache->cpu_ms = job->cpu_ms;
  cache->n_builds++;
}

static void
layer_job_done (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  PhMapView *self = PH_MAP_VIEW (source);
  PhLayerJob *job = g_task_get_task_data (G_TASK (result));
  PhLayerCache *cache = cache_of (self, job->kind);
  PhLayerJob *next;

  cache->running = NULL;
  /* what the view asks for now: this job, or one of the same content
   * and scale (a pan's next region); anything else is stale */
  if (!cache->disposed
      && (job->generation == cache->generation
          || (job->key == cache->want_key && job->scale == cache->want_scale
              && job->scale_factor == cache->want_scale_factor)))
    {
      layer_cache_install (self, cache, job);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  else
    cache->n_dropped++;

  next = g_steal_pointer (&cache->next);
  if (next != NULL)
    {
      if (cache->disposed)
        layer_job_free (next);
      else
        layer_job_start (self, cache, next);
    }
}

static void
layer_job_start (PhMapView    *self,
                 PhLayerCache *cache,
                 PhLayerJob   *job)
{
  g_autoptr(GTask) task = g_task_new (self, NULL, layer_job_done, NULL);

  g_task_set_source_tag (task, layer_job_start);
  g_task_set_task_data (task, job, (GDestroyNotify) layer_job_free);
  cache->running = job;
  g_task_run_in_thread (task, layer_job_thread);
}

/* The worker's own copy of the scenario a layer shows, made again only
 * when its key changes */
static PhScenario *
layer_scenario (PhMapView    *self,
                PhLayerCache *cache,
                guint         key)
{
  const PhScenario *scenario;

  if (cache->copy != NULL && cache->copy_key == key)
    return ph_scenario_ref (cache->copy);
  g_clear_pointer (&cache->copy, ph_scenario_unref);
  if (cache->kind == PH_LAYER_FIGURES && self->has_drag_scenario)
    scenario = &self->drag_rest;
  else
    scenario = ph_document_get_scenario (self->document);
  cache->copy = ph_scenario_copy (scenario);
  cache->copy_key = key;
  return ph_scenario_ref (cache->copy);
}

static gboolean
region_covers (double              tx0,
               double              ty0,
               double              tx1,
               double              ty1,
               double              scale,
               const PhRect       *visible,
               const PhScenario   *scenario)
{
  /* What is visible of the table and its labels must be in the image. */
  double margin = ph_render_margin (scale) / scale;

  return tx0 <= MAX (visible->x0, -margin) + 1e-9
         && ty0 <= MAX (visible->y0, -margin) + 1e-9
         && tx1 >= MIN (visible->x1, scenario->table.width + margin) - 1e-9
         && ty1 >= MIN (visible->y1, scenario->table.height + margin) - 1e-9;
}

/* For the figures layer: where the window's rulers leave the names of
 * the men in view, in table units (FALSE while no band shows) */
static gboolean
wanted_inside (PhMapView          *self,
               PhLayerCache       *cache,
               const PhRenderView *view,
               int                 width,
               int                 height,
               PhRect             *inside)
{
  PhRect device;

  if (cache->kind != PH_LAYER_FIGURES
      || !ph_render_rulers_inside (ph_document_get_scenario (self->document), view,
                                   width, height, &device))
    return FALSE;
  *inside = ph_render_view_device_rect_to_table (view, device.x0, device.y0,
                                                 device.x1 - device.x0, device.y1 - device.y0);
  return TRUE;
}

/* Two such areas the same, to half a pixel */
static gboolean
inside_same (gboolean      has_a,
             const PhRect *a,
             gboolean      has_b,
             const PhRect *b,
             double        scale)
{
  double e = 0.5 / scale;

  if (has_a != has_b)
    return FALSE;
  return !has_a || (fabs (a->x0 - b->x0) < e && fabs (a->y0 - b->y0) < e
                    && fabs (a->x1 - b->x1) < e && fabs (a->y1 - b->y1) < e);
}

/* A request: the visible part and some slack, within the table and its
 * labels; its corner on a whole pixel so that the image lands on the
 * pixel grid */
static PhLayerJob *
layer_job_new (PhMapView        *self,
               PhLayerCache     *cache,
               guint             key,
               double            scale,
               int               scale_factor,
               const PhRect     *visible,
               const PhScenario *scenario)
{
  PhLayerJob *job = g_new0 (PhLayerJob, 1);
  double slack_x = (visible->x1 - visible->x0) * LAYER_SLACK;
  double slack_y = (visible->y1 - visible->y0) * LAYER_SLACK;
  double margin = ph_render_margin (scale) / scale;
  double tx0, ty0, tx1, ty1;
  int width, height;

  tx0 = MAX (visible->x0 - slack_x, -margin);
  ty0 = MAX (visible->y0 - slack_y, -margin);
  tx1 = MIN (visible->x1 + slack_x, scenario->table.width + margin);
  ty1 = MIN (visible->y1 + slack_y, scenario->table.height + margin);
  tx0 = floor (tx0 * scale) / scale;
  ty0 = floor (ty0 * scale) / scale;
  width = (int) ceil ((tx1 - tx0) * scale);
  height = (int) ceil ((ty1 - ty0) * scale);
  width = MAX (1, MIN (width, (int) (LAYER_MAX_SIDE / scale_factor)));
  height = MAX (1, MIN (height, (int) (LAYER_MAX_SIDE / scale_factor)));

  job->kind = cache->kind;
  job->key = key;
  job->scale = scale;
  job->scale_factor = scale_factor;
  job->tx0 = tx0;
  job->ty0 = ty0;
  job->tx1 = tx0 + width / scale;
  job->ty1 = ty0 + height / scale;
  job->width = width;
  job->height = height;
  job->scenario = layer_scenario (self, cache, key);
  if (cache->kind == PH_LAYER_FIGURES)
    {
      job->selected = g_strdupv ((char **) ph_selection_get_ids (ph_map_view_get_selection_model (self)));
      job->activated = ph_map_view_activated_ids (self);
    }
  return job;
}

static gboolean
job_wants (const PhLayerJob *job,
           guint             key,
           double            scale,
           int               scale_factor,
           const PhRect     *visible,
           gboolean          has_inside,
           const PhRect     *inside,
           const PhScenario *scenario)
{
  return job != NULL && job->key == key && job->scale == scale
         && job->scale_factor == scale_factor
         && inside_same (job->has_inside, &job->inside, has_inside, inside, scale)
         && region_covers (job->tx0, job->ty0, job->tx1, job->ty1, scale, visible, scenario);
}

void
ph_map_view_layer_request (PhMapView          *self,
                           PhLayerCache       *cache,
                           guint               key,
                           const PhRenderView *view,
                           int                 width,
                           int                 height)
{
  const PhScenario *scenario = ph_document_get_scenario (self->document);
  PhRect visible = ph_render_view_device_rect_to_table (view, 0, 0, width, height);
  int scale_factor = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  double scale = view->scale;
  PhLayerJob *job;
  PhRect inside = { 0 };
  gboolean has_inside = wanted_inside (self, cache, view, width, height, &inside);

  /* zooming: the image as it is, scaled, until the scale holds still */
  if (self->zoom_settling && cache->valid && cache->key == key
      && cache->scale_factor == scale_factor)
    return;
  if (cache->valid && cache->key == key && cache->scale == scale
      && cache->scale_factor == scale_factor
      && inside_same (cache->has_inside, &cache->inside, has_inside, &inside, scale)
      && region_covers (cache->tx0, cache->ty0, cache->tx1, cache->ty1, scale, &visible, scenario))
    {
      /* what it shows is what the view wants: nothing waiting is */
      g_clear_pointer (&cache->next, layer_job_free);
      cache->want_key = key;
      cache->want_scale = scale;
      cache->want_scale_factor = scale_factor;
      cache->generation++;
      return;
    }
  if (job_wants (cache->next, key, scale, scale_factor, &visible, has_inside, &inside, scenario)
      || (cache->next == NULL
          && job_wants (cache->running, key, scale, scale_factor, &visible, has_inside, &inside,
                        scenario)))
    return;

  job = layer_job_new (self, cache, key, scale, scale_factor, &visible, scenario);
  job->has_inside = has_inside;
  job->inside = inside;
  job->generation = ++cache->generation;
  cache->want_key = key;
  cache->want_scale = scale;
  cache->want_scale_factor = scale_factor;
  g_clear_pointer (&cache->next, layer_job_free);
  if (cache->running != NULL)
    cache->next = job;
  else
    layer_job_start (self, cache, job);
}

/* For GPU renderers: places the last image finished where the view has
 * it, on whole pixels at its own scale, else stretched to this one (a
 * zoom under way) */
void
ph_map_view_layer_append (PhMapView          *self,
                          PhLayerCache       *cache,
                          GtkSnapshot        *snapshot,
                          const PhRenderView *view,
                          double              opacity)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  GskRenderer *renderer = native ? gtk_native_get_renderer (native) : NULL;
  PhPoint at;

  if (!cache->valid || cache->surface == NULL)
    return;
  at = ph_render_view_to_device (view, (PhPoint) { cache->tx0, cache->ty0 });
  /* the same node from frame to frame: GTK sees that nothing changed
   * under what did, and redraws only that */
  if (cache->node == NULL || cache->node_renderer != renderer)
    layer_cache_make_node (self, cache);
  gtk_snapshot_push_opacity (snapshot, opacity);
  gtk_snapshot_save (snapshot);
  if (cache->scale == view->scale)
    gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (round (at.x), round (at.y)));
  else
    {
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (at.x, at.y));
      gtk_snapshot_scale (snapshot, view->scale / cache->scale, view->scale / cache->scale);
    }
  gtk_snapshot_append_node (snapshot, cache->node);
  gtk_snapshot_restore (snapshot);
  gtk_snapshot_pop (snapshot);
}

/* For the cairo renderer: the last image finished, painted on @cr (the
 * frame's one cairo node), stretched coarsely while a zoom is under way */
void
ph_map_view_layer_paint (PhLayerCache       *cache,
                         cairo_t            *cr,
                         const PhRenderView *view,
                         double              opacity)
{
  PhPoint at;

  if (!cache->valid || cache->surface == NULL)
    return;
  at = ph_render_view_to_device (view, (PhPoint) { cache->tx0, cache->ty0 });
  cairo_save (cr);
  if (cache->scale == view->scale)
    cairo_translate (cr, round (at.x), round (at.y));
  else
    {
      double ratio = view->scale / cache->scale;

      cairo_translate (cr, at.x, at.y);
      cairo_scale (cr, ratio, ratio);
    }
  set_layer_source (cr, cache->surface);
  if (cache->scale != view->scale)
    cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_FAST);
  cairo_paint_with_alpha (cr, opacity);
  cairo_restore (cr);
}

void
ph_map_view_layer_cache_clear (PhLayerCache *cache)
{
  g_clear_pointer (&cache->node, gsk_render_node_unref);
  g_clear_object (&cache->texture);
  g_clear_pointer (&cache->surface, cairo_surface_destroy);
  g_clear_pointer (&cache->selected, g_strfreev);
  cache->node_renderer = NULL;
  cache->valid = FALSE;
}

/* The view goes: jobs under way finish and are dropped */
void
ph_map_view_layer_cache_dispose (PhLayerCache *cache)
{
  ph_map_view_layer_cache_clear (cache);
  g_clear_pointer (&cache->next, layer_job_free);
  g_clear_pointer (&cache->copy, ph_scenario_unref);
  cache->disposed = TRUE;
}

/* Another scenario: its layers are nothing like the last one's, which
 * are not shown while the new ones are drawn */
void
ph_map_view_layer_cache_forget (PhLayerCache *cache)
{
  ph_map_view_layer_cache_clear (cache);
  g_clear_pointer (&cache->next, layer_job_free);
  g_clear_pointer (&cache->copy, ph_scenario_unref);
  cache->generation++;
}

gboolean
ph_map_view_get_layers_busy (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), FALSE);
  return self->static_cache.running != NULL || self->static_cache.next != NULL
         || self->figures_cache.running != NULL || self->figures_cache.next != NULL;
}

guint
ph_map_view_get_layers_dropped (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), 0);
  return self->static_cache.n_dropped + self->figures_cache.n_dropped;
}

void
ph_map_view_hold_layer_jobs (gboolean hold)
{
  g_mutex_lock (&gate_lock);
  gate_closed = hold;
  g_cond_broadcast (&gate_cond);
  g_mutex_unlock (&gate_lock);
}

gboolean
ph_map_view_get_layer_placement (PhMapView   *self,
                                 PhLayerKind  kind,
                                 double      *scale,
                                 double      *x,
                                 double      *y)
{
  PhLayerCache *cache = cache_of (self, kind);
  PhRenderView view;
  PhPoint at;

  g_return_val_if_fail (PH_IS_MAP_VIEW (self), FALSE);
  if (!cache->valid)
    return FALSE;
  ph_map_view_get_render_view (self, &view);
  at = ph_render_view_to_device (&view, (PhPoint) { cache->tx0, cache->ty0 });
  if (scale)
    *scale = cache->scale;
  if (x)
    *x = at.x;
  if (y)
    *y = at.y;
  return TRUE;
}

double
ph_map_view_get_layer_cpu_ms (PhMapView   *self,
                              PhLayerKind  kind)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), 0);
  return cache_of (self, kind)->cpu_ms;
}
