/* ph-game-firelock-ips.c: a game of Firelock and Scalplock: IPs
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Firelock and Scalplock rules, "Draw Cards": the IP roll when
 * a figure's card is drawn (d6 + current bravery, a d10 for an officer or a
 * personal figure, a horse die for a rider), the recovery from the Re-roll
 * Table's markers at the figure's next chance to act, and officers giving
 * their IPs to figures within 12 inches.
 */
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-firelock-private.h"

/* "Officers may ... give their IPs ... to other figures under their command
 * and that are within 12 inches" */
#define OFFICER_REACH 12.0

gboolean
ph_firelock_action_roll_ips (PhGame     *game,
                 GHashTable *args,
                 GError    **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *figure = fl_arg_figure (game, args, "figure", error);
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GString) how = g_string_new (NULL);
  gboolean personal, act;
  int ips = 0, horse_move = 0, given, lost = 0;
  const char *lost_why = NULL;
  const char *must_run;

  if (figure == NULL
      || !fl_arg_bool (args, "personal", FALSE, &personal, error)
      || !fl_arg_bool (args, "act", TRUE, &act, error)
      || !ph_firelock_require_roster (figure, error)
      || !ph_firelock_require_on_table (figure, error)
      || !ph_firelock_check_card (game, figure, error))
    return FALSE;

  /* (A) "If controlling several figures you may roll a d10 for your
   * personal figure": one per side */
  if (personal)
    {
      g_autofree char *key = g_strdup_printf ("personal:%s", figure->side);
      const char *mine = ph_game_get_var (game, key);

      if (mine != NULL && !g_str_equal (mine, figure->id))
        {
          PhFigure *other = ph_scenario_find_figure (scenario, mine);

          fl_not_now (error, _("%s is already the personal figure of %s"),
                      other != NULL ? ph_firelock_name (other) : mine,
                      ph_firelock_side_name (scenario, figure->side));
          return FALSE;
        }
      if (figure->mounted)
        {
          fl_bad (error, _("%s is mounted: riders roll a horse die, not a d10"), ph_firelock_name (figure));
          return FALSE;
        }
      ph_game_set_var (game, key, figure->id);
    }

  ph_game_set_event_figure (game, figure->id);
  ph_game_set_var (game, "active", figure->id);
  ph_game_set_figure_var (game, figure->id, "activated", "true");

  if (figure->mounted)
    {
      /* "roll three six-sided dice to generate movement ... If the riding
       * figure wishes to perform any other action, the controlling player
       * must deduct 1d6 from horse movement and use it to generate IPs ...
       * A rider on a worn horse may either ride the horse OR perform
       * actions -- not both." */
      int n = ph_firelock_horse_dice (game, figure);
      const PhRoll *roll = ph_game_roll (game, n, 6, figure->id,
                                         act ? _("horse dice (%s horse): the first die gives the rider's IPs")
                                         : _("horse dice (%s horse)"),
                                         n == 3 ? _("fresh") : n == 2 ? _("normal") : _("worn"));

      if (act)
        {
          ips = roll->values[0];
          horse_move = n > 1 ? roll->total - roll->values[0] : 0;
          g_string_append_printf (log, _("%s rolls the horse dice (%dd6: %d"), ph_firelock_name (figure),
                                  n, roll->values[0]);
          for (int i = 1; i < n; i++)
            g_string_append_printf (log, ", %d", roll->values[i]);
          g_string_append_printf (log, _("): %d IPs from one die, %d horse movement"), ips,
                                  horse_move);
        }
      else
        {
          horse_move = roll->total;
          g_string_append_printf (log, _("%s only rides: %dd6 = %d horse movement, no IPs"),
                                  ph_firelock_name (figure), n, horse_move);
        }
    }
  else
    {
      ips = ph_firelock_roll_ip_dice (game, figure, personal, _("IP roll"), how);
      g_string_append_printf (log, _("%s rolls for IPs: %s = %d IPs"), ph_firelock_name (figure),
                              how->str, ips);
    }

  /* Recovering composure (the Re-roll Table): "Loses all of his IPs" when
   * prone, "1/2" when cowering, "1/4" when startled; the worst counts */
  if (figure->status & PH_STATUS_PRONE)
    lost = ips, lost_why = _("prone, standing back up");
  else if (figure->status & PH_STATUS_COWERING)
    lost = ips / 2, lost_why = _("cowering");
  else if (figure->status & PH_STATUS_STARTLED)
    lost = ips / 4, lost_why = _("startled");
  if (lost_why != NULL)
    {
      ips -= lost;
      g_string_append_printf (log, _("; loses %d recovering his composure (%s)"), lost, lost_why);
    }

  /* IPs an officer gave before this card came up */
  given = ph_game_get_figure_var_int (game, figure->id, "given-ips", 0);
  if (given > 0)
    {
      ips += given;
      g_string_append_printf (log, _("; +%d given by an officer"), given);
      ph_game_set_figure_var (game, figure->id, "given-ips", NULL);
    }

  ph_game_set_figure_var_int (game, figure->id, "ips-rolled", ips);
  ph_game_set_figure_var_int (game, figure->id, "ips", ips);
  if (horse_move > 0)
    ph_game_set_figure_var_int (game, figure->id, "horse-move", horse_move);

  /* Re-roll Table 9, 10: "If the figure has already acted in the current
   * turn, then running will be the only thing he can do next turn" */
  must_run = ph_game_get_figure_var (game, figure->id, "must-run");
  if (must_run != NULL)
    {
      const char *from_id = ph_game_get_figure_var (game, figure->id, "run-from");
      PhFigure *from = from_id != NULL ? ph_scenario_find_figure (scenario, from_id) : NULL;
      int factor = atoi (must_run) > 1 ? 2 : 1;

      g_string_append (log, ". ");
      if (from != NULL)
        {
          if (!ph_firelock_run_away (game, figure, from, (double) ips * factor, log, error))
            return FALSE;
        }
      else
        g_string_append_printf (log, _("%s spends his turn running"), ph_firelock_name (figure));
      ph_game_set_figure_var (game, figure->id, "must-run", NULL);
      ph_game_set_figure_var (game, figure->id, "run-from", NULL);
      ph_game_set_figure_var_int (game, figure->id, "ips", 0);
      ph_game_log (game, "%s", log->str);
      return TRUE;
    }

  /* Re-roll Table 4, 5: angry "must use all his available IPs ... to move
   * towards the firing figure"; vexed "will use 1/2 of his IPs (rounding
   * up)" */
  if (figure->status & (PH_STATUS_ANGRY | PH_STATUS_VEXED))
    {
      const char *at_id = ph_game_get_figure_var (game, figure->id, "angry-at");
      PhFigure *at = at_id != NULL ? ph_scenario_find_figure (scenario, at_id) : NULL;
      gboolean angry = (figure->status & PH_STATUS_ANGRY) != 0;
      int owed = angry ? ips : (ips + 1) / 2;

      if (at != NULL && !ph_figure_is_off_table (at) && owed > 0)
        {
          ph_game_set_figure_var_int (game, figure->id, "close-ips", owed);
          ph_game_set_figure_var (game, figure->id, "close-to", at->id);
          g_string_append_printf (log, _("; %s: %d IPs must go on moving towards %s"),
                                  angry ? "angry" : "vexed", owed, ph_firelock_name (at));
        }
    }
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* "Officers may roll first and then give their IPs, or a portion of them,
 * as a form of inspirational leadership to other figures under their
 * command and that are within 12 inches during the course of the turn" */
