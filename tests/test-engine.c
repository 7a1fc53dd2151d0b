/* test-engine.c: the shared geometry of every assessment
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Distance, fire arc, line of sight and cover as rules.md ("Shared
 * geometry") reads them, checked by hand on small tables.
 */
#include <math.h>
#include <string.h>

#include "ph-ruleset-firelock.h"
#include "ph-core.h"
#include "ph-test-util.h"
#include "ph-test-files.h"
#include "ph-threat.h"

#define EPS 1e-9

/* A scenario around a shooter "a" at (10,10) facing right (90) and a target
 * "b"; @terrain and @extra_figures are spliced in. */
static PhScenario *
load_scenario (const char *ruleset,
               const char *table_attrs,
               const char *terrain,
               const char *figures)
{
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"%s\">\n"
    "  <title>Engine test</title>\n"
    "  <table %s/>\n"
    "  <terrain>%s</terrain>\n"
    "  <sides>\n"
    "    <side id=\"red\" name=\"Red\" color=\"#b03a2e\"/>\n"
    "    <side id=\"blue\" name=\"Blue\" color=\"#2e5fa8\"/>\n"
    "  </sides>\n"
    "  <figures>%s</figures>\n"
    "</scenario>\n",
    ruleset, table_attrs, terrain, figures);

  return ph_test_load_xml (xml, -1, "engine-test.xml");
}

static PhScenario *
load_pair (const char *ruleset,
           const char *terrain,
           double      bx,
           double      by,
           const char *extra)
{
  g_autofree char *figures = g_strdup_printf (
    "<figure id=\"a\" side=\"red\" x=\"10\" y=\"10\" facing=\"90\"><weapon kind=\"musket\"/></figure>"
    "<figure id=\"b\" side=\"blue\" x=\"%g\" y=\"%g\" facing=\"270\"><weapon kind=\"musket\"/></figure>%s",
    bx, by, extra ? extra : "");

  return load_scenario (ruleset, "width=\"72\" height=\"48\"", terrain, figures);
}

static double
distance (PhScenario *s)
{
  return ph_engine_distance (s, ph_scenario_find_figure (s, "a"),
                             ph_scenario_find_figure (s, "b"));
}

static gboolean
los (PhScenario *s,
     gboolean    figures_block,
     GPtrArray  *blocked_by)
{
  return ph_engine_line_of_sight (s, ph_scenario_find_figure (s, "a"),
                                  ph_scenario_find_figure (s, "b"),
                                  figures_block, blocked_by);
}

static PhCover
cover (PhScenario      *s,
       int             *cover_class)
{
  return ph_engine_cover (s, ph_scenario_find_figure (s, "a"),
                          ph_scenario_find_figure (s, "b"), cover_class, NULL);
}

static void
test_distance_edge (void)
{
  g_autoptr(PhScenario) s = load_pair ("firelock-scalplock", "", 20, 10, NULL);

  /* two 1-inch round bases 10 inches apart centre to centre */
  g_assert_cmpfloat_with_epsilon (distance (s), 9.0, EPS);
}

static void
test_distance_centre (void)
{
  g_autoptr(PhScenario) s = load_scenario (
    "firelock-scalplock", "width=\"72\" height=\"48\" measure=\"centre\"", "",
    "<figure id=\"a\" side=\"red\" x=\"10\" y=\"10\"/>"
    "<figure id=\"b\" side=\"blue\" x=\"13\" y=\"14\"/>");

  g_assert_cmpfloat_with_epsilon (distance (s), 5.0, EPS);
}

static void
test_distance_cm_in_inches (void)
{
  /* Musket Mayhem reads inches: a cm table's distances are divided by
   * 2.54. Bases default to 2.5 cm on a cm table: centres 50.8 cm apart are
   * 48.3 cm apart edge to edge, 19.015748... inches. */
  g_autoptr(PhScenario) s = load_scenario (
    "musket-mayhem", "width=\"180\" height=\"120\" unit=\"cm\"", "",
    "<figure id=\"a\" side=\"red\" x=\"10\" y=\"10\"/>"
    "<figure id=\"b\" side=\"blue\" x=\"60.8\" y=\"10\"/>");

  g_assert_cmpfloat_with_epsilon (distance (s), 48.3 / 2.54, EPS);
}

