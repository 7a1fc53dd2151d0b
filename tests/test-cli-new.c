/* test-cli-new.c: powderhorn-cli's standard input and output ("-") and the
 * new verb (README, "The command line")
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A FILE of - must give exactly the answer the file gives, and messages
 * that read "-:LINE: message". `new` must write a scenario that validates
 * and reads back with the table asked for and the ruleset's usual grid.
 */
#include <string.h>
#include <sys/wait.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "ph-test-cli.h"
#include "ph-test-files.h"

static const char * const examples[] = {
  "featherstone-cacabelos-1809.xml",
  "firelock-bloody-run-1758.xml",
  "fistful-north-bridge-1775.xml",
  "guns-of-war-tithe-barn.xml",
  "musket-mayhem-fight-at-the-farmstead.xml",
};

static char *
read_example (const char *name)
{
  g_autofree char *path = ph_test_scenario_path (name);

  return ph_test_read_file (path);
}

/* @run's JSON without its "file" member, as text */
static char *
json_without_file (const PhTestRun *run)
{
  g_autoptr(JsonNode) root = ph_test_parse_json (run);
  g_autoptr(JsonGenerator) generator = json_generator_new ();

  json_object_remove_member (json_node_get_object (root), "file");
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

/* Standard input */

static void
test_stdin_same_answer (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *path = ph_test_scenario_path (examples[i]);
      g_autofree char *text = read_example (examples[i]);
      g_autoptr(PhTestRun) validate = ph_test_cli_stdin (text, "validate", "-", NULL);
      g_autoptr(PhTestRun) info_file = ph_test_cli ("info", path, "--json", NULL);
      g_autoptr(PhTestRun) info_stdin = ph_test_cli_stdin (text, "info", "-", "--json", NULL);
      g_autoptr(PhTestRun) odds_file = ph_test_cli ("odds", path, "--json", NULL);
      g_autoptr(PhTestRun) odds_stdin = ph_test_cli_stdin (text, "odds", "-", "--json", NULL);
      g_autoptr(JsonNode) info = NULL;
      g_autofree char *a = NULL, *b = NULL;

      g_test_message ("%s", examples[i]);
      g_assert_cmpint (validate->status, ==, 0);
      g_assert_cmpstr (validate->out, ==, "");
      g_assert_cmpstr (validate->err, ==, "");

      /* info's "file" is the name given: "-" */
      g_assert_cmpint (info_stdin->status, ==, 0);
      info = ph_test_parse_json (info_stdin);
      ph_test_assert_json_string (json_node_get_object (info), "file", "-");
      a = json_without_file (info_file);
      b = json_without_file (info_stdin);
      g_assert_cmpstr (a, ==, b);

      g_assert_cmpint (odds_stdin->status, ==, 0);
      g_assert_cmpstr (odds_stdin->out, ==, odds_file->out);
    }

  /* assess and advise, on docs/rules.md's worked example shot */
  {
    g_autofree char *path = ph_test_scenario_path ("musket-mayhem-fight-at-the-farmstead.xml");
    g_autofree char *text = read_example ("musket-mayhem-fight-at-the-farmstead.xml");
    g_autoptr(PhTestRun) file = ph_test_cli ("assess", path, "--shooter", "smith",
                                             "--target", "otter", "--json", NULL);
    g_autoptr(PhTestRun) in = ph_test_cli_stdin (text, "assess", "-", "--shooter", "smith",
                                                 "--target", "otter", "--json", NULL);
    g_autoptr(PhTestRun) advise_file = ph_test_cli ("advise", path, "--figure", "tubbs",
                                                    "--json", NULL);
    g_autoptr(PhTestRun) advise_in = ph_test_cli_stdin (text, "advise", "-", "--figure", "tubbs",
                                                        "--json", NULL);

    g_assert_cmpint (in->status, ==, 0);
    g_assert_nonnull (strstr (in->out, "\"p_hit\":0.16666666666666666"));
    g_assert_cmpstr (in->out, ==, file->out);
    g_assert_cmpint (advise_in->status, ==, 0);
    g_assert_cmpstr (advise_in->out, ==, advise_file->out);
  }
}

