/* ph-scenario-merge.c: the model's changes written into the text of a
 * scenario file (ph-scenario-keep.h)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Three texts, scanned (ph-xml-scan.c): O, the file's; C0, the canonical
 * form of what O loads to; C1, the canonical form of the model now. C0
 * and C1 are written by the same code, so where they agree byte for byte
 * the model has not changed and O's own bytes are written; where they
 * differ, O is changed just there:
 *
 *  - O's elements are paired with C0's by name and rank (the loader keeps
 *    file order), C0's with C1's by id (feature, side, figure), by name
 *    (option), else by name and rank (a figure's weapons, the shape, the
 *    parts of <scenario>);
 *  - an attribute whose value changed is rewritten where it stands, one
 *    that went is taken out with the space before it, a new one goes after
 *    its neighbour in the canonical order; an attribute the file leaves out
 *    stays out while its canonical value does not change (or until it is
 *    named in @explicit, a default that would read back otherwise);
 *  - <title> and <description> whose text changed get C1's text; a <game>
 *    that changed is C1's (the game writes its log anew);
 *  - a new element goes after the one before it in C1 (else before the
 *    first), with the same white space as that one, its own children
 *    indented by the file's step;
 *  - a removed element goes with the white space before it and with a
 *    comment after it on the same line; the comment directly above it (no
 *    blank line between) goes too only when every element that comment
 *    heads (it and the ones after it up to the next comment) went: a
 *    comment over a group of figures stays while any of them does;
 *  - elements the model reorders (terrain raised or lowered) are written
 *    in the new order, each with the comments above it.
 */
#include <string.h>

#include "ph-scenario-keep.h"

typedef struct
{
  const PhXmlDoc *o, *c0, *c1;
  GString *out;
  GHashTable *explicit; /* C1 element -> set of the names of its attributes
                         * to write even when unchanged (a default that
                         * would read back otherwise) */
  char *unit;           /* one step of the file's indentation */
  const char *nl;       /* its line end */
  char *prefix;         /* the prefix of its elements ("ph:"), or "" */
  gboolean failed;
} Merge;

/* One child of an element of O */
typedef struct
{
  const PhXmlSpan *o;
  const PhXmlSpan *c0;  /* NULL: not in C0 (an empty <terrain/> the model drops) */
  int c1;               /* its index among C1's children; -1 when gone */
} Child;

PhKeepKind
ph_keep_kind_of (const PhXmlDoc  *doc,
                 const PhXmlSpan *span)
{
  if (ph_xml_span_is (doc, span, "title") || ph_xml_span_is (doc, span, "description"))
    return PH_KEEP_TEXT;
  if (ph_xml_span_is (doc, span, "game"))
    return PH_KEEP_RAW;
  return PH_KEEP_ELEMENTS;
}

static void
put (Merge          *m,
     const PhXmlDoc *doc,
     gsize           from,
     gsize           to)
{
  g_string_append_len (m->out, doc->text + from, (gssize) (to - from));
}

static gboolean
same_bytes (const PhXmlDoc *a,
            gsize           a_from,
            gsize           a_to,
            const PhXmlDoc *b,
            gsize           b_from,
            gsize           b_to)
{
  return a_to - a_from == b_to - b_from
         && memcmp (a->text + a_from, b->text + b_from, a_to - a_from) == 0;
}

static gboolean
same_value (const PhXmlDoc      *a,
            const PhXmlSpanAttr *x,
            const PhXmlDoc      *b,
            const PhXmlSpanAttr *y)
{
  return same_bytes (a, x->value, x->value + x->value_len, b, y->value, y->value + y->value_len);
}

static const PhXmlSpanAttr *
attr_at (const PhXmlSpan *span,
         guint            i)
{
  return &g_array_index (span->attrs, PhXmlSpanAttr, i);
}

static char *
attr_name (const PhXmlDoc      *doc,
           const PhXmlSpanAttr *attr)
{
  return g_strndup (doc->text + attr->start, attr->name_len);
}

/* C1's attribute @a1 of @c1 is to be written: it is new or changed since
 * C0, or its default would not read back */
