/* ph-game-guns-of-war-charge.c: Guns of War's cavalry charge and what
 * follows it: the shocked unit's retreat away from the cavalry, a blocked
 * retreat, and the cavalry's advance into the hex it vacated
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * src/rulesets/guns-of-war/game.md ("charge", "advance", "stay") says
 * which steps are the text's and which are readings.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-guns-of-war-private.h"

/* The six neighbours of a hex, in axial steps */
static const PhHex gow_steps[6] = {
  { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 }
};

static PhHex
gow_hex_of (const PhScenario *scenario,
            const PhFigure   *unit)
{
  return ph_hex_from_point ((PhPoint) { unit->x, unit->y }, scenario->table.grid_size);
}

/* Whether @hex's centre is on the table */
static gboolean
gow_hex_on_table (const PhScenario *scenario,
                  PhHex             hex)
{
  PhPoint c = ph_hex_to_point (hex, scenario->table.grid_size);

  return c.x >= 0 && c.y >= 0 && c.x <= scenario->table.width && c.y <= scenario->table.height;
}

/* The neighbours of @from one hex farther from @foe than @from is, on
 * the table, the straightest away first (the centre farthest from the
 * foe's); returns how many */
static int
gow_hexes_away (const PhScenario *scenario,
                PhHex             from,
                PhHex             foe,
                PhHex             out[6])
{
  double size = scenario->table.grid_size;
  PhPoint fc = ph_hex_to_point (foe, size);
  int d = ph_hex_distance (from, foe);
  int n = 0;

  for (int i = 0; i < 6; i++)
    {
      PhHex h = { from.q + gow_steps[i].q, from.r + gow_steps[i].r };
      int k;

      if (ph_hex_distance (h, foe) != d + 1 || !gow_hex_on_table (scenario, h))
        continue;
      /* insertion by distance from the foe, farthest first; ties keep
       * the steps' order */
      for (k = n; k > 0
           && ph_point_distance (ph_hex_to_point (out[k - 1], size), fc)
              < ph_point_distance (ph_hex_to_point (h, size), fc) - 1e-9; k--)
        out[k] = out[k - 1];
      out[k] = h;
      n++;
    }
  return n;
}

/* Where @unit retreats from @foe: one hex away from it, to a hex no other
 * unit holds; Drilled Foot, which "may withdraw or retreat through any
 * friendly units" and "one additional hex if doing so is the only way to
 * not end their movement in the same hex as another unit", go on one
 * more hex through a friend (*@through) when every hex one away is held.
 * FALSE when there is no such hex: the retreat is blocked. */
static gboolean
gow_retreat_hex (const PhScenario  *scenario,
                 const PhFigure    *unit,
                 const PhFigure    *foe,
                 PhHex             *to,
                 int               *hexes,
                 const PhFigure   **through)
{
  double size = scenario->table.grid_size;
  const PhGunsOfWarStats *stats = gow_stats (unit);
  PhHex from = gow_hex_of (scenario, unit);
  PhHex foe_hex = gow_hex_of (scenario, foe);
  PhHex away[6];
  int n = gow_hexes_away (scenario, from, foe_hex, away);

  *through = NULL;
  for (int i = 0; i < n; i++)
    if (ph_guns_of_war_hex_holder (scenario, unit, ph_hex_to_point (away[i], size)) == NULL)
      {
        *to = away[i];
        *hexes = 1;
        return TRUE;
      }
  if (stats == NULL || stats->formation != PH_FORMATION_DF)
    return FALSE;
  for (int i = 0; i < n; i++)
    {
      const PhFigure *friend = ph_guns_of_war_hex_holder (scenario, unit,
                                                          ph_hex_to_point (away[i], size));
      PhHex beyond[6];
      int m;

      if (friend == NULL || g_strcmp0 (friend->side, unit->side) != 0)
        continue;
      m = gow_hexes_away (scenario, away[i], foe_hex, beyond);
      for (int j = 0; j < m; j++)
        if (ph_hex_distance (beyond[j], from) == 2
            && ph_guns_of_war_hex_holder (scenario, unit,
                                          ph_hex_to_point (beyond[j], size)) == NULL)
          {
            *to = beyond[j];
            *hexes = 2;
            *through = friend;
            return TRUE;
          }
    }
  return FALSE;
}