static void
test_distance_featherstone_paces (void)
{
  /* Featherstone reads cm as paces: no conversion */
  g_autoptr(PhScenario) s = load_scenario (
    "featherstone", "width=\"180\" height=\"120\" unit=\"cm\"", "",
    "<figure id=\"a\" side=\"red\" x=\"10\" y=\"10\"/>"
    "<figure id=\"b\" side=\"blue\" x=\"60\" y=\"10\"/>");

  g_assert_cmpfloat_with_epsilon (distance (s), 47.5, EPS);
}

static void
test_distance_hexes (void)
{
  /* Guns of War counts hexes between the hexes holding the centres. With
   * grid-size 1, R = 1/sqrt(3): hex (0,0) is centred at (R, 0.5) and hex
   * (3,0) at (R + 4.5 R, 0.5 + 1.5). */
  double R = 1 / sqrt (3);
  g_autofree char *figures = g_strdup_printf (
    "<figure id=\"a\" side=\"red\" x=\"%.12f\" y=\"0.5\"/>"
    "<figure id=\"b\" side=\"blue\" x=\"%.12f\" y=\"2\"/>", R, R + 4.5 * R);
  g_autoptr(PhScenario) s = load_scenario (
    "guns-of-war", "width=\"20\" height=\"20\" grid=\"hex\"", "", figures);

  g_assert_cmpfloat_with_epsilon (distance (s), 3.0, EPS);
}

/* Line of sight from a to b at (30,10) across @terrain on a Firelock
 * table: clear when @blocked is empty, else blocked by those features in
 * that order.  Each of @terrain gives the same answer. */
typedef struct
{
  const char *path;
  const char *terrain[2];
  const char *blocked[2];
} LosCase;

static const LosCase los_cases[] = {
  { "/engine/los/building-blocks",
    { "<feature id=\"barn\" kind=\"building\"><polygon points=\"14,8 18,8 18,12 14,12\"/></feature>"
      "<feature id=\"trees\" kind=\"woods\"><circle cx=\"22\" cy=\"10\" r=\"1.5\"/></feature>" },
    { "barn" } },
  { "/engine/los/woods-do-not-block",
    { "<feature id=\"trees\" kind=\"woods\"><circle cx=\"20\" cy=\"10\" r=\"3\"/></feature>" } },
  /* blocks-los overrides the kind, for areas and for linear features */
  { "/engine/los/override-blocks",
    { "<feature id=\"thicket\" kind=\"woods\" blocks-los=\"true\"><circle cx=\"20\" cy=\"10\" r=\"3\"/></feature>"
      "<feature id=\"high-wall\" kind=\"wall\" blocks-los=\"true\"><polyline points=\"25,5 25,15\"/></feature>" },
    { "thicket", "high-wall" } },
  { "/engine/los/override-does-not-block",
    { "<feature id=\"ruin\" kind=\"building\" blocks-los=\"false\"><polygon points=\"14,8 18,8 18,12 14,12\"/></feature>" } },
  /* A shooter inside the building (at a window) sees out, and a target
   * inside can be seen; the blocking building must not contain either. */
  { "/engine/los/from-inside-a-building",
    { "<feature id=\"house\" kind=\"building\"><polygon points=\"8,8 12,8 12,12 8,12\"/></feature>",
      "<feature id=\"house\" kind=\"building\"><polygon points=\"28,8 32,8 32,12 28,12\"/></feature>" } },
  /* The line y = 10 touches the building's corner (20,10) only; running
   * along an edge does not enter the interior either. */
  { "/engine/los/touching-a-corner",
    { "<feature id=\"shed\" kind=\"building\"><polygon points=\"20,10 24,6 28,10 24,2\"/></feature>",
      "<feature id=\"shed\" kind=\"building\"><polygon points=\"14,10 18,10 18,6 14,6\"/></feature>" } },
};

