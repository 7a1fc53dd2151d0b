/* ph-select-tool.c: the map's usual tool: pick, move and turn figures
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A primary drag on a figure moves the selection (the model changes once,
 * on release, as one undoable command; meanwhile only the view's shadows
 * move); on the handle of the selected base, it turns the selection; on
 * empty table it pans, or with Shift or Ctrl draws a rubber band. A click
 * picks a figure (Shift or Ctrl: adds it, or takes it out when it was
 * picked); a click on empty table drops the selection and the pinned
 * target.
 */
#include "ph-select-tool.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ph-game-drag.h"
#include "ph-map-view-private.h"

#define HANDLE_PICK_RADIUS 10.0
#define HANDLE_RADIUS 6.0
#define HANDLE_GAP 14.0

typedef enum
{
  SELECT_DRAG_NONE,
  SELECT_DRAG_PAN,
  SELECT_DRAG_MOVE,    /* figures */
  SELECT_DRAG_ROTATE,  /* the handle on the selected base */
  SELECT_DRAG_RUBBER,  /* rubber band selection */
} SelectDrag;

struct _PhSelectTool
{
  PhTool parent_instance;

  SelectDrag mode;
  PhToolDrag drag;              /* the drag under way, as last seen */
  gboolean started;             /* past the threshold */
  PhFigure *hit;                /* figure pressed */
  gboolean toggle;              /* Shift-click on a selected figure */
  GArray *items;                /* the view's shadows, while moving or turning */
  GPtrArray *rubber_initial;    /* selection before the rubber band */
  double rotate_start_bearing;
  gboolean in_game;             /* a figure moved by its ruleset's rules */
  PhGameDrag game;
};

G_DEFINE_FINAL_TYPE (PhSelectTool, ph_select_tool, PH_TYPE_TOOL)

static PhMapView *
get_view (PhSelectTool *self)
{
  return ph_tool_get_map_view (PH_TOOL (self));
}

static PhSelection *
get_selection (PhSelectTool *self)
{
  return ph_map_view_get_selection_model (get_view (self));
}

static void
drag_clear (PhSelectTool *self)
{
  if (self->items)
    ph_map_view_hide_shadows (get_view (self));
  self->items = NULL;
  g_clear_pointer (&self->rubber_initial, g_ptr_array_unref);
  self->mode = SELECT_DRAG_NONE;
  self->started = FALSE;
  self->hit = NULL;
  self->toggle = FALSE;
  if (self->in_game)
    ph_game_drag_clear (&self->game);
  self->in_game = FALSE;
}

static void
show_shadows (PhSelectTool *self)
{
  guint n;
  PhFigure **figures = ph_selection_get_figures (get_selection (self), &n);

  self->items = ph_map_view_show_shadows (get_view (self), figures, n);
}

gboolean
ph_select_tool_get_handle (PhSelectTool *self,
                           double       *x,
                           double       *y)
{
  PhMapView *view = get_view (self);
  PhSelection *selection = ph_map_view_get_selection_model (view);
  PhFigure *primary = selection ? ph_selection_get_primary (selection) : NULL;
  const PhScenario *scenario = ph_map_view_get_draw_scenario (view);
  const PhFigure *figure;
  PhRenderView render_view;
  PhBase base;
  PhPoint centre;
  double reach;

  g_return_val_if_fail (PH_IS_SELECT_TOOL (self), FALSE);

  if (primary == NULL || scenario == NULL || ph_map_view_get_tool (view) != PH_TOOL (self)
      || ph_figure_is_off_table (primary)
      || self->mode == SELECT_DRAG_MOVE || self->mode == SELECT_DRAG_RUBBER)
    return FALSE;

  /* During a drag the shadow holds where the figure is shown. */
  figure = ph_scenario_find_figure (scenario, primary->id);
  if (figure == NULL)
    return FALSE;

  ph_map_view_get_render_view (view, &render_view);
  ph_figure_get_base (figure, &base);
  centre = ph_render_view_to_device (&render_view, base.centre);
  reach = MAX (base.width, base.square ? base.depth : base.width) / 2 * render_view.scale
          + HANDLE_GAP;
  *x = centre.x + sin (base.facing * G_PI / 180) * reach;
  *y = centre.y - cos (base.facing * G_PI / 180) * reach;
  return TRUE;
}

