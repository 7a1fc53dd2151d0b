/* ph-scenario-values.c: strict parsing of attribute values
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Numbers, integers, booleans, ids, point lists and colours as
 * scenario-format.md writes them, each read whole: "12" but not " 12 ",
 * "12in", "0x10", "inf" or "1e999". A bad value is reported as
 * "FILE:LINE: <element ...>: attribute 'x' must be ..., not '...'" and the
 * caller goes on, so that every problem of a file is listed.
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "ph-scenario.h"

#include "ph-scenario-check.h"
#include "ph-scenario-values.h"

const PhRange ph_range_coord = { -PH_COORD_LIMIT, PH_COORD_LIMIT, FALSE,
                                 "a number from -100000 to 100000" };
const PhRange ph_range_table = { 0, 10000, TRUE, "a number > 0 and at most 10000" };
const PhRange ph_range_length = { 0, PH_COORD_LIMIT, TRUE, "a number > 0 and at most 100000" };
const PhRange ph_range_finite = { -DBL_MAX, DBL_MAX, FALSE, "a finite number" };
const PhRange ph_range_fraction = { 0, 1, FALSE, "a number from 0 to 1" };

void
ph_builder_fail (PhBuilder     *b,
                 const xmlNode *node,
                 const char    *format,
                 ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  ph_reader_problem (b->r, PH_SCENARIO_ERROR_INVALID, ph_reader_line (b->r, node),
                     "%s: %s", ph_reader_describe (b->r, node), text);
}

const char *
ph_builder_attr (PhBuilder     *b,
                 const xmlNode *node,
                 const char    *name)
{
  return ph_reader_attr (b->r, node, name);
}

const char *
ph_builder_show (PhBuilder  *b,
                 const char *value)
{
  return ph_reader_show (b->r, value);
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Numbers */

/* XML decimal syntax: [+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)? */
static gboolean
number_syntax_ok (const char *s,
                  gsize       len)
{
  const char *p = s, *end = s + len;
  gsize digits = 0;

  if (p < end && (*p == '+' || *p == '-'))
    p++;
  while (p < end && g_ascii_isdigit (*p))
    p++, digits++;
  if (p < end && *p == '.')
    {
      p++;
      while (p < end && g_ascii_isdigit (*p))
        p++, digits++;
    }
  if (digits == 0)
    return FALSE;
  if (p < end && (*p == 'e' || *p == 'E'))
    {
      gsize exp_digits = 0;

      p++;
      if (p < end && (*p == '+' || *p == '-'))
        p++;
      while (p < end && g_ascii_isdigit (*p))
        p++, exp_digits++;
      if (exp_digits == 0)
        return FALSE;
    }
  return p == end;
}

gboolean
ph_parse_number (const char *s,
                 gsize       len,
                 double     *out)
{
  char buf[64];
  g_autofree char *big = NULL;
  char *copy = buf, *end;
  double v;

  if (!number_syntax_ok (s, len))
    return FALSE;
  if (len < sizeof buf)
    {
      memcpy (buf, s, len);
      buf[len] = '\0';
    }
  else
    copy = big = g_strndup (s, len);
  v = g_ascii_strtod (copy, &end);
  if (*end != '\0' || !isfinite (v))
    return FALSE;
  *out = v == 0 ? 0.0 : v; /* no negative zero */
  return TRUE;
}

gboolean
ph_range_contains (double         v,
                   const PhRange *range)
{
  return (range->min_open ? v > range->min : v >= range->min) && v <= range->max;
}

/* An optional number attribute: @fallback when absent. */
gboolean
ph_builder_number (PhBuilder     *b,
                   const xmlNode *node,
                   const char    *name,
                   const PhRange *range,
                   double         fallback,
                   double        *out)
{
  const char *value = ph_builder_attr (b, node, name);
  g_autofree char *message = NULL;

  *out = fallback;
  if (value == NULL)
    return TRUE;
  if (!ph_value_number (name, value, range, out, &message))
    {
      ph_builder_fail (b, node, "%s", message);
      return FALSE;
    }
  return TRUE;
}

