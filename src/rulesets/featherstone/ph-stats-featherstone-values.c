/* ph-stats-featherstone-values.c: the names of a Featherstone figure's
 * values, as the file writes them
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "ph-enum-names.h"
#include "ph-stats-featherstone.h"

static const char * const rating_names[] = { "veteran", "average", "novice" };
static const char * const armour_names[] = { "none", "chain", "scale", "plate" };
static const char * const area_names[] = { "head", "body", "right-arm", "left-arm", "legs" };

PH_DEFINE_ENUM_NAMES (ph_rating, PhRating, rating_names)
PH_DEFINE_ENUM_NAMES (ph_armour, PhArmour, armour_names)

gboolean
ph_areas_from_string (const char *s,
                      guint      *out)
{
  g_auto(GStrv) words = g_strsplit_set (s, " \t\n", -1);
  guint areas = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      guint k;

      if (words[i][0] == '\0')
        continue;
      if (g_str_equal (words[i], "arms"))
        {
          areas |= PH_AREA_RIGHT_ARM | PH_AREA_LEFT_ARM;
          continue;
        }
      if (!ph_enum_lookup (area_names, G_N_ELEMENTS (area_names), words[i], &k))
        return FALSE;
      areas |= 1u << k;
    }
  if (areas == 0)
    return FALSE;
  *out = areas;
  return TRUE;
}

char *
ph_areas_to_string (guint areas)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < G_N_ELEMENTS (area_names); k++)
    {
      guint bit = 1u << k;

      /* both arms read "arms" */
      if (bit == PH_AREA_RIGHT_ARM && (areas & PH_AREA_LEFT_ARM))
        {
          g_string_append_printf (s, "%sarms", s->len > 0 ? " " : "");
          continue;
        }
      if (bit == PH_AREA_LEFT_ARM && (areas & PH_AREA_RIGHT_ARM))
        continue;
      if (areas & bit)
        g_string_append_printf (s, "%s%s", s->len > 0 ? " " : "", area_names[k]);
    }
  return g_string_free (s, FALSE);
}

guint
ph_featherstone_wound_area (char letter)
{
  switch (letter)
    {
    case 'B': case 'G': return PH_AREA_BODY;
    case 'C': case 'H': return PH_AREA_RIGHT_ARM;
    case 'D': case 'I': return PH_AREA_LEFT_ARM;
    case 'E': case 'J': return PH_AREA_LEGS;
    case 'F': return PH_AREA_HEAD;
    default: return 0;
    }
}