static gboolean
gow_place (PhGame    *game,
           PhFigure  *unit,
           PhHex      hex,
           GError   **error)
{
  PhPoint p = ph_hex_to_point (hex, ph_game_get_scenario (game)->table.grid_size);
  char xs[G_ASCII_DTOSTR_BUF_SIZE], ys[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_dtostr (xs, sizeof xs, p.x);
  g_ascii_dtostr (ys, sizeof ys, p.y);
  return ph_game_set_figure_attr (game, unit->id, "x", xs, error)
         && ph_game_set_figure_attr (game, unit->id, "y", ys, error);
}

/* A unit whose shock roll made it retreat falls back a hex away from
 * @foe (the cavalry that charged it, the unit that fired), or, with no
 * hex to go to, routs instead (a reading: game.md); said in @log after a
 * "; ". The hex it was in is put in @left. Off hexes the referee moves
 * it. */
gboolean
ph_guns_of_war_fall_back (PhGame          *game,
                          PhFigure        *unit,
                          const PhFigure  *foe,
                          GString         *log,
                          char             left[PH_HEX_NAME_SIZE],
                          GError         **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  char name[PH_HEX_NAME_SIZE];
  PhHex from, to;
  int hexes;
  const PhFigure *through;

  if (scenario->table.grid != PH_GRID_HEX || scenario->table.grid_size <= 0)
    {
      left[0] = '\0';
      g_string_append (log, _("; with no hex grid, the referee moves it back (a forced move)"));
      return TRUE;
    }
  from = gow_hex_of (scenario, unit);
  ph_hex_name (from, left);
  if (!gow_retreat_hex (scenario, unit, foe, &to, &hexes, &through))
    {
      ph_game_set_status (game, unit->id, PH_STATUS_SHAKEN, FALSE);
      ph_game_set_status (game, unit->id, PH_STATUS_FLED, TRUE);
      ph_game_set_figure_var (game, unit->id, "shock", "routed");
      g_string_append_printf (log, _("; every hex away from %s is held by another unit "
                                     "or off the table, so %s cannot retreat and routs "
                                     "instead"),
                              gow_name (foe), gow_name (unit));
      return TRUE;
    }
  if (!gow_place (game, unit, to, error))
    return FALSE;
  if (through != NULL)
    g_string_append_printf (log, _("; %s falls back 2 hexes away from %s, through %s, "
                                   "from hex %s to hex %s"),
                            gow_name (unit), gow_name (foe), gow_name (through),
                            left, ph_hex_name (to, name));
  else
    g_string_append_printf (log, _("; %s falls back 1 hex away from %s, from hex %s "
                                   "to hex %s"),
                            gow_name (unit), gow_name (foe), left,
                            ph_hex_name (to, name));
  return TRUE;
}

/* After the charge's shock roll: a unit that retreats falls back from
 * the cavalry (or routs when it cannot); the hex it leaves, by a retreat
 * or a rout, is the cavalry's to advance into ("The cavalry unit which
 * triggered the retreat may advance into the just-vacated hex"),
 * ID:advance on the cavalry until it advances or stays. */
static gboolean
gow_after_shock (PhGame    *game,
                 PhFigure  *cavalry,
                 PhFigure  *target,
                 GString   *log,
                 GError   **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *shock = ph_game_get_figure_var (game, target->id, "shock");
  gboolean on_hexes = scenario->table.grid == PH_GRID_HEX && scenario->table.grid_size > 0;
  char left[PH_HEX_NAME_SIZE];

  if (g_strcmp0 (shock, "retreated") != 0 && g_strcmp0 (shock, "routed") != 0)
    return TRUE;
  if (!on_hexes)
    {
      if (g_str_equal (shock, "retreated"))
        g_string_append (log, _("; with no hex grid, the referee moves it back (a forced move)"));
      return TRUE;
    }
  if (g_str_equal (shock, "retreated"))
    {
      if (!ph_guns_of_war_fall_back (game, target, cavalry, log, left, error))
        return FALSE;
    }
  else
    ph_hex_name (gow_hex_of (scenario, target), left);
  ph_game_set_figure_var (game, cavalry->id, "advance", left);
  g_string_append_printf (log, _(". %s may advance into hex %s, which %s has left (Advance "
                                 "into the vacated hex, or Stay)"),
                          gow_name (cavalry), left, gow_name (target));
  return TRUE;
}

/* Where @cavalry's charge on @target ends: the hex beside the target its
 * move reaches by the fewest hexes, the way a move goes (round other
 * units and water), no farther than its fastest rate (*@hexes of them;
 * 0 when it is in contact already); FALSE with the reason when there is
 * none. Off hexes, nothing is checked (the referee moves it). */
static gboolean
gow_charge_way (PhGame          *game,
                const PhFigure  *cavalry,
                const PhFigure  *target,
                PhHex           *contact,
                int             *hexes,
                GError         **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autofree char *words = NULL;
  int rate[3], off;

  *hexes = 0;
  if (scenario->table.grid != PH_GRID_HEX || scenario->table.grid_size <= 0)
    return TRUE;
  ph_guns_of_war_movement_rate (cavalry, rate);
  off = ph_hex_distance (gow_hex_of (scenario, cavalry), gow_hex_of (scenario, target));
  if (ph_guns_of_war_contact_hex (scenario, cavalry, target, rate[2], contact, hexes))
    return TRUE;
  words = ph_guns_of_war_rate_words (rate);
  if (off - 1 > rate[2])
    g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                 _("%d hexes from %s to %s, and a charge reaches %d: it moves up to %d "
                   "hexes, running (movement rate %s), into the hex beside its target"),
                 off, gow_name (cavalry), gow_name (target), rate[2] + 1, rate[2], words);
  else
    g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                 _("%s has no way into contact with %s within %d hexes, running (movement "
                   "rate %s): other units or water are in the way, and a charge goes "
                   "through no other unit's hex"),
                 gow_name (cavalry), gow_name (target), rate[2], words);
  return FALSE;
}

