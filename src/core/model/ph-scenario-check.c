/* ph-scenario-check.c: the semantic rules of a scenario file
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs on a document the schema accepted (so the elements are there, in
 * order, and enumerated attributes hold known names), checks everything the
 * schema leaves to C (numbers, points, ids and references, colours,
 * ruleset data) and builds the model as it goes. Every problem is reported
 * as "FILE:LINE: <element ...>: message"; one pass over the tree, hash
 * tables for the ids.
 *
 * Choices made where the format left a rule open (docs/scenario-format.md
 * now states them for the file's author):
 * - Numbers are written without surrounding white space ("12", not " 12 ");
 *   lists (points, status, wounds, bravery) allow white space around items.
 * - Lengths (grid-size, radius, widths, range bands) are > 0 and at most
 *   100000; integers without a documented range lie within -1000000..1000000.
 * - A status marker given twice is fine: status is a set.
 * - A polygon must not repeat its first point at the end (it is closed
 *   implicitly).
 * - short, medium and long go together; when `wounds` is given, a missing
 *   light-wounds or serious-wounds is counted from its letters.
 * - A polygon has at most 10000 points, and the polygons of a file 100000
 *   in all: checking that a polygon is simple costs up to n^2, and a map's
 *   terrain needs far fewer.
 */
#include <string.h>

#include "ph-geometry.h"
#include "ph-ruleset.h"
#include "ph-scenario-check.h"
#include "ph-stats.h"

static gboolean
is_element (const xmlNode *node,
            const char    *name)
{
  return node->type == XML_ELEMENT_NODE
         && (name == NULL || strcmp ((const char *) node->name, name) == 0);
}

/* Reads the shape element of a feature into feature->shape. */
static gboolean
read_shape (PhBuilder     *b,
            const xmlNode *node,
            PhFeature     *feature)
{
  PhShape *shape = &feature->shape;
  gboolean ok = TRUE;

  if (is_element (node, "circle"))
    {
      shape->kind = PH_SHAPE_CIRCLE;
      ok &= ph_builder_number (b, node, "cx", &ph_range_coord, 0, &shape->centre.x);
      ok &= ph_builder_number (b, node, "cy", &ph_range_coord, 0, &shape->centre.y);
      ok &= ph_builder_number (b, node, "r", &ph_range_length, 1, &shape->radius);
    }
  else if (is_element (node, "polygon"))
    {
      shape->kind = PH_SHAPE_POLYGON;
      if (!ph_builder_points (b, node, "points", shape))
        return FALSE;
      if (shape->n_points < 3)
        {
          ph_builder_fail (b, node, "attribute 'points' must give at least 3 points for a "
                           "polygon, not %u", shape->n_points);
          return FALSE;
        }
      /* checking that a polygon is simple costs up to n^2 */
      if (shape->n_points > PH_MAX_POLYGON_POINTS)
        {
          ph_builder_fail (b, node, "attribute 'points' must give at most %d points for a "
                           "polygon, not %u", PH_MAX_POLYGON_POINTS, shape->n_points);
          return FALSE;
        }
      b->polygon_points += shape->n_points;
      if (b->polygon_points > PH_MAX_POLYGON_POINTS_IN_ALL)
        {
          ph_builder_fail (b, node, "the polygons of the file have more than %d points in "
                           "all", PH_MAX_POLYGON_POINTS_IN_ALL);
          return FALSE;
        }
      if (shape->points[0].x == shape->points[shape->n_points - 1].x
          && shape->points[0].y == shape->points[shape->n_points - 1].y)
        {
          ph_builder_fail (b, node, "attribute 'points' must not repeat the first point at the end "
                           "(a polygon is closed implicitly)");
          return FALSE;
        }
      if (!ph_polygon_is_simple (shape->points, shape->n_points))
        {
          ph_builder_fail (b, node, "the polygon must be simple: its edges cross or touch, "
                           "or one has zero length");
          return FALSE;
        }
      if (ph_polygon_area (shape->points, shape->n_points) == 0)
        {
          ph_builder_fail (b, node, "the polygon has zero area");
          return FALSE;
        }
    }
  else if (is_element (node, "polyline"))
    {
      shape->kind = PH_SHAPE_POLYLINE;
      if (!ph_builder_points (b, node, "points", shape))
        return FALSE;
      if (shape->n_points < 2)
        {
          ph_builder_fail (b, node, "attribute 'points' must give at least 2 points for a "
                           "polyline, not %u", shape->n_points);
          return FALSE;
        }
      ok &= ph_builder_number (b, node, "width", &ph_range_length, 0.25, &shape->line_width);
    }
  else
    return FALSE;

  if (ok)
    ph_shape_update_bbox (shape);
  return ok;
}

