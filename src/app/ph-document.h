/* ph-document.h: an open scenario, its file, and its undo history
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window never edits the PhScenario directly: every change (moving
 * figures, turning them, editing a figure in the inspector) goes through
 * the document as a command, so it can be undone, marks the document
 * dirty, and emits "changed" saying what changed so that the map redraws
 * only the layer concerned.
 *
 * The document also owns the game in progress, if any (a PhGame working on
 * the scenario's figures): every game step (an action, a dice-tray roll,
 * starting the game) is one command of the same undo history, whose undo
 * is ph_game_undo() and redo ph_game_redo(), so Ctrl+Z takes back game
 * steps and edits alike, in the order they were made. Replaying (seeking
 * the game to an earlier step to look at the table then) is not a step:
 * it changes nothing saved, and anything else the document does first
 * returns the game to "now".
 */
#pragma once

#include <gio/gio.h>

#include "ph-core.h"
#include "ph-selection.h"

G_BEGIN_DECLS

typedef struct _PhShotController PhShotController;

typedef enum
{
  PH_DOCUMENT_CHANGE_FIGURES  = 1 << 0, /* figures moved, turned or edited */
  PH_DOCUMENT_CHANGE_TERRAIN  = 1 << 1, /* the table or its terrain */
  PH_DOCUMENT_CHANGE_SCENARIO = 1 << 2, /* a whole new scenario */
  PH_DOCUMENT_CHANGE_GAME     = 1 << 3, /* the game: its log, turn, replay */
  PH_DOCUMENT_CHANGE_PROPERTIES = 1 << 4, /* title, description, sides, house rules */
} PhDocumentChange;

#define PH_DOCUMENT_CHANGE_ALL (PH_DOCUMENT_CHANGE_FIGURES | \
                                PH_DOCUMENT_CHANGE_TERRAIN | \
                                PH_DOCUMENT_CHANGE_SCENARIO | \
                                PH_DOCUMENT_CHANGE_GAME | \
                                PH_DOCUMENT_CHANGE_PROPERTIES)

#define PH_TYPE_DOCUMENT (ph_document_get_type ())

G_DECLARE_FINAL_TYPE (PhDocument, ph_document, PH, DOCUMENT, GObject)

PhDocument *ph_document_new              (void);

/* Reads @file; on failure the document is left exactly as it was. The
 * history is empty but for a game's steps, which undo and redo as if they
 * had been played in this window (ph-document-game.c). */
/* The document is no longer bound to its file: untitled, Save asks where
 * (a bundled example opened as a copy) */
void        ph_document_forget_file      (PhDocument  *self);
gboolean    ph_document_load             (PhDocument  *self,
                                          GFile       *file,
                                          GError     **error);
/* Takes a new reference to @scenario (which it then edits); @file may be
 * NULL for an unsaved scenario. Clears the history. */
void        ph_document_set_scenario     (PhDocument  *self,
                                          PhScenario  *scenario,
                                          GFile       *file);
/* Reads the draft @draft (a scenario file PhDrafts wrote) as unsaved
 * changes to @file (NULL: untitled), whose identity was @file_stamp when
 * the draft's document last read or wrote it (NULL: unknown). The document
 * is then dirty, with an empty history but for a game's steps (as
 * ph_document_load()); on failure it is left as it was. */
gboolean    ph_document_load_draft       (PhDocument  *self,
                                          GFile       *draft,
                                          GFile       *file,
                                          const char  *file_stamp,
                                          GError     **error);
/* Saves atomically to the document's file (there must be one). */
gboolean    ph_document_save             (PhDocument  *self,
                                          GError     **error);
gboolean    ph_document_save_as          (PhDocument  *self,
                                          GFile       *file,
                                          GError     **error);

/* The scenario in canonical form, the game included (what Save writes
 * for a new scenario; one read from a file is saved into the file's own
 * text), or NULL while the game is replayed (the table then shows the
 * past). */
char       *ph_document_to_xml           (PhDocument  *self,
                                          gsize       *length);

PhScenario *ph_document_get_scenario     (PhDocument  *self);
GFile      *ph_document_get_file         (PhDocument  *self);
/* The file's identity (device, inode, size, modification time to the
 * nanosecond) when the document last read or wrote it; NULL when unknown. */
