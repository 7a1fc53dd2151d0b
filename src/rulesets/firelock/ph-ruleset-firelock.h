/* ph-ruleset-firelock.h: what Firelock and Scalplock's odds hand to its game
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

/* Firelock's cover classes, weakest first (ph-firelock-cover.c) */
typedef enum
{
  PH_FIRELOCK_COVER_OPEN,
  PH_FIRELOCK_COVER_BRUSH,
  PH_FIRELOCK_COVER_WOODS,
  PH_FIRELOCK_COVER_WORKS,
  PH_FIRELOCK_COVER_BUILDING,
} PhFirelockCover;

const char     *ph_firelock_cover_to_string    (PhFirelockCover c);
PhFirelockCover ph_terrain_kind_firelock_cover (PhTerrainKind kind);
PhFirelockCover ph_feature_firelock_cover      (const PhFeature *feature);
/* PhRuleset.cover_class and cover_class_name */
int             ph_firelock_cover_class        (const PhFeature *feature);
const char     *ph_firelock_cover_class_name   (int cover_class);

/* Firelock's shot options (PhShotOptions.values) */
enum { PH_FIRELOCK_OPT_AIM, PH_FIRELOCK_OPT_SPOT };
/* PH_FIRELOCK_OPT_AIM */
typedef enum { PH_AIM_NONE, PH_AIM_AIM, PH_AIM_CAREFUL } PhAim;
#define PH_FIRELOCK_AIM(options) ((PhAim) (options)->values[PH_FIRELOCK_OPT_AIM])
#define PH_FIRELOCK_SPOT(options) ((gboolean) (options)->values[PH_FIRELOCK_OPT_SPOT])

typedef struct
{
  double p_acquire;          /* 1 when no acquisition roll is needed */
  gboolean has_chance;
  double chance_percent;     /* the percentage chance (C) */
  int acquire_modifier;      /* the sum of the "to acquire" modifiers */
  int result_modifier;       /* the sum of the "result" modifiers */
  /* The chance of any wound, from 1 hit to killed: details.outcomes'
   * "killed", "5 hits" ... "1 hit" added up in that order (the ruleset's
   * PhShotEffect: cover takes off the result roll, not the chance to hit) */
  double p_wound;
} PhFirelockShot;

/* The shot's numbers, or NULL when the assessment has none */
static inline const PhFirelockShot *
ph_firelock_shot (const PhAssessment *a)
{
  return a->shot;
}

G_END_DECLS
