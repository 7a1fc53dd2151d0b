/* ph-game-panel.h: the side panel's Game tab: actions, dice and the log
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-dice-tray.h"
#include "ph-document.h"

G_BEGIN_DECLS

#define PH_TYPE_GAME_PANEL (ph_game_panel_get_type ())

G_DECLARE_FINAL_TYPE (PhGamePanel, ph_game_panel, PH, GAME_PANEL, GtkBox)

GtkWidget  *ph_game_panel_new            (void);
void        ph_game_panel_set_document   (PhGamePanel *self,
                                          PhDocument  *document);
/* The map's selected figure and pinned (else hovered) target fill the
 * actions' "figure" and "target" arguments; either may be NULL. */
void        ph_game_panel_set_selection  (PhGamePanel    *self,
                                          const PhFigure *figure,
                                          const PhFigure *target);
/* The figures selected on the map: those other than the selected figure
 * make the group of a group argument ("with", "group"); call after
 * ph_game_panel_set_selection() */
void        ph_game_panel_set_group      (PhGamePanel     *self,
                                          PhFigure *const *figures,
                                          guint            n_figures);
/* Rebuilds from the document's game (after any change to it). */
void        ph_game_panel_refresh        (PhGamePanel *self);
/* Unfolds the dice tray and gives its entry the keys (Ctrl+R); folds it
 * away when its entry has them already: TRUE when it is shown */
gboolean    ph_game_panel_show_dice      (PhGamePanel *self);
PhDiceTray *ph_game_panel_get_dice_tray  (PhGamePanel *self);

/* Chooses @action in the "Action" drop-down, which shows its arguments;
 * FALSE when the ruleset has no such action. */
gboolean    ph_game_panel_select_action  (PhGamePanel *self,
                                          const char  *action);
/* The chosen action's name ("roll-ips"), or NULL without a game */
const char *ph_game_panel_get_selected_action (PhGamePanel *self);
/* What "Perform" does, @action chosen first: collects its argument
 * widgets and performs it as one game step; on error the message shows
 * under Perform and nothing changes. */
gboolean    ph_game_panel_perform        (PhGamePanel  *self,
                                          const char   *action,
                                          GError      **error);
/* Chooses @action and sets one of its argument widgets as a user would
 * ("true" or "false" for a bool, a choice's value, a side's id or name, a
 * number; NULL or "" puts an optional bool back to Default and unticks an
 * optional number's "set"). A figure or
 * target shown from the map cannot be changed here: TRUE only when @value
 * is that figure's id. FALSE when there is no such widget or value. */
gboolean    ph_game_panel_set_argument   (PhGamePanel *self,
                                          const char  *action,
                                          const char  *argument,
                                          const char  *value);
/* What @action's form holds for @argument, as text; NULL when left to the
 * rules or there is none */
char       *ph_game_panel_get_argument   (PhGamePanel *self,
                                          const char  *action,
                                          const char  *argument);
/* The refusal shown under Perform for @action's last try, or NULL */
const char *ph_game_panel_get_action_error (PhGamePanel *self,
                                            const char  *action);
/* The log's rows shown (one per event) */
guint       ph_game_panel_get_n_log_rows (PhGamePanel *self);
/* "Replay to here" on the row for event @index, as if selected and
 * clicked. */
gboolean    ph_game_panel_replay_to      (PhGamePanel *self,
                                          guint        index);

/* "IP roll: d6 + bravery 7: 4 · Fire: 2d6 3+5 = 8": an event's dice for
 * the log (@hidden: the shuffles' draws too) */
char       *ph_game_panel_format_rolls   (const PhEvent *event,
                                          gboolean       hidden);

G_END_DECLS
