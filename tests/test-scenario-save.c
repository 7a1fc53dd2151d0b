/* test-scenario-save.c: writing scenario files
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * load -> save -> load gives the same model, and save(load(save(x))) gives
 * the same bytes as save(x), for every good file and every shipped example;
 * the canonical form is as documented; numbers and text survive exactly;
 * saving is atomic.
 */
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "ph-test-ruleset.h"
#include "ph-core.h"
#include "ph-test-util.h"

#define NS "urn:powderhorn:scenario:1"

/* Deep equality, line numbers aside */

static void
assert_shapes_equal (const PhShape *a,
                     const PhShape *b)
{
  g_assert_cmpint (a->kind, ==, b->kind);
  g_assert_cmpuint (a->n_points, ==, b->n_points);
  for (guint i = 0; i < a->n_points; i++)
    {
      g_assert_cmpfloat (a->points[i].x, ==, b->points[i].x);
      g_assert_cmpfloat (a->points[i].y, ==, b->points[i].y);
    }
  g_assert_cmpfloat (a->centre.x, ==, b->centre.x);
  g_assert_cmpfloat (a->centre.y, ==, b->centre.y);
  g_assert_cmpfloat (a->radius, ==, b->radius);
  g_assert_cmpfloat (a->line_width, ==, b->line_width);
  g_assert_cmpfloat (a->bbox.x0, ==, b->bbox.x0);
  g_assert_cmpfloat (a->bbox.y0, ==, b->bbox.y0);
  g_assert_cmpfloat (a->bbox.x1, ==, b->bbox.x1);
  g_assert_cmpfloat (a->bbox.y1, ==, b->bbox.y1);
}

static void
assert_weapons_equal (const PhWeapon *a,
                      const PhWeapon *b)
{
  g_assert_cmpint (a->kind, ==, b->kind);
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpint (a->loaded, ==, b->loaded);
  g_assert_cmpint (a->has_bands, ==, b->has_bands);
  g_assert_cmpfloat (a->range_short, ==, b->range_short);
  g_assert_cmpfloat (a->range_medium, ==, b->range_medium);
  g_assert_cmpfloat (a->range_long, ==, b->range_long);
  g_assert_cmpint (a->melee_category, ==, b->melee_category);
}

static void
assert_stats_equal (const PhFigure *a,
                    const PhFigure *b)
{
  g_assert_cmpint (a->stats_kind, ==, b->stats_kind);
  switch (a->stats_kind)
    {
    case PH_STATS_FIRELOCK:
      for (guint i = 0; i < 4; i++)
        g_assert_cmpint (a->stats.firelock.bravery[i], ==, b->stats.firelock.bravery[i]);
      g_assert_cmpint (a->stats.firelock.hits, ==, b->stats.firelock.hits);
      g_assert_cmpint (a->stats.firelock.melee, ==, b->stats.firelock.melee);
      g_assert_cmpint (a->stats.firelock.officer, ==, b->stats.firelock.officer);
      break;
    case PH_STATS_FISTFUL:
      g_assert_cmpint (a->stats.fistful.wounds, ==, b->stats.fistful.wounds);
      g_assert_cmpint (a->stats.fistful.shaken, ==, b->stats.fistful.shaken);
      g_assert_cmpint (a->stats.fistful.reload, ==, b->stats.fistful.reload);
      g_assert_cmpstr (a->stats.fistful.traits, ==, b->stats.fistful.traits);
      break;
    case PH_STATS_MAYHEM:
      g_assert_cmpint (a->stats.mayhem.courage, ==, b->stats.mayhem.courage);
      g_assert_cmpint (a->stats.mayhem.armament, ==, b->stats.mayhem.armament);
      g_assert_cmpint (a->stats.mayhem.hit_bonus, ==, b->stats.mayhem.hit_bonus);
      g_assert_cmpint (a->stats.mayhem.impact_bonus, ==, b->stats.mayhem.impact_bonus);
      g_assert_cmpint (a->stats.mayhem.shock, ==, b->stats.mayhem.shock);
      g_assert_cmpint (a->stats.mayhem.search, ==, b->stats.mayhem.search);
      g_assert_cmpint (a->stats.mayhem.saves, ==, b->stats.mayhem.saves);
      g_assert_cmpint (a->stats.mayhem.rerolls, ==, b->stats.mayhem.rerolls);
      break;
    case PH_STATS_FEATHERSTONE:
      g_assert_cmpint (a->stats.featherstone.rating, ==, b->stats.featherstone.rating);
      g_assert_cmpint (a->stats.featherstone.light_wounds, ==, b->stats.featherstone.light_wounds);
      g_assert_cmpint (a->stats.featherstone.serious_wounds, ==,
                       b->stats.featherstone.serious_wounds);
      g_assert_cmpstr (a->stats.featherstone.wounds, ==, b->stats.featherstone.wounds);
      break;
    case PH_STATS_GUNS_OF_WAR:
      g_assert_cmpint (a->stats.guns_of_war.formation, ==, b->stats.guns_of_war.formation);
      g_assert_cmpint (a->stats.guns_of_war.men, ==, b->stats.guns_of_war.men);
      g_assert_cmpint (a->stats.guns_of_war.attack_throw, ==, b->stats.guns_of_war.attack_throw);
      g_assert_cmpint (a->stats.guns_of_war.ac, ==, b->stats.guns_of_war.ac);
      g_assert_cmpint (a->stats.guns_of_war.armor_ac, ==, b->stats.guns_of_war.armor_ac);
      g_assert_cmpint (a->stats.guns_of_war.morale, ==, b->stats.guns_of_war.morale);
      g_assert_cmpint (a->stats.guns_of_war.reload_tokens, ==, b->stats.guns_of_war.reload_tokens);
      g_assert_cmpint (a->stats.guns_of_war.has_uhp, ==, b->stats.guns_of_war.has_uhp);
      g_assert_cmpint (a->stats.guns_of_war.uhp, ==, b->stats.guns_of_war.uhp);
      break;
    case PH_STATS_NONE:
    default:
      break;
    }
}

