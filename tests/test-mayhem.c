/* test-mayhem.c: Musket Mayhem's shots, checked by hand against the rule
 * text (the Musket Mayhem draft) and docs/rules.md
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "ph-test-ruleset.h"
#include "ph-core.h"
#include "ph-test-util.h"

#define EPS 1e-12

/* A two-figure scenario: @table_attrs go on <table>, @rules inside <rules>
 * (or none), @terrain inside <terrain> (or none), @figures inside
 * <figures>. */
static PhScenario *
load_scenario (const char *table_attrs,
               const char *rules,
               const char *terrain,
               const char *figures)
{
  g_autofree char *rules_xml = rules != NULL
    ? g_strdup_printf ("<rules>%s</rules>", rules) : g_strdup ("");
  g_autofree char *terrain_xml = terrain != NULL
    ? g_strdup_printf ("<terrain>%s</terrain>", terrain) : g_strdup ("");
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "  <title>Mayhem test</title>\n"
    "  <table width=\"200\" height=\"200\" %s/>\n"
    "  %s\n"
    "  %s\n"
    "  <sides>\n"
    "    <side id=\"british\" name=\"British\" color=\"#b03a2e\"/>\n"
    "    <side id=\"french\" name=\"French\" color=\"#2e5fa8\"/>\n"
    "  </sides>\n"
    "  <figures>%s</figures>\n"
    "</scenario>\n",
    table_attrs, rules_xml, terrain_xml, figures);

  return ph_test_load_xml (xml, -1, "mayhem-test.xml");
}

/* The shooter "smith" at (10, 30) facing right (+x), the target "otter"
 * @edge inches away along +x (1 inch round bases: centres @edge + 1 apart)
 * in the default edge measure. */
static PhScenario *
load_line (const char *rules,
           const char *terrain,
           const char *shooter_extra,
           const char *shooter_weapon,
           const char *mayhem_attrs,
           double      edge)
{
  char x[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *figures = g_strdup_printf (
    "<figure id=\"smith\" side=\"british\" x=\"10\" y=\"30\" facing=\"90\" %s>"
    "  <weapon kind=\"%s\"/><weapon kind=\"bayonet\"/>"
    "  <mayhem courage=\"4\" armament=\"5\" %s/>"
    "</figure>"
    "<figure id=\"otter\" side=\"french\" x=\"%s\" y=\"30\" facing=\"270\">"
    "  <weapon kind=\"musket\"/><mayhem courage=\"3\" armament=\"5\"/>"
    "</figure>",
    shooter_extra, shooter_weapon, mayhem_attrs,
    g_ascii_dtostr (x, sizeof x, 10.0 + edge + 1.0));

  return load_scenario ("", rules, terrain, figures);
}

static PhAssessment *
assess (const PhScenario    *scenario,
        const PhShotOptions *options)
{
  return ph_test_assess (scenario, "smith", "otter", options);
}

/* Woods (soft cover) and rocks (hard cover) around the target at x */
static char *
cover_around (const char *kind,
              double      target_x)
{
  char x[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup_printf ("<feature id=\"cover\" kind=\"%s\">"
                          "<circle cx=\"%s\" cy=\"30\" r=\"3\"/></feature>",
                          kind, g_ascii_dtostr (x, sizeof x, target_x));
}

/* docs/rules.md's worked example: a musket at 14 in against soft cover.
 * Skill: d6 - 1 (over half of 24) needs 5: only a 6, 1/6. Impact: d6 + 1
 * (musket) needs 6: 5 or 6, 1/3. p_kill = 1/18, courage check
 * 1/6 - 1/18 = 1/9. */
static void
test_cli_example (void)
{
  g_autofree char *woods = cover_around ("woods", 25);
  g_autoptr(PhScenario) s = load_line (NULL, woods, "", "musket", "", 14);
  g_autoptr(PhAssessment) a = assess (s, NULL);

  g_assert_cmpint (a->unit, ==, PH_DIST_IN);
  g_assert_cmpfloat_with_epsilon (a->distance, 14.0, 1e-9);
  g_assert_true (a->has_max_range);
  g_assert_cmpfloat_with_epsilon (a->max_range, 24.0, EPS);
  g_assert_true (a->in_range);
  g_assert_cmpstr (a->band, ==, "over-half");
  g_assert_true (a->in_arc);
  g_assert_true (a->los_clear);
  g_assert_cmpint (a->cover, ==, PH_COVER_SOFT);
  g_assert_true (a->can_fire);
  g_assert_cmpuint (a->reasons->len, ==, 0);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 1.0 / 6.0, EPS);
  g_assert_true (a->has_p_kill);
  g_assert_cmpfloat_with_epsilon (a->p_kill, 1.0 / 18.0, EPS);
  /* the very doubles of the worked example's JSON */
  g_assert_true (a->p_hit == 0.16666666666666666);
  g_assert_true (a->p_kill == 0.05555555555555555);
  g_assert_cmpuint (a->modifiers->len, ==, 1);
  ph_test_assert_modifier (a, 0, "over half range", -1);
  g_assert_cmpint (ph_test_detail_int (a, "skill_target"), ==, 5);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "p_courage_check"), 1.0 / 9.0, EPS);
  g_assert_true (ph_test_detail_double (a, "p_courage_check") == 0.1111111111111111);
  g_assert_cmpuint (g_variant_n_children (a->details), ==, 2);
}

