/* ph-ruleset-firelock.c: Firelock and Scalplock (Henry Lubbers)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shooting as docs/rules.md ("Firelock and Scalplock") reads the Firelock
 * and Scalplock rules: the weapon formulas (C), acquisition (B.2 to B.4),
 * aiming (D) and the Results and Re-roll tables.
 * Every probability is enumerated over the dice.  Distances are inches (the
 * engine converts a cm table).  Where rules.md leaves a choice open, the
 * reading taken is written in README.md in this folder.
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-character.h"
#include "ph-core.h"
#include "ph-game.h"
#include "ph-stats.h"
#include "ph-ruleset-private.h"
#include "ph-ruleset-firelock.h"

/* B.3: "A result of 8 or better (8,9,0) and the target is acquired" */
#define ACQUIRE_TARGET 8
/* Results Table: "12+ Target receives a fatal wound and dies" */
#define KILL_TARGET 12

typedef enum
{
  FORMULA_NONE,     /* not a Firelock weapon */
  FORMULA_PISTOL,   /* bow, pistol, blunderbuss: (25 - d) x 2, 25" */
  FORMULA_MUSKET,   /* smoothbore musket: (50 - d) x 2, 50" */
  FORMULA_RIFLE,    /* rifle: 100 - d, 100" */
  FORMULA_THROWN,   /* tomahawk or knife thrown: 25% flat, 12" */
} Formula;

/* What a weapon fires as, once a mounted shooter has moved it down a level */
typedef struct
{
  Formula formula;
  gboolean halved;        /* mounted pistol, bow or blunderbuss */
  double range;           /* inches; 0 for FORMULA_NONE */
  const char *fires_as;   /* "a musket" when mounted moved it down, else NULL */
} WeaponUse;

/* The outcomes of a shot, in the order `details.outcomes` lists them */
typedef enum
{
  OUTCOME_MISS,
  OUTCOME_KILLED,
  OUTCOME_5_HITS,
  OUTCOME_4_HITS,
  OUTCOME_3_HITS,
  OUTCOME_2_HITS,
  OUTCOME_1_HIT,
  OUTCOME_NO_EFFECT,
  OUTCOME_ANGRY,
  OUTCOME_VEXED,
  OUTCOME_STARTLED,
  OUTCOME_COWERS,
  OUTCOME_PRONE,
  OUTCOME_RUNS,
  OUTCOME_RUNS_DOUBLE,
  N_OUTCOMES
} Outcome;

static const char * const outcome_names[N_OUTCOMES] = {
  "miss", "killed", "5 hits", "4 hits", "3 hits", "2 hits", "1 hit",
  "no effect", "angry", "vexed", "startled", "cowers", "prone", "runs",
  "runs double",
};

/* "sequencing": the game's card sequencing (src/rulesets/firelock/game.md), one of
 * the text's four ways */
static gboolean
firelock_check_option (const char  *name,
                       const char  *value,
                       GError     **error)
{
  static const char * const modes[] = {
    "cards", "add-subtract", "assigned", "officers-first", NULL
  };

  if (g_str_equal (name, "sequencing") && !g_strv_contains (modes, value))
    {
      g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                   "option 'sequencing' must be one of cards, add-subtract, "
                   "assigned, officers-first, not '%s'", value);
      return FALSE;
    }
  return TRUE;
}

static Formula
formula_on_foot (PhWeaponKind kind)
{
  switch (kind)
    {
    case PH_WEAPON_BOW:
    case PH_WEAPON_PISTOL:
    case PH_WEAPON_BLUNDERBUSS:
      return FORMULA_PISTOL;
    case PH_WEAPON_MUSKET:
      return FORMULA_MUSKET;
    case PH_WEAPON_RIFLE:
      return FORMULA_RIFLE;
    case PH_WEAPON_THROWN:
      return FORMULA_THROWN;
    default:
      /* canister, roundshot, the Guns of War locks: no Firelock formula */
      return FORMULA_NONE;
    }
}

