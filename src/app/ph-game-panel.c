/* ph-game-panel.c: the side panel's Game tab: actions, dice and the log
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Start Game" while the scenario has none; then the ruleset's actions
 * (PhGameRules.actions), each a button with widgets built from its
 * argument spec ("figure target [aim=bool] mode=a|b|c"), the dice tray,
 * and the log, newest at the bottom, from which the referee undoes the
 * last step or replays the game to an earlier one. Everything goes through
 * the document, so each step is one undoable, saved change.
 */
#include "ph-game-panel.h"

#include <glib/gi18n.h>
#include <string.h>

typedef enum
{
  ARG_FIGURE,   /* the selected figure */
  ARG_TARGET,   /* the pinned or hovered target */
  ARG_NUMBER,
  ARG_BOOL,
  ARG_TEXT,
  ARG_CHOICE,
} ArgKind;

typedef struct
{
  char *name;
  ArgKind kind;
  gboolean optional;
  char **choices;       /* ARG_CHOICE */
  GtkWidget *widget;
} Arg;

typedef struct
{
  const PhGameActionInfo *info;
  GPtrArray *args;      /* of Arg* */
  GtkWidget *button;
  GtkLabel *error_label;
} Action;

struct _PhGamePanel
{
  GtkBox parent_instance;

  GtkWidget *start_box;
  GtkWidget *start_button;
  GtkLabel *describe_label;
  GtkLabel *error_label;
  GtkWidget *actions_heading;
  GtkWidget *actions_scroller;
  GtkBox *actions_box;
  PhDiceTray *dice_tray;
  GtkWidget *undo_button;
  GtkListBox *log_list;
  GtkWidget *log_scroller;
  GtkLabel *replay_label;
  GtkWidget *replay_button;
  GtkWidget *now_button;

  PhDocument *document;
  /* What the action widgets were built for */
  const PhGameRules *rules;
  PhScenario *scenario;
  GPtrArray *actions;     /* of Action* */
  GPtrArray *figure_ids;  /* of char*: the figure drop-downs' items after "—" */
  char *figure_id;
  char *target_id;
  guint n_log_rows;
  gboolean rebuilding_log;
};

G_DEFINE_FINAL_TYPE (PhGamePanel, ph_game_panel, GTK_TYPE_BOX)

/* Arguments */

static void
arg_free (Arg *arg)
{
  g_free (arg->name);
  g_strfreev (arg->choices);
  g_free (arg);
}

static void
action_free (Action *action)
{
  g_ptr_array_unref (action->args);
  g_free (action);
}

/* "figure target [aim=bool] shots=number mode=a|b|c": one Arg each. A bare
 * "figure" or "target" is filled from the map; another bare name is a
 * figure when required ("shooter") and a check button when optional
 * ("[aim]"). */
static GPtrArray *
parse_arguments (const char *spec)
{
  GPtrArray *args = g_ptr_array_new_with_free_func ((GDestroyNotify) arg_free);
  g_auto(GStrv) tokens = g_strsplit_set (spec ? spec : "", " \t", -1);

  for (char **t = tokens; *t; t++)
    {
      g_autofree char *token = g_strdup (*t);
      char *name = token, *type, *end;
      Arg *arg;

      if (*name == '\0')
        continue;
      arg = g_new0 (Arg, 1);
      if (*name == '[')
        {
          arg->optional = TRUE;
          name++;
          if ((end = strrchr (name, ']')))
            *end = '\0';
        }
      type = strchr (name, '=');
      if (type)
        *type++ = '\0';
      arg->name = g_strdup (name);

      if (type == NULL)
        {
          if (g_str_equal (name, "target"))
            arg->kind = ARG_TARGET;
          else if (g_str_equal (name, "figure") || !arg->optional)
            arg->kind = ARG_FIGURE;
          else
            arg->kind = ARG_BOOL;
        }
      else if (g_str_equal (type, "number") || g_str_equal (type, "int"))
        arg->kind = ARG_NUMBER;
      else if (g_str_equal (type, "bool"))
        arg->kind = ARG_BOOL;
      else if (g_str_equal (type, "text") || *type == '\0')
        arg->kind = ARG_TEXT;
      else if (g_str_equal (type, "figure"))
        arg->kind = ARG_FIGURE;
      else if (g_str_equal (type, "target"))
        arg->kind = ARG_TARGET;
      else
        {
          arg->kind = ARG_CHOICE;
          arg->choices = g_strsplit (type, "|", -1);
        }
      g_ptr_array_add (args, arg);
    }
  return args;
}

