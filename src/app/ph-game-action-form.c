/* ph-game-action-form.c: one game action's argument widgets
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Game tab has one form per action of the ruleset (PhGameRules.actions),
 * built from the action's spec ("figure target [aim=bool] mode=a|b|c"): a
 * row per argument, its name and a widget for its value. The form reads
 * the values back as the arguments of ph_document_game_perform().
 *
 * A yes-or-no argument is a check button when required. An optional one
 * is a drop-down, "Default", "Yes", "No": it sends nothing, "true" or
 * "false", since leaving it out is not always "false" (Firelock's act
 * defaults to true, act=false rides only).
 *
 * The figure and the target come from the map (the selected figure, the
 * pinned or hovered enemy) and show as their names; with nothing chosen
 * on the map they are drop-downs of the figures.
 */
#include "ph-game-action-form-private.h"

#include <glib/gi18n.h>
#include <math.h>

static void
arg_free (Arg *arg)
{
  g_free (arg->figures);
  g_clear_pointer (&arg->shown, g_array_unref);
  g_clear_pointer (&arg->ids, g_ptr_array_unref);
  g_free (arg);
}

G_DEFINE_FINAL_TYPE (PhGameActionForm, ph_game_action_form, G_TYPE_OBJECT)

static GtkWidget *
form_label (GtkSizeGroup *label_group,
            const char   *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 12);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_size_group_add_widget (label_group, label);
  return label;
}

static guint edited_signal;

static void
emit_edited (PhGameActionForm *self)
{
  if (!self->quiet)
    g_signal_emit (self, edited_signal, 0);
}

/* @callback (swapped: @self) when @widget's value changes: "edited", or
 * the folded options' summary following their values, set by hand or by
 * the window (ph_game_action_form_set_argument()) */
static void
watch_value (PhGameActionForm *self,
             GtkWidget        *widget,
             GCallback         callback)
{
  const char *signal = NULL;

  if (widget == NULL)
    return;
  if (GTK_IS_SPIN_BUTTON (widget))
    signal = "value-changed";
  else if (GTK_IS_DROP_DOWN (widget))
    signal = "notify::selected";
  else if (GTK_IS_CHECK_BUTTON (widget))
    signal = "toggled";
  else if (GTK_IS_EDITABLE (widget))
    signal = "changed";
  if (signal != NULL)
    g_signal_connect_object (widget, signal, callback, self, G_CONNECT_SWAPPED);
}

/* Two to a row, in equal halves */
static GtkWidget *
two_column_grid (void)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_column_homogeneous (GTK_GRID (grid), TRUE);
  return grid;
}

/* "More options", or "More options (Superior: yes, Outnumbered: 2)":
 * what is set under it, so that folded it still shows what is sent */
static void
update_more_label (PhGameActionForm *self)
{
  g_autoptr(GString) set = g_string_new (NULL);
  g_autofree char *label = NULL;

  if (self->more_label == NULL)
    return;
  for (guint j = 0; j < self->args->len; j++)
    {
      Arg *arg = g_ptr_array_index (self->args, j);
      g_autofree char *value = NULL;
      g_autofree char *name = NULL;

      if (!arg->spec->more || (value = ph_game_action_form_argument_value (self, arg)) == NULL)
        continue;
      name = ph_game_action_form_arg_label (arg->spec);
      if (set->len > 0)
        g_string_append (set, _(", "));
      if (arg->spec->kind == PH_GAME_ARG_BOOL)
        /* TRANSLATORS: a folded option that is set: "Superior: yes" */
        g_string_append_printf (set, _("%s: %s"), name,
                                g_str_equal (value, "true") ? _("yes") : _("no"));
      else if (arg->spec->kind == PH_GAME_ARG_CHOICE)
        {
          /* the choice in the form's words ("At: The horse"), not its value */
          g_autofree char *text = NULL;

          for (guint i = 0; arg->spec->choices[i] != NULL && text == NULL; i++)
            if (g_str_equal (arg->spec->choices[i], value))
              text = ph_game_action_form_choice_text (arg->spec, i);
          g_string_append_printf (set, _("%s: %s"), name, text != NULL ? text : value);
        }
      else
        g_string_append_printf (set, _("%s: %s"), name, value);
    }
  if (set->len == 0)
    label = g_strdup (_("More options"));
  else
    /* TRANSLATORS: the folded options, with those set: "More options
     * (Superior: yes, Shock: no)" */
    label = g_strdup_printf (_("More options (%s)"), set->str);
  gtk_label_set_label (self->more_label, label);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->more_label), set->len > 0 ? label : NULL);
}

