/* ph-game-mayhem-shoot.c: a game of Musket Mayhem: shooting and guns
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A shot's skill die and impact die, canister cones and roundshot lines,
 * smoke, and reloading gunpowder weapons.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-ruleset-mayhem.h"
#include "ph-game-mayhem-private.h"

gboolean
ph_mayhem_is_gun_kind (PhWeaponKind kind)
{
  return kind == PH_WEAPON_CANISTER || kind == PH_WEAPON_ROUNDSHOT;
}

gboolean
ph_mayhem_is_gun (const PhFigure *figure)
{
  for (guint i = 0; i < figure->weapons->len; i++)
    if (ph_mayhem_is_gun_kind (g_array_index (figure->weapons, PhWeapon, i).kind))
      return TRUE;
  return FALSE;
}

/* ---------------------------------------------------------------------- */
/* Shooting                                                               */

/* One target of a shot: skill die, impact die, and what follows */
static gboolean
resolve_shot (PhGame              *game,
              PhFigure            *shooter,
              PhFigure            *target,
              const PhWeapon      *weapon,
              const PhAssessment  *a,
              gboolean             use_reroll,
              gboolean             use_save,
              GString             *text,
              GError             **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  int modifier = 0;
  int need;
  int die, skill, impact_mod;
  const PhRoll *roll;
  g_autoptr (GString) mods = g_string_new (NULL);
  char dist[32];

  for (guint i = 0; i < a->modifiers->len; i++)
    {
      const PhModifier *m = &g_array_index (a->modifiers, PhModifier, i);

      if (lround (m->value) == 0)
        continue; /* adds nothing: never written "+0" */
      modifier += (int) lround (m->value);
      g_string_append_printf (mods, ", %s %+d", m->label, (int) lround (m->value));
    }
  need = ph_mayhem_shot (a) != NULL ? ph_mayhem_shot (a)->skill_target : 4;

  g_snprintf (dist, sizeof dist, "%.1f", a->distance);
  g_string_append_printf (text, _("%s fired at %s: %s in%s, %s, needs %d"),
                          ph_mayhem_fig_name (shooter), ph_mayhem_fig_name (target), dist, mods->str,
                          a->cover == PH_COVER_HARD ? _("hard cover")
                          : a->cover == PH_COVER_SOFT ? _("soft cover") : _("in the open"),
                          need);

  /* "Roll a skill die for a potential hit on the target." */
  /* a modifier of 0 is not written ("with +0") */
  if (modifier != 0)
    roll = ph_game_roll (game, 1, 6, shooter->id,
                         _("skill die: %s at %s, needs %d with %+d"),
                         ph_mayhem_fig_name (shooter), ph_mayhem_fig_name (target), need, modifier);
  else
    roll = ph_game_roll (game, 1, 6, shooter->id, _("skill die: %s at %s, needs %d"),
                         ph_mayhem_fig_name (shooter), ph_mayhem_fig_name (target), need);
  die = roll->total;
  skill = die + modifier;
  g_string_append_printf (text, _(", rolled %d"), die);
  if (modifier != 0)
    g_string_append_printf (text, " %c %d = %d", modifier < 0 ? '-' : '+', ABS (modifier), skill);
  if (skill < need && use_reroll && ph_mayhem_rerolls_of (shooter) > 0)
    {
      if (!ph_mayhem_spend_token (game, shooter, "mayhem.rerolls", ph_mayhem_rerolls_of (shooter), error))
        return FALSE;
      if (modifier != 0)
        roll = ph_game_roll (game, 1, 6, shooter->id,
                             _("skill die re-rolled (re-roll token): needs %d with %+d"),
                             need, modifier);
      else
        roll = ph_game_roll (game, 1, 6, shooter->id,
                             _("skill die re-rolled (re-roll token): needs %d"), need);
      die = roll->total;
      skill = die + modifier;
      g_string_append_printf (text, _(", re-roll token: rolled %d"), die);
      if (modifier != 0)
        g_string_append_printf (text, " %c %d = %d", modifier < 0 ? '-' : '+', ABS (modifier),
                                skill);
    }
  if (skill < need)
    {
      g_string_append (text, _(": miss"));
      return TRUE;
    }

  /* "Impact Die (+1 for muskets and rifles, +2 for canister, +3 for
   * roundshot) 6 Target killed, 1-5 Target takes courage check": the
   * engine gives only the kill chance, so the modifier is its table's */
  impact_mod = ph_mayhem_impact_modifier (weapon->kind);
  if (shooter->stats_kind == PH_STATS_MAYHEM)
    impact_mod += shooter->stats.mayhem.impact_bonus;
  if (impact_mod != 0)
    roll = ph_game_roll (game, 1, 6, target->id,
                         _("impact die: %s, kills on %d with %+d"),
                         ph_weapon_kind_label (weapon->kind), IMPACT_KILLS, impact_mod);
  else
    roll = ph_game_roll (game, 1, 6, target->id, _("impact die: %s, kills on %d"),
                         ph_weapon_kind_label (weapon->kind), IMPACT_KILLS);
  g_string_append_printf (text, _(": hit; impact die %d"), roll->total);
  if (impact_mod != 0)
    g_string_append_printf (text, " %c %d = %d", impact_mod < 0 ? '-' : '+', ABS (impact_mod),
                            roll->total + impact_mod);

  if (roll->total + impact_mod >= IMPACT_KILLS)
    {
      if (use_save && ph_mayhem_saves_of (target) > 0)
        {
          if (!ph_mayhem_spend_token (game, target, "mayhem.saves", ph_mayhem_saves_of (target), error))
            return FALSE;
          g_string_append_printf (text, _(": killed, but %s spends a save token"),
                                  ph_mayhem_fig_name (target));
          return TRUE;
        }
      g_string_append_printf (text, _(": %s is killed"), ph_mayhem_fig_name (target));
      ph_mayhem_set_status (game, target, PH_STATUS_MELEE, FALSE);
      ph_mayhem_set_status (game, target, PH_STATUS_DEAD, TRUE);
      return TRUE;
    }

  /* "A figure has taken a missile hit without being killed (individual
   * check, but taken at the group rate)" */
  {
    g_autoptr (GPtrArray) group = g_ptr_array_new ();

    g_ptr_array_add (group, target);
    g_string_append_printf (text, "; %s: ", ph_mayhem_fig_name (target));
    (void) scenario;
    return ph_mayhem_courage_check (game, group, TRIGGER_HIT, shooter->id, FALSE, use_save,
                             text, error);
  }
}

