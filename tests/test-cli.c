/* test-cli.c: powderhorn-cli as a user runs it (README, "The command line")
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Spawns the built program ($PH_CLI) on the example scenarios
 * ($PH_DATA_DIR/scenarios) and on broken files, and checks exit statuses,
 * messages and the JSON output field by field. The expected odds are
 * worked out by hand from rules.md in the comments.
 */
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "ph-test-cli.h"
#include "ph-test-files.h"

/* Validate */

static const char * const examples[] = {
  "featherstone-cacabelos-1809.xml",
  "firelock-bloody-run-1758.xml",
  "fistful-north-bridge-1775.xml",
  "guns-of-war-tithe-barn.xml",
  "musket-mayhem-fight-at-the-farmstead.xml",
};

static void
test_validate_examples (void)
{
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir_path = ph_test_scenario_path ("");
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  guint n_seen = 0;

  /* every example in the directory, not only the ones this test knows */
  dir = g_dir_open (dir_path, 0, &error);
  g_assert_no_error (error);
  g_ptr_array_add (all, g_strdup ("validate"));
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(PhTestRun) run = NULL;

      if (!g_str_has_suffix (name, ".xml"))
        continue;
      path = ph_test_scenario_path (name);
      g_test_message ("validate %s", path);
      run = ph_test_cli ("validate", path, NULL);
      if (run->status != 0)
        g_test_message ("%s", run->err);
      g_assert_cmpint (run->status, ==, 0);
      g_assert_cmpstr (run->out, ==, "");
      g_assert_cmpstr (run->err, ==, "");
      g_ptr_array_add (all, g_steal_pointer (&path));
      n_seen++;
    }
  g_ptr_array_add (all, NULL);

  /* one example per ruleset at least */
  g_assert_cmpuint (n_seen, >=, G_N_ELEMENTS (examples));
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *path = ph_test_scenario_path (examples[i]);

      g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
    }

  /* all at once */
  {
    g_autoptr(PhTestRun) run = ph_test_cli_argv ((const char * const *) all->pdata);

    g_assert_cmpint (run->status, ==, 0);
    g_assert_cmpstr (run->out, ==, "");
    g_assert_cmpstr (run->err, ==, "");
  }
}

/* Every line of @text starts with "@path:LINE: " */
static void
assert_file_line_messages (const char *text,
                           const char *path)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *rest;
      char *end;
      guint64 line;

      if (lines[i][0] == '\0')
        continue;
      n++;
      g_assert_true (g_str_has_prefix (lines[i], path));
      rest = lines[i] + strlen (path);
      g_assert_cmpint (rest[0], ==, ':');
      line = g_ascii_strtoull (rest + 1, &end, 10);
      g_assert_cmpuint (line, >=, 1);
      g_assert_true (g_str_has_prefix (end, ": "));
    }
  g_assert_cmpuint (n, >=, 1);
}

static void
test_validate_broken (void)
{
  g_autofree char *bad_xml = ph_test_write_temp ("malformed.xml", ph_test_malformed_xml);
  g_autofree char *bad_side = ph_test_write_temp ("bad-side.xml", ph_test_bad_side_xml);
  g_autofree char *good = ph_test_scenario_path ("musket-mayhem-fight-at-the-farmstead.xml");
  g_autofree char *line3 = g_strdup_printf ("%s:3: ", bad_xml);
  g_autofree char *line9 = g_strdup_printf ("%s:9: ", bad_side);
  g_autofree char *missing = g_build_filename (g_get_tmp_dir (), "no-such-dir-ph", "none.xml", NULL);

  {
    g_autoptr(PhTestRun) run = ph_test_cli ("validate", bad_xml, NULL);

    g_assert_cmpint (run->status, ==, 1);
    g_assert_cmpstr (run->out, ==, "");
    assert_file_line_messages (run->err, bad_xml);
    g_assert_true (g_str_has_prefix (run->err, line3));
  }
  {
    g_autoptr(PhTestRun) run = ph_test_cli ("validate", bad_side, NULL);

    g_assert_cmpint (run->status, ==, 1);
    assert_file_line_messages (run->err, bad_side);
    g_assert_nonnull (strstr (run->err, line9));
  }
  {
    /* one bad file among good ones: exit 1, only its problems */
    g_autoptr(PhTestRun) run = ph_test_cli ("validate", good, bad_xml, good, NULL);

    g_assert_cmpint (run->status, ==, 1);
    assert_file_line_messages (run->err, bad_xml);
  }
  {
    g_autoptr(PhTestRun) run = ph_test_cli ("validate", missing, NULL);

    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, missing));
  }
  {
    /* info and assess refuse it the same way, "FILE:LINE: message" */
    g_autoptr(PhTestRun) run = ph_test_cli ("info", bad_xml, NULL);

    g_assert_cmpint (run->status, ==, 1);
    g_assert_cmpstr (run->out, ==, "");
    g_assert_true (g_str_has_prefix (run->err, line3));
  }
  {
    g_autoptr(PhTestRun) run = ph_test_cli ("assess", bad_side, "--shooter", "smith",
                                            "--target", "smith", NULL);

    g_assert_cmpint (run->status, ==, 1);
    g_assert_cmpstr (run->out, ==, "");
    assert_file_line_messages (run->err, bad_side);
  }

  ph_test_remove_temp (bad_xml);
  ph_test_remove_temp (bad_side);
}

/* Usage */

static void
test_usage (void)
{
  g_autofree char *mm = ph_test_scenario_path ("musket-mayhem-fight-at-the-farmstead.xml");
  const char * const cases[][10] = {
    { NULL },
    { "frobnicate", NULL },
    { "--frobnicate", NULL },
    { "validate", NULL },
    { "validate", "--frobnicate", mm, NULL },
    { "info", NULL },
    { "info", mm, mm, NULL },
    { "info", "--jsn", mm, NULL },
    { "assess", mm, NULL },
    { "assess", mm, "--shooter", "smith", NULL },
    { "assess", mm, "--target", "otter", NULL },
    { "assess", "--shooter", "smith", "--target", "otter", NULL },
    { "assess", mm, "--shooter", "smith", "--target", "otter", "--aim", "carefully", NULL },
    { "assess", mm, "--shooter", "smith", "--target", "otter", "--fire", "rapid", NULL },
    { "assess", mm, "--shooter", "smith", "--target", "otter", "--card", "ace", NULL },
    { "assess", mm, "--shooter", "smith", "--target", "otter", "--weapon", "phaser", NULL },
    { "assess", mm, "--shooter", "smith", "--target", "otter", "--shooter", NULL },
    { "help", "frobnicate", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PhTestRun) run = ph_test_cli_argv (cases[i]);
      g_autofree char *line = g_strjoinv (" ", (char **) cases[i]);

      g_test_message ("powderhorn-cli %s -> %d: %s", line, run->status, run->err);
      ph_test_assert_usage_error (run);
    }
}

static void
test_help (void)
{
  const char * const verbs[] = { "validate", "info", "assess" };

  {
    g_autoptr(PhTestRun) run = ph_test_cli ("--help", NULL);

    g_assert_cmpint (run->status, ==, 0);
    for (guint i = 0; i < G_N_ELEMENTS (verbs); i++)
      g_assert_nonnull (strstr (run->out, verbs[i]));
  }
  {
    g_autoptr(PhTestRun) run = ph_test_cli ("--version", NULL);

    g_assert_cmpint (run->status, ==, 0);
    g_assert_true (g_str_has_prefix (run->out, "powderhorn-cli "));
  }
  for (guint i = 0; i < G_N_ELEMENTS (verbs); i++)
    {
      g_autoptr(PhTestRun) run = ph_test_cli (verbs[i], "--help", NULL);
      g_autoptr(PhTestRun) run2 = ph_test_cli ("help", verbs[i], NULL);

      g_assert_cmpint (run->status, ==, 0);
      g_assert_nonnull (strstr (run->out, "Usage:"));
      g_assert_nonnull (strstr (run->out, verbs[i]));
      g_assert_cmpint (run2->status, ==, 0);
      g_assert_cmpstr (run2->out, ==, run->out);
    }
  {
    g_autoptr(PhTestRun) run = ph_test_cli ("assess", "--help", NULL);

    for (guint i = 0; i < 8; i++)
      {
        static const char * const options[] = {
          "--shooter", "--target", "--weapon", "--aim", "--spot", "--fire",
          "--reaction", "--card",
        };

        g_assert_nonnull (strstr (run->out, options[i]));
      }
    g_assert_nonnull (strstr (run->out, "--json"));
  }
}

