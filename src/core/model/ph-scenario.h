/* ph-scenario.h: the scenario model (what a scenario file holds)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain reference-counted structs: the file loader builds them, the rules
 * engine and the renderer read them, the window edits them through its
 * document (with undo). See docs/scenario-format.md.
 */
#pragma once

#include <glib.h>

#include "ph-geometry.h"
#include "ph-rulesets.h"
#include "ph-ruleset-stats.h"

G_BEGIN_DECLS

typedef enum { PH_UNIT_IN, PH_UNIT_CM } PhUnit;
typedef enum { PH_GRID_SQUARE, PH_GRID_HEX, PH_GRID_NONE } PhGrid;
typedef enum { PH_MEASURE_EDGE, PH_MEASURE_CENTRE } PhMeasure;

typedef enum
{
  /* area kinds */
  PH_TERRAIN_WOODS,
  PH_TERRAIN_BRUSH,
  PH_TERRAIN_BUILDING,
  PH_TERRAIN_ROUGH,
  PH_TERRAIN_VERY_ROUGH,
  PH_TERRAIN_HILL,
  PH_TERRAIN_ROCKS,
  PH_TERRAIN_MARSH,
  PH_TERRAIN_WATER,
  PH_TERRAIN_FIELD,
  PH_TERRAIN_ROAD,
  /* linear kinds */
  PH_TERRAIN_FENCE,
  PH_TERRAIN_HEDGE,
  PH_TERRAIN_WALL,
  PH_TERRAIN_STOCKADE,
  PH_TERRAIN_WORKS,
  PH_TERRAIN_STREAM,
  PH_N_TERRAIN_KINDS
} PhTerrainKind;

typedef enum { PH_COVER_OPEN, PH_COVER_SOFT, PH_COVER_HARD } PhCover;

typedef enum { PH_BASE_ROUND, PH_BASE_SQUARE } PhBaseShape;

typedef enum
{
  PH_TROOP_LINE,
  PH_TROOP_LIGHT,
  PH_TROOP_GUERRILLA,
  PH_TROOP_INDIAN,
  PH_TROOP_CAVALRY,
  PH_TROOP_ARTILLERY,
  PH_TROOP_CIVILIAN,
  PH_N_TROOPS
} PhTroop;

typedef enum
{
  PH_STANCE_STANDING,
  PH_STANCE_WALKING,
  PH_STANCE_ACTION,
  PH_STANCE_RUNNING,
  PH_STANCE_KNEELING,
  PH_STANCE_CHARGING,
  PH_STANCE_LYING,
  PH_STANCE_TROTTING,
  PH_STANCE_CANTERING,
  PH_STANCE_GALLOPING,
  PH_N_STANCES
} PhStance;

/* Status markers: a set, as bit flags (in file order) */
typedef enum
{
  PH_STATUS_FIRED    = 1 << 0,
  PH_STATUS_MOVED    = 1 << 1,
  PH_STATUS_PRONE    = 1 << 2,
  PH_STATUS_STARTLED = 1 << 3,
  PH_STATUS_COWERING = 1 << 4,
  PH_STATUS_ANGRY    = 1 << 5,
  PH_STATUS_VEXED    = 1 << 6,
  PH_STATUS_SHAKEN   = 1 << 7,
  PH_STATUS_REACTING = 1 << 8,
  PH_STATUS_MELEE    = 1 << 9,
  PH_STATUS_DEAD     = 1 << 10,
  PH_STATUS_FLED     = 1 << 11,
} PhStatus;
#define PH_N_STATUS 12

