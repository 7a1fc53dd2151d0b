/* ph-document.c: an open scenario, its file, and its undo history
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A command holds, for each figure it touches, the figure's index and the
 * other state of that figure (after the change while it is undone, before
 * it while it is done). Doing and undoing are the same swap, so both stay
 * exact however often they are repeated, and the PhFigure pointers the map
 * holds never change.
 *
 * A game command holds nothing: the game's own log does, and its undo and
 * redo revert and re-apply the event. Starting a game holds the game while
 * the start is undone.
 */
#include "ph-document.h"

#include <glib/gi18n.h>
#include <string.h>

typedef enum
{
  COMMAND_FIGURES,    /* swap figures */
  COMMAND_GAME_STEP,  /* ph_game_undo / ph_game_redo */
  COMMAND_GAME_START, /* the game appears or goes */
} CommandKind;

typedef struct
{
  CommandKind kind;
  char *label;
  GArray *indices;    /* of guint: places in scenario->figures */
  GPtrArray *figures; /* of PhFigure*: the state to swap in */
  PhGame *game;       /* COMMAND_GAME_START, while undone */
  guint game_position; /* COMMAND_GAME_START: the events it had applied */
} Command;

struct _PhDocument
{
  GObject parent_instance;

  PhScenario *scenario;
  GFile *file;
  char *title;

  GPtrArray *history;   /* of Command*; the first `position` are done */
  guint position;
  int saved_position;   /* -1 when the saved state is no longer reachable */

  guint figures_revision;
  guint terrain_revision;

  PhGame *game;         /* NULL: no game */
  guint game_now;       /* events applied at present (when not replaying) */
};

