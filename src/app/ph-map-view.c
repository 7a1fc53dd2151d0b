/* ph-map-view.c: the battlefield widget: its state, selection and target
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Data flows one way: the document's scenario is drawn by the renderer,
 * questions go to the engine, and changes go back to the document as
 * commands. The widget itself knows no rules. Drawing is in
 * ph-map-view-draw.c, input in ph-map-view-input.c.
 */
#include "ph-map-view-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

G_DEFINE_FINAL_TYPE (PhMapView, ph_map_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_VIEWPORT,
  PROP_MEASURING,
  PROP_SHOW_ARC,
  N_PROPS
};

enum {
  SELECTION_CHANGED,
  TARGET_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
clear_state (PhMapView *self)
{
  ph_map_view_drag_clear (self);
  g_ptr_array_set_size (self->selection, 0);
  g_clear_pointer (&self->selected_ids, g_strfreev);
  self->hover = NULL;
  self->pinned_target = NULL;
  self->target = NULL;
  g_clear_pointer (&self->assessment, ph_assessment_free);
  g_clear_pointer (&self->assessment_error, g_free);
  self->has_tape = FALSE;
  self->tape_from = self->tape_to = NULL;
  g_clear_pointer (&self->tape_text, g_free);
}

static void
on_document_changed (PhMapView  *self,
                     guint       changes,
                     PhDocument *document)
{
  if (changes & PH_DOCUMENT_CHANGE_SCENARIO)
    {
      PhScenario *scenario = ph_document_get_scenario (document);

      clear_state (self);
      ph_viewport_set_table_size (self->viewport,
                                  scenario->table.width,
                                  scenario->table.height);
      ph_viewport_fit (self->viewport);
      g_signal_emit (self, signals[SELECTION_CHANGED], 0);
      g_signal_emit (self, signals[TARGET_CHANGED], 0);
    }

  /* Terrain: the static layer; figures: the figures layer only. */
  if (changes & (PH_DOCUMENT_CHANGE_TERRAIN | PH_DOCUMENT_CHANGE_SCENARIO))
    ph_map_view_invalidate_static (self);
  if (changes & (PH_DOCUMENT_CHANGE_FIGURES | PH_DOCUMENT_CHANGE_SCENARIO))
    ph_map_view_invalidate_figures (self);

  if (changes & PH_DOCUMENT_CHANGE_FIGURES)
    {
      /* Undo may have moved the shooter or its target. */
      if (self->drag_mode == PH_DRAG_NONE)
        {
          ph_map_view_set_hover (self, self->pointer_inside
                                 ? ph_map_view_figure_at (self, self->pointer_x, self->pointer_y)
                                 : NULL);
          ph_map_view_update_target (self);
          g_signal_emit (self, signals[TARGET_CHANGED], 0);
        }
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
on_viewport_changed (PhMapView  *self,
                     PhViewport *viewport)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ph_map_view_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  PhMapView *self = PH_MAP_VIEW (widget);

  ph_viewport_set_size (self->viewport, width, height);
}

static void
ph_map_view_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  *minimum = 200;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 900 : 640;
}

static void
ph_map_view_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  ph_map_view_snapshot_map (PH_MAP_VIEW (widget), snapshot);
}

static void
ph_map_view_dispose (GObject *object)
{
  PhMapView *self = PH_MAP_VIEW (object);

  ph_map_view_set_document (self, NULL);
  if (self->viewport)
    g_clear_signal_handler (&self->viewport_changed_handler, self->viewport);
  g_clear_object (&self->viewport);
  ph_map_view_layer_cache_clear (&self->static_cache);
  ph_map_view_layer_cache_clear (&self->figures_cache);

  G_OBJECT_CLASS (ph_map_view_parent_class)->dispose (object);
}

static void
ph_map_view_finalize (GObject *object)
{
  PhMapView *self = PH_MAP_VIEW (object);

  g_clear_pointer (&self->selection, g_ptr_array_unref);
  g_clear_pointer (&self->selected_ids, g_strfreev);
  g_clear_pointer (&self->assessment, ph_assessment_free);
  g_clear_pointer (&self->assessment_error, g_free);
  g_clear_pointer (&self->drag_items, g_array_unref);
  g_clear_pointer (&self->rubber_initial, g_ptr_array_unref);
  g_clear_pointer (&self->tape_text, g_free);

  G_OBJECT_CLASS (ph_map_view_parent_class)->finalize (object);
}

