/* ph-game-panel.c: the side panel's Game tab: actions, dice and the log
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Start Game" while the scenario has none; then one "Action" drop-down of
 * the ruleset's actions (PhGameRules.actions) with only the chosen one's
 * form below it (ph-game-action-form.c) and one Perform button; the dice
 * tray; and, below a handle, the log (ph-game-log.c). Everything goes
 * through the document, so each step is one undoable, saved change. The
 * step the tab leads to after each change is ph-game-panel-lead.c's.
 */
#include "ph-game-panel.h"
#include "ph-game-panel-private.h"
#include "ph-fit-scroller.h"
#include "ph-game-move.h"

#include <glib/gi18n.h>

#include "ph-game-action-form.h"
#include "ph-game-action-popup.h"
#include "ph-game-log.h"

G_DEFINE_FINAL_TYPE (PhGamePanel, ph_game_panel, GTK_TYPE_BOX)

/* The actions */

PhGameActionForm *
ph_game_panel_current_action (PhGamePanel *self)
{
  guint selected = gtk_drop_down_get_selected (self->action_drop_down);

  if (selected >= self->actions->len)
    return NULL;
  return g_ptr_array_index (self->actions, selected);
}

void
ph_game_panel_show_current_error (PhGamePanel *self)
{
  PhGameActionForm *action = ph_game_panel_current_action (self);
  const char *name = action ? ph_game_action_form_get_info (action)->name : NULL;
  const char *message = name ? g_hash_table_lookup (self->errors, name) : NULL;
  gboolean hint = name != NULL && g_hash_table_contains (self->hints, name);
  g_autofree char *sentence = ph_sentence_start (message);

  gtk_label_set_label (self->action_error_label, sentence ? sentence : "");
  gtk_widget_set_visible (GTK_WIDGET (self->action_error_label), message != NULL);
  /* a refusal after Perform in red; what the rules would say, before
   * anyone pressed it, dim */
  if (hint)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->action_error_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->action_error_label), "dim-label");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->action_error_label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->action_error_label), "error");
    }
}

void
ph_game_panel_show_odds (PhGamePanel *self)
{
  PhGame *game = self->document ? ph_document_get_game (self->document) : NULL;
  PhGameActionForm *action = ph_game_panel_current_action (self);
  const PhGameActionInfo *info = action ? ph_game_action_form_get_info (action) : NULL;
  g_autoptr(GHashTable) args = NULL;
  g_autofree char *odds = NULL;
  const char *figure_arg = NULL, *target_arg = NULL;

  if (game != NULL && info != NULL && info->args != NULL
      && !ph_document_get_replaying (self->document))
    for (const PhGameArg *arg = info->args; arg->name != NULL; arg++)
      {
        if (arg->kind == PH_GAME_ARG_FIGURE && figure_arg == NULL)
          figure_arg = arg->name;
        else if (arg->kind == PH_GAME_ARG_TARGET && target_arg == NULL)
          target_arg = arg->name;
      }
  if (figure_arg != NULL && target_arg != NULL
      && (args = ph_game_action_form_collect (action, NULL)) != NULL)
    {
      PhScenario *scenario = ph_document_get_scenario (self->document);
      PhFigure *figure = ph_scenario_find_figure (scenario, g_hash_table_lookup (args, figure_arg));
      PhFigure *target = ph_scenario_find_figure (scenario, g_hash_table_lookup (args, target_arg));

      if (figure != NULL && target != NULL && figure != target)
        odds = ph_game_target_odds_with (game, info->name, figure, target, args);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->odds_label), odds != NULL);
  if (odds != NULL)
    {
      /* TRANSLATORS: under a step's form, its odds as the rules reckon
       * them with the form's values: "Chances: Sgt Smith basic 50%, …" */
      g_autofree char *text = g_strdup_printf (_("Chances: %s"), odds);

      gtk_label_set_label (self->odds_label, text);
    }
}

static void publish_move_wish (PhGamePanel *self, PhGame *game, PhGameActionForm *action);

