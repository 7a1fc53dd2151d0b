/* ph-map-view-threat.c: the threat map on the window's table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * T toggles it for the selected figure: every spot of the table shaded in
 * red by the best chance an enemy would have to hit him standing there
 * (ph_engine_threat_map()), under the figures, with a legend over
 * everything (rulers, figures, names) that also reads the spot under the
 * pointer, in the corner of the map that hides the least. With no figure picked it is for a new
 * man of the side last picked (else the first side), as the ruleset makes
 * one (ph_ruleset_new_figure()): where should a man of ours stand? In a game,
 * for the man who may move, only the spots his move reaches: where he can
 * go, and how dangerous it is there; the rest of the table hatched, and
 * his reach outlined, never tinted, so that the colours stay the
 * legend's. It is worked
 * out in a thread on a copy of the scenario, off the frame path, and kept
 * until a figure, the terrain or the selection changes: a quick look of
 * 300 cells first (a few milliseconds on the examples), then the sharp
 * map of 3,000; the map shows nothing of it until the quick one is ready.
 * A drag keeps the map of the table before it in sight; it is worked out
 * again on the drop.
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

  /* during a drag too (another man picked by it): from the table as it
   * was before it, worked out again on the drop */
  if (!self->show_threat || self->document == NULL)
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

/* Whether his move reaches table point @at: TRUE when there is no reach
 * to keep to (no game, or he may not move now) */
static gboolean
threat_reaches (PhMapView *self,
                PhPoint    at)
{
  /* the reach's path in table units, on a scratch surface */
  PhRenderView table = { 1, 0, 0 };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cairo_t *cr = cairo_create (surface);
  gboolean inside = TRUE;

  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  if (ph_map_view_append_reach_path (self, cr, &table))
    inside = cairo_in_fill (cr, at.x, at.y);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return inside;
}

/* What the spot under the pointer would be, in words, or NULL: in the
 * ruleset's terms (PhRuleset.effect: "to wound" and "wounding shots" for
 * Firelock, whose "hits" are wound boxes), and in a game only where the
 * man's move reaches */
char *
ph_map_view_describe_threat_here (PhMapView *self)
{
  const PhThreatMap *map = self->threat_map;
  const PhThreatCell *cell;
  const PhShotEffect *effect;
  PhPoint at;

  if (map == NULL || !self->pointer_inside)
    return NULL;
  at = ph_map_view_to_table (self, self->pointer_x, self->pointer_y);
  cell = ph_threat_map_at (map, at.x, at.y);
  if (cell == NULL)
    return NULL;
  if (!threat_reaches (self, at))
    return g_strdup (_("Here: beyond his move"));
  if (cell->shooters == 0)
    return g_strdup (_("Here: no enemy could shoot"));
  effect = ph_ruleset_effect (ph_ruleset_get (ph_document_get_scenario (self->document)->ruleset));
  {
    g_autofree char *best = ph_shot_format_percent (cell->best);
    g_autofree char *chance = NULL;

    /* the chance to hit too, when the effect is more than a hit */
    if (effect != &ph_shot_effect_hit)
      {
        g_autofree char *hit = ph_shot_format_percent (cell->best_hit);

        /* TRANSLATORS: "13% to wound (33% to hit)": the first %s is a
         * percentage, the second the ruleset's "to wound" */
        chance = g_strdup_printf (_("%s %s (%s to hit)"), best, _(effect->to), hit);
      }
    else
      chance = g_strdup_printf (_("%s to hit"), best);
    /* TRANSLATORS: the second %s is a chance ("13% to wound (33% to hit)"),
     * the last the ruleset's "wounding shots to expect" or "hits to expect" */
    return g_strdup_printf (ngettext ("Here: %u enemy could shoot, %s, %.1f %s",
                                      "Here: %u enemies could shoot, best %s, %.1f %s",
                                      cell->shooters),
                            cell->shooters, chance, cell->sum, _(effect->expected));
  }
}

/* A wash and diagonal hatching over what is clipped to: the spots his
 * move does not reach, unlike any step of the scale (a plain grey wash
 * would read as "none") */
