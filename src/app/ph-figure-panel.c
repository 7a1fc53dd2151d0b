/* ph-figure-panel.c: the inspector: edit the selected figures
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every control is described by a Field: what it edits in a PhFigure and
 * how. An edit makes a copy of each selected figure with the new value,
 * has the document check each as the loader would, and hands them to the
 * document as one undoable command; a refused edit shows why and leaves
 * every figure as it was. With several figures selected, a field whose
 * values differ shows as mixed (ph-mixed.h) until the user sets it, and
 * the fields that name one figure (its name; its weapons,
 * ph-figure-panel-weapons.c) are not edited.
 */
#include "ph-figure-panel-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stddef.h>

#include "ph-figure-attr.h"
#include "ph-mixed.h"
#include "ph-ruleset.h"
#include "ph-stats.h"

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
ENUM_NAME (ph_troop_to_string, PhTroop)
ENUM_NAME (ph_stance_to_string, PhStance)
ENUM_NAME (ph_base_shape_to_string, PhBaseShape)
#undef ENUM_NAME

#define FIG(member) offsetof (PhFigure, member)

static const Field fields[] = {
  { N_("Name"), FIELD_STRING, FIG (name), .optional = TRUE, .single = TRUE },
  { N_("Side"), FIELD_SIDE, FIG (side) },
  { N_("Troop"), FIELD_ENUM, FIG (troop), .enum_name = ph_troop_to_string_int, .n_values = PH_N_TROOPS },
  { N_("Stance"), FIELD_ENUM, FIG (stance), .enum_name = ph_stance_to_string_int, .n_values = PH_N_STANCES },
  { N_("Leader"), FIELD_BOOL, FIG (leader) },
  { N_("Mounted"), FIELD_BOOL, FIG (mounted) },
  { N_("X"), FIELD_DOUBLE, FIG (x), -100000, 100000, 0.25, 2 },
  { N_("Y"), FIELD_DOUBLE, FIG (y), -100000, 100000, 0.25, 2 },
  { N_("Facing"), FIELD_DOUBLE, FIG (facing), 0, 359.9, 15, 1 },
  { N_("Base"), FIELD_ENUM, FIG (base_shape), .enum_name = ph_base_shape_to_string_int, .n_values = 2 },
  { N_("Base width"), FIELD_DOUBLE, FIG (base_width), 0.1, 100, 0.25, 2 },
};

#undef FIG

#define N_FIELDS G_N_ELEMENTS (fields)
G_STATIC_ASSERT (N_FIELDS == PH_FIGURE_PANEL_N_FIELDS);


G_DEFINE_FINAL_TYPE (PhFigurePanel, ph_figure_panel, GTK_TYPE_WIDGET)

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

