/* ph-window-export.h: Export Map Image (win.export-map): the map to a
 * PNG, SVG or PDF file, as `powderhorn-cli render` draws it
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-export-dialog.h"
#include "ph-window.h"

G_BEGIN_DECLS

/* What the window shows now, as export options: the selected figure's
 * rings and arc, the line to his target, his threat map when T shows it,
 * the selection; the scale last exported at (12 pixels a unit at first,
 * as the CLI's). Free with ph_map_export_free(). */
PhMapExport *ph_window_export_current (PhWindow *self);

/* The file to write for @chosen and its format: by its name's extension
 * (.png, .svg, .pdf, any case), else @filter_format's extension added
 * (the file chooser's filter). A new reference. */
GFile       *ph_window_export_target  (GFile          *chosen,
                                       PhRenderFormat  filter_format,
                                       PhRenderFormat *format);

/* Draws the map with @export and writes it to @file as @format, off the
 * main thread, through ph_file_replace_contents() (atomic: a failure
 * leaves the file as it was); an error is shown in a dialog, success in
 * the status line. */
void         ph_window_export_map     (PhWindow          *self,
                                       GFile             *file,
                                       PhRenderFormat     format,
                                       const PhMapExport *export);
/* TRUE while an export is being drawn or written */
gboolean     ph_window_export_busy    (PhWindow *self);

G_END_DECLS
