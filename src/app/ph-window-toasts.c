/* ph-window-toasts.c: the window's toasts: "Saved" (one at a time) and
 * an Undo offered after a delete, while nothing else has changed
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-window-private.h"

#include <glib/gi18n.h>

static void
on_saved_toast_dismissed (PhWindow *self,
                          AdwToast *toast)
{
  if (self->saved_toast == toast)
    g_clear_weak_pointer (&self->saved_toast);
}

void
ph_window_toast_saved (PhWindow *self,
                       GFile    *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *name = g_filename_display_name (basename);
  g_autofree char *escaped = g_markup_escape_text (name, -1);
  /* the title is markup */
  g_autofree char *title = g_strdup_printf (_("Saved “%s”"), escaped);
  AdwToast *toast = adw_toast_new (title);

  /* Ctrl+S pressed again: one toast, not a queue of them */
  if (self->saved_toast)
    adw_toast_dismiss (self->saved_toast);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_saved_toast_dismissed), self,
                           G_CONNECT_SWAPPED);
  g_set_weak_pointer (&self->saved_toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
on_undo_toast_dismissed (PhWindow *self,
                         AdwToast *toast)
{
  if (self->undo_toast == toast)
    g_clear_weak_pointer (&self->undo_toast);
}

/* (before the toast is dismissed) */
static void
on_undo_toast_button_clicked (PhWindow *self,
                              AdwToast *toast)
{
  /* Nothing changed since the step it offers to take back: any change
   * dismisses the toast (on_document_changed()). The toast goes by
   * itself. */
  if (self->undo_toast != toast)
    return;
  g_clear_weak_pointer (&self->undo_toast);
  ph_document_undo (self->document);
}

void
ph_window_dismiss_undo_toast (PhWindow *self)
{
  AdwToast *toast = self->undo_toast;

  if (toast == NULL)
    return;
  g_clear_weak_pointer (&self->undo_toast);
  adw_toast_dismiss (toast);
}

void
ph_window_toast_undo (PhWindow   *self,
                      const char *title)
{
  g_autofree char *escaped = g_markup_escape_text (title, -1);
  AdwToast *toast = adw_toast_new (escaped);

  ph_window_dismiss_undo_toast (self);
  adw_toast_set_button_label (toast, _("_Undo"));
  /* at once, over a "Saved" still showing */
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_undo_toast_button_clicked),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_undo_toast_dismissed), self,
                           G_CONNECT_SWAPPED);
  g_set_weak_pointer (&self->undo_toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

void
ph_window_toast_text (PhWindow   *self,
                      const char *text)
{
  g_autofree char *shown = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  /* the status line at the map's foot says it already: a toast with the
   * same words said it twice, and hid the labels there for its 4 s */
  if (g_strcmp0 (gtk_label_get_label (self->status_label), text) == 0)
    return;
  /* a toast is a line: a long step is cut (the status line and the log
   * have it whole) */
  if (g_utf8_strlen (text, -1) > 110)
    {
      g_autofree char *head = g_utf8_substring (text, 0, 108);

      shown = g_strdup_printf ("%s…", head);
    }
  else
    shown = g_strdup (text);
  escaped = g_markup_escape_text (shown, -1);
  toast = adw_toast_new (escaped);
  adw_toast_set_timeout (toast, 4);
  /* over the map, where the eye is after a step taken there; over the
   * window it hid the status line and the Game tab's Replay to Here /
   * Back to Now for its 4 s (referee trial) */
  adw_toast_overlay_add_toast (self->map_toast_overlay, toast);
}
