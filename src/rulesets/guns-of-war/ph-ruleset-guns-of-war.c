/* ph-ruleset-guns-of-war.c: Guns of War, the firearm rules for Domains at
 * War (playtest), as docs/rules.md reads them
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Units fire from their hex; distances are in hexes (the engine counts
 * them). The attack throw is a d20 against the shooter's attack throw plus
 * the target's armour class, of which up to 5 points of armour are ignored
 * at armour-piercing range. The number of attacks comes from the size
 * factor table; a unit with a fraction of an attack gains reload tokens.
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-core.h"
#include "ph-game.h"
#include "ph-stats.h"
#include "ph-ruleset-private.h"
#include "ph-ruleset-guns-of-war.h"

/* "attacks made with firearms ignore up to 5 points of armor at certain
 * ranges" */
#define GOW_ARMOR_IGNORED 5
/* "Otherwise the unit suffers a -2 penalty to attack throws because it is
 * firing without the benefit of its fork rests." */
#define GOW_FORK_PENALTY (-2)
/* "if the calculated number of attacks for a firearm-equipped unit is less
 * than 0.75, the unit will gain reload tokens": n < 3/4 */
#define GOW_TOKENS_BELOW_NUM 3
#define GOW_TOKENS_BELOW_DEN 4

typedef enum
{
  GOW_PISTOL,
  GOW_ARQUEBUS,
  GOW_MUSKET,
  GOW_RIFLED_ARQUEBUS,
  GOW_RIFLED_MUSKET,
  GOW_N_FIREARMS
} GowFirearm;

/* Firearm Range (AP / Maximum), in hexes, "v. Foot" then "v. Mounted" */
static const struct
{
  const char *name;
  int ap_foot, max_foot;
  int ap_mounted, max_mounted;
} gow_ranges[GOW_N_FIREARMS] = {
  [GOW_PISTOL]          = { NC_("weapon", "pistol"),          1, 2, 1, 3 },
  [GOW_ARQUEBUS]        = { NC_("weapon", "arquebus"),        2, 3, 2, 4 },
  [GOW_MUSKET]          = { NC_("weapon", "musket"),          3, 3, 4, 4 },
  [GOW_RIFLED_ARQUEBUS] = { NC_("weapon", "rifled arquebus"), 2, 4, 2, 5 },
  [GOW_RIFLED_MUSKET]   = { NC_("weapon", "rifled musket"),   4, 4, 5, 5 },
};

typedef struct
{
  GowFirearm firearm;
  int size_factor_df_sf;  /* "DF / SF" column */
  int size_factor_uf;     /* "UF" column */
} GowWeapon;

/* Size Factor by Equipped Weapon and Unit Formation. The range table names
 * the firearm without its lock: "flintlock, wheellock and matchlock alike"
 * (rules.md). FALSE for a kind that is not a Guns of War firearm. */
static gboolean
gow_weapon (PhWeaponKind  kind,
            GowWeapon    *w)
{
  switch (kind)
    {
    case PH_WEAPON_FLINTLOCK_PISTOL:
      *w = (GowWeapon) { GOW_PISTOL, 120, 140 };
      return TRUE;
    case PH_WEAPON_FLINTLOCK_ARQUEBUS:
      *w = (GowWeapon) { GOW_ARQUEBUS, 120, 140 };
      return TRUE;
    case PH_WEAPON_FLINTLOCK_MUSKET:
      *w = (GowWeapon) { GOW_MUSKET, 140, 160 };
      return TRUE;
    case PH_WEAPON_FLINTLOCK_RIFLED_ARQUEBUS:
      *w = (GowWeapon) { GOW_RIFLED_ARQUEBUS, 160, 200 };
      return TRUE;
    case PH_WEAPON_FLINTLOCK_RIFLED_MUSKET:
      *w = (GowWeapon) { GOW_RIFLED_MUSKET, 180, 220 };
      return TRUE;
    case PH_WEAPON_WHEELLOCK_PISTOL:
      *w = (GowWeapon) { GOW_PISTOL, 200, 240 };
      return TRUE;
    case PH_WEAPON_MATCHLOCK_PISTOL:
      *w = (GowWeapon) { GOW_PISTOL, 200, 240 };
      return TRUE;
    case PH_WEAPON_MATCHLOCK_ARQUEBUS:
      *w = (GowWeapon) { GOW_ARQUEBUS, 200, 240 };
      return TRUE;
    case PH_WEAPON_MATCHLOCK_MUSKET:
      *w = (GowWeapon) { GOW_MUSKET, 220, 260 };
      return TRUE;
    case PH_WEAPON_MATCHLOCK_RIFLED_ARQUEBUS:
      *w = (GowWeapon) { GOW_RIFLED_ARQUEBUS, 280, 340 };
      return TRUE;
    case PH_WEAPON_MATCHLOCK_RIFLED_MUSKET:
      *w = (GowWeapon) { GOW_RIFLED_MUSKET, 300, 360 };
      return TRUE;
    default:
      return FALSE;
    }
}

