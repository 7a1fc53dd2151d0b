/* ph-scenario.c: the scenario model
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-ruleset.h"
#include "ph-enum-names.h"
#include "ph-scenario.h"
#include "ph-stats.h"
#include "ph-error.h"
#include "ph-scenario-check.h"
#include "ph-scenario-values.h"

/* Name tables, in enum order: the names are those of scenario-format.md.
 * NC_() marks them for the *_label() functions below, which give them in
 * people's words (translated; the names themselves never are). */

static const char * const unit_names[] = { "in", "cm" };
static const char * const grid_names[] = {
  NC_("grid", "square"), NC_("grid", "hex"), NC_("grid", "none"),
};
static const char * const measure_names[] = { NC_("measure", "edge"), NC_("measure", "centre") };
static const char * const terrain_names[] = {
  NC_("terrain", "woods"), NC_("terrain", "brush"), NC_("terrain", "building"),
  NC_("terrain", "rough"), NC_("terrain", "very-rough"),
  NC_("terrain", "hill"), NC_("terrain", "rocks"), NC_("terrain", "marsh"),
  NC_("terrain", "water"), NC_("terrain", "field"), NC_("terrain", "road"),
  NC_("terrain", "fence"), NC_("terrain", "hedge"), NC_("terrain", "wall"),
  NC_("terrain", "stockade"), NC_("terrain", "works"),
  NC_("terrain", "stream"),
};
static const char * const cover_names[] = {
  NC_("cover", "open"), NC_("cover", "soft"), NC_("cover", "hard"),
};
static const char * const base_shape_names[] = { NC_("base", "round"), NC_("base", "square") };
static const char * const troop_names[] = {
  NC_("troop", "line"), NC_("troop", "light"), NC_("troop", "guerrilla"),
  NC_("troop", "indian"), NC_("troop", "cavalry"), NC_("troop", "artillery"),
  NC_("troop", "civilian"),
};
static const char * const stance_names[] = {
  NC_("stance", "standing"), NC_("stance", "walking"), NC_("stance", "action"),
  NC_("stance", "running"), NC_("stance", "kneeling"),
  NC_("stance", "charging"), NC_("stance", "lying"), NC_("stance", "trotting"),
  NC_("stance", "cantering"), NC_("stance", "galloping"),
};
static const char * const status_names[] = {
  NC_("status", "fired"), NC_("status", "moved"), NC_("status", "prone"),
  NC_("status", "startled"), NC_("status", "cowering"), NC_("status", "angry"),
  NC_("status", "vexed"), NC_("status", "shaken"), NC_("status", "reacting"),
  NC_("status", "melee"), NC_("status", "dead"), NC_("status", "fled"),
};
static const char * const weapon_names[] = {
  NC_("weapon", "musket"), NC_("weapon", "rifle"), NC_("weapon", "pistol"),
  NC_("weapon", "blunderbuss"), NC_("weapon", "bow"), NC_("weapon", "thrown"),
  NC_("weapon", "canister"), NC_("weapon", "roundshot"),
  NC_("weapon", "flintlock-pistol"), NC_("weapon", "flintlock-arquebus"),
  NC_("weapon", "flintlock-musket"),
  NC_("weapon", "flintlock-rifled-arquebus"),
  NC_("weapon", "flintlock-rifled-musket"), NC_("weapon", "wheellock-pistol"),
  NC_("weapon", "matchlock-pistol"), NC_("weapon", "matchlock-arquebus"),
  NC_("weapon", "matchlock-musket"),
  NC_("weapon", "matchlock-rifled-arquebus"),
  NC_("weapon", "matchlock-rifled-musket"), NC_("weapon", "bayonet"),
  NC_("weapon", "knife"), NC_("weapon", "tomahawk"), NC_("weapon", "war-club"),
  NC_("weapon", "clubbed-musket"), NC_("weapon", "sword"),
  NC_("weapon", "sabre"), NC_("weapon", "lance"), NC_("weapon", "spear"),
  NC_("weapon", "unarmed"),
};

G_STATIC_ASSERT (G_N_ELEMENTS (terrain_names) == PH_N_TERRAIN_KINDS);
G_STATIC_ASSERT (G_N_ELEMENTS (troop_names) == PH_N_TROOPS);
G_STATIC_ASSERT (G_N_ELEMENTS (stance_names) == PH_N_STANCES);
G_STATIC_ASSERT (G_N_ELEMENTS (status_names) == PH_N_STATUS);
G_STATIC_ASSERT (G_N_ELEMENTS (weapon_names) == PH_N_WEAPON_KINDS);

