/* test-cli-advise.c: powderhorn-cli advise (README, "The command line")
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every option must be what assess says with that option's flags, with a
 * chance of the ruleset's effect (p_effect), ranked by the effects to
 * expect, then kills, then hits; the top options of a figure per ruleset
 * are checked by hand against docs/rules.md in the comments.
 */
#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ph-test-cli.h"
#include "ph-test-files.h"

#define FARMSTEAD "musket-mayhem-fight-at-the-farmstead.xml"

static JsonObject *
prev_of (JsonArray *options,
         guint      i)
{
  return json_array_get_object_element (options, i - 1);
}

/* Every option of advise --json checked against assess with its options
 * (its effect too, made from assess's numbers), and the ranking's order */
static JsonNode *
check_advise (const char *path,
              const char *figure)
{
  const char * const args[] = { "advise", path, "--figure", figure, "--json", NULL };
  JsonNode *root = ph_test_cli_json (args);
  JsonObject *o = json_node_get_object (root);
  JsonArray *options = json_object_get_array_member (o, "options");

  const char *effect = ph_test_json_string (o, "effect");

  ph_test_assert_json_string (o, "figure", figure);
  for (guint i = 0; i < json_array_get_length (options); i++)
    {
      JsonObject *option = json_array_get_object_element (options, i);
      JsonObject *flags = json_object_get_object_member (option, "options");
      g_autoptr(GPtrArray) assess = g_ptr_array_new ();
      g_autoptr(GPtrArray) flag_names = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(JsonNode) assessed = NULL;
      g_autoptr(GList) names = json_object_get_members (flags);
      JsonObject *a;

      g_assert_cmpint (ph_test_json_int (option, "rank"), ==, i + 1);
      g_ptr_array_add (assess, "assess");
      g_ptr_array_add (assess, (char *) path);
      g_ptr_array_add (assess, "--shooter");
      g_ptr_array_add (assess, (char *) figure);
      g_ptr_array_add (assess, "--target");
      g_ptr_array_add (assess, (char *) ph_test_json_string (option, "target"));
      g_ptr_array_add (assess, "--weapon");
      g_ptr_array_add (assess, (char *) ph_test_json_string (option, "weapon"));
      for (GList *l = names; l != NULL; l = l->next)
        {
          JsonNode *value = json_object_get_member (flags, l->data);
          char *flag = g_strdup_printf ("--%s", (const char *) l->data);

          g_ptr_array_add (flag_names, flag);
          if (json_node_get_value_type (value) == G_TYPE_BOOLEAN)
            {
              if (json_node_get_boolean (value))
                g_ptr_array_add (assess, flag);
            }
          else
            {
              g_ptr_array_add (assess, flag);
              g_ptr_array_add (assess, (char *) json_node_get_string (value));
            }
        }
      g_ptr_array_add (assess, "--json");
      g_ptr_array_add (assess, NULL);
      assessed = ph_test_cli_json ((const char * const *) assess->pdata);
      a = json_node_get_object (assessed);
      g_assert_true (ph_test_json_bool (a, "can_fire"));
      ph_test_assert_same_member (option, a, "target");
      ph_test_assert_same_member (option, a, "weapon");
      ph_test_assert_same_member (option, a, "distance");
      ph_test_assert_same_member (option, a, "p_hit");
      ph_test_assert_same_member (option, a, "p_kill");
      ph_test_assert_json_number (option, "p_effect", ph_test_effect_from_assess (a, effect));
      /* a shot with no chance of the effect is not advised */
      g_assert_cmpfloat (ph_test_json_number (option, "p_effect"), >, 0);
      g_assert_cmpstr (ph_test_json_string (option, "cost"), !=, "");

      /* ranked: expected effects, then kills, then hits, never better below */
      if (i > 0
          && ph_test_json_number (prev_of (options, i), "expected_effects")
             != ph_test_json_number (option, "expected_effects"))
        g_assert_cmpfloat (ph_test_json_number (prev_of (options, i), "expected_effects"), >,
                           ph_test_json_number (option, "expected_effects"));
      else if (i > 0)
        {
          JsonObject *prev = json_array_get_object_element (options, i - 1);

          if (!ph_test_json_is_null (option, "expected_kills"))
            g_assert_cmpfloat (ph_test_json_number (prev, "expected_kills"), >=,
                               ph_test_json_number (option, "expected_kills"));
          if (ph_test_json_is_null (option, "expected_kills")
              || ph_test_json_number (prev, "expected_kills")
                 == ph_test_json_number (option, "expected_kills"))
            g_assert_cmpfloat (ph_test_json_number (prev, "expected_hits"), >=,
                               ph_test_json_number (option, "expected_hits"));
        }
    }
  return root;
}

