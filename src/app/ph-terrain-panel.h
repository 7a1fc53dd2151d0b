/* ph-terrain-panel.h: the Terrain tab: the selected feature's name, kind,
 * cover, line of sight and line width
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-document.h"

G_BEGIN_DECLS

#define PH_TYPE_TERRAIN_PANEL (ph_terrain_panel_get_type ())

G_DECLARE_FINAL_TYPE (PhTerrainPanel, ph_terrain_panel, PH, TERRAIN_PANEL, GtkWidget)

GtkWidget  *ph_terrain_panel_new          (void);
void        ph_terrain_panel_set_document (PhTerrainPanel *self,
                                           PhDocument     *document);
/* Why the last edit was refused, or NULL */
const char *ph_terrain_panel_get_error    (PhTerrainPanel *self);

G_END_DECLS
