/* ph-scenario-schema.c: checking a scenario against data/scenario.rng
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The schema is compiled once from the core's GResource. libxml2's RelaxNG
 * messages ("Element figure failed to validate attributes") do not say
 * which attribute is at fault nor what was expected, so the schema is also
 * read as a plain document into a small table (each element's attributes,
 * which are required, their allowed values, and its content model written
 * out as "title, description?, table, ..."), and each message is reworded
 * with it: "<figure id=\"smith\">: attribute 'troop' must be one of line,
 * light, ..., not 'lime'".
 */
#include <string.h>

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>

#include "ph-core-resources.h" /* generated: data/meson.build */
#include "ph-scenario-check.h"

#define SCHEMA_RESOURCE "/org/powderhorn/Powderhorn/core/scenario.rng"
#define SCENARIO_NS "urn:powderhorn:scenario:1"

typedef struct
{
  xmlRelaxNGPtr rng;
  GHashTable *elements;  /* element name -> PhRngElement* */
  char *error;           /* why the schema cannot be used, or NULL */
} Schema;

static void
ignore_error (void        *data,
              xmlErrorPtr  error)
{
}

static Schema *
schema_compile (void)
{
  Schema *schema = g_new0 (Schema, 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  xmlRelaxNGParserCtxtPtr pctxt;
  xmlDocPtr rng_doc;
  gconstpointer data;
  gsize size;

  bytes = g_resource_lookup_data (ph_core_get_resource (), SCHEMA_RESOURCE,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    {
      schema->error = g_strdup_printf ("internal error: no schema: %s", error->message);
      return schema;
    }
  data = g_bytes_get_data (bytes, &size);

  pctxt = xmlRelaxNGNewMemParserCtxt (data, (int) size);
  xmlRelaxNGSetParserStructuredErrors (pctxt, ignore_error, NULL);
  schema->rng = xmlRelaxNGParse (pctxt);
  xmlRelaxNGFreeParserCtxt (pctxt);

  rng_doc = xmlReadMemory (data, (int) size, "scenario.rng", NULL, XML_PARSE_NONET);
  if (schema->rng == NULL || rng_doc == NULL)
    schema->error = g_strdup ("internal error: the scenario schema does not compile");
  else
    schema->elements = ph_rng_read_elements (rng_doc);
  xmlFreeDoc (rng_doc);
  return schema;
}

/* Compiled once, kept for the life of the process. */
static Schema *
schema_get (void)
{
  static Schema *schema = NULL;

  if (g_once_init_enter (&schema))
    g_once_init_leave (&schema, schema_compile ());
  return schema;
}

xmlRelaxNGPtr
ph_scenario_schema_get_rng (void)
{
  Schema *schema = schema_get ();

  return schema->error == NULL ? schema->rng : NULL;
}

/* Rewording libxml2's messages */

typedef struct
{
  PhReader *reader;
  Schema *schema;
  xmlDoc *doc;
  guint n_reported;
  GHashTable *searched;  /* element names looked for in the whole tree */
} Validation;

static void
report (Validation    *v,
        const xmlNode *node,
        const char    *format,
        ...) G_GNUC_PRINTF (3, 4);

static void
report (Validation    *v,
        const xmlNode *node,
        const char    *format,
        ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  ph_reader_problem (v->reader, PH_SCENARIO_ERROR_SCHEMA,
                     ph_reader_line (v->reader, node), "%s", text);
  v->n_reported++;
}

static const xmlNode *
element_of (const xmlNode *node)
{
  while (node != NULL && node->type != XML_ELEMENT_NODE)
    node = node->parent;
  return node;
}

/* The element named @name among @node and its ancestors, or @node's own
 * element: libxml2 sometimes blames a child for its parent's attributes. */
static const xmlNode *
find_element (const xmlNode *node,
              const char    *name)
{
  const xmlNode *element = element_of (node);

  if (name != NULL)
    for (const xmlNode *n = element; n != NULL && n->type == XML_ELEMENT_NODE; n = n->parent)
      if (xmlStrEqual (n->name, BAD_CAST name))
        return n;
  return element;
}

static PhRngElement *
elem_info (Validation    *v,
           const xmlNode *element)
{
  if (element == NULL || element->ns == NULL
      || !xmlStrEqual (element->ns->href, BAD_CAST SCENARIO_NS))
    return NULL;
  return g_hash_table_lookup (v->schema->elements, element->name);
}

static const PhRngAttr *
attr_info (const PhRngElement *info,
           const char     *name)
{
  for (guint i = 0; i < info->attrs->len; i++)
    {
      const PhRngAttr *a = g_ptr_array_index (info->attrs, i);

      if (strcmp (a->name, name) == 0)
        return a;
    }
  return NULL;
}

static char *
join_values (GPtrArray *values)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < values->len; i++)
    {
      if (i > 0)
        g_string_append (s, ", ");
      g_string_append (s, g_ptr_array_index (values, i));
    }
  return g_string_free (s, FALSE);
}

