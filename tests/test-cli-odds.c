/* test-cli-odds.c: powderhorn-cli odds (README, "The command line")
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every pair must be what `assess --json` says of it, field by field, in
 * JSON and in CSV; docs/rules.md's worked example pair is checked by hand.
 */
#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "ph-test-cli.h"
#include "ph-test-files.h"

#define FARMSTEAD "musket-mayhem-fight-at-the-farmstead.xml"

static const char * const examples[] = {
  "featherstone-cacabelos-1809.xml",
  "firelock-bloody-run-1758.xml",
  "fistful-north-bridge-1775.xml",
  "guns-of-war-tithe-barn.xml",
  FARMSTEAD,
};

/* assess's own, then the effect made from them */
static const char * const pair_members[] = {
  "shooter", "target", "weapon", "distance", "can_fire", "reasons", "p_hit", "p_kill",
};

/* odds --json, each pair checked against assess --json; returns the
 * ruleset's effect */
static char *
check_pairs_against_assess (const char *path,
                            guint       expected_pairs)
{
  const char * const args[] = { "odds", path, "--json", NULL };
  g_autoptr(JsonNode) root = ph_test_cli_json (args);
  JsonObject *o = json_node_get_object (root);
  JsonArray *pairs = json_object_get_array_member (o, "pairs");
  const char *effect = ph_test_json_string (o, "effect");
  guint n_effect = 0, n_hit_only = 0;

  g_assert_cmpuint (json_array_get_length (pairs), ==, expected_pairs);
  for (guint i = 0; i < json_array_get_length (pairs); i++)
    {
      JsonObject *pair = json_array_get_object_element (pairs, i);
      const char * const assess_args[] = {
        "assess", path, "--shooter", ph_test_json_string (pair, "shooter"),
        "--target", ph_test_json_string (pair, "target"), "--json", NULL,
      };
      g_autoptr(JsonNode) assessed = ph_test_cli_json (assess_args);
      JsonObject *a = json_node_get_object (assessed);

      /* exactly these members, in the README's order, and p_effect */
      g_assert_cmpuint (json_object_get_size (pair), ==, G_N_ELEMENTS (pair_members) + 1);
      for (guint m = 0; m < G_N_ELEMENTS (pair_members); m++)
        ph_test_assert_same_member (pair, a, pair_members[m]);
      ph_test_assert_json_number (pair, "p_effect", ph_test_effect_from_assess (a, effect));
      ph_test_assert_json_string (o, "ruleset", ph_test_json_string (a, "ruleset"));
      ph_test_assert_json_string (o, "unit", ph_test_json_string (a, "unit"));
      n_effect += ph_test_json_number (pair, "p_effect") > 0;
      n_hit_only += ph_test_json_number (pair, "p_hit") > 0
                    && ph_test_json_number (pair, "p_effect") == 0;
    }
  g_test_message ("%s: effect %s, %u pairs with a chance of it, %u that may hit without it",
                  path, effect, n_effect, n_hit_only);
  g_assert_cmpuint (n_effect, >, 0);
  return g_strdup (effect);
}

static void
test_odds_equals_assess (void)
{
  /* every figure of each side against every figure of the other: 5 x 5
   * twice, 6 x 6 twice at the farmstead, 4 x 4 twice at the tithe barn */
  static const guint n_pairs[] = { 50, 50, 50, 32, 72 };
  /* what each ruleset ranks by: Firelock's cover takes off the wound roll,
   * Musket Mayhem's hit that does not kill only checks courage */
  static const char * const effects[] = { "hit", "wound", "hit", "hit", "kill" };

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *path = ph_test_scenario_path (examples[i]);
      g_autofree char *effect = NULL;

      g_test_message ("%s", examples[i]);
      effect = check_pairs_against_assess (path, n_pairs[i]);
      g_assert_cmpstr (effect, ==, effects[i]);
    }
}

