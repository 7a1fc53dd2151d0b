/* test-app-selection.c: PhSelection, the figures picked on the map, and
 * the document that owns it; no display needed
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each change is told once ("changed", "notify::hover",
 * "notify::pinned-target"), and a setter that changes nothing tells
 * nothing.
 */
#include "ph-document.h"
#include "ph-selection.h"
#include "ph-test-util.h"

#define EXAMPLE "musket-mayhem-fight-at-the-farmstead.xml"

typedef struct
{
  PhScenario *scenario;
  PhSelection *selection;
  guint n_changed;
  guint n_hover;
  guint n_pinned;
} Fixture;

static void
on_changed (PhSelection *selection,
            Fixture     *fixture)
{
  fixture->n_changed++;
}

static void
on_notify (PhSelection *selection,
           GParamSpec  *pspec,
           Fixture     *fixture)
{
  if (g_str_equal (pspec->name, "hover"))
    fixture->n_hover++;
  else if (g_str_equal (pspec->name, "pinned-target"))
    fixture->n_pinned++;
}

static void
fixture_watch (Fixture     *fixture,
               PhSelection *selection)
{
  fixture->selection = selection;
  g_signal_connect (selection, "changed", G_CALLBACK (on_changed), fixture);
  g_signal_connect (selection, "notify", G_CALLBACK (on_notify), fixture);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->scenario = ph_test_load_example (EXAMPLE);
  fixture_watch (fixture, ph_selection_new ());
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->selection);
  g_clear_pointer (&fixture->scenario, ph_scenario_unref);
}

static PhFigure *
figure (Fixture    *fixture,
        const char *id)
{
  PhFigure *found = ph_scenario_find_figure (fixture->scenario, id);

  g_assert_nonnull (found);
  return found;
}

/* The selection is exactly @ids (NULL-terminated), the primary one last */
static void
assert_selected (Fixture *fixture,
                 ...)
{
  g_autoptr(GPtrArray) want = g_ptr_array_new ();
  const char * const *ids = ph_selection_get_ids (fixture->selection);
  PhFigure **figures;
  const char *id;
  va_list args;
  guint n;

  va_start (args, fixture);
  while ((id = va_arg (args, const char *)))
    g_ptr_array_add (want, (gpointer) id);
  va_end (args);

  figures = ph_selection_get_figures (fixture->selection, &n);
  g_assert_cmpuint (n, ==, want->len);
  g_assert_cmpuint (ph_selection_get_n_figures (fixture->selection), ==, want->len);
  g_assert_cmpuint (g_strv_length ((char **) ids), ==, want->len);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpstr (figures[i]->id, ==, g_ptr_array_index (want, i));
      g_assert_cmpstr (ids[i], ==, g_ptr_array_index (want, i));
      g_assert_true (ph_selection_contains (fixture->selection, figures[i]));
    }
  if (n == 0)
    g_assert_null (ph_selection_get_primary (fixture->selection));
  else
    g_assert_true (ph_selection_get_primary (fixture->selection) == figures[n - 1]);
}

static void
test_select (Fixture       *fixture,
             gconstpointer  data)
{
  PhSelection *selection = fixture->selection;
  PhFigure *smith = figure (fixture, "smith");
  PhFigure *tubbs = figure (fixture, "tubbs");
  PhFigure *otter = figure (fixture, "otter");

  assert_selected (fixture, NULL);
  g_assert_false (ph_selection_contains (selection, smith));
  g_assert_false (ph_selection_contains (selection, NULL));

  ph_selection_select (selection, smith, FALSE);
  assert_selected (fixture, "smith", NULL);
  g_assert_cmpuint (fixture->n_changed, ==, 1);

  /* Extending: the one just picked becomes the primary one. */
  ph_selection_select (selection, tubbs, TRUE);
  ph_selection_select (selection, otter, TRUE);
  assert_selected (fixture, "smith", "tubbs", "otter", NULL);
  g_assert_cmpuint (fixture->n_changed, ==, 3);
  ph_selection_select (selection, smith, TRUE);
  assert_selected (fixture, "tubbs", "otter", "smith", NULL);
  g_assert_cmpuint (fixture->n_changed, ==, 4);

  /* Picking the primary one again changes nothing and says nothing. */
  ph_selection_select (selection, smith, TRUE);
  g_assert_cmpuint (fixture->n_changed, ==, 4);

  /* Without extending, it alone */
  ph_selection_select (selection, otter, FALSE);
  assert_selected (fixture, "otter", NULL);
  g_assert_cmpuint (fixture->n_changed, ==, 5);
  ph_selection_select (selection, otter, FALSE);
  g_assert_cmpuint (fixture->n_changed, ==, 5);

  /* Each figure once, in the order given */
  {
    PhFigure *figures[] = { tubbs, smith, tubbs, otter, smith };

    ph_selection_set_figures (selection, figures, G_N_ELEMENTS (figures));
    assert_selected (fixture, "tubbs", "smith", "otter", NULL);
    g_assert_cmpuint (fixture->n_changed, ==, 6);
    ph_selection_set_figures (selection, figures, G_N_ELEMENTS (figures));
    g_assert_cmpuint (fixture->n_changed, ==, 6);
  }

  ph_selection_clear (selection);
  assert_selected (fixture, NULL);
  g_assert_cmpuint (fixture->n_changed, ==, 7);
  ph_selection_clear (selection);
  ph_selection_select (selection, NULL, FALSE);
  g_assert_cmpuint (fixture->n_changed, ==, 7);
  g_assert_cmpuint (fixture->n_hover, ==, 0);
  g_assert_cmpuint (fixture->n_pinned, ==, 0);
}

