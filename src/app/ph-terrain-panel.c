/* ph-terrain-panel.c: the Terrain tab: the selected feature's name, kind,
 * cover, line of sight and line width
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shows the feature the selection names (picked on the map in edit mode).
 * Each change is made on a copy of the feature and handed to the document
 * (ph_document_update_feature()), which checks that the file would still
 * load and makes it one undo step; a refused change says why under the
 * form and changes nothing. The kind offers only kinds of the same sort
 * (areas for an area, lines for a line), as the file format requires.
 */
#include "ph-terrain-panel.h"
#include "ph-form.h"

#include <adwaita.h>
#include <glib/gi18n.h>

struct _PhTerrainPanel
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkWidget *placeholder;
  GtkWidget *form;
  GtkWidget *id_label;
  GtkWidget *name_entry;
  GtkWidget *kind_dropdown;
  GtkWidget *cover_dropdown;
  GtkWidget *los_dropdown;
  GtkWidget *width_row;
  GtkWidget *width_spin;
  GtkWidget *error_label;

  GArray *kinds;            /* of PhTerrainKind: the dropdown's, in order */
  PhDocument *document;
  GSignalGroup *document_signals;
  GSignalGroup *selection_signals;
  char *error;
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (PhTerrainPanel, ph_terrain_panel, GTK_TYPE_WIDGET)

static const char *
cover_title (PhCover cover)
{
  switch (cover)
    {
    case PH_COVER_SOFT: return _("soft");
    case PH_COVER_HARD: return _("hard");
    case PH_COVER_OPEN:
    default:
      return _("none");
    }
}

static void
show_error (PhTerrainPanel *self,
            const char     *message)
{
  g_free (self->error);
  self->error = message != NULL ? g_strdup_printf (_("Not changed: %s"), message) : NULL;
  gtk_label_set_label (GTK_LABEL (self->error_label), self->error != NULL ? self->error : "");
  gtk_widget_set_visible (self->error_label, self->error != NULL);
}

static PhFeature *
selected (PhTerrainPanel *self)
{
  const char *id;

  if (self->document == NULL)
    return NULL;
  id = ph_selection_get_feature (ph_document_get_selection (self->document));
  return id != NULL ? ph_scenario_find_feature (ph_document_get_scenario (self->document), id)
                    : NULL;
}

/* Hands @edited (a changed copy of the selected feature, taken) over */
static void
commit (PhTerrainPanel *self,
        const char     *format,
        PhFeature      *edited)
{
  g_autoptr(PhFeature) owned = edited;
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  PhFeature *feature = selected (self);

  if (self->updating || feature == NULL)
    return;
  label = g_strdup_printf (format, ph_feature_display_name (feature));
  if (!ph_document_update_feature (self->document, label, owned, &error))
    {
      show_error (self, error->message);
      return;
    }
  show_error (self, NULL);
}

/* Gives @dropdown these strings, replacing its model only when they
 * differ: a drop-down whose model is replaced while it reports its own
 * change warns, and the panel refreshes from inside such reports. */
static void
set_strings (GtkWidget         *dropdown,
             const char *const *items)
{
  GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (dropdown));
  guint n = g_strv_length ((char **) items);
  gboolean same = model != NULL && g_list_model_get_n_items (model) == n;

  for (guint i = 0; same && i < n; i++)
    same = g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), items[i]) == 0;
  if (!same)
    {
      g_autoptr(GtkStringList) list = gtk_string_list_new (items);

      gtk_drop_down_set_model (GTK_DROP_DOWN (dropdown), G_LIST_MODEL (list));
    }
}

static void
refresh (PhTerrainPanel *self)
{
  PhFeature *feature = selected (self);
  g_autoptr(GPtrArray) kind_names = g_ptr_array_new ();
  guint position = 0;

  self->updating = TRUE;
  gtk_widget_set_visible (self->placeholder, feature == NULL);
  gtk_widget_set_visible (self->form, feature != NULL);
  if (feature != NULL)
    {
      gboolean linear = ph_terrain_kind_is_linear (feature->kind);
      g_autofree char *cover_default = g_strdup_printf (_("As the kind (%s)"),
                                                        cover_title (ph_terrain_kind_cover (feature->kind)));
      g_autofree char *los_default = g_strdup_printf (_("As the kind (%s)"),
                                                      ph_terrain_kind_blocks_los (feature->kind)
                                                      ? _("blocks") : C_("line of sight", "clear"));
      const char *cover_items[] = { cover_default, _("None"), _("Soft"), _("Hard"), NULL };
      const char *los_items[] = { los_default, _("Blocks"), _("Clear"), NULL };

      gtk_label_set_label (GTK_LABEL (self->id_label), feature->id);
      if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->name_entry)),
                     feature->name ? feature->name : "") != 0)
        gtk_editable_set_text (GTK_EDITABLE (self->name_entry), feature->name ? feature->name : "");

      g_array_set_size (self->kinds, 0);
      for (int k = 0; k < PH_N_TERRAIN_KINDS; k++)
        if (ph_terrain_kind_is_linear (k) == linear)
          {
            if ((PhTerrainKind) k == feature->kind)
              position = self->kinds->len;
            g_array_append_val (self->kinds, k);
            g_ptr_array_add (kind_names, (gpointer) ph_terrain_kind_title (k));
          }
      g_ptr_array_add (kind_names, NULL);
      set_strings (self->kind_dropdown, (const char * const *) kind_names->pdata);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->kind_dropdown), position);
      set_strings (self->cover_dropdown, cover_items);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->cover_dropdown),
                                  feature->cover < 0 ? 0 : feature->cover + 1);
      set_strings (self->los_dropdown, los_items);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->los_dropdown),
                                  feature->blocks_los < 0 ? 0 : feature->blocks_los ? 1 : 2);
      gtk_widget_set_visible (self->width_row, feature->shape.kind == PH_SHAPE_POLYLINE);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->width_spin), feature->shape.line_width);
    }
  self->updating = FALSE;
}

