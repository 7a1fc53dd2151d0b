/* ph-document-history.c: the document's undo history: commands done,
 * undone and redone, and pushed (a figure edit during a game goes to the
 * log instead); the edits themselves are in ph-document-figures.c and
 * ph-document-properties.c
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * How a command is undone and redone is told in ph-document-private.h.
 */
#include "ph-document-private.h"
#include "ph-selection.h"

#include <glib/gi18n.h>
#include <string.h>

void
ph_document_command_free (Command *command)
{
  g_free (command->label);
  g_array_unref (command->indices);
  g_ptr_array_unref (command->figures);
  g_clear_pointer (&command->game, ph_game_free);
  g_clear_pointer (&command->properties, ph_scenario_unref);
  g_clear_pointer (&command->children, g_ptr_array_unref);
  g_clear_pointer (&command->features, g_ptr_array_unref);
  g_free (command);
}

Command *
ph_document_command_new (CommandKind  kind,
                         const char  *label)
{
  Command *command = g_new0 (Command, 1);

  command->kind = kind;
  command->label = g_strdup (label);
  command->indices = g_array_new (FALSE, FALSE, sizeof (guint));
  command->figures = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_figure_free);
  return command;
}

gboolean
ph_document_get_can_undo (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  return self->position > 0;
}

gboolean
ph_document_get_can_redo (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  return self->position < self->history->len;
}

const char *
ph_document_get_undo_label (PhDocument *self)
{
  Command *command;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), NULL);
  if (self->position == 0)
    return NULL;
  command = g_ptr_array_index (self->history, self->position - 1);
  return command->label;
}

const char *
ph_document_get_redo_label (PhDocument *self)
{
  Command *command;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), NULL);
  if (self->position >= self->history->len)
    return NULL;
  command = g_ptr_array_index (self->history, self->position);
  return command->label;
}

/* Doing and undoing: swap each figure with the command's other state. */
static void
command_swap (PhDocument *self,
              Command    *command)
{
  for (guint i = 0; i < command->indices->len; i++)
    {
      guint index = g_array_index (command->indices, guint, i);
      PhFigure *current = g_ptr_array_index (self->scenario->figures, index);
      PhFigure *other = g_ptr_array_index (command->figures, i);
      PhFigure tmp = *current;

      *current = *other;
      *other = tmp;
    }
  /* The ids now live in other strings. */
  ph_scenario_reindex (self->scenario);
  self->figures_revision++;
}

/* Puts the command's figures on the table at their places */
static void
command_insert (PhDocument *self,
                Command    *command)
{
  for (guint i = 0; i < command->indices->len; i++)
    g_ptr_array_insert (self->scenario->figures, g_array_index (command->indices, guint, i),
                        g_ptr_array_steal_index (command->figures, 0));
}

/* Takes them off again, keeping them in order */
static void
command_take (PhDocument *self,
              Command    *command)
{
  g_autoptr(GPtrArray) taken = g_ptr_array_new ();

  /* off the selection first: nothing may point at a figure off the table */
  for (guint i = 0; i < command->indices->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (self->scenario->figures,
                                            g_array_index (command->indices, guint, i));

      ph_selection_forget (self->selection, figure);
    }
  for (guint i = command->indices->len; i-- > 0;)
    g_ptr_array_add (taken, g_ptr_array_steal_index (self->scenario->figures,
                                                      g_array_index (command->indices, guint, i)));
  for (guint i = taken->len; i-- > 0;)
    g_ptr_array_add (command->figures, g_ptr_array_index (taken, i));
}

/* Swaps the scenario's own properties with the command's */
static void
command_swap_properties (PhDocument *self,
                         Command    *command)
{
  PhScenario *s = self->scenario, *p = command->properties;

  ph_document_swap_properties (s, p);
  {
    PhTable table = s->table;

    s->table = p->table;
    p->table = table;
  }
  ph_scenario_reindex (s);
  self->figures_revision++;
  self->terrain_revision++;
}

static gboolean command_apply (PhDocument *self, Command *command, gboolean forward);

/* Does (@forward) or undoes a command; FALSE (with a warning) when the
 * game refuses, and then nothing moved. */
static gboolean
command_apply (PhDocument *self,
               Command    *command,
               gboolean    forward)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  switch (command->kind)
    {
    case COMMAND_FIGURES:
      command_swap (self, command);
      return TRUE;

    case COMMAND_PROPERTIES:
      command_swap_properties (self, command);
      return TRUE;

    case COMMAND_TERRAIN:
      {
        GPtrArray *features = self->scenario->features;

        self->scenario->features = command->features;
        command->features = features;
      }
      ph_scenario_reindex (self->scenario);
      self->terrain_revision++;
      /* nothing may stay picked that is no longer on the table */
      {
        const char *picked = ph_selection_get_feature (self->selection);

        if (picked != NULL && ph_scenario_find_feature (self->scenario, picked) == NULL)
          ph_selection_set_feature (self->selection, NULL);
      }
      return TRUE;

    case COMMAND_COMPOUND:
      for (guint i = 0; i < command->children->len; i++)
        command_apply (self, g_ptr_array_index (command->children,
                                                forward ? i : command->children->len - 1 - i),
                       forward);
      return TRUE;

    case COMMAND_ADD:
    case COMMAND_REMOVE:
      if (forward == (command->kind == COMMAND_ADD))
        command_insert (self, command);
      else
        command_take (self, command);
      ph_scenario_reindex (self->scenario);
      self->figures_revision++;
      return TRUE;

    case COMMAND_GAME_STEP:
      g_return_val_if_fail (self->game != NULL, FALSE);
      ok = forward ? ph_game_redo (self->game, &error) : ph_game_undo (self->game, &error);
      break;

    case COMMAND_GAME_START:
      if (forward)
        {
          g_return_val_if_fail (self->game == NULL && command->game != NULL, FALSE);
          self->game = g_steal_pointer (&command->game);
          ok = ph_game_seek (self->game, command->game_position, &error);
        }
      else
        {
          g_return_val_if_fail (self->game != NULL, FALSE);
          command->game_position = ph_game_get_position (self->game);
          ok = ph_game_seek (self->game, 0, &error);
          command->game = g_steal_pointer (&self->game);
        }
      break;
    }

  if (!ok)
    g_warning ("%s: %s", command->label, error->message);
  self->game_now = self->game ? ph_game_get_position (self->game) : 0;
  ph_scenario_reindex (self->scenario);
  self->figures_revision++;
  return ok;
}

