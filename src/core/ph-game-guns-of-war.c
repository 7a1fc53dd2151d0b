/* ph-game-guns-of-war.c: the game under this ruleset (being written)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-game.h"

static const PhGameActionInfo actions[] = {
  { NULL, NULL, NULL, NULL }
};

const PhGameRules ph_game_rules_guns_of_war = {
  PH_RULESET_GUNS_OF_WAR,
  actions,
  NULL,
  NULL,
  NULL,
};