static double
formula_range (Formula formula)
{
  switch (formula)
    {
    case FORMULA_PISTOL:
      return 25.0;   /* "(25" maximum range)" */
    case FORMULA_MUSKET:
      return 50.0;   /* "(50" maximum range)" */
    case FORMULA_RIFLE:
      return 100.0;  /* "(100" maximum range)" */
    case FORMULA_THROWN:
      return 12.0;   /* "the range does [not] exceed 12"" */
    case FORMULA_NONE:
    default:
      return 0.0;
    }
}

/* C: "Mounted weapons move down to the next level, i.e., mounted rifles fire
 * as smoothbores; smoothbores as pistols; pistols cut the percentage chance
 * in half."  rules.md treats bow and blunderbuss as pistols here.  A mounted
 * figure cannot throw: the caller gives that reason. */
static WeaponUse
weapon_use (PhWeaponKind kind,
            gboolean     mounted)
{
  WeaponUse use = { formula_on_foot (kind), FALSE, 0.0, NULL };

  if (mounted)
    {
      switch (use.formula)
        {
        case FORMULA_RIFLE:
          use.formula = FORMULA_MUSKET;
          use.fires_as = _("a musket");
          break;
        case FORMULA_MUSKET:
          use.formula = FORMULA_PISTOL;
          use.fires_as = _("a pistol");
          break;
        case FORMULA_PISTOL:
          use.halved = TRUE;
          break;
        case FORMULA_THROWN:
        case FORMULA_NONE:
        default:
          break;
        }
    }
  use.range = formula_range (use.formula);
  return use;
}

/* The percentage chance to hit at @d inches, before flooring */
static double
formula_chance (Formula formula,
                double  d)
{
  switch (formula)
    {
    case FORMULA_PISTOL:
      return (25.0 - d) * 2.0;   /* "25 - Distance ... X 2" */
    case FORMULA_MUSKET:
      return (50.0 - d) * 2.0;   /* "50 - Distance ... X 2" */
    case FORMULA_RIFLE:
      return 100.0 - d;          /* "100 - Distance to target in inches" */
    case FORMULA_THROWN:
      return 25.0;               /* "25% or less" */
    case FORMULA_NONE:
    default:
      return 0.0;
    }
}

static double
use_chance (const WeaponUse *use,
            double           d)
{
  double chance = formula_chance (use->formula, d);

  return use->halved ? chance / 2.0 : chance;
}

static const char *
article (const char *noun)
{
  return strchr ("aeiou", noun[0]) != NULL ? "an" : "a";
}

static gboolean
shooter_unruly (const PhFigure *shooter)
{
  return (shooter->status & (PH_STATUS_ANGRY | PH_STATUS_VEXED)) != 0;
}

/* B.4, the acquisition modifiers.  Adds each one that applies to @out (when
 * @out is not NULL) and returns their sum. */
static int
acquire_modifiers (const PhShotContext *ctx,
                   const PhShotOptions *options,
                   PhAssessment        *out)
{
  const PhFigure *shooter = ctx->shooter;
  gboolean line = shooter->troop == PH_TROOP_LINE;
  gboolean mounted_cavalry = shooter->troop == PH_TROOP_CAVALRY && shooter->mounted;
  int sum = 0;

#define ADD(label, value)                                 \
  G_STMT_START {                                          \
    sum += (value);                                       \
    if (out != NULL)                                      \
      ph_assessment_add_modifier (out, (label), (value)); \
  } G_STMT_END

  /* "+1 to acquire cavalry": rules.md reads it as a mounted target */
  if (ctx->target->mounted)
    ADD (_("to acquire: target mounted"), 1);
  /* "+5 if the figure has paid IPs to aid spotting": 4 IPs for line
   * infantry or cavalry (rules.md: line, or cavalry while mounted), 2 for
   * all others; an angry or vexed figure "is not eligible for any bonuses" */
  if (PH_FIRELOCK_SPOT (options) && !shooter_unruly (shooter))
    {
      if (line || mounted_cavalry)
        ADD (_("to acquire: paid to spot (4 IPs)"), 5);
      else
        ADD (_("to acquire: paid to spot (2 IPs)"), 5);
    }
  /* "-1 if figure started the turn in a startled state" */
  if (shooter->status & PH_STATUS_STARTLED)
    ADD (_("to acquire: shooter startled"), -1);
  /* "-2 if figure is a line trooper or mounted cavalry trooper" */
  if (line)
    ADD (_("to acquire: line trooper"), -2);
  else if (mounted_cavalry)
    ADD (_("to acquire: mounted cavalry trooper"), -2);
  /* "-2 if figure started turn in a cowering state" */
  if (shooter->status & PH_STATUS_COWERING)
    ADD (_("to acquire: shooter cowering"), -2);
  /* "-4 if figure started turn in a prone position" */
  if (shooter->status & PH_STATUS_PRONE)
    ADD (_("to acquire: shooter prone"), -4);

#undef ADD

  return sum;
}

