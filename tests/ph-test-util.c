/* ph-test-util.c: helpers shared by the core's tests
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-test-util.h"

#include <string.h>

PhScenario *
ph_test_load_xml (const char *xml,
                  gssize      length,
                  const char *filename)
{
  g_autoptr(GError) error = NULL;
  PhScenario *scenario;

  scenario = ph_scenario_load_data (xml, length >= 0 ? (gsize) length : strlen (xml),
                                    filename, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

PhAssessment *
ph_test_assess (const PhScenario    *scenario,
                const char          *shooter,
                const char          *target,
                const PhShotOptions *options)
{
  g_autoptr(GError) error = NULL;
  PhAssessment *a = ph_engine_assess (scenario, shooter, target, options, &error);

  g_assert_no_error (error);
  g_assert_nonnull (a);
  return a;
}

gboolean
ph_test_has_reason_containing (const PhAssessment *a,
                               const char         *needle)
{
  for (guint i = 0; i < a->reasons->len; i++)
    if (strstr (g_ptr_array_index (a->reasons, i), needle) != NULL)
      return TRUE;
  return FALSE;
}

void
ph_test_assert_modifier (const PhAssessment *a,
                         guint               i,
                         const char         *label,
                         double              value)
{
  const PhModifier *m;

  g_assert_cmpuint (i, <, a->modifiers->len);
  m = &g_array_index (a->modifiers, PhModifier, i);
  g_assert_cmpstr (m->label, ==, label);
  g_assert_cmpfloat_with_epsilon (m->value, value, PH_TEST_EPS);
}

void
ph_test_assert_modifiers (const PhAssessment *a,
                          ...)
{
  va_list args;
  guint i = 0;
  const char *label;

  va_start (args, a);
  while ((label = va_arg (args, const char *)) != NULL)
    {
      double value = va_arg (args, double);

      ph_test_assert_modifier (a, i, label, value);
      i++;
    }
  va_end (args);
  g_assert_cmpuint (i, ==, a->modifiers->len);
}

/* Looks up @key as @format into @value, asserting that it is there */
#define LOOKUP(Type, format, initial)                                   \
  G_STMT_START {                                                        \
    Type v = (initial);                                                 \
                                                                        \
    g_assert_true (g_variant_lookup (a->details, key, (format), &v));   \
    return v;                                                           \
  } G_STMT_END

double
ph_test_detail_double (const PhAssessment *a, const char *key)
{
  LOOKUP (double, "d", -1);
}

gint32
ph_test_detail_int (const PhAssessment *a, const char *key)
{
  LOOKUP (gint32, "i", -1);
}

gboolean
ph_test_detail_bool (const PhAssessment *a, const char *key)
{
  LOOKUP (gboolean, "b", FALSE);
}

#undef LOOKUP

gboolean
ph_test_has_detail (const PhAssessment *a,
                    const char         *key)
{
  g_autoptr(GVariant) v = g_variant_lookup_value (a->details, key, NULL);

  return v != NULL;
}
