/* ph-test-cli.c: powderhorn-cli as a user runs it, and its JSON, for the
 * tests of the command line
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-test-cli.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "ph-test-files.h"

void
ph_test_run_free (PhTestRun *run)
{
  if (run == NULL)
    return;
  g_free (run->out);
  g_free (run->err);
  g_free (run);
}

PhTestRun *
ph_test_cli_argv (const char * const *args)
{
  PhTestRun *run = g_new0 (PhTestRun, 1);

  run->status = ph_test_run_cli_argv (args, &run->out, &run->err);
  return run;
}

static GPtrArray *
collect_args (const char *first,
              va_list     ap)
{
  GPtrArray *args = g_ptr_array_new ();

  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *) a);
  g_ptr_array_add (args, NULL);
  return args;
}

PhTestRun *
ph_test_cli (const char *first,
             ...)
{
  g_autoptr(GPtrArray) args = NULL;
  va_list ap;

  va_start (ap, first);
  args = collect_args (first, ap);
  va_end (ap);
  return ph_test_cli_argv ((const char * const *) args->pdata);
}

/* The bytes as a NUL-terminated string */
static char *
bytes_to_string (GBytes *bytes)
{
  gsize length = 0;
  const char *data = bytes != NULL ? g_bytes_get_data (bytes, &length) : NULL;

  return g_strndup (data != NULL ? data : "", length);
}

PhTestRun *
ph_test_cli_stdin (const char *input,
                   const char *first,
                   ...)
{
  const char *cli = g_getenv ("PH_CLI");
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GBytes) out = NULL, err = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *input_path = ph_test_write_temp ("stdin.xml", input);
  PhTestRun *run = g_new0 (PhTestRun, 1);
  va_list ap;

  g_assert_nonnull (cli);
  g_ptr_array_add (args, (char *) cli);
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  /* from a file rather than a pipe: the program may exit without reading
   * it all (a usage error), which would cost a pipe's writer a SIGPIPE */
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_stdin_file_path (launcher, input_path);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) args->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate (process, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  run->out = bytes_to_string (out);
  run->err = bytes_to_string (err);
  run->status = g_subprocess_get_if_exited (process) ? g_subprocess_get_exit_status (process) : -1;
  ph_test_remove_temp (input_path);
  return run;
}

JsonNode *
ph_test_cli_json (const char * const *args)
{
  g_autoptr(PhTestRun) run = ph_test_cli_argv (args);

  if (run->status != 0)
    g_error ("exit %d: %s", run->status, run->err);
  return ph_test_parse_json (run);
}

void
ph_test_assert_usage_error (const PhTestRun *run)
{
  g_assert_cmpint (run->status, ==, 2);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_true (g_str_has_prefix (run->err, "powderhorn-cli"));
}

JsonNode *
ph_test_parse_json (const PhTestRun *run)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  json_parser_load_from_data (parser, run->out, -1, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_nonnull (root);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  /* one line: the object and a newline */
  g_assert_true (g_str_has_suffix (run->out, "}\n"));
  g_assert_true (strchr (run->out, '\n') == run->out + strlen (run->out) - 1);
  return json_node_copy (root);
}

static JsonNode *
get_value (JsonObject *o,
           const char *member)
{
  JsonNode *n = json_object_get_member (o, member);

  if (n == NULL)
    g_error ("no member '%s'", member);
  g_assert_true (JSON_NODE_HOLDS_VALUE (n));
  return n;
}

const char *
ph_test_json_string (JsonObject *o,
                     const char *member)
{
  JsonNode *n = get_value (o, member);

  g_assert_cmpint (json_node_get_value_type (n), ==, G_TYPE_STRING);
  return json_node_get_string (n);
}

double
ph_test_json_number (JsonObject *o,
                     const char *member)
{
  JsonNode *n = get_value (o, member);
  GType type = json_node_get_value_type (n);

  g_assert_true (type == G_TYPE_DOUBLE || type == G_TYPE_INT64);
  return json_node_get_double (n);
}

gint64
ph_test_json_int (JsonObject *o,
                  const char *member)
{
  JsonNode *n = get_value (o, member);

  g_assert_cmpint (json_node_get_value_type (n), ==, G_TYPE_INT64);
  return json_node_get_int (n);
}

gboolean
ph_test_json_bool (JsonObject *o,
                   const char *member)
{
  JsonNode *n = get_value (o, member);

  g_assert_cmpint (json_node_get_value_type (n), ==, G_TYPE_BOOLEAN);
  return json_node_get_boolean (n);
}

gboolean
ph_test_json_is_null (JsonObject *o,
                      const char *member)
{
  JsonNode *n = json_object_get_member (o, member);

  if (n == NULL)
    g_error ("no member '%s'", member);
  return JSON_NODE_HOLDS_NULL (n);
}

void
ph_test_assert_json_string (JsonObject *o,
                            const char *member,
                            const char *expected)
{
  g_assert_cmpstr (ph_test_json_string (o, member), ==, expected);
}

void
ph_test_assert_same_member (JsonObject *a,
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

double
ph_test_effect_from_assess (JsonObject *assessed,
                            const char *effect)
{
  static const char * const wounds[] = {
    "killed", "5 hits", "4 hits", "3 hits", "2 hits", "1 hit",
  };

  if (!ph_test_json_bool (assessed, "can_fire"))
    return 0;
  if (g_str_equal (effect, "hit"))
    return ph_test_json_number (assessed, "p_hit");
  if (g_str_equal (effect, "kill"))
    return ph_test_json_number (assessed, "p_kill");
  g_assert_cmpstr (effect, ==, "wound");
  {
    JsonObject *details = json_object_get_object_member (assessed, "details");
    JsonObject *outcomes = json_object_get_object_member (details, "outcomes");
    double sum = 0;

    for (guint i = 0; i < G_N_ELEMENTS (wounds); i++)
      sum += ph_test_json_number (outcomes, wounds[i]);
    return sum;
  }
}

void
ph_test_assert_json_number (JsonObject *a,
                            const char *member,
                            double      expected)
{
  double value = ph_test_json_number (a, member);

  if (value != expected)
    g_error ("'%s' is %.17g, not %.17g", member, value, expected);
}

char *
ph_test_write_temp (const char *name,
                    const char *contents)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-cli-XXXXXX", &error);
  char *path;

  g_assert_no_error (error);
  path = g_build_filename (dir, name, NULL);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  return path;
}

void
ph_test_remove_temp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_remove (path);
  g_rmdir (dir);
}

char *
ph_test_read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

char *
ph_test_edited_example (const char *name,
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

const char ph_test_malformed_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
  "  <title>Oops</titel>\n"
  "</scenario>\n";

const char ph_test_bad_side_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
  "  <title>Broken</title>\n"
  "  <table width=\"72\" height=\"48\"/>\n"
  "  <sides>\n"
  "    <side id=\"british\" name=\"British\" color=\"#b03a2e\"/>\n"
  "  </sides>\n"
  "  <figures>\n"
  "    <figure id=\"smith\" side=\"nobody\" x=\"1\" y=\"1\">\n"
  "      <mayhem courage=\"4\" armament=\"5\"/>\n"
  "    </figure>\n"
  "  </figures>\n"
  "</scenario>\n";
