/* ph-error.c
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-error.h"

G_DEFINE_QUARK (ph-scenario-error-quark, ph_scenario_error)
G_DEFINE_QUARK (ph-engine-error-quark, ph_engine_error)
