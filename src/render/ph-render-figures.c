/* ph-render-figures.c: bases, facing, leaders, the dead and fled
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hundreds of figures are redrawn while one is dragged, so everything that
 * shares a style is one path and one fill or stroke: all the shadows, the
 * bases of a side, all the outlines, all the facing wedges, the badges of
 * one marker, all the names. No save/restore or clip per figure.
 */
#include <string.h>

#include "ph-render-figures.h"

#define OUTLINE_COLOR PH_OUTLINE_COLOR
#define LEADER_COLOR  0xf2c230

static guint32
side_color (const PhRenderContext *ctx,
            const PhFigure        *f)
{
  const PhSide *side = ph_scenario_find_side (ctx->scenario, f->side);

  return side != NULL ? side->color : 0x888888;
}

/* On an image surface, round bases are blitted from a small image drawn
 * once per colour and size: far cheaper than filling hundreds of circles.
 * Their centres are then on whole pixels (what moves with them is drawn
 * from the same rounded centre). */
static gboolean
use_sprites (const PhRenderContext *ctx)
{
  return cairo_surface_get_type (cairo_get_target (ctx->cr)) == CAIRO_SURFACE_TYPE_IMAGE;
}

GArray *
ph_render_collect_figs (const PhRenderContext *ctx)
{
  gboolean sprites = use_sprites (ctx);
  GArray *figs = g_array_new (FALSE, FALSE, sizeof (Fig));
  const char * const *selected = ctx->opts->selected;
  double room = (ctx->font * 4) / ctx->view->scale;

  for (guint i = 0; i < ctx->scenario->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (ctx->scenario->figures, i);
      double a = f->facing * G_PI / 180;
      double reach;
      Fig g;

      memset (&g, 0, sizeof g);
      g.f = f;
      ph_figure_get_base (f, &g.base);
      reach = MAX (g.base.width, g.base.depth) + room;
      if (f->x + reach < ctx->visible.x0 || f->x - reach > ctx->visible.x1
          || f->y + reach < ctx->visible.y0 || f->y - reach > ctx->visible.y1)
        continue;
      g.cx = ph_dx (ctx, f->x);
      g.cy = ph_dy (ctx, f->y);
      g.r = MAX (2.5, ph_dlen (ctx, g.base.width / 2));
      g.fx = sin (a);
      g.fy = -cos (a);
      if (g.base.square)
        {
          g.ext_x = fabs (g.fx) * ph_dlen (ctx, g.base.depth / 2)
                    + fabs (g.fy) * ph_dlen (ctx, g.base.width / 2);
          g.ext_y = fabs (g.fy) * ph_dlen (ctx, g.base.depth / 2)
                    + fabs (g.fx) * ph_dlen (ctx, g.base.width / 2);
        }
      else
        g.ext_x = g.ext_y = g.r;
      g.ext_x = MAX (g.ext_x, 2.5);
      g.ext_y = MAX (g.ext_y, 2.5);
      g.color = side_color (ctx, f);
      g.selected = selected != NULL && f->id != NULL
                   && g_strv_contains (selected, f->id);
      g.activated = ctx->opts->activated != NULL && f->id != NULL
                    && g_strv_contains (ctx->opts->activated, f->id);
      g.off = ph_figure_is_off_table (f);
      g.sprite = sprites && !g.off && !g.base.square && g.r <= 60;
      if (g.sprite)
        {
          g.cx = round (g.cx);
          g.cy = round (g.cy);
        }
      g_array_append_val (figs, g);
    }
  ph_render_place_badges (figs);
  return figs;
}

static void
path_base (const PhRenderContext *ctx,
           const Fig             *g,
           double                 grow)
{
  /* never smaller than a few pixels, so a zoomed-out army stays visible */
  double small = MAX (0, 2.5 - ph_dlen (ctx, g->base.width / 2));

  ph_render_path_base (ctx, &g->base, grow + small);
}

static void
add_wedge (cairo_t   *cr,
           const Fig *g)
{
  double depth = g->base.square ? g->r * g->base.depth / g->base.width : g->r;
  double tip = depth * 0.95, back = depth * 0.05, half = g->r * 0.5;
  double lx = g->fy, ly = -g->fx; /* to the figure's left */

  if (g->r < 4)
    return;
  cairo_move_to (cr, g->cx + g->fx * tip, g->cy + g->fy * tip);
  cairo_line_to (cr, g->cx + g->fx * back + lx * half, g->cy + g->fy * back + ly * half);
  cairo_line_to (cr, g->cx + g->fx * back * 2.6, g->cy + g->fy * back * 2.6);
  cairo_line_to (cr, g->cx + g->fx * back - lx * half, g->cy + g->fy * back - ly * half);
  cairo_close_path (cr);
}

