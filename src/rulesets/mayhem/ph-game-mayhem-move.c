/* ph-game-mayhem-move.c: a game of Musket Mayhem: movement
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The movement dice (3d6 as an individual, 2d6 as a group, 1d6 across an
 * obstacle or through woods, more mounted or for a hero) and moving no
 * farther than they allow.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-mayhem-private.h"

/* ---------------------------------------------------------------------- */
/* Movement                                                               */

/* "Indians or frontiersmen etc. in woods" */
static gboolean
is_woodsman (const PhFigure *figure)
{
  return figure->troop == PH_TROOP_INDIAN || figure->troop == PH_TROOP_GUERRILLA;
}

/* The ground @figure stands on, as roll-move's terrain: 0 open, 1 woods,
 * 2 "other delaying terrain" (brush, rough or very rough ground, rocks,
 * marsh, a building: its doorway); what the referee takes when he does
 * not say (the trial's man in a wood rolled 3d6 as in the open) */
static int
standing_terrain (const PhScenario *scenario,
                  const PhFigure   *figure)
{
  PhPoint at = { figure->x, figure->y };
  int found = 0;

  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *feature = g_ptr_array_index (scenario->features, i);
      int here;

      switch (feature->kind)
        {
        case PH_TERRAIN_WOODS:
          here = 1;
          break;
        case PH_TERRAIN_BRUSH:
        case PH_TERRAIN_ROUGH:
        case PH_TERRAIN_VERY_ROUGH:
        case PH_TERRAIN_ROCKS:
        case PH_TERRAIN_MARSH:
        case PH_TERRAIN_BUILDING:
          here = 2;
          break;
        default:
          continue;
        }
      /* woods first: a woodsman's 2d6 is the text's own case */
      if (here == 1 ? found == 1 : found != 0)
        continue;
      if (ph_shape_contains_point (&feature->shape, at))
        found = here;
    }
  return found;
}

static gboolean
check_may_move (PhGame          *game,
                const PhFigure  *figure,
                GError         **error)
{
  if (!ph_mayhem_check_own_turn (game, figure, FALSE, error))
    return FALSE;
  if (ph_game_get_figure_var (game, figure->id, VAR_STAND_STILL) != NULL)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("%s failed courage when ordered to charge and stands still this turn"),
                    ph_mayhem_fig_name (figure));
  if (ph_game_get_figure_var (game, figure->id, VAR_RELOADED) != NULL)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("%s reloaded this turn and may not move"), ph_mayhem_fig_name (figure));
  if (ph_game_get_figure_var (game, figure->id, VAR_STOOD) != NULL)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("%s rolled and stood while the next man moved: his move is over this turn"),
                    ph_mayhem_fig_name (figure));
  return TRUE;
}

/* Whether @figure's move this turn is over: he moved, or rolled and
 * stood while the next man rolled */
gboolean
ph_mayhem_move_over (PhGame         *game,
                     const PhFigure *figure)
{
  return (figure->status & PH_STATUS_MOVED)
    || ph_game_get_figure_var (game, figure->id, VAR_STOOD) != NULL;
}

/* "Nothing forces a man to move after rolling": the men of the side who
 * rolled and have not moved when another rolls stand where they are
 * ("he resolves movement group by group": their group's move is over),
 * named in @text */
static void
leave_waiting (PhGame     *game,
               GPtrArray  *members,
               GString    *text)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const PhFigure *first = g_ptr_array_index (members, 0);
  guint n = 0;

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);

      if (g_strcmp0 (f->side, first->side) != 0 || ph_figure_is_off_table (f)
          || ph_game_get_figure_var (game, f->id, VAR_REACH) == NULL
          || ph_mayhem_move_over (game, f)
          || g_ptr_array_find (members, f, NULL))
        continue;
      ph_game_set_figure_var (game, f->id, VAR_STOOD, "true");
      /* TRANSLATORS: after the roll's line: "; Capt. de Beaujeu, who
       * rolled, stands where he is" */
      g_string_append_printf (text, n++ == 0 ? _("; %s, who rolled, stands where he is")
                                             : _(", %s too"), ph_mayhem_fig_name (f));
    }
}

/* A man of the moving side who rolled and is then moved by the referee
 * (Move Anyway) has made his move: the trial's bar kept "Capt. de
 * Beaujeu rolled 11 in: drag him on the map" for the rest of the go */
