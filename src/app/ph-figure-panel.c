/* ph-figure-panel.c: the inspector: edit the selected figure
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every control is described by a Field: what it edits in a PhFigure and
 * how. An edit makes a copy of the figure with the new value, has the
 * document check it as the loader would, and hands it to the document as
 * one undoable command; a refused edit shows why and leaves the figure as
 * it was.
 */
#include "ph-figure-panel.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stddef.h>

#include "ph-figure-attr.h"
#include "ph-ruleset.h"
#include "ph-stats.h"
#include "ph-stats-form.h"

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
} Field;

#define ENUM_NAME(fn, type) \
  static const char *fn##_int (int v) { return fn ((type) v); }
ENUM_NAME (ph_troop_to_string, PhTroop)
ENUM_NAME (ph_stance_to_string, PhStance)
ENUM_NAME (ph_base_shape_to_string, PhBaseShape)
#undef ENUM_NAME

#define FIG(member) offsetof (PhFigure, member)

static const Field fields[] = {
  { N_("Name"), FIELD_STRING, FIG (name), .optional = TRUE },
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

struct _PhFigurePanel
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkWidget *content;
  GtkWidget *placeholder_label;
  GtkWidget *editor_box;
  GtkLabel *id_label;
  GtkLabel *error_label;
  GtkGrid *figure_grid;
  GtkFlowBox *status_flow;
  GtkWidget *weapons_box;
  GtkDropDown *add_weapon_dropdown;
  GtkLabel *stats_title;
  PhStatsForm *stats_form;

  GtkWidget *field_widgets[G_N_ELEMENTS (fields)];
  GtkWidget *status_buttons[PH_N_STATUS];
  GtkStringList *sides_model;

  PhDocument *document;
  PhScenario *scenario;   /* whose sides the side list holds */
  PhFigure *figure;
  char *error;
  gboolean updating;
  guint rebuild_weapons_id;
};

G_DEFINE_FINAL_TYPE (PhFigurePanel, ph_figure_panel, GTK_TYPE_WIDGET)

static gpointer
field_ptr (PhFigure    *figure,
           const Field *field)
{
  return (guint8 *) figure + field->offset;
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

/* Checks the edited copy and hands it to the document; takes @edited. */
static void
commit (PhFigurePanel *self,
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

/* Field edits */

static void
on_field_changed (PhFigurePanel *self,
                  GtkWidget     *widget)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "ph-field"));
  const Field *field = &fields[index];
  PhFigure *edited;
  gpointer ptr;

  if (self->updating || self->figure == NULL)
    return;

  edited = ph_figure_copy (self->figure);
  ptr = field_ptr (edited, field);

  switch (field->type)
    {
    case FIELD_STRING:
      {
        const char *text = gtk_editable_get_text (GTK_EDITABLE (widget));
        char **s = ptr;

        if (g_strcmp0 (*s ? *s : "", text) == 0)
          {
            ph_figure_free (edited);
            return;
          }
        g_free (*s);
        *s = (*text == '\0' && field->optional) ? NULL : g_strdup (text);
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
      *(int *) ptr = (int) gtk_drop_down_get_selected (GTK_DROP_DOWN (widget));
      break;
    case FIELD_SIDE:
      {
        guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (widget));
        char **s = ptr;

        if (self->scenario == NULL || selected >= self->scenario->sides->len)
          {
            ph_figure_free (edited);
            return;
          }
        g_free (*s);
        *s = g_strdup (((PhSide *) g_ptr_array_index (self->scenario->sides, selected))->id);
      }
      break;
    default:
      g_assert_not_reached ();
    }

  if (field->offset == offsetof (PhFigure, base_width))
    edited->base_depth = edited->base_width;

  commit (self, edited, _(field->label));
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

  switch (field->type)
    {
    case FIELD_STRING:
      {
        const char *s = *(char **) ptr;
        gtk_editable_set_text (GTK_EDITABLE (widget), s ? s : "");
        if (field->offset == offsetof (PhFigure, name))
          gtk_entry_set_placeholder_text (GTK_ENTRY (widget), self->figure->id);
      }
      break;
    case FIELD_INT:
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), *(int *) ptr);
      break;
    case FIELD_DOUBLE:
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), *(double *) ptr);
      break;
    case FIELD_BOOL:
      gtk_check_button_set_active (GTK_CHECK_BUTTON (widget), *(gboolean *) ptr);
      break;
    case FIELD_ENUM:
      gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), (guint) *(int *) ptr);
      break;
    case FIELD_SIDE:
      {
        const char *side = *(char **) ptr;
        guint found = GTK_INVALID_LIST_POSITION;

        for (guint i = 0; self->scenario && i < self->scenario->sides->len; i++)
          if (g_strcmp0 (((PhSide *) g_ptr_array_index (self->scenario->sides, i))->id, side) == 0)
            found = i;
        gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), found);
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
static void
on_stats_form_edited (PhStatsForm   *form,
                      const char    *attr,
                      const char    *value,
                      const char    *label,
                      PhFigurePanel *self)
{
  g_autoptr(GError) error = NULL;
  PhFigure *edited;

  if (self->updating || self->figure == NULL || self->scenario == NULL)
    return;
  edited = ph_figure_copy (self->figure);
  if (!ph_figure_set_attr (self->scenario, edited, attr, value, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Not changed: %s"), error->message);

      ph_figure_free (edited);
      refresh (self);
      show_error (self, message);
      return;
    }
  commit (self, edited, label);
}

/* Status markers */

static void
on_status_toggled (PhFigurePanel  *self,
                   GtkCheckButton *button)
{
  guint flag = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ph-status"));
  PhFigure *edited;

  if (self->updating || self->figure == NULL)
    return;

  edited = ph_figure_copy (self->figure);
  if (gtk_check_button_get_active (button))
    edited->status |= flag;
  else
    edited->status &= ~flag;
  commit (self, edited, ph_status_to_string (flag));
}

/* Weapons */

static void
on_weapon_loaded_toggled (PhFigurePanel  *self,
                          GtkCheckButton *button)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ph-weapon"));
  PhFigure *edited;

  if (self->updating || self->figure == NULL || index >= self->figure->weapons->len)
    return;
  edited = ph_figure_copy (self->figure);
  g_array_index (edited->weapons, PhWeapon, index).loaded = gtk_check_button_get_active (button);
  commit (self, edited, _("weapon"));
}

