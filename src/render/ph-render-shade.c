/* ph-render-shade.c: what a figure can see and shoot
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table is sampled on a coarse grid (every half inch, coarser on big
 * tables; every hex on a hex table). At each sample stands a hypothetical
 * target with a default base: where the figure has no line of sight to it
 * the table is dimmed, where it has sight but the target would be out of
 * range (or arc) it is dimmed less. Line of sight follows rules.md: the
 * segment between centres meets the interior of a feature that blocks,
 * unless that feature holds either end; in Musket Mayhem other figures'
 * bases block too. The samples become one A8 mask, drawn with one
 * cairo_mask() and bilinear smoothing.
 */
#include "ph-render-private.h"

#define MAX_SAMPLES 90000

#define DIM_HIDDEN   0.62 /* no line of sight */
#define DIM_OUT      0.30 /* seen, but out of range or arc */

/* Something that may block: a feature that blocks LOS, or (Musket Mayhem)
 * another figure's base */
typedef struct
{
  const PhFeature *feature; /* NULL for a base */
  PhBase base;
  double near;              /* no point nearer the shooter than this */
} Blocker;

#define N_BINS 720

typedef struct
{
  const PhScenario *scenario;
  const PhFigure *shooter;
  PhBase shooter_base;
  gboolean has_arc;
  gboolean hex;
  double max_range;       /* in the ruleset's unit; < 0: cannot shoot */
  double target_width;    /* the hypothetical target's base width */
  GArray *blockers;       /* of Blocker */
  /* The blockers by the bearings they cover as seen from the shooter:
   * bin k lists bin_items[bin_start[k] .. bin_start[k + 1]) */
  guint *bin_start;
  guint *bin_items;
  GArray *everywhere;     /* blockers around the shooter: always tested */
} Sight;

static int
angle_bin (double a)
{
  int k = (int) floor ((a + G_PI) / (2 * G_PI) * N_BINS);

  return ((k % N_BINS) + N_BINS) % N_BINS;
}

/* The bearings (radians, atan2) a blocker covers from @o; FALSE when it
 * surrounds @o (so covers every bearing) */
static gboolean
blocker_span (const Blocker *b,
              PhPoint        o,
              double        *lo,
              double        *hi)
{
  if (b->feature == NULL)
    {
      double reach = 0.5 * hypot (b->base.width, b->base.depth);
      double d = ph_point_distance (o, b->base.centre);
      double c = atan2 (b->base.centre.y - o.y, b->base.centre.x - o.x);
      double half;

      if (d <= reach * 1.01)
        return FALSE;
      half = asin (reach / d);
      *lo = c - half;
      *hi = c + half;
      return TRUE;
    }
  else
    {
      const PhRect *r = &b->feature->shape.bbox;
      PhPoint corners[4] = { { r->x0, r->y0 }, { r->x1, r->y0 }, { r->x1, r->y1 }, { r->x0, r->y1 } };
      double c = atan2 ((r->y0 + r->y1) / 2 - o.y, (r->x0 + r->x1) / 2 - o.x);
      double dmin = 0, dmax = 0;

      if (o.x >= r->x0 - 1e-6 && o.x <= r->x1 + 1e-6 && o.y >= r->y0 - 1e-6 && o.y <= r->y1 + 1e-6)
        return FALSE;
      for (int k = 0; k < 4; k++)
        {
          double d = atan2 (corners[k].y - o.y, corners[k].x - o.x) - c;

          d = remainder (d, 2 * G_PI);
          dmin = MIN (dmin, d);
          dmax = MAX (dmax, d);
        }
      *lo = c + dmin;
      *hi = c + dmax;
      return TRUE;
    }
}