static void
gow_range (const GowWeapon *w,
           gboolean         target_mounted,
           int             *ap,
           int             *max)
{
  *ap = target_mounted ? gow_ranges[w->firearm].ap_mounted
                       : gow_ranges[w->firearm].ap_foot;
  *max = target_mounted ? gow_ranges[w->firearm].max_mounted
                        : gow_ranges[w->firearm].max_foot;
}

static gboolean
gow_check_option (const char  *name,
                  const char  *value,
                  GError     **error)
{
  /* The shock roll's mechanics are in Domains at War, not in this text:
   * the game rolls 2d6 + morale and these are its highest totals that
   * retreat and rout (src/rulesets/guns-of-war/game.md). They change the game,
   * never the odds of a shot. */
  if (g_str_equal (name, "shock-retreat") || g_str_equal (name, "shock-rout"))
    return ph_ruleset_check_int (name, value, -20, 40,
                                 "the highest 2d6 + morale shock roll total that "
                                 "retreats or routs", PH_SCENARIO_ERROR,
                                 PH_SCENARIO_ERROR_INVALID, NULL, error);
  /* "Lamentations of the Flame Princess Rule": optional; it changes the
   * shock rolls of the game, never the odds of a shot. */
  return ph_ruleset_check_boolean (name, value, PH_SCENARIO_ERROR,
                                   PH_SCENARIO_ERROR_INVALID, NULL, error);
}

static const PhGunsOfWarStats *
gow_stats (const PhFigure *figure)
{
  return figure->stats_kind == PH_STATS_GUNS_OF_WAR
    ? &figure->stats.guns_of_war : NULL;
}

/* "Musket Forks: Muskets are large, long guns which should be supported by
 * a fork rest": muskets and rifled muskets of any lock. */
static gboolean
gow_needs_fork (const GowWeapon *w)
{
  return w->firearm == GOW_MUSKET || w->firearm == GOW_RIFLED_MUSKET;
}

