/* ph-shot-sightings.h: the Fire tab's "Enemies in sight", and how it
 * writes distances and odds
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every enemy of the shooter with the engine's answer, those he can fire
 * at first, then by the odds, a clear line of sight and the distance; a
 * row's "ph-id" data is the enemy's id, its tooltip why he cannot fire.
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-engine.h"

G_BEGIN_DECLS

/* Fills @list (emptied first) with @shooter's enemies in @scenario;
 * returns how many */
guint  ph_shot_sightings_fill  (GtkListBox *list, const PhScenario *scenario,
                                const PhFigure *shooter, const PhShotOptions *options);
/* Fills @list (emptied first) with @shooter's best @top shots now
 * (ph_engine_advise()); returns how many. A row's "ph-id" data is the
 * target's id, its "ph-options" the shot's PhShotOptions (the weapon
 * set). */
guint  ph_shot_advice_fill     (GtkListBox *list, const PhScenario *scenario,
                                const PhFigure *shooter, guint top);
/* "12.5″", "7.0 paces", "3 hexes" */
char  *ph_shot_format_distance (PhDistUnit unit, PhRulesetId ruleset, double distance);
/* Two of them, with a second decimal when one would print them alike */
void   ph_shot_format_distances_apart (PhDistUnit unit, PhRulesetId ruleset, double a, double b,
                                       char **a_text, char **b_text);
/* "29%", "0.4%" */
char  *ph_shot_format_percent  (double p);

G_END_DECLS