static void
assert_figures_equal (const PhFigure *a,
                      const PhFigure *b)
{
  g_assert_cmpstr (a->id, ==, b->id);
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpstr (a->side, ==, b->side);
  g_assert_cmpfloat (a->x, ==, b->x);
  g_assert_cmpfloat (a->y, ==, b->y);
  g_assert_cmpfloat (a->facing, ==, b->facing);
  g_assert_cmpint (a->base_shape, ==, b->base_shape);
  g_assert_cmpfloat (a->base_width, ==, b->base_width);
  g_assert_cmpfloat (a->base_depth, ==, b->base_depth);
  g_assert_cmpint (a->troop, ==, b->troop);
  g_assert_cmpint (a->mounted, ==, b->mounted);
  g_assert_cmpint (a->leader, ==, b->leader);
  g_assert_cmpint (a->stance, ==, b->stance);
  g_assert_cmpuint (a->status, ==, b->status);
  g_assert_cmpuint (a->weapons->len, ==, b->weapons->len);
  for (guint i = 0; i < a->weapons->len; i++)
    assert_weapons_equal (&g_array_index (a->weapons, PhWeapon, i),
                          &g_array_index (b->weapons, PhWeapon, i));
  assert_stats_equal (a, b);
}

static void
assert_scenarios_equal (const PhScenario *a,
                        const PhScenario *b)
{
  g_assert_cmpint (a->ruleset, ==, b->ruleset);
  g_assert_cmpstr (a->title, ==, b->title);
  g_assert_cmpstr (a->description, ==, b->description);
  g_assert_cmpfloat (a->table.width, ==, b->table.width);
  g_assert_cmpfloat (a->table.height, ==, b->table.height);
  g_assert_cmpint (a->table.unit, ==, b->table.unit);
  g_assert_cmpint (a->table.grid, ==, b->table.grid);
  g_assert_cmpfloat (a->table.grid_size, ==, b->table.grid_size);
  g_assert_cmpint (a->table.measure, ==, b->table.measure);

  g_assert_cmpuint (a->options->len, ==, b->options->len);
  for (guint i = 0; i < a->options->len; i++)
    {
      const PhOption *oa = g_ptr_array_index (a->options, i);
      const PhOption *ob = g_ptr_array_index (b->options, i);

      g_assert_cmpstr (oa->name, ==, ob->name);
      g_assert_cmpstr (oa->value, ==, ob->value);
    }
  g_assert_cmpuint (a->features->len, ==, b->features->len);
  for (guint i = 0; i < a->features->len; i++)
    {
      const PhFeature *fa = g_ptr_array_index (a->features, i);
      const PhFeature *fb = g_ptr_array_index (b->features, i);

      g_assert_cmpint (fa->kind, ==, fb->kind);
      g_assert_cmpstr (fa->id, ==, fb->id);
      g_assert_cmpstr (fa->name, ==, fb->name);
      assert_shapes_equal (&fa->shape, &fb->shape);
      g_assert_cmpint (fa->blocks_los, ==, fb->blocks_los);
      g_assert_cmpint (fa->cover, ==, fb->cover);
      g_assert_cmpint (fa->has_elevation, ==, fb->has_elevation);
      g_assert_cmpfloat (fa->elevation, ==, fb->elevation);
    }
  g_assert_cmpuint (a->sides->len, ==, b->sides->len);
  for (guint i = 0; i < a->sides->len; i++)
    {
      const PhSide *sa = g_ptr_array_index (a->sides, i);
      const PhSide *sb = g_ptr_array_index (b->sides, i);

      g_assert_cmpstr (sa->id, ==, sb->id);
      g_assert_cmpstr (sa->name, ==, sb->name);
      g_assert_cmphex (sa->color, ==, sb->color);
    }
  g_assert_cmpuint (a->figures->len, ==, b->figures->len);
  for (guint i = 0; i < a->figures->len; i++)
    assert_figures_equal (g_ptr_array_index (a->figures, i), g_ptr_array_index (b->figures, i));
  g_assert_cmpstr (a->game_xml, ==, b->game_xml);
}

