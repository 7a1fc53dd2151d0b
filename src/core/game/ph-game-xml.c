/* ph-game-xml.c: the <game> element (docs/game-format.md)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * <game seed="1758" position="3">
 *   <event kind="roll-ips" figure="smith" turn="1" text="Sgt Smith ...">
 *     <roll purpose="IP roll" figure="smith" dice="1d6" values="4"/>
 *     <draw sides="52" value="17"/>                        (a hidden die)
 *     <set var="smith:ips" new="11"/>
 *     <set figure="smith" attr="x" old="10" new="12.5"/>
 *   </event>
 * </game>
 *
 * The scenario's figures hold the state after the first `position` events;
 * loading checks that by reverting them all and applying them again on a
 * copy, so a log that does not match its figures is refused whole.
 */
#include <stdarg.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/tree.h>

#include "ph-game-private.h"
#include "ph-xml-util.h"

/* Writing */

static void
append_roll (GString      *out,
             const PhRoll *roll)
{
  if (roll->hidden)
    {
      g_string_append_printf (out, "\n      <draw sides=\"%d\" value=\"%d\"/>",
                              roll->sides, roll->values[0]);
      return;
    }
  g_string_append (out, "\n      <roll");
  ph_xml_append_attr (out, "purpose", roll->purpose);
  ph_xml_append_attr (out, "figure", roll->figure);
  g_string_append_printf (out, " dice=\"%dd%d\" values=\"", roll->n, roll->sides);
  for (int i = 0; i < roll->n; i++)
    g_string_append_printf (out, "%s%d", i > 0 ? " " : "", roll->values[i]);
  g_string_append (out, "\"/>");
}

static void
append_change (GString        *out,
               const PhChange *change)
{
  g_string_append (out, "\n      <set");
  if (change->kind == PH_CHANGE_VAR)
    ph_xml_append_attr (out, "var", change->key);
  else
    {
      ph_xml_append_attr (out, "figure", change->figure);
      ph_xml_append_attr (out, "attr", change->key);
    }
  ph_xml_append_attr (out, "old", change->old_value);
  ph_xml_append_attr (out, "new", change->new_value);
  g_string_append (out, "/>");
}

char *
ph_game_to_xml (PhGame *game)
{
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "<game seed=\"%u\" position=\"%u\">",
                          game->seed, game->position);
  for (guint i = 0; i < game->events->len; i++)
    {
      const PhEvent *event = g_ptr_array_index (game->events, i);

      g_string_append (out, "\n    <event");
      ph_xml_append_attr (out, "kind", event->kind);
      ph_xml_append_attr (out, "figure", event->figure);
      g_string_append_printf (out, " turn=\"%d\"", event->turn);
      ph_xml_append_attr (out, "text", event->text);
      g_string_append_c (out, '>');
      for (guint j = 0; j < event->rolls->len; j++)
        append_roll (out, g_ptr_array_index (event->rolls, j));
      for (guint j = 0; j < event->changes->len; j++)
        append_change (out, g_ptr_array_index (event->changes, j));
      g_string_append (out, "\n    </event>");
    }
  g_string_append (out, "\n  </game>");
  return g_string_free (out, FALSE);
}

void
ph_game_store (PhGame *game)
{
  g_free (game->scenario->game_xml);
  game->scenario->game_xml = ph_game_to_xml (game);
}

/* Reading */

typedef struct
{
  const char *filename;
  int line_offset;
  GError **error;
  PhScenario *scenario;  /* whose figures and sides the log may name */
  GRand *rand;           /* the game's dice, drawn again as they are read */
  guint64 n_dice;        /* read so far, dice and draws */
  guint64 n_changes;     /* read so far */
  GHashTable *big_lines; /* xmlNode* -> line, for lines from 65535 on */
} Reader;

/* libxml2 keeps a node's line in 16 bits: the parse below records larger
 * ones on the side. */
