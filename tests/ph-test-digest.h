/* ph-test-digest.h: a digest of the engine's answers, for tests and benches
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * FNV-1a, 64 bits, over an answer's fields as they lie in memory: two
 * builds, or two ways of asking, that answer alike give the same digest.
 * test-engine-numbers holds the numbers-only path to the full one with
 * it; bench-core's los part and bench-geos print it, so that a run of the
 * build before a change and one after can be compared answer for answer.
 */
#pragma once

#include "ph-core.h"

G_BEGIN_DECLS

#define PH_TEST_DIGEST_INIT G_GUINT64_CONSTANT (14695981039346656037)

void ph_test_digest_bytes      (guint64            *h,
                                gconstpointer       data,
                                gsize               len);
/* @s and its NUL; NULL as "(null)" */
void ph_test_digest_string     (guint64            *h,
                                const char         *s);
/* Everything a numbers-only answer holds: the full answer but for the
 * modifiers and the details (ph_engine_batch_assess_numbers()) */
void ph_test_digest_numbers    (guint64            *h,
                                const PhAssessment *a);
/* The whole answer: the numbers, the modifiers and the details */
void ph_test_digest_assessment (guint64            *h,
                                const PhAssessment *a);

G_END_DECLS
