/* ph-advise.c: a figure's best shots this activation
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every enemy on the table, every missile weapon the figure carries and
 * every choice its ruleset offers (PhRuleset.shot_choices: aim and spot,
 * snap or aimed fire, a card, reaction fire) is assessed by the engine
 * with those options; the shots that can be fired with a chance of the
 * ruleset's effect (PhRuleset.effect: a wound, a kill, a hit) are ranked
 * by its expected number, then expected kills, then expected hits, then
 * cost (cheaper first), then file order. A shot with no chance of the
 * effect (one that cannot hit, a Firelock shot at a man behind works that
 * cannot wound him) is left out, and so is a choice that another at the
 * same target and weapon matches in p(hit), p(kill) and the effect for
 * less. powderhorn-cli advise and the Fire
 * tab's "Best shots" both read it.
 */
#include "ph-advise.h"

void
ph_advice_free (PhAdvice *option)
{
  if (option == NULL)
    return;
  ph_assessment_free (option->assessment);
  g_free (option->cost);
  g_free (option);
}

/* Expected effects, kills, then hits, more first; then cheaper; then as
 * found */
static int
compare_options (gconstpointer pa,
                 gconstpointer pb)
{
  const PhAdvice *a = *(const PhAdvice * const *) pa;
  const PhAdvice *b = *(const PhAdvice * const *) pb;
  double ka = a->assessment->has_p_kill ? a->expected_kills : -1;
  double kb = b->assessment->has_p_kill ? b->expected_kills : -1;

  if (a->expected_effects != b->expected_effects)
    return a->expected_effects > b->expected_effects ? -1 : 1;
  if (ka != kb)
    return ka > kb ? -1 : 1;
  if (a->expected_hits != b->expected_hits)
    return a->expected_hits > b->expected_hits ? -1 : 1;
  if (a->cost_order != b->cost_order)
    return a->cost_order < b->cost_order ? -1 : 1;
  return (a->index > b->index) - (a->index < b->index);
}

static gboolean
same_odds (const PhAssessment *a,
           const PhAssessment *b)
{
  return a->p_hit == b->p_hit && a->has_p_kill == b->has_p_kill
         && (!a->has_p_kill || a->p_kill == b->p_kill)
         && a->p_effect == b->p_effect;
}

/* How many attacks one shot makes (Guns of War), else 1 */
static int
shot_attacks (const PhRuleset *rules,
              const PhAssessment *a)
{
  return rules->shot_attacks != NULL ? rules->shot_attacks (a) : 1;
}

/* Assesses every choice of @rules for one target and weapon, and adds to
 * @options those that can be fired with a chance of the effect, but for
 * any that another choice matches in p(hit), p(kill) and the effect for
 * less (aiming where the result roll
 * cannot kill anyway, spotting a target seen already, a card that cannot
 * help, reaction fire without a fork penalty to save). */
static gboolean
add_choices (const PhScenario   *scenario,
             const PhRuleset *rules,
             const PhFigure     *shooter,
             const PhFigure     *target,
             PhWeaponKind        weapon,
             GPtrArray          *options,
             GError            **error)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_advice_free);

  for (guint i = 0; i < rules->n_shot_choices; i++)
    {
      const PhShotChoice *choice = &rules->shot_choices[i];
      PhShotOptions shot = choice->shot;
      g_autoptr(PhAssessment) a = NULL;
      PhAdvice *option;
      int attacks;

      shot.has_weapon = TRUE;
      shot.weapon = weapon;
      a = ph_engine_assess_figures (scenario, shooter, target, &shot, error);
      if (a == NULL)
        return FALSE;
      /* nothing to gain: a shot that cannot hit, or wound */
      if (!a->can_fire || a->p_effect <= 0)
        continue;
      option = g_new0 (PhAdvice, 1);
      option->choice = choice;
      option->cost = rules->shot_cost (choice, shooter, a, &option->cost_order);
      attacks = shot_attacks (rules, a);
      option->expected_hits = a->p_hit * attacks;
      option->expected_kills = a->has_p_kill ? a->p_kill * attacks : 0;
      option->expected_effects = a->p_effect * attacks;
      option->assessment = g_steal_pointer (&a);
      g_ptr_array_add (found, option);
    }

  for (guint i = 0; i < found->len; i++)
    {
      PhAdvice *option = g_ptr_array_index (found, i);

      for (guint j = 0; j < found->len && !option->dominated; j++)
        {
          const PhAdvice *other = g_ptr_array_index (found, j);

          option->dominated = j != i
                              && same_odds (other->assessment, option->assessment)
                              && (other->cost_order < option->cost_order
                                  || (other->cost_order == option->cost_order && j < i));
        }
    }
  for (guint i = 0; i < found->len; i++)
    {
      PhAdvice *option = g_ptr_array_index (found, i);

      if (option->dominated)
        continue;
      option->index = options->len;
      g_ptr_array_add (options, g_steal_pointer (&found->pdata[i]));
    }
  return TRUE;
}

GPtrArray *
ph_engine_advise (const PhScenario *scenario,
                  const PhFigure   *shooter,
                  GError          **error)
{
  g_autoptr(GPtrArray) options = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_advice_free);
  const PhRuleset *rules = ph_ruleset_get (scenario->ruleset);

  if (ph_figure_is_off_table (shooter))
    return g_steal_pointer (&options);
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *target = g_ptr_array_index (scenario->figures, i);

      if (target == shooter || g_strcmp0 (target->side, shooter->side) == 0
          || ph_figure_is_off_table (target))
        continue;
      for (guint w = 0; w < shooter->weapons->len; w++)
        {
          const PhWeapon *weapon = &g_array_index (shooter->weapons, PhWeapon, w);

          /* each kind once: assess names a weapon by its kind */
          if (!ph_weapon_kind_is_missile (weapon->kind)
              || ph_figure_find_weapon (shooter, weapon->kind) != weapon)
            continue;
          if (!add_choices (scenario, rules, shooter, target, weapon->kind, options, error))
            return NULL;
        }
    }
  g_ptr_array_sort (options, compare_options);
  return g_steal_pointer (&options);
}

