/* ph-game-action-form-args.c: a game action's argument widgets, and
 * what they show as the map's figures change
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One widget per argument kind (ph-game-action-form.c lays them out and
 * reads them): the figure and target as their names from the map, else
 * drop-downs; numbers as spin buttons (x and y, and q and r on hexes,
 * starting where the acting figure stands); optional flags and choices as
 * drop-downs whose first item says what the rules take when left out;
 * weapons as the acting figure's, by name.
 */
#include "ph-game-action-form-private.h"
#include "ph-hex.h"

#include <glib/gi18n.h>
#include <math.h>

/* Helpers */

/* The argument's own label, else its name: "shots" -> "Shots",
 * "wound-table" -> "Wound table" */
char *
ph_game_action_form_arg_label (const PhGameArg *spec)
{
  char *label;

  if (spec->label != NULL)
    return g_strdup (_(spec->label));
  label = g_strdup (spec->name);

  g_strdelimit (label, "-_", ' ');
  if (*label)
    label[0] = g_ascii_toupper (label[0]);
  return label;
}

/* Coordinates take halves of an inch; the rest are whole numbers */
gboolean
ph_game_action_form_arg_is_coordinate (const PhGameArg *arg)
{
  return g_str_equal (arg->name, "x") || g_str_equal (arg->name, "y");
}

/* The map's figure for a figure or target argument, or NULL */
const char *
ph_game_action_form_map_figure_id (PhGameActionForm *self,
                                   const Arg        *arg)
{
  return arg->spec->kind == PH_GAME_ARG_FIGURE ? self->figure_id : self->target_id;
}

/* The drop-downs of choices and sides: an optional one lists "Default"
 * or "None" first. The value's index, GTK_INVALID_LIST_POSITION for that
 * first item. */
guint
ph_game_action_form_listed_index (const Arg *arg)
{
  guint position = gtk_drop_down_get_selected (GTK_DROP_DOWN (arg->widget));

  if (arg->spec->optional)
    {
      if (position == 0 || position == GTK_INVALID_LIST_POSITION)
        return GTK_INVALID_LIST_POSITION;
      position--;
    }
  /* a choice lists only those the rules allow the man */
  if (arg->shown != NULL)
    return position < arg->shown->len ? g_array_index (arg->shown, guint, position)
                                      : GTK_INVALID_LIST_POSITION;
  return position;
}

/* Chooses value @index (-1: none) in a choice's or side's drop-down; an
 * empty @value chooses an optional one's first item. */
gboolean
ph_game_action_form_select_listed (const Arg  *arg,
                                   int         index,
                                   const char *value)
{
  if (index >= 0 && arg->shown != NULL)
    {
      /* where it is listed, if it is */
      guint position = 0;

      while (position < arg->shown->len && g_array_index (arg->shown, guint, position) != (guint) index)
        position++;
      if (position == arg->shown->len)
        return FALSE;
      index = position;
    }
  if (index >= 0)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), index + (arg->spec->optional ? 1 : 0));
  else if (arg->spec->optional && (value == NULL || *value == '\0'))
    gtk_drop_down_set_selected (GTK_DROP_DOWN (arg->widget), 0);
  else
    return FALSE;
  return TRUE;
}

/* An optional one's first item: what the rules take when it is left
 * out, "Default (No)", "Default (open)" */
char *
ph_game_action_form_default_item (const PhGameArg *spec)
{
  const char *fallback = spec->fallback;

  if (fallback == NULL)
    fallback = spec->kind == PH_GAME_ARG_BOOL ? N_("No") : N_("the rules decide");
  return g_strdup_printf (_("Default (%s)"), _(fallback));
}

/* The widgets */

static void
on_bool_item_setup (GtkSignalListItemFactory *factory,
                    GtkListItem              *item,
                    gpointer                  width_chars)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_width_chars (GTK_LABEL (label), GPOINTER_TO_INT (width_chars));
  gtk_list_item_set_child (item, label);
}

static void
on_bool_item_bind (GtkSignalListItemFactory *factory,
                   GtkListItem              *item)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       gtk_string_object_get_string (string));
}

static void
on_short_item_setup (GtkSignalListItemFactory *factory,
                     GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (label), 6);
  gtk_list_item_set_child (item, label);
}

/* A drop-down of @model's strings whose button shortens a long choice
 * ("Default (aimed when ready, else snap)", a man's name and side) to
 * the width the panel gives it; its list shows each whole. A button as
 * wide as its longest text made the Game tab wider than the panel. */
