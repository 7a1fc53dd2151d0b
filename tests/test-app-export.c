/* test-app-export.c: Export Map Image (win.export-map): the options
 * dialog, each format, the file chosen, and failures that leave the file
 * as it was
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The action runs as a user's Ctrl+Shift+E does, its options set in its
 * dialog; only the file chooser is skipped
 * (ph_window_set_export_file_for_testing()). What it writes is compared
 * with `powderhorn-cli render` ($PH_CLI) given the same options: one
 * drawing for both. Under a display (xvfb-run -a); without one every test
 * skips. Helpers in ph-test-app.h.
 */
#include <glib/gstdio.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <libxml/parser.h>
#include <string.h>

#include "ph-export-dialog.h"
#include "ph-test-app.h"
#include "ph-test-files.h"
#include "ph-window-export.h"
#include "ph-window-private.h"

#define EXAMPLE_FEATHERSTONE "featherstone-cacabelos-1809.xml"

typedef struct
{
  char *dir;
  PhWindow *window;
  PhMapView *map_view;
  PhScenario *scenario;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  example)
{
  memset (f, 0, sizeof *f);
  if (!ph_test_app_have_display ())
    return;
  f->dir = g_dir_make_tmp ("ph-test-export-XXXXXX", NULL);
  f->window = ph_test_window_new_on (example);
  f->map_view = ph_window_get_map_view (f->window);
  f->scenario = ph_document_get_scenario (ph_window_get_document (f->window));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  example)
{
  if (f->window)
    ph_test_window_destroy (f->window);
  if (f->dir)
    ph_test_remove_tree (f->dir);
  g_free (f->dir);
}

static char *
path_in (Fixture    *f,
         const char *name)
{
  return g_build_filename (f->dir, name, NULL);
}

static PhFigure *
figure (Fixture    *f,
        const char *id)
{
  PhFigure *found = ph_scenario_find_figure (f->scenario, id);

  g_assert_nonnull (found);
  return found;
}

/* The options dialog over the window, or NULL */
static PhExportDialog *
find_dialog (Fixture *f)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  PhExportDialog *dialog = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (PH_IS_EXPORT_DIALOG (window)
          && gtk_window_get_transient_for (window) == GTK_WINDOW (f->window))
        {
          g_assert_null (dialog);
          dialog = PH_EXPORT_DIALOG (window);
        }
    }
  return dialog;
}

/* Ctrl+Shift+E: the options dialog over the window */
static PhExportDialog *
open_dialog (Fixture *f)
{
  PhExportDialog *dialog;

  g_assert_null (find_dialog (f));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.export-map", NULL));
  ph_test_run_until_idle ();
  dialog = find_dialog (f);
  g_assert_nonnull (dialog);
  return dialog;
}

/* Export… in the dialog, to @name in the test's folder; waits for the
 * export to be written */
static char *
export_to (Fixture        *f,
           PhExportDialog *dialog,
           const char     *name)
{
  char *path = path_in (f, name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWidget *button;

  ph_window_set_export_file_for_testing (f->window, file);
  button = ph_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, "_Export…");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  PH_TEST_WAIT_UNTIL (!ph_window_export_busy (f->window));
  ph_window_set_export_file_for_testing (f->window, NULL);
  return path;
}