/* <table> */

static void
read_table (PhBuilder     *b,
            const xmlNode *node)
{
  PhTable *table = &b->scenario->table;

  ph_builder_number (b, node, "width", &ph_range_table, 0, &table->width);
  ph_builder_number (b, node, "height", &ph_range_table, 0, &table->height);
  PH_BUILDER_ENUM (b, node, "unit", ph_unit_from_string, PH_UNIT_IN, &table->unit);
  PH_BUILDER_ENUM (b, node, "grid", ph_grid_from_string, PH_GRID_SQUARE, &table->grid);
  if (ph_builder_number (b, node, "grid-size", &ph_range_length, 1, &table->grid_size)
      && table->grid != PH_GRID_NONE
      && MAX (table->width, table->height) / table->grid_size > PH_MAX_GRID_CELLS)
    {
      /* A grid finer than any table needs would take for ever to draw and
       * to count hexes over. */
      g_autofree char *value = g_strdup_printf ("%g", table->grid_size);

      ph_builder_fail (b, node, "attribute 'grid-size' must be at least %g "
                       "(at most %d cells along the table's longer side), not '%s'",
                       MAX (table->width, table->height) / PH_MAX_GRID_CELLS,
                       PH_MAX_GRID_CELLS, value);
    }
  PH_BUILDER_ENUM (b, node, "measure", ph_measure_from_string, PH_MEASURE_EDGE, &table->measure);
}

/* <background>: the image is not read here (a missing one is the
 * renderer's warning); its href is resolved against the file's folder. */
static void
read_background (PhBuilder     *b,
                 const xmlNode *node)
{
  const char *href = ph_builder_attr (b, node, "href");
  g_autoptr(PhBackground) background = NULL;
  gboolean ok = TRUE;

  if (href == NULL || href[0] == '\0')
    {
      ph_builder_fail (b, node, "attribute 'href' must name an image file");
      return;
    }
  background = ph_background_new (href);
  ok &= ph_builder_number (b, node, "x", &ph_range_coord, 0, &background->x);
  ok &= ph_builder_number (b, node, "y", &ph_range_coord, 0, &background->y);
  ok &= ph_builder_number (b, node, "width", &ph_range_length, 1, &background->width);
  ok &= ph_builder_number (b, node, "height", &ph_range_length, 0, &background->height);
  ok &= ph_builder_number (b, node, "opacity", &ph_range_fraction, 1, &background->opacity);
  if (!ok)
    return;
  if (g_path_is_absolute (href) || b->r->filename == NULL || g_str_equal (b->r->filename, "-"))
    background->path = g_canonicalize_filename (href, NULL);
  else
    {
      g_autofree char *dir = g_path_get_dirname (b->r->filename);
      g_autofree char *absolute_dir = g_canonicalize_filename (dir, NULL);

      background->path = g_canonicalize_filename (href, absolute_dir);
    }
  b->scenario->background = g_steal_pointer (&background);
}

/* <rules> */