/* Once @widget's unfolded rows are laid out (the frame after the one
 * that unfolded them), the form's scrolled window shows them from the
 * expander down: a form taller than the panel's room (Musket Mayhem's
 * Melee with its ten options) opened them out of sight, below the fold */
static gboolean
show_unfolded (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       data)
{
  GtkWidget *child = gtk_expander_get_child (GTK_EXPANDER (widget));
  GtkWidget *scroller = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *content;
  GtkAdjustment *adjustment;
  graphene_point_t top;

  if (!gtk_expander_get_expanded (GTK_EXPANDER (widget)) || scroller == NULL)
    return G_SOURCE_REMOVE;
  if (child == NULL || !gtk_widget_get_mapped (child) || gtk_widget_get_height (child) <= 0)
    return G_SOURCE_CONTINUE;
  content = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  if (content != NULL
      && gtk_widget_compute_point (widget, content, &GRAPHENE_POINT_INIT (0, 0), &top))
    {
      /* (the viewport's child is at the adjustment's value) */
      double y = top.y + gtk_adjustment_get_value (adjustment);
      double bottom = y + gtk_widget_get_height (widget);
      double page = gtk_adjustment_get_page_size (adjustment);
      double value = gtk_adjustment_get_value (adjustment);

      /* its foot on the fold, or, taller than the room, its head on top */
      if (bottom > value + page)
        value = bottom - page;
      if (y < value)
        value = y;
      gtk_adjustment_set_value (adjustment, value);
    }
  return G_SOURCE_REMOVE;
}

static void
on_unfolded (GtkExpander *expander)
{
  if (gtk_expander_get_expanded (expander))
    gtk_widget_add_tick_callback (GTK_WIDGET (expander), show_unfolded, NULL, NULL);
}

/* Folded under an expander: the seldom wanted arguments (PhGameArg.more) */
static GtkWidget *
more_expander (PhGameActionForm *self,
               GtkWidget        *rows)
{
  GtkWidget *expander = gtk_expander_new (NULL);
  GtkWidget *label = gtk_label_new (NULL);

  g_signal_connect (expander, "notify::expanded", G_CALLBACK (on_unfolded), NULL);

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_expander_set_label_widget (GTK_EXPANDER (expander), label);
  gtk_widget_set_margin_top (rows, 6);
  gtk_expander_set_child (GTK_EXPANDER (expander), rows);
  self->more_label = GTK_LABEL (label);
  return expander;
}

/* The action names a hex (a "hex" argument, as the map prints it) */
static gboolean
names_hex (const PhGameActionInfo *info)
{
  for (const PhGameArg *arg = info->args; arg != NULL && arg->name != NULL; arg++)
    if (g_str_equal (arg->name, "hex") && !arg->command_line_only)
      return TRUE;
  return FALSE;
}

/* Where the figure goes (x and y, a hex by its name): in the move that a
 * drag on the map performs (PhMovePlan.action), and in any action that
 * names a hex, which a drag of the figure onto it performs while its form
 * is picked (PH_MOVE_WISH_ACTION: Guns of War's withdrawal); typed only
 * to place him exactly */
static gboolean
is_drag_position (PhGameActionForm *self,
                  const PhGameArg  *spec)
{
  gboolean move = g_str_equal (self->info->name, "move");

  if (!move && !names_hex (self->info))
    return FALSE;
  /* (and the way he faces, which the map's turning handle sets) */
  return ph_game_action_form_arg_is_coordinate (spec) || g_str_equal (spec->name, "hex")
         || (move && g_str_equal (spec->name, "facing"));
}

/* The move's note, "Drag the figure on the map to move it" (another
 * action's: "Drag the figure on the map onto the hex"), and under it the
 * collapsed "Exact position" (its grid returned for the rows of x and y),
 * at @row of @grid */
