/* ph-game-featherstone-fire.c: a game of Skirmish Wargaming: fire and aim
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Aimed fire takes two phases; a shot rolls the percentage dice against the
 * engine's chance and a hit on a mounted man may strike the horse.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-ruleset-featherstone.h"
#include "ph-game-featherstone-private.h"

/* Whether @f can fire @weapon with his hands as his wounds left them */
static gboolean
check_hands (PhGame          *game,
             const PhFigure  *f,
             PhWeaponKind     weapon,
             GError         **error)
{
  /* "Cannot use that arm again": the game's own wound, or a C or D on
   * his record sheet however it came there (before the game, or the
   * referee's own hand in the Figure tab) */
  gboolean right = g_strcmp0 (ph_game_get_figure_var (game, f->id, "right-arm"), "lost") == 0
                   || ph_featherstone_roster_has (f, 'C');
  gboolean left = g_strcmp0 (ph_game_get_figure_var (game, f->id, "left-arm"), "lost") == 0
                  || ph_featherstone_roster_has (f, 'D');

  if (ph_game_get_figure_var (game, f->id, "dropped") != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s dropped what he held when wounded: pick it up first "
                     "(action what=pick-up)"), ph_featherstone_fname (f));
      return FALSE;
    }
  if ((right && left) || ((right || left) && !ph_featherstone_is_one_handed (weapon)))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   right ? _("%s cannot use his right arm: he cannot fire a %s")
                   : _("%s cannot use his left arm: he cannot fire a %s"),
                   ph_featherstone_fname (f), ph_weapon_kind_label (weapon));
      return FALSE;
    }
  return TRUE;
}

/* The log's words for @w: its name in the scenario ("Baker rifle"),
 * else its kind's */
static const char *
weapon_words (const PhWeapon *w)
{
  return w->name != NULL && *w->name != '\0' ? w->name : ph_weapon_kind_label (w->kind);
}

static gboolean
pick_weapon (const PhFigure  *f,
             GHashTable      *args,
             PhShotOptions   *options,
             PhWeaponKind    *kind,
             const char     **words,
             GError         **error)
{
  const char *w = g_hash_table_lookup (args, "weapon");
  const PhWeapon *weapon;

  /* checked by ph_game_perform(): the weapon's number among the figure's */
  if (w != NULL && *w != '\0')
    {
      int n = ph_game_weapon_index (f, w);

      if (n < 0)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                       _("%s carries no weapon '%s'"), ph_featherstone_fname (f), w);
          return FALSE;
        }
      *kind = g_array_index (f->weapons, PhWeapon, n).kind;
      *words = weapon_words (&g_array_index (f->weapons, PhWeapon, n));
      options->has_weapon = TRUE;
      options->weapon = *kind;
      return TRUE;
    }
  weapon = ph_figure_first_missile (f);
  if (weapon == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has no missile weapon"), ph_featherstone_fname (f));
      return FALSE;
    }
  *kind = weapon->kind;
  *words = weapon_words (weapon);
  return TRUE;
}

/* "Aimed fire - This takes two phases - first phase - adopt a firing
 * position; second phase - fire. Whilst making an aimed shot a man may make
 * no other action, nor move." */
