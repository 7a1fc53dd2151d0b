/* ph-cli-rulesets.c: `powderhorn-cli rulesets [ID] [--json]`
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What each ruleset is, read from its descriptor (src/core/engine/
 * ph-ruleset.h): the distance unit and usual table, the shot options, the
 * house rules a scenario may set with what they take and change, the
 * attributes of its figures' element, and its game's actions. For people
 * writing scenarios by hand and for scripts.
 */
#include <stdio.h>

#include <glib/gi18n.h>

#include "ph-cli.h"
#include "ph-cli-json.h"
#include "ph-stats.h"

#define RULESETS_JSON_HELP \
  N_("With --json, one JSON object {\"rulesets\": [...]}, each with:\n" \
     "  id, title, distance_unit (\"in\", \"cm\" for paces, \"hex\")\n" \
     "  table         the usual table of `new`: {unit, grid, grid_size_in,\n" \
     "                grid_size_cm, measure}\n" \
     "  shot_options  [{name, type (\"flag\"|\"choice\"), choices}] (assess's --NAME)\n" \
     "  options       [{name, values, default, help}]: the house rules\n" \
     "  element       the figures' element name\n" \
     "  attributes    [{name, type, required, min, max, default, choices, help}]\n" \
     "  actions       [{name, arguments, help}]: the game's actions")

static const char *
stat_type_name (const PhStatField *field)
{
  switch (field->type)
    {
    case PH_STAT_INT:
      return "integer";
    case PH_STAT_BOOL:
      return "boolean";
    case PH_STAT_ENUM:
      return "choice";
    case PH_STAT_STRING:
    case PH_STAT_CUSTOM:
    default:
      return "text";
    }
}

/* The default as the file would write it, or NULL for none */
static char *
stat_default (const PhStatsSchema *schema,
              const PhStatField   *field)
{
  PhFigure *figure;
  char *text;

  if (field->type == PH_STAT_STRING || (field->flags & PH_STAT_OPTIONAL)
      || (field->flags & PH_STAT_REQUIRED))
    return NULL;
  figure = ph_figure_new ();
  ph_stats_init (figure, schema);
  text = ph_stats_get (figure, field);
  ph_figure_free (figure);
  return text;
}