typedef enum
{
  /* missile */
  PH_WEAPON_MUSKET,
  PH_WEAPON_RIFLE,
  PH_WEAPON_PISTOL,
  PH_WEAPON_BLUNDERBUSS,
  PH_WEAPON_BOW,
  PH_WEAPON_THROWN,
  PH_WEAPON_CANISTER,
  PH_WEAPON_ROUNDSHOT,
  PH_WEAPON_FLINTLOCK_PISTOL,
  PH_WEAPON_FLINTLOCK_ARQUEBUS,
  PH_WEAPON_FLINTLOCK_MUSKET,
  PH_WEAPON_FLINTLOCK_RIFLED_ARQUEBUS,
  PH_WEAPON_FLINTLOCK_RIFLED_MUSKET,
  PH_WEAPON_WHEELLOCK_PISTOL,
  PH_WEAPON_MATCHLOCK_PISTOL,
  PH_WEAPON_MATCHLOCK_ARQUEBUS,
  PH_WEAPON_MATCHLOCK_MUSKET,
  PH_WEAPON_MATCHLOCK_RIFLED_ARQUEBUS,
  PH_WEAPON_MATCHLOCK_RIFLED_MUSKET,
  /* melee */
  PH_WEAPON_BAYONET,
  PH_WEAPON_KNIFE,
  PH_WEAPON_TOMAHAWK,
  PH_WEAPON_WAR_CLUB,
  PH_WEAPON_CLUBBED_MUSKET,
  PH_WEAPON_SWORD,
  PH_WEAPON_SABRE,
  PH_WEAPON_LANCE,
  PH_WEAPON_SPEAR,
  PH_WEAPON_UNARMED,
  PH_N_WEAPON_KINDS
} PhWeaponKind;

#define PH_WEAPON_FIRST_MELEE PH_WEAPON_BAYONET


typedef struct
{
  PhTerrainKind kind;
  char *id;
  char *name;           /* may be NULL */
  PhShape shape;
  int blocks_los;       /* -1: the kind's default; 0 or 1: override */
  int cover;            /* -1: the kind's default; else a PhCover override */
  gboolean has_elevation;
  double elevation;
  int line;             /* source line, 0 when not loaded from a file */
} PhFeature;

typedef struct
{
  char *id;
  char *name;
  guint32 color;        /* 0xRRGGBB */
  int line;
} PhSide;

typedef struct
{
  PhWeaponKind kind;
  char *name;           /* may be NULL */
  gboolean loaded;
  /* Featherstone bands (table units); has_bands FALSE when not given */
  gboolean has_bands;
  double range_short;
  double range_medium;
  double range_long;
  int melee_category;   /* 1..11, 0 when not given */
} PhWeapon;

typedef struct
{
  char *id;
  char *name;           /* may be NULL: the id is shown instead */
  char *side;           /* side id */
  double x, y;
  double facing;        /* normalised to [0, 360) */
  PhBaseShape base_shape;
  double base_width;
  double base_depth;
  PhTroop troop;
  gboolean mounted;
  gboolean leader;
  PhStance stance;
  guint status;         /* PhStatus flags */
  GArray *weapons;      /* of PhWeapon */
  PhStatsKind stats_kind; /* which ruleset element it has, or PH_STATS_NONE */
  PhFigureStats stats;  /* that element (its schema: ph-stats.h) */
  int line;
} PhFigure;

typedef struct
{
  char *name;
  char *value;
  int line;
} PhOption;

typedef struct
{
  double width;
  double height;
  PhUnit unit;
  PhGrid grid;
  double grid_size;
  PhMeasure measure;
} PhTable;

/* <background>: an image under the terrain (PNG, JPEG or SVG), drawn with
 * its top-left corner at (x, y) and stretched to width x height table
 * units. A missing or unreadable image draws nothing and never fails the
 * load (the loader does not read it). */
typedef struct
{
  char *href;           /* as written in the file: relative to it, or absolute */
  char *path;           /* href resolved against the file's folder when
                         * loaded (not saved); NULL for a model built in
                         * memory, where href is taken as it is */
  double x, y;
  double width;
  double height;        /* 0: the image's own proportions */
  double opacity;       /* 0 to 1 */
} PhBackground;