/* The modifiers of the result roll ("Results of Firing"), added to @out */
static int
result_modifiers (const PhShotContext *ctx,
                  const PhShotOptions *options,
                  PhAssessment        *out)
{
  int sum = 0;

  /* D: aiming; an angry or vexed figure gets no bonuses */
  if (!shooter_unruly (ctx->shooter))
    {
      if (PH_FIRELOCK_AIM (options) == PH_AIM_AIM)
        {
          /* "Aiming costs 2 IPs and gives a +2 modifier" */
          ph_assessment_add_modifier (out, _("result: aimed (2 IPs)"), 2);
          sum += 2;
        }
      else if (PH_FIRELOCK_AIM (options) == PH_AIM_CAREFUL)
        {
          /* "Careful aiming costs 4 IPs and gives a +3 modifier" */
          ph_assessment_add_modifier (out, _("result: carefully aimed (4 IPs)"), 3);
          sum += 3;
        }
    }
  /* "+ 3 Blunderbuss" (the weapon's, mounted or not) */
  if (ctx->weapon != NULL && ctx->weapon->kind == PH_WEAPON_BLUNDERBUSS)
    {
      ph_assessment_add_modifier (out, _("result: blunderbuss"), 3);
      sum += 3;
    }
  switch ((PhFirelockCover) ctx->cover_class)
    {
    case PH_FIRELOCK_COVER_BRUSH:
      /* "- 2 Target is brush/scrub" */
      ph_assessment_add_modifier (out, _("result: target in brush"), -2);
      sum -= 2;
      break;
    case PH_FIRELOCK_COVER_WOODS:
      /* "- 3 Target in woods" */
      ph_assessment_add_modifier (out, _("result: target in woods"), -3);
      sum -= 3;
      break;
    case PH_FIRELOCK_COVER_WORKS:
      /* "- 5 Target in buildings or behind works" */
      ph_assessment_add_modifier (out, _("result: target behind works"), -5);
      sum -= 5;
      break;
    case PH_FIRELOCK_COVER_BUILDING:
      ph_assessment_add_modifier (out, _("result: target in building"), -5);
      sum -= 5;
      break;
    case PH_FIRELOCK_COVER_OPEN:
    default:
      break;
    }
  return sum;
}

/* The outcome of a result roll @total (die + modifiers) that is not a
 * re-roll, or N_OUTCOMES for "6 or less, roll again" */
static Outcome
results_table (int total)
{
  if (total >= KILL_TARGET)
    return OUTCOME_KILLED;
  switch (total)
    {
    case 11: return OUTCOME_5_HITS;
    case 10: return OUTCOME_4_HITS;
    case 9: return OUTCOME_3_HITS;
    case 8: return OUTCOME_2_HITS;
    case 7: return OUTCOME_1_HIT;
    default: return N_OUTCOMES;
    }
}

