/* ph-stats-fistful.c: a Fistful of Lead figure's <fistful> element
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-scenario-values.h"
#include "ph-stats.h"

static gboolean
fistful_is_wounded (const PhFigure *figure)
{
  return figure->stats.fistful.wounds > 0;
}

#define F(f) PH_STAT_FIELD (stats.fistful.f)

static const PhStatField fields[] = {
  { "wounds", PH_STAT_INT, 0, F (wounds), .min = 0, .max = PH_INT_LIMIT, .default_value = 0,
    .label = N_("Wounds"), .form_min = 0, .form_max = 99,
    .help = N_("Wounds taken") },
  { "shaken", PH_STAT_BOOL, 0, F (shaken), .default_value = FALSE,
    .label = N_("Shaken"), .help = N_("Shaken: must rally before acting") },
  { "reload", PH_STAT_BOOL, 0, F (reload), .default_value = FALSE,
    .label = N_("Needs reload"), .help = N_("A RELOAD marker: the weapon must be reloaded"),
    .sheet_caption = N_("RELOAD") },
  { "traits", PH_STAT_STRING, 0, F (traits),
    .label = N_("Traits"), .help = N_("The figure's traits, in words") },
};

const PhStatsSchema ph_stats_fistful = {
  "fistful", PH_STATS_FISTFUL, fields, G_N_ELEMENTS (fields),
  .is_wounded = fistful_is_wounded,
};
