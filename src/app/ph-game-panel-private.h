/* ph-game-panel-private.h: the Game tab's parts, between its files
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph-game-panel.c builds the tab and answers its signals;
 * ph-game-panel-lead.c works out which step the tab leads to after each
 * change (what the rules would take now, for the man picked).
 */
#pragma once

#include "ph-game-panel.h"
#include "ph-game-action-form.h"
#include "ph-game-log.h"
#include "ph-dice-tray.h"

G_BEGIN_DECLS

struct _PhGamePanel
{
  GtkBox parent_instance;

  GtkWidget *start_box;
  GtkWidget *start_button;
  GtkLabel *describe_label;
  GtkLabel *error_label;
  GtkWidget *actions_box;
  GtkLabel *replay_note;
  GtkWidget *action_label;
  GtkDropDown *action_drop_down;
  GtkLabel *help_label;
  GtkStack *forms_stack;
  GtkLabel *odds_label;
  GtkWidget *perform_button;
  GtkLabel *action_error_label;
  GtkWidget *dice_box;
  GtkWidget *perform_box;
  PhDiceTray *dice_tray;
  PhGameLog *game_log;
  GtkSizeGroup *label_group;

  PhDocument *document;
  /* What the action forms were built for */
  const PhGameRules *rules;
  PhScenario *scenario;
  GPtrArray *actions;     /* of PhGameActionForm*, in the drop-down's order */
  GHashTable *errors;     /* action name → the refusal shown under Perform */
  GHashTable *hints;      /* the names of those said before Perform was pressed */
  char *expected;         /* what the rules expected at the last refresh */
  const char *performed;  /* the action Perform has just taken, while the
                           * tab leads on from it */
  gboolean picking;       /* leading from a man picked on the map (not
                           * from a step taken) */
  guint position;         /* and the game's position then */
  char *group;            /* the other selected figures' ids, comma-separated */
  char *figure_id;        /* the man the forms are for */
  char *picked_id;        /* the man picked on the map (another one when he
                           * can do nothing now: the forms stay) */
  char *target_id;
  gboolean building_actions;
  gboolean syncing;       /* putting the map's figures in the forms */
};

/* ph-game-panel.c */

/* The form of the action chosen in the drop-down, or NULL */
PhGameActionForm *ph_game_panel_current_action (PhGamePanel *self);
/* The form of @name, its place in the drop-down in @position */
PhGameActionForm *ph_game_panel_find_action (PhGamePanel *self, const char *name,
                                             guint *position);
/* Chooses @name in the Action drop-down, as the referee would */
PhGameActionForm *ph_game_panel_choose_action (PhGamePanel *self, const char *name);
/* Under Perform: the chosen action's refusal, or what the rules would say */
void              ph_game_panel_show_current_error (PhGamePanel *self);
/* Under the form: the odds of the chosen step with the form's values, as
 * the right-click's menu says them (PhGameRules.target_odds) */
void              ph_game_panel_show_odds (PhGamePanel *self);
/* The forms' figure and target: the panel's */
void              ph_game_panel_sync_map_figures (PhGamePanel *self);

/* ph-game-panel-lead.c */

/* The target @info's form takes for the man @figure_id (the man the
 * forms are for, else the one chosen in the form): the map's (pinned,
 * else under the pointer) when the rules would take him, else the one the
 * rules pick for the step (PhGameRules.arg_default: Featherstone's melee,
 * the nearest enemy in contact who can fight), *@by_rules TRUE; else the
 * map's, unless the step never takes him (a man of @figure_id's own side
 * for a melee: the target of his side's shot, left pinned). NULL: none. */
char    *ph_game_panel_target_for (PhGamePanel *self, const PhGameActionInfo *info,
                                   const char *figure_id, gboolean *by_rules);
/* Whether the man @id may do anything of his own now */
gboolean ph_game_panel_figure_may_act (PhGamePanel *self, const char *id);
/* The move form starts from what the rules would take for the man */
void     ph_game_panel_move_form_follows_figure (PhGamePanel *self);
/* After a step, the step the rules expect (as the bar over the map);
 * for a man picked, a step he cannot take now is not left chosen: the
 * tab leads to one he can, or the game's own step */
void     ph_game_panel_lead_to_possible_action (PhGamePanel *self);

G_END_DECLS
