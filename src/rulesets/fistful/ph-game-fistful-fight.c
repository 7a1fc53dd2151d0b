/* ph-game-fistful-fight.c: a game of Fistful of Lead: shooting and close combat
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shooting (the engine's numbers, one wound a hit, the RELOAD marker),
 * reloading ("It takes two actions to reload") and close combat (both roll a
 * d10, the higher wins), with the special cards' re-rolls.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-ruleset-fistful.h"
#include "ph-game-fistful-private.h"

/* The card a figure was activated with this turn, as played (Card) */
static gboolean
figure_card (PhGame         *game,
             const PhFigure *f,
             Card           *card)
{
  const char *s = ph_game_get_figure_var (game, f->id, "card");

  return s != NULL && ph_fistful_parse_card (s, card);
}

gboolean
ph_fistful_is_one_eyed_jack (const Card *c)
{
  /* "One-Eyed Jacks (Hearts & Spades)" */
  return c->as_rank == 11 && (c->as_suit == 0 || c->as_suit == 1);
}

gboolean
ph_fistful_is_two_eyed_jack (const Card *c)
{
  /* "Two-Eyed Jacks (Diamonds and Clubs)" */
  return c->as_rank == 11 && (c->as_suit == 2 || c->as_suit == 3);
}

/* Checks the re-roll argument: only "the model activated with [a seven]",
 * once in the turn. */
gboolean
ph_fistful_check_reroll (PhGame      *game,
                 PhFigure    *f,
                 GHashTable  *args,
                 const char  *arg,
                 gboolean    *reroll,
                 GError     **error)
{
  if (!ff_arg_bool (args, arg, reroll, error))
    return FALSE;
  if (*reroll && g_strcmp0 (ph_game_get_figure_var (game, f->id, "reroll"),
                            "available") != 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has no re-roll: only a model activated with a seven "
                     "has one, once this turn"), ph_figure_display_name (f));
      return FALSE;
    }
  return TRUE;
}

static int
best_of (const PhRoll *roll)
{
  int best = 0;

  for (int i = 0; i < roll->n; i++)
    best = MAX (best, roll->values[i]);
  return best;
}

static void
append_dice (GString      *s,
             const PhRoll *roll)
{
  if (roll->n == 1)
    {
      g_string_append_printf (s, "%d", roll->values[0]);
      return;
    }
  for (int i = 0; i < roll->n; i++)
    g_string_append_printf (s, "%s%d", i > 0 ? _(" and ") : "", roll->values[i]);
  g_string_append_printf (s, _(", best %d"), best_of (roll));
}

/* The card's effect on a shot: "One-Eyed Jacks ... +1 to hit in
 * Shooting", "Deuces ... roll 2 dice ... pick the best" (what a
 * right-click's shot takes too) */
void
ph_fistful_shot_options (PhGame         *game,
                         const PhFigure *figure,
                         const PhFigure *target,
                         PhShotOptions  *options)
{
  Card c;

  options->values[PH_FISTFUL_OPT_CARD] = PH_CARD_EFFECT_NONE;
  if (figure_card (game, figure, &c))
    {
      if (ph_fistful_is_one_eyed_jack (&c))
        options->values[PH_FISTFUL_OPT_CARD] = PH_CARD_EFFECT_ONE_EYED_JACK;
      else if (c.as_rank == RANK_DEUCE)
        options->values[PH_FISTFUL_OPT_CARD] = PH_CARD_EFFECT_DEUCE;
    }
}

