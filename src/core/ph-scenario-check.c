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
 * Choices made where scenario-format.md is silent:
 * - Numbers are written without surrounding white space ("12", not " 12 ");
 *   lists (points, status, wounds, bravery) allow white space around items.
 * - Lengths (grid-size, radius, widths, range bands) are > 0 and at most
 *   100000; integers without a documented range lie within -1000000..1000000.
 * - A status marker given twice is fine: status is a set.
 * - A polygon must not repeat its first point at the end (it is closed
 *   implicitly).
 * - short, medium and long go together; when `wounds` is given, a missing
 *   light-wounds or serious-wounds is counted from its letters.
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ph-geometry.h"
#include "ph-ruleset.h"
#include "ph-scenario-check.h"

#define COORD_LIMIT 100000.0
#define INT_LIMIT 1000000

typedef struct
{
  double min;
  double max;
  gboolean min_open;    /* min itself is excluded */
  const char *text;
} Range;

static const Range coord_range = { -COORD_LIMIT, COORD_LIMIT, FALSE, "a number from -100000 to 100000" };
static const Range table_range = { 0, 10000, TRUE, "a number > 0 and at most 10000" };
static const Range length_range = { 0, COORD_LIMIT, TRUE, "a number > 0 and at most 100000" };
static const Range finite_range = { -DBL_MAX, DBL_MAX, FALSE, "a finite number" };

typedef struct
{
  PhReader *r;
  PhScenario *scenario;
  GHashTable *ids;      /* id -> const xmlNode* where it was first used */
} Builder;

static void
fail (Builder       *b,
      const xmlNode *node,
      const char    *format,
      ...) G_GNUC_PRINTF (3, 4);

static void
fail (Builder       *b,
      const xmlNode *node,
      const char    *format,
      ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  ph_reader_problem (b->r, PH_SCENARIO_ERROR_INVALID, ph_reader_line (b->r, node),
                     "%s: %s", ph_reader_describe (b->r, node), text);
}

static const char *
attr (Builder       *b,
      const xmlNode *node,
      const char    *name)
{
  return ph_reader_attr (b->r, node, name);
}

static const char *
show (Builder    *b,
      const char *value)
{
  return ph_reader_show (b->r, value);
}

