/* ph-window-files.c: opening and saving scenarios in a window
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Open (file chooser, recent files, drag and drop, command line), Save,
 * Save As, and the unsaved-changes question before anything would throw
 * changes away. A file that does not load is reported and changes nothing.
 * Save asks before it writes over a file that another program changed
 * since the document read or last wrote it (ph_document_get_file_changed()).
 */
#include "ph-new-dialog.h"
#include "ph-window-private.h"

#include <glib/gi18n.h>

#include "ph-app-config.h"
#include "ph-recent.h"

#define RECENT_MAX 10

typedef struct
{
  PhWindowContinue then;
  gpointer data;
  GDestroyNotify destroy;
} Pending;

static Pending *
pending_new (PhWindowContinue then,
             gpointer         data,
             GDestroyNotify   destroy)
{
  Pending *pending = g_new0 (Pending, 1);

  pending->then = then;
  pending->data = data;
  pending->destroy = destroy;
  return pending;
}

static void
pending_free (Pending *pending)
{
  if (pending->destroy && pending->data)
    pending->destroy (pending->data);
  g_free (pending);
}

static void
pending_run (PhWindow *self,
             Pending  *pending)
{
  if (pending->then)
    pending->then (self, pending->data);
  pending_free (pending);
}

static GSettings *
get_settings (PhWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return PH_IS_APPLICATION (app) ? ph_application_get_settings (PH_APPLICATION (app)) : NULL;
}

/* Errors */

void
ph_window_show_error (PhWindow   *self,
                      const char *primary,
                      const char *secondary)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), primary, secondary);

  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static char *
file_display_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return g_filename_display_name (basename);
}

/* Recent files */

static void
remember_file (PhWindow *self,
               GFile    *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  GSettings *settings = get_settings (self);

  ph_recent_add (self->recent_manager, file);
  if (settings && parent)
    {
      g_autofree char *folder = g_file_get_path (parent);
      if (folder)
        g_settings_set_string (settings, "last-folder", folder);
    }
}

static void
rebuild_recent_menu (PhWindow *self)
{
  g_autoptr(GPtrArray) ours = ph_recent_list (self->recent_manager, RECENT_MAX);

  g_menu_remove_all (self->recent_menu);

  for (guint i = 0; i < ours->len; i++)
    {
      GtkRecentInfo *info = g_ptr_array_index (ours, i);
      g_autoptr(GMenuItem) item = NULL;
      g_autofree char *label = NULL;

      /* Mnemonics would eat the underscores of file names. */
      label = g_strdup (gtk_recent_info_get_display_name (info));
      g_strdelimit (label, "_", ' ');
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target (item, "win.open-recent", "s",
                                         gtk_recent_info_get_uri (info));
      g_menu_append_item (self->recent_menu, item);
    }

  if (ours->len == 0)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No Recent Scenarios"), "win.no-recent");
      g_menu_append_item (self->recent_menu, item);
    }
}

/* Opening */

static void
open_now (PhWindow *self,
          gpointer  data)
{
  GFile *file = data;
  g_autoptr(GError) error = NULL;

  if (!ph_window_load_file (self, file, &error))
    {
      g_autofree char *name = file_display_name (file);
      g_autofree char *primary = g_strdup_printf (_("Could not open “%s”"), name);

      ph_window_show_error (self, primary, error->message);
      return;
    }
  remember_file (self, file);
}

/* A bundled example, as an untitled copy: Save asks where to put it and
 * never writes over the installed file */
static void
open_copy_now (PhWindow *self,
               gpointer  data)
{
  GFile *file = data;
  g_autoptr(GError) error = NULL;

  if (!ph_window_load_file (self, file, &error))
    {
      g_autofree char *name = file_display_name (file);
      g_autofree char *primary = g_strdup_printf (_("Could not open “%s”"), name);

      ph_window_show_error (self, primary, error->message);
      return;
    }
  ph_document_forget_file (self->document);
  ph_window_update_state (self);
}