void
ph_mayhem_referee_moved (PhGame   *game,
                         PhFigure *figure,
                         GString  *log)
{
  if (g_strcmp0 (ph_game_get_var (game, "phase"), PHASE_MOVE) != 0
      || g_strcmp0 (figure->side, ph_mayhem_active_side (game)) != 0
      || ph_game_get_figure_var (game, figure->id, VAR_REACH) == NULL
      || ph_mayhem_move_over (game, figure))
    return;
  ph_mayhem_set_status (game, figure, PH_STATUS_MOVED, TRUE);
  /* TRANSLATORS: after "Referee moved Capt. de Beaujeu 4.0 in": " (his
   * move this turn)" */
  g_string_append (log, _(" (his move this turn)"));
}

/* The step the rules expect of @figure now, for the Game tab when the
 * referee picks him: his roll, his move once rolled, his melee in
 * contact; NULL when none (the trial's next man picked was offered a
 * Move form: "has not rolled his movement dice yet") */
const char *
ph_mayhem_expected_of (PhGame         *game,
                       const PhFigure *figure)
{
  const char *phase = ph_game_get_var (game, "phase");

  if (figure == NULL || ph_figure_is_off_table (figure)
      || g_strcmp0 (figure->side, ph_mayhem_active_side (game)) != 0)
    return NULL;
  if (g_strcmp0 (phase, PHASE_MOVE) == 0 && check_may_move (game, figure, NULL)
      && !ph_mayhem_move_over (game, figure))
    return ph_game_get_figure_var (game, figure->id, VAR_REACH) == NULL ? "roll-move" : "move";
  if ((g_strcmp0 (phase, PHASE_MOVE) == 0 || g_strcmp0 (phase, PHASE_MELEE) == 0)
      && ph_game_get_figure_var (game, figure->id, VAR_FOUGHT) == NULL
      && ph_mayhem_enemy_in_contact (game, figure) != NULL)
    return "melee";
  return NULL;
}

gboolean
ph_mayhem_action_roll_move (PhGame      *game,
                     GHashTable  *args,
                     GError     **error)
{
  static const char * const terrains[] = { "open", "woods", "difficult", NULL };
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *figure = ph_mayhem_arg_figure (game, args, "figure", error);
  g_autoptr (GPtrArray) members = NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  const char *with;
  gboolean group, mounted_open, hero;
  int terrain;
  int base;
  const char *why;
  int reach;
  const PhRoll *roll;
  char origin[2 * G_ASCII_DTOSTR_BUF_SIZE + 1];
  char xs[G_ASCII_DTOSTR_BUF_SIZE];
  char ys[G_ASCII_DTOSTR_BUF_SIZE];

  if (figure == NULL)
    return FALSE;
  with = g_hash_table_lookup (args, "with");
  if (!mm_arg_bool (args, "group", with != NULL && *with != '\0', &group, error)
      || !ph_mayhem_arg_choice (args, "terrain", terrains,
                                standing_terrain (scenario, figure), &terrain, error)
      || !mm_arg_bool (args, "mounted-open", figure->mounted && terrain == 0,
                       &mounted_open, error)
      || !mm_arg_bool (args, "hero", FALSE, &hero, error))
    return FALSE;
  if (!check_may_move (game, figure, error))
    return FALSE;
  members = ph_mayhem_parse_figure_list (game, "with", with, figure, error);
  if (members == NULL)
    return FALSE;
  for (guint i = 0; i < members->len; i++)
    {
      PhFigure *member = g_ptr_array_index (members, i);

      if (i > 0 && !check_may_move (game, member, error))
        return FALSE;
      if (ph_game_get_figure_var (game, member->id, VAR_REACH) != NULL)
        return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                        _("%s has already rolled its movement this turn (%s in)"),
                        ph_mayhem_fig_name (member),
                        ph_game_get_figure_var (game, member->id, VAR_REACH));
    }
  if (mounted_open && !figure->mounted)
    return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION, _("%s is not mounted"),
                    ph_mayhem_fig_name (figure));
  if (mounted_open && terrain != 0)
    return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION,
                    _("+2d6 is for mounted figures in the open, not terrain=%s"),
                    terrains[terrain]);

  /* "3d6": If moving as an individual; 2d6": If movement begins as a group
   * ... or Indians or frontiersmen etc. in woods; 1d6": If crossing an
   * obstacle, going through a doorway, moving through woods or other
   * delaying terrain" */
  if (terrain == 2)
    {
      base = 1;
      why = _("crossing an obstacle or delaying terrain");
    }
  else if (terrain == 1 && is_woodsman (figure))
    {
      base = 2;
      why = _("Indians or frontiersmen in woods");
    }
  else if (terrain == 1)
    {
      base = 1;
      why = _("moving through woods");
    }
  else if (group)
    {
      base = 2;
      why = _("moving as a group");
    }
  else
    {
      base = 3;
      why = _("moving as an individual");
    }

  roll = ph_game_roll (game, base, 6, figure->id, _("movement in inches, %s"), why);
  reach = roll->total;
  g_string_append_printf (text, _("%s rolls movement: %dd6 %s = %d"),
                          ph_mayhem_fig_name (figure), base, why, roll->total);
  if (mounted_open)
    {
      /* "+2d6" if mounted in the open." */
      roll = ph_game_roll (game, 2, 6, figure->id, _("movement: inches more, mounted in the open"));
      reach += roll->total;
      g_string_append_printf (text, _(", +2d6 mounted in the open = %d"), roll->total);
    }
  if (hero)
    {
      /* "+1d6 bonus for specially designated heroes, etc. (Optional)" */
      roll = ph_game_roll (game, 1, 6, figure->id, _("movement: inches more, the hero's bonus"));
      reach += roll->total;
      g_string_append_printf (text, _(", +1d6 hero = %d"), roll->total);
    }
  g_string_append_printf (text, _(": may move %d in"), reach);
  leave_waiting (game, members, text);

  for (guint i = 0; i < members->len; i++)
    {
      PhFigure *member = g_ptr_array_index (members, i);

      g_ascii_dtostr (xs, sizeof xs, member->x);
      g_ascii_dtostr (ys, sizeof ys, member->y);
      g_snprintf (origin, sizeof origin, "%s,%s", xs, ys);
      ph_game_set_figure_var_int (game, member->id, VAR_REACH, reach);
      ph_game_set_figure_var_int (game, member->id, VAR_MOVE_DICE, base);
      ph_game_set_figure_var (game, member->id, VAR_ORIGIN, origin);
    }
  if (members->len > 1)
    {
      g_string_append (text, _(" (the group: "));
      for (guint i = 0; i < members->len; i++)
        g_string_append_printf (text, "%s%s", i > 0 ? ", " : "",
                                ph_mayhem_fig_name (g_ptr_array_index (members, i)));
      g_string_append (text, ")");
    }
  (void) scenario;
  ph_game_log (game, "%s", text->str);
  return TRUE;
}

