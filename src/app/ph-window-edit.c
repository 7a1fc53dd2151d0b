/* ph-window-edit.c: the window's figure editing: add, duplicate, delete
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each is one undo step of the document (ph_document_add_figures(),
 * ph_document_remove_figures()). A new figure is the ruleset's own
 * (ph_ruleset_new_figure()): placed at the middle of what the map shows,
 * on the side of the selected figure or the first side, facing across
 * the table. Copies get fresh ids and sit a base's width off their
 * originals. The keys (Insert, Ctrl+D, Delete) are the map's, so that
 * typing in the side panel never deletes a figure.
 */
#include "ph-window-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ph-selection.h"

static PhSelection *
selection_of (PhWindow *self)
{
  return ph_document_get_selection (self->document);
}

static gboolean
on_map (PhWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "map") == 0;
}

/* @figure's point kept on the table, its base inside the edges */
static void
clamp_to_table (const PhScenario *scenario,
                PhFigure         *figure)
{
  double r = MAX (figure->base_width, figure->base_depth) / 2;

  figure->x = CLAMP (figure->x, r, MAX (r, scenario->table.width - r));
  figure->y = CLAMP (figure->y, r, MAX (r, scenario->table.height - r));
}

static gboolean
spot_taken (const PhScenario *scenario,
            double            x,
            double            y,
            double            radius)
{
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (scenario->figures, i);

      if (!ph_figure_is_off_table (f) && hypot (f->x - x, f->y - y) < radius)
        return TRUE;
    }
  return FALSE;
}

static void
show_refusal (PhWindow   *self,
              const char *what,
              GError     *error)
{
  ph_window_show_error (self, what, error->message);
}

/* A new figure at table point (@x, @y), or the nearest free spot */
static void
add_figure_at (PhWindow *self,
               double    x,
               double    y)
{
  PhScenario *scenario = ph_document_get_scenario (self->document);
  PhFigure *primary = ph_selection_get_primary (selection_of (self));
  g_autoptr(GPtrArray) figures = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_figure_free);
  g_autoptr(GError) error = NULL;
  const PhSide *side;
  PhFigure *figure;
  double step;
  gboolean first_side;

  if (!on_map (self) || scenario->sides->len == 0)
    return;
  side = primary != NULL && ph_scenario_find_side (scenario, primary->side) != NULL
         ? ph_scenario_find_side (scenario, primary->side)
         : g_ptr_array_index (scenario->sides, 0);
  first_side = side == g_ptr_array_index (scenario->sides, 0);
  figure = ph_ruleset_new_figure (scenario, side->id, x, y, first_side ? 90 : 270);
  clamp_to_table (scenario, figure);
  /* not on top of another figure: step along until the spot is free */
  step = figure->base_width * 1.5;
  for (int i = 0; i < 50 && spot_taken (scenario, figure->x, figure->y, figure->base_width); i++)
    {
      figure->x += step;
      if (figure->x > scenario->table.width - figure->base_width)
        {
          figure->x = figure->base_width;
          figure->y += step;
        }
      clamp_to_table (scenario, figure);
    }
  g_ptr_array_add (figures, figure);
  if (!ph_document_add_figures (self->document, _("Add Figure"), figures, &error))
    {
      show_refusal (self, _("Could not add a figure"), error);
      return;
    }
  ph_selection_select (selection_of (self), figure, FALSE);
}

/* Insert, the + button: at the middle of what the map shows */
static void
add_figure_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);
  PhViewport *viewport = ph_map_view_get_viewport (self->map_view);
  double x, y;

  ph_viewport_widget_to_table (viewport, ph_viewport_get_width (viewport) / 2,
                               ph_viewport_get_height (viewport) / 2, &x, &y);
  add_figure_at (self, x, y);
}

/* The table's right-click menu: where it was clicked */
static void
add_figure_at_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  double x, y;

  g_variant_get (parameter, "(dd)", &x, &y);
  add_figure_at (PH_WINDOW (widget), x, y);
}

/* The selected figures' marker @parameter on (or off, when all have it),
 * one undo step each */