static GBytes *
read_bytes (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

/* `powderhorn-cli render EXAMPLE -o OUT ARGS...` must write what @path holds */
static void
assert_same_as_cli (Fixture    *f,
                    const char *example,
                    const char *path,
                    ...)
{
  g_autofree char *scenario = ph_test_scenario_path (example);
  g_autofree char *ext = g_strdup (strrchr (path, '.'));
  g_autofree char *cli_name = g_strconcat ("cli", ext, NULL);
  g_autofree char *cli_path = path_in (f, cli_name);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GBytes) ours = NULL;
  g_autoptr(GBytes) theirs = NULL;
  g_autofree char *err = NULL;
  const char *arg;
  va_list ap;

  g_ptr_array_add (args, "render");
  g_ptr_array_add (args, scenario);
  g_ptr_array_add (args, "-o");
  g_ptr_array_add (args, cli_path);
  va_start (ap, path);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  g_assert_cmpint (ph_test_run_cli_argv ((const char * const *) args->pdata, NULL, &err), ==, 0);
  ours = read_bytes (path);
  theirs = read_bytes (cli_path);
  if (g_str_has_suffix (path, ".svg"))
    {
      /* cairo numbers its SVG surfaces across the process: the window's
       * has drawn many before */
      g_autoptr(GRegex) surface = g_regex_new ("surface[0-9]+", 0, 0, NULL);
      g_autofree char *a = g_regex_replace_literal (surface, g_bytes_get_data (ours, NULL),
                                                   g_bytes_get_size (ours), 0, "surface", 0, NULL);
      g_autofree char *b = g_regex_replace_literal (surface, g_bytes_get_data (theirs, NULL),
                                                   g_bytes_get_size (theirs), 0, "surface", 0, NULL);

      g_assert_nonnull (a);
      g_assert_true (g_strcmp0 (a, b) == 0);
    }
  else
    g_assert_true (g_bytes_equal (ours, theirs));
}

/* The image's size; with @threat, the band below the table that holds
 * the threat map's legend too */
static void
image_size (const PhScenario *scenario,
            double            scale,
            const char       *threat,
            int              *width,
            int              *height)
{
  PhRenderOptions opts;
  PhRenderView view;

  ph_render_options_init (&opts);
  opts.threat_figure = threat;
  ph_render_export_size (scenario, scale, &opts, width, height, &view);
}

/* The dialog starts with what the window shows: Smith selected, Otter
 * pinned: his rings, the line to Otter, the selection; the threat map
 * only while T shows it. The PNG is the CLI's with those options. */
static void
test_png (Fixture       *f,
          gconstpointer  example)
{
  PhExportDialog *dialog;
  g_autoptr(PhMapExport) shown = NULL;
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  int width, height;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  ph_test_click_figure (f->map_view, figure (f, "smith"), 0);
  ph_map_view_set_pinned_target (f->map_view, figure (f, "otter"));
  ph_test_run_until_idle ();

  dialog = open_dialog (f);
  shown = ph_export_dialog_get_export (dialog);
  g_assert_cmpstr (shown->figure, ==, "smith");
  g_assert_cmpstr (shown->target, ==, "otter");
  g_assert_true (shown->rings);
  g_assert_true (shown->line);
  g_assert_true (shown->highlight);
  g_assert_false (shown->threat);
  g_assert_false (shown->shade);
  g_assert_cmpfloat (shown->scale, ==, 12);
  g_assert_true (ph_export_dialog_get_overlay_sensitive (dialog, PH_MAP_EXPORT_THREAT));
  /* the size follows the scale */
  ph_export_dialog_set_scale (dialog, 10);
  image_size (f->scenario, 10, NULL, &width, &height);
  {
    g_autofree char *size = g_strdup_printf ("%d × %d pixels", width, height);

    g_assert_true (g_str_has_prefix (ph_export_dialog_get_size_text (dialog), size));
  }
  ph_export_dialog_set_overlay (dialog, PH_MAP_EXPORT_SHADE, TRUE);
  ph_test_save_screenshot (GTK_WIDGET (dialog), "app-export-map.png");
  path = export_to (f, dialog, "map.png");
  g_assert_null (ph_test_find_message_dialog (GTK_WINDOW (f->window)));

  pixbuf = gdk_pixbuf_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_pixbuf_get_width (pixbuf), ==, width);
  g_assert_cmpint (gdk_pixbuf_get_height (pixbuf), ==, height);
  assert_same_as_cli (f, example, path, "--px-per-unit", "10", "--rings", "smith",
                      "--los", "smith", "--target", "otter", "--select", "smith", NULL);
  /* the status line says where it went; the document is not touched */
  g_assert_nonnull (strstr (gtk_label_get_label (f->window->status_label), "map.png"));
  g_assert_false (ph_document_get_dirty (ph_window_get_document (f->window)));

  /* the scale is remembered for the next export */
  dialog = open_dialog (f);
  g_clear_pointer (&shown, ph_map_export_free);
  shown = ph_export_dialog_get_export (dialog);
  g_assert_cmpfloat (shown->scale, ==, 10);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* SVG: the threat map (T on the map is what the dialog starts with), at
 * the default scale; the root is an <svg> of the image's size in points */