static GtkWidget *
position_rows (PhGameActionForm *self,
               GtkWidget        *grid,
               int              *row)
{
  GtkWidget *note = gtk_label_new (g_str_equal (self->info->name, "move")
                                   ? _("Drag the figure on the map to move it")
                                   : _("Drag the figure on the map onto the hex"));
  GtkWidget *inner = gtk_grid_new ();

  gtk_label_set_xalign (GTK_LABEL (note), 0);
  gtk_label_set_wrap (GTK_LABEL (note), TRUE);
  gtk_widget_add_css_class (note, "dim-label");
  gtk_grid_attach (GTK_GRID (grid), note, 0, (*row)++, 2, 1);

  gtk_grid_set_row_spacing (GTK_GRID (inner), 6);
  gtk_grid_set_column_spacing (GTK_GRID (inner), 10);
  gtk_widget_set_margin_top (inner, 6);
  /* folded: the numbers a new user took for the way to move (they
   * started at 0,0); Space or Enter on it unfolds it */
  self->position_expander = gtk_expander_new_with_mnemonic (_("_Exact position"));
  gtk_expander_set_expanded (GTK_EXPANDER (self->position_expander), FALSE);
  g_signal_connect (self->position_expander, "notify::expanded", G_CALLBACK (on_unfolded), NULL);
  gtk_expander_set_child (GTK_EXPANDER (self->position_expander), inner);
  gtk_grid_attach (GTK_GRID (grid), self->position_expander, 0, (*row)++, 2, 1);
  return inner;
}

/* A row per argument (name, value; an optional yes-or-no's value a
 * drop-down), the move's position folded away under a note
 * (position_rows()), then the seldom wanted ones folded, then the
 * required yes-or-no ones as check buttons, two to a row, under the
 * values. */
static GtkWidget *
build_grid (PhGameActionForm *self,
            GtkSizeGroup     *label_group)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *flags = NULL;
  GtkWidget *more = NULL;
  GtkWidget *position = NULL;
  guint n_flags = 0;
  int row = 0, more_row = 0, position_row = 0;

  /* rows close together: a form of six shows whole on a laptop */
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 10);
  for (guint j = 0; j < self->args->len; j++)
    {
      Arg *arg = g_ptr_array_index (self->args, j);
      GtkWidget *value = ph_game_action_form_argument_widget (self, arg);
      g_autofree char *name = ph_game_action_form_arg_label (arg->spec);
      GtkWidget *rows = grid;
      int *at = &row;

      watch_value (self, arg->widget, G_CALLBACK (emit_edited));
      watch_value (self, arg->set_check, G_CALLBACK (emit_edited));

      gtk_accessible_update_property (GTK_ACCESSIBLE (arg->widget),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      /* an optional yes-or-no is a row of its own like any value: two to
       * a row made Firelock's Roll for IPs wider than the panel */
      if (arg->spec->kind == PH_GAME_ARG_BOOL && !arg->spec->optional)
        {
          if (flags == NULL)
            flags = two_column_grid ();
          gtk_grid_attach (GTK_GRID (flags), value, n_flags % 2, n_flags / 2, 1, 1);
          n_flags++;
          continue;
        }
      if (is_drag_position (self, arg->spec))
        {
          if (position == NULL)
            position = position_rows (self, grid, &row);
          rows = position;
          at = &position_row;
        }
      else if (arg->spec->more)
        {
          if (more == NULL)
            {
              more = gtk_grid_new ();
              gtk_grid_set_row_spacing (GTK_GRID (more), 4);
              gtk_grid_set_column_spacing (GTK_GRID (more), 10);
            }
          rows = more;
          at = &more_row;
          watch_value (self, arg->widget, G_CALLBACK (update_more_label));
          watch_value (self, arg->set_check, G_CALLBACK (update_more_label));
        }
      gtk_widget_set_hexpand (value, TRUE);
      gtk_widget_set_valign (value, GTK_ALIGN_CENTER);
      arg->row_label = form_label (label_group, name);
      gtk_grid_attach (GTK_GRID (rows), arg->row_label, 0, *at, 1, 1);
      gtk_grid_attach (GTK_GRID (rows), value, 1, (*at)++, 1, 1);
    }
  if (more)
    {
      gtk_grid_attach (GTK_GRID (grid), more_expander (self, more), 0, row++, 2, 1);
      update_more_label (self);
    }
  if (flags)
    {
      /* Under the values, or under "Action" when there are none */
      GtkWidget *label = form_label (label_group, row == 0 ? _("Options") : "");

      gtk_widget_set_valign (label, GTK_ALIGN_START);
      gtk_grid_attach (GTK_GRID (grid), label, 0, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), flags, 1, row++, 1, 1);
    }
  return grid;
}

