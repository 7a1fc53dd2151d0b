/* ph-game-action-form-figures.c: what the map and the rules put in a game
 * action's form
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The figure and the target as the map picks them, the men listed first
 * who can take the step, the group a move takes along, and the numbers and
 * choices the rules allow the man chosen (Featherstone's rates for a man on
 * foot, the aces a Fistful side holds). The form's widgets are built in
 * ph-game-action-form.c.
 */
#include "ph-game-action-form-private.h"

#include <glib/gi18n.h>
#include <string.h>

void
ph_game_action_form_set_map_figures (PhGameActionForm *self,
                                     const char       *figure_id,
                                     const char       *target_id,
                                     gboolean          target_by_rules)
{
  g_autofree char *was = NULL;

  g_return_if_fail (PH_IS_GAME_ACTION_FORM (self));

  was = g_steal_pointer (&self->figure_id);
  g_free (self->target_id);
  self->figure_id = g_strdup (figure_id);
  self->target_id = g_strdup (target_id);
  /* The name when there is one, else the drop-down (which keeps what was
   * chosen in it). A man picked and then let go stays the form's: the
   * drop-down shows him (the man to act is still to act). */
  for (guint j = 0; j < self->args->len; j++)
    {
      Arg *arg = g_ptr_array_index (self->args, j);
      const char *id;
      PhFigure *figure;

      if (arg->spec->kind != PH_GAME_ARG_FIGURE && arg->spec->kind != PH_GAME_ARG_TARGET)
        continue;
      id = ph_game_action_form_map_figure_id (self, arg);
      figure = id && self->scenario ? ph_scenario_find_figure (self->scenario, id) : NULL;
      if (figure)
        {
          g_autofree char *name = NULL;

          /* whose pick he is, said in the row (a tooltip saying it lay
           * over the rows under it and Perform) */
          if (arg->spec->kind == PH_GAME_ARG_TARGET && target_by_rules)
            /* TRANSLATORS: the target the rules take for the step, not one
             * pinned on the map: "Cpl. La Loutre (the rules' choice)" */
            name = g_strdup_printf (_("%s (the rules' choice)"), ph_figure_display_name (figure));
          else
            name = g_strdup (ph_figure_display_name (figure));
          gtk_label_set_label (arg->name_label, name);
          gtk_stack_set_visible_child_name (arg->stack, "map");
        }
      else
        {
          guint index;

          if (arg->spec->kind == PH_GAME_ARG_FIGURE && was != NULL && id == NULL
              && g_str_equal (gtk_stack_get_visible_child_name (arg->stack), "map")
              && g_ptr_array_find_with_equal_func (arg->ids, was, g_str_equal, &index))
            gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), index + 1);
          gtk_stack_set_visible_child_name (arg->stack, "choose");
        }
    }
  ph_game_action_form_update_weapon_lists (self);
  ph_game_action_form_update_coordinates (self);
}

void
ph_game_action_form_list_first (PhGameActionForm   *self,
                                const char * const *able,
                                guint               n_able)
{
  g_return_if_fail (PH_IS_GAME_ACTION_FORM (self));

  for (guint j = 0; j < self->args->len; j++)
    {
      Arg *arg = g_ptr_array_index (self->args, j);
      g_autoptr(GPtrArray) ids = NULL;
      g_autoptr(GListModel) names = NULL;
      gboolean same = TRUE;

      if (arg->spec->kind != PH_GAME_ARG_FIGURE)
        continue;
      ids = g_ptr_array_new_full (self->figure_ids->len, g_free);
      for (guint i = 0; i < n_able; i++)
        if (g_ptr_array_find_with_equal_func (self->figure_ids, able[i], g_str_equal, NULL)
            && !g_ptr_array_find_with_equal_func (ids, able[i], g_str_equal, NULL))
          g_ptr_array_add (ids, g_strdup (able[i]));
      for (guint i = 0; i < self->figure_ids->len; i++)
        if (!g_ptr_array_find_with_equal_func (ids, g_ptr_array_index (self->figure_ids, i),
                                               g_str_equal, NULL))
          g_ptr_array_add (ids, g_strdup (g_ptr_array_index (self->figure_ids, i)));
      for (guint i = 0; i < ids->len && same; i++)
        same = g_str_equal (g_ptr_array_index (ids, i), g_ptr_array_index (arg->ids, i));
      /* the man whose turn it is, chosen (the one who chose last was kept,
       * whether or not he could act: Firelock's Roll for IPs offered a
       * Frenchman on a Rangers' card) */
      if (!same)
        {
          g_clear_pointer (&arg->ids, g_ptr_array_unref);
          arg->ids = g_steal_pointer (&ids);
          names = ph_game_action_form_figure_names (self, arg->spec->kind, arg->spec->optional,
                                                    arg->ids);
          gtk_drop_down_set_model (GTK_DROP_DOWN (arg->widget), names);
        }
      if (n_able > 0)
        gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), 1);
      break;
    }
}

