/* ph-game-private.h: what the game's own files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-game.h"

G_BEGIN_DECLS

struct _PhGame
{
  PhScenario *scenario;        /* the figures the game changes in place */
  const PhGameRules *rules;
  guint32 seed;
  GRand *rand;                 /* positioned after every die of the applied events */
  GHashTable *vars;            /* name -> value, both owned */
  GPtrArray *events;           /* of PhEvent*: applied ones, then undone ones (redo) */
  guint position;              /* how many events are applied */
  PhEvent *open;               /* the event being built by perform(), or NULL */
};

PhEvent *ph_event_new          (const char *kind);
void     ph_event_free         (PhEvent *event);
PhRoll  *ph_roll_new           (int n, int sides);
void     ph_roll_free          (PhRoll *roll);
PhChange *ph_change_new        (PhChangeKind kind, const char *figure, const char *key,
                                const char *old_value, const char *new_value);
void     ph_change_free        (PhChange *change);

/* Applies (forward) or reverts (backward) one event's changes; with
 * @check, each change's starting value must match the current state, else
 * FALSE with a message naming what differs. */
gboolean ph_game_apply_event   (PhGame *game, const PhEvent *event, gboolean forward,
                                gboolean check, GError **error);
/* Re-seeds the generator and draws every die of the applied events again. */
void     ph_game_rewind_dice   (PhGame *game);
/* Draws @event's dice from the generator, as they were rolled */
void     ph_game_draw_event_dice (PhGame *game, const PhEvent *event);
/* Closes the open event: kept as the newest step (forgetting undone
 * steps) when @ok, else reverted and dropped. Returns @ok. */
gboolean ph_game_finish_event  (PhGame *game, gboolean ok);
/* The turn @event happened in: the turn it ends when it changes the game's
 * "turn" variable (its first such change's old value), else @turn */
int      ph_event_start_turn   (const PhEvent *event, int turn);
PhGame  *ph_game_new_empty     (PhScenario *scenario, guint32 seed);
/* Units hold hexes (one to a hex) where the ruleset reads distances in
 * hexes on a hex table; elsewhere bases are what may not overlap */
gboolean ph_game_units_hold_hexes (const PhScenario *scenario);

G_END_DECLS
