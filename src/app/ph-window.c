/* ph-window.c: a Powderhorn window: one scenario, its map and side panel
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window wires the pieces together: the document feeds the map view
 * and the panels; its selection and shot controller (which the map view
 * changes) feed the panels; the panels' edits go back to the document.
 * Opening and saving are in ph-window-files.c; printing and the PDF
 * export in ph-window-print.c; the title, status line, turn bar and the
 * actions' states in ph-window-status.c; the toasts in
 * ph-window-toasts.c; the size and panel width kept between runs in
 * ph-window-state.c.
 */
#include "ph-window-private.h"
#include "ph-scroll-guard.h"

#include <glib/gi18n.h>

#include "ph-app-config.h"
#include "ph-render.h"
#include "ph-odds-window.h"
#include "ph-shot-controller.h"

G_DEFINE_FINAL_TYPE (PhWindow, ph_window, GTK_TYPE_APPLICATION_WINDOW)

static void
refresh_panels (PhWindow *self)
{
  PhScenario *scenario = ph_document_get_scenario (self->document);
  PhShotController *shot = ph_document_get_shot_controller (self->document);
  PhFigure *primary = ph_shot_controller_get_shooter (shot);

  ph_game_panel_set_selection (self->game_panel, primary, ph_shot_controller_get_target (shot));

  {
    PhSelection *selection = ph_document_get_selection (self->document);
    guint n = 0;
    PhFigure **figures = ph_selection_get_figures (selection, &n);

    ph_game_panel_set_group (self->game_panel, figures, n);
    /* The selection, when the shooter is its primary figure */
    if (primary != NULL && n > 0 && figures[n - 1] == primary)
      ph_figure_panel_set_figures (self->figure_panel, self->document, figures, n);
    else
      ph_figure_panel_set_figure (self->figure_panel, self->document, primary);
  }
  ph_shot_panel_set_shooter (self->shot_panel, scenario, primary,
                             ph_shot_controller_get_options (shot));
  ph_shot_panel_set_game_note (self->shot_panel, ph_shot_controller_get_game_note (shot));
  ph_shot_panel_set_assessment (self->shot_panel,
                                ph_shot_controller_get_target (shot),
                                ph_shot_controller_get_assessment (shot),
                                ph_shot_controller_get_error (shot));
}

static void
on_document_changed (PhWindow   *self,
                     guint       changes,
                     PhDocument *document)
{
  /* Its Undo would now take back something else */
  ph_window_dismiss_undo_toast (self);
  if (changes & PH_DOCUMENT_CHANGE_SCENARIO)
    gtk_stack_set_visible_child_name (self->stack, "map");
  refresh_panels (self);
  /* A scenario opened: the panel is at least as wide as its tabs need
   * now (another ruleset's forms); a game's steps never widen it after */
  if (changes & PH_DOCUMENT_CHANGE_SCENARIO)
    {
      int widest = 0;

      /* every tab's own need (the stack is as wide as the tab shown:
       * the Fire tab is never clipped to a game's wider forms) */
      gtk_scrolled_window_set_min_content_width (self->panel_clip, -1);
      for (GtkWidget *page = gtk_widget_get_first_child (GTK_WIDGET (self->panel_stack));
           page != NULL; page = gtk_widget_get_next_sibling (page))
        {
          int min = 0;

          gtk_widget_measure (page, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
          widest = MAX (widest, min);
        }
      gtk_scrolled_window_set_min_content_width (self->panel_clip, widest);
    }
  /* Game steps change the figures too: the map has redrawn them. */
  ph_game_panel_refresh (self->game_panel);
  ph_window_update_turn_bar (self);
  ph_window_update_state (self);
}

/* An edit the game refused: why, in the status line */
static void
on_document_refused (PhWindow   *self,
                     const char *message,
                     PhDocument *document)
{
  gtk_label_set_label (self->status_label, message);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), message);
}

static void
on_document_notify (PhWindow   *self,
                    GParamSpec *pspec,
                    PhDocument *document)
{
  ph_window_update_state (self);
}

static void
on_map_view_selection_changed (PhWindow  *self,
                               PhMapView *map_view)
{
  refresh_panels (self);
  /* win.roll-character follows the selection. */
  ph_window_update_state (self);
}

