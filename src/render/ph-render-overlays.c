/* ph-render-overlays.c: range rings, the fire arc and the line of sight
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-render-private.h"

#define LABEL_TEXT 0x2a2416
#define LABEL_HALO 0xfffbea

/* The ring's path: the points @d table units from the figure, measured as
 * the table measures (edge: from the base's edge, a rounded rectangle
 * around a square base; centre: from its centre) */
static void
path_ring (const PhRenderContext *ctx,
           const PhBase          *base,
           double                 d)
{
  cairo_t *cr = ctx->cr;
  double cx = ph_dx (ctx, base->centre.x), cy = ph_dy (ctx, base->centre.y);
  double r = ph_dlen (ctx, d);

  if (ctx->scenario->table.measure == PH_MEASURE_CENTRE)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
      cairo_close_path (cr);
      return;
    }
  if (!base->square)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, r + ph_dlen (ctx, base->width / 2), 0, 2 * G_PI);
      cairo_close_path (cr);
      return;
    }
  else
    {
      double hw = ph_dlen (ctx, base->width / 2), hd = ph_dlen (ctx, base->depth / 2);
      cairo_matrix_t saved;

      /* in the base's frame: x to its right, -y to its front */
      cairo_get_matrix (cr, &saved);
      cairo_translate (cr, cx, cy);
      cairo_rotate (cr, base->facing * G_PI / 180);
      cairo_new_sub_path (cr);
      cairo_arc (cr, hw, -hd, r, -G_PI / 2, 0);
      cairo_arc (cr, hw, hd, r, 0, G_PI / 2);
      cairo_arc (cr, -hw, hd, r, G_PI / 2, G_PI);
      cairo_arc (cr, -hw, -hd, r, G_PI, 3 * G_PI / 2);
      cairo_close_path (cr);
      cairo_set_matrix (cr, &saved);
    }
}

/* "short" becomes "short 10″" (Featherstone's paces: "short 10 paces"),
 * always with the unit; labels with a number of their own stay */
char *
ph_render_ring_label (const PhScenario  *scenario,
                      const PhRangeRing *ring)
{
  const char *label = ring->label != NULL ? ring->label : "";
  PhDistUnit unit = ph_ruleset_dist_unit (scenario->ruleset, &scenario->table);
  double per = ph_ruleset_table_units_per (scenario->ruleset, &scenario->table);
  double d = unit == PH_DIST_HEX ? ring->distance : ring->distance / per;

  if (strpbrk (label, "0123456789") != NULL)
    return g_strdup (label);
  switch (unit)
    {
    case PH_DIST_HEX:
      /* TRANSLATORS: a range ring's label and its distance: "half range 3 hexes" */
      return g_strdup_printf (d == 1 ? _("%s %g hex") : _("%s %g hexes"), label, d);
    case PH_DIST_CM:
      /* TRANSLATORS: Featherstone's range band and its distance in paces
       * (one to the cm): "short 10 paces" */
      return g_strdup_printf (round (d * 10) / 10 == 1 ? _("%s %g pace") : _("%s %g paces"),
                              label, round (d * 10) / 10);
    case PH_DIST_IN:
    default:
      return g_strdup_printf (_("%s %g\""), label, round (d * 10) / 10);
    }
}

/* Under a threat map the rings and the arc are outlines only: their tint
 * made its colours read as other steps than the legend's */
static gboolean
rings_unfilled (const PhRenderContext *ctx)
{
  return ctx->opts->rings_unfilled || ctx->opts->threat_figure != NULL;
}

/* The rings' labels where the plan put them (none under a threat map, or
 * with rings_hide_labels: ph-render-overlay-labels.c) */
static void
ring_labels (const PhRenderContext *ctx)
{
  const PhOverlayPlan *plan = ctx->overlays;
  cairo_t *cr = ctx->cr;

  if (plan == NULL || plan->ring_labels->len == 0)
    return;
  ph_render_font (cr, ctx->font, TRUE, FALSE);
  for (guint i = 0; i < plan->ring_labels->len; i++)
    {
      const PhOverlayLabel *l = &g_array_index (plan->ring_labels, PhOverlayLabel, i);

      ph_render_text_add (cr, l->text, l->x, l->y, PH_ALIGN_CENTRE);
    }
  ph_render_text_finish (cr, LABEL_TEXT, 1, LABEL_HALO, 0.9, 3.5);
}

