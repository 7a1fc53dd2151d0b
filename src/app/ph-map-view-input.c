/* ph-map-view-input.c: what the pointer and the touchpad do on the map
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The controllers: drags go to ph-map-view-drag.c (and from there to the
 * tools); a secondary click pins a target. Scroll wheel and pinch zoom
 * toward the pointer; touchpad scrolling pans. The figure under the
 * pointer is the selection's "hover".
 */
#include "ph-map-view-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ph-selection.h"

#define WHEEL_ZOOM 1.2

/* Hovering */

void
ph_map_view_pointer_motion (PhMapView *self,
                            double     x,
                            double     y)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));

  self->pointer_inside = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  if (self->dragging || self->document == NULL)
    return;

  /* Picking is a walk over the bases; the engine is only asked again when
   * the figure under the pointer changes. */
  ph_selection_set_hover (ph_document_get_selection (self->document),
                          ph_map_view_figure_at (self, x, y));
  /* the threat map's legend reads the spot under the pointer */
  if (self->show_threat && self->threat_map != NULL)
    gtk_widget_queue_draw (GTK_WIDGET (self));
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), ph_tool_motion (self->tool, x, y));
}

/* Zooming by the keys: toward the pointer, else the view's centre */
static void
zoom_by (PhMapView *self,
         double     factor)
{
  if (self->pointer_inside)
    ph_viewport_zoom_at (self->viewport, factor, self->pointer_x, self->pointer_y);
  else
    ph_viewport_zoom_at (self->viewport, factor,
                         ph_viewport_get_width (self->viewport) / 2,
                         ph_viewport_get_height (self->viewport) / 2);
}

void
ph_map_view_zoom_in (PhMapView *self)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));
  zoom_by (self, 1.25);
}

void
ph_map_view_zoom_out (PhMapView *self)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));
  zoom_by (self, 0.8);
}

void
ph_map_view_fit (PhMapView *self)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));
  ph_viewport_fit (self->viewport);
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

/* After the menu of a refused drop closed: an item chosen has had its
 * say (it runs once the menu is closed); with none (Esc, a click away),
 * the figure stays put, and the refusal is no longer news */
static gboolean
forget_refusal (gpointer data)
{
  PhMapView *self = data;

  if (self->move_anyway_open)
    {
      self->move_anyway_open = FALSE;
      ph_map_view_show_message (self, NULL);
    }
  return G_SOURCE_REMOVE;
}

/* The map's one pop-up menu at @x, @y: the keys go back to the map when
 * it closes, whichever item (or Esc, or a click away) closed it */
static void
on_context_menu_closed (PhMapView *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
  if (self->move_anyway_open)
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, forget_refusal, g_object_ref (self),
                     g_object_unref);
}

void
ph_map_view_show_menu (PhMapView  *self,
                       GMenuModel *model,
                       double      x,
                       double      y)
{
  GdkRectangle at = { (int) x, (int) y, 1, 1 };

  self->move_anyway_open = FALSE;
  if (self->context_menu == NULL)
    {
      self->context_menu = gtk_popover_menu_new_from_model (model);
      gtk_widget_set_parent (self->context_menu, GTK_WIDGET (self));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->context_menu), FALSE);
      gtk_widget_set_halign (self->context_menu, GTK_ALIGN_START);
      g_signal_connect_object (self->context_menu, "closed",
                               G_CALLBACK (on_context_menu_closed), self, G_CONNECT_SWAPPED);
    }
  else
    gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->context_menu), model);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->context_menu), &at);
  gtk_popover_popup (GTK_POPOVER (self->context_menu));
  /* the figure's tooltip goes: it would cover the menu's items */
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
}

/* A missile weapon of his waits to be loaded (a refused load is worth saying
 * only then: "already loaded" on every loaded man's menu is clutter) */
static gboolean
has_unloaded_weapon (const PhFigure *figure)
{
  for (guint i = 0; figure->weapons != NULL && i < figure->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (figure->weapons, PhWeapon, i);

      if (!w->loaded && ph_weapon_kind_is_missile (w->kind))
        return TRUE;
    }
  return FALSE;
}

/* The steps of @figure alone the ruleset offers on his menu
 * (PhGameActionInfo.figure_menu) that the rules would take now, and his
 * load step (PhGameActionInfo.loads), greyed with the rules' reason when
 * they refuse it and he has a weapon to load; or NULL */
