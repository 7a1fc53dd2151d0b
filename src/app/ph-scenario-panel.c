/* ph-scenario-panel.c: the Table tab: title, description, sides and the
 * ruleset's house rules
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every edit is made on a copy of the scenario and handed to the document
 * (ph_document_set_properties()), which checks that the file would still
 * load and makes it one undo step; a refused edit says why under the
 * form and changes nothing. A side with figures is deleted only after
 * asking, and its figures go with it in the same step. The house rules
 * are the ruleset's own (its descriptor lists them with what they take,
 * their default and what they change); an empty entry leaves the rule
 * at its default.
 */
#include "ph-scenario-panel.h"
#include "ph-form.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

struct _PhScenarioPanel
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkWidget *title_entry;
  GtkWidget *description_entry;
  GtkWidget *width_spin;
  GtkWidget *height_spin;
  GtkWidget *unit_label;
  GtkWidget *grid_dropdown;
  GtkWidget *grid_size_spin;
  GtkWidget *measure_dropdown;
  GtkWidget *background_label;
  GtkWidget *background_x_spin;
  GtkWidget *background_y_spin;
  GtkWidget *background_width_spin;
  GtkWidget *background_opacity_spin;
  GtkWidget *background_remove;
  GtkFileChooserNative *chooser;
  GtkWidget *sides_box;
  GtkWidget *options_box;
  GtkWidget *error_label;
  GtkWidget *add_side_button;

  PhDocument *document;
  gulong changed_handler;
  char *error;
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (PhScenarioPanel, ph_scenario_panel, GTK_TYPE_WIDGET)

/* Colours for new sides, after the format's red and blue */
static const guint32 side_colors[] = {
  0xb03a2e, 0x2e5fa8, 0x3a7d44, 0xd4a017, 0x6c3483, 0xe67e22, 0x5d6d7e,
};

static void refresh (PhScenarioPanel *self);

static void
show_error (PhScenarioPanel *self,
            const char      *message)
{
  g_free (self->error);
  self->error = message != NULL ? g_strdup_printf (_("Not changed: %s"), message) : NULL;
  gtk_label_set_label (GTK_LABEL (self->error_label), self->error != NULL ? self->error : "");
  gtk_widget_set_visible (self->error_label, self->error != NULL);
}

static PhScenario *
scenario_of (PhScenarioPanel *self)
{
  return self->document != NULL ? ph_document_get_scenario (self->document) : NULL;
}

/* Hands @edited (taken) to the document */
static void
commit (PhScenarioPanel *self,
        const char      *label,
        PhScenario      *edited)
{
  g_autoptr(PhScenario) owned = edited;
  g_autoptr(GError) error = NULL;

  if (!ph_document_set_properties (self->document, label, owned, &error))
    {
      refresh (self);
      show_error (self, error->message);
      return;
    }
  show_error (self, NULL);
}

/* A focus-leave controller that calls @callback on @entry */
static void
on_entry_focus_leave (GtkEventControllerFocus *controller,
                      gpointer                 user_data)
{
  GtkWidget *entry = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  g_signal_emit_by_name (entry, "activate");
}

static void
apply_on_leave (GtkWidget *entry)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_signal_connect (focus, "leave", G_CALLBACK (on_entry_focus_leave), NULL);
  gtk_widget_add_controller (entry, focus);
}

/* Title and description */

static void
on_title_activate (PhScenarioPanel *self,
                   GtkEntry        *entry)
{
  PhScenario *scenario = scenario_of (self);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  PhScenario *edited;

  if (self->updating || scenario == NULL || g_strcmp0 (text, scenario->title) == 0)
    return;
  edited = ph_scenario_copy (scenario);
  g_free (edited->title);
  edited->title = g_strdup (text);
  commit (self, _("Edit Title"), edited);
}

static void
on_description_activate (PhScenarioPanel *self,
                         GtkEntry        *entry)
{
  PhScenario *scenario = scenario_of (self);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  PhScenario *edited;

  if (self->updating || scenario == NULL
      || g_strcmp0 (text, scenario->description != NULL ? scenario->description : "") == 0)
    return;
  edited = ph_scenario_copy (scenario);
  g_free (edited->description);
  edited->description = text[0] != '\0' ? g_strdup (text) : NULL;
  commit (self, _("Edit Description"), edited);
}

