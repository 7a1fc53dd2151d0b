/* ph-render-figures.c: bases, facing, leaders, status markers, names
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

#include "ph-render-private.h"

#define OUTLINE_COLOR 0x1b1b18
#define LEADER_COLOR  0xf2c230

typedef struct
{
  const PhFigure *f;
  PhBase base;
  double cx, cy;     /* device centre */
  double r;          /* device radius (half the width) */
  double ext_x;      /* device half-width of the base's bounding box */
  double ext_y;      /* device half-height of the base's bounding box */
  double fx, fy;     /* facing, unit vector in device space */
  guint32 color;
  gboolean selected;
  gboolean off;      /* dead or fled */
  gboolean sprite;   /* its base is blitted from a cached image */
} Fig;

typedef struct
{
  guint flag;        /* PhStatus, or 0 for "weapon unloaded" */
  const char *letter;
  guint32 color;
} Marker;

/* Badge order: how urgent it is for the referee, roughly */
static const Marker markers[] = {
  { PH_STATUS_MELEE,    NULL, 0x8e1b1b },  /* crossed swords */
  { 0,                  "U",  0xd0731f },  /* a weapon not loaded */
  { PH_STATUS_MOVED,    "M",  0x3466ad },
  { PH_STATUS_PRONE,    "P",  0x6e5032 },
  { PH_STATUS_SHAKEN,   "S",  0xa67c00 },
  { PH_STATUS_STARTLED, "!",  0xcf8a00 },
  { PH_STATUS_COWERING, "C",  0x6f4496 },
  { PH_STATUS_ANGRY,    "A",  0xc0392b },
  { PH_STATUS_VEXED,    "V",  0x9c2a6a },
  { PH_STATUS_REACTING, "R",  0x137a6e },
};

static gboolean
has_unloaded (const PhFigure *f)
{
  if (f->weapons == NULL)
    return FALSE;
  for (guint i = 0; i < f->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (f->weapons, PhWeapon, i);

      if (ph_weapon_kind_is_missile (w->kind) && !w->loaded)
        return TRUE;
    }
  return FALSE;
}

static gboolean
has_marker (const PhFigure *f,
            const Marker   *m)
{
  return m->flag == 0 ? has_unloaded (f) : (f->status & m->flag) != 0;
}

static double
badge_radius (const Fig *g)
{
  return CLAMP (g->r * 0.42, 5.0, 10.0);
}

/* Where the figure's k-th badge goes: a row from the base's top right */
static void
badge_position (const Fig *g,
                guint      k,
                double    *x,
                double    *y)
{
  double rb = badge_radius (g);

  *x = g->cx + g->r * 0.72 + k * (2 * rb + 1);
  *y = g->cy - g->ext_y * 0.72 - rb * 0.2;
}

static guint
badge_index (const Fig    *g,
             const Marker *m)
{
  guint k = 0;

  for (const Marker *i = markers; i < m; i++)
    if (has_marker (g->f, i))
      k++;
  return k;
}

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

static GArray *
collect (const PhRenderContext *ctx)
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
      g.off = ph_figure_is_off_table (f);
      g.sprite = sprites && !g.off && !g.base.square && g.r <= 60;
      if (g.sprite)
        {
          g.cx = round (g.cx);
          g.cy = round (g.cy);
        }
      g_array_append_val (figs, g);
    }
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
    {
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

static void
add_puff (cairo_t *cr,
          double   x,
          double   y,
          double   rb,
          double   grow)
{
  static const double offs[][3] = {
    { -0.55, 0.15, 0.62 }, { 0.1, -0.35, 0.7 }, { 0.6, 0.2, 0.6 }, { 0.0, 0.35, 0.6 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (offs); i++)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, x + offs[i][0] * rb, y + offs[i][1] * rb, offs[i][2] * rb + grow,
                 0, 2 * G_PI);
      cairo_close_path (cr);
    }
}

static gboolean
wants_detail (const Fig *g)
{
  return !g->off && (g->r >= 5 || g->selected);
}