/* Helpers */

static PhScenario *
load_xml (const char *xml,
          gsize       length)
{
  return ph_test_load_xml (xml, length, "saved.xml");
}

/* x -> save -> load: the same model; saved again: the same bytes. */
static void
assert_round_trip (const PhScenario *s)
{
  g_autofree char *xml1 = NULL, *xml2 = NULL;
  g_autoptr(PhScenario) again = NULL, third = NULL;
  gsize len1, len2;

  xml1 = ph_scenario_to_xml (s, &len1);
  g_assert_cmpuint (len1, ==, strlen (xml1));
  again = load_xml (xml1, len1);
  assert_scenarios_equal (s, again);
  xml2 = ph_scenario_to_xml (again, &len2);
  g_assert_cmpstr (xml1, ==, xml2);
  third = load_xml (xml2, len2);
  assert_scenarios_equal (again, third);
}

static void
test_round_trip_file (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = ph_scenario_load_file (path, &error);

  g_assert_no_error (error);
  assert_round_trip (s);
}

/* A small scenario built in code: one side, one figure. */
static PhScenario *
make_scenario (void)
{
  PhScenario *s = ph_scenario_new (ph_test_ruleset ("musket-mayhem"));
  PhSide *side = ph_side_new ();
  PhFigure *fig = ph_figure_new ();
  PhWeapon w = { 0 };

  g_free (s->title);
  s->title = g_strdup ("Built");
  side->id = g_strdup ("a");
  side->name = g_strdup ("A");
  side->color = 0x010203;
  g_ptr_array_add (s->sides, side);
  fig->id = g_strdup ("f");
  fig->side = g_strdup ("a");
  w.kind = PH_WEAPON_MUSKET;
  w.loaded = TRUE;
  g_array_append_val (fig->weapons, w);
  fig->stats_kind = PH_STATS_MAYHEM;
  fig->stats.mayhem.courage = 4;
  fig->stats.mayhem.armament = 5;
  fig->stats.mayhem.search = 6;
  g_ptr_array_add (s->figures, fig);
  ph_scenario_reindex (s);
  return s;
}

static PhFigure *
first_figure (PhScenario *s)
{
  return g_ptr_array_index (s->figures, 0);
}

/* Tests */