const char *ph_document_get_file_stamp   (PhDocument  *self);
/* TRUE when the file on disk is no longer the one the document read or
 * last wrote (another program changed or replaced it). FALSE without a
 * file or stamp, or when the file is gone: saving overwrites nothing. */
gboolean    ph_document_get_file_changed (PhDocument  *self);
/* The scenario's title, else the file's name, else "Untitled". */
const char *ph_document_get_title        (PhDocument  *self);
gboolean    ph_document_get_dirty        (PhDocument  *self);
/* The figures picked on the map, emptied before the scenario is replaced;
 * and the shot they make (ph-shot-controller.h) */
PhSelection *ph_document_get_selection   (PhDocument  *self);
PhShotController *ph_document_get_shot_controller (PhDocument *self);
/* Counts every change; the map keys its caches on these. */
guint       ph_document_get_figures_revision (PhDocument *self);
guint       ph_document_get_terrain_revision (PhDocument *self);

/* Undo history */
gboolean    ph_document_get_can_undo     (PhDocument  *self);
gboolean    ph_document_get_can_redo     (PhDocument  *self);
/* "Move 3 Figures", or NULL */
const char *ph_document_get_undo_label   (PhDocument  *self);
const char *ph_document_get_redo_label   (PhDocument  *self);
gboolean    ph_document_undo             (PhDocument  *self);
gboolean    ph_document_redo             (PhDocument  *self);

/* Commands. Each is one undoable step; unknown ids are ignored. */
void        ph_document_move_figures     (PhDocument   *self,
                                          guint         n_figures,
                                          const char  **ids,
                                          const PhPoint *positions);
void        ph_document_turn_figures     (PhDocument   *self,
                                          guint         n_figures,
                                          const char  **ids,
                                          const double *facings);
/* Replaces the figure of the same id by a copy of @edited (which must have
 * been checked with ph_document_check_figure()). */
void        ph_document_update_figure    (PhDocument     *self,
                                          const char     *label,
                                          const PhFigure *edited);
/* Replaces each figure of @edited (PhFigure, each checked with
 * ph_document_check_figure()) by a copy, as one undo step called @label
 * ("Edit Troop of 3 Figures"). */
void        ph_document_update_figures   (PhDocument     *self,
                                          const char     *label,
                                          GPtrArray      *edited);
/* Puts @figures (taken; @figures is left empty) on the table after the
 * others, as one undo step called @label. Refused (FALSE, @error) while a
 * game is under way: its log names the figures. */
gboolean    ph_document_add_figures      (PhDocument  *self,
                                          const char  *label,
                                          GPtrArray   *figures,
                                          GError     **error);
/* Takes @figures (the scenario's, not taken) off the table, as one undo
 * step; refused the same way during a game. */
gboolean    ph_document_remove_figures   (PhDocument  *self,
                                          const char  *label,
                                          GPtrArray   *figures,
                                          GError     **error);
/* Replaces the scenario's title, description, table, sides and house rules by
 * @edited's (a ph_scenario_copy() of the scenario with them changed) as
 * one undo step called @label. Refused (FALSE, @error) when the file
 * would not load so (an option's bad value, a side named twice) or a
 * figure would lose its side. */
gboolean    ph_document_set_properties   (PhDocument  *self,
                                          const char  *label,
                                          PhScenario  *edited,
                                          GError     **error);
/* How many figures side @side_id has */
guint       ph_document_count_side_figures (PhDocument *self,
                                            const char *side_id);
/* Side @side_id goes, with its figures, as one undo step (refused during
 * a game when it has figures) */
gboolean    ph_document_remove_side      (PhDocument  *self,
                                          const char  *side_id,
                                          GError     **error);
/* Checks an edited figure as the file loader would, against the document's
 * scenario: FALSE with a readable message when it would not load back. */
gboolean    ph_document_check_figure     (PhDocument     *self,
                                          const PhFigure *edited,
                                          GError        **error);

/* Terrain. Each is one undo step; each is refused (FALSE, @error, nothing
 * changed) during a game (its log was played on this table) and when the
 * file would not load so (a polygon under 3 points, a duplicate id). */
/* Puts @feature (taken) on top of the others; a NULL or taken id is
 * replaced by a new one. */