static void
add_ruleset_json (JsonBuilder     *b,
                  const PhRuleset *r)
{
  const PhStatsSchema *schema = r->stats;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, r->name);
  json_builder_set_member_name (b, "title");
  json_builder_add_string_value (b, r->title);
  json_builder_set_member_name (b, "distance_unit");
  json_builder_add_string_value (b, ph_dist_unit_to_string (r->dist_unit));

  json_builder_set_member_name (b, "table");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "unit");
  json_builder_add_string_value (b, ph_unit_to_string (r->unit));
  json_builder_set_member_name (b, "grid");
  json_builder_add_string_value (b, ph_grid_to_string (r->grid));
  json_builder_set_member_name (b, "grid_size_in");
  json_builder_add_double_value (b, r->grid_size_in);
  json_builder_set_member_name (b, "grid_size_cm");
  json_builder_add_double_value (b, r->grid_size_cm);
  json_builder_set_member_name (b, "measure");
  json_builder_add_string_value (b, ph_measure_to_string (r->measure));
  json_builder_end_object (b);

  json_builder_set_member_name (b, "shot_options");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->n_shot_options; i++)
    {
      const PhShotOption *o = &r->shot_options[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, o->name);
      json_builder_set_member_name (b, "type");
      json_builder_add_string_value (b, o->type == PH_SHOT_OPTION_FLAG ? "flag" : "choice");
      json_builder_set_member_name (b, "choices");
      json_builder_begin_array (b);
      for (guint k = 0; o->choices != NULL && o->choices[k] != NULL; k++)
        json_builder_add_string_value (b, o->choices[k]);
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "options");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->n_options; i++)
    {
      const PhRulesetOption *o = &r->options[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, o->name);
      json_builder_set_member_name (b, "values");
      json_builder_add_string_value (b, o->values);
      json_builder_set_member_name (b, "default");
      if (o->default_value != NULL)
        json_builder_add_string_value (b, o->default_value);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "help");
      json_builder_add_string_value (b, o->help);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "element");
  json_builder_add_string_value (b, schema->element);
  json_builder_set_member_name (b, "attributes");
  json_builder_begin_array (b);
  for (guint i = 0; i < schema->n_fields; i++)
    {
      const PhStatField *f = &schema->fields[i];
      g_autofree char *fallback = stat_default (schema, f);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, f->name);
      json_builder_set_member_name (b, "type");
      json_builder_add_string_value (b, stat_type_name (f));
      json_builder_set_member_name (b, "required");
      json_builder_add_boolean_value (b, (f->flags & PH_STAT_REQUIRED) != 0);
      json_builder_set_member_name (b, "min");
      if (f->type == PH_STAT_INT)
        json_builder_add_int_value (b, f->min);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "max");
      if (f->type == PH_STAT_INT)
        json_builder_add_int_value (b, f->max);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "default");
      if (fallback != NULL)
        json_builder_add_string_value (b, fallback);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "choices");
      if (f->type == PH_STAT_ENUM)
        {
          json_builder_begin_array (b);
          for (int v = 0; v < f->choices->n_values; v++)
            json_builder_add_string_value (b, f->choices->to_string (v));
          json_builder_end_array (b);
        }
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "help");
      json_builder_add_string_value (b, f->help != NULL ? f->help : "");
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "actions");
  json_builder_begin_array (b);
  for (const PhGameActionInfo *a = r->game->actions; a != NULL && a->name != NULL; a++)
    {
      g_autofree char *arguments = ph_game_action_format_arguments (a);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, a->name);
      json_builder_set_member_name (b, "arguments");
      json_builder_add_string_value (b, arguments);
      json_builder_set_member_name (b, "help");
      json_builder_add_string_value (b, a->help != NULL ? a->help : "");
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
print_ruleset (const PhRuleset *r)
{
  const PhStatsSchema *schema = r->stats;

  printf ("%s: %s\n", r->name, r->title);
  printf (_("  distances in %s; a new table is %s, a %s grid of %g in (%g cm), "
            "measured %s\n"),
          r->dist_unit == PH_DIST_CM ? _("paces (one to the cm)")
          : r->dist_unit == PH_DIST_HEX ? _("hexes") : _("inches"),
          r->unit == PH_UNIT_CM ? _("in cm") : _("in inches"),
          g_dpgettext2 (GETTEXT_PACKAGE, "grid", ph_grid_to_string (r->grid)),
          r->grid_size_in, r->grid_size_cm,
          r->measure == PH_MEASURE_CENTRE ? _("centre to centre") : _("edge to edge"));
  printf (_("  shot options:"));
  if (r->n_shot_options == 0)
    printf (_(" none"));
  for (guint i = 0; i < r->n_shot_options; i++)
    {
      const PhShotOption *o = &r->shot_options[i];

      if (o->type == PH_SHOT_OPTION_FLAG)
        printf ("%s --%s", i > 0 ? "," : "", o->name);
      else
        {
          g_autofree char *choices = g_strjoinv ("|", (char **) o->choices);

          printf ("%s --%s %s", i > 0 ? "," : "", o->name, choices);
        }
    }
  printf (_("\n  house rules (<rules><option name=... value=...>):%s\n"),
          r->n_options == 0 ? _(" none") : "");
  for (guint i = 0; i < r->n_options; i++)
    {
      const PhRulesetOption *o = &r->options[i];

      printf (_("    %s: %s (default %s): %s\n"), o->name, _(o->values),
              o->default_value != NULL ? o->default_value : _("none"), _(o->help));
    }
  printf (_("  figures: <%s"), schema->element);
  for (guint i = 0; i < schema->n_fields; i++)
    printf (" %s%s", schema->fields[i].name,
            (schema->fields[i].flags & PH_STAT_REQUIRED) ? "=..." : "");
  printf (_("/> (=... required)\n"));
  for (guint i = 0; i < schema->n_fields; i++)
    {
      const PhStatField *f = &schema->fields[i];
      g_autofree char *fallback = stat_default (schema, f);

      printf ("    %s", f->name);
      if (f->type == PH_STAT_INT)
        printf (_(" (%d to %d)"), f->min, f->max);
      if (fallback != NULL)
        printf (_(" default %s"), fallback);
      if (f->help != NULL)
        printf (": %s", f->help[0] != '\0' ? _(f->help) : "");
      putchar ('\n');
    }
  printf (_("  game actions:"));
  for (const PhGameActionInfo *a = r->game->actions; a != NULL && a->name != NULL; a++)
    printf (" %s", a->name);
  printf (_(" (powderhorn-cli game FILE --list)\n"));
}

int
ph_cli_rulesets (int    argc,
                 char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) ids = NULL;
  gboolean json = FALSE;
  PhRulesetId only = PH_N_RULESETS;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Write one JSON object (fields below)"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &ids, NULL, N_("[ID]") },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
    N_("Lists the rulesets (or the one named by ID, such as featherstone): the\n"
       "unit they read distances in, their shot options, the house rules a\n"
       "scenario may set, their figures' attributes and their game's actions."));
  g_option_context_set_description (context, RULESETS_JSON_HELP);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!ph_cli_parse_options (context, "rulesets", &argc, &argv))
    return PH_CLI_EXIT_USAGE;
  if (json)
    ph_cli_machine_output ();
  if (ids != NULL && g_strv_length (ids) > 1)
    return ph_cli_usage_error ("rulesets", _("one ruleset at most, not %u"), g_strv_length (ids));
  if (ids != NULL && ids[0] != NULL && !ph_ruleset_id_from_string (ids[0], &only))
    {
      g_autoptr(GString) known = g_string_new (NULL);

      for (guint r = 0; r < PH_N_RULESETS; r++)
        g_string_append_printf (known, "%s%s", r > 0 ? ", " : "", ph_ruleset_id_to_string (r));
      return ph_cli_usage_error ("rulesets", _("unknown ruleset '%s' (rulesets: %s)"), ids[0],
                                 known->str);
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) root = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "rulesets");
      json_builder_begin_array (b);
      for (guint r = 0; r < PH_N_RULESETS; r++)
        if (only == PH_N_RULESETS || only == r)
          add_ruleset_json (b, ph_ruleset_get (r));
      json_builder_end_array (b);
      json_builder_end_object (b);
      root = json_builder_get_root (b);
      ph_cli_json_print (root);
      return PH_CLI_EXIT_OK;
    }
  for (guint r = 0; r < PH_N_RULESETS; r++)
    if (only == PH_N_RULESETS || only == r)
      {
        if (only == PH_N_RULESETS && r > 0)
          putchar ('\n');
        print_ruleset (ph_ruleset_get (r));
      }
  return PH_CLI_EXIT_OK;
}