static void
toggle_status_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);
  PhStatus flag;
  PhFigure **selected;
  guint n = 0;
  gboolean all = TRUE;

  if (!ph_status_from_string (g_variant_get_string (parameter, NULL), &flag))
    return;
  selected = ph_selection_get_figures (selection_of (self), &n);
  for (guint i = 0; i < n; i++)
    all &= (selected[i]->status & flag) != 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      PhFigure *edited = ph_figure_copy (selected[i]);
      g_autofree char *label = g_strdup_printf (all ? _("Unmark %s %s") : _("Mark %s %s"),
                                                ph_figure_display_name (selected[i]),
                                                ph_status_label (flag));

      if (all)
        edited->status &= ~flag;
      else
        edited->status |= flag;
      if (ph_document_check_figure (self->document, edited, &error))
        ph_document_update_figure (self->document, label, edited);
      else
        show_refusal (self, _("Could not change the figure"), error);
      ph_figure_free (edited);
    }
}

/* Every weapon of the selected figures loaded */
static void
load_all_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);
  PhFigure **selected;
  guint n = 0;

  selected = ph_selection_get_figures (selection_of (self), &n);
  for (guint i = 0; i < n; i++)
    {
      PhFigure *edited = ph_figure_copy (selected[i]);
      g_autofree char *label = g_strdup_printf (_("Load %s"), ph_figure_display_name (selected[i]));

      for (guint k = 0; k < edited->weapons->len; k++)
        g_array_index (edited->weapons, PhWeapon, k).loaded = TRUE;
      ph_document_update_figure (self->document, label, edited);
      ph_figure_free (edited);
    }
}

static void
duplicate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);
  PhScenario *scenario = ph_document_get_scenario (self->document);
  g_autoptr(GPtrArray) copies = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_figure_free);
  g_autoptr(GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) added = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  PhFigure **selected;
  guint n = 0;

  if (!on_map (self) || ph_window_terrain_duplicate (self))
    return;
  selected = ph_selection_get_figures (selection_of (self), &n);
  for (guint i = 0; i < n; i++)
    {
      PhFigure *copy = ph_figure_copy (selected[i]);

      g_free (copy->id);
      copy->id = ph_scenario_new_id (scenario, "figure", taken);
      g_hash_table_add (taken, copy->id);
      copy->x += copy->base_width * 1.5;
      clamp_to_table (scenario, copy);
      g_ptr_array_add (copies, copy);
      g_ptr_array_add (added, copy);
    }
  if (copies->len == 0)
    return;
  if (!ph_document_add_figures (self->document,
                                n == 1 ? _("Duplicate Figure") : _("Duplicate Figures"),
                                copies, &error))
    {
      show_refusal (self, _("Could not duplicate"), error);
      return;
    }
  ph_selection_set_figures (selection_of (self), (PhFigure **) added->pdata, added->len);
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);
  g_autoptr(GPtrArray) figures = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  g_autofree char *done = NULL;
  PhFigure **selected;
  guint n = 0;

  if (!on_map (self) || ph_window_terrain_delete (self))
    return;
  selected = ph_selection_get_figures (selection_of (self), &n);
  if (n == 0)
    return;
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (figures, selected[i]);
  label = n == 1 ? g_strdup_printf (_("Delete %s"), ph_figure_display_name (selected[0]))
                 : g_strdup_printf (_("Delete %u Figures"), n);
  /* (the figures' names before they leave the table) */
  done = n == 1 ? g_strdup_printf (_("Deleted %s"), ph_figure_display_name (selected[0]))
                : g_strdup_printf (g_dngettext (NULL, "Deleted %u figure", "Deleted %u figures", n), n);
  if (!ph_document_remove_figures (self->document, label, figures, &error))
    show_refusal (self, _("Could not delete"), error);
  else
    ph_window_toast_undo (self, done);
}

/* The clipboard: figures travel as a scenario file holding them (the same
 * ruleset, table and sides), so that pasting into a text editor gives
 * valid scenario XML and another window can read them */