static void
show_error (PhFigurePanel *self,
            const char    *message)
{
  g_free (self->error);
  self->error = g_strdup (message);
  gtk_label_set_label (self->error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

static void refresh (PhFigurePanel *self);

void
ph_figure_panel_commit (PhFigurePanel *self,
                        PhFigure      *edited,
                        const char    *what)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *label = g_strdup_printf (_("Edit %s of %s"), what,
                                            ph_figure_display_name (self->figure));

  if (!ph_document_check_figure (self->document, edited, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Not changed: %s"), error->message);

      ph_figure_free (edited);
      refresh (self);
      show_error (self, message);
      return;
    }

  show_error (self, NULL);
  ph_document_update_figure (self->document, label, edited);
  ph_figure_free (edited);
}

/* Makes the edit in @copy, a copy of one of the figures; FALSE with
 * @error when it cannot be made */
typedef gboolean (*EditFunc) (PhFigurePanel  *self,
                              PhFigure       *copy,
                              gconstpointer   data,
                              GError        **error);

/* The edit made to every figure shown, as one undo step ("Edit Troop of 3
 * Figures"); when it cannot be made to one of them, or one would not load
 * back, nothing changes and the panel says why. */
static void
edit_figures (PhFigurePanel *self,
              const char    *what,
              EditFunc       edit,
              gconstpointer  data)
{
  g_autoptr(GPtrArray) edited = NULL;
  g_autofree char *label = NULL;
  guint n = self->figures->len;

  if (n == 0 || self->document == NULL)
    return;

  edited = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_figure_free);
  for (guint i = 0; i < n; i++)
    {
      const PhFigure *figure = g_ptr_array_index (self->figures, i);
      PhFigure *copy = ph_figure_copy (figure);
      g_autoptr(GError) error = NULL;

      g_ptr_array_add (edited, copy);
      if (!edit (self, copy, data, &error)
          || !ph_document_check_figure (self->document, copy, &error))
        {
          g_autofree char *message = NULL;

          if (n == 1)
            message = g_strdup_printf (_("Not changed: %s"), error->message);
          else
            message = g_strdup_printf (_("Not changed: %s: %s"),
                                       ph_figure_display_name (figure), error->message);
          refresh (self);
          show_error (self, message);
          return;
        }
    }

  show_error (self, NULL);
  if (n == 1)
    {
      label = g_strdup_printf (_("Edit %s of %s"), what, ph_figure_display_name (self->figure));
      ph_document_update_figure (self->document, label, g_ptr_array_index (edited, 0));
    }
  else
    {
      label = g_strdup_printf (g_dngettext (NULL, "Edit %s of %u Figure", "Edit %s of %u Figures", n),
                               what, n);
      ph_document_update_figures (self->document, label, edited);
    }
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
      edit_figures (self, _(field->label), edit_field, &edit);
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

static GtkWidget *
field_widget_new (PhFigurePanel *self,
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

static void
field_widget_read (PhFigurePanel *self,
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

/* The ruleset's stats: PhStatsForm reports an edit as the game's figure
 * attribute ("firelock.hits" = "3"), applied here with
 * ph_figure_set_attr() so that the schema's checks apply (Featherstone's
 * wound counts follow the letters, a Guns of War unit's size fits its
 * formation), then checked and committed like every edit. */
typedef struct
{
  const char *attr;
  const char *value;
} AttrEdit;

static gboolean
edit_attr (PhFigurePanel  *self,
           PhFigure       *copy,
           gconstpointer   data,
           GError        **error)
{
  const AttrEdit *edit = data;

  return ph_figure_set_attr (self->scenario, copy, edit->attr, edit->value, error);
}

static void
on_stats_form_edited (PhStatsForm   *form,
                      const char    *attr,
                      const char    *value,
                      const char    *label,
                      PhFigurePanel *self)
{
  AttrEdit edit = { attr, value };

  if (self->updating || self->figure == NULL || self->scenario == NULL)
    return;
  edit_figures (self, label, edit_attr, &edit);
}

/* Status markers */

typedef struct
{
  guint flag;
  gboolean on;
} StatusEdit;

static gboolean
edit_status (PhFigurePanel  *self,
             PhFigure       *copy,
             gconstpointer   data,
             GError        **error)
{
  const StatusEdit *edit = data;

  if (edit->on)
    copy->status |= edit->flag;
  else
    copy->status &= ~edit->flag;
  return TRUE;
}

static void
on_status_toggled (PhFigurePanel  *self,
                   GtkCheckButton *button)
{
  StatusEdit edit;

  if (self->updating || self->figure == NULL)
    return;
  edit.flag = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ph-status"));
  edit.on = gtk_check_button_get_active (button);
  edit_figures (self, ph_status_to_string (edit.flag), edit_status, &edit);
}

/* Reading the figure */

static void
update_sides (PhFigurePanel *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->sides_model));
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; self->scenario && i < self->scenario->sides->len; i++)
    g_ptr_array_add (names, ((PhSide *) g_ptr_array_index (self->scenario->sides, i))->name);
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (self->sides_model, 0, n, (const char * const *) names->pdata);
}

/* "Figure “rifleman-1”", or "3 figures: rifleman-1, rifleman-2, …" */
static char *
figures_title (PhFigurePanel *self)
{
  GString *text;

  if (self->figures->len == 1)
    return g_strdup_printf (_("Figure “%s”"), self->figure->id);
  text = g_string_new (NULL);
  g_string_printf (text, g_dngettext (NULL, "%u figure: ", "%u figures: ", self->figures->len),
                   self->figures->len);
  for (guint i = 0; i < self->figures->len; i++)
    g_string_append_printf (text, i > 0 ? ", %s" : "%s",
                            ((PhFigure *) g_ptr_array_index (self->figures, i))->id);
  return g_string_free (text, FALSE);
}

static void
refresh (PhFigurePanel *self)
{
  gboolean has_figure = self->figure != NULL;
  g_autofree char *id = NULL;

  gtk_widget_set_visible (self->placeholder_label, !has_figure);
  gtk_widget_set_visible (self->editor_box, has_figure);
  if (!has_figure)
    return;

  self->updating = TRUE;

  id = figures_title (self);
  gtk_label_set_label (self->id_label, id);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->id_label), id);

  for (guint i = 0; i < N_FIELDS; i++)
    field_widget_read (self, i);
  ph_stats_form_set_figures (self->stats_form, (PhFigure **) self->figures->pdata,
                             self->figures->len);

  for (guint bit = 0; bit < PH_N_STATUS; bit++)
    {
      guint flag = 1u << bit;
      gboolean on = (self->figure->status & flag) != 0;
      gboolean mixed = FALSE;

      for (guint i = 0; i < self->figures->len; i++)
        mixed |= ((((PhFigure *) g_ptr_array_index (self->figures, i))->status & flag) != 0) != on;
      ph_mixed_check_button_set (GTK_CHECK_BUTTON (self->status_buttons[bit]), on, mixed);
    }

  gtk_label_set_label (self->stats_title, self->scenario != NULL
                       ? ph_ruleset_get (self->scenario->ruleset)->short_title : "");
  gtk_widget_set_visible (GTK_WIDGET (self->stats_title), self->figure->stats_kind != PH_STATS_NONE);
  gtk_widget_set_visible (GTK_WIDGET (self->stats_form), self->figure->stats_kind != PH_STATS_NONE);

  ph_figure_panel_weapons_queue_rebuild (self);

  self->updating = FALSE;
}

