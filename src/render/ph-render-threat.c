/* ph-render-threat.c: the threat map drawn on the table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every cell of ph_engine_threat_map() where an enemy could shoot the
 * figure, in one of a few distinct steps from pale yellow to deep red by
 * the best chance of the ruleset's effect on him there (a wound, a kill,
 * a hit), grey where none is possible; cells no enemy can shoot are left
 * clear. A legend, below the table (in a band the exported image adds
 * for it), names him and reads the steps in the colours the cells show
 * over the cloth; the window's legend shows the same steps.
 */
#include <glib/gi18n-lib.h>
#include <math.h>

#include "ph-render-private.h"

#include "ph-ruleset.h"
#include "ph-threat.h"

#define MAX_CELLS 4000

/* The steps of the scale: a spot some enemy could shoot at with no chance
 * of the effect, then up to 10%, 25%, 50%, 75% and beyond, from pale
 * yellow to deep red (ColorBrewer's YlOrRd), each clearly its own colour
 * over any cloth: a continuous red read 60% and 89% almost alike */
static const struct
{
  double below;      /* the step holds chances under this */
  guint32 rgb;
  double alpha;
  const char *label;
} steps[] = {
  { 0.0, 0x8c8c8c, 0.30, N_("none") },
  /* xgettext:no-c-format */
  { 0.10, 0xffeda0, 0.60, N_("under 10%") },
  /* xgettext:no-c-format */
  { 0.25, 0xfeb24c, 0.62, N_("10–25%") },
  /* xgettext:no-c-format */
  { 0.50, 0xfc4e2a, 0.64, N_("25–50%") },
  /* xgettext:no-c-format */
  { 0.75, 0xbd0026, 0.68, N_("50–75%") },
  /* xgettext:no-c-format */
  { G_MAXDOUBLE, 0x4a0016, 0.75, N_("75% or more") },
};

guint
ph_render_threat_n_steps (void)
{
  return G_N_ELEMENTS (steps);
}

guint
ph_render_threat_step (double best)
{
  if (best <= 0)
    return 0;
  for (guint i = 1; i < G_N_ELEMENTS (steps); i++)
    if (best < steps[i].below)
      return i;
  return G_N_ELEMENTS (steps) - 1;
}

PhRgba
ph_render_threat_step_rgba (guint step)
{
  PhRgba rgba = { 0, 0, 0, 0 };

  g_return_val_if_fail (step < G_N_ELEMENTS (steps), rgba);
  rgba.r = ((steps[step].rgb >> 16) & 0xff) / 255.0;
  rgba.g = ((steps[step].rgb >> 8) & 0xff) / 255.0;
  rgba.b = (steps[step].rgb & 0xff) / 255.0;
  rgba.a = steps[step].alpha;
  return rgba;
}

const char *
ph_render_threat_step_label (guint step)
{
  g_return_val_if_fail (step < G_N_ELEMENTS (steps), "");
  return _(steps[step].label);
}

static void
threat_rgba (cairo_t *cr,
             double   best)
{
  PhRgba c = ph_render_threat_step_rgba (ph_render_threat_step (best));

  cairo_set_source_rgba (cr, c.r, c.g, c.b, c.a);
}

PhRgba
ph_render_threat_step_over (guint         step,
                            const PhRgba *under)
{
  PhRgba c = ph_render_threat_step_rgba (step), out;

  g_return_val_if_fail (under != NULL, c);
  out.r = c.r * c.a + under->r * (1 - c.a);
  out.g = c.g * c.a + under->g * (1 - c.a);
  out.b = c.b * c.a + under->b * (1 - c.a);
  out.a = 1;
  return out;
}

/* How far @r is from point (@x, @y): 0 when it holds it */
/* The legend: below the table, past its edge numbers, in the band
 * ph_render_export_size() adds to the image (in the table's corner it hid
 * two or three inches of it, whatever it stood on), its swatches in the
 * colours the cells show over the cloth. Drawn when @draw, its box in
 * @box when not NULL. */
