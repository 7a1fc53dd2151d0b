/* test-fistful.c: Fistful of Lead's shots. The excerpt of Fistful of Lead:
 * Horse and Musket we work from (pages 2-3) gives the special cards and
 * reloading; the shooting numbers come from the scenario's options, so
 * every value here is counted by hand over the d10.
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "ph-test-ruleset.h"
#include "ph-ruleset-fistful.h"
#include "ph-core.h"
#include "ph-test-util.h"

#define EPS 1e-12

#define NO_TARGET_REASON \
  "Fistful of Lead's shooting numbers are not in the excerpt: set the " \
  "scenario options shoot-target (and cover-modifier, long-range, " \
  "long-range-modifier) from your rule book"

/* The shooter "kane" at (10, 20); the target "dutch" @centre inches to the
 * east, centre to centre (@table_attrs may say otherwise), facing away:
 * there is no facing in Fistful of Lead. */
static PhScenario *
load_shot (const char *table_attrs,
           const char *rules,
           const char *terrain,
           const char *shooter_extra,
           double      centre)
{
  char x[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *rules_xml = rules != NULL
    ? g_strdup_printf ("<rules>%s</rules>", rules) : g_strdup ("");
  g_autofree char *terrain_xml = terrain != NULL
    ? g_strdup_printf ("<terrain>%s</terrain>", terrain) : g_strdup ("");
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"fistful-of-lead\">\n"
    "  <title>Fistful test</title>\n"
    "  <table width=\"100\" height=\"60\" measure=\"centre\" %s/>\n"
    "  %s\n"
    "  %s\n"
    "  <sides>\n"
    "    <side id=\"rangers\" name=\"Rogers' Rangers\" color=\"#2e7d32\"/>\n"
    "    <side id=\"french\" name=\"French\" color=\"#2e5fa8\"/>\n"
    "  </sides>\n"
    "  <figures>\n"
    "    <figure id=\"kane\" side=\"rangers\" x=\"10\" y=\"20\" facing=\"180\" troop=\"light\">\n"
    "      <weapon kind=\"rifle\"/>\n"
    "      <fistful %s/>\n"
    "    </figure>\n"
    "    <figure id=\"dutch\" side=\"french\" x=\"%s\" y=\"20\" facing=\"90\">\n"
    "      <weapon kind=\"musket\"/><fistful/>\n"
    "    </figure>\n"
    "  </figures>\n"
    "</scenario>\n",
    table_attrs != NULL ? table_attrs : "", rules_xml, terrain_xml,
    shooter_extra != NULL ? shooter_extra : "",
    g_ascii_dtostr (x, sizeof x, 10.0 + centre));

  return ph_test_load_xml (xml, -1, "fistful-test.xml");
}

static PhAssessment *
assess (const PhScenario *scenario,
        PhCardEffect      card)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  PhAssessment *a;

  options.values[PH_FISTFUL_OPT_CARD] = card;
  a = ph_test_assess (scenario, "kane", "dutch", &options);
  /* Fistful of Lead has no kill probability and no maximum range here */
  g_assert_false (a->has_p_kill);
  g_assert_false (a->has_max_range);
  g_assert_true (a->in_range);
  g_assert_null (a->band);
  g_assert_true (a->in_arc);
  return a;
}

#define WOODS_AROUND_TARGET(x) \
  "<feature id=\"copse\" kind=\"woods\"><circle cx=\"" x "\" cy=\"20\" r=\"3\"/></feature>"

/* Without shoot-target the engine cannot answer: it says what to set. */
static void
test_no_shoot_target (void)
{
  g_autoptr(PhScenario) s = load_shot (NULL, NULL, NULL, NULL, 8);
  g_autoptr(PhAssessment) a = assess (s, PH_CARD_EFFECT_NONE);

  g_assert_false (a->can_fire);
  g_assert_cmpuint (a->reasons->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (a->reasons, 0), ==, NO_TARGET_REASON);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.0, EPS);
  /* every details key is there, null where the options leave it unknown
   * ("details keys are null, never left out") */
  {
    g_autofree char *text = g_variant_print (a->details, FALSE);

    g_assert_cmpstr (text, ==, "{'shoot_target': <@md nothing>, 'dice': <1>, "
                     "'long_range': <@md nothing>, 'p_one_die': <@md nothing>}");
  }
}

