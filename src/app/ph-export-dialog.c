/* ph-export-dialog.c: Export Map Image's options
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The options of `powderhorn-cli render`, for the figures the window has
 * picked: the scale (--px-per-unit; True Scale sets 72 points an inch, so
 * that a PDF or SVG prints the table at its size), and the selected
 * figure's range rings with their weapon and arc (--rings, --weapon,
 * --arc), what he can see and shoot (--los), the line of sight to his
 * target (--target), his threat map (--threat) and the selection
 * (--select). What the window shows is what the dialog starts with. The
 * format is the file's, chosen next (ph-window-export.c).
 */
#include "ph-export-dialog.h"

#include <glib/gi18n.h>

/* PhMapExport */

PhMapExport *
ph_map_export_copy (const PhMapExport *export)
{
  PhMapExport *copy = g_new (PhMapExport, 1);

  *copy = *export;
  copy->figure = g_strdup (export->figure);
  copy->target = g_strdup (export->target);
  copy->selected = g_strdupv (export->selected);
  return copy;
}

void
ph_map_export_free (PhMapExport *export)
{
  if (export == NULL)
    return;
  g_free (export->figure);
  g_free (export->target);
  g_strfreev (export->selected);
  g_free (export);
}

void
ph_map_export_get_render_options (const PhMapExport *export,
                                  PhRenderOptions   *opts)
{
  const char *figure = export->figure;

  ph_render_options_init (opts);
  if (figure != NULL && export->rings)
    {
      opts->rings_figure = figure;
      opts->rings_has_weapon = export->has_weapon;
      opts->rings_weapon = export->weapon;
      opts->show_arc = export->arc;
      opts->rings_target_mounted = export->target_mounted;
    }
  if (figure != NULL && export->shade)
    opts->shade_figure = figure;
  if (figure != NULL && export->target != NULL && export->line)
    {
      opts->los_from = figure;
      opts->los_to = export->target;
    }
  if (figure != NULL && export->threat)
    opts->threat_figure = figure;
  if (export->highlight)
    opts->selected = (const char * const *) export->selected;
}

/* The dialog */

struct _PhExportDialog
{
  GtkWindow parent_instance;

  GtkSpinButton *scale_spin;
  GtkLabel *scale_unit_label;
  GtkLabel *size_label;
  GtkWidget *figure_hint;
  GtkCheckButton *rings_check;
  GtkWidget *rings_box;
  GtkDropDown *weapon_dropdown;
  GtkCheckButton *arc_check;
  GtkCheckButton *shade_check;
  GtkCheckButton *line_check;
  GtkCheckButton *threat_check;
  GtkCheckButton *highlight_check;

  PhTable table;
  PhMapExport *initial;
  PhScenario *scenario;
  GArray *weapons;        /* of PhWeaponKind: the figure's missile weapons, as listed */
};

G_DEFINE_FINAL_TYPE (PhExportDialog, ph_export_dialog, GTK_TYPE_WINDOW)

enum { EXPORT, N_SIGNALS };
static guint signals[N_SIGNALS];

static GtkCheckButton *
overlay_check (PhExportDialog     *self,
               PhMapExportOverlay  overlay)
{
  switch (overlay)
    {
    case PH_MAP_EXPORT_RINGS:     return self->rings_check;
    case PH_MAP_EXPORT_ARC:       return self->arc_check;
    case PH_MAP_EXPORT_SHADE:     return self->shade_check;
    case PH_MAP_EXPORT_LINE:      return self->line_check;
    case PH_MAP_EXPORT_THREAT:    return self->threat_check;
    case PH_MAP_EXPORT_HIGHLIGHT: return self->highlight_check;
    case PH_MAP_EXPORT_N_OVERLAYS:
    default:                      break;
    }
  g_return_val_if_reached (NULL);
}

static void
update_size (PhExportDialog *self)
{
  double scale = gtk_spin_button_get_value (self->scale_spin);
  g_autofree char *text = NULL;
  PhRenderOptions opts;
  PhRenderView view;
  int width, height;

  if (self->scenario == NULL)
    return;
  /* the threat map's legend adds a band below the table */
  ph_render_options_init (&opts);
  if (self->initial->figure != NULL && gtk_check_button_get_active (self->threat_check)
      && gtk_widget_get_sensitive (GTK_WIDGET (self->threat_check)))
    opts.threat_figure = self->initial->figure;
  ph_render_export_size (self->scenario, scale, &opts, &width, &height, &view);
  /* Translators: the size of the exported image; a PDF or SVG counts in
   * points, 72 an inch */
  if (self->table.unit == PH_UNIT_CM)
    text = g_strdup_printf (_("%d × %d pixels; a PDF or SVG page of %.1f × %.1f cm"),
                            width, height, width / 72.0 * 2.54, height / 72.0 * 2.54);
  else
    text = g_strdup_printf (_("%d × %d pixels; a PDF or SVG page of %.1f × %.1f in"),
                            width, height, width / 72.0, height / 72.0);
  gtk_label_set_label (self->size_label, text);
}

