/* ph-map-view-draw.c: the map view's drawing
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A frame is, bottom to top: the static layer (cloth, terrain, grid,
 * labels) and the figures layer, both images kept across frames (see
 * PhLayerCache); the range rings and fire arc of the selected figure; the
 * figures being dragged; the line of sight; the hover and target rings;
 * the tools' marks (the turning handle, the rubber band, the tape); and
 * the threat map's legend, over all of it.
 * The two images are drawn by a worker thread (ph-map-view-layers.c): a
 * frame only places them. For GPU renderers they are texture nodes kept
 * from frame to frame, and what changes from frame to frame is drawn into
 * cairo nodes only as big as what they hold, so that GTK, seeing the
 * layers' nodes unchanged, redraws only around them: hovering redraws a
 * ring, and a drag the dragged figures, their rings and the line of
 * sight. For the cairo renderer, one cairo node paints the images and
 * draws the rest over them.
 *
 * What surrounds the table is dark in both styles; in the dark style the
 * table itself (the static layer: cloth, terrain, margins) is dimmed a
 * little, a paper-like surface that does not glare in a dark window. The
 * figures, their names and what is drawn over them keep their colours.
 */
#include "ph-map-view-private.h"

#include <adwaita.h>
#include <math.h>

#include "ph-select-tool.h"

