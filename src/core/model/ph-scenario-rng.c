/* ph-scenario-rng.c: data/scenario.rng read as a table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For the schema's messages (ph-scenario-schema.c): for each element, its
 * attributes (which are required, which values they allow) and its content
 * model written out ("title, description?, table, rules?, ..."), taken from
 * the schema itself so that the two never disagree. Handles the subset of
 * RelaxNG that scenario.rng uses: element, attribute, optional, zeroOrMore,
 * oneOrMore, choice, group, ref/define, value, text, empty, anyName.
 */
#include "ph-scenario-check.h"

#define RNG_NS "http://relaxng.org/ns/structure/1.0"
#define MAX_REF_DEPTH 16

static gboolean
is_rng (const xmlNode *node,
        const char    *name)
{
  return node->type == XML_ELEMENT_NODE && node->ns != NULL
         && xmlStrEqual (node->ns->href, BAD_CAST RNG_NS)
         && (name == NULL || xmlStrEqual (node->name, BAD_CAST name));
}

static char *
rng_attr (const xmlNode *node,
          const char    *name)
{
  xmlChar *value = xmlGetNoNsProp (node, BAD_CAST name);
  char *copy = g_strdup ((const char *) value);

  xmlFree (value);
  return copy;
}

static xmlNode *
resolve_ref (GHashTable    *defines,
             const xmlNode *ref)
{
  g_autofree char *name = rng_attr (ref, "name");

  return name != NULL ? g_hash_table_lookup (defines, name) : NULL;
}

static void
collect_values (GHashTable    *defines,
                const xmlNode *node,
                GPtrArray     *values,
                guint          depth)
{
  if (depth > MAX_REF_DEPTH)
    return;
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (is_rng (child, "value"))
        {
          xmlChar *text = xmlNodeGetContent (child);

          g_ptr_array_add (values, g_strdup ((const char *) text));
          xmlFree (text);
        }
      else if (is_rng (child, "choice"))
        collect_values (defines, child, values, depth + 1);
      else if (is_rng (child, "ref"))
        {
          xmlNode *define = resolve_ref (defines, child);

          if (define != NULL)
            collect_values (defines, define, values, depth + 1);
        }
    }
}

static void
attr_info_free (gpointer data)
{
  PhRngAttr *info = data;

  g_free (info->name);
  g_clear_pointer (&info->values, g_ptr_array_unref);
  g_free (info);
}

static void
collect_attrs (GHashTable    *defines,
               const xmlNode *node,
               gboolean       required,
               GPtrArray     *attrs,
               guint          depth)
{
  if (depth > MAX_REF_DEPTH)
    return;
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (is_rng (child, "attribute"))
        {
          PhRngAttr *info;
          char *name = rng_attr (child, "name");

          if (name == NULL)
            continue; /* <anyName/>: anything goes */
          info = g_new0 (PhRngAttr, 1);
          info->name = name;
          info->required = required;
          info->values = g_ptr_array_new_with_free_func (g_free);
          collect_values (defines, child, info->values, 0);
          if (info->values->len == 0)
            g_clear_pointer (&info->values, g_ptr_array_unref);
          g_ptr_array_add (attrs, info);
        }
      else if (is_rng (child, "optional") || is_rng (child, "zeroOrMore")
               || is_rng (child, "choice"))
        collect_attrs (defines, child, FALSE, attrs, depth + 1);
      else if (is_rng (child, "group") || is_rng (child, "oneOrMore"))
        collect_attrs (defines, child, required, attrs, depth + 1);
      else if (is_rng (child, "ref"))
        {
          xmlNode *define = resolve_ref (defines, child);

          if (define != NULL)
            collect_attrs (defines, define, required, attrs, depth + 1);
        }
    }
}

static void describe_pattern (GHashTable *defines, const xmlNode *node,
                              GPtrArray *items, guint depth);

/* The children of @node as one item: "a", "(a, b)"; NULL when none. */
static char *
describe_group (GHashTable    *defines,
                const xmlNode *node,
                guint          depth)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;

  describe_pattern (defines, node, items, depth);
  if (items->len == 0)
    return NULL;
  if (items->len == 1)
    return g_strdup (g_ptr_array_index (items, 0));
  g_ptr_array_add (items, NULL);
  joined = g_strjoinv (", ", (char **) items->pdata);
  return g_strdup_printf ("(%s)", joined);
}

/* Appends to @items what the pattern @node matches: "title", "rules?",
 * "(polygon | circle | polyline)"; nothing for attributes. */