/* Reading the values */

/* The argument's value, NULL when it is left out */
char *
ph_game_action_form_argument_value (PhGameActionForm *self,
                                    const Arg        *arg)
{
  switch (arg->spec->kind)
    {
    case PH_GAME_ARG_FIGURE:
    case PH_GAME_ARG_TARGET:
      {
        guint index = gtk_drop_down_get_selected (GTK_DROP_DOWN (arg->widget));
        const char *id = ph_game_action_form_map_figure_id (self, arg);

        if (g_str_equal (gtk_stack_get_visible_child_name (arg->stack), "map") && id)
          return g_strdup (id);
        if (index > 0 && index <= arg->ids->len)
          return g_strdup (g_ptr_array_index (arg->ids, index - 1));
        return NULL;
      }
    case PH_GAME_ARG_NUMBER:
      {
        double number = gtk_spin_button_get_value (GTK_SPIN_BUTTON (arg->widget));
        char buffer[G_ASCII_DTOSTR_BUF_SIZE];

        if (arg->set_check && !gtk_check_button_get_active (GTK_CHECK_BUTTON (arg->set_check)))
          return NULL;
        return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%g",
                                          ph_game_action_form_arg_is_coordinate (arg->spec) ? number : round (number)));
      }
    case PH_GAME_ARG_BOOL:
      if (arg->spec->optional)
        switch (gtk_drop_down_get_selected (GTK_DROP_DOWN (arg->widget)))
          {
          case BOOL_YES:
            return g_strdup ("true");
          case BOOL_NO:
            return g_strdup ("false");
          default:
            return NULL;
          }
      return g_strdup (gtk_check_button_get_active (GTK_CHECK_BUTTON (arg->widget))
                       ? "true" : "false");
    case PH_GAME_ARG_TEXT:
      {
        const char *text = gtk_editable_get_text (GTK_EDITABLE (arg->widget));

        return *text ? g_strdup (text) : NULL;
      }
    case PH_GAME_ARG_FIGURES:
      {
        const char *ids = ph_game_action_form_figures_ids (self, arg);

        return ids != NULL && *ids != '\0' ? g_strdup (ids) : NULL;
      }
    case PH_GAME_ARG_CHOICE:
      {
        guint index = ph_game_action_form_listed_index (arg);

        return index < g_strv_length ((char **) arg->spec->choices) ? g_strdup (arg->spec->choices[index]) : NULL;
      }
    case PH_GAME_ARG_WEAPON:
      {
        guint index = ph_game_action_form_listed_index (arg);

        /* its number among the figure's weapons */
        return index != GTK_INVALID_LIST_POSITION ? g_strdup_printf ("%u", index) : NULL;
      }
    case PH_GAME_ARG_SIDE:
      {
        guint index = ph_game_action_form_listed_index (arg);

        if (index >= self->scenario->sides->len)
          return NULL;
        return g_strdup (((PhSide *) g_ptr_array_index (self->scenario->sides, index))->id);
      }
    }
  g_return_val_if_reached (NULL);
}

/* Why a required argument without a value stops the action; FALSE for
 * one the rules can do without (a choice left unset). */
static gboolean
set_missing_error (const Arg  *arg,
                   GError    **error)
{
  g_autofree char *label = ph_game_action_form_arg_label (arg->spec);

  switch (arg->spec->kind)
    {
    case PH_GAME_ARG_TARGET:
      g_set_error_literal (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                           _("Choose the target first: right-click an enemy on the map to pin it"));
      return TRUE;
    case PH_GAME_ARG_FIGURE:
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("Choose the figure first (%s): click it on the map"), label);
      return TRUE;
    case PH_GAME_ARG_TEXT:
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("Fill in “%s” first"), label);
      return TRUE;
    case PH_GAME_ARG_SIDE:
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("Choose the side first"));
      return TRUE;
    default:
      return FALSE;
    }
}