/* Shift+click on a selected figure takes it out. */
static void
test_unselect (Fixture       *fixture,
               gconstpointer  data)
{
  PhSelection *selection = fixture->selection;
  PhFigure *smith = figure (fixture, "smith");
  PhFigure *tubbs = figure (fixture, "tubbs");
  PhFigure *otter = figure (fixture, "otter");
  PhFigure *figures[] = { smith, tubbs };

  ph_selection_set_figures (selection, figures, G_N_ELEMENTS (figures));
  g_assert_cmpuint (fixture->n_changed, ==, 1);

  ph_selection_unselect (selection, otter);
  g_assert_cmpuint (fixture->n_changed, ==, 1);

  /* The primary one out: the one before it is primary now */
  ph_selection_unselect (selection, tubbs);
  assert_selected (fixture, "smith", NULL);
  g_assert_cmpuint (fixture->n_changed, ==, 2);
  ph_selection_unselect (selection, smith);
  assert_selected (fixture, NULL);
  g_assert_cmpuint (fixture->n_changed, ==, 3);
}

/* Ctrl+A: every figure on the table, the dead and the fled left out */
static void
test_select_all (Fixture       *fixture,
                 gconstpointer  data)
{
  PhSelection *selection = fixture->selection;
  guint n_on_table = 0;

  figure (fixture, "tubbs")->status |= PH_STATUS_DEAD;
  figure (fixture, "otter")->status |= PH_STATUS_FLED;
  for (guint i = 0; i < fixture->scenario->figures->len; i++)
    n_on_table += !ph_figure_is_off_table (g_ptr_array_index (fixture->scenario->figures, i));
  g_assert_cmpuint (n_on_table, ==, fixture->scenario->figures->len - 2);

  ph_selection_select_all (selection, fixture->scenario);
  g_assert_cmpuint (ph_selection_get_n_figures (selection), ==, n_on_table);
  g_assert_false (ph_selection_contains (selection, figure (fixture, "tubbs")));
  g_assert_false (ph_selection_contains (selection, figure (fixture, "otter")));
  g_assert_true (ph_selection_contains (selection, figure (fixture, "smith")));
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  ph_selection_select_all (selection, fixture->scenario);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
}

static void
test_hover_and_pinned (Fixture       *fixture,
                       gconstpointer  data)
{
  PhSelection *selection = fixture->selection;
  PhFigure *smith = figure (fixture, "smith");
  PhFigure *otter = figure (fixture, "otter");
  gpointer value = NULL;

  g_assert_null (ph_selection_get_hover (selection));
  g_assert_null (ph_selection_get_pinned_target (selection));

  ph_selection_set_hover (selection, otter);
  ph_selection_set_hover (selection, otter);
  g_assert_true (ph_selection_get_hover (selection) == otter);
  g_assert_cmpuint (fixture->n_hover, ==, 1);
  g_object_get (selection, "hover", &value, NULL);
  g_assert_true (value == otter);

  g_object_set (selection, "pinned-target", smith, NULL);
  ph_selection_set_pinned_target (selection, smith);
  g_assert_true (ph_selection_get_pinned_target (selection) == smith);
  g_assert_cmpuint (fixture->n_pinned, ==, 1);

  ph_selection_set_hover (selection, NULL);
  ph_selection_set_pinned_target (selection, NULL);
  g_assert_cmpuint (fixture->n_hover, ==, 2);
  g_assert_cmpuint (fixture->n_pinned, ==, 2);
  /* Neither is the selection */
  g_assert_cmpuint (fixture->n_changed, ==, 0);
}

/* A pinned target goes when the selection moves to a figure of its own
 * side (it was the enemy of the figure picked before), and stays for a
 * figure of the other side */