typedef struct
{
  gatomicrefcount ref_count;
  PhRulesetId ruleset;
  char *title;
  char *description;    /* may be NULL */
  PhTable table;
  PhBackground *background; /* may be NULL */
  GPtrArray *options;   /* of PhOption*, file order */
  GPtrArray *features;  /* of PhFeature*, file order */
  GPtrArray *sides;     /* of PhSide* */
  GPtrArray *figures;   /* of PhFigure* */
  char *game_xml;       /* the <game> element as XML text, kept verbatim; may be NULL */
  int game_line;        /* the line <game> starts on in its file, 0 if none */
  /* The text of the file it was loaded from (or last saved to), as it
   * was: a save writes the model's changes into it, keeping the comments
   * and layout of the rest (ph-scenario-keep.h). NULL for a scenario made
   * in memory, which saves in canonical form. Shared by copies; not part
   * of the model's value. ph_scenario_save_file() replaces it with what it
   * wrote, through a const pointer, as the engine keeps sight_cache. */
  GBytes *source;
  /* id indexes (keys and values not owned); ph_scenario_reindex() */
  GHashTable *feature_ids;
  GHashTable *side_ids;
  GHashTable *figure_ids;
  /* Counts the changes to the terrain: whatever adds, removes or reorders
   * features, or changes one's shape in place, calls ph_scenario_changed()
   * (ph_scenario_reindex() does too). The rules engine keeps a spatial
   * index of the terrain and builds it again when this, the features
   * array or the features in it are not what it was built from. */
  guint64 generation;
  /* That index: the engine's own, never copied, freed with the scenario
   * by its free function */
  gpointer sight_cache;
  GDestroyNotify sight_cache_free;
} PhScenario;

PhBackground *ph_background_new  (const char *href);
PhBackground *ph_background_copy (const PhBackground *background);
void          ph_background_free (PhBackground *background);
/* The file to read the image from: path when resolved, else href */
const char   *ph_background_get_file (const PhBackground *background);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhBackground, ph_background_free)

/* Enum <-> file names. _from_string returns FALSE for an unknown name. */
const char *ph_ruleset_id_to_string   (PhRulesetId id);
gboolean    ph_ruleset_id_from_string (const char *s, PhRulesetId *out);
const char *ph_unit_to_string         (PhUnit unit);
gboolean    ph_unit_from_string       (const char *s, PhUnit *out);
const char *ph_grid_to_string         (PhGrid grid);
gboolean    ph_grid_from_string       (const char *s, PhGrid *out);
const char *ph_measure_to_string      (PhMeasure m);
gboolean    ph_measure_from_string    (const char *s, PhMeasure *out);
const char *ph_terrain_kind_to_string (PhTerrainKind kind);
gboolean    ph_terrain_kind_from_string (const char *s, PhTerrainKind *out);
gboolean    ph_terrain_kind_is_linear (PhTerrainKind kind);
const char *ph_cover_to_string        (PhCover cover);
gboolean    ph_cover_from_string      (const char *s, PhCover *out);
const char *ph_base_shape_to_string   (PhBaseShape s);
gboolean    ph_base_shape_from_string (const char *s, PhBaseShape *out);
const char *ph_troop_to_string        (PhTroop t);
gboolean    ph_troop_from_string      (const char *s, PhTroop *out);
const char *ph_stance_to_string       (PhStance s);
gboolean    ph_stance_from_string     (const char *s, PhStance *out);
const char *ph_status_to_string       (PhStatus flag); /* one flag */
gboolean    ph_status_from_string     (const char *s, PhStatus *out);
/* "fired prone", in file order; "" for none */
char       *ph_status_set_to_string   (guint status);
const char *ph_weapon_kind_to_string  (PhWeaponKind k);
gboolean    ph_weapon_kind_from_string (const char *s, PhWeaponKind *out);
gboolean    ph_weapon_kind_is_missile (PhWeaponKind k);
/* The names in people's words, translated (po/): "musket" in English,
 * "mousquet" in French. Files, ids and JSON take the names above. */
const char *ph_terrain_kind_label     (PhTerrainKind kind);
const char *ph_cover_label            (PhCover cover);
const char *ph_base_shape_label       (PhBaseShape shape);
const char *ph_troop_label            (PhTroop troop);
const char *ph_stance_label           (PhStance stance);
const char *ph_status_label           (PhStatus flag); /* one flag */
const char *ph_weapon_kind_label      (PhWeaponKind kind);
const char *ph_unit_label              (PhUnit unit); /* "in" is "po" in French */
/* TRUE for the black powder missile weapons (all missile kinds but bow and
 * thrown) */
gboolean    ph_weapon_kind_is_gunpowder (PhWeaponKind k);

/* What the feature's kind implies, and with its overrides applied */
gboolean    ph_terrain_kind_blocks_los (PhTerrainKind kind);
PhCover     ph_terrain_kind_cover     (PhTerrainKind kind);
gboolean    ph_feature_blocks_los     (const PhFeature *feature);
PhCover     ph_feature_cover          (const PhFeature *feature);