G_DEFINE_FINAL_TYPE (PhDocument, ph_document, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FILE,
  PROP_TITLE,
  PROP_DIRTY,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
command_free (Command *command)
{
  g_free (command->label);
  g_array_unref (command->indices);
  g_ptr_array_unref (command->figures);
  g_clear_pointer (&command->game, ph_game_free);
  g_free (command);
}

static Command *
command_new_kind (CommandKind  kind,
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
  return command_new_kind (COMMAND_FIGURES, label);
}

static void
ph_document_dispose (GObject *object)
{
  PhDocument *self = PH_DOCUMENT (object);

  g_clear_object (&self->file);
  if (self->history)
    g_ptr_array_set_size (self->history, 0);
  g_clear_pointer (&self->game, ph_game_free);
  g_clear_pointer (&self->scenario, ph_scenario_unref);

  G_OBJECT_CLASS (ph_document_parent_class)->dispose (object);
}

static void
ph_document_finalize (GObject *object)
{
  PhDocument *self = PH_DOCUMENT (object);

  g_clear_pointer (&self->history, g_ptr_array_unref);
  g_clear_pointer (&self->title, g_free);

  G_OBJECT_CLASS (ph_document_parent_class)->finalize (object);
}

static void
ph_document_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  PhDocument *self = PH_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_TITLE:
      g_value_set_string (value, ph_document_get_title (self));
      break;
    case PROP_DIRTY:
      g_value_set_boolean (value, ph_document_get_dirty (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, ph_document_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, ph_document_get_can_redo (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ph_document_class_init (PhDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ph_document_dispose;
  object_class->finalize = ph_document_finalize;
  object_class->get_property = ph_document_get_property;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DIRTY] =
    g_param_spec_boolean ("dirty", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PhDocument::changed:
   * @changes: the PhDocumentChange flags saying what changed
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
ph_document_init (PhDocument *self)
{
  self->scenario = ph_scenario_new (PH_RULESET_MAYHEM);
  self->history = g_ptr_array_new_with_free_func ((GDestroyNotify) command_free);
}

PhDocument *
ph_document_new (void)
{
  return g_object_new (PH_TYPE_DOCUMENT, NULL);
}

/* Notifies the history's properties after the position or the save point
 * moved. */
static void
notify_history (PhDocument *self,
                gboolean    was_dirty,
                gboolean    could_undo,
                gboolean    could_redo)
{
  if (was_dirty != ph_document_get_dirty (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRTY]);
  if (could_undo != ph_document_get_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != ph_document_get_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

static void
update_title (PhDocument *self)
{
  g_autofree char *title = NULL;

  if (self->scenario->title && *self->scenario->title)
    title = g_strdup (self->scenario->title);
  else if (self->file)
    title = g_file_get_basename (self->file);
  else
    title = g_strdup (_("Untitled"));

  if (g_strcmp0 (title, self->title) == 0)
    return;
  g_free (self->title);
  self->title = g_steal_pointer (&title);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

static void
set_file (PhDocument *self,
          GFile      *file)
{
  if (self->file == file || (self->file && file && g_file_equal (self->file, file)))
    return;
  g_set_object (&self->file, file);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

/* Takes @game (which works on @scenario), may be NULL */
static void
set_scenario_and_game (PhDocument *self,
                       PhScenario *scenario,
                       PhGame     *game,
                       GFile      *file)
{
  gboolean was_dirty, could_undo, could_redo;

  was_dirty = ph_document_get_dirty (self);
  could_undo = ph_document_get_can_undo (self);
  could_redo = ph_document_get_can_redo (self);

  g_object_freeze_notify (G_OBJECT (self));

  ph_scenario_ref (scenario);
  g_ptr_array_set_size (self->history, 0);
  g_clear_pointer (&self->game, ph_game_free);
  g_clear_pointer (&self->scenario, ph_scenario_unref);
  self->scenario = scenario;
  self->game = game;
  self->game_now = game ? ph_game_get_position (game) : 0;
  self->position = 0;
  self->saved_position = 0;
  self->figures_revision++;
  self->terrain_revision++;
  set_file (self, file);
  update_title (self);
  notify_history (self, was_dirty, could_undo, could_redo);

  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[CHANGED], 0, (guint) PH_DOCUMENT_CHANGE_ALL);
}

void
ph_document_set_scenario (PhDocument *self,
                          PhScenario *scenario,
                          GFile      *file)
{
  g_return_if_fail (PH_IS_DOCUMENT (self));
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  set_scenario_and_game (self, scenario, NULL, file);
}

gboolean
ph_document_load (PhDocument  *self,
                  GFile       *file,
                  GError     **error)
{
  g_autoptr(PhScenario) scenario = NULL;
  g_autofree char *path = NULL;
  PhGame *game = NULL;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path)
    {
      scenario = ph_scenario_load_file (path, error);
    }
  else
    {
      g_autofree char *contents = NULL;
      g_autofree char *name = g_file_get_parse_name (file);
      gsize length = 0;

      if (!g_file_load_contents (file, NULL, &contents, &length, NULL, error))
        return FALSE;
      scenario = ph_scenario_load_data (contents, length, name, error);
    }

  if (scenario == NULL)
    return FALSE;

  /* A scenario without <game> has no game until one is started. */
  if (scenario->game_xml != NULL)
    {
      g_autofree char *name = path ? g_strdup (path) : g_file_get_parse_name (file);

      game = ph_game_load (scenario, name, error);
      if (game == NULL)
        return FALSE;
    }

  set_scenario_and_game (self, scenario, game, file);
  return TRUE;
}

gboolean
ph_document_save_as (PhDocument  *self,
                     GFile       *file,
                     GError     **error)
{
  g_autofree char *path = NULL;
  gboolean was_dirty, could_undo, could_redo;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Cannot save to “%s”: only local files can be saved"), name);
      return FALSE;
    }

  /* What is saved is the present, never a replayed moment. */
  ph_document_game_back_to_now (self);
  if (self->game)
    ph_game_store (self->game);
  else
    {
      g_clear_pointer (&self->scenario->game_xml, g_free);
      self->scenario->game_line = 0;
    }

  if (!ph_scenario_save_file (self->scenario, path, error))
    return FALSE;

  was_dirty = ph_document_get_dirty (self);
  could_undo = ph_document_get_can_undo (self);
  could_redo = ph_document_get_can_redo (self);

  g_object_freeze_notify (G_OBJECT (self));
  self->saved_position = self->position;
  set_file (self, file);
  update_title (self);
  notify_history (self, was_dirty, could_undo, could_redo);
  g_object_thaw_notify (G_OBJECT (self));

  return TRUE;
}

gboolean
ph_document_save (PhDocument  *self,
                  GError     **error)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);

  if (self->file == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                           _("The scenario has no file yet: use Save As"));
      return FALSE;
    }
  return ph_document_save_as (self, self->file, error);
}

PhScenario *
ph_document_get_scenario (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), NULL);
  return self->scenario;
}

GFile *
ph_document_get_file (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), NULL);
  return self->file;
}