/* Info */

typedef struct
{
  const char *file;
  const char *ruleset;
  const char *unit;
  const char *grid;
  guint terrain;
  guint figures;
  const char *side_a;
  guint side_a_figures;
  const char *side_b;
  guint side_b_figures;
} InfoCase;

static const InfoCase info_cases[] = {
  { "firelock-bloody-run-1758.xml", "firelock-scalplock", "in", "square", 7, 10,
    "rangers", 5, "french", 5 },
  { "fistful-north-bridge-1775.xml", "fistful-of-lead", "in", "square", 7, 10,
    "minutemen", 5, "light_bobs", 5 },
  { "musket-mayhem-fight-at-the-farmstead.xml", "musket-mayhem", "in", "square", 8, 12,
    "british", 6, "french", 6 },
  { "featherstone-cacabelos-1809.xml", "featherstone", "cm", "square", 7, 10,
    "rifles", 5, "french", 5 },
  { "guns-of-war-tithe-barn.xml", "guns-of-war", "in", "hex", 5, 8,
    "aurancia", 4, "jutland", 4 },
};

static void
test_info_json (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (info_cases); i++)
    {
      const InfoCase *c = &info_cases[i];
      g_autofree char *path = ph_test_scenario_path (c->file);
      g_autoptr(PhTestRun) run = ph_test_cli ("info", path, "--json", NULL);
      g_autoptr(JsonNode) root = NULL;
      JsonObject *o, *table;
      JsonArray *sides;
      guint sum = 0;

      g_assert_cmpint (run->status, ==, 0);
      g_assert_cmpstr (run->err, ==, "");
      root = ph_test_parse_json (run);
      o = json_node_get_object (root);

      ph_test_assert_json_string (o, "ruleset", c->ruleset);
      g_assert_cmpstr (ph_test_json_string (o, "title"), !=, "");
      g_assert_cmpint (ph_test_json_int (o, "terrain"), ==, c->terrain);
      g_assert_cmpint (ph_test_json_int (o, "figures"), ==, c->figures);

      table = json_object_get_object_member (o, "table");
      g_assert_nonnull (table);
      ph_test_assert_json_string (table, "unit", c->unit);
      ph_test_assert_json_string (table, "grid", c->grid);
      g_assert_cmpfloat (ph_test_json_number (table, "width"), >, 0);
      g_assert_cmpfloat (ph_test_json_number (table, "height"), >, 0);
      g_assert_cmpfloat (ph_test_json_number (table, "grid_size"), >, 0);
      ph_test_json_string (table, "measure");

      sides = json_object_get_array_member (o, "sides");
      g_assert_nonnull (sides);
      g_assert_cmpuint (json_array_get_length (sides), ==, 2);
      {
        JsonObject *a = json_array_get_object_element (sides, 0);
        JsonObject *b = json_array_get_object_element (sides, 1);

        ph_test_assert_json_string (a, "id", c->side_a);
        g_assert_cmpint (ph_test_json_int (a, "figures"), ==, c->side_a_figures);
        ph_test_assert_json_string (b, "id", c->side_b);
        g_assert_cmpint (ph_test_json_int (b, "figures"), ==, c->side_b_figures);
        g_assert_true (g_str_has_prefix (ph_test_json_string (a, "color"), "#"));
        ph_test_json_string (a, "name");
        sum = ph_test_json_int (a, "figures") + ph_test_json_int (b, "figures");
      }
      g_assert_cmpint (sum, ==, c->figures);

      /* the kinds add up to the terrain count */
      {
        JsonObject *kinds = json_object_get_object_member (o, "terrain_kinds");
        g_autoptr(GList) members = json_object_get_members (kinds);
        gint64 total = 0;

        for (GList *l = members; l != NULL; l = l->next)
          total += ph_test_json_int (kinds, l->data);
        g_assert_cmpint (total, ==, c->terrain);
      }
    }
}

static void
test_info_human (void)
{
  g_autofree char *path = ph_test_scenario_path ("firelock-bloody-run-1758.xml");
  g_autoptr(PhTestRun) run = ph_test_cli ("info", path, NULL);

  g_assert_cmpint (run->status, ==, 0);
  g_assert_cmpstr (run->err, ==, "");
  g_assert_nonnull (strstr (run->out, "Ambush at Bloody Run, 1758"));
  g_assert_nonnull (strstr (run->out, "firelock-scalplock"));
  g_assert_nonnull (strstr (run->out, "7 features"));
  g_assert_nonnull (strstr (run->out, "rangers"));
}

/* Assess */

static const char * const assess_fields[] = {
  "ruleset", "shooter", "target", "weapon", "unit", "distance", "max_range",
  "in_range", "band", "in_arc", "los", "blocked_by", "cover", "cover_detail",
  "can_fire", "reasons", "p_hit", "p_kill", "modifiers", "details",
};

/* Exactly the fields of assess --json (README, "The command line";
 * docs/rules.md, "What an assessment reports"), in their order, each of
 * its type. */
static void
assert_assess_shape (JsonObject *o)
{
  g_autoptr(GList) members = json_object_get_members (o);
  guint i = 0;

  for (GList *l = members; l != NULL; l = l->next, i++)
    {
      g_assert_cmpuint (i, <, G_N_ELEMENTS (assess_fields));
      g_assert_cmpstr (l->data, ==, assess_fields[i]);
    }
  g_assert_cmpuint (i, ==, G_N_ELEMENTS (assess_fields));

  ph_test_json_string (o, "ruleset");
  ph_test_json_string (o, "shooter");
  ph_test_json_string (o, "target");
  ph_test_json_string (o, "weapon");
  g_assert_true (g_strv_contains ((const char * const[]) { "in", "cm", "hex", NULL },
                                  ph_test_json_string (o, "unit")));
  g_assert_cmpfloat (ph_test_json_number (o, "distance"), >=, 0);
  if (!ph_test_json_is_null (o, "max_range"))
    ph_test_json_number (o, "max_range");
  ph_test_json_bool (o, "in_range");
  if (!ph_test_json_is_null (o, "band"))
    ph_test_json_string (o, "band");
  ph_test_json_bool (o, "in_arc");
  g_assert_true (g_strv_contains ((const char * const[]) { "clear", "blocked", NULL },
                                  ph_test_json_string (o, "los")));
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_object_get_member (o, "blocked_by")));
  g_assert_true (g_strv_contains ((const char * const[]) { "open", "soft", "hard", NULL },
                                  ph_test_json_string (o, "cover")));
  if (!ph_test_json_is_null (o, "cover_detail"))
    ph_test_json_string (o, "cover_detail");
  ph_test_json_bool (o, "can_fire");
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_object_get_member (o, "reasons")));
  g_assert_cmpfloat (ph_test_json_number (o, "p_hit"), >=, 0);
  g_assert_cmpfloat (ph_test_json_number (o, "p_hit"), <=, 1);
  if (!ph_test_json_is_null (o, "p_kill"))
    g_assert_cmpfloat (ph_test_json_number (o, "p_kill"), <=, ph_test_json_number (o, "p_hit"));
  {
    JsonArray *mods = json_object_get_array_member (o, "modifiers");

    g_assert_nonnull (mods);
    for (guint j = 0; j < json_array_get_length (mods); j++)
      {
        JsonObject *m = json_array_get_object_element (mods, j);

        g_assert_nonnull (m);
        g_assert_cmpuint (json_object_get_size (m), ==, 2);
        ph_test_json_string (m, "label");
        ph_test_json_number (m, "value");
      }
  }
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_object_get_member (o, "details")));

  /* blocked_by and reasons hold strings; reasons empty exactly when it can fire */
  {
    JsonArray *blocked = json_object_get_array_member (o, "blocked_by");
    JsonArray *reasons = json_object_get_array_member (o, "reasons");

    for (guint j = 0; j < json_array_get_length (blocked); j++)
      g_assert_cmpint (json_node_get_value_type (json_array_get_element (blocked, j)), ==, G_TYPE_STRING);
    for (guint j = 0; j < json_array_get_length (reasons); j++)
      g_assert_cmpint (json_node_get_value_type (json_array_get_element (reasons, j)), ==, G_TYPE_STRING);
    g_assert_cmpint (ph_test_json_bool (o, "can_fire"), ==, json_array_get_length (reasons) == 0);
    g_assert_cmpint (g_str_equal (ph_test_json_string (o, "los"), "clear"), ==,
                     json_array_get_length (blocked) == 0);
  }
}

