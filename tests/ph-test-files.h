/* ph-test-files.h: the example scenarios, PDF output and powderhorn-cli
 * as a user runs it, for the tests
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLib only (no core), so that test-cli, which runs the program and
 * nothing else, can use them too.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The example scenario @name: $PH_DATA_DIR/scenarios/@name, or the source
 * tree's data/scenarios when that is unset */
char *ph_test_scenario_path    (const char *name);

/* The "/Type /Page" objects (not "/Type /Pages") in the PDF file @path */
int   ph_test_pdf_page_objects (const char *path);
/* The text of page @page of the PDF file @path (every page when 0), or
 * NULL when pdftotext (poppler-utils) is not installed */
char *ph_test_pdf_text         (const char *path,
                                int         page);

/* Deletes the folder @path and all in it (links are removed, never
 * followed) */
void  ph_test_remove_tree      (const char *path);

/* Runs powderhorn-cli ($PH_CLI, which must be set) with @args
 * (NULL-terminated); its standard output and error go to @out and @err
 * (either may be NULL). Returns the exit status, or -1 when a signal
 * ended it. */
int   ph_test_run_cli_argv     (const char * const *args,
                                char              **out,
                                char              **err);
/* The same with the arguments after @err, NULL-terminated */
int   ph_test_run_cli          (char **out,
                                char **err,
                                ...) G_GNUC_NULL_TERMINATED;

G_END_DECLS