/* Returns option @rank (from 1) */
static JsonObject *
option_at (JsonNode *root,
           guint     rank)
{
  JsonArray *options = json_object_get_array_member (json_node_get_object (root), "options");

  g_assert_cmpuint (json_array_get_length (options), >=, rank);
  return json_array_get_object_element (options, rank - 1);
}

static guint
n_options (JsonNode *root)
{
  return json_array_get_length (json_object_get_array_member (json_node_get_object (root),
                                                              "options"));
}

static void
test_advise_firelock (void)
{
  g_autofree char *path = ph_test_scenario_path ("firelock-bloody-run-1758.xml");
  g_autoptr(JsonNode) root = check_advise (path, "hawkeye");
  JsonObject *top = option_at (root, 1), *second = option_at (root, 2), *third = option_at (root, 3);
  JsonObject *flags = json_object_get_object_member (top, "options");

  /* Hawkeye's rifle at Marin, 25.93 in: 100 - 25.93 = 74.07, floored 74%;
   * Marin has fired, so he is acquired; the result d10 + 3 (careful aim)
   * kills on 12 or more: 9 or 10, 2 in 10. p(kill) = 0.74 x 0.2 = 0.148.
   * Aiming (+2) kills on a 10 only: 0.074; plain fire (d10 >= 12) never. */
  ph_test_assert_json_string (json_node_get_object (root), "ruleset", "firelock-scalplock");
  ph_test_assert_json_string (top, "action", "careful-aim");
  ph_test_assert_json_string (top, "target", "marin");
  ph_test_assert_json_string (top, "weapon", "rifle");
  g_assert_cmpfloat_with_epsilon (ph_test_json_number (top, "p_hit"), 0.74, 1e-12);
  g_assert_cmpfloat_with_epsilon (ph_test_json_number (top, "p_kill"), 0.148, 1e-12);
  g_assert_cmpfloat (ph_test_json_number (top, "expected_kills"), ==,
                     ph_test_json_number (top, "p_kill"));
  g_assert_cmpfloat (ph_test_json_number (top, "expected_hits"), ==,
                     ph_test_json_number (top, "p_hit"));
  ph_test_assert_json_string (top, "cost", "4 IPs: careful aim");
  ph_test_assert_json_string (flags, "aim", "careful");
  g_assert_false (ph_test_json_bool (flags, "spot"));

  ph_test_assert_json_string (second, "action", "aim");
  g_assert_cmpfloat_with_epsilon (ph_test_json_number (second, "p_kill"), 0.074, 1e-12);
  ph_test_assert_json_string (second, "cost", "2 IPs: aim");
  ph_test_assert_json_string (third, "action", "fire");
  g_assert_cmpfloat (ph_test_json_number (third, "p_kill"), ==, 0);
  ph_test_assert_json_string (third, "cost", "0 IPs");

  /* no option twice: spotting Marin changes nothing, he has fired */
  for (guint i = 1; i <= n_options (root); i++)
    {
      JsonObject *o = option_at (root, i);

      if (g_str_equal (ph_test_json_string (o, "target"), "marin"))
        g_assert_false (ph_test_json_bool (json_object_get_object_member (o, "options"),
                                           "spot"));
    }
}

/* Firelock ranks by the chance of any wound: Putnam's plain shot at
 * Dubois in the cabin hits 24.6% of the time and never wounds (d10 - 5
 * never makes 7), so it is not advised, nor is paying to spot without
 * aiming; careful aim (+3) wounds on 9 or 10 of the result d10 */
