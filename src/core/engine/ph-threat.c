/* ph-threat.c: the threat map, where a figure would be shot from
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A copy of the scenario with the figure moved to each cell's centre in
 * turn, every enemy assessed shooting at him there through one batch
 * (ph_engine_batch_*(), which sees the figure move and works out again
 * which areas hold him). Nothing is computed here that the engine does
 * not answer for a pair.
 */
#include "ph-threat.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "ph-error.h"

PhThreatMap *
ph_engine_threat_map (const PhScenario *scenario,
                      const char       *figure_id,
                      guint             max_cells,
                      GError          **error)
{
  g_autoptr(PhScenario) copy = NULL;
  g_autoptr(PhEngineBatch) batch = NULL;
  PhThreatMap *map;
  PhFigure *figure;
  double width, height, cell;

  g_return_val_if_fail (scenario != NULL && figure_id != NULL, NULL);

  if (ph_scenario_find_figure (scenario, figure_id) == NULL)
    {
      g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                   _("there is no figure '%s'"), figure_id);
      return NULL;
    }
  copy = ph_scenario_copy (scenario);
  figure = ph_scenario_find_figure (copy, figure_id);
  width = copy->table.width;
  height = copy->table.height;
  cell = MAX (0.1, sqrt (width * height / MAX (1, max_cells)));
  while (ceil (width / cell) * ceil (height / cell) > MAX (1, max_cells))
    cell *= 1.05;

  map = g_new0 (PhThreatMap, 1);
  map->nx = (guint) ceil (width / cell);
  map->ny = (guint) ceil (height / cell);
  map->cell = cell;
  map->cells = g_new0 (PhThreatCell, (gsize) map->nx * map->ny);
  batch = ph_engine_batch_new (copy);
  for (guint j = 0; j < map->ny; j++)
    for (guint i = 0; i < map->nx; i++)
      {
        PhThreatCell *c = &map->cells[(gsize) j * map->nx + i];

        figure->x = map->x0 + (i + 0.5) * cell;
        figure->y = map->y0 + (j + 0.5) * cell;
        for (guint k = 0; k < copy->figures->len; k++)
          {
            const PhFigure *enemy = g_ptr_array_index (copy->figures, k);
            PhShotOptions options = PH_SHOT_OPTIONS_INIT;
            g_autoptr(PhAssessment) a = NULL;

            if (enemy == figure || ph_figure_is_off_table (enemy)
                || g_strcmp0 (enemy->side, figure->side) == 0)
              continue;
            a = ph_engine_batch_assess_numbers (batch, enemy, figure, &options, NULL);
            if (a == NULL || !a->can_fire)
              continue;
            c->shooters++;
            c->best = MAX (c->best, a->p_effect);
            c->sum += a->p_effect;
            c->best_hit = MAX (c->best_hit, a->p_hit);
          }
      }
  return map;
}

void
ph_threat_map_free (PhThreatMap *map)
{
  if (map == NULL)
    return;
  g_free (map->cells);
  g_free (map);
}

const PhThreatCell *
ph_threat_map_at (const PhThreatMap *map,
                  double             x,
                  double             y)
{
  double fi, fj;

  g_return_val_if_fail (map != NULL, NULL);
  fi = floor ((x - map->x0) / map->cell);
  fj = floor ((y - map->y0) / map->cell);
  if (fi < 0 || fj < 0 || fi >= map->nx || fj >= map->ny)
    return NULL;
  return &map->cells[(gsize) fj * map->nx + (gsize) fi];
}