static void
test_svg (Fixture       *f,
          gconstpointer  example)
{
  PhExportDialog *dialog;
  g_autoptr(PhMapExport) shown = NULL;
  g_autofree char *path = NULL;
  g_autofree char *width_pt = NULL, *height_pt = NULL;
  xmlDoc *doc;
  xmlNode *root;
  xmlChar *width_attr, *height_attr;
  int width, height;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  ph_test_click_figure (f->map_view, figure (f, "rogers"), 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->map_view), "map.toggle-threat", NULL));
  ph_test_run_until_idle ();

  dialog = open_dialog (f);
  shown = ph_export_dialog_get_export (dialog);
  g_assert_true (shown->threat);
  g_assert_null (shown->target);
  /* no target, no line of sight to offer */
  g_assert_false (ph_export_dialog_get_overlay_sensitive (dialog, PH_MAP_EXPORT_LINE));
  ph_export_dialog_set_overlay (dialog, PH_MAP_EXPORT_RINGS, FALSE);
  ph_export_dialog_set_overlay (dialog, PH_MAP_EXPORT_HIGHLIGHT, FALSE);
  /* the size it says counts the legend's band below the table, and
   * follows the threat map's box */
  {
    int plain_w, plain_h;
    g_autofree char *size = NULL, *plain = NULL;

    image_size (f->scenario, 12, "rogers", &width, &height);
    image_size (f->scenario, 12, NULL, &plain_w, &plain_h);
    g_assert_cmpint (height, >, plain_h);
    size = g_strdup_printf ("%d × %d pixels", width, height);
    plain = g_strdup_printf ("%d × %d pixels", plain_w, plain_h);
    g_assert_true (g_str_has_prefix (ph_export_dialog_get_size_text (dialog), size));
    ph_export_dialog_set_overlay (dialog, PH_MAP_EXPORT_THREAT, FALSE);
    g_assert_true (g_str_has_prefix (ph_export_dialog_get_size_text (dialog), plain));
    ph_export_dialog_set_overlay (dialog, PH_MAP_EXPORT_THREAT, TRUE);
  }
  path = export_to (f, dialog, "threat.svg");
  g_assert_null (ph_test_find_message_dialog (GTK_WINDOW (f->window)));

  doc = xmlReadFile (path, NULL, XML_PARSE_NONET | XML_PARSE_HUGE);
  g_assert_nonnull (doc);
  root = xmlDocGetRootElement (doc);
  g_assert_cmpstr ((const char *) root->name, ==, "svg");
  g_assert_cmpstr ((const char *) root->ns->href, ==, "http://www.w3.org/2000/svg");
  image_size (f->scenario, 12, "rogers", &width, &height);
  width_pt = g_strdup_printf ("%dpt", width);
  height_pt = g_strdup_printf ("%dpt", height);
  width_attr = xmlGetProp (root, (const xmlChar *) "width");
  height_attr = xmlGetProp (root, (const xmlChar *) "height");
  g_assert_cmpstr ((const char *) width_attr, ==, width_pt);
  g_assert_cmpstr ((const char *) height_attr, ==, height_pt);
  xmlFree (width_attr);
  xmlFree (height_attr);
  xmlFreeDoc (doc);
  assert_same_as_cli (f, example, path, "--threat", "rogers", NULL);
}

/* PDF at true scale on a cm table: 72 / 2.54 points a centimetre, so the
 * table's 240 cm are 240 cm of page between the margins */
