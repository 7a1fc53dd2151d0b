/* ph-cli-advise.c: `powderhorn-cli advise FILE --figure ID [--top N] [--json]`
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A figure's best shots this activation. Every enemy on the table, every
 * missile weapon the figure carries and every choice its ruleset offers
 * (ph-cli-rulesets.c: aim and spot, snap or aimed fire, a card, reaction
 * fire) is assessed by the engine as assess would with those options; the
 * shots that can be fired are ranked by expected kills, then expected
 * hits, then cost (cheaper first), then file order.
 */
#include <stdio.h>
#include <string.h>

#include "ph-cli.h"
#include "ph-cli-json.h"

#define VERB "advise"

#define ADVISE_HELP \
  "The choices, by ruleset, with their costs:\n" \
  "  Firelock and Scalplock: fire (0 IPs), aim (2 IPs), careful aim (4 IPs),\n" \
  "    each also with paying to spot (4 IPs for line infantry or mounted\n" \
  "    cavalry, else 2)\n" \
  "  Featherstone: snap fire (1 phase) or aimed fire (2 phases, no moving)\n" \
  "  Fistful of Lead: fire (1 action), also with a one-eyed jack's +1 or a\n" \
  "    deuce's two dice, for a figure activated with such a card\n" \
  "  Musket Mayhem: fire (the figure's one shot in the enemy's move)\n" \
  "  Guns of War: fire (its attacks and reload tokens), or ready and fire\n" \
  "    in reaction (no musket fork penalty after moving)\n" \
  "A choice is listed when the shot can be fired (assess's can_fire), but\n" \
  "not when another choice at the same target with the same weapon gives\n" \
  "the same p(hit) and p(kill) for less: aiming where the result cannot\n" \
  "kill, spotting a target acquired anyway, a card or reaction fire that\n" \
  "changes nothing, aimed fire where snap fire has no penalty.\n" \
  "\n" \
  "Expected hits are p(hit) times the attacks one shot makes (Guns of War's\n" \
  "attacks, else 1); expected kills p(kill) times the same, or null where\n" \
  "the ruleset has no kill (Featherstone, Fistful of Lead, Guns of War).\n" \
  "\n" \
  "--json: one object, {\"ruleset\", \"figure\", \"options\": [...]}, each\n" \
  "option {rank (from 1), action (the choice: fire, aim, careful-aim, spot,\n" \
  "spot-aim, spot-careful-aim, snap-fire, aimed-fire, fire-one-eyed-jack,\n" \
  "fire-deuce, reaction-fire), label (in words), target, weapon, distance,\n" \
  "options (assess's options for it: aim and spot, fire, card or reaction),\n" \
  "cost (in words), p_hit, p_kill, expected_hits, expected_kills}. target,\n" \
  "weapon, distance, p_hit and p_kill are assess --json's for that shot.\n" \
  "\n" \
  "Exit status: 0 done (even with no shot to advise), 1 invalid file or\n" \
  "unknown figure, 2 wrong usage."

typedef struct
{
  const PhShotChoice *choice;
  PhAssessment *assessment;
  char *cost;
  int cost_order;
  double expected_hits;
  double expected_kills;  /* when assessment->has_p_kill */
  guint index;            /* the order found, for ties */
  gboolean dominated;     /* another choice gives the same odds for less */
} Option;

static void
option_free (Option *option)
{
  if (option == NULL)
    return;
  ph_assessment_free (option->assessment);
  g_free (option->cost);
  g_free (option);
}

/* Expected kills, then hits, more first; then cheaper; then as found */
static int
compare_options (gconstpointer pa,
                 gconstpointer pb)
{
  const Option *a = *(const Option * const *) pa;
  const Option *b = *(const Option * const *) pb;
  double ka = a->assessment->has_p_kill ? a->expected_kills : -1;
  double kb = b->assessment->has_p_kill ? b->expected_kills : -1;

  if (ka != kb)
    return ka > kb ? -1 : 1;
  if (a->expected_hits != b->expected_hits)
    return a->expected_hits > b->expected_hits ? -1 : 1;
  if (a->cost_order != b->cost_order)
    return a->cost_order < b->cost_order ? -1 : 1;
  return (a->index > b->index) - (a->index < b->index);
}

