/* ph-game-mayhem-melee.c: a game of Musket Mayhem: hand-to-hand combat
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Melee: the modifiers (bayonets against shorter weapons and the rest) and
 * the fight itself.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-mayhem-private.h"

/* ---------------------------------------------------------------------- */
/* Melee                                                                  */

/* "+1 for troops armed with bayonets against opponents with shorter
 * weapons such as tomahawks": a bayonet against no bayonet, lance or
 * spear */
static gboolean
bayonet_vs_shorter (const PhFigure *figure,
                    const PhFigure *opponent)
{
  return ph_figure_find_weapon (figure, PH_WEAPON_BAYONET) != NULL
    && ph_figure_find_weapon (opponent, PH_WEAPON_BAYONET) == NULL
    && ph_figure_find_weapon (opponent, PH_WEAPON_LANCE) == NULL
    && ph_figure_find_weapon (opponent, PH_WEAPON_SPEAR) == NULL;
}

/* One side's skill die modifiers; "@prefix" is "" for the attacker and
 * "target-" for the defender */
static gboolean
melee_modifiers (GHashTable      *args,
                 const char      *prefix,
                 const PhFigure  *figure,
                 const PhFigure  *opponent,
                 gboolean         attacker,
                 int             *total,
                 GString         *words,
                 GError         **error)
{
  g_autofree char *k_superior = g_strconcat (prefix, "superior", NULL);
  g_autofree char *k_shock = g_strconcat (prefix, "shock", NULL);
  g_autofree char *k_bayonet = g_strconcat (prefix, "bayonet-vs-shorter", NULL);
  gboolean superior, shock, bayonet, rear = FALSE;

  if (!mm_arg_bool (args, k_superior, figure->mounted && !opponent->mounted,
                    &superior, error)
      || !mm_arg_bool (args, k_shock, figure->stats_kind == PH_STATS_MAYHEM
                       && figure->stats.mayhem.shock, &shock, error)
      || !mm_arg_bool (args, k_bayonet, bayonet_vs_shorter (figure, opponent),
                       &bayonet, error))
    return FALSE;
  if (attacker && !mm_arg_bool (args, "rear-or-side", FALSE, &rear, error))
    return FALSE;

  *total = 0;
  /* "+1 if leader" */
  if (figure->leader)
    {
      *total += 1;
      g_string_append (words, _(" +1 leader"));
    }
  /* "+1 if defending an obstacle or in some other superior position (e.g.
   * up hill, at a stream bank, mounted)" */
  if (superior)
    {
      *total += 1;
      g_string_append (words, _(" +1 superior position"));
    }
  /* "+2 if attacking from the rear or side." */
  if (rear)
    {
      *total += 2;
      g_string_append (words, _(" +2 rear or side"));
    }
  /* "+1 if 'shock troops' eager to close and melee" */
  if (shock)
    {
      *total += 1;
      g_string_append (words, _(" +1 shock troops"));
    }
  if (bayonet)
    {
      *total += 1;
      g_string_append (words, _(" +1 bayonet against a shorter weapon"));
    }
  return TRUE;
}

/* One man's melee skill die, its purpose with his modifier, none written
 * when it is 0 ("Jones +0" read as a modifier forgotten) */
static const PhRoll *
melee_die (PhGame         *game,
           const PhFigure *figure,
           int             modifier,
           gboolean        reroll)
{
  if (modifier != 0)
    return ph_game_roll (game, 1, 6, figure->id,
                         reroll ? _("melee skill die re-rolled (re-roll token): %s %+d")
                                : _("melee skill die: %s %+d"),
                         ph_mayhem_fig_name (figure), modifier);
  return ph_game_roll (game, 1, 6, figure->id,
                       reroll ? _("melee skill die re-rolled (re-roll token): %s")
                              : _("melee skill die: %s"),
                       ph_mayhem_fig_name (figure));
}

/* "Smith rolled 4", or with modifiers "Smith rolled 4 +1 mounted = 5":
 * a total is written only when something is added */
