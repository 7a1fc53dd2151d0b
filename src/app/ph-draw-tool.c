/* ph-draw-tool.c: drawing new terrain on the table (edit mode)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A rectangle is dragged from corner to corner and a circle from its
 * centre out; a polygon or a line is clicked point by point, with the
 * next edge following the pointer. The finished shape becomes a feature
 * of the chosen kind through ph_document_add_feature() (one undo step),
 * and is selected. A shape the file could not hold (a rectangle of no
 * size, a polygon that crosses itself) is refused with the loader's
 * reason in the window's status, and nothing changes. Escape drops the
 * shape being drawn.
 */
#include "ph-draw-tool.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ph-map-view-private.h"

/* A click this close (pixels) to the last point ends a polygon or line;
 * to the first point closes a polygon. */
#define CLOSE_RADIUS 6.0

struct _PhDrawTool
{
  PhTool parent_instance;

  PhDrawShape shape;
  PhTerrainKind kind;
  PhTerrainKind last_area;  /* the kinds last drawn of each sort, for */
  PhTerrainKind last_line;  /* a shape that brings its own */
  GArray *points;          /* of PhPoint (table): the polygon or line so far */
  gboolean dragging;       /* a rectangle or circle is being dragged */
  PhToolDrag drag;
  gboolean has_pointer;
  double pointer_x, pointer_y;
};

G_DEFINE_FINAL_TYPE (PhDrawTool, ph_draw_tool, PH_TYPE_TOOL)

static PhMapView *
get_view (PhDrawTool *self)
{
  return ph_tool_get_map_view (PH_TOOL (self));
}

/* Where a pointer point lands: on the table (the finished shape is kept
 * to hundredths, ph_shape_round()) */
static PhPoint
table_point (PhDrawTool *self,
             double      x,
             double      y)
{
  PhMapView *view = get_view (self);
  PhDocument *document = ph_map_view_get_document (view);
  PhPoint p = ph_map_view_to_table (view, x, y);

  if (document != NULL)
    {
      const PhTable *table = &ph_document_get_scenario (document)->table;

      p.x = CLAMP (p.x, 0, table->width);
      p.y = CLAMP (p.y, 0, table->height);
    }
  return p;
}

static void
clear (PhDrawTool *self)
{
  g_array_set_size (self->points, 0);
  self->dragging = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (get_view (self)));
}

/* Makes the feature; FALSE (and the reason shown) when refused */
static gboolean
commit (PhDrawTool *self,
        PhShape    *shape)
{
  PhMapView *view = get_view (self);
  PhDocument *document = ph_map_view_get_document (view);
  g_autoptr(GError) error = NULL;
  PhFeature *feature;

  if (document == NULL)
    {
      ph_shape_clear (shape);
      return FALSE;
    }
  ph_shape_round (shape);
  feature = ph_feature_new ();
  feature->kind = self->kind;
  feature->shape = *shape;
  if (!ph_document_add_feature (document, feature, &error))
    {
      ph_map_view_show_message (view, error->message);
      return FALSE;
    }
  /* the new feature is the last one */
  {
    PhScenario *scenario = ph_document_get_scenario (document);
    PhFeature *added = g_ptr_array_index (scenario->features, scenario->features->len - 1);

    ph_selection_set_feature (ph_document_get_selection (document), added->id);
  }
  return TRUE;
}

static PhTerrainKind
fitting_kind (PhDrawTool *self)
{
  gboolean line = self->shape == PH_DRAW_POLYLINE;

  if (ph_terrain_kind_is_linear (self->kind) == line)
    return self->kind;
  return line ? self->last_line : self->last_area;
}

/* Ends the polygon or line being clicked */
static gboolean
finish_points (PhDrawTool *self)
{
  guint least = self->shape == PH_DRAW_POLYGON ? 3 : 2;
  PhShape shape;

  if (self->points->len == 0)
    return FALSE;
  if (self->points->len < least)
    {
      ph_map_view_show_message (get_view (self),
                                self->shape == PH_DRAW_POLYGON
                                ? _("A polygon needs at least 3 corners")
                                : _("A line needs at least 2 points"));
      clear (self);
      return TRUE;
    }
  ph_shape_init_points (&shape, self->shape == PH_DRAW_POLYGON ? PH_SHAPE_POLYGON
                                                                : PH_SHAPE_POLYLINE,
                        (PhPoint *) self->points->data, self->points->len);
  clear (self);
  commit (self, &shape);
  return TRUE;
}

