/* test-guns-of-war.c: Guns of War's shots, checked against the text's own
 * examples (the Guns of War rules, EXAMPLE #1 to #4) and by hand
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <string.h>

#include "ph-test-ruleset.h"
#include "ph-ruleset-guns-of-war.h"
#include "ph-core.h"
#include "ph-stats.h"
#include "ph-test-util.h"

#define EPS 1e-12

/* scenario-format.md: grid-size 1, R = 1/sqrt(3); hex (q, r) has its
 * centre at x = R + 1.5 R q, y = sqrt(3) R (r + q/2) + 1/2. */
static char *
hex_attrs (int q,
           int r)
{
  const double R = 1.0 / sqrt (3.0);
  char x[G_ASCII_DTOSTR_BUF_SIZE];
  char y[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_dtostr (x, sizeof x, R + 1.5 * R * q);
  g_ascii_dtostr (y, sizeof y, sqrt (3.0) * R * (r + q / 2.0) + 0.5);
  return g_strdup_printf ("x=\"%s\" y=\"%s\"", x, y);
}

typedef struct
{
  const char *weapon;        /* the shooter's weapon kind */
  const char *shooter_gow;   /* attributes of its <guns-of-war> or NULL: none */
  const char *shooter_extra; /* more <figure> attributes */
  int q, r;                  /* the target's hex (the shooter is at (0, 0)) */
  const char *target_gow;
  const char *target_extra;
  const char *rules;         /* <option> elements, or NULL */
} Shot;

static PhScenario *
load_shot (const Shot *shot)
{
  g_autofree char *shooter_hex = hex_attrs (0, 0);
  g_autofree char *target_hex = hex_attrs (shot->q, shot->r);
  g_autofree char *shooter_stats = shot->shooter_gow != NULL
    ? g_strdup_printf ("<guns-of-war %s/>", shot->shooter_gow) : g_strdup ("");
  g_autofree char *target_stats = shot->target_gow != NULL
    ? g_strdup_printf ("<guns-of-war %s/>", shot->target_gow) : g_strdup ("");
  g_autofree char *rules = shot->rules != NULL
    ? g_strdup_printf ("<rules>%s</rules>", shot->rules) : g_strdup ("");
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"guns-of-war\">\n"
    "  <title>Guns of War test</title>\n"
    "  <table width=\"20\" height=\"20\" grid=\"hex\" grid-size=\"1\"/>\n"
    "  %s\n"
    "  <sides>\n"
    "    <side id=\"spain\" name=\"Spain\" color=\"#b03a2e\"/>\n"
    "    <side id=\"dutch\" name=\"United Provinces\" color=\"#e67e22\"/>\n"
    "  </sides>\n"
    "  <figures>\n"
    "    <figure id=\"tercio\" side=\"spain\" %s %s>\n"
    "      <weapon kind=\"%s\"/>%s\n"
    "    </figure>\n"
    "    <figure id=\"foe\" side=\"dutch\" %s %s>%s</figure>\n"
    "  </figures>\n"
    "</scenario>\n",
    rules,
    shooter_hex, shot->shooter_extra != NULL ? shot->shooter_extra : "",
    shot->weapon, shooter_stats,
    target_hex, shot->target_extra != NULL ? shot->target_extra : "",
    target_stats);

  return ph_test_load_xml (xml, -1, "gow-test.xml");
}

static PhAssessment *
assess_shot (const Shot          *shot,
             const PhShotOptions *options)
{
  g_autoptr(PhScenario) s = load_shot (shot);
  PhAssessment *a = ph_test_assess (s, "tercio", "foe", options);

  g_assert_cmpint (a->unit, ==, PH_DIST_HEX);
  g_assert_false (a->has_p_kill);
  return a;
}

#define FOOT "formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"4\" armor-ac=\"4\""

/* The number of attacks and reload tokens of a unit firing at 1 hex */
static void
check_attacks (const char *weapon,
               const char *gow,
               int         attacks,
               int         tokens)
{
  Shot shot = { weapon, gow, NULL, 0, 1, FOOT, NULL, NULL };
  g_autoptr(PhAssessment) a = assess_shot (&shot, NULL);

  g_assert_true (a->can_fire);
  g_assert_cmpint (ph_test_detail_int (a, "attacks"), ==, attacks);
  g_assert_cmpint (ph_test_detail_int (a, "reload_tokens"), ==, tokens);
}

