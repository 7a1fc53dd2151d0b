/* ph-render.c: the renderer's entry points, options and terrain order
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-render-private.h"
#include "ph-render-figures.h"

static const PhRgba default_selection = { 1.0, 0.84, 0.15, 0.95 };
static const PhRgba default_rings = { 0.98, 0.72, 0.16, 1.0 };
static const PhRgba default_los_clear = { 0.18, 0.80, 0.30, 1.0 };
static const PhRgba default_los_blocked = { 0.90, 0.16, 0.12, 1.0 };
static const PhRgba default_shade = { 0.05, 0.06, 0.10, 1.0 };

void
ph_render_options_init (PhRenderOptions *opts)
{
  g_return_if_fail (opts != NULL);

  memset (opts, 0, sizeof *opts);
  opts->layers = PH_RENDER_ALL;
  opts->selection_color = default_selection;
  opts->rings_color = default_rings;
  opts->los_clear_color = default_los_clear;
  opts->los_blocked_color = default_los_blocked;
  opts->shade_color = default_shade;
}

static gboolean
check_figure (const PhScenario  *scenario,
              const char        *id,
              GError           **error)
{
  if (id == NULL || ph_scenario_find_figure (scenario, id) != NULL)
    return TRUE;
  g_set_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_UNKNOWN_ID,
               _("unknown figure '%s'"), id);
  return FALSE;
}

gboolean
ph_render_options_check (const PhRenderOptions  *opts,
                         const PhScenario       *scenario,
                         GError                **error)
{
  g_return_val_if_fail (opts != NULL, FALSE);
  g_return_val_if_fail (scenario != NULL, FALSE);

  if (opts->selected != NULL)
    for (guint i = 0; opts->selected[i] != NULL; i++)
      if (!check_figure (scenario, opts->selected[i], error))
        return FALSE;
  return check_figure (scenario, opts->rings_figure, error)
         && check_figure (scenario, opts->shade_figure, error)
         && check_figure (scenario, opts->threat_figure, error)
         && check_figure (scenario, opts->los_from, error)
         && check_figure (scenario, opts->los_to, error);
}

/* Terrain, bottom to top: hills under everything on them, fields, water
 * and streams under roads (fords and bridges), roads under the rough
 * ground, woods and walls by the road, buildings on top. */
static const PhTerrainKind terrain_order[] = {
  PH_TERRAIN_HILL,
  PH_TERRAIN_FIELD,
  PH_TERRAIN_WATER,
  PH_TERRAIN_MARSH,
  PH_TERRAIN_STREAM,
  PH_TERRAIN_ROAD,
  PH_TERRAIN_ROUGH,
  PH_TERRAIN_VERY_ROUGH,
  PH_TERRAIN_BRUSH,
  PH_TERRAIN_ROCKS,
  PH_TERRAIN_WOODS,
  PH_TERRAIN_WORKS,
  PH_TERRAIN_FENCE,
  PH_TERRAIN_HEDGE,
  PH_TERRAIN_WALL,
  PH_TERRAIN_STOCKADE,
  PH_TERRAIN_BUILDING,
};

/* The feature's drawn extent: its bbox, grown by a linear feature's
 * drawn width and a building's shadow */
static gboolean
feature_visible (const PhRenderContext *ctx,
                 const PhFeature       *f)
{
  PhRect r = f->shape.bbox;
  double grow = 0.2 * ctx->inch;

  if (f->shape.kind == PH_SHAPE_POLYLINE)
    grow += ph_render_linear_width (ctx, f);
  r.x0 -= grow;
  r.y0 -= grow;
  r.x1 += grow;
  r.y1 += grow;
  return ph_rect_visible (ctx, &r);
}

/* The ground (areas but buildings, and streams) or what stands on it
 * (buildings, fences, walls...): the grid goes between the two */
static gboolean
is_structure (const PhFeature *f)
{
  if (f->kind == PH_TERRAIN_STREAM)
    return FALSE;
  return f->shape.kind == PH_SHAPE_POLYLINE || f->kind == PH_TERRAIN_BUILDING;
}