/* "shots" → "Shots", "wound-table" → "Wound table" */
static char *
argument_label (const char *name)
{
  char *label = g_strdup (name);

  g_strdelimit (label, "-_", ' ');
  if (*label)
    label[0] = g_ascii_toupper (label[0]);
  return label;
}

static guint
figure_position (PhGamePanel *self,
                 const char  *id)
{
  guint index;

  if (id && g_ptr_array_find_with_equal_func (self->figure_ids, id, g_str_equal, &index))
    return index + 1;
  return 0;
}

static void
sync_figure_widgets (PhGamePanel *self)
{
  for (guint i = 0; self->actions && i < self->actions->len; i++)
    {
      Action *action = g_ptr_array_index (self->actions, i);

      for (guint j = 0; j < action->args->len; j++)
        {
          Arg *arg = g_ptr_array_index (action->args, j);

          if (arg->kind == ARG_FIGURE)
            gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget),
                                        figure_position (self, self->figure_id));
          else if (arg->kind == ARG_TARGET)
            gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget),
                                        figure_position (self, self->target_id));
        }
    }
}

static GtkWidget *
argument_widget (PhGamePanel *self,
                 Arg         *arg)
{
  switch (arg->kind)
    {
    case ARG_FIGURE:
    case ARG_TARGET:
      {
        GtkStringList *names = gtk_string_list_new (NULL);
        GtkWidget *drop_down;

        gtk_string_list_append (names, "—");
        for (guint i = 0; i < self->figure_ids->len; i++)
          {
            PhFigure *f = ph_scenario_find_figure (self->scenario,
                                                   g_ptr_array_index (self->figure_ids, i));
            gtk_string_list_append (names, ph_figure_display_name (f));
          }
        drop_down = gtk_drop_down_new (G_LIST_MODEL (names), NULL);
        gtk_drop_down_set_enable_search (GTK_DROP_DOWN (drop_down), TRUE);
        gtk_widget_set_tooltip_text (drop_down, arg->kind == ARG_FIGURE
                                     ? _("The selected figure (click one on the map)")
                                     : _("The target (right-click an enemy on the map to pin it)"));
        return drop_down;
      }
    case ARG_NUMBER:
      {
        GtkWidget *spin = gtk_spin_button_new_with_range (-999, 999, 1);

        gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 0);
        gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 0);
        return spin;
      }
    case ARG_BOOL:
      {
        g_autofree char *label = argument_label (arg->name);
        return gtk_check_button_new_with_label (label);
      }
    case ARG_TEXT:
      return gtk_entry_new ();
    case ARG_CHOICE:
      {
        GtkStringList *choices = gtk_string_list_new (NULL);

        if (arg->optional)
          gtk_string_list_append (choices, "—");
        for (char **c = arg->choices; *c; c++)
          gtk_string_list_append (choices, *c);
        return gtk_drop_down_new (G_LIST_MODEL (choices), NULL);
      }
    }
  g_return_val_if_reached (NULL);
}

static void on_action_clicked (GtkButton *button, PhGamePanel *self);

