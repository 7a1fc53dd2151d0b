/* ph-game-move.c: moves by drag, and the referee's own changes
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-move.h"
#include "ph-game-private.h"
#include "ph-figure-attr.h"
#include "ph-hex.h"
#include "ph-ruleset.h"

void
ph_move_plan_clear (PhMovePlan *plan)
{
  g_clear_pointer (&plan->note, g_free);
  g_clear_pointer (&plan->wish, g_hash_table_unref);
  memset (plan, 0, sizeof *plan);
}

static PhFigure *
find_figure (PhGame      *game,
             const char  *figure_id,
             GError     **error)
{
  PhFigure *figure = ph_scenario_find_figure (game->scenario, figure_id);

  if (figure == NULL)
    g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                 _("there is no figure '%s'"), figure_id);
  return figure;
}

gboolean
ph_game_plan_move (PhGame      *game,
                   const char  *figure_id,
                   PhMovePlan  *plan,
                   GError     **error)
{
  return ph_game_plan_move_wished (game, figure_id, NULL, plan, error);
}

gboolean
ph_game_plan_move_wished (PhGame      *game,
                          const char  *figure_id,
                          GHashTable  *wish,
                          PhMovePlan  *plan,
                          GError     **error)
{
  PhFigure *figure;

  g_return_val_if_fail (game != NULL && figure_id != NULL && plan != NULL, FALSE);

  memset (plan, 0, sizeof *plan);
  if ((figure = find_figure (game, figure_id, error)) == NULL)
    return FALSE;
  if (game->rules->plan_move == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has no move the program can make by drag"),
                   ph_ruleset_get (game->scenario->ruleset)->title);
      return FALSE;
    }
  if (ph_figure_is_off_table (figure))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is off the table"), ph_figure_display_name (figure));
      return FALSE;
    }
  plan->action = "move";
  plan->origin = (PhPoint) { figure->x, figure->y };
  plan->allowance = G_MAXDOUBLE;
  plan->cost_unit = plan->distance_unit = "in";
  plan->reach_limit = hypot (game->scenario->table.width, game->scenario->table.height);
  plan->wish = wish != NULL ? g_hash_table_ref (wish) : NULL;
  if (!game->rules->plan_move (game, figure, plan, error))
    {
      const char *brief = plan->brief;

      ph_move_plan_clear (plan);
      plan->brief = brief;
      return FALSE;
    }
  plan->resumed = plan->resumed
                  || hypot (plan->origin.x - figure->x, plan->origin.y - figure->y) > 0.01;
  return TRUE;
}

/* The distance from the plan's origin, as the ruleset reads distances */
static double
ruleset_distance (PhGame           *game,
                  const PhMovePlan *plan,
                  PhPoint           to)
{
  return ph_ruleset_distance (game->scenario->ruleset, &game->scenario->table, plan->origin, to);
}

gboolean
ph_game_units_hold_hexes (const PhScenario *scenario)
{
  const PhTable *table = &scenario->table;

  return ph_ruleset_dist_unit (scenario->ruleset, table) == PH_DIST_HEX
         && table->grid == PH_GRID_HEX && table->grid_size > 0;
}

const PhFigure *
ph_game_spot_taken (const PhScenario *scenario,
                    const PhFigure   *figure,
                    PhPoint           to,
                    gboolean         *in_hex)
{
  gboolean hexes;
  PhFigure there;
  PhHex hex = { 0, 0 };

  g_return_val_if_fail (scenario != NULL && figure != NULL, NULL);

  hexes = ph_game_units_hold_hexes (scenario);
  if (in_hex != NULL)
    *in_hex = hexes;
  there = *figure;
  there.x = to.x;
  there.y = to.y;
  if (hexes)
    hex = ph_hex_from_point (to, scenario->table.grid_size);
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *other = g_ptr_array_index (scenario->figures, i);

      if (other == figure || g_strcmp0 (other->id, figure->id) == 0
          || ph_figure_is_off_table (other))
        continue;
      if (hexes ? ph_hex_equal (ph_hex_from_point ((PhPoint) { other->x, other->y },
                                                   scenario->table.grid_size), hex)
                : ph_figures_overlap (&there, other))
        return other;
    }
  return NULL;
}