static void
test_canonical (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", "spec-skeleton.xml",
                                                 NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = ph_scenario_load_file (path, &error);
  g_autofree char *xml = NULL;
  const char *expected =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "  <title>Fight at the Farmstead</title>\n"
    "  <description>Optional free text.</description>\n"
    "  <table width=\"72\" height=\"48\" unit=\"in\" grid=\"square\" grid-size=\"1\""
    " measure=\"edge\"/>\n"
    "  <terrain>\n"
    "    <feature id=\"barn\" kind=\"building\" name=\"Barn\">\n"
    "      <polygon points=\"30,10 40,10 40,18 30,18\"/>\n"
    "    </feature>\n"
    "    <feature id=\"orchard\" kind=\"woods\">\n"
    "      <circle cx=\"12\" cy=\"30\" r=\"6\"/>\n"
    "    </feature>\n"
    "    <feature id=\"fence1\" kind=\"fence\">\n"
    "      <polyline points=\"20,30 20,40 28,40\" width=\"0.25\"/>\n"
    "    </feature>\n"
    "  </terrain>\n"
    "  <sides>\n"
    "    <side id=\"british\" name=\"British Regulars\" color=\"#b03a2e\"/>\n"
    "    <side id=\"french\" name=\"Compagnies franches\" color=\"#2e5fa8\"/>\n"
    "  </sides>\n"
    "  <figures>\n"
    "    <figure id=\"smith\" name=\"Sgt Smith\" side=\"british\" x=\"10\" y=\"40\" facing=\"45\""
    " base-shape=\"round\" base-width=\"1\" base-depth=\"1\" troop=\"line\" mounted=\"false\""
    " leader=\"true\" stance=\"standing\">\n"
    "      <weapon kind=\"musket\" loaded=\"true\"/>\n"
    "      <weapon kind=\"bayonet\" loaded=\"true\"/>\n"
    "      <mayhem courage=\"4\" armament=\"5\" hit-bonus=\"0\" impact-bonus=\"0\" shock=\"false\""
    " search=\"6\" saves=\"0\" rerolls=\"0\"/>\n"
    "    </figure>\n"
    "  </figures>\n"
    "</scenario>\n";

  g_assert_no_error (error);
  xml = ph_scenario_to_xml (s, NULL);
  g_assert_cmpstr (xml, ==, expected);
}

static void
test_minimal (void)
{
  g_autoptr(PhScenario) s = make_scenario ();
  g_autofree char *xml = NULL;

  g_ptr_array_set_size (s->figures, 0);
  ph_scenario_reindex (s);
  xml = ph_scenario_to_xml (s, NULL);
  /* optional elements left out, required ones present */
  g_assert_null (strstr (xml, "<rules"));
  g_assert_null (strstr (xml, "<terrain"));
  g_assert_null (strstr (xml, "<description"));
  g_assert_null (strstr (xml, "<game"));
  g_assert_nonnull (strstr (xml, "  <figures/>\n"));
  assert_round_trip (s);
}

static void
test_numbers (void)
{
  static const struct { double value; const char *text; } cases[] = {
    { 12, "12" }, { 0.1, "0.1" }, { 12.5, "12.5" }, { -3, "-3" }, { 1.0 / 3, "0.3333333333333333" },
    { 2.0 / 3, "0.6666666666666666" }, { 100000, "100000" }, { 1e-7, "1e-07" },
    { 12345.678, "12345.678" }, { -0.0, "0" }, { 0.30000000000000004, "0.30000000000000004" },
    { 99999.999999999985, "99999.99999999999" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PhScenario) s = make_scenario ();
      g_autoptr(PhScenario) again = NULL;
      g_autofree char *xml = NULL;
      g_autofree char *expected = g_strdup_printf (" x=\"%s\" ", cases[i].text);
      gsize length;

      first_figure (s)->x = cases[i].value;
      xml = ph_scenario_to_xml (s, &length);
      if (strstr (xml, expected) == NULL)
        g_error ("%.17g: expected%s in\n%s", cases[i].value, expected, xml);
      again = load_xml (xml, length);
      g_assert_cmpfloat (first_figure (again)->x, ==, cases[i].value);
      assert_round_trip (s);
    }
}

/* Text of every kind survives; characters XML 1.0 cannot hold are left
 * out. */
static void
test_escaping (void)
{
  g_autoptr(PhScenario) s = make_scenario ();
  g_autoptr(PhScenario) again = NULL;
  PhFigure *fig = first_figure (s);
  PhSide *side = g_ptr_array_index (s->sides, 0);
  g_autofree char *xml = NULL;
  gsize length;

  g_free (s->title);
  s->title = g_strdup ("<Fight> & \"flight\" 'n' ]]> \xc3\xa9t\xc3\xa9");
  s->description = g_strdup ("  line one\n\tline two\r\nthree  ");
  g_free (side->name);
  side->name = g_strdup ("Les \"Bleus\" & <les> 'autres'\n\ttab");
  fig->name = g_strdup (" spaced  name ");
  g_array_index (fig->weapons, PhWeapon, 0).name = g_strdup ("Brown\rBess");
  g_ptr_array_add (s->options, ph_option_new ("pistol-range", "6"));

  assert_round_trip (s);

  g_free (side->name);
  side->name = g_strdup ("bell\x07here");
  xml = ph_scenario_to_xml (s, &length);
  again = load_xml (xml, length);
  g_assert_cmpstr (((PhSide *) g_ptr_array_index (again->sides, 0))->name, ==, "bellhere");
}