/* The table: a smaller one that would leave figures off it is refused,
 * naming them */

static void
on_table_changed (PhScenarioPanel *self)
{
  PhScenario *scenario = scenario_of (self);
  PhScenario *edited;
  PhTable table;

  if (self->updating || scenario == NULL)
    return;
  table = scenario->table;
  table.width = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->width_spin));
  table.height = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->height_spin));
  table.grid = (PhGrid) gtk_drop_down_get_selected (GTK_DROP_DOWN (self->grid_dropdown));
  table.grid_size = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->grid_size_spin));
  table.measure = (PhMeasure) gtk_drop_down_get_selected (GTK_DROP_DOWN (self->measure_dropdown));
  if (memcmp (&table, &scenario->table, sizeof table) == 0)
    return;
  edited = ph_scenario_copy (scenario);
  edited->table = table;
  commit (self, _("Change the Table"), edited);
}

/* The background image: a photo of the tabletop or a scanned map, under
 * the terrain; placed and scaled in table units */

void
ph_scenario_panel_set_background_file (PhScenarioPanel *self,
                                       GFile           *file)
{
  PhScenario *scenario;
  PhScenario *edited;
  g_autofree char *path = NULL;

  g_return_if_fail (PH_IS_SCENARIO_PANEL (self));

  scenario = scenario_of (self);
  path = file != NULL ? g_file_get_path (file) : NULL;
  if (scenario == NULL || path == NULL)
    return;
  edited = ph_scenario_copy (scenario);
  g_clear_pointer (&edited->background, ph_background_free);
  /* relative to the scenario's file when it is saved (the saver writes it
   * so); found at @path until then */
  {
    g_autofree char *name = g_path_get_basename (path);

    edited->background = ph_background_new (name);
    edited->background->path = g_strdup (path);
  }
  edited->background->width = scenario->table.width;
  edited->background->height = 0;
  edited->background->opacity = 1;
  commit (self, _("Set Background Image"), edited);
}

static void
on_chooser_response (GtkNativeDialog *dialog,
                     int              response,
                     PhScenarioPanel *self)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_clear_object (&self->chooser);
  if (file != NULL)
    ph_scenario_panel_set_background_file (self, file);
}

static void
on_choose_background_clicked (PhScenarioPanel *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  g_autoptr(GtkFileFilter) images = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Background Image"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"),
                                               _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_set_name (images, _("Images (PNG, JPEG, SVG)"));
  gtk_file_filter_add_mime_type (images, "image/png");
  gtk_file_filter_add_mime_type (images, "image/jpeg");
  gtk_file_filter_add_mime_type (images, "image/svg+xml");
  gtk_file_filter_add_suffix (images, "png");
  gtk_file_filter_add_suffix (images, "jpg");
  gtk_file_filter_add_suffix (images, "jpeg");
  gtk_file_filter_add_suffix (images, "svg");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), images);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
on_background_changed (PhScenarioPanel *self)
{
  PhScenario *scenario = scenario_of (self);
  PhScenario *edited;
  PhBackground *bg;

  if (self->updating || scenario == NULL || scenario->background == NULL)
    return;
  edited = ph_scenario_copy (scenario);
  bg = edited->background;
  bg->x = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->background_x_spin));
  bg->y = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->background_y_spin));
  bg->width = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->background_width_spin));
  bg->opacity = gtk_spin_button_get_value (GTK_SPIN_BUTTON (self->background_opacity_spin));
  commit (self, _("Place Background Image"), edited);
}

static void
on_remove_background_clicked (PhScenarioPanel *self)
{
  PhScenario *scenario = scenario_of (self);
  PhScenario *edited;

  if (scenario == NULL || scenario->background == NULL)
    return;
  edited = ph_scenario_copy (scenario);
  g_clear_pointer (&edited->background, ph_background_free);
  commit (self, _("Remove Background Image"), edited);
}

