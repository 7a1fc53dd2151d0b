/* ph-document-history.c: the document's undo history and its commands
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

static Command *
command_new (const char *label)
{
  return ph_document_command_new (COMMAND_FIGURES, label);
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

static void
swap_pointers (gpointer *a,
               gpointer *b)
{
  gpointer tmp = *a;

  *a = *b;
  *b = tmp;
}

/* Swaps the scenario's own properties with the command's */
static void
command_swap_properties (PhDocument *self,
                         Command    *command)
{
  PhScenario *s = self->scenario, *p = command->properties;

  swap_pointers ((gpointer *) &s->title, (gpointer *) &p->title);
  swap_pointers ((gpointer *) &s->description, (gpointer *) &p->description);
  swap_pointers ((gpointer *) &s->sides, (gpointer *) &p->sides);
  swap_pointers ((gpointer *) &s->options, (gpointer *) &p->options);
  swap_pointers ((gpointer *) &s->background, (gpointer *) &p->background);
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
      swap_pointers ((gpointer *) &self->scenario->features, (gpointer *) &command->features);
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

static gboolean
find_figure_index (PhDocument *self,
                   const char *id,
                   guint      *index)
{
  PhFigure *figure = ph_scenario_find_figure (self->scenario, id);

  return figure && g_ptr_array_find (self->scenario->figures, figure, index);
}

/* Changes @copy (of figure @i of a command) to the value it is given;
 * FALSE when it already has that value. */
typedef gboolean (*FigureChange) (PhFigure      *copy,
                                  gconstpointer  values,
                                  guint          i);

/* One command changing each of @ids that exists and is not already as
 * @change would make it. */
static void
push_figures_command (PhDocument    *self,
                      const char    *label,
                      guint          n_figures,
                      const char   **ids,
                      FigureChange   change,
                      gconstpointer  values)
{
  Command *command = command_new (label);

  for (guint i = 0; i < n_figures; i++)
    {
      guint index;
      PhFigure *copy;

      if (!find_figure_index (self, ids[i], &index))
        continue;
      copy = ph_figure_copy (g_ptr_array_index (self->scenario->figures, index));
      if (!change (copy, values, i))
        {
          ph_figure_free (copy);
          continue;
        }
      g_array_append_val (command->indices, index);
      g_ptr_array_add (command->figures, copy);
    }
  ph_document_push_command (self, command);
}

/* The name a one-figure command's label gives the figure */
static const char *
figure_label_name (PhDocument *self,
                   const char *id)
{
  PhFigure *figure = ph_scenario_find_figure (self->scenario, id);

  return figure ? ph_figure_display_name (figure) : id;
}

static gboolean
change_position (PhFigure      *copy,
                 gconstpointer  values,
                 guint          i)
{
  const PhPoint *positions = values;

  if (copy->x == positions[i].x && copy->y == positions[i].y)
    return FALSE;
  copy->x = positions[i].x;
  copy->y = positions[i].y;
  return TRUE;
}

void
ph_document_move_figures (PhDocument    *self,
                          guint          n_figures,
                          const char   **ids,
                          const PhPoint *positions)
{
  g_autofree char *label = NULL;

  g_return_if_fail (PH_IS_DOCUMENT (self));

  if (n_figures == 1)
    label = g_strdup_printf (_("Move %s"), figure_label_name (self, ids[0]));
  else
    label = g_strdup_printf (g_dngettext (NULL, "Move %u Figure", "Move %u Figures", n_figures), n_figures);

  push_figures_command (self, label, n_figures, ids, change_position, positions);
}

static gboolean
change_facing (PhFigure      *copy,
               gconstpointer  values,
               guint          i)
{
  const double *facings = values;
  double facing = ph_angle_normalize (facings[i]);

  if (copy->facing == facing)
    return FALSE;
  copy->facing = facing;
  return TRUE;
}

void
ph_document_turn_figures (PhDocument   *self,
                          guint         n_figures,
                          const char  **ids,
                          const double *facings)
{
  g_autofree char *label = NULL;

  g_return_if_fail (PH_IS_DOCUMENT (self));

  if (n_figures == 1)
    label = g_strdup_printf (_("Turn %s"), figure_label_name (self, ids[0]));
  else
    label = g_strdup_printf (g_dngettext (NULL, "Turn %u Figure", "Turn %u Figures", n_figures), n_figures);

  push_figures_command (self, label, n_figures, ids, change_facing, facings);
}

void
ph_document_update_figure (PhDocument     *self,
                           const char     *label,
                           const PhFigure *edited)
{
  Command *command;
  guint index;

  g_return_if_fail (PH_IS_DOCUMENT (self));
  g_return_if_fail (edited != NULL);

  if (!find_figure_index (self, edited->id, &index))
    return;

  command = command_new (label ? label : _("Edit Figure"));
  g_array_append_val (command->indices, index);
  g_ptr_array_add (command->figures, ph_figure_copy (edited));
  ph_document_push_command (self, command);
}

void
ph_document_update_figures (PhDocument *self,
                            const char *label,
                            GPtrArray  *edited)
{
  Command *command;

  g_return_if_fail (PH_IS_DOCUMENT (self));
  g_return_if_fail (edited != NULL);

  command = command_new (label ? label : _("Edit Figures"));
  for (guint i = 0; i < edited->len; i++)
    {
      const PhFigure *figure = g_ptr_array_index (edited, i);
      guint index;
      gboolean taken = FALSE;

      if (!find_figure_index (self, figure->id, &index))
        continue;
      /* A figure twice would be swapped back by its second copy. */
      for (guint j = 0; j < command->indices->len && !taken; j++)
        taken = g_array_index (command->indices, guint, j) == index;
      if (taken)
        continue;
      g_array_append_val (command->indices, index);
      g_ptr_array_add (command->figures, ph_figure_copy (figure));
    }
  ph_document_push_command (self, command);
}

gboolean
ph_document_check_figure (PhDocument     *self,
                          const PhFigure *edited,
                          GError        **error)
{
  g_autoptr(PhScenario) trial = NULL;
  g_autoptr(PhScenario) reloaded = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *xml = NULL;
  PhFigure *old;
  gsize length = 0;
  guint index;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (edited != NULL, FALSE);

  if (!find_figure_index (self, edited->id, &index))
    {
      g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                   _("No figure “%s” in this scenario"), edited->id);
      return FALSE;
    }

  /* The loader is the one judge of what is valid: write the scenario with
   * the edit made and read it back. */
  trial = ph_scenario_copy (self->scenario);
  /* The figure is judged, not the game: the loader replays a game log
   * against the figures, and the one kept in the scenario is only brought
   * up to date when the document is saved. */
  g_clear_pointer (&trial->game_xml, g_free);
  old = g_ptr_array_index (trial->figures, index);
  g_ptr_array_index (trial->figures, index) = ph_figure_copy (edited);
  ph_figure_free (old);
  ph_scenario_reindex (trial);

  xml = ph_scenario_to_xml (trial, &length);
  if (xml == NULL)
    {
      g_set_error_literal (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                           _("The figure cannot be written"));
      return FALSE;
    }

  reloaded = ph_scenario_load_data (xml, length, "edit", &local_error);
  if (reloaded == NULL)
    {
      const char *message = local_error ? local_error->message : _("Invalid figure");
      const char *colon;

      /* "edit:LINE: message" names a line of a file the user never saw. */
      if (g_str_has_prefix (message, "edit:") && (colon = strchr (message + 5, ':')))
        message = colon + 1;
      while (*message == ' ')
        message++;
      g_set_error_literal (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID, message);
      return FALSE;
    }
  return TRUE;
}