gboolean
ph_fistful_action_shoot (PhGame      *game,
                 GHashTable  *args,
                 GError     **error)
{
  PhScenario *sc = ph_game_get_scenario (game);
  PhFigure *f = ph_fistful_acting_figure (game, args, FALSE, error);
  PhFigure *t;
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr (PhAssessment) a = NULL;
  g_autoptr (GString) log = g_string_new (NULL);
  g_autoptr (GString) mods = g_string_new (NULL);
  g_autoptr (GError) local = NULL;
  const PhRoll *roll;
  const PhWeapon *weapon;
  gboolean reroll;
  gint32 target = 0, dice = 1;
  int modifier = 0, best, weapon_index = -1;
  gboolean hit;

  if (f == NULL)
    return FALSE;
  t = ff_lookup_figure (game, args, "target", error);
  if (t == NULL || !ph_fistful_check_reroll (game, f, args, "reroll", &reroll, error))
    return FALSE;

  /* The activation card's effect, through the engine */
  ph_fistful_shot_options (game, f, t, &options);
  /* The weapon: the first loaded missile weapon (the second pistol once
   * the first has fired), else the first missile weapon, which the engine
   * will find unloaded */
  weapon = ph_figure_first_missile (f);
  for (guint i = 0; i < f->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (f->weapons, PhWeapon, i);

      if (ph_weapon_kind_is_missile (w->kind) && w->loaded)
        {
          weapon = w;
          break;
        }
    }
  if (weapon != NULL)
    {
      options.has_weapon = TRUE;
      options.weapon = weapon->kind;
      weapon = ph_figure_find_weapon_to_fire (f, weapon->kind);
    }
  a = ph_engine_assess_figures (sc, f, t, &options, &local);
  if (a == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION, "%s",
                   local->message);
      return FALSE;
    }
  if (!a->can_fire)
    {
      g_autofree char *why = ph_game_reasons_text (a);

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s cannot fire at %s: %s"), ph_figure_display_name (f),
                   ph_figure_display_name (t), why);
      return FALSE;
    }
  if (ph_fistful_shot (a) != NULL)
    {
      target = ph_fistful_shot (a)->shoot_target;
      dice = ph_fistful_shot (a)->dice;
    }
  for (guint i = 0; i < a->modifiers->len; i++)
    {
      const PhModifier *m = &g_array_index (a->modifiers, PhModifier, i);

      if ((int) m->value == 0)
        continue; /* adds nothing: never written "+0" */
      modifier += (int) m->value;
      g_string_append_printf (mods, ", %s %+d", m->label, (int) m->value);
    }

  roll = ph_game_roll (game, dice, 10, f->id,
                       _("shooting at %s%s%s, needs %d"),
                       ph_figure_display_name (t),
                       dice == 2 ? _(", the better of two dice counts (deuce)") : "",
                       mods->str, target);
  best = best_of (roll);
  g_string_append_printf (log, _("%s fired at %s: %.1f %s%s, needs %d, rolled "),
                          ph_figure_display_name (f), ph_figure_display_name (t),
                          a->distance, ph_dist_unit_label (a->unit),
                          mods->str, target);
  append_dice (log, roll);
  /* the score the modifiers make of it, against the "needs" said before */
  if (modifier != 0)
    g_string_append_printf (log, _(", %d with the modifiers"), best + modifier);
  hit = best + modifier >= target;

  /* "Sevens ... may re-roll any one die result this turn": one die of a
   * missed shot, the worst one */
  if (!hit && reroll)
    {
      const PhRoll *again = ph_game_roll (game, 1, 10, f->id,
                                          _("re-roll of a shooting die (seven)"));
      int other = 0;

      if (roll->n == 2)
        other = MAX (roll->values[0], roll->values[1]);
      best = MAX (other, again->values[0]);
      ph_game_set_figure_var (game, f->id, "reroll", "used");
      g_string_append_printf (log, _(": miss, re-rolled %d"), again->values[0]);
      if (modifier != 0)
        g_string_append_printf (log, _(", %d with the modifiers"), best + modifier);
      hit = best + modifier >= target;
    }

  /* "After a model fires, place a RELOAD marker": on the weapon that
   * fired, which must be reloaded on its own */
  weapon_index = ph_figure_weapon_index (f, weapon);
  if (!ph_game_set_figure_attr (game, f->id, "fistful.reload", "true", error))
    return FALSE;
  /* the smoke puff every ruleset's shot leaves on the map, until he has
   * reloaded */
  ph_game_set_status (game, f->id, PH_STATUS_FIRED, TRUE);
  if (weapon_index >= 0)
    {
      g_autofree char *attr = g_strdup_printf ("weapon.%d.loaded", weapon_index);

      if (!ph_game_set_figure_attr (game, f->id, attr, "false", error))
        return FALSE;
    }

  if (hit)
    {
      /* The wounding table is not in the excerpt: a hit is one wound
       * (src/rulesets/fistful/game.md) */
      int w = ph_fistful_wounds (t) + 1;

      if (!ph_fistful_set_wounds (game, t, w, error))
        return FALSE;
      /* TRANSLATORS: the number is his wounds, this one counted */
      g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE,
                                                ": hit, %s takes a wound (%d wound now)",
                                                ": hit, %s takes a wound (%d wounds now)", w),
                              ph_figure_display_name (t), w);
    }
  else
    g_string_append (log, _(": miss"));
  g_string_append_printf (log, _("; RELOAD marker on the %s"),
                          weapon != NULL && weapon->name != NULL ? weapon->name
                          : weapon != NULL ? ph_weapon_kind_label (weapon->kind) : _("weapon"));
  ph_fistful_spend_action (game, f, log);
  return TRUE;
}

/* "It takes two actions to reload. These actions can not be split up over
 * different turns." */
