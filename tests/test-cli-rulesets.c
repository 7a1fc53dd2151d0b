/* test-cli-rulesets.c: powderhorn-cli rulesets (README, "The command line")
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the verb prints is each ruleset's descriptor: checked here against
 * the values docs/rules.md and docs/scenario-format.md give, and against
 * the program itself (every shot option it lists is one of assess's
 * options).
 */
#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ph-test-cli.h"
#include "ph-test-files.h"

static JsonObject *
find_named (JsonArray  *array,
            const char *key,
            const char *name)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *o = json_array_get_object_element (array, i);

      if (g_strcmp0 (json_object_get_string_member (o, key), name) == 0)
        return o;
    }
  return NULL;
}

static JsonObject *
ruleset (JsonObject *root,
         const char *id)
{
  JsonObject *r = find_named (json_object_get_array_member (root, "rulesets"), "id", id);

  g_assert_nonnull (r);
  return r;
}

static void
test_json (void)
{
  const char * const args[] = { "rulesets", "--json", NULL };
  g_autoptr(JsonNode) node = ph_test_cli_json (args);
  JsonObject *root = json_node_get_object (node);
  JsonObject *r, *o, *table;
  JsonArray *array;

  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "rulesets")),
                    ==, 5);

  /* Firelock: inches; aim and spot; one house rule; the bravery chart */
  r = ruleset (root, "firelock-scalplock");
  ph_test_assert_json_string (r, "title", "Firelock and Scalplock");
  ph_test_assert_json_string (r, "distance_unit", "in");
  array = json_object_get_array_member (r, "shot_options");
  g_assert_cmpuint (json_array_get_length (array), ==, 2);
  o = find_named (array, "name", "aim");
  ph_test_assert_json_string (o, "type", "choice");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "choices")), ==, 3);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (o, "choices"), 2),
                   ==, "careful");
  ph_test_assert_json_string (find_named (array, "name", "spot"), "type", "flag");
  o = find_named (json_object_get_array_member (r, "options"), "name", "sequencing");
  ph_test_assert_json_string (o, "default", "cards");
  ph_test_assert_json_string (r, "element", "firelock");
  array = json_object_get_array_member (r, "attributes");
  o = find_named (array, "name", "bravery");
  g_assert_true (ph_test_json_bool (o, "required"));
  o = find_named (array, "name", "hits");
  g_assert_cmpint (ph_test_json_int (o, "min"), ==, 0);
  g_assert_cmpint (ph_test_json_int (o, "max"), ==, 7);
  ph_test_assert_json_string (o, "default", "0");
  ph_test_assert_json_string (find_named (array, "name", "melee"), "default", "2");
  g_assert_nonnull (find_named (json_object_get_array_member (r, "actions"), "name", "roll-ips"));

  /* Featherstone: paces on a cm table with a 10-pace grid */
  r = ruleset (root, "featherstone");
  ph_test_assert_json_string (r, "distance_unit", "cm");
  table = json_object_get_object_member (r, "table");
  ph_test_assert_json_string (table, "unit", "cm");
  g_assert_cmpfloat (ph_test_json_number (table, "grid_size_cm"), ==, 10);
  o = find_named (json_object_get_array_member (r, "attributes"), "name", "armour-covers");
  ph_test_assert_json_string (o, "default", "body");

  /* Guns of War: hexes measured centre to centre; what a unit is made of */
  r = ruleset (root, "guns-of-war");
  ph_test_assert_json_string (r, "distance_unit", "hex");
  table = json_object_get_object_member (r, "table");
  ph_test_assert_json_string (table, "grid", "hex");
  ph_test_assert_json_string (table, "measure", "centre");
  o = find_named (json_object_get_array_member (r, "attributes"), "name", "creature");
  array = json_object_get_array_member (o, "choices");
  g_assert_cmpuint (json_array_get_length (array), ==, 5);
  g_assert_cmpstr (json_array_get_string_element (array, 4), ==, "colossal");
  g_assert_true (ph_test_json_is_null (find_named (json_object_get_array_member (r, "attributes"),
                                                   "name", "men"), "default"));

  /* Musket Mayhem has no shot options; Fistful's shoot-target no default */
  r = ruleset (root, "musket-mayhem");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (r, "shot_options")),
                    ==, 0);
  r = ruleset (root, "fistful-of-lead");
  o = find_named (json_object_get_array_member (r, "options"), "name", "shoot-target");
  g_assert_true (ph_test_json_is_null (o, "default"));
}

/* Every shot option listed is one of assess's --options */
static void
test_shot_options_are_assess_options (void)
{
  const char * const args[] = { "rulesets", "--json", NULL };
  g_autoptr(JsonNode) node = ph_test_cli_json (args);
  g_autoptr(PhTestRun) help = ph_test_cli ("assess", "--help", NULL);
  JsonArray *rulesets = json_object_get_array_member (json_node_get_object (node), "rulesets");
  guint n = 0;

  g_assert_cmpint (help->status, ==, 0);
  for (guint i = 0; i < json_array_get_length (rulesets); i++)
    {
      JsonArray *options = json_object_get_array_member (json_array_get_object_element (rulesets, i),
                                                         "shot_options");

      for (guint k = 0; k < json_array_get_length (options); k++)
        {
          const char *name = json_object_get_string_member (json_array_get_object_element (options, k),
                                                            "name");
          g_autofree char *flag = g_strdup_printf ("--%s", name);

          g_assert_nonnull (strstr (help->out, flag));
          n++;
        }
    }
  g_assert_cmpuint (n, ==, 5); /* aim, spot, card, fire, reaction */
}

/* One ruleset by id, in words; an unknown id is wrong usage */
static void
test_one (void)
{
  g_autoptr(PhTestRun) run = ph_test_cli ("rulesets", "featherstone", NULL);
  g_autoptr(PhTestRun) bad = ph_test_cli ("rulesets", "chess", NULL);

  g_assert_cmpint (run->status, ==, 0);
  g_assert_true (g_str_has_prefix (run->out, "featherstone: "));
  g_assert_nonnull (strstr (run->out, "paces"));
  g_assert_nonnull (strstr (run->out, "casualty-table"));
  g_assert_null (strstr (run->out, "firelock"));
  ph_test_assert_usage_error (bad);
  g_assert_nonnull (strstr (bad->err, "unknown ruleset 'chess'"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/rulesets/json", test_json);
  g_test_add_func ("/cli/rulesets/shot-options-are-assess-options",
                   test_shot_options_are_assess_options);
  g_test_add_func ("/cli/rulesets/one", test_one);

  return g_test_run ();
}
