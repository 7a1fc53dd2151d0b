/* ph-map-view-drag.c: drags on the map, and the tools they go to
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Primary drags go to the active tool (ph-select-tool.c: pick, move, turn;
 * ph-measure-tool.c: the tape), once past a small threshold; a release
 * before it is a click. Middle drags pan. While a tool moves or turns
 * figures, the view shows their shadows where the drag has taken them.
 */
#include "ph-map-view-private.h"

#include <math.h>
#include <string.h>

#include "ph-measure-tool.h"
#include "ph-select-tool.h"

#define DRAG_THRESHOLD 3.0

/* The shallow scenario drawn during a drag */

static void
shallow_scenario_init (PhScenario       *shallow,
                       const PhScenario *scenario)
{
  *shallow = *scenario;
  shallow->figures = g_ptr_array_sized_new (scenario->figures->len);
  shallow->figure_ids = g_hash_table_new (g_str_hash, g_str_equal);
}

static void
shallow_scenario_add (PhScenario *shallow,
                      PhFigure   *figure)
{
  g_ptr_array_add (shallow->figures, figure);
  g_hash_table_insert (shallow->figure_ids, figure->id, figure);
}

static void
shallow_scenario_clear (PhScenario *shallow)
{
  g_clear_pointer (&shallow->figures, g_ptr_array_unref);
  g_clear_pointer (&shallow->figure_ids, g_hash_table_unref);
  memset (shallow, 0, sizeof *shallow);
}

/* The scenario as it is drawn while the shadows show, and its two halves,
 * so that the figures that stay put are drawn once into the figures
 * layer and only the shadows on each frame. */
GArray *
ph_map_view_show_shadows (PhMapView       *self,
                          PhFigure *const *figures,
                          guint            n_figures)
{
  PhScenario *scenario = ph_document_get_scenario (self->document);

  ph_map_view_hide_shadows (self);
  for (guint i = 0; i < n_figures; i++)
    {
      PhDragItem item;

      item.figure = figures[i];
      item.shadow = *item.figure;
      g_array_append_val (self->shadows, item);
    }

  /* the figures that stay put are others now */
  g_clear_pointer (&self->drag_obstacles, g_array_unref);
  g_clear_pointer (&self->drag_labels, g_array_unref);
  g_clear_pointer (&self->drag_plates, g_array_unref);
  shallow_scenario_init (&self->drag_scenario, scenario);
  shallow_scenario_init (&self->drag_rest, scenario);
  shallow_scenario_init (&self->drag_moving, scenario);
  shallow_scenario_init (&self->drag_ghosts, scenario);
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      PhFigure *shadow = NULL;

      for (guint j = 0; j < self->shadows->len && !shadow; j++)
        {
          PhDragItem *item = &g_array_index (self->shadows, PhDragItem, j);
          if (item->figure == figure)
            shadow = &item->shadow;
        }
      shallow_scenario_add (&self->drag_scenario, shadow ? shadow : figure);
      shallow_scenario_add (shadow ? &self->drag_moving : &self->drag_rest, shadow ? shadow : figure);
      if (shadow)
        shallow_scenario_add (&self->drag_ghosts, figure);
    }
  self->has_drag_scenario = TRUE;
  ph_map_view_invalidate_figures (self);
  return self->shadows;
}

void
ph_map_view_hide_shadows (PhMapView *self)
{
  GPtrArray *dropped = g_ptr_array_new ();

  /* the figures layer the worker draws next has them; until it comes,
   * the frames draw them over the one without them */
  for (guint i = 0; i < self->shadows->len; i++)
    g_ptr_array_add (dropped, g_strdup (g_array_index (self->shadows, PhDragItem, i).figure->id));
  g_ptr_array_add (dropped, NULL);
  g_array_set_size (self->shadows, 0);
  if (!self->has_drag_scenario)
    {
      g_strfreev ((char **) g_ptr_array_free (dropped, FALSE));
      return;
    }
  if (self->document != NULL)
    ph_shot_controller_set_preview (ph_map_view_get_shot_controller (self), NULL);
  shallow_scenario_clear (&self->drag_scenario);
  shallow_scenario_clear (&self->drag_rest);
  shallow_scenario_clear (&self->drag_moving);
  shallow_scenario_clear (&self->drag_ghosts);
  self->has_drag_scenario = FALSE;
  ph_map_view_invalidate_figures (self);
  g_strfreev (self->dropped_ids);
  self->dropped_ids = (char **) g_ptr_array_free (dropped, FALSE);
  self->dropped_serial = self->figures_serial;
}