/* shoot-target 6: d10 >= 6 on 6..10, 5/10. The figure facing away still
 * shoots: "there is no facing". */
static void
test_basic (void)
{
  g_autoptr(PhScenario) s = load_shot (NULL, "<option name=\"shoot-target\" value=\"6\"/>",
                                       NULL, NULL, 8);
  g_autoptr(PhAssessment) a = assess (s, PH_CARD_EFFECT_NONE);
  gint32 target = 0, dice = 0;

  g_assert_true (a->can_fire);
  g_assert_cmpuint (a->modifiers->len, ==, 0);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.5, EPS);
  g_assert_true (g_variant_lookup (a->details, "shoot_target", "i", &target));
  g_assert_cmpint (target, ==, 6);
  g_assert_true (g_variant_lookup (a->details, "dice", "i", &dice));
  g_assert_cmpint (dice, ==, 1);
}

/* cover-modifier -1 against a target in woods: d10 - 1 >= 6 on 7..10. */
static void
test_cover (void)
{
  const char *rules = "<option name=\"shoot-target\" value=\"6\"/>"
                      "<option name=\"cover-modifier\" value=\"-1\"/>";
  g_autoptr(PhScenario) s = load_shot (NULL, rules, WOODS_AROUND_TARGET ("18"), NULL, 8);
  g_autoptr(PhScenario) open = load_shot (NULL, rules, NULL, NULL, 8);
  g_autoptr(PhAssessment) a = assess (s, PH_CARD_EFFECT_NONE);
  g_autoptr(PhAssessment) b = assess (open, PH_CARD_EFFECT_NONE);

  g_assert_cmpint (a->cover, ==, PH_COVER_SOFT);
  g_assert_cmpuint (a->modifiers->len, ==, 1);
  ph_test_assert_modifier (a, 0, "target in cover", -1);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.4, EPS);

  g_assert_cmpuint (b->modifiers->len, ==, 0);
  g_assert_cmpfloat_with_epsilon (b->p_hit, 0.5, EPS);
}

/* long-range 12, long-range-modifier -2: at 15 in, d10 - 2 >= 6 on 8..10;
 * at 12 in exactly, not beyond long range. Never a maximum. */
static void
test_long_range (void)
{
  const char *rules = "<option name=\"shoot-target\" value=\"6\"/>"
                      "<option name=\"long-range\" value=\"12\"/>"
                      "<option name=\"long-range-modifier\" value=\"-2\"/>";
  g_autoptr(PhScenario) far = load_shot (NULL, rules, NULL, NULL, 15);
  g_autoptr(PhScenario) edge = load_shot (NULL, rules, NULL, NULL, 12);
  g_autoptr(PhScenario) very_far = load_shot (NULL, rules, NULL, NULL, 80);
  g_autoptr(PhAssessment) a = assess (far, PH_CARD_EFFECT_NONE);
  g_autoptr(PhAssessment) b = assess (edge, PH_CARD_EFFECT_NONE);
  g_autoptr(PhAssessment) c = assess (very_far, PH_CARD_EFFECT_NONE);
  g_autoptr(GArray) rings = NULL;

  g_assert_cmpuint (a->modifiers->len, ==, 1);
  ph_test_assert_modifier (a, 0, "long range", -2);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.3, EPS);

  g_assert_cmpuint (b->modifiers->len, ==, 0);
  g_assert_cmpfloat_with_epsilon (b->p_hit, 0.5, EPS);

  g_assert_true (c->can_fire);
  g_assert_cmpfloat_with_epsilon (c->p_hit, 0.3, EPS);

  rings = ph_engine_range_rings (far, ph_scenario_find_figure (far, "kane"), NULL, FALSE);
  g_assert_cmpuint (rings->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (g_array_index (rings, PhRangeRing, 0).distance, 12.0, EPS);
  g_assert_cmpstr (g_array_index (rings, PhRangeRing, 0).label, ==, "long range beyond 12 in");
}