static void
append_score (GString        *text,
              const PhFigure *figure,
              int             die,
              const char     *mods,
              int             score)
{
  g_string_append_printf (text, _("%s rolled %d"), ph_mayhem_fig_name (figure), die);
  if (*mods != '\0')
    g_string_append_printf (text, "%s = %d", mods, score);
}

gboolean
ph_mayhem_action_melee (PhGame      *game,
                 GHashTable  *args,
                 GError     **error)
{
  PhFigure *attacker = ph_mayhem_arg_figure (game, args, "figure", error);
  PhFigure *defender;
  PhFigure *winner, *loser;
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GString) amods = g_string_new (NULL);
  g_autoptr (GString) dmods = g_string_new (NULL);
  const PhRoll *roll;
  gboolean use_reroll, use_save;
  int am, dm, adie, ddie, ascore, dscore, armament;

  if (attacker == NULL)
    return FALSE;
  defender = ph_mayhem_arg_figure (game, args, "target", error);
  if (defender == NULL)
    return FALSE;
  if (defender == attacker)
    return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION, _("%s cannot fight itself"),
                    ph_mayhem_fig_name (attacker));
  if (!melee_modifiers (args, "", attacker, defender, TRUE, &am, amods, error)
      || !melee_modifiers (args, "target-", defender, attacker, FALSE, &dm, dmods, error)
      || !mm_arg_bool (args, "use-reroll", FALSE, &use_reroll, error)
      || !mm_arg_bool (args, "use-save", FALSE, &use_save, error))
    return FALSE;
  /* "he resolves movement group by group, and then resolves all
   * hand-to-hand combat figure by figure"; "The player whose turn it is
   * decides the order in which combats are fought." */
  if (!ph_mayhem_check_own_turn (game, attacker, TRUE, error))
    return FALSE;
  if (g_strcmp0 (defender->side, attacker->side) == 0)
    return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION, _("%s and %s are on the same side"),
                    ph_mayhem_fig_name (attacker), ph_mayhem_fig_name (defender));
  /* "Figures are in contact if any part of their front edge is contacting
   * an enemy figure, or if they are contacted by any part of the front
   * edge of an enemy figure" */
  if (!ph_game_check_contact (game, attacker, defender, TRUE, args, text, error))
    return FALSE;

  if (g_strcmp0 (ph_game_get_var (game, "phase"), PHASE_MELEE) != 0)
    ph_game_set_var (game, "phase", PHASE_MELEE);
  ph_mayhem_set_status (game, attacker, PH_STATUS_MELEE, TRUE);
  ph_mayhem_set_status (game, defender, PH_STATUS_MELEE, TRUE);
  /* he has fought this go: the game leads to the next man in contact */
  ph_game_set_figure_var (game, attacker->id, VAR_FOUGHT, "true");

  /* "each player rolls a skill die, adds any applicable modifiers, and
   * compares it to the skill die of the opponent" */
  roll = melee_die (game, attacker, am, FALSE);
  adie = roll->total;
  roll = melee_die (game, defender, dm, FALSE);
  ddie = roll->total;
  ascore = adie + am;
  dscore = ddie + dm;
  g_string_append_printf (text, _("%s fights %s: "), ph_mayhem_fig_name (attacker),
                          ph_mayhem_fig_name (defender));
  append_score (text, attacker, adie, amods->str, ascore);
  g_string_append (text, ", ");
  append_score (text, defender, ddie, dmods->str, dscore);
  if (ascore < dscore && use_reroll && ph_mayhem_rerolls_of (attacker) > 0)
    {
      if (!ph_mayhem_spend_token (game, attacker, "mayhem.rerolls", ph_mayhem_rerolls_of (attacker), error))
        return FALSE;
      roll = melee_die (game, attacker, am, TRUE);
      adie = roll->total;
      ascore = adie + am;
      g_string_append_printf (text, _("; %s's re-roll token: rolled %d"),
                              ph_mayhem_fig_name (attacker), adie);
      if (am != 0)
        g_string_append_printf (text, " %c %d = %d", am < 0 ? '-' : '+', ABS (am), ascore);
    }

  if (ascore == dscore)
    {
      /* "If the score is tied, then neither figure is affected." */
      g_string_append (text, _(": tied, neither is affected"));
      ph_game_set_event_figure (game, attacker->id);
      ph_game_log (game, "%s", text->str);
      return TRUE;
    }
  winner = ascore > dscore ? attacker : defender;
  loser = ascore > dscore ? defender : attacker;
  armament = ph_mayhem_armament_of (winner);

  /* "If a hit is scored, the results die is compared to the armament of
   * the attacking figure. If the results value is equal to or higher than
   * the armament value, the target figure is removed from the game. If
   * not, the losing figure checks courage as in fire combat." */
  roll = ph_game_roll (game, 1, 6, loser->id, _("melee results die: %s's armament %d"),
                       ph_mayhem_fig_name (winner), armament);
  g_string_append_printf (text, _(": %s hits; results die %d against armament %d"),
                          ph_mayhem_fig_name (winner), roll->total, armament);
  if (roll->total >= armament)
    {
      if (use_save && ph_mayhem_saves_of (loser) > 0)
        {
          if (!ph_mayhem_spend_token (game, loser, "mayhem.saves", ph_mayhem_saves_of (loser), error))
            return FALSE;
          g_string_append_printf (text, _(": %s would be removed, but spends a save token"),
                                  ph_mayhem_fig_name (loser));
        }
      else
        {
          g_string_append_printf (text, _(": %s is removed"), ph_mayhem_fig_name (loser));
          ph_mayhem_set_status (game, loser, PH_STATUS_MELEE, FALSE);
          ph_mayhem_set_status (game, winner, PH_STATUS_MELEE, FALSE);
          ph_mayhem_set_status (game, loser, PH_STATUS_DEAD, TRUE);
        }
    }
  else
    {
      g_autoptr (GPtrArray) group = g_ptr_array_new ();

      g_ptr_array_add (group, loser);
      g_string_append_printf (text, "; %s: ", ph_mayhem_fig_name (loser));
      if (!ph_mayhem_courage_check (game, group, TRIGGER_HIT, winner->id, FALSE, use_save,
                             text, error))
        return FALSE;
      if (!(loser->status & PH_STATUS_MELEE))
        ph_mayhem_set_status (game, winner, PH_STATUS_MELEE, FALSE);
    }
  ph_game_set_event_figure (game, attacker->id);
  ph_game_log (game, "%s", text->str);
  return TRUE;
}

