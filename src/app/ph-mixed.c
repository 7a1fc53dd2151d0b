/* ph-mixed.c: controls that show "mixed" when the figures they edit
 * differ
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-mixed.h"

#include <glib/gi18n.h>

#define MIXED_KEY "ph-mixed"
#define MIXED_SPIN_TEXT "—"

gboolean
ph_mixed_get (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  return g_object_get_data (G_OBJECT (widget), MIXED_KEY) != NULL;
}

static void
set_mixed (GtkWidget *widget,
           gboolean   mixed)
{
  g_object_set_data (G_OBJECT (widget), MIXED_KEY, GINT_TO_POINTER (mixed));
}

void
ph_mixed_entry_set (GtkEntry   *entry,
                    const char *text,
                    const char *placeholder,
                    gboolean    mixed)
{
  g_return_if_fail (GTK_IS_ENTRY (entry));

  set_mixed (GTK_WIDGET (entry), mixed);
  gtk_editable_set_text (GTK_EDITABLE (entry), mixed || text == NULL ? "" : text);
  gtk_entry_set_placeholder_text (entry, mixed ? _("Mixed") : placeholder);
}

/* While mixed, the spin button shows "—" rather than its value... */
static gboolean
on_spin_output (GtkSpinButton *spin,
                gpointer       user_data)
{
  if (!ph_mixed_get (GTK_WIDGET (spin)))
    return FALSE;
  gtk_editable_set_text (GTK_EDITABLE (spin), MIXED_SPIN_TEXT);
  return TRUE;
}

/* ... and reading "—" (or nothing) back, when it loses the focus, keeps
 * the value: only a number typed in sets one. */
static int
on_spin_input (GtkSpinButton *spin,
               double        *new_value,
               gpointer       user_data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  char *end = NULL;

  if (!ph_mixed_get (GTK_WIDGET (spin)))
    return FALSE;
  g_strtod (text, &end);
  if (*text != '\0' && end != text && *end == '\0')
    return FALSE;
  *new_value = gtk_adjustment_get_value (gtk_spin_button_get_adjustment (spin));
  return TRUE;
}

void
ph_mixed_spin_button_init (GtkSpinButton *spin)
{
  g_return_if_fail (GTK_IS_SPIN_BUTTON (spin));

  g_signal_connect (spin, "output", G_CALLBACK (on_spin_output), NULL);
  g_signal_connect (spin, "input", G_CALLBACK (on_spin_input), NULL);
}

void
ph_mixed_spin_button_set (GtkSpinButton *spin,
                          double         value,
                          gboolean       mixed)
{
  gboolean numeric;

  g_return_if_fail (GTK_IS_SPIN_BUTTON (spin));

  /* A numeric spin button refuses the dash; which one it is is kept. */
  if (g_object_get_data (G_OBJECT (spin), "ph-mixed-numeric") == NULL)
    g_object_set_data (G_OBJECT (spin), "ph-mixed-numeric",
                       GINT_TO_POINTER (gtk_spin_button_get_numeric (spin) ? 2 : 1));
  numeric = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (spin), "ph-mixed-numeric")) == 2;

  set_mixed (GTK_WIDGET (spin), mixed);
  gtk_spin_button_set_numeric (spin, numeric && !mixed);
  /* Shows the value, or the dash, even when the value is the one it had */
  gtk_spin_button_set_value (spin, value);
}

void
ph_mixed_check_button_set (GtkCheckButton *button,
                           gboolean        active,
                           gboolean        mixed)
{
  g_return_if_fail (GTK_IS_CHECK_BUTTON (button));

  set_mixed (GTK_WIDGET (button), mixed);
  gtk_check_button_set_active (button, mixed ? FALSE : active);
  gtk_check_button_set_inconsistent (button, mixed);
}

void
ph_mixed_drop_down_set (GtkDropDown *drop_down,
                        guint        selected,
                        gboolean     mixed)
{
  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  set_mixed (GTK_WIDGET (drop_down), mixed);
  gtk_drop_down_set_selected (drop_down, mixed ? GTK_INVALID_LIST_POSITION : selected);
}
