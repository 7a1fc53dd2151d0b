/* ph-file.c: safe replacing and locking of files (ph-file.h)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * POSIX only (the project's platforms): flock(), fchown(), fsync(). GIO's
 * g_file_replace() does much the same, but splits hard links and cannot
 * share the lock.
 */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "ph-file.h"

#define TEMP_INFIX ".ph-save-"
#define MAX_LINKS 40

G_DEFINE_QUARK (ph-file-error-quark, ph_file_error)

static gboolean
fail_errno (GError     **error,
            const char  *filename,
            const char  *doing,
            int          saved_errno)
{
  g_set_error (error, PH_FILE_ERROR, PH_FILE_ERROR_IO, "%s: %s: %s", filename, doing,
               g_strerror (saved_errno));
  return FALSE;
}

/* The file a save writes: @filename with its symbolic links followed (to
 * a name that may not exist yet). NULL for a loop of links. */
static char *
resolve_links (const char *filename)
{
  g_autofree char *path = g_strdup (filename);

  for (guint i = 0; i < MAX_LINKS; i++)
    {
      g_autofree char *link = g_file_read_link (path, NULL);
      g_autofree char *dir = NULL;

      if (link == NULL)
        return g_steal_pointer (&path);
      if (g_path_is_absolute (link))
        {
          g_free (path);
          path = g_steal_pointer (&link);
          continue;
        }
      dir = g_path_get_dirname (path);
      g_free (path);
      path = g_build_filename (dir, link, NULL);
    }
  return NULL;
}

/* ".NAME.ph-save-" */
static char *
temp_prefix (const char *basename)
{
  return g_strconcat (".", basename, TEMP_INFIX, NULL);
}

static gboolean
process_is_gone (const char *pid_text)
{
  guint64 pid;

  if (!g_ascii_string_to_unsigned (pid_text, 10, 1, G_MAXINT, &pid, NULL))
    return FALSE;
  if ((pid_t) pid == getpid ())
    return FALSE;
  return kill ((pid_t) pid, 0) != 0 && errno == ESRCH;
}

GPtrArray *
ph_file_list_stale_temps (const char *filename)
{
  GPtrArray *stale = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *target = resolve_links (filename);
  g_autofree char *dirname = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *prefix = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (target == NULL)
    return stale;
  dirname = g_path_get_dirname (target);
  basename = g_path_get_basename (target);
  prefix = temp_prefix (basename);
  dir = g_dir_open (dirname, 0, NULL);
  if (dir == NULL)
    return stale;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *pid = NULL;
      const char *dash;

      if (!g_str_has_prefix (name, prefix))
        continue;
      /* PID-XXXXXX */
      dash = strchr (name + strlen (prefix), '-');
      if (dash == NULL)
        continue;
      pid = g_strndup (name + strlen (prefix), dash - (name + strlen (prefix)));
      if (process_is_gone (pid))
        g_ptr_array_add (stale, g_build_filename (dirname, name, NULL));
    }
  return stale;
}

