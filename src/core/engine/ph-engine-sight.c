/* ph-engine-sight.c: line of sight and cover, with an index of the terrain
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules (rules.md, "Shared geometry") are read feature by feature, in
 * file order, exactly as a loop over every feature would: a grid over the
 * features' outlines (ph-shape-grid.h) only says which features are worth
 * looking at. A feature can block a line of sight only if the line
 * crosses its outline (a figure inside an area sees out of it, so a line
 * lying wholly inside one is never blocked by it), and can cover a target
 * only if it holds the target's centre or a line of it passes near; the
 * grid never misses such a feature, and the same tests as ever decide.
 *
 * The grid is kept on the scenario (PhScenario.sight_cache) and built
 * again when the terrain changes: when the scenario's generation, its
 * features array or the features in it are not what it was built from.
 * It is built on the second question about the same terrain: a scenario
 * asked once (a drag's preview) is answered by looking at every feature.
 *
 * A PhEngineBatch also works out once, for each figure, which areas hold
 * it (the many-pair paths: the "Enemies in sight" list, the odds table).
 */
#include <math.h>
#include <string.h>

#include "ph-engine-private.h"
#include "ph-ruleset.h"
#include "ph-shape-grid.h"

struct _PhSightCache
{
  /* what the grid was built from */
  guint64 generation;
  GPtrArray *features;  /* a reference: the array cannot go while cached */
  gpointer *pointers;   /* its features, as they were */
  guint n_features;
  guint uses;           /* questions asked about this terrain */
  guint64 serial;       /* counts the rebuilds */
  PhShapeGrid *grid;    /* NULL until the second question */
  GArray *candidates;   /* scratch, of guint */
  GArray *more;         /* scratch, of guint */
  GArray *crossings;    /* scratch, of PhPoint */
};

static void
sight_cache_forget (PhSightCache *cache)
{
  g_clear_pointer (&cache->grid, ph_shape_grid_free);
  g_clear_pointer (&cache->features, g_ptr_array_unref);
  g_clear_pointer (&cache->pointers, g_free);
  cache->n_features = 0;
  cache->uses = 0;
  cache->serial++;
}

static void
sight_cache_free (gpointer data)
{
  PhSightCache *cache = data;

  sight_cache_forget (cache);
  g_array_unref (cache->candidates);
  g_array_unref (cache->more);
  g_array_unref (cache->crossings);
  g_free (cache);
}

static gboolean
sight_cache_is_current (const PhSightCache *cache,
                        const PhScenario   *scenario)
{
  GPtrArray *features = scenario->features;

  return cache->features == features
         && cache->generation == scenario->generation
         && cache->n_features == features->len
         && (features->len == 0
             || memcmp (cache->pointers, features->pdata, features->len * sizeof (gpointer)) == 0);
}

/* The scenario's cache, current: the grid (when there is one) indexes the
 * features as they are. The cache is the engine's own mutable state of an
 * otherwise read-only scenario; the engine is not to be called on one
 * scenario from two threads at once. */
PhSightCache *
ph_sight_cache_get (const PhScenario *scenario)
{
  PhScenario *mutable = (PhScenario *) scenario;
  PhSightCache *cache = scenario->sight_cache;

  if (cache == NULL || scenario->sight_cache_free != sight_cache_free)
    {
      if (scenario->sight_cache_free != NULL)
        scenario->sight_cache_free (scenario->sight_cache);
      cache = g_new0 (PhSightCache, 1);
      cache->candidates = g_array_new (FALSE, FALSE, sizeof (guint));
      cache->more = g_array_new (FALSE, FALSE, sizeof (guint));
      cache->crossings = g_array_new (FALSE, FALSE, sizeof (PhPoint));
      mutable->sight_cache = cache;
      mutable->sight_cache_free = sight_cache_free;
    }

  if (!sight_cache_is_current (cache, scenario))
    {
      sight_cache_forget (cache);
      cache->generation = scenario->generation;
      cache->features = g_ptr_array_ref (scenario->features);
      cache->n_features = scenario->features->len;
      cache->pointers = g_memdup2 (scenario->features->pdata,
                                   scenario->features->len * sizeof (gpointer));
    }
  return cache;
}

guint64
ph_sight_cache_get_serial (const PhSightCache *cache)
{
  return cache->serial;
}

