/* ph-terrain-tool.c: picking and changing terrain on the table (edit mode)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tool of the map in edit mode when no shape is being drawn. A click
 * on a feature selects it (PhSelection's "feature"); the selected feature
 * shows its handles: a square on each corner (drag it; Delete removes the
 * last one touched), a dot in the middle of each edge (drag it to add a
 * corner there), a handle at each corner of its bounding box (drag to
 * resize, the opposite corner staying put) and a round handle above it
 * (drag to turn it about its centre; Shift in steps of 15 degrees).
 * Dragging the feature itself moves it. While a drag is under way only a
 * copy (the shadow) changes, drawn over the table; the release makes the
 * change one undo step through the document. Drags that start on a figure
 * go to the figures' tool, so figures are placed in edit mode as always.
 */
#include "ph-terrain-tool.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ph-map-view-private.h"

#define PICK_RADIUS 8.0     /* pixels */
#define HANDLE_SIZE 7.0
#define BOX_GAP 10.0        /* the resize handles sit this far out */
#define TURN_GAP 28.0       /* the turning handle sits this far above */

typedef enum
{
  TERRAIN_DRAG_NONE,
  TERRAIN_DRAG_PAN,
  TERRAIN_DRAG_FIGURES,   /* given to the figures' tool */
  TERRAIN_DRAG_MOVE,
  TERRAIN_DRAG_VERTEX,
  TERRAIN_DRAG_MIDPOINT,  /* a new corner */
  TERRAIN_DRAG_RESIZE,
  TERRAIN_DRAG_TURN,
} TerrainDrag;

struct _PhTerrainTool
{
  PhTool parent_instance;

  PhTool *figures_tool;
  TerrainDrag mode;
  PhToolDrag drag;
  PhFeature *original;    /* the feature as the drag found it */
  PhFeature *shadow;      /* and as the drag has made it */
  int vertex;             /* the corner touched last, or -1 */
  char *vertex_of;        /* of this feature (by id) */
  int corner;             /* resize: 0..3 clockwise from top-left */
  int new_vertex;         /* midpoint: the corner being added */
  gboolean picked;        /* the press picked the feature under it */
};

G_DEFINE_FINAL_TYPE (PhTerrainTool, ph_terrain_tool, PH_TYPE_TOOL)

static PhMapView *
get_view (PhTerrainTool *self)
{
  return ph_tool_get_map_view (PH_TOOL (self));
}

static PhSelection *
get_selection (PhTerrainTool *self)
{
  return ph_map_view_get_selection_model (get_view (self));
}

static PhFeature *
selected_feature (PhTerrainTool *self)
{
  PhMapView *view = get_view (self);
  PhDocument *document = ph_map_view_get_document (view);
  const char *id;

  if (document == NULL)
    return NULL;
  id = ph_selection_get_feature (ph_document_get_selection (document));
  return id != NULL ? ph_scenario_find_feature (ph_document_get_scenario (document), id) : NULL;
}

static void
drag_clear (PhTerrainTool *self)
{
  /* a drag handed to the figures' tool ends there too */
  if (self->mode == TERRAIN_DRAG_FIGURES && self->figures_tool != NULL)
    ph_tool_drag_cancel (self->figures_tool);
  g_clear_pointer (&self->original, ph_feature_free);
  g_clear_pointer (&self->shadow, ph_feature_free);
  self->mode = TERRAIN_DRAG_NONE;
  self->picked = FALSE;
}

/* The bounding box's corners in device space, clockwise from top-left,
 * pushed out diagonally by BOX_GAP */
static void
box_handles (const PhFeature    *feature,
             const PhRenderView *view,
             PhPoint             out[4])
{
  const PhRect *b = &feature->shape.bbox;
  PhPoint tl = ph_render_view_to_device (view, (PhPoint) { b->x0, b->y0 });
  PhPoint br = ph_render_view_to_device (view, (PhPoint) { b->x1, b->y1 });

  out[0] = (PhPoint) { tl.x - BOX_GAP, tl.y - BOX_GAP };
  out[1] = (PhPoint) { br.x + BOX_GAP, tl.y - BOX_GAP };
  out[2] = (PhPoint) { br.x + BOX_GAP, br.y + BOX_GAP };
  out[3] = (PhPoint) { tl.x - BOX_GAP, br.y + BOX_GAP };
}

