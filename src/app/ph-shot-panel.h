/* ph-shot-panel.h: the selected figure's shot: options, the engine's
 * assessment of the target, and every enemy it could shoot at
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-core.h"

G_BEGIN_DECLS

#define PH_TYPE_SHOT_PANEL (ph_shot_panel_get_type ())

G_DECLARE_FINAL_TYPE (PhShotPanel, ph_shot_panel, PH, SHOT_PANEL, GtkWidget)

GtkWidget           *ph_shot_panel_new            (void);

/* The shooter (NULL: none) and the options to list its enemies with;
 * the option controls shown are those of the scenario's ruleset. */
void                 ph_shot_panel_set_shooter    (PhShotPanel         *self,
                                                   PhScenario          *scenario,
                                                   PhFigure            *shooter,
                                                   const PhShotOptions *options);
/* While a figure is dragged: the list follows @shooter where @scenario
 * (the map's scenario as dragged; not kept) has it. Rebuilt at most 20
 * times a second; ph_shot_panel_set_shooter() puts it back. */
void                 ph_shot_panel_preview        (PhShotPanel         *self,
                                                   const PhScenario    *scenario,
                                                   const PhFigure      *shooter);
/* The target and the engine's answer (or why there is none). */
void                 ph_shot_panel_set_assessment (PhShotPanel        *self,
                                                   PhFigure           *target,
                                                   const PhAssessment *assessment,
                                                   const char         *error);
/* What the option controls say */
/* The controls show @options (a game's own for its shot), saying nothing */
void                 ph_shot_panel_set_options   (PhShotPanel         *self,
                                                  const PhShotOptions *options);
/* Why the game would not take the shot now, said with the next odds
 * shown (ph_shot_panel_set_assessment()); NULL for nothing to say */
void                 ph_shot_panel_set_game_note (PhShotPanel *self,
                                                  const char  *note);
const PhShotOptions *ph_shot_panel_get_options    (PhShotPanel *self);
/* The list of enemies: how many rows it has (for the tests) */
guint                ph_shot_panel_get_n_visible  (PhShotPanel *self);
/* How many best shots the panel lists (at most three) */
guint                ph_shot_panel_get_n_advice   (PhShotPanel *self);
/* One of the assessment's details as the panel shows it: its name in
 * @name and its value, both for people ("chance", "28.8%") */
char                *ph_shot_panel_format_detail  (const char  *key,
                                                   GVariant    *value,
                                                   char       **name);

G_END_DECLS
