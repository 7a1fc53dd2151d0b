/* ph-form.h: the rows of the side panel's forms
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A section's title */
GtkWidget *ph_form_heading (const char *text);
/* A dim label with its mnemonic (@text) before @widget, which expands */
GtkWidget *ph_form_row     (const char *text,
                            GtkWidget  *widget);

G_END_DECLS
