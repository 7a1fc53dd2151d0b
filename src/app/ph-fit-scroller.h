/* ph-fit-scroller.h: a scrolled window as tall as its content at the
 * width it is given, no taller
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PH_TYPE_FIT_SCROLLER (ph_fit_scroller_get_type ())
G_DECLARE_FINAL_TYPE (PhFitScroller, ph_fit_scroller, PH, FIT_SCROLLER, GtkWidget)

/* Holds one GtkScrolledWindow (@child, set in a .ui file as its child).
 * GTK 4.8's scrolled window asks its content's natural height for no
 * width in particular, with propagate-natural-height: wrapping labels are
 * then measured at their natural width, narrower than the panel, and the
 * window is given their taller height, a blank band under the content.
 * This asks the content at the width the scrolled window gets. */
GtkWidget *ph_fit_scroller_get_child (PhFitScroller *self);
void       ph_fit_scroller_set_child (PhFitScroller *self,
                                      GtkWidget     *child);

G_END_DECLS
