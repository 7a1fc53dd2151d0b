/* ph-window-terrain.c: the window's edit mode: the Edit Table toggle, the
 * bar of shapes and kinds above the map, and the terrain's actions
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The state is the map view's ("edit-mode", "draw-shape", "draw-kind");
 * the buttons and the kind palette follow it both ways. The palette shows
 * every kind of the scenario format drawn by the map's own renderer, so
 * what is picked is what appears. A feature picked on the map shows in
 * the Terrain tab; Delete, Ctrl+D and the tab's buttons act on it.
 */
#include "ph-window-private.h"

#include <glib/gi18n.h>

#include "ph-draw-tool.h"
#include "ph-map-view-private.h"
#include "ph-render.h"
#include "ph-terrain-tool.h"

#define SWATCH_WIDTH 34
#define SWATCH_HEIGHT 22

static PhSelection *
selection_of (PhWindow *self)
{
  return ph_document_get_selection (self->document);
}

/* The kind swatch: a small table holding one feature of the kind */
static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  PhTerrainKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "kind"));
  g_autoptr(PhScenario) scenario = ph_scenario_new (0);
  PhFeature *feature = ph_feature_new ();
  PhRenderOptions opts;
  PhRenderView view;
  double w = 3.4, h = 2.2;

  scenario->table.width = w;
  scenario->table.height = h;
  scenario->table.grid = PH_GRID_NONE;
  feature->kind = kind;
  feature->id = g_strdup ("swatch");
  if (ph_terrain_kind_is_linear (kind))
    {
      PhPoint line[3] = { { 0.3, 1.6 }, { 1.7, 0.6 }, { 3.1, 1.4 } };

      ph_shape_init_points (&feature->shape, PH_SHAPE_POLYLINE, line, 3);
      feature->shape.line_width = 0.35;
    }
  else
    ph_shape_init_rect (&feature->shape, (PhPoint) { 0.3, 0.3 }, (PhPoint) { 3.1, 1.9 });
  g_ptr_array_add (scenario->features, feature);
  ph_scenario_reindex (scenario);

  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_CLOTH | PH_RENDER_TERRAIN;
  ph_render_view_init (&view, MIN (width / w, height / h), 0, 0);
  ph_render_static (cr, scenario, &view, &opts);
}

static void
on_kind_setup (GtkSignalListItemFactory *factory,
               GtkListItem              *item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *swatch = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), SWATCH_WIDTH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), SWATCH_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, NULL, NULL);
  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), gtk_label_new (NULL));
  gtk_list_item_set_child (item, box);
}

static void
on_kind_bind (GtkSignalListItemFactory *factory,
              GtkListItem              *item)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *swatch = gtk_widget_get_first_child (box);
  GtkWidget *label = gtk_widget_get_last_child (box);
  PhTerrainKind kind = gtk_list_item_get_position (item);

  g_object_set_data (G_OBJECT (swatch), "kind", GINT_TO_POINTER (kind));
  gtk_widget_queue_draw (swatch);
  gtk_label_set_label (GTK_LABEL (label), ph_terrain_kind_title (kind));
  gtk_widget_set_tooltip_text (box, ph_terrain_kind_is_linear (kind)
                                    ? _("A line: drawn with Line")
                                    : _("An area: drawn as a rectangle, circle or polygon"));
}

static GtkWidget *
kind_dropdown_new (void)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  GtkWidget *dropdown;

  for (int k = 0; k < PH_N_TERRAIN_KINDS; k++)
    gtk_string_list_append (names, ph_terrain_kind_title (k));
  g_signal_connect (factory, "setup", G_CALLBACK (on_kind_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (on_kind_bind), NULL);
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
  gtk_drop_down_set_factory (GTK_DROP_DOWN (dropdown), factory);
  gtk_widget_set_tooltip_text (dropdown, _("The kind of terrain to draw"));
  return dropdown;
}