/* "charge": a mounted unit declares a charge on a unit. "A Drilled Foot
 * unit which is declared the target of a charge by cavalry must make a
 * shock roll unless it is secured by Formed Foot"; "Like Drilled Foot,
 * Undrilled Foot are shocked by cavalry"; "If, as a result of the shock
 * roll, the Drilled Foot retreats, it also immediately becomes disordered
 * (losing its ready marker, if it had one). The cavalry unit which
 * triggered the retreat may advance into the just-vacated hex." The
 * charge's own melee is Domains at War's, not the game's. */
gboolean
ph_guns_of_war_action_charge (PhGame      *game,
                              GHashTable  *args,
                              GError     **error)
{
  PhFigure *cavalry, *target;
  const PhGunsOfWarStats *stats;
  const PhFigure *secured_by;
  g_autoptr(GString) log = g_string_new (NULL);
  PhHex contact = { 0, 0 };
  int hexes = 0;

  if ((cavalry = gow_figure_arg (game, args, "figure", error)) == NULL
      || (target = gow_figure_arg (game, args, "target", error)) == NULL)
    return FALSE;
  /* The unit that may charge first: the text's charge is "a charge by
   * cavalry" (and "Shocked by Cavalry"); foot declare none here. */
  if (!cavalry->mounted)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is not mounted: only a charge by cavalry shocks foot"),
                   gow_name (cavalry));
      return FALSE;
    }
  if (!ph_guns_of_war_check_on_table (cavalry, error)
      || !ph_guns_of_war_check_on_table (target, error)
      || (stats = ph_guns_of_war_require_stats (target, error)) == NULL)
    return FALSE;
  if (g_strcmp0 (cavalry->side, target->side) == 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("%s and %s are of one side"), gow_name (cavalry), gow_name (target));
      return FALSE;
    }
  /* The charge is the cavalry's movement sequence: one a turn, and none
   * once it has moved or stood fast (a referee saw one horse charge the
   * same foot again and again, a new shock roll each time) */
  {
    g_autofree char *done = ph_guns_of_war_movement_done (game, cavalry);

    if (done != NULL)
      {
        g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, "%s: %s", done,
                     g_strcmp0 (ph_game_get_figure_var (game, cavalry->id, "movement"),
                                "charged") == 0
                     ? _("one charge a turn")
                     : (cavalry->status & PH_STATUS_FIRED)
                       && g_strcmp0 (ph_game_get_figure_var (game, cavalry->id, "movement"),
                                     "stood") == 0
                     ? _("a charge is its movement sequence, which comes before its fire")
                     : _("a charge is its movement sequence, one a turn"));
        return FALSE;
      }
  }
  /* The charge is its movement sequence: it goes as far as its move
   * would, the way its move would, into the hex beside its target
   * (game.md, a reading) */
  if (!gow_charge_way (game, cavalry, target, &contact, &hexes, error))
    return FALSE;
  ph_game_set_event_figure (game, cavalry->id);
  ph_game_set_figure_var (game, cavalry->id, "movement", "charged");
  if (!(cavalry->status & PH_STATUS_MOVED))
    ph_game_set_status (game, cavalry->id, PH_STATUS_MOVED, TRUE);
  g_string_append_printf (log, _("Charge declared by %s on %s"), gow_name (cavalry),
                          gow_name (target));
  if (hexes > 0)
    {
      char name[PH_HEX_NAME_SIZE];

      if (!gow_place (game, cavalry, contact, error))
        return FALSE;
      g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE,
                                                ", %d hex into contact at hex %s",
                                                ", %d hexes into contact at hex %s", hexes),
                              hexes, ph_hex_name (contact, name));
    }
  if (stats->formation != PH_FORMATION_DF && stats->formation != PH_FORMATION_UF)
    {
      /* TRANSLATORS: "; pikes is Formed Foot: not shocked by cavalry" */
      g_string_append_printf (log, _("; %s is %s: not shocked by cavalry"), gow_name (target),
                              ph_formation_words (stats->formation));
      ph_game_log (game, "%s", log->str);
      return TRUE;
    }
  secured_by = ph_guns_of_war_secured_by (game, target);
  if (secured_by != NULL)
    {
      /* DF beside Formed Foot: "not shocked by cavalry" */
      g_string_append_printf (log, _("; %s is secured by Formed Foot (%s beside it): "
                                "no shock roll"), gow_name (target), gow_name (secured_by));
      ph_game_log (game, "%s", log->str);
      return TRUE;
    }
  g_string_append (log, "; ");
  ph_guns_of_war_shock_roll (game, target, _("charged by cavalry"), 0, "", log);
  if (stats->formation == PH_FORMATION_DF
      && g_strcmp0 (ph_game_get_figure_var (game, target->id, "shock"), "retreated") == 0)
    {
      g_string_append (log, _("; it is disordered"));
      if (ph_game_get_figure_var (game, target->id, "ready") != NULL)
        {
          ph_game_set_figure_var (game, target->id, "ready", NULL);
          g_string_append (log, _(" and loses its ready marker"));
        }
      ph_game_set_figure_var (game, target->id, "disordered", "true");
    }
  if (!gow_after_shock (game, cavalry, target, log, error))
    return FALSE;
  ph_game_log (game, "%s.", log->str);
  return TRUE;
}