static void
test_stdin_errors (void)
{
  g_autofree char *path = ph_test_write_temp ("bad-side.xml", ph_test_bad_side_xml);

  {
    g_autoptr(PhTestRun) run = ph_test_cli_stdin (ph_test_malformed_xml, "validate", "-", NULL);

    g_assert_cmpint (run->status, ==, 1);
    g_assert_cmpstr (run->out, ==, "");
    g_assert_true (g_str_has_prefix (run->err, "-:3: "));
    /* one problem, one line */
    g_assert_true (strchr (run->err, '\n') == run->err + strlen (run->err) - 1);
  }
  {
    g_autoptr(PhTestRun) run = ph_test_cli_stdin (ph_test_malformed_xml, "info", "-", NULL);

    g_assert_cmpint (run->status, ==, 1);
    g_assert_cmpstr (run->out, ==, "");
    g_assert_true (g_str_has_prefix (run->err, "-:3: "));
  }
  {
    /* every problem the file gets, with "-" for the name */
    g_autoptr(PhTestRun) in = ph_test_cli_stdin (ph_test_bad_side_xml, "validate", "-", NULL);
    g_autoptr(PhTestRun) file = ph_test_cli ("validate", path, NULL);
    g_autoptr(GString) expected = g_string_new (file->err);

    g_assert_cmpint (in->status, ==, 1);
    g_assert_cmpint (file->status, ==, 1);
    g_assert_true (g_str_has_prefix (in->err, "-:9: "));
    g_assert_cmpuint (g_string_replace (expected, path, "-", 0), >=, 1);
    g_assert_cmpstr (in->err, ==, expected->str);
  }
  {
    g_autoptr(PhTestRun) run = ph_test_cli_stdin ("", "assess", "-", "--shooter", "a",
                                                  "--target", "b", NULL);

    g_assert_cmpint (run->status, ==, 1);
    g_assert_true (g_str_has_prefix (run->err, "-:"));
  }
  {
    g_autoptr(PhTestRun) run = ph_test_cli_stdin (ph_test_malformed_xml, "validate", "-", "-", NULL);

    ph_test_assert_usage_error (run);
  }
  ph_test_remove_temp (path);
}

