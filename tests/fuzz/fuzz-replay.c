/* fuzz-replay.c: runs a fuzz target over saved inputs, without libFuzzer
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   fuzz-NAME-replay DIR|FILE...
 *
 * Calls the target's LLVMFuzzerTestOneInput() once for every file in each
 * directory (files whose name starts with '.' are skipped, so a directory
 * can be kept in git by a .gitkeep) and for each file named, in name order.
 * A bug in the code aborts (the target's checks, a warning, a sanitizer
 * report), and the name of the input is printed first, so the test that
 * runs this (tests/fuzz/meson.build: the seed corpus and every past crash)
 * fails and says which input. Exits 1 when it could not read an argument
 * or found no input at all, 0 when every input ran through.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "fuzz-util.h"

/* A target may define it (libFuzzer calls it once, before any input) */
int LLVMFuzzerInitialize (int *argc, char ***argv) __attribute__ ((weak));

static gboolean
run_file (const char *path)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  if (!g_file_get_contents (path, &data, &length, &error))
    {
      fprintf (stderr, "fuzz-replay: %s\n", error->message);
      return FALSE;
    }
  fprintf (stderr, "fuzz-replay: %s (%" G_GSIZE_FORMAT " bytes)\n", path, length);
  /* a copy of exactly @length bytes, so that a read past the end is seen
   * by AddressSanitizer as libFuzzer's would be */
  {
    g_autofree uint8_t *copy = g_memdup2 (data, length);

    LLVMFuzzerTestOneInput (copy, length);
  }
  return TRUE;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Runs every file of @dir; adds their number to @n_inputs */
static gboolean
run_dir (const char *dir,
         guint      *n_inputs)
{
  g_autoptr(GDir) d = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  gboolean ok = TRUE;

  d = g_dir_open (dir, 0, &error);
  if (d == NULL)
    {
      fprintf (stderr, "fuzz-replay: %s\n", error->message);
      return FALSE;
    }
  while ((name = g_dir_read_name (d)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        continue;
      ok = run_file (path) && ok;
      (*n_inputs)++;
    }
  return ok;
}

int
main (int    argc,
      char **argv)
{
  guint n_inputs = 0;
  gboolean ok = TRUE;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s DIR|FILE...\n", argv[0]);
      return 2;
    }
  if (LLVMFuzzerInitialize != NULL)
    LLVMFuzzerInitialize (&argc, &argv);

  for (int i = 1; i < argc; i++)
    {
      if (g_file_test (argv[i], G_FILE_TEST_IS_DIR))
        ok = run_dir (argv[i], &n_inputs) && ok;
      else
        {
          ok = run_file (argv[i]) && ok;
          n_inputs++;
        }
    }
  if (n_inputs == 0)
    {
      fprintf (stderr, "fuzz-replay: no input found\n");
      return 1;
    }
  printf ("%u inputs ran without a fault%s\n", n_inputs, ok ? "" : " (some could not be read)");
  return ok ? 0 : 1;
}
