/* ph-recent.h: the scenarios this program opened or saved lately
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Kept in GTK's recent files (the desktop's shared list) under the group
 * "powderhorn"; the window's Open Recent menu and the start page list
 * them alike.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PH_RECENT_GROUP "powderhorn"

/* Adds @file to @manager as a scenario of this program */
void       ph_recent_add  (GtkRecentManager *manager,
                           GFile            *file);
/* Our files in @manager that still exist, newest first, at most @max:
 * GtkRecentInfo, each held by the array */
GPtrArray *ph_recent_list (GtkRecentManager *manager,
                           guint             max);

G_END_DECLS