/* A pistol at 5 in (half of 12 is 6: close), target in the open: skill
 * d6 >= 4, 1/2; impact d6 (no pistol bonus) >= 6, 1/6: p_kill 1/12. */
static void
test_pistol_close (void)
{
  g_autoptr(PhScenario) s = load_line (NULL, NULL, "", "pistol", "", 5);
  g_autoptr(PhAssessment) a = assess (s, NULL);

  g_assert_cmpfloat_with_epsilon (a->max_range, 12.0, EPS);
  g_assert_cmpstr (a->band, ==, "close");
  g_assert_cmpint (a->cover, ==, PH_COVER_OPEN);
  g_assert_true (a->can_fire);
  g_assert_cmpuint (a->modifiers->len, ==, 0);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.5, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_kill, 1.0 / 12.0, EPS);
  g_assert_cmpint (ph_test_detail_int (a, "skill_target"), ==, 4);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "p_courage_check"), 5.0 / 12.0, EPS);
}

/* Exactly half range is still close ("-1 if over half range"). */
static void
test_half_range_boundary (void)
{
  g_autoptr(PhScenario) s = load_line (NULL, NULL, "", "musket", "", 12);
  g_autoptr(PhAssessment) a = assess (s, NULL);

  g_assert_cmpstr (a->band, ==, "close");
  g_assert_cmpuint (a->modifiers->len, ==, 0);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.5, EPS);
  /* musket impact d6 + 1 >= 6: 2/6 */
  g_assert_cmpfloat_with_epsilon (a->p_kill, 1.0 / 6.0, EPS);
}

/* A mounted rifle at 20 in (over half of 36) against hard cover: d6 - 2
 * can never reach 6. It may fire; it cannot hit. */
static void
test_mounted_rifle_hard (void)
{
  g_autofree char *rocks = cover_around ("rocks", 31);
  g_autoptr(PhScenario) s = load_line (NULL, rocks, "mounted=\"true\" troop=\"cavalry\"",
                                       "rifle", "", 20);
  g_autoptr(PhAssessment) a = assess (s, NULL);

  g_assert_cmpfloat_with_epsilon (a->max_range, 36.0, EPS);
  g_assert_cmpstr (a->band, ==, "over-half");
  g_assert_cmpint (a->cover, ==, PH_COVER_HARD);
  g_assert_true (a->can_fire);
  g_assert_cmpuint (a->modifiers->len, ==, 2);
  ph_test_assert_modifier (a, 0, "over half range", -1);
  ph_test_assert_modifier (a, 1, "firing while mounted", -1);
  g_assert_cmpint (ph_test_detail_int (a, "skill_target"), ==, 6);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_kill, 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "p_courage_check"), 0.0, EPS);
}