static gboolean
attr_changed (Merge               *m,
              const PhXmlSpan     *c0,
              const PhXmlSpan     *c1,
              const PhXmlSpanAttr *a1)
{
  const PhXmlSpanAttr *a0 = ph_xml_span_attr (m->c0, c0, m->c1->text + a1->start, a1->name_len);

  if (a0 == NULL || !same_value (m->c0, a0, m->c1, a1))
    return TRUE;
  if (m->explicit != NULL)
    {
      GHashTable *names = g_hash_table_lookup (m->explicit, c1);
      g_autofree char *name = NULL;

      if (names == NULL)
        return FALSE;
      name = attr_name (m->c1, a1);
      return g_hash_table_contains (names, name);
    }
  return FALSE;
}

/* The index in @o's attributes of the nearest attribute before C1's @j
 * that O has, or -1: where an attribute O lacks goes */
static int
anchor_of (Merge           *m,
           const PhXmlSpan *o,
           const PhXmlSpan *c1,
           guint            j)
{
  for (int k = (int) j - 1; k >= 0; k--)
    {
      const PhXmlSpanAttr *a = attr_at (c1, (guint) k);

      for (guint i = 0; i < o->attrs->len; i++)
        {
          const PhXmlSpanAttr *b = attr_at (o, i);

          if (b->name_len == a->name_len
              && memcmp (m->o->text + b->start, m->c1->text + a->start, a->name_len) == 0)
            return (int) i;
        }
    }
  return -1;
}

/* The attributes O lacks that are to be written after O's attribute
 * @anchor (-1: after the name) */
static void
add_attributes (Merge           *m,
                const PhXmlSpan *o,
                const PhXmlSpan *c0,
                const PhXmlSpan *c1,
                int              anchor)
{
  for (guint j = 0; j < c1->attrs->len; j++)
    {
      const PhXmlSpanAttr *a1 = attr_at (c1, j);

      if (ph_xml_span_attr (m->o, o, m->c1->text + a1->start, a1->name_len) != NULL
          || !attr_changed (m, c0, c1, a1) || anchor_of (m, o, c1, j) != anchor)
        continue;
      g_string_append_c (m->out, ' ');
      put (m, m->c1, a1->start, a1->end);
    }
}

/* O's start tag with C1's changes; @open turns <x/> into <x> */
static void
merge_start_tag (Merge           *m,
                 const PhXmlSpan *o,
                 const PhXmlSpan *c0,
                 const PhXmlSpan *c1,
                 gboolean         open)
{
  const PhXmlDoc *doc = m->o;
  gsize pos = o->start + 1 + o->name_len;

  put (m, doc, o->start, pos);
  add_attributes (m, o, c0, c1, -1);
  for (guint i = 0; i < o->attrs->len; i++)
    {
      const PhXmlSpanAttr *a = attr_at (o, i);
      const char *name = doc->text + a->start;
      const PhXmlSpanAttr *a1 = ph_xml_span_attr (m->c1, c1, name, a->name_len);
      const PhXmlSpanAttr *a0 = ph_xml_span_attr (m->c0, c0, name, a->name_len);

      if (a1 != NULL && attr_changed (m, c0, c1, a1))
        {
          /* the name and '=' as written, C1's value in double quotes */
          put (m, doc, pos, a->value - 1);
          g_string_append_c (m->out, '"');
          put (m, m->c1, a1->value, a1->value + a1->value_len);
          g_string_append_c (m->out, '"');
        }
      else if (a1 != NULL || a0 == NULL)
        put (m, doc, pos, a->end);
      /* else gone from the model: left out with the space before it */
      pos = a->end;
      add_attributes (m, o, c0, c1, (int) i);
    }
  if (!open)
    {
      put (m, doc, pos, o->tag_end);
      return;
    }
  for (gsize i = pos; i < o->tag_end; i++)
    if (doc->text[i] != '/')
      g_string_append_c (m->out, doc->text[i]);
}

/* The spaces and tabs from the start of the line to @pos, or NULL when
 * something else comes first on that line */
static char *
line_indent (const PhXmlDoc *doc,
             gsize           pos)
{
  gsize start = pos;

  while (start > 0 && (doc->text[start - 1] == ' ' || doc->text[start - 1] == '\t'))
    start--;
  if (start > 0 && doc->text[start - 1] != '\n' && doc->text[start - 1] != '\r')
    return NULL;
  return g_strndup (doc->text + start, pos - start);
}

/* After the last line end of @sep */
static const char *
indent_of (const char *sep)
{
  const char *ind = sep;

  for (const char *p = sep; *p != '\0'; p++)
    if (*p == '\n' || *p == '\r')
      ind = p + 1;
  return ind;
}

/* A new element of C1, its children indented by the file's step under
 * @ind, the indentation of its first line */
