/* test-stats.c: the rulesets' stats schemas (src/core/model/ph-stats.c and
 * src/rulesets/RULESET/ph-stats-RULESET.c)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The schema is the one list of a ruleset's figure attributes, so the
 * RelaxNG schema (data/scenario.rng) is checked against it here: the same
 * attributes, the same ones required, the same choices.
 */
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "ph-test-ruleset.h"
#include "ph-core.h"
#include "ph-figure-attr.h"
#include "ph-ruleset.h"
#include "ph-stats.h"

static gboolean
is_rng (const xmlNode *node,
        const char    *name)
{
  return node->type == XML_ELEMENT_NODE && strcmp ((const char *) node->name, name) == 0;
}

static char *
rng_name (const xmlNode *node)
{
  xmlChar *name = xmlGetProp (node, (const xmlChar *) "name");
  char *copy = g_strdup ((const char *) name);

  xmlFree (name);
  return copy;
}

/* The <element name=@element> anywhere under @node */
static const xmlNode *
find_element (const xmlNode *node,
              const char    *element)
{
  for (const xmlNode *child = node->children; child != NULL; child = child->next)
    {
      const xmlNode *found;

      if (is_rng (child, "element"))
        {
          g_autofree char *name = rng_name (child);

          if (g_strcmp0 (name, element) == 0)
            return child;
        }
      if ((found = find_element (child, element)) != NULL)
        return found;
    }
  return NULL;
}

/* The <value>s under @node, in order, into @values */
static void
collect_values (const xmlNode *node,
                GPtrArray     *values)
{
  for (const xmlNode *child = node->children; child != NULL; child = child->next)
    if (is_rng (child, "value"))
      {
        xmlChar *text = xmlNodeGetContent (child);

        g_ptr_array_add (values, g_strdup ((const char *) text));
        xmlFree (text);
      }
    else
      collect_values (child, values);
}

/* Each <attribute> of @element: name -> "required" or "optional" */
static void
collect_attributes (const xmlNode *node,
                    gboolean       optional,
                    GHashTable    *attributes,
                    GHashTable    *choices)
{
  for (const xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (is_rng (child, "attribute"))
        {
          char *name = rng_name (child);
          GPtrArray *values = g_ptr_array_new_with_free_func (g_free);

          collect_values (child, values);
          g_hash_table_insert (attributes, name, optional ? "optional" : "required");
          g_hash_table_insert (choices, g_strdup (name), values);
        }
      else if (child->type == XML_ELEMENT_NODE)
        collect_attributes (child, optional || is_rng (child, "optional"), attributes, choices);
    }
}

static void
test_rng_agrees (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("PH_DATA_DIR"), "scenario.rng", NULL);
  xmlDoc *doc = xmlReadFile (path, NULL, XML_PARSE_NONET);

  g_assert_nonnull (doc);
  for (guint r = 0; r < PH_N_RULESETS; r++)
    {
      const PhStatsSchema *schema = ph_stats_schema_for (r);
      const xmlNode *element = find_element (xmlDocGetRootElement (doc), schema->element);
      g_autoptr(GHashTable) attributes = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                                g_free, NULL);
      g_autoptr(GHashTable) choices = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                             (GDestroyNotify) g_ptr_array_unref);

      g_test_message ("<%s>", schema->element);
      g_assert_nonnull (element);
      collect_attributes (element, FALSE, attributes, choices);
      g_assert_cmpuint (g_hash_table_size (attributes), ==, schema->n_fields);
      for (guint i = 0; i < schema->n_fields; i++)
        {
          const PhStatField *field = &schema->fields[i];
          const char *how = g_hash_table_lookup (attributes, field->name);
          GPtrArray *values = g_hash_table_lookup (choices, field->name);

          g_test_message ("  %s", field->name);
          g_assert_nonnull (how);
          g_assert_cmpstr (how, ==, (field->flags & PH_STAT_REQUIRED) ? "required" : "optional");
          if (field->type == PH_STAT_ENUM)
            {
              g_assert_cmpint (values->len, ==, field->choices->n_values);
              for (int v = 0; v < field->choices->n_values; v++)
                g_assert_cmpstr (g_ptr_array_index (values, v), ==, field->choices->to_string (v));
            }
          else if (field->type == PH_STAT_BOOL)
            /* <ref name="boolean"/>: true and false */
            g_assert_cmpuint (values->len, ==, 0);
        }
    }
  xmlFreeDoc (doc);
}

