/* ph-ruleset.h: a ruleset's descriptor, everything a ruleset is
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each ruleset's folder (src/rulesets/RULESET) defines one const PhRuleset
 * and the registry (src/rulesets/ph-rulesets.c) lists them. The engine,
 * the game, the window, the command line and the renderer ask the
 * descriptor; none of them tests which ruleset a scenario plays.
 *
 * The engine works out the shared geometry and the common reasons (dead,
 * unloaded, out of arc, blocked) and calls assess() to fill in ranges,
 * band, modifiers, probabilities and details.
 */
#pragma once

#include "ph-engine.h"

G_BEGIN_DECLS

/* Marks text for translation (glib/gi18n-lib.h's N_(), for the headers):
 * the descriptor keeps the English (the command line's JSON gives it as it
 * is), whoever shows it to people translates it with _()
 * (src/core/base/ph-i18n.h) */
#ifndef N_
#define N_(String) (String)
#endif

typedef struct _PhGameRules PhGameRules;
typedef struct _PhStatsSchema PhStatsSchema;

/* A house rule a scenario may set in <rules> */
typedef struct
{
  const char *name;          /* "musket-range" */
  const char *values;        /* what it takes: "inches, a number > 0" */
  const char *default_value; /* "24", or NULL: none */
  const char *help;          /* what it changes */
} PhRulesetOption;

/* What a shot may do that matters, by which the lists rank shots (advise,
 * the Fire tab, Who Can Shoot Whom) and the threat map shades the table:
 * Firelock's cover takes off the result roll, not the chance to hit, so a
 * man in works is as easy to hit as one in the open and far harder to
 * wound. Its chance is PhAssessment.p_effect. */
typedef struct
{
  const char *name;      /* advise's and odds' JSON "effect": "wound", "kill", "hit" */
  const char *to;        /* after a percentage: "to wound" ("33% to wound") */
  const char *heading;   /* a column's heading: "To wound" */
  const char *expected;  /* after a number: "wounding shots to expect" */
  const char *best;      /* the threat map's legend: "an enemy's best chance to wound him there" */
  /* Its chance for a shot that can be fired (the engine gives 0 for the
   * others), from the assessment's numbers and its shot */
  double (*chance) (const PhAssessment *assessment);
} PhShotEffect;

/* The two effects most rulesets rank by: any hit, and a kill (p_kill) */
extern const PhShotEffect ph_shot_effect_hit;
extern const PhShotEffect ph_shot_effect_kill;

/* One way to take a shot, as `advise` weighs it */
typedef struct
{
  const char *action;   /* its name in advise's JSON: "careful-aim" */
  const char *label;    /* in words: "careful aim (+3 on the result), fire" */
  PhShotOptions shot;   /* assess's options for it (the weapon is set apart) */
  int cost;             /* in the ruleset's own measure: IPs, phases, actions */
} PhShotChoice;

struct _PhRuleset
{
  PhRulesetId id;
  const char *name;              /* the file's name: "firelock-scalplock" */
  const char *title;             /* "Firelock and Scalplock" */
  const char *short_title;       /* "Firelock", in running text */
  /* The unit distances are read in: PH_DIST_IN, PH_DIST_CM (paces, one to
   * the cm, on an inch table too) or PH_DIST_HEX */
  PhDistUnit dist_unit;
  /* A finer cover class than soft and hard (Firelock's brush, woods, works,
   * building), or NULL: the class of a feature covering the target, higher
   * is stronger, 0 none; and its name for people and JSON (cover_detail) */
  int         (*cover_class)      (const PhFeature *feature);
  const char *(*cover_class_name) (int cover_class);
  gboolean weapon_bands;         /* missile weapons carry short/medium/long bands */

  /* A new scenario's usual table */
  PhUnit unit;                   /* of a table size given without a unit */
  PhGrid grid;
  double grid_size_in;           /* the grid's size on an inch table */
  double grid_size_cm;           /* and on a cm table */
  PhMeasure measure;

  /* The figures' stats: the <RULESET> element's attributes */
  const PhStatsSchema *stats;

