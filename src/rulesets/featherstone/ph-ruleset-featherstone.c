/* ph-ruleset-featherstone.c: Skirmish Wargaming (Donald Featherstone)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Firing by the rule text's "Chance of a hit" table and the firing
 * "PERCENTAGE VARIATIONS", thrown on percentage dice (1..100, hits at or
 * under).  Distances are paces: a cm table's centimetres ("1 cm represents
 * 1 pace"), or an inch table's inches at 2.54 paces each; the range bands
 * come from the weapon (the cast list's business, not the rules') and are
 * converted with the distance.  The readings this takes of the text are in
 * README.md in this folder.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-core.h"
#include "ph-game.h"
#include "ph-stats.h"
#include "ph-ruleset-private.h"
#include "ph-ruleset-featherstone.h"

typedef enum { BAND_SHORT, BAND_MEDIUM, BAND_LONG, N_BANDS } Band;

typedef enum
{
  ROW_STANDING,
  ROW_WALKING,
  ROW_RUNNING,
  ROW_KNEELING,
  ROW_GALLOPING,
  ROW_SOFT,
  ROW_HARD,
  N_ROWS
} Row;

static const char * const band_names[N_BANDS] = { "short", "medium", "long" };

static const char * const row_names[N_ROWS] = {
  "standing", "walking", "running", "kneeling", "galloping", "soft", "hard",
};

/* "Chance of a hit": type of target by Short, Medium, Long Range */
static const int base_chance[N_ROWS][N_BANDS] = {
  { 80, 70, 50 },   /* Standing */
  { 70, 60, 40 },   /* Walking or Making an Action */
  { 60, 50, 30 },   /* Running/Trotting */
  { 50, 40, 20 },   /* Kneeling/Charging/Cantering */
  { 40, 30, 10 },   /* Galloping */
  { 20, 10, 0 },    /* Lying/soft cover */
  { 10, 0, -20 },   /* Hard cover */
};

/* "casualty-table": the Casualty Table's numbers are the book's, not the
 * text's; the scenario gives them (format: src/rulesets/featherstone/game.md) */
/* In ph-game-featherstone.c, which reads the table in play */
gboolean ph_featherstone_check_casualty_table (const char *value, GError **error);
gboolean ph_featherstone_check_weapons_table (const char *value, GError **error);

static gboolean
featherstone_check_option (const char  *name,
                           const char  *value,
                           GError     **error)
{
  if (g_str_equal (name, "casualty-table"))
    return ph_featherstone_check_casualty_table (value, error);
  if (g_str_equal (name, "weapons-table"))
    return ph_featherstone_check_weapons_table (value, error);
  return TRUE;
}

/* rules.md: hard cover row if the target's cover is hard; else the
 * lying/soft row if its cover is soft or it is lying; else its stance */
static Row
target_row (const PhShotContext *ctx)
{
  if (ctx->cover == PH_COVER_HARD)
    return ROW_HARD;
  if (ctx->cover == PH_COVER_SOFT || ctx->target->stance == PH_STANCE_LYING)
    return ROW_SOFT;
  switch (ctx->target->stance)
    {
    case PH_STANCE_WALKING:
    case PH_STANCE_ACTION:
      return ROW_WALKING;
    case PH_STANCE_RUNNING:
    case PH_STANCE_TROTTING:
      return ROW_RUNNING;
    case PH_STANCE_KNEELING:
    case PH_STANCE_CHARGING:
    case PH_STANCE_CANTERING:
      return ROW_KNEELING;
    case PH_STANCE_GALLOPING:
      return ROW_GALLOPING;
    case PH_STANCE_STANDING:
    case PH_STANCE_LYING:
    default:
      return ROW_STANDING;
    }
}

static gboolean
stance_is_moving (PhStance stance)
{
  switch (stance)
    {
    case PH_STANCE_WALKING:
    case PH_STANCE_ACTION:
    case PH_STANCE_RUNNING:
    case PH_STANCE_TROTTING:
    case PH_STANCE_CANTERING:
    case PH_STANCE_GALLOPING:
      return TRUE;
    default:
      return FALSE;
    }
}

/* Distances are paces: a cm table's centimetres, or an inch table's inches
 * times 2.54, and the weapons' band limits (in the file's table units) with
 * them. */
static double
paces_per_unit (const PhScenario *scenario)
{
  return 1 / ph_ruleset_table_units_per (PH_RULESET_FEATHERSTONE, &scenario->table);
}

