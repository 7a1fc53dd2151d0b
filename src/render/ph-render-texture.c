/* ph-render-texture.c: periodic textures for area terrain
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A texture is a few layers of marks (tree crowns, stipple, stones, reeds,
 * ripples) on jittered lattices that repeat every PERIOD inches of the
 * table, anchored at the table's corner, so textures never swim when the
 * view pans and two woods side by side match.
 *
 * On an image surface the texture is drawn once per call into a tile of
 * one period, and each feature is one fill with that tile repeated: a
 * big wood costs what a plain one does. On vector surfaces (PDF, SVG) and
 * when zoomed in so far that a tile would be huge, the marks are drawn
 * directly, only those inside the feature and on screen.
 *
 * The tiles are kept across calls, per texture and scale, in a cache any
 * thread may use (the window draws its layers in worker threads): a
 * frame at a scale drawn before, or the terrain drawn again after an
 * edit, paints the tiles it has. A tile's pixels never change once made,
 * so each use wraps them in a surface of its own.
 */
#include "ph-render-private.h"

#include <string.h>

#define PERIOD 6.0         /* inches */
#define MAX_TILE_PX 1024
#define MIN_SPACING_PX 3.5 /* finer layers are left out */
/* The cache lets go of every tile past this many bytes */
#define TILE_CACHE_BYTES (64 << 20)

/* What a tile's pixels depend on */
typedef struct
{
  const PhTexture *tex;
  double scale;
  double inch;
  double dsx, dsy;
} TileKey;

typedef struct
{
  TileKey key;
  GBytes *pixels;
  int width, height, stride;
} Tile;

static GMutex tile_lock;
static GPtrArray *tile_cache; /* of Tile*, under tile_lock */
static gsize tile_cache_bytes;
static guint tile_draws;      /* tiles drawn, for the tests */

static void
tile_free (Tile *tile)
{
  g_bytes_unref (tile->pixels);
  g_free (tile);
}

/* A surface of its own over the tile's pixels, which it keeps */
static cairo_surface_t *
tile_surface (GBytes *pixels,
              int     width,
              int     height,
              int     stride,
              double  dsx,
              double  dsy)
{
  static cairo_user_data_key_t key;
  cairo_surface_t *surface =
    cairo_image_surface_create_for_data ((guchar *) g_bytes_get_data (pixels, NULL),
                                         CAIRO_FORMAT_ARGB32, width, height, stride);

  cairo_surface_set_user_data (surface, &key, g_bytes_ref (pixels),
                               (cairo_destroy_func_t) g_bytes_unref);
  cairo_surface_set_device_scale (surface, dsx, dsy);
  return surface;
}

static cairo_surface_t *
tile_cache_lookup (const TileKey *key)
{
  cairo_surface_t *surface = NULL;

  g_mutex_lock (&tile_lock);
  for (guint i = 0; tile_cache != NULL && i < tile_cache->len; i++)
    {
      Tile *tile = g_ptr_array_index (tile_cache, i);

      if (memcmp (&tile->key, key, sizeof *key) == 0)
        {
          surface = tile_surface (tile->pixels, tile->width, tile->height, tile->stride,
                                  key->dsx, key->dsy);
          break;
        }
    }
  g_mutex_unlock (&tile_lock);
  return surface;
}

/* Keeps @surface's pixels (which nobody draws on again) for @key, and
 * returns a surface over the kept pixels */
static cairo_surface_t *
tile_cache_insert (const TileKey   *key,
                   cairo_surface_t *surface)
{
  Tile *tile = g_new0 (Tile, 1);
  cairo_surface_t *kept;

  cairo_surface_flush (surface);
  tile->key = *key;
  tile->width = cairo_image_surface_get_width (surface);
  tile->height = cairo_image_surface_get_height (surface);
  tile->stride = cairo_image_surface_get_stride (surface);
  tile->pixels = g_bytes_new (cairo_image_surface_get_data (surface),
                              (gsize) tile->stride * tile->height);
  kept = tile_surface (tile->pixels, tile->width, tile->height, tile->stride,
                       key->dsx, key->dsy);

  g_mutex_lock (&tile_lock);
  if (tile_cache == NULL)
    tile_cache = g_ptr_array_new_with_free_func ((GDestroyNotify) tile_free);
  if (tile_cache_bytes + g_bytes_get_size (tile->pixels) > TILE_CACHE_BYTES)
    {
      /* the surfaces in use keep their pixels */
      g_ptr_array_set_size (tile_cache, 0);
      tile_cache_bytes = 0;
    }
  tile_cache_bytes += g_bytes_get_size (tile->pixels);
  g_ptr_array_add (tile_cache, tile);
  tile_draws++;
  g_mutex_unlock (&tile_lock);
  return kept;
}