/* Sides */

static PhSide *
edited_side (PhScenario *edited,
             GtkWidget  *widget)
{
  return ph_scenario_find_side (edited, g_object_get_data (G_OBJECT (widget), "ph-side"));
}

static void
on_side_name_activate (PhScenarioPanel *self,
                       GtkEntry        *entry)
{
  PhScenario *scenario = scenario_of (self);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  PhScenario *edited;
  PhSide *side;

  if (self->updating || scenario == NULL)
    return;
  edited = ph_scenario_copy (scenario);
  side = edited_side (edited, GTK_WIDGET (entry));
  if (side == NULL || g_strcmp0 (side->name, text) == 0)
    {
      ph_scenario_unref (edited);
      return;
    }
  g_free (side->name);
  side->name = g_strdup (text);
  commit (self, _("Rename Side"), edited);
}

static void
on_side_color_set (PhScenarioPanel *self,
                   GtkColorButton  *button)
{
  PhScenario *scenario = scenario_of (self);
  PhScenario *edited;
  PhSide *side;
  GdkRGBA rgba;

  if (self->updating || scenario == NULL)
    return;
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), &rgba);
  edited = ph_scenario_copy (scenario);
  side = edited_side (edited, GTK_WIDGET (button));
  if (side == NULL)
    {
      ph_scenario_unref (edited);
      return;
    }
  side->color = ((guint32) (rgba.red * 255 + 0.5) << 16)
                | ((guint32) (rgba.green * 255 + 0.5) << 8)
                | (guint32) (rgba.blue * 255 + 0.5);
  commit (self, _("Recolour Side"), edited);
}

void
ph_scenario_panel_add_side (PhScenarioPanel *self)
{
  PhScenario *scenario;
  PhScenario *edited;
  PhSide *side;
  guint32 color = side_colors[0];

  g_return_if_fail (PH_IS_SCENARIO_PANEL (self));

  scenario = scenario_of (self);
  if (scenario == NULL)
    return;
  edited = ph_scenario_copy (scenario);
  side = ph_side_new ();
  side->id = ph_scenario_new_id (scenario, "side", NULL);
  side->name = g_strdup_printf (_("Side %s"), side->id + strlen ("side-"));
  /* the first colour no side has */
  for (guint c = 0; c < G_N_ELEMENTS (side_colors); c++)
    {
      gboolean used = FALSE;

      for (guint i = 0; i < scenario->sides->len; i++)
        used |= ((PhSide *) g_ptr_array_index (scenario->sides, i))->color == side_colors[c];
      if (!used)
        {
          color = side_colors[c];
          break;
        }
    }
  side->color = color;
  g_ptr_array_add (edited->sides, side);
  ph_scenario_reindex (edited);
  commit (self, _("Add Side"), edited);
}

typedef struct
{
  PhScenarioPanel *self;
  char *id;
} DeleteRequest;

static void
delete_request_free (gpointer  data,
                     GClosure *closure)
{
  DeleteRequest *request = data;

  g_object_unref (request->self);
  g_free (request->id);
  g_free (request);
}

static void
on_delete_dialog_response (AdwMessageDialog *dialog,
                           const char       *response,
                           DeleteRequest    *request)
{
  if (g_str_equal (response, "delete"))
    ph_scenario_panel_delete_side (request->self, request->id, TRUE);
}

