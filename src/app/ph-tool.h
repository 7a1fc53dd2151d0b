/* ph-tool.h: what a primary drag on the map does
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The map view owns its tools and keeps one active; it routes the primary
 * button's presses, drags and releases to it and draws every tool's marks
 * over the figures. A tool owns its gestures' logic (what is picked, what
 * moves, what the document is asked to do) and the state it shows. The
 * view keeps what all tools share: panning with the middle button, zoom,
 * the figure under the pointer, and the drag threshold. A new tool is one
 * more PhTool subclass in its own file.
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-map-view.h"
#include "ph-render.h"

G_BEGIN_DECLS

/* A drag as the view saw it, in widget coordinates */
typedef struct
{
  guint button;
  GdkModifierType modifiers;   /* held at the press */
  double start_x, start_y;     /* the press */
  double x, y;                 /* the pointer now */
  double last_x, last_y;       /* the pointer at the previous update */
  gboolean moved;              /* past the threshold; else a click */
} PhToolDrag;

#define PH_TYPE_TOOL (ph_tool_get_type ())

G_DECLARE_DERIVABLE_TYPE (PhTool, ph_tool, PH, TOOL, GObject)

struct _PhToolClass
{
  GObjectClass parent_class;

  /* The cursor while the tool is active and nothing under the pointer
   * asks for another; NULL: the default one */
  const char *cursor_name;

  /* A press of the primary button: the drag starts */
  void        (*drag_begin)  (PhTool           *self,
                              const PhToolDrag *drag);
  /* The pointer moved, once the drag is past the threshold */
  void        (*drag_update) (PhTool           *self,
                              const PhToolDrag *drag);
  /* The release; drag->moved is FALSE for a click. The view no longer
   * counts the drag as under way. */
  void        (*drag_end)    (PhTool           *self,
                              const PhToolDrag *drag);
  /* Puts back what the drag under way changed, and ends it */
  void        (*drag_cancel) (PhTool *self);
  /* Forgets the drag under way without undoing it, and whatever the tool
   * shows: the scenario changed, or the tool was put away. */
  void        (*reset)       (PhTool *self);
  /* Escape with no drag under way: TRUE when it took something away */
  gboolean    (*dismiss)     (PhTool *self);
  /* Enter with no drag under way: TRUE when it finished something (the
   * polygon being drawn) */
  gboolean    (*activate)    (PhTool *self);
  /* The pointer over the table with no drag under way: the cursor name */
  const char *(*motion)      (PhTool *self,
                              double  x,
                              double  y);
  /* The tool's marks, over the figures, in widget coordinates */
  void        (*draw)        (PhTool             *self,
                              cairo_t            *cr,
                              const PhRenderView *view);
};

PhMapView  *ph_tool_get_map_view    (PhTool *self);
const char *ph_tool_get_cursor_name (PhTool *self);

void        ph_tool_drag_begin      (PhTool           *self,
                                     const PhToolDrag *drag);
void        ph_tool_drag_update     (PhTool           *self,
                                     const PhToolDrag *drag);
void        ph_tool_drag_end        (PhTool           *self,
                                     const PhToolDrag *drag);
void        ph_tool_drag_cancel     (PhTool *self);
void        ph_tool_reset           (PhTool *self);
gboolean    ph_tool_dismiss         (PhTool *self);
gboolean    ph_tool_activate        (PhTool *self);
const char *ph_tool_motion          (PhTool *self,
                                     double  x,
                                     double  y);
void        ph_tool_draw            (PhTool             *self,
                                     cairo_t            *cr,
                                     const PhRenderView *view);

G_END_DECLS