static void
on_action_selected (PhGamePanel *self)
{
  PhGameActionForm *action;
  const PhGameActionInfo *info;

  if (self->building_actions)
    return;
  action = ph_game_panel_current_action (self);
  if (action == NULL)
    return;
  info = ph_game_action_form_get_info (action);
  gtk_stack_set_visible_child (self->forms_stack, ph_game_action_form_get_widget (action));
  gtk_label_set_label (self->help_label, info->help ? _(info->help) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->help_label), info->help && *info->help);
  /* no tooltip saying the help again: it lay over the Action list's own
   * items, which say it too, and over the form */
  ph_game_panel_show_current_error (self);
  ph_game_panel_show_odds (self);
  /* the drag does what the form picked does, as the rules allow */
  if (self->document != NULL && ph_document_get_game (self->document) != NULL)
    publish_move_wish (self, ph_document_get_game (self->document), action);
}

/* @action's figure and target from the map: the man picked, else the
 * one chosen in its own drop-down, and the target the step takes for
 * him (never the target a man of his side left pinned, for a melee) */
static void
sync_form_figures (PhGamePanel      *self,
                   PhGameActionForm *action)
{
  const PhGameActionInfo *info = ph_game_action_form_get_info (action);
  const char *figure = self->figure_id;
  g_autofree char *chosen = NULL;
  g_autofree char *target = NULL;
  gboolean by_rules = FALSE;

  self->syncing = TRUE;
  if (figure == NULL && info->args != NULL && info->args[0].kind == PH_GAME_ARG_FIGURE)
    {
      /* the form's drop-down shows once the map gives no man */
      ph_game_action_form_set_map_figures (action, NULL, self->target_id, FALSE);
      chosen = ph_game_action_form_get_argument (action, info->args[0].name);
      figure = chosen;
    }
  /* the map's target, or the rules' pick where the step cannot take
   * him (a melee's man in contact, not the general pinned far off) */
  target = ph_game_panel_target_for (self, info, figure, &by_rules);
  ph_game_action_form_set_map_figures (action, self->figure_id, target, by_rules);
  g_object_set_data_full (G_OBJECT (action), "ph-synced-figure", g_strdup (figure), g_free);
  self->syncing = FALSE;
}

/* The figure and the target from the map; the numbers left to the
 * rules show what the rules will take for these men */
void
ph_game_panel_sync_map_figures (PhGamePanel *self)
{
  PhGame *game = self->document ? ph_document_get_game (self->document) : NULL;

  for (guint i = 0; i < self->actions->len; i++)
    {
      PhGameActionForm *action = g_ptr_array_index (self->actions, i);

      sync_form_figures (self, action);
      ph_game_action_form_set_group (action, self->group);
      if (game != NULL)
        {
          ph_game_action_form_show_rules_choices (action, game);
          ph_game_action_form_show_rules_numbers (action, game);
        }
    }
  ph_game_panel_show_odds (self);
}


/* A value changed in a form: its refusal or hint was of the values
 * before ("bases in contact" stays no longer once Referee is Yes) */
/* What was said of @action (the dim note of what the rules would say, or
 * their refusal after Perform) is of the men in its form: said again, dim,
 * of those it has now (the referee saw it name the man targeted before),
 * or gone when the rules would take it */
static void
refresh_hint (PhGamePanel      *self,
              PhGameActionForm *action,
              gboolean          refusals_too)
{
  PhGame *game = self->document ? ph_document_get_game (self->document) : NULL;
  const char *name = ph_game_action_form_get_info (action)->name;
  gboolean hint = g_hash_table_remove (self->hints, name);
  g_autoptr(GHashTable) args = NULL;
  g_autoptr(GError) why = NULL;

  /* a value typed in the form answers a refusal after Perform: it goes */
  if (!g_hash_table_remove (self->errors, name) || (!hint && !refusals_too) || game == NULL
      || ph_document_get_replaying (self->document))
    return;
  args = ph_game_action_form_collect (action, NULL);
  if (args != NULL && !ph_game_try (game, name, args, TRUE, &why)
      && !g_error_matches (why, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION))
    {
      g_hash_table_insert (self->errors, g_strdup (name), g_strdup (why->message));
      g_hash_table_add (self->hints, g_strdup (name));
    }
}

/* The move form's values are what a drag of its man takes (the rate
 * chosen: Featherstone's charge), as the rules allow: the document keeps
 * them for the drag (ph_document_set_move_wish()), with the form's action
 * (PH_MOVE_WISH_ACTION): another form a drag may perform (Guns of War's
 * Withdraw from fire) makes the drag that action while it is picked */
