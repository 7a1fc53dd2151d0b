/* ph-document-terrain.c: the document's terrain commands
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every terrain edit builds the whole new list of features, checks that
 * the scenario with it would save and load back, and swaps it in as one
 * COMMAND_TERRAIN (ph-document-private.h).
 */
#include "ph-document-private.h"

#include <glib/gi18n.h>

const char *
ph_terrain_kind_title (PhTerrainKind kind)
{
  switch (kind)
    {
    case PH_TERRAIN_WOODS: return _("Woods");
    case PH_TERRAIN_BRUSH: return _("Brush");
    case PH_TERRAIN_BUILDING: return _("Building");
    case PH_TERRAIN_ROUGH: return _("Rough ground");
    case PH_TERRAIN_VERY_ROUGH: return _("Very rough ground");
    case PH_TERRAIN_HILL: return _("Hill");
    case PH_TERRAIN_ROCKS: return _("Rocks");
    case PH_TERRAIN_MARSH: return _("Marsh");
    case PH_TERRAIN_WATER: return _("Water");
    case PH_TERRAIN_FIELD: return _("Field");
    case PH_TERRAIN_ROAD: return _("Road");
    case PH_TERRAIN_FENCE: return _("Fence");
    case PH_TERRAIN_HEDGE: return _("Hedge");
    case PH_TERRAIN_WALL: return _("Wall");
    case PH_TERRAIN_STOCKADE: return _("Stockade");
    case PH_TERRAIN_WORKS: return _("Works");
    case PH_TERRAIN_STREAM: return _("Stream");
    case PH_N_TERRAIN_KINDS:
    default:
      return "?";
    }
}

static GPtrArray *
copy_features (PhDocument *self)
{
  GPtrArray *features = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_feature_free);

  for (guint i = 0; i < self->scenario->features->len; i++)
    g_ptr_array_add (features, ph_feature_copy (g_ptr_array_index (self->scenario->features, i)));
  return features;
}

/* Checks @features (taken) as the scenario's terrain and makes them one
 * undo step called @label */
static gboolean
push_features (PhDocument  *self,
               const char  *label,
               GPtrArray   *features,
               GError     **error)
{
  g_autoptr(GPtrArray) owned = features;
  g_autoptr(PhScenario) trial = NULL;
  Command *command;

  if (ph_document_refuse_during_game (self, error))
    return FALSE;
  trial = ph_scenario_copy (self->scenario);
  g_ptr_array_unref (trial->features);
  trial->features = g_ptr_array_ref (owned);
  ph_scenario_reindex (trial);
  if (!ph_document_check_trial (self, trial, error))
    return FALSE;
  /* the trial's copy is dropped; the command holds the new list to swap in */
  command = ph_document_command_new (COMMAND_TERRAIN, label);
  command->features = g_steal_pointer (&owned);
  ph_document_push_command (self, command);
  return TRUE;
}

static gboolean
find_feature (PhDocument  *self,
              const char  *id,
              guint       *index,
              GError     **error)
{
  PhFeature *feature = ph_scenario_find_feature (self->scenario, id);

  if (feature == NULL || !g_ptr_array_find (self->scenario->features, feature, index))
    {
      g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                   _("No terrain feature “%s” in this scenario"), id);
      return FALSE;
    }
  return TRUE;
}

gboolean
ph_document_add_features (PhDocument  *self,
                          const char  *label,
                          GPtrArray   *added,
                          GError     **error)
{
  g_autoptr(GPtrArray) features = NULL;
  g_autoptr(GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (added != NULL, FALSE);

  features = copy_features (self);
  for (guint i = 0; i < added->len; i++)
    {
      PhFeature *feature = g_steal_pointer (&added->pdata[i]);

      if (feature->id == NULL || *feature->id == '\0'
          || ph_scenario_find_feature (self->scenario, feature->id) != NULL
          || ph_scenario_find_figure (self->scenario, feature->id) != NULL
          || ph_scenario_find_side (self->scenario, feature->id) != NULL
          || g_hash_table_contains (taken, feature->id))
        {
          g_free (feature->id);
          feature->id = ph_scenario_new_id (self->scenario,
                                            ph_terrain_kind_to_string (feature->kind), taken);
        }
      feature->line = 0;
      g_hash_table_add (taken, feature->id);
      g_ptr_array_add (features, feature);
    }
  g_ptr_array_set_size (added, 0);
  return push_features (self, label, g_steal_pointer (&features), error);
}

gboolean
ph_document_add_feature (PhDocument  *self,
                         PhFeature   *feature,
                         GError     **error)
{
  g_autoptr(GPtrArray) added = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_feature_free);
  g_autofree char *label = NULL;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (feature != NULL, FALSE);

  label = g_strdup_printf (_("Add %s"), feature->name != NULL && *feature->name
                                        ? feature->name : ph_terrain_kind_title (feature->kind));
  g_ptr_array_add (added, feature);
  return ph_document_add_features (self, label, added, error);
}

