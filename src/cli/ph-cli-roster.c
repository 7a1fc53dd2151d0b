/* ph-cli-roster.c: `powderhorn-cli roster` and `powderhorn-cli print-map`
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Paper for the table: the ruleset's roster or record sheets, and the map
 * at true scale over tiled pages (or fitted to one page), as PDF. Both draw
 * what printing from the window draws (src/render/ph-sheet*.c and
 * ph-tiles.c). Two verbs rather than one with a mode: the sheets and the
 * map have different options, and a referee wants one without the other.
 */
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ph-cli.h"
#include "ph-sheet.h"
#include "ph-render.h"
#include "ph-tiles.h"

#define PDF_OPTION_ENTRIES(output, paper_name) \
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &(output), \
    N_("The PDF file to write (required)"), N_("OUT") }, \
  { "paper", 0, 0, G_OPTION_ARG_STRING, &(paper_name), \
    N_("a4 (default) or letter"), N_("PAPER") }

/* Parses the command line of a verb that writes one scenario as a PDF:
 * one FILE, -o OUT.pdf and --paper (into @paper), the latter two from
 * PDF_OPTION_ENTRIES. FALSE after a usage error. */
static gboolean
parse_pdf_options (GOptionContext   *context,
                   const char       *verb,
                   int              *argc,
                   char           ***argv,
                   char           ***files,
                   char            **output,
                   char            **paper_name,
                   PhPaper          *paper)
{
  if (!ph_cli_parse_options (context, verb, argc, argv)
      || !ph_cli_one_file (verb, *files)
      || !ph_cli_require_output (verb, *output))
    return FALSE;
  if (!g_str_has_suffix (*output, ".pdf") && !g_str_has_suffix (*output, ".PDF"))
    {
      ph_cli_usage_error (verb, _("the output is a PDF: '%s' must end in .pdf"), *output);
      return FALSE;
    }
  *paper = PH_PAPER_A4;
  if (*paper_name != NULL && !ph_paper_from_string (*paper_name, paper))
    {
      ph_cli_usage_error (verb, _("--paper must be a4 or letter, not '%s'"), *paper_name);
      return FALSE;
    }
  return TRUE;
}

static int
print_pages (const char *output,
             int         n_pages)
{
  printf (g_dngettext (GETTEXT_PACKAGE, "%s: %d page\n", "%s: %d pages\n", n_pages), output, n_pages);
  return PH_CLI_EXIT_OK;
}

