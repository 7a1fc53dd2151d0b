/* ph-cli-util.c: option parsing, messages and loading, for every verb
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ph-cli.h"

static void
print_hint (const char *verb)
{
  if (verb != NULL)
    fprintf (stderr, "Try '" PH_CLI_NAME " %s --help'.\n", verb);
  else
    fprintf (stderr, "Try '" PH_CLI_NAME " --help'.\n");
}

/* "powderhorn-cli: message" on stderr */
static void
print_error_v (const char *format,
               va_list     args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);

  fprintf (stderr, PH_CLI_NAME ": %s\n", message);
}

int
ph_cli_usage_error (const char *verb,
                    const char *format,
                    ...)
{
  va_list args;

  va_start (args, format);
  print_error_v (format, args);
  va_end (args);

  print_hint (verb);
  return PH_CLI_EXIT_USAGE;
}

void
ph_cli_error (const char *format,
              ...)
{
  va_list args;

  va_start (args, format);
  print_error_v (format, args);
  va_end (args);
}

int
ph_cli_input_error (const GError *error)
{
  ph_cli_error ("%s", error->message);
  return PH_CLI_EXIT_INPUT;
}

gboolean
ph_cli_parse_options (GOptionContext   *context,
                      const char       *verb,
                      int              *argc,
                      char           ***argv)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      ph_cli_usage_error (verb, "%s", error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
ph_cli_one_file (const char  *verb,
                 char       **files)
{
  if (files == NULL || files[0] == NULL)
    {
      ph_cli_usage_error (verb, "no scenario file given");
      return FALSE;
    }
  if (files[1] != NULL)
    {
      ph_cli_usage_error (verb, "one scenario file at a time ('%s' is one too many)", files[1]);
      return FALSE;
    }
  return TRUE;
}

gboolean
ph_cli_require_output (const char *verb,
                       const char *output)
{
  if (output == NULL || output[0] == '\0')
    {
      ph_cli_usage_error (verb, "-o OUT is required");
      return FALSE;
    }
  return TRUE;
}

PhScenario *
ph_cli_load_scenario (const char *filename)
{
  g_autoptr(GError) error = NULL;
  PhScenario *scenario;

  scenario = ph_scenario_load_file (filename, &error);
  if (scenario == NULL)
    {
      /* The loader's messages already read "FILE:LINE: message". */
      if (g_str_has_prefix (error->message, filename))
        fprintf (stderr, "%s\n", error->message);
      else
        fprintf (stderr, "%s: %s\n", filename, error->message);
      return NULL;
    }
  return scenario;
}

PhFileLock *
ph_cli_lock_file (const char *filename)
{
  g_autoptr(GError) error = NULL;
  PhFileLock *lock = ph_file_lock (filename, PH_FILE_LOCK_TIMEOUT_MS, &error);

  if (lock == NULL)
    fprintf (stderr, "%s\n", error->message);
  return lock;
}

int
ph_cli_lookup_name (const char * const *names,
                    const char         *name)
{
  for (int i = 0; names[i] != NULL; i++)
    if (strcmp (names[i], name) == 0)
      return i;
  return -1;
}
