/* ph-document-game.c: the game in progress, as steps of the undo history
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every game step is one command of the document's history (see
 * ph-document-history.c); replaying seeks the game without being a step.
 */
#include "ph-document-private.h"

#include <glib/gi18n.h>

/* Ends a replay without telling anyone: the caller emits "changed". */
gboolean
ph_document_return_to_now (PhDocument *self)
{
  g_autoptr(GError) error = NULL;

  if (self->game == NULL || ph_game_get_position (self->game) == self->game_now)
    return FALSE;
  if (!ph_game_seek (self->game, self->game_now, &error))
    g_warning ("Cannot return the game to now: %s", error->message);
  ph_scenario_reindex (self->scenario);
  self->figures_revision++;
  return TRUE;
}

/* The game */

PhGame *
ph_document_get_game (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), NULL);
  return self->game;
}

gboolean
ph_document_start_game (PhDocument  *self,
                        guint32      seed,
                        GError     **error)
{
  Command *command;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);

  if (self->game)
    {
      g_set_error_literal (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                           _("The game has already started"));
      return FALSE;
    }

  self->game = ph_game_new (self->scenario, seed);
  if (self->game == NULL)
    {
      g_set_error_literal (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                           _("A game cannot be started with this scenario"));
      return FALSE;
    }
  command = ph_document_command_new (COMMAND_GAME_START, _("Start Game"));
  ph_document_push_command_full (self, command, TRUE);
  return TRUE;
}

/* A label for the undo history: event @index's log line, shortened */
static char *
game_step_label (PhGame *game,
                 guint   index)
{
  const PhEvent *event = index < ph_game_get_n_events (game) ? ph_game_get_event (game, index) : NULL;
  const char *text = event && event->text && *event->text ? event->text
                     : event && event->kind ? event->kind : _("Game Step");

  if (g_utf8_strlen (text, -1) > 48)
    {
      g_autofree char *start = g_utf8_substring (text, 0, 47);
      return g_strconcat (start, "…", NULL);
    }
  return g_strdup (text);
}

/* A game read from a file (or a draft) comes with its log: each of its
 * steps becomes a step of the history, as if played in this window, so
 * that Ctrl+Z takes back the last step of a reopened game as it would
 * have before the save, and Ctrl+Shift+Z puts back the steps the file
 * holds as undone. The first event, the rules' "start", is Start Game
 * (undone, the game goes). A game read with no step applied keeps its
 * start as a plain step: it is under way, its steps all redoable. */
void
ph_document_restore_game_history (PhDocument *self)
{
  guint n, position;

  if (self->game == NULL)
    return;
  n = ph_game_get_n_events (self->game);
  position = ph_game_get_position (self->game);
  g_ptr_array_set_size (self->history, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = game_step_label (self->game, i);
      gboolean start = i == 0 && position > 0
                       && g_strcmp0 (ph_game_get_event (self->game, 0)->kind, "start") == 0;

      g_ptr_array_add (self->history,
                       ph_document_command_new (start ? COMMAND_GAME_START : COMMAND_GAME_STEP,
                                                start ? _("Start Game") : label));
    }
  self->position = position;
}

static gboolean
game_step_begin (PhDocument  *self,
                 GError     **error)
{
  if (self->game == NULL)
    {
      g_set_error_literal (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                           _("No game in progress: start one first"));
      return FALSE;
    }
  if (ph_document_return_to_now (self))
    ph_document_emit_game_changed (self);
  return TRUE;
}

static void
game_step_done (PhDocument *self)
{
  g_autofree char *label = game_step_label (self->game, ph_game_get_position (self->game) - 1);

  ph_document_push_command_full (self, ph_document_command_new (COMMAND_GAME_STEP, label), TRUE);
}

gboolean
ph_document_game_perform (PhDocument  *self,
                          const char  *action,
                          GHashTable  *args,
                          GError     **error)
{
  g_autoptr(GHashTable) empty = NULL;
  guint before;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  if (!game_step_begin (self, error))
    return FALSE;
  if (args == NULL)
    args = empty = g_hash_table_new (g_str_hash, g_str_equal);
  before = ph_game_get_position (self->game);
  if (!ph_game_perform (self->game, action, args, error))
    return FALSE;
  if (ph_game_get_position (self->game) == before)
    return TRUE;  /* nothing happened, nothing to undo */
  game_step_done (self);
  return TRUE;
}