static gboolean
value_allowed (const PhRngAttr *info,
               const char     *value)
{
  if (info->values == NULL)
    return TRUE;
  for (guint i = 0; i < info->values->len; i++)
    if (strcmp (g_ptr_array_index (info->values, i), value) == 0)
      return TRUE;
  return FALSE;
}

static char *
attr_names (const PhRngElement *info)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < info->attrs->len; i++)
    {
      const PhRngAttr *a = g_ptr_array_index (info->attrs, i);

      if (i > 0)
        g_string_append (s, ", ");
      g_string_append (s, a->name);
    }
  return g_string_free (s, FALSE);
}

/* Reports what is wrong with the attributes of @element; FALSE when it
 * finds nothing. */
static gboolean
diagnose_attributes (Validation    *v,
                     const xmlNode *element)
{
  PhReader *r = v->reader;
  const char *what = ph_reader_describe (r, element);
  PhRngElement *info = elem_info (v, element);
  guint before = v->n_reported;

  if (info == NULL)
    return FALSE;

  for (xmlAttr *attr = element->properties; attr != NULL; attr = attr->next)
    {
      const PhRngAttr *a = attr->ns == NULL ? attr_info (info, (const char *) attr->name) : NULL;
      const char *value;

      if (a == NULL)
        {
          g_autofree char *known = attr_names (info);
          g_autofree char *name = NULL;

          if (attr->ns != NULL && attr->ns->prefix != NULL)
            name = g_strdup_printf ("%s:%s", attr->ns->prefix, attr->name);
          else
            name = g_strdup ((const char *) attr->name);
          if (info->attrs->len == 0)
            report (v, element, "%s: unknown attribute '%s' (%s takes no attributes)", what,
                    name, what);
          else
            report (v, element, "%s: unknown attribute '%s' (attributes: %s)", what, name,
                    known);
          continue;
        }
      value = ph_reader_attr (r, element, a->name);
      if (value != NULL && !value_allowed (a, value))
        {
          g_autofree char *allowed = join_values (a->values);

          if (a->values->len == 2)
            report (v, element, "%s: attribute '%s' must be %s or %s, not '%s'", what, a->name,
                    (const char *) g_ptr_array_index (a->values, 0),
                    (const char *) g_ptr_array_index (a->values, 1), ph_reader_show (r, value));
          else
            report (v, element, "%s: attribute '%s' must be %s%s, not '%s'", what, a->name,
                    a->values->len > 1 ? "one of " : "", allowed, ph_reader_show (r, value));
        }
    }
  for (guint i = 0; i < info->attrs->len; i++)
    {
      const PhRngAttr *a = g_ptr_array_index (info->attrs, i);

      if (a->required && ph_reader_attr (r, element, a->name) == NULL)
        report (v, element, "%s: attribute '%s' is required", what, a->name);
    }
  return v->n_reported > before;
}

static const char *
content_of (Validation    *v,
            const xmlNode *element)
{
  PhRngElement *info = elem_info (v, element);

  return info != NULL ? info->content : "?";
}

static gboolean
in_scenario_ns (const xmlNode *node)
{
  return node->ns != NULL && xmlStrEqual (node->ns->href, BAD_CAST SCENARIO_NS);
}

static gint
sequence_find (GPtrArray  *sequence,
               guint       from,
               const char *name)
{
  for (guint i = from; i < sequence->len; i++)
    if (strcmp (((PhRngItem *) g_ptr_array_index (sequence, i))->name, name) == 0)
      return (gint) i;
  return -1;
}

/* For a parent whose content is a plain sequence (<scenario>), finds the
 * first child out of place and says what is missing or misplaced. */
static gboolean
diagnose_sequence (Validation    *v,
                   const xmlNode *parent)
{
  PhReader *r = v->reader;
  PhRngElement *info = elem_info (v, parent);
  const char *what;
  guint pos = 0;

  if (info == NULL || info->sequence == NULL)
    return FALSE;
  what = ph_reader_describe (r, parent);

  for (const xmlNode *child = parent->children; child != NULL; child = child->next)
    {
      const char *name = (const char *) child->name;
      gint j;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (!in_scenario_ns (child))
        return FALSE;
      j = sequence_find (info->sequence, pos, name);
      if (j >= 0)
        {
          for (guint k = pos; k < (guint) j; k++)
            {
              PhRngItem *item = g_ptr_array_index (info->sequence, k);

              if (!item->optional)
                {
                  report (v, child, "%s: element <%s> is missing before it (%s contains: %s)",
                          ph_reader_describe (r, child), item->name, what, info->content);
                  return TRUE;
                }
            }
          pos = (guint) j + 1;
          continue;
        }
      if (sequence_find (info->sequence, 0, name) >= 0)
        report (v, child, "%s: element repeated or out of order (%s contains: %s)",
                ph_reader_describe (r, child), what, info->content);
      else
        report (v, child, "%s: unknown element in %s, which contains: %s",
                ph_reader_describe (r, child), what, info->content);
      return TRUE;
    }
  for (guint k = pos; k < info->sequence->len; k++)
    {
      PhRngItem *item = g_ptr_array_index (info->sequence, k);

      if (!item->optional)
        {
          report (v, parent, "%s: element <%s> is missing (%s contains: %s)",
                  what, item->name, what, info->content);
          return TRUE;
        }
    }
  return FALSE;
}

