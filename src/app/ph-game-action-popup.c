/* ph-game-action-popup.c: the Game tab's Action drop-down's popup
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each action with its help line under its label, and the keyboard on the
 * chosen action when the popup opens; the button shortens a long label
 * to the card's width.
 */
#include "ph-game-action-popup.h"

#include <glib/gi18n.h>

#include "ph-game-action-form.h"

/* The Action drop-down's popup: the label and the help line under it */
static void
on_action_item_setup (GtkSignalListItemFactory *factory,
                      GtkListItem              *item,
                      gpointer                  data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (NULL);
  GtkWidget *subtitle = gtk_label_new (NULL);

  /* as wide as the list, no wider: a label asks for a few words, shorts
   * its label with "…" and wraps its help in the width the popup has (40
   * characters a line took the popup past the screen's right edge on a
   * 1366 x 768 laptop: GTK puts it centred under the list) */
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (title), 16);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_wrap (GTK_LABEL (subtitle), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (subtitle), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (subtitle), 16);
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
                     GPtrArray                *actions)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *title = gtk_widget_get_first_child (box);
  GtkWidget *subtitle = gtk_widget_get_next_sibling (title);
  guint position = gtk_list_item_get_position (item);
  const PhGameActionInfo *info = position < actions->len
                                 ? ph_game_action_form_get_info (g_ptr_array_index (actions, position))
                                 : NULL;

  gtk_label_set_label (GTK_LABEL (title), info ? (info->label ? _(info->label) : info->name) : "");
  gtk_label_set_label (GTK_LABEL (subtitle), info && info->help ? _(info->help) : "");
  gtk_widget_set_visible (subtitle, info && info->help && *info->help);
  /* which row it is, for the keyboard to start on the chosen one */
  g_object_set_data (G_OBJECT (box), "ph-position", GUINT_TO_POINTER (position + 1));
}

/* The popup's row showing item @position, or NULL while it has none */
static GtkWidget *
find_action_row (GtkWidget *widget,
                 guint      position)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *row;

      if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "ph-position")) == position + 1
          && gtk_widget_get_mapped (child))
        return gtk_widget_get_parent (child);
      if ((row = find_action_row (child, position)) != NULL)
        return row;
    }
  return NULL;
}

/* Once the popup has its rows: the keyboard on the chosen action. GTK 4.8
 * leaves it where the last choice in the popup put it (nowhere, the first
 * time): the trial's Down, Return on the opened list chose the action
 * already chosen, or the one under the step the game had chosen since. */
static gboolean
focus_chosen_action (GtkWidget     *popover,
                     GdkFrameClock *clock,
                     gpointer       data)
{
  GtkDropDown *drop_down = data;
  guint selected = gtk_drop_down_get_selected (drop_down);
  GtkWidget *row;
  int *frames = g_object_get_data (G_OBJECT (popover), "ph-frames");

  if (!gtk_widget_get_mapped (popover) || selected == GTK_INVALID_LIST_POSITION)
    return G_SOURCE_REMOVE;
  row = find_action_row (popover, selected);
  if (row != NULL)
    {
      gtk_widget_grab_focus (row);
      return G_SOURCE_REMOVE;
    }
  /* the rows come with the popup's first layout: a few frames at most */
  return frames != NULL && ++*frames < 10 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static void
on_action_popup_map (GtkWidget   *popover,
                     GtkDropDown *drop_down)
{
  g_object_set_data_full (G_OBJECT (popover), "ph-frames", g_new0 (int, 1), g_free);
  if (focus_chosen_action (popover, NULL, drop_down) == G_SOURCE_CONTINUE)
    gtk_widget_add_tick_callback (popover, focus_chosen_action, drop_down, NULL);
}

/* The button: the chosen action's label, shortened with "…" to the width
 * the card gives it. As wide as its text, "Advance into the vacated hex"
 * ran past the card on a 1366 x 768 screen (Guns of War, after a charge). */
static void
on_button_item_setup (GtkSignalListItemFactory *factory,
                      GtkListItem              *item,
                      gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (label), 8);
  gtk_list_item_set_child (item, label);
}

static void
on_button_item_bind (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     GPtrArray                *actions)
{
  guint position = gtk_list_item_get_position (item);
  const PhGameActionInfo *info = position < actions->len
                                 ? ph_game_action_form_get_info (g_ptr_array_index (actions, position))
                                 : NULL;

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       info ? (info->label ? _(info->label) : info->name) : "");
}

static void
unref_actions (gpointer  data,
               GClosure *closure)
{
  g_ptr_array_unref (data);
}

void
ph_game_action_popup_init (GtkDropDown *drop_down,
                           GPtrArray   *actions)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (on_action_item_setup), NULL);
  g_signal_connect_data (factory, "bind", G_CALLBACK (on_action_item_bind),
                         g_ptr_array_ref (actions), unref_actions, 0);
  gtk_drop_down_set_list_factory (drop_down, factory);
  g_object_unref (factory);
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (on_button_item_setup), NULL);
  g_signal_connect_data (factory, "bind", G_CALLBACK (on_button_item_bind),
                         g_ptr_array_ref (actions), unref_actions, 0);
  gtk_drop_down_set_factory (drop_down, factory);
  g_object_unref (factory);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (drop_down));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      g_signal_connect_object (child, "map", G_CALLBACK (on_action_popup_map), drop_down, 0);
}
