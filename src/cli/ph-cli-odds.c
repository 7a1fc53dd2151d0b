/* ph-cli-odds.c: `powderhorn-cli odds FILE [--side ID] [--json|--csv]`
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every shooter of one side (or of every side) against every figure of the
 * other sides, each pair assessed by the engine with assess's default
 * options, so that each pair's values are those `assess --json` gives for
 * it. As a table for people, JSON or CSV.
 */
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ph-cli.h"
#include "ph-cli-json.h"

#define VERB "odds"

/* Each pair's members, in this order (the README) */
static const char * const pair_members[] = {
  "shooter", "target", "weapon", "distance", "can_fire", "reasons", "p_hit", "p_kill",
  "p_effect", NULL,
};

#define ODDS_HELP \
  N_("Every figure of a side on the table (not dead or fled) shoots at every\n" \
     "figure of the other sides on the table, in file order, with assess's\n" \
     "defaults: its first missile weapon and no --aim, --spot, --fire,\n" \
     "--card or --reaction. Dead and fled figures are left out, as shooters\n" \
     "and as targets. A shooter with no missile weapon still gets its pairs,\n" \
     "as assess answers them: weapon null, can_fire false and the reason.\n" \
     "\n" \
     "--json: one object, {\"ruleset\", \"unit\" (of the distances), \"effect\"\n" \
     "(what the ruleset ranks shots by: wound, kill or hit), \"pairs\":\n" \
     "[{shooter, target, weapon, distance, can_fire, reasons, p_hit, p_kill,\n" \
     "p_effect}], \"off_table\": [ids left out]}; each pair's values are assess\n" \
     "--json's, p_effect made from them (Firelock's chance of any wound: its\n" \
     "details.outcomes \"killed\", \"5 hits\" to \"1 hit\" added up; else p_kill\n" \
     "or p_hit).\n" \
     "--csv: a header row, shooter,target,weapon,distance,can_fire,reasons,\n" \
     "p_hit,p_kill,p_effect, then one row per pair (RFC 4180 quoting, lines ending in\n" \
     "LF): reasons joined with \"; \", can_fire true or false, numbers in full\n" \
     "precision, an empty field for null.\n" \
     "\n" \
     "Exit status: 0 done, 1 invalid file or unknown side, 2 wrong usage.")

/* The pairs, as assessed */

static GPtrArray *
assess_pairs (const PhScenario *scenario,
              const char       *side,
              GError          **error)
{
  g_autoptr(GPtrArray) pairs = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_assessment_free);
  g_autoptr(PhEngineBatch) batch = ph_engine_batch_new (scenario);
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *shooter = g_ptr_array_index (scenario->figures, i);

      if (ph_figure_is_off_table (shooter)
          || (side != NULL && g_strcmp0 (shooter->side, side) != 0))
        continue;
      for (guint j = 0; j < scenario->figures->len; j++)
        {
          const PhFigure *target = g_ptr_array_index (scenario->figures, j);
          PhAssessment *a;

          if (!ph_cli_is_target (shooter, target))
            continue;
          a = ph_engine_batch_assess_numbers (batch, shooter, target, &options, error);
          if (a == NULL)
            return NULL;
          g_ptr_array_add (pairs, a);
        }
    }
  return g_steal_pointer (&pairs);
}

static void
print_json (const PhScenario *scenario,
            GPtrArray        *pairs)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "ruleset");
  json_builder_add_string_value (b, ph_ruleset_id_to_string (scenario->ruleset));
  json_builder_set_member_name (b, "unit");
  json_builder_add_string_value (b, ph_dist_unit_to_string (
                                      ph_ruleset_dist_unit (scenario->ruleset, &scenario->table)));
  json_builder_set_member_name (b, "effect");
  json_builder_add_string_value (b, ph_ruleset_effect (ph_ruleset_get (scenario->ruleset))->name);
  json_builder_set_member_name (b, "pairs");
  json_builder_begin_array (b);
  for (guint i = 0; i < pairs->len; i++)
    {
      json_builder_begin_object (b);
      ph_cli_json_add_assessment_members (b, g_ptr_array_index (pairs, i), pair_members);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "off_table");
  json_builder_begin_array (b);
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (scenario->figures, i);

      if (ph_figure_is_off_table (f))
        json_builder_add_string_value (b, f->id);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  ph_cli_json_print (root);
}

