/* test-firelock.c: Firelock and Scalplock shooting, against the rule text's
 * worked examples and hand-checked enumerations
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every expected number below is worked out by hand in the comment next to
 * it, from the Firelock and Scalplock rules as docs/rules.md reads them.
 */
#include <stdarg.h>
#include <string.h>

#include "ph-test-ruleset.h"
#include "ph-ruleset-firelock.h"
#include "ph-core.h"
#include "ph-test-util.h"

#define EPS 1e-12

/* Scenario building: a Firelock table with two sides, the figures and
 * terrain given as XML fragments.  The shooter is always "s", the target
 * "t". */
static PhScenario *
load_scenario (const char *table_attrs,
               const char *terrain,
               const char *figures)
{
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"firelock-scalplock\">\n"
    "  <title>Firelock test</title>\n"
    "  <table %s/>\n"
    "%s%s%s"
    "  <sides>\n"
    "    <side id=\"a\" name=\"Rangers\" color=\"#2e5fa8\"/>\n"
    "    <side id=\"b\" name=\"Chief Otter Breath's band\" color=\"#b03a2e\"/>\n"
    "  </sides>\n"
    "  <figures>\n%s\n  </figures>\n"
    "</scenario>\n",
    table_attrs,
    terrain != NULL ? "  <terrain>\n" : "",
    terrain != NULL ? terrain : "",
    terrain != NULL ? "\n  </terrain>\n" : "",
    figures);

  return ph_test_load_xml (xml, -1, "test.xml");
}

/* An inch table measured centre to centre, so distances are exact */
#define TABLE_IN "width=\"120\" height=\"48\" unit=\"in\" measure=\"centre\""

static PhAssessment *
assess (const PhScenario    *scenario,
        const PhShotOptions *options)
{
  return ph_test_assess (scenario, "s", "t", options);
}

static double
outcome (const PhAssessment *a,
         const char         *name)
{
  g_autoptr(GVariant) outcomes = g_variant_lookup_value (a->details, "outcomes",
                                                         G_VARIANT_TYPE ("a{sd}"));
  double value = -1;

  g_assert_nonnull (outcomes);
  g_assert_true (g_variant_lookup (outcomes, name, "d", &value));
  return value;
}

/* The outcomes are listed in rules.md's order and sum to 1 */
static void
assert_outcomes_well_formed (const PhAssessment *a)
{
  static const char * const names[] = {
    "miss", "killed", "5 hits", "4 hits", "3 hits", "2 hits", "1 hit",
    "no effect", "angry", "vexed", "startled", "cowers", "prone", "runs",
    "runs double",
  };
  g_autoptr(GVariant) outcomes = g_variant_lookup_value (a->details, "outcomes",
                                                         G_VARIANT_TYPE ("a{sd}"));
  double sum = 0;
  GVariantBuilder same;
  g_autoptr(GVariant) built = NULL;

  g_assert_nonnull (outcomes);
  g_assert_cmpuint (g_variant_n_children (outcomes), ==, G_N_ELEMENTS (names));
  /* written by hand in GVariant's form: a builder's very bytes */
  g_assert_true (g_variant_is_normal_form (outcomes));
  g_variant_builder_init (&same, G_VARIANT_TYPE ("a{sd}"));
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const char *name;
      double p;

      g_variant_get_child (outcomes, i, "{&sd}", &name, &p);
      g_assert_cmpstr (name, ==, names[i]);
      g_assert_cmpfloat (p, >=, 0.0);
      g_variant_builder_add (&same, "{sd}", name, p);
      sum += p;
    }
  built = g_variant_ref_sink (g_variant_builder_end (&same));
  g_assert_cmpuint (g_variant_get_size (outcomes), ==, g_variant_get_size (built));
  g_assert_cmpmem (g_variant_get_data (outcomes), g_variant_get_size (outcomes),
                   g_variant_get_data (built), g_variant_get_size (built));
  g_assert_cmpfloat_with_epsilon (sum, 1.0, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "miss"), 1.0 - a->p_hit, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "killed"), a->p_kill, EPS);
}

static void
assert_can_fire (const PhAssessment *a)
{
  if (a->reasons->len > 0)
    g_error ("unexpected reason: %s", (const char *) a->reasons->pdata[0]);
  g_assert_true (a->can_fire);
}

/* P(acquire) and P(hit), the latter P(acquire) times the chance */
static void
assert_acquire_hit (const PhAssessment *a,
                    double              p_acquire,
                    double              p_hit)
{
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "p_acquire"), p_acquire, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_hit, p_hit, EPS);
}

static void
assert_reasons (const PhAssessment *a,
                const char         *reason)
{
  g_assert_false (a->can_fire);
  g_assert_cmpuint (a->reasons->len, ==, 1);
  g_assert_cmpstr (a->reasons->pdata[0], ==, reason);
  g_assert_cmpfloat (a->p_hit, ==, 0.0);
  g_assert_true (a->has_p_kill);
  g_assert_cmpfloat (a->p_kill, ==, 0.0);
}