const char *
ph_document_get_title (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), NULL);
  if (self->title == NULL)
    update_title (self);
  return self->title;
}

gboolean
ph_document_get_dirty (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  return self->saved_position != (int) self->position;
}

guint
ph_document_get_figures_revision (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), 0);
  return self->figures_revision;
}

guint
ph_document_get_terrain_revision (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), 0);
  return self->terrain_revision;
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

static void
emit_figures_changed (PhDocument *self)
{
  update_title (self);
  g_signal_emit (self, signals[CHANGED], 0, (guint) PH_DOCUMENT_CHANGE_FIGURES);
}

static void
emit_game_changed (PhDocument *self)
{
  update_title (self);
  g_signal_emit (self, signals[CHANGED], 0,
                 (guint) (PH_DOCUMENT_CHANGE_FIGURES | PH_DOCUMENT_CHANGE_GAME));
}

/* Ends a replay without telling anyone: the caller emits "changed". */
static gboolean
return_to_now (PhDocument *self)
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
  if (command->kind == COMMAND_FIGURES)
    emit_figures_changed (self);
  else
    emit_game_changed (self);
}

gboolean
ph_document_undo (PhDocument *self)
{
  gboolean was_dirty, could_undo, could_redo;
  Command *command;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);

  if (self->position == 0)
    return FALSE;

  was_dirty = ph_document_get_dirty (self);
  could_undo = ph_document_get_can_undo (self);
  could_redo = ph_document_get_can_redo (self);

  if (return_to_now (self))
    emit_game_changed (self);
  command = g_ptr_array_index (self->history, self->position - 1);
  if (!command_apply (self, command, FALSE))
    {
      emit_command_changed (self, command);
      return FALSE;
    }
  self->position--;

  g_object_freeze_notify (G_OBJECT (self));
  notify_history (self, was_dirty, could_undo, could_redo);
  emit_command_changed (self, command);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

gboolean
ph_document_redo (PhDocument *self)
{
  gboolean was_dirty, could_undo, could_redo;
  Command *command;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);

  if (self->position >= self->history->len)
    return FALSE;

  was_dirty = ph_document_get_dirty (self);
  could_undo = ph_document_get_can_undo (self);
  could_redo = ph_document_get_can_redo (self);

  if (return_to_now (self))
    emit_game_changed (self);
  command = g_ptr_array_index (self->history, self->position);
  if (!command_apply (self, command, TRUE))
    {
      emit_command_changed (self, command);
      return FALSE;
    }
  self->position++;

  g_object_freeze_notify (G_OBJECT (self));
  notify_history (self, was_dirty, could_undo, could_redo);
  emit_command_changed (self, command);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/* Adds a command, does it unless @done (a game step is done by the game
 * before it is recorded), and drops what could have been redone. Takes
 * ownership of @command. */
