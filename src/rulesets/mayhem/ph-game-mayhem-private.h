/* ph-game-mayhem-private.h: what the Musket Mayhem game's files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph-game-mayhem.c holds the deck, the end of an activation and of the
 * turn, the actions table, perform and describe; ph-game-mayhem-order.c
 * the turn order (initiative or a card per side); ph-game-mayhem-move.c
 * movement; ph-game-mayhem-shoot.c shooting, guns and reloading;
 * ph-game-mayhem-courage.c courage checks; ph-game-mayhem-melee.c
 * hand-to-hand combat; ph-game-mayhem-util.c the helpers below.
 * src/rulesets/mayhem/game.md lists every action and variable.
 */
#pragma once

#include "ph-core.h"
#include "ph-game-args.h"

G_BEGIN_DECLS

/* Arguments: flags and numbers as every game reads them (ph-game-args.h),
 * in Musket Mayhem's words; ph_mayhem_arg_figure() and ph_mayhem_arg_number() add what
 * this game asks for */
#define mm_arg_bool(args, key, fallback, out, error) \
  ph_game_arg_bool ((args), (key), (fallback), (out), (error))

/* Game phases ("phase") */
#define PHASE_INITIATIVE "initiative"
#define PHASE_CHOOSE "choose-order"
#define PHASE_DRAW "draw"
#define PHASE_MOVE "move"
#define PHASE_MELEE "melee"
#define PHASE_TURN_OVER "turn-over"

/* Per-figure variables */
#define VAR_REACH "move-reach"
#define VAR_MOVE_DICE "move-dice"   /* how many d6 the move rolled: 1 across obstacles */
#define VAR_ORIGIN "move-origin"
#define VAR_RELOADED "reloaded"
#define VAR_STAND_STILL "stand-still"
#define VAR_CASUALTY "casualty-checked"
#define VAR_CHARGED "charged-checked"
#define VAR_SHOT "shot"
#define VAR_STOOD "stood"           /* rolled, and his move ended where he stood */
#define VAR_FOUGHT "fought"         /* fought hand-to-hand this go */
#define VAR_SMOKE "smoke-puffs"

/* "When gun fires, place 3 smoke puffs." */
#define SMOKE_PUFFS 3

/* "A trained crew of 3 or more (with a leader counting as two figures)" */
#define GUN_CREW_NEEDED 3

/* "A group consists of figures separated by up to 1" between adjacent
 * figures": crew this close to their gun serve it */
#define GUN_CREW_DISTANCE 1.0

/* "Impact Die ... 6 Target killed" */
#define IMPACT_KILLS 6

/* Distances compared in inches: a measured 9 in is 9 in */
#define DISTANCE_SLACK 1e-6

/* "Basic Courage values are: ... 3: ordinary soldiers" and the file's
 * defaults for a figure without <mayhem> */
#define DEFAULT_COURAGE 3
#define DEFAULT_ARMAMENT 5

typedef enum
{
  TRIGGER_CASUALTY,
  TRIGGER_CHARGE_ORDERED,
  TRIGGER_CHARGED,
  TRIGGER_HIT,
  TRIGGER_LEADER_KILLED,
} Trigger;

/* ph-game-mayhem-order.c */
GPtrArray *ph_mayhem_side_ids (PhScenario *scenario);
gboolean ph_mayhem_uses_cards (PhScenario *scenario);
const char *ph_mayhem_active_side (PhGame *game);
gboolean ph_mayhem_check_own_turn (PhGame *game, const PhFigure *figure,
                            gboolean melee_too, GError **error);
void ph_mayhem_begin_side (PhGame *game, const char *side);
gboolean ph_mayhem_action_initiative (PhGame *game, GHashTable *args, GError **error);
gboolean ph_mayhem_action_choose_order (PhGame *game, GHashTable *args,
                                 GError **error);
gboolean ph_mayhem_action_draw_card (PhGame *game, GHashTable *args, GError **error);