static gboolean
is_element (const xmlNode *node,
            const char    *name)
{
  return node->type == XML_ELEMENT_NODE
         && (name == NULL || strcmp ((const char *) node->name, name) == 0);
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Numbers */

/* XML decimal syntax: [+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)? */
static gboolean
number_syntax_ok (const char *s,
                  gsize       len)
{
  const char *p = s, *end = s + len;
  gsize digits = 0;

  if (p < end && (*p == '+' || *p == '-'))
    p++;
  while (p < end && g_ascii_isdigit (*p))
    p++, digits++;
  if (p < end && *p == '.')
    {
      p++;
      while (p < end && g_ascii_isdigit (*p))
        p++, digits++;
    }
  if (digits == 0)
    return FALSE;
  if (p < end && (*p == 'e' || *p == 'E'))
    {
      gsize exp_digits = 0;

      p++;
      if (p < end && (*p == '+' || *p == '-'))
        p++;
      while (p < end && g_ascii_isdigit (*p))
        p++, exp_digits++;
      if (exp_digits == 0)
        return FALSE;
    }
  return p == end;
}

static gboolean
parse_number (const char *s,
              gsize       len,
              double     *out)
{
  char buf[64];
  g_autofree char *big = NULL;
  char *copy = buf, *end;
  double v;

  if (!number_syntax_ok (s, len))
    return FALSE;
  if (len < sizeof buf)
    {
      memcpy (buf, s, len);
      buf[len] = '\0';
    }
  else
    copy = big = g_strndup (s, len);
  v = g_ascii_strtod (copy, &end);
  if (*end != '\0' || !isfinite (v))
    return FALSE;
  *out = v == 0 ? 0.0 : v; /* no negative zero */
  return TRUE;
}

static gboolean
in_range (double       v,
          const Range *range)
{
  return (range->min_open ? v > range->min : v >= range->min) && v <= range->max;
}

/* An optional number attribute: @fallback when absent. */
static gboolean
get_number (Builder       *b,
            const xmlNode *node,
            const char    *name,
            const Range   *range,
            double         fallback,
            double        *out)
{
  const char *value = attr (b, node, name);
  double v;

  *out = fallback;
  if (value == NULL)
    return TRUE;
  if (!parse_number (value, strlen (value), &v) || !in_range (v, range))
    {
      fail (b, node, "attribute '%s' must be %s, not '%s'", name, range->text, show (b, value));
      return FALSE;
    }
  *out = v;
  return TRUE;
}

static gboolean
parse_int (const char *s,
           gsize       len,
           gint64      min,
           gint64      max,
           int        *out)
{
  char buf[32];
  const char *p = s;
  gint64 v;

  if (len == 0 || len >= sizeof buf)
    return FALSE;
  if (*p == '+' || *p == '-')
    p++;
  if (p == s + len)
    return FALSE;
  for (; p < s + len; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  memcpy (buf, s, len);
  buf[len] = '\0';
  errno = 0;
  v = g_ascii_strtoll (buf, NULL, 10);
  if (errno != 0 || v < min || v > max)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

/* An optional integer attribute: @fallback when absent. */
static gboolean
get_int (Builder       *b,
         const xmlNode *node,
         const char    *name,
         int            min,
         int            max,
         int            fallback,
         int           *out)
{
  const char *value = attr (b, node, name);

  *out = fallback;
  if (value == NULL)
    return TRUE;
  if (!parse_int (value, strlen (value), min, max, out))
    {
      *out = fallback;
      fail (b, node, "attribute '%s' must be an integer from %d to %d, not '%s'",
            name, min, max, show (b, value));
      return FALSE;
    }
  return TRUE;
}

static gboolean
get_bool (Builder       *b,
          const xmlNode *node,
          const char    *name,
          gboolean       fallback,
          gboolean      *out)
{
  const char *value = attr (b, node, name);

  *out = fallback;
  if (value == NULL)
    return TRUE;
  if (strcmp (value, "true") == 0)
    *out = TRUE;
  else if (strcmp (value, "false") == 0)
    *out = FALSE;
  else
    {
      fail (b, node, "attribute '%s' must be true or false, not '%s'", name, show (b, value));
      return FALSE;
    }
  return TRUE;
}

/* Enumerations: the schema has checked the names already. */
#define GET_ENUM(b, node, name, from_string, fallback, out)                    \
  G_STMT_START {                                                               \
    const char *value_ = attr ((b), (node), (name));                           \
    *(out) = (fallback);                                                       \
    if (value_ != NULL && !from_string (value_, (out)))                        \
      fail ((b), (node), "attribute '%s' has an unknown value '%s'", (name),   \
            show ((b), value_));                                               \
  } G_STMT_END

/* A string attribute: NULL when absent. */
static char *
get_string (Builder       *b,
            const xmlNode *node,
            const char    *name)
{
  return g_strdup (attr (b, node, name));
}

/* Ids */

static gboolean
id_syntax_ok (const char *id)
{
  if (!(g_ascii_isalpha (id[0]) || id[0] == '_'))
    return FALSE;
  for (const char *p = id + 1; *p != '\0'; p++)
    if (!(g_ascii_isalnum (*p) || *p == '_' || *p == '.' || *p == '-'))
      return FALSE;
  return TRUE;
}

/* Checks the element's id and claims it; returns a copy of it. */
static char *
get_id (Builder       *b,
        const xmlNode *node)
{
  const char *id = attr (b, node, "id");
  const xmlNode *first;

  if (id == NULL)
    id = "";
  if (!id_syntax_ok (id))
    fail (b, node, "attribute 'id' must match [A-Za-z_][A-Za-z0-9_.-]*, not '%s'", show (b, id));
  else if ((first = g_hash_table_lookup (b->ids, id)) != NULL)
    fail (b, node, "id '%s' is already used by the <%s> on line %ld", id,
          (const char *) first->name, ph_reader_line (b->r, first));
  else
    g_hash_table_insert (b->ids, (gpointer) id, (gpointer) node);
  return g_strdup (id);
}

/* Points: "x,y x,y ..." */

static gboolean
get_points (Builder       *b,
            const xmlNode *node,
            const char    *name,
            PhShape       *shape)
{
  const char *value = attr (b, node, name);
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (PhPoint));
  const char *p = value != NULL ? value : "";

  for (;;)
    {
      const char *token, *comma;
      PhPoint pt;
      gsize len;

      while (is_space (*p))
        p++;
      if (*p == '\0')
        break;
      token = p;
      while (*p != '\0' && !is_space (*p))
        p++;
      len = p - token;
      comma = memchr (token, ',', len);
      if (comma == NULL
          || !parse_number (token, comma - token, &pt.x)
          || !parse_number (comma + 1, token + len - comma - 1, &pt.y)
          || !in_range (pt.x, &coord_range) || !in_range (pt.y, &coord_range))
        {
          g_autofree char *bad = g_strndup (token, len);

          fail (b, node, "attribute '%s' must be x,y pairs of numbers from -100000 to 100000 "
                "separated by white space, not '%s'", name, show (b, bad));
          return FALSE;
        }
      g_array_append_val (points, pt);
    }
  shape->n_points = points->len;
  shape->points = (PhPoint *) (void *) g_array_free (g_steal_pointer (&points), FALSE);
  return TRUE;
}

/* Reads the shape element of a feature into feature->shape. */
static gboolean
read_shape (Builder       *b,
            const xmlNode *node,
            PhFeature     *feature)
{
  PhShape *shape = &feature->shape;
  gboolean ok = TRUE;

  if (is_element (node, "circle"))
    {
      shape->kind = PH_SHAPE_CIRCLE;
      ok &= get_number (b, node, "cx", &coord_range, 0, &shape->centre.x);
      ok &= get_number (b, node, "cy", &coord_range, 0, &shape->centre.y);
      ok &= get_number (b, node, "r", &length_range, 1, &shape->radius);
    }
  else if (is_element (node, "polygon"))
    {
      shape->kind = PH_SHAPE_POLYGON;
      if (!get_points (b, node, "points", shape))
        return FALSE;
      if (shape->n_points < 3)
        {
          fail (b, node, "attribute 'points' must give at least 3 points for a polygon, not %u",
                shape->n_points);
          return FALSE;
        }
      if (shape->points[0].x == shape->points[shape->n_points - 1].x
          && shape->points[0].y == shape->points[shape->n_points - 1].y)
        {
          fail (b, node, "attribute 'points' must not repeat the first point at the end "
                "(a polygon is closed implicitly)");
          return FALSE;
        }
      if (!ph_polygon_is_simple (shape->points, shape->n_points))
        {
          fail (b, node, "the polygon must be simple: its edges cross or touch, "
                "or one has zero length");
          return FALSE;
        }
      if (ph_polygon_area (shape->points, shape->n_points) == 0)
        {
          fail (b, node, "the polygon has zero area");
          return FALSE;
        }
    }
  else if (is_element (node, "polyline"))
    {
      shape->kind = PH_SHAPE_POLYLINE;
      if (!get_points (b, node, "points", shape))
        return FALSE;
      if (shape->n_points < 2)
        {
          fail (b, node, "attribute 'points' must give at least 2 points for a polyline, not %u",
                shape->n_points);
          return FALSE;
        }
      ok &= get_number (b, node, "width", &length_range, 0.25, &shape->line_width);
    }
  else
    return FALSE;

  if (ok)
    ph_shape_update_bbox (shape);
  return ok;
}

/* <table> */

static void
read_table (Builder       *b,
            const xmlNode *node)
{
  PhTable *table = &b->scenario->table;

  get_number (b, node, "width", &table_range, 0, &table->width);
  get_number (b, node, "height", &table_range, 0, &table->height);
  GET_ENUM (b, node, "unit", ph_unit_from_string, PH_UNIT_IN, &table->unit);
  GET_ENUM (b, node, "grid", ph_grid_from_string, PH_GRID_SQUARE, &table->grid);
  get_number (b, node, "grid-size", &length_range, 1, &table->grid_size);
  GET_ENUM (b, node, "measure", ph_measure_from_string, PH_MEASURE_EDGE, &table->measure);
}

/* <rules> */

static void
read_rules (Builder       *b,
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
      name = attr (b, node, "name");
      value = attr (b, node, "value");
      if (name == NULL || value == NULL)
        continue;
      if ((first = g_hash_table_lookup (names, name)) != NULL)
        {
          fail (b, node, "option '%s' is given twice (first on line %ld)", show (b, name),
                ph_reader_line (b->r, first));
          continue;
        }
      g_hash_table_insert (names, (gpointer) name, (gpointer) node);
      if (!ph_ruleset_check_option (b->scenario->ruleset, name, value, &error))
        {
          fail (b, node, "%s", error != NULL ? error->message : "invalid option");
          continue;
        }
      option = ph_option_new (name, value);
      option->line = ph_reader_line (b->r, node);
      g_ptr_array_add (b->scenario->options, option);
    }
}

/* <terrain> */

static void
read_feature (Builder       *b,
              const xmlNode *node)
{
  PhFeature *feature = ph_feature_new ();
  const xmlNode *shape = NULL;
  gboolean flag;
  PhCover cover;

  g_ptr_array_add (b->scenario->features, feature);
  feature->line = ph_reader_line (b->r, node);
  feature->id = get_id (b, node);
  feature->name = get_string (b, node, "name");
  GET_ENUM (b, node, "kind", ph_terrain_kind_from_string, PH_TERRAIN_WOODS, &feature->kind);
  if (attr (b, node, "blocks-los") != NULL && get_bool (b, node, "blocks-los", FALSE, &flag))
    feature->blocks_los = flag ? 1 : 0;
  if (attr (b, node, "cover") != NULL)
    {
      GET_ENUM (b, node, "cover", ph_cover_from_string, PH_COVER_OPEN, &cover);
      feature->cover = (int) cover;
    }
  if (attr (b, node, "elevation") != NULL
      && get_number (b, node, "elevation", &coord_range, 0, &feature->elevation))
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
    fail (b, node, "kind '%s' is linear and takes a <polyline>, not a <%s>",
          ph_terrain_kind_to_string (feature->kind), (const char *) shape->name);
  else if (!ph_terrain_kind_is_linear (feature->kind) && is_element (shape, "polyline"))
    fail (b, node, "kind '%s' is an area and takes a <polygon> or a <circle>, not a <polyline>",
          ph_terrain_kind_to_string (feature->kind));
  read_shape (b, shape, feature);
}

/* <sides> */

static gboolean
parse_color (const char *s,
             guint32    *out)
{
  guint32 v = 0;

  if (strlen (s) != 7 || s[0] != '#')
    return FALSE;
  for (int i = 1; i < 7; i++)
    {
      if (!g_ascii_isxdigit (s[i]))
        return FALSE;
      v = (v << 4) | (guint32) g_ascii_xdigit_value (s[i]);
    }
  *out = v;
  return TRUE;
}

static void
read_side (Builder       *b,
           const xmlNode *node)
{
  PhSide *side = ph_side_new ();
  const char *color;

  g_ptr_array_add (b->scenario->sides, side);
  side->line = ph_reader_line (b->r, node);
  side->id = get_id (b, node);
  side->name = get_string (b, node, "name");
  color = attr (b, node, "color");
  if (color != NULL && !parse_color (color, &side->color))
    fail (b, node, "attribute 'color' must be a colour #rrggbb, not '%s'", show (b, color));
}

/* <figures> */

static void
read_status (Builder       *b,
             const xmlNode *node,
             PhFigure      *figure)
{
  const char *value = attr (b, node, "status");
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
          g_autofree char *all = ph_status_set_to_string ((1u << PH_N_STATUS) - 1);
          g_auto(GStrv) names = g_strsplit (all, " ", -1);
          g_autofree char *known = g_strjoinv (", ", names);

          fail (b, node, "attribute 'status' has an unknown marker '%s' (markers: %s)",
                show (b, words[i]), known);
        }
    }
}