/* Adding and removing figures */

gboolean
ph_document_refuse_during_game (PhDocument  *self,
                                GError     **error)
{
  if (self->game == NULL)
    return FALSE;
  g_set_error_literal (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                       _("A game is under way: its log names the figures on the table. "
                         "Undo the game's start to change who is there."));
  return TRUE;
}

gboolean
ph_document_add_figures (PhDocument  *self,
                         const char  *label,
                         GPtrArray   *figures,
                         GError     **error)
{
  Command *command;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (figures != NULL, FALSE);

  if (ph_document_refuse_during_game (self, error))
    return FALSE;
  command = ph_document_command_new (COMMAND_ADD, label);
  for (guint i = 0; i < figures->len; i++)
    {
      guint index = self->scenario->figures->len + i;

      g_array_append_val (command->indices, index);
      g_ptr_array_add (command->figures, g_steal_pointer (&figures->pdata[i]));
    }
  g_ptr_array_set_size (figures, 0);
  ph_document_push_command_full (self, command, FALSE);
  return TRUE;
}

static int
compare_indices (gconstpointer a,
                 gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

gboolean
ph_document_remove_figures (PhDocument  *self,
                            const char  *label,
                            GPtrArray   *figures,
                            GError     **error)
{
  Command *command;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (figures != NULL, FALSE);

  if (ph_document_refuse_during_game (self, error))
    return FALSE;
  command = ph_document_command_new (COMMAND_REMOVE, label);
  for (guint i = 0; i < figures->len; i++)
    {
      guint index;

      if (g_ptr_array_find (self->scenario->figures, g_ptr_array_index (figures, i), &index))
        g_array_append_val (command->indices, index);
    }
  g_array_sort (command->indices, compare_indices);
  ph_document_push_command_full (self, command, FALSE);
  return TRUE;
}

/* The scenario's own properties */

/* A holder of @scenario's title, description, sides and options (copies) */
static PhScenario *
properties_of (const PhScenario *scenario)
{
  PhScenario *copy = ph_scenario_copy (scenario);

  /* only the properties are swapped; the rest is dropped with the holder */
  return copy;
}

/* The same house rules, in any order */
static gboolean
options_equal (GPtrArray *a,
               GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const PhOption *oa = g_ptr_array_index (a, i);
      gboolean found = FALSE;

      for (guint j = 0; j < b->len && !found; j++)
        {
          const PhOption *ob = g_ptr_array_index (b, j);

          found = g_strcmp0 (oa->name, ob->name) == 0 && g_strcmp0 (oa->value, ob->value) == 0;
        }
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* @self's scenario with @props's title, description, sides and options:
 * does it save and load back? */
static gboolean
check_properties (PhDocument        *self,
                  const PhScenario  *props,
                  GError           **error)
{
  g_autoptr(PhScenario) trial = ph_scenario_copy (self->scenario);
  g_autoptr(PhScenario) holder = properties_of (props);

  swap_pointers ((gpointer *) &trial->title, (gpointer *) &holder->title);
  swap_pointers ((gpointer *) &trial->description, (gpointer *) &holder->description);
  swap_pointers ((gpointer *) &trial->sides, (gpointer *) &holder->sides);
  swap_pointers ((gpointer *) &trial->options, (gpointer *) &holder->options);
  swap_pointers ((gpointer *) &trial->background, (gpointer *) &holder->background);
  trial->table = holder->table;
  ph_scenario_reindex (trial);
  /* During a game the table and its house rules are what the log was
   * played on (the title, the sides' names and colours may change) */
  if (self->game != NULL)
    {
      const PhTable *a = &self->scenario->table, *b = &trial->table;

      if (a->width != b->width || a->height != b->height || a->unit != b->unit
          || a->grid != b->grid || a->grid_size != b->grid_size || a->measure != b->measure
          || !options_equal (self->scenario->options, trial->options)
          || self->scenario->sides->len != trial->sides->len)
        {
          g_set_error_literal (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                               _("A game is under way: the table, its sides and its house "
                                 "rules are what its log was played on. Undo the game's "
                                 "start to change them."));
          return FALSE;
        }
    }
  if (!ph_table_check (&trial->table, error))
    return FALSE;
  {
    /* a smaller table never strands a figure silently */
    g_autoptr(GPtrArray) off = g_ptr_array_new ();

    for (guint i = 0; i < trial->figures->len; i++)
      {
        const PhFigure *f = g_ptr_array_index (trial->figures, i);

        if (f->x < 0 || f->y < 0 || f->x > trial->table.width || f->y > trial->table.height)
          g_ptr_array_add (off, (gpointer) ph_figure_display_name (f));
      }
    if (off->len > 0)
      {
        g_autofree char *names = NULL;

        g_ptr_array_add (off, NULL);
        names = g_strjoinv (", ", (char **) off->pdata);
        g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                     g_dngettext (NULL, "%u figure would be left off the table: %s",
                                  "%u figures would be left off the table: %s", off->len - 1),
                     off->len - 1, names);
        return FALSE;
      }
  }
  for (guint i = 0; i < trial->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (trial->figures, i);

      if (ph_scenario_find_side (trial, f->side) == NULL)
        {
          g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                       _("%s would be left without its side “%s”"),
                       ph_figure_display_name (f), f->side);
          return FALSE;
        }
    }
  for (guint i = 0; i < trial->options->len; i++)
    {
      const PhOption *o = g_ptr_array_index (trial->options, i);

      if (!ph_ruleset_check_option (trial->ruleset, o->name, o->value, error))
        return FALSE;
    }
  return ph_document_check_trial (self, trial, error);
}

