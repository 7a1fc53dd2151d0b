/* ph-figure-panel-fields.c: the Figure panel's fields
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every control of the figure's own fields (name, side, troop, place,
 * base...) is described by a Field: what it edits in a PhFigure and how.
 * With several figures shown, a field whose values differ shows as mixed
 * (ph-mixed.h); a value set is copied to each (ph_figure_panel_edit()).
 */
#include "ph-figure-panel-private.h"

#include <glib/gi18n.h>
#include <stddef.h>

#include "ph-mixed.h"

typedef enum
{
  FIELD_STRING,   /* char * */
  FIELD_INT,      /* int */
  FIELD_DOUBLE,   /* double */
  FIELD_BOOL,     /* gboolean */
  FIELD_ENUM,     /* an enum, by its file names */
  FIELD_SIDE,     /* char *side: a side id */
} FieldType;

typedef const char *(*EnumName) (int value);

typedef struct
{
  const char *label;
  FieldType type;
  gsize offset;       /* in PhFigure */
  double min, max, step;
  int digits;
  EnumName enum_name; /* FIELD_ENUM */
  int n_values;
  gboolean optional;  /* FIELD_STRING: "" stands for none */
  gboolean single;    /* names one figure: not edited across several */
} Field;

#define ENUM_NAME(fn, type) \
  static const char *fn##_int (int v) { return fn ((type) v); }
ENUM_NAME (ph_troop_label, PhTroop)
ENUM_NAME (ph_stance_label, PhStance)
ENUM_NAME (ph_base_shape_label, PhBaseShape)
#undef ENUM_NAME

#define FIG(member) offsetof (PhFigure, member)

static const Field fields[] = {
  { N_("Name"), FIELD_STRING, FIG (name), .optional = TRUE, .single = TRUE },
  { N_("Side"), FIELD_SIDE, FIG (side) },
  { N_("Troop"), FIELD_ENUM, FIG (troop), .enum_name = ph_troop_label_int, .n_values = PH_N_TROOPS },
  { N_("Stance"), FIELD_ENUM, FIG (stance), .enum_name = ph_stance_label_int, .n_values = PH_N_STANCES },
  { N_("Leader"), FIELD_BOOL, FIG (leader) },
  { N_("Mounted"), FIELD_BOOL, FIG (mounted) },
  { N_("X"), FIELD_DOUBLE, FIG (x), -100000, 100000, 0.25, 2 },
  { N_("Y"), FIELD_DOUBLE, FIG (y), -100000, 100000, 0.25, 2 },
  { N_("Facing"), FIELD_DOUBLE, FIG (facing), 0, 359.9, 15, 1 },
  { N_("Base"), FIELD_ENUM, FIG (base_shape), .enum_name = ph_base_shape_label_int, .n_values = 2 },
  { N_("Base width"), FIELD_DOUBLE, FIG (base_width), 0.1, 100, 0.25, 2 },
};

#undef FIG

#define N_FIELDS G_N_ELEMENTS (fields)
G_STATIC_ASSERT (N_FIELDS == PH_FIGURE_PANEL_N_FIELDS);

static gpointer
field_ptr (const PhFigure *figure,
           const Field    *field)
{
  return (guint8 *) figure + field->offset;
}

/* Whether @a and @b have the same value of @field */
static gboolean
field_equal (const PhFigure *a,
             const PhFigure *b,
             const Field    *field)
{
  gconstpointer pa = field_ptr (a, field);
  gconstpointer pb = field_ptr (b, field);

  switch (field->type)
    {
    case FIELD_STRING:
    case FIELD_SIDE:
      return g_strcmp0 (*(char * const *) pa, *(char * const *) pb) == 0;
    case FIELD_INT:
    case FIELD_ENUM:
      return *(const int *) pa == *(const int *) pb;
    case FIELD_DOUBLE:
      return *(const double *) pa == *(const double *) pb;
    case FIELD_BOOL:
      return !*(const gboolean *) pa == !*(const gboolean *) pb;
    default:
      g_assert_not_reached ();
    }
}

/* Whether the figures differ in @field */
static gboolean
field_mixed (PhFigurePanel *self,
             const Field   *field)
{
  for (guint i = 0; i < self->figures->len; i++)
    if (!field_equal (g_ptr_array_index (self->figures, i), self->figure, field))
      return TRUE;
  return FALSE;
}

