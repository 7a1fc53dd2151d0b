/* bench-geos.c: every pair's line of sight, ours against GEOS's
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built only where GEOS's C API is installed (libgeos-dev); GEOS is never
 * a dependency of Powderhorn itself. Run on demand:
 *   ninja -C build tests/bench/bench-geos && ./build/tests/bench/bench-geos
 *
 * The scene is bench-core's (300 figures among about 1,000 edges of
 * realistic terrain, ph_bench_make_terrain_scenario()). GEOS gets the
 * terrain that blocks sight as prepared geometries in an STRtree, and,
 * like our batch, works out once per figure which areas cover it (a
 * figure inside an area sees out of it). A pair is blocked, for GEOS,
 * when the line's interior meets an area's interior (neither end being in
 * that area) or crosses a wall at a point. Every ordered pair's verdict
 * must be the same as ours: the bench fails otherwise.
 *
 * Medians of three runs, in CPU time (ph_bench_now()), GEOS's and ours
 * alike: ours one pair at a time
 * (ph_engine_line_of_sight()) and all at once (a PhEngineBatch), GEOS's,
 * and the assessment of every pair through a batch under each ruleset,
 * in numbers only (ph_engine_batch_assess_numbers(): what a list asks)
 * and in full, against GEOS's line of sight alone. The numbers must be
 * the full answers' (verdicts, odds and reasons, in a digest): the bench
 * fails otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <geos_c.h>

#include "../ph-test-digest.h"
#include "../ph-test-ruleset.h"
#include "bench-scene.h"

#define FIGURES 300
#define EDGES 1000
#define RUNS 3

typedef struct
{
  GEOSContextHandle_t ctx;
  GPtrArray *geoms;          /* of GEOSGeometry*, one per blocking feature */
  GPtrArray *prepared;       /* of const GEOSPreparedGeometry* */
  GArray *area;              /* of gboolean: an area, else a line */
  GEOSSTRtree *tree;
  GArray *covered_first;     /* per figure: its first entry in covered */
  GArray *covered;           /* of guint: the areas covering each figure */
  GArray *candidates;        /* scratch, of guint */
} Geos;

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *v)
{
  qsort (v, RUNS, sizeof v[0], compare_doubles);
  return v[RUNS / 2];
}

static double
ms_since (gint64 start)
{
  return (ph_bench_now () - start) / 1000.0;
}

static GEOSCoordSequence *
sequence (GEOSContextHandle_t  ctx,
          const PhPoint       *p,
          guint                n,
          gboolean             close)
{
  GEOSCoordSequence *seq = GEOSCoordSeq_create_r (ctx, n + (close ? 1 : 0), 2);

  for (guint i = 0; i < n; i++)
    GEOSCoordSeq_setXY_r (ctx, seq, i, p[i].x, p[i].y);
  if (close)
    GEOSCoordSeq_setXY_r (ctx, seq, n, p[0].x, p[0].y);
  return seq;
}