static char *
selection_as_xml (PhWindow *self,
                  guint    *n_out)
{
  PhScenario *scenario = ph_document_get_scenario (self->document);
  g_autoptr(PhScenario) clip = NULL;
  PhFigure **selected;
  guint n = 0;

  const char *feature_id = ph_selection_get_feature (selection_of (self));
  PhFeature *feature = feature_id ? ph_scenario_find_feature (scenario, feature_id) : NULL;

  selected = ph_selection_get_figures (selection_of (self), &n);
  *n_out = n;
  if (n == 0 && feature == NULL)
    return NULL;
  if (feature != NULL)
    {
      /* a picked feature: the terrain alone travels */
      *n_out = 1;
      clip = ph_scenario_copy (scenario);
      g_ptr_array_set_size (clip->figures, 0);
      g_ptr_array_set_size (clip->features, 0);
      g_ptr_array_add (clip->features, ph_feature_copy (feature));
      g_clear_pointer (&clip->game_xml, g_free);
      g_clear_pointer (&clip->background, ph_background_free);
      g_free (clip->title);
      clip->title = g_strdup_printf (_("Terrain from %s"), scenario->title);
      ph_scenario_reindex (clip);
      return ph_scenario_to_xml (clip, NULL);
    }
  clip = ph_scenario_copy (scenario);
  g_ptr_array_set_size (clip->figures, 0);
  g_ptr_array_set_size (clip->features, 0);
  g_clear_pointer (&clip->game_xml, g_free);
  g_clear_pointer (&clip->background, ph_background_free);
  g_free (clip->title);
  clip->title = g_strdup_printf (_("Figures from %s"), scenario->title);
  /* in table order, as the file has them */
  for (guint i = 0; i < scenario->figures->len; i++)
    for (guint k = 0; k < n; k++)
      if (g_ptr_array_index (scenario->figures, i) == selected[k])
        g_ptr_array_add (clip->figures, ph_figure_copy (selected[k]));
  ph_scenario_reindex (clip);
  return ph_scenario_to_xml (clip, NULL);
}

static gboolean
copy_selection (PhWindow *self)
{
  guint n = 0;
  g_autofree char *xml = selection_as_xml (self, &n);

  if (xml == NULL)
    return FALSE;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), xml);
  return TRUE;
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  copy_selection (PH_WINDOW (widget));
}

static void
cut_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  PhWindow *self = PH_WINDOW (widget);
  g_autoptr(GPtrArray) figures = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  PhFigure **selected;
  guint n = 0;

  if (!copy_selection (self))
    return;
  if (ph_selection_get_feature (selection_of (self)) != NULL)
    {
      g_autofree char *id = g_strdup (ph_selection_get_feature (selection_of (self)));

      if (!ph_document_remove_feature (self->document, id, &error))
        show_refusal (self, _("Could not cut"), error);
      else
        ph_selection_set_feature (selection_of (self), NULL);
      return;
    }
  selected = ph_selection_get_figures (selection_of (self), &n);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (figures, selected[i]);
  if (!ph_document_remove_figures (self->document,
                                   n == 1 ? _("Cut Figure") : _("Cut Figures"),
                                   figures, &error))
    show_refusal (self, _("Could not cut"), error);
}

/* Terrain from the clipboard, whatever the rules: new ids where taken,
 * beside its original when pasted back where it came from */
static gboolean
paste_terrain (PhWindow    *self,
               PhScenario  *clip,
               GError     **error)
{
  PhScenario *scenario = ph_document_get_scenario (self->document);
  g_autoptr(GPtrArray) features = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_feature_free);
  guint first = scenario->features->len;
  double step = scenario->table.unit == PH_UNIT_CM ? 2.5 : 1.0;

  for (guint i = 0; i < clip->features->len; i++)
    {
      PhFeature *feature = ph_feature_copy (g_ptr_array_index (clip->features, i));
      PhFeature *same = ph_scenario_find_feature (scenario, feature->id);

      if (same != NULL && same->shape.bbox.x0 == feature->shape.bbox.x0
          && same->shape.bbox.y0 == feature->shape.bbox.y0)
        ph_shape_translate (&feature->shape, step, step);
      g_ptr_array_add (features, feature);
    }
  if (!ph_document_add_features (self->document,
                                 features->len == 1 ? _("Paste Terrain") : _("Paste Terrain Features"),
                                 features, error))
    return FALSE;
  if (scenario->features->len > first)
    ph_selection_set_feature (selection_of (self),
                              ((PhFeature *) g_ptr_array_index (scenario->features, first))->id);
  return TRUE;
}

