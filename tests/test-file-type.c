/* test-file-type.c: the scenario's own file type
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * data/org.powderhorn.Powderhorn.mime.xml, installed into a scratch
 * shared-mime-info database (update-mime-database, from the
 * shared-mime-info package; the test skips without it), is what GIO reads
 * a file's type from: *.powderhorn, and a scenario's root element under
 * any name, are application/x-powderhorn-scenario+xml, a kind of XML. The
 * desktop file claims that type alone, not every XML file.
 */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ph-test-files.h"

#define SCENARIO_TYPE "application/x-powderhorn-scenario+xml"

static char *data_dir;   /* the scratch XDG data dir, or NULL: skip */

static void
test_guess (void)
{
  g_autofree char *example = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *by_name = NULL;
  g_autofree char *by_root = NULL;
  g_autofree char *plain = NULL;
  gsize length = 0;
  gboolean uncertain = FALSE;
  static const char other_xml[] = "<?xml version=\"1.0\"?>\n<catalog><book/></catalog>\n";

  if (data_dir == NULL)
    {
      g_test_skip ("needs update-mime-database (shared-mime-info)");
      return;
    }
  by_name = g_content_type_guess ("Hill 12.powderhorn", NULL, 0, &uncertain);
  g_assert_cmpstr (by_name, ==, SCENARIO_TYPE);
  g_assert_true (g_content_type_is_a (by_name, "application/xml"));

  /* its contents alone say what it is (a name ending .xml wins over
   * them in GIO: those files stay XML, as the format allows) */
  example = g_test_build_filename (G_TEST_DIST, "..", "data", "scenarios",
                                   "musket-mayhem-fight-at-the-farmstead.xml", NULL);
  g_assert_true (g_file_get_contents (example, &contents, &length, NULL));
  by_root = g_content_type_guess (NULL, (const guchar *) contents, length, &uncertain);
  g_assert_cmpstr (by_root, ==, SCENARIO_TYPE);

  /* other XML stays XML */
  plain = g_content_type_guess (NULL, (const guchar *) other_xml, strlen (other_xml),
                                &uncertain);
  g_assert_cmpstr (plain, ==, "application/xml");
}

static void
test_desktop_file (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data",
                                                 "org.powderhorn.Powderhorn.desktop.in", NULL);
  g_autoptr(GKeyFile) desktop = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) types = NULL;

  g_assert_true (g_key_file_load_from_file (desktop, path, G_KEY_FILE_NONE, &error));
  g_assert_no_error (error);
  types = g_key_file_get_string_list (desktop, "Desktop Entry", "MimeType", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (types), ==, 1);
  g_assert_cmpstr (types[0], ==, SCENARIO_TYPE);
}

/* A scratch database with the package alone (and the system's, for
 * application/xml itself), before GIO first reads the types */
static char *
make_database (void)
{
  g_autofree char *tool = g_find_program_in_path ("update-mime-database");
  g_autofree char *dir = NULL;
  g_autofree char *packages = NULL;
  g_autofree char *source = NULL;
  g_autofree char *copy = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *mime = NULL;
  g_autofree char *dirs = NULL;
  const char *argv[] = { NULL, NULL, NULL };
  int status = 0;

  if (tool == NULL)
    return NULL;
  dir = g_dir_make_tmp ("ph-test-mime-XXXXXX", NULL);
  g_assert_nonnull (dir);
  mime = g_build_filename (dir, "mime", NULL);
  packages = g_build_filename (mime, "packages", NULL);
  g_assert_cmpint (g_mkdir_with_parents (packages, 0700), ==, 0);
  source = g_test_build_filename (G_TEST_DIST, "..", "data", "org.powderhorn.Powderhorn.mime.xml",
                                  NULL);
  g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
  copy = g_build_filename (packages, "org.powderhorn.Powderhorn.mime.xml", NULL);
  g_assert_true (g_file_set_contents (copy, contents, -1, NULL));
  argv[0] = tool;
  argv[1] = mime;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                               NULL, NULL, NULL, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  dirs = g_strdup_printf ("%s:/usr/local/share:/usr/share", dir);
  g_setenv ("XDG_DATA_DIRS", dirs, TRUE);
  g_setenv ("XDG_DATA_HOME", dir, TRUE);
  return g_steal_pointer (&dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  data_dir = make_database ();
  g_test_add_func ("/file-type/guess", test_guess);
  g_test_add_func ("/file-type/desktop-file", test_desktop_file);
  status = g_test_run ();
  if (data_dir != NULL)
    ph_test_remove_tree (data_dir);
  g_free (data_dir);
  return status;
}
