/* ph-recovery.c: offering back the work a program that died left
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The application asks once, when its first window shows: the drafts come
 * from PhDrafts (ph-drafts.c), which holds their programs' locks while the
 * question is open so that no other Powderhorn starting meanwhile offers
 * them too.
 */
#include "ph-recovery.h"

#include <glib/gi18n.h>
#include <string.h>

typedef struct
{
  PhApplication *application;
  PhDrafts *drafts;
  GPtrArray *orphans;   /* of PhDraftInfo* */
} Offer;

/* When the dialog goes, answered or not (its parent closed): the locks
 * of drafts not dealt with are let go, for the next start to offer. */
static void
offer_free (gpointer  data,
            GClosure *closure)
{
  Offer *offer = data;

  ph_drafts_release_orphans (offer->drafts);
  g_object_unref (offer->application);
  g_object_unref (offer->drafts);
  g_ptr_array_unref (offer->orphans);
  g_free (offer);
}

/* "~/games/farm.xml", or the URI of a file that is not local */
static char *
display_file (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  const char *home = g_get_home_dir ();

  if (path == NULL)
    return g_file_get_parse_name (file);
  if (home && g_str_has_prefix (path, home) && path[strlen (home)] == '/')
    return g_strdup_printf ("~%s", path + strlen (home));
  return g_filename_display_name (path);
}

/* One line of the list: "• Title — ~/farm.xml, 2026-05-04 14:02" */
static char *
describe (const PhDraftInfo *info)
{
  g_autofree char *where = info->file ? display_file (info->file)
                                      : g_strdup (_("never saved"));
  g_autofree char *when = info->saved ? g_date_time_format (info->saved, "%Y-%m-%d %H:%M") : NULL;

  if (when)
    return g_strdup_printf ("• %s — %s, %s", info->title, where, when);
  return g_strdup_printf ("• %s — %s", info->title, where);
}

/* A window that shows @info's file with nothing unsaved: the draft is
 * that file's newer state, so it goes there rather than into a second
 * window on the same file (started with the file on the command line,
 * the program has it open before the question is answered). */
static PhWindow *
window_showing (Offer             *offer,
                const PhDraftInfo *info)
{
  if (info->file == NULL)
    return NULL;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (offer->application)); l; l = l->next)
    {
      PhDocument *document;
      GFile *file;

      if (!PH_IS_WINDOW (l->data))
        continue;
      document = ph_window_get_document (l->data);
      file = ph_document_get_file (document);
      if (file && g_file_equal (file, info->file) && !ph_document_get_dirty (document))
        return l->data;
    }
  return NULL;
}

static void
restore_all (Offer    *offer,
             PhWindow *parent)
{
  for (guint i = 0; i < offer->orphans->len; i++)
    {
      PhDraftInfo *info = g_ptr_array_index (offer->orphans, i);
      PhWindow *window = window_showing (offer, info);

      if (window == NULL && parent && ph_window_is_unused (parent))
        window = parent;
      if (window == NULL)
        window = ph_window_new (offer->application);
      gtk_window_present (GTK_WINDOW (window));
      ph_window_restore_draft (window, info);
    }
}

static void
on_response (AdwMessageDialog *dialog,
             const char       *response,
             gpointer          user_data)
{
  Offer *offer = user_data;
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));

  if (g_str_equal (response, "restore"))
    restore_all (offer, PH_IS_WINDOW (parent) ? PH_WINDOW (parent) : NULL);
  else if (g_str_equal (response, "discard"))
    for (guint i = 0; i < offer->orphans->len; i++)
      ph_drafts_discard_orphan (offer->drafts, g_ptr_array_index (offer->orphans, i));
  /* else closed: asked again at the next start */
}

GtkWidget *
ph_recovery_offer (PhApplication *application,
                   PhWindow      *parent)
{
  PhDrafts *drafts;
  g_autoptr(GPtrArray) orphans = NULL;
  g_autoptr(GString) list = g_string_new (NULL);
  AdwMessageDialog *dialog;
  Offer *offer;

  g_return_val_if_fail (PH_IS_APPLICATION (application), NULL);

  drafts = ph_application_get_drafts (application);
  if (drafts == NULL)
    return NULL;
  orphans = ph_drafts_find_orphans (drafts);
  if (orphans->len == 0)
    return NULL;

  for (guint i = 0; i < orphans->len; i++)
    {
      g_autofree char *line = describe (g_ptr_array_index (orphans, i));
      g_string_append_printf (list, "%s\n", line);
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent ? GTK_WINDOW (parent) : NULL,
                                                       _("Recover unsaved work?"), NULL));
  adw_message_dialog_format_body (dialog,
                                  g_dngettext (NULL,
                                               "Powderhorn stopped before this scenario was saved:\n\n%s\n"
                                               "Restore opens it with its unsaved changes; Discard throws them away.",
                                               "Powderhorn stopped before these scenarios were saved:\n\n%s\n"
                                               "Restore opens each with its unsaved changes; Discard throws them away.",
                                               orphans->len),
                                  list->str);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  /* Names the dialog (for xdotool too) in a word or two. */
  gtk_window_set_title (GTK_WINDOW (dialog), _("Recover Unsaved Work"));
  adw_message_dialog_add_responses (dialog,
                                    "discard", _("_Discard"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (dialog, "restore", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "restore");

  offer = g_new0 (Offer, 1);
  offer->application = g_object_ref (application);
  offer->drafts = g_object_ref (drafts);
  offer->orphans = g_steal_pointer (&orphans);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_response), offer, offer_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WIDGET (dialog);
}