static void
on_scale_changed (PhExportDialog *self)
{
  update_size (self);
}

static void
on_true_scale_clicked (PhExportDialog *self)
{
  /* 72 points an inch, 72 / 2.54 a centimetre */
  gtk_spin_button_set_value (self->scale_spin,
                             self->table.unit == PH_UNIT_CM ? 72.0 / 2.54 : 72.0);
}

static void
on_overlay_toggled (PhExportDialog *self)
{
  gtk_widget_set_sensitive (self->rings_box,
                            gtk_widget_get_sensitive (GTK_WIDGET (self->rings_check))
                            && gtk_check_button_get_active (self->rings_check));
  if (self->scenario != NULL)
    update_size (self);
}

static void
on_export_clicked (PhExportDialog *self)
{
  ph_export_dialog_export (self);
}

static void
ph_export_dialog_finalize (GObject *object)
{
  PhExportDialog *self = PH_EXPORT_DIALOG (object);

  ph_map_export_free (self->initial);
  g_clear_pointer (&self->weapons, g_array_unref);
  g_clear_pointer (&self->scenario, ph_scenario_unref);

  G_OBJECT_CLASS (ph_export_dialog_parent_class)->finalize (object);
}

static void
ph_export_dialog_class_init (PhExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = ph_export_dialog_finalize;

  /**
   * PhExportDialog::export:
   *
   * The user goes on: ph_export_dialog_get_export() says with what.
   */
  signals[EXPORT] =
    g_signal_new ("export",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/powderhorn/Powderhorn/ph-export-dialog.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, PhExportDialog, name)
  BIND (scale_spin);
  BIND (scale_unit_label);
  BIND (size_label);
  BIND (figure_hint);
  BIND (rings_check);
  BIND (rings_box);
  BIND (weapon_dropdown);
  BIND (arc_check);
  BIND (shade_check);
  BIND (line_check);
  BIND (threat_check);
  BIND (highlight_check);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, on_scale_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_true_scale_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_overlay_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_export_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ph_export_dialog_init (PhExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->weapons = g_array_new (FALSE, FALSE, sizeof (PhWeaponKind));
}

/* A check button with its label, off and insensitive when what it shows is
 * not @available (no figure selected, no target) */
static void
set_check (GtkCheckButton *check,
           const char     *label,
           gboolean        available,
           gboolean        active)
{
  gtk_check_button_set_label (check, label);
  gtk_check_button_set_use_underline (check, TRUE);
  gtk_widget_set_sensitive (GTK_WIDGET (check), available);
  gtk_check_button_set_active (check, available && active);
}

PhExportDialog *
ph_export_dialog_new (GtkWindow         *parent,
                      const PhScenario  *scenario,
                      const PhMapExport *initial)
{
  PhExportDialog *self = g_object_new (PH_TYPE_EXPORT_DIALOG, NULL);
  const PhFigure *figure = NULL, *target = NULL;
  g_autoptr(GtkStringList) weapon_names = gtk_string_list_new (NULL);
  g_autofree char *rings = NULL, *shade = NULL, *line = NULL, *threat = NULL;
  const char *name;
  guint weapon_index = 0;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (initial != NULL, NULL);

  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (self), parent);
  self->table = scenario->table;
  /* (a copy: the legend's size, by the table as it was asked for) */
  self->scenario = ph_scenario_copy (scenario);
  self->initial = ph_map_export_copy (initial);
  if (initial->figure != NULL)
    figure = ph_scenario_find_figure (scenario, initial->figure);
  if (figure != NULL && initial->target != NULL)
    target = ph_scenario_find_figure (scenario, initial->target);

  gtk_label_set_label (self->scale_unit_label,
                       scenario->table.unit == PH_UNIT_CM ? _("pixels per cm")
                                                          : _("pixels per inch"));
  gtk_spin_button_set_value (self->scale_spin, initial->scale);
  update_size (self);

  /* the figure's missile weapons, his first (the default) first */
  if (figure != NULL)
    for (guint i = 0; i < figure->weapons->len; i++)
      {
        const PhWeapon *weapon = &g_array_index (figure->weapons, PhWeapon, i);

        if (!ph_weapon_kind_is_missile (weapon->kind))
          continue;
        if (initial->has_weapon && weapon->kind == initial->weapon)
          weapon_index = self->weapons->len;
        g_array_append_val (self->weapons, weapon->kind);
        gtk_string_list_append (weapon_names, ph_weapon_kind_to_string (weapon->kind));
      }
  gtk_drop_down_set_model (self->weapon_dropdown, G_LIST_MODEL (weapon_names));
  gtk_drop_down_set_selected (self->weapon_dropdown, weapon_index);

  name = figure != NULL ? ph_figure_display_name (figure) : NULL;
  gtk_widget_set_visible (self->figure_hint, figure == NULL);
  if (figure != NULL)
    {
      rings = g_strdup_printf (_("_Range rings of %s"), name);
      shade = g_strdup_printf (_("What %s can _see and shoot"), name);
      threat = g_strdup_printf (_("_Threat to %s: where enemies could hit him"), name);
    }
  if (target != NULL)
    line = g_strdup_printf (_("_Line of sight to %s"), ph_figure_display_name (target));
  set_check (self->rings_check, rings ? rings : _("_Range rings"),
             figure != NULL && self->weapons->len > 0, initial->rings);
  gtk_check_button_set_active (self->arc_check, initial->arc);
  set_check (self->shade_check, shade ? shade : _("What he can _see and shoot"),
             figure != NULL, initial->shade);
  set_check (self->line_check, line ? line : _("_Line of sight to the target"),
             target != NULL, initial->line);
  set_check (self->threat_check, threat ? threat : _("_Threat map"),
             figure != NULL, initial->threat);
  gtk_widget_set_sensitive (GTK_WIDGET (self->highlight_check),
                            initial->selected != NULL && initial->selected[0] != NULL);
  gtk_check_button_set_active (self->highlight_check,
                               initial->highlight && initial->selected != NULL
                               && initial->selected[0] != NULL);
  on_overlay_toggled (self);
  return self;
}

