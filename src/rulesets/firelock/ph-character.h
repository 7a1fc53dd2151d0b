/* ph-character.h: random Firelock and Scalplock characters
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "To randomly create a character, roll a d10. The number generated goes in
 * the first box on the Bravery line. Consult the chart below for the
 * numbers to place in the remaining boxes." The dice come from a GRand the
 * caller seeds, so that a seed gives the same character every time.
 */
#pragma once

#include <glib.h>

#include "ph-scenario.h"

G_BEGIN_DECLS

/* The chart's row for a d10 roll of 1..10: the four bravery boxes.
 * FALSE for a roll outside 1..10. */
gboolean ph_character_bravery_for_roll (int  roll,
                                        int  bravery[4]);
/* Rolls the d10 with @rand and fills in the row; returns the roll. */
int      ph_character_roll             (GRand *rand,
                                        int    bravery[4]);
/* Rolls a character for the figure @figure_id of a Firelock scenario and
 * writes the bravery boxes into its <firelock> element (created with the
 * defaults when absent: no hits, melee +2, not an officer; hits, melee and
 * officer are kept when present). @roll receives the d10 (may be NULL).
 * Fails with PH_ENGINE_ERROR_UNKNOWN_ID for an unknown figure, and
 * G_IO_ERROR_NOT_SUPPORTED for a scenario of another ruleset. */
gboolean ph_character_roll_figure      (PhScenario  *scenario,
                                        const char  *figure_id,
                                        GRand       *rand,
                                        int         *roll,
                                        GError     **error);

G_END_DECLS