static JsonObject *
find_pair (JsonArray  *pairs,
           const char *shooter,
           const char *target)
{
  for (guint i = 0; i < json_array_get_length (pairs); i++)
    {
      JsonObject *pair = json_array_get_object_element (pairs, i);

      if (g_str_equal (ph_test_json_string (pair, "shooter"), shooter)
          && g_str_equal (ph_test_json_string (pair, "target"), target))
        return pair;
    }
  return NULL;
}

static void
test_odds_smith_otter (void)
{
  g_autofree char *path = ph_test_scenario_path (FARMSTEAD);
  const char * const args[] = { "odds", path, "--json", NULL };
  const char * const british[] = { "odds", path, "--side", "british", "--json", NULL };
  g_autoptr(JsonNode) root = ph_test_cli_json (args);
  g_autoptr(JsonNode) british_root = ph_test_cli_json (british);
  JsonObject *o = json_node_get_object (root);
  JsonArray *pairs = json_object_get_array_member (o, "pairs");
  JsonArray *british_pairs = json_object_get_array_member (json_node_get_object (british_root),
                                                           "pairs");
  JsonObject *pair = find_pair (pairs, "smith", "otter");

  ph_test_assert_json_string (o, "ruleset", "musket-mayhem");
  ph_test_assert_json_string (o, "unit", "in");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "off_table")), ==, 0);

  /* docs/rules.md's worked example: 14 in, over half the musket's 24 in (-1),
   * otter in the orchard (soft: 5 to hit): d6 - 1 >= 5 is 1/6; the impact die
   * d6 + 1 >= 6 is 2/6, so p(kill) = 1/6 x 2/6 = 1/18 */
  g_assert_nonnull (pair);
  ph_test_assert_json_string (pair, "weapon", "musket");
  g_assert_cmpfloat (ph_test_json_number (pair, "distance"), ==, 14.0);
  g_assert_true (ph_test_json_bool (pair, "can_fire"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (pair, "reasons")), ==, 0);
  g_assert_cmpfloat (ph_test_json_number (pair, "p_hit"), ==, 1.0 / 6);
  g_assert_cmpfloat (ph_test_json_number (pair, "p_kill"), ==, 1.0 / 18);

  /* --side british: only the British shoot, at the six French */
  g_assert_cmpuint (json_array_get_length (british_pairs), ==, 36);
  for (guint i = 0; i < json_array_get_length (british_pairs); i++)
    {
      JsonObject *p = json_array_get_object_element (british_pairs, i);
      JsonObject *same = find_pair (pairs, ph_test_json_string (p, "shooter"),
                                    ph_test_json_string (p, "target"));

      g_assert_nonnull (same);
      g_assert_true (json_node_equal (json_object_get_member (p, "p_hit"),
                                      json_object_get_member (same, "p_hit")));
    }
  g_assert_nonnull (find_pair (british_pairs, "smith", "otter"));
  g_assert_null (find_pair (british_pairs, "otter", "smith"));
}

/* Firelock ranks by the chance of any wound: cover takes off the result
 * roll, not the chance to hit (docs/rules.md, Firelock's Results Table) */
static void
test_odds_firelock_wound (void)
{
  g_autofree char *path = ph_test_scenario_path ("firelock-bloody-run-1758.xml");
  const char * const args[] = { "odds", path, "--json", NULL };
  g_autoptr(JsonNode) root = ph_test_cli_json (args);
  JsonObject *o = json_node_get_object (root);
  JsonArray *pairs = json_object_get_array_member (o, "pairs");
  JsonObject *marin = find_pair (pairs, "stark", "marin");
  JsonObject *nanatan = find_pair (pairs, "hawkeye", "nanatan");

  ph_test_assert_json_string (o, "effect", "wound");
  /* Marin behind the Old Stone Wall has fired: acquired, 19.52 in, (50 -
   * 19.52) x 2 = 60.96, 60% to hit; the wall's -5 leaves the result d10 at
   * 5 or less, never the 7 of a wound: no wound can come of it */
  g_assert_cmpfloat_with_epsilon (ph_test_json_number (marin, "p_hit"), 0.60, 1e-12);
  g_assert_cmpfloat (ph_test_json_number (marin, "p_effect"), ==, 0.0);
  /* Nanatan in the Hemlock Wood: 23.1% to hit, then d10 - 3 >= 7 on a 10
   * only: a tenth of the hits wound */
  g_assert_cmpfloat_with_epsilon (ph_test_json_number (nanatan, "p_effect"),
                                  ph_test_json_number (nanatan, "p_hit") / 10, 1e-12);
  g_assert_cmpfloat (ph_test_json_number (nanatan, "p_effect"), >, 0.02);

  /* the table has the column */
  {
    g_autoptr(PhTestRun) run = ph_test_cli ("odds", path, NULL);
    g_autofree char *line = NULL;

    g_assert_cmpint (run->status, ==, 0);
    g_assert_nonnull (strstr (run->out, "p(kill)  To wound  why not\n"));
    line = g_strdup (strstr (run->out, "\nstark      marin "));
    g_assert_nonnull (line);
    *strchr (line + 1, '\n') = '\0';
    g_assert_true (g_str_has_suffix (line, "yes    60.0%     0.0%      0.0%"));
  }
}

