/* ph-cli-new.c: `powderhorn-cli new --ruleset ID --table WxHUNIT -o FILE`
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writes a new, valid scenario: the table asked for, no terrain, no
 * figures and two sides in distinct colours. What is not given comes from
 * the ruleset's usual table (ph-cli-rulesets.c).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ph-cli.h"

#define VERB "new"

/* scenario-format.md: table width and height, and lengths */
#define TABLE_MAX 10000.0
#define LENGTH_MAX 100000.0

#define NEW_HELP \
  N_("Writes a scenario that passes `powderhorn-cli validate`: the table, no\n" \
     "terrain, no figures, and two sides, side-1 (\"Side 1\", red #b03a2e) and\n" \
     "side-2 (\"Side 2\", blue #2e5fa8), ready for the window to fill in.\n" \
     "\n" \
     "--ruleset: firelock-scalplock, fistful-of-lead, musket-mayhem,\n" \
     "featherstone or guns-of-war.\n" \
     "--table WxHUNIT: width and height in in or cm, such as 72x48in or\n" \
     "180x120cm, each more than 0 and at most 10000; without a unit, the\n" \
     "ruleset's (cm for Featherstone, whose cm are paces; else in).\n" \
     "What is not given is the ruleset's usual table:\n" \
     "  grid       hex for Guns of War, else square\n" \
     "  grid-size  1 in or 2.5 cm; Featherstone 4 in or 10 cm (10 paces);\n" \
     "             Guns of War 2 in or 5 cm (the hex across flats)\n" \
     "  measure    centre for Guns of War, else edge\n" \
     "  title      \"Untitled\"\n" \
     "An existing FILE is left alone unless --force is given. -o - writes the\n" \
     "scenario to standard output.\n" \
     "\n" \
     "Exit status: 0 written, 1 FILE exists (without --force) or cannot be\n" \
     "written, 2 wrong usage (unknown ruleset, bad table, grid or size).")