guint
ph_render_texture_tiles_drawn (void)
{
  guint n;

  g_mutex_lock (&tile_lock);
  n = tile_draws;
  g_mutex_unlock (&tile_lock);
  return n;
}

typedef struct
{
  int ni, nj;      /* lattice points per period */
  double sx, sy;   /* their spacing, table units */
  double period;   /* table units */
} Lattice;

/* The period, table units: on a tile, a whole number of device pixels so
 * that the tile repeats seamlessly without resampling */
static double
texture_period (const PhRenderContext *ctx,
                gboolean               tiled)
{
  double period = PERIOD * ctx->inch;

  if (tiled)
    period = MAX (1, round (ph_dlen (ctx, period))) / ctx->view->scale;
  return period;
}

static void
lattice_init (Lattice                  *l,
              const PhRenderContext    *ctx,
              const PhTextureLayer     *layer,
              double                    period)
{
  double s = layer->spacing * ctx->inch;

  l->period = period;
  l->ni = MAX (1, (int) round (l->period / s));
  /* an even number of rows, for the half-step stagger */
  l->nj = MAX (2, 2 * (int) round (l->period / (s * 0.866) / 2));
  l->sx = l->period / l->ni;
  l->sy = l->period / l->nj;
}

static int
wrap (int i,
      int n)
{
  int m = i % n;

  return m < 0 ? m + n : m;
}

/* Marks: appended to the path, device coordinates */

static void
mark_dot (const PhRenderContext *ctx,
          const PhTextureLayer  *layer,
          PhPoint                p,
          double                 n1,
          double                 n2)
{
  double in = ctx->inch;
  double r = layer->size * in * (1 + (n2 - 0.5) * layer->vary);

  cairo_new_sub_path (ctx->cr);
  cairo_arc (ctx->cr, ph_dx (ctx, p.x + layer->dx * in), ph_dy (ctx, p.y + layer->dy * in),
             MAX (0.8, ph_dlen (ctx, r)), 0, 2 * G_PI);
  cairo_close_path (ctx->cr);
}

static void
mark_lump (const PhRenderContext *ctx,
           const PhTextureLayer  *layer,
           PhPoint                p,
           double                 n1,
           double                 n2)
{
  double r = layer->size * ctx->inch * (1 + (n2 - 0.5) * layer->vary);
  double rot = n1 * 2 * G_PI;

  for (int k = 0; k < 6; k++)
    {
      double a = rot + k * G_PI / 3;
      double rk = r * (0.75 + 0.35 * ph_render_noise ((guint) (n1 * 1e6), k, 7));
      double x = ph_dx (ctx, p.x + rk * cos (a));
      double y = ph_dy (ctx, p.y + rk * sin (a));

      if (k == 0)
        cairo_move_to (ctx->cr, x, y);
      else
        cairo_line_to (ctx->cr, x, y);
    }
  cairo_close_path (ctx->cr);
}

static void
mark_dash (const PhRenderContext *ctx,
           const PhTextureLayer  *layer,
           PhPoint                p,
           double                 n1,
           double                 n2)
{
  cairo_t *cr = ctx->cr;
  double len = layer->size * ctx->inch;

  cairo_move_to (cr, ph_dx (ctx, p.x - len / 2), ph_dy (ctx, p.y));
  cairo_line_to (cr, ph_dx (ctx, p.x + len / 2), ph_dy (ctx, p.y));
  if (n2 < 0.45)
    {
      /* a tuft of reeds */
      for (int k = -1; k <= 1; k++)
        {
          cairo_move_to (cr, ph_dx (ctx, p.x + k * len * 0.16), ph_dy (ctx, p.y));
          cairo_line_to (cr, ph_dx (ctx, p.x + k * len * 0.3),
                         ph_dy (ctx, p.y - len * (k == 0 ? 0.45 : 0.32)));
        }
    }
}