static void
read_rules (PhBuilder     *b,
            const xmlNode *rules)
{
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);

  for (const xmlNode *node = rules->children; node != NULL; node = node->next)
    {
      g_autoptr(GError) error = NULL;
      const char *name, *value;
      const xmlNode *first;
      PhOption *option;

      if (!is_element (node, "option"))
        continue;
      name = ph_builder_attr (b, node, "name");
      value = ph_builder_attr (b, node, "value");
      if (name == NULL || value == NULL)
        continue;
      if ((first = g_hash_table_lookup (names, name)) != NULL)
        {
          ph_builder_fail (b, node, "option '%s' is given twice (first on line %ld)",
                           ph_builder_show (b, name), ph_reader_line (b->r, first));
          continue;
        }
      g_hash_table_insert (names, (gpointer) name, (gpointer) node);
      if (!ph_ruleset_check_option (b->scenario->ruleset, name, value, &error))
        {
          ph_builder_fail (b, node, "%s", error != NULL ? error->message : "invalid option");
          continue;
        }
      option = ph_option_new (name, value);
      option->line = ph_reader_line (b->r, node);
      g_ptr_array_add (b->scenario->options, option);
    }
}

/* <terrain> */

static void
read_feature (PhBuilder     *b,
              const xmlNode *node)
{
  PhFeature *feature = ph_feature_new ();
  const xmlNode *shape = NULL;
  gboolean flag;
  PhCover cover;

  g_ptr_array_add (b->scenario->features, feature);
  feature->line = ph_reader_line (b->r, node);
  feature->id = ph_builder_id (b, node);
  feature->name = ph_builder_string (b, node, "name");
  PH_BUILDER_ENUM (b, node, "kind", ph_terrain_kind_from_string, PH_TERRAIN_WOODS, &feature->kind);
  if (ph_builder_attr (b, node, "blocks-los") != NULL
      && ph_builder_bool (b, node, "blocks-los", FALSE, &flag))
    feature->blocks_los = flag ? 1 : 0;
  if (ph_builder_attr (b, node, "cover") != NULL)
    {
      PH_BUILDER_ENUM (b, node, "cover", ph_cover_from_string, PH_COVER_OPEN, &cover);
      feature->cover = (int) cover;
    }
  if (ph_builder_attr (b, node, "elevation") != NULL
      && ph_builder_number (b, node, "elevation", &ph_range_coord, 0, &feature->elevation))
    feature->has_elevation = TRUE;

  for (const xmlNode *child = node->children; child != NULL; child = child->next)
    if (is_element (child, NULL))
      {
        shape = child;
        break;
      }
  if (shape == NULL)
    return;
  if (ph_terrain_kind_is_linear (feature->kind) && !is_element (shape, "polyline"))
    ph_builder_fail (b, node, "kind '%s' is linear and takes a <polyline>, not a <%s>",
                     ph_terrain_kind_to_string (feature->kind), (const char *) shape->name);
  else if (!ph_terrain_kind_is_linear (feature->kind) && is_element (shape, "polyline"))
    ph_builder_fail (b, node, "kind '%s' is an area and takes a <polygon> or a <circle>, "
                     "not a <polyline>", ph_terrain_kind_to_string (feature->kind));
  read_shape (b, shape, feature);
}

/* <sides> */

static void
read_side (PhBuilder     *b,
           const xmlNode *node)
{
  PhSide *side = ph_side_new ();
  const char *color;

  g_ptr_array_add (b->scenario->sides, side);
  side->line = ph_reader_line (b->r, node);
  side->id = ph_builder_id (b, node);
  side->name = ph_builder_string (b, node, "name");
  color = ph_builder_attr (b, node, "color");
  if (color != NULL && !ph_parse_color (color, &side->color))
    ph_builder_fail (b, node, "attribute 'color' must be a colour #rrggbb, not '%s'",
                     ph_builder_show (b, color));
}

/* <figures> */