static GtkWidget *
short_drop_down (GListModel *model)
{
  GtkWidget *drop_down = gtk_drop_down_new (model, NULL);
  GtkListItemFactory *list_factory = gtk_drop_down_get_factory (GTK_DROP_DOWN (drop_down));
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (on_short_item_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (on_bool_item_bind), NULL);
  if (list_factory)
    gtk_drop_down_set_list_factory (GTK_DROP_DOWN (drop_down), list_factory);
  gtk_drop_down_set_factory (GTK_DROP_DOWN (drop_down), factory);
  return drop_down;
}

/* An optional bool's drop-down: its button as wide as the widest item,
 * so that it keeps its width whichever is chosen; the list as usual */
static GtkWidget *
bool_drop_down (const char *const *items)
{
  GtkWidget *drop_down = gtk_drop_down_new_from_strings (items);
  GtkListItemFactory *list_factory = gtk_drop_down_get_factory (GTK_DROP_DOWN (drop_down));
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  int width = 0;

  for (guint i = 0; items[i]; i++)
    width = MAX (width, (int) g_utf8_strlen (items[i], -1));
  g_signal_connect (factory, "setup", G_CALLBACK (on_bool_item_setup), GINT_TO_POINTER (width));
  g_signal_connect (factory, "bind", G_CALLBACK (on_bool_item_bind), NULL);
  if (list_factory)
    gtk_drop_down_set_list_factory (GTK_DROP_DOWN (drop_down), list_factory);
  gtk_drop_down_set_factory (GTK_DROP_DOWN (drop_down), factory);
  return drop_down;
}

static void
on_number_value_changed (GtkSpinButton *spin,
                         GtkWidget     *set_check)
{
  /* Typing a number means it: "set" ticks itself */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (set_check), TRUE);
}

/* "None" or "Choose, or click on the map" (a target's: "right-click"),
 * then "Sgt Smith (British Regulars)" for each of @ids */
GListModel *
ph_game_action_form_figure_names (PhGameActionForm *self,
                                  PhGameArgKind     kind,
                                  gboolean          optional,
                                  GPtrArray        *ids)
{
  GtkStringList *names = gtk_string_list_new (NULL);

  /* the way to choose on the map said here: as a tooltip it lay over
   * the rows under it and Perform */
  gtk_string_list_append (names, optional ? _("None")
                                          : kind == PH_GAME_ARG_FIGURE ? _("Choose, or click on the map")
                                          : _("Choose, or right-click on the map"));
  for (guint i = 0; i < ids->len; i++)
    {
      PhFigure *f = ph_scenario_find_figure (self->scenario, g_ptr_array_index (ids, i));
      PhSide *side = f->side ? ph_scenario_find_side (self->scenario, f->side) : NULL;
      g_autofree char *text = side && side->name && *side->name
                              ? g_strdup_printf ("%s (%s)", ph_figure_display_name (f), side->name)
                              : g_strdup (ph_figure_display_name (f));

      gtk_string_list_append (names, text);
    }
  return G_LIST_MODEL (names);
}

static GtkWidget *
figure_drop_down (PhGameActionForm *self,
                  Arg              *arg)
{
  GtkWidget *drop_down;

  arg->ids = g_ptr_array_ref (self->figure_ids);
  drop_down = short_drop_down (ph_game_action_form_figure_names (self, arg->spec->kind,
                                                                 arg->spec->optional, arg->ids));
  gtk_drop_down_set_enable_search (GTK_DROP_DOWN (drop_down), TRUE);
  gtk_drop_down_set_expression (GTK_DROP_DOWN (drop_down),
                                gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
  return drop_down;
}

/* The figure whose weapons a weapon argument lists: the action's figure
 * argument, from the map or its drop-down */
PhFigure *
ph_game_action_form_acting_figure (PhGameActionForm *self)
{
  for (guint i = 0; i < self->args->len; i++)
    {
      const Arg *arg = g_ptr_array_index (self->args, i);

      if (arg->spec->kind == PH_GAME_ARG_FIGURE)
        {
          g_autofree char *id = ph_game_action_form_argument_value (self, arg);

          return id != NULL ? ph_scenario_find_figure (self->scenario, id) : NULL;
        }
    }
  return NULL;
}

/* A weapon argument's drop-down lists the acting figure's weapons, after
 * "Default" when it is optional; kept when the figure keeps its weapons */
void
ph_game_action_form_update_weapon_lists (PhGameActionForm *self)
{
  PhFigure *figure = ph_game_action_form_acting_figure (self);

  for (guint i = 0; i < self->args->len; i++)
    {
      Arg *arg = g_ptr_array_index (self->args, i);
      g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
      GtkStringList *list;
      guint n;

      if (arg->spec->kind != PH_GAME_ARG_WEAPON)
        continue;
      list = GTK_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (arg->widget)));
      if (arg->spec->optional)
        g_ptr_array_add (items, g_strdup (_("Default")));
      for (guint k = 0; figure != NULL && k < figure->weapons->len; k++)
        {
          const PhWeapon *w = &g_array_index (figure->weapons, PhWeapon, k);

          g_ptr_array_add (items, w->name != NULL && *w->name != '\0'
                                  ? g_strdup_printf ("%s (%s)", w->name,
                                                     ph_weapon_kind_label (w->kind))
                                  : g_strdup (ph_weapon_kind_label (w->kind)));
        }
      g_ptr_array_add (items, NULL);
      n = g_list_model_get_n_items (G_LIST_MODEL (list));
      gtk_string_list_splice (list, 0, n, (const char * const *) items->pdata);
    }
}

