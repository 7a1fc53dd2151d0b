/* ph-window-state.c: the window's size, maximized state and side panel
 * width, kept in the settings between runs
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-window-private.h"


static GSettings *
get_settings (PhWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return PH_IS_APPLICATION (app) ? ph_application_get_settings (PH_APPLICATION (app)) : NULL;
}

void
ph_window_save_state (PhWindow *self)
{
  GSettings *settings = get_settings (self);
  int width, height;

  if (settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set (settings, "window-size", "(ii)", width, height);
  g_settings_set_boolean (settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
  /* (a window closed before its map was ever laid out has none to keep) */
  if (gtk_widget_get_width (GTK_WIDGET (self->paned)) > 0)
    g_settings_set_int (settings, "panel-width",
                        CLAMP (gtk_widget_get_width (GTK_WIDGET (self->paned))
                               - gtk_paned_get_position (self->paned), 200, 2000));
}

void
ph_window_restore_state (PhWindow *self)
{
  GSettings *settings = get_settings (self);
  int width, height;

  if (settings == NULL)
    return;
  g_settings_get (settings, "window-size", "(ii)", &width, &height);
  if (width > 0 && height > 0)
    gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

void
ph_window_on_paned_realize (PhWindow *self)
{
  GSettings *settings = get_settings (self);
  int panel_width = settings ? g_settings_get_int (settings, "panel-width") : 340;
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  panel_width = CLAMP (panel_width, 300, 600);
  gtk_paned_set_position (self->paned, MAX (400, width - panel_width));
}