static void
read_status (PhBuilder     *b,
             const xmlNode *node,
             PhFigure      *figure)
{
  const char *value = ph_builder_attr (b, node, "status");
  g_auto(GStrv) words = NULL;

  if (value == NULL)
    return;
  words = g_strsplit_set (value, " \t\n\r", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      PhStatus flag;

      if (words[i][0] == '\0')
        continue;
      if (ph_status_from_string (words[i], &flag))
        figure->status |= flag;
      else
        {
          g_autofree char *message = ph_value_status_marker_message ("status", words[i]);

          /* the first only: a hostile list may hold millions */
          ph_builder_fail (b, node, "%s", message);
          break;
        }
    }
}

static void
read_weapon (PhBuilder     *b,
             const xmlNode *node,
             PhFigure      *figure)
{
  PhWeapon weapon = { 0 };
  PhWeapon *w;
  const char *names[] = { "short", "medium", "long" };
  double *bands[3];
  guint n_bands = 0;
  gboolean ok = TRUE;

  g_array_append_val (figure->weapons, weapon);
  w = &g_array_index (figure->weapons, PhWeapon, figure->weapons->len - 1);
  PH_BUILDER_ENUM (b, node, "kind", ph_weapon_kind_from_string, PH_WEAPON_MUSKET, &w->kind);
  w->name = ph_builder_string (b, node, "name");
  ph_builder_bool (b, node, "loaded", TRUE, &w->loaded);
  ph_builder_int (b, node, "melee-category", 1, 11, 0, &w->melee_category);

  bands[0] = &w->range_short;
  bands[1] = &w->range_medium;
  bands[2] = &w->range_long;
  for (guint i = 0; i < 3; i++)
    if (ph_builder_attr (b, node, names[i]) != NULL)
      {
        n_bands++;
        ok &= ph_builder_number (b, node, names[i], &ph_range_length, 0, bands[i]);
      }
  if (n_bands == 3 && ok)
    {
      w->has_bands = TRUE;
      if (!(w->range_short <= w->range_medium && w->range_medium <= w->range_long))
        ph_builder_fail (b, node, "range bands must satisfy 0 < short <= medium <= long, "
                         "not short='%s' medium='%s' long='%s'", ph_builder_attr (b, node, "short"),
                         ph_builder_attr (b, node, "medium"), ph_builder_attr (b, node, "long"));
    }
  else if (n_bands > 0 && n_bands < 3)
    ph_builder_fail (b, node,
                     "attributes 'short', 'medium' and 'long' go together: give all three");
  else if (n_bands == 0 && ph_ruleset_get (b->scenario->ruleset)->weapon_bands
           && ph_weapon_kind_is_missile (w->kind))
    ph_builder_fail (b, node, "a %s missile weapon needs its range bands: "
                     "attributes 'short', 'medium' and 'long'",
                     ph_ruleset_get (b->scenario->ruleset)->short_title);
}

static void
read_stats (PhBuilder     *b,
            const xmlNode *node,
            PhFigure      *figure)
{
  const PhStatsSchema *schema = ph_stats_schema_for (b->scenario->ruleset);
  g_autofree char *problem = NULL;
  guint64 given = 0, ok = 0;

  if (strcmp ((const char *) node->name, schema->element) != 0)
    {
      ph_builder_fail (b, node, "this is a %s scenario, whose figures take <%s>, not <%s>",
                       ph_ruleset_id_to_string (b->scenario->ruleset), schema->element,
                       (const char *) node->name);
      return;
    }
  ph_stats_init (figure, schema);
  for (guint i = 0; i < schema->n_fields; i++)
    {
      const PhStatField *field = &schema->fields[i];
      const char *value = ph_builder_attr (b, node, field->name);
      g_autofree char *message = NULL;

      if (value == NULL)
        {
          ok |= PH_STAT_BIT (i);
          continue;
        }
      given |= PH_STAT_BIT (i);
      if (ph_stats_parse (figure, field, field->name, value, &message))
        ok |= PH_STAT_BIT (i);
      else
        ph_builder_fail (b, node, "%s", message);
    }
  if (schema->check != NULL && !schema->check (figure, given, ok, &problem))
    ph_builder_fail (b, node, "%s", problem);
}