gboolean
ph_parse_int (const char *s,
              gsize       len,
              gint64      min,
              gint64      max,
              int        *out)
{
  char buf[32];
  const char *p = s;
  gint64 v;

  if (len == 0 || len >= sizeof buf)
    return FALSE;
  if (*p == '+' || *p == '-')
    p++;
  if (p == s + len)
    return FALSE;
  for (; p < s + len; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  memcpy (buf, s, len);
  buf[len] = '\0';
  errno = 0;
  v = g_ascii_strtoll (buf, NULL, 10);
  if (errno != 0 || v < min || v > max)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

/* An optional integer attribute: @fallback when absent. */
gboolean
ph_builder_int (PhBuilder     *b,
                const xmlNode *node,
                const char    *name,
                int            min,
                int            max,
                int            fallback,
                int           *out)
{
  const char *value = ph_builder_attr (b, node, name);
  g_autofree char *message = NULL;

  *out = fallback;
  if (value == NULL)
    return TRUE;
  if (!ph_value_int (name, value, min, max, out, &message))
    {
      ph_builder_fail (b, node, "%s", message);
      return FALSE;
    }
  return TRUE;
}

gboolean
ph_builder_bool (PhBuilder     *b,
                 const xmlNode *node,
                 const char    *name,
                 gboolean       fallback,
                 gboolean      *out)
{
  const char *value = ph_builder_attr (b, node, name);
  g_autofree char *message = NULL;

  *out = fallback;
  if (value == NULL)
    return TRUE;
  if (!ph_value_bool (name, value, out, &message))
    {
      ph_builder_fail (b, node, "%s", message);
      return FALSE;
    }
  return TRUE;
}

/* A string attribute: NULL when absent. */
char *
ph_builder_string (PhBuilder     *b,
                   const xmlNode *node,
                   const char    *name)
{
  return g_strdup (ph_builder_attr (b, node, name));
}

/* Ids */

static gboolean
id_syntax_ok (const char *id)
{
  if (!(g_ascii_isalpha (id[0]) || id[0] == '_'))
    return FALSE;
  for (const char *p = id + 1; *p != '\0'; p++)
    if (!(g_ascii_isalnum (*p) || *p == '_' || *p == '.' || *p == '-'))
      return FALSE;
  return TRUE;
}

/* Checks the element's id and claims it; returns a copy of it. */
char *
ph_builder_id (PhBuilder     *b,
               const xmlNode *node)
{
  const char *id = ph_builder_attr (b, node, "id");
  const xmlNode *first;

  if (id == NULL)
    id = "";
  if (!id_syntax_ok (id))
    ph_builder_fail (b, node, "attribute 'id' must match [A-Za-z_][A-Za-z0-9_.-]*, not '%s'",
                     ph_builder_show (b, id));
  else if ((first = g_hash_table_lookup (b->ids, id)) != NULL)
    ph_builder_fail (b, node, "id '%s' is already used by the <%s> on line %ld", id,
                     (const char *) first->name, ph_reader_line (b->r, first));
  else
    g_hash_table_insert (b->ids, (gpointer) id, (gpointer) node);
  return g_strdup (id);
}

/* Points: "x,y x,y ..." */

gboolean
ph_builder_points (PhBuilder     *b,
                   const xmlNode *node,
                   const char    *name,
                   PhShape       *shape)
{
  const char *value = ph_builder_attr (b, node, name);
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (PhPoint));
  const char *p = value != NULL ? value : "";

  for (;;)
    {
      const char *token, *comma;
      PhPoint pt;
      gsize len;

      while (is_space (*p))
        p++;
      if (*p == '\0')
        break;
      token = p;
      while (*p != '\0' && !is_space (*p))
        p++;
      len = p - token;
      comma = memchr (token, ',', len);
      if (comma == NULL
          || !ph_parse_number (token, comma - token, &pt.x)
          || !ph_parse_number (comma + 1, token + len - comma - 1, &pt.y)
          || !ph_range_contains (pt.x, &ph_range_coord)
          || !ph_range_contains (pt.y, &ph_range_coord))
        {
          g_autofree char *bad = g_strndup (token, len);

          ph_builder_fail (b, node, "attribute '%s' must be x,y pairs of numbers from -100000 "
                           "to 100000 separated by white space, not '%s'", name,
                           ph_builder_show (b, bad));
          return FALSE;
        }
      g_array_append_val (points, pt);
    }
  shape->n_points = points->len;
  shape->points = (PhPoint *) (void *) g_array_free (g_steal_pointer (&points), FALSE);
  return TRUE;
}

gboolean
ph_parse_color (const char *s,
                guint32    *out)
{
  guint32 v = 0;

  if (strlen (s) != 7 || s[0] != '#')
    return FALSE;
  for (int i = 1; i < 7; i++)
    {
      if (!g_ascii_isxdigit (s[i]))
        return FALSE;
      v = (v << 4) | (guint32) g_ascii_xdigit_value (s[i]);
    }
  *out = v;
  return TRUE;
}


/* Values without the XML around them (ph-scenario-values.h) */

#define SHOW_MAX_CHARS 40

char *
ph_value_show (const char *value)
{
  GString *s = g_string_new (NULL);
  const char *p = value;
  const char *end = value + strlen (value);
  guint n;

  /* Never steps past the terminating NUL: each character is decoded with
   * the bytes left, and a byte that starts no valid UTF-8 character (a
   * lead byte at the end of the string, a stray continuation byte) is
   * shown as \xNN and skipped on its own. */
  for (n = 0; p < end && n < SHOW_MAX_CHARS; n++)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (s, "\\x%02X", (guchar) *p);
          p++;
          continue;
        }
      if (c == '\n')
        g_string_append (s, "\\n");
      else if (c == '\t')
        g_string_append (s, "\\t");
      else if (c == '\r')
        g_string_append (s, "\\r");
      else if (c < 0x20)
        g_string_append_c (s, '?');
      else
        g_string_append_unichar (s, c);
      p = g_utf8_next_char (p);
    }
  if (p < end)
    g_string_append (s, "...");
  return g_string_free (s, FALSE);
}

