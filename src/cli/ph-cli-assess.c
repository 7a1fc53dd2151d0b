/* ph-cli-assess.c: `powderhorn-cli assess FILE --shooter ID --target ID`
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One shot, assessed by the engine as rules.md reads the rulesets, printed
 * as a short table for people or (--json) as the JSON object of docs/rules.md.
 */
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ph-cli.h"
#include "ph-cli-json.h"

#define ASSESS_HELP \
  N_("Options by ruleset (the others ignore them):\n" \
     "  Firelock and Scalplock: --aim, --spot\n" \
     "  Featherstone: --fire\n" \
     "  Guns of War: --reaction\n" \
     "  Fistful of Lead: --card (the activation card: a one-eyed jack gives +1,\n" \
     "  a deuce rolls two dice and keeps the best)\n" \
     "\n" \
     "With --json, one JSON object with exactly these fields, in this order\n" \
     "(a field the ruleset does not use is null): ruleset, shooter, target,\n" \
     "weapon, unit (\"in\", \"cm\" or \"hex\"), distance, max_range, in_range,\n" \
     "band, in_arc, los (\"clear\" or \"blocked\"), blocked_by (ids), cover\n" \
     "(\"open\", \"soft\", \"hard\"), cover_detail (Firelock's class), can_fire,\n" \
     "reasons, p_hit, p_kill, modifiers ([{label, value}]), details (the\n" \
     "ruleset's extras). See docs/rules.md, \"What an assessment reports\".\n" \
     "\n" \
     "Exit status: 0 assessed (even when the shot cannot be fired), 1 invalid\n" \
     "file, unknown id or a weapon the shooter does not carry, 2 wrong usage.")

/* Human output */

static void
print_detail_value (GVariant   *value,
                    const char *key,
                    gboolean    probability,
                    int         indent);

static void
print_details (GVariant *dict,
               gboolean  probabilities,
               int       indent)
{
  GVariantIter iter;
  const char *key;
  GVariant *value;

  g_variant_iter_init (&iter, dict);
  while (g_variant_iter_next (&iter, "{&s@*}", &key, &value))
    {
      g_autoptr(GVariant) inner = value;

      while (g_variant_is_of_type (inner, G_VARIANT_TYPE_VARIANT))
        {
          GVariant *unboxed = g_variant_get_variant (inner);

          g_variant_unref (inner);
          inner = unboxed;
        }
      print_detail_value (inner, key,
                          probabilities || g_str_has_prefix (key, "p_")
                          || strcmp (key, "outcomes") == 0,
                          indent);
    }
}

static void
print_detail_value (GVariant   *value,
                    const char *key,
                    gboolean    probability,
                    int         indent)
{
  if (ph_cli_variant_is_object (value))
    {
      printf ("%*s%s\n", indent, "", key);
      print_details (value, probability, indent + 2);
    }
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
    {
      double d = g_variant_get_double (value);

      if (probability)
        printf ("%*s%-18s %.1f%%\n", indent, "", key, 100.0 * d);
      else
        printf ("%*s%-18s %g\n", indent, "", key, d);
    }
  else
    {
      g_autofree char *text = NULL;

      if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
        text = g_variant_dup_string (value, NULL);
      else if (g_variant_is_of_type (value, G_VARIANT_TYPE_MAYBE)
               && g_variant_n_children (value) == 0)
        text = g_strdup ("-");  /* no value here (null in the JSON) */
      else
        text = g_variant_print (value, FALSE);
      printf ("%*s%-18s %s\n", indent, "", key, text);
    }
}

