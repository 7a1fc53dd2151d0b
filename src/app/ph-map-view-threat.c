/* ph-map-view-threat.c: the threat map on the window's table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * T toggles it for the selected figure: every spot of the table shaded in
 * red by the best chance an enemy would have to hit him standing there
 * (ph_engine_threat_map()), under the figures, with a legend that also
 * reads the spot under the pointer. With no figure picked it is for a new
 * man of the side last picked (else the first side), as the ruleset makes
 * one (ph_ruleset_new_figure()): where should a man of ours stand? In a game,
 * for the man who may move, only the spots his move reaches: where he can
 * go, and how dangerous it is there. It is worked
 * out in a thread on a copy of the scenario, off the frame path, and kept
 * until a figure, the terrain or the selection changes: a quick look of
 * 300 cells first (a few milliseconds on the examples), then the sharp
 * map of 3,000; the map shows nothing of it until the quick one is ready.
 */
#include "ph-map-view-private.h"

#include <glib/gi18n.h>

#include "ph-shot-sightings.h"
#include "ph-threat.h"

#include <string.h>

/* A quick look first (within a frame's time on the examples), then the
 * sharp map: tests/bench/bench-threat times both */
#define THREAT_QUICK_CELLS 300
#define THREAT_CELLS 3000
/* The id of the man put on a copy of the table when none is picked */
#define HYPOTHETICAL_ID "powderhorn-threat-probe"
/* threat_for when it is his: this prefix and his side's id */
#define HYPOTHETICAL_FOR "side:"

typedef struct
{
  PhScenario *copy;
  char *figure_id;
  guint cells;          /* THREAT_QUICK_CELLS, then THREAT_CELLS */
} ThreatJob;

/* The side a man with no name would be of: the last picked figure's,
 * else the first */
static const PhSide *
hypothetical_side (PhMapView *self)
{
  const PhScenario *scenario = ph_document_get_scenario (self->document);
  const PhSide *side = self->threat_side != NULL
                       ? ph_scenario_find_side (scenario, self->threat_side) : NULL;

  if (side == NULL && scenario->sides->len > 0)
    side = g_ptr_array_index (scenario->sides, 0);
  return side;
}

static void
threat_job_free (ThreatJob *job)
{
  ph_scenario_unref (job->copy);
  g_free (job->figure_id);
  g_free (job);
}

static void
threat_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  ThreatJob *job = data;
  PhThreatMap *map = ph_engine_threat_map (job->copy, job->figure_id, job->cells, NULL);

  g_task_return_pointer (task, map, (GDestroyNotify) ph_threat_map_free);
}

static void
on_threat_done (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  /* cancelled (something changed, or the view went): NULL, and the map
   * the thread made freed by the task */
  ThreatJob *job = g_task_get_task_data (G_TASK (result));
  PhThreatMap *map = g_task_propagate_pointer (G_TASK (result), NULL);
  PhMapView *self = PH_MAP_VIEW (source);

  if (map == NULL)
    return;
  ph_threat_map_free (self->threat_map);
  self->threat_map = map;
  self->threat_sharp = job->cells >= THREAT_CELLS;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->threat_sharp)
    {
      g_clear_object (&self->threat_cancel);
      return;
    }
  /* the quick look is shown: now the sharp one, on the same copy */
  {
    g_autoptr(GTask) task = g_task_new (self, self->threat_cancel, on_threat_done, NULL);
    ThreatJob *sharp = g_new0 (ThreatJob, 1);

    sharp->copy = ph_scenario_ref (job->copy);
    sharp->figure_id = g_strdup (job->figure_id);
    sharp->cells = THREAT_CELLS;
    g_task_set_task_data (task, sharp, (GDestroyNotify) threat_job_free);
    g_task_run_in_thread (task, threat_thread);
  }
}

gboolean
ph_map_view_get_threat_sharp (PhMapView *self)
{
  return self->threat_map != NULL && self->threat_sharp;
}

void
ph_map_view_invalidate_threat (PhMapView *self)
{
  if (self->threat_cancel != NULL)
    {
      g_cancellable_cancel (self->threat_cancel);
      g_clear_object (&self->threat_cancel);
    }
  g_clear_pointer (&self->threat_map, ph_threat_map_free);
  g_clear_pointer (&self->threat_for, g_free);
}

/* Starts working it out for the selected figure (or a new man of the
 * side last picked) when it is on and not under way or done */
