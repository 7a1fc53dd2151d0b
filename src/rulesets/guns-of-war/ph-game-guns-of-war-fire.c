/* ph-game-guns-of-war-fire.c: Guns of War's firearm attack sequence, its
 * damage, and shock rolls (after fire, by the referee, from a charge)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The odds of a shot are the rules engine's (ph-ruleset-guns-of-war.c),
 * never recomputed here. src/rulesets/guns-of-war/game.md describes the
 * sequence and every reading.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-guns-of-war-private.h"

/* "all gunpowder weapons deal 1d8 damage" (the text's LOTFP summary; every
 * example's attack sequence is "(1d8 damage)") */
#define GOW_DAMAGE_SIDES 8
/* The shock roll: 2d6 + morale (Domains at War's; not in this text) */
#define GOW_SHOCK_DICE 2
#define GOW_SHOCK_SIDES 6
/* Defaults of the options "shock-rout" and "shock-retreat": the highest
 * totals that rout and retreat. */
#define GOW_DEFAULT_SHOCK_ROUT 2
#define GOW_DEFAULT_SHOCK_RETREAT 5
/* "make just one shock roll, but apply an additional -2 penalty to the roll
 * from smoke and thunder of the guns" */
#define GOW_LAMENTATIONS_PENALTY (-2)
/* "Drilled Foot units which are adjacent to one or more units of Formed
 * Foot gain +2 to shock and morale rolls" */
#define GOW_SECURED_BONUS 2

static int
gow_option_int (PhGame     *game,
                const char *name,
                int         fallback)
{
  const char *value = ph_scenario_get_option (ph_game_get_scenario (game), name);
  gint64 v;

  /* The loader has checked the value (ph-ruleset-guns-of-war.c) */
  if (value == NULL || !g_ascii_string_to_signed (value, 10, -20, 40, &v, NULL))
    return fallback;
  return (int) v;
}

/* The shock roll. "As with magic, anytime a unit is damaged by firearms, a
 * shock roll is required to see if the unit retreats or routs." Its
 * mechanics are Domains at War's: the game rolls 2d6 + morale + modifiers;
 * a total of "shock-rout" (2) or less routs (the fled marker), of
 * "shock-retreat" (5) or less retreats (the shaken marker, cleared at the
 * end of the turn; after fire and after a charge it falls back a hex from
 * the enemy: ph_guns_of_war_fall_back()), else the unit stands. The outcome is also the figure variable "shock". */
void
ph_guns_of_war_shock_roll (PhGame         *game,
                           PhFigure       *unit,
                           const char     *why,
                           int             modifier,
                           const char     *modifier_text,
                           GString        *log)
{
  const PhGunsOfWarStats *stats = gow_stats (unit);
  int morale = stats != NULL ? stats->morale : 0;
  int rout = gow_option_int (game, "shock-rout", GOW_DEFAULT_SHOCK_ROUT);
  int retreat = gow_option_int (game, "shock-retreat", GOW_DEFAULT_SHOCK_RETREAT);
  const PhRoll *roll;
  int dice;
  int total;
  const char *outcome;
  /* a morale of 0 adds nothing and is not written ("+ morale +0"); the
   * dice are the log's to name after the purpose ("...: 2d6 rolled 3 4"),
   * never the purpose's too */
  g_autofree char *adding = morale != 0
                            ? g_strdup_printf (_(", adding morale %+d"), morale)
                            : g_strdup ("");

  /* TRANSLATORS: "shock roll for 1st Foot (damaged by firearms), adding
   * morale +1, secured by Formed Foot +2" */
  roll = ph_game_roll (game, GOW_SHOCK_DICE, GOW_SHOCK_SIDES, unit->id,
                       _("shock roll for %s (%s)%s%s%s"),
                       gow_name (unit), why, adding,
                       *modifier_text != '\0' ? ", " : "", modifier_text);
  dice = roll->total;
  total = dice + morale + modifier;

  if (total <= rout)
    {
      outcome = "routed";
      ph_game_set_status (game, unit->id, PH_STATUS_FLED, TRUE);
    }
  else if (total <= retreat)
    {
      outcome = "retreated";
      ph_game_set_status (game, unit->id, PH_STATUS_SHAKEN, TRUE);
    }
  else
    outcome = "stood";
  ph_game_set_figure_var (game, unit->id, "shock", outcome);

  g_string_append_printf (log, _("%s makes a shock roll (%s): 2d6 rolled %d"),
                          gow_name (unit), why, dice);
  if (morale != 0)
    g_string_append_printf (log, _(", morale %+d"), morale);
  if (*modifier_text != '\0')
    g_string_append_printf (log, ", %s", modifier_text);
  g_string_append_printf (log, _(", total %d: %s"), total,
                          g_str_equal (outcome, "routed") ? _("it routs")
                          : g_str_equal (outcome, "retreated") ? _("it retreats")
                          : _("it stands"));
}