/* x and y (and on hexes q and r) start where the acting figure stands (a
 * move from there), set again whenever another figure acts or the figure
 * has moved, never over what the referee typed for the same figure in
 * the same place */
void
ph_game_action_form_update_coordinates (PhGameActionForm *self)
{
  PhFigure *figure = ph_game_action_form_acting_figure (self);
  gboolean hex;
  PhHex at = { 0, 0 };

  if (figure == NULL
      || (g_strcmp0 (figure->id, self->coordinates_of) == 0
          && figure->x == self->coordinates_at.x && figure->y == self->coordinates_at.y))
    return;
  g_free (self->coordinates_of);
  self->coordinates_of = g_strdup (figure->id);
  self->coordinates_at = (PhPoint) { figure->x, figure->y };
  hex = self->scenario != NULL && self->scenario->table.grid == PH_GRID_HEX;
  if (hex)
    at = ph_hex_from_point (self->coordinates_at, self->scenario->table.grid_size);
  for (guint i = 0; i < self->args->len; i++)
    {
      Arg *arg = g_ptr_array_index (self->args, i);
      const char *name = arg->spec->name;

      if (arg->spec->kind != PH_GAME_ARG_NUMBER)
        continue;
      if (ph_game_action_form_arg_is_coordinate (arg->spec))
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (arg->widget),
                                   g_str_equal (name, "x") ? figure->x : figure->y);
      else if (hex && (g_str_equal (name, "q") || g_str_equal (name, "r")))
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (arg->widget),
                                   g_str_equal (name, "q") ? at.q : at.r);
      else
        continue;
      /* an optional coordinate stays the rules' until the referee sets it */
      if (arg->set_check != NULL)
        gtk_check_button_set_active (GTK_CHECK_BUTTON (arg->set_check), FALSE);
    }
}

static void
on_figure_drop_down_selected (GtkDropDown      *drop_down,
                              GParamSpec       *pspec,
                              PhGameActionForm *self)
{
  ph_game_action_form_update_weapon_lists (self);
  ph_game_action_form_update_coordinates (self);
}

/* A group's ids: those set for it, else the map's */
const char *
ph_game_action_form_figures_ids (PhGameActionForm *self,
                                 const Arg        *arg)
{
  return arg->figures != NULL ? arg->figures : self->group;
}

/* "Jones, Hawkeye", or how to make a group */
void
ph_game_action_form_update_figures_label (PhGameActionForm *self,
                                          Arg              *arg)
{
  const char *ids = ph_game_action_form_figures_ids (self, arg);
  g_auto(GStrv) parts = g_strsplit (ids != NULL ? ids : "", ",", -1);
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      PhFigure *figure = self->scenario != NULL
        ? ph_scenario_find_figure (self->scenario, g_strstrip (parts[i])) : NULL;

      if (*parts[i] == '\0')
        continue;
      g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "",
                              figure != NULL ? ph_figure_display_name (figure) : parts[i]);
    }
  gtk_label_set_label (GTK_LABEL (arg->widget),
                       names->len > 0 ? names->str
                       : _("None: Shift+click others on the map to add them"));
}

char *
ph_game_action_form_choice_text (const PhGameArg *spec,
                                 guint            index)
{
  char *text;

  if (spec->choice_labels != NULL && spec->choice_labels[index] != NULL)
    return g_strdup (_(spec->choice_labels[index]));
  text = g_strdup (spec->choices[index]);
  g_strdelimit (text, "-_", ' ');
  return text;
}

/* The value widget, and for some a row of their own: returns the widget
 * that goes into the form's value column. */
