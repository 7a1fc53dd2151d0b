/* test-cli-files.c: powderhorn-cli and the files it changes: parallel
 * writers lose nothing, a kill mid-save leaves the old or the new file,
 * every verb refuses a file whose game log validate refuses, and a verb
 * that saves keeps the file's comments and mode
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs the built program ($PH_CLI) as a user would; the results are read
 * back with the core.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "ph-core.h"
#include "ph-test-files.h"

#define N_WRITERS 100
#define N_KILLS 60

/* A copy of the Firelock example with a game started on seed 42, in a new
 * directory of its own */
static char *
game_copy (char **dir_out)
{
  g_autofree char *example = ph_test_scenario_path ("firelock-bloody-run-1758.xml");
  g_autofree char *text = NULL;
  char *dir = g_dir_make_tmp ("ph-test-cli-files-XXXXXX", NULL);
  char *path = g_build_filename (dir, "game.xml", NULL);
  g_autofree char *out = NULL;

  g_assert_true (g_file_get_contents (example, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_cmpint (ph_test_run_cli (&out, NULL, "game", path, "--new", "--seed", "42", NULL), ==, 0);
  *dir_out = dir;
  return path;
}

/* The game's number of events, from the file as it is now (which must
 * load, log checked) */
static guint
n_events (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = ph_scenario_load_file (path, &error);
  PhGame *game;
  guint n;

  g_assert_no_error (error);
  game = ph_game_load (s, path, &error);
  g_assert_no_error (error);
  n = ph_game_get_n_events (game);
  ph_game_free (game);
  return n;
}

static guint
n_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static void
remove_dir (char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
  g_free (dir);
}

static GSubprocess *
spawn_roll (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  GSubprocess *p;

  /* a hundred writers, one at a time, on a busy machine (AddressSanitizer
   * builds) take longer than the default 30 s wait of the last one */
  g_subprocess_launcher_setenv (launcher, "PH_LOCK_WAIT", "600", TRUE);
  p = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("PH_CLI"), "game", path,
                                   "roll", "d6", NULL);
  g_assert_no_error (error);
  return p;
}

/* 100 rolls at once on one file: every one exits 0 and every one is in
 * the log (before the lock, 2 of the 100 were). */
static void
test_parallel_writers (void)
{
  char *dir = NULL;
  g_autofree char *path = game_copy (&dir);
  GSubprocess *writers[N_WRITERS];
  guint before = n_events (path);

  for (guint i = 0; i < N_WRITERS; i++)
    writers[i] = spawn_roll (path);
  for (guint i = 0; i < N_WRITERS; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *err = NULL;

      g_subprocess_communicate_utf8 (writers[i], NULL, NULL, NULL, &err, &error);
      g_assert_no_error (error);
      if (g_subprocess_get_exit_status (writers[i]) != 0)
        g_error ("writer %u failed: %s", i, err);
      g_object_unref (writers[i]);
    }
  g_assert_cmpuint (n_events (path), ==, before + N_WRITERS);
  /* and nothing but the file is left in its directory */
  g_assert_cmpuint (n_entries (dir), ==, 1);
  remove_dir (dir);
}

/* A writer that cannot have the file within $PH_LOCK_WAIT seconds says
 * so and changes nothing */
static void
test_lock_wait (void)
{
  char *dir = NULL;
  g_autofree char *path = game_copy (&dir);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr(GSubprocess) writer = NULL;
  g_autoptr(PhFileLock) lock = NULL;
  g_autofree char *want = NULL;

  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  lock = ph_file_lock (path, 1000, &error);
  g_assert_no_error (error);
  g_subprocess_launcher_setenv (launcher, "PH_LOCK_WAIT", "1", TRUE);
  writer = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("PH_CLI"), "game", path,
                                        "roll", "d6", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (writer, NULL, NULL, NULL, &err, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (writer), !=, 0);
  /* it waited the second it was given, not the default 30: it says so */
  want = g_strdup_printf ("%s: another program is changing the file (waited 1 s)", path);
  g_assert_nonnull (strstr (err, want));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&lock, ph_file_unlock);
  remove_dir (dir);
}

/* A writer killed at any moment leaves the old file or the new one, never
 * a broken one; what it leaves beside the file is removed by the next
 * save. */
static void
test_killed_writers (void)
{
  char *dir = NULL;
  g_autofree char *path = game_copy (&dir);
  guint n = n_events (path);

  for (guint i = 0; i < N_KILLS; i++)
    {
      GSubprocess *writer = spawn_roll (path);
      guint now;

      /* from at once to after it has saved: 0 to 30 ms */
      g_usleep (g_test_rand_int_range (0, 30000));
      g_subprocess_send_signal (writer, SIGKILL);
      g_subprocess_wait (writer, NULL, NULL);
      g_object_unref (writer);
      now = n_events (path);
      g_assert_true (now == n || now == n + 1);
      n = now;
    }
  /* one more, left to finish: it saves, and sweeps up after the killed */
  g_autofree char *out = NULL;

  g_assert_cmpint (ph_test_run_cli (&out, NULL, "game", path, "roll", "d6", NULL), ==, 0);
  g_assert_cmpuint (n_events (path), ==, n + 1);
  g_assert_cmpuint (n_entries (dir), ==, 1);
  remove_dir (dir);
}

