/* ph-game-guns-of-war-move.c: Guns of War's movement side: the unit's
 * movement sequence (move, stand fast), withdrawal from fire and
 * readying (its rates and moves by drag: ph-game-guns-of-war-way.c)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * src/rulesets/guns-of-war/game.md describes every action and reading.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-guns-of-war-private.h"
#include "ph-scenario-values.h"

/* Hexes from the unit's hex to @to's, or -1 without a hex grid */
static int
gow_hexes_to (const PhScenario *scenario,
              const PhFigure   *unit,
              PhPoint           to)
{
  double size = scenario->table.grid_size;

  if (scenario->table.grid != PH_GRID_HEX || size <= 0)
    return -1;
  return ph_hex_distance (ph_hex_from_point ((PhPoint) { unit->x, unit->y }, size),
                          ph_hex_from_point (to, size));
}

/* What @unit has done this turn that used up its movement sequence, as
 * the start of a refusal ("tercio has already moved this turn"), or NULL
 * while it has not played it; a unit that stood fast and fired is told
 * it has fired */
char *
ph_guns_of_war_movement_done (PhGame         *game,
                              const PhFigure *unit)
{
  const char *movement = ph_game_get_figure_var (game, unit->id, "movement");

  if (movement == NULL)
    return NULL;
  if (g_str_equal (movement, "charged"))
    return g_strdup_printf (_("%s has already charged this turn"), gow_name (unit));
  if (g_str_equal (movement, "moved"))
    return g_strdup_printf (_("%s has already moved this turn"), gow_name (unit));
  /* a unit that fired without a movement sequence stood fast before it
   * (game.md): the player knows it fired, not that it stood */
  if (unit->status & PH_STATUS_FIRED)
    return g_strdup_printf (_("%s has already fired this turn"), gow_name (unit));
  return g_strdup_printf (_("%s has already stood fast this turn"), gow_name (unit));
}

/* Whether @unit may play its movement sequence now: not once it has
 * moved, stood fast, fired or charged this turn ("tercio has already
 * moved this turn: one movement sequence a turn"); @forced_hint adds how
 * the move action moves it all the same, for a retreat or withdrawal */
gboolean
ph_guns_of_war_check_may_move (PhGame          *game,
                               const PhFigure  *unit,
                               gboolean         forced_hint,
                               GError         **error)
{
  g_autofree char *done = NULL;
  const char *movement = ph_game_get_figure_var (game, unit->id, "movement");

  if (!ph_guns_of_war_check_on_table (unit, error))
    return FALSE;
  if ((done = ph_guns_of_war_movement_done (game, unit)) != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, "%s: %s%s", done,
                   g_str_equal (movement, "charged")
                   ? _("its charge was its movement sequence")
                   : g_str_equal (movement, "moved") || !(unit->status & PH_STATUS_FIRED)
                   ? _("one movement sequence a turn")
                   : _("its movement sequence comes before its fire, one a turn"),
                   forced_hint ? _(" (a retreat or withdrawal is a forced move, outside the "
                                   "movement sequence)") : "");
      return FALSE;
    }
  return TRUE;
}

/* The unit other than @unit standing in @to's hex, or NULL: "Drilled
 * Foot may withdraw or retreat one additional hex if doing so is the only
 * way to not end their movement in the same hex as another unit" - a
 * move ends in a hex of its own */
const PhFigure *
ph_guns_of_war_hex_holder (const PhScenario *scenario,
                           const PhFigure   *unit,
                           PhPoint           to)
{
  double size = scenario->table.grid_size;
  PhHex hex;

  if (scenario->table.grid != PH_GRID_HEX || size <= 0)
    return NULL;
  hex = ph_hex_from_point (to, size);
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *other = g_ptr_array_index (scenario->figures, i);

      if (other != unit && !ph_figure_is_off_table (other)
          && ph_hex_equal (ph_hex_from_point ((PhPoint) { other->x, other->y }, size), hex))
        return other;
    }
  return NULL;
}

/* The hex an action names: "hex" as the map prints it ("0607"), else the
 * command line's axial "q" and "r" */
