/* ph-window-export.c: Export Map Image (win.export-map)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The options first (PhExportDialog, starting from what the window shows),
 * then the file: a save chooser with a filter per format, the format being
 * the name's extension, or the filter's when the name has none. The map is
 * drawn by the renderer's ph_render_export_bytes(), the very drawing of
 * `powderhorn-cli render`, on a copy of the scenario in a thread (a threat
 * map takes a moment), and written with ph_file_replace_contents(): the
 * file is whole or as it was, never half written, and keeps its mode.
 */
#include "ph-window-export.h"
#include "ph-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ph-map-view-private.h"

/* What a window remembers between exports */
typedef struct
{
  double scale;
  PhRenderFormat format;
  guint running;
} ExportState;

static ExportState *
get_state (PhWindow *self)
{
  ExportState *state = g_object_get_data (G_OBJECT (self), "ph-export-state");

  if (state == NULL)
    {
      state = g_new0 (ExportState, 1);
      state->scale = PH_RENDER_DEFAULT_SCALE;
      state->format = PH_RENDER_FORMAT_PNG;
      g_object_set_data_full (G_OBJECT (self), "ph-export-state", state, g_free);
    }
  return state;
}

static const struct
{
  PhRenderFormat format;
  const char *extension;
  const char *mime_type;
} formats[] = {
  { PH_RENDER_FORMAT_PNG, ".png", "image/png" },
  { PH_RENDER_FORMAT_SVG, ".svg", "image/svg+xml" },
  { PH_RENDER_FORMAT_PDF, ".pdf", "application/pdf" },
};

static const char *
format_extension (PhRenderFormat format)
{
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (formats[i].format == format)
      return formats[i].extension;
  g_return_val_if_reached (".png");
}

PhMapExport *
ph_window_export_current (PhWindow *self)
{
  PhMapView *map_view;
  PhFigure *figure, *target;
  const PhShotOptions *shot;
  const char * const *ids;
  PhMapExport *export;

  g_return_val_if_fail (PH_IS_WINDOW (self), NULL);

  map_view = self->map_view;
  figure = ph_map_view_get_selected_figure (map_view);
  target = ph_map_view_get_target (map_view);
  shot = ph_map_view_get_shot_options (map_view);
  ids = ph_selection_get_ids (ph_map_view_get_selection_model (map_view));
  export = g_new0 (PhMapExport, 1);
  export->scale = get_state (self)->scale;
  if (figure != NULL && !ph_figure_is_off_table (figure))
    {
      export->figure = g_strdup (figure->id);
      /* the map always shows the selected man's rings, and T his threat */
      export->rings = TRUE;
      export->arc = ph_map_view_get_show_arc (map_view);
      export->threat = ph_map_view_get_show_threat (map_view);
      if (shot != NULL && shot->has_weapon)
        {
          export->has_weapon = TRUE;
          export->weapon = shot->weapon;
        }
      if (target != NULL && target != figure && !ph_figure_is_off_table (target))
        {
          export->target = g_strdup (target->id);
          export->line = TRUE;
          export->target_mounted = target->mounted;
        }
    }
  if (ids != NULL && ids[0] != NULL)
    {
      export->selected = g_strdupv ((char **) ids);
      export->highlight = TRUE;
    }
  return export;
}

GFile *
ph_window_export_target (GFile          *chosen,
                         PhRenderFormat  filter_format,
                         PhRenderFormat *format)
{
  g_autofree char *basename = NULL;
  g_autofree char *name = NULL;
  g_autoptr(GFile) parent = NULL;

  g_return_val_if_fail (G_IS_FILE (chosen), NULL);
  g_return_val_if_fail (format != NULL, NULL);

  basename = g_file_get_basename (chosen);
  if (ph_render_format_from_filename (basename, format))
    return g_object_ref (chosen);
  *format = filter_format;
  name = g_strconcat (basename, format_extension (filter_format), NULL);
  parent = g_file_get_parent (chosen);
  return parent != NULL ? g_file_get_child (parent, name) : g_file_new_for_path (name);
}

/* The export, in a thread */