/* ph-game-mayhem-move.c */
gboolean ph_mayhem_action_roll_move (PhGame *game, GHashTable *args, GError **error);
gboolean ph_mayhem_parse_point (const char *value, double *x, double *y);
gboolean ph_mayhem_action_move (PhGame *game, GHashTable *args, GError **error);
gboolean ph_mayhem_plan_move (PhGame *game, const PhFigure *figure, PhMovePlan *plan,
                              GError **error);
char    *ph_mayhem_roll_move_default (PhGame *game, const char *arg, GHashTable *args);
gboolean ph_mayhem_move_over (PhGame *game, const PhFigure *figure);
void     ph_mayhem_referee_moved (PhGame *game, PhFigure *figure, GString *log);
const char *ph_mayhem_expected_of (PhGame *game, const PhFigure *figure);
void     ph_mayhem_move_cost (PhGame *game, const PhFigure *figure, const PhMovePlan *plan,
                              PhPoint to, PhMoveCost *cost, GHashTable *args);

/* ph-game-mayhem-shoot.c */
gboolean ph_mayhem_is_gun_kind (PhWeaponKind kind);
gboolean ph_mayhem_is_gun (const PhFigure *figure);
gboolean ph_mayhem_action_shoot (PhGame *game, GHashTable *args, GError **error);
gboolean ph_mayhem_has_unloaded_gunpowder (const PhFigure *figure);
gboolean ph_mayhem_action_reload (PhGame *game, GHashTable *args, GError **error);

/* ph-game-mayhem-courage.c */
gboolean ph_mayhem_courage_check (PhGame *game, GPtrArray *group, Trigger trigger,
                           const char *from, gboolean use_reroll,
                           gboolean use_save, GString *text, GError **error);
gboolean ph_mayhem_action_courage_check (PhGame *game, GHashTable *args,
                                  GError **error);

/* ph-game-mayhem-charge.c */
gboolean ph_mayhem_action_charge (PhGame *game, GHashTable *args, GError **error);

/* ph-game-mayhem-melee.c */
gboolean ph_mayhem_action_melee (PhGame *game, GHashTable *args, GError **error);
const PhFigure *ph_mayhem_enemy_in_contact (PhGame *game, const PhFigure *figure);
const PhFigure *ph_mayhem_next_fighter (PhGame *game, const PhFigure **enemy);
char *ph_mayhem_melee_default (PhGame *game, const char *arg, GHashTable *args);
char *ph_mayhem_target_odds (PhGame *game, const char *action, const PhFigure *figure,
                             const PhFigure *target, GHashTable *args);

/* ph-game-mayhem-util.c */
gboolean G_GNUC_PRINTF (3, 4) ph_mayhem_fail (GError **error, PhGameError code,
                        const char *format, ...);
const char *ph_mayhem_fig_name (const PhFigure *figure);
const char *ph_mayhem_side_name (PhScenario *scenario, const char *side_id);
double ph_mayhem_units_per_inch (PhScenario *scenario);
int ph_mayhem_courage_of (const PhFigure *figure);
int ph_mayhem_armament_of (const PhFigure *figure);
int ph_mayhem_saves_of (const PhFigure *figure);
int ph_mayhem_rerolls_of (const PhFigure *figure);
gboolean ph_mayhem_arg_choice (GHashTable *args, const char *key,
                        const char * const *choices, int fallback, int *out,
                        GError **error);
gboolean ph_mayhem_arg_number (GHashTable *args, const char *key, gboolean required,
                        gboolean *present, double *out, GError **error);
PhFigure *ph_mayhem_arg_figure (PhGame *game, GHashTable *args, const char *key,
                         GError **error);
GPtrArray *ph_mayhem_parse_figure_list (PhGame *game, const char *key,
                                 const char *value, const PhFigure *first,
                                 GError **error);
gboolean ph_mayhem_set_attr_number (PhGame *game, PhFigure *figure, const char *attr,
                             double value, GError **error);
void ph_mayhem_clear_figure_var (PhGame *game, PhFigure *figure, const char *key);
void ph_mayhem_set_status (PhGame *game, PhFigure *figure, PhStatus flag, gboolean on);
gboolean ph_mayhem_spend_token (PhGame *game, PhFigure *figure, const char *attr,
                         int have, GError **error);

G_END_DECLS
