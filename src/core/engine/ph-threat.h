/* ph-threat.h: the threat map, where a figure would be shot from
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-engine.h"

G_BEGIN_DECLS

/* One spot of the table: what a figure standing there would face. The
 * effect is the ruleset's (PhRuleset.effect: Firelock's any wound, Musket
 * Mayhem's kill, else a hit), each chance PhAssessment.p_effect. */
typedef struct
{
  guint shooters;   /* enemies that could shoot him there */
  double best;      /* the best of their chances of the effect, 0 when none */
  double sum;       /* their chances added: the effects to expect in a volley */
  double best_hit;  /* the best of their chances to hit */
} PhThreatCell;

/* The table in square cells, row by row from the top-left: cell (i, j)
 * is the spot at (x0 + (i + 0.5) cell, y0 + (j + 0.5) cell) */
typedef struct _PhThreatMap
{
  guint nx, ny;
  double x0, y0, cell;
  PhThreatCell *cells;   /* nx * ny */
} PhThreatMap;

/* Figure @figure_id put at every spot of the table in turn (his base,
 * stance and facing kept), and every enemy on the table assessed shooting
 * at him there, as the engine assesses a shot with the default options
 * (the first missile weapon, no aim): the same numbers as `assess` with
 * the figure moved there. At most @max_cells cells (the cell grows to fit,
 * never below a tenth of the table's unit). NULL with @error for an
 * unknown figure. */
PhThreatMap *ph_engine_threat_map (const PhScenario *scenario, const char *figure_id,
                                   guint max_cells, GError **error);
void         ph_threat_map_free   (PhThreatMap *map);
/* The cell holding table point @x, @y, or NULL off the map */
const PhThreatCell *ph_threat_map_at (const PhThreatMap *map, double x, double y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhThreatMap, ph_threat_map_free)

G_END_DECLS