/* Runs assess --json and checks the shape; returns the object's node. */
static JsonNode *
assess_json (const char *file,
             const char *shooter,
             const char *target,
             ...)
{
  g_autofree char *path = ph_test_scenario_path (file);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(PhTestRun) run = NULL;
  JsonNode *root;
  va_list ap;

  g_ptr_array_add (args, (char *) "assess");
  g_ptr_array_add (args, path);
  g_ptr_array_add (args, (char *) "--shooter");
  g_ptr_array_add (args, (char *) shooter);
  g_ptr_array_add (args, (char *) "--target");
  g_ptr_array_add (args, (char *) target);
  g_ptr_array_add (args, (char *) "--json");
  va_start (ap, target);
  for (const char *a = va_arg (ap, const char *); a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  run = ph_test_cli_argv ((const char * const *) args->pdata);
  if (run->status != 0)
    g_test_message ("%s", run->err);
  g_assert_cmpint (run->status, ==, 0);
  g_assert_cmpstr (run->err, ==, "");
  g_test_message ("%s", run->out);
  root = ph_test_parse_json (run);
  assert_assess_shape (json_node_get_object (root));
  return root;
}

static JsonObject *
details_of (JsonObject *o)
{
  return json_object_get_object_member (o, "details");
}

static void
assert_modifier (JsonObject *o,
                 guint       index,
                 const char *label,
                 double      value)
{
  JsonArray *mods = json_object_get_array_member (o, "modifiers");
  JsonObject *m;

  g_assert_cmpuint (index, <, json_array_get_length (mods));
  m = json_array_get_object_element (mods, index);
  if (label != NULL)
    ph_test_assert_json_string (m, "label", label);
  g_assert_cmpfloat (ph_test_json_number (m, "value"), ==, value);
}

static guint
n_modifiers (JsonObject *o)
{
  return json_array_get_length (json_object_get_array_member (o, "modifiers"));
}

/* docs/rules.md's worked example (Musket Mayhem). Smith (10,40) faces 10
 * degrees; La Loutre (10,25) is straight up, 10 degrees off his front: in
 * arc. Centres 15" apart, bases 1" wide: 14" edge to edge, over half a
 * musket's 24": -1 on the skill die. La Loutre is inside the orchard
 * (5.39" from its centre, radius 6): soft cover, so the modified d6 must
 * reach 5: d6 - 1 >= 5 on a 6 only: p_hit = 1/6. Impact d6 + 1 >= 6 on 5
 * or 6: p_kill = 1/6 x 2/6 = 2/36; courage check 1/6 x 4/6 = 4/36. */
static void
test_assess_json_fields (void)
{
  g_autoptr(JsonNode) root = assess_json ("musket-mayhem-fight-at-the-farmstead.xml",
                                          "smith", "otter", NULL);
  JsonObject *o = json_node_get_object (root);
  JsonObject *details = details_of (o);

  ph_test_assert_json_string (o, "ruleset", "musket-mayhem");
  ph_test_assert_json_string (o, "shooter", "smith");
  ph_test_assert_json_string (o, "target", "otter");
  ph_test_assert_json_string (o, "weapon", "musket");
  ph_test_assert_json_string (o, "unit", "in");
  g_assert_cmpfloat_with_epsilon (ph_test_json_number (o, "distance"), 14.0, 1e-9);
  g_assert_cmpfloat (ph_test_json_number (o, "max_range"), ==, 24.0);
  g_assert_true (ph_test_json_bool (o, "in_range"));
  ph_test_assert_json_string (o, "band", "over-half");
  g_assert_true (ph_test_json_bool (o, "in_arc"));
  ph_test_assert_json_string (o, "los", "clear");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "blocked_by")), ==, 0);
  ph_test_assert_json_string (o, "cover", "soft");
  g_assert_true (ph_test_json_is_null (o, "cover_detail"));
  g_assert_true (ph_test_json_bool (o, "can_fire"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "reasons")), ==, 0);
  g_assert_cmpfloat (ph_test_json_number (o, "p_hit"), ==, 1.0 / 6.0);
  g_assert_cmpfloat (ph_test_json_number (o, "p_kill"), ==, 2.0 / 36.0);
  g_assert_cmpuint (n_modifiers (o), ==, 1);
  assert_modifier (o, 0, "over half range", -1);
  g_assert_cmpint (ph_test_json_int (details, "skill_target"), ==, 5);
  g_assert_cmpfloat (ph_test_json_number (details, "p_courage_check"), ==, 4.0 / 36.0);
}

/* Full precision: 1/6 is written so that it reads back as the same double. */
static void
test_assess_json_precision (void)
{
  g_autofree char *path = ph_test_scenario_path ("musket-mayhem-fight-at-the-farmstead.xml");
  g_autoptr(PhTestRun) run = ph_test_cli ("assess", path, "--shooter", "smith", "--target", "otter",
                                          "--json", NULL);

  g_assert_cmpint (run->status, ==, 0);
  g_assert_nonnull (strstr (run->out, "\"p_hit\":0.16666666666666666"));
  g_assert_nonnull (strstr (run->out, "\"ruleset\":\"musket-mayhem\""));
  /* and the whole line reads as docs/rules.md's worked example, to the
   * letter: the fewest digits that read back (2/36 is 0.05555555555555555),
   * whole distances with .0, whole modifiers as integers */
  g_assert_cmpstr (run->out, ==,
    "{\"ruleset\":\"musket-mayhem\",\"shooter\":\"smith\",\"target\":\"otter\",\"weapon\":\"musket\","
    "\"unit\":\"in\",\"distance\":14.0,\"max_range\":24.0,\"in_range\":true,\"band\":\"over-half\","
    "\"in_arc\":true,\"los\":\"clear\",\"blocked_by\":[],\"cover\":\"soft\",\"cover_detail\":null,"
    "\"can_fire\":true,\"reasons\":[],\"p_hit\":0.16666666666666666,"
    "\"p_kill\":0.05555555555555555,"
    "\"modifiers\":[{\"label\":\"over half range\",\"value\":-1}],"
    "\"details\":{\"skill_target\":5,\"p_courage_check\":0.1111111111111111}}\n");
}

/* Firelock, Hawkeye (10,12) at Gros Ours (36,12): 26" between centres, 25"
 * edge to edge; rifle 100 - 25 = 75%. Gros Ours is in the Hemlock Wood
 * (soft cover, class woods) and has not fired: to acquire, d10 + 0 (light
 * troops, no markers) >= 8: 3 in 10. p_hit = 0.3 x 0.75. Result d10 - 3
 * (woods) never reaches 12: p_kill 0. Careful aim adds +3: still no kill
 * (d10 + 0 <= 10). */