gboolean
ph_mayhem_action_shoot (PhGame      *game,
                 GHashTable  *args,
                 GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *shooter = ph_mayhem_arg_figure (game, args, "figure", error);
  PhFigure *target;
  g_autoptr (GPtrArray) targets = NULL;
  g_autoptr (GPtrArray) assessments =
    g_ptr_array_new_with_free_func ((GDestroyNotify) ph_assessment_free);
  g_autoptr (GString) text = g_string_new (NULL);
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  const char *phase = ph_game_get_var (game, "phase");
  const char *active = ph_mayhem_active_side (game);
  const PhWeapon *weapon;
  guint weapon_index = 0;
  gboolean has_weapon;
  double weapon_arg = 0;
  gboolean use_reroll, use_save;
  char key[48];
  g_autoptr (GError) local = NULL;

  if (shooter == NULL)
    return FALSE;
  target = ph_mayhem_arg_figure (game, args, "target", error);
  if (target == NULL)
    return FALSE;
  if (!ph_mayhem_arg_number (args, "weapon", FALSE, &has_weapon, &weapon_arg, error)
      || !mm_arg_bool (args, "use-reroll", FALSE, &use_reroll, error)
      || !mm_arg_bool (args, "use-save", FALSE, &use_save, error))
    return FALSE;

  /* "The inactive player shoots at any point during the active player's
   * move." "Inactive players may shoot at targets belonging to the active
   * player during the active player's turn." */
  if (g_strcmp0 (phase, PHASE_MOVE) != 0 || active == NULL)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("shooting is during the enemy's move, and no side is moving now"));
  if (g_strcmp0 (shooter->side, active) == 0)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("%s's side is moving: only the inactive side shoots, during the "
                      "enemy's move"), ph_mayhem_fig_name (shooter));
  if (g_strcmp0 (target->side, active) != 0)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("%s is not of the moving side (%s): targets belong to the active side"),
                    ph_mayhem_fig_name (target), ph_mayhem_side_name (scenario, active));
  /* "may shoot once at any point during the enemy's movement" */
  if (ph_game_get_figure_var (game, shooter->id, VAR_SHOT) != NULL)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("%s has already shot during this enemy move"), ph_mayhem_fig_name (shooter));

  if (has_weapon)
    {
      if (weapon_arg < 0 || weapon_arg >= shooter->weapons->len
          || weapon_arg != floor (weapon_arg))
        return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION,
                        _("%s has no weapon %g (it carries %u)"), ph_mayhem_fig_name (shooter),
                        weapon_arg, shooter->weapons->len);
      weapon_index = (guint) weapon_arg;
    }
  else
    {
      for (weapon_index = 0; weapon_index < shooter->weapons->len; weapon_index++)
        {
          const PhWeapon *w = &g_array_index (shooter->weapons, PhWeapon, weapon_index);

          /* The first loaded missile weapon, else the first missile one */
          if (ph_weapon_kind_is_missile (w->kind) && w->loaded)
            break;
        }
      if (weapon_index == shooter->weapons->len)
        {
          const PhWeapon *first = ph_figure_first_missile (shooter);

          if (first == NULL)
            return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW, _("%s has no missile weapon"),
                            ph_mayhem_fig_name (shooter));
          weapon_index = (guint) (first - (const PhWeapon *) shooter->weapons->data);
        }
    }
  weapon = &g_array_index (shooter->weapons, PhWeapon, weapon_index);
  if (!ph_weapon_kind_is_missile (weapon->kind))
    return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION, _("%s's %s is not a missile weapon"),
                    ph_mayhem_fig_name (shooter), ph_weapon_kind_label (weapon->kind));
  if (!weapon->loaded)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    ph_mayhem_is_gun_kind (weapon->kind) ? _("%s's %s is unloaded (its crew are clearing the smoke)")
                    : _("%s's %s is unloaded"),
                    ph_mayhem_fig_name (shooter), ph_weapon_kind_label (weapon->kind));
  options.has_weapon = TRUE;
  options.weapon = weapon->kind;

  targets = ph_mayhem_parse_figure_list (game, "also", g_hash_table_lookup (args, "also"),
                                  target, error);
  if (targets == NULL)
    return FALSE;
  /* "Canister: ... roll against all figures in a cone"; "Roundshot: ...
   * Roll against all figures along flight path" */
  if (targets->len > 1 && !ph_mayhem_is_gun_kind (weapon->kind))
    return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION,
                    _("only canister and roundshot fire at more than one figure"));

  for (guint i = 0; i < targets->len; i++)
    {
      PhFigure *t = g_ptr_array_index (targets, i);
      PhAssessment *a;

      if (t == shooter)
        return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION, _("%s cannot shoot at itself"),
                        ph_mayhem_fig_name (shooter));
      if (g_strcmp0 (t->side, active) != 0)
        return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                        _("%s is not of the moving side"), ph_mayhem_fig_name (t));
      a = ph_engine_assess_figures (scenario, shooter, t, &options, &local);
      if (a == NULL)
        return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION, "%s", local->message);
      g_ptr_array_add (assessments, a);
      if (!a->can_fire)
        {
          g_autofree char *reasons = ph_game_reasons_text (a);

          return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW, _("%s cannot fire at %s: %s"),
                          ph_mayhem_fig_name (shooter), ph_mayhem_fig_name (t), reasons);
        }
    }

  for (guint i = 0; i < targets->len; i++)
    {
      if (i > 0)
        g_string_append (text, ". ");
      if (!resolve_shot (game, shooter, g_ptr_array_index (targets, i), weapon,
                         g_ptr_array_index (assessments, i),
                         use_reroll, use_save, text, error))
        return FALSE;
    }

  /* "A gunpowder weapon becomes unloaded (mark with a smoke puff or other
   * agreed upon marker)"; "When gun fires, place 3 smoke puffs." */
  ph_game_set_figure_var (game, shooter->id, VAR_SHOT, "true");
  if (ph_weapon_kind_is_gunpowder (weapon->kind))
    {
      g_snprintf (key, sizeof key, "weapon.%u.loaded", weapon_index);
      if (!ph_game_set_figure_attr (game, shooter->id, key, "false", error))
        return FALSE;
      ph_mayhem_set_status (game, shooter, PH_STATUS_FIRED, TRUE);
    }
  if (ph_mayhem_is_gun_kind (weapon->kind))
    {
      ph_game_set_figure_var_int (game, shooter->id, VAR_SMOKE, SMOKE_PUFFS);
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "; %d smoke puff placed",
                                                 "; %d smoke puffs placed", SMOKE_PUFFS), SMOKE_PUFFS);
    }
  ph_game_set_event_figure (game, shooter->id);
  ph_game_log (game, "%s", text->str);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Reloading                                                              */

