/* ph-scenario-panel.h: the Table tab: title, description, sides and the
 * ruleset's house rules
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-document.h"

G_BEGIN_DECLS

#define PH_TYPE_SCENARIO_PANEL (ph_scenario_panel_get_type ())
G_DECLARE_FINAL_TYPE (PhScenarioPanel, ph_scenario_panel, PH, SCENARIO_PANEL, GtkWidget)

GtkWidget  *ph_scenario_panel_new          (void);
void        ph_scenario_panel_set_document (PhScenarioPanel *self,
                                            PhDocument      *document);
/* Why the last edit was refused, or NULL */
const char *ph_scenario_panel_get_error    (PhScenarioPanel *self);

/* What the buttons do (for the tests, and the buttons) */
/* @file as the table's background image, across the table's width */
void        ph_scenario_panel_set_background_file (PhScenarioPanel *self,
                                                   GFile           *file);
void        ph_scenario_panel_add_side     (PhScenarioPanel *self);
/* Deletes side @id: asks first when it has figures (@confirmed skips the
 * question, as its Delete button does) */
void        ph_scenario_panel_delete_side  (PhScenarioPanel *self,
                                            const char      *id,
                                            gboolean         confirmed);

G_END_DECLS
