/* ph-stats-guns-of-war-values.c: the names of a Guns of War unit's values,
 * as the file writes them, and the unit sizes the text allows
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "ph-stats-guns-of-war.h"

static const char * const formation_names[] = { "DF", "SF", "UF" };
static const char * const creature_names[] = {
  "man", "large", "huge", "gigantic", "colossal"
};

/* @value's name in @names (in enum order), or NULL */
static const char *
name_of (const char * const *names,
         guint               n_names,
         int                 value)
{
  g_return_val_if_fail (value >= 0 && (guint) value < n_names, NULL);
  return names[value];
}

static gboolean
lookup (const char * const *names,
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

#define DEFINE_NAMES(prefix, Type, table)                                      \
  const char *prefix##_to_string (Type v)                                      \
  {                                                                            \
    return name_of (table, G_N_ELEMENTS (table), (int) v);                     \
  }                                                                            \
  gboolean prefix##_from_string (const char *s, Type *out)                     \
  {                                                                            \
    guint v;                                                                   \
    if (!lookup (table, G_N_ELEMENTS (table), s, &v))                          \
      return FALSE;                                                            \
    *out = (Type) v;                                                           \
    return TRUE;                                                               \
  }

DEFINE_NAMES (ph_formation, PhFormation, formation_names)
DEFINE_NAMES (ph_creature, PhCreature, creature_names)

int
ph_creature_men (PhCreature c)
{
  static const int men[] = { 1, 2, 6, 24, 120 };

  return c >= 0 && c < (int) G_N_ELEMENTS (men) ? men[c] : 1;
}

gboolean
ph_guns_of_war_check_size (const PhGunsOfWarStats *stats,
                           char                  **message)
{
  int each = ph_creature_men (stats->creature);

  if (stats->men % each != 0)
    {
      *message = g_strdup_printf ("%d men is not a whole number of %s creatures "
                                  "(each counts as %d men)", stats->men,
                                  ph_creature_to_string (stats->creature), each);
      return FALSE;
    }
  switch (stats->formation)
    {
    case PH_FORMATION_DF:
      if (stats->men < 20 || stats->men > 120)
        {
          *message = g_strdup_printf ("a Drilled Foot unit has 20 to 120 men, not %d "
                                      "(large creatures count as 2 men, huge 6, "
                                      "gigantic 24, colossal 120)", stats->men);
          return FALSE;
        }
      break;
    case PH_FORMATION_SF:
      if ((stats->men < 10 || stats->men > 60)
          && !(stats->creature == PH_CREATURE_COLOSSAL && stats->men == 120))
        {
          *message = g_strdup_printf ("a Skirmishing Foot unit has 10 to 60 men, or is one "
                                      "colossal creature, not %d men", stats->men);
          return FALSE;
        }
      break;
    case PH_FORMATION_UF:
    default:
      break;
    }
  return TRUE;
}