/* What surrounds the table */
#define BACKGROUND_RGB 0.16, 0.17, 0.18
/* The table over it in the dark style */
#define DARK_TABLE_OPACITY 0.8
/* The terrain drawn again (a full frame's worth), as if it had changed */
void
ph_map_view_invalidate_static (PhMapView *self)
{
  self->static_serial++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ph_map_view_invalidate_figures (PhMapView *self)
{
  self->figures_serial++;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
ph_map_view_figure_acted (PhMapView      *self,
                          const PhFigure *figure)
{
  PhGame *game = ph_document_get_game (self->document);
  const char *value = game != NULL ? ph_game_get_figure_var (game, figure->id, "activated") : NULL;

  return value != NULL && *value && g_strcmp0 (value, "0") != 0
         && g_ascii_strcasecmp (value, "false") != 0 && g_ascii_strcasecmp (value, "no") != 0;
}

char **
ph_map_view_activated_ids (PhMapView *self)
{
  PhGame *game = ph_document_get_game (self->document);
  PhScenario *scenario = ph_document_get_scenario (self->document);
  GPtrArray *ids;

  if (game == NULL)
    return NULL;
  ids = g_ptr_array_new ();
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (scenario->figures, i);

      if (ph_map_view_figure_acted (self, f))
        g_ptr_array_add (ids, g_strdup (f->id));
    }
  g_ptr_array_add (ids, NULL);
  return (char **) g_ptr_array_free (ids, FALSE);
}

static void
draw_figure_ring (cairo_t            *cr,
                  const PhRenderView *view,
                  const PhFigure     *figure,
                  double              gap)
{
  PhBase base;
  PhPoint centre;
  double r;

  ph_figure_get_base (figure, &base);
  centre = ph_render_view_to_device (view, base.centre);
  r = MAX (base.width, base.square ? base.depth * 1.0 : base.width) / 2 * view->scale;
  if (base.square)
    r *= G_SQRT2;
  cairo_new_sub_path (cr);
  cairo_arc (cr, centre.x, centre.y, r + gap, 0, 2 * G_PI);
}

static void
draw_highlights (PhMapView          *self,
                 cairo_t            *cr,
                 const PhRenderView *view)
{
  static const double dash[] = { 4, 3 };
  PhSelection *selection = ph_map_view_get_selection_model (self);
  PhShotController *shot = ph_map_view_get_shot_controller (self);
  PhFigure *hover = ph_selection_get_hover (selection);
  PhFigure *target = ph_shot_controller_get_target (shot);

  if (self->dragging)
    return;

  cairo_save (cr);
  if (hover && hover != target && !ph_selection_contains (selection, hover))
    {
      draw_figure_ring (cr, view, hover, 3);
      cairo_set_line_width (cr, 2);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
      cairo_stroke (cr);
    }
  if (target)
    {
      const PhAssessment *assessment = ph_shot_controller_get_assessment (shot);
      gboolean can_fire = assessment && assessment->can_fire;

      draw_figure_ring (cr, view, target, 4);
      cairo_set_line_width (cr, 2.5);
      cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
      if (can_fire)
        cairo_set_source_rgb (cr, 1.0, 0.84, 0.2);
      else
        cairo_set_source_rgb (cr, 0.85, 0.25, 0.2);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/* The glow of the figures selected since the figures layer shown was
 * drawn (its worker's image comes a frame or more later), under that
 * layer as it is under the figures' bases in it: a new selection shows
 * in the frame of the click. (A figure unselected meanwhile keeps its
 * glow until the new image comes.) */
static void
draw_new_selection (PhMapView          *self,
                    cairo_t            *cr,
                    const PhRenderView *view)
{
  const char * const *ids = ph_selection_get_ids (ph_map_view_get_selection_model (self));
  const PhLayerCache *cache = &self->figures_cache;
  g_autoptr(GPtrArray) fresh = NULL;
  PhRenderOptions opts;

  /* a drag draws its figures, glow and all, over the layer */
  if (ids == NULL || !cache->valid || self->has_drag_scenario)
    return;
  for (guint i = 0; ids[i] != NULL; i++)
    if (cache->selected == NULL || !g_strv_contains ((const char * const *) cache->selected, ids[i]))
      {
        if (fresh == NULL)
          fresh = g_ptr_array_new ();
        g_ptr_array_add (fresh, (gpointer) ids[i]);
      }
  if (fresh == NULL)
    return;
  g_ptr_array_add (fresh, NULL);
  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_FIGURES;
  opts.selected = (const char * const *) fresh->pdata;
  ph_render_selection_glow (cr, ph_document_get_scenario (self->document), view, &opts);
}

/* Range rings and fire arc, under the figures; during a drag they go
 * with the dragged figure. */
static GArray *drag_label_obstacles (PhMapView          *self,
                                     const PhRenderView *view);
static gboolean names_inside (PhMapView          *self,
                              const PhRenderView *view,
                              PhRect             *inside);

/* The options both overlay calls share, the rings' under the figures and
 * the line of sight's over them: each is given the other's figures
 * (PhRenderOptions.rings_not_drawn, los_not_drawn), so that their labels
 * keep clear of each other, placed alike in both, and the names the
 * labels keep clear of are placed as the figures layer places them
 * (names_inside too). @activated and @inside are the caller's. */
static void
overlay_options (PhMapView          *self,
                 const PhRenderView *view,
                 PhFigure           *primary,
                 PhFigure           *target,
                 GStrv              *activated,
                 PhRect             *inside,
                 PhRenderOptions    *opts)
{
  GArray *labels;

  *activated = ph_map_view_activated_ids (self);
  ph_render_options_init (opts);
  opts->layers = PH_RENDER_OVERLAYS;
  /* the labels keep clear of the names and badges the figures layer has
   * placed: the same selection and activations give the same places */
  opts->selected = ph_selection_get_ids (ph_map_view_get_selection_model (self));
  opts->activated = (const char * const *) *activated;
  if (names_inside (self, view, inside))
    opts->names_inside = inside;
  opts->rings_figure = primary->id;
  opts->show_arc = self->show_arc;
  /* his own chances at each range would read as the threat's */
  opts->rings_hide_labels = ph_map_view_threat_shown (self);
  /* and their tint would turn its colours into other steps */
  opts->rings_unfilled = ph_map_view_threat_shown (self);
  if (target != NULL)
    {
      opts->rings_target_mounted = target->mounted;
      opts->los_from = primary->id;
      opts->los_to = target->id;
    }
  labels = drag_label_obstacles (self, view);
  if (labels != NULL)
    {
      opts->label_obstacles = (const PhRect *) labels->data;
      opts->n_label_obstacles = labels->len;
    }
}

static void
draw_rings (PhMapView          *self,
            cairo_t            *cr,
            const PhRenderView *view)
{
  PhFigure *primary = ph_map_view_get_selected_figure (self);
  PhFigure *target = ph_map_view_get_target (self);
  g_auto(GStrv) activated = NULL;
  PhRenderOptions opts;
  PhRect inside;

  /* the threat map under the rings (a new man's when none is picked) */
  ph_map_view_draw_threat (self, cr, view);
  if (primary == NULL || ph_figure_is_off_table (primary))
    return;
  overlay_options (self, view, primary, target, &activated, &inside, &opts);
  /* the line over the figures, later */
  opts.los_not_drawn = TRUE;
  ph_render_dynamic (cr, ph_map_view_get_draw_scenario (self), view, &opts);
  /* a move's reach over the rings: its outline is what the eye follows */
  ph_map_view_draw_reach (self, cr, view);
}

/* What goes between the two layers */
static void
draw_under_figures (PhMapView          *self,
                    cairo_t            *cr,
                    const PhRenderView *view)
{
  draw_rings (self, cr, view);
  draw_new_selection (self, cr, view);
}

/* What the figures layer shows during a drag (the figures that stay
 * put): their names, bases and badges, worked out once for the drag and
 * the view */
static void
update_obstacles (PhMapView          *self,
                  const PhRenderView *view)
{
  const PhRenderView *v = &self->drag_obstacles_view;
  g_auto(GStrv) activated = NULL;
  cairo_rectangle_t extents = { 0, 0, gtk_widget_get_width (GTK_WIDGET (self)),
                                gtk_widget_get_height (GTK_WIDGET (self)) };
  cairo_surface_t *surface;
  cairo_t *cr;
  PhRenderOptions opts;

  if (self->drag_obstacles != NULL && v->scale == view->scale && v->x0 == view->x0
      && v->y0 == view->y0)
    return;
  g_clear_pointer (&self->drag_obstacles, g_array_unref);
  g_clear_pointer (&self->drag_labels, g_array_unref);
  g_clear_pointer (&self->drag_plates, g_array_unref);
  self->drag_obstacles = g_array_new (FALSE, FALSE, sizeof (PhRect));
  self->drag_labels = g_array_new (FALSE, FALSE, sizeof (PhRect));
  self->drag_plates = g_array_new (FALSE, FALSE, sizeof (PhRenderNamePlate));
  self->drag_obstacles_view = *view;
  activated = ph_map_view_activated_ids (self);
  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_FEATURE_NAMES | PH_RENDER_FIGURES | PH_RENDER_FIGURE_NAMES
                | PH_RENDER_STATUS;
  opts.selected = ph_selection_get_ids (ph_map_view_get_selection_model (self));
  opts.activated = (const char * const *) activated;
  /* the figures in view, as the layer places their names */
  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
  cr = cairo_create (surface);
  ph_render_figure_obstacles_named (cr, &self->drag_rest, view, &opts, self->drag_obstacles,
                                    self->drag_labels, self->drag_plates);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Those of the obstacles a name of @moving's figures might meet, and
 * @label's box (may be NULL); NULL when there are none, or they were
 * worked out for another view */
static GArray *
obstacles_near (PhMapView          *self,
                const PhRenderView *view,
                const PhScenario   *moving,
                const PhRect       *label)
{
  const PhRenderView *v = &self->drag_obstacles_view;
  GArray *near = g_array_new (FALSE, FALSE, sizeof (PhRect));
  PhRect around = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
  /* how far a name may reach from its base */
  double reach = 300;

  if (label != NULL)
    g_array_append_val (near, *label);
  if (self->drag_obstacles != NULL && v->scale == view->scale && v->x0 == view->x0
      && v->y0 == view->y0)
    {
      for (guint i = 0; i < moving->figures->len; i++)
        {
          const PhFigure *f = g_ptr_array_index (moving->figures, i);
          PhPoint c = ph_render_view_to_device (view, (PhPoint) { f->x, f->y });

          around.x0 = MIN (around.x0, c.x - reach);
          around.y0 = MIN (around.y0, c.y - reach);
          around.x1 = MAX (around.x1, c.x + reach);
          around.y1 = MAX (around.y1, c.y + reach);
        }
      for (guint i = 0; i < self->drag_obstacles->len; i++)
        {
          const PhRect *b = &g_array_index (self->drag_obstacles, PhRect, i);

          if (ph_rect_intersects (b, &around))
            g_array_append_val (near, *b);
        }
    }
  if (near->len == 0)
    g_clear_pointer (&near, g_array_unref);
  return near;
}

/* Zoomed in, the view within the rulers' bands (device), where the
 * names of the men in view stay: FALSE while no band shows */
static gboolean
names_inside (PhMapView          *self,
              const PhRenderView *view,
              PhRect             *inside)
{
  return ph_render_rulers_inside (ph_map_view_get_draw_scenario (self), view,
                                  gtk_widget_get_width (GTK_WIDGET (self)),
                                  gtk_widget_get_height (GTK_WIDGET (self)), inside);
}

/* What was worked out for one frame only */
static void
forget_frame (PhMapView *self)
{
  g_clear_pointer (&self->frame_labels, g_array_unref);
}

static void moving_options (PhMapView          *self,
                            const PhRenderView *view,
                            GStrv               activated,
                            GArray            **avoid,
                            PhRect             *inside,
                            PhRenderOptions    *opts);

/* During a drag, what the rings' and the line of sight's labels keep
 * clear of: the names, badges and smoke of the figures layer shown
 * (worked out once a drag and view: placing a thousand names again for
 * each frame took most of the frame), those of the men dragged, where
 * they are now and placed as the drag frame places them (clear of the
 * move's label: placed otherwise, the line's label went over the
 * dragged man's name), once a frame for both, and the move's label by
 * the pointer (the line's label lay under it); NULL when nothing is
 * dragged. The frame's (forget_frame()), not the caller's. */
static GArray *
drag_label_obstacles (PhMapView          *self,
                      const PhRenderView *view)
{
  g_auto(GStrv) activated = NULL;
  g_autoptr(GArray) bases = NULL;
  g_autoptr(GArray) avoid = NULL;
  cairo_rectangle_t extents = { 0, 0, gtk_widget_get_width (GTK_WIDGET (self)),
                                gtk_widget_get_height (GTK_WIDGET (self)) };
  cairo_surface_t *surface;
  cairo_t *cr;
  PhRenderOptions opts;
  PhRect inside, label;
  GArray *labels;

  if (!self->has_drag_scenario)
    return NULL;
  if (self->frame_labels != NULL)
    return self->frame_labels;
  update_obstacles (self, view);
  labels = g_array_copy (self->drag_labels);
  if (ph_select_tool_get_label_box (PH_SELECT_TOOL (self->select_tool), &label))
    g_array_append_val (labels, label);
  bases = g_array_new (FALSE, FALSE, sizeof (PhRect));
  activated = ph_map_view_activated_ids (self);
  /* their names as the drag frame places them */
  moving_options (self, view, activated, &avoid, &inside, &opts);
  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
  cr = cairo_create (surface);
  ph_render_figure_obstacles (cr, &self->drag_moving, view, &opts, bases, labels);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  self->frame_labels = labels;
  return labels;
}

/* The markers of @rest's men (those the figures layer shows) drawn
 * again over @over's men just drawn above that layer, where their bases
 * (and a picked man's glow) lie: a man dragged, or just put down, next
 * to McCabe hid his "M" */
static void
markers_over (PhMapView          *self,
              cairo_t            *cr,
              const PhRenderView *view,
              const PhScenario   *over,
              const PhScenario   *rest)
{
  g_autoptr(GArray) bases = g_array_new (FALSE, FALSE, sizeof (PhRect));
  g_auto(GStrv) activated = NULL;
  PhRenderOptions opts;

  ph_map_view_base_boxes (over, view, 7, bases);
  if (bases->len == 0)
    return;
  activated = ph_map_view_activated_ids (self);
  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_FIGURES | PH_RENDER_STATUS;
  opts.selected = ph_selection_get_ids (ph_map_view_get_selection_model (self));
  opts.activated = (const char * const *) activated;
  cairo_save (cr);
  for (guint i = 0; i < bases->len; i++)
    {
      const PhRect *b = &g_array_index (bases, PhRect, i);

      cairo_rectangle (cr, floor (b->x0), floor (b->y0), ceil (b->x1) - floor (b->x0),
                       ceil (b->y1) - floor (b->y0));
    }
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  cairo_clip (cr);
  ph_render_figure_markers_over (cr, rest, view, &opts);
  cairo_restore (cr);
}

static void
draw_dropped (PhMapView          *self,
              cairo_t            *cr,
              const PhRenderView *view)
{
  PhScenario *scenario = ph_document_get_scenario (self->document);
  g_auto(GStrv) activated = ph_map_view_activated_ids (self);
  PhScenario shown = *scenario;
  PhRenderOptions opts;
  PhRect inside;
  g_autoptr(GArray) avoid = NULL;

  shown.figures = g_ptr_array_new ();
  shown.figure_ids = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; self->dropped_ids[i] != NULL; i++)
    {
      PhFigure *figure = ph_scenario_find_figure (scenario, self->dropped_ids[i]);

      if (figure != NULL)
        {
          g_ptr_array_add (shown.figures, figure);
          g_hash_table_insert (shown.figure_ids, figure->id, figure);
        }
    }
  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_FIGURES | PH_RENDER_FIGURE_NAMES | PH_RENDER_STATUS;
  opts.selected = ph_selection_get_ids (ph_map_view_get_selection_model (self));
  opts.activated = (const char * const *) activated;
  /* their names clear of the others' in the layer shown (the drag's) */
  avoid = obstacles_near (self, view, &shown, NULL);
  if (avoid != NULL)
    {
      opts.names_avoid = (const PhRect *) avoid->data;
      opts.n_names_avoid = avoid->len;
    }
  if (names_inside (self, view, &inside))
    opts.names_inside = &inside;
  ph_render_dynamic (cr, &shown, view, &opts);
  /* the others' markers over them, as in the layer to come */
  {
    PhScenario rest = *scenario;

    rest.figures = g_ptr_array_new ();
    rest.figure_ids = g_hash_table_new (g_str_hash, g_str_equal);
    for (guint i = 0; i < scenario->figures->len; i++)
      {
        PhFigure *figure = g_ptr_array_index (scenario->figures, i);

        if (g_hash_table_contains (shown.figure_ids, figure->id))
          continue;
        g_ptr_array_add (rest.figures, figure);
        g_hash_table_insert (rest.figure_ids, figure->id, figure);
      }
    markers_over (self, cr, view, &shown, &rest);
    g_ptr_array_unref (rest.figures);
    g_hash_table_unref (rest.figure_ids);
  }
  g_ptr_array_unref (shown.figures);
  g_hash_table_unref (shown.figure_ids);
}

/* The options the dragged men are drawn with in a drag frame: their
 * names clear of the names, bases and badges the figures layer shows,
 * and of the move's label by the pointer (@avoid, @inside: the
 * caller's) */
static void
moving_options (PhMapView          *self,
                const PhRenderView *view,
                GStrv               activated,
                GArray            **avoid,
                PhRect             *inside,
                PhRenderOptions    *opts)
{
  PhRect label;
  gboolean has_label;

  ph_render_options_init (opts);
  opts->layers = PH_RENDER_FIGURES | PH_RENDER_FIGURE_NAMES | PH_RENDER_STATUS;
  opts->selected = ph_selection_get_ids (ph_map_view_get_selection_model (self));
  opts->activated = (const char * const *) activated;
  update_obstacles (self, view);
  has_label = ph_select_tool_get_label_box (PH_SELECT_TOOL (self->select_tool), &label);
  *avoid = obstacles_near (self, view, &self->drag_moving, has_label ? &label : NULL);
  if (*avoid != NULL)
    {
      opts->names_avoid = (const PhRect *) (*avoid)->data;
      opts->n_names_avoid = (*avoid)->len;
    }
  if (names_inside (self, view, inside))
    opts->names_inside = inside;
}

/* During a drag, the names the figures layer shows (placed without the
 * men dragged) that a dragged man's base now lies over: each is wiped
 * from where it stood (the static layer and what is drawn under the
 * figures painted again there) and placed again, clear of the dragged
 * men, their names and the move's label, or left out while no room is
 * found (a name it is unread under the base otherwise) */
static void
draw_covered_names (PhMapView          *self,
                    cairo_t            *cr,
                    const PhRenderView *view)
{
  const PhRenderView *v = &self->drag_obstacles_view;
  g_autoptr(GArray) mine = g_array_new (FALSE, FALSE, sizeof (PhRect));
  g_autoptr(GArray) covered = g_array_new (FALSE, FALSE, sizeof (PhRenderNamePlate));
  g_auto(GStrv) activated = NULL;
  g_autoptr(GArray) avoid = NULL;
  PhScenario shown;
  PhRenderOptions opts;
  PhRect inside;

  update_obstacles (self, view);
  if (self->drag_plates == NULL || v->scale != view->scale || v->x0 != view->x0
      || v->y0 != view->y0)
    return;
  ph_map_view_base_boxes (&self->drag_moving, view, 2, mine);
  for (guint i = 0; i < self->drag_plates->len; i++)
    {
      const PhRenderNamePlate *p = &g_array_index (self->drag_plates, PhRenderNamePlate, i);

      for (guint j = 0; j < mine->len; j++)
        if (ph_rect_intersects (&p->box, &g_array_index (mine, PhRect, j)))
          {
            g_array_append_val (covered, *p);
            break;
          }
    }
  if (covered->len == 0)
    return;

  /* wiped: what is under the figures layer, painted again where the
   * plates and their leaders were */
  cairo_save (cr);
  for (guint i = 0; i < covered->len; i++)
    {
      const PhRenderNamePlate *p = &g_array_index (covered, PhRenderNamePlate, i);

      cairo_rectangle (cr, round (p->box.x0), round (p->box.y0),
                       round (p->box.x1) - round (p->box.x0), round (p->box.y1) - round (p->box.y0));
      if (p->has_leader)
        cairo_rectangle (cr, floor (p->leader.x0), floor (p->leader.y0),
                         ceil (p->leader.x1) - floor (p->leader.x0),
                         ceil (p->leader.y1) - floor (p->leader.y0));
    }
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, BACKGROUND_RGB);
  cairo_paint (cr);
  ph_map_view_layer_paint (&self->static_cache, cr, view, ph_map_view_get_table_opacity (self));
  draw_under_figures (self, cr, view);
  cairo_restore (cr);

  /* placed again: clear of what the dragged men's names keep clear of,
   * and of the dragged men with their names as this frame places them */
  shown = self->drag_rest;
  shown.figures = g_ptr_array_new ();
  shown.figure_ids = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < covered->len; i++)
    {
      PhFigure *figure = (PhFigure *) g_array_index (covered, PhRenderNamePlate, i).figure;

      if (g_hash_table_contains (shown.figure_ids, figure->id))
        continue;
      g_ptr_array_add (shown.figures, figure);
      g_hash_table_insert (shown.figure_ids, figure->id, figure);
    }
  activated = ph_map_view_activated_ids (self);
  {
    g_autoptr(GArray) moving_avoid = NULL;
    cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
    cairo_t *rcr = cairo_create (surface);
    PhRect moving_inside;

    moving_options (self, view, activated, &moving_avoid, &moving_inside, &opts);
    avoid = g_array_new (FALSE, FALSE, sizeof (PhRect));
    ph_render_figure_obstacles (rcr, &self->drag_moving, view, &opts, avoid, NULL);
    cairo_destroy (rcr);
    cairo_surface_destroy (surface);
    if (moving_avoid != NULL)
      g_array_append_vals (avoid, moving_avoid->data, moving_avoid->len);
  }
  {
    g_autoptr(GArray) near = obstacles_near (self, view, &shown, NULL);

    if (near != NULL)
      g_array_append_vals (avoid, near->data, near->len);
  }
  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_FIGURE_NAMES;
  opts.selected = ph_selection_get_ids (ph_map_view_get_selection_model (self));
  opts.activated = (const char * const *) activated;
  opts.names_avoid = (const PhRect *) avoid->data;
  opts.n_names_avoid = avoid->len;
  if (names_inside (self, view, &inside))
    opts.names_inside = &inside;
  ph_render_dynamic (cr, &shown, view, &opts);
  g_ptr_array_unref (shown.figures);
  g_hash_table_unref (shown.figure_ids);
}

/* What changes from frame to frame over the figures layer */
static void
draw_top (PhMapView          *self,
          cairo_t            *cr,
          const PhRenderView *view)
{
  PhFigure *primary = ph_map_view_get_selected_figure (self);
  PhFigure *target = ph_map_view_get_target (self);
  PhRenderOptions opts;
  PhRect inside;

  /* The names of the men that stay put that a dragged man now covers,
   * placed again; then the dragged figures, where the drag has taken
   * them, and a ghost of each where it started */
  if (self->has_drag_scenario)
    draw_covered_names (self, cr, view);
  if (self->has_drag_scenario)
    {
      cairo_surface_t *ghosts = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
      cairo_t *gcr = cairo_create (ghosts);
      double x, y, w, h;

      ph_render_options_init (&opts);
      opts.layers = PH_RENDER_FIGURES;
      ph_render_dynamic (gcr, &self->drag_ghosts, view, &opts);
      cairo_destroy (gcr);
      /* faded as one, within their own extents (the frame redraws only
       * around what it holds) */
      cairo_recording_surface_ink_extents (ghosts, &x, &y, &w, &h);
      if (w > 0 && h > 0)
        {
          cairo_save (cr);
          cairo_rectangle (cr, floor (x), floor (y), ceil (x + w) - floor (x), ceil (y + h) - floor (y));
          cairo_clip (cr);
          cairo_push_group (cr);
          cairo_set_source_surface (cr, ghosts, 0, 0);
          cairo_paint (cr);
          cairo_pop_group_to_source (cr);
          cairo_paint_with_alpha (cr, 0.35);
          cairo_restore (cr);
        }
      cairo_surface_destroy (ghosts);
    }
  if (self->has_drag_scenario)
    {
      g_auto(GStrv) activated = ph_map_view_activated_ids (self);
      g_autoptr(GArray) avoid = NULL;

      moving_options (self, view, activated, &avoid, &inside, &opts);
      ph_render_dynamic (cr, &self->drag_moving, view, &opts);
      markers_over (self, cr, view, &self->drag_moving, &self->drag_rest);
    }

  /* Figures just put down, where the document has them now, while the
   * figures layer shown is still the drag's (drawn without them) */
  if (self->dropped_ids != NULL)
    {
      if (self->figures_cache.valid && self->figures_cache.key >= self->dropped_serial)
        g_clear_pointer (&self->dropped_ids, g_strfreev);
      else
        draw_dropped (self, cr, view);
    }

  /* The line of sight, from where a drag has taken them */
  if (primary && !ph_figure_is_off_table (primary) && target)
    {
      g_auto(GStrv) activated = NULL;

      overlay_options (self, view, primary, target, &activated, &inside, &opts);
      /* the rings are under the figures already */
      opts.rings_not_drawn = TRUE;
      ph_render_dynamic (cr, ph_map_view_get_draw_scenario (self), view, &opts);
    }

  /* Zoomed in past the table's edges: their numbers along the view's */
  ph_render_rulers (cr, ph_map_view_get_draw_scenario (self), view,
                    gtk_widget_get_width (GTK_WIDGET (self)),
                    gtk_widget_get_height (GTK_WIDGET (self)));

  draw_highlights (self, cr, view);
  /* The handle, the rubber band, the tape */
  for (guint i = 0; i < self->tools->len; i++)
    ph_tool_draw (g_ptr_array_index (self->tools, i), cr, view);
  /* The threat map's legend last, over everything: zoomed in, the rulers'
   * bands and the figures' names hid its words */
  ph_map_view_draw_threat_legend (self, cr, view);
}

double
ph_map_view_get_table_opacity (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), 1.0);
  return adw_is_initialized () && adw_style_manager_get_dark (adw_style_manager_get_default ())
         ? DARK_TABLE_OPACITY : 1.0;
}

