/* ph-ruleset-fistful.c: Fistful of Lead, Horse and Musket (Jaye Wiley,
 * 2016), as docs/rules.md reads it
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The excerpt we have stops at page 3: it gives the activation deck, the
 * special cards ("One-Eyed Jacks ... +1 to hit in Shooting", "Deuces ...
 * roll 2 dice for either Shooting or Close Combat and pick the best
 * result") and reloading, but not the shooting numbers. Those are ruleset
 * options the scenario sets from the user's own book:
 *
 *   shoot-target         the d10 score needed to hit (a whole number >= 1)
 *   cover-modifier       added when the target is in soft or hard cover
 *                        (a whole number; negative is a penalty, e.g. -1)
 *   long-range           inches; beyond it the long-range modifier applies
 *                        (it is not a maximum range)
 *   long-range-modifier  added beyond long-range (negative is a penalty)
 *
 * "One miniature equals one man, and as such, there is no facing": no arc.
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-core.h"
#include "ph-game.h"
#include "ph-stats.h"
#include "ph-ruleset-private.h"
#include "ph-ruleset-fistful.h"

/* Bounds that keep the sums far from overflow; a d10 game never needs
 * more. */
#define FISTFUL_MAX_TARGET 1000
#define FISTFUL_MAX_MODIFIER 1000

#define FISTFUL_NO_TARGET_REASON \
  _("Fistful of Lead's shooting numbers are not in the excerpt: set the " \
    "scenario options shoot-target (and cover-modifier, long-range, " \
    "long-range-modifier) from your rule book")

static const char * const fistful_option_names[] = {
  "shoot-target",
  "cover-modifier",
  "long-range",
  "long-range-modifier",
  "recover-target",   /* the game: d10 score to recover (src/rulesets/fistful/game.md) */
  "move",             /* the game: inches one move action covers */
  NULL
};

/* Checks one option's value; the message names the option and the value.
 * @domain and @code let the loader and the engine report in their own
 * error domains. */
static gboolean
check_value (const char  *name,
             const char  *value,
             GQuark       domain,
             int          code,
             GError     **error)
{
  if (g_str_equal (name, "shoot-target") || g_str_equal (name, "recover-target"))
    return ph_ruleset_check_int (name, value, 1, FISTFUL_MAX_TARGET,
                                 "the d10 score needed", domain, code,
                                 NULL, error);
  if (g_str_equal (name, "long-range") || g_str_equal (name, "move"))
    return ph_ruleset_check_positive_number (name, value, "inches", domain,
                                             code, NULL, error);
  if (g_str_equal (name, "cover-modifier")
      || g_str_equal (name, "long-range-modifier"))
    return ph_ruleset_check_int (name, value, -FISTFUL_MAX_MODIFIER,
                                 FISTFUL_MAX_MODIFIER,
                                 "negative for a penalty", domain, code,
                                 NULL, error);
  return TRUE;
}

static gboolean
fistful_check_option (const char  *name,
                      const char  *value,
                      GError     **error)
{
  return check_value (name, value, PH_SCENARIO_ERROR,
                      PH_SCENARIO_ERROR_INVALID, error);
}

typedef struct
{
  gboolean has_target;
  int target;
  int cover_modifier;
  gboolean has_long_range;
  double long_range;
  int long_range_modifier;
} FistfulOptions;

/* Reads the scenario's options, re-checking them (a scenario built in
 * memory has not been through the loader). */
static gboolean
read_options (const PhScenario  *scenario,
              FistfulOptions    *o,
              GError           **error)
{
  const char *v;

  *o = (FistfulOptions) { 0 };
  if (scenario == NULL)
    return TRUE;

  for (const char * const *name = fistful_option_names; *name != NULL; name++)
    {
      v = ph_scenario_get_option (scenario, *name);
      if (v != NULL
          && !check_value (*name, v, PH_ENGINE_ERROR,
                           PH_ENGINE_ERROR_BAD_OPTION, error))
        return FALSE;
    }

  if ((v = ph_scenario_get_option (scenario, "shoot-target")) != NULL)
    {
      o->has_target = TRUE;
      ph_ruleset_parse_int (v, 1, FISTFUL_MAX_TARGET, &o->target);
    }
  if ((v = ph_scenario_get_option (scenario, "cover-modifier")) != NULL)
    ph_ruleset_parse_int (v, -FISTFUL_MAX_MODIFIER, FISTFUL_MAX_MODIFIER,
                          &o->cover_modifier);
  if ((v = ph_scenario_get_option (scenario, "long-range")) != NULL)
    o->has_long_range = ph_ruleset_parse_positive_number (v, &o->long_range);
  if ((v = ph_scenario_get_option (scenario, "long-range-modifier")) != NULL)
    ph_ruleset_parse_int (v, -FISTFUL_MAX_MODIFIER, FISTFUL_MAX_MODIFIER,
                          &o->long_range_modifier);
  return TRUE;
}

