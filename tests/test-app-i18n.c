/* test-app-i18n.c: the window in French
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under a display (xvfb-run -a); without one every test skips, and so
 * they do when the system has no fr_FR.UTF-8 locale (README: Debian's
 * locales-all). The program's main binds the translations; this test does
 * the same with the ones built into the build tree (meson sets
 * PH_LOCALE_DIR to BUILDDIR/po), under LANGUAGE=fr LC_ALL=fr_FR.UTF-8.
 * The words come from both places they are marked: the .ui files
 * (translatable="yes") and the C code (_(), the core's labels). Helpers in
 * ph-test-app.h.
 */
#include <locale.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ph-figure-panel.h"
#include "ph-i18n.h"
#include "ph-test-app.h"

static gboolean have_french;

#define SKIP_WITHOUT_FRENCH() \
  G_STMT_START { \
    PH_TEST_SKIP_WITHOUT_DISPLAY (); \
    if (!have_french) \
      { \
        g_test_skip ("no fr_FR.UTF-8 locale on this system (install locales-all)"); \
        return; \
      } \
  } G_STMT_END

/* A label (on its own or a button's) whose text, mnemonic underline
 * taken away, contains @text */
static gboolean
label_contains (GtkWidget     *widget,
                gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

static GtkWidget *
find_label (PhWindow   *window,
            const char *text)
{
  return ph_test_find_descendant (GTK_WIDGET (window), label_contains, text);
}

/* The start page: its words from ph-start-page.ui */
static void
test_start_page (void)
{
  PhWindow *window;

  SKIP_WITHOUT_FRENCH ();
  window = ph_test_window_new ();
  ph_test_save_screenshot (GTK_WIDGET (window), "app-i18n-start.png");
  g_assert_nonnull (find_label (window, "Nouveau scénario…"));
  g_assert_nonnull (find_label (window, "Ouvrir un scénario…"));
  g_assert_nonnull (find_label (window, "Exemples"));
  g_assert_null (find_label (window, "New Scenario"));
  g_assert_null (find_label (window, "Examples"));
  ph_test_window_destroy (window);
}

/* A window on an example: the table's size in French inches (the core's
 * unit), and the Figure panel's status markers (the core's labels) */
static void
test_window_on_example (void)
{
  PhWindow *window;
  PhFigure *figure;
  GtkWidget *panel;

  SKIP_WITHOUT_FRENCH ();
  window = ph_test_window_new_on (PH_TEST_EXAMPLE_FIRELOCK);
  g_assert_nonnull (find_label (window, "48 × 36 po"));

  figure = ph_test_find_figure (ph_document_get_scenario (ph_window_get_document (window)), NULL);
  ph_test_click_figure (ph_window_get_map_view (window), figure, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-panel", "s", "figure");
  ph_test_run_until_idle ();
  panel = ph_test_window_panel (window, PH_TYPE_FIGURE_PANEL);
  g_assert_nonnull (panel);
  ph_test_save_screenshot (GTK_WIDGET (window), "app-i18n-figure.png");
  g_assert_nonnull (ph_test_find_widget (panel, GTK_TYPE_CHECK_BUTTON, "a tiré"));
  g_assert_nonnull (ph_test_find_widget (panel, GTK_TYPE_CHECK_BUTTON, "couché"));
  g_assert_null (ph_test_find_widget (panel, GTK_TYPE_CHECK_BUTTON, "fired"));
  ph_test_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  /* the environment of a French user, before GTK calls setlocale() */
  have_french = setlocale (LC_ALL, "fr_FR.UTF-8") != NULL;
  if (have_french)
    {
      g_setenv ("LANGUAGE", "fr", TRUE);
      g_setenv ("LANG", "fr_FR.UTF-8", TRUE);
      g_setenv ("LC_ALL", "fr_FR.UTF-8", TRUE);
    }
  else
    g_printerr ("no fr_FR.UTF-8 locale: the French tests skip (Debian: apt-get install locales-all)\n");
  setlocale (LC_ALL, "");
  /* as src/app/main.c does */
  bindtextdomain (GETTEXT_PACKAGE, ph_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  ph_test_app_init (&argc, &argv);
  g_test_add_func ("/app/i18n/start-page", test_start_page);
  g_test_add_func ("/app/i18n/window-on-example", test_window_on_example);
  return ph_test_app_run ();
}