static void
on_map_view_target_changed (PhWindow  *self,
                            PhMapView *map_view)
{
  PhShotController *shot = ph_document_get_shot_controller (self->document);

  const PhScenario *preview = ph_shot_controller_get_preview (shot);
  PhFigure *shooter = ph_shot_controller_get_shooter (shot);

  /* in a game, the options of the shot it would fire at this target */
  ph_shot_panel_set_options (self->shot_panel, ph_shot_controller_get_options (shot));
  ph_shot_panel_set_game_note (self->shot_panel, ph_shot_controller_get_game_note (shot));
  ph_shot_panel_set_assessment (self->shot_panel,
                                ph_shot_controller_get_target (shot),
                                ph_shot_controller_get_assessment (shot),
                                ph_shot_controller_get_error (shot));
  /* A drag under way: "Enemies in sight" from where it has taken him;
   * once over (dropped or cancelled), from where he stands */
  if (preview != NULL && shooter != NULL)
    ph_shot_panel_preview (self->shot_panel, preview,
                           ph_scenario_find_figure (preview, shooter->id));
  else if (preview == NULL && self->previewing)
    ph_shot_panel_set_shooter (self->shot_panel, ph_document_get_scenario (self->document),
                               shooter, ph_shot_controller_get_options (shot));
  self->previewing = preview != NULL;
  ph_game_panel_set_selection (self->game_panel,
                               ph_shot_controller_get_shooter (shot),
                               ph_shot_controller_get_target (shot));
}

static void
on_shot_panel_options_changed (PhWindow    *self,
                               PhShotPanel *panel)
{
  PhShotController *shot = ph_document_get_shot_controller (self->document);

  ph_shot_controller_set_options (shot, ph_shot_panel_get_options (panel));
  /* The list's odds use them too. */
  ph_shot_panel_set_shooter (self->shot_panel,
                             ph_document_get_scenario (self->document),
                             ph_shot_controller_get_shooter (shot),
                             ph_shot_controller_get_options (shot));
}

static void
on_shot_panel_target_activated (PhWindow    *self,
                                const char  *id,
                                PhShotPanel *panel)
{
  PhFigure *figure = ph_scenario_find_figure (ph_document_get_scenario (self->document), id);

  ph_selection_set_pinned_target (ph_document_get_selection (self->document), figure);
}

static void
on_start_page_scenario_activated (PhWindow    *self,
                                  GFile       *file,
                                  gboolean     copy,
                                  PhStartPage *page)
{
  /* A bundled example opens as an untitled copy, a recent file as itself. */
  if (copy)
    ph_window_open_copy (self, file);
  else
    ph_window_open (self, file);
}

static void
on_viewport_changed (PhWindow   *self,
                     PhViewport *viewport)
{
  PhScenario *scenario = ph_document_get_scenario (self->document);
  g_autofree char *text = NULL;

  /* 100% is the whole table in view. */
  text = g_strdup_printf (_("%.0f%% · 1 %s = %.0f px"),
                          100 * ph_viewport_get_scale (viewport) / ph_viewport_get_fit_scale (viewport),
                          ph_unit_label (scenario->table.unit),
                          ph_viewport_get_scale (viewport));
  gtk_label_set_label (self->zoom_label, text);
}

static void
on_map_view_measuring_notify (PhWindow   *self,
                              GParamSpec *pspec,
                              PhMapView  *map_view)
{
  ph_window_update_status (self);
}

/* Actions */

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ph_document_undo (PH_WINDOW (widget)->document);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ph_document_redo (PH_WINDOW (widget)->document);
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);

  if (g_str_equal (action_name, "win.zoom-in"))
    ph_map_view_zoom_in (self->map_view);
  else if (g_str_equal (action_name, "win.zoom-out"))
    ph_map_view_zoom_out (self->map_view);
  else
    ph_map_view_fit (self->map_view);
}

static void
toggle_panel_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);

  gtk_toggle_button_set_active (self->panel_button,
                                !gtk_toggle_button_get_active (self->panel_button));
}

static void
show_start_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);

  /* The examples: in this window when it holds nothing, else in a new one. */
  if (ph_window_is_unused (self) || g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "start") == 0)
    return;
  gtk_window_present (GTK_WINDOW (ph_window_new (PH_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))))));
}

static void
show_panel_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);

  gtk_toggle_button_set_active (self->panel_button, TRUE);
  gtk_stack_set_visible_child_name (self->panel_stack, g_variant_get_string (parameter, NULL));
}

/* A right-click's action on a target (ph_map_view_popup_target_menu()):
 * performed at once as the Game tab's Perform would, with the arguments
 * the item set (a shot's aim and weapon: the shot its label gives odds
 * for) and the form's others left to the rules; or, when it needs more
 * (@needs_more), the Game tab shows its form with the figure and target
 * filled in */
