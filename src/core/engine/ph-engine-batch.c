/* ph-engine-batch.c: many questions about one scenario
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every line of sight and every cover asks which areas hold each end;
 * asked for all pairs of 300 figures, that is 180,000 times the same 300
 * answers. The batch works them out once per figure (with the grid: the
 * few areas whose box covers the centre's cell) and hands them to the
 * engine's tests, which then need not look at those areas' outlines. It
 * notices a change of the terrain (the scenario's cache was built again)
 * and a figure moved since (its centre is not where it was), and then
 * works out again, or lets the engine do so.
 */
#include "ph-engine-private.h"

typedef struct
{
  const PhFigure *figure;
  double x, y;          /* where the holders were worked out */
  guint first;          /* in holders */
  guint n;
} Held;

struct _PhEngineBatch
{
  const PhScenario *scenario;
  guint64 serial;       /* the scenario's cache when the holders were worked out */
  GArray *held;         /* of Held, one per figure in scenario->figures order */
  GArray *holders;      /* of guint: every figure's holders, one after another */
  GHashTable *figures;  /* PhFigure* -> its index in held + 1 */
  GArray *scratch;      /* of guint */
};

static void
work_out_holders (PhEngineBatch *batch)
{
  const PhScenario *scenario = batch->scenario;
  PhSightCache *cache = ph_sight_cache_get (scenario);
  PhShapeGrid *grid = ph_sight_cache_get_grid (cache, TRUE);

  batch->serial = ph_sight_cache_get_serial (cache);
  g_array_set_size (batch->held, 0);
  g_array_set_size (batch->holders, 0);
  g_hash_table_remove_all (batch->figures);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      PhPoint centre = { figure->x, figure->y };
      Held held = { figure, figure->x, figure->y, batch->holders->len, 0 };

      g_array_set_size (batch->scratch, 0);
      ph_shape_grid_query_point (grid, centre, batch->scratch);
      for (guint k = 0; k < batch->scratch->len; k++)
        {
          guint f = g_array_index (batch->scratch, guint, k);
          const PhFeature *feature = g_ptr_array_index (scenario->features, f);

          if (ph_shape_contains_point (&feature->shape, centre))
            g_array_append_val (batch->holders, f);
        }
      held.n = batch->holders->len - held.first;
      g_array_append_val (batch->held, held);
      g_hash_table_insert (batch->figures, (gpointer) figure, GUINT_TO_POINTER (i + 1));
    }
}

PhEngineBatch *
ph_engine_batch_new (const PhScenario *scenario)
{
  PhEngineBatch *batch = g_new0 (PhEngineBatch, 1);

  g_return_val_if_fail (scenario != NULL, batch);

  batch->scenario = scenario;
  batch->held = g_array_new (FALSE, FALSE, sizeof (Held));
  batch->holders = g_array_new (FALSE, FALSE, sizeof (guint));
  batch->figures = g_hash_table_new (g_direct_hash, g_direct_equal);
  batch->scratch = g_array_new (FALSE, FALSE, sizeof (guint));
  work_out_holders (batch);
  return batch;
}

void
ph_engine_batch_free (PhEngineBatch *batch)
{
  if (batch == NULL)
    return;
  g_array_unref (batch->held);
  g_array_unref (batch->holders);
  g_hash_table_unref (batch->figures);
  g_array_unref (batch->scratch);
  g_free (batch);
}

/* Works the holders out again if the terrain changed since */
static void
batch_refresh (PhEngineBatch *batch)
{
  if (ph_sight_cache_get_serial (ph_sight_cache_get (batch->scenario)) != batch->serial)
    work_out_holders (batch);
}

static gboolean
held_get (PhEngineBatch  *batch,
          const Held     *held,
          PhSightHolders *out)
{
  if (held->figure->x != held->x || held->figure->y != held->y)
    return FALSE;
  out->index = held->n > 0 ? &g_array_index (batch->holders, guint, held->first) : NULL;
  out->n = held->n;
  return TRUE;
}

/* The holders of @figure, or FALSE when the batch does not know them (not
 * one of the scenario's figures when the batch was made, or moved since) */