gboolean
ph_fistful_action_reload (PhGame      *game,
                  GHashTable  *args,
                  GError     **error)
{
  PhFigure *f = ph_fistful_acting_figure (game, args, FALSE, error);
  g_autoptr (GString) log = g_string_new (NULL);

  if (f == NULL)
    return FALSE;
  if (!ph_fistful_needs_reload (f))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has nothing to reload"), ph_figure_display_name (f));
      return FALSE;
    }
  if (ph_game_get_figure_var (game, f->id, "reload-progress") == NULL)
    {
      if (ph_game_get_var_int (game, "actions-left", 0) < 2)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       _("Reloading takes two actions in one activation: %s "
                         "has only one left"), ph_figure_display_name (f));
          return FALSE;
        }
      ph_game_set_figure_var_int (game, f->id, "reload-progress", 1);
      g_string_append_printf (log, _("%s starts reloading (1 of 2 actions)"),
                              ph_figure_display_name (f));
    }
  else
    {
      int left;

      ph_game_set_figure_var (game, f->id, "reload-progress", NULL);
      /* one weapon at a time: "each one needs reloading on its own" */
      left = ph_fistful_reload_one_weapon (game, f, log, error);
      if (left < 0)
        return FALSE;
      if (left > 0)
        g_string_append (log, _("; another weapon still needs reloading: the RELOAD "
                           "marker stays"));
      else
        {
          g_string_append (log, _(": the RELOAD marker is removed"));
          /* loaded again: no smoke puff either (a "fired" marker set up
           * in the scenario stayed after the reload) */
          ph_game_set_status (game, f->id, PH_STATUS_FIRED, FALSE);
        }
    }
  ph_fistful_spend_action (game, f, log);
  return TRUE;
}

/* One side of a close combat: d10 (2d10 best with a deuce) + 1 with a
 * two-eyed jack */
static int
combat_roll (PhGame   *game,
             PhFigure *f,
             PhFigure *other,
             GString  *log)
{
  Card c;
  gboolean has_card = figure_card (game, f, &c);
  int dice = has_card && c.as_rank == RANK_DEUCE ? 2 : 1;
  int bonus = has_card && ph_fistful_is_two_eyed_jack (&c) ? 1 : 0;
  const PhRoll *roll;
  int score;

  roll = ph_game_roll (game, dice, 10, f->id, _("close combat against %s%s%s"),
                       ph_figure_display_name (other),
                       dice == 2 ? _(", the better of two dice counts (deuce)") : "",
                       bonus ? _(", +1 for the two-eyed jack") : "");
  score = best_of (roll) + bonus;
  g_string_append_printf (log, _("%s rolls "), ph_figure_display_name (f));
  append_dice (log, roll);
  if (bonus)
    g_string_append_printf (log, _(" +1 two-eyed jack = %d"), score);
  return score;
}

/* The excerpt stops before Close Combat: both roll, the higher wins and
 * the loser takes a wound; a tie is no result (src/rulesets/fistful/game.md). */
gboolean
ph_fistful_action_close_combat (PhGame      *game,
                        GHashTable  *args,
                        GError     **error)
{
  PhFigure *f = ph_fistful_acting_figure (game, args, FALSE, error);
  PhFigure *t;
  g_autoptr (GString) log = g_string_new (NULL);
  gboolean reroll;
  int mine, theirs;
  PhFigure *loser = NULL;

  if (f == NULL)
    return FALSE;
  t = ff_lookup_figure (game, args, "target", error);
  if (t == NULL || !ph_fistful_check_reroll (game, f, args, "reroll", &reroll, error))
    return FALSE;
  if (t == f || ph_figure_is_off_table (t))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s cannot fight %s"), ph_figure_display_name (f),
                   ph_figure_display_name (t));
      return FALSE;
    }

  if (!ph_game_check_contact (game, f, t, FALSE, args, log, error))
    return FALSE;
  g_string_append_printf (log, _("%s fights %s in close combat: "),
                          ph_figure_display_name (f), ph_figure_display_name (t));
  mine = combat_roll (game, f, t, log);
  g_string_append (log, ", ");
  theirs = combat_roll (game, t, f, log);
  if (mine <= theirs && reroll)
    {
      Card c;
      const PhRoll *again = ph_game_roll (game, 1, 10, f->id,
                                          _("re-roll of a close combat die (seven)"));
      int bonus = figure_card (game, f, &c) && ph_fistful_is_two_eyed_jack (&c) ? 1 : 0;

      mine = again->values[0] + bonus;
      ph_game_set_figure_var (game, f->id, "reroll", "used");
      g_string_append_printf (log, _("; %s re-rolls %d"), ph_figure_display_name (f),
                              again->values[0]);
    }
  if (mine > theirs)
    loser = t;
  else if (theirs > mine)
    loser = f;
  if (loser != NULL)
    {
      int w = ph_fistful_wounds (loser) + 1;

      if (!ph_fistful_set_wounds (game, loser, w, error))
        return FALSE;
      g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE,
                                                ": %s loses and takes a wound (%d wound now)",
                                                ": %s loses and takes a wound (%d wounds now)", w),
                              ph_figure_display_name (loser), w);
    }
  else
    g_string_append (log, _(": a tie, no result"));
  ph_fistful_spend_action (game, f, log);
  return TRUE;
}

