/* ph-game-firelock-fight.c: a game of Firelock and Scalplock: shooting
 * and melee
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Firelock and Scalplock rules, "Shooting" with its Results
 * and Re-roll tables, and "Melee" with the weapons-by-terrain table and the
 * four cases that break a tie.  The odds of a shot are the rules engine's
 * (ph_engine_assess_figures()); this file rolls them and applies what the
 * tables say.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-ruleset-firelock.h"
#include "ph-game-firelock-private.h"

/* B.3: "A result of 8 or better (8,9,0) and the target is acquired" */
#define ACQUIRE_TARGET 8
/* Melee: "Any figure within 1" of an enemy may melee" */
#define MELEE_REACH 1.0

/* ------------------------------------------------------------------ */
/* Shooting                                                            */

static void
append_die (GString *log,
            int      die,
            int      modifier)
{
  if (modifier != 0)
    g_string_append_printf (log, "%d %c %d = %d", die, modifier < 0 ? '-' : '+', ABS (modifier),
                            die + modifier);
  else
    g_string_append_printf (log, "%d", die);
}

/* Hits on a horse: the third makes it Normal, the fifth Worn; the
 * seventh (or a fatal wound) kills it and the rider is on foot */
static gboolean
hit_horse (PhGame    *game,
           PhFigure  *rider,
           int        hits,
           gboolean   fatal,
           GString   *log,
           GError   **error)
{
  int old = ph_game_get_figure_var_int (game, rider->id, "horse-hits", 0);
  int now = fatal ? 7 : MIN (7, old + hits);

  ph_game_set_figure_var_int (game, rider->id, "horse-hits", now);
  if (fatal)
    g_string_append_printf (log, _("%s's horse is killed"), ph_firelock_name (rider));
  else
    g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE,
                                              "%s's horse takes %d hit (%d of the 7 that kill it)",
                                              "%s's horse takes %d hits (%d of the 7 that kill it)",
                                              hits),
                            ph_firelock_name (rider), hits, now);
  if (now >= 7)
    {
      if (!fatal)
        g_string_append (log, _(": killed"));
      g_string_append_printf (log, _("; %s is on foot"), ph_firelock_name (rider));
      ph_game_set_figure_var (game, rider->id, "horse-move", NULL);
      return ph_game_set_figure_attr (game, rider->id, "mounted", "false", error);
    }
  if (old < 5 && now >= 5)
    g_string_append (log, _(": worn, 1d6"));
  else if (old < 3 && now >= 3)
    g_string_append (log, _(": normal, 2d6"));
  return TRUE;
}