static void
describe_one (GHashTable    *defines,
              const xmlNode *node,
              GPtrArray     *items,
              guint          depth)
{
  const char *suffix = NULL;

  if (depth > MAX_REF_DEPTH)
    return;
  if (is_rng (node, "element"))
    {
      char *name = rng_attr (node, "name");

      g_ptr_array_add (items, name != NULL ? name : g_strdup ("any element"));
    }
  else if (is_rng (node, "text"))
    g_ptr_array_add (items, g_strdup ("text"));
  else if (is_rng (node, "ref"))
    {
      xmlNode *define = resolve_ref (defines, node);

      if (define != NULL)
        describe_pattern (defines, define, items, depth + 1);
    }
  else if (is_rng (node, "group"))
    describe_pattern (defines, node, items, depth + 1);
  else if (is_rng (node, "optional"))
    suffix = "?";
  else if (is_rng (node, "zeroOrMore"))
    suffix = "*";
  else if (is_rng (node, "oneOrMore"))
    suffix = "+";
  else if (is_rng (node, "choice"))
    {
      g_autoptr(GPtrArray) alternatives = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *joined = NULL;

      for (xmlNode *alt = node->children; alt != NULL; alt = alt->next)
        describe_one (defines, alt, alternatives, depth + 1);
      if (alternatives->len > 0)
        {
          g_ptr_array_add (alternatives, NULL);
          joined = g_strjoinv (" | ", (char **) alternatives->pdata);
          g_ptr_array_add (items, g_strdup_printf ("(%s)", joined));
        }
    }

  if (suffix != NULL)
    {
      g_autofree char *inner = describe_group (defines, node, depth + 1);

      if (inner != NULL)
        g_ptr_array_add (items, g_strconcat (inner, suffix, NULL));
    }
}

static void
describe_pattern (GHashTable    *defines,
                  const xmlNode *node,
                  GPtrArray     *items,
                  guint          depth)
{
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    describe_one (defines, child, items, depth);
}

static void
seq_item_free (gpointer data)
{
  PhRngItem *item = data;

  g_free (item->name);
  g_free (item);
}

/* The name of the one element @node stands for: <element name>, or a <ref>
 * to a define holding just that; NULL otherwise. */
static char *
single_element (GHashTable    *defines,
                const xmlNode *node)
{
  const xmlNode *target = NULL;

  if (is_rng (node, "element"))
    return rng_attr (node, "name");
  if (!is_rng (node, "ref") || (node = resolve_ref (defines, node)) == NULL)
    return NULL;
  for (const xmlNode *child = node->children; child != NULL; child = child->next)
    if (child->type == XML_ELEMENT_NODE)
      {
        if (target != NULL)
          return NULL;
        target = child;
      }
  return target != NULL && is_rng (target, "element") ? rng_attr (target, "name") : NULL;
}

static gboolean
only_attributes (const xmlNode *node)
{
  for (const xmlNode *child = node->children; child != NULL; child = child->next)
    if (child->type == XML_ELEMENT_NODE && !is_rng (child, "attribute"))
      return FALSE;
  return TRUE;
}

/* The content of @element as a plain sequence "a, b?, c", or NULL. */
static GPtrArray *
collect_sequence (GHashTable    *defines,
                  const xmlNode *element)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (seq_item_free);

  for (const xmlNode *child = element->children; child != NULL; child = child->next)
    {
      const xmlNode *inner = child;
      gboolean optional = FALSE;
      PhRngItem *item;
      char *name;

      if (child->type != XML_ELEMENT_NODE || is_rng (child, "attribute"))
        continue;
      if (is_rng (child, "optional"))
        {
          if (only_attributes (child))
            continue;
          optional = TRUE;
          inner = child->children;
          while (inner != NULL && inner->type != XML_ELEMENT_NODE)
            inner = inner->next;
          if (inner == NULL || inner->next != NULL)
            {
              /* more than one pattern inside */
              for (const xmlNode *n = inner != NULL ? inner->next : NULL; n != NULL; n = n->next)
                if (n->type == XML_ELEMENT_NODE)
                  return NULL;
            }
        }
      name = inner != NULL ? single_element (defines, inner) : NULL;
      if (name == NULL)
        return NULL;
      item = g_new0 (PhRngItem, 1);
      item->name = name;
      item->optional = optional;
      g_ptr_array_add (items, item);
    }
  return items->len >= 2 ? g_steal_pointer (&items) : NULL;
}

static void
elem_info_free (gpointer data)
{
  PhRngElement *info = data;

  g_clear_pointer (&info->attrs, g_ptr_array_unref);
  g_clear_pointer (&info->sequence, g_ptr_array_unref);
  g_free (info->content);
  g_free (info);
}

static void
add_element_info (GHashTable    *elements,
                  GHashTable    *defines,
                  const xmlNode *element)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  char *name = rng_attr (element, "name");
  PhRngElement *info;

  if (name == NULL)
    return;
  info = g_new0 (PhRngElement, 1);
  info->attrs = g_ptr_array_new_with_free_func (attr_info_free);
  collect_attrs (defines, element, TRUE, info->attrs, 0);
  info->sequence = collect_sequence (defines, element);
  describe_pattern (defines, element, items, 0);
  g_ptr_array_add (items, NULL);
  info->content = items->len > 1 ? g_strjoinv (", ", (char **) items->pdata)
                                 : g_strdup ("nothing");
  g_hash_table_replace (elements, name, info);
}

GHashTable *
ph_rng_read_elements (xmlDoc *rng_doc)
{
  GHashTable *elements = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, elem_info_free);
  g_autoptr(GHashTable) defines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  xmlNode *grammar = xmlDocGetRootElement (rng_doc);
  xmlNode *node;

  for (xmlNode *child = grammar->children; child != NULL; child = child->next)
    if (is_rng (child, "define"))
      {
        char *name = rng_attr (child, "name");

        if (name != NULL)
          g_hash_table_replace (defines, name, child);
      }

  /* every <element name="..."> in the grammar, depth first */
  node = grammar;
  while (node != NULL)
    {
      if (is_rng (node, "element"))
        add_element_info (elements, defines, node);
      node = ph_xml_next_node (node, grammar);
    }
  return elements;
}