char *
ph_game_describe_spot_taken (const PhFigure *other,
                             gboolean        in_hex)
{
  g_return_val_if_fail (other != NULL, NULL);

  if (in_hex)
    /* TRANSLATORS: by the pointer, a drop in a hex another unit holds */
    return g_strdup_printf (_("hex held by %s"), ph_figure_display_name (other));
  /* TRANSLATORS: by the pointer, a drop on another man's base */
  return g_strdup_printf (_("on %s’s base"), ph_figure_display_name (other));
}

char *
ph_game_spot_refusal (const PhFigure *figure,
                      const PhFigure *other,
                      gboolean        in_hex)
{
  g_return_val_if_fail (figure != NULL && other != NULL, NULL);

  if (in_hex)
    return g_strdup_printf (_("%s cannot stop there: the hex is held by %s (one unit to a hex)"),
                            ph_figure_display_name (figure), ph_figure_display_name (other));
  return g_strdup_printf (_("%s cannot stop there: the base would stand on %s’s "
                            "(bases may touch, never overlap)"),
                          ph_figure_display_name (figure), ph_figure_display_name (other));
}

gboolean
ph_game_check_spot (const PhScenario  *scenario,
                    const PhFigure    *figure,
                    PhPoint            to,
                    GError           **error)
{
  gboolean in_hex;
  const PhFigure *other = ph_game_spot_taken (scenario, figure, to, &in_hex);

  if (other == NULL)
    return TRUE;
  if (error != NULL)
    {
      g_autofree char *refusal = ph_game_spot_refusal (figure, other, in_hex);

      g_set_error_literal (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, refusal);
    }
  return FALSE;
}

/* @spot: and who stands there (PhMoveCost.stands_on), for a drop; the
 * reach's rays leave it out (a man is a spot to stop short of, not ground
 * that ends the way) */
static void
move_cost (PhGame           *game,
           const PhFigure   *figure,
           const PhMovePlan *plan,
           PhPoint           to,
           PhMoveCost       *cost,
           GHashTable       *args,
           gboolean          spot)
{
  const PhTable *table = &game->scenario->table;

  memset (cost, 0, sizeof *cost);
  cost->distance = ruleset_distance (game, plan, to);
  cost->cost = cost->distance;
  if (game->rules->move_cost != NULL)
    game->rules->move_cost (game, figure, plan, to, cost, args);
  if (to.x < 0 || to.y < 0 || to.x > table->width || to.y > table->height)
    {
      cost->barred = _("the table's edge");
      cost->cost = G_MAXDOUBLE;
    }
  else if (cost->barred != NULL)
    cost->cost = G_MAXDOUBLE;
  if (spot)
    cost->stands_on = ph_game_spot_taken (game->scenario, figure, to, &cost->stands_in_hex);
}

GHashTable *
ph_game_move_args_here (PhGame     *game,
                        const char *figure_id)
{
  g_autoptr(GHashTable) args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  PhMovePlan plan;
  PhMoveCost cost;
  PhFigure *figure;

  g_return_val_if_fail (game != NULL && figure_id != NULL, NULL);

  if (!ph_game_plan_move (game, figure_id, &plan, NULL))
    return NULL;
  figure = ph_scenario_find_figure (game->scenario, figure_id);
  move_cost (game, figure, &plan, (PhPoint) { figure->x, figure->y }, &cost, args, FALSE);
  ph_move_plan_clear (&plan);
  return g_steal_pointer (&args);
}

void
ph_game_move_cost (PhGame           *game,
                   const char       *figure_id,
                   const PhMovePlan *plan,
                   PhPoint           to,
                   PhMoveCost       *cost)
{
  PhFigure *figure;

  g_return_if_fail (game != NULL && plan != NULL && cost != NULL);

  memset (cost, 0, sizeof *cost);
  figure = ph_scenario_find_figure (game->scenario, figure_id);
  g_return_if_fail (figure != NULL);
  move_cost (game, figure, plan, to, cost, NULL, TRUE);
}

gboolean
ph_move_cost_fits (const PhMovePlan *plan,
                   const PhMoveCost *cost)
{
  return cost->barred == NULL && cost->stands_on == NULL && cost->stops_on != 1
         && cost->cost <= ph_move_cost_allowance (plan, cost) + 1e-6;
}

