/* ph-window-status.c: what the window says of itself: its title and
 * subtitle, the status line under the map, the turn bar over it, and
 * which of its actions and buttons are on
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ph-game-move.h"

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

void
ph_window_update_status (PhWindow *self)
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
      else if (!ph_game_plan_move (ph_document_get_game (self->document), primary->id, &plan, &why)
               && g_str_has_prefix (why->message, ph_figure_display_name (primary)))
        /* the rules' sentence names him: said once, all of it seen in
         * the two lines ("Maj. Robert Rogers is not acting now: Sgt.
         * Dubois acts") */
        text = g_strdup_printf (_("%s · right-click an enemy to act"), why->message);
      else if (why != NULL)
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
  ph_window_update_status (self);
}

/* The game's own step on ("Next step", "End the phase": no man's),
 * other than @expected, that the rules would take now and that moves the
 * game on, in words: "Next step, to step 3, calculate firing"; or NULL */
static char *
game_step_on (PhGame     *game,
              const char *expected)
{
  for (const PhGameActionInfo *info = ph_game_get_rules (game)->actions;
       info != NULL && info->name != NULL; info++)
    {
      g_autofree char *where = NULL;
      gboolean moves_on = FALSE;

      if (info->same_as != NULL || (info->args != NULL && info->args[0].name != NULL)
          || g_strcmp0 (info->name, expected) == 0)
        continue;
      if (!ph_game_try_step_to (game, info->name, NULL, FALSE, &moves_on, &where, NULL)
          || !moves_on)
        continue;
      if (where != NULL)
        /* TRANSLATORS: the turn bar's other way on: "Next step, to step
         * 3, calculate firing" */
        return g_strdup_printf (_("%s, to %s"), _(info->label), where);
      return g_strdup (_(info->label));
    }
  return NULL;
}

/* The turn bar over the map: where the game stands */
void
ph_window_update_turn_bar (PhWindow *self)
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
      g_autofree char *where = NULL;
      g_autofree char *other = NULL;
      const char *next;

      /* the step change itself ("Next step", "End the phase"): what
       * comes, in the ruleset's words ("Next: step 3, calculate
       * firing"), not the button's name ("Next: Next step") */
      if (info != NULL && (info->args == NULL || info->args[0].name == NULL))
        {
          gboolean moves_on = FALSE;

          if (!ph_game_try_step_to (game, info->name, NULL, FALSE, &moves_on, &where, NULL)
              || !moves_on)
            g_clear_pointer (&where, g_free);
        }
      /* a man's step: and the game's own way on, which the referee
       * takes when he is done with the men (the trial found "Next step"
       * and "End the phase" only in the Game tab) */
      else
        other = game_step_on (game, expected);
      /* what a player may do beside it, in the rules' words (Fistful's
       * ace held while the caller goes on) */
      if (other == NULL)
        other = ph_game_other_way (game);
      /* said once: Musket Mayhem's line ends "…, or End the side's go" */
      if (other != NULL && describe != NULL)
        {
          g_autofree char *folded = g_utf8_casefold (describe, -1);
          g_autofree char *folded_other = g_utf8_casefold (other, -1);

          if (strstr (folded, folded_other) != NULL)
            g_clear_pointer (&other, g_free);
        }
      next = where != NULL ? where : info != NULL ? _(info->label) : NULL;
      /* "Next: Move · Phase 1 - step 2 of 5: move all men", always: the
       * step expected first (a long line is cut at its end), even where
       * the line names the step (the trial saw the lead go at step 2) */
      if (next != NULL && other != NULL)
        /* TRANSLATORS: "Next: Move · Phase 1 - step 2 of 5: move all
         * men · or Next step, to step 3, calculate firing" */
        text = g_strdup_printf (_("Next: %s · %s · or %s"), next, describe ? describe : "", other);
      else if (next != NULL)
        text = g_strdup_printf (_("Next: %s · %s"), next, describe ? describe : "");
      else if (other != NULL)
        text = g_strdup_printf (_("Next: %s · %s"), other, describe ? describe : "");
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