PhShapeGrid *
ph_sight_cache_get_grid (PhSightCache *cache,
                         gboolean      build_now)
{
  if (cache->grid == NULL && (build_now || ++cache->uses > 1))
    {
      g_autofree const PhShape **shapes = g_new (const PhShape *, MAX (cache->n_features, 1));

      for (guint i = 0; i < cache->n_features; i++)
        shapes[i] = &((const PhFeature *) cache->pointers[i])->shape;
      cache->grid = ph_shape_grid_new (shapes, cache->n_features);
    }
  return cache->grid;
}

/* Line of sight */

typedef struct
{
  const PhScenario *scenario;
  PhSegment line;
  PhRect box;
  /* the areas holding each end, in increasing order, when known */
  const PhSightHolders *holders_a;
  const PhSightHolders *holders_b;
  guint n_tested;      /* exact tests made */
} LosQuery;

static gboolean
holders_have (const PhSightHolders *h,
              guint                 index)
{
  for (guint i = 0; i < h->n; i++)
    if (h->index[i] >= index)
      return h->index[i] == index;
  return FALSE;
}

/* Feature @index blocks the line: what the loop over every feature asks
 * of each one. */
static gboolean
feature_blocks (LosQuery *q,
                guint     index)
{
  const PhFeature *f = g_ptr_array_index (q->scenario->features, index);

  if (!ph_feature_blocks_los (f) || !ph_rect_intersects (&q->box, &f->shape.bbox))
    return FALSE;
  /* Figures at a window or loophole see out and can be seen. */
  if (f->shape.kind != PH_SHAPE_POLYLINE)
    {
      gboolean held_a = q->holders_a != NULL ? holders_have (q->holders_a, index)
                                             : ph_shape_contains_point (&f->shape, q->line.a);

      if (held_a)
        return FALSE;
      if (q->holders_b != NULL ? holders_have (q->holders_b, index)
                               : ph_shape_contains_point (&f->shape, q->line.b))
        return FALSE;
    }
  q->n_tested++;
  return ph_segment_meets_interior (q->line, &f->shape);
}

static gboolean
walk_until_blocked (guint    index,
                    gpointer data)
{
  return !feature_blocks (data, index);
}

/* Other figures' bases across the line (Musket Mayhem), in file order.
 * This runs for every figure of every pair, so only a base that may meet
 * the line gets the exact test: one whose centre is within its reach of
 * the line's box, and of the line itself (by more than rounding). The
 * reach, half the base's width plus half its depth, is at least half its
 * diagonal: every corner of a square base lies within it. */
static gboolean
figures_clear (LosQuery       *q,
               const PhFigure *shooter,
               const PhFigure *target,
               GPtrArray      *blocked_by)
{
  GPtrArray *figures = q->scenario->figures;
  double dx = q->line.b.x - q->line.a.x, dy = q->line.b.y - q->line.a.y;
  double length2 = dx * dx + dy * dy;
  gboolean clear = TRUE;

  for (guint i = 0; i < figures->len; i++)
    {
      const PhFigure *other = g_ptr_array_index (figures, i);
      PhBase base;
      double r, cross;
      gboolean near;

      /* a round base's reach needs no more of the figure than its first
       * bytes (x, y, width): the depth and status lie further on */
      if (G_LIKELY (other->base_shape != PH_BASE_SQUARE))
        r = fabs (other->base_width) + 1e-6;
      else
        r = 0.5 * (fabs (other->base_width) + fabs (other->base_depth)) + 1e-6;
      /* the centre's distance from the line, times the line's length */
      cross = dx * (other->y - q->line.a.y) - dy * (other->x - q->line.a.x);
      /* all at once, without a branch for each: few bases pass */
      near = (q->box.x0 <= other->x + r) & (other->x - r <= q->box.x1)
             & (q->box.y0 <= other->y + r) & (other->y - r <= q->box.y1)
             & (cross * cross <= r * r * length2);
      if (G_LIKELY (!near)
          || other == shooter || other == target || ph_figure_is_off_table (other))
        continue;
      q->n_tested++;
      ph_figure_get_base (other, &base);
      if (ph_segment_meets_base (q->line, &base))
        {
          clear = FALSE;
          if (blocked_by == NULL)
            return FALSE;
          g_ptr_array_add (blocked_by, g_strdup (other->id));
        }
    }
  return clear;
}

