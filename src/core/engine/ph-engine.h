/* ph-engine.h: the rules engine's common interface
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph_engine_assess() answers "can he shoot him, and with what odds?" for
 * one shooter, one target and one weapon, under the scenario's ruleset, as
 * docs/rules.md reads the five rule texts. The shared geometry
 * (distance, arc, line of sight, cover) is worked out here once; each
 * ruleset (ph-ruleset-*.c, behind PhRuleset) adds its ranges, modifiers and
 * exact probabilities.
 */
#pragma once

#include <glib.h>

#include "ph-scenario.h"

G_BEGIN_DECLS

#define PH_SHOT_MAX_OPTIONS 4

/* How a shot is taken. The weapon is every ruleset's; the rest are the
 * ruleset's own shot options (PhRuleset.shot_options: Firelock's aim and
 * spot, Featherstone's aimed or snap fire...), each at the index its
 * folder's header names (PH_FIRELOCK_OPT_AIM...), 0 being the default. */
typedef struct
{
  gboolean has_weapon;      /* FALSE: the shooter's first missile weapon */
  PhWeaponKind weapon;
  int values[PH_SHOT_MAX_OPTIONS];
} PhShotOptions;

#define PH_SHOT_OPTIONS_INIT { FALSE, 0, { 0 } }

typedef enum
{
  PH_SHOT_OPTION_FLAG,      /* on or off: a check box, --spot */
  PH_SHOT_OPTION_BUTTONS,   /* one of a few short choices: linked buttons */
  PH_SHOT_OPTION_MENU,      /* one of a few longer choices: a drop-down */
} PhShotOptionType;

/* One shot option of a ruleset: what assess's --NAME, advise's "options"
 * and the Fire tab show */
typedef struct
{
  const char *name;                  /* "aim": --aim, advise's key */
  PhShotOptionType type;
  const char * const *choices;       /* BUTTONS, MENU: the values' names, NULL-terminated */
  const char *label;                 /* "Aim", or the check box's "Pay to spot (+5 to acquire)" */
  const char * const *choice_labels; /* the Fire tab's words for each choice */
  const char * const *choice_help;   /* and their tooltips (may be NULL) */
} PhShotOption;

typedef enum
{
  PH_DIST_IN,  /* inches */
  PH_DIST_CM,  /* centimetres, read as paces by Featherstone */
  PH_DIST_HEX, /* hexes */
} PhDistUnit;

typedef struct
{
  char *label;   /* in a referee's words: "over half range", "target in woods" */
  double value;  /* in the ruleset's own units: pips, percent */
} PhModifier;

typedef struct
{
  PhRulesetId ruleset;
  char *shooter;
  char *target;
  gboolean has_weapon;
  PhWeaponKind weapon;
  PhDistUnit unit;
  double distance;
  gboolean has_max_range;
  double max_range;
  gboolean in_range;
  char *band;              /* NULL when the ruleset has none or out of range */
  gboolean in_arc;
  gboolean los_clear;
  GPtrArray *blocked_by;   /* of char* (ids) */
  PhCover cover;
  gboolean has_cover_detail; /* the ruleset has cover classes (PhRuleset.cover_class) */
  int cover_detail;          /* the strongest class covering the target, 0 none */
  char *cover_feature;     /* id of the feature giving the cover, or NULL */
  gboolean can_fire;
  GPtrArray *reasons;      /* of char* */
  double p_hit;
  gboolean has_p_kill;
  double p_kill;
  /* The chance of the effect the ruleset ranks shots by (PhRuleset.effect:
   * Firelock's any wound, a kill, a hit), 0 when the shot cannot be fired;
   * worked out from the numbers above and the ruleset's own (shot), never
   * shown by assess, which gives what it is made of */
  double p_effect;
  GArray *modifiers;       /* of PhModifier */
  GVariant *details;       /* a{sv}, floating reference sunk; never NULL */
  /* Only the numbers (ph_engine_batch_assess_numbers()): every verdict,
   * number, band and reason as in full, but no modifiers (empty) and no
   * details (an empty a{sv}) */
  gboolean numbers_only;
  /* The ruleset's own numbers, typed, for its game to read (the struct its
   * folder's ph-ruleset-RULESET.h declares: PhFirelockShot...); what
   * details shows people. NULL when the ruleset gave none. */
  gpointer shot;
  GDestroyNotify shot_free;
} PhAssessment;

/* The shared geometry of one shooter/target pair, handed to the ruleset. */
typedef struct
{
  const PhScenario *scenario;
  const PhFigure *shooter;
  const PhFigure *target;
  const PhWeapon *weapon;  /* NULL: no missile weapon (the engine gave the reason) */
  double distance;         /* in the ruleset's unit (see PhRuleset.unit) */
  double bearing;          /* shooter centre to target centre, degrees */
  gboolean in_arc;         /* within 45 degrees of the shooter's facing */
  gboolean los_clear;
  PhCover cover;
  int cover_class;         /* the ruleset's cover class (PhRuleset.cover_class), or 0 */
} PhShotContext;

typedef struct _PhRuleset PhRuleset;

/* A range ring to draw around a figure */
typedef struct
{
  double distance;  /* in table units */
  char *label;      /* "56%", "half range", "short", "AP 2 hexes" */
} PhRangeRing;

void          ph_range_ring_clear (PhRangeRing *ring);

PhAssessment *ph_assessment_new  (void);
void          ph_assessment_free (PhAssessment *assessment);
void          ph_assessment_add_modifier (PhAssessment *assessment,
                                          const char *label, double value);