void
ph_render_terrain (PhRenderContext *ctx,
                   gboolean         structures)
{
  const PhScenario *s = ctx->scenario;

  for (guint k = 0; k < G_N_ELEMENTS (terrain_order); k++)
    for (guint i = 0; i < s->features->len; i++)
      {
        const PhFeature *f = g_ptr_array_index (s->features, i);

        if (f->kind != terrain_order[k] || is_structure (f) != structures
            || !feature_visible (ctx, f))
          continue;
        if (f->shape.kind == PH_SHAPE_POLYLINE)
          ph_render_linear_feature (ctx, f);
        else
          ph_render_area_feature (ctx, f);
      }
}

/* The point @fraction of the way along @s, and the way it runs there */
static gboolean
polyline_at (const PhShape *s,
             double         fraction,
             PhPoint       *out,
             PhPoint       *dir,
             double        *length)
{
  double total = 0, walked = 0;

  for (guint i = 0; i + 1 < s->n_points; i++)
    total += ph_point_distance (s->points[i], s->points[i + 1]);
  *length = total;
  for (guint i = 0; i + 1 < s->n_points; i++)
    {
      double len = ph_point_distance (s->points[i], s->points[i + 1]);

      if (walked + len >= total * fraction && len > 0)
        {
          double t = (total * fraction - walked) / len;

          dir->x = (s->points[i + 1].x - s->points[i].x) / len;
          dir->y = (s->points[i + 1].y - s->points[i].y) / len;
          out->x = s->points[i].x + dir->x * len * t;
          out->y = s->points[i].y + dir->y * len * t;
          return TRUE;
        }
      walked += len;
    }
  return FALSE;
}

/* Whether @box (device pixels) meets a figure's base on the table, or
 * the room round it */
static gboolean
box_meets_base (const PhRenderContext *ctx,
                  const PhRect          *box)
{
  const PhScenario *s = ctx->scenario;

  for (guint i = 0; i < s->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (s->figures, i);
      PhBase base;
      double r, cx, cy;

      if (ph_figure_is_off_table (f))
        continue;
      ph_figure_get_base (f, &base);
      r = MAX (2.5, ph_dlen (ctx, MAX (base.width, base.depth) / 2));
      r += MAX (6, r * 0.6);
      cx = ph_dx (ctx, f->x);
      cy = ph_dy (ctx, f->y);
      if (cx + r > box->x0 && cx - r < box->x1 && cy + r > box->y0 && cy - r < box->y1)
        return TRUE;
    }
  return FALSE;
}

/* The boxes of the figures' badges, smoke and a picked man's turning
 * handle, as ph_render_figures() draws them: a smoke puff stands a whole
 * badge beyond the base, and drew over "Alders by the River" */
static GArray *
figure_marks (const PhRenderContext *ctx)
{
  g_autoptr(GArray) figs = ph_render_collect_figs (ctx);
  GArray *marks = g_array_new (FALSE, FALSE, sizeof (PhRect));

  /* (whatever layers this call draws: the terrain's names stand where
   * the figures layer has them) */
  for (guint i = 0; i < figs->len; i++)
    {
      const Fig *g = &g_array_index (figs, Fig, i);

      ph_render_figure_marker_boxes (g, marks);
      ph_render_figure_handle_box (g, marks);
    }
  return marks;
}

/* Whether @box (device pixels) meets a figure on the table: its base and
 * the markers round it, which a name is never put under (@marks:
 * figure_marks(), made when first needed) */
static gboolean
box_meets_figure (const PhRenderContext *ctx,
                  GArray               **marks,
                  const PhRect          *box)
{
  if (box_meets_base (ctx, box))
    return TRUE;
  if (*marks == NULL)
    *marks = figure_marks (ctx);
  return !ph_render_box_free (*marks, box);
}

/* Where @f's name goes (device pixels), and the box it takes; FALSE when
 * it has none or it does not fit. Along a line, the middle first, then
 * further along either way and on either side; in an area, the centre,
 * then above and below it: the first place clear of the figures' bases
 * and markers, else the first place. The font is the names' (set by the
 * caller). */
