/* ph-cli-advise.c: `powderhorn-cli advise FILE --figure ID [--top N] [--json]`
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A figure's best shots this activation, as the engine ranks them
 * (ph_engine_advise(), src/core/engine/ph-advise.c: every enemy, weapon
 * and choice of the ruleset, by expected kills, hits, then cost).
 */
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ph-cli.h"
#include "ph-cli-json.h"
#include "ph-advise.h"

#define VERB "advise"

#define ADVISE_HELP \
  N_("The choices, by ruleset, with their costs:\n" \
     "  Firelock and Scalplock: fire (0 IPs), aim (2 IPs), careful aim (4 IPs),\n" \
     "    each also with paying to spot (4 IPs for line infantry or mounted\n" \
     "    cavalry, else 2)\n" \
     "  Featherstone: snap fire (1 phase) or aimed fire (2 phases, no moving)\n" \
     "  Fistful of Lead: fire (1 action), also with a one-eyed jack's +1 or a\n" \
     "    deuce's two dice, for a figure activated with such a card\n" \
     "  Musket Mayhem: fire (the figure's one shot in the enemy's move)\n" \
     "  Guns of War: fire (its attacks and reload tokens), or ready and fire\n" \
     "    in reaction (no musket fork penalty after moving)\n" \
     "A choice is listed when the shot can be fired (assess's can_fire) with a\n" \
     "chance of the ruleset's effect (\"effect\": Firelock and Scalplock any\n" \
     "wound, Musket Mayhem a kill, the others a hit), but not when another\n" \
     "choice at the same target with the same weapon gives the same p(hit),\n" \
     "p(kill) and effect for less: aiming where it changes nothing, spotting a\n" \
     "target acquired anyway, a card or reaction fire that changes nothing,\n" \
     "aimed fire where snap fire has no penalty.\n" \
     "\n" \
     "Ranked by the effects to expect (p_effect times the attacks one shot\n" \
     "makes: Guns of War's attacks, else 1), then expected kills (p(kill) times\n" \
     "the same, or null where the ruleset has no kill: Featherstone, Fistful of\n" \
     "Lead, Guns of War), then expected hits, then cost. p_effect is\n" \
     "Firelock's chance of any wound (assess's details.outcomes \"killed\",\n" \
     "\"5 hits\" to \"1 hit\" added up), else p_kill or p_hit.\n" \
     "\n" \
     "--json: one object, {\"ruleset\", \"figure\", \"effect\" (wound, kill or\n" \
     "hit), \"options\": [...]}, each\n" \
     "option {rank (from 1), action (the choice: fire, aim, careful-aim, spot,\n" \
     "spot-aim, spot-careful-aim, snap-fire, aimed-fire, fire-one-eyed-jack,\n" \
     "fire-deuce, reaction-fire), label (in words), target, weapon, distance,\n" \
     "options (assess's options for it: aim and spot, fire, card or reaction),\n" \
     "cost (in words), p_hit, p_kill, p_effect, expected_hits, expected_kills,\n" \
     "expected_effects}. target, weapon, distance, p_hit and p_kill are assess\n" \
     "--json's for that shot, p_effect made from it.\n" \
     "\n" \
     "Exit status: 0 done (even with no shot to advise), 1 invalid file or\n" \
     "unknown figure, 2 wrong usage.")

/* Output */

static const char * const option_members_before[] = { "target", "weapon", "distance", NULL };
static const char * const option_members_after[] = { "p_hit", "p_kill", "p_effect", NULL };

