/* ph-window.c: a Powderhorn window: one scenario, its map and side panel
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window wires the pieces together: the document feeds the map view
 * and the panels; its selection and shot controller (which the map view
 * changes) feed the panels; the panels' edits go back to the document. Opening and saving are in
 * ph-window-files.c; printing and the PDF export in ph-window-print.c.
 */
#include "ph-window-private.h"
#include "ph-game-move.h"
#include "ph-scroll-guard.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ph-app-config.h"
#include "ph-render.h"
#include "ph-odds-window.h"
#include "ph-shot-controller.h"

G_DEFINE_FINAL_TYPE (PhWindow, ph_window, GTK_TYPE_APPLICATION_WINDOW)

static GSettings *
get_settings (PhWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return PH_IS_APPLICATION (app) ? ph_application_get_settings (PH_APPLICATION (app)) : NULL;
}

static const char *
ruleset_title (PhRulesetId id)
{
  const PhRuleset *ruleset = ph_ruleset_get (id);

  return ruleset ? ruleset->title : ph_ruleset_id_to_string (id);
}

static void
update_title (PhWindow *self)
{
  gboolean on_map = g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "map") == 0;
  gboolean dirty = ph_document_get_dirty (self->document);
  const char *title = ph_document_get_title (self->document);
  g_autofree char *window_title = NULL;

  if (!on_map)
    {
      gtk_label_set_label (self->title_label, "Powderhorn");
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
      gtk_window_set_title (GTK_WINDOW (self), "Powderhorn");
      return;
    }

  window_title = g_strdup_printf ("%s%s — Powderhorn", dirty ? "• " : "", title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
  {
    g_autofree char *label = g_strdup_printf ("%s%s", dirty ? "• " : "", title);
    gtk_label_set_label (self->title_label, label);
  }

  {
    PhScenario *scenario = ph_document_get_scenario (self->document);
    GFile *file = ph_document_get_file (self->document);
    g_autofree char *where = NULL;
    g_autofree char *subtitle = NULL;

    if (file)
      {
        g_autofree char *path = g_file_get_path (file);
        g_autofree char *parse = g_file_get_parse_name (file);
        const char *home = g_get_home_dir ();

        if (path && home && g_str_has_prefix (path, home) && path[strlen (home)] == '/')
          where = g_strdup_printf ("~%s", path + strlen (home));
        else
          where = g_strdup (path ? path : parse);
      }
    subtitle = g_strdup_printf ("%s · %g × %g %s%s%s",
                                ruleset_title (scenario->ruleset),
                                scenario->table.width, scenario->table.height,
                                ph_unit_label (scenario->table.unit),
                                where ? " · " : "", where ? where : "");
    gtk_label_set_label (self->subtitle_label, subtitle);
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->subtitle_label), subtitle);
    gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), TRUE);
  }
}