gboolean
ph_document_game_roll (PhDocument  *self,
                       const char  *expression,
                       const char  *purpose,
                       GError     **error)
{
  guint before;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (expression != NULL, FALSE);

  if (!game_step_begin (self, error))
    return FALSE;
  before = ph_game_get_position (self->game);
  if (!ph_game_roll_tray (self->game, expression, purpose, error))
    return FALSE;
  if (ph_game_get_position (self->game) == before)
    return TRUE;
  game_step_done (self);
  return TRUE;
}

gboolean
ph_document_game_move (PhDocument  *self,
                       const char  *figure_id,
                       PhPoint      to,
                       GError     **error)
{
  guint before;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (figure_id != NULL, FALSE);

  if (!game_step_begin (self, error))
    return FALSE;
  before = ph_game_get_position (self->game);
  if (!ph_game_perform_move_wished (self->game, figure_id, to,
                                    ph_document_get_move_wish (self, figure_id), error))
    return FALSE;
  if (ph_game_get_position (self->game) != before)
    game_step_done (self);
  return TRUE;
}

/* Whether @a and @b (name → value, char*) hold the same */
static gboolean
same_args (GHashTable *a,
           GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value;

  if (a == NULL || b == NULL)
    return a == b;
  if (g_hash_table_size (a) != g_hash_table_size (b))
    return FALSE;
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_contains (b, key) || g_strcmp0 (value, g_hash_table_lookup (b, key)) != 0)
      return FALSE;
  return TRUE;
}

void
ph_document_set_move_wish (PhDocument *self,
                           const char *figure_id,
                           GHashTable *args)
{
  g_return_if_fail (PH_IS_DOCUMENT (self));

  if (args == NULL)
    figure_id = NULL;
  /* the same values again (the form is collected on every edit) */
  if (g_strcmp0 (figure_id, self->move_wish_figure) == 0 && same_args (args, self->move_wish))
    return;
  if (args != NULL)
    g_hash_table_ref (args);
  g_clear_pointer (&self->move_wish, g_hash_table_unref);
  g_free (self->move_wish_figure);
  self->move_wish_figure = g_strdup (figure_id);
  self->move_wish = args;
  ph_document_emit_move_wish_changed (self);
}

GHashTable *
ph_document_get_move_wish (PhDocument *self,
                           const char *figure_id)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), NULL);

  if (figure_id == NULL || g_strcmp0 (figure_id, self->move_wish_figure) != 0)
    return NULL;
  return self->move_wish;
}

gboolean
ph_document_game_referee_edit (PhDocument       *self,
                               const char       *what,
                               PhFigure *const  *edited,
                               guint             n_edited,
                               GError          **error)
{
  guint before;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);

  if (!game_step_begin (self, error))
    return FALSE;
  before = ph_game_get_position (self->game);
  if (!ph_game_referee_edit (self->game, what, edited, n_edited, error))
    return FALSE;
  if (ph_game_get_position (self->game) != before)
    game_step_done (self);
  return TRUE;
}

gboolean
ph_document_game_seek (PhDocument  *self,
                       guint        position,
                       GError     **error)
{
  gboolean ok;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);

  if (self->game == NULL)
    {
      g_set_error_literal (error, PH_GAME_ERROR, PH_GAME_ERROR_NOTHING,
                           _("No game in progress"));
      return FALSE;
    }
  /* Replay shows the steps up to now, not the undone ones after it. */
  position = MIN (position, self->game_now);
  if (position == ph_game_get_position (self->game))
    return TRUE;
  ok = ph_game_seek (self->game, position, error);
  ph_scenario_reindex (self->scenario);
  self->figures_revision++;
  ph_document_emit_game_changed (self);
  return ok;
}

void
ph_document_game_back_to_now (PhDocument *self)
{
  g_return_if_fail (PH_IS_DOCUMENT (self));

  if (ph_document_return_to_now (self))
    ph_document_emit_game_changed (self);
}

guint
ph_document_game_get_now (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), 0);
  return self->game ? self->game_now : 0;
}

gboolean
ph_document_get_replaying (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  return self->game != NULL && ph_game_get_position (self->game) != self->game_now;
}

gboolean
ph_document_get_can_undo_game_step (PhDocument *self)
{
  Command *command;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  if (self->position == 0)
    return FALSE;
  command = g_ptr_array_index (self->history, self->position - 1);
  return command->kind == COMMAND_GAME_STEP;
}