gboolean
ph_featherstone_action_aim (PhGame      *game,
               GHashTable  *args,
               GError     **error)
{
  PhFigure *f = fs_get_figure (game, args, "figure", error);
  PhFigure *t = f != NULL ? fs_get_figure (game, args, "target", error) : NULL;
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  PhWeaponKind kind;
  const char *words = NULL;
  int phase = ph_featherstone_current_phase (game);
  int count = 1, needed = 1;
  const char *old;

  if (t == NULL)
    return FALSE;
  if (f == t)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("%s cannot aim at himself"), ph_featherstone_fname (f));
      return FALSE;
    }
  if (!ph_featherstone_enter_step (game, STEP_FIRE, "aiming", error)
      || !ph_featherstone_check_able (game, f, FALSE, error)
      || !pick_weapon (f, args, &options, &kind, &words, error)
      || !check_hands (game, f, kind, error))
    return FALSE;
  if (f->status & PH_STATUS_MOVED)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s moved this phase: an aimed shot allows no movement"), ph_featherstone_fname (f));
      return FALSE;
    }
  if (ph_game_get_figure_var (game, f->id, "acted") != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s made an action this phase: an aimed shot allows no other action"),
                   ph_featherstone_fname (f));
      return FALSE;
    }
  if (f->status & PH_STATUS_FIRED)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has fired this phase"), ph_featherstone_fname (f));
      return FALSE;
    }
  old = ph_game_get_figure_var (game, f->id, "aim-target");
  if (g_strcmp0 (old, t->id) == 0
      && ph_game_get_figure_var_int (game, f->id, "aim-phase", 0) == phase)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is already taking aim at %s this phase"), ph_featherstone_fname (f), ph_featherstone_fname (t));
      return FALSE;
    }
  /* Taking aim on from the phase before at the same man */
  if (g_strcmp0 (old, t->id) == 0
      && ph_game_get_figure_var_int (game, f->id, "aim-phase", 0) == phase - 1)
    count = ph_game_get_figure_var_int (game, f->id, "aim-count", 1) + 1;
  /* "All actions take twice as long with a serious wound." */
  if (ph_featherstone_serious_count (f) > 0)
    needed = 2;
  ph_game_set_figure_var (game, f->id, "aim-target", t->id);
  ph_game_set_figure_var_int (game, f->id, "aim-phase", phase);
  ph_game_set_figure_var_int (game, f->id, "aim-count", count);
  ph_game_set_event_figure (game, f->id);
  if (count >= needed)
    ph_game_log (game, _("%s adopts a firing position, aiming at %s with his %s: "
                         "aimed shot next phase"), ph_featherstone_fname (f), ph_featherstone_fname (t),
                 words);
  else
    ph_game_log (game, _("%s adopts a firing position, aiming at %s with his %s: "
                         "with a serious wound this takes him two phases"), ph_featherstone_fname (f),
                 ph_featherstone_fname (t), words);
  return TRUE;
}

/* The percentage roll of a hit on a mounted man: "A-F Hit rider, throw
 * dice again to determine wound as if 99 per cent chance of a hit. G-H
 * Mount hit and killed. Rider thrown. I-J Mount nicked, and will
 * decelerate automatically on the next phase." */
static gboolean
hit_mounted (PhGame      *game,
             PhFigure    *t,
             GArray      *table,
             char         letter,
             const char  *band,
             guint        obscured,
             GString     *log,
             GError     **error)
{
  const PhRoll *roll;
  int column, row;
  char wound;

  if (letter <= 'F')
    {
      g_string_append (log, _(", hits the rider; "));
      roll = ph_game_roll (game, 1, 100, t->id,
                           _("rider's wound, as if 99%% chance of a hit"));
      if (roll->total > 99)
        {
          g_string_append_printf (log, _("rider's wound as for 99%%: rolled %d, no wound"),
                                  roll->total);
          return TRUE;
        }
      wound = ph_featherstone_read_casualty_table (table, 99, roll->total, &column, &row);
      g_string_append_printf (log, _("rider's wound as for 99%%: rolled %d, %d%% column, %d: "),
                              roll->total, column, row);
      return ph_featherstone_apply_weapon_wound (game, t, wound, FALSE, band, obscured, log, error);
    }
  if (letter <= 'H')
    {
      g_string_append (log, _(": mount hit and killed, rider thrown"));
      if (!ph_game_set_figure_attr (game, t->id, "mounted", "false", error)
          || !ph_game_set_figure_attr (game, t->id, "stance", "lying", error))
        return FALSE;
      /* "INJURY FROM A FALL ... as if for a 50 per cent chance of a hit" */
      roll = ph_game_roll (game, 1, 100, t->id, _("injury from the fall: 50%% chance"));
      if (roll->total > 50)
        {
          g_string_append_printf (log, _("; fall: rolled %d, uninjured"), roll->total);
          return TRUE;
        }
      wound = ph_featherstone_read_casualty_table (table, 50, roll->total, &column, &row);
      g_string_append_printf (log, _("; fall: rolled %d, %d%% column, %d: "),
                              roll->total, column, row);
      return ph_featherstone_apply_wound (game, t, wound, FALSE, log, error);
    }
  g_string_append (log, _(": mount nicked, it will decelerate on the next phase"));
  ph_game_set_figure_var (game, t->id, "mount-nicked", "true");
  return TRUE;
}

/* Whether @f adopted a firing position at @t in the phase before (two
 * phases of aim with a serious wound): aimed fire is his */