/* How far from @origin along @dir the table goes */
static double
to_table_edge (const PhTable *table,
               PhPoint        origin,
               double         dx,
               double         dy)
{
  double t = G_MAXDOUBLE;

  if (dx > 1e-12)
    t = MIN (t, (table->width - origin.x) / dx);
  else if (dx < -1e-12)
    t = MIN (t, -origin.x / dx);
  if (dy > 1e-12)
    t = MIN (t, (table->height - origin.y) / dy);
  else if (dy < -1e-12)
    t = MIN (t, -origin.y / dy);
  return MAX (0, t);
}

GArray *
ph_game_move_reach (PhGame           *game,
                    const char       *figure_id,
                    const PhMovePlan *plan,
                    guint             n_rays)
{
  PhFigure *figure;
  GArray *points;

  g_return_val_if_fail (game != NULL && plan != NULL && n_rays >= 3, NULL);

  figure = ph_scenario_find_figure (game->scenario, figure_id);
  g_return_val_if_fail (figure != NULL, NULL);
  if (plan->allowance == G_MAXDOUBLE)
    return NULL;

  points = g_array_sized_new (FALSE, FALSE, sizeof (PhPoint), n_rays);
  for (guint i = 0; i < n_rays; i++)
    {
      double angle = 2 * G_PI * i / n_rays;
      double dx = sin (angle), dy = -cos (angle);
      double hi = MIN (plan->reach_limit, to_table_edge (&game->scenario->table,
                                                           plan->origin, dx, dy));
      double lo = 0;
      PhMoveCost cost;
      PhPoint p;

      /* The cost only grows along a straight move: the farthest point
       * that fits is found by halving. */
      p = (PhPoint) { plan->origin.x + dx * hi, plan->origin.y + dy * hi };
      move_cost (game, figure, plan, p, &cost, NULL, FALSE);
      if (!ph_move_cost_fits (plan, &cost))
        {
          for (int k = 0; k < 14; k++)
            {
              double mid = (lo + hi) / 2;

              p = (PhPoint) { plan->origin.x + dx * mid, plan->origin.y + dy * mid };
              move_cost (game, figure, plan, p, &cost, NULL, FALSE);
              if (ph_move_cost_fits (plan, &cost))
                lo = mid;
              else
                hi = mid;
            }
          hi = lo;
          /* a move into contact may go farther (a charge): the farthest
           * spot on the ray that fits, beyond the free ones */
          if (plan->contact_farther)
            {
              double top = MIN (plan->reach_limit, to_table_edge (&game->scenario->table,
                                                                 plan->origin, dx, dy));

              for (int k = 32; k > 0; k--)
                {
                  double d = hi + (top - hi) * k / 32;

                  if (d <= hi)
                    break;
                  p = (PhPoint) { plan->origin.x + dx * d, plan->origin.y + dy * d };
                  move_cost (game, figure, plan, p, &cost, NULL, FALSE);
                  if (ph_move_cost_fits (plan, &cost))
                    {
                      hi = d;
                      break;
                    }
                }
            }
        }
      p = (PhPoint) { plan->origin.x + dx * hi, plan->origin.y + dy * hi };
      g_array_append_val (points, p);
    }
  return points;
}

gboolean
ph_game_perform_move (PhGame      *game,
                      const char  *figure_id,
                      PhPoint      to,
                      GError     **error)
{
  return ph_game_perform_move_wished (game, figure_id, to, NULL, error);
}