static gboolean
on_handle (PhSelectTool *self,
           double        x,
           double        y)
{
  double hx, hy;

  return ph_select_tool_get_handle (self, &hx, &hy)
         && hypot (x - hx, y - hy) <= HANDLE_PICK_RADIUS;
}

/* @p (table units) is on @figure's base itself, not only near it */
static gboolean
on_base (const PhFigure *figure,
         PhPoint         p)
{
  PhBase base;

  ph_figure_get_base (figure, &base);
  return ph_base_contains_point (&base, p);
}

static void
ph_select_tool_drag_begin (PhTool           *tool,
                           const PhToolDrag *drag)
{
  PhSelectTool *self = PH_SELECT_TOOL (tool);
  PhMapView *view = get_view (self);
  PhSelection *selection = get_selection (self);
  gboolean extend = (drag->modifiers & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)) != 0;

  drag_clear (self);
  self->drag = *drag;
  self->hit = ph_map_view_figure_at (view, drag->x, drag->y);

  /* the turning handle, unless the press is on another man's base: the
   * handle of a man in base contact lies over his neighbour, whom a
   * click then never picked (it turned the first man instead) */
  if (on_handle (self, drag->x, drag->y)
      && !(self->hit != NULL && self->hit != ph_selection_get_primary (selection)
           && on_base (self->hit, ph_map_view_to_table (view, drag->x, drag->y))))
    {
      PhFigure *primary = ph_selection_get_primary (selection);

      self->mode = SELECT_DRAG_ROTATE;
      self->rotate_start_bearing = ph_bearing ((PhPoint) { primary->x, primary->y },
                                               ph_map_view_to_table (view, drag->x, drag->y));
      show_shadows (self);
    }
  else if (self->hit)
    {
      PhDocument *document = ph_map_view_get_document (view);

      if (extend && ph_selection_contains (selection, self->hit))
        self->toggle = TRUE;
      else if (!extend && ph_document_get_game (document) != NULL)
        {
          /* In a game a drag is one figure's move, by its rules */
          ph_selection_select (selection, self->hit, FALSE);
          /* a refused drop's reason is no longer news once he is
           * dragged again: the usual line */
          ph_map_view_show_message (view, NULL);
          self->in_game = ph_game_drag_begin (&self->game, document, self->hit);
        }
      else
        ph_selection_select (selection, self->hit,
                             extend || ph_selection_contains (selection, self->hit));
      self->mode = SELECT_DRAG_MOVE;
    }
  else if (extend)
    {
      guint n;
      PhFigure **figures = ph_selection_get_figures (selection, &n);

      self->mode = SELECT_DRAG_RUBBER;
      self->rubber_initial = g_ptr_array_new ();
      if (drag->modifiers & GDK_SHIFT_MASK)
        for (guint i = 0; i < n; i++)
          g_ptr_array_add (self->rubber_initial, figures[i]);
    }
  else
    self->mode = SELECT_DRAG_PAN;
}

static void
update_rubber_band (PhSelectTool *self)
{
  PhMapView *view = get_view (self);
  PhScenario *scenario = ph_document_get_scenario (ph_map_view_get_document (view));
  PhPoint a = ph_map_view_to_table (view, self->drag.start_x, self->drag.start_y);
  PhPoint b = ph_map_view_to_table (view, self->drag.x, self->drag.y);
  PhRect r = { MIN (a.x, b.x), MIN (a.y, b.y), MAX (a.x, b.x), MAX (a.y, b.y) };
  g_autoptr(GPtrArray) figures = g_ptr_array_copy (self->rubber_initial, NULL, NULL);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      if (ph_figure_is_off_table (figure))
        continue;
      if (figure->x >= r.x0 && figure->x <= r.x1 && figure->y >= r.y0 && figure->y <= r.y1)
        g_ptr_array_add (figures, figure);
    }
  ph_selection_set_figures (get_selection (self), (PhFigure **) figures->pdata, figures->len);
}