PhMapExport *
ph_export_dialog_get_export (PhExportDialog *self)
{
  PhMapExport *export;
  guint weapon;

  g_return_val_if_fail (PH_IS_EXPORT_DIALOG (self), NULL);

  export = ph_map_export_copy (self->initial);
  export->scale = gtk_spin_button_get_value (self->scale_spin);
  export->rings = gtk_check_button_get_active (self->rings_check);
  weapon = gtk_drop_down_get_selected (self->weapon_dropdown);
  export->has_weapon = weapon < self->weapons->len;
  if (export->has_weapon)
    export->weapon = g_array_index (self->weapons, PhWeaponKind, weapon);
  export->arc = gtk_check_button_get_active (self->arc_check);
  export->shade = gtk_check_button_get_active (self->shade_check);
  export->line = gtk_check_button_get_active (self->line_check);
  export->threat = gtk_check_button_get_active (self->threat_check);
  export->highlight = gtk_check_button_get_active (self->highlight_check);
  return export;
}

void
ph_export_dialog_set_scale (PhExportDialog *self,
                            double          scale)
{
  g_return_if_fail (PH_IS_EXPORT_DIALOG (self));

  gtk_spin_button_set_value (self->scale_spin, scale);
}

void
ph_export_dialog_set_overlay (PhExportDialog     *self,
                              PhMapExportOverlay  overlay,
                              gboolean            shown)
{
  GtkCheckButton *check;

  g_return_if_fail (PH_IS_EXPORT_DIALOG (self));
  check = overlay_check (self, overlay);
  g_return_if_fail (check != NULL);

  /* as a click: nothing happens to an insensitive one */
  if (gtk_widget_is_sensitive (GTK_WIDGET (check)))
    gtk_check_button_set_active (check, shown);
}

gboolean
ph_export_dialog_get_overlay_sensitive (PhExportDialog     *self,
                                        PhMapExportOverlay  overlay)
{
  g_return_val_if_fail (PH_IS_EXPORT_DIALOG (self), FALSE);

  return gtk_widget_is_sensitive (GTK_WIDGET (overlay_check (self, overlay)));
}

const char *
ph_export_dialog_get_size_text (PhExportDialog *self)
{
  g_return_val_if_fail (PH_IS_EXPORT_DIALOG (self), NULL);

  return gtk_label_get_label (self->size_label);
}

void
ph_export_dialog_export (PhExportDialog *self)
{
  g_return_if_fail (PH_IS_EXPORT_DIALOG (self));

  /* the spin button's text, typed and not yet taken */
  gtk_spin_button_update (self->scale_spin);
  g_signal_emit (self, signals[EXPORT], 0);
  gtk_window_destroy (GTK_WINDOW (self));
}