static void
test_los (gconstpointer data)
{
  const LosCase *c = data;

  for (gsize t = 0; t < G_N_ELEMENTS (c->terrain) && c->terrain[t] != NULL; t++)
    {
      g_autoptr(PhScenario) s = load_pair ("firelock-scalplock", c->terrain[t], 30, 10, NULL);
      g_autoptr(GPtrArray) blocked = g_ptr_array_new_with_free_func (g_free);
      guint n = 0;

      if (c->blocked[0] == NULL)
        {
          g_assert_true (los (s, FALSE, NULL));
          continue;
        }
      while (n < G_N_ELEMENTS (c->blocked) && c->blocked[n] != NULL)
        n++;
      g_assert_false (los (s, FALSE, blocked));
      g_assert_cmpuint (blocked->len, ==, n);
      for (guint i = 0; i < n; i++)
        g_assert_cmpstr (g_ptr_array_index (blocked, i), ==, c->blocked[i]);
    }
}

static void
test_los_figures_block (void)
{
  const char *between = "<figure id=\"c\" side=\"red\" x=\"20\" y=\"10.4\"/>"
                        "<figure id=\"gone\" side=\"red\" x=\"15\" y=\"10\" status=\"dead\"/>"
                        "<figure id=\"aside\" side=\"red\" x=\"20\" y=\"12\"/>";
  g_autoptr(PhScenario) s = load_pair ("musket-mayhem", "", 30, 10, between);
  g_autoptr(GPtrArray) blocked = g_ptr_array_new_with_free_func (g_free);

  /* c's base (radius 0.5, centre 0.4 off the line) is crossed; the dead
   * figure is off the table; "aside" is 2 inches off the line. */
  g_assert_false (los (s, TRUE, blocked));
  g_assert_cmpuint (blocked->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (blocked, 0), ==, "c");
  /* rulesets other than Musket Mayhem let figures see past figures */
  g_assert_true (los (s, FALSE, NULL));
}

/* The cover b at (30,10) has from a across @terrain on a Firelock table,
 * and its Firelock class (-1: not checked) */
typedef struct
{
  const char *terrain;
  PhCover     cover;
  int         cover_class;
} CoverCase;

typedef struct
{
  const char *path;
  CoverCase   cases[4];
} CoverTest;

static const CoverTest cover_tests[] = {
  { "/engine/cover/area", {
    { "<feature id=\"trees\" kind=\"woods\"><circle cx=\"30\" cy=\"10\" r=\"3\"/></feature>",
      PH_COVER_SOFT, PH_FIRELOCK_COVER_WOODS },
    { "<feature id=\"wheat\" kind=\"field\"><circle cx=\"30\" cy=\"10\" r=\"3\"/></feature>",
      PH_COVER_OPEN, PH_FIRELOCK_COVER_OPEN },
    /* the strongest applies */
    { "<feature id=\"house\" kind=\"building\"><polygon points=\"28,8 32,8 32,12 28,12\"/></feature>"
      "<feature id=\"trees\" kind=\"woods\"><circle cx=\"30\" cy=\"10\" r=\"3\"/></feature>",
      PH_COVER_HARD, PH_FIRELOCK_COVER_BUILDING },
  } },
  /* A fence covers the target when the line of fire crosses it no farther
   * from the target's centre than its base radius (0.5) plus 1 inch. */
  { "/engine/cover/linear-reach", {
    { "<feature id=\"fence\" kind=\"fence\"><polyline points=\"28.5,5 28.5,15\"/></feature>",
      PH_COVER_SOFT, PH_FIRELOCK_COVER_BRUSH },
    { "<feature id=\"fence\" kind=\"fence\"><polyline points=\"28.4,5 28.4,15\"/></feature>",
      PH_COVER_OPEN, -1 },
    { "<feature id=\"wall\" kind=\"wall\"><polyline points=\"29,5 29,15\"/></feature>"
      "<feature id=\"fence\" kind=\"fence\"><polyline points=\"28.7,5 28.7,15\"/></feature>",
      PH_COVER_HARD, PH_FIRELOCK_COVER_WORKS },
  } },
  /* An override that changes the kind's cover maps soft to brush and hard
   * to works; one that repeats it keeps the kind's class. */
  { "/engine/cover/overrides", {
    { "<feature id=\"trees\" kind=\"woods\" cover=\"hard\"><circle cx=\"30\" cy=\"10\" r=\"3\"/></feature>",
      PH_COVER_HARD, PH_FIRELOCK_COVER_WORKS },
    { "<feature id=\"trees\" kind=\"woods\" cover=\"soft\"><circle cx=\"30\" cy=\"10\" r=\"3\"/></feature>",
      PH_COVER_SOFT, PH_FIRELOCK_COVER_WOODS },
    { "<feature id=\"scrub\" kind=\"rough\" cover=\"soft\"><circle cx=\"30\" cy=\"10\" r=\"3\"/></feature>",
      PH_COVER_SOFT, PH_FIRELOCK_COVER_BRUSH },
    { "<feature id=\"ruin\" kind=\"building\" cover=\"open\"><polygon points=\"28,8 32,8 32,12 28,12\"/></feature>",
      PH_COVER_OPEN, PH_FIRELOCK_COVER_OPEN },
  } },
};