static void
test_assess_firelock (void)
{
  {
    g_autoptr(JsonNode) root = assess_json ("firelock-bloody-run-1758.xml",
                                            "hawkeye", "gros_ours", NULL);
    JsonObject *o = json_node_get_object (root);
    JsonObject *details = details_of (o);
    JsonObject *outcomes;
    g_autoptr(GList) names = NULL;
    double total = 0;

    ph_test_assert_json_string (o, "ruleset", "firelock-scalplock");
    ph_test_assert_json_string (o, "weapon", "rifle");
    ph_test_assert_json_string (o, "unit", "in");
    g_assert_cmpfloat_with_epsilon (ph_test_json_number (o, "distance"), 25.0, 1e-9);
    g_assert_cmpfloat (ph_test_json_number (o, "max_range"), ==, 100.0);
    g_assert_true (ph_test_json_is_null (o, "band"));
    g_assert_true (ph_test_json_bool (o, "in_arc"));
    ph_test_assert_json_string (o, "cover", "soft");
    ph_test_assert_json_string (o, "cover_detail", "woods");
    g_assert_true (ph_test_json_bool (o, "can_fire"));
    g_assert_cmpfloat (ph_test_json_number (o, "p_hit"), ==, (3 / 10.0) * (75 / 100.0));
    g_assert_cmpfloat (ph_test_json_number (o, "p_kill"), ==, 0.0);
    g_assert_cmpfloat (ph_test_json_number (details, "p_acquire"), ==, 0.3);
    g_assert_cmpfloat_with_epsilon (ph_test_json_number (details, "chance_percent"), 75.0, 1e-9);
    outcomes = json_object_get_object_member (details, "outcomes");
    g_assert_nonnull (outcomes);
    names = json_object_get_members (outcomes);
    for (GList *l = names; l != NULL; l = l->next)
      total += ph_test_json_number (outcomes, l->data);
    g_assert_cmpfloat_with_epsilon (total, 1.0, 1e-12);
    g_assert_cmpfloat_with_epsilon (ph_test_json_number (outcomes, "miss"), 1 - 0.225, 1e-12);
    g_assert_cmpfloat (ph_test_json_number (outcomes, "killed"), ==, 0.0);
    /* the only modifier: the woods, on the result roll */
    g_assert_cmpuint (n_modifiers (o), ==, 1);
    assert_modifier (o, 0, NULL, -3);
  }
  {
    /* Rogers at Langlade through the widow's cabin: blocked_by gives its
     * id for programs, the reason its name for people */
    g_autoptr(JsonNode) root = assess_json ("firelock-bloody-run-1758.xml",
                                            "rogers", "langlade", NULL);
    JsonObject *o = json_node_get_object (root);
    JsonArray *blocked = json_object_get_array_member (o, "blocked_by");
    JsonArray *reasons = json_object_get_array_member (o, "reasons");

    g_assert_false (ph_test_json_bool (o, "can_fire"));
    g_assert_cmpuint (json_array_get_length (blocked), ==, 1);
    g_assert_cmpstr (json_array_get_string_element (blocked, 0), ==, "widow_cabin");
    g_assert_cmpstr (json_array_get_string_element (reasons, 0), ==,
                     "no line of sight: blocked by Widow Tucker's Cabin");
  }
  {
    g_autoptr(JsonNode) root = assess_json ("firelock-bloody-run-1758.xml",
                                            "hawkeye", "gros_ours",
                                            "--aim", "careful", "--spot", NULL);
    JsonObject *o = json_node_get_object (root);

    /* spotting: d10 + 5 >= 8 on 3..10, 8 in 10 */
    g_assert_cmpfloat (ph_test_json_number (o, "p_hit"), ==, (8 / 10.0) * (75 / 100.0));
    g_assert_cmpfloat (ph_test_json_number (details_of (o), "p_acquire"), ==, 0.8);
    g_assert_cmpuint (n_modifiers (o), ==, 3);
    assert_modifier (o, 0, NULL, 5);
    assert_modifier (o, 1, NULL, 3);
    assert_modifier (o, 2, NULL, -3);
  }
  {
    /* Stark (21,33) at Sgt Dubois inside the cabin (21,24.5): 8.5" between
     * centres, 7.5" edge to edge; musket (50 - 7.5) x 2 = 85%. The cabin
     * holds the target, so it does not block; hard cover, class building;
     * acquire on 8+: 0.3. */
    g_autoptr(JsonNode) root = assess_json ("firelock-bloody-run-1758.xml",
                                            "stark", "dubois", NULL);
    JsonObject *o = json_node_get_object (root);

    ph_test_assert_json_string (o, "los", "clear");
    ph_test_assert_json_string (o, "cover", "hard");
    ph_test_assert_json_string (o, "cover_detail", "building");
    g_assert_cmpfloat (ph_test_json_number (o, "p_hit"), ==, (3 / 10.0) * (85 / 100.0));
  }
  {
    /* Ens. Marin has fired this turn: acquired automatically, behind the
     * stone wall (hard, works). */
    g_autoptr(JsonNode) root = assess_json ("firelock-bloody-run-1758.xml",
                                            "stark", "marin", NULL);
    JsonObject *o = json_node_get_object (root);

    ph_test_assert_json_string (o, "cover", "hard");
    ph_test_assert_json_string (o, "cover_detail", "works");
    g_assert_cmpfloat (ph_test_json_number (details_of (o), "p_acquire"), ==, 1.0);
  }
}

/* Fistful of Lead, Reuben Brown (28,10) at Lt Sutherland (37,22), in the
 * alders: 15" between centres, 14" edge to edge, beyond the scenario's
 * long-range 12": -1; in cover: -1. shoot-target 6: d10 - 2 >= 6 on 8, 9,
 * 10: p_hit 0.3. A one-eyed jack: +1, 4 faces, 0.4; a deuce: best of two,
 * 1 - 0.7^2 = 0.51. No kill in this ruleset: p_kill null. */
static void
test_assess_fistful (void)
{
  {
    g_autoptr(JsonNode) root = assess_json ("fistful-north-bridge-1775.xml",
                                            "brown", "sutherland", NULL);
    JsonObject *o = json_node_get_object (root);

    ph_test_assert_json_string (o, "ruleset", "fistful-of-lead");
    ph_test_assert_json_string (o, "weapon", "rifle");
    g_assert_cmpfloat_with_epsilon (ph_test_json_number (o, "distance"), 14.0, 1e-9);
    g_assert_true (ph_test_json_is_null (o, "max_range"));
    g_assert_true (ph_test_json_is_null (o, "band"));
    g_assert_true (ph_test_json_is_null (o, "cover_detail"));
    g_assert_true (ph_test_json_is_null (o, "p_kill"));
    g_assert_true (ph_test_json_bool (o, "in_arc"));
    ph_test_assert_json_string (o, "cover", "soft");
    g_assert_cmpfloat (ph_test_json_number (o, "p_hit"), ==, 0.3);
    g_assert_cmpuint (n_modifiers (o), ==, 2);
    assert_modifier (o, 0, NULL, -1);
    assert_modifier (o, 1, NULL, -1);
  }
  {
    g_autoptr(JsonNode) root = assess_json ("fistful-north-bridge-1775.xml",
                                            "brown", "sutherland",
                                            "--card", "one-eyed-jack", NULL);

    g_assert_cmpfloat (ph_test_json_number (json_node_get_object (root), "p_hit"), ==, 0.4);
  }
  {
    g_autoptr(JsonNode) root = assess_json ("fistful-north-bridge-1775.xml",
                                            "brown", "sutherland",
                                            "--card", "deuce", NULL);

    g_assert_cmpfloat (ph_test_json_number (json_node_get_object (root), "p_hit"), ==, 0.51);
  }
  {
    /* The Reverend's pistol is not loaded */
    g_autoptr(JsonNode) root = assess_json ("fistful-north-bridge-1775.xml",
                                            "emerson", "laurie", NULL);
    JsonObject *o = json_node_get_object (root);

    g_assert_false (ph_test_json_bool (o, "can_fire"));
    g_assert_cmpfloat (ph_test_json_number (o, "p_hit"), ==, 0.0);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "reasons")), >=, 1);
  }
}