/* Each ruleset has its own element, and its own stats kind */
static void
test_registry (void)
{
  for (guint a = 0; a < PH_N_RULESETS; a++)
    {
      const PhStatsSchema *schema = ph_stats_schema_for (a);

      g_assert_nonnull (schema);
      g_assert_true (ph_stats_schema_of_kind (schema->kind) == schema);
      g_assert_cmpuint (schema->n_fields, <=, 64); /* the check's bit masks */
      for (guint b = a + 1; b < PH_N_RULESETS; b++)
        {
          g_assert_cmpstr (schema->element, !=, ph_stats_schema_for (b)->element);
          g_assert_cmpint (schema->kind, !=, ph_stats_schema_for (b)->kind);
        }
    }
  g_assert_null (ph_stats_schema_of_kind (PH_STATS_NONE));
}

/* A new element's defaults are the file's: what a figure gets when the
 * attribute is left out */
static void
test_defaults (void)
{
  g_autoptr(PhScenario) scenario = ph_scenario_new (ph_test_ruleset ("featherstone"));
  PhFigure *figure = ph_figure_new ();
  const PhStatsSchema *schema = ph_stats_schema_for (ph_test_ruleset ("firelock-scalplock"));

  ph_stats_init (figure, schema);
  g_assert_cmpint (figure->stats_kind, ==, PH_STATS_FIRELOCK);
  g_assert_cmpint (figure->stats.firelock.melee, ==, 2);
  g_assert_cmpint (figure->stats.firelock.hits, ==, 0);
  g_assert_false (figure->stats.firelock.officer);

  ph_stats_init (figure, ph_stats_schema_for (ph_test_ruleset ("musket-mayhem")));
  g_assert_cmpint (figure->stats.mayhem.search, ==, 6);

  ph_stats_init (figure, ph_stats_schema_for (ph_test_ruleset ("guns-of-war")));
  g_assert_cmpint (figure->stats.guns_of_war.men, ==, 20);
  g_assert_cmpint (figure->stats.guns_of_war.formation, ==, PH_FORMATION_DF);
  g_assert_false (figure->stats.guns_of_war.has_uhp);

  schema = ph_stats_schema_for (ph_test_ruleset ("featherstone"));
  ph_stats_init (figure, schema);
  g_assert_cmpint (figure->stats.featherstone.rating, ==, PH_RATING_AVERAGE);
  g_assert_cmpuint (figure->stats.featherstone.armour_covers, ==, PH_AREA_BODY);
  /* written: the rating and counts always, helmet and armour only when
   * worn, the covered parts only with armour */
  {
    g_autofree char *rating = ph_stats_format (figure, ph_stats_schema_find (schema, "rating", NULL));
    g_autofree char *helmet = ph_stats_format (figure, ph_stats_schema_find (schema, "helmet", NULL));
    g_autofree char *covers = ph_stats_format (figure, ph_stats_schema_find (schema, "armour-covers", NULL));
    g_autofree char *covers_get = ph_stats_get (figure, ph_stats_schema_find (schema, "armour-covers", NULL));

    g_assert_cmpstr (rating, ==, "average");
    g_assert_null (helmet);
    g_assert_null (covers);
    g_assert_cmpstr (covers_get, ==, "body");
  }
  ph_figure_free (figure);
}

/* Every field reads back what it writes, and the figure attributes list
 * exactly the schema's fields after the figure's own */