static gboolean
same_odds (const PhAssessment *a,
           const PhAssessment *b)
{
  return a->p_hit == b->p_hit && a->has_p_kill == b->has_p_kill
         && (!a->has_p_kill || a->p_kill == b->p_kill);
}

/* How many attacks one shot makes (Guns of War), else 1 */
static int
shot_attacks (const PhRuleset *rules,
              const PhAssessment *a)
{
  return rules->shot_attacks != NULL ? rules->shot_attacks (a) : 1;
}

/* Assesses every choice of @rules for one target and weapon, and adds to
 * @options those that can be fired, but for any that another choice
 * matches in p(hit) and p(kill) for less (aiming where the result roll
 * cannot kill anyway, spotting a target seen already, a card that cannot
 * help, reaction fire without a fork penalty to save). */
static gboolean
add_choices (const PhScenario   *scenario,
             const PhRuleset *rules,
             const PhFigure     *shooter,
             const PhFigure     *target,
             PhWeaponKind        weapon,
             GPtrArray          *options,
             GError            **error)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func ((GDestroyNotify) option_free);

  for (guint i = 0; i < rules->n_shot_choices; i++)
    {
      const PhShotChoice *choice = &rules->shot_choices[i];
      PhShotOptions shot = choice->shot;
      g_autoptr(PhAssessment) a = NULL;
      Option *option;
      int attacks;

      shot.has_weapon = TRUE;
      shot.weapon = weapon;
      a = ph_engine_assess_figures (scenario, shooter, target, &shot, error);
      if (a == NULL)
        return FALSE;
      if (!a->can_fire)
        continue;
      option = g_new0 (Option, 1);
      option->choice = choice;
      option->cost = rules->shot_cost (choice, shooter, a, &option->cost_order);
      attacks = shot_attacks (rules, a);
      option->expected_hits = a->p_hit * attacks;
      option->expected_kills = a->has_p_kill ? a->p_kill * attacks : 0;
      option->assessment = g_steal_pointer (&a);
      g_ptr_array_add (found, option);
    }

  for (guint i = 0; i < found->len; i++)
    {
      Option *option = g_ptr_array_index (found, i);

      for (guint j = 0; j < found->len && !option->dominated; j++)
        {
          const Option *other = g_ptr_array_index (found, j);

          option->dominated = j != i
                              && same_odds (other->assessment, option->assessment)
                              && (other->cost_order < option->cost_order
                                  || (other->cost_order == option->cost_order && j < i));
        }
    }
  for (guint i = 0; i < found->len; i++)
    {
      Option *option = g_ptr_array_index (found, i);

      if (option->dominated)
        continue;
      option->index = options->len;
      g_ptr_array_add (options, g_steal_pointer (&found->pdata[i]));
    }
  return TRUE;
}

/* Every option of @shooter, best first */
static GPtrArray *
find_options (const PhScenario *scenario,
              const PhFigure   *shooter,
              GError          **error)
{
  g_autoptr(GPtrArray) options = g_ptr_array_new_with_free_func ((GDestroyNotify) option_free);
  const PhRuleset *rules = ph_ruleset_get (scenario->ruleset);

  if (ph_figure_is_off_table (shooter))
    return g_steal_pointer (&options);
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *target = g_ptr_array_index (scenario->figures, i);

      if (!ph_cli_is_target (shooter, target))
        continue;
      for (guint w = 0; w < shooter->weapons->len; w++)
        {
          const PhWeapon *weapon = &g_array_index (shooter->weapons, PhWeapon, w);

          /* each kind once: assess names a weapon by its kind */
          if (!ph_weapon_kind_is_missile (weapon->kind)
              || ph_figure_find_weapon (shooter, weapon->kind) != weapon)
            continue;
          if (!add_choices (scenario, rules, shooter, target, weapon->kind, options, error))
            return NULL;
        }
    }
  g_ptr_array_sort (options, compare_options);
  return g_steal_pointer (&options);
}

/* Output */

static const char * const option_members_before[] = { "target", "weapon", "distance", NULL };
static const char * const option_members_after[] = { "p_hit", "p_kill", NULL };

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
  json_builder_set_member_name (b, "options");
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    {
      const Option *o = g_ptr_array_index (options, i);

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
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  ph_cli_json_print (root);
}

