/* ph-game-action-spec.h: a game action's arguments, from its spec
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  PH_GAME_ARG_FIGURE,   /* the selected figure */
  PH_GAME_ARG_TARGET,   /* the pinned or hovered target */
  PH_GAME_ARG_NUMBER,
  PH_GAME_ARG_BOOL,
  PH_GAME_ARG_TEXT,
  PH_GAME_ARG_CHOICE,
  PH_GAME_ARG_SIDE,     /* one of the scenario's sides, by id */
} PhGameArgKind;

typedef struct
{
  char *name;
  PhGameArgKind kind;
  gboolean optional;
  char **choices;       /* PH_GAME_ARG_CHOICE: the values, in order */
} PhGameArg;

/* "figure target [aim=bool] shots=number mode=a|b|c" (PhGameActionInfo's
 * arguments, NULL for none): a PhGameArg each, in order. */
GPtrArray *ph_game_action_spec_parse  (const char *spec);
/* "shots" → "Shots", "wound-table" → "Wound table" */
char      *ph_game_arg_label          (const char *name);
/* Coordinates take halves of an inch; the rest are whole numbers */
gboolean   ph_game_arg_is_coordinate  (const PhGameArg *arg);

G_END_DECLS