static void
test_pin_follows_sides (Fixture       *fixture,
                        gconstpointer  data)
{
  PhSelection *selection = fixture->selection;

  ph_selection_select (selection, figure (fixture, "smith"), FALSE);
  ph_selection_set_pinned_target (selection, figure (fixture, "otter"));
  ph_selection_select (selection, figure (fixture, "tubbs"), FALSE);
  g_assert_true (ph_selection_get_pinned_target (selection) == figure (fixture, "otter"));
  ph_selection_select (selection, figure (fixture, "beaujeu"), FALSE);
  g_assert_null (ph_selection_get_pinned_target (selection));
  /* the target itself picked: no longer pinned either */
  ph_selection_set_pinned_target (selection, figure (fixture, "smith"));
  ph_selection_select (selection, figure (fixture, "smith"), FALSE);
  g_assert_null (ph_selection_get_pinned_target (selection));
}

/* Reset says each thing once, and nothing when there was nothing. */
static void
test_reset (Fixture       *fixture,
            gconstpointer  data)
{
  PhSelection *selection = fixture->selection;

  ph_selection_select (selection, figure (fixture, "smith"), FALSE);
  ph_selection_set_hover (selection, figure (fixture, "otter"));
  ph_selection_set_pinned_target (selection, figure (fixture, "beaujeu"));
  fixture->n_changed = fixture->n_hover = fixture->n_pinned = 0;

  ph_selection_reset (selection);
  assert_selected (fixture, NULL);
  g_assert_null (ph_selection_get_hover (selection));
  g_assert_null (ph_selection_get_pinned_target (selection));
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  g_assert_cmpuint (fixture->n_hover, ==, 1);
  g_assert_cmpuint (fixture->n_pinned, ==, 1);

  ph_selection_reset (selection);
  g_assert_cmpuint (fixture->n_changed, ==, 1);
  g_assert_cmpuint (fixture->n_hover, ==, 1);
  g_assert_cmpuint (fixture->n_pinned, ==, 1);
}

static void
on_document_changed (PhDocument *document,
                     guint       changes,
                     Fixture    *fixture)
{
  /* By the time anyone hears of the new scenario, nothing of the old one
   * is selected. */
  g_assert_cmpuint (ph_selection_get_n_figures (fixture->selection), ==, 0);
  g_assert_null (ph_selection_get_hover (fixture->selection));
  g_assert_null (ph_selection_get_pinned_target (fixture->selection));
}

/* The document's selection: emptied before its scenario is replaced */
static void
test_document (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(PhScenario) other = ph_test_load_example (EXAMPLE);
  PhSelection *selection = ph_document_get_selection (document);

  g_clear_object (&fixture->selection);
  fixture_watch (fixture, g_object_ref (selection));
  ph_document_set_scenario (document, fixture->scenario, NULL);
  g_assert_cmpuint (fixture->n_changed, ==, 0);

  ph_selection_select_all (selection, ph_document_get_scenario (document));
  ph_selection_set_hover (selection, figure (fixture, "otter"));
  ph_selection_set_pinned_target (selection, figure (fixture, "beaujeu"));
  g_assert_cmpuint (fixture->n_changed, ==, 1);

  /* Edits keep it: the figures stay the same objects. */
  ph_document_turn_figures (document, 1, (const char *[]) { "smith" }, (double[]) { 90 });
  g_assert_cmpuint (ph_selection_get_n_figures (selection), >, 0);
  ph_document_undo (document);
  g_assert_true (ph_selection_contains (selection, figure (fixture, "smith")));

  g_signal_connect (document, "changed", G_CALLBACK (on_document_changed), fixture);
  ph_document_set_scenario (document, other, NULL);
  g_assert_cmpuint (fixture->n_changed, ==, 2);
  g_assert_cmpuint (fixture->n_hover, ==, 2);
  g_assert_cmpuint (fixture->n_pinned, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/app/selection/select", Fixture, NULL,
              fixture_set_up, test_select, fixture_tear_down);
  g_test_add ("/app/selection/unselect", Fixture, NULL,
              fixture_set_up, test_unselect, fixture_tear_down);
  g_test_add ("/app/selection/select-all", Fixture, NULL,
              fixture_set_up, test_select_all, fixture_tear_down);
  g_test_add ("/app/selection/hover-and-pinned", Fixture, NULL,
              fixture_set_up, test_hover_and_pinned, fixture_tear_down);
  g_test_add ("/app/selection/pin-follows-sides", Fixture, NULL,
              fixture_set_up, test_pin_follows_sides, fixture_tear_down);
  g_test_add ("/app/selection/reset", Fixture, NULL,
              fixture_set_up, test_reset, fixture_tear_down);
  g_test_add ("/app/selection/document", Fixture, NULL,
              fixture_set_up, test_document, fixture_tear_down);
  return g_test_run ();
}
