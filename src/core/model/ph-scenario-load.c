/* ph-scenario-load.c: reading scenario files safely
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A file is read into memory (at most PH_SCENARIO_MAX_FILE_SIZE bytes, never
 * gunzipped) and parsed from there with neither network nor DTD nor entity
 * substitution nor XInclude. A DOCTYPE stops the parser as soon as it is
 * seen, so no entity is ever declared (which rules out billion laughs and
 * external entities alike). While libxml2 runs, its global error handlers
 * and entity loader are redirected, and they are put back before returning
 * (the entity loader, being per process, when the last concurrent reader
 * returns).
 *
 * Only regular files are read (a FIFO or /dev/zero would block or never
 * end). Before libxml2 sees the bytes, lone CRs become LFs (XML says they
 * are line ends; libxml2 would count no line) and a start tag with more than
 * MAX_ATTRIBUTES attributes is refused (libxml2 takes quadratic time over
 * them); after it, a NUL byte is refused (libxml2 may stop reading at one).
 * libxml2's messages are kept to one line, in words for the file's author.
 *
 * libxml2 2.9 records an element's line in 16 bits and, for a start tag
 * spanning several lines, the line of its end; the SAX hook below records
 * the line of the '<' instead, in the node when it fits and in
 * PhReader.big_lines when it does not.
 *
 * The PhReader itself, the reading of the file and the scans of its bytes
 * are in ph-scenario-read.c; the parse and the checks of the tree are here.
 */
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

#include "ph-scenario-check.h"
#include "ph-game.h"
#include "ph-scenario-io.h"

#define SCENARIO_NS "urn:powderhorn:scenario:1"
#define PARSE_OPTIONS (XML_PARSE_NONET | XML_PARSE_BIG_LINES)
/* Parsing */

typedef struct
{
  PhReader *reader;
  gboolean failed;      /* a well-formedness problem was reported */
  PhStream *stream;     /* told of each element, or NULL */
} ParseState;

/* The parse under way in this thread, if any */
static GPrivate current_parse = G_PRIVATE_INIT (NULL);

static void parse_failed (xmlParserCtxtPtr ctxt, long line, const char *format, ...)
  G_GNUC_PRINTF (3, 4);

/* Loads nothing, ever: no DTD, no external entity, no XInclude. (The
 * DOCTYPE is refused before anything could ask for one.) */
static xmlParserInputPtr
refuse_entity_loader (const char       *url,
                      const char       *id,
                      xmlParserCtxtPtr  ctxt)
{
  ParseState *state = g_private_get (&current_parse);

  if (state != NULL && ctxt != NULL && ctxt->_private == state)
    parse_failed (ctxt, ctxt->input != NULL ? ctxt->input->line : 1,
                  "external entity '%s' refused: nothing is loaded from outside the file",
                  url != NULL ? url : id != NULL ? id : "?");
  return NULL;
}

/* libxml2's global state, saved and restored around every use */

typedef struct
{
  xmlStructuredErrorFunc structured;
  void *structured_context;
  xmlGenericErrorFunc generic;
  void *generic_context;
} LibxmlState;

/* The error handlers are per thread; the entity loader is per process, so
 * it is swapped by the first reader in and put back by the last one out. */
static GMutex loader_lock;
static guint loader_users;
static xmlExternalEntityLoader saved_loader;

static void
ignore_structured_error (void *data, xmlErrorPtr error)
{
}

static void
ignore_generic_error (void *data, const char *msg, ...)
{
}

static void
libxml_enter (LibxmlState *saved)
{
  static gsize initialised = 0;

  if (g_once_init_enter (&initialised))
    {
      xmlInitParser ();
      g_once_init_leave (&initialised, 1);
    }
  saved->structured = xmlStructuredError;
  saved->structured_context = xmlStructuredErrorContext;
  saved->generic = xmlGenericError;
  saved->generic_context = xmlGenericErrorContext;
  xmlSetStructuredErrorFunc (NULL, ignore_structured_error);
  xmlSetGenericErrorFunc (NULL, ignore_generic_error);

  g_mutex_lock (&loader_lock);
  if (loader_users++ == 0)
    {
      saved_loader = xmlGetExternalEntityLoader ();
      xmlSetExternalEntityLoader (refuse_entity_loader);
    }
  g_mutex_unlock (&loader_lock);
}