static void
update_status (PhWindow *self)
{
  PhSelection *selection = ph_document_get_selection (self->document);
  guint n = ph_selection_get_n_figures (selection);
  PhFigure *primary = ph_selection_get_primary (selection);
  g_autofree char *text = NULL;

  if (ph_map_view_get_measuring (self->map_view))
    text = g_strdup (_("Measuring: drag from a figure or any point · M or Esc to stop"));
  else if (ph_map_view_get_edit_mode (self->map_view) && n == 0)
    {
      const char *id = ph_selection_get_feature (selection);
      PhFeature *feature = id ? ph_scenario_find_feature (ph_document_get_scenario (self->document), id)
                              : NULL;

      if (ph_map_view_get_draw_shape (self->map_view) != 0)
        text = g_strdup (_("Drawing terrain: the bar above says how · Pick to change what is drawn · Ctrl+E to stop"));
      else if (feature != NULL && feature->shape.kind == PH_SHAPE_CIRCLE)
        text = g_strdup_printf (_("%s · drag to move · a box handle resizes it · Delete removes"),
                                ph_feature_display_name (feature));
      else if (feature != NULL)
        text = g_strdup_printf (_("%s · drag to move · drag a corner or an edge’s dot to reshape · box handles resize · the round handle turns · Delete removes"),
                                ph_feature_display_name (feature));
      else
        text = g_strdup (_("Editing the table: click terrain to pick it, or draw with the bar above · figures move as always · Ctrl+E to stop"));
    }
  else if (n == 0)
    text = g_strdup (_("Click a figure to select it · drag to pan · scroll to zoom · Shift+drag to select several"));
  else if (n == 1 && ph_document_get_game (self->document) != NULL)
    {
      PhMovePlan plan = { 0 };
      g_autoptr(GError) why = NULL;

      /* whether a drag moves him by the rules now, and if not, why not */
      if (ph_document_get_replaying (self->document))
        text = g_strdup_printf (_("%s · the table as it was: Back to Now to play on"),
                                ph_figure_display_name (primary));
      else if (!ph_game_plan_move (ph_document_get_game (self->document), primary->id, &plan, &why))
        text = g_strdup_printf (_("%s · no move now: %s · right-click an enemy to act"),
                                ph_figure_display_name (primary), why->message);
      else if (plan.allowance == G_MAXDOUBLE)
        /* no limit the program knows: say why, and that nothing is shaded */
        text = g_strdup_printf (_("%s · drag to move (%s) · right-click an enemy to act"),
                                ph_figure_display_name (primary),
                                plan.note != NULL ? plan.note : _("the rules set no limit"));
      else if (plan.note != NULL)
        text = g_strdup_printf (_("%s · drag to move, as far as shaded (%s) · right-click an enemy to act"),
                                ph_figure_display_name (primary), plan.note);
      else
        text = g_strdup_printf (_("%s · drag to move, as far as shaded · right-click an enemy to act"),
                                ph_figure_display_name (primary));
      ph_move_plan_clear (&plan);
    }
  else if (n == 1)
    text = g_strdup_printf (_("%s · drag to move, [ ] to turn · hover an enemy for the odds"),
                            ph_figure_display_name (primary));
  else if (ph_document_get_game (self->document) != NULL)
    /* in a game a drag is one man's move; all of them, the referee's */
    text = g_strdup_printf (_("%u figures selected · a drag moves the one under the pointer · Shift+drag moves all, as referee"), n);
  else
    text = g_strdup_printf (_("%u figures selected · drag to move them together · [ ] to turn · Shift+click adds or removes"), n);

  gtk_label_set_label (self->status_label, text);
  /* the whole of it, when a narrow window cuts it short */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), text);
}