/* Sets *message to "attribute '@name' must @must, not '@value'" (the value
 * as ph_value_show() shows it); FALSE, for the caller to return */
static gboolean
refuse (char       **message,
        const char  *name,
        const char  *must,
        const char  *value)
{
  g_autofree char *shown = ph_value_show (value);

  *message = g_strdup_printf ("attribute '%s' must %s, not '%s'", name, must, shown);
  return FALSE;
}

gboolean
ph_value_number (const char     *name,
                 const char     *value,
                 const PhRange  *range,
                 double         *out,
                 char          **message)
{
  double v;

  if (!ph_parse_number (value, strlen (value), &v) || !ph_range_contains (v, range))
    {
      g_autofree char *must = g_strconcat ("be ", range->text, NULL);

      return refuse (message, name, must, value);
    }
  *out = v;
  return TRUE;
}

gboolean
ph_value_int (const char  *name,
              const char  *value,
              int          min,
              int          max,
              int         *out,
              char       **message)
{
  int v;

  if (!ph_parse_int (value, strlen (value), min, max, &v))
    {
      g_autofree char *must = g_strdup_printf ("be an integer from %d to %d", min, max);

      return refuse (message, name, must, value);
    }
  *out = v;
  return TRUE;
}

gboolean
ph_value_bool (const char  *name,
               const char  *value,
               gboolean    *out,
               char       **message)
{
  if (strcmp (value, "true") == 0)
    *out = TRUE;
  else if (strcmp (value, "false") == 0)
    *out = FALSE;
  else
    return refuse (message, name, "be true or false", value);
  return TRUE;
}

