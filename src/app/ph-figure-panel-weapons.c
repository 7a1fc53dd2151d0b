/* ph-figure-panel-weapons.c: the Figure panel's weapons
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The weapons of the one selected figure: loaded or not, range bands where
 * the ruleset has them, removed and added, each an edit of the figure like
 * the panel's others (ph_figure_panel_commit()). With several figures
 * selected they are not edited.
 */
#include "ph-figure-panel-private.h"

#include <glib/gi18n.h>

#include "ph-ruleset.h"

static void
on_weapon_loaded_toggled (PhFigurePanel  *self,
                          GtkCheckButton *button)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ph-weapon"));
  PhFigure *edited;

  if (self->updating || self->figure == NULL || self->figures->len != 1
      || index >= self->figure->weapons->len)
    return;
  edited = ph_figure_copy (self->figure);
  g_array_index (edited->weapons, PhWeapon, index).loaded = gtk_check_button_get_active (button);
  ph_figure_panel_commit (self, edited, _("weapon"));
}

static void
on_weapon_band_changed (PhFigurePanel *self,
                        GtkSpinButton *spin)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "ph-weapon"));
  guint band = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "ph-band"));
  PhFigure *edited;
  PhWeapon *weapon;
  double value = gtk_spin_button_get_value (spin);

  if (self->updating || self->figure == NULL || self->figures->len != 1
      || index >= self->figure->weapons->len)
    return;
  edited = ph_figure_copy (self->figure);
  weapon = &g_array_index (edited->weapons, PhWeapon, index);
  weapon->has_bands = TRUE;
  if (band == 0)
    weapon->range_short = value;
  else if (band == 1)
    weapon->range_medium = value;
  else
    weapon->range_long = value;
  ph_figure_panel_commit (self, edited, _("range bands"));
}

static void
on_weapon_remove_clicked (PhFigurePanel *self,
                          GtkButton     *button)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ph-weapon"));
  PhFigure *edited;

  if (self->figure == NULL || self->figures->len != 1 || index >= self->figure->weapons->len)
    return;
  edited = ph_figure_copy (self->figure);
  g_array_remove_index (edited->weapons, index);
  ph_figure_panel_commit (self, edited, _("weapons"));
}

static void
on_add_weapon_button_clicked (PhFigurePanel *self,
                              GtkButton     *button)
{
  guint kind = gtk_drop_down_get_selected (self->add_weapon_dropdown);
  PhFigure *edited;
  PhWeapon weapon = { 0 };

  if (self->figure == NULL || self->figures->len != 1 || kind >= PH_N_WEAPON_KINDS)
    return;

  edited = ph_figure_copy (self->figure);
  if (self->scenario != NULL)
    ph_ruleset_init_weapon (self->scenario->ruleset, kind, &weapon);
  else
    {
      weapon.kind = kind;
      weapon.loaded = TRUE;
    }
  g_array_append_val (edited->weapons, weapon);
  ph_figure_panel_commit (self, edited, _("weapons"));
}

static GtkWidget *
band_spin_new (PhFigurePanel *self,
               guint          index,
               guint          band,
               double         value)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (0, 10000, 5);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 4);
  g_object_set_data (G_OBJECT (spin), "ph-weapon", GUINT_TO_POINTER (index));
  g_object_set_data (G_OBJECT (spin), "ph-band", GUINT_TO_POINTER (band));
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (on_weapon_band_changed), self);
  return spin;
}