/* A shooter at (10, 24) and a target @d inches to its right, in the open */
static PhScenario *
load_open_shot (const char *shooter_attrs,
                const char *weapon,
                double      d,
                const char *target_attrs)
{
  g_autofree char *figures = g_strdup_printf (
    "<figure id=\"s\" side=\"a\" x=\"10\" y=\"24\" %s><weapon kind=\"%s\"/></figure>\n"
    "<figure id=\"t\" side=\"b\" x=\"%g\" y=\"24\" %s/>",
    shooter_attrs, weapon, 10.0 + d, target_attrs);

  return load_scenario (TABLE_IN, NULL, figures);
}

/* "Example: The target is 22" away: 50 - 22 = 28 X 2 = 56% or less" */
static void
test_formula_musket_22in (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_open_shot ("troop=\"line\"", "musket", 22, "");
  g_autoptr(PhAssessment) a = assess (sc, &options);

  assert_can_fire (a);
  g_assert_cmpint (a->unit, ==, PH_DIST_IN);
  g_assert_cmpfloat_with_epsilon (a->distance, 22.0, EPS);
  g_assert_true (a->has_max_range);
  g_assert_cmpfloat_with_epsilon (a->max_range, 50.0, EPS);
  g_assert_true (a->in_range);
  g_assert_null (a->band);
  g_assert_true (a->in_arc);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "chance_percent"), 56.0, EPS);
  /* In the open, acquisition is automatic (B.2) */
  assert_acquire_hit (a, 1.0, 0.56);
  /* No modifier on the result: d10 can never reach 12 */
  g_assert_true (a->has_p_kill);
  g_assert_cmpfloat_with_epsilon (a->p_kill, 0.0, EPS);
  ph_test_assert_modifiers (a, NULL);

  /* Given a hit, d10 + 0: 7, 8, 9, 10 give 1, 2, 3, 4 hits (1/10 each);
   * 1..6 (6/10) re-roll: 1-3 no effect (3/10), 4..10 one each (1/10).
   * Unconditional: times 0.56. */
  assert_outcomes_well_formed (a);
  g_assert_cmpfloat_with_epsilon (outcome (a, "miss"), 0.44, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "5 hits"), 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "4 hits"), 0.056, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "1 hit"), 0.056, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "no effect"), 0.56 * 0.6 * 0.3, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "angry"), 0.56 * 0.6 * 0.1, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "runs double"), 0.56 * 0.6 * 0.1, EPS);
}

/* A shot in the open whose formula gives the maximum range, the chance and
 * P(hit) below (max_range < 0: not checked), and, when modifier is set,
 * that single modifier */
typedef struct
{
  const char *path;
  const char *shooter_attrs;
  const char *weapon;
  double      d;
  double      max_range;
  double      chance_percent;
  double      p_hit;
  const char *modifier;
  double      modifier_value;
} FormulaCase;

static const FormulaCase formula_cases[] = {
  /* "The target is 12" away: 25 - 12 = 13 X 2 = 26% or less" */
  { "/firelock/formula/pistol-12in", "troop=\"light\"", "pistol", 12, 25.0, 26.0, 0.26, NULL, 0 },
  /* "target is 12" away: 100 - 12 = 88% or less" */
  { "/firelock/formula/rifle-12in", "troop=\"light\"", "rifle", 12, 100.0, 88.0, 0.88, NULL, 0 },
  /* Bow and blunderbuss use the pistol formula: at 5", (25 - 5) x 2 = 40 */
  { "/firelock/formula/bow-5in", "troop=\"indian\"", "bow", 5, 25.0, 40.0, 0.40, NULL, 0 },
  /* "smoothbores as pistols": at 12", (25 - 12) x 2 = 26, range 25; (50 -
   * 12) x 2 = 76 on foot: 26 - 76 = -50 */
  { "/firelock/mounted/musket", "troop=\"cavalry\" mounted=\"true\"", "musket", 12,
    25.0, 26.0, 0.26, "chance: mounted, musket fires as a pistol", -50.0 },
};

static PhAssessment *
assess_formula (const FormulaCase *c)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_open_shot (c->shooter_attrs, c->weapon, c->d, "");
  PhAssessment *a = assess (sc, &options);

  assert_can_fire (a);
  if (c->max_range >= 0)
    g_assert_cmpfloat_with_epsilon (a->max_range, c->max_range, EPS);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "chance_percent"), c->chance_percent, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_hit, c->p_hit, EPS);
  if (c->modifier != NULL)
    ph_test_assert_modifiers (a, c->modifier, c->modifier_value, NULL);
  return a;
}

static void
test_formula (gconstpointer data)
{
  ph_assessment_free (assess_formula (data));
}

/* A cm table: 55.88 cm is 22 in, so the musket's 56% again; the maximum
 * range stays in inches (the assessment's unit) */