gboolean
ph_firelock_action_shoot (PhGame     *game,
                 GHashTable *args,
                 GError    **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *figure = fl_arg_figure (game, args, "figure", error);
  PhFigure *target = figure != NULL ? fl_arg_figure (game, args, "target", error) : NULL;
  const char *aim_arg = g_hash_table_lookup (args, "aim");
  const char *at_arg = g_hash_table_lookup (args, "at");
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhAssessment) a = NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GString) detail = g_string_new (NULL);
  const PhWeapon *weapon;
  PhWeaponKind weapon_kind;
  const char *kind;
  gboolean spot, acquired_before, needs_acquire, at_horse = FALSE;
  gboolean line_or_cavalry;
  int index, aim_cost = 0, spot_cost = 0, faces, mod;
  g_autofree char *dice = NULL;
  double chance = 0;
  const PhRoll *roll;
  char attr[32];

  if (target == NULL || !ph_firelock_require_active (game, figure, error)
      || !ph_firelock_pick_weapon (figure, args, FALSE, &index, error)
      || !fl_arg_bool (args, "spot", FALSE, &spot, error))
    return FALSE;
  if (figure == target)
    {
      fl_bad (error, _("%s cannot shoot at himself"), ph_firelock_name (figure));
      return FALSE;
    }
  if (!ph_firelock_require_on_table (target, error))
    return FALSE;
  weapon = &g_array_index (figure->weapons, PhWeapon, index);
  weapon_kind = weapon->kind;
  kind = ph_weapon_kind_label (weapon_kind);
  if (!ph_weapon_kind_is_missile (weapon_kind))
    {
      fl_bad (error, _("%s's %s is not a missile weapon"), ph_firelock_name (figure), kind);
      return FALSE;
    }

  /* D: aiming costs 2 IPs, careful aiming 4 */
  if (aim_arg == NULL || *aim_arg == '\0' || g_str_equal (aim_arg, "none"))
    options.values[PH_FIRELOCK_OPT_AIM] = PH_AIM_NONE;
  else if (g_str_equal (aim_arg, "aim"))
    options.values[PH_FIRELOCK_OPT_AIM] = PH_AIM_AIM, aim_cost = 2;
  else if (g_str_equal (aim_arg, "careful"))
    options.values[PH_FIRELOCK_OPT_AIM] = PH_AIM_CAREFUL, aim_cost = 4;
  else
    {
      fl_bad (error, _("aim: none, aim or careful, not \"%s\""), aim_arg);
      return FALSE;
    }
  if (at_arg != NULL && *at_arg != '\0')
    {
      if (g_str_equal (at_arg, "horse"))
        at_horse = TRUE;
      else if (!g_str_equal (at_arg, "rider"))
        {
          fl_bad (error, _("at: horse or rider, not \"%s\""), at_arg);
          return FALSE;
        }
    }

  /* B.1: "If the weapon is loaded, then the figure can fire" */
  if (!weapon->loaded)
    {
      fl_not_now (error, _("%s's %s is not loaded"), ph_firelock_name (figure), kind);
      return FALSE;
    }

  /* An angry or vexed figure "may fire if already loaded, but is not
   * eligible for any bonuses": he does not pay for what he cannot have */
  if ((PH_FIRELOCK_AIM (&options) != PH_AIM_NONE || spot)
      && (figure->status & (PH_STATUS_ANGRY | PH_STATUS_VEXED)))
    {
      fl_not_now (error, (figure->status & PH_STATUS_ANGRY)
                  ? _("%s is angry: not eligible for aim or spot bonuses")
                  : _("%s is vexed: not eligible for aim or spot bonuses"), ph_firelock_name (figure));
      return FALSE;
    }

  acquired_before = g_strcmp0 (ph_game_get_figure_var (game, figure->id, "acquired"),
                               target->id) == 0;
  if (acquired_before)
    spot = FALSE;  /* nothing left to spot */
  /* "Line Infantry or cavalry pay 4 IPs -- All others pay 2 IPs" */
  line_or_cavalry = figure->troop == PH_TROOP_LINE
                    || (figure->troop == PH_TROOP_CAVALRY && figure->mounted);
  if (spot)
    spot_cost = line_or_cavalry ? 4 : 2;

  options.has_weapon = TRUE;
  options.weapon = weapon_kind;
  options.values[PH_FIRELOCK_OPT_SPOT] = spot;
  a = ph_engine_assess_figures (scenario, figure, target, &options, error);
  if (a == NULL)
    return FALSE;
  if (!a->can_fire)
    {
      g_autofree char *why = ph_game_reasons_text (a);

      fl_not_now (error, _("%s cannot fire at %s: %s"), ph_firelock_name (figure), ph_firelock_name (target),
                  why);
      return FALSE;
    }
  if (aim_cost + spot_cost > 0
      && !ph_firelock_pay (game, figure, aim_cost + spot_cost,
                  spot && aim_cost > 0 ? _("aim and spot") : spot ? _("spot") : _("aim"), error))
    return FALSE;
  chance = ph_firelock_shot (a)->chance_percent;
  ph_game_set_event_figure (game, figure->id);

  /* the shot's particulars: "14.5 in, target in building, 2 IPs to aim" */
  g_string_append_printf (detail, _("%.1f in"), a->distance);
  if (a->cover_detail != PH_FIRELOCK_COVER_OPEN)
    g_string_append_printf (detail, _(", target in %s"),
                            g_dpgettext2 (GETTEXT_PACKAGE, "cover",
                                          ph_firelock_cover_to_string ((PhFirelockCover) a->cover_detail)));
  if (spot_cost > 0)
    g_string_append_printf (detail, _(", %d IPs to spot"), spot_cost);
  if (aim_cost > 0)
    g_string_append_printf (detail, PH_FIRELOCK_AIM (&options) == PH_AIM_CAREFUL
                            ? _(", %d IPs to aim carefully") : _(", %d IPs to aim"), aim_cost);
  /* TRANSLATORS: "Sgt. Smith fires his musket at Gros Ours: 14.5 in, ..." */
  g_string_append_printf (log, _("%s fires his %s at %s: %s"), ph_firelock_name (figure), kind,
                          ph_firelock_name (target), detail->str);

  /* B.2, B.3: acquisition, automatic in the open or against a figure in
   * cover that has fired a black powder weapon this turn */
  needs_acquire = a->cover != PH_COVER_OPEN && !(target->status & PH_STATUS_FIRED)
                  && !acquired_before;
  if (needs_acquire)
    {
      mod = ph_firelock_shot (a)->acquire_modifier;
      dice = ph_dice_text (1, 10, mod);
      /* TRANSLATORS: "acquiring Sgt Smith in cover (d10+1, needs 8)" */
      roll = ph_game_roll (game, 1, 10, figure->id, _("acquiring %s in cover (%s, needs 8)"),
                           ph_firelock_name (target), dice);
      if (roll->total + mod < ACQUIRE_TARGET)
        {
          /* no shot is fired: the line says so first, in the rules' word
           * (it read "fires ... not acquired, no shot") */
          g_string_truncate (log, 0);
          /* TRANSLATORS: "Pvt. Shute cannot fire: has not acquired Sgt.
           * Dubois (14.5 in, target in building, 2 IPs to aim; to acquire
           * d10 6, needs 8)" */
          g_string_append_printf (log, _("%s cannot fire: has not acquired %s (%s; to acquire d10 "),
                                  ph_firelock_name (figure), ph_firelock_name (target),
                                  detail->str);
          append_die (log, roll->total, mod);
          g_string_append (log, _(", needs 8)"));
          ph_firelock_append_ips_left (log, ph_game_get_figure_var_int (game, figure->id, "ips", 0));
          ph_game_log (game, "%s", log->str);
          return TRUE;
        }
      g_string_append (log, _("; to acquire d10 "));
      append_die (log, roll->total, mod);
      g_string_append (log, _(": acquired"));
      ph_game_set_figure_var (game, figure->id, "acquired", target->id);
    }

  /* C: the percentage chance, hits on 1..floor(chance) of d100 */
  faces = ph_dice_percent_faces (chance);
  roll = ph_game_roll (game, 1, 100, figure->id, _("to hit %s: %d%% or less"),
                       ph_firelock_name (target), faces);
  g_string_append_printf (log, _("; needs %d%% or less, rolled %d"), faces, roll->total);

  /* The shot is fired whatever it does */
  g_snprintf (attr, sizeof attr, "weapon.%d.loaded", index);
  if (!ph_game_set_figure_attr (game, figure->id, attr, "false", error))
    return FALSE;
  if (ph_weapon_kind_is_gunpowder (weapon_kind))
    ph_game_set_status (game, figure->id, PH_STATUS_FIRED, TRUE);

  if (roll->total > faces)
    g_string_append (log, _(": miss"));
  else
    {
      int result, total;
      gboolean horse = FALSE;

      g_string_append (log, _(": hit"));
      /* "If the target was cavalry, pick to hit either the horse or rider if
       * you aimed or carefully aimed. Otherwise, roll d6: 1-4 horse is hit,
       * 5-6 rider is hit." */
      if (target->mounted)
        {
          if (PH_FIRELOCK_AIM (&options) != PH_AIM_NONE)
            {
              horse = at_horse;
              g_string_append (log, horse ? _(" on the horse (aimed at)") : _(" on the rider (aimed at)"));
            }
          else
            {
              roll = ph_game_roll (game, 1, 6, target->id, _("horse or rider (1-4 horse, 5-6 rider)"));
              horse = roll->total <= 4;
              g_string_append_printf (log, horse ? _(", d6 %d: the horse") : _(", d6 %d: the rider"),
                                      roll->total);
            }
        }

      mod = ph_firelock_shot (a)->result_modifier;
      g_free (dice);
      dice = ph_dice_text (1, 10, mod);
      /* TRANSLATORS: "result of the hit (d10+1)", "(d10)" */
      roll = ph_game_roll (game, 1, 10, target->id, _("result of the hit (%s)"), dice);
      total = roll->total + mod;
      g_string_append (log, _("; result d10 "));
      append_die (log, roll->total, mod);
      g_string_append (log, ": ");
      if (total >= 7)
        {
          /* Results Table: 12+ dies, 11 to 7: 5 to 1 hits */
          gboolean fatal = total >= 12;
          int hits = fatal ? 0 : total - 6;

          if (horse)
            {
              if (!hit_horse (game, target, hits, fatal, log, error))
                return FALSE;
            }
          else if (!ph_firelock_apply_hits (game, target, hits, fatal, log, error))
            return FALSE;
        }
      else
        {
          /* "6 or less, roll again on the table below", with the same
           * modifiers (rules.md), read as 1 to 10 */
          roll = ph_game_roll (game, 1, 10, target->id, _("re-roll table (%s)"), dice);
          result = CLAMP (roll->total + mod, 1, 10);
          g_string_append (log, _("roll again, d10 "));
          append_die (log, roll->total, mod);
          if (roll->total + mod != result)
            g_string_append_printf (log, _(" (read as %d)"), result);
          g_string_append (log, ": ");
          switch (result)
            {
            case 4:
            case 5:
              /* 4 "very angry", 5 "sorely vexed": at his next chance to act
               * all (half, rounding up) his IPs go on closing with the shooter */
              ph_game_set_status (game, target->id, result == 4 ? PH_STATUS_ANGRY : PH_STATUS_VEXED,
                                  TRUE);
              ph_game_set_figure_var (game, target->id, "angry-at", figure->id);
              g_string_append_printf (log, result == 4 ? _("missed, but %s is very angry")
                                      : _("missed, but %s is sorely vexed"), ph_firelock_name (target));
              break;
            case 6:
              ph_game_set_status (game, target->id, PH_STATUS_STARTLED, TRUE);
              g_string_append_printf (log, _("missed, but %s is startled"), ph_firelock_name (target));
              break;
            case 7:
              ph_game_set_status (game, target->id, PH_STATUS_COWERING, TRUE);
              g_string_append_printf (log, _("missed, but %s cowers"), ph_firelock_name (target));
              break;
            case 8:
              /* "drops to the ground, prone": a rider cannot lie prone in
               * the saddle, so he drops from it (remounting costs a d6 of
               * IPs, as ever) -- never mounted and prone at once */
              ph_game_set_status (game, target->id, PH_STATUS_PRONE, TRUE);
              if (target->mounted)
                {
                  if (!ph_game_set_figure_attr (game, target->id, "mounted", "false", error))
                    return FALSE;
                  g_string_append_printf (log, _("missed, but %s drops from the saddle to the "
                                            "ground, prone"), ph_firelock_name (target));
                }
              else
                g_string_append_printf (log, _("missed, but %s drops to the ground, prone"),
                                        ph_firelock_name (target));
              break;
            case 9:
            case 10:
              {
                /* "Figure will run away immediately a total number of inches
                 * equal to [double] his IPs. Terrain penalties are ignored." */
                int factor = result == 10 ? 2 : 1;
                int ips = ph_game_get_figure_var_int (game, target->id, "ips-rolled", -1);
                gboolean acted = ph_game_get_figure_var (game, target->id, "activated") != NULL;

                g_string_append (log, _("missed, but "));
                if (ips < 0)
                  {
                    g_autoptr(GString) how = g_string_new (NULL);

                    ips = ph_firelock_roll_ip_dice (game, target, FALSE, _("IPs for running away"), how);
                    g_string_append_printf (log, _("(his IPs: %s = %d) "), how->str, ips);
                  }
                if (!ph_firelock_run_away (game, target, figure, (double) ips * factor, log, error))
                  return FALSE;
                if (acted && !(target->status & PH_STATUS_FLED))
                  {
                    ph_game_set_figure_var_int (game, target->id, "must-run", factor);
                    ph_game_set_figure_var (game, target->id, "run-from", figure->id);
                    g_string_append (log, _("; he has acted, so running is all he can do next turn"));
                  }
              }
              break;
            default:
              g_string_append (log, _("no effect"));
              break;
            }
        }
    }
  ph_firelock_append_ips_left (log, ph_game_get_figure_var_int (game, figure->id, "ips", 0));
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Melee                                                               */

