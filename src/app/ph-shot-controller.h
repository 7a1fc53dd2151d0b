/* ph-shot-controller.h: the shot under consideration: the selected
 * figure, its target, the shot options and the engine's assessment
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The target is the enemy under the pointer, else the pinned one (both in
 * the PhSelection). The assessment is asked of the engine again whenever
 * the shooter, the target, the options or the figures change, never on
 * plain pointer motion. The document owns one
 * (ph_document_get_shot_controller()); the map view draws from it and the
 * window gives its answer to the Fire tab.
 */
#pragma once

#include <glib-object.h>

#include "ph-core.h"
#include "ph-document.h"
#include "ph-selection.h"

G_BEGIN_DECLS

#define PH_TYPE_SHOT_CONTROLLER (ph_shot_controller_get_type ())

G_DECLARE_FINAL_TYPE (PhShotController, ph_shot_controller, PH, SHOT_CONTROLLER, GObject)

/* Follows @document (not kept alive: it owns the controller) and
 * @selection, which is kept. */
PhShotController    *ph_shot_controller_new       (PhDocument  *document,
                                                   PhSelection *selection);

PhSelection         *ph_shot_controller_get_selection (PhShotController *self);
/* The selection's primary figure */
PhFigure            *ph_shot_controller_get_shooter (PhShotController *self);
PhFigure            *ph_shot_controller_get_target  (PhShotController *self);

/* The options (aim, spot, snap, reaction) the assessment uses */
const PhShotOptions *ph_shot_controller_get_options (PhShotController    *self);
void                 ph_shot_controller_set_options (PhShotController    *self,
                                                     const PhShotOptions *options);

/* The engine's assessment of the shooter shooting at the target, or NULL
 * (no shooter, no target, or the engine refused the question) */
const PhAssessment  *ph_shot_controller_get_assessment (PhShotController *self);
/* Why there is no assessment though there are a shooter and a target */
const char          *ph_shot_controller_get_error      (PhShotController *self);
/* In a game, why the game would not take this shot now, in the rules'
 * words ("Pte Tubbs has fired this phase"), or NULL (the options then
 * are the game's own for this shooter and target, until the user changes
 * them) */
const char          *ph_shot_controller_get_game_note  (PhShotController *self);

/* Live odds during a drag: the assessment is of the figures where
 * @preview (the map's scenario as dragged, sharing everything else with
 * the document's; not kept) has them, until set back to NULL. Each call
 * reassesses and emits "changed". */
void                 ph_shot_controller_set_preview (PhShotController *self,
                                                     const PhScenario *preview);
const PhScenario    *ph_shot_controller_get_preview (PhShotController *self);

G_END_DECLS
