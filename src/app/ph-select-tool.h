/* ph-select-tool.h: the map's usual tool: pick, move and turn figures
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-tool.h"

G_BEGIN_DECLS

#define PH_TYPE_SELECT_TOOL (ph_select_tool_get_type ())

G_DECLARE_FINAL_TYPE (PhSelectTool, ph_select_tool, PH, SELECT_TOOL, PhTool)

PhTool   *ph_select_tool_new        (PhMapView *map_view);

/* Where the turning handle of the primary selected figure is drawn, in
 * widget coordinates; FALSE when there is none (no primary figure, the
 * tool put away, or figures being moved or picked). */
gboolean  ph_select_tool_get_handle (PhSelectTool *self,
                                     double       *x,
                                     double       *y);
/* The box (widget pixels) of a move's label by the pointer during a drag
 * in a game ("moved 3.0 in · 3.0 in left"); FALSE when none shows */
gboolean  ph_select_tool_get_label_box (PhSelectTool *self,
                                        PhRect       *box);
/* Its text, or NULL when none shows */
const char *ph_select_tool_get_label (PhSelectTool *self);

G_END_DECLS