typedef struct
{
  const char *name;
  int modifier;
} MeleeWeapon;

/* The weapons-by-terrain table: woods, brush/scrub, open */
static int
weapon_modifier (PhWeaponKind  kind,
                 FlMeleeGround ground)
{
  static const int bayonet[] = { 2, 0, -1 };
  static const int blade[] = { 0, 1, 2 };
  static const int clubbed[] = { 1, 1, -2 };

  switch (kind)
    {
    case PH_WEAPON_BAYONET: return bayonet[ground];
    case PH_WEAPON_KNIFE:
    case PH_WEAPON_TOMAHAWK:
    case PH_WEAPON_WAR_CLUB: return blade[ground];
    case PH_WEAPON_CLUBBED_MUSKET:
    case PH_WEAPON_MUSKET:
    case PH_WEAPON_RIFLE: return clubbed[ground];
    default: return 0;
    }
}

/* The weapon a figure fights with: @index (a musket or rifle is clubbed),
 * or the best the ground allows, a musket or rifle being clubbed when
 * nothing better is carried */
static gboolean
melee_weapon (const PhFigure *figure,
              int             index,
              FlMeleeGround   ground,
              MeleeWeapon    *out,
              GError        **error)
{
  gboolean found = FALSE;

  if (index >= 0)
    {
      const PhWeapon *w;

      if ((guint) index >= figure->weapons->len)
        {
          fl_bad (error, _("%s has no weapon %d"), ph_firelock_name (figure), index);
          return FALSE;
        }
      w = &g_array_index (figure->weapons, PhWeapon, index);
      if (w->kind == PH_WEAPON_MUSKET || w->kind == PH_WEAPON_RIFLE)
        out->name = _("clubbed musket");
      else if (ph_weapon_kind_is_missile (w->kind))
        {
          fl_bad (error, _("%s cannot fight hand to hand with a %s"), ph_firelock_name (figure),
                  ph_weapon_kind_label (w->kind));
          return FALSE;
        }
      else
        out->name = ph_weapon_kind_label (w->kind);
      out->modifier = weapon_modifier (w->kind, ground);
      return TRUE;
    }
  out->name = _("bare hands");
  out->modifier = 0;
  for (guint i = 0; i < figure->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (figure->weapons, PhWeapon, i);
      int m;

      if (ph_weapon_kind_is_missile (w->kind)
          && !(w->kind == PH_WEAPON_MUSKET || w->kind == PH_WEAPON_RIFLE))
        continue;
      if ((w->kind == PH_WEAPON_MUSKET || w->kind == PH_WEAPON_RIFLE) && figure->mounted)
        continue;
      m = weapon_modifier (w->kind, ground);
      if (!found || m > out->modifier)
        {
          out->name = ph_weapon_kind_is_missile (w->kind) ? _("clubbed musket")
                                                          : ph_weapon_kind_label (w->kind);
          out->modifier = m;
          found = TRUE;
        }
    }
  return TRUE;
}

