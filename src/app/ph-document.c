/* ph-document.c: an open scenario, its file, and its undo history
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This file holds the object itself: its properties and signal, loading
 * and saving. The undo history and the editing commands are in
 * ph-document-history.c, the game in ph-document-game.c; what they share
 * is in ph-document-private.h.
 */
#include "ph-document-private.h"

#include <glib/gi18n.h>

/* How long Save waits for another program writing the same file */
#define SAVE_LOCK_TIMEOUT_MS 5000

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
  REFUSED,
  MOVE_WISH_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
ph_document_dispose (GObject *object)
{
  PhDocument *self = PH_DOCUMENT (object);

  g_clear_object (&self->shot_controller);
  if (self->selection)
    ph_selection_reset (self->selection);
  g_clear_object (&self->selection);
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
  g_clear_pointer (&self->file_stamp, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->move_wish_figure, g_free);
  g_clear_pointer (&self->move_wish, g_hash_table_unref);

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

  /**
   * PhDocument::refused:
   * @message: why
   *
   * An edit was refused and changed nothing (during a game, the game
   * refused the referee's change): for the status line.
   */
  signals[REFUSED] =
    g_signal_new ("refused",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * PhDocument::move-wish-changed:
   *
   * What the Game tab's Move form holds for a man changed (the rate
   * chosen): what a drag of him may reach changes with it.
   */
  signals[MOVE_WISH_CHANGED] =
    g_signal_new ("move-wish-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

/* For ph-document-game.c */
void
ph_document_emit_move_wish_changed (PhDocument *self)
{
  g_signal_emit (self, signals[MOVE_WISH_CHANGED], 0);
}

static void
ph_document_init (PhDocument *self)
{
  self->scenario = ph_scenario_new (ph_rulesets_default ());
  self->history = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_document_command_free);
  self->selection = ph_selection_new ();
  /* The first to hear of changes, so that whoever asks it next hears the
   * engine's new answer */
  self->shot_controller = ph_shot_controller_new (self, self->selection);
}

PhDocument *
ph_document_new (void)
{
  return g_object_new (PH_TYPE_DOCUMENT, NULL);
}

/* Notifies the history's properties after the position or the save point
 * moved. */
void
ph_document_notify_history (PhDocument *self,
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

/* The identity of @file as ph_document_get_file_stamp() gives it, or NULL
 * when it cannot be read (no such file). A file replaced by a rename has
 * another inode; one written in place, another size or time. */
static char *
query_file_stamp (GFile *file)
{
  g_autoptr(GFileInfo) info = NULL;

  info = g_file_query_info (file,
                            G_FILE_ATTRIBUTE_UNIX_DEVICE ","
                            G_FILE_ATTRIBUTE_UNIX_INODE ","
                            G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                            G_FILE_ATTRIBUTE_TIME_MODIFIED ","
                            G_FILE_ATTRIBUTE_TIME_MODIFIED_NSEC,
                            G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info == NULL)
    return NULL;
  return g_strdup_printf ("%" G_GUINT32_FORMAT ":%" G_GUINT64_FORMAT ":%" G_GOFFSET_FORMAT
                          ":%" G_GUINT64_FORMAT ".%09" G_GUINT32_FORMAT,
                          g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_DEVICE),
                          g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE),
                          g_file_info_get_size (info),
                          g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED),
                          g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_NSEC));
}

/* Takes @game (which works on @scenario), may be NULL. The history is
 * empty, but for the game's steps, which can be undone; a @dirty
 * document has no saved state in it. */
static void
set_scenario_and_game (PhDocument *self,
                       PhScenario *scenario,
                       PhGame     *game,
                       GFile      *file,
                       const char *file_stamp,
                       gboolean    dirty)
{
  gboolean was_dirty, could_undo, could_redo;

  was_dirty = ph_document_get_dirty (self);
  could_undo = ph_document_get_can_undo (self);
  could_redo = ph_document_get_can_redo (self);

  /* Its figures are about to go. */
  ph_selection_reset (self->selection);

  g_object_freeze_notify (G_OBJECT (self));

  ph_scenario_ref (scenario);
  g_ptr_array_set_size (self->history, 0);
  g_clear_pointer (&self->game, ph_game_free);
  g_clear_pointer (&self->scenario, ph_scenario_unref);
  self->scenario = scenario;
  self->game = game;
  self->game_now = game ? ph_game_get_position (game) : 0;
  self->position = 0;
  ph_document_restore_game_history (self);
  self->saved_position = dirty ? -1 : (int) self->position;
  self->figures_revision++;
  self->terrain_revision++;
  set_file (self, file);
  g_free (self->file_stamp);
  self->file_stamp = g_strdup (file_stamp);
  update_title (self);
  ph_document_notify_history (self, was_dirty, could_undo, could_redo);

  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[CHANGED], 0, (guint) PH_DOCUMENT_CHANGE_ALL);
}

void
ph_document_forget_file (PhDocument *self)
{
  g_return_if_fail (PH_IS_DOCUMENT (self));

  set_file (self, NULL);
  g_clear_pointer (&self->file_stamp, g_free);
  update_title (self);
}

void
ph_document_set_scenario (PhDocument *self,
                          PhScenario *scenario,
                          GFile      *file)
{
  g_return_if_fail (PH_IS_DOCUMENT (self));
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  set_scenario_and_game (self, scenario, NULL, file, NULL, FALSE);
}

