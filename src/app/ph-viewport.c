/* ph-viewport.c: which part of the table the map shows, and how big
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-viewport.h"

#include <math.h>

/* Room left around the table when fitting it: the grid's edge labels sit
 * there. */
#define FIT_MARGIN 28.0

struct _PhViewport
{
  GObject parent_instance;

  double width;        /* pixels */
  double height;
  double table_width;  /* table units */
  double table_height;
  double scale;        /* pixels per table unit */
  double x;            /* table point at the widget's top-left corner */
  double y;
  guint fitted : 1;
};

G_DEFINE_FINAL_TYPE (PhViewport, ph_viewport, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SCALE,
  PROP_X,
  PROP_Y,
  PROP_FITTED,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
ph_viewport_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  PhViewport *self = PH_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_SCALE:
      g_value_set_double (value, self->scale);
      break;
    case PROP_X:
      g_value_set_double (value, self->x);
      break;
    case PROP_Y:
      g_value_set_double (value, self->y);
      break;
    case PROP_FITTED:
      g_value_set_boolean (value, self->fitted);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ph_viewport_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  PhViewport *self = PH_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_SCALE:
      ph_viewport_set_scale (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ph_viewport_class_init (PhViewportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = ph_viewport_get_property;
  object_class->set_property = ph_viewport_set_property;

  properties[PROP_SCALE] =
    g_param_spec_double ("scale", NULL, NULL,
                         PH_VIEWPORT_MIN_SCALE, PH_VIEWPORT_MAX_SCALE, 12.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_X] =
    g_param_spec_double ("x", NULL, NULL,
                         -G_MAXDOUBLE, G_MAXDOUBLE, 0.0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_Y] =
    g_param_spec_double ("y", NULL, NULL,
                         -G_MAXDOUBLE, G_MAXDOUBLE, 0.0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FITTED] =
    g_param_spec_boolean ("fitted", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Emitted once after any change of what is shown. */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
ph_viewport_init (PhViewport *self)
{
  self->width = 1;
  self->height = 1;
  self->table_width = 72;
  self->table_height = 48;
  self->scale = 12;
  self->fitted = TRUE;
}

PhViewport *
ph_viewport_new (void)
{
  return g_object_new (PH_TYPE_VIEWPORT, NULL);
}

/* Keeps at least a quarter of the view over the table. */
static void
clamp_origin (PhViewport *self)
{
  double view_w = self->width / self->scale;
  double view_h = self->height / self->scale;

  self->x = CLAMP (self->x, -0.75 * view_w, self->table_width - 0.25 * view_w);
  self->y = CLAMP (self->y, -0.75 * view_h, self->table_height - 0.25 * view_h);
}

/* Applies new values and tells everyone once. */
static void
update (PhViewport *self,
        double      scale,
        double      x,
        double      y,
        gboolean    fitted)
{
  double old_scale = self->scale;
  double old_x = self->x;
  double old_y = self->y;
  gboolean old_fitted = self->fitted;

  self->scale = CLAMP (scale, PH_VIEWPORT_MIN_SCALE, PH_VIEWPORT_MAX_SCALE);
  self->x = x;
  self->y = y;
  if (!fitted)
    clamp_origin (self);
  self->fitted = fitted;

  if (old_scale == self->scale && old_x == self->x && old_y == self->y
      && old_fitted == self->fitted)
    return;

  g_object_freeze_notify (G_OBJECT (self));
  if (old_scale != self->scale)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCALE]);
  if (old_x != self->x)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_X]);
  if (old_y != self->y)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_Y]);
  if (old_fitted != self->fitted)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FITTED]);
  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[CHANGED], 0);
}

double
ph_viewport_get_fit_scale (PhViewport *self)
{
  double avail_w, avail_h, scale;

  g_return_val_if_fail (PH_IS_VIEWPORT (self), 1);

  avail_w = MAX (1.0, self->width - 2 * FIT_MARGIN);
  avail_h = MAX (1.0, self->height - 2 * FIT_MARGIN);
  scale = MIN (avail_w / self->table_width, avail_h / self->table_height);
  return CLAMP (scale, PH_VIEWPORT_MIN_SCALE, PH_VIEWPORT_MAX_SCALE);
}