static void
libxml_leave (LibxmlState *saved)
{
  g_mutex_lock (&loader_lock);
  if (--loader_users == 0)
    xmlSetExternalEntityLoader (saved_loader);
  g_mutex_unlock (&loader_lock);

  xmlSetGenericErrorFunc (saved->generic_context, saved->generic);
  xmlSetStructuredErrorFunc (saved->structured_context, saved->structured);
}

static void
parse_failed (xmlParserCtxtPtr  ctxt,
              long              line,
              const char       *format,
              ...)
{
  ParseState *state = ctxt->_private;
  g_autofree char *text = NULL;
  va_list args;

  /* Only the first: what follows is mostly its echo. */
  if (state->failed)
    return;
  state->failed = TRUE;
  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  ph_reader_problem (state->reader, PH_SCENARIO_ERROR_MALFORMED, line, "%s", text);
}

/* libxml2's message on one line, and in words for the reader of the file
 * rather than for a programmer ("use XML_PARSE_HUGE option"). */
static char *
parser_message (const char *raw)
{
  g_autofree char *text = g_strstrip (g_strdup (raw != NULL ? raw : "unknown error"));
  GString *out;
  char *bytes;

  if (g_str_has_prefix (text, "Excessive depth in document"))
    return g_strdup_printf ("elements are nested too deeply (more than %u levels)",
                            xmlParserMaxDepth);
  if (g_str_has_prefix (text, "Input is not proper UTF-8"))
    {
      bytes = strstr (text, "Bytes:");
      if (bytes == NULL)
        return g_strdup ("not well-formed XML: invalid UTF-8: scenario files are UTF-8");
      return g_strdup_printf ("not well-formed XML: invalid UTF-8 (bytes %s): "
                              "scenario files are UTF-8", g_strstrip (bytes + 6));
    }
  if (g_str_has_prefix (text, "AttValue length too long"))
    return g_strdup_printf ("an attribute value is too long (more than %d bytes)",
                            XML_MAX_TEXT_LENGTH);
  if (g_str_has_prefix (text, "xmlSAX2Characters: huge text node"))
    return g_strdup_printf ("a text is too long (more than %d bytes)", XML_MAX_TEXT_LENGTH);

  out = g_string_new ("not well-formed XML: ");
  for (const char *p = text; *p != '\0'; p++)
    g_string_append_c (out, *p == '\n' || *p == '\r' || *p == '\t' ? ' ' : *p);
  if ((bytes = strstr (out->str, ", use XML_PARSE_HUGE")) != NULL
      || (bytes = strstr (out->str, " use XML_PARSE_HUGE")) != NULL)
    g_string_truncate (out, bytes - out->str);
  return g_string_free (out, FALSE);
}

static void
parser_error (void        *data,
              xmlErrorPtr  error)
{
  xmlParserCtxtPtr ctxt = data;
  g_autofree char *message = NULL;

  if (error->level < XML_ERR_ERROR)
    return;
  message = parser_message (error->message);
  parse_failed (ctxt, error->line > 0 ? error->line : ctxt->input != NULL ? ctxt->input->line : 1,
                "%s", message);
  /* Only the first problem is reported: parsing on would only cost time
   * (libxml2 goes on after a fatal error, building nothing). */
  xmlStopParser (ctxt);
}

/* The line of the '<' that starts the construct the parser is in. */
static long
tag_start_line (xmlParserCtxtPtr ctxt)
{
  const xmlChar *p;
  long line;

  if (ctxt->input == NULL)
    return 0;
  line = ctxt->input->line;
  for (p = ctxt->input->cur; p > ctxt->input->base;)
    {
      p--;
      if (*p == '<')
        break;
      if (*p == '\n')
        line--;
    }
  return line;
}