static gboolean
feature_name_place (const PhRenderContext *ctx,
                    const PhFeature       *f,
                    double                *x,
                    double                *y,
                    PhAlign               *align,
                    PhRect                *box,
                    GArray               **marks)
{
  static const double along[] = { 0.5, 0.35, 0.65, 0.2, 0.8 };
  cairo_t *cr = ctx->cr;
  const PhShape *shape = &f->shape;
  cairo_text_extents_t te;
  double h = ctx->font * 1.1;
  gboolean found = FALSE;

  if (f->name == NULL || f->name[0] == '\0' || !feature_visible (ctx, f))
    return FALSE;
  cairo_text_extents (cr, f->name, &te);
  if (shape->kind == PH_SHAPE_POLYLINE)
    {
      double length, gap = ph_dlen (ctx, ph_render_linear_width (ctx, f)) / 2 + 4;
      PhPoint c, dir;

      if (!polyline_at (shape, 0.5, &c, &dir, &length))
        return FALSE;
      if (fabs (dir.y) > fabs (dir.x) ? ph_dlen (ctx, length) < ctx->font * 2
                                      : ph_dlen (ctx, length) < te.x_advance * 1.1)
        return FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (along) * 2; i++)
        {
          double side = i % 2 == 0 ? 1 : -1;
          double px, py;
          PhAlign a;
          PhRect b;

          if (!polyline_at (shape, along[i / 2], &c, &dir, &length))
            continue;
          px = ph_dx (ctx, c.x);
          py = ph_dy (ctx, c.y);
          if (fabs (dir.y) > fabs (dir.x))
            {
              /* a line running up and down: the name on its right (or left) */
              a = side > 0 ? PH_ALIGN_LEFT : PH_ALIGN_RIGHT;
              px += side * gap;
              b = side > 0 ? (PhRect) { px, py - h / 2, px + te.x_advance, py + h / 2 }
                           : (PhRect) { px - te.x_advance, py - h / 2, px, py + h / 2 };
            }
          else
            {
              /* across: above the line (or below) */
              a = PH_ALIGN_CENTRE;
              py += side > 0 ? -gap - ctx->font * 0.35 : gap + ctx->font * 0.35;
              b = (PhRect) { px - te.x_advance / 2, py - h / 2, px + te.x_advance / 2, py + h / 2 };
            }
          /* the first place is kept unless a clear one comes */
          if (!found || !box_meets_figure (ctx, marks, &b))
            {
              *x = px;
              *y = py;
              *align = a;
              *box = b;
              if (!box_meets_figure (ctx, marks, &b))
                return TRUE;
              found = TRUE;
            }
        }
      return found;
    }

  /* a name a little wider than its area stands over its edges: held to
   * the area's width, "The Old Manse" (6 in wide) went from the map when
   * the game's turn bar took 40 px off the window's zoom, and so did
   * Firelock's "Ford Rocks" (3 in) and "Widow Tucker's Cabin" (6 in) at
   * 16 px an inch: up to a little over twice its width, centred on it,
   * it still reads as the area's; a name wider yet would read as the
   * neighbours' (and one so much wider than its area goes only where it
   * covers no man) */
  if (ph_dlen (ctx, shape->bbox.x1 - shape->bbox.x0) < te.x_advance * 0.45
      || ph_dlen (ctx, shape->bbox.y1 - shape->bbox.y0) < ctx->font * 1.3)
    return FALSE;
  {
    static const double shift[] = { 0, -1.5, 1.5, -3, 3 };
    PhPoint c = ph_render_shape_centre (shape);
    gboolean wide = ph_dlen (ctx, shape->bbox.x1 - shape->bbox.x0) < te.x_advance * 0.7;

    for (guint i = 0; i < G_N_ELEMENTS (shift); i++)
      {
        double px = ph_dx (ctx, c.x), py = ph_dy (ctx, c.y) + shift[i] * h;
        PhRect b = { px - te.x_advance / 2, py - h / 2, px + te.x_advance / 2, py + h / 2 };

        /* in the area still */
        if (i > 0 && !ph_shape_contains_point (shape, (PhPoint) { c.x, c.y + shift[i] * h
                                                                          / ctx->view->scale }))
          continue;
        if (i == 0 || !box_meets_figure (ctx, marks, &b))
          {
            *x = px;
            *y = py;
            *box = b;
            if (!box_meets_figure (ctx, marks, &b))
              {
                wide = FALSE;
                break;
              }
          }
      }
    if (wide)
      return FALSE;
  }
  *align = PH_ALIGN_CENTRE;
  return TRUE;
}