static void
refit (PhViewport *self)
{
  double scale = ph_viewport_get_fit_scale (self);
  update (self, scale,
          self->table_width / 2 - self->width / 2 / scale,
          self->table_height / 2 - self->height / 2 / scale,
          TRUE);
}

void
ph_viewport_set_size (PhViewport *self,
                      double      width,
                      double      height)
{
  g_return_if_fail (PH_IS_VIEWPORT (self));

  width = MAX (width, 1.0);
  height = MAX (height, 1.0);
  if (self->width == width && self->height == height)
    return;

  self->width = width;
  self->height = height;
  if (self->fitted)
    refit (self);
  else
    g_signal_emit (self, signals[CHANGED], 0);
}

double
ph_viewport_get_width (PhViewport *self)
{
  g_return_val_if_fail (PH_IS_VIEWPORT (self), 0);
  return self->width;
}

double
ph_viewport_get_height (PhViewport *self)
{
  g_return_val_if_fail (PH_IS_VIEWPORT (self), 0);
  return self->height;
}

void
ph_viewport_set_table_size (PhViewport *self,
                            double      table_width,
                            double      table_height)
{
  g_return_if_fail (PH_IS_VIEWPORT (self));
  g_return_if_fail (table_width > 0 && table_height > 0);

  if (self->table_width == table_width && self->table_height == table_height)
    return;

  self->table_width = table_width;
  self->table_height = table_height;
  refit (self);
}

double
ph_viewport_get_scale (PhViewport *self)
{
  g_return_val_if_fail (PH_IS_VIEWPORT (self), 1);
  return self->scale;
}

void
ph_viewport_set_scale (PhViewport *self,
                       double      scale)
{
  g_return_if_fail (PH_IS_VIEWPORT (self));
  ph_viewport_zoom_at (self, scale / self->scale,
                       self->width / 2, self->height / 2);
}

double
ph_viewport_get_x (PhViewport *self)
{
  g_return_val_if_fail (PH_IS_VIEWPORT (self), 0);
  return self->x;
}

double
ph_viewport_get_y (PhViewport *self)
{
  g_return_val_if_fail (PH_IS_VIEWPORT (self), 0);
  return self->y;
}

void
ph_viewport_set_origin (PhViewport *self,
                        double      x,
                        double      y)
{
  g_return_if_fail (PH_IS_VIEWPORT (self));
  update (self, self->scale, x, y, FALSE);
}

gboolean
ph_viewport_get_fitted (PhViewport *self)
{
  g_return_val_if_fail (PH_IS_VIEWPORT (self), FALSE);
  return self->fitted;
}

void
ph_viewport_table_to_widget (PhViewport *self,
                             double      tx,
                             double      ty,
                             double     *wx,
                             double     *wy)
{
  if (wx)
    *wx = (tx - self->x) * self->scale;
  if (wy)
    *wy = (ty - self->y) * self->scale;
}

void
ph_viewport_widget_to_table (PhViewport *self,
                             double      wx,
                             double      wy,
                             double     *tx,
                             double     *ty)
{
  if (tx)
    *tx = self->x + wx / self->scale;
  if (ty)
    *ty = self->y + wy / self->scale;
}

void
ph_viewport_pan (PhViewport *self,
                 double      dx,
                 double      dy)
{
  g_return_if_fail (PH_IS_VIEWPORT (self));
  update (self, self->scale,
          self->x - dx / self->scale,
          self->y - dy / self->scale,
          FALSE);
}

void
ph_viewport_zoom_at (PhViewport *self,
                     double      factor,
                     double      wx,
                     double      wy)
{
  double tx, ty, scale;

  g_return_if_fail (PH_IS_VIEWPORT (self));

  if (!(factor > 0) || !isfinite (factor))
    return;

  ph_viewport_widget_to_table (self, wx, wy, &tx, &ty);
  scale = CLAMP (self->scale * factor, PH_VIEWPORT_MIN_SCALE, PH_VIEWPORT_MAX_SCALE);
  if (scale == self->scale)
    return;
  update (self, scale, tx - wx / scale, ty - wy / scale, FALSE);
}

void
ph_viewport_fit (PhViewport *self)
{
  g_return_if_fail (PH_IS_VIEWPORT (self));
  refit (self);
}