void
ph_scenario_panel_delete_side (PhScenarioPanel *self,
                               const char      *id,
                               gboolean         confirmed)
{
  g_autoptr(GError) error = NULL;
  PhScenario *scenario;
  PhSide *side;
  guint n;

  g_return_if_fail (PH_IS_SCENARIO_PANEL (self));

  scenario = scenario_of (self);
  side = scenario != NULL ? ph_scenario_find_side (scenario, id) : NULL;
  if (side == NULL)
    return;
  n = ph_document_count_side_figures (self->document, id);
  if (n > 0 && !confirmed)
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      AdwMessageDialog *dialog;
      DeleteRequest *request = g_new0 (DeleteRequest, 1);

      dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                           NULL, NULL));
      adw_message_dialog_format_heading (dialog, _("Delete the side “%s”?"),
                                         side->name != NULL ? side->name : side->id);
      adw_message_dialog_format_body (dialog,
                                      g_dngettext (NULL,
                                                   "Its %u figure goes with it. Undo brings it back.",
                                                   "Its %u figures go with it. Undo brings them back.",
                                                   n), n);
      gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
      adw_message_dialog_add_responses (dialog,
                                        "cancel", _("_Cancel"),
                                        "delete", _("_Delete"),
                                        NULL);
      adw_message_dialog_set_response_appearance (dialog, "delete", ADW_RESPONSE_DESTRUCTIVE);
      adw_message_dialog_set_default_response (dialog, "cancel");
      adw_message_dialog_set_close_response (dialog, "cancel");
      request->self = g_object_ref (self);
      request->id = g_strdup (id);
      /* the request goes with the dialog, answered or not */
      g_signal_connect_data (dialog, "response", G_CALLBACK (on_delete_dialog_response), request,
                             delete_request_free, 0);
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }
  if (!ph_document_remove_side (self->document, id, &error))
    show_error (self, error->message);
  else
    show_error (self, NULL);
}

static void
on_delete_side_clicked (PhScenarioPanel *self,
                        GtkButton       *button)
{
  ph_scenario_panel_delete_side (self, g_object_get_data (G_OBJECT (button), "ph-side"), FALSE);
}

static GtkWidget *
side_row (PhScenarioPanel *self,
          const PhSide    *side)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = gtk_entry_new ();
  GtkWidget *color;
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  GdkRGBA rgba = { ((side->color >> 16) & 0xff) / 255.0, ((side->color >> 8) & 0xff) / 255.0,
                   (side->color & 0xff) / 255.0, 1 };

  color = gtk_color_button_new_with_rgba (&rgba);
  gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (color), FALSE);
  gtk_editable_set_text (GTK_EDITABLE (name), side->name != NULL ? side->name : "");
  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_set_tooltip_text (color, _("The side's colour"));
  gtk_widget_set_tooltip_text (remove, _("Delete this side"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (name), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Side name"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (color), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Side Colour"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Delete Side"), -1);
  g_object_set_data_full (G_OBJECT (name), "ph-side", g_strdup (side->id), g_free);
  g_object_set_data_full (G_OBJECT (color), "ph-side", g_strdup (side->id), g_free);
  g_object_set_data_full (G_OBJECT (remove), "ph-side", g_strdup (side->id), g_free);
  g_signal_connect_swapped (name, "activate", G_CALLBACK (on_side_name_activate), self);
  apply_on_leave (name);
  g_signal_connect_swapped (color, "color-set", G_CALLBACK (on_side_color_set), self);
  g_signal_connect_swapped (remove, "clicked", G_CALLBACK (on_delete_side_clicked), self);
  gtk_box_append (GTK_BOX (row), color);
  gtk_box_append (GTK_BOX (row), name);
  gtk_box_append (GTK_BOX (row), remove);
  return row;
}

/* House rules */

static void
on_option_activate (PhScenarioPanel *self,
                    GtkEntry        *entry)
{
  PhScenario *scenario = scenario_of (self);
  const char *name = g_object_get_data (G_OBJECT (entry), "ph-option");
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  const char *current;
  PhScenario *edited;
  guint i;

  if (self->updating || scenario == NULL)
    return;
  current = ph_scenario_get_option (scenario, name);
  if (g_strcmp0 (current != NULL ? current : "", text) == 0)
    return;
  edited = ph_scenario_copy (scenario);
  for (i = 0; i < edited->options->len; i++)
    if (g_strcmp0 (((PhOption *) g_ptr_array_index (edited->options, i))->name, name) == 0)
      break;
  if (i < edited->options->len)
    g_ptr_array_remove_index (edited->options, i);
  if (text[0] != '\0')
    g_ptr_array_insert (edited->options, i, ph_option_new (name, text));
  commit (self, _("Edit House Rules"), edited);
}

static void
build_options (PhScenarioPanel *self,
               PhScenario      *scenario)
{
  const PhRuleset *ruleset = ph_ruleset_get (scenario->ruleset);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->options_box)))
    gtk_box_remove (GTK_BOX (self->options_box), child);
  if (ruleset->n_options == 0)
    {
      GtkWidget *none = gtk_label_new (_("This ruleset has no house rules."));

      gtk_label_set_xalign (GTK_LABEL (none), 0);
      gtk_widget_add_css_class (none, "dim-label");
      gtk_box_append (GTK_BOX (self->options_box), none);
      return;
    }
  for (guint i = 0; i < ruleset->n_options; i++)
    {
      const PhRulesetOption *o = &ruleset->options[i];
      const char *value = ph_scenario_get_option (scenario, o->name);
      GtkWidget *name = gtk_label_new (o->name);
      GtkWidget *entry = gtk_entry_new ();
      GtkWidget *help = gtk_label_new (_(o->help));
      g_autofree char *placeholder = o->default_value != NULL
                                     ? g_strdup_printf (_("default: %s"), o->default_value)
                                     : g_strdup (_("not set"));
      g_autofree char *tooltip = g_strdup_printf (_("Takes %s"), _(o->values));

      gtk_label_set_xalign (GTK_LABEL (name), 0);
      gtk_widget_add_css_class (name, "heading");
      gtk_editable_set_text (GTK_EDITABLE (entry), value != NULL ? value : "");
      gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
      gtk_widget_set_tooltip_text (entry, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      o->name, -1);
      g_object_set_data (G_OBJECT (entry), "ph-option", (gpointer) o->name);
      g_signal_connect_swapped (entry, "activate", G_CALLBACK (on_option_activate), self);
      apply_on_leave (entry);
      gtk_label_set_xalign (GTK_LABEL (help), 0);
      gtk_label_set_wrap (GTK_LABEL (help), TRUE);
      gtk_widget_add_css_class (help, "dim-label");
      gtk_box_append (GTK_BOX (self->options_box), name);
      gtk_box_append (GTK_BOX (self->options_box), entry);
      gtk_box_append (GTK_BOX (self->options_box), help);
    }
}

