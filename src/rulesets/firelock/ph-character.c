/* ph-character.c: random Firelock and Scalplock characters
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <gio/gio.h>

#include <glib/gi18n-lib.h>

#include "ph-character.h"
#include "ph-error.h"

/* The rule text's chart, by d10 roll (index 0 is a roll of 1) */
static const int bravery_chart[10][4] = {
  { 1, 1, 0, 0 },
  { 2, 2, 1, 0 },
  { 3, 2, 2, 1 },
  { 4, 3, 2, 1 },
  { 5, 3, 2, 1 },
  { 6, 3, 2, 1 },
  { 7, 4, 2, 1 },
  { 8, 5, 2, 1 },
  { 9, 6, 3, 1 },
  { 10, 7, 4, 1 },
};

gboolean
ph_character_bravery_for_roll (int roll,
                               int bravery[4])
{
  if (roll < 1 || roll > 10)
    return FALSE;
  for (int i = 0; i < 4; i++)
    bravery[i] = bravery_chart[roll - 1][i];
  return TRUE;
}

int
ph_character_roll (GRand *rand,
                   int    bravery[4])
{
  int roll;

  g_return_val_if_fail (rand != NULL, 0);

  roll = g_rand_int_range (rand, 1, 11);
  ph_character_bravery_for_roll (roll, bravery);
  return roll;
}

gboolean
ph_character_roll_figure (PhScenario  *scenario,
                          const char  *figure_id,
                          GRand       *rand,
                          int         *roll,
                          GError     **error)
{
  PhFigure *figure;
  int bravery[4], d10;

  g_return_val_if_fail (scenario != NULL && figure_id != NULL && rand != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (scenario->ruleset != PH_RULESET_FIRELOCK)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("random characters are Firelock and Scalplock's (the bravery chart); "
                     "this scenario plays %s"), ph_ruleset_id_to_string (scenario->ruleset));
      return FALSE;
    }
  figure = ph_scenario_find_figure (scenario, figure_id);
  if (figure == NULL)
    {
      g_set_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_UNKNOWN_ID,
                   _("unknown figure '%s'"), figure_id);
      return FALSE;
    }

  d10 = ph_character_roll (rand, bravery);
  if (figure->stats_kind != PH_STATS_FIRELOCK)
    {
      /* the loader's defaults for an element without attributes */
      memset (&figure->stats, 0, sizeof figure->stats);
      figure->stats_kind = PH_STATS_FIRELOCK;
      figure->stats.firelock.hits = 0;
      figure->stats.firelock.melee = 2;
      figure->stats.firelock.officer = FALSE;
    }
  for (int i = 0; i < 4; i++)
    figure->stats.firelock.bravery[i] = bravery[i];
  if (roll != NULL)
    *roll = d10;
  return TRUE;
}
