/* test-scenario-load.c: reading scenario files
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Good files (tests/data/good) load with the right values; every broken
 * file in tests/data/bad is refused with the message listed for it in
 * tests/data/bad/expectations.txt, both by the loader and by the validator;
 * hostile files (entities, DOCTYPE, gzip, huge) are refused without harm;
 * line numbers stay right beyond 65535.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>

#include "ph-test-ruleset.h"
#include "ph-core.h"
#include "ph-scenario-values.h"

#define NS "urn:powderhorn:scenario:1"

static char *
data_path (const char *dir,
           const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
}

/* Loads a good file and checks that the validator agrees. */
static PhScenario *
load_good (const char *name)
{
  g_autofree char *path = data_path ("good", name);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  PhScenario *scenario;

  scenario = ph_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  g_assert_true (ph_scenario_validate_file (path, problems));
  g_assert_cmpuint (problems->len, ==, 0);
  return scenario;
}

/* Loads @text as "test.xml"; NULL and @error set on failure. */
static PhScenario *
load_text (const char  *text,
           GError     **error)
{
  return ph_scenario_load_data (text, strlen (text), "test.xml", error);
}

static char *
write_temp (const char *contents,
            gssize      length)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("ph-test-XXXXXX.xml", &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);
  return path;
}

/* Good files */

static void
test_spec_skeleton (void)
{
  g_autoptr(PhScenario) s = load_good ("spec-skeleton.xml");
  const PhFeature *barn, *orchard, *fence;
  const PhSide *british;
  const PhFigure *smith;
  const PhWeapon *w;

  g_assert_cmpint (s->ruleset, ==, ph_test_ruleset ("musket-mayhem"));
  g_assert_cmpstr (s->title, ==, "Fight at the Farmstead");
  g_assert_cmpstr (s->description, ==, "Optional free text.");
  g_assert_cmpfloat (s->table.width, ==, 72);
  g_assert_cmpfloat (s->table.height, ==, 48);
  g_assert_cmpint (s->table.unit, ==, PH_UNIT_IN);
  g_assert_cmpint (s->table.grid, ==, PH_GRID_SQUARE);
  g_assert_cmpfloat (s->table.grid_size, ==, 1);
  g_assert_cmpint (s->table.measure, ==, PH_MEASURE_EDGE);
  g_assert_cmpuint (s->options->len, ==, 0);
  g_assert_null (s->game_xml);

  g_assert_cmpuint (s->features->len, ==, 3);
  barn = ph_scenario_find_feature (s, "barn");
  g_assert_nonnull (barn);
  g_assert_true (barn == g_ptr_array_index (s->features, 0));
  g_assert_cmpint (barn->kind, ==, PH_TERRAIN_BUILDING);
  g_assert_cmpstr (barn->name, ==, "Barn");
  g_assert_cmpint (barn->line, ==, 7);
  g_assert_cmpint (barn->blocks_los, ==, -1);
  g_assert_cmpint (barn->cover, ==, -1);
  g_assert_false (barn->has_elevation);
  g_assert_cmpint (barn->shape.kind, ==, PH_SHAPE_POLYGON);
  g_assert_cmpuint (barn->shape.n_points, ==, 4);
  g_assert_cmpfloat (barn->shape.points[2].x, ==, 40);
  g_assert_cmpfloat (barn->shape.points[2].y, ==, 18);
  g_assert_cmpfloat (barn->shape.bbox.x0, ==, 30);
  g_assert_cmpfloat (barn->shape.bbox.y1, ==, 18);

  orchard = ph_scenario_find_feature (s, "orchard");
  g_assert_nonnull (orchard);
  g_assert_null (orchard->name);
  g_assert_cmpint (orchard->kind, ==, PH_TERRAIN_WOODS);
  g_assert_cmpint (orchard->shape.kind, ==, PH_SHAPE_CIRCLE);
  g_assert_cmpfloat (orchard->shape.centre.x, ==, 12);
  g_assert_cmpfloat (orchard->shape.centre.y, ==, 30);
  g_assert_cmpfloat (orchard->shape.radius, ==, 6);
  g_assert_cmpfloat (orchard->shape.bbox.x0, ==, 6);
  g_assert_cmpfloat (orchard->shape.bbox.y1, ==, 36);

  fence = ph_scenario_find_feature (s, "fence1");
  g_assert_nonnull (fence);
  g_assert_cmpint (fence->kind, ==, PH_TERRAIN_FENCE);
  g_assert_cmpint (fence->shape.kind, ==, PH_SHAPE_POLYLINE);
  g_assert_cmpuint (fence->shape.n_points, ==, 3);
  g_assert_cmpfloat (fence->shape.line_width, ==, 0.25);

  g_assert_cmpuint (s->sides->len, ==, 2);
  british = ph_scenario_find_side (s, "british");
  g_assert_nonnull (british);
  g_assert_cmpstr (british->name, ==, "British Regulars");
  g_assert_cmphex (british->color, ==, 0xb03a2e);
  g_assert_cmpint (british->line, ==, 14);
  g_assert_cmphex (ph_scenario_find_side (s, "french")->color, ==, 0x2e5fa8);

  g_assert_cmpuint (s->figures->len, ==, 1);
  smith = ph_scenario_find_figure (s, "smith");
  g_assert_nonnull (smith);
  g_assert_cmpint (smith->line, ==, 18); /* the start tag spans two lines */
  g_assert_cmpstr (smith->name, ==, "Sgt Smith");
  g_assert_cmpstr (smith->side, ==, "british");
  g_assert_cmpfloat (smith->x, ==, 10);
  g_assert_cmpfloat (smith->y, ==, 40);
  g_assert_cmpfloat (smith->facing, ==, 45);
  g_assert_cmpint (smith->base_shape, ==, PH_BASE_ROUND);
  g_assert_cmpfloat (smith->base_width, ==, 1);
  g_assert_cmpfloat (smith->base_depth, ==, 1);
  g_assert_cmpint (smith->troop, ==, PH_TROOP_LINE);
  g_assert_false (smith->mounted);
  g_assert_true (smith->leader);
  g_assert_cmpint (smith->stance, ==, PH_STANCE_STANDING);
  g_assert_cmpuint (smith->status, ==, 0);
  g_assert_cmpuint (smith->weapons->len, ==, 2);
  w = &g_array_index (smith->weapons, PhWeapon, 0);
  g_assert_cmpint (w->kind, ==, PH_WEAPON_MUSKET);
  g_assert_null (w->name);
  g_assert_true (w->loaded);
  g_assert_false (w->has_bands);
  g_assert_cmpint (w->melee_category, ==, 0);
  g_assert_cmpint (g_array_index (smith->weapons, PhWeapon, 1).kind, ==, PH_WEAPON_BAYONET);
  g_assert_cmpint (smith->stats_kind, ==, PH_STATS_MAYHEM);
  g_assert_cmpint (smith->stats.mayhem.courage, ==, 4);
  g_assert_cmpint (smith->stats.mayhem.armament, ==, 5);
  g_assert_cmpint (smith->stats.mayhem.hit_bonus, ==, 0);
  g_assert_cmpint (smith->stats.mayhem.impact_bonus, ==, 0);
  g_assert_false (smith->stats.mayhem.shock);
  g_assert_cmpint (smith->stats.mayhem.search, ==, 6);
  g_assert_cmpint (smith->stats.mayhem.saves, ==, 0);
  g_assert_cmpint (smith->stats.mayhem.rerolls, ==, 0);
}

