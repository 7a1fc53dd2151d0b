/* ph-test-util.h: helpers shared by the core's tests
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loading a scenario from a string, assessing a shot, and the assertions on
 * an assessment that every ruleset's test makes; the checks every game test
 * makes after a step (undo, redo, save and load).  Each helper asserts (no
 * error, a result) so that a test reads as what it checks.
 */
#pragma once

#include "ph-core.h"
#include "ph-test-files.h"

G_BEGIN_DECLS

/* Tolerance of the modifier assertions */
#define PH_TEST_EPS 1e-12

/* Loads @xml (@length bytes, or up to its NUL when -1), named @filename in
 * messages; asserts that it loads. */
PhScenario   *ph_test_load_xml (const char *xml,
                                gssize      length,
                                const char *filename);
/* Loads the example scenario @name (ph_test_scenario_path()), asserting
 * that it loads */
PhScenario   *ph_test_load_example (const char *name);
/* ph_engine_assess(), asserting no error and a result */
PhAssessment *ph_test_assess (const PhScenario    *scenario,
                              const char          *shooter,
                              const char          *target,
                              const PhShotOptions *options);

/* Whether a reason contains @needle */
gboolean ph_test_has_reason_containing (const PhAssessment *a,
                                        const char         *needle);
/* Modifier @i is @label, worth @value */
void     ph_test_assert_modifier       (const PhAssessment *a,
                                        guint               i,
                                        const char         *label,
                                        double              value);
/* The modifier list exactly: label, value (a double) pairs ending with
 * NULL */
void     ph_test_assert_modifiers      (const PhAssessment *a,
                                        ...) G_GNUC_NULL_TERMINATED;

/* A detail, asserting that it is there with that type */
double   ph_test_detail_double (const PhAssessment *a,
                                const char         *key);
gint32   ph_test_detail_int    (const PhAssessment *a,
                                const char         *key);
gboolean ph_test_detail_bool   (const PhAssessment *a,
                                const char         *key);
gboolean ph_test_has_detail    (const PhAssessment *a,
                                const char         *key);

/* Games (ph-game.h) */

/* The state a step changes: the figures (the scenario's XML without the
 * stored <game>) and every game variable, one "name=value" line each,
 * sorted by name */
char          *ph_test_game_state      (PhGame *game);
/* Saves @game into its scenario's text and loads that back: the same state,
 * seed, position and log, and the same next dice (a tray roll in both,
 * undone in @game, which is then as it was) */
void           ph_test_check_save_load (PhGame *game);
/* Performs @action with "name=value" arguments (NULL-terminated), asserting
 * success; then undo gives the exact state before, redo the state after,
 * and ph_test_check_save_load() holds. Returns the event. */
const PhEvent *ph_test_step            (PhGame     *game,
                                        const char *action,
                                        ...) G_GNUC_NULL_TERMINATED;
const PhEvent *ph_test_stepv           (PhGame             *game,
                                        const char         *action,
                                        const char * const *args);
/* Performs without the checks (seed searches): whether it succeeded */
gboolean       ph_test_try             (PhGame     *game,
                                        const char *action,
                                        ...) G_GNUC_NULL_TERMINATED;
/* @action is refused with @code and a message containing @needle (any
 * message when NULL); nothing changes, not even the log */
void           ph_test_refuse          (PhGame     *game,
                                        int         code,
                                        const char *needle,
                                        const char *action,
                                        ...) G_GNUC_NULL_TERMINATED;

/* The last applied event */
const PhEvent *ph_test_last_event      (PhGame *game);
/* Fails when @event's line or a roll's purpose writes a modifier of 0
 * ("d10+0"); every ph_test_step() checks it */
void           ph_test_assert_no_zero_modifier (const PhEvent *event);
/* Roll @i of @event (hidden draws count) */
const PhRoll  *ph_test_roll            (const PhEvent *event,
                                        guint          i);
/* The visible rolls of @event (hidden draws left out) */
guint          ph_test_n_visible_rolls (const PhEvent *event);
/* @event's log line contains @needle */
void           ph_test_assert_log_contains (const PhEvent *event,
                                            const char    *needle);
/* A figure of the game's scenario, asserting that it is there */
PhFigure      *ph_test_figure          (PhGame     *game,
                                        const char *id);
/* Seed searches: a seed cannot force a die, so a test looks for one */
typedef gboolean (*PhTestSeedFunc) (PhGame *game, gpointer data);
/* The first seed in [@first, @last] for which @accept, given a new game
 * with that seed on a copy of @scenario, returns TRUE; asserts that there
 * is one */
guint32        ph_test_find_seed       (const PhScenario *scenario,
                                        guint32           first,
                                        guint32           last,
                                        PhTestSeedFunc    accept,
                                        gpointer          data);
/* Looks ahead: the next @n dice of @sides are each within [lo, hi]; the
 * tray rolls are undone, so the generator is back where it was */
gboolean       ph_test_next_dice_are   (PhGame    *game,
                                        guint      n,
                                        const int *sides,
                                        const int *lo,
                                        const int *hi);

G_END_DECLS