static void
start_element (void           *data,
               const xmlChar  *localname,
               const xmlChar  *prefix,
               const xmlChar  *uri,
               int             n_namespaces,
               const xmlChar **namespaces,
               int             n_attributes,
               int             n_defaulted,
               const xmlChar **attributes)
{
  xmlParserCtxtPtr ctxt = data;
  ParseState *state = ctxt->_private;
  xmlNodePtr parent = ctxt->node;
  long line;

  xmlSAX2StartElementNs (data, localname, prefix, uri, n_namespaces, namespaces,
                         n_attributes, n_defaulted, attributes);
  if (ctxt->node == NULL || ctxt->node == parent)
    {
      if (state->stream != NULL)
        {
          /* no element built: the tree will say why */
          ph_stream_fail (state->stream);
          xmlStopParser (ctxt);
        }
      return;
    }
  line = tag_start_line (ctxt);
  if (line > 0 && line < 65535)
    ctxt->node->line = (unsigned short) line;
  else if (line > 0)
    {
      ctxt->node->line = 65535;
      g_hash_table_insert (state->reader->big_lines, ctxt->node, GSIZE_TO_POINTER (line));
    }
  if (state->stream != NULL)
    {
      ph_stream_start_element (state->stream, ctxt->node);
      if (ph_stream_failed (state->stream))
        xmlStopParser (ctxt);
    }
}

static void
end_element (void          *data,
             const xmlChar *localname,
             const xmlChar *prefix,
             const xmlChar *uri)
{
  xmlParserCtxtPtr ctxt = data;
  ParseState *state = ctxt->_private;
  xmlNode *node = ctxt->node;

  if (node != NULL && state->stream != NULL)
    ph_stream_end_element (state->stream, node);
  xmlSAX2EndElementNs (data, localname, prefix, uri);
  if (node != NULL && state->stream != NULL)
    {
      ph_stream_after_end (state->stream, node);
      if (ph_stream_failed (state->stream))
        xmlStopParser (ctxt);
    }
}

static void
refuse_doctype (void          *data,
                const xmlChar *name,
                const xmlChar *external_id,
                const xmlChar *system_id)
{
  xmlParserCtxtPtr ctxt = data;

  parse_failed (ctxt, tag_start_line (ctxt), "DOCTYPE is not allowed");
  xmlStopParser (ctxt);
}

static void
refuse_entity_decl (void          *data,
                    const xmlChar *name,
                    int            type,
                    const xmlChar *public_id,
                    const xmlChar *system_id,
                    xmlChar       *content)
{
  xmlParserCtxtPtr ctxt = data;

  parse_failed (ctxt, tag_start_line (ctxt), "entity declarations are not allowed");
  xmlStopParser (ctxt);
}

/* The bytes handed to libxml2 a piece at a time */
typedef struct
{
  const char *data;
  gsize left;
} Source;

static int
read_source (void *context,
             char *buffer,
             int   len)
{
  Source *source = context;
  gsize n = MIN (source->left, (gsize) MAX (len, 0));

  memcpy (buffer, source->data, n);
  source->data += n;
  source->left -= n;
  return (int) n;
}

static int
close_source (void *context)
{
  return 0;
}

/* The document, or NULL (every problem reported). With @stream, each
 * element is handed to it as it is parsed, and the parse stops when the
 * stream gives up. */