static void
publish_move_wish (PhGamePanel      *self,
                   PhGame           *game,
                   PhGameActionForm *action)
{
  const PhGameActionInfo *info = ph_game_action_form_get_info (action);
  g_autoptr(GHashTable) args = NULL;
  PhMovePlan plan = { 0 };
  gboolean moves;
  const char *figure;
  GHashTable *had;

  if (self->figure_id == NULL || info->args == NULL || info->args[0].kind != PH_GAME_ARG_FIGURE)
    return;
  args = ph_game_action_form_collect (action, NULL);
  figure = args != NULL ? g_hash_table_lookup (args, info->args[0].name) : NULL;
  /* a value the form starts from (what the rules take for his shortest
   * move: Featherstone's walk) is no wish: left at it, the drag takes
   * what the rules choose for the distance */
  if (figure != NULL)
    {
      g_autoptr(GHashTable) here = ph_game_move_args_here (game, figure);
      GHashTableIter iter;
      gpointer key, value;

      if (here != NULL)
        {
          g_hash_table_iter_init (&iter, here);
          while (g_hash_table_iter_next (&iter, &key, &value))
            if (g_strcmp0 (g_hash_table_lookup (args, key), value) == 0)
              g_hash_table_remove (args, key);
        }
      g_hash_table_insert (args, g_strdup (PH_MOVE_WISH_ACTION), g_strdup (info->name));
      moves = ph_game_plan_move_wished (game, figure, args, &plan, NULL);
      /* a plan refused names no action: the move's is "move" (ph-game-move.h) */
      if (g_strcmp0 (moves ? plan.action : "move", info->name) == 0)
        {
          ph_move_plan_clear (&plan);
          ph_document_set_move_wish (self->document, figure, args);
          return;
        }
      ph_move_plan_clear (&plan);
    }
  /* another form: a wish for another action than the drag's own is
   * dropped (the Withdraw form left for Fire: the drag moves again) */
  had = ph_document_get_move_wish (self->document, self->figure_id);
  if (had != NULL)
    {
      const char *wished = g_hash_table_lookup (had, PH_MOVE_WISH_ACTION);

      moves = ph_game_plan_move (game, self->figure_id, &plan, NULL);
      if (wished != NULL && g_strcmp0 (moves ? plan.action : "move", wished) != 0)
        ph_document_set_move_wish (self->document, NULL, NULL);
      ph_move_plan_clear (&plan);
    }
}

static void
on_action_form_edited (PhGamePanel      *self,
                       PhGameActionForm *action)
{
  const char *name = ph_game_action_form_get_info (action)->name;
  PhGame *game = self->document ? ph_document_get_game (self->document) : NULL;

  /* another man in it: the target, choices and numbers the rules take
   * for him (a man chosen in its drop-down: the enemy in contact for his
   * melee, not a friend left pinned) */
  if (game != NULL && self->figure_id == NULL && !self->syncing)
    {
      const PhGameActionInfo *info = ph_game_action_form_get_info (action);
      g_autofree char *chosen = info->args != NULL && info->args[0].kind == PH_GAME_ARG_FIGURE
                                ? ph_game_action_form_get_argument (action, info->args[0].name)
                                : NULL;

      /* only when the man changed: the target's own changes (a weapon
       * list filled again) are no reason, and would go round again */
      if (g_strcmp0 (chosen, g_object_get_data (G_OBJECT (action), "ph-synced-figure")) != 0)
        sync_form_figures (self, action);
    }
  if (game != NULL)
    {
      ph_game_action_form_show_rules_choices (action, game);
      ph_game_action_form_show_rules_numbers (action, game);
    }
  if (game != NULL)
    publish_move_wish (self, game, action);
  if (action == ph_game_panel_current_action (self))
    ph_game_panel_show_odds (self);
  if (!g_hash_table_contains (self->errors, name))
    return;
  refresh_hint (self, action, FALSE);
  ph_game_panel_show_current_error (self);
}