static void
band_limits (const PhScenario *scenario,
             const PhWeapon   *weapon,
             double            limits[])
{
  double k = paces_per_unit (scenario);

  limits[0] = weapon->range_short * k;
  limits[1] = weapon->range_medium * k;
  limits[2] = weapon->range_long * k;
}

/* The firing "PERCENTAGE VARIATIONS" that apply to this shot, added to
 * @out; returns their sum.  @band is N_BANDS when out of range. */
static int
variations (const PhShotContext *ctx,
            const PhShotOptions *options,
            Band                 band,
            PhAssessment        *out)
{
  const PhFigure *shooter = ctx->shooter;
  PhRating rating = PH_RATING_AVERAGE;
  int light = 0, serious = 0;
  int sum = 0;

  /* No featherstone element: an Average, unwounded */
  if (shooter->stats_kind == PH_STATS_FEATHERSTONE)
    {
      rating = shooter->stats.featherstone.rating;
      light = shooter->stats.featherstone.light_wounds;
      serious = shooter->stats.featherstone.serious_wounds;
    }

#define ADD(label, value)                               \
  G_STMT_START {                                        \
    sum += (value);                                     \
    ph_assessment_add_modifier (out, (label), (value)); \
  } G_STMT_END

  /* "Novice shooting -20%", "Veteran shooting +20%" */
  if (rating == PH_RATING_NOVICE)
    ADD (_("novice shooting"), -20);
  else if (rating == PH_RATING_VETERAN)
    ADD (_("veteran shooting"), 20);

  /* "Snap firing Med range -10%", "Snap firing Long range -30%" */
  if (PH_FEATHERSTONE_FIRE (options) == PH_FIRE_SNAP)
    {
      if (band == BAND_MEDIUM)
        ADD (_("snap fire at medium range"), -10);
      else if (band == BAND_LONG)
        ADD (_("snap fire at long range"), -30);
    }

  /* "Walk/Trot/Action -10%", "Running/Cantering/Galloping -20%": the
   * shooter's own movement */
  switch (shooter->stance)
    {
    case PH_STANCE_WALKING:
      ADD (_("shooter walking"), -10);
      break;
    case PH_STANCE_TROTTING:
      ADD (_("shooter trotting"), -10);
      break;
    case PH_STANCE_ACTION:
      ADD (_("shooter making an action"), -10);
      break;
    case PH_STANCE_RUNNING:
      ADD (_("shooter running"), -20);
      break;
    case PH_STANCE_CANTERING:
      ADD (_("shooter cantering"), -20);
      break;
    case PH_STANCE_GALLOPING:
      ADD (_("shooter galloping"), -20);
      break;
    default:
      break;
    }

  /* "Each Light wound -10%", "Each Serious wound -20%" */
  if (light > 0)
    {
      g_autofree char *label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d light wound",
                                                             "%d light wounds", light),
                                                light);
      ADD (label, -10 * light);
    }
  if (serious > 0)
    {
      g_autofree char *label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d serious wound",
                                                             "%d serious wounds", serious),
                                                serious);
      ADD (label, -20 * serious);
    }

  /* "Average Reacting -10%", "Novice Reacting -20%" (Veterans do not
   * suffer: "Averages and Novices are subject to percentage deductions") */
  if (shooter->status & PH_STATUS_REACTING)
    {
      if (rating == PH_RATING_AVERAGE)
        ADD (_("average reacting"), -10);
      else if (rating == PH_RATING_NOVICE)
        ADD (_("novice reacting"), -20);
    }

#undef ADD

  return sum;
}