typedef struct
{
  PhScenario *scenario;   /* a copy: the document may change meanwhile */
  PhMapExport *export;
  PhRenderFormat format;
  char *path;
  GFile *file;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  ph_scenario_unref (job->scenario);
  ph_map_export_free (job->export);
  g_free (job->path);
  g_clear_object (&job->file);
  g_free (job);
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  ExportJob *job = data;
  g_autoptr(GBytes) bytes = NULL;
  GError *error = NULL;
  PhRenderOptions opts;
  gconstpointer contents;
  gsize length;

  ph_map_export_get_render_options (job->export, &opts);
  bytes = ph_render_export_bytes (job->scenario, job->format, job->export->scale, &opts,
                                  job->path, &error);
  if (bytes == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  contents = g_bytes_get_data (bytes, &length);
  if (!ph_file_replace_contents (job->path, contents, length, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void
show_export_error (PhWindow   *self,
                   GFile      *file,
                   const char *message)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *name = g_filename_display_name (basename);
  g_autofree char *primary = g_strdup_printf (_("Could not export “%s”"), name);

  ph_window_show_error (self, primary, message);
}

static void
on_export_done (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  PhWindow *self = PH_WINDOW (source);
  ExportJob *job = g_task_get_task_data (G_TASK (result));
  ExportState *state = get_state (self);
  g_autoptr(GError) error = NULL;

  state->running--;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    show_export_error (self, job->file, error->message);
  else
    {
      g_autofree char *basename = g_file_get_basename (job->file);
      g_autofree char *name = g_filename_display_name (basename);
      g_autofree char *said = g_strdup_printf (_("Exported the map to “%s”"), name);

      gtk_label_set_label (self->status_label, said);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), said);
    }
}

void
ph_window_export_map (PhWindow          *self,
                      GFile             *file,
                      PhRenderFormat     format,
                      const PhMapExport *export)
{
  g_autoptr(GTask) task = NULL;
  ExportState *state;
  ExportJob *job;
  char *path;

  g_return_if_fail (PH_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (export != NULL);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      show_export_error (self, file, _("Only local files can be written"));
      return;
    }
  state = get_state (self);
  state->scale = export->scale;
  state->format = format;
  state->running++;

  job = g_new0 (ExportJob, 1);
  job->scenario = ph_scenario_copy (ph_document_get_scenario (self->document));
  job->export = ph_map_export_copy (export);
  job->format = format;
  job->path = path;
  job->file = g_object_ref (file);
  task = g_task_new (self, NULL, on_export_done, NULL);
  g_task_set_source_tag (task, ph_window_export_map);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  g_task_run_in_thread (task, export_thread);
}

gboolean
ph_window_export_busy (PhWindow *self)
{
  g_return_val_if_fail (PH_IS_WINDOW (self), FALSE);

  return get_state (self)->running > 0;
}

/* The file chooser */

static void
on_chooser_response (GtkNativeDialog *dialog,
                     int              response,
                     PhWindow        *self)
{
  PhMapExport *export = g_object_get_data (G_OBJECT (dialog), "ph-map-export");
  GtkFileFilter *filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog));
  PhRenderFormat filter_format = get_state (self)->format;
  g_autoptr(PhMapExport) kept = NULL;
  g_autoptr(GFile) chosen = NULL;
  g_autoptr(GFile) file = NULL;
  PhRenderFormat format;

  /* the chooser goes with self->chooser: keep the options */
  kept = ph_map_export_copy (export);
  if (filter != NULL && g_object_get_data (G_OBJECT (filter), "ph-format") != NULL)
    filter_format = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (filter), "ph-format")) - 1;
  chosen = ph_window_chooser_finish (self, dialog, response);
  if (chosen == NULL)
    return;
  file = ph_window_export_target (chosen, filter_format, &format);
  /* the chooser asked before replacing the name typed, not this one */
  if (!g_file_equal (file, chosen) && g_file_query_exists (file, NULL))
    {
      show_export_error (self, file, _("A file of that name is already there: choose it by "
                                       "its full name to replace it."));
      return;
    }
  ph_window_export_map (self, file, format, kept);
}

static void
show_chooser (PhWindow          *self,
              const PhMapExport *export)
{
  ExportState *state = get_state (self);
  GFile *current = ph_document_get_file (self->document);
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;
  GtkFileChooser *chooser;

  if (self->chooser)
    return;
  chooser = ph_window_chooser_new (self, _("Export Map Image"),
                                   GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"));
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
      g_autofree char *pattern = g_strconcat ("*", formats[i].extension, NULL);

      switch (formats[i].format)
        {
        case PH_RENDER_FORMAT_SVG: gtk_file_filter_set_name (filter, _("SVG Images")); break;
        case PH_RENDER_FORMAT_PDF: gtk_file_filter_set_name (filter, _("PDF Documents")); break;
        case PH_RENDER_FORMAT_PNG:
        default:                   gtk_file_filter_set_name (filter, _("PNG Images")); break;
        }
      gtk_file_filter_add_pattern (filter, pattern);
      gtk_file_filter_add_mime_type (filter, formats[i].mime_type);
      g_object_set_data (G_OBJECT (filter), "ph-format", GINT_TO_POINTER (formats[i].format + 1));
      gtk_file_chooser_add_filter (chooser, filter);
      if (formats[i].format == state->format)
        gtk_file_chooser_set_filter (chooser, filter);
    }
  if (current)
    {
      g_autoptr(GFile) folder = g_file_get_parent (current);
      g_autofree char *basename = g_file_get_basename (current);
      char *dot = strrchr (basename, '.');

      if (dot)
        *dot = '\0';
      if (folder)
        gtk_file_chooser_set_current_folder (chooser, folder, NULL);
      stem = g_strdup_printf ("%s-map", basename);
    }
  else
    stem = g_strdup_printf ("%s map", ph_document_get_title (self->document));
  name = g_strconcat (stem, format_extension (state->format), NULL);
  gtk_file_chooser_set_current_name (chooser, name);
  g_object_set_data_full (G_OBJECT (chooser), "ph-map-export", ph_map_export_copy (export),
                          (GDestroyNotify) ph_map_export_free);
  ph_window_chooser_show (self, G_CALLBACK (on_chooser_response), self);
}

/* The options */

static void
on_dialog_export (PhExportDialog *dialog,
                  PhWindow       *self)
{
  g_autoptr(PhMapExport) export = ph_export_dialog_get_export (dialog);

  get_state (self)->scale = export->scale;
  if (self->export_file_for_testing)
    {
      g_autoptr(GFile) file = NULL;
      PhRenderFormat format;

      file = ph_window_export_target (self->export_file_for_testing, get_state (self)->format,
                                      &format);
      ph_window_export_map (self, file, format, export);
      return;
    }
  show_chooser (self, export);
}

static void
export_map_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);
  g_autoptr(PhMapExport) current = NULL;
  PhExportDialog *dialog;

  if (self->chooser)
    return;
  current = ph_window_export_current (self);
  dialog = ph_export_dialog_new (GTK_WINDOW (self), ph_document_get_scenario (self->document),
                                 current);
  g_signal_connect_object (dialog, "export", G_CALLBACK (on_dialog_export), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
ph_window_export_update_state (PhWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-map",
                                 g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "map") == 0);
}

void
ph_window_export_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.export-map", NULL, export_map_action);
}
