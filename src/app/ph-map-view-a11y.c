/* ph-map-view-a11y.c: the map for those who do not see it, and figures
 * picked without a mouse
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A screen reader reads the map as "Table" with a description that
 * follows the picked figure, its target and the odds: "Sgt Smith, British
 * Regulars, targeting Capt. de Beaujeu: 33% to hit, 12% to kill". The
 * keys N and P (Shift+N) pick the next and the previous figure on the
 * table in the scenario's order; E and Shift+E pin the next and the
 * previous enemy of the picked figure, nearest first. A figure picked off
 * screen is brought into view.
 */
#include "ph-map-view-private.h"

#include <math.h>

#include <glib/gi18n.h>

#include "ph-shot-sightings.h"

static void
append_figure (GString          *text,
               const PhScenario *scenario,
               const PhFigure   *figure)
{
  PhSide *side = ph_scenario_find_side (scenario, figure->side);

  g_string_append (text, ph_figure_display_name (figure));
  if (side != NULL && side->name != NULL && *side->name)
    g_string_append_printf (text, ", %s", side->name);
}

/* What the map shows, in a sentence or two */
char *
ph_map_view_describe (PhMapView *self)
{
  PhScenario *scenario;
  PhSelection *selection;
  PhFigure *shooter, *target;
  guint n_selected;
  GString *text;

  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  if (self->document == NULL)
    return g_strdup (_("No scenario is open"));

  scenario = ph_document_get_scenario (self->document);
  selection = ph_map_view_get_selection_model (self);
  n_selected = ph_selection_get_n_figures (selection);
  shooter = ph_selection_get_primary (selection);
  text = g_string_new (NULL);

  if (shooter == NULL)
    {
      guint on_table = 0;

      for (guint i = 0; i < scenario->figures->len; i++)
        if (!ph_figure_is_off_table (g_ptr_array_index (scenario->figures, i)))
          on_table++;
      g_string_append_printf (text,
                              ngettext (
                                           "%u figure on the table, none picked. N picks the next figure.",
                                           "%u figures on the table, none picked. N picks the next figure.",
                                           on_table),
                              on_table);
      return g_string_free (text, FALSE);
    }

  append_figure (text, scenario, shooter);
  if (n_selected > 1)
    g_string_append_printf (text,
                            ngettext ( " (and %u other picked)",
                                         " (and %u others picked)", n_selected - 1),
                            n_selected - 1);

  target = ph_shot_controller_get_target (ph_map_view_get_shot_controller (self));
  if (target != NULL && target != shooter)
    {
      const PhAssessment *a =
        ph_shot_controller_get_assessment (ph_map_view_get_shot_controller (self));

      g_string_append (text, _(", targeting "));
      append_figure (text, scenario, target);
      if (a == NULL)
        {
          const char *error =
            ph_shot_controller_get_error (ph_map_view_get_shot_controller (self));

          if (error != NULL)
            g_string_append_printf (text, ": %s", error);
        }
      else if (a->can_fire)
        {
          const PhShotEffect *effect = ph_ruleset_effect (ph_ruleset_get (scenario->ruleset));
          g_autofree char *hit = ph_shot_format_percent (a->p_hit);

          g_string_append_printf (text, _(": %s to hit"), hit);
          if (a->has_p_kill)
            {
              g_autofree char *kill = ph_shot_format_percent (a->p_kill);

              g_string_append_printf (text, _(", %s to kill"), kill);
            }
          /* the ruleset's own effect, when neither (Firelock's wound), as
           * the lists rank the shot */
          if (effect != &ph_shot_effect_hit && effect != &ph_shot_effect_kill)
            {
              g_autofree char *chance = ph_shot_format_percent (a->p_effect);

              /* TRANSLATORS: ", 41% to wound" */
              g_string_append_printf (text, _(", %s %s"), chance, _(effect->to));
            }
        }
      else
        {
          g_string_append (text, _(": cannot shoot"));
          if (a->reasons != NULL && a->reasons->len > 0)
            g_string_append_printf (text, " (%s)",
                                    (const char *) g_ptr_array_index (a->reasons, 0));
        }
    }
  else
    g_string_append (text, _(". E picks an enemy to target."));

  return g_string_free (text, FALSE);
}

void
ph_map_view_update_accessible (PhMapView *self)
{
  g_autofree char *description = ph_map_view_describe (self);

  if (g_strcmp0 (description, self->accessible_description) == 0)
    return;
  g_free (self->accessible_description);
  self->accessible_description = g_steal_pointer (&description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  self->accessible_description, -1);
}

