/* ph-game-mayhem-charge.c: a game of Musket Mayhem: charges
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "A group is ordered to charge. (Any move to contact the enemy is a
 * charge.) A group has been charged. (All figures within potential charge
 * range must check) ... A check for being ordered to charge is taken
 * immediately before attempting to move the figures, and a check for
 * being charged is taken as soon as the charger has successfully checked.
 * Note that all groups or figures with the lines defined by the ends of
 * the bases in a charging group, and within possible charge range, must
 * check courage. ... Groups charged by more than one group check only
 * once".
 *
 * The game's readings (src/rulesets/mayhem/game.md, "Charges"):
 *  - a group is the figures of a side "separated by up to 1" between
 *    adjacent figures", found on the table;
 *  - the lines are the two straight lines, along the acting figure's
 *    facing, through the outermost ends of the charging group's bases; a
 *    figure is between them when any part of its base is;
 *  - "possible charge range" is the most the group's movement dice could
 *    give in the open: 2d6 for a group, 3d6 for an individual, +2d6 when
 *    every one of them is mounted; measured from the charging group's
 *    front to the nearest edge of a base.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-mayhem-private.h"

/* The base's half-extent for contact and gaps: a round base's radius, a
 * square base's half diagonal (the engine's rule for touching) */
static double
base_radius (const PhFigure *figure)
{
  PhBase base;

  ph_figure_get_base (figure, &base);
  return MAX (base.width, base.depth) / 2;
}

/* @figure's group on the table: the figures of its side linked by gaps of
 * 1 in or less, @figure first */
static GPtrArray *
table_group (PhGame         *game,
             PhFigure       *figure)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  double inch = ph_mayhem_units_per_inch (scenario);
  GPtrArray *group = g_ptr_array_new ();

  g_ptr_array_add (group, figure);
  for (guint k = 0; k < group->len; k++)
    {
      PhFigure *member = g_ptr_array_index (group, k);

      for (guint i = 0; i < scenario->figures->len; i++)
        {
          PhFigure *other = g_ptr_array_index (scenario->figures, i);
          double gap;

          if (ph_figure_is_off_table (other) || g_strcmp0 (other->side, figure->side) != 0
              || g_ptr_array_find (group, other, NULL))
            continue;
          gap = hypot (other->x - member->x, other->y - member->y)
                - base_radius (other) - base_radius (member);
          if (gap <= 1.0 * inch + DISTANCE_SLACK)
            g_ptr_array_add (group, other);
        }
    }
  return group;
}

/* The lines and the range: every enemy figure between the lines through
 * the ends of @chargers' bases, along @facing, and within @range (table
 * units) of their front */
static GPtrArray *
figures_charged (PhGame    *game,
                 GPtrArray *chargers,
                 double     facing,
                 double     range)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const PhFigure *first = g_ptr_array_index (chargers, 0);
  double ux = sin (facing * G_PI / 180), uy = -cos (facing * G_PI / 180);
  double vx = -uy, vy = ux;
  double left = G_MAXDOUBLE, right = -G_MAXDOUBLE, front = -G_MAXDOUBLE;
  GPtrArray *charged = g_ptr_array_new ();

  /* across (v) and along (u) the facing, from the first charger */
  for (guint i = 0; i < chargers->len; i++)
    {
      const PhFigure *c = g_ptr_array_index (chargers, i);
      double r = base_radius (c);
      double across = (c->x - first->x) * vx + (c->y - first->y) * vy;
      double along = (c->x - first->x) * ux + (c->y - first->y) * uy;

      left = MIN (left, across - r);
      right = MAX (right, across + r);
      front = MAX (front, along + r);
    }
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);
      double r, across, along;

      if (ph_figure_is_off_table (f) || g_strcmp0 (f->side, first->side) == 0)
        continue;
      r = base_radius (f);
      across = (f->x - first->x) * vx + (f->y - first->y) * vy;
      along = (f->y - first->y) * uy + (f->x - first->x) * ux;
      if (across + r < left - DISTANCE_SLACK || across - r > right + DISTANCE_SLACK)
        continue;
      /* ahead of the front, its nearest edge within range */
      if (along + r < front - DISTANCE_SLACK || along - r - front > range + DISTANCE_SLACK)
        continue;
      g_ptr_array_add (charged, f);
    }
  return charged;
}

