/* test-engine-numbers.c: an assessment of numbers only answers as the full one
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph_engine_batch_assess_numbers() (the odds of every pair, the "Enemies
 * in sight" list, the threat map) leaves out the modifiers and the
 * details, and nothing else: on every example scenario, for every ordered
 * pair of figures, every shot choice of the ruleset and every missile
 * weapon the shooter carries, its answer is the full assessment's (one at
 * a time and through a batch), field by field, and the digests of the
 * three paths' numbers are the same.
 */
#include <string.h>

#include "ph-core.h"
#include "ph-test-digest.h"
#include "ph-test-util.h"
#include "ph-test-files.h"

static void
assert_same_strings (GPtrArray *a,
                     GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpstr (a->pdata[i], ==, b->pdata[i]);
}

static void
assert_same_numbers (const PhAssessment *full,
                     const PhAssessment *numbers)
{
  g_assert_cmpint (numbers->ruleset, ==, full->ruleset);
  g_assert_cmpstr (numbers->shooter, ==, full->shooter);
  g_assert_cmpstr (numbers->target, ==, full->target);
  g_assert_cmpint (numbers->has_weapon, ==, full->has_weapon);
  g_assert_cmpint (numbers->weapon, ==, full->weapon);
  g_assert_cmpint (numbers->unit, ==, full->unit);
  g_assert_cmpfloat (numbers->distance, ==, full->distance);
  g_assert_cmpint (numbers->has_max_range, ==, full->has_max_range);
  g_assert_cmpfloat (numbers->max_range, ==, full->max_range);
  g_assert_cmpint (numbers->in_range, ==, full->in_range);
  g_assert_cmpstr (numbers->band, ==, full->band);
  g_assert_cmpint (numbers->in_arc, ==, full->in_arc);
  g_assert_cmpint (numbers->los_clear, ==, full->los_clear);
  assert_same_strings (numbers->blocked_by, full->blocked_by);
  g_assert_cmpint (numbers->cover, ==, full->cover);
  g_assert_cmpint (numbers->has_cover_detail, ==, full->has_cover_detail);
  g_assert_cmpint (numbers->cover_detail, ==, full->cover_detail);
  g_assert_cmpstr (numbers->cover_feature, ==, full->cover_feature);
  g_assert_cmpint (numbers->can_fire, ==, full->can_fire);
  assert_same_strings (numbers->reasons, full->reasons);
  g_assert_cmpfloat (numbers->p_hit, ==, full->p_hit);
  g_assert_cmpint (numbers->has_p_kill, ==, full->has_p_kill);
  g_assert_cmpfloat (numbers->p_kill, ==, full->p_kill);
  g_assert_cmpfloat (numbers->p_effect, ==, full->p_effect);
  g_assert_true ((numbers->shot == NULL) == (full->shot == NULL));
}

/* The effect lists rank by, as the full answer shows what it is made of
 * (docs/rules.md, "What an assessment reports"): p_hit, p_kill, or
 * Firelock's outcomes "killed", "5 hits" ... "1 hit" added up in order */
