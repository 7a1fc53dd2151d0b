/* ph-map-view.c: the battlefield widget: its document, models and tools
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Data flows one way: the document's scenario is drawn by the renderer,
 * questions go to the engine (through the document's shot controller),
 * and changes go back to the document as commands. The widget itself
 * knows no rules. Drawing is in ph-map-view-draw.c, the controllers in
 * ph-map-view-input.c, drags in ph-map-view-drag.c, keys in
 * ph-map-view-actions.c; what a primary drag does, in the tools
 * (ph-select-tool.c, ph-measure-tool.c, and in edit mode
 * ph-terrain-tool.c and ph-draw-tool.c).
 */
#include "ph-map-view-private.h"

#include <adwaita.h>
#include <math.h>

#include <glib/gi18n.h>

#include "ph-draw-tool.h"
#include "ph-measure-tool.h"
#include "ph-select-tool.h"
#include "ph-terrain-tool.h"

G_DEFINE_FINAL_TYPE (PhMapView, ph_map_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_VIEWPORT,
  PROP_MEASURING,
  PROP_SHOW_ARC,
  PROP_EDIT_MODE,
  PROP_DRAW_SHAPE,
  PROP_DRAW_KIND,
  N_PROPS
};

enum {
  SELECTION_CHANGED,
  TARGET_CHANGED,
  MESSAGE,
  N_SIGNALS
};

