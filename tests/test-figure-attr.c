/* test-figure-attr.c: a figure's attributes by their file names
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every attribute of every ruleset round-trips: what ph_figure_get_attr()
 * gives after a set is the canonical form, the very text ph_scenario_to_xml()
 * writes, and it loads back to the same value. Bad values are refused with
 * the loader's words and change nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "ph-core.h"
#include "ph-test-util.h"

/* A scenario of @ruleset: side "red" (and "blue"), a feature "wood", the
 * figure "smith" carrying a musket and a sword with @stats as its ruleset
 * element, and "bare" without one. */
static PhScenario *
load_ruleset (const char *ruleset,
              const char *stats)
{
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"%s\">\n"
    "  <title>Attributes</title>\n"
    "  <table width=\"100\" height=\"60\"/>\n"
    "  <terrain>\n"
    "    <feature id=\"wood\" kind=\"woods\"><circle cx=\"50\" cy=\"30\" r=\"5\"/></feature>\n"
    "  </terrain>\n"
    "  <sides>\n"
    "    <side id=\"red\" name=\"Red\" color=\"#aa0000\"/>\n"
    "    <side id=\"blue\" name=\"Blue\" color=\"#0000aa\"/>\n"
    "  </sides>\n"
    "  <figures>\n"
    "    <figure id=\"smith\" name=\"Sgt Smith\" side=\"red\" x=\"10\" y=\"20\">\n"
    "      <weapon kind=\"sword\"/>\n"
    "      <weapon kind=\"bayonet\" name=\"Old Bess\" loaded=\"false\"/>\n"
    "      %s\n"
    "    </figure>\n"
    "    <figure id=\"bare\" side=\"blue\" x=\"30\" y=\"20\"/>\n"
    "  </figures>\n"
    "</scenario>\n", ruleset, stats);

  return ph_test_load_xml (xml, -1, "attr.xml");
}

static char *
get (PhScenario *scenario,
     const char *figure,
     const char *attr)
{
  g_autoptr(GError) error = NULL;
  char *value = ph_figure_get_attr (scenario, ph_scenario_find_figure (scenario, figure),
                                    attr, &error);

  g_assert_no_error (error);
  g_assert_nonnull (value);
  return value;
}

static void
set (PhScenario *scenario,
     const char *figure,
     const char *attr,
     const char *value)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = ph_figure_set_attr (scenario, ph_scenario_find_figure (scenario, figure),
                                    attr, value, &error);

  g_assert_no_error (error);
  g_assert_true (ok);
}

/* The attribute as written in the file: the figure's own, the weapon's or
 * the ruleset element's, named as the file names it */
static void
assert_written (const char *xml,
                const char *figure,
                const char *attr,
                const char *value)
{
  g_autofree char *open = g_strdup_printf ("<figure id=\"%s\"", figure);
  const char *start = strstr (xml, open);
  const char *end, *dot, *name = attr;
  g_autofree char *within = NULL;
  g_autofree char *wanted = NULL;

  g_assert_nonnull (start);
  end = strstr (start, "</figure>");
  if (end == NULL || (strstr (start, "/>") != NULL && strstr (start, "/>") < strchr (start, '>')))
    end = strstr (start, "/>");
  g_assert_nonnull (end);
  within = g_strndup (start, end - start);

  if (g_str_has_prefix (attr, "weapon."))
    {
      /* weapon.N.field: the Nth <weapon> */
      int n = atoi (attr + strlen ("weapon."));
      const char *w = within;
      char *copy;

      for (int i = 0; i <= n; i++)
        {
          w = strstr (w + 1, "<weapon ");
          g_assert_nonnull (w);
        }
      name = strrchr (attr, '.') + 1;
      end = strchr (w, '>');
      copy = g_strndup (w, end - w); /* w points into within */
      g_free (within);
      within = copy;
    }
  else if ((dot = strchr (attr, '.')) != NULL)
    {
      g_autofree char *element = g_strdup_printf ("<%.*s ", (int) (dot - attr), attr);
      const char *e = strstr (within, element);
      char *copy;

      g_assert_nonnull (e);
      copy = g_strndup (e, strchr (e, '>') - e);
      g_free (within);
      within = copy;
      name = dot + 1;
    }
  else
    {
      /* the figure's start tag only */
      char *copy = g_strndup (within, strchr (within, '>') - within);

      g_free (within);
      within = copy;
    }

  {
    g_autofree char *escaped = g_markup_escape_text (value, -1);

    wanted = g_strdup_printf (" %s=\"%s\"", name, escaped);
  }
  if (value[0] == '\0' && strcmp (name, "side") != 0)
    {
      /* absent: not written at all */
      g_autofree char *any = g_strdup_printf (" %s=\"", name);

      g_assert_null (strstr (within, any));
    }
  else if (strstr (within, wanted) == NULL)
    g_error ("%s: expected %s in %s", attr, wanted, within);
}

