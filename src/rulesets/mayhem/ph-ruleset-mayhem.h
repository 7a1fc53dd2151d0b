/* ph-ruleset-mayhem.h: what Musket Mayhem's odds hand to its game
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The typed numbers of one assessed shot (PhAssessment.shot), read by the
 * game code of this folder; details shows the same numbers to people.
 */
#pragma once

#include "ph-engine.h"

G_BEGIN_DECLS

typedef struct
{
  int skill_target;          /* the skill die's target */
} PhMayhemShot;

/* The shot's numbers, or NULL when the assessment has none */
static inline const PhMayhemShot *
ph_mayhem_shot (const PhAssessment *a)
{
  return a->shot;
}

G_END_DECLS