/* "Secured by Formed Foot: Drilled Foot units which are adjacent to one
 * or more units of Formed Foot gain +2 to shock and morale rolls, and are
 * not shocked by cavalry": the Formed Foot unit of @unit's side in a hex
 * next to its own, or NULL (also for a unit that is not Drilled Foot, or
 * a table without hexes) */
const PhFigure *
ph_guns_of_war_secured_by (PhGame         *game,
                           const PhFigure *unit)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const PhGunsOfWarStats *stats = gow_stats (unit);
  double size = scenario->table.grid_size;
  PhHex hex;

  if (stats == NULL || stats->formation != PH_FORMATION_DF
      || scenario->table.grid != PH_GRID_HEX || size <= 0)
    return NULL;
  hex = ph_hex_from_point ((PhPoint) { unit->x, unit->y }, size);
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *other = g_ptr_array_index (scenario->figures, i);
      const PhGunsOfWarStats *os = gow_stats (other);

      if (other == unit || os == NULL || os->formation != PH_FORMATION_FF
          || ph_figure_is_off_table (other) || g_strcmp0 (other->side, unit->side) != 0)
        continue;
      if (ph_hex_distance (hex, ph_hex_from_point ((PhPoint) { other->x, other->y }, size)) == 1)
        return other;
    }
  return NULL;
}