static void
on_weapon_band_changed (PhFigurePanel *self,
                        GtkSpinButton *spin)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "ph-weapon"));
  guint band = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "ph-band"));
  PhFigure *edited;
  PhWeapon *weapon;
  double value = gtk_spin_button_get_value (spin);

  if (self->updating || self->figure == NULL || index >= self->figure->weapons->len)
    return;
  edited = ph_figure_copy (self->figure);
  weapon = &g_array_index (edited->weapons, PhWeapon, index);
  weapon->has_bands = TRUE;
  if (band == 0)
    weapon->range_short = value;
  else if (band == 1)
    weapon->range_medium = value;
  else
    weapon->range_long = value;
  commit (self, edited, _("range bands"));
}

static void
on_weapon_remove_clicked (PhFigurePanel *self,
                          GtkButton     *button)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ph-weapon"));
  PhFigure *edited;

  if (self->figure == NULL || index >= self->figure->weapons->len)
    return;
  edited = ph_figure_copy (self->figure);
  g_array_remove_index (edited->weapons, index);
  commit (self, edited, _("weapons"));
}

static void
on_add_weapon_button_clicked (PhFigurePanel *self,
                              GtkButton     *button)
{
  guint kind = gtk_drop_down_get_selected (self->add_weapon_dropdown);
  PhFigure *edited;
  PhWeapon weapon = { 0 };

  if (self->figure == NULL || kind >= PH_N_WEAPON_KINDS)
    return;

  edited = ph_figure_copy (self->figure);
  if (self->scenario != NULL)
    ph_ruleset_init_weapon (self->scenario->ruleset, kind, &weapon);
  else
    {
      weapon.kind = kind;
      weapon.loaded = TRUE;
    }
  g_array_append_val (edited->weapons, weapon);
  commit (self, edited, _("weapons"));
}

static GtkWidget *
band_spin_new (PhFigurePanel *self,
               guint          index,
               guint          band,
               double         value)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (0, 10000, 5);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 4);
  g_object_set_data (G_OBJECT (spin), "ph-weapon", GUINT_TO_POINTER (index));
  g_object_set_data (G_OBJECT (spin), "ph-band", GUINT_TO_POINTER (band));
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (on_weapon_band_changed), self);
  return spin;
}

