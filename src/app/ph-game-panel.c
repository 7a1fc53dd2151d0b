/* ph-game-panel.c: the side panel's Game tab: actions, dice and the log
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Start Game" while the scenario has none; then one "Action" drop-down of
 * the ruleset's actions (PhGameRules.actions) with only the chosen one's
 * arguments below it, built from its spec ("figure target [aim=bool]
 * mode=a|b|c"), and one Perform button; the dice tray; and, below a
 * handle, the log, newest at the bottom, from which the referee undoes the
 * last step or replays the game to an earlier one. Everything goes
 * through the document, so each step is one undoable, saved change.
 *
 * The figure and the target come from the map (the selected figure, the
 * pinned or hovered enemy) and show as their names; with nothing chosen
 * on the map they are drop-downs of the figures.
 */
#include "ph-game-panel.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

typedef enum
{
  ARG_FIGURE,   /* the selected figure */
  ARG_TARGET,   /* the pinned or hovered target */
  ARG_NUMBER,
  ARG_BOOL,
  ARG_TEXT,
  ARG_CHOICE,
  ARG_SIDE,     /* one of the scenario's sides, by id */
} ArgKind;

typedef struct
{
  char *name;
  ArgKind kind;
  gboolean optional;
  char **choices;       /* ARG_CHOICE: the values, as the drop-down lists them */
  GtkWidget *widget;    /* the value: drop-down, spin, check button or entry */
  GtkWidget *set_check; /* an optional number: "set", else it is left out */
  GtkStack *stack;      /* figure, target: "map" (its name) or "choose" */
  GtkLabel *name_label; /* figure, target: the map's figure */
} Arg;

typedef struct
{
  const PhGameActionInfo *info;
  GPtrArray *args;      /* of Arg* */
  GtkWidget *form;      /* its page of the forms stack */
  char *error;          /* the refusal shown under Perform, or NULL */
} Action;

struct _PhGamePanel
{
  GtkBox parent_instance;

  GtkWidget *start_box;
  GtkWidget *start_button;
  GtkLabel *describe_label;
  GtkLabel *error_label;
  GtkWidget *actions_box;
  GtkWidget *action_label;
  GtkDropDown *action_drop_down;
  GtkLabel *help_label;
  GtkStack *forms_stack;
  GtkWidget *perform_button;
  GtkLabel *action_error_label;
  GtkWidget *dice_box;
  PhDiceTray *dice_tray;
  GtkWidget *undo_button;
  GtkListBox *log_list;
  GtkWidget *log_scroller;
  GtkLabel *replay_label;
  GtkWidget *replay_button;
  GtkWidget *now_button;
  GtkSizeGroup *label_group;

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
  gboolean building_actions;
  gboolean log_at_end;
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
  g_free (action->error);
  g_free (action);
}

/* "figure target [aim=bool] shots=number mode=a|b|c": one Arg each. A bare
 * "figure" or "target" is filled from the map; another bare name is a
 * figure when required ("shooter") and a check button when optional
 * ("[aim]"); one named "side" is a drop-down of the scenario's sides. */
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

      if (g_str_equal (name, "side") && (type == NULL || g_str_equal (type, "text")))
        arg->kind = ARG_SIDE;
      else if (type == NULL)
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