static void
print_json (const PhScenario *scenario,
            const PhFigure   *figure,
            GPtrArray        *options,
            guint             n)
{
  const PhRuleset *rules = ph_ruleset_get (scenario->ruleset);
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "ruleset");
  json_builder_add_string_value (b, ph_ruleset_id_to_string (scenario->ruleset));
  json_builder_set_member_name (b, "figure");
  json_builder_add_string_value (b, figure->id);
  json_builder_set_member_name (b, "effect");
  json_builder_add_string_value (b, ph_ruleset_effect (rules)->name);
  json_builder_set_member_name (b, "options");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      const PhAdvice *o = g_ptr_array_index (options, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "rank");
      json_builder_add_int_value (b, i + 1);
      json_builder_set_member_name (b, "action");
      json_builder_add_string_value (b, o->choice->action);
      json_builder_set_member_name (b, "label");
      json_builder_add_string_value (b, o->choice->label);
      ph_cli_json_add_assessment_members (b, o->assessment, option_members_before);
      json_builder_set_member_name (b, "options");
      ph_cli_json_add_shot_options (b, &o->choice->shot, rules);
      json_builder_set_member_name (b, "cost");
      json_builder_add_string_value (b, o->cost);
      ph_cli_json_add_assessment_members (b, o->assessment, option_members_after);
      json_builder_set_member_name (b, "expected_hits");
      ph_cli_json_add_double (b, o->expected_hits);
      json_builder_set_member_name (b, "expected_kills");
      if (o->assessment->has_p_kill)
        ph_cli_json_add_double (b, o->expected_kills);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "expected_effects");
      ph_cli_json_add_double (b, o->expected_effects);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  ph_cli_json_print (root);
}

/* Why no shot is advised: each target's reasons with the first missile
 * weapon and the ruleset's first choice, or, for a shot that can be fired,
 * that it has no chance of the effect */
static void
print_why_not (const PhScenario *scenario,
               const PhFigure   *figure)
{
  const PhRuleset *rules = ph_ruleset_get (scenario->ruleset);
  const PhShotEffect *effect = ph_ruleset_effect (rules);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *target = g_ptr_array_index (scenario->figures, i);
      g_autoptr(PhAssessment) a = NULL;
      g_autofree char *label = NULL, *reasons = NULL;

      if (!ph_cli_is_target (figure, target))
        continue;
      a = ph_engine_assess_figures (scenario, figure, target, &rules->shot_choices[0].shot, NULL);
      if (a == NULL)
        continue;
      label = ph_cli_figure_label (scenario, target->id);
      if (a->can_fire)
        /* TRANSLATORS: %s is the ruleset's effect, "to wound", "to kill" */
        reasons = g_strdup_printf (_("can fire, but no effect possible (0%% %s)"), _(effect->to));
      else
        reasons = ph_cli_join_strings (a->reasons, "; ");
      printf ("  %s: %s\n", label, reasons);
    }
}

/* Whether any shot of @figure's at an enemy could be fired, to no effect */
static gboolean
any_can_fire (const PhScenario *scenario,
              const PhFigure   *figure)
{
  const PhRuleset *rules = ph_ruleset_get (scenario->ruleset);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *target = g_ptr_array_index (scenario->figures, i);
      g_autoptr(PhAssessment) a = NULL;

      if (!ph_cli_is_target (figure, target))
        continue;
      a = ph_engine_assess_figures (scenario, figure, target, &rules->shot_choices[0].shot, NULL);
      if (a != NULL && a->can_fire)
        return TRUE;
    }
  return FALSE;
}