static GMenu *
figure_steps_menu (PhMapView *self,
                   PhFigure  *figure)
{
  PhGame *game = ph_document_get_game (self->document);
  g_autoptr(GMenu) steps = NULL;

  if (game == NULL || ph_document_get_replaying (self->document))
    return NULL;
  for (const PhGameActionInfo *info = ph_game_get_rules (game)->actions;
       info != NULL && info->name != NULL; info++)
    {
      g_autoptr(GHashTable) args = NULL;
      g_autoptr(GMenuItem) item = NULL;
      GVariantBuilder set;

      g_autoptr(GError) error = NULL;
      g_autofree char *words = NULL;
      gboolean needs_more = FALSE;

      if ((!info->figure_menu && !info->loads) || info->args == NULL
          || info->args[0].kind != PH_GAME_ARG_FIGURE)
        continue;
      args = g_hash_table_new (g_str_hash, g_str_equal);
      g_hash_table_insert (args, (gpointer) info->args[0].name, figure->id);
      if (!ph_game_try (game, info->name, args, FALSE, &error) && info->figure_menu
          && g_error_matches (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION))
        /* the rules take it now, but want what the form gives (Guns of
         * War's withdrawal, to a hex): the item opens it, filled in, for
         * a drag on the map or the form's own values */
        needs_more = TRUE;
      else if (error != NULL)
        {
          /* loading is his to pay for: said greyed, with the rules'
           * reason, never left to the free mark below */
          if (info->loads && has_unloaded_weapon (figure))
            {
              if (steps == NULL)
                steps = g_menu_new ();
              ph_map_view_append_refused_step (steps, info, error->message);
            }
          continue;
        }
      if (steps == NULL)
        steps = g_menu_new ();
      g_variant_builder_init (&set, G_VARIANT_TYPE ("a{ss}"));
      /* what the step costs, in the rules' words: "Load (musket, 6 IPs)" */
      words = ph_game_step_words (game, info->name, figure);
      if (words != NULL)
        {
          /* TRANSLATORS: the map's menu: "Load (musket, 6 IPs)" */
          g_autofree char *label = g_strdup_printf (_("%s (%s)"), _(info->label), words);

          item = g_menu_item_new (label, NULL);
        }
      else if (needs_more)
        {
          /* TRANSLATORS: the map's menu, a step the Game tab's form
           * finishes: "Withdraw from fire…" */
          g_autofree char *label = g_strdup_printf (_("%s…"), _(info->label));

          item = g_menu_item_new (label, NULL);
        }
      else
        item = g_menu_item_new (_(info->label), NULL);
      g_menu_item_set_action_and_target_value (item, "win.game-action",
                                               g_variant_new ("(sssba{ss})", info->name,
                                                              figure->id, "", needs_more,
                                                              &set));
      g_menu_append_item (steps, item);
    }
  return g_steal_pointer (&steps);
}

/* The menu of the selected figure, of the picked terrain feature (edit
 * mode), or of the table at @x, @y */
static GMenuModel *
context_menu_model (PhMapView *self,
                    PhFigure  *figure,
                    PhFeature *feature,
                    double     x,
                    double     y)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) edit = g_menu_new ();
  g_autoptr(GMenu) marks = g_menu_new ();

  if (feature != NULL)
    {
      g_autoptr(GMenu) order = g_menu_new ();
      g_autoptr(GMenu) clip = g_menu_new ();

      /* a game's log names the figures on the table: none comes or goes
       * (the document would refuse it) */
      if (ph_document_get_game (self->document) == NULL)
        {
          g_menu_append (edit, _("D_uplicate"), "win.duplicate");
          g_menu_append (edit, _("D_elete"), "win.delete");
          g_menu_append_section (menu, NULL, G_MENU_MODEL (edit));
        }
      g_menu_append (clip, _("Cu_t"), "win.cut");
      g_menu_append (clip, _("_Copy"), "win.copy");
      g_menu_append_section (menu, NULL, G_MENU_MODEL (clip));
      g_menu_append (order, _("Bring to _Front"), "win.front-feature");
      g_menu_append (order, _("_Raise"), "win.raise-feature");
      g_menu_append (order, _("_Lower"), "win.lower-feature");
      g_menu_append (order, _("Send to _Back"), "win.back-feature");
      g_menu_append_section (menu, NULL, G_MENU_MODEL (order));
    }
  else if (figure != NULL)
    {
      /* his own steps the rules take now (Guns of War's Advance and Stay
       * after a charge): first, where the referee looks */
      g_autoptr(GMenu) steps = figure_steps_menu (self, figure);

      if (steps != NULL)
        g_menu_append_section (menu, NULL, G_MENU_MODEL (steps));
      g_menu_append (marks, _("_Fired"), "win.toggle-status::fired");
      g_menu_append (marks, _("_Dead"), "win.toggle-status::dead");
      /* in a game loading is paid for by the step above: the mark is the
       * referee's say-so, free, and says so */
      if (ph_document_get_game (self->document) != NULL)
        g_menu_append (marks, _("_Loaded (referee, free)"), "win.load-all");
      else
        g_menu_append (marks, _("_Loaded (every weapon)"), "win.load-all");
      g_menu_append_section (menu, NULL, G_MENU_MODEL (marks));
      /* a game's log names the figures on the table: none comes or goes
       * (the document would refuse it) */
      if (ph_document_get_game (self->document) == NULL)
        {
          g_menu_append (edit, _("D_uplicate"), "win.duplicate");
          g_menu_append (edit, _("D_elete"), "win.delete");
          g_menu_append_section (menu, NULL, G_MENU_MODEL (edit));
        }
      {
        g_autoptr(GMenu) view = g_menu_new ();

        g_menu_append (view, _("_Centre on the Figure"), "map.centre");
        g_menu_append (view, _("_Zoom to the Figure"), "map.zoom-figure");
        g_menu_append_section (menu, NULL, G_MENU_MODEL (view));
      }
    }
  else
    {
      PhPoint p = ph_map_view_to_table (self, x, y);
      g_autoptr(GMenuItem) add = g_menu_item_new (_("_Add Figure Here"), NULL);

      g_menu_item_set_action_and_target_value (add, "win.add-figure-at",
                                               g_variant_new ("(dd)", p.x, p.y));
      if (ph_document_get_game (self->document) == NULL)
        {
          g_menu_append_item (edit, add);
          g_menu_append_section (menu, NULL, G_MENU_MODEL (edit));
        }
      if (ph_selection_get_pinned_target (ph_document_get_selection (self->document)) != NULL)
        g_menu_append (marks, _("_Clear the Target"), "map.cancel");
      g_menu_append (marks, _("Show the _Whole Table"), "map.fit");
      g_menu_append_section (menu, NULL, G_MENU_MODEL (marks));
    }
  return G_MENU_MODEL (menu);
}