static void
test_game (void)
{
  g_autoptr(PhScenario) s = make_scenario ();
  g_autofree char *xml = NULL;

  s->game_xml = g_strdup ("<game turn=\"2\">\n    <deck>KS QH</deck>\n  </game>");
  xml = ph_scenario_to_xml (s, NULL);
  g_assert_nonnull (strstr (xml, "  </figures>\n  <game turn=\"2\">\n    <deck>KS QH</deck>\n"
                                 "  </game>\n</scenario>\n"));
  assert_round_trip (s);
}

static void
test_every_attribute (void)
{
  g_autoptr(PhScenario) s = make_scenario ();
  PhFigure *fig = first_figure (s);
  PhFeature *feature = ph_feature_new ();
  PhWeapon w = { 0 };

  feature->id = g_strdup ("hill");
  feature->name = g_strdup ("Hill");
  feature->kind = PH_TERRAIN_HILL;
  feature->blocks_los = 1;
  feature->cover = PH_COVER_SOFT;
  feature->has_elevation = TRUE;
  feature->elevation = 2.5;
  feature->shape.kind = PH_SHAPE_CIRCLE;
  feature->shape.centre.x = 3;
  feature->shape.centre.y = 4;
  feature->shape.radius = 1.25;
  ph_shape_update_bbox (&feature->shape);
  g_ptr_array_add (s->features, feature);

  fig->name = g_strdup ("F");
  fig->facing = 359.75;
  fig->base_shape = PH_BASE_SQUARE;
  fig->base_width = 1.5;
  fig->base_depth = 0.75;
  fig->troop = PH_TROOP_GUERRILLA;
  fig->mounted = TRUE;
  fig->leader = TRUE;
  fig->stance = PH_STANCE_TROTTING;
  fig->status = PH_STATUS_FIRED | PH_STATUS_FLED | PH_STATUS_VEXED;
  w.kind = PH_WEAPON_SWORD;
  w.name = g_strdup ("Sword");
  w.loaded = FALSE;
  w.has_bands = TRUE;
  w.range_short = 1;
  w.range_medium = 2;
  w.range_long = 3;
  w.melee_category = 7;
  g_array_append_val (fig->weapons, w);
  fig->stats.mayhem.hit_bonus = -1;
  fig->stats.mayhem.impact_bonus = 2;
  fig->stats.mayhem.shock = TRUE;
  fig->stats.mayhem.search = 4;
  fig->stats.mayhem.saves = 1;
  fig->stats.mayhem.rerolls = 3;
  s->table.unit = PH_UNIT_CM;
  s->table.grid = PH_GRID_HEX;
  s->table.grid_size = 0.5;
  s->table.measure = PH_MEASURE_CENTRE;
  ph_scenario_reindex (s);

  assert_round_trip (s);
}