gboolean
ph_featherstone_aimed_ready (PhGame         *game,
                             const PhFigure *f,
                             const PhFigure *t)
{
  int phase = ph_featherstone_current_phase (game);

  return g_strcmp0 (ph_game_get_figure_var (game, f->id, "aim-target"), t->id) == 0
         && ph_game_get_figure_var_int (game, f->id, "aim-phase", 0) == phase - 1
         && ph_game_get_figure_var_int (game, f->id, "aim-count", 1)
            >= (ph_featherstone_serious_count (f) > 0 ? 2 : 1);
}

/* The shot a right-click fires: aimed fire when the aim was taken, else
 * snap fire, as the shoot action takes them */
void
ph_featherstone_shot_options (PhGame         *game,
                              const PhFigure *figure,
                              const PhFigure *target,
                              PhShotOptions  *options)
{
  options->values[PH_FEATHERSTONE_OPT_FIRE] = ph_featherstone_aimed_ready (game, figure, target)
                                              ? PH_FIRE_AIMED : PH_FIRE_SNAP;
}

/* The shoot action's arguments for the shot @options describe: the
 * Fire tab's aimed or snap fire, and its weapon */
void
ph_featherstone_shot_args (PhGame              *game,
                           const PhFigure      *figure,
                           const PhShotOptions *options,
                           GHashTable          *args)
{
  g_hash_table_insert (args, (gpointer) "fire",
                       g_strdup (PH_FEATHERSTONE_FIRE (options) == PH_FIRE_AIMED ? "aimed" : "snap"));
  if (options->has_weapon && ph_game_weapon_index (figure, ph_weapon_kind_to_string (options->weapon)) >= 0)
    g_hash_table_insert (args, (gpointer) "weapon",
                         g_strdup (ph_weapon_kind_to_string (options->weapon)));
}