static void
build_actions (PhGamePanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->actions_box))))
    gtk_box_remove (self->actions_box, child);
  g_ptr_array_set_size (self->actions, 0);
  g_ptr_array_set_size (self->figure_ids, 0);

  if (self->rules == NULL || self->rules->actions == NULL)
    return;

  for (guint i = 0; i < self->scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (self->scenario->figures, i);
      g_ptr_array_add (self->figure_ids, g_strdup (f->id));
    }

  for (const PhGameActionInfo *info = self->rules->actions; info->name; info++)
    {
      Action *action = g_new0 (Action, 1);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *grid = gtk_grid_new ();
      int row = 0;

      action->info = info;
      action->args = parse_arguments (info->arguments);
      gtk_widget_add_css_class (box, "game-action");

      action->button = gtk_button_new_with_label (info->label ? info->label : info->name);
      gtk_widget_set_tooltip_text (action->button, info->help);
      g_object_set_data (G_OBJECT (action->button), "ph-action", action);
      g_signal_connect (action->button, "clicked", G_CALLBACK (on_action_clicked), self);
      gtk_box_append (GTK_BOX (box), action->button);

      gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
      gtk_grid_set_column_spacing (GTK_GRID (grid), 8);
      for (guint j = 0; j < action->args->len; j++)
        {
          Arg *arg = g_ptr_array_index (action->args, j);

          arg->widget = argument_widget (self, arg);
          gtk_widget_set_hexpand (arg->widget, TRUE);
          if (arg->kind == ARG_BOOL)
            gtk_grid_attach (GTK_GRID (grid), arg->widget, 1, row++, 1, 1);
          else
            {
              g_autofree char *name = argument_label (arg->name);
              g_autofree char *text = arg->optional ? g_strdup_printf (_("%s (optional)"), name)
                                                    : g_steal_pointer (&name);
              GtkWidget *label = gtk_label_new (text);

              gtk_label_set_xalign (GTK_LABEL (label), 0);
              gtk_widget_add_css_class (label, "dim-label");
              gtk_grid_attach (GTK_GRID (grid), label, 0, row, 1, 1);
              gtk_grid_attach (GTK_GRID (grid), arg->widget, 1, row++, 1, 1);
            }
        }
      if (row > 0)
        gtk_box_append (GTK_BOX (box), grid);
      else
        g_object_ref_sink (grid), g_object_unref (grid);

      action->error_label = GTK_LABEL (gtk_label_new (NULL));
      gtk_label_set_wrap (action->error_label, TRUE);
      gtk_label_set_xalign (action->error_label, 0);
      gtk_widget_add_css_class (GTK_WIDGET (action->error_label), "error");
      gtk_widget_set_visible (GTK_WIDGET (action->error_label), FALSE);
      gtk_box_append (GTK_BOX (box), GTK_WIDGET (action->error_label));

      gtk_box_append (self->actions_box, box);
      g_ptr_array_add (self->actions, action);
    }
  sync_figure_widgets (self);
}

static Action *
find_action (PhGamePanel *self,
             const char  *name)
{
  for (guint i = 0; i < self->actions->len; i++)
    {
      Action *action = g_ptr_array_index (self->actions, i);

      if (g_strcmp0 (action->info->name, name) == 0)
        return action;
    }
  return NULL;
}

static const char *
drop_down_string (GtkWidget *widget)
{
  GObject *item = gtk_drop_down_get_selected_item (GTK_DROP_DOWN (widget));

  return GTK_IS_STRING_OBJECT (item) ? gtk_string_object_get_string (GTK_STRING_OBJECT (item)) : NULL;
}

/* The action's arguments from its widgets; FALSE with a message when a
 * required one is missing. */
static GHashTable *
collect_arguments (PhGamePanel  *self,
                   Action       *action,
                   GError      **error)
{
  g_autoptr(GHashTable) args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; i < action->args->len; i++)
    {
      Arg *arg = g_ptr_array_index (action->args, i);
      g_autofree char *label = argument_label (arg->name);
      char *value = NULL;

      switch (arg->kind)
        {
        case ARG_FIGURE:
        case ARG_TARGET:
          {
            guint index = gtk_drop_down_get_selected (GTK_DROP_DOWN (arg->widget));

            if (index > 0 && index <= self->figure_ids->len)
              value = g_strdup (g_ptr_array_index (self->figure_ids, index - 1));
            else if (!arg->optional)
              {
                g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                             arg->kind == ARG_TARGET
                             ? _("Choose the target first (right-click an enemy on the map to pin it)")
                             : _("Select the figure first (%s)"), label);
                return NULL;
              }
            break;
          }
        case ARG_NUMBER:
          {
            double number = gtk_spin_button_get_value (GTK_SPIN_BUTTON (arg->widget));

            if (!arg->optional || number != 0)
              value = g_strdup_printf ("%.0f", number);
            break;
          }
        case ARG_BOOL:
          {
            gboolean on = gtk_check_button_get_active (GTK_CHECK_BUTTON (arg->widget));

            if (!arg->optional || on)
              value = g_strdup (on ? "true" : "false");
            break;
          }
        case ARG_TEXT:
          {
            const char *text = gtk_editable_get_text (GTK_EDITABLE (arg->widget));

            if (*text)
              value = g_strdup (text);
            else if (!arg->optional)
              {
                g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                             _("Fill in “%s” first"), label);
                return NULL;
              }
            break;
          }
        case ARG_CHOICE:
          {
            const char *choice = drop_down_string (arg->widget);

            if (choice && !(arg->optional && g_str_equal (choice, "—")))
              value = g_strdup (choice);
            break;
          }
        }
      if (value)
        g_hash_table_insert (args, g_strdup (arg->name), value);
    }
  return g_steal_pointer (&args);
}

