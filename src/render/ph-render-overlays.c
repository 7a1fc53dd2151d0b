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

/* TRUE (and the box noted) when a label centred at x, y overlaps none
 * placed before and stands wholly on the table (never cut by its edge
 * and the rulers) */
static gboolean
label_room (const PhRenderContext *ctx,
            GArray                *boxes,
            const char            *text,
            double                 x,
            double                 y)
{
  cairo_text_extents_t te;
  double font = ctx->font;
  PhRect box;

  cairo_text_extents (ctx->cr, text, &te);
  box.x0 = x - te.x_advance / 2 - 2;
  box.x1 = x + te.x_advance / 2 + 2;
  box.y0 = y - font * 0.6;
  box.y1 = y + font * 0.6;
  if (box.x0 < ph_dx (ctx, 0) || box.y0 < ph_dy (ctx, 0)
      || box.x1 > ph_dx (ctx, ctx->scenario->table.width)
      || box.y1 > ph_dy (ctx, ctx->scenario->table.height))
    return FALSE;
  for (guint i = 0; i < boxes->len; i++)
    if (ph_rect_intersects (&box, &g_array_index (boxes, PhRect, i)))
      return FALSE;
  g_array_append_val (boxes, box);
  return TRUE;
}

/* The boxes near @near of the figures' names, badges and smoke: those
 * the caller worked out (PhRenderOptions.label_obstacles), else placed
 * as the figures layer places them */
static void
figure_label_boxes (const PhRenderContext *ctx,
                    const PhRect          *near,
                    GArray                *boxes)
{
  const PhRenderOptions *opts = ctx->opts;

  if (opts->label_obstacles == NULL)
    {
      ph_render_figure_label_boxes (ctx, near, boxes);
      return;
    }
  for (guint i = 0; i < opts->n_label_obstacles; i++)
    if (ph_rect_intersects (&opts->label_obstacles[i], near))
      g_array_append_val (boxes, opts->label_obstacles[i]);
}

/* What the rings' and the line of sight's labels keep clear of: the
 * terrain's names, every base on the table, the names where the figures
 * layer puts them and the figures' badges and smoke */
static void
label_obstacles (const PhRenderContext *ctx,
                 const PhBase          *base,
                 double                 reach,
                 GArray                *boxes)
{
  const PhScenario *s = ctx->scenario;
  /* where the labels can go: the rings' reach around the figure */
  double cx0 = ph_dx (ctx, base->centre.x), cy0 = ph_dy (ctx, base->centre.y);
  double r = ph_dlen (ctx, reach) + ctx->font * 12;
  PhRect near = { cx0 - r, cy0 - r, cx0 + r, cy0 + r };

  ph_render_feature_name_boxes (ctx, &near, boxes);
  for (guint i = 0; i < s->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (s->figures, i);
      PhBase fb;
      double fr, cx, cy;
      PhRect box;

      if (ph_figure_is_off_table (f))
        continue;
      ph_figure_get_base (f, &fb);
      fr = ph_dlen (ctx, MAX (fb.width, fb.depth)) / 2 + 2;
      cx = ph_dx (ctx, fb.centre.x);
      cy = ph_dy (ctx, fb.centre.y);
      box = (PhRect) { cx - fr, cy - fr, cx + fr, cy + fr };
      if (!ph_rect_intersects (&box, &near))
        continue;
      g_array_append_val (boxes, box);
    }
  figure_label_boxes (ctx, &near, boxes);
}

/* The angle between two bearings, 0 to 180 */
static double
bearing_gap (double a,
             double b)
{
  double d = fmod (fabs (a - b), 360);

  return d > 180 ? 360 - d : d;
}

/* Under a threat map the rings and the arc are outlines only: their tint
 * made its colours read as other steps than the legend's */
static gboolean
rings_unfilled (const PhRenderContext *ctx)
{
  return ctx->opts->rings_unfilled || ctx->opts->threat_figure != NULL;
}

