/* ph-stats-featherstone.h: a Featherstone figure's <featherstone> element
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The struct PhFigure.stats holds for a figure of this ruleset (its
 * schema, every attribute's name, range and default, is
 * ph-stats-featherstone.c).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum { PH_RATING_VETERAN, PH_RATING_AVERAGE, PH_RATING_NOVICE } PhRating;

/* Featherstone's armour, and the parts of a man it covers */
typedef enum { PH_ARMOUR_NONE, PH_ARMOUR_CHAIN, PH_ARMOUR_SCALE, PH_ARMOUR_PLATE } PhArmour;
typedef enum
{
  PH_AREA_HEAD      = 1 << 0,
  PH_AREA_BODY      = 1 << 1,
  PH_AREA_RIGHT_ARM = 1 << 2,
  PH_AREA_LEFT_ARM  = 1 << 3,
  PH_AREA_LEGS      = 1 << 4,
} PhArea;

typedef struct
{
  PhRating rating;
  int light_wounds;
  int serious_wounds;
  char *wounds;         /* letters A..J separated by spaces, may be NULL */
  gboolean helmet;      /* a metal helmet */
  PhArmour armour;
  guint armour_covers;  /* PhArea flags; PH_AREA_BODY unless given */
} PhFeatherstoneStats;

const char *ph_rating_to_string       (PhRating r);
gboolean    ph_rating_from_string     (const char *s, PhRating *out);
const char *ph_armour_to_string       (PhArmour a);
gboolean    ph_armour_from_string     (const char *s, PhArmour *out);
/* "body arms legs" (head, body, right-arm, left-arm, arms, legs) <-> PhArea
 * flags; FALSE for an unknown word or an empty list */
gboolean    ph_areas_from_string      (const char *s, guint *out);
char       *ph_areas_to_string        (guint areas);
/* The part of a man Featherstone's wound letter @letter strikes (B..J),
 * 0 for A (dead) */
guint       ph_featherstone_wound_area (char letter);
/* Wound @letter as the Apply a wound form names it: "C: serious right arm
 * wound" (translated); g_free it */
char       *ph_featherstone_wound_text (char letter);
/* The Weapons Table's row @category (1..11, PhWeapon.melee_category) in
 * the book's words: "short sword, sword bayonet, scimitar or cutlass"
 * (translated); "" for none */
const char *ph_featherstone_melee_category_words (int category);

G_END_DECLS
