/* ph-document-private.h: what the parts of PhDocument share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PhDocument is written in four files: ph-document.c (the object, its
 * file, loading and saving), ph-document-history.c (the undo history and
 * the editing commands), ph-document-terrain.c (the terrain's commands)
 * and ph-document-game.c (the game in progress).
 *
 * A command holds, for each figure it touches, the figure's index and the
 * other state of that figure (after the change while it is undone, before
 * it while it is done). Doing and undoing are the same swap, so both stay
 * exact however often they are repeated, and the PhFigure pointers the map
 * holds never change.
 *
 * Adding and removing figures moves the figures themselves between the
 * scenario and the command, at the same places, so the figures' pointers
 * survive undo and redo too.
 *
 * A terrain command holds a whole other list of features, swapped with
 * the scenario's: features are few, and so any edit of them (a new one, a
 * moved vertex, a new drawing order) undoes exactly.
 *
 * A game command holds nothing: the game's own log does, and its undo and
 * redo revert and re-apply the event. Starting a game holds the game while
 * the start is undone.
 */
#pragma once

#include "ph-document.h"
#include "ph-shot-controller.h"

G_BEGIN_DECLS

typedef enum
{
  COMMAND_FIGURES,    /* swap figures */
  COMMAND_GAME_STEP,  /* ph_game_undo / ph_game_redo */
  COMMAND_GAME_START, /* the game appears or goes */
  COMMAND_ADD,        /* figures come onto the table (undo: they go) */
  COMMAND_REMOVE,     /* figures go from the table (undo: they come back) */
  COMMAND_PROPERTIES, /* swap title, description, sides and house rules */
  COMMAND_COMPOUND,   /* several commands as one step */
  COMMAND_TERRAIN,    /* swap the terrain features, the whole list */
} CommandKind;

typedef struct
{
  CommandKind kind;
  char *label;
  GArray *indices;    /* of guint: places in scenario->figures, ascending */
  GPtrArray *figures; /* of PhFigure*: the state to swap in; for ADD and
                       * REMOVE the figures while they are off the table
                       * (owned), empty while they are on it */
  PhGame *game;       /* COMMAND_GAME_START, while undone */
  guint game_position; /* COMMAND_GAME_START: the events it had applied */
  PhScenario *properties; /* COMMAND_PROPERTIES: the other title,
                           * description, sides and options */
  GPtrArray *children;    /* COMMAND_COMPOUND: of Command*, done in order */
  GPtrArray *features;    /* COMMAND_TERRAIN: the other list of features */
} Command;

struct _PhDocument
{
  GObject parent_instance;

  PhScenario *scenario;
  GFile *file;
  char *file_stamp;     /* the file's identity when last read or written */
  char *title;

  GPtrArray *history;   /* of Command*; the first `position` are done */
  guint position;
  int saved_position;   /* -1 when the saved state is no longer reachable */

  guint figures_revision;
  guint terrain_revision;

  PhGame *game;         /* NULL: no game */
  guint game_now;       /* events applied at present (when not replaying) */
  char *move_wish_figure; /* the man the Game tab's Move form is for */
  GHashTable *move_wish;  /* and its arguments (ph_document_set_move_wish()) */

  PhSelection *selection;
  PhShotController *shot_controller;
};

/* ph-document.c */

/* Notifies the history's properties after the position or the save point
 * moved. */
void     ph_document_notify_history        (PhDocument *self,
                                            gboolean    was_dirty,
                                            gboolean    could_undo,
                                            gboolean    could_redo);
void     ph_document_emit_figures_changed  (PhDocument *self);
void     ph_document_emit_game_changed     (PhDocument *self);
void     ph_document_emit_properties_changed (PhDocument *self);
void     ph_document_emit_terrain_changed  (PhDocument *self);

/* ph-document-history.c */

Command *ph_document_command_new           (CommandKind  kind,
                                            const char  *label);
void     ph_document_command_free          (Command     *command);
/* ph-document-properties.c: swaps @a's and @b's title, description,
 * sides, house rules and background (not the table) */
void     ph_document_swap_properties       (PhScenario  *a,
                                            PhScenario  *b);
/* Emits "refused" with @message */
void     ph_document_emit_refused          (PhDocument  *self,
                                            const char  *message);
/* Adds a command, does it unless @done (a game step is done by the game
 * before it is recorded), and drops what could have been redone. Takes
 * ownership of @command. */
void     ph_document_push_command_full     (PhDocument  *self,
                                            Command     *command,
                                            gboolean     done);

/* Does @trial (a changed copy of the scenario) save and load back? FALSE
 * with the loader's reason, without its line number, when not. */
gboolean ph_document_check_trial           (PhDocument  *self,
                                            PhScenario  *trial,
                                            GError     **error);
/* TRUE, with @error set, while a game is under way: its log names what
 * is on the table. */
gboolean ph_document_refuse_during_game    (PhDocument  *self,
                                            GError     **error);
/* Pushes @command after returning the game to "now" */
void     ph_document_push_command          (PhDocument  *self,
                                            Command     *command);

/* ph-document-game.c */

/* Ends a replay without telling anyone: the caller emits "changed".
 * FALSE when the game was already at "now". */
gboolean ph_document_return_to_now         (PhDocument  *self);
/* The history of a game just read (the document's position at the
 * game's): one step per event of its log, the undone ones to redo. */
void     ph_document_restore_game_history  (PhDocument  *self);

/* ph-document.c: what the Move form holds changed */
void ph_document_emit_move_wish_changed (PhDocument *self);

G_END_DECLS