static void
test_cover (gconstpointer data)
{
  const CoverTest *t = data;

  for (gsize i = 0; i < G_N_ELEMENTS (t->cases) && t->cases[i].terrain != NULL; i++)
    {
      const CoverCase *c = &t->cases[i];
      g_autoptr(PhScenario) s = load_pair ("firelock-scalplock", c->terrain, 30, 10, NULL);
      int cover_class;

      g_assert_cmpint (cover (s, &cover_class), ==, c->cover);
      if (c->cover_class >= 0)
        g_assert_cmpint (cover_class, ==, c->cover_class);
    }
}

/* The trial's case: the line of fire crosses a wall 1.55 in from the
 * target, farther than his 1-inch base's radius plus one inch, so he is
 * in the open; ph_engine_cover_missed() names the wall and both distances.
 * A wall 1 in in front covers him, and nothing is "missed" then. */
static void
test_cover_missed (void)
{
  g_autoptr(PhScenario) far = load_pair (
    "firelock-scalplock",
    "<feature id=\"wall\" kind=\"wall\" name=\"Old Stone Wall\"><polyline points=\"28.45,0 28.45,20\"/></feature>",
    30, 10, NULL);
  g_autoptr(PhScenario) near = load_pair (
    "firelock-scalplock",
    "<feature id=\"wall\" kind=\"wall\"><polyline points=\"29,0 29,20\"/></feature>",
    30, 10, NULL);
  const PhFigure *a = ph_scenario_find_figure (far, "a");
  const PhFigure *b = ph_scenario_find_figure (far, "b");
  const PhFeature *missed;
  double at = -1, reach = -1;

  g_assert_cmpint (cover (far, NULL), ==, PH_COVER_OPEN);
  missed = ph_engine_cover_missed (far, a, b, PH_COVER_OPEN, &at, &reach);
  g_assert_nonnull (missed);
  g_assert_cmpstr (ph_feature_display_name (missed), ==, "Old Stone Wall");
  g_assert_cmpfloat_with_epsilon (at, 1.55, EPS);
  g_assert_cmpfloat_with_epsilon (reach, 1.5, EPS);
  /* no wall is missed when the cover is already hard */
  g_assert_null (ph_engine_cover_missed (far, a, b, PH_COVER_HARD, NULL, NULL));

  g_assert_cmpint (cover (near, NULL), ==, PH_COVER_HARD);
  g_assert_null (ph_engine_cover_missed (near, ph_scenario_find_figure (near, "a"),
                                         ph_scenario_find_figure (near, "b"),
                                         PH_COVER_HARD, NULL, NULL));
}

