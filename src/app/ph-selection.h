/* ph-selection.h: the figures picked on the table, the one under the
 * pointer and the pinned target
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The document owns one (ph_document_get_selection()) and empties it
 * before it replaces its scenario; the map view, the shot controller and
 * the window's panels share it. Its figures are the scenario's own, never
 * copies: PhDocument keeps a figure's pointer through every edit, undo
 * and redo.
 */
#pragma once

#include <glib-object.h>

#include "ph-core.h"

G_BEGIN_DECLS

#define PH_TYPE_SELECTION (ph_selection_get_type ())

G_DECLARE_FINAL_TYPE (PhSelection, ph_selection, PH, SELECTION, GObject)

PhSelection        *ph_selection_new               (void);

/* The selected figures, the primary one (the shooter, the one the Figure
 * panel shows: the last picked) last. "changed" says when they change. */
PhFigure          **ph_selection_get_figures       (PhSelection *self,
                                                    guint       *n_figures);
guint               ph_selection_get_n_figures     (PhSelection *self);
PhFigure           *ph_selection_get_primary       (PhSelection *self);
gboolean            ph_selection_contains          (PhSelection    *self,
                                                    const PhFigure *figure);
/* Their ids, NULL-terminated, in the same order (for the renderer) */
const char * const *ph_selection_get_ids           (PhSelection *self);

/* @figures in that order, each once */
void                ph_selection_set_figures       (PhSelection     *self,
                                                    PhFigure *const *figures,
                                                    guint            n_figures);
/* @figure becomes the primary one; with @extend the others stay. */
void                ph_selection_select            (PhSelection *self,
                                                    PhFigure    *figure,
                                                    gboolean     extend);
void                ph_selection_unselect          (PhSelection *self,
                                                    PhFigure    *figure);
/* Every figure of @scenario on the table */
void                ph_selection_select_all        (PhSelection      *self,
                                                    const PhScenario *scenario);
void                ph_selection_clear             (PhSelection *self);

/* The figure under the pointer ("hover"), and the target the user pinned
 * ("pinned-target"); NULL for none */
PhFigure           *ph_selection_get_hover         (PhSelection *self);
void                ph_selection_set_hover         (PhSelection *self,
                                                    PhFigure    *figure);
PhFigure           *ph_selection_get_pinned_target (PhSelection *self);
void                ph_selection_set_pinned_target (PhSelection *self,
                                                    PhFigure    *figure);

/* The selected terrain feature's id ("feature"), or NULL. Setting one
 * empties the figures; selecting figures sets it back to NULL. */
const char         *ph_selection_get_feature       (PhSelection *self);
void                ph_selection_set_feature       (PhSelection *self,
                                                    const char  *id);

/* @figure is about to leave the table: no longer selected, hovered or
 * pinned */
void                ph_selection_forget            (PhSelection *self,
                                                    PhFigure    *figure);

/* Nothing selected, hovered or pinned: the figures are about to go */
void                ph_selection_reset             (PhSelection *self);

G_END_DECLS
