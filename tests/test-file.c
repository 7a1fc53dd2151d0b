/* test-file.c: saving without losing or weakening the file, and the lock
 * (src/core/base/ph-file.c)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "ph-core.h"

typedef struct
{
  char *dir;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->dir = g_dir_make_tmp ("ph-test-file-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->path = g_build_filename (f->dir, "s.xml", NULL);
  g_assert_true (g_file_set_contents (f->path, "old", -1, NULL));
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    {
      g_unlink (path);
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      remove_tree (child);
    }
  g_rmdir (path);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static char *
contents (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The names in the fixture's directory, sorted, joined by spaces */
static char *
listing (Fixture *f)
{
  g_autoptr(GDir) dir = g_dir_open (f->dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const char *name;

  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, (gpointer) name);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
test_mode_kept (Fixture       *f,
                gconstpointer  data)
{
  const int modes[] = { 0600, 0640, 0664 };

  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      g_autofree char *names = NULL;
      struct stat st;

      g_assert_cmpint (g_chmod (f->path, modes[i]), ==, 0);
      g_assert_true (ph_file_replace_contents (f->path, "new", 3, &error));
      g_assert_no_error (error);
      text = contents (f->path);
      g_assert_cmpstr (text, ==, "new");
      g_assert_cmpint (g_stat (f->path, &st), ==, 0);
      g_assert_cmpint (st.st_mode & 07777, ==, modes[i]);
      /* nothing else left beside it */
      names = listing (f);
      g_assert_cmpstr (names, ==, "s.xml");
    }
}

static void
test_read_only_refused (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;

  g_assert_cmpint (g_chmod (f->path, 0444), ==, 0);
  g_assert_false (ph_file_replace_contents (f->path, "new", 3, &error));
  g_assert_error (error, PH_FILE_ERROR, PH_FILE_ERROR_READ_ONLY);
  g_assert_true (g_str_has_prefix (error->message, f->path));
  g_assert_nonnull (strstr (error->message, "read-only"));
  text = contents (f->path);
  g_assert_cmpstr (text, ==, "old");
  names = listing (f);
  g_assert_cmpstr (names, ==, "s.xml");
}