static PhPoint
turn_handle (const PhFeature    *feature,
             const PhRenderView *view)
{
  const PhRect *b = &feature->shape.bbox;
  PhPoint top = ph_render_view_to_device (view, (PhPoint) { (b->x0 + b->x1) / 2, b->y0 });

  return (PhPoint) { top.x, top.y - BOX_GAP - TURN_GAP };
}

gboolean
ph_terrain_tool_get_handles (PhTerrainTool *self,
                             double        *turn_x,
                             double        *turn_y,
                             double        *resize_x,
                             double        *resize_y)
{
  PhFeature *feature = selected_feature (self);
  PhRenderView view;
  PhPoint box[4], turn;

  g_return_val_if_fail (PH_IS_TERRAIN_TOOL (self), FALSE);
  if (feature == NULL)
    return FALSE;
  ph_map_view_get_render_view (get_view (self), &view);
  box_handles (feature, &view, box);
  turn = turn_handle (feature, &view);
  *turn_x = turn.x;
  *turn_y = turn.y;
  *resize_x = box[2].x;
  *resize_y = box[2].y;
  return TRUE;
}

static void
start_shadow (PhTerrainTool *self,
              PhFeature     *feature,
              TerrainDrag    mode)
{
  self->mode = mode;
  self->original = ph_feature_copy (feature);
  self->shadow = ph_feature_copy (feature);
}

static void
ph_terrain_tool_drag_begin (PhTool           *tool,
                            const PhToolDrag *drag)
{
  PhTerrainTool *self = PH_TERRAIN_TOOL (tool);
  PhMapView *view = get_view (self);
  PhFeature *feature = selected_feature (self);
  const PhScenario *scenario = ph_map_view_get_draw_scenario (view);
  PhRenderView rv;
  PhPoint at;
  double tolerance;

  drag_clear (self);
  self->drag = *drag;
  if (scenario == NULL)
    return;
  ph_map_view_get_render_view (view, &rv);
  at = ph_map_view_to_table (view, drag->x, drag->y);
  tolerance = PICK_RADIUS / rv.scale;

  if (feature != NULL)
    {
      PhPoint box[4], turn = turn_handle (feature, &rv);
      int i;

      box_handles (feature, &rv, box);
      if (hypot (drag->x - turn.x, drag->y - turn.y) <= PICK_RADIUS)
        {
          start_shadow (self, feature, TERRAIN_DRAG_TURN);
          return;
        }
      for (i = 0; i < 4; i++)
        if (hypot (drag->x - box[i].x, drag->y - box[i].y) <= PICK_RADIUS)
          {
            start_shadow (self, feature, TERRAIN_DRAG_RESIZE);
            self->corner = i;
            return;
          }
      i = ph_shape_find_vertex (&feature->shape, at, tolerance);
      if (i >= 0)
        {
          start_shadow (self, feature, TERRAIN_DRAG_VERTEX);
          self->vertex = i;
          g_free (self->vertex_of);
          self->vertex_of = g_strdup (feature->id);
          gtk_widget_queue_draw (GTK_WIDGET (view));
          return;
        }
      i = ph_shape_find_edge_midpoint (&feature->shape, at, tolerance);
      if (i >= 0)
        {
          start_shadow (self, feature, TERRAIN_DRAG_MIDPOINT);
          ph_shape_insert_vertex (&self->original->shape, i,
                                  ph_shape_edge_midpoint (&feature->shape, i));
          ph_shape_clear (&self->shadow->shape);
          ph_shape_copy (&self->shadow->shape, &self->original->shape);
          /* the new corner, while dragged; a click that does not move
           * adds nothing and keeps the corner touched before */
          self->new_vertex = i + 1;
          return;
        }
    }

  if (ph_map_view_figure_at (view, drag->x, drag->y) != NULL)
    {
      self->mode = TERRAIN_DRAG_FIGURES;
      ph_tool_drag_begin (self->figures_tool, drag);
      return;
    }

  {
    PhFeature *hit = ph_render_feature_at (scenario, &rv, drag->x, drag->y, PICK_RADIUS);

    if (hit != NULL)
      {
        hit = ph_scenario_find_feature (ph_document_get_scenario (ph_map_view_get_document (view)),
                                        hit->id);
        if (hit == NULL)
          {
            self->mode = TERRAIN_DRAG_PAN;
            return;
          }
        if (hit != feature)
          self->vertex = -1;
        ph_selection_set_feature (get_selection (self), hit->id);
        start_shadow (self, hit, TERRAIN_DRAG_MOVE);
        self->picked = TRUE;
        return;
      }
  }
  self->mode = TERRAIN_DRAG_PAN;
}