static void
read_weapon (Builder       *b,
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
  GET_ENUM (b, node, "kind", ph_weapon_kind_from_string, PH_WEAPON_MUSKET, &w->kind);
  w->name = get_string (b, node, "name");
  get_bool (b, node, "loaded", TRUE, &w->loaded);
  get_int (b, node, "melee-category", 1, 11, 0, &w->melee_category);

  bands[0] = &w->range_short;
  bands[1] = &w->range_medium;
  bands[2] = &w->range_long;
  for (guint i = 0; i < 3; i++)
    if (attr (b, node, names[i]) != NULL)
      {
        n_bands++;
        ok &= get_number (b, node, names[i], &length_range, 0, bands[i]);
      }
  if (n_bands == 3 && ok)
    {
      w->has_bands = TRUE;
      if (!(w->range_short <= w->range_medium && w->range_medium <= w->range_long))
        fail (b, node, "range bands must satisfy 0 < short <= medium <= long, "
              "not short='%s' medium='%s' long='%s'", attr (b, node, "short"),
              attr (b, node, "medium"), attr (b, node, "long"));
    }
  else if (n_bands > 0 && n_bands < 3)
    fail (b, node, "attributes 'short', 'medium' and 'long' go together: give all three");
  else if (n_bands == 0 && b->scenario->ruleset == PH_RULESET_FEATHERSTONE
           && ph_weapon_kind_is_missile (w->kind))
    fail (b, node, "a Featherstone missile weapon needs its range bands: "
          "attributes 'short', 'medium' and 'long'");
}