/* @dst's @field becomes @src's */
static void
field_copy (PhFigure       *dst,
            const PhFigure *src,
            const Field    *field)
{
  gpointer pd = field_ptr (dst, field);
  gconstpointer ps = field_ptr (src, field);

  switch (field->type)
    {
    case FIELD_STRING:
    case FIELD_SIDE:
      g_free (*(char **) pd);
      *(char **) pd = g_strdup (*(char * const *) ps);
      break;
    case FIELD_INT:
    case FIELD_ENUM:
    case FIELD_BOOL:
      *(int *) pd = *(const int *) ps;
      break;
    case FIELD_DOUBLE:
      *(double *) pd = *(const double *) ps;
      break;
    default:
      g_assert_not_reached ();
    }
  /* The panel's bases are round or square: depth follows width. */
  if (field->offset == offsetof (PhFigure, base_width))
    dst->base_depth = dst->base_width;
}


/* Field edits */

typedef struct
{
  const Field *field;
  const PhFigure *source;  /* has the new value */
} FieldEdit;

static gboolean
edit_field (PhFigurePanel  *self,
            PhFigure       *copy,
            gconstpointer   data,
            GError        **error)
{
  const FieldEdit *edit = data;

  field_copy (copy, edit->source, edit->field);
  return TRUE;
}

static void
on_field_changed (PhFigurePanel *self,
                  GtkWidget     *widget)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "ph-field"));
  const Field *field = &fields[index];
  gboolean mixed = ph_mixed_get (widget);
  PhFigure *source;
  gboolean edited = TRUE;
  FieldEdit edit;
  gpointer ptr;

  if (self->updating || self->figure == NULL)
    return;
  if (field->single && self->figures->len != 1)
    return;

  /* The primary figure with the new value, which every figure then takes */
  source = ph_figure_copy (self->figure);
  ptr = field_ptr (source, field);

  switch (field->type)
    {
    case FIELD_STRING:
      {
        const char *text = gtk_editable_get_text (GTK_EDITABLE (widget));
        char **s = ptr;

        /* left empty: still mixed; unchanged: nothing to do */
        if ((mixed && *text == '\0') || (!mixed && g_strcmp0 (*s ? *s : "", text) == 0))
          edited = FALSE;
        else
          {
            g_free (*s);
            *s = (*text == '\0' && field->optional) ? NULL : g_strdup (text);
          }
      }
      break;
    case FIELD_INT:
      *(int *) ptr = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
      break;
    case FIELD_DOUBLE:
      *(double *) ptr = gtk_spin_button_get_value (GTK_SPIN_BUTTON (widget));
      break;
    case FIELD_BOOL:
      *(gboolean *) ptr = gtk_check_button_get_active (GTK_CHECK_BUTTON (widget));
      break;
    case FIELD_ENUM:
      {
        guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (widget));

        if (selected == GTK_INVALID_LIST_POSITION || selected >= (guint) field->n_values)
          edited = FALSE;
        else
          *(int *) ptr = (int) selected;
      }
      break;
    case FIELD_SIDE:
      {
        guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (widget));
        char **s = ptr;

        if (self->scenario == NULL || selected >= self->scenario->sides->len)
          edited = FALSE;
        else
          {
            g_free (*s);
            *s = g_strdup (((PhSide *) g_ptr_array_index (self->scenario->sides, selected))->id);
          }
      }
      break;
    default:
      g_assert_not_reached ();
    }

  if (edited)
    {
      edit.field = field;
      edit.source = source;
      ph_figure_panel_edit (self, _(field->label), edit_field, &edit);
    }
  ph_figure_free (source);
}

static void
on_entry_focus_leave (GtkEventControllerFocus *controller,
                      PhFigurePanel           *self)
{
  on_field_changed (self, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));
}

static void
on_dropdown_notify_selected (GtkWidget     *widget,
                             GParamSpec    *pspec,
                             PhFigurePanel *self)
{
  on_field_changed (self, widget);
}