static void
game_action_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  const char *action, *figure_id, *target_id, *key, *value;
  gboolean needs_more;
  g_autoptr(GVariantIter) set = NULL;

  g_variant_get (parameter, "(&s&s&sba{ss})", &action, &figure_id, &target_id, &needs_more,
                 &set);
  if (!ph_game_panel_select_action (self->game_panel, action))
    return;
  /* what the item said it does: the shot's aim, weapon, … in the form */
  while (g_variant_iter_next (set, "{&s&s}", &key, &value))
    if (!ph_game_panel_set_argument (self->game_panel, action, key, value))
      g_warning ("The Game tab's %s form takes no %s=%s", action, key, value);
  if (needs_more)
    {
      gtk_toggle_button_set_active (self->panel_button, TRUE);
      gtk_stack_set_visible_child_name (self->panel_stack, "game");
      return;
    }
  if (ph_game_panel_perform (self->game_panel, action, &error))
    {
      /* what it did, where the eye is (the map, the Fire tab): the log's
       * line, not only in the Game tab */
      PhGame *game = ph_document_get_game (self->document);
      guint position = game ? ph_game_get_position (game) : 0;
      const PhEvent *event = position > 0 ? ph_game_get_event (game, position - 1) : NULL;

      if (event != NULL && event->text != NULL)
        {
          gtk_label_set_label (self->status_label, event->text);
          /* the status line alone: a toast over the map said it again,
           * word for word, and hid the labels at the map's foot */
          gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), event->text);
        }
    }
  else
    {
      /* the refusal stays under Perform, and shows in the status line */
      gtk_toggle_button_set_active (self->panel_button, TRUE);
      gtk_stack_set_visible_child_name (self->panel_stack, "game");
      g_autofree char *sentence = ph_sentence_start (error->message);

      gtk_label_set_label (self->status_label, sentence);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), sentence);
    }
}

/* "Who Can Shoot Whom": every shot on the table, in a window of its own */
static void
odds_matrix_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);
  PhOddsWindow *odds = ph_odds_window_new (GTK_WINDOW (self), self->document);
  PhFigure *primary = ph_selection_get_primary (ph_document_get_selection (self->document));

  /* the picked man's side first: his side's shots */
  if (primary != NULL)
    ph_odds_window_set_side (odds, primary->side);
  gtk_window_present (GTK_WINDOW (odds));
}

/* T: the threat map, on and off, wherever the keyboard's focus is (on the
 * Perform button after a step, in the side panel), but in a text field,
 * where a T is a letter: the key reaches the window only when no widget
 * under the focus took it (a bubbling shortcut), and an entry takes it */
static void
toggle_threat_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (focus != NULL && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)))
    return;
  gtk_widget_activate_action (GTK_WIDGET (self->map_view), "map.toggle-threat", NULL);
}

static void
dice_tray_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);

  gtk_toggle_button_set_active (self->panel_button, TRUE);
  gtk_stack_set_visible_child_name (self->panel_stack, "game");
  /* folded again: the keys go back to the map */
  if (!ph_game_panel_show_dice (self->game_panel))
    gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

/* Closing */

static void
close_confirmed (PhWindow *self,
                 gpointer  data)
{
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

/* The bars over and under the map keep the height of two lines whatever
 * they say: a status or a turn that took a second line made the map
 * shorter, and it moved and rescaled under the pointer */
static void
keep_two_lines (GtkWidget *label)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (label, "Xy\nXy");
  int height = 0;

  pango_layout_get_pixel_size (layout, NULL, &height);
  gtk_widget_set_size_request (label, -1, height);
}

static gboolean
ph_window_close_request (GtkWindow *window)
{
  PhWindow *self = PH_WINDOW (window);

  if (!self->close_confirmed && ph_document_get_dirty (self->document))
    {
      ph_window_confirm_discard (self, close_confirmed, NULL, NULL);
      return TRUE;
    }

  /* Saved, or its changes discarded: the draft goes. */
  if (self->drafts)
    ph_drafts_untrack (self->drafts, self->document, TRUE);
  ph_window_save_state (self);
  return GTK_WINDOW_CLASS (ph_window_parent_class)->close_request (window);
}