/* During a game the table's size, grid, sides and house rules are what
 * its log was played on (the document refuses a change): shown greyed,
 * saying why, rather than refused after the edit */
static void
lock (GtkWidget *widget,
      gboolean   in_game,
      const char *tooltip)
{
  gtk_widget_set_sensitive (widget, !in_game);
  if (in_game)
    gtk_widget_set_tooltip_text (widget, tooltip);
}

static void
set_game_locks (PhScenarioPanel *self)
{
  gboolean in_game = ph_document_get_game (self->document) != NULL;
  const char *why = _("Fixed while a game is under way: its log was played on this table. "
                      "Undo the game's start to change it.");
  GtkWidget *widgets[] = {
    self->width_spin, self->height_spin, self->grid_dropdown, self->grid_size_spin,
    self->measure_dropdown, self->add_side_button,
  };

  for (guint i = 0; i < G_N_ELEMENTS (widgets); i++)
    lock (widgets[i], in_game, why);
  /* the sides' delete buttons and the house rules' entries */
  for (GtkWidget *row = gtk_widget_get_first_child (self->sides_box); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    lock (gtk_widget_get_last_child (row), in_game, why);
  for (GtkWidget *w = gtk_widget_get_first_child (self->options_box); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_ENTRY (w))
      lock (w, in_game, why);
}

/* Reading the document */

static void
refresh (PhScenarioPanel *self)
{
  PhScenario *scenario = scenario_of (self);
  GtkWidget *child;

  self->updating = TRUE;
  while ((child = gtk_widget_get_first_child (self->sides_box)))
    gtk_box_remove (GTK_BOX (self->sides_box), child);
  if (scenario != NULL)
    {
      gtk_editable_set_text (GTK_EDITABLE (self->title_entry), scenario->title);
      gtk_editable_set_text (GTK_EDITABLE (self->description_entry),
                             scenario->description != NULL ? scenario->description : "");
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->width_spin), scenario->table.width);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->height_spin), scenario->table.height);
      gtk_label_set_label (GTK_LABEL (self->unit_label),
                           scenario->table.unit == PH_UNIT_CM ? _("cm") : _("inches"));
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->grid_dropdown), scenario->table.grid);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->grid_size_spin), scenario->table.grid_size);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->measure_dropdown), scenario->table.measure);
      {
        const PhBackground *bg = scenario->background;
        g_autofree char *name = bg != NULL ? g_path_get_basename (bg->href) : NULL;

        gtk_label_set_label (GTK_LABEL (self->background_label), bg != NULL ? name : _("None"));
        gtk_widget_set_sensitive (self->background_x_spin, bg != NULL);
        gtk_widget_set_sensitive (self->background_y_spin, bg != NULL);
        gtk_widget_set_sensitive (self->background_width_spin, bg != NULL);
        gtk_widget_set_sensitive (self->background_opacity_spin, bg != NULL);
        gtk_widget_set_sensitive (self->background_remove, bg != NULL);
        /* without an image, the values one would get: the whole table */
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->background_x_spin), bg ? bg->x : 0);
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->background_y_spin), bg ? bg->y : 0);
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->background_width_spin),
                                   bg ? bg->width : scenario->table.width);
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (self->background_opacity_spin),
                                   bg ? bg->opacity : 1);
      }
      for (guint i = 0; i < scenario->sides->len; i++)
        gtk_box_append (GTK_BOX (self->sides_box),
                        side_row (self, g_ptr_array_index (scenario->sides, i)));
      build_options (self, scenario);
      set_game_locks (self);
    }
  self->updating = FALSE;
}

