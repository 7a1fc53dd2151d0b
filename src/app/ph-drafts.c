/* ph-drafts.c: autosaved drafts of unsaved work, and their recovery
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See ph-drafts.h for what is written where and when. Each tracked
 * document has a Draft: its id (the files' name), a debounce timer started
 * by the document's "changed" signal, and whether its files exist. The
 * document's "notify::dirty" removes them once nothing is unsaved.
 */
#include "ph-drafts.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#define GROUP "Draft"

typedef struct
{
  PhDrafts *drafts;          /* not owned */
  PhDocument *document;      /* weak */
  char *id;
  guint timeout_id;
  gint64 first_unwritten;    /* monotonic time of the oldest change not written; 0: none */
  gboolean written;          /* its files exist */
} Draft;

struct _PhDrafts
{
  GObject parent_instance;

  char *directory;
  char *instance;            /* names this program's lock and drafts */
  int lock_fd;               /* -1 until the first draft is written */
  guint delay_ms;
  guint max_ms;
  GPtrArray *drafts;         /* of Draft* */
  GHashTable *claimed;       /* dead instance -> its lock's fd */
};

G_DEFINE_FINAL_TYPE (PhDrafts, ph_drafts, G_TYPE_OBJECT)

void
ph_draft_info_free (PhDraftInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->id);
  g_free (info->instance);
  g_clear_object (&info->draft);
  g_clear_object (&info->file);
  g_free (info->file_stamp);
  g_free (info->title);
  g_clear_pointer (&info->saved, g_date_time_unref);
  g_free (info);
}

static char *
draft_path (PhDrafts   *self,
            const char *id,
            const char *extension)
{
  g_autofree char *name = g_strconcat (id, extension, NULL);

  return g_build_filename (self->directory, name, NULL);
}

static void
remove_files (PhDrafts   *self,
              const char *id)
{
  g_autofree char *ini = draft_path (self, id, ".ini");
  g_autofree char *xml = draft_path (self, id, ".xml");

  /* The .ini first: a draft without it is never offered. */
  g_unlink (ini);
  g_unlink (xml);
}

/* Takes this program's lock, making the directory if need be. */
static gboolean
ensure_instance (PhDrafts  *self,
                 GError   **error)
{
  g_autofree char *path = NULL;
  int fd;

  if (self->lock_fd >= 0)
    return TRUE;
  if (g_mkdir_with_parents (self->directory, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Cannot make the drafts folder “%s”: %s"),
                   self->directory, g_strerror (saved_errno));
      return FALSE;
    }
  path = draft_path (self, self->instance, ".lock");
  fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0 || flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      int saved_errno = errno;
      if (fd >= 0)
        close (fd);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Cannot lock “%s”: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  self->lock_fd = fd;
  return TRUE;
}