/* Featherstone, Plunket (30,60, base 2.5) at Colbert (213.75,60, base 5):
 * 183.75 paces between centres, 180 edge to edge: long for a Baker rifle
 * (80/150/250). Colbert canters in the open: the kneeling/charging/
 * cantering row, 20% at long; veteran +20: 40%. Snap fire at long -30:
 * 10%. No kill: p_kill null. */
static void
test_assess_featherstone (void)
{
  {
    g_autoptr(JsonNode) root = assess_json ("featherstone-cacabelos-1809.xml",
                                            "plunket", "colbert", NULL);
    JsonObject *o = json_node_get_object (root);
    JsonObject *details = details_of (o);

    ph_test_assert_json_string (o, "ruleset", "featherstone");
    ph_test_assert_json_string (o, "unit", "cm");
    g_assert_cmpfloat_with_epsilon (ph_test_json_number (o, "distance"), 180.0, 1e-9);
    g_assert_cmpfloat (ph_test_json_number (o, "max_range"), ==, 250.0);
    ph_test_assert_json_string (o, "band", "long");
    ph_test_assert_json_string (o, "cover", "open");
    g_assert_true (ph_test_json_is_null (o, "cover_detail"));
    g_assert_true (ph_test_json_is_null (o, "p_kill"));
    g_assert_cmpfloat (ph_test_json_number (o, "p_hit"), ==, 0.4);
    g_assert_cmpfloat (ph_test_json_number (details, "chance_percent"), ==, 40.0);
    ph_test_assert_json_string (details, "row", "kneeling");
    g_assert_cmpuint (n_modifiers (o), ==, 1);
    assert_modifier (o, 0, NULL, 20);
  }
  {
    g_autoptr(JsonNode) root = assess_json ("featherstone-cacabelos-1809.xml",
                                            "plunket", "colbert", "--fire", "snap", NULL);

    g_assert_cmpfloat (ph_test_json_number (json_node_get_object (root), "p_hit"), ==, 0.1);
  }
}

/* Guns of War, the Duke's musketeers in hex (3,5) at the arquebusiers in
 * hex (6,4): (3 + 1 + 2) / 2 = 3 hexes, a musket's armour-piercing and
 * maximum range against foot (3/3). Effective AC 6 - min(5, 4) = 2; target
 * number 10 + 2 = 12. The musketeers moved: -2 without their fork rests,
 * so d20 - 2 >= 12 on 14..20: 7 in 20 = 0.35. As reaction fire no penalty:
 * 12..20, 9 in 20 = 0.45. 120 men / size factor 140 = 0.86 attacks: 1
 * attack, no reload tokens (0.86 >= 0.75). */
static void
test_assess_guns_of_war (void)
{
  {
    g_autoptr(JsonNode) root = assess_json ("guns-of-war-tithe-barn.xml",
                                            "aur_musketeers", "jut_arquebusiers", NULL);
    JsonObject *o = json_node_get_object (root);
    JsonObject *details = details_of (o);

    ph_test_assert_json_string (o, "ruleset", "guns-of-war");
    ph_test_assert_json_string (o, "weapon", "flintlock-musket");
    ph_test_assert_json_string (o, "unit", "hex");
    g_assert_cmpfloat (ph_test_json_number (o, "distance"), ==, 3.0);
    g_assert_cmpfloat (ph_test_json_number (o, "max_range"), ==, 3.0);
    ph_test_assert_json_string (o, "band", "ap");
    g_assert_true (ph_test_json_is_null (o, "cover_detail"));
    g_assert_true (ph_test_json_is_null (o, "p_kill"));
    g_assert_cmpfloat (ph_test_json_number (o, "p_hit"), ==, 0.35);
    g_assert_cmpuint (n_modifiers (o), ==, 1);
    assert_modifier (o, 0, NULL, -2);
    g_assert_cmpint (ph_test_json_int (details, "target_number"), ==, 12);
    g_assert_cmpint (ph_test_json_int (details, "attacks"), ==, 1);
    g_assert_cmpint (ph_test_json_int (details, "reload_tokens"), ==, 0);
    g_assert_true (ph_test_json_bool (details, "armor_piercing"));
  }
  {
    g_autoptr(JsonNode) root = assess_json ("guns-of-war-tithe-barn.xml",
                                            "aur_musketeers", "jut_arquebusiers",
                                            "--reaction", NULL);
    JsonObject *o = json_node_get_object (root);

    g_assert_cmpfloat (ph_test_json_number (o, "p_hit"), ==, 0.45);
    g_assert_cmpuint (n_modifiers (o), ==, 0);
  }
  {
    /* The militia still have a reload token: they cannot fire. And the
     * tithe barn stands between them and the conscripts. */
    g_autoptr(JsonNode) root = assess_json ("guns-of-war-tithe-barn.xml",
                                            "aur_militia", "jut_conscripts", NULL);
    JsonObject *o = json_node_get_object (root);
    JsonArray *blocked = json_object_get_array_member (o, "blocked_by");

    g_assert_false (ph_test_json_bool (o, "can_fire"));
    g_assert_cmpfloat (ph_test_json_number (o, "p_hit"), ==, 0.0);
    ph_test_assert_json_string (o, "los", "blocked");
    g_assert_cmpuint (json_array_get_length (blocked), ==, 1);
    g_assert_cmpstr (json_array_get_string_element (blocked, 0), ==, "tithe_barn");
  }
}

/* Musket Mayhem: a figure that cannot fire (Higgins's musket is not
 * loaded): can_fire false, reasons, p_hit 0 and p_kill 0 (not null). */
static void
test_assess_cannot_fire (void)
{
  g_autoptr(JsonNode) root = assess_json ("musket-mayhem-fight-at-the-farmstead.xml",
                                          "higgins", "otter", NULL);
  JsonObject *o = json_node_get_object (root);

  g_assert_false (ph_test_json_bool (o, "can_fire"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "reasons")), >=, 1);
  g_assert_cmpfloat (ph_test_json_number (o, "p_hit"), ==, 0.0);
  g_assert_false (ph_test_json_is_null (o, "p_kill"));
  g_assert_cmpfloat (ph_test_json_number (o, "p_kill"), ==, 0.0);
}

static void
test_assess_human (void)
{
  g_autofree char *path = ph_test_scenario_path ("musket-mayhem-fight-at-the-farmstead.xml");
  g_autoptr(PhTestRun) run = ph_test_cli ("assess", path, "--shooter", "smith", "--target", "otter", NULL);

  g_assert_cmpint (run->status, ==, 0);
  g_assert_cmpstr (run->err, ==, "");
  g_assert_nonnull (strstr (run->out, "14.00 in"));
  g_assert_nonnull (strstr (run->out, "over-half"));
  g_assert_nonnull (strstr (run->out, "16.7%"));
  g_assert_nonnull (strstr (run->out, "5.6%"));
  g_assert_nonnull (strstr (run->out, "over half range"));
  g_assert_nonnull (strstr (run->out, "-1"));
  g_assert_nonnull (strstr (run->out, "skill_target"));
}

static void
test_assess_unknown_id (void)
{
  g_autofree char *path = ph_test_scenario_path ("musket-mayhem-fight-at-the-farmstead.xml");
  const char * const *cases[] = {
    (const char * const[]) { "assess", path, "--shooter", "nobody", "--target", "otter", NULL },
    (const char * const[]) { "assess", path, "--shooter", "smith", "--target", "nobody", "--json", NULL },
    /* a terrain feature is not a figure */
    (const char * const[]) { "assess", path, "--shooter", "smith", "--target", "barn", NULL },
    /* a weapon kind Smith does not carry */
    (const char * const[]) { "assess", path, "--shooter", "smith", "--target", "otter",
                             "--weapon", "rifle", NULL },
    /* shooting at himself */
    (const char * const[]) { "assess", path, "--shooter", "smith", "--target", "smith", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PhTestRun) run = ph_test_cli_argv (cases[i]);

      g_test_message ("%s", run->err);
      g_assert_cmpint (run->status, ==, 1);
      g_assert_cmpstr (run->out, ==, "");
      g_assert_true (g_str_has_prefix (run->err, "powderhorn-cli: "));
    }
}