  /* A new figure's profile (troop, weapons, stats): a sensible man of this
   * ruleset that the referee then edits. @figure has its id, side,
   * position and base already. */
  void (*figure_template) (PhFigure *figure);

  /* The game: turns, actions, the log's events */
  const PhGameRules *game;
  /* A random character for one figure (Firelock's bravery chart), or NULL
   * when the ruleset has none: rolls with @rand and sets the figure's
   * stats, *@roll being the die read on the chart */
  gboolean (*roll_character) (PhScenario *scenario, const char *figure_id,
                              GRand *rand, int *roll, GError **error);

  /* advise: the choices a shooter has, in the order ties are listed */
  const PhShotChoice *shot_choices;
  guint n_shot_choices;
  /* The ruleset's shot options, in PhShotOptions.values order (the keys of
   * advise's "options" object, the Fire tab's controls) */
  const PhShotOption *shot_options;
  guint n_shot_options;
  /* How many attacks one assessed shot makes (Guns of War's attack
   * sequence), or NULL: one */
  int (*shot_attacks) (const PhAssessment *assessment);
  /* The cost of @choice for @shooter in words ("6 IPs: careful aim 4,
   * spot 2"); *@order (lower is cheaper) breaks ties of expected effect.
   * @assessment is the choice's own. */
  char *(*shot_cost) (const PhShotChoice *choice, const PhFigure *shooter,
                      const PhAssessment *assessment, int *order);

  /* What the shot's modifiers are added to, for the Fire tab: its name
   * ("Chance of a hit: running row, medium range") with its value in
   * *@value ("50%"), both to free; NULL when the assessment has none to
   * show (out of range), or the ruleset's modifiers speak for themselves
   * (NULL hook) */
  char *(*shot_base) (const PhAssessment *assessment, char **value);
  /* What the chance to hit takes beside the shot's own roll, in a few
   * words for after it ("27% to hit (spotting him first, 6+ on a d10,
   * then the shot)"): Firelock's acquisition roll; NULL when the chance
   * is the shot's alone (NULL hook: always) */
  char *(*hit_note) (const PhAssessment *assessment);
  /* What shot option @option at its value in @options has @shooter do, in
   * words for after the target's name ("paying 2 IPs to spot"), or NULL
   * (NULL hook: never): the map menu's shot item then names it there and
   * leaves out the modifiers it brings, which would say it twice */
  char *(*shot_doing) (const PhFigure *shooter, const PhShotOptions *options, guint option);

  gboolean has_arc;              /* 45-degree fire arc */
  gboolean figures_block_los;    /* other figures' bases block LOS */
  gboolean has_kill;             /* the ruleset defines p_kill */
  /* The effect its shots are ranked and the threat map shaded by; NULL:
   * ph_shot_effect_hit */
  const PhShotEffect *effect;
  /* The house rules a scenario may set (<rules><option name=...>) */
  const PhRulesetOption *options;
  guint n_options;
  /* Checks an option's value; NULL when any value goes. */
  gboolean (*check_option) (const char *name, const char *value, GError **error);
  /* Fills in everything ruleset-specific: max_range, in_range, band,
   * modifiers, p_hit, p_kill, details, and its own reasons. Called with
   * ctx->weapon != NULL. The engine has already set distance, unit, in_arc,
   * los, cover and the common reasons; assess() appends its reasons and must
   * leave p_hit (and p_kill) at 0 when out->reasons is non-empty on return. */
  gboolean (*assess) (const PhShotContext *ctx, const PhShotOptions *options,
                      PhAssessment *out, GError **error);
  /* Range rings for drawing, in the ruleset's distance unit; append
   * PhRangeRing to @rings. */
  void (*range_rings) (const PhScenario *scenario, const PhFigure *figure,
                       const PhWeapon *weapon, gboolean target_mounted,
                       GArray *rings);
};

/* The effect @ruleset's shots are ranked by (never NULL) */
const PhShotEffect *ph_ruleset_effect (const PhRuleset *ruleset);

