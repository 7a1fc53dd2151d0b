/* ph-cli-character.c: `powderhorn-cli character FILE --figure ID`
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rolls a random Firelock and Scalplock character (the rule text's d10
 * bravery chart) for one figure, writes it into the scenario (atomically,
 * to OUT or back to FILE) and prints the roll.
 */
#include <stdio.h>

#include <glib/gi18n.h>

#include "ph-cli.h"

int
ph_cli_character (int    argc,
                  char **argv)
{
  /* released last, after the file is written */
  g_autoptr(PhFileLock) lock = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) scenario = NULL;
  g_autoptr(GRand) rand = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *output = NULL, *figure_id = NULL, *seed_text = NULL;
  const PhFirelockStats *stats;
  guint64 seed = 0;
  int roll;
  const GOptionEntry entries[] = {
    { "figure", 0, 0, G_OPTION_ARG_STRING, &figure_id,
      N_("The figure to roll for (required)"), N_("ID") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed the dice, for a roll that can be repeated"), N_("N") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the scenario here instead of back to FILE (- for standard output)"), N_("OUT") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE") },
    { NULL }
  };

  context = g_option_context_new (N_("FILE --figure ID"));
  g_option_context_set_summary (context,
    N_("Rolls a random Firelock and Scalplock character for a figure: a d10\n"
       "for the first bravery box, the rule text's chart for the other three;\n"
       "writes them into the figure's <firelock bravery=\"...\"> and saves the\n"
       "scenario."));
  g_option_context_set_description (context,
    N_("The chart: 10: 10,7,4,1; 9: 9,6,3,1; 8: 8,5,2,1; 7: 7,4,2,1;\n"
       "6: 6,3,2,1; 5: 5,3,2,1; 4: 4,3,2,1; 3: 3,2,2,1; 2: 2,2,1,0; 1: 1,1,0,0.\n"
       "Hits, melee and officer are kept when the figure has them (else no\n"
       "hits, melee +2). The file is written atomically (a temporary file,\n"
       "then a rename), its comments and layout kept where nothing changed\n"
       "(docs/scenario-format.md). A FILE of - reads the scenario from\n"
       "standard input and needs -o OUT; -o - writes it to standard output (the\n"
       "roll is then printed on standard error).\n"
       "\n"
       "Exit status: 0 written, 1 invalid file, unknown figure, not a Firelock\n"
       "scenario or a file that cannot be written, 2 wrong usage."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!ph_cli_parse_options (context, "character", &argc, &argv))
    return PH_CLI_EXIT_USAGE;

  if (!ph_cli_one_file ("character", files)
      || !ph_cli_check_write_back ("character", files[0], output))
    return PH_CLI_EXIT_USAGE;
  if (figure_id == NULL || figure_id[0] == '\0')
    return ph_cli_usage_error ("character", _("--figure ID is required"));
  if (seed_text != NULL)
    {
      if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT32, &seed, NULL))
        return ph_cli_usage_error ("character",
                                   _("--seed must be a whole number from 0 to %u, not '%s'"),
                                   G_MAXUINT32, seed_text);
    }

  /* read, change and write back under the file's lock */
  if (!ph_cli_lock_file (files[0], &lock))
    return PH_CLI_EXIT_INPUT;
  scenario = ph_cli_load_scenario (files[0]);
  if (scenario == NULL)
    return PH_CLI_EXIT_INPUT;

  rand = seed_text != NULL ? g_rand_new_with_seed ((guint32) seed) : g_rand_new ();
  if (!ph_ruleset_roll_character (scenario, figure_id, rand, &roll, &error))
    return ph_cli_input_error (error);
  if (!ph_cli_save_scenario (scenario, output != NULL ? output : files[0], &error))
    return ph_cli_input_error (error);

  stats = &ph_scenario_find_figure (scenario, figure_id)->stats.firelock;
  printf (_("%s: d10 rolled %d, bravery %d,%d,%d,%d\n"),
          ph_figure_display_name (ph_scenario_find_figure (scenario, figure_id)), roll,
          stats->bravery[0], stats->bravery[1], stats->bravery[2], stats->bravery[3]);
  return PH_CLI_EXIT_OK;
}