gboolean
ph_game_perform_move_wished (PhGame      *game,
                             const char  *figure_id,
                             PhPoint      to,
                             GHashTable  *wish,
                             GError     **error)
{
  g_autoptr(GHashTable) args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  PhMovePlan plan;
  PhMoveCost cost;
  PhFigure *figure;
  char xs[G_ASCII_DTOSTR_BUF_SIZE], ys[G_ASCII_DTOSTR_BUF_SIZE];
  gboolean ok;

  g_return_val_if_fail (game != NULL && figure_id != NULL, FALSE);

  if (!ph_game_plan_move_wished (game, figure_id, wish, &plan, error))
    return FALSE;
  figure = ph_scenario_find_figure (game->scenario, figure_id);
  /* priced where the action will put it: snapped (into base contact, a
   * whole tenth, a hex's centre), and to the hundredth the arguments
   * carry */
  to = ph_game_drop_spot (game, figure_id, &plan, to, NULL);
  move_cost (game, figure, &plan, to, &cost, args, TRUE);
  /* Bases touch (in melee) but never stand on each other, nor two units
   * in a hex: a drop on another man is refused with his name, for the
   * referee to stop short in base contact */
  if (cost.stands_on != NULL)
    {
      g_autofree char *refusal = ph_game_spot_refusal (figure, cost.stands_on,
                                                       cost.stands_in_hex);

      g_set_error_literal (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, refusal);
      ph_move_plan_clear (&plan);
      return FALSE;
    }
  if (cost.barred != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s cannot move there: the way is barred by %s"),
                   ph_figure_display_name (figure), cost.barred);
      ph_move_plan_clear (&plan);
      return FALSE;
    }
  if (cost.distance < 1e-6)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is already there"), ph_figure_display_name (figure));
      ph_move_plan_clear (&plan);
      return FALSE;
    }
  /* Past the allowance: refused here too, whatever the action checks */
  if (!ph_move_cost_fits (&plan, &cost))
    {
      g_autofree char *said = ph_game_describe_move (game, &plan, &cost);

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, _("%s cannot move there: %s"),
                   ph_figure_display_name (figure), said);
      ph_move_plan_clear (&plan);
      return FALSE;
    }
  g_hash_table_insert (args, g_strdup ("figure"), g_strdup (figure_id));
  g_hash_table_insert (args, g_strdup ("x"),
                       g_strdup (g_ascii_formatd (xs, sizeof xs, "%.2f", to.x)));
  g_hash_table_insert (args, g_strdup ("y"),
                       g_strdup (g_ascii_formatd (ys, sizeof ys, "%.2f", to.y)));
  ok = ph_game_perform (game, plan.action, args, error);
  ph_move_plan_clear (&plan);
  return ok;
}

PhPoint
ph_game_snap_move (PhGame           *game,
                   const PhMovePlan *plan,
                   PhPoint           to)
{
  double size = game->scenario->table.grid_size;

  if (plan->hex_snap && size > 0)
    to = ph_hex_to_point (ph_hex_from_point (to, size), size);
  else
    {
      /* a drag goes whole tenths of the unit from where the move began
       * (the nearest):
       * the label's "moved 6.0 in" is the move made and paid for (6.04
       * in cost a Firelock man 4 IPs under a label of 6.0) */
      double dx = to.x - plan->origin.x, dy = to.y - plan->origin.y;
      double d = hypot (dx, dy);

      if (d > 1e-9)
        {
          double tenths = round (d * 10) / 10;

          to.x = plan->origin.x + dx * tenths / d;
          to.y = plan->origin.y + dy * tenths / d;
        }
    }
  /* the move action takes hundredths (ph_game_perform_move()) */
  return (PhPoint) { round (to.x * 100) / 100, round (to.y * 100) / 100 };
}

PhPoint
ph_game_drop_spot (PhGame           *game,
                   const char       *figure_id,
                   const PhMovePlan *plan,
                   PhPoint           to,
                   const PhFigure  **contact)
{
  const PhFigure *other;
  PhFigure *figure;
  PhPoint spot;

  g_return_val_if_fail (game != NULL && figure_id != NULL && plan != NULL, to);

  if (contact != NULL)
    *contact = NULL;
  figure = ph_scenario_find_figure (game->scenario, figure_id);
  g_return_val_if_fail (figure != NULL, to);
  if (!plan->hex_snap
      && (other = ph_game_contact_spot (game->scenario, figure, to, &spot)) != NULL)
    {
      PhMoveCost cost;

      /* the hundredth the move action takes: a contact within 0.01 in,
       * as touching as the rules' 0.05 in of play want */
      spot = (PhPoint) { round (spot.x * 100) / 100, round (spot.y * 100) / 100 };
      move_cost (game, figure, plan, spot, &cost, NULL, TRUE);
      if (ph_move_cost_fits (plan, &cost))
        {
          if (contact != NULL)
            *contact = other;
          return spot;
        }
    }
  return ph_game_snap_move (game, plan, to);
}

/* The referee's changes */

/* A value as the log line shows it: numbers to the hundredth ("31.03",
 * not "31.026578073089702"), an empty one as "none" */