static long
node_line (Reader        *r,
           const xmlNode *node)
{
  gpointer line;

  if (node == NULL)
    return 1;
  if (node->line < 65535)
    return node->line;
  if (g_hash_table_lookup_extended (r->big_lines, node, NULL, &line))
    return GPOINTER_TO_SIZE (line);
  return xmlGetLineNo (node);
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
  GHashTable *big_lines = ctxt->_private;
  xmlNodePtr parent = ctxt->node;

  xmlSAX2StartElementNs (data, localname, prefix, uri, n_namespaces, namespaces,
                         n_attributes, n_defaulted, attributes);
  if (ctxt->node != NULL && ctxt->node != parent && ctxt->input->line >= 65535)
    g_hash_table_insert (big_lines, ctxt->node, GSIZE_TO_POINTER (ctxt->input->line));
}

/* <game>'s text (already checked by the scenario's loader: no DTD, no
 * entities) into a tree, with every element's line */
static xmlDoc *
parse_game (const char *game_xml,
            GHashTable *big_lines)
{
  xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt (game_xml, (int) strlen (game_xml));
  xmlDoc *doc;

  if (ctxt == NULL)
    return NULL;
  xmlCtxtUseOptions (ctxt, XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOERROR
                     | XML_PARSE_NOWARNING);
  ctxt->_private = big_lines;
  ctxt->sax->startElementNs = start_element;
  xmlParseDocument (ctxt);
  doc = ctxt->myDoc;
  ctxt->myDoc = NULL;
  if (!ctxt->wellFormed && doc != NULL)
    g_clear_pointer (&doc, xmlFreeDoc);
  xmlFreeParserCtxt (ctxt);
  return doc;
}

