/* ph-window-print.c: printing, the PDF export of the sheets, random characters
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's paper actions: the sheets and the map through the print
 * dialog (PhPrintOperation), the sheets as a PDF through the same code as
 * `powderhorn-cli roster` (ph_sheet_export_pdf()), and a Firelock random
 * character for the selected figure, rolled on a copy of the scenario and
 * applied through the document as one undoable edit.
 */
#include "ph-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ph-print-operation.h"
#include "ph-sheet.h"

static gboolean
on_map (PhWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "map") == 0;
}

/* Printing */

static void
on_print_done (GtkPrintOperation       *operation,
               GtkPrintOperationResult  result,
               PhWindow                *self)
{
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autoptr(GError) error = NULL;

      g_object_set_data (G_OBJECT (operation), "ph-error-shown", GINT_TO_POINTER (TRUE));
      gtk_print_operation_get_error (operation, &error);
      ph_window_show_error (self, _("Could not print"),
                            error ? error->message : NULL);
    }
  else if (result == GTK_PRINT_OPERATION_RESULT_APPLY)
    g_set_object (&self->print_settings, gtk_print_operation_get_print_settings (operation));
}

static void
print_mode (PhWindow    *self,
            PhPrintMode  mode)
{
  /* The document may change while the dialog is open. */
  g_autoptr(PhScenario) copy = ph_scenario_copy (ph_document_get_scenario (self->document));
  g_autoptr(PhPrintOperation) op = ph_print_operation_new (copy, mode);
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;

  if (self->print_settings)
    gtk_print_operation_set_print_settings (GTK_PRINT_OPERATION (op), self->print_settings);
  gtk_print_operation_set_allow_async (GTK_PRINT_OPERATION (op), TRUE);
  g_signal_connect_object (op, "done", G_CALLBACK (on_print_done), self, 0);
  result = gtk_print_operation_run (GTK_PRINT_OPERATION (op),
                                    GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                                    GTK_WINDOW (self), &error);
  /* A failure before the dialog may return without emitting "done". */
  if (result == GTK_PRINT_OPERATION_RESULT_ERROR
      && !g_object_get_data (G_OBJECT (op), "ph-error-shown"))
    ph_window_show_error (self, _("Could not print"), error ? error->message : NULL);
}

static void
print_sheets_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  print_mode (PH_WINDOW (widget), PH_PRINT_MODE_SHEETS);
}

static void
print_map_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  print_mode (PH_WINDOW (widget),
              g_str_equal (action_name, "win.print-map-fit") ? PH_PRINT_MODE_MAP_FIT
                                                             : PH_PRINT_MODE_MAP_TRUE_SCALE);
}

/* Exporting the sheets */

static PhPaper
default_paper (void)
{
  g_autoptr(GtkPaperSize) size = gtk_paper_size_new (NULL);
  const char *name = gtk_paper_size_get_name (size);

  return g_str_has_prefix (name, "na_letter") ? PH_PAPER_LETTER : PH_PAPER_A4;
}

static void
export_sheets_to (PhWindow *self,
                  GFile    *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);

  if (path == NULL)
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                 _("Only local files can be written"));
  else
    ph_sheet_export_pdf (ph_document_get_scenario (self->document), path,
                         default_paper (), &error);

  if (error != NULL)
    {
      g_autofree char *basename = g_file_get_basename (file);
      g_autofree char *name = g_filename_display_name (basename);
      g_autofree char *primary = g_strdup_printf (_("Could not export “%s”"), name);

      ph_window_show_error (self, primary, error->message);
    }
}

static void
on_export_chooser_response (GtkNativeDialog *dialog,
                            int              response,
                            PhWindow        *self)
{
  g_autoptr(GFile) file = ph_window_chooser_finish (self, dialog, response);

  if (file)
    export_sheets_to (self, file);
}

