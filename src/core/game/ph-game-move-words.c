/* ph-game-move-words.c: a move in words, for the label at the pointer
 * and the refusals: "moved 6.5 in · 7.5 in left", "8 of 16 IPs spent",
 * the obstacles crossed, why it is barred
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-move.h"
#include "ph-game-private.h"
#include "ph-ruleset.h"

/* The plan's units are names ("in", "IPs", "paces", "hexes"): here in
 * people's words (translated) */
static const char *
unit_word (const char *unit)
{
  if (g_strcmp0 (unit, "hexes") == 0)
    return C_("unit", "hexes");
  if (g_strcmp0 (unit, "paces") == 0)
    return C_("unit", "paces");
  if (g_strcmp0 (unit, "IPs") == 0)
    return C_("unit", "IPs");
  if (g_strcmp0 (unit, "in") == 0)
    return C_("unit", "in");
  return unit;
}

/* "hexes", but "hex" for one (and "pace", "IP") */
static const char *
unit_for (const char *unit,
          double      amount)
{
  if (fabs (amount - 1) < 0.05)
    {
      if (g_strcmp0 (unit, "hexes") == 0)
        return C_("unit", "hex");
      if (g_strcmp0 (unit, "paces") == 0)
        return C_("unit", "pace");
      if (g_strcmp0 (unit, "IPs") == 0)
        return C_("unit", "IP");
    }
  return unit_word (unit);
}

/* "7.5", "8" */
static char *
format_amount (double value)
{
  if (fabs (value - round (value)) < 0.05)
    return g_strdup_printf ("%.0f", round (value));
  return g_strdup_printf ("%.1f", value);
}

/* "the Old Stone Wall", or "a wall" when it has no name */
static char *
feature_words (const PhFeature *feature)
{
  if (feature->name != NULL && feature->name[0] != '\0')
    /* TRANSLATORS: an obstacle a move crosses: "the Old Stone Wall" */
    return g_strdup_printf (_("the %s"), feature->name);
  /* TRANSLATORS: an unnamed obstacle a move crosses: "a wall" */
  return g_strdup_printf (_("a %s"), ph_terrain_kind_label (feature->kind));
}

char *
ph_move_crossing_words (const PhFeature * const *features,
                        guint                    n)
{
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  if (n == 0 || features[0] == NULL)
    return NULL;
  first = feature_words (features[0]);
  if (n == 1)
    return g_steal_pointer (&first);
  if (n == 2 && features[1] != NULL)
    {
      second = feature_words (features[1]);
      /* TRANSLATORS: "the Split-rail Fence and the Old Stone Wall" */
      return g_strdup_printf (_("%s and %s"), first, second);
    }
  /* TRANSLATORS: "the Old Stone Wall and 2 more" (obstacles) */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s and %u more", "%s and %u more", n - 1),
                          first, n - 1);
}

char *
ph_game_describe_move (PhGame           *game,
                       const PhMovePlan *plan,
                       const PhMoveCost *cost)
{
  GString *text = g_string_new (NULL);
  gboolean same = g_strcmp0 (plan->cost_unit, plan->distance_unit) == 0;
  double allowance = ph_move_cost_allowance (plan, cost);
  gboolean hexes = g_strcmp0 (plan->distance_unit, "hexes") == 0;
  g_autofree char *crossing = ph_move_crossing_words (cost->crossing, cost->n_crossing);

  (void) game;
  if (cost->mode != NULL)
    /* TRANSLATORS: the ruleset's word for the move, then what it costs:
     * "run: moved 6.0 paces" */
    g_string_append_printf (text, _("%s: "), cost->mode);
  if (hexes)
    g_string_append_printf (text, _("moved %.0f %s"), cost->distance,
                            cost->distance == 1 ? C_("unit", "hex") : C_("unit", "hexes"));
  else
    g_string_append_printf (text, _("moved %.1f %s"), cost->distance,
                            unit_word (plan->distance_unit));
  if (plan->resumed)
    g_string_append (text, _(" since the move began"));
  if (cost->stands_on != NULL)
    {
      /* before the ground's word: Guns of War bars the hex too, unnamed */
      g_autofree char *taken = ph_game_describe_spot_taken (cost->stands_on,
                                                            cost->stands_in_hex);

      g_string_append_printf (text, " · %s", taken);
    }
  else if (cost->barred != NULL)
    g_string_append_printf (text, _(" · barred by %s"), cost->barred);
  else if (allowance == G_MAXDOUBLE)
    ;
  else if (cost->cost > allowance + 1e-6)
    {
      g_autofree char *allowed = format_amount (allowance);

      g_string_append_printf (text, _(" · too far: %s %s allowed"), allowed,
                              unit_word (plan->cost_unit));
      if (!same && crossing != NULL)
        {
          g_autofree char *c = format_amount (cost->cost);

          /* TRANSLATORS: what makes the move dear: "(this costs 9,
           * crossing the Old Stone Wall)" */
          g_string_append_printf (text, _(" (this costs %s, crossing %s)"), c, crossing);
        }
      else if (!same)
        {
          g_autofree char *c = format_amount (cost->cost);

          g_string_append_printf (text, _(" (this costs %s)"), c);
        }
      else if (crossing != NULL)
        g_string_append_printf (text, _(" (crossing %s)"), crossing);
    }
  else if (same)
    {
      g_autofree char *left = format_amount (allowance - cost->cost);

      g_string_append_printf (text, _(" · %s %s left"), left,
                              unit_for (plan->cost_unit, allowance - cost->cost));
    }
  else
    {
      g_autofree char *c = format_amount (cost->cost);
      g_autofree char *a = format_amount (allowance);

      g_string_append_printf (text, _(" · %s of %s %s spent"), c, a,
                              unit_word (plan->cost_unit));
      if (crossing != NULL)
        /* TRANSLATORS: after "8 of 16 IPs spent": ", crossing the Old
         * Stone Wall" */
        g_string_append_printf (text, _(", crossing %s"), crossing);
    }
  /* the die the drop rolls may stop him short: the label said "fine"
   * and the drop left him on the stream's bank (the trial) */
  if (cost->stands_on == NULL && cost->barred == NULL && cost->cost <= allowance + 1e-6)
    {
      if (cost->stops_on == 1)
        g_string_append (text, _(" · stops short whatever the d6"));
      else if (cost->stops_on >= 2 && cost->stops_on <= 6)
        /* TRANSLATORS: the die rolled on the drop, a stream's d6 */
        g_string_append_printf (text, _(" · stops short on a d6 of %d or more"), cost->stops_on);
    }
  return g_string_free (text, FALSE);
}