static void
build_actions (PhGamePanel *self)
{
  g_autoptr(GPtrArray) figure_ids = NULL;
  g_autofree char *keep = NULL;
  GtkStringList *labels;
  GtkWidget *child;
  guint select = 0;

  if (ph_game_panel_current_action (self))
    keep = g_strdup (ph_game_action_form_get_info (ph_game_panel_current_action (self))->name);

  self->building_actions = TRUE;
  gtk_drop_down_set_model (self->action_drop_down, NULL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->forms_stack))))
    gtk_stack_remove (self->forms_stack, child);
  g_ptr_array_set_size (self->actions, 0);
  g_hash_table_remove_all (self->errors);
  g_hash_table_remove_all (self->hints);

  if (self->rules == NULL || self->rules->actions == NULL)
    {
      self->building_actions = FALSE;
      return;
    }

  /* The figure drop-downs' items after the first ("None" or "Choose…") */
  figure_ids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < self->scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (self->scenario->figures, i);
      g_ptr_array_add (figure_ids, g_strdup (f->id));
    }

  labels = gtk_string_list_new (NULL);
  for (const PhGameActionInfo *info = self->rules->actions; info->name; info++)
    {
      PhGameActionForm *action;

      /* listed once, under the name it is the same as */
      if (info->same_as != NULL)
        continue;
      action = ph_game_action_form_new (info, self->scenario, figure_ids,
                                                          self->label_group);

      gtk_stack_add_named (self->forms_stack, ph_game_action_form_get_widget (action), info->name);
      g_signal_connect_object (action, "edited", G_CALLBACK (on_action_form_edited), self,
                               G_CONNECT_SWAPPED);
      if (g_strcmp0 (keep, info->name) == 0)
        select = self->actions->len;
      g_ptr_array_add (self->actions, action);
      gtk_string_list_append (labels, info->label ? _(info->label) : info->name);
    }
  gtk_drop_down_set_model (self->action_drop_down, G_LIST_MODEL (labels));
  g_object_unref (labels);
  gtk_drop_down_set_selected (self->action_drop_down, select);
  self->building_actions = FALSE;
  on_action_selected (self);
  ph_game_panel_sync_map_figures (self);
}

PhGameActionForm *
ph_game_panel_find_action (PhGamePanel *self,
                           const char  *name,
                           guint       *position)
{
  for (guint i = 0; i < self->actions->len; i++)
    {
      PhGameActionForm *action = g_ptr_array_index (self->actions, i);

      if (g_strcmp0 (ph_game_action_form_get_info (action)->name, name) == 0)
        {
          if (position)
            *position = i;
          return action;
        }
    }
  return NULL;
}

/* Chooses @name in the Action drop-down, as the referee would */
PhGameActionForm *
ph_game_panel_choose_action (PhGamePanel *self,
                             const char  *name)
{
  guint position;
  PhGameActionForm *action = ph_game_panel_find_action (self, name, &position);

  if (action && gtk_drop_down_get_selected (self->action_drop_down) != position)
    gtk_drop_down_set_selected (self->action_drop_down, position);
  return action;
}

static gboolean
perform_action (PhGamePanel       *self,
                PhGameActionForm  *action,
                GError           **error)
{
  const char *name = ph_game_action_form_get_info (action)->name;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GHashTable) args = NULL;

  /* a step is taken at now: back there first, and the form's places
   * follow the figures back, before its values are read */
  if (ph_document_get_replaying (self->document))
    {
      ph_document_game_back_to_now (self->document);
      ph_game_panel_sync_map_figures (self);
    }
  args = ph_game_action_form_collect (action, &local_error);
  if (args && ph_document_game_perform (self->document, name, args, &local_error))
    {
      PhGame *game = ph_document_get_game (self->document);
      const char *next = game != NULL ? ph_game_expected (game) : NULL;

      /* the man chosen in the form is the one the tab leads on for, his
       * next step, and the one picked on the map: his reach shaded, an
       * enemy's right-click his shot (the trial rolled Rogers' IPs in the
       * form while Stark stayed picked: the map offered Stark's menu) */
      {
        const PhGameActionInfo *info = ph_game_action_form_get_info (action);
        const char *who = info->args != NULL && info->args[0].kind == PH_GAME_ARG_FIGURE
                          ? g_hash_table_lookup (args, info->args[0].name) : NULL;
        PhFigure *figure = who != NULL
                           ? ph_scenario_find_figure (ph_document_get_scenario (self->document), who)
                           : NULL;

        if (figure != NULL)
          {
            PhSelection *selection = ph_document_get_selection (self->document);

            if (g_strcmp0 (self->figure_id, who) != 0)
              {
                g_free (self->figure_id);
                self->figure_id = g_strdup (who);
              }
            /* (already the one the forms are for: the map's pick does
             * not lead again) */
            g_free (self->picked_id);
            self->picked_id = g_strdup (who);
            if (ph_selection_get_primary (selection) != figure)
              ph_selection_select (selection, figure, FALSE);
            ph_game_panel_sync_map_figures (self);
          }
      }
      /* Every stale refusal goes, and the text written and the say-sos
       * given for this step (the referee's leave to fight stays not for
       * the next melee) */
      g_hash_table_remove_all (self->errors);
      g_hash_table_remove_all (self->hints);
      ph_game_action_form_clear_after_step (action);
      /* his move as he can make it now (a wound may keep him to a crawl) */
      ph_game_panel_move_form_follows_figure (self);
      /* the game leads: the step its rules expect next comes up */
      if (next != NULL)
        ph_game_panel_choose_action (self, next);
      self->performed = name;
      ph_game_panel_lead_to_possible_action (self);
      self->performed = NULL;
      ph_game_panel_show_current_error (self);
      return TRUE;
    }
  g_hash_table_insert (self->errors, g_strdup (name), g_strdup (local_error->message));
  g_hash_table_remove (self->hints, name);
  ph_game_panel_show_current_error (self);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