static void
test_firelock (void)
{
  g_autoptr(PhScenario) s = load_good ("firelock.xml");
  const PhFeature *f;
  const PhFigure *fig;
  const PhWeapon *w;

  g_assert_cmpint (s->ruleset, ==, ph_test_ruleset ("firelock-scalplock"));
  g_assert_cmpstr (s->title, ==, "Ambush at Bloody Run & the Ford");
  g_assert_null (s->description);
  g_assert_cmpfloat (s->table.height, ==, 36.5);

  f = ph_scenario_find_feature (s, "wood.1");
  g_assert_nonnull (f);
  g_assert_cmpfloat (f->shape.centre.y, ==, 10.5);
  f = ph_scenario_find_feature (s, "cabin");
  g_assert_cmpint (f->blocks_los, ==, 0);
  g_assert_false (ph_feature_blocks_los (f));
  g_assert_cmpint (f->cover, ==, PH_COVER_SOFT);
  g_assert_true (f->has_elevation);
  g_assert_cmpfloat (f->elevation, ==, 0);
  g_assert_cmpuint (f->shape.n_points, ==, 4); /* points across lines */
  g_assert_cmpfloat (f->shape.points[3].x, ==, 20);
  g_assert_cmpfloat (f->shape.points[3].y, ==, 9);
  f = ph_scenario_find_feature (s, "rocks");
  g_assert_cmpfloat (f->shape.points[0].x, ==, 10);
  g_assert_cmpfloat (f->shape.points[0].y, ==, 20);
  f = ph_scenario_find_feature (s, "stream");
  g_assert_cmpfloat (f->shape.line_width, ==, 1.5);

  g_assert_cmphex (ph_scenario_find_side (s, "rangers")->color, ==, 0x2e5fa8);
  g_assert_nonnull (ph_scenario_find_side (s, "_abenaki"));

  fig = ph_scenario_find_figure (s, "rogers");
  g_assert_cmpfloat (fig->facing, ==, 270);
  g_assert_cmpint (fig->troop, ==, PH_TROOP_LIGHT);
  g_assert_cmpuint (fig->status, ==, PH_STATUS_FIRED | PH_STATUS_MOVED | PH_STATUS_PRONE);
  w = &g_array_index (fig->weapons, PhWeapon, 0);
  g_assert_cmpint (w->kind, ==, PH_WEAPON_RIFLE);
  g_assert_cmpstr (w->name, ==, "Long rifle");
  g_assert_false (w->loaded);
  g_assert_cmpint (fig->stats_kind, ==, PH_STATS_FIRELOCK);
  g_assert_cmpint (fig->stats.firelock.bravery[0], ==, 10);
  g_assert_cmpint (fig->stats.firelock.bravery[1], ==, 7);
  g_assert_cmpint (fig->stats.firelock.bravery[2], ==, 4);
  g_assert_cmpint (fig->stats.firelock.bravery[3], ==, 1);
  g_assert_cmpint (fig->stats.firelock.hits, ==, 3);
  g_assert_cmpint (fig->stats.firelock.melee, ==, -2);
  g_assert_true (fig->stats.firelock.officer);

  fig = ph_scenario_find_figure (s, "brave-1");
  g_assert_cmpfloat (fig->facing, ==, 0);
  g_assert_cmpint (fig->base_shape, ==, PH_BASE_SQUARE);
  g_assert_cmpfloat (fig->base_width, ==, 1.5);
  g_assert_cmpfloat (fig->base_depth, ==, 1.5);
  g_assert_cmpint (fig->stance, ==, PH_STANCE_KNEELING);
  g_assert_cmpint (fig->stats.firelock.hits, ==, 0);
  g_assert_cmpint (fig->stats.firelock.melee, ==, 2);
  g_assert_false (fig->stats.firelock.officer);

  fig = ph_scenario_find_figure (s, "cart");
  g_assert_cmpfloat (fig->x, ==, -3);
  g_assert_cmpfloat (fig->y, ==, 100000);
  g_assert_cmpfloat (fig->base_width, ==, 1);
  g_assert_cmpfloat (fig->base_depth, ==, 2);
  g_assert_cmpuint (fig->weapons->len, ==, 0);
  g_assert_cmpint (fig->stats_kind, ==, PH_STATS_NONE);
}

static void
test_fistful (void)
{
  g_autoptr(PhScenario) s = load_good ("fistful.xml");
  const PhOption *o;
  const PhFigure *fig;

  g_assert_cmpint (s->ruleset, ==, ph_test_ruleset ("fistful-of-lead"));
  g_assert_cmpstr (s->description, ==,
                   "\n    Militia against regulars.\n    Two lines of text, kept as written.\n  ");
  g_assert_cmpint (s->table.grid, ==, PH_GRID_NONE);
  g_assert_cmpint (s->table.measure, ==, PH_MEASURE_CENTRE);
  g_assert_cmpuint (s->features->len, ==, 0);

  g_assert_cmpuint (s->options->len, ==, 2);
  o = g_ptr_array_index (s->options, 0);
  g_assert_cmpstr (o->name, ==, "shoot-target");
  g_assert_cmpstr (o->value, ==, "7");
  g_assert_cmpint (o->line, ==, 10);
  g_assert_cmpstr (ph_scenario_get_option (s, "long-range"), ==, "12");

  fig = ph_scenario_find_figure (s, "barrett");
  g_assert_cmpint (fig->stats_kind, ==, PH_STATS_FISTFUL);
  g_assert_cmpint (fig->stats.fistful.wounds, ==, 1);
  g_assert_true (fig->stats.fistful.shaken);
  g_assert_true (fig->stats.fistful.reload);
  g_assert_cmpstr (fig->stats.fistful.traits, ==, "Steady, Crack shot");
  fig = ph_scenario_find_figure (s, "laurie");
  g_assert_cmpfloat (fig->facing, ==, 180);
  g_assert_cmpint (fig->stance, ==, PH_STANCE_RUNNING);
  g_assert_cmpint (fig->stats_kind, ==, PH_STATS_FISTFUL);
  g_assert_cmpint (fig->stats.fistful.wounds, ==, 0);
  g_assert_false (fig->stats.fistful.shaken);
  g_assert_false (fig->stats.fistful.reload);
  g_assert_null (fig->stats.fistful.traits);
}

