/* ph-map-view-input.c: what the pointer and the touchpad do on the map
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Primary drag: on a figure, moves the selection (the model changes once,
 * on release, as one undoable command; meanwhile only shadows move); on the
 * handle of the selected base, turns it; on empty table, pans, or with
 * Shift or Ctrl draws a rubber band. Middle drag pans. Secondary click pins
 * a target. Scroll wheel and pinch zoom toward the pointer; touchpad
 * scrolling pans. In measuring mode, primary drags lay the tape.
 */
#include "ph-map-view-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define DRAG_THRESHOLD 3.0
#define HANDLE_PICK_RADIUS 10.0
#define WHEEL_ZOOM 1.2

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

/* Once per drag: the scenario as it is drawn while the drag goes on, and
 * its two halves, so that the figures that stay put are drawn once into
 * the figures layer and only the dragged ones on each frame. */
static void
drag_scenario_build (PhMapView *self)
{
  PhScenario *scenario = ph_document_get_scenario (self->document);

  g_assert (!self->has_drag_scenario);

  shallow_scenario_init (&self->drag_scenario, scenario);
  shallow_scenario_init (&self->drag_rest, scenario);
  shallow_scenario_init (&self->drag_moving, scenario);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      PhFigure *shadow = NULL;

      for (guint j = 0; j < self->drag_items->len && !shadow; j++)
        {
          PhDragItem *item = &g_array_index (self->drag_items, PhDragItem, j);
          if (item->figure == figure)
            shadow = &item->shadow;
        }
      shallow_scenario_add (&self->drag_scenario, shadow ? shadow : figure);
      shallow_scenario_add (shadow ? &self->drag_moving : &self->drag_rest, shadow ? shadow : figure);
    }
  self->has_drag_scenario = TRUE;
  ph_map_view_invalidate_figures (self);
}

static void
drag_items_set_selection (PhMapView *self)
{
  g_array_set_size (self->drag_items, 0);
  for (guint i = 0; i < self->selection->len; i++)
    {
      PhDragItem item;

      item.figure = g_ptr_array_index (self->selection, i);
      item.shadow = *item.figure;
      g_array_append_val (self->drag_items, item);
    }
}

void
ph_map_view_drag_clear (PhMapView *self)
{
  if (self->has_drag_scenario)
    {
      shallow_scenario_clear (&self->drag_scenario);
      shallow_scenario_clear (&self->drag_rest);
      shallow_scenario_clear (&self->drag_moving);
      self->has_drag_scenario = FALSE;
      ph_map_view_invalidate_figures (self);
    }
  if (self->drag_items)
    g_array_set_size (self->drag_items, 0);
  g_clear_pointer (&self->rubber_initial, g_ptr_array_unref);
  self->drag_mode = PH_DRAG_NONE;
  self->drag_hit = NULL;
  self->drag_toggle = FALSE;
  self->drag_moved = FALSE;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), self->measuring ? "crosshair" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static PhPoint
to_table (PhMapView *self,
          double     x,
          double     y)
{
  PhRenderView view;

  ph_map_view_get_render_view (self, &view);
  return ph_render_view_to_table (&view, (PhPoint) { x, y });
}

/* The tape */

static double
point_to_base (const PhFigure *figure,
               PhPoint         p)
{
  PhBase base;
  PhShape shape = { 0 };
  double d;

  ph_figure_get_base (figure, &base);
  ph_base_to_shape (&base, &shape);
  d = ph_shape_point_distance (&shape, p);
  ph_shape_clear (&shape);
  return d;
}

