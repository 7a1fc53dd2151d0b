/* ph-cli.c: powderhorn-cli's main: the verb table and the dispatch
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The README's command-line section documents the verbs, options, JSON fields
 * and exit statuses. To add a verb, write ph-cli-VERB.c with
 * `int ph_cli_VERB (int argc, char **argv)` (see ph-cli.h), declare it in
 * ph-cli.h and add one line to the table below.
 */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ph-cli.h"

typedef struct
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *synopsis;
  const char *summary;
} PhCliVerb;

static const PhCliVerb verbs[] = {
  { "validate", ph_cli_validate, N_("FILE..."),
    N_("check scenario files; prints one line per problem") },
  { "info", ph_cli_info, N_("FILE [--json]"),
    N_("ruleset, table, counts of terrain, sides and figures") },
  { "assess", ph_cli_assess, N_("FILE --shooter ID --target ID [OPTION...] [--json]"),
    N_("can one figure shoot another, and with what odds") },
  { "new", ph_cli_new, N_("--ruleset ID --table WxHUNIT [OPTION...] -o FILE"),
    N_("write a new scenario: a table, two sides, no terrain or figures") },
  { "odds", ph_cli_odds, N_("FILE [--side ID] [--json|--csv]"),
    N_("every shooter against every enemy, as assess judges each shot") },
  { "advise", ph_cli_advise, N_("FILE --figure ID [--top N] [--json]"),
    N_("a figure's best shots this activation, ranked by expected effect") },
  { "rulesets", ph_cli_rulesets, N_("[ID] [--json]"),
    N_("what each ruleset reads: shot options, house rules, figure attributes, actions") },
  { "character", ph_cli_character, N_("FILE --figure ID [--seed N] [-o OUT]"),
    N_("roll a random Firelock character and save it into the scenario") },
  { "game", ph_cli_game, N_("FILE [ACTION [name=value...]] [-o OUT] [--json]"),
    N_("play or replay the game in a scenario file: log, actions, dice, undo") },
#ifdef HAVE_RENDER
  { "render", ph_cli_render, N_("FILE -o OUT [OPTION...]"),
    N_("draw the map to PNG, PDF or SVG (by OUT's extension)") },
  { "roster", ph_cli_roster, N_("FILE -o OUT.pdf [--paper a4|letter]"),
    N_("the ruleset's roster, record sheets or unit cards as a PDF") },
  { "print-map", ph_cli_print_map, N_("FILE -o OUT.pdf [--scale true|fit] [OPTION...]"),
    N_("the map on paper: true scale over tiled pages, or fitted") },
#endif
};

static const PhCliVerb *
find_verb (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (verbs); i++)
    if (strcmp (verbs[i].name, name) == 0)
      return &verbs[i];
  return NULL;
}

/* "validate, info, assess" */
static const char *
verb_names (void)
{
  static char names[256];

  if (names[0] == '\0')
    for (guint i = 0; i < G_N_ELEMENTS (verbs); i++)
      {
        if (i > 0)
          g_strlcat (names, ", ", sizeof names);
        g_strlcat (names, verbs[i].name, sizeof names);
      }
  return names;
}

static void
print_help (FILE *out)
{
  fprintf (out,
           _("Usage:\n"
             "  %s VERB [OPTION...] ARGUMENTS\n"
             "\n"
             "Powderhorn's rules engine on the command line: scenario files in,\n"
             "answers out (no display needed).\n"
             "\n"
             "Verbs:\n"), PH_CLI_NAME);
  for (guint i = 0; i < G_N_ELEMENTS (verbs); i++)
    fprintf (out, "  %-9s %s\n  %-9s   %s\n", verbs[i].name, _(verbs[i].synopsis),
             "", _(verbs[i].summary));
  fprintf (out,
           _("\n"
             "Options:\n"
             "  -h, --help   show this help; VERB --help shows a verb's options\n"
             "  --version    show the version\n"
             "\n"
             "Exit status: 0 success, 1 bad input (invalid file, unknown id, no such\n"
             "weapon), 2 wrong usage. Results go to standard output; errors go to\n"
             "standard error as \"FILE:LINE: message\" or \"%s: message\".\n"), PH_CLI_NAME);
}

int
main (int    argc,
      char **argv)
{
  const PhCliVerb *verb;
  g_autofree char *prgname = NULL;

  /* human output in the user's language and numbers (po/); --json and
   * --csv keep the program's own words (ph_cli_machine_output()) */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, ph_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    return ph_cli_usage_error (NULL, _("a verb is needed (%s)"), verb_names ());

  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0
      || strcmp (argv[1], "-?") == 0)
    {
      print_help (stdout);
      return PH_CLI_EXIT_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf (PH_CLI_NAME " %s\n", PH_CLI_VERSION);
      return PH_CLI_EXIT_OK;
    }
  /* "help VERB" is "VERB --help" */
  if (strcmp (argv[1], "help") == 0)
    {
      char *help_argv[] = { NULL, (char *) "--help", NULL };

      if (argc < 3)
        {
          print_help (stdout);
          return PH_CLI_EXIT_OK;
        }
      verb = find_verb (argv[2]);
      if (verb == NULL)
        return ph_cli_usage_error (NULL, _("unknown verb '%s' (verbs: %s)"), argv[2], verb_names ());
      help_argv[0] = (char *) verb->name;
      prgname = g_strdup_printf (PH_CLI_NAME " %s", verb->name);
      g_set_prgname (prgname);
      return verb->run (2, help_argv);
    }

  verb = find_verb (argv[1]);
  if (verb == NULL)
    {
      if (argv[1][0] == '-')
        return ph_cli_usage_error (NULL, _("unknown option '%s' (a verb comes first: %s)"),
                                   argv[1], verb_names ());
      return ph_cli_usage_error (NULL, _("unknown verb '%s' (verbs: %s)"), argv[1], verb_names ());
    }

  prgname = g_strdup_printf (PH_CLI_NAME " %s", verb->name);
  g_set_prgname (prgname);
  return verb->run (argc - 1, argv + 1);
}
