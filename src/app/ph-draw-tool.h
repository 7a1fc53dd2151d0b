/* ph-draw-tool.h: drawing new terrain on the table (edit mode)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-tool.h"

G_BEGIN_DECLS

/* What a drag or clicks draw */
typedef enum
{
  PH_DRAW_NONE,      /* nothing: the terrain tool picks and changes */
  PH_DRAW_RECT,      /* drag from corner to corner */
  PH_DRAW_CIRCLE,    /* drag from the centre out */
  PH_DRAW_POLYGON,   /* click the corners; Enter, a second click on the
                      * last corner or a click on the first closes it */
  PH_DRAW_POLYLINE,  /* click the points; Enter or a second click on the
                      * last point ends it */
} PhDrawShape;

#define PH_TYPE_DRAW_TOOL (ph_draw_tool_get_type ())

G_DECLARE_FINAL_TYPE (PhDrawTool, ph_draw_tool, PH, DRAW_TOOL, PhTool)

PhTool     *ph_draw_tool_new        (PhMapView *map_view);

PhDrawShape ph_draw_tool_get_shape  (PhDrawTool   *self);
void        ph_draw_tool_set_shape  (PhDrawTool   *self,
                                     PhDrawShape   shape);
PhTerrainKind ph_draw_tool_get_kind (PhDrawTool   *self);
void        ph_draw_tool_set_kind   (PhDrawTool   *self,
                                     PhTerrainKind kind);
/* The points placed so far of the polygon or line being drawn */
guint       ph_draw_tool_get_n_points (PhDrawTool *self);

G_END_DECLS