/* "shoot": one firearm attack sequence */
gboolean
ph_guns_of_war_action_shoot (PhGame      *game,
                             GHashTable  *args,
                             GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *shooter, *target;
  const PhGunsOfWarStats *shooter_stats, *target_stats;
  gboolean reaction, secured;
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhAssessment) a = NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GString) mods = g_string_new (NULL);
  g_autofree int *throws = NULL;
  const PhRoll *roll;
  const PhGunsOfWarShot *shot;
  int target_number, attacks, tokens_gained;
  gboolean armor_piercing = FALSE;
  int modifier = 0;
  int hits = 0;
  int damage = 0;
  gboolean destroyed = FALSE;
  gboolean lamentations;

  if ((shooter = gow_figure_arg (game, args, "figure", error)) == NULL
      || (target = gow_figure_arg (game, args, "target", error)) == NULL
      || !gow_bool_arg (args, "reaction", &reaction, error)
      /* secured: as the hex map has it, unless the referee says */
      || !ph_game_arg_bool (args, "secured", ph_guns_of_war_secured_by (game, target) != NULL,
                            &secured, error))
    return FALSE;
  if (shooter == target)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("%s cannot fire at itself"), gow_name (shooter));
      return FALSE;
    }
  if (!ph_guns_of_war_check_on_table (shooter, error)
      || !ph_guns_of_war_check_on_table (target, error)
      || (shooter_stats = ph_guns_of_war_require_stats (shooter, error)) == NULL
      || (target_stats = ph_guns_of_war_require_stats (target, error)) == NULL)
    return FALSE;
  if (secured && target_stats->formation != PH_FORMATION_DF)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("only Drilled Foot are secured by Formed Foot (%s is %s)"),
                   gow_name (target), ph_formation_words (target_stats->formation));
      return FALSE;
    }
  if (shooter->status & PH_STATUS_FIRED)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has already fired this turn"), gow_name (shooter));
      return FALSE;
    }
  /* "To be eligible to fire, a firearm-equipped unit must not have any
   * reload tokens." */
  if (shooter_stats->reload_tokens > 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s has %d reload token: it may not fire until it has "
                                "none (one comes off at the end of each movement sequence "
                                "in which it stands fast)",
                                "%s has %d reload tokens: it may not fire until it has "
                                "none (one comes off at the end of each movement sequence "
                                "in which it stands fast)", shooter_stats->reload_tokens),
                   gow_name (shooter), shooter_stats->reload_tokens);
      return FALSE;
    }

  /* The engine says whether and with what odds: range, armour piercing,
   * the musket fork penalty (not for reaction fire), the number of attacks
   * and the reload tokens. */
  options.values[PH_GUNS_OF_WAR_OPT_REACTION] = reaction;
  a = ph_engine_assess_figures (scenario, shooter, target, &options, error);
  if (a == NULL)
    return FALSE;
  if (!a->can_fire)
    {
      g_autofree char *why = ph_game_reasons_text (a);

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s cannot fire at %s: %s"), gow_name (shooter),
                   gow_name (target), why[0] != '\0' ? why : _("not possible"));
      return FALSE;
    }
  shot = ph_guns_of_war_shot (a);
  if (shot == NULL || !shot->has_target_number || !shot->has_attacks)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("the rules engine gave no target number or number of "
                     "attacks for %s firing at %s"), gow_name (shooter),
                   gow_name (target));
      return FALSE;
    }
  target_number = shot->target_number;
  attacks = shot->attacks;
  tokens_gained = shot->reload_tokens;
  armor_piercing = shot->armor_piercing;
  for (guint i = 0; i < a->modifiers->len; i++)
    {
      const PhModifier *m = &g_array_index (a->modifiers, PhModifier, i);

      if (lround (m->value) == 0)
        continue; /* adds nothing: never written "+0" */
      modifier += (int) lround (m->value);
      g_string_append_printf (mods, ", %s %+d", m->label, (int) lround (m->value));
      /* the modifiers are said in the brackets after the number needed */
    }

  ph_game_set_event_figure (game, shooter->id);
  /* "Tercio fired in reaction at Dutch Foot: 3 hexes, armour-piercing
   * range, 4 attacks needing 14 or more on the d20 (target number 12,
   * musket fired after moving -2)": one wording for the number a throw
   * needs, in the log and the dice alike */
  g_string_append_printf (log, reaction ? _("%s fired in reaction at %s: ") : _("%s fired at %s: "),
                          gow_name (shooter), gow_name (target));
  g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE, "%g hex", "%g hexes", (gulong) a->distance), a->distance);
  g_string_append (log, armor_piercing ? _(", armour-piercing range")
                   : _(", beyond armour-piercing range"));
  g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE, ", %d attack needing %d or more on the d20",
                                            ", %d attacks needing %d or more on the d20", attacks),
                          attacks, target_number - modifier);
  if (modifier != 0)
    /* TRANSLATORS: the second %s is a list of modifiers, each starting
     * with ", " */
    g_string_append_printf (log, _(" (target number %d%s)"), target_number, mods->str);

  /* Attack throws: "Firearms are missile weapons handled according to the
   * rules for Attack Sequences": one d20 per attack, a hit when the throw
   * plus modifiers reaches the target number. */
  roll = ph_game_roll (game, attacks, 20, shooter->id,
                       g_dngettext (GETTEXT_PACKAGE, "attack throw of %s at %s, needing %d or more",
                                    "attack throws of %s at %s, each needing %d or more", attacks),
                       gow_name (shooter), gow_name (target), target_number - modifier);
  throws = g_new (int, attacks);
  memcpy (throws, roll->values, sizeof (int) * attacks);
  g_string_append (log, _(", rolled"));
  for (int i = 0; i < attacks; i++)
    {
      g_string_append_printf (log, "%s %d", i > 0 ? "," : "", throws[i]);
      if (throws[i] + modifier >= target_number)
        hits++;
    }
  g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE, ": %d hit", ": %d hits", hits), hits);

  /* "all gunpowder weapons deal 1d8 damage" */
  if (hits > 0)
    {
      roll = ph_game_roll (game, hits, GOW_DAMAGE_SIDES, target->id,
                           g_dngettext (GETTEXT_PACKAGE, "damage to %s: 1d8 per hit, %d hit",
                                        "damage to %s: 1d8 per hit, %d hits", hits),
                           gow_name (target), hits);
      damage = roll->total;
      g_string_append_printf (log, _(", damage %dd8 = %d"), hits, damage);
    }

  /* What a withdrawal may take back of it, this turn */
  if (damage > 0)
    ph_game_set_figure_var_int (game, target->id, "fire-damage", damage);
  /* The damage comes off the target's unit hit points. */
  lamentations = ph_guns_of_war_option_bool (game, "lamentations");
  {
    gboolean half = FALSE;
    gboolean half_known = FALSE;

    if (damage > 0 && target_stats->has_uhp)
      {
        int old_uhp = target_stats->uhp;
        int new_uhp = MAX (0, old_uhp - damage);
        int max_uhp = ph_game_get_figure_var_int (game, target->id, "max-uhp", -1);

        if (max_uhp < 0)
          {
            max_uhp = old_uhp;
            ph_game_set_figure_var_int (game, target->id, "max-uhp", max_uhp);
          }
        if (!ph_guns_of_war_set_int_attr (game, target, "guns-of-war.uhp", new_uhp, error))
          return FALSE;
        g_string_append_printf (log, _(", hit points of %s %d -> %d"), gow_name (target),
                                old_uhp, new_uhp);
        half_known = TRUE;
        half = 2 * new_uhp <= max_uhp;
        if (new_uhp == 0)
          {
            /* a unit with no uhp left is destroyed and makes no shock
             * roll */
            destroyed = TRUE;
            ph_game_set_status (game, target->id, PH_STATUS_DEAD, TRUE);
            g_string_append (log, _(", destroyed"));
          }
      }
    else if (damage > 0)
      {
        int total = ph_game_get_figure_var_int (game, target->id, "damage", 0) + damage;

        ph_game_set_figure_var_int (game, target->id, "damage", total);
        g_string_append_printf (log, _("; %s has no hit points on its roster, so the game keeps "
                                       "count of its damage: %d so far"),
                                gow_name (target), total);
      }

    /* "Place the number of reloading tokens indicated for that unit when it
     * completes its missile attack sequence." */
    if (tokens_gained > 0)
      {
        if (!ph_guns_of_war_set_int_attr (game, shooter, "guns-of-war.reload-tokens",
                               shooter_stats->reload_tokens + tokens_gained, error))
          return FALSE;
        g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE, "; %s gains %d reload token",
                                                  "; %s gains %d reload tokens", tokens_gained),
                                gow_name (shooter), tokens_gained);
      }
    ph_game_set_status (game, shooter->id, PH_STATUS_FIRED, TRUE);
    /* a readied unit has made its attack */
    ph_game_set_figure_var (game, shooter->id, "ready", NULL);
    /* It fires in the missile phase, after the movement phase: a unit that
     * has not moved stood fast (with no tokens to remove, or it could not
     * fire). Reaction fire comes during the enemy's movement. */
    if (!reaction && ph_game_get_figure_var (game, shooter->id, "movement") == NULL)
      ph_game_set_figure_var (game, shooter->id, "movement", "stood");
    g_string_append_c (log, '.');

    if (!destroyed)
      {
        gboolean thunder = FALSE;
        int mod = 0;
        g_autoptr(GString) mod_text = g_string_new (NULL);
        const char *why = NULL;

        if (secured)
          {
            mod += GOW_SECURED_BONUS;
            g_string_append_printf (mod_text, _("secured by Formed Foot %+d"),
                                    GOW_SECURED_BONUS);
          }
        if (!lamentations)
          {
            /* "Smoke and Thunder: ... anytime a unit is damaged by
             * firearms, a shock roll is required". Reduced to half its uhp
             * by the same attack, it still makes one roll. */
            if (damage > 0)
              {
                thunder = TRUE;
                why = _("damaged by firearms");
              }
          }
        else
          {
            /* "Anytime a unit with morale of 0 or less is the target of an
             * attack sequence from firearms ..., the unit must make a shock
             * roll at the end of the sequence ... regardless of whether
             * the unit is damaged"; "A unit normally makes a shock roll
             * when an attack reduces it to ½ or less of its maximum uhp";
             * both: "make just one shock roll, but apply an additional -2
             * penalty". */
            gboolean low_morale = target_stats->morale <= 0;
            gboolean heavy = damage > 0 && half;

            if (low_morale && heavy)
              {
                thunder = TRUE;
                why = _("morale 0 or less under fire, and reduced to half its "
                        "hit points or less");
                mod += GOW_LAMENTATIONS_PENALTY;
                g_string_append_printf (mod_text, _("%ssmoke and thunder %+d"),
                                        mod_text->len > 0 ? ", " : "",
                                        GOW_LAMENTATIONS_PENALTY);
              }
            else if (low_morale)
              {
                thunder = TRUE;
                why = _("morale 0 or less under fire");
              }
            else if (heavy)
              {
                thunder = TRUE;
                why = _("reduced to half its hit points or less");
              }
            else if (damage > 0 && !half_known)
              g_string_append_printf (log, _(" %s has no hit points on its roster: the referee "
                                             "decides whether it is down to half its hit points "
                                             "and must make a shock roll."),
                                      gow_name (target));
          }
        if (thunder)
          {
            g_string_append_c (log, ' ');
            ph_guns_of_war_shock_roll (game, target, why, mod, mod_text->str, log);
            /* it falls back from the fire as from a charge (game.md) */
            if (g_strcmp0 (ph_game_get_figure_var (game, target->id, "shock"), "retreated") == 0)
              {
                char left[PH_HEX_NAME_SIZE];

                if (!ph_guns_of_war_fall_back (game, target, shooter, log, left, error))
                  return FALSE;
              }
            g_string_append_c (log, '.');
          }
      }
  }

  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* "shock-roll": for a cause the game does not see (a cavalry charge's
 * "Shocked by Cavalry", magic...) */