static void
ph_window_dispose (GObject *object)
{
  PhWindow *self = PH_WINDOW (object);

  ph_window_files_dispose (self);
  ph_window_watch_dispose (self);
  ph_window_print_dispose (self);
  g_clear_weak_pointer (&self->undo_toast);
  g_clear_weak_pointer (&self->saved_toast);
  /* Destroyed without closing (the application quits): unsaved changes
   * stay in the draft, to be recovered. */
  if (self->drafts)
    ph_drafts_untrack (self->drafts, self->document, FALSE);
  g_clear_object (&self->drafts);
  /* GtkWindow unparents its child itself: no gtk_widget_dispose_template()
   * here, it would unparent the stack a second time. */
  g_clear_object (&self->document);

  G_OBJECT_CLASS (ph_window_parent_class)->dispose (object);
}

static void
ph_window_class_init (PhWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = ph_window_dispose;
  window_class->close_request = ph_window_close_request;

  g_type_ensure (PH_TYPE_MAP_VIEW);
  g_type_ensure (PH_TYPE_START_PAGE);
  g_type_ensure (PH_TYPE_SHOT_PANEL);
  g_type_ensure (PH_TYPE_FIGURE_PANEL);
  g_type_ensure (PH_TYPE_GAME_PANEL);
  g_type_ensure (PH_TYPE_SCENARIO_PANEL);
  g_type_ensure (PH_TYPE_TERRAIN_PANEL);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/powderhorn/Powderhorn/ph-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PhWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, map_view);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, map_toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, zoom_label);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, side_panel);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, panel_stack);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, panel_clip);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, shot_panel);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, figure_panel);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, game_panel);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, turn_bar);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, turn_label);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, measure_button);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, arc_button);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, panel_button);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, map_tools_box);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, save_button);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, scenario_panel);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, add_figure_button);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, history_box);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, recent_menu);
  gtk_widget_class_bind_template_callback (widget_class, on_map_view_selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_map_view_target_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_shot_panel_options_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_shot_panel_target_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_start_page_scenario_activated);

  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.fit", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-panel", NULL, toggle_panel_action);
  gtk_widget_class_install_action (widget_class, "win.show-start", NULL, show_start_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
  /* "shot" (the odds), "figure" (the inspector) or "game" */
  gtk_widget_class_install_action (widget_class, "win.show-panel", "s", show_panel_action);
  gtk_widget_class_install_action (widget_class, "win.game-action", "(sssba{ss})", game_action_action);
  /* Opens the Game tab and focuses the dice tray's entry */
  gtk_widget_class_install_action (widget_class, "win.dice-tray", NULL, dice_tray_action);
  gtk_widget_class_install_action (widget_class, "win.odds-matrix", NULL, odds_matrix_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-threat", NULL, toggle_threat_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, 0, "win.toggle-threat", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK,
                                       "win.dice-tray", NULL);
  ph_window_files_class_init (widget_class);
  ph_window_watch_class_init (widget_class);
  ph_window_print_class_init (widget_class);
  ph_window_export_class_init (widget_class);
  ph_window_edit_class_init (widget_class);
  ph_window_terrain_class_init (widget_class);
}

static gboolean
return_focus_to_map (gpointer data)
{
  PhWindow *self = data;

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "map") == 0)
    gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
  return G_SOURCE_REMOVE;
}

/* The main menu or the markers' legend closed (Esc, a click away, or an
 * item chosen): the map's keys work again at once, as they did before it
 * opened. After the popover has given the focus back to its button. */
static void
on_primary_menu_closed (PhWindow *self)
{
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, return_focus_to_map, g_object_ref (self),
                   g_object_unref);
}

/* The markers' legend: a button at the end of the status bar */
static void
add_marker_legend (PhWindow *self)
{
  GtkWidget *bar = gtk_widget_get_parent (GTK_WIDGET (self->status_label));
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = gtk_label_new (_("Markers on the figures"));
  g_autofree char *legend = ph_render_marker_legend ();
  GtkWidget *label = gtk_label_new (legend);

  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), label);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  gtk_menu_button_set_label (GTK_MENU_BUTTON (button), _("Markers"));
  gtk_menu_button_set_has_frame (GTK_MENU_BUTTON (button), FALSE);
  gtk_widget_set_tooltip_text (button, _("What the markers on the figures mean"));
  gtk_widget_set_name (button, "marker-legend");
  gtk_widget_insert_after (button, bar, GTK_WIDGET (self->status_label));
  g_signal_connect_object (popover, "closed", G_CALLBACK (on_primary_menu_closed), self,
                           G_CONNECT_SWAPPED);
}

