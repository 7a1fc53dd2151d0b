/* bench-los.h: line of sight and assessment of every pair (bench-core)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-core.h"

G_BEGIN_DECLS

/* The scenario of ph_bench_make_terrain_scenario() on the benches' 120 x
 * 120 table, loaded; aborts if it does not load */
PhScenario *ph_bench_load_terrain (PhRulesetId ruleset,
                                   guint       n_figures,
                                   guint       n_edges);
/* Runs and prints the line of sight benches; FALSE when one fails */
gboolean    ph_bench_los          (void);

G_END_DECLS