static void
rebuild_weapons (PhFigurePanel *self)
{
  GtkWidget *child;
  gboolean bands = self->scenario && ph_ruleset_get (self->scenario->ruleset)->weapon_bands;

  while ((child = gtk_widget_get_first_child (self->weapons_box)))
    gtk_box_remove (GTK_BOX (self->weapons_box), child);

  for (guint i = 0; i < self->figure->weapons->len; i++)
    {
      const PhWeapon *weapon = &g_array_index (self->figure->weapons, PhWeapon, i);
      gboolean missile = ph_weapon_kind_is_missile (weapon->kind);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label, *button;
      g_autofree char *text = NULL;

      text = weapon->name
             ? g_strdup_printf ("%s (%s)", weapon->name, ph_weapon_kind_to_string (weapon->kind))
             : g_strdup (ph_weapon_kind_to_string (weapon->kind));
      label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_box_append (GTK_BOX (line), label);

      if (missile)
        {
          button = gtk_check_button_new_with_label (_("loaded"));
          gtk_check_button_set_active (GTK_CHECK_BUTTON (button), weapon->loaded);
          g_object_set_data (G_OBJECT (button), "ph-weapon", GUINT_TO_POINTER (i));
          g_signal_connect_swapped (button, "toggled", G_CALLBACK (on_weapon_loaded_toggled), self);
          gtk_box_append (GTK_BOX (line), button);
        }

      button = gtk_button_new_from_icon_name ("user-trash-symbolic");
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, _("Remove this weapon"));
      g_object_set_data (G_OBJECT (button), "ph-weapon", GUINT_TO_POINTER (i));
      g_signal_connect_swapped (button, "clicked", G_CALLBACK (on_weapon_remove_clicked), self);
      gtk_box_append (GTK_BOX (line), button);
      gtk_box_append (GTK_BOX (row), line);

      if (bands && missile)
        {
          /* One line a band keeps the panel narrow. */
          static const char *names[] = { N_("Short"), N_("Medium"), N_("Long") };
          double values[] = { weapon->range_short, weapon->range_medium, weapon->range_long };
          GtkWidget *grid = gtk_grid_new ();

          gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
          gtk_grid_set_column_spacing (GTK_GRID (grid), 10);
          gtk_widget_set_margin_start (grid, 12);
          for (guint band = 0; band < 3; band++)
            {
              g_autofree char *text_band = g_strdup_printf (_("%s (paces)"), _(names[band]));

              label = gtk_label_new (text_band);
              gtk_label_set_xalign (GTK_LABEL (label), 0);
              gtk_widget_add_css_class (label, "dim-label");
              gtk_grid_attach (GTK_GRID (grid), label, 0, band, 1, 1);
              gtk_grid_attach (GTK_GRID (grid), band_spin_new (self, i, band, values[band]), 1, band, 1, 1);
            }
          gtk_box_append (GTK_BOX (row), grid);
        }
      gtk_box_append (GTK_BOX (self->weapons_box), row);
    }

  if (self->figure->weapons->len == 0)
    {
      GtkWidget *label = gtk_label_new (_("No weapons"));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (self->weapons_box), label);
    }
}

/* The weapon rows are rebuilt from an idle: the edit that asks for it may
 * come from a button of a row about to go. */
static gboolean
rebuild_weapons_idle (gpointer data)
{
  PhFigurePanel *self = data;

  self->rebuild_weapons_id = 0;
  if (self->figure)
    {
      self->updating = TRUE;
      rebuild_weapons (self);
      self->updating = FALSE;
    }
  return G_SOURCE_REMOVE;
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

  id = g_strdup_printf (_("Figure “%s”"), self->figure->id);
  gtk_label_set_label (self->id_label, id);

  for (guint i = 0; i < N_FIELDS; i++)
    field_widget_read (self, i);
  ph_stats_form_set_figure (self->stats_form, self->figure);

  for (guint bit = 0; bit < PH_N_STATUS; bit++)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (self->status_buttons[bit]),
                                 (self->figure->status & (1u << bit)) != 0);

  gtk_label_set_label (self->stats_title, self->scenario != NULL
                       ? ph_ruleset_get (self->scenario->ruleset)->short_title : "");
  gtk_widget_set_visible (GTK_WIDGET (self->stats_title), self->figure->stats_kind != PH_STATS_NONE);
  gtk_widget_set_visible (GTK_WIDGET (self->stats_form), self->figure->stats_kind != PH_STATS_NONE);

  if (self->rebuild_weapons_id == 0)
    self->rebuild_weapons_id = g_idle_add (rebuild_weapons_idle, self);

  self->updating = FALSE;
}

void
ph_figure_panel_set_figure (PhFigurePanel *self,
                            PhDocument    *document,
                            PhFigure      *figure)
{
  PhScenario *scenario;

  g_return_if_fail (PH_IS_FIGURE_PANEL (self));

  if (self->figure != figure)
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
  self->figure = document ? figure : NULL;
  refresh (self);
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

  g_clear_handle_id (&self->rebuild_weapons_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), PH_TYPE_FIGURE_PANEL);
  /* Children of the template that no field holds */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self)));)
    gtk_widget_unparent (child);
  self->figure = NULL;
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
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, add_weapon_dropdown);
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, stats_title);
  gtk_widget_class_bind_template_child (widget_class, PhFigurePanel, stats_form);
  gtk_widget_class_bind_template_callback (widget_class, on_stats_form_edited);
  gtk_widget_class_bind_template_callback (widget_class, on_add_weapon_button_clicked);
}

static void
ph_figure_panel_init (PhFigurePanel *self)
{
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  int figure_row = 0;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->sides_model = gtk_string_list_new (NULL);

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

  for (int k = 0; k < PH_N_WEAPON_KINDS; k++)
    gtk_string_list_append (kinds, ph_weapon_kind_to_string (k));
  gtk_drop_down_set_model (self->add_weapon_dropdown, G_LIST_MODEL (kinds));
  gtk_drop_down_set_expression (self->add_weapon_dropdown,
                                gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string"));

  refresh (self);
}

GtkWidget *
ph_figure_panel_new (void)
{
  return g_object_new (PH_TYPE_FIGURE_PANEL, NULL);
}