/* EXAMPLE #1: "A unit of 120 Drilled Foot is equipped with flintlock
 * arquebus ... Its size factor is therefore 120. The unit's number of
 * attacks is ... = 1. Its attack sequence is "1 flintlock arquebus"" */
static void
test_attacks_example_1 (void)
{
  check_attacks ("flintlock-arquebus",
                 "formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"4\"", 1, 0);
}

/* EXAMPLE #2: 120 DF matchlock arquebus, size factor 200: n = 0.6 < 0.75;
 * (1/0.6) - 1 = 0.67, rounds to 1: "1 ..., 1 reload token" (the text
 * writes "matchlock musket" there; the unit carries arquebuses). */
static void
test_attacks_example_2 (void)
{
  check_attacks ("matchlock-arquebus",
                 "formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"4\"", 1, 1);
}

/* EXAMPLE #3: 120 UF matchlock rifled muskets, size factor 360: n = 1/3;
 * 1/n - 1 = 2: "1 matchlock rifled musket, 2 reload tokens" */
static void
test_attacks_example_3 (void)
{
  check_attacks ("matchlock-rifled-musket",
                 "formation=\"UF\" men=\"120\" attack-throw=\"10\" ac=\"4\"", 1, 2);
}

/* EXAMPLE #4: 60 SF flintlock muskets, size factor 140: n = 3/7 = 0.4286;
 * 1/n - 1 = 4/3 = 1.33 (the text's "[(1/0.33)-1], or 1.38" is a slip),
 * rounded to 1: "1 flintlock musket, 1 reload token" */
static void
test_attacks_example_4 (void)
{
  check_attacks ("flintlock-musket",
                 "formation=\"SF\" men=\"60\" attack-throw=\"10\" ac=\"4\"", 1, 1);
}

/* Beyond the examples, by hand:
 * - 90 DF flintlock arquebus: n = 90/120 = 0.75 exactly, not less than
 *   0.75: 1 attack, no tokens;
 * - 80 DF flintlock arquebus: n = 2/3, 1/n - 1 = 0.5, half to even: 0;
 * - 40 DF flintlock arquebus: n = 1/3, 1/n - 1 = 2: 2 tokens;
 * - 48 DF flintlock arquebus: n = 0.4, 1/n - 1 = 1.5, half to even: 2;
 * - 100 DF flintlock rifled arquebus: n = 100/160 = 0.625, 0.6: 1 token;
 * - 350 UF flintlock arquebus: n = 350/140 = 2.5, rounded half up
 *   (round(n)): 3 attacks (a Drilled Foot unit, at most 120 men, never
 *   has more than one attack with these weapons);
 * - 490 UF flintlock arquebus: n = 3.5: 4 attacks;
 * - 280 UF flintlock arquebus: n = 2: 2 attacks;
 * - 120 DF wheellock pistol: size factor 200, as example #2: 1 token. */
static void
test_attacks_rounding (void)
{
  check_attacks ("flintlock-arquebus", "formation=\"DF\" men=\"90\" attack-throw=\"10\" ac=\"4\"", 1, 0);
  check_attacks ("flintlock-arquebus", "formation=\"DF\" men=\"80\" attack-throw=\"10\" ac=\"4\"", 1, 0);
  check_attacks ("flintlock-arquebus", "formation=\"DF\" men=\"40\" attack-throw=\"10\" ac=\"4\"", 1, 2);
  check_attacks ("flintlock-arquebus", "formation=\"DF\" men=\"48\" attack-throw=\"10\" ac=\"4\"", 1, 2);
  check_attacks ("flintlock-rifled-arquebus", "formation=\"DF\" men=\"100\" attack-throw=\"10\" ac=\"4\"", 1, 1);
  check_attacks ("flintlock-arquebus", "formation=\"UF\" men=\"350\" attack-throw=\"10\" ac=\"4\"", 3, 0);
  check_attacks ("flintlock-arquebus", "formation=\"UF\" men=\"490\" attack-throw=\"10\" ac=\"4\"", 4, 0);
  check_attacks ("flintlock-arquebus", "formation=\"UF\" men=\"280\" attack-throw=\"10\" ac=\"4\"", 2, 0);
  check_attacks ("wheellock-pistol", "formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"4\"", 1, 1);
}

