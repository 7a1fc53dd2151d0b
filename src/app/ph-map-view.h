/* ph-map-view.h: the battlefield: the table drawn, figures picked, moved
 * and turned, the tape, and the engine's answers on the map
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The widget draws and routes input: what is selected and the shot
 * considered are the document's (PhSelection, PhShotController); what a
 * primary drag does is the active tool's (PhTool). "selection-changed"
 * and "target-changed" repeat the models' "changed".
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-core.h"
#include "ph-document.h"
#include "ph-viewport.h"

G_BEGIN_DECLS

#define PH_TYPE_MAP_VIEW (ph_map_view_get_type ())

G_DECLARE_FINAL_TYPE (PhMapView, ph_map_view, PH, MAP_VIEW, GtkWidget)

GtkWidget          *ph_map_view_new                (void);

PhDocument         *ph_map_view_get_document       (PhMapView *self);
void                ph_map_view_set_document       (PhMapView  *self,
                                                    PhDocument *document);
PhViewport         *ph_map_view_get_viewport       (PhMapView *self);

/* The measuring tape: primary drags measure instead of selecting. */
gboolean            ph_map_view_get_measuring      (PhMapView *self);
void                ph_map_view_set_measuring      (PhMapView *self,
                                                    gboolean   measuring);
/* Draws the selected figure's fire arc even where the ruleset has none. */
/* Edit mode ("edit-mode"), and what a drag draws in it ("draw-shape", a
 * PhDrawShape of ph-draw-tool.h; "draw-kind", a PhTerrainKind) */
gboolean            ph_map_view_get_edit_mode      (PhMapView *self);
void                ph_map_view_set_edit_mode      (PhMapView *self,
                                                    gboolean   edit_mode);
int                 ph_map_view_get_draw_shape     (PhMapView *self);
void                ph_map_view_set_draw_shape     (PhMapView *self,
                                                    int        shape);
int                 ph_map_view_get_draw_kind      (PhMapView *self);
void                ph_map_view_set_draw_kind      (PhMapView *self,
                                                    int        kind);
gboolean            ph_map_view_get_show_arc       (PhMapView *self);
void                ph_map_view_set_show_arc       (PhMapView *self,
                                                    gboolean   show_arc);

/* Shortcuts to the document's selection (ph_document_get_selection()):
 * its figures, the primary one (the shooter) last */
PhFigure           *ph_map_view_get_selected_figure (PhMapView *self);
PhFigure          **ph_map_view_get_selection      (PhMapView *self,
                                                    guint     *n_figures);
/* and to its shot controller (ph_document_get_shot_controller()): the
 * target (the enemy under the pointer, else the pinned one), the shot
 * options and the engine's assessment, or NULL */
PhFigure           *ph_map_view_get_target         (PhMapView *self);
/* What the map shows, in words, as a screen reader is told it: the picked
 * figure, its side, its target and the odds */
char               *ph_map_view_describe           (PhMapView *self);
void                ph_map_view_set_pinned_target  (PhMapView *self,
                                                    PhFigure  *figure);
const PhShotOptions *ph_map_view_get_shot_options  (PhMapView *self);
const PhAssessment *ph_map_view_get_assessment     (PhMapView *self);

void                ph_map_view_zoom_in            (PhMapView *self);
void                ph_map_view_zoom_out           (PhMapView *self);
void                ph_map_view_fit                (PhMapView *self);
/* Turns every selected figure by @degrees (clockwise), as one step. */
void                ph_map_view_turn_selection     (PhMapView *self,
                                                    double     degrees);

G_END_DECLS
