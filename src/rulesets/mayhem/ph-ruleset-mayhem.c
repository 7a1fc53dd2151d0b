/* ph-ruleset-mayhem.c: Musket Mayhem (Rob Dean and Ross Macfarlane, draft
 * of 21 October 2011), as docs/rules.md reads it
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Roll a skill die for a potential hit on the target. If a potential hit
 * is achieved, roll a results die for effect." Both are d6; the skill die
 * needs 4, 5 or 6 by the target's cover, the impact die 6 to kill.
 * Distances are in inches (the engine converts a cm table).
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-core.h"
#include "ph-game.h"
#include "ph-stats.h"
#include "ph-ruleset-private.h"
#include "ph-ruleset-mayhem.h"

/* "Pistol 12" (was 6")", "Musket/Bow 24" (was 18")"; the options bring
 * back the earlier draft's ranges (or any other house rule). */
#define MAYHEM_DEFAULT_PISTOL_RANGE 12.0
#define MAYHEM_DEFAULT_MUSKET_RANGE 24.0
/* "Rifle 36"", "Canister: 36" (= rifle range)", "Roundshot: 72"" */
#define MAYHEM_RIFLE_RANGE 36.0
#define MAYHEM_CANISTER_RANGE 36.0
#define MAYHEM_ROUNDSHOT_RANGE 72.0

/* "Impact Die ... 6 Target killed" */
#define MAYHEM_IMPACT_KILLS 6

static gboolean
mayhem_check_option (const char  *name,
                     const char  *value,
                     GError     **error)
{
  return ph_ruleset_check_positive_number (name, value, NULL,
                                           PH_SCENARIO_ERROR,
                                           PH_SCENARIO_ERROR_INVALID,
                                           NULL, error);
}

/* The value of a range option, or its default when the scenario does not
 * set it. FALSE (with @error, and *out the default) when the value is
 * unusable, which only a scenario built in memory without
 * ph_ruleset_check_option() can hold. */
static gboolean
get_range_option (const PhScenario  *scenario,
                  const char        *name,
                  double             default_value,
                  double            *out,
                  GError           **error)
{
  const char *value = scenario != NULL
    ? ph_scenario_get_option (scenario, name) : NULL;

  *out = default_value;
  if (value == NULL)
    return TRUE;
  return ph_ruleset_check_positive_number (name, value, NULL,
                                           PH_ENGINE_ERROR,
                                           PH_ENGINE_ERROR_BAD_OPTION,
                                           out, error);
}

gboolean
ph_mayhem_weapon_range (const PhScenario  *scenario,
                        PhWeaponKind       kind,
                        double            *inches,
                        GError           **error)
{
  *inches = 0.0;
  switch (kind)
    {
    case PH_WEAPON_PISTOL:
      return get_range_option (scenario, "pistol-range",
                               MAYHEM_DEFAULT_PISTOL_RANGE, inches, error);
    case PH_WEAPON_MUSKET:
    case PH_WEAPON_BOW:
      /* "Musket/Bow 24"": one option for both */
      return get_range_option (scenario, "musket-range",
                               MAYHEM_DEFAULT_MUSKET_RANGE, inches, error);
    case PH_WEAPON_RIFLE:
      *inches = MAYHEM_RIFLE_RANGE;
      return TRUE;
    case PH_WEAPON_CANISTER:
      *inches = MAYHEM_CANISTER_RANGE;
      return TRUE;
    case PH_WEAPON_ROUNDSHOT:
      *inches = MAYHEM_ROUNDSHOT_RANGE;
      return TRUE;
    default:
      /* thrown weapons, the blunderbuss and Guns of War's locks are not in
       * the text's range table */
      return TRUE;
    }
}

/* "Impact Die (+1 for muskets and rifles, +2 for canister, +3 for
 * roundshot)" */
int
ph_mayhem_impact_modifier (PhWeaponKind kind)
{
  switch (kind)
    {
    case PH_WEAPON_MUSKET:
    case PH_WEAPON_RIFLE:
      return 1;
    case PH_WEAPON_CANISTER:
      return 2;
    case PH_WEAPON_ROUNDSHOT:
      return 3;
    default:
      return 0;
    }
}

/* "4-6 Target in the open ..., 5-6 Target in soft cover ..., 6 Target in
 * hard cover ..." */
static int
skill_target_for_cover (PhCover cover)
{
  switch (cover)
    {
    case PH_COVER_SOFT:
      return 5;
    case PH_COVER_HARD:
      return 6;
    case PH_COVER_OPEN:
    default:
      return 4;
    }
}

/* The details, {"skill_target": <int32>, "p_courage_check": <double>},
 * written straight in GVariant's serialised form and taken as one value:
 * built entry by entry (a dozen GVariants made and freed for two numbers)
 * they were a third of a full Musket Mayhem assessment's time. An a{sv}
 * is its entries, each aligned to 8: the key and its NUL, zeros to 8, the
 * variant (the value, a NUL and its type) and the key's end in one byte;
 * after the last entry, each entry's end in one byte. test-mayhem holds it
 * to a builder's very bytes. */
