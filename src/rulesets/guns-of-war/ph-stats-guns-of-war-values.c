/* ph-stats-guns-of-war-values.c: the names of a Guns of War unit's values,
 * as the file writes them, and the unit sizes the text allows
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-enum-names.h"
#include "ph-stats-guns-of-war.h"

static const char * const formation_names[] = { "DF", "SF", "UF", "FF", "LF", "IF" };
static const char * const creature_names[] = {
  "man", "large", "huge", "gigantic", "colossal"
};

PH_DEFINE_ENUM_NAMES (ph_formation, PhFormation, formation_names)
PH_DEFINE_ENUM_NAMES (ph_creature, PhCreature, creature_names)

const char *
ph_formation_words (PhFormation f)
{
  switch (f)
    {
    case PH_FORMATION_SF:
      return _("Skirmishing Foot");
    case PH_FORMATION_UF:
      return _("Undrilled Foot");
    case PH_FORMATION_FF:
      return _("Formed Foot");
    case PH_FORMATION_LF:
      return _("Loose Foot");
    case PH_FORMATION_IF:
      return _("Irregular Foot");
    case PH_FORMATION_DF:
    default:
      return _("Drilled Foot");
    }
}

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