static void
draw_markers (const PhRenderContext *ctx,
              GArray                *figs)
{
  cairo_t *cr = ctx->cr;
  gboolean any = FALSE;
  double font_rb = -1;

  /* Smoke in front of a figure that fired: a grey rim, then white puffs */
  for (int pass = 0; pass < 2; pass++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < figs->len; i++)
        {
          const Fig *g = &g_array_index (figs, Fig, i);
          double rb = badge_radius (g) * 1.5;
          double d = (g->base.square ? g->r * g->base.depth / g->base.width : g->r) + rb * 1.05;

          if (!wants_detail (g) || !(g->f->status & PH_STATUS_FIRED))
            continue;
          add_puff (cr, g->cx + g->fx * d, g->cy + g->fy * d, rb, pass == 0 ? 1 : 0);
          found = TRUE;
        }
      if (!found)
        break;
      if (pass == 0)
        cairo_set_source_rgba (cr, 0.35, 0.35, 0.35, 0.9);
      else
        cairo_set_source_rgba (cr, 0.97, 0.97, 0.95, 1);
      cairo_fill (cr);
    }

  /* Badges: white rims for all, then one fill per marker colour (fills
   * cost less than strokes) */
  for (guint m = 0; m < G_N_ELEMENTS (markers); m++)
    for (guint i = 0; i < figs->len; i++)
      {
        const Fig *g = &g_array_index (figs, Fig, i);
        double x, y;

        if (!wants_detail (g) || !has_marker (g->f, &markers[m]))
          continue;
        badge_position (g, badge_index (g, &markers[m]), &x, &y);
        cairo_new_sub_path (cr);
        cairo_arc (cr, x, y, badge_radius (g) + 1.2, 0, 2 * G_PI);
        cairo_close_path (cr);
        any = TRUE;
      }
  if (!any)
    return;
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill (cr);

  for (guint m = 0; m < G_N_ELEMENTS (markers); m++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < figs->len; i++)
        {
          const Fig *g = &g_array_index (figs, Fig, i);
          double x, y;

          if (!wants_detail (g) || !has_marker (g->f, &markers[m]))
            continue;
          badge_position (g, badge_index (g, &markers[m]), &x, &y);
          cairo_new_sub_path (cr);
          cairo_arc (cr, x, y, badge_radius (g), 0, 2 * G_PI);
          cairo_close_path (cr);
          found = TRUE;
        }
      if (!found)
        continue;
      ph_render_set_rgb (cr, markers[m].color, 1);
      cairo_fill (cr);
    }

  /* Letters and crossed swords, white, all in one go */
  for (guint m = 0; m < G_N_ELEMENTS (markers); m++)
    for (guint i = 0; i < figs->len; i++)
      {
        const Fig *g = &g_array_index (figs, Fig, i);
        double x, y, rb;

        if (!wants_detail (g) || !has_marker (g->f, &markers[m]))
          continue;
        badge_position (g, badge_index (g, &markers[m]), &x, &y);
        rb = badge_radius (g);
        if (markers[m].letter == NULL)
          {
            /* two blades crossing, with hilts */
            double k = rb * 0.55;

            cairo_move_to (cr, x - k, y - k);
            cairo_line_to (cr, x + k, y + k);
            cairo_move_to (cr, x + k, y - k);
            cairo_line_to (cr, x - k, y + k);
            cairo_move_to (cr, x - k * 0.9, y + k * 0.3);
            cairo_line_to (cr, x - k * 0.3, y + k * 0.9);
            cairo_move_to (cr, x + k * 0.9, y + k * 0.3);
            cairo_line_to (cr, x + k * 0.3, y + k * 0.9);
          }
      }
  cairo_set_line_width (cr, 1.4);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_stroke (cr);

  for (guint m = 0; m < G_N_ELEMENTS (markers); m++)
    for (guint i = 0; i < figs->len; i++)
      {
        const Fig *g = &g_array_index (figs, Fig, i);
        double x, y, rb;

        if (markers[m].letter == NULL || !wants_detail (g)
            || !has_marker (g->f, &markers[m]))
          continue;
        badge_position (g, badge_index (g, &markers[m]), &x, &y);
        rb = badge_radius (g);
        if (rb != font_rb)
          {
            ph_render_font (cr, rb * 1.45, TRUE, FALSE);
            font_rb = rb;
          }
        ph_render_text_add (cr, markers[m].letter, x, y, PH_ALIGN_CENTRE);
      }
  ph_render_text_finish (cr, 0xffffff, 1, 0, 0, 0);
}

