/* ph-map-view-label.c: the labels the window draws itself, by the
 * pointer (the move's, the tape's): laid out on at most a few lines,
 * placed on the table within the rulers, off the pointer and off what
 * they would hide, and drawn as a dark rounded box
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-map-view-private.h"

#include <math.h>

#define LABEL_PAD 5
/* A label's widest line, px, and its most lines: a long one (Firelock's
 * "crossing a stream, + d6 IPs (1 counted): moved 7.6 in · 9 of 13 IPs
 * spent · stops short on …") ran across the whole map */
#define LABEL_MAX_WIDTH 360
#define LABEL_MAX_LINES 3

/* Where a label @w by @h may stand: on the table within the rulers (its
 * own edge rulers, or the bands that hold them zoomed in: "Cannot move
 * now · …" hid the left ruler's numbers), else, along an axis the table
 * shown is too small for, within the view; 4 px in */
static void
label_area (PhMapView *self,
            double     w,
            double     h,
            PhRect    *area)
{
  const PhScenario *s = ph_map_view_get_draw_scenario (self);
  double view_w = ph_viewport_get_width (self->viewport);
  double view_h = ph_viewport_get_height (self->viewport);
  PhRenderView view;
  PhRect in;

  *area = (PhRect) { 4, 4, MAX (4, view_w - 4), MAX (4, view_h - 4) };
  if (s == NULL)
    return;
  ph_map_view_get_render_view (self, &view);
  if (view.scale <= 0)
    return;
  /* (the table's own edges when no band shows) */
  ph_render_rulers_inside (s, &view, view_w, view_h, &in);
  in = (PhRect) { MAX (in.x0 + 2, area->x0), MAX (in.y0 + 2, area->y0),
                  MIN (in.x1 - 2, area->x1), MIN (in.y1 - 2, area->y1) };
  if (in.x1 - in.x0 >= w)
    {
      area->x0 = in.x0;
      area->x1 = in.x1;
    }
  if (in.y1 - in.y0 >= h)
    {
      area->y0 = in.y0;
      area->y1 = in.y1;
    }
}

/* @box, @w by @h at (@x, @y), moved in to lie within @area */
static void
clamp_box (const PhRect *area,
           double        x,
           double        y,
           double        w,
           double        h,
           PhRect       *box)
{
  x = CLAMP (x, area->x0, MAX (area->x0, area->x1 - w));
  y = CLAMP (y, area->y0, MAX (area->y0, area->y1 - h));
  *box = (PhRect) { x, y, x + w, y + h };
}

