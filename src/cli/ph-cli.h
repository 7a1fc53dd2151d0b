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

/* Exit statuses (README) */
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
/* ph-cli-new.c, ph-cli-odds.c, ph-cli-advise.c (the second set) */
int  ph_cli_new       (int argc, char **argv);
int  ph_cli_odds      (int argc, char **argv);
int  ph_cli_advise    (int argc, char **argv);
/* ph-cli-roster.c; dispatched to only with HAVE_RENDER, like render */
int  ph_cli_roster    (int argc, char **argv);
int  ph_cli_print_map (int argc, char **argv);
/* ph-cli-rulesets.c */
int  ph_cli_rulesets  (int argc, char **argv);

/* Helpers (ph-cli-util.c) */

/* Parses @argv with @context (its help translated: mark the entries'
 * descriptions and the summary N_()); on failure prints the usage error
 * and returns FALSE (the caller exits with PH_CLI_EXIT_USAGE). */
gboolean    ph_cli_parse_options (GOptionContext *context,
                                  const char     *verb,
                                  int            *argc,
                                  char         ***argv);
/* For --json and --csv, once the options are read: from then on the
 * messages are the program's own English and numbers are written in the C
 * locale, whatever the user's locale, so that what programs read (reasons,
 * labels, costs) never changes with it. Human output is translated (po/). */
void        ph_cli_machine_output (void);
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
/* A FILE (or OUT) of "-": standard input (output) */
#define PH_CLI_STDIO "-"
gboolean    ph_cli_is_stdio      (const char *filename);
/* Loads a scenario, from standard input when @filename is "-" (at most
 * PH_SCENARIO_MAX_FILE_SIZE bytes; messages then read "-:LINE: message").
 * On failure prints the loader's "FILE:LINE: message" and returns NULL
 * (the caller exits with PH_CLI_EXIT_INPUT). */
PhScenario *ph_cli_load_scenario (const char *filename);
/* Locks @filename for a read-change-write (ph_file_lock(): waits for
 * another writer to finish) into *@lock (NULL for "-", standard input);
 * on failure prints why and returns FALSE (the caller exits with
 * PH_CLI_EXIT_INPUT). */
gboolean    ph_cli_lock_file     (const char  *filename,
                                  PhFileLock **lock);
/* ph_scenario_validate_file(), or for "-" ph_scenario_validate_data() on
 * standard input: every problem either way. */
gboolean    ph_cli_validate_file (const char *filename,
                                  GPtrArray  *problems);
/* For the verbs that write the scenario back (game, character): a FILE of
 * "-" needs -o OUT. Otherwise prints the usage error and returns FALSE
 * (the caller exits with PH_CLI_EXIT_USAGE). */
gboolean    ph_cli_check_write_back (const char *verb,
                                     const char *filename,
                                     const char *output);
/* ph_scenario_save_file(), or for an OUT of "-" the same canonical XML,
 * checked the same way, on standard output. From then on standard output
 * is the scenario's: anything the verb prints afterwards (its report)
 * goes to standard error, so verbs save first and report after. */
gboolean    ph_cli_save_scenario (const PhScenario  *scenario,
                                  const char        *output,
                                  GError           **error);
/* What assess, odds and advise share (ph-cli-shot.c) */

/* assess's option values in enum order (PhAim, PhFireMode, PhCardEffect),
 * NULL-terminated: "none", "aim", "careful"; "aimed", "snap"; "none",
 * "one-eyed-jack", "deuce" */
/* "Sgt Smith (smith)", or the id for a figure without a name */
char       *ph_cli_figure_label  (const PhScenario *scenario,
                                  const char       *id);
/* "14.00 in", "3 hexes" */
char       *ph_cli_format_distance (double     distance,
                                    PhDistUnit unit);
/* @strings (char *) joined with @separator */
char       *ph_cli_join_strings  (const GPtrArray *strings,
                                  const char      *separator);
/* TRUE when odds and advise take @target as one of @shooter's targets: a
 * figure of another side that is on the table (not dead or fled) */
gboolean    ph_cli_is_target     (const PhFigure *shooter,
                                  const PhFigure *target);

/* @value with the fewest digits that read back as the same double, in the
 * C locale ("14", "0.16666666666666666") */
char       *ph_cli_format_double (double value);
/* The index of @name in a NULL-terminated list of names, or -1 */
int         ph_cli_lookup_name   (const char * const *names,
                                  const char         *name);

G_END_DECLS