static void
test_advise_firelock_no_effect (void)
{
  g_autofree char *path = ph_test_scenario_path ("firelock-bloody-run-1758.xml");
  g_autoptr(JsonNode) root = check_advise (path, "putnam");
  JsonObject *top = option_at (root, 1);

  ph_test_assert_json_string (json_node_get_object (root), "effect", "wound");
  g_assert_cmpuint (n_options (root), ==, 4);
  ph_test_assert_json_string (top, "action", "spot-careful-aim");
  ph_test_assert_json_string (top, "target", "dubois");
  g_assert_cmpfloat_with_epsilon (ph_test_json_number (top, "p_effect"),
                                  ph_test_json_number (top, "p_hit") * 0.2, 1e-12);
  g_assert_cmpfloat (ph_test_json_number (top, "expected_effects"), ==,
                     ph_test_json_number (top, "p_effect"));
  for (guint i = 1; i <= n_options (root); i++)
    {
      const char *action = ph_test_json_string (option_at (root, i), "action");

      g_assert_cmpstr (action, !=, "fire");
      g_assert_cmpstr (action, !=, "spot");
    }
}

static void
test_advise_rulesets (void)
{
  {
    /* Plunket, a lying Veteran (+20), at Latour, trotting (the running
     * row) at 194.6 paces, long range: 30 + 20 = 50% aimed; snap fire at
     * long range -30: 20% */
    g_autofree char *path = ph_test_scenario_path ("featherstone-cacabelos-1809.xml");
    g_autoptr(JsonNode) root = check_advise (path, "plunket");
    JsonObject *top = option_at (root, 1);

    ph_test_assert_json_string (top, "action", "aimed-fire");
    ph_test_assert_json_string (top, "target", "latour");
    g_assert_cmpfloat (ph_test_json_number (top, "p_hit"), ==, 0.5);
    g_assert_true (ph_test_json_is_null (top, "p_kill"));
    g_assert_true (ph_test_json_is_null (top, "expected_kills"));
    ph_test_assert_json_string (json_object_get_object_member (top, "options"), "fire", "aimed");
    for (guint i = 1; i <= n_options (root); i++)
      {
        JsonObject *o = option_at (root, i);

        if (g_str_equal (ph_test_json_string (o, "target"), "latour")
            && g_str_equal (ph_test_json_string (o, "action"), "snap-fire"))
          g_assert_cmpfloat (ph_test_json_number (o, "p_hit"), ==, 0.2);
      }
  }
  {
    /* Brown's rifle at Laurie, in the open 15.5 in away: 6 on a d10
     * (shoot-target), -1 beyond 12 in (long-range-modifier): 7+, 4/10; a
     * deuce's best of two dice: 1 - 0.6^2 = 0.64; a one-eyed jack's +1:
     * 6+, 5/10 */
    g_autofree char *path = ph_test_scenario_path ("fistful-north-bridge-1775.xml");
    g_autoptr(JsonNode) root = check_advise (path, "brown");
    JsonObject *top = option_at (root, 1);

    ph_test_assert_json_string (top, "action", "fire-deuce");
    ph_test_assert_json_string (top, "target", "laurie");
    g_assert_cmpfloat_with_epsilon (ph_test_json_number (top, "p_hit"), 0.64, 1e-12);
    ph_test_assert_json_string (json_object_get_object_member (top, "options"), "card", "deuce");
    for (guint i = 1; i <= n_options (root); i++)
      {
        JsonObject *o = option_at (root, i);

        if (!g_str_equal (ph_test_json_string (o, "target"), "laurie"))
          continue;
        if (g_str_equal (ph_test_json_string (o, "action"), "fire-one-eyed-jack"))
          g_assert_cmpfloat_with_epsilon (ph_test_json_number (o, "p_hit"), 0.5, 1e-12);
        else if (g_str_equal (ph_test_json_string (o, "action"), "fire"))
          g_assert_cmpfloat_with_epsilon (ph_test_json_number (o, "p_hit"), 0.4, 1e-12);
      }
  }
  {
    /* Tubbs at Lafleur, 15.6 in, over half range (-1), in the open (4+):
     * 5+ on the d6, 2/6; the impact d6 + 1 >= 6: 2/6; p(kill) 1/9. His
     * shot at de Beaujeu can be fired but never hits (0%): not advised */
    g_autofree char *path = ph_test_scenario_path (FARMSTEAD);
    g_autoptr(JsonNode) root = check_advise (path, "tubbs");
    JsonObject *top = option_at (root, 1);

    g_assert_cmpuint (n_options (root), ==, 1);
    ph_test_assert_json_string (json_node_get_object (root), "effect", "kill");
    ph_test_assert_json_string (top, "action", "fire");
    ph_test_assert_json_string (top, "target", "lafleur");
    g_assert_cmpfloat (ph_test_json_number (top, "p_hit"), ==, 1.0 / 3);
    g_assert_cmpfloat_with_epsilon (ph_test_json_number (top, "expected_kills"), 1.0 / 9, 1e-15);
    g_assert_cmpuint (json_object_get_size (json_object_get_object_member (top, "options")), ==, 0);
  }
  {
    /* The Duke's musketeers have moved: their flintlock muskets at the
     * arquebusiers, 3 hexes (armour-piercing: AC 6 - 4 = 2), need 10 + 2
     * = 12 on a d20, 9/20, less 2 without the fork rest: 7/20. Reaction
     * fire keeps the 9/20. One attack each. */
    g_autofree char *path = ph_test_scenario_path ("guns-of-war-tithe-barn.xml");
    g_autoptr(JsonNode) root = check_advise (path, "aur_musketeers");
    JsonObject *top = option_at (root, 1), *second = option_at (root, 2);

    ph_test_assert_json_string (top, "action", "reaction-fire");
    ph_test_assert_json_string (top, "target", "jut_arquebusiers");
    g_assert_cmpfloat (ph_test_json_number (top, "p_hit"), ==, 0.45);
    g_assert_cmpfloat (ph_test_json_number (top, "expected_hits"), ==, 0.45);
    g_assert_true (ph_test_json_bool (json_object_get_object_member (top, "options"),
                                      "reaction"));
    ph_test_assert_json_string (second, "action", "fire");
    g_assert_cmpfloat (ph_test_json_number (second, "p_hit"), ==, 0.35);
    ph_test_assert_json_string (second, "cost", "1 attack, then 0 reload tokens");
  }
}