static gboolean
parse_bravery (const char *value,
               int         bravery[4])
{
  g_auto(GStrv) items = g_strsplit (value, ",", -1);

  if (g_strv_length (items) != 4)
    return FALSE;
  for (guint i = 0; i < 4; i++)
    {
      char *item = g_strstrip (items[i]);

      if (!parse_int (item, strlen (item), -INT_LIMIT, INT_LIMIT, &bravery[i]))
        return FALSE;
    }
  return TRUE;
}

static void
read_firelock (Builder         *b,
               const xmlNode   *node,
               PhFirelockStats *s)
{
  const char *bravery = attr (b, node, "bravery");

  if (bravery != NULL && !parse_bravery (bravery, s->bravery))
    fail (b, node, "attribute 'bravery' must be four integers separated by commas "
          "(such as 10,7,4,1), not '%s'", show (b, bravery));
  get_int (b, node, "hits", 0, 7, 0, &s->hits);
  get_int (b, node, "melee", -2, 2, 2, &s->melee);
  get_bool (b, node, "officer", FALSE, &s->officer);
}

static void
read_fistful (Builder         *b,
              const xmlNode   *node,
              PhFistfulStats  *s)
{
  get_int (b, node, "wounds", 0, INT_LIMIT, 0, &s->wounds);
  get_bool (b, node, "shaken", FALSE, &s->shaken);
  get_bool (b, node, "reload", FALSE, &s->reload);
  s->traits = get_string (b, node, "traits");
}