static void
test_formula_cm_table (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_scenario (
    "width=\"300\" height=\"120\" unit=\"cm\" measure=\"centre\"", NULL,
    "<figure id=\"s\" side=\"a\" x=\"10\" y=\"60\"><weapon kind=\"musket\"/></figure>\n"
    "<figure id=\"t\" side=\"b\" x=\"65.88\" y=\"60\"/>");
  g_autoptr(PhAssessment) a = assess (sc, &options);

  assert_can_fire (a);
  g_assert_cmpint (a->unit, ==, PH_DIST_IN);
  g_assert_cmpfloat_with_epsilon (a->distance, 22.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->max_range, 50.0, EPS);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "chance_percent"), 56.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.56, EPS);
}

/* 66.04 cm is 26": (50 - 26) x 2 = 48.  In doubles the distance comes out
 * as 26.000000000000004 and the chance as 47.99999999999999, which a bare
 * floor() would read as 47%. */
static void
test_formula_cm_floor (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_scenario (
    "width=\"300\" height=\"120\" unit=\"cm\" measure=\"centre\"", NULL,
    "<figure id=\"s\" side=\"a\" x=\"10\" y=\"60\"><weapon kind=\"musket\"/></figure>\n"
    "<figure id=\"t\" side=\"b\" x=\"76.04\" y=\"60\"/>");
  g_autoptr(PhAssessment) a = assess (sc, &options);

  assert_can_fire (a);
  g_assert_cmpfloat_with_epsilon (a->distance, 26.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "chance_percent"), 48.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.48, EPS);
}

/* Default measure: edge to edge.  Centres 23" apart, bases 1" wide: 22" */
static void
test_formula_edge_measure (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_scenario (
    "width=\"120\" height=\"48\"", NULL,
    "<figure id=\"s\" side=\"a\" x=\"10\" y=\"24\"><weapon kind=\"musket\"/></figure>\n"
    "<figure id=\"t\" side=\"b\" x=\"33\" y=\"24\"/>");
  g_autoptr(PhAssessment) a = assess (sc, &options);

  assert_can_fire (a);
  g_assert_cmpfloat_with_epsilon (a->distance, 22.0, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.56, EPS);
}

/* The musket's "50" maximum range": in range at 50 (0%), out at 52 */
static void
test_range_musket (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) at50 = load_open_shot ("", "musket", 50, "");
  g_autoptr(PhScenario) at52 = load_open_shot ("", "musket", 52, "");
  g_autoptr(PhAssessment) a = assess (at50, &options);
  g_autoptr(PhAssessment) b = assess (at52, &options);

  assert_can_fire (a);
  g_assert_true (a->in_range);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "chance_percent"), 0.0, EPS);
  g_assert_cmpfloat (a->p_hit, ==, 0.0);

  g_assert_false (b->in_range);
  g_assert_true (b->has_max_range);
  g_assert_cmpfloat_with_epsilon (b->max_range, 50.0, EPS);
  assert_reasons (b, "out of range: 52.0 in, musket reaches 50 in");
  g_assert_null (b->band);
  /* Still computable at that distance: (50 - 52) x 2 = -4; P(acquire) 1 */
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (b, "chance_percent"), -4.0, EPS);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (b, "p_acquire"), 1.0, EPS);
  assert_outcomes_well_formed (b);
  g_assert_cmpfloat (outcome (b, "miss"), ==, 1.0);
}

/* A distance just over the limit is not printed as the limit */
static void
test_range_reason_precision (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_open_shot ("", "musket", 50.01, "");
  g_autoptr(PhAssessment) a = assess (sc, &options);

  assert_reasons (a, "out of range: 50.01 in, musket reaches 50 in");
}

/* "make the percentage chance to hit 25% or less while the range does
 * [not] exceed 12"" */
static void
test_thrown (void)
{
  static const FormulaCase at12 = { NULL, "troop=\"indian\"", "thrown", 12, 12.0, 25.0, 0.25, NULL, 0 };
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) at12_5 = load_open_shot ("troop=\"indian\"", "thrown", 12.5, "");
  g_autoptr(PhAssessment) a = assess_formula (&at12);
  g_autoptr(PhAssessment) b = assess (at12_5, &options);

  assert_reasons (b, "out of range: 12.5 in, thrown reaches 12 in");
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (b, "chance_percent"), 25.0, EPS);
}

/* "mounted rifles fire as smoothbores": at 12", (50 - 12) x 2 = 76 instead
 * of 88, range 50 */
static void
test_mounted_rifle (void)
{
  static const FormulaCase at12 = {
    NULL, "troop=\"light\" mounted=\"true\"", "rifle", 12, 50.0, 76.0, 0.76,
    "chance: mounted, rifle fires as a musket", -12.0
  };
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) at60 = load_open_shot ("troop=\"light\" mounted=\"true\"", "rifle", 60, "");
  g_autoptr(PhAssessment) a = assess_formula (&at12);
  g_autoptr(PhAssessment) b = assess (at60, &options);

  /* 60" is rifle range on foot, not mounted */
  assert_reasons (b, "out of range: 60.0 in, rifle reaches 50 in when mounted");
}

