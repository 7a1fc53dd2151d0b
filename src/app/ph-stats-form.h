/* ph-stats-form.h: a figure's ruleset stats as a form, built from the
 * ruleset's stats schema
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-core.h"

G_BEGIN_DECLS

#define PH_TYPE_STATS_FORM (ph_stats_form_get_type ())
G_DECLARE_FINAL_TYPE (PhStatsForm, ph_stats_form, PH, STATS_FORM, GtkWidget)

GtkWidget *ph_stats_form_new        (void);
/* Shows @figure's ruleset element (NULL or none: an empty form); the form
 * is built anew only when the schema changes. Emits nothing. */
void       ph_stats_form_set_figure (PhStatsForm    *self,
                                     const PhFigure *figure);

G_END_DECLS
