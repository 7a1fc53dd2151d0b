/* test-cli-odds.c: powderhorn-cli odds and advise (cli.md, second set)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * odds: every pair must be what `assess --json` says of it, field by
 * field, in JSON and in CSV. advise: every option must be what assess says
 * with that option's flags, ranked by expected kills then hits; the top
 * options are checked by hand against rules.md in the comments.
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

/* The example @name with @old (which must be there once) replaced by
 * @replacement, in a temporary file */
static char *
edited_example (const char *name,
                const char *old,
                const char *replacement)
{
  g_autofree char *path = ph_test_scenario_path (name);
  g_autofree char *text = ph_test_read_file (path);
  const char *at = strstr (text, old);
  g_autoptr(GString) edited = g_string_new (text);

  g_assert_nonnull (at);
  g_assert_null (strstr (at + 1, old));
  g_string_erase (edited, at - text, strlen (old));
  g_string_insert (edited, at - text, replacement);
  return ph_test_write_temp (name, edited->str);
}

static JsonNode *
run_json (const char * const *args)
{
  g_autoptr(PhTestRun) run = ph_test_cli_argv (args);

  if (run->status != 0)
    g_error ("exit %d: %s", run->status, run->err);
  return ph_test_parse_json (run);
}

/* @member is the same in both objects: same type, same value (numbers
 * exactly), arrays of strings alike */
static void
assert_same_member (JsonObject *a,
                    JsonObject *b,
                    const char *member)
{
  JsonNode *na = json_object_get_member (a, member);
  JsonNode *nb = json_object_get_member (b, member);

  g_assert_nonnull (na);
  g_assert_nonnull (nb);
  if (!json_node_equal (na, nb))
    g_error ("'%s' differs: %s and %s", member, json_to_string (na, FALSE),
             json_to_string (nb, FALSE));
}

static const char * const pair_members[] = {
  "shooter", "target", "weapon", "distance", "can_fire", "reasons", "p_hit", "p_kill",
};

/* odds --json, each pair checked against assess --json */
static void
check_pairs_against_assess (const char *path,
                            guint       expected_pairs)
{
  const char * const args[] = { "odds", path, "--json", NULL };
  g_autoptr(JsonNode) root = run_json (args);
  JsonObject *o = json_node_get_object (root);
  JsonArray *pairs = json_object_get_array_member (o, "pairs");

  g_assert_cmpuint (json_array_get_length (pairs), ==, expected_pairs);
  for (guint i = 0; i < json_array_get_length (pairs); i++)
    {
      JsonObject *pair = json_array_get_object_element (pairs, i);
      const char * const assess_args[] = {
        "assess", path, "--shooter", ph_test_json_string (pair, "shooter"),
        "--target", ph_test_json_string (pair, "target"), "--json", NULL,
      };
      g_autoptr(JsonNode) assessed = run_json (assess_args);
      JsonObject *a = json_node_get_object (assessed);

      /* exactly these members, in cli.md's order */
      g_assert_cmpuint (json_object_get_size (pair), ==, G_N_ELEMENTS (pair_members));
      for (guint m = 0; m < G_N_ELEMENTS (pair_members); m++)
        assert_same_member (pair, a, pair_members[m]);
      ph_test_assert_json_string (o, "ruleset", ph_test_json_string (a, "ruleset"));
      ph_test_assert_json_string (o, "unit", ph_test_json_string (a, "unit"));
    }
}

