/* ph-test-util.h: helpers shared by the core's tests
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loading a scenario from a string, assessing a shot, and the assertions on
 * an assessment that every ruleset's test makes.  Each helper asserts (no
 * error, a result) so that a test reads as what it checks.
 */
#pragma once

#include "ph-core.h"

G_BEGIN_DECLS

/* Tolerance of the modifier assertions */
#define PH_TEST_EPS 1e-12

/* Loads @xml (@length bytes, or up to its NUL when -1), named @filename in
 * messages; asserts that it loads. */
PhScenario   *ph_test_load_xml (const char *xml,
                                gssize      length,
                                const char *filename);
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

G_END_DECLS