/* The other rulesets' elements, with every optional attribute */
static void
test_ruleset_elements (void)
{
  for (PhRulesetId id = 0; id < PH_N_RULESETS; id++)
    {
      g_autoptr(PhScenario) s = make_scenario ();
      PhFigure *fig = first_figure (s);
      PhWeapon *w = &g_array_index (fig->weapons, PhWeapon, 0);
      const char *name;

      s->ruleset = id;
      memset (&fig->stats, 0, sizeof fig->stats);
      name = ph_ruleset_id_to_string (id);
      if (g_str_equal (name, "firelock-scalplock"))
        {
          fig->stats_kind = PH_STATS_FIRELOCK;
          fig->stats.firelock.bravery[0] = 9;
          fig->stats.firelock.bravery[1] = 6;
          fig->stats.firelock.bravery[2] = 3;
          fig->stats.firelock.bravery[3] = 1;
          fig->stats.firelock.hits = 7;
          fig->stats.firelock.melee = -1;
          fig->stats.firelock.officer = TRUE;
        }
      else if (g_str_equal (name, "fistful-of-lead"))
        {
          fig->stats_kind = PH_STATS_FISTFUL;
          fig->stats.fistful.wounds = 2;
          fig->stats.fistful.shaken = TRUE;
          fig->stats.fistful.traits = g_strdup ("Brave & Lucky");
        }
      else if (g_str_equal (name, "featherstone"))
        {
          fig->stats_kind = PH_STATS_FEATHERSTONE;
          fig->stats.featherstone.rating = PH_RATING_NOVICE;
          fig->stats.featherstone.light_wounds = 1;
          fig->stats.featherstone.serious_wounds = 2;
          fig->stats.featherstone.wounds = g_strdup ("A B E J");
          w->has_bands = TRUE;
          w->range_short = 50;
          w->range_medium = 100;
          w->range_long = 150;
        }
      else if (g_str_equal (name, "guns-of-war"))
        {
          fig->stats_kind = PH_STATS_GUNS_OF_WAR;
          fig->stats.guns_of_war.formation = PH_FORMATION_SF;
          fig->stats.guns_of_war.men = 60;
          fig->stats.guns_of_war.creature = PH_CREATURE_LARGE;
          fig->stats.guns_of_war.attack_throw = 11;
          fig->stats.guns_of_war.ac = 6;
          fig->stats.guns_of_war.armor_ac = 3;
          fig->stats.guns_of_war.morale = 2;
          fig->stats.guns_of_war.reload_tokens = 1;
          fig->stats.guns_of_war.has_uhp = TRUE;
          fig->stats.guns_of_war.uhp = 9;
        }
      else
        {
          fig->stats_kind = PH_STATS_MAYHEM;
          fig->stats.mayhem.courage = 2;
          fig->stats.mayhem.armament = 1;
        }
      assert_round_trip (s);
    }
}

/* A model the format cannot hold is not written. */
static void
test_invalid_model (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "s.xml", NULL);
  g_autoptr(PhScenario) s = make_scenario ();
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_free (first_figure (s)->side);
  first_figure (s)->side = g_strdup ("nobody");
  g_assert_false (ph_scenario_save_file (s, path, &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "unknown side 'nobody'"));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old");
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_missing_directory (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "missing", "s.xml", NULL);
  g_autoptr(PhScenario) s = make_scenario ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) d = NULL;

  g_assert_false (ph_scenario_save_file (s, path, &error));
  g_assert_error (error, PH_FILE_ERROR, PH_FILE_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, path));
  /* nothing left behind */
  d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  g_assert_null (g_dir_read_name (d));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_replace (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "s.xml", NULL);
  g_autoptr(PhScenario) s = make_scenario ();
  g_autoptr(PhScenario) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) old = g_string_new (NULL);
  g_autofree char *contents = NULL, *xml = NULL;
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint n = 0;
  gsize length;
  GStatBuf st;

  /* a longer old file: nothing of it may remain */
  for (guint i = 0; i < 10000; i++)
    g_string_append (old, "old old old old\n");
  g_assert_true (g_file_set_contents (path, old->str, (gssize) old->len, NULL));

  g_assert_true (ph_scenario_save_file (s, path, &error));
  g_assert_no_error (error);
  xml = ph_scenario_to_xml (s, NULL);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpstr (contents, ==, xml);
  g_assert_cmpuint (length, ==, strlen (xml));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0600, ==, 0600);

  again = ph_scenario_load_file (path, &error);
  g_assert_no_error (error);
  assert_scenarios_equal (s, again);

  /* no temporary file left */
  d = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    n++;
  g_assert_cmpuint (n, ==, 1);
  g_unlink (path);
  g_rmdir (dir);
}

/* Saving keeps what the file was: a private file stays private, a link
 * stays a link, and a read-only file is not overwritten. */
