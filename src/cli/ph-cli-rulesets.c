/* ph-cli-rulesets.c: what powderhorn-cli knows of each ruleset
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One descriptor per ruleset (ph-cli-rulesets.h): the usual table of a new
 * scenario, and the shot choices advise weighs with their costs. The costs
 * are the rule texts' (docs/rules-notes.md and the README say which):
 *
 * - Firelock and Scalplock: firing a loaded weapon costs no IPs; aiming 2,
 *   careful aiming 4 ("Aiming costs 2 IPs ... Careful aiming costs 4
 *   IPs"); paying to spot 4 IPs for line infantry or cavalry while
 *   mounted, 2 for all others (as the engine's acquisition modifier).
 * - Featherstone: snap fire takes one phase and allows moving; aimed fire
 *   two ("first phase - adopt a firing position; second phase - fire"),
 *   with no other action or move.
 * - Fistful of Lead: shooting is one of the activation's two actions, and
 *   leaves a RELOAD marker. The card's effect is not chosen: it comes with
 *   the card the figure was activated with (a one-eyed jack, J of hearts
 *   or spades, +1; a deuce, two dice keeping the best).
 * - Musket Mayhem: a figure shoots once, during the enemy's move; a
 *   gunpowder weapon is then unloaded.
 * - Guns of War: the attack sequence makes the engine's number of attacks
 *   and adds its reload tokens; reaction fire is readying instead of
 *   attacking (and never pays the musket fork penalty).
 */
#include "ph-cli-rulesets.h"

/* Firelock and Scalplock */

static const PhCliShotChoice firelock_choices[] = {
  { "fire", "fire", { .aim = PH_AIM_NONE }, 0 },
  { "aim", "aim (+2 on the result), fire", { .aim = PH_AIM_AIM }, 2 },
  { "careful-aim", "careful aim (+3 on the result), fire", { .aim = PH_AIM_CAREFUL }, 4 },
  { "spot", "pay to spot (+5 to acquire), fire", { .spot = TRUE }, 0 },
  { "spot-aim", "pay to spot, aim, fire", { .aim = PH_AIM_AIM, .spot = TRUE }, 2 },
  { "spot-careful-aim", "pay to spot, careful aim, fire",
    { .aim = PH_AIM_CAREFUL, .spot = TRUE }, 4 },
};

static const char * const firelock_options[] = { "aim", "spot", NULL };

/* rules.md: 4 IPs for line infantry or cavalry while mounted, else 2 */
static int
firelock_spot_ips (const PhFigure *shooter)
{
  return shooter->troop == PH_TROOP_LINE
         || (shooter->troop == PH_TROOP_CAVALRY && shooter->mounted) ? 4 : 2;
}

