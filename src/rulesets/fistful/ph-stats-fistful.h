/* ph-stats-fistful.h: a Fistful of Lead figure's <fistful> element
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The struct PhFigure.stats holds for a figure of this ruleset (its
 * schema, every attribute's name, range and default, is
 * ph-stats-fistful.c).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int wounds;
  gboolean shaken;
  gboolean reload;
  char *traits;         /* may be NULL */
} PhFistfulStats;

G_END_DECLS
