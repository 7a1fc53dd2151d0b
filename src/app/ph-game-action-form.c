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
#include "ph-game-action-form.h"
#include "ph-hex.h"

#include <glib/gi18n.h>
#include <math.h>


/* An argument's widgets */
typedef struct
{
  const PhGameArg *spec;
  GtkWidget *widget;    /* the value: drop-down, spin, check button or entry */
  GtkWidget *set_check; /* an optional number: "set", else it is left out */
  GtkStack *stack;      /* figure, target: "map" (its name) or "choose" */
  GtkLabel *name_label; /* figure, target: the map's figure */
  char *figures;        /* figures: ids set by ph_game_action_form_set_argument(),
                         * else NULL: the map's group */
} Arg;

static void
arg_free (Arg *arg)
{
  g_free (arg->figures);
  g_free (arg);
}

struct _PhGameActionForm
{
  GObject parent_instance;

  const PhGameActionInfo *info;
  PhScenario *scenario;
  GPtrArray *figure_ids;  /* of char*: the figure drop-downs' items after the first */
  GPtrArray *args;        /* of Arg*, in the same order */
  GtkWidget *grid;        /* the form */
  char *figure_id;        /* the map's figure and target */
  char *target_id;
  char *coordinates_of;   /* the figure whose place x and y were set to */
  PhPoint coordinates_at; /* and where it stood then */
  char *group;            /* the other figures selected on the map, ids
                           * separated by commas, or NULL */
};

G_DEFINE_FINAL_TYPE (PhGameActionForm, ph_game_action_form, G_TYPE_OBJECT)

/* Helpers */

/* The argument's own label, else its name: "shots" -> "Shots",
 * "wound-table" -> "Wound table" */
static char *
arg_label (const PhGameArg *spec)
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
static gboolean
arg_is_coordinate (const PhGameArg *arg)
{
  return g_str_equal (arg->name, "x") || g_str_equal (arg->name, "y");
}

/* The map's figure for a figure or target argument, or NULL */
static const char *
map_figure_id (PhGameActionForm *self,
               const Arg        *arg)
{
  return arg->spec->kind == PH_GAME_ARG_FIGURE ? self->figure_id : self->target_id;
}

/* The drop-downs of choices and sides: an optional one lists "Default"
 * or "None" first. The value's index, GTK_INVALID_LIST_POSITION for that
 * first item. */
static guint
listed_index (const Arg *arg)
{
  guint position = gtk_drop_down_get_selected (GTK_DROP_DOWN (arg->widget));

  if (arg->spec->optional)
    return position == 0 ? GTK_INVALID_LIST_POSITION : position - 1;
  return position;
}

/* Chooses value @index (-1: none) in a choice's or side's drop-down; an
 * empty @value chooses an optional one's first item. */
static gboolean
select_listed (const Arg  *arg,
               int         index,
               const char *value)
{
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
static char *
default_item (const PhGameArg *spec)
{
  const char *fallback = spec->fallback;

  if (fallback == NULL)
    fallback = spec->kind == PH_GAME_ARG_BOOL ? N_("No") : N_("the rules decide");
  return g_strdup_printf (_("Default (%s)"), _(fallback));
}

/* An optional bool's drop-down items */
enum
{
  BOOL_DEFAULT,
  BOOL_YES,
  BOOL_NO
};

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

static GtkWidget *
figure_drop_down (PhGameActionForm *self,
                  gboolean          optional)
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

static char *argument_value (PhGameActionForm *self, const Arg *arg);

/* The figure whose weapons a weapon argument lists: the action's figure
 * argument, from the map or its drop-down */
static PhFigure *
acting_figure (PhGameActionForm *self)
{
  for (guint i = 0; i < self->args->len; i++)
    {
      const Arg *arg = g_ptr_array_index (self->args, i);

      if (arg->spec->kind == PH_GAME_ARG_FIGURE)
        {
          g_autofree char *id = argument_value (self, arg);

          return id != NULL ? ph_scenario_find_figure (self->scenario, id) : NULL;
        }
    }
  return NULL;
}

/* A weapon argument's drop-down lists the acting figure's weapons, after
 * "Default" when it is optional; kept when the figure keeps its weapons */
static void
update_weapon_lists (PhGameActionForm *self)
{
  PhFigure *figure = acting_figure (self);

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
                                                     ph_weapon_kind_to_string (w->kind))
                                  : g_strdup (ph_weapon_kind_to_string (w->kind)));
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
static void
update_coordinates (PhGameActionForm *self)
{
  PhFigure *figure = acting_figure (self);
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
      if (arg_is_coordinate (arg->spec))
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
  update_weapon_lists (self);
  update_coordinates (self);
}

/* A group's ids: those set for it, else the map's */
static const char *
figures_ids (PhGameActionForm *self,
             const Arg        *arg)
{
  return arg->figures != NULL ? arg->figures : self->group;
}

