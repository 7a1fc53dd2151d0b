/* ph-tool.c: what a primary drag on the map does (the base class)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-tool.h"

typedef struct
{
  PhMapView *map_view;   /* not kept alive: the view owns its tools */
} PhToolPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (PhTool, ph_tool, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MAP_VIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
ph_tool_real_drag_event (PhTool           *self,
                         const PhToolDrag *drag)
{
}

static void
ph_tool_real_nothing (PhTool *self)
{
}

static gboolean
ph_tool_real_dismiss (PhTool *self)
{
  return FALSE;
}

static const char *
ph_tool_real_motion (PhTool *self,
                     double  x,
                     double  y)
{
  return PH_TOOL_GET_CLASS (self)->cursor_name;
}

static void
ph_tool_real_draw (PhTool             *self,
                   cairo_t            *cr,
                   const PhRenderView *view)
{
}

static void
ph_tool_dispose (GObject *object)
{
  PhToolPrivate *priv = ph_tool_get_instance_private (PH_TOOL (object));

  g_clear_weak_pointer (&priv->map_view);

  G_OBJECT_CLASS (ph_tool_parent_class)->dispose (object);
}

static void
ph_tool_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  PhToolPrivate *priv = ph_tool_get_instance_private (PH_TOOL (object));

  switch (prop_id)
    {
    case PROP_MAP_VIEW:
      g_value_set_object (value, priv->map_view);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ph_tool_set_property (GObject      *object,
                      guint         prop_id,
                      const GValue *value,
                      GParamSpec   *pspec)
{
  PhToolPrivate *priv = ph_tool_get_instance_private (PH_TOOL (object));

  switch (prop_id)
    {
    case PROP_MAP_VIEW:
      g_set_weak_pointer (&priv->map_view, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ph_tool_class_init (PhToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ph_tool_dispose;
  object_class->get_property = ph_tool_get_property;
  object_class->set_property = ph_tool_set_property;

  klass->drag_begin = ph_tool_real_drag_event;
  klass->drag_update = ph_tool_real_drag_event;
  klass->drag_end = ph_tool_real_drag_event;
  klass->drag_cancel = ph_tool_real_nothing;
  klass->reset = ph_tool_real_nothing;
  klass->dismiss = ph_tool_real_dismiss;
  klass->activate = ph_tool_real_dismiss;
  klass->motion = ph_tool_real_motion;
  klass->draw = ph_tool_real_draw;

  properties[PROP_MAP_VIEW] =
    g_param_spec_object ("map-view", NULL, NULL, PH_TYPE_MAP_VIEW,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ph_tool_init (PhTool *self)
{
}

PhMapView *
ph_tool_get_map_view (PhTool *self)
{
  PhToolPrivate *priv;

  g_return_val_if_fail (PH_IS_TOOL (self), NULL);
  priv = ph_tool_get_instance_private (self);
  return priv->map_view;
}

const char *
ph_tool_get_cursor_name (PhTool *self)
{
  g_return_val_if_fail (PH_IS_TOOL (self), NULL);
  return PH_TOOL_GET_CLASS (self)->cursor_name;
}

void
ph_tool_drag_begin (PhTool           *self,
                    const PhToolDrag *drag)
{
  g_return_if_fail (PH_IS_TOOL (self));
  PH_TOOL_GET_CLASS (self)->drag_begin (self, drag);
}

void
ph_tool_drag_update (PhTool           *self,
                     const PhToolDrag *drag)
{
  g_return_if_fail (PH_IS_TOOL (self));
  PH_TOOL_GET_CLASS (self)->drag_update (self, drag);
}

void
ph_tool_drag_end (PhTool           *self,
                  const PhToolDrag *drag)
{
  g_return_if_fail (PH_IS_TOOL (self));
  PH_TOOL_GET_CLASS (self)->drag_end (self, drag);
}

void
ph_tool_drag_cancel (PhTool *self)
{
  g_return_if_fail (PH_IS_TOOL (self));
  PH_TOOL_GET_CLASS (self)->drag_cancel (self);
}

void
ph_tool_reset (PhTool *self)
{
  g_return_if_fail (PH_IS_TOOL (self));
  PH_TOOL_GET_CLASS (self)->reset (self);
}

gboolean
ph_tool_activate (PhTool *self)
{
  g_return_val_if_fail (PH_IS_TOOL (self), FALSE);
  return PH_TOOL_GET_CLASS (self)->activate (self);
}

gboolean
ph_tool_dismiss (PhTool *self)
{
  g_return_val_if_fail (PH_IS_TOOL (self), FALSE);
  return PH_TOOL_GET_CLASS (self)->dismiss (self);
}

const char *
ph_tool_motion (PhTool *self,
                double  x,
                double  y)
{
  g_return_val_if_fail (PH_IS_TOOL (self), NULL);
  return PH_TOOL_GET_CLASS (self)->motion (self, x, y);
}

void
ph_tool_draw (PhTool             *self,
              cairo_t            *cr,
              const PhRenderView *view)
{
  g_return_if_fail (PH_IS_TOOL (self));
  PH_TOOL_GET_CLASS (self)->draw (self, cr, view);
}
