/* ph-stats-form.c: a figure's ruleset stats as a form, built from the
 * ruleset's stats schema
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One row per field of the schema that has a label (ph-stats.h): a spin
 * button for a number, a check box for a flag, a drop-down for a choice,
 * an entry for text and the fields with their own syntax (Firelock's
 * bravery "10,7,4,1", Featherstone's armour covers). An edit is reported
 * as "edited" with the game's attribute name ("firelock.hits") and the
 * value as the file writes it; the Figure panel applies it through
 * ph_figure_set_attr(), so the schema's checks apply, and the form only
 * shows. With several figures it shows a field whose values differ as
 * mixed (ph-mixed.h) until the user sets it.
 */
#include "ph-stats-form.h"

#include <glib/gi18n.h>

#include "ph-mixed.h"
#include "ph-stats.h"

struct _PhStatsForm
{
  GtkWidget parent_instance;

  GtkWidget *grid;
  const PhStatsSchema *schema; /* whose form grid holds */
  GPtrArray *widgets;          /* one per schema field, NULL when not shown */
  GPtrArray *notes;            /* one per schema field: the label under it
                                * saying what its value means (explain), or
                                * NULL */
  PhFigure *figure;            /* shown, the primary one (not owned), or NULL */
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (PhStatsForm, ph_stats_form, GTK_TYPE_WIDGET)

enum { EDITED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
on_field_changed (PhStatsForm *self,
                  GtkWidget   *widget)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "ph-stat"));
  const PhStatField *field;
  g_autofree char *attr = NULL;
  g_autofree char *value = NULL;
  gboolean mixed;

  if (self->updating || self->figure == NULL || self->schema == NULL)
    return;
  field = &self->schema->fields[index];
  mixed = ph_mixed_get (widget);
  switch (field->type)
    {
    case PH_STAT_INT:
      value = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget)));
      break;
    case PH_STAT_BOOL:
      value = g_strdup (gtk_check_button_get_active (GTK_CHECK_BUTTON (widget)) ? "true" : "false");
      break;
    case PH_STAT_ENUM:
      {
        guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (widget));

        if (selected == GTK_INVALID_LIST_POSITION)
          return;
        value = g_strdup (field->choices->to_string ((int) selected));
      }
      break;
    case PH_STAT_STRING:
    case PH_STAT_CUSTOM:
    default:
      value = g_strdup (gtk_editable_get_text (GTK_EDITABLE (widget)));
      /* left empty: still mixed */
      if (mixed && *value == '\0')
        return;
      break;
    }
  /* The same value set on figures that differ is still an edit. */
  if (!mixed && self->figure->stats_kind == self->schema->kind)
    {
      g_autofree char *current = ph_stats_get (self->figure, field);

      if (g_strcmp0 (current, value) == 0)
        return;
    }
  attr = g_strdup_printf ("%s.%s", self->schema->element, field->name);
  g_signal_emit (self, signals[EDITED], 0, attr, value, _(field->label));
}

static void
on_entry_focus_leave (GtkEventControllerFocus *controller,
                      PhStatsForm             *self)
{
  on_field_changed (self, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));
}

static void
on_dropdown_notify_selected (GtkWidget   *widget,
                             GParamSpec  *pspec,
                             PhStatsForm *self)
{
  on_field_changed (self, widget);
}