static gboolean
write_atomically (const char  *path,
                  const char  *contents,
                  gsize        length,
                  GError     **error)
{
  return g_file_set_contents_full (path, contents, (gssize) length,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

/* Writes @draft's files now. A document being replayed shows the past: it
 * is written when it returns to now (which is a change). */
static gboolean
draft_write (Draft   *draft,
             GError **error)
{
  PhDrafts *self = draft->drafts;
  PhDocument *document = draft->document;
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *xml = NULL;
  g_autofree char *xml_path = NULL;
  g_autofree char *ini_path = NULL;
  g_autofree char *ini = NULL;
  g_autofree char *saved = NULL;
  GFile *file;
  gsize xml_length = 0, ini_length = 0;

  g_clear_handle_id (&draft->timeout_id, g_source_remove);
  if (document == NULL || !ph_document_get_dirty (document))
    return TRUE;
  xml = ph_document_to_xml (document, &xml_length);
  if (xml == NULL)
    return TRUE;
  if (!ensure_instance (self, error))
    return FALSE;

  xml_path = draft_path (self, draft->id, ".xml");
  ini_path = draft_path (self, draft->id, ".ini");
  file = ph_document_get_file (document);
  g_key_file_set_string (keys, GROUP, "Instance", self->instance);
  if (file)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_key_file_set_string (keys, GROUP, "File", uri);
      if (ph_document_get_file_stamp (document))
        g_key_file_set_string (keys, GROUP, "FileStamp", ph_document_get_file_stamp (document));
    }
  g_key_file_set_string (keys, GROUP, "Title", ph_document_get_title (document));
  saved = g_date_time_format_iso8601 (now);
  g_key_file_set_string (keys, GROUP, "Saved", saved);
  ini = g_key_file_to_data (keys, &ini_length, NULL);

  /* The scenario first: an .ini always names a complete draft. */
  if (!write_atomically (xml_path, xml, xml_length, error)
      || !write_atomically (ini_path, ini, ini_length, error))
    return FALSE;
  draft->written = TRUE;
  draft->first_unwritten = 0;
  return TRUE;
}

static gboolean
on_draft_timeout (gpointer data)
{
  Draft *draft = data;
  g_autoptr(GError) error = NULL;

  draft->timeout_id = 0;
  if (!draft_write (draft, &error))
    g_warning ("Cannot write a draft of “%s”: %s",
               ph_document_get_title (draft->document), error->message);
  return G_SOURCE_REMOVE;
}

static void
draft_schedule (Draft *draft)
{
  PhDrafts *self = draft->drafts;
  gint64 now = g_get_monotonic_time ();
  guint delay = self->delay_ms;

  if (draft->first_unwritten == 0)
    draft->first_unwritten = now;
  else
    {
      /* Changes that keep coming are written all the same. */
      gint64 waited_ms = (now - draft->first_unwritten) / 1000;
      delay = waited_ms >= self->max_ms ? 0 : MIN (delay, self->max_ms - (guint) waited_ms);
    }
  g_clear_handle_id (&draft->timeout_id, g_source_remove);
  draft->timeout_id = g_timeout_add (delay, on_draft_timeout, draft);
}

static void
draft_forget_files (Draft *draft)
{
  g_clear_handle_id (&draft->timeout_id, g_source_remove);
  draft->first_unwritten = 0;
  if (draft->written)
    remove_files (draft->drafts, draft->id);
  draft->written = FALSE;
}

static void
on_document_changed (PhDocument *document,
                     guint       changes,
                     Draft      *draft)
{
  if (ph_document_get_dirty (document))
    draft_schedule (draft);
}

static void
on_document_dirty (PhDocument *document,
                   GParamSpec *pspec,
                   Draft      *draft)
{
  if (ph_document_get_dirty (document))
    draft_schedule (draft);
  else
    draft_forget_files (draft);
}

static void
on_document_finalized (gpointer  data,
                       GObject  *where)
{
  Draft *draft = data;

  /* Too late to write: ph_drafts_untrack() should have come first. */
  draft->document = NULL;
  g_ptr_array_remove (draft->drafts->drafts, draft);
}

static void
draft_free (Draft *draft)
{
  g_clear_handle_id (&draft->timeout_id, g_source_remove);
  if (draft->document)
    {
      g_signal_handlers_disconnect_by_data (draft->document, draft);
      g_object_weak_unref (G_OBJECT (draft->document), on_document_finalized, draft);
    }
  g_free (draft->id);
  g_free (draft);
}

static Draft *
find_draft (PhDrafts   *self,
            PhDocument *document)
{
  for (guint i = 0; i < self->drafts->len; i++)
    {
      Draft *draft = g_ptr_array_index (self->drafts, i);
      if (draft->document == document)
        return draft;
    }
  return NULL;
}

static GHashTable *named_instances (PhDrafts *self);

static void
ph_drafts_dispose (GObject *object)
{
  PhDrafts *self = PH_DRAFTS (object);

  /* What is still unsaved is written, to be recovered. */
  while (self->drafts->len > 0)
    {
      Draft *draft = g_ptr_array_index (self->drafts, self->drafts->len - 1);
      ph_drafts_untrack (self, draft->document, FALSE);
    }
  ph_drafts_release_orphans (self);
  if (self->lock_fd >= 0)
    {
      g_autoptr(GHashTable) named = named_instances (self);

      /* Unlocked, the drafts left are orphans. The lock file stays while
       * they name it, for the program that recovers them to lock. */
      if (!g_hash_table_contains (named, self->instance))
        {
          g_autofree char *path = draft_path (self, self->instance, ".lock");
          g_unlink (path);
        }
      close (self->lock_fd);
      self->lock_fd = -1;
    }

  G_OBJECT_CLASS (ph_drafts_parent_class)->dispose (object);
}

static void
ph_drafts_finalize (GObject *object)
{
  PhDrafts *self = PH_DRAFTS (object);

  g_ptr_array_unref (self->drafts);
  g_hash_table_unref (self->claimed);
  g_free (self->directory);
  g_free (self->instance);

  G_OBJECT_CLASS (ph_drafts_parent_class)->finalize (object);
}

static void
ph_drafts_class_init (PhDraftsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ph_drafts_dispose;
  object_class->finalize = ph_drafts_finalize;
}

static void
close_fd (gpointer data)
{
  close (GPOINTER_TO_INT (data));
}

static void
ph_drafts_init (PhDrafts *self)
{
  self->instance = g_uuid_string_random ();
  self->lock_fd = -1;
  self->delay_ms = PH_DRAFTS_DELAY_MS;
  self->max_ms = PH_DRAFTS_MAX_DELAY_MS;
  self->drafts = g_ptr_array_new_with_free_func ((GDestroyNotify) draft_free);
  self->claimed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, close_fd);
}