static void
geos_build (Geos             *g,
            const PhScenario *scenario)
{
  g->ctx = GEOS_init_r ();
  g->geoms = g_ptr_array_new ();
  g->prepared = g_ptr_array_new ();
  g->area = g_array_new (FALSE, FALSE, sizeof (gboolean));
  g->tree = GEOSSTRtree_create_r (g->ctx, 10);
  g->covered_first = g_array_new (FALSE, FALSE, sizeof (guint));
  g->covered = g_array_new (FALSE, FALSE, sizeof (guint));
  g->candidates = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *f = g_ptr_array_index (scenario->features, i);
      const PhShape *shape = &f->shape;
      GEOSGeometry *geom;
      gboolean area = shape->kind == PH_SHAPE_POLYGON;

      if (!ph_feature_blocks_los (f))
        continue;
      if (shape->kind == PH_SHAPE_CIRCLE)
        g_error ("GEOS has no exact circles: the bench's terrain must have none");
      if (area)
        geom = GEOSGeom_createPolygon_r (g->ctx,
                                         GEOSGeom_createLinearRing_r (g->ctx,
                                                                      sequence (g->ctx, shape->points,
                                                                                shape->n_points, TRUE)),
                                         NULL, 0);
      else
        geom = GEOSGeom_createLineString_r (g->ctx, sequence (g->ctx, shape->points,
                                                              shape->n_points, FALSE));
      GEOSSTRtree_insert_r (g->ctx, g->tree, geom, GUINT_TO_POINTER (g->geoms->len));
      g_ptr_array_add (g->geoms, geom);
      g_ptr_array_add (g->prepared, (gpointer) GEOSPrepare_r (g->ctx, geom));
      g_array_append_val (g->area, area);
    }

  /* the areas covering each figure, once */
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      GEOSGeometry *point = GEOSGeom_createPointFromXY_r (g->ctx, figure->x, figure->y);
      guint first = g->covered->len;

      g_array_append_val (g->covered_first, first);
      for (guint k = 0; k < g->geoms->len; k++)
        if (g_array_index (g->area, gboolean, k)
            && GEOSPreparedCovers_r (g->ctx, g->prepared->pdata[k], point) == 1)
          g_array_append_val (g->covered, k);
      GEOSGeom_destroy_r (g->ctx, point);
    }
  {
    guint end = g->covered->len;

    g_array_append_val (g->covered_first, end);
  }
}

static void
geos_free (Geos *g)
{
  GEOSSTRtree_destroy_r (g->ctx, g->tree);
  for (guint k = 0; k < g->geoms->len; k++)
    {
      GEOSPreparedGeom_destroy_r (g->ctx, g->prepared->pdata[k]);
      GEOSGeom_destroy_r (g->ctx, g->geoms->pdata[k]);
    }
  g_ptr_array_unref (g->geoms);
  g_ptr_array_unref (g->prepared);
  g_array_unref (g->area);
  g_array_unref (g->covered_first);
  g_array_unref (g->covered);
  g_array_unref (g->candidates);
  GEOS_finish_r (g->ctx);
}

/* A digest of every answer's numbers (verdicts, odds and reasons) */
static guint64
digest_numbers (GPtrArray *answers)
{
  guint64 h = PH_TEST_DIGEST_INIT;

  for (guint i = 0; i < answers->len; i++)
    ph_test_digest_numbers (&h, answers->pdata[i]);
  return h;
}

static gboolean
covers (Geos  *g,
        guint  figure,
        guint  k)
{
  for (guint c = g_array_index (g->covered_first, guint, figure);
       c < g_array_index (g->covered_first, guint, figure + 1); c++)
    if (g_array_index (g->covered, guint, c) == k)
      return TRUE;
  return FALSE;
}

static void
collect (void *item,
         void *data)
{
  guint k = GPOINTER_TO_UINT (item);

  g_array_append_val ((GArray *) data, k);
}

/* Figure i's line of sight to figure j, for GEOS */
static gboolean
geos_clear (Geos             *g,
            const PhScenario *scenario,
            guint             i,
            guint             j)
{
  const PhFigure *a = g_ptr_array_index (scenario->figures, i);
  const PhFigure *b = g_ptr_array_index (scenario->figures, j);
  PhPoint ends[2] = { { a->x, a->y }, { b->x, b->y } };
  GEOSGeometry *line = GEOSGeom_createLineString_r (g->ctx, sequence (g->ctx, ends, 2, FALSE));
  gboolean clear = TRUE;

  g_array_set_size (g->candidates, 0);
  GEOSSTRtree_query_r (g->ctx, g->tree, line, collect, g->candidates);
  for (guint c = 0; c < g->candidates->len && clear; c++)
    {
      guint k = g_array_index (g->candidates, guint, c);
      gboolean area = g_array_index (g->area, gboolean, k);

      if (area && (covers (g, i, k) || covers (g, j, k)))
        continue;
      if (GEOSPreparedIntersects_r (g->ctx, g->prepared->pdata[k], line) != 1)
        continue;
      /* interiors meet: over an area, at a point for a wall */
      if (GEOSRelatePattern_r (g->ctx, g->geoms->pdata[k], line,
                               area ? "T********" : "0********") == 1)
        clear = FALSE;
    }
  GEOSGeom_destroy_r (g->ctx, line);
  return clear;
}

