/* ph-ruleset-guns-of-war.h: what Guns of War's odds hand to its game
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

/* Guns of War's shot options (PhShotOptions.values) */
enum { PH_GUNS_OF_WAR_OPT_REACTION };
#define PH_GUNS_OF_WAR_REACTION(options) ((gboolean) (options)->values[PH_GUNS_OF_WAR_OPT_REACTION])

typedef struct
{
  gboolean has_target_number;
  int target_number;         /* the d20 throw to reach */
  gboolean has_attacks;
  int attacks;               /* attacks this shot makes */
  int reload_tokens;         /* reload tokens it leaves */
  gboolean armor_piercing;
} PhGunsOfWarShot;

/* The shot's numbers, or NULL when the assessment has none */
static inline const PhGunsOfWarShot *
ph_guns_of_war_shot (const PhAssessment *a)
{
  return a->shot;
}

G_END_DECLS