static void
on_document_changed (PhScenarioPanel *self,
                     guint            what)
{
  if (what & (PH_DOCUMENT_CHANGE_PROPERTIES | PH_DOCUMENT_CHANGE_SCENARIO))
    refresh (self);
  /* a game started or undone: what may change follows */
  else if ((what & PH_DOCUMENT_CHANGE_GAME) && scenario_of (self) != NULL)
    set_game_locks (self);
}

void
ph_scenario_panel_set_document (PhScenarioPanel *self,
                                PhDocument      *document)
{
  g_return_if_fail (PH_IS_SCENARIO_PANEL (self));

  if (self->document == document)
    return;
  g_clear_signal_handler (&self->changed_handler, self->document);
  g_set_object (&self->document, document);
  if (document != NULL)
    self->changed_handler = g_signal_connect_swapped (document, "changed",
                                                      G_CALLBACK (on_document_changed), self);
  show_error (self, NULL);
  refresh (self);
}

const char *
ph_scenario_panel_get_error (PhScenarioPanel *self)
{
  g_return_val_if_fail (PH_IS_SCENARIO_PANEL (self), NULL);
  return self->error;
}

/* Life */

static void
ph_scenario_panel_dispose (GObject *object)
{
  PhScenarioPanel *self = PH_SCENARIO_PANEL (object);

  g_clear_signal_handler (&self->changed_handler, self->document);
  g_clear_object (&self->document);
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (ph_scenario_panel_parent_class)->dispose (object);
}

static void
ph_scenario_panel_finalize (GObject *object)
{
  PhScenarioPanel *self = PH_SCENARIO_PANEL (object);

  g_clear_pointer (&self->error, g_free);

  G_OBJECT_CLASS (ph_scenario_panel_parent_class)->finalize (object);
}

