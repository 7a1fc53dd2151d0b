/* test-featherstone.c: Featherstone's Skirmish Wargaming firing, against the
 * rule text's worked example and hand-checked sums
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every expected number below is worked out by hand in the comment next to
 * it, from Featherstone's Skirmish Wargaming as docs/rules.md reads it.
 * Tables are in cm, read as paces.
 */
#include <stdarg.h>
#include <string.h>

#include "ph-test-ruleset.h"
#include "ph-ruleset-featherstone.h"
#include "ph-core.h"
#include "ph-test-util.h"

#define EPS 1e-12

/* The rifle of every test: short to 100 paces, medium to 200, long to 400 */
#define RIFLE "<weapon kind=\"rifle\" short=\"100\" medium=\"200\" long=\"400\"/>"

static PhScenario *
load_scenario (const char *terrain,
               const char *figures)
{
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"featherstone\">\n"
    "  <title>Featherstone test</title>\n"
    "  <table width=\"600\" height=\"200\" unit=\"cm\" measure=\"centre\"/>\n"
    "%s%s%s"
    "  <sides>\n"
    "    <side id=\"a\" name=\"Riflemen\" color=\"#2e5fa8\"/>\n"
    "    <side id=\"b\" name=\"Pathans\" color=\"#b03a2e\"/>\n"
    "  </sides>\n"
    "  <figures>\n%s\n  </figures>\n"
    "</scenario>\n",
    terrain != NULL ? "  <terrain>\n" : "",
    terrain != NULL ? terrain : "",
    terrain != NULL ? "\n  </terrain>\n" : "",
    figures);

  return ph_test_load_xml (xml, -1, "test.xml");
}

/* Shooter "s" at (20, 100) with the rifle; target "t" @d paces to its
 * right.  @stats is the shooter's featherstone element, or "". */
static PhScenario *
load_shot (const char *shooter_attrs,
           const char *stats,
           double      d,
           const char *target_attrs)
{
  g_autofree char *figures = g_strdup_printf (
    "<figure id=\"s\" side=\"a\" x=\"20\" y=\"100\" %s>" RIFLE "%s</figure>\n"
    "<figure id=\"t\" side=\"b\" x=\"%g\" y=\"100\" %s/>",
    shooter_attrs, stats, 20.0 + d, target_attrs);

  return load_scenario (NULL, figures);
}

static PhAssessment *
assess (const PhScenario *scenario,
        PhFireMode        fire)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;

  options.values[PH_FEATHERSTONE_OPT_FIRE] = fire;
  return ph_test_assess (scenario, "s", "t", &options);
}

static void
assert_chance (const PhAssessment *a,
               double              chance_percent,
               const char         *row)
{
  double value = -1000;
  const char *row_name = NULL;

  g_assert_true (g_variant_lookup (a->details, "chance_percent", "d", &value));
  g_assert_cmpfloat_with_epsilon (value, chance_percent, EPS);
  g_assert_true (g_variant_lookup (a->details, "row", "&s", &row_name));
  g_assert_cmpstr (row_name, ==, row);
}

static void
assert_can_fire (const PhAssessment *a)
{
  if (a->reasons->len > 0)
    g_error ("unexpected reason: %s", (const char *) a->reasons->pdata[0]);
  g_assert_true (a->can_fire);
  g_assert_false (a->has_p_kill);
}

static void
assert_reason (const PhAssessment *a,
               const char         *reason)
{
  g_assert_false (a->can_fire);
  g_assert_cmpuint (a->reasons->len, ==, 1);
  g_assert_cmpstr (a->reasons->pdata[0], ==, reason);
  g_assert_cmpfloat (a->p_hit, ==, 0.0);
  g_assert_false (a->has_p_kill);
}

/* "A Veteran rifleman with a rifle decides to shoot at a Pathan running
 * along a street. ... As the target is running at medium range the firer's
 * chance of hitting is 50 per cent, but this is increased by 20 per cent up
 * to 70 per cent because the rifleman is a veteran." */