static void
feature_names_font (const PhRenderContext *ctx)
{
  ph_render_font (ctx->cr, ctx->font * 0.95, FALSE, TRUE);
}

void
ph_render_feature_name_boxes (const PhRenderContext *ctx,
                              const PhRect          *near,
                              GArray                *boxes)
{
  const PhScenario *s = ctx->scenario;
  g_autoptr(GArray) marks = NULL;

  cairo_save (ctx->cr);
  feature_names_font (ctx);
  for (guint i = 0; i < s->features->len; i++)
    {
      const PhFeature *f = g_ptr_array_index (s->features, i);
      PhAlign align;
      PhRect box;
      double x, y;

      /* only those that can meet the labels placed (a name stays within
       * its feature, or a line's width and a name's length beside it) */
      if (near != NULL)
        {
          double m = ctx->font * 20;
          PhRect b = { ph_dx (ctx, f->shape.bbox.x0) - m, ph_dy (ctx, f->shape.bbox.y0) - m,
                       ph_dx (ctx, f->shape.bbox.x1) + m, ph_dy (ctx, f->shape.bbox.y1) + m };

          if (!ph_rect_intersects (&b, near))
            continue;
        }
      if (feature_name_place (ctx, f, &x, &y, &align, &box, &marks)
          && ph_render_box_free (boxes, &box))
        g_array_append_val (boxes, box);
    }
  cairo_restore (ctx->cr);
}

/* Each name once, where it fits and does not cover an earlier one (the
 * figures' names and the rings' labels keep clear of them in turn:
 * ph_render_feature_name_boxes()) */
void
ph_render_feature_names (PhRenderContext *ctx)
{
  const PhScenario *s = ctx->scenario;
  cairo_t *cr = ctx->cr;
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (PhRect));
  g_autoptr(GArray) claims = g_array_new (FALSE, FALSE, sizeof (PhRect));
  g_autoptr(GArray) marks = NULL;
  guint drawn = 0;

  /* a figure's name that found no other room stands over a terrain
   * name: that one is left out */
  if ((ctx->opts->layers & PH_RENDER_FIGURES) && (ctx->opts->layers & PH_RENDER_FIGURE_NAMES))
    ph_render_figure_name_claims (ctx, claims);
  feature_names_font (ctx);
  for (guint i = 0; i < s->features->len; i++)
    {
      const PhFeature *f = g_ptr_array_index (s->features, i);
      PhAlign align;
      PhRect box;
      double x, y;

      if (!feature_name_place (ctx, f, &x, &y, &align, &box, &marks)
          || !ph_render_box_free (boxes, &box))
        continue;
      /* (kept in @boxes all the same: as the figures' names see them) */
      g_array_append_val (boxes, box);
      if (!ph_render_box_free (claims, &box))
        continue;
      ph_render_text_add (cr, f->name, x, y, align);
      drawn++;
    }
  if (drawn > 0)
    ph_render_text_finish (cr, 0x2b2116, 1, 0xf7f1dc, 0.8, 3);
}

/* Entry points */

/* What both passes do first and last: the caller's state kept, no stray
 * path, the context set up; the text cache let go at the end */
static void
render_begin (PhRenderContext       *ctx,
              cairo_t               *cr,
              const PhScenario      *scenario,
              const PhRenderView    *view,
              const PhRenderOptions *opts,
              PhRenderOptions       *defaults)
{
  cairo_save (cr);
  cairo_new_path (cr);
  ph_render_context_init (ctx, cr, scenario, view, opts, defaults);
}