/* The first enemy on the table @figure is in contact with, as the melee
 * reads contact (bases touching, a front edge in it), or NULL */
const PhFigure *
ph_mayhem_enemy_in_contact (PhGame         *game,
                            const PhFigure *figure)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autoptr (GHashTable) none = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GString) scratch = g_string_new (NULL);

  if (ph_figure_is_off_table (figure))
    return NULL;
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *other = g_ptr_array_index (scenario->figures, i);

      if (g_strcmp0 (other->side, figure->side) == 0 || ph_figure_is_off_table (other))
        continue;
      if (ph_game_check_contact (game, figure, other, TRUE, none, scratch, NULL))
        return other;
    }
  return NULL;
}

/* "he resolves movement group by group, and then resolves all
 * hand-to-hand combat figure by figure": the first man of the active side
 * in contact with an enemy (*@enemy) who has not fought this go, or NULL
 * (the trial's bar said "End the side's go" with two men in contact) */
const PhFigure *
ph_mayhem_next_fighter (PhGame          *game,
                        const PhFigure **enemy)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *side = ph_mayhem_active_side (game);

  if (side == NULL)
    return NULL;
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (scenario->figures, i);
      const PhFigure *other;

      if (g_strcmp0 (f->side, side) != 0 || ph_figure_is_off_table (f)
          || ph_game_get_figure_var (game, f->id, VAR_FOUGHT) != NULL)
        continue;
      other = ph_mayhem_enemy_in_contact (game, f);
      if (other != NULL)
        {
          if (enemy != NULL)
            *enemy = other;
          return f;
        }
    }
  return NULL;
}