void
ph_figure_panel_set_figures (PhFigurePanel    *self,
                             PhDocument       *document,
                             PhFigure * const *figures,
                             guint             n_figures)
{
  PhScenario *scenario;
  gboolean same;

  g_return_if_fail (PH_IS_FIGURE_PANEL (self));
  g_return_if_fail (n_figures == 0 || figures != NULL);

  if (document == NULL)
    n_figures = 0;
  same = n_figures == self->figures->len;
  for (guint i = 0; same && i < n_figures; i++)
    same = figures[i] == g_ptr_array_index (self->figures, i);
  if (!same)
    show_error (self, NULL);

  g_set_object (&self->document, document);
  scenario = document ? ph_document_get_scenario (document) : NULL;
  if (scenario != self->scenario)
    {
      g_clear_pointer (&self->scenario, ph_scenario_unref);
      self->scenario = scenario ? ph_scenario_ref (scenario) : NULL;
      self->updating = TRUE;
      update_sides (self);
      self->updating = FALSE;
    }
  g_ptr_array_set_size (self->figures, 0);
  for (guint i = 0; i < n_figures; i++)
    g_ptr_array_add (self->figures, figures[i]);
  self->figure = n_figures > 0 ? figures[n_figures - 1] : NULL;
  refresh (self);
}

void
ph_figure_panel_set_figure (PhFigurePanel *self,
                            PhDocument    *document,
                            PhFigure      *figure)
{
  ph_figure_panel_set_figures (self, document, &figure, figure != NULL ? 1 : 0);
}

const char *
ph_figure_panel_get_error (PhFigurePanel *self)
{
  g_return_val_if_fail (PH_IS_FIGURE_PANEL (self), NULL);
  return self->error;
}

static void
ph_figure_panel_dispose (GObject *object)
{
  PhFigurePanel *self = PH_FIGURE_PANEL (object);

  ph_figure_panel_weapons_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), PH_TYPE_FIGURE_PANEL);
  /* Children of the template that no field holds */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self)));)
    gtk_widget_unparent (child);
  self->figure = NULL;
  g_ptr_array_set_size (self->figures, 0);
  g_clear_object (&self->document);
  g_clear_object (&self->sides_model);
  g_clear_pointer (&self->scenario, ph_scenario_unref);

  G_OBJECT_CLASS (ph_figure_panel_parent_class)->dispose (object);
}

static void
ph_figure_panel_finalize (GObject *object)
{
  PhFigurePanel *self = PH_FIGURE_PANEL (object);

  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->figures, g_ptr_array_unref);

  G_OBJECT_CLASS (ph_figure_panel_parent_class)->finalize (object);
}

static void
ph_figure_panel_class_init (PhFigurePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ph_figure_panel_dispose;
  object_class->finalize = ph_figure_panel_finalize;

  g_type_ensure (PH_TYPE_STATS_FORM);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/powderhorn/Powderhorn/ph-figure-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, content);
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, placeholder_label);
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, editor_box);
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, id_label);
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, error_label);
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, figure_grid);
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, status_flow);
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, weapons_box);
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, add_weapon_box);
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, add_weapon_dropdown);
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, stats_title);
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, stats_form);
  gtk_widget_class_bind_template_callback (widget_class, on_stats_form_edited);
  ph_figure_panel_weapons_class_init (widget_class);
}

static void
ph_figure_panel_init (PhFigurePanel *self)
{
  int figure_row = 0;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->sides_model = gtk_string_list_new (NULL);
  self->figures = g_ptr_array_new ();
  gtk_label_set_ellipsize (self->id_label, PANGO_ELLIPSIZE_END);

  for (guint i = 0; i < N_FIELDS; i++)
    {
      GtkWidget *label = gtk_label_new (_(fields[i].label));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      self->field_widgets[i] = field_widget_new (self, i);
      gtk_grid_attach (self->figure_grid, label, 0, figure_row, 1, 1);
      gtk_grid_attach (self->figure_grid, self->field_widgets[i], 1, figure_row, 1, 1);
      figure_row++;
    }

  for (guint bit = 0; bit < PH_N_STATUS; bit++)
    {
      GtkWidget *button = gtk_check_button_new_with_label (ph_status_to_string (1u << bit));

      g_object_set_data (G_OBJECT (button), "ph-status", GUINT_TO_POINTER (1u << bit));
      g_signal_connect_swapped (button, "toggled", G_CALLBACK (on_status_toggled), self);
      self->status_buttons[bit] = button;
      gtk_flow_box_append (self->status_flow, button);
    }

  ph_figure_panel_weapons_init (self);

  refresh (self);
}

GtkWidget *
ph_figure_panel_new (void)
{
  return g_object_new (PH_TYPE_FIGURE_PANEL, NULL);
}