static void
ensure_threat (PhMapView *self)
{
  PhFigure *figure = ph_map_view_get_selected_figure (self);
  const PhSide *side = NULL;
  g_autofree char *key = NULL;
  g_autoptr(GTask) task = NULL;
  ThreatJob *job;

  if (!self->show_threat || self->document == NULL || self->has_drag_scenario)
    return;
  if (figure != NULL && !ph_figure_is_off_table (figure))
    {
      key = g_strdup (figure->id);
      g_free (self->threat_side);
      self->threat_side = g_strdup (figure->side);
    }
  else if ((side = hypothetical_side (self)) != NULL)
    key = g_strconcat (HYPOTHETICAL_FOR, side->id, NULL);
  else
    return;
  if (g_strcmp0 (self->threat_for, key) == 0)
    return;
  ph_map_view_invalidate_threat (self);
  self->threat_for = g_steal_pointer (&key);
  self->threat_cancel = g_cancellable_new ();
  job = g_new0 (ThreatJob, 1);
  /* a copy of its own: the thread never touches the document's */
  job->copy = ph_scenario_copy (ph_document_get_scenario (self->document));
  if (side != NULL)
    {
      PhFigure *probe = ph_ruleset_new_figure (job->copy, side->id,
                                               job->copy->table.width / 2,
                                               job->copy->table.height / 2,
                                               side == g_ptr_array_index (job->copy->sides, 0)
                                               ? 90 : 270);

      g_free (probe->id);
      probe->id = g_strdup (HYPOTHETICAL_ID);
      g_ptr_array_add (job->copy->figures, probe);
      ph_scenario_reindex (job->copy);
      job->figure_id = g_strdup (HYPOTHETICAL_ID);
    }
  else
    job->figure_id = g_strdup (figure->id);
  job->cells = THREAT_QUICK_CELLS;
  task = g_task_new (self, self->threat_cancel, on_threat_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) threat_job_free);
  g_task_run_in_thread (task, threat_thread);
}

/* What the spot under the pointer would be, in words, or NULL */
char *
ph_map_view_describe_threat_here (PhMapView *self)
{
  const PhThreatMap *map = self->threat_map;
  const PhThreatCell *cell;
  PhPoint at;

  if (map == NULL || !self->pointer_inside)
    return NULL;
  at = ph_map_view_to_table (self, self->pointer_x, self->pointer_y);
  cell = ph_threat_map_at (map, at.x, at.y);
  if (cell == NULL)
    return NULL;
  if (cell->shooters == 0)
    return g_strdup (_("Here: no enemy could shoot"));
  {
    g_autofree char *best = ph_shot_format_percent (cell->best);

    return g_strdup_printf (ngettext ("Here: %u enemy could shoot, %s to hit, %.1f hits to expect",
                                      "Here: %u enemies could shoot, best %s to hit, %.1f hits to expect",
                                      cell->shooters),
                            cell->shooters, best, cell->sum);
  }
}

void
ph_map_view_draw_threat (PhMapView          *self,
                         cairo_t            *cr,
                         const PhRenderView *view)
{
  PhThreatMap *map;
  PhFigure *figure;
  g_autofree char *legend = NULL;
  g_autofree char *here = NULL;
  gboolean reach = FALSE;

  ensure_threat (self);
  map = self->threat_map;
  /* not during a drag: it is the table before it, and thousands of cells
   * are no work for every frame of one */
  if (!self->show_threat || map == NULL || self->has_drag_scenario)
    return;
  cairo_save (cr);
  /* the last row and column of cells end on the table's edge */
  {
    const PhScenario *scenario = ph_document_get_scenario (self->document);

    cairo_rectangle (cr, view->x0, view->y0, scenario->table.width * view->scale,
                     scenario->table.height * view->scale);
    cairo_clip (cr);
    /* where his move reaches, when he may move */
    cairo_new_path (cr);
    cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
    if (ph_map_view_append_reach_path (self, cr, view))
      {
        cairo_clip (cr);
        reach = TRUE;
      }
    cairo_new_path (cr);
  }
  ph_render_threat_cells (cr, map, view);
  cairo_restore (cr);
  self->threat_in_reach = reach;
  if (g_str_has_prefix (self->threat_for, HYPOTHETICAL_FOR))
    {
      const PhSide *side = ph_scenario_find_side (ph_document_get_scenario (self->document),
                                                  self->threat_for + strlen (HYPOTHETICAL_FOR));

      legend = g_markup_printf_escaped (_("<b>Threat to a new man of %s</b>: the redder, the "
                                          "likelier he is hit · pick a man for his own · "
                                          "T to hide"),
                                        side != NULL ? side->name : "");
    }
  else
    {
      figure = ph_scenario_find_figure (ph_document_get_scenario (self->document),
                                        self->threat_for);
      legend = g_markup_printf_escaped (reach ? _("<b>Threat to %s</b> where his move reaches: the "
                                                 "redder, the likelier an enemy hits him there · "
                                                 "T to hide")
                                               : _("<b>Threat to %s</b>: the redder, the likelier an "
                                                   "enemy hits him there · T to hide"),
                                        figure != NULL ? ph_figure_display_name (figure) : "");
    }
  here = ph_map_view_describe_threat_here (self);
  if (here != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (here, -1);
      char *both = g_strconcat (legend, "\n", escaped, NULL);

      g_free (legend);
      legend = both;
    }
  ph_map_view_draw_label (self, cr, 8, 8, legend);
}

gboolean
ph_map_view_get_show_threat (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), FALSE);
  return self->show_threat;
}

void
ph_map_view_set_show_threat (PhMapView *self,
                             gboolean   show)
{
  g_return_if_fail (PH_IS_MAP_VIEW (self));

  show = !!show;
  if (self->show_threat == (guint) show)
    return;
  self->show_threat = show;
  if (!show)
    ph_map_view_invalidate_threat (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const PhThreatMap *
ph_map_view_get_threat_map (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), NULL);
  return self->threat_map;
}

gboolean
ph_map_view_get_threat_in_reach (PhMapView *self)
{
  g_return_val_if_fail (PH_IS_MAP_VIEW (self), FALSE);
  return self->threat_in_reach;
}
