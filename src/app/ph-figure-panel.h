/* ph-figure-panel.h: the inspector: edit the selected figures
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-document.h"

G_BEGIN_DECLS

#define PH_TYPE_FIGURE_PANEL (ph_figure_panel_get_type ())

G_DECLARE_FINAL_TYPE (PhFigurePanel, ph_figure_panel, PH, FIGURE_PANEL, GtkWidget)

GtkWidget *ph_figure_panel_new        (void);
/* Shows @figure (a figure of @document's scenario, or NULL) and reads it
 * again: call after the document changed. */
void       ph_figure_panel_set_figure (PhFigurePanel *self,
                                       PhDocument    *document,
                                       PhFigure      *figure);
/* Shows @figures (of @document's scenario; the primary one last) to be
 * edited at once: each edit is made to all of them as one undo step. */
void       ph_figure_panel_set_figures (PhFigurePanel    *self,
                                        PhDocument       *document,
                                        PhFigure * const *figures,
                                        guint             n_figures);
/* The message of the last edit refused, or NULL */
const char *ph_figure_panel_get_error (PhFigurePanel *self);

G_END_DECLS