/* Hands the ruleset's typed numbers to @assessment (replacing any) */
void          ph_assessment_set_shot     (PhAssessment *assessment,
                                          gpointer shot, GDestroyNotify shot_free);
void          ph_assessment_add_reason   (PhAssessment *assessment,
                                          const char *format, ...) G_GNUC_PRINTF (2, 3);
const char   *ph_dist_unit_to_string     (PhDistUnit unit);
const char   *ph_dist_unit_label         (PhDistUnit unit);

/* Assesses one shot. Fails (returning NULL) only when the question itself is
 * wrong: an unknown id, a weapon the shooter does not carry, shooter and
 * target the same figure, or a ruleset option whose value is unusable.
 * Everything about the situation (out of range, blocked...) is an answer:
 * can_fire FALSE with reasons. */
PhAssessment *ph_engine_assess   (const PhScenario *scenario,
                                  const char *shooter_id,
                                  const char *target_id,
                                  const PhShotOptions *options,
                                  GError **error);

/* The same for two figures already looked up. */
PhAssessment *ph_engine_assess_figures (const PhScenario *scenario,
                                        const PhFigure *shooter,
                                        const PhFigure *target,
                                        const PhShotOptions *options,
                                        GError **error);

/* The range rings of a figure's weapon (NULL weapon: its first missile
 * weapon), nearest first, in table units (Guns of War: in hexes); an array of PhRangeRing with a
 * clear function set. @target_mounted picks Guns of War's mounted column. */
GArray       *ph_engine_range_rings (const PhScenario *scenario,
                                     const PhFigure *figure,
                                     const PhWeapon *weapon,
                                     gboolean target_mounted);

/* Shared geometry, also used by the window to draw the LOS line */
double        ph_engine_distance (const PhScenario *scenario,
                                  const PhFigure *a, const PhFigure *b);
/* Line of sight from @shooter to @target as rules.md reads it. Appends the
 * ids of what blocks it to @blocked_by (may be NULL). @figures_block:
 * other figures' bases block too (Musket Mayhem). */
gboolean      ph_engine_line_of_sight (const PhScenario *scenario,
                                       const PhFigure *shooter,
                                       const PhFigure *target,
                                       gboolean figures_block,
                                       GPtrArray *blocked_by);
/* The target's cover against a shot from @shooter, its class in the
 * ruleset's finer classes (PhRuleset.cover_class, 0 when none) and
 * the feature that gives it (NULL for open). */
PhCover       ph_engine_cover     (const PhScenario *scenario,
                                   const PhFigure *shooter,
                                   const PhFigure *target,
                                   int *cover_class,
                                   const PhFeature **feature);

/* The linear feature (wall, fence, hedge...) giving more cover than
 * @cover that the line of fire from @shooter crosses, but too far from
 * @target to cover him: farther from his centre than his base radius
 * plus one inch (see ph_engine_cover()). The nearest such crossing, or
 * NULL; @distance gets its distance from the target's centre and @reach
 * the distance within which it would cover, both in table units. It
 * says why a line drawn over a wall still reads "open". */
const PhFeature *ph_engine_cover_missed (const PhScenario *scenario,
                                         const PhFigure   *shooter,
                                         const PhFigure   *target,
                                         PhCover           cover,
                                         double           *distance,
                                         double           *reach);

/* Many questions about one scenario at once: the "Enemies in sight" list,
 * the odds of every pair, every pair's line of sight. A batch works out
 * once, for each of the scenario's figures, which areas of terrain hold it,
 * and builds the engine's index of the terrain at once; its answers are
 * exactly those of the functions above. The scenario must outlive the
 * batch; a change to its terrain, or a figure moved, is seen and worked
 * out again. Not for two threads at once. */
typedef struct _PhEngineBatch PhEngineBatch;

PhEngineBatch *ph_engine_batch_new    (const PhScenario *scenario);
void          ph_engine_batch_free    (PhEngineBatch *batch);
/* ph_engine_line_of_sight() and ph_engine_assess_figures() */
gboolean      ph_engine_batch_line_of_sight (PhEngineBatch *batch,
                                             const PhFigure *shooter,
                                             const PhFigure *target,
                                             gboolean figures_block,
                                             GPtrArray *blocked_by);
PhAssessment *ph_engine_batch_assess  (PhEngineBatch *batch,
                                       const PhFigure *shooter,
                                       const PhFigure *target,
                                       const PhShotOptions *options,
                                       GError **error);
/* ph_engine_batch_assess() for lists of many shots (the odds of every
 * pair, the "Enemies in sight" list, the threat map): the same answer,
 * field for field, but for the modifiers, left empty, and the details, an
 * empty a{sv} (numbers_only is TRUE). Building those takes most of an
 * assessment's time, and a list shows neither. */
PhAssessment *ph_engine_batch_assess_numbers (PhEngineBatch        *batch,
                                              const PhFigure       *shooter,
                                              const PhFigure       *target,
                                              const PhShotOptions  *options,
                                              GError              **error);
/* The line of sight of every ordered pair of the scenario's figures, n of
 * them: @clear (n * n) gets at [i * n + j] what ph_engine_line_of_sight()
 * answers for figure i looking at figure j, the diagonal TRUE. The way
 * back is worked out again unless the way there passed near nothing that
 * could block it: the exact tests need not answer alike both ways to the
 * last bit, so their answers are not shared. */
void          ph_engine_batch_line_of_sight_all (PhEngineBatch *batch,
                                                 gboolean figures_block,
                                                 gboolean *clear);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhEngineBatch, ph_engine_batch_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhAssessment, ph_assessment_free)

G_END_DECLS