gboolean
ph_mayhem_has_unloaded_gunpowder (const PhFigure *figure)
{
  for (guint i = 0; i < figure->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (figure->weapons, PhWeapon, i);

      if (ph_weapon_kind_is_gunpowder (w->kind) && !w->loaded)
        return TRUE;
    }
  return FALSE;
}

gboolean
ph_mayhem_action_reload (PhGame      *game,
                  GHashTable  *args,
                  GError     **error)
{
  PhFigure *figure = ph_mayhem_arg_figure (game, args, "figure", error);
  gboolean has_weapon;
  double weapon_arg = 0;
  guint index;
  const PhWeapon *weapon = NULL;
  char key[48];

  if (figure == NULL)
    return FALSE;
  if (!ph_mayhem_arg_number (args, "weapon", FALSE, &has_weapon, &weapon_arg, error))
    return FALSE;
  /* "can be reloaded as an action by a figure which does not move during
   * its own turn" */
  if (!ph_mayhem_check_own_turn (game, figure, TRUE, error))
    return FALSE;
  if ((figure->status & PH_STATUS_MOVED)
      || ph_game_get_figure_var (game, figure->id, VAR_REACH) != NULL)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("%s has moved (or rolled to move) this turn: only a figure "
                      "which does not move may reload"), ph_mayhem_fig_name (figure));
  if (ph_game_get_figure_var (game, figure->id, VAR_RELOADED) != NULL)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW, _("%s has already reloaded this turn"),
                    ph_mayhem_fig_name (figure));

  if (has_weapon)
    {
      if (weapon_arg < 0 || weapon_arg >= figure->weapons->len
          || weapon_arg != floor (weapon_arg))
        return ph_mayhem_fail (error, PH_GAME_ERROR_BAD_ACTION, _("%s has no weapon %g"),
                        ph_mayhem_fig_name (figure), weapon_arg);
      index = (guint) weapon_arg;
      weapon = &g_array_index (figure->weapons, PhWeapon, index);
    }
  else
    {
      for (index = 0; index < figure->weapons->len; index++)
        {
          const PhWeapon *w = &g_array_index (figure->weapons, PhWeapon, index);

          if (ph_weapon_kind_is_gunpowder (w->kind) && !w->loaded && !ph_mayhem_is_gun_kind (w->kind))
            {
              weapon = w;
              break;
            }
        }
      if (weapon == NULL)
        {
          if (ph_mayhem_has_unloaded_gunpowder (figure))
            return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                            _("%s is a gun: its crew clear one smoke puff a turn "
                              "(at the end of the turn)"), ph_mayhem_fig_name (figure));
          return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW, _("%s has nothing to reload"),
                          ph_mayhem_fig_name (figure));
        }
    }
  if (ph_mayhem_is_gun_kind (weapon->kind))
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW,
                    _("a gun is reloaded by its crew clearing one smoke puff a turn"));
  if (!ph_weapon_kind_is_gunpowder (weapon->kind) || weapon->loaded)
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW, _("%s's %s is not unloaded"),
                    ph_mayhem_fig_name (figure), ph_weapon_kind_label (weapon->kind));

  g_snprintf (key, sizeof key, "weapon.%u.loaded", index);
  if (!ph_game_set_figure_attr (game, figure->id, key, "true", error))
    return FALSE;
  ph_game_set_figure_var (game, figure->id, VAR_RELOADED, "true");
  if (!ph_mayhem_has_unloaded_gunpowder (figure))
    ph_mayhem_set_status (game, figure, PH_STATUS_FIRED, FALSE);
  ph_game_set_event_figure (game, figure->id);
  ph_game_log (game, _("%s reloads the %s and may not move this turn"),
               ph_mayhem_fig_name (figure), ph_weapon_kind_label (weapon->kind));
  return TRUE;
}
