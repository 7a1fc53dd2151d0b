/* ph-new-dialog.c: New Scenario: the ruleset, the title and the table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table takes its usual grid, grid size and measure from the ruleset's
 * descriptor (Featherstone a cm table, Guns of War hexes measured centre
 * to centre); changing the ruleset or the unit fills them in again, and a
 * new unit converts the width and height. The common tables are one click
 * away. Create checks the table as the loader would (ph_table_check()),
 * shows what is wrong in the dialog, or emits "create" with the new
 * scenario: the table, no terrain or figures, two sides in distinct
 * colours.
 */
#include "ph-new-dialog.h"

#include <glib/gi18n.h>
#include <math.h>

struct _PhNewDialog
{
  GtkWindow parent_instance;

  GtkEntry *title_entry;
  GtkDropDown *ruleset_dropdown;
  GtkSpinButton *width_spin;
  GtkSpinButton *height_spin;
  GtkDropDown *unit_dropdown;
  GtkDropDown *grid_dropdown;
  GtkSpinButton *grid_size_spin;
  GtkLabel *grid_unit_label;
  GtkDropDown *measure_dropdown;
  GtkLabel *error_label;

  PhUnit unit;            /* what width and height are in now */
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (PhNewDialog, ph_new_dialog, GTK_TYPE_WINDOW)

enum { CREATE, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
show_error (PhNewDialog *self,
            const char  *message)
{
  gtk_label_set_label (self->error_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

/* The grid, its size and the measure the ruleset uses on a table in @unit */
static void
apply_usual_grid (PhNewDialog *self,
                  PhRulesetId  ruleset,
                  PhUnit       unit)
{
  PhTable usual = { 0 };

  ph_ruleset_usual_table (ruleset, unit, &usual);
  gtk_drop_down_set_selected (self->grid_dropdown, usual.grid);
  gtk_spin_button_set_value (self->grid_size_spin, usual.grid_size);
  gtk_drop_down_set_selected (self->measure_dropdown, usual.measure);
  gtk_label_set_label (self->grid_unit_label, unit == PH_UNIT_CM ? _("cm") : _("inches"));
}

/* Width and height into @unit, to the nearest half */
static void
convert_to (PhNewDialog *self,
            PhUnit       unit)
{
  double factor;

  if (unit == self->unit)
    return;
  factor = unit == PH_UNIT_CM ? 2.54 : 1 / 2.54;
  gtk_spin_button_set_value (self->width_spin,
                             round (gtk_spin_button_get_value (self->width_spin) * factor * 2) / 2);
  gtk_spin_button_set_value (self->height_spin,
                             round (gtk_spin_button_get_value (self->height_spin) * factor * 2) / 2);
  self->unit = unit;
}

static void
set_unit (PhNewDialog *self,
          PhUnit       unit)
{
  self->updating = TRUE;
  convert_to (self, unit);
  gtk_drop_down_set_selected (self->unit_dropdown, unit);
  apply_usual_grid (self, ph_new_dialog_get_ruleset (self), unit);
  self->updating = FALSE;
}

static void
on_ruleset_dropdown_notify_selected (PhNewDialog *self)
{
  PhRulesetId ruleset = ph_new_dialog_get_ruleset (self);

  if (self->updating)
    return;
  show_error (self, NULL);
  set_unit (self, ph_ruleset_get (ruleset)->unit);
}

static void
on_unit_dropdown_notify_selected (PhNewDialog *self)
{
  if (self->updating)
    return;
  show_error (self, NULL);
  set_unit (self, (PhUnit) gtk_drop_down_get_selected (self->unit_dropdown));
}

static void
set_size (PhNewDialog *self,
          double       width,
          double       height,
          PhUnit       unit)
{
  set_unit (self, unit);
  gtk_spin_button_set_value (self->width_spin, width);
  gtk_spin_button_set_value (self->height_spin, height);
  show_error (self, NULL);
}

static void
on_preset_6x4_clicked (PhNewDialog *self)
{
  set_size (self, 72, 48, PH_UNIT_IN);
}

static void
on_preset_4x4_clicked (PhNewDialog *self)
{
  set_size (self, 48, 48, PH_UNIT_IN);
}

static void
on_preset_180x120_clicked (PhNewDialog *self)
{
  set_size (self, 180, 120, PH_UNIT_CM);
}

/* Any change takes back the reason the last Create was refused */
static void
on_value_changed (PhNewDialog *self)
{
  show_error (self, NULL);
}

static void
on_create_button_clicked (PhNewDialog *self)
{
  ph_new_dialog_create (self);
}

/* Public */

void
ph_new_dialog_set_ruleset (PhNewDialog *self,
                           PhRulesetId  ruleset)
{
  g_return_if_fail (PH_IS_NEW_DIALOG (self));
  g_return_if_fail (ruleset < PH_N_RULESETS);

  gtk_drop_down_set_selected (self->ruleset_dropdown, ruleset);
}

PhRulesetId
ph_new_dialog_get_ruleset (PhNewDialog *self)
{
  guint selected;

  g_return_val_if_fail (PH_IS_NEW_DIALOG (self), 0);

  selected = gtk_drop_down_get_selected (self->ruleset_dropdown);
  return selected < PH_N_RULESETS ? (PhRulesetId) selected : ph_rulesets_default ();
}

void
ph_new_dialog_get_table (PhNewDialog *self,
                         PhTable     *table)
{
  g_return_if_fail (PH_IS_NEW_DIALOG (self));

  gtk_spin_button_update (self->width_spin);
  gtk_spin_button_update (self->height_spin);
  gtk_spin_button_update (self->grid_size_spin);
  table->width = gtk_spin_button_get_value (self->width_spin);
  table->height = gtk_spin_button_get_value (self->height_spin);
  table->unit = self->unit;
  table->grid = (PhGrid) gtk_drop_down_get_selected (self->grid_dropdown);
  table->grid_size = gtk_spin_button_get_value (self->grid_size_spin);
  table->measure = (PhMeasure) gtk_drop_down_get_selected (self->measure_dropdown);
}

gboolean
ph_new_dialog_create (PhNewDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) scenario = NULL;
  PhTable table = { 0 };

  g_return_val_if_fail (PH_IS_NEW_DIALOG (self), FALSE);

  ph_new_dialog_get_table (self, &table);
  if (!ph_table_check (&table, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Not created: %s."), error->message);

      show_error (self, message);
      return FALSE;
    }
  scenario = ph_scenario_new_table (ph_new_dialog_get_ruleset (self), &table,
                                    gtk_editable_get_text (GTK_EDITABLE (self->title_entry)));
  show_error (self, NULL);
  g_signal_emit (self, signals[CREATE], 0, scenario);
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

const char *
ph_new_dialog_get_error (PhNewDialog *self)
{
  g_return_val_if_fail (PH_IS_NEW_DIALOG (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->error_label)))
    return NULL;
  return gtk_label_get_label (self->error_label);
}

/* Life */

static void
ph_new_dialog_class_init (PhNewDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  /**
   * PhNewDialog::create:
   * @scenario: (type PhScenario*): the new scenario (the handler refs it
   *   to keep it)
   */
  signals[CREATE] =
    g_signal_new ("create",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/powderhorn/Powderhorn/ph-new-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, PhNewDialog, name)
  BIND (title_entry);
  BIND (ruleset_dropdown);
  BIND (width_spin);
  BIND (height_spin);
  BIND (unit_dropdown);
  BIND (grid_dropdown);
  BIND (grid_size_spin);
  BIND (grid_unit_label);
  BIND (measure_dropdown);
  BIND (error_label);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, on_ruleset_dropdown_notify_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_unit_dropdown_notify_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_preset_6x4_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_preset_4x4_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_preset_180x120_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_create_button_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ph_new_dialog_init (PhNewDialog *self)
{
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  PhRulesetId ruleset = ph_rulesets_default ();

  for (guint i = 0; i < PH_N_RULESETS; i++)
    gtk_string_list_append (titles, ph_ruleset_get (i)->title);

  self->updating = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drop_down_set_model (self->ruleset_dropdown, G_LIST_MODEL (titles));
  gtk_drop_down_set_selected (self->ruleset_dropdown, ruleset);
  self->unit = PH_UNIT_IN;
  self->updating = FALSE;
  set_unit (self, ph_ruleset_get (ruleset)->unit);
  g_signal_connect_swapped (self->width_spin, "value-changed", G_CALLBACK (on_value_changed), self);
  g_signal_connect_swapped (self->height_spin, "value-changed", G_CALLBACK (on_value_changed), self);
  g_signal_connect_swapped (self->grid_size_spin, "value-changed", G_CALLBACK (on_value_changed), self);
  g_signal_connect_swapped (self->grid_dropdown, "notify::selected", G_CALLBACK (on_value_changed), self);
}

PhNewDialog *
ph_new_dialog_new (GtkWindow *parent)
{
  PhNewDialog *self = g_object_new (PH_TYPE_NEW_DIALOG, NULL);

  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  return self;
}