static void
update_shadow (PhTerrainTool *self)
{
  PhMapView *view = get_view (self);
  double scale = ph_viewport_get_scale (ph_map_view_get_viewport (view));
  PhPoint at = ph_map_view_to_table (view, self->drag.x, self->drag.y);
  PhShape *shape = &self->shadow->shape;

  ph_shape_clear (shape);
  ph_shape_copy (shape, &self->original->shape);
  switch (self->mode)
    {
    case TERRAIN_DRAG_MOVE:
      ph_shape_translate (shape, (self->drag.x - self->drag.start_x) / scale,
                          (self->drag.y - self->drag.start_y) / scale);
      break;

    case TERRAIN_DRAG_VERTEX:
      ph_shape_move_vertex (shape, self->vertex, at);
      break;

    case TERRAIN_DRAG_MIDPOINT:
      ph_shape_move_vertex (shape, self->new_vertex, at);
      break;

    case TERRAIN_DRAG_RESIZE:
      {
        PhRect from = shape->bbox, to = from;

        /* the opposite corner stays */
        if (self->corner == 0 || self->corner == 3)
          to.x0 = MIN (at.x, from.x1 - 1e-3);
        else
          to.x1 = MAX (at.x, from.x0 + 1e-3);
        if (self->corner == 0 || self->corner == 1)
          to.y0 = MIN (at.y, from.y1 - 1e-3);
        else
          to.y1 = MAX (at.y, from.y0 + 1e-3);
        ph_shape_fit_rect (shape, &from, &to);
      }
      break;

    case TERRAIN_DRAG_TURN:
      {
        PhPoint centre = ph_shape_get_centre (shape);
        PhPoint start = ph_map_view_to_table (view, self->drag.start_x, self->drag.start_y);
        double delta = ph_bearing (centre, at) - ph_bearing (centre, start);

        if (self->drag.modifiers & GDK_SHIFT_MASK)
          delta = round (delta / 15.0) * 15.0;
        ph_shape_rotate (shape, centre, delta);
      }
      break;

    case TERRAIN_DRAG_NONE:
    case TERRAIN_DRAG_PAN:
    case TERRAIN_DRAG_FIGURES:
    default:
      break;
    }
  ph_shape_round (shape);
}

static void
ph_terrain_tool_drag_update (PhTool           *tool,
                             const PhToolDrag *drag)
{
  PhTerrainTool *self = PH_TERRAIN_TOOL (tool);
  PhMapView *view = get_view (self);

  self->drag = *drag;
  if (self->mode == TERRAIN_DRAG_FIGURES)
    {
      ph_tool_drag_update (self->figures_tool, drag);
      return;
    }
  if (self->mode == TERRAIN_DRAG_PAN)
    {
      ph_viewport_pan (ph_map_view_get_viewport (view),
                       drag->x - drag->last_x, drag->y - drag->last_y);
      return;
    }
  if (self->shadow == NULL)
    return;
  update_shadow (self);
  gtk_widget_queue_draw (GTK_WIDGET (view));
}