GtkWidget *
ph_game_action_form_argument_widget (PhGameActionForm *self,
                                     Arg              *arg)
{
  switch (arg->spec->kind)
    {
    case PH_GAME_ARG_FIGURE:
    case PH_GAME_ARG_TARGET:
      {
        GtkWidget *stack = gtk_stack_new ();
        GtkWidget *label = gtk_label_new (NULL);

        gtk_label_set_xalign (GTK_LABEL (label), 0);
        gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
        gtk_widget_add_css_class (label, "game-figure-name");
        arg->widget = figure_drop_down (self, arg);
        if (arg->spec->kind == PH_GAME_ARG_FIGURE)
          g_signal_connect_object (arg->widget, "notify::selected",
                                   G_CALLBACK (on_figure_drop_down_selected), self, 0);
        gtk_stack_add_named (GTK_STACK (stack), label, "map");
        gtk_stack_add_named (GTK_STACK (stack), arg->widget, "choose");
        gtk_stack_set_hhomogeneous (GTK_STACK (stack), FALSE);
        /* as tall as the drop-down either way: a figure picked on the map
         * does not move Perform under the pointer */
        gtk_stack_set_vhomogeneous (GTK_STACK (stack), TRUE);
        arg->stack = GTK_STACK (stack);
        arg->name_label = GTK_LABEL (label);
        return stack;
      }
    case PH_GAME_ARG_NUMBER:
      {
        gboolean coordinate = ph_game_action_form_arg_is_coordinate (arg->spec);
        GtkWidget *spin = gtk_spin_button_new_with_range (coordinate ? -99 : -999,
                                                          coordinate ? 10000 : 999,
                                                          coordinate ? 0.5 : 1);
        GtkWidget *box;

        gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), coordinate ? 1 : 0);
        gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 0);
        gtk_widget_set_hexpand (spin, TRUE);
        arg->widget = spin;
        if (!arg->spec->optional)
          return spin;
        arg->set_check = gtk_check_button_new_with_label (_("set"));
        gtk_widget_set_tooltip_text (arg->set_check, _("Give this number; unticked, the rules decide"));
        g_signal_connect_object (spin, "value-changed", G_CALLBACK (on_number_value_changed),
                                 arg->set_check, 0);
        box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
        gtk_box_append (GTK_BOX (box), spin);
        gtk_box_append (GTK_BOX (box), arg->set_check);
        return box;
      }
    case PH_GAME_ARG_BOOL:
      {
        g_autofree char *label = ph_game_action_form_arg_label (arg->spec);
        g_autofree char *fallback = ph_game_action_form_default_item (arg->spec);
        const char *const items[] = { [BOOL_DEFAULT] = fallback, [BOOL_YES] = _("Yes"),
                                      [BOOL_NO] = _("No"), NULL };

        if (!arg->spec->optional)
          {
            arg->widget = gtk_check_button_new_with_label (label);
            return arg->widget;
          }
        arg->widget = bool_drop_down (items);
        gtk_widget_set_tooltip_text (arg->widget, arg->spec->help != NULL
                                     ? _(arg->spec->help) : _("Default: left out, the rules decide"));
        return arg->widget;
      }
    case PH_GAME_ARG_FIGURES:
      /* a group: the other figures selected on the map, by name */
      arg->widget = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (arg->widget), 0);
      gtk_label_set_wrap (GTK_LABEL (arg->widget), TRUE);
      gtk_widget_set_tooltip_text (arg->widget,
                                   _("The other figures selected on the map: Shift+click "
                                     "them to add them or take them out"));
      ph_game_action_form_update_figures_label (self, arg);
      return arg->widget;
    case PH_GAME_ARG_TEXT:
      arg->widget = gtk_entry_new ();
      if (arg->spec->optional)
        gtk_entry_set_placeholder_text (GTK_ENTRY (arg->widget), _("Optional"));
      return arg->widget;
    case PH_GAME_ARG_CHOICE:
      {
        GtkStringList *choices = gtk_string_list_new (NULL);

        if (arg->spec->optional)
          {
            g_autofree char *fallback = ph_game_action_form_default_item (arg->spec);

            gtk_string_list_append (choices, fallback);
          }
        for (guint i = 0; arg->spec->choices[i] != NULL; i++)
          {
            g_autofree char *text = ph_game_action_form_choice_text (arg->spec, i);

            gtk_string_list_append (choices, text);
          }
        arg->widget = short_drop_down (G_LIST_MODEL (choices));
        return arg->widget;
      }
    case PH_GAME_ARG_WEAPON:
      arg->widget = short_drop_down (G_LIST_MODEL (gtk_string_list_new (NULL)));
      gtk_widget_set_tooltip_text (arg->widget, _("One of the figure's weapons"));
      return arg->widget;
    case PH_GAME_ARG_SIDE:
      {
        GtkStringList *names = gtk_string_list_new (NULL);

        if (arg->spec->optional)
          gtk_string_list_append (names, _("None"));
        for (guint i = 0; i < self->scenario->sides->len; i++)
          {
            PhSide *side = g_ptr_array_index (self->scenario->sides, i);

            gtk_string_list_append (names, side->name && *side->name ? side->name : side->id);
          }
        arg->widget = short_drop_down (G_LIST_MODEL (names));
        return arg->widget;
      }
    }
  g_return_val_if_reached (NULL);
}