const char *
ph_enum_name (const char * const *names,
              guint               n_names,
              guint               value)
{
  g_return_val_if_fail (value < n_names, NULL);
  return names[value];
}

gboolean
ph_enum_lookup (const char * const *names,
                guint               n_names,
                const char         *s,
                guint              *out)
{
  if (s == NULL)
    return FALSE;
  for (guint i = 0; i < n_names; i++)
    if (strcmp (names[i], s) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

PH_DEFINE_ENUM_NAMES (ph_unit, PhUnit, unit_names)
PH_DEFINE_ENUM_NAMES (ph_grid, PhGrid, grid_names)
PH_DEFINE_ENUM_NAMES (ph_measure, PhMeasure, measure_names)
PH_DEFINE_ENUM_NAMES (ph_terrain_kind, PhTerrainKind, terrain_names)
PH_DEFINE_ENUM_NAMES (ph_cover, PhCover, cover_names)
PH_DEFINE_ENUM_NAMES (ph_base_shape, PhBaseShape, base_shape_names)
PH_DEFINE_ENUM_NAMES (ph_troop, PhTroop, troop_names)
PH_DEFINE_ENUM_NAMES (ph_stance, PhStance, stance_names)
PH_DEFINE_ENUM_NAMES (ph_weapon_kind, PhWeaponKind, weapon_names)

/* People's words for the names above: the name translated in its context
 * ("weapon": "musket" is "mousquet" in French), the name itself in English */
const char *
ph_terrain_kind_label (PhTerrainKind kind)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "terrain", ph_terrain_kind_to_string (kind));
}

const char *
ph_cover_label (PhCover cover)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "cover", ph_cover_to_string (cover));
}

const char *
ph_base_shape_label (PhBaseShape shape)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "base", ph_base_shape_to_string (shape));
}

const char *
ph_troop_label (PhTroop troop)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "troop", ph_troop_to_string (troop));
}

const char *
ph_stance_label (PhStance stance)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "stance", ph_stance_to_string (stance));
}

const char *
ph_status_label (PhStatus flag)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "status", ph_status_to_string (flag));
}

const char *
ph_weapon_kind_label (PhWeaponKind kind)
{
  return g_dpgettext2 (GETTEXT_PACKAGE, "weapon", ph_weapon_kind_to_string (kind));
}

const char *
ph_unit_label (PhUnit unit)
{
  return unit == PH_UNIT_CM ? "cm" : C_("unit", "in");
}

const char *
ph_status_to_string (PhStatus flag)
{
  for (guint i = 0; i < PH_N_STATUS; i++)
    if (flag == (1u << i))
      return status_names[i];
  g_return_val_if_reached (NULL);
}

gboolean
ph_status_from_string (const char *s,
                       PhStatus   *out)
{
  guint v;

  if (!ph_enum_lookup (status_names, PH_N_STATUS, s, &v))
    return FALSE;
  *out = (PhStatus) (1u << v);
  return TRUE;
}

char *
ph_status_set_to_string (guint status)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < PH_N_STATUS; i++)
    if (status & (1u << i))
      {
        if (s->len > 0)
          g_string_append_c (s, ' ');
        g_string_append (s, status_names[i]);
      }
  return g_string_free (s, FALSE);
}

gboolean
ph_terrain_kind_is_linear (PhTerrainKind kind)
{
  return kind >= PH_TERRAIN_FENCE;
}

gboolean
ph_weapon_kind_is_missile (PhWeaponKind k)
{
  return k < PH_WEAPON_FIRST_MELEE;
}

gboolean
ph_weapon_kind_is_gunpowder (PhWeaponKind k)
{
  return ph_weapon_kind_is_missile (k) && k != PH_WEAPON_BOW && k != PH_WEAPON_THROWN;
}

/* Terrain defaults: the table in rules.md, "Shared geometry". */

gboolean
ph_terrain_kind_blocks_los (PhTerrainKind kind)
{
  return kind == PH_TERRAIN_BUILDING;
}