/* Dead and fled figures: faded, the dead crossed, the fled dashed */
static void
draw_off_table (const PhRenderContext *ctx,
                GArray                *figs)
{
  static const double dash[] = { 3, 2 };
  cairo_t *cr = ctx->cr;
  double width;

  for (guint i = 0; i < figs->len; i++)
    {
      const Fig *g = &g_array_index (figs, Fig, i);

      if (!g->off)
        continue;
      path_base (ctx, g, 0);
      ph_render_set_rgb (cr, g->color, 0.3);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 1.2);
      if (g->f->status & PH_STATUS_DEAD)
        cairo_set_dash (cr, NULL, 0, 0);
      else
        cairo_set_dash (cr, dash, 2, 0);
      ph_render_set_rgb (cr, OUTLINE_COLOR, 0.55);
      cairo_stroke (cr);
    }
  cairo_set_dash (cr, NULL, 0, 0);

  /* one stroke for all the crosses */
  width = 0;
  for (guint i = 0; i < figs->len; i++)
    {
      const Fig *g = &g_array_index (figs, Fig, i);
      double k = g->r * 0.6;

      if (!g->off || !(g->f->status & PH_STATUS_DEAD))
        continue;
      width = MAX (width, CLAMP (g->r * 0.2, 1.5, 3));
      cairo_move_to (cr, g->cx - k, g->cy - k);
      cairo_line_to (cr, g->cx + k, g->cy + k);
      cairo_move_to (cr, g->cx + k, g->cy - k);
      cairo_line_to (cr, g->cx - k, g->cy + k);
    }
  if (width == 0)
    return;
  cairo_set_line_width (cr, width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  ph_render_set_rgb (cr, 0x7a1010, 0.75);
  cairo_stroke (cr);
}

#define SHADOW_DX   0.6
#define SHADOW_DY   0.9
#define SHADOW_GROW 1.5

typedef struct
{
  guint32 color;
  double r;
  cairo_surface_t *surface;
  int half;          /* the base's centre is at (half, half) */
} Sprite;

static void
sprite_clear (Sprite *sp)
{
  cairo_surface_destroy (sp->surface);
}

/* A round base of radius @r px: its shadowed outline and its colour, as
 * path_base() and draw_bases() would draw it */
static void
sprite_draw (const PhRenderContext *ctx,
             Sprite                *sp)
{
  double sx, sy;
  int side;
  cairo_t *scr;

  sp->half = (int) ceil (sp->r + SHADOW_GROW + MAX (SHADOW_DX, SHADOW_DY)) + 1;
  side = 2 * sp->half;
  cairo_surface_get_device_scale (cairo_get_target (ctx->cr), &sx, &sy);
  sp->surface = cairo_surface_create_similar_image (cairo_get_target (ctx->cr),
                                                    CAIRO_FORMAT_ARGB32,
                                                    (int) ceil (side * sx),
                                                    (int) ceil (side * sy));
  cairo_surface_set_device_scale (sp->surface, sx, sy);
  scr = cairo_create (sp->surface);
  cairo_arc (scr, sp->half + SHADOW_DX, sp->half + SHADOW_DY, sp->r + SHADOW_GROW, 0, 2 * G_PI);
  ph_render_set_rgb (scr, OUTLINE_COLOR, 1);
  cairo_fill (scr);
  cairo_arc (scr, sp->half, sp->half, sp->r, 0, 2 * G_PI);
  ph_render_set_rgb (scr, sp->color, 1);
  cairo_fill (scr);
  cairo_destroy (scr);
}

static void
blit_sprites (const PhRenderContext *ctx,
              GArray                *figs)
{
  cairo_t *cr = ctx->cr;
  g_autoptr(GArray) sprites = g_array_new (FALSE, FALSE, sizeof (Sprite));

  g_array_set_clear_func (sprites, (GDestroyNotify) sprite_clear);
  for (guint i = 0; i < figs->len; i++)
    {
      const Fig *g = &g_array_index (figs, Fig, i);
      double r = round (g->r * 8) / 8;
      Sprite *sp = NULL;

      if (!g->sprite)
        continue;
      for (guint k = 0; k < sprites->len && sp == NULL; k++)
        {
          Sprite *c = &g_array_index (sprites, Sprite, k);

          if (c->color == g->color && c->r == r)
            sp = c;
        }
      if (sp == NULL)
        {
          Sprite fresh = { g->color, r, NULL, 0 };

          sprite_draw (ctx, &fresh);
          g_array_append_val (sprites, fresh);
          sp = &g_array_index (sprites, Sprite, sprites->len - 1);
        }
      cairo_set_source_surface (cr, sp->surface, g->cx - sp->half, g->cy - sp->half);
      cairo_rectangle (cr, g->cx - sp->half, g->cy - sp->half, 2 * sp->half, 2 * sp->half);
      cairo_fill (cr);
    }
}

