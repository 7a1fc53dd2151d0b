/* bench-scene.h: the generated battlefields the benchmarks measure
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-core.h"

G_BEGIN_DECLS

/* A scenario of @n_figures figures (two sides, facing each other) and
 * @n_features terrain features (woods, buildings, fences and walls) on a
 * table of @width x @height units, as XML text; g_free() it. */
char *ph_bench_make_scenario (PhRulesetId ruleset,
                              guint       n_figures,
                              guint       n_features,
                              double      width,
                              double      height);

/* The same with realistic terrain of about @n_edges edges in all:
 * turned buildings, many-point woods that block sight, walls that block
 * it and fences that do not */
char *ph_bench_make_terrain_scenario (PhRulesetId ruleset,
                                      guint       n_figures,
                                      guint       n_edges,
                                      double      width,
                                      double      height);

/* The benches' line of sight table, 120 x 120 */
#define PH_BENCH_LOS_TABLE 120.0

/* ph_bench_make_terrain_scenario() on that table, loaded; aborts if it
 * does not load */
PhScenario *ph_bench_load_terrain (PhRulesetId ruleset,
                                   guint       n_figures,
                                   guint       n_edges);

/* The process's CPU time in microseconds: what the benches time, so that
 * the other programs on a shared machine count as little as can be */
gint64      ph_bench_now          (void);

G_END_DECLS
