/* ph-scenario-stream.c: a scenario checked and built as it is parsed
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A file of 100,000 figures is a libxml2 tree of some 300 MB, twenty
 * times the file. Read as a stream, each <figure> is checked against the
 * schema and built into the model when it ends, and its subtree freed at
 * once; the rest of the tree (title, table, terrain, sides, game) is
 * small and kept until the end, so that the same code reads it.
 *
 * The stream is the way for a file that is all right: the same checks as
 * the whole tree gets (the schema, by libxml2's push validation as its
 * xmlTextReader drives it: an element as it starts, its text, its end, or
 * the whole element at its end where libxml2 asks for that; then every
 * semantic check of ph-scenario-check.c, on the same subtrees, in the
 * same order), and the same model. At the first problem it gives up, and
 * the file is read again as a whole tree (ph-scenario-load.c), whose
 * messages are the ones people read.
 */
#include <string.h>

#include <libxml/relaxng.h>

#include "ph-scenario-check.h"

#define SCENARIO_NS "urn:powderhorn:scenario:1"

struct _PhStream
{
  PhReader *reader;
  xmlRelaxNGValidCtxtPtr vctxt;  /* NULL: not validated (trusted bytes) */
  xmlNode *full;        /* validated as a whole at its end */
  xmlNode *game;        /* <game>, hidden from the validator but itself */
  gboolean game_full;
  PhBuilder b;
  gboolean begun;
  gboolean failed;
};

/* What a figure read and freed leaves in the builder's ids, for the
 * checks after it: a node that says only that the id is a figure's (a
 * side="..." naming it is told it is not a side), all the builder reads
 * of an id's node once its element is gone */
static xmlNode freed_figure = { .type = XML_ELEMENT_NODE, .name = BAD_CAST "figure" };

static void
note_error (void        *data,
            xmlErrorPtr  error)
{
  PhStream *stream = data;

  stream->failed = TRUE;
}

PhStream *
ph_stream_new (PhReader *reader,
               gboolean  validate)
{
  PhStream *stream;
  xmlRelaxNGPtr rng = NULL;

  if (validate && (rng = ph_scenario_schema_get_rng ()) == NULL)
    return NULL;
  stream = g_new0 (PhStream, 1);
  stream->reader = reader;
  if (validate)
    {
      stream->vctxt = xmlRelaxNGNewValidCtxt (rng);
      xmlRelaxNGSetValidStructuredErrors (stream->vctxt, note_error, stream);
    }
  return stream;
}

void
ph_stream_free (PhStream *stream)
{
  if (stream == NULL)
    return;
  g_clear_pointer (&stream->b.scenario, ph_scenario_unref);
  g_clear_pointer (&stream->b.ids, g_hash_table_unref);
  g_clear_pointer (&stream->vctxt, xmlRelaxNGFreeValidCtxt);
  g_free (stream);
}

gboolean
ph_stream_failed (PhStream *stream)
{
  return stream->failed;
}

void
ph_stream_fail (PhStream *stream)
{
  stream->failed = TRUE;
}

static gboolean
is_root (const xmlNode *node)
{
  return node->parent != NULL && node->parent->type == XML_DOCUMENT_NODE;
}

static gboolean
is_root_child (const xmlNode *node)
{
  return node->parent != NULL && is_root (node->parent);
}

static gboolean
named (const xmlNode *node,
       const char    *name)
{
  return node->type == XML_ELEMENT_NODE && strcmp ((const char *) node->name, name) == 0;
}

/* A <figure> of <figures>: read and freed at its end */
static gboolean
is_figure (const xmlNode *node)
{
  return named (node, "figure") && node->parent != NULL && named (node->parent, "figures")
         && is_root_child (node->parent);
}

static void
check (PhStream *stream,
       int       ret)
{
  if (ret != 1)
    stream->failed = TRUE;
}

/* The text of the element since its last child element, up to @last:
 * shown to the validator in order, as the reader shows each text node */
static void
push_text (PhStream *stream,
           xmlNode  *last)
{
  xmlNode *n = last;

  if (stream->vctxt == NULL)
    return;
  while (n != NULL && n->type != XML_ELEMENT_NODE && n->prev != NULL
         && n->prev->type != XML_ELEMENT_NODE)
    n = n->prev;
  for (; n != NULL && n->type != XML_ELEMENT_NODE; n = n->next)
    {
      if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE)
        check (stream, xmlRelaxNGValidatePushCData (stream->vctxt, n->content,
                                                    xmlStrlen (n->content)));
      if (n == last)
        break;
    }
}