gboolean
ph_guns_of_war_action_shock_roll (PhGame      *game,
                                  GHashTable  *args,
                                  GError     **error)
{
  PhFigure *unit;
  const PhGunsOfWarStats *stats;
  gboolean secured, has_mod;
  double extra = 0;
  int mod = 0;
  g_autoptr(GString) mod_text = g_string_new (NULL);
  g_autoptr(GString) log = g_string_new (NULL);

  if ((unit = gow_figure_arg (game, args, "figure", error)) == NULL
      || !ph_guns_of_war_check_on_table (unit, error)
      || (stats = ph_guns_of_war_require_stats (unit, error)) == NULL
      || !ph_game_arg_bool (args, "secured", ph_guns_of_war_secured_by (game, unit) != NULL,
                            &secured, error)
      || !gow_number_arg (args, "modifier", &has_mod, &extra, error))
    return FALSE;
  if (has_mod && extra != floor (extra))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("the modifier must be a whole number, not %g"), extra);
      return FALSE;
    }
  if (secured && stats->formation != PH_FORMATION_DF)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("only Drilled Foot are secured by Formed Foot (%s is %s)"),
                   gow_name (unit), ph_formation_words (stats->formation));
      return FALSE;
    }
  if (secured)
    {
      mod += GOW_SECURED_BONUS;
      g_string_append_printf (mod_text, _("secured by Formed Foot %+d"),
                              GOW_SECURED_BONUS);
    }
  if (has_mod && extra != 0)
    {
      mod += (int) extra;
      g_string_append_printf (mod_text, _("%smodifier %+d"),
                              mod_text->len > 0 ? ", " : "", (int) extra);
    }
  ph_game_set_event_figure (game, unit->id);
  ph_guns_of_war_shock_roll (game, unit, _("called by the referee"), mod, mod_text->str, log);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}