static void
turn_shadows (PhSelectTool *self)
{
  PhMapView *view = get_view (self);
  PhFigure *primary = ph_selection_get_primary (get_selection (self));
  double bearing = ph_bearing ((PhPoint) { primary->x, primary->y },
                               ph_map_view_to_table (view, self->drag.x, self->drag.y));
  double delta = bearing - self->rotate_start_bearing;

  /* Shift turns in steps of 15 degrees (the primary's facing). */
  if (self->drag.modifiers & GDK_SHIFT_MASK)
    delta = round ((primary->facing + delta) / 15.0) * 15.0 - primary->facing;
  for (guint i = 0; i < self->items->len; i++)
    {
      PhDragItem *item = &g_array_index (self->items, PhDragItem, i);
      item->shadow.facing = ph_angle_normalize (item->figure->facing + delta);
    }
}

static void
ph_select_tool_drag_update (PhTool           *tool,
                            const PhToolDrag *drag)
{
  PhSelectTool *self = PH_SELECT_TOOL (tool);
  PhMapView *view = get_view (self);
  double scale = ph_viewport_get_scale (ph_map_view_get_viewport (view));

  self->drag = *drag;
  if (!self->started)
    {
      self->started = TRUE;
      if (self->mode == SELECT_DRAG_MOVE)
        show_shadows (self);
      if (self->mode == SELECT_DRAG_MOVE || self->mode == SELECT_DRAG_PAN)
        gtk_widget_set_cursor_from_name (GTK_WIDGET (view), "grabbing");
    }

  switch (self->mode)
    {
    case SELECT_DRAG_PAN:
      /* The table follows the pointer. */
      ph_viewport_pan (ph_map_view_get_viewport (view),
                       drag->x - drag->last_x, drag->y - drag->last_y);
      return;

    case SELECT_DRAG_MOVE:
      for (guint i = 0; i < self->items->len; i++)
        {
          PhDragItem *item = &g_array_index (self->items, PhDragItem, i);

          item->shadow.x = item->figure->x + (drag->x - drag->start_x) / scale;
          item->shadow.y = item->figure->y + (drag->y - drag->start_y) / scale;
          if (self->in_game && item->figure == self->game.figure)
            {
              /* the rules' say: where the drop lands, and at what cost */
              ph_game_drag_update (&self->game, ph_map_view_get_document (view),
                                   (PhPoint) { item->shadow.x, item->shadow.y });
              item->shadow.x = self->game.to.x;
              item->shadow.y = self->game.to.y;
            }
        }
      break;

    case SELECT_DRAG_ROTATE:
      turn_shadows (self);
      break;

    case SELECT_DRAG_RUBBER:
      update_rubber_band (self);
      break;

    case SELECT_DRAG_NONE:
    default:
      return;
    }
  gtk_widget_queue_draw (GTK_WIDGET (view));
}

/* A click: what it picks */
static void
click (PhSelectTool *self)
{
  PhSelection *selection = get_selection (self);
  gboolean extend = (self->drag.modifiers & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)) != 0;

  if (self->mode == SELECT_DRAG_MOVE && self->toggle)
    ph_selection_unselect (selection, self->hit);
  else if (self->mode == SELECT_DRAG_MOVE && !extend)
    ph_selection_select (selection, self->hit, FALSE);
  else if (self->mode == SELECT_DRAG_PAN)
    {
      ph_selection_set_pinned_target (selection, NULL);
      ph_selection_clear (selection);
    }
}

/* Two bases dropped on one spot: said in the status line (the rules let
 * bases touch, in melee, never stand on each other) */