char *
ph_game_panel_format_rolls (const PhEvent *event,
                            gboolean       hidden)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; event->rolls && i < event->rolls->len; i++)
    {
      const PhRoll *roll = g_ptr_array_index (event->rolls, i);

      if (roll->hidden && !hidden)
        continue;
      if (text->len)
        g_string_append (text, " · ");
      if (roll->purpose && *roll->purpose)
        g_string_append_printf (text, "%s: ", roll->purpose);
      /* as the dice tray writes them: "2d6 (3, 5) = 8" */
      if (roll->n > 1)
        {
          g_string_append_printf (text, "%dd%d (", roll->n, roll->sides);
          for (int k = 0; k < roll->n; k++)
            g_string_append_printf (text, "%s%d", k ? ", " : "", roll->values[k]);
          g_string_append_printf (text, ") = %d", roll->total);
        }
      else
        g_string_append_printf (text, "d%d → %d", roll->sides, roll->total);
    }
  return g_string_free (text, FALSE);
}

void
ph_game_panel_refresh (PhGamePanel *self)
{
  PhGame *game;
  PhScenario *scenario;
  const PhGameRules *rules;

  g_return_if_fail (PH_IS_GAME_PANEL (self));
  if (self->document == NULL)
    return;

  game = ph_document_get_game (self->document);
  scenario = ph_document_get_scenario (self->document);
  rules = game ? ph_game_get_rules (game) : NULL;

  gtk_widget_set_visible (self->start_box, game == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->describe_label), game != NULL);
  if (game)
    {
      g_autofree char *describe = ph_game_describe (game);
      g_autofree char *now = NULL;
      const char *more = describe != NULL ? strstr (describe, " \xc2\xb7 ") : NULL;

      /* What is under way, whole ("Turn 1 - a red card (Rogers' Rangers):
       * Capt. John Stark to act, 11 IPs left"), wrapped; what comes after
       * it ("· Draw a card ends the go") on hover and in the bar over the
       * map: cut to one line, it read "Capt. Joh…", and a form needs the
       * room on a laptop's screen */
      now = more != NULL ? g_strndup (describe, more - describe) : g_strdup (describe);
      gtk_label_set_label (self->describe_label, now != NULL ? now : "");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->describe_label), describe);

    }

  if (rules != self->rules || scenario != self->scenario)
    {
      self->rules = rules;
      self->scenario = scenario;
      build_actions (self);
    }
  gtk_widget_set_visible (self->actions_box, self->actions->len > 0);
  gtk_widget_set_visible (self->perform_box, self->actions->len > 0);
  /* While the table shows a past step, the forms do not act on it (the
   * trial's referee saw the Action stay on the present step, usable over
   * the past): they rest, and say how to play on; Back to Now gives them
   * back with the step expected */
  {
    gboolean replaying = game != NULL && ph_document_get_replaying (self->document);

    gtk_widget_set_sensitive (self->actions_box, !replaying);
    gtk_widget_set_sensitive (self->perform_box, !replaying);
    gtk_widget_set_visible (GTK_WIDGET (self->replay_note), replaying && self->actions->len > 0);
    if (replaying)
      {
        g_autofree char *note =
          g_strdup_printf (_("Showing step %u of %u: Back to Now to play on"),
                           ph_game_get_position (game), ph_document_game_get_now (self->document));

        gtk_label_set_label (self->replay_note, note);
      }
  }
  /* the forms' places follow a figure that moved */
  ph_game_panel_sync_map_figures (self);

  /* A step taken on the map (a drag, a right-click) moves the game on
   * too: when the rules expect something new, it comes up; a choice the
   * referee made while they expect the same is left alone */
  {
    const char *next = game != NULL ? ph_game_expected (game) : NULL;
    guint position = game != NULL ? ph_game_get_position (game) : 0;
    gboolean expected_changed = g_strcmp0 (next, self->expected) != 0;

    if (expected_changed)
      {
        g_free (self->expected);
        self->expected = g_strdup (next);
        if (next != NULL)
          ph_game_panel_choose_action (self, next);
      }
    /* a refusal said at the newest step is not true of a step replayed
     * ("has already fired this phase"): it goes */
    if (position != self->position && ph_document_get_replaying (self->document)
        && g_hash_table_size (self->errors) > 0)
      {
        g_hash_table_remove_all (self->errors);
        g_hash_table_remove_all (self->hints);
        ph_game_panel_show_current_error (self);
      }
    if (expected_changed || position != self->position)
      ph_game_panel_lead_to_possible_action (self);
    self->position = position;
  }

  ph_game_log_refresh (self->game_log);
  ph_dice_tray_refresh (self->dice_tray);
}

