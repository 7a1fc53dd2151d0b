/* ph-render-background.c: the scenario's <background> image, under the
 * terrain
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PNG, JPEG and SVG are read with gdk-pixbuf (GLib, not GTK; SVG through
 * its librsvg loader) and turned into a cairo image surface once: images
 * are kept by file name and modification time, so a frame never decodes
 * one again. A missing or unreadable image draws nothing; the reason is
 * ph_render_background_check()'s to tell (the CLI's warning).
 */

#include <errno.h>

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>

#include <glib/gi18n-lib.h>

#include "ph-render-private.h"

/* An SVG is drawn into this many pixels along its longer side */
#define SVG_PIXELS 2048
/* Bigger raster images are refused: 16384 x 16384 x 4 bytes is 1 GiB */
#define MAX_PIXELS (8192 * 8192)

typedef struct
{
  gint64 mtime;
  goffset size;
  cairo_surface_t *surface;  /* NULL when it cannot be read */
  char *error;               /* why not */
} CachedImage;

static GMutex cache_lock;
static GHashTable *cache;    /* path -> CachedImage* */

static void
cached_image_free (gpointer data)
{
  CachedImage *image = data;

  g_clear_pointer (&image->surface, cairo_surface_destroy);
  g_free (image->error);
  g_free (image);
}

/* GdkPixbuf's RGB(A), not premultiplied, into cairo's premultiplied
 * native-endian ARGB32 */
static cairo_surface_t *
surface_from_pixbuf (GdkPixbuf *pixbuf)
{
  int width = gdk_pixbuf_get_width (pixbuf);
  int height = gdk_pixbuf_get_height (pixbuf);
  int channels = gdk_pixbuf_get_n_channels (pixbuf);
  int in_stride = gdk_pixbuf_get_rowstride (pixbuf);
  const guchar *in = gdk_pixbuf_read_pixels (pixbuf);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  int out_stride;
  guchar *out;

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    return surface;
  cairo_surface_flush (surface);
  out = cairo_image_surface_get_data (surface);
  out_stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < height; y++)
    {
      const guchar *p = in + (gsize) y * in_stride;
      guint32 *q = (guint32 *) (out + (gsize) y * out_stride);

      for (int x = 0; x < width; x++, p += channels)
        {
          guint a = channels == 4 ? p[3] : 255;
          guint r = (p[0] * a + 127) / 255;
          guint g = (p[1] * a + 127) / 255;
          guint b = (p[2] * a + 127) / 255;

          q[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
  cairo_surface_mark_dirty (surface);
  return surface;
}

static CachedImage *
read_image (const char *path,
            gint64      mtime,
            goffset     size)
{
  CachedImage *image = g_new0 (CachedImage, 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  GdkPixbufFormat *format;
  int width = 0, height = 0;

  image->mtime = mtime;
  image->size = size;
  format = gdk_pixbuf_get_file_info (path, &width, &height);
  if (format == NULL)
    {
      image->error = g_strdup (_("not an image that can be read (PNG, JPEG or SVG)"));
      return image;
    }
  if (gdk_pixbuf_format_is_scalable (format))
    pixbuf = gdk_pixbuf_new_from_file_at_scale (path, width >= height ? SVG_PIXELS : -1,
                                                width >= height ? -1 : SVG_PIXELS, TRUE, &error);
  else if ((gint64) width * height > MAX_PIXELS)
    {
      image->error = g_strdup_printf (_("the image is too large (%d x %d pixels)"), width, height);
      return image;
    }
  else
    pixbuf = gdk_pixbuf_new_from_file (path, &error);
  if (pixbuf == NULL)
    {
      image->error = g_strdup (error->message);
      return image;
    }
  image->surface = surface_from_pixbuf (pixbuf);
  if (cairo_surface_status (image->surface) != CAIRO_STATUS_SUCCESS)
    {
      image->error = g_strdup (cairo_status_to_string (cairo_surface_status (image->surface)));
      g_clear_pointer (&image->surface, cairo_surface_destroy);
    }
  return image;
}

/* The decoded image of @path (a new reference), or NULL with why not */
static cairo_surface_t *
get_image (const char  *path,
           char       **why_not)
{
  cairo_surface_t *surface = NULL;
  CachedImage *image;
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    {
      *why_not = g_strdup (g_strerror (errno));
      return NULL;
    }
  g_mutex_lock (&cache_lock);
  if (cache == NULL)
    cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, cached_image_free);
  image = g_hash_table_lookup (cache, path);
  if (image == NULL || image->mtime != (gint64) st.st_mtime || image->size != st.st_size)
    {
      image = read_image (path, st.st_mtime, st.st_size);
      g_hash_table_replace (cache, g_strdup (path), image);
    }
  if (image->surface != NULL)
    surface = cairo_surface_reference (image->surface);
  else
    *why_not = g_strdup (image->error);
  g_mutex_unlock (&cache_lock);
  return surface;
}

gboolean
ph_render_background_check (const PhScenario  *scenario,
                            GError           **error)
{
  g_autofree char *why_not = NULL;
  cairo_surface_t *surface;
  const char *file;

  if (scenario->background == NULL)
    return TRUE;
  file = ph_background_get_file (scenario->background);
  surface = get_image (file, &why_not);
  if (surface == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   _("background image '%s' is not drawn: %s"), scenario->background->href, why_not);
      return FALSE;
    }
  cairo_surface_destroy (surface);
  return TRUE;
}

void
ph_render_background (PhRenderContext *ctx)
{
  const PhBackground *bg = ctx->scenario->background;
  g_autofree char *why_not = NULL;
  cairo_surface_t *surface;
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;
  double w, h, sx, sy;

  if (bg == NULL || bg->opacity <= 0)
    return;
  surface = get_image (ph_background_get_file (bg), &why_not);
  if (surface == NULL)
    return;
  w = cairo_image_surface_get_width (surface);
  h = cairo_image_surface_get_height (surface);
  if (w < 1 || h < 1)
    {
      cairo_surface_destroy (surface);
      return;
    }
  /* image pixels per device pixel, from the table units it covers */
  sx = ph_dlen (ctx, bg->width) / w;
  sy = bg->height > 0 ? ph_dlen (ctx, bg->height) / h : sx;

  pattern = cairo_pattern_create_for_surface (surface);
  cairo_matrix_init_translate (&matrix, ph_dx (ctx, bg->x), ph_dy (ctx, bg->y));
  cairo_matrix_scale (&matrix, sx, sy);
  cairo_matrix_invert (&matrix);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_pattern_set_filter (pattern, CAIRO_FILTER_GOOD);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_NONE);

  cairo_save (ctx->cr);
  cairo_rectangle (ctx->cr, ph_dx (ctx, bg->x), ph_dy (ctx, bg->y), w * sx, h * sy);
  cairo_clip (ctx->cr);
  cairo_set_source (ctx->cr, pattern);
  cairo_paint_with_alpha (ctx->cr, bg->opacity);
  cairo_restore (ctx->cr);
  cairo_pattern_destroy (pattern);
  cairo_surface_destroy (surface);
}