#define DETAILS_SIZE 53

static GVariant *
mayhem_details (gint32 skill_target,
                double p_courage_check)
{
  static const char skill_key[] = "skill_target";        /* 13 bytes with its NUL */
  static const char courage_key[] = "p_courage_check";   /* 16 */
  guchar *data = g_malloc0 (DETAILS_SIZE);

  /* the first entry, 0 to 23: the key, its int32 at 16, then 'i' */
  memcpy (data, skill_key, sizeof skill_key);
  memcpy (data + 16, &skill_target, sizeof skill_target);
  data[21] = 'i';
  data[22] = sizeof skill_key;
  /* the second, 24 to 51: the key, its double at 40, then 'd' */
  memcpy (data + 24, courage_key, sizeof courage_key);
  memcpy (data + 40, &p_courage_check, sizeof p_courage_check);
  data[49] = 'd';
  data[50] = sizeof courage_key;
  /* the entries' ends */
  data[51] = 23;
  data[52] = 51;
  return g_variant_new_from_data (G_VARIANT_TYPE_VARDICT, data, DETAILS_SIZE, TRUE,
                                  g_free, data);
}

static gboolean
mayhem_assess (const PhShotContext  *ctx,
               const PhShotOptions  *options,
               PhAssessment         *out,
               GError              **error)
{
  const PhFigure *shooter = ctx->shooter;
  /* No missile weapon (the engine said why): no range, no extra reason */
  const PhWeaponKind kind = ctx->weapon != NULL ? ctx->weapon->kind : PH_WEAPON_UNARMED;
  gboolean is_weapon;
  gboolean over_half;
  double range;
  int hit_bonus = 0;
  int impact_bonus = 0;
  int skill_modifier = 0;
  int skill_target;
  int hit_faces = 0;
  int kill_faces = 0;

  if (!ph_mayhem_weapon_range (ctx->scenario, kind, &range, error))
    return FALSE;
  /* every range in the table is > 0 */
  is_weapon = range > 0.0;

  if (shooter->stats_kind == PH_STATS_MAYHEM)
    {
      hit_bonus = shooter->stats.mayhem.hit_bonus;
      impact_bonus = shooter->stats.mayhem.impact_bonus;
    }

  out->has_p_kill = TRUE;
  skill_target = skill_target_for_cover (ctx->cover);

  if (!is_weapon)
    {
      out->has_max_range = FALSE;
      out->in_range = FALSE;
      if (ctx->weapon != NULL)
        ph_assessment_add_reason (out,
                                _("the %s is not a Musket Mayhem missile weapon "
                                  "(the rules give pistol, musket, bow, rifle, "
                                  "canister and roundshot)"),
                                ph_weapon_kind_label (kind));
    }
  else
    {
      out->has_max_range = TRUE;
      out->max_range = range;
      /* A referee who measured 24 in on a cm table means 24 in */
      out->in_range = ctx->distance <= range + PH_RANGE_SLACK;
      over_half = ctx->distance > range / 2.0 + PH_RANGE_SLACK;
      if (out->in_range)
        out->band = g_strdup (over_half ? "over-half" : "close");
      else
        {
          /* "%g" keeps "24" and "12.5" short; ranges are never long
           * decimals */
          g_autofree char *r = ph_ruleset_format_number (range);
          g_autofree char *d = ph_ruleset_format_beyond (ctx->distance, range);

          ph_ruleset_add_out_of_range (out, _("%s in away, the %s's range is %s in"),
                                       d, ph_weapon_kind_label (kind), r);
        }

      /* "Skill Die (-1 if over half range, -1 if firing while mounted)" */
      if (out->in_range && over_half)
        {
          skill_modifier -= 1;
          ph_assessment_add_modifier (out, _("over half range"), -1);
        }
    }

  if (shooter->mounted)
    {
      skill_modifier -= 1;
      ph_assessment_add_modifier (out, _("firing while mounted"), -1);
    }
  /* "Heroes: ... bonuses to skill or impact dice with specific weapons" */
  if (hit_bonus != 0)
    {
      skill_modifier += hit_bonus;
      ph_assessment_add_modifier (out, _("hero's skill bonus"),
                                  hit_bonus);
    }

  /* "Figures may not shoot if they are in hand-to-hand contact with an
   * enemy figure." */
  if (shooter->status & PH_STATUS_MELEE)
    ph_assessment_add_reason (out,
                              _("in hand-to-hand contact (melee): "
                                "figures in contact may not shoot"));

  if (out->reasons->len == 0)
    {
      hit_faces = ph_dice_faces_at_least (6, skill_modifier, skill_target);
      kill_faces = ph_dice_faces_at_least (6, ph_mayhem_impact_modifier (kind)
                                                 + impact_bonus,
                                           MAYHEM_IMPACT_KILLS);
    }

  /* Counted over the 36 (skill, impact) pairs and divided once, so that
   * 1/6, 1/18 and 1/9 come out as the nearest doubles. */
  out->p_hit = hit_faces / 6.0;
  out->p_kill = (hit_faces * kill_faces) / 36.0;

  {
    PhMayhemShot *shot = g_new0 (PhMayhemShot, 1);

    shot->skill_target = skill_target;
    ph_assessment_set_shot (out, shot, g_free);
  }
  /* a numbers-only assessment keeps its empty details */
  if (!out->numbers_only)
    {
      g_clear_pointer (&out->details, g_variant_unref);
      /* floating, as a builder's: the engine sinks it */
      out->details = mayhem_details (skill_target, (hit_faces * (6 - kill_faces)) / 36.0);
    }

  return TRUE;
}