/* "pistols cut the percentage chance in half": at 12", 26 / 2 = 13; at
 * 12.5", 12.5 / 2... (25 - 12.5) x 2 / 2 = 12.5, which hits on 1..12 */
static void
test_mounted_pistol (void)
{
  static const FormulaCase at12 = {
    NULL, "troop=\"cavalry\" mounted=\"true\"", "pistol", 12, 25.0, 13.0, 0.13,
    "chance: mounted, pistol chance halved", -13.0
  };
  static const FormulaCase at12_5 = {
    NULL, "troop=\"cavalry\" mounted=\"true\"", "pistol", 12.5, -1, 12.5, 0.12, NULL, 0
  };
  g_autoptr(PhAssessment) a = assess_formula (&at12);
  g_autoptr(PhAssessment) b = assess_formula (&at12_5);
}

/* A blunderbuss fired from the saddle is halved too, and keeps its +3 on
 * the result: at 5", (25 - 5) x 2 / 2 = 20 */
static void
test_mounted_blunderbuss (void)
{
  static const FormulaCase at5 = {
    NULL, "troop=\"cavalry\" mounted=\"true\"", "blunderbuss", 5, -1, 20.0, 0.20, NULL, 0
  };
  g_autoptr(PhAssessment) a = assess_formula (&at5);

  ph_test_assert_modifiers (a,
                    "chance: mounted, blunderbuss chance halved", -20.0,
                    "result: blunderbuss", 3.0,
                    NULL);
}

/* rules.md: "A mounted figure cannot throw" */
static void
test_mounted_thrown (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_open_shot ("troop=\"indian\" mounted=\"true\"", "thrown", 6, "");
  g_autoptr(PhAssessment) a = assess (sc, &options);

  assert_reasons (a, "a mounted figure cannot throw");
}

/* Canister has no Firelock formula */
static void
test_not_a_firelock_weapon (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_open_shot ("troop=\"artillery\"", "canister", 6, "");
  g_autoptr(PhAssessment) a = assess (sc, &options);

  assert_reasons (a, "a canister is not a Firelock weapon");
  g_assert_false (a->has_max_range);
  g_assert_false (a->in_range);
  /* no formula, no chance: the key is there with no value (JSON null) */
  {
    g_autoptr(GVariant) chance = g_variant_lookup_value (a->details, "chance_percent", NULL);

    g_assert_nonnull (chance);
    g_assert_true (g_variant_is_of_type (chance, G_VARIANT_TYPE_MAYBE));
    g_assert_cmpuint (g_variant_n_children (chance), ==, 0);
  }
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "p_acquire"), 1.0, EPS);
}

/* Target in woods: a woods circle of radius 4 around the target */
static PhScenario *
load_woods_shot (const char *shooter_attrs,
                 const char *weapon,
                 double      d,
                 const char *target_attrs)
{
  g_autofree char *terrain = g_strdup_printf (
    "<feature id=\"wood\" kind=\"woods\"><circle cx=\"%g\" cy=\"24\" r=\"4\"/></feature>",
    10.0 + d);
  g_autofree char *figures = g_strdup_printf (
    "<figure id=\"s\" side=\"a\" x=\"10\" y=\"24\" %s><weapon kind=\"%s\"/></figure>\n"
    "<figure id=\"t\" side=\"b\" x=\"%g\" y=\"24\" %s/>",
    shooter_attrs, weapon, 10.0 + d, target_attrs);

  return load_scenario (TABLE_IN, terrain, figures);
}

/* "a line infantryman in the woods tries to acquire his enemy. On a regular
 * d10 roll, the figure would need to roll a perfect 10 to acquire his
 * target ... By spending 4 IPs, the infantryman can now increase his chances
 * to a die roll of 5 or better" */
static void
test_acquire_line_in_woods (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_woods_shot ("troop=\"line\"", "musket", 22, "troop=\"indian\"");
  g_autoptr(PhAssessment) a = assess (sc, &options);
  g_autoptr(PhAssessment) b = NULL;

  assert_can_fire (a);
  g_assert_cmpint (a->cover, ==, PH_COVER_SOFT);
  g_assert_cmpint (a->cover_detail, ==, PH_FIRELOCK_COVER_WOODS);
  /* d10 - 2 >= 8: a 10 only */
  assert_acquire_hit (a, 0.1, 0.1 * 0.56);
  ph_test_assert_modifiers (a,
                    "to acquire: line trooper", -2.0,
                    "result: target in woods", -3.0,
                    NULL);

  options.values[PH_FIRELOCK_OPT_SPOT] = TRUE;
  b = assess (sc, &options);
  assert_can_fire (b);
  /* d10 + 5 - 2 >= 8: 5..10, six faces */
  assert_acquire_hit (b, 0.6, 0.6 * 0.56);
  ph_test_assert_modifiers (b,
                    "to acquire: paid to spot (4 IPs)", 5.0,
                    "to acquire: line trooper", -2.0,
                    "result: target in woods", -3.0,
                    NULL);
}

