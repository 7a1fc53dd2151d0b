/* ph-game-action-form.h: one game action's argument widgets (private to
 * the Game tab)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-document.h"

G_BEGIN_DECLS

#define PH_TYPE_GAME_ACTION_FORM (ph_game_action_form_get_type ())

G_DECLARE_FINAL_TYPE (PhGameActionForm, ph_game_action_form, PH, GAME_ACTION_FORM, GObject)

/* Builds the form of @info from its arguments spec ("figure target
 * [aim=bool] mode=a|b|c"). @scenario and @info must outlive the form;
 * @figure_ids (of char*, kept) are the figure drop-downs' items after the
 * first; @label_group lines the names up. */
PhGameActionForm       *ph_game_action_form_new          (const PhGameActionInfo *info,
                                                          PhScenario             *scenario,
                                                          GPtrArray              *figure_ids,
                                                          GtkSizeGroup           *label_group);
const PhGameActionInfo *ph_game_action_form_get_info     (PhGameActionForm *self);
/* The grid of names and values */
GtkWidget              *ph_game_action_form_get_widget   (PhGameActionForm *self);
/* The map's selected figure and pinned (else hovered) target, either
 * NULL: a figure or target argument shows its name, else a drop-down.
 * @target_by_rules: the target is not the map's but the one the rules
 * pick for the step (its tooltip says so). */
void                    ph_game_action_form_set_map_figures (PhGameActionForm *self,
                                                             const char       *figure_id,
                                                             const char       *target_id,
                                                             gboolean          target_by_rules);
/* The figure drop-down lists @able first (those who can take the step
 * now, in the order given), then the others, and chooses the first of
 * @able (when there is one) */
void                    ph_game_action_form_list_first   (PhGameActionForm   *self,
                                                          const char * const *able,
                                                          guint               n_able);
/* The other figures selected on the map, ids separated by commas (NULL:
 * none): a group argument (PH_GAME_ARG_FIGURES) shows and sends them */
void                    ph_game_action_form_set_group    (PhGameActionForm *self,
                                                          const char       *ids);
/* The arguments (name → value, both char*) from the widgets; NULL with a
 * message when a required one is missing. */
/* After a step is taken: its texts (an intention, a note) are emptied
 * and its say-sos for one step (PhGameArg.once: the referee lets them
 * fight, a re-roll spent) put back to their defaults, not carried into
 * the next one */
void                    ph_game_action_form_clear_after_step (PhGameActionForm *self);
GHashTable             *ph_game_action_form_collect      (PhGameActionForm  *self,
                                                          GError           **error);
/* See ph_game_panel_set_argument(). A bool takes "true" or "false" (also
 * yes/no, 1/0); NULL or "" is an optional one's "Default" (left out), a
 * required one's unticked. */
gboolean                ph_game_action_form_set_argument (PhGameActionForm *self,
                                                          const char       *argument,
                                                          const char       *value);
/* What the form would perform with for @argument, as text (NULL: left to
 * the rules, or no such argument) */
char                   *ph_game_action_form_get_argument (PhGameActionForm *self,
                                                          const char       *argument);
/* The optional numbers left to the rules show what the rules will take
 * for them with the form's other values (Featherstone's basic chances,
 * read from the Weapons Table: PhGameRules.arg_default), unticked; 0
 * where the rules cannot say */
void                    ph_game_action_form_show_rules_numbers (PhGameActionForm *self,
                                                                PhGame           *game);
/* A choice lists only what the rules allow the man or the side in the
 * form (PhGameRules.choice_allowed: Featherstone's rates, a horse's for a
 * rider, a man's for a man on foot; Fistful's aces the side holds); the
 * value chosen stays when it is still listed, else the first listed */
void                    ph_game_action_form_show_rules_choices (PhGameActionForm *self,
                                                                PhGame           *game);

G_END_DECLS
