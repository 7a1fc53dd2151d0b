/* ph-game-mayhem-courage.c: a game of Musket Mayhem: courage
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Courage checks, from shots and melee or asked for, and retreating from
 * the nearest threat.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-mayhem-private.h"

static const char * const trigger_names[] = {
  "casualty", "charge-ordered", "charged", "hit", "leader-killed", NULL
};

/* In the referee's words, for the log */
static const char * const trigger_words[] = {
  N_("a figure of the group killed"),
  N_("ordered to charge"),
  N_("charged"),
  N_("hit without being killed"),
  N_("leader killed"),
};

/* ---------------------------------------------------------------------- */
/* Courage                                                                */

/* Where the threat is: a figure id or "x,y"; NULL: the nearest enemy */
static gboolean
find_threat (PhGame          *game,
             const PhFigure  *figure,
             const char      *from,
             double          *tx,
             double          *ty,
             char           **what,
             GError         **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const PhFigure *nearest = NULL;
  double best = G_MAXDOUBLE;

  if (from != NULL && *from != '\0')
    {
      PhFigure *threat = ph_scenario_find_figure (scenario, from);

      if (threat != NULL)
        {
          *tx = threat->x;
          *ty = threat->y;
          *what = g_strdup (ph_mayhem_fig_name (threat));
          return TRUE;
        }
      if (ph_mayhem_parse_point (from, tx, ty))
        {
          *what = g_strdup_printf ("(%s)", from);
          return TRUE;
        }
      return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION,
                      _("the threat must be a figure on the table or a spot (x,y), not “%s”"), from);
    }

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *other = g_ptr_array_index (scenario->figures, i);
      double d;

      if (g_strcmp0 (other->side, figure->side) == 0 || ph_figure_is_off_table (other))
        continue;
      d = hypot (other->x - figure->x, other->y - figure->y);
      if (d < best)
        {
          best = d;
          nearest = other;
        }
    }
  if (nearest == NULL)
    return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION,
                    _("No enemy to retreat from: name the figure or the spot (x,y) to retreat from"));
  *tx = nearest->x;
  *ty = nearest->y;
  *what = g_strdup (ph_mayhem_fig_name (nearest));
  return TRUE;
}

/* The obstacles a move over takes the 1d6 move ("1d6": If crossing an
 * obstacle"): fences, hedges, walls, works, stockades */
static gboolean
is_obstacle (const PhFeature *feature)
{
  switch (feature->kind)
    {
    case PH_TERRAIN_FENCE:
    case PH_TERRAIN_HEDGE:
    case PH_TERRAIN_WALL:
    case PH_TERRAIN_WORKS:
    case PH_TERRAIN_STOCKADE:
      return TRUE;
    default:
      return FALSE;
    }
}

/* Whether @base lies on @feature: over its line, or in its area */
static gboolean
base_meets (const PhFeature *feature,
            const PhBase    *base)
{
  const PhShape *shape = &feature->shape;

  if (shape->kind == PH_SHAPE_POLYLINE)
    {
      for (guint i = 0; i + 1 < shape->n_points; i++)
        if (ph_segment_meets_base ((PhSegment) { shape->points[i], shape->points[i + 1] }, base))
          return TRUE;
      return FALSE;
    }
  return ph_shape_point_distance (shape, base->centre) < ph_base_radius (base) - 1e-9;
}

/* How far along the unit vector (@dx, @dy) @figure may retreat of @d (table
 * units) without going over an obstacle or ending on one: the 2d6 of a
 * retreat are no 1d6 move across it (game.md, "courage-check"). The
 * retreat stops short with its base clear of the obstacle, named in
 * *@stopped_by; an obstacle the base lay on when it began holds it only
 * where its centre would cross. Steps of a hundredth of an inch. */
static double
retreat_clear_of_obstacles (PhScenario       *scenario,
                            const PhFigure   *figure,
                            double            dx,
                            double            dy,
                            double            d,
                            const PhFeature **stopped_by)
{
  double step = 0.01 * ph_mayhem_units_per_inch (scenario);
  PhPoint from = { figure->x, figure->y };
  g_autoptr (GArray) on_at_start = g_array_new (FALSE, TRUE, sizeof (gboolean));
  PhBase base;
  double last = 0;

  *stopped_by = NULL;
  ph_figure_get_base (figure, &base);
  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *feature = g_ptr_array_index (scenario->features, i);
      gboolean on = is_obstacle (feature) && base_meets (feature, &base);

      g_array_append_val (on_at_start, on);
    }
  for (double t = step; ; t += step)
    {
      PhPoint at;

      if (t > d)
        t = d;
      at = (PhPoint) { from.x + dx * t, from.y + dy * t };
      base.centre = at;
      for (guint i = 0; i < scenario->features->len; i++)
        {
          const PhFeature *feature = g_ptr_array_index (scenario->features, i);

          if (!is_obstacle (feature))
            continue;
          if (ph_segment_meets_interior ((PhSegment) { from, at }, &feature->shape)
              || (!g_array_index (on_at_start, gboolean, i) && base_meets (feature, &base)))
            {
              *stopped_by = feature;
              return last;
            }
        }
      last = t;
      if (t >= d)
        return d;
    }
}

