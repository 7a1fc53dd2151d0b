/* ph-document-properties.c: the document's edits of the scenario's own
 * properties (title, description, table, sides, house rules, background),
 * checked by a trial save before they are made, and undone as one
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-document-private.h"

#include <glib/gi18n.h>
#include <string.h>

/* The scenario's own properties */

static void
swap_pointers (gpointer *a,
               gpointer *b)
{
  gpointer tmp = *a;

  *a = *b;
  *b = tmp;
}

void
ph_document_swap_properties (PhScenario *a,
                             PhScenario *b)
{
  swap_pointers ((gpointer *) &a->title, (gpointer *) &b->title);
  swap_pointers ((gpointer *) &a->description, (gpointer *) &b->description);
  swap_pointers ((gpointer *) &a->sides, (gpointer *) &b->sides);
  swap_pointers ((gpointer *) &a->options, (gpointer *) &b->options);
  swap_pointers ((gpointer *) &a->background, (gpointer *) &b->background);
}

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

  ph_document_swap_properties (trial, holder);
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
