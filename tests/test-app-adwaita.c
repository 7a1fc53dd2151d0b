/* test-app-adwaita.c: the window as a libadwaita application: light and
 * dark, toasts, message dialogs, About
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips. The
 * desktop's setting is GNOME's org.gnome.desktop.interface color-scheme
 * (the tests run with ADW_DISABLE_PORTAL and the memory settings backend,
 * so libadwaita reads it there and the test can change it). Screenshots
 * app-light-*.png and app-dark-*.png are for a person to look at.
 */
#include <glib/gstdio.h>
#include <string.h>

#include "ph-app-config.h"
#include "ph-odds-window.h"
#include "ph-window-private.h"
#include "ph-test-app.h"

/* The desktop's light or dark setting: "default", "prefer-dark" */
static void
set_desktop_scheme (const char *scheme)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;

  /* gsettings-desktop-schemas (README, command b) */
  schema = g_settings_schema_source_lookup (source, "org.gnome.desktop.interface", TRUE);
  g_assert_nonnull (schema);
  g_assert_true (g_settings_schema_has_key (schema, "color-scheme"));
  settings = g_settings_new ("org.gnome.desktop.interface");
  g_assert_true (g_settings_set_string (settings, "color-scheme", scheme));
}

static void
set_style (const char *nick)
{
  g_action_group_activate_action (G_ACTION_GROUP (ph_test_app_get_application ()),
                                  "color-scheme", g_variant_new_string (nick));
  ph_test_run_until_idle ();
}

static char *
get_style (void)
{
  g_autoptr(GVariant) state = NULL;

  state = g_action_group_get_action_state (G_ACTION_GROUP (ph_test_app_get_application ()),
                                           "color-scheme");
  return g_variant_dup_string (state, NULL);
}

static gboolean
is_dark (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

/* Each test leaves the style as it found it: the desktop's, light */
static void
restore_style (void)
{
  set_style ("follow");
  set_desktop_scheme ("default");
  PH_TEST_WAIT_UNTIL (!is_dark ());
}

static int
luminance (guint32 rgb)
{
  return (2 * ((rgb >> 16) & 0xff) + 5 * ((rgb >> 8) & 0xff) + (rgb & 0xff)) / 8;
}

/* The window's own background, at a point of the start page with
 * nothing on it (near its left edge, clear of the window's frame, half
 * way down) */
static guint32
start_page_background (PhWindow *window)
{
  GtkWidget *page = GTK_WIDGET (window->start_page);
  graphene_point_t at;

  g_assert_true (gtk_widget_compute_point (page, GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT (24, gtk_widget_get_height (page) / 2),
                                           &at));
  return ph_test_pixel (GTK_WIDGET (window), at.x, at.y);
}

/* The desktop says dark: the style manager follows, and the window's
 * background really is dark; back to the default, light again. */
static void
test_follows_desktop (void)
{
  PhWindow *window;
  guint32 light, dark;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  restore_style ();
  window = ph_test_window_new ();
  g_assert_false (is_dark ());
  ph_test_save_screenshot (GTK_WIDGET (window), "app-light-start.png");
  light = start_page_background (window);
  g_test_message ("light background: #%06x", light);
  g_assert_cmpint (luminance (light), >, 0xe0);

  set_desktop_scheme ("prefer-dark");
  PH_TEST_WAIT_UNTIL (is_dark ());
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()),
                   ==, ADW_COLOR_SCHEME_DEFAULT);
  dark = start_page_background (window);
  g_test_message ("dark background: #%06x", dark);
  g_assert_cmpint (luminance (dark), <, 0x40);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-dark-start.png");

  set_desktop_scheme ("default");
  PH_TEST_WAIT_UNTIL (!is_dark ());
  g_assert_cmphex (start_page_background (window), ==, light);

  ph_test_window_destroy (window);
  restore_style ();
}

/* The main menu's Style: Dark and Light win over the desktop, Follow the
 * Desktop gives it back; the choice is the settings' color-scheme. */
