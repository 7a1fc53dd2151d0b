/* ph-ruleset-private.h: helpers the ruleset files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Not installed and not for the engine's callers: what every
 * ph-ruleset-*.c would otherwise write again (the range slack, the "out of
 * range" reason, the checks of <rules><option> values, the details
 * vardict).  The dice themselves are in ph-dice.h.
 */
#pragma once

#include "ph-ruleset.h"

G_BEGIN_DECLS

/* Floating-point distances (a cm table divided by 2.54, a diagonal) may land
 * a hair above the number a referee would measure: a cm table's 60.96 cm is
 * 24.000000000000004 in.  Range limits and bands allow this much slack, in
 * the ruleset's distance unit. */
#define PH_RANGE_SLACK 1e-9

/* Adds a reason "out of range: " followed by the formatted text (translated:
 * mark @format _()). */
void     ph_ruleset_add_out_of_range (PhAssessment *out,
                                      const char   *format,
                                      ...) G_GNUC_PRINTF (2, 3);
/* @d beyond @limit, with as few decimals (1 to 5) as show that it is beyond:
 * "24.02", not "24.0" next to a range of 24; "%.6f" past that.  Always with
 * a '.', whatever the locale. */
char    *ph_ruleset_format_beyond (double d,
                                   double limit);
/* "%g" with a '.', whatever the locale: "24", "12.5" */
char    *ph_ruleset_format_number (double d);

/* Option values.  Each parses the whole string (no blanks around it); the
 * check_ variants also set @error in @domain / @code (the loader's
 * PH_SCENARIO_ERROR or the engine's PH_ENGINE_ERROR) with a message naming
 * the option and the value; @what, when not NULL, says what the number
 * means: "option 'long-range' must be a number > 0 (inches), not 'x'". */
gboolean ph_ruleset_parse_positive_number (const char *value, double *out);
gboolean ph_ruleset_parse_int (const char *value, int min, int max, int *out);
gboolean ph_ruleset_check_positive_number (const char *name, const char *value,
                                           const char *what, GQuark domain,
                                           int code, double *out,
                                           GError **error);
gboolean ph_ruleset_check_int (const char *name, const char *value,
                               int min, int max, const char *what,
                               GQuark domain, int code, int *out,
                               GError **error);
/* "true" or "false" */
gboolean ph_ruleset_check_boolean (const char *name, const char *value,
                                   GQuark domain, int code, gboolean *out,
                                   GError **error);

/* The details vardict: a builder started by ph_ruleset_details_begin(),
 * one entry per key, then ended into @out->details (replacing any there).
 * For an assessment of numbers only (PhAssessment.numbers_only) the
 * builder is NULL, and every one of these does nothing: a ruleset that
 * adds to it by hand checks for NULL first. */
GVariantBuilder *ph_ruleset_details_begin (PhAssessment    *out,
                                           GVariantBuilder *storage);
void     ph_ruleset_detail_double  (GVariantBuilder *details, const char *key,
                                    double value);
void     ph_ruleset_detail_int     (GVariantBuilder *details, const char *key,
                                    gint32 value);
void     ph_ruleset_detail_boolean (GVariantBuilder *details, const char *key,
                                    gboolean value);
void     ph_ruleset_detail_string  (GVariantBuilder *details, const char *key,
                                    const char *value);
/* A key the ruleset has but cannot give a value for here (JSON null) */
void     ph_ruleset_detail_null    (GVariantBuilder *details, const char *key);
void     ph_ruleset_set_details    (PhAssessment *out, GVariantBuilder *details);

G_END_DECLS