PhDrafts *
ph_drafts_new (const char *directory)
{
  PhDrafts *self = g_object_new (PH_TYPE_DRAFTS, NULL);

  self->directory = directory ? g_strdup (directory)
                              : g_build_filename (g_get_user_state_dir (), "powderhorn", "drafts", NULL);
  return self;
}

const char *
ph_drafts_get_directory (PhDrafts *self)
{
  g_return_val_if_fail (PH_IS_DRAFTS (self), NULL);
  return self->directory;
}

void
ph_drafts_set_delay (PhDrafts *self,
                     guint     delay_ms,
                     guint     max_ms)
{
  g_return_if_fail (PH_IS_DRAFTS (self));
  self->delay_ms = delay_ms;
  self->max_ms = MAX (delay_ms, max_ms);
}

/* Tracking */

void
ph_drafts_track (PhDrafts   *self,
                 PhDocument *document)
{
  Draft *draft;

  g_return_if_fail (PH_IS_DRAFTS (self));
  g_return_if_fail (PH_IS_DOCUMENT (document));

  if (find_draft (self, document))
    return;
  draft = g_new0 (Draft, 1);
  draft->drafts = self;
  draft->document = document;
  draft->id = g_uuid_string_random ();
  g_object_weak_ref (G_OBJECT (document), on_document_finalized, draft);
  g_signal_connect (document, "changed", G_CALLBACK (on_document_changed), draft);
  g_signal_connect (document, "notify::dirty", G_CALLBACK (on_document_dirty), draft);
  g_ptr_array_add (self->drafts, draft);
  if (ph_document_get_dirty (document))
    draft_schedule (draft);
}

void
ph_drafts_untrack (PhDrafts   *self,
                   PhDocument *document,
                   gboolean    discard)
{
  Draft *draft;

  g_return_if_fail (PH_IS_DRAFTS (self));

  draft = find_draft (self, document);
  if (draft == NULL)
    return;
  if (discard)
    draft_forget_files (draft);
  else if (draft->timeout_id)
    {
      g_autoptr(GError) error = NULL;

      if (!draft_write (draft, &error))
        g_warning ("Cannot write a draft of “%s”: %s",
                   ph_document_get_title (document), error->message);
    }
  g_ptr_array_remove (self->drafts, draft);
}

GFile *
ph_drafts_get_draft (PhDrafts   *self,
                     PhDocument *document)
{
  Draft *draft;
  g_autofree char *path = NULL;

  g_return_val_if_fail (PH_IS_DRAFTS (self), NULL);

  draft = find_draft (self, document);
  if (draft == NULL || !draft->written)
    return NULL;
  path = draft_path (self, draft->id, ".xml");
  return g_file_new_for_path (path);
}

gboolean
ph_drafts_flush (PhDrafts  *self,
                 GError   **error)
{
  g_return_val_if_fail (PH_IS_DRAFTS (self), FALSE);

  for (guint i = 0; i < self->drafts->len; i++)
    {
      Draft *draft = g_ptr_array_index (self->drafts, i);

      if (draft->timeout_id && !draft_write (draft, error))
        return FALSE;
    }
  return TRUE;
}

/* Recovery */

/* Whether the program that wrote @instance's drafts is gone. If so its
 * lock is kept, claimed, until ph_drafts_release_orphans(). */
static gboolean
claim_instance (PhDrafts   *self,
                const char *instance)
{
  g_autofree char *path = NULL;
  int fd;

  if (g_strcmp0 (instance, self->instance) == 0)
    return FALSE;
  if (g_hash_table_contains (self->claimed, instance))
    return TRUE;
  /* The name is a uuid: never a path. */
  if (strchr (instance, '/') || instance[0] == '.' || instance[0] == '\0')
    return FALSE;

  /* A program makes its lock before it writes a draft that names it, so
   * a missing one is a program that ended (its file removed by hand):
   * made again, to be held as any other. */
  path = draft_path (self, instance, ".lock");
  fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return FALSE;
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      close (fd); /* alive */
      return FALSE;
    }
  g_hash_table_insert (self->claimed, g_strdup (instance), GINT_TO_POINTER (fd));
  return TRUE;
}