static void
test_style_menu (void)
{
  GSettings *settings = ph_application_get_settings (ph_test_app_get_application ());
  g_autofree char *follow = NULL;
  g_autofree char *dark = NULL;
  g_autofree char *light = NULL;
  g_autofree char *back = NULL;
  PhWindow *window;
  guint32 light_pixel;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  /* the schema is the build's (GSETTINGS_SCHEMA_DIR) */
  g_assert_nonnull (settings);
  restore_style ();
  window = ph_test_window_new ();
  follow = get_style ();
  g_assert_cmpstr (follow, ==, "follow");
  light_pixel = start_page_background (window);

  set_style ("dark");
  g_assert_true (is_dark ());
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()),
                   ==, ADW_COLOR_SCHEME_FORCE_DARK);
  dark = g_settings_get_string (settings, "color-scheme");
  g_assert_cmpstr (dark, ==, "dark");
  g_assert_cmpint (luminance (start_page_background (window)), <, 0x40);

  /* Light while the desktop prefers dark */
  set_desktop_scheme ("prefer-dark");
  set_style ("light");
  g_assert_false (is_dark ());
  light = g_settings_get_string (settings, "color-scheme");
  g_assert_cmpstr (light, ==, "light");
  g_assert_cmphex (start_page_background (window), ==, light_pixel);

  /* Following the desktop again: dark, as it prefers */
  g_settings_set_string (settings, "color-scheme", "follow");
  ph_test_run_until_idle ();
  back = get_style ();
  g_assert_cmpstr (back, ==, "follow");
  g_assert_true (is_dark ());

  ph_test_window_destroy (window);
  restore_style ();
}

/* @point of the table (in its units) on the map view, in pixels */
static void
table_point (PhMapView *map_view,
             PhPoint    point,
             int       *x,
             int       *y)
{
  PhRenderView view;
  PhPoint p;

  ph_map_view_get_render_view (map_view, &view);
  p = ph_render_view_to_device (&view, point);
  *x = (int) p.x;
  *y = (int) p.y;
}

/* In the dark style the table is dimmed over the dark surroundings (80%
 * of it over 20% of them), the surroundings stay as they are; back in the
 * light style it is as it was. */
static void
test_dark_map (void)
{
  PhWindow *window;
  PhMapView *map_view;
  guint32 light, dark, around_light, around_dark;
  int x, y;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  restore_style ();
  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  map_view = ph_window_get_map_view (window);
  /* the cloth in a square of its grid, clear of terrain and figures */
  table_point (map_view, (PhPoint) { 69.5, 1.5 }, &x, &y);
  g_assert_cmpfloat (ph_map_view_get_table_opacity (map_view), ==, 1.0);
  light = ph_test_pixel (GTK_WIDGET (map_view), x, y);
  around_light = ph_test_pixel (GTK_WIDGET (map_view), 2, 2);

  set_style ("dark");
  g_assert_cmpfloat (ph_map_view_get_table_opacity (map_view), <, 1.0);
  dark = ph_test_pixel (GTK_WIDGET (map_view), x, y);
  around_dark = ph_test_pixel (GTK_WIDGET (map_view), 2, 2);
  g_test_message ("table #%06x -> #%06x, around #%06x -> #%06x", light, dark, around_light,
                  around_dark);
  g_assert_cmphex (around_dark, ==, around_light);
  g_assert_cmpint (luminance (around_light), <, 0x40);
  for (int shift = 0; shift <= 16; shift += 8)
    {
      double table = (light >> shift) & 0xff;
      double around = (around_light >> shift) & 0xff;
      double opacity = ph_map_view_get_table_opacity (map_view);

      g_assert_cmpfloat_with_epsilon ((dark >> shift) & 0xff,
                                      opacity * table + (1 - opacity) * around, 2);
    }
  g_assert_cmpint (luminance (dark), <, luminance (light));
  ph_test_save_screenshot (GTK_WIDGET (window), "app-dark-map.png");

  set_style ("light");
  g_assert_cmphex (ph_test_pixel (GTK_WIDGET (map_view), x, y), ==, light);

  ph_test_window_destroy (window);
  restore_style ();
}