static void
text_not_allowed (Validation    *v,
                  const xmlNode *element)
{
  PhReader *r = v->reader;

  report (v, element, "%s: unexpected text (%s contains: %s)",
          ph_reader_describe (r, element), ph_reader_describe (r, element),
          content_of (v, element));
}

/* @node is a child element that does not belong where it is. */
static void
unexpected (Validation    *v,
            const xmlNode *node)
{
  PhReader *r = v->reader;
  const xmlNode *parent = element_of (node->parent);

  if (parent != NULL && diagnose_sequence (v, parent))
    return;
  if (node->ns == NULL)
    report (v, node, "%s: element in no namespace: scenario elements are in " SCENARIO_NS,
            ph_reader_describe (r, node));
  else if (!in_scenario_ns (node))
    report (v, node, "%s: element in namespace '%s' is not allowed here",
            ph_reader_describe (r, node), ph_reader_show (r, (const char *) node->ns->href));
  else if (parent == NULL)
    report (v, node, "%s: unexpected element", ph_reader_describe (r, node));
  else if (!g_hash_table_contains (v->schema->elements, node->name))
    report (v, node, "%s: unknown element in %s, which contains: %s",
            ph_reader_describe (r, node), ph_reader_describe (r, parent),
            content_of (v, parent));
  else
    report (v, node, "%s: unexpected element in %s, which contains: %s",
            ph_reader_describe (r, node), ph_reader_describe (r, parent),
            content_of (v, parent));
}

/* @element lacks some child element. */
static void
incomplete (Validation    *v,
            const xmlNode *element,
            const char    *name)
{
  PhReader *r = v->reader;
  const char *what = ph_reader_describe (r, element);

  if (diagnose_sequence (v, element))
    return;
  if (name != NULL && name[0] != '\0')
    report (v, element, "%s: element <%s> is missing (%s contains: %s)",
            what, name, what, content_of (v, element));
  else
    report (v, element, "%s: an element is missing (%s contains: %s)",
            what, what, content_of (v, element));
}

/* Diagnoses the attributes of every element named @name; FALSE when none
 * has a problem. */
static gboolean
diagnose_by_name (Validation *v,
                  const char *name)
{
  xmlNode *root = xmlDocGetRootElement (v->doc);
  xmlNode *node = root;
  guint before = v->n_reported;

  if (name == NULL)
    return FALSE;
  if (g_hash_table_contains (v->searched, name))
    return TRUE;
  g_hash_table_add (v->searched, g_strdup (name));
  while (node != NULL)
    {
      if (node->type == XML_ELEMENT_NODE && xmlStrEqual (node->name, BAD_CAST name))
        diagnose_attributes (v, node);
      node = ph_xml_next_node (node, root);
    }
  return v->n_reported > before;
}