/* The hex @unit's charge left it free to advance into, or FALSE with the
 * reason */
static gboolean
gow_advance_hex (PhGame          *game,
                 const PhFigure  *unit,
                 PhHex           *hex,
                 GError         **error)
{
  const char *name = ph_game_get_figure_var (game, unit->id, "advance");

  if (name == NULL || !ph_hex_from_name (name, hex))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has no hex to advance into: only cavalry whose charge made "
                     "its target retreat or rout may advance"), gow_name (unit));
      return FALSE;
    }
  return TRUE;
}

/* "advance": "The cavalry unit which triggered the retreat may advance
 * into the just-vacated hex." Not its movement sequence. */
gboolean
ph_guns_of_war_action_advance (PhGame      *game,
                               GHashTable  *args,
                               GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *unit;
  const PhFigure *holder;
  PhHex hex;
  char name[PH_HEX_NAME_SIZE];

  gboolean has_x, has_y;
  double x = 0, y = 0;

  if ((unit = gow_figure_arg (game, args, "figure", error)) == NULL
      || !ph_guns_of_war_check_on_table (unit, error)
      || !gow_advance_hex (game, unit, &hex, error)
      || !gow_number_arg (args, "x", &has_x, &x, error)
      || !gow_number_arg (args, "y", &has_y, &y, error))
    return FALSE;
  ph_hex_name (hex, name);
  /* a drag's drop: into the vacated hex, and nowhere else */
  if (has_x != has_y
      || (has_x && !ph_hex_equal (ph_hex_from_point ((PhPoint) { x, y },
                                                     scenario->table.grid_size), hex)))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s advances only into hex %s, which its charge's target left (or "
                     "stays)"), gow_name (unit), name);
      return FALSE;
    }
  /* from contact: the hex its target left is beside it (its charge ended
   * there), not a jump across the table */
  {
    int away = ph_hex_distance (gow_hex_of (scenario, unit), hex);

    if (away != 1)
      {
        g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                     _("%s is %d hexes from hex %s: it advances into the vacated hex only "
                       "from contact, beside it"), gow_name (unit), away, name);
        return FALSE;
      }
  }
  holder = ph_guns_of_war_hex_holder (scenario, unit,
                                      ph_hex_to_point (hex, scenario->table.grid_size));
  if (holder != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s cannot advance into hex %s: %s stands there now"),
                   gow_name (unit), name, gow_name (holder));
      return FALSE;
    }
  if (!gow_place (game, unit, hex, error))
    return FALSE;
  ph_game_set_figure_var (game, unit->id, "advance", NULL);
  ph_game_set_event_figure (game, unit->id);
  ph_game_log (game, _("%s advances into hex %s, vacated by its charge's target (not its "
                       "movement sequence)"), gow_name (unit), name);
  return TRUE;
}

/* "stay": the cavalry does not take the advance its charge offered */
gboolean
ph_guns_of_war_action_stay (PhGame      *game,
                            GHashTable  *args,
                            GError     **error)
{
  PhFigure *unit;
  PhHex hex;
  char name[PH_HEX_NAME_SIZE];

  if ((unit = gow_figure_arg (game, args, "figure", error)) == NULL
      || !gow_advance_hex (game, unit, &hex, error))
    return FALSE;
  ph_game_set_figure_var (game, unit->id, "advance", NULL);
  ph_game_set_event_figure (game, unit->id);
  ph_game_log (game, _("%s stays where it is and does not advance into hex %s"),
               gow_name (unit), ph_hex_name (hex, name));
  return TRUE;
}

const PhFigure *
ph_guns_of_war_pending_advance (PhGame *game)
{
  PhScenario *scenario = ph_game_get_scenario (game);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *unit = g_ptr_array_index (scenario->figures, i);

      if (!ph_figure_is_off_table (unit)
          && ph_game_get_figure_var (game, unit->id, "advance") != NULL)
        return unit;
    }
  return NULL;
}