static void
on_name_activate (PhTerrainPanel *self)
{
  PhFeature *feature = selected (self);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->name_entry));
  PhFeature *edited;

  if (self->updating || feature == NULL || g_strcmp0 (text, feature->name ? feature->name : "") == 0)
    return;
  edited = ph_feature_copy (feature);
  g_free (edited->name);
  edited->name = *text ? g_strdup (text) : NULL;
  commit (self, _("Rename %s"), edited);
}

static void
on_name_focus_leave (PhTerrainPanel *self)
{
  on_name_activate (self);
}

static void
on_kind_selected (PhTerrainPanel *self)
{
  PhFeature *feature = selected (self);
  guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->kind_dropdown));
  PhFeature *edited;

  if (self->updating || feature == NULL || i >= self->kinds->len
      || g_array_index (self->kinds, PhTerrainKind, i) == feature->kind)
    return;
  edited = ph_feature_copy (feature);
  edited->kind = g_array_index (self->kinds, PhTerrainKind, i);
  commit (self, _("Change the Kind of %s"), edited);
}

static void
on_cover_selected (PhTerrainPanel *self)
{
  PhFeature *feature = selected (self);
  int cover = (int) gtk_drop_down_get_selected (GTK_DROP_DOWN (self->cover_dropdown)) - 1;
  PhFeature *edited;

  if (self->updating || feature == NULL || cover == feature->cover
      || cover < -1 || cover > PH_COVER_HARD)
    return;
  edited = ph_feature_copy (feature);
  edited->cover = cover;
  commit (self, _("Change the Cover of %s"), edited);
}

static void
on_los_selected (PhTerrainPanel *self)
{
  PhFeature *feature = selected (self);
  guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->los_dropdown));
  int blocks = i == 0 ? -1 : i == 1 ? 1 : 0;
  PhFeature *edited;

  if (self->updating || feature == NULL || i > 2 || blocks == feature->blocks_los)
    return;
  edited = ph_feature_copy (feature);
  edited->blocks_los = blocks;
  commit (self, _("Change the Line of Sight of %s"), edited);
}

static void
on_width_changed (PhTerrainPanel *self)
{
  PhFeature *feature = selected (self);
  double width = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->width_spin));
  PhFeature *edited;

  if (self->updating || feature == NULL || feature->shape.kind != PH_SHAPE_POLYLINE
      || width == feature->shape.line_width)
    return;
  edited = ph_feature_copy (feature);
  edited->shape.line_width = width;
  commit (self, _("Change the Width of %s"), edited);
}

static void
on_document_changed (PhTerrainPanel *self,
                     guint           what)
{
  if (what & (PH_DOCUMENT_CHANGE_TERRAIN | PH_DOCUMENT_CHANGE_SCENARIO))
    refresh (self);
}

void
ph_terrain_panel_set_document (PhTerrainPanel *self,
                               PhDocument     *document)
{
  g_return_if_fail (PH_IS_TERRAIN_PANEL (self));

  if (self->document == document)
    return;
  g_set_object (&self->document, document);
  g_signal_group_set_target (self->document_signals, document);
  g_signal_group_set_target (self->selection_signals,
                             document != NULL ? ph_document_get_selection (document) : NULL);
  show_error (self, NULL);
  refresh (self);
}

const char *
ph_terrain_panel_get_error (PhTerrainPanel *self)
{
  g_return_val_if_fail (PH_IS_TERRAIN_PANEL (self), NULL);
  return self->error;
}

static GtkWidget *
action_button (const char *label,
               const char *action,
               const char *tooltip)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_set_hexpand (button, TRUE);
  return button;
}

static void
ph_terrain_panel_dispose (GObject *object)
{
  PhTerrainPanel *self = PH_TERRAIN_PANEL (object);

  g_clear_object (&self->document_signals);
  g_clear_object (&self->selection_signals);
  g_clear_object (&self->document);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (ph_terrain_panel_parent_class)->dispose (object);
}