static void
ph_map_view_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  PhMapView *self = PH_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_VIEWPORT:
      g_value_set_object (value, self->viewport);
      break;
    case PROP_MEASURING:
      g_value_set_boolean (value, self->measuring);
      break;
    case PROP_SHOW_ARC:
      g_value_set_boolean (value, self->show_arc);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ph_map_view_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  PhMapView *self = PH_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      ph_map_view_set_document (self, g_value_get_object (value));
      break;
    case PROP_MEASURING:
      ph_map_view_set_measuring (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_ARC:
      ph_map_view_set_show_arc (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ph_map_view_class_init (PhMapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ph_map_view_dispose;
  object_class->finalize = ph_map_view_finalize;
  object_class->get_property = ph_map_view_get_property;
  object_class->set_property = ph_map_view_set_property;

  widget_class->size_allocate = ph_map_view_size_allocate;
  widget_class->measure = ph_map_view_measure;
  widget_class->snapshot = ph_map_view_snapshot;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, PH_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEWPORT] =
    g_param_spec_object ("viewport", NULL, NULL, PH_TYPE_VIEWPORT,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MEASURING] =
    g_param_spec_boolean ("measuring", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_ARC] =
    g_param_spec_boolean ("show-arc", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /* The target, or its assessment, changed. */
  signals[TARGET_CHANGED] =
    g_signal_new ("target-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "mapview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  ph_map_view_class_init_actions (widget_class);
}

static void
ph_map_view_init (PhMapView *self)
{
  PhShotOptions defaults = PH_SHOT_OPTIONS_INIT;

  self->selection = g_ptr_array_new ();
  self->shot_options = defaults;
  self->viewport = ph_viewport_new ();
  self->viewport_changed_handler =
    g_signal_connect_object (self->viewport, "changed",
                             G_CALLBACK (on_viewport_changed), self,
                             G_CONNECT_SWAPPED);
  self->drag_items = g_array_new (FALSE, FALSE, sizeof (PhDragItem));

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);

  ph_map_view_init_input (self);
}

GtkWidget *
ph_map_view_new (void)
{
  return g_object_new (PH_TYPE_MAP_VIEW, NULL);
}

PhDocument *
ph_map_view_get_document (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  return self->document;
}

void
ph_map_view_set_document (PhMapView  *self,
                          PhDocument *document)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));
  g_return_if_fail (document == NULL || PH_IS_DOCUMENT (document));

  if (self->document == document)
    return;

  if (self->document)
    g_clear_signal_handler (&self->document_changed_handler, self->document);
  clear_state (self);
  g_set_object (&self->document, document);

  if (document)
    {
      self->document_changed_handler =
        g_signal_connect_object (document, "changed",
                                 G_CALLBACK (on_document_changed), self,
                                 G_CONNECT_SWAPPED);
      on_document_changed (self, PH_DOCUMENT_CHANGE_ALL, document);
    }
  else
    ph_map_view_invalidate_static (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

PhViewport *
ph_map_view_get_viewport (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  return self->viewport;
}

gboolean
ph_map_view_get_measuring (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), FALSE);
  return self->measuring;
}

void
ph_map_view_set_measuring (PhMapView *self,
                           gboolean   measuring)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));

  measuring = !!measuring;
  if (self->measuring == measuring)
    return;

  self->measuring = measuring;
  if (!measuring)
    {
      self->has_tape = FALSE;
      g_clear_pointer (&self->tape_text, g_free);
    }
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), measuring ? "crosshair" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MEASURING]);
}

gboolean
ph_map_view_get_show_arc (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), FALSE);
  return self->show_arc;
}

void
ph_map_view_set_show_arc (PhMapView *self,
                          gboolean   show_arc)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));

  show_arc = !!show_arc;
  if (self->show_arc == show_arc)
    return;

  self->show_arc = show_arc;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_ARC]);
}

/* Selection */

PhFigure *
ph_map_view_get_selected_figure (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  if (self->selection->len == 0)
    return NULL;
  return g_ptr_array_index (self->selection, self->selection->len - 1);
}