static gboolean
box_free (GArray       *boxes,
          const PhRect *box)
{
  for (guint i = 0; i < boxes->len; i++)
    if (ph_rect_intersects (box, &g_array_index (boxes, PhRect, i)))
      return FALSE;
  return TRUE;
}

/* Names below the bases, on light plates (a plate is one rectangle: all
 * of them are one fast fill, where outlined text would cost ten times
 * more); when one would cover another name or a base, it goes above its
 * base if there is room there. Names are drawn before the bases: a base
 * is never hidden by a neighbour's name. */
static void
draw_names (const PhRenderContext *ctx,
            GArray                *figs)
{
  cairo_t *cr = ctx->cr;
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (PhRect));
  g_autoptr(GArray) texts = g_array_new (FALSE, FALSE, sizeof (PhPoint));
  double size = ctx->font * 0.92;
  double pad = MAX (2, size * 0.25);

  /* names keep clear of the bases too, where they can */
  for (guint i = 0; i < figs->len; i++)
    {
      const Fig *g = &g_array_index (figs, Fig, i);
      PhRect b = { g->cx - g->ext_x, g->cy - g->ext_y, g->cx + g->ext_x, g->cy + g->ext_y };

      g_array_append_val (boxes, b);
    }

  for (int off = 1; off >= 0; off--)
    {
      guint first = boxes->len;

      ph_render_font (cr, size, !off, off);
      g_array_set_size (texts, 0);
      for (guint i = 0; i < figs->len; i++)
        {
          const Fig *g = &g_array_index (figs, Fig, i);
          const char *name = ph_figure_display_name (g->f);
          cairo_text_extents_t te;
          PhRect below, above;
          PhPoint at = { g->cx, 0 };

          if (g->off != off || (g->r < 6 && !g->selected))
            continue;
          cairo_text_extents (cr, name, &te);
          below.x0 = above.x0 = g->cx - te.x_advance / 2 - pad;
          below.x1 = above.x1 = g->cx + te.x_advance / 2 + pad;
          below.y0 = g->cy + g->ext_y + 2;
          below.y1 = below.y0 + size * 1.2;
          above.y1 = g->cy - g->ext_y - 2;
          above.y0 = above.y1 - size * 1.2;
          if (!box_free (boxes, &below) && box_free (boxes, &above))
            g_array_append_val (boxes, above);
          else
            g_array_append_val (boxes, below);
          at.y = g_array_index (boxes, PhRect, boxes->len - 1).y0 + size * 0.1;
          ph_render_text_add (cr, name, at.x, at.y, PH_ALIGN_TOP);
        }
      if (boxes->len == first)
        continue;
      for (guint i = first; i < boxes->len; i++)
        {
          const PhRect *b = &g_array_index (boxes, PhRect, i);

          cairo_rectangle (cr, round (b->x0), round (b->y0),
                           round (b->x1) - round (b->x0), round (b->y1) - round (b->y0));
        }
      ph_render_set_rgb (cr, 0xfbf8ef, off ? 0.45 : 0.78);
      cairo_fill (cr);
      ph_render_text_finish (cr, 0x1d1a14, off ? 0.55 : 1, 0, 0, 0);
    }
}

void
ph_render_figures (PhRenderContext *ctx)
{
  guint layers = ctx->opts->layers;
  g_autoptr(GArray) figs = collect (ctx);

  if (figs->len == 0)
    return;
  if (layers & PH_RENDER_FIGURE_NAMES)
    draw_names (ctx, figs);
  draw_off_table (ctx, figs);
  draw_bases (ctx, figs);
  if (layers & PH_RENDER_STATUS)
    draw_markers (ctx, figs);
}