void
ph_window_open_copy (PhWindow *self,
                     GFile    *file)
{
  g_return_if_fail (PH_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  ph_window_confirm_discard (self, open_copy_now, g_object_ref (file), g_object_unref);
}

void
ph_window_open (PhWindow *self,
                GFile    *file)
{
  g_return_if_fail (PH_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  ph_window_confirm_discard (self, open_now, g_object_ref (file), g_object_unref);
}

GtkFileChooser *
ph_window_chooser_new (PhWindow             *self,
                       const char           *title,
                       GtkFileChooserAction  action,
                       const char           *accept_label)
{
  self->chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action,
                                               accept_label, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  return GTK_FILE_CHOOSER (self->chooser);
}

void
ph_window_chooser_show (PhWindow  *self,
                        GCallback  on_response,
                        gpointer   user_data)
{
  g_signal_connect (self->chooser, "response", on_response, user_data);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

GFile *
ph_window_chooser_finish (PhWindow        *self,
                          GtkNativeDialog *dialog,
                          int              response)
{
  GFile *file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_clear_object (&self->chooser);
  return file;
}

static void
set_chooser_folder (PhWindow       *self,
                    GtkFileChooser *chooser)
{
  GSettings *settings = get_settings (self);
  GFile *current = ph_document_get_file (self->document);
  g_autoptr(GFile) folder = NULL;

  if (current)
    folder = g_file_get_parent (current);
  else if (settings)
    {
      g_autofree char *path = g_settings_get_string (settings, "last-folder");
      if (path && *path && g_file_test (path, G_FILE_TEST_IS_DIR))
        folder = g_file_new_for_path (path);
    }
  if (folder)
    gtk_file_chooser_set_current_folder (chooser, folder, NULL);
}

static void
add_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) scenarios = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (scenarios, _("Scenarios"));
  gtk_file_filter_add_pattern (scenarios, "*.powderhorn");
  gtk_file_filter_add_mime_type (scenarios, "application/x-powderhorn-scenario+xml");
  /* scenarios written before the file type, and by hand */
  gtk_file_filter_add_pattern (scenarios, "*.xml");
  gtk_file_filter_add_mime_type (scenarios, "application/xml");
  gtk_file_chooser_add_filter (chooser, scenarios);
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, all);
}

static void
on_open_chooser_response (GtkNativeDialog *dialog,
                          int              response,
                          PhWindow        *self)
{
  g_autoptr(GFile) file = ph_window_chooser_finish (self, dialog, response);

  if (file)
    open_now (self, file);
}

static void
show_open_chooser (PhWindow *self,
                   gpointer  data)
{
  GtkFileChooser *chooser;

  if (self->chooser)
    return;

  chooser = ph_window_chooser_new (self, _("Open Scenario"), GTK_FILE_CHOOSER_ACTION_OPEN,
                                   _("_Open"));
  add_filters (chooser);
  set_chooser_folder (self, chooser);
  ph_window_chooser_show (self, G_CALLBACK (on_open_chooser_response), self);
}

/* New Scenario */

static void
on_new_dialog_create (PhNewDialog *dialog,
                      PhScenario  *scenario,
                      PhWindow    *self)
{
  /* Untitled: Save asks where */
  ph_document_set_scenario (self->document, scenario, NULL);
  gtk_stack_set_visible_child_name (self->stack, "map");
  gtk_widget_grab_focus (GTK_WIDGET (self->map_view));
  ph_window_update_state (self);
}