static void
sight_bin (Sight *sight)
{
  PhPoint o = sight->shooter_base.centre;
  guint *count = g_new0 (guint, N_BINS + 1);
  guint *fill;

  sight->everywhere = g_array_new (FALSE, FALSE, sizeof (guint));
  /* two passes: count, then place */
  for (int pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < sight->blockers->len; i++)
        {
          const Blocker *b = &g_array_index (sight->blockers, Blocker, i);
          double lo, hi;
          int k0, n;

          if (!blocker_span (b, o, &lo, &hi))
            {
              if (pass == 0)
                g_array_append_val (sight->everywhere, i);
              continue;
            }
          /* a bin either side for rounding */
          k0 = angle_bin (lo) - 1;
          n = MIN (N_BINS, (int) floor ((hi - lo) / (2 * G_PI) * N_BINS) + 3);
          for (int j = 0; j < n; j++)
            {
              int k = ((k0 + j) % N_BINS + N_BINS) % N_BINS;

              if (pass == 0)
                count[k + 1]++;
              else
                sight->bin_items[fill[k]++] = i;
            }
        }
      if (pass == 0)
        {
          for (int k = 0; k < N_BINS; k++)
            count[k + 1] += count[k];
          sight->bin_start = count;
          sight->bin_items = g_new (guint, MAX (1, count[N_BINS]));
          fill = g_memdup2 (count, sizeof (guint) * (N_BINS + 1));
        }
    }
  g_free (fill);
}

static void
sight_init (Sight                 *sight,
            const PhScenario      *s,
            const PhFigure        *shooter,
            const PhRenderOptions *opts)
{
  const PhRuleset *ruleset = ph_ruleset_get (s->ruleset);
  const PhWeapon *weapon = NULL;
  g_autoptr(GArray) rings = NULL;

  sight->scenario = s;
  sight->shooter = shooter;
  ph_figure_get_base (shooter, &sight->shooter_base);
  sight->has_arc = ruleset != NULL && ruleset->has_arc;
  sight->hex = ruleset != NULL && ruleset->dist_unit == PH_DIST_HEX && s->table.grid_size > 0;
  sight->target_width = ph_default_base_width (s->table.unit);

  /* The reach: the outermost ring of the weapon the rings show, else the
   * figure's first missile weapon */
  if (opts->rings_has_weapon && g_strcmp0 (opts->rings_figure, shooter->id) == 0)
    weapon = ph_figure_find_weapon (shooter, opts->rings_weapon);
  rings = ph_engine_range_rings (s, shooter, weapon, opts->rings_target_mounted);
  sight->max_range = -1;
  if (rings != NULL)
    for (guint i = 0; i < rings->len; i++)
      sight->max_range = MAX (sight->max_range,
                              g_array_index (rings, PhRangeRing, i).distance);

  sight->blockers = g_array_new (FALSE, TRUE, sizeof (Blocker));
  for (guint i = 0; i < s->features->len; i++)
    {
      const PhFeature *f = g_ptr_array_index (s->features, i);
      const PhRect *r = &f->shape.bbox;
      PhPoint o = sight->shooter_base.centre;
      Blocker b = { f };

      if (!ph_feature_blocks_los (f))
        continue;
      /* a figure at a window sees out */
      if (f->shape.kind != PH_SHAPE_POLYLINE && ph_shape_contains_point (&f->shape, o))
        continue;
      b.near = hypot (MAX (0, MAX (r->x0 - o.x, o.x - r->x1)),
                      MAX (0, MAX (r->y0 - o.y, o.y - r->y1)));
      g_array_append_val (sight->blockers, b);
    }
  if (ruleset != NULL && ruleset->figures_block_los)
    for (guint i = 0; i < s->figures->len; i++)
      {
        const PhFigure *f = g_ptr_array_index (s->figures, i);
        Blocker b = { NULL };

        if (f == shooter || ph_figure_is_off_table (f))
          continue;
        ph_figure_get_base (f, &b.base);
        b.near = ph_point_distance (sight->shooter_base.centre, b.base.centre)
                 - 0.5 * hypot (b.base.width, b.base.depth);
        g_array_append_val (sight->blockers, b);
      }
  sight_bin (sight);
}

static void
sight_clear (Sight *sight)
{
  g_array_unref (sight->blockers);
  g_array_unref (sight->everywhere);
  g_free (sight->bin_start);
  g_free (sight->bin_items);
}

