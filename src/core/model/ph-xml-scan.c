/* ph-xml-scan.c: where the elements, attributes and comments of a
 * well-formed document lie in its bytes (ph-scenario-keep.h)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only ever given documents libxml2 has already parsed without a problem
 * (a scenario's source, or the saver's own canonical text), so this is a
 * scanner, not a parser: it finds tags, attributes, comments, processing
 * instructions and CDATA sections and records their offsets, and gives up
 * (NULL) on anything it does not expect rather than guessing. Entity and
 * character references are left as written: values are compared as bytes.
 */
#include <string.h>

#include "ph-scenario-keep.h"

/* Deeper than the loader allows (256), as a guard */
#define MAX_DEPTH 1000

typedef struct
{
  const char *text;
  gsize length;
  const char *skip;     /* local name of elements whose content is not kept */
  gboolean failed;
} Scanner;

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static gboolean
is_name_end (char c)
{
  return is_space (c) || c == '/' || c == '>' || c == '=';
}

static gboolean
looking_at (Scanner    *s,
            gsize       pos,
            const char *what)
{
  gsize n = strlen (what);

  return pos + n <= s->length && memcmp (s->text + pos, what, n) == 0;
}

/* The position after the next @what at or after @pos, or 0 (failed) */
static gsize
skip_past (Scanner    *s,
           gsize       pos,
           const char *what)
{
  gsize n = strlen (what);

  for (; pos + n <= s->length; pos++)
    if (s->text[pos] == what[0] && memcmp (s->text + pos, what, n) == 0)
      return pos + n;
  s->failed = TRUE;
  return 0;
}

static gsize
skip_spaces (Scanner *s,
             gsize    pos)
{
  while (pos < s->length && is_space (s->text[pos]))
    pos++;
  return pos;
}

static gsize
skip_name (Scanner *s,
           gsize    pos)
{
  gsize start = pos;

  while (pos < s->length && !is_name_end (s->text[pos]))
    pos++;
  if (pos == start || pos >= s->length)
    s->failed = TRUE;
  return pos;
}

void
ph_xml_span_free (PhXmlSpan *span)
{
  if (span == NULL)
    return;
  g_clear_pointer (&span->attrs, g_array_unref);
  g_clear_pointer (&span->children, g_ptr_array_unref);
  g_free (span);
}

/* After the child that ends at @end: a comment that follows on the same
 * line belongs to it. Returns where its span ends. */
static gsize
trailing_comment (Scanner *s,
                  gsize    end)
{
  gsize pos = end;

  while (pos < s->length && (s->text[pos] == ' ' || s->text[pos] == '\t'))
    pos++;
  if (!looking_at (s, pos, "<!--"))
    return end;
  return skip_past (s, pos + 4, "-->");
}

static guint
count_newlines (Scanner *s,
                gsize    from,
                gsize    to)
{
  guint n = 0;

  for (gsize i = from; i < to; i++)
    n += s->text[i] == '\n' || (s->text[i] == '\r' && (i + 1 >= to || s->text[i + 1] != '\n'));
  return n;
}

static gsize scan_element (Scanner *s, gsize pos, PhXmlSpan *span, gboolean keep, guint depth);

/* The content of @span from its start tag's end to its end tag's end */
static gsize
scan_content (Scanner   *s,
              gsize      pos,
              PhXmlSpan *span,
              gboolean   keep,
              guint      depth)
{
  /* what lies between the previous child and the next one */
  gsize lead = pos;             /* where the run began */
  gsize after_token = pos;      /* after the last thing that is not white space */
  gsize comment_ws = pos;       /* the white space before the last comment */
  gboolean last_was_comment = FALSE, seen_comment = FALSE;

  while (!s->failed)
    {
      if (pos >= s->length)
        {
          s->failed = TRUE;
          return 0;
        }
      if (s->text[pos] != '<' && !keep)
        {
          /* nothing to record: on to the next tag */
          const char *next = memchr (s->text + pos, '<', s->length - pos);

          pos = next != NULL ? (gsize) (next - s->text) : s->length;
          continue;
        }
      if (s->text[pos] != '<')
        {
          if (!is_space (s->text[pos]))
            {
              after_token = pos + 1;
              last_was_comment = FALSE;
            }
          pos++;
          continue;
        }
      if (looking_at (s, pos, "<!--"))
        {
          comment_ws = after_token;
          pos = skip_past (s, pos + 4, "-->");
          after_token = pos;
          last_was_comment = seen_comment = TRUE;
        }
      else if (looking_at (s, pos, "<![CDATA["))
        {
          pos = skip_past (s, pos + 9, "]]>");
          after_token = pos;
          last_was_comment = FALSE;
        }
      else if (looking_at (s, pos, "<?"))
        {
          pos = skip_past (s, pos + 2, "?>");
          after_token = pos;
          last_was_comment = FALSE;
        }
      else if (looking_at (s, pos, "</"))
        {
          span->content_end = pos;
          pos = skip_past (s, pos + 2, ">");
          return pos;
        }
      else if (looking_at (s, pos, "<!"))
        {
          /* a DOCTYPE or the like: never in a scenario that loaded */
          s->failed = TRUE;
          return 0;
        }
      else
        {
          PhXmlSpan local = { 0 };
          PhXmlSpan *child = keep ? g_new0 (PhXmlSpan, 1) : &local;

          child->lead = lead;
          child->ws = after_token;
          child->note = last_was_comment && count_newlines (s, after_token, pos) <= 1
                        ? comment_ws : after_token;
          child->lead_has_comment = seen_comment;
          pos = scan_element (s, pos, child, keep, depth + 1);
          if (s->failed)
            {
              if (keep)
                ph_xml_span_free (child);
              return 0;
            }
          child->span_end = trailing_comment (s, child->end);
          pos = child->span_end;
          if (keep)
            {
              if (span->children == NULL)
                span->children = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_xml_span_free);
              g_ptr_array_add (span->children, child);
            }
          lead = after_token = comment_ws = pos;
          last_was_comment = seen_comment = FALSE;
        }
    }
  return 0;
}

