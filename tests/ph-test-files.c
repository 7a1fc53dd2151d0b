/* ph-test-files.c: the example scenarios, PDF output and powderhorn-cli
 * as a user runs it, for the tests
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE /* memmem */

#include "ph-test-files.h"

#include <glib/gstdio.h>

#include <string.h>
#include <sys/wait.h>

char *
ph_test_scenario_path (const char *name)
{
  const char *data = g_getenv ("PH_DATA_DIR");

  if (data != NULL)
    return g_build_filename (data, "scenarios", name, NULL);
  return g_test_build_filename (G_TEST_DIST, "..", "data", "scenarios", name, NULL);
}

int
ph_test_pdf_page_objects (const char *path)
{
  g_autofree char *data = NULL;
  gsize length;
  int n = 0;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  /* memmem, not g_strstr_len: the streams hold NUL bytes */
  for (const char *p = data; (p = memmem (p, length - (p - data), "/Type /Page", 11)) != NULL; p++)
    if (p + 11 < data + length && p[11] != 's')
      n++;
  return n;
}

char *
ph_test_pdf_text (const char *path,
                  int         page)
{
  g_autofree char *program = g_find_program_in_path ("pdftotext");
  g_autofree char *number = g_strdup_printf ("%d", page);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  char *out = NULL;
  int wait_status = 0;

  if (program == NULL)
    return NULL;
  g_ptr_array_add (argv, program);
  if (page > 0)
    {
      g_ptr_array_add (argv, "-f");
      g_ptr_array_add (argv, number);
      g_ptr_array_add (argv, "-l");
      g_ptr_array_add (argv, number);
    }
  g_ptr_array_add (argv, (char *) path);
  g_ptr_array_add (argv, "-");
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &wait_status, NULL));
  g_assert_true (WIFEXITED (wait_status) && WEXITSTATUS (wait_status) == 0);
  return out;
}

int
ph_test_run_cli_argv (const char * const *args,
                      char              **out,
                      char              **err)
{
  const char *cli = g_getenv ("PH_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (char *) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                out, err, &wait_status, &error);
  g_assert_no_error (error);
  return WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

int
ph_test_run_cli (char **out,
                 char **err,
                 ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  va_start (ap, err);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (char *) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return ph_test_run_cli_argv ((const char * const *) args->pdata, out, err);
}

void
ph_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        ph_test_remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}