static void
test_arc_mayhem (void)
{
  /* a faces 90 (right). b, at a bearing of exactly 135, is in the arc; c,
   * at 44.4 degrees (45.6 off the facing), is not, and gets a reason. */
  g_autoptr(PhScenario) s = load_scenario (
    "musket-mayhem", "width=\"72\" height=\"48\"", "",
    "<figure id=\"a\" side=\"red\" x=\"10\" y=\"20\" facing=\"90\"><weapon kind=\"musket\"/><mayhem courage=\"3\" armament=\"5\"/></figure>"
    "<figure id=\"b\" side=\"blue\" x=\"20\" y=\"30\"><mayhem courage=\"3\" armament=\"5\"/></figure>"
    "<figure id=\"c\" side=\"blue\" x=\"20\" y=\"9.8\"><mayhem courage=\"3\" armament=\"5\"/></figure>");
  g_autoptr(PhAssessment) in = ph_test_assess (s, "a", "b", NULL);
  g_autoptr(PhAssessment) out = ph_test_assess (s, "a", "c", NULL);

  g_assert_true (in->in_arc);
  g_assert_true (in->can_fire);
  g_assert_false (out->in_arc);
  g_assert_false (out->can_fire);
  g_assert_cmpuint (out->reasons->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (out->reasons, 0), "arc"));
  g_assert_cmpfloat (out->p_hit, ==, 0);
  g_assert_true (out->has_p_kill);
  g_assert_cmpfloat (out->p_kill, ==, 0);
}

static void
test_no_arc_firelock (void)
{
  /* Firelock figures turn freely: a target behind is "in arc" */
  g_autoptr(PhScenario) s = load_pair ("firelock-scalplock", "", 2, 10, NULL);
  g_autoptr(PhAssessment) a = ph_test_assess (s, "a", "b", NULL);

  g_assert_true (a->in_arc);
  g_assert_true (a->can_fire);
}

static void
test_reasons (void)
{
  g_autoptr(PhScenario) s = load_scenario (
    "firelock-scalplock", "width=\"72\" height=\"48\"",
    "<feature id=\"barn\" kind=\"building\"><polygon points=\"14,8 18,8 18,12 14,12\"/></feature>",
    "<figure id=\"a\" side=\"red\" x=\"10\" y=\"10\"><weapon kind=\"musket\" loaded=\"false\"/><weapon kind=\"bayonet\"/></figure>"
    "<figure id=\"b\" side=\"blue\" x=\"30\" y=\"10\" status=\"dead\"/>"
    "<figure id=\"c\" side=\"blue\" x=\"30\" y=\"30\"><weapon kind=\"tomahawk\"/></figure>");
  g_autoptr(PhAssessment) a = ph_test_assess (s, "a", "b", NULL);
  g_autoptr(PhAssessment) c = ph_test_assess (s, "c", "a", NULL);
  PhShotOptions bayonet = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhAssessment) melee = NULL;

  g_assert_false (a->can_fire);
  /* the dead target, the unloaded musket and the barn */
  g_assert_cmpuint (a->reasons->len, ==, 3);
  g_assert_false (a->los_clear);
  g_assert_cmpstr (g_ptr_array_index (a->blocked_by, 0), ==, "barn");
  g_assert_cmpfloat (a->p_hit, ==, 0);
  g_assert_cmpfloat (a->p_kill, ==, 0);

  /* no missile weapon at all */
  g_assert_false (c->can_fire);
  g_assert_false (c->has_weapon);
  g_assert_false (c->in_range);
  g_assert_null (c->band);

  bayonet.has_weapon = TRUE;
  bayonet.weapon = PH_WEAPON_BAYONET;
  melee = ph_test_assess (s, "a", "c", &bayonet);
  g_assert_false (melee->can_fire);
  g_assert_nonnull (strstr (g_ptr_array_index (melee->reasons, 0), "not a missile weapon"));
}

/* docs/rules.md: the details a ruleset uses are null, never left out, even
 * when the shooter has no missile weapon to fire (none carried, or a melee
 * weapon named); those that need only the figures and the cover are given. */