static void
test_pdf_true_scale (Fixture       *f,
                     gconstpointer  example)
{
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");
  PhExportDialog *dialog;
  g_autoptr(PhMapExport) shown = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { NULL, NULL, NULL };
  GtkWidget *true_scale;
  const char *line;
  double page_width, page_height, margin;
  int status;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  g_assert_cmpint (f->scenario->table.unit, ==, PH_UNIT_CM);
  dialog = open_dialog (f);
  /* nothing selected: nothing about a figure to offer */
  g_assert_false (ph_export_dialog_get_overlay_sensitive (dialog, PH_MAP_EXPORT_RINGS));
  g_assert_false (ph_export_dialog_get_overlay_sensitive (dialog, PH_MAP_EXPORT_THREAT));
  g_assert_false (ph_export_dialog_get_overlay_sensitive (dialog, PH_MAP_EXPORT_HIGHLIGHT));
  true_scale = ph_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, "_True Scale");
  g_assert_nonnull (true_scale);
  g_signal_emit_by_name (true_scale, "clicked");
  shown = ph_export_dialog_get_export (dialog);
  g_assert_cmpfloat_with_epsilon (shown->scale, 72 / 2.54, 0.05);
  g_assert_null (shown->figure);
  path = export_to (f, dialog, "true-scale.PDF");
  g_assert_null (ph_test_find_message_dialog (GTK_WINDOW (f->window)));
  {
    g_autoptr(GBytes) bytes = read_bytes (path);

    g_assert_true (g_str_has_prefix (g_bytes_get_data (bytes, NULL), "%PDF"));
  }

  if (pdfinfo == NULL)
    {
      g_test_skip ("pdfinfo (poppler-utils) is not installed: the page size is not read");
      return;
    }
  argv[0] = pdfinfo;
  argv[1] = path;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                               NULL, NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  line = strstr (out, "\nPage size:");
  g_assert_nonnull (line);
  g_assert_cmpint (sscanf (line + strlen ("\nPage size:"), "%lf x %lf", &page_width, &page_height), ==, 2);
  /* the spin button keeps one decimal: 28.3 points a cm */
  margin = ph_render_margin (shown->scale);
  g_assert_cmpfloat_with_epsilon ((page_width - 2 * margin) / shown->scale,
                                  f->scenario->table.width, 1);
  g_assert_cmpfloat_with_epsilon ((page_height - 2 * margin) / shown->scale,
                                  f->scenario->table.height, 1);
  /* and in centimetres of paper, the table's own */
  g_assert_cmpfloat_with_epsilon ((page_width - 2 * margin) / 72 * 2.54,
                                  f->scenario->table.width, 1);
}

/* The format is the name's, else the chooser's filter's */
static void
test_target (void)
{
  static const struct
  {
    const char *chosen;
    PhRenderFormat filter;
    const char *file;
    PhRenderFormat format;
  } cases[] = {
    { "/tmp/map", PH_RENDER_FORMAT_SVG, "/tmp/map.svg", PH_RENDER_FORMAT_SVG },
    { "/tmp/map.png", PH_RENDER_FORMAT_PDF, "/tmp/map.png", PH_RENDER_FORMAT_PNG },
    { "/tmp/Map.PDF", PH_RENDER_FORMAT_PNG, "/tmp/Map.PDF", PH_RENDER_FORMAT_PDF },
    { "/tmp/map.svg", PH_RENDER_FORMAT_PNG, "/tmp/map.svg", PH_RENDER_FORMAT_SVG },
    { "/tmp/map.txt", PH_RENDER_FORMAT_PNG, "/tmp/map.txt.png", PH_RENDER_FORMAT_PNG },
    { "/tmp/table.v2", PH_RENDER_FORMAT_PDF, "/tmp/table.v2.pdf", PH_RENDER_FORMAT_PDF },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GFile) chosen = g_file_new_for_path (cases[i].chosen);
      g_autoptr(GFile) file = NULL;
      g_autofree char *path = NULL;
      PhRenderFormat format = -1;

      file = ph_window_export_target (chosen, cases[i].filter, &format);
      path = g_file_get_path (file);
      g_assert_cmpstr (path, ==, cases[i].file);
      g_assert_cmpint (format, ==, cases[i].format);
    }
}

static GtkFileFilter *
find_filter (GtkFileChooser *chooser,
             const char     *name)
{
  g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (chooser);

  for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      if (g_strcmp0 (gtk_file_filter_get_name (filter), name) == 0)
        return filter;   /* the chooser keeps it */
    }
  return NULL;
}

/* The save chooser after the options: named after the scenario's file, a
 * filter per format, the filter's format for a name without one */