/* Coordinates take halves of an inch; the rest are whole numbers */
static gboolean
is_coordinate (const Arg *arg)
{
  return g_str_equal (arg->name, "x") || g_str_equal (arg->name, "y");
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

static PhSide *
side_at (PhGamePanel *self,
         const Arg   *arg,
         guint        position)
{
  guint index = position - (arg->optional ? 1 : 0);

  if (self->scenario == NULL || (arg->optional && position == 0)
      || index >= self->scenario->sides->len)
    return NULL;
  return g_ptr_array_index (self->scenario->sides, index);
}

/* The figure and the target from the map: the name when there is one,
 * else the drop-down (which keeps what was chosen in it). */
static void
sync_figure_widgets (PhGamePanel *self)
{
  for (guint i = 0; self->actions && i < self->actions->len; i++)
    {
      Action *action = g_ptr_array_index (self->actions, i);

      for (guint j = 0; j < action->args->len; j++)
        {
          Arg *arg = g_ptr_array_index (action->args, j);
          const char *id;
          PhFigure *figure;

          if (arg->kind != ARG_FIGURE && arg->kind != ARG_TARGET)
            continue;
          id = arg->kind == ARG_FIGURE ? self->figure_id : self->target_id;
          figure = id && self->scenario ? ph_scenario_find_figure (self->scenario, id) : NULL;
          if (figure)
            {
              gtk_label_set_label (arg->name_label, ph_figure_display_name (figure));
              gtk_stack_set_visible_child_name (arg->stack, "map");
            }
          else
            gtk_stack_set_visible_child_name (arg->stack, "choose");
        }
    }
}

static void
on_number_changed (GtkSpinButton *spin,
                   GtkWidget     *set_check)
{
  /* Typing a number means it: "set" ticks itself */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (set_check), TRUE);
}

static GtkWidget *
figure_drop_down (PhGamePanel *self,
                  gboolean     optional)
{
  GtkStringList *names = gtk_string_list_new (NULL);
  GtkWidget *drop_down;

  gtk_string_list_append (names, optional ? _("None") : _("Choose…"));
  for (guint i = 0; i < self->figure_ids->len; i++)
    {
      PhFigure *f = ph_scenario_find_figure (self->scenario, g_ptr_array_index (self->figure_ids, i));
      PhSide *side = f->side ? ph_scenario_find_side (self->scenario, f->side) : NULL;
      g_autofree char *text = side && side->name && *side->name
                              ? g_strdup_printf ("%s (%s)", ph_figure_display_name (f), side->name)
                              : g_strdup (ph_figure_display_name (f));

      gtk_string_list_append (names, text);
    }
  drop_down = gtk_drop_down_new (G_LIST_MODEL (names), NULL);
  gtk_drop_down_set_enable_search (GTK_DROP_DOWN (drop_down), TRUE);
  gtk_drop_down_set_expression (GTK_DROP_DOWN (drop_down),
                                gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
  return drop_down;
}

/* The value widget, and for some a row of their own: returns the widget
 * that goes into the form's value column. */
static GtkWidget *
argument_widget (PhGamePanel *self,
                 Arg         *arg)
{
  switch (arg->kind)
    {
    case ARG_FIGURE:
    case ARG_TARGET:
      {
        GtkWidget *stack = gtk_stack_new ();
        GtkWidget *label = gtk_label_new (NULL);

        gtk_label_set_xalign (GTK_LABEL (label), 0);
        gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
        gtk_widget_add_css_class (label, "game-figure-name");
        gtk_widget_set_tooltip_text (label, arg->kind == ARG_FIGURE
                                     ? _("The figure selected on the map")
                                     : _("The target pinned on the map (right-click an enemy; Escape unpins it)"));
        arg->widget = figure_drop_down (self, arg->optional);
        gtk_widget_set_tooltip_text (arg->widget, arg->kind == ARG_FIGURE
                                     ? _("Or click the figure on the map")
                                     : _("Or right-click an enemy on the map to pin it"));
        gtk_stack_add_named (GTK_STACK (stack), label, "map");
        gtk_stack_add_named (GTK_STACK (stack), arg->widget, "choose");
        gtk_stack_set_hhomogeneous (GTK_STACK (stack), FALSE);
        gtk_stack_set_vhomogeneous (GTK_STACK (stack), FALSE);
        arg->stack = GTK_STACK (stack);
        arg->name_label = GTK_LABEL (label);
        return stack;
      }
    case ARG_NUMBER:
      {
        gboolean coordinate = is_coordinate (arg);
        GtkWidget *spin = gtk_spin_button_new_with_range (coordinate ? -99 : -999, 999,
                                                          coordinate ? 0.5 : 1);
        GtkWidget *box;

        gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), coordinate ? 1 : 0);
        gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 0);
        gtk_widget_set_hexpand (spin, TRUE);
        arg->widget = spin;
        if (!arg->optional)
          return spin;
        arg->set_check = gtk_check_button_new_with_label (_("set"));
        gtk_widget_set_tooltip_text (arg->set_check, _("Give this number; unticked, the rules decide"));
        g_signal_connect_object (spin, "value-changed", G_CALLBACK (on_number_changed),
                                 arg->set_check, 0);
        box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
        gtk_box_append (GTK_BOX (box), spin);
        gtk_box_append (GTK_BOX (box), arg->set_check);
        return box;
      }
    case ARG_BOOL:
      {
        g_autofree char *label = argument_label (arg->name);

        arg->widget = gtk_check_button_new_with_label (label);
        return arg->widget;
      }
    case ARG_TEXT:
      arg->widget = gtk_entry_new ();
      if (arg->optional)
        gtk_entry_set_placeholder_text (GTK_ENTRY (arg->widget), _("Optional"));
      return arg->widget;
    case ARG_CHOICE:
      {
        GtkStringList *choices = gtk_string_list_new (NULL);

        if (arg->optional)
          gtk_string_list_append (choices, _("Default"));
        for (char **c = arg->choices; *c; c++)
          {
            g_autofree char *text = g_strdup (*c);

            g_strdelimit (text, "-_", ' ');
            gtk_string_list_append (choices, text);
          }
        arg->widget = gtk_drop_down_new (G_LIST_MODEL (choices), NULL);
        return arg->widget;
      }
    case ARG_SIDE:
      {
        GtkStringList *names = gtk_string_list_new (NULL);

        if (arg->optional)
          gtk_string_list_append (names, _("None"));
        for (guint i = 0; i < self->scenario->sides->len; i++)
          {
            PhSide *side = g_ptr_array_index (self->scenario->sides, i);

            gtk_string_list_append (names, side->name && *side->name ? side->name : side->id);
          }
        arg->widget = gtk_drop_down_new (G_LIST_MODEL (names), NULL);
        return arg->widget;
      }
    }
  g_return_val_if_reached (NULL);
}

