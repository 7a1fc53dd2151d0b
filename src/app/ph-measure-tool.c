/* ph-measure-tool.c: the tape measure
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A primary drag lays the tape from the press to the pointer; an end on a
 * figure is anchored on its centre, and the reading is then taken from
 * its base, as the table's measuring rule says. The tape stays on the
 * table after the release until the next drag, a click, Escape or the
 * tool is put away. Measuring changes nothing in the document.
 */
#include "ph-measure-tool.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ph-map-view-private.h"
#include "ph-ruleset.h"

struct _PhMeasureTool
{
  PhTool parent_instance;

  gboolean has_tape;
  PhPoint start, end;        /* table */
  PhFigure *from, *to;       /* the figures its ends are anchored on */
  char *text;
};

G_DEFINE_FINAL_TYPE (PhMeasureTool, ph_measure_tool, PH_TYPE_TOOL)

static PhMapView *
get_view (PhMeasureTool *self)
{
  return ph_tool_get_map_view (PH_TOOL (self));
}

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
update_text (PhMeasureTool *self)
{
  PhScenario *scenario = ph_document_get_scenario (ph_map_view_get_document (get_view (self)));
  gboolean centre = scenario->table.measure == PH_MEASURE_CENTRE;
  gboolean paces = ph_ruleset_get (scenario->ruleset)->dist_unit == PH_DIST_CM
                   && scenario->table.unit == PH_UNIT_CM;
  const char *how = NULL;
  double distance;
  GString *text = g_string_new (NULL);

  if (self->from && self->to && self->from != self->to && !centre)
    {
      PhBase a, b;

      ph_figure_get_base (self->from, &a);
      ph_figure_get_base (self->to, &b);
      distance = ph_base_distance (&a, &b);
      how = _("edge to edge");
    }
  else if ((self->from || self->to) && !centre && self->from != self->to)
    {
      PhFigure *figure = self->from ? self->from : self->to;
      PhPoint other = self->from ? self->end : self->start;

      distance = point_to_base (figure, other);
      how = _("from the base");
    }
  else
    {
      distance = ph_point_distance (self->start, self->end);
      if (self->from && self->to)
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
      PhHex a = ph_hex_from_point (self->start, scenario->table.grid_size);
      PhHex b = ph_hex_from_point (self->end, scenario->table.grid_size);
      int hexes = ph_hex_distance (a, b);

      g_string_append_printf (text, g_dngettext (NULL, " · %d hex", " · %d hexes", hexes), hexes);
    }
  if (how)
    g_string_append_printf (text, " %s", how);

  g_free (self->text);
  self->text = g_string_free (text, FALSE);
}

/* Anchors a tape end on the figure under it: its centre. */
static PhPoint
anchor (PhMeasureTool *self,
        double         x,
        double         y,
        PhFigure     **figure)
{
  PhMapView *view = get_view (self);

  *figure = ph_map_view_figure_at (view, x, y);
  if (*figure)
    return (PhPoint) { (*figure)->x, (*figure)->y };
  return ph_map_view_to_table (view, x, y);
}

static void
ph_measure_tool_drag_begin (PhTool           *tool,
                            const PhToolDrag *drag)
{
  PhMeasureTool *self = PH_MEASURE_TOOL (tool);

  self->start = anchor (self, drag->x, drag->y, &self->from);
  self->end = self->start;
  self->to = self->from;
  self->has_tape = TRUE;
  update_text (self);
  gtk_widget_queue_draw (GTK_WIDGET (get_view (self)));
}

static void
ph_measure_tool_drag_update (PhTool           *tool,
                             const PhToolDrag *drag)
{
  PhMeasureTool *self = PH_MEASURE_TOOL (tool);

  self->end = anchor (self, drag->x, drag->y, &self->to);
  update_text (self);
  gtk_widget_queue_draw (GTK_WIDGET (get_view (self)));
}

static void
ph_measure_tool_drag_end (PhTool           *tool,
                          const PhToolDrag *drag)
{
  PhMeasureTool *self = PH_MEASURE_TOOL (tool);

  /* A click takes the tape away. */
  if (!drag->moved)
    {
      self->has_tape = FALSE;
      g_clear_pointer (&self->text, g_free);
    }
}

static void
ph_measure_tool_drag_cancel (PhTool *tool)
{
  PH_MEASURE_TOOL (tool)->has_tape = FALSE;
}