/* "Sevens ... may re-roll any one die result this turn": a shot's chance
 * to hit with the re-roll kept for a miss. A miss is every die short, so
 * the re-rolled die (the lower of a deuce's two) hits as one die does:
 * 1 - (1 - p)(1 - p1). "64% to hit" for a single d10 needing 6; NULL
 * when the engine cannot assess the shot. */
static char *
shot_odds_with_reroll (PhGame         *game,
                       const PhFigure *figure,
                       const PhFigure *target)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr (PhAssessment) a = NULL;
  int modifier = 0;
  double one;

  ph_fistful_shot_options (game, figure, target, &options);
  a = ph_engine_assess_figures (ph_game_get_scenario (game), figure, target, &options, NULL);
  if (a == NULL || !a->can_fire || ph_fistful_shot (a) == NULL)
    return NULL;
  for (guint i = 0; i < a->modifiers->len; i++)
    modifier += (int) g_array_index (a->modifiers, PhModifier, i).value;
  one = CLAMP ((11 - (ph_fistful_shot (a)->shoot_target - modifier)) / 10.0, 0, 1);
  /* TRANSLATORS: a shot's odds with a seven's re-roll: "64% to hit" */
  return g_strdup_printf (_("%.0f%% to hit"), (1 - (1 - a->p_hit) * (1 - one)) * 100);
}

/* One side's close combat score as combat_roll() rolls it: the chance
 * of each score 1..11 in @p */
static void
combat_chances (PhGame         *game,
                const PhFigure *f,
                double          p[12])
{
  Card c;
  gboolean has_card = figure_card (game, f, &c);
  int dice = has_card && c.as_rank == RANK_DEUCE ? 2 : 1;
  int bonus = has_card && ph_fistful_is_two_eyed_jack (&c) ? 1 : 0;

  memset (p, 0, 12 * sizeof (double));
  /* the best of @dice d10: at most k with (k/10)^dice */
  for (int k = 1; k <= 10; k++)
    p[k + bonus] = pow (k / 10.0, dice) - pow ((k - 1) / 10.0, dice);
}

/* The close combat's odds, as ph_fistful_action_close_combat() fights it
 * with the cards played (no re-roll spent): the higher wounds the other,
 * a tie is no result.  Exact. */
char *
ph_fistful_target_odds (PhGame         *game,
                        const char     *action,
                        const PhFigure *figure,
                        const PhFigure *target,
                        GHashTable     *args)
{
  double mine[12], theirs[12], win = 0, lose = 0;
  int bonus = 0;
  const char *flag = args != NULL ? g_hash_table_lookup (args, "reroll") : NULL;
  gboolean reroll = flag != NULL && g_ascii_strcasecmp (flag, "true") == 0;

  if (g_str_equal (action, "shoot"))
    return reroll ? shot_odds_with_reroll (game, figure, target) : NULL;
  if (!g_str_equal (action, "close-combat"))
    return NULL;
  combat_chances (game, figure, mine);
  combat_chances (game, target, theirs);
  if (reroll)
    {
      Card c;

      bonus = figure_card (game, figure, &c) && ph_fistful_is_two_eyed_jack (&c) ? 1 : 0;
    }
  for (int a = 1; a < 12; a++)
    for (int b = 1; b < 12; b++)
      {
        double p = mine[a] * theirs[b];

        if (a > b)
          win += p;
        else if (!reroll)
          lose += a < b ? p : 0;
        else
          /* lost or tied: the seven's re-roll of his die, d10 + his
           * two-eyed jack's +1, against the same score */
          for (int d = 1; d <= 10; d++)
            {
              if (d + bonus > b)
                win += p / 10;
              else if (d + bonus < b)
                lose += p / 10;
            }
      }
  /* TRANSLATORS: a close combat's odds: "45% to wound him, 45% to be
   * wounded" (a tie is no result) */
  return g_strdup_printf (_("%.0f%% to wound him, %.0f%% to be wounded"), win * 100, lose * 100);
}