/* B.2: a target in cover that has fired this turn is acquired
 * automatically, and no acquisition modifier is shown */
static void
test_acquire_fired_in_cover (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_woods_shot ("troop=\"line\"", "musket", 22,
                                              "troop=\"indian\" status=\"fired\"");
  g_autoptr(PhAssessment) a = NULL;

  options.values[PH_FIRELOCK_OPT_SPOT] = TRUE;
  a = assess (sc, &options);
  assert_can_fire (a);
  assert_acquire_hit (a, 1.0, 0.56);
  ph_test_assert_modifiers (a, "result: target in woods", -3.0, NULL);
}

/* "+1 to acquire cavalry", "-2 if figure is a ... mounted cavalry trooper",
 * "-1 ... startled": +1 - 2 - 1 = -2, so a 10 only (1/10).  The mounted
 * trooper's pistol at 10": (25 - 10) x 2 / 2 = 15. */
static void
test_acquire_mounted_cavalry (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_woods_shot ("troop=\"cavalry\" mounted=\"true\" status=\"startled\"",
                                              "pistol", 10, "troop=\"cavalry\" mounted=\"true\"");
  g_autoptr(PhAssessment) a = assess (sc, &options);
  g_autoptr(PhAssessment) b = NULL;

  assert_can_fire (a);
  assert_acquire_hit (a, 0.1, 0.1 * 0.15);
  ph_test_assert_modifiers (a,
                    "chance: mounted, pistol chance halved", -15.0,
                    "to acquire: target mounted", 1.0,
                    "to acquire: shooter startled", -1.0,
                    "to acquire: mounted cavalry trooper", -2.0,
                    "result: target in woods", -3.0,
                    NULL);

  /* Spotting costs mounted cavalry 4 IPs: -2 + 5 = +3, 5..10 */
  options.values[PH_FIRELOCK_OPT_SPOT] = TRUE;
  b = assess (sc, &options);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (b, "p_acquire"), 0.6, EPS);
}

/* Cavalry on foot is not "mounted cavalry": no -2, spotting costs 2 IPs.
 * Cowering -2 and prone -4 both count: d10 - 6 >= 8 never; with spot,
 * d10 - 1 >= 8 on 9 or 10. */
static void
test_acquire_cowering_prone (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_woods_shot ("troop=\"cavalry\" status=\"cowering prone\"",
                                              "musket", 20, "");
  g_autoptr(PhAssessment) a = assess (sc, &options);
  g_autoptr(PhAssessment) b = NULL;

  assert_can_fire (a);
  g_assert_cmpfloat (ph_test_detail_double (a, "p_acquire"), ==, 0.0);
  g_assert_cmpfloat (a->p_hit, ==, 0.0);
  ph_test_assert_modifiers (a,
                    "to acquire: shooter cowering", -2.0,
                    "to acquire: shooter prone", -4.0,
                    "result: target in woods", -3.0,
                    NULL);

  options.values[PH_FIRELOCK_OPT_SPOT] = TRUE;
  b = assess (sc, &options);
  /* (50 - 20) x 2 = 60 */
  assert_acquire_hit (b, 0.2, 0.2 * 0.6);
  ph_test_assert_modifiers (b,
                    "to acquire: paid to spot (2 IPs)", 5.0,
                    "to acquire: shooter cowering", -2.0,
                    "to acquire: shooter prone", -4.0,
                    "result: target in woods", -3.0,
                    NULL);
}

/* An angry shooter "is not eligible for any bonuses": spot and aim give
 * nothing, said by a modifier worth 0; d10 >= 8 is 3/10 */
static void
test_acquire_angry (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_woods_shot ("troop=\"guerrilla\" status=\"angry\"",
                                              "musket", 12, "troop=\"indian\"");
  g_autoptr(PhAssessment) a = NULL;

  options.values[PH_FIRELOCK_OPT_SPOT] = TRUE;
  options.values[PH_FIRELOCK_OPT_AIM] = PH_AIM_AIM;
  a = assess (sc, &options);
  assert_can_fire (a);
  assert_acquire_hit (a, 0.3, 0.3 * 0.76);
  ph_test_assert_modifiers (a,
                    "angry: not eligible for aim or spot bonuses", 0.0,
                    "result: target in woods", -3.0,
                    NULL);
}