static char *
known_rulesets (void)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (int i = 0; i < PH_N_RULESETS; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", ph_ruleset_id_to_string (i));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* "72x48in", "180x120cm", "72.5x48" (@unit keeps its value then) */
static gboolean
parse_table (const char *text,
             PhTable    *table)
{
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *width = NULL, *height = NULL, *unit = NULL;

  regex = g_regex_new ("^([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)[xX]"
                       "([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(in|cm)?$", 0, 0, NULL);
  if (!g_regex_match (regex, text, 0, &match))
    {
      if (strchr (text, '-') != NULL)
        ph_cli_usage_error (VERB, _("--table: the width and height must each be more than 0, "
                              "not '%s'"), text);
      else
        ph_cli_usage_error (VERB, _("--table must be WIDTHxHEIGHT and in or cm, such as 72x48in "
                              "or 180x120cm, not '%s'"), text);
      return FALSE;
    }
  width = g_match_info_fetch (match, 1);
  height = g_match_info_fetch (match, 2);
  unit = g_match_info_fetch (match, 3);
  table->width = g_ascii_strtod (width, NULL);
  table->height = g_ascii_strtod (height, NULL);
  if (unit != NULL && unit[0] != '\0')
    ph_unit_from_string (unit, &table->unit);
  if (!(table->width > 0 && table->width <= TABLE_MAX)
      || !(table->height > 0 && table->height <= TABLE_MAX))
    {
      ph_cli_usage_error (VERB, _("--table: the width and height must each be more than 0 and "
                            "at most %g, not '%s'"), TABLE_MAX, text);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_grid_size (const char *text,
                 double     *size)
{
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || !isfinite (value)
      || !(value > 0 && value <= LENGTH_MAX))
    {
      ph_cli_usage_error (VERB, _("--grid-size must be a number more than 0 and at most %g "
                            "(table units), not '%s'"), LENGTH_MAX, text);
      return FALSE;
    }
  *size = value;
  return TRUE;
}

int
ph_cli_new (int    argc,
            char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) scenario = NULL;
  g_auto(GStrv) rest = NULL;
  g_autofree char *ruleset_name = NULL, *table_text = NULL, *grid_name = NULL;
  g_autofree char *grid_size_text = NULL, *measure_name = NULL, *title = NULL;
  g_autofree char *output = NULL;
  gboolean force = FALSE;
  const PhRuleset *usual;
  PhRulesetId ruleset;
  PhTable new_table = { 0 };
  PhTable *table = &new_table;
  const GOptionEntry entries[] = {
    { "ruleset", 'r', 0, G_OPTION_ARG_STRING, &ruleset_name, N_("The ruleset (required)"), N_("ID") },
    { "table", 0, 0, G_OPTION_ARG_STRING, &table_text,
      N_("The table's size and unit, such as 72x48in or 180x120cm (required)"), N_("WxHUNIT") },
    { "grid", 0, 0, G_OPTION_ARG_STRING, &grid_name,
      N_("square, hex or none (default: hex for Guns of War, else square)"), N_("GRID") },
    { "grid-size", 0, 0, G_OPTION_ARG_STRING, &grid_size_text,
      N_("The square's side or the hex's width across flats, in table units"), N_("N") },
    { "measure", 0, 0, G_OPTION_ARG_STRING, &measure_name,
      N_("edge or centre: how ranges are measured"), N_("MEASURE") },
    { "title", 0, 0, G_OPTION_ARG_STRING, &title, N_("The scenario's title"), N_("T") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The file to write (required; - for standard output)"), N_("FILE") },
    { "force", 'f', 0, G_OPTION_ARG_NONE, &force, N_("Overwrite FILE if it exists"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &rest, NULL, NULL },
    { NULL }
  };

  context = g_option_context_new (N_("--ruleset ID --table WxHUNIT -o FILE"));
  g_option_context_set_summary (context,
    N_("Writes a new scenario file: the table, no terrain, no figures, two\n"
       "sides."));
  g_option_context_set_description (context, NEW_HELP);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!ph_cli_parse_options (context, VERB, &argc, &argv))
    return PH_CLI_EXIT_USAGE;

  if (rest != NULL && rest[0] != NULL)
    return ph_cli_usage_error (VERB, _("unexpected argument '%s' (the file goes after -o)"),
                               rest[0]);
  if (ruleset_name == NULL)
    return ph_cli_usage_error (VERB, _("--ruleset ID is required"));
  if (!ph_ruleset_id_from_string (ruleset_name, &ruleset))
    {
      g_autofree char *known = known_rulesets ();

      return ph_cli_usage_error (VERB, _("unknown ruleset '%s' (rulesets: %s)"), ruleset_name,
                                 known);
    }
  if (table_text == NULL)
    return ph_cli_usage_error (VERB, _("--table WxHUNIT is required, such as 72x48in"));
  if (!ph_cli_require_output (VERB, output))
    return PH_CLI_EXIT_USAGE;

  usual = ph_ruleset_get (ruleset);
  table->unit = usual->unit;
  if (!parse_table (table_text, table))
    return PH_CLI_EXIT_USAGE;
  ph_ruleset_usual_table (ruleset, table->unit, table);
  if (grid_name != NULL && !ph_grid_from_string (grid_name, &table->grid))
    return ph_cli_usage_error (VERB, _("--grid must be square, hex or none, not '%s'"), grid_name);
  if (grid_size_text != NULL && !parse_grid_size (grid_size_text, &table->grid_size))
    return PH_CLI_EXIT_USAGE;
  if (measure_name != NULL && !ph_measure_from_string (measure_name, &table->measure))
    return ph_cli_usage_error (VERB, _("--measure must be edge or centre, not '%s'"), measure_name);

  scenario = ph_scenario_new_table (ruleset, table, title != NULL ? title : "Untitled");
  table = &scenario->table;

  /* a symbolic link counts, even a dangling one */
  if (!force && !ph_cli_is_stdio (output)
      && (g_file_test (output, G_FILE_TEST_EXISTS)
          || g_file_test (output, G_FILE_TEST_IS_SYMLINK)))
    {
      ph_cli_error (_("%s exists: give --force to overwrite it"), output);
      return PH_CLI_EXIT_INPUT;
    }
  if (!ph_cli_save_scenario (scenario, output, &error))
    return ph_cli_input_error (error);

  if (!ph_cli_is_stdio (output))
    printf (_("%s: a %s scenario, %g x %g %s table, %s grid of %g %s, measured %s\n"), output,
            ph_ruleset_id_to_string (ruleset), table->width, table->height,
            ph_unit_label (table->unit),
            g_dpgettext2 (GETTEXT_PACKAGE, "grid", ph_grid_to_string (table->grid)),
            table->grid_size, ph_unit_label (table->unit),
            g_dpgettext2 (GETTEXT_PACKAGE, "measure", ph_measure_to_string (table->measure)));
  return PH_CLI_EXIT_OK;
}