/* What the melee takes for @arg left out, for the men in @args: the
 * enemy in contact with the man (the Game tab's pick when the map's
 * target is no one he can fight), and the modifiers it gives by itself */
char *
ph_mayhem_melee_default (PhGame     *game,
                         const char *arg,
                         GHashTable *args)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *id = g_hash_table_lookup (args, "figure");
  const char *target_id = g_hash_table_lookup (args, "target");
  const PhFigure *figure = id != NULL ? ph_scenario_find_figure (scenario, id) : NULL;
  const PhFigure *target = target_id != NULL ? ph_scenario_find_figure (scenario, target_id) : NULL;
  gboolean theirs = g_str_has_prefix (arg, "target-");
  const char *name = theirs ? arg + strlen ("target-") : arg;
  const PhFigure *who, *other;
  gboolean on;

  if (figure == NULL)
    return NULL;
  if (g_str_equal (arg, "target"))
    {
      const PhFigure *enemy;

      if (g_strcmp0 (figure->side, ph_mayhem_active_side (game)) != 0)
        return NULL;
      enemy = ph_mayhem_enemy_in_contact (game, figure);
      return enemy != NULL ? g_strdup (enemy->id) : NULL;
    }
  if (target == NULL)
    return NULL;
  who = theirs ? target : figure;
  other = theirs ? figure : target;
  if (g_str_equal (name, "superior"))
    on = who->mounted && !other->mounted;
  else if (g_str_equal (name, "shock"))
    on = who->stats_kind == PH_STATS_MAYHEM && who->stats.mayhem.shock;
  else if (g_str_equal (name, "bayonet-vs-shorter"))
    on = bayonet_vs_shorter (who, other);
  else if (g_str_equal (arg, "rear-or-side"))
    on = FALSE;
  else
    return NULL;
  return g_strdup (on ? "true" : "false");
}

/* The melee's odds, as ph_mayhem_action_melee() fights it with the
 * modifiers it takes by itself (no re-roll or save token spent): a skill
 * die each, the higher hits, and the hit removes the loser when the
 * results die reaches the winner's armament (else he checks courage).
 * Exact: every pair of dice. */
static char *
melee_odds (const PhFigure *attacker,
            const PhFigure *defender)
{
  g_autoptr (GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GString) words = g_string_new (NULL);
  int am, dm, win = 0, lose = 0;
  double removes;

  if (!melee_modifiers (args, "", attacker, defender, TRUE, &am, words, NULL)
      || !melee_modifiers (args, "target-", defender, attacker, FALSE, &dm, words, NULL))
    return NULL;
  for (int a = 1; a <= 6; a++)
    for (int d = 1; d <= 6; d++)
      {
        win += a + am > d + dm;
        lose += a + am < d + dm;
      }
  /* "If the results value is equal to or higher than the armament value,
   * the target figure is removed" */
  removes = CLAMP (7 - ph_mayhem_armament_of (attacker), 0, 6) / 6.0;
  /* TRANSLATORS: a melee's odds: "42% to hit him, 14% to remove him,
   * 39% to be hit" */
  return g_strdup_printf (_("%.0f%% to hit him, %.0f%% to remove him, %.0f%% to be hit"),
                          win / 36.0 * 100, win / 36.0 * removes * 100, lose / 36.0 * 100);
}

char *
ph_mayhem_target_odds (PhGame         *game,
                       const char     *action,
                       const PhFigure *figure,
                       const PhFigure *target,
                       GHashTable     *args)
{
  if (!g_str_equal (action, "melee"))
    return NULL;
  return melee_odds (figure, target);
}