static void
warn_overlaps (PhSelectTool  *self,
               guint          n,
               const char   **ids)
{
  PhMapView *view = get_view (self);
  PhScenario *scenario = ph_document_get_scenario (ph_map_view_get_document (view));

  for (guint i = 0; i < n; i++)
    {
      PhFigure *moved = ph_scenario_find_figure (scenario, ids[i]);

      if (moved == NULL || ph_figure_is_off_table (moved))
        continue;
      for (guint k = 0; k < scenario->figures->len; k++)
        {
          PhFigure *other = g_ptr_array_index (scenario->figures, k);
          g_autofree char *message = NULL;

          if (other == moved || ph_figure_is_off_table (other)
              || !ph_figures_overlap (moved, other))
            continue;
          message = g_strdup_printf (_("%s’s base stands on %s’s: move one of them"),
                                     ph_figure_display_name (moved),
                                     ph_figure_display_name (other));
          ph_map_view_show_message (view, message);
          return;
        }
    }
}

static void
ph_select_tool_drag_end (PhTool           *tool,
                         const PhToolDrag *drag)
{
  PhSelectTool *self = PH_SELECT_TOOL (tool);
  PhDocument *document = ph_map_view_get_document (get_view (self));
  SelectDrag mode = self->mode;
  guint n = self->items ? self->items->len : 0;
  g_autofree const char **ids = NULL;
  g_autofree PhPoint *positions = NULL;
  g_autofree double *facings = NULL;
  PhGameDrag game_drag = { 0 };

  self->drag = *drag;
  if (!drag->moved)
    {
      click (self);
      drag_clear (self);
      return;
    }

  /* Collect what the drag did, then drop the shadows before the document
   * changes. */
  ids = g_new0 (const char *, n + 1);
  positions = g_new0 (PhPoint, n + 1);
  facings = g_new0 (double, n + 1);
  for (guint i = 0; i < n; i++)
    {
      PhDragItem *item = &g_array_index (self->items, PhDragItem, i);

      ids[i] = item->figure->id;
      positions[i] = (PhPoint) { item->shadow.x, item->shadow.y };
      facings[i] = item->shadow.facing;
    }
  /* the game's drag outlives the shadows, for the drop */
  game_drag = self->game;
  self->in_game = FALSE;
  memset (&self->game, 0, sizeof self->game);
  drag_clear (self);

  if (mode == SELECT_DRAG_MOVE && game_drag.figure != NULL)
    {
      g_autoptr(GError) error = NULL;

      /* The ruleset's move, logged; or, for a figure whose move it is
       * not, or a drop the rules refuse (too far, barred), the referee's
       * choice to move it anyway: the same in every ruleset, as its
       * rules (PhGameRules.plan_move and move_cost) say yes or no */
      if (ph_point_distance (game_drag.to, (PhPoint) { game_drag.figure->x,
                                                       game_drag.figure->y }) < 0.1)
        ;  /* dropped where it stands (its hex, snapped), or a slip of the
            * hand under a tenth of an inch (or cm): nothing moved */
      else if (game_drag.spot_taken != NULL)
        /* on another man's base: no one's drop, the referee's neither */
        ph_map_view_show_message (get_view (self), game_drag.spot_taken);
      else if (!game_drag.can_move)
        ph_map_view_offer_move_anyway (get_view (self), game_drag.figure, game_drag.to,
                                       drag->x, drag->y);
      else if (!ph_document_game_move (document, game_drag.figure->id, game_drag.to, &error))
        {
          /* the rules' reason, and the referee's way past it */
          ph_map_view_show_message (get_view (self), error->message);
          ph_map_view_offer_move_anyway (get_view (self), game_drag.figure, game_drag.to,
                                         drag->x, drag->y);
        }
      else
        warn_overlaps (self, 1, (const char **) &game_drag.figure->id);
      ph_game_drag_clear (&game_drag);
    }
  else if (mode == SELECT_DRAG_MOVE)
    {
      ph_document_move_figures (document, n, ids, positions);
      warn_overlaps (self, n, ids);
      /* during a game, figures moved together are the referee's step,
       * never a silent one */
      if (ph_document_get_game (document) != NULL && !ph_document_get_replaying (document))
        {
          g_autofree char *said = g_strdup_printf (
            ngettext ("Moved %u figure as the referee: logged as a referee step (Ctrl+Z takes it back)",
                      "Moved %u figures together as the referee: logged as a referee step (Ctrl+Z takes it back)",
                      n), n);

          ph_map_view_show_message (get_view (self), said);
        }
    }
  else if (mode == SELECT_DRAG_ROTATE)
    ph_document_turn_figures (document, n, ids, facings);
}

