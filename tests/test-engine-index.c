/* test-engine-index.c: the engine's index of the terrain changes no answer
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Line of sight and cover through the engine's grid (the second question
 * about a terrain on), and through a PhEngineBatch, against the rules read
 * feature by feature as a loop over all of them (the engine's reading
 * before it had an index), on random terrain from a fixed seed; and a
 * terrain that changes is answered afresh.
 */
#include <math.h>
#include <string.h>

#include "ph-core.h"
#include "ph-test-util.h"

#define SEED 1758
#define N_FEATURES 60
#define N_FIGURES 40
#define TABLE 48.0

/* The reference: every feature, in file order (rules.md, "Shared
 * geometry") */
static gboolean
brute_line_of_sight (const PhScenario *s,
                     const PhFigure   *shooter,
                     const PhFigure   *target,
                     gboolean          figures_block,
                     GPtrArray        *blocked_by)
{
  PhSegment line = { { shooter->x, shooter->y }, { target->x, target->y } };
  PhRect box = ph_segment_bbox (line);
  gboolean clear = TRUE;

  for (guint i = 0; i < s->features->len; i++)
    {
      const PhFeature *f = g_ptr_array_index (s->features, i);

      if (!ph_feature_blocks_los (f) || !ph_rect_intersects (&box, &f->shape.bbox))
        continue;
      if (f->shape.kind != PH_SHAPE_POLYLINE
          && (ph_shape_contains_point (&f->shape, line.a)
              || ph_shape_contains_point (&f->shape, line.b)))
        continue;
      if (ph_segment_meets_interior (line, &f->shape))
        {
          clear = FALSE;
          g_ptr_array_add (blocked_by, g_strdup (f->id));
        }
    }
  if (!figures_block)
    return clear;
  for (guint i = 0; i < s->figures->len; i++)
    {
      const PhFigure *other = g_ptr_array_index (s->figures, i);
      PhBase base;

      if (other == shooter || other == target || ph_figure_is_off_table (other))
        continue;
      ph_figure_get_base (other, &base);
      if (ph_segment_meets_base (line, &base))
        {
          clear = FALSE;
          g_ptr_array_add (blocked_by, g_strdup (other->id));
        }
    }
  return clear;
}

static PhCover
brute_cover (const PhScenario  *s,
             const PhFigure    *shooter,
             const PhFigure    *target,
             const PhFeature  **feature)
{
  PhSegment line = { { shooter->x, shooter->y }, { target->x, target->y } };
  PhPoint centre = { target->x, target->y };
  PhBase base;
  double reach;
  PhCover best = PH_COVER_OPEN;
  g_autoptr(GArray) crossings = g_array_new (FALSE, FALSE, sizeof (PhPoint));

  ph_figure_get_base (target, &base);
  reach = ph_base_radius (&base) + (s->table.unit == PH_UNIT_CM ? 2.54 : 1.0);
  *feature = NULL;
  for (guint i = 0; i < s->features->len; i++)
    {
      const PhFeature *f = g_ptr_array_index (s->features, i);
      gboolean applies = FALSE;

      if (f->shape.kind == PH_SHAPE_POLYLINE)
        {
          g_array_set_size (crossings, 0);
          ph_polyline_crossings (line, &f->shape, FALSE, crossings);
          for (guint j = 0; j < crossings->len; j++)
            applies |= ph_point_distance (g_array_index (crossings, PhPoint, j), centre) <= reach + 1e-9;
        }
      else
        applies = ph_shape_contains_point (&f->shape, centre);
      if (applies && (ph_feature_cover (f) > best || (*feature == NULL && ph_feature_cover (f) > PH_COVER_OPEN)))
        {
          best = ph_feature_cover (f);
          *feature = f;
        }
    }
  return best;
}

static PhFeature *
random_feature (GRand *rand,
                guint  index)
{
  PhFeature *f = ph_feature_new ();
  double cx = g_rand_double_range (rand, 2, TABLE - 2), cy = g_rand_double_range (rand, 2, TABLE - 2);
  guint n;

  f->id = g_strdup_printf ("t%u", index);
  switch (index % 4)
    {
    case 0:
      f->kind = PH_TERRAIN_BUILDING;
      ph_shape_init_rect (&f->shape, (PhPoint) { round (cx), round (cy) },
                          (PhPoint) { round (cx) + g_rand_int_range (rand, 1, 5),
                                      round (cy) + g_rand_int_range (rand, 1, 5) });
      break;
    case 1:
      {
        PhPoint p[40];

        n = g_rand_int_range (rand, 5, 40);
        for (guint i = 0; i < n; i++)
          {
            double a = 2 * G_PI * i / n, r = g_rand_double_range (rand, 1, 4);

            p[i] = (PhPoint) { cx + r * cos (a), cy + r * sin (a) };
          }
        f->kind = PH_TERRAIN_WOODS;
        f->blocks_los = g_rand_boolean (rand);
        ph_shape_init_points (&f->shape, PH_SHAPE_POLYGON, p, n);
      }
      break;
    case 2:
      {
        PhPoint p[6];

        n = g_rand_int_range (rand, 2, 6);
        p[0] = (PhPoint) { round (cx), round (cy) };
        for (guint i = 1; i < n; i++)
          p[i] = (PhPoint) { p[i - 1].x + g_rand_int_range (rand, -4, 5),
                             p[i - 1].y + g_rand_int_range (rand, -4, 5) };
        f->kind = g_rand_boolean (rand) ? PH_TERRAIN_WALL : PH_TERRAIN_HEDGE;
        f->blocks_los = g_rand_boolean (rand);
        ph_shape_init_points (&f->shape, PH_SHAPE_POLYLINE, p, n);
      }
      break;
    default:
      f->kind = PH_TERRAIN_ROCKS;
      f->blocks_los = 1;
      ph_shape_init_circle (&f->shape, (PhPoint) { cx, cy }, g_rand_double_range (rand, 0.5, 3));
      break;
    }
  return f;
}