static void
update_hint (PhWindow *self)
{
  const char *hint;

  switch (ph_map_view_get_draw_shape (self->map_view))
    {
    case PH_DRAW_RECT:
      hint = _("Drag from corner to corner");
      break;
    case PH_DRAW_CIRCLE:
      hint = _("Drag from the centre out");
      break;
    case PH_DRAW_POLYGON:
      hint = _("Click each corner · double-click or Enter closes · Esc cancels");
      break;
    case PH_DRAW_POLYLINE:
      hint = _("Click each point · double-click or Enter ends the line · Esc cancels");
      break;
    case PH_DRAW_NONE:
    default:
      hint = _("Click terrain to pick it · drag it, its corners or its handles · Delete removes");
      break;
    }
  gtk_label_set_label (GTK_LABEL (self->edit_hint), hint);
}

static void
on_map_view_draw_notify (PhWindow *self)
{
  int shape = ph_map_view_get_draw_shape (self->map_view);

  if (shape >= 0 && shape < (int) G_N_ELEMENTS (self->shape_buttons))
    gtk_toggle_button_set_active (self->shape_buttons[shape], TRUE);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->kind_dropdown),
                              ph_map_view_get_draw_kind (self->map_view));
  update_hint (self);
  ph_window_update_state (self);
}

static void
on_shape_button_toggled (GtkToggleButton *button,
                         PhWindow        *self)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (self->shape_buttons); i++)
    if (self->shape_buttons[i] == button)
      ph_map_view_set_draw_shape (self->map_view, i);
}

static void
on_kind_selected (PhWindow *self)
{
  guint kind = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->kind_dropdown));

  if (kind < PH_N_TERRAIN_KINDS)
    ph_map_view_set_draw_kind (self->map_view, kind);
}

static void
on_map_view_message (PhWindow   *self,
                     const char *message)
{
  /* NULL: what was said no longer holds (a drag cancelled): the usual
   * line again */
  if (message == NULL)
    {
      if (self->document != NULL)  /* not while the window goes */
        ph_window_update_state (self);
      return;
    }
  gtk_label_set_label (self->status_label, message);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), message);
}

static void
on_selection_feature_notify (PhWindow    *self,
                             GParamSpec  *pspec,
                             PhSelection *selection)
{
  if (self->document == NULL)  /* the window is going */
    return;
  if (ph_selection_get_feature (selection) != NULL)
    gtk_stack_set_visible_child_name (self->panel_stack, "terrain");
  ph_window_update_state (self);
}

/* Figures picked while the Terrain tab shows (Insert, a click): their tab */
static void
on_selection_changed (PhWindow    *self,
                      PhSelection *selection)
{
  if (self->document != NULL && ph_selection_get_n_figures (selection) > 0
      && g_strcmp0 (gtk_stack_get_visible_child_name (self->panel_stack), "terrain") == 0)
    gtk_stack_set_visible_child_name (self->panel_stack, "figure");
}

static void
edit_table_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);

  ph_map_view_set_edit_mode (self->map_view, !ph_map_view_get_edit_mode (self->map_view));
}

static void
restack_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);
  const char *id = ph_selection_get_feature (selection_of (self));
  g_autoptr(GError) error = NULL;

  if (id == NULL)
    return;
  if (!ph_document_restack_feature (self->document, id,
                                    g_str_equal (action_name, "win.raise-feature") ? 1
                                    : g_str_equal (action_name, "win.lower-feature") ? -1
                                    : g_str_equal (action_name, "win.front-feature") ? G_MAXINT
                                    : -G_MAXINT,
                                    &error)
      && error != NULL)
    gtk_label_set_label (self->status_label, error->message);
}

gboolean
ph_window_terrain_delete (PhWindow *self)
{
  const char *id = ph_selection_get_feature (selection_of (self));
  PhTerrainTool *tool = PH_TERRAIN_TOOL (ph_map_view_get_terrain_tool (self->map_view));
  g_autoptr(GError) error = NULL;
  g_autofree char *keep = NULL;
  g_autofree char *done = NULL;
  PhFeature *feature;

  if (id == NULL)
    return FALSE;
  /* a corner touched last goes first; then the feature */
  if (ph_map_view_get_tool (self->map_view) == PH_TOOL (tool)
      && ph_terrain_tool_delete_vertex (tool))
    return TRUE;
  keep = g_strdup (id);
  feature = ph_scenario_find_feature (ph_document_get_scenario (self->document), keep);
  done = g_strdup_printf (_("Deleted %s"),
                          feature != NULL ? ph_feature_display_name (feature) : keep);
  if (!ph_document_remove_feature (self->document, keep, &error))
    gtk_label_set_label (self->status_label, error->message);
  else
    {
      ph_selection_set_feature (selection_of (self), NULL);
      ph_window_toast_undo (self, done);
    }
  return TRUE;
}