/* EXAMPLE: "A Drilled Foot unit is equipped with rifled arquebuses. It can
 * fire at an enemy Foot unit up to 4 hexes away. If the enemy Foot unit
 * were only 2 hexes away, the Drilled Foot unit could ignore up to 5
 * points of armor". A target of AC 8, 6 of it armour: 10 + 8 = 18 beyond
 * AP range, 10 + 8 - 5 = 13 at it. */
static void
test_range_example_1 (void)
{
  const char *target = "formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"8\" armor-ac=\"6\"";
  Shot at4 = { "flintlock-rifled-arquebus", FOOT, NULL, 0, 4, target, NULL, NULL };
  Shot at5 = { "flintlock-rifled-arquebus", FOOT, NULL, 0, 5, target, NULL, NULL };
  Shot at2 = { "matchlock-rifled-arquebus", FOOT, NULL, 2, 0, target, NULL, NULL };
  g_autoptr(PhAssessment) a = assess_shot (&at4, NULL);
  g_autoptr(PhAssessment) b = assess_shot (&at5, NULL);
  g_autoptr(PhAssessment) c = assess_shot (&at2, NULL);

  g_assert_cmpfloat_with_epsilon (a->distance, 4.0, EPS);
  g_assert_true (a->has_max_range);
  g_assert_cmpfloat_with_epsilon (a->max_range, 4.0, EPS);
  g_assert_true (a->in_range);
  g_assert_cmpstr (a->band, ==, "max");
  g_assert_false (ph_test_detail_bool (a, "armor_piercing"));
  g_assert_cmpint (ph_test_detail_int (a, "target_number"), ==, 18);
  g_assert_true (a->can_fire);
  /* d20 >= 18: 3 faces */
  g_assert_cmpfloat_with_epsilon (a->p_hit, 3.0 / 20.0, EPS);

  g_assert_cmpfloat_with_epsilon (b->distance, 5.0, EPS);
  g_assert_false (b->in_range);
  g_assert_null (b->band);
  g_assert_false (b->can_fire);
  g_assert_true (ph_test_has_reason_containing (b, "out of range"));
  g_assert_cmpfloat_with_epsilon (b->p_hit, 0.0, EPS);

  g_assert_cmpfloat_with_epsilon (c->distance, 2.0, EPS);
  g_assert_cmpstr (c->band, ==, "ap");
  g_assert_true (ph_test_detail_bool (c, "armor_piercing"));
  g_assert_cmpint (ph_test_detail_int (c, "target_number"), ==, 13);
  /* d20 >= 13: 8 faces */
  g_assert_cmpfloat_with_epsilon (c->p_hit, 8.0 / 20.0, EPS);
}

/* EXAMPLE: "A Drilled Foot unit is equipped with muskets. It can fire at
 * an enemy Foot unit up to 3 hexes away. The Drilled Foot unit can ignore
 * up to 5 points of the target's armor": musket 3/3 against foot, 4/4
 * against mounted. */
static void
test_range_example_2 (void)
{
  Shot at3 = { "flintlock-musket", FOOT, NULL, 0, 3, FOOT, NULL, NULL };
  Shot at4 = { "matchlock-musket", FOOT, NULL, 0, 4, FOOT, NULL, NULL };
  Shot horse4 = { "matchlock-musket", FOOT, NULL, 0, 4, FOOT,
                  "mounted=\"true\" troop=\"cavalry\"", NULL };
  Shot horse5 = { "matchlock-musket", FOOT, NULL, 0, 5, FOOT,
                  "mounted=\"true\" troop=\"cavalry\"", NULL };
  g_autoptr(PhAssessment) a = assess_shot (&at3, NULL);
  g_autoptr(PhAssessment) b = assess_shot (&at4, NULL);
  g_autoptr(PhAssessment) c = assess_shot (&horse4, NULL);
  g_autoptr(PhAssessment) d = assess_shot (&horse5, NULL);

  g_assert_cmpfloat_with_epsilon (a->max_range, 3.0, EPS);
  g_assert_cmpstr (a->band, ==, "ap");
  g_assert_true (ph_test_detail_bool (a, "armor_piercing"));
  /* 10 + 4 - 4 */
  g_assert_cmpint (ph_test_detail_int (a, "target_number"), ==, 10);

  g_assert_false (b->in_range);
  g_assert_false (b->can_fire);

  g_assert_cmpfloat_with_epsilon (c->max_range, 4.0, EPS);
  g_assert_cmpstr (c->band, ==, "ap");
  g_assert_true (c->can_fire);

  g_assert_false (d->in_range);
}