gboolean
ph_document_check_trial (PhDocument  *self,
                         PhScenario  *trial,
                         GError     **error)
{
  g_autofree char *xml = NULL;
  g_autoptr(GError) local = NULL;

  xml = ph_scenario_to_checked_xml (trial, NULL, NULL, &local);
  if (xml == NULL)
    {
      /* the place in the trial's XML means nothing here: keep the reason */
      g_autofree char *message = g_strdup (local->message);
      char *reason = message, *tail;

      if (g_str_has_prefix (reason, "-:"))
        reason = strchr (reason + 2, ':') != NULL ? strchr (reason + 2, ':') + 1 : reason;
      reason = g_strchug (reason);
      if (*reason == '<' && strstr (reason, ">: ") != NULL)
        reason = strstr (reason, ">: ") + 3;
      tail = strstr (reason, " (not saved:");
      if (tail != NULL)
        *tail = '\0';
      g_set_error_literal (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID, reason);
      return FALSE;
    }
  return TRUE;
}

static Command *
properties_command (const char       *label,
                    const PhScenario *props)
{
  Command *command = ph_document_command_new (COMMAND_PROPERTIES, label);

  command->properties = properties_of (props);
  /* the holder's figures are not the document's: drop them */
  g_ptr_array_set_size (command->properties->figures, 0);
  g_ptr_array_set_size (command->properties->features, 0);
  return command;
}

