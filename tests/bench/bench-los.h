/* bench-los.h: line of sight and assessment of every pair (bench-core)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-core.h"

G_BEGIN_DECLS

/* Runs and prints the line of sight benches; FALSE when one fails */
gboolean    ph_bench_los          (void);

G_END_DECLS
