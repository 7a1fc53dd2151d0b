/* ph-cli-info.c: `powderhorn-cli info FILE [--json]`
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a scenario holds, in brief: its ruleset, title, table, and counts of
 * terrain features (by kind), sides (with their figures) and figures.
 */
#include <stdio.h>

#include <glib/gi18n.h>

#include "ph-cli.h"
#include "ph-cli-json.h"

#define INFO_JSON_HELP \
  N_("With --json, one JSON object:\n" \
     "  file          the file name as given\n" \
     "  ruleset       the ruleset id (firelock-scalplock, fistful-of-lead,\n" \
     "                musket-mayhem, featherstone, guns-of-war)\n" \
     "  ruleset_name  its title (\"Firelock and Scalplock\")\n" \
     "  title         the scenario's title\n" \
     "  description   its description, or null\n" \
     "  table         {width, height, unit (\"in\"|\"cm\"),\n" \
     "                 grid (\"square\"|\"hex\"|\"none\"), grid_size,\n" \
     "                 measure (\"edge\"|\"centre\")}\n" \
     "  distance_unit the unit the ruleset reads distances in, as assess's\n" \
     "                unit: \"in\", \"cm\" (paces) or \"hex\"\n" \
     "  rules         the house rules: object of option name to value\n" \
     "  terrain       number of terrain features\n" \
     "  terrain_kinds object of feature kind to count (kinds present only)\n" \
     "  sides         array of {id, name, color, figures}, in file order;\n" \
     "                figures counts that side's figures\n" \
     "  figures       number of figures\n" \
     "  figures_off_table  number of them marked dead or fled")

static guint
count_side_figures (const PhScenario *scenario,
                    const char       *side_id,
                    gboolean          off_table_only)
{
  guint n = 0;

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (scenario->figures, i);

      if ((side_id == NULL || g_strcmp0 (f->side, side_id) == 0)
          && (!off_table_only || ph_figure_is_off_table (f)))
        n++;
    }
  return n;
}

static void
count_terrain_kinds (const PhScenario *scenario,
                     guint             counts[PH_N_TERRAIN_KINDS])
{
  for (guint i = 0; i < PH_N_TERRAIN_KINDS; i++)
    counts[i] = 0;
  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *f = g_ptr_array_index (scenario->features, i);

      if (f->kind < PH_N_TERRAIN_KINDS)
        counts[f->kind]++;
    }
}

static char *
color_to_string (guint32 color)
{
  return g_strdup_printf ("#%06x", (guint) (color & 0xffffff));
}

static void
print_json (const char       *filename,
            const PhScenario *scenario)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  guint kinds[PH_N_TERRAIN_KINDS];
  const PhTable *t = &scenario->table;
  g_autofree char *display_name = g_filename_display_name (filename);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "file");
  json_builder_add_string_value (b, display_name);
  json_builder_set_member_name (b, "ruleset");
  json_builder_add_string_value (b, ph_ruleset_id_to_string (scenario->ruleset));
  json_builder_set_member_name (b, "ruleset_name");
  json_builder_add_string_value (b, ph_ruleset_get (scenario->ruleset)->title);
  json_builder_set_member_name (b, "title");
  json_builder_add_string_value (b, scenario->title != NULL ? scenario->title : "");
  json_builder_set_member_name (b, "description");
  if (scenario->description != NULL)
    json_builder_add_string_value (b, scenario->description);
  else
    json_builder_add_null_value (b);

  json_builder_set_member_name (b, "table");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "width");
  ph_cli_json_add_double (b, t->width);
  json_builder_set_member_name (b, "height");
  ph_cli_json_add_double (b, t->height);
  json_builder_set_member_name (b, "unit");
  json_builder_add_string_value (b, ph_unit_to_string (t->unit));
  json_builder_set_member_name (b, "grid");
  json_builder_add_string_value (b, ph_grid_to_string (t->grid));
  json_builder_set_member_name (b, "grid_size");
  ph_cli_json_add_double (b, t->grid_size);
  json_builder_set_member_name (b, "measure");
  json_builder_add_string_value (b, ph_measure_to_string (t->measure));
  json_builder_end_object (b);
  /* the ruleset's unit of distance, as assess --json's "unit" */
  json_builder_set_member_name (b, "distance_unit");
  json_builder_add_string_value (b, ph_dist_unit_to_string (ph_ruleset_dist_unit (scenario->ruleset, t)));

  json_builder_set_member_name (b, "rules");
  json_builder_begin_object (b);
  for (guint i = 0; scenario->options != NULL && i < scenario->options->len; i++)
    {
      const PhOption *o = g_ptr_array_index (scenario->options, i);

      json_builder_set_member_name (b, o->name);
      json_builder_add_string_value (b, o->value);
    }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "terrain");
  json_builder_add_int_value (b, scenario->features->len);
  json_builder_set_member_name (b, "terrain_kinds");
  json_builder_begin_object (b);
  count_terrain_kinds (scenario, kinds);
  for (guint k = 0; k < PH_N_TERRAIN_KINDS; k++)
    if (kinds[k] > 0)
      {
        json_builder_set_member_name (b, ph_terrain_kind_to_string (k));
        json_builder_add_int_value (b, kinds[k]);
      }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "sides");
  json_builder_begin_array (b);
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const PhSide *s = g_ptr_array_index (scenario->sides, i);
      g_autofree char *color = color_to_string (s->color);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, s->id);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, s->name);
      json_builder_set_member_name (b, "color");
      json_builder_add_string_value (b, color);
      json_builder_set_member_name (b, "figures");
      json_builder_add_int_value (b, count_side_figures (scenario, s->id, FALSE));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "figures");
  json_builder_add_int_value (b, scenario->figures->len);
  json_builder_set_member_name (b, "figures_off_table");
  json_builder_add_int_value (b, count_side_figures (scenario, NULL, TRUE));
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  ph_cli_json_print (root);
}