static void
ph_select_tool_drag_cancel (PhTool *tool)
{
  PhSelectTool *self = PH_SELECT_TOOL (tool);

  if (self->mode == SELECT_DRAG_RUBBER && self->rubber_initial)
    ph_selection_set_figures (get_selection (self),
                              (PhFigure **) self->rubber_initial->pdata,
                              self->rubber_initial->len);
  drag_clear (self);
}

static void
ph_select_tool_reset (PhTool *tool)
{
  drag_clear (PH_SELECT_TOOL (tool));
}

static const char *
ph_select_tool_motion (PhTool *tool,
                       double  x,
                       double  y)
{
  PhSelectTool *self = PH_SELECT_TOOL (tool);
  PhSelection *selection = get_selection (self);

  if (on_handle (self, x, y))
    return "grab";
  if (selection && ph_selection_get_hover (selection))
    return "pointer";
  return NULL;
}

/* The men's markers the handle would hide (the referee trial: a handle
 * over the next man's badges) are drawn again over it, where it lies:
 * the knob and the line to it, nowhere else (the layer has them
 * already) */
static void
draw_markers_over_handle (PhSelectTool       *self,
                          cairo_t            *cr,
                          const PhRenderView *view,
                          PhPoint             centre,
                          double              hx,
                          double              hy)
{
  PhMapView *map_view = get_view (self);
  g_auto(GStrv) activated = ph_map_view_activated_ids (map_view);
  PhRenderOptions opts;
  double dx = hx - centre.x, dy = hy - centre.y, len = hypot (dx, dy);
  double nx = len > 0 ? -dy / len * 1.5 : 0, ny = len > 0 ? dx / len * 1.5 : 0;

  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_FIGURES | PH_RENDER_STATUS;
  opts.selected = ph_selection_get_ids (get_selection (self));
  opts.activated = (const char * const *) activated;
  cairo_save (cr);
  /* the knob, then the line's band: two clips drawn in turn, so that no
   * marker is drawn twice where neither lies */
  cairo_arc (cr, hx, hy, HANDLE_RADIUS + 1, 0, 2 * G_PI);
  cairo_clip (cr);
  ph_render_figure_markers_over (cr, ph_map_view_get_draw_scenario (map_view), view, &opts);
  cairo_restore (cr);
  if (len > HANDLE_RADIUS + 1)
    {
      double ex = hx - dx / len * (HANDLE_RADIUS + 1), ey = hy - dy / len * (HANDLE_RADIUS + 1);

      cairo_save (cr);
      cairo_move_to (cr, centre.x + nx, centre.y + ny);
      cairo_line_to (cr, ex + nx, ey + ny);
      cairo_line_to (cr, ex - nx, ey - ny);
      cairo_line_to (cr, centre.x - nx, centre.y - ny);
      cairo_close_path (cr);
      cairo_clip (cr);
      ph_render_figure_markers_over (cr, ph_map_view_get_draw_scenario (map_view), view, &opts);
      cairo_restore (cr);
    }
}