static void
schema_error (void        *data,
              xmlErrorPtr  error)
{
  Validation *v = data;
  PhReader *r = v->reader;
  const xmlNode *node = error->node;
  const xmlNode *element;
  g_autofree char *raw = NULL;

  if (error->level < XML_ERR_ERROR)
    return;
  raw = g_strchomp (g_strdup (error->message != NULL ? error->message : "invalid"));
  if (node == NULL)
    {
      /* libxml2 sometimes forgets the node: look at every element of
       * that name */
      if (error->code == XML_RELAXNG_ERR_ATTRVALID && diagnose_by_name (v, error->str1))
        return;
      if (error->code == XML_RELAXNG_ERR_INVALIDATTR && diagnose_by_name (v, error->str2))
        return;
      ph_reader_problem (r, PH_SCENARIO_ERROR_SCHEMA,
                         ph_reader_line (r, xmlDocGetRootElement (v->doc)), "%s", raw);
      v->n_reported++;
      return;
    }

  switch (error->code)
    {
    case XML_RELAXNG_ERR_ATTRVALID:
    case XML_RELAXNG_ERR_ATTRNAME:
    case XML_RELAXNG_ERR_ATTRNONS:
    case XML_RELAXNG_ERR_ATTRWRONGNS:
    case XML_RELAXNG_ERR_ATTREXTRANS:
      element = find_element (node, error->str1);
      if (!diagnose_attributes (v, element))
        report (v, element, "%s: %s", ph_reader_describe (r, element), raw);
      break;

    case XML_RELAXNG_ERR_INVALIDATTR:
      element = find_element (node, error->str2);
      if (!diagnose_attributes (v, element))
        report (v, element, "%s: %s", ph_reader_describe (r, element), raw);
      break;

    case XML_RELAXNG_ERR_TEXTWRONG:
      text_not_allowed (v, element_of (node));
      break;

    case XML_RELAXNG_ERR_EXTRACONTENT:
      /* "Element figure has extra content: mayhem", blamed on either */
      if (error->str2 != NULL && (xmlStrEqual (BAD_CAST error->str2, BAD_CAST "text")
                                  || xmlStrEqual (BAD_CAST error->str2, BAD_CAST "#text")))
        {
          text_not_allowed (v, element_of (node));
          break;
        }
      if (node->type == XML_ELEMENT_NODE && error->str2 != NULL
          && !xmlStrEqual (node->name, BAD_CAST error->str2))
        for (const xmlNode *c = node->children; c != NULL; c = c->next)
          if (c->type == XML_ELEMENT_NODE && xmlStrEqual (c->name, BAD_CAST error->str2))
            {
              node = c;
              break;
            }
      if (node->type != XML_ELEMENT_NODE)
        text_not_allowed (v, element_of (node));
      else
        unexpected (v, node);
      break;

    case XML_RELAXNG_ERR_ELEMWRONG:
    case XML_RELAXNG_ERR_ELEMEXTRANS:
    case XML_RELAXNG_ERR_ELEMNONS:
    case XML_RELAXNG_ERR_ELEMWRONGNS:
    case XML_RELAXNG_ERR_NOTELEM:
    case XML_RELAXNG_ERR_ELEMNAME:
      if (node->type != XML_ELEMENT_NODE)
        text_not_allowed (v, element_of (node));
      else
        unexpected (v, node);
      break;

    case XML_RELAXNG_ERR_NOELEM:
      incomplete (v, element_of (node), error->str1);
      break;

    case XML_RELAXNG_ERR_CONTENTVALID:
      /* "failed to validate content": the cause was reported already */
      if (v->n_reported > 0)
        break;
      G_GNUC_FALLTHROUGH;
    default:
      element = element_of (node);
      report (v, node, "%s: %s", ph_reader_describe (r, element), raw);
      break;
    }
}

/* The <game> child of the root, if any */
static xmlNode *
find_game (xmlDoc *doc)
{
  xmlNode *root = xmlDocGetRootElement (doc);

  for (xmlNode *node = root != NULL ? root->children : NULL; node != NULL; node = node->next)
    if (node->type == XML_ELEMENT_NODE && in_scenario_ns (node)
        && xmlStrEqual (node->name, BAD_CAST "game"))
      return node;
  return NULL;
}

gboolean
ph_scenario_schema_validate (PhReader *reader,
                             xmlDoc   *doc)
{
  Schema *schema = schema_get ();
  Validation v = { reader, schema, doc, 0, NULL };
  xmlRelaxNGValidCtxtPtr vctxt;
  xmlNode *game, *game_children = NULL, *game_last = NULL;
  xmlAttr *game_properties = NULL;
  int ret;

  if (schema->error != NULL)
    {
      ph_reader_problem (reader, PH_SCENARIO_ERROR_SCHEMA, 1, "%s", schema->error);
      return FALSE;
    }

  /* The schema lets anything inside <game> (ph-game-xml.c checks it),
   * and libxml2 takes time quadratic in its size to match that "anything"
   * pattern: its content and attributes are hidden from the validator and
   * put back after. */
  game = find_game (doc);
  if (game != NULL)
    {
      game_children = game->children;
      game_last = game->last;
      game_properties = game->properties;
      game->children = game->last = NULL;
      game->properties = NULL;
    }

  v.searched = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  vctxt = xmlRelaxNGNewValidCtxt (schema->rng);
  xmlRelaxNGSetValidStructuredErrors (vctxt, schema_error, &v);
  ret = xmlRelaxNGValidateDoc (vctxt, doc);
  xmlRelaxNGFreeValidCtxt (vctxt);
  g_hash_table_unref (v.searched);

  if (game != NULL)
    {
      game->children = game_children;
      game->last = game_last;
      game->properties = game_properties;
    }

  if (ret != 0 && v.n_reported == 0)
    ph_reader_problem (reader, PH_SCENARIO_ERROR_SCHEMA,
                       ph_reader_line (reader, xmlDocGetRootElement (doc)),
                       "the file does not follow the scenario schema");
  return ret == 0 && v.n_reported == 0;
}
