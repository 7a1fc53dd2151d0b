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
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

#include "ph-scenario-check.h"
#include "ph-game.h"
#include "ph-scenario-io.h"

#define SCENARIO_NS "urn:powderhorn:scenario:1"
#define PARSE_OPTIONS (XML_PARSE_NONET | XML_PARSE_BIG_LINES)
/* The reader */

static void
problem_free (gpointer data)
{
  PhProblem *problem = data;

  g_free (problem->message);
  g_free (problem);
}

void
ph_reader_init (PhReader   *reader,
                const char *filename)
{
  reader->filename = filename;
  reader->problems = g_ptr_array_new_with_free_func (problem_free);
  reader->seen = g_hash_table_new (g_str_hash, g_str_equal);
  reader->big_lines = g_hash_table_new (NULL, NULL);
  reader->scratch = g_ptr_array_new_with_free_func (g_free);
}

void
ph_reader_clear (PhReader *reader)
{
  g_clear_pointer (&reader->seen, g_hash_table_unref);
  g_clear_pointer (&reader->problems, g_ptr_array_unref);
  g_clear_pointer (&reader->big_lines, g_hash_table_unref);
  g_clear_pointer (&reader->scratch, g_ptr_array_unref);
}

long
ph_reader_line (PhReader      *reader,
                const xmlNode *node)
{
  gpointer line;

  while (node != NULL && node->type != XML_ELEMENT_NODE)
    node = node->parent;
  if (node == NULL)
    return 0;
  if (node->line < 65535 && node->line > 0)
    return node->line;
  if (g_hash_table_lookup_extended (reader->big_lines, node, NULL, &line))
    return GPOINTER_TO_SIZE (line);
  return xmlGetLineNo (node);
}

void
ph_reader_problem (PhReader        *reader,
                   PhScenarioError  code,
                   long             line,
                   const char      *format,
                   ...)
{
  g_autofree char *text = NULL;
  PhProblem *problem;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);

  problem = g_new0 (PhProblem, 1);
  problem->code = code;
  problem->line = line;
  problem->message = g_strdup_printf ("%s:%ld: %s", reader->filename, line, text);
  if (g_hash_table_contains (reader->seen, problem->message))
    {
      problem_free (problem);
      return;
    }
  g_ptr_array_add (reader->problems, problem);
  g_hash_table_add (reader->seen, problem->message);
}

/* A problem with the file as a whole (cannot open it, too large): given
 * line 1, so that every message has the "FILE:LINE: message" form that
 * cli.md promises and that editors and scripts parse. */
static void
file_problem (PhReader        *reader,
              PhScenarioError  code,
              const char      *text)
{
  ph_reader_problem (reader, code, 1, "%s", text);
}

static char *
keep (PhReader *reader,
      char     *s)
{
  g_ptr_array_add (reader->scratch, s);
  return s;
}

const char *
ph_reader_show (PhReader   *reader,
                const char *value)
{
  return keep (reader, ph_value_show (value));
}

const char *
ph_reader_attr (PhReader      *reader,
                const xmlNode *node,
                const char    *name)
{
  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      xmlChar *value;
      char *copy;

      if (attr->ns != NULL || strcmp ((const char *) attr->name, name) != 0)
        continue;
      if (attr->children == NULL)
        return "";
      if (attr->children->next == NULL && attr->children->type == XML_TEXT_NODE)
        return (const char *) attr->children->content;
      value = xmlNodeListGetString (node->doc, attr->children, 1);
      copy = g_strdup (value != NULL ? (const char *) value : "");
      xmlFree (value);
      return keep (reader, copy);
    }
  return NULL;
}

const char *
ph_reader_describe (PhReader      *reader,
                    const xmlNode *node)
{
  const char *key = NULL;
  const char *value = NULL;
  g_autofree char *prefixed = NULL;
  const char *name;

  while (node != NULL && node->type != XML_ELEMENT_NODE)
    node = node->parent;
  if (node == NULL)
    return "<?>";
  name = (const char *) node->name;
  if (node->ns != NULL && node->ns->prefix != NULL)
    name = prefixed = g_strdup_printf ("%s:%s", node->ns->prefix, node->name);

  if ((value = ph_reader_attr (reader, node, "id")) != NULL)
    key = "id";
  else if (strcmp (name, "option") == 0 && (value = ph_reader_attr (reader, node, "name")) != NULL)
    key = "name";
  else if (strcmp (name, "weapon") == 0 && (value = ph_reader_attr (reader, node, "kind")) != NULL)
    key = "kind";

  if (key == NULL)
    return keep (reader, g_strdup_printf ("<%s>", name));
  return keep (reader, g_strdup_printf ("<%s %s=\"%s\">", name, key,
                                        ph_reader_show (reader, value)));
}