static void
test_chooser (Fixture       *f,
              gconstpointer  example)
{
  g_autofree char *svg_path = path_in (f, "chosen.svg");
  g_autofree char *name = NULL;
  g_autoptr(GListModel) filters = NULL;
  PhExportDialog *dialog;
  GtkFileChooser *chooser;
  GtkFileFilter *svg;
  GtkWidget *button;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  /* the scenario is a file of the test's own folder: the chooser starts
   * there, never among the installed examples */
  {
    g_autoptr(GFile) example_file = ph_test_example_file (example);
    g_autofree char *copy_path = path_in (f, "farmstead.powderhorn");
    g_autoptr(GFile) copy = g_file_new_for_path (copy_path);
    g_autoptr(GError) error = NULL;

    g_assert_true (g_file_copy (example_file, copy, G_FILE_COPY_NONE, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    g_assert_true (ph_window_load_file (f->window, copy, &error));
    g_assert_no_error (error);
  }
  dialog = open_dialog (f);
  button = ph_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, "_Export…");
  g_signal_emit_by_name (button, "clicked");
  ph_test_run_until_idle ();
  g_assert_null (find_dialog (f));
  g_assert_nonnull (f->window->chooser);
  chooser = GTK_FILE_CHOOSER (f->window->chooser);
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_SAVE);
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "farmstead-map.png");
  filters = gtk_file_chooser_get_filters (chooser);
  g_assert_cmpuint (g_list_model_get_n_items (filters), ==, 3);
  g_assert_true (gtk_file_chooser_get_filter (chooser) == find_filter (chooser, "PNG Images"));
  svg = find_filter (chooser, "SVG Images");
  g_assert_nonnull (svg);
  g_assert_nonnull (find_filter (chooser, "PDF Documents"));

  /* "chosen" with SVG Images picked: chosen.svg, an SVG */
  gtk_file_chooser_set_filter (chooser, svg);
  gtk_file_chooser_set_current_name (chooser, "chosen");
  {
    g_autoptr(GFile) chosen = gtk_file_chooser_get_file (chooser);
    g_autofree char *chosen_path = path_in (f, "chosen");

    /* in the scenario's folder (the test's, not the examples') */
    g_assert_cmpstr (g_file_peek_path (chosen), ==, chosen_path);
  }
  g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_ACCEPT);
  PH_TEST_WAIT_UNTIL (!ph_window_export_busy (f->window));
  g_assert_null (f->window->chooser);
  g_assert_null (ph_test_find_message_dialog (GTK_WINDOW (f->window)));
  {
    g_autoptr(GBytes) bytes = read_bytes (svg_path);

    g_assert_nonnull (g_strstr_len (g_bytes_get_data (bytes, NULL), 200, "<svg"));
  }
  /* the next export offers SVG first */
  dialog = open_dialog (f);
  button = ph_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, "_Export…");
  g_signal_emit_by_name (button, "clicked");
  ph_test_run_until_idle ();
  chooser = GTK_FILE_CHOOSER (f->window->chooser);
  g_clear_pointer (&name, g_free);
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "farmstead-map.svg");
  g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_CANCEL);
  g_assert_null (f->window->chooser);
}

/* The entries of the folder @dir_path */
static guint
count_entries (const char *dir_path)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* A folder that is not there, a read-only file: the error is shown, the
 * file stays as it was and nothing is left behind */
static void
test_errors (Fixture       *f,
             gconstpointer  example)
{
  g_autofree char *kept = NULL;
  g_autofree char *text = NULL, *secondary = NULL;
  g_autofree char *path = NULL;
  g_autofree char *missing = NULL;
  g_autofree char *read_only = path_in (f, "kept.png");
  GtkWidget *message;
  PhExportDialog *dialog;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  dialog = open_dialog (f);
  missing = export_to (f, dialog, "no-such-folder/map.png");
  message = ph_test_error_dialog (f->window, &text, &secondary);
  g_assert_cmpstr (text, ==, "Could not export “map.png”");
  g_assert_nonnull (secondary);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  gtk_window_destroy (GTK_WINDOW (message));
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&secondary, g_free);

  g_assert_true (g_file_set_contents (read_only, "the old map", -1, NULL));
  g_assert_cmpint (g_chmod (read_only, 0444), ==, 0);
  dialog = open_dialog (f);
  path = export_to (f, dialog, "kept.png");
  message = ph_test_error_dialog (f->window, &text, &secondary);
  g_assert_cmpstr (text, ==, "Could not export “kept.png”");
  gtk_window_destroy (GTK_WINDOW (message));
  g_assert_true (g_file_get_contents (read_only, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "the old map");
  /* kept.png alone: no temporary file left */
  g_assert_cmpuint (count_entries (f->dir), ==, 1);
}