/* The Re-roll Table, for a total already clamped to 1..10 */
static Outcome
reroll_table (int total)
{
  switch (total)
    {
    case 1:
    case 2:
    case 3: return OUTCOME_NO_EFFECT;
    case 4: return OUTCOME_ANGRY;
    case 5: return OUTCOME_VEXED;
    case 6: return OUTCOME_STARTLED;
    case 7: return OUTCOME_COWERS;
    case 8: return OUTCOME_PRONE;
    case 9: return OUTCOME_RUNS;
    case 10:
    default: return OUTCOME_RUNS_DOUBLE;
    }
}

/* Fills @dist[OUTCOME_KILLED..] with the outcome probabilities given a hit,
 * enumerating the result d10 and, on 6 or less, the re-roll d10 with the
 * same modifiers (as in the rules' sample turn), its total read as 1..10. */
static void
result_distribution (int    modifier,
                     double dist[N_OUTCOMES])
{
  for (int i = 0; i < N_OUTCOMES; i++)
    dist[i] = 0.0;

  for (int die = 1; die <= 10; die++)
    {
      Outcome o = results_table (die + modifier);

      if (o != N_OUTCOMES)
        {
          dist[o] += 1.0 / 10.0;
          continue;
        }
      for (int again = 1; again <= 10; again++)
        dist[reroll_table (CLAMP (again + modifier, 1, 10))] += 1.0 / 100.0;
    }
}

/* Little-endian, as GVariant keeps its framing offsets */
static gsize
put_offset (guchar *at,
            gsize   value,
            gsize   size)
{
  for (gsize k = 0; k < size; k++)
    at[k] = (value >> (8 * k)) & 0xff;
  return size;
}

/* The outcomes, an a{sd} of 15 entries, written straight in GVariant's
 * serialised form (an array of dict entries: each entry, aligned to 8, is
 * its key and NUL, zeros to 8, the double, and the key's end in one byte;
 * after the last, each entry's end in as few bytes as fit the array) and
 * taken as one value: built from 46 values, it was most of a Firelock
 * assessment's time. test-firelock holds it to the builder's bytes. */
static GVariant *
outcomes_variant (double p_hit,
                  const double given_hit[N_OUTCOMES])
{
  guchar *data = g_malloc0 (N_OUTCOMES * 48 + N_OUTCOMES * 2);
  gsize ends[N_OUTCOMES];
  gsize pos = 0, offset_size;

  for (int i = 0; i < N_OUTCOMES; i++)
    {
      gsize key_length = strlen (outcome_names[i]) + 1;
      double value = i == OUTCOME_MISS ? 1.0 - p_hit : p_hit * given_hit[i];
      gsize start;

      pos = (pos + 7) & ~(gsize) 7;
      start = pos;
      memcpy (data + pos, outcome_names[i], key_length);
      pos = start + ((key_length + 7) & ~(gsize) 7);
      memcpy (data + pos, &value, sizeof value);
      pos += sizeof value;
      pos += put_offset (data + pos, key_length, 1);
      ends[i] = pos;
    }
  offset_size = pos + N_OUTCOMES <= G_MAXUINT8 ? 1 : 2;
  g_assert (pos + N_OUTCOMES * offset_size <= G_MAXUINT16);
  for (int i = 0; i < N_OUTCOMES; i++)
    pos += put_offset (data + pos, ends[i], offset_size);
  return g_variant_new_from_data (G_VARIANT_TYPE ("a{sd}"), data, pos, TRUE, g_free, data);
}

