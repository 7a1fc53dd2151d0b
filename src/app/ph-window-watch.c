/* ph-window-watch.c: the window follows its file on disk
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window watches the document's file (a GFileMonitor). When another
 * program writes it (powderhorn-cli playing a game into it, an editor),
 * the window reloads it at once if it has no changes of its own, keeping
 * the view and the selection, and says so in the status line; with
 * changes of its own, a bar over the map offers Reload (the file as it is
 * now) or Keep Mine (saving then asks before writing over the file). The
 * window's own saves change the file's stamp as they write
 * (ph_document_get_file_changed()), so they are never taken for another
 * program's.
 */
#include "ph-window-private.h"

#include <glib/gi18n.h>

/* Writers save in steps (a rename, then a chmod): one look after the
 * last event */
#define SETTLE_MS 250

static char *
display_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return g_filename_display_name (basename);
}

/* The view, the selection and the target, by id, across a reload */
typedef struct
{
  gboolean fitted;
  double scale, x, y, width, height;
  GPtrArray *selected;  /* of char* ids, the primary last */
  char *target;
} Kept;

static void
keep (PhWindow *self,
      Kept     *kept)
{
  PhViewport *viewport = ph_map_view_get_viewport (self->map_view);
  PhScenario *scenario = ph_document_get_scenario (self->document);
  PhSelection *selection = ph_document_get_selection (self->document);
  const PhFigure *target = ph_selection_get_pinned_target (ph_document_get_selection (self->document));
  guint n;
  PhFigure **figures = ph_selection_get_figures (selection, &n);

  kept->fitted = ph_viewport_get_fitted (viewport);
  kept->scale = ph_viewport_get_scale (viewport);
  kept->x = ph_viewport_get_x (viewport);
  kept->y = ph_viewport_get_y (viewport);
  kept->width = scenario->table.width;
  kept->height = scenario->table.height;
  kept->selected = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (kept->selected, g_strdup (figures[i]->id));
  kept->target = target != NULL ? g_strdup (target->id) : NULL;
}

static void
restore (PhWindow *self,
         Kept     *kept)
{
  PhViewport *viewport = ph_map_view_get_viewport (self->map_view);
  PhScenario *scenario = ph_document_get_scenario (self->document);
  g_autoptr(GPtrArray) figures = g_ptr_array_new ();

  if (!kept->fitted && scenario->table.width == kept->width
      && scenario->table.height == kept->height)
    {
      ph_viewport_set_scale (viewport, kept->scale);
      ph_viewport_set_origin (viewport, kept->x, kept->y);
    }
  for (guint i = 0; i < kept->selected->len; i++)
    {
      PhFigure *figure = ph_scenario_find_figure (scenario, g_ptr_array_index (kept->selected, i));

      if (figure != NULL)
        g_ptr_array_add (figures, figure);
    }
  ph_selection_set_figures (ph_document_get_selection (self->document),
                            (PhFigure **) figures->pdata, figures->len);
  if (kept->target != NULL)
    ph_selection_set_pinned_target (ph_document_get_selection (self->document),
                                    ph_scenario_find_figure (scenario, kept->target));
  g_ptr_array_unref (kept->selected);
  g_free (kept->target);
}

static void
hide_bar (PhWindow *self)
{
  gtk_revealer_set_reveal_child (self->reload_revealer, FALSE);
}

/* Reads the file again over the document, keeping what the user looks
 * at; FALSE (the status line says why) when it cannot be read */