/* Whether @model, or a section or submenu in it, has an item for @action */
static gboolean
menu_has_action (GMenuModel *model,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GMenuLinkIter) links = NULL;
      const char *link;
      GMenuModel *linked;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && g_strcmp0 (name, action) == 0)
        return TRUE;
      links = g_menu_model_iterate_item_links (model, i);
      while (g_menu_link_iter_get_next (links, &link, &linked))
        {
          gboolean found = menu_has_action (linked, action);

          g_object_unref (linked);
          if (found)
            return TRUE;
        }
    }
  return FALSE;
}

static gboolean
is_export_shortcut (GtkWidget     *widget,
                    gconstpointer  data)
{
  g_autofree char *action = NULL;

  if (!GTK_IS_SHORTCUTS_SHORTCUT (widget))
    return FALSE;
  g_object_get (widget, "action-name", &action, NULL);
  return g_strcmp0 (action, "win.export-map") == 0;
}

/* Ctrl+Shift+E, in the main menu and the shortcuts window */
static void
test_shortcut (Fixture       *f,
               gconstpointer  example)
{
  g_auto(GStrv) accels = NULL;
  g_auto(GStrv) actions = NULL;
  GtkShortcutsWindow *overlay;
  GdkModifierType mods;
  guint key;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (ph_test_app_get_application ()),
                                                  "win.export-map");
  g_assert_cmpuint (g_strv_length (accels), ==, 1);
  g_assert_true (gtk_accelerator_parse (accels[0], &key, &mods));
  g_assert_cmpuint (key, ==, GDK_KEY_e);
  g_assert_cmpuint (mods, ==, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
  /* and nothing else has it */
  actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (ph_test_app_get_application ()),
                                                   "<Control><Shift>e");
  g_assert_cmpuint (g_strv_length (actions), ==, 1);
  g_assert_cmpstr (actions[0], ==, "win.export-map");
  g_assert_true (menu_has_action (gtk_menu_button_get_menu_model (f->window->primary_menu_button),
                                  "win.export-map"));
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (f->window));
  g_assert_nonnull (overlay);
  g_assert_nonnull (ph_test_find_descendant (GTK_WIDGET (overlay), is_export_shortcut, NULL));
  /* only on the map: not on the start page of a new window */
  {
    PhWindow *empty = ph_test_window_new ();
    Fixture other = { .window = empty };

    g_assert_true (ph_window_is_unused (empty));
    gtk_widget_activate_action (GTK_WIDGET (empty), "win.export-map", NULL);
    ph_test_run_until_idle ();
    g_assert_null (find_dialog (&other));
    ph_test_window_destroy (empty);
  }
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);
  g_test_add ("/app/export/png", Fixture, PH_TEST_EXAMPLE_MAYHEM,
              fixture_set_up, test_png, fixture_tear_down);
  g_test_add ("/app/export/svg", Fixture, PH_TEST_EXAMPLE_FIRELOCK,
              fixture_set_up, test_svg, fixture_tear_down);
  g_test_add ("/app/export/pdf-true-scale", Fixture, EXAMPLE_FEATHERSTONE,
              fixture_set_up, test_pdf_true_scale, fixture_tear_down);
  g_test_add_func ("/app/export/target", test_target);
  g_test_add ("/app/export/chooser", Fixture, PH_TEST_EXAMPLE_MAYHEM,
              fixture_set_up, test_chooser, fixture_tear_down);
  g_test_add ("/app/export/errors", Fixture, PH_TEST_EXAMPLE_MAYHEM,
              fixture_set_up, test_errors, fixture_tear_down);
  g_test_add ("/app/export/shortcut", Fixture, PH_TEST_EXAMPLE_MAYHEM,
              fixture_set_up, test_shortcut, fixture_tear_down);
  return ph_test_app_run ();
}
