/* ph-cli.h: what the verbs of powderhorn-cli share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each verb is one function `int ph_cli_VERB (int argc, char **argv)`, in
 * its own file ph-cli-VERB.c, listed in the verb table of ph-cli.c. It gets
 * the command line from the verb on: argv[0] is the verb's name ("assess"),
 * the rest its options and arguments, ready for a GOptionContext (the
 * program name is already set to "powderhorn-cli VERB", so --help reads
 * "Usage: powderhorn-cli assess [OPTION…] FILE ..."). It returns the exit
 * status below.
 */
#pragma once

#include <glib.h>

#include "ph-core.h"

G_BEGIN_DECLS

#define PH_CLI_NAME "powderhorn-cli"

/* Exit statuses (cli.md) */
enum
{
  PH_CLI_EXIT_OK = 0,    /* success */
  PH_CLI_EXIT_INPUT = 1, /* bad input: invalid file, unknown id, no such weapon */
  PH_CLI_EXIT_USAGE = 2, /* wrong usage: unknown verb or option, bad value */
};

/* The verbs */
int  ph_cli_validate (int argc, char **argv);
int  ph_cli_info     (int argc, char **argv);
int  ph_cli_assess   (int argc, char **argv);
/* In ph-cli-render.c; dispatched to only when the build defines
 * HAVE_RENDER. */
int  ph_cli_render   (int argc, char **argv);
/* ph-cli-character.c */
int  ph_cli_character (int argc, char **argv);
/* ph-cli-game.c */
int  ph_cli_game      (int argc, char **argv);
/* ph-cli-roster.c; dispatched to only with HAVE_RENDER, like render */
int  ph_cli_roster    (int argc, char **argv);
int  ph_cli_print_map (int argc, char **argv);

/* Helpers (ph-cli-util.c) */

/* Parses @argv with @context; on failure prints the usage error and
 * returns FALSE (the caller exits with PH_CLI_EXIT_USAGE). */
gboolean    ph_cli_parse_options (GOptionContext *context,
                                  const char     *verb,
                                  int            *argc,
                                  char         ***argv);
/* "powderhorn-cli: message" and a hint to run VERB --help, on stderr;
 * returns PH_CLI_EXIT_USAGE. */
int         ph_cli_usage_error   (const char *verb,
                                  const char *format,
                                  ...) G_GNUC_PRINTF (2, 3);
/* "powderhorn-cli: message" on stderr */
void        ph_cli_error         (const char *format,
                                  ...) G_GNUC_PRINTF (1, 2);
/* "powderhorn-cli: ERROR's message" on stderr; returns PH_CLI_EXIT_INPUT. */
int         ph_cli_input_error   (const GError *error);
/* Checks that @files (the G_OPTION_REMAINING arguments) name exactly one
 * scenario file; otherwise prints the usage error and returns FALSE (the
 * caller exits with PH_CLI_EXIT_USAGE). */
gboolean    ph_cli_one_file      (const char  *verb,
                                  char       **files);
/* Checks that -o OUT was given, likewise. */
gboolean    ph_cli_require_output (const char *verb,
                                   const char *output);
/* Loads a scenario; on failure prints the loader's "FILE:LINE: message"
 * and returns NULL (the caller exits with PH_CLI_EXIT_INPUT). */
PhScenario *ph_cli_load_scenario (const char *filename);
/* Locks @filename for a read-change-write (ph_file_lock(): waits for
 * another writer to finish); on failure prints why and returns NULL (the
 * caller exits with PH_CLI_EXIT_INPUT). */
PhFileLock *ph_cli_lock_file     (const char *filename);
/* The index of @name in a NULL-terminated list of names, or -1 */
int         ph_cli_lookup_name   (const char * const *names,
                                  const char         *name);

G_END_DECLS