PhCover
ph_terrain_kind_cover (PhTerrainKind kind)
{
  switch (kind)
    {
    case PH_TERRAIN_WOODS:
    case PH_TERRAIN_BRUSH:
    case PH_TERRAIN_FENCE:
    case PH_TERRAIN_HEDGE:
      return PH_COVER_SOFT;
    case PH_TERRAIN_BUILDING:
    case PH_TERRAIN_ROCKS:
    case PH_TERRAIN_WALL:
    case PH_TERRAIN_STOCKADE:
    case PH_TERRAIN_WORKS:
      return PH_COVER_HARD;
    case PH_TERRAIN_ROUGH:
    case PH_TERRAIN_VERY_ROUGH:
    case PH_TERRAIN_HILL:
    case PH_TERRAIN_MARSH:
    case PH_TERRAIN_WATER:
    case PH_TERRAIN_FIELD:
    case PH_TERRAIN_ROAD:
    case PH_TERRAIN_STREAM:
    case PH_N_TERRAIN_KINDS:
    default:
      return PH_COVER_OPEN;
    }
}

gboolean
ph_feature_blocks_los (const PhFeature *feature)
{
  if (feature->blocks_los >= 0)
    return feature->blocks_los != 0;
  return ph_terrain_kind_blocks_los (feature->kind);
}

PhCover
ph_feature_cover (const PhFeature *feature)
{
  if (feature->cover >= 0)
    return (PhCover) feature->cover;
  return ph_terrain_kind_cover (feature->kind);
}

/* Lifetime */

PhOption *
ph_option_new (const char *name,
               const char *value)
{
  PhOption *option = g_new0 (PhOption, 1);

  option->name = g_strdup (name);
  option->value = g_strdup (value);
  return option;
}

void
ph_option_free (PhOption *option)
{
  if (option == NULL)
    return;
  g_free (option->name);
  g_free (option->value);
  g_free (option);
}

PhFeature *
ph_feature_new (void)
{
  PhFeature *feature = g_new0 (PhFeature, 1);

  feature->blocks_los = -1;
  feature->cover = -1;
  return feature;
}

void
ph_feature_free (PhFeature *feature)
{
  if (feature == NULL)
    return;
  g_free (feature->id);
  g_free (feature->name);
  ph_shape_clear (&feature->shape);
  g_free (feature);
}

PhFeature *
ph_feature_copy (const PhFeature *feature)
{
  PhFeature *copy = g_memdup2 (feature, sizeof *feature);

  copy->id = g_strdup (feature->id);
  copy->name = g_strdup (feature->name);
  ph_shape_copy (&copy->shape, &feature->shape);
  return copy;
}

PhSide *
ph_side_new (void)
{
  return g_new0 (PhSide, 1);
}

void
ph_side_free (PhSide *side)
{
  if (side == NULL)
    return;
  g_free (side->id);
  g_free (side->name);
  g_free (side);
}

static PhSide *
ph_side_copy (const PhSide *side)
{
  PhSide *copy = g_memdup2 (side, sizeof *side);

  copy->id = g_strdup (side->id);
  copy->name = g_strdup (side->name);
  return copy;
}

void
ph_weapon_clear (PhWeapon *weapon)
{
  g_clear_pointer (&weapon->name, g_free);
}

static void
weapon_clear_func (gpointer data)
{
  ph_weapon_clear (data);
}

double
ph_default_base_width (PhUnit unit)
{
  return unit == PH_UNIT_CM ? 2.5 : 1.0;
}

PhFigure *
ph_figure_new (void)
{
  PhFigure *figure = g_new0 (PhFigure, 1);

  figure->base_shape = PH_BASE_ROUND;
  figure->base_width = 1.0;
  figure->base_depth = 1.0;
  figure->troop = PH_TROOP_LINE;
  figure->stance = PH_STANCE_STANDING;
  figure->weapons = g_array_new (FALSE, TRUE, sizeof (PhWeapon));
  g_array_set_clear_func (figure->weapons, weapon_clear_func);
  figure->stats_kind = PH_STATS_NONE;
  return figure;
}

void
ph_figure_free (PhFigure *figure)
{
  if (figure == NULL)
    return;
  g_free (figure->id);
  g_free (figure->name);
  g_free (figure->side);
  g_clear_pointer (&figure->weapons, g_array_unref);
  ph_stats_clear (figure);
  g_free (figure);
}