static gboolean
firelock_assess (const PhShotContext *ctx,
                 const PhShotOptions *options,
                 PhAssessment        *out,
                 GError             **error)
{
  const PhFigure *shooter = ctx->shooter;
  const PhWeapon *weapon = ctx->weapon;
  /* No missile weapon (the engine said why): no formula, as for a melee kind */
  const PhWeaponKind kind = weapon != NULL ? weapon->kind : PH_WEAPON_UNARMED;
  const char *weapon_name = ph_weapon_kind_to_string (kind);
  WeaponUse use = weapon_use (kind, shooter->mounted);
  double d = ctx->distance;
  double chance = 0.0, p_acquire = 1.0, p_hit = 0.0;
  PhFirelockShot *shot = g_new0 (PhFirelockShot, 1);
  double given_hit[N_OUTCOMES];
  int result_mod;
  GVariantBuilder details_storage, *details;

  details = ph_ruleset_details_begin (out, &details_storage);

  if (weapon == NULL)
    use.formula = FORMULA_NONE;
  else if (use.formula == FORMULA_NONE)
    ph_assessment_add_reason (out, g_str_equal (article (weapon_name), "an")
                                   ? _("an %s is not a Firelock weapon")
                                   : _("a %s is not a Firelock weapon"),
                              ph_weapon_kind_label (kind));

  /* Range and the percentage chance (C) */
  if (use.formula == FORMULA_NONE)
    {
      out->has_max_range = FALSE;
      out->max_range = 0.0;
      out->in_range = FALSE;
    }
  else
    {
      out->has_max_range = TRUE;
      out->max_range = use.range;
      out->in_range = d <= use.range + PH_RANGE_SLACK;
      chance = use_chance (&use, d);

      if (shooter->mounted && use.formula == FORMULA_THROWN)
        ph_assessment_add_reason (out, _("a mounted figure cannot throw"));

      if (!out->in_range)
        {
          g_autofree char *dist = ph_ruleset_format_beyond (d, use.range);

          ph_ruleset_add_out_of_range (out, _("%s in, %s reaches %g in%s"),
                                       dist, ph_weapon_kind_label (kind), use.range,
                                       shooter->mounted ? _(" when mounted") : "");
        }

      /* The mounted level change, as the percent it costs at this distance */
      if (use.fires_as != NULL || use.halved)
        {
          double on_foot = formula_chance (formula_on_foot (kind), d);
          g_autofree char *label = NULL;

          if (use.halved)
            label = g_strdup_printf (_("chance: mounted, %s chance halved"),
                                     ph_weapon_kind_label (kind));
          else
            label = g_strdup_printf (_("chance: mounted, %s fires as %s"),
                                     ph_weapon_kind_label (kind), use.fires_as);
          if (chance - on_foot != 0.0)
            ph_assessment_add_modifier (out, label, chance - on_foot);
        }
    }

  /* Acquisition (B.2 to B.4): automatic against a target in the open, or in
   * cover having fired a black powder weapon this turn */
  if (ctx->cover != PH_COVER_OPEN && !(ctx->target->status & PH_STATUS_FIRED))
    {
      shot->acquire_modifier = acquire_modifiers (ctx, options, out);
      p_acquire = ph_dice_p_at_least (10, shot->acquire_modifier, ACQUIRE_TARGET);
    }

  /* An angry or vexed shooter "is not eligible for any bonuses" (Re-roll
   * Table, 4 and 5): said once, as a modifier worth nothing, since a reason
   * would stop the shot */
  if (shooter_unruly (shooter) && (PH_FIRELOCK_AIM (options) != PH_AIM_NONE || PH_FIRELOCK_SPOT (options)))
    ph_assessment_add_modifier (out,
                                (shooter->status & PH_STATUS_ANGRY)
                                  ? _("angry: not eligible for aim or spot bonuses")
                                  : _("vexed: not eligible for aim or spot bonuses"),
                                0);

  result_mod = result_modifiers (ctx, options, out);
  result_distribution (result_mod, given_hit);

  /* The hits on 1..floor(chance) of d100 (rules.md); ph_dice_p_percent()
   * allows for a distance a hair off a whole percent */
  if (out->reasons->len == 0)
    p_hit = p_acquire * ph_dice_p_percent (chance);

  out->band = NULL;
  out->p_hit = p_hit;
  out->has_p_kill = TRUE;
  out->p_kill = p_hit * given_hit[OUTCOME_KILLED];

  ph_ruleset_detail_double (details, "p_acquire", p_acquire);
  if (use.formula != FORMULA_NONE)
    ph_ruleset_detail_double (details, "chance_percent", chance);
  else
    ph_ruleset_detail_null (details, "chance_percent");
  if (details != NULL)
    g_variant_builder_add_value (details,
                                 g_variant_new_dict_entry (g_variant_new_string ("outcomes"),
                                                           g_variant_new_variant (outcomes_variant (p_hit,
                                                                                                    given_hit))));
  ph_ruleset_set_details (out, details);
  shot->p_acquire = p_acquire;
  shot->has_chance = use.formula != FORMULA_NONE;
  shot->chance_percent = chance;
  shot->result_modifier = result_mod;
  /* as details.outcomes has each, added up in its order */
  shot->p_wound = 0.0;
  for (int i = OUTCOME_KILLED; i <= OUTCOME_1_HIT; i++)
    shot->p_wound += p_hit * given_hit[i];
  ph_assessment_set_shot (out, shot, g_free);
  return TRUE;
}