/* How long a zoom's scale holds still before the layers are drawn sharp */
#define ZOOM_SETTLE_MS 150

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The rate chosen in the Move form: the reach shaded is the one it
 * allows (Featherstone's walk, run or charge) */
static void
on_document_move_wish_changed (PhMapView *self)
{
  ph_map_view_invalidate_reach (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_document_changed (PhMapView  *self,
                     guint       changes,
                     PhDocument *document)
{
  /* a move, a die, an undo: what the selected figure may reach */
  ph_map_view_invalidate_reach (self);
  /* a target who fell or fled is no target */
  if (changes & (PH_DOCUMENT_CHANGE_FIGURES | PH_DOCUMENT_CHANGE_GAME))
    {
      PhSelection *selection = ph_document_get_selection (document);
      PhFigure *pinned = ph_selection_get_pinned_target (selection);

      if (pinned != NULL && ph_figure_is_off_table (pinned))
        ph_selection_set_pinned_target (selection, NULL);
    }
  if (changes & PH_DOCUMENT_CHANGE_SCENARIO)
    {
      PhScenario *scenario = ph_document_get_scenario (document);

      ph_map_view_reset_tools (self);
      ph_viewport_set_table_size (self->viewport,
                                  scenario->table.width,
                                  scenario->table.height);
      ph_viewport_fit (self->viewport);
      g_signal_emit (self, signals[SELECTION_CHANGED], 0);
      g_signal_emit (self, signals[TARGET_CHANGED], 0);
    }

  /* A drag shows a shallow copy of the scenario that shares its terrain:
   * once the terrain changes under it (an undo mid-drag), it ends */
  if ((changes & PH_DOCUMENT_CHANGE_TERRAIN) && self->dragging)
    ph_map_view_cancel_drag (self);

  /* Terrain: the static layer (its key is the terrain's revision);
   * figures: the figures layer only. Another scenario: neither image
   * is shown while its own are drawn. */
  if (changes & PH_DOCUMENT_CHANGE_SCENARIO)
    {
      ph_map_view_layer_cache_forget (&self->static_cache);
      ph_map_view_layer_cache_forget (&self->figures_cache);
      g_clear_pointer (&self->dropped_ids, g_strfreev);
    }
  if (changes & (PH_DOCUMENT_CHANGE_TERRAIN | PH_DOCUMENT_CHANGE_SCENARIO))
    ph_map_view_invalidate_static (self);
  /* the figures layer has the terrain's names */
  if (changes & (PH_DOCUMENT_CHANGE_FIGURES | PH_DOCUMENT_CHANGE_TERRAIN
                 | PH_DOCUMENT_CHANGE_SCENARIO))
    ph_map_view_invalidate_figures (self);

  if (changes & PH_DOCUMENT_CHANGE_FIGURES)
    {
      /* Undo may have moved a figure under the pointer or away from it. */
      if (!self->dragging)
        ph_selection_set_hover (ph_document_get_selection (document),
                                self->pointer_inside
                                ? ph_map_view_figure_at (self, self->pointer_x, self->pointer_y)
                                : NULL);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
on_selection_changed (PhMapView   *self,
                      PhSelection *selection)
{
  ph_map_view_invalidate_reach (self);
  ph_map_view_invalidate_figures (self);
  ph_map_view_update_accessible (self);
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

static void
on_selection_notify_hover (PhMapView   *self,
                           GParamSpec  *pspec,
                           PhSelection *selection)
{
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_selection_notify_pinned_target (PhMapView   *self,
                                   GParamSpec  *pspec,
                                   PhSelection *selection)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_shot_controller_changed (PhMapView        *self,
                            PhShotController *controller)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  ph_map_view_update_accessible (self);
  g_signal_emit (self, signals[TARGET_CHANGED], 0);
}

static gboolean
on_zoom_settled (gpointer data)
{
  PhMapView *self = data;

  self->zoom_settle_id = 0;
  self->zoom_settling = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* A wheel or pinch zoom: until the scale holds still, frames show the
 * layers already drawn, scaled, instead of drawing them again on every
 * step (ph-map-view-draw.c) */
static void
on_viewport_changed (PhMapView  *self,
                     PhViewport *viewport)
{
  double scale = ph_viewport_get_scale (viewport);

  if (scale != self->last_scale)
    {
      if (self->last_scale > 0 && self->static_cache.valid)
        {
          self->zoom_settling = TRUE;
          g_clear_handle_id (&self->zoom_settle_id, g_source_remove);
          self->zoom_settle_id = g_timeout_add (ZOOM_SETTLE_MS, on_zoom_settled, self);
        }
      self->last_scale = scale;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
ph_map_view_get_zoom_settling (PhMapView *self)
{
  return self->zoom_settling;
}

static void
ph_map_view_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  PhMapView *self = PH_MAP_VIEW (widget);

  ph_viewport_set_size (self->viewport, width, height);
  if (self->context_menu != NULL)
    gtk_popover_present (GTK_POPOVER (self->context_menu));
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
  ph_map_view_invalidate_threat (self);
  g_clear_handle_id (&self->zoom_settle_id, g_source_remove);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->selection_signals);
  g_clear_object (&self->shot_signals);
  g_clear_object (&self->viewport);
  self->tool = self->drag_tool = self->select_tool = self->measure_tool = NULL;
  self->terrain_tool = self->draw_tool = NULL;
  g_clear_pointer (&self->tools, g_ptr_array_unref);
  g_clear_pointer (&self->context_menu, gtk_widget_unparent);
  ph_map_view_layer_cache_dispose (&self->static_cache);
  ph_map_view_layer_cache_dispose (&self->figures_cache);

  G_OBJECT_CLASS (ph_map_view_parent_class)->dispose (object);
}

static void
ph_map_view_finalize (GObject *object)
{
  PhMapView *self = PH_MAP_VIEW (object);

  g_clear_pointer (&self->shadows, g_array_unref);
  g_clear_pointer (&self->accessible_description, g_free);
  g_clear_pointer (&self->threat_side, g_free);
  g_clear_pointer (&self->dropped_ids, g_strfreev);
  g_clear_pointer (&self->drag_obstacles, g_array_unref);
  g_clear_pointer (&self->drag_labels, g_array_unref);
  g_clear_pointer (&self->drag_plates, g_array_unref);
  g_clear_pointer (&self->frame_labels, g_array_unref);
  ph_map_view_invalidate_reach (self);
  ph_map_view_invalidate_threat (self);

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
      g_value_set_boolean (value, ph_map_view_get_measuring (self));
      break;
    case PROP_SHOW_ARC:
      g_value_set_boolean (value, self->show_arc);
      break;
    case PROP_EDIT_MODE:
      g_value_set_boolean (value, self->edit_mode);
      break;
    case PROP_DRAW_SHAPE:
      g_value_set_int (value, ph_map_view_get_draw_shape (self));
      break;
    case PROP_DRAW_KIND:
      g_value_set_int (value, ph_draw_tool_get_kind (PH_DRAW_TOOL (self->draw_tool)));
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
    case PROP_EDIT_MODE:
      ph_map_view_set_edit_mode (self, g_value_get_boolean (value));
      break;
    case PROP_DRAW_SHAPE:
      ph_map_view_set_draw_shape (self, g_value_get_int (value));
      break;
    case PROP_DRAW_KIND:
      ph_map_view_set_draw_kind (self, g_value_get_int (value));
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
  /* Edit mode: terrain can be picked, changed and drawn. Without it a drag
   * never moves a wood. */
  properties[PROP_EDIT_MODE] =
    g_param_spec_boolean ("edit-mode", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* What a drag draws in edit mode: a PhDrawShape, PH_DRAW_NONE to pick */
  properties[PROP_DRAW_SHAPE] =
    g_param_spec_int ("draw-shape", NULL, NULL, PH_DRAW_NONE, PH_DRAW_POLYLINE, PH_DRAW_NONE,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The PhTerrainKind of what is drawn */
  properties[PROP_DRAW_KIND] =
    g_param_spec_int ("draw-kind", NULL, NULL, 0, PH_N_TERRAIN_KINDS - 1, PH_TERRAIN_WOODS,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A short message for the status line: why an edit was refused */
  signals[MESSAGE] =
    g_signal_new ("message",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

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
  ph_map_view_class_init_actions (widget_class);
  ph_map_view_class_init_a11y (widget_class);
}

static void
ph_map_view_init (PhMapView *self)
{
  self->viewport = ph_viewport_new ();
  g_signal_connect_object (self->viewport, "changed",
                           G_CALLBACK (on_viewport_changed), self, G_CONNECT_SWAPPED);
  self->shadows = g_array_new (FALSE, FALSE, sizeof (PhDragItem));
  self->static_cache.kind = PH_LAYER_STATIC;
  self->figures_cache.kind = PH_LAYER_FIGURES;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "map.refused", FALSE);

  self->document_signals = g_signal_group_new (PH_TYPE_DOCUMENT);
  g_signal_group_connect_object (self->document_signals, "changed",
                                 G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->document_signals, "move-wish-changed",
                                 G_CALLBACK (on_document_move_wish_changed), self,
                                 G_CONNECT_SWAPPED);
  self->selection_signals = g_signal_group_new (PH_TYPE_SELECTION);
  g_signal_group_connect_object (self->selection_signals, "changed",
                                 G_CALLBACK (on_selection_changed), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->selection_signals, "notify::hover",
                                 G_CALLBACK (on_selection_notify_hover), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->selection_signals, "notify::pinned-target",
                                 G_CALLBACK (on_selection_notify_pinned_target), self,
                                 G_CONNECT_SWAPPED);
  self->shot_signals = g_signal_group_new (PH_TYPE_SHOT_CONTROLLER);
  g_signal_group_connect_object (self->shot_signals, "changed",
                                 G_CALLBACK (on_shot_controller_changed), self, G_CONNECT_SWAPPED);
  /* the table is dimmed in the dark style */
  if (adw_is_initialized ())
    g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                             G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);

  self->tools = g_ptr_array_new_with_free_func (g_object_unref);
  self->select_tool = ph_select_tool_new (self);
  self->measure_tool = ph_measure_tool_new (self);
  g_ptr_array_add (self->tools, self->select_tool);
  self->terrain_tool = ph_terrain_tool_new (self, self->select_tool);
  self->draw_tool = ph_draw_tool_new (self);
  ph_draw_tool_set_shape (PH_DRAW_TOOL (self->draw_tool), PH_DRAW_NONE);
  g_ptr_array_add (self->tools, self->terrain_tool);
  g_ptr_array_add (self->tools, self->draw_tool);
  g_ptr_array_add (self->tools, self->measure_tool);
  self->tool = self->select_tool;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Table"), -1);
  ph_map_view_update_accessible (self);

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

  ph_map_view_reset_tools (self);
  g_signal_group_set_target (self->document_signals, document);
  g_signal_group_set_target (self->selection_signals,
                             document ? ph_document_get_selection (document) : NULL);
  g_signal_group_set_target (self->shot_signals,
                             document ? ph_document_get_shot_controller (document) : NULL);
  g_set_object (&self->document, document);

  ph_map_view_invalidate_reach (self);
  if (document)
    on_document_changed (self, PH_DOCUMENT_CHANGE_ALL, document);
  else
    {
      ph_map_view_layer_cache_forget (&self->static_cache);
      ph_map_view_layer_cache_forget (&self->figures_cache);
      ph_map_view_invalidate_static (self);
    }
  ph_map_view_update_accessible (self);

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
  return self->tool == self->measure_tool;
}

/* The tool a primary drag goes to when not measuring */
static PhTool *
usual_tool (PhMapView *self)
{
  if (!self->edit_mode)
    return self->select_tool;
  if (ph_draw_tool_get_shape (PH_DRAW_TOOL (self->draw_tool)) != PH_DRAW_NONE)
    return self->draw_tool;
  return self->terrain_tool;
}

static void
set_tool (PhMapView *self,
          PhTool    *tool)
{
  gboolean was_measuring = ph_map_view_get_measuring (self);

  if (self->tool == tool)
    return;
  /* What a tool shows goes with it; a drag under way goes on. */
  if (self->tool != self->select_tool && !self->dragging)
    ph_tool_reset (self->tool);
  self->tool = tool;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), ph_tool_get_cursor_name (tool));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (was_measuring != ph_map_view_get_measuring (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MEASURING]);
}

void
ph_map_view_set_measuring (PhMapView *self,
                           gboolean   measuring)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));

  if (!measuring && self->tool == self->measure_tool)
    ph_tool_reset (self->measure_tool);
  set_tool (self, measuring ? self->measure_tool : usual_tool (self));
}

gboolean
ph_map_view_get_edit_mode (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), FALSE);
  return self->edit_mode;
}

void
ph_map_view_set_edit_mode (PhMapView *self,
                           gboolean   edit_mode)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));

  edit_mode = !!edit_mode;
  if (self->edit_mode == edit_mode)
    return;
  self->edit_mode = edit_mode;
  if (!edit_mode)
    {
      PhSelection *selection = ph_map_view_get_selection_model (self);

      ph_tool_reset (self->draw_tool);
      ph_tool_reset (self->terrain_tool);
      if (selection != NULL)
        ph_selection_set_feature (selection, NULL);
    }
  if (!ph_map_view_get_measuring (self))
    set_tool (self, usual_tool (self));
  ph_map_view_invalidate_reach (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EDIT_MODE]);
}