/* CSV (RFC 4180) */

static void
append_csv_field (GString    *line,
                  const char *value,
                  gboolean    last)
{
  if (value != NULL && strpbrk (value, ",\"\r\n") != NULL)
    {
      g_string_append_c (line, '"');
      for (const char *p = value; *p != '\0'; p++)
        {
          if (*p == '"')
            g_string_append_c (line, '"');
          g_string_append_c (line, *p);
        }
      g_string_append_c (line, '"');
    }
  else if (value != NULL)
    g_string_append (line, value);
  g_string_append_c (line, last ? '\n' : ',');
}

static void
print_csv (GPtrArray *pairs)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; pair_members[i] != NULL; i++)
    append_csv_field (out, pair_members[i], pair_members[i + 1] == NULL);
  for (guint i = 0; i < pairs->len; i++)
    {
      const PhAssessment *a = g_ptr_array_index (pairs, i);
      g_autofree char *distance = ph_cli_format_double (a->distance);
      g_autofree char *reasons = ph_cli_join_strings (a->reasons, "; ");
      g_autofree char *p_hit = ph_cli_format_double (a->p_hit);
      g_autofree char *p_kill = a->has_p_kill ? ph_cli_format_double (a->p_kill) : NULL;
      g_autofree char *p_effect = ph_cli_format_double (a->p_effect);

      append_csv_field (out, a->shooter, FALSE);
      append_csv_field (out, a->target, FALSE);
      append_csv_field (out, a->has_weapon ? ph_weapon_kind_to_string (a->weapon) : NULL, FALSE);
      append_csv_field (out, distance, FALSE);
      append_csv_field (out, a->can_fire ? "true" : "false", FALSE);
      append_csv_field (out, reasons, FALSE);
      append_csv_field (out, p_hit, FALSE);
      append_csv_field (out, p_kill, FALSE);
      append_csv_field (out, p_effect, TRUE);
    }
  fputs (out->str, stdout);
}

/* The table for people */

static char *
format_percent (gboolean present,
                double   p)
{
  return present ? g_strdup_printf (_("%.1f%%"), 100.0 * p) : g_strdup ("-");
}