gboolean
ph_sight_line_of_sight (const PhScenario     *scenario,
                        const PhSightHolders *holders_a,
                        const PhSightHolders *holders_b,
                        const PhFigure       *shooter,
                        const PhFigure       *target,
                        gboolean              figures_block,
                        GPtrArray            *blocked_by,
                        guint                *n_tested)
{
  PhSightCache *cache = ph_sight_cache_get (scenario);
  PhShapeGrid *grid = ph_sight_cache_get_grid (cache, holders_a != NULL);
  LosQuery q = { scenario, { { shooter->x, shooter->y }, { target->x, target->y } },
                 { 0 }, holders_a, holders_b, 0 };
  gboolean clear = TRUE;

  q.box = ph_segment_bbox (q.line);

  if (grid == NULL)
    {
      /* Every feature, in file order */
      for (guint i = 0; i < scenario->features->len; i++)
        if (feature_blocks (&q, i))
          {
            clear = FALSE;
            if (blocked_by == NULL)
              break;
            g_ptr_array_add (blocked_by, g_strdup (((PhFeature *) scenario->features->pdata[i])->id));
          }
    }
  else if (blocked_by == NULL)
    {
      /* Any blocker will do: the nearest the shooter is likely found first */
      clear = ph_shape_grid_walk_segment (grid, q.line, walk_until_blocked, &q);
    }
  else
    {
      GArray *candidates = cache->candidates;

      /* Every blocker, in file order */
      g_array_set_size (candidates, 0);
      ph_shape_grid_query_segment (grid, q.line, candidates);
      for (guint k = 0; k < candidates->len; k++)
        {
          guint i = g_array_index (candidates, guint, k);

          if (feature_blocks (&q, i))
            {
              clear = FALSE;
              g_ptr_array_add (blocked_by, g_strdup (((PhFeature *) scenario->features->pdata[i])->id));
            }
        }
    }

  if (figures_block && (clear || blocked_by != NULL))
    clear = figures_clear (&q, shooter, target, blocked_by) && clear;

  if (n_tested != NULL)
    *n_tested = q.n_tested;
  return clear;
}

gboolean
ph_engine_line_of_sight (const PhScenario *scenario,
                         const PhFigure   *shooter,
                         const PhFigure   *target,
                         gboolean          figures_block,
                         GPtrArray        *blocked_by)
{
  return ph_sight_line_of_sight (scenario, NULL, NULL, shooter, target, figures_block,
                                 blocked_by, NULL);
}

/* Cover */

/* Appends @b (increasing) to @a (increasing), keeping it increasing and
 * without repeats */
static void
merge_indices (GArray *a,
               GArray *b)
{
  guint na = a->len, i = na, j = b->len, k;

  if (b->len == 0)
    return;
  g_array_set_size (a, na + b->len);
  k = a->len;
  /* from the back, so that nothing is overwritten before it is read */
  while (j > 0)
    {
      guint vb = g_array_index (b, guint, j - 1);

      if (i > 0 && g_array_index (a, guint, i - 1) >= vb)
        {
          guint va = g_array_index (a, guint, --i);

          if (va == vb)
            j--;
          g_array_index (a, guint, --k) = va;
        }
      else
        g_array_index (a, guint, --k) = g_array_index (b, guint, --j);
    }
  /* the repeats left a gap at the front */
  if (k > i)
    {
      memmove (&g_array_index (a, guint, i), &g_array_index (a, guint, k),
               (a->len - k) * sizeof (guint));
      g_array_set_size (a, a->len - (k - i));
    }
}