/* Brings @figure into view (with a margin) if it is off screen */
static void
show_figure (PhMapView      *self,
             const PhFigure *figure)
{
  GtkWidget *widget = GTK_WIDGET (self);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  double x, y, margin;

  if (width <= 0 || height <= 0)
    return;
  ph_viewport_table_to_widget (self->viewport, figure->x, figure->y, &x, &y);
  margin = MIN (48.0, MIN (width, height) / 4);
  if (x < margin || y < margin || x > width - margin || y > height - margin)
    ph_viewport_pan (self->viewport, width / 2.0 - x, height / 2.0 - y);
}

static void
map_cycle_figure_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  PhMapView *self = PH_MAP_VIEW (widget);
  int step = g_variant_get_int32 (parameter);
  PhScenario *scenario;
  PhSelection *selection;
  PhFigure *current;
  guint n, start;

  if (self->document == NULL || self->dragging)
    return;
  scenario = ph_document_get_scenario (self->document);
  selection = ph_map_view_get_selection_model (self);
  n = scenario->figures->len;
  if (n == 0)
    return;
  current = ph_selection_get_primary (selection);
  start = n - 1;
  if (step < 0)
    start = 0;
  for (guint i = 0; current != NULL && i < n; i++)
    if (g_ptr_array_index (scenario->figures, i) == current)
      start = i;

  for (guint k = 1; k <= n; k++)
    {
      guint i = (start + n + (step > 0 ? k : n - k)) % n;
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      if (ph_figure_is_off_table (figure))
        continue;
      ph_selection_select (selection, figure, FALSE);
      show_figure (self, figure);
      return;
    }
}

typedef struct
{
  PhFigure *figure;
  double distance2;
} Enemy;

static int
compare_enemies (gconstpointer a,
                 gconstpointer b)
{
  const Enemy *ea = a, *eb = b;

  return (ea->distance2 > eb->distance2) - (ea->distance2 < eb->distance2);
}

static void
map_cycle_target_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  PhMapView *self = PH_MAP_VIEW (widget);
  int step = g_variant_get_int32 (parameter);
  PhScenario *scenario;
  PhSelection *selection;
  PhFigure *shooter, *pinned;
  g_autoptr(GArray) enemies = NULL;
  guint at;

  if (self->document == NULL || self->dragging)
    return;
  scenario = ph_document_get_scenario (self->document);
  selection = ph_map_view_get_selection_model (self);
  shooter = ph_selection_get_primary (selection);
  if (shooter == NULL)
    {
      ph_map_view_show_message (self, _("Pick a figure first (N), then E picks its targets"));
      return;
    }

  enemies = g_array_new (FALSE, FALSE, sizeof (Enemy));
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      Enemy enemy = { figure, 0 };

      if (ph_figure_is_off_table (figure) || g_strcmp0 (figure->side, shooter->side) == 0)
        continue;
      enemy.distance2 = (figure->x - shooter->x) * (figure->x - shooter->x)
                        + (figure->y - shooter->y) * (figure->y - shooter->y);
      g_array_append_val (enemies, enemy);
    }
  if (enemies->len == 0)
    {
      ph_map_view_show_message (self, _("No enemy is on the table"));
      return;
    }
  g_array_sort (enemies, compare_enemies);

  pinned = ph_selection_get_pinned_target (selection);
  at = step > 0 ? 0 : enemies->len - 1;
  for (guint i = 0; pinned != NULL && i < enemies->len; i++)
    if (g_array_index (enemies, Enemy, i).figure == pinned)
      at = (i + enemies->len + (step > 0 ? 1 : -1)) % enemies->len;

  pinned = g_array_index (enemies, Enemy, at).figure;
  ph_selection_set_pinned_target (selection, pinned);
  show_figure (self, pinned);
}

void
ph_map_view_class_init_a11y (GtkWidgetClass *widget_class)
{
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);

  gtk_widget_class_install_action (widget_class, "map.cycle-figure", "i", map_cycle_figure_action);
  gtk_widget_class_install_action (widget_class, "map.cycle-target", "i", map_cycle_target_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, 0, "map.cycle-figure", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_N, GDK_SHIFT_MASK, "map.cycle-figure", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, 0, "map.cycle-figure", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, 0, "map.cycle-target", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_E, GDK_SHIFT_MASK, "map.cycle-target", "i", -1);
}