/* On a cm table, 30 cm is 11.8 in: not beyond a 12 in long range; 31 cm
 * (12.2 in) is. The ring is drawn at 30.48 cm. */
static void
test_cm_table (void)
{
  const char *rules = "<option name=\"shoot-target\" value=\"6\"/>"
                      "<option name=\"long-range\" value=\"12\"/>"
                      "<option name=\"long-range-modifier\" value=\"-1\"/>";
  g_autoptr(PhScenario) near = load_shot ("unit=\"cm\"", rules, NULL, NULL, 30);
  g_autoptr(PhScenario) far = load_shot ("unit=\"cm\"", rules, NULL, NULL, 31);
  g_autoptr(PhAssessment) a = assess (near, PH_CARD_EFFECT_NONE);
  g_autoptr(PhAssessment) b = assess (far, PH_CARD_EFFECT_NONE);
  g_autoptr(GArray) rings = NULL;

  g_assert_cmpint (a->unit, ==, PH_DIST_IN);
  g_assert_cmpfloat_with_epsilon (a->distance, 30.0 / 2.54, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.5, EPS);
  g_assert_cmpfloat_with_epsilon (b->p_hit, 0.4, EPS);

  rings = ph_engine_range_rings (near, ph_scenario_find_figure (near, "kane"), NULL, FALSE);
  g_assert_cmpuint (rings->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (g_array_index (rings, PhRangeRing, 0).distance, 30.48, 1e-9);
}

/* "One-Eyed Jacks (Hearts & Spades)- The model activated with this card has
 * a +1 to hit in Shooting.": d10 + 1 >= 6 on 5..10. */
static void
test_one_eyed_jack (void)
{
  g_autoptr(PhScenario) s = load_shot (NULL, "<option name=\"shoot-target\" value=\"6\"/>",
                                       NULL, NULL, 8);
  g_autoptr(PhAssessment) a = assess (s, PH_CARD_EFFECT_ONE_EYED_JACK);

  g_assert_cmpuint (a->modifiers->len, ==, 1);
  ph_test_assert_modifier (a, 0, "one-eyed jack", 1);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.6, EPS);
}

/* "Deuces (any suit)- ... roll 2 dice ... and pick the best result":
 * 1 - (1 - p)^2. p = 1/2: 3/4. In woods with cover-modifier -1, p = 0.4:
 * 1 - 0.36 = 0.64. */
static void
test_deuce (void)
{
  const char *rules = "<option name=\"shoot-target\" value=\"6\"/>"
                      "<option name=\"cover-modifier\" value=\"-1\"/>";
  g_autoptr(PhScenario) open = load_shot (NULL, rules, NULL, NULL, 8);
  g_autoptr(PhScenario) woods = load_shot (NULL, rules, WOODS_AROUND_TARGET ("18"), NULL, 8);
  g_autoptr(PhAssessment) a = assess (open, PH_CARD_EFFECT_DEUCE);
  g_autoptr(PhAssessment) b = assess (woods, PH_CARD_EFFECT_DEUCE);
  gint32 dice = 0;
  double one = -1;

  g_assert_cmpuint (a->modifiers->len, ==, 0);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.75, EPS);
  g_assert_true (g_variant_lookup (a->details, "dice", "i", &dice));
  g_assert_cmpint (dice, ==, 2);
  g_assert_true (g_variant_lookup (a->details, "p_one_die", "d", &one));
  g_assert_cmpfloat_with_epsilon (one, 0.5, EPS);

  g_assert_cmpfloat_with_epsilon (b->p_hit, 0.64, EPS);
}

/* A score over 10 needs the modifiers: shoot-target 11 hits only with a
 * one-eyed jack's +1 on a 10. */