void
ph_game_action_form_set_group (PhGameActionForm *self,
                               const char       *ids)
{
  g_return_if_fail (PH_IS_GAME_ACTION_FORM (self));

  if (g_strcmp0 (ids, self->group) == 0)
    return;
  g_free (self->group);
  self->group = g_strdup (ids);
  for (guint i = 0; i < self->args->len; i++)
    {
      Arg *arg = g_ptr_array_index (self->args, i);

      if (arg->spec->kind == PH_GAME_ARG_FIGURES)
        ph_game_action_form_update_figures_label (self, arg);
    }
}

void
ph_game_action_form_show_rules_numbers (PhGameActionForm *self,
                                        PhGame           *game)
{
  g_autoptr(GHashTable) args = NULL;

  g_return_if_fail (PH_IS_GAME_ACTION_FORM (self));

  for (guint j = 0; j < self->args->len; j++)
    {
      Arg *arg = g_ptr_array_index (self->args, j);
      g_autofree char *value = NULL;
      double number = 0;

      if (arg->spec->kind != PH_GAME_ARG_NUMBER || arg->set_check == NULL
          || ph_game_action_form_arg_is_coordinate (arg->spec)
          || gtk_check_button_get_active (GTK_CHECK_BUTTON (arg->set_check)))
        continue;
      if (args == NULL)
        args = ph_game_action_form_collect (self, NULL);
      if (args == NULL)
        return;
      value = ph_game_arg_default (game, self->info->name, arg->spec->name, args);
      /* what the rules will take, shown unticked; else the plain 0 */
      if (value != NULL)
        number = g_ascii_strtod (value, NULL);
      if (gtk_spin_button_get_value (GTK_SPIN_BUTTON (arg->widget)) == number)
        continue;
      self->quiet = TRUE;
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (arg->widget), number);
      /* typing ticks "set"; this is no typing */
      gtk_check_button_set_active (GTK_CHECK_BUTTON (arg->set_check), FALSE);
      self->quiet = FALSE;
    }
}

/* An optional flag's or choice's first item says what the rules take
 * when it is left out for the men in the form now ("Default (Yes)" for
 * a rider's +2d6 in the open: the form said "Default (No)" and the roll
 * added them), else the argument's own words */
static void
show_rules_defaults (PhGameActionForm *self,
                     PhGame           *game)
{
  g_autoptr(GHashTable) args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  /* the values given, the missing ones too (a melee without its target) */
  for (guint j = 0; j < self->args->len; j++)
    {
      Arg *arg = g_ptr_array_index (self->args, j);
      char *value = ph_game_action_form_argument_value (self, arg);

      if (value != NULL)
        g_hash_table_insert (args, g_strdup (arg->spec->name), value);
    }
  for (guint j = 0; j < self->args->len; j++)
    {
      Arg *arg = g_ptr_array_index (self->args, j);
      g_autofree char *value = NULL;
      g_autofree char *item = NULL;
      g_autoptr(GHashTable) others = NULL;
      GListModel *model;
      const char *now;

      if (!arg->spec->optional
          || (arg->spec->kind != PH_GAME_ARG_BOOL && arg->spec->kind != PH_GAME_ARG_CHOICE))
        continue;
      /* the rules' value with this one left out */
      others = g_hash_table_new (g_str_hash, g_str_equal);
      {
        GHashTableIter iter;
        gpointer key, v;

        g_hash_table_iter_init (&iter, args);
        while (g_hash_table_iter_next (&iter, &key, &v))
          if (!g_str_equal (key, arg->spec->name))
            g_hash_table_insert (others, key, v);
      }
      value = ph_game_arg_default (game, self->info->name, arg->spec->name, others);
      if (value != NULL && arg->spec->kind == PH_GAME_ARG_BOOL)
        {
          gboolean yes = g_ascii_strcasecmp (value, "true") == 0;

          item = g_strdup_printf (_("Default (%s)"), yes ? _("Yes") : _("No"));
        }
      else if (value != NULL)
        for (guint k = 0; arg->spec->choices[k] != NULL && item == NULL; k++)
          if (g_str_equal (arg->spec->choices[k], value))
            {
              g_autofree char *text = ph_game_action_form_choice_text (arg->spec, k);

              item = g_strdup_printf (_("Default (%s)"), text);
            }
      if (item == NULL)
        item = ph_game_action_form_default_item (arg->spec);
      model = gtk_drop_down_get_model (GTK_DROP_DOWN (arg->widget));
      now = gtk_string_list_get_string (GTK_STRING_LIST (model), 0);
      if (g_strcmp0 (now, item) != 0)
        {
          guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (arg->widget));
          const char *items[] = { item, NULL };

          self->quiet = TRUE;
          gtk_string_list_splice (GTK_STRING_LIST (model), 0, 1, items);
          gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), selected);
          self->quiet = FALSE;
        }
    }
}