static void
test_round_trip (void)
{
  for (guint r = 0; r < PH_N_RULESETS; r++)
    {
      const PhStatsSchema *schema = ph_stats_schema_for (r);
      PhFigure *figure = ph_figure_new ();
      g_auto(GStrv) attrs = NULL;
      guint n_attrs;

      ph_stats_init (figure, schema);
      for (guint i = 0; i < schema->n_fields; i++)
        {
          const PhStatField *field = &schema->fields[i];
          g_autofree char *text = ph_stats_get (figure, field);
          g_autofree char *again = NULL;
          g_autofree char *message = NULL;

          g_test_message ("%s.%s = '%s'", schema->element, field->name, text);
          g_assert_true (ph_stats_parse (figure, field, field->name, text, &message));
          g_assert_null (message);
          again = ph_stats_get (figure, field);
          g_assert_cmpstr (again, ==, text);
        }
      attrs = ph_figure_list_attrs (figure);
      n_attrs = g_strv_length (attrs);
      g_assert_cmpuint (n_attrs, >=, schema->n_fields);
      for (guint i = 0; i < schema->n_fields; i++)
        {
          g_autofree char *name = g_strdup_printf ("%s.%s", schema->element,
                                                   schema->fields[i].name);

          g_assert_cmpstr (attrs[n_attrs - schema->n_fields + i], ==, name);
        }
      ph_figure_free (figure);
    }
}

/* Featherstone: counts left out follow the letters; counts given must
 * agree ("C" is serious, "F" light on the casualty table) */
static void
test_featherstone_check (void)
{
  const PhStatsSchema *schema = ph_stats_schema_for (ph_test_ruleset ("featherstone"));
  PhFigure *figure = ph_figure_new ();
  g_autofree char *message = NULL;
  guint wounds, light;

  ph_stats_init (figure, schema);
  g_assert_nonnull (ph_stats_schema_find (schema, "wounds", &wounds));
  g_assert_nonnull (ph_stats_schema_find (schema, "light-wounds", &light));
  g_assert_true (ph_stats_parse (figure, &schema->fields[wounds], "wounds", "F F", &message));
  g_assert_true (schema->check (figure, PH_STAT_BIT (wounds), ~G_GUINT64_CONSTANT (0), &message));
  g_assert_cmpint (figure->stats.featherstone.light_wounds, ==, 2);
  g_assert_cmpint (figure->stats.featherstone.serious_wounds, ==, 0);

  figure->stats.featherstone.light_wounds = 1;
  g_assert_false (schema->check (figure, PH_STAT_BIT (light), ~G_GUINT64_CONSTANT (0), &message));
  g_assert_nonnull (message);
  g_test_message ("%s", message);
  g_assert_nonnull (strstr (message, "light"));
  ph_figure_free (figure);
}

/* Guns of War: a Drilled Foot unit is 20 to 120 men */
static void
test_guns_of_war_check (void)
{
  g_autoptr(PhScenario) scenario = ph_scenario_new (ph_test_ruleset ("guns-of-war"));
  PhFigure *figure = ph_figure_new ();
  g_autoptr(GError) error = NULL;

  figure->id = g_strdup ("unit");
  ph_stats_init (figure, ph_stats_schema_for (ph_test_ruleset ("guns-of-war")));
  g_assert_true (ph_figure_set_attr (scenario, figure, "guns-of-war.men", "120", &error));
  g_assert_no_error (error);
  g_assert_false (ph_figure_set_attr (scenario, figure, "guns-of-war.men", "121", &error));
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_cmpint (figure->stats.guns_of_war.men, ==, 120);
  ph_figure_free (figure);
}

/* A new figure of each ruleset: a fresh id, the ruleset's profile, and a
 * file that loads (required stats given, bands where the ruleset wants
 * them, in table units) */