static void
ph_terrain_tool_drag_end (PhTool           *tool,
                          const PhToolDrag *drag)
{
  PhTerrainTool *self = PH_TERRAIN_TOOL (tool);
  PhMapView *view = get_view (self);
  PhDocument *document = ph_map_view_get_document (view);
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  g_autoptr(PhFeature) shadow = NULL;
  const char *name;
  TerrainDrag mode = self->mode;

  self->drag = *drag;
  if (mode == TERRAIN_DRAG_FIGURES)
    {
      self->mode = TERRAIN_DRAG_NONE;  /* ended, not cancelled */
      ph_tool_drag_end (self->figures_tool, drag);
      drag_clear (self);
      return;
    }
  if (!drag->moved)
    {
      /* a click: on empty table it drops the selection */
      if (mode == TERRAIN_DRAG_PAN)
        {
          ph_selection_set_feature (get_selection (self), NULL);
          ph_selection_clear (get_selection (self));
          self->vertex = -1;
        }
      else if (mode == TERRAIN_DRAG_MOVE && !self->picked)
        self->vertex = -1;
      drag_clear (self);
      gtk_widget_queue_draw (GTK_WIDGET (view));
      return;
    }
  if (self->shadow == NULL || document == NULL)
    {
      drag_clear (self);
      return;
    }
  update_shadow (self);
  if (ph_shape_equal (&self->shadow->shape, &self->original->shape)
      && mode != TERRAIN_DRAG_MIDPOINT)
    {
      /* back where it started: no step to undo */
      drag_clear (self);
      gtk_widget_queue_draw (GTK_WIDGET (view));
      return;
    }
  if (mode == TERRAIN_DRAG_MIDPOINT)
    {
      self->vertex = self->new_vertex;
      g_free (self->vertex_of);
      self->vertex_of = g_strdup (self->shadow->id);
    }
  shadow = g_steal_pointer (&self->shadow);
  drag_clear (self);
  name = ph_feature_display_name (shadow);
  switch (mode)
    {
    case TERRAIN_DRAG_MOVE:
      label = g_strdup_printf (_("Move %s"), name);
      break;
    case TERRAIN_DRAG_VERTEX:
      label = g_strdup_printf (_("Move a Corner of %s"), name);
      break;
    case TERRAIN_DRAG_MIDPOINT:
      label = g_strdup_printf (_("Add a Corner to %s"), name);
      break;
    case TERRAIN_DRAG_RESIZE:
      label = g_strdup_printf (_("Resize %s"), name);
      break;
    case TERRAIN_DRAG_TURN:
    default:
      label = g_strdup_printf (_("Turn %s"), name);
      break;
    }
  if (!ph_document_update_feature (document, label, shadow, &error))
    ph_map_view_show_message (view, error->message);
  gtk_widget_queue_draw (GTK_WIDGET (view));
}

static void
ph_terrain_tool_drag_cancel (PhTool *tool)
{
  PhTerrainTool *self = PH_TERRAIN_TOOL (tool);

  drag_clear (self);   /* cancels a figures' drag too */
  gtk_widget_queue_draw (GTK_WIDGET (get_view (self)));
}

static void
ph_terrain_tool_reset (PhTool *tool)
{
  PhTerrainTool *self = PH_TERRAIN_TOOL (tool);

  drag_clear (self);
  self->vertex = -1;
}

static gboolean
ph_terrain_tool_dismiss (PhTool *tool)
{
  PhTerrainTool *self = PH_TERRAIN_TOOL (tool);
  PhSelection *selection = get_selection (self);

  if (selection == NULL || ph_selection_get_feature (selection) == NULL)
    return FALSE;
  ph_selection_set_feature (selection, NULL);
  self->vertex = -1;
  return TRUE;
}