static void
update_tape_text (PhMapView *self)
{
  PhScenario *scenario = ph_document_get_scenario (self->document);
  gboolean centre = scenario->table.measure == PH_MEASURE_CENTRE;
  gboolean paces = ph_ruleset_get (scenario->ruleset)->dist_unit == PH_DIST_CM
                   && scenario->table.unit == PH_UNIT_CM;
  const char *how = NULL;
  double distance;
  GString *text = g_string_new (NULL);

  if (self->tape_from && self->tape_to && self->tape_from != self->tape_to && !centre)
    {
      PhBase a, b;

      ph_figure_get_base (self->tape_from, &a);
      ph_figure_get_base (self->tape_to, &b);
      distance = ph_base_distance (&a, &b);
      how = _("edge to edge");
    }
  else if ((self->tape_from || self->tape_to) && !centre && self->tape_from != self->tape_to)
    {
      PhFigure *figure = self->tape_from ? self->tape_from : self->tape_to;
      PhPoint other = self->tape_from ? self->tape_end : self->tape_start;

      distance = point_to_base (figure, other);
      how = _("from the base");
    }
  else
    {
      distance = ph_point_distance (self->tape_start, self->tape_end);
      if (self->tape_from && self->tape_to)
        how = _("centre to centre");
    }

  if (paces)
    g_string_append_printf (text, _("%.1f paces"), distance);
  else if (scenario->table.unit == PH_UNIT_CM)
    g_string_append_printf (text, _("%.1f cm"), distance);
  else
    g_string_append_printf (text, _("%.1f″"), distance);

  if (scenario->table.grid == PH_GRID_HEX)
    {
      PhHex a = ph_hex_from_point (self->tape_start, scenario->table.grid_size);
      PhHex b = ph_hex_from_point (self->tape_end, scenario->table.grid_size);
      int hexes = ph_hex_distance (a, b);

      g_string_append_printf (text, g_dngettext (NULL, " · %d hex", " · %d hexes", hexes), hexes);
    }
  if (how)
    g_string_append_printf (text, " %s", how);

  g_free (self->tape_text);
  self->tape_text = g_string_free (text, FALSE);
}

/* Anchors a tape end on the figure under it: its centre. */
static PhPoint
tape_anchor (PhMapView *self,
             double     x,
             double     y,
             PhFigure **figure)
{
  *figure = ph_map_view_figure_at (self, x, y);
  if (*figure)
    return (PhPoint) { (*figure)->x, (*figure)->y };
  return to_table (self, x, y);
}

/* Dragging */

static gboolean
on_handle (PhMapView *self,
           double     x,
           double     y)
{
  double hx, hy;

  return ph_map_view_get_handle (self, &hx, &hy)
         && hypot (x - hx, y - hy) <= HANDLE_PICK_RADIUS;
}

void
ph_map_view_begin_drag (PhMapView       *self,
                        guint            button,
                        GdkModifierType  modifiers,
                        double           x,
                        double           y)
{
  gboolean extend = (modifiers & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)) != 0;

  g_return_if_fail (PH_IS_MAP_VIEW (self));

  if (self->drag_mode != PH_DRAG_NONE)
    ph_map_view_drag_clear (self);
  if (self->document == NULL)
    return;

  self->drag_button = button;
  self->drag_modifiers = modifiers;
  self->drag_start_x = self->drag_x = x;
  self->drag_start_y = self->drag_y = y;
  self->drag_moved = FALSE;
  self->drag_hit = ph_map_view_figure_at (self, x, y);

  if (button == GDK_BUTTON_MIDDLE)
    {
      self->drag_mode = PH_DRAG_PAN;
      return;
    }
  if (button != GDK_BUTTON_PRIMARY)
    return;

  if (self->measuring)
    {
      self->drag_mode = PH_DRAG_MEASURE;
      self->tape_start = tape_anchor (self, x, y, &self->tape_from);
      self->tape_end = self->tape_start;
      self->tape_to = self->tape_from;
      self->has_tape = TRUE;
      update_tape_text (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  else if (on_handle (self, x, y))
    {
      PhFigure *primary = ph_map_view_get_selected_figure (self);

      self->drag_mode = PH_DRAG_ROTATE;
      self->rotate_start_bearing = ph_bearing ((PhPoint) { primary->x, primary->y },
                                               to_table (self, x, y));
      drag_items_set_selection (self);
      drag_scenario_build (self);
    }
  else if (self->drag_hit)
    {
      if (extend && ph_map_view_is_selected (self, self->drag_hit))
        self->drag_toggle = TRUE;
      else
        ph_map_view_select_figure (self, self->drag_hit,
                                   extend || ph_map_view_is_selected (self, self->drag_hit));
      self->drag_mode = PH_DRAG_MOVE;
    }
  else if (extend)
    {
      self->drag_mode = PH_DRAG_RUBBER;
      self->rubber_initial = (modifiers & GDK_SHIFT_MASK)
                             ? g_ptr_array_copy (self->selection, NULL, NULL)
                             : g_ptr_array_new ();
    }
  else
    self->drag_mode = PH_DRAG_PAN;
}

static void
update_rubber_band (PhMapView *self)
{
  PhScenario *scenario = ph_document_get_scenario (self->document);
  PhPoint a = to_table (self, self->drag_start_x, self->drag_start_y);
  PhPoint b = to_table (self, self->drag_x, self->drag_y);
  PhRect r = { MIN (a.x, b.x), MIN (a.y, b.y), MAX (a.x, b.x), MAX (a.y, b.y) };
  g_autoptr(GPtrArray) figures = g_ptr_array_copy (self->rubber_initial, NULL, NULL);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      if (ph_figure_is_off_table (figure))
        continue;
      if (figure->x >= r.x0 && figure->x <= r.x1 && figure->y >= r.y0 && figure->y <= r.y1
          && !g_ptr_array_find (figures, figure, NULL))
        g_ptr_array_add (figures, figure);
    }
  ph_map_view_set_selection (self, figures);
}