/* Roundshot at 30 in (close: half of 72 is 36), open: skill 1/2; impact
 * d6 + 3 >= 6 on 3..6, 4/6. p_kill = 1/2 x 4/6 = 1/3, courage 1/6. */
static void
test_roundshot (void)
{
  g_autoptr(PhScenario) s = load_line (NULL, NULL, "troop=\"artillery\"", "roundshot", "", 30);
  g_autoptr(PhAssessment) a = assess (s, NULL);

  g_assert_cmpfloat_with_epsilon (a->max_range, 72.0, EPS);
  g_assert_cmpstr (a->band, ==, "close");
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.5, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_kill / a->p_hit, 4.0 / 6.0, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_kill, 1.0 / 3.0, EPS);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "p_courage_check"), 1.0 / 6.0, EPS);
}

/* Canister: 36 in, impact +2. At 20 in (over half), open: skill d6 - 1 >=
 * 4 on 5, 6: 1/3; impact d6 + 2 >= 6 on 4..6: 1/2; p_kill 1/6. */
static void
test_canister (void)
{
  g_autoptr(PhScenario) s = load_line (NULL, NULL, "troop=\"artillery\"", "canister", "", 20);
  g_autoptr(PhAssessment) a = assess (s, NULL);

  g_assert_cmpfloat_with_epsilon (a->max_range, 36.0, EPS);
  g_assert_cmpstr (a->band, ==, "over-half");
  g_assert_cmpfloat_with_epsilon (a->p_hit, 1.0 / 3.0, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_kill, 1.0 / 6.0, EPS);
}

/* A hero (Hawkeye with Killdeer: "+2 to hit and a +1 to impact") with a
 * musket at 20 in, open: skill d6 - 1 + 2 >= 4 on 3..6, 4/6; impact d6 +
 * 1 + 1 >= 6 on 4..6, 1/2. p_kill 1/3, courage 1/3. */
static void
test_hit_bonus (void)
{
  g_autoptr(PhScenario) s = load_line (NULL, NULL, "", "musket",
                                       "hit-bonus=\"2\" impact-bonus=\"1\"", 20);
  g_autoptr(PhAssessment) a = assess (s, NULL);

  g_assert_cmpuint (a->modifiers->len, ==, 2);
  ph_test_assert_modifier (a, 0, "over half range", -1);
  ph_test_assert_modifier (a, 1, "hero's skill bonus", 2);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 4.0 / 6.0, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_kill, 1.0 / 3.0, EPS);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "p_courage_check"), 1.0 / 3.0, EPS);
}

/* On a cm table, 35.56 cm centre to centre is 14 in: over half range.
 * 60.96 cm is 24 in (up to rounding): still in a musket's range. Rings come
 * back in table units. */