static void
ph_measure_tool_reset (PhTool *tool)
{
  PhMeasureTool *self = PH_MEASURE_TOOL (tool);

  self->has_tape = FALSE;
  self->from = self->to = NULL;
  g_clear_pointer (&self->text, g_free);
}

static gboolean
ph_measure_tool_dismiss (PhTool *tool)
{
  PhMeasureTool *self = PH_MEASURE_TOOL (tool);

  if (!self->has_tape)
    return FALSE;
  self->has_tape = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (get_view (self)));
  return TRUE;
}

static void
ph_measure_tool_draw (PhTool             *tool,
                      cairo_t            *cr,
                      const PhRenderView *view)
{
  PhMeasureTool *self = PH_MEASURE_TOOL (tool);
  const PhScenario *scenario = ph_map_view_get_draw_scenario (get_view (self));
  PhPoint a, b;
  double length, unit_px, dx, dy;
  g_autofree char *markup = NULL;

  if (!self->has_tape || scenario == NULL)
    return;

  a = ph_render_view_to_device (view, self->start);
  b = ph_render_view_to_device (view, self->end);
  dx = b.x - a.x;
  dy = b.y - a.y;
  length = hypot (dx, dy);

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  /* A yellow tape with a dark edge, and a tick every table unit (every
   * inch, or every 5 cm) when they are far enough apart to read. */
  cairo_move_to (cr, a.x, a.y);
  cairo_line_to (cr, b.x, b.y);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.6);
  cairo_set_line_width (cr, 5);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 0.98, 0.85, 0.25);
  cairo_set_line_width (cr, 3);
  cairo_stroke (cr);

  unit_px = view->scale * (scenario->table.unit == PH_UNIT_CM ? 5.0 : 1.0);
  if (length > 0 && unit_px >= 6)
    {
      double ux = dx / length, uy = dy / length;

      cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.9);
      cairo_set_line_width (cr, 1);
      for (double d = unit_px; d < length; d += unit_px)
        {
          double px = a.x + ux * d, py = a.y + uy * d;
          double tick = fmod (d / unit_px, 6) < 0.5 ? 6 : 3.5;

          cairo_move_to (cr, px - uy * tick, py + ux * tick);
          cairo_line_to (cr, px + uy * tick, py - ux * tick);
        }
      cairo_stroke (cr);
    }

  cairo_arc (cr, a.x, a.y, 3.5, 0, 2 * G_PI);
  cairo_new_sub_path (cr);
  cairo_arc (cr, b.x, b.y, 3.5, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 0.98, 0.85, 0.25);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_restore (cr);

  if (self->text)
    {
      markup = g_markup_printf_escaped ("<b>%s</b>", self->text);
      ph_map_view_draw_label (get_view (self), cr, b.x + 12, b.y + 12, markup);
    }
}

static void
ph_measure_tool_finalize (GObject *object)
{
  PhMeasureTool *self = PH_MEASURE_TOOL (object);

  g_clear_pointer (&self->text, g_free);

  G_OBJECT_CLASS (ph_measure_tool_parent_class)->finalize (object);
}

static void
ph_measure_tool_class_init (PhMeasureToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  PhToolClass *tool_class = PH_TOOL_CLASS (klass);

  object_class->finalize = ph_measure_tool_finalize;

  tool_class->cursor_name = "crosshair";
  tool_class->drag_begin = ph_measure_tool_drag_begin;
  tool_class->drag_update = ph_measure_tool_drag_update;
  tool_class->drag_end = ph_measure_tool_drag_end;
  tool_class->drag_cancel = ph_measure_tool_drag_cancel;
  tool_class->reset = ph_measure_tool_reset;
  tool_class->dismiss = ph_measure_tool_dismiss;
  tool_class->draw = ph_measure_tool_draw;
}

static void
ph_measure_tool_init (PhMeasureTool *self)
{
}

PhTool *
ph_measure_tool_new (PhMapView *map_view)
{
  return g_object_new (PH_TYPE_MEASURE_TOOL, "map-view", map_view, NULL);
}

const char *
ph_measure_tool_get_text (PhMeasureTool *self)
{
  g_return_val_if_fail (PH_IS_MEASURE_TOOL (self), NULL);
  return self->has_tape ? self->text : NULL;
}