static void
hatch (cairo_t *cr,
       double   x,
       double   y,
       double   w,
       double   h)
{
  double spacing = 7;

  cairo_save (cr);
  cairo_rectangle (cr, x, y, w, h);
  cairo_set_source_rgba (cr, 0.12, 0.12, 0.14, 0.30);
  cairo_fill (cr);
  /* lines x - y = k * spacing, in widget units, so that they meet across
   * the legend's swatch and the table alike */
  for (double k = floor ((x - (y + h)) / spacing); k * spacing <= x + w - y; k++)
    {
      cairo_move_to (cr, y + k * spacing, y);
      cairo_line_to (cr, y + h + k * spacing, y + h);
    }
  cairo_set_line_width (cr, 1.5);
  cairo_set_source_rgba (cr, 0.05, 0.05, 0.08, 0.55);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Draws the spots of the table his move does not reach hatched (within
 * the table, clipped already) */
static void
draw_beyond_reach (PhMapView          *self,
                   cairo_t            *cr,
                   const PhRenderView *view,
                   double              width,
                   double              height)
{
  cairo_push_group (cr);
  hatch (cr, view->x0, view->y0, width, height);
  cairo_new_path (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  ph_map_view_append_reach_path (self, cr, view);
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_fill (cr);
  cairo_pop_group_to_source (cr);
  cairo_paint (cr);
}

/* How much of @a @b covers, in square pixels */
static double
overlap (const PhRect *a,
         const PhRect *b)
{
  double w = MIN (a->x1, b->x1) - MAX (a->x0, b->x0);
  double h = MIN (a->y1, b->y1) - MAX (a->y0, b->y0);

  return w > 0 && h > 0 ? w * h : 0;
}

/* What the legend should keep clear of, in widget units: the man it is
 * for (his base and a margin) and his move's reach; FALSE for a new man */
static gboolean
keep_clear (PhMapView          *self,
            const PhRenderView *view,
            PhRect             *out)
{
  const PhScenario *scenario = ph_map_view_get_draw_scenario (self);
  const PhFigure *figure;
  PhPoint c;
  double r;

  if (self->threat_for == NULL || g_str_has_prefix (self->threat_for, HYPOTHETICAL_FOR))
    return FALSE;
  figure = ph_scenario_find_figure (scenario, self->threat_for);
  if (figure == NULL || ph_figure_is_off_table (figure))
    return FALSE;
  c = ph_render_view_to_device (view, (PhPoint) { figure->x, figure->y });
  r = 1.5 * view->scale + 16;
  *out = (PhRect) { c.x - r, c.y - r, c.x + r, c.y + r };
  if (self->threat_in_reach)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
      cairo_t *cr = cairo_create (surface);
      double x0, y0, x1, y1;

      if (ph_map_view_append_reach_path (self, cr, view))
        {
          cairo_path_extents (cr, &x0, &y0, &x1, &y1);
          out->x0 = MIN (out->x0, x0);
          out->y0 = MIN (out->y0, y0);
          out->x1 = MAX (out->x1, x1);
          out->y1 = MAX (out->y1, y1);
        }
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  return TRUE;
}

/* Where a legend @w by @h goes: the corner of the map that hides the
 * least of what matters, first the man and his reach, then the table
 * (over the surround or the rulers' bands it hides nothing), then the
 * corner farthest from him; the top-left one on a tie */
static void
place_legend (PhMapView          *self,
              const PhRenderView *view,
              double              w,
              double              h,
              double             *x,
              double             *y)
{
  const PhScenario *scenario = ph_document_get_scenario (self->document);
  double width = ph_viewport_get_width (self->viewport);
  double height = ph_viewport_get_height (self->viewport);
  PhRect table = { view->x0, view->y0, view->x0 + scenario->table.width * view->scale,
                   view->y0 + scenario->table.height * view->scale };
  PhRect keep;
  gboolean has_keep = keep_clear (self, view, &keep);
  double best_keep = G_MAXDOUBLE, best_table = G_MAXDOUBLE, best_far = -1;

  *x = 8;
  *y = 8;
  for (guint corner = 0; corner < 4; corner++)
    {
      double cx = corner & 1 ? MAX (8, width - 8 - w) : 8;
      double cy = corner & 2 ? MAX (8, height - 8 - h) : 8;
      PhRect r = { cx, cy, cx + w, cy + h };
      double k = has_keep ? overlap (&r, &keep) : 0;
      double t = overlap (&r, &table);
      double far = 0;

      if (has_keep)
        {
          double mx = (keep.x0 + keep.x1) / 2, my = (keep.y0 + keep.y1) / 2;

          far = hypot (MAX (0, MAX (r.x0 - mx, mx - r.x1)), MAX (0, MAX (r.y0 - my, my - r.y1)));
        }
      /* within a few per cent of the legend's area counts as the same */
      if (k < best_keep - 0.05 * w * h
          || (k < best_keep + 0.05 * w * h
              && (t < best_table - 0.05 * w * h
                  || (t < best_table + 0.05 * w * h && far > best_far + 1))))
        {
          best_keep = k;
          best_table = t;
          best_far = far;
          *x = cx;
          *y = cy;
        }
    }
}

/* The legend: @markup wrapped within the map's width (a long name would
 * run off it), over the colour scale of the map (the steps `render
 * --threat` draws, each over the cloth as the table shows it) and, when
 * the map keeps to his move, the hatching of the spots beyond it; in the
 * corner that hides the least (place_legend()) */
static void
draw_legend (PhMapView          *self,
             cairo_t            *cr,
             const PhRenderView *view,
             const char         *markup,
             gboolean            reach)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  double pad = 5, x = 8, y = 8, box = 12, gap = 10;
  double avail = MAX (80, ph_viewport_get_width (self->viewport) - 2 * x - 2 * pad);
  double w, h, row_h, step_x, step_y, scale_w = 0;
  guint n_steps = ph_render_threat_n_steps ();
  guint n = n_steps + (reach ? 1 : 0);
  PangoLayout *labels[8];
  PangoRectangle extents;
  PhRgba cloth;

  g_assert (n <= G_N_ELEMENTS (labels));
  ph_map_view_get_cloth_shown (self, &cloth);
  pango_layout_set_markup (layout, markup, -1);
  pango_layout_set_width (layout, (int) (avail * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_get_pixel_extents (layout, NULL, &extents);
  row_h = box;
  for (guint i = 0; i < n; i++)
    {
      PangoRectangle e;

      labels[i] = gtk_widget_create_pango_layout (GTK_WIDGET (self),
                                                  i < n_steps ? ph_render_threat_step_label (i)
                                                  : _("beyond his move"));
      pango_layout_get_pixel_extents (labels[i], NULL, &e);
      row_h = MAX (row_h, e.height);
    }
  /* the steps in rows as wide as the legend may be */
  w = extents.width;
  h = extents.height + 6;
  step_x = 0;
  step_y = 0;
  for (guint i = 0; i < n; i++)
    {
      PangoRectangle e;
      double sw;

      pango_layout_get_pixel_extents (labels[i], NULL, &e);
      sw = box + 4 + e.width;
      if (step_x > 0 && step_x + sw > avail)
        {
          step_x = 0;
          step_y += row_h + 4;
        }
      step_x += sw + gap;
      scale_w = MAX (scale_w, step_x - gap);
    }
  w = MAX (w, scale_w) + 2 * pad;
  h += step_y + row_h + 2 * pad;
  place_legend (self, view, w, h, &x, &y);

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_arc (cr, x + 4, y + 4, 4, G_PI, 1.5 * G_PI);
  cairo_arc (cr, x + w - 4, y + 4, 4, 1.5 * G_PI, 2 * G_PI);
  cairo_arc (cr, x + w - 4, y + h - 4, 4, 0, 0.5 * G_PI);
  cairo_arc (cr, x + 4, y + h - 4, 4, 0.5 * G_PI, G_PI);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.85);
  cairo_fill (cr);
  cairo_move_to (cr, x + pad - extents.x, y + pad - extents.y);
  cairo_set_source_rgb (cr, 1, 1, 1);
  pango_cairo_show_layout (cr, layout);
  step_x = 0;
  step_y = y + pad + extents.height + 6;
  for (guint i = 0; i < n; i++)
    {
      PangoRectangle e;
      double sw;

      pango_layout_get_pixel_extents (labels[i], NULL, &e);
      sw = box + 4 + e.width;
      if (step_x > 0 && step_x + sw > avail)
        {
          step_x = 0;
          step_y += row_h + 4;
        }
      self->threat_swatch_x[i] = x + pad + step_x + box / 2;
      self->threat_swatch_y[i] = step_y + row_h / 2;
      if (i < n_steps)
        {
          /* the step over the cloth, as the table shows it */
          PhRgba c = ph_render_threat_step_over (i, &cloth);

          cairo_rectangle (cr, x + pad + step_x, step_y + (row_h - box) / 2, box, box);
          cairo_set_source_rgb (cr, c.r, c.g, c.b);
          cairo_fill (cr);
        }
      else
        {
          /* beyond his move: the cloth hatched, as the table shows it */
          cairo_save (cr);
          cairo_rectangle (cr, x + pad + step_x, step_y + (row_h - box) / 2, box, box);
          cairo_clip (cr);
          cairo_set_source_rgb (cr, cloth.r, cloth.g, cloth.b);
          cairo_paint (cr);
          hatch (cr, x + pad + step_x, step_y + (row_h - box) / 2, box, box);
          cairo_restore (cr);
        }
      cairo_move_to (cr, x + pad + step_x + box + 4 - e.x, step_y + (row_h - e.height) / 2 - e.y);
      cairo_set_source_rgb (cr, 1, 1, 1);
      pango_cairo_show_layout (cr, labels[i]);
      step_x += sw + gap;
      g_object_unref (labels[i]);
    }
  cairo_restore (cr);
  self->threat_legend_x = x;
  self->threat_legend_y = y;
  self->threat_legend_width = w;
  self->threat_legend_height = h;
  g_object_unref (layout);
}

void
ph_map_view_draw_threat (PhMapView          *self,
                         cairo_t            *cr,
                         const PhRenderView *view)
{
  const PhScenario *scenario;
  PhThreatMap *map;
  gboolean reach = FALSE;

  ensure_threat (self);
  map = self->threat_map;
  /* during a drag, the map of the table as it was before it: kept (a
   * quick look of it at the least), so that the spots stay in sight */
  if (!self->show_threat || map == NULL)
    return;
  scenario = ph_document_get_scenario (self->document);
  cairo_save (cr);
  /* the last row and column of cells end on the table's edge */
  cairo_rectangle (cr, view->x0, view->y0, scenario->table.width * view->scale,
                   scenario->table.height * view->scale);
  cairo_clip (cr);
  /* where his move reaches, when he may move: beyond it hatched, unlike
   * a spot within it that no enemy could shoot (the cloth) */
  cairo_new_path (cr);
  if (ph_map_view_append_reach_path (self, cr, view))
    {
      reach = TRUE;
      cairo_new_path (cr);
      draw_beyond_reach (self, cr, view, scenario->table.width * view->scale,
                         scenario->table.height * view->scale);
      cairo_new_path (cr);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
      ph_map_view_append_reach_path (self, cr, view);
      cairo_clip (cr);
    }
  cairo_new_path (cr);
  ph_render_threat_cells (cr, map, view);
  cairo_restore (cr);
  self->threat_in_reach = reach;
}

void
ph_map_view_draw_threat_legend (PhMapView          *self,
                                cairo_t            *cr,
                                const PhRenderView *view)
{
  PhFigure *figure;
  g_autofree char *legend = NULL;
  g_autofree char *here = NULL;
  const PhShotEffect *effect;
  gboolean reach = self->threat_in_reach;

  self->threat_legend_here = FALSE;
  if (!self->show_threat || self->threat_map == NULL || self->threat_for == NULL)
    return;
  effect = ph_ruleset_effect (ph_ruleset_get (ph_document_get_scenario (self->document)->ruleset));
  if (g_str_has_prefix (self->threat_for, HYPOTHETICAL_FOR))
    {
      const PhSide *side = ph_scenario_find_side (ph_document_get_scenario (self->document),
                                                  self->threat_for + strlen (HYPOTHETICAL_FOR));

      /* TRANSLATORS: the second %s is the ruleset's "an enemy's best
       * chance to wound him there" */
      legend = g_markup_printf_escaped (_("<b>Threat to a new man of %s</b>: %s · pick a man "
                                          "for his own · T to hide"),
                                        side != NULL ? side->name : "", _(effect->best));
    }
  else
    {
      figure = ph_scenario_find_figure (ph_document_get_scenario (self->document),
                                        self->threat_for);
      legend = g_markup_printf_escaped (reach ? _("<b>Threat to %s</b> where his move reaches: "
                                                 "%s · T to hide")
                                               : _("<b>Threat to %s</b>: %s · T to hide"),
                                        figure != NULL ? ph_figure_display_name (figure) : "",
                                        _(effect->best));
    }
  here = ph_map_view_describe_threat_here (self);
  if (here != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (here, -1);
      char *both = g_strconcat (legend, "\n", escaped, NULL);

      g_free (legend);
      legend = both;
      self->threat_legend_here = TRUE;
    }
  draw_legend (self, cr, view, legend, reach);
}

gboolean
ph_map_view_threat_shown (PhMapView *self)
{
  return self->show_threat && self->threat_map != NULL;
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