static PhDraftInfo *
read_info (PhDrafts   *self,
           const char *id,
           const char *ini_path)
{
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(PhDraftInfo) info = NULL;
  g_autofree char *instance = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *xml_path = draft_path (self, id, ".xml");

  if (!g_key_file_load_from_file (keys, ini_path, G_KEY_FILE_NONE, NULL)
      || !g_file_test (xml_path, G_FILE_TEST_IS_REGULAR))
    return NULL;
  instance = g_key_file_get_string (keys, GROUP, "Instance", NULL);
  if (instance == NULL || !claim_instance (self, instance))
    return NULL;

  info = g_new0 (PhDraftInfo, 1);
  info->id = g_strdup (id);
  info->instance = g_steal_pointer (&instance);
  info->draft = g_file_new_for_path (xml_path);
  uri = g_key_file_get_string (keys, GROUP, "File", NULL);
  if (uri && *uri)
    info->file = g_file_new_for_uri (uri);
  info->file_stamp = g_key_file_get_string (keys, GROUP, "FileStamp", NULL);
  info->title = g_key_file_get_string (keys, GROUP, "Title", NULL);
  if (info->title == NULL)
    info->title = g_strdup (_("Untitled"));
  saved = g_key_file_get_string (keys, GROUP, "Saved", NULL);
  if (saved)
    {
      g_autoptr(GDateTime) utc = g_date_time_new_from_iso8601 (saved, NULL);
      if (utc)
        info->saved = g_date_time_to_local (utc);
    }
  return g_steal_pointer (&info);
}

static int
compare_saved (gconstpointer a,
               gconstpointer b)
{
  const PhDraftInfo *ia = *(PhDraftInfo **) a;
  const PhDraftInfo *ib = *(PhDraftInfo **) b;

  if (ia->saved && ib->saved)
    return g_date_time_compare (ia->saved, ib->saved);
  return (ia->saved == NULL) - (ib->saved == NULL);
}

GPtrArray *
ph_drafts_find_orphans (PhDrafts *self)
{
  GPtrArray *orphans = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_draft_info_free);
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_return_val_if_fail (PH_IS_DRAFTS (self), orphans);

  dir = g_dir_open (self->directory, 0, NULL);
  if (dir == NULL)
    return orphans;
  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *id = NULL;
      g_autofree char *path = NULL;
      PhDraftInfo *info;

      if (!g_str_has_suffix (name, ".ini") || name[0] == '.')
        continue;
      id = g_strndup (name, strlen (name) - strlen (".ini"));
      path = g_build_filename (self->directory, name, NULL);
      info = read_info (self, id, path);
      if (info)
        g_ptr_array_add (orphans, info);
    }
  g_ptr_array_sort (orphans, compare_saved);
  return orphans;
}

gboolean
ph_drafts_restore (PhDrafts     *self,
                   PhDraftInfo  *info,
                   PhDocument   *document,
                   GError      **error)
{
  Draft *draft;

  g_return_val_if_fail (PH_IS_DRAFTS (self), FALSE);
  g_return_val_if_fail (info != NULL, FALSE);
  g_return_val_if_fail (PH_IS_DOCUMENT (document), FALSE);

  ph_drafts_track (self, document);
  draft = find_draft (self, document);
  if (!ph_document_load_draft (document, info->draft, info->file, info->file_stamp, error))
    return FALSE;

  /* The document takes the draft over: the same files, this program's
   * now, written at once so that they never name a dead program's lock
   * again. */
  draft_forget_files (draft);
  g_free (draft->id);
  draft->id = g_strdup (info->id);
  draft->written = TRUE;
  {
    g_autoptr(GError) local_error = NULL;

    /* The work is back in the window all the same. */
    if (!draft_write (draft, &local_error))
      g_warning ("Cannot write a draft of “%s”: %s", info->title, local_error->message);
  }
  return TRUE;
}

void
ph_drafts_discard_orphan (PhDrafts    *self,
                          PhDraftInfo *info)
{
  g_return_if_fail (PH_IS_DRAFTS (self));
  g_return_if_fail (info != NULL);

  remove_files (self, info->id);
}

/* The instances the .ini files in the directory name */
static GHashTable *
named_instances (PhDrafts *self)
{
  GHashTable *named = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GDir) dir = g_dir_open (self->directory, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *path = NULL;
      g_autoptr(GKeyFile) keys = NULL;
      char *instance;

      if (!g_str_has_suffix (name, ".ini"))
        continue;
      path = g_build_filename (self->directory, name, NULL);
      keys = g_key_file_new ();
      if (!g_key_file_load_from_file (keys, path, G_KEY_FILE_NONE, NULL))
        continue;
      instance = g_key_file_get_string (keys, GROUP, "Instance", NULL);
      if (instance)
        g_hash_table_add (named, instance);
    }
  return named;
}

void
ph_drafts_release_orphans (PhDrafts *self)
{
  g_autoptr(GHashTable) named = NULL;
  GHashTableIter iter;
  gpointer key;

  g_return_if_fail (PH_IS_DRAFTS (self));

  if (g_hash_table_size (self->claimed) == 0)
    return;
  /* The locks are still held: nobody claims them meanwhile. One that no
   * draft names any more is removed. */
  named = named_instances (self);
  g_hash_table_iter_init (&iter, self->claimed);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      if (!g_hash_table_contains (named, key))
        {
          g_autofree char *path = draft_path (self, key, ".lock");
          g_unlink (path);
        }
      g_hash_table_iter_remove (&iter);
    }
}