/* "not shoot twice, unless armed, say, with two pistols": the RELOAD
 * marker belongs to the weapon that fired. A loaded weapon may still fire
 * while another one waits to be reloaded; a marker with every weapon
 * loaded (written so by hand) stops the figure as the text's marker does. */
static gboolean
marker_is_for_another_weapon (const PhFigure *shooter,
                              const PhWeapon *weapon)
{
  if (weapon == NULL || !weapon->loaded)
    return FALSE;
  for (guint i = 0; i < shooter->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (shooter->weapons, PhWeapon, i);

      if (w != weapon && ph_weapon_kind_is_missile (w->kind) && !w->loaded)
        return TRUE;
    }
  return FALSE;
}

static gboolean
fistful_assess (const PhShotContext  *ctx,
                const PhShotOptions  *options,
                PhAssessment         *out,
                GError              **error)
{
  FistfulOptions o;
  int modifier = 0;
  gboolean rolls = FALSE;
  int dice = 1;
  GVariantBuilder details_storage, *details;

  if (!read_options (ctx->scenario, &o, error))
    return FALSE;

  /* No range table in the excerpt; long-range only changes the odds. */
  out->has_max_range = FALSE;
  out->in_range = ctx->weapon != NULL;
  out->has_p_kill = FALSE;

  if (!o.has_target)
    ph_assessment_add_reason (out, FISTFUL_NO_TARGET_REASON);

  /* "After a model fires, place a RELOAD marker ... It takes two actions to
   * reload." */
  if (ctx->shooter->stats_kind == PH_STATS_FISTFUL
      && ctx->shooter->stats.fistful.reload
      && !marker_is_for_another_weapon (ctx->shooter, ctx->weapon))
    ph_assessment_add_reason (out,
                              _("needs reloading: a RELOAD marker takes two "
                                "actions in one activation to remove"));

  if (ctx->cover != PH_COVER_OPEN && o.cover_modifier != 0)
    {
      modifier += o.cover_modifier;
      ph_assessment_add_modifier (out, _("target in cover"), o.cover_modifier);
    }
  /* A cm table's 30.48 cm is 12 in up to rounding */
  if (o.has_long_range && ctx->distance > o.long_range + PH_RANGE_SLACK
      && o.long_range_modifier != 0)
    {
      modifier += o.long_range_modifier;
      ph_assessment_add_modifier (out, _("long range"), o.long_range_modifier);
    }
  /* "One-Eyed Jacks (Hearts & Spades)- The model activated with this card
   * has a +1 to hit in Shooting." */
  if (PH_FISTFUL_CARD (options) == PH_CARD_EFFECT_ONE_EYED_JACK)
    {
      modifier += 1;
      ph_assessment_add_modifier (out, _("one-eyed jack"), 1);
    }
  /* "Deuces (any suit)- The model activated with this card may choose to
   * roll 2 dice for either Shooting or Close Combat and pick the best
   * result." */
  if (PH_FISTFUL_CARD (options) == PH_CARD_EFFECT_DEUCE)
    dice = 2;

  /* One die: d10 + modifier >= shoot-target. Best of two: 1 - (1 - p)^2,
   * which ph-dice counts over the 100 pairs and divides once. */
  rolls = o.has_target && out->reasons->len == 0;
  out->p_hit = rolls
    ? ph_dice_p_best_of_at_least (dice, 10, modifier, o.target) : 0.0;

  /* Every key, null where the scenario's options leave it unknown (the
   * project's rule: details are never left out) */
  details = ph_ruleset_details_begin (out, &details_storage);
  if (o.has_target)
    ph_ruleset_detail_int (details, "shoot_target", o.target);
  else
    ph_ruleset_detail_null (details, "shoot_target");
  ph_ruleset_detail_int (details, "dice", dice);
  if (o.has_long_range)
    ph_ruleset_detail_double (details, "long_range", o.long_range);
  else
    ph_ruleset_detail_null (details, "long_range");
  if (o.has_target)
    ph_ruleset_detail_double (details, "p_one_die",
                              rolls ? ph_dice_p_at_least (10, modifier, o.target)
                                    : 0.0);
  else
    ph_ruleset_detail_null (details, "p_one_die");
  ph_ruleset_set_details (out, details);
  {
    PhFistfulShot *shot = g_new0 (PhFistfulShot, 1);

    shot->has_target = o.has_target;
    shot->shoot_target = o.has_target ? o.target : 0;
    shot->dice = dice;
    shot->modifier = modifier;
    ph_assessment_set_shot (out, shot, g_free);
  }

  return TRUE;
}

static void
fistful_range_rings (const PhScenario *scenario,
                     const PhFigure   *figure,
                     const PhWeapon   *weapon,
                     gboolean          target_mounted,
                     GArray           *rings)
{
  const char *v = ph_scenario_get_option (scenario, "long-range");
  g_autofree char *number = NULL;
  PhRangeRing ring;
  double d;

  if (v == NULL || !ph_ruleset_parse_positive_number (v, &d))
    return;
  number = ph_ruleset_format_number (d);
  ring.distance = d;
  /* the ring is where long range begins: "long range 12 in" read as
   * where it ends */
  ring.label = g_strdup_printf (_("long range beyond %s in"), number);
  g_array_append_val (rings, ring);
}

