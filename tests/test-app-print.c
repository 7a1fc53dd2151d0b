/* test-app-print.c: paper: sheets exported to PDF and the print
 * operation's pages
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips. Helpers in
 * ph-test-app.h.
 */
#include <glib/gstdio.h>

#include "ph-print-operation.h"
#include "ph-sheet.h"
#include "ph-test-app.h"

static void
assert_pdf (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 4);
  g_assert_true (g_str_has_prefix (contents, "%PDF"));
}

/* The pages of a PDF as pdfinfo (poppler-utils) reads them; -1 without
 * pdfinfo. cairo compresses its page objects: they cannot be counted by
 * looking at the bytes. */
static int
count_pdf_pages (const char *path)
{
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { NULL, path, NULL };
  const char *line;
  int status = 0;

  if (pdfinfo == NULL)
    {
      g_test_message ("no pdfinfo: the pages of %s not counted", path);
      return -1;
    }
  argv[0] = pdfinfo;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  line = strstr (out, "\nPages:");
  g_assert_nonnull (line);
  return atoi (line + strlen ("\nPages:"));
}

static void
test_export_sheets (void)
{
  PhWindow *window;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sheets.pdf", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "missing", "sheets.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) bad_file = g_file_new_for_path (bad_path);
  GtkWidget *dialog;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_FIRELOCK);
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (window)));
  ph_window_set_export_file_for_testing (window, file);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-sheets", NULL));
  ph_test_run_until_idle ();
  g_assert_null (ph_test_find_message_dialog (GTK_WINDOW (window)));
  assert_pdf (path);
  g_assert_cmpint (count_pdf_pages (path), !=, 0);
  /* The document is not touched by an export. */
  g_assert_false (ph_document_get_dirty (ph_window_get_document (window)));

  /* A file that cannot be written is reported. */
  ph_window_set_export_file_for_testing (window, bad_file);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export-sheets", NULL));
  ph_test_run_until_idle ();
  {
    g_autofree char *text = NULL;
    g_autofree char *secondary = NULL;

    dialog = ph_test_error_dialog (window, &text, &secondary);
    g_assert_nonnull (strstr (text, "sheets.pdf"));
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_false (g_file_test (bad_path, G_FILE_TEST_EXISTS));

  ph_test_window_destroy (window);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_print_page_count (void)
{
  PhWindow *window;
  PhScenario *scenario;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  const PhPrintMode modes[] = {
    PH_PRINT_MODE_SHEETS, PH_PRINT_MODE_MAP_TRUE_SCALE, PH_PRINT_MODE_MAP_FIT,
  };

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_FIRELOCK);
  scenario = ph_document_get_scenario (ph_window_get_document (window));

  for (guint i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_autofree char *name = g_strdup_printf ("print-%u.pdf", i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(PhScenario) copy = ph_scenario_copy (scenario);
      g_autoptr(PhPrintOperation) op = ph_print_operation_new (copy, modes[i]);
      g_autoptr(GError) error = NULL;
      GtkPageSetup *setup;
      GtkPrintOperationResult result;
      double width, height;
      int expected, n_pages;

      setup = gtk_print_operation_get_default_page_setup (GTK_PRINT_OPERATION (op));
      g_assert_nonnull (setup);
      width = gtk_page_setup_get_paper_width (setup, GTK_UNIT_POINTS);
      height = gtk_page_setup_get_paper_height (setup, GTK_UNIT_POINTS);
      expected = ph_print_operation_count_pages (op, width, height);
      g_assert_cmpint (expected, >=, 1);
      if (modes[i] == PH_PRINT_MODE_SHEETS)
        g_assert_cmpint (expected, ==, ph_sheet_count_pages (scenario, width, height));
      else if (modes[i] == PH_PRINT_MODE_MAP_TRUE_SCALE)
        g_assert_cmpint (expected, >, 1); /* the diagram, then the tiles */
      else
        g_assert_cmpint (expected, ==, 1);

      gtk_print_operation_set_export_filename (GTK_PRINT_OPERATION (op), path);
      result = gtk_print_operation_run (GTK_PRINT_OPERATION (op),
                                        GTK_PRINT_OPERATION_ACTION_EXPORT,
                                        GTK_WINDOW (window), &error);
      g_assert_no_error (error);
      g_assert_cmpint (result, ==, GTK_PRINT_OPERATION_RESULT_APPLY);
      ph_test_run_until_idle ();
      g_test_message ("mode %d on %g x %g pt: %d pages", modes[i], width, height, expected);
      g_assert_cmpint (gtk_print_operation_get_n_pages_to_print (GTK_PRINT_OPERATION (op)),
                       ==, expected);
      assert_pdf (path);
      n_pages = count_pdf_pages (path);
      if (n_pages >= 0)
        g_assert_cmpint (n_pages, ==, expected);
      g_unlink (path);
    }

  /* The actions are there, enabled with a scenario open. */
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (window)));
  ph_test_window_destroy (window);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/print/export-sheets", test_export_sheets);
  g_test_add_func ("/app/print/page-count", test_print_page_count);
  return ph_test_app_run ();
}