static gboolean
gow_hex_arg (GHashTable  *args,
             gboolean    *has_q,
             double      *q,
             gboolean    *has_r,
             double      *r,
             GError     **error)
{
  const char *named = g_hash_table_lookup (args, "hex");
  PhHex hex;

  if (!gow_number_arg (args, "q", has_q, q, error)
      || !gow_number_arg (args, "r", has_r, r, error))
    return FALSE;
  if (named == NULL || *named == '\0')
    return TRUE;
  if (!ph_hex_from_name (named, &hex))
    {
      g_autofree char *shown = ph_value_show (named);

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("hex: the hex as the map prints it, column then row "
                     "(0607), not %s"), shown);
      return FALSE;
    }
  *q = hex.q;
  *r = hex.r;
  *has_q = *has_r = TRUE;
  return TRUE;
}

/* The way @unit's move to @to takes, hex to hex (game.md, "The way a
 * unit moves"): FALSE with the reason when @to is impassable ground or
 * other units and water leave no way within @limit hexes */
static gboolean
gow_check_way (const PhScenario  *scenario,
               const PhFigure    *unit,
               PhPoint            to,
               int                limit,
               const char        *where,
               GError           **error)
{
  double size = scenario->table.grid_size;
  PhHex hex = ph_hex_from_point (to, size);
  const PhFeature *water = ph_guns_of_war_impassable (scenario, ph_hex_to_point (hex, size));

  if (water != NULL)
    {
      g_autofree char *ground = ph_guns_of_war_impassable_words (water);

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s cannot move into %s: %s cannot be entered"),
                   gow_name (unit), where, ground);
      return FALSE;
    }
  if (ph_guns_of_war_way_length (scenario, unit, hex, limit) < 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s cannot reach %s within %d hexes: other units or water are in the "
                     "way (a move goes through no other unit's hex)"),
                   gow_name (unit), where, limit);
      return FALSE;
    }
  return TRUE;
}