PhFigure **
ph_map_view_get_selection (PhMapView *self,
                           guint     *n_figures)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  if (n_figures)
    *n_figures = self->selection->len;
  return (PhFigure **) self->selection->pdata;
}

gboolean
ph_map_view_is_selected (PhMapView *self,
                         PhFigure  *figure)
{
  return figure && g_ptr_array_find (self->selection, figure, NULL);
}

static void
selection_changed (PhMapView *self)
{
  g_clear_pointer (&self->selected_ids, g_strfreev);
  self->selected_ids = g_new0 (char *, self->selection->len + 1);
  for (guint i = 0; i < self->selection->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (self->selection, i);
      self->selected_ids[i] = g_strdup (figure->id);
    }

  ph_map_view_update_target (self);
  ph_map_view_invalidate_figures (self);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
  g_signal_emit (self, signals[TARGET_CHANGED], 0);
}

void
ph_map_view_set_selection (PhMapView *self,
                           GPtrArray *figures)
{
  gboolean same = figures->len == self->selection->len;

  for (guint i = 0; same && i < figures->len; i++)
    same = g_ptr_array_index (figures, i) == g_ptr_array_index (self->selection, i);
  if (same)
    return;

  g_ptr_array_set_size (self->selection, 0);
  for (guint i = 0; i < figures->len; i++)
    if (!g_ptr_array_find (self->selection, g_ptr_array_index (figures, i), NULL))
      g_ptr_array_add (self->selection, g_ptr_array_index (figures, i));
  selection_changed (self);
}

void
ph_map_view_select_figure (PhMapView *self,
                           PhFigure  *figure,
                           gboolean   extend)
{
  g_autoptr(GPtrArray) figures = NULL;

  g_return_if_fail (PH_IS_MAP_VIEW (self));

  figures = extend ? g_ptr_array_copy (self->selection, NULL, NULL) : g_ptr_array_new ();
  if (figure)
    {
      /* The one just picked becomes the primary one. */
      g_ptr_array_remove (figures, figure);
      g_ptr_array_add (figures, figure);
    }
  ph_map_view_set_selection (self, figures);
}

void
ph_map_view_select_all (PhMapView *self)
{
  g_autoptr(GPtrArray) figures = g_ptr_array_new ();
  PhScenario *scenario;

  g_return_if_fail (PH_IS_MAP_VIEW (self));
  if (self->document == NULL)
    return;

  scenario = ph_document_get_scenario (self->document);
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      if (!ph_figure_is_off_table (figure))
        g_ptr_array_add (figures, figure);
    }
  ph_map_view_set_selection (self, figures);
}

void
ph_map_view_clear_selection (PhMapView *self)
{
  g_autoptr(GPtrArray) none = g_ptr_array_new ();

  g_return_if_fail (PH_IS_MAP_VIEW (self));
  ph_map_view_set_selection (self, none);
}

/* Target and assessment */

static gboolean
is_enemy (const PhFigure *a,
          const PhFigure *b)
{
  return g_strcmp0 (a->side, b->side) != 0;
}

static void
reassess (PhMapView *self)
{
  PhFigure *shooter = ph_map_view_get_selected_figure (self);
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->assessment, ph_assessment_free);
  g_clear_pointer (&self->assessment_error, g_free);

  if (shooter == NULL || self->target == NULL || self->document == NULL)
    return;

  self->assessment = ph_engine_assess_figures (ph_document_get_scenario (self->document),
                                               shooter, self->target,
                                               &self->shot_options, &error);
  if (self->assessment == NULL)
    self->assessment_error = g_strdup (error ? error->message : _("The engine gave no answer"));
}

void
ph_map_view_update_target (PhMapView *self)
{
  PhFigure *shooter = ph_map_view_get_selected_figure (self);
  PhFigure *target = NULL;

  if (shooter)
    {
      if (self->hover && self->hover != shooter && is_enemy (shooter, self->hover)
          && !ph_figure_is_off_table (self->hover))
        target = self->hover;
      else if (self->pinned_target && self->pinned_target != shooter)
        target = self->pinned_target;
    }

  self->target = target;
  /* Cheap enough to redo on every change of shooter, target, options or
   * positions; never done on plain pointer motion. */
  reassess (self);
}