/* The label's layout, and its box kept inside the view */
static PangoLayout *
label_layout (PhMapView      *self,
              double          x,
              double          y,
              const char     *markup,
              PangoRectangle *extents,
              PhRect         *box)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  double view_w = ph_viewport_get_width (self->viewport);
  double max_w = MIN (LABEL_MAX_WIDTH, MAX (0.4 * view_w, 240));
  PhRect area;
  double w, h;

  pango_layout_set_markup (layout, markup, -1);
  /* wrapped onto a few lines no wider than LABEL_MAX_WIDTH (or the view),
   * cut short at the end of the last rather than past the edges */
  pango_layout_set_single_paragraph_mode (layout, TRUE);
  max_w = MIN (max_w, view_w - 8 - 2 * LABEL_PAD);
  if (max_w > 0)
    {
      pango_layout_set_width (layout, (int) (max_w * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_height (layout, -LABEL_MAX_LINES);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_get_pixel_extents (layout, NULL, extents);
  w = extents->width + 2 * LABEL_PAD;
  h = extents->height + 2 * LABEL_PAD;

  /* Keep the label inside the table shown, clear of its rulers */
  label_area (self, w, h, &area);
  clamp_box (&area, x, y, w, h, box);
  return layout;
}

void
ph_map_view_label_box (PhMapView  *self,
                       double      x,
                       double      y,
                       const char *markup,
                       PhRect     *box)
{
  PangoRectangle extents;

  g_object_unref (label_layout (self, x, y, markup, &extents, box));
}

void
ph_map_view_draw_label_in (PhMapView    *self,
                           cairo_t      *cr,
                           const PhRect *box,
                           const char   *markup)
{
  ph_map_view_draw_label (self, cr, box->x0, box->y0, markup);
}

void
ph_map_view_draw_label (PhMapView  *self,
                        cairo_t    *cr,
                        double      x,
                        double      y,
                        const char *markup)
{
  PangoRectangle extents;
  PhRect box;
  PangoLayout *layout = label_layout (self, x, y, markup, &extents, &box);
  double pad = LABEL_PAD;
  double w = box.x1 - box.x0, h = box.y1 - box.y0;

  x = box.x0;
  y = box.y0;

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_arc (cr, x + 4, y + 4, 4, G_PI, 1.5 * G_PI);
  cairo_arc (cr, x + w - 4, y + 4, 4, 1.5 * G_PI, 2 * G_PI);
  cairo_arc (cr, x + w - 4, y + h - 4, 4, 0, 0.5 * G_PI);
  cairo_arc (cr, x + 4, y + h - 4, 4, 0.5 * G_PI, G_PI);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.85);
  cairo_fill (cr);
  cairo_move_to (cr, x + pad - extents.x, y + pad - extents.y);
  cairo_set_source_rgb (cr, 1, 1, 1);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  g_object_unref (layout);
}

void
ph_map_view_base_boxes (const PhScenario   *s,
                        const PhRenderView *view,
                        double              grow,
                        GArray             *boxes)
{
  for (guint i = 0; i < s->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (s->figures, i);
      PhPoint c = ph_render_view_to_device (view, (PhPoint) { f->x, f->y });
      PhBase base;
      double r;
      PhRect b;

      if (ph_figure_is_off_table (f))
        continue;
      ph_figure_get_base (f, &base);
      r = MAX (2.5, MAX (base.width, base.depth) / 2 * view->scale) + grow;
      b = (PhRect) { c.x - r, c.y - r, c.x + r, c.y + r };
      g_array_append_val (boxes, b);
    }
}

void
ph_map_view_place_move_label (PhMapView  *self,
                              double      px,
                              double      py,
                              const char *markup,
                              PhRect     *box)
{
  const PhRenderView *v = &self->drag_obstacles_view;
  g_autoptr(GArray) mine = g_array_new (FALSE, FALSE, sizeof (PhRect));
  PhRenderView view;
  PhRect area, pointer = { px - 8, py - 8, px + 8, py + 8 };
  guint fewest = G_MAXUINT;
  double w, h;

  ph_map_view_label_box (self, px + 18, py + 18, markup, box);
  w = box->x1 - box->x0;
  h = box->y1 - box->y0;
  label_area (self, w, h, &area);
  ph_map_view_get_render_view (self, &view);
  /* the ghosts left at the start, and the men dragged with their badges
   * (up and to the right) */
  if (self->has_drag_scenario)
    {
      ph_map_view_base_boxes (&self->drag_ghosts, &view, 3, mine);
      ph_map_view_base_boxes (&self->drag_moving, &view, 12, mine);
    }
  {
    /* below right of the pointer, as ever; else below left, above
     * right, above left; then further off */
    const double at[][2] = {
      { px + 18, py + 18 }, { px - 18 - w, py + 18 }, { px + 18, py - 18 - h },
      { px - 18 - w, py - 18 - h }, { px + 18, py + 42 }, { px - 18 - w, py + 42 },
      { px + 18, py - 42 - h }, { px - 18 - w, py - 42 - h },
    };

    for (guint k = 0; k < G_N_ELEMENTS (at); k++)
      {
        PhRect b;
        guint count = 0;

        /* kept inside as label_layout() keeps it */
        clamp_box (&area, at[k][0], at[k][1], w, h, &b);
        /* moved in from an edge, never over the pointer */
        if (ph_rect_intersects (&b, &pointer))
          count += 10;
        for (guint i = 0; i < mine->len; i++)
          if (ph_rect_intersects (&b, &g_array_index (mine, PhRect, i)))
            count += 10;
        /* the names, bases and badges of the men that stay put */
        if (self->has_drag_scenario && self->drag_obstacles != NULL && v->scale == view.scale
            && v->x0 == view.x0
            && v->y0 == view.y0)
          for (guint i = 0; i < self->drag_obstacles->len; i++)
            if (ph_rect_intersects (&b, &g_array_index (self->drag_obstacles, PhRect, i)))
              count++;
        if (count < fewest)
          {
            fewest = count;
            *box = b;
          }
        if (count == 0)
          break;
      }
  }
}