/* "move": the unit's movement sequence (or a forced move) */
gboolean
ph_guns_of_war_action_move (PhGame      *game,
                            GHashTable  *args,
                            GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *unit;
  gboolean forced;
  gboolean has_q, has_r, has_x, has_y;
  double q = 0, r = 0, x = 0, y = 0;
  int moved = -1;
  g_autofree char *where = NULL;
  char xs[G_ASCII_DTOSTR_BUF_SIZE];
  char ys[G_ASCII_DTOSTR_BUF_SIZE];

  if ((unit = gow_figure_arg (game, args, "figure", error)) == NULL
      || !ph_guns_of_war_check_on_table (unit, error)
      || !gow_bool_arg (args, "forced", &forced, error)
      || !gow_number_arg (args, "x", &has_x, &x, error)
      || !gow_number_arg (args, "y", &has_y, &y, error)
      || !gow_hex_arg (args, &has_q, &q, &has_r, &r, error))
    return FALSE;
  /* the hex named stands for any point */
  if (g_hash_table_lookup (args, "hex") != NULL
      && *(const char *) g_hash_table_lookup (args, "hex") != '\0')
    has_x = has_y = FALSE;

  if (has_q && has_r && !has_x && !has_y)
    {
      PhPoint p;

      if (scenario->table.grid != PH_GRID_HEX)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                       _("q and r name a hex, but the table has no hex grid: "
                         "give x and y"));
          return FALSE;
        }
      /* (an int holds them: no hex of a table is farther) */
      if (q != floor (q) || r != floor (r) || fabs (q) > G_MAXINT / 2 || fabs (r) > G_MAXINT / 2)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                       _("q and r must be whole numbers: they name a hex"));
          return FALSE;
        }
      p = ph_hex_to_point ((PhHex) { (int) q, (int) r }, scenario->table.grid_size);
      x = p.x;
      y = p.y;
    }
  else if (!(has_x && has_y && !has_q && !has_r))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   scenario->table.grid == PH_GRID_HEX
                   ? _("give the hex %s moves to, as the map prints it (hex=0607)")
                   : _("give where %s moves to on the table (x and y)"),
                   gow_name (unit));
      return FALSE;
    }
  /* a hex's centre (a drop on the map) reads as the hex; another point
   * as the hex it is in, or off hexes by the ground the map names */
  where = ph_guns_of_war_point_words (scenario, (PhPoint) { x, y });

  if (!forced && !ph_guns_of_war_check_may_move (game, unit, TRUE, error))
    return FALSE;
  if (!forced)
    {
      int rate[3];
      int hexes = gow_hexes_to (scenario, unit, (PhPoint) { x, y });
      const PhFigure *holder = ph_guns_of_war_hex_holder (scenario, unit, (PhPoint) { x, y });

      if (holder != NULL)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       _("%s cannot end its move in %s: %s stands there"),
                       gow_name (unit), where, gow_name (holder));
          return FALSE;
        }
      ph_guns_of_war_movement_rate (unit, rate);
      if (hexes > rate[2])
        {
          g_autofree char *words = ph_guns_of_war_rate_words (rate);

          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       _("%s moves up to %d hexes, running (movement rate %s): %s is %d hexes "
                         "away"), gow_name (unit), rate[2], words, where, hexes);
          return FALSE;
        }
      if (hexes >= 0 && !gow_check_way (scenario, unit, (PhPoint) { x, y }, rate[2], where,
                                        error))
        return FALSE;
      /* the hexes it moves: the way it takes */
      if (hexes >= 0)
        moved = ph_guns_of_war_way_length (scenario, unit,
                                           ph_hex_from_point ((PhPoint) { x, y },
                                                              scenario->table.grid_size),
                                           rate[2]);
    }
  else
    moved = gow_hexes_to (scenario, unit, (PhPoint) { x, y });

  g_ascii_dtostr (xs, sizeof xs, x);
  g_ascii_dtostr (ys, sizeof ys, y);
  if (!ph_game_set_figure_attr (game, unit->id, "x", xs, error)
      || !ph_game_set_figure_attr (game, unit->id, "y", ys, error))
    return FALSE;

  if (forced)
    {
      if (moved >= 0)
        ph_game_log (game, g_dngettext (GETTEXT_PACKAGE,
                                        "%s is moved %d hex to %s (a retreat or withdrawal, "
                                        "not its movement sequence)",
                                        "%s is moved %d hexes to %s (a retreat or withdrawal, "
                                        "not its movement sequence)", moved),
                     gow_name (unit), moved, where);
      else
        ph_game_log (game, _("%s is moved to %s (a retreat or withdrawal, not its "
                             "movement sequence)"), gow_name (unit), where);
      return TRUE;
    }

  /* "in order to fire without penalty, a musket-equipped unit must have
   * stood fast during its movement sequence": the moved marker, which the
   * engine reads. A unit that moves removes no reload token. */
  ph_game_set_status (game, unit->id, PH_STATUS_MOVED, TRUE);
  ph_game_set_figure_var (game, unit->id, "movement", "moved");
  {
    gboolean reloading = gow_stats (unit) != NULL && gow_stats (unit)->reload_tokens > 0;

    /* how far, as the drag's label said it: "moves 3 hexes to hex 0610" */
    if (moved >= 0)
      ph_game_log (game, reloading
                   ? g_dngettext (GETTEXT_PACKAGE,
                                  "%s moves %d hex to %s (it does not reload while moving)",
                                  "%s moves %d hexes to %s (it does not reload while moving)",
                                  moved)
                   : g_dngettext (GETTEXT_PACKAGE, "%s moves %d hex to %s",
                                  "%s moves %d hexes to %s", moved),
                   gow_name (unit), moved, where);
    else
      ph_game_log (game, reloading ? _("%s moves to %s (it does not reload while moving)")
                                   : _("%s moves to %s"), gow_name (unit), where);
  }
  return TRUE;
}

/* "At the conclusion of each movement sequence in which the
 * firearm-equipped unit remains stationary, remove one reload token from
 * the unit." */
gboolean
ph_guns_of_war_stand_fast (PhGame    *game,
                           PhFigure  *unit,
                           GString   *log,
                           GError   **error)
{
  const PhGunsOfWarStats *stats = gow_stats (unit);
  int tokens = stats != NULL ? stats->reload_tokens : 0;

  ph_game_set_figure_var (game, unit->id, "movement", "stood");
  if (tokens <= 0)
    return TRUE;
  if (!ph_guns_of_war_set_int_attr (game, unit, "guns-of-war.reload-tokens", tokens - 1, error))
    return FALSE;
  g_string_append_printf (log, _("one reload token removed, %d left"), tokens - 1);
  return TRUE;
}