/* Sets @attr to @value on "smith", expects @canonical back, finds it in
 * the saved form and loads it back. */
static void
check_round_trip (PhScenario *scenario,
                  const char *figure,
                  const char *attr,
                  const char *value,
                  const char *canonical)
{
  g_autofree char *got = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *again = NULL;
  g_autoptr(PhScenario) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  set (scenario, figure, attr, value);
  got = get (scenario, figure, attr);
  g_assert_cmpstr (got, ==, canonical);

  xml = ph_scenario_to_xml (scenario, &length);
  assert_written (xml, figure, attr, canonical);
  reloaded = ph_scenario_load_data (xml, length, "saved.xml", &error);
  g_assert_no_error (error);
  again = get (reloaded, figure, attr);
  g_assert_cmpstr (again, ==, canonical);

  /* setting the canonical form changes nothing */
  set (scenario, figure, attr, canonical);
  g_free (got);
  got = get (scenario, figure, attr);
  g_assert_cmpstr (got, ==, canonical);
}

/* Triples: attribute, value to set, canonical form; NULL-terminated */
static void
check_round_trips (PhScenario        *scenario,
                   const char        *figure,
                   const char * const *cases)
{
  for (guint i = 0; cases[i] != NULL; i += 3)
    check_round_trip (scenario, figure, cases[i], cases[i + 1], cases[i + 2]);
}

static const char * const figure_cases[] = {
  "x", "12.5", "12.5",
  "x", "0.1", "0.1",
  "x", "-0", "0",
  "x", "+3.", "3",
  "x", "1e3", "1000",
  "x", "-100000", "-100000",
  "y", "33.333333333333336", "33.333333333333336",
  "facing", "45", "45",
  "facing", "-90", "270",
  "facing", "720.5", "0.5",
  "facing", "360", "0",
  "stance", "kneeling", "kneeling",
  "stance", "galloping", "galloping",
  "status", "prone  fired", "fired prone",
  "status", "dead dead", "dead",
  "status", "", "",
  "status", "fled reacting vexed", "vexed reacting fled",
  "mounted", "true", "true",
  "mounted", "false", "false",
  "leader", "true", "true",
  "troop", "cavalry", "cavalry",
  "troop", "indian", "indian",
  "side", "blue", "blue",
  "name", "Corporal <Jones> & \"Co\"", "Corporal <Jones> & \"Co\"",
  "name", "", "",
  "base-shape", "square", "square",
  "base-width", "1.25", "1.25",
  "base-depth", "2", "2",
  "weapon.0.loaded", "false", "false",
  "weapon.1.loaded", "true", "true",
  "weapon.0.name", "Sharp", "Sharp",
  "weapon.1.name", "", "",
  NULL
};

static void
test_figure_attrs (void)
{
  g_autoptr(PhScenario) scenario =
    load_ruleset ("firelock-scalplock", "<firelock bravery=\"10,7,4,1\"/>");
  g_autofree char *name = NULL;

  check_round_trips (scenario, "smith", figure_cases);
  /* an absent name reads as "" and shows the id */
  name = get (scenario, "smith", "name");
  g_assert_cmpstr (name, ==, "");
  g_assert_cmpstr (ph_figure_display_name (ph_scenario_find_figure (scenario, "smith")), ==,
                   "smith");
}