static void
test_keeps_the_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "s.xml", NULL);
  g_autofree char *link = g_build_filename (dir, "link.xml", NULL);
  g_autoptr(PhScenario) s = make_scenario ();
  g_autoptr(PhScenario) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  GStatBuf st;

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0600), ==, 0);
  g_assert_cmpint (symlink ("s.xml", link), ==, 0);
  g_assert_true (ph_scenario_save_file (s, link, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  again = ph_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again->title, ==, "Built");

  g_assert_cmpint (g_chmod (path, 0400), ==, 0);
  g_free (s->title);
  s->title = g_strdup ("Changed");
  g_assert_false (ph_scenario_save_file (s, path, &error));
  g_assert_error (error, PH_FILE_ERROR, PH_FILE_ERROR_READ_ONLY);
  g_clear_pointer (&again, ph_scenario_unref);
  g_clear_error (&error);
  again = ph_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (again->title, ==, "Built");

  g_unlink (link);
  g_unlink (path);
  g_rmdir (dir);
}

/* A background image given relative to the file is still found when the
 * scenario is saved in another folder: its href is rewritten. */
static void
test_background_moves (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *first = g_build_filename (dir, "a", "s.xml", NULL);
  g_autofree char *second = g_build_filename (dir, "b", "c", "s.xml", NULL);
  g_autofree char *photo = g_build_filename (dir, "a", "photos", "table.jpg", NULL);
  g_autoptr(PhScenario) s = make_scenario ();
  g_autoptr(PhScenario) loaded = NULL;
  g_autoptr(PhScenario) moved = NULL;
  g_autoptr(GError) error = NULL;

  g_autofree char *first_dir = g_path_get_dirname (first);
  g_autofree char *second_dir = g_path_get_dirname (second);

  g_assert_cmpint (g_mkdir_with_parents (first_dir, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (second_dir, 0700), ==, 0);
  s->background = ph_background_new ("photos/table.jpg");
  s->background->width = 48;
  g_assert_true (ph_scenario_save_file (s, first, &error));
  loaded = ph_scenario_load_file (first, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (loaded->background->href, ==, "photos/table.jpg");
  g_assert_cmpstr (loaded->background->path, ==, photo);

  g_assert_true (ph_scenario_save_file (loaded, second, &error));
  moved = ph_scenario_load_file (second, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (moved->background->href, ==, "../../a/photos/table.jpg");
  g_assert_cmpstr (moved->background->path, ==, photo);
  /* and saving where it was loaded from changes nothing */
  g_assert_cmpstr (loaded->background->href, ==, "photos/table.jpg");
  g_unlink (first);
  g_unlink (second);
}

int
main (int argc, char **argv)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *good = NULL;
  const char *data_dir;
  const char *dirs[2];

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/scenario/save/canonical", test_canonical);
  g_test_add_func ("/scenario/save/minimal", test_minimal);
  g_test_add_func ("/scenario/save/numbers", test_numbers);
  g_test_add_func ("/scenario/save/escaping", test_escaping);
  g_test_add_func ("/scenario/save/game", test_game);
  g_test_add_func ("/scenario/save/every-attribute", test_every_attribute);
  g_test_add_func ("/scenario/save/ruleset-elements", test_ruleset_elements);
  g_test_add_func ("/scenario/save/invalid-model", test_invalid_model);
  g_test_add_func ("/scenario/save/missing-directory", test_missing_directory);
  g_test_add_func ("/scenario/save/replace", test_replace);
  g_test_add_func ("/scenario/save/keeps-the-file", test_keeps_the_file);
  g_test_add_func ("/scenario/save/background-moves", test_background_moves);

  /* every good file and every shipped example */
  good = g_test_build_filename (G_TEST_DIST, "data", "good", NULL);
  data_dir = g_getenv ("PH_DATA_DIR");
  dirs[0] = good;
  dirs[1] = data_dir;
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *dir = NULL;
      g_autoptr(GDir) d = NULL;
      const char *name;

      if (dirs[i] == NULL)
        continue;
      dir = i == 0 ? g_strdup (dirs[i]) : g_build_filename (dirs[i], "scenarios", NULL);
      d = g_dir_open (dir, 0, NULL);
      if (d == NULL)
        continue;
      while ((name = g_dir_read_name (d)) != NULL)
        {
          char *path;
          g_autofree char *test_path = NULL;

          if (!g_str_has_suffix (name, ".xml"))
            continue;
          path = g_build_filename (dir, name, NULL);
          g_ptr_array_add (paths, path);
          test_path = g_strdup_printf ("/scenario/save/round-trip/%s/%s",
                                       i == 0 ? "good" : "examples", name);
          g_test_add_data_func (test_path, path, test_round_trip_file);
        }
    }

  return g_test_run ();
}