static void
render_end (cairo_t *cr)
{
  ph_render_text_release (cr);
  cairo_restore (cr);
}

void
ph_render_static (cairo_t               *cr,
                  const PhScenario      *scenario,
                  const PhRenderView    *view,
                  const PhRenderOptions *opts)
{
  PhRenderOptions defaults;
  PhRenderContext ctx;
  guint layers;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (view != NULL && view->scale > 0);

  render_begin (&ctx, cr, scenario, view, opts, &defaults);
  layers = ctx.opts->layers;
  ctx.tiles = g_hash_table_new_full (NULL, NULL, NULL,
                                     (GDestroyNotify) cairo_pattern_destroy);
  if (layers & PH_RENDER_CLOTH)
    ph_render_cloth (&ctx);
  /* Terrain stays on the table; the grid shows through the ground but not
   * through buildings and walls */
  cairo_save (cr);
  ph_render_clip_table (&ctx);
  if (layers & PH_RENDER_CLOTH)
    ph_render_background (&ctx);
  if (layers & PH_RENDER_TERRAIN)
    ph_render_terrain (&ctx, FALSE);
  if (layers & PH_RENDER_GRID)
    ph_render_grid_lines (&ctx);
  if (layers & PH_RENDER_TERRAIN)
    ph_render_terrain (&ctx, TRUE);
  cairo_restore (cr);
  if (layers & PH_RENDER_GRID)
    ph_render_table_edge (&ctx);
  if (layers & PH_RENDER_EDGE_LABELS)
    ph_render_edge_labels (&ctx);
  g_hash_table_unref (ctx.tiles);
  render_end (cr);
}

gboolean
ph_render_rulers (cairo_t            *cr,
                  const PhScenario   *scenario,
                  const PhRenderView *view,
                  double              width,
                  double              height)
{
  PhRenderOptions defaults;
  PhRenderContext ctx;
  gboolean drawn;

  g_return_val_if_fail (cr != NULL, FALSE);
  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (view != NULL && view->scale > 0, FALSE);

  render_begin (&ctx, cr, scenario, view, NULL, &defaults);
  drawn = ph_render_sticky_rulers (&ctx, width, height);
  render_end (cr);
  return drawn;
}

gboolean
ph_render_rulers_inside (const PhScenario   *scenario,
                         const PhRenderView *view,
                         double              width,
                         double              height,
                         PhRect             *inside)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  PhRenderOptions defaults;
  PhRenderContext ctx;
  gboolean bands;

  g_return_val_if_fail (scenario != NULL && inside != NULL, FALSE);
  g_return_val_if_fail (view != NULL && view->scale > 0, FALSE);

  /* the context wants a cairo_t: one that draws nowhere */
  surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cr = cairo_create (surface);
  render_begin (&ctx, cr, scenario, view, NULL, &defaults);
  bands = ph_render_sticky_inside (&ctx, width, height, inside);
  render_end (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return bands;
}

void
ph_render_dynamic (cairo_t               *cr,
                   const PhScenario      *scenario,
                   const PhRenderView    *view,
                   const PhRenderOptions *opts)
{
  PhRenderOptions defaults;
  PhRenderContext ctx;
  PhOverlayPlan plan;
  guint layers;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (view != NULL && view->scale > 0);

  render_begin (&ctx, cr, scenario, view, opts, &defaults);
  layers = ctx.opts->layers;
  /* Small circles by the hundred: a coarser flattening is invisible and
   * much cheaper */
  cairo_set_tolerance (cr, 0.25);
  /* the terrain's names: here, not with the terrain, since they keep
   * clear of the figures (ph-render.c's feature_name_place()) */
  if (layers & PH_RENDER_FEATURE_NAMES)
    ph_render_feature_names (&ctx);
  /* the rings' and the line's labels, placed together: each keeps clear
   * of the other */
  if (layers & PH_RENDER_OVERLAYS)
    {
      ph_render_overlay_plan_init (&ctx, &plan);
      ctx.overlays = &plan;
    }
  if (layers & PH_RENDER_OVERLAYS)
    {
      cairo_save (cr);
      ph_render_clip_table (&ctx);
      ph_render_threat (&ctx);
      ph_render_los_shading (&ctx);
      ph_render_rings (&ctx);
      cairo_restore (cr);
    }
  /* (the names alone without PH_RENDER_FIGURES: the window's drag
   * places a man's name again, over his base in the figures layer) */
  if (layers & (PH_RENDER_FIGURES | PH_RENDER_FIGURE_NAMES))
    ph_render_figures (&ctx);
  if (layers & PH_RENDER_OVERLAYS)
    {
      ph_render_los_line (&ctx);
      /* the threat map's legend over all of it: no figure, name or line
       * hides its words */
      ph_render_threat_legend (&ctx, TRUE, NULL);
      ph_render_overlay_plan_clear (&plan);
    }
  render_end (cr);
}