static GtkWidget *
form_label (PhGamePanel *self,
            const char  *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 12);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_size_group_add_widget (self->label_group, label);
  return label;
}

/* The action's form: a row per argument (name, value), the yes-or-no ones
 * last as check buttons, three to a row. */
static GtkWidget *
build_form (PhGamePanel *self,
            Action      *action)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *flags = NULL;
  guint n_flags = 0;
  int row = 0;

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 10);
  for (guint j = 0; j < action->args->len; j++)
    {
      Arg *arg = g_ptr_array_index (action->args, j);
      GtkWidget *value = argument_widget (self, arg);
      g_autofree char *name = argument_label (arg->name);

      gtk_accessible_update_property (GTK_ACCESSIBLE (arg->widget),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      if (arg->kind == ARG_BOOL)
        {
          if (flags == NULL)
            {
              flags = gtk_grid_new ();
              gtk_grid_set_column_spacing (GTK_GRID (flags), 12);
              gtk_grid_set_column_homogeneous (GTK_GRID (flags), TRUE);
            }
          gtk_grid_attach (GTK_GRID (flags), value, n_flags % 2, n_flags / 2, 1, 1);
          n_flags++;
          continue;
        }
      gtk_widget_set_hexpand (value, TRUE);
      gtk_widget_set_valign (value, GTK_ALIGN_CENTER);
      gtk_grid_attach (GTK_GRID (grid), form_label (self, name), 0, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), value, 1, row++, 1, 1);
    }
  if (flags)
    {
      /* Under the values, or under "Action" when there are none */
      GtkWidget *label = form_label (self, row == 0 ? _("Options") : "");

      gtk_widget_set_valign (label, GTK_ALIGN_START);
      gtk_grid_attach (GTK_GRID (grid), label, 0, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), flags, 1, row++, 1, 1);
    }
  return grid;
}