/* The rules' sample turn: a woodsman (Guerrilla) pays 2 IPs to spot and 2
 * to aim, and fires his musket at Chief Otter Breath, 12" away in the
 * woods.
 *   Acquire: d10 + 5 >= 8 on 3..10: 0.8 (his natural 4 made 9).
 *   Chance: (50 - 12) x 2 = 76 (he rolled 67: a hit).
 *   Result: +2 aim - 3 woods = -1 (his 5 made 4: re-roll; the re-roll's 5
 *   made 4: angry).
 * Given a hit, d10 - 1 runs 0..9: 9, 8, 7 give 3, 2, 1 hits (1/10 each),
 * never 12 (so p_kill is 0); d10 1..7 re-roll (7/10): d10 - 1 read as
 * 1..10 is 1 for the die's 1 and 2, so 1..3 on 1..4 (4/10) is no effect,
 * 5 angry, 6 vexed, 7 startled, 8 cowers, 9 prone, 10 runs (1/10 each),
 * and runs double never. */
static void
test_sample_turn (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_woods_shot ("troop=\"guerrilla\"", "musket", 12,
                                              "troop=\"indian\"");
  g_autoptr(PhAssessment) a = NULL;
  double p_hit = 0.8 * 0.76;

  options.values[PH_FIRELOCK_OPT_SPOT] = TRUE;
  options.values[PH_FIRELOCK_OPT_AIM] = PH_AIM_AIM;
  a = assess (sc, &options);

  assert_can_fire (a);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "chance_percent"), 76.0, EPS);
  assert_acquire_hit (a, 0.8, 0.608);
  g_assert_cmpfloat (a->p_kill, ==, 0.0);
  ph_test_assert_modifiers (a,
                    "to acquire: paid to spot (2 IPs)", 5.0,
                    "result: aimed (2 IPs)", 2.0,
                    "result: target in woods", -3.0,
                    NULL);

  assert_outcomes_well_formed (a);
  g_assert_cmpfloat_with_epsilon (outcome (a, "miss"), 1.0 - p_hit, EPS);
  g_assert_cmpfloat (outcome (a, "killed"), ==, 0.0);
  g_assert_cmpfloat (outcome (a, "5 hits"), ==, 0.0);
  g_assert_cmpfloat (outcome (a, "4 hits"), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (outcome (a, "3 hits"), p_hit * 0.1, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "2 hits"), p_hit * 0.1, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "1 hit"), p_hit * 0.1, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "no effect"), p_hit * 0.7 * 0.4, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "angry"), p_hit * 0.07, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "angry"), 0.04256, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "vexed"), p_hit * 0.07, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "startled"), p_hit * 0.07, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "cowers"), p_hit * 0.07, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "prone"), p_hit * 0.07, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "runs"), p_hit * 0.07, EPS);
  g_assert_cmpfloat (outcome (a, "runs double"), ==, 0.0);
}

/* Careful aim +3 and blunderbuss +3 in the open: d10 + 6 kills on 6..10
 * (1/2); 5, 4, 3, 2, 1 give 11, 10, 9, 8, 7: 5 down to 1 hits.  At 5",
 * (25 - 5) x 2 = 40, so p_kill = 0.4 x 0.5 = 0.2. */
static void
test_result_blunderbuss_careful (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_open_shot ("troop=\"guerrilla\"", "blunderbuss", 5, "");
  g_autoptr(PhAssessment) a = NULL;

  options.values[PH_FIRELOCK_OPT_AIM] = PH_AIM_CAREFUL;
  a = assess (sc, &options);
  assert_can_fire (a);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.4, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_kill, 0.2, EPS);
  ph_test_assert_modifiers (a,
                    "result: carefully aimed (4 IPs)", 3.0,
                    "result: blunderbuss", 3.0,
                    NULL);
  assert_outcomes_well_formed (a);
  g_assert_cmpfloat_with_epsilon (outcome (a, "killed"), 0.2, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "5 hits"), 0.04, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "1 hit"), 0.04, EPS);
  g_assert_cmpfloat (outcome (a, "no effect"), ==, 0.0);
}

/* A target inside a building: visible (the building holds its centre),
 * hard cover, class building (-5).  Light troop rifle at 20": 80%,
 * acquire on 8..10 (3/10).  Result d10 - 5 is at most 5: always the
 * re-roll, d10 - 5 read as 1..10: 1..3 on 1..8 no effect (8/10), 9 angry,
 * 10 vexed. */
static void
test_result_building (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_scenario (
    TABLE_IN,
    "<feature id=\"barn\" kind=\"building\"><polygon points=\"26,20 34,20 34,28 26,28\"/></feature>",
    "<figure id=\"s\" side=\"a\" x=\"10\" y=\"24\" troop=\"light\"><weapon kind=\"rifle\"/></figure>\n"
    "<figure id=\"t\" side=\"b\" x=\"30\" y=\"24\"/>");
  g_autoptr(PhAssessment) a = assess (sc, &options);
  double p_hit = 0.3 * 0.8;

  assert_can_fire (a);
  g_assert_cmpint (a->cover, ==, PH_COVER_HARD);
  g_assert_cmpint (a->cover_detail, ==, PH_FIRELOCK_COVER_BUILDING);
  g_assert_cmpfloat_with_epsilon (a->p_hit, p_hit, EPS);
  ph_test_assert_modifiers (a, "result: target in building", -5.0, NULL);
  assert_outcomes_well_formed (a);
  g_assert_cmpfloat_with_epsilon (outcome (a, "no effect"), p_hit * 0.8, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "angry"), p_hit * 0.1, EPS);
  g_assert_cmpfloat_with_epsilon (outcome (a, "vexed"), p_hit * 0.1, EPS);
  g_assert_cmpfloat (outcome (a, "startled"), ==, 0.0);
}