/* Does this blocker stop the line from the shooter to @p? */
static gboolean
blocks (const Blocker *b,
        PhSegment      seg,
        const PhRect  *box)
{
  if (b->feature != NULL)
    {
      const PhShape *shape = &b->feature->shape;

      if (!ph_rect_intersects (box, &shape->bbox))
        return FALSE;
      if (shape->kind != PH_SHAPE_POLYLINE && ph_shape_contains_point (shape, seg.b))
        return FALSE; /* the target is inside: it is seen */
      return ph_segment_meets_interior (seg, shape);
    }
  if (ph_base_contains_point (&b->base, seg.b))
    return FALSE; /* that figure would be the target */
  return ph_segment_meets_base (seg, &b->base);
}

static gboolean
sight_clear_to (const Sight *sight,
                PhPoint      p)
{
  PhPoint o = sight->shooter_base.centre;
  PhSegment seg = { o, p };
  PhRect box = ph_segment_bbox (seg);
  double d = ph_point_distance (o, p);
  int k;

  if (d < 1e-9)
    return TRUE;
  for (guint i = 0; i < sight->everywhere->len; i++)
    if (blocks (&g_array_index (sight->blockers, Blocker,
                                g_array_index (sight->everywhere, guint, i)), seg, &box))
      return FALSE;
  k = angle_bin (atan2 (p.y - o.y, p.x - o.x));
  for (guint j = sight->bin_start[k]; j < sight->bin_start[k + 1]; j++)
    {
      const Blocker *b = &g_array_index (sight->blockers, Blocker, sight->bin_items[j]);

      if (d < b->near)
        continue;
      if (blocks (b, seg, &box))
        return FALSE;
    }
  return TRUE;
}

/* 0: can shoot there; DIM_OUT: sees it, cannot shoot; DIM_HIDDEN: hidden */
static double
sight_dim (const Sight *sight,
           PhPoint      p)
{
  const PhScenario *s = sight->scenario;
  double d;

  if (!sight_clear_to (sight, p))
    return DIM_HIDDEN;
  if (sight->max_range < 0)
    return DIM_OUT;
  if (sight->has_arc
      && ph_angle_difference (sight->shooter_base.facing,
                              ph_bearing (sight->shooter_base.centre, p)) > 45
      && ph_point_distance (sight->shooter_base.centre, p) > 1e-9)
    return DIM_OUT;
  if (sight->hex)
    {
      PhHex a = ph_hex_from_point (sight->shooter_base.centre, s->table.grid_size);
      PhHex b = ph_hex_from_point (p, s->table.grid_size);

      d = ph_hex_distance (a, b);
    }
  else if (s->table.measure == PH_MEASURE_CENTRE)
    d = ph_point_distance (sight->shooter_base.centre, p);
  else
    {
      PhBase target = { p, FALSE, sight->target_width, sight->target_width, 0 };

      d = ph_base_distance (&sight->shooter_base, &target);
    }
  return d <= sight->max_range + 1e-9 ? 0 : DIM_OUT;
}

typedef struct
{
  const Sight *sight;
  double level;
  gboolean any;
} HexShade;

static void
add_shaded_hex (const PhRenderContext *ctx,
                PhHex                  hex,
                gpointer               user_data)
{
  HexShade *hs = user_data;
  PhPoint p = ph_hex_to_point (hex, ctx->scenario->table.grid_size);

  if (sight_dim (hs->sight, p) == hs->level)
    {
      ph_render_path_hex (ctx, hex);
      hs->any = TRUE;
    }
}

static void
shade_hexes (PhRenderContext *ctx,
             const Sight     *sight)
{
  cairo_t *cr = ctx->cr;
  const PhRgba *c = &ctx->opts->shade_color;
  static const double levels[] = { DIM_OUT, DIM_HIDDEN };

  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      HexShade hs = { sight, levels[i], FALSE };

      ph_render_foreach_hex (ctx, add_shaded_hex, &hs);
      if (!hs.any)
        continue;
      cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a * levels[i]);
      cairo_fill (cr);
    }
}

/* The table in cells of @step: the dim level is sampled at the cells'
 * corners; a cell whose four corners agree is filled with their level,
 * the others (where a shadow's edge runs) are sampled FINE x FINE times.
 * The mask has one pixel per fine sample. */
#define FINE 4