static gboolean
gow_assess (const PhShotContext  *ctx,
            const PhShotOptions  *options,
            PhAssessment         *out,
            GError              **error)
{
  const PhGunsOfWarStats *shooter = gow_stats (ctx->shooter);
  const PhGunsOfWarStats *target = gow_stats (ctx->target);
  /* No missile weapon (the engine said why): no range, no extra reason */
  const PhWeaponKind kind = ctx->weapon != NULL ? ctx->weapon->kind : PH_WEAPON_UNARMED;
  const char *kind_name = ph_weapon_kind_label (kind);
  GowWeapon w = { 0 };
  gboolean is_weapon;
  gboolean armor_piercing = FALSE;
  gboolean has_target_number = FALSE;
  int target_number = 0;
  gboolean has_attacks = FALSE;
  int attacks = 0;
  int reload_tokens = 0;
  int modifier = 0;
  int hexes;
  GVariantBuilder details_storage, *details;

  out->has_p_kill = FALSE;
  /* The engine counts whole hexes between the two hexes. */
  hexes = (int) (ctx->distance + 0.5);

  is_weapon = gow_weapon (kind, &w);
  if (!is_weapon)
    {
      out->has_max_range = FALSE;
      out->in_range = FALSE;
      if (ctx->weapon != NULL)
        ph_assessment_add_reason (out,
                                _("the %s is not a Guns of War firearm (the rules "
                                  "give flintlock, wheellock and matchlock pistols, "
                                  "arquebuses, muskets, rifled arquebuses and "
                                  "rifled muskets)"), kind_name);
    }
  else
    {
      int ap, max;

      gow_range (&w, ctx->target->mounted, &ap, &max);
      out->has_max_range = TRUE;
      out->max_range = max;
      out->in_range = hexes <= max;
      if (out->in_range)
        {
          armor_piercing = hexes <= ap;
          out->band = g_strdup (armor_piercing ? "ap" : "max");
        }
      else
        {
          gboolean an = strchr ("aeiou", gow_ranges[w.firearm].name[0]) != NULL;
          const char *firearm = g_dpgettext2 (GETTEXT_PACKAGE, "weapon", gow_ranges[w.firearm].name);

          if (ctx->target->mounted)
            ph_ruleset_add_out_of_range (out, an ? _("%d hexes away, an %s reaches %d hexes against mounted")
                                         : _("%d hexes away, a %s reaches %d hexes against mounted"),
                                         hexes, firearm, max);
          else
            ph_ruleset_add_out_of_range (out, an ? _("%d hexes away, an %s reaches %d hexes against foot")
                                         : _("%d hexes away, a %s reaches %d hexes against foot"),
                                         hexes, firearm, max);
        }
    }

  if (shooter == NULL)
    ph_assessment_add_reason (out, _("no Guns of War unit stats for the shooter '%s' "
                                "(a <guns-of-war> element)"), ph_figure_display_name (ctx->shooter));
  if (target == NULL)
    ph_assessment_add_reason (out, _("no Guns of War unit stats for the target '%s' "
                                "(a <guns-of-war> element)"), ph_figure_display_name (ctx->target));

  if (shooter != NULL)
    {
      /* "To be eligible to fire, a firearm-equipped unit must not have any
       * reload tokens." */
      if (shooter->reload_tokens > 0)
        ph_assessment_add_reason (out,
                                  g_dngettext (GETTEXT_PACKAGE,
                                               "%d reload token: a unit may not fire until it has none",
                                               "%d reload tokens: a unit may not fire until it has none",
                                               shooter->reload_tokens),
                                  shooter->reload_tokens);

      if (is_weapon && shooter->formation != PH_FORMATION_DF
          && shooter->formation != PH_FORMATION_SF && shooter->formation != PH_FORMATION_UF)
        /* "The addition of firearms adds three new formation types:
         * Drilled Foot, Skirmishing Foot, and Undrilled Foot" */
        ph_assessment_add_reason (out, _("%s units do not fire firearms: a firearm unit is "
                                    "Drilled, Skirmishing or Undrilled Foot"),
                                  ph_formation_words (shooter->formation));
      else if (is_weapon)
        {
          /* "Cross-reference the weapon equipped and formation type to find
           * the appropriate size factor." */
          int size_factor = shooter->formation == PH_FORMATION_UF
            ? w.size_factor_uf : w.size_factor_df_sf;

          if (shooter->men <= 0)
            ph_assessment_add_reason (out, _("the unit has no men"));
          else
            {
              /* n = men / size factor (the examples' "(120 x 1 x 4.5) /
               * (200 x 4.5)"): "A firearm-equipped unit will always get
               * least one attack". */
              has_attacks = TRUE;
              /* rules.md: max(1, round(n)), round() taking halves away
               * from zero (men and size factors are positive) */
              attacks = MAX (1, (2 * shooter->men + size_factor) / (2 * size_factor));
              /* n < 0.75: "[(1 / calculated number of attacks) -1], rounded
               * to the nearest whole number. Round 0.5 up if odd, and down
               * if even." 1/n - 1 = (size factor - men) / men exactly. */
              if (shooter->men * GOW_TOKENS_BELOW_DEN
                  < GOW_TOKENS_BELOW_NUM * size_factor)
                reload_tokens = ph_round_half_even_ratio (size_factor - shooter->men,
                                                          shooter->men);
            }
        }
    }

  /* "in order to fire without penalty, a musket-equipped unit must have
   * stood fast during its movement sequence ... This penalty never applies
   * when a musket-equipped unit conducts reaction fire" */
  if (is_weapon && gow_needs_fork (&w)
      && (ctx->shooter->status & PH_STATUS_MOVED) && !PH_GUNS_OF_WAR_REACTION (options))
    {
      modifier += GOW_FORK_PENALTY;
      ph_assessment_add_modifier (out, _("musket fired after moving (no fork rest)"),
                                  GOW_FORK_PENALTY);
    }

  if (shooter != NULL && target != NULL)
    {
      /* Target number = attack throw + effective AC; "ignore up to 5
       * points of armor" at armour-piercing range. */
      int ac = target->ac;

      if (armor_piercing)
        ac -= MIN (GOW_ARMOR_IGNORED, target->armor_ac);
      has_target_number = TRUE;
      target_number = shooter->attack_throw + ac;
    }

  /* The attack throw: d20 + modifier >= target number */
  if (out->reasons->len == 0 && has_target_number)
    out->p_hit = ph_dice_p_at_least (20, modifier, target_number);
  else
    out->p_hit = 0.0;

  details = ph_ruleset_details_begin (out, &details_storage);
  if (has_target_number)
    ph_ruleset_detail_int (details, "target_number", target_number);
  else
    ph_ruleset_detail_null (details, "target_number");
  if (has_attacks)
    {
      ph_ruleset_detail_int (details, "attacks", attacks);
      ph_ruleset_detail_int (details, "reload_tokens", reload_tokens);
    }
  else
    {
      ph_ruleset_detail_null (details, "attacks");
      ph_ruleset_detail_null (details, "reload_tokens");
    }
  ph_ruleset_detail_boolean (details, "armor_piercing", armor_piercing);
  ph_ruleset_set_details (out, details);
  {
    PhGunsOfWarShot *shot = g_new0 (PhGunsOfWarShot, 1);

    shot->has_target_number = has_target_number;
    shot->target_number = target_number;
    shot->has_attacks = has_attacks;
    shot->attacks = attacks;
    shot->reload_tokens = reload_tokens;
    shot->armor_piercing = armor_piercing;
    ph_assessment_set_shot (out, shot, g_free);
  }

  return TRUE;
}