static void
test_symlink_followed (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *link = g_build_filename (f->dir, "link.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *target = NULL;
  struct stat st;

  g_assert_cmpint (symlink ("s.xml", link), ==, 0);
  g_assert_true (ph_file_replace_contents (link, "new", 3, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  target = g_file_read_link (link, NULL);
  g_assert_cmpstr (target, ==, "s.xml");
  text = contents (f->path);
  g_assert_cmpstr (text, ==, "new");
}

static void
test_hard_links_kept (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *other = g_build_filename (f->dir, "other.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;
  struct stat a, b;

  g_assert_cmpint (link (f->path, other), ==, 0);
  g_assert_true (ph_file_replace_contents (f->path, "newer", 5, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (f->path, &a), ==, 0);
  g_assert_cmpint (g_stat (other, &b), ==, 0);
  g_assert_cmpuint (a.st_ino, ==, b.st_ino);
  g_assert_cmpuint (a.st_nlink, ==, 2);
  text = contents (other);
  g_assert_cmpstr (text, ==, "newer");
  names = listing (f);
  g_assert_cmpstr (names, ==, "other.xml s.xml");
}

/* As root, a save of someone else's file leaves it theirs. */
static void
test_owner_kept (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  struct stat st;

  if (geteuid () != 0)
    {
      g_test_skip ("changing a file's owner needs root");
      return;
    }
  g_assert_cmpint (chown (f->path, 4321, 4322), ==, 0);
  g_assert_true (ph_file_replace_contents (f->path, "new", 3, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  g_assert_cmpuint (st.st_uid, ==, 4321);
  g_assert_cmpuint (st.st_gid, ==, 4322);
}

/* Someone else's file that we may write but not give away (fchown
 * refuses: EPERM) is written where it stands, so that it stays theirs,
 * with its mode. Run as root, the save is made by a child that has become
 * nobody. */
static void
test_owner_kept_unprivileged (Fixture       *f,
                              gconstpointer  data)
{
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;
  struct stat st;
  pid_t child;
  int status;

  if (geteuid () != 0)
    {
      g_test_skip ("making a file someone else's needs root");
      return;
    }
  g_assert_cmpint (g_chmod (f->dir, 0777), ==, 0);
  g_assert_cmpint (chown (f->path, 4321, 4322), ==, 0);
  g_assert_cmpint (g_chmod (f->path, 0666), ==, 0);
  child = fork ();
  if (child == 0)
    {
      if (setgid (65534) != 0 || setuid (65534) != 0)
        _exit (2);
      _exit (ph_file_replace_contents (f->path, "new", 3, NULL) ? 0 : 1);
    }
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  text = contents (f->path);
  g_assert_cmpstr (text, ==, "new");
  g_assert_cmpint (g_stat (f->path, &st), ==, 0);
  g_assert_cmpuint (st.st_uid, ==, 4321);
  g_assert_cmpuint (st.st_gid, ==, 4322);
  g_assert_cmpint (st.st_mode & 07777, ==, 0666);
  /* the temporary file is gone */
  names = listing (f);
  g_assert_cmpstr (names, ==, "s.xml");
}

/* A temporary file left by a killed save (its process is gone) is removed
 * by the next save; one of a running process is not. */
static void
test_stale_temps_removed (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) stale = NULL;
  g_autofree char *dead = NULL;
  g_autofree char *alive = NULL;
  g_autofree char *names = NULL;
  g_autofree char *expected = NULL;
  pid_t child;
  int status;

  /* a process that has ended: a child, reaped */
  child = fork ();
  if (child == 0)
    _exit (0);
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  dead = g_strdup_printf ("%s/.s.xml.ph-save-%d-AbC123", f->dir, (int) child);
  alive = g_strdup_printf ("%s/.s.xml.ph-save-%d-XyZ789", f->dir, (int) getppid ());
  g_assert_true (g_file_set_contents (dead, "half a fi", -1, NULL));
  g_assert_true (g_file_set_contents (alive, "being written", -1, NULL));

  stale = ph_file_list_stale_temps (f->path);
  g_assert_cmpuint (stale->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (stale, 0), ==, dead);

  g_assert_true (ph_file_replace_contents (f->path, "new", 3, &error));
  g_assert_no_error (error);
  names = listing (f);
  expected = g_strdup_printf (".s.xml.ph-save-%d-XyZ789 s.xml", (int) getppid ());
  g_assert_cmpstr (names, ==, expected);
}

static void
test_error_leaves_nothing (Fixture       *f,
                           gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (f->dir, "sub", NULL);
  g_autofree char *path = g_build_filename (sub, "s.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;
  g_autofree char *expected = g_strdup_printf ("%s: cannot save: not a regular file", sub);

  /* a directory, not a file */
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_false (ph_file_replace_contents (sub, "new", 3, &error));
  g_assert_error (error, PH_FILE_ERROR, PH_FILE_ERROR_IO);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);

  /* a directory that may not be written (as root, one that is gone) */
  g_assert_cmpint (g_rmdir (sub), ==, 0);
  g_assert_false (ph_file_replace_contents (path, "new", 3, &error));
  g_assert_error (error, PH_FILE_ERROR, PH_FILE_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, path));
  names = listing (f);
  g_assert_cmpstr (names, ==, "s.xml");
}

static void
test_new_file_mode (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "new.xml", NULL);
  g_autoptr(GError) error = NULL;
  mode_t mask = umask (022);
  struct stat st;

  g_assert_true (ph_file_replace_contents (path, "x", 1, &error));
  umask (mask);
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0644);
}

/* Locks are per open file: a second lock waits, and fails after its
 * timeout while the first is held. */
static void
test_lock_excludes (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *missing = g_build_filename (f->dir, "missing.xml", NULL);
  PhFileLock *first, *second;

  first = ph_file_lock (f->path, 1000, &error);
  g_assert_no_error (error);
  g_assert_nonnull (first);
  second = ph_file_lock (f->path, 50, &error);
  g_assert_null (second);
  g_assert_error (error, PH_FILE_ERROR, PH_FILE_ERROR_BUSY);
  g_assert_true (g_str_has_prefix (error->message, f->path));
  g_clear_error (&error);
  ph_file_unlock (first);
  second = ph_file_lock (f->path, 50, &error);
  g_assert_no_error (error);
  ph_file_unlock (second);

  g_assert_null (ph_file_lock (missing, 50, &error));
  g_assert_error (error, PH_FILE_ERROR, PH_FILE_ERROR_IO);
}

typedef struct
{
  const char *path;
  GMutex mutex;
  GCond cond;
  gboolean waiting;
  char *read;
} Waiter;

static gpointer
wait_and_read (gpointer data)
{
  Waiter *w = data;
  g_autoptr(GError) error = NULL;
  PhFileLock *lock;

  g_mutex_lock (&w->mutex);
  w->waiting = TRUE;
  g_cond_signal (&w->cond);
  g_mutex_unlock (&w->mutex);
  lock = ph_file_lock (w->path, 10000, &error);
  g_assert_no_error (error);
  w->read = contents (w->path);
  ph_file_unlock (lock);
  return NULL;
}

/* A writer that replaces the file while another waits for its lock: the
 * waiter ends up holding the new file's lock and reads what was saved. */
static void
test_lock_follows_replacement (Fixture       *f,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  Waiter w = { f->path };
  PhFileLock *lock;
  GThread *thread;

  g_mutex_init (&w.mutex);
  g_cond_init (&w.cond);
  lock = ph_file_lock (f->path, 1000, &error);
  g_assert_no_error (error);
  thread = g_thread_new ("waiter", wait_and_read, &w);
  g_mutex_lock (&w.mutex);
  while (!w.waiting)
    g_cond_wait (&w.cond, &w.mutex);
  g_mutex_unlock (&w.mutex);
  g_assert_true (ph_file_replace_contents (f->path, "saved by the first", 18, &error));
  ph_file_unlock (lock);
  g_thread_join (thread);
  g_assert_cmpstr (w.read, ==, "saved by the first");
  g_free (w.read);
  g_mutex_clear (&w.mutex);
  g_cond_clear (&w.cond);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) \
  g_test_add ("/file/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("replace/mode-kept", test_mode_kept);
  ADD ("replace/read-only-refused", test_read_only_refused);
  ADD ("replace/symlink-followed", test_symlink_followed);
  ADD ("replace/hard-links-kept", test_hard_links_kept);
  ADD ("replace/owner-kept", test_owner_kept);
  ADD ("replace/owner-kept-unprivileged", test_owner_kept_unprivileged);
  ADD ("replace/stale-temps-removed", test_stale_temps_removed);
  ADD ("replace/error-leaves-nothing", test_error_leaves_nothing);
  ADD ("replace/new-file-mode", test_new_file_mode);
  ADD ("lock/excludes", test_lock_excludes);
  ADD ("lock/follows-replacement", test_lock_follows_replacement);
#undef ADD

  return g_test_run ();
}