static void
shade_samples (PhRenderContext *ctx,
               const Sight     *sight)
{
  cairo_t *cr = ctx->cr;
  const PhTable *t = &ctx->scenario->table;
  const PhRgba *c = &ctx->opts->shade_color;
  double step = 0.5 * ctx->inch, fine;
  int i0, i1, j0, j1, cols, rows, stride;
  g_autofree unsigned char *corners = NULL;
  cairo_surface_t *mask;
  cairo_pattern_t *pattern;
  cairo_matrix_t m;
  unsigned char *data;

  /* Coarser on a big table */
  while ((t->width / step) * (t->height / step) > MAX_SAMPLES)
    step *= 1.5;
  fine = step / FINE;

  /* Only the visible cells, and one more all round for the smoothing */
  i0 = MAX (0, (int) floor (ctx->visible.x0 / step) - 1);
  j0 = MAX (0, (int) floor (ctx->visible.y0 / step) - 1);
  i1 = MIN ((int) ceil (t->width / step), (int) ceil (ctx->visible.x1 / step) + 1);
  j1 = MIN ((int) ceil (t->height / step), (int) ceil (ctx->visible.y1 / step) + 1);
  cols = i1 - i0;
  rows = j1 - j0;
  if (cols <= 0 || rows <= 0)
    return;

  corners = g_malloc ((gsize) (cols + 1) * (rows + 1));
  for (int j = 0; j <= rows; j++)
    for (int i = 0; i <= cols; i++)
      {
        PhPoint p = { MIN ((i0 + i) * step, t->width), MIN ((j0 + j) * step, t->height) };

        corners[j * (cols + 1) + i] = (unsigned char) (sight_dim (sight, p) * 255 + 0.5);
      }

  mask = cairo_image_surface_create (CAIRO_FORMAT_A8, cols * FINE, rows * FINE);
  stride = cairo_image_surface_get_stride (mask);
  cairo_surface_flush (mask);
  data = cairo_image_surface_get_data (mask);
  for (int j = 0; j < rows; j++)
    for (int i = 0; i < cols; i++)
      {
        unsigned char v = corners[j * (cols + 1) + i];
        gboolean uniform = v == corners[j * (cols + 1) + i + 1]
                           && v == corners[(j + 1) * (cols + 1) + i]
                           && v == corners[(j + 1) * (cols + 1) + i + 1];

        for (int fj = 0; fj < FINE; fj++)
          for (int fi = 0; fi < FINE; fi++)
            {
              unsigned char *out = data + (j * FINE + fj) * stride + i * FINE + fi;

              if (uniform)
                *out = v;
              else
                {
                  PhPoint p = { MIN ((i0 + i) * step + (fi + 0.5) * fine, t->width),
                                MIN ((j0 + j) * step + (fj + 0.5) * fine, t->height) };

                  *out = (unsigned char) (sight_dim (sight, p) * 255 + 0.5);
                }
            }
      }
  cairo_surface_mark_dirty (mask);

  /* pattern space: one pixel per fine sample, cell (i0, j0) at the origin */
  pattern = cairo_pattern_create_for_surface (mask);
  cairo_matrix_init_translate (&m, -i0 * FINE, -j0 * FINE);
  cairo_matrix_scale (&m, 1 / (ctx->view->scale * fine), 1 / (ctx->view->scale * fine));
  cairo_matrix_translate (&m, -ctx->view->x0, -ctx->view->y0);
  cairo_pattern_set_matrix (pattern, &m);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_PAD);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_BILINEAR);

  /* the caller clips to the table */
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
  cairo_mask (cr, pattern);

  cairo_pattern_destroy (pattern);
  cairo_surface_destroy (mask);
}

void
ph_render_los_shading (PhRenderContext *ctx)
{
  const PhFigure *shooter;
  Sight sight;

  if (ctx->opts->shade_figure == NULL)
    return;
  shooter = ph_scenario_find_figure (ctx->scenario, ctx->opts->shade_figure);
  if (shooter == NULL)
    return;
  sight_init (&sight, ctx->scenario, shooter, ctx->opts);
  if (sight.hex)
    shade_hexes (ctx, &sight);
  else
    shade_samples (ctx, &sight);
  sight_clear (&sight);
}
