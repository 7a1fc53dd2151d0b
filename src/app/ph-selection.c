/* ph-selection.c: the figures picked on the table, the one under the
 * pointer and the pinned target
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every setter returns early when nothing changes, so "changed" and the
 * notifications come once per real change.
 */
#include "ph-selection.h"

struct _PhSelection
{
  GObject parent_instance;

  GPtrArray *figures;   /* of PhFigure* (the scenario's), primary last */
  GStrv ids;            /* the same, by id, NULL-terminated */
  PhFigure *hover;
  PhFigure *pinned_target;
  char *feature;        /* the selected terrain feature's id, or NULL */
};

G_DEFINE_FINAL_TYPE (PhSelection, ph_selection, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_HOVER,
  PROP_PINNED_TARGET,
  PROP_FEATURE,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
ph_selection_finalize (GObject *object)
{
  PhSelection *self = PH_SELECTION (object);

  g_clear_pointer (&self->figures, g_ptr_array_unref);
  g_clear_pointer (&self->ids, g_strfreev);
  g_clear_pointer (&self->feature, g_free);

  G_OBJECT_CLASS (ph_selection_parent_class)->finalize (object);
}

static void
ph_selection_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  PhSelection *self = PH_SELECTION (object);

  switch (prop_id)
    {
    case PROP_HOVER:
      g_value_set_pointer (value, self->hover);
      break;
    case PROP_FEATURE:
      g_value_set_string (value, self->feature);
      break;

    case PROP_PINNED_TARGET:
      g_value_set_pointer (value, self->pinned_target);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ph_selection_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  PhSelection *self = PH_SELECTION (object);

  switch (prop_id)
    {
    case PROP_HOVER:
      ph_selection_set_hover (self, g_value_get_pointer (value));
      break;
    case PROP_FEATURE:
      ph_selection_set_feature (self, g_value_get_string (value));
      break;

    case PROP_PINNED_TARGET:
      ph_selection_set_pinned_target (self, g_value_get_pointer (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ph_selection_class_init (PhSelectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ph_selection_finalize;
  object_class->get_property = ph_selection_get_property;
  object_class->set_property = ph_selection_set_property;

  /* A PhFigure* of the document's scenario, or NULL */
  properties[PROP_HOVER] =
    g_param_spec_pointer ("hover", NULL, NULL,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PINNED_TARGET] =
    g_param_spec_pointer ("pinned-target", NULL, NULL,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The id of the selected terrain feature (edit mode), or NULL. Picking
   * a feature drops the figures, and picking figures drops the feature. */
  properties[PROP_FEATURE] =
    g_param_spec_string ("feature", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PhSelection::changed:
   *
   * The selected figures, or their order (the primary one), changed.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
ph_selection_init (PhSelection *self)
{
  self->figures = g_ptr_array_new ();
  self->ids = g_new0 (char *, 1);
}

PhSelection *
ph_selection_new (void)
{
  return g_object_new (PH_TYPE_SELECTION, NULL);
}

PhFigure **
ph_selection_get_figures (PhSelection *self,
                          guint       *n_figures)
{
  g_return_val_if_fail (PH_IS_SELECTION (self), NULL);

  if (n_figures)
    *n_figures = self->figures->len;
  return (PhFigure **) self->figures->pdata;
}

guint
ph_selection_get_n_figures (PhSelection *self)
{
  g_return_val_if_fail (PH_IS_SELECTION (self), 0);
  return self->figures->len;
}

PhFigure *
ph_selection_get_primary (PhSelection *self)
{
  g_return_val_if_fail (PH_IS_SELECTION (self), NULL);

  if (self->figures->len == 0)
    return NULL;
  return g_ptr_array_index (self->figures, self->figures->len - 1);
}

gboolean
ph_selection_contains (PhSelection    *self,
                       const PhFigure *figure)
{
  g_return_val_if_fail (PH_IS_SELECTION (self), FALSE);
  return figure && g_ptr_array_find (self->figures, figure, NULL);
}

const char * const *
ph_selection_get_ids (PhSelection *self)
{
  g_return_val_if_fail (PH_IS_SELECTION (self), NULL);
  return (const char * const *) self->ids;
}

void
ph_selection_set_figures (PhSelection     *self,
                          PhFigure *const *figures,
                          guint            n_figures)
{
  g_autoptr(GPtrArray) unique = g_ptr_array_sized_new (n_figures);
  gboolean same;

  g_return_if_fail (PH_IS_SELECTION (self));
  g_return_if_fail (figures != NULL || n_figures == 0);

  for (guint i = 0; i < n_figures; i++)
    if (!g_ptr_array_find (unique, figures[i], NULL))
      g_ptr_array_add (unique, figures[i]);

  same = unique->len == self->figures->len;
  for (guint i = 0; same && i < unique->len; i++)
    same = g_ptr_array_index (unique, i) == g_ptr_array_index (self->figures, i);
  if (same)
    return;

  /* In place: what ph_selection_get_figures() gave stays readable while
   * the selection does not grow. */
  g_ptr_array_set_size (self->figures, 0);
  for (guint i = 0; i < unique->len; i++)
    g_ptr_array_add (self->figures, g_ptr_array_index (unique, i));
  g_strfreev (self->ids);
  self->ids = g_new0 (char *, self->figures->len + 1);
  for (guint i = 0; i < self->figures->len; i++)
    self->ids[i] = g_strdup (((PhFigure *) g_ptr_array_index (self->figures, i))->id);
  if (self->figures->len > 0)
    ph_selection_set_feature (self, NULL);
  /* A target pinned for another shooter is no target of a figure of its
   * own side: picking one of the target's side lets it go */
  if (self->pinned_target != NULL && self->figures->len > 0)
    {
      PhFigure *primary = g_ptr_array_index (self->figures, self->figures->len - 1);

      if (primary == self->pinned_target
          || g_strcmp0 (primary->side, self->pinned_target->side) == 0)
        ph_selection_set_pinned_target (self, NULL);
    }

  g_signal_emit (self, signals[CHANGED], 0);
}

void
ph_selection_select (PhSelection *self,
                     PhFigure    *figure,
                     gboolean     extend)
{
  g_autoptr(GPtrArray) figures = NULL;

  g_return_if_fail (PH_IS_SELECTION (self));

  figures = extend ? g_ptr_array_copy (self->figures, NULL, NULL) : g_ptr_array_new ();
  if (figure)
    {
      /* The one just picked becomes the primary one. */
      g_ptr_array_remove (figures, figure);
      g_ptr_array_add (figures, figure);
    }
  ph_selection_set_figures (self, (PhFigure **) figures->pdata, figures->len);
}

void
ph_selection_unselect (PhSelection *self,
                       PhFigure    *figure)
{
  g_autoptr(GPtrArray) figures = NULL;

  g_return_if_fail (PH_IS_SELECTION (self));

  figures = g_ptr_array_copy (self->figures, NULL, NULL);
  g_ptr_array_remove (figures, figure);
  ph_selection_set_figures (self, (PhFigure **) figures->pdata, figures->len);
}

void
ph_selection_select_all (PhSelection      *self,
                         const PhScenario *scenario)
{
  g_autoptr(GPtrArray) figures = g_ptr_array_new ();

  g_return_if_fail (PH_IS_SELECTION (self));
  g_return_if_fail (scenario != NULL);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      if (!ph_figure_is_off_table (figure))
        g_ptr_array_add (figures, figure);
    }
  ph_selection_set_figures (self, (PhFigure **) figures->pdata, figures->len);
}

void
ph_selection_clear (PhSelection *self)
{
  g_return_if_fail (PH_IS_SELECTION (self));
  ph_selection_set_figures (self, NULL, 0);
}

PhFigure *
ph_selection_get_hover (PhSelection *self)
{
  g_return_val_if_fail (PH_IS_SELECTION (self), NULL);
  return self->hover;
}

void
ph_selection_set_hover (PhSelection *self,
                        PhFigure    *figure)
{
  g_return_if_fail (PH_IS_SELECTION (self));

  if (self->hover == figure)
    return;
  self->hover = figure;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVER]);
}

PhFigure *
ph_selection_get_pinned_target (PhSelection *self)
{
  g_return_val_if_fail (PH_IS_SELECTION (self), NULL);
  return self->pinned_target;
}

void
ph_selection_set_pinned_target (PhSelection *self,
                                PhFigure    *figure)
{
  g_return_if_fail (PH_IS_SELECTION (self));

  if (self->pinned_target == figure)
    return;
  self->pinned_target = figure;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PINNED_TARGET]);
}

const char *
ph_selection_get_feature (PhSelection *self)
{
  g_return_val_if_fail (PH_IS_SELECTION (self), NULL);
  return self->feature;
}

void
ph_selection_set_feature (PhSelection *self,
                          const char  *id)
{
  g_return_if_fail (PH_IS_SELECTION (self));

  if (g_strcmp0 (self->feature, id) == 0)
    return;
  g_free (self->feature);
  self->feature = g_strdup (id);
  if (id != NULL)
    ph_selection_clear (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FEATURE]);
}

void
ph_selection_reset (PhSelection *self)
{
  g_return_if_fail (PH_IS_SELECTION (self));

  g_object_freeze_notify (G_OBJECT (self));
  ph_selection_set_feature (self, NULL);
  ph_selection_set_hover (self, NULL);
  ph_selection_set_pinned_target (self, NULL);
  ph_selection_clear (self);
  g_object_thaw_notify (G_OBJECT (self));
}

void
ph_selection_forget (PhSelection *self,
                     PhFigure    *figure)
{
  g_return_if_fail (PH_IS_SELECTION (self));

  if (ph_selection_get_hover (self) == figure)
    ph_selection_set_hover (self, NULL);
  if (ph_selection_get_pinned_target (self) == figure)
    ph_selection_set_pinned_target (self, NULL);
  if (ph_selection_contains (self, figure))
    ph_selection_unselect (self, figure);
}