gboolean    ph_document_add_feature      (PhDocument  *self,
                                          PhFeature   *feature,
                                          GError     **error);
/* Puts @features (taken; left empty) on top, as one step called @label;
 * ids already taken are replaced by new ones */
gboolean    ph_document_add_features     (PhDocument  *self,
                                          const char  *label,
                                          GPtrArray   *features,
                                          GError     **error);
/* Replaces the feature of @edited's id by a copy of @edited, as the step
 * called @label ("Move Hemlock Wood") */
gboolean    ph_document_update_feature   (PhDocument       *self,
                                          const char       *label,
                                          const PhFeature  *edited,
                                          GError          **error);
gboolean    ph_document_remove_feature   (PhDocument  *self,
                                          const char  *id,
                                          GError     **error);
/* A copy of feature @id, a little aside, with a new id; its id in @new_id */
gboolean    ph_document_duplicate_feature (PhDocument  *self,
                                           const char  *id,
                                           char       **new_id,
                                           GError     **error);
/* Changes the drawing order: @delta places up (later, drawn over) or down;
 * G_MAXINT / -G_MAXINT to the top or the bottom. FALSE (no step) when it
 * is already there. */
gboolean    ph_document_restack_feature  (PhDocument  *self,
                                          const char  *id,
                                          int          delta,
                                          GError     **error);
/* The kind's name for people ("Woods", "Very rough ground") */
const char *ph_terrain_kind_title        (PhTerrainKind kind);

/* The game. NULL while the scenario has none (a file without <game>, until
 * ph_document_start_game()). */
PhGame     *ph_document_get_game         (PhDocument  *self);
/* Starts a game with @seed (one undoable step); FALSE when there is one. */
gboolean    ph_document_start_game       (PhDocument  *self,
                                          guint32      seed,
                                          GError     **error);
/* One game step each: ph_game_perform() and ph_game_roll_tray(). On
 * error nothing changes. */
gboolean    ph_document_game_perform     (PhDocument  *self,
                                          const char  *action,
                                          GHashTable  *args,
                                          GError     **error);
gboolean    ph_document_game_roll        (PhDocument  *self,
                                          const char  *expression,
                                          const char  *purpose,
                                          GError     **error);
/* A move by drag: the ruleset's move of @figure_id to @to (ph-game-move.h),
 * one game step; FALSE with the rules' reason and nothing changed when
 * it is refused */
gboolean    ph_document_game_move        (PhDocument  *self,
                                          const char  *figure_id,
                                          PhPoint      to,
                                          GError     **error);
/* What the Game tab's Move form holds for @figure_id (its arguments, name
 * → value, both char*, kept with a reference; NULL: nothing): a drag of
 * that man and its drop take them as the rules allow
 * (ph_game_plan_move_wished(): Featherstone's rate chosen in the form) */
void        ph_document_set_move_wish    (PhDocument  *self,
                                          const char  *figure_id,
                                          GHashTable  *args);
/* Those arguments for @figure_id, or NULL (owned by the document) */
GHashTable *ph_document_get_move_wish    (PhDocument  *self,
                                          const char  *figure_id);
/* The referee's own change to figures during a game (a move out of turn,
 * a marker put right): one game step of kind "referee", logged as
 * "Referee moved Sgt Smith 4.6 in" (ph_game_referee_edit()), or
 * "Referee: @what (...)" when nothing moved. Edits of figures (moves, turns, the Figure
 * tab) made while a game is under way become such steps by themselves. */
gboolean    ph_document_game_referee_edit (PhDocument      *self,
                                           const char      *what,
                                           PhFigure *const *edited,
                                           guint            n_edited,
                                           GError         **error);
/* Replay: shows the table after the first @position events of the log;
 * ph_document_game_back_to_now() returns to the present. */
gboolean    ph_document_game_seek        (PhDocument  *self,
                                          guint        position,
                                          GError     **error);
void        ph_document_game_back_to_now (PhDocument  *self);
/* The number of events applied at present (not while replaying) */
guint       ph_document_game_get_now     (PhDocument  *self);
gboolean    ph_document_get_replaying    (PhDocument  *self);
/* TRUE when the last step in the undo history is a game step */
gboolean    ph_document_get_can_undo_game_step (PhDocument *self);

G_END_DECLS