void
ph_map_view_update_drag (PhMapView *self,
                         double     offset_x,
                         double     offset_y)
{
  double last_x, last_y;
  double scale;

  g_return_if_fail (PH_IS_MAP_VIEW (self));

  if (self->drag_mode == PH_DRAG_NONE)
    return;

  last_x = self->drag_x;
  last_y = self->drag_y;
  self->drag_x = self->drag_start_x + offset_x;
  self->drag_y = self->drag_start_y + offset_y;
  if (!self->drag_moved && hypot (offset_x, offset_y) < DRAG_THRESHOLD)
    return;

  if (!self->drag_moved)
    {
      self->drag_moved = TRUE;
      last_x = self->drag_start_x;
      last_y = self->drag_start_y;
      if (self->drag_mode == PH_DRAG_MOVE)
        {
          drag_items_set_selection (self);
          drag_scenario_build (self);
          gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
        }
      else if (self->drag_mode == PH_DRAG_PAN)
        gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
    }

  scale = ph_viewport_get_scale (self->viewport);

  switch (self->drag_mode)
    {
    case PH_DRAG_PAN:
      /* The table follows the pointer. */
      ph_viewport_pan (self->viewport, self->drag_x - last_x, self->drag_y - last_y);
      break;

    case PH_DRAG_MOVE:
      for (guint i = 0; i < self->drag_items->len; i++)
        {
          PhDragItem *item = &g_array_index (self->drag_items, PhDragItem, i);

          item->shadow.x = item->figure->x + offset_x / scale;
          item->shadow.y = item->figure->y + offset_y / scale;
        }
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;

    case PH_DRAG_ROTATE:
      {
        PhFigure *primary = ph_map_view_get_selected_figure (self);
        double bearing = ph_bearing ((PhPoint) { primary->x, primary->y },
                                     to_table (self, self->drag_x, self->drag_y));
        double delta = bearing - self->rotate_start_bearing;

        /* Shift turns in steps of 15 degrees (the primary's facing). */
        if (self->drag_modifiers & GDK_SHIFT_MASK)
          delta = round ((primary->facing + delta) / 15.0) * 15.0 - primary->facing;
        for (guint i = 0; i < self->drag_items->len; i++)
          {
            PhDragItem *item = &g_array_index (self->drag_items, PhDragItem, i);
            item->shadow.facing = ph_angle_normalize (item->figure->facing + delta);
          }
        gtk_widget_queue_draw (GTK_WIDGET (self));
      }
      break;

    case PH_DRAG_RUBBER:
      update_rubber_band (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;

    case PH_DRAG_MEASURE:
      self->tape_end = tape_anchor (self, self->drag_x, self->drag_y, &self->tape_to);
      update_tape_text (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      break;

    case PH_DRAG_NONE:
    default:
      break;
    }
}

void
ph_map_view_end_drag (PhMapView *self,
                      double     offset_x,
                      double     offset_y)
{
  PhDocument *document = self->document;
  gboolean extend = (self->drag_modifiers & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)) != 0;
  PhDragMode mode = self->drag_mode;
  PhFigure *hit = self->drag_hit;
  guint n = self->drag_items->len;
  g_autofree const char **ids = NULL;
  g_autofree PhPoint *positions = NULL;
  g_autofree double *facings = NULL;

  g_return_if_fail (PH_IS_MAP_VIEW (self));

  if (mode == PH_DRAG_NONE)
    return;

  ph_map_view_update_drag (self, offset_x, offset_y);

  if (!self->drag_moved)
    {
      /* A click */
      if (mode == PH_DRAG_MOVE && self->drag_toggle)
        {
          g_autoptr(GPtrArray) figures = g_ptr_array_copy (self->selection, NULL, NULL);
          g_ptr_array_remove (figures, hit);
          ph_map_view_set_selection (self, figures);
        }
      else if (mode == PH_DRAG_MOVE && !extend)
        ph_map_view_select_figure (self, hit, FALSE);
      else if (mode == PH_DRAG_PAN && self->drag_button == GDK_BUTTON_PRIMARY)
        {
          ph_map_view_set_pinned_target (self, NULL);
          ph_map_view_clear_selection (self);
        }
      else if (mode == PH_DRAG_MEASURE)
        {
          self->has_tape = FALSE;
          g_clear_pointer (&self->tape_text, g_free);
        }
      ph_map_view_drag_clear (self);
      return;
    }

  /* Collect what the drag did, then drop the shadows before the document
   * changes. */
  ids = g_new0 (const char *, n + 1);
  positions = g_new0 (PhPoint, n + 1);
  facings = g_new0 (double, n + 1);
  for (guint i = 0; i < n; i++)
    {
      PhDragItem *item = &g_array_index (self->drag_items, PhDragItem, i);

      ids[i] = item->figure->id;
      positions[i] = (PhPoint) { item->shadow.x, item->shadow.y };
      facings[i] = item->shadow.facing;
    }
  ph_map_view_drag_clear (self);

  if (mode == PH_DRAG_MOVE)
    ph_document_move_figures (document, n, ids, positions);
  else if (mode == PH_DRAG_ROTATE)
    ph_document_turn_figures (document, n, ids, facings);
}

void
ph_map_view_cancel_drag (PhMapView *self)
{
  if (self->drag_mode == PH_DRAG_NONE)
    return;
  if (self->drag_mode == PH_DRAG_RUBBER && self->rubber_initial)
    ph_map_view_set_selection (self, self->rubber_initial);
  if (self->drag_mode == PH_DRAG_MEASURE)
    self->has_tape = FALSE;
  ph_map_view_drag_clear (self);
  gtk_event_controller_reset (GTK_EVENT_CONTROLLER (self->drag_gesture));
}

/* Hovering */

static void
update_cursor (PhMapView *self,
               double     x,
               double     y)
{
  const char *name = NULL;

  if (self->measuring)
    name = "crosshair";
  else if (on_handle (self, x, y))
    name = "grab";
  else if (self->hover)
    name = "pointer";

  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
}

void
ph_map_view_pointer_motion (PhMapView *self,
                            double     x,
                            double     y)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));

  self->pointer_inside = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  if (self->drag_mode != PH_DRAG_NONE)
    return;

  /* Picking is a walk over the bases; the engine is only asked again when
   * the figure under the pointer changes. */
  ph_map_view_set_hover (self, ph_map_view_figure_at (self, x, y));
  update_cursor (self, x, y);
}

