/* ph-advise.h: a figure's best shots this activation (ph-advise.c)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-engine.h"
#include "ph-ruleset.h"

G_BEGIN_DECLS

/* One shot @shooter can fire: a choice of its ruleset at one target with
 * one weapon, with the engine's assessment of it */
typedef struct
{
  const PhShotChoice *choice;
  PhAssessment *assessment;
  char *cost;             /* in words: "6 IPs: careful aim 4, spot 2" */
  int cost_order;         /* lower is cheaper */
  double expected_hits;   /* p(hit) times the attacks one shot makes */
  double expected_kills;  /* the same for p(kill), when assessment->has_p_kill */
  double expected_effects; /* the same for the ruleset's effect (p_effect) */
  guint index;            /* the order found, for ties */
  gboolean dominated;     /* another choice gives the same odds for less */
} PhAdvice;

void       ph_advice_free   (PhAdvice *advice);
/* Every shot @shooter can fire now with a chance of the ruleset's effect
 * (PhRuleset.effect: a Firelock shot that can wound, a Musket Mayhem shot
 * that can kill, else one that can hit), of PhAdvice*, owned, best first;
 * empty when none; NULL with @error when the engine cannot assess one */
GPtrArray *ph_engine_advise (const PhScenario *scenario, const PhFigure *shooter,
                             GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhAdvice, ph_advice_free)

G_END_DECLS
