/* ph-game-guns-of-war-private.h: what the Guns of War game's files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph-game-guns-of-war.c holds the start, the end of the turn and what
 * remains of it (describe, expected), the actions table;
 * ph-game-guns-of-war-fire.c the firearm attack sequence and the shock
 * roll; ph-game-guns-of-war-move.c the movement side: move, stand,
 * withdraw and ready; ph-game-guns-of-war-way.c the rates, moves by drag
 * and the way a move takes; ph-game-guns-of-war-charge.c the cavalry
 * charge and what follows it (the retreat, the advance into the vacated
 * hex). src/rulesets/guns-of-war/game.md
 * describes every action and variable.
 */
#pragma once

#include "ph-core.h"
#include "ph-game.h"
#include "ph-game-args.h"
#include "ph-ruleset-guns-of-war.h"

G_BEGIN_DECLS

/* Arguments as every game reads them (ph-game-args.h); a flag is FALSE
 * when absent */
#define gow_figure_arg(game, args, name, error) \
  ph_game_arg_figure ((game), (args), (name), (error))
#define gow_bool_arg(args, name, out, error) \
  ph_game_arg_bool ((args), (name), FALSE, (out), (error))
#define gow_number_arg(args, name, has, out, error) \
  ph_game_arg_number ((args), (name), (has), (out), (error))

/* The unit's <guns-of-war> stats, or NULL */
static inline const PhGunsOfWarStats *
gow_stats (const PhFigure *figure)
{
  return figure->stats_kind == PH_STATS_GUNS_OF_WAR
    ? &figure->stats.guns_of_war : NULL;
}

static inline const char *
gow_name (const PhFigure *figure)
{
  return ph_figure_display_name (figure);
}

static inline const char *
gow_plural (int n)
{
  return n == 1 ? "" : "s";
}

/* A mounted unit's movement rate in hexes, cavalry's at 180' (a reading:
 * game.md, Formations and movement) */
#define GOW_MOUNTED_RATE_0 3
#define GOW_MOUNTED_RATE_1 6
#define GOW_MOUNTED_RATE_2 9

/* ph-game-guns-of-war.c */

/* FALSE with the reason when the unit is destroyed or routed */
gboolean ph_guns_of_war_check_on_table (const PhFigure *figure, GError **error);
/* The unit's stats, or NULL with the reason */
const PhGunsOfWarStats *ph_guns_of_war_require_stats (const PhFigure *figure,
                                                      GError **error);
gboolean ph_guns_of_war_set_int_attr (PhGame *game, PhFigure *figure, const char *attr,
                                      int value, GError **error);
/* A ruleset option that is "true" */
gboolean ph_guns_of_war_option_bool (PhGame *game, const char *name);

/* ph-game-guns-of-war-fire.c */

/* A shock roll for @unit (2d6 + morale + @modifier), its outcome set and
 * appended to @log */
void     ph_guns_of_war_shock_roll (PhGame *game, PhFigure *unit, const char *why,
                                    int modifier, const char *modifier_text, GString *log);
/* The Formed Foot unit beside Drilled Foot @unit that secures it, or NULL */
const PhFigure *ph_guns_of_war_secured_by (PhGame *game, const PhFigure *unit);
gboolean ph_guns_of_war_action_shoot (PhGame *game, GHashTable *args, GError **error);
gboolean ph_guns_of_war_action_shock_roll (PhGame *game, GHashTable *args, GError **error);

/* ph-game-guns-of-war-charge.c */

/* @unit, whose shock roll made it retreat, falls back a hex away from
 * @foe, or routs when it cannot; said in @log; the hex it left in @left */
gboolean ph_guns_of_war_fall_back (PhGame *game, PhFigure *unit, const PhFigure *foe,
                                   GString *log, char left[PH_HEX_NAME_SIZE], GError **error);

/* ph-game-guns-of-war-move.c */


/* FALSE with the reason once @unit has moved, stood fast, fired or
 * charged this turn; @forced_hint adds how a forced move moves it all
 * the same */
gboolean ph_guns_of_war_check_may_move (PhGame *game, const PhFigure *unit,
                                        gboolean forced_hint, GError **error);
/* FALSE with the reason unless @unit may withdraw from fire now: Drilled
 * or Skirmishing Foot on a hex table, with firearm damage this turn
 * (*@damage) not yet withdrawn from */
gboolean ph_guns_of_war_check_may_withdraw (PhGame *game, const PhFigure *unit, int *damage,
                                            GError **error);