static gboolean
fail (Reader        *r,
      const xmlNode *node,
      const char    *format,
      ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (Reader        *r,
      const xmlNode *node,
      const char    *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (r->error, PH_GAME_ERROR, PH_GAME_ERROR_FORMAT, "%s:%ld: %s", r->filename,
               node_line (r, node) + r->line_offset, message);
  return FALSE;
}

static char *
get_attr (const xmlNode *node,
          const char    *name)
{
  xmlChar *value = xmlGetProp (node, (const xmlChar *) name);
  char *copy = value != NULL ? g_strdup ((const char *) value) : NULL;

  xmlFree (value);
  return copy;
}

static gboolean
get_int (Reader        *r,
         const xmlNode *node,
         const char    *name,
         gint64         min,
         gint64         max,
         gboolean       required,
         gint64        *out)
{
  g_autofree char *value = get_attr (node, name);

  if (value == NULL)
    return required ? fail (r, node, "<%s>: attribute '%s' is required", node->name, name) : TRUE;
  if (!g_ascii_string_to_signed (value, 10, min, max, out, NULL))
    return fail (r, node, "<%s>: attribute '%s' must be a whole number from %" G_GINT64_FORMAT
                 " to %" G_GINT64_FORMAT ", not '%s'", node->name, name, min, max, value);
  return TRUE;
}

static gboolean
is_element (const xmlNode *node,
            const char    *name)
{
  return node->type == XML_ELEMENT_NODE && g_str_equal ((const char *) node->name, name);
}

/* Every figure the log names must be one of the scenario's. */
static gboolean
check_figure (Reader        *r,
              const xmlNode *node,
              const char    *what,
              const char    *id)
{
  if (id == NULL || ph_scenario_find_figure (r->scenario, id) != NULL)
    return TRUE;
  return fail (r, node, "<%s>: %s names a figure '%s' the scenario does not have",
               node->name, what, id);
}

/* A variable "ID:key" belongs to figure ID, and "key:SIDE" (a side's hand,
 * deck adjustment...) to side SIDE: either must exist. Names without a
 * colon are game-wide. */
static gboolean
check_var_name (Reader        *r,
                const xmlNode *node,
                const char    *name)
{
  const char *colon = strchr (name, ':');
  g_autofree char *owner = NULL;

  if (colon == NULL || ph_scenario_find_side (r->scenario, colon + 1) != NULL)
    return TRUE;
  owner = g_strndup (name, colon - name);
  if (ph_scenario_find_figure (r->scenario, owner) != NULL)
    return TRUE;
  return fail (r, node, "<set>: variable '%s' names neither a figure '%s' nor a side '%s' "
               "of the scenario", name, owner, colon + 1);
}

/* The recorded faces must be the ones the game's seed rolls: a log edited
 * by hand to a better roll is refused (docs/game-format.md). */
static gboolean
check_faces (Reader        *r,
             const xmlNode *node,
             const PhRoll  *roll)
{
  r->n_dice += (guint64) roll->n;
  if (r->n_dice > PH_GAME_MAX_DICE)
    return fail (r, node, "<%s>: the log rolls more than %d dice in all",
                 node->name, PH_GAME_MAX_DICE);
  for (int i = 0; i < roll->n; i++)
    {
      int rolled = g_rand_int_range (r->rand, 1, roll->sides + 1);

      if (rolled != roll->values[i])
        return fail (r, node, "<%s>: %s %d is not what the game's seed rolls there (%d): "
                     "the log has been changed", node->name,
                     roll->hidden ? "value" : "die", roll->values[i], rolled);
    }
  return TRUE;
}

static gboolean
read_roll (Reader        *r,
           const xmlNode *node,
           PhEvent       *event)
{
  g_autofree char *dice = get_attr (node, "dice");
  g_autofree char *values = get_attr (node, "values");
  g_auto(GStrv) faces = NULL;
  gint64 n, sides;
  char *end;
  PhRoll *roll;

  if (dice == NULL || values == NULL)
    return fail (r, node, "<roll>: attributes 'dice' and 'values' are required");
  n = g_ascii_strtoll (dice, &end, 10);
  if (end == dice || *end != 'd' || n < 1 || n > 1000)
    return fail (r, node, "<roll>: attribute 'dice' must read like 2d6, not '%s'", dice);
  sides = g_ascii_strtoll (end + 1, &end, 10);
  if (*end != '\0' || sides < 2 || sides > 1000)
    return fail (r, node, "<roll>: attribute 'dice' must read like 2d6, not '%s'", dice);
  faces = g_strsplit (values, " ", -1);
  if (g_strv_length (faces) != (guint) n)
    return fail (r, node, "<roll>: %s needs %" G_GINT64_FORMAT " values, not '%s'", dice, n, values);

  roll = ph_roll_new ((int) n, (int) sides);
  g_ptr_array_add (event->rolls, roll);
  roll->purpose = get_attr (node, "purpose");
  roll->figure = get_attr (node, "figure");
  for (int i = 0; i < n; i++)
    {
      gint64 face;

      if (!g_ascii_string_to_signed (faces[i], 10, 1, sides, &face, NULL))
        return fail (r, node, "<roll>: '%s' is not a face of a d%" G_GINT64_FORMAT, faces[i], sides);
      roll->values[i] = (int) face;
      roll->total += (int) face;
    }
  return check_figure (r, node, "'figure'", roll->figure) && check_faces (r, node, roll);
}

static gboolean
read_draw (Reader        *r,
           const xmlNode *node,
           PhEvent       *event)
{
  gint64 sides = 0, value = 0;
  PhRoll *roll;

  if (!get_int (r, node, "sides", 1, 100000, TRUE, &sides)
      || !get_int (r, node, "value", 1, sides, TRUE, &value))
    return FALSE;
  roll = ph_roll_new (1, (int) sides);
  roll->hidden = TRUE;
  roll->values[0] = roll->total = (int) value;
  g_ptr_array_add (event->rolls, roll);
  return check_faces (r, node, roll);
}

static gboolean
read_set (Reader        *r,
          const xmlNode *node,
          PhEvent       *event)
{
  g_autofree char *var = get_attr (node, "var");
  g_autofree char *figure = get_attr (node, "figure");
  g_autofree char *attr = get_attr (node, "attr");
  g_autofree char *old_value = get_attr (node, "old");
  g_autofree char *new_value = get_attr (node, "new");

  if (++r->n_changes > PH_GAME_MAX_CHANGES)
    return fail (r, node, "<set>: the log makes more than %d changes in all",
                 PH_GAME_MAX_CHANGES);
  if (var != NULL && figure == NULL && attr == NULL)
    {
      if (!check_var_name (r, node, var))
        return FALSE;
      g_ptr_array_add (event->changes,
                       ph_change_new (PH_CHANGE_VAR, NULL, var, old_value, new_value));
    }
  else if (var == NULL && figure != NULL && attr != NULL)
    {
      if (!check_figure (r, node, "'figure'", figure))
        return FALSE;
      g_ptr_array_add (event->changes,
                       ph_change_new (PH_CHANGE_FIGURE, figure, attr, old_value, new_value));
    }
  else
    return fail (r, node, "<set>: give either 'var', or 'figure' and 'attr'");
  return TRUE;
}

static gboolean
read_event (Reader        *r,
            const xmlNode *node,
            PhGame        *game)
{
  PhEvent *event;
  gint64 turn = 1;

  if (!get_int (r, node, "turn", 0, G_MAXINT, FALSE, &turn))
    return FALSE;
  event = ph_event_new (NULL);
  g_ptr_array_add (game->events, event);
  event->kind = get_attr (node, "kind");
  event->figure = get_attr (node, "figure");
  event->text = get_attr (node, "text");
  event->turn = (int) turn;
  if (event->kind == NULL)
    return fail (r, node, "<event>: attribute 'kind' is required");
  if (!check_figure (r, node, "'figure'", event->figure))
    return FALSE;

  for (const xmlNode *child = node->children; child != NULL; child = child->next)
    {
      gboolean ok = TRUE;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (is_element (child, "roll"))
        ok = read_roll (r, child, event);
      else if (is_element (child, "draw"))
        ok = read_draw (r, child, event);
      else if (is_element (child, "set"))
        ok = read_set (r, child, event);
      else
        ok = fail (r, child, "<event>: unknown element <%s>", child->name);
      if (!ok)
        return FALSE;
    }
  /* a file saved before the step that ends a turn carried the turn it
   * ends gave it the next one: read as the turn it ends, as a step is
   * recorded now (ph_game_finish_event()) */
  event->turn = ph_event_start_turn (event, event->turn);
  return TRUE;
}

static gboolean
read_game (Reader        *r,
           const xmlNode *root,
           PhGame        *game,
           guint         *position)
{
  gint64 seed = 0, pos = 0;

  if (!is_element (root, "game"))
    return fail (r, root, "expected <game>, found <%s>", root->name);
  if (!get_int (r, root, "seed", 0, G_MAXUINT32, TRUE, &seed)
      || !get_int (r, root, "position", 0, G_MAXINT, TRUE, &pos))
    return FALSE;
  game->seed = (guint32) seed;
  g_rand_set_seed (r->rand, game->seed);

  for (const xmlNode *child = root->children; child != NULL; child = child->next)
    {
      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (!is_element (child, "event"))
        return fail (r, child, "<game>: unknown element <%s>", child->name);
      if (game->events->len >= PH_GAME_MAX_EVENTS)
        return fail (r, child, "<game>: the log holds more than %d events", PH_GAME_MAX_EVENTS);
      if (!read_event (r, child, game))
        return FALSE;
    }
  if ((guint64) pos > game->events->len)
    return fail (r, root, "<game>: position %" G_GINT64_FORMAT " is past the %u events of the log",
                 pos, game->events->len);
  *position = (guint) pos;
  return TRUE;
}

/* The variables after the first @position events: they live only in the
 * log, so they are rebuilt from it. */
static void
rebuild_vars (PhGame *game,
              guint   position)
{
  g_hash_table_remove_all (game->vars);
  for (guint i = 0; i < position; i++)
    {
      const PhEvent *event = g_ptr_array_index (game->events, i);

      for (guint j = 0; j < event->changes->len; j++)
        {
          const PhChange *change = g_ptr_array_index (event->changes, j);

          if (change->kind != PH_CHANGE_VAR)
            continue;
          if (change->new_value == NULL)
            g_hash_table_remove (game->vars, change->key);
          else
            g_hash_table_insert (game->vars, g_strdup (change->key), g_strdup (change->new_value));
        }
    }
}

/* The figures hold the state after @position events: revert them from
 * there to the start, checking each change, then apply the whole log. */
static gboolean
check_log (PhGame      *game,
           guint        position,
           const char  *filename,
           int          line,
           GError     **error)
{
  g_autoptr(GError) local = NULL;

  rebuild_vars (game, position);
  for (guint i = position; i > 0; i--)
    if (!ph_game_apply_event (game, g_ptr_array_index (game->events, i - 1), FALSE, TRUE, &local))
      goto mismatch;
  /* A game starts with no variables: an 'old' value for one that never
   * existed is left over here. */
  if (g_hash_table_size (game->vars) > 0)
    {
      g_autoptr(GPtrArray) names = ph_game_list_vars (game);
      const char *name = g_ptr_array_index (names, 0);

      g_set_error (&local, PH_GAME_ERROR, PH_GAME_ERROR_MISMATCH,
                   "game variable '%s' has an old value '%s' before it was ever set",
                   name, (const char *) g_hash_table_lookup (game->vars, name));
      goto mismatch;
    }
  for (guint i = 0; i < game->events->len; i++)
    if (!ph_game_apply_event (game, g_ptr_array_index (game->events, i), TRUE, TRUE, &local))
      goto mismatch;
  return TRUE;

mismatch:
  g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_MISMATCH,
               "%s:%d: <game>: the log does not match the figures: %s",
               filename, line, local->message);
  return FALSE;
}