static void
show_action_error (Action     *action,
                   const char *message)
{
  gtk_label_set_label (action->error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (action->error_label), message != NULL);
}

static gboolean
perform_action (PhGamePanel  *self,
                Action       *action,
                GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GHashTable) args = NULL;

  args = collect_arguments (self, action, &local_error);
  if (args && ph_document_game_perform (self->document, action->info->name, args, &local_error))
    {
      /* The refresh that follows the change rebuilt nothing of ours, but
       * clear every stale error. */
      for (guint i = 0; i < self->actions->len; i++)
        show_action_error (g_ptr_array_index (self->actions, i), NULL);
      return TRUE;
    }
  show_action_error (action, local_error->message);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

static void
on_action_clicked (GtkButton   *button,
                   PhGamePanel *self)
{
  Action *action = g_object_get_data (G_OBJECT (button), "ph-action");

  perform_action (self, action, NULL);
}

/* The log */

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
      if (roll->n > 1)
        {
          g_string_append_printf (text, "%dd%d ", roll->n, roll->sides);
          for (int k = 0; k < roll->n; k++)
            g_string_append_printf (text, "%s%d", k ? "+" : "", roll->values[k]);
          g_string_append_printf (text, " = %d", roll->total);
        }
      else
        g_string_append_printf (text, "d%d → %d", roll->sides, roll->total);
    }
  return g_string_free (text, FALSE);
}

static GtkWidget *
log_row_new (const PhEvent *event,
             guint          index)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label;
  g_autofree char *dice = ph_game_panel_format_rolls (event, FALSE);
  g_autofree char *text = NULL;

  text = g_strdup_printf ("%u. %s", index + 1,
                          event->text && *event->text ? event->text : event->kind);
  label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), label);
  if (dice && *dice)
    {
      label = gtk_label_new (dice);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "log-dice");
      gtk_box_append (GTK_BOX (box), label);
    }
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

static gboolean
scroll_log_to_end (gpointer data)
{
  PhGamePanel *self = data;
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->log_scroller));

  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
  return G_SOURCE_REMOVE;
}

static void
rebuild_log (PhGamePanel *self,
             PhGame      *game)
{
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (self->log_list);
  int keep = selected ? gtk_list_box_row_get_index (selected) : -1;
  guint n = game ? ph_game_get_n_events (game) : 0;
  guint now = ph_document_game_get_now (self->document);
  guint position = game ? ph_game_get_position (game) : 0;
  gboolean replaying = ph_document_get_replaying (self->document);
  GtkWidget *child;

  self->rebuilding_log = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->log_list))))
    {
      if (GTK_IS_LIST_BOX_ROW (child))
        gtk_list_box_remove (self->log_list, child);
      else
        break;
    }
  self->n_log_rows = 0;
  /* The undone steps (kept for redo) are not part of the story. */
  for (guint i = 0; i < n && i < now; i++)
    {
      GtkWidget *row = log_row_new (ph_game_get_event (game, i), i);

      if (replaying && i >= position)
        gtk_widget_add_css_class (row, "log-future");
      if (replaying && i + 1 == position)
        gtk_widget_add_css_class (row, "log-here");
      gtk_list_box_append (self->log_list, row);
      self->n_log_rows++;
    }
  if (keep >= 0 && (guint) keep < self->n_log_rows)
    gtk_list_box_select_row (self->log_list, gtk_list_box_get_row_at_index (self->log_list, keep));
  self->rebuilding_log = FALSE;

  if (!replaying)
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, scroll_log_to_end,
                     g_object_ref (self), g_object_unref);
}

