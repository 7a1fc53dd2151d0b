/* ph-render-overlay-labels.c: where the range rings' and the line of
 * sight's labels go
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both are placed together, once a call (ph_render_overlay_plan_init()):
 * the line's label first, by the middle of the line, then each ring's,
 * clear of it and never across the line. Every label keeps LABEL_MARGIN
 * px from the men's names, badges and smoke, the terrain's names, the
 * bases and the other labels, and stands wholly on the table. The window
 * draws the rings under the figures and the line over them, in two calls
 * given the same figures (PhRenderOptions.rings_not_drawn,
 * los_not_drawn): each works out the same places.
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-render-private.h"

/* The air between a ring's or the line's label and what it keeps clear
 * of, px: touching, two labels read as one */
#define LABEL_MARGIN 3.0
/* the line of sight's half width, halo and all */
#define LINE_HALF 3.0

/* What the labels keep clear of, and those placed so far */
typedef struct
{
  GArray *boxes;
  gboolean has_line;   /* no label across the line of sight */
  PhPoint la, lb;      /* its ends (device) */
} Space;

/* @text's width in the labels' font */
static double
text_width (const PhRenderContext *ctx,
            const char            *text)
{
  cairo_text_extents_t te;

  cairo_text_extents (ctx->cr, text, &te);
  return te.x_advance;
}

/* TRUE (and the box noted in @space) when a label @width wide centred at
 * x, y stands wholly on the table (never cut by its edge and the rulers)
 * and LABEL_MARGIN clear of everything in @space */
static gboolean
label_room (const PhRenderContext *ctx,
            Space                 *space,
            double                 width,
            double                 x,
            double                 y)
{
  double font = ctx->font;
  PhRect box, grown;

  box.x0 = x - width / 2 - 2;
  box.x1 = x + width / 2 + 2;
  box.y0 = y - font * 0.6;
  box.y1 = y + font * 0.6;
  if (box.x0 < ph_dx (ctx, 0) || box.y0 < ph_dy (ctx, 0)
      || box.x1 > ph_dx (ctx, ctx->scenario->table.width)
      || box.y1 > ph_dy (ctx, ctx->scenario->table.height))
    return FALSE;
  grown = (PhRect) { box.x0 - LABEL_MARGIN, box.y0 - LABEL_MARGIN,
                     box.x1 + LABEL_MARGIN, box.y1 + LABEL_MARGIN };
  for (guint i = 0; i < space->boxes->len; i++)
    if (ph_rect_intersects (&grown, &g_array_index (space->boxes, PhRect, i)))
      return FALSE;
  if (space->has_line)
    {
      PhRect wide = { grown.x0 - LINE_HALF, grown.y0 - LINE_HALF,
                      grown.x1 + LINE_HALF, grown.y1 + LINE_HALF };

      if (ph_segment_meets_rect ((PhSegment) { space->la, space->lb }, &wide))
        return FALSE;
    }
  g_array_append_val (space->boxes, box);
  return TRUE;
}

/* The boxes near @near of the figures' names, badges and smoke: those
 * the caller worked out (PhRenderOptions.label_obstacles), else placed
 * as the figures layer places them, with those of the names that stand
 * over a terrain name (left out for them) in @claims */
static void
figure_label_boxes (const PhRenderContext *ctx,
                    const PhRect          *near,
                    GArray                *boxes,
                    GArray                *claims)
{
  const PhRenderOptions *opts = ctx->opts;

  if (opts->label_obstacles == NULL)
    {
      ph_render_figure_label_boxes (ctx, near, boxes, claims);
      return;
    }
  for (guint i = 0; i < opts->n_label_obstacles; i++)
    if (ph_rect_intersects (&opts->label_obstacles[i], near))
      g_array_append_val (boxes, opts->label_obstacles[i]);
}

/* What the labels keep clear of, near @near: the terrain's names that
 * are drawn (not one a man's name stands over: it is left out for him,
 * ph_render_feature_names()), every base on the table, the names where
 * the figures layer puts them and the figures' badges and smoke (these
 * alone also in @figure_labels) */