PhFigure *
ph_figure_copy (const PhFigure *figure)
{
  PhFigure *copy = g_memdup2 (figure, sizeof *figure);

  copy->id = g_strdup (figure->id);
  copy->name = g_strdup (figure->name);
  copy->side = g_strdup (figure->side);
  copy->weapons = g_array_sized_new (FALSE, TRUE, sizeof (PhWeapon), figure->weapons->len);
  g_array_set_clear_func (copy->weapons, weapon_clear_func);
  for (guint i = 0; i < figure->weapons->len; i++)
    {
      PhWeapon w = g_array_index (figure->weapons, PhWeapon, i);

      w.name = g_strdup (w.name);
      g_array_append_val (copy->weapons, w);
    }
  ph_stats_copy (copy, figure);
  return copy;
}

PhBackground *
ph_background_new (const char *href)
{
  PhBackground *background = g_new0 (PhBackground, 1);

  background->href = g_strdup (href);
  background->opacity = 1;
  return background;
}

PhBackground *
ph_background_copy (const PhBackground *background)
{
  PhBackground *copy;

  if (background == NULL)
    return NULL;
  copy = g_memdup2 (background, sizeof *background);
  copy->href = g_strdup (background->href);
  copy->path = g_strdup (background->path);
  return copy;
}

void
ph_background_free (PhBackground *background)
{
  if (background == NULL)
    return;
  g_free (background->href);
  g_free (background->path);
  g_free (background);
}

const char *
ph_background_get_file (const PhBackground *background)
{
  return background->path != NULL ? background->path : background->href;
}

PhScenario *
ph_scenario_new (PhRulesetId ruleset)
{
  PhScenario *scenario = g_new0 (PhScenario, 1);

  g_atomic_ref_count_init (&scenario->ref_count);
  scenario->ruleset = ruleset;
  scenario->title = g_strdup ("");
  scenario->table.width = 72;
  scenario->table.height = 48;
  scenario->table.unit = PH_UNIT_IN;
  scenario->table.grid = ph_ruleset_get (ruleset)->grid;
  scenario->table.grid_size = 1;
  scenario->table.measure = PH_MEASURE_EDGE;
  scenario->options = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_option_free);
  scenario->features = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_feature_free);
  scenario->sides = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_side_free);
  scenario->figures = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_figure_free);
  scenario->feature_ids = g_hash_table_new (g_str_hash, g_str_equal);
  scenario->side_ids = g_hash_table_new (g_str_hash, g_str_equal);
  scenario->figure_ids = g_hash_table_new (g_str_hash, g_str_equal);
  return scenario;
}

PhScenario *
ph_scenario_ref (PhScenario *scenario)
{
  g_return_val_if_fail (scenario != NULL, NULL);
  g_atomic_ref_count_inc (&scenario->ref_count);
  return scenario;
}

void
ph_scenario_unref (PhScenario *scenario)
{
  g_return_if_fail (scenario != NULL);
  if (!g_atomic_ref_count_dec (&scenario->ref_count))
    return;
  if (scenario->sight_cache_free != NULL)
    scenario->sight_cache_free (scenario->sight_cache);
  g_free (scenario->title);
  g_free (scenario->description);
  g_clear_pointer (&scenario->background, ph_background_free);
  g_free (scenario->game_xml);
  g_clear_pointer (&scenario->source, g_bytes_unref);
  g_clear_pointer (&scenario->feature_ids, g_hash_table_unref);
  g_clear_pointer (&scenario->side_ids, g_hash_table_unref);
  g_clear_pointer (&scenario->figure_ids, g_hash_table_unref);
  g_clear_pointer (&scenario->options, g_ptr_array_unref);
  g_clear_pointer (&scenario->features, g_ptr_array_unref);
  g_clear_pointer (&scenario->sides, g_ptr_array_unref);
  g_clear_pointer (&scenario->figures, g_ptr_array_unref);
  g_free (scenario);
}