/* Why no shot can be fired: each target's reasons with the first missile
 * weapon and the ruleset's first choice */
static void
print_why_not (const PhScenario *scenario,
               const PhFigure   *figure)
{
  const PhRuleset *rules = ph_ruleset_get (scenario->ruleset);

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
      reasons = ph_cli_join_strings (a->reasons, "; ");
      printf ("  %s: %s\n", label, reasons);
    }
}

static void
print_human (const PhScenario *scenario,
             const PhFigure   *figure,
             GPtrArray        *options,
             guint             n)
{
  g_autofree char *who = ph_cli_figure_label (scenario, figure->id);

  printf ("%s, %s: ", who, ph_ruleset_get (scenario->ruleset)->title);
  if (options->len == 0)
    {
      if (ph_figure_is_off_table (figure))
        printf ("off the table (dead or fled), no shot\n");
      else if (ph_figure_first_missile (figure) == NULL)
        printf ("no missile weapon, no shot\n");
      else
        {
          printf ("no shot can be fired this activation\n");
          print_why_not (scenario, figure);
        }
      return;
    }
  if (n < options->len)
    printf ("the best %u of %u shots\n", n, options->len);
  else
    printf ("%u shot%s, best first\n", options->len, options->len == 1 ? "" : "s");

  for (guint i = 0; i < n; i++)
    {
      const Option *o = g_ptr_array_index (options, i);
      const PhAssessment *a = o->assessment;
      g_autofree char *target = ph_cli_figure_label (scenario, a->target);
      g_autofree char *distance = ph_cli_format_distance (a->distance, a->unit);

      printf ("%3u. %s with the %s at %s, %s\n", i + 1, o->choice->label,
              ph_weapon_kind_to_string (a->weapon), target, distance);
      printf ("     cost     %s\n", o->cost);
      printf ("     p(hit) %.1f%%", 100.0 * a->p_hit);
      if (a->has_p_kill)
        printf (", p(kill) %.1f%%; expected hits %.3f, kills %.3f\n", 100.0 * a->p_kill,
                o->expected_hits, o->expected_kills);
      else
        printf ("; expected hits %.3f\n", o->expected_hits);
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
    { "figure", 0, 0, G_OPTION_ARG_STRING, &figure_id, "The figure to advise (required)", "ID" },
    { "top", 0, 0, G_OPTION_ARG_STRING, &top_text, "Show only the best N shots (default: all)",
      "N" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Write one JSON object (see below)", NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, "FILE" },
    { NULL }
  };

  context = g_option_context_new ("--figure ID");
  g_option_context_set_summary (context,
    "Ranks a figure's shots this activation: at every enemy on the table,\n"
    "with every missile weapon it carries, in every way its ruleset allows,\n"
    "by expected kills, then expected hits, then cost.");
  g_option_context_set_description (context, ADVISE_HELP);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!ph_cli_parse_options (context, VERB, &argc, &argv))
    return PH_CLI_EXIT_USAGE;

  if (!ph_cli_one_file (VERB, files))
    return PH_CLI_EXIT_USAGE;
  if (figure_id == NULL || figure_id[0] == '\0')
    return ph_cli_usage_error (VERB, "--figure ID is required");
  if (top_text != NULL
      && !g_ascii_string_to_unsigned (top_text, 10, 1, G_MAXUINT, &top, NULL))
    return ph_cli_usage_error (VERB, "--top must be a whole number from 1, not '%s'", top_text);

  scenario = ph_cli_load_scenario (files[0]);
  if (scenario == NULL)
    return PH_CLI_EXIT_INPUT;
  figure = ph_scenario_find_figure (scenario, figure_id);
  if (figure == NULL)
    {
      ph_cli_error ("no figure with id '%s'", figure_id);
      return PH_CLI_EXIT_INPUT;
    }

  options = find_options (scenario, figure, &error);
  if (options == NULL)
    return ph_cli_input_error (error);

  if (json)
    print_json (scenario, figure, options, MIN (options->len, top));
  else
    print_human (scenario, figure, options, MIN (options->len, top));
  return PH_CLI_EXIT_OK;
}