/* Game */

typedef struct
{
  char *dir;
  char *file;     /* a copy of the Firelock example */
} GameFixture;

static void
game_fixture_set_up (GameFixture   *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *example = ph_test_scenario_path ("firelock-bloody-run-1758.xml");
  g_autofree char *contents = NULL;
  gsize length;

  f->dir = g_dir_make_tmp ("test-cli-game-XXXXXX", &error);
  g_assert_no_error (error);
  f->file = g_build_filename (f->dir, "game.xml", NULL);
  g_file_get_contents (example, &contents, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (f->file, contents, length, &error);
  g_assert_no_error (error);
}

static void
game_fixture_tear_down (GameFixture   *f,
                        gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (f->dir);
  g_free (f->file);
  g_free (f->dir);
}

/* Runs and asserts exit status 0 */
static PhTestRun *
run_game_ok (const char *first,
             ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  PhTestRun *run;
  va_list ap;

  g_ptr_array_add (args, (char *) "game");
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  run = ph_test_cli_argv ((const char * const *) args->pdata);
  if (run->status != 0)
    g_error ("powderhorn-cli game exited %d: %s", run->status, run->err);
  return run;
}

static JsonObject *
game_json (const char *file,
           JsonNode  **root)
{
  g_autoptr(PhTestRun) run = run_game_ok (file, "--json", NULL);

  *root = ph_test_parse_json (run);
  return json_node_get_object (*root);
}

static void
test_game_help (void)
{
  g_autoptr(PhTestRun) run = ph_test_cli ("game", "--help", NULL);
  g_autoptr(PhTestRun) top = ph_test_cli ("--help", NULL);
  const char * const words[] = {
    "Usage:", "ACTION", "--new", "--seed", "--actions", "--replay", "--json", "-o",
    "roll", "undo", "redo", "Exit status",
  };

  g_assert_cmpint (run->status, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    g_assert_nonnull (strstr (run->out, words[i]));
  g_assert_cmpint (top->status, ==, 0);
  g_assert_nonnull (strstr (top->out, "\n  game "));
}

static void
test_game_usage (GameFixture   *f,
                 gconstpointer  data)
{
  const char * const cases[][8] = {
    { "game", NULL },
    { "game", f->file, "--seed", "x", "--new", NULL },
    { "game", f->file, "--seed", "4294967296", "--new", NULL },
    { "game", f->file, "--seed", "3", NULL },
    { "game", f->file, "--replay", "-1", NULL },
    { "game", f->file, "--replay", "2", "draw-card", NULL },
    { "game", f->file, "--actions", "draw-card", NULL },
    { "game", f->file, "--new", "--replay", "1", NULL },
    { "game", f->file, "roll", NULL },
    { "game", f->file, "roll", "d6", "why=fun", NULL },
    { "game", f->file, "undo", "figure=smith", NULL },
    { "game", f->file, "--frobnicate", NULL },
  };
  g_autofree char *before = ph_test_read_file (f->file);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PhTestRun) run = ph_test_cli_argv (cases[i]);
      g_autofree char *after = ph_test_read_file (f->file);

      ph_test_assert_usage_error (run);
      g_assert_cmpstr (after, ==, before);
    }
}

/* --new --seed N: the ruleset's first step, saved; the same seed gives the
 * same file */
static void
test_game_new (GameFixture   *f,
               gconstpointer  data)
{
  g_autofree char *other = g_build_filename (f->dir, "other.xml", NULL);
  g_autofree char *before = ph_test_read_file (f->file);
  g_autofree char *first = NULL, *second = NULL;
  g_autoptr(JsonNode) root = NULL;
  JsonObject *o;
  JsonArray *log;

  {
    g_autoptr(PhTestRun) run = ph_test_cli ("game", f->file, NULL);

    /* no game yet */
    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, "holds no game: start one with --new"));
  }
  {
    g_autoptr(PhTestRun) run = run_game_ok (f->file, "--new", "--seed", "42", "-o", other, NULL);

    g_assert_true (g_str_has_prefix (run->out, "   1. [turn 1] "));
  }
  {
    g_autoptr(PhTestRun) run = run_game_ok (f->file, "--new", "--seed", "42", NULL);
  }
  first = ph_test_read_file (f->file);
  second = ph_test_read_file (other);
  g_assert_cmpstr (first, ==, second);
  g_assert_cmpstr (first, !=, before);
  g_assert_nonnull (strstr (first, "<game seed=\"42\" position=\"1\""));

  {
    g_autoptr(PhTestRun) run = run_game_ok (f->file, NULL);

    g_assert_nonnull (strstr (run->out, "Seed 42; 1 of 1 steps applied\n"));
    g_assert_nonnull (strstr (run->out, "\n   1. [turn 1] "));
  }
  o = game_json (f->file, &root);
  g_assert_cmpstr (ph_test_json_string (o, "ruleset"), ==, "firelock-scalplock");
  g_assert_cmpint (ph_test_json_int (o, "seed"), ==, 42);
  g_assert_cmpint (ph_test_json_int (o, "position"), ==, 1);
  g_assert_cmpint (ph_test_json_int (o, "events"), ==, 1);
  log = json_object_get_array_member (o, "log");
  g_assert_cmpuint (json_array_get_length (log), ==, 1);
  g_assert_cmpstr (ph_test_json_string (json_array_get_object_element (log, 0), "kind"), ==, "start");

  {
    /* a file with a game cannot start another */
    g_autoptr(PhTestRun) run = ph_test_cli ("game", f->file, "--new", "--seed", "1", NULL);
    g_autofree char *after = ph_test_read_file (f->file);

    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, "already holds a game"));
    g_assert_cmpstr (after, ==, first);
  }
}

/* roll EXPR from the dice tray, with a fixed seed: recorded with its
 * purpose, the same for the same seed, and not undone away */
static void
test_game_roll (GameFixture   *f,
                gconstpointer  data)
{
  g_autofree char *other = g_build_filename (f->dir, "other.xml", NULL);
  g_autofree char *a = NULL, *b = NULL, *text = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) again_root = NULL;
  JsonObject *o, *event, *roll, *again;
  JsonArray *values;
  gint64 sum = 0;

  {
    g_autoptr(PhTestRun) r1 = run_game_ok (f->file, "--new", "--seed", "7", "-o", other, NULL);
    g_autoptr(PhTestRun) r2 = run_game_ok (f->file, "--new", "--seed", "7", NULL);
    g_autoptr(PhTestRun) r3 = run_game_ok (other, "roll", "3d6+2", "purpose=Smith's nerve", NULL);
    g_autoptr(PhTestRun) r4 = run_game_ok (f->file, "roll", "3d6+2", "purpose=Smith's nerve", NULL);

    g_assert_cmpstr (r3->out, ==, r4->out);
    g_assert_nonnull (strstr (r3->out, "2. [turn 1] Dice tray, Smith's nerve: 3d6 ("));
  }
  a = ph_test_read_file (f->file);
  b = ph_test_read_file (other);
  g_assert_cmpstr (a, ==, b);

  o = game_json (f->file, &root);
  g_assert_cmpint (ph_test_json_int (o, "position"), ==, 2);
  event = json_array_get_object_element (json_object_get_array_member (o, "log"), 1);
  g_assert_cmpstr (ph_test_json_string (event, "kind"), ==, "dice");
  g_assert_true (json_object_get_boolean_member (event, "applied"));
  roll = json_array_get_object_element (json_object_get_array_member (event, "rolls"), 0);
  g_assert_cmpstr (ph_test_json_string (roll, "purpose"), ==, "Smith's nerve");
  g_assert_cmpstr (ph_test_json_string (roll, "dice"), ==, "3d6");
  values = json_object_get_array_member (roll, "values");
  g_assert_cmpuint (json_array_get_length (values), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      gint64 v = json_array_get_int_element (values, i);

      g_assert_cmpint (v, >=, 1);
      g_assert_cmpint (v, <=, 6);
      sum += v;
    }
  g_assert_cmpint (ph_test_json_int (roll, "total"), ==, sum);
  text = g_strdup_printf ("= %" G_GINT64_FORMAT, sum + 2);
  g_assert_true (g_str_has_suffix (ph_test_json_string (event, "text"), text));

  /* undo, roll again: the same dice */
  {
    g_autoptr(PhTestRun) undo = run_game_ok (f->file, "undo", NULL);
    g_autoptr(PhTestRun) roll2 = run_game_ok (f->file, "roll", "3d6+2", "purpose=Smith's nerve",
                                              NULL);
  }
  again = game_json (f->file, &again_root);
  g_assert_true (json_node_equal (json_object_get_member (o, "log"),
                                  json_object_get_member (again, "log")));
}