/* What roll-move takes for @arg left out, for the man in @args: the
 * ground he stands on, and the horse's +2d6 when he is mounted on open
 * ground (the trial's form said "Default (No)" for Cornet Fane, mounted
 * in the open, and the roll added +2d6) */
char *
ph_mayhem_roll_move_default (PhGame     *game,
                             const char *arg,
                             GHashTable *args)
{
  static const char * const terrains[] = { "open", "woods", "difficult", NULL };
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *id = g_hash_table_lookup (args, "figure");
  const PhFigure *figure = id != NULL ? ph_scenario_find_figure (scenario, id) : NULL;
  int terrain;

  if (figure == NULL)
    return NULL;
  if (!ph_mayhem_arg_choice (args, "terrain", terrains, standing_terrain (scenario, figure),
                             &terrain, NULL))
    return NULL;
  if (g_str_equal (arg, "terrain"))
    return g_strdup (terrains[standing_terrain (scenario, figure)]);
  if (g_str_equal (arg, "mounted-open"))
    return g_strdup (figure->mounted && terrain == 0 ? "true" : "false");
  return NULL;
}

gboolean
ph_mayhem_parse_point (const char *value,
                double     *x,
                double     *y)
{
  g_auto (GStrv) parts = NULL;

  if (value == NULL)
    return FALSE;
  parts = g_strsplit (value, ",", -1);
  return g_strv_length (parts) == 2
    && ph_game_parse_number (g_strstrip (parts[0]), x)
    && ph_game_parse_number (g_strstrip (parts[1]), y);
}