static void
mark_ripple (const PhRenderContext *ctx,
             const PhTextureLayer  *layer,
             PhPoint                p,
             double                 n1,
             double                 n2)
{
  double w = ph_dlen (ctx, layer->size * ctx->inch);
  double x = ph_dx (ctx, p.x), y = ph_dy (ctx, p.y), h = w / 4;

  cairo_move_to (ctx->cr, x - w / 2, y);
  cairo_rel_curve_to (ctx->cr, h, -h, h, -h, 2 * h, 0);
  cairo_rel_curve_to (ctx->cr, h, h, h, h, 2 * h, 0);
}

/* Adds the layer's marks around the lattice points in @region (table
 * units) to the path; with @shape, only those whose point is inside it */
static void
layer_path (const PhRenderContext *ctx,
            const PhTextureLayer  *layer,
            guint                  seed,
            double                 period,
            const PhRect          *region,
            const PhShape         *shape)
{
  Lattice l;
  int i0, i1, j0, j1;

  lattice_init (&l, ctx, layer, period);
  j0 = (int) floor (region->y0 / l.sy) - 1;
  j1 = (int) ceil (region->y1 / l.sy) + 1;
  i0 = (int) floor (region->x0 / l.sx) - 1;
  i1 = (int) ceil (region->x1 / l.sx) + 1;
  if ((double) (i1 - i0) * (j1 - j0) > 400000)
    return;
  for (int j = j0; j <= j1; j++)
    for (int i = i0; i <= i1; i++)
      {
        int wi = wrap (i, l.ni), wj = wrap (j, l.nj);
        double n1 = ph_render_noise (seed, wi, wj);
        double n2 = ph_render_noise (seed ^ 0x9e3779b9u, wi, wj);
        double n3 = ph_render_noise (seed ^ 0x85ebca6bu, wi, wj);
        PhPoint p = { (i + ((j & 1) ? 0.5 : 0) + (n1 - 0.5) * layer->jitter) * l.sx,
                      (j + (n2 - 0.5) * layer->jitter) * l.sy };

        if (n3 < layer->skip)
          continue;
        if (shape != NULL && !ph_shape_contains_point (shape, p))
          continue;
        switch (layer->mark)
          {
          case PH_MARK_DOT:    mark_dot (ctx, layer, p, n1, n3); break;
          case PH_MARK_LUMP:   mark_lump (ctx, layer, p, n1, n3); break;
          case PH_MARK_DASH:   mark_dash (ctx, layer, p, n1, n3); break;
          case PH_MARK_RIPPLE: mark_ripple (ctx, layer, p, n1, n3); break;
          default: break;
          }
      }
}

static void
layer_paint (const PhRenderContext *ctx,
             const PhTextureLayer  *layer)
{
  cairo_t *cr = ctx->cr;

  ph_render_set_rgb (cr, layer->color, layer->alpha);
  if (layer->line > 0)
    {
      cairo_set_line_width (cr, MAX (1, MIN (layer->line, ph_dlen (ctx, 0.045 * ctx->inch))));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_stroke (cr);
      return;
    }
  if (layer->outline != 0)
    {
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 1);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      ph_render_set_rgb (cr, layer->outline, 1);
      cairo_stroke (cr);
      return;
    }
  cairo_fill (cr);
}

static gboolean
layer_shown (const PhRenderContext *ctx,
             const PhTextureLayer  *layer)
{
  return ph_dlen (ctx, layer->spacing * ctx->inch) >= MIN_SPACING_PX;
}

/* The largest mark's reach beyond its lattice point, table units */
static double
texture_reach (const PhRenderContext *ctx,
               const PhTexture       *tex)
{
  double reach = 0;

  for (guint k = 0; k < tex->n; k++)
    {
      const PhTextureLayer *l = &tex->layers[k];

      reach = MAX (reach, (l->size * (1 + l->vary) + fabs (l->dx) + fabs (l->dy)
                           + l->spacing * l->jitter) * ctx->inch);
    }
  return reach;
}

