/* ph-scroll-guard.h: the scroll wheel scrolls a panel, never a number box
 * the user has not clicked into
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Watches scrolling over @panel (capture phase): over a spin button that
 * does not have the keyboard focus, the scrolled window around it scrolls
 * instead and the value stays. Once clicked into, the spin button takes
 * the wheel as usual. */
void     ph_scroll_guard_install (GtkWidget *panel);

/* What a scroll of @dy over @target (a widget inside @panel) does: TRUE
 * when the guard took it (the enclosing scrolled window moved, the value
 * did not). For the tests: what the controller calls. */
gboolean ph_scroll_guard_scroll  (GtkWidget     *panel,
                                  GtkWidget     *target,
                                  double         dy,
                                  GdkScrollUnit  unit);

G_END_DECLS
