/* ph-stats-guns-of-war.h: a Guns of War unit's <guns-of-war> element
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The struct PhFigure.stats holds for a figure of this ruleset (its
 * schema, every attribute's name, range and default, is
 * ph-stats-guns-of-war.c).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The text's firearm formations, Drilled, Skirmishing and Undrilled Foot,
 * then Domains at War's others that the text names: Formed Foot (which
 * secures Drilled Foot), Loose Foot and Irregular Foot */
typedef enum
{
  PH_FORMATION_DF,
  PH_FORMATION_SF,
  PH_FORMATION_UF,
  PH_FORMATION_FF,
  PH_FORMATION_LF,
  PH_FORMATION_IF,
} PhFormation;
/* What a Guns of War unit is made of, by how many men each counts as */
typedef enum
{
  PH_CREATURE_MAN,       /* man-sized: 1 */
  PH_CREATURE_LARGE,     /* ogres, centaurs, human cavalry: 2 */
  PH_CREATURE_HUGE,      /* giants, wyverns: 6 */
  PH_CREATURE_GIGANTIC,  /* elephants, old dragons: 24 */
  PH_CREATURE_COLOSSAL,  /* ancient dragons: 120 */
} PhCreature;

typedef struct
{
  PhFormation formation;
  int men;              /* the unit's size in men, a large creature counting 2... */
  PhCreature creature;  /* PH_CREATURE_MAN unless given */
  int attack_throw;
  int ac;
  int armor_ac;
  int morale;
  int reload_tokens;
  gboolean has_uhp;
  int uhp;
} PhGunsOfWarStats;

const char *ph_formation_to_string    (PhFormation f);
/* The formation as a player says it, translated: "Formed Foot" (the file's
 * and the roster's code is ph_formation_to_string()'s "FF") */
const char *ph_formation_words        (PhFormation f);
gboolean    ph_formation_from_string  (const char *s, PhFormation *out);
const char *ph_creature_to_string     (PhCreature c);
gboolean    ph_creature_from_string   (const char *s, PhCreature *out);
/* How many men one creature counts as: 1, 2, 6, 24, 120 */
int         ph_creature_men           (PhCreature c);
/* The text's "Maximum Unit Size": Drilled Foot 20 to 120 men, Skirmishing
 * Foot 10 to 60 or one colossal creature; men a whole number of creatures.
 * FALSE with the reason in @message (g_free it). */
gboolean    ph_guns_of_war_check_size (const PhGunsOfWarStats *stats, char **message);

G_END_DECLS