/* The controllers' handlers */

static void
on_drag_gesture_drag_begin (GtkGestureDrag *gesture,
                            double          x,
                            double          y,
                            PhMapView      *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  GdkModifierType modifiers =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  if (button != GDK_BUTTON_PRIMARY && button != GDK_BUTTON_MIDDLE)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_widget_grab_focus (GTK_WIDGET (self));
  ph_map_view_begin_drag (self, button, modifiers, x, y);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_drag_gesture_drag_update (GtkGestureDrag *gesture,
                             double          offset_x,
                             double          offset_y,
                             PhMapView      *self)
{
  ph_map_view_update_drag (self, offset_x, offset_y);
}

static void
on_drag_gesture_drag_end (GtkGestureDrag *gesture,
                          double          offset_x,
                          double          offset_y,
                          PhMapView      *self)
{
  ph_map_view_end_drag (self, offset_x, offset_y);
}

static void
on_drag_gesture_cancel (GtkGesture       *gesture,
                        GdkEventSequence *sequence,
                        PhMapView        *self)
{
  ph_map_view_cancel_drag (self);
}

static void
on_secondary_click_pressed (GtkGestureClick *gesture,
                            int              n_press,
                            double           x,
                            double           y,
                            PhMapView       *self)
{
  PhFigure *figure = ph_map_view_figure_at (self, x, y);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (figure && figure == ph_map_view_get_selected_figure (self))
    figure = NULL;
  ph_map_view_set_pinned_target (self, figure);
}

static gboolean
on_scroll_controller_scroll (GtkEventControllerScroll *controller,
                             double                    dx,
                             double                    dy,
                             PhMapView                *self)
{
  GdkModifierType modifiers =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  GdkScrollUnit unit = gtk_event_controller_scroll_get_unit (controller);
  /* The motion controller saw the pointer arrive where it is. */
  double x = self->pointer_x, y = self->pointer_y;

  if (unit == GDK_SCROLL_UNIT_WHEEL)
    {
      /* The wheel zooms toward the pointer. */
      ph_viewport_zoom_at (self->viewport, pow (WHEEL_ZOOM, -dy), x, y);
    }
  else if (modifiers & GDK_CONTROL_MASK)
    {
      ph_viewport_zoom_at (self->viewport, exp (-dy * 0.01), x, y);
    }
  else
    {
      /* Two fingers on a touchpad pan. */
      ph_viewport_pan (self->viewport, -dx, -dy);
    }
  return TRUE;
}

static void
on_zoom_gesture_begin (GtkGesture       *gesture,
                       GdkEventSequence *sequence,
                       PhMapView        *self)
{
  self->zoom_gesture_scale = ph_viewport_get_scale (self->viewport);
}

static void
on_zoom_gesture_scale_changed (GtkGestureZoom *gesture,
                               double          scale,
                               PhMapView      *self)
{
  double cx, cy;
  double wanted = self->zoom_gesture_scale * scale;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &cx, &cy))
    return;
  ph_viewport_zoom_at (self->viewport, wanted / ph_viewport_get_scale (self->viewport), cx, cy);
}