static xmlDocPtr
parse (PhReader   *reader,
       const char *data,
       gsize       length,
       PhStream   *stream)
{
  ParseState state = { reader, FALSE, stream };
  Source source;
  g_autofree char *normalised = NULL;
  xmlParserCtxtPtr ctxt;
  xmlDocPtr doc;

  if (length == 0)
    {
      ph_reader_problem (reader, PH_SCENARIO_ERROR_MALFORMED, 1, "the file is empty");
      return NULL;
    }
  if (length >= 2 && (guchar) data[0] == 0x1f && (guchar) data[1] == 0x8b)
    {
      ph_reader_problem (reader, PH_SCENARIO_ERROR_MALFORMED, 1,
                         "the file is gzip-compressed; scenario files are plain XML");
      return NULL;
    }
  if (length >= 2 && (((guchar) data[0] == 0xfe && (guchar) data[1] == 0xff)
                      || ((guchar) data[0] == 0xff && (guchar) data[1] == 0xfe)
                      || data[0] == '\0' || data[1] == '\0'))
    {
      ph_reader_problem (reader, PH_SCENARIO_ERROR_MALFORMED, 1,
                         "the file is UTF-16 or binary; scenario files are UTF-8");
      return NULL;
    }

  if ((normalised = ph_scenario_normalise_line_ends (data, length)) != NULL)
    data = normalised;
  if (!ph_reader_check_attribute_counts (reader, data, length))
    return NULL;

  if (stream != NULL)
    {
      /* read through a window, as from a file: libxml2 would copy all of
       * it otherwise */
      source.data = data;
      source.left = length;
      ctxt = xmlCreateIOParserCtxt (NULL, NULL, read_source, close_source, &source,
                                    XML_CHAR_ENCODING_NONE);
    }
  else
    ctxt = xmlCreateMemoryParserCtxt (data, (int) length);
  if (ctxt == NULL)
    {
      ph_reader_problem (reader, PH_SCENARIO_ERROR_MALFORMED, 1, "cannot create an XML parser");
      return NULL;
    }
  g_private_set (&current_parse, &state);
  xmlCtxtUseOptions (ctxt, PARSE_OPTIONS);
  ctxt->_private = &state;
  ctxt->sax->serror = parser_error;
  ctxt->sax->startElementNs = start_element;
  if (stream != NULL)
    ctxt->sax->endElementNs = end_element;
  ctxt->sax->internalSubset = refuse_doctype;
  ctxt->sax->externalSubset = refuse_doctype;
  ctxt->sax->entityDecl = refuse_entity_decl;

  xmlParseDocument (ctxt);
  doc = ctxt->myDoc;
  ctxt->myDoc = NULL;
  if (!state.failed && (!ctxt->wellFormed || doc == NULL))
    parse_failed (ctxt, ctxt->input != NULL ? ctxt->input->line : 1, "not well-formed XML");
  xmlFreeParserCtxt (ctxt);
  g_private_set (&current_parse, NULL);

  /* after the parse, whose message is better when it has one */
  if (!state.failed && !ph_reader_check_no_nul (reader, data, length))
    state.failed = TRUE;
  if (state.failed)
    {
      xmlFreeDoc (doc);
      return NULL;
    }
  return doc;
}

/* Checks before the schema: what the document is at all. */

static gboolean
check_document (PhReader *reader,
                xmlDoc   *doc)
{
  xmlNode *root = xmlDocGetRootElement (doc);
  const char *version;
  long line;

  if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      ph_reader_problem (reader, PH_SCENARIO_ERROR_MALFORMED, 1, "DOCTYPE is not allowed");
      return FALSE;
    }
  if (doc->encoding != NULL && g_ascii_strcasecmp ((const char *) doc->encoding, "UTF-8") != 0)
    {
      ph_reader_problem (reader, PH_SCENARIO_ERROR_MALFORMED, 1,
                         "encoding '%s' is not allowed: scenario files are UTF-8",
                         ph_reader_show (reader, (const char *) doc->encoding));
      return FALSE;
    }
  if (root == NULL)
    {
      ph_reader_problem (reader, PH_SCENARIO_ERROR_MALFORMED, 1, "no root element");
      return FALSE;
    }
  if (!ph_reader_check_tree (reader, root))
    return FALSE;

  line = ph_reader_line (reader, root);
  if (!xmlStrEqual (root->name, BAD_CAST "scenario"))
    {
      ph_reader_problem (reader, PH_SCENARIO_ERROR_SCHEMA, line,
                         "%s: the root element must be <scenario xmlns=\"" SCENARIO_NS "\">",
                         ph_reader_describe (reader, root));
      return FALSE;
    }
  if (root->ns == NULL)
    {
      ph_reader_problem (reader, PH_SCENARIO_ERROR_SCHEMA, line,
                         "<scenario>: the root element has no namespace: "
                         "it must be <scenario xmlns=\"" SCENARIO_NS "\">");
      return FALSE;
    }
  if (!xmlStrEqual (root->ns->href, BAD_CAST SCENARIO_NS))
    {
      ph_reader_problem (reader, PH_SCENARIO_ERROR_SCHEMA, line,
                         "%s: wrong namespace '%s': "
                         "it must be <scenario xmlns=\"" SCENARIO_NS "\">",
                         ph_reader_describe (reader, root),
                         ph_reader_show (reader, (const char *) root->ns->href));
      return FALSE;
    }
  version = ph_reader_attr (reader, root, "version");
  if (version != NULL && strcmp (version, "1") != 0)
    {
      ph_reader_problem (reader, PH_SCENARIO_ERROR_INVALID, line,
                         "<scenario>: attribute 'version' must be 1, not '%s' "
                         "(this program reads version 1 scenario files)",
                         ph_reader_show (reader, version));
      return FALSE;
    }
  return TRUE;
}