/* Parsing */

typedef struct
{
  PhReader *reader;
  gboolean failed;      /* a well-formedness problem was reported */
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
    return;
  line = tag_start_line (ctxt);
  if (line > 0 && line < 65535)
    ctxt->node->line = (unsigned short) line;
  else if (line > 0)
    {
      ctxt->node->line = 65535;
      g_hash_table_insert (state->reader->big_lines, ctxt->node, GSIZE_TO_POINTER (line));
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

/* Checks on the bytes, before libxml2 sees them */

static long
count_lines (const char *from,
             const char *to)
{
  long n = 0;

  while (from < to && (from = memchr (from, '\n', to - from)) != NULL)
    n++, from++;
  return n;
}

/* XML reads a CR not followed by LF as a line end (XML 1.0, 2.11) but
 * libxml2 2.9 counts lines by LF only, so a file with old Mac line ends
 * would be all on line 1. Such a file is read as XML says it must be:
 * every lone CR turned into LF first (CR LF is left as it is). NULL when
 * there is no lone CR. */
static char *
normalise_line_ends (const char *data,
                     gsize       length)
{
  const char *cr = memchr (data, '\r', length);
  char *copy;

  while (cr != NULL && cr + 1 < data + length && cr[1] == '\n')
    cr = memchr (cr + 2, '\r', data + length - (cr + 2));
  if (cr == NULL)
    return NULL;
  copy = g_malloc (length + 1);
  memcpy (copy, data, length);
  copy[length] = '\0';
  for (gsize i = cr - data; i < length; i++)
    if (copy[i] == '\r' && (i + 1 == length || copy[i + 1] != '\n'))
      copy[i] = '\n';
  return copy;
}

/* The first @needle at or after @p, or NULL */
static const char *
find (const char *p,
      const char *end,
      const char *needle)
{
  gsize n = strlen (needle);

  while (p + n <= end && (p = memchr (p, needle[0], end - p - n + 1)) != NULL)
    {
      if (memcmp (p, needle, n) == 0)
        return p;
      p++;
    }
  return NULL;
}

/* No scenario element has more than 20 attributes. */
#define MAX_ATTRIBUTES 100

/* libxml2 2.9 takes time quadratic in the number of attributes of one
 * element (its check for duplicates, and its tree building), so a start
 * tag with very many is refused before the parser sees it. A light scan of
 * the markup that counts the '=' of each start tag, skipping comments,
 * CDATA sections, processing instructions and quoted values; it stops at
 * anything it does not understand and leaves that to the parser. */
static gboolean
check_attribute_counts (PhReader   *reader,
                        const char *data,
                        gsize       length)
{
  const char *p = data, *end = data + length;
  long line = 1;

  for (;;)
    {
      const char *lt = memchr (p, '<', end - p);
      const char *name, *close = NULL;
      long tag_line;
      guint n = 0;

      if (lt == NULL)
        return TRUE;
      line += count_lines (p, lt);
      p = lt + 1;
      if (end - p >= 3 && memcmp (p, "!--", 3) == 0)
        close = find (p + 3, end, "-->");
      else if (end - p >= 8 && memcmp (p, "![CDATA[", 8) == 0)
        close = find (p + 8, end, "]]>");
      else if (p < end && *p == '?')
        close = find (p + 1, end, "?>");
      else if (p < end && *p == '!')
        return TRUE; /* DOCTYPE: refused by the parser */
      else if (p < end && *p == '/')
        continue;
      else
        {
          /* a start tag */
          name = p;
          tag_line = line;
          while (p < end && *p != '>' && *p != '<')
            {
              if (*p == '"' || *p == '\'')
                {
                  const char *q = memchr (p + 1, *p, end - p - 1);

                  if (q == NULL)
                    return TRUE;
                  line += count_lines (p, q);
                  p = q;
                }
              else if (*p == '=')
                n++;
              else if (*p == '\n')
                line++;
              p++;
            }
          if (n > MAX_ATTRIBUTES)
            {
              const char *name_end = name;
              g_autofree char *shown = NULL;

              while (name_end < p && !strchr (" \t\r\n/>=", *name_end))
                name_end++;
              shown = g_strndup (name, name_end - name);
              ph_reader_problem (reader, PH_SCENARIO_ERROR_MALFORMED, tag_line,
                                 "<%s>: too many attributes (more than %d)",
                                 ph_reader_show (reader, shown), MAX_ATTRIBUTES);
              return FALSE;
            }
          continue;
        }
      if (close == NULL)
        return TRUE;
      line += count_lines (p, close);
      p = close;
    }
}

/* NUL is no XML character, but libxml2 2.9 may take one for the end of
 * the input and ignore what follows it. */
static gboolean
check_no_nul (PhReader   *reader,
              const char *data,
              gsize       length)
{
  const char *nul = memchr (data, '\0', length);

  if (nul == NULL)
    return TRUE;
  ph_reader_problem (reader, PH_SCENARIO_ERROR_MALFORMED, 1 + count_lines (data, nul),
                     "not well-formed XML: a NUL byte, which XML does not allow");
  return FALSE;
}

static xmlDocPtr
parse (PhReader   *reader,
       const char *data,
       gsize       length)
{
  ParseState state = { reader, FALSE };
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

  if ((normalised = normalise_line_ends (data, length)) != NULL)
    data = normalised;
  if (!check_attribute_counts (reader, data, length))
    return NULL;

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
  if (!state.failed && !check_no_nul (reader, data, length))
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
is_xinclude (const xmlNode *node)
{
  return node->ns != NULL
         && (xmlStrEqual (node->ns->href, BAD_CAST "http://www.w3.org/2001/XInclude")
             || xmlStrEqual (node->ns->href, BAD_CAST "http://www.w3.org/2003/XInclude"));
}

/* No XInclude and no entity reference anywhere, <game> included. */
static gboolean
check_tree (PhReader *reader,
            xmlNode  *root)
{
  gboolean ok = TRUE;
  xmlNode *node = root;

  while (node != NULL)
    {
      if (node->type == XML_ELEMENT_NODE && is_xinclude (node))
        {
          ph_reader_problem (reader, PH_SCENARIO_ERROR_MALFORMED, ph_reader_line (reader, node),
                             "%s: XInclude is not allowed", ph_reader_describe (reader, node));
          ok = FALSE;
        }
      else if (node->type == XML_ENTITY_REF_NODE)
        {
          ph_reader_problem (reader, PH_SCENARIO_ERROR_MALFORMED,
                             ph_reader_line (reader, node->parent),
                             "entity references are not allowed");
          ok = FALSE;
        }
      /* depth first, without recursion */
      if (node->type == XML_ELEMENT_NODE && node->children != NULL)
        node = node->children;
      else
        {
          while (node != NULL && node != root && node->next == NULL)
            node = node->parent;
          node = node == NULL || node == root ? NULL : node->next;
        }
    }
  return ok;
}

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
  if (!check_tree (reader, root))
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
static PhScenario *
read_data (PhReader   *reader,
           const char *data,
           gsize       length)
{
  PhScenario *scenario = NULL;
  LibxmlState saved;
  xmlDocPtr doc;

  if (length > PH_SCENARIO_MAX_FILE_SIZE)
    {
      g_autofree char *text = g_strdup_printf ("the file is too large (%" G_GSIZE_FORMAT
                                               " bytes; the limit is %d)",
                                               length, PH_SCENARIO_MAX_FILE_SIZE);

      file_problem (reader, PH_SCENARIO_ERROR_TOO_LARGE, text);
      return NULL;
    }

  libxml_enter (&saved);
  doc = parse (reader, data, length);
  if (doc != NULL
      && check_document (reader, doc)
      && ph_scenario_schema_validate (reader, doc))
    scenario = ph_scenario_from_doc (reader, doc);
  libxml_leave (&saved);
  xmlFreeDoc (doc);

  /* in file order (the schema reports a child before its parent) */
  g_ptr_array_sort (reader->problems, compare_problems);

  if (scenario != NULL && reader->problems->len > 0)
    g_clear_pointer (&scenario, ph_scenario_unref);
  if (scenario == NULL && reader->problems->len == 0)
    file_problem (reader, PH_SCENARIO_ERROR_INVALID, "cannot read the file");
  return scenario;
}

/* Reads at most PH_SCENARIO_MAX_FILE_SIZE bytes (plus a NUL). */
static char *
read_file (PhReader   *reader,
           const char *filename,
           gsize      *length)
{
  g_autoptr(GByteArray) bytes = NULL;
  g_autofree char *text = NULL;
  struct stat st;
  int fd;

  /* O_NONBLOCK: opening a FIFO must not wait for a writer. Only regular
   * files are read (not a FIFO, a device such as /dev/zero, a socket or a
   * directory), so reading cannot block or go on for ever. */
  fd = g_open (filename, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0);
  if (fd < 0)
    {
      int saved_errno = errno;

      text = g_strdup_printf ("cannot open: %s", g_strerror (saved_errno));
      file_problem (reader, PH_SCENARIO_ERROR_IO, text);
      return NULL;
    }
  if (fstat (fd, &st) != 0)
    {
      int saved_errno = errno;

      text = g_strdup_printf ("cannot read: %s", g_strerror (saved_errno));
      file_problem (reader, PH_SCENARIO_ERROR_IO, text);
      close (fd);
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      file_problem (reader, PH_SCENARIO_ERROR_IO,
                    S_ISDIR (st.st_mode) ? "cannot read: it is a directory"
                                         : "cannot read: not a regular file");
      close (fd);
      return NULL;
    }
  if (st.st_size > PH_SCENARIO_MAX_FILE_SIZE)
    {
      text = g_strdup_printf ("the file is too large (%" G_GINT64_FORMAT " bytes; the limit is %d)",
                              (gint64) st.st_size, PH_SCENARIO_MAX_FILE_SIZE);
      file_problem (reader, PH_SCENARIO_ERROR_TOO_LARGE, text);
      close (fd);
      return NULL;
    }

  bytes = g_byte_array_sized_new ((guint) st.st_size + 1);
  for (;;)
    {
      guint8 chunk[65536];
      gssize n = read (fd, chunk, sizeof chunk);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;

          text = g_strdup_printf ("cannot read: %s", g_strerror (saved_errno));
          file_problem (reader, PH_SCENARIO_ERROR_IO, text);
          close (fd);
          return NULL;
        }
      if (n == 0)
        break;
      if (bytes->len + (gsize) n > PH_SCENARIO_MAX_FILE_SIZE)
        {
          text = g_strdup_printf ("the file is too large (more than %d bytes)",
                                  PH_SCENARIO_MAX_FILE_SIZE);
          file_problem (reader, PH_SCENARIO_ERROR_TOO_LARGE, text);
          close (fd);
          return NULL;
        }
      g_byte_array_append (bytes, chunk, (guint) n);
    }
  close (fd);

  *length = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
}

static void
set_error_from_reader (PhReader  *reader,
                       GError   **error)
{
  const PhProblem *first = g_ptr_array_index (reader->problems, 0);

  g_set_error_literal (error, PH_SCENARIO_ERROR, first->code, first->message);
}

PhScenario *
ph_scenario_load_data (const char  *data,
                       gsize        length,
                       const char  *filename,
                       GError     **error)
{
  PhReader reader;
  PhScenario *scenario;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  ph_reader_init (&reader, filename != NULL ? filename : "(data)");
  scenario = read_data (&reader, data != NULL ? data : "", length);
  if (scenario == NULL)
    set_error_from_reader (&reader, error);
  ph_reader_clear (&reader);
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
  data = read_file (&reader, filename, &length);
  if (data != NULL)
    scenario = read_data (&reader, data, length);
  if (scenario == NULL)
    set_error_from_reader (&reader, error);
  ph_reader_clear (&reader);
  return scenario;
}

gboolean
ph_scenario_validate_file (const char *filename,
                           GPtrArray  *problems)
{
  g_autofree char *data = NULL;
  PhScenario *scenario = NULL;
  PhReader reader;
  gsize length = 0;
  gboolean ok;

  g_return_val_if_fail (filename != NULL, FALSE);
  g_return_val_if_fail (problems != NULL, FALSE);

  ph_reader_init (&reader, filename);
  data = read_file (&reader, filename, &length);
  if (data != NULL)
    scenario = read_data (&reader, data, length);
  ok = reader.problems->len == 0;
  for (guint i = 0; i < reader.problems->len; i++)
    {
      const PhProblem *problem = g_ptr_array_index (reader.problems, i);

      g_ptr_array_add (problems, g_strdup (problem->message));
    }
  ph_reader_clear (&reader);

  /* A game log must read as docs/game-format.md says, and must match the
   * figures (checked on a copy: nothing changes). Other content of <game>
   * is reserved (scenario-format.md) and accepted as it is. */
  if (ok && scenario != NULL && ph_game_xml_is_log (scenario->game_xml))
    {
      g_autoptr(GError) error = NULL;
      PhGame *game = ph_game_load (scenario, filename, &error);

      if (game == NULL)
        {
          g_ptr_array_add (problems, g_strdup (error->message));
          ok = FALSE;
        }
      g_clear_pointer (&game, ph_game_free);
    }
  g_clear_pointer (&scenario, ph_scenario_unref);
  return ok;
}