gboolean
ph_guns_of_war_action_stand (PhGame      *game,
                             GHashTable  *args,
                             GError     **error)
{
  PhFigure *unit;
  g_autoptr(GString) removed = g_string_new (NULL);

  if ((unit = gow_figure_arg (game, args, "figure", error)) == NULL
      || !ph_guns_of_war_check_may_move (game, unit, FALSE, error))
    return FALSE;
  if (!ph_guns_of_war_stand_fast (game, unit, removed, error))
    return FALSE;
  if (removed->len > 0)
    ph_game_log (game, _("%s stands fast: %s"), gow_name (unit), removed->str);
  else
    ph_game_log (game, _("%s stands fast (no reload tokens)"), gow_name (unit));
  return TRUE;
}

/* "ready": "As actions in lieu of attacking, Drilled Foot may ready to
 * attack"; "Like Irregular Foot, Undrilled Foot units may not disengage or
 * ready to attack". The ready marker (ID:ready) lasts until the unit
 * attacks or is disordered. */
gboolean
ph_guns_of_war_action_ready (PhGame      *game,
                             GHashTable  *args,
                             GError     **error)
{
  PhFigure *unit;
  const PhGunsOfWarStats *stats;

  if ((unit = gow_figure_arg (game, args, "figure", error)) == NULL
      || !ph_guns_of_war_check_on_table (unit, error)
      || (stats = ph_guns_of_war_require_stats (unit, error)) == NULL)
    return FALSE;
  if (stats->formation == PH_FORMATION_UF || stats->formation == PH_FORMATION_IF)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   stats->formation == PH_FORMATION_UF ? _("%s is Undrilled Foot: it may not ready to attack")
                   : _("%s is Irregular Foot: it may not ready to attack"), gow_name (unit));
      return FALSE;
    }
  if (unit->status & PH_STATUS_FIRED)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has attacked this turn: readying is in lieu of attacking"),
                   gow_name (unit));
      return FALSE;
    }
  if (ph_game_get_figure_var (game, unit->id, "ready") != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is ready already"), gow_name (unit));
      return FALSE;
    }
  ph_game_set_figure_var (game, unit->id, "ready", "true");
  ph_game_set_event_figure (game, unit->id);
  ph_game_log (game, _("%s readies to attack (in lieu of attacking)"), gow_name (unit));
  return TRUE;
}

/* "withdraw": "When a Drilled Foot unit is hit, it may be eligible to
 * reduce damage dealt by one or more points by withdrawing one or more
 * hexes, up to a maximum of its marching movement"; "Unlike Loose Foot,
 * Skirmishing Foot can withdraw to reduce damage dealt by firearms".
 * Readings (game.md): a point of the last firearm damage this turn for
 * each hex withdrawn; marching movement is the middle number of the
 * unit's rate. */
/* Whether @unit may withdraw from fire now (game.md, "withdraw"):
 * Drilled or Skirmishing Foot on a hex table that took firearm damage
 * this turn not yet withdrawn from; *@damage that damage */
gboolean
ph_guns_of_war_check_may_withdraw (PhGame          *game,
                                   const PhFigure  *unit,
                                   int             *damage,
                                   GError         **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const PhGunsOfWarStats *stats;

  if (!ph_guns_of_war_check_on_table (unit, error)
      || (stats = ph_guns_of_war_require_stats (unit, error)) == NULL)
    return FALSE;
  if (stats->formation != PH_FORMATION_DF && stats->formation != PH_FORMATION_SF)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is %s: only Drilled and Skirmishing Foot withdraw to reduce "
                     "firearm damage"), gow_name (unit), ph_formation_words (stats->formation));
      return FALSE;
    }
  if (scenario->table.grid != PH_GRID_HEX || scenario->table.grid_size <= 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s withdraws by hexes, and the table has none: the referee moves "
                     "it (a forced move)"), gow_name (unit));
      return FALSE;
    }
  *damage = ph_game_get_figure_var_int (game, unit->id, "fire-damage", 0);
  if (*damage <= 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has taken no firearm damage this turn to withdraw from"), gow_name (unit));
      return FALSE;
    }
  return TRUE;
}