/* The registry's descriptor for @id (src/rulesets/ph-rulesets.c) */
const PhRuleset *ph_ruleset_get (PhRulesetId id);
/* The unit distances are read in: inches for Firelock, Fistful and Musket
 * Mayhem, paces (PH_DIST_CM) for Featherstone whatever the table's unit,
 * hexes for Guns of War. */
PhDistUnit       ph_ruleset_dist_unit (PhRulesetId id, const PhTable *table);
/* Table units per one distance unit (2.54 for inches on a cm table, 1/2.54
 * for Featherstone's paces on an inch table) */
double           ph_ruleset_table_units_per (PhRulesetId id, const PhTable *table);
/* How distances are read, for people: "paces, read off the inch table at
 * 2.54 paces to the inch" */
char            *ph_ruleset_describe_distances (PhRulesetId id, const PhTable *table);
/* From @a to @b (table units) as the ruleset reads it: inches, paces, or
 * on a hex table the hexes between their hexes */
double           ph_ruleset_distance   (PhRulesetId id, const PhTable *table, PhPoint a,
                                        PhPoint b);
/* @distance (in the ruleset's unit, ph_ruleset_distance()) for people,
 * in the words of the label by the pointer of a drag: "4.6 in", "12.0
 * paces", "3 hexes", "1 hex" */
char            *ph_ruleset_format_distance (PhRulesetId id, double distance);
/* A new figure for @scenario: a fresh id ("figure-3"), on @side at (x,
 * y), facing @facing, on the table unit's usual base, with the ruleset's
 * profile (PhRuleset.figure_template) */
PhFigure        *ph_ruleset_new_figure  (const PhScenario *scenario, const char *side,
                                         double x, double y, double facing);
/* A weapon of @kind as this ruleset's figures carry it: loaded, with the
 * usual range bands where the ruleset needs them */
void             ph_ruleset_init_weapon (PhRulesetId id, PhWeaponKind kind, PhWeapon *weapon);
/* The ruleset's usual table in @unit: sets @table's unit, grid, grid size
 * and measure (its width and height are left alone) */
void             ph_ruleset_usual_table (PhRulesetId id, PhUnit unit, PhTable *table);
/* The ruleset's shot option named @name ("aim"), its index in *@index;
 * NULL when it has none */
const PhShotOption *ph_ruleset_find_shot_option (const PhRuleset *ruleset, const char *name,
                                                 guint *index);
/* The first registered ruleset's shot option named @name, or NULL */
const PhShotOption *ph_rulesets_find_shot_option (const char *name);
/* A value by name: a choice's name, or for a flag "true" / "false" */
gboolean         ph_shot_option_parse      (const PhShotOption *option, const char *value,
                                            int *out);
/* A choice's name ("careful"); NULL for a flag */
const char      *ph_shot_option_value_name (const PhShotOption *option, int value);
/* A random character for @figure_id (the descriptor's roll_character);
 * G_IO_ERROR_NOT_SUPPORTED when the scenario's ruleset has none */
gboolean         ph_ruleset_roll_character (PhScenario *scenario, const char *figure_id,
                                            GRand *rand, int *roll, GError **error);
/* The house rule named @name, or NULL */
const PhRulesetOption *ph_ruleset_find_option (const PhRuleset *ruleset, const char *name);
/* Checks a <rules><option>: known name and usable value. */
gboolean         ph_ruleset_check_option (PhRulesetId id, const char *name,
                                          const char *value, GError **error);

/* Musket Mayhem's weapon table, for its engine, its game and its figure
 * sheet alike.  The weapon's range in inches, following the scenario's
 * pistol-range and musket-range options (@scenario may be NULL: the text's
 * ranges); 0 for a kind the text's range table does not list.  FALSE with
 * @error when an option's value is unusable (only a scenario built in
 * memory can hold one), *inches then being the text's range. */
gboolean         ph_mayhem_weapon_range (const PhScenario *scenario,
                                         PhWeaponKind kind, double *inches,
                                         GError **error);
/* The impact die's modifier for the weapon: +1 musket and rifle, +2
 * canister, +3 roundshot, else 0 */
int              ph_mayhem_impact_modifier (PhWeaponKind kind);

G_END_DECLS