/* Callbacks */

static void
show_error (PhGamePanel *self,
            const char  *message)
{
  if (message)
    gtk_label_set_label (self->error_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

static void
on_start_clicked (PhGamePanel *self)
{
  g_autoptr(GError) error = NULL;

  if (!ph_document_start_game (self->document, g_random_int (), &error))
    show_error (self, error->message);
  else
    show_error (self, NULL);
}

static void
on_perform_clicked (PhGamePanel *self)
{
  PhGameActionForm *action = ph_game_panel_current_action (self);

  if (action)
    perform_action (self, action, NULL);
}

static void
on_game_log_replay_failed (PhGamePanel *self,
                           const char  *message,
                           PhGameLog   *log)
{
  show_error (self, message);
}

/* Life */

static void
ph_game_panel_dispose (GObject *object)
{
  PhGamePanel *self = PH_GAME_PANEL (object);

  g_clear_object (&self->document);
  g_clear_object (&self->label_group);
  gtk_widget_dispose_template (GTK_WIDGET (self), PH_TYPE_GAME_PANEL);
  G_OBJECT_CLASS (ph_game_panel_parent_class)->dispose (object);
}

static void
ph_game_panel_finalize (GObject *object)
{
  PhGamePanel *self = PH_GAME_PANEL (object);

  g_clear_pointer (&self->actions, g_ptr_array_unref);
  g_clear_pointer (&self->errors, g_hash_table_unref);
  g_clear_pointer (&self->hints, g_hash_table_unref);
  g_clear_pointer (&self->expected, g_free);
  g_clear_pointer (&self->group, g_free);
  g_free (self->figure_id);
  g_free (self->picked_id);
  g_free (self->target_id);
  G_OBJECT_CLASS (ph_game_panel_parent_class)->finalize (object);
}

static void
ph_game_panel_class_init (PhGamePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ph_game_panel_dispose;
  object_class->finalize = ph_game_panel_finalize;

  g_type_ensure (PH_TYPE_DICE_TRAY);
  g_type_ensure (PH_TYPE_FIT_SCROLLER);
  g_type_ensure (PH_TYPE_GAME_LOG);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/powderhorn/Powderhorn/ph-game-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, start_box);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, start_button);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, describe_label);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, error_label);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, actions_box);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, replay_note);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, action_label);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, action_drop_down);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, help_label);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, forms_stack);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, odds_label);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, perform_button);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, action_error_label);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, dice_box);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, perform_box);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, dice_tray);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, game_log);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_action_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_perform_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_game_log_replay_failed);
}