static void
put_new (Merge           *m,
         const PhXmlSpan *c,
         const char      *ind)
{
  const PhXmlDoc *doc = m->c1;
  PhKeepKind kind = ph_keep_kind_of (doc, c);

  if (kind == PH_KEEP_RAW && *m->prefix != '\0')
    {
      /* the game's own text has no prefix: it would not be in the
       * scenario's namespace */
      m->failed = TRUE;
      return;
    }
  g_string_append_c (m->out, '<');
  g_string_append (m->out, m->prefix);
  put (m, doc, c->start + 1, c->tag_end);
  if (c->empty)
    return;
  if (kind != PH_KEEP_ELEMENTS || c->children == NULL)
    put (m, doc, c->tag_end, c->content_end);
  else
    {
      g_autofree char *inner = g_strconcat (ind, m->unit, NULL);

      for (guint i = 0; i < c->children->len; i++)
        {
          g_string_append (m->out, m->nl);
          g_string_append (m->out, inner);
          put_new (m, g_ptr_array_index (c->children, i), inner);
        }
      g_string_append (m->out, m->nl);
      g_string_append (m->out, ind);
    }
  g_string_append (m->out, "</");
  g_string_append (m->out, m->prefix);
  put (m, doc, c->start + 1, c->start + 1 + c->name_len);
  g_string_append_c (m->out, '>');
}

static void
put_new_after (Merge           *m,
               const PhXmlSpan *c,
               const char      *sep)
{
  g_string_append (m->out, sep);
  put_new (m, c, indent_of (sep));
}

/* The key that pairs a child of C0 with one of C1 */
static char *
child_key (const PhXmlDoc  *doc,
           const PhXmlSpan *span,
           guint            rank)
{
  const char *by = NULL;
  const PhXmlSpanAttr *a = NULL;

  if (ph_xml_span_is (doc, span, "feature") || ph_xml_span_is (doc, span, "side")
      || ph_xml_span_is (doc, span, "figure"))
    by = "id";
  else if (ph_xml_span_is (doc, span, "option"))
    by = "name";
  if (by != NULL)
    a = ph_xml_span_attr (doc, span, by, strlen (by));
  if (a != NULL)
    return g_strdup_printf ("%.*s=%.*s", (int) span->local_len, doc->text + span->local,
                            (int) a->value_len, doc->text + a->value);
  return g_strdup_printf ("%.*s#%u", (int) span->local_len, doc->text + span->local, rank);
}

/* The rank of @span among the earlier children of the same name, counted
 * in @counts (local name -> count) */
static guint
next_rank (GHashTable      *counts,
           const PhXmlDoc  *doc,
           const PhXmlSpan *span)
{
  char *name = g_strndup (doc->text + span->local, span->local_len);
  guint rank = GPOINTER_TO_UINT (g_hash_table_lookup (counts, name));

  g_hash_table_insert (counts, name, GUINT_TO_POINTER (rank + 1));
  return rank;
}

static gboolean
is_gone (const Child *kid)
{
  return kid->c1 < 0 && kid->c0 != NULL;
}

/* Whether the comment directly above the removed child @d stays: it does
 * while any child it heads is kept */
static gboolean
note_stays (const Child *kids,
            guint        n,
            guint        d)
{
  for (guint j = d; j < n; j++)
    {
      if (j > d && kids[j].o->lead_has_comment)
        break;
      if (!is_gone (&kids[j]))
        return TRUE;
    }
  return FALSE;
}

/* What stays of the removed children from @from to @to: the comments
 * before them that are not theirs */
static void
put_gone (Merge       *m,
          const Child *kids,
          guint        n,
          guint        from,
          guint        to)
{
  for (guint d = from; d < to; d++)
    {
      const PhXmlSpan *o = kids[d].o;

      if (!is_gone (&kids[d]))
        continue;
      put (m, m->o, o->lead, o->note);
      if (o->note < o->ws && note_stays (kids, n, d))
        put (m, m->o, o->note, o->ws);
    }
}

static void merge_element (Merge *m, const PhXmlSpan *o, const PhXmlSpan *c0,
                           const PhXmlSpan *c1, guint depth);

static int
compare_by_c1 (gconstpointer a,
               gconstpointer b)
{
  const Child *x = *(Child * const *) a;
  const Child *y = *(Child * const *) b;

  return (x->c1 > y->c1) - (x->c1 < y->c1);
}