static void
circle_rings (const PhRenderContext *ctx,
              const PhBase          *base,
              GArray                *rings)
{
  cairo_t *cr = ctx->cr;
  const PhRgba *c = &ctx->opts->rings_color;

  /* Bands, nearest the most opaque */
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  for (guint i = 0; i < rings->len && !rings_unfilled (ctx); i++)
    {
      const PhRangeRing *ring = &g_array_index (rings, PhRangeRing, i);

      path_ring (ctx, base, ring->distance);
      if (i > 0)
        path_ring (ctx, base, g_array_index (rings, PhRangeRing, i - 1).distance);
      cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a * (i % 2 == 0 ? 0.20 : 0.10));
      cairo_fill (cr);
    }
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);

  for (guint i = 0; i < rings->len; i++)
    path_ring (ctx, base, g_array_index (rings, PhRangeRing, i).distance);
  cairo_set_line_width (cr, 3.6);
  cairo_set_source_rgba (cr, 0.1, 0.08, 0.02, 0.45);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, 1.8);
  ph_render_set_rgba (cr, c);
  cairo_stroke (cr);
  if (ctx->opts->rings_hide_labels || ctx->opts->threat_figure != NULL)
    return;

  ring_labels (ctx);
}

typedef struct
{
  PhHex centre;
  GArray *rings;
  guint band;
} HexBand;

static void
add_band_hex (const PhRenderContext *ctx,
              PhHex                  hex,
              gpointer               user_data)
{
  HexBand *hb = user_data;
  int d = ph_hex_distance (hex, hb->centre);
  double lo = hb->band > 0
    ? g_array_index (hb->rings, PhRangeRing, hb->band - 1).distance : -1;
  double hi = g_array_index (hb->rings, PhRangeRing, hb->band).distance;

  if (d > lo + 1e-9 && d <= hi + 1e-9)
    ph_render_path_hex (ctx, hex);
}

/* Guns of War: the hexes within each band, not circles */
static void
hex_rings (const PhRenderContext *ctx,
           const PhBase          *base,
           GArray                *rings)
{
  cairo_t *cr = ctx->cr;
  const PhTable *t = &ctx->scenario->table;
  const PhRgba *c = &ctx->opts->rings_color;
  HexBand hb = { ph_hex_from_point (base->centre, t->grid_size), rings, 0 };

  cairo_save (cr);
  cairo_rectangle (cr, ph_dx (ctx, 0), ph_dy (ctx, 0),
                   ph_dlen (ctx, t->width), ph_dlen (ctx, t->height));
  cairo_clip (cr);
  for (hb.band = 0; hb.band < rings->len; hb.band++)
    {
      ph_render_foreach_hex (ctx, add_band_hex, &hb);
      cairo_set_source_rgba (cr, c->r, c->g, c->b,
                             c->a * (hb.band == 0 ? 0.42 : hb.band == 1 ? 0.22 : 0.12));
      if (!rings_unfilled (ctx))
        cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 1.2);
      cairo_set_source_rgba (cr, c->r * 0.6, c->g * 0.6, c->b * 0.6, 0.7);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
  ring_labels (ctx);
}

static void
fire_arc (const PhRenderContext *ctx,
          const PhBase          *base,
          GArray                *rings)
{
  static const double dash[] = { 6, 4 };
  cairo_t *cr = ctx->cr;
  double reach = 12 * ctx->inch;
  double cx = ph_dx (ctx, base->centre.x), cy = ph_dy (ctx, base->centre.y);
  double a0 = (base->facing - 45 - 90) * G_PI / 180;
  double a1 = (base->facing + 45 - 90) * G_PI / 180;
  double r;

  if (rings != NULL && rings->len > 0)
    {
      reach = g_array_index (rings, PhRangeRing, rings->len - 1).distance;
      if (ph_ruleset_get (ctx->scenario->ruleset)->dist_unit == PH_DIST_HEX)
        reach *= ctx->scenario->table.grid_size;
    }
  r = ph_dlen (ctx, reach + MAX (base->width, base->depth) / 2);

  cairo_move_to (cr, cx, cy);
  cairo_arc (cr, cx, cy, r, a0, a1);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, 1, 1, 0.9, 0.16);
  if (!rings_unfilled (ctx))
    cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 3);
  cairo_set_source_rgba (cr, 0.1, 0.08, 0.02, 0.35);
  cairo_stroke_preserve (cr);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_line_width (cr, 1.5);
  cairo_set_source_rgba (cr, 1, 1, 0.92, 0.95);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

void
ph_render_rings (PhRenderContext *ctx)
{
  const PhRenderOptions *opts = ctx->opts;
  const PhScenario *s = ctx->scenario;
  const PhRuleset *ruleset = ph_ruleset_get (s->ruleset);
  const PhOverlayPlan *plan = ctx->overlays;

  /* (another call draws them: PhRenderOptions.rings_not_drawn) */
  if (plan == NULL || plan->rings == NULL || opts->rings_not_drawn)
    return;
  if (ruleset != NULL && (ruleset->has_arc || opts->show_arc))
    fire_arc (ctx, &plan->rings_base, plan->rings);
  if (plan->rings->len == 0)
    return;
  if (ruleset->dist_unit == PH_DIST_HEX && s->table.grid_size > 0)
    hex_rings (ctx, &plan->rings_base, plan->rings);
  else
    circle_rings (ctx, &plan->rings_base, plan->rings);
}

