/* ph-measure-tool.h: the tape measure
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-tool.h"

G_BEGIN_DECLS

#define PH_TYPE_MEASURE_TOOL (ph_measure_tool_get_type ())

G_DECLARE_FINAL_TYPE (PhMeasureTool, ph_measure_tool, PH, MEASURE_TOOL, PhTool)

PhTool     *ph_measure_tool_new      (PhMapView *map_view);

/* The tape's reading ("12.5″ edge to edge"), or NULL when there is no
 * tape on the table */
const char *ph_measure_tool_get_text (PhMeasureTool *self);

G_END_DECLS