static void
mayhem_range_rings (const PhScenario *scenario,
                    const PhFigure   *figure,
                    const PhWeapon   *weapon,
                    gboolean          target_mounted,
                    GArray           *rings)
{
  double range;
  PhRangeRing ring;
  g_autofree char *half = NULL;
  g_autofree char *full = NULL;

  if (weapon == NULL)
    weapon = ph_figure_first_missile (figure);
  if (weapon == NULL)
    return;
  /* An unusable option draws no rings; assess() reports it. */
  if (!ph_mayhem_weapon_range (scenario, weapon->kind, &range, NULL)
      || range <= 0.0)
    return;

  half = ph_ruleset_format_number (range / 2.0);
  full = ph_ruleset_format_number (range);

  /* what each ring marks, in words: a bare "24 in" said nothing of it */
  ring.distance = range / 2.0;
  ring.label = g_strdup_printf (_("half range to %s in"), half);
  g_array_append_val (rings, ring);

  ring.distance = range;
  ring.label = g_strdup_printf (_("max range %s in"), full);
  g_array_append_val (rings, ring);
}

/* advise: the ways to take a shot, and what each costs */
static const PhShotChoice mayhem_choices[] = {
  { "fire", N_("fire"), PH_SHOT_OPTIONS_INIT, 0 },
};


static char *
mayhem_cost (const PhShotChoice *choice,
             const PhFigure        *shooter,
             const PhAssessment    *assessment,
             int                   *order)
{
  *order = 0;
  if (assessment->has_weapon && ph_weapon_kind_is_gunpowder (assessment->weapon))
    return g_strdup_printf (_("its one shot, during the enemy's move; the %s is then unloaded"),
                            ph_weapon_kind_label (assessment->weapon));
  return g_strdup (_("its one shot, during the enemy's move"));
}

extern const PhStatsSchema ph_stats_mayhem;

/* House rules (docs/rules.md, "House rules: the options") */
static const PhRulesetOption mayhem_house_rules[] = {
  { "pistol-range", N_("inches, a number > 0"), "12",
    N_("the pistol's range (the earlier draft had 6)") },
  { "musket-range", N_("inches, a number > 0"), "24",
    N_("the musket's and the bow's range (the earlier draft had 18)") },
};

/* A new figure: a line infantryman with musket and bayonet, courage 4,
 * armament 4 */
static void
mayhem_figure_template (PhFigure *figure)
{
  static const PhWeaponKind kinds[] = { PH_WEAPON_MUSKET, PH_WEAPON_BAYONET };

  figure->troop = PH_TROOP_LINE;
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      PhWeapon w;

      ph_ruleset_init_weapon (PH_RULESET_MAYHEM, kinds[i], &w);
      g_array_append_val (figure->weapons, w);
    }
  ph_stats_init (figure, &ph_stats_mayhem);
  figure->stats.mayhem.courage = 4;
  figure->stats.mayhem.armament = 4;
}

const PhRuleset ph_ruleset_mayhem = {
  .id = PH_RULESET_MAYHEM,
  .name = "musket-mayhem",
  .dist_unit = PH_DIST_IN,
  .weapon_bands = FALSE,
  .unit = PH_UNIT_IN,
  .grid = PH_GRID_SQUARE,
  .grid_size_in = 1,
  .grid_size_cm = 2.5,
  .measure = PH_MEASURE_EDGE,
  .stats = &ph_stats_mayhem,
  .figure_template = mayhem_figure_template,
  .game = &ph_game_rules_mayhem,
  .shot_choices = mayhem_choices,
  .n_shot_choices = G_N_ELEMENTS (mayhem_choices),
  .shot_cost = mayhem_cost,
  .title = "Musket Mayhem",
  .short_title = "Musket Mayhem",
  .has_arc = TRUE,             /* "within a zone 45 degrees to either side" */
  .figures_block_los = TRUE,   /* "They may not shoot over another figure" */
  .has_kill = TRUE,
  /* a hit that does not kill calls only for a courage check */
  .effect = &ph_shot_effect_kill,
  .options = mayhem_house_rules,
  .n_options = G_N_ELEMENTS (mayhem_house_rules),
  .check_option = mayhem_check_option,
  .assess = mayhem_assess,
  .range_rings = mayhem_range_rings,
};