static void
ph_draw_tool_drag_begin (PhTool           *tool,
                         const PhToolDrag *drag)
{
  PhDrawTool *self = PH_DRAW_TOOL (tool);

  self->drag = *drag;
  self->dragging = self->shape == PH_DRAW_RECT || self->shape == PH_DRAW_CIRCLE;
}

static void
ph_draw_tool_drag_update (PhTool           *tool,
                          const PhToolDrag *drag)
{
  PhDrawTool *self = PH_DRAW_TOOL (tool);

  self->drag = *drag;
  self->pointer_x = drag->x;
  self->pointer_y = drag->y;
  gtk_widget_queue_draw (GTK_WIDGET (get_view (self)));
}

static void
ph_draw_tool_drag_end (PhTool           *tool,
                       const PhToolDrag *drag)
{
  PhDrawTool *self = PH_DRAW_TOOL (tool);
  PhMapView *view = get_view (self);
  PhPoint a = table_point (self, drag->start_x, drag->start_y);
  PhPoint b = table_point (self, drag->x, drag->y);
  PhShape shape;

  self->drag = *drag;
  switch (self->shape)
    {
    case PH_DRAW_RECT:
    case PH_DRAW_CIRCLE:
      self->dragging = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (view));
      if (!drag->moved)
        return;
      if (self->shape == PH_DRAW_RECT)
        ph_shape_init_rect (&shape, a, b);
      else
        ph_shape_init_circle (&shape, a, ph_point_distance (a, b));
      commit (self, &shape);
      return;

    case PH_DRAW_POLYGON:
    case PH_DRAW_POLYLINE:
      if (self->points->len > 0)
        {
          PhRenderView rv;
          PhPoint last = g_array_index (self->points, PhPoint, self->points->len - 1);
          PhPoint first = g_array_index (self->points, PhPoint, 0);
          PhPoint last_d, first_d;

          ph_map_view_get_render_view (view, &rv);
          last_d = ph_render_view_to_device (&rv, last);
          first_d = ph_render_view_to_device (&rv, first);
          if (hypot (drag->x - last_d.x, drag->y - last_d.y) <= CLOSE_RADIUS
              || (self->shape == PH_DRAW_POLYGON && self->points->len >= 3
                  && hypot (drag->x - first_d.x, drag->y - first_d.y) <= CLOSE_RADIUS))
            {
              finish_points (self);
              return;
            }
        }
      g_array_append_val (self->points, b);
      gtk_widget_queue_draw (GTK_WIDGET (view));
      return;

    case PH_DRAW_NONE:
    default:
      return;
    }
}

static void
ph_draw_tool_drag_cancel (PhTool *tool)
{
  PH_DRAW_TOOL (tool)->dragging = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (get_view (PH_DRAW_TOOL (tool))));
}

static void
ph_draw_tool_reset (PhTool *tool)
{
  clear (PH_DRAW_TOOL (tool));
}

static gboolean
ph_draw_tool_dismiss (PhTool *tool)
{
  PhDrawTool *self = PH_DRAW_TOOL (tool);

  if (self->points->len == 0)
    return FALSE;
  clear (self);
  return TRUE;
}

static gboolean
ph_draw_tool_activate (PhTool *tool)
{
  return finish_points (PH_DRAW_TOOL (tool));
}

static const char *
ph_draw_tool_motion (PhTool *tool,
                     double  x,
                     double  y)
{
  PhDrawTool *self = PH_DRAW_TOOL (tool);

  self->has_pointer = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  if (self->points->len > 0)
    gtk_widget_queue_draw (GTK_WIDGET (get_view (self)));
  return "crosshair";
}