/* Rings every 5" (ranges up to 25") or 10" with the chance there, then the
 * maximum range */
static void
firelock_range_rings (const PhScenario *scenario,
                      const PhFigure   *figure,
                      const PhWeapon   *weapon,
                      gboolean          target_mounted,
                      GArray           *rings)
{
  WeaponUse use;
  double step;
  PhRangeRing ring;

  if (weapon == NULL)
    weapon = ph_figure_first_missile (figure);
  if (weapon == NULL || !ph_weapon_kind_is_missile (weapon->kind))
    return;
  use = weapon_use (weapon->kind, figure->mounted);
  if (use.formula == FORMULA_NONE
      || (use.formula == FORMULA_THROWN && figure->mounted))
    return;

  /* each ring says what it marks, in words: a bare "80%" left the
   * reader to guess a chance of what */
  step = use.range <= 25.0 ? 5.0 : 10.0;
  if (use.formula != FORMULA_THROWN)
    for (double d = step; d < use.range; d += step)
      {
        ring.distance = d;
        /* TRANSLATORS: a range ring's label: the chance to hit a man
         * standing on the ring */
        ring.label = g_strdup_printf (_("%d%% to hit here"),
                                      ph_dice_percent_faces (use_chance (&use, d)));
        g_array_append_val (rings, ring);
      }
  ring.distance = use.range;
  {
    g_autofree char *range = ph_ruleset_format_number (use.range);
    int chance = ph_dice_percent_faces (use_chance (&use, use.range));

    /* the chance there only when there is one (a thrown weapon's 25%) */
    ring.label = chance > 0
      ? g_strdup_printf (_("max range %s in, %d%% to hit"), range, chance)
      : g_strdup_printf (_("max range %s in"), range);
  }
  g_array_append_val (rings, ring);
}

/* Any wound, killed included: what lists rank by and the threat map
 * shades. A man behind works is acquired as easily as one in the open once
 * he has fired (B.4), and the works take 5 off the result roll: by the
 * chance to hit alone he would look as exposed as in the open. */
static double
firelock_chance_of_wound (const PhAssessment *a)
{
  const PhFirelockShot *shot = ph_firelock_shot (a);

  return shot != NULL ? shot->p_wound : 0.0;
}

static const PhShotEffect firelock_effect = {
  "wound", N_("to wound"), N_("To wound"), N_("wounding shots to expect"),
  N_("an enemy's best chance to wound him there"), firelock_chance_of_wound,
};