static void
test_figure_template (void)
{
  for (guint r = 0; r < PH_N_RULESETS; r++)
    {
      PhTable table = { 72, 48, PH_UNIT_IN, PH_GRID_SQUARE, 1, PH_MEASURE_EDGE };
      g_autoptr(PhScenario) scenario = ph_scenario_new_table (r, &table, "Templates");
      g_autoptr(GError) error = NULL;
      g_autofree char *xml = NULL;
      PhFigure *a = ph_ruleset_new_figure (scenario, "side-1", 10, 20, 90);
      PhFigure *b;

      g_test_message ("%s", ph_ruleset_id_to_string (r));
      g_assert_cmpstr (a->id, ==, "figure-1");
      g_ptr_array_add (scenario->figures, a);
      ph_scenario_reindex (scenario);
      b = ph_ruleset_new_figure (scenario, "side-2", 30, 20, 270);
      g_assert_cmpstr (b->id, ==, "figure-2");
      g_ptr_array_add (scenario->figures, b);
      ph_scenario_reindex (scenario);
      g_assert_cmpint (a->stats_kind, ==, ph_stats_schema_for (r)->kind);
      g_assert_cmpuint (a->weapons->len, >, 0);
      g_assert_cmpfloat (a->base_width, ==, 1);
      xml = ph_scenario_to_checked_xml (scenario, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (xml);
    }

  /* Featherstone's usual musket bands, 50, 100 and 200 paces, on an inch
   * table (2.54 paces to the inch) */
  {
    PhTable table = { 72, 48, PH_UNIT_IN, PH_GRID_SQUARE, 4, PH_MEASURE_EDGE };
    g_autoptr(PhScenario) scenario = ph_scenario_new_table (ph_test_ruleset ("featherstone"),
                                                            &table, NULL);
    PhFigure *f = ph_ruleset_new_figure (scenario, "side-1", 10, 10, 0);
    const PhWeapon *musket = ph_figure_find_weapon (f, PH_WEAPON_MUSKET);

    g_assert_nonnull (musket);
    g_assert_true (musket->has_bands);
    g_assert_cmpfloat_with_epsilon (musket->range_short, 50 / 2.54, 1e-9);
    g_assert_cmpfloat_with_epsilon (musket->range_long, 200 / 2.54, 1e-9);
    g_assert_cmpstr (scenario->title, ==, "Untitled");
    ph_figure_free (f);
  }
}

/* The printed sheets' captions come from the schema: the label in
 * capitals, or the field's own caption where the sheet says it shorter */
static void
test_sheet_captions (void)
{
  static const struct { const char *ruleset, *field, *caption; } cases[] = {
    { "firelock-scalplock", "bravery", "BRAVERY" },
    { "firelock-scalplock", "hits", "HITS" },
    { "fistful-of-lead", "reload", "RELOAD" },
    { "fistful-of-lead", "wounds", "WOUNDS" },
    { "musket-mayhem", "courage", "COURAGE" },
    { "guns-of-war", "attack-throw", "THROW" },
    { "guns-of-war", "uhp", "UHP" },
    { "featherstone", "light-wounds", "LIGHT \xe2\x88\x92" "10 % EACH" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const PhStatsSchema *schema = ph_stats_schema_for (ph_test_ruleset (cases[i].ruleset));
      g_autofree char *caption = ph_stats_field_caption (schema, cases[i].field);

      g_assert_cmpstr (caption, ==, cases[i].caption);
    }
  g_assert_null (ph_stats_field_caption (ph_stats_schema_for (ph_test_ruleset ("musket-mayhem")),
                                         "no-such-field"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stats/rng-agrees", test_rng_agrees);
  g_test_add_func ("/stats/registry", test_registry);
  g_test_add_func ("/stats/defaults", test_defaults);
  g_test_add_func ("/stats/round-trip", test_round_trip);
  g_test_add_func ("/stats/featherstone-check", test_featherstone_check);
  g_test_add_func ("/stats/guns-of-war-check", test_guns_of_war_check);
  g_test_add_func ("/stats/figure-template", test_figure_template);
  g_test_add_func ("/stats/sheet-captions", test_sheet_captions);

  return g_test_run ();
}