static gboolean
is_light (guint32 rgb)
{
  return (((rgb >> 16) & 0xff) * 3 + ((rgb >> 8) & 0xff) * 6 + (rgb & 0xff)) / 10 > 170;
}

/* The selected figures' glow, drawn under their bases: with the
 * figures, and on its own by ph_render_selection_glow() */
static void
draw_glow (const PhRenderContext *ctx,
           GArray                *figs)
{
  cairo_t *cr = ctx->cr;

  for (guint i = 0; i < figs->len; i++)
    {
      const Fig *g = &g_array_index (figs, Fig, i);

      if (g->selected)
        path_base (ctx, g, 3.5);
    }
  cairo_set_line_width (cr, 5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  ph_render_set_rgba (cr, &ctx->opts->selection_color);
  cairo_stroke (cr);
}

static void
draw_bases (const PhRenderContext *ctx,
            GArray                *figs)
{
  cairo_t *cr = ctx->cr;
  GHashTable *colors = g_hash_table_new (NULL, NULL);
  gboolean any_selected = FALSE, any_leader = FALSE;
  GHashTableIter iter;
  gpointer key;

  for (guint i = 0; i < figs->len; i++)
    {
      const Fig *g = &g_array_index (figs, Fig, i);

      any_selected |= g->selected;
      any_leader |= g->f->leader && !g->off;
      g_hash_table_add (colors, GUINT_TO_POINTER (g->color | 0x1000000));
    }

  /* The selection glow, under the bases */
  if (any_selected)
    draw_glow (ctx, figs);

  /* Outline and shadow in one: a dark base a little larger and lower
   * right, then the side's colour on it (fills cost less than strokes) */
  cairo_save (cr);
  cairo_translate (cr, SHADOW_DX, SHADOW_DY);
  for (guint i = 0; i < figs->len; i++)
    {
      const Fig *g = &g_array_index (figs, Fig, i);

      if (!g->off && !g->sprite)
        path_base (ctx, g, SHADOW_GROW);
    }
  cairo_restore (cr);
  ph_render_set_rgb (cr, OUTLINE_COLOR, 1);
  cairo_fill (cr);

  /* Bases, one fill per side colour */
  g_hash_table_iter_init (&iter, colors);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      guint32 color = GPOINTER_TO_UINT (key) & 0xffffff;

      for (guint i = 0; i < figs->len; i++)
        {
          const Fig *g = &g_array_index (figs, Fig, i);

          if (!g->off && !g->sprite && g->color == color)
            path_base (ctx, g, 0);
        }
      ph_render_set_rgb (cr, color, 1);
      cairo_fill (cr);
    }
  g_hash_table_unref (colors);

  blit_sprites (ctx, figs);

  /* Facing wedges: white, or dark on a light side colour */
  for (int dark = 0; dark < 2; dark++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < figs->len; i++)
        {
          const Fig *g = &g_array_index (figs, Fig, i);

          if (!g->off && is_light (g->color) == dark)
            {
              add_wedge (cr, g);
              any = TRUE;
            }
        }
      if (!any)
        continue;
      if (dark)
        ph_render_set_rgb (cr, OUTLINE_COLOR, 0.9);
      else
        cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill (cr);
    }

  /* Leaders: a gold disc behind the wedge */
  if (any_leader)
    {
      for (guint i = 0; i < figs->len; i++)
        {
          const Fig *g = &g_array_index (figs, Fig, i);
          double depth = g->base.square ? g->r * g->base.depth / g->base.width : g->r;

          if (g->off || !g->f->leader || g->r < 4)
            continue;
          cairo_new_sub_path (cr);
          cairo_arc (cr, g->cx - g->fx * depth * 0.5, g->cy - g->fy * depth * 0.5,
                     MAX (2, g->r * 0.24), 0, 2 * G_PI);
          cairo_close_path (cr);
        }
      ph_render_set_rgb (cr, LEADER_COLOR, 1);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 1);
      ph_render_set_rgb (cr, OUTLINE_COLOR, 0.9);
      cairo_stroke (cr);
    }
}

void
ph_render_figures (PhRenderContext *ctx)
{
  guint layers = ctx->opts->layers;
  g_autoptr(GArray) figs = ph_render_collect_figs (ctx);

  if (figs->len == 0)
    return;
  if (layers & PH_RENDER_FIGURE_NAMES)
    ph_render_figure_names (ctx, figs);
  if (!(layers & PH_RENDER_FIGURES))
    return;
  draw_off_table (ctx, figs);
  draw_bases (ctx, figs);
  if (layers & PH_RENDER_STATUS)
    ph_render_figure_markers (ctx, figs);
}

void
ph_render_figures_glow (PhRenderContext *ctx)
{
  g_autoptr(GArray) figs = ph_render_collect_figs (ctx);

  if (figs->len > 0)
    draw_glow (ctx, figs);
}