void
ph_map_view_get_cloth_shown (PhMapView *self,
                             PhRgba    *out)
{
  static const double background[] = { BACKGROUND_RGB };
  PhRgba cloth = ph_render_cloth_rgba ();
  double a = ph_map_view_get_table_opacity (self);

  out->r = cloth.r * a + background[0] * (1 - a);
  out->g = cloth.g * a + background[1] * (1 - a);
  out->b = cloth.b * a + background[2] * (1 - a);
  out->a = 1;
}

typedef void (*Draw) (PhMapView          *self,
                      cairo_t            *cr,
                      const PhRenderView *view);

/* What @draw draws, in a cairo node only as big as its ink (within the
 * widget): GTK redraws that much when it changes, and no more */
static void
append_drawn (PhMapView          *self,
              GtkSnapshot        *snapshot,
              const PhRenderView *view,
              int                 width,
              int                 height,
              Draw                draw)
{
  cairo_rectangle_t extents = { 0, 0, width, height };
  cairo_surface_t *recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
  cairo_t *cr = cairo_create (recording);
  double x, y, w, h;

  draw (self, cr, view);
  cairo_destroy (cr);
  cairo_recording_surface_ink_extents (recording, &x, &y, &w, &h);
  if (w > 0 && h > 0)
    {
      double x0 = floor (MAX (x, 0)), y0 = floor (MAX (y, 0));
      double x1 = ceil (MIN (x + w, width)), y1 = ceil (MIN (y + h, height));

      if (x1 > x0 && y1 > y0)
        {
          cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (x0, y0, x1 - x0, y1 - y0));
          cairo_set_source_surface (cr, recording, 0, 0);
          cairo_paint (cr);
          cairo_destroy (cr);
        }
    }
  cairo_surface_destroy (recording);
}