/* Behind works (a linear feature 1" in front of the target): -5, and a
 * hedge: brush, -2.  Guerrilla musket at 20": 60%, acquire on 8..10. */
static void
test_result_works_and_hedge (void)
{
  static const struct { const char *kind; PhFirelockCover cover; const char *label; double value; } cases[] = {
    { "works", PH_FIRELOCK_COVER_WORKS, "result: target behind works", -5.0 },
    { "hedge", PH_FIRELOCK_COVER_BRUSH, "result: target in brush", -2.0 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PhShotOptions options = PH_SHOT_OPTIONS_INIT;
      g_autofree char *terrain = g_strdup_printf (
        "<feature id=\"line\" kind=\"%s\"><polyline points=\"29,20 29,28\"/></feature>",
        cases[i].kind);
      g_autoptr(PhScenario) sc = load_scenario (
        TABLE_IN, terrain,
        "<figure id=\"s\" side=\"a\" x=\"10\" y=\"24\" troop=\"guerrilla\"><weapon kind=\"musket\"/></figure>\n"
        "<figure id=\"t\" side=\"b\" x=\"30\" y=\"24\"/>");
      g_autoptr(PhAssessment) a = assess (sc, &options);

      assert_can_fire (a);
      g_assert_cmpint (a->cover_detail, ==, cases[i].cover);
      assert_acquire_hit (a, 0.3, 0.3 * 0.6);
      ph_test_assert_modifiers (a, cases[i].label, cases[i].value, NULL);
    }
}

/* Engine reasons (here: not loaded) zero the odds but keep the details */
static void
test_not_loaded (void)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhScenario) sc = load_scenario (
    TABLE_IN, NULL,
    "<figure id=\"s\" side=\"a\" x=\"10\" y=\"24\"><weapon kind=\"musket\" loaded=\"false\"/></figure>\n"
    "<figure id=\"t\" side=\"b\" x=\"32\" y=\"24\"/>");
  g_autoptr(PhAssessment) a = assess (sc, &options);

  g_assert_false (a->can_fire);
  g_assert_cmpfloat (a->p_hit, ==, 0.0);
  g_assert_cmpfloat (a->p_kill, ==, 0.0);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "chance_percent"), 56.0, EPS);
  assert_outcomes_well_formed (a);
  g_assert_cmpfloat (outcome (a, "miss"), ==, 1.0);
}

static void
assert_ring (GArray     *rings,
             guint       i,
             double      distance,
             const char *label)
{
  const PhRangeRing *ring = &g_array_index (rings, PhRangeRing, i);

  g_assert_cmpfloat_with_epsilon (ring->distance, distance, 1e-9);
  g_assert_cmpstr (ring->label, ==, label);
}

/* Musket rings every 10": (50 - d) x 2 = 80, 60, 40, 20, then the 50"
 * maximum, each saying what it marks ("80% to hit here", "max range 50
 * in", its 0% left unsaid); pistol every 5"; on a cm table the same rings times 2.54 */
static void
test_range_rings (void)
{
  g_autoptr(PhScenario) sc = load_scenario (
    TABLE_IN, NULL,
    "<figure id=\"s\" side=\"a\" x=\"10\" y=\"24\"><weapon kind=\"musket\"/><weapon kind=\"pistol\"/></figure>\n"
    "<figure id=\"t\" side=\"b\" x=\"32\" y=\"24\" mounted=\"true\"><weapon kind=\"rifle\"/><weapon kind=\"thrown\"/></figure>");
  g_autoptr(PhScenario) cm = load_scenario (
    "width=\"300\" height=\"120\" unit=\"cm\"", NULL,
    "<figure id=\"s\" side=\"a\" x=\"10\" y=\"24\"><weapon kind=\"musket\"/></figure>\n"
    "<figure id=\"t\" side=\"b\" x=\"32\" y=\"24\"/>");
  PhFigure *s = ph_scenario_find_figure (sc, "s");
  PhFigure *t = ph_scenario_find_figure (sc, "t");
  g_autoptr(GArray) musket = ph_engine_range_rings (sc, s, NULL, FALSE);
  g_autoptr(GArray) pistol = ph_engine_range_rings (sc, s, ph_figure_find_weapon (s, PH_WEAPON_PISTOL), FALSE);
  g_autoptr(GArray) mounted_rifle = ph_engine_range_rings (sc, t, NULL, FALSE);
  g_autoptr(GArray) mounted_thrown = ph_engine_range_rings (sc, t, ph_figure_find_weapon (t, PH_WEAPON_THROWN), FALSE);
  g_autoptr(GArray) musket_cm = ph_engine_range_rings (cm, ph_scenario_find_figure (cm, "s"), NULL, FALSE);

  g_assert_cmpuint (musket->len, ==, 5);
  assert_ring (musket, 0, 10, "80% to hit here");
  assert_ring (musket, 1, 20, "60% to hit here");
  assert_ring (musket, 2, 30, "40% to hit here");
  assert_ring (musket, 3, 40, "20% to hit here");
  assert_ring (musket, 4, 50, "max range 50 in");

  g_assert_cmpuint (pistol->len, ==, 5);
  assert_ring (pistol, 0, 5, "40% to hit here");
  assert_ring (pistol, 3, 20, "10% to hit here");
  assert_ring (pistol, 4, 25, "max range 25 in");

  /* Mounted: the rifle fires as a musket */
  g_assert_cmpuint (mounted_rifle->len, ==, 5);
  assert_ring (mounted_rifle, 0, 10, "80% to hit here");
  assert_ring (mounted_rifle, 4, 50, "max range 50 in");
  g_assert_cmpuint (mounted_thrown->len, ==, 0);

  g_assert_cmpuint (musket_cm->len, ==, 5);
  assert_ring (musket_cm, 0, 25.4, "80% to hit here");
  assert_ring (musket_cm, 4, 127, "max range 50 in");
}