static gboolean
write_all (int          fd,
           const char  *data,
           gsize        length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

static gboolean
is_read_only (const char        *target,
              const struct stat *st)
{
  /* root may write anything: a file nobody may write is read-only all the
   * same, as editors take it */
  if (geteuid () == 0)
    return (st->st_mode & 0222) == 0;
  return access (target, W_OK) != 0 && (errno == EACCES || errno == EROFS || errno == EPERM);
}

static void
sync_directory (const char *dirname)
{
  int fd = open (dirname, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }
}

/* Rewrites @target where it stands (hard links, or an owner the new file
 * could not be given). */
static gboolean
write_in_place (const char  *target,
                const char  *data,
                gsize        length,
                GError     **error)
{
  int fd = open (target, O_WRONLY | O_CLOEXEC);
  int saved;

  if (fd < 0)
    return fail_errno (error, target, "cannot save", errno);
  if (!write_all (fd, data, length) || ftruncate (fd, (off_t) length) != 0 || fsync (fd) != 0)
    {
      saved = errno;
      close (fd);
      return fail_errno (error, target, "cannot save", saved);
    }
  if (close (fd) != 0)
    return fail_errno (error, target, "cannot save", errno);
  return TRUE;
}

gboolean
ph_file_replace_contents (const char  *filename,
                          const char  *data,
                          gsize        length,
                          GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dirname = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *prefix = NULL;
  g_autofree char *temp = NULL;
  g_autoptr(GPtrArray) stale = NULL;
  struct stat st;
  gboolean exists, in_place = FALSE;
  mode_t mode;
  int fd, saved;

  g_return_val_if_fail (filename != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  target = resolve_links (filename);
  if (target == NULL)
    return fail_errno (error, filename, "cannot save", ELOOP);
  exists = stat (target, &st) == 0;
  if (!exists && errno != ENOENT)
    return fail_errno (error, filename, "cannot save", errno);
  if (exists && !S_ISREG (st.st_mode))
    {
      g_set_error (error, PH_FILE_ERROR, PH_FILE_ERROR_IO,
                   "%s: cannot save: not a regular file", filename);
      return FALSE;
    }
  if (exists && is_read_only (target, &st))
    {
      g_set_error (error, PH_FILE_ERROR, PH_FILE_ERROR_READ_ONLY,
                   "%s: the file is read-only: not saved (save it under another name, "
                   "or make it writable first)", filename);
      return FALSE;
    }

  /* Those left by a killed save of this file go first. */
  stale = ph_file_list_stale_temps (target);
  for (guint i = 0; i < stale->len; i++)
    g_unlink (g_ptr_array_index (stale, i));

  dirname = g_path_get_dirname (target);
  basename = g_path_get_basename (target);
  prefix = temp_prefix (basename);
  temp = g_strdup_printf ("%s/%s%d-XXXXXX", dirname, prefix, (int) getpid ());
  fd = g_mkstemp_full (temp, O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0)
    return fail_errno (error, filename, "cannot save", errno);

  if (exists)
    mode = st.st_mode & 07777;
  else
    {
      mode_t mask = umask (0);

      umask (mask);
      mode = 0666 & ~mask;
    }
  if (!write_all (fd, data, length) || fchmod (fd, mode) != 0)
    goto failed;
  if (exists && (st.st_uid != geteuid () || st.st_gid != getegid ())
      && fchown (fd, st.st_uid, st.st_gid) != 0)
    in_place = TRUE;
  if (exists && st.st_nlink > 1)
    in_place = TRUE;
  if (fsync (fd) != 0)
    goto failed;
  if (close (fd) != 0)
    {
      fd = -1;
      goto failed;
    }
  fd = -1;

  if (in_place)
    {
      /* the new contents stay whole in the temporary file until the file
       * holds them */
      if (!write_in_place (target, data, length, error))
        {
          g_unlink (temp);
          return FALSE;
        }
      g_unlink (temp);
      return TRUE;
    }
  if (g_rename (temp, target) != 0)
    goto failed;
  sync_directory (dirname);
  return TRUE;

failed:
  saved = errno;
  if (fd >= 0)
    close (fd);
  g_unlink (temp);
  return fail_errno (error, filename, "cannot save", saved);
}

/* Locking */

struct _PhFileLock
{
  int fd;
};

static gboolean
same_file (int         fd,
           const char *filename)
{
  struct stat a, b;

  return fstat (fd, &a) == 0 && stat (filename, &b) == 0
         && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

PhFileLock *
ph_file_lock (const char  *filename,
              guint        timeout_ms,
              GError     **error)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  gulong pause_us = 1000;

  g_return_val_if_fail (filename != NULL, NULL);

  for (;;)
    {
      int fd = open (filename, O_RDONLY | O_CLOEXEC);
      PhFileLock *lock;

      if (fd < 0)
        {
          fail_errno (error, filename, "cannot open", errno);
          return NULL;
        }
      while (flock (fd, LOCK_EX | LOCK_NB) != 0)
        {
          if (errno != EWOULDBLOCK && errno != EINTR)
            {
              int saved = errno;

              close (fd);
              fail_errno (error, filename, "cannot lock", saved);
              return NULL;
            }
          if (g_get_monotonic_time () > deadline)
            {
              close (fd);
              g_set_error (error, PH_FILE_ERROR, PH_FILE_ERROR_BUSY,
                           "%s: another program is changing the file (waited %.0f s); "
                           "try again when it is done", filename, timeout_ms / 1000.0);
              return NULL;
            }
          /* a little longer each time, up to 50 ms, and not in step
           * with the other waiters */
          g_usleep (pause_us + g_random_int_range (0, (gint32) pause_us));
          pause_us = MIN (pause_us * 2, 50000);
        }
      /* The writer before us replaced the file while we waited: the lock
       * must be on the file that the name shows now. */
      if (same_file (fd, filename))
        {
          lock = g_new (PhFileLock, 1);
          lock->fd = fd;
          return lock;
        }
      close (fd);
    }
}

void
ph_file_unlock (PhFileLock *lock)
{
  if (lock == NULL)
    return;
  flock (lock->fd, LOCK_UN);
  close (lock->fd);
  g_free (lock);
}
