/* ph-game-featherstone-private.h: what the Skirmish Wargaming game's files
 * share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph-game-featherstone.c holds the phase and its steps, orders, reactions,
 * the end of the phase, the actions table, perform and describe;
 * ph-game-featherstone-move.c movement and other actions;
 * ph-game-featherstone-fire.c aiming and firing;
 * ph-game-featherstone-wounds.c the casualty table and wounds;
 * ph-game-featherstone-melee.c melee; ph-game-featherstone-util.c the
 * helpers below.  src/rulesets/featherstone/game.md lists every action and
 * variable.
 */
#pragma once

#include "ph-core.h"
#include "ph-game.h"
#include "ph-game-args.h"

G_BEGIN_DECLS

/* Arguments: the figure, flags and numbers as every game reads them
 * (ph-game-args.h), in Skirmish Wargaming's words; a flag is FALSE when
 * absent */
#define fs_get_figure(game, args, name, error) \
  ph_game_arg_figure ((game), (args), (name), (error))
#define fs_get_bool_arg(args, name, out, error) \
  ph_game_arg_bool ((args), (name), FALSE, (out), (error))
#define fs_get_number_arg(args, name, given, out, error) \
  ph_game_arg_number ((args), (name), (given), (out), (error))

/* ------------------------------------------------------------------ */
/* The sequence of action */

typedef enum
{
  STEP_ORDERS,     /* "1 Write down all intended movement/action ..." */
  STEP_MOVE,       /* "2 Move all men." */
  STEP_FIRE,       /* "3 Calculate Firing." */
  STEP_MELEE,      /* "4 Calculate Melee." */
  STEP_REACTIONS,  /* "5 Note men who have to react on the next phase." */
  N_STEPS
} Step;

/* ------------------------------------------------------------------ */
/* Wounds: "WOUND CATEGORY" */

typedef struct
{
  char letter;
  const char *name;
  gboolean serious;
  int no_move;        /* phases with no movement */
  int no_action;      /* phases with no action */
  int knocked_out;    /* phases knocked out */
  const char *movement; /* afterwards: "crawl", "half" or NULL */
  const char *arm;      /* "right" or "left": drops what is in that hand */
  gboolean arm_lost;    /* "Cannot use that arm again" */
  gboolean no_charge;
  const char *effect;   /* for the log */
} Wound;

/* ph-game-featherstone.c */
int ph_featherstone_current_phase (PhGame *game);
/* Whether @what, which belongs to @step, may be done now (not once the
 * phase is past that step); changes nothing */
gboolean ph_featherstone_check_step (PhGame *game, Step step, const char *what,
                                     GError **error);
gboolean ph_featherstone_enter_step (PhGame *game, Step step, const char *what,
                        GError **error);
/* Whether the phase is at the movement step, where men are moved by
 * drag; else why not, the same at every other step */
gboolean ph_featherstone_check_move_step (PhGame *game, GError **error);
gboolean ph_featherstone_at_move_step (PhGame *game);

/* ph-game-featherstone-move.c */
int ph_featherstone_horse_rate_index (PhStance stance);
extern const PhStance ph_featherstone_horse_stances[];
gboolean ph_featherstone_action_move (PhGame *game, GHashTable *args, GError **error);
/* PhGameRules.referee_moved: moved at the movement step, he has moved */
void     ph_featherstone_referee_moved (PhGame *game, PhFigure *f, GString *log);
gboolean ph_featherstone_plan_move (PhGame *game, const PhFigure *f, PhMovePlan *plan,
                                    GError **error);
void     ph_featherstone_move_cost (PhGame *game, const PhFigure *f, const PhMovePlan *plan,
                                    PhPoint to, PhMoveCost *cost, GHashTable *args);
gboolean ph_featherstone_action_act (PhGame *game, GHashTable *args, GError **error);
/* PhGameRules.choice_allowed: the move's rates his horse or his feet
 * allow (walk, trot, canter, gallop mounted; walk, run, charge, crawl on
 * foot) */
gboolean ph_featherstone_choice_allowed (PhGame *game, const char *action, const char *arg,
                                         const char *choice, GHashTable *args);

/* ph-game-featherstone-fire.c */
gboolean ph_featherstone_action_aim (PhGame *game, GHashTable *args, GError **error);
gboolean ph_featherstone_action_shoot (PhGame *game, GHashTable *args, GError **error);

/* ph-game-featherstone-wounds.c */
char ph_featherstone_read_casualty_table (GArray *columns, int chance, int thrown,
                             int *column_out, int *row_out);
GArray *ph_featherstone_get_casualty_table (PhGame *game, GError **error);
const Wound *ph_featherstone_find_wound (char letter);
gboolean ph_featherstone_apply_wound (PhGame *game, PhFigure *f, char letter,
                         gboolean melee, GString *log, GError **error);
gboolean ph_featherstone_action_wound (PhGame *game, GHashTable *args, GError **error);
gboolean ph_featherstone_roster_has (const PhFigure *f, char letter);
/* The wounds on @f's record sheet when the game starts, their effects
 * running from phase 1; appends what they do to @log */
void ph_featherstone_start_roster_wounds (PhGame *game, PhFigure *f, GString *log);
/* A wound dealt by a weapon (a shot, @band its range band, or a melee):
 * the text's "Invalid hits" first (hard cover over the @obscured PhArea
 * flags, helmet, armour), then ph_featherstone_apply_wound() */
gboolean ph_featherstone_apply_weapon_wound (PhGame *game, PhFigure *f, char letter, gboolean melee,
                                const char *band, guint obscured, GString *log,
                                GError **error);

/* ph-game-featherstone-melee.c */
gboolean ph_featherstone_action_melee (PhGame *game, GHashTable *args, GError **error);
gboolean ph_featherstone_fought_this_phase (PhGame *game, const PhFigure *m);
char *ph_featherstone_arg_default (PhGame *game, const char *action, const char *arg,
                                   GHashTable *args);
char *ph_featherstone_target_odds (PhGame *game, const char *action, const PhFigure *figure,
                                   const PhFigure *target, GHashTable *args);

/* ph-game-featherstone-util.c */
const char *ph_featherstone_fname (const PhFigure *f);
int ph_featherstone_get_choice_arg (GHashTable *args, const char *name,
                       const char * const *choices, int fallback,
                       GError **error);
const char *ph_featherstone_get_text_arg (GHashTable *args, const char *name,
                             GError **error);
gboolean ph_featherstone_is_dead (const PhFigure *f);
int ph_featherstone_serious_count (const PhFigure *f);
gboolean ph_featherstone_check_able (PhGame *game, const PhFigure *f, gboolean moving,
                        GError **error);
gboolean ph_featherstone_is_one_handed (PhWeaponKind kind);
/* A man moves or makes actions in a phase, not both: FALSE with the
 * reason when he made an action this phase (or is busy with one), or
 * moved */
gboolean ph_featherstone_check_may_move (PhGame *game, const PhFigure *f, GError **error);
gboolean ph_featherstone_check_may_act (PhGame *game, const PhFigure *f, GError **error);
gboolean ph_featherstone_aimed_ready (PhGame *game, const PhFigure *f, const PhFigure *t);
void ph_featherstone_shot_options (PhGame *game, const PhFigure *figure,
                                   const PhFigure *target, PhShotOptions *options);
void ph_featherstone_shot_args (PhGame *game, const PhFigure *figure,
                                const PhShotOptions *options, GHashTable *args);

G_END_DECLS