PhCover
ph_sight_cover (const PhScenario      *scenario,
                const PhSightHolders  *holders_target,
                const PhFigure        *shooter,
                const PhFigure        *target,
                int                   *cover_class_out,
                const PhFeature      **feature)
{
  PhSightCache *cache = ph_sight_cache_get (scenario);
  PhShapeGrid *grid = ph_sight_cache_get_grid (cache, holders_target != NULL);
  PhSegment line = { { shooter->x, shooter->y }, { target->x, target->y } };
  PhPoint centre = { target->x, target->y };
  PhBase base;
  double reach;
  PhCover best = PH_COVER_OPEN;
  int (*class_of) (const PhFeature *) = ph_ruleset_get (scenario->ruleset)->cover_class;
  int best_class = 0;
  const PhFeature *best_feature = NULL;
  GArray *crossings = cache->crossings;
  GArray *candidates = cache->candidates;
  PhRect near;
  guint n;

  ph_figure_get_base (target, &base);
  /* A linear feature covers the target when the line of fire crosses it
   * within the target's base radius plus one inch. */
  reach = ph_base_radius (&base) + (scenario->table.unit == PH_UNIT_CM ? 2.54 : 1.0);
  near = (PhRect) { centre.x - reach, centre.y - reach, centre.x + reach, centre.y + reach };

  /* The features to look at, in file order: every one, or those whose
   * outline passes near the target and the areas that may hold it */
  g_array_set_size (candidates, 0);
  if (grid != NULL)
    {
      ph_shape_grid_query_rect (grid, &near, candidates);
      g_array_set_size (cache->more, 0);
      if (holders_target != NULL)
        g_array_append_vals (cache->more, holders_target->index, holders_target->n);
      else
        ph_shape_grid_query_point (grid, centre, cache->more);
      merge_indices (candidates, cache->more);
    }
  n = grid != NULL ? candidates->len : scenario->features->len;

  for (guint k = 0; k < n; k++)
    {
      guint i = grid != NULL ? g_array_index (candidates, guint, k) : k;
      const PhFeature *f = g_ptr_array_index (scenario->features, i);
      gboolean applies = FALSE;
      PhCover cover;
      int cover_class;

      if (f->shape.kind == PH_SHAPE_POLYLINE)
        {
          if (!ph_rect_intersects (&near, &f->shape.bbox))
            continue;
          g_array_set_size (crossings, 0);
          ph_polyline_crossings (line, &f->shape, FALSE, crossings);
          for (guint j = 0; j < crossings->len && !applies; j++)
            applies = ph_point_distance (g_array_index (crossings, PhPoint, j), centre) <= reach + 1e-9;
        }
      else
        {
          if (centre.x < f->shape.bbox.x0 || centre.x > f->shape.bbox.x1
              || centre.y < f->shape.bbox.y0 || centre.y > f->shape.bbox.y1)
            continue;
          applies = holders_target != NULL ? holders_have (holders_target, i)
                                           : ph_shape_contains_point (&f->shape, centre);
        }

      if (!applies)
        continue;

      cover = ph_feature_cover (f);
      cover_class = class_of != NULL ? class_of (f) : 0;
      if (cover > best || (best_feature == NULL && cover > PH_COVER_OPEN))
        {
          best = cover;
          best_feature = f;
        }
      if (cover_class > best_class)
        best_class = cover_class;
    }

  if (cover_class_out != NULL)
    *cover_class_out = best_class;
  if (feature != NULL)
    *feature = best_feature;
  return best;
}

const PhFeature *
ph_engine_cover_missed (const PhScenario *scenario,
                        const PhFigure   *shooter,
                        const PhFigure   *target,
                        PhCover           cover,
                        double           *distance,
                        double           *reach)
{
  PhSegment line = { { shooter->x, shooter->y }, { target->x, target->y } };
  PhPoint centre = { target->x, target->y };
  g_autoptr(GArray) crossings = g_array_new (FALSE, FALSE, sizeof (PhPoint));
  const PhFeature *nearest = NULL;
  double nearest_d = G_MAXDOUBLE;
  double r;
  PhBase base;

  ph_figure_get_base (target, &base);
  /* The same reach as ph_sight_cover()'s */
  r = ph_base_radius (&base) + (scenario->table.unit == PH_UNIT_CM ? 2.54 : 1.0);
  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *f = g_ptr_array_index (scenario->features, i);

      if (f->shape.kind != PH_SHAPE_POLYLINE || ph_feature_cover (f) <= cover)
        continue;
      g_array_set_size (crossings, 0);
      ph_polyline_crossings (line, &f->shape, FALSE, crossings);
      for (guint j = 0; j < crossings->len; j++)
        {
          double d = ph_point_distance (g_array_index (crossings, PhPoint, j), centre);

          if (d > r + 1e-9 && d < nearest_d)
            {
              nearest_d = d;
              nearest = f;
            }
        }
    }
  if (distance != NULL)
    *distance = nearest != NULL ? nearest_d : 0;
  if (reach != NULL)
    *reach = r;
  return nearest;
}

PhCover
ph_engine_cover (const PhScenario  *scenario,
                 const PhFigure    *shooter,
                 const PhFigure    *target,
                 int               *cover_class,
                 const PhFeature  **feature)
{
  return ph_sight_cover (scenario, NULL, shooter, target, cover_class, feature);
}
