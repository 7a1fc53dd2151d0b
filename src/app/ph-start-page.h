/* ph-start-page.h: what a window shows before a scenario is open
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PH_TYPE_START_PAGE (ph_start_page_get_type ())

G_DECLARE_FINAL_TYPE (PhStartPage, ph_start_page, PH, START_PAGE, GtkWidget)

GtkWidget *ph_start_page_new    (void);
/* Lists the bundled examples and the recent scenarios again. */
void       ph_start_page_reload (PhStartPage *self);

G_END_DECLS