static void
update_log_buttons (PhGamePanel *self)
{
  PhGame *game = self->document ? ph_document_get_game (self->document) : NULL;
  gboolean replaying = self->document && ph_document_get_replaying (self->document);
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (self->log_list);

  gtk_widget_set_sensitive (self->undo_button,
                            game && ph_document_get_can_undo_game_step (self->document));
  gtk_widget_set_sensitive (self->replay_button, game && selected != NULL);
  gtk_widget_set_sensitive (self->now_button, replaying);
  gtk_widget_set_visible (GTK_WIDGET (self->replay_label), replaying);
  if (replaying)
    {
      g_autofree char *text =
        g_strdup_printf (_("Replaying: the table after step %u of %u. Anything you do first returns to now."),
                         ph_game_get_position (game), ph_document_game_get_now (self->document));
      gtk_label_set_label (self->replay_label, text);
    }
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
  gtk_widget_set_visible (self->actions_heading, rules != NULL);
  gtk_widget_set_visible (self->actions_scroller, rules != NULL);
  if (game)
    {
      g_autofree char *describe = ph_game_describe (game);
      gtk_label_set_label (self->describe_label, describe ? describe : "");
    }

  if (rules != self->rules || scenario != self->scenario)
    {
      self->rules = rules;
      self->scenario = scenario;
      build_actions (self);
    }
  gtk_widget_set_visible (self->actions_heading, self->actions->len > 0);
  gtk_widget_set_visible (self->actions_scroller, self->actions->len > 0);

  rebuild_log (self, game);
  update_log_buttons (self);
  ph_dice_tray_refresh (self->dice_tray);
}

/* Callbacks */

static void
on_start_clicked (PhGamePanel *self)
{
  g_autoptr(GError) error = NULL;

  if (!ph_document_start_game (self->document, g_random_int (), &error))
    {
      gtk_label_set_label (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
}

static void
on_undo_clicked (PhGamePanel *self)
{
  if (ph_document_get_can_undo_game_step (self->document))
    ph_document_undo (self->document);
}

static void
on_log_row_selected (PhGamePanel   *self,
                     GtkListBoxRow *row,
                     GtkListBox    *list)
{
  /* Not while rebuilding, nor while disposing (the list unselects) */
  if (!self->rebuilding_log && self->document != NULL)
    update_log_buttons (self);
}

static void
replay_to (PhGamePanel *self,
           guint        index)
{
  g_autoptr(GError) error = NULL;

  if (!ph_document_game_seek (self->document, index + 1, &error))
    {
      gtk_label_set_label (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
    }
}

static void
on_log_row_activated (PhGamePanel   *self,
                      GtkListBoxRow *row,
                      GtkListBox    *list)
{
  replay_to (self, gtk_list_box_row_get_index (row));
}

static void
on_replay_clicked (PhGamePanel *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->log_list);

  if (row)
    replay_to (self, gtk_list_box_row_get_index (row));
}

static void
on_now_clicked (PhGamePanel *self)
{
  ph_document_game_back_to_now (self->document);
}

/* Life */

static void
ph_game_panel_dispose (GObject *object)
{
  PhGamePanel *self = PH_GAME_PANEL (object);

  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), PH_TYPE_GAME_PANEL);
  G_OBJECT_CLASS (ph_game_panel_parent_class)->dispose (object);
}