gboolean
ph_mayhem_action_charge (PhGame      *game,
                         GHashTable  *args,
                         GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *figure = ph_mayhem_arg_figure (game, args, "figure", error);
  g_autoptr(GPtrArray) chargers = NULL;
  g_autoptr(GPtrArray) charged = NULL;
  g_autoptr(GPtrArray) checked = g_ptr_array_new ();
  g_autoptr(GString) text = g_string_new (NULL);
  const char *with;
  gboolean use_reroll, use_save, all_mounted = TRUE;
  int turn = ph_game_get_var_int (game, "turn", 1), dice;
  double range;
  guint n_groups = 0;

  if (figure == NULL)
    return FALSE;
  if (!mm_arg_bool (args, "use-reroll", FALSE, &use_reroll, error)
      || !mm_arg_bool (args, "use-save", FALSE, &use_save, error))
    return FALSE;
  if (!ph_mayhem_check_own_turn (game, figure, FALSE, error))
    return FALSE;
  if (ph_game_get_figure_var (game, figure->id, VAR_STAND_STILL) != NULL)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                           _("%s failed courage when ordered to charge and stands still this turn"),
                           ph_mayhem_fig_name (figure));
  if (ph_game_get_figure_var (game, figure->id, VAR_REACH) != NULL)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                           _("%s has already rolled its movement this turn: the charge is "
                             "ordered before it moves"), ph_mayhem_fig_name (figure));

  /* The charging group: as given, else as it stands on the table */
  with = g_hash_table_lookup (args, "with");
  if (with != NULL && *with != '\0')
    chargers = ph_mayhem_parse_figure_list (game, "with", with, figure, error);
  else
    chargers = table_group (game, figure);
  if (chargers == NULL)
    return FALSE;
  for (guint i = 0; i < chargers->len; i++)
    {
      PhFigure *c = g_ptr_array_index (chargers, i);

      if (g_strcmp0 (c->side, figure->side) != 0)
        return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION,
                               _("%s is not of %s's side: a charging group is one side's"),
                               ph_mayhem_fig_name (c), ph_mayhem_fig_name (figure));
      all_mounted = all_mounted && c->mounted;
    }

  /* "possible charge range": the most the movement dice could give */
  dice = (chargers->len > 1 ? 2 : 3) + (all_mounted ? 2 : 0);
  range = dice * 6 * ph_mayhem_units_per_inch (scenario);

  ph_game_set_event_figure (game, figure->id);
  g_string_append_printf (text, _("%s orders a charge: "), ph_mayhem_fig_name (figure));
  if (!ph_mayhem_courage_check (game, chargers, TRIGGER_CHARGE_ORDERED, NULL, use_reroll,
                                use_save, text, error))
    return FALSE;
  if (ph_game_get_figure_var (game, figure->id, VAR_STAND_STILL) != NULL)
    {
      ph_game_log (game, "%s", text->str);
      return TRUE;
    }

  /* "a check for being charged is taken as soon as the charger has
   * successfully checked": each group between the lines and in range */
  charged = figures_charged (game, chargers, figure->facing, range);
  for (guint i = 0; i < charged->len; i++)
    {
      PhFigure *f = g_ptr_array_index (charged, i);
      g_autoptr(GPtrArray) group = NULL;
      gboolean already = FALSE;

      if (g_ptr_array_find (checked, f, NULL))
        continue;
      group = table_group (game, f);
      for (guint k = 0; k < group->len; k++)
        {
          PhFigure *member = g_ptr_array_index (group, k);

          g_ptr_array_add (checked, member);
          /* "Groups charged by more than one group check only once" */
          if (ph_game_get_figure_var_int (game, member->id, VAR_CHARGED, 0) == turn)
            already = TRUE;
        }
      n_groups++;
      g_string_append_printf (text, _("; charged: %s"), ph_mayhem_fig_name (f));
      if (group->len > 1)
        g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " and %u more of its group",
                                                   " and %u more of its group", group->len - 1),
                                group->len - 1);
      if (already)
        {
          g_string_append (text, _(" (checked already this turn)"));
          continue;
        }
      for (guint k = 0; k < group->len; k++)
        ph_game_set_figure_var_int (game, ((PhFigure *) g_ptr_array_index (group, k))->id,
                                    VAR_CHARGED, turn);
      g_string_append (text, ", ");
      if (!ph_mayhem_courage_check (game, group, TRIGGER_CHARGED, figure->id, FALSE, FALSE,
                                    text, error))
        return FALSE;
    }
  if (n_groups == 0)
    g_string_append_printf (text, _("; no enemy between the lines of its bases within %d in "
                              "(%dd6)"), dice * 6, dice);
  ph_game_log (game, "%s", text->str);
  return TRUE;
}