static void
test_advise_top_and_none (void)
{
  g_autofree char *path = ph_test_scenario_path ("firelock-bloody-run-1758.xml");
  g_autofree char *mm = ph_test_scenario_path (FARMSTEAD);

  {
    const char * const all_args[] = { "advise", path, "--figure", "hawkeye", "--json", NULL };
    const char * const top_args[] = { "advise", path, "--figure", "hawkeye", "--top", "2",
                                      "--json", NULL };
    g_autoptr(JsonNode) all = ph_test_cli_json (all_args);
    g_autoptr(JsonNode) top = ph_test_cli_json (top_args);

    g_assert_cmpuint (n_options (all), >, 2);
    g_assert_cmpuint (n_options (top), ==, 2);
    g_assert_true (json_node_equal (json_object_get_member (option_at (all, 2), "p_kill"),
                                    json_object_get_member (option_at (top, 2), "p_kill")));
  }
  {
    /* Hale's pistol reaches 12 in; every Frenchman is farther */
    const char * const args[] = { "advise", mm, "--figure", "ensign_hale", "--json", NULL };
    g_autoptr(JsonNode) root = ph_test_cli_json (args);
    g_autoptr(PhTestRun) human = ph_test_cli ("advise", mm, "--figure", "ensign_hale", NULL);

    g_assert_cmpuint (n_options (root), ==, 0);
    g_assert_cmpint (human->status, ==, 0);
    g_assert_nonnull (strstr (human->out, "no shot can be fired"));
    g_assert_nonnull (strstr (human->out, "the pistol's range is 12 in"));
  }
  {
    g_autoptr(PhTestRun) human = ph_test_cli ("advise", mm, "--figure", "tubbs", NULL);

    g_assert_cmpint (human->status, ==, 0);
    g_assert_true (g_str_has_prefix (human->out, "Pte Tubbs (tubbs), Musket Mayhem: 1 shot"));
    g_assert_null (strstr (human->out, "beaujeu"));
    g_assert_nonnull (strstr (human->out, "  1. fire with the musket at Sdt. Lafleur (lafleur)"));
    g_assert_nonnull (strstr (human->out, "p(hit) 33.3%, p(kill) 11.1%"));
  }
  {
    /* Lafleur dead: Tubbs may still fire at de Beaujeu, but never hit */
    g_autofree char *edited = ph_test_edited_example (FARMSTEAD, "id=\"lafleur\"",
                                                      "id=\"lafleur\" status=\"dead\"");
    const char * const args[] = { "advise", edited, "--figure", "tubbs", "--json", NULL };
    g_autoptr(JsonNode) root = ph_test_cli_json (args);
    g_autoptr(PhTestRun) human = ph_test_cli ("advise", edited, "--figure", "tubbs", NULL);

    g_assert_cmpuint (n_options (root), ==, 0);
    g_assert_cmpint (human->status, ==, 0);
    g_assert_nonnull (strstr (human->out, "no shot with a chance of an effect this activation\n"));
    g_assert_nonnull (strstr (human->out, "  Capt. de Beaujeu (beaujeu): can fire, but no effect "
                                          "possible (0% to kill)\n"));
    ph_test_remove_temp (edited);
  }
  {
    g_autoptr(PhTestRun) unknown = ph_test_cli ("advise", mm, "--figure", "nobody", NULL);
    g_autoptr(PhTestRun) missing = ph_test_cli ("advise", mm, NULL);
    g_autoptr(PhTestRun) zero = ph_test_cli ("advise", mm, "--figure", "smith", "--top", "0", NULL);
    g_autoptr(PhTestRun) word = ph_test_cli ("advise", mm, "--figure", "smith", "--top", "x", NULL);

    g_assert_cmpint (unknown->status, ==, 1);
    g_assert_nonnull (strstr (unknown->err, "'nobody'"));
    ph_test_assert_usage_error (missing);
    ph_test_assert_usage_error (zero);
    ph_test_assert_usage_error (word);
  }
}