static void
test_thrown_ring (void)
{
  g_autoptr(PhScenario) sc = load_open_shot ("troop=\"indian\"", "thrown", 6, "");
  g_autoptr(GArray) rings = ph_engine_range_rings (sc, ph_scenario_find_figure (sc, "s"), NULL, FALSE);

  g_assert_cmpuint (rings->len, ==, 1);
  assert_ring (rings, 0, 12, "max range 12 in, 25% to hit");
}

/* Firelock's one option is the game's card sequencing: the shot's odds
 * have none */
static void
test_no_options (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (ph_ruleset_get (ph_test_ruleset ("firelock-scalplock"))->n_options, ==, 1);
  g_assert_cmpstr (ph_ruleset_get (ph_test_ruleset ("firelock-scalplock"))->options[0].name, ==, "sequencing");
  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("firelock-scalplock"), "sequencing", "officers-first", NULL));
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("firelock-scalplock"), "sequencing", "random", &error));
  g_assert_nonnull (strstr (error->message, "must be one of cards, add-subtract"));
  g_clear_error (&error);
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("firelock-scalplock"), "musket-range", "40", &error));
  g_assert_nonnull (error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/firelock/formula/musket-22in", test_formula_musket_22in);
  for (gsize i = 0; i < G_N_ELEMENTS (formula_cases); i++)
    g_test_add_data_func (formula_cases[i].path, &formula_cases[i], test_formula);
  g_test_add_func ("/firelock/formula/cm-table", test_formula_cm_table);
  g_test_add_func ("/firelock/formula/cm-floor", test_formula_cm_floor);
  g_test_add_func ("/firelock/formula/edge-measure", test_formula_edge_measure);
  g_test_add_func ("/firelock/range/musket", test_range_musket);
  g_test_add_func ("/firelock/range/reason-precision", test_range_reason_precision);
  g_test_add_func ("/firelock/range/thrown", test_thrown);
  g_test_add_func ("/firelock/mounted/rifle", test_mounted_rifle);
  g_test_add_func ("/firelock/mounted/pistol", test_mounted_pistol);
  g_test_add_func ("/firelock/mounted/blunderbuss", test_mounted_blunderbuss);
  g_test_add_func ("/firelock/mounted/thrown", test_mounted_thrown);
  g_test_add_func ("/firelock/weapon/canister", test_not_a_firelock_weapon);
  g_test_add_func ("/firelock/acquire/line-in-woods", test_acquire_line_in_woods);
  g_test_add_func ("/firelock/acquire/fired-in-cover", test_acquire_fired_in_cover);
  g_test_add_func ("/firelock/acquire/mounted-cavalry", test_acquire_mounted_cavalry);
  g_test_add_func ("/firelock/acquire/cowering-prone", test_acquire_cowering_prone);
  g_test_add_func ("/firelock/acquire/angry", test_acquire_angry);
  g_test_add_func ("/firelock/sample-turn", test_sample_turn);
  g_test_add_func ("/firelock/result/blunderbuss-careful", test_result_blunderbuss_careful);
  g_test_add_func ("/firelock/result/building", test_result_building);
  g_test_add_func ("/firelock/result/works-and-hedge", test_result_works_and_hedge);
  g_test_add_func ("/firelock/not-loaded", test_not_loaded);
  g_test_add_func ("/firelock/rings/formulas", test_range_rings);
  g_test_add_func ("/firelock/rings/thrown", test_thrown_ring);
  g_test_add_func ("/firelock/options", test_no_options);

  return g_test_run ();
}