static void
ph_scenario_panel_class_init (PhScenarioPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ph_scenario_panel_dispose;
  object_class->finalize = ph_scenario_panel_finalize;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
ph_scenario_panel_init (PhScenarioPanel *self)
{
  GtkWidget *add;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  gtk_widget_set_margin_top (self->box, 12);
  gtk_widget_set_margin_bottom (self->box, 12);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->title_entry = gtk_entry_new ();
  g_signal_connect_swapped (self->title_entry, "activate", G_CALLBACK (on_title_activate), self);
  apply_on_leave (self->title_entry);
  self->description_entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->description_entry), _("Optional"));
  g_signal_connect_swapped (self->description_entry, "activate",
                            G_CALLBACK (on_description_activate), self);
  apply_on_leave (self->description_entry);

  gtk_box_append (GTK_BOX (self->box), ph_form_heading (_("Scenario")));
  gtk_box_append (GTK_BOX (self->box), ph_form_row (_("_Title"), self->title_entry));
  gtk_box_append (GTK_BOX (self->box), ph_form_row (_("_Description"), self->description_entry));

  gtk_box_append (GTK_BOX (self->box), ph_form_heading (_("Table")));
  {
    const char * const grids[] = { _("squares"), _("hexes"), _("no grid"), NULL };
    const char * const measures[] = { _("edge to edge"), _("centre to centre"), NULL };
    GtkWidget *size = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *grid = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

    self->width_spin = gtk_spin_button_new_with_range (1, 10000, 1);
    self->height_spin = gtk_spin_button_new_with_range (1, 10000, 1);
    gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->width_spin), 1);
    gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->height_spin), 1);
    gtk_editable_set_width_chars (GTK_EDITABLE (self->width_spin), 5);
    gtk_editable_set_width_chars (GTK_EDITABLE (self->height_spin), 5);
    gtk_widget_set_tooltip_text (self->width_spin, _("Width"));
    gtk_widget_set_tooltip_text (self->height_spin, _("Height"));
    self->unit_label = gtk_label_new (NULL);
    gtk_box_append (GTK_BOX (size), self->width_spin);
    gtk_box_append (GTK_BOX (size), gtk_label_new ("×"));
    gtk_box_append (GTK_BOX (size), self->height_spin);
    gtk_box_append (GTK_BOX (size), self->unit_label);
    gtk_box_append (GTK_BOX (self->box), ph_form_row (_("Si_ze"), size));

    self->grid_dropdown = gtk_drop_down_new_from_strings (grids);
    self->grid_size_spin = gtk_spin_button_new_with_range (0.01, 1000, 0.5);
    gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->grid_size_spin), 2);
    gtk_editable_set_width_chars (GTK_EDITABLE (self->grid_size_spin), 5);
    gtk_widget_set_tooltip_text (self->grid_size_spin,
                                 _("A square's side, or a hex's width across flats"));
    gtk_box_append (GTK_BOX (grid), self->grid_dropdown);
    gtk_box_append (GTK_BOX (grid), self->grid_size_spin);
    gtk_box_append (GTK_BOX (self->box), ph_form_row (_("_Grid"), grid));
    self->measure_dropdown = gtk_drop_down_new_from_strings (measures);
    gtk_box_append (GTK_BOX (self->box), ph_form_row (_("_Measure"), self->measure_dropdown));

    g_signal_connect_swapped (self->width_spin, "value-changed", G_CALLBACK (on_table_changed), self);
    g_signal_connect_swapped (self->height_spin, "value-changed", G_CALLBACK (on_table_changed), self);
    g_signal_connect_swapped (self->grid_size_spin, "value-changed", G_CALLBACK (on_table_changed), self);
    g_signal_connect_swapped (self->grid_dropdown, "notify::selected", G_CALLBACK (on_table_changed), self);
    g_signal_connect_swapped (self->measure_dropdown, "notify::selected", G_CALLBACK (on_table_changed), self);
  }

  gtk_box_append (GTK_BOX (self->box), ph_form_heading (_("Background image")));
  {
    GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *place = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *choose = gtk_button_new_with_mnemonic (_("C_hoose…"));

    self->background_label = gtk_label_new (NULL);
    gtk_label_set_xalign (GTK_LABEL (self->background_label), 0);
    gtk_label_set_ellipsize (GTK_LABEL (self->background_label), PANGO_ELLIPSIZE_MIDDLE);
    gtk_widget_set_hexpand (self->background_label, TRUE);
    self->background_remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
    gtk_widget_set_tooltip_text (self->background_remove, _("Remove the background image"));
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->background_remove),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, _("Remove Background"), -1);
    gtk_widget_set_tooltip_text (choose, _("A photo of the tabletop or a scanned map (PNG, JPEG, SVG), drawn under the terrain"));
    g_signal_connect_swapped (choose, "clicked", G_CALLBACK (on_choose_background_clicked), self);
    g_signal_connect_swapped (self->background_remove, "clicked",
                              G_CALLBACK (on_remove_background_clicked), self);
    gtk_box_append (GTK_BOX (row), self->background_label);
    gtk_box_append (GTK_BOX (row), choose);
    gtk_box_append (GTK_BOX (row), self->background_remove);
    gtk_box_append (GTK_BOX (self->box), ph_form_row (_("_Image"), row));

    self->background_x_spin = gtk_spin_button_new_with_range (-10000, 10000, 0.5);
    self->background_y_spin = gtk_spin_button_new_with_range (-10000, 10000, 0.5);
    self->background_width_spin = gtk_spin_button_new_with_range (0.1, 10000, 1);
    self->background_opacity_spin = gtk_spin_button_new_with_range (0, 1, 0.05);
    gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->background_x_spin), 1);
    gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->background_y_spin), 1);
    gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->background_width_spin), 1);
    gtk_spin_button_set_digits (GTK_SPIN_BUTTON (self->background_opacity_spin), 2);
    /* sized for what they hold, not for their ranges' extremes */
    gtk_editable_set_width_chars (GTK_EDITABLE (self->background_x_spin), 5);
    gtk_editable_set_width_chars (GTK_EDITABLE (self->background_y_spin), 5);
    gtk_editable_set_width_chars (GTK_EDITABLE (self->background_width_spin), 5);
    gtk_editable_set_width_chars (GTK_EDITABLE (self->background_opacity_spin), 4);
    gtk_widget_set_tooltip_text (self->background_x_spin, _("Left edge, in table units"));
    gtk_widget_set_tooltip_text (self->background_y_spin, _("Top edge, in table units"));
    gtk_widget_set_tooltip_text (self->background_width_spin, _("Width, in table units (the height keeps the image's proportions)"));
    gtk_widget_set_tooltip_text (self->background_opacity_spin, _("Opacity, 0 to 1"));
    gtk_box_append (GTK_BOX (place), self->background_x_spin);
    gtk_box_append (GTK_BOX (place), self->background_y_spin);
    gtk_box_append (GTK_BOX (self->box), ph_form_row (_("At x, y"), place));
    gtk_box_append (GTK_BOX (self->box), ph_form_row (_("Wi_dth"), self->background_width_spin));
    gtk_box_append (GTK_BOX (self->box), ph_form_row (_("_Opacity"), self->background_opacity_spin));
    g_signal_connect_swapped (self->background_x_spin, "value-changed", G_CALLBACK (on_background_changed), self);
    g_signal_connect_swapped (self->background_y_spin, "value-changed", G_CALLBACK (on_background_changed), self);
    g_signal_connect_swapped (self->background_width_spin, "value-changed", G_CALLBACK (on_background_changed), self);
    g_signal_connect_swapped (self->background_opacity_spin, "value-changed", G_CALLBACK (on_background_changed), self);
  }

  gtk_box_append (GTK_BOX (self->box), ph_form_heading (_("Sides")));
  self->sides_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (self->box), self->sides_box);
  add = self->add_side_button = gtk_button_new_with_mnemonic (_("_Add Side"));
  gtk_widget_set_halign (add, GTK_ALIGN_START);
  g_signal_connect_swapped (add, "clicked", G_CALLBACK (ph_scenario_panel_add_side), self);
  gtk_box_append (GTK_BOX (self->box), add);

  gtk_box_append (GTK_BOX (self->box), ph_form_heading (_("House rules")));
  self->options_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_box_append (GTK_BOX (self->box), self->options_box);

  self->error_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->error_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->error_label), 0);
  gtk_widget_add_css_class (self->error_label, "error");
  gtk_widget_set_visible (self->error_label, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->error_label);
}

GtkWidget *
ph_scenario_panel_new (void)
{
  return g_object_new (PH_TYPE_SCENARIO_PANEL, NULL);
}