static void
draw_handle (PhSelectTool       *self,
             cairo_t            *cr,
             const PhRenderView *view)
{
  PhMapView *map_view = get_view (self);
  PhFigure *primary = ph_selection_get_primary (get_selection (self));
  const PhFigure *figure;
  PhBase base;
  PhPoint centre;
  double hx, hy;

  if (!ph_select_tool_get_handle (self, &hx, &hy))
    return;
  figure = ph_scenario_find_figure (ph_map_view_get_draw_scenario (map_view), primary->id);
  ph_figure_get_base (figure, &base);
  centre = ph_render_view_to_device (view, base.centre);

  cairo_save (cr);
  cairo_set_line_width (cr, 1.5);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_move_to (cr, centre.x, centre.y);
  cairo_line_to (cr, hx, hy);
  cairo_stroke (cr);
  cairo_arc (cr, hx, hy, HANDLE_RADIUS, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_stroke (cr);
  cairo_restore (cr);
  draw_markers_over_handle (self, cr, view, centre, hx, hy);
}

static void
draw_rubber_band (PhSelectTool *self,
                  cairo_t      *cr)
{
  double x0, y0, x1, y1;

  if (self->mode != SELECT_DRAG_RUBBER || !self->started)
    return;

  x0 = MIN (self->drag.start_x, self->drag.x);
  y0 = MIN (self->drag.start_y, self->drag.y);
  x1 = MAX (self->drag.start_x, self->drag.x);
  y1 = MAX (self->drag.start_y, self->drag.y);

  cairo_save (cr);
  cairo_rectangle (cr, floor (x0) + 0.5, floor (y0) + 0.5, floor (x1 - x0), floor (y1 - y0));
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.18);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* "moved 6.5 in · 7.5 in left", by the pointer during a move in a game;
 * NULL without one */
static char *
label_markup (PhSelectTool *self)
{
  g_autofree char *text = NULL;

  if (!self->in_game || !self->started || self->game.label == NULL)
    return NULL;
  text = g_markup_escape_text (self->game.label, -1);
  return self->game.fits ? g_steal_pointer (&text)
    : g_strdup_printf ("<span foreground=\"#ffab91\">%s</span>", text);
}

static void
ph_select_tool_draw (PhTool             *tool,
                     cairo_t            *cr,
                     const PhRenderView *view)
{
  PhSelectTool *self = PH_SELECT_TOOL (tool);

  g_autofree char *markup = label_markup (self);

  draw_handle (self, cr, view);
  draw_rubber_band (self, cr);
  if (markup != NULL)
    {
      PhRect box;

      /* clear of the ghost at the start and the names round it */
      ph_map_view_place_move_label (get_view (self), self->drag.x, self->drag.y, markup, &box);
      ph_map_view_draw_label_in (get_view (self), cr, &box, markup);
    }
}

gboolean
ph_select_tool_get_label_box (PhSelectTool *self,
                              PhRect       *box)
{
  g_autofree char *markup = NULL;

  g_return_val_if_fail (PH_IS_SELECT_TOOL (self), FALSE);
  markup = label_markup (self);
  if (markup == NULL)
    return FALSE;
  ph_map_view_place_move_label (get_view (self), self->drag.x, self->drag.y, markup, box);
  return TRUE;
}

const char *
ph_select_tool_get_label (PhSelectTool *self,
                          gboolean     *fits)
{
  g_return_val_if_fail (PH_IS_SELECT_TOOL (self), NULL);
  if (!self->in_game || !self->started)
    return NULL;
  if (fits != NULL)
    *fits = self->game.fits;
  return self->game.label;
}

static void
ph_select_tool_finalize (GObject *object)
{
  PhSelectTool *self = PH_SELECT_TOOL (object);

  g_clear_pointer (&self->rubber_initial, g_ptr_array_unref);
  /* a window closed mid-drag: the game drag's plan and label */
  if (self->in_game)
    ph_game_drag_clear (&self->game);

  G_OBJECT_CLASS (ph_select_tool_parent_class)->finalize (object);
}

static void
ph_select_tool_class_init (PhSelectToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  PhToolClass *tool_class = PH_TOOL_CLASS (klass);

  object_class->finalize = ph_select_tool_finalize;

  tool_class->drag_begin = ph_select_tool_drag_begin;
  tool_class->drag_update = ph_select_tool_drag_update;
  tool_class->drag_end = ph_select_tool_drag_end;
  tool_class->drag_cancel = ph_select_tool_drag_cancel;
  tool_class->reset = ph_select_tool_reset;
  tool_class->motion = ph_select_tool_motion;
  tool_class->draw = ph_select_tool_draw;
}

static void
ph_select_tool_init (PhSelectTool *self)
{
}

PhTool *
ph_select_tool_new (PhMapView *map_view)
{
  return g_object_new (PH_TYPE_SELECT_TOOL, "map-view", map_view, NULL);
}