/* The Action drop-down's popup: the label and the help line under it */
static void
on_action_item_setup (GtkSignalListItemFactory *factory,
                      GtkListItem              *item,
                      gpointer                  data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *subtitle = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_wrap (GTK_LABEL (subtitle), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (subtitle), 40);
  gtk_label_set_width_chars (GTK_LABEL (subtitle), 40);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), subtitle);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_list_item_set_child (item, box);
}

static void
on_action_item_bind (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     PhGamePanel              *self)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *title = gtk_widget_get_first_child (box);
  GtkWidget *subtitle = gtk_widget_get_next_sibling (title);
  guint position = gtk_list_item_get_position (item);
  const PhGameActionInfo *info = position < self->actions->len
                                 ? ((Action *) g_ptr_array_index (self->actions, position))->info
                                 : NULL;

  gtk_label_set_label (GTK_LABEL (title), info ? (info->label ? info->label : info->name) : "");
  gtk_label_set_label (GTK_LABEL (subtitle), info && info->help ? info->help : "");
  gtk_widget_set_visible (subtitle, info && info->help && *info->help);
}

static Action *
current_action (PhGamePanel *self)
{
  guint selected = gtk_drop_down_get_selected (self->action_drop_down);

  if (selected >= self->actions->len)
    return NULL;
  return g_ptr_array_index (self->actions, selected);
}

static void
show_current_error (PhGamePanel *self)
{
  Action *action = current_action (self);
  const char *message = action ? action->error : NULL;

  gtk_label_set_label (self->action_error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->action_error_label), message != NULL);
}

static void
on_action_selected (PhGamePanel *self)
{
  Action *action;

  if (self->building_actions)
    return;
  action = current_action (self);
  if (action == NULL)
    return;
  gtk_stack_set_visible_child (self->forms_stack, action->form);
  gtk_label_set_label (self->help_label, action->info->help ? action->info->help : "");
  gtk_widget_set_visible (GTK_WIDGET (self->help_label), action->info->help && *action->info->help);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->help_label), action->info->help);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->action_drop_down), action->info->help);
  gtk_widget_set_tooltip_text (self->perform_button, action->info->help);
  show_current_error (self);
}

static void
build_actions (PhGamePanel *self)
{
  g_autofree char *keep = NULL;
  GtkStringList *labels;
  GtkWidget *child;
  guint select = 0;

  if (current_action (self))
    keep = g_strdup (current_action (self)->info->name);

  self->building_actions = TRUE;
  gtk_drop_down_set_model (self->action_drop_down, NULL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->forms_stack))))
    gtk_stack_remove (self->forms_stack, child);
  g_ptr_array_set_size (self->actions, 0);
  g_ptr_array_set_size (self->figure_ids, 0);

  if (self->rules == NULL || self->rules->actions == NULL)
    {
      self->building_actions = FALSE;
      return;
    }

  for (guint i = 0; i < self->scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (self->scenario->figures, i);
      g_ptr_array_add (self->figure_ids, g_strdup (f->id));
    }

  labels = gtk_string_list_new (NULL);
  for (const PhGameActionInfo *info = self->rules->actions; info->name; info++)
    {
      Action *action = g_new0 (Action, 1);

      action->info = info;
      action->args = parse_arguments (info->arguments);
      action->form = build_form (self, action);
      gtk_stack_add_named (self->forms_stack, action->form, info->name);
      if (g_strcmp0 (keep, info->name) == 0)
        select = self->actions->len;
      g_ptr_array_add (self->actions, action);
      gtk_string_list_append (labels, info->label ? info->label : info->name);
    }
  gtk_drop_down_set_model (self->action_drop_down, G_LIST_MODEL (labels));
  g_object_unref (labels);
  gtk_drop_down_set_selected (self->action_drop_down, select);
  self->building_actions = FALSE;
  on_action_selected (self);
  sync_figure_widgets (self);
}