/* By line; g_ptr_array_sort() is stable. */
static gint
compare_problems (gconstpointer a,
                  gconstpointer b)
{
  const PhProblem *pa = *(const PhProblem * const *) a;
  const PhProblem *pb = *(const PhProblem * const *) b;

  return (pa->line > pb->line) - (pa->line < pb->line);
}

/* Everything, from bytes to model. NULL and reader->problems non-empty on
 * failure. */
/* A game log must read as docs/game-format.md says, its dice must follow
 * from its seed, and it must match the figures (ph_game_load() checks all
 * that on a copy: nothing changes). Other content of <game> is reserved
 * (scenario-format.md) and accepted as it is. */
static gboolean
check_game_log (PhReader   *reader,
                PhScenario *scenario)
{
  g_autoptr(GError) error = NULL;
  PhGame *game;

  if (!ph_game_xml_is_log (scenario->game_xml))
    return TRUE;
  game = ph_game_load (scenario, reader->filename, &error);
  if (game == NULL)
    {
      ph_reader_add_message (reader, PH_SCENARIO_ERROR_INVALID,
                             MAX (scenario->game_line, 1), error->message);
      return FALSE;
    }
  ph_game_free (game);
  return TRUE;
}

/* A file that is all right, read as a stream (ph-scenario-stream.c):
 * its model, or NULL when anything is wrong, or the stream cannot be used */
static PhScenario *
read_streamed (PhReader   *reader,
               const char *data,
               gsize       length,
               gboolean    validate)
{
  PhStream *stream = ph_stream_new (reader, validate);
  PhScenario *scenario = NULL;
  xmlDocPtr doc;

  if (stream == NULL)
    return NULL;
  doc = parse (reader, data, length, stream);
  if (doc != NULL && !ph_stream_failed (stream) && reader->problems->len == 0
      && check_document (reader, doc) && reader->problems->len == 0)
    scenario = ph_stream_finish (stream);
  ph_stream_free (stream);
  xmlFreeDoc (doc);
  return scenario;
}

/* @trusted: bytes that loaded before with every check (a scenario's
 * source), read again for their model alone: the schema and the game log
 * are not checked again */
typedef enum
{
  READ_STREAM_OR_TREE,  /* as a stream; as a tree if that gives up */
  READ_TREE,
  READ_STREAM,
} ReadWay;

static PhScenario *
read_data (PhReader   *reader,
           const char *data,
           gsize       length,
           gboolean    trusted,
           ReadWay     way)
{
  PhScenario *scenario = NULL;
  LibxmlState saved;
  xmlDocPtr doc;

  if (length > PH_SCENARIO_MAX_FILE_SIZE)
    {
      g_autofree char *text = g_strdup_printf ("the file is too large (%" G_GSIZE_FORMAT
                                               " bytes; the limit is %d)",
                                               length, PH_SCENARIO_MAX_FILE_SIZE);

      ph_reader_file_problem (reader, PH_SCENARIO_ERROR_TOO_LARGE, text);
      return NULL;
    }

  libxml_enter (&saved);
  if (way != READ_TREE)
    scenario = read_streamed (reader, data, length, !trusted);
  if (scenario == NULL && way != READ_STREAM)
    {
      /* the file again, as a whole tree, to say what is wrong with it */
      const char *filename = reader->filename;

      ph_reader_clear (reader);
      ph_reader_init (reader, filename);
      doc = parse (reader, data, length, NULL);
      if (doc != NULL
          && check_document (reader, doc)
          && (trusted || ph_scenario_schema_validate (reader, doc)))
        scenario = ph_scenario_from_doc (reader, doc);
      xmlFreeDoc (doc);
    }
  libxml_leave (&saved);

  /* in file order (the schema reports a child before its parent) */
  g_ptr_array_sort (reader->problems, compare_problems);

  if (scenario != NULL && reader->problems->len > 0)
    g_clear_pointer (&scenario, ph_scenario_unref);
  if (scenario != NULL && !trusted && !check_game_log (reader, scenario))
    g_clear_pointer (&scenario, ph_scenario_unref);
  if (scenario == NULL && reader->problems->len == 0)
    ph_reader_file_problem (reader, PH_SCENARIO_ERROR_INVALID, "cannot read the file");
  return scenario;
}