/* Toasts */

/* (the text shown: a toast's title is markup) */
static gboolean
is_label_saying (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

/* How many toasts over @window say @title */
static guint
count_toasts (GtkWidget  *widget,
              const char *title)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    n += (is_label_saying (child, title) && gtk_widget_get_mapped (child))
         + count_toasts (child, title);
  return n;
}

/* The toast saying @title over @window, when one shows */
static GtkWidget *
find_toast (PhWindow   *window,
            const char *title)
{
  GtkWidget *label = ph_test_find_descendant (GTK_WIDGET (window->toast_overlay),
                                              is_label_saying, title);

  return label != NULL && gtk_widget_get_mapped (label)
         ? gtk_widget_get_ancestor (label, g_type_from_name ("AdwToastWidget"))
         : NULL;
}

/* The example @name copied into @dir, as @as (or its own name) */
static char *
copy_example_as (const char *dir,
                 const char *name,
                 const char *as)
{
  g_autoptr(GFile) example = ph_test_example_file (name);
  g_autofree char *contents = NULL;
  char *path = g_build_filename (dir, as != NULL ? as : name, NULL);
  gsize length = 0;

  g_assert_true (g_file_load_contents (example, NULL, &contents, &length, NULL, NULL));
  g_assert_true (g_file_set_contents (path, contents, length, NULL));
  return path;
}

static char *
copy_example (const char *dir,
              const char *name)
{
  return copy_example_as (dir, name, NULL);
}

/* Save says so in a toast, which names the file (as it is: the toast's
 * title is markup, the name is not) */
