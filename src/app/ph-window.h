/* ph-window.h: a Powderhorn window: one scenario, its map and side panel
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-application.h"
#include "ph-document.h"
#include "ph-drafts.h"
#include "ph-map-view.h"

G_BEGIN_DECLS

#define PH_TYPE_WINDOW (ph_window_get_type ())

G_DECLARE_FINAL_TYPE (PhWindow, ph_window, PH, WINDOW, GtkApplicationWindow)

PhWindow   *ph_window_new            (PhApplication *application);

/* Opens @file, first asking what to do with unsaved changes; a file that
 * cannot be read is reported in a dialog and changes nothing. */
void        ph_window_open           (PhWindow *self,
                                      GFile    *file);
/* Reads @file into the window without asking or reporting. */
/* A bundled example as an untitled copy (after asking about unsaved work) */
void        ph_window_open_copy      (PhWindow *self,
                                      GFile    *file);
gboolean    ph_window_load_file      (PhWindow  *self,
                                      GFile     *file,
                                      GError   **error);

/* Opens the draft @info of unsaved changes (ph-drafts.h) as this window's
 * document, still unsaved; a draft that cannot be read is reported in a
 * dialog, changes nothing and stays. */
gboolean    ph_window_restore_draft  (PhWindow    *self,
                                      PhDraftInfo *info);

PhDocument *ph_window_get_document   (PhWindow *self);
PhMapView  *ph_window_get_map_view   (PhWindow *self);
/* TRUE while the window shows the start screen and nothing is edited */
gboolean    ph_window_is_unused      (PhWindow *self);
/* For tests: win.export-sheets, and win.export-map once its options are
 * taken, write to @file without asking where (NULL asks again). */
void        ph_window_set_export_file_for_testing (PhWindow *self,
                                                   GFile    *file);

G_END_DECLS