/* Figures off the table and figures with no missile weapon */
static void
test_odds_special_figures (void)
{
  g_autofree char *dead = ph_test_edited_example (FARMSTEAD, "id=\"otter\"",
                                                  "id=\"otter\" status=\"dead\"");
  /* Mullins keeps only his bayonet */
  g_autofree char *unarmed = ph_test_edited_example (FARMSTEAD,
                                                     "facing=\"35\" troop=\"line\">\n"
                                                     "      <weapon kind=\"musket\"/>\n",
                                                     "facing=\"35\" troop=\"line\">\n");

  {
    /* otter is off the table: neither shooter nor target; 6 x 5 + 5 x 6 */
    const char * const args[] = { "odds", dead, "--json", NULL };
    g_autoptr(JsonNode) root = ph_test_cli_json (args);
    JsonObject *o = json_node_get_object (root);
    JsonArray *pairs = json_object_get_array_member (o, "pairs");
    JsonArray *off = json_object_get_array_member (o, "off_table");

    g_assert_cmpuint (json_array_get_length (pairs), ==, 60);
    for (guint i = 0; i < json_array_get_length (pairs); i++)
      {
        JsonObject *pair = json_array_get_object_element (pairs, i);

        g_assert_cmpstr (ph_test_json_string (pair, "shooter"), !=, "otter");
        g_assert_cmpstr (ph_test_json_string (pair, "target"), !=, "otter");
      }
    g_assert_cmpuint (json_array_get_length (off), ==, 1);
    g_assert_cmpstr (json_array_get_string_element (off, 0), ==, "otter");
  }
  {
    g_autoptr(PhTestRun) run = ph_test_cli ("odds", dead, NULL);

    g_assert_cmpint (run->status, ==, 0);
    g_assert_nonnull (strstr (run->out, "off the table (dead or fled): otter\n"));
  }
  {
    /* mullins shoots with nothing, as assess says: weapon null, the reason */
    const char * const args[] = { "odds", unarmed, "--json", NULL };
    g_autoptr(JsonNode) root = ph_test_cli_json (args);
    JsonArray *pairs = json_object_get_array_member (json_node_get_object (root), "pairs");
    JsonObject *pair = find_pair (pairs, "mullins", "otter");
    JsonArray *reasons;

    g_assert_cmpuint (json_array_get_length (pairs), ==, 72);
    g_assert_nonnull (pair);
    g_assert_true (ph_test_json_is_null (pair, "weapon"));
    g_assert_false (ph_test_json_bool (pair, "can_fire"));
    reasons = json_object_get_array_member (pair, "reasons");
    g_assert_cmpuint (json_array_get_length (reasons), >=, 1);
    g_assert_cmpstr (json_array_get_string_element (reasons, 0), ==,
                     "Pte Mullins carries no missile weapon");
    g_assert_cmpfloat (ph_test_json_number (pair, "p_hit"), ==, 0);
    g_free (check_pairs_against_assess (unarmed, 72));
  }
  ph_test_remove_temp (dead);
  ph_test_remove_temp (unarmed);
}

