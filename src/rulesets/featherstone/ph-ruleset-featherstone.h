/* ph-ruleset-featherstone.h: what Featherstone's odds hand to its game
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

/* Featherstone's shot options (PhShotOptions.values) */
enum { PH_FEATHERSTONE_OPT_FIRE };
typedef enum { PH_FIRE_AIMED, PH_FIRE_SNAP } PhFireMode;
#define PH_FEATHERSTONE_FIRE(options) ((PhFireMode) (options)->values[PH_FEATHERSTONE_OPT_FIRE])

typedef struct
{
  gboolean has_chance;
  double chance_percent;     /* the table's chance plus the variations */
  const char *row;           /* the table's row: "standing"... (static) */
} PhFeatherstoneShot;

/* The shot's numbers, or NULL when the assessment has none */
static inline const PhFeatherstoneShot *
ph_featherstone_shot (const PhAssessment *a)
{
  return a->shot;
}

/* How @figure fights on the Weapons Table when none of his weapons has a
 * melee category, as the melee reads him: "Baker rifle used as a club"
 * (a shoulder arm, row 4), "bare hands" (row 1); with *@category its
 * row. NULL when a weapon of his has its category (the sheet gives that
 * weapon's row), or when no row can be read. */
char       *ph_featherstone_melee_fallback_words (const PhFigure *figure, int *category);

G_END_DECLS