/* "they retreat 2d6"" directly away from the threat, kept on the table */
static gboolean
retreat (PhGame      *game,
         PhFigure    *figure,
         double       tx,
         double       ty,
         const char  *threat,
         GString     *text,
         GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const PhRoll *roll = ph_game_roll (game, 2, 6, figure->id,
                                     _("courage: the inches %s retreats"), ph_mayhem_fig_name (figure));
  double dx = figure->x - tx, dy = figure->y - ty;
  double len = hypot (dx, dy);
  double d = roll->total * ph_mayhem_units_per_inch (scenario);
  double nx, ny;
  gboolean clamped = FALSE;

  if (len < 1e-9)
    {
      /* On top of the threat: back away from where it faces */
      double rad = figure->facing * G_PI / 180.0;

      dx = -sin (rad);
      dy = cos (rad);
      len = 1.0;
    }
  nx = figure->x + dx / len * d;
  ny = figure->y + dy / len * d;
  if (nx < 0 || ny < 0 || nx > scenario->table.width || ny > scenario->table.height)
    {
      nx = CLAMP (nx, 0, scenario->table.width);
      ny = CLAMP (ny, 0, scenario->table.height);
      clamped = TRUE;
    }
  /* short of an obstacle on the way: the trial's Ens. Hale ended astride
   * the Paddock Fence */
  {
    const PhFeature *obstacle = NULL;
    double along = hypot (nx - figure->x, ny - figure->y);
    double clear = along > 0
      ? retreat_clear_of_obstacles (scenario, figure, (nx - figure->x) / along,
                                    (ny - figure->y) / along, along, &obstacle)
      : 0;

    if (obstacle != NULL)
      {
        nx = figure->x + (nx - figure->x) / along * clear;
        ny = figure->y + (ny - figure->y) / along * clear;
        /* TRANSLATORS: "Ens. Hale ... retreats 2d6 = 6 in away from Cpl.
         * La Loutre, stopped by Paddock Fence after 2.4 in" */
        g_string_append_printf (text, _("retreats 2d6 = %d in away from %s, stopped by %s "
                                        "after %.1f in"),
                                roll->total, threat, ph_feature_display_name (obstacle),
                                clear / ph_mayhem_units_per_inch (scenario));
      }
    else
      g_string_append_printf (text, _("retreats 2d6 = %d in away from %s%s"),
                              roll->total, threat,
                              clamped ? _(" (stopped at the table edge)") : "");
  }
  if (!ph_mayhem_set_attr_number (game, figure, "x", nx, error)
      || !ph_mayhem_set_attr_number (game, figure, "y", ny, error))
    return FALSE;
  ph_mayhem_set_status (game, figure, PH_STATUS_MELEE, FALSE);
  return TRUE;
}

/* "Roll one die vs. the highest courage value in the group (individuals
 * being a group of one). If the die is equal to or less than the courage
 * value then the group passes. If the score is higher then courage has
 * failed. If the group was ordered to charge then they stand still
 * instead. In the other four possible tests, roll again against each
 * individual's courage. If they roll higher than their courage, they run
 * off the board and are removed. Otherwise they retreat 2d6"."
 *
 * @group starts with the figure taking the check (whose tokens are spent);
 * @from names the threat (NULL: the nearest enemy). Appends to @text;
 * *used_save tells whether the save token went. */
