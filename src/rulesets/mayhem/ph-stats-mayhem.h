/* ph-stats-mayhem.h: a Musket Mayhem figure's <mayhem> element
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The struct PhFigure.stats holds for a figure of this ruleset (its
 * schema, every attribute's name, range and default, is
 * ph-stats-mayhem.c).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int courage;
  int armament;
  int hit_bonus;
  int impact_bonus;
  gboolean shock;
  int search;
  int saves;
  int rerolls;
} PhMayhemStats;

G_END_DECLS