gboolean
ph_value_bravery (const char  *name,
                  const char  *value,
                  int          out[4],
                  char       **message)
{
  const char *p = value;
  int bravery[4];
  gboolean ok = value[0] != '\0';

  /* four items between commas, each without the white space around it
   * (read in place: a file of many figures has as many of these) */
  for (guint i = 0; ok && i < 4; i++)
    {
      const char *end = strchr (p, ',');
      const char *a = p, *b;

      if (end == NULL)
        end = p + strlen (p);
      /* the first three end at a comma, the last at the end */
      if ((i < 3) != (*end == ','))
        {
          ok = FALSE;
          break;
        }
      b = end;
      while (a < b && g_ascii_isspace (*a))
        a++;
      while (b > a && g_ascii_isspace (b[-1]))
        b--;
      ok = ph_parse_int (a, b - a, -PH_INT_LIMIT, PH_INT_LIMIT, &bravery[i]);
      p = end + 1;
    }
  if (!ok)
    return refuse (message, name, "be four integers separated by commas (such as 10,7,4,1)",
                   value);
  memcpy (out, bravery, sizeof bravery);
  return TRUE;
}

char *
ph_value_status_marker_message (const char *name,
                                const char *marker)
{
  g_autofree char *all = ph_status_set_to_string ((1u << PH_N_STATUS) - 1);
  g_auto(GStrv) names = g_strsplit (all, " ", -1);
  g_autofree char *known = g_strjoinv (", ", names);
  g_autofree char *shown = ph_value_show (marker);

  return g_strdup_printf ("attribute '%s' has an unknown marker '%s' (markers: %s)", name,
                          shown, known);
}

gboolean
ph_value_status (const char  *name,
                 const char  *value,
                 guint       *out,
                 char       **message)
{
  g_auto(GStrv) words = g_strsplit_set (value, " \t\n\r", -1);
  guint status = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      PhStatus flag;

      if (words[i][0] == '\0')
        continue;
      if (!ph_status_from_string (words[i], &flag))
        {
          *message = ph_value_status_marker_message (name, words[i]);
          return FALSE;
        }
      status |= flag;
    }
  *out = status;
  return TRUE;
}

gboolean
ph_value_wounds (const char  *name,
                 const char  *value,
                 char       **normal,
                 int         *serious,
                 int         *light,
                 char       **message)
{
  g_auto(GStrv) letters = g_strsplit_set (value, " \t\n\r", -1);
  g_autoptr(GString) text = g_string_new (NULL);
  int n_serious = 0, n_light = 0;

  for (guint i = 0; letters[i] != NULL; i++)
    {
      char c = letters[i][0];

      if (c == '\0')
        continue;
      if (letters[i][1] != '\0' || c < 'A' || c > 'J')
        return refuse (message, name, "list wound letters A to J separated by white space",
                       letters[i]);
      if (c >= 'B' && c <= 'E')
        n_serious++;
      else if (c >= 'F')
        n_light++;
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append_c (text, c);
    }
  *normal = text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
  *serious = n_serious;
  *light = n_light;
  return TRUE;
}

char *
ph_value_wounds_mismatch_message (int serious,
                                  int light,
                                  int serious_wounds,
                                  int light_wounds)
{
  return g_strdup_printf ("attribute 'wounds' lists %d serious (B to E) and %d light "
                          "(F to J) wounds, but serious-wounds is %d and light-wounds is %d",
                          serious, light, serious_wounds, light_wounds);
}

/* The shortest of %.15g, %.16g, %.17g that reads back as @v. */
void
ph_value_append_number (GString *out,
                        double   v)
{
  static const char * const formats[] = { "%.15g", "%.16g", "%.17g" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (v == 0)
    v = 0; /* no "-0" */
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, sizeof buf, formats[i], v);
      if (g_ascii_strtod (buf, NULL) == v)
        break;
    }
  g_string_append (out, buf);
}

char *
ph_value_format_number (double v)
{
  GString *out = g_string_new (NULL);

  ph_value_append_number (out, v);
  return g_string_free (out, FALSE);
}

double
ph_value_round_position (double v)
{
  double r;

  if (!isfinite (v))
    return v;
  r = round (v / PH_POSITION_STEP) * PH_POSITION_STEP;
  /* the nearest double to the decimal, as the file's text reads back */
  {
    char buf[G_ASCII_DTOSTR_BUF_SIZE];

    g_ascii_formatd (buf, sizeof buf, "%.3f", r);
    r = g_ascii_strtod (buf, NULL);
  }
  return r == 0 ? 0 : r;
}