static PhScenario *
random_scenario (const char *ruleset,
                 guint32     seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"%s\">\n"
    "  <title>Index test</title><table width=\"48\" height=\"48\"/>\n"
    "  <sides><side id=\"red\" name=\"Red\" color=\"#b03a2e\"/>"
    "<side id=\"blue\" name=\"Blue\" color=\"#2e5fa8\"/></sides><figures/>\n"
    "</scenario>\n", ruleset);
  PhScenario *s = ph_test_load_xml (xml, -1, "index-test.xml");

  for (guint i = 0; i < N_FEATURES; i++)
    g_ptr_array_add (s->features, random_feature (rand, i));
  for (guint i = 0; i < N_FIGURES; i++)
    {
      /* on the half-unit lattice half the time: on edges and corners */
      double x = g_rand_double_range (rand, 1, TABLE - 1), y = g_rand_double_range (rand, 1, TABLE - 1);
      PhFigure *f;

      if (i % 2)
        x = round (x * 2) / 2, y = round (y * 2) / 2;
      f = ph_ruleset_new_figure (s, i % 2 ? "red" : "blue", x, y, 90);
      g_free (f->id);
      f->id = g_strdup_printf ("f%u", i);
      g_ptr_array_add (s->figures, f);
    }
  ph_scenario_reindex (s);
  return s;
}

static void
assert_same_ids (GPtrArray *a,
                 GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpstr (a->pdata[i], ==, b->pdata[i]);
}

static void
check_every_pair (const char *ruleset,
                  gboolean    figures_block)
{
  g_autoptr(PhScenario) s = random_scenario (ruleset, SEED);
  g_autoptr(PhEngineBatch) batch = ph_engine_batch_new (s);
  guint n = s->figures->len, n_blocked = 0, n_covered = 0;
  g_autofree gboolean *all = g_new (gboolean, n * n);

  ph_engine_batch_line_of_sight_all (batch, figures_block, all);
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      {
        const PhFigure *a = s->figures->pdata[i], *b = s->figures->pdata[j];
        g_autoptr(GPtrArray) want = g_ptr_array_new_with_free_func (g_free);
        g_autoptr(GPtrArray) got = g_ptr_array_new_with_free_func (g_free);
        g_autoptr(GPtrArray) batched = g_ptr_array_new_with_free_func (g_free);
        const PhFeature *want_feature, *got_feature = NULL, *batch_feature = NULL;
        gboolean clear;
        PhCover want_cover;

        if (i == j)
          {
            g_assert_true (all[i * n + j]);
            continue;
          }
        clear = brute_line_of_sight (s, a, b, figures_block, want);
        n_blocked += !clear;
        g_assert_cmpint (ph_engine_line_of_sight (s, a, b, figures_block, got), ==, clear);
        assert_same_ids (want, got);
        g_assert_cmpint (ph_engine_line_of_sight (s, a, b, figures_block, NULL), ==, clear);
        g_assert_cmpint (ph_engine_batch_line_of_sight (batch, a, b, figures_block, batched), ==, clear);
        assert_same_ids (want, batched);
        g_assert_cmpint (all[i * n + j], ==, clear);

        want_cover = brute_cover (s, a, b, &want_feature);
        n_covered += want_cover != PH_COVER_OPEN;
        g_assert_cmpint (ph_engine_cover (s, a, b, NULL, &got_feature), ==, want_cover);
        g_assert_true (got_feature == want_feature);

        /* the batch's assessment is the engine's */
        {
          g_autoptr(PhAssessment) one = ph_engine_assess_figures (s, a, b, NULL, NULL);
          g_autoptr(PhAssessment) many = ph_engine_batch_assess (batch, a, b, NULL, NULL);
          g_autofree char *d1 = g_variant_print (one->details, FALSE);
          g_autofree char *d2 = g_variant_print (many->details, FALSE);

          g_assert_cmpint (one->los_clear, ==, many->los_clear);
          g_assert_cmpint (one->cover, ==, many->cover);
          g_assert_cmpfloat (one->p_hit, ==, many->p_hit);
          g_assert_cmpstr (one->cover_feature, ==, many->cover_feature);
          assert_same_ids (one->reasons, many->reasons);
          g_assert_cmpstr (d1, ==, d2);
          batch_feature = many->cover_feature != NULL
                          ? ph_scenario_find_feature (s, many->cover_feature) : NULL;
          g_assert_true (batch_feature == want_feature);
        }
      }
  /* the terrain did block and cover */
  g_assert_cmpuint (n_blocked, >, n * (n - 1) / 10);
  g_assert_cmpuint (n_covered, >, n);
}

