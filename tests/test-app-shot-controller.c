/* test-app-shot-controller.c: PhShotController, the shot under
 * consideration: its target and the engine's assessment; no display needed
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The assessment shown is the engine's own, asked again when the shooter,
 * the target, the options or the figures change, and "changed" is said
 * once for each of those.
 */
#include <string.h>

#include "ph-document.h"
#include "ph-shot-controller.h"
#include "ph-test-util.h"

#define EXAMPLE "musket-mayhem-fight-at-the-farmstead.xml"

typedef struct
{
  PhDocument *document;
  PhSelection *selection;
  PhShotController *shot;
  guint n_changed;
} Fixture;

static void
on_changed (PhShotController *shot,
            Fixture          *fixture)
{
  fixture->n_changed++;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(PhScenario) scenario = ph_test_load_example (EXAMPLE);

  fixture->document = ph_document_new ();
  ph_document_set_scenario (fixture->document, scenario, NULL);
  fixture->selection = ph_document_get_selection (fixture->document);
  fixture->shot = ph_document_get_shot_controller (fixture->document);
  g_assert_true (ph_shot_controller_get_selection (fixture->shot) == fixture->selection);
  g_signal_connect (fixture->shot, "changed", G_CALLBACK (on_changed), fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->document);
}

static PhFigure *
figure (Fixture    *fixture,
        const char *id)
{
  PhFigure *found = ph_scenario_find_figure (ph_document_get_scenario (fixture->document), id);

  g_assert_nonnull (found);
  return found;
}

/* What is shown is what the engine says of the shooter and the target. */
static void
assert_engine_answer (Fixture *fixture)
{
  g_autoptr(PhAssessment) expected = NULL;
  const PhAssessment *shown = ph_shot_controller_get_assessment (fixture->shot);

  expected = ph_engine_assess_figures (ph_document_get_scenario (fixture->document),
                                       ph_shot_controller_get_shooter (fixture->shot),
                                       ph_shot_controller_get_target (fixture->shot),
                                       ph_shot_controller_get_options (fixture->shot), NULL);
  g_assert_nonnull (expected);
  g_assert_nonnull (shown);
  g_assert_cmpint (shown->can_fire, ==, expected->can_fire);
  g_assert_cmpfloat (shown->p_hit, ==, expected->p_hit);
  g_assert_cmpfloat (shown->distance, ==, expected->distance);
  g_assert_null (ph_shot_controller_get_error (fixture->shot));
}

/* The enemy under the pointer, else the pinned figure */
static void
test_target (Fixture       *fixture,
             gconstpointer  data)
{
  PhShotController *shot = fixture->shot;
  PhSelection *selection = fixture->selection;
  PhFigure *smith = figure (fixture, "smith");
  PhFigure *tubbs = figure (fixture, "tubbs");
  PhFigure *otter = figure (fixture, "otter");
  PhFigure *beaujeu = figure (fixture, "beaujeu");

  g_assert_null (ph_shot_controller_get_shooter (shot));
  g_assert_null (ph_shot_controller_get_target (shot));
  g_assert_null (ph_shot_controller_get_assessment (shot));

  /* No shooter: hovering an enemy targets nothing and says nothing. */
  ph_selection_set_hover (selection, otter);
  g_assert_null (ph_shot_controller_get_target (shot));
  g_assert_cmpuint (fixture->n_changed, ==, 0);

  /* A shooter: the hovered enemy is the target at once. */
  ph_selection_select (selection, smith, FALSE);
  g_assert_true (ph_shot_controller_get_shooter (shot) == smith);
  g_assert_true (ph_shot_controller_get_target (shot) == otter);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  assert_engine_answer (fixture);

  /* Another enemy under the pointer */
  ph_selection_set_hover (selection, beaujeu);
  g_assert_true (ph_shot_controller_get_target (shot) == beaujeu);
  g_assert_cmpuint (fixture->n_changed, ==, 2);
  assert_engine_answer (fixture);

  /* A friend, the shooter or a fled enemy under the pointer is no
   * target; nor is nothing. */
  ph_selection_set_hover (selection, tubbs);
  g_assert_null (ph_shot_controller_get_target (shot));
  g_assert_null (ph_shot_controller_get_assessment (shot));
  g_assert_cmpuint (fixture->n_changed, ==, 3);
  ph_selection_set_hover (selection, smith);
  ph_selection_set_hover (selection, NULL);
  otter->status |= PH_STATUS_FLED;
  ph_selection_set_hover (selection, otter);
  otter->status &= ~PH_STATUS_FLED;
  g_assert_null (ph_shot_controller_get_target (shot));
  g_assert_cmpuint (fixture->n_changed, ==, 3);

  /* Pinned: the target while no enemy is under the pointer */
  ph_selection_set_hover (selection, NULL);
  ph_selection_set_pinned_target (selection, beaujeu);
  g_assert_true (ph_shot_controller_get_target (shot) == beaujeu);
  g_assert_cmpuint (fixture->n_changed, ==, 4);
  assert_engine_answer (fixture);
  ph_selection_set_hover (selection, otter);
  g_assert_true (ph_shot_controller_get_target (shot) == otter);
  ph_selection_set_hover (selection, NULL);
  g_assert_true (ph_shot_controller_get_target (shot) == beaujeu);
  g_assert_cmpuint (fixture->n_changed, ==, 6);

  /* The target picked as the shooter is no target, and no longer pinned
   * (the pin goes, then the selection changes: two answers) */
  ph_selection_select (selection, beaujeu, FALSE);
  g_assert_null (ph_shot_controller_get_target (shot));
  g_assert_null (ph_selection_get_pinned_target (selection));
  g_assert_cmpuint (fixture->n_changed, ==, 8);
}