static void
test_cm_table (void)
{
  const char *figures =
    "<figure id=\"smith\" side=\"british\" x=\"10\" y=\"30\" facing=\"90\">"
    "  <weapon kind=\"musket\"/><mayhem courage=\"4\" armament=\"5\"/></figure>"
    "<figure id=\"otter\" side=\"french\" x=\"45.56\" y=\"30\">"
    "  <mayhem courage=\"3\" armament=\"5\"/></figure>"
    "<figure id=\"far\" side=\"french\" x=\"80\" y=\"91\">"
    "  <mayhem courage=\"3\" armament=\"5\"/></figure>"
    "<figure id=\"gunner\" side=\"british\" x=\"80\" y=\"151.96\" facing=\"0\">"
    "  <weapon kind=\"musket\"/><mayhem courage=\"3\" armament=\"5\"/></figure>";
  g_autoptr(PhScenario) s = load_scenario ("unit=\"cm\" measure=\"centre\"", NULL, NULL,
                                           figures);
  g_autoptr(PhAssessment) a = assess (s, NULL);
  g_autoptr(PhAssessment) b = NULL;
  g_autoptr(GArray) rings = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (a->unit, ==, PH_DIST_IN);
  g_assert_cmpfloat_with_epsilon (a->distance, 14.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->max_range, 24.0, EPS);
  g_assert_cmpstr (a->band, ==, "over-half");
  /* d6 - 1 >= 4 on 5, 6; musket impact d6 + 1 >= 6 on 5, 6 */
  g_assert_cmpfloat_with_epsilon (a->p_hit, 2.0 / 6.0, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_kill, 2.0 / 6.0 * 2.0 / 6.0, EPS);

  b = ph_engine_assess (s, "gunner", "far", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (b->distance, 24.0, 1e-9);
  g_assert_true (b->in_range);
  g_assert_cmpstr (b->band, ==, "over-half");
  g_assert_true (b->can_fire);

  rings = ph_engine_range_rings (s, ph_scenario_find_figure (s, "smith"), NULL, FALSE);
  g_assert_cmpuint (rings->len, ==, 2);
  g_assert_cmpfloat_with_epsilon (g_array_index (rings, PhRangeRing, 0).distance, 12 * 2.54, 1e-9);
  g_assert_cmpstr (g_array_index (rings, PhRangeRing, 0).label, ==, "half range to 12 in");
  g_assert_cmpfloat_with_epsilon (g_array_index (rings, PhRangeRing, 1).distance, 24 * 2.54, 1e-9);
  g_assert_cmpstr (g_array_index (rings, PhRangeRing, 1).label, ==, "max range 24 in");
}

/* 61 cm is 24.016 in: just out of a musket's 24 in */
static void
test_cm_out_of_range (void)
{
  const char *figures =
    "<figure id=\"smith\" side=\"british\" x=\"10\" y=\"30\" facing=\"90\">"
    "  <weapon kind=\"musket\"/><mayhem courage=\"4\" armament=\"5\"/></figure>"
    "<figure id=\"otter\" side=\"french\" x=\"71\" y=\"30\">"
    "  <mayhem courage=\"3\" armament=\"5\"/></figure>";
  g_autoptr(PhScenario) s = load_scenario ("unit=\"cm\" measure=\"centre\"", NULL, NULL,
                                           figures);
  g_autoptr(PhAssessment) a = assess (s, NULL);

  g_assert_cmpfloat_with_epsilon (a->distance, 61.0 / 2.54, 1e-9);
  g_assert_true (a->has_max_range);
  g_assert_false (a->in_range);
  g_assert_null (a->band);
  g_assert_false (a->can_fire);
  g_assert_cmpuint (a->reasons->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (a->reasons, 0), ==,
                   "out of range: 24.02 in away, the musket's range is 24 in");
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_kill, 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "p_courage_check"), 0.0, EPS);
  /* no "over half range" for a shot that cannot be taken */
  g_assert_cmpuint (a->modifiers->len, ==, 0);
}

/* "Figures may not shoot if they are in hand-to-hand contact with an enemy
 * figure." */
static void
test_melee (void)
{
  g_autoptr(PhScenario) s = load_line (NULL, NULL, "status=\"melee\"", "musket", "", 2);
  g_autoptr(PhAssessment) a = assess (s, NULL);

  g_assert_true (a->in_range);
  g_assert_false (a->can_fire);
  g_assert_cmpuint (a->reasons->len, ==, 1);
  g_assert_true (ph_test_has_reason_containing (a, "melee"));
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.0, EPS);
  g_assert_true (a->has_p_kill);
  g_assert_cmpfloat_with_epsilon (a->p_kill, 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "p_courage_check"), 0.0, EPS);
  /* still computable */
  g_assert_cmpint (ph_test_detail_int (a, "skill_target"), ==, 4);
}