void
ph_game_action_form_show_rules_choices (PhGameActionForm *self,
                                        PhGame           *game)
{
  g_autoptr(GHashTable) args = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  PhFigure *figure;

  g_return_if_fail (PH_IS_GAME_ACTION_FORM (self));

  figure = ph_game_action_form_acting_figure (self);
  for (guint j = 0; figure != NULL && j < self->args->len; j++)
    {
      Arg *arg = g_ptr_array_index (self->args, j);

      if (arg->spec->kind == PH_GAME_ARG_FIGURE)
        {
          g_hash_table_insert (args, (gpointer) arg->spec->name, g_strdup (figure->id));
          break;
        }
    }
  /* the side chosen: Fistful's aces it holds */
  for (guint j = 0; j < self->args->len; j++)
    {
      Arg *arg = g_ptr_array_index (self->args, j);
      char *side;

      if (arg->spec->kind == PH_GAME_ARG_SIDE
          && (side = ph_game_action_form_argument_value (self, arg)) != NULL)
        g_hash_table_insert (args, (gpointer) arg->spec->name, side);
    }
  /* an optional flag the man cannot set now (a seven's re-roll for a
   * man who holds none) is not offered, and left out */
  for (guint j = 0; j < self->args->len; j++)
    {
      Arg *arg = g_ptr_array_index (self->args, j);
      gboolean offered;

      if (arg->spec->kind != PH_GAME_ARG_BOOL || !arg->spec->optional)
        continue;
      offered = g_hash_table_size (args) == 0
                || ph_game_choice_allowed (game, self->info->name, arg->spec->name, "true", args);
      if (!offered && gtk_drop_down_get_selected (GTK_DROP_DOWN (arg->widget)) != BOOL_DEFAULT)
        gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), BOOL_DEFAULT);
      gtk_widget_set_visible (arg->widget, offered);
      if (arg->row_label != NULL)
        gtk_widget_set_visible (arg->row_label, offered);
    }
  for (guint j = 0; j < self->args->len; j++)
    {
      Arg *arg = g_ptr_array_index (self->args, j);
      g_autoptr(GArray) shown = NULL;
      g_autoptr(GPtrArray) items = NULL;
      guint was, n, all;
      gboolean same;

      if (arg->spec->kind != PH_GAME_ARG_CHOICE)
        continue;
      all = g_strv_length ((char **) arg->spec->choices);
      shown = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint k = 0; k < all; k++)
        if (g_hash_table_size (args) == 0
            || ph_game_choice_allowed (game, self->info->name, arg->spec->name,
                                       arg->spec->choices[k], args))
          g_array_append_val (shown, k);
      /* all of them, or none the rules allow: the list as it is */
      if (shown->len == all || shown->len == 0)
        g_clear_pointer (&shown, g_array_unref);
      same = (shown == NULL && arg->shown == NULL)
             || (shown != NULL && arg->shown != NULL && shown->len == arg->shown->len
                 && memcmp (shown->data, arg->shown->data, shown->len * sizeof (guint)) == 0);
      if (same)
        continue;
      /* the rate chosen stays when it is still listed */
      was = ph_game_action_form_listed_index (arg);
      items = g_ptr_array_new_with_free_func (g_free);
      {
        GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (arg->widget));

        if (arg->spec->optional)
          g_ptr_array_add (items, g_strdup (gtk_string_list_get_string (GTK_STRING_LIST (model), 0)));
        for (guint k = 0; k < (shown != NULL ? shown->len : all); k++)
          g_ptr_array_add (items, ph_game_action_form_choice_text (
                                    arg->spec, shown != NULL ? g_array_index (shown, guint, k) : k));
        g_ptr_array_add (items, NULL);
        n = g_list_model_get_n_items (model);
        g_clear_pointer (&arg->shown, g_array_unref);
        arg->shown = g_steal_pointer (&shown);
        gtk_string_list_splice (GTK_STRING_LIST (model), 0, n, (const char * const *) items->pdata);
      }
      if (was == GTK_INVALID_LIST_POSITION
          || !ph_game_action_form_select_listed (arg, (int) was, arg->spec->choices[was]))
        gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), 0);
    }
  show_rules_defaults (self, game);
}