/* Dragging */

/* The view counts the drag under way as over (before its tool changes
 * the document): the tool it went to, or NULL */
static PhTool *
drag_stop (PhMapView *self)
{
  PhTool *tool = self->drag_tool;

  self->dragging = FALSE;
  self->drag_tool = NULL;
  return tool;
}

/* The drag is over: the active tool's cursor, a frame without the drag */
static void
drag_done (PhMapView *self)
{
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), ph_tool_get_cursor_name (self->tool));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ph_map_view_begin_drag (PhMapView       *self,
                        guint            button,
                        GdkModifierType  modifiers,
                        double           x,
                        double           y)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));

  if (self->dragging)
    {
      PhTool *tool = drag_stop (self);

      if (tool)
        ph_tool_reset (tool);
      drag_done (self);
    }
  if (self->document == NULL
      || (button != GDK_BUTTON_PRIMARY && button != GDK_BUTTON_MIDDLE))
    return;

  self->drag = (PhToolDrag) {
    .button = button,
    .modifiers = modifiers,
    .start_x = x, .start_y = y,
    .x = x, .y = y,
    .last_x = x, .last_y = y,
    .moved = FALSE,
  };
  self->dragging = TRUE;
  self->drag_tool = button == GDK_BUTTON_PRIMARY ? self->tool : NULL;
  if (self->drag_tool)
    ph_tool_drag_begin (self->drag_tool, &self->drag);
}

void
ph_map_view_update_drag (PhMapView *self,
                         double     offset_x,
                         double     offset_y)
{
  PhToolDrag *drag = &self->drag;

  g_return_if_fail (PH_IS_MAP_VIEW (self));

  if (!self->dragging)
    return;

  drag->last_x = drag->x;
  drag->last_y = drag->y;
  drag->x = drag->start_x + offset_x;
  drag->y = drag->start_y + offset_y;
  if (!drag->moved && hypot (offset_x, offset_y) < DRAG_THRESHOLD)
    return;

  if (!drag->moved)
    {
      drag->moved = TRUE;
      drag->last_x = drag->start_x;
      drag->last_y = drag->start_y;
      if (self->drag_tool == NULL)
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
    }

  if (self->drag_tool)
    {
      ph_tool_drag_update (self->drag_tool, drag);
      /* live odds: the shot as the figures stand now */
      if (self->has_drag_scenario && self->document != NULL)
        ph_shot_controller_set_preview (ph_map_view_get_shot_controller (self),
                                        &self->drag_scenario);
    }
  else
    /* The table follows the pointer. */
    ph_viewport_pan (self->viewport, drag->x - drag->last_x, drag->y - drag->last_y);
}

void
ph_map_view_end_drag (PhMapView *self,
                      double     offset_x,
                      double     offset_y)
{
  PhToolDrag drag;
  PhTool *tool;

  g_return_if_fail (PH_IS_MAP_VIEW (self));

  if (!self->dragging)
    return;

  ph_map_view_update_drag (self, offset_x, offset_y);
  drag = self->drag;
  tool = drag_stop (self);
  if (tool)
    ph_tool_drag_end (tool, &drag);
  drag_done (self);
}

void
ph_map_view_cancel_drag (PhMapView *self)
{
  PhTool *tool;

  if (!self->dragging)
    return;
  tool = drag_stop (self);
  if (tool)
    ph_tool_drag_cancel (tool);
  drag_done (self);
  gtk_event_controller_reset (GTK_EVENT_CONTROLLER (self->drag_gesture));
  /* a refusal said before the drag is no longer news */
  ph_map_view_show_message (self, NULL);
}

/* The tools */

void
ph_map_view_reset_tools (PhMapView *self)
{
  drag_stop (self);
  for (guint i = 0; i < self->tools->len; i++)
    ph_tool_reset (g_ptr_array_index (self->tools, i));
  drag_done (self);
}

const char *
ph_map_view_get_tape_text (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  return ph_measure_tool_get_text (PH_MEASURE_TOOL (self->measure_tool));
}

gboolean
ph_map_view_get_handle (PhMapView *self,
                        double    *x,
                        double    *y)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), FALSE);
  return ph_select_tool_get_handle (PH_SELECT_TOOL (self->select_tool), x, y);
}