gboolean
ph_window_paste_text (PhWindow    *self,
                      const char  *text,
                      GError     **error)
{
  PhScenario *scenario = ph_document_get_scenario (self->document);
  g_autoptr(PhScenario) clip = NULL;
  g_autoptr(GPtrArray) figures = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_figure_free);
  g_autoptr(GPtrArray) added = g_ptr_array_new ();
  g_autoptr(GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) local = NULL;
  PhFigure *primary = ph_selection_get_primary (selection_of (self));
  const char *fallback_side;

  g_return_val_if_fail (PH_IS_WINDOW (self), FALSE);

  if (text == NULL || text[0] == '\0'
      || (clip = ph_scenario_load_data (text, strlen (text), _("the clipboard"), &local)) == NULL)
    {
      g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                   _("The clipboard holds no figures or terrain Powderhorn can read%s%s"),
                   local != NULL ? ": " : "", local != NULL ? local->message : "");
      return FALSE;
    }
  if (clip->figures->len == 0 && clip->features->len > 0)
    return paste_terrain (self, clip, error);
  if (clip->ruleset != scenario->ruleset)
    {
      g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                   _("The figures on the clipboard are %s's; this table plays %s"),
                   ph_ruleset_get (clip->ruleset)->title, ph_ruleset_get (scenario->ruleset)->title);
      return FALSE;
    }
  if (clip->figures->len == 0)
    {
      g_set_error_literal (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                           _("The scenario on the clipboard has no figures"));
      return FALSE;
    }
  fallback_side = primary != NULL ? primary->side
                  : ((PhSide *) g_ptr_array_index (scenario->sides, 0))->id;
  for (guint i = 0; i < clip->figures->len; i++)
    {
      PhFigure *figure = ph_figure_copy (g_ptr_array_index (clip->figures, i));

      /* a fresh id when this table has it; the same side when it has it */
      if (ph_scenario_find_figure (scenario, figure->id) != NULL
          || ph_scenario_find_side (scenario, figure->id) != NULL
          || ph_scenario_find_feature (scenario, figure->id) != NULL
          || g_hash_table_contains (taken, figure->id))
        {
          g_free (figure->id);
          figure->id = ph_scenario_new_id (scenario, "figure", taken);
        }
      g_hash_table_add (taken, figure->id);
      if (ph_scenario_find_side (scenario, figure->side) == NULL)
        {
          g_free (figure->side);
          figure->side = g_strdup (fallback_side);
        }
      /* not on top of the one copied */
      if (spot_taken (scenario, figure->x, figure->y, figure->base_width * 0.5))
        figure->x += figure->base_width * 1.5;
      clamp_to_table (scenario, figure);
      g_ptr_array_add (figures, figure);
      g_ptr_array_add (added, figure);
    }
  if (!ph_document_add_figures (self->document,
                                added->len == 1 ? _("Paste Figure") : _("Paste Figures"),
                                figures, error))
    return FALSE;
  ph_selection_set_figures (selection_of (self), (PhFigure **) added->pdata, added->len);
  return TRUE;
}

static void
on_clipboard_text (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr(PhWindow) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (text == NULL && error != NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_error (&error);
  if (!ph_window_paste_text (self, text, &error))
    show_refusal (self, _("Nothing pasted"), error);
}

static void
paste_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, on_clipboard_text,
                                 g_object_ref (widget));
}

void
ph_window_edit_update_state (PhWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean map = on_map (self);
  gboolean selected = ph_selection_get_n_figures (selection_of (self)) > 0;
  gboolean feature = ph_selection_get_feature (selection_of (self)) != NULL;

  gtk_widget_action_set_enabled (widget, "win.add-figure", map);
  gtk_widget_action_set_enabled (widget, "win.add-figure-at", map);
  gtk_widget_action_set_enabled (widget, "win.copy", map && (selected || feature));
  gtk_widget_action_set_enabled (widget, "win.cut", map && (selected || feature));
  gtk_widget_action_set_enabled (widget, "win.paste", map);
  gtk_widget_action_set_enabled (widget, "win.toggle-status", map && selected);
  gtk_widget_action_set_enabled (widget, "win.load-all", map && selected);
  gtk_widget_action_set_enabled (widget, "win.duplicate", map && (selected || feature));
  gtk_widget_action_set_enabled (widget, "win.delete", map && (selected || feature));
}

void
ph_window_edit_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.add-figure", NULL, add_figure_action);
  gtk_widget_class_install_action (widget_class, "win.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "win.cut", NULL, cut_action);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, paste_action);
  gtk_widget_class_install_action (widget_class, "win.add-figure-at", "(dd)", add_figure_at_action);
  gtk_widget_class_install_action (widget_class, "win.toggle-status", "s", toggle_status_action);
  gtk_widget_class_install_action (widget_class, "win.load-all", NULL, load_all_action);
  gtk_widget_class_install_action (widget_class, "win.duplicate", NULL, duplicate_action);
  gtk_widget_class_install_action (widget_class, "win.delete", NULL, delete_action);
}