/* Pairs O's children with C0's and C1's. FALSE when they do not pair up. */
static gboolean
pair_children (Merge           *m,
               const PhXmlSpan *o,
               const PhXmlSpan *c0,
               const PhXmlSpan *c1,
               Child           *kids,
               int             *o_of_c1)
{
  g_autoptr(GHashTable) by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) c0_by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                           (GDestroyNotify) g_ptr_array_unref);
  guint n_o = o->children != NULL ? o->children->len : 0;
  guint n_c1 = c1->children != NULL ? c1->children->len : 0;
  GHashTableIter iter;
  gpointer key, value;

  for (guint j = 0; j < n_c1; j++)
    {
      const PhXmlSpan *c = g_ptr_array_index (c1->children, j);

      o_of_c1[j] = -1;
      if (!g_hash_table_insert (by_key, child_key (m->c1, c, next_rank (counts, m->c1, c)),
                                GINT_TO_POINTER (j + 1)))
        return FALSE;   /* two with one id: the check will say so */
    }
  g_hash_table_remove_all (counts);

  for (guint i = 0; c0 != NULL && c0->children != NULL && i < c0->children->len; i++)
    {
      const PhXmlSpan *c = g_ptr_array_index (c0->children, i);
      char *name = g_strndup (m->c0->text + c->local, c->local_len);
      GPtrArray *same = g_hash_table_lookup (c0_by_name, name);

      if (same == NULL)
        {
          same = g_ptr_array_new ();
          g_hash_table_insert (c0_by_name, g_strdup (name), same);
        }
      g_ptr_array_add (same, (gpointer) c);
      g_free (name);
    }

  for (guint i = 0; i < n_o; i++)
    {
      const PhXmlSpan *child = g_ptr_array_index (o->children, i);
      g_autofree char *name = g_strndup (m->o->text + child->local, child->local_len);
      g_autofree char *k = NULL;
      GPtrArray *same = g_hash_table_lookup (c0_by_name, name);
      guint rank = next_rank (counts, m->o, child);
      int j;

      kids[i].o = child;
      kids[i].c0 = same != NULL && rank < same->len ? g_ptr_array_index (same, rank) : NULL;
      /* only what the model drops when it is empty is not in C0 */
      if (kids[i].c0 == NULL && child->children != NULL)
        return FALSE;
      k = kids[i].c0 != NULL ? child_key (m->c0, kids[i].c0, rank)
                             : child_key (m->o, child, rank);
      j = GPOINTER_TO_INT (g_hash_table_lookup (by_key, k)) - 1;
      if (j >= 0 && o_of_c1[j] >= 0)
        return FALSE;
      kids[i].c1 = j;
      if (j >= 0)
        o_of_c1[j] = (int) i;
    }

  /* every child of C0 came from one of O */
  g_hash_table_iter_init (&iter, c0_by_name);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (((GPtrArray *) value)->len > GPOINTER_TO_UINT (g_hash_table_lookup (counts, key)))
      return FALSE;
  return TRUE;
}

