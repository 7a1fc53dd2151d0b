/* ph-document-figures.c: the document's edits of figures: moves, turns,
 * updates, adds and removals, each one command on the undo stack (during
 * a game, a referee's step in the log: ph_document_push_command())
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-document-private.h"

#include <glib/gi18n.h>
#include <string.h>

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
  Command *command = ph_document_command_new (COMMAND_FIGURES, label);

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

  command = ph_document_command_new (COMMAND_FIGURES, label ? label : _("Edit Figure"));
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

  command = ph_document_command_new (COMMAND_FIGURES, label ? label : _("Edit Figures"));
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
