/* ph-fit-scroller.c: a scrolled window as tall as its content at the
 * width it is given
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "powderhorn"

#include "ph-fit-scroller.h"

struct _PhFitScroller
{
  GtkWidget parent_instance;

  GtkWidget *child; /* a GtkScrolledWindow */
};

enum
{
  PROP_0,
  PROP_CHILD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void ph_fit_scroller_buildable_init (GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PhFitScroller, ph_fit_scroller, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE,
                                                      ph_fit_scroller_buildable_init))

static GtkBuildableIface *parent_buildable_iface;

static void
ph_fit_scroller_add_child (GtkBuildable *buildable,
                           GtkBuilder   *builder,
                           GObject      *child,
                           const char   *type)
{
  if (GTK_IS_WIDGET (child))
    ph_fit_scroller_set_child (PH_FIT_SCROLLER (buildable), GTK_WIDGET (child));
  else
    parent_buildable_iface->add_child (buildable, builder, child, type);
}

static void
ph_fit_scroller_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = ph_fit_scroller_add_child;
}

static void
ph_fit_scroller_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  PhFitScroller *self = PH_FIT_SCROLLER (widget);
  GtkWidget *content;

  *minimum = *natural = 0;
  if (self->child == NULL || !gtk_widget_get_visible (self->child))
    return;
  gtk_widget_measure (self->child, orientation, for_size, minimum, natural, NULL, NULL);
  /* the height asked: the content's at this width, not at its own
   * natural width (no less than the window's least) */
  content = GTK_IS_SCROLLED_WINDOW (self->child)
            ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->child)) : NULL;
  if (orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0 && content != NULL
      && gtk_widget_get_visible (content))
    {
      int content_natural = 0;

      gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, for_size, NULL, &content_natural,
                          NULL, NULL);
      *natural = MAX (*minimum, content_natural);
    }
}

static GtkSizeRequestMode
ph_fit_scroller_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
ph_fit_scroller_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  PhFitScroller *self = PH_FIT_SCROLLER (widget);

  if (self->child != NULL && gtk_widget_get_visible (self->child))
    gtk_widget_allocate (self->child, width, height, baseline, NULL);
}

GtkWidget *
ph_fit_scroller_get_child (PhFitScroller *self)
{
  g_return_val_if_fail (PH_IS_FIT_SCROLLER (self), NULL);
  return self->child;
}

void
ph_fit_scroller_set_child (PhFitScroller *self,
                           GtkWidget     *child)
{
  g_return_if_fail (PH_IS_FIT_SCROLLER (self));
  g_return_if_fail (child == NULL || GTK_IS_WIDGET (child));

  if (self->child == child)
    return;
  g_clear_pointer (&self->child, gtk_widget_unparent);
  if (child != NULL)
    {
      self->child = child;
      gtk_widget_set_parent (child, GTK_WIDGET (self));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD]);
}

static void
ph_fit_scroller_dispose (GObject *object)
{
  PhFitScroller *self = PH_FIT_SCROLLER (object);

  g_clear_pointer (&self->child, gtk_widget_unparent);
  G_OBJECT_CLASS (ph_fit_scroller_parent_class)->dispose (object);
}

static void
ph_fit_scroller_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  PhFitScroller *self = PH_FIT_SCROLLER (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      g_value_set_object (value, self->child);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ph_fit_scroller_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  PhFitScroller *self = PH_FIT_SCROLLER (object);

  switch (prop_id)
    {
    case PROP_CHILD:
      ph_fit_scroller_set_child (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ph_fit_scroller_class_init (PhFitScrollerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ph_fit_scroller_dispose;
  object_class->get_property = ph_fit_scroller_get_property;
  object_class->set_property = ph_fit_scroller_set_property;
  widget_class->measure = ph_fit_scroller_measure;
  widget_class->get_request_mode = ph_fit_scroller_get_request_mode;
  widget_class->size_allocate = ph_fit_scroller_size_allocate;

  properties[PROP_CHILD] =
    g_param_spec_object ("child", NULL, NULL, GTK_TYPE_WIDGET,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ph_fit_scroller_init (PhFitScroller *self)
{
}