int
ph_map_view_get_draw_shape (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), PH_DRAW_NONE);
  return ph_draw_tool_get_shape (PH_DRAW_TOOL (self->draw_tool));
}

void
ph_map_view_set_draw_shape (PhMapView *self,
                            int        shape)
{
  PhTerrainKind kind;

  g_return_if_fail (PH_IS_MAP_VIEW (self));

  if (ph_map_view_get_draw_shape (self) == shape)
    return;
  kind = ph_draw_tool_get_kind (PH_DRAW_TOOL (self->draw_tool));
  ph_draw_tool_set_shape (PH_DRAW_TOOL (self->draw_tool), shape);
  if (self->edit_mode && !ph_map_view_get_measuring (self))
    set_tool (self, usual_tool (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DRAW_SHAPE]);
  if (kind != ph_draw_tool_get_kind (PH_DRAW_TOOL (self->draw_tool)))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DRAW_KIND]);
}

int
ph_map_view_get_draw_kind (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), PH_TERRAIN_WOODS);
  return ph_draw_tool_get_kind (PH_DRAW_TOOL (self->draw_tool));
}

void
ph_map_view_set_draw_kind (PhMapView *self,
                           int        kind)
{
  int shape;

  g_return_if_fail (PH_IS_MAP_VIEW (self));
  g_return_if_fail (kind >= 0 && kind < PH_N_TERRAIN_KINDS);

  if (ph_map_view_get_draw_kind (self) == kind)
    return;
  shape = ph_map_view_get_draw_shape (self);
  ph_draw_tool_set_kind (PH_DRAW_TOOL (self->draw_tool), kind);
  if (self->edit_mode && !ph_map_view_get_measuring (self))
    set_tool (self, usual_tool (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DRAW_KIND]);
  if (shape != ph_map_view_get_draw_shape (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DRAW_SHAPE]);
}

