/* ph-file.h: writing files without losing or weakening them, and locking
 * them across read-change-write
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph_file_replace_contents() replaces a file's contents so that, whatever
 * happens (an error, a full disk, kill -9), the file holds either its old
 * or its new contents, and the file keeps what it was:
 *  - a symbolic link is followed: its target is written, the link stays;
 *  - the mode (a 0600 file stays 0600) and the owner and group stay;
 *  - a read-only file is refused, not overwritten;
 *  - a file with several hard links is rewritten in place so that every
 *    name still shows the same file (only then can a kill leave it half
 *    written: the new contents are first kept whole in the temporary file);
 *  - the temporary file is removed after any error, and is named
 *    ".NAME.ph-save-PID-XXXXXX" beside the file, so that a later save
 *    removes those left by a process that was killed.
 *
 * ph_file_lock() takes an advisory lock (flock) on the file itself for a
 * read-change-write: a second writer waits for the first to save, then
 * reads what it saved. Since a save replaces the file by a new one, the lock
 * is taken again whenever the name has come to point to a newer file while
 * waiting.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PH_FILE_ERROR (ph_file_error_quark ())

typedef enum
{
  PH_FILE_ERROR_IO,        /* cannot read, write or rename */
  PH_FILE_ERROR_READ_ONLY, /* the file may not be written */
  PH_FILE_ERROR_BUSY,      /* another program holds the lock for too long */
} PhFileError;

GQuark      ph_file_error_quark      (void);

/* How long ph_file_lock() waits for another writer by default */
#define PH_FILE_LOCK_TIMEOUT_MS 30000

gboolean    ph_file_replace_contents (const char  *filename,
                                      const char  *data,
                                      gsize        length,
                                      GError     **error);

typedef struct _PhFileLock PhFileLock;

/* Waits up to @timeout_ms for the lock on @filename (an existing file).
 * Messages read "FILE: message". */
PhFileLock *ph_file_lock             (const char  *filename,
                                      guint        timeout_ms,
                                      GError     **error);
void        ph_file_unlock           (PhFileLock  *lock);

/* The stale temporary files of @filename: those of processes that no longer
 * run (for tests and for ph_file_replace_contents()). A new array of paths. */
GPtrArray  *ph_file_list_stale_temps (const char  *filename);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhFileLock, ph_file_unlock)

G_END_DECLS
