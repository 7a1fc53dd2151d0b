/* ph-mixed.h: controls that show "mixed" when the figures they edit
 * differ
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With several figures selected, a field whose values differ shows no
 * value until the user sets one: an entry is empty with "Mixed" as its
 * placeholder, a spin button shows "—", a check button is inconsistent, a
 * drop-down has nothing selected. Setting the value is reported as the
 * control's usual signal; the Figure panel and the stats form then apply
 * it to every selected figure.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Whether @widget shows "mixed" */
gboolean ph_mixed_get                    (GtkWidget *widget);

/* @text, or nothing with the "Mixed" placeholder when @mixed; the
 * placeholder it had otherwise is @placeholder */
void     ph_mixed_entry_set              (GtkEntry   *entry,
                                          const char *text,
                                          const char *placeholder,
                                          gboolean    mixed);
/* Sets @spin up to show "—" while mixed (once, when it is made) */
void     ph_mixed_spin_button_init       (GtkSpinButton *spin);
/* @value, or "—" when @mixed (the arrows then step from @value) */
void     ph_mixed_spin_button_set        (GtkSpinButton *spin,
                                          double         value,
                                          gboolean       mixed);
/* @active, or inconsistent when @mixed (a click then checks it) */
void     ph_mixed_check_button_set       (GtkCheckButton *button,
                                          gboolean        active,
                                          gboolean        mixed);
/* @selected, or nothing when @mixed */
void     ph_mixed_drop_down_set          (GtkDropDown *drop_down,
                                          guint        selected,
                                          gboolean     mixed);

G_END_DECLS