gboolean
ph_window_terrain_duplicate (PhWindow *self)
{
  const char *id = ph_selection_get_feature (selection_of (self));
  g_autoptr(GError) error = NULL;
  g_autofree char *new_id = NULL;
  g_autofree char *keep = NULL;

  if (id == NULL)
    return FALSE;
  keep = g_strdup (id);
  if (!ph_document_duplicate_feature (self->document, keep, &new_id, &error))
    gtk_label_set_label (self->status_label, error->message);
  else
    ph_selection_set_feature (selection_of (self), new_id);
  return TRUE;
}

void
ph_window_terrain_update_state (PhWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean map = g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "map") == 0;
  gboolean feature = map && ph_selection_get_feature (selection_of (self)) != NULL;

  gtk_widget_action_set_enabled (widget, "win.edit-table", map);
  gtk_widget_action_set_enabled (widget, "win.raise-feature", feature);
  gtk_widget_action_set_enabled (widget, "win.lower-feature", feature);
  gtk_widget_action_set_enabled (widget, "win.front-feature", feature);
  gtk_widget_action_set_enabled (widget, "win.back-feature", feature);
  gtk_widget_set_sensitive (GTK_WIDGET (self->edit_button), map);
}

void
ph_window_terrain_init (PhWindow *self)
{
  GtkWidget *shape_box = gtk_widget_get_first_child (self->edit_bar);
  guint i = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (shape_box);
       child != NULL && i < G_N_ELEMENTS (self->shape_buttons);
       child = gtk_widget_get_next_sibling (child))
    {
      self->shape_buttons[i++] = GTK_TOGGLE_BUTTON (child);
      g_signal_connect_object (child, "toggled", G_CALLBACK (on_shape_button_toggled), self, 0);
    }
  self->kind_dropdown = kind_dropdown_new ();
  gtk_widget_insert_after (self->kind_dropdown, self->edit_bar, shape_box);
  g_signal_connect_object (self->kind_dropdown, "notify::selected",
                           G_CALLBACK (on_kind_selected), self, G_CONNECT_SWAPPED);

  g_object_bind_property (self->edit_button, "active", self->map_view, "edit-mode",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->map_view, "edit-mode", self->edit_bar, "visible",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->map_view, "notify::draw-shape",
                           G_CALLBACK (on_map_view_draw_notify), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map_view, "notify::draw-kind",
                           G_CALLBACK (on_map_view_draw_notify), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map_view, "notify::edit-mode",
                           G_CALLBACK (ph_window_update_state), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map_view, "message",
                           G_CALLBACK (on_map_view_message), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (selection_of (self), "changed",
                           G_CALLBACK (on_selection_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (selection_of (self), "notify::feature",
                           G_CALLBACK (on_selection_feature_notify), self, G_CONNECT_SWAPPED);
  ph_terrain_panel_set_document (self->terrain_panel, self->document);
  on_map_view_draw_notify (self);
}

void
ph_window_terrain_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, PhWindow, terrain_panel);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, edit_button);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, edit_bar);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, edit_hint);
  gtk_widget_class_install_action (widget_class, "win.edit-table", NULL, edit_table_action);
  gtk_widget_class_install_action (widget_class, "win.raise-feature", NULL, restack_action);
  gtk_widget_class_install_action (widget_class, "win.lower-feature", NULL, restack_action);
  gtk_widget_class_install_action (widget_class, "win.front-feature", NULL, restack_action);
  gtk_widget_class_install_action (widget_class, "win.back-feature", NULL, restack_action);
}