gboolean
ph_document_update_feature (PhDocument       *self,
                            const char       *label,
                            const PhFeature  *edited,
                            GError          **error)
{
  g_autoptr(GPtrArray) features = NULL;
  guint index;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (edited != NULL, FALSE);

  if (!find_feature (self, edited->id, &index, error))
    return FALSE;
  features = copy_features (self);
  ph_feature_free (features->pdata[index]);
  features->pdata[index] = ph_feature_copy (edited);
  ((PhFeature *) features->pdata[index])->line = 0;
  return push_features (self, label, g_steal_pointer (&features), error);
}

gboolean
ph_document_remove_feature (PhDocument  *self,
                            const char  *id,
                            GError     **error)
{
  g_autoptr(GPtrArray) features = NULL;
  g_autofree char *label = NULL;
  guint index;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);

  if (!find_feature (self, id, &index, error))
    return FALSE;
  label = g_strdup_printf (_("Delete %s"),
                           ph_feature_display_name (g_ptr_array_index (self->scenario->features,
                                                                       index)));
  features = copy_features (self);
  g_ptr_array_remove_index (features, index);
  return push_features (self, label, g_steal_pointer (&features), error);
}

gboolean
ph_document_duplicate_feature (PhDocument  *self,
                               const char  *id,
                               char       **new_id,
                               GError     **error)
{
  g_autoptr(GPtrArray) features = NULL;
  g_autofree char *label = NULL;
  PhFeature *copy;
  guint index;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);

  if (!find_feature (self, id, &index, error))
    return FALSE;
  features = copy_features (self);
  copy = ph_feature_copy (g_ptr_array_index (self->scenario->features, index));
  label = g_strdup_printf (_("Duplicate %s"), ph_feature_display_name (copy));
  g_free (copy->id);
  copy->id = ph_scenario_new_id (self->scenario, ph_terrain_kind_to_string (copy->kind), NULL);
  copy->line = 0;
  /* aside by one grid step (an inch, or 2.5 cm without a grid), kept on the table */
  {
    double step = self->scenario->table.unit == PH_UNIT_CM ? 2.5 : 1.0;
    double dx = copy->shape.bbox.x1 + step > self->scenario->table.width ? -step : step;
    double dy = copy->shape.bbox.y1 + step > self->scenario->table.height ? -step : step;

    ph_shape_translate (&copy->shape, dx, dy);
  }
  if (new_id != NULL)
    *new_id = g_strdup (copy->id);
  g_ptr_array_add (features, copy);
  return push_features (self, label, g_steal_pointer (&features), error);
}

gboolean
ph_document_restack_feature (PhDocument  *self,
                             const char  *id,
                             int          delta,
                             GError     **error)
{
  g_autoptr(GPtrArray) features = NULL;
  g_autofree char *label = NULL;
  gpointer feature;
  guint index;
  gint64 to;

  g_return_val_if_fail (PH_IS_DOCUMENT (self), FALSE);

  if (!find_feature (self, id, &index, error))
    return FALSE;
  to = CLAMP ((gint64) index + delta, 0, (gint64) self->scenario->features->len - 1);
  if (to == index)
    return FALSE;
  feature = g_ptr_array_index (self->scenario->features, index);
  label = g_strdup_printf (delta == G_MAXINT ? _("Bring %s to Front")
                           : delta == -G_MAXINT ? _("Send %s to Back")
                           : delta > 0 ? _("Raise %s") : _("Lower %s"),
                           ph_feature_display_name (feature));
  features = copy_features (self);
  feature = g_ptr_array_steal_index (features, index);
  g_ptr_array_insert (features, to, feature);
  return push_features (self, label, g_steal_pointer (&features), error);
}