static GtkWidget *
field_widget_new (PhStatsForm       *self,
                  const PhStatField *field,
                  guint              index)
{
  GtkWidget *widget;

  switch (field->type)
    {
    case PH_STAT_INT:
      widget = gtk_spin_button_new_with_range (field->form_min, field->form_max, 1);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (widget), TRUE);
      ph_mixed_spin_button_init (GTK_SPIN_BUTTON (widget));
      g_signal_connect_swapped (widget, "value-changed", G_CALLBACK (on_field_changed), self);
      break;
    case PH_STAT_BOOL:
      widget = gtk_check_button_new ();
      g_signal_connect_swapped (widget, "toggled", G_CALLBACK (on_field_changed), self);
      break;
    case PH_STAT_ENUM:
      {
        g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

        for (int v = 0; v < field->choices->n_values; v++)
          gtk_string_list_append (names, field->choices->to_string (v));
        widget = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
        g_signal_connect (widget, "notify::selected", G_CALLBACK (on_dropdown_notify_selected), self);
      }
      break;
    case PH_STAT_STRING:
    case PH_STAT_CUSTOM:
    default:
      {
        GtkEventController *focus = gtk_event_controller_focus_new ();

        widget = gtk_entry_new ();
        g_signal_connect_swapped (widget, "activate", G_CALLBACK (on_field_changed), self);
        g_signal_connect (focus, "leave", G_CALLBACK (on_entry_focus_leave), self);
        gtk_widget_add_controller (widget, focus);
      }
      break;
    }
  gtk_widget_set_hexpand (widget, field->type != PH_STAT_BOOL);
  g_object_set_data (G_OBJECT (widget), "ph-stat", GUINT_TO_POINTER (index));
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _(field->label), -1);
  if (field->help != NULL)
    gtk_widget_set_tooltip_text (widget, _(field->help));
  return widget;
}

/* The rows for @schema, built once per schema */
static void
build (PhStatsForm         *self,
       const PhStatsSchema *schema)
{
  GtkWidget *child;
  int row = 0;

  if (schema == self->schema)
    return;
  while ((child = gtk_widget_get_first_child (self->grid)))
    gtk_grid_remove (GTK_GRID (self->grid), child);
  g_ptr_array_set_size (self->widgets, 0);
  g_ptr_array_set_size (self->notes, 0);
  self->schema = schema;
  for (guint i = 0; schema != NULL && i < schema->n_fields; i++)
    {
      const PhStatField *field = &schema->fields[i];
      GtkWidget *label, *widget;

      if (field->label == NULL)
        {
          g_ptr_array_add (self->widgets, NULL);
          g_ptr_array_add (self->notes, NULL);
          continue;
        }
      label = gtk_label_new (_(field->label));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      widget = field_widget_new (self, field, i);
      g_ptr_array_add (self->widgets, widget);
      gtk_grid_attach (GTK_GRID (self->grid), label, 0, row, 1, 1);
      gtk_grid_attach (GTK_GRID (self->grid), widget, 1, row, 1, 1);
      row++;
      if (field->explain != NULL)
        {
          /* under the field, what its value means (a wound letter's
           * wound) */
          GtkWidget *note = gtk_label_new (NULL);

          gtk_label_set_xalign (GTK_LABEL (note), 0);
          gtk_label_set_wrap (GTK_LABEL (note), TRUE);
          gtk_label_set_wrap_mode (GTK_LABEL (note), PANGO_WRAP_WORD_CHAR);
          gtk_label_set_width_chars (GTK_LABEL (note), 10);
          gtk_label_set_max_width_chars (GTK_LABEL (note), 30);
          gtk_widget_add_css_class (note, "dim-label");
          gtk_widget_add_css_class (note, "caption");
          gtk_widget_set_visible (note, FALSE);
          gtk_grid_attach (GTK_GRID (self->grid), note, 1, row, 1, 1);
          g_ptr_array_add (self->notes, note);
          row++;
        }
      else
        g_ptr_array_add (self->notes, NULL);
    }
}

/* Whether @field differs between @figures */
static gboolean
field_mixed (const PhStatField *field,
             PhFigure * const  *figures,
             guint              n_figures)
{
  g_autofree char *first = NULL;

  if (n_figures < 2)
    return FALSE;
  first = ph_stats_get (figures[0], field);
  for (guint i = 1; i < n_figures; i++)
    {
      g_autofree char *other = ph_stats_get (figures[i], field);

      if (g_strcmp0 (first, other) != 0)
        return TRUE;
    }
  return FALSE;
}

