/* ph-ruleset-fistful.h: what Fistful of Lead's odds hand to its game
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
  gboolean has_target;
  int shoot_target;          /* the d10 + modifiers to reach */
  int dice;                  /* 1, or 2 keeping the best (a deuce) */
  int modifier;              /* the sum of the modifiers */
} PhFistfulShot;

/* The shot's numbers, or NULL when the assessment has none */
static inline const PhFistfulShot *
ph_fistful_shot (const PhAssessment *a)
{
  return a->shot;
}

G_END_DECLS