static void
gow_range_rings (const PhScenario *scenario,
                 const PhFigure   *figure,
                 const PhWeapon   *weapon,
                 gboolean          target_mounted,
                 GArray           *rings)
{
  GowWeapon w;
  PhRangeRing ring;
  int ap, max;

  if (weapon == NULL)
    weapon = ph_figure_first_missile (figure);
  if (weapon == NULL || !gow_weapon (weapon->kind, &w))
    return;

  gow_range (&w, target_mounted, &ap, &max);
  if (ap == max)
    {
      /* a musket's 3/3: one ring, not two drawn on top of each other;
       * the labels say what the ring marks, in words, and their unit
       * ("max range 3 hexes, armour-piercing"), never "AP/max 3" */
      ring.distance = max;
      ring.label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "max range %d hex, armour-piercing",
                                                 "max range %d hexes, armour-piercing", max),
                                    max);
      g_array_append_val (rings, ring);
      return;
    }
  ring.distance = ap;
  ring.label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "armour-piercing to %d hex",
                                             "armour-piercing to %d hexes", ap), ap);
  g_array_append_val (rings, ring);
  ring.distance = max;
  ring.label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "max range %d hex",
                                             "max range %d hexes", max), max);
  g_array_append_val (rings, ring);
}

/* advise: the ways to take a shot, and what each costs */
static const PhShotChoice guns_of_war_choices[] = {
  { "fire", N_("fire (attack sequence)"), { .values = { [PH_GUNS_OF_WAR_OPT_REACTION] = FALSE } }, 0 },
  { "reaction-fire", N_("ready, then fire in reaction"), { .values = { [PH_GUNS_OF_WAR_OPT_REACTION] = TRUE } }, 1 },
};