static const char *
ph_terrain_tool_motion (PhTool *tool,
                        double  x,
                        double  y)
{
  PhTerrainTool *self = PH_TERRAIN_TOOL (tool);
  PhMapView *view = get_view (self);
  PhFeature *feature = selected_feature (self);
  const PhScenario *scenario = ph_map_view_get_draw_scenario (view);
  PhRenderView rv;

  if (scenario == NULL)
    return NULL;
  ph_map_view_get_render_view (view, &rv);
  if (feature != NULL)
    {
      PhPoint box[4], turn = turn_handle (feature, &rv);
      PhPoint at = ph_map_view_to_table (view, x, y);
      static const char *resize[] = { "nw-resize", "ne-resize", "se-resize", "sw-resize" };

      if (hypot (x - turn.x, y - turn.y) <= PICK_RADIUS)
        return "grab";
      box_handles (feature, &rv, box);
      for (int i = 0; i < 4; i++)
        if (hypot (x - box[i].x, y - box[i].y) <= PICK_RADIUS)
          return resize[i];
      if (ph_shape_find_vertex (&feature->shape, at, PICK_RADIUS / rv.scale) >= 0
          || ph_shape_find_edge_midpoint (&feature->shape, at, PICK_RADIUS / rv.scale) >= 0)
        return "crosshair";
    }
  if (ph_selection_get_hover (get_selection (self)) != NULL)
    return "pointer";
  if (ph_render_feature_at (scenario, &rv, x, y, PICK_RADIUS) != NULL)
    return "move";
  return NULL;
}

static void
shape_path (cairo_t            *cr,
            const PhShape      *shape,
            const PhRenderView *view)
{
  if (shape->kind == PH_SHAPE_CIRCLE)
    {
      PhPoint c = ph_render_view_to_device (view, shape->centre);

      cairo_new_sub_path (cr);
      cairo_arc (cr, c.x, c.y, shape->radius * view->scale, 0, 2 * G_PI);
      return;
    }
  for (guint i = 0; i < shape->n_points; i++)
    {
      PhPoint p = ph_render_view_to_device (view, shape->points[i]);

      if (i == 0)
        cairo_move_to (cr, p.x, p.y);
      else
        cairo_line_to (cr, p.x, p.y);
    }
  if (shape->kind == PH_SHAPE_POLYGON)
    cairo_close_path (cr);
}

static void
handle_square (cairo_t *cr,
               PhPoint  p,
               gboolean active)
{
  cairo_rectangle (cr, p.x - HANDLE_SIZE / 2, p.y - HANDLE_SIZE / 2, HANDLE_SIZE, HANDLE_SIZE);
  if (active)
    cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1);
  cairo_stroke (cr);
}

/* A resize handle: dark, so it is not taken for a corner */
static void
handle_box (cairo_t *cr,
            PhPoint  p)
{
  cairo_rectangle (cr, p.x - 3.5, p.y - 3.5, 7, 7);
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_stroke (cr);
}

static void
ph_terrain_tool_draw (PhTool             *tool,
                      cairo_t            *cr,
                      const PhRenderView *view)
{
  PhTerrainTool *self = PH_TERRAIN_TOOL (tool);
  PhFeature *feature = self->shadow != NULL ? self->shadow : selected_feature (self);
  const PhShape *shape;
  PhPoint box[4], turn, top;
  static const double dash[] = { 5, 3 };

  if (feature == NULL || ph_map_view_get_tool (get_view (self)) != tool)
    return;
  shape = &feature->shape;

  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  shape_path (cr, shape, view);
  if (self->shadow != NULL && shape->kind != PH_SHAPE_POLYLINE)
    {
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.25);
      cairo_fill_preserve (cr);
    }
  cairo_set_line_width (cr, 4);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, 2);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1);
  cairo_stroke (cr);

  /* the bounding box, its resize handles and the turning handle */
  box_handles (feature, view, box);
  turn = turn_handle (feature, view);
  top = (PhPoint) { (box[0].x + box[1].x) / 2, box[0].y };
  cairo_set_line_width (cr, 1);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_source_rgba (cr, 0.15, 0.15, 0.15, 0.7);
  cairo_rectangle (cr, box[0].x, box[0].y, box[2].x - box[0].x, box[2].y - box[0].y);
  cairo_move_to (cr, top.x, top.y);
  cairo_line_to (cr, turn.x, turn.y);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  for (int i = 0; i < 4; i++)
    handle_box (cr, box[i]);
  cairo_arc (cr, turn.x, turn.y, HANDLE_SIZE / 2 + 1, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  cairo_stroke (cr);

  /* corners and the middles of the edges */
  for (guint i = 0; i < shape->n_points; i++)
    handle_square (cr, ph_render_view_to_device (view, shape->points[i]),
                   (int) i == (self->shadow != NULL ? self->vertex
                                                    : ph_terrain_tool_get_vertex (self)));
  if (self->shadow == NULL)
    {
      guint n_edges = shape->kind == PH_SHAPE_POLYGON ? shape->n_points
                      : shape->n_points > 0 ? shape->n_points - 1 : 0;

      for (guint i = 0; i < n_edges; i++)
        {
          PhPoint m = ph_render_view_to_device (view, ph_shape_edge_midpoint (shape, i));

          cairo_arc (cr, m.x, m.y, 3, 0, 2 * G_PI);
          cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
          cairo_fill_preserve (cr);
          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1);
          cairo_stroke (cr);
        }
    }
  cairo_restore (cr);
}