/* Attack throw 10 against AC 4, all of it armour: 14 normally (d20 >= 14:
 * 7 faces), 10 at AP range (11 faces). */
static void
test_odds (void)
{
  Shot max = { "flintlock-rifled-arquebus", FOOT, NULL, 0, 3, FOOT, NULL, NULL };
  Shot ap = { "flintlock-rifled-arquebus", FOOT, NULL, 0, 2, FOOT, NULL, NULL };
  g_autoptr(PhAssessment) a = assess_shot (&max, NULL);
  g_autoptr(PhAssessment) b = assess_shot (&ap, NULL);

  g_assert_cmpstr (a->band, ==, "max");
  g_assert_cmpint (ph_test_detail_int (a, "target_number"), ==, 14);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 7.0 / 20.0, EPS);
  g_assert_cmpuint (a->modifiers->len, ==, 0);

  g_assert_cmpstr (b->band, ==, "ap");
  g_assert_cmpint (ph_test_detail_int (b, "target_number"), ==, 10);
  g_assert_cmpfloat_with_epsilon (b->p_hit, 11.0 / 20.0, EPS);
}

/* "Musket Forks: ... Otherwise the unit suffers a -2 penalty ... This
 * penalty never applies when a musket-equipped unit conducts reaction
 * fire": muskets at AP range (target 10) after moving need 12 on the d20,
 * 9 faces; in reaction fire 11 faces. Arquebuses need no fork. */
static void
test_musket_forks (void)
{
  Shot moved = { "flintlock-musket", FOOT, "status=\"moved\"", 0, 3, FOOT, NULL, NULL };
  Shot rifled = { "matchlock-rifled-musket", FOOT, "status=\"moved\"", 0, 3, FOOT, NULL, NULL };
  Shot arquebus = { "flintlock-arquebus", FOOT, "status=\"moved\"", 0, 2, FOOT, NULL, NULL };
  PhShotOptions reaction = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhAssessment) a = assess_shot (&moved, NULL);
  g_autoptr(PhAssessment) b = NULL;
  g_autoptr(PhAssessment) c = assess_shot (&rifled, NULL);
  g_autoptr(PhAssessment) d = assess_shot (&arquebus, NULL);
  const PhModifier *m;

  g_assert_cmpstr (a->band, ==, "ap");
  g_assert_cmpint (ph_test_detail_int (a, "target_number"), ==, 10);
  g_assert_cmpuint (a->modifiers->len, ==, 1);
  m = &g_array_index (a->modifiers, PhModifier, 0);
  g_assert_cmpstr (m->label, ==, "musket fired after moving (no fork rest)");
  g_assert_cmpfloat_with_epsilon (m->value, -2, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_hit, 9.0 / 20.0, EPS);

  reaction.values[PH_GUNS_OF_WAR_OPT_REACTION] = TRUE;
  b = assess_shot (&moved, &reaction);
  g_assert_cmpuint (b->modifiers->len, ==, 0);
  g_assert_cmpfloat_with_epsilon (b->p_hit, 11.0 / 20.0, EPS);

  /* a rifled musket at 3 hexes is at AP range too (4/4) */
  g_assert_cmpuint (c->modifiers->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (c->p_hit, 9.0 / 20.0, EPS);

  g_assert_cmpuint (d->modifiers->len, ==, 0);
  g_assert_cmpfloat_with_epsilon (d->p_hit, 11.0 / 20.0, EPS);
}

/* "To be eligible to fire, a firearm-equipped unit must not have any
 * reload tokens." */
static void
test_reload_tokens (void)
{
  Shot shot = { "flintlock-musket",
                "formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"4\" reload-tokens=\"1\"",
                NULL, 0, 2, FOOT, NULL, NULL };
  g_autoptr(PhAssessment) a = assess_shot (&shot, NULL);

  g_assert_true (a->in_range);
  g_assert_false (a->can_fire);
  g_assert_cmpuint (a->reasons->len, ==, 1);
  g_assert_true (ph_test_has_reason_containing (a, "reload token"));
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.0, EPS);
  /* details still say what the shot would be */
  g_assert_cmpint (ph_test_detail_int (a, "target_number"), ==, 10);
  g_assert_cmpint (ph_test_detail_int (a, "attacks"), ==, 1);
  g_assert_true (ph_test_detail_bool (a, "armor_piercing"));
}