static Action *
find_action (PhGamePanel *self,
             const char  *name,
             guint       *position)
{
  for (guint i = 0; i < self->actions->len; i++)
    {
      Action *action = g_ptr_array_index (self->actions, i);

      if (g_strcmp0 (action->info->name, name) == 0)
        {
          if (position)
            *position = i;
          return action;
        }
    }
  return NULL;
}

/* Chooses @name in the Action drop-down, as the referee would */
static Action *
choose_action (PhGamePanel *self,
               const char  *name)
{
  guint position;
  Action *action = find_action (self, name, &position);

  if (action && gtk_drop_down_get_selected (self->action_drop_down) != position)
    gtk_drop_down_set_selected (self->action_drop_down, position);
  return action;
}

/* The action's arguments from its widgets; NULL with a message when a
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
            const char *id = arg->kind == ARG_FIGURE ? self->figure_id : self->target_id;

            if (g_str_equal (gtk_stack_get_visible_child_name (arg->stack), "map") && id)
              value = g_strdup (id);
            else if (index > 0 && index <= self->figure_ids->len)
              value = g_strdup (g_ptr_array_index (self->figure_ids, index - 1));
            else if (!arg->optional)
              {
                if (arg->kind == ARG_TARGET)
                  g_set_error_literal (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                                       _("Choose the target first: right-click an enemy on the map to pin it"));
                else
                  g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                               _("Choose the figure first (%s): click it on the map"), label);
                return NULL;
              }
            break;
          }
        case ARG_NUMBER:
          {
            double number = gtk_spin_button_get_value (GTK_SPIN_BUTTON (arg->widget));

            if (arg->set_check == NULL || gtk_check_button_get_active (GTK_CHECK_BUTTON (arg->set_check)))
              {
                char buffer[G_ASCII_DTOSTR_BUF_SIZE];

                value = g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%g",
                                                   is_coordinate (arg) ? number : round (number)));
              }
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
            guint index = gtk_drop_down_get_selected (GTK_DROP_DOWN (arg->widget));

            if (arg->optional)
              index = index == 0 ? GTK_INVALID_LIST_POSITION : index - 1;
            if (index < g_strv_length (arg->choices))
              value = g_strdup (arg->choices[index]);
            break;
          }
        case ARG_SIDE:
          {
            PhSide *side = side_at (self, arg, gtk_drop_down_get_selected (GTK_DROP_DOWN (arg->widget)));

            if (side)
              value = g_strdup (side->id);
            else if (!arg->optional)
              {
                g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                             _("Choose the side first"));
                return NULL;
              }
            break;
          }
        }
      if (value)
        g_hash_table_insert (args, g_strdup (arg->name), value);
    }
  return g_steal_pointer (&args);
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
      /* Every stale refusal goes */
      for (guint i = 0; i < self->actions->len; i++)
        g_clear_pointer (&((Action *) g_ptr_array_index (self->actions, i))->error, g_free);
      show_current_error (self);
      return TRUE;
    }
  g_free (action->error);
  action->error = g_strdup (local_error->message);
  show_current_error (self);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

static void
on_perform_clicked (PhGamePanel *self)
{
  Action *action = current_action (self);

  if (action)
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

/* The log follows its newest line, as a terminal does, until the referee
 * scrolls up to read; the rows' heights are known only once allocated,
 * hence the adjustment's "changed". */
static void
on_log_adjustment_changed (GtkAdjustment *adj,
                           PhGamePanel   *self)
{
  if (self->log_at_end)
    gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
}

static void
on_log_adjustment_value_changed (GtkAdjustment *adj,
                                 PhGamePanel   *self)
{
  self->log_at_end = gtk_adjustment_get_value (adj)
                     >= gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) - 1;
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

  /* Replaying, the log stays where the referee picked the step */
  self->log_at_end = !replaying;
  if (!replaying)
    on_log_adjustment_changed (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->log_scroller)),
                               self);
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
  gtk_widget_set_visible (self->actions_box, self->actions->len > 0);

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
  g_clear_object (&self->label_group);
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
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, actions_box);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, action_label);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, action_drop_down);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, help_label);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, forms_stack);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, perform_button);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, action_error_label);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, dice_box);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, dice_tray);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, undo_button);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, log_list);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, log_scroller);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, replay_label);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, replay_button);
  gtk_widget_class_bind_template_child (widget_class, PhGamePanel, now_button);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_action_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_perform_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_undo_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_log_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_log_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_replay_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_now_clicked);
}

