/* ph-start-page.c: what a window shows before a scenario is open
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bundled example scenarios, each with its title, ruleset and size, and
 * a button to open any other file. Activating a row emits
 * "scenario-activated" with the file.
 */
#include "ph-start-page.h"

#include <glib/gi18n.h>

#include "ph-application.h"
#include "ph-core.h"

struct _PhStartPage
{
  GtkWidget parent_instance;

  GtkWidget *content;
  GtkListBox *examples_list;
  GtkWidget *examples_title;
};

G_DEFINE_FINAL_TYPE (PhStartPage, ph_start_page, GTK_TYPE_WIDGET)

enum {
  SCENARIO_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GtkWidget *
example_row_new (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *basename = g_file_get_basename (file);
  g_autoptr(PhScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  GtkWidget *row, *box, *text, *label, *icon;

  scenario = path ? ph_scenario_load_file (path, &error) : NULL;
  if (scenario)
    {
      const PhRuleset *ruleset = ph_ruleset_get (scenario->ruleset);

      title = g_strdup (scenario->title && *scenario->title ? scenario->title : basename);
      subtitle = g_strdup_printf (g_dngettext (NULL,
                                               "%s · %g × %g %s · %u figure",
                                               "%s · %g × %g %s · %u figures",
                                               scenario->figures->len),
                                  ruleset ? ruleset->title : ph_ruleset_id_to_string (scenario->ruleset),
                                  scenario->table.width, scenario->table.height,
                                  ph_unit_to_string (scenario->table.unit),
                                  scenario->figures->len);
    }
  else
    {
      title = g_strdup (basename);
      subtitle = g_strdup (error ? error->message : _("Cannot be read"));
    }

  row = gtk_list_box_row_new ();
  g_object_set_data_full (G_OBJECT (row), "ph-file", g_object_ref (file), g_object_unref);

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_top (box, 10);
  gtk_widget_set_margin_bottom (box, 10);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);

  text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (text, TRUE);
  label = gtk_label_new (title);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (text), label);
  label = gtk_label_new (subtitle);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (text), label);
  gtk_box_append (GTK_BOX (box), text);

  icon = gtk_image_new_from_icon_name ("go-next-symbolic");
  gtk_widget_add_css_class (icon, "dim-label");
  gtk_box_append (GTK_BOX (box), icon);

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_tooltip_text (row, path ? path : basename);
  gtk_widget_set_sensitive (row, scenario != NULL);
  return row;
}

void
ph_start_page_reload (PhStartPage *self)
{
  g_autoptr(GPtrArray) files = ph_application_list_examples ();
  GtkWidget *child;

  g_return_if_fail (PH_IS_START_PAGE (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->examples_list))))
    gtk_list_box_remove (self->examples_list, child);

  for (guint i = 0; i < files->len; i++)
    gtk_list_box_append (self->examples_list, example_row_new (g_ptr_array_index (files, i)));

  gtk_widget_set_visible (GTK_WIDGET (self->examples_list), files->len > 0);
  gtk_widget_set_visible (self->examples_title, files->len > 0);
}

static void
on_examples_list_row_activated (PhStartPage   *self,
                                GtkListBoxRow *row,
                                GtkListBox    *list)
{
  GFile *file = g_object_get_data (G_OBJECT (row), "ph-file");

  if (file)
    g_signal_emit (self, signals[SCENARIO_ACTIVATED], 0, file);
}

static void
ph_start_page_dispose (GObject *object)
{
  PhStartPage *self = PH_START_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PH_TYPE_START_PAGE);
  /* Children of the template that no field holds */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self)));)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ph_start_page_parent_class)->dispose (object);
}

static void
ph_start_page_class_init (PhStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ph_start_page_dispose;

  signals[SCENARIO_ACTIVATED] =
    g_signal_new ("scenario-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/powderhorn/Powderhorn/ph-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PhStartPage, content);
  gtk_widget_class_bind_template_child (widget_class, PhStartPage, examples_list);
  gtk_widget_class_bind_template_child (widget_class, PhStartPage, examples_title);
  gtk_widget_class_bind_template_callback (widget_class, on_examples_list_row_activated);
}

static void
ph_start_page_init (PhStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ph_start_page_reload (self);
}

GtkWidget *
ph_start_page_new (void)
{
  return g_object_new (PH_TYPE_START_PAGE, NULL);
}