static void
test_example_veteran_70 (void)
{
  g_autoptr(PhScenario) sc = load_shot ("", "<featherstone rating=\"veteran\"/>", 150,
                                        "stance=\"running\"");
  g_autoptr(PhAssessment) a = assess (sc, PH_FIRE_AIMED);

  assert_can_fire (a);
  g_assert_cmpint (a->unit, ==, PH_DIST_CM);
  g_assert_cmpfloat_with_epsilon (a->distance, 150.0, EPS);
  g_assert_true (a->has_max_range);
  g_assert_cmpfloat_with_epsilon (a->max_range, 400.0, EPS);
  g_assert_true (a->in_range);
  g_assert_cmpstr (a->band, ==, "medium");
  g_assert_true (a->in_arc);
  assert_chance (a, 70.0, "running");
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.7, EPS);
  ph_test_assert_modifiers (a, "veteran shooting", 20.0, NULL);
}

/* A novice snap-firing at long range at a kneeling man: 20 (kneeling,
 * long) - 20 (novice) - 30 (snap, long) = -30: no chance, but he may fire */
static void
test_novice_snap_long_kneeling (void)
{
  g_autoptr(PhScenario) sc = load_shot ("", "<featherstone rating=\"novice\"/>", 300,
                                        "stance=\"kneeling\"");
  g_autoptr(PhAssessment) a = assess (sc, PH_FIRE_SNAP);

  assert_can_fire (a);
  g_assert_cmpstr (a->band, ==, "long");
  assert_chance (a, -30.0, "kneeling");
  g_assert_cmpfloat (a->p_hit, ==, 0.0);
  ph_test_assert_modifiers (a,
                    "novice shooting", -20.0,
                    "snap fire at long range", -30.0,
                    NULL);
}

/* A man lying in the open is on the Lying/soft cover row: 20 at short */
static void
test_row_lying (void)
{
  g_autoptr(PhScenario) sc = load_shot ("", "", 50, "stance=\"lying\"");
  g_autoptr(PhAssessment) a = assess (sc, PH_FIRE_AIMED);

  assert_can_fire (a);
  g_assert_cmpint (a->cover, ==, PH_COVER_OPEN);
  g_assert_cmpstr (a->band, ==, "short");
  assert_chance (a, 20.0, "soft");
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.2, EPS);
  ph_test_assert_modifiers (a, NULL);
}

/* A standing man in woods (soft cover), medium: 10; snap -10 makes 0 */
static void
test_row_soft_cover (void)
{
  g_autoptr(PhScenario) sc = load_scenario (
    "<feature id=\"wood\" kind=\"woods\"><circle cx=\"170\" cy=\"100\" r=\"20\"/></feature>",
    "<figure id=\"s\" side=\"a\" x=\"20\" y=\"100\">" RIFLE "</figure>\n"
    "<figure id=\"t\" side=\"b\" x=\"170\" y=\"100\" stance=\"galloping\" mounted=\"true\"/>");
  g_autoptr(PhAssessment) aimed = assess (sc, PH_FIRE_AIMED);
  g_autoptr(PhAssessment) snap = assess (sc, PH_FIRE_SNAP);

  assert_can_fire (aimed);
  g_assert_cmpint (aimed->cover, ==, PH_COVER_SOFT);
  assert_chance (aimed, 10.0, "soft");
  g_assert_cmpfloat_with_epsilon (aimed->p_hit, 0.1, EPS);

  assert_can_fire (snap);
  assert_chance (snap, 0.0, "soft");
  g_assert_cmpfloat (snap->p_hit, ==, 0.0);
}

/* Hard cover at long range: -20, whatever the target's stance; at short
 * range a veteran's aimed shot: 10 + 20 = 30 */
static void
test_row_hard_cover (void)
{
  const char *figures =
    "<figure id=\"s\" side=\"a\" x=\"20\" y=\"100\">" RIFLE
    "<featherstone rating=\"veteran\"/></figure>\n"
    "<figure id=\"t\" side=\"b\" x=\"%g\" y=\"100\" stance=\"lying\"/>";
  g_autofree char *far_figures = g_strdup_printf (figures, 320.0);
  g_autofree char *near_figures = g_strdup_printf (figures, 100.0);
  g_autoptr(PhScenario) far = load_scenario (
    "<feature id=\"wall\" kind=\"wall\"><polyline points=\"318,80 318,120\"/></feature>",
    far_figures);
  g_autoptr(PhScenario) near = load_scenario (
    "<feature id=\"wall\" kind=\"wall\"><polyline points=\"98,80 98,120\"/></feature>",
    near_figures);
  g_autoptr(PhAssessment) a = assess (far, PH_FIRE_AIMED);
  g_autoptr(PhAssessment) b = assess (near, PH_FIRE_AIMED);

  assert_can_fire (a);
  g_assert_cmpint (a->cover, ==, PH_COVER_HARD);
  g_assert_cmpstr (a->band, ==, "long");
  /* -20 + 20 (veteran) = 0 */
  assert_chance (a, 0.0, "hard");
  g_assert_cmpfloat (a->p_hit, ==, 0.0);

  assert_can_fire (b);
  g_assert_cmpstr (b->band, ==, "short");
  assert_chance (b, 30.0, "hard");
  g_assert_cmpfloat_with_epsilon (b->p_hit, 0.3, EPS);
}