/* "must be within a zone 45 degrees to either side of the front facing":
 * the target straight to the right of a figure facing up. */
static void
test_out_of_arc (void)
{
  g_autoptr(PhScenario) s = load_line (NULL, NULL, "", "musket", "", 5);
  PhFigure *smith = ph_scenario_find_figure (s, "smith");
  g_autoptr(PhAssessment) a = NULL;

  smith->facing = 0;
  a = assess (s, NULL);
  g_assert_false (a->in_arc);
  g_assert_true (a->in_range);
  g_assert_false (a->can_fire);
  g_assert_true (ph_test_has_reason_containing (a, "arc"));
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_kill, 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (ph_test_detail_double (a, "p_courage_check"), 0.0, EPS);
  g_clear_pointer (&a, ph_assessment_free);

  /* 45 degrees exactly is still in the zone */
  smith->facing = 45;
  a = assess (s, NULL);
  g_assert_true (a->in_arc);
  g_assert_true (a->can_fire);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.5, EPS);
}

/* The earlier draft's ranges as house rules: musket-range 18 (bows too),
 * pistol-range 6. */
static void
test_range_options (void)
{
  const char *rules = "<option name=\"musket-range\" value=\"18\"/>"
                      "<option name=\"pistol-range\" value=\"6\"/>";
  g_autoptr(PhScenario) s = load_line (rules, NULL, "", "musket", "", 10);
  g_autoptr(PhScenario) s2 = load_line (rules, NULL, "", "musket", "", 20);
  g_autoptr(PhScenario) s3 = load_line (rules, NULL, "", "bow", "", 18);
  g_autoptr(PhScenario) s4 = load_line (rules, NULL, "", "pistol", "", 4);
  g_autoptr(PhAssessment) a = assess (s, NULL);
  g_autoptr(PhAssessment) b = assess (s2, NULL);
  g_autoptr(PhAssessment) c = assess (s3, NULL);
  g_autoptr(PhAssessment) d = assess (s4, NULL);
  g_autoptr(GArray) rings = NULL;

  /* 10 > 18/2: over half */
  g_assert_cmpfloat_with_epsilon (a->max_range, 18.0, EPS);
  g_assert_cmpstr (a->band, ==, "over-half");
  g_assert_cmpfloat_with_epsilon (a->p_hit, 1.0 / 3.0, EPS);

  g_assert_false (b->in_range);
  g_assert_false (b->can_fire);
  g_assert_true (ph_test_has_reason_containing (b, "out of range"));

  /* bow: 18 in is still in range; no impact bonus: p_kill 1/3 x 1/6 */
  g_assert_cmpfloat_with_epsilon (c->max_range, 18.0, EPS);
  g_assert_true (c->in_range);
  g_assert_cmpstr (c->band, ==, "over-half");
  g_assert_cmpfloat_with_epsilon (c->p_kill, 1.0 / 18.0, EPS);

  g_assert_cmpfloat_with_epsilon (d->max_range, 6.0, EPS);
  g_assert_cmpstr (d->band, ==, "over-half");

  rings = ph_engine_range_rings (s, ph_scenario_find_figure (s, "smith"), NULL, FALSE);
  g_assert_cmpuint (rings->len, ==, 2);
  g_assert_cmpfloat_with_epsilon (g_array_index (rings, PhRangeRing, 0).distance, 9.0, EPS);
  g_assert_cmpstr (g_array_index (rings, PhRangeRing, 0).label, ==, "half range to 9 in");
  g_assert_cmpfloat_with_epsilon (g_array_index (rings, PhRangeRing, 1).distance, 18.0, EPS);
  g_assert_cmpstr (g_array_index (rings, PhRangeRing, 1).label, ==, "max range 18 in");
}

