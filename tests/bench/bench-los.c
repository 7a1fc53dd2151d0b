/* bench-los.c: line of sight and assessment of every pair among realistic
 * terrain (part of bench-core)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * 300 figures on a 120 x 120 inch table among about 1,000 terrain edges
 * (ph_bench_make_terrain_scenario(): turned buildings, many-point woods
 * and walls that block sight, fences), from a fixed seed:
 *   1. the line of sight of every ordered pair (89,700), verdict only, as
 *      the "Enemies in sight" list and the odds table ask it, one pair at
 *      a time and all at once through a PhEngineBatch;
 *   2. the same with the blockers listed, as an assessment asks it;
 *   3. the full assessment of every ordered pair under each ruleset, one
 *      by one and through a batch, and through a batch in numbers only
 *      (ph_engine_batch_assess_numbers(), what the lists ask), whose
 *      verdicts, odds and reasons must be the full answers';
 *   4. the line of sight of every pair at 200, 1,000 and 5,000 edges.
 * Each time is the median of three runs, in CPU time (ph_bench_now()).
 * Each run also prints a digest of
 * every answer (verdicts, blockers, odds, reasons, details), so that two
 * builds can be checked to answer alike.
 */
#include <stdio.h>
#include <string.h>

#include "../ph-test-digest.h"
#include "../ph-test-ruleset.h"
#include "bench-los.h"
#include "bench-scene.h"

#define LOS_FIGURES 300
#define LOS_EDGES 1000
#define RUNS 3

static double
ms_since (gint64 start)
{
  return (ph_bench_now () - start) / 1000.0;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *v,
        guint   n)
{
  qsort (v, n, sizeof v[0], compare_doubles);
  return v[n / 2];
}


/* Every ordered pair's line of sight; with @list, the blockers too. */
static double
time_all_los (const PhScenario *scenario,
              gboolean          list,
              guint            *n_blocked,
              guint64          *digest)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *figures = scenario->figures;
  gint64 start = ph_bench_now ();

  *n_blocked = 0;
  *digest = PH_TEST_DIGEST_INIT;
  for (guint i = 0; i < figures->len; i++)
    for (guint j = 0; j < figures->len; j++)
      {
        gboolean clear;

        if (i == j)
          continue;
        g_ptr_array_set_size (ids, 0);
        clear = ph_engine_line_of_sight (scenario, figures->pdata[i], figures->pdata[j],
                                         FALSE, list ? ids : NULL);
        *n_blocked += !clear;
        ph_test_digest_bytes (digest, &clear, sizeof clear);
        for (guint k = 0; k < ids->len; k++)
          ph_test_digest_string (digest, ids->pdata[k]);
      }
  return ms_since (start);
}

typedef enum
{
  ONE_BY_ONE,
  BATCH,
  BATCH_NUMBERS,  /* ph_engine_batch_assess_numbers() */
  N_WAYS
} AssessWay;

static const char * const way_names[N_WAYS] = { "one by one", "batch", "numbers" };

/* Every ordered pair assessed, one by one or through a batch; only the
 * assessing is timed, the digests (which read every answer, details
 * included, or its numbers only) and the freeing are not. */
static double
time_all_assess (const PhScenario *scenario,
                 AssessWay         way,
                 guint            *n_can_fire,
                 guint64          *digest,
                 guint64          *numbers)
{
  static const PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  GPtrArray *figures = scenario->figures;
  g_autoptr(PhEngineBatch) batch = NULL;
  gint64 total = 0, start = ph_bench_now ();

  if (way != ONE_BY_ONE)
    batch = ph_engine_batch_new (scenario);
  total = ph_bench_now () - start;
  *n_can_fire = 0;
  *digest = PH_TEST_DIGEST_INIT;
  *numbers = PH_TEST_DIGEST_INIT;
  /* a shooter's row at a time, timed; then read and freed */
  for (guint i = 0; i < figures->len; i++)
    {
      g_autoptr(GPtrArray) row = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_assessment_free);

      start = ph_bench_now ();
      for (guint j = 0; j < figures->len; j++)
        {
          g_autoptr(GError) error = NULL;
          PhAssessment *a;

          if (i == j)
            continue;
          if (way == BATCH_NUMBERS)
            a = ph_engine_batch_assess_numbers (batch, figures->pdata[i], figures->pdata[j],
                                                &options, &error);
          else if (way == BATCH)
            a = ph_engine_batch_assess (batch, figures->pdata[i], figures->pdata[j],
                                        &options, &error);
          else
            a = ph_engine_assess_figures (scenario, figures->pdata[i], figures->pdata[j],
                                          &options, &error);
          if (a == NULL)
            g_error ("%s", error->message);
          g_ptr_array_add (row, a);
        }
      total += ph_bench_now () - start;
      for (guint k = 0; k < row->len; k++)
        {
          const PhAssessment *a = row->pdata[k];

          *n_can_fire += a->can_fire;
          ph_test_digest_assessment (digest, a);
          ph_test_digest_numbers (numbers, a);
        }
    }
  return total / 1000.0;
}

