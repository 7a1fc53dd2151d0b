/* ph-cli-validate.c: `powderhorn-cli validate FILE...`
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Checks each file as scenario-format.md says. Prints nothing when all are
 * valid; else one "FILE:LINE: message" line per problem on standard error,
 * and exits 1.
 */
#include <stdio.h>

#include <glib/gi18n.h>

#include "ph-cli.h"

int
ph_cli_validate (int    argc,
                 char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) files = NULL;
  gboolean all_valid = TRUE;
  const GOptionEntry entries[] = {
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE...") },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
    N_("Checks each scenario file against the scenario format (schema and\n"
       "rules). Prints nothing and exits 0 when all are valid; else prints one\n"
       "\"FILE:LINE: message\" line per problem on standard error and exits 1."));
  g_option_context_set_description (context,
    N_("A FILE of - reads a scenario from standard input (once); its messages\n"
       "read \"-:LINE: message\", and only the first problem is reported."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!ph_cli_parse_options (context, "validate", &argc, &argv))
    return PH_CLI_EXIT_USAGE;

  if (files == NULL || files[0] == NULL)
    return ph_cli_usage_error ("validate", _("no file to validate"));
  for (guint i = 0, n_stdin = 0; files[i] != NULL; i++)
    if (ph_cli_is_stdio (files[i]) && ++n_stdin > 1)
      return ph_cli_usage_error ("validate", _("standard input ('-') can be read only once"));

  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);

      if (ph_cli_validate_file (files[i], problems))
        continue;
      all_valid = FALSE;
      for (guint j = 0; j < problems->len; j++)
        fprintf (stderr, "%s\n", (const char *) g_ptr_array_index (problems, j));
      if (problems->len == 0)
        fprintf (stderr, _("%s: invalid scenario\n"), files[i]);
    }

  return all_valid ? PH_CLI_EXIT_OK : PH_CLI_EXIT_INPUT;
}