/* A cavalry charge's odds, as ph_guns_of_war_action_charge() makes its
 * shock roll: Drilled or Undrilled Foot not secured by Formed Foot roll
 * 2d6 + morale, routing at the house rule shock-rout or less and
 * retreating at shock-retreat or less; others make none.  Exact. */
char *
ph_guns_of_war_target_odds (PhGame         *game,
                            const char     *action,
                            const PhFigure *figure,
                            const PhFigure *target,
                            GHashTable     *args)
{
  const PhGunsOfWarStats *stats = gow_stats (target);
  int rout = gow_option_int (game, "shock-rout", GOW_DEFAULT_SHOCK_ROUT);
  int retreat = gow_option_int (game, "shock-retreat", GOW_DEFAULT_SHOCK_RETREAT);
  int routs = 0, retreats = 0;

  if (!g_str_equal (action, "charge") || stats == NULL)
    return NULL;
  if ((stats->formation != PH_FORMATION_DF && stats->formation != PH_FORMATION_UF)
      || ph_guns_of_war_secured_by (game, target) != NULL)
    /* TRANSLATORS: what a cavalry charge does to a unit that makes no
     * shock roll */
    return g_strdup (_("no shock roll"));
  for (int a = 1; a <= GOW_SHOCK_SIDES; a++)
    for (int b = 1; b <= GOW_SHOCK_SIDES; b++)
      {
        int total = a + b + stats->morale;

        routs += total <= rout;
        retreats += total > rout && total <= retreat;
      }
  /* TRANSLATORS: a cavalry charge's odds: "3% to rout them, 25% to make
   * them retreat" (the target's shock roll) */
  return g_strdup_printf (_("%.0f%% to rout them, %.0f%% to make them retreat"),
                          routs / 36.0 * 100, retreats / 36.0 * 100);
}