/* Every ordered pair's line of sight by GEOS, its building included */
static double
time_geos (const PhScenario *scenario)
{
  gint64 start = ph_bench_now ();
  guint n = scenario->figures->len;
  Geos g;

  geos_build (&g, scenario);
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      if (i != j)
        geos_clear (&g, scenario, i, j);
  geos_free (&g);
  return ms_since (start);
}

/* Every ordered pair assessed through a batch, in numbers only or in full */
static double
time_assess (const PhScenario *scenario,
             gboolean          numbers)
{
  static const PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  gint64 start = ph_bench_now ();
  g_autoptr(PhEngineBatch) batch = ph_engine_batch_new (scenario);
  guint n = scenario->figures->len;

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      if (i != j)
        ph_assessment_free ((numbers ? ph_engine_batch_assess_numbers
                                     : ph_engine_batch_assess) (batch, scenario->figures->pdata[i],
                                                                scenario->figures->pdata[j],
                                                                &options, NULL));
  return ms_since (start);
}

int
main (void)
{
  g_autoptr(PhScenario) scenario = ph_bench_load_terrain (ph_test_ruleset ("firelock-scalplock"),
                                                          FIGURES, EDGES);
  static const PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  guint n = scenario->figures->len, n_pairs = n * (n - 1), n_compared = 0, n_differ = 0;
  g_autofree gboolean *ours = g_new (gboolean, n * n);
  g_autofree gboolean *batched = g_new (gboolean, n * n);
  g_autofree gboolean *theirs = g_new (gboolean, n * n);
  double one[RUNS], all[RUNS], geos[RUNS], assess[RUNS], setup[RUNS];
  Geos g;

  printf ("Powderhorn against GEOS %s: every ordered pair's line of sight, %u figures among %u\n"
          "features (about %u edges), median of %d\n\n",
          GEOSversion (), n, scenario->features->len, EDGES, RUNS);

  for (int r = 0; r < RUNS; r++)
    {
      gint64 start = ph_bench_now ();
      g_autoptr(PhEngineBatch) batch = NULL;

      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          ours[i * n + j] = i == j
                            || ph_engine_line_of_sight (scenario, scenario->figures->pdata[i],
                                                        scenario->figures->pdata[j], FALSE, NULL);
      one[r] = ms_since (start);

      start = ph_bench_now ();
      batch = ph_engine_batch_new (scenario);
      ph_engine_batch_line_of_sight_all (batch, FALSE, batched);
      all[r] = ms_since (start);

      start = ph_bench_now ();
      geos_build (&g, scenario);
      setup[r] = ms_since (start);
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          theirs[i * n + j] = i == j || geos_clear (&g, scenario, i, j);
      geos[r] = ms_since (start);
      geos_free (&g);

      start = ph_bench_now ();
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          if (i != j)
            ph_assessment_free (ph_engine_batch_assess (batch, scenario->figures->pdata[i],
                                                        scenario->figures->pdata[j],
                                                        &options, NULL));
      assess[r] = ms_since (start);
    }

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      {
        if (i == j)
          continue;
        n_compared++;
        if (ours[i * n + j] != theirs[i * n + j] || ours[i * n + j] != batched[i * n + j])
          {
            const PhFigure *a = scenario->figures->pdata[i], *b = scenario->figures->pdata[j];

            if (n_differ++ < 10)
              fprintf (stderr, "  %s -> %s: ours %s, batch %s, GEOS %s\n", a->id, b->id,
                       ours[i * n + j] ? "clear" : "blocked",
                       batched[i * n + j] ? "clear" : "blocked",
                       theirs[i * n + j] ? "clear" : "blocked");
          }
      }

  printf ("  pairs compared: %u, verdicts that differ: %u\n", n_compared, n_differ);
  printf ("  ours, one pair at a time        %8.1f ms %7.3f us/pair\n",
          median (one), 1000 * median (one) / n_pairs);
  printf ("  ours, all pairs (batch)         %8.1f ms %7.3f us/pair\n",
          median (all), 1000 * median (all) / n_pairs);
  printf ("  GEOS prepared + STRtree         %8.1f ms %7.3f us/pair  (%.1f ms of it building)\n",
          median (geos), 1000 * median (geos) / n_pairs, median (setup));
  printf ("  ours, full assessment (batch)   %8.1f ms %7.3f us/shot\n",
          median (assess), 1000 * median (assess) / n_pairs);
  printf ("\n  GEOS / ours: %.1fx one at a time, %.1fx batched (target at least 5x);\n"
          "  the full assessment of every pair takes %.2fx GEOS's line of sight alone "
          "(target under 1x)\n",
          median (geos) / median (one), median (geos) / median (all),
          median (assess) / median (geos));

  /* the same figures and terrain under every ruleset (the same sight
   * lines: only the figures' kit and the table's unit differ), in full
   * and in numbers only, whose answers must be the full ones */
  printf ("\n  the assessment of every pair through a batch under each ruleset, against GEOS's\n"
          "  line of sight (numbers only: what the lists, the odds table and the threat map\n"
          "  ask; full: with the modifiers and details too):\n");
  for (int r = 0; r < PH_N_RULESETS; r++)
    {
      g_autoptr(PhScenario) other = ph_bench_load_terrain (r, FIGURES, EDGES);
      double ms[2][RUNS], theirs_ms[RUNS], ratio[2][RUNS];
      guint64 digest[2] = { 0, 0 };

      /* GEOS's line of sight again beside each run, and each ratio taken
       * within its run: a machine shared with other work changes speed
       * from one minute to the next */
      for (int k = 0; k < RUNS; k++)
        {
          theirs_ms[k] = time_geos (other);
          ms[1][k] = time_assess (other, TRUE);
          ms[0][k] = time_assess (other, FALSE);
        }
      /* the answers, once more, untimed */
      for (int numbers = 0; numbers < 2; numbers++)
        {
          g_autoptr(PhEngineBatch) batch = ph_engine_batch_new (other);
          g_autoptr(GPtrArray) answers = g_ptr_array_new_full (n_pairs,
                                                               (GDestroyNotify) ph_assessment_free);

          for (guint i = 0; i < n; i++)
            for (guint j = 0; j < n; j++)
              if (i != j)
                g_ptr_array_add (answers,
                                 (numbers ? ph_engine_batch_assess_numbers
                                          : ph_engine_batch_assess) (batch, other->figures->pdata[i],
                                                                     other->figures->pdata[j],
                                                                     &options, NULL));
          digest[numbers] = digest_numbers (answers);
        }
      if (digest[0] != digest[1])
        {
          fprintf (stderr, "  %s: the numbers differ from the full answers\n",
                   ph_ruleset_id_to_string (r));
          n_differ++;
        }
      for (int k = 0; k < RUNS; k++)
        for (int numbers = 0; numbers < 2; numbers++)
          ratio[numbers][k] = ms[numbers][k] / theirs_ms[k];
      printf ("    %-20s GEOS %6.1f ms; numbers %6.1f ms %5.2f us/shot %.2fx GEOS; "
              "full %6.1f ms %5.2f us/shot %.2fx GEOS\n",
              ph_ruleset_id_to_string (r), median (theirs_ms),
              median (ms[1]), 1000 * median (ms[1]) / n_pairs, median (ratio[1]),
              median (ms[0]), 1000 * median (ms[0]) / n_pairs, median (ratio[0]));
    }
  printf ("  (each ratio the median of the runs' own; target: under 1x, for every ruleset)\n");
  return n_differ == 0 && n_compared == n_pairs ? 0 : 1;
}