static void
show_new_dialog (PhWindow *self,
                 gpointer  data)
{
  PhNewDialog *dialog = ph_new_dialog_new (GTK_WINDOW (self));

  g_signal_connect_object (dialog, "create", G_CALLBACK (on_new_dialog_create), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  ph_window_confirm_discard (PH_WINDOW (widget), show_new_dialog, NULL, NULL);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ph_window_confirm_discard (PH_WINDOW (widget), show_open_chooser, NULL, NULL);
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  ph_window_open (PH_WINDOW (widget), file);
}

/* Saving */

static gboolean
save_to (PhWindow *self,
         GFile    *file)
{
  g_autoptr(GError) error = NULL;

  if (!ph_document_save_as (self->document, file, &error))
    {
      g_autofree char *name = file_display_name (file);
      g_autofree char *primary = g_strdup_printf (_("Could not save “%s”"), name);

      ph_window_show_error (self, primary, error->message);
      return FALSE;
    }
  remember_file (self, file);
  ph_window_toast_saved (self, file);
  return TRUE;
}

static void
on_save_chooser_response (GtkNativeDialog *dialog,
                          int              response,
                          gpointer         user_data)
{
  PhWindow *self = g_object_get_data (G_OBJECT (dialog), "ph-window");
  Pending *pending = user_data;
  g_autoptr(GFile) file = ph_window_chooser_finish (self, dialog, response);

  if (file && save_to (self, file))
    pending_run (self, pending);
  else
    pending_free (pending);
}

/* Asks where to save; runs @pending (which it owns) once saved. */
static void
show_save_chooser (PhWindow *self,
                   Pending  *pending)
{
  GFile *current = ph_document_get_file (self->document);
  g_autofree char *name = NULL;
  GtkFileChooser *chooser;

  if (self->chooser)
    {
      pending_free (pending);
      return;
    }

  chooser = ph_window_chooser_new (self, _("Save Scenario"), GTK_FILE_CHOOSER_ACTION_SAVE,
                                   _("_Save"));
  add_filters (chooser);
  set_chooser_folder (self, chooser);
  if (current)
    name = g_file_get_basename (current);
  else
    name = g_strdup_printf ("%s.powderhorn", ph_document_get_title (self->document));
  gtk_file_chooser_set_current_name (chooser, name);
  g_object_set_data (G_OBJECT (self->chooser), "ph-window", self);
  ph_window_chooser_show (self, G_CALLBACK (on_save_chooser_response), pending);
}

static void
on_changed_on_disk_response (AdwMessageDialog *dialog,
                             const char       *response,
                             gpointer          user_data)
{
  PhWindow *self = PH_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  Pending *pending = user_data;
  g_autoptr(GFile) file = NULL;

  self->prompt = NULL;
  file = ph_document_get_file (self->document);
  if (file)
    g_object_ref (file);

  if (g_str_equal (response, "save") && file && save_to (self, file))
    {
      pending_run (self, pending);
      return;
    }
  /* Reloading throws this window's changes away for the file's: whatever
   * was to follow the save (closing, opening another file) does not. */
  if (g_str_equal (response, "reload") && file)
    open_now (self, file);
  pending_free (pending);
}

/* The file changed on disk: Cancel, Reload or Save Anyway; runs @pending
 * (which it owns) once saved. */
static void
ask_changed_on_disk (PhWindow *self,
                     Pending  *pending)
{
  GFile *file = ph_document_get_file (self->document);
  g_autofree char *name = file_display_name (file);
  AdwMessageDialog *dialog;

  if (self->prompt)
    {
      gtk_window_present (GTK_WINDOW (self->prompt));
      pending_free (pending);
      return;
    }

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("The file changed on disk since you opened it"),
                                                       NULL));
  adw_message_dialog_format_body (dialog,
                                  _("Another program changed “%s”. Save Anyway replaces "
                                    "its changes with yours; Reload opens the file as it "
                                    "is now and throws your changes away."),
                                  name);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  /* Names the dialog (for xdotool too) in a word or two. */
  gtk_window_set_title (GTK_WINDOW (dialog), _("File Changed on Disk"));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "reload", _("_Reload"),
                                    "save", _("_Save Anyway"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_changed_on_disk_response), pending);
  self->prompt = GTK_WIDGET (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Saves to the document's file, or asks for one; runs @pending after. */
static void
save_then (PhWindow *self,
           Pending  *pending)
{
  GFile *file = ph_document_get_file (self->document);

  if (file == NULL)
    {
      show_save_chooser (self, pending);
      return;
    }
  if (ph_document_get_file_changed (self->document))
    {
      ask_changed_on_disk (self, pending);
      return;
    }
  if (save_to (self, file))
    pending_run (self, pending);
  else
    pending_free (pending);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  save_then (PH_WINDOW (widget), pending_new (NULL, NULL, NULL));
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  show_save_chooser (PH_WINDOW (widget), pending_new (NULL, NULL, NULL));
}

/* Unsaved changes */

typedef struct
{
  PhWindow *self;     /* a reference */
  Pending *pending;
  gboolean save;
} PromptAnswer;

static gboolean
answer_prompt (gpointer data)
{
  PromptAnswer *answer = data;

  if (answer->save)
    save_then (answer->self, answer->pending);
  else
    pending_run (answer->self, answer->pending);
  g_object_unref (answer->self);
  g_free (answer);
  return G_SOURCE_REMOVE;
}

static void
on_prompt_response (AdwMessageDialog *dialog,
                    const char       *response,
                    gpointer          user_data)
{
  PhWindow *self = PH_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  Pending *pending = user_data;
  PromptAnswer *answer;

  self->prompt = NULL;
  if (!g_str_equal (response, "save") && !g_str_equal (response, "discard"))
    {
      pending_free (pending);
      return;
    }
  /* once the dialog is done answering: what follows may close the
   * window, and the dialog with it (it is destroyed with its parent),
   * which freed it under its own "response" emission */
  answer = g_new0 (PromptAnswer, 1);
  answer->self = g_object_ref (self);
  answer->pending = pending;
  answer->save = g_str_equal (response, "save");
  g_idle_add (answer_prompt, answer);
}

void
ph_window_confirm_discard (PhWindow         *self,
                           PhWindowContinue  then,
                           gpointer          data,
                           GDestroyNotify    destroy)
{
  Pending *pending = pending_new (then, data, destroy);
  AdwMessageDialog *dialog;

  if (!ph_document_get_dirty (self->document))
    {
      pending_run (self, pending);
      return;
    }
  if (self->prompt)
    {
      /* Already asking */
      gtk_window_present (GTK_WINDOW (self->prompt));
      pending_free (pending);
      return;
    }

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), NULL,
                                                       _("Moves and edits not saved will be lost.")));
  adw_message_dialog_format_heading (dialog, _("Save changes to “%s”?"),
                                     ph_document_get_title (self->document));
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_prompt_response), pending);
  self->prompt = GTK_WIDGET (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Drag and drop */

static gboolean
on_drop_target_drop (GtkDropTarget *target,
                     const GValue  *value,
                     double         x,
                     double         y,
                     PhWindow      *self)
{
  g_autoptr(GPtrArray) rest = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GFile) file = NULL;

  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      GSList *files = gdk_file_list_get_files (g_value_get_boxed (value));

      /* several files: the first here, each other one in a window of its
       * own, as when they are given on the command line */
      for (GSList *l = files; l != NULL; l = l->next)
        if (file == NULL)
          file = g_object_ref (l->data);
        else
          g_ptr_array_add (rest, g_object_ref (l->data));
      g_slist_free (files);
    }
  else if (G_VALUE_HOLDS (value, G_TYPE_FILE))
    file = g_object_ref (g_value_get_object (value));

  if (file == NULL)
    return FALSE;
  ph_window_open (self, file);
  if (rest->len > 0)
    g_application_open (G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))),
                        (GFile **) rest->pdata, (int) rest->len, "");
  return TRUE;
}

void
ph_window_files_init (PhWindow *self)
{
  GtkDropTarget *target;
  GType types[] = { GDK_TYPE_FILE_LIST, G_TYPE_FILE };

  self->recent_manager = g_object_ref (gtk_recent_manager_get_default ());
  self->recent_changed_handler =
    g_signal_connect_object (self->recent_manager, "changed",
                             G_CALLBACK (rebuild_recent_menu), self, G_CONNECT_SWAPPED);
  rebuild_recent_menu (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.no-recent", FALSE);

  target = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  gtk_drop_target_set_gtypes (target, types, G_N_ELEMENTS (types));
  g_signal_connect (target, "drop", G_CALLBACK (on_drop_target_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

void
ph_window_files_dispose (PhWindow *self)
{
  if (self->chooser)
    {
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  if (self->recent_manager)
    g_clear_signal_handler (&self->recent_changed_handler, self->recent_manager);
  g_clear_object (&self->recent_manager);
}

static void
no_recent_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
}

void
ph_window_files_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.no-recent", NULL, no_recent_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
}