static void
print_human (const char       *filename,
             const PhScenario *scenario)
{
  const PhTable *t = &scenario->table;
  const char *unit = ph_unit_label (t->unit);
  guint kinds[PH_N_TERRAIN_KINDS];
  g_autoptr(GString) kind_list = g_string_new (NULL);
  guint off_table = count_side_figures (scenario, NULL, TRUE);
  g_autofree char *distances = ph_ruleset_describe_distances (scenario->ruleset, t);

  /* TRANSLATORS: info's table: keep the values in one column (the labels
   * padded to 10 characters) */
  printf (_("file      %s\n"), filename);
  printf (_("title     %s\n"), scenario->title != NULL ? scenario->title : "");
  printf (_("ruleset   %s (%s)\n"), ph_ruleset_id_to_string (scenario->ruleset),
          ph_ruleset_get (scenario->ruleset)->title);
  printf (_("table     %g x %g %s, %s grid of %g %s, measured %s\n"),
          t->width, t->height, unit, g_dpgettext2 (GETTEXT_PACKAGE, "grid", ph_grid_to_string (t->grid)),
          t->grid_size, unit,
          t->measure == PH_MEASURE_EDGE ? _("edge to edge") : _("centre to centre"));
  printf (_("distances %s\n"), distances);
  for (guint i = 0; scenario->options != NULL && i < scenario->options->len; i++)
    {
      const PhOption *o = g_ptr_array_index (scenario->options, i);

      printf ("%s%s = %s\n", i == 0 ? _("rules     ") : "          ", o->name, o->value);
    }

  count_terrain_kinds (scenario, kinds);
  for (guint k = 0; k < PH_N_TERRAIN_KINDS; k++)
    if (kinds[k] > 0)
      g_string_append_printf (kind_list, "%s%u %s", kind_list->len > 0 ? ", " : "",
                              kinds[k], ph_terrain_kind_label (k));
  printf (g_dngettext (GETTEXT_PACKAGE, "terrain   %u feature%s%s%s\n",
                       "terrain   %u features%s%s%s\n", scenario->features->len),
          scenario->features->len,
          kind_list->len > 0 ? " (" : "", kind_list->str, kind_list->len > 0 ? ")" : "");

  printf (_("sides     %u\n"), scenario->sides->len);
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const PhSide *s = g_ptr_array_index (scenario->sides, i);
      g_autofree char *color = color_to_string (s->color);
      guint n = count_side_figures (scenario, s->id, FALSE);

      printf (g_dngettext (GETTEXT_PACKAGE, "  %-14s %s, %s, %u figure\n",
                           "  %-14s %s, %s, %u figures\n", n), s->id, s->name, color, n);
    }
  printf (_("figures   %u"), scenario->figures->len);
  if (off_table > 0)
    printf (_(" (%u dead or fled)"), off_table);
  printf ("\n");
}

int
ph_cli_info (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) files = NULL;
  g_autoptr(PhScenario) scenario = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Write one JSON object (fields below)"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE") },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
    N_("Shows what a scenario file holds: ruleset, title, table, and counts of\n"
       "terrain features, sides and figures (per side too)."));
  g_option_context_set_description (context, INFO_JSON_HELP);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!ph_cli_parse_options (context, "info", &argc, &argv))
    return PH_CLI_EXIT_USAGE;
  if (json)
    ph_cli_machine_output ();

  if (!ph_cli_one_file ("info", files))
    return PH_CLI_EXIT_USAGE;

  scenario = ph_cli_load_scenario (files[0]);
  if (scenario == NULL)
    return PH_CLI_EXIT_INPUT;

  if (json)
    print_json (files[0], scenario);
  else
    print_human (files[0], scenario);
  return PH_CLI_EXIT_OK;
}