/* The target's stance picks its row: walking/action, trotting, charging,
 * cantering, galloping; standing at short range 80 */
static void
test_rows_by_stance (void)
{
  static const struct { const char *stance; const char *row; double chance; } cases[] = {
    { "standing", "standing", 80 },
    { "walking", "walking", 70 },
    { "action", "walking", 70 },
    { "running", "running", 60 },
    { "trotting", "running", 60 },
    { "kneeling", "kneeling", 50 },
    { "charging", "kneeling", 50 },
    { "cantering", "kneeling", 50 },
    { "galloping", "galloping", 40 },
    { "lying", "soft", 20 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *attrs = g_strdup_printf ("stance=\"%s\"", cases[i].stance);
      g_autoptr(PhScenario) sc = load_shot ("", "", 100, attrs);
      g_autoptr(PhAssessment) a = assess (sc, PH_FIRE_AIMED);

      assert_can_fire (a);
      g_assert_cmpstr (a->band, ==, "short");
      assert_chance (a, cases[i].chance, cases[i].row);
      g_assert_cmpfloat_with_epsilon (a->p_hit, cases[i].chance / 100.0, EPS);
    }
}

/* A veteran standing at short: 80 + 20 = 100, a sure hit */
static void
test_clamp_high (void)
{
  g_autoptr(PhScenario) sc = load_shot ("", "<featherstone rating=\"veteran\"/>", 10, "");
  g_autoptr(PhAssessment) a = assess (sc, PH_FIRE_AIMED);

  assert_can_fire (a);
  assert_chance (a, 100.0, "standing");
  g_assert_cmpfloat (a->p_hit, ==, 1.0);
}

/* Aimed fire "takes two phases" and allows no moving: a walking shooter may
 * only snap-fire.  Standing target at medium: 70 - 10 (walking) = 60
 * aimed (not allowed), 60 - 10 (snap at medium) = 50 snap. */
static void
test_aimed_while_moving (void)
{
  g_autoptr(PhScenario) sc = load_shot ("stance=\"walking\"", "", 150, "");
  g_autoptr(PhAssessment) aimed = assess (sc, PH_FIRE_AIMED);
  g_autoptr(PhAssessment) snap = assess (sc, PH_FIRE_SNAP);

  assert_reason (aimed, "moving: only snap fire is possible");
  assert_chance (aimed, 60.0, "standing");
  g_assert_cmpstr (aimed->band, ==, "medium");

  assert_can_fire (snap);
  assert_chance (snap, 50.0, "standing");
  g_assert_cmpfloat_with_epsilon (snap->p_hit, 0.5, EPS);
  ph_test_assert_modifiers (snap,
                    "snap fire at medium range", -10.0,
                    "shooter walking", -10.0,
                    NULL);
}

/* Every moving stance forbids aimed fire; the faster ones cost 20 */
static void
test_moving_stances (void)
{
  static const struct { const char *stance; const char *label; double value; } cases[] = {
    { "walking", "shooter walking", -10 },
    { "action", "shooter making an action", -10 },
    { "trotting", "shooter trotting", -10 },
    { "running", "shooter running", -20 },
    { "cantering", "shooter cantering", -20 },
    { "galloping", "shooter galloping", -20 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *attrs = g_strdup_printf ("stance=\"%s\"", cases[i].stance);
      g_autoptr(PhScenario) sc = load_shot (attrs, "", 50, "");
      g_autoptr(PhAssessment) aimed = assess (sc, PH_FIRE_AIMED);
      g_autoptr(PhAssessment) snap = assess (sc, PH_FIRE_SNAP);

      assert_reason (aimed, "moving: only snap fire is possible");
      assert_can_fire (snap);
      /* Standing target, short range: 80, no snap penalty at short */
      assert_chance (snap, 80 + cases[i].value, "standing");
      ph_test_assert_modifiers (snap, cases[i].label, cases[i].value, NULL);
    }
}

/* A kneeling shooter may aim */
static void
test_kneeling_shooter_aims (void)
{
  g_autoptr(PhScenario) sc = load_shot ("stance=\"kneeling\"", "", 50, "");
  g_autoptr(PhAssessment) a = assess (sc, PH_FIRE_AIMED);

  assert_can_fire (a);
  assert_chance (a, 80.0, "standing");
  ph_test_assert_modifiers (a, NULL);
}

/* A charging shooter cannot fire at all, snap or aimed */
static void
test_charging (void)
{
  g_autoptr(PhScenario) sc = load_shot ("stance=\"charging\"", "", 50, "");
  g_autoptr(PhAssessment) aimed = assess (sc, PH_FIRE_AIMED);
  g_autoptr(PhAssessment) snap = assess (sc, PH_FIRE_SNAP);

  assert_reason (aimed, "charging: cannot fire");
  assert_reason (snap, "charging: cannot fire");
}

/* An average with one light and one serious wound, reacting, snap at
 * medium at a standing man: 70 - 10 (snap) - 10 (light) - 20 (serious)
 * - 10 (average reacting) = 20 */
static void
test_wounds_and_reacting (void)
{
  g_autoptr(PhScenario) sc = load_shot ("status=\"reacting\"",
                                        "<featherstone rating=\"average\" light-wounds=\"1\" serious-wounds=\"1\"/>",
                                        200, "");
  g_autoptr(PhAssessment) a = assess (sc, PH_FIRE_SNAP);

  assert_can_fire (a);
  g_assert_cmpstr (a->band, ==, "medium");
  assert_chance (a, 20.0, "standing");
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.2, EPS);
  ph_test_assert_modifiers (a,
                    "snap fire at medium range", -10.0,
                    "1 light wound", -10.0,
                    "1 serious wound", -20.0,
                    "average reacting", -10.0,
                    NULL);
}

/* Two light wounds count twice; a reacting novice loses 20, a reacting
 * veteran nothing.  Novice, 2 light wounds, reacting, aimed at short at a
 * standing man: 80 - 20 - 20 - 20 = 20; the veteran: 80 + 20 - 20 = 80 */
static void
test_reacting_by_rating (void)
{
  g_autoptr(PhScenario) novice = load_shot ("status=\"reacting\"",
                                            "<featherstone rating=\"novice\" light-wounds=\"2\"/>",
                                            80, "");
  g_autoptr(PhScenario) veteran = load_shot ("status=\"reacting\"",
                                             "<featherstone rating=\"veteran\" light-wounds=\"2\"/>",
                                             80, "");
  g_autoptr(PhAssessment) a = assess (novice, PH_FIRE_AIMED);
  g_autoptr(PhAssessment) b = assess (veteran, PH_FIRE_AIMED);

  assert_can_fire (a);
  assert_chance (a, 20.0, "standing");
  ph_test_assert_modifiers (a,
                    "novice shooting", -20.0,
                    "2 light wounds", -20.0,
                    "novice reacting", -20.0,
                    NULL);

  assert_can_fire (b);
  assert_chance (b, 80.0, "standing");
  ph_test_assert_modifiers (b,
                    "veteran shooting", 20.0,
                    "2 light wounds", -20.0,
                    NULL);
}

/* Bands: d <= short is short, then medium, then long; beyond long out of
 * range, with no chance to show but the row still named */
static void
test_bands (void)
{
  static const struct { double d; const char *band; double chance; } cases[] = {
    { 100, "short", 80 },
    { 100.5, "medium", 70 },
    { 200, "medium", 70 },
    { 200.5, "long", 50 },
    { 400, "long", 50 },
  };
  g_autoptr(PhScenario) out = load_shot ("", "", 450, "");
  g_autoptr(PhAssessment) b = assess (out, PH_FIRE_AIMED);
  const char *row = NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PhScenario) sc = load_shot ("", "", cases[i].d, "");
      g_autoptr(PhAssessment) a = assess (sc, PH_FIRE_AIMED);

      assert_can_fire (a);
      g_assert_true (a->in_range);
      g_assert_cmpstr (a->band, ==, cases[i].band);
      assert_chance (a, cases[i].chance, "standing");
    }

  assert_reason (b, "out of range: 450.0 paces, rifle reaches 400 paces");
  g_assert_false (b->in_range);
  g_assert_true (b->has_max_range);
  g_assert_cmpfloat_with_epsilon (b->max_range, 400.0, EPS);
  g_assert_null (b->band);
  /* out of range there is no band, so no chance: null in the JSON */
  {
    g_autoptr(GVariant) chance = g_variant_lookup_value (b->details, "chance_percent", NULL);

    g_assert_nonnull (chance);
    g_assert_true (g_variant_is_of_type (chance, G_VARIANT_TYPE_MAYBE));
    g_assert_cmpuint (g_variant_n_children (chance), ==, 0);
  }
  g_assert_true (g_variant_lookup (b->details, "row", "&s", &row));
  g_assert_cmpstr (row, ==, "standing");
}