/* Standard input is read up to the loader's cap on files, 64 MiB */
static void
test_stdin_too_large (void)
{
  g_autofree char *quoted = g_shell_quote (g_getenv ("PH_CLI"));
  g_autofree char *command = g_strdup_printf ("head -c %d /dev/zero | %s info -",
                                              64 * 1024 * 1024 + 1, quoted);
  char *argv[] = { (char *) "sh", (char *) "-c", command, NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  g_spawn_sync (NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &wait_status,
                &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (wait_status, NULL) == FALSE);
  g_assert_true (WIFEXITED (wait_status));
  g_assert_cmpint (WEXITSTATUS (wait_status), ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (err, ==, "-: the input is too large (more than 67108864 bytes)\n");
}

/* game and character: "-" needs -o; -o - is standard output */
static void
test_stdin_write_back (void)
{
  g_autofree char *firelock = read_example ("firelock-bloody-run-1758.xml");
  g_autofree char *dir = g_dir_make_tmp ("test-cli-new-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "out.xml", NULL);

  {
    g_autoptr(PhTestRun) run = ph_test_cli_stdin (firelock, "game", "-", "--new", NULL);
    g_autoptr(PhTestRun) run2 = ph_test_cli_stdin (firelock, "character", "-",
                                                   "--figure", "rogers", NULL);

    ph_test_assert_usage_error (run);
    g_assert_nonnull (strstr (run->err, "-o OUT"));
    ph_test_assert_usage_error (run2);
  }
  {
    /* the same roll to a file and to standard output */
    g_autoptr(PhTestRun) to_file = ph_test_cli_stdin (firelock, "character", "-", "--figure",
                                                      "rogers", "--seed", "7", "-o", out, NULL);
    g_autoptr(PhTestRun) to_stdout = ph_test_cli_stdin (firelock, "character", "-", "--figure",
                                                        "rogers", "--seed", "7", "-o", "-",
                                                        NULL);
    g_autofree char *written = ph_test_read_file (out);
    g_autoptr(PhTestRun) check = ph_test_cli_stdin (to_stdout->out, "validate", "-", NULL);

    g_assert_cmpint (to_file->status, ==, 0);
    g_assert_cmpint (to_stdout->status, ==, 0);
    g_assert_cmpstr (to_stdout->out, ==, written);
    g_assert_true (g_str_has_prefix (to_stdout->out, "<?xml"));
    /* the report goes to standard error, word for word */
    g_assert_cmpstr (to_stdout->err, ==, to_file->out);
    g_assert_nonnull (strstr (to_stdout->err, "d10 rolled"));
    g_assert_cmpint (check->status, ==, 0);
  }
  {
    /* a game started on a pipe, then its log read from one */
    g_autoptr(PhTestRun) started = ph_test_cli_stdin (firelock, "game", "-", "--new",
                                                      "--seed", "42", "-o", "-", NULL);
    g_autoptr(PhTestRun) log = NULL;

    g_assert_cmpint (started->status, ==, 0);
    g_assert_nonnull (strstr (started->out, "<game"));
    g_assert_nonnull (strstr (started->err, "Turn 1"));
    log = ph_test_cli_stdin (started->out, "game", "-", NULL);
    g_assert_cmpint (log->status, ==, 0);
    g_assert_nonnull (strstr (log->out, "Seed 42"));
    g_assert_cmpstr (log->err, ==, "");
  }
  g_unlink (out);
  g_rmdir (dir);
}

/* new */

typedef struct
{
  const char *ruleset;
  const char *table;     /* --table */
  double width, height;
  const char *unit;
  const char *grid;      /* the ruleset's usual grid */
  double grid_size;      /* and its size */
  const char *measure;
} NewCase;

static const NewCase new_cases[] = {
  { "firelock-scalplock", "48x36in", 48, 36, "in", "square", 1, "edge" },
  { "fistful-of-lead", "36x36in", 36, 36, "in", "square", 1, "edge" },
  { "musket-mayhem", "180x120cm", 180, 120, "cm", "square", 2.5, "edge" },
  /* no unit: Featherstone's paces, a 10-pace grid */
  { "featherstone", "240x120", 240, 120, "cm", "square", 10, "edge" },
  { "featherstone", "72.5x48in", 72.5, 48, "in", "square", 4, "edge" },
  { "guns-of-war", "40x32in", 40, 32, "in", "hex", 2, "centre" },
  { "guns-of-war", "100X80cm", 100, 80, "cm", "hex", 5, "centre" },
};

static void
assert_new_scenario (const char *path,
                     const NewCase *c,
                     const char *title)
{
  g_autoptr(PhTestRun) validate = ph_test_cli ("validate", path, NULL);
  g_autoptr(PhTestRun) info = ph_test_cli ("info", path, "--json", NULL);
  g_autoptr(JsonNode) root = NULL;
  JsonObject *o, *table;
  JsonArray *sides;

  g_assert_cmpint (validate->status, ==, 0);
  g_assert_cmpstr (validate->err, ==, "");
  g_assert_cmpint (info->status, ==, 0);
  root = ph_test_parse_json (info);
  o = json_node_get_object (root);
  ph_test_assert_json_string (o, "ruleset", c->ruleset);
  ph_test_assert_json_string (o, "title", title);
  table = json_object_get_object_member (o, "table");
  g_assert_cmpfloat (ph_test_json_number (table, "width"), ==, c->width);
  g_assert_cmpfloat (ph_test_json_number (table, "height"), ==, c->height);
  ph_test_assert_json_string (table, "unit", c->unit);
  ph_test_assert_json_string (table, "grid", c->grid);
  g_assert_cmpfloat (ph_test_json_number (table, "grid_size"), ==, c->grid_size);
  ph_test_assert_json_string (table, "measure", c->measure);
  g_assert_cmpint (ph_test_json_int (o, "terrain"), ==, 0);
  g_assert_cmpint (ph_test_json_int (o, "figures"), ==, 0);
  sides = json_object_get_array_member (o, "sides");
  g_assert_cmpuint (json_array_get_length (sides), ==, 2);
  ph_test_assert_json_string (json_array_get_object_element (sides, 0), "id", "side-1");
  ph_test_assert_json_string (json_array_get_object_element (sides, 1), "id", "side-2");
  g_assert_cmpstr (ph_test_json_string (json_array_get_object_element (sides, 0), "color"), !=,
                   ph_test_json_string (json_array_get_object_element (sides, 1), "color"));
}

static void
test_new_rulesets (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-cli-new-XXXXXX", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (new_cases); i++)
    {
      const NewCase *c = &new_cases[i];
      g_autofree char *path = g_strdup_printf ("%s/new-%u.xml", dir, i);
      g_autoptr(PhTestRun) run = ph_test_cli ("new", "--ruleset", c->ruleset, "--table", c->table,
                                              "-o", path, NULL);

      g_test_message ("new --ruleset %s --table %s", c->ruleset, c->table);
      g_assert_cmpint (run->status, ==, 0);
      g_assert_cmpstr (run->err, ==, "");
      assert_new_scenario (path, c, "Untitled");
      g_unlink (path);
    }
  g_rmdir (dir);
}

static void
test_new_options (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-cli-new-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "new.xml", NULL);
  static const NewCase given = {
    "firelock-scalplock", "60x40in", 60, 40, "in", "none", 3, "centre"
  };
  static const NewCase hex = {
    "musket-mayhem", "72x48in", 72, 48, "in", "hex", 1.5, "edge"
  };

  {
    g_autoptr(PhTestRun) run = ph_test_cli ("new", "--ruleset", "firelock-scalplock",
                                            "--table", "60x40in", "--grid", "none",
                                            "--grid-size", "3", "--measure", "centre",
                                            "--title", "Ambush & <Retreat>", "-o", path, NULL);

    g_assert_cmpint (run->status, ==, 0);
    assert_new_scenario (path, &given, "Ambush & <Retreat>");
  }
  {
    /* an existing file is left alone without --force */
    g_autofree char *before = ph_test_read_file (path);
    g_autoptr(PhTestRun) refused = ph_test_cli ("new", "--ruleset", "musket-mayhem",
                                                "--table", "72x48in", "-o", path, NULL);
    g_autofree char *after = ph_test_read_file (path);

    g_assert_cmpint (refused->status, ==, 1);
    g_assert_cmpstr (refused->out, ==, "");
    g_assert_nonnull (strstr (refused->err, "--force"));
    g_assert_cmpstr (before, ==, after);
  }
  {
    g_autoptr(PhTestRun) run = ph_test_cli ("new", "--ruleset", "musket-mayhem", "--table",
                                            "72x48in", "--grid", "hex", "--grid-size=1.5",
                                            "--force", "-o", path, NULL);

    g_assert_cmpint (run->status, ==, 0);
    assert_new_scenario (path, &hex, "Untitled");
  }
  {
    /* to standard output, and back in through standard input */
    g_autoptr(PhTestRun) run = ph_test_cli ("new", "--ruleset", "guns-of-war", "--table",
                                            "40x32in", "-o", "-", NULL);
    g_autoptr(PhTestRun) info = NULL;
    g_autoptr(JsonNode) root = NULL;
    g_autofree char *written = NULL;

    g_assert_cmpint (run->status, ==, 0);
    g_assert_true (g_str_has_prefix (run->out, "<?xml"));
    info = ph_test_cli_stdin (run->out, "info", "-", "--json", NULL);
    g_assert_cmpint (info->status, ==, 0);
    root = ph_test_parse_json (info);
    ph_test_assert_json_string (json_object_get_object_member (json_node_get_object (root),
                                                               "table"), "grid", "hex");
    /* the same document as a file */
    g_unlink (path);
    {
      g_autoptr(PhTestRun) to_file = ph_test_cli ("new", "--ruleset", "guns-of-war", "--table",
                                                  "40x32in", "-o", path, NULL);

      g_assert_cmpint (to_file->status, ==, 0);
    }
    written = ph_test_read_file (path);
    g_assert_cmpstr (written, ==, run->out);
  }
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_new_usage (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-cli-new-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "new.xml", NULL);
  const char * const cases[][12] = {
    { "new", "--ruleset", "musket-mayhem", "--table", "72x", "-o", path, NULL },
    { "new", "--ruleset", "musket-mayhem", "--table", "x48in", "-o", path, NULL },
    { "new", "--ruleset", "musket-mayhem", "--table", "0x48in", "-o", path, NULL },
    { "new", "--ruleset", "musket-mayhem", "--table", "-72x48in", "-o", path, NULL },
    { "new", "--ruleset", "musket-mayhem", "--table", "72x48ft", "-o", path, NULL },
    { "new", "--ruleset", "musket-mayhem", "--table", "72x48x2in", "-o", path, NULL },
    { "new", "--ruleset", "musket-mayhem", "--table", "10001x48in", "-o", path, NULL },
    { "new", "--ruleset", "musket-mayhem", "--table", "nanxinfin", "-o", path, NULL },
    { "new", "--ruleset", "musket-mayhem", "--table", "72x48in", "--grid-size", "-1", "-o",
      path, NULL },
    { "new", "--ruleset", "musket-mayhem", "--table", "72x48in", "--grid-size=0", "-o", path,
      NULL },
    { "new", "--ruleset", "musket-mayhem", "--table", "72x48in", "--grid-size", "big", "-o",
      path, NULL },
    { "new", "--ruleset", "musket-mayhem", "--table", "72x48in", "--grid", "round", "-o", path,
      NULL },
    { "new", "--ruleset", "musket-mayhem", "--table", "72x48in", "--measure", "middle", "-o",
      path, NULL },
    { "new", "--ruleset", "musket-mayhem", "--table", "72x48in", NULL },
    { "new", "--ruleset", "warhammer", "--table", "72x48in", "-o", path, NULL },
    { "new", "--table", "72x48in", "-o", path, NULL },
    { "new", "--ruleset", "musket-mayhem", "-o", path, NULL },
    { "new", "--ruleset", "musket-mayhem", "--table", "72x48in", "-o", path, "extra.xml", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(PhTestRun) run = ph_test_cli_argv (cases[i]);
      g_autofree char *line = g_strjoinv (" ", (char **) cases[i]);

      g_test_message ("powderhorn-cli %s -> %d: %s", line, run->status, run->err);
      ph_test_assert_usage_error (run);
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    }
  {
    g_autoptr(PhTestRun) run = ph_test_cli ("new", "--ruleset", "warhammer", "--table",
                                            "72x48in", "-o", path, NULL);

    /* the message names the known rulesets */
    g_assert_nonnull (strstr (run->err, "'warhammer'"));
    g_assert_nonnull (strstr (run->err, "guns-of-war"));
  }
  {
    g_autoptr(PhTestRun) run = ph_test_cli ("new", "--ruleset", "musket-mayhem", "--table",
                                            "-72x48in", "-o", path, NULL);

    g_assert_nonnull (strstr (run->err, "more than 0"));
  }
  g_rmdir (dir);
}

static void
test_help (void)
{
  const char * const verbs[] = { "new", "odds", "advise" };
  g_autoptr(PhTestRun) top = ph_test_cli ("--help", NULL);

  g_assert_cmpint (top->status, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (verbs); i++)
    {
      g_autofree char *listed = g_strdup_printf ("\n  %s ", verbs[i]);
      g_autoptr(PhTestRun) run = ph_test_cli (verbs[i], "--help", NULL);
      g_autoptr(PhTestRun) run2 = ph_test_cli ("help", verbs[i], NULL);

      g_assert_nonnull (strstr (top->out, listed));
      g_assert_cmpint (run->status, ==, 0);
      g_assert_nonnull (strstr (run->out, "Usage:"));
      g_assert_nonnull (strstr (run->out, "Exit status"));
      g_assert_cmpstr (run2->out, ==, run->out);
    }
  {
    g_autoptr(PhTestRun) run = ph_test_cli ("new", "--help", NULL);
    const char * const options[] = {
      "--ruleset", "--table", "--grid", "--grid-size", "--measure", "--title", "--output",
      "--force",
    };

    for (guint i = 0; i < G_N_ELEMENTS (options); i++)
      g_assert_nonnull (strstr (run->out, options[i]));
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/stdin/same-answer", test_stdin_same_answer);
  g_test_add_func ("/cli/stdin/errors", test_stdin_errors);
  g_test_add_func ("/cli/stdin/too-large", test_stdin_too_large);
  g_test_add_func ("/cli/stdin/write-back", test_stdin_write_back);
  g_test_add_func ("/cli/new/rulesets", test_new_rulesets);
  g_test_add_func ("/cli/new/options", test_new_options);
  g_test_add_func ("/cli/new/usage", test_new_usage);
  g_test_add_func ("/cli/new/help", test_help);

  return g_test_run ();
}