static void
ph_draw_tool_draw (PhTool             *tool,
                   cairo_t            *cr,
                   const PhRenderView *view)
{
  PhDrawTool *self = PH_DRAW_TOOL (tool);
  static const double dash[] = { 6, 4 };

  if (ph_map_view_get_tool (get_view (self)) != tool)
    return;
  cairo_save (cr);
  cairo_set_line_width (cr, 2);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (self->dragging && self->drag.moved)
    {
      double x0 = self->drag.start_x, y0 = self->drag.start_y;

      if (self->shape == PH_DRAW_RECT)
        cairo_rectangle (cr, MIN (x0, self->drag.x), MIN (y0, self->drag.y),
                         fabs (self->drag.x - x0), fabs (self->drag.y - y0));
      else
        cairo_arc (cr, x0, y0, hypot (self->drag.x - x0, self->drag.y - y0), 0, 2 * G_PI);
    }
  else if (self->points->len > 0)
    {
      for (guint i = 0; i < self->points->len; i++)
        {
          PhPoint p = ph_render_view_to_device (view, g_array_index (self->points, PhPoint, i));

          if (i == 0)
            cairo_move_to (cr, p.x, p.y);
          else
            cairo_line_to (cr, p.x, p.y);
        }
      if (self->has_pointer)
        cairo_line_to (cr, self->pointer_x, self->pointer_y);
    }
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_stroke_preserve (cr);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  for (guint i = 0; i < self->points->len; i++)
    {
      PhPoint p = ph_render_view_to_device (view, g_array_index (self->points, PhPoint, i));

      cairo_rectangle (cr, p.x - 3.5, p.y - 3.5, 7, 7);
    }
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
ph_draw_tool_finalize (GObject *object)
{
  PhDrawTool *self = PH_DRAW_TOOL (object);

  g_clear_pointer (&self->points, g_array_unref);

  G_OBJECT_CLASS (ph_draw_tool_parent_class)->finalize (object);
}

static void
ph_draw_tool_class_init (PhDrawToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  PhToolClass *tool_class = PH_TOOL_CLASS (klass);

  object_class->finalize = ph_draw_tool_finalize;

  tool_class->cursor_name = "crosshair";
  tool_class->drag_begin = ph_draw_tool_drag_begin;
  tool_class->drag_update = ph_draw_tool_drag_update;
  tool_class->drag_end = ph_draw_tool_drag_end;
  tool_class->drag_cancel = ph_draw_tool_drag_cancel;
  tool_class->reset = ph_draw_tool_reset;
  tool_class->dismiss = ph_draw_tool_dismiss;
  tool_class->activate = ph_draw_tool_activate;
  tool_class->motion = ph_draw_tool_motion;
  tool_class->draw = ph_draw_tool_draw;
}

static void
ph_draw_tool_init (PhDrawTool *self)
{
  self->points = g_array_new (FALSE, FALSE, sizeof (PhPoint));
  self->shape = PH_DRAW_RECT;
  self->kind = PH_TERRAIN_WOODS;
  self->last_area = PH_TERRAIN_WOODS;
  self->last_line = PH_TERRAIN_FENCE;
}

PhTool *
ph_draw_tool_new (PhMapView *map_view)
{
  return g_object_new (PH_TYPE_DRAW_TOOL, "map-view", map_view, NULL);
}

PhDrawShape
ph_draw_tool_get_shape (PhDrawTool *self)
{
  g_return_val_if_fail (PH_IS_DRAW_TOOL (self), PH_DRAW_NONE);
  return self->shape;
}

/* A shape that cannot take the kind brings its own: a line a fence, an
 * area a wood. */
void
ph_draw_tool_set_shape (PhDrawTool  *self,
                        PhDrawShape  shape)
{
  g_return_if_fail (PH_IS_DRAW_TOOL (self));

  if (self->shape == shape)
    return;
  clear (self);
  self->shape = shape;
  if (shape != PH_DRAW_NONE)
    self->kind = fitting_kind (self);
}

PhTerrainKind
ph_draw_tool_get_kind (PhDrawTool *self)
{
  g_return_val_if_fail (PH_IS_DRAW_TOOL (self), PH_TERRAIN_WOODS);
  return self->kind;
}

/* A kind the shape cannot take brings its own shape: a linear kind a
 * line, an area kind a rectangle in place of a line. */
void
ph_draw_tool_set_kind (PhDrawTool    *self,
                       PhTerrainKind  kind)
{
  g_return_if_fail (PH_IS_DRAW_TOOL (self));

  self->kind = kind;
  if (ph_terrain_kind_is_linear (kind))
    self->last_line = kind;
  else
    self->last_area = kind;
  if (ph_terrain_kind_is_linear (kind) && self->shape != PH_DRAW_POLYLINE)
    ph_draw_tool_set_shape (self, PH_DRAW_POLYLINE);
  else if (!ph_terrain_kind_is_linear (kind) && self->shape == PH_DRAW_POLYLINE)
    ph_draw_tool_set_shape (self, PH_DRAW_RECT);
}

guint
ph_draw_tool_get_n_points (PhDrawTool *self)
{
  g_return_val_if_fail (PH_IS_DRAW_TOOL (self), 0);
  return self->points->len;
}