static void
test_firelock (void)
{
  static const char * const cases[] = {
    "firelock.bravery", " 9, 6 ,3,0 ", "9,6,3,0",
    "firelock.bravery", "-1,0,+2,3", "-1,0,2,3",
    "firelock.hits", "0", "0",
    "firelock.hits", "7", "7",
    "firelock.hits", "+4", "4",
    "firelock.melee", "-2", "-2",
    "firelock.melee", "2", "2",
    "firelock.officer", "true", "true",
    NULL
  };
  g_autoptr(PhScenario) scenario =
    load_ruleset ("firelock-scalplock", "<firelock bravery=\"10,7,4,1\"/>");

  check_round_trips (scenario, "smith", cases);
}

static void
test_fistful (void)
{
  static const char * const cases[] = {
    "fistful.wounds", "2", "2",
    "fistful.shaken", "true", "true",
    "fistful.reload", "true", "true",
    "fistful.reload", "false", "false",
    "fistful.traits", "Tough, Quick", "Tough, Quick",
    "fistful.traits", "", "",
    NULL
  };
  g_autoptr(PhScenario) scenario = load_ruleset ("fistful-of-lead", "<fistful/>");

  check_round_trips (scenario, "smith", cases);
}

static void
test_mayhem (void)
{
  static const char * const cases[] = {
    "mayhem.courage", "4", "4",
    "mayhem.armament", "-3", "-3",
    "mayhem.hit-bonus", "1", "1",
    "mayhem.impact-bonus", "2", "2",
    "mayhem.shock", "true", "true",
    "mayhem.search", "5", "5",
    "mayhem.saves", "1", "1",
    "mayhem.rerolls", "3", "3",
    NULL
  };
  g_autoptr(PhScenario) scenario =
    load_ruleset ("musket-mayhem", "<mayhem courage=\"3\" armament=\"5\"/>");

  check_round_trips (scenario, "smith", cases);
}

