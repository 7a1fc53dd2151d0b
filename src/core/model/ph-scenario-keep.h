/* ph-scenario-keep.h: saving a scenario into the text it was read from
 * (internal to the saver)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A scenario loaded from a file keeps the file's bytes (PhScenario.source).
 * A save compares the canonical form of what was loaded with the canonical
 * form of the model now and writes only the difference into those bytes
 * (ph-scenario-merge.c), then checks the result (ph-scenario-keep.c);
 * ph-xml-scan.c finds where each element and attribute lies in them. What is kept and what is not is in
 * docs/scenario-format.md, "What saving writes".
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* ph-xml-scan.c */

typedef struct
{
  gsize start;          /* the name's first byte */
  gsize name_len;
  gsize value;          /* the value's first byte, after the quote */
  gsize value_len;      /* as written: references are not resolved */
  gsize end;            /* after the closing quote */
} PhXmlSpanAttr;

typedef struct _PhXmlSpan PhXmlSpan;

/* An element, by offsets into its document's text */
struct _PhXmlSpan
{
  gsize start;          /* its '<' */
  gsize name_len;       /* the name as written (with its prefix), at start + 1 */
  gsize local;          /* the name without its prefix */
  gsize local_len;
  gsize attrs_end;      /* after the last attribute (or the name) */
  gsize tag_end;        /* after the start tag */
  gsize content_end;    /* the end tag's '<' (tag_end for <x/>) */
  gsize end;            /* after the end tag */
  gboolean empty;       /* written <x/> */
  GArray *attrs;        /* of PhXmlSpanAttr, in the order written */
  GPtrArray *children;  /* of PhXmlSpan*, the child elements; NULL for none
                         * or when its content was skipped */
  /* What comes before it in its parent, from the end of the previous
   * child (or of the parent's start tag): lead .. note holds whatever is
   * not its own, note .. ws the comment that directly precedes it (no
   * blank line between; with the white space before the comment), ws ..
   * start the white space before it. note == ws when there is no such
   * comment. */
  gsize lead;
  gsize note;
  gsize ws;
  gboolean lead_has_comment; /* lead .. start holds a comment */
  gsize span_end;       /* end, or after a comment that follows it on its line */
};

typedef struct
{
  const char *text;     /* not owned */
  gsize length;
  PhXmlSpan *root;
} PhXmlDoc;

/* Scans a well-formed document; the content of the elements named @skip
 * (a local name, or NULL) is passed over without being recorded. NULL when
 * the text is not what was expected. @text must outlive the result. */
PhXmlDoc   *ph_xml_scan        (const char *text, gsize length, const char *skip);
void        ph_xml_doc_free    (PhXmlDoc *doc);
void        ph_xml_span_free   (PhXmlSpan *span);
gboolean    ph_xml_span_is     (const PhXmlDoc *doc, const PhXmlSpan *span, const char *local);
/* The attribute @name (as written), or NULL */
const PhXmlSpanAttr *ph_xml_span_attr (const PhXmlDoc *doc, const PhXmlSpan *span,
                                       const char *name, gsize name_len);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhXmlDoc, ph_xml_doc_free)

/* ph-scenario-merge.c */

typedef enum
{
  PH_KEEP_ELEMENTS,     /* elements, and the white space and comments between */
  PH_KEEP_TEXT,         /* <title>, <description>: text */
  PH_KEEP_RAW,          /* <game>: anything, written whole */
} PhKeepKind;

PhKeepKind  ph_keep_kind_of    (const PhXmlDoc *doc, const PhXmlSpan *span);
/* C1's changes since C0 written into O (the three scanned with "game"
 * skipped): a new string of @length bytes, or NULL when they do not pair
 * up. @explicit (may be NULL) names attributes of C1's elements to write
 * even where unchanged (a C1 element -> a set of attribute names), from
 * ph_scenario_merge_repairs(). */
char       *ph_scenario_merge_text    (const PhXmlDoc *o, const PhXmlDoc *c0,
                                       const PhXmlDoc *c1, GHashTable *explicit,
                                       gsize *length);
/* Where C2 (what a merged text loads to) differs from C1 only in
 * attributes C1 has, adds them to @explicit (counting those not there
 * yet in @added) and returns TRUE; FALSE for any other difference. */
gboolean    ph_scenario_merge_repairs (const PhXmlDoc *c1, const PhXmlSpan *a,
                                       const PhXmlDoc *c2, const PhXmlSpan *b,
                                       GHashTable *explicit, guint *added);

/* ph-scenario-keep.c */

/* A <game> longer than this (bytes) in the source is not read again to
 * tell whether it changed: it is unchanged when the model's is the same
 * text. */
#define PH_KEEP_PARSE_GAME (1024 * 1024)

/* @canonical (the canonical form of the model, as ph_scenario_to_xml()
 * writes it) written into @source (the bytes the scenario was read from):
 * the text to save, checked to load back to exactly @canonical (messages
 * would name @filename). NULL when that cannot be done: the caller then
 * saves the canonical form. */
char       *ph_scenario_keep_source (GBytes *source, const char *canonical,
                                     gsize canonical_length, const char *filename,
                                     gsize *length);

G_END_DECLS