static void
ph_terrain_panel_finalize (GObject *object)
{
  PhTerrainPanel *self = PH_TERRAIN_PANEL (object);

  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->kinds, g_array_unref);

  G_OBJECT_CLASS (ph_terrain_panel_parent_class)->finalize (object);
}

static void
ph_terrain_panel_class_init (PhTerrainPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ph_terrain_panel_dispose;
  object_class->finalize = ph_terrain_panel_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
ph_terrain_panel_init (PhTerrainPanel *self)
{
  GtkWidget *buttons, *more;
  GtkEventController *focus;

  self->kinds = g_array_new (FALSE, FALSE, sizeof (PhTerrainKind));
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  gtk_widget_set_margin_top (self->box, 12);
  gtk_widget_set_margin_bottom (self->box, 12);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->placeholder = adw_status_page_new ();
  adw_status_page_set_icon_name (ADW_STATUS_PAGE (self->placeholder), "document-edit-symbolic");
  adw_status_page_set_title (ADW_STATUS_PAGE (self->placeholder), _("No Terrain Picked"));
  /* (markup: no & or <) */
  adw_status_page_set_description (ADW_STATUS_PAGE (self->placeholder),
                                   _("In Edit Table (Ctrl+E), click a wood, a wall or any "
                                     "other terrain on the map to change it here, or draw new "
                                     "terrain with the shapes above the map."));
  gtk_widget_add_css_class (self->placeholder, "compact");
  gtk_box_append (GTK_BOX (self->box), self->placeholder);

  self->form = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_box_append (GTK_BOX (self->box), self->form);

  self->id_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->id_label), 0);
  gtk_label_set_selectable (GTK_LABEL (self->id_label), TRUE);
  gtk_box_append (GTK_BOX (self->form), ph_form_row (_("Id"), self->id_label));

  self->name_entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->name_entry), _("No name"));
  g_signal_connect_swapped (self->name_entry, "activate", G_CALLBACK (on_name_activate), self);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_name_focus_leave), self);
  gtk_widget_add_controller (self->name_entry, focus);
  gtk_box_append (GTK_BOX (self->form), ph_form_row (_("_Name"), self->name_entry));

  self->kind_dropdown = gtk_drop_down_new (NULL, NULL);
  g_signal_connect_swapped (self->kind_dropdown, "notify::selected",
                            G_CALLBACK (on_kind_selected), self);
  gtk_box_append (GTK_BOX (self->form), ph_form_row (_("_Kind"), self->kind_dropdown));

  self->cover_dropdown = gtk_drop_down_new (NULL, NULL);
  g_signal_connect_swapped (self->cover_dropdown, "notify::selected",
                            G_CALLBACK (on_cover_selected), self);
  gtk_box_append (GTK_BOX (self->form), ph_form_row (_("Co_ver"), self->cover_dropdown));

  self->los_dropdown = gtk_drop_down_new (NULL, NULL);
  g_signal_connect_swapped (self->los_dropdown, "notify::selected",
                            G_CALLBACK (on_los_selected), self);
  gtk_box_append (GTK_BOX (self->form), ph_form_row (_("_Sight"), self->los_dropdown));

  self->width_spin = gtk_spin_button_new_with_range (0.05, 20, 0.05);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->width_spin), 2);
  g_signal_connect_swapped (self->width_spin, "value-changed", G_CALLBACK (on_width_changed), self);
  self->width_row = ph_form_row (_("Line _width"), self->width_spin);
  gtk_box_append (GTK_BOX (self->form), self->width_row);

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_top (buttons, 6);
  gtk_box_append (GTK_BOX (buttons), action_button (_("Raise"), "win.raise-feature",
                                                    _("Draw it over the terrain above it")));
  gtk_box_append (GTK_BOX (buttons), action_button (_("Lower"), "win.lower-feature",
                                                    _("Draw it under the terrain below it")));
  gtk_box_append (GTK_BOX (self->form), buttons);
  more = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (more), action_button (_("Duplicate"), "win.duplicate",
                                                 _("A copy beside it (Ctrl+D)")));
  gtk_box_append (GTK_BOX (more), action_button (_("Delete"), "win.delete",
                                                 _("Take it off the table (Delete)")));
  gtk_box_append (GTK_BOX (self->form), more);

  self->error_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->error_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->error_label), 0);
  gtk_widget_add_css_class (self->error_label, "error");
  gtk_widget_set_visible (self->error_label, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->error_label);

  self->document_signals = g_signal_group_new (PH_TYPE_DOCUMENT);
  g_signal_group_connect_swapped (self->document_signals, "changed",
                                  G_CALLBACK (on_document_changed), self);
  self->selection_signals = g_signal_group_new (PH_TYPE_SELECTION);
  g_signal_group_connect_swapped (self->selection_signals, "notify::feature",
                                  G_CALLBACK (refresh), self);
  refresh (self);
}

GtkWidget *
ph_terrain_panel_new (void)
{
  return g_object_new (PH_TYPE_TERRAIN_PANEL, NULL);
}