static void
test_featherstone (void)
{
  static const char * const cases[] = {
    "featherstone.rating", "veteran", "veteran",
    "featherstone.light-wounds", "2", "2",
    "featherstone.serious-wounds", "1", "1",
    "featherstone.wounds", "G  B\tH", "G B H",
    "featherstone.light-wounds", "2", "2",
    "featherstone.wounds", "A", "A",
    NULL
  };
  g_autoptr(PhScenario) scenario =
    load_ruleset ("featherstone", "<featherstone rating=\"average\"/>");
  g_autofree char *light = NULL, *serious = NULL, *wounds = NULL;
  g_autoptr(GError) error = NULL;

  check_round_trips (scenario, "smith", cases);

  /* the letters set the counts; "" removes the letters and keeps them */
  set (scenario, "smith", "featherstone.wounds", "B C F");
  light = get (scenario, "smith", "featherstone.light-wounds");
  serious = get (scenario, "smith", "featherstone.serious-wounds");
  g_assert_cmpstr (light, ==, "1");
  g_assert_cmpstr (serious, ==, "2");
  g_assert_false (ph_figure_set_attr (scenario, ph_scenario_find_figure (scenario, "smith"),
                                      "featherstone.light-wounds", "3", &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "figure 'smith': attribute 'wounds' lists 2 serious (B to E) and 1 light "
                   "(F to J) wounds, but serious-wounds is 2 and light-wounds is 3");
  check_round_trip (scenario, "smith", "featherstone.wounds", "", "");
  g_free (light);
  light = get (scenario, "smith", "featherstone.light-wounds");
  g_assert_cmpstr (light, ==, "1");
  check_round_trip (scenario, "smith", "featherstone.light-wounds", "5", "5");
  wounds = get (scenario, "smith", "featherstone.wounds");
  g_assert_cmpstr (wounds, ==, "");
}

static void
test_guns_of_war (void)
{
  static const char * const cases[] = {
    "guns-of-war.formation", "UF", "UF",
    "guns-of-war.men", "80", "80",
    "guns-of-war.attack-throw", "11", "11",
    "guns-of-war.ac", "5", "5",
    "guns-of-war.armor-ac", "2", "2",
    "guns-of-war.morale", "-1", "-1",
    "guns-of-war.reload-tokens", "2", "2",
    "guns-of-war.reload-tokens", "0", "0",
    "guns-of-war.uhp", "7", "7",
    "guns-of-war.uhp", "", "",
    NULL
  };
  g_autoptr(PhScenario) scenario =
    load_ruleset ("guns-of-war", "<guns-of-war formation=\"DF\" men=\"120\" "
                  "attack-throw=\"10\" ac=\"4\"/>");

  check_round_trips (scenario, "smith", cases);
}

/* Refused: the message, and the scenario written exactly as before */
static void
check_refused (PhScenario *scenario,
               const char *figure,
               const char *attr,
               const char *value,
               const char *message)
{
  g_autofree char *before = ph_scenario_to_xml (scenario, NULL);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_false (ph_figure_set_attr (scenario, ph_scenario_find_figure (scenario, figure),
                                      attr, value, &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, message);
  after = ph_scenario_to_xml (scenario, NULL);
  g_assert_cmpstr (after, ==, before);
}

/* Each (attribute, value, message) triple of the NULL-terminated @cases is
 * refused */
static void
check_refusals (PhScenario        *scenario,
                const char        *figure,
                const char * const *cases)
{
  for (guint i = 0; cases[i] != NULL; i += 3)
    check_refused (scenario, figure, cases[i], cases[i + 1], cases[i + 2]);
}

static void
test_refused (void)
{
  static const char * const cases[] = {
    "colour", "red", "unknown figure attribute 'colour'",
    "id", "jones", "unknown figure attribute 'id'",
    "weapon.x.loaded", "true",
      "unknown figure attribute 'weapon.x.loaded'",
    "weapon.0.kind", "musket",
      "unknown figure attribute 'weapon.0.kind'",
    "firelock", "1", "unknown figure attribute 'firelock'",
    "x", "abc",
      "figure 'smith': attribute 'x' must be a number from -100000 to 100000, "
      "not 'abc'",
    "x", " 12",
      "figure 'smith': attribute 'x' must be a number from -100000 to 100000, "
      "not ' 12'",
    "y", "100001",
      "figure 'smith': attribute 'y' must be a number from -100000 to 100000, "
      "not '100001'",
    "facing", "inf",
      "figure 'smith': attribute 'facing' must be a finite number, not 'inf'",
    "base-width", "0",
      "figure 'smith': attribute 'base-width' must be a number > 0 and at most "
      "100000, not '0'",
    "mounted", "yes",
      "figure 'smith': attribute 'mounted' must be true or false, not 'yes'",
    "stance", "flying",
      "figure 'smith': attribute 'stance' has an unknown value 'flying'",
    "troop", "",
      "figure 'smith': attribute 'troop' has an unknown value ''",
    "status", "fired sleepy",
      "figure 'smith': attribute 'status' has an unknown marker 'sleepy' (markers: "
      "fired, moved, prone, startled, cowering, angry, vexed, shaken, reacting, "
      "melee, dead, fled)",
    "side", "green",
      "figure 'smith': attribute 'side' names an unknown side 'green'",
    "side", "wood",
      "figure 'smith': attribute 'side' names 'wood', which is a <feature>, "
      "not a side",
    "side", "bare",
      "figure 'smith': attribute 'side' names 'bare', which is a <figure>, "
      "not a side",
    "side", "",
      "figure 'smith': attribute 'side' names an unknown side ''",
    "weapon.2.loaded", "true",
      "figure 'smith': there is no weapon 2 (the figure carries 2, counted from 0)",
    "weapon.0.loaded", "1",
      "figure 'smith': attribute 'weapon.0.loaded' must be true or false, not '1'",
    "firelock.hits", "8",
      "figure 'smith': attribute 'firelock.hits' must be an integer from 0 to 7, "
      "not '8'",
    "firelock.melee", "-3",
      "figure 'smith': attribute 'firelock.melee' must be an integer from -2 to 2, "
      "not '-3'",
    "firelock.hits", "1.0",
      "figure 'smith': attribute 'firelock.hits' must be an integer from 0 to 7, "
      "not '1.0'",
    "firelock.bravery", "10,7,4",
      "figure 'smith': attribute 'firelock.bravery' must be four integers separated "
      "by commas (such as 10,7,4,1), not '10,7,4'",
    "firelock.officer", "TRUE",
      "figure 'smith': attribute 'firelock.officer' must be true or false, "
      "not 'TRUE'",
    /* another ruleset's element */
    "fistful.wounds", "1",
      "figure 'smith': this is a firelock-scalplock scenario, whose figures take "
      "<firelock>, not <fistful>",
    /* a long value is cut short in the message */
    "x", "123456789012345678901234567890123456789012345",
      "figure 'smith': attribute 'x' must be a number from -100000 to 100000, "
      "not '1234567890123456789012345678901234567890...'",
    NULL
  };
  g_autoptr(PhScenario) scenario =
    load_ruleset ("firelock-scalplock", "<firelock bravery=\"10,7,4,1\"/>");

  check_refusals (scenario, "smith", cases);
}

static void
test_refused_rulesets (void)
{
  static const char * const fistful_cases[] = {
    "fistful.wounds", "-1",
      "figure 'smith': attribute 'fistful.wounds' must be an integer from 0 to "
      "1000000, not '-1'",
    NULL
  };
  static const char * const mayhem_cases[] = {
    "mayhem.saves", "x",
      "figure 'smith': attribute 'mayhem.saves' must be an integer from 0 to "
      "1000000, not 'x'",
    "mayhem.courage", "1000001",
      "figure 'smith': attribute 'mayhem.courage' must be an integer from -1000000 "
      "to 1000000, not '1000001'",
    NULL
  };
  static const char * const featherstone_cases[] = {
    "featherstone.rating", "elite",
      "figure 'smith': attribute 'featherstone.rating' has an unknown value 'elite'",
    "featherstone.wounds", "B K",
      "figure 'smith': attribute 'featherstone.wounds' must list wound letters A to "
      "J separated by white space, not 'K'",
    "featherstone.wounds", "BC",
      "figure 'smith': attribute 'featherstone.wounds' must list wound letters A to "
      "J separated by white space, not 'BC'",
    NULL
  };
  static const char * const gow_cases[] = {
    "guns-of-war.formation", "df",
      "figure 'smith': attribute 'guns-of-war.formation' has an unknown value 'df'",
    "guns-of-war.men", "0",
      "figure 'smith': attribute 'guns-of-war.men' must be an integer from 1 to "
      "1000000, not '0'",
    "guns-of-war.uhp", "many",
      "figure 'smith': attribute 'guns-of-war.uhp' must be an integer from -1000000 "
      "to 1000000, not 'many'",
    "guns-of-war.reload-tokens", "-1",
      "figure 'smith': attribute 'guns-of-war.reload-tokens' must be an integer from "
      "0 to 1000000, not '-1'",
    NULL
  };
  g_autoptr(PhScenario) fistful = load_ruleset ("fistful-of-lead", "<fistful/>");
  g_autoptr(PhScenario) mayhem =
    load_ruleset ("musket-mayhem", "<mayhem courage=\"3\" armament=\"5\"/>");
  g_autoptr(PhScenario) featherstone =
    load_ruleset ("featherstone", "<featherstone rating=\"average\"/>");
  g_autoptr(PhScenario) gow =
    load_ruleset ("guns-of-war", "<guns-of-war formation=\"DF\" men=\"120\" "
                  "attack-throw=\"10\" ac=\"4\"/>");

  check_refusals (fistful, "smith", fistful_cases);
  check_refusals (mayhem, "smith", mayhem_cases);
  check_refusals (featherstone, "smith", featherstone_cases);
  check_refusals (gow, "smith", gow_cases);
}

/* A figure without its ruleset element */
static void
test_missing_element (void)
{
  g_autoptr(PhScenario) firelock =
    load_ruleset ("firelock-scalplock", "<firelock bravery=\"10,7,4,1\"/>");
  g_autoptr(PhScenario) fistful = load_ruleset ("fistful-of-lead", "<fistful/>");
  g_autoptr(PhScenario) mayhem =
    load_ruleset ("musket-mayhem", "<mayhem courage=\"3\" armament=\"5\"/>");
  g_autoptr(PhScenario) gow =
    load_ruleset ("guns-of-war", "<guns-of-war formation=\"DF\" men=\"120\" "
                  "attack-throw=\"10\" ac=\"4\"/>");
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;
  g_autofree char *hits = NULL, *melee = NULL, *shaken = NULL;

  value = ph_figure_get_attr (firelock, ph_scenario_find_figure (firelock, "bare"),
                              "firelock.hits", &error);
  g_assert_null (value);
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "figure 'bare': the figure has no <firelock> element");
  g_clear_error (&error);

  /* firelock needs its bravery first; then the defaults */
  check_refused (firelock, "bare", "firelock.hits", "1",
                 "figure 'bare': the figure has no <firelock> element, and one needs bravery");
  check_round_trip (firelock, "bare", "firelock.bravery", "8,6,4,2", "8,6,4,2");
  hits = get (firelock, "bare", "firelock.hits");
  melee = get (firelock, "bare", "firelock.melee");
  g_assert_cmpstr (hits, ==, "0");
  g_assert_cmpstr (melee, ==, "2");

  /* fistful has no required attributes */
  check_round_trip (fistful, "bare", "fistful.wounds", "1", "1");
  shaken = get (fistful, "bare", "fistful.shaken");
  g_assert_cmpstr (shaken, ==, "false");

  check_refused (mayhem, "bare", "mayhem.courage", "3",
                 "figure 'bare': the figure has no <mayhem> element, and one needs armament");
  check_refused (gow, "bare", "guns-of-war.reload-tokens", "1",
                 "figure 'bare': the figure has no <guns-of-war> element, and one needs "
                 "formation, men, attack-throw, ac");
}

/* Every value the getter gives for a loaded file is the saver's text */
static void
test_get_matches_saver (void)
{
  static const char * const attrs[] = {
    "name", "side", "x", "y", "facing", "base-shape", "base-width", "base-depth", "troop",
    "mounted", "leader", "stance", "status", "weapon.0.loaded", "weapon.1.name",
    "firelock.bravery", "firelock.hits", "firelock.melee", "firelock.officer", NULL
  };
  g_autoptr(PhScenario) scenario =
    load_ruleset ("firelock-scalplock", "<firelock bravery=\"10 ,7,4,1\" hits=\"03\"/>");
  g_autofree char *xml = NULL;

  set (scenario, "smith", "status", "moved fired");
  set (scenario, "smith", "facing", "-0.1");
  set (scenario, "smith", "x", "0.30000000000000004");
  xml = ph_scenario_to_xml (scenario, NULL);
  for (guint i = 0; attrs[i] != NULL; i++)
    {
      g_autofree char *value = get (scenario, "smith", attrs[i]);

      assert_written (xml, "smith", attrs[i], value);
    }
}

/* The list names every attribute a figure has, each of which reads */
static void
test_list (void)
{
  g_autoptr(PhScenario) scenario =
    load_ruleset ("guns-of-war", "<guns-of-war formation=\"DF\" men=\"120\" "
                  "attack-throw=\"10\" ac=\"4\"/>");
  g_auto(GStrv) smith = ph_figure_list_attrs (ph_scenario_find_figure (scenario, "smith"));
  g_auto(GStrv) bare = ph_figure_list_attrs (ph_scenario_find_figure (scenario, "bare"));
  g_autofree char *joined = g_strjoinv (" ", smith);

  g_assert_cmpstr (joined, ==,
                   "name side x y facing base-shape base-width base-depth troop mounted leader "
                   "stance status weapon.0.loaded weapon.0.name weapon.1.loaded weapon.1.name "
                   "guns-of-war.formation guns-of-war.men guns-of-war.creature guns-of-war.attack-throw "
                   "guns-of-war.ac guns-of-war.armor-ac guns-of-war.morale "
                   "guns-of-war.reload-tokens guns-of-war.uhp");
  g_assert_cmpuint (g_strv_length (bare), ==, 13);
  for (guint i = 0; smith[i] != NULL; i++)
    g_free (get (scenario, "smith", smith[i]));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/figure-attr/figure", test_figure_attrs);
  g_test_add_func ("/figure-attr/firelock", test_firelock);
  g_test_add_func ("/figure-attr/fistful", test_fistful);
  g_test_add_func ("/figure-attr/mayhem", test_mayhem);
  g_test_add_func ("/figure-attr/featherstone", test_featherstone);
  g_test_add_func ("/figure-attr/guns-of-war", test_guns_of_war);
  g_test_add_func ("/figure-attr/refused", test_refused);
  g_test_add_func ("/figure-attr/refused-rulesets", test_refused_rulesets);
  g_test_add_func ("/figure-attr/missing-element", test_missing_element);
  g_test_add_func ("/figure-attr/get-matches-saver", test_get_matches_saver);
  g_test_add_func ("/figure-attr/list", test_list);

  return g_test_run ();
}