void
ph_window_update_state (PhWindow *self)
{
  gboolean on_map = g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "map") == 0;
  GtkWidget *widget = GTK_WIDGET (self);

  gtk_widget_action_set_enabled (widget, "win.save", on_map);
  gtk_widget_action_set_enabled (widget, "win.save-as", on_map);
  gtk_widget_action_set_enabled (widget, "win.odds-matrix", on_map);
  gtk_widget_action_set_enabled (widget, "win.undo", on_map && ph_document_get_can_undo (self->document));
  gtk_widget_action_set_enabled (widget, "win.redo", on_map && ph_document_get_can_redo (self->document));
  gtk_widget_action_set_enabled (widget, "win.zoom-in", on_map);
  gtk_widget_action_set_enabled (widget, "win.zoom-out", on_map);
  gtk_widget_action_set_enabled (widget, "win.fit", on_map);
  gtk_widget_action_set_enabled (widget, "win.toggle-panel", on_map);
  gtk_widget_action_set_enabled (widget, "win.dice-tray", on_map);
  gtk_widget_set_visible (self->map_tools_box, on_map);
  {
    /* where the rules draw the arc anyway, the button would change nothing */
    const PhRuleset *ruleset = ph_ruleset_get (ph_document_get_scenario (self->document)->ruleset);

    gtk_widget_set_visible (GTK_WIDGET (self->arc_button), ruleset == NULL || !ruleset->has_arc);
  }
  gtk_widget_set_visible (self->save_button, on_map);
  gtk_widget_set_visible (self->add_figure_button, on_map);
  gtk_widget_set_visible (self->history_box, on_map);
  {
    /* the buttons say what they take back or do again */
    GtkWidget *undo = gtk_widget_get_first_child (self->history_box);
    GtkWidget *redo = gtk_widget_get_last_child (self->history_box);
    const char *undo_label = ph_document_get_undo_label (self->document);
    const char *redo_label = ph_document_get_redo_label (self->document);
    g_autofree char *undo_tip = undo_label != NULL
                                ? g_strdup_printf (_("Undo %s (Ctrl+Z)"), undo_label)
                                : g_strdup (_("Undo (Ctrl+Z)"));
    g_autofree char *redo_tip = redo_label != NULL
                                ? g_strdup_printf (_("Redo %s (Ctrl+Shift+Z)"), redo_label)
                                : g_strdup (_("Redo (Ctrl+Shift+Z)"));

    gtk_widget_set_tooltip_text (undo, undo_tip);
    gtk_widget_set_tooltip_text (redo, redo_tip);
  }
  gtk_widget_set_visible (GTK_WIDGET (self->panel_button), on_map);
  ph_window_print_update_state (self);
  ph_window_export_update_state (self);
  ph_window_edit_update_state (self);
  ph_window_terrain_update_state (self);

  update_title (self);
  update_status (self);
}

/* The turn bar over the map: where the game stands */
static void
update_turn_bar (PhWindow *self)
{
  PhGame *game = ph_document_get_game (self->document);
  g_autofree char *describe = NULL;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (self->turn_bar, game != NULL);
  if (game == NULL)
    return;
  describe = ph_game_describe (game);
  if (ph_document_get_replaying (self->document))
    text = g_strdup_printf (_("Replay: after step %u of %u · %s"),
                            ph_game_get_position (game),
                            ph_document_game_get_now (self->document),
                            describe ? describe : "");
  else
    {
      /* whose turn, and what the rules expect next */
      const char *expected = ph_game_expected (game);
      const PhGameActionInfo *info = expected ? ph_game_find_action (game, expected) : NULL;

      g_autofree char *said = describe ? g_utf8_casefold (describe, -1) : NULL;
      g_autofree char *label = info ? g_utf8_casefold (_(info->label), -1) : NULL;

      /* "next: Dice for initiative", unless the line says so already */
      if (info != NULL && (said == NULL || strstr (said, label) == NULL))
        text = g_strdup_printf (_("%s · next: %s"), describe ? describe : "", _(info->label));
      else
        text = g_strdup (describe ? describe : "");
    }
  gtk_label_set_label (self->turn_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->turn_label), text);
  if (ph_document_get_replaying (self->document))
    gtk_widget_add_css_class (self->turn_bar, "replaying");
  else
    gtk_widget_remove_css_class (self->turn_bar, "replaying");
}

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

/* Toasts */

static void
on_saved_toast_dismissed (PhWindow *self,
                          AdwToast *toast)
{
  if (self->saved_toast == toast)
    g_clear_weak_pointer (&self->saved_toast);
}