/* A small RFC 4180 reader: rows of fields; quoted fields may hold commas,
 * doubled quotes and line breaks */
static GPtrArray *
parse_csv (const char *text)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *row = NULL;
  GString *field = g_string_new (NULL);
  const char *p = text;

  while (*p != '\0')
    {
      if (row == NULL)
        row = g_ptr_array_new_with_free_func (g_free);
      if (*p == '"')
        {
          for (p++; !(*p == '"' && p[1] != '"'); p++)
            {
              g_assert_cmpint (*p, !=, '\0');
              if (*p == '"')
                p++;
              g_string_append_c (field, *p);
            }
          p++;
          g_assert_true (*p == ',' || *p == '\n');
        }
      else
        while (*p != ',' && *p != '\n' && *p != '\0')
          {
            g_assert_cmpint (*p, !=, '"');
            g_string_append_c (field, *p++);
          }
      g_ptr_array_add (row, g_strdup (field->str));
      g_string_truncate (field, 0);
      if (*p == '\n')
        {
          g_ptr_array_add (rows, row);
          row = NULL;
        }
      if (*p != '\0')
        p++;
    }
  /* every row ends with a line break */
  g_assert_null (row);
  g_string_free (field, TRUE);
  return rows;
}

static void
test_odds_csv (void)
{
  static const char * const header[] = {
    "shooter", "target", "weapon", "distance", "can_fire", "reasons", "p_hit", "p_kill",
    "p_effect",
  };

  for (guint e = 0; e < G_N_ELEMENTS (examples); e++)
    {
      g_autofree char *path = ph_test_scenario_path (examples[e]);
      g_autoptr(PhTestRun) run = ph_test_cli ("odds", path, "--csv", NULL);
      const char * const args[] = { "odds", path, "--json", NULL };
      g_autoptr(JsonNode) root = ph_test_cli_json (args);
      JsonArray *pairs = json_object_get_array_member (json_node_get_object (root), "pairs");
      g_autoptr(GPtrArray) rows = NULL;

      g_assert_cmpint (run->status, ==, 0);
      rows = parse_csv (run->out);
      g_assert_cmpuint (rows->len, ==, json_array_get_length (pairs) + 1);
      for (guint r = 0; r < rows->len; r++)
        g_assert_cmpuint (((GPtrArray *) g_ptr_array_index (rows, r))->len, ==, 9);
      for (guint f = 0; f < G_N_ELEMENTS (header); f++)
        g_assert_cmpstr (g_ptr_array_index ((GPtrArray *) g_ptr_array_index (rows, 0), f), ==,
                         header[f]);

      /* each row says what the JSON pair says */
      for (guint i = 0; i < json_array_get_length (pairs); i++)
        {
          JsonObject *pair = json_array_get_object_element (pairs, i);
          GPtrArray *row = g_ptr_array_index (rows, i + 1);
          JsonArray *reasons = json_object_get_array_member (pair, "reasons");
          g_autoptr(GString) joined = g_string_new (NULL);
          const char *weapon = ph_test_json_is_null (pair, "weapon")
                               ? "" : ph_test_json_string (pair, "weapon");

          for (guint k = 0; k < json_array_get_length (reasons); k++)
            g_string_append_printf (joined, "%s%s", k > 0 ? "; " : "",
                                    json_array_get_string_element (reasons, k));
          g_assert_cmpstr (g_ptr_array_index (row, 0), ==, ph_test_json_string (pair, "shooter"));
          g_assert_cmpstr (g_ptr_array_index (row, 1), ==, ph_test_json_string (pair, "target"));
          g_assert_cmpstr (g_ptr_array_index (row, 2), ==, weapon);
          g_assert_cmpfloat (g_ascii_strtod (g_ptr_array_index (row, 3), NULL), ==,
                             ph_test_json_number (pair, "distance"));
          g_assert_cmpstr (g_ptr_array_index (row, 4), ==,
                           ph_test_json_bool (pair, "can_fire") ? "true" : "false");
          g_assert_cmpstr (g_ptr_array_index (row, 5), ==, joined->str);
          g_assert_cmpfloat (g_ascii_strtod (g_ptr_array_index (row, 6), NULL), ==,
                             ph_test_json_number (pair, "p_hit"));
          if (ph_test_json_is_null (pair, "p_kill"))
            g_assert_cmpstr (g_ptr_array_index (row, 7), ==, "");
          else
            g_assert_cmpfloat (g_ascii_strtod (g_ptr_array_index (row, 7), NULL), ==,
                               ph_test_json_number (pair, "p_kill"));
          g_assert_cmpfloat (g_ascii_strtod (g_ptr_array_index (row, 8), NULL), ==,
                             ph_test_json_number (pair, "p_effect"));
        }
    }

  /* the shortest digits that read back; a reason with a comma quoted */
  {
    g_autofree char *path = ph_test_scenario_path (FARMSTEAD);
    g_autoptr(PhTestRun) run = ph_test_cli ("odds", path, "--csv", "--side", "british", NULL);

    g_assert_true (g_str_has_prefix (run->out, "shooter,target,weapon,distance,can_fire,"
                                     "reasons,p_hit,p_kill,p_effect\n"
                                     "smith,otter,musket,14,true,,0.16666666666666666,"
                                     "0.05555555555555555,0.05555555555555555\n"));
    g_assert_nonnull (strstr (run->out, "\nsmith,lafleur,musket,27.74456470360962,false,"
                              "\"out of range: 27.7 in away, the musket's range is 24 in\","
                              "0,0,0\n"));
  }
}