static cairo_pattern_t *
tile_pattern (const PhRenderContext *ctx,
              const PhTexture       *tex)
{
  cairo_pattern_t *pattern;
  cairo_surface_t *tile;
  PhRenderContext tctx;
  PhRenderView tview;
  cairo_matrix_t m;
  double period = texture_period (ctx, TRUE);
  double reach = texture_reach (ctx, tex);
  int px = (int) round (ph_dlen (ctx, period));
  double dsx, dsy;
  PhRect region;

  TileKey key;

  if (ctx->tiles != NULL
      && (pattern = g_hash_table_lookup (ctx->tiles, tex)) != NULL)
    return pattern;

  /* on a HiDPI surface, a tile of as many device pixels */
  cairo_surface_get_device_scale (cairo_get_target (ctx->cr), &dsx, &dsy);
  memset (&key, 0, sizeof key);
  key.tex = tex;
  key.scale = ctx->view->scale;
  key.inch = ctx->inch;
  key.dsx = dsx;
  key.dsy = dsy;
  tile = tile_cache_lookup (&key);
  if (tile == NULL)
    {
      cairo_surface_t *drawn;

      /* The tile at the view's scale, so it is painted pixel for pixel */
      tview.scale = ctx->view->scale;
      tview.x0 = tview.y0 = 0;
      drawn = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                          (int) ceil (px * dsx), (int) ceil (px * dsy));
      cairo_surface_set_device_scale (drawn, dsx, dsy);
      tctx = *ctx;
      tctx.view = &tview;
      tctx.cr = cairo_create (drawn);
      region = (PhRect) { -reach, -reach, period + reach, period + reach };
      for (guint k = 0; k < tex->n; k++)
        if (layer_shown (ctx, &tex->layers[k]))
          {
            layer_path (&tctx, &tex->layers[k], tex->seed, period, &region, NULL);
            layer_paint (&tctx, &tex->layers[k]);
          }
      cairo_destroy (tctx.cr);
      tile = tile_cache_insert (&key, drawn);
      cairo_surface_destroy (drawn);
    }

  pattern = cairo_pattern_create_for_surface (tile);
  cairo_surface_destroy (tile);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  /* anchored at the table's corner, on whole pixels: no resampling */
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
  cairo_matrix_init_translate (&m, -round (ctx->view->x0), -round (ctx->view->y0));
  cairo_pattern_set_matrix (pattern, &m);
  if (ctx->tiles != NULL)
    g_hash_table_insert (ctx->tiles, (gpointer) tex, pattern);
  return pattern;
}

void
ph_render_texture (const PhRenderContext *ctx,
                   const PhFeature       *f,
                   const PhTexture       *tex)
{
  cairo_t *cr = ctx->cr;
  gboolean any = FALSE;
  PhRect region;
  double reach;

  for (guint k = 0; k < tex->n; k++)
    any |= layer_shown (ctx, &tex->layers[k]);
  if (!any)
    return;

  if (cairo_surface_get_type (cairo_get_target (cr)) == CAIRO_SURFACE_TYPE_IMAGE
      && ph_dlen (ctx, PERIOD * ctx->inch) <= MAX_TILE_PX)
    {
      cairo_pattern_t *pattern = tile_pattern (ctx, tex);

      ph_render_path_shape (ctx, &f->shape);
      cairo_set_source (cr, pattern);
      cairo_fill (cr);
      if (ctx->tiles == NULL)
        cairo_pattern_destroy (pattern);
      return;
    }

  /* Directly: the marks near the feature and the screen, clipped to the
   * feature (just as the tile would be) */
  reach = texture_reach (ctx, tex);
  region.x0 = MAX (f->shape.bbox.x0 - reach, ctx->visible.x0 - reach);
  region.y0 = MAX (f->shape.bbox.y0 - reach, ctx->visible.y0 - reach);
  region.x1 = MIN (f->shape.bbox.x1 + reach, ctx->visible.x1 + reach);
  region.y1 = MIN (f->shape.bbox.y1 + reach, ctx->visible.y1 + reach);
  if (region.x0 >= region.x1 || region.y0 >= region.y1)
    return;
  cairo_save (cr);
  ph_render_path_shape (ctx, &f->shape);
  cairo_clip (cr);
  for (guint k = 0; k < tex->n; k++)
    if (layer_shown (ctx, &tex->layers[k]))
      {
        layer_path (ctx, &tex->layers[k], tex->seed, texture_period (ctx, FALSE),
                    &region, NULL);
        layer_paint (ctx, &tex->layers[k]);
      }
  cairo_restore (cr);
}