static void
read_mayhem (Builder       *b,
             const xmlNode *node,
             PhMayhemStats *s)
{
  get_int (b, node, "courage", -INT_LIMIT, INT_LIMIT, 0, &s->courage);
  get_int (b, node, "armament", -INT_LIMIT, INT_LIMIT, 0, &s->armament);
  get_int (b, node, "hit-bonus", -INT_LIMIT, INT_LIMIT, 0, &s->hit_bonus);
  get_int (b, node, "impact-bonus", -INT_LIMIT, INT_LIMIT, 0, &s->impact_bonus);
  get_bool (b, node, "shock", FALSE, &s->shock);
  get_int (b, node, "search", -INT_LIMIT, INT_LIMIT, 6, &s->search);
  get_int (b, node, "saves", 0, INT_LIMIT, 0, &s->saves);
  get_int (b, node, "rerolls", 0, INT_LIMIT, 0, &s->rerolls);
}

static void
read_featherstone (Builder             *b,
                   const xmlNode       *node,
                   PhFeatherstoneStats *s)
{
  const char *wounds = attr (b, node, "wounds");
  gboolean have_light = attr (b, node, "light-wounds") != NULL;
  gboolean have_serious = attr (b, node, "serious-wounds") != NULL;
  gboolean counts_ok = TRUE;
  g_auto(GStrv) letters = NULL;
  GString *normal;
  int light = 0, serious = 0;

  GET_ENUM (b, node, "rating", ph_rating_from_string, PH_RATING_AVERAGE, &s->rating);
  counts_ok &= get_int (b, node, "light-wounds", 0, INT_LIMIT, 0, &s->light_wounds);
  counts_ok &= get_int (b, node, "serious-wounds", 0, INT_LIMIT, 0, &s->serious_wounds);
  if (wounds == NULL)
    return;

  letters = g_strsplit_set (wounds, " \t\n\r", -1);
  normal = g_string_new (NULL);
  for (guint i = 0; letters[i] != NULL; i++)
    {
      char c = letters[i][0];

      if (c == '\0')
        continue;
      if (letters[i][1] != '\0' || c < 'A' || c > 'J')
        {
          fail (b, node, "attribute 'wounds' must list wound letters A to J separated by "
                "white space, not '%s'", show (b, letters[i]));
          g_string_free (normal, TRUE);
          return;
        }
      if (c >= 'B' && c <= 'E')
        serious++;
      else if (c >= 'F')
        light++;
      if (normal->len > 0)
        g_string_append_c (normal, ' ');
      g_string_append_c (normal, c);
    }
  if (normal->len > 0)
    s->wounds = g_string_free (normal, FALSE);
  else
    g_string_free (normal, TRUE);

  if (!have_light)
    s->light_wounds = light;
  if (!have_serious)
    s->serious_wounds = serious;
  if (counts_ok && (s->light_wounds != light || s->serious_wounds != serious))
    fail (b, node, "attribute 'wounds' lists %d serious (B to E) and %d light (F to J) wounds, "
          "but serious-wounds is %d and light-wounds is %d",
          serious, light, s->serious_wounds, s->light_wounds);
}