/* Model lifetime */
PhScenario *ph_scenario_new           (PhRulesetId ruleset);
/* A new scenario of @ruleset on @table, titled @title ("Untitled" when
 * NULL or empty): no terrain, no figures, and two sides, side-1 ("Side 1",
 * red #b03a2e) and side-2 ("Side 2", blue #2e5fa8). */
PhScenario *ph_scenario_new_table     (PhRulesetId ruleset, const PhTable *table,
                                       const char *title);
/* Checks @table as the loader would (sizes more than 0 and at most 10000,
 * a grid size more than 0 and at most PH_MAX_GRID_CELLS cells along the
 * longer side): FALSE with PH_SCENARIO_ERROR_INVALID and a message for
 * people otherwise. */
gboolean    ph_table_check            (const PhTable *table, GError **error);
PhScenario *ph_scenario_ref           (PhScenario *scenario);
void        ph_scenario_unref         (PhScenario *scenario);
/* A deep copy (for undo snapshots and the game's replays). */
PhScenario *ph_scenario_copy          (const PhScenario *scenario);
/* Rebuilds the id index after features, sides or figures were added or
 * removed (and counts a change, as below). */
void        ph_scenario_reindex       (PhScenario *scenario);
/* Counts a change to the terrain (scenario->generation): to call after
 * changing a feature's shape in place, or the features array without
 * ph_scenario_reindex(), so that the engine does not answer from its
 * index of the terrain as it was. */
void        ph_scenario_changed       (PhScenario *scenario);

PhFeature  *ph_feature_new            (void);
void        ph_feature_free           (PhFeature *feature);
PhFeature  *ph_feature_copy           (const PhFeature *feature);
PhSide     *ph_side_new               (void);
void        ph_side_free              (PhSide *side);
PhFigure   *ph_figure_new             (void);
void        ph_figure_free            (PhFigure *figure);
PhFigure   *ph_figure_copy            (const PhFigure *figure);
PhOption   *ph_option_new             (const char *name, const char *value);
void        ph_option_free            (PhOption *option);
void        ph_weapon_clear           (PhWeapon *weapon);

/* An id no feature, side or figure has, nor any in @also_taken (a set of
 * ids, or NULL): "@prefix-N", N from 1 */
char       *ph_scenario_new_id        (const PhScenario *scenario, const char *prefix,
                                       GHashTable *also_taken);

/* Look-ups: NULL when absent (or when the id names another kind of thing) */
PhFigure   *ph_scenario_find_figure   (const PhScenario *scenario, const char *id);
PhSide     *ph_scenario_find_side     (const PhScenario *scenario, const char *id);
PhFeature  *ph_scenario_find_feature  (const PhScenario *scenario, const char *id);
const char *ph_scenario_get_option    (const PhScenario *scenario, const char *name);

/* Names for people: a figure's or feature's name, else its id; and the
 * same for whatever @id names (a feature or a figure), else @id itself */
const char *ph_feature_display_name   (const PhFeature *feature);
const char *ph_scenario_display_name  (const PhScenario *scenario, const char *id);

/* Figures */
const char *ph_figure_display_name    (const PhFigure *figure);
void        ph_figure_get_base        (const PhFigure *figure, PhBase *base);
gboolean    ph_figure_is_off_table    (const PhFigure *figure); /* dead or fled */
/* The two bases overlap, more than touching (bases in contact do not) */
gboolean    ph_figures_overlap        (const PhFigure *a, const PhFigure *b);
/* The first missile weapon, or NULL */
const PhWeapon *ph_figure_first_missile (const PhFigure *figure);
/* The first weapon of that kind, or NULL */
const PhWeapon *ph_figure_find_weapon (const PhFigure *figure, PhWeaponKind kind);
/* The weapon of @kind a shot is fired with: the first loaded one (the second
 * of two pistols once the first has fired), else the first one */
const PhWeapon *ph_figure_find_weapon_to_fire (const PhFigure *figure, PhWeaponKind kind);
/* Its index in figure->weapons, -1 when @weapon is not the figure's */
int             ph_figure_weapon_index (const PhFigure *figure, const PhWeapon *weapon);
/* base-width's default for a table unit: 1 inch or 2.5 cm */
double      ph_default_base_width     (PhUnit unit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhScenario, ph_scenario_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhFeature, ph_feature_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhFigure, ph_figure_free)

G_END_DECLS