/* The line of sight */

static void
outline_blockers (const PhRenderContext *ctx,
                  GPtrArray             *ids)
{
  cairo_t *cr = ctx->cr;
  const PhRgba *c = &ctx->opts->los_blocked_color;

  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      const PhFeature *feature = ph_scenario_find_feature (ctx->scenario, id);
      const PhFigure *figure = ph_scenario_find_figure (ctx->scenario, id);

      if (feature != NULL)
        {
          double w = 0;

          if (feature->shape.kind == PH_SHAPE_POLYLINE)
            w = ph_dlen (ctx, ph_render_linear_width (ctx, feature));
          ph_render_path_shape (ctx, &feature->shape);
          cairo_set_line_width (cr, w + 6);
          cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
          cairo_set_source_rgba (cr, c->r, c->g, c->b, 0.35);
          cairo_stroke_preserve (cr);
          cairo_set_line_width (cr, w > 0 ? w + 2 : 2.5);
          ph_render_set_rgba (cr, c);
          cairo_stroke (cr);
        }
      else if (figure != NULL)
        {
          PhBase base;

          ph_figure_get_base (figure, &base);
          ph_render_path_base (ctx, &base, 3);
          cairo_set_line_width (cr, 3);
          ph_render_set_rgba (cr, c);
          cairo_stroke (cr);
        }
    }
}

void
ph_render_los_line (PhRenderContext *ctx)
{
  const PhRenderOptions *opts = ctx->opts;
  const PhOverlayPlan *plan = ctx->overlays;
  const PhRgba *c;
  cairo_t *cr = ctx->cr;
  double ax, ay, bx, by, len, ux, uy, head;

  /* (another call draws it: PhRenderOptions.los_not_drawn) */
  if (plan == NULL || !plan->has_los || opts->los_not_drawn)
    return;
  c = plan->los_clear ? &opts->los_clear_color : &opts->los_blocked_color;
  if (!plan->los_clear)
    outline_blockers (ctx, plan->los_blockers);

  ax = plan->la.x;
  ay = plan->la.y;
  bx = plan->lb.x;
  by = plan->lb.y;
  len = hypot (bx - ax, by - ay);
  ux = (bx - ax) / len;
  uy = (by - ay) / len;
  head = 11;

  /* The line, with a halo, ending in an arrowhead at the target; it
   * passes under the names, badges and smoke of the men it crosses (a
   * gap where each stands), so they stay readable */
  cairo_save (cr);
  {
    GArray *gaps = plan->figure_labels;
    PhRect near = { MIN (ax, bx) - 4, MIN (ay, by) - 4, MAX (ax, bx) + 4, MAX (ay, by) + 4 };
    double x0, y0, x1, y1;

    cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
    cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
    for (guint i = 0; i < gaps->len; i++)
      {
        const PhRect *g = &g_array_index (gaps, PhRect, i);

        if (!ph_rect_intersects (g, &near))
          continue;
        cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
        cairo_rectangle (cr, g->x0, g->y0, g->x1 - g->x0, g->y1 - g->y0);
        cairo_clip (cr);
      }
  }
  cairo_move_to (cr, ax, ay);
  cairo_line_to (cr, bx - ux * head * 0.8, by - uy * head * 0.8);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, 6);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, 3);
  ph_render_set_rgba (cr, c);
  cairo_stroke (cr);
  cairo_restore (cr);

  cairo_move_to (cr, bx, by);
  cairo_line_to (cr, bx - ux * head - uy * head * 0.5, by - uy * head + ux * head * 0.5);
  cairo_line_to (cr, bx - ux * head + uy * head * 0.5, by - uy * head - ux * head * 0.5);
  cairo_close_path (cr);
  ph_render_set_rgba (cr, c);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.6);
  cairo_stroke (cr);

  cairo_new_sub_path (cr);
  cairo_arc (cr, ax, ay, 3.5, 0, 2 * G_PI);
  ph_render_set_rgba (cr, c);
  cairo_fill (cr);

  /* Its label where the plan found room (ph-render-overlay-labels.c) */
  if (plan->los_label.text != NULL)
    {
      ph_render_font (cr, ctx->font, TRUE, FALSE);
      ph_render_text_add (cr, plan->los_label.text, plan->los_label.x, plan->los_label.y,
                          PH_ALIGN_CENTRE);
      ph_render_text_finish (cr, LABEL_TEXT, 1, LABEL_HALO, 0.92, 3.5);
    }
}