static char *
firelock_cost (const PhCliRuleset    *self,
               const PhCliShotChoice *choice,
               const PhFigure        *shooter,
               const PhAssessment    *assessment,
               int                   *order)
{
  int spot = choice->shot.spot ? firelock_spot_ips (shooter) : 0;
  int total = choice->cost + spot;
  g_autoptr(GString) s = g_string_new (NULL);

  g_string_printf (s, "%d IP%s", total, total == 1 ? "" : "s");
  if (choice->cost > 0 && spot > 0)
    g_string_append_printf (s, ": %s %d, spot %d",
                            choice->shot.aim == PH_AIM_CAREFUL ? "careful aim" : "aim",
                            choice->cost, spot);
  else if (choice->cost > 0)
    g_string_append (s, choice->shot.aim == PH_AIM_CAREFUL ? ": careful aim" : ": aim");
  else if (spot > 0)
    g_string_append (s, ": spot");
  *order = total;
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* Featherstone */

static const PhCliShotChoice featherstone_choices[] = {
  { "snap-fire", "snap fire", { .fire = PH_FIRE_SNAP }, 1 },
  { "aimed-fire", "aimed fire", { .fire = PH_FIRE_AIMED }, 2 },
};

static const char * const featherstone_options[] = { "fire", NULL };

static char *
featherstone_cost (const PhCliRuleset    *self,
                   const PhCliShotChoice *choice,
                   const PhFigure        *shooter,
                   const PhAssessment    *assessment,
                   int                   *order)
{
  *order = choice->cost;
  if (choice->shot.fire == PH_FIRE_SNAP)
    return g_strdup ("1 phase: fire now, moving or acting too");
  return g_strdup ("2 phases: take a firing position now, fire next phase; "
                   "no other action or move");
}

/* Fistful of Lead */

static const PhCliShotChoice fistful_choices[] = {
  { "fire", "fire", { .card = PH_CARD_EFFECT_NONE }, 1 },
  { "fire-one-eyed-jack", "fire with a one-eyed jack's +1",
    { .card = PH_CARD_EFFECT_ONE_EYED_JACK }, 1 },
  { "fire-deuce", "fire with a deuce's two dice", { .card = PH_CARD_EFFECT_DEUCE }, 1 },
};

static const char * const fistful_options[] = { "card", NULL };

static char *
fistful_cost (const PhCliRuleset    *self,
              const PhCliShotChoice *choice,
              const PhFigure        *shooter,
              const PhAssessment    *assessment,
              int                   *order)
{
  static const char * const needs[] = {
    [PH_CARD_EFFECT_NONE] = "",
    [PH_CARD_EFFECT_ONE_EYED_JACK] = "; only when activated with a one-eyed jack "
                                     "(jack of hearts or spades)",
    [PH_CARD_EFFECT_DEUCE] = "; only when activated with a deuce",
  };

  *order = choice->shot.card == PH_CARD_EFFECT_NONE ? 0 : 1;
  return g_strdup_printf ("1 action of 2, then a RELOAD marker%s", needs[choice->shot.card]);
}

/* Musket Mayhem */

static const PhCliShotChoice mayhem_choices[] = {
  { "fire", "fire", { .aim = PH_AIM_NONE }, 0 },
};

static const char * const no_options[] = { NULL };

static char *
mayhem_cost (const PhCliRuleset    *self,
             const PhCliShotChoice *choice,
             const PhFigure        *shooter,
             const PhAssessment    *assessment,
             int                   *order)
{
  *order = 0;
  if (assessment->has_weapon && ph_weapon_kind_is_gunpowder (assessment->weapon))
    return g_strdup_printf ("its one shot, during the enemy's move; the %s is then unloaded",
                            ph_weapon_kind_to_string (assessment->weapon));
  return g_strdup ("its one shot, during the enemy's move");
}

/* Guns of War */

static const PhCliShotChoice guns_of_war_choices[] = {
  { "fire", "fire (attack sequence)", { .reaction = FALSE }, 0 },
  { "reaction-fire", "ready, then fire in reaction", { .reaction = TRUE }, 1 },
};

static const char * const guns_of_war_options[] = { "reaction", NULL };

static char *
guns_of_war_cost (const PhCliRuleset    *self,
                  const PhCliShotChoice *choice,
                  const PhFigure        *shooter,
                  const PhAssessment    *assessment,
                  int                   *order)
{
  gint32 attacks = 0, tokens = 0;
  g_autoptr(GString) s = g_string_new (NULL);

  g_variant_lookup (assessment->details, "attacks", "i", &attacks);
  g_variant_lookup (assessment->details, "reload_tokens", "i", &tokens);
  *order = tokens + choice->cost;
  if (choice->shot.reaction)
    g_string_append (s, "readies instead of attacking, fires when the enemy acts; ");
  g_string_append_printf (s, "%d attack%s, then %d reload token%s", attacks,
                          attacks == 1 ? "" : "s", tokens, tokens == 1 ? "" : "s");
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* The descriptors, in PhRulesetId order */

static const PhCliRuleset rulesets[PH_N_RULESETS] = {
  [PH_RULESET_FIRELOCK] = {
    PH_RULESET_FIRELOCK, PH_UNIT_IN, PH_GRID_SQUARE, 1, 2.5, PH_MEASURE_EDGE,
    firelock_choices, G_N_ELEMENTS (firelock_choices), firelock_options, NULL,
    firelock_cost,
  },
  [PH_RULESET_FISTFUL] = {
    PH_RULESET_FISTFUL, PH_UNIT_IN, PH_GRID_SQUARE, 1, 2.5, PH_MEASURE_EDGE,
    fistful_choices, G_N_ELEMENTS (fistful_choices), fistful_options, NULL,
    fistful_cost,
  },
  [PH_RULESET_MAYHEM] = {
    PH_RULESET_MAYHEM, PH_UNIT_IN, PH_GRID_SQUARE, 1, 2.5, PH_MEASURE_EDGE,
    mayhem_choices, G_N_ELEMENTS (mayhem_choices), no_options, NULL,
    mayhem_cost,
  },
  /* paces: 1 cm is a pace; a 10-pace grid as in the Cacabelos example, and
   * 4 in (about 10 paces) on an inch table */
  [PH_RULESET_FEATHERSTONE] = {
    PH_RULESET_FEATHERSTONE, PH_UNIT_CM, PH_GRID_SQUARE, 4, 10, PH_MEASURE_EDGE,
    featherstone_choices, G_N_ELEMENTS (featherstone_choices), featherstone_options, NULL,
    featherstone_cost,
  },
  /* a hex map measured centre to centre, 2 in hexes as in the Tithe Barn */
  [PH_RULESET_GUNS_OF_WAR] = {
    PH_RULESET_GUNS_OF_WAR, PH_UNIT_IN, PH_GRID_HEX, 2, 5, PH_MEASURE_CENTRE,
    guns_of_war_choices, G_N_ELEMENTS (guns_of_war_choices), guns_of_war_options, "attacks",
    guns_of_war_cost,
  },
};

const PhCliRuleset *
ph_cli_ruleset_get (PhRulesetId id)
{
  g_return_val_if_fail (id < PH_N_RULESETS, NULL);
  return &rulesets[id];
}
