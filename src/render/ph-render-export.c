/* ph-render-export.c: the whole table to a PNG, PDF or SVG file
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gio/gio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-render-private.h"

/* A PNG wider or taller than this is refused (cairo's own limit) */
#define MAX_IMAGE_SIDE 32767

gboolean
ph_render_format_from_filename (const char     *filename,
                                PhRenderFormat *format)
{
  const char *dot;

  g_return_val_if_fail (filename != NULL, FALSE);

  dot = strrchr (filename, '.');
  if (dot == NULL || strchr (dot, G_DIR_SEPARATOR) != NULL)
    return FALSE;
  if (g_ascii_strcasecmp (dot, ".png") == 0)
    *format = PH_RENDER_FORMAT_PNG;
  else if (g_ascii_strcasecmp (dot, ".pdf") == 0)
    *format = PH_RENDER_FORMAT_PDF;
  else if (g_ascii_strcasecmp (dot, ".svg") == 0)
    *format = PH_RENDER_FORMAT_SVG;
  else
    return FALSE;
  return TRUE;
}

cairo_status_t
ph_render_write_to_bytes (void                *closure,
                          const unsigned char *data,
                          unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
ph_render_check_cairo (cairo_status_t   status,
                       const char      *filename,
                       GError         **error)
{
  g_autofree char *name = NULL;

  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  name = g_filename_display_name (filename);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               _("cannot draw %s: %s"), name, cairo_status_to_string (status));
  return FALSE;
}

cairo_surface_t *
ph_render_pdf_surface_new (const PhScenario *scenario,
                           GByteArray       *bytes,
                           double            width,
                           double            height)
{
  cairo_surface_t *surface;

  surface = cairo_pdf_surface_create_for_stream (ph_render_write_to_bytes, bytes, width, height);
  if (scenario->title != NULL)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, scenario->title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Powderhorn");
  return surface;
}

void
ph_render_export_size (const PhScenario      *scenario,
                       double                 scale,
                       const PhRenderOptions *opts,
                       int                   *width,
                       int                   *height,
                       PhRenderView          *view)
{
  PhRenderView v;
  PhRect legend;
  int w, h;

  g_return_if_fail (scenario != NULL);

  ph_render_image_size (&scenario->table, scale, &w, &h, &v);
  /* the threat map's legend below the table: in its corner it hid two or
   * three inches of it */
  if (opts != NULL && opts->threat_figure != NULL
      && ph_render_threat_legend_box (scenario, &v, opts->threat_figure, &legend))
    {
      double air = MAX (4, ph_render_margin (scale) / 4);

      w = MAX (w, (int) ceil (legend.x1 + air));
      h = MAX (h, (int) ceil (legend.y1 + air));
    }
  if (width != NULL)
    *width = w;
  if (height != NULL)
    *height = h;
  if (view != NULL)
    *view = v;
}

GBytes *
ph_render_export_bytes (const PhScenario      *scenario,
                        PhRenderFormat         format,
                        double                 scale,
                        const PhRenderOptions *opts,
                        const char            *filename,
                        GError               **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  PhRenderView view;
  int width, height;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!(scale >= PH_RENDER_MIN_SCALE && scale <= PH_RENDER_MAX_SCALE))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("the scale must be between %g and %g pixels per unit"),
                   PH_RENDER_MIN_SCALE, PH_RENDER_MAX_SCALE);
      return NULL;
    }
  if (opts != NULL && !ph_render_options_check (opts, scenario, error))
    return NULL;

  ph_render_export_size (scenario, scale, opts, &width, &height, &view);
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("the image would be %d x %d pixels, more than %d a side: "
                     "use fewer pixels per unit"), width, height, MAX_IMAGE_SIDE);
      return NULL;
    }

  switch (format)
    {
    case PH_RENDER_FORMAT_PDF:
      surface = cairo_pdf_surface_create_for_stream (ph_render_write_to_bytes, bytes, width, height);
      break;
    case PH_RENDER_FORMAT_SVG:
      surface = cairo_svg_surface_create_for_stream (ph_render_write_to_bytes, bytes, width, height);
      break;
    case PH_RENDER_FORMAT_PNG:
    default:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      break;
    }
  if (!ph_render_check_cairo (cairo_surface_status (surface), filename, error))
    {
      cairo_surface_destroy (surface);
      return NULL;
    }
  if (format == PH_RENDER_FORMAT_PDF && scenario->title != NULL)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, scenario->title);

  cr = cairo_create (surface);
  ph_render_map (cr, scenario, &view, opts);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS && format == PH_RENDER_FORMAT_PNG)
    status = cairo_surface_write_to_png_stream (surface, ph_render_write_to_bytes, bytes);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (!ph_render_check_cairo (status, filename, error))
    return NULL;
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

gboolean
ph_render_export (const PhScenario      *scenario,
                  const char            *filename,
                  PhRenderFormat         format,
                  double                 scale,
                  const PhRenderOptions *opts,
                  GError               **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local = NULL;
  gconstpointer data;
  gsize length;

  g_return_val_if_fail (filename != NULL, FALSE);

  bytes = ph_render_export_bytes (scenario, format, scale, opts, filename, error);
  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &length);
  if (!g_file_set_contents (filename, data, length, &local))
    {
      g_autofree char *name = g_filename_display_name (filename);
      const char *why;

      /* g_file_set_contents() names its temporary file: name the real one */
      switch (local->code)
        {
        case G_FILE_ERROR_NOENT:  why = _("no such file or directory"); break;
        case G_FILE_ERROR_ACCES:  why = _("permission denied"); break;
        case G_FILE_ERROR_NOSPC:  why = _("no space left on the device"); break;
        case G_FILE_ERROR_ROFS:   why = _("read-only file system"); break;
        case G_FILE_ERROR_ISDIR:  why = _("it is a directory"); break;
        case G_FILE_ERROR_NOTDIR: why = _("a part of the path is not a directory"); break;
        default:                  why = local->message; break;
        }
      g_set_error (error, G_FILE_ERROR, local->code, _("cannot write %s: %s"), name, why);
      return FALSE;
    }
  return TRUE;
}