static void
test_details_without_missile_weapon (void)
{
  static const struct
  {
    const char *ruleset;
    const char *table;
    const char *stats;
    const char *keys[5];
  } cases[] = {
    { "firelock-scalplock", "width=\"72\" height=\"48\"", "",
      { "p_acquire", "chance_percent", "outcomes", NULL } },
    { "musket-mayhem", "width=\"72\" height=\"48\"",
      "<mayhem courage=\"4\" armament=\"5\"/>",
      { "skill_target", "p_courage_check", NULL } },
    { "featherstone", "width=\"300\" height=\"200\" unit=\"cm\"",
      "<featherstone rating=\"average\"/>",
      { "chance_percent", "row", NULL } },
    { "guns-of-war", "width=\"40\" height=\"30\" grid=\"hex\" grid-size=\"2\"",
      "<guns-of-war formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"4\"/>",
      { "target_number", "attacks", "reload_tokens", "armor_piercing", NULL } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *figures = g_strdup_printf (
        "<figure id=\"a\" side=\"red\" x=\"10\" y=\"10\" facing=\"90\">%s</figure>"
        "<figure id=\"b\" side=\"blue\" x=\"14\" y=\"10\" facing=\"270\" stance=\"kneeling\">"
        "<weapon kind=\"sword\"/>%s</figure>",
        cases[i].stats, cases[i].stats);
      g_autoptr(PhScenario) s = load_scenario (cases[i].ruleset, cases[i].table, "", figures);
      PhShotOptions sword = PH_SHOT_OPTIONS_INIT;
      g_autoptr(PhAssessment) none = ph_test_assess (s, "a", "b", NULL);
      g_autoptr(PhAssessment) melee = NULL;

      sword.has_weapon = TRUE;
      sword.weapon = PH_WEAPON_SWORD;
      melee = ph_test_assess (s, "b", "a", &sword);

      for (guint k = 0; cases[i].keys[k] != NULL; k++)
        {
          g_test_message ("%s: %s", cases[i].ruleset, cases[i].keys[k]);
          g_assert_true (ph_test_has_detail (none, cases[i].keys[k]));
          g_assert_true (ph_test_has_detail (melee, cases[i].keys[k]));
        }
      /* one reason each: the engine's, not the ruleset's as well */
      g_assert_false (none->can_fire);
      g_assert_cmpuint (none->reasons->len, ==, 1);
      g_assert_true (ph_test_has_reason_containing (none, "carries no missile weapon"));
      g_assert_false (melee->can_fire);
      g_assert_cmpuint (melee->reasons->len, ==, 1);
      g_assert_true (ph_test_has_reason_containing (melee, "not a missile weapon"));
      g_assert_false (none->in_range);
      g_assert_false (none->has_max_range);
      g_assert_null (none->band);
      g_assert_cmpfloat (none->p_hit, ==, 0);
    }
}

static void
test_errors (void)
{
  g_autoptr(PhScenario) s = load_pair (
    "firelock-scalplock",
    "<feature id=\"barn\" kind=\"building\"><polygon points=\"14,8 18,8 18,12 14,12\"/></feature>",
    30, 10, NULL);
  PhShotOptions rifle = PH_SHOT_OPTIONS_INIT;
  GError *error = NULL;

  g_assert_null (ph_engine_assess (s, "a", "nobody", NULL, &error));
  g_assert_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_UNKNOWN_ID);
  g_clear_error (&error);

  g_assert_null (ph_engine_assess (s, "barn", "b", NULL, &error));
  g_assert_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_UNKNOWN_ID);
  g_assert_nonnull (strstr (error->message, "terrain feature"));
  g_clear_error (&error);

  g_assert_null (ph_engine_assess (s, "a", "a", NULL, &error));
  g_assert_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_SAME_FIGURE);
  g_clear_error (&error);

  rifle.has_weapon = TRUE;
  rifle.weapon = PH_WEAPON_RIFLE;
  g_assert_null (ph_engine_assess (s, "a", "b", &rifle, &error));
  g_assert_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_NO_WEAPON);
  g_clear_error (&error);
}