static char *
shown_value (const char *value)
{
  char *end = NULL;
  double number;

  if (value == NULL || *value == '\0')
    return g_strdup (_("none"));
  /* plain decimals only: not a code like "0207" or "0x1A" */
  if (!g_regex_match_simple ("^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$", value, 0, 0))
    return g_strdup (value);
  number = g_ascii_strtod (value, &end);
  if (end != NULL && *end == '\0' && end != value && isfinite (number))
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      char *text = g_strdup (g_ascii_formatd (buf, sizeof buf, "%.2f", number));
      char *dot = strchr (text, '.');

      /* "31.00" -> "31", "5.50" -> "5.5" */
      if (dot != NULL)
        {
          char *last = text + strlen (text) - 1;

          while (last > dot && *last == '0')
            *last-- = '\0';
          if (last == dot)
            *last = '\0';
        }
      return text;
    }
  return g_strdup (value);
}

/* "Sgt Smith 4.6 in": how far the referee put @figure from where it
 * stood, in the ruleset's unit as the drag's label reads it ("12.0
 * paces", "3 hexes"; "4,6 in" in French) */
static void
append_moved (GString          *moves,
              const PhScenario *scenario,
              const PhFigure   *figure,
              PhPoint           from)
{
  g_autofree char *distance = NULL;

  distance = ph_ruleset_format_distance (scenario->ruleset,
                                         ph_ruleset_distance (scenario->ruleset, &scenario->table,
                                                              from, (PhPoint) { figure->x,
                                                                                figure->y }));
  if (moves->len > 0)
    g_string_append (moves, _(", "));
  /* TRANSLATORS: a figure and how far the referee moved him, in the
   * ruleset's unit: "Sgt. Smith 4.6 in", "Black Reiters 3 hexes" */
  g_string_append_printf (moves, _("%s %s"), ph_figure_display_name (figure), distance);
  /* where to, as the rules' moves say it where units hold hexes ("moves
   * 3 hexes to hex 1109"): "Black Reiters 3 hexes to hex 1109" */
  if (ph_game_units_hold_hexes (scenario))
    {
      char name[PH_HEX_NAME_SIZE];
      PhHex hex = ph_hex_from_point ((PhPoint) { figure->x, figure->y },
                                     scenario->table.grid_size);

      /* TRANSLATORS: after "Referee moved Black Reiters 3 hexes": the
       * hex it went to, as the map prints it */
      g_string_append_printf (moves, _(" to hex %s"), ph_hex_name (hex, name));
    }
}

