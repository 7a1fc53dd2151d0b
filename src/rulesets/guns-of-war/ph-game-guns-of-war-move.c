/* ph-game-guns-of-war-move.c: Guns of War's movement side: the unit's
 * movement sequence (move, stand fast), moves by drag, withdrawal from
 * fire and readying
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

/* "Standard Unit Movement Rate and Formation": a firearm unit's rates in
 * hexes at an encounter movement rate of 120' (men on foot; the format
 * has no slower rate): Drilled Foot 2/3/4, Skirmishing Foot 2/4/6;
 * Undrilled Foot "with movement rate of 1/2/3". Which of the three a
 * movement sequence uses is Domains at War's, not this text's: a move is
 * held to the fastest.
 *
 * The table is of foot only: a mounted unit moves at Domains at War's
 * cavalry rates (its formation, one of the foot ones, says how it fires,
 * not how fast its horses go). Reading (game.md, Formations and
 * movement): the table gives the rates from the encounter movement rate,
 * a hex for each 60', 30' and 20' of it (60' 1/2/3, 90' 2/3/4, 120'
 * 2/4/6), and cavalry move at a medium warhorse's 180': 3/6/9. */
void
ph_guns_of_war_movement_rate (const PhFigure *unit,
                              int             rate[3])
{
  const PhGunsOfWarStats *stats = gow_stats (unit);
  static const int df[3] = { 2, 3, 4 }, sf[3] = { 2, 4, 6 }, uf[3] = { 1, 2, 3 };
  static const int horse[3] = { GOW_MOUNTED_RATE_0, GOW_MOUNTED_RATE_1, GOW_MOUNTED_RATE_2 };
  const int *r = df;

  /* Formed, Loose and Irregular Foot: 2/4/6 at 120' too */
  if (unit->mounted)
    r = horse;
  else if (stats != NULL && stats->formation != PH_FORMATION_DF && stats->formation != PH_FORMATION_UF)
    r = sf;
  else if (stats != NULL && stats->formation == PH_FORMATION_UF)
    r = uf;
  memcpy (rate, r, sizeof (int) * 3);
}

char *
ph_guns_of_war_rate_words (const int rate[3])
{
  /* TRANSLATORS: a unit's three movement rates, then what each is: the
   * first a move in combat, the second marching (the text's "marching
   * movement"), the third running, the most a move goes */
  return g_strdup_printf (_("%d/%d/%d: %d hexes in combat, %d marching, %d running"),
                          rate[0], rate[1], rate[2], rate[0], rate[1], rate[2]);
}

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
static gboolean
gow_check_may_move (PhGame          *game,
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

void
ph_guns_of_war_move_cost (PhGame           *game,
                          const PhFigure   *unit,
                          const PhMovePlan *plan,
                          PhPoint           to,
                          PhMoveCost       *cost,
                          GHashTable       *args)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const PhFigure *holder = ph_guns_of_war_hex_holder (scenario, unit, to);
  const PhFeature *water;

  (void) args;
  if (holder != NULL)
    {
      /* the unit by its name, as the player knows it ("barred by Black
       * Reiters standing there"; a bare "occupied" left him to find
       * whom). The cost borrows its text: interned, one string a unit
       * and language for the program's life. */
      g_autofree char *text = g_strdup_printf (_("%s standing there"), gow_name (holder));

      cost->barred = g_intern_string (text);
      return;
    }
  if (scenario->table.grid != PH_GRID_HEX || scenario->table.grid_size <= 0
      || plan->allowance == G_MAXDOUBLE)
    return;
  /* the advance after a charge: into the hex its target left, no other */
  if (g_strcmp0 (plan->action, "advance") == 0)
    {
      const char *vacated = ph_game_get_figure_var (game, unit->id, "advance");
      PhHex hex;

      if (vacated != NULL && ph_hex_from_name (vacated, &hex)
          && !ph_hex_equal (ph_hex_from_point (to, scenario->table.grid_size), hex))
        {
          g_autofree char *text = g_strdup_printf (_("the charge's follow-up (it may only "
                                                     "advance into hex %s, or stay)"), vacated);

          cost->barred = g_intern_string (text);
        }
      return;
    }
  water = ph_guns_of_war_impassable (scenario, ph_hex_to_point (ph_hex_from_point (to, scenario->table.grid_size),
                                                                scenario->table.grid_size));
  if (water != NULL)
    {
      g_autofree char *text = ph_guns_of_war_impassable_words (water);

      cost->barred = g_intern_string (text);
      return;
    }
  /* the way the move takes: hex to hex, round other units and water
   * (game.md, "The way a unit moves"); what it pays */
  {
    int limit = (int) plan->allowance;
    int steps = ph_guns_of_war_way_length (scenario, unit,
                                           ph_hex_from_point (to, scenario->table.grid_size), limit);

    if (steps >= 0)
      cost->distance = cost->cost = steps;
    else if (cost->distance <= limit)
      {
        g_autofree char *text = g_strdup_printf (_("other units or water in the way, with no way "
                                                   "round within %d hexes"), limit);

        cost->barred = g_intern_string (text);
      }
  }
}

