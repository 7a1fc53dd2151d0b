/* ph-figure-panel.c: the inspector: edit the selected figures
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The figure's fields (ph-figure-panel-fields.c), status markers, ruleset
 * stats (PhStatsForm) and weapons (ph-figure-panel-weapons.c). An edit
 * makes a copy of each selected figure with the new value,
 * has the document check each as the loader would, and hands them to the
 * document as one undoable command; a refused edit shows why and leaves
 * every figure as it was. With several figures selected, a field whose
 * values differ shows as mixed (ph-mixed.h) until the user sets it, and
 * the fields that name one figure (its name; its weapons,
 * ph-figure-panel-weapons.c) are not edited.
 */
#include "ph-figure-panel-private.h"

#include <glib/gi18n.h>

#include "ph-figure-attr.h"
#include "ph-mixed.h"
#include "ph-ruleset.h"
#include "ph-stats.h"

G_DEFINE_FINAL_TYPE (PhFigurePanel, ph_figure_panel, GTK_TYPE_WIDGET)

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

void
ph_figure_panel_edit (PhFigurePanel         *self,
                      const char            *what,
                      PhFigurePanelEditFunc  edit,
                      gconstpointer          data)
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
  ph_figure_panel_edit (self, label, edit_attr, &edit);
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
  ph_figure_panel_edit (self, ph_status_to_string (edit.flag), edit_status, &edit);
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

/* "Reuben Brown · id brown" (the id is what powderhorn-cli's --shooter
 * takes), or "3 figures: Reuben Brown, Abner Hosmer, …" */
static char *
figures_title (PhFigurePanel *self)
{
  GString *text;

  if (self->figures->len == 1)
    return g_strdup_printf (_("%s · id %s"), ph_figure_display_name (self->figure),
                            self->figure->id);
  text = g_string_new (NULL);
  g_string_printf (text, g_dngettext (NULL, "%u figure: ", "%u figures: ", self->figures->len),
                   self->figures->len);
  for (guint i = 0; i < self->figures->len; i++)
    g_string_append_printf (text, i > 0 ? ", %s" : "%s",
                            ph_figure_display_name (g_ptr_array_index (self->figures, i)));
  return g_string_free (text, FALSE);
}

static void
refresh (PhFigurePanel *self)
{
  gboolean has_figure = self->figure != NULL;
  g_autofree char *id = NULL;

  gtk_widget_set_visible (self->placeholder, !has_figure);
  gtk_widget_set_visible (self->editor_box, has_figure);
  if (!has_figure)
    return;

  self->updating = TRUE;

  id = figures_title (self);
  gtk_label_set_label (self->id_label, id);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->id_label), id);

  for (guint i = 0; i < PH_FIGURE_PANEL_N_FIELDS; i++)
    ph_figure_panel_field_read (self, i);
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
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, placeholder);
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

  for (guint i = 0; i < PH_FIGURE_PANEL_N_FIELDS; i++)
    {
      GtkWidget *label = gtk_label_new (ph_figure_panel_field_label (i));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      self->field_widgets[i] = ph_figure_panel_field_new (self, i);
      gtk_grid_attach (self->figure_grid, label, 0, figure_row, 1, 1);
      gtk_grid_attach (self->figure_grid, self->field_widgets[i], 1, figure_row, 1, 1);
      figure_row++;
    }

  for (guint bit = 0; bit < PH_N_STATUS; bit++)
    {
      GtkWidget *button = gtk_check_button_new_with_label (ph_status_label (1u << bit));

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
