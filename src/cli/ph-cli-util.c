/* ph-cli-util.c: option parsing, messages, loading and saving, for every verb
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "ph-cli.h"

static void
print_hint (const char *verb)
{
  if (verb != NULL)
    fprintf (stderr, _("Try '%s %s --help'.\n"), PH_CLI_NAME, verb);
  else
    fprintf (stderr, _("Try '%s --help'.\n"), PH_CLI_NAME);
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
  GOptionGroup *main_group = g_option_context_get_main_group (context);
  g_autoptr(GError) error = NULL;

  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (main_group != NULL)
    g_option_group_set_translation_domain (main_group, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      ph_cli_usage_error (verb, "%s", error->message);
      return FALSE;
    }
  return TRUE;
}

void
ph_cli_machine_output (void)
{
  /* gettext gives the messages themselves under LC_MESSAGES "C", LANGUAGE
   * or not; "C" numbers have a point, never a comma */
  setlocale (LC_MESSAGES, "C");
  setlocale (LC_NUMERIC, "C");
}

gboolean
ph_cli_one_file (const char  *verb,
                 char       **files)
{
  if (files == NULL || files[0] == NULL)
    {
      ph_cli_usage_error (verb, _("no scenario file given"));
      return FALSE;
    }
  if (files[1] != NULL)
    {
      ph_cli_usage_error (verb, _("one scenario file at a time ('%s' is one too many)"), files[1]);
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
      ph_cli_usage_error (verb, _("-o OUT is required"));
      return FALSE;
    }
  return TRUE;
}

gboolean
ph_cli_is_stdio (const char *filename)
{
  return filename != NULL && strcmp (filename, PH_CLI_STDIO) == 0;
}

/* All of standard input, at most PH_SCENARIO_MAX_FILE_SIZE bytes (the
 * loader's own cap on files), NUL-terminated. NULL with a "-: message"
 * error when it cannot be read or is larger. */
static char *
read_stdin (gsize   *length,
            GError **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  guint8 chunk[65536];

  for (;;)
    {
      gssize n = read (STDIN_FILENO, chunk, sizeof chunk);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;

          g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_IO,
                       _("-: cannot read standard input: %s"),
                       g_strerror (saved_errno));
          return NULL;
        }
      if (n == 0)
        break;
      if (bytes->len + (gsize) n > PH_SCENARIO_MAX_FILE_SIZE)
        {
          g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_TOO_LARGE,
                       _("-: the input is too large (more than %d bytes)"),
                       PH_SCENARIO_MAX_FILE_SIZE);
          return NULL;
        }
      g_byte_array_append (bytes, chunk, (guint) n);
    }

  *length = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
}

/* Loads FILE, or standard input for "-" (messages then read "-:LINE: ...") */
static PhScenario *
load_scenario (const char  *filename,
               GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  if (!ph_cli_is_stdio (filename))
    return ph_scenario_load_file (filename, error);
  data = read_stdin (&length, error);
  if (data == NULL)
    return NULL;
  return ph_scenario_load_data (data, length, PH_CLI_STDIO, error);
}

/* The loader's messages already read "FILE:LINE: message"; others get the
 * file's name in front. */
static void
print_load_error (const char   *filename,
                  const GError *error)
{
  if (g_str_has_prefix (error->message, filename)
      && error->message[strlen (filename)] == ':')
    fprintf (stderr, "%s\n", error->message);
  else
    fprintf (stderr, "%s: %s\n", filename, error->message);
}

PhScenario *
ph_cli_load_scenario (const char *filename)
{
  g_autoptr(GError) error = NULL;
  PhScenario *scenario;

  scenario = load_scenario (filename, &error);
  if (scenario == NULL)
    {
      print_load_error (filename, error);
      return NULL;
    }
  return scenario;
}

/* How long to wait for another program writing the same file: $PH_LOCK_WAIT
 * seconds (a whole number, up to a day), else PH_FILE_LOCK_TIMEOUT_MS */
static guint
lock_wait_ms (void)
{
  const char *env = g_getenv ("PH_LOCK_WAIT");
  guint64 seconds;

  if (env != NULL && *env != '\0'
      && g_ascii_string_to_unsigned (env, 10, 1, 24 * 3600, &seconds, NULL))
    return (guint) seconds * 1000;
  return PH_FILE_LOCK_TIMEOUT_MS;
}

gboolean
ph_cli_lock_file (const char  *filename,
                  PhFileLock **lock)
{
  g_autoptr(GError) error = NULL;

  *lock = NULL;
  /* standard input is nobody else's */
  if (g_str_equal (filename, "-"))
    return TRUE;
  *lock = ph_file_lock (filename, lock_wait_ms (), &error);
  if (*lock == NULL)
    fprintf (stderr, "%s\n", error->message);
  return *lock != NULL;
}

gboolean
ph_cli_validate_file (const char *filename,
                      GPtrArray  *problems)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  if (!ph_cli_is_stdio (filename))
    return ph_scenario_validate_file (filename, problems);
  data = read_stdin (&length, &error);
  if (data == NULL)
    {
      g_ptr_array_add (problems, g_strdup (error->message));
      return FALSE;
    }
  return ph_scenario_validate_data (data, length, PH_CLI_STDIO, problems);
}

gboolean
ph_cli_check_write_back (const char *verb,
                         const char *filename,
                         const char *output)
{
  if (ph_cli_is_stdio (filename) && output == NULL)
    {
      ph_cli_usage_error (verb, _("the scenario comes from standard input, so there is no "
                            "file to write back to: give -o OUT (or -o - for standard output)"));
      return FALSE;
    }
  return TRUE;
}

/* Writes all of @data to @fd */
static gboolean
write_all (int         fd,
           const char *data,
           gsize       length,
           GError    **error)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;

          g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_IO,
                       _("-: cannot write to standard output: %s"),
                       g_strerror (saved_errno));
          return FALSE;
        }
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

gboolean
ph_cli_save_scenario (const PhScenario  *scenario,
                      const char        *output,
                      GError           **error)
{
  g_autofree char *xml = NULL;
  gsize length = 0;
  int scenario_fd;

  if (!ph_cli_is_stdio (output))
    return ph_scenario_save_file (scenario, output, error);

  /* What ph_scenario_save_file() would write (the source's comments
   * kept), checked as it checks: what would not load again is not
   * written. */
  xml = ph_scenario_to_saved_xml (scenario, NULL, &length, error);
  if (xml == NULL)
    return FALSE;

  /* Standard output is the scenario's from now on: what the verb prints
   * after saving (its report, JSON included) goes to standard error. */
  fflush (stdout);
  scenario_fd = dup (STDOUT_FILENO);
  if (scenario_fd < 0 || dup2 (STDERR_FILENO, STDOUT_FILENO) < 0)
    {
      int saved_errno = errno;

      if (scenario_fd >= 0)
        close (scenario_fd);
      g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_IO,
                   _("-: cannot write to standard output: %s"),
                   g_strerror (saved_errno));
      return FALSE;
    }
  if (!write_all (scenario_fd, xml, length, error))
    {
      close (scenario_fd);
      return FALSE;
    }
  close (scenario_fd);
  return TRUE;
}

char *
ph_cli_format_double (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  /* the fewest significant digits that read back as the same double:
   * 0.05555555555555555, not %.17g's 0.055555555555555552 */
  for (int digits = 1; digits <= 17; digits++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", digits);
      g_ascii_formatd (buffer, sizeof buffer, format, value);
      if (g_ascii_strtod (buffer, NULL) == value)
        break;
    }
  return g_strdup (buffer);
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
