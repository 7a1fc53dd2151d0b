/* ph-stats-firelock.h: a Firelock figure's <firelock> element
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The struct PhFigure.stats holds for a figure of this ruleset (its
 * schema, every attribute's name, range and default, is
 * ph-stats-firelock.c).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int bravery[4];
  int hits;             /* 0..7 */
  int melee;            /* -2..+2 */
  gboolean officer;
} PhFirelockStats;

G_END_DECLS