static void
read_figure (PhBuilder     *b,
             const xmlNode *node)
{
  PhFigure *figure = ph_figure_new ();
  const char *side;
  const xmlNode *side_node;
  guint n_stats = 0;

  g_ptr_array_add (b->scenario->figures, figure);
  figure->line = ph_reader_line (b->r, node);
  figure->id = ph_builder_id (b, node);
  figure->name = ph_builder_string (b, node, "name");

  side = ph_builder_attr (b, node, "side");
  figure->side = g_strdup (side);
  side_node = side != NULL ? g_hash_table_lookup (b->ids, side) : NULL;
  if (side != NULL && side_node == NULL)
    ph_builder_fail (b, node, "attribute 'side' names an unknown side '%s'",
                     ph_builder_show (b, side));
  else if (side_node != NULL && !is_element (side_node, "side"))
    ph_builder_fail (b, node, "attribute 'side' names '%s', which is a <%s>, not a side",
                     ph_builder_show (b, side), (const char *) side_node->name);

  ph_builder_number (b, node, "x", &ph_range_coord, 0, &figure->x);
  ph_builder_number (b, node, "y", &ph_range_coord, 0, &figure->y);
  if (ph_builder_number (b, node, "facing", &ph_range_finite, 0, &figure->facing))
    figure->facing = ph_angle_normalize (figure->facing) + 0.0;
  PH_BUILDER_ENUM (b, node, "base-shape", ph_base_shape_from_string, PH_BASE_ROUND,
                   &figure->base_shape);
  ph_builder_number (b, node, "base-width", &ph_range_length,
                     ph_default_base_width (b->scenario->table.unit), &figure->base_width);
  ph_builder_number (b, node, "base-depth", &ph_range_length, figure->base_width,
                     &figure->base_depth);
  PH_BUILDER_ENUM (b, node, "troop", ph_troop_from_string, PH_TROOP_LINE, &figure->troop);
  ph_builder_bool (b, node, "mounted", FALSE, &figure->mounted);
  ph_builder_bool (b, node, "leader", FALSE, &figure->leader);
  PH_BUILDER_ENUM (b, node, "stance", ph_stance_from_string, PH_STANCE_STANDING, &figure->stance);
  read_status (b, node, figure);

  for (const xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (!is_element (child, NULL))
        continue;
      if (is_element (child, "weapon"))
        read_weapon (b, child, figure);
      else if (n_stats++ == 0)
        read_stats (b, child, figure);
      else
        ph_builder_fail (b, child, "a figure takes at most one ruleset element");
    }
}

/* <game>: kept as XML text */

static gboolean
declared_within (const xmlNode *node,
                 const xmlNode *top,
                 const xmlNs   *ns)
{
  for (; node != NULL; node = node->parent)
    {
      for (const xmlNs *d = node->nsDef; d != NULL; d = d->next)
        if (d == ns)
          return TRUE;
      if (node == top)
        break;
    }
  return FALSE;
}

static void
declare_if_needed (xmlNode       *game,
                   const xmlNode *node,
                   const xmlNs   *ns)
{
  if (ns == NULL || ns->prefix == NULL || declared_within (node, game, ns))
    return;
  for (const xmlNs *d = game->nsDef; d != NULL; d = d->next)
    if (d->prefix != NULL && xmlStrEqual (d->prefix, ns->prefix))
      return;
  xmlNewNs (game, ns->href, ns->prefix);
}

/* The <game> element as text, declaring on it the prefixed namespaces it
 * uses but inherits, so that the text stands on its own. */
static char *
dump_game (xmlNode *game)
{
  xmlBufferPtr buffer;
  xmlNode *node = game;
  char *text;

  while (node != NULL)
    {
      if (node->type == XML_ELEMENT_NODE)
        {
          declare_if_needed (game, node, node->ns);
          for (xmlAttr *a = node->properties; a != NULL; a = a->next)
            declare_if_needed (game, node, a->ns);
        }
      node = ph_xml_next_node (node, game);
    }

  buffer = xmlBufferCreate ();
  xmlNodeDump (buffer, game->doc, game, 0, 0);
  text = g_strndup ((const char *) xmlBufferContent (buffer), xmlBufferLength (buffer));
  xmlBufferFree (buffer);
  return text;
}