static gboolean
featherstone_assess (const PhShotContext *ctx,
                     const PhShotOptions *options,
                     PhAssessment        *out,
                     GError             **error)
{
  const PhFigure *shooter = ctx->shooter;
  const PhWeapon *weapon = ctx->weapon;
  const char *weapon_name = weapon != NULL ? ph_weapon_kind_label (weapon->kind) : NULL;
  double d = ctx->distance;
  Band band = N_BANDS;
  Row row = target_row (ctx);
  int sum = 0;
  GVariantBuilder details_storage, *details;

  details = ph_ruleset_details_begin (out, &details_storage);

  if (weapon == NULL)
    {
      /* No missile weapon: the engine gave the reason */
      out->has_max_range = FALSE;
      out->in_range = FALSE;
    }
  else if (!weapon->has_bands)
    {
      /* The loader requires the bands; a model built by hand may lack them */
      ph_assessment_add_reason (out, _("the %s has no range bands (short, medium, long)"),
                                weapon_name);
      out->has_max_range = FALSE;
      out->in_range = FALSE;
    }
  else
    {
      double limits[N_BANDS];

      band_limits (ctx->scenario, weapon, limits);
      out->has_max_range = TRUE;
      out->max_range = limits[BAND_LONG];
      /* A diagonal distance a hair over a band's edge still reads as in it */
      if (d <= limits[BAND_SHORT] + PH_RANGE_SLACK)
        band = BAND_SHORT;
      else if (d <= limits[BAND_MEDIUM] + PH_RANGE_SLACK)
        band = BAND_MEDIUM;
      else if (d <= limits[BAND_LONG] + PH_RANGE_SLACK)
        band = BAND_LONG;
      out->in_range = band != N_BANDS;
      if (!out->in_range)
        {
          g_autofree char *dist = ph_ruleset_format_beyond (d, limits[BAND_LONG]);

          ph_ruleset_add_out_of_range (out, _("%s paces, %s reaches %g paces"),
                                       dist, weapon_name, limits[BAND_LONG]);
        }
    }

  /* "A man may move or make an action while snap-firing"; an aimed shot
   * allows "no other action, nor move" */
  if (shooter->stance == PH_STANCE_CHARGING)
    ph_assessment_add_reason (out, _("charging: cannot fire"));
  else if (PH_FEATHERSTONE_FIRE (options) == PH_FIRE_AIMED && stance_is_moving (shooter->stance))
    ph_assessment_add_reason (out, _("moving: only snap fire is possible"));

  g_free (out->band);
  out->band = band != N_BANDS ? g_strdup (band_names[band]) : NULL;

  if (band != N_BANDS)
    {
      sum = base_chance[row][band] + variations (ctx, options, band, out);
      ph_ruleset_detail_double (details, "chance_percent", sum);
    }
  else
    ph_ruleset_detail_null (details, "chance_percent");
  ph_ruleset_detail_string (details, "row", row_names[row]);
  {
    PhFeatherstoneShot *shot = g_new0 (PhFeatherstoneShot, 1);

    shot->has_chance = band != N_BANDS;
    shot->chance_percent = band != N_BANDS ? sum : 0;
    shot->row = row_names[row];
    ph_assessment_set_shot (out, shot, g_free);
  }

  /* d100, 1..100, hits at or under the chance clamped to 0..100 */
  out->p_hit = (out->reasons->len == 0 && band != N_BANDS)
    ? ph_dice_p_percent (sum) : 0.0;
  out->has_p_kill = FALSE;
  out->p_kill = 0.0;

  ph_ruleset_set_details (out, details);
  return TRUE;
}

static void
featherstone_range_rings (const PhScenario *scenario,
                          const PhFigure   *figure,
                          const PhWeapon   *weapon,
                          gboolean          target_mounted,
                          GArray           *rings)
{
  double limits[N_BANDS];

  if (weapon == NULL)
    weapon = ph_figure_first_missile (figure);
  if (weapon == NULL || !ph_weapon_kind_is_missile (weapon->kind)
      || !weapon->has_bands)
    return;

  band_limits (scenario, weapon, limits);
  for (int b = 0; b < N_BANDS; b++)
    {
      /* what the ring marks, in words, with its paces: "short range to
       * 10 paces" (a bare "short 10" read as a number to roll) */
      double paces = round (limits[b] * 10) / 10;
      g_autofree char *number = ph_ruleset_format_number (paces);
      gulong n = paces == 1 ? 1 : 2;
      PhRangeRing ring = { limits[b], NULL };

      switch (b)
        {
        case BAND_SHORT:
          ring.label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "short range to %s pace",
                                                     "short range to %s paces", n), number);
          break;
        case BAND_MEDIUM:
          ring.label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "medium range to %s pace",
                                                     "medium range to %s paces", n), number);
          break;
        default:
          ring.label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "long range to %s pace",
                                                     "long range to %s paces", n), number);
          break;
        }
      g_array_append_val (rings, ring);
    }
}

/* advise: the ways to take a shot, and what each costs */
static const PhShotChoice featherstone_choices[] = {
  { "snap-fire", N_("snap fire"), { .values = { [PH_FEATHERSTONE_OPT_FIRE] = PH_FIRE_SNAP } }, 1 },
  { "aimed-fire", N_("aimed fire"), { .values = { [PH_FEATHERSTONE_OPT_FIRE] = PH_FIRE_AIMED } }, 2 },
};