static void
export_sheets_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);
  GFile *current = ph_document_get_file (self->document);
  g_autoptr(GtkFileFilter) filter = NULL;
  g_autofree char *name = NULL;
  GtkFileChooser *chooser;

  if (self->export_file_for_testing)
    {
      export_sheets_to (self, self->export_file_for_testing);
      return;
    }
  if (self->chooser)
    return;

  chooser = ph_window_chooser_new (self, _("Export Sheets as PDF"),
                                   GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"));
  filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("PDF Documents"));
  gtk_file_filter_add_pattern (filter, "*.pdf");
  gtk_file_filter_add_mime_type (filter, "application/pdf");
  gtk_file_chooser_add_filter (chooser, filter);
  if (current)
    {
      g_autoptr(GFile) folder = g_file_get_parent (current);
      g_autofree char *basename = g_file_get_basename (current);
      char *dot = strrchr (basename, '.');

      if (dot)
        *dot = '\0';
      if (folder)
        gtk_file_chooser_set_current_folder (chooser, folder, NULL);
      name = g_strdup_printf ("%s-sheets.pdf", basename);
    }
  else
    name = g_strdup_printf ("%s sheets.pdf", ph_document_get_title (self->document));
  gtk_file_chooser_set_current_name (chooser, name);
  ph_window_chooser_show (self, G_CALLBACK (on_export_chooser_response), self);
}

void
ph_window_set_export_file_for_testing (PhWindow *self,
                                       GFile    *file)
{
  g_return_if_fail (PH_IS_WINDOW (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_set_object (&self->export_file_for_testing, file);
}

/* Random characters */

static gboolean
can_roll_character (PhWindow *self)
{
  guint n = 0;

  ph_map_view_get_selection (self->map_view, &n);
  return on_map (self)
         && ph_ruleset_get (ph_document_get_scenario (self->document)->ruleset)->roll_character != NULL
         && n == 1 && ph_map_view_get_selected_figure (self->map_view) != NULL;
}

static void
roll_character_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);
  PhFigure *figure = ph_map_view_get_selected_figure (self->map_view);
  g_autoptr(PhScenario) trial = NULL;
  g_autoptr(GRand) dice = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;

  if (!can_roll_character (self))
    return;

  /* Rolled on a copy, then applied as one edit that undo takes back. */
  id = g_strdup (figure->id);
  trial = ph_scenario_copy (ph_document_get_scenario (self->document));
  dice = g_rand_new ();
  if (!ph_ruleset_roll_character (trial, id, dice, NULL, &error)
      || !ph_document_check_figure (self->document, ph_scenario_find_figure (trial, id), &error))
    {
      ph_window_show_error (self, _("Could not roll a character"), error->message);
      return;
    }
  ph_document_update_figure (self->document, _("Roll Random Character"),
                             ph_scenario_find_figure (trial, id));
}

/* The window */

void
ph_window_print_update_state (PhWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean map = on_map (self);

  gtk_widget_action_set_enabled (widget, "win.print-sheets", map);
  gtk_widget_action_set_enabled (widget, "win.print-map", map);
  gtk_widget_action_set_enabled (widget, "win.print-map-fit", map);
  gtk_widget_action_set_enabled (widget, "win.export-sheets", map);
  gtk_widget_action_set_enabled (widget, "win.roll-character", can_roll_character (self));
}

void
ph_window_print_dispose (PhWindow *self)
{
  g_clear_object (&self->print_settings);
  g_clear_object (&self->export_file_for_testing);
}

void
ph_window_print_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.print-sheets", NULL, print_sheets_action);
  gtk_widget_class_install_action (widget_class, "win.print-map", NULL, print_map_action);
  gtk_widget_class_install_action (widget_class, "win.print-map-fit", NULL, print_map_action);
  gtk_widget_class_install_action (widget_class, "win.export-sheets", NULL, export_sheets_action);
  gtk_widget_class_install_action (widget_class, "win.roll-character", NULL, roll_character_action);
}
