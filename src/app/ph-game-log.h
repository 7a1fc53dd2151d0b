/* ph-game-log.h: the Game tab's log: every step, undo and replay
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-document.h"

G_BEGIN_DECLS

#define PH_TYPE_GAME_LOG (ph_game_log_get_type ())

G_DECLARE_FINAL_TYPE (PhGameLog, ph_game_log, PH, GAME_LOG, GtkBox)

GtkWidget *ph_game_log_new          (void);
/* Shown from the next ph_game_log_refresh() */
void       ph_game_log_set_document (PhGameLog  *self,
                                     PhDocument *document);
/* Rebuilds the rows and the buttons from the document's game */
void       ph_game_log_refresh      (PhGameLog *self);
/* The rows shown (one per event) */
guint      ph_game_log_get_n_rows   (PhGameLog *self);
/* Whether the newest row is in view (the log scrolled to its end) */
gboolean   ph_game_log_get_at_end   (PhGameLog *self);
/* "Replay to here" on the row for event @index, as if selected and
 * clicked; FALSE without such a row. A refusal is the signal
 * "replay-failed" (a message). */
gboolean   ph_game_log_replay_to    (PhGameLog *self,
                                     guint      index);

G_END_DECLS