static void
print_human (const PhScenario   *scenario,
             const PhAssessment *a)
{
  const PhRuleset *ruleset = ph_ruleset_get (a->ruleset);
  g_autofree char *shooter = ph_cli_figure_label (scenario, a->shooter);
  g_autofree char *target = ph_cli_figure_label (scenario, a->target);
  g_autofree char *distance = ph_cli_format_distance (a->distance, a->unit);
  const char *unit = ph_dist_unit_label (a->unit);

  printf (_("%s shoots at %s\n"), shooter, target);
  /* TRANSLATORS: assess's table: keep the values in one column (the
   * labels padded to 13 characters) */
  printf (_("  ruleset      %s (%s)\n"), ph_ruleset_id_to_string (a->ruleset), ruleset->title);
  printf (_("  weapon       %s\n"), a->has_weapon ? ph_weapon_kind_label (a->weapon) : _("(none)"));
  printf (_("  distance     %s"), distance);
  if (a->has_max_range)
    {
      g_autofree char *max_range = NULL;

      if (a->unit == PH_DIST_HEX)
        max_range = ph_cli_format_distance (a->max_range, a->unit);
      else
        max_range = g_strdup_printf ("%g %s", a->max_range, unit);
      printf (_(", max range %s: %s"), max_range, a->in_range ? _("in range") : _("OUT OF RANGE"));
    }
  printf ("\n");
  printf (_("  band         %s\n"), a->band != NULL ? a->band : "-");
  if (ruleset->has_arc)
    printf (_("  arc          %s\n"), a->in_arc ? _("in arc") : _("OUT OF ARC"));
  else
    printf (_("  arc          no fire arc in this ruleset\n"));
  if (a->los_clear)
    printf (_("  LOS          clear\n"));
  else
    {
      g_autofree char *blockers = ph_cli_join_strings (a->blocked_by, ", ");

      printf (_("  LOS          BLOCKED by %s\n"), blockers);
    }
  printf (_("  cover        %s"), ph_cover_label (a->cover));
  if (a->cover_feature != NULL)
    {
      const PhFeature *f = ph_scenario_find_feature (scenario, a->cover_feature);

      printf (_(", from %s (%s)"), f != NULL && f->name != NULL ? f->name : a->cover_feature,
              f != NULL ? ph_terrain_kind_label (f->kind) : _("feature"));
    }
  if (a->has_cover_detail)
    printf (_("; %s class %s"), ph_ruleset_get (a->ruleset)->short_title,
            g_dpgettext2 (GETTEXT_PACKAGE, "cover",
                          ph_ruleset_get (a->ruleset)->cover_class_name (a->cover_detail)));
  printf ("\n");

  printf (_("  can fire     %s\n"), a->can_fire ? _("yes") : _("NO"));
  for (guint i = 0; i < a->reasons->len; i++)
    printf ("    - %s\n", (const char *) g_ptr_array_index (a->reasons, i));

  printf ("%s\n", a->modifiers->len == 0 ? _("  modifiers    none") : _("  modifiers"));
  for (guint i = 0; i < a->modifiers->len; i++)
    {
      const PhModifier *m = &g_array_index (a->modifiers, PhModifier, i);

      printf ("    %+6g  %s\n", m->value, m->label);
    }

  printf (_("  p(hit)       %.1f%%\n"), 100.0 * a->p_hit);
  if (a->has_p_kill)
    printf (_("  p(kill)      %.1f%%\n"), 100.0 * a->p_kill);
  else
    printf (_("  p(kill)      not defined by this ruleset\n"));

  if (a->details != NULL && g_variant_n_children (a->details) > 0)
    {
      printf (_("  details\n"));
      print_details (a->details, FALSE, 4);
    }
}

/* Options */

/* A shot option given on the command line: checked against the ruleset
 * that has it (before the file is read), then set where the scenario's
 * ruleset has it too; the other rulesets ignore it. */
typedef struct
{
  const char *name;   /* "aim" */
  const char *value;  /* "careful", "true" for a flag; NULL when not given */
} GivenOption;

static gboolean
check_choice (const GivenOption *given)
{
  const PhShotOption *option = ph_rulesets_find_shot_option (given->name);
  int value;

  if (given->value == NULL || option == NULL || ph_shot_option_parse (option, given->value, &value))
    return TRUE;
  {
    g_autofree char *known = g_strjoinv ("|", (char **) option->choices);

    ph_cli_usage_error ("assess", _("--%s must be one of %s, not '%s'"), given->name, known,
                        given->value);
  }
  return FALSE;
}

static void
set_options (const PhRuleset   *ruleset,
             const GivenOption *given,
             guint              n_given,
             PhShotOptions     *options)
{
  for (guint i = 0; i < n_given; i++)
    {
      guint index;
      const PhShotOption *option = ph_ruleset_find_shot_option (ruleset, given[i].name, &index);

      if (option != NULL && given[i].value != NULL)
        ph_shot_option_parse (option, given[i].value, &options->values[index]);
    }
}