/* A move by drag: its movement sequence, to a hex no farther than its
 * fastest rate (a mounted unit's too: cavalry's 3/6/9) */
gboolean
ph_guns_of_war_plan_move (PhGame          *game,
                          const PhFigure  *unit,
                          PhMovePlan      *plan,
                          GError         **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *vacated = ph_game_get_figure_var (game, unit->id, "advance");
  PhHex hex;
  int rate[3];

  plan->cost_unit = plan->distance_unit = "hexes";
  plan->hex_snap = scenario->table.grid == PH_GRID_HEX && scenario->table.grid_size > 0;
  /* its charge's follow-up: a drag onto the hex its target left is the
   * advance (game.md, "advance"), a hex away; the drag is all it may do */
  if (vacated != NULL && plan->hex_snap && ph_hex_from_name (vacated, &hex))
    {
      if (!ph_guns_of_war_check_on_table (unit, error))
        return FALSE;
      plan->action = "advance";
      plan->allowance = 1;
      plan->reach_limit = 2 * scenario->table.grid_size * 1.2;
      plan->note = g_strdup_printf (_("its charge's follow-up: drag it into hex %s to advance, "
                                      "or Stay from its menu"), vacated);
      return TRUE;
    }
  if (!gow_check_may_move (game, unit, FALSE, error))
    return FALSE;
  ph_guns_of_war_movement_rate (unit, rate);
  plan->allowance = rate[2];
  plan->reach_limit = (rate[2] + 1) * MAX (scenario->table.grid_size, 1e-3) * 1.2;
  {
    g_autofree char *words = ph_guns_of_war_rate_words (rate);

    /* "up to 4 hexes, running; movement rate 2/3/4: 2 hexes in combat, 3
     * marching, 4 running": what each number is, not bare figures (the
     * status line puts it in brackets) */
    plan->note = g_strdup_printf (_("up to %d hexes, running; movement rate %s"), rate[2],
                                  words);
  }
  return TRUE;
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

  if (!forced && !gow_check_may_move (game, unit, TRUE, error))
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
      || !gow_check_may_move (game, unit, FALSE, error))
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
  gboolean has_q, has_r;
  double q = 0, r = 0;
  int rate[3], hexes, damage, back;
  PhHex hex;
  PhPoint to;
  char name[PH_HEX_NAME_SIZE];
  char xs[G_ASCII_DTOSTR_BUF_SIZE], ys[G_ASCII_DTOSTR_BUF_SIZE];
  g_autoptr(GString) log = g_string_new (NULL);

  if ((unit = gow_figure_arg (game, args, "figure", error)) == NULL
      || !ph_guns_of_war_check_on_table (unit, error)
      || (stats = ph_guns_of_war_require_stats (unit, error)) == NULL
      || !gow_hex_arg (args, &has_q, &q, &has_r, &r, error))
    return FALSE;
  if (stats->formation != PH_FORMATION_DF && stats->formation != PH_FORMATION_SF)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is %s: only Drilled and Skirmishing Foot withdraw to reduce "
                     "firearm damage"), gow_name (unit), ph_formation_words (stats->formation));
      return FALSE;
    }
  if (scenario->table.grid != PH_GRID_HEX || size <= 0 || !has_q || !has_r
      || q != floor (q) || r != floor (r) || fabs (q) > G_MAXINT / 2 || fabs (r) > G_MAXINT / 2)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   scenario->table.grid == PH_GRID_HEX && size > 0
                   ? _("give the hex %s withdraws to, as the map prints it (hex=0306)")
                   : _("%s withdraws by hexes, and the table has none: the referee moves "
                       "it (a forced move)"),
                   gow_name (unit));
      return FALSE;
    }
  damage = ph_game_get_figure_var_int (game, unit->id, "fire-damage", 0);
  if (damage <= 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has taken no firearm damage this turn to withdraw from"), gow_name (unit));
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