static void
test_save_toast (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = copy_example_as (dir, PH_TEST_EXAMPLE_MAYHEM, "Farm & <Field>.xml");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  const char *saying = "Saved “Farm & <Field>.xml”";
  PhWindow *window;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new ();
  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  ph_test_run_until_idle ();
  g_assert_null (find_toast (window, saying));

  gtk_widget_activate_action (GTK_WIDGET (ph_window_get_map_view (window)), "map.select-all", NULL);
  gtk_widget_activate_action (GTK_WIDGET (ph_window_get_map_view (window)), "map.nudge", "(dd)", 1.0, 0.0);
  g_assert_true (ph_document_get_dirty (ph_window_get_document (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  g_assert_false (ph_document_get_dirty (ph_window_get_document (window)));
  PH_TEST_WAIT_UNTIL (find_toast (window, saying) != NULL);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-light-saved.png");

  g_assert_cmpuint (count_toasts (GTK_WIDGET (window), saying), ==, 1);

  /* Saved again: still the one toast */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  ph_test_run_until_idle ();
  PH_TEST_WAIT_UNTIL (count_toasts (GTK_WIDGET (window), saying) == 1);
  g_assert_nonnull (find_toast (window, saying));
  g_assert_null (ph_test_find_message_dialog (GTK_WINDOW (window)));

  ph_test_window_destroy (window);
  g_unlink (path);
  g_rmdir (dir);
}

/* The Undo of a toast, clicked as a user does */
static void
click_undo (GtkWidget *toast)
{
  GtkWidget *button = ph_test_find_widget (toast, GTK_TYPE_BUTTON, "_Undo");

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  g_signal_emit_by_name (button, "clicked");
  ph_test_run_until_idle ();
}

/* Delete says what went, and the toast's Undo brings it back: the same
 * figure, where it stood; the toast goes once anything else changes. */
static void
test_delete_undo_toast (void)
{
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  PhFigure *figure;
  GtkWidget *toast = NULL;
  g_autofree char *id = NULL;
  g_autofree char *saying = NULL;
  guint n_figures;
  double x, y;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  n_figures = scenario->figures->len;
  figure = ph_test_find_figure (scenario, NULL);
  id = g_strdup (figure->id);
  x = figure->x;
  y = figure->y;
  saying = g_strdup_printf ("Deleted %s", ph_figure_display_name (figure));
  ph_test_click_figure (ph_window_get_map_view (window), figure, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.delete", NULL));
  g_assert_null (ph_scenario_find_figure (scenario, id));
  g_assert_cmpuint (scenario->figures->len, ==, n_figures - 1);
  PH_TEST_WAIT_UNTIL ((toast = find_toast (window, saying)) != NULL);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-light-deleted.png");

  click_undo (toast);
  figure = ph_scenario_find_figure (scenario, id);
  g_assert_nonnull (figure);
  g_assert_cmpfloat (figure->x, ==, x);
  g_assert_cmpfloat (figure->y, ==, y);
  g_assert_cmpuint (scenario->figures->len, ==, n_figures);
  g_assert_false (ph_document_get_dirty (document));
  PH_TEST_WAIT_UNTIL (find_toast (window, saying) == NULL);

  /* Deleted again, then something else changed: no Undo left to offer
   * that would take back the wrong step */
  ph_test_click_figure (ph_window_get_map_view (window), figure, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.delete", NULL));
  PH_TEST_WAIT_UNTIL (find_toast (window, saying) != NULL);
  gtk_widget_activate_action (GTK_WIDGET (ph_window_get_map_view (window)), "map.select-all", NULL);
  gtk_widget_activate_action (GTK_WIDGET (ph_window_get_map_view (window)), "map.nudge", "(dd)", 1.0, 0.0);
  PH_TEST_WAIT_UNTIL (find_toast (window, saying) == NULL);
  g_assert_null (ph_scenario_find_figure (scenario, id));

  /* Several figures: counted */
  gtk_widget_activate_action (GTK_WIDGET (ph_window_get_map_view (window)), "map.select-all", NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.delete", NULL));
  g_assert_cmpuint (scenario->figures->len, ==, 0);
  g_clear_pointer (&saying, g_free);
  saying = g_strdup_printf ("Deleted %u figures", n_figures - 1);
  PH_TEST_WAIT_UNTIL ((toast = find_toast (window, saying)) != NULL);
  click_undo (toast);
  g_assert_cmpuint (scenario->figures->len, ==, n_figures - 1);

  ph_test_window_destroy (window);
}

/* A terrain feature deleted in edit mode: the same toast, the same Undo */
static void
test_delete_terrain_toast (void)
{
  PhWindow *window;
  PhScenario *scenario;
  PhFeature *feature;
  GtkWidget *toast = NULL;
  g_autofree char *id = NULL;
  g_autofree char *saying = NULL;
  guint n_features;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new_on (PH_TEST_EXAMPLE_FIRELOCK);
  scenario = ph_document_get_scenario (ph_window_get_document (window));
  n_features = scenario->features->len;
  g_assert_cmpuint (n_features, >, 0);
  feature = g_ptr_array_index (scenario->features, 0);
  id = g_strdup (feature->id);
  saying = g_strdup_printf ("Deleted %s", ph_feature_display_name (feature));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-table", NULL));
  ph_selection_set_feature (ph_document_get_selection (ph_window_get_document (window)), id);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.delete", NULL));
  g_assert_null (ph_scenario_find_feature (scenario, id));
  PH_TEST_WAIT_UNTIL ((toast = find_toast (window, saying)) != NULL);

  click_undo (toast);
  g_assert_nonnull (ph_scenario_find_feature (scenario, id));
  g_assert_cmpuint (scenario->features->len, ==, n_features);

  ph_test_window_destroy (window);
}

/* Closing with changes asks in an AdwMessageDialog: Cancel, Discard
 * (destructive), Save (suggested, the default); Save writes the file and
 * the window goes. */
static void
test_close_dialog (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *path = copy_example (dir, PH_TEST_EXAMPLE_MAYHEM);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) saved = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  g_autofree char *id = NULL;
  AdwMessageDialog *message;
  GtkWidget *dialog = NULL;
  PhWindow *window;
  PhFigure *figure;
  double x;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new ();
  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  figure = ph_test_find_figure (ph_document_get_scenario (ph_window_get_document (window)), NULL);
  id = g_strdup (figure->id);
  x = figure->x;
  gtk_widget_activate_action (GTK_WIDGET (ph_window_get_map_view (window)), "map.select-all", NULL);
  gtk_widget_activate_action (GTK_WIDGET (ph_window_get_map_view (window)), "map.nudge", "(dd)", 1.0, 0.0);

  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  PH_TEST_WAIT_UNTIL ((dialog = ph_test_find_message_dialog (GTK_WINDOW (window))) != NULL);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  message = ADW_MESSAGE_DIALOG (dialog);
  ph_test_message_dialog_get_text (dialog, &heading, &body);
  g_assert_cmpstr (heading, ==, "Save changes to “Fight at the Farmstead”?");
  g_assert_cmpstr (body, ==, "Moves and edits not saved will be lost.");
  g_assert_true (adw_message_dialog_has_response (message, "cancel"));
  g_assert_cmpint (adw_message_dialog_get_response_appearance (message, "discard"),
                   ==, ADW_RESPONSE_DESTRUCTIVE);
  g_assert_cmpint (adw_message_dialog_get_response_appearance (message, "save"),
                   ==, ADW_RESPONSE_SUGGESTED);
  g_assert_cmpstr (adw_message_dialog_get_default_response (message), ==, "save");
  g_assert_cmpstr (adw_message_dialog_get_close_response (message), ==, "cancel");

  /* Escape (the close response) keeps the window and its changes */
  gtk_window_close (GTK_WINDOW (dialog));
  PH_TEST_WAIT_UNTIL (ph_test_find_message_dialog (GTK_WINDOW (window)) == NULL);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (ph_document_get_dirty (ph_window_get_document (window)));

  /* Save: written, and the window goes */
  gtk_window_close (GTK_WINDOW (window));
  PH_TEST_WAIT_UNTIL ((dialog = ph_test_find_message_dialog (GTK_WINDOW (window))) != NULL);
  ph_test_message_dialog_respond (dialog, "save");
  PH_TEST_WAIT_UNTIL (!gtk_widget_get_visible (GTK_WIDGET (window)));
  saved = ph_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (ph_scenario_find_figure (saved, id)->x, ==, x + 1);
  g_object_unref (window);

  g_unlink (path);
  g_rmdir (dir);
}

static GtkWidget *
find_about (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* not owned */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (ADW_IS_ABOUT_WINDOW (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return GTK_WIDGET (item);
    }
  return NULL;
}

/* About: an AdwAboutWindow over the window, with the project's version */
static void
test_about (void)
{
  PhWindow *window;
  GtkWidget *about = NULL;
  AdwAboutWindow *info;

  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  window = ph_test_window_new ();
  gtk_window_present (GTK_WINDOW (window));
  g_assert_null (find_about ());
  g_action_group_activate_action (G_ACTION_GROUP (ph_test_app_get_application ()), "about", NULL);
  PH_TEST_WAIT_UNTIL ((about = find_about ()) != NULL);
  info = ADW_ABOUT_WINDOW (about);
  /* meson's project version */
  g_assert_cmpstr (adw_about_window_get_version (info), ==, PH_VERSION);
  g_assert_true (g_ascii_isdigit (PH_VERSION[0]));
  g_assert_cmpstr (adw_about_window_get_application_name (info), ==, "Powderhorn");
  g_assert_cmpstr (adw_about_window_get_application_icon (info), ==, PH_APP_ID);
  g_assert_cmpint (adw_about_window_get_license_type (info), ==, GTK_LICENSE_GPL_3_0);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (about)) == GTK_WINDOW (window));
  ph_test_wait_drawn (about);
  ph_test_save_screenshot (about, "app-light-about.png");
  gtk_window_destroy (GTK_WINDOW (about));
  ph_test_window_destroy (window);
}

static GtkWidget *
find_odds_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* not owned */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (PH_IS_ODDS_WINDOW (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return GTK_WIDGET (item);
    }
  return NULL;
}

/* The window's parts in @style ("light" or "dark"), as app-STYLE-*.png,
 * for a person to look at */
static void
screenshots_in (const char *style)
{
  PhWindow *window;
  PhDocument *document;
  PhScenario *scenario;
  PhFigure *shooter, *target;
  GtkWidget *dialog = NULL;
  GtkWidget *odds = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;

  set_style (style);
  window = ph_test_window_new_on (PH_TEST_EXAMPLE_MAYHEM);
  document = ph_window_get_document (window);
  scenario = ph_document_get_scenario (document);
  shooter = ph_test_find_figure (scenario, NULL);
  target = ph_test_find_figure (scenario, shooter->side);
  ph_test_click_figure (ph_window_get_map_view (window), shooter, 0);
  ph_map_view_set_pinned_target (ph_window_get_map_view (window), target);
  name = g_strdup_printf ("app-%s-fire.png", style);
  ph_test_save_screenshot (GTK_WIDGET (window), name);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "figure"));
  g_free (name);
  name = g_strdup_printf ("app-%s-figure.png", style);
  ph_test_save_screenshot (GTK_WIDGET (window), name);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "scenario"));
  g_free (name);
  name = g_strdup_printf ("app-%s-table.png", style);
  ph_test_save_screenshot (GTK_WIDGET (window), name);

  /* A game under way, and the bar of a file changed on disk */
  g_assert_true (ph_document_start_game (document, 1758, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "game"));
  gtk_label_set_label (window->reload_label, "“farmstead.xml” changed on disk.");
  gtk_revealer_set_reveal_child (window->reload_revealer, TRUE);
  g_free (name);
  name = g_strdup_printf ("app-%s-game.png", style);
  ph_test_save_screenshot (GTK_WIDGET (window), name);
  gtk_revealer_set_reveal_child (window->reload_revealer, FALSE);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-table", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "terrain"));
  g_free (name);
  name = g_strdup_printf ("app-%s-terrain.png", style);
  ph_test_save_screenshot (GTK_WIDGET (window), name);

  /* Who Can Shoot Whom */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.odds-matrix", NULL));
  PH_TEST_WAIT_UNTIL ((odds = find_odds_window ()) != NULL);
  ph_test_wait_drawn (odds);
  g_free (name);
  name = g_strdup_printf ("app-%s-odds.png", style);
  ph_test_save_screenshot (odds, name);
  gtk_window_destroy (GTK_WINDOW (odds));

  gtk_window_close (GTK_WINDOW (window));
  PH_TEST_WAIT_UNTIL ((dialog = ph_test_find_message_dialog (GTK_WINDOW (window))) != NULL);
  g_free (name);
  name = g_strdup_printf ("app-%s-unsaved.png", style);
  ph_test_save_screenshot (dialog, name);
  ph_test_message_dialog_respond (dialog, "cancel");
  ph_test_window_destroy (window);

  window = ph_test_window_new ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL));
  PH_TEST_WAIT_UNTIL ((dialog = ph_test_find_new_dialog ()) != NULL);
  ph_test_wait_drawn (dialog);
  g_free (name);
  name = g_strdup_printf ("app-%s-new.png", style);
  ph_test_save_screenshot (dialog, name);
  gtk_window_destroy (GTK_WINDOW (dialog));
  ph_test_window_destroy (window);
}

static void
test_screenshots (void)
{
  PH_TEST_SKIP_WITHOUT_DISPLAY ();

  restore_style ();
  screenshots_in ("light");
  screenshots_in ("dark");
  restore_style ();
}

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);

  g_test_add_func ("/app/adwaita/follows-desktop", test_follows_desktop);
  g_test_add_func ("/app/adwaita/style-menu", test_style_menu);
  g_test_add_func ("/app/adwaita/dark-map", test_dark_map);
  g_test_add_func ("/app/adwaita/save-toast", test_save_toast);
  g_test_add_func ("/app/adwaita/delete-undo-toast", test_delete_undo_toast);
  g_test_add_func ("/app/adwaita/delete-terrain-toast", test_delete_terrain_toast);
  g_test_add_func ("/app/adwaita/close-dialog", test_close_dialog);
  g_test_add_func ("/app/adwaita/about", test_about);
  g_test_add_func ("/app/adwaita/screenshots", test_screenshots);

  return ph_test_app_run ();
}
