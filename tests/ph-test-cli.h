/* ph-test-cli.h: powderhorn-cli as a user runs it, and its JSON, for the
 * tests of the command line (test-cli*.c)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLib, GIO and json-glib only (no core): the CLI's tests check the
 * program from the outside.
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef struct
{
  int status;   /* exit status, or -1 when killed by a signal */
  char *out;
  char *err;
} PhTestRun;

void       ph_test_run_free     (PhTestRun *run);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhTestRun, ph_test_run_free)

/* Runs powderhorn-cli ($PH_CLI) with the NULL-terminated arguments. */
PhTestRun *ph_test_cli_argv     (const char * const *args);
PhTestRun *ph_test_cli          (const char *first,
                                 ...) G_GNUC_NULL_TERMINATED;
/* The same with @input (NUL-terminated) on its standard input */
PhTestRun *ph_test_cli_stdin    (const char *input,
                                 const char *first,
                                 ...) G_GNUC_NULL_TERMINATED;
/* Runs it, asserts exit status 0 and returns its JSON object */
JsonNode  *ph_test_cli_json     (const char * const *args);
/* Asserts exit status 2, nothing on standard output and a
 * "powderhorn-cli: ..." message. */
void       ph_test_assert_usage_error (const PhTestRun *run);

/* Parses the run's standard output as one JSON object on one line. */
JsonNode  *ph_test_parse_json   (const PhTestRun *run);
/* Members of @o, asserting they are there and of that type */
const char *ph_test_json_string (JsonObject *o,
                                 const char *member);
double     ph_test_json_number  (JsonObject *o,
                                 const char *member);
gint64     ph_test_json_int     (JsonObject *o,
                                 const char *member);
gboolean   ph_test_json_bool    (JsonObject *o,
                                 const char *member);
gboolean   ph_test_json_is_null (JsonObject *o,
                                 const char *member);
void       ph_test_assert_json_string (JsonObject *o,
                                       const char *member,
                                       const char *expected);
/* @member is alike in both objects: same type and value, numbers exactly */
void       ph_test_assert_same_member (JsonObject *a,
                                       JsonObject *b,
                                       const char *member);

/* The chance of the ruleset's effect ("wound", "kill" or "hit", odds' and
 * advise's "effect") that assess --json's object @assessed gives: p_hit,
 * p_kill, or Firelock's details.outcomes "killed", "5 hits" ... "1 hit"
 * added up in that order (docs/rules.md, "What an assessment reports") */
double     ph_test_effect_from_assess (JsonObject *assessed,
                                       const char *effect);
/* @member (a number) of @a is exactly @expected */
void       ph_test_assert_json_number (JsonObject *a,
                                       const char *member,
                                       double      expected);

/* Files: @name with @contents in a new temporary directory; removing the
 * file and its directory; a whole file's contents */
char      *ph_test_write_temp   (const char *name,
                                 const char *contents);
void       ph_test_remove_temp  (const char *path);
char      *ph_test_read_file    (const char *path);
/* The example scenario @name with @old (which must be there once)
 * replaced by @replacement, in a temporary file (ph_test_remove_temp) */
char      *ph_test_edited_example (const char *name,
                                   const char *old,
                                   const char *replacement);

/* Two broken scenarios the CLI tests feed to every verb: not well-formed
 * (the title's end tag on line 3 does not match), and well-formed but with
 * a figure on line 9 whose side does not exist */
extern const char ph_test_malformed_xml[];
extern const char ph_test_bad_side_xml[];

G_END_DECLS