static void
read_guns_of_war (Builder          *b,
                  const xmlNode    *node,
                  PhGunsOfWarStats *s)
{
  GET_ENUM (b, node, "formation", ph_formation_from_string, PH_FORMATION_DF, &s->formation);
  get_int (b, node, "men", 1, INT_LIMIT, 1, &s->men);
  get_int (b, node, "attack-throw", -INT_LIMIT, INT_LIMIT, 0, &s->attack_throw);
  get_int (b, node, "ac", -INT_LIMIT, INT_LIMIT, 0, &s->ac);
  get_int (b, node, "armor-ac", -INT_LIMIT, INT_LIMIT, 0, &s->armor_ac);
  get_int (b, node, "morale", -INT_LIMIT, INT_LIMIT, 0, &s->morale);
  get_int (b, node, "reload-tokens", 0, INT_LIMIT, 0, &s->reload_tokens);
  if (attr (b, node, "uhp") != NULL
      && get_int (b, node, "uhp", -INT_LIMIT, INT_LIMIT, 0, &s->uhp))
    s->has_uhp = TRUE;
}

/* The figure element of each ruleset, in PhRulesetId order */
static const char * const stats_elements[] = {
  "firelock", "fistful", "mayhem", "featherstone", "guns-of-war",
};
G_STATIC_ASSERT (G_N_ELEMENTS (stats_elements) == PH_N_RULESETS);

static void
read_stats (Builder       *b,
            const xmlNode *node,
            PhFigure      *figure)
{
  PhRulesetId ruleset = b->scenario->ruleset;

  if (strcmp ((const char *) node->name, stats_elements[ruleset]) != 0)
    {
      fail (b, node, "this is a %s scenario, whose figures take <%s>, not <%s>",
            ph_ruleset_id_to_string (ruleset), stats_elements[ruleset],
            (const char *) node->name);
      return;
    }
  switch (ruleset)
    {
    case PH_RULESET_FIRELOCK:
      figure->stats_kind = PH_STATS_FIRELOCK;
      read_firelock (b, node, &figure->stats.firelock);
      break;
    case PH_RULESET_FISTFUL:
      figure->stats_kind = PH_STATS_FISTFUL;
      read_fistful (b, node, &figure->stats.fistful);
      break;
    case PH_RULESET_MAYHEM:
      figure->stats_kind = PH_STATS_MAYHEM;
      read_mayhem (b, node, &figure->stats.mayhem);
      break;
    case PH_RULESET_FEATHERSTONE:
      figure->stats_kind = PH_STATS_FEATHERSTONE;
      read_featherstone (b, node, &figure->stats.featherstone);
      break;
    case PH_RULESET_GUNS_OF_WAR:
      figure->stats_kind = PH_STATS_GUNS_OF_WAR;
      read_guns_of_war (b, node, &figure->stats.guns_of_war);
      break;
    case PH_N_RULESETS:
    default:
      g_assert_not_reached ();
    }
}