static void
on_motion_controller_enter (GtkEventControllerMotion *controller,
                            double                    x,
                            double                    y,
                            PhMapView                *self)
{
  ph_map_view_pointer_motion (self, x, y);
}

static void
on_motion_controller_motion (GtkEventControllerMotion *controller,
                             double                    x,
                             double                    y,
                             PhMapView                *self)
{
  ph_map_view_pointer_motion (self, x, y);
}

static void
on_motion_controller_leave (GtkEventControllerMotion *controller,
                            PhMapView                *self)
{
  self->pointer_inside = FALSE;
  if (self->drag_mode == PH_DRAG_NONE)
    ph_map_view_set_hover (self, NULL);
}

void
ph_map_view_init_input (PhMapView *self)
{
  GtkEventController *controller;

  self->drag_gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->drag_gesture), 0);
  g_signal_connect (self->drag_gesture, "drag-begin", G_CALLBACK (on_drag_gesture_drag_begin), self);
  g_signal_connect (self->drag_gesture, "drag-update", G_CALLBACK (on_drag_gesture_drag_update), self);
  g_signal_connect (self->drag_gesture, "drag-end", G_CALLBACK (on_drag_gesture_drag_end), self);
  g_signal_connect (self->drag_gesture, "cancel", G_CALLBACK (on_drag_gesture_cancel), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->drag_gesture));

  self->secondary_click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->secondary_click), GDK_BUTTON_SECONDARY);
  g_signal_connect (self->secondary_click, "pressed", G_CALLBACK (on_secondary_click_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->secondary_click));

  self->zoom_gesture = gtk_gesture_zoom_new ();
  g_signal_connect (self->zoom_gesture, "begin", G_CALLBACK (on_zoom_gesture_begin), self);
  g_signal_connect (self->zoom_gesture, "scale-changed", G_CALLBACK (on_zoom_gesture_scale_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->zoom_gesture));

  self->scroll_controller =
    gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (self->scroll_controller, "scroll", G_CALLBACK (on_scroll_controller_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), self->scroll_controller);

  self->motion_controller = controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "enter", G_CALLBACK (on_motion_controller_enter), self);
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion_controller_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_motion_controller_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  g_signal_connect (self, "query-tooltip", G_CALLBACK (ph_map_view_query_tooltip), NULL);
}