PhScenario *
ph_scenario_copy (const PhScenario *scenario)
{
  PhScenario *copy = ph_scenario_new (scenario->ruleset);

  g_free (copy->title);
  copy->title = g_strdup (scenario->title);
  copy->description = g_strdup (scenario->description);
  copy->table = scenario->table;
  copy->background = ph_background_copy (scenario->background);
  copy->game_xml = g_strdup (scenario->game_xml);
  copy->game_line = scenario->game_line;
  copy->source = scenario->source != NULL ? g_bytes_ref (scenario->source) : NULL;
  for (guint i = 0; i < scenario->options->len; i++)
    {
      const PhOption *o = g_ptr_array_index (scenario->options, i);
      PhOption *c = ph_option_new (o->name, o->value);

      c->line = o->line;
      g_ptr_array_add (copy->options, c);
    }
  for (guint i = 0; i < scenario->features->len; i++)
    g_ptr_array_add (copy->features, ph_feature_copy (g_ptr_array_index (scenario->features, i)));
  for (guint i = 0; i < scenario->sides->len; i++)
    g_ptr_array_add (copy->sides, ph_side_copy (g_ptr_array_index (scenario->sides, i)));
  for (guint i = 0; i < scenario->figures->len; i++)
    g_ptr_array_add (copy->figures, ph_figure_copy (g_ptr_array_index (scenario->figures, i)));
  ph_scenario_reindex (copy);
  return copy;
}

void
ph_scenario_changed (PhScenario *scenario)
{
  g_return_if_fail (scenario != NULL);
  scenario->generation++;
}

void
ph_scenario_reindex (PhScenario *scenario)
{
  ph_scenario_changed (scenario);
  g_hash_table_remove_all (scenario->feature_ids);
  g_hash_table_remove_all (scenario->side_ids);
  g_hash_table_remove_all (scenario->figure_ids);
  for (guint i = 0; i < scenario->features->len; i++)
    {
      PhFeature *f = g_ptr_array_index (scenario->features, i);
      g_hash_table_insert (scenario->feature_ids, f->id, f);
    }
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      PhSide *s = g_ptr_array_index (scenario->sides, i);
      g_hash_table_insert (scenario->side_ids, s->id, s);
    }
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);
      g_hash_table_insert (scenario->figure_ids, f->id, f);
    }
}

PhFigure *
ph_scenario_find_figure (const PhScenario *scenario,
                         const char       *id)
{
  return id != NULL ? g_hash_table_lookup (scenario->figure_ids, id) : NULL;
}

PhSide *
ph_scenario_find_side (const PhScenario *scenario,
                       const char       *id)
{
  return id != NULL ? g_hash_table_lookup (scenario->side_ids, id) : NULL;
}

PhFeature *
ph_scenario_find_feature (const PhScenario *scenario,
                          const char       *id)
{
  return id != NULL ? g_hash_table_lookup (scenario->feature_ids, id) : NULL;
}

const char *
ph_scenario_get_option (const PhScenario *scenario,
                        const char       *name)
{
  for (guint i = 0; i < scenario->options->len; i++)
    {
      const PhOption *o = g_ptr_array_index (scenario->options, i);

      if (g_str_equal (o->name, name))
        return o->value;
    }
  return NULL;
}

/* Figures */

const char *
ph_figure_display_name (const PhFigure *figure)
{
  return figure->name != NULL && figure->name[0] != '\0' ? figure->name : figure->id;
}

const char *
ph_feature_display_name (const PhFeature *feature)
{
  return feature->name != NULL && feature->name[0] != '\0' ? feature->name : feature->id;
}

const char *
ph_scenario_display_name (const PhScenario *scenario,
                          const char       *id)
{
  const PhFeature *feature = ph_scenario_find_feature (scenario, id);
  const PhFigure *figure;

  if (feature != NULL)
    return ph_feature_display_name (feature);
  figure = ph_scenario_find_figure (scenario, id);
  return figure != NULL ? ph_figure_display_name (figure) : id;
}

void
ph_figure_get_base (const PhFigure *figure,
                    PhBase         *base)
{
  base->centre.x = figure->x;
  base->centre.y = figure->y;
  base->square = figure->base_shape == PH_BASE_SQUARE;
  base->width = figure->base_width;
  base->depth = base->square ? figure->base_depth : figure->base_width;
  base->facing = figure->facing;
}

gboolean
ph_figure_is_off_table (const PhFigure *figure)
{
  return (figure->status & (PH_STATUS_DEAD | PH_STATUS_FLED)) != 0;
}