/* Every ordered pair's line of sight at once, through a batch */
static double
time_all_los_batched (const PhScenario *scenario,
                      guint            *n_blocked,
                      guint64          *digest)
{
  guint n = scenario->figures->len;
  g_autofree gboolean *clear = g_new (gboolean, n * n);
  gint64 start = ph_bench_now ();
  g_autoptr(PhEngineBatch) batch = ph_engine_batch_new (scenario);
  double ms;

  ph_engine_batch_line_of_sight_all (batch, FALSE, clear);
  ms = ms_since (start);
  *n_blocked = 0;
  *digest = PH_TEST_DIGEST_INIT;
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      if (i != j)
        {
          *n_blocked += !clear[i * n + j];
          ph_test_digest_bytes (digest, &clear[i * n + j], sizeof clear[i * n + j]);
        }
  return ms;
}

static guint
count_edges (const PhScenario *scenario)
{
  guint n = 0;

  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *f = scenario->features->pdata[i];

      if (f->shape.kind == PH_SHAPE_POLYGON)
        n += f->shape.n_points;
      else if (f->shape.kind == PH_SHAPE_POLYLINE)
        n += f->shape.n_points - 1;
    }
  return n;
}

static double
bench_los_scene (guint    n_edges,
                 gboolean list,
                 gboolean print)
{
  g_autoptr(PhScenario) scenario = ph_bench_load_terrain (ph_test_ruleset ("firelock-scalplock"),
                                                          LOS_FIGURES, n_edges);
  guint n_pairs = LOS_FIGURES * (LOS_FIGURES - 1), n_blocked = 0;
  guint64 digest = 0;
  double ms[RUNS], m;

  for (int r = 0; r < RUNS; r++)
    ms[r] = time_all_los (scenario, list, &n_blocked, &digest);
  m = median (ms, RUNS);
  if (print)
    printf ("  %5u edges (%3u features) %-14s %8.1f ms %7.3f us/pair  "
            "(%4.1f%% blocked, digest %016" G_GINT64_MODIFIER "x)\n",
            count_edges (scenario), scenario->features->len,
            list ? "with blockers" : "verdict only", m, 1000.0 * m / n_pairs,
            100.0 * n_blocked / n_pairs, digest);
  if (print && !list)
    {
      for (int r = 0; r < RUNS; r++)
        ms[r] = time_all_los_batched (scenario, &n_blocked, &digest);
      printf ("  %5u edges (%3u features) %-14s %8.1f ms %7.3f us/pair  "
              "(%4.1f%% blocked, digest %016" G_GINT64_MODIFIER "x)\n",
              count_edges (scenario), scenario->features->len, "batch, all",
              median (ms, RUNS), 1000.0 * median (ms, RUNS) / n_pairs,
              100.0 * n_blocked / n_pairs, digest);
    }
  return m;
}

gboolean
ph_bench_los (void)
{
  static const guint scaling[] = { 200, 1000, 5000 };
  double scaled[G_N_ELEMENTS (scaling)], listed[G_N_ELEMENTS (scaling)];
  gboolean ok = TRUE;

  printf ("\nline of sight of every ordered pair of %u figures (%u pairs), "
          "%g x %g table, realistic terrain, median of %d:\n",
          LOS_FIGURES, LOS_FIGURES * (LOS_FIGURES - 1), PH_BENCH_LOS_TABLE, PH_BENCH_LOS_TABLE, RUNS);
  bench_los_scene (LOS_EDGES, FALSE, TRUE);
  bench_los_scene (LOS_EDGES, TRUE, TRUE);

  printf ("\nassessing every ordered pair among those %u edges, median of %d:\n",
          LOS_EDGES, RUNS);
  for (int r = 0; r < PH_N_RULESETS; r++)
    {
      g_autoptr(PhScenario) scenario = ph_bench_load_terrain (r, LOS_FIGURES, LOS_EDGES);
      guint n_pairs = LOS_FIGURES * (LOS_FIGURES - 1), n_can_fire = 0;
      guint64 digest = 0, numbers[N_WAYS];
      double ms[RUNS], m;

      for (AssessWay way = 0; way < N_WAYS; way++)
        {
          for (int k = 0; k < RUNS; k++)
            ms[k] = time_all_assess (scenario, way, &n_can_fire, &digest, &numbers[way]);
          m = median (ms, RUNS);
          printf ("  %-20s %-10s %8.1f ms %7.2f us/shot  (%4.1f%% can fire, digest %016"
                  G_GINT64_MODIFIER "x", ph_ruleset_id_to_string (r), way_names[way], m,
                  1000.0 * m / n_pairs, 100.0 * n_can_fire / n_pairs, digest);
          if (way == BATCH_NUMBERS)
            printf (", numbers %s the full answers'", numbers[way] == numbers[ONE_BY_ONE]
                                                      ? "the same as" : "DIFFER FROM");
          printf (")\n");
          if (numbers[way] != numbers[ONE_BY_ONE])
            ok = FALSE;
        }
    }

  printf ("\nscaling: every pair's line of sight as the terrain grows, median of %d:\n",
          RUNS);
  for (guint i = 0; i < G_N_ELEMENTS (scaling); i++)
    {
      scaled[i] = bench_los_scene (scaling[i], FALSE, TRUE);
      listed[i] = bench_los_scene (scaling[i], TRUE, TRUE);
    }
  printf ("  5,000 edges cost %.2fx 1,000 edges verdict only, %.2fx with blockers "
          "(target at most 2x)\n", scaled[2] / scaled[1], listed[2] / listed[1]);
  return ok;
}