/* The step that ends a turn is tagged with the turn it ends (the trial's
 * "[turn 2] … Turn 1 ends"), the next step with the next turn */
static void
test_game_turn_end (GameFixture   *f,
                    gconstpointer  data)
{
  {
    g_autoptr(PhTestRun) r1 = run_game_ok (f->file, "--new", "--seed", "42", NULL);
    g_autoptr(PhTestRun) r2 = run_game_ok (f->file, "end-turn", NULL);
    g_autoptr(PhTestRun) r3 = run_game_ok (f->file, "draw-card", NULL);
  }
  {
    g_autoptr(PhTestRun) run = run_game_ok (f->file, NULL);

    g_test_message ("%s", run->out);
    g_assert_nonnull (strstr (run->out, "\n   2. [turn 1] 10 cards left undrawn. Turn 1 ends. "
                                         "Turn 2 begins: "));
    g_assert_nonnull (strstr (run->out, "\n   3. [turn 2] Turn 2, card 1 of 10: "));
  }
}

/* undo and redo, saved each time */
static void
test_game_undo (GameFixture   *f,
                gconstpointer  data)
{
  g_autofree char *two = NULL, *one = NULL, *redone = NULL;

  {
    g_autoptr(PhTestRun) r1 = run_game_ok (f->file, "--new", "--seed", "42", NULL);
    g_autoptr(PhTestRun) r2 = run_game_ok (f->file, "draw-card", NULL);
  }
  two = ph_test_read_file (f->file);
  g_assert_nonnull (strstr (two, "position=\"2\""));
  {
    g_autoptr(PhTestRun) run = run_game_ok (f->file, "undo", NULL);

    g_assert_true (g_str_has_prefix (run->out, "Undone:\n   2. [turn 1] (undone) "));
  }
  one = ph_test_read_file (f->file);
  g_assert_nonnull (strstr (one, "position=\"1\""));
  {
    g_autoptr(PhTestRun) run = run_game_ok (f->file, NULL);

    g_assert_nonnull (strstr (run->out, "Seed 42; 1 of 2 steps applied\n"));
    g_assert_nonnull (strstr (run->out, "   2. [turn 1] (undone) "));
  }
  {
    g_autoptr(PhTestRun) run = run_game_ok (f->file, "redo", NULL);

    g_assert_true (g_str_has_prefix (run->out, "Redone:\n   2. [turn 1] "));
  }
  redone = ph_test_read_file (f->file);
  g_assert_cmpstr (redone, ==, two);
  {
    g_autoptr(PhTestRun) run = ph_test_cli ("game", f->file, "redo", NULL);
    g_autofree char *after = ph_test_read_file (f->file);

    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, "nothing to redo"));
    g_assert_cmpstr (after, ==, two);
  }
  {
    g_autoptr(PhTestRun) u1 = run_game_ok (f->file, "undo", NULL);
    g_autoptr(PhTestRun) u2 = run_game_ok (f->file, "undo", "--json", NULL);
    g_autoptr(JsonNode) root = ph_test_parse_json (u2);
    JsonObject *o = json_node_get_object (root);

    g_assert_cmpstr (ph_test_json_string (o, "done"), ==, "undo");
    g_assert_cmpint (ph_test_json_int (o, "position"), ==, 0);
    g_assert_cmpstr (ph_test_json_string (json_object_get_object_member (o, "event"), "kind"), ==,
                     "start");
  }
  {
    g_autoptr(PhTestRun) run = ph_test_cli ("game", f->file, "undo", NULL);

    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, "nothing to undo"));
  }
}

/* What the first @n steps of @log leave in @vars (name -> value, NULL for
 * removed) and @attrs ("figure/attr" -> value) */
static void
apply_log (JsonArray  *log,
           guint       n,
           GHashTable *vars,
           GHashTable *attrs)
{
  for (guint i = 0; i < n; i++)
    {
      JsonArray *changes = json_object_get_array_member (json_array_get_object_element (log, i),
                                                         "changes");

      for (guint j = 0; j < json_array_get_length (changes); j++)
        {
          JsonObject *c = json_array_get_object_element (changes, j);
          JsonNode *node = json_object_get_member (c, "new");
          const char *value = JSON_NODE_HOLDS_NULL (node) ? NULL : json_node_get_string (node);

          if (json_object_has_member (c, "var"))
            g_hash_table_insert (vars, g_strdup (ph_test_json_string (c, "var")), g_strdup (value));
          else
            g_hash_table_insert (attrs, g_strdup_printf ("%s/%s", ph_test_json_string (c, "figure"),
                                                         ph_test_json_string (c, "attr")),
                                 g_strdup (value));
        }
    }
}

/* --replay N: the state after N steps, nothing saved; the figures and
 * variables are what the log's changes make of the starting figures */
static void
test_game_replay (GameFixture   *f,
                  gconstpointer  data)
{
  g_autofree char *saved = NULL;
  g_autoptr(JsonNode) log_root = NULL;
  g_autoptr(JsonNode) start_root = NULL;
  JsonArray *log, *start_figures;

  {
    g_autoptr(PhTestRun) r1 = run_game_ok (f->file, "--new", "--seed", "42", NULL);
    g_autoptr(PhTestRun) r2 = run_game_ok (f->file, "draw-card", NULL);
    g_autoptr(PhTestRun) r3 = run_game_ok (f->file, "roll-ips", "figure=rogers", NULL);
    g_autoptr(PhTestRun) r4 = run_game_ok (f->file, "roll", "2d6", NULL);
  }
  saved = ph_test_read_file (f->file);
  log = json_object_get_array_member (game_json (f->file, &log_root), "log");
  g_assert_cmpuint (json_array_get_length (log), ==, 4);
  {
    g_autoptr(PhTestRun) run = run_game_ok (f->file, "--replay", "0", "--json", NULL);

    start_root = ph_test_parse_json (run);
    start_figures = json_object_get_array_member (json_node_get_object (start_root), "figures");
  }

  for (guint n = 0; n <= 4; n++)
    {
      g_autofree char *steps = g_strdup_printf ("%u", n);
      g_autoptr(PhTestRun) run = run_game_ok (f->file, "--replay", steps, "--json", NULL);
      g_autoptr(PhTestRun) human = run_game_ok (f->file, "--replay", steps, NULL);
      g_autoptr(JsonNode) root = ph_test_parse_json (run);
      g_autofree char *after = ph_test_read_file (f->file);
      g_autofree char *head = g_strdup_printf ("After %u of 4 steps: ", n);
      g_autoptr(GHashTable) vars = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_autoptr(GHashTable) attrs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                           g_free);
      JsonObject *o = json_node_get_object (root);
      JsonObject *got_vars = json_object_get_object_member (o, "variables");
      JsonArray *figures = json_object_get_array_member (o, "figures");
      GHashTableIter iter;
      gpointer key, value;
      guint n_vars = 0;

      g_assert_cmpstr (after, ==, saved);
      g_assert_cmpint (ph_test_json_int (o, "position"), ==, n);
      g_assert_cmpint (ph_test_json_int (o, "events"), ==, 4);
      g_assert_cmpuint (json_array_get_length (figures), ==, 10);

      apply_log (log, n, vars, attrs);
      g_hash_table_iter_init (&iter, vars);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          if (value == NULL)
            g_assert_false (json_object_has_member (got_vars, key));
          else
            {
              g_assert_cmpstr (ph_test_json_string (got_vars, key), ==, value);
              n_vars++;
            }
        }
      g_assert_cmpuint (json_object_get_size (got_vars), ==, n_vars);

      for (guint i = 0; i < json_array_get_length (figures); i++)
        {
          JsonObject *figure = json_array_get_object_element (figures, i);
          JsonObject *now = json_object_get_object_member (figure, "attrs");
          JsonObject *was = json_object_get_object_member (
            json_array_get_object_element (start_figures, i), "attrs");
          g_autoptr(GList) names = json_object_get_members (was);

          g_assert_true (json_object_has_member (now, "x"));
          g_assert_true (json_object_has_member (now, "status"));
          g_assert_true (json_object_has_member (now, "firelock.hits"));
          for (GList *l = names; l != NULL; l = l->next)
            {
              g_autofree char *k = g_strdup_printf ("%s/%s", ph_test_json_string (figure, "id"),
                                                    (const char *) l->data);
              const char *expected = g_hash_table_lookup (attrs, k);

              if (expected == NULL)
                expected = ph_test_json_string (was, l->data);
              g_assert_cmpstr (ph_test_json_string (now, l->data), ==, expected);
            }
        }

      g_assert_true (g_str_has_prefix (human->out, head));
      g_assert_nonnull (strstr (human->out, "\nFigures:\n  rogers x="));
      g_assert_nonnull (strstr (human->out, "\nVariables:\n"));
    }

  {
    g_autoptr(PhTestRun) run = ph_test_cli ("game", f->file, "--replay", "5", NULL);

    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, "the log has 4 steps, not 5"));
  }
}