/* Reads @file and its game, if it has one, into @scenario and @game */
static gboolean
read_file (GFile       *file,
           PhScenario **scenario_out,
           PhGame     **game_out,
           GError     **error)
{
  g_autoptr(PhScenario) scenario = NULL;
  g_autofree char *path = g_file_get_path (file);
  PhGame *game = NULL;

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

  /* A scenario without a game log has no game until one is started (other
   * <game> content is reserved: kept and saved as it is). */
  if (ph_game_xml_is_log (scenario->game_xml))
    {
      g_autofree char *name = path ? g_strdup (path) : g_file_get_parse_name (file);

      game = ph_game_load (scenario, name, error);
      if (game == NULL)
        return FALSE;
    }

  *scenario_out = g_steal_pointer (&scenario);
  *game_out = game;
  return TRUE;
}

gboolean
ph_document_load (PhDocument  *self,
                  GFile       *file,
                  GError     **error)
{
  g_autoptr(PhScenario) scenario = NULL;
  g_autofree char *stamp = NULL;
  PhGame *game = NULL;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  /* Before reading: a change made while it is read then shows as a
   * change on disk, never the other way round. */
  stamp = query_file_stamp (file);
  if (!read_file (file, &scenario, &game, error))
    return FALSE;

  set_scenario_and_game (self, scenario, game, file, stamp, FALSE);
  return TRUE;
}

gboolean
ph_document_load_draft (PhDocument  *self,
                        GFile       *draft,
                        GFile       *file,
                        const char  *file_stamp,
                        GError     **error)
{
  g_autoptr(PhScenario) scenario = NULL;
  PhGame *game = NULL;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (draft), FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);

  if (!read_file (draft, &scenario, &game, error))
    return FALSE;

  /* A draft is in canonical form: saved, it goes into the file's own text
   * (its comments and layout kept), as the edit it stands for would have
   * been, when the file still loads. */
  if (file != NULL)
    {
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(PhScenario) original = path ? ph_scenario_load_file (path, NULL) : NULL;

      if (original != NULL && original->source != NULL)
        {
          g_clear_pointer (&scenario->source, g_bytes_unref);
          scenario->source = g_bytes_ref (original->source);
        }
    }

  set_scenario_and_game (self, scenario, game, file, file_stamp, TRUE);
  return TRUE;
}

/* What is saved is the present, with the game stored in the scenario */
static void
store_game (PhDocument *self)
{
  if (self->game)
    ph_game_store (self->game);
  else if (ph_game_xml_is_log (self->scenario->game_xml))
    {
      /* the game was undone away since it was last stored */
      g_clear_pointer (&self->scenario->game_xml, g_free);
      self->scenario->game_line = 0;
    }
}

char *
ph_document_to_xml (PhDocument *self,
                    gsize      *length)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), NULL);

  if (ph_document_get_replaying (self))
    return NULL;
  store_game (self);
  return ph_scenario_to_xml (self->scenario, length);
}

gboolean
ph_document_save_as (PhDocument  *self,
                     GFile       *file,
                     GError     **error)
{
  g_autofree char *path = NULL;
  g_autoptr(PhFileLock) lock = NULL;
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
  store_game (self);

  /* A powderhorn-cli step under way on the same file (it holds the file's
   * lock from reading to writing) finishes first; the window does not
   * wait long for it. */
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autoptr(GError) lock_error = NULL;

      lock = ph_file_lock (path, SAVE_LOCK_TIMEOUT_MS, &lock_error);
      if (lock == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY, "%s", lock_error->message);
          return FALSE;
        }
    }
  if (!ph_scenario_save_file (self->scenario, path, error))
    return FALSE;

  was_dirty = ph_document_get_dirty (self);
  could_undo = ph_document_get_can_undo (self);
  could_redo = ph_document_get_can_redo (self);

  g_object_freeze_notify (G_OBJECT (self));
  self->saved_position = self->position;
  set_file (self, file);
  g_free (self->file_stamp);
  self->file_stamp = query_file_stamp (file);
  update_title (self);
  ph_document_notify_history (self, was_dirty, could_undo, could_redo);
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
ph_document_get_file_stamp (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), NULL);
  return self->file_stamp;
}

gboolean
ph_document_get_file_changed (PhDocument *self)
{
  g_autofree char *now = NULL;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);

  if (self->file == NULL || self->file_stamp == NULL)
    return FALSE;
  now = query_file_stamp (self->file);
  return now != NULL && g_strcmp0 (now, self->file_stamp) != 0;
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

PhSelection *
ph_document_get_selection (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), NULL);
  return self->selection;
}

PhShotController *
ph_document_get_shot_controller (PhDocument *self)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (self), NULL);
  return self->shot_controller;
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

void
ph_document_emit_figures_changed (PhDocument *self)
{
  update_title (self);
  g_signal_emit (self, signals[CHANGED], 0, (guint) PH_DOCUMENT_CHANGE_FIGURES);
}

void
ph_document_emit_properties_changed (PhDocument *self)
{
  update_title (self);
  g_signal_emit (self, signals[CHANGED], 0,
                 (guint) (PH_DOCUMENT_CHANGE_PROPERTIES | PH_DOCUMENT_CHANGE_FIGURES
                          | PH_DOCUMENT_CHANGE_TERRAIN));
}

void
ph_document_emit_terrain_changed (PhDocument *self)
{
  update_title (self);
  g_signal_emit (self, signals[CHANGED], 0, (guint) PH_DOCUMENT_CHANGE_TERRAIN);
}

void
ph_document_emit_refused (PhDocument *self,
                          const char *message)
{
  g_signal_emit (self, signals[REFUSED], 0, message);
}

void
ph_document_emit_game_changed (PhDocument *self)
{
  update_title (self);
  g_signal_emit (self, signals[CHANGED], 0,
                 (guint) (PH_DOCUMENT_CHANGE_FIGURES | PH_DOCUMENT_CHANGE_GAME));
}
