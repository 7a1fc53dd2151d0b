/* ph-ruleset-stats.h: what PhFigure.stats can hold, one line per ruleset
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Part of the registry (ph-rulesets.c, docs/adding-a-ruleset.md): each
 * ruleset's figures carry its own element, whose struct is in the
 * ruleset's folder; the model holds one of them.
 */
#pragma once

#include "ph-stats-featherstone.h"
#include "ph-stats-firelock.h"
#include "ph-stats-fistful.h"
#include "ph-stats-guns-of-war.h"
#include "ph-stats-mayhem.h"

G_BEGIN_DECLS

/* Which ruleset element a figure has (each ruleset's schema names its
 * kind: PhStatsSchema.kind) */
typedef enum
{
  PH_STATS_NONE,
  PH_STATS_FIRELOCK,
  PH_STATS_FISTFUL,
  PH_STATS_MAYHEM,
  PH_STATS_FEATHERSTONE,
  PH_STATS_GUNS_OF_WAR,
} PhStatsKind;

typedef union
{
  PhFirelockStats firelock;
  PhFistfulStats fistful;
  PhMayhemStats mayhem;
  PhFeatherstoneStats featherstone;
  PhGunsOfWarStats guns_of_war;
} PhFigureStats;

G_END_DECLS