void
ph_game_action_form_clear_after_step (PhGameActionForm *self)
{
  g_return_if_fail (PH_IS_GAME_ACTION_FORM (self));

  for (guint i = 0; i < self->args->len; i++)
    {
      Arg *arg = g_ptr_array_index (self->args, i);

      if (arg->spec->kind == PH_GAME_ARG_TEXT)
        gtk_editable_set_text (GTK_EDITABLE (arg->widget), "");
      else if (arg->spec->once)
        /* an optional one's Default, a required one's unticked */
        ph_game_action_form_set_argument (self, arg->spec->name, NULL);
    }
}

GHashTable *
ph_game_action_form_collect (PhGameActionForm  *self,
                             GError           **error)
{
  g_autoptr(GHashTable) args = NULL;

  g_return_val_if_fail (PH_IS_GAME_ACTION_FORM (self), NULL);

  args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint i = 0; i < self->args->len; i++)
    {
      Arg *arg = g_ptr_array_index (self->args, i);
      char *value = ph_game_action_form_argument_value (self, arg);

      if (value)
        g_hash_table_insert (args, g_strdup (arg->spec->name), value);
      else if (!arg->spec->optional && set_missing_error (arg, error))
        return NULL;
    }
  return g_steal_pointer (&args);
}

gboolean
ph_game_action_form_set_argument (PhGameActionForm *self,
                                  const char       *argument,
                                  const char       *value)
{
  g_return_val_if_fail (PH_IS_GAME_ACTION_FORM (self), FALSE);

  for (guint i = 0; i < self->args->len; i++)
    {
      Arg *arg = g_ptr_array_index (self->args, i);

      if (!g_str_equal (arg->spec->name, argument))
        continue;
      switch (arg->spec->kind)
        {
        case PH_GAME_ARG_FIGURE:
        case PH_GAME_ARG_TARGET:
          {
            guint index;
            guint position = value && g_ptr_array_find_with_equal_func (arg->ids, value,
                                                                        g_str_equal, &index)
                             ? index + 1 : 0;

            /* The map's figure shows as a name: only it can be chosen */
            if (g_str_equal (gtk_stack_get_visible_child_name (arg->stack), "map"))
              return g_strcmp0 (value, ph_game_action_form_map_figure_id (self, arg)) == 0;
            if (position == 0 && value && *value)
              return FALSE;
            gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), position);
            return TRUE;
          }
        case PH_GAME_ARG_NUMBER:
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
        case PH_GAME_ARG_BOOL:
          {
            gboolean unset = value == NULL || *value == '\0';
            gboolean yes = g_strcmp0 (value, "true") == 0 || g_strcmp0 (value, "1") == 0
                           || g_strcmp0 (value, "yes") == 0;
            gboolean no = g_strcmp0 (value, "false") == 0 || g_strcmp0 (value, "0") == 0
                          || g_strcmp0 (value, "no") == 0;

            if (!unset && !yes && !no)
              return FALSE;
            if (arg->spec->optional)
              gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget),
                                          unset ? BOOL_DEFAULT : yes ? BOOL_YES : BOOL_NO);
            else
              gtk_check_button_set_active (GTK_CHECK_BUTTON (arg->widget), yes);
            return TRUE;
          }
        case PH_GAME_ARG_TEXT:
          gtk_editable_set_text (GTK_EDITABLE (arg->widget), value ? value : "");
          return TRUE;
        case PH_GAME_ARG_FIGURES:
          g_free (arg->figures);
          arg->figures = g_strdup (value != NULL ? value : "");
          ph_game_action_form_update_figures_label (self, arg);
          return TRUE;
        case PH_GAME_ARG_CHOICE:
          for (guint k = 0; arg->spec->choices[k]; k++)
            if (g_strcmp0 (arg->spec->choices[k], value) == 0)
              return ph_game_action_form_select_listed (arg, k, value);
          return ph_game_action_form_select_listed (arg, -1, value);
        case PH_GAME_ARG_WEAPON:
          {
            int n = value != NULL && *value != '\0'
                    ? ph_game_weapon_index (ph_game_action_form_acting_figure (self), value) : -1;

            if (n < 0 && value != NULL && *value != '\0')
              return FALSE;
            return ph_game_action_form_select_listed (arg, n, value);
          }
        case PH_GAME_ARG_SIDE:
          for (guint k = 0; k < self->scenario->sides->len; k++)
            {
              PhSide *side = g_ptr_array_index (self->scenario->sides, k);

              if (g_strcmp0 (side->id, value) == 0 || g_strcmp0 (side->name, value) == 0)
                return ph_game_action_form_select_listed (arg, k, value);
            }
          return ph_game_action_form_select_listed (arg, -1, value);
        }
    }
  return FALSE;
}