/* <scenario> */

static char *
text_of (const xmlNode *node)
{
  xmlChar *content = xmlNodeGetContent (node);
  char *text = g_strdup (content != NULL ? (const char *) content : "");

  xmlFree (content);
  return text;
}

/* One child of <scenario>, in file order: what the elements before it
 * declared (the table's unit, the sides' ids) is known */
void
ph_builder_read_child (PhBuilder *b,
                       xmlNode   *node)
{
  PhScenario *scenario = b->scenario;

  if (!is_element (node, NULL))
    return;
  if (is_element (node, "title"))
    {
      g_free (scenario->title);
      scenario->title = text_of (node);
    }
  else if (is_element (node, "description"))
    scenario->description = text_of (node);
  else if (is_element (node, "table"))
    read_table (b, node);
  else if (is_element (node, "background"))
    read_background (b, node);
  else if (is_element (node, "rules"))
    read_rules (b, node);
  else if (is_element (node, "terrain"))
    {
      for (xmlNode *child = node->children; child != NULL; child = child->next)
        if (is_element (child, "feature"))
          read_feature (b, child);
    }
  else if (is_element (node, "sides"))
    {
      for (xmlNode *child = node->children; child != NULL; child = child->next)
        if (is_element (child, "side"))
          read_side (b, child);
    }
  else if (is_element (node, "figures"))
    {
      for (xmlNode *child = node->children; child != NULL; child = child->next)
        if (is_element (child, "figure"))
          read_figure (b, child);
    }
  else if (is_element (node, "game"))
    {
      scenario->game_xml = dump_game (node);
      scenario->game_line = ph_reader_line (b->r, node);
    }
}

void
ph_builder_read_figure (PhBuilder *b,
                        xmlNode   *node)
{
  read_figure (b, node);
}

gboolean
ph_builder_begin (PhBuilder     *b,
                  PhReader      *reader,
                  const xmlNode *root)
{
  const char *ruleset_name;
  PhRulesetId ruleset;

  *b = (PhBuilder) { reader, NULL, NULL, 0, reader->problems->len };
  ruleset_name = ph_reader_attr (reader, root, "ruleset");
  if (ruleset_name == NULL || !ph_ruleset_id_from_string (ruleset_name, &ruleset))
    {
      ph_reader_problem (reader, PH_SCENARIO_ERROR_INVALID, ph_reader_line (reader, root),
                         "<scenario>: attribute 'ruleset' has an unknown value '%s'",
                         ph_reader_show (reader, ruleset_name != NULL ? ruleset_name : ""));
      return FALSE;
    }

  b->scenario = ph_scenario_new (ruleset);
  b->ids = g_hash_table_new (g_str_hash, g_str_equal);
  return TRUE;
}

PhScenario *
ph_builder_end (PhBuilder *b)
{
  PhScenario *scenario = g_steal_pointer (&b->scenario);

  g_clear_pointer (&b->ids, g_hash_table_unref);
  if (scenario == NULL)
    return NULL;
  if (b->r->problems->len > b->n_problems)
    {
      ph_scenario_unref (scenario);
      return NULL;
    }
  ph_scenario_reindex (scenario);
  return scenario;
}

PhScenario *
ph_scenario_from_doc (PhReader *reader,
                      xmlDoc   *doc)
{
  xmlNode *root = xmlDocGetRootElement (doc);
  PhBuilder b;

  if (!ph_builder_begin (&b, reader, root))
    return NULL;
  for (xmlNode *node = root->children; node != NULL; node = node->next)
    ph_builder_read_child (&b, node);
  return ph_builder_end (&b);
}