static void
push_command_full (PhDocument *self,
                   Command    *command,
                   gboolean    done)
{
  gboolean was_dirty, could_undo, could_redo;

  if (command->kind == COMMAND_FIGURES && command->indices->len == 0)
    {
      command_free (command);
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
  notify_history (self, was_dirty, could_undo, could_redo);
  emit_command_changed (self, command);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
push_command (PhDocument *self,
              Command    *command)
{
  /* An edit is made to the present, never to a replayed moment. */
  if (return_to_now (self))
    emit_game_changed (self);
  push_command_full (self, command, FALSE);
}

static gboolean
find_figure_index (PhDocument *self,
                   const char *id,
                   guint      *index)
{
  PhFigure *figure = ph_scenario_find_figure (self->scenario, id);

  return figure && g_ptr_array_find (self->scenario->figures, figure, index);
}

void
ph_document_move_figures (PhDocument    *self,
                          guint          n_figures,
                          const char   **ids,
                          const PhPoint *positions)
{
  g_autofree char *label = NULL;
  Command *command;

  g_return_if_fail (PH_IS_DOCUMENT (self));

  if (n_figures == 1)
    {
      PhFigure *figure = ph_scenario_find_figure (self->scenario, ids[0]);
      label = g_strdup_printf (_("Move %s"), figure ? ph_figure_display_name (figure) : ids[0]);
    }
  else
    label = g_strdup_printf (g_dngettext (NULL, "Move %u Figure", "Move %u Figures", n_figures), n_figures);

  command = command_new (label);
  for (guint i = 0; i < n_figures; i++)
    {
      guint index;
      PhFigure *copy;

      if (!find_figure_index (self, ids[i], &index))
        continue;
      copy = ph_figure_copy (g_ptr_array_index (self->scenario->figures, index));
      if (copy->x == positions[i].x && copy->y == positions[i].y)
        {
          ph_figure_free (copy);
          continue;
        }
      copy->x = positions[i].x;
      copy->y = positions[i].y;
      g_array_append_val (command->indices, index);
      g_ptr_array_add (command->figures, copy);
    }
  push_command (self, command);
}

void
ph_document_turn_figures (PhDocument   *self,
                          guint         n_figures,
                          const char  **ids,
                          const double *facings)
{
  g_autofree char *label = NULL;
  Command *command;

  g_return_if_fail (PH_IS_DOCUMENT (self));

  if (n_figures == 1)
    {
      PhFigure *figure = ph_scenario_find_figure (self->scenario, ids[0]);
      label = g_strdup_printf (_("Turn %s"), figure ? ph_figure_display_name (figure) : ids[0]);
    }
  else
    label = g_strdup_printf (g_dngettext (NULL, "Turn %u Figure", "Turn %u Figures", n_figures), n_figures);

  command = command_new (label);
  for (guint i = 0; i < n_figures; i++)
    {
      guint index;
      PhFigure *copy;
      double facing = ph_angle_normalize (facings[i]);

      if (!find_figure_index (self, ids[i], &index))
        continue;
      copy = ph_figure_copy (g_ptr_array_index (self->scenario->figures, index));
      if (copy->facing == facing)
        {
          ph_figure_free (copy);
          continue;
        }
      copy->facing = facing;
      g_array_append_val (command->indices, index);
      g_ptr_array_add (command->figures, copy);
    }
  push_command (self, command);
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
  push_command (self, command);
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
  command = command_new_kind (COMMAND_GAME_START, _("Start Game"));
  push_command_full (self, command, TRUE);
  return TRUE;
}

/* A label for the undo history: the event's log line, shortened */
static char *
game_step_label (PhDocument *self)
{
  guint position = ph_game_get_position (self->game);
  const PhEvent *event = position > 0 ? ph_game_get_event (self->game, position - 1) : NULL;
  const char *text = event && event->text && *event->text ? event->text
                     : event && event->kind ? event->kind : _("Game Step");

  if (g_utf8_strlen (text, -1) > 48)
    {
      g_autofree char *start = g_utf8_substring (text, 0, 47);
      return g_strconcat (start, "…", NULL);
    }
  return g_strdup (text);
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
  if (return_to_now (self))
    emit_game_changed (self);
  return TRUE;
}

static void
game_step_done (PhDocument *self)
{
  g_autofree char *label = game_step_label (self);

  push_command_full (self, command_new_kind (COMMAND_GAME_STEP, label), TRUE);
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
  emit_game_changed (self);
  return ok;
}

void
ph_document_game_back_to_now (PhDocument *self)
{
  g_return_if_fail (PH_IS_DOCUMENT (self));

  if (return_to_now (self))
    emit_game_changed (self);
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