void
ph_stream_start_element (PhStream *stream,
                         xmlNode  *node)
{
  if (stream->failed)
    return;
  if (is_root (node))
    {
      if (!ph_builder_begin (&stream->b, stream->reader, node))
        {
          stream->failed = TRUE;
          return;
        }
      stream->begun = TRUE;
    }
  if (stream->full != NULL || stream->game != NULL)
    return;

  push_text (stream, node->prev);
  if (is_figure (node))
    /* what is left between the figures (their white space, the figures
     * being gone) has been shown to the validator; and the parser must
     * find no text before the figure to add the next text to, once the
     * figure is gone */
    while (node->prev != NULL)
      {
        xmlNode *before = node->prev;

        xmlUnlinkNode (before);
        xmlFreeNode (before);
      }
  if (stream->vctxt == NULL)
    return;

  if (is_root_child (node) && named (node, "game")
      && node->ns != NULL && xmlStrEqual (node->ns->href, BAD_CAST SCENARIO_NS))
    {
      xmlAttr *properties = node->properties;
      int ret;

      node->properties = NULL;
      ret = xmlRelaxNGValidatePushElement (stream->vctxt, node->doc, node);
      node->properties = properties;
      stream->game = node;
      stream->game_full = ret == 0;
      if (ret != 0)
        check (stream, ret);
      return;
    }

  switch (xmlRelaxNGValidatePushElement (stream->vctxt, node->doc, node))
    {
    case 1:
      break;
    case 0:
      /* libxml2 checks this one as a whole, at its end */
      stream->full = node;
      break;
    default:
      stream->failed = TRUE;
    }
}

void
ph_stream_end_element (PhStream *stream,
                       xmlNode  *node)
{
  if (stream->failed || stream->vctxt == NULL)
    return;
  if (stream->game != NULL)
    {
      xmlNode *children, *last;
      xmlAttr *properties;

      if (node != stream->game)
        return;
      /* as ph_scenario_schema_validate() hides them */
      children = node->children;
      last = node->last;
      properties = node->properties;
      node->children = node->last = NULL;
      node->properties = NULL;
      if (stream->game_full)
        check (stream, xmlRelaxNGValidateFullElement (stream->vctxt, node->doc, node));
      else
        check (stream, xmlRelaxNGValidatePopElement (stream->vctxt, node->doc, node));
      node->children = children;
      node->last = last;
      node->properties = properties;
      stream->game = NULL;
      return;
    }
  if (stream->full != NULL)
    {
      if (node != stream->full)
        return;
      check (stream, xmlRelaxNGValidateFullElement (stream->vctxt, node->doc, node));
      stream->full = NULL;
      return;
    }
  push_text (stream, node->last);
  check (stream, xmlRelaxNGValidatePopElement (stream->vctxt, node->doc, node));
}

/* Forgets the lines of a subtree about to be freed */
static void
forget_lines (PhReader *reader,
              xmlNode  *root)
{
  if (g_hash_table_size (reader->big_lines) == 0)
    return;
  for (xmlNode *node = root; node != NULL; node = ph_xml_next_node (node, root))
    if (node->type == XML_ELEMENT_NODE)
      g_hash_table_remove (reader->big_lines, node);
}

void
ph_stream_after_end (PhStream *stream,
                     xmlNode  *node)
{
  PhBuilder *b = &stream->b;

  if (stream->failed || !stream->begun
      || (stream->vctxt != NULL && (stream->full != NULL || stream->game != NULL)))
    return;

  if (is_figure (node))
    {
      const PhFigure *figure;

      if (!ph_reader_check_tree (stream->reader, node))
        {
          stream->failed = TRUE;
          return;
        }
      ph_builder_read_figure (b, node);
      figure = g_ptr_array_index (b->scenario->figures, b->scenario->figures->len - 1);
      /* its id stays claimed, by a copy that outlives the tree */
      if (figure->id != NULL && g_hash_table_lookup (b->ids, figure->id) == node)
        g_hash_table_replace (b->ids, figure->id, &freed_figure);
      forget_lines (stream->reader, node);
      xmlUnlinkNode (node);
      xmlFreeNode (node);
    }
  else if (is_root_child (node))
    /* <figures> has no figure left: each was read as it ended */
    ph_builder_read_child (b, node);

  if (stream->reader->problems->len > b->n_problems)
    stream->failed = TRUE;
}

PhScenario *
ph_stream_finish (PhStream *stream)
{
  if (stream->failed || !stream->begun || stream->reader->problems->len > stream->b.n_problems)
    return NULL;
  return ph_builder_end (&stream->b);
}