static void
print_human (const PhScenario *scenario,
             GPtrArray        *pairs)
{
  PhDistUnit unit = ph_ruleset_dist_unit (scenario->ruleset, &scenario->table);
  /* the columns' titles, translated (the ids and numbers are not) */
  const char *h_shooter = C_("column", "shooter"), *h_target = C_("column", "target");
  const char *h_weapon = C_("column", "weapon");
  int w_shooter = strlen (h_shooter), w_target = strlen (h_target), w_weapon = strlen (h_weapon);
  g_autoptr(GPtrArray) off_table = g_ptr_array_new ();
  const PhShotEffect *effect = ph_ruleset_effect (ph_ruleset_get (scenario->ruleset));
  /* a column of its own for an effect that is neither a hit nor a kill */
  const char *h_effect = effect != &ph_shot_effect_hit && effect != &ph_shot_effect_kill
                         ? _(effect->heading) : NULL;
  int w_effect = h_effect != NULL ? MAX (7, (int) g_utf8_strlen (h_effect, -1)) : 0;

  for (guint i = 0; i < pairs->len; i++)
    {
      const PhAssessment *a = g_ptr_array_index (pairs, i);

      w_shooter = MAX (w_shooter, (int) strlen (a->shooter));
      w_target = MAX (w_target, (int) strlen (a->target));
      if (a->has_weapon)
        w_weapon = MAX (w_weapon, (int) strlen (ph_weapon_kind_label (a->weapon)));
    }

  printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u shot, distances in %s\n",
                       "%s: %u shots, distances in %s\n", pairs->len),
          ph_ruleset_get (scenario->ruleset)->title, pairs->len,
          unit == PH_DIST_HEX ? C_("unit", "hexes") : unit == PH_DIST_CM ? "cm" : C_("unit", "in"));
  printf ("%-*s  %-*s  %-*s  %8s  %-4s  %6s  %7s  ", w_shooter, h_shooter, w_target, h_target,
          w_weapon, h_weapon, C_("column", "distance"), C_("column", "fire"), C_("column", "p(hit)"),
          C_("column", "p(kill)"));
  if (h_effect != NULL)
    printf ("%*s  ", w_effect + (int) (strlen (h_effect) - g_utf8_strlen (h_effect, -1)), h_effect);
  printf ("%s\n", C_("column", "why not"));
  for (guint i = 0; i < pairs->len; i++)
    {
      const PhAssessment *a = g_ptr_array_index (pairs, i);
      g_autofree char *distance = unit == PH_DIST_HEX ? g_strdup_printf ("%g", a->distance)
                                                      : g_strdup_printf ("%.2f", a->distance);
      g_autofree char *p_hit = format_percent (TRUE, a->p_hit);
      g_autofree char *p_kill = format_percent (a->has_p_kill, a->p_kill);
      g_autofree char *reasons = ph_cli_join_strings (a->reasons, "; ");
      g_autofree char *p_effect = NULL;
      g_autofree char *line = NULL;

      if (h_effect != NULL)
        {
          g_autofree char *shown = format_percent (TRUE, a->p_effect);

          p_effect = g_strdup_printf ("%*s  ", w_effect, shown);
        }
      line = g_strdup_printf ("%-*s  %-*s  %-*s  %8s  %-4s  %6s  %7s  %s%s", w_shooter, a->shooter,
                              w_target, a->target, w_weapon,
                              a->has_weapon ? ph_weapon_kind_label (a->weapon) : "-",
                              distance, a->can_fire ? _("yes") : _("no"), p_hit, p_kill,
                              p_effect != NULL ? p_effect : "", reasons);
      printf ("%s\n", g_strchomp (line));
    }

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);

      if (ph_figure_is_off_table (f))
        g_ptr_array_add (off_table, f->id);
    }
  if (off_table->len > 0)
    {
      g_autofree char *ids = ph_cli_join_strings (off_table, ", ");

      printf (_("left out, off the table (dead or fled): %s\n"), ids);
    }
}

static char *
known_sides (const PhScenario *scenario)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; i < scenario->sides->len; i++)
    g_ptr_array_add (ids, ((PhSide *) g_ptr_array_index (scenario->sides, i))->id);
  return ph_cli_join_strings (ids, ", ");
}

int
ph_cli_odds (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) scenario = NULL;
  g_autoptr(GPtrArray) pairs = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *side = NULL;
  gboolean json = FALSE, csv = FALSE;
  const GOptionEntry entries[] = {
    { "side", 0, 0, G_OPTION_ARG_STRING, &side,
      N_("Only this side's figures shoot (default: every side's)"), N_("ID") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Write one JSON object (see below)"), NULL },
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv, N_("Write CSV: a header row, a row per pair"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE") },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
    N_("Assesses every shot on the table: each figure of a side against each\n"
       "figure of the other sides, as assess with its default options judges\n"
       "it (range, arc, line of sight, cover, p(hit) and p(kill))."));
  g_option_context_set_description (context, ODDS_HELP);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!ph_cli_parse_options (context, VERB, &argc, &argv))
    return PH_CLI_EXIT_USAGE;
  if (json || csv)
    ph_cli_machine_output ();

  if (!ph_cli_one_file (VERB, files))
    return PH_CLI_EXIT_USAGE;
  if (json && csv)
    return ph_cli_usage_error (VERB, _("--json and --csv go one at a time"));

  scenario = ph_cli_load_scenario (files[0]);
  if (scenario == NULL)
    return PH_CLI_EXIT_INPUT;
  if (side != NULL && ph_scenario_find_side (scenario, side) == NULL)
    {
      g_autofree char *known = known_sides (scenario);

      ph_cli_error (_("unknown side '%s' (sides: %s)"), side, known);
      return PH_CLI_EXIT_INPUT;
    }

  pairs = assess_pairs (scenario, side, &error);
  if (pairs == NULL)
    return ph_cli_input_error (error);

  if (json)
    print_json (scenario, pairs);
  else if (csv)
    print_csv (pairs);
  else
    print_human (scenario, pairs);
  return PH_CLI_EXIT_OK;
}