gboolean
ph_window_reload (PhWindow *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *said = NULL;
  GtkWidget *focus;
  Kept kept;

  if (ph_document_get_file (self->document) == NULL)
    return FALSE;
  file = g_object_ref (ph_document_get_file (self->document));
  name = display_name (file);
  hide_bar (self);
  keep (self, &kept);
  /* the keys stay where the user was typing (not ph_window_load_file(),
   * which gives them to the map) */
  focus = gtk_root_get_focus (GTK_ROOT (self));
  if (focus != NULL)
    g_object_add_weak_pointer (G_OBJECT (focus), (gpointer *) &focus);
  if (!ph_document_load (self->document, file, &error))
    {
      if (focus != NULL)
        g_object_remove_weak_pointer (G_OBJECT (focus), (gpointer *) &focus);
      g_ptr_array_unref (kept.selected);
      g_free (kept.target);
      said = g_strdup_printf (_("Could not reload “%s”: %s"), name, error->message);
      gtk_label_set_label (self->status_label, said);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), said);
      return FALSE;
    }
  ph_window_update_state (self);
  restore (self, &kept);
  if (focus != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (focus), (gpointer *) &focus);
      if (gtk_widget_get_root (focus) == GTK_ROOT (self) && gtk_widget_get_mapped (focus))
        gtk_widget_grab_focus (focus);
    }
  said = g_strdup_printf (_("Reloaded “%s”: another program changed it"), name);
  gtk_label_set_label (self->status_label, said);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), said);
  return TRUE;
}

/* The file changed on disk, and is not what the document read or saved */
static void
changed_on_disk (PhWindow *self)
{
  GFile *file = ph_document_get_file (self->document);
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (file == NULL || !ph_document_get_file_changed (self->document))
    return;
  if (!g_file_query_exists (file, NULL))
    return;  /* gone (or between a writer's steps): saving recreates it */
  if (!ph_document_get_dirty (self->document))
    {
      ph_window_reload (self);
      return;
    }
  name = display_name (file);
  text = g_strdup_printf (_("“%s” changed on disk. Reload it and lose your changes, or keep "
                            "yours (saving will ask before writing over it)."), name);
  gtk_label_set_label (self->reload_label, text);
  gtk_revealer_set_reveal_child (self->reload_revealer, TRUE);
}

static gboolean
on_settled (gpointer data)
{
  PhWindow *self = data;

  self->watch_timeout = 0;
  changed_on_disk (self);
  return G_SOURCE_REMOVE;
}

static void
on_file_monitor_changed (GFileMonitor      *monitor,
                         GFile             *file,
                         GFile             *other,
                         GFileMonitorEvent  event,
                         PhWindow          *self)
{
  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_RENAMED:
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
      g_clear_handle_id (&self->watch_timeout, g_source_remove);
      self->watch_timeout = g_timeout_add (SETTLE_MS, on_settled, self);
      break;
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    case G_FILE_MONITOR_EVENT_MOVED:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    default:
      break;
    }
}

/* A monitor on the document's file, anew whenever it is another file */
static void
on_document_file_notify (PhWindow   *self,
                         GParamSpec *pspec,
                         PhDocument *document)
{
  GFile *file = ph_document_get_file (document);
  g_autoptr(GError) error = NULL;

  hide_bar (self);
  g_clear_handle_id (&self->watch_timeout, g_source_remove);
  if (self->file_monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->file_monitor, self);
      g_file_monitor_cancel (self->file_monitor);
      g_clear_object (&self->file_monitor);
    }
  if (file == NULL)
    return;
  /* WATCH_MOVES: a writer's rename over the file is one event */
  self->file_monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, &error);
  if (self->file_monitor == NULL)
    {
      g_debug ("not watching the file: %s", error->message);
      return;
    }
  g_signal_connect (self->file_monitor, "changed", G_CALLBACK (on_file_monitor_changed), self);
}

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ph_window_reload (PH_WINDOW (widget));
}

static void
keep_mine_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  hide_bar (PH_WINDOW (widget));
}

void
ph_window_watch_init (PhWindow *self)
{
  g_signal_connect_object (self->document, "notify::file",
                           G_CALLBACK (on_document_file_notify), self, G_CONNECT_SWAPPED);
  on_document_file_notify (self, NULL, self->document);
}

void
ph_window_watch_dispose (PhWindow *self)
{
  g_clear_handle_id (&self->watch_timeout, g_source_remove);
  if (self->file_monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->file_monitor, self);
      g_file_monitor_cancel (self->file_monitor);
      g_clear_object (&self->file_monitor);
    }
}

void
ph_window_watch_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, PhWindow, reload_revealer);
  gtk_widget_class_bind_template_child (widget_class, PhWindow, reload_label);
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "win.keep-mine", NULL, keep_mine_action);
}
