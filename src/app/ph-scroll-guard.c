/* ph-scroll-guard.c: the scroll wheel scrolls a panel, never a number box
 * the user has not clicked into
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkSpinButton takes every scroll over it, so scrolling down the side
 * panel changed whatever number passed under the pointer (a Hit bonus went
 * from 0 to -4 unnoticed). The guard sees the scroll first, in the capture
 * phase of each spin button in the panel (given on the way down, from the
 * panel's own capture phase); when the spin button does not have the
 * focus, it scrolls the nearest scrolled window itself and stops the
 * event there.
 */
#include "ph-scroll-guard.h"

#include <math.h>

#define GUARDED "ph-scroll-guard"

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

/* Over a spin button: its own capture phase, so the decision is about the
 * widget the event really goes to. (Picking the widget under the last
 * known pointer position from the panel went wrong once the panel had
 * scrolled under a still pointer: a Base width box took a notch.) */
static gboolean
on_spin_scroll (GtkEventControllerScroll *controller,
                double                    dx,
                double                    dy,
                GtkWidget                *panel)
{
  GtkWidget *spin = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  return ph_scroll_guard_scroll (panel, spin, dy,
                                 gtk_event_controller_scroll_get_unit (controller));
}

/* Every spin button inside @widget gets its guard, once */
static void
guard_spins (GtkWidget *widget,
             GtkWidget *panel)
{
  if (GTK_IS_SPIN_BUTTON (widget))
    {
      GtkEventController *scroll;

      if (g_object_get_data (G_OBJECT (widget), GUARDED) != NULL)
        return;
      scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
      gtk_event_controller_set_propagation_phase (scroll, GTK_PHASE_CAPTURE);
      g_signal_connect (scroll, "scroll", G_CALLBACK (on_spin_scroll), panel);
      gtk_widget_add_controller (widget, scroll);
      g_object_set_data (G_OBJECT (widget), GUARDED, GINT_TO_POINTER (1));
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    guard_spins (child, panel);
}

/* The panel's capture phase comes before any widget inside it: the spin
 * buttons made since the last scroll (forms rebuilt for another figure,
 * ruleset or action) get their guard before the event reaches them. */
static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           GtkWidget                *panel)
{
  guard_spins (panel, panel);
  return FALSE;
}

void
ph_scroll_guard_install (GtkWidget *panel)
{
  GtkEventController *scroll =
    gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);

  g_return_if_fail (GTK_IS_WIDGET (panel));

  gtk_event_controller_set_propagation_phase (scroll, GTK_PHASE_CAPTURE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), panel);
  gtk_widget_add_controller (panel, scroll);
}