static void
test_index_firelock (void)
{
  check_every_pair ("firelock-scalplock", FALSE);
}

static void
test_index_figures_block (void)
{
  check_every_pair ("musket-mayhem", TRUE);
}

/* A wall between a and b, built, moved, removed: each answer is the
 * terrain's as it is now. */
static void
test_index_changed_terrain (void)
{
  g_autoptr(PhScenario) s = random_scenario ("firelock-scalplock", SEED + 7);
  g_autoptr(PhEngineBatch) batch = NULL;
  PhFigure *a, *b;
  PhFeature *house;
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *old, *copy;
  gboolean all[4];

  /* a bare table, two figures: clear, asked often enough for the grid */
  g_ptr_array_set_size (s->features, 0);
  g_ptr_array_set_size (s->figures, 2);
  ph_scenario_reindex (s);
  a = s->figures->pdata[0];
  b = s->figures->pdata[1];
  a->x = 5, a->y = 5, b->x = 40, b->y = 5;
  batch = ph_engine_batch_new (s);
  for (int k = 0; k < 3; k++)
    g_assert_true (ph_engine_line_of_sight (s, a, b, FALSE, NULL));

  /* a house added between them: blocked at once */
  house = ph_feature_new ();
  house->id = g_strdup ("house");
  house->kind = PH_TERRAIN_BUILDING;
  ph_shape_init_rect (&house->shape, (PhPoint) { 20, 2 }, (PhPoint) { 24, 8 });
  g_ptr_array_add (s->features, house);
  g_assert_false (ph_engine_line_of_sight (s, a, b, FALSE, NULL));
  g_assert_false (ph_engine_batch_line_of_sight (batch, a, b, FALSE, NULL));
  ph_engine_batch_line_of_sight_all (batch, FALSE, all);
  g_assert_false (all[1]);
  g_assert_false (all[2]);

  /* moved in place, the change counted: clear again */
  ph_shape_translate (&house->shape, 0, 20);
  ph_scenario_changed (s);
  for (int k = 0; k < 3; k++)
    g_assert_true (ph_engine_line_of_sight (s, a, b, FALSE, NULL));
  g_assert_true (ph_engine_batch_line_of_sight (batch, a, b, FALSE, NULL));
  g_assert_cmpint (ph_engine_cover (s, a, b, NULL, NULL), ==, PH_COVER_OPEN);

  /* a figure walks into it: it sees out, and has its cover */
  b->x = 22, b->y = 25;
  g_assert_true (ph_engine_batch_line_of_sight (batch, a, b, FALSE, NULL));
  g_assert_cmpint (ph_engine_cover (s, a, b, NULL, NULL), ==, PH_COVER_HARD);
  b->x = 40, b->y = 25;
  g_assert_true (ph_engine_line_of_sight (s, a, b, FALSE, NULL));

  /* the whole list swapped, as the document's undo does: back where it was */
  old = s->features;
  copy = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_feature_free);
  g_ptr_array_add (copy, ph_feature_copy (house));
  ph_shape_translate (&((PhFeature *) copy->pdata[0])->shape, 0, -20);
  s->features = copy;
  ph_scenario_reindex (s);
  b->y = 5;
  g_assert_false (ph_engine_line_of_sight (s, a, b, FALSE, ids));
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpstr (ids->pdata[0], ==, "house");
  g_assert_false (ph_engine_batch_line_of_sight (batch, a, b, FALSE, NULL));
  g_ptr_array_unref (old);

  /* and taken away */
  g_ptr_array_set_size (s->features, 0);
  ph_scenario_reindex (s);
  g_assert_true (ph_engine_line_of_sight (s, a, b, FALSE, NULL));
  g_assert_true (ph_engine_batch_line_of_sight (batch, a, b, FALSE, NULL));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine-index/every-pair", test_index_firelock);
  g_test_add_func ("/engine-index/figures-block", test_index_figures_block);
  g_test_add_func ("/engine-index/changed-terrain", test_index_changed_terrain);
  return g_test_run ();
}