/* The element whose '<' is at @pos; returns the position after it.
 * @keep FALSE records neither its attributes nor its children. */
static gsize
scan_element (Scanner   *s,
              gsize      pos,
              PhXmlSpan *span,
              gboolean   keep,
              guint      depth)
{
  gsize name_end, colon;

  if (depth > MAX_DEPTH)
    {
      s->failed = TRUE;
      return 0;
    }
  span->start = pos;
  name_end = skip_name (s, pos + 1);
  if (s->failed)
    return 0;
  span->name_len = name_end - (pos + 1);
  span->local = pos + 1;
  for (colon = pos + 1; colon < name_end; colon++)
    if (s->text[colon] == ':')
      span->local = colon + 1;
  span->local_len = name_end - span->local;
  span->attrs_end = name_end;
  if (keep)
    span->attrs = g_array_new (FALSE, FALSE, sizeof (PhXmlSpanAttr));

  pos = name_end;
  for (;;)
    {
      PhXmlSpanAttr attr;
      char quote;

      pos = skip_spaces (s, pos);
      if (pos >= s->length)
        {
          s->failed = TRUE;
          return 0;
        }
      if (looking_at (s, pos, "/>"))
        {
          span->empty = TRUE;
          span->tag_end = span->content_end = span->end = pos + 2;
          return span->end;
        }
      if (s->text[pos] == '>')
        {
          span->tag_end = pos + 1;
          break;
        }
      attr.start = pos;
      pos = skip_name (s, pos);
      if (s->failed)
        return 0;
      attr.name_len = pos - attr.start;
      pos = skip_spaces (s, pos);
      if (pos >= s->length || s->text[pos] != '=')
        {
          s->failed = TRUE;
          return 0;
        }
      pos = skip_spaces (s, pos + 1);
      if (pos >= s->length || (s->text[pos] != '"' && s->text[pos] != '\''))
        {
          s->failed = TRUE;
          return 0;
        }
      quote = s->text[pos];
      attr.value = pos + 1;
      pos = attr.value;
      while (pos < s->length && s->text[pos] != quote)
        pos++;
      if (pos >= s->length)
        {
          s->failed = TRUE;
          return 0;
        }
      attr.value_len = pos - attr.value;
      attr.end = pos + 1;
      pos = span->attrs_end = attr.end;
      if (keep)
        g_array_append_val (span->attrs, attr);
    }

  if (keep && s->skip != NULL && span->local_len == strlen (s->skip)
      && memcmp (s->text + span->local, s->skip, span->local_len) == 0)
    keep = FALSE;
  span->end = scan_content (s, span->tag_end, span, keep, depth);
  return span->end;
}

PhXmlDoc *
ph_xml_scan (const char *text,
             gsize       length,
             const char *skip)
{
  Scanner s = { text, length, skip, FALSE };
  g_autoptr(PhXmlDoc) doc = g_new0 (PhXmlDoc, 1);
  gsize pos = 0;

  doc->text = text;
  doc->length = length;
  /* the prolog: a byte order mark, the declaration, comments,
   * processing instructions and white space */
  while (pos < length)
    {
      if (looking_at (&s, pos, "<?"))
        pos = skip_past (&s, pos + 2, "?>");
      else if (looking_at (&s, pos, "<!--"))
        pos = skip_past (&s, pos + 4, "-->");
      else if (looking_at (&s, pos, "<!"))
        return NULL;
      else if (text[pos] == '<')
        break;
      else
        pos++;
      if (s.failed)
        return NULL;
    }
  if (pos >= length)
    return NULL;
  doc->root = g_new0 (PhXmlSpan, 1);
  doc->root->lead = doc->root->note = doc->root->ws = pos;
  scan_element (&s, pos, doc->root, TRUE, 0);
  if (s.failed)
    return NULL;
  doc->root->span_end = doc->root->end;
  return g_steal_pointer (&doc);
}

void
ph_xml_doc_free (PhXmlDoc *doc)
{
  if (doc == NULL)
    return;
  ph_xml_span_free (doc->root);
  g_free (doc);
}

gboolean
ph_xml_span_is (const PhXmlDoc  *doc,
                const PhXmlSpan *span,
                const char      *local)
{
  gsize n = strlen (local);

  return span->local_len == n && memcmp (doc->text + span->local, local, n) == 0;
}

const PhXmlSpanAttr *
ph_xml_span_attr (const PhXmlDoc  *doc,
                  const PhXmlSpan *span,
                  const char      *name,
                  gsize            name_len)
{
  if (span == NULL || span->attrs == NULL)
    return NULL;
  for (guint i = 0; i < span->attrs->len; i++)
    {
      const PhXmlSpanAttr *a = &g_array_index (span->attrs, PhXmlSpanAttr, i);

      if (a->name_len == name_len && memcmp (doc->text + a->start, name, name_len) == 0)
        return a;
    }
  return NULL;
}