/* Options: the same ones change nothing; others ask the engine again. */
static void
test_options (Fixture       *fixture,
              gconstpointer  data)
{
  PhShotController *shot = fixture->shot;
  PhShotOptions defaults = PH_SHOT_OPTIONS_INIT;
  PhShotOptions options;

  g_assert_cmpmem (ph_shot_controller_get_options (shot), sizeof defaults,
                   &defaults, sizeof defaults);
  ph_selection_select (fixture->selection, figure (fixture, "smith"), FALSE);
  ph_selection_set_pinned_target (fixture->selection, figure (fixture, "otter"));
  fixture->n_changed = 0;

  ph_shot_controller_set_options (shot, &defaults);
  g_assert_cmpuint (fixture->n_changed, ==, 0);

  /* The weapon named rather than taken by default: other options, the
   * same shot */
  options = defaults;
  options.has_weapon = TRUE;
  options.weapon = ph_figure_first_missile (figure (fixture, "smith"))->kind;
  ph_shot_controller_set_options (shot, &options);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  g_assert_cmpmem (ph_shot_controller_get_options (shot), sizeof options,
                   &options, sizeof options);
  assert_engine_answer (fixture);

  /* the options are his: another man picked starts from the plain shot
   * (a rifleman's weapon once left a musketeer with none to fire) */
  options.weapon = PH_WEAPON_RIFLE;
  ph_shot_controller_set_options (shot, &options);
  ph_selection_select (fixture->selection, figure (fixture, "otter"), FALSE);
  g_assert_cmpmem (ph_shot_controller_get_options (shot), sizeof defaults,
                   &defaults, sizeof defaults);
  /* and the same man picked again keeps his own */
  ph_shot_controller_set_options (shot, &options);
  ph_selection_set_pinned_target (fixture->selection, figure (fixture, "smith"));
  g_assert_cmpmem (ph_shot_controller_get_options (shot), sizeof options,
                   &options, sizeof options);
}

/* The figures move: the engine is asked again. */
static void
test_document_changes (Fixture       *fixture,
                       gconstpointer  data)
{
  PhShotController *shot = fixture->shot;
  const char *ids[] = { "otter" };
  PhPoint closer;
  double before;

  ph_selection_select (fixture->selection, figure (fixture, "smith"), FALSE);
  ph_selection_set_pinned_target (fixture->selection, figure (fixture, "otter"));
  before = ph_shot_controller_get_assessment (shot)->distance;
  fixture->n_changed = 0;

  closer = (PhPoint) { figure (fixture, "otter")->x, figure (fixture, "otter")->y + 5 };
  ph_document_move_figures (fixture->document, 1, ids, &closer);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  g_assert_cmpfloat (ph_shot_controller_get_assessment (shot)->distance, <, before);
  assert_engine_answer (fixture);

  ph_document_undo (fixture->document);
  g_assert_cmpuint (fixture->n_changed, ==, 2);
  g_assert_cmpfloat (ph_shot_controller_get_assessment (shot)->distance, ==, before);

  /* A new scenario: nothing selected, nothing targeted */
  {
    g_autoptr(PhScenario) scenario = ph_test_load_example (EXAMPLE);

    ph_document_set_scenario (fixture->document, scenario, NULL);
  }
  g_assert_null (ph_shot_controller_get_shooter (shot));
  g_assert_null (ph_shot_controller_get_target (shot));
  g_assert_null (ph_shot_controller_get_assessment (shot));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/app/shot-controller/target", Fixture, NULL,
              fixture_set_up, test_target, fixture_tear_down);
  g_test_add ("/app/shot-controller/options", Fixture, NULL,
              fixture_set_up, test_options, fixture_tear_down);
  g_test_add ("/app/shot-controller/document-changes", Fixture, NULL,
              fixture_set_up, test_document_changes, fixture_tear_down);
  return g_test_run ();
}