static void
test_mayhem (void)
{
  g_autoptr(PhScenario) s = load_good ("mayhem.xml");
  const PhFeature *hedge;
  const PhFigure *fig;

  g_assert_cmpfloat (s->table.grid_size, ==, 2);
  /* the background: defaults filled in, href resolved against the file */
  g_assert_nonnull (s->background);
  g_assert_cmpstr (s->background->href, ==, "images/farmstead.jpg");
  g_assert_true (g_path_is_absolute (s->background->path));
  g_assert_true (g_str_has_suffix (s->background->path, "/data/good/images/farmstead.jpg"));
  g_assert_cmpfloat (s->background->x, ==, 1);
  g_assert_cmpfloat (s->background->y, ==, -2);
  g_assert_cmpfloat (s->background->width, ==, 70);
  g_assert_cmpfloat (s->background->height, ==, 0);
  g_assert_cmpfloat (s->background->opacity, ==, 0.5);
  g_assert_cmpstr (ph_scenario_get_option (s, "pistol-range"), ==, "6");
  hedge = ph_scenario_find_feature (s, "hedge");
  g_assert_cmpstr (hedge->name, ==, "Long hedge");
  g_assert_cmpfloat (hedge->shape.line_width, ==, 0.25);

  fig = ph_scenario_find_figure (s, "dragoon");
  g_assert_cmpint (fig->troop, ==, PH_TROOP_CAVALRY);
  g_assert_true (fig->mounted);
  g_assert_cmpint (fig->stance, ==, PH_STANCE_GALLOPING);
  g_assert_cmpuint (fig->status, ==, PH_STATUS_SHAKEN | PH_STATUS_REACTING);
  g_assert_cmpint (fig->stats.mayhem.courage, ==, 5);
  g_assert_cmpint (fig->stats.mayhem.armament, ==, 3);
  g_assert_cmpint (fig->stats.mayhem.hit_bonus, ==, 1);
  g_assert_cmpint (fig->stats.mayhem.impact_bonus, ==, -1);
  g_assert_true (fig->stats.mayhem.shock);
  g_assert_cmpint (fig->stats.mayhem.search, ==, 5);
  g_assert_cmpint (fig->stats.mayhem.saves, ==, 2);
  g_assert_cmpint (fig->stats.mayhem.rerolls, ==, 1);
  fig = ph_scenario_find_figure (s, "gun");
  g_assert_cmpint (g_array_index (fig->weapons, PhWeapon, 1).kind, ==, PH_WEAPON_ROUNDSHOT);
  g_assert_cmpint (fig->stats.mayhem.search, ==, 6);
}

static void
test_featherstone (void)
{
  g_autoptr(PhScenario) s = load_good ("featherstone.xml");
  const PhFeature *wall;
  const PhFigure *fig;
  const PhWeapon *w;

  g_assert_cmpint (s->table.unit, ==, PH_UNIT_CM);
  wall = ph_scenario_find_feature (s, "wall");
  g_assert_cmpint (wall->blocks_los, ==, 1);
  g_assert_cmpint (wall->cover, ==, PH_COVER_HARD);

  fig = ph_scenario_find_figure (s, "plunket");
  g_assert_cmpfloat (fig->base_width, ==, 2.5); /* the cm default */
  g_assert_cmpfloat (fig->base_depth, ==, 2.5);
  g_assert_cmpint (fig->stance, ==, PH_STANCE_LYING);
  w = &g_array_index (fig->weapons, PhWeapon, 0);
  g_assert_true (w->has_bands);
  g_assert_cmpfloat (w->range_short, ==, 100);
  g_assert_cmpfloat (w->range_medium, ==, 200);
  g_assert_cmpfloat (w->range_long, ==, 300);
  g_assert_cmpint (w->melee_category, ==, 4);
  g_assert_cmpint (g_array_index (fig->weapons, PhWeapon, 1).melee_category, ==, 11);
  g_assert_cmpint (fig->stats_kind, ==, PH_STATS_FEATHERSTONE);
  g_assert_cmpint (fig->stats.featherstone.rating, ==, PH_RATING_VETERAN);
  g_assert_cmpint (fig->stats.featherstone.light_wounds, ==, 1);
  g_assert_cmpint (fig->stats.featherstone.serious_wounds, ==, 1);
  g_assert_cmpstr (fig->stats.featherstone.wounds, ==, "B G");

  fig = ph_scenario_find_figure (s, "colbert");
  g_assert_cmpint (fig->base_shape, ==, PH_BASE_SQUARE);
  g_assert_cmpfloat (fig->base_width, ==, 4);
  g_assert_cmpfloat (fig->base_depth, ==, 6);
  w = &g_array_index (fig->weapons, PhWeapon, 0);
  g_assert_cmpfloat (w->range_medium, ==, 10);
  g_assert_cmpfloat (w->range_long, ==, 25.5);
  /* counted from the letters when not given */
  g_assert_cmpint (fig->stats.featherstone.rating, ==, PH_RATING_NOVICE);
  g_assert_cmpint (fig->stats.featherstone.light_wounds, ==, 2);
  g_assert_cmpint (fig->stats.featherstone.serious_wounds, ==, 1);
  g_assert_cmpstr (fig->stats.featherstone.wounds, ==, "F H C");
  /* a metal helmet, plate on body and both arms */
  g_assert_true (fig->stats.featherstone.helmet);
  g_assert_cmpint (fig->stats.featherstone.armour, ==, PH_ARMOUR_PLATE);
  g_assert_cmpuint (fig->stats.featherstone.armour_covers, ==,
                    PH_AREA_BODY | PH_AREA_RIGHT_ARM | PH_AREA_LEFT_ARM);

  fig = ph_scenario_find_figure (s, "drummer");
  g_assert_cmpint (fig->stats.featherstone.rating, ==, PH_RATING_AVERAGE);
  g_assert_false (fig->stats.featherstone.helmet);
  g_assert_cmpint (fig->stats.featherstone.armour, ==, PH_ARMOUR_NONE);
  g_assert_null (fig->stats.featherstone.wounds);
  g_assert_cmpint (fig->stats.featherstone.light_wounds, ==, 0);
}