static void
ph_game_panel_init (PhGamePanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The forms' names line up under "Action" */
  self->label_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  gtk_size_group_add_widget (self->label_group, self->action_label);
  /* The popup lists each action with its help line; the button shows the
   * label alone. */
  self->actions = g_ptr_array_new_with_free_func (g_object_unref);
  ph_game_action_popup_init (self->action_drop_down, self->actions);
  self->errors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->hints = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

GtkWidget *
ph_game_panel_new (void)
{
  return g_object_new (PH_TYPE_GAME_PANEL, NULL);
}

void
ph_game_panel_set_document (PhGamePanel *self,
                            PhDocument  *document)
{
  g_return_if_fail (PH_IS_GAME_PANEL (self));
  g_return_if_fail (PH_IS_DOCUMENT (document));

  g_set_object (&self->document, document);
  ph_dice_tray_set_document (self->dice_tray, document);
  ph_game_log_set_document (self->game_log, document);
  self->rules = NULL;
  self->scenario = NULL;
  ph_game_panel_refresh (self);
}

void
ph_game_panel_set_selection (PhGamePanel    *self,
                             const PhFigure *figure,
                             const PhFigure *target)
{
  gboolean lead, kept;

  g_return_if_fail (PH_IS_GAME_PANEL (self));

  if (g_strcmp0 (figure ? figure->id : NULL, self->picked_id) == 0
      && g_strcmp0 (target ? target->id : NULL, self->target_id) == 0)
    return;
  lead = g_strcmp0 (figure ? figure->id : NULL, self->picked_id) != 0;
  /* a target pinned (not one the pointer passes over) leads too */
  if (!lead && target != NULL && self->document != NULL
      && g_strcmp0 (target->id, self->target_id) != 0
      && ph_selection_get_pinned_target (ph_document_get_selection (self->document)) == target)
    lead = TRUE;
  g_free (self->target_id);
  self->target_id = g_strdup (target ? target->id : NULL);
  g_free (self->picked_id);
  self->picked_id = g_strdup (figure ? figure->id : NULL);
  /* a man picked who can do nothing now (an enemy looked at while Sgt.
   * Dubois acts): the forms stay with the man who may act, and say so */
  kept = lead && figure != NULL && self->figure_id != NULL
         && !ph_game_panel_figure_may_act (self, figure->id) && ph_game_panel_figure_may_act (self, self->figure_id);
  if (!kept && (lead || figure == NULL))
    {
      g_free (self->figure_id);
      self->figure_id = g_strdup (figure ? figure->id : NULL);
    }
  ph_game_panel_sync_map_figures (self);
  /* another target in the forms (one the pointer passes over): what was
   * said of the one before is said again of him */
  if (!lead && ph_game_panel_current_action (self) != NULL
      && g_hash_table_contains (self->errors,
                                ph_game_action_form_get_info (ph_game_panel_current_action (self))->name))
    refresh_hint (self, ph_game_panel_current_action (self), TRUE);
  if (lead)
    ph_game_panel_move_form_follows_figure (self);
  /* a refusal was about the figure it was given for; what he may do (not
   * on every enemy the pointer passes over) */
  if (lead)
    {
      g_hash_table_remove_all (self->errors);
      g_hash_table_remove_all (self->hints);
      self->picking = TRUE;
      ph_game_panel_lead_to_possible_action (self);
      self->picking = FALSE;
    }
  if (kept && ph_game_panel_current_action (self) != NULL)
    {
      PhScenario *scenario = ph_document_get_scenario (self->document);
      PhFigure *acting = ph_scenario_find_figure (scenario, self->figure_id);
      const char *name = ph_game_action_form_get_info (ph_game_panel_current_action (self))->name;

      g_hash_table_insert (self->errors, g_strdup (name),
                           g_strdup_printf (_("%s can do nothing now: the form stays with %s"),
                                            ph_figure_display_name (figure),
                                            acting ? ph_figure_display_name (acting)
                                                   : self->figure_id));
      g_hash_table_add (self->hints, g_strdup (name));
    }
  ph_game_panel_show_current_error (self);
}

void
ph_game_panel_set_group (PhGamePanel     *self,
                         PhFigure *const *figures,
                         guint            n_figures)
{
  g_autoptr(GString) ids = g_string_new (NULL);

  g_return_if_fail (PH_IS_GAME_PANEL (self));

  for (guint i = 0; i < n_figures; i++)
    if (g_strcmp0 (figures[i]->id, self->figure_id) != 0)
      g_string_append_printf (ids, "%s%s", ids->len > 0 ? "," : "", figures[i]->id);
  if (g_strcmp0 (self->group, ids->len > 0 ? ids->str : NULL) == 0)
    return;
  g_free (self->group);
  self->group = ids->len > 0 ? g_strdup (ids->str) : NULL;
  ph_game_panel_sync_map_figures (self);
}

gboolean
ph_game_panel_show_dice (PhGamePanel *self)
{
  GtkRoot *root;
  GtkWidget *focus;

  g_return_val_if_fail (PH_IS_GAME_PANEL (self), FALSE);

  /* a second Ctrl+R, typing in it: folded away again */
  root = gtk_widget_get_root (GTK_WIDGET (self));
  focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  if (gtk_expander_get_expanded (GTK_EXPANDER (self->dice_box)) && focus != NULL
      && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->dice_tray)))
    {
      gtk_expander_set_expanded (GTK_EXPANDER (self->dice_box), FALSE);
      return FALSE;
    }
  gtk_expander_set_expanded (GTK_EXPANDER (self->dice_box), TRUE);
  ph_dice_tray_focus (self->dice_tray);
  return TRUE;
}