gboolean
ph_render_threat_legend (PhRenderContext *ctx,
                         gboolean         draw,
                         PhRect          *box_out)
{
  const PhShotEffect *effect;
  const PhFigure *figure;
  const PhTable *t = &ctx->scenario->table;
  cairo_t *cr = ctx->cr;
  g_autofree char *title = NULL;
  guint n = G_N_ELEMENTS (steps);
  double size = ctx->font, box = size * 1.2, w, h, step_w = 0;
  double x, y;
  PhRgba cloth = ph_render_cloth_rgba ();
  cairo_text_extents_t te;

  if (ctx->opts->threat_figure == NULL)
    return FALSE;
  figure = ph_scenario_find_figure (ctx->scenario, ctx->opts->threat_figure);
  if (figure == NULL)
    return FALSE;
  effect = ph_ruleset_effect (ph_ruleset_get (ctx->scenario->ruleset));
  /* TRANSLATORS: %s is a figure's name, then the ruleset's "an enemy's
   * best chance to wound him there" */
  title = g_strdup_printf (_("Threat to %s: %s"), ph_figure_display_name (figure), _(effect->best));
  cairo_save (cr);
  ph_render_font (cr, size * 0.9, FALSE, FALSE);
  for (guint i = 0; i < n; i++)
    {
      cairo_text_extents (cr, ph_render_threat_step_label (i), &te);
      step_w = MAX (step_w, box + 4 + te.x_advance + box * 0.6);
    }
  ph_render_font (cr, size, TRUE, FALSE);
  cairo_text_extents (cr, title, &te);
  w = MAX (te.x_advance, n * step_w) + 12;
  h = size * 1.6 + box + 12;
  /* under the table's left end, clear of the numbers along its edge */
  x = ph_dx (ctx, 0);
  y = ph_dy (ctx, t->height) + ph_render_margin (ctx->view->scale);
  if (box_out != NULL)
    {
      box_out->x0 = x;
      box_out->y0 = y;
      box_out->x1 = x + w;
      box_out->y1 = y + h;
    }
  if (!draw)
    {
      cairo_restore (cr);
      return TRUE;
    }
  cairo_new_path (cr);
  cairo_rectangle (cr, x, y, w, h);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 1);
  cairo_move_to (cr, x + 6, y + 6 + size);
  cairo_show_text (cr, title);
  ph_render_font (cr, size * 0.9, FALSE, FALSE);
  for (guint i = 0; i < n; i++)
    {
      double bx = x + 6 + i * step_w, by = y + size * 1.6 + 6;
      /* the step over the cloth, as the table shows it: over the white
       * box it read lighter and pinker, and "none" grey, not green */
      PhRgba c = ph_render_threat_step_over (i, &cloth);

      cairo_new_path (cr);
      cairo_rectangle (cr, bx, by, box, box);
      cairo_set_source_rgb (cr, c.r, c.g, c.b);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 1);
      cairo_move_to (cr, bx + box + 4, by + box * 0.8);
      cairo_show_text (cr, ph_render_threat_step_label (i));
    }
  cairo_restore (cr);
  return TRUE;
}

void
ph_render_threat_cells (cairo_t                   *cr,
                        const struct _PhThreatMap *map,
                        const PhRenderView        *view)
{
  cairo_save (cr);
  for (guint j = 0; j < map->ny; j++)
    for (guint i = 0; i < map->nx; i++)
      {
        const PhThreatCell *c = &map->cells[(gsize) j * map->nx + i];

        if (c->shooters == 0)
          continue;
        cairo_new_path (cr);
        cairo_rectangle (cr, view->x0 + (map->x0 + i * map->cell) * view->scale,
                         view->y0 + (map->y0 + j * map->cell) * view->scale,
                         map->cell * view->scale, map->cell * view->scale);
        threat_rgba (cr, c->best);
        cairo_fill (cr);
      }
  cairo_restore (cr);
}

void
ph_render_threat (PhRenderContext *ctx)
{
  const PhFigure *figure;
  g_autoptr(PhThreatMap) map = NULL;
  if (ctx->opts->threat_figure == NULL)
    return;
  figure = ph_scenario_find_figure (ctx->scenario, ctx->opts->threat_figure);
  if (figure == NULL)
    return;
  map = ph_engine_threat_map (ctx->scenario, figure->id, MAX_CELLS, NULL);
  if (map == NULL)
    return;
  /* the legend goes over the figures: ph_render_threat_legend() */
  ph_render_threat_cells (ctx->cr, map, ctx->view);
}