void
ph_render_figure_obstacles (cairo_t               *cr,
                            const PhScenario      *scenario,
                            const PhRenderView    *view,
                            const PhRenderOptions *opts,
                            GArray                *boxes,
                            GArray                *labels)
{
  ph_render_figure_obstacles_named (cr, scenario, view, opts, boxes, labels, NULL);
}

void
ph_render_figure_obstacles_named (cairo_t               *cr,
                                  const PhScenario      *scenario,
                                  const PhRenderView    *view,
                                  const PhRenderOptions *opts,
                                  GArray                *boxes,
                                  GArray                *labels,
                                  GArray                *plates)
{
  PhRenderOptions defaults;
  PhRenderContext ctx;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (view != NULL && view->scale > 0);
  g_return_if_fail (boxes != NULL);

  render_begin (&ctx, cr, scenario, view, opts, &defaults);
  ph_render_figure_obstacle_boxes (&ctx, boxes, labels, plates);
  render_end (cr);
}

gboolean
ph_render_threat_legend_box (const PhScenario   *scenario,
                             const PhRenderView *view,
                             const char         *figure_id,
                             PhRect             *box)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cairo_t *cr = cairo_create (surface);
  PhRenderOptions defaults, opts;
  PhRenderContext ctx;
  gboolean found;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (view != NULL && view->scale > 0, FALSE);
  g_return_val_if_fail (box != NULL, FALSE);

  ph_render_options_init (&opts);
  opts.threat_figure = figure_id;
  render_begin (&ctx, cr, scenario, view, &opts, &defaults);
  found = ph_render_threat_legend (&ctx, FALSE, box);
  render_end (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return found;
}

void
ph_render_selection_glow (cairo_t               *cr,
                          const PhScenario      *scenario,
                          const PhRenderView    *view,
                          const PhRenderOptions *opts)
{
  PhRenderOptions defaults;
  PhRenderContext ctx;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (view != NULL && view->scale > 0);

  render_begin (&ctx, cr, scenario, view, opts, &defaults);
  /* as ph_render_dynamic() draws the figures */
  cairo_set_tolerance (cr, 0.25);
  if (ctx.opts->selected != NULL && ctx.opts->selected[0] != NULL)
    ph_render_figures_glow (&ctx);
  render_end (cr);
}

void
ph_render_figure_markers_over (cairo_t               *cr,
                               const PhScenario      *scenario,
                               const PhRenderView    *view,
                               const PhRenderOptions *opts)
{
  PhRenderOptions defaults;
  PhRenderContext ctx;
  g_autoptr(GArray) figs = NULL;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (view != NULL && view->scale > 0);

  render_begin (&ctx, cr, scenario, view, opts, &defaults);
  /* as ph_render_dynamic() draws the figures; only those near the clip */
  cairo_set_tolerance (cr, 0.25);
  figs = ph_render_collect_figs (&ctx);
  if (figs->len > 0)
    ph_render_figure_markers (&ctx, figs);
  render_end (cr);
}

void
ph_render_map (cairo_t               *cr,
               const PhScenario      *scenario,
               const PhRenderView    *view,
               const PhRenderOptions *opts)
{
  ph_render_static (cr, scenario, view, opts);
  ph_render_dynamic (cr, scenario, view, opts);
}