/* Engine reasons zero the odds; the chance at that range still shows */
static void
test_not_loaded (void)
{
  g_autoptr(PhScenario) sc = load_scenario (
    NULL,
    "<figure id=\"s\" side=\"a\" x=\"20\" y=\"100\">"
    "<weapon kind=\"musket\" loaded=\"false\" short=\"50\" medium=\"100\" long=\"200\"/></figure>\n"
    "<figure id=\"t\" side=\"b\" x=\"80\" y=\"100\"/>");
  g_autoptr(PhAssessment) a = assess (sc, PH_FIRE_AIMED);

  assert_reason (a, "the musket is not loaded");
  g_assert_cmpstr (a->band, ==, "medium");
  assert_chance (a, 70.0, "standing");
}

static void
test_range_rings (void)
{
  g_autoptr(PhScenario) sc = load_shot ("", "", 50, "");
  g_autoptr(GArray) rings = ph_engine_range_rings (sc, ph_scenario_find_figure (sc, "s"),
                                                   NULL, FALSE);
  static const struct { double d; const char *label; } expected[] = {
    { 100, "short range to 100 paces" }, { 200, "medium range to 200 paces" },
    { 400, "long range to 400 paces" },
  };

  g_assert_cmpuint (rings->len, ==, G_N_ELEMENTS (expected));
  for (gsize i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const PhRangeRing *ring = &g_array_index (rings, PhRangeRing, i);

      g_assert_cmpfloat_with_epsilon (ring->distance, expected[i].d, EPS);
      g_assert_cmpstr (ring->label, ==, expected[i].label);
    }
}