/* advise: the ways to take a shot, and what each costs */
static const PhShotChoice fistful_choices[] = {
  { "fire", N_("fire"), { .values = { [PH_FISTFUL_OPT_CARD] = PH_CARD_EFFECT_NONE } }, 1 },
  { "fire-one-eyed-jack", N_("fire with a one-eyed jack's +1"),
    { .values = { [PH_FISTFUL_OPT_CARD] = PH_CARD_EFFECT_ONE_EYED_JACK } }, 1 },
  { "fire-deuce", N_("fire with a deuce's two dice"), { .values = { [PH_FISTFUL_OPT_CARD] = PH_CARD_EFFECT_DEUCE } }, 1 },
};

static const char * const card_names[] = { "none", "one-eyed-jack", "deuce", NULL };
static const char * const card_labels[] = {
  N_("Ordinary card"), N_("One-eyed jack (+1)"), N_("Deuce (best of 2)"), NULL
};

static const PhShotOption fistful_shot_options[] = {
  [PH_FISTFUL_OPT_CARD] = { "card", PH_SHOT_OPTION_MENU, card_names, N_("Card"),
                            card_labels, NULL },
};

static char *
fistful_cost (const PhShotChoice *choice,
              const PhFigure        *shooter,
              const PhAssessment    *assessment,
              int                   *order)
{
  static const char * const needs[] = {
    [PH_CARD_EFFECT_NONE] = N_("1 action of 2, then a RELOAD marker"),
    [PH_CARD_EFFECT_ONE_EYED_JACK] = N_("1 action of 2, then a RELOAD marker; only when "
                                        "activated with a one-eyed jack (jack of hearts or spades)"),
    [PH_CARD_EFFECT_DEUCE] = N_("1 action of 2, then a RELOAD marker; only when activated "
                                "with a deuce"),
  };

  *order = PH_FISTFUL_CARD (&choice->shot) == PH_CARD_EFFECT_NONE ? 0 : 1;
  return g_strdup (_(needs[PH_FISTFUL_CARD (&choice->shot)]));
}

extern const PhStatsSchema ph_stats_fistful;

/* House rules (docs/rules.md, "House rules: the options") */
static const PhRulesetOption fistful_house_rules[] = {
  { "shoot-target", N_("a whole number from 1 to 1000"), NULL,
    N_("the d10 score needed to hit (needed to assess a shot)") },
  { "cover-modifier", N_("a whole number from -1000 to 1000"), "0",
    N_("added to the die when the target is in cover; negative is a penalty") },
  { "long-range", N_("inches, a number > 0"), NULL,
    N_("the distance beyond which the long-range modifier applies (not a maximum range)") },
  { "long-range-modifier", N_("a whole number from -1000 to 1000"), "0",
    N_("added to the die beyond long-range") },
  { "recover-target", N_("a whole number from 1 to 1000"), "6",
    N_("the d10 score the game's recovery roll needs") },
  { "move", N_("inches, a number > 0"), NULL,
    N_("how far one move action goes (a drag on the map is held to it; none: no limit)") },
};

/* A new figure: a line infantryman with a musket */
static void
fistful_figure_template (PhFigure *figure)
{
  PhWeapon w;

  figure->troop = PH_TROOP_LINE;
  ph_ruleset_init_weapon (PH_RULESET_FISTFUL, PH_WEAPON_MUSKET, &w);
  g_array_append_val (figure->weapons, w);
  ph_stats_init (figure, &ph_stats_fistful);
}

const PhRuleset ph_ruleset_fistful = {
  .id = PH_RULESET_FISTFUL,
  .name = "fistful-of-lead",
  .dist_unit = PH_DIST_IN,
  .weapon_bands = FALSE,
  .unit = PH_UNIT_IN,
  .grid = PH_GRID_SQUARE,
  .grid_size_in = 1,
  .grid_size_cm = 2.5,
  .measure = PH_MEASURE_EDGE,
  .stats = &ph_stats_fistful,
  .figure_template = fistful_figure_template,
  .game = &ph_game_rules_fistful,
  .shot_choices = fistful_choices,
  .n_shot_choices = G_N_ELEMENTS (fistful_choices),
  .shot_options = fistful_shot_options,
  .n_shot_options = G_N_ELEMENTS (fistful_shot_options),
  .shot_cost = fistful_cost,
  .title = "Fistful of Lead: Horse and Musket",
  .short_title = "Fistful of Lead",
  .has_arc = FALSE,            /* "there is no facing" */
  .figures_block_los = FALSE,
  .has_kill = FALSE,
  .options = fistful_house_rules,
  .n_options = G_N_ELEMENTS (fistful_house_rules),
  .check_option = fistful_check_option,
  .assess = fistful_assess,
  .range_rings = fistful_range_rings,
};
