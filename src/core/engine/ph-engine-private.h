/* ph-engine-private.h: what the engine's files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not for the engine's callers: the index of the terrain kept on each
 * scenario (ph-engine-sight.c) and the questions asked through it, with
 * or without what a PhEngineBatch knows about each figure.
 */
#pragma once

#include "ph-engine.h"
#include "ph-shape-grid.h"

G_BEGIN_DECLS

typedef struct _PhSightCache PhSightCache;

/* The area features (polygons and circles) whose closed shape holds a
 * figure's centre, as indices into scenario->features, increasing */
typedef struct
{
  const guint *index;
  guint n;
} PhSightHolders;

/* The scenario's cache, current (built again if the terrain changed) */
PhSightCache *ph_sight_cache_get      (const PhScenario *scenario);
/* Changes whenever the cache is built again: what was worked out from the
 * features' indices (a PhSightHolders) is out of date */
guint64       ph_sight_cache_get_serial (const PhSightCache *cache);
/* Its grid: built on the second question about the same terrain, or now
 * with @build_now; NULL before */
PhShapeGrid  *ph_sight_cache_get_grid (PhSightCache *cache, gboolean build_now);

/* ph_engine_line_of_sight() and ph_engine_cover(), told which areas hold
 * the figures when that is known (else NULL: worked out here). With
 * @holders_a, the grid is built at once. *@n_tested: how many exact tests
 * were made (none: the line passed near nothing that could block it,
 * either way). */
gboolean      ph_sight_line_of_sight  (const PhScenario *scenario,
                                       const PhSightHolders *holders_a,
                                       const PhSightHolders *holders_b,
                                       const PhFigure *shooter,
                                       const PhFigure *target,
                                       gboolean figures_block,
                                       GPtrArray *blocked_by,
                                       guint *n_tested);
PhCover       ph_sight_cover          (const PhScenario *scenario,
                                       const PhSightHolders *holders_target,
                                       const PhFigure *shooter,
                                       const PhFigure *target,
                                       int *cover_class,
                                       const PhFeature **feature);

/* ph_engine_assess_figures(), told which areas hold the two figures when
 * that is known; with @numbers_only, without modifiers and details
 * (PhAssessment.numbers_only) */
PhAssessment *ph_engine_assess_held   (const PhScenario *scenario,
                                       const PhSightHolders *holders_shooter,
                                       const PhSightHolders *holders_target,
                                       const PhFigure *shooter,
                                       const PhFigure *target,
                                       const PhShotOptions *options,
                                       gboolean numbers_only,
                                       GError **error);

G_END_DECLS
