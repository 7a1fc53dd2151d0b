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
/* Shows @figures (the primary one last) at once: a field whose values
 * differ shows as mixed (ph-mixed.h); the form is empty when they are of
 * different kinds. An edit is reported once, for all of them. */
void       ph_stats_form_set_figures (PhStatsForm      *self,
                                      PhFigure * const *figures,
                                      guint             n_figures);

G_END_DECLS