static void
circle_rings (const PhRenderContext *ctx,
              const PhBase          *base,
              GArray                *rings)
{
  cairo_t *cr = ctx->cr;
  const PhRgba *c = &ctx->opts->rings_color;
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (PhRect));

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

  /* Labels on each ring: up and to the right of the figure, else the
   * first of the other diagonals, then the top, bottom and sides that is
   * on the table (diagonals rarely meet the lines of sight and names);
   * never where the figure faces (its turning handle, the heart of its
   * arc), nor over a name, a base or another label */
  label_obstacles (ctx, base,
                   g_array_index (rings, PhRangeRing, rings->len - 1).distance
                   + MAX (base->depth, base->width), boxes);
  ph_render_font (cr, ctx->font, TRUE, FALSE);
  for (guint i = 0; i < rings->len; i++)
    {
      static const double bearings[] = { 45, 315, 135, 225, 0, 180, 90, 270 };
      const PhRangeRing *ring = &g_array_index (rings, PhRangeRing, i);
      g_autofree char *text = ph_render_ring_label (ctx->scenario, ring);
      const PhTable *t = &ctx->scenario->table;
      double reach = ring->distance + (ctx->scenario->table.measure == PH_MEASURE_EDGE
                                        ? MAX (base->depth, base->width) / 2 : 0);
      double m = 0.3 * ctx->inch;

      for (guint k = 0; k < G_N_ELEMENTS (bearings); k++)
        {
          PhPoint p = ph_point_from_bearing (base->centre, bearings[k], reach);

          if (p.x < m || p.x > t->width - m || p.y < m || p.y > t->height - m
              || bearing_gap (bearings[k], base->facing) < 30
              || !label_room (ctx, boxes, text, ph_dx (ctx, p.x), ph_dy (ctx, p.y)))
            continue;
          ph_render_text_add (cr, text, ph_dx (ctx, p.x), ph_dy (ctx, p.y), PH_ALIGN_CENTRE);
          break;
        }
    }
  ph_render_text_finish (cr, LABEL_TEXT, 1, LABEL_HALO, 0.9, 3.5);
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
  double last_y = -1e9;

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
  if (ctx->opts->rings_hide_labels || ctx->opts->threat_figure != NULL)
    return;

  /* Each band's label in its top hex, straight above the figure, else
   * (the figure faces up there: its turning handle; off the table; over a
   * name or a base) in its bottom hex */
  {
    g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (PhRect));
    gboolean up_first = bearing_gap (base->facing, 0) >= 60;

    label_obstacles (ctx, base,
                     (g_array_index (rings, PhRangeRing, rings->len - 1).distance + 1)
                     * t->grid_size * 1.2, boxes);
    ph_render_font (cr, ctx->font, TRUE, FALSE);
    for (guint i = 0; i < rings->len; i++)
      {
        const PhRangeRing *ring = &g_array_index (rings, PhRangeRing, i);
        g_autofree char *text = ph_render_ring_label (ctx->scenario, ring);
        int d = (int) ring->distance;
        PhHex places[2] = { { hb.centre.q, hb.centre.r - d }, { hb.centre.q, hb.centre.r + d } };

        for (int k = 0; k < 2; k++)
          {
            PhPoint p = ph_hex_to_point (places[up_first ? k : 1 - k], t->grid_size);

            if (p.y < 0 || p.y > t->height
                || fabs (ph_dy (ctx, p.y) - last_y) < ctx->font * 1.2
                || !label_room (ctx, boxes, text, ph_dx (ctx, p.x), ph_dy (ctx, p.y)))
              continue;
            last_y = ph_dy (ctx, p.y);
            ph_render_text_add (cr, text, ph_dx (ctx, p.x), last_y, PH_ALIGN_CENTRE);
            break;
          }
      }
  }
  ph_render_text_finish (cr, LABEL_TEXT, 1, LABEL_HALO, 0.9, 3.5);
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
  const PhWeapon *weapon = NULL;
  const PhFigure *fig;
  g_autoptr(GArray) rings = NULL;
  PhBase base;

  if (opts->rings_figure == NULL)
    return;
  fig = ph_scenario_find_figure (s, opts->rings_figure);
  if (fig == NULL)
    return;
  if (opts->rings_has_weapon)
    weapon = ph_figure_find_weapon (fig, opts->rings_weapon);
  ph_figure_get_base (fig, &base);
  rings = ph_engine_range_rings (s, fig, weapon, opts->rings_target_mounted);

  if (ruleset != NULL && (ruleset->has_arc || opts->show_arc))
    fire_arc (ctx, &base, rings);
  if (rings == NULL || rings->len == 0)
    return;
  if (ruleset->dist_unit == PH_DIST_HEX && s->table.grid_size > 0)
    hex_rings (ctx, &base, rings);
  else
    circle_rings (ctx, &base, rings);
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
  const PhScenario *s = ctx->scenario;
  const PhRuleset *ruleset = ph_ruleset_get (s->ruleset);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  const PhFigure *a, *b;
  const PhRgba *c;
  cairo_t *cr = ctx->cr;
  double ax, ay, bx, by, len, ux, uy, head;
  gboolean clear;
  g_autofree char *text = NULL;
  g_autofree char *distance = NULL;
  PhDistUnit unit;
  double dist;

  if (opts->los_from == NULL || opts->los_to == NULL)
    return;
  a = ph_scenario_find_figure (s, opts->los_from);
  b = ph_scenario_find_figure (s, opts->los_to);
  if (a == NULL || b == NULL || a == b)
    return;

  clear = ph_engine_line_of_sight (s, a, b, ruleset != NULL && ruleset->figures_block_los, ids);
  c = clear ? &opts->los_clear_color : &opts->los_blocked_color;
  if (!clear)
    outline_blockers (ctx, ids);

  ax = ph_dx (ctx, a->x);
  ay = ph_dy (ctx, a->y);
  bx = ph_dx (ctx, b->x);
  by = ph_dy (ctx, b->y);
  len = hypot (bx - ax, by - ay);
  if (len < 1)
    return;
  ux = (bx - ax) / len;
  uy = (by - ay) / len;
  head = 11;

  /* The line, with a halo, ending in an arrowhead at the target; it
   * passes under the names, badges and smoke of the men it crosses (a
   * gap where each stands), so they stay readable */
  cairo_save (cr);
  {
    g_autoptr(GArray) gaps = g_array_new (FALSE, FALSE, sizeof (PhRect));
    PhRect near = { MIN (ax, bx) - 4, MIN (ay, by) - 4, MAX (ax, bx) + 4, MAX (ay, by) + 4 };
    double x0, y0, x1, y1;

    figure_label_boxes (ctx, &near, gaps);
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

  /* Distance and verdict at the middle */
  unit = ph_ruleset_dist_unit (s->ruleset, &s->table);
  dist = ph_engine_distance (s, a, b);
  if (unit == PH_DIST_HEX)
    distance = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%g hex", "%g hexes", (gulong) dist), dist);
  else if (unit == PH_DIST_CM)
    distance = g_strdup_printf (_("%.1f paces"), dist);
  else
    distance = g_strdup_printf (_("%.1f in"), dist);
  if (clear)
    {
      /* the cover the shot will count, and the feature giving it: "clear"
       * alone read as open ground to a referee whose shot then counted
       * the building the target stood in, and "in soft cover" left him
       * to find which of the features round the target it was */
      int cover_class = 0;
      const PhFeature *feature = NULL;
      PhCover cover = ph_engine_cover (s, a, b, &cover_class, &feature);
      g_autofree char *kind = NULL;

      if (cover != PH_COVER_OPEN && ruleset != NULL && ruleset->cover_class_name != NULL
          && cover_class > 0)
        kind = g_strdup (g_dpgettext2 (GETTEXT_PACKAGE, "cover",
                                       ruleset->cover_class_name (cover_class)));
      else if (cover != PH_COVER_OPEN)
        /* TRANSLATORS: the target's cover on the line of sight's label:
         * "soft cover" */
        kind = g_strdup_printf (_("%s cover"), ph_cover_label (cover));
      if (kind != NULL && feature != NULL && feature->name != NULL && feature->name[0] != '\0')
        /* TRANSLATORS: "8.9 in, target in Terraced Vineyard (soft
         * cover)": the distance, the feature giving the target cover,
         * the cover (or the ruleset's cover class: "building") */
        text = g_strdup_printf (_("%s, target in %s (%s)"), distance, feature->name, kind);
      else if (kind != NULL)
        /* TRANSLATORS: "8.9 in, target in soft cover" (a feature with
         * no name) */
        text = g_strdup_printf (_("%s, target in %s"), distance, kind);
      else
        text = g_strdup_printf (_("%s, clear"), distance);
    }
  else
    text = g_strdup_printf (_("%s, blocked by %s"), distance,
                            ids->len > 0 ? ph_scenario_display_name (s, g_ptr_array_index (ids, 0)) : "?");
  /* at the middle, to one side, else further along or on the other side:
   * where it covers no name nor base */
  {
    static const double along[] = { 0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8 };
    static const double out[] = { 1, 2.2, 3.6 };
    g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (PhRect));
    PhBase from;
    double tx = (ax + bx) / 2 + uy * ctx->font, ty = (ay + by) / 2 - ux * ctx->font;
    gboolean placed = FALSE;

    ph_figure_get_base (a, &from);
    label_obstacles (ctx, &from, ph_point_distance ((PhPoint) { a->x, a->y },
                                                    (PhPoint) { b->x, b->y }), boxes);
    ph_render_font (cr, ctx->font, TRUE, FALSE);
    /* on the line near its middle, to one side; further out to the side
     * for a short line (two men in contact) */
    for (guint o = 0; o < G_N_ELEMENTS (out) && !placed; o++)
      for (guint i = 0; i < G_N_ELEMENTS (along) * 2 && !placed; i++)
        {
          double side = i % 2 == 0 ? 1 : -1;
          double x = ax + (bx - ax) * along[i / 2] + side * uy * ctx->font * out[o];
          double y = ay + (by - ay) * along[i / 2] - side * ux * ctx->font * out[o];

          if (label_room (ctx, boxes, text, x, y))
            {
              tx = x;
              ty = y;
              placed = TRUE;
            }
        }
    /* no room: the distance alone where it fits, else nothing (the Fire
     * tab and the tooltip say it) rather than over a name, a base or its
     * markers */
    for (guint o = 0; o < G_N_ELEMENTS (out) && !placed; o++)
      for (guint i = 0; i < G_N_ELEMENTS (along) * 2 && !placed; i++)
        {
          double side = i % 2 == 0 ? 1 : -1;
          double x = ax + (bx - ax) * along[i / 2] + side * uy * ctx->font * out[o];
          double y = ay + (by - ay) * along[i / 2] - side * ux * ctx->font * out[o];

          if (label_room (ctx, boxes, distance, x, y))
            {
              g_free (text);
              text = g_strdup (distance);
              tx = x;
              ty = y;
              placed = TRUE;
            }
        }
    if (placed)
      {
        ph_render_text_add (cr, text, tx, ty, PH_ALIGN_CENTRE);
        ph_render_text_finish (cr, LABEL_TEXT, 1, LABEL_HALO, 0.92, 3.5);
      }
  }
}