gboolean
ph_game_xml_is_log (const char *game_xml)
{
  g_autofree char *start_tag = NULL;
  const char *end;
  xmlDoc *doc;
  xmlNode *root;
  gboolean is_log;

  if (game_xml == NULL)
    return FALSE;
  /* Only the start tag is read (a log may be megabytes long): serialised
   * XML writes '>' in attribute values as &gt;, so the first '>' ends it. */
  end = strchr (game_xml, '>');
  if (end == NULL)
    return FALSE;
  if (end > game_xml && end[-1] == '/')
    start_tag = g_strndup (game_xml, end + 1 - game_xml);
  else
    start_tag = g_strdup_printf ("%.*s/>", (int) (end - game_xml), game_xml);
  doc = xmlReadMemory (start_tag, strlen (start_tag), NULL, "UTF-8",
                       XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (doc == NULL)
    return FALSE;
  root = xmlDocGetRootElement (doc);
  is_log = root != NULL && is_element (root, "game") && xmlHasProp (root, (const xmlChar *) "seed") != NULL;
  xmlFreeDoc (doc);
  return is_log;
}

PhGame *
ph_game_load (PhScenario  *scenario,
              const char  *filename,
              GError     **error)
{
  g_autoptr(PhGame) game = NULL;
  g_autoptr(PhScenario) copy = NULL;
  xmlDoc *doc;
  g_autoptr(GRand) rand = g_rand_new_with_seed (0);
  g_autoptr(GHashTable) big_lines = g_hash_table_new (NULL, NULL);
  Reader r = { filename != NULL ? filename : "(scenario)", MAX (scenario->game_line, 1) - 1, error,
               NULL, rand, 0, 0, big_lines };
  guint position = 0;

  if (scenario->game_xml == NULL)
    return ph_game_new (scenario, g_random_int ());

  doc = parse_game (scenario->game_xml, big_lines);
  if (doc == NULL || xmlDocGetRootElement (doc) == NULL)
    {
      if (doc != NULL)
        xmlFreeDoc (doc);
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_FORMAT,
                   "%s:%d: <game> cannot be read", r.filename, MAX (scenario->game_line, 1));
      return NULL;
    }

  /* Read and check on a copy: a bad log changes nothing. */
  copy = ph_scenario_copy (scenario);
  game = ph_game_new_empty (copy, 0);
  r.scenario = copy;
  if (!read_game (&r, xmlDocGetRootElement (doc), game, &position))
    {
      xmlFreeDoc (doc);
      return NULL;
    }
  xmlFreeDoc (doc);
  if (!check_log (game, position, r.filename, MAX (scenario->game_line, 1), error))
    return NULL;

  /* The log holds: the real game works on the caller's scenario. */
  g_clear_pointer (&game->scenario, ph_scenario_unref);
  game->scenario = ph_scenario_ref (scenario);
  rebuild_vars (game, position);
  game->position = position;
  ph_game_rewind_dice (game);
  return g_steal_pointer (&game);
}