void
ph_map_view_snapshot_map (PhMapView   *self,
                          GtkSnapshot *snapshot)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  const PhScenario *scenario = ph_map_view_get_draw_scenario (self);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, width, height);
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native ? gtk_native_get_renderer (native) : NULL;
  PhRenderView view;

  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { BACKGROUND_RGB, 1.0 }, &bounds);
  if (scenario == NULL || width <= 0 || height <= 0)
    return;

  /* the layers: asked for (drawn by the worker), and the last images
   * placed */
  forget_frame (self);
  ph_map_view_get_render_view (self, &view);
  ph_map_view_layer_request (self, &self->static_cache,
                             ph_document_get_terrain_revision (self->document)
                             + (self->static_serial << 20),
                             &view, width, height);
  ph_map_view_layer_request (self, &self->figures_cache, self->figures_serial,
                             &view, width, height);

  if (renderer == NULL || GSK_IS_CAIRO_RENDERER (renderer))
    {
      /* Software: GTK 4.8's cairo renderer draws a cairo node's recording
       * into an image of its own before painting it, and redraws the
       * window whole: one node that paints the layers' images and draws
       * the rest costs one such image a frame, where a node each would
       * cost one each. Its zoom steps took a third of the time. */
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &bounds);

      ph_map_view_layer_paint (&self->static_cache, cr, &view, ph_map_view_get_table_opacity (self));
      draw_under_figures (self, cr, &view);
      ph_map_view_layer_paint (&self->figures_cache, cr, &view, 1.0);
      draw_top (self, cr, &view);
      cairo_destroy (cr);
      return;
    }
  ph_map_view_layer_append (self, &self->static_cache, snapshot, &view,
                            ph_map_view_get_table_opacity (self));
  append_drawn (self, snapshot, &view, width, height, draw_under_figures);
  ph_map_view_layer_append (self, &self->figures_cache, snapshot, &view, 1.0);
  append_drawn (self, snapshot, &view, width, height, draw_top);
}