static void
test_guns_of_war (void)
{
  g_autoptr(PhScenario) s = load_good ("guns-of-war.xml");
  const PhFigure *fig;

  g_assert_cmpint (s->table.grid, ==, PH_GRID_HEX);
  g_assert_cmpfloat (s->table.grid_size, ==, 1.5);
  g_assert_cmpstr (ph_scenario_get_option (s, "lamentations"), ==, "true");

  fig = ph_scenario_find_figure (s, "pikes");
  g_assert_cmpint (fig->stats_kind, ==, PH_STATS_GUNS_OF_WAR);
  g_assert_cmpint (fig->stats.guns_of_war.formation, ==, PH_FORMATION_DF);
  g_assert_cmpint (fig->stats.guns_of_war.men, ==, 120);
  g_assert_cmpint (fig->stats.guns_of_war.attack_throw, ==, 10);
  g_assert_cmpint (fig->stats.guns_of_war.ac, ==, 4);
  g_assert_cmpint (fig->stats.guns_of_war.armor_ac, ==, 0);
  g_assert_cmpint (fig->stats.guns_of_war.morale, ==, 0);
  g_assert_cmpint (fig->stats.guns_of_war.reload_tokens, ==, 0);
  g_assert_false (fig->stats.guns_of_war.has_uhp);
  fig = ph_scenario_find_figure (s, "horse");
  g_assert_cmpint (fig->stats.guns_of_war.formation, ==, PH_FORMATION_UF);
  g_assert_cmpint (fig->stats.guns_of_war.armor_ac, ==, 4);
  g_assert_cmpint (fig->stats.guns_of_war.morale, ==, -1);
  /* two tokens at the start, one removed by the game's "stand" */
  g_assert_cmpint (fig->stats.guns_of_war.reload_tokens, ==, 1);
  g_assert_true (fig->stats.guns_of_war.has_uhp);
  g_assert_cmpint (fig->stats.guns_of_war.uhp, ==, 15);
  g_assert_cmpint (g_array_index (fig->weapons, PhWeapon, 0).kind, ==, PH_WEAPON_WHEELLOCK_PISTOL);

  /* the game in progress is kept as it was written (docs/game-format.md) */
  g_assert_true (g_str_has_prefix (s->game_xml, "<game seed=\"12345\" position=\"2\">\n"));
  g_assert_nonnull (strstr (s->game_xml, "text=\"Dice tray, pikes &amp; shot: d20 rolled 11\""));
  g_assert_true (g_str_has_suffix (s->game_xml, "</event>\n  </game>"));
}

/* The shipped examples load too. */
static void
test_examples (void)
{
  const char *dir = g_getenv ("PH_DATA_DIR");
  g_autofree char *scenarios = NULL;
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint n = 0;

  if (dir == NULL)
    {
      g_test_skip ("PH_DATA_DIR is not set");
      return;
    }
  scenarios = g_build_filename (dir, "scenarios", NULL);
  d = g_dir_open (scenarios, 0, NULL);
  if (d == NULL)
    {
      g_test_skip ("no data/scenarios");
      return;
    }
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (scenarios, name, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(PhScenario) s = NULL;

      if (!g_str_has_suffix (name, ".xml"))
        continue;
      s = ph_scenario_load_file (path, &error);
      g_assert_no_error (error);
      n++;
    }
  g_test_message ("%u examples", n);
}

static void
test_game_namespaces (void)
{
  const char *text =
    "<?xml version=\"1.0\"?>\n"
    "<ph:scenario xmlns:ph=\"" NS "\" xmlns:g=\"urn:game\"\n"
    "             version=\"1\" ruleset=\"featherstone\">\n"
    "  <ph:title>T</ph:title>\n"
    "  <ph:table width=\"10\" height=\"10\"/>\n"
    "  <ph:sides><ph:side id=\"a\" name=\"A\" color=\"#000000\"/></ph:sides>\n"
    "  <ph:figures/>\n"
    "  <ph:game g:v=\"2\"><g:turn n=\"1\"/><ph:phase/></ph:game>\n"
    "</ph:scenario>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = load_text (text, &error);

  g_assert_no_error (error);
  /* the text stands on its own: the namespaces it inherits are declared */
  g_assert_cmpstr (s->game_xml, ==,
                   "<ph:game xmlns:ph=\"" NS "\" xmlns:g=\"urn:game\" g:v=\"2\">"
                   "<g:turn n=\"1\"/><ph:phase/></ph:game>");
}

/* Numbers and values, one attribute at a time */

static PhScenario *
load_figure (const char  *attributes,
             GError     **error)
{
  g_autofree char *text = g_strdup_printf (
    "<scenario xmlns=\"" NS "\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "<title>T</title><table width=\"10\" height=\"10\"/>\n"
    "<sides><side id=\"a\" name=\"A\" color=\"#000000\"/></sides>\n"
    "<figures>\n"
    "<figure id=\"f\" side=\"a\" %s/>\n"
    "</figures></scenario>\n", attributes);

  return load_text (text, error);
}

static void
test_numbers (void)
{
  static const struct { const char *text; double value; } good[] = {
    { "12", 12 }, { "12.5", 12.5 }, { "-3", -3 }, { "1e2", 100 }, { "+4", 4 },
    { ".5", 0.5 }, { "5.", 5 }, { "1E-2", 0.01 }, { "-0", 0 }, { "0.1", 0.1 },
    { "100000", 100000 }, { "-100000", -100000 }, { "1e-999", 0 },
    { "00012", 12 },
  };
  static const char * const bad[] = {
    "", " 12", "12 ", "0x10", "1e", "e5", "1.2.3", "inf", "-Infinity", "nan", "NaN",
    "1,5", "12in", "--1", "+-1", ".", "1e+", "100000.0001", "1e999", "\xd9\xa1\xd9\xa2",
  };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autofree char *attrs = g_strdup_printf ("x=\"%s\" y=\"0\"", good[i].text);
      g_autoptr(GError) error = NULL;
      g_autoptr(PhScenario) s = load_figure (attrs, &error);
      const PhFigure *f;

      g_assert_no_error (error);
      f = g_ptr_array_index (s->figures, 0);
      g_assert_cmpfloat (f->x, ==, good[i].value);
      g_assert_true (signbit (f->x) == signbit (good[i].value)); /* never -0 */
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *attrs = g_strdup_printf ("x=\"%s\" y=\"0\"", bad[i]);
      g_autofree char *expected = g_strdup_printf (
        "test.xml:5: <figure id=\"f\">: attribute 'x' must be a number from -100000 to 100000, "
        "not '%s'", bad[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(PhScenario) s = load_figure (attrs, &error);

      g_assert_null (s);
      g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, expected);
    }
}