char *
ph_game_action_form_get_argument (PhGameActionForm *self,
                                  const char       *name)
{
  g_return_val_if_fail (PH_IS_GAME_ACTION_FORM (self), NULL);

  for (guint i = 0; i < self->args->len; i++)
    {
      const Arg *arg = g_ptr_array_index (self->args, i);

      if (g_str_equal (arg->spec->name, name))
        return ph_game_action_form_argument_value (self, arg);
    }
  return NULL;
}

/* Life */

static void
ph_game_action_form_dispose (GObject *object)
{
  PhGameActionForm *self = PH_GAME_ACTION_FORM (object);

  g_clear_object (&self->grid);
  g_clear_pointer (&self->figure_ids, g_ptr_array_unref);
  G_OBJECT_CLASS (ph_game_action_form_parent_class)->dispose (object);
}

static void
ph_game_action_form_finalize (GObject *object)
{
  PhGameActionForm *self = PH_GAME_ACTION_FORM (object);

  g_clear_pointer (&self->args, g_ptr_array_unref);
  g_free (self->figure_id);
  g_free (self->target_id);
  g_free (self->coordinates_of);
  g_free (self->group);
  G_OBJECT_CLASS (ph_game_action_form_parent_class)->finalize (object);
}

static void
ph_game_action_form_class_init (PhGameActionFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ph_game_action_form_dispose;
  object_class->finalize = ph_game_action_form_finalize;

  /* A value of the form changed, by the user or the program: what was
   * said of the values before may no longer hold */
  edited_signal = g_signal_new ("edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ph_game_action_form_init (PhGameActionForm *self)
{
}

PhGameActionForm *
ph_game_action_form_new (const PhGameActionInfo *info,
                         PhScenario             *scenario,
                         GPtrArray              *figure_ids,
                         GtkSizeGroup           *label_group)
{
  PhGameActionForm *self;

  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (figure_ids != NULL, NULL);
  g_return_val_if_fail (GTK_IS_SIZE_GROUP (label_group), NULL);

  self = g_object_new (PH_TYPE_GAME_ACTION_FORM, NULL);
  self->info = info;
  self->scenario = scenario;
  self->figure_ids = g_ptr_array_ref (figure_ids);
  self->args = g_ptr_array_new_with_free_func ((GDestroyNotify) arg_free);
  for (const PhGameArg *spec = info->args; spec != NULL && spec->name != NULL; spec++)
    {
      Arg *arg;

      /* the command line's other way to say it: one field is enough */
      if (spec->command_line_only)
        continue;
      arg = g_new0 (Arg, 1);
      arg->spec = spec;
      g_ptr_array_add (self->args, arg);
    }
  self->grid = g_object_ref_sink (build_grid (self, label_group));
  ph_game_action_form_update_weapon_lists (self);
  ph_game_action_form_update_coordinates (self);
  return self;
}

const PhGameActionInfo *
ph_game_action_form_get_info (PhGameActionForm *self)
{
  g_return_val_if_fail (PH_IS_GAME_ACTION_FORM (self), NULL);
  return self->info;
}

GtkWidget *
ph_game_action_form_get_widget (PhGameActionForm *self)
{
  g_return_val_if_fail (PH_IS_GAME_ACTION_FORM (self), NULL);
  return self->grid;
}