/* "Jones, Hawkeye", or how to make a group */
static void
update_figures_label (PhGameActionForm *self,
                      Arg              *arg)
{
  const char *ids = figures_ids (self, arg);
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

/* The value widget, and for some a row of their own: returns the widget
 * that goes into the form's value column. */
static GtkWidget *
argument_widget (PhGameActionForm *self,
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
        gtk_widget_set_tooltip_text (label, arg->spec->kind == PH_GAME_ARG_FIGURE
                                     ? _("The figure selected on the map")
                                     : _("The target pinned on the map (right-click an enemy; Escape unpins it)"));
        arg->widget = figure_drop_down (self, arg->spec->optional);
        if (arg->spec->kind == PH_GAME_ARG_FIGURE)
          g_signal_connect_object (arg->widget, "notify::selected",
                                   G_CALLBACK (on_figure_drop_down_selected), self, 0);
        gtk_widget_set_tooltip_text (arg->widget, arg->spec->kind == PH_GAME_ARG_FIGURE
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
    case PH_GAME_ARG_NUMBER:
      {
        gboolean coordinate = arg_is_coordinate (arg->spec);
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
        g_autofree char *label = arg_label (arg->spec);
        g_autofree char *fallback = default_item (arg->spec);
        const char *const items[] = { [BOOL_DEFAULT] = fallback, [BOOL_YES] = _("Yes"),
                                      [BOOL_NO] = _("No"), NULL };

        if (!arg->spec->optional)
          {
            arg->widget = gtk_check_button_new_with_label (label);
            return arg->widget;
          }
        arg->widget = bool_drop_down (items);
        gtk_widget_set_tooltip_text (arg->widget, arg->spec->help != NULL
                                     ? arg->spec->help : _("Default: left out, the rules decide"));
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
      update_figures_label (self, arg);
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
            g_autofree char *fallback = default_item (arg->spec);

            gtk_string_list_append (choices, fallback);
          }
        for (const char * const *c = arg->spec->choices; *c; c++)
          {
            g_autofree char *text = g_strdup (*c);

            g_strdelimit (text, "-_", ' ');
            gtk_string_list_append (choices, text);
          }
        arg->widget = gtk_drop_down_new (G_LIST_MODEL (choices), NULL);
        return arg->widget;
      }
    case PH_GAME_ARG_WEAPON:
      arg->widget = gtk_drop_down_new (G_LIST_MODEL (gtk_string_list_new (NULL)), NULL);
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
        arg->widget = gtk_drop_down_new (G_LIST_MODEL (names), NULL);
        return arg->widget;
      }
    }
  g_return_val_if_reached (NULL);
}

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

/* An optional bool's name and drop-down, for a half row */
static GtkWidget *
optional_bool_cell (const char *name,
                    GtkWidget  *drop_down)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (name);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 12);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_valign (drop_down, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), drop_down);
  return box;
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

/* A row per argument (name, value), then the yes-or-no ones, two to a
 * row: the optional ones as a name and a drop-down across the form, the
 * required ones as check buttons under the values. */