/* A game log edited by hand (a die turned to a six) is refused by validate
 * and by every verb that reads the file: exit 1 with the same FILE:LINE. */
static void
test_forged_log_refused (void)
{
  char *dir = NULL;
  g_autofree char *path = game_copy (&dir);
  g_autofree char *text = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *validate_err = NULL;
  g_autoptr(GRegex) roll = g_regex_new ("(<roll [^>]*values=\")([0-9]+)", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *face = NULL;
  g_autofree char *forged = NULL;
  g_autofree char *replacement = NULL;

  g_assert_cmpint (ph_test_run_cli (&out, NULL, "game", path, "roll", "2d6", NULL), ==, 0);
  g_clear_pointer (&out, g_free);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_true (g_regex_match (roll, text, 0, &match));
  face = g_match_info_fetch (match, 2);
  replacement = g_strdup_printf ("\\g<1>%d", atoi (face) == 6 ? 5 : 6);
  forged = g_regex_replace (roll, text, -1, 0, replacement, G_REGEX_MATCH_DEFAULT, NULL);
  g_assert_cmpstr (forged, !=, text);
  g_assert_true (g_file_set_contents (path, forged, -1, NULL));

  g_assert_cmpint (ph_test_run_cli (&out, &validate_err, "validate", path, NULL), ==, 1);
  g_assert_true (g_str_has_prefix (validate_err, path));
  g_assert_nonnull (strstr (validate_err, "is not what the game's seed rolls there"));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (ph_test_run_cli (&out, &err, "info", path, NULL), ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (err, ==, validate_err);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (ph_test_run_cli (&out, &err, "assess", path, "--shooter", "rogers",
                                    "--target", "langlade", NULL), ==, 1);
  g_assert_cmpstr (err, ==, validate_err);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* and the game verb writes nothing */
  g_assert_cmpint (ph_test_run_cli (&out, &err, "game", path, "roll", "d6", NULL), ==, 1);
  g_assert_cmpstr (err, ==, validate_err);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, forged);
  remove_dir (dir);
}

/* The lines of @a and @b that differ (the two have as many) */
static guint
n_lines_differing (const char *a,
                   const char *b,
                   char      **one_out)
{
  g_auto(GStrv) x = g_strsplit (a, "\n", -1);
  g_auto(GStrv) y = g_strsplit (b, "\n", -1);
  guint n = 0;

  g_assert_cmpuint (g_strv_length (x), ==, g_strv_length (y));
  for (guint i = 0; x[i] != NULL; i++)
    if (!g_str_equal (x[i], y[i]))
      {
        n++;
        g_free (*one_out);
        *one_out = g_strdup (y[i]);
      }
  return n;
}

/* game and character write into the file's own text: its comments and
 * layout stay as they were, and so does its mode; game - -o - writes the
 * same to standard output. */
static void
test_comments_kept (void)
{
  g_autofree char *example = ph_test_scenario_path ("firelock-bloody-run-1758.xml");
  char *dir = g_dir_make_tmp ("ph-test-cli-files-XXXXXX", NULL);   /* freed by remove_dir */
  g_autofree char *path = g_build_filename (dir, "bloody.xml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *started = NULL;
  g_autofree char *rolled = NULL;
  g_autofree char *out = NULL;
  g_autofree char *line = NULL;
  g_autofree char *piped = NULL;
  g_autoptr(GSubprocess) cli = NULL;
  g_autoptr(GError) error = NULL;
  const char *end = "</scenario>\n";
  GStatBuf st;

  g_assert_true (g_file_get_contents (example, &text, NULL, NULL));
  g_assert_true (g_str_has_suffix (text, end));
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);

  /* the game goes in before </scenario>, the rest is as it was */
  g_assert_cmpint (ph_test_run_cli (&out, NULL, "game", path, "--new", "--seed", "42", NULL), ==, 0);
  g_assert_true (g_file_get_contents (path, &started, NULL, NULL));
  g_assert_cmpint (strncmp (started, text, strlen (text) - strlen (end)), ==, 0);
  g_assert_true (g_str_has_prefix (started + strlen (text) - strlen (end), "  <game seed=\"42\""));
  g_assert_nonnull (strstr (started, "<!-- The rangers, south of the run, facing north and east -->"));
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0640);

  /* a character rolled for Stark changes his one line */
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (ph_test_run_cli (&out, NULL, "character", path, "--figure", "stark",
                                    "--seed", "3", NULL), ==, 0);
  g_assert_true (g_file_get_contents (path, &rolled, NULL, NULL));
  g_assert_cmpuint (n_lines_differing (started, rolled, &line), ==, 1);
  g_assert_true (g_str_has_prefix (line, "      <firelock bravery=\""));

  /* the same game through standard input and output */
  cli = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                          | G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error,
                          g_getenv ("PH_CLI"), "game", "-", "--new", "--seed", "42", "-o", "-",
                          NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (cli, text, NULL, &piped, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (cli), ==, 0);
  g_assert_cmpstr (piped, ==, started);
  remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/files/parallel-writers", test_parallel_writers);
  g_test_add_func ("/cli/files/lock-wait", test_lock_wait);
  g_test_add_func ("/cli/files/killed-writers", test_killed_writers);
  g_test_add_func ("/cli/files/forged-log-refused", test_forged_log_refused);
  g_test_add_func ("/cli/files/comments-kept", test_comments_kept);

  return g_test_run ();
}
