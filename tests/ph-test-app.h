/* ph-test-app.h: what the window's tests share (tests/test-app-*.c)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One application for the whole test program, started under a display
 * (xvfb-run -a, GSK_RENDERER=cairo) with a scratch home; windows opened on
 * the bundled examples and thrown away; figures found and clicked through
 * the map view's gesture code; widgets found as a user would (by what they
 * say); and screenshots (app-*.png in the build directory) for a person to
 * look at. Without a display every test skips.
 */
#pragma once

#include <adwaita.h>

#include "ph-application.h"
#include "ph-map-view-private.h"
#include "ph-window.h"
#include "ph-test-wait.h"

G_BEGIN_DECLS

#define PH_TEST_EXAMPLE_MAYHEM "musket-mayhem-fight-at-the-farmstead.xml"
#define PH_TEST_EXAMPLE_FIRELOCK "firelock-bloody-run-1758.xml"

/* Sets up the scratch home, g_test_init() and, when there is a display,
 * GTK and the application */
void           ph_test_app_init            (int    *argc,
                                            char ***argv);
/* g_test_run(), then drops the application */
int            ph_test_app_run             (void);
gboolean       ph_test_app_have_display    (void);
/* The application, or NULL without a display */
PhApplication *ph_test_app_get_application (void);

#define PH_TEST_SKIP_WITHOUT_DISPLAY() \
  G_STMT_START { \
    if (!ph_test_app_have_display ()) { g_test_skip ("no display"); return; } \
  } G_STMT_END

/* The main loop. Nothing here waits for a fixed time: a loaded machine
 * draws late, so each wait is for its condition (ph-test-wait.h). */
void       ph_test_run_until_idle   (void);
/* Until everything queued on @widget has been drawn */
void       ph_test_wait_drawn       (GtkWidget *widget);

/* Windows */

/* $PH_DATA_DIR/scenarios/@name */
GFile     *ph_test_example_file     (const char *name);
/* A window shown and drawn: @width by @height, 1280 by 800, or that on
 * the example @example */
PhWindow  *ph_test_window_new_sized (int width,
                                     int height);
PhWindow  *ph_test_window_new       (void);
PhWindow  *ph_test_window_new_on    (const char *example);
/* Throws @window away, unsaved changes and all */
void       ph_test_window_destroy   (PhWindow *window);
/* @widget's next frame as @name in $G_TEST_BUILDDIR, or in @dir */
void       ph_test_save_screenshot  (GtkWidget  *widget,
                                     const char *name);
/* The whole of @widget's next frame: @width by @height RGB pixels
 * (0xRRGGBB), rows top to bottom; g_free() them */
guint32   *ph_test_pixels           (GtkWidget  *widget,
                                     int        *width,
                                     int        *height);
/* The colour (0xRRGGBB) at (@x, @y) in @widget's next frame, which must
 * be opaque there */
guint32    ph_test_pixel            (GtkWidget  *widget,
                                     int         x,
                                     int         y);
/* The same, as @name in @dir */
void       ph_test_save_screenshot_in (GtkWidget  *widget,
                                       const char *dir,
                                       const char *name);

/* Figures on the map */

void       ph_test_figure_widget_point (PhMapView      *map_view,
                                        const PhFigure *figure,
                                        double         *x,
                                        double         *y);
/* The first figure on the table, not of side @not_side when that is not
 * NULL */
PhFigure  *ph_test_find_figure         (PhScenario *scenario,
                                        const char *not_side);
/* A press and release on @figure, with @modifiers held */
void       ph_test_click_figure        (PhMapView       *map_view,
                                        PhFigure        *figure,
                                        GdkModifierType  modifiers);

/* Dialogs and widgets */

/* The message dialog (AdwMessageDialog) transient for @parent, or NULL */
GtkWidget *ph_test_find_message_dialog (GtkWindow *parent);
/* The message dialog over @window (asserted), its heading and body
 * logged */
GtkWidget *ph_test_error_dialog        (PhWindow  *window,
                                        char     **text,
                                        char     **secondary);
/* The message dialog's heading and body (to be freed) */
void       ph_test_message_dialog_get_text (GtkWidget  *dialog,
                                            char      **heading,
                                            char      **body);
/* Clicks the dialog's button of @response (its id), as a user does: the
 * button must be there, shown and enabled */
void       ph_test_message_dialog_respond  (GtkWidget  *dialog,
                                            const char *response);

/* The first widget below @root, depth first, for which @match is TRUE */
typedef gboolean (*PhTestWidgetMatch) (GtkWidget     *widget,
                                       gconstpointer  data);
GtkWidget *ph_test_find_descendant     (GtkWidget         *root,
                                        PhTestWidgetMatch  match,
                                        gconstpointer      data);
/* Widgets inside a panel, found as a user would: by what they say (a
 * label, a button's or check button's label; any when @label is NULL) */
GtkWidget *ph_test_find_widget         (GtkWidget  *root,
                                        GType       type,
                                        const char *label);
/* The window's panel of @type */
GtkWidget *ph_test_window_panel        (PhWindow *window,
                                        GType     type);

/* The New Scenario dialog shown, or NULL */
GtkWidget *ph_test_find_new_dialog     (void);
/* A window on a new 72 x 48 in table of @ruleset (a file's name for it),
 * made as a user makes it: New Scenario, the rules, Create; drawn */
PhWindow  *ph_test_window_on_new_table (const char *ruleset);
/* What the window's clipboard holds as text ("" for none) */
char      *ph_test_clipboard_text      (PhWindow *window);

/* The map's menus. A popover menu shown (a PhTestWidgetMatch) */
gboolean     ph_test_popover_mapped   (GtkWidget *widget, gconstpointer data);
/* The item of @model (sections too) that performs the game step @action
 * (win.game-action): its label and whether it opens the Game tab's form
 * (needs more); FALSE when none (a greyed refusal performs nothing) */
gboolean     ph_test_menu_performs    (GMenuModel *model, const char *action,
                                       char **label, gboolean *needs_more);
/* Every label of @model (sections too), one a line, a label's own line
 * breaks (a long greyed refusal's) read as spaces */
void         ph_test_menu_labels      (GMenuModel *model, GString *out);
/* The menu a right-click on @figure (picked first) shows: the popover's
 * model */
GMenuModel  *ph_test_figure_menu      (PhMapView *map, PhFigure *figure);
/* The map's menu shown, closed */
void         ph_test_close_menu       (PhMapView *map);

G_END_DECLS