static void
test_check_option (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("musket-mayhem"), "musket-range", "18", NULL));
  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("musket-mayhem"), "pistol-range", "6.5", NULL));
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("musket-mayhem"), "musket-range", "x", &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "option 'musket-range' must be a number > 0, not 'x'");
  g_clear_error (&error);
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("musket-mayhem"), "pistol-range", "0", &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("musket-mayhem"), "pistol-range", "-6", NULL));
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("musket-mayhem"), "pistol-range", "12in", NULL));
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("musket-mayhem"), "pistol-range", "", NULL));
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("musket-mayhem"), "pistol-range", "inf", NULL));
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("musket-mayhem"), "rifle-range", "36", &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
}

/* A scenario built in memory with an unusable option: the question is
 * wrong, not the shot. */
static void
test_bad_option_in_memory (void)
{
  g_autoptr(PhScenario) s = load_line (NULL, NULL, "", "musket", "", 5);
  g_autoptr(GError) error = NULL;
  PhAssessment *a;

  g_ptr_array_add (s->options, ph_option_new ("musket-range", "far"));
  a = ph_engine_assess (s, "smith", "otter", NULL, &error);
  g_assert_null (a);
  g_assert_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_BAD_OPTION);
}

/* A blunderbuss or thrown tomahawk is not in Musket Mayhem's table. */
static void
test_not_a_weapon (void)
{
  g_autoptr(PhScenario) s = load_line (NULL, NULL, "", "blunderbuss", "", 5);
  g_autoptr(PhAssessment) a = assess (s, NULL);
  g_autoptr(GArray) rings = NULL;

  g_assert_false (a->has_max_range);
  g_assert_false (a->can_fire);
  g_assert_true (ph_test_has_reason_containing (a, "not a Musket Mayhem missile weapon"));
  g_assert_null (a->band);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.0, EPS);

  rings = ph_engine_range_rings (s, ph_scenario_find_figure (s, "smith"), NULL, FALSE);
  g_assert_cmpuint (rings->len, ==, 0);
}

/* "They may not shoot over another figure (defined as any part of the
 * figure's base)" */
static void
test_figure_blocks (void)
{
  const char *figures =
    "<figure id=\"smith\" side=\"british\" x=\"10\" y=\"30\" facing=\"90\">"
    "  <weapon kind=\"musket\"/><mayhem courage=\"4\" armament=\"5\"/></figure>"
    "<figure id=\"jones\" side=\"british\" x=\"15\" y=\"30.4\">"
    "  <mayhem courage=\"3\" armament=\"5\"/></figure>"
    "<figure id=\"otter\" side=\"french\" x=\"20\" y=\"30\">"
    "  <mayhem courage=\"3\" armament=\"5\"/></figure>";
  g_autoptr(PhScenario) s = load_scenario ("", NULL, NULL, figures);
  g_autoptr(PhAssessment) a = assess (s, NULL);

  g_assert_false (a->los_clear);
  g_assert_false (a->can_fire);
  g_assert_cmpuint (a->blocked_by->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (a->blocked_by, 0), ==, "jones");
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.0, EPS);
}

static void
test_ruleset_flags (void)
{
  const PhRuleset *r = ph_ruleset_get (ph_test_ruleset ("musket-mayhem"));

  g_assert_cmpstr (r->name, ==, "musket-mayhem");
  g_assert_true (r->has_arc);
  g_assert_true (r->figures_block_los);
  g_assert_true (r->has_kill);
  g_assert_nonnull (ph_ruleset_find_option (r, "pistol-range"));
  g_assert_nonnull (ph_ruleset_find_option (r, "musket-range"));
}

/* The details are written in GVariant's serialised form by hand: on every
 * pair of the example (every cover, in range or not, with and without a
 * missile weapon), they are the very bytes a builder makes of the same two
 * entries, in the same order, and a vardict in normal form */