static void
test_target_over_ten (void)
{
  g_autoptr(PhScenario) s = load_shot (NULL, "<option name=\"shoot-target\" value=\"11\"/>",
                                       NULL, NULL, 8);
  g_autoptr(PhAssessment) a = assess (s, PH_CARD_EFFECT_NONE);
  g_autoptr(PhAssessment) b = assess (s, PH_CARD_EFFECT_ONE_EYED_JACK);
  g_autoptr(PhAssessment) c = assess (s, PH_CARD_EFFECT_DEUCE);

  g_assert_true (a->can_fire);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (b->p_hit, 0.1, EPS);
  g_assert_cmpfloat_with_epsilon (c->p_hit, 0.0, EPS);
}

/* "After a model fires, place a RELOAD marker ... It takes two actions to
 * reload." */
static void
test_reload (void)
{
  g_autoptr(PhScenario) s = load_shot (NULL, "<option name=\"shoot-target\" value=\"6\"/>",
                                       NULL, "reload=\"true\"", 8);
  g_autoptr(PhAssessment) a = assess (s, PH_CARD_EFFECT_NONE);

  g_assert_false (a->can_fire);
  g_assert_cmpuint (a->reasons->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (a->reasons, 0), "needs reloading"));
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.0, EPS);
}

static void
test_check_option (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("fistful-of-lead"), "shoot-target", "1", NULL));
  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("fistful-of-lead"), "shoot-target", "10", NULL));
  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("fistful-of-lead"), "shoot-target", "12", NULL));
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("fistful-of-lead"), "shoot-target", "0", &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "'shoot-target'"));
  g_assert_nonnull (strstr (error->message, "'0'"));
  g_clear_error (&error);
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("fistful-of-lead"), "shoot-target", "5.5", NULL));
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("fistful-of-lead"), "shoot-target", "six", NULL));
  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("fistful-of-lead"), "cover-modifier", "-1", NULL));
  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("fistful-of-lead"), "cover-modifier", "0", NULL));
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("fistful-of-lead"), "cover-modifier", "-1.5", NULL));
  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("fistful-of-lead"), "long-range-modifier", "-2", NULL));
  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("fistful-of-lead"), "long-range", "12", NULL));
  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("fistful-of-lead"), "long-range", "7.5", NULL));
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("fistful-of-lead"), "long-range", "0", &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("fistful-of-lead"), "short-range", "6", &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
}

/* An unusable option in a scenario built in memory */
static void
test_bad_option_in_memory (void)
{
  g_autoptr(PhScenario) s = load_shot (NULL, NULL, NULL, NULL, 8);
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (s->options, ph_option_new ("shoot-target", "six"));
  g_assert_null (ph_engine_assess (s, "kane", "dutch", NULL, &error));
  g_assert_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_BAD_OPTION);
}

static void
test_ruleset_flags (void)
{
  const PhRuleset *r = ph_ruleset_get (ph_test_ruleset ("fistful-of-lead"));

  g_assert_cmpstr (r->name, ==, "fistful-of-lead");
  g_assert_false (r->has_arc);
  g_assert_false (r->figures_block_los);
  g_assert_false (r->has_kill);
  g_assert_nonnull (ph_ruleset_find_option (r, "shoot-target"));
  g_assert_nonnull (ph_ruleset_find_option (r, "cover-modifier"));
  g_assert_nonnull (ph_ruleset_find_option (r, "long-range"));
  g_assert_nonnull (ph_ruleset_find_option (r, "long-range-modifier"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/fistful/no-shoot-target", test_no_shoot_target);
  g_test_add_func ("/fistful/basic", test_basic);
  g_test_add_func ("/fistful/cover", test_cover);
  g_test_add_func ("/fistful/long-range", test_long_range);
  g_test_add_func ("/fistful/cm-table", test_cm_table);
  g_test_add_func ("/fistful/one-eyed-jack", test_one_eyed_jack);
  g_test_add_func ("/fistful/deuce", test_deuce);
  g_test_add_func ("/fistful/target-over-ten", test_target_over_ten);
  g_test_add_func ("/fistful/reload", test_reload);
  g_test_add_func ("/fistful/check-option", test_check_option);
  g_test_add_func ("/fistful/bad-option-in-memory", test_bad_option_in_memory);
  g_test_add_func ("/fistful/ruleset-flags", test_ruleset_flags);

  return g_test_run ();
}