static void
test_no_stats (void)
{
  Shot no_target = { "flintlock-musket", FOOT, NULL, 0, 2, NULL, NULL, NULL };
  Shot no_shooter = { "flintlock-musket", NULL, NULL, 0, 2, FOOT, NULL, NULL };
  g_autoptr(PhAssessment) a = assess_shot (&no_target, NULL);
  g_autoptr(PhAssessment) b = assess_shot (&no_shooter, NULL);

  g_assert_false (a->can_fire);
  g_assert_true (ph_test_has_reason_containing (a, "no Guns of War unit stats for the target"));
  g_assert_cmpfloat_with_epsilon (a->p_hit, 0.0, EPS);
  g_assert_false (g_variant_lookup (a->details, "target_number", "i", NULL));
  g_assert_cmpint (ph_test_detail_int (a, "attacks"), ==, 1);

  g_assert_false (b->can_fire);
  g_assert_true (ph_test_has_reason_containing (b, "no Guns of War unit stats for the shooter"));
  g_assert_false (g_variant_lookup (b->details, "attacks", "i", NULL));
}

/* A plain "musket" has no lock: it is not in Guns of War's tables. */
static void
test_not_a_weapon (void)
{
  Shot shot = { "musket", FOOT, NULL, 0, 1, FOOT, NULL, NULL };
  g_autoptr(PhAssessment) a = assess_shot (&shot, NULL);

  g_assert_false (a->has_max_range);
  g_assert_false (a->can_fire);
  g_assert_true (ph_test_has_reason_containing (a, "not a Guns of War firearm"));
  g_assert_null (a->band);
}

/* Formed Foot carry no firearm into the fight: the reason names the
 * formation in words ("FF units do not fire" read as a code), and the
 * Figure tab says the code's words under it */
static void
test_formation_words (void)
{
  Shot shot = { "flintlock-musket", "formation=\"FF\" men=\"60\" attack-throw=\"10\" ac=\"4\"",
                NULL, 0, 1, FOOT, NULL, NULL };
  g_autoptr(PhAssessment) a = assess_shot (&shot, NULL);
  g_autoptr(PhScenario) s = load_shot (&shot);
  const PhStatsSchema *schema = ph_stats_schema_for (s->ruleset);
  const PhStatField *field = ph_stats_schema_find (schema, "formation", NULL);
  PhFigure *tercio = ph_scenario_find_figure (s, "tercio");
  g_autofree char *said = NULL;
  static const struct { PhFormation f; const char *words; } all[] = {
    { PH_FORMATION_DF, "Drilled Foot" }, { PH_FORMATION_SF, "Skirmishing Foot" },
    { PH_FORMATION_UF, "Undrilled Foot" }, { PH_FORMATION_FF, "Formed Foot" },
    { PH_FORMATION_LF, "Loose Foot" }, { PH_FORMATION_IF, "Irregular Foot" },
  };

  g_assert_false (a->can_fire);
  g_assert_true (ph_test_has_reason_containing (a, "Formed Foot units do not fire firearms"));
  g_assert_false (ph_test_has_reason_containing (a, "FF"));
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    g_assert_cmpstr (ph_formation_words (all[i].f), ==, all[i].words);
  g_assert_nonnull (field);
  g_assert_nonnull (field->explain);
  said = field->explain (tercio, G_STRUCT_MEMBER_P (tercio, field->offset));
  g_assert_cmpstr (said, ==, "Formed Foot");
}

/* The Lamentations of the Flame Princess rule changes shock rolls, not
 * the shot. */