static void
emit_command_changed (PhDocument *self,
                      Command    *command)
{
  if (command->kind == COMMAND_PROPERTIES || command->kind == COMMAND_COMPOUND)
    ph_document_emit_properties_changed (self);
  else if (command->kind == COMMAND_TERRAIN)
    ph_document_emit_terrain_changed (self);
  else if (command->kind == COMMAND_FIGURES || command->kind == COMMAND_ADD
           || command->kind == COMMAND_REMOVE)
    ph_document_emit_figures_changed (self);
  else
    ph_document_emit_game_changed (self);
}

/* Undoes (@forward FALSE) or redoes the command next to the position. */
static gboolean
history_step (PhDocument *self,
              gboolean    forward)
{
  gboolean was_dirty, could_undo, could_redo;
  Command *command;

  if (forward ? self->position >= self->history->len : self->position == 0)
    return FALSE;

  was_dirty = ph_document_get_dirty (self);
  could_undo = ph_document_get_can_undo (self);
  could_redo = ph_document_get_can_redo (self);

  if (ph_document_return_to_now (self))
    ph_document_emit_game_changed (self);
  command = g_ptr_array_index (self->history,
                               forward ? self->position : self->position - 1);
  if (!command_apply (self, command, forward))
    {
      emit_command_changed (self, command);
      return FALSE;
    }
  if (forward)
    self->position++;
  else
    self->position--;

  g_object_freeze_notify (G_OBJECT (self));
  ph_document_notify_history (self, was_dirty, could_undo, could_redo);
  emit_command_changed (self, command);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

gboolean
ph_document_undo (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  return history_step (self, FALSE);
}

gboolean
ph_document_redo (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  return history_step (self, TRUE);
}

/* Adds a command, does it unless @done (a game step is done by the game
 * before it is recorded), and drops what could have been redone. Takes
 * ownership of @command. */
void
ph_document_push_command_full (PhDocument *self,
                               Command    *command,
                               gboolean    done)
{
  gboolean was_dirty, could_undo, could_redo;

  if ((command->kind == COMMAND_FIGURES || command->kind == COMMAND_ADD
       || command->kind == COMMAND_REMOVE)
      && command->indices->len == 0)
    {
      ph_document_command_free (command);
      return;
    }

  was_dirty = ph_document_get_dirty (self);
  could_undo = ph_document_get_can_undo (self);
  could_redo = ph_document_get_can_redo (self);

  g_ptr_array_set_size (self->history, self->position);
  if (self->saved_position > (int) self->position)
    self->saved_position = -1;

  if (!done)
    command_apply (self, command, TRUE);
  else
    {
      self->game_now = self->game ? ph_game_get_position (self->game) : 0;
      ph_scenario_reindex (self->scenario);
      self->figures_revision++;
    }
  g_ptr_array_add (self->history, command);
  self->position++;

  g_object_freeze_notify (G_OBJECT (self));
  ph_document_notify_history (self, was_dirty, could_undo, could_redo);
  emit_command_changed (self, command);
  g_object_thaw_notify (G_OBJECT (self));
}

void
ph_document_push_command (PhDocument *self,
                          Command    *command)
{
  /* During a game, a change to figures is the referee's, and goes
   * through the log like every step: the log stays the whole story. */
  if (self->game != NULL && command->kind == COMMAND_FIGURES
      && ph_document_get_replaying (self))
    {
      /* the table shows the past: an edit there would rewrite what came
       * after it */
      ph_document_emit_refused (self, _("The log is being replayed: Back to Now first, "
                                        "then change the table"));
      ph_document_command_free (command);
      return;
    }
  if (self->game != NULL && command->kind == COMMAND_FIGURES)
    {
      g_autoptr(GError) error = NULL;

      if (command->figures->len > 0
          && !ph_document_game_referee_edit (self, command->label,
                                             (PhFigure *const *) command->figures->pdata,
                                             command->figures->len, &error))
        {
          g_autofree char *message = g_strdup_printf (_("%s refused: %s"), command->label,
                                                      error->message);

          ph_document_emit_refused (self, message);
        }
      ph_document_command_free (command);
      return;
    }
  /* An edit is made to the present, never to a replayed moment. */
  if (ph_document_return_to_now (self))
    ph_document_emit_game_changed (self);
  ph_document_push_command_full (self, command, FALSE);
}
