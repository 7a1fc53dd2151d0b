/* ph-error.h: the project's GError domains
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PH_SCENARIO_ERROR (ph_scenario_error_quark ())
#define PH_ENGINE_ERROR (ph_engine_error_quark ())

typedef enum
{
  PH_SCENARIO_ERROR_IO,        /* cannot read or write the file */
  PH_SCENARIO_ERROR_TOO_LARGE, /* over the size cap */
  PH_SCENARIO_ERROR_MALFORMED, /* not well-formed XML, DOCTYPE, entities */
  PH_SCENARIO_ERROR_SCHEMA,    /* refused by data/scenario.rng */
  PH_SCENARIO_ERROR_INVALID,   /* a semantic rule of scenario-format.md */
} PhScenarioError;

typedef enum
{
  PH_ENGINE_ERROR_UNKNOWN_ID,  /* no such figure */
  PH_ENGINE_ERROR_NO_WEAPON,   /* the figure carries no such weapon */
  PH_ENGINE_ERROR_BAD_OPTION,  /* a ruleset option's value is unusable */
  PH_ENGINE_ERROR_SAME_FIGURE, /* shooter and target are one figure */
} PhEngineError;

GQuark ph_scenario_error_quark (void);
GQuark ph_engine_error_quark   (void);

G_END_DECLS