static double
effect_from_answer (const PhAssessment *full)
{
  static const char * const wounds[] = {
    "killed", "5 hits", "4 hits", "3 hits", "2 hits", "1 hit",
  };
  const PhShotEffect *effect = ph_ruleset_effect (ph_ruleset_get (full->ruleset));
  g_autoptr(GVariant) outcomes = NULL;
  double sum = 0;

  if (!full->can_fire)
    return 0;
  if (g_str_equal (effect->name, "hit"))
    return full->p_hit;
  if (g_str_equal (effect->name, "kill"))
    return full->p_kill;
  g_assert_cmpstr (effect->name, ==, "wound");
  outcomes = g_variant_lookup_value (full->details, "outcomes", NULL);
  g_assert_nonnull (outcomes);
  if (g_variant_is_of_type (outcomes, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *inner = g_variant_get_variant (outcomes);

      g_variant_unref (outcomes);
      outcomes = inner;
    }
  for (guint i = 0; i < G_N_ELEMENTS (wounds); i++)
    {
      double p;

      g_assert_true (g_variant_lookup (outcomes, wounds[i], "d", &p));
      sum += p;
    }
  return sum;
}

typedef struct
{
  guint64 full, batched, numbers;  /* the digests */
  guint n_shots, n_can_fire, n_cannot, n_with_details, n_with_modifiers, n_effect;
} Tally;

static void
check_shot (PhScenario          *s,
            PhEngineBatch       *batch,
            const PhFigure      *a,
            const PhFigure      *b,
            const PhShotOptions *options,
            Tally               *t)
{
  g_autoptr(GError) error_full = NULL;
  g_autoptr(GError) error_numbers = NULL;
  g_autoptr(PhAssessment) full = ph_engine_assess_figures (s, a, b, options, &error_full);
  g_autoptr(PhAssessment) batched = ph_engine_batch_assess (batch, a, b, options, NULL);
  g_autoptr(PhAssessment) numbers = ph_engine_batch_assess_numbers (batch, a, b, options,
                                                                      &error_numbers);

  if (full == NULL)
    {
      /* a question the engine refuses is refused alike */
      g_assert_null (batched);
      g_assert_null (numbers);
      g_assert_error (error_numbers, error_full->domain, error_full->code);
      g_assert_cmpstr (error_numbers->message, ==, error_full->message);
      return;
    }
  g_assert_nonnull (batched);
  g_assert_nonnull (numbers);

  assert_same_numbers (full, batched);
  assert_same_numbers (full, numbers);
  g_assert_cmpfloat (full->p_effect, ==, effect_from_answer (full));
  g_assert_cmpfloat (full->p_effect, <=, full->p_hit);
  t->n_effect += full->p_effect > 0;
  /* the full answers keep their modifiers and details */
  g_assert_false (full->numbers_only);
  g_assert_false (batched->numbers_only);
  g_assert_cmpuint (batched->modifiers->len, ==, full->modifiers->len);
  g_assert_true (g_variant_equal (batched->details, full->details));
  /* and the numbers only have neither */
  g_assert_true (numbers->numbers_only);
  g_assert_cmpuint (numbers->modifiers->len, ==, 0);
  g_assert_true (g_variant_is_of_type (numbers->details, G_VARIANT_TYPE_VARDICT));
  g_assert_cmpuint (g_variant_n_children (numbers->details), ==, 0);

  ph_test_digest_numbers (&t->full, full);
  ph_test_digest_numbers (&t->batched, batched);
  ph_test_digest_numbers (&t->numbers, numbers);
  t->n_shots++;
  t->n_can_fire += full->can_fire;
  t->n_cannot += !full->can_fire;
  t->n_with_details += g_variant_n_children (full->details) > 0;
  t->n_with_modifiers += full->modifiers->len > 0;
}

static void
test_numbers_example (gconstpointer data)
{
  const char *name = data;
  g_autoptr(PhScenario) s = ph_test_load_example (name);
  const PhRuleset *ruleset = ph_ruleset_get (s->ruleset);
  g_autoptr(PhEngineBatch) batch = ph_engine_batch_new (s);
  Tally t = { PH_TEST_DIGEST_INIT, PH_TEST_DIGEST_INIT, PH_TEST_DIGEST_INIT, 0 };
  guint n_choices = MAX (ruleset->n_shot_choices, 1);

  for (guint i = 0; i < s->figures->len; i++)
    for (guint j = 0; j < s->figures->len; j++)
      {
        const PhFigure *a = s->figures->pdata[i], *b = s->figures->pdata[j];

        if (i == j)
          continue;
        for (guint c = 0; c < n_choices; c++)
          {
            PhShotOptions options = PH_SHOT_OPTIONS_INIT;

            if (ruleset->n_shot_choices > 0)
              options = ruleset->shot_choices[c].shot;
            /* the shooter's first missile weapon, then each he carries */
            options.has_weapon = FALSE;
            check_shot (s, batch, a, b, &options, &t);
            for (guint w = 0; w < a->weapons->len; w++)
              {
                const PhWeapon *weapon = &g_array_index (a->weapons, PhWeapon, w);

                if (!ph_weapon_kind_is_missile (weapon->kind))
                  continue;
                options.has_weapon = TRUE;
                options.weapon = weapon->kind;
                check_shot (s, batch, a, b, &options, &t);
              }
          }
      }

  g_test_message ("%s: %u shots, %u can fire, digest %016" G_GINT64_MODIFIER "x",
                  name, t.n_shots, t.n_can_fire, t.numbers);
  g_assert_cmpuint (t.numbers, ==, t.full);
  g_assert_cmpuint (t.batched, ==, t.full);
  /* the example asked real questions: shots that fire and shots that do
   * not, and full answers with details to leave out */
  g_assert_cmpuint (t.n_shots, >=, s->figures->len * (s->figures->len - 1));
  g_assert_cmpuint (t.n_can_fire, >, 0);
  g_assert_cmpuint (t.n_cannot, >, 0);
  g_assert_cmpuint (t.n_with_details, >, 0);
  g_assert_cmpuint (t.n_effect, >, 0);
}

/* A figure that moves or dies between two questions to one batch (the
 * threat map moves its figure cell by cell): the numbers follow, as the
 * full answer does */
static void
test_numbers_after_a_move (void)
{
  g_autoptr(PhScenario) s = ph_test_load_example ("musket-mayhem-fight-at-the-farmstead.xml");
  g_autoptr(PhEngineBatch) batch = ph_engine_batch_new (s);
  PhFigure *a = s->figures->pdata[0];
  guint n_changed = 0;

  for (guint j = 1; j < s->figures->len; j++)
    {
      PhFigure *b = s->figures->pdata[j];
      g_autoptr(PhAssessment) before = ph_engine_batch_assess_numbers (batch, a, b, NULL, NULL);
      double x = b->x, y = b->y;

      for (double dx = -6; dx <= 6; dx += 3)
        {
          g_autoptr(PhAssessment) full = NULL;
          g_autoptr(PhAssessment) numbers = NULL;

          b->x = x + dx;
          b->y = y + dx / 2;
          full = ph_engine_assess_figures (s, a, b, NULL, NULL);
          numbers = ph_engine_batch_assess_numbers (batch, a, b, NULL, NULL);
          assert_same_numbers (full, numbers);
          n_changed += full->distance != before->distance;
        }
      b->x = x;
      b->y = y;
    }
  g_assert_cmpuint (n_changed, >, 0);
}

int
main (int    argc,
      char **argv)
{
  static const char * const examples[] = {
    "featherstone-cacabelos-1809.xml",
    "firelock-bloody-run-1758.xml",
    "fistful-north-bridge-1775.xml",
    "guns-of-war-tithe-barn.xml",
    "musket-mayhem-fight-at-the-farmstead.xml",
  };
  g_autofree char *one = NULL;
  g_autofree char *dir_path = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *entry;
  guint n_files = 0;

  g_test_init (&argc, &argv, NULL);

  /* every example there is, and no other */
  one = ph_test_scenario_path (examples[0]);
  dir_path = g_path_get_dirname (one);
  dir = g_dir_open (dir_path, 0, NULL);
  g_assert_nonnull (dir);
  while ((entry = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (entry, ".xml"))
      {
        gboolean listed = FALSE;

        for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
          listed = listed || g_str_equal (entry, examples[i]);
        if (!listed)
          g_error ("%s/%s: an example this test does not list", dir_path, entry);
        n_files++;
      }
  g_assert_cmpuint (n_files, ==, G_N_ELEMENTS (examples));

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine-numbers/example/%s", examples[i]);

      g_test_add_data_func (path, examples[i], test_numbers_example);
    }
  g_test_add_func ("/engine-numbers/after-a-move", test_numbers_after_a_move);
  return g_test_run ();
}
