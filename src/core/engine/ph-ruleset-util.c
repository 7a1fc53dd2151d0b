/* ph-ruleset-util.c: helpers the ruleset files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See ph-ruleset-private.h.
 */
#include "ph-core.h"
#include "ph-ruleset-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

void
ph_ruleset_add_out_of_range (PhAssessment *out,
                             const char   *format,
                             ...)
{
  g_autofree char *text = NULL;
  /* TRANSLATORS: %s says by how much: "30.5 in, musket reaches 24 in" */
  const char *outer = _("out of range: %s");
  const char *at = strstr (outer, "%s");
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  /* what printf would make of the one %s, without printf (every shot
   * out of range of a list has one of these) */
  if (at != NULL && strchr (outer, '%') == at && strchr (at + 2, '%') == NULL)
    {
      GString *reason = g_string_sized_new (strlen (outer) + strlen (text));

      g_string_append_len (reason, outer, at - outer);
      g_string_append (reason, text);
      g_string_append (reason, at + 2);
      g_ptr_array_add (out->reasons, g_string_free (reason, FALSE));
    }
  else
    ph_assessment_add_reason (out, outer, text);
}

char *
ph_ruleset_format_beyond (double d,
                          double limit)
{
  static const char * const formats[] = { NULL, "%.1f", "%.2f", "%.3f", "%.4f", "%.5f" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (int decimals = 1; decimals < 6; decimals++)
    {
      g_ascii_formatd (buf, sizeof buf, formats[decimals], d);
      if (g_ascii_strtod (buf, NULL) > limit)
        return g_strdup (buf);
    }
  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.6f", d));
}

char *
ph_ruleset_format_number (double d)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* a whole number as "%g" writes it, without printf: the ranges are */
  if (d > 0 && d < 1e6 && d == (double) (gint64) d)
    return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) d);
  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%g", d));
}

/* A finite number > 0, the whole string read */
gboolean
ph_ruleset_parse_positive_number (const char *value,
                                  double     *out)
{
  char *end = NULL;
  double v;

  if (value == NULL || *value == '\0' || g_ascii_isspace (*value))
    return FALSE;
  v = g_ascii_strtod (value, &end);
  if (end == value || *end != '\0' || !isfinite (v) || v <= 0.0)
    return FALSE;
  *out = v;
  return TRUE;
}

gboolean
ph_ruleset_parse_int (const char *value,
                      int         min,
                      int         max,
                      int        *out)
{
  gint64 v;

  if (value == NULL
      || !g_ascii_string_to_signed (value, 10, min, max, &v, NULL))
    return FALSE;
  *out = (int) v;
  return TRUE;
}

/* "option 'NAME' must be MUST_BE (WHAT), not 'VALUE'"; always FALSE */
static gboolean
option_error (GError     **error,
              GQuark       domain,
              int          code,
              const char  *name,
              const char  *value,
              const char  *must_be,
              const char  *what)
{
  g_set_error (error, domain, code, "option '%s' must be %s%s%s%s, not '%s'",
               name, must_be, what != NULL ? " (" : "", what != NULL ? what : "",
               what != NULL ? ")" : "", value);
  return FALSE;
}

gboolean
ph_ruleset_check_positive_number (const char  *name,
                                  const char  *value,
                                  const char  *what,
                                  GQuark       domain,
                                  int          code,
                                  double      *out,
                                  GError     **error)
{
  double v;

  if (!ph_ruleset_parse_positive_number (value, &v))
    return option_error (error, domain, code, name, value, "a number > 0", what);
  if (out != NULL)
    *out = v;
  return TRUE;
}

gboolean
ph_ruleset_check_int (const char  *name,
                      const char  *value,
                      int          min,
                      int          max,
                      const char  *what,
                      GQuark       domain,
                      int          code,
                      int         *out,
                      GError     **error)
{
  int v;

  if (!ph_ruleset_parse_int (value, min, max, &v))
    {
      g_autofree char *must_be = g_strdup_printf ("a whole number from %d to %d",
                                                  min, max);

      return option_error (error, domain, code, name, value, must_be, what);
    }
  if (out != NULL)
    *out = v;
  return TRUE;
}

gboolean
ph_ruleset_check_boolean (const char  *name,
                          const char  *value,
                          GQuark       domain,
                          int          code,
                          gboolean    *out,
                          GError     **error)
{
  if (g_strcmp0 (value, "true") != 0 && g_strcmp0 (value, "false") != 0)
    return option_error (error, domain, code, name, value,
                         "'true' or 'false'", NULL);
  if (out != NULL)
    *out = g_str_equal (value, "true");
  return TRUE;
}

GVariantBuilder *
ph_ruleset_details_begin (PhAssessment    *out,
                          GVariantBuilder *storage)
{
  if (out->numbers_only)
    return NULL;
  g_variant_builder_init (storage, G_VARIANT_TYPE_VARDICT);
  return storage;
}

/* One entry, without the builder's format strings */
static void
add_detail (GVariantBuilder *details,
            const char      *key,
            GVariant        *value)
{
  g_variant_builder_add_value (details,
                               g_variant_new_dict_entry (g_variant_new_string (key),
                                                         g_variant_new_variant (value)));
}

void
ph_ruleset_detail_double (GVariantBuilder *details,
                          const char      *key,
                          double           value)
{
  if (details == NULL)
    return;
  add_detail (details, key, g_variant_new_double (value));
}

void
ph_ruleset_detail_int (GVariantBuilder *details,
                       const char      *key,
                       gint32           value)
{
  if (details == NULL)
    return;
  add_detail (details, key, g_variant_new_int32 (value));
}

void
ph_ruleset_detail_boolean (GVariantBuilder *details,
                           const char      *key,
                           gboolean         value)
{
  if (details == NULL)
    return;
  add_detail (details, key, g_variant_new_boolean (value));
}

void
ph_ruleset_detail_string (GVariantBuilder *details,
                          const char      *key,
                          const char      *value)
{
  if (details == NULL)
    return;
  add_detail (details, key, g_variant_new_string (value));
}

void
ph_ruleset_detail_null (GVariantBuilder *details,
                        const char      *key)
{
  if (details == NULL)
    return;
  add_detail (details, key, g_variant_new_maybe (G_VARIANT_TYPE_DOUBLE, NULL));
}

void
ph_ruleset_set_details (PhAssessment    *out,
                        GVariantBuilder *details)
{
  if (details == NULL)
    return;
  g_clear_pointer (&out->details, g_variant_unref);
  out->details = g_variant_builder_end (details);
}