static void
label_obstacles (const PhRenderContext *ctx,
                 const PhRect          *near,
                 GArray                *boxes,
                 GArray                *figure_labels)
{
  const PhScenario *s = ctx->scenario;
  g_autoptr(GArray) claims = g_array_new (FALSE, FALSE, sizeof (PhRect));
  g_autoptr(GArray) terrain = g_array_new (FALSE, FALSE, sizeof (PhRect));

  figure_label_boxes (ctx, near, figure_labels, claims);
  g_array_append_vals (boxes, figure_labels->data, figure_labels->len);
  ph_render_feature_name_boxes (ctx, near, terrain);
  for (guint i = 0; i < terrain->len; i++)
    if (ph_render_box_free (claims, &g_array_index (terrain, PhRect, i)))
      g_array_append_val (boxes, g_array_index (terrain, PhRect, i));
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
      if (!ph_rect_intersects (&box, near))
        continue;
      g_array_append_val (boxes, box);
    }
}

/* The angle between two bearings, 0 to 180 */
static double
bearing_gap (double a,
             double b)
{
  double d = fmod (fabs (a - b), 360);

  return d > 180 ? 360 - d : d;
}

/* The line's label: its distance, and what the shot meets on the way */
static char *
los_text (const PhRenderContext *ctx,
          PhOverlayPlan         *plan,
          char                 **distance_out)
{
  const PhScenario *s = ctx->scenario;
  const PhRuleset *ruleset = ph_ruleset_get (s->ruleset);
  const PhFigure *a = plan->los_a, *b = plan->los_b;
  PhDistUnit unit = ph_ruleset_dist_unit (s->ruleset, &s->table);
  double dist = ph_engine_distance (s, a, b);
  char *distance;
  char *text;

  if (unit == PH_DIST_HEX)
    distance = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%g hex", "%g hexes", (gulong) dist), dist);
  else if (unit == PH_DIST_CM)
    distance = g_strdup_printf (_("%.1f paces"), dist);
  else
    distance = g_strdup_printf (_("%.1f in"), dist);
  *distance_out = distance;
  if (!plan->los_clear)
    return g_strdup_printf (_("%s, blocked by %s"), distance,
                            plan->los_blockers->len > 0
                            ? ph_scenario_display_name (s, g_ptr_array_index (plan->los_blockers, 0))
                            : "?");
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
  return text;
}

/* The line's label at the middle, to one side, else further along or on
 * the other side, further out to the side for a short line (two men in
 * contact): where it keeps clear of every name, base and marker. No room:
 * the distance alone where it fits, else nothing (the Fire tab and the
 * tooltip say it) rather than over a name, a base or its markers */
static void
place_los_label (const PhRenderContext *ctx,
                 PhOverlayPlan         *plan,
                 Space                 *space)
{
  static const double along[] = { 0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8 };
  static const double out[] = { 1, 2.2, 3.6 };
  g_autofree char *distance = NULL;
  g_autofree char *text = los_text (ctx, plan, &distance);
  const char *texts[2] = { text, distance };
  double ax = plan->la.x, ay = plan->la.y, bx = plan->lb.x, by = plan->lb.y;
  double len = hypot (bx - ax, by - ay), ux = (bx - ax) / len, uy = (by - ay) / len;

  for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
    {
      double width = text_width (ctx, texts[t]);

      for (guint o = 0; o < G_N_ELEMENTS (out); o++)
        for (guint i = 0; i < G_N_ELEMENTS (along) * 2; i++)
          {
            double side = i % 2 == 0 ? 1 : -1;
            double x = ax + (bx - ax) * along[i / 2] + side * uy * ctx->font * out[o];
            double y = ay + (by - ay) * along[i / 2] - side * ux * ctx->font * out[o];

            if (label_room (ctx, space, width, x, y))
              {
                plan->los_label = (PhOverlayLabel) { g_strdup (texts[t]), x, y };
                return;
              }
          }
    }
}

/* Labels on each ring: up and to the right of the figure, else the
 * first of the other diagonals, then the top, bottom and sides, then the
 * bearings between, that is on the table (diagonals rarely meet the
 * lines of sight and names); never where the figure faces (its turning
 * handle, the heart of its arc), nor over a name, a base or another
 * label, nor across the line of sight */
