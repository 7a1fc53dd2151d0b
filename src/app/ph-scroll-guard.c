/* ph-scroll-guard.c: the scroll wheel scrolls a panel, never a number box
 * the user has not clicked into
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkSpinButton takes every scroll over it, so scrolling down the side
 * panel changed whatever number passed under the pointer (a Hit bonus went
 * from 0 to -4 unnoticed). The guard sees the scroll first, in the capture
 * phase on the panel; when the widget under the pointer is inside a spin
 * button without the focus, it scrolls the nearest scrolled window itself
 * and stops the event there.
 */
#include "ph-scroll-guard.h"

#include <math.h>

#define POINTER_X "ph-scroll-guard-x"
#define POINTER_Y "ph-scroll-guard-y"

static gboolean
spin_without_focus (GtkWidget *target,
                    GtkWidget *panel)
{
  for (GtkWidget *w = target; w != NULL && w != panel; w = gtk_widget_get_parent (w))
    if (GTK_IS_SPIN_BUTTON (w))
      {
        GtkRoot *root = gtk_widget_get_root (w);
        GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

        return focus == NULL || !(focus == w || gtk_widget_is_ancestor (focus, w));
      }
  return FALSE;
}

gboolean
ph_scroll_guard_scroll (GtkWidget     *panel,
                        GtkWidget     *target,
                        double         dy,
                        GdkScrollUnit  unit)
{
  GtkWidget *scrolled;
  GtkAdjustment *adjustment;
  double page, delta, value;

  g_return_val_if_fail (GTK_IS_WIDGET (panel), FALSE);

  if (target == NULL || !spin_without_focus (target, panel))
    return FALSE;
  scrolled = gtk_widget_get_ancestor (target, GTK_TYPE_SCROLLED_WINDOW);
  if (scrolled != NULL)
    {
      adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
      page = gtk_adjustment_get_page_size (adjustment);
      /* as GtkScrolledWindow does: a notch is page^(2/3) pixels */
      delta = unit == GDK_SCROLL_UNIT_WHEEL ? dy * pow (page, 2.0 / 3.0) : dy;
      value = CLAMP (gtk_adjustment_get_value (adjustment) + delta,
                     gtk_adjustment_get_lower (adjustment),
                     gtk_adjustment_get_upper (adjustment) - page);
      gtk_adjustment_set_value (adjustment, value);
    }
  return TRUE;
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           GtkWidget                *panel)
{
  g_object_set_data (G_OBJECT (panel), POINTER_X, GINT_TO_POINTER ((int) x));
  g_object_set_data (G_OBJECT (panel), POINTER_Y, GINT_TO_POINTER ((int) y));
}

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           GtkWidget                *panel)
{
  int x = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (panel), POINTER_X));
  int y = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (panel), POINTER_Y));
  GtkWidget *target = gtk_widget_pick (panel, x, y, GTK_PICK_DEFAULT);

  return ph_scroll_guard_scroll (panel, target, dy,
                                 gtk_event_controller_scroll_get_unit (controller));
}

void
ph_scroll_guard_install (GtkWidget *panel)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *scroll =
    gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);

  g_return_if_fail (GTK_IS_WIDGET (panel));

  gtk_event_controller_set_propagation_phase (motion, GTK_PHASE_CAPTURE);
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), panel);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), panel);
  gtk_widget_add_controller (panel, motion);
  gtk_event_controller_set_propagation_phase (scroll, GTK_PHASE_CAPTURE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), panel);
  gtk_widget_add_controller (panel, scroll);
}