static void
ph_window_init (PhWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  keep_two_lines (GTK_WIDGET (self->turn_label));
  keep_two_lines (GTK_WIDGET (self->status_label));
  /* the panel's clip never scrolls sideways to a widget taking the focus:
   * a press on Perform slid the panel under the pointer, and the release
   * missed the button (the first click did nothing) */
  {
    GtkWidget *viewport = gtk_scrolled_window_get_child (self->panel_clip);

    if (GTK_IS_VIEWPORT (viewport))
      gtk_viewport_set_scroll_to_focus (GTK_VIEWPORT (viewport), FALSE);
  }

  /* The toasts float over whatever the window shows (the template's
   * child, the stack, goes into the overlay) */
  self->toast_overlay = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  g_object_ref (self->stack);
  gtk_window_set_child (GTK_WINDOW (self), GTK_WIDGET (self->toast_overlay));
  adw_toast_overlay_set_child (self->toast_overlay, GTK_WIDGET (self->stack));
  g_object_unref (self->stack);

  self->document = ph_document_new ();
  ph_map_view_set_document (self->map_view, self->document);
  ph_game_panel_set_document (self->game_panel, self->document);
  ph_scenario_panel_set_document (self->scenario_panel, self->document);
  g_signal_connect_object (self->document, "changed",
                           G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify",
                           G_CALLBACK (on_document_notify), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "refused",
                           G_CALLBACK (on_document_refused), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (ph_map_view_get_viewport (self->map_view), "changed",
                           G_CALLBACK (on_viewport_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map_view, "notify::measuring",
                           G_CALLBACK (on_map_view_measuring_notify), self, G_CONNECT_SWAPPED);

  g_object_bind_property (self->measure_button, "active",
                          self->map_view, "measuring",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->arc_button, "active",
                          self->map_view, "show-arc",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->panel_button, "active",
                          self->side_panel, "visible",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->paned, "realize",
                           G_CALLBACK (ph_window_on_paned_realize), self, G_CONNECT_SWAPPED);

  ph_window_files_init (self);
  ph_window_watch_init (self);
  ph_window_terrain_init (self);
  ph_scroll_guard_install (self->side_panel);
  add_marker_legend (self);
  g_signal_connect_object (gtk_menu_button_get_popover (self->primary_menu_button), "closed",
                           G_CALLBACK (on_primary_menu_closed), self, G_CONNECT_SWAPPED);
  gtk_stack_set_visible_child_name (self->stack, "start");
  ph_window_update_state (self);
}

PhWindow *
ph_window_new (PhApplication *application)
{
  PhWindow *self = g_object_new (PH_TYPE_WINDOW, "application", application, NULL);
  PhDrafts *drafts = application ? ph_application_get_drafts (application) : NULL;

  if (drafts)
    {
      self->drafts = g_object_ref (drafts);
      ph_drafts_track (drafts, self->document);
    }
  ph_window_restore_state (self);
  return self;
}

gboolean
ph_window_load_file (PhWindow  *self,
                     GFile     *file,
                     GError   **error)
{
  g_return_val_if_fail (PH_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!ph_document_load (self->document, file, error))
    return FALSE;

  gtk_stack_set_visible_child_name (self->stack, "map");
  gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
  ph_window_update_state (self);
  return TRUE;
}

gboolean
ph_window_restore_draft (PhWindow    *self,
                         PhDraftInfo *info)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (PH_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (info != NULL, FALSE);
  g_return_val_if_fail (self->drafts != NULL, FALSE);

  if (!ph_drafts_restore (self->drafts, info, self->document, &error))
    {
      g_autofree char *primary = g_strdup_printf (_("Could not restore “%s”"), info->title);
      g_autofree char *path = g_file_get_path (info->draft);
      g_autofree char *secondary = g_strdup_printf (_("%s\n\nThe draft stays in %s."),
                                                    error->message, path);

      ph_window_show_error (self, primary, secondary);
      return FALSE;
    }

  gtk_stack_set_visible_child_name (self->stack, "map");
  gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
  ph_window_update_state (self);
  return TRUE;
}

PhDocument *
ph_window_get_document (PhWindow *self)
{
  g_return_val_if_fail (PH_IS_WINDOW (self), NULL);
  return self->document;
}

PhMapView *
ph_window_get_map_view (PhWindow *self)
{
  g_return_val_if_fail (PH_IS_WINDOW (self), NULL);
  return self->map_view;
}

gboolean
ph_window_is_unused (PhWindow *self)
{
  g_return_val_if_fail (PH_IS_WINDOW (self), FALSE);
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "start") == 0
         && !ph_document_get_dirty (self->document);
}
