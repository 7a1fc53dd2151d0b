/* ph-test-digest.c: a digest of the engine's answers, for tests and benches
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "ph-test-digest.h"

void
ph_test_digest_bytes (guint64       *h,
                      gconstpointer  data,
                      gsize          len)
{
  const guchar *p = data;

  for (gsize i = 0; i < len; i++)
    {
      *h ^= p[i];
      *h *= G_GUINT64_CONSTANT (1099511628211);
    }
}

void
ph_test_digest_string (guint64    *h,
                       const char *s)
{
  if (s == NULL)
    s = "(null)";
  ph_test_digest_bytes (h, s, strlen (s) + 1);
}

void
ph_test_digest_numbers (guint64            *h,
                        const PhAssessment *a)
{
  ph_test_digest_bytes (h, &a->can_fire, sizeof a->can_fire);
  ph_test_digest_bytes (h, &a->p_hit, sizeof a->p_hit);
  ph_test_digest_bytes (h, &a->has_p_kill, sizeof a->has_p_kill);
  ph_test_digest_bytes (h, &a->p_kill, sizeof a->p_kill);
  ph_test_digest_bytes (h, &a->los_clear, sizeof a->los_clear);
  ph_test_digest_bytes (h, &a->in_arc, sizeof a->in_arc);
  ph_test_digest_bytes (h, &a->in_range, sizeof a->in_range);
  ph_test_digest_bytes (h, &a->has_max_range, sizeof a->has_max_range);
  ph_test_digest_bytes (h, &a->max_range, sizeof a->max_range);
  ph_test_digest_bytes (h, &a->distance, sizeof a->distance);
  ph_test_digest_bytes (h, &a->cover, sizeof a->cover);
  ph_test_digest_bytes (h, &a->cover_detail, sizeof a->cover_detail);
  ph_test_digest_bytes (h, &a->has_weapon, sizeof a->has_weapon);
  ph_test_digest_bytes (h, &a->weapon, sizeof a->weapon);
  ph_test_digest_string (h, a->shooter);
  ph_test_digest_string (h, a->target);
  ph_test_digest_string (h, a->band);
  ph_test_digest_string (h, a->cover_feature);
  for (guint k = 0; k < a->blocked_by->len; k++)
    ph_test_digest_string (h, a->blocked_by->pdata[k]);
  for (guint k = 0; k < a->reasons->len; k++)
    ph_test_digest_string (h, a->reasons->pdata[k]);
}

void
ph_test_digest_assessment (guint64            *h,
                           const PhAssessment *a)
{
  g_autofree char *details = g_variant_print (a->details, FALSE);

  ph_test_digest_numbers (h, a);
  for (guint k = 0; k < a->modifiers->len; k++)
    {
      const PhModifier *m = &g_array_index (a->modifiers, PhModifier, k);

      ph_test_digest_string (h, m->label);
      ph_test_digest_bytes (h, &m->value, sizeof m->value);
    }
  ph_test_digest_string (h, details);
}