static void
place_circle_labels (const PhRenderContext *ctx,
                     PhOverlayPlan         *plan,
                     Space                 *space)
{
  static const double bearings[] = { 45, 315, 135, 225, 0, 180, 90, 270,
                                     22.5, 337.5, 157.5, 202.5, 67.5, 292.5, 112.5, 247.5 };
  const PhBase *base = &plan->rings_base;
  const PhTable *t = &ctx->scenario->table;
  double m = 0.3 * ctx->inch;

  for (guint i = 0; i < plan->rings->len; i++)
    {
      const PhRangeRing *ring = &g_array_index (plan->rings, PhRangeRing, i);
      g_autofree char *text = ph_render_ring_label (ctx->scenario, ring);
      double reach = ring->distance + (t->measure == PH_MEASURE_EDGE
                                       ? MAX (base->depth, base->width) / 2 : 0);
      double width = text_width (ctx, text);

      for (guint k = 0; k < G_N_ELEMENTS (bearings); k++)
        {
          PhPoint p = ph_point_from_bearing (base->centre, bearings[k], reach);

          if (p.x < m || p.x > t->width - m || p.y < m || p.y > t->height - m
              || bearing_gap (bearings[k], base->facing) < 30
              || !label_room (ctx, space, width, ph_dx (ctx, p.x), ph_dy (ctx, p.y)))
            continue;
          g_array_append_val (plan->ring_labels, ((PhOverlayLabel) { g_steal_pointer (&text),
                                                                     ph_dx (ctx, p.x),
                                                                     ph_dy (ctx, p.y) }));
          break;
        }
    }
}

/* Guns of War: each band's label in its top hex, straight above the
 * figure, else (the figure faces up there: its turning handle) in its
 * bottom hex, then in the band's other corner hexes, then beside its top
 * and bottom hexes, to the right or the left (a label is wider than a
 * band's first hex: the line up the middle, a name below would leave
 * none): the first clear of the names, the bases, the other labels and
 * the line */
static void
place_hex_labels (const PhRenderContext *ctx,
                  PhOverlayPlan         *plan,
                  Space                 *space)
{
  /* up, down, then right and left of each, as axial steps */
  static const int up_first[6][2] = { { 0, -1 }, { 0, 1 }, { 1, -1 }, { -1, 0 }, { 1, 0 }, { -1, 1 } };
  static const int down_first[6][2] = { { 0, 1 }, { 0, -1 }, { 1, 0 }, { -1, 1 }, { 1, -1 }, { -1, 0 } };
  /* the corner hexes centred on the label, then the first two beside it */
  static const double beside[] = { 0, 0, 0, 0, 0, 0, 1, -1, 1, -1 };
  const PhBase *base = &plan->rings_base;
  const PhTable *t = &ctx->scenario->table;
  PhHex centre = ph_hex_from_point (base->centre, t->grid_size);
  const int (*steps)[2] = bearing_gap (base->facing, 0) >= 60 ? up_first : down_first;
  double half_hex = ph_dlen (ctx, t->grid_size) / 2;

  for (guint i = 0; i < plan->rings->len; i++)
    {
      const PhRangeRing *ring = &g_array_index (plan->rings, PhRangeRing, i);
      g_autofree char *text = ph_render_ring_label (ctx->scenario, ring);
      int d = (int) ring->distance;
      double width = text_width (ctx, text);

      for (guint k = 0; k < G_N_ELEMENTS (beside); k++)
        {
          const int *step = steps[k < 6 ? k : (k - 6) / 2];
          PhHex h = { centre.q + step[0] * d, centre.r + step[1] * d };
          PhPoint p = ph_hex_to_point (h, t->grid_size);
          double x = ph_dx (ctx, p.x) + beside[k] * (width / 2 + half_hex);

          /* the first two are the way it has always read; the other
           * corners never where the figure faces */
          if (p.y < 0 || p.y > t->height || p.x < 0 || p.x > t->width
              || (k >= 2 && k < 6 && bearing_gap (ph_bearing (base->centre, p), base->facing) < 30)
              || !label_room (ctx, space, width, x, ph_dy (ctx, p.y)))
            continue;
          g_array_append_val (plan->ring_labels, ((PhOverlayLabel) { g_steal_pointer (&text), x,
                                                                     ph_dy (ctx, p.y) }));
          break;
        }
    }
}

static void
overlay_label_clear (PhOverlayLabel *label)
{
  g_clear_pointer (&label->text, g_free);
}

/* @r grown to take in @b */
static void
rect_union (PhRect       *r,
            const PhRect *b)
{
  r->x0 = MIN (r->x0, b->x0);
  r->y0 = MIN (r->y0, b->y0);
  r->x1 = MAX (r->x1, b->x1);
  r->y1 = MAX (r->y1, b->y1);
}

