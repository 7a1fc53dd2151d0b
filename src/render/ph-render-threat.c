/* ph-render-threat.c: the threat map drawn on the table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every cell of ph_engine_threat_map() where an enemy could shoot the
 * figure, in red, the stronger the better the best chance to hit him
 * there; cells no enemy can shoot are left clear. A legend in the table's
 * top-left corner names the figure and reads the shades.
 */
#include <glib/gi18n-lib.h>

#include "ph-render-private.h"

#include "ph-threat.h"

#define MAX_CELLS 4000

static void
threat_rgba (cairo_t *cr,
             double   best)
{
  cairo_set_source_rgba (cr, 0.80, 0.10, 0.06, 0.10 + 0.55 * CLAMP (best, 0, 1));
}

static void
legend (PhRenderContext *ctx,
        const PhFigure  *figure)
{
  static const double shades[] = { 0.1, 0.33, 0.66, 1.0 };
  /* xgettext:no-c-format */
  static const char * const words[] = { N_("10%"), N_("33%"), N_("66%"), N_("100%") };
  cairo_t *cr = ctx->cr;
  g_autofree char *title = g_strdup_printf (_("Threat to %s: an enemy's best chance to hit him there"),
                                            ph_figure_display_name (figure));
  double x = ph_dx (ctx, 0) + 8, y = ph_dy (ctx, 0) + 8;
  double size = ctx->font, box = size * 1.2, w;
  cairo_text_extents_t te;

  ph_render_font (cr, size, TRUE, FALSE);
  cairo_text_extents (cr, title, &te);
  w = MAX (te.x_advance, G_N_ELEMENTS (shades) * box * 3.6) + 12;
  cairo_new_path (cr);
  cairo_rectangle (cr, x, y, w, size * 1.6 + box + 12);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 1);
  cairo_move_to (cr, x + 6, y + 6 + size);
  cairo_show_text (cr, title);
  ph_render_font (cr, size * 0.9, FALSE, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (shades); i++)
    {
      double bx = x + 6 + i * box * 3.6, by = y + size * 1.6 + 6;

      cairo_new_path (cr);
      cairo_rectangle (cr, bx, by, box, box);
      threat_rgba (cr, shades[i]);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 1);
      cairo_move_to (cr, bx + box + 4, by + box * 0.8);
      cairo_show_text (cr, _(words[i]));
    }
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
  cairo_t *cr = ctx->cr;

  if (ctx->opts->threat_figure == NULL)
    return;
  figure = ph_scenario_find_figure (ctx->scenario, ctx->opts->threat_figure);
  if (figure == NULL)
    return;
  map = ph_engine_threat_map (ctx->scenario, figure->id, MAX_CELLS, NULL);
  if (map == NULL)
    return;
  ph_render_threat_cells (cr, map, ctx->view);
  cairo_save (cr);
  legend (ctx, figure);
  cairo_restore (cr);
}