static void
test_facing (void)
{
  static const struct { const char *text; double value; } cases[] = {
    { "0", 0 }, { "-45", 315 }, { "720", 0 }, { "359.5", 359.5 }, { "-720.5", 359.5 },
    { "360", 0 }, { "1e6", 280 }, { "-0", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *attrs = g_strdup_printf ("x=\"0\" y=\"0\" facing=\"%s\"", cases[i].text);
      g_autoptr(GError) error = NULL;
      g_autoptr(PhScenario) s = load_figure (attrs, &error);
      const PhFigure *f;

      g_assert_no_error (error);
      f = g_ptr_array_index (s->figures, 0);
      g_assert_cmpfloat_with_epsilon (f->facing, cases[i].value, 1e-9);
      g_assert_true (f->facing >= 0 && f->facing < 360);
    }
}

static void
test_status_set (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = load_figure ("x=\"0\" y=\"0\" status=\" dead\tfled dead \"", &error);
  const PhFigure *f;

  g_assert_no_error (error);
  f = g_ptr_array_index (s->figures, 0);
  g_assert_cmpuint (f->status, ==, PH_STATUS_DEAD | PH_STATUS_FLED);
  g_assert_true (ph_figure_is_off_table (f));
}

/* The corpus of broken files */

typedef struct
{
  char *file;
  GPtrArray *lines;     /* of char*: "name.xml:LINE: message" or "~ ..." */
} BadCase;

static void
bad_case_free (gpointer data)
{
  BadCase *c = data;

  g_free (c->file);
  g_ptr_array_unref (c->lines);
  g_free (c);
}

static GPtrArray *
read_expectations (void)
{
  g_autofree char *path = data_path ("bad", "expectations.txt");
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *cases = g_ptr_array_new_with_free_func (bad_case_free);
  BadCase *current = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      const char *start = g_str_has_prefix (line, "~ ") ? line + 2 : line;
      const char *colon;
      g_autofree char *file = NULL;

      if (line[0] == '\0' || line[0] == '#')
        continue;
      colon = strchr (start, ':');
      g_assert_nonnull (colon);
      file = g_strndup (start, colon - start);
      if (current == NULL || strcmp (current->file, file) != 0)
        {
          current = g_new0 (BadCase, 1);
          current->file = g_steal_pointer (&file);
          current->lines = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (cases, current);
        }
      g_ptr_array_add (current->lines, g_strdup (line));
    }
  return cases;
}

/* Checks @message against an expectation written for "name.xml", the file
 * having been read as @shown_as. */
static void
assert_message (const char *message,
                const char *expectation,
                const char *file,
                const char *shown_as)
{
  gboolean prefix_only = g_str_has_prefix (expectation, "~ ");
  const char *rest = (prefix_only ? expectation + 2 : expectation) + strlen (file);
  g_autofree char *expected = g_strconcat (shown_as, rest, NULL);

  if (prefix_only)
    {
      if (!g_str_has_prefix (message, expected))
        g_error ("expected a message starting with\n  %s\ngot\n  %s", expected, message);
    }
  else
    g_assert_cmpstr (message, ==, expected);
}

static void
test_bad_file (gconstpointer data)
{
  const BadCase *c = data;
  g_autofree char *path = data_path ("bad", c->file);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  /* from memory, under its own name */
  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  s = ph_scenario_load_data (contents, length, c->file, &error);
  g_assert_null (s);
  g_assert_nonnull (error);
  g_assert_true (error->domain == PH_SCENARIO_ERROR);
  assert_message (error->message, g_ptr_array_index (c->lines, 0), c->file, c->file);
  g_clear_error (&error);

  /* from the file */
  s = ph_scenario_load_file (path, &error);
  g_assert_null (s);
  g_assert_nonnull (error);
  assert_message (error->message, g_ptr_array_index (c->lines, 0), c->file, path);

  /* the validator lists them all */
  g_assert_false (ph_scenario_validate_file (path, problems));
  for (guint i = 0; i < MIN (problems->len, c->lines->len); i++)
    assert_message (g_ptr_array_index (problems, i), g_ptr_array_index (c->lines, i),
                    c->file, path);
  g_assert_cmpuint (problems->len, ==, c->lines->len);
}

/* Every broken file has its expectation, and the other way round. */
static void
test_bad_corpus_complete (gconstpointer data)
{
  GPtrArray *cases = (GPtrArray *) data;
  g_autofree char *dir = data_path ("bad", NULL);
  g_autoptr(GHashTable) listed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n_files = 0;

  g_assert_nonnull (d);
  for (guint i = 0; i < cases->len; i++)
    {
      const BadCase *c = g_ptr_array_index (cases, i);
      g_autofree char *path = data_path ("bad", c->file);

      g_assert_false (g_hash_table_contains (listed, c->file)); /* grouped */
      g_hash_table_add (listed, c->file);
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        g_error ("%s is listed but missing", c->file);
    }
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".xml"))
      {
        n_files++;
        if (!g_hash_table_contains (listed, name))
          g_error ("%s has no expectation", name);
      }
  g_assert_cmpuint (n_files, ==, cases->len);
}

static void
test_error_codes (void)
{
  static const struct { const char *file; PhScenarioError code; } cases[] = {
    { "empty.xml", PH_SCENARIO_ERROR_MALFORMED },
    { "truncated.xml", PH_SCENARIO_ERROR_MALFORMED },
    { "external-entity.xml", PH_SCENARIO_ERROR_MALFORMED },
    { "billion-laughs.xml", PH_SCENARIO_ERROR_MALFORMED },
    { "gzip-compressed.xml", PH_SCENARIO_ERROR_MALFORMED },
    { "xinclude.xml", PH_SCENARIO_ERROR_MALFORMED },
    { "wrong-namespace.xml", PH_SCENARIO_ERROR_SCHEMA },
    { "unknown-ruleset.xml", PH_SCENARIO_ERROR_SCHEMA },
    { "out-of-order.xml", PH_SCENARIO_ERROR_SCHEMA },
    { "unknown-side.xml", PH_SCENARIO_ERROR_INVALID },
    { "firelock-hits-8.xml", PH_SCENARIO_ERROR_INVALID },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = data_path ("bad", cases[i].file);
      g_autoptr(GError) error = NULL;
      g_autoptr(PhScenario) s = ph_scenario_load_file (path, &error);

      g_assert_error (error, PH_SCENARIO_ERROR, (gint) cases[i].code);
    }
}

static void
test_io_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(PhScenario) s = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.xml", NULL);

  s = ph_scenario_load_file (missing, &error);
  g_assert_null (s);
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, missing));
  g_clear_error (&error);
  g_assert_false (ph_scenario_validate_file (missing, problems));
  g_assert_cmpuint (problems->len, ==, 1);

  s = ph_scenario_load_file (dir, &error);
  g_assert_null (s);
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_IO);
  g_rmdir (dir);
}

/* Hostile and large files */

static void
test_too_large (void)
{
  g_autofree char *path = write_temp ("", 0);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = NULL;

  /* sparse: nothing is written */
  g_assert_cmpint (truncate (path, (off_t) PH_SCENARIO_MAX_FILE_SIZE + 1), ==, 0);
  s = ph_scenario_load_file (path, &error);
  g_assert_null (s);
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "too large"));
  g_assert_false (ph_scenario_validate_file (path, problems));
  g_assert_cmpuint (problems->len, ==, 1);
  g_unlink (path);
}

/* A scenario of @n figures, each on four lines, with @extra inserted as an
 * attribute of the last one. */