gboolean
ph_mayhem_action_move (PhGame      *game,
                GHashTable  *args,
                GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *figure = ph_mayhem_arg_figure (game, args, "figure", error);
  gboolean has_x, has_y, has_facing;
  double x = 0, y = 0, facing = 0;
  double ox, oy, dist;
  int reach;
  char d[32];

  if (figure == NULL)
    return FALSE;
  if (!ph_mayhem_arg_number (args, "x", TRUE, &has_x, &x, error)
      || !ph_mayhem_arg_number (args, "y", TRUE, &has_y, &y, error)
      || !ph_mayhem_arg_number (args, "facing", FALSE, &has_facing, &facing, error))
    return FALSE;
  if (!check_may_move (game, figure, error))
    return FALSE;
  if (ph_game_get_figure_var (game, figure->id, VAR_REACH) == NULL)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("%s has not rolled his movement dice yet (Roll movement dice)"),
                    ph_mayhem_fig_name (figure));
  reach = ph_game_get_figure_var_int (game, figure->id, VAR_REACH, 0);
  if (!ph_mayhem_parse_point (ph_game_get_figure_var (game, figure->id, VAR_ORIGIN), &ox, &oy))
    {
      ox = figure->x;
      oy = figure->y;
    }

  /* The roll is how far it may go this turn, measured from where it
   * started */
  dist = hypot (x - ox, y - oy) / ph_mayhem_units_per_inch (scenario);
  g_snprintf (d, sizeof d, "%.1f", dist);
  if (dist > reach + DISTANCE_SLACK)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("%s may move %d in this turn: that is %s in from where it started"),
                    ph_mayhem_fig_name (figure), reach, d);

  if (!ph_mayhem_set_attr_number (game, figure, "x", x, error)
      || !ph_mayhem_set_attr_number (game, figure, "y", y, error))
    return FALSE;
  if (has_facing && !ph_mayhem_set_attr_number (game, figure, "facing", facing, error))
    return FALSE;
  ph_mayhem_set_status (game, figure, PH_STATUS_MOVED, TRUE);
  ph_game_set_event_figure (game, figure->id);
  ph_game_log (game, _("%s moves %s in of his %d in"), ph_mayhem_fig_name (figure), d, reach);
  return TRUE;
}

/* A move by drag: the rolled move, measured from where the turn's move
 * began */
gboolean
ph_mayhem_plan_move (PhGame          *game,
                     const PhFigure  *figure,
                     PhMovePlan      *plan,
                     GError         **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  double ox, oy;

  if (!check_may_move (game, figure, error))
    return FALSE;
  if (ph_game_get_figure_var (game, figure->id, VAR_REACH) == NULL)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                           _("%s has not rolled his movement dice yet (Roll movement dice)"),
                           ph_mayhem_fig_name (figure));
  if (ph_mayhem_parse_point (ph_game_get_figure_var (game, figure->id, VAR_ORIGIN), &ox, &oy))
    plan->origin = (PhPoint) { ox, oy };
  /* "since the move began" only once he has moved since he rolled
   * (ph_game_plan_move()): the first drag reads "moved 3.9 in · 10.1 in
   * left", as a move not yet begun (it read "since the move began", as
   * if resumed) */
  plan->allowance = ph_game_get_figure_var_int (game, figure->id, VAR_REACH, 0);
  plan->cost_unit = plan->distance_unit = "in";
  plan->reach_limit = plan->allowance * ph_mayhem_units_per_inch (scenario);
  return TRUE;
}

/* A drag across an obstacle (a fence, hedge, wall, works or stockade)
 * after a move rolled on 2d6 or 3d6 is barred: "1d6": If crossing an
 * obstacle". The trial's man rolled 3d6 as an individual and crossed the
 * Paddock Fence without a word. Only the drag is held to it (the Move
 * form and the log's older steps are the referee's); a roll made before
 * the dice were recorded is not. */
void
ph_mayhem_move_cost (PhGame           *game,
                     const PhFigure   *figure,
                     const PhMovePlan *plan,
                     PhPoint           to,
                     PhMoveCost       *cost,
                     GHashTable       *args)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  int dice = ph_game_get_figure_var_int (game, figure->id, VAR_MOVE_DICE, 1);
  PhSegment path = { plan->origin, to };

  if (dice <= 1)
    return;
  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *feature = g_ptr_array_index (scenario->features, i);
      g_autofree char *said = NULL;

      switch (feature->kind)
        {
        case PH_TERRAIN_FENCE:
        case PH_TERRAIN_HEDGE:
        case PH_TERRAIN_WALL:
        case PH_TERRAIN_WORKS:
        case PH_TERRAIN_STOCKADE:
          break;
        default:
          continue;
        }
      if (!ph_segment_meets_interior (path, &feature->shape))
        continue;
      /* TRANSLATORS: completes "Pte Tubbs cannot move there: the way is
       * barred by …" */
      said = g_strdup_printf (_("%s: crossing an obstacle takes the 1d6 move, and %dd6 "
                                "were rolled"), ph_feature_display_name (feature), dice);
      cost->barred = g_intern_string (said);
      return;
    }
}