gboolean
ph_document_set_properties (PhDocument  *self,
                            const char  *label,
                            PhScenario  *edited,
                            GError     **error)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (edited != NULL, FALSE);

  if (!check_properties (self, edited, error))
    return FALSE;
  ph_document_push_command_full (self, properties_command (label, edited), FALSE);
  return TRUE;
}

guint
ph_document_count_side_figures (PhDocument *self,
                                const char *side_id)
{
  guint n = 0;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), 0);

  for (guint i = 0; i < self->scenario->figures->len; i++)
    if (g_strcmp0 (((PhFigure *) g_ptr_array_index (self->scenario->figures, i))->side,
                   side_id) == 0)
      n++;
  return n;
}

gboolean
ph_document_remove_side (PhDocument  *self,
                         const char  *side_id,
                         GError     **error)
{
  g_autoptr(PhScenario) edited = NULL;
  g_autofree char *label = NULL;
  PhSide *side;
  Command *command, *remove;
  guint index;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);

  side = ph_scenario_find_side (self->scenario, side_id);
  if (side == NULL)
    {
      g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                   _("No side “%s” in this scenario"), side_id);
      return FALSE;
    }
  if (ph_document_count_side_figures (self, side_id) > 0 && ph_document_refuse_during_game (self, error))
    return FALSE;
  label = g_strdup_printf (_("Delete Side %s"), side->name != NULL ? side->name : side->id);
  edited = ph_scenario_copy (self->scenario);
  g_ptr_array_find (self->scenario->sides, side, &index);
  g_ptr_array_remove_index (edited->sides, index);
  g_ptr_array_set_size (edited->figures, 0);
  ph_scenario_reindex (edited);

  command = ph_document_command_new (COMMAND_COMPOUND, label);
  command->children = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_document_command_free);
  remove = ph_document_command_new (COMMAND_REMOVE, label);
  for (guint i = 0; i < self->scenario->figures->len; i++)
    if (g_strcmp0 (((PhFigure *) g_ptr_array_index (self->scenario->figures, i))->side,
                   side_id) == 0)
      g_array_append_val (remove->indices, i);
  g_ptr_array_add (command->children, remove);
  g_ptr_array_add (command->children, properties_command (label, edited));
  ph_document_push_command_full (self, command, FALSE);
  return TRUE;
}
