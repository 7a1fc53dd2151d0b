/* test-scenario-model.c: the scenario model (ph-scenario.c)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Name tables, the defaults the terrain kinds imply (rules.md), the
 * figure helpers, copying and the id index.
 */
#include <string.h>

#include <glib.h>

#include "ph-test-ruleset.h"
#include "ph-ruleset-firelock.h"
#include "ph-core.h"


/* Each name table maps every value to a name and back, and refuses what is
 * not a name. */
#define CHECK_NAMES(prefix, Type, n, first_name)                               \
  G_STMT_START {                                                               \
    g_autoptr(GHashTable) seen_ = g_hash_table_new (g_str_hash, g_str_equal);  \
    Type out_;                                                                 \
    g_assert_cmpstr (prefix##_to_string ((Type) 0), ==, first_name);           \
    for (guint i_ = 0; i_ < (n); i_++)                                         \
      {                                                                        \
        const char *name_ = prefix##_to_string ((Type) i_);                    \
        g_assert_nonnull (name_);                                              \
        g_assert_false (g_hash_table_contains (seen_, name_));                 \
        g_hash_table_add (seen_, (gpointer) name_);                            \
        g_assert_true (prefix##_from_string (name_, &out_));                   \
        g_assert_cmpint (out_, ==, i_);                                        \
      }                                                                        \
    g_assert_false (prefix##_from_string ("", &out_));                         \
    g_assert_false (prefix##_from_string ("nonsense", &out_));                 \
    g_assert_false (prefix##_from_string (NULL, &out_));                       \
  } G_STMT_END

static void
test_names (void)
{
  CHECK_NAMES (ph_ruleset_id, PhRulesetId, PH_N_RULESETS, "firelock-scalplock");
  CHECK_NAMES (ph_unit, PhUnit, 2, "in");
  CHECK_NAMES (ph_grid, PhGrid, 3, "square");
  CHECK_NAMES (ph_measure, PhMeasure, 2, "edge");
  CHECK_NAMES (ph_terrain_kind, PhTerrainKind, PH_N_TERRAIN_KINDS, "woods");
  CHECK_NAMES (ph_cover, PhCover, 3, "open");
  CHECK_NAMES (ph_base_shape, PhBaseShape, 2, "round");
  CHECK_NAMES (ph_troop, PhTroop, PH_N_TROOPS, "line");
  CHECK_NAMES (ph_stance, PhStance, PH_N_STANCES, "standing");
  CHECK_NAMES (ph_weapon_kind, PhWeaponKind, PH_N_WEAPON_KINDS, "musket");
  CHECK_NAMES (ph_rating, PhRating, 3, "veteran");
  CHECK_NAMES (ph_formation, PhFormation, 3, "DF");

  g_assert_cmpstr (ph_ruleset_id_to_string (ph_test_ruleset ("guns-of-war")), ==, "guns-of-war");
  g_assert_cmpstr (ph_terrain_kind_to_string (PH_TERRAIN_VERY_ROUGH), ==, "very-rough");
  g_assert_cmpstr (ph_weapon_kind_to_string (PH_WEAPON_MATCHLOCK_RIFLED_MUSKET), ==,
                   "matchlock-rifled-musket");
  g_assert_cmpstr (ph_firelock_cover_to_string (PH_FIRELOCK_COVER_BUILDING), ==, "building");
}

static void
test_status (void)
{
  g_autofree char *none = ph_status_set_to_string (0);
  g_autofree char *some = ph_status_set_to_string (PH_STATUS_FLED | PH_STATUS_FIRED
                                                   | PH_STATUS_MELEE);
  g_autofree char *all = ph_status_set_to_string ((1u << PH_N_STATUS) - 1);
  PhStatus flag;

  g_assert_cmpstr (none, ==, "");
  g_assert_cmpstr (some, ==, "fired melee fled"); /* in file order */
  g_assert_cmpstr (all, ==, "fired moved prone startled cowering angry vexed shaken "
                            "reacting melee dead fled");
  for (guint i = 0; i < PH_N_STATUS; i++)
    {
      const char *name = ph_status_to_string ((PhStatus) (1u << i));

      g_assert_true (ph_status_from_string (name, &flag));
      g_assert_cmpuint (flag, ==, 1u << i);
    }
  g_assert_false (ph_status_from_string ("asleep", &flag));
}

static void
test_kinds (void)
{
  for (PhTerrainKind k = 0; k < PH_N_TERRAIN_KINDS; k++)
    g_assert_cmpint (ph_terrain_kind_is_linear (k), ==, k >= PH_TERRAIN_FENCE);
  g_assert_true (ph_weapon_kind_is_missile (PH_WEAPON_ROUNDSHOT));
  g_assert_true (ph_weapon_kind_is_missile (PH_WEAPON_MATCHLOCK_RIFLED_MUSKET));
  g_assert_false (ph_weapon_kind_is_missile (PH_WEAPON_BAYONET));
  g_assert_false (ph_weapon_kind_is_missile (PH_WEAPON_UNARMED));
  g_assert_true (ph_weapon_kind_is_gunpowder (PH_WEAPON_MUSKET));
  g_assert_false (ph_weapon_kind_is_gunpowder (PH_WEAPON_BOW));
  g_assert_false (ph_weapon_kind_is_gunpowder (PH_WEAPON_THROWN));
  g_assert_false (ph_weapon_kind_is_gunpowder (PH_WEAPON_SWORD));
}

/* The terrain table of rules.md, "Shared geometry" */
static void
test_terrain_defaults (void)
{
  static const struct
  {
    PhTerrainKind kind;
    gboolean blocks;
    PhCover cover;
    PhFirelockCover firelock;
  } table[] = {
    { PH_TERRAIN_WOODS, FALSE, PH_COVER_SOFT, PH_FIRELOCK_COVER_WOODS },
    { PH_TERRAIN_BRUSH, FALSE, PH_COVER_SOFT, PH_FIRELOCK_COVER_BRUSH },
    { PH_TERRAIN_BUILDING, TRUE, PH_COVER_HARD, PH_FIRELOCK_COVER_BUILDING },
    { PH_TERRAIN_ROUGH, FALSE, PH_COVER_OPEN, PH_FIRELOCK_COVER_OPEN },
    { PH_TERRAIN_HILL, FALSE, PH_COVER_OPEN, PH_FIRELOCK_COVER_OPEN },
    { PH_TERRAIN_VERY_ROUGH, FALSE, PH_COVER_OPEN, PH_FIRELOCK_COVER_OPEN },
    { PH_TERRAIN_ROCKS, FALSE, PH_COVER_HARD, PH_FIRELOCK_COVER_WORKS },
    { PH_TERRAIN_MARSH, FALSE, PH_COVER_OPEN, PH_FIRELOCK_COVER_OPEN },
    { PH_TERRAIN_WATER, FALSE, PH_COVER_OPEN, PH_FIRELOCK_COVER_OPEN },
    { PH_TERRAIN_FIELD, FALSE, PH_COVER_OPEN, PH_FIRELOCK_COVER_OPEN },
    { PH_TERRAIN_ROAD, FALSE, PH_COVER_OPEN, PH_FIRELOCK_COVER_OPEN },
    { PH_TERRAIN_FENCE, FALSE, PH_COVER_SOFT, PH_FIRELOCK_COVER_BRUSH },
    { PH_TERRAIN_HEDGE, FALSE, PH_COVER_SOFT, PH_FIRELOCK_COVER_BRUSH },
    { PH_TERRAIN_WALL, FALSE, PH_COVER_HARD, PH_FIRELOCK_COVER_WORKS },
    { PH_TERRAIN_STOCKADE, FALSE, PH_COVER_HARD, PH_FIRELOCK_COVER_WORKS },
    { PH_TERRAIN_WORKS, FALSE, PH_COVER_HARD, PH_FIRELOCK_COVER_WORKS },
    { PH_TERRAIN_STREAM, FALSE, PH_COVER_OPEN, PH_FIRELOCK_COVER_OPEN },
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (table) == PH_N_TERRAIN_KINDS);
  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    {
      PhFeature *f = ph_feature_new ();

      f->kind = table[i].kind;
      g_assert_cmpint (ph_terrain_kind_blocks_los (f->kind), ==, table[i].blocks);
      g_assert_cmpint (ph_terrain_kind_cover (f->kind), ==, table[i].cover);
      g_assert_cmpint (ph_terrain_kind_firelock_cover (f->kind), ==, table[i].firelock);
      /* no override: the kind's */
      g_assert_cmpint (f->blocks_los, ==, -1);
      g_assert_cmpint (f->cover, ==, -1);
      g_assert_cmpint (ph_feature_blocks_los (f), ==, table[i].blocks);
      g_assert_cmpint (ph_feature_cover (f), ==, table[i].cover);
      g_assert_cmpint (ph_feature_firelock_cover (f), ==, table[i].firelock);
      /* an override repeating the kind's cover keeps its class */
      f->cover = (int) table[i].cover;
      g_assert_cmpint (ph_feature_firelock_cover (f), ==, table[i].firelock);
      f->blocks_los = !table[i].blocks;
      g_assert_cmpint (ph_feature_blocks_los (f), ==, !table[i].blocks);
      ph_feature_free (f);
    }
}

static void
test_cover_override (void)
{
  g_autoptr(PhFeature) f = ph_feature_new ();

  /* an override that changes the cover maps soft to brush, hard to works */
  f->kind = PH_TERRAIN_BUILDING;
  f->cover = PH_COVER_SOFT;
  g_assert_cmpint (ph_feature_cover (f), ==, PH_COVER_SOFT);
  g_assert_cmpint (ph_feature_firelock_cover (f), ==, PH_FIRELOCK_COVER_BRUSH);
  f->kind = PH_TERRAIN_WOODS;
  f->cover = PH_COVER_HARD;
  g_assert_cmpint (ph_feature_firelock_cover (f), ==, PH_FIRELOCK_COVER_WORKS);
  f->cover = PH_COVER_OPEN;
  g_assert_cmpint (ph_feature_firelock_cover (f), ==, PH_FIRELOCK_COVER_OPEN);
}

static PhScenario *
make_scenario (void)
{
  PhScenario *s = ph_scenario_new (ph_test_ruleset ("firelock-scalplock"));
  PhSide *side = ph_side_new ();
  PhFeature *feature = ph_feature_new ();
  PhFigure *fig = ph_figure_new ();
  PhWeapon w = { 0 };

  side->id = g_strdup ("a");
  side->name = g_strdup ("A");
  g_ptr_array_add (s->sides, side);
  feature->id = g_strdup ("wood");
  feature->shape.kind = PH_SHAPE_POLYGON;
  feature->shape.n_points = 3;
  feature->shape.points = g_new0 (PhPoint, 3);
  feature->shape.points[1].x = 1;
  feature->shape.points[2].y = 1;
  g_ptr_array_add (s->features, feature);
  fig->id = g_strdup ("f");
  fig->side = g_strdup ("a");
  w.kind = PH_WEAPON_TOMAHAWK;
  g_array_append_val (fig->weapons, w);
  w.kind = PH_WEAPON_BOW;
  w.name = g_strdup ("Bow");
  g_array_append_val (fig->weapons, w);
  w.kind = PH_WEAPON_MUSKET;
  w.name = NULL;
  g_array_append_val (fig->weapons, w);
  fig->stats_kind = PH_STATS_FISTFUL;
  fig->stats.fistful.traits = g_strdup ("Lucky");
  g_ptr_array_add (s->figures, fig);
  g_ptr_array_add (s->options, ph_option_new ("o", "v"));
  s->game_xml = g_strdup ("<game/>");
  ph_scenario_reindex (s);
  return s;
}

static void
test_new (void)
{
  g_autoptr(PhScenario) s = ph_scenario_new (ph_test_ruleset ("musket-mayhem"));
  g_autoptr(PhScenario) gow = ph_scenario_new (ph_test_ruleset ("guns-of-war"));
  PhFigure *fig = ph_figure_new ();

  g_assert_cmpstr (s->title, ==, "");
  g_assert_null (s->description);
  g_assert_cmpint (s->table.unit, ==, PH_UNIT_IN);
  g_assert_cmpint (s->table.grid, ==, PH_GRID_SQUARE);
  g_assert_cmpint (gow->table.grid, ==, PH_GRID_HEX);
  g_assert_cmpfloat (s->table.grid_size, ==, 1);
  g_assert_cmpuint (s->figures->len, ==, 0);
  g_assert_null (s->game_xml);

  g_assert_cmpint (fig->base_shape, ==, PH_BASE_ROUND);
  g_assert_cmpfloat (fig->base_width, ==, 1);
  g_assert_cmpint (fig->troop, ==, PH_TROOP_LINE);
  g_assert_cmpint (fig->stance, ==, PH_STANCE_STANDING);
  g_assert_cmpint (fig->stats_kind, ==, PH_STATS_NONE);
  g_assert_cmpuint (fig->weapons->len, ==, 0);
  ph_figure_free (fig);

  g_assert_cmpfloat (ph_default_base_width (PH_UNIT_IN), ==, 1);
  g_assert_cmpfloat (ph_default_base_width (PH_UNIT_CM), ==, 2.5);
}

static void
test_figure_helpers (void)
{
  g_autoptr(PhScenario) s = make_scenario ();
  PhFigure *fig = ph_scenario_find_figure (s, "f");
  const PhWeapon *w;
  PhBase base;

  g_assert_cmpstr (ph_figure_display_name (fig), ==, "f");
  fig->name = g_strdup ("");
  g_assert_cmpstr (ph_figure_display_name (fig), ==, "f");
  g_free (fig->name);
  fig->name = g_strdup ("Fred");
  g_assert_cmpstr (ph_figure_display_name (fig), ==, "Fred");

  w = ph_figure_first_missile (fig);
  g_assert_nonnull (w);
  g_assert_cmpint (w->kind, ==, PH_WEAPON_BOW);
  g_assert_cmpstr (w->name, ==, "Bow");
  g_assert_true (ph_figure_find_weapon (fig, PH_WEAPON_MUSKET)
                 == &g_array_index (fig->weapons, PhWeapon, 2));
  g_assert_null (ph_figure_find_weapon (fig, PH_WEAPON_RIFLE));

  fig->x = 3;
  fig->y = 4;
  fig->facing = 90;
  fig->base_width = 2;
  fig->base_depth = 5;
  ph_figure_get_base (fig, &base);
  g_assert_false (base.square);
  g_assert_cmpfloat (base.depth, ==, 2); /* round: the width */
  g_assert_cmpfloat (base.centre.x, ==, 3);
  fig->base_shape = PH_BASE_SQUARE;
  ph_figure_get_base (fig, &base);
  g_assert_true (base.square);
  g_assert_cmpfloat (base.depth, ==, 5);
  g_assert_cmpfloat (base.facing, ==, 90);

  g_assert_false (ph_figure_is_off_table (fig));
  fig->status = PH_STATUS_FLED;
  g_assert_true (ph_figure_is_off_table (fig));

  g_array_set_size (fig->weapons, 1);
  g_assert_null (ph_figure_first_missile (fig));
}

static void
test_index (void)
{
  g_autoptr(PhScenario) s = make_scenario ();
  PhFigure *fig;

  g_assert_nonnull (ph_scenario_find_figure (s, "f"));
  g_assert_nonnull (ph_scenario_find_side (s, "a"));
  g_assert_nonnull (ph_scenario_find_feature (s, "wood"));
  /* ids name one kind of thing */
  g_assert_null (ph_scenario_find_figure (s, "a"));
  g_assert_null (ph_scenario_find_side (s, "wood"));
  g_assert_null (ph_scenario_find_feature (s, "f"));
  g_assert_null (ph_scenario_find_figure (s, NULL));
  g_assert_cmpstr (ph_scenario_get_option (s, "o"), ==, "v");
  g_assert_null (ph_scenario_get_option (s, "p"));

  fig = ph_figure_new ();
  fig->id = g_strdup ("g");
  g_ptr_array_add (s->figures, fig);
  g_assert_null (ph_scenario_find_figure (s, "g"));
  ph_scenario_reindex (s);
  g_assert_true (ph_scenario_find_figure (s, "g") == fig);
  g_ptr_array_remove_index (s->figures, 0);
  ph_scenario_reindex (s);
  g_assert_null (ph_scenario_find_figure (s, "f"));
}

static void
test_copy (void)
{
  g_autoptr(PhScenario) s = make_scenario ();
  g_autoptr(PhScenario) copy = ph_scenario_copy (s);
  g_autofree char *xml1 = NULL, *xml2 = NULL;
  PhFigure *a, *b;

  g_assert_true (copy != s);
  a = ph_scenario_find_figure (s, "f");
  b = ph_scenario_find_figure (copy, "f");
  g_assert_nonnull (b);
  g_assert_true (a != b);
  g_assert_true (b == g_ptr_array_index (copy->figures, 0));
  g_assert_true (a->weapons != b->weapons);
  g_assert_true (g_array_index (a->weapons, PhWeapon, 1).name
                 != g_array_index (b->weapons, PhWeapon, 1).name);
  g_assert_cmpstr (g_array_index (b->weapons, PhWeapon, 1).name, ==, "Bow");
  g_assert_true (a->stats.fistful.traits != b->stats.fistful.traits);
  g_assert_cmpstr (b->stats.fistful.traits, ==, "Lucky");
  g_assert_true (ph_scenario_find_feature (copy, "wood")->shape.points
                 != ph_scenario_find_feature (s, "wood")->shape.points);
  g_assert_cmpstr (copy->game_xml, ==, "<game/>");
  g_assert_cmpstr (ph_scenario_get_option (copy, "o"), ==, "v");

  /* the same content, down to the canonical file */
  xml1 = ph_scenario_to_xml (s, NULL);
  xml2 = ph_scenario_to_xml (copy, NULL);
  g_assert_cmpstr (xml1, ==, xml2);

  /* independent */
  b->x = 17;
  g_assert_cmpfloat (a->x, ==, 0);
}

static void
test_ref (void)
{
  PhScenario *s = ph_scenario_new (ph_test_ruleset ("featherstone"));

  g_assert_true (ph_scenario_ref (s) == s);
  ph_scenario_unref (s);
  g_assert_cmpint (s->ruleset, ==, ph_test_ruleset ("featherstone"));
  ph_scenario_unref (s);
}

/* Bases that stand on each other overlap; bases in contact do not */
static void
test_overlap (void)
{
  g_autoptr(PhScenario) s = ph_scenario_new (ph_test_ruleset ("musket-mayhem"));
  PhFigure *a = ph_figure_new (), *b = ph_figure_new ();

  (void) s;
  a->base_width = b->base_width = 1;
  a->x = 10; a->y = 10;
  b->x = 10.3; b->y = 10;
  g_assert_true (ph_figures_overlap (a, b));
  b->x = 11;                     /* edge to edge: in contact */
  g_assert_false (ph_figures_overlap (a, b));
  b->x = 10.97;                  /* a hair over, as a hand places it: a touch */
  g_assert_false (ph_figures_overlap (a, b));
  b->x = 10.8;
  g_assert_true (ph_figures_overlap (a, b));
  b->x = 13;
  g_assert_false (ph_figures_overlap (a, b));
  ph_figure_free (a);
  ph_figure_free (b);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/scenario/model/names", test_names);
  g_test_add_func ("/scenario/model/status", test_status);
  g_test_add_func ("/scenario/model/kinds", test_kinds);
  g_test_add_func ("/scenario/model/terrain-defaults", test_terrain_defaults);
  g_test_add_func ("/scenario/model/cover-override", test_cover_override);
  g_test_add_func ("/scenario/model/new", test_new);
  g_test_add_func ("/scenario/model/figure-helpers", test_figure_helpers);
  g_test_add_func ("/scenario/model/index", test_index);
  g_test_add_func ("/scenario/model/copy", test_copy);
  g_test_add_func ("/scenario/model/ref", test_ref);
  g_test_add_func ("/scenario/model/overlap", test_overlap);

  return g_test_run ();
}
