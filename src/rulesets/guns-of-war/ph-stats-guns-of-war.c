/* ph-stats-guns-of-war.c: a Guns of War unit's <guns-of-war> element
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Formation, size in men (and what they are), the attack throw, armour
 * class, morale, reload tokens and the unit's hit points when tracked. The
 * size must fit the formation (ph_guns_of_war_check_size()).
 */
#include "ph-scenario-values.h"
#include "ph-stats.h"

enum { F_FORMATION, F_MEN, F_CREATURE };

PH_STAT_CHOICES (ph_formation, PhFormation, 6)
PH_STAT_CHOICES (ph_creature, PhCreature, 5)

/* "Drilled Foot" under the Figure tab's "DF" */
static char *
formation_explain (const PhFigure *figure,
                   gconstpointer   field)
{
  return g_strdup (ph_formation_words (*(const PhFormation *) field));
}

static gboolean
guns_of_war_check (PhFigure  *figure,
                   guint64    given,
                   guint64    ok,
                   char     **message)
{
  if (!(ok & PH_STAT_BIT (F_MEN)))
    return TRUE;
  return ph_guns_of_war_check_size (&figure->stats.guns_of_war, message);
}

#define F(f) PH_STAT_FIELD (stats.guns_of_war.f)
#define ANY .min = -PH_INT_LIMIT, .max = PH_INT_LIMIT

static const PhStatField fields[] = {
  [F_FORMATION] = { "formation", PH_STAT_ENUM, PH_STAT_REQUIRED, F (formation),
                    .default_value = PH_FORMATION_DF, .choices = &ph_formation_choices,
                    .label = N_("Formation"),
                    .help = N_("Drilled (DF), skirmishing (SF) or undrilled (UF) foot "
                               "fire firearms; formed (FF), loose (LF) and irregular (IF) "
                               "foot do not"),
                    .explain = formation_explain },
  /* the least a Drilled (or Skirmishing) Foot unit may have */
  [F_MEN] = { "men", PH_STAT_INT, PH_STAT_REQUIRED, F (men),
              .min = 1, .max = PH_INT_LIMIT, .default_value = 20,
              .label = N_("Men"), .form_min = 0, .form_max = 100000, .sheet_caption = N_("MEN"),
              .help = N_("The unit's size in men, a large creature counting 2") },
  [F_CREATURE] = { "creature", PH_STAT_ENUM, PH_STAT_OMIT_DEFAULT, F (creature),
                   .default_value = PH_CREATURE_MAN, .choices = &ph_creature_choices,
                   .label = N_("Creatures"),
                   .help = N_("What the unit is made of: man, large, huge, gigantic, colossal") },
  { "attack-throw", PH_STAT_INT, PH_STAT_REQUIRED, F (attack_throw), ANY, .default_value = 0,
    .label = N_("Attack throw"), .form_min = -100, .form_max = 100,
    .help = N_("The d20 throw to hit AC 0"), .sheet_caption = N_("THROW") },
  { "ac", PH_STAT_INT, PH_STAT_REQUIRED, F (ac), ANY, .default_value = 0,
    .label = N_("AC"), .form_min = -100, .form_max = 100,
    .help = N_("The unit's armour class") },
  { "armor-ac", PH_STAT_INT, 0, F (armor_ac), ANY, .default_value = 0,
    .label = N_("Armour AC"), .form_min = 0, .form_max = 100,
    .help = N_("The part of the AC that is armour (firearms ignore it)") },
  { "morale", PH_STAT_INT, 0, F (morale), ANY, .default_value = 0,
    .label = N_("Morale"), .form_min = -100, .form_max = 100,
    .help = N_("The morale modifier") },
  { "reload-tokens", PH_STAT_INT, 0, F (reload_tokens), .min = 0, .max = PH_INT_LIMIT,
    .default_value = 0,
    .label = N_("Reload tokens"), .form_min = 0, .form_max = 100,
    .help = N_("Reload tokens on the unit") },
  { "uhp", PH_STAT_INT, PH_STAT_OPTIONAL, F (uhp), PH_STAT_FIELD (stats.guns_of_war.has_uhp),
    ANY, .default_value = 0,
    .help = N_("The unit's hit points, when tracked") },
};

const PhStatsSchema ph_stats_guns_of_war = {
  "guns-of-war", PH_STATS_GUNS_OF_WAR, fields, G_N_ELEMENTS (fields),
  .check = guns_of_war_check,
};