static void
print_human (const PhScenario *scenario,
             const PhFigure   *figure,
             GPtrArray        *options,
             guint             n)
{
  g_autofree char *who = ph_cli_figure_label (scenario, figure->id);
  const PhShotEffect *effect = ph_ruleset_effect (ph_ruleset_get (scenario->ruleset));

  printf ("%s, %s: ", who, ph_ruleset_get (scenario->ruleset)->title);
  if (options->len == 0)
    {
      if (ph_figure_is_off_table (figure))
        printf (_("off the table (dead or fled), no shot\n"));
      else if (ph_figure_first_missile (figure) == NULL)
        printf (_("no missile weapon, no shot\n"));
      else
        {
          printf (any_can_fire (scenario, figure)
                  ? _("no shot with a chance of an effect this activation\n")
                  : _("no shot can be fired this activation\n"));
          print_why_not (scenario, figure);
        }
      return;
    }
  if (n < options->len)
    printf (_("the best %u of %u shots\n"), n, options->len);
  else
    printf (g_dngettext (GETTEXT_PACKAGE, "%u shot, best first\n", "%u shots, best first\n",
                         options->len), options->len);

  for (guint i = 0; i < n; i++)
    {
      const PhAdvice *o = g_ptr_array_index (options, i);
      const PhAssessment *a = o->assessment;
      g_autofree char *target = ph_cli_figure_label (scenario, a->target);
      g_autofree char *distance = ph_cli_format_distance (a->distance, a->unit);

      printf (_("%3u. %s with the %s at %s, %s\n"), i + 1, _(o->choice->label),
              ph_weapon_kind_label (a->weapon), target, distance);
      printf (_("     cost     %s\n"), o->cost);
      printf (_("     p(hit) %.1f%%"), 100.0 * a->p_hit);
      if (a->has_p_kill)
        printf (_(", p(kill) %.1f%%; expected hits %.3f, kills %.3f\n"), 100.0 * a->p_kill,
                o->expected_hits, o->expected_kills);
      else
        printf (_("; expected hits %.3f\n"), o->expected_hits);
      /* the effect it is ranked by, when neither a hit nor a kill */
      if (effect != &ph_shot_effect_hit && effect != &ph_shot_effect_kill)
        /* TRANSLATORS: "33.0% to wound; 0.330 wounding shots to expect" */
        printf (_("     %.1f%% %s; %.3f %s\n"), 100.0 * a->p_effect, _(effect->to),
                o->expected_effects, _(effect->expected));
    }
}

int
ph_cli_advise (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) scenario = NULL;
  g_autoptr(GPtrArray) options = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *figure_id = NULL, *top_text = NULL;
  gboolean json = FALSE;
  const PhFigure *figure;
  guint64 top = G_MAXUINT;
  const GOptionEntry entries[] = {
    { "figure", 0, 0, G_OPTION_ARG_STRING, &figure_id, N_("The figure to advise (required)"), N_("ID") },
    { "top", 0, 0, G_OPTION_ARG_STRING, &top_text, N_("Show only the best N shots (default: all)"),
      N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Write one JSON object (see below)"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE") },
    { NULL }
  };

  context = g_option_context_new (N_("--figure ID"));
  g_option_context_set_summary (context,
    N_("Ranks a figure's shots this activation: at every enemy on the table,\n"
       "with every missile weapon it carries, in every way its ruleset allows,\n"
       "by the effects to expect (a wound, a kill or a hit, as the ruleset\n"
       "counts them), then expected kills, expected hits, then cost."));
  g_option_context_set_description (context, ADVISE_HELP);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!ph_cli_parse_options (context, VERB, &argc, &argv))
    return PH_CLI_EXIT_USAGE;
  if (json)
    ph_cli_machine_output ();

  if (!ph_cli_one_file (VERB, files))
    return PH_CLI_EXIT_USAGE;
  if (figure_id == NULL || figure_id[0] == '\0')
    return ph_cli_usage_error (VERB, _("--figure ID is required"));
  if (top_text != NULL
      && !g_ascii_string_to_unsigned (top_text, 10, 1, G_MAXUINT, &top, NULL))
    return ph_cli_usage_error (VERB, _("--top must be a whole number from 1, not '%s'"), top_text);

  scenario = ph_cli_load_scenario (files[0]);
  if (scenario == NULL)
    return PH_CLI_EXIT_INPUT;
  figure = ph_scenario_find_figure (scenario, figure_id);
  if (figure == NULL)
    {
      ph_cli_error (_("no figure with id '%s'"), figure_id);
      return PH_CLI_EXIT_INPUT;
    }

  options = ph_engine_advise (scenario, figure, &error);
  if (options == NULL)
    return ph_cli_input_error (error);

  if (json)
    print_json (scenario, figure, options, MIN (options->len, top));
  else
    print_human (scenario, figure, options, MIN (options->len, top));
  return PH_CLI_EXIT_OK;
}