static gboolean
irregular (const PhFigure *f)
{
  return !f->mounted && (f->troop == PH_TROOP_INDIAN || f->troop == PH_TROOP_GUERRILLA);
}

static gboolean
in_the_open (const PhScenario *scenario,
             const PhFigure   *f)
{
  PhPoint p = ph_firelock_figure_point (f);

  return ph_firelock_melee_ground_at (scenario, p) == FL_MELEE_OPEN
         && ph_firelock_ground_at (scenario, p) == FL_GROUND_CLEAR;
}

/* "Roll again immediately to break ties, UNLESS": the loser of a tie, or
 * NULL; @why says which case */
static PhFigure *
tie_loser (const PhScenario *scenario,
           PhFigure         *a,
           PhFigure         *b,
           const char      **why)
{
  for (int pass = 0; pass < 2; pass++)
    {
      PhFigure *x = pass == 0 ? a : b;
      PhFigure *y = pass == 0 ? b : a;

      if (x->mounted && !y->mounted)
        {
          PhPoint p = ph_firelock_figure_point (y);

          if (in_the_open (scenario, y))
            {
              *why = _("cavalry vs. foot in the open: cavalry wins");
              return y;
            }
          if (ph_firelock_melee_ground_at (scenario, p) == FL_MELEE_WOODS)
            {
              *why = _("cavalry vs. foot in woods: cavalry loses");
              return x;
            }
        }
      if (irregular (x) && !y->mounted && y->troop == PH_TROOP_LINE
          && ph_firelock_ground_at (scenario, ph_firelock_figure_point (x)) >= FL_GROUND_ROUGH)
        {
          *why = _("Indians/guerrillas in rough ground vs. line troops: line loses");
          return y;
        }
      if (!x->mounted && (x->troop == PH_TROOP_LINE || x->troop == PH_TROOP_LIGHT)
          && irregular (y) && in_the_open (scenario, y))
        {
          *why = _("trained infantry vs. Indians/guerrillas in the open: Indians/guerrillas lose");
          return y;
        }
    }
  return NULL;
}