gboolean
ph_figures_overlap (const PhFigure *a,
                    const PhFigure *b)
{
  PhBase ba, bb;

  ph_figure_get_base (a, &ba);
  ph_figure_get_base (b, &bb);
  /* bases shrunk by a twentieth still meet: more than touching */
  ba.width *= 0.95;
  ba.depth *= 0.95;
  bb.width *= 0.95;
  bb.depth *= 0.95;
  return ph_base_distance (&ba, &bb) <= 0;
}

const PhWeapon *
ph_figure_first_missile (const PhFigure *figure)
{
  for (guint i = 0; i < figure->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (figure->weapons, PhWeapon, i);

      if (ph_weapon_kind_is_missile (w->kind))
        return w;
    }
  return NULL;
}

const PhWeapon *
ph_figure_find_weapon_to_fire (const PhFigure *figure,
                               PhWeaponKind    kind)
{
  for (guint i = 0; i < figure->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (figure->weapons, PhWeapon, i);

      if (w->kind == kind && w->loaded)
        return w;
    }
  return ph_figure_find_weapon (figure, kind);
}

int
ph_figure_weapon_index (const PhFigure *figure,
                        const PhWeapon *weapon)
{
  for (guint i = 0; i < figure->weapons->len; i++)
    if (&g_array_index (figure->weapons, PhWeapon, i) == weapon)
      return (int) i;
  return -1;
}

const PhWeapon *
ph_figure_find_weapon (const PhFigure *figure,
                       PhWeaponKind    kind)
{
  for (guint i = 0; i < figure->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (figure->weapons, PhWeapon, i);

      if (w->kind == kind)
        return w;
    }
  return NULL;
}

/* New tables */

static const struct
{
  const char *id;
  const char *name;
  guint32 color;
} new_sides[] = {
  { "side-1", "Side 1", 0xb03a2e },
  { "side-2", "Side 2", 0x2e5fa8 },
};

PhScenario *
ph_scenario_new_table (PhRulesetId    ruleset,
                       const PhTable *table,
                       const char    *title)
{
  PhScenario *scenario;

  g_return_val_if_fail (table != NULL, NULL);

  scenario = ph_scenario_new (ruleset);
  scenario->table = *table;
  g_free (scenario->title);
  scenario->title = g_strdup (title != NULL && title[0] != '\0' ? title : "Untitled");
  for (guint i = 0; i < G_N_ELEMENTS (new_sides); i++)
    {
      PhSide *side = ph_side_new ();

      side->id = g_strdup (new_sides[i].id);
      side->name = g_strdup (new_sides[i].name);
      side->color = new_sides[i].color;
      g_ptr_array_add (scenario->sides, side);
    }
  ph_scenario_reindex (scenario);
  return scenario;
}

gboolean
ph_table_check (const PhTable  *table,
                GError        **error)
{
  const char *unit = ph_unit_to_string (table->unit);

  if (!ph_range_contains (table->width, &ph_range_table)
      || !ph_range_contains (table->height, &ph_range_table))
    {
      g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                   "the table's width and height must each be more than 0 and at most "
                   "%g %s, not %g x %g", ph_range_table.max, unit, table->width,
                   table->height);
      return FALSE;
    }
  if (!ph_range_contains (table->grid_size, &ph_range_length))
    {
      g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                   "the grid size must be more than 0 and at most %g %s, not %g",
                   ph_range_length.max, unit, table->grid_size);
      return FALSE;
    }
  if (table->grid != PH_GRID_NONE
      && MAX (table->width, table->height) / table->grid_size > PH_MAX_GRID_CELLS)
    {
      g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                   "a grid of %g %s is too fine for a table of %g x %g %s: at most %d "
                   "cells along the longer side, so at least %g %s", table->grid_size, unit,
                   table->width, table->height, unit, PH_MAX_GRID_CELLS,
                   MAX (table->width, table->height) / PH_MAX_GRID_CELLS, unit);
      return FALSE;
    }
  return TRUE;
}

char *
ph_scenario_new_id (const PhScenario *scenario,
                    const char       *prefix,
                    GHashTable       *also_taken)
{
  for (guint n = 1;; n++)
    {
      char *id = g_strdup_printf ("%s-%u", prefix, n);

      if (!g_hash_table_contains (scenario->figure_ids, id)
          && !g_hash_table_contains (scenario->side_ids, id)
          && !g_hash_table_contains (scenario->feature_ids, id)
          && (also_taken == NULL || !g_hash_table_contains (also_taken, id)))
        return id;
      g_free (id);
    }
}
