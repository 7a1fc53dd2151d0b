/* ph-terrain-tool.h: picking and changing terrain on the table (edit mode)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-tool.h"

G_BEGIN_DECLS

#define PH_TYPE_TERRAIN_TOOL (ph_terrain_tool_get_type ())

G_DECLARE_FINAL_TYPE (PhTerrainTool, ph_terrain_tool, PH, TERRAIN_TOOL, PhTool)

/* @figures_tool gets the drags that start on a figure */
PhTool  *ph_terrain_tool_new            (PhMapView *map_view,
                                         PhTool    *figures_tool);
/* The corner of the selected feature last clicked or dragged, or -1 */
int      ph_terrain_tool_get_vertex     (PhTerrainTool *self);
/* Deletes that corner (one undo step); FALSE when there is none, or the
 * shape cannot lose one (the reason shown) */
gboolean ph_terrain_tool_delete_vertex  (PhTerrainTool *self);

/* Where the handles of the selected feature are drawn, in widget
 * coordinates, for the tests: the turning handle, and the bottom-right
 * resize handle. FALSE without a selected feature. */
gboolean ph_terrain_tool_get_handles    (PhTerrainTool *self,
                                         double        *turn_x,
                                         double        *turn_y,
                                         double        *resize_x,
                                         double        *resize_y);

G_END_DECLS
