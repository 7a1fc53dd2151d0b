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

/* How many faces f of one die of @sides faces (1..sides) have
 * f + @modifier >= @target */
int    ph_dice_faces_at_least (int sides, int modifier, int target);
/* P(one die of @sides faces (1..sides) + @modifier >= @target) */
double ph_dice_p_at_least   (int sides, int modifier, int target);
/* P(one die of @sides faces + @modifier <= @target) */
double ph_dice_p_at_most    (int sides, int modifier, int target);
/* P(best of @n dice of @sides faces + @modifier >= @target): counted over
 * the sides^n throws and divided once while that count is exact in a
 * double (2^53), so that the best of two d10 needing 9 is exactly 0.36 */
double ph_dice_p_best_of_at_least (int n, int sides, int modifier, int target);
/* Floating-point chances (a distance off a cm table: 66.04 cm / 2.54 is
 * 26.000000000000004 in, and (50 - d) x 2 is then 47.99999999999999%) may
 * land a hair below the whole percent a referee would work out.  The floor
 * of a percent chance allows this much slack. */
#define PH_DICE_PERCENT_SLACK 1e-9
/* The faces of d100 (1..100) that hit on a percent chance:
 * floor(chance + PH_DICE_PERCENT_SLACK), clamped to 0..100; 0 for NaN */
int    ph_dice_percent_faces (double chance_percent);
/* Percentile: P(d100 (1..100) <= floor(chance + PH_DICE_PERCENT_SLACK)), the
 * chance clamped to 0..100: ph_dice_percent_faces() / 100 */
double ph_dice_p_percent    (double chance_percent);
/* Distribution of the sum of @n dice of @sides faces: an array of n*sides+1
 * probabilities indexed by the total (index 0..n-1 are 0). */
double *ph_dice_sum_distribution (int n, int sides, int *length);
/* Dice and what is added to them as the log writes them: "d10", "2d6",
 * "d10+2", "d10-1"; a modifier of 0 is never written ("d10+0" was read
 * as a modifier forgotten); g_free it */
char  *ph_dice_text         (int n, int sides, int modifier);
/* Integer rounding helpers */
int    ph_round_half_even_ratio (int numerator, int denominator);

G_END_DECLS