static GtkWidget *
build_grid (PhGameActionForm *self,
            GtkSizeGroup     *label_group)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *bools = NULL, *flags = NULL;
  guint n_bools = 0, n_flags = 0;
  int row = 0;

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 10);
  for (guint j = 0; j < self->args->len; j++)
    {
      Arg *arg = g_ptr_array_index (self->args, j);
      GtkWidget *value = argument_widget (self, arg);
      g_autofree char *name = arg_label (arg->spec);

      gtk_accessible_update_property (GTK_ACCESSIBLE (arg->widget),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      if (arg->spec->kind == PH_GAME_ARG_BOOL && arg->spec->optional)
        {
          if (bools == NULL)
            bools = two_column_grid ();
          gtk_grid_attach (GTK_GRID (bools), optional_bool_cell (name, value),
                           n_bools % 2, n_bools / 2, 1, 1);
          n_bools++;
          continue;
        }
      if (arg->spec->kind == PH_GAME_ARG_BOOL)
        {
          if (flags == NULL)
            flags = two_column_grid ();
          gtk_grid_attach (GTK_GRID (flags), value, n_flags % 2, n_flags / 2, 1, 1);
          n_flags++;
          continue;
        }
      gtk_widget_set_hexpand (value, TRUE);
      gtk_widget_set_valign (value, GTK_ALIGN_CENTER);
      gtk_grid_attach (GTK_GRID (grid), form_label (label_group, name), 0, row, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), value, 1, row++, 1, 1);
    }
  if (bools)
    gtk_grid_attach (GTK_GRID (grid), bools, 0, row++, 2, 1);
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
static char *
argument_value (PhGameActionForm *self,
                const Arg        *arg)
{
  switch (arg->spec->kind)
    {
    case PH_GAME_ARG_FIGURE:
    case PH_GAME_ARG_TARGET:
      {
        guint index = gtk_drop_down_get_selected (GTK_DROP_DOWN (arg->widget));
        const char *id = map_figure_id (self, arg);

        if (g_str_equal (gtk_stack_get_visible_child_name (arg->stack), "map") && id)
          return g_strdup (id);
        if (index > 0 && index <= self->figure_ids->len)
          return g_strdup (g_ptr_array_index (self->figure_ids, index - 1));
        return NULL;
      }
    case PH_GAME_ARG_NUMBER:
      {
        double number = gtk_spin_button_get_value (GTK_SPIN_BUTTON (arg->widget));
        char buffer[G_ASCII_DTOSTR_BUF_SIZE];

        if (arg->set_check && !gtk_check_button_get_active (GTK_CHECK_BUTTON (arg->set_check)))
          return NULL;
        return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%g",
                                          arg_is_coordinate (arg->spec) ? number : round (number)));
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
        const char *ids = figures_ids (self, arg);

        return ids != NULL && *ids != '\0' ? g_strdup (ids) : NULL;
      }
    case PH_GAME_ARG_CHOICE:
      {
        guint index = listed_index (arg);

        return index < g_strv_length ((char **) arg->spec->choices) ? g_strdup (arg->spec->choices[index]) : NULL;
      }
    case PH_GAME_ARG_WEAPON:
      {
        guint index = listed_index (arg);

        /* its number among the figure's weapons */
        return index != GTK_INVALID_LIST_POSITION ? g_strdup_printf ("%u", index) : NULL;
      }
    case PH_GAME_ARG_SIDE:
      {
        guint index = listed_index (arg);

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
  g_autofree char *label = arg_label (arg->spec);

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
      char *value = argument_value (self, arg);

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
            guint position = value && g_ptr_array_find_with_equal_func (self->figure_ids, value,
                                                                        g_str_equal, &index)
                             ? index + 1 : 0;

            /* The map's figure shows as a name: only it can be chosen */
            if (g_str_equal (gtk_stack_get_visible_child_name (arg->stack), "map"))
              return g_strcmp0 (value, map_figure_id (self, arg)) == 0;
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
          update_figures_label (self, arg);
          return TRUE;
        case PH_GAME_ARG_CHOICE:
          for (guint k = 0; arg->spec->choices[k]; k++)
            if (g_strcmp0 (arg->spec->choices[k], value) == 0)
              return select_listed (arg, k, value);
          return select_listed (arg, -1, value);
        case PH_GAME_ARG_WEAPON:
          {
            int n = value != NULL && *value != '\0'
                    ? ph_game_weapon_index (acting_figure (self), value) : -1;

            if (n < 0 && value != NULL && *value != '\0')
              return FALSE;
            return select_listed (arg, n, value);
          }
        case PH_GAME_ARG_SIDE:
          for (guint k = 0; k < self->scenario->sides->len; k++)
            {
              PhSide *side = g_ptr_array_index (self->scenario->sides, k);

              if (g_strcmp0 (side->id, value) == 0 || g_strcmp0 (side->name, value) == 0)
                return select_listed (arg, k, value);
            }
          return select_listed (arg, -1, value);
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
        return argument_value (self, arg);
    }
  return NULL;
}

void
ph_game_action_form_set_map_figures (PhGameActionForm *self,
                                     const char       *figure_id,
                                     const char       *target_id)
{
  g_return_if_fail (PH_IS_GAME_ACTION_FORM (self));

  g_free (self->figure_id);
  g_free (self->target_id);
  self->figure_id = g_strdup (figure_id);
  self->target_id = g_strdup (target_id);
  /* The name when there is one, else the drop-down (which keeps what was
   * chosen in it) */
  for (guint j = 0; j < self->args->len; j++)
    {
      Arg *arg = g_ptr_array_index (self->args, j);
      const char *id;
      PhFigure *figure;

      if (arg->spec->kind != PH_GAME_ARG_FIGURE && arg->spec->kind != PH_GAME_ARG_TARGET)
        continue;
      id = map_figure_id (self, arg);
      figure = id && self->scenario ? ph_scenario_find_figure (self->scenario, id) : NULL;
      if (figure)
        {
          gtk_label_set_label (arg->name_label, ph_figure_display_name (figure));
          gtk_stack_set_visible_child_name (arg->stack, "map");
        }
      else
        gtk_stack_set_visible_child_name (arg->stack, "choose");
    }
  update_weapon_lists (self);
  update_coordinates (self);
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
        update_figures_label (self, arg);
    }
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
      Arg *arg = g_new0 (Arg, 1);

      arg->spec = spec;
      g_ptr_array_add (self->args, arg);
    }
  self->grid = g_object_ref_sink (build_grid (self, label_group));
  update_weapon_lists (self);
  update_coordinates (self);
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