static GString *
many_figures (guint       n,
              const char *extra)
{
  GString *s = g_string_new (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"" NS "\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "  <title>Many</title>\n"
    "  <table width=\"1000\" height=\"1000\"/>\n"
    "  <terrain>\n"
    "    <feature id=\"wood\" kind=\"woods\"><circle cx=\"50\" cy=\"50\" r=\"10\"/></feature>\n"
    "  </terrain>\n"
    "  <sides>\n"
    "    <side id=\"a\" name=\"A\" color=\"#ff0000\"/>\n"
    "    <side id=\"b\" name=\"B\" color=\"#0000ff\"/>\n"
    "  </sides>\n"
    "  <figures>\n");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s,
                            "    <figure id=\"f%u\" side=\"%s\" x=\"%u\" y=\"%u\""
                            " facing=\"%u\"%s>\n"
                            "      <weapon kind=\"musket\"/>\n"
                            "      <mayhem courage=\"4\" armament=\"5\"/>\n"
                            "    </figure>\n",
                            i, i % 2 ? "a" : "b", i % 1000, i / 1000 % 1000, i % 360,
                            i == n - 1 && extra != NULL ? extra : "");
  g_string_append (s, "  </figures>\n</scenario>\n");
  return s;
}

static void
check_big_file_line (const char *extra,
                     const char *expected_end,
                     guint       n)
{
  g_autoptr(GString) text = many_figures (n, extra);
  g_autofree char *path = write_temp (text->str, (gssize) text->len);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *expected = g_strconcat (path, expected_end, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = ph_scenario_load_file (path, &error);

  g_assert_null (s);
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_false (ph_scenario_validate_file (path, problems));
  g_assert_cmpuint (problems->len, >=, 1);
  g_assert_cmpstr (g_ptr_array_index (problems, 0), ==, expected);
  g_unlink (path);
}

/* Line numbers beyond 65535 (libxml2 keeps 16 bits in the node). */
static void
test_big_line_numbers (void)
{
  const guint n = 18000;        /* 4 lines each: over 72000 lines */
  const guint last = 12 + 4 * (n - 1) + 1;
  g_autofree char *semantic = g_strdup_printf (
    ":%u: <figure id=\"f%u\">: attribute 'base-width' must be a number > 0 and at most 100000, "
    "not '-1'", last, n - 1);
  g_autofree char *status = g_strdup_printf (
    ":%u: <figure id=\"f%u\">: attribute 'status' has an unknown marker 'asleep' (markers: "
    "fired, moved, prone, startled, cowering, angry, vexed, shaken, reacting, melee, dead, fled)",
    last, n - 1);
  g_autofree char *schema = g_strdup_printf (
    ":%u: <figure id=\"f%u\">: attribute 'troop' must be one of line, light, guerrilla, "
    "indian, cavalry, artillery, civilian, not 'lime'", last, n - 1);

  g_assert_cmpuint (last, >, 70000);
  check_big_file_line (" base-width=\"-1\"", semantic, n);
  check_big_file_line (" status=\"asleep\"", status, n);
  check_big_file_line (" troop=\"lime\"", schema, n);
}

static void
test_big_not_well_formed (void)
{
  g_autoptr(GString) text = many_figures (18000, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = NULL;
  g_autofree char *expected = NULL;
  guint lines = 0;

  /* "</figures>" becomes "</figure>": the mismatch is on the last but one
   * line */
  g_string_truncate (text, text->len - strlen ("  </figures>\n</scenario>\n"));
  g_string_append (text, "  </figure>\n</scenario>\n");
  for (gsize i = 0; i < text->len; i++)
    lines += text->str[i] == '\n';
  expected = g_strdup_printf ("big.xml:%u: not well-formed XML: Opening and ending tag "
                              "mismatch: figures line 12 and figure", lines - 1);
  s = ph_scenario_load_data (text->str, text->len, "big.xml", &error);
  g_assert_null (s);
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_MALFORMED);
  g_assert_cmpstr (error->message, ==, expected);
}


/* libxml2's global state is left as it was, and nothing is ever loaded
 * from outside. */

static guint n_global_errors;
static guint n_loader_calls;

static void
count_global_error (void *data, xmlErrorPtr error)
{
  n_global_errors++;
}

static void
count_generic_error (void *data, const char *msg, ...)
{
  n_global_errors++;
}

static xmlParserInputPtr
count_loader (const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
  n_loader_calls++;
  return NULL;
}

static void
test_libxml_state (void)
{
  static const char * const files[] = {
    "external-entity.xml", "external-dtd.xml", "billion-laughs.xml", "not-well-formed.xml",
    "unknown-ruleset.xml", "unknown-side.xml", "xinclude.xml",
  };
  int marker;

  xmlSetStructuredErrorFunc (&marker, count_global_error);
  xmlSetGenericErrorFunc (&marker, count_generic_error);
  xmlSetExternalEntityLoader (count_loader);

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = data_path ("bad", files[i]);
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GError) error = NULL;
      g_autoptr(PhScenario) s = ph_scenario_load_file (path, &error);

      g_assert_null (s);
      g_assert_false (ph_scenario_validate_file (path, problems));
    }
  ph_scenario_unref (load_good ("guns-of-war.xml"));

  g_assert_true (xmlStructuredError == count_global_error);
  g_assert_true (xmlStructuredErrorContext == &marker);
  g_assert_true (xmlGenericError == count_generic_error);
  g_assert_true (xmlGenericErrorContext == &marker);
  g_assert_true (xmlGetExternalEntityLoader () == count_loader);
  g_assert_cmpuint (n_global_errors, ==, 0);
  g_assert_cmpuint (n_loader_calls, ==, 0);

  xmlSetStructuredErrorFunc (NULL, NULL);
  xmlSetGenericErrorFunc (NULL, NULL);
}

static gpointer
load_many (gpointer data)
{
  static const char * const good[] = { "firelock.xml", "featherstone.xml", "guns-of-war.xml" };
  static const char * const bad[] = {
    "external-entity.xml", "unknown-troop.xml", "unknown-side.xml",
  };

  for (guint i = 0; i < 20; i++)
    {
      g_autofree char *good_path = data_path ("good", good[i % G_N_ELEMENTS (good)]);
      g_autofree char *bad_path = data_path ("bad", bad[i % G_N_ELEMENTS (bad)]);
      g_autoptr(PhScenario) s = NULL;
      g_autoptr(GError) error = NULL;

      s = ph_scenario_load_file (good_path, &error);
      g_assert_no_error (error);
      g_clear_pointer (&s, ph_scenario_unref);
      s = ph_scenario_load_file (bad_path, &error);
      g_assert_null (s);
      g_assert_nonnull (error);
    }
  return NULL;
}

/* Readers in several threads at once; the process-wide entity loader is
 * put back by the last one. */
static void
test_threads (void)
{
  xmlExternalEntityLoader before = xmlGetExternalEntityLoader ();
  GThread *threads[4];

  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("loader", load_many, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_thread_join (threads[i]);
  g_assert_true (xmlGetExternalEntityLoader () == before);
}

/* A failed load leaves nothing behind (valgrind checks the frees). */
static void
test_bad_loads_nothing (void)
{
  g_autoptr(GString) text = many_figures (50, " status=\"asleep\"");
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = ph_scenario_load_data (text->str, text->len, "x.xml", &error);

  g_assert_null (s);
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
}

static void
test_load_data_name (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = ph_scenario_load_data ("<x", 2, NULL, &error);

  g_assert_null (s);
  g_assert_true (g_str_has_prefix (error->message, "(data):1: not well-formed XML: "));
}

/* Hostile files (tests/data/bad has the small ones) */

static void
assert_one_problem (const char *path,
                    const char *expected_end)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *expected = g_strconcat (path, expected_end, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = ph_scenario_load_file (path, &error);

  g_assert_null (s);
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_false (ph_scenario_validate_file (path, problems));
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (problems, 0), ==, expected);
}