gboolean
ph_featherstone_action_shoot (PhGame      *game,
                 GHashTable  *args,
                 GError     **error)
{
  /* NC_(): the log says them translated (g_dpgettext2) */
  static const char * const fires[] = { NC_("fire", "aimed"), NC_("fire", "snap"), NULL };
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *f = fs_get_figure (game, args, "figure", error);
  PhFigure *t = f != NULL ? fs_get_figure (game, args, "target", error) : NULL;
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhAssessment) a = NULL;
  const char *obscured_text;
  guint obscured = 0;
  g_autoptr(GArray) table = NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GError) table_error = NULL;
  const PhRoll *roll;
  PhWeaponKind kind;
  const char *words = NULL;
  gboolean aimed_ready;
  double chance = 0, mods = 0;
  const char *row = NULL;
  int fire, needs;

  if (t == NULL)
    return FALSE;
  if (f == t)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("%s cannot shoot at himself"), ph_featherstone_fname (f));
      return FALSE;
    }
  aimed_ready = ph_featherstone_aimed_ready (game, f, t);
  /* By default aimed fire when the aim was taken, else snap fire */
  fire = ph_featherstone_get_choice_arg (args, "fire", fires, aimed_ready ? 0 : 1, error);
  if (fire < 0)
    return FALSE;
  /* "partially obscured by hard cover": the parts behind it, which no
   * wound reaches */
  obscured_text = g_hash_table_lookup (args, "obscured");
  if (obscured_text != NULL && obscured_text[0] != '\0'
      && !ph_areas_from_string (obscured_text, &obscured))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("obscured: the parts behind hard cover, from head, body, right-arm, "
                     "left-arm, arms and legs, not '%s'"), obscured_text);
      return FALSE;
    }
  if (!ph_featherstone_enter_step (game, STEP_FIRE, "firing", error)
      || !ph_featherstone_check_able (game, f, FALSE, error)
      || !pick_weapon (f, args, &options, &kind, &words, error)
      || !check_hands (game, f, kind, error))
    return FALSE;
  if (f->status & PH_STATUS_FIRED)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has already fired this phase"), ph_featherstone_fname (f));
      return FALSE;
    }
  if (fire == 0 && !aimed_ready)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has not adopted a firing position at %s in the phase before "
                     "(aimed fire takes two phases: aim, then shoot); use fire=snap"),
                   ph_featherstone_fname (f), ph_featherstone_fname (t));
      return FALSE;
    }
  if (fire == 0 && (f->status & PH_STATUS_MOVED))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s moved this phase: an aimed shot allows no movement, a snap shot does"),
                   ph_featherstone_fname (f));
      return FALSE;
    }
  options.values[PH_FEATHERSTONE_OPT_FIRE] = fire == 0 ? PH_FIRE_AIMED : PH_FIRE_SNAP;

  a = ph_engine_assess_figures (scenario, f, t, &options, error);
  if (a == NULL)
    return FALSE;
  if (!a->can_fire || a->reasons->len > 0)
    {
      g_autofree char *why = ph_game_reasons_text (a);

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s cannot fire at %s: %s"), ph_featherstone_fname (f), ph_featherstone_fname (t),
                   why[0] != '\0' ? why : _("not possible"));
      return FALSE;
    }
  if (ph_featherstone_shot (a) != NULL)
    {
      chance = ph_featherstone_shot (a)->chance_percent;
      row = ph_featherstone_shot (a)->row;
    }

  /* The log: "Smith fired at Pathan (aimed, rifle): 150.0 paces, medium
   * range, target running 50%, veteran shooting +20: needs 70 or less" */
  for (guint i = 0; i < a->modifiers->len; i++)
    mods += g_array_index (a->modifiers, PhModifier, i).value;
  /* TRANSLATORS: "Smith fired at Pathan (aimed fire, rifle): 150.0
   * paces, medium range, target running 50%"; the range band and the
   * target's row are the book's words */
  g_string_append_printf (log, _("%s fired at %s (%s fire, %s): %.1f %s, %s range, "
                                 "target %s %g%%"), ph_featherstone_fname (f), ph_featherstone_fname (t),
                          g_dpgettext2 (GETTEXT_PACKAGE, "fire", fires[fire]),
                          words, a->distance,
                          a->unit == PH_DIST_CM ? C_("unit", "paces") : ph_dist_unit_label (a->unit),
                          a->band != NULL ? a->band : "?", row != NULL ? row : "?",
                          chance - mods);
  for (guint i = 0; i < a->modifiers->len; i++)
    {
      const PhModifier *m = &g_array_index (a->modifiers, PhModifier, i);

      g_string_append_printf (log, ", %s %+g", m->label, m->value);
    }
  needs = (int) CLAMP (chance, 0, 100);
  g_string_append_printf (log, _(": needs %d or less"), needs);

  /* "3 Throw the dice. 4 If the dice result is between 1 and the chance of
   * hit ... consult the casualty Table" */
  roll = ph_game_roll (game, 1, 100, f->id, _("%s's %s shot at %s: hits on %d or less"),
                       ph_featherstone_fname (f), g_dpgettext2 (GETTEXT_PACKAGE, "fire", fires[fire]),
                       ph_featherstone_fname (t), needs);
  g_string_append_printf (log, _(", rolled %d: "), roll->total);

  ph_game_set_status (game, f->id, PH_STATUS_FIRED, TRUE);
  /* "A man must react on the phase after 1 Firing or throwing." */
  ph_game_set_figure_var (game, f->id, "react-next", "fired");
  ph_game_set_figure_var (game, f->id, "aim-target", NULL);
  ph_game_set_figure_var (game, f->id, "aim-phase", NULL);
  ph_game_set_figure_var (game, f->id, "aim-count", NULL);
  ph_game_set_event_figure (game, f->id);

  if (roll->total > needs)
    g_string_append (log, _("miss"));
  else
    {
      int column, row_number;
      char letter;

      g_string_append (log, _("hit"));
      table = ph_featherstone_get_casualty_table (game, &table_error);
      if (table_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&table_error));
          return FALSE;
        }
      if (table == NULL)
        g_string_append (log, _("; no wound picked: the casualty table is in the book: copy it "
                                "into the house rule casualty-table (the Table tab) (or apply "
                                "the book's wound with the wound action)"));
      else
        {
          letter = ph_featherstone_read_casualty_table (table, needs, roll->total, &column, &row_number);
          g_string_append_printf (log, _("; casualty table, %d%% column, %d: "),
                                  column, row_number);
          if (t->mounted)
            {
              g_string_append_printf (log, "%c", letter);
              if (!hit_mounted (game, t, table, letter, a->band, obscured, log, error))
                return FALSE;
            }
          else if (!ph_featherstone_apply_weapon_wound (game, t, letter, FALSE, a->band, obscured, log,
                                           error))
            return FALSE;
        }
    }
  ph_game_log (game, "%s", log->str);
  return TRUE;
}