void
ph_map_view_show_message (PhMapView  *self,
                          const char *message)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

PhTool *
ph_map_view_get_terrain_tool (PhMapView *self)
{
  return self->terrain_tool;
}

PhTool *
ph_map_view_get_draw_tool (PhMapView *self)
{
  return self->draw_tool;
}

PhTool *
ph_map_view_get_tool (PhMapView *self)
{
  return self->tool;
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

/* The document's models */

PhSelection *
ph_map_view_get_selection_model (PhMapView *self)
{
  return self->document ? ph_document_get_selection (self->document) : NULL;
}

PhShotController *
ph_map_view_get_shot_controller (PhMapView *self)
{
  return self->document ? ph_document_get_shot_controller (self->document) : NULL;
}

PhFigure *
ph_map_view_get_selected_figure (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  if (self->document == NULL)
    return NULL;
  return ph_selection_get_primary (ph_map_view_get_selection_model (self));
}

PhFigure **
ph_map_view_get_selection (PhMapView *self,
                           guint     *n_figures)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);

  if (self->document == NULL)
    {
      if (n_figures)
        *n_figures = 0;
      return NULL;
    }
  return ph_selection_get_figures (ph_map_view_get_selection_model (self), n_figures);
}

PhFigure *
ph_map_view_get_target (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  if (self->document == NULL)
    return NULL;
  return ph_shot_controller_get_target (ph_map_view_get_shot_controller (self));
}

void
ph_map_view_set_pinned_target (PhMapView *self,
                               PhFigure  *figure)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));
  if (self->document)
    ph_selection_set_pinned_target (ph_map_view_get_selection_model (self), figure);
}

const PhShotOptions *
ph_map_view_get_shot_options (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  if (self->document == NULL)
    return NULL;
  return ph_shot_controller_get_options (ph_map_view_get_shot_controller (self));
}

const PhAssessment *
ph_map_view_get_assessment (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  if (self->document == NULL)
    return NULL;
  return ph_shot_controller_get_assessment (ph_map_view_get_shot_controller (self));
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

PhPoint
ph_map_view_to_table (PhMapView *self,
                      double     x,
                      double     y)
{
  PhRenderView view;

  ph_map_view_get_render_view (self, &view);
  return ph_render_view_to_table (&view, (PhPoint) { x, y });
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