static void
test_odds_human_and_usage (void)
{
  g_autofree char *path = ph_test_scenario_path (FARMSTEAD);

  {
    g_autoptr(PhTestRun) run = ph_test_cli ("odds", path, "--side", "british", NULL);
    g_autofree char *smith = NULL;

    g_assert_cmpint (run->status, ==, 0);
    g_assert_true (g_str_has_prefix (run->out, "Musket Mayhem: 36 shots, distances in in\n"));
    g_assert_nonnull (strstr (run->out, "shooter"));
    smith = g_strdup (strstr (run->out, "\nsmith "));
    g_assert_nonnull (smith);
    *strchr (smith + 1, '\n') = '\0';
    /* 14.00 in, yes, 16.7%, 5.6%, no reason */
    g_assert_nonnull (strstr (smith, " otter "));
    g_assert_nonnull (strstr (smith, " 14.00 "));
    g_assert_true (g_str_has_suffix (smith, "yes    16.7%     5.6%"));
  }
  {
    g_autoptr(PhTestRun) run = ph_test_cli ("odds", path, "--side", "nobody", NULL);

    g_assert_cmpint (run->status, ==, 1);
    g_assert_cmpstr (run->out, ==, "");
    g_assert_true (g_str_has_prefix (run->err, "powderhorn-cli: unknown side 'nobody'"));
    g_assert_nonnull (strstr (run->err, "british, french"));
  }
  {
    /* a figure's id is not a side */
    g_autoptr(PhTestRun) run = ph_test_cli ("odds", path, "--side", "smith", NULL);

    g_assert_cmpint (run->status, ==, 1);
  }
  {
    g_autoptr(PhTestRun) both = ph_test_cli ("odds", path, "--json", "--csv", NULL);
    g_autoptr(PhTestRun) none = ph_test_cli ("odds", NULL);
    g_autoptr(PhTestRun) two = ph_test_cli ("odds", path, path, NULL);

    ph_test_assert_usage_error (both);
    ph_test_assert_usage_error (none);
    ph_test_assert_usage_error (two);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/odds/equals-assess", test_odds_equals_assess);
  g_test_add_func ("/cli/odds/smith-otter", test_odds_smith_otter);
  g_test_add_func ("/cli/odds/firelock-wound", test_odds_firelock_wound);
  g_test_add_func ("/cli/odds/special-figures", test_odds_special_figures);
  g_test_add_func ("/cli/odds/csv", test_odds_csv);
  g_test_add_func ("/cli/odds/human-and-usage", test_odds_human_and_usage);

  return g_test_run ();
}