static void
test_range_rings_units (void)
{
  /* Musket Mayhem rings come in inches and are drawn in table units: on a
   * cm table the musket's 24 inches are 60.96 cm. */
  g_autoptr(PhScenario) s = load_scenario (
    "musket-mayhem", "width=\"180\" height=\"120\" unit=\"cm\"", "",
    "<figure id=\"a\" side=\"red\" x=\"10\" y=\"10\"><weapon kind=\"musket\"/></figure>");
  g_autoptr(GArray) rings = ph_engine_range_rings (s, ph_scenario_find_figure (s, "a"), NULL, FALSE);

  g_assert_cmpuint (rings->len, >=, 2);
  g_assert_cmpfloat_with_epsilon (g_array_index (rings, PhRangeRing, rings->len - 1).distance,
                                  24 * 2.54, EPS);
  g_assert_cmpfloat_with_epsilon (g_array_index (rings, PhRangeRing, 0).distance, 12 * 2.54, EPS);
}

/* The threat map: at every cell, what assess answers for each enemy
 * shooting at the figure moved to the cell's centre; counted, the best
 * chance of the ruleset's effect (Firelock: any wound) and to hit, the
 * effects added up */
static void
test_threat_map (void)
{
  g_autofree char *path = ph_test_scenario_path ("firelock-bloody-run-1758.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) scenario = ph_scenario_load_file (path, &error);
  g_autoptr(PhThreatMap) map = NULL;
  guint checked = 0, threatened = 0;

  g_assert_no_error (error);
  map = ph_engine_threat_map (scenario, "rogers", 400, &error);
  g_assert_no_error (error);
  g_assert_nonnull (map);
  g_assert_cmpuint (map->nx * map->ny, <=, 400);
  g_assert_cmpfloat (map->nx * map->cell, >=, scenario->table.width);
  g_assert_cmpfloat (map->ny * map->cell, >=, scenario->table.height);
  /* every 7th cell, against the engine directly */
  for (guint k = 0; k < map->nx * map->ny; k += 7)
    {
      g_autoptr(PhScenario) copy = ph_scenario_copy (scenario);
      PhFigure *rogers = ph_scenario_find_figure (copy, "rogers");
      const PhThreatCell *c = &map->cells[k];
      guint shooters = 0;
      double best = 0, sum = 0, best_hit = 0;

      rogers->x = map->x0 + (k % map->nx + 0.5) * map->cell;
      rogers->y = map->y0 + (k / map->nx + 0.5) * map->cell;
      g_assert_true (ph_threat_map_at (map, rogers->x, rogers->y) == c);
      for (guint i = 0; i < copy->figures->len; i++)
        {
          const PhFigure *enemy = g_ptr_array_index (copy->figures, i);
          PhShotOptions options = PH_SHOT_OPTIONS_INIT;
          g_autoptr(PhAssessment) a = NULL;

          if (g_strcmp0 (enemy->side, rogers->side) == 0 || ph_figure_is_off_table (enemy))
            continue;
          a = ph_engine_assess_figures (copy, enemy, rogers, &options, NULL);
          if (a != NULL && a->can_fire)
            {
              shooters++;
              best = MAX (best, a->p_effect);
              sum += a->p_effect;
              best_hit = MAX (best_hit, a->p_hit);
            }
        }
      g_assert_cmpuint (c->shooters, ==, shooters);
      g_assert_cmpfloat (c->best, ==, best);
      g_assert_cmpfloat (c->best_hit, ==, best_hit);
      g_assert_cmpfloat (c->best, <=, c->best_hit);
      g_assert_cmpfloat_with_epsilon (c->sum, sum, 1e-12);
      checked++;
      threatened += shooters > 0;
    }
  g_test_message ("%u cells checked, %u of them threatened", checked, threatened);
  g_assert_cmpuint (threatened, >, 0);
  g_assert_null (ph_threat_map_at (map, -1, 5));
  g_assert_null (ph_engine_threat_map (scenario, "nobody", 400, NULL));
}

/* A Firelock man who has fired is acquired wherever he stands (B.4), so
 * the chance to hit him is the same in the rocks as in the open; the
 * rocks still take 5 off the result roll, so that no hit wounds him there.
 * The threat map shades by the chance of a wound: the rocks read safe,
 * not as open ground. Rocks fill the top rows of the table, the shooter
 * stands at mid-height on the left, so each cell in the rocks has a twin
 * in the open as far from him. */
static void
test_threat_map_cover_after_firing (void)
{
  g_autoptr(PhScenario) s = load_scenario (
    "firelock-scalplock", "width=\"48\" height=\"24\"",
    "<feature id=\"rocks\" kind=\"rocks\"><polygon points=\"8,0 48,0 48,10 8,10\"/></feature>",
    "<figure id=\"a\" side=\"red\" x=\"2\" y=\"12\" facing=\"90\"><weapon kind=\"musket\"/></figure>"
    "<figure id=\"b\" side=\"blue\" x=\"40\" y=\"20\" facing=\"270\" status=\"fired\">"
    "<weapon kind=\"musket\"/></figure>");
  g_autoptr(PhThreatMap) map = ph_engine_threat_map (s, "b", 288, NULL);
  guint pairs = 0;

  g_assert_nonnull (map);
  /* 2 in cells, 24 by 12, from the table's corner: row j's twin is 11 - j */
  g_assert_cmpfloat (map->cell, ==, 2.0);
  g_assert_cmpuint (map->nx, ==, 24);
  g_assert_cmpuint (map->ny, ==, 12);
  for (guint j = 0; j < 5; j++)
    for (guint i = 5; i < map->nx; i++)
      {
        const PhThreatCell *rocks = &map->cells[j * map->nx + i];
        const PhThreatCell *open = &map->cells[(11 - j) * map->nx + i];

        if (open->shooters == 0)
          continue;
        g_assert_cmpuint (rocks->shooters, ==, 1);
        /* as easy to hit, acquired either way */
        g_assert_cmpfloat (rocks->best_hit, ==, open->best_hit);
        g_assert_cmpfloat (rocks->best_hit, >, 0);
        /* d10 - 5 never makes the 7 of a wound; in the open 7 to 10 do */
        g_assert_cmpfloat (rocks->best, ==, 0);
        g_assert_cmpfloat_with_epsilon (open->best, open->best_hit * 0.4, 1e-12);
        pairs++;
      }
  g_test_message ("%u cells in the rocks against their twins in the open", pairs);
  g_assert_cmpuint (pairs, >, 20);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/distance/edge-to-edge", test_distance_edge);
  g_test_add_func ("/engine/threat-map", test_threat_map);
  g_test_add_func ("/engine/threat-map/cover-after-firing", test_threat_map_cover_after_firing);
  g_test_add_func ("/engine/cover/missed", test_cover_missed);
  g_test_add_func ("/engine/distance/centre-to-centre", test_distance_centre);
  g_test_add_func ("/engine/distance/cm-table-in-inches", test_distance_cm_in_inches);
  g_test_add_func ("/engine/distance/featherstone-paces", test_distance_featherstone_paces);
  g_test_add_func ("/engine/distance/hexes", test_distance_hexes);
  for (gsize i = 0; i < G_N_ELEMENTS (los_cases); i++)
    g_test_add_data_func (los_cases[i].path, &los_cases[i], test_los);
  g_test_add_func ("/engine/los/figures-block-in-mayhem", test_los_figures_block);
  for (gsize i = 0; i < G_N_ELEMENTS (cover_tests); i++)
    g_test_add_data_func (cover_tests[i].path, &cover_tests[i], test_cover);
  g_test_add_func ("/engine/arc/mayhem-45-degrees", test_arc_mayhem);
  g_test_add_func ("/engine/arc/firelock-has-none", test_no_arc_firelock);
  g_test_add_func ("/engine/assess/reasons", test_reasons);
  g_test_add_func ("/engine/assess/details-without-missile-weapon",
                   test_details_without_missile_weapon);
  g_test_add_func ("/engine/assess/errors", test_errors);
  g_test_add_func ("/engine/range-rings/table-units", test_range_rings_units);

  return g_test_run ();
}