static void
rebuild_weapons (PhFigurePanel *self)
{
  GtkWidget *child;
  gboolean bands = self->scenario && ph_ruleset_get (self->scenario->ruleset)->weapon_bands;

  while ((child = gtk_widget_get_first_child (self->weapons_box)))
    gtk_box_remove (GTK_BOX (self->weapons_box), child);

  /* Figures' weapons are their own: one figure at a time. */
  gtk_widget_set_sensitive (self->add_weapon_box, self->figures->len == 1);
  if (self->figures->len > 1)
    {
      GtkWidget *label = gtk_label_new (_("Select one figure to edit its weapons."));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (self->weapons_box), label);
      return;
    }

  for (guint i = 0; i < self->figure->weapons->len; i++)
    {
      const PhWeapon *weapon = &g_array_index (self->figure->weapons, PhWeapon, i);
      gboolean missile = ph_weapon_kind_is_missile (weapon->kind);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label, *button;
      g_autofree char *text = NULL;

      text = weapon->name
             ? g_strdup_printf ("%s (%s)", weapon->name, ph_weapon_kind_label (weapon->kind))
             : g_strdup (ph_weapon_kind_label (weapon->kind));
      label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_box_append (GTK_BOX (line), label);

      if (missile)
        {
          button = gtk_check_button_new_with_label (_("loaded"));
          gtk_check_button_set_active (GTK_CHECK_BUTTON (button), weapon->loaded);
          g_object_set_data (G_OBJECT (button), "ph-weapon", GUINT_TO_POINTER (i));
          g_signal_connect_swapped (button, "toggled", G_CALLBACK (on_weapon_loaded_toggled), self);
          gtk_box_append (GTK_BOX (line), button);
        }

      button = gtk_button_new_from_icon_name ("user-trash-symbolic");
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, _("Remove this weapon"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Remove Weapon"), -1);
      g_object_set_data (G_OBJECT (button), "ph-weapon", GUINT_TO_POINTER (i));
      g_signal_connect_swapped (button, "clicked", G_CALLBACK (on_weapon_remove_clicked), self);
      gtk_box_append (GTK_BOX (line), button);
      gtk_box_append (GTK_BOX (row), line);

      if (bands && missile)
        {
          /* One line a band keeps the panel narrow. */
          static const char *names[] = { N_("Short"), N_("Medium"), N_("Long") };
          double values[] = { weapon->range_short, weapon->range_medium, weapon->range_long };
          GtkWidget *grid = gtk_grid_new ();

          gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
          gtk_grid_set_column_spacing (GTK_GRID (grid), 10);
          gtk_widget_set_margin_start (grid, 12);
          for (guint band = 0; band < 3; band++)
            {
              g_autofree char *text_band = g_strdup_printf (_("%s (paces)"), _(names[band]));

              label = gtk_label_new (text_band);
              gtk_label_set_xalign (GTK_LABEL (label), 0);
              gtk_widget_add_css_class (label, "dim-label");
              gtk_grid_attach (GTK_GRID (grid), label, 0, band, 1, 1);
              gtk_grid_attach (GTK_GRID (grid), band_spin_new (self, i, band, values[band]), 1, band, 1, 1);
            }
          gtk_box_append (GTK_BOX (row), grid);
        }
      gtk_box_append (GTK_BOX (self->weapons_box), row);
    }

  if (self->figure->weapons->len == 0)
    {
      GtkWidget *label = gtk_label_new (_("No weapons"));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (self->weapons_box), label);
    }
}

/* The weapon rows are rebuilt from an idle: the edit that asks for it may
 * come from a button of a row about to go. */
static gboolean
rebuild_weapons_idle (gpointer data)
{
  PhFigurePanel *self = data;

  self->rebuild_weapons_id = 0;
  if (self->figure)
    {
      self->updating = TRUE;
      rebuild_weapons (self);
      self->updating = FALSE;
    }
  return G_SOURCE_REMOVE;
}

void
ph_figure_panel_weapons_queue_rebuild (PhFigurePanel *self)
{
  if (self->rebuild_weapons_id == 0)
    self->rebuild_weapons_id = g_idle_add (rebuild_weapons_idle, self);
}

void
ph_figure_panel_weapons_init (PhFigurePanel *self)
{
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);

  for (int k = 0; k < PH_N_WEAPON_KINDS; k++)
    gtk_string_list_append (kinds, ph_weapon_kind_label (k));
  gtk_drop_down_set_model (self->add_weapon_dropdown, G_LIST_MODEL (kinds));
  gtk_drop_down_set_expression (self->add_weapon_dropdown,
                                gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));
}

void
ph_figure_panel_weapons_dispose (PhFigurePanel *self)
{
  g_clear_handle_id (&self->rebuild_weapons_id, g_source_remove);
}

void
ph_figure_panel_weapons_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, on_add_weapon_button_clicked);
}