/* advise: the ways to take a shot, and what each costs */
static const PhShotChoice firelock_choices[] = {
  { "fire", N_("fire"), { .values = { [PH_FIRELOCK_OPT_AIM] = PH_AIM_NONE } }, 0 },
  { "aim", N_("aim (+2 on the result), fire"), { .values = { [PH_FIRELOCK_OPT_AIM] = PH_AIM_AIM } }, 2 },
  { "careful-aim", N_("careful aim (+3 on the result), fire"), { .values = { [PH_FIRELOCK_OPT_AIM] = PH_AIM_CAREFUL } }, 4 },
  { "spot", N_("pay to spot (+5 to acquire), fire"), { .values = { [PH_FIRELOCK_OPT_SPOT] = TRUE } }, 0 },
  { "spot-aim", N_("pay to spot, aim, fire"), { .values = { [PH_FIRELOCK_OPT_AIM] = PH_AIM_AIM, [PH_FIRELOCK_OPT_SPOT] = TRUE } }, 2 },
  { "spot-careful-aim", N_("pay to spot, careful aim, fire"),
    { .values = { [PH_FIRELOCK_OPT_AIM] = PH_AIM_CAREFUL, [PH_FIRELOCK_OPT_SPOT] = TRUE } }, 4 },
};

static const char * const aim_names[] = { "none", "aim", "careful", NULL };
static const char * const aim_labels[] = { N_("None"), N_("Aim"), N_("Careful"), NULL };
static const char * const aim_help[] = {
  NULL, N_("+2 on the result roll (2 IPs)"), N_("+3 on the result roll (4 IPs)"), NULL
};

static const PhShotOption firelock_shot_options[] = {
  [PH_FIRELOCK_OPT_AIM] = { "aim", PH_SHOT_OPTION_BUTTONS, aim_names, N_("Aim"),
                            aim_labels, aim_help },
  [PH_FIRELOCK_OPT_SPOT] = { "spot", PH_SHOT_OPTION_FLAG, NULL,
                             N_("Pay to spot (+5 to acquire)") },
};

/* rules.md: 4 IPs for line infantry or cavalry while mounted, else 2 */
static int
firelock_spot_ips (const PhFigure *shooter)
{
  return shooter->troop == PH_TROOP_LINE
         || (shooter->troop == PH_TROOP_CAVALRY && shooter->mounted) ? 4 : 2;
}

/* The shot item's words for the spotting or the aim @shooter pays for
 * ("paying 2 IPs to spot"), as the shoot action charges them */
static char *
firelock_shot_doing (const PhFigure      *shooter,
                     const PhShotOptions *options,
                     guint                option)
{
  if (option == PH_FIRELOCK_OPT_SPOT && PH_FIRELOCK_SPOT (options))
    /* TRANSLATORS: "Shoot at Gros Ours, paying 2 IPs to spot (…)" */
    return g_strdup_printf (_("paying %d IPs to spot"), firelock_spot_ips (shooter));
  if (option == PH_FIRELOCK_OPT_AIM && PH_FIRELOCK_AIM (options) == PH_AIM_AIM)
    /* TRANSLATORS: "Shoot at Gros Ours, paying 2 IPs to aim (…)" */
    return g_strdup (_("paying 2 IPs to aim"));
  if (option == PH_FIRELOCK_OPT_AIM && PH_FIRELOCK_AIM (options) == PH_AIM_CAREFUL)
    return g_strdup (_("paying 4 IPs to aim carefully"));
  return NULL;
}

static char *
firelock_cost (const PhShotChoice *choice,
               const PhFigure        *shooter,
               const PhAssessment    *assessment,
               int                   *order)
{
  int spot = PH_FIRELOCK_SPOT (&choice->shot) ? firelock_spot_ips (shooter) : 0;
  int total = choice->cost + spot;
  g_autoptr(GString) s = g_string_new (NULL);

  g_string_printf (s, g_dngettext (GETTEXT_PACKAGE, "%d IP", "%d IPs", total), total);
  if (choice->cost > 0 && spot > 0)
    g_string_append_printf (s, _(": %s %d, spot %d"),
                            PH_FIRELOCK_AIM (&choice->shot) == PH_AIM_CAREFUL ? _("careful aim") : _("aim"),
                            choice->cost, spot);
  else if (choice->cost > 0)
    g_string_append (s, PH_FIRELOCK_AIM (&choice->shot) == PH_AIM_CAREFUL ? _(": careful aim") : _(": aim"));
  else if (spot > 0)
    g_string_append (s, _(": spot"));
  *order = total;
  return g_string_free (g_steal_pointer (&s), FALSE);
}