static void
ph_game_panel_init (PhGamePanel *self)
{
  GtkListItemFactory *factory;
  GtkAdjustment *adj;

  gtk_widget_init_template (GTK_WIDGET (self));
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->log_scroller));
  g_signal_connect_object (adj, "changed", G_CALLBACK (on_log_adjustment_changed), self, 0);
  g_signal_connect_object (adj, "value-changed", G_CALLBACK (on_log_adjustment_value_changed), self, 0);
  self->log_at_end = TRUE;
  /* The forms' names line up under "Action" */
  self->label_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  gtk_size_group_add_widget (self->label_group, self->action_label);
  /* The popup lists each action with its help line; the button shows the
   * label alone. */
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (on_action_item_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (on_action_item_bind), self);
  gtk_drop_down_set_list_factory (self->action_drop_down, factory);
  g_object_unref (factory);
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

  action = choose_action (self, name);
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
  return choose_action (self, name) != NULL;
}

const char *
ph_game_panel_get_selected_action (PhGamePanel *self)
{
  Action *action;

  g_return_val_if_fail (PH_IS_GAME_PANEL (self), NULL);
  action = current_action (self);
  return action ? action->info->name : NULL;
}

gboolean
ph_game_panel_set_argument (PhGamePanel *self,
                            const char  *name,
                            const char  *argument,
                            const char  *value)
{
  Action *action;

  g_return_val_if_fail (PH_IS_GAME_PANEL (self), FALSE);

  action = choose_action (self, name);
  for (guint i = 0; action && i < action->args->len; i++)
    {
      Arg *arg = g_ptr_array_index (action->args, i);

      if (!g_str_equal (arg->name, argument))
        continue;
      switch (arg->kind)
        {
        case ARG_FIGURE:
        case ARG_TARGET:
          {
            guint position = figure_position (self, value);

            /* The map's figure shows as a name: only it can be chosen */
            if (g_str_equal (gtk_stack_get_visible_child_name (arg->stack), "map"))
              return g_strcmp0 (value, arg->kind == ARG_FIGURE ? self->figure_id : self->target_id) == 0;
            if (position == 0 && value && *value)
              return FALSE;
            gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), position);
            return TRUE;
          }
        case ARG_NUMBER:
          if (value == NULL || *value == '\0')
            {
              if (arg->set_check == NULL)
                return FALSE;
              gtk_check_button_set_active (GTK_CHECK_BUTTON (arg->set_check), FALSE);
              return TRUE;
            }
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (arg->widget), g_ascii_strtod (value, NULL));
          if (arg->set_check)
            gtk_check_button_set_active (GTK_CHECK_BUTTON (arg->set_check), TRUE);
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
          for (guint k = 0; arg->choices[k]; k++)
            if (g_strcmp0 (arg->choices[k], value) == 0)
              {
                gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), k + (arg->optional ? 1 : 0));
                return TRUE;
              }
          if (arg->optional && (value == NULL || *value == '\0'))
            {
              gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), 0);
              return TRUE;
            }
          return FALSE;
        case ARG_SIDE:
          for (guint k = 0; k < self->scenario->sides->len; k++)
            {
              PhSide *side = g_ptr_array_index (self->scenario->sides, k);

              if (g_strcmp0 (side->id, value) == 0 || g_strcmp0 (side->name, value) == 0)
                {
                  gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), k + (arg->optional ? 1 : 0));
                  return TRUE;
                }
            }
          if (arg->optional && (value == NULL || *value == '\0'))
            {
              gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), 0);
              return TRUE;
            }
          return FALSE;
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

  action = find_action (self, name, NULL);
  return action ? action->error : NULL;
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