/* One of a frame's drawings, alone on @cr, as the frame draws it */
static void
draw_alone (PhMapView *self,
            cairo_t   *cr,
            Draw       draw)
{
  PhRenderView view;

  if (ph_map_view_get_draw_scenario (self) == NULL)
    return;
  ph_map_view_get_render_view (self, &view);
  forget_frame (self);
  draw (self, cr, &view);
}

void
ph_map_view_draw_overlays (PhMapView *self,
                           cairo_t   *cr)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));
  draw_alone (self, cr, draw_top);
}

void
ph_map_view_draw_under (PhMapView *self,
                        cairo_t   *cr)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));
  draw_alone (self, cr, draw_under_figures);
}

void
ph_map_view_get_line_label_boxes (PhMapView *self,
                                  GArray    *boxes)
{
  PhFigure *primary, *target;
  g_auto(GStrv) activated = NULL;
  g_autoptr(GArray) labels = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  PhRenderOptions opts;
  PhRenderView view;
  PhRect inside;

  g_return_if_fail (PH_IS_MAP_VIEW (self));
  if (ph_map_view_get_draw_scenario (self) == NULL)
    return;
  primary = ph_map_view_get_selected_figure (self);
  target = ph_map_view_get_target (self);
  if (primary == NULL || target == NULL || ph_figure_is_off_table (primary))
    return;
  ph_map_view_get_render_view (self, &view);
  forget_frame (self);
  /* drawn as draw_top() draws it, on an image that keeps nothing */
  surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cr = cairo_create (surface);
  labels = ph_render_collect_labels (cr);
  overlay_options (self, &view, primary, target, &activated, &inside, &opts);
  opts.rings_not_drawn = TRUE;
  ph_render_dynamic (cr, ph_map_view_get_draw_scenario (self), &view, &opts);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  forget_frame (self);
  for (guint i = 0; i < labels->len; i++)
    g_array_append_val (boxes, g_array_index (labels, PhRenderLabel, i).box);
}

gboolean
ph_map_view_get_move_label_box (PhMapView *self,
                                PhRect    *box)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), FALSE);
  return ph_select_tool_get_label_box (PH_SELECT_TOOL (self->select_tool), box);
}

const char *
ph_map_view_get_move_label (PhMapView *self,
                            gboolean  *fits)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  return ph_select_tool_get_label (PH_SELECT_TOOL (self->select_tool), fits);
}

guint
ph_map_view_get_static_builds (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), 0);
  return self->static_cache.n_builds;
}

guint
ph_map_view_get_figures_builds (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), 0);
  return self->figures_cache.n_builds;
}
