/* ph-game-mayhem.c: the game under this ruleset (being written)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-game.h"

static const PhGameActionInfo actions[] = {
  { NULL, NULL, NULL, NULL }
};

const PhGameRules ph_game_rules_mayhem = {
  PH_RULESET_MAYHEM,
  actions,
  NULL,
  NULL,
  NULL,
};