static gboolean
parse_weapon (const char    *value,
              PhShotOptions *options)
{
  PhWeaponKind kind;

  if (value == NULL)
    return TRUE;
  if (!ph_weapon_kind_from_string (value, &kind))
    {
      g_autoptr(GString) known = g_string_new (NULL);

      for (int k = 0; k < PH_N_WEAPON_KINDS; k++)
        if (ph_weapon_kind_is_missile (k))
          g_string_append_printf (known, "%s%s", known->len > 0 ? ", " : "",
                                  ph_weapon_kind_to_string (k));
      ph_cli_usage_error ("assess", _("unknown weapon kind '%s' (missile kinds: %s)"),
                          value, known->str);
      return FALSE;
    }
  options->has_weapon = TRUE;
  options->weapon = kind;
  return TRUE;
}

int
ph_cli_assess (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) scenario = NULL;
  g_autoptr(PhAssessment) assessment = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *shooter = NULL, *target = NULL, *weapon = NULL;
  g_autofree char *aim = NULL, *fire = NULL, *card = NULL;
  gboolean spot = FALSE, reaction = FALSE, json = FALSE;
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  const GOptionEntry entries[] = {
    { "shooter", 's', 0, G_OPTION_ARG_STRING, &shooter, N_("The shooting figure's id (required)"), N_("ID") },
    { "target", 't', 0, G_OPTION_ARG_STRING, &target, N_("The target figure's id (required)"), N_("ID") },
    { "weapon", 'w', 0, G_OPTION_ARG_STRING, &weapon,
      N_("Weapon kind to fire (default: the shooter's first missile weapon)"), N_("KIND") },
    { "aim", 0, 0, G_OPTION_ARG_STRING, &aim, N_("Firelock: none (default), aim (+2) or careful (+3)"),
      "none|aim|careful" },
    { "spot", 0, 0, G_OPTION_ARG_NONE, &spot, N_("Firelock: the shooter pays IPs to spot (+5)"), NULL },
    { "fire", 0, 0, G_OPTION_ARG_STRING, &fire, N_("Featherstone: aimed (default) or snap fire"),
      "aimed|snap" },
    { "reaction", 0, 0, G_OPTION_ARG_NONE, &reaction, N_("Guns of War: reaction fire"), NULL },
    { "card", 0, 0, G_OPTION_ARG_STRING, &card,
      N_("Fistful of Lead: the activation card's effect, none (default), one-eyed-jack or deuce"),
      "none|one-eyed-jack|deuce" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Write the assessment as one JSON object instead of the table"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE") },
    { NULL }
  };

  context = g_option_context_new (N_("--shooter ID --target ID"));
  g_option_context_set_summary (context,
    N_("Assesses one shot as the scenario's ruleset reads it: distance, range\n"
       "and band, fire arc, line of sight, cover, whether it can be fired and\n"
       "why not, every modifier, and the exact chances to hit and to kill."));
  g_option_context_set_description (context, ASSESS_HELP);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!ph_cli_parse_options (context, "assess", &argc, &argv))
    return PH_CLI_EXIT_USAGE;
  if (json)
    ph_cli_machine_output ();

  GivenOption given[] = {
    { "aim", aim },
    { "spot", spot ? "true" : NULL },
    { "fire", fire },
    { "reaction", reaction ? "true" : NULL },
    { "card", card },
  };

  if (!ph_cli_one_file ("assess", files))
    return PH_CLI_EXIT_USAGE;
  if (shooter == NULL)
    return ph_cli_usage_error ("assess", _("--shooter ID is required"));
  if (target == NULL)
    return ph_cli_usage_error ("assess", _("--target ID is required"));
  if (!parse_weapon (weapon, &options))
    return PH_CLI_EXIT_USAGE;
  for (guint i = 0; i < G_N_ELEMENTS (given); i++)
    if (!check_choice (&given[i]))
      return PH_CLI_EXIT_USAGE;

  scenario = ph_cli_load_scenario (files[0]);
  if (scenario == NULL)
    return PH_CLI_EXIT_INPUT;

  set_options (ph_ruleset_get (scenario->ruleset), given, G_N_ELEMENTS (given), &options);
  assessment = ph_engine_assess (scenario, shooter, target, &options, &error);
  if (assessment == NULL)
    return ph_cli_input_error (error);

  if (json)
    {
      g_autoptr(JsonNode) root = ph_cli_assessment_to_json (assessment);

      ph_cli_json_print (root);
    }
  else
    print_human (scenario, assessment);
  return PH_CLI_EXIT_OK;
}