/* The unit stands fast: ID:movement = stood and one reload token off,
 * said in @log */
gboolean ph_guns_of_war_stand_fast (PhGame *game, PhFigure *unit, GString *log,
                                    GError **error);
gboolean ph_guns_of_war_action_move (PhGame *game, GHashTable *args, GError **error);
gboolean ph_guns_of_war_action_stand (PhGame *game, GHashTable *args, GError **error);
gboolean ph_guns_of_war_action_withdraw (PhGame *game, GHashTable *args, GError **error);
gboolean ph_guns_of_war_action_ready (PhGame *game, GHashTable *args, GError **error);
/* "tercio has already moved this turn" (moved, stood fast, fired or
 * charged), or NULL while the unit has yet to play its movement sequence */
char    *ph_guns_of_war_movement_done (PhGame *game, const PhFigure *unit);
/* The unit other than @unit standing in @to's hex, or NULL (also without
 * a hex grid) */
const PhFigure *ph_guns_of_war_hex_holder (const PhScenario *scenario, const PhFigure *unit,
                                           PhPoint to);

/* ph-game-guns-of-war-way.c: how far a unit moves (its rates), moves by
 * drag, and the way a unit moves hex to hex, through no other unit's hex
 * and no impassable ground (game.md) */

/* The unit's three movement rates in hexes ("2/3/4"): the text's table at
 * 120' for foot, cavalry's 3/6/9 for a mounted unit (game.md) */
void     ph_guns_of_war_movement_rate (const PhFigure *unit, int rate[3]);
/* What each is: "2/3/4: 2 hexes in combat, 3 marching, 4 running" */
char    *ph_guns_of_war_rate_words    (const int rate[3]);
gboolean ph_guns_of_war_plan_move (PhGame *game, const PhFigure *unit, PhMovePlan *plan,
                                   GError **error);
void     ph_guns_of_war_move_cost (PhGame *game, const PhFigure *unit,
                                   const PhMovePlan *plan, PhPoint to, PhMoveCost *cost,
                                   GHashTable *args);

/* The impassable ground (water) with @p in it, or NULL */
const PhFeature *ph_guns_of_war_impassable (const PhScenario *scenario, PhPoint p);
/* "Mill Pond (water)" */
char    *ph_guns_of_war_impassable_words (const PhFeature *feature);
/* The hexes @unit (on a hex table) reaches within @limit hexes, each by
 * its fewest */
typedef struct _GowWays GowWays;
GowWays *ph_guns_of_war_ways_new  (const PhScenario *scenario, const PhFigure *unit, int limit);
/* Hexes from the unit's hex to @hex by the shortest way, or -1 when it
 * is not reached */
int      ph_guns_of_war_ways_get  (const GowWays *ways, PhHex hex);
void     ph_guns_of_war_ways_free (GowWays *ways);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GowWays, ph_guns_of_war_ways_free)
/* The same for one hex */
int      ph_guns_of_war_way_length (const PhScenario *scenario, const PhFigure *unit, PhHex to,
                                    int limit);
/* The hex beside @target a charge by @cavalry within @limit hexes ends
 * in, by the fewest hexes, then the straightest (@hexes of them); FALSE
 * when none is reached */
gboolean ph_guns_of_war_contact_hex (const PhScenario *scenario, const PhFigure *cavalry,
                                     const PhFigure *target, int limit, PhHex *contact,
                                     int *hexes);

/* ph-game-guns-of-war-words.c */

/* Where @p is, in words that follow "moves to": "hex 0402", "hex 0402,
 * off its centre"; off hexes "a point north-east of Hallow Wood", "a
 * point in Hallow Wood", "a point in the north-west of the table"; never
 * its coordinates */
char    *ph_guns_of_war_point_words (const PhScenario *scenario, PhPoint p);

/* ph-game-guns-of-war-charge.c */

gboolean ph_guns_of_war_action_charge (PhGame *game, GHashTable *args, GError **error);
gboolean ph_guns_of_war_action_advance (PhGame *game, GHashTable *args, GError **error);
gboolean ph_guns_of_war_action_stay (PhGame *game, GHashTable *args, GError **error);
/* The first unit (in the file's order) whose charge left it free to
 * advance into the hex its target vacated (ID:advance), or NULL */
const PhFigure *ph_guns_of_war_pending_advance (PhGame *game);
char *ph_guns_of_war_target_odds (PhGame *game, const char *action, const PhFigure *figure,
                                  const PhFigure *target, GHashTable *args);

G_END_DECLS
