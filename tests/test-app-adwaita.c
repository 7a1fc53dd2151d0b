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
#include <string.h>

#include "ph-app-config.h"
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

int
main (int   argc,
      char *argv[])
{
  ph_test_app_init (&argc, &argv);

  g_test_add_func ("/app/adwaita/follows-desktop", test_follows_desktop);
  g_test_add_func ("/app/adwaita/style-menu", test_style_menu);

  return ph_test_app_run ();
}