GtkWidget *
ph_figure_panel_field_new (PhFigurePanel *self,
                           guint          index)
{
  const Field *field = &fields[index];
  GtkWidget *widget = NULL;

  switch (field->type)
    {
    case FIELD_STRING:
      {
        GtkEventController *focus = gtk_event_controller_focus_new ();

        widget = gtk_entry_new ();
        g_signal_connect_swapped (widget, "activate", G_CALLBACK (on_field_changed), self);
        g_signal_connect (focus, "leave", G_CALLBACK (on_entry_focus_leave), self);
        gtk_widget_add_controller (widget, focus);
      }
      break;
    case FIELD_INT:
    case FIELD_DOUBLE:
      widget = gtk_spin_button_new_with_range (field->min, field->max, field->step);
      gtk_spin_button_set_digits (GTK_SPIN_BUTTON (widget), field->digits);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (widget), TRUE);
      if (field->offset == offsetof (PhFigure, facing))
        gtk_spin_button_set_wrap (GTK_SPIN_BUTTON (widget), TRUE);
      ph_mixed_spin_button_init (GTK_SPIN_BUTTON (widget));
      g_signal_connect_swapped (widget, "value-changed", G_CALLBACK (on_field_changed), self);
      break;
    case FIELD_BOOL:
      widget = gtk_check_button_new ();
      g_signal_connect_swapped (widget, "toggled", G_CALLBACK (on_field_changed), self);
      break;
    case FIELD_ENUM:
      {
        GtkStringList *names = gtk_string_list_new (NULL);

        for (int v = 0; v < field->n_values; v++)
          gtk_string_list_append (names, field->enum_name (v));
        widget = gtk_drop_down_new (G_LIST_MODEL (names), NULL);
        g_signal_connect (widget, "notify::selected", G_CALLBACK (on_dropdown_notify_selected), self);
      }
      break;
    case FIELD_SIDE:
      widget = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->sides_model)), NULL);
      g_signal_connect (widget, "notify::selected", G_CALLBACK (on_dropdown_notify_selected), self);
      break;
    default:
      g_assert_not_reached ();
    }

  gtk_widget_set_hexpand (widget, TRUE);
  if (field->type == FIELD_BOOL)
    gtk_widget_set_hexpand (widget, FALSE);
  g_object_set_data (G_OBJECT (widget), "ph-field", GUINT_TO_POINTER (index));
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _(field->label), -1);
  return widget;
}

void
ph_figure_panel_field_read (PhFigurePanel *self,
                            guint          index)
{
  const Field *field = &fields[index];
  GtkWidget *widget = self->field_widgets[index];
  gpointer ptr = field_ptr (self->figure, field);
  gboolean mixed = field_mixed (self, field);

  gtk_widget_set_sensitive (widget, !field->single || self->figures->len == 1);
  switch (field->type)
    {
    case FIELD_STRING:
      ph_mixed_entry_set (GTK_ENTRY (widget), *(char **) ptr,
                          field->offset == offsetof (PhFigure, name) ? self->figure->id : NULL,
                          mixed);
      break;
    case FIELD_INT:
      ph_mixed_spin_button_set (GTK_SPIN_BUTTON (widget), *(int *) ptr, mixed);
      break;
    case FIELD_DOUBLE:
      ph_mixed_spin_button_set (GTK_SPIN_BUTTON (widget), *(double *) ptr, mixed);
      break;
    case FIELD_BOOL:
      ph_mixed_check_button_set (GTK_CHECK_BUTTON (widget), *(gboolean *) ptr, mixed);
      break;
    case FIELD_ENUM:
      ph_mixed_drop_down_set (GTK_DROP_DOWN (widget), (guint) *(int *) ptr, mixed);
      break;
    case FIELD_SIDE:
      {
        const char *side = *(char **) ptr;
        guint found = GTK_INVALID_LIST_POSITION;

        for (guint i = 0; self->scenario && i < self->scenario->sides->len; i++)
          if (g_strcmp0 (((PhSide *) g_ptr_array_index (self->scenario->sides, i))->id, side) == 0)
            found = i;
        ph_mixed_drop_down_set (GTK_DROP_DOWN (widget), found, mixed);
      }
      break;
    default:
      g_assert_not_reached ();
    }
}


const char *
ph_figure_panel_field_label (guint index)
{
  g_return_val_if_fail (index < N_FIELDS, NULL);
  return _(fields[index].label);
}
