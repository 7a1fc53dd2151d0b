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

/* Fistful of Lead's shot options (PhShotOptions.values) */
enum { PH_FISTFUL_OPT_CARD };
/* The activation card's effect on a shot */
typedef enum
{
  PH_CARD_EFFECT_NONE,
  PH_CARD_EFFECT_ONE_EYED_JACK, /* +1 to hit */
  PH_CARD_EFFECT_DEUCE,         /* roll 2 dice, pick the best */
} PhCardEffect;
#define PH_FISTFUL_CARD(options) ((PhCardEffect) (options)->values[PH_FISTFUL_OPT_CARD])

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