void
ph_render_overlay_plan_init (const PhRenderContext *ctx,
                             PhOverlayPlan         *plan)
{
  const PhRenderOptions *opts = ctx->opts;
  const PhScenario *s = ctx->scenario;
  const PhRuleset *ruleset = ph_ruleset_get (s->ruleset);
  gboolean hex = ruleset != NULL && ruleset->dist_unit == PH_DIST_HEX && s->table.grid_size > 0;
  gboolean ring_labels;
  PhRect near = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
  Space space = { NULL, FALSE, { 0, 0 }, { 0, 0 } };

  memset (plan, 0, sizeof *plan);
  plan->ring_labels = g_array_new (FALSE, FALSE, sizeof (PhOverlayLabel));
  g_array_set_clear_func (plan->ring_labels, (GDestroyNotify) overlay_label_clear);
  plan->figure_labels = g_array_new (FALSE, FALSE, sizeof (PhRect));
  plan->los_blockers = g_ptr_array_new_with_free_func (g_free);

  /* the rings */
  if (opts->rings_figure != NULL)
    {
      const PhFigure *fig = ph_scenario_find_figure (s, opts->rings_figure);
      const PhWeapon *weapon = NULL;

      if (fig != NULL)
        {
          if (opts->rings_has_weapon)
            weapon = ph_figure_find_weapon (fig, opts->rings_weapon);
          ph_figure_get_base (fig, &plan->rings_base);
          plan->rings = ph_engine_range_rings (s, fig, weapon, opts->rings_target_mounted);
        }
    }
  ring_labels = plan->rings != NULL && plan->rings->len > 0 && !opts->rings_hide_labels
                && opts->threat_figure == NULL;
  /* (drawn by another call: the line's label, placed first, is the same
   * without them) */
  if (ring_labels)
    {
      const PhBase *base = &plan->rings_base;
      double last = g_array_index (plan->rings, PhRangeRing, plan->rings->len - 1).distance;
      /* where the labels can go: the rings' reach around the figure */
      double reach = hex ? (last + 1) * s->table.grid_size * 1.2
                         : last + MAX (base->depth, base->width);
      double cx = ph_dx (ctx, base->centre.x), cy = ph_dy (ctx, base->centre.y);
      double r = ph_dlen (ctx, reach) + ctx->font * 12;

      rect_union (&near, &(PhRect) { cx - r, cy - r, cx + r, cy + r });
    }

  /* the line of sight */
  if (opts->los_from != NULL && opts->los_to != NULL)
    {
      const PhFigure *a = ph_scenario_find_figure (s, opts->los_from);
      const PhFigure *b = ph_scenario_find_figure (s, opts->los_to);

      if (a != NULL && b != NULL && a != b)
        {
          plan->la = (PhPoint) { ph_dx (ctx, a->x), ph_dy (ctx, a->y) };
          plan->lb = (PhPoint) { ph_dx (ctx, b->x), ph_dy (ctx, b->y) };
          if (hypot (plan->lb.x - plan->la.x, plan->lb.y - plan->la.y) >= 1)
            {
              double r = hypot (plan->lb.x - plan->la.x, plan->lb.y - plan->la.y)
                         + ctx->font * 12;

              plan->has_los = TRUE;
              plan->los_a = a;
              plan->los_b = b;
              plan->los_clear = ph_engine_line_of_sight (s, a, b,
                                                         ruleset != NULL && ruleset->figures_block_los,
                                                         plan->los_blockers);
              rect_union (&near, &(PhRect) { plan->la.x - r, plan->la.y - r,
                                             plan->la.x + r, plan->la.y + r });
            }
        }
    }
  if (!ring_labels && !plan->has_los)
    return;

  /* what both keep clear of, worked out once */
  space.boxes = g_array_new (FALSE, FALSE, sizeof (PhRect));
  cairo_save (ctx->cr);
  label_obstacles (ctx, &near, space.boxes, plan->figure_labels);
  ph_render_font (ctx->cr, ctx->font, TRUE, FALSE);
  if (plan->has_los)
    {
      place_los_label (ctx, plan, &space);
      /* the rings' labels never across the line */
      space.has_line = TRUE;
      space.la = plan->la;
      space.lb = plan->lb;
    }
  if (ring_labels && !opts->rings_not_drawn)
    {
      if (hex)
        place_hex_labels (ctx, plan, &space);
      else
        place_circle_labels (ctx, plan, &space);
    }
  cairo_restore (ctx->cr);
  g_array_unref (space.boxes);
}

void
ph_render_overlay_plan_clear (PhOverlayPlan *plan)
{
  g_clear_pointer (&plan->rings, g_array_unref);
  g_clear_pointer (&plan->ring_labels, g_array_unref);
  g_clear_pointer (&plan->figure_labels, g_array_unref);
  g_clear_pointer (&plan->los_blockers, g_ptr_array_unref);
  overlay_label_clear (&plan->los_label);
}