gboolean
ph_guns_of_war_action_withdraw (PhGame      *game,
                                GHashTable  *args,
                                GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  double size = scenario->table.grid_size;
  PhFigure *unit;
  const PhGunsOfWarStats *stats;
  const PhFigure *holder;
  gboolean has_q, has_r, has_x, has_y;
  double q = 0, r = 0, x = 0, y = 0;
  int rate[3], hexes, damage = 0, back;
  PhHex hex;
  PhPoint to;
  char name[PH_HEX_NAME_SIZE];
  char xs[G_ASCII_DTOSTR_BUF_SIZE], ys[G_ASCII_DTOSTR_BUF_SIZE];
  g_autoptr(GString) log = g_string_new (NULL);

  if ((unit = gow_figure_arg (game, args, "figure", error)) == NULL
      || !ph_guns_of_war_check_on_table (unit, error)
      || (stats = ph_guns_of_war_require_stats (unit, error)) == NULL
      || !gow_number_arg (args, "x", &has_x, &x, error)
      || !gow_number_arg (args, "y", &has_y, &y, error)
      || !gow_hex_arg (args, &has_q, &q, &has_r, &r, error))
    return FALSE;
  if (!ph_guns_of_war_check_may_withdraw (game, unit, &damage, error))
    return FALSE;
  /* a drop on the map gives the point it fell on: that hex */
  if (!has_q && !has_r && has_x && has_y)
    {
      PhHex at = ph_hex_from_point ((PhPoint) { x, y }, size);

      q = at.q;
      r = at.r;
      has_q = has_r = TRUE;
    }
  if (!has_q || !has_r
      || q != floor (q) || r != floor (r) || fabs (q) > G_MAXINT / 2 || fabs (r) > G_MAXINT / 2)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("give the hex %s withdraws to, as the map prints it (hex=0306)"),
                   gow_name (unit));
      return FALSE;
    }
  hex = (PhHex) { (int) q, (int) r };
  to = ph_hex_to_point (hex, size);
  hexes = gow_hexes_to (scenario, unit, to);
  ph_guns_of_war_movement_rate (unit, rate);
  if (hexes < 1 || hexes > rate[1])
    {
      g_autofree char *words = ph_guns_of_war_rate_words (rate);

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s withdraws 1 to %d hexes, its marching movement (movement rate %s): "
                     "hex %s is %d away"), gow_name (unit), rate[1], words,
                   ph_hex_name (hex, name), hexes);
      return FALSE;
    }
  if ((holder = ph_guns_of_war_hex_holder (scenario, unit, to)) != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s cannot end its withdrawal in hex %s: %s stands there"),
                   gow_name (unit), ph_hex_name (hex, name), gow_name (holder));
      return FALSE;
    }
  back = MIN (hexes, damage);
  g_ascii_dtostr (xs, sizeof xs, to.x);
  g_ascii_dtostr (ys, sizeof ys, to.y);
  if (!ph_game_set_figure_attr (game, unit->id, "x", xs, error)
      || !ph_game_set_figure_attr (game, unit->id, "y", ys, error))
    return FALSE;
  g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE, "%s withdraws %d hex to hex %s: ",
                                            "%s withdraws %d hexes to hex %s: ", hexes),
                          gow_name (unit), hexes, ph_hex_name (hex, name));
  g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE, "%d point of the damage taken back",
                                            "%d points of the damage taken back", back), back);
  if (stats->has_uhp)
    {
      int max_uhp = ph_game_get_figure_var_int (game, unit->id, "max-uhp", stats->uhp + back);
      int uhp = MIN (max_uhp, stats->uhp + back);

      g_string_append_printf (log, _(" (hit points %d -> %d)"), stats->uhp, uhp);
      if (!ph_guns_of_war_set_int_attr (game, unit, "guns-of-war.uhp", uhp, error))
        return FALSE;
    }
  else
    {
      int total = MAX (0, ph_game_get_figure_var_int (game, unit->id, "damage", 0) - back);

      ph_game_set_figure_var (game, unit->id, "damage", NULL);
      if (total > 0)
        ph_game_set_figure_var_int (game, unit->id, "damage", total);
    }
  ph_game_set_figure_var (game, unit->id, "fire-damage", NULL);
  if (damage - back > 0)
    ph_game_set_figure_var_int (game, unit->id, "fire-damage", damage - back);
  ph_game_set_event_figure (game, unit->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