gboolean
ph_game_referee_edit (PhGame          *game,
                      const char      *what,
                      PhFigure *const *edited,
                      guint            n_edited,
                      GError         **error)
{
  /* the moves ("Sgt. Smith 4.6 in") and the other changes
   * ("Sgt. Smith: facing 0 → 90") */
  g_autoptr(GString) moves = g_string_new (NULL);
  g_autoptr(GString) changes = g_string_new (NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree gboolean *moved = NULL;

  g_return_val_if_fail (game != NULL && game->open == NULL, FALSE);

  moved = g_new0 (gboolean, n_edited + 1);

  game->open = ph_event_new ("referee");
  for (guint i = 0; i < n_edited; i++)
    {
      const PhFigure *after = edited[i];
      PhFigure *figure = ph_scenario_find_figure (game->scenario, after->id);
      g_auto(GStrv) attrs = NULL;
      gboolean first = TRUE;
      PhPoint from;

      if (figure == NULL)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                       _("there is no figure '%s'"), after->id);
          return ph_game_finish_event (game, FALSE);
        }
      /* the log records a figure's attributes, not its weapons list */
      if (after->weapons->len != figure->weapons->len)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       _("%s's weapons cannot be added or taken away during a game"),
                       ph_figure_display_name (figure));
          return ph_game_finish_event (game, FALSE);
        }
      /* nor a weapon's kind, ranges or melee class (its name and
       * loading are attributes) */
      for (guint w = 0; w < after->weapons->len; w++)
        {
          const PhWeapon *a = &g_array_index (after->weapons, PhWeapon, w);
          const PhWeapon *b = &g_array_index (figure->weapons, PhWeapon, w);

          if (a->kind != b->kind || a->has_bands != b->has_bands
              || a->range_short != b->range_short || a->range_medium != b->range_medium
              || a->range_long != b->range_long || a->melee_category != b->melee_category)
            {
              g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                           _("%s's weapons cannot be changed during a game, only loaded, "
                             "unloaded or renamed (the log keeps no other change to them)"),
                           ph_figure_display_name (figure));
              return ph_game_finish_event (game, FALSE);
            }
        }
      from = (PhPoint) { figure->x, figure->y };
      /* Both figures' attributes: one may have a weapon or a ruleset
       * element the other lacks */
      attrs = ph_figure_list_attrs (after);
      for (guint k = 0; attrs[k] != NULL; k++)
        {
          g_autofree char *old = ph_figure_get_attr (game->scenario, figure, attrs[k], NULL);
          g_autofree char *new = ph_figure_get_attr (game->scenario, after, attrs[k], NULL);

          if (g_strcmp0 (old, new) == 0 || new == NULL)
            continue;
          if (!ph_game_set_figure_attr (game, figure->id, attrs[k], new, error))
            return ph_game_finish_event (game, FALSE);
          /* the position is said as a move, below */
          if (g_str_equal (attrs[k], "x") || g_str_equal (attrs[k], "y"))
            continue;
          /* "Sgt Smith: facing 0 → 90, stance standing → lying" */
          if (first)
            g_string_append_printf (changes, "%s%s:", changes->len > 0 ? "; " : "",
                                    ph_figure_display_name (figure));
          else
            g_string_append_c (changes, ',');
          {
            g_autofree char *was = shown_value (old);
            g_autofree char *now = shown_value (new);
            guint w;
            char tail[16];

            /* a weapon's loading in words: "the Brown Bess musket
             * loaded" (it read "weapon.0.loaded false → true") */
            if (sscanf (attrs[k], "weapon.%u.%15s", &w, tail) == 2 && g_str_equal (tail, "loaded")
                && w < figure->weapons->len)
              {
                const PhWeapon *weapon = &g_array_index (figure->weapons, PhWeapon, w);
                const char *name = weapon->name != NULL && *weapon->name != '\0'
                                   ? weapon->name : ph_weapon_kind_label (weapon->kind);

                g_string_append_printf (changes, g_str_equal (new, "true")
                                        /* TRANSLATORS: the referee's change, "Sgt.
                                         * Smith: the musket loaded" */
                                        ? _(" the %s loaded") : _(" the %s unloaded"), name);
              }
            else
              g_string_append_printf (changes, " %s %s → %s", attrs[k], was, now);
          }
          first = FALSE;
        }
      moved[i] = figure->x != from.x || figure->y != from.y;
      if (moved[i])
        {
          append_moved (moves, game->scenario, figure, from);
          /* what the rules make of it ("; it counts as his move"); a
           * refusal below takes it back with the rest of the event */
          if (game->rules->referee_moved != NULL)
            game->rules->referee_moved (game, figure, moves);
        }
    }
  /* The referee's drop too stands on no one (every figure edited now
   * where it is to stand): "Move Anyway" put one man over another, who
   * vanished under him */
  for (guint i = 0; i < n_edited; i++)
    {
      PhFigure *figure = ph_scenario_find_figure (game->scenario, edited[i]->id);

      if (moved[i]
          && !ph_game_check_spot (game->scenario, figure, (PhPoint) { figure->x, figure->y },
                                  error))
        return ph_game_finish_event (game, FALSE);
    }
  if (moves->len == 0 && changes->len == 0)
    {
      ph_event_free (g_steal_pointer (&game->open));
      return TRUE;
    }
  /* "Referee moved Sgt. Smith 4.6 in; Sgt. Smith: facing 0 → 90", or
   * with no move "Referee: Turn (Sgt. Smith: facing 0 → 90)" */
  if (moves->len > 0)
    {
      g_string_append_printf (text, _("Referee moved %s"), moves->str);
      if (changes->len > 0)
        g_string_append_printf (text, "; %s", changes->str);
    }
  else
    g_string_append_printf (text, _("Referee: %s (%s)"),
                            what != NULL ? what : _("changes figures"), changes->str);
  if (n_edited == 1)
    ph_game_set_event_figure (game, edited[0]->id);
  game->open->text = g_string_free (g_steal_pointer (&text), FALSE);
  return ph_game_finish_event (game, TRUE);
}
