/* ph-stats-firelock.c: a Firelock figure's <firelock> element
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The four bravery boxes of the character sheet, the hits taken, the
 * melee modifier and whether the figure is an officer (README.md in this
 * folder, "Figures").
 */
#include "ph-scenario-values.h"
#include "ph-stats.h"

static gboolean
bravery_parse (const char  *name,
               const char  *value,
               gpointer     field,
               char       **message)
{
  return ph_value_bravery (name, value, field, message);
}

static char *
bravery_format (const PhFigure *figure,
                gconstpointer   field)
{
  const int *b = field;

  return g_strdup_printf ("%d,%d,%d,%d", b[0], b[1], b[2], b[3]);
}

static gboolean
firelock_is_wounded (const PhFigure *figure)
{
  return figure->stats.firelock.hits > 0;
}

#define F(f) PH_STAT_FIELD (stats.firelock.f)

static const PhStatField fields[] = {
  { "bravery", PH_STAT_CUSTOM, PH_STAT_REQUIRED, F (bravery),
    .parse = bravery_parse, .format = bravery_format,
    .label = N_("Bravery"), .form_min = 0, .form_max = 10,
    .help = N_("The four boxes of the bravery chart, as 10,7,4,1") },
  { "hits", PH_STAT_INT, 0, F (hits), .min = 0, .max = 7, .default_value = 0,
    .label = N_("Hits"), .form_min = 0, .form_max = 7,
    .help = N_("Hits taken; the figure dies at its last box") },
  { "melee", PH_STAT_INT, 0, F (melee), .min = -2, .max = 2, .default_value = 2,
    .label = N_("Melee"), .form_min = -2, .form_max = 2,
    .help = N_("The melee modifier, -2 to +2") },
  { "officer", PH_STAT_BOOL, 0, F (officer), .default_value = FALSE,
    .label = N_("Officer"), .help = N_("An officer (leads, may rally others)") },
};

const PhStatsSchema ph_stats_firelock = {
  "firelock", PH_STATS_FIRELOCK, fields, G_N_ELEMENTS (fields),
  .is_wounded = firelock_is_wounded,
};