void
ph_map_view_popup_menu (PhMapView *self,
                        double     x,
                        double     y)
{
  PhFigure *figure = ph_map_view_figure_at (self, x, y);
  PhFeature *feature = NULL;
  g_autoptr(GMenuModel) model = NULL;

  if (self->document == NULL)
    return;
  if (figure != NULL && figure != ph_map_view_get_selected_figure (self))
    figure = NULL;
  if (figure == NULL && self->edit_mode)
    {
      const PhScenario *scenario = ph_map_view_get_draw_scenario (self);
      PhRenderView view;

      /* in edit mode a right-click picks the terrain under it */
      ph_map_view_get_render_view (self, &view);
      feature = scenario ? ph_render_feature_at (scenario, &view, x, y, 8.0) : NULL;
      if (feature != NULL)
        ph_selection_set_feature (ph_document_get_selection (self->document), feature->id);
    }
  model = context_menu_model (self, figure, feature, x, y);
  ph_map_view_show_menu (self, model, x, y);
}

/* Right-click: on an enemy of the selected figure, pins it as the target
 * (the odds at a click) and, in a game, offers the selected figure's
 * actions on it; on a friend, or on anyone with nobody picked, picks him
 * (nobody is a target of his own side) and shows his menu; on the
 * selected figure or the bare table, the menu of what can be done there */
void
ph_map_view_secondary_click (PhMapView *self,
                             double     x,
                             double     y)
{
  PhFigure *figure = ph_map_view_figure_at (self, x, y);
  PhFigure *selected = ph_map_view_get_selected_figure (self);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (self->document == NULL)
    return;
  if (figure != NULL && figure != selected
      && (selected == NULL || g_strcmp0 (figure->side, selected->side) == 0))
    ph_selection_select (ph_document_get_selection (self->document), figure, FALSE);
  else if (figure != NULL && figure != selected)
    {
      /* in a game, what the selected figure can do to it */
      ph_map_view_set_pinned_target (self, figure);
      ph_map_view_popup_target_menu (self, figure, x, y);
      return;
    }
  ph_map_view_popup_menu (self, x, y);
}

static void
on_secondary_click_pressed (GtkGestureClick *gesture,
                            int              n_press,
                            double           x,
                            double           y,
                            PhMapView       *self)
{
  ph_map_view_secondary_click (self, x, y);
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

void
ph_map_view_pointer_leave (PhMapView *self)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));

  self->pointer_inside = FALSE;
  if (!self->dragging && self->document)
    ph_selection_set_hover (ph_document_get_selection (self->document), NULL);
  /* the threat map's legend read the spot last under the pointer: drawn
   * again without it, not left reading a spot the pointer has left */
  if (self->show_threat && self->threat_map != NULL)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion_controller_leave (GtkEventControllerMotion *controller,
                            PhMapView                *self)
{
  ph_map_view_pointer_leave (self);
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