static gboolean
holders_of (PhEngineBatch  *batch,
            const PhFigure *figure,
            PhSightHolders *out)
{
  guint i = GPOINTER_TO_UINT (g_hash_table_lookup (batch->figures, figure));

  if (i == 0)
    return FALSE;
  return held_get (batch, &g_array_index (batch->held, Held, i - 1), out);
}

gboolean
ph_engine_batch_line_of_sight (PhEngineBatch  *batch,
                               const PhFigure *shooter,
                               const PhFigure *target,
                               gboolean        figures_block,
                               GPtrArray      *blocked_by)
{
  PhSightHolders a, b;
  gboolean known;

  g_return_val_if_fail (batch != NULL, TRUE);

  batch_refresh (batch);
  known = holders_of (batch, shooter, &a) && holders_of (batch, target, &b);
  return ph_sight_line_of_sight (batch->scenario, known ? &a : NULL, known ? &b : NULL,
                                 shooter, target, figures_block, blocked_by, NULL);
}

static PhAssessment *
batch_assess (PhEngineBatch        *batch,
              const PhFigure       *shooter,
              const PhFigure       *target,
              const PhShotOptions  *options,
              gboolean              numbers_only,
              GError              **error)
{
  PhSightHolders a, b;
  gboolean known;

  g_return_val_if_fail (batch != NULL, NULL);

  batch_refresh (batch);
  known = holders_of (batch, shooter, &a) && holders_of (batch, target, &b);
  return ph_engine_assess_held (batch->scenario, known ? &a : NULL, known ? &b : NULL,
                                shooter, target, options, numbers_only, error);
}

PhAssessment *
ph_engine_batch_assess (PhEngineBatch        *batch,
                        const PhFigure       *shooter,
                        const PhFigure       *target,
                        const PhShotOptions  *options,
                        GError              **error)
{
  return batch_assess (batch, shooter, target, options, FALSE, error);
}

PhAssessment *
ph_engine_batch_assess_numbers (PhEngineBatch        *batch,
                                const PhFigure       *shooter,
                                const PhFigure       *target,
                                const PhShotOptions  *options,
                                GError              **error)
{
  return batch_assess (batch, shooter, target, options, TRUE, error);
}

void
ph_engine_batch_line_of_sight_all (PhEngineBatch *batch,
                                   gboolean       figures_block,
                                   gboolean      *clear)
{
  const PhScenario *scenario;
  guint n;

  g_return_if_fail (batch != NULL && clear != NULL);

  batch_refresh (batch);
  scenario = batch->scenario;
  n = scenario->figures->len;
  /* the figures the batch knows, in the same order */
  for (guint i = 0; i < n || i < batch->held->len; i++)
    if (i >= n || i >= batch->held->len
        || g_array_index (batch->held, Held, i).figure != g_ptr_array_index (scenario->figures, i))
      {
        work_out_holders (batch);
        break;
      }

  for (guint i = 0; i < n; i++)
    {
      const PhFigure *fi = g_ptr_array_index (scenario->figures, i);
      PhSightHolders hi;
      gboolean known_i = held_get (batch, &g_array_index (batch->held, Held, i), &hi);

      clear[i * n + i] = TRUE;
      for (guint j = i + 1; j < n; j++)
        {
          const PhFigure *fj = g_ptr_array_index (scenario->figures, j);
          PhSightHolders hj;
          gboolean known = known_i && held_get (batch, &g_array_index (batch->held, Held, j), &hj);
          guint n_tested = 0;
          gboolean there;

          there = ph_sight_line_of_sight (scenario, known ? &hi : NULL, known ? &hj : NULL,
                                          fi, fj, figures_block, NULL, &n_tested);
          clear[i * n + j] = there;
          if (there && n_tested == 0)
            clear[j * n + i] = TRUE;
          else
            clear[j * n + i] = ph_sight_line_of_sight (scenario, known ? &hj : NULL,
                                                       known ? &hi : NULL, fj, fi,
                                                       figures_block, NULL, NULL);
        }
    }
}