int
ph_terrain_tool_get_vertex (PhTerrainTool *self)
{
  PhFeature *feature;

  g_return_val_if_fail (PH_IS_TERRAIN_TOOL (self), -1);
  feature = selected_feature (self);
  if (feature == NULL || self->vertex < 0 || (guint) self->vertex >= feature->shape.n_points
      || g_strcmp0 (feature->id, self->vertex_of) != 0)
    return -1;
  return self->vertex;
}

gboolean
ph_terrain_tool_delete_vertex (PhTerrainTool *self)
{
  PhMapView *view = get_view (self);
  g_autoptr(PhFeature) edited = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  int vertex = ph_terrain_tool_get_vertex (self);

  if (vertex < 0)
    return FALSE;
  if (self->mode != TERRAIN_DRAG_NONE)
    return TRUE;     /* not under a drag: it would change what is dragged */
  edited = ph_feature_copy (selected_feature (self));
  if (!ph_shape_delete_vertex (&edited->shape, vertex))
    {
      ph_map_view_show_message (view, edited->shape.kind == PH_SHAPE_POLYGON
                                ? _("A polygon keeps at least 3 corners")
                                : _("A line keeps at least 2 points"));
      return TRUE;
    }
  label = g_strdup_printf (_("Delete a Corner of %s"), ph_feature_display_name (edited));
  if (!ph_document_update_feature (ph_map_view_get_document (view), label, edited, &error))
    {
      ph_map_view_show_message (view, error->message);
      return TRUE;
    }
  /* the corner before it is touched now: Delete again takes corners, never
   * the whole feature by surprise (a click on the feature lets go) */
  self->vertex = vertex > 0 ? vertex - 1 : (int) edited->shape.n_points - 1;
  return TRUE;
}

static void
ph_terrain_tool_dispose (GObject *object)
{
  PhTerrainTool *self = PH_TERRAIN_TOOL (object);

  drag_clear (self);
  g_clear_pointer (&self->vertex_of, g_free);
  self->figures_tool = NULL;

  G_OBJECT_CLASS (ph_terrain_tool_parent_class)->dispose (object);
}

static void
ph_terrain_tool_class_init (PhTerrainToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  PhToolClass *tool_class = PH_TOOL_CLASS (klass);

  object_class->dispose = ph_terrain_tool_dispose;

  tool_class->drag_begin = ph_terrain_tool_drag_begin;
  tool_class->drag_update = ph_terrain_tool_drag_update;
  tool_class->drag_end = ph_terrain_tool_drag_end;
  tool_class->drag_cancel = ph_terrain_tool_drag_cancel;
  tool_class->reset = ph_terrain_tool_reset;
  tool_class->dismiss = ph_terrain_tool_dismiss;
  tool_class->motion = ph_terrain_tool_motion;
  tool_class->draw = ph_terrain_tool_draw;
}

static void
ph_terrain_tool_init (PhTerrainTool *self)
{
  self->vertex = -1;
}

PhTool *
ph_terrain_tool_new (PhMapView *map_view,
                     PhTool    *figures_tool)
{
  PhTerrainTool *self = g_object_new (PH_TYPE_TERRAIN_TOOL, "map-view", map_view, NULL);

  /* both belong to the view, which outlives its tools' use */
  self->figures_tool = figures_tool;
  return PH_TOOL (self);
}
