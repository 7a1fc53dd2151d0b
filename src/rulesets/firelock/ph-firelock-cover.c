/* ph-firelock-cover.c: Firelock's cover classes
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Firelock's Results Table tells cover apart more finely than soft and
 * hard: brush, woods, works and building each take their own modifier.
 * The engine asks for the class of every feature that covers a target
 * (PhRuleset.cover_class) and keeps the strongest (README.md, "Cover").
 */
#include <glib/gi18n-lib.h>

#include "ph-ruleset-firelock.h"

/* the JSON's cover_detail; NC_(): people read them translated,
 * g_dpgettext2 (GETTEXT_PACKAGE, "cover", name) */
static const char * const names[] = {
  NC_("cover", "open"), NC_("cover", "brush"), NC_("cover", "woods"), NC_("cover", "works"),
  NC_("cover", "building"),
};

const char *
ph_firelock_cover_to_string (PhFirelockCover c)
{
  g_return_val_if_fail ((guint) c < G_N_ELEMENTS (names), NULL);
  return names[c];
}

PhFirelockCover
ph_terrain_kind_firelock_cover (PhTerrainKind kind)
{
  switch (kind)
    {
    case PH_TERRAIN_WOODS:
      return PH_FIRELOCK_COVER_WOODS;
    case PH_TERRAIN_BRUSH:
    case PH_TERRAIN_FENCE:
    case PH_TERRAIN_HEDGE:
      return PH_FIRELOCK_COVER_BRUSH;
    case PH_TERRAIN_BUILDING:
      return PH_FIRELOCK_COVER_BUILDING;
    case PH_TERRAIN_ROCKS:
    case PH_TERRAIN_WALL:
    case PH_TERRAIN_STOCKADE:
    case PH_TERRAIN_WORKS:
      return PH_FIRELOCK_COVER_WORKS;
    case PH_TERRAIN_ROUGH:
    case PH_TERRAIN_VERY_ROUGH:
    case PH_TERRAIN_HILL:
    case PH_TERRAIN_MARSH:
    case PH_TERRAIN_WATER:
    case PH_TERRAIN_FIELD:
    case PH_TERRAIN_ROAD:
    case PH_TERRAIN_STREAM:
    case PH_N_TERRAIN_KINDS:
    default:
      return PH_FIRELOCK_COVER_OPEN;
    }
}

/* An override that changes the kind's cover maps soft to brush and hard to
 * works (and open to open); one that repeats it keeps the kind's class. */
PhFirelockCover
ph_feature_firelock_cover (const PhFeature *feature)
{
  if (feature->cover < 0 || (PhCover) feature->cover == ph_terrain_kind_cover (feature->kind))
    return ph_terrain_kind_firelock_cover (feature->kind);

  switch ((PhCover) feature->cover)
    {
    case PH_COVER_SOFT:
      return PH_FIRELOCK_COVER_BRUSH;
    case PH_COVER_HARD:
      return PH_FIRELOCK_COVER_WORKS;
    case PH_COVER_OPEN:
    default:
      return PH_FIRELOCK_COVER_OPEN;
    }
}

int
ph_firelock_cover_class (const PhFeature *feature)
{
  return ph_feature_firelock_cover (feature);
}

const char *
ph_firelock_cover_class_name (int cover_class)
{
  return ph_firelock_cover_to_string ((PhFirelockCover) cover_class);
}
