/* ph-window-private.h: what ph-window.c, ph-window-files.c and ph-window-print.c share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-figure-panel.h"
#include "ph-game-panel.h"
#include "ph-shot-panel.h"
#include "ph-start-page.h"
#include "ph-window.h"
#include "ph-scenario-panel.h"
#include "ph-terrain-panel.h"

G_BEGIN_DECLS

struct _PhWindow
{
  GtkApplicationWindow parent_instance;

  /* Template widgets */
  GtkStack *stack;
  PhStartPage *start_page;
  GtkPaned *paned;
  PhMapView *map_view;
  GtkLabel *status_label;
  GtkLabel *zoom_label;
  GtkWidget *side_panel;
  GtkStack *panel_stack;
  /* round the panels: what is wider than the panel is clipped, never
   * widening it (ui/ph-window.ui) */
  GtkScrolledWindow *panel_clip;
  PhShotPanel *shot_panel;
  PhFigurePanel *figure_panel;
  PhGamePanel *game_panel;
  PhScenarioPanel *scenario_panel;
  PhTerrainPanel *terrain_panel;
  GtkToggleButton *edit_button;
  GtkMenuButton *primary_menu_button;
  GtkWidget *edit_bar;
  GtkWidget *edit_hint;
  GtkToggleButton *shape_buttons[5];  /* by PhDrawShape */
  GtkWidget *kind_dropdown;
  GtkWidget *turn_bar;
  GtkLabel *turn_label;
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkToggleButton *measure_button;
  GtkToggleButton *arc_button;
  GtkToggleButton *panel_button;
  GtkWidget *map_tools_box;
  GtkWidget *save_button;
  GtkWidget *add_figure_button;
  GtkWidget *history_box;
  GMenu *recent_menu;
  GtkRevealer *reload_revealer;   /* the file changed on disk, we have changes */
  AdwToastOverlay *toast_overlay; /* over the stack: Saved, Deleted (Undo) */
  AdwToastOverlay *map_toast_overlay; /* over the map only: a step's result,
                                       * never over the panel or the status
                                       * line */
  GtkLabel *reload_label;

  PhDocument *document;
  GtkRecentManager *recent_manager;
  gulong recent_changed_handler;
  GtkFileChooserNative *chooser;
  GtkWidget *prompt;            /* the unsaved-changes or changed-on-disk dialog */
  AdwToast *undo_toast;         /* "Deleted ...": Undo, while nothing else changed */
  AdwToast *saved_toast;        /* "Saved ...", while shown */
  PhDrafts *drafts;             /* the application's, keeping a draft of the document */
  GtkPrintSettings *print_settings;  /* the last print dialog's */
  GFile *export_file_for_testing;
  guint close_confirmed : 1;
  gboolean previewing;              /* the Fire tab's list follows a drag */
  GFileMonitor *file_monitor;       /* on the document's file (ph-window-watch.c) */
  guint watch_timeout;              /* a change on disk settling */
};

/* What to do once the user has dealt with unsaved changes */
typedef void (*PhWindowContinue) (PhWindow *self,
                                  gpointer  data);

/* ph-window-files.c */
void ph_window_files_init          (PhWindow *self);
void ph_window_files_dispose       (PhWindow *self);
void ph_window_files_class_init    (GtkWidgetClass *widget_class);
/* Calls @then at once when the document is clean; else asks Save,
 * Discard or Cancel, and calls it after a successful save or a discard.
 * @data is freed with @destroy either way. */
void ph_window_confirm_discard     (PhWindow         *self,
                                    PhWindowContinue  then,
                                    gpointer          data,
                                    GDestroyNotify    destroy);
void ph_window_show_error          (PhWindow   *self,
                                    const char *primary,
                                    const char *secondary);
/* Makes self->chooser, a modal file chooser with @accept_label and
 * Cancel, and returns it to be set up; ph_window_chooser_show() shows it. */
GtkFileChooser *ph_window_chooser_new    (PhWindow             *self,
                                          const char           *title,
                                          GtkFileChooserAction  action,
                                          const char           *accept_label);
void            ph_window_chooser_show   (PhWindow             *self,
                                          GCallback             on_response,
                                          gpointer              user_data);
/* For the "response" handler: clears self->chooser and returns the
 * chosen file, or NULL when the user cancelled. */
GFile          *ph_window_chooser_finish (PhWindow             *self,
                                          GtkNativeDialog      *dialog,
                                          int                   response);

/* ph-window-print.c */
void ph_window_print_class_init    (GtkWidgetClass *widget_class);
/* ph-window-edit.c: adding, duplicating and deleting figures */
void ph_window_edit_class_init     (GtkWidgetClass *widget_class);
void ph_window_edit_update_state   (PhWindow *self);
/* Pastes the figures of the scenario XML @text (what Copy puts on the
 * clipboard) as one undo step; FALSE, with the reason, for text that is
 * not such a scenario or one of another ruleset */
gboolean ph_window_paste_text      (PhWindow    *self,
                                    const char  *text,
                                    GError     **error);
void ph_window_print_dispose       (PhWindow *self);
/* Enables the print, export and random-character actions. */
void ph_window_print_update_state  (PhWindow *self);

/* ph-window-terrain.c: edit mode, the shape bar and the terrain actions */
void     ph_window_terrain_class_init   (GtkWidgetClass *widget_class);
void     ph_window_terrain_init         (PhWindow *self);
void     ph_window_terrain_update_state (PhWindow *self);
/* Delete and Ctrl+D on the selected feature (the corner touched last goes
 * first); FALSE when no feature is selected */
gboolean ph_window_terrain_delete       (PhWindow *self);
gboolean ph_window_terrain_duplicate    (PhWindow *self);

/* ph-window-export.c: Export Map Image (ph-window-export.h) */
void     ph_window_export_class_init   (GtkWidgetClass *widget_class);
void     ph_window_export_update_state (PhWindow *self);

/* ph-window-watch.c: the window follows its file on disk */
void     ph_window_watch_init       (PhWindow *self);
void     ph_window_watch_dispose    (PhWindow *self);
void     ph_window_watch_class_init (GtkWidgetClass *widget_class);
/* Reads the file again over the document, keeping the view and the
 * selection; FALSE (said in the status line) when it cannot be read */
gboolean ph_window_reload           (PhWindow *self);

/* ph-window.c */
void ph_window_update_state        (PhWindow *self);
/* ph-window-status.c: the status line, the turn bar */
void ph_window_update_status       (PhWindow *self);
void ph_window_update_turn_bar     (PhWindow *self);
/* ph-window-toasts.c: a toast saying @text (plain, a line of at most
 * 110 characters: more is cut), a few seconds long; none when the status
 * line says the same */
void ph_window_toast_text          (PhWindow   *self,
                                    const char *text);
/* ph-window-toasts.c: the Undo toast goes (anything else changed) */
void ph_window_dismiss_undo_toast  (PhWindow *self);
/* ph-window-state.c: the size and panel width, from and to the settings */
void ph_window_save_state          (PhWindow *self);
void ph_window_restore_state       (PhWindow *self);
void ph_window_on_paned_realize    (PhWindow *self);
/* A toast over the window: "Saved “@file”" */
void ph_window_toast_saved         (PhWindow *self,
                                    GFile    *file);
/* A toast over the window saying @title (plain text) with Undo, which
 * takes back the document's last step: call it just after the step (a
 * delete) was made. Any other change to the document dismisses it. */
void ph_window_toast_undo          (PhWindow   *self,
                                    const char *title);

G_END_DECLS