void
ph_map_view_set_hover (PhMapView *self,
                       PhFigure  *figure)
{
  PhFigure *old_target;

  if (self->hover == figure)
    return;

  self->hover = figure;
  old_target = self->target;
  if (ph_map_view_get_selected_figure (self))
    {
      ph_map_view_update_target (self);
      if (old_target != self->target)
        g_signal_emit (self, signals[TARGET_CHANGED], 0);
    }
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

PhFigure *
ph_map_view_get_target (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  return self->target;
}

void
ph_map_view_set_pinned_target (PhMapView *self,
                               PhFigure  *figure)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));

  if (self->pinned_target == figure)
    return;
  self->pinned_target = figure;
  ph_map_view_update_target (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[TARGET_CHANGED], 0);
}

void
ph_map_view_set_shot_options (PhMapView           *self,
                              const PhShotOptions *options)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));
  g_return_if_fail (options != NULL);

  if (memcmp (&self->shot_options, options, sizeof *options) == 0)
    return;
  self->shot_options = *options;
  reassess (self);
  g_signal_emit (self, signals[TARGET_CHANGED], 0);
}

const PhShotOptions *
ph_map_view_get_shot_options (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  return &self->shot_options;
}

const PhAssessment *
ph_map_view_get_assessment (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  return self->assessment;
}

const char *
ph_map_view_get_assessment_error (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  return self->assessment_error;
}

/* The view, and what it shows */

void
ph_map_view_get_render_view (PhMapView    *self,
                             PhRenderView *view)
{
  double scale = ph_viewport_get_scale (self->viewport);

  /* The table's corner on a whole pixel, so that the cached static image
   * and the figures drawn over it agree to the pixel. */
  ph_render_view_init (view, scale,
                       round (-ph_viewport_get_x (self->viewport) * scale),
                       round (-ph_viewport_get_y (self->viewport) * scale));
}

/* The scenario as the user sees it: during a drag, the dragged figures
 * stand where the pointer took them. */
const PhScenario *
ph_map_view_get_draw_scenario (PhMapView *self)
{
  if (self->has_drag_scenario)
    return &self->drag_scenario;
  return self->document ? ph_document_get_scenario (self->document) : NULL;
}

PhFigure *
ph_map_view_figure_at (PhMapView *self,
                       double     x,
                       double     y)
{
  PhRenderView view;

  if (self->document == NULL)
    return NULL;
  ph_map_view_get_render_view (self, &view);
  /* Small bases stay easy to pick when zoomed out. */
  return ph_render_figure_at (ph_document_get_scenario (self->document),
                              &view, x, y, 4.0);
}

void
ph_map_view_zoom_in (PhMapView *self)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));
  if (self->pointer_inside)
    ph_viewport_zoom_at (self->viewport, 1.25, self->pointer_x, self->pointer_y);
  else
    ph_viewport_zoom_at (self->viewport, 1.25,
                         ph_viewport_get_width (self->viewport) / 2,
                         ph_viewport_get_height (self->viewport) / 2);
}

void
ph_map_view_zoom_out (PhMapView *self)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));
  if (self->pointer_inside)
    ph_viewport_zoom_at (self->viewport, 0.8, self->pointer_x, self->pointer_y);
  else
    ph_viewport_zoom_at (self->viewport, 0.8,
                         ph_viewport_get_width (self->viewport) / 2,
                         ph_viewport_get_height (self->viewport) / 2);
}

void
ph_map_view_fit (PhMapView *self)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));
  ph_viewport_fit (self->viewport);
}

void
ph_map_view_turn_selection (PhMapView *self,
                            double     degrees)
{
  g_autofree const char **ids = NULL;
  g_autofree double *facings = NULL;
  guint n = self->selection->len;

  g_return_if_fail (PH_IS_MAP_VIEW (self));
  if (n == 0 || self->document == NULL || self->drag_mode != PH_DRAG_NONE)
    return;

  ids = g_new0 (const char *, n);
  facings = g_new0 (double, n);
  for (guint i = 0; i < n; i++)
    {
      PhFigure *figure = g_ptr_array_index (self->selection, i);
      ids[i] = figure->id;
      facings[i] = ph_angle_normalize (figure->facing + degrees);
    }
  ph_document_turn_figures (self->document, n, ids, facings);
}

const char *
ph_map_view_get_tape_text (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  return self->has_tape ? self->tape_text : NULL;
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