static void
ph_game_panel_finalize (GObject *object)
{
  PhGamePanel *self = PH_GAME_PANEL (object);

  g_clear_pointer (&self->actions, g_ptr_array_unref);
  g_clear_pointer (&self->figure_ids, g_ptr_array_unref);
  g_free (self->figure_id);
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
  gtk_widget_class_set_template_from_resource (widget_class, "/org/powderhorn/Powderhorn/ph-game-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, start_box);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, start_button);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, describe_label);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, error_label);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, actions_heading);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, actions_scroller);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, actions_box);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, dice_tray);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, undo_button);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, log_list);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, log_scroller);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, replay_label);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, replay_button);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, now_button);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_undo_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_log_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_log_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_replay_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_now_clicked);
}

static void
ph_game_panel_init (PhGamePanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->actions = g_ptr_array_new_with_free_func ((GDestroyNotify) action_free);
  self->figure_ids = g_ptr_array_new_with_free_func (g_free);
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
  self->rules = NULL;
  self->scenario = NULL;
  ph_game_panel_refresh (self);
}

void
ph_game_panel_set_selection (PhGamePanel    *self,
                             const PhFigure *figure,
                             const PhFigure *target)
{
  g_return_if_fail (PH_IS_GAME_PANEL (self));

  if (g_strcmp0 (figure ? figure->id : NULL, self->figure_id) == 0
      && g_strcmp0 (target ? target->id : NULL, self->target_id) == 0)
    return;
  g_free (self->figure_id);
  g_free (self->target_id);
  self->figure_id = g_strdup (figure ? figure->id : NULL);
  self->target_id = g_strdup (target ? target->id : NULL);
  sync_figure_widgets (self);
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
  Action *action;

  g_return_val_if_fail (PH_IS_GAME_PANEL (self), FALSE);

  action = find_action (self, name);
  if (action == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("No action “%s” here"), name);
      return FALSE;
    }
  return perform_action (self, action, error);
}

gboolean
ph_game_panel_set_argument (PhGamePanel *self,
                            const char  *name,
                            const char  *argument,
                            const char  *value)
{
  Action *action;

  g_return_val_if_fail (PH_IS_GAME_PANEL (self), FALSE);

  action = find_action (self, name);
  for (guint i = 0; action && i < action->args->len; i++)
    {
      Arg *arg = g_ptr_array_index (action->args, i);

      if (!g_str_equal (arg->name, argument))
        continue;
      switch (arg->kind)
        {
        case ARG_FIGURE:
        case ARG_TARGET:
          gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), figure_position (self, value));
          return TRUE;
        case ARG_NUMBER:
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (arg->widget), g_ascii_strtod (value, NULL));
          return TRUE;
        case ARG_BOOL:
          gtk_check_button_set_active (GTK_CHECK_BUTTON (arg->widget),
                                       g_strcmp0 (value, "true") == 0 || g_strcmp0 (value, "1") == 0
                                       || g_strcmp0 (value, "yes") == 0);
          return TRUE;
        case ARG_TEXT:
          gtk_editable_set_text (GTK_EDITABLE (arg->widget), value ? value : "");
          return TRUE;
        case ARG_CHOICE:
          {
            GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (arg->widget));

            for (guint k = 0; k < g_list_model_get_n_items (model); k++)
              {
                g_autoptr(GtkStringObject) item = g_list_model_get_item (model, k);

                if (g_strcmp0 (gtk_string_object_get_string (item), value) == 0)
                  {
                    gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), k);
                    return TRUE;
                  }
              }
            return FALSE;
          }
        }
    }
  return FALSE;
}

const char *
ph_game_panel_get_action_error (PhGamePanel *self,
                                const char  *name)
{
  Action *action;

  g_return_val_if_fail (PH_IS_GAME_PANEL (self), NULL);

  action = find_action (self, name);
  if (action == NULL || !gtk_widget_get_visible (GTK_WIDGET (action->error_label)))
    return NULL;
  return gtk_label_get_label (action->error_label);
}

guint
ph_game_panel_get_n_log_rows (PhGamePanel *self)
{
  g_return_val_if_fail (PH_IS_GAME_PANEL (self), 0);
  return self->n_log_rows;
}

gboolean
ph_game_panel_replay_to (PhGamePanel *self,
                         guint        index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (PH_IS_GAME_PANEL (self), FALSE);

  row = gtk_list_box_get_row_at_index (self->log_list, index);
  if (row == NULL)
    return FALSE;
  gtk_list_box_select_row (self->log_list, row);
  on_replay_clicked (self);
  return TRUE;
}