/* A refused action exits 1 with the game's reason and writes nothing */
static void
test_game_refused (GameFixture   *f,
                   gconstpointer  data)
{
  g_autofree char *out = g_build_filename (f->dir, "out.xml", NULL);
  g_autofree char *before = NULL;
  const char * const cases[][6] = {
    { "bogus", NULL },
    { "roll", "2x6", NULL },
    { "roll-ips", NULL },
    { "shoot", "figure=stark", "target=nobody", NULL },
    { "roll-ips", "rogers", NULL },
    { "redo", NULL },
  };

  {
    g_autoptr(PhTestRun) r1 = run_game_ok (f->file, "--new", "--seed", "42", NULL);
  }
  before = ph_test_read_file (f->file);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) argv = g_ptr_array_new ();
      g_autoptr(PhTestRun) run = NULL;
      g_autofree char *after = NULL;

      g_ptr_array_add (argv, (char *) "game");
      g_ptr_array_add (argv, f->file);
      for (guint j = 0; cases[i][j] != NULL; j++)
        g_ptr_array_add (argv, (char *) cases[i][j]);
      g_ptr_array_add (argv, (char *) "-o");
      g_ptr_array_add (argv, out);
      g_ptr_array_add (argv, NULL);
      run = ph_test_cli_argv ((const char * const *) argv->pdata);
      g_test_message ("game %s -> %d: %s", cases[i][0], run->status, run->err);
      g_assert_cmpint (run->status, ==, 1);
      g_assert_cmpstr (run->out, ==, "");
      g_assert_true (g_str_has_prefix (run->err, "powderhorn-cli: "));
      after = ph_test_read_file (f->file);
      g_assert_cmpstr (after, ==, before);
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
    }

  {
    g_autoptr(PhTestRun) run = ph_test_cli ("game", f->file, "bogus", NULL);

    g_assert_cmpstr (run->err, ==,
                     "powderhorn-cli: Firelock and Scalplock has no action 'bogus'\n");
  }
}

/* -o OUT: FILE stays as it was */
static void
test_game_output (GameFixture   *f,
                  gconstpointer  data)
{
  g_autofree char *out = g_build_filename (f->dir, "out.xml", NULL);
  g_autofree char *before = NULL, *written = NULL, *after = NULL;

  {
    g_autoptr(PhTestRun) r1 = run_game_ok (f->file, "--new", "--seed", "42", NULL);
  }
  before = ph_test_read_file (f->file);
  {
    g_autoptr(PhTestRun) run = run_game_ok (f->file, "draw-card", "-o", out, NULL);
  }
  after = ph_test_read_file (f->file);
  written = ph_test_read_file (out);
  g_assert_cmpstr (after, ==, before);
  g_assert_nonnull (strstr (written, "position=\"2\""));
}

static void
test_game_actions (GameFixture   *f,
                   gconstpointer  data)
{
  g_autoptr(PhTestRun) run = run_game_ok (f->file, "--actions", NULL);
  g_autoptr(PhTestRun) json = run_game_ok (f->file, "--actions", "--json", NULL);
  g_autoptr(JsonNode) root = ph_test_parse_json (json);
  JsonObject *o = json_node_get_object (root);
  JsonArray *actions = json_object_get_array_member (o, "actions");
  gboolean draw = FALSE, roll = FALSE;

  /* a file without a game lists them too */
  g_assert_true (g_str_has_prefix (run->out, "Firelock and Scalplock actions"));
  g_assert_nonnull (strstr (run->out, "\n  roll-ips figure"));
  g_assert_nonnull (strstr (run->out, "\n  undo\n"));
  g_assert_cmpstr (ph_test_json_string (o, "ruleset"), ==, "firelock-scalplock");
  for (guint i = 0; i < json_array_get_length (actions); i++)
    {
      JsonObject *a = json_array_get_object_element (actions, i);

      draw |= g_str_equal (ph_test_json_string (a, "name"), "draw-card");
      roll |= g_str_equal (ph_test_json_string (a, "name"), "roll");
      g_assert_true (json_object_has_member (a, "arguments"));
      g_assert_true (json_object_has_member (a, "help"));
    }
  g_assert_true (draw);
  g_assert_true (roll);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/usage", test_usage);
  g_test_add_func ("/cli/validate/examples", test_validate_examples);
  g_test_add_func ("/cli/validate/broken", test_validate_broken);
  g_test_add_func ("/cli/info/json", test_info_json);
  g_test_add_func ("/cli/info/human", test_info_human);
  g_test_add_func ("/cli/assess/json-fields", test_assess_json_fields);
  g_test_add_func ("/cli/assess/json-precision", test_assess_json_precision);
  g_test_add_func ("/cli/assess/firelock", test_assess_firelock);
  g_test_add_func ("/cli/assess/fistful", test_assess_fistful);
  g_test_add_func ("/cli/assess/featherstone", test_assess_featherstone);
  g_test_add_func ("/cli/assess/guns-of-war", test_assess_guns_of_war);
  g_test_add_func ("/cli/assess/cannot-fire", test_assess_cannot_fire);
  g_test_add_func ("/cli/assess/human", test_assess_human);
  g_test_add_func ("/cli/assess/unknown-id", test_assess_unknown_id);
  g_test_add_func ("/cli/game/help", test_game_help);
#define GAME_TEST(path, func) \
  g_test_add ("/cli/game/" path, GameFixture, NULL, game_fixture_set_up, func, \
              game_fixture_tear_down)
  GAME_TEST ("usage", test_game_usage);
  GAME_TEST ("new", test_game_new);
  GAME_TEST ("roll", test_game_roll);
  GAME_TEST ("undo", test_game_undo);
  GAME_TEST ("turn-end", test_game_turn_end);
  GAME_TEST ("replay", test_game_replay);
  GAME_TEST ("refused", test_game_refused);
  GAME_TEST ("output", test_game_output);
  GAME_TEST ("actions", test_game_actions);
#undef GAME_TEST

  return g_test_run ();
}