/* Only regular files are read: a FIFO would block for ever, /dev/zero never
 * ends. Every message has a line, as docs/scenario-format.md promises. */
static void
test_special_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ph-test-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.xml", NULL);
  g_autofree char *zero = g_build_filename (dir, "zero.xml", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.xml", NULL);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  assert_one_problem (fifo, ":1: cannot read: not a regular file");
  assert_one_problem (zero, ":1: cannot read: not a regular file");
  assert_one_problem (dir, ":1: cannot read: it is a directory");
  assert_one_problem (missing, ":1: cannot open: No such file or directory");
  g_unlink (fifo);
  g_unlink (zero);
  g_rmdir (dir);
}

/* A scenario with @figure_attributes on its one figure, @terrain before the
 * sides and @game at the end */
static GString *
small_scenario (const char *figure_attributes,
                const char *terrain,
                const char *game)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s,
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"" NS "\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "  <title>T</title>\n"
    "  <table width=\"48\" height=\"48\"/>\n"
    "%s"
    "  <sides><side id=\"a\" name=\"A\" color=\"#000000\"/></sides>\n"
    "  <figures>\n"
    "    <figure id=\"f\" side=\"a\" x=\"1\" y=\"1\"%s/>\n"
    "  </figures>\n"
    "%s"
    "</scenario>\n", terrain, figure_attributes, game);
  return s;
}

static void
assert_text_problem (const GString *text,
                     const char    *expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = ph_scenario_load_data (text->str, text->len, "test.xml", &error);

  g_assert_null (s);
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, ==, expected);
}

/* libxml2 2.9 takes time quadratic in the attributes of an element, and
 * its RelaxNG validator in the content of <game>: a million attributes
 * are refused before libxml2 sees them, and 100,000 events load (how fast
 * is measured by tests/bench/bench-core). */
static void
test_hostile_sizes (void)
{
  g_autoptr(GString) attrs = g_string_new (NULL);
  g_autoptr(GString) events = g_string_new ("  <game seed=\"1\" position=\"0\">\n");
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autofree char *full = NULL;
  g_autoptr(GString) text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = NULL;

  for (guint i = 0; i < 1000000; i++)
    g_string_append_printf (attrs, " a%u=\"\"", i);
  text = small_scenario (attrs->str, "", "");
  assert_text_problem (text, "test.xml:7: <figure>: too many attributes (more than 100)");
  g_string_free (g_steal_pointer (&text), TRUE);

  /* the most events a log may hold, each die the one the seed rolls */
  for (guint i = 0; i < PH_GAME_MAX_EVENTS; i++)
    g_string_append_printf (events, "    <event kind=\"dice\"><roll dice=\"1d6\" values=\"%d\"/></event>\n",
                            g_rand_int_range (rand, 1, 7));
  full = g_strconcat (events->str, "  </game>\n", NULL);
  text = small_scenario ("", "", full);
  s = ph_scenario_load_data (text->str, text->len, "test.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_clear_pointer (&s, ph_scenario_unref);
  g_string_free (g_steal_pointer (&text), TRUE);

  /* one more is refused, at its line */
  g_string_append_printf (events, "    <event kind=\"dice\"><roll dice=\"1d6\" values=\"%d\"/></event>\n",
                          g_rand_int_range (rand, 1, 7));
  g_string_append (events, "  </game>\n");
  text = small_scenario ("", "", events->str);
  s = ph_scenario_load_data (text->str, text->len, "test.xml", &error);
  g_assert_null (s);
  g_assert_cmpstr (error->message, ==, "test.xml:100010: <game>: the log holds more than 100000 events");
}

/* A tag name ending in a UTF-8 lead byte, with too many attributes: the
 * message shows the name without reading past it, as valid UTF-8 (found by
 * fuzzing: ph_value_show stepped over the string's NUL). The same in an
 * attribute value, cut short in the middle of a character. */
static void
test_show_invalid_utf8 (void)
{
  g_autoptr(GString) text = g_string_new ("<a\xf0");
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = NULL;
  g_autofree char *shown = NULL;

  for (guint i = 0; i < 101; i++)
    g_string_append_c (text, '=');
  g_string_append_c (text, '>');
  s = ph_scenario_load_data (text->str, text->len, "x.xml", &error);
  g_assert_null (s);
  g_assert_cmpstr (error->message, ==, "x.xml:1: <a\\xF0>: too many attributes (more than 100)");
  g_assert_true (g_utf8_validate (error->message, -1, NULL));

  shown = ph_value_show ("ok \xc3\xa9\xe2\x82");
  g_assert_cmpstr (shown, ==, "ok \xc3\xa9\\xE2\\x82");
  g_clear_pointer (&shown, g_free);
  shown = ph_value_show ("\x80tab\there\n");
  g_assert_cmpstr (shown, ==, "\\x80tab\\there\\n");
}

/* A polygon of @n points, all of whose edges overlap in x: the worst case
 * of the check that it is simple */
static void
append_zigzag (GString *s,
               guint    n)
{
  g_string_append (s, "<polygon points=\"");
  for (guint k = 0; k + 3 < n; k++)
    g_string_append_printf (s, "%d,%g ", k % 2 ? 1000 : 0, k / 100.0);
  g_string_append_printf (s, "1001,%g 1001,-1 -1,-1\"/>", (n - 4) / 100.0);
}

static void
test_polygon_limits (void)
{
  g_autoptr(GString) terrain = g_string_new ("  <terrain>\n");
  g_autoptr(GString) text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) s = NULL;

  /* 10000 points: fine, and quick */
  g_string_append (terrain, "    <feature id=\"w0\" kind=\"woods\">");
  append_zigzag (terrain, 10000);
  g_string_append (terrain, "</feature>\n  </terrain>\n");
  text = small_scenario ("", terrain->str, "");
  s = ph_scenario_load_data (text->str, text->len, "test.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ph_scenario_find_feature (s, "w0")->shape.n_points, ==, 10000);
  g_string_free (g_steal_pointer (&text), TRUE);

  /* 10001 points: too many */
  g_string_assign (terrain, "  <terrain>\n    <feature id=\"w0\" kind=\"woods\">");
  append_zigzag (terrain, 10001);
  g_string_append (terrain, "</feature>\n  </terrain>\n");
  text = small_scenario ("", terrain->str, "");
  assert_text_problem (text, "test.xml:6: <polygon>: attribute 'points' must give at most "
                             "10000 points for a polygon, not 10001");
  g_string_free (g_steal_pointer (&text), TRUE);

  /* 100000 points in all at most */
  g_string_assign (terrain, "  <terrain>\n");
  for (guint i = 0; i < 11; i++)
    {
      g_string_append_printf (terrain, "    <feature id=\"w%u\" kind=\"woods\">", i);
      append_zigzag (terrain, 9100);
      g_string_append (terrain, "</feature>\n");
    }
  g_string_append (terrain, "  </terrain>\n");
  text = small_scenario ("", terrain->str, "");
  assert_text_problem (text, "test.xml:16: <polygon>: the polygons of the file have more than "
                             "100000 points in all");
}

/* Valid however they look */
static void
test_hostile_but_valid (void)
{
  static const char * const texts[] = {
    /* UTF-8 byte order mark */
    "\xef\xbb\xbf<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<scenario xmlns=\"" NS "\" "
    "version=\"1\" ruleset=\"musket-mayhem\"><title>T</title><table width=\"1\" height=\"1\"/>"
    "<sides><side id=\"a\" name=\"A\" color=\"#000000\"/></sides><figures/></scenario>\n",
    /* a style sheet processing instruction (never acted on), comments and
     * CDATA */
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<?xml-stylesheet type=\"text/xsl\" href=\"http://127.0.0.1:9/x.xsl\"?>\n"
    "<scenario xmlns=\"" NS "\" version=\"1\" ruleset=\"musket-mayhem\"><!-- c -->"
    "<title>T<!-- c --><![CDATA[ <&> ]]></title><table width=\"1\" height=\"1\"><!-- c --></table>"
    "<sides><side id=\"a\" name=\"A\" color=\"#000000\"/></sides><figures/></scenario>\n"
    "<!-- after -->\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PhScenario) s = load_text (texts[i], &error);

      g_assert_no_error (error);
      g_assert_nonnull (s);
      if (i == 1)
        g_assert_cmpstr (s->title, ==, "T <&> ");
    }
}

/* validate also reads a game in progress (docs/game-format.md): its log
 * must match the figures; loading leaves that to the game itself. */
static void
test_validate_game (void)
{
  g_autofree char *good = g_test_build_filename (G_TEST_DIST, "data", "good", "guns-of-war.xml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *moved = NULL;
  g_autofree char *broken = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(PhScenario) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) edit = NULL;

  g_assert_true (g_file_get_contents (good, &text, NULL, NULL));

  /* the horse's reload tokens edited by hand after the game was saved */
  edit = g_string_new (text);
  g_assert_cmpuint (g_string_replace (edit, "reload-tokens=\"1\" uhp", "reload-tokens=\"3\" uhp", 1), ==, 1);
  moved = g_strdup (edit->str);
  path = write_temp (moved, -1);
  g_assert_false (ph_scenario_validate_file (path, problems));
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (problems, 0), path));
  g_assert_nonnull (strstr (g_ptr_array_index (problems, 0),
                            ":24: <game>: the log does not match the figures: "
                            "horse's guns-of-war.reload-tokens is 3, the log says 1"));
  /* and no reader takes it: info, assess and the window refuse it alike */
  loaded = ph_scenario_load_file (path, &error);
  g_assert_null (loaded);
  g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, g_ptr_array_index (problems, 0));
  g_unlink (path);
  g_clear_pointer (&path, g_free);
  g_ptr_array_set_size (problems, 0);

  /* a die that no d20 has, on the file's line 34 */
  g_string_assign (edit, text);
  g_assert_cmpuint (g_string_replace (edit, "values=\"11\"", "values=\"21\"", 1), ==, 1);
  broken = g_strdup (edit->str);
  path = write_temp (broken, -1);
  g_assert_false (ph_scenario_validate_file (path, problems));
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (problems, 0), ":34: <roll>: '21' is not a face of a d20"));
  g_unlink (path);
  g_clear_pointer (&path, g_free);
  g_ptr_array_set_size (problems, 0);

  /* a <game> that is not a Powderhorn log (no seed) is reserved content */
  g_string_assign (edit, text);
  g_assert_cmpuint (g_string_replace (edit, "<game seed=\"12345\" position=\"2\">", "<game turn=\"3\">", 1), ==, 1);
  path = write_temp (edit->str, -1);
  g_assert_true (ph_scenario_validate_file (path, problems));
  g_assert_cmpuint (problems->len, ==, 0);
  g_unlink (path);
}