static const PhShotOption guns_of_war_shot_options[] = {
  [PH_GUNS_OF_WAR_OPT_REACTION] = { "reaction", PH_SHOT_OPTION_FLAG, NULL, N_("Reaction fire") },
};

static char *
guns_of_war_cost (const PhShotChoice *choice,
                  const PhFigure        *shooter,
                  const PhAssessment    *assessment,
                  int                   *order)
{
  gint32 attacks = 0, tokens = 0;
  g_autoptr(GString) s = g_string_new (NULL);

  if (ph_guns_of_war_shot (assessment) != NULL)
    {
      attacks = ph_guns_of_war_shot (assessment)->attacks;
      tokens = ph_guns_of_war_shot (assessment)->reload_tokens;
    }
  *order = tokens + choice->cost;
  if (PH_GUNS_OF_WAR_REACTION (&choice->shot))
    g_string_append (s, _("readies instead of attacking, fires when the enemy acts; "));
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%d attack", "%d attacks", attacks), attacks);
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, ", then %d reload token", ", then %d reload tokens",
                                          tokens), tokens);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static int
guns_of_war_shot_attacks (const PhAssessment *assessment)
{
  const PhGunsOfWarShot *shot = ph_guns_of_war_shot (assessment);

  return shot != NULL && shot->has_attacks ? shot->attacks : 1;
}

extern const PhStatsSchema ph_stats_guns_of_war;

/* House rules (docs/rules.md, "House rules: the options") */
static const PhRulesetOption gow_house_rules[] = {
  { "lamentations", N_("true or false"), "false",
    N_("the optional Lamentations of the Flame Princess rule for the game's shock rolls") },
  { "shock-retreat", N_("a whole number from -20 to 40"), "5",
    N_("the highest 2d6 + morale shock roll that retreats") },
  { "shock-rout", N_("a whole number from -20 to 40"), "2",
    N_("the highest 2d6 + morale shock roll that routs") },
};

/* A new unit: the least Drilled Foot, 20 men with flintlock muskets,
 * attack throw 10, AC 4 */
static void
guns_of_war_figure_template (PhFigure *figure)
{
  PhWeapon w;

  figure->troop = PH_TROOP_LINE;
  ph_ruleset_init_weapon (PH_RULESET_GUNS_OF_WAR, PH_WEAPON_FLINTLOCK_MUSKET, &w);
  g_array_append_val (figure->weapons, w);
  ph_stats_init (figure, &ph_stats_guns_of_war);
  figure->stats.guns_of_war.attack_throw = 10;
  figure->stats.guns_of_war.ac = 4;
}

const PhRuleset ph_ruleset_guns_of_war = {
  .id = PH_RULESET_GUNS_OF_WAR,
  .name = "guns-of-war",
  .dist_unit = PH_DIST_HEX,
  .weapon_bands = FALSE,
  /* a hex map measured centre to centre, 2 in hexes as in the Tithe Barn */
  .unit = PH_UNIT_IN,
  .grid = PH_GRID_HEX,
  .grid_size_in = 2,
  .grid_size_cm = 5,
  .measure = PH_MEASURE_CENTRE,
  .stats = &ph_stats_guns_of_war,
  .figure_template = guns_of_war_figure_template,
  .game = &ph_game_rules_guns_of_war,
  .shot_choices = guns_of_war_choices,
  .n_shot_choices = G_N_ELEMENTS (guns_of_war_choices),
  .shot_options = guns_of_war_shot_options,
  .n_shot_options = G_N_ELEMENTS (guns_of_war_shot_options),
  .shot_attacks = guns_of_war_shot_attacks,
  .shot_cost = guns_of_war_cost,
  .title = "Guns of War",
  .short_title = "Guns of War",
  .has_arc = FALSE,            /* units fire from their hex */
  .figures_block_los = FALSE,
  .has_kill = FALSE,
  .options = gow_house_rules,
  .n_options = G_N_ELEMENTS (gow_house_rules),
  .check_option = gow_check_option,
  .assess = gow_assess,
  .range_rings = gow_range_rings,
};