static void
test_odds_equals_assess (void)
{
  /* every figure of each side against every figure of the other: 5 x 5
   * twice, 6 x 6 twice at the farmstead, 4 x 4 twice at the tithe barn */
  static const guint n_pairs[] = { 50, 50, 50, 32, 72 };

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *path = ph_test_scenario_path (examples[i]);

      g_test_message ("%s", examples[i]);
      check_pairs_against_assess (path, n_pairs[i]);
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
  g_autoptr(JsonNode) root = run_json (args);
  g_autoptr(JsonNode) british_root = run_json (british);
  JsonObject *o = json_node_get_object (root);
  JsonArray *pairs = json_object_get_array_member (o, "pairs");
  JsonArray *british_pairs = json_object_get_array_member (json_node_get_object (british_root),
                                                           "pairs");
  JsonObject *pair = find_pair (pairs, "smith", "otter");

  ph_test_assert_json_string (o, "ruleset", "musket-mayhem");
  ph_test_assert_json_string (o, "unit", "in");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "off_table")), ==, 0);

  /* cli.md's example: 14 in, over half the musket's 24 in (-1), otter in
   * the orchard (soft: 5 to hit): d6 - 1 >= 5 is 1/6; the impact die
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

/* Figures off the table and figures with no missile weapon */
static void
test_odds_special_figures (void)
{
  g_autofree char *dead = edited_example (FARMSTEAD, "id=\"otter\"",
                                          "id=\"otter\" status=\"dead\"");
  /* Mullins keeps only his bayonet */
  g_autofree char *unarmed = edited_example (FARMSTEAD,
                                             "facing=\"35\" troop=\"line\">\n"
                                             "      <weapon kind=\"musket\"/>\n",
                                             "facing=\"35\" troop=\"line\">\n");

  {
    /* otter is off the table: neither shooter nor target; 6 x 5 + 5 x 6 */
    const char * const args[] = { "odds", dead, "--json", NULL };
    g_autoptr(JsonNode) root = run_json (args);
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
    g_autoptr(JsonNode) root = run_json (args);
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
    check_pairs_against_assess (unarmed, 72);
  }
  {
    /* advise has nothing for either, and says why */
    const char * const dead_args[] = { "advise", dead, "--figure", "otter", "--json", NULL };
    const char * const unarmed_args[] = { "advise", unarmed, "--figure", "mullins", "--json",
                                          NULL };
    g_autoptr(JsonNode) dead_root = run_json (dead_args);
    g_autoptr(JsonNode) unarmed_root = run_json (unarmed_args);
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
  };

  for (guint e = 0; e < G_N_ELEMENTS (examples); e++)
    {
      g_autofree char *path = ph_test_scenario_path (examples[e]);
      g_autoptr(PhTestRun) run = ph_test_cli ("odds", path, "--csv", NULL);
      const char * const args[] = { "odds", path, "--json", NULL };
      g_autoptr(JsonNode) root = run_json (args);
      JsonArray *pairs = json_object_get_array_member (json_node_get_object (root), "pairs");
      g_autoptr(GPtrArray) rows = NULL;

      g_assert_cmpint (run->status, ==, 0);
      rows = parse_csv (run->out);
      g_assert_cmpuint (rows->len, ==, json_array_get_length (pairs) + 1);
      for (guint r = 0; r < rows->len; r++)
        g_assert_cmpuint (((GPtrArray *) g_ptr_array_index (rows, r))->len, ==, 8);
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
        }
    }

  /* the shortest digits that read back; a reason with a comma quoted */
  {
    g_autofree char *path = ph_test_scenario_path (FARMSTEAD);
    g_autoptr(PhTestRun) run = ph_test_cli ("odds", path, "--csv", "--side", "british", NULL);

    g_assert_true (g_str_has_prefix (run->out, "shooter,target,weapon,distance,can_fire,"
                                     "reasons,p_hit,p_kill\n"
                                     "smith,otter,musket,14,true,,0.16666666666666666,"
                                     "0.05555555555555555\n"));
    g_assert_nonnull (strstr (run->out, "\nsmith,lafleur,musket,27.74456470360962,false,"
                              "\"out of range: 27.7 in away, the musket's range is 24 in\","
                              "0,0\n"));
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

/* advise */

/* Every option of advise --json checked against assess with its options,
 * and the ranking's order */
static JsonNode *
check_advise (const char *path,
              const char *figure)
{
  const char * const args[] = { "advise", path, "--figure", figure, "--json", NULL };
  JsonNode *root = run_json (args);
  JsonObject *o = json_node_get_object (root);
  JsonArray *options = json_object_get_array_member (o, "options");

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
      assessed = run_json ((const char * const *) assess->pdata);
      a = json_node_get_object (assessed);
      g_assert_true (ph_test_json_bool (a, "can_fire"));
      assert_same_member (option, a, "target");
      assert_same_member (option, a, "weapon");
      assert_same_member (option, a, "distance");
      assert_same_member (option, a, "p_hit");
      assert_same_member (option, a, "p_kill");
      g_assert_cmpstr (ph_test_json_string (option, "cost"), !=, "");

      /* ranked: expected kills, then expected hits, never better below */
      if (i > 0)
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
     * 5+ on the d6, 2/6; the impact d6 + 1 >= 6: 2/6; p(kill) 1/9 */
    g_autofree char *path = ph_test_scenario_path (FARMSTEAD);
    g_autoptr(JsonNode) root = check_advise (path, "tubbs");
    JsonObject *top = option_at (root, 1);

    g_assert_cmpuint (n_options (root), ==, 2);
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
    g_autoptr(JsonNode) all = run_json (all_args);
    g_autoptr(JsonNode) top = run_json (top_args);

    g_assert_cmpuint (n_options (all), >, 2);
    g_assert_cmpuint (n_options (top), ==, 2);
    g_assert_true (json_node_equal (json_object_get_member (option_at (all, 2), "p_kill"),
                                    json_object_get_member (option_at (top, 2), "p_kill")));
  }
  {
    /* Hale's pistol reaches 12 in; every Frenchman is farther */
    const char * const args[] = { "advise", mm, "--figure", "ensign_hale", "--json", NULL };
    g_autoptr(JsonNode) root = run_json (args);
    g_autoptr(PhTestRun) human = ph_test_cli ("advise", mm, "--figure", "ensign_hale", NULL);

    g_assert_cmpuint (n_options (root), ==, 0);
    g_assert_cmpint (human->status, ==, 0);
    g_assert_nonnull (strstr (human->out, "no shot can be fired"));
    g_assert_nonnull (strstr (human->out, "the pistol's range is 12 in"));
  }
  {
    g_autoptr(PhTestRun) human = ph_test_cli ("advise", mm, "--figure", "tubbs", NULL);

    g_assert_cmpint (human->status, ==, 0);
    g_assert_true (g_str_has_prefix (human->out, "Pte Tubbs (tubbs), Musket Mayhem: 2 shots"));
    g_assert_nonnull (strstr (human->out, "  1. fire with the musket at Sdt. Lafleur (lafleur)"));
    g_assert_nonnull (strstr (human->out, "p(hit) 33.3%, p(kill) 11.1%"));
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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/odds/equals-assess", test_odds_equals_assess);
  g_test_add_func ("/cli/odds/smith-otter", test_odds_smith_otter);
  g_test_add_func ("/cli/odds/special-figures", test_odds_special_figures);
  g_test_add_func ("/cli/odds/csv", test_odds_csv);
  g_test_add_func ("/cli/odds/human-and-usage", test_odds_human_and_usage);
  g_test_add_func ("/cli/advise/firelock", test_advise_firelock);
  g_test_add_func ("/cli/advise/rulesets", test_advise_rulesets);
  g_test_add_func ("/cli/advise/top-and-none", test_advise_top_and_none);

  return g_test_run ();
}