static void
merge_children (Merge           *m,
                const PhXmlSpan *o,
                const PhXmlSpan *c0,
                const PhXmlSpan *c1,
                guint            depth)
{
  guint n_o = o->children != NULL ? o->children->len : 0;
  guint n_c1 = c1->children != NULL ? c1->children->len : 0;
  g_autofree Child *kids = g_new0 (Child, n_o + 1);
  g_autofree int *o_of_c1 = g_new0 (int, n_c1 + 1);
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  gboolean in_order = TRUE;
  gsize tail;
  int last = -1;

  if (!pair_children (m, o, c0, c1, kids, o_of_c1))
    {
      m->failed = TRUE;
      return;
    }
  for (guint i = 0; i < n_o; i++)
    {
      if (kids[i].c1 >= 0)
        {
          in_order &= kids[i].c1 > last;
          last = kids[i].c1;
        }
      if (!is_gone (&kids[i]))
        g_ptr_array_add (order, &kids[i]);
    }
  if (!in_order)
    {
      for (guint i = 0; i < order->len; i++)
        if (((Child *) g_ptr_array_index (order, i))->c1 < 0)
          {
            m->failed = TRUE;   /* kept, not in C1, and reordered: no place for it */
            return;
          }
      g_ptr_array_sort (order, compare_by_c1);
    }
  tail = n_o > 0 ? kids[n_o - 1].o->span_end : o->tag_end;

  if (order->len == 0)
    {
      /* nothing of O stays: the new children go before the white space
       * that closes the element */
      g_autofree char *outer = line_indent (m->o, o->start);
      g_autofree char *sep = NULL;
      gsize ws = o->content_end;

      put_gone (m, kids, n_o, 0, n_o);
      while (ws > tail && g_ascii_isspace (m->o->text[ws - 1]))
        ws--;
      put (m, m->o, tail, ws);
      if (n_o > 0 && memchr (m->o->text + kids[0].o->ws, '\n', kids[0].o->start - kids[0].o->ws))
        sep = g_strndup (m->o->text + kids[0].o->ws, kids[0].o->start - kids[0].o->ws);
      else
        {
          if (outer == NULL)
            {
              outer = g_strdup ("");
              for (guint d = 0; d < depth; d++)
                {
                  char *deeper = g_strconcat (outer, m->unit, NULL);

                  g_free (outer);
                  outer = deeper;
                }
            }
          sep = g_strconcat (m->nl, outer, m->unit, NULL);
        }
      for (guint j = 0; j < n_c1; j++)
        put_new_after (m, g_ptr_array_index (c1->children, j), sep);
      if (n_c1 > 0 && memchr (m->o->text + ws, '\n', o->content_end - ws) == NULL
          && memchr (m->o->text + ws, '\r', o->content_end - ws) == NULL)
        {
          g_string_append (m->out, m->nl);
          g_string_append (m->out, outer);
        }
      else
        put (m, m->o, ws, o->content_end);
      return;
    }

  for (guint e = 0; e < order->len && !m->failed; e++)
    {
      const Child *kid = g_ptr_array_index (order, e);
      guint i = (guint) (kid - kids);
      guint run = i;
      g_autofree char *sep = g_strndup (m->o->text + kid->o->ws, kid->o->start - kid->o->ws);

      /* new children before the first of C1 that O has */
      if (e == 0)
        for (guint j = 0; j < n_c1 && o_of_c1[j] < 0; j++)
          put_new_after (m, g_ptr_array_index (c1->children, j), sep);
      /* what stays of the removed ones just before it */
      while (run > 0 && is_gone (&kids[run - 1]))
        run--;
      put_gone (m, kids, n_o, run, i);

      put (m, m->o, kid->o->lead, kid->o->start);
      if (kid->c1 >= 0)
        merge_element (m, kid->o, kid->c0, g_ptr_array_index (c1->children, kid->c1), depth + 1);
      else
        put (m, m->o, kid->o->start, kid->o->end);
      put (m, m->o, kid->o->end, kid->o->span_end);

      /* the new ones that follow it in C1 */
      if (kid->c1 >= 0)
        for (guint j = (guint) kid->c1 + 1; j < n_c1 && o_of_c1[j] < 0; j++)
          put_new_after (m, g_ptr_array_index (c1->children, j), sep);
    }
  /* the removed ones at the end, then what closes the element */
  {
    guint run = n_o;

    while (run > 0 && is_gone (&kids[run - 1]))
      run--;
    put_gone (m, kids, n_o, run, n_o);
  }
  put (m, m->o, tail, o->content_end);
}

static void
merge_element (Merge           *m,
               const PhXmlSpan *o,
               const PhXmlSpan *c0,
               const PhXmlSpan *c1,
               guint            depth)
{
  PhKeepKind kind = ph_keep_kind_of (m->c1, c1);
  gboolean open;

  /* unchanged, all of it: as it was (unless a default inside it is to be
   * written out) */
  if (c0 != NULL && m->explicit == NULL
      && same_bytes (m->c0, c0->start, c0->end, m->c1, c1->start, c1->end))
    {
      put (m, m->o, o->start, o->end);
      return;
    }
  if (kind == PH_KEEP_RAW)
    {
      if (c0 != NULL && same_bytes (m->c0, c0->start, c0->end, m->c1, c1->start, c1->end))
        put (m, m->o, o->start, o->end);
      else
        put_new (m, c1, "");
      return;
    }
  if (kind == PH_KEEP_TEXT)
    {
      gboolean same = c0 != NULL && same_bytes (m->c0, c0->tag_end, c0->content_end,
                                                m->c1, c1->tag_end, c1->content_end);

      open = o->empty && !same && c1->content_end > c1->tag_end;
      merge_start_tag (m, o, c0, c1, open);
      if (same)
        put (m, m->o, o->tag_end, o->content_end);
      else
        put (m, m->c1, c1->tag_end, c1->content_end);
    }
  else
    {
      open = o->empty && c1->children != NULL && c1->children->len > 0;
      merge_start_tag (m, o, c0, c1, open);
      merge_children (m, o, c0, c1, depth);
    }
  if (!o->empty)
    put (m, m->o, o->content_end, o->end);
  else if (open)
    {
      g_string_append (m->out, "</");
      put (m, m->o, o->start + 1, o->start + 1 + o->name_len);
      g_string_append_c (m->out, '>');
    }
}

