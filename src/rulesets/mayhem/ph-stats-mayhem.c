/* ph-stats-mayhem.c: a Musket Mayhem figure's <mayhem> element
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-scenario-values.h"
#include "ph-stats.h"

#define F(f) PH_STAT_FIELD (stats.mayhem.f)
#define ANY .min = -PH_INT_LIMIT, .max = PH_INT_LIMIT

static const PhStatField fields[] = {
  { "courage", PH_STAT_INT, PH_STAT_REQUIRED, F (courage), ANY, .default_value = 0,
    .label = N_("Courage"), .form_min = 0, .form_max = 6,
    .help = N_("The courage check's target") },
  { "armament", PH_STAT_INT, PH_STAT_REQUIRED, F (armament), ANY, .default_value = 0,
    .label = N_("Armament"), .form_min = 0, .form_max = 6,
    .help = N_("The melee dice") },
  { "hit-bonus", PH_STAT_INT, 0, F (hit_bonus), ANY, .default_value = 0,
    .label = N_("Hit bonus"), .form_min = -6, .form_max = 6,
    .help = N_("Added to the hit die") },
  { "impact-bonus", PH_STAT_INT, 0, F (impact_bonus), ANY, .default_value = 0,
    .label = N_("Impact bonus"), .form_min = -6, .form_max = 6,
    .help = N_("Added to the impact die") },
  { "shock", PH_STAT_BOOL, 0, F (shock), .default_value = FALSE,
    .label = N_("Shock"), .help = N_("Shock troops") },
  { "search", PH_STAT_INT, 0, F (search), ANY, .default_value = 6,
    .label = N_("Search"), .form_min = 0, .form_max = 99,
    .help = N_("The search roll's target") },
  { "saves", PH_STAT_INT, 0, F (saves), .min = 0, .max = PH_INT_LIMIT, .default_value = 0,
    .label = N_("Saves"), .form_min = 0, .form_max = 99,
    .help = N_("Saves left") },
  { "rerolls", PH_STAT_INT, 0, F (rerolls), .min = 0, .max = PH_INT_LIMIT, .default_value = 0,
    .label = N_("Re-rolls"), .form_min = 0, .form_max = 99,
    .help = N_("Re-rolls left") },
};

const PhStatsSchema ph_stats_mayhem = {
  "mayhem", PH_STATS_MAYHEM, fields, G_N_ELEMENTS (fields),
};