static void
read_figure (Builder       *b,
             const xmlNode *node)
{
  PhFigure *figure = ph_figure_new ();
  const char *side;
  const xmlNode *side_node;
  guint n_stats = 0;

  g_ptr_array_add (b->scenario->figures, figure);
  figure->line = ph_reader_line (b->r, node);
  figure->id = get_id (b, node);
  figure->name = get_string (b, node, "name");

  side = attr (b, node, "side");
  figure->side = g_strdup (side);
  side_node = side != NULL ? g_hash_table_lookup (b->ids, side) : NULL;
  if (side != NULL && side_node == NULL)
    fail (b, node, "attribute 'side' names an unknown side '%s'", show (b, side));
  else if (side_node != NULL && !is_element (side_node, "side"))
    fail (b, node, "attribute 'side' names '%s', which is a <%s>, not a side",
          show (b, side), (const char *) side_node->name);

  get_number (b, node, "x", &coord_range, 0, &figure->x);
  get_number (b, node, "y", &coord_range, 0, &figure->y);
  if (get_number (b, node, "facing", &finite_range, 0, &figure->facing))
    figure->facing = ph_angle_normalize (figure->facing) + 0.0;
  GET_ENUM (b, node, "base-shape", ph_base_shape_from_string, PH_BASE_ROUND, &figure->base_shape);
  get_number (b, node, "base-width", &length_range,
              ph_default_base_width (b->scenario->table.unit), &figure->base_width);
  get_number (b, node, "base-depth", &length_range, figure->base_width, &figure->base_depth);
  GET_ENUM (b, node, "troop", ph_troop_from_string, PH_TROOP_LINE, &figure->troop);
  get_bool (b, node, "mounted", FALSE, &figure->mounted);
  get_bool (b, node, "leader", FALSE, &figure->leader);
  GET_ENUM (b, node, "stance", ph_stance_from_string, PH_STANCE_STANDING, &figure->stance);
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
        fail (b, child, "a figure takes at most one ruleset element");
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
      if (node->type == XML_ELEMENT_NODE && node->children != NULL)
        node = node->children;
      else
        {
          while (node != NULL && node != game && node->next == NULL)
            node = node->parent;
          node = node == NULL || node == game ? NULL : node->next;
        }
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

static void
read_children (Builder *b,
               xmlNode *root)
{
  PhScenario *scenario = b->scenario;

  for (xmlNode *node = root->children; node != NULL; node = node->next)
    {
      if (!is_element (node, NULL))
        continue;
      if (is_element (node, "title"))
        {
          g_free (scenario->title);
          scenario->title = text_of (node);
        }
      else if (is_element (node, "description"))
        scenario->description = text_of (node);
      else if (is_element (node, "table"))
        read_table (b, node);
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
        scenario->game_xml = dump_game (node);
    }
}

PhScenario *
ph_scenario_from_doc (PhReader *reader,
                      xmlDoc   *doc)
{
  xmlNode *root = xmlDocGetRootElement (doc);
  guint n_problems = reader->problems->len;
  const char *ruleset_name;
  PhRulesetId ruleset;
  Builder b = { reader, NULL, NULL };

  ruleset_name = ph_reader_attr (reader, root, "ruleset");
  if (ruleset_name == NULL || !ph_ruleset_id_from_string (ruleset_name, &ruleset))
    {
      ph_reader_problem (reader, PH_SCENARIO_ERROR_INVALID, ph_reader_line (reader, root),
                         "<scenario>: attribute 'ruleset' has an unknown value '%s'",
                         ph_reader_show (reader, ruleset_name != NULL ? ruleset_name : ""));
      return NULL;
    }

  b.scenario = ph_scenario_new (ruleset);
  b.ids = g_hash_table_new (g_str_hash, g_str_equal);
  read_children (&b, root);
  g_hash_table_unref (b.ids);

  if (reader->problems->len > n_problems)
    {
      ph_scenario_unref (b.scenario);
      return NULL;
    }
  ph_scenario_reindex (b.scenario);
  return b.scenario;
}