gboolean
ph_mayhem_courage_check (PhGame      *game,
                  GPtrArray   *group,
                  Trigger      trigger,
                  const char  *from,
                  gboolean     use_reroll,
                  gboolean     use_save,
                  GString     *text,
                  GError     **error)
{
  PhFigure *figure = g_ptr_array_index (group, 0);
  const PhFigure *bravest = figure;
  const PhRoll *roll;
  int courage = ph_mayhem_courage_of (figure);
  int die;
  double tx = 0, ty = 0;
  g_autofree char *threat = NULL;

  for (guint i = 1; i < group->len; i++)
    {
      const PhFigure *member = g_ptr_array_index (group, i);

      if (ph_mayhem_courage_of (member) > courage)
        {
          courage = ph_mayhem_courage_of (member);
          bravest = member;
        }
    }

  /* Where a retreat would go, before any die is rolled */
  if (trigger != TRIGGER_CHARGE_ORDERED
      && !find_threat (game, figure, from, &tx, &ty, &threat, error))
    return FALSE;

  roll = ph_game_roll (game, 1, 6, figure->id, _("courage check (%s) against courage %d"),
                       _(trigger_words[trigger]), courage);
  die = roll->total;
  if (group->len > 1)
    g_string_append_printf (text, _("courage check for the group of %u (%s), "
                              "courage %d (%s): rolled %d"),
                            group->len, _(trigger_words[trigger]), courage,
                            ph_mayhem_fig_name (bravest), die);
  else
    g_string_append_printf (text, _("courage check (%s), courage %d: rolled %d"),
                            _(trigger_words[trigger]), courage, die);

  if (die > courage && use_reroll && ph_mayhem_rerolls_of (figure) > 0)
    {
      if (!ph_mayhem_spend_token (game, figure, "mayhem.rerolls", ph_mayhem_rerolls_of (figure), error))
        return FALSE;
      roll = ph_game_roll (game, 1, 6, figure->id,
                           _("courage check re-rolled (re-roll token) against courage %d"),
                           courage);
      die = roll->total;
      g_string_append_printf (text, _(", re-roll token: rolled %d"), die);
    }
  if (die <= courage)
    {
      g_string_append (text, _(": passes"));
      return TRUE;
    }
  if (use_save && ph_mayhem_saves_of (figure) > 0)
    {
      /* "save tokens (canceling a death or morale failure)" */
      if (!ph_mayhem_spend_token (game, figure, "mayhem.saves", ph_mayhem_saves_of (figure), error))
        return FALSE;
      g_string_append (text, _(": fails, but a save token cancels the failure"));
      return TRUE;
    }

  if (trigger == TRIGGER_CHARGE_ORDERED)
    {
      g_string_append (text, _(": fails, "));
      g_string_append (text, group->len > 1 ? _("they stand still instead of charging")
                                            : _("stands still instead of charging"));
      for (guint i = 0; i < group->len; i++)
        ph_game_set_figure_var (game, ((PhFigure *) g_ptr_array_index (group, i))->id,
                                VAR_STAND_STILL, "true");
      return TRUE;
    }

  g_string_append (text, _(": fails"));
  for (guint i = 0; i < group->len; i++)
    {
      PhFigure *member = g_ptr_array_index (group, i);
      int own = ph_mayhem_courage_of (member);

      roll = ph_game_roll (game, 1, 6, member->id,
                           _("courage: %s's own check, runs off above %d"),
                           ph_mayhem_fig_name (member), own);
      g_string_append_printf (text, _("; %s rolls %d against courage %d: "),
                              ph_mayhem_fig_name (member), roll->total, own);
      if (roll->total > own)
        {
          g_string_append (text, _("runs off the board"));
          ph_mayhem_set_status (game, member, PH_STATUS_MELEE, FALSE);
          ph_mayhem_set_status (game, member, PH_STATUS_FLED, TRUE);
        }
      else if (!retreat (game, member, tx, ty, threat, text, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
ph_mayhem_action_courage_check (PhGame      *game,
                         GHashTable  *args,
                         GError     **error)
{
  PhFigure *figure = ph_mayhem_arg_figure (game, args, "figure", error);
  g_autoptr (GPtrArray) group = NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  gboolean use_reroll, use_save;
  int trigger;

  if (figure == NULL)
    return FALSE;
  if (!ph_mayhem_arg_choice (args, "trigger", trigger_names, TRIGGER_HIT, &trigger, error)
      || !mm_arg_bool (args, "use-reroll", FALSE, &use_reroll, error)
      || !mm_arg_bool (args, "use-save", FALSE, &use_save, error))
    return FALSE;
  group = ph_mayhem_parse_figure_list (game, "group", g_hash_table_lookup (args, "group"),
                                figure, error);
  if (group == NULL)
    return FALSE;
  for (guint i = 1; i < group->len; i++)
    if (g_strcmp0 (((PhFigure *) g_ptr_array_index (group, i))->side, figure->side) != 0)
      return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION, _("%s is not of %s's side"),
                      ph_mayhem_fig_name (g_ptr_array_index (group, i)), ph_mayhem_fig_name (figure));

  /* "A figure in a group is killed (only once per turn)" */
  if (trigger == TRIGGER_CASUALTY)
    {
      for (guint i = 0; i < group->len; i++)
        {
          PhFigure *member = g_ptr_array_index (group, i);

          if (ph_game_get_figure_var (game, member->id, VAR_CASUALTY) != NULL)
            return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                            _("%s has already checked courage for a casualty this turn"),
                            ph_mayhem_fig_name (member));
        }
      for (guint i = 0; i < group->len; i++)
        ph_game_set_figure_var (game, ((PhFigure *) g_ptr_array_index (group, i))->id,
                                VAR_CASUALTY, "true");
    }

  g_string_append_printf (text, "%s: ", ph_mayhem_fig_name (figure));
  if (!ph_mayhem_courage_check (game, group, trigger, g_hash_table_lookup (args, "from"),
                         use_reroll, use_save, text, error))
    return FALSE;
  ph_game_set_event_figure (game, figure->id);
  ph_game_log (game, "%s", text->str);
  return TRUE;
}