void
ph_window_toast_saved (PhWindow *self,
                       GFile    *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *name = g_filename_display_name (basename);
  g_autofree char *escaped = g_markup_escape_text (name, -1);
  /* the title is markup */
  g_autofree char *title = g_strdup_printf (_("Saved “%s”"), escaped);
  AdwToast *toast = adw_toast_new (title);

  /* Ctrl+S pressed again: one toast, not a queue of them */
  if (self->saved_toast)
    adw_toast_dismiss (self->saved_toast);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_saved_toast_dismissed), self,
                           G_CONNECT_SWAPPED);
  g_set_weak_pointer (&self->saved_toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
on_undo_toast_dismissed (PhWindow *self,
                         AdwToast *toast)
{
  if (self->undo_toast == toast)
    g_clear_weak_pointer (&self->undo_toast);
}

/* (before the toast is dismissed) */
static void
on_undo_toast_button_clicked (PhWindow *self,
                              AdwToast *toast)
{
  /* Nothing changed since the step it offers to take back: any change
   * dismisses the toast (on_document_changed()). The toast goes by
   * itself. */
  if (self->undo_toast != toast)
    return;
  g_clear_weak_pointer (&self->undo_toast);
  ph_document_undo (self->document);
}

static void
dismiss_undo_toast (PhWindow *self)
{
  AdwToast *toast = self->undo_toast;

  if (toast == NULL)
    return;
  g_clear_weak_pointer (&self->undo_toast);
  adw_toast_dismiss (toast);
}

void
ph_window_toast_undo (PhWindow   *self,
                      const char *title)
{
  g_autofree char *escaped = g_markup_escape_text (title, -1);
  AdwToast *toast = adw_toast_new (escaped);

  dismiss_undo_toast (self);
  adw_toast_set_button_label (toast, _("_Undo"));
  /* at once, over a "Saved" still showing */
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_undo_toast_button_clicked),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_undo_toast_dismissed), self,
                           G_CONNECT_SWAPPED);
  g_set_weak_pointer (&self->undo_toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
on_document_changed (PhWindow   *self,
                     guint       changes,
                     PhDocument *document)
{
  /* Its Undo would now take back something else */
  dismiss_undo_toast (self);
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
  update_turn_bar (self);
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
  update_status (self);
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
 * performed at once as the Game tab's Perform would, the form's other
 * arguments left to the rules; or, when it needs more (@needs_more), the
 * Game tab shows its form with the figure and target filled in */
static void
game_action_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  const char *action, *figure_id, *target_id;
  gboolean needs_more;

  g_variant_get (parameter, "(&s&s&sb)", &action, &figure_id, &target_id, &needs_more);
  if (!ph_game_panel_select_action (self->game_panel, action))
    return;
  if (needs_more)
    {
      gtk_toggle_button_set_active (self->panel_button, TRUE);
      gtk_stack_set_visible_child_name (self->panel_stack, "game");
      return;
    }
  if (!ph_game_panel_perform (self->game_panel, action, &error))
    {
      /* the refusal stays under Perform, and shows in the status line */
      gtk_toggle_button_set_active (self->panel_button, TRUE);
      gtk_stack_set_visible_child_name (self->panel_stack, "game");
      gtk_label_set_label (self->status_label, error->message);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), error->message);
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

static void
save_window_state (PhWindow *self)
{
  GSettings *settings = get_settings (self);
  int width, height;

  if (settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set (settings, "window-size", "(ii)", width, height);
  g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
  /* (a window closed before its map was ever laid out has none to keep) */
  if (gtk_widget_get_width (GTK_WIDGET (self->paned)) > 0)
    g_settings_set_int (settings, "panel-width",
                        CLAMP (gtk_widget_get_width (GTK_WIDGET (self->paned))
                               - gtk_paned_get_position (self->paned), 200, 2000));
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
  save_window_state (self);
  return GTK_WINDOW_CLASS (ph_window_parent_class)->close_request (window);
}

static void
restore_window_state (PhWindow *self)
{
  GSettings *settings = get_settings (self);
  int width, height;

  if (settings == NULL)
    return;
  g_settings_get (settings, "window-size", "(ii)", &width, &height);
  if (width > 0 && height > 0)
    gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
on_paned_realize (PhWindow *self)
{
  GSettings *settings = get_settings (self);
  int panel_width = settings ? g_settings_get_int (settings, "panel-width") : 340;
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  panel_width = CLAMP (panel_width, 300, 600);
  gtk_paned_set_position (self->paned, MAX (400, width - panel_width));
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
  gtk_widget_class_install_action (widget_class, "win.game-action", "(sssb)", game_action_action);
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
                           G_CALLBACK (on_paned_realize), self, G_CONNECT_SWAPPED);

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
  restore_window_state (self);
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