void
ph_stats_form_set_figures (PhStatsForm      *self,
                           PhFigure * const *figures,
                           guint             n_figures)
{
  const PhStatsSchema *schema = NULL;
  const PhFigure *figure;

  g_return_if_fail (PH_IS_STATS_FORM (self));
  g_return_if_fail (n_figures == 0 || figures != NULL);

  figure = n_figures > 0 ? figures[n_figures - 1] : NULL;
  self->figure = (PhFigure *) figure;
  if (figure != NULL)
    schema = ph_stats_schema_of_kind (figure->stats_kind);
  /* Figures of other kinds share no field. */
  for (guint i = 0; schema != NULL && i < n_figures; i++)
    if (figures[i]->stats_kind != figure->stats_kind)
      schema = NULL;
  self->updating = TRUE;
  build (self, schema);
  for (guint i = 0; schema != NULL && i < schema->n_fields; i++)
    {
      const PhStatField *field = &schema->fields[i];
      GtkWidget *widget = g_ptr_array_index (self->widgets, i);
      gconstpointer ptr = (const guint8 *) figure + field->offset;
      gboolean mixed;

      if (widget == NULL)
        continue;
      mixed = field_mixed (field, figures, n_figures);
      if (g_ptr_array_index (self->notes, i) != NULL)
        {
          GtkLabel *note = g_ptr_array_index (self->notes, i);
          g_autofree char *text = mixed ? NULL : field->explain (figure, ptr);

          gtk_label_set_label (note, text != NULL ? text : "");
          gtk_widget_set_visible (GTK_WIDGET (note), text != NULL);
        }
      switch (field->type)
        {
        case PH_STAT_INT:
          ph_mixed_spin_button_set (GTK_SPIN_BUTTON (widget), *(const int *) ptr, mixed);
          break;
        case PH_STAT_BOOL:
          ph_mixed_check_button_set (GTK_CHECK_BUTTON (widget), *(const gboolean *) ptr, mixed);
          break;
        case PH_STAT_ENUM:
          ph_mixed_drop_down_set (GTK_DROP_DOWN (widget), (guint) *(const int *) ptr, mixed);
          break;
        case PH_STAT_STRING:
        case PH_STAT_CUSTOM:
        default:
          {
            g_autofree char *text = ph_stats_get (figure, field);

            ph_mixed_entry_set (GTK_ENTRY (widget), text, NULL, mixed);
          }
          break;
        }
    }
  self->updating = FALSE;
}

void
ph_stats_form_set_figure (PhStatsForm    *self,
                          const PhFigure *figure)
{
  PhFigure *one = (PhFigure *) figure;

  ph_stats_form_set_figures (self, &one, figure != NULL ? 1 : 0);
}

static void
ph_stats_form_dispose (GObject *object)
{
  PhStatsForm *self = PH_STATS_FORM (object);

  self->figure = NULL;
  self->schema = NULL;
  g_clear_pointer (&self->grid, gtk_widget_unparent);

  G_OBJECT_CLASS (ph_stats_form_parent_class)->dispose (object);
}

static void
ph_stats_form_finalize (GObject *object)
{
  PhStatsForm *self = PH_STATS_FORM (object);

  g_clear_pointer (&self->widgets, g_ptr_array_unref);
  g_clear_pointer (&self->notes, g_ptr_array_unref);

  G_OBJECT_CLASS (ph_stats_form_parent_class)->finalize (object);
}

static void
ph_stats_form_class_init (PhStatsFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ph_stats_form_dispose;
  object_class->finalize = ph_stats_form_finalize;

  /**
   * PhStatsForm::edited:
   * @attr: the game's attribute name, "firelock.hits"
   * @value: the new value as the file writes it
   * @label: the field's label, for the undo entry
   */
  signals[EDITED] =
    g_signal_new ("edited",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
ph_stats_form_init (PhStatsForm *self)
{
  self->widgets = g_ptr_array_new ();
  self->notes = g_ptr_array_new ();
  self->grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 10);
  gtk_widget_set_parent (self->grid, GTK_WIDGET (self));
}

GtkWidget *
ph_stats_form_new (void)
{
  return g_object_new (PH_TYPE_STATS_FORM, NULL);
}