static void
test_lamentations (void)
{
  g_autoptr(GError) error = NULL;
  Shot shot = { "flintlock-rifled-arquebus", FOOT, NULL, 0, 3, FOOT, NULL,
                "<option name=\"lamentations\" value=\"true\"/>" };
  g_autoptr(PhAssessment) a = assess_shot (&shot, NULL);

  g_assert_cmpfloat_with_epsilon (a->p_hit, 7.0 / 20.0, EPS);

  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("guns-of-war"), "lamentations", "true", NULL));
  g_assert_true (ph_ruleset_check_option (ph_test_ruleset ("guns-of-war"), "lamentations", "false", NULL));
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("guns-of-war"), "lamentations", "yes", &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "option 'lamentations' must be 'true' or 'false', not 'yes'");
  g_clear_error (&error);
  g_assert_false (ph_ruleset_check_option (ph_test_ruleset ("guns-of-war"), "musket-range", "3", &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
}

static void
check_rings (const char *weapon,
             gboolean    mounted,
             guint       n,
             double      d0,
             const char *l0,
             double      d1,
             const char *l1)
{
  Shot shot = { weapon, FOOT, NULL, 0, 1, FOOT, NULL, NULL };
  g_autoptr(PhScenario) s = load_shot (&shot);
  g_autoptr(GArray) rings = ph_engine_range_rings (s, ph_scenario_find_figure (s, "tercio"),
                                                   NULL, mounted);

  g_assert_cmpuint (rings->len, ==, n);
  if (n > 0)
    {
      g_assert_cmpfloat_with_epsilon (g_array_index (rings, PhRangeRing, 0).distance, d0, EPS);
      g_assert_cmpstr (g_array_index (rings, PhRangeRing, 0).label, ==, l0);
    }
  if (n > 1)
    {
      g_assert_cmpfloat_with_epsilon (g_array_index (rings, PhRangeRing, 1).distance, d1, EPS);
      g_assert_cmpstr (g_array_index (rings, PhRangeRing, 1).label, ==, l1);
    }
}

static void
test_range_rings (void)
{
  check_rings ("flintlock-rifled-arquebus", FALSE, 2, 2, "armour-piercing to 2 hexes", 4, "max range 4 hexes");
  check_rings ("matchlock-rifled-arquebus", TRUE, 2, 2, "armour-piercing to 2 hexes", 5, "max range 5 hexes");
  check_rings ("wheellock-pistol", FALSE, 2, 1, "armour-piercing to 1 hex", 2, "max range 2 hexes");
  check_rings ("matchlock-pistol", TRUE, 2, 1, "armour-piercing to 1 hex", 3, "max range 3 hexes");
  check_rings ("flintlock-arquebus", TRUE, 2, 2, "armour-piercing to 2 hexes", 4, "max range 4 hexes");
  /* AP and maximum the same: one ring */
  check_rings ("flintlock-musket", FALSE, 1, 3, "max range 3 hexes, armour-piercing", 0, NULL);
  check_rings ("matchlock-rifled-musket", TRUE, 1, 5, "max range 5 hexes, armour-piercing", 0, NULL);
  check_rings ("musket", FALSE, 0, 0, NULL, 0, NULL);
}

static void
test_ruleset_flags (void)
{
  const PhRuleset *r = ph_ruleset_get (ph_test_ruleset ("guns-of-war"));

  g_assert_cmpstr (r->name, ==, "guns-of-war");
  g_assert_false (r->has_arc);
  g_assert_false (r->figures_block_los);
  g_assert_false (r->has_kill);
  g_assert_nonnull (ph_ruleset_find_option (r, "lamentations"));
}

/* "an arquebus", not "a arquebus": an arquebus (ap 2, max 3 against foot)
 * at 4 hexes */
static void
test_out_of_range_wording (void)
{
  Shot shot = { "matchlock-arquebus", FOOT, NULL, 0, 4, FOOT, NULL, NULL };
  g_autoptr(PhAssessment) a = assess_shot (&shot, NULL);

  g_assert_false (a->in_range);
  g_assert_true (ph_test_has_reason_containing (a, "4 hexes away, an arquebus reaches 3 hexes "
                                                   "against foot"));
}

/* "A Drilled Foot unit must have a minimum of 20 men ... and may not have
 * more than 120 men. A Skirmishing Foot unit must have a minimum of 10 men
 * and may not have more than 60 men. ... large creatures ... count as 2
 * men. Huge creatures ... 6 men. Gigantic ... 24 men. Colossal ... 120 men
 * ... However, a Skirmishing Foot unit may consist of just one colossal
 * creature if desired." */
static void
test_unit_size (void)
{
  static const struct { PhFormation f; int men; PhCreature c; gboolean ok; } cases[] = {
    { PH_FORMATION_DF, 20, PH_CREATURE_MAN, TRUE },
    { PH_FORMATION_DF, 19, PH_CREATURE_MAN, FALSE },
    { PH_FORMATION_DF, 120, PH_CREATURE_MAN, TRUE },
    { PH_FORMATION_DF, 121, PH_CREATURE_MAN, FALSE },
    { PH_FORMATION_DF, 60, PH_CREATURE_LARGE, TRUE },     /* 30 ogres */
    { PH_FORMATION_DF, 61, PH_CREATURE_LARGE, FALSE },    /* half an ogre */
    { PH_FORMATION_DF, 24, PH_CREATURE_GIGANTIC, TRUE },  /* one elephant */
    { PH_FORMATION_DF, 120, PH_CREATURE_COLOSSAL, TRUE },
    { PH_FORMATION_SF, 10, PH_CREATURE_MAN, TRUE },
    { PH_FORMATION_SF, 9, PH_CREATURE_MAN, FALSE },
    { PH_FORMATION_SF, 60, PH_CREATURE_MAN, TRUE },
    { PH_FORMATION_SF, 100, PH_CREATURE_MAN, FALSE },
    { PH_FORMATION_SF, 120, PH_CREATURE_COLOSSAL, TRUE },  /* one ancient dragon */
    { PH_FORMATION_SF, 240, PH_CREATURE_COLOSSAL, FALSE },
    { PH_FORMATION_SF, 12, PH_CREATURE_HUGE, TRUE },      /* two giants */
    { PH_FORMATION_UF, 490, PH_CREATURE_MAN, TRUE },      /* the text sets no limit */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PhGunsOfWarStats s = { cases[i].f, cases[i].men, cases[i].c };
      g_autofree char *message = NULL;

      g_assert_cmpint (ph_guns_of_war_check_size (&s, &message), ==, cases[i].ok);
      g_assert_true ((message == NULL) == cases[i].ok);
    }

  /* and editing a unit is held to it, leaving it as it was */
  {
    Shot shot = { "flintlock-musket", FOOT, NULL, 0, 1, FOOT, NULL, NULL };
    g_autoptr(PhScenario) sc = load_shot (&shot);
    PhFigure *unit = ph_scenario_find_figure (sc, "tercio");
    g_autoptr(GError) error = NULL;

    g_assert_false (ph_figure_set_attr (sc, unit, "guns-of-war.men", "5", &error));
    g_assert_nonnull (strstr (error->message, "a Drilled Foot unit has 20 to 120 men, not 5"));
    g_assert_cmpint (unit->stats.guns_of_war.men, ==, 120);
    g_clear_error (&error);
    g_assert_false (ph_figure_set_attr (sc, unit, "guns-of-war.formation", "SF", &error));
    g_assert_cmpint (unit->stats.guns_of_war.formation, ==, PH_FORMATION_DF);
    g_clear_error (&error);
    g_assert_true (ph_figure_set_attr (sc, unit, "guns-of-war.creature", "large", &error));
    g_assert_no_error (error);
    g_assert_cmpint (unit->stats.guns_of_war.creature, ==, PH_CREATURE_LARGE);
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/guns-of-war/attacks/example-1", test_attacks_example_1);
  g_test_add_func ("/guns-of-war/range/wording", test_out_of_range_wording);
  g_test_add_func ("/guns-of-war/unit-size", test_unit_size);
  g_test_add_func ("/guns-of-war/attacks/example-2", test_attacks_example_2);
  g_test_add_func ("/guns-of-war/attacks/example-3", test_attacks_example_3);
  g_test_add_func ("/guns-of-war/attacks/example-4", test_attacks_example_4);
  g_test_add_func ("/guns-of-war/attacks/rounding", test_attacks_rounding);
  g_test_add_func ("/guns-of-war/range/example-1", test_range_example_1);
  g_test_add_func ("/guns-of-war/range/example-2", test_range_example_2);
  g_test_add_func ("/guns-of-war/odds", test_odds);
  g_test_add_func ("/guns-of-war/musket-forks", test_musket_forks);
  g_test_add_func ("/guns-of-war/reload-tokens", test_reload_tokens);
  g_test_add_func ("/guns-of-war/no-stats", test_no_stats);
  g_test_add_func ("/guns-of-war/not-a-weapon", test_not_a_weapon);
  g_test_add_func ("/guns-of-war/lamentations", test_lamentations);
  g_test_add_func ("/guns-of-war/formation-words", test_formation_words);
  g_test_add_func ("/guns-of-war/range-rings", test_range_rings);
  g_test_add_func ("/guns-of-war/ruleset-flags", test_ruleset_flags);

  return g_test_run ();
}