gboolean
ph_firelock_action_give_ips (PhGame     *game,
                 GHashTable *args,
                 GError    **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *officer = fl_arg_figure (game, args, "figure", error);
  PhFigure *target = officer != NULL ? fl_arg_figure (game, args, "target", error) : NULL;
  const char *active = ph_game_get_var (game, "active");
  gboolean officer_active, target_active;
  int n, have;
  double d;

  if (target == NULL || !ph_firelock_arg_int (args, "ips", 0, &n, error))
    return FALSE;
  if (n <= 0)
    {
      fl_bad (error, _("ips: give at least 1 IP"));
      return FALSE;
    }
  if (!ph_firelock_is_officer (officer))
    {
      fl_bad (error, _("%s is not an officer"), ph_firelock_name (officer));
      return FALSE;
    }
  if (officer == target)
    {
      fl_bad (error, _("An officer cannot give IPs to himself"));
      return FALSE;
    }
  if (!ph_firelock_require_on_table (officer, error) || !ph_firelock_require_on_table (target, error)
      || !ph_firelock_require_roster (target, error))
    return FALSE;
  if (!g_str_equal (officer->side, target->side))
    {
      fl_bad (error, _("%s is not under %s's command"), ph_firelock_name (target), ph_firelock_name (officer));
      return FALSE;
    }
  d = ph_engine_distance (scenario, officer, target);
  if (d > OFFICER_REACH + 1e-9)
    {
      fl_not_now (error, _("%s is %.1f in from %s: officers give IPs within 12 in"),
                  ph_firelock_name (target), d, ph_firelock_name (officer));
      return FALSE;
    }

  officer_active = active != NULL && g_str_equal (active, officer->id);
  target_active = active != NULL && g_str_equal (active, target->id);
  have = officer_active ? ph_firelock_free_ips (game, officer)
                        : ph_game_get_figure_var_int (game, officer->id, "spare-ips", 0);
  if (ph_game_get_figure_var (game, officer->id, "ips-rolled") == NULL)
    {
      fl_not_now (error, _("%s has not rolled for IPs this turn"), ph_firelock_name (officer));
      return FALSE;
    }
  if (n > have)
    {
      fl_not_now (error, _("%s has %d IPs to give, not %d"), ph_firelock_name (officer), have, n);
      return FALSE;
    }
  if (!target_active && ph_game_get_figure_var (game, target->id, "activated") != NULL)
    {
      fl_not_now (error, _("%s has already acted this turn"), ph_firelock_name (target));
      return FALSE;
    }

  ph_game_set_event_figure (game, officer->id);
  if (officer_active)
    ph_firelock_spend_ips (game, officer, n);
  else
    ph_game_set_figure_var_int (game, officer->id, "spare-ips", have - n);

  if (target_active)
    {
      ph_game_set_figure_var_int (game, target->id, "ips",
                                  ph_game_get_figure_var_int (game, target->id, "ips", 0) + n);
      ph_game_log (game, g_dngettext (GETTEXT_PACKAGE, "%s gives %d IP to %s (%.1f in away), who now has %d",
                                      "%s gives %d IPs to %s (%.1f in away), who now has %d", n),
                   ph_firelock_name (officer), n, ph_firelock_name (target), d,
                   ph_game_get_figure_var_int (game, target->id, "ips", 0));
    }
  else
    {
      int given = ph_game_get_figure_var_int (game, target->id, "given-ips", 0) + n;

      ph_game_set_figure_var_int (game, target->id, "given-ips", given);
      ph_game_log (game, g_dngettext (GETTEXT_PACKAGE,
                                      "%s gives %d IP to %s (%.1f in away), added when his card comes up",
                                      "%s gives %d IPs to %s (%.1f in away), added when his card comes up", n),
                   ph_firelock_name (officer), n, ph_firelock_name (target), d);
    }
  return TRUE;
}