gboolean
ph_firelock_action_melee (PhGame     *game,
                 GHashTable *args,
                 GError    **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *figure = fl_arg_figure (game, args, "figure", error);
  PhFigure *target = figure != NULL ? fl_arg_figure (game, args, "target", error) : NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  PhFigure *fighters[2];
  MeleeWeapon weapons[2];
  int mods[2];
  PhBase ba, bb;
  double d;
  int index;

  if (target == NULL || !ph_firelock_require_active (game, figure, error)
      || !ph_firelock_arg_int (args, "weapon", -1, &index, error))
    return FALSE;
  if (ph_game_get_figure_var (game, figure->id, "meleed") != NULL)
    {
      fl_not_now (error, _("%s has already fought a melee in this activation"), ph_firelock_name (figure));
      return FALSE;
    }
  if (figure == target || g_str_equal (figure->side, target->side))
    {
      fl_bad (error, _("%s is not an enemy of %s"), ph_firelock_name (target), ph_firelock_name (figure));
      return FALSE;
    }
  if (!ph_firelock_require_on_table (target, error) || !ph_firelock_require_roster (figure, error)
      || !ph_firelock_require_roster (target, error))
    return FALSE;
  ph_figure_get_base (figure, &ba);
  ph_figure_get_base (target, &bb);
  d = ph_base_distance (&ba, &bb) / ph_firelock_units_per_inch (scenario);
  if (d > MELEE_REACH + 1e-9)
    {
      fl_not_now (error, _("%s is %.1f in from %s: melee needs 1 in or less"), ph_firelock_name (target), d,
                  ph_firelock_name (figure));
      return FALSE;
    }

  fighters[0] = figure;
  fighters[1] = target;
  ph_game_set_event_figure (game, figure->id);
  g_string_append_printf (log, _("%s attacks %s hand to hand"), ph_firelock_name (figure), ph_firelock_name (target));
  for (int i = 0; i < 2; i++)
    {
      PhFigure *f = fighters[i];
      PhFigure *enemy = fighters[1 - i];
      FlMeleeGround ground = ph_firelock_melee_ground_at (scenario, ph_firelock_figure_point (f));
      static const char * const ground_names[] = { NC_("melee ground", "open"), NC_("melee ground", "brush"),
                                                     NC_("melee ground", "woods") };

      if (!melee_weapon (f, i == 0 ? index : -1, ground, &weapons[i], error))
        return FALSE;
      /* "+2 if enemy figure currently prone", "+/- current melee strength",
       * "+/- Weapon modifiers" */
      mods[i] = f->stats.firelock.melee + weapons[i].modifier
                + ((enemy->status & PH_STATUS_PRONE) ? 2 : 0);
      /* "; Sgt Smith: melee +2, tomahawk in woods +1, enemy prone +2,
       * +5 in all"; a term that adds nothing is not written as "+0" */
      g_string_append_printf (log, "%s %s: ", i == 0 ? ";" : ",", ph_firelock_name (f));
      if (f->stats.firelock.melee != 0)
        /* TRANSLATORS: the man's melee strength added to his d10 */
        g_string_append_printf (log, _("melee %+d, "), f->stats.firelock.melee);
      if (weapons[i].modifier != 0)
        /* TRANSLATORS: "tomahawk in woods +1" */
        g_string_append_printf (log, _("%s in %s %+d"), weapons[i].name,
                                g_dpgettext2 (GETTEXT_PACKAGE, "melee ground", ground_names[ground]),
                                weapons[i].modifier);
      else
        /* TRANSLATORS: "musket in open" (adding nothing) */
        g_string_append_printf (log, _("%s in %s"), weapons[i].name,
                                g_dpgettext2 (GETTEXT_PACKAGE, "melee ground", ground_names[ground]));
      if (enemy->status & PH_STATUS_PRONE)
        g_string_append (log, _(", enemy prone +2"));
      if (mods[i] != 0)
        g_string_append_printf (log, _(", %+d in all"), mods[i]);
      else
        g_string_append (log, _(", nothing added"));
    }

  /* "Each side rolls a d10 and modifies the die roll. Highest die roll
   * wins. The loser deducts the difference ... and marks out that number of
   * hit boxes." */
  for (int round = 0; round < 100; round++)
    {
      g_autofree char *dice0 = ph_dice_text (1, 10, mods[0]);
      g_autofree char *dice1 = ph_dice_text (1, 10, mods[1]);
      /* TRANSLATORS: "melee: Sgt Smith (d10+5)" */
      const PhRoll *r0 = ph_game_roll (game, 1, 10, figure->id, _("melee: %s (%s)"),
                                       ph_firelock_name (figure), dice0);
      int t0 = r0->total + mods[0];
      const PhRoll *r1 = ph_game_roll (game, 1, 10, target->id, _("melee: %s (%s)"),
                                       ph_firelock_name (target), dice1);
      int t1 = r1->total + mods[1];
      PhFigure *loser = NULL;
      const char *why = NULL;
      int hits;

      g_string_append_printf (log, "; %s ", ph_firelock_name (figure));
      append_die (log, r0->total, mods[0]);
      g_string_append_printf (log, ", %s ", ph_firelock_name (target));
      append_die (log, r1->total, mods[1]);

      if (t0 == t1)
        {
          loser = tie_loser (scenario, figure, target, &why);
          if (loser == NULL)
            {
              g_string_append (log, _(": a tie, roll again"));
              continue;
            }
          /* the four cases: "roll d6 for number of hits" */
          g_string_append_printf (log, _(": a tie, %s"), why);
          hits = ph_game_roll (game, 1, 6, loser->id, _("melee hits on %s"),
                               ph_firelock_name (loser))->total;
          g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE, ", d6 %d hit. ", ", d6 %d hits. ",
                                                    hits), hits);
        }
      else
        {
          loser = t0 > t1 ? target : figure;
          hits = abs (t0 - t1);
          g_string_append_printf (log, _(": %s wins by %d. "), ph_firelock_name (t0 > t1 ? figure : target),
                                  hits);
        }
      ph_game_set_figure_var (game, figure->id, "meleed", "true");
      if (!ph_firelock_apply_hits (game, loser, hits, FALSE, log, error))
        return FALSE;
      ph_game_log (game, "%s", log->str);
      return TRUE;
    }
  fl_not_now (error, _("The melee went on tied for 100 rounds"));
  return FALSE;
}