/* The step of O's indentation: its root's first child's, less the root's */
static char *
indent_unit (const PhXmlDoc *o)
{
  const PhXmlSpan *root = o->root;
  g_autofree char *outer = line_indent (o, root->start);
  g_autofree char *inner = NULL;

  if (root->children != NULL && root->children->len > 0)
    inner = line_indent (o, ((PhXmlSpan *) g_ptr_array_index (root->children, 0))->start);
  if (outer != NULL && inner != NULL && g_str_has_prefix (inner, outer)
      && strlen (inner) > strlen (outer))
    return g_strdup (inner + strlen (outer));
  return g_strdup ("  ");
}

char *
ph_scenario_merge_text (const PhXmlDoc *o,
                        const PhXmlDoc *c0,
                        const PhXmlDoc *c1,
                        GHashTable     *explicit,
                        gsize          *length)
{
  Merge m = { o, c0, c1, NULL, explicit, NULL, "\n", NULL, FALSE };
  const char *lf = memchr (o->text, '\n', o->length);

  if (!ph_xml_span_is (o, o->root, "scenario") || !ph_xml_span_is (c0, c0->root, "scenario")
      || !ph_xml_span_is (c1, c1->root, "scenario"))
    return NULL;
  if (lf != NULL && lf > o->text && lf[-1] == '\r')
    m.nl = "\r\n";
  m.unit = indent_unit (o);
  m.prefix = g_strndup (o->text + o->root->start + 1, o->root->local - (o->root->start + 1));
  m.out = g_string_sized_new (o->length + 1024);

  put (&m, o, 0, o->root->start);
  merge_element (&m, o->root, c0->root, c1->root, 0);
  put (&m, o, o->root->end, o->length);

  g_free (m.unit);
  g_free (m.prefix);
  if (m.failed)
    {
      g_string_free (m.out, TRUE);
      return NULL;
    }
  *length = m.out->len;
  return g_string_free (m.out, FALSE);
}

/* Where C2 (what the merged text loads to) differs from C1 only in
 * attributes C1 has, those are added to @explicit: written out, they read
 * back as C1 says. FALSE for any other difference. */
gboolean
ph_scenario_merge_repairs (const PhXmlDoc  *c1,
                           const PhXmlSpan *a,
                           const PhXmlDoc  *c2,
                           const PhXmlSpan *b,
                           GHashTable      *explicit,
                           guint           *added)
{
  guint n_a = a->children != NULL ? a->children->len : 0;
  guint n_b = b->children != NULL ? b->children->len : 0;

  if (!same_bytes (c1, a->local, a->local + a->local_len, c2, b->local, b->local + b->local_len))
    return FALSE;
  if (ph_keep_kind_of (c1, a) != PH_KEEP_ELEMENTS)
    return same_bytes (c1, a->start, a->end, c2, b->start, b->end);
  for (guint i = 0; i < a->attrs->len; i++)
    {
      const PhXmlSpanAttr *x = attr_at (a, i);
      const PhXmlSpanAttr *y = ph_xml_span_attr (c2, b, c1->text + x->start, x->name_len);

      if (y == NULL || !same_value (c1, x, c2, y))
        {
          GHashTable *names = g_hash_table_lookup (explicit, a);

          if (names == NULL)
            {
              names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
              g_hash_table_insert (explicit, (gpointer) a, names);
            }
          if (g_hash_table_add (names, attr_name (c1, x)))
            (*added)++;
        }
    }
  for (guint i = 0; i < b->attrs->len; i++)
    {
      const PhXmlSpanAttr *y = attr_at (b, i);

      if (ph_xml_span_attr (c1, a, c2->text + y->start, y->name_len) == NULL)
        return FALSE;
    }
  if (n_a != n_b)
    return FALSE;
  for (guint i = 0; i < n_a; i++)
    if (!ph_scenario_merge_repairs (c1, g_ptr_array_index (a->children, i),
                                    c2, g_ptr_array_index (b->children, i), explicit, added))
      return FALSE;
  return TRUE;
}
