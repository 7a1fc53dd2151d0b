/* ph-cli-render.c: `powderhorn-cli render FILE -o OUT`
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the map as the window does (src/render) to a PNG, PDF or SVG file,
 * chosen by the output's extension: the whole table plus a margin for the
 * edge labels, at --px-per-unit pixels (points, for PDF and SVG) per table
 * unit.
 */
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ph-cli.h"
#include "ph-render.h"

#define RENDER_HELP \
  N_("The output format follows OUT's extension: .png, .pdf or .svg (any case).\n" \
     "The image is the whole table at --px-per-unit (default 12) pixels per\n" \
     "table unit (inch or cm), with a margin for the edge labels; PDF and SVG\n" \
     "count in points.\n" \
     "\n" \
     "--rings ID draws the figure's range rings (Guns of War: the hexes within\n" \
     "armour-piercing and maximum range) and, for rulesets with a fire arc\n" \
     "(or with --arc), its 45-degree arc. --los ID dims the table where that\n" \
     "figure could not see a target (darker) or could see but not shoot it\n" \
     "(lighter: out of range or arc). --target ID adds a line of sight from the\n" \
     "--los figure (else the --rings figure) to that target: green when clear,\n" \
     "red when blocked, with what blocks it outlined.\n" \
     "--threat ID shades, in red, every spot of the table where an enemy could\n" \
     "shoot that figure were he standing there (his base, stance and facing\n" \
     "kept), the stronger the better the best chance to hit him, each enemy\n" \
     "assessed as assess does with the default options; a legend reads it.\n" \
     "\n" \
     "Exit status: 0 written, 1 invalid file, unknown figure id or a file that\n" \
     "cannot be written, 2 wrong usage.")

int
ph_cli_render (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) scenario = NULL;
  g_auto(GStrv) files = NULL;
  g_auto(GStrv) selected = NULL;
  g_autofree char *output = NULL, *rings = NULL, *los = NULL, *target = NULL, *threat = NULL;
  g_autofree char *weapon = NULL;
  gboolean arc = FALSE;
  double scale = PH_RENDER_DEFAULT_SCALE;
  PhRenderFormat format;
  PhRenderOptions opts;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The file to write: .png, .pdf or .svg (required)"), N_("OUT") },
    { "px-per-unit", 0, 0, G_OPTION_ARG_DOUBLE, &scale,
      N_("Pixels per table unit (default 12)"), N_("N") },
    { "rings", 0, 0, G_OPTION_ARG_STRING, &rings,
      N_("Draw this figure's range rings and fire arc"), N_("ID") },
    { "weapon", 0, 0, G_OPTION_ARG_STRING, &weapon,
      N_("The weapon for --rings (default: the figure's first missile weapon)"), N_("KIND") },
    { "arc", 0, 0, G_OPTION_ARG_NONE, &arc,
      N_("Draw the --rings figure's fire arc even if the ruleset has none"), NULL },
    { "los", 0, 0, G_OPTION_ARG_STRING, &los,
      N_("Shade what this figure can see and shoot"), N_("ID") },
    { "target", 0, 0, G_OPTION_ARG_STRING, &target,
      N_("Draw a line of sight to this figure"), N_("ID") },
    { "threat", 0, 0, G_OPTION_ARG_STRING, &threat,
      N_("Shade where enemies could shoot this figure, by their best chance to hit"), N_("ID") },
    { "select", 0, 0, G_OPTION_ARG_STRING_ARRAY, &selected,
      N_("Highlight this figure (may be repeated)"), N_("ID") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE") },
    { NULL }
  };

  context = g_option_context_new (N_("-o OUT"));
  g_option_context_set_summary (context,
    N_("Draws the map (grid, terrain, figures, facing, status markers) as the\n"
       "window does, to a PNG, PDF or SVG file."));
  g_option_context_set_description (context, RENDER_HELP);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!ph_cli_parse_options (context, "render", &argc, &argv))
    return PH_CLI_EXIT_USAGE;

  if (!ph_cli_one_file ("render", files))
    return PH_CLI_EXIT_USAGE;
  if (!ph_cli_require_output ("render", output))
    return PH_CLI_EXIT_USAGE;
  if (!ph_render_format_from_filename (output, &format))
    return ph_cli_usage_error ("render", _("cannot tell the format of '%s': "
                                 "the output must end in .png, .pdf or .svg"), output);
  if (!(scale >= PH_RENDER_MIN_SCALE && scale <= PH_RENDER_MAX_SCALE))
    return ph_cli_usage_error ("render", _("--px-per-unit must be between %g and %g, not %g"),
                               PH_RENDER_MIN_SCALE, PH_RENDER_MAX_SCALE, scale);
  if (target != NULL && los == NULL && rings == NULL)
    return ph_cli_usage_error ("render", _("--target needs --los ID or --rings ID (the shooter)"));
  if (arc && rings == NULL)
    return ph_cli_usage_error ("render", _("--arc needs --rings ID"));
  if (weapon != NULL && rings == NULL)
    return ph_cli_usage_error ("render", _("--weapon needs --rings ID"));

  ph_render_options_init (&opts);
  if (weapon != NULL)
    {
      if (!ph_weapon_kind_from_string (weapon, &opts.rings_weapon)
          || !ph_weapon_kind_is_missile (opts.rings_weapon))
        return ph_cli_usage_error ("render", _("'%s' is not a missile weapon kind"), weapon);
      opts.rings_has_weapon = TRUE;
    }
  opts.rings_figure = rings;
  opts.show_arc = arc;
  opts.shade_figure = los;
  opts.threat_figure = threat;
  opts.los_from = los != NULL ? los : rings;
  opts.los_to = target;
  opts.selected = (const char * const *) selected;

  scenario = ph_cli_load_scenario (files[0]);
  if (scenario == NULL)
    return PH_CLI_EXIT_INPUT;

  if (!ph_render_options_check (&opts, scenario, &error))
    return ph_cli_input_error (error);
  if (weapon != NULL
      && ph_figure_find_weapon (ph_scenario_find_figure (scenario, rings),
                                opts.rings_weapon) == NULL)
    {
      ph_cli_error (_("figure '%s' carries no %s"), rings, weapon);
      return PH_CLI_EXIT_INPUT;
    }
  if (target != NULL && g_strcmp0 (target, opts.los_from) == 0)
    {
      ph_cli_error (_("the line of sight needs two different figures ('%s' twice)"), target);
      return PH_CLI_EXIT_INPUT;
    }

  /* A missing background image is a warning: the map is drawn without it */
  if (!ph_render_background_check (scenario, &error))
    {
      fprintf (stderr, _("%s: warning: %s\n"), files[0], error->message);
      g_clear_error (&error);
    }
  if (!ph_render_export (scenario, output, format, scale, &opts, &error))
    return ph_cli_input_error (error);
  return PH_CLI_EXIT_OK;
}
