/* ph-dice.h: exact dice probabilities
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every probability the engine shows is enumerated over the dice, never
 * sampled.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* P(one die of @sides faces (1..sides) + @modifier >= @target) */
double ph_dice_p_at_least   (int sides, int modifier, int target);
/* P(one die of @sides faces + @modifier <= @target) */
double ph_dice_p_at_most    (int sides, int modifier, int target);
/* P(best of @n dice of @sides faces + @modifier >= @target) */
double ph_dice_p_best_of_at_least (int n, int sides, int modifier, int target);
/* Percentile: P(d100 (1..100) <= floor(chance)), the chance clamped to
 * 0..100 */
double ph_dice_p_percent    (double chance_percent);
/* Distribution of the sum of @n dice of @sides faces: an array of n*sides+1
 * probabilities indexed by the total (index 0..n-1 are 0). */
double *ph_dice_sum_distribution (int n, int sides, int *length);
/* Integer rounding helpers */
int    ph_round_half_even_ratio (int numerator, int denominator);

G_END_DECLS