extern const PhStatsSchema ph_stats_firelock;

/* House rules (docs/rules.md, "House rules: the options") */
static const PhRulesetOption firelock_house_rules[] = {
  { "sequencing", N_("cards, add-subtract, assigned, officers-first"), "cards",
    N_("how the game makes up the card decks (game.md, \"Card sequencing\"); never the odds") },
};

/* A new figure: a light infantryman with musket and tomahawk, of middling
 * bravery (the chart's row for a roll of 5 or 6) */
static void
firelock_figure_template (PhFigure *figure)
{
  static const PhWeaponKind kinds[] = { PH_WEAPON_MUSKET, PH_WEAPON_TOMAHAWK };
  static const int bravery[4] = { 8, 6, 4, 1 };

  figure->troop = PH_TROOP_LIGHT;
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      PhWeapon w;

      ph_ruleset_init_weapon (PH_RULESET_FIRELOCK, kinds[i], &w);
      g_array_append_val (figure->weapons, w);
    }
  ph_stats_init (figure, &ph_stats_firelock);
  memcpy (figure->stats.firelock.bravery, bravery, sizeof bravery);
}

/* B.2 to B.4: the chance to hit a target in cover who has not fired
 * takes the acquisition roll first, "a result of 8 or better" on a d10
 * with its modifiers; said where the chance is shown, as the trial read
 * "27% to hit" with nothing saying so */
static char *
firelock_hit_note (const PhAssessment *a)
{
  const PhFirelockShot *shot = ph_firelock_shot (a);
  int need;

  if (shot == NULL || !a->can_fire || a->p_hit <= 0 || shot->p_acquire >= 1.0)
    return NULL;
  /* the face a d10 must show: 8 less the modifiers, a 0 counting 10 */
  need = CLAMP (ACQUIRE_TARGET - shot->acquire_modifier, 1, 10);
  if (need == 10)
    /* TRANSLATORS: after "27% to hit": what that chance takes */
    return g_strdup (_("spotting him first, 0 on a d10, then the shot"));
  /* TRANSLATORS: after "27% to hit": what that chance takes; "6+": a 6
   * or more */
  return g_strdup_printf (_("spotting him first, %d+ on a d10, then the shot"), need);
}

const PhRuleset ph_ruleset_firelock = {
  .id = PH_RULESET_FIRELOCK,
  .name = "firelock-scalplock",
  .dist_unit = PH_DIST_IN,
  .cover_class = ph_firelock_cover_class,
  .cover_class_name = ph_firelock_cover_class_name,
  .weapon_bands = FALSE,
  .unit = PH_UNIT_IN,
  .grid = PH_GRID_SQUARE,
  .grid_size_in = 1,
  .grid_size_cm = 2.5,
  .measure = PH_MEASURE_EDGE,
  .stats = &ph_stats_firelock,
  .figure_template = firelock_figure_template,
  .game = &ph_game_rules_firelock,
  .roll_character = ph_character_roll_figure,
  .shot_choices = firelock_choices,
  .n_shot_choices = G_N_ELEMENTS (firelock_choices),
  .shot_options = firelock_shot_options,
  .n_shot_options = G_N_ELEMENTS (firelock_shot_options),
  .shot_cost = firelock_cost,
  .hit_note = firelock_hit_note,
  .shot_doing = firelock_shot_doing,
  .title = "Firelock and Scalplock",
  .short_title = "Firelock",
  .has_arc = FALSE,               /* figures turn freely */
  .figures_block_los = FALSE,
  .has_kill = TRUE,
  .effect = &firelock_effect,
  .options = firelock_house_rules,
  .n_options = G_N_ELEMENTS (firelock_house_rules),
  .check_option = firelock_check_option,
  .assess = firelock_assess,
  .range_rings = firelock_range_rings,
};