static void
set_error_from_reader (PhReader  *reader,
                       GError   **error)
{
  const PhProblem *first = g_ptr_array_index (reader->problems, 0);

  g_set_error_literal (error, PH_SCENARIO_ERROR, first->code, first->message);
}

PhScenario *
ph_scenario_load_internal (const char  *data,
                           gsize        length,
                           const char  *filename,
                           gboolean     trusted,
                           GError     **error)
{
  PhReader reader;
  PhScenario *scenario;

  ph_reader_init (&reader, filename != NULL ? filename : "(data)");
  scenario = read_data (&reader, data != NULL ? data : "", length, trusted,
                         READ_STREAM_OR_TREE);
  if (scenario == NULL)
    set_error_from_reader (&reader, error);
  ph_reader_clear (&reader);
  return scenario;
}

PhScenario *
ph_scenario_load_one_way (const char  *data,
                          gsize        length,
                          const char  *filename,
                          gboolean     stream,
                          GError     **error)
{
  PhReader reader;
  PhScenario *scenario;

  ph_reader_init (&reader, filename != NULL ? filename : "(data)");
  scenario = read_data (&reader, data != NULL ? data : "", length, FALSE,
                        stream ? READ_STREAM : READ_TREE);
  if (scenario == NULL && reader.problems->len > 0)
    set_error_from_reader (&reader, error);
  else if (scenario == NULL)
    g_set_error_literal (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                         "the stream gave up");
  ph_reader_clear (&reader);
  return scenario;
}

PhScenario *
ph_scenario_load_data (const char  *data,
                       gsize        length,
                       const char  *filename,
                       GError     **error)
{
  PhScenario *scenario;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  scenario = ph_scenario_load_internal (data, length, filename, FALSE, error);
  /* kept for a save that keeps the file's comments and layout */
  if (scenario != NULL)
    scenario->source = g_bytes_new (data, length);
  return scenario;
}

PhScenario *
ph_scenario_load_file (const char  *filename,
                       GError     **error)
{
  g_autofree char *data = NULL;
  PhScenario *scenario = NULL;
  PhReader reader;
  gsize length = 0;

  g_return_val_if_fail (filename != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  ph_reader_init (&reader, filename);
  data = ph_reader_read_file (&reader, filename, &length);
  if (data != NULL)
    scenario = read_data (&reader, data, length, FALSE, READ_STREAM_OR_TREE);
  if (scenario == NULL)
    set_error_from_reader (&reader, error);
  else
    {
      /* kept (not copied: the buffer is read anyway) for a save that keeps
       * the file's comments and layout */
      scenario->source = g_bytes_new_take (g_steal_pointer (&data), length);
    }
  ph_reader_clear (&reader);
  return scenario;
}

static gboolean
collect_problems (PhReader   *reader,
                  const char *data,
                  gsize       length,
                  GPtrArray  *problems)
{
  PhScenario *scenario = NULL;
  gboolean ok;

  if (data != NULL)
    scenario = read_data (reader, data, length, FALSE, READ_STREAM_OR_TREE);
  ok = reader->problems->len == 0;
  for (guint i = 0; i < reader->problems->len; i++)
    {
      const PhProblem *problem = g_ptr_array_index (reader->problems, i);

      g_ptr_array_add (problems, g_strdup (problem->message));
    }
  g_clear_pointer (&scenario, ph_scenario_unref);
  return ok;
}

gboolean
ph_scenario_validate_file (const char *filename,
                           GPtrArray  *problems)
{
  g_autofree char *data = NULL;
  PhReader reader;
  gsize length = 0;
  gboolean ok;

  g_return_val_if_fail (filename != NULL, FALSE);
  g_return_val_if_fail (problems != NULL, FALSE);

  ph_reader_init (&reader, filename);
  data = ph_reader_read_file (&reader, filename, &length);
  ok = collect_problems (&reader, data, length, problems);
  ph_reader_clear (&reader);
  return ok;
}

gboolean
ph_scenario_validate_data (const char *data,
                           gsize       length,
                           const char *filename,
                           GPtrArray  *problems)
{
  PhReader reader;
  gboolean ok;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (problems != NULL, FALSE);

  ph_reader_init (&reader, filename != NULL ? filename : "(data)");
  ok = collect_problems (&reader, data != NULL ? data : "", length, problems);
  ph_reader_clear (&reader);
  return ok;
}