int
main (int argc, char **argv)
{
  g_autoptr(GPtrArray) cases = NULL;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/scenario/load/spec-skeleton", test_spec_skeleton);
  g_test_add_func ("/scenario/load/firelock", test_firelock);
  g_test_add_func ("/scenario/load/fistful", test_fistful);
  g_test_add_func ("/scenario/load/mayhem", test_mayhem);
  g_test_add_func ("/scenario/load/featherstone", test_featherstone);
  g_test_add_func ("/scenario/load/guns-of-war", test_guns_of_war);
  g_test_add_func ("/scenario/load/examples", test_examples);
  g_test_add_func ("/scenario/load/game-namespaces", test_game_namespaces);
  g_test_add_func ("/scenario/load/numbers", test_numbers);
  g_test_add_func ("/scenario/load/facing", test_facing);
  g_test_add_func ("/scenario/load/status-set", test_status_set);
  g_test_add_func ("/scenario/load/error-codes", test_error_codes);
  g_test_add_func ("/scenario/load/io-errors", test_io_errors);
  g_test_add_func ("/scenario/load/too-large", test_too_large);
  g_test_add_func ("/scenario/load/big-line-numbers", test_big_line_numbers);
  g_test_add_func ("/scenario/load/big-not-well-formed", test_big_not_well_formed);
  g_test_add_func ("/scenario/load/libxml-state", test_libxml_state);
  g_test_add_func ("/scenario/load/bad-loads-nothing", test_bad_loads_nothing);
  g_test_add_func ("/scenario/load/threads", test_threads);
  g_test_add_func ("/scenario/load/load-data-name", test_load_data_name);
  g_test_add_func ("/scenario/load/special-files", test_special_files);
  g_test_add_func ("/scenario/load/hostile-sizes", test_hostile_sizes);
  g_test_add_func ("/scenario/load/show-invalid-utf8", test_show_invalid_utf8);
  g_test_add_func ("/scenario/load/polygon-limits", test_polygon_limits);
  g_test_add_func ("/scenario/load/hostile-but-valid", test_hostile_but_valid);
  g_test_add_func ("/scenario/validate/game", test_validate_game);

  cases = read_expectations ();
  g_test_add_data_func ("/scenario/load/bad-corpus-complete", cases, test_bad_corpus_complete);
  for (guint i = 0; i < cases->len; i++)
    {
      const BadCase *c = g_ptr_array_index (cases, i);
      g_autofree char *base = g_strndup (c->file, strlen (c->file) - strlen (".xml"));
      g_autofree char *test_path = g_strdup_printf ("/scenario/load/bad/%s", base);

      g_test_add_data_func (test_path, c, test_bad_file);
    }

  return g_test_run ();
}