static const char * const fire_names[] = { "aimed", "snap", NULL };
static const char * const fire_labels[] = { N_("Aimed"), N_("Snap"), NULL };

static const PhShotOption featherstone_shot_options[] = {
  [PH_FEATHERSTONE_OPT_FIRE] = { "fire", PH_SHOT_OPTION_BUTTONS, fire_names, N_("Fire"),
                                 fire_labels, NULL },
};

static char *
featherstone_cost (const PhShotChoice *choice,
                   const PhFigure        *shooter,
                   const PhAssessment    *assessment,
                   int                   *order)
{
  *order = choice->cost;
  if (PH_FEATHERSTONE_FIRE (&choice->shot) == PH_FIRE_SNAP)
    return g_strdup (_("1 phase: fire now, moving or acting too"));
  return g_strdup (_("2 phases: take a firing position now, fire next phase; "
                     "no other action or move"));
}

extern const PhStatsSchema ph_stats_featherstone;

/* House rules (docs/rules.md, "House rules: the options") */
static const PhRulesetOption featherstone_house_rules[] = {
  { "casualty-table", N_("the book's Casualty Table, as game.md writes it"), NULL,
    N_("the wound letters of a hit in the game; never the chance of a hit") },
  { "weapons-table", N_("the book's Weapons Table: MINE/THEIRS=CHANCE by melee category, "
                        "e.g. '8/7=50 7/8=40'"), NULL,
    N_("a melee's basic chances, read by the men's weapons' melee-category when the "
       "melee action is not given them") },
};

/* A new figure: an average line infantryman with a musket (the usual
 * bands, 50, 100 and 200 paces) and a bayonet */
static void
featherstone_figure_template (PhFigure *figure)
{
  static const PhWeaponKind kinds[] = { PH_WEAPON_MUSKET, PH_WEAPON_BAYONET };

  figure->troop = PH_TROOP_LINE;
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      PhWeapon w;

      ph_ruleset_init_weapon (PH_RULESET_FEATHERSTONE, kinds[i], &w);
      g_array_append_val (figure->weapons, w);
    }
  ph_stats_init (figure, &ph_stats_featherstone);
}

/* The Chance of a Hit table's number the variations are added to: the
 * sum less the variations, as the game's log says it ("target running
 * 50%") */
static char *
featherstone_shot_base (const PhAssessment *a,
                        char              **value)
{
  const PhFeatherstoneShot *shot = ph_featherstone_shot (a);
  double base;

  if (shot == NULL || !shot->has_chance || a->band == NULL || shot->row == NULL)
    return NULL;
  base = shot->chance_percent;
  for (guint i = 0; i < a->modifiers->len; i++)
    base -= g_array_index (a->modifiers, PhModifier, i).value;
  *value = g_strdup_printf ("%g%%", base);
  /* TRANSLATORS: the Chance of a Hit table's row and column, in the
   * book's words: "Chance of a hit: running row, medium range" */
  return g_strdup_printf (_("Chance of a hit: %s row, %s range"), shot->row, a->band);
}

const PhRuleset ph_ruleset_featherstone = {
  .id = PH_RULESET_FEATHERSTONE,
  .name = "featherstone",
  .dist_unit = PH_DIST_CM,
  .weapon_bands = TRUE,
  /* paces: 1 cm is a pace; a 10-pace grid as in the Cacabelos example, and
   * 4 in (about 10 paces) on an inch table */
  .unit = PH_UNIT_CM,
  .grid = PH_GRID_SQUARE,
  .grid_size_in = 4,
  .grid_size_cm = 10,
  .measure = PH_MEASURE_EDGE,
  .stats = &ph_stats_featherstone,
  .figure_template = featherstone_figure_template,
  .game = &ph_game_rules_featherstone,
  .shot_choices = featherstone_choices,
  .n_shot_choices = G_N_ELEMENTS (featherstone_choices),
  .shot_options = featherstone_shot_options,
  .n_shot_options = G_N_ELEMENTS (featherstone_shot_options),
  .shot_cost = featherstone_cost,
  .shot_base = featherstone_shot_base,
  .title = "Skirmish Wargaming (Featherstone)",
  .short_title = "Featherstone",
  .has_arc = FALSE,
  .figures_block_los = FALSE,
  .has_kill = FALSE,
  .options = featherstone_house_rules,
  .n_options = G_N_ELEMENTS (featherstone_house_rules),
  .check_option = featherstone_check_option,
  .assess = featherstone_assess,
  .range_rings = featherstone_range_rings,
};
