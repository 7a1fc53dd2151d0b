/* ph-scenario-read.c: the reader, and a scenario file's bytes before
 * libxml2 sees them
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Split from ph-scenario-load.c, which parses what is read here. The
 * PhReader collects the problems of every stage ("FILE:LINE: message", no
 * duplicates). A file is read only when it is a regular file of at most
 * PH_SCENARIO_MAX_FILE_SIZE bytes; the bytes are then scanned before and
 * after the parse (lone CRs, attribute counts, NUL bytes), as
 * ph-scenario-load.c explains.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ph-scenario-check.h"
#include "ph-scenario-io.h"

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

void
ph_reader_add_message (PhReader        *reader,
                       PhScenarioError  code,
                       long             line,
                       const char      *message)
{
  PhProblem *problem;

  if (g_hash_table_contains (reader->seen, message))
    return;
  problem = g_new0 (PhProblem, 1);
  problem->code = code;
  problem->line = line;
  problem->message = g_strdup (message);
  g_ptr_array_add (reader->problems, problem);
  g_hash_table_add (reader->seen, problem->message);
}

/* A problem with the file as a whole (cannot open it, too large): given
 * line 1, so that every message has the "FILE:LINE: message" form that
 * docs/scenario-format.md promises and that editors and scripts parse. */
void
ph_reader_file_problem (PhReader        *reader,
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

xmlNode *
ph_xml_next_node (xmlNode       *node,
                  const xmlNode *root)
{
  if (node->type == XML_ELEMENT_NODE && node->children != NULL)
    return node->children;
  while (node != NULL && node != root && node->next == NULL)
    node = node->parent;
  return node == NULL || node == root ? NULL : node->next;
}

static gboolean
is_xinclude (const xmlNode *node)
{
  return node->ns != NULL
         && (xmlStrEqual (node->ns->href, BAD_CAST "http://www.w3.org/2001/XInclude")
             || xmlStrEqual (node->ns->href, BAD_CAST "http://www.w3.org/2003/XInclude"));
}

/* No XInclude and no entity reference anywhere, <game> included. */
gboolean
ph_reader_check_tree (PhReader *reader,
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
      node = ph_xml_next_node (node, root);
    }
  return ok;
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
char *
ph_scenario_normalise_line_ends (const char *data,
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
gboolean
ph_reader_check_attribute_counts (PhReader   *reader,
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
gboolean
ph_reader_check_no_nul (PhReader   *reader,
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
/* The file */

/* Reads at most PH_SCENARIO_MAX_FILE_SIZE bytes (plus a NUL). */
char *
ph_reader_read_file (PhReader   *reader,
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
      ph_reader_file_problem (reader, PH_SCENARIO_ERROR_IO, text);
      return NULL;
    }
  if (fstat (fd, &st) != 0)
    {
      int saved_errno = errno;

      text = g_strdup_printf ("cannot read: %s", g_strerror (saved_errno));
      ph_reader_file_problem (reader, PH_SCENARIO_ERROR_IO, text);
      close (fd);
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      ph_reader_file_problem (reader, PH_SCENARIO_ERROR_IO,
                              S_ISDIR (st.st_mode) ? "cannot read: it is a directory"
                                                   : "cannot read: not a regular file");
      close (fd);
      return NULL;
    }
  if (st.st_size > PH_SCENARIO_MAX_FILE_SIZE)
    {
      text = g_strdup_printf ("the file is too large (%" G_GINT64_FORMAT " bytes; the limit is %d)",
                              (gint64) st.st_size, PH_SCENARIO_MAX_FILE_SIZE);
      ph_reader_file_problem (reader, PH_SCENARIO_ERROR_TOO_LARGE, text);
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
          ph_reader_file_problem (reader, PH_SCENARIO_ERROR_IO, text);
          close (fd);
          return NULL;
        }
      if (n == 0)
        break;
      if (bytes->len + (gsize) n > PH_SCENARIO_MAX_FILE_SIZE)
        {
          text = g_strdup_printf ("the file is too large (more than %d bytes)",
                                  PH_SCENARIO_MAX_FILE_SIZE);
          ph_reader_file_problem (reader, PH_SCENARIO_ERROR_TOO_LARGE, text);
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
