/* ph-export-dialog.h: Export Map Image's options: the scale and what is
 * drawn over the table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-core.h"
#include "ph-render.h"

G_BEGIN_DECLS

/* What `powderhorn-cli render` takes, for the window's figures: the
 * overlays are about the selected figure (the shooter) and its target. */
typedef struct
{
  double scale;            /* pixels (points in PDF and SVG) per table unit */
  char *figure;            /* the selected figure, or NULL */
  char *target;            /* its target, or NULL */
  char **selected;         /* every selected figure, NULL-terminated, or NULL */
  gboolean rings;          /* --rings FIGURE */
  gboolean has_weapon;     /* --weapon KIND, else his first missile weapon */
  PhWeaponKind weapon;
  gboolean arc;            /* --arc */
  gboolean shade;          /* --los FIGURE */
  gboolean line;           /* --target TARGET, from FIGURE */
  gboolean threat;         /* --threat FIGURE */
  gboolean highlight;      /* --select, every selected figure */
  gboolean target_mounted; /* Guns of War's rings: the target's column */
} PhMapExport;

PhMapExport *ph_map_export_copy               (const PhMapExport *export);
void         ph_map_export_free               (PhMapExport *export);
/* The renderer's options (pointing into @export, which must outlive them) */
void         ph_map_export_get_render_options (const PhMapExport *export,
                                               PhRenderOptions   *opts);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhMapExport, ph_map_export_free)

/* The options an overlay takes in the dialog */
typedef enum
{
  PH_MAP_EXPORT_RINGS,
  PH_MAP_EXPORT_ARC,
  PH_MAP_EXPORT_SHADE,
  PH_MAP_EXPORT_LINE,
  PH_MAP_EXPORT_THREAT,
  PH_MAP_EXPORT_HIGHLIGHT,
  PH_MAP_EXPORT_N_OVERLAYS
} PhMapExportOverlay;

#define PH_TYPE_EXPORT_DIALOG (ph_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PhExportDialog, ph_export_dialog, PH, EXPORT_DIALOG, GtkWindow)

/* A modal dialog over @parent showing @initial for @scenario (its figures'
 * names, the table's unit and size); "export" is emitted when the user
 * goes on, and the dialog closes. */
PhExportDialog *ph_export_dialog_new         (GtkWindow         *parent,
                                              const PhScenario  *scenario,
                                              const PhMapExport *initial);
/* What the controls hold now (a new copy) */
PhMapExport    *ph_export_dialog_get_export  (PhExportDialog    *self);
/* The controls, as a user sets them (for the tests) */
void            ph_export_dialog_set_scale   (PhExportDialog    *self,
                                              double             scale);
void            ph_export_dialog_set_overlay (PhExportDialog    *self,
                                              PhMapExportOverlay overlay,
                                              gboolean           shown);
gboolean        ph_export_dialog_get_overlay_sensitive (PhExportDialog    *self,
                                                        PhMapExportOverlay overlay);
/* The size line under the scale ("1,044 × 780 pixels ...") */
const char     *ph_export_dialog_get_size_text (PhExportDialog *self);
/* Export…, as the button: emits "export" and closes */
void            ph_export_dialog_export      (PhExportDialog    *self);

G_END_DECLS