/* The melee's odds, as ph_firelock_action_melee() would fight it now with
 * the weapons it picks: d10 each plus the modifiers, highest wins, a tie
 * rolled again unless one of the four cases settles it (the 100 rounds'
 * limit left out: a chance of 10^-100).  Exact: every pair of dice. */
static char *
melee_odds (PhGame         *game,
            const PhFigure *figure,
            const PhFigure *target)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const PhFigure *fighters[2] = { figure, target };
  PhFigure *loser;
  const char *why = NULL;
  int mods[2], win = 0, lose = 0, tie = 0;
  double p_win;

  for (int i = 0; i < 2; i++)
    {
      const PhFigure *f = fighters[i];
      const PhFigure *enemy = fighters[1 - i];
      MeleeWeapon weapon;

      if (f->stats_kind != PH_STATS_FIRELOCK
          || !melee_weapon (f, -1, ph_firelock_melee_ground_at (scenario, ph_firelock_figure_point (f)),
                            &weapon, NULL))
        return NULL;
      mods[i] = f->stats.firelock.melee + weapon.modifier
                + ((enemy->status & PH_STATUS_PRONE) ? 2 : 0);
    }
  for (int a = 1; a <= 10; a++)
    for (int b = 1; b <= 10; b++)
      {
        int d = (a + mods[0]) - (b + mods[1]);

        win += d > 0;
        lose += d < 0;
        tie += d == 0;
      }
  loser = tie_loser (scenario, (PhFigure *) figure, (PhFigure *) target, &why);
  if (loser == NULL)
    p_win = win + lose > 0 ? (double) win / (win + lose) : 0.5;
  else
    p_win = (win + (loser == target ? tie : 0)) / 100.0;
  /* TRANSLATORS: a melee's odds: "62% to win" (the loser takes the
   * difference in hits) */
  return g_strdup_printf (_("%.0f%% to win"), p_win * 100);
}

char *
ph_firelock_target_odds (PhGame         *game,
                         const char     *action,
                         const PhFigure *figure,
                         const PhFigure *target,
                         GHashTable     *args)
{
  if (!g_str_equal (action, "melee"))
    return NULL;
  return melee_odds (game, figure, target);
}