static void
test_details_form (void)
{
  g_autoptr(PhScenario) s = ph_test_load_example ("musket-mayhem-fight-at-the-farmstead.xml");
  guint n = 0, n_targets[7] = { 0 };
  gboolean some_courage = FALSE;

  for (guint i = 0; i < s->figures->len; i++)
    for (guint j = 0; j < s->figures->len; j++)
      {
        const PhFigure *a = g_ptr_array_index (s->figures, i);
        const PhFigure *b = g_ptr_array_index (s->figures, j);
        g_autoptr(GError) error = NULL;
        g_autoptr(PhAssessment) shot = NULL;
        g_autoptr(GVariant) built = NULL;
        GVariantBuilder builder;
        const char *key0, *key1;
        g_autoptr(GVariant) v0 = NULL;
        g_autoptr(GVariant) v1 = NULL;

        if (i == j)
          continue;
        shot = ph_engine_assess_figures (s, a, b, NULL, &error);
        g_assert_no_error (error);
        g_assert_true (g_variant_is_of_type (shot->details, G_VARIANT_TYPE_VARDICT));
        g_assert_true (g_variant_is_normal_form (shot->details));
        g_assert_cmpuint (g_variant_n_children (shot->details), ==, 2);
        g_variant_get_child (shot->details, 0, "{&sv}", &key0, &v0);
        g_variant_get_child (shot->details, 1, "{&sv}", &key1, &v1);
        g_assert_cmpstr (key0, ==, "skill_target");
        g_assert_cmpstr (key1, ==, "p_courage_check");
        g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
        g_variant_builder_add (&builder, "{sv}", "skill_target",
                               g_variant_new_int32 (g_variant_get_int32 (v0)));
        g_variant_builder_add (&builder, "{sv}", "p_courage_check",
                               g_variant_new_double (g_variant_get_double (v1)));
        built = g_variant_ref_sink (g_variant_builder_end (&builder));
        g_assert_cmpmem (g_variant_get_data (shot->details), g_variant_get_size (shot->details),
                         g_variant_get_data (built), g_variant_get_size (built));
        g_assert_true (g_variant_equal (shot->details, built));
        g_assert_cmpint (g_variant_get_int32 (v0), >=, 4);
        g_assert_cmpint (g_variant_get_int32 (v0), <=, 6);
        n_targets[g_variant_get_int32 (v0)]++;
        some_courage |= g_variant_get_double (v1) > 0;
        n++;
      }
  g_assert_cmpuint (n, ==, s->figures->len * (s->figures->len - 1));
  /* the example has shots in the open and in cover, and some that hit */
  g_assert_cmpuint (n_targets[4], >, 0);
  g_assert_cmpuint (n_targets[5] + n_targets[6], >, 0);
  g_assert_true (some_courage);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mayhem/cli-example", test_cli_example);
  g_test_add_func ("/mayhem/pistol-close", test_pistol_close);
  g_test_add_func ("/mayhem/half-range-boundary", test_half_range_boundary);
  g_test_add_func ("/mayhem/mounted-rifle-hard-cover", test_mounted_rifle_hard);
  g_test_add_func ("/mayhem/roundshot", test_roundshot);
  g_test_add_func ("/mayhem/canister", test_canister);
  g_test_add_func ("/mayhem/hit-bonus", test_hit_bonus);
  g_test_add_func ("/mayhem/cm-table", test_cm_table);
  g_test_add_func ("/mayhem/cm-out-of-range", test_cm_out_of_range);
  g_test_add_func ("/mayhem/melee", test_melee);
  g_test_add_func ("/mayhem/out-of-arc", test_out_of_arc);
  g_test_add_func ("/mayhem/range-options", test_range_options);
  g_test_add_func ("/mayhem/check-option", test_check_option);
  g_test_add_func ("/mayhem/bad-option-in-memory", test_bad_option_in_memory);
  g_test_add_func ("/mayhem/not-a-weapon", test_not_a_weapon);
  g_test_add_func ("/mayhem/figure-blocks", test_figure_blocks);
  g_test_add_func ("/mayhem/ruleset-flags", test_ruleset_flags);
  g_test_add_func ("/mayhem/details-form", test_details_form);

  return g_test_run ();
}