PhDiceTray *
ph_game_panel_get_dice_tray (PhGamePanel *self)
{
  g_return_val_if_fail (PH_IS_GAME_PANEL (self), NULL);
  return self->dice_tray;
}

gboolean
ph_game_panel_perform (PhGamePanel  *self,
                       const char   *name,
                       GError      **error)
{
  PhGameActionForm *action;

  g_return_val_if_fail (PH_IS_GAME_PANEL (self), FALSE);

  action = ph_game_panel_choose_action (self, name);
  if (action == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("No action “%s” here"), name);
      return FALSE;
    }
  return perform_action (self, action, error);
}

gboolean
ph_game_panel_select_action (PhGamePanel *self,
                             const char  *name)
{
  g_return_val_if_fail (PH_IS_GAME_PANEL (self), FALSE);
  return ph_game_panel_choose_action (self, name) != NULL;
}

const char *
ph_game_panel_get_selected_action (PhGamePanel *self)
{
  PhGameActionForm *action;

  g_return_val_if_fail (PH_IS_GAME_PANEL (self), NULL);
  action = ph_game_panel_current_action (self);
  return action ? ph_game_action_form_get_info (action)->name : NULL;
}

gboolean
ph_game_panel_set_argument (PhGamePanel *self,
                            const char  *name,
                            const char  *argument,
                            const char  *value)
{
  PhGameActionForm *action;

  g_return_val_if_fail (PH_IS_GAME_PANEL (self), FALSE);

  action = ph_game_panel_choose_action (self, name);
  return action && ph_game_action_form_set_argument (action, argument, value);
}

char *
ph_game_panel_get_argument (PhGamePanel *self,
                            const char  *name,
                            const char  *argument)
{
  PhGameActionForm *action;

  g_return_val_if_fail (PH_IS_GAME_PANEL (self), NULL);

  action = ph_game_panel_find_action (self, name, NULL);
  return action != NULL ? ph_game_action_form_get_argument (action, argument) : NULL;
}

const char *
ph_game_panel_get_action_error (PhGamePanel *self,
                                const char  *name)
{
  g_return_val_if_fail (PH_IS_GAME_PANEL (self), NULL);

  /* Only the actions of the ruleset shown have one */
  return ph_game_panel_find_action (self, name, NULL) ? g_hash_table_lookup (self->errors, name) : NULL;
}

guint
ph_game_panel_get_n_log_rows (PhGamePanel *self)
{
  g_return_val_if_fail (PH_IS_GAME_PANEL (self), 0);
  return ph_game_log_get_n_rows (self->game_log);
}

gboolean
ph_game_panel_replay_to (PhGamePanel *self,
                         guint        index)
{
  g_return_val_if_fail (PH_IS_GAME_PANEL (self), FALSE);
  return ph_game_log_replay_to (self->game_log, index);
}
