/* ph-game-drag.h: a figure dragged during a game
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the select tool asks while a figure is dragged in a game: may it
 * move by its ruleset's move action (ph-game-move.h), where does the drop
 * put it (a hex's centre on a hex table), and what does the label at the
 * pointer say ("moved 6.5 in · 7.5 in left"). A figure that may not move
 * now is dragged too, its label saying why; its drop offers the
 * referee's "Move Anyway". A spot on another man's base (another unit's
 * hex) is no drop for anyone: the label says so before the drop. A drop
 * a little onto another man's base or a little short of it goes into
 * base contact with him, and the label says that too ("· into contact
 * with Hawkeye").
 */
#pragma once

#include "ph-document.h"

G_BEGIN_DECLS

typedef struct
{
  PhFigure *figure;     /* the model's figure */
  gboolean can_move;    /* the ruleset's move applies now */
  PhMovePlan plan;      /* when can_move */
  char *refusal;        /* why not, when !can_move: the rules' whole
                         * reason, for the status line */
  const char *brief;    /* and in a few words, when the rules give them
                         * (PhMovePlan.brief), for the label */
  PhPoint to;           /* where a drop puts it */
  gboolean fits;        /* a drop there would be accepted */
  const PhFigure *contact; /* the man a drop there touches, put in base
                         * contact with him (ph_game_contact_spot()), or
                         * NULL */
  char *spot_taken;     /* why no drop there is taken, the referee's
                         * either: "Sgt Smith cannot stop there: the base
                         * would stand on Hawkeye’s…", or NULL */
  char *label;          /* for the pointer: one line, at most
                         * PH_GAME_DRAG_LABEL_MAX characters when the
                         * figure may not move */
} PhGameDrag;

/* The longest label by the pointer for a figure that may not move
 * ("Not now: men move at step 2 · drop: Move Anyway"): the whole reason
 * ran past both edges of the map */
#define PH_GAME_DRAG_LABEL_MAX 50

/* Starts one, for @figure of @document's game; FALSE (and @drag left
 * empty) when the document has no game */
gboolean ph_game_drag_begin  (PhGameDrag *drag, PhDocument *document, PhFigure *figure);
/* The pointer brought the figure to @to (table units): sets drag->to,
 * fits and label */
void     ph_game_drag_update (PhGameDrag *drag, PhDocument *document, PhPoint to);
void     ph_game_drag_clear  (PhGameDrag *drag);

G_END_DECLS