/* An inch table is read in paces, 2.54 to the inch: the distance, the
 * weapon's band limits (written in the table's inches) and the unit. The
 * rifle's 100/200/400 inches are 254/508/1016 paces; the target 150 inches
 * (381 paces) away, centre to centre, is at medium range: standing 70%. */
static void
test_inch_table (void)
{
  g_autoptr(PhScenario) sc = load_shot ("", "", 150, "");
  g_autoptr(PhAssessment) a = NULL;
  g_autoptr(PhAssessment) b = NULL;
  g_autoptr(GArray) rings = NULL;
  PhFigure *t;

  sc->table.unit = PH_UNIT_IN;
  a = assess (sc, PH_FIRE_AIMED);
  g_assert_cmpint (a->unit, ==, PH_DIST_CM);
  g_assert_cmpfloat_with_epsilon (a->distance, 381.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->max_range, 1016.0, 1e-9);
  g_assert_cmpstr (a->band, ==, "medium");
  assert_chance (a, 70, "standing");

  /* 420 inches: 1066.8 paces, beyond the rifle's 1016 */
  t = ph_scenario_find_figure (sc, "t");
  t->x = 20 + 420;
  b = assess (sc, PH_FIRE_AIMED);
  assert_reason (b, "out of range: 1066.8 paces, rifle reaches 1016 paces");

  /* the rings are drawn in table units: back in inches */
  rings = ph_engine_range_rings (sc, ph_scenario_find_figure (sc, "s"), NULL, FALSE);
  g_assert_cmpuint (rings->len, ==, 3);
  g_assert_cmpfloat_with_epsilon (g_array_index (rings, PhRangeRing, 0).distance, 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (g_array_index (rings, PhRangeRing, 2).distance, 400, 1e-9);
  /* and say their paces */
  g_assert_cmpstr (g_array_index (rings, PhRangeRing, 0).label, ==, "short range to 254 paces");
  g_assert_cmpstr (g_array_index (rings, PhRangeRing, 2).label, ==, "long range to 1016 paces");
}

/* The example's melee weapons are in the text's Weapons Table categories:
 * "6 Short Sword/Sword Bayonet/Scimitar/Cutlass", "7 Fixed
 * Bayonet/Spear/...", "8 Sword" (foot), "11 Sabre/Sword" (mounted). */
static void
test_example_melee_categories (void)
{
  g_autoptr(PhScenario) s = ph_test_load_example ("featherstone-cacabelos-1809.xml");
  static const struct { const char *figure; PhWeaponKind kind; int category; } expected[] = {
    { "plunket", PH_WEAPON_SWORD, 6 },         /* sword bayonet, on foot */
    { "harris", PH_WEAPON_SWORD, 6 },
    { "cpl_oneal", PH_WEAPON_SWORD, 6 },
    { "lt_hill", PH_WEAPON_SABRE, 8 },         /* a sword, on foot */
    { "colbert", PH_WEAPON_SABRE, 11 },        /* sabre, mounted */
    { "latour", PH_WEAPON_SABRE, 11 },
    { "voltigeur_roux", PH_WEAPON_BAYONET, 7 }, /* fixed bayonet */
    { "voltigeur_bardin", PH_WEAPON_BAYONET, 7 },
    { "sgt_moreau", PH_WEAPON_BAYONET, 7 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const PhFigure *f = ph_scenario_find_figure (s, expected[i].figure);
      const PhWeapon *w = ph_figure_find_weapon (f, expected[i].kind);

      g_assert_nonnull (w);
      g_assert_cmpint (w->melee_category, ==, expected[i].category);
    }
}

/* One option: the casualty table, whose numbers are the book's
 * (src/rulesets/featherstone/game.md); its format is checked, other names refused */
static void
test_options (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (ph_ruleset_get (ph_test_ruleset ("featherstone"))->n_options, ==, 2);
  g_assert_cmpstr (ph_ruleset_get (ph_test_ruleset ("featherstone"))->options[1].name, ==, "weapons-table");
  /* the Weapons Table: MINE/THEIRS=CHANCE, each pair once */
  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("featherstone"), "weapons-table",
                                          "8/7=50, 7/8=40; 11/6=55", NULL));
  {
    g_autoptr(GError) table_error = NULL;

    g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("featherstone"), "weapons-table",
                                             "8/7=50 12/7=40", &table_error));
    g_assert_nonnull (strstr (table_error->message, "'12/7=40' is not MINE/THEIRS=CHANCE"));
    g_clear_error (&table_error);
    g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("featherstone"), "weapons-table",
                                             "8/7=50 8/7=40", &table_error));
    g_assert_nonnull (strstr (table_error->message, "8/7 is given twice"));
  }
  g_assert_cmpstr (ph_ruleset_get (ph_test_ruleset ("featherstone"))->options[0].name, ==, "casualty-table");
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("featherstone"), "casualty-table",
                                           "true", &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "casualty-table"));
  g_clear_error (&error);
  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("featherstone"), "casualty-table",
                                          "50: 10=A 50=J", &error));
  g_assert_no_error (error);
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("featherstone"), "hit-table",
                                           "1", &error));
  g_assert_nonnull (error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/featherstone/example/veteran-70", test_example_veteran_70);
  g_test_add_func ("/featherstone/chance/novice-snap-long-kneeling", test_novice_snap_long_kneeling);
  g_test_add_func ("/featherstone/chance/clamp-100", test_clamp_high);
  g_test_add_func ("/featherstone/row/lying", test_row_lying);
  g_test_add_func ("/featherstone/row/soft-cover", test_row_soft_cover);
  g_test_add_func ("/featherstone/row/hard-cover", test_row_hard_cover);
  g_test_add_func ("/featherstone/row/by-stance", test_rows_by_stance);
  g_test_add_func ("/featherstone/fire/aimed-while-moving", test_aimed_while_moving);
  g_test_add_func ("/featherstone/fire/moving-stances", test_moving_stances);
  g_test_add_func ("/featherstone/fire/kneeling-aims", test_kneeling_shooter_aims);
  g_test_add_func ("/featherstone/fire/charging", test_charging);
  g_test_add_func ("/featherstone/variation/wounds-reacting", test_wounds_and_reacting);
  g_test_add_func ("/featherstone/variation/reacting-by-rating", test_reacting_by_rating);
  g_test_add_func ("/featherstone/bands", test_bands);
  g_test_add_func ("/featherstone/not-loaded", test_not_loaded);
  g_test_add_func ("/featherstone/rings", test_range_rings);
  g_test_add_func ("/featherstone/inch-table", test_inch_table);
  g_test_add_func ("/featherstone/example/melee-categories", test_example_melee_categories);
  g_test_add_func ("/featherstone/options", test_options);

  return g_test_run ();
}