/* A dead figure and one with no missile weapon: nothing to advise, and
 * the table says why */
static void
test_advise_no_shot (void)
{
  g_autofree char *dead = ph_test_edited_example (FARMSTEAD, "id=\"otter\"",
                                                  "id=\"otter\" status=\"dead\"");
  /* Mullins keeps only his bayonet */
  g_autofree char *unarmed = ph_test_edited_example (FARMSTEAD,
                                                     "facing=\"35\" troop=\"line\">\n"
                                                     "      <weapon kind=\"musket\"/>\n",
                                                     "facing=\"35\" troop=\"line\">\n");

  {
    const char * const dead_args[] = { "advise", dead, "--figure", "otter", "--json", NULL };
    const char * const unarmed_args[] = { "advise", unarmed, "--figure", "mullins", "--json",
                                          NULL };
    g_autoptr(JsonNode) dead_root = ph_test_cli_json (dead_args);
    g_autoptr(JsonNode) unarmed_root = ph_test_cli_json (unarmed_args);
    g_autoptr(PhTestRun) dead_human = ph_test_cli ("advise", dead, "--figure", "otter", NULL);
    g_autoptr(PhTestRun) unarmed_human = ph_test_cli ("advise", unarmed, "--figure", "mullins",
                                                      NULL);
    JsonArray *options;

    options = json_object_get_array_member (json_node_get_object (dead_root), "options");
    g_assert_cmpuint (json_array_get_length (options), ==, 0);
    options = json_object_get_array_member (json_node_get_object (unarmed_root), "options");
    g_assert_cmpuint (json_array_get_length (options), ==, 0);
    g_assert_cmpstr (dead_human->out, ==,
                     "Cpl. La Loutre (otter), Musket Mayhem: off the table (dead or fled), "
                     "no shot\n");
    g_assert_cmpstr (unarmed_human->out, ==,
                     "Pte Mullins (mullins), Musket Mayhem: no missile weapon, no shot\n");
  }
  ph_test_remove_temp (dead);
  ph_test_remove_temp (unarmed);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/advise/firelock", test_advise_firelock);
  g_test_add_func ("/cli/advise/firelock-no-effect", test_advise_firelock_no_effect);
  g_test_add_func ("/cli/advise/rulesets", test_advise_rulesets);
  g_test_add_func ("/cli/advise/top-and-none", test_advise_top_and_none);
  g_test_add_func ("/cli/advise/no-shot", test_advise_no_shot);

  return g_test_run ();
}