int
ph_cli_roster (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) scenario = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *output = NULL, *paper_name = NULL;
  gboolean odds = FALSE;
  PhPaper paper;
  double width, height;
  const GOptionEntry entries[] = {
    PDF_OPTION_ENTRIES (output, paper_name),
    { "odds", 0, 0, G_OPTION_ARG_NONE, &odds,
      N_("Add each side's odds reference: every shot at the figures' present places"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE") },
    { NULL }
  };

  context = g_option_context_new (N_("FILE -o OUT.pdf"));
  g_option_context_set_summary (context,
    N_("Writes the ruleset's roster or record sheets for every side as a PDF:\n"
       "Firelock and Fistful rosters, Featherstone record sheets, the Musket\n"
       "Mayhem figure list, Guns of War unit cards."));
  g_option_context_set_description (context,
    N_("Each side gets its own pages: a header with the scenario title, the\n"
       "side's name and colour and the page number; a row (or card) per figure\n"
       "with what the scenario knows filled in and boxes to tick by hand; blank\n"
       "rows to the end of the page; and a quick reference of the ruleset's\n"
       "ranges and modifiers at the foot.\n"
       "--odds adds, after the sheets, each side's odds reference: a line for\n"
       "every shot of its figures at every enemy where they stand now\n"
       "(shooter, target, distance, to hit, to kill, why not), the numbers of\n"
       "`powderhorn-cli odds`, for a table without a laptop.\n"
       "--paper picks A4 (210 x 297 mm, the default) or US Letter (8.5 x 11 in),\n"
       "portrait.\n"
       "The map goes on paper with `powderhorn-cli print-map`.\n"
       "\n"
       "Exit status: 0 written, 1 invalid file or a file that cannot be written,\n"
       "2 wrong usage."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!parse_pdf_options (context, "roster", &argc, &argv, &files, &output, &paper_name, &paper))
    return PH_CLI_EXIT_USAGE;

  scenario = ph_cli_load_scenario (files[0]);
  if (scenario == NULL)
    return PH_CLI_EXIT_INPUT;
  if (!ph_sheet_export_pdf_full (scenario, output, paper, odds, &error))
    return ph_cli_input_error (error);
  ph_paper_get_size (paper, &width, &height);
  return print_pages (output, ph_sheet_count_pages (scenario, width, height)
                              + (odds ? ph_sheet_odds_count_pages (scenario, width, height) : 0));
}

int
ph_cli_print_map (int    argc,
                  char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) scenario = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *output = NULL, *paper_name = NULL, *scale_name = NULL;
  double overlap = -1, width, height;
  PhMapPrintScale scale = PH_MAP_PRINT_TRUE_SCALE;
  PhPaper paper;
  const GOptionEntry entries[] = {
    PDF_OPTION_ENTRIES (output, paper_name),
    { "scale", 0, 0, G_OPTION_ARG_STRING, &scale_name,
      N_("true (1:1 over tiled pages, the default) or fit (one page)"), N_("SCALE") },
    { "overlap", 0, 0, G_OPTION_ARG_DOUBLE, &overlap,
      N_("Overlap of neighbouring pages in table units (default 0.5 in or 1 cm)"), N_("UNITS") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE") },
    { NULL }
  };

  context = g_option_context_new (N_("FILE -o OUT.pdf"));
  g_option_context_set_summary (context,
    N_("Prints the map as a PDF: at true scale, tiled over as many pages as\n"
       "the table needs, for laying out terrain; or fitted to one page."));
  g_option_context_set_description (context,
    N_("--scale true: the table 1:1 (72 points per inch; on a cm table, per\n"
       "2.54 cm). Page 1 is the assembly diagram; then one page per tile, row\n"
       "by row, named by column letter and row number (A1, B1, ..., A2, ...).\n"
       "Each tile shows the table coordinates along its top and left edges,\n"
       "crop marks, a dashed line where the next page's edge goes and\n"
       "crosshairs at the same table points on both pages of an overlap.\n"
       "--scale fit: the whole table on one page, turned a quarter when that\n"
       "makes it larger.\n"
       "--paper picks A4 (210 x 297 mm, the default) or US Letter (8.5 x 11 in),\n"
       "portrait.\n"
       "For an image of the map (PNG, PDF or SVG at any scale) use\n"
       "`powderhorn-cli render`.\n"
       "\n"
       "Exit status: 0 written, 1 invalid file or a file that cannot be written,\n"
       "2 wrong usage (also an overlap too large for the page)."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!parse_pdf_options (context, "print-map", &argc, &argv, &files, &output, &paper_name, &paper))
    return PH_CLI_EXIT_USAGE;
  if (scale_name != NULL)
    {
      if (strcmp (scale_name, "true") == 0)
        scale = PH_MAP_PRINT_TRUE_SCALE;
      else if (strcmp (scale_name, "fit") == 0)
        scale = PH_MAP_PRINT_FIT;
      else
        return ph_cli_usage_error ("print-map", _("--scale must be true or fit, not '%s'"),
                                   scale_name);
    }
  if (overlap != -1 && !(overlap >= 0 && overlap <= 1000))
    return ph_cli_usage_error ("print-map", _("--overlap must be 0 or more table units, not %g"),
                               overlap);
  if (overlap != -1 && scale == PH_MAP_PRINT_FIT)
    return ph_cli_usage_error ("print-map", _("--overlap is for --scale true"));

  scenario = ph_cli_load_scenario (files[0]);
  if (scenario == NULL)
    return PH_CLI_EXIT_INPUT;
  if (scale == PH_MAP_PRINT_TRUE_SCALE)
    {
      PhTiling tiling;

      ph_paper_get_size (paper, &width, &height);
      if (!ph_tiling_compute (&tiling, &scenario->table, width, height, overlap, &error))
        return ph_cli_usage_error ("print-map", "%s", error->message);
    }
  if (!ph_render_background_check (scenario, &error))
    {
      fprintf (stderr, _("%s: warning: %s\n"), files[0], error->message);
      g_clear_error (&error);
    }
  if (!ph_tiles_export_pdf (scenario, output, paper, scale, overlap, &error))
    return ph_cli_input_error (error);
  ph_paper_get_size (paper, &width, &height);
  return print_pages (output, ph_tiles_count_pages (scenario, scale, width, height, overlap));
}
