/* ph-game-firelock-private.h: what the Firelock game's files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph-game-firelock.c holds the turn (cards, IP rolls, officers, the end of
 * the turn); ph-game-firelock-ips.c the IP roll and officers;
 * ph-game-firelock-act.c moving, loading and mounting;
 * ph-game-firelock-fight.c shooting and melee; ph-game-firelock-util.c the
 * helpers below.  src/rulesets/firelock/game.md lists every
 * action and variable.
 */
#pragma once

#include "ph-core.h"
#include "ph-game-args.h"
#include "ph-game-move.h"

G_BEGIN_DECLS

/* Movement classes of the text's table, weakest first */
typedef enum
{
  FL_GROUND_CLEAR,
  FL_GROUND_ROUGH,
  FL_GROUND_VERY_ROUGH,
  FL_GROUND_IMPASSABLE,
} FlGround;

/* Melee's weapons-by-terrain columns */
typedef enum
{
  FL_MELEE_OPEN,
  FL_MELEE_BRUSH,
  FL_MELEE_WOODS,
} FlMeleeGround;

/* Errors */
#define fl_not_now(error, ...) \
  g_set_error ((error), PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, __VA_ARGS__)
#define fl_bad(error, ...) \
  g_set_error ((error), PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION, __VA_ARGS__)

/* Arguments: the figure and flags as every game reads them
 * (ph-game-args.h), in Firelock's words */
#define fl_arg_figure(game, args, key, error) \
  ph_game_arg_figure ((game), (args), (key), (error))
#define fl_arg_bool(args, key, fallback, out, error) \
  ph_game_arg_bool ((args), (key), (fallback), (out), (error))
gboolean    ph_firelock_arg_int      (GHashTable *args, const char *key, int fallback,
                             int *out, GError **error);

/* Figures */
const char *ph_firelock_name              (const PhFigure *figure);
gboolean    ph_firelock_has_roster        (const PhFigure *figure);
gboolean    ph_firelock_is_officer        (const PhFigure *figure);
int         ph_firelock_current_bravery   (const PhFigure *figure);
gboolean    ph_firelock_require_roster    (const PhFigure *figure, GError **error);
gboolean    ph_firelock_require_on_table  (const PhFigure *figure, GError **error);
/* The figure must be the one acting now */
gboolean    ph_firelock_require_active    (PhGame *game, const PhFigure *figure,
                                  GError **error);
/* IPs a figure may spend on anything (those owed to an angry or vexed
 * move excluded) */
int         ph_firelock_free_ips          (PhGame *game, const PhFigure *figure);
/* Pays @cost IPs (checked by the caller) */
void        ph_firelock_spend_ips         (PhGame *game, const PhFigure *figure, int cost);
gboolean    ph_firelock_pay               (PhGame *game, const PhFigure *figure, int cost,
                                  const char *what, GError **error);
/* Horse dice by the horse's hits: fresh 3, normal 2 (3rd hit), worn 1 (5th) */
int         ph_firelock_horse_dice        (PhGame *game, const PhFigure *figure);
double      ph_firelock_units_per_inch    (const PhScenario *scenario);

/* Rolls a figure's IP dice as the IP roll does (d6 + bravery, d10 +
 * bravery for an officer or personal figure, one horse die when mounted),
 * writing how into @how; returns the IPs */
int         ph_firelock_roll_ip_dice      (PhGame *game, const PhFigure *figure,
                                  gboolean personal, const char *purpose,
                                  GString *how);

/* The weapon argument (N in file order), or the default: @pick_unloaded
 * takes the first unloaded missile weapon, else the first missile weapon */
gboolean    ph_firelock_pick_weapon       (const PhFigure *figure, GHashTable *args,
                                  gboolean pick_unloaded, int *index, GError **error);

/* Ground */
PhPoint       ph_firelock_figure_point     (const PhFigure *figure);
/* rules.md's movement class of a terrain kind (for a linear one, what
 * crossing it costs as) */
FlGround      ph_firelock_kind_ground      (PhTerrainKind kind);
FlGround      ph_firelock_ground_at        (const PhScenario *scenario, PhPoint p);
FlMeleeGround ph_firelock_melee_ground_at  (const PhScenario *scenario, PhPoint p);
const char   *ph_firelock_ground_name      (FlGround ground);

/* Hits on the roster (4th: bravery and melee drop; 7th: dead), appended to
 * @log */
gboolean    ph_firelock_apply_hits        (PhGame *game, PhFigure *figure, int hits,
                                  gboolean fatal, GString *log, GError **error);
/* Moves @figure directly away from @from by @inches, ignoring terrain;
 * off the table it has fled */
gboolean    ph_firelock_run_away          (PhGame *game, PhFigure *figure,
                                  const PhFigure *from, double inches,
                                  GString *log, GError **error);
gboolean    ph_firelock_set_double_attr   (PhGame *game, const PhFigure *figure,
                                  const char *attr, double value, GError **error);

/* Cards (ph-game-firelock.c): the side's name; whether the card up calls
 * for @figure (else an error saying why not) */
const char *ph_firelock_side_name         (PhScenario *scenario, const char *side);
void        ph_firelock_append_ips_left   (GString *log, int ips);
gboolean    ph_firelock_check_card        (PhGame *game, const PhFigure *figure, GError **error);

/* The actions of ph-game-firelock-ips.c, -act.c and -fight.c */
gboolean    ph_firelock_action_roll_ips   (PhGame *game, GHashTable *args, GError **error);
gboolean    ph_firelock_action_give_ips   (PhGame *game, GHashTable *args, GError **error);
gboolean    ph_firelock_action_move       (PhGame *game, GHashTable *args, GError **error);
gboolean    ph_firelock_plan_move         (PhGame *game, const PhFigure *figure,
                                           PhMovePlan *plan, GError **error);
void        ph_firelock_move_cost         (PhGame *game, const PhFigure *figure,
                                           const PhMovePlan *plan, PhPoint to,
                                           PhMoveCost *cost, GHashTable *args);
gboolean    ph_firelock_action_load       (PhGame *game, GHashTable *args, GError **error);
gboolean    ph_firelock_action_mount      (PhGame *game, GHashTable *args, gboolean mount,
                                  GError **error);
gboolean    ph_firelock_action_shoot      (PhGame *game, GHashTable *args, GError **error);
gboolean    ph_firelock_action_melee      (PhGame *game, GHashTable *args, GError **error);
char       *ph_firelock_target_odds       (PhGame *game, const char *action,
                                           const PhFigure *figure, const PhFigure *target,
                                           GHashTable *args);
/* PhGameRules.arg_default: Load's IPs left out are all he can put in */
char       *ph_firelock_arg_default       (PhGame *game, const char *action,
                                           const char *arg, GHashTable *args);
/* PhGameRules.step_words: the map's Load item's weapon and IPs */
char       *ph_firelock_step_words        (PhGame *game, const char *action,
                                           const PhFigure *figure);

G_END_DECLS
