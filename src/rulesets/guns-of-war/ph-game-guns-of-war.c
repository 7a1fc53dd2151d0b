/* ph-game-guns-of-war.c: a game of Guns of War, the firearm rules for
 * Domains at War (playtest): the start, the end of the turn and what
 * remains of it, the actions table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The text (Guns of War, the playtest firearm rules) supplements Domains
 * at War: Battles, which is not in the repository. What the game takes
 * from D@W (the turn, the shock roll) is the plainest reading a referee
 * would make; src/rulesets/guns-of-war/game.md lists every such choice.
 * Firing and shock rolls are ph-game-guns-of-war-fire.c; the movement
 * side (move, stand, withdraw, ready, moves by drag)
 * ph-game-guns-of-war-move.c; the cavalry charge, the retreat it forces
 * and the advance after it ph-game-guns-of-war-charge.c.
 *
 * Game variables:
 *   "turn"            the turn number, from 1
 *   "ID:movement"     "moved", "stood" or "charged": the unit's movement
 *                     sequence this turn (unset: not played yet)
 *   "ID:max-uhp"      the unit's uhp when the game started (or when first
 *                     damaged), for the "½ or less of its maximum uhp" test
 *   "ID:damage"       damage taken by a unit with no uhp attribute
 *   "ID:shock"        its last shock roll this turn: "stood", "retreated",
 *                     "routed"
 *   "ID:advance"      the hex (its name, "0508") a charging unit's target
 *                     vacated, for it to advance into or not
 * Figure attributes changed: x, y, status (moved, fired, shaken, fled,
 * dead), guns-of-war.reload-tokens, guns-of-war.uhp.
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-guns-of-war-private.h"

/* State */

gboolean
ph_guns_of_war_check_on_table (const PhFigure  *figure,
                               GError         **error)
{
  if (figure->status & PH_STATUS_DEAD)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has been destroyed"), gow_name (figure));
      return FALSE;
    }
  if (figure->status & PH_STATUS_FLED)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has routed from the field"), gow_name (figure));
      return FALSE;
    }
  return TRUE;
}

const PhGunsOfWarStats *
ph_guns_of_war_require_stats (const PhFigure  *figure,
                              GError         **error)
{
  const PhGunsOfWarStats *stats = gow_stats (figure);

  if (stats == NULL)
    g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                 _("%s has no Guns of War unit stats (a <guns-of-war> element)"),
                 gow_name (figure));
  return stats;
}

gboolean
ph_guns_of_war_set_int_attr (PhGame      *game,
                             PhFigure    *figure,
                             const char  *attr,
                             int          value,
                             GError     **error)
{
  g_autofree char *text = g_strdup_printf ("%d", value);

  return ph_game_set_figure_attr (game, figure->id, attr, text, error);
}

gboolean
ph_guns_of_war_option_bool (PhGame     *game,
                            const char *name)
{
  return g_strcmp0 (ph_scenario_get_option (ph_game_get_scenario (game), name),
                    "true") == 0;
}

/* Actions */

static gboolean
gow_start (PhGame  *game,
           GError **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GString) cleared = g_string_new (NULL);

  ph_game_set_var_int (game, "turn", 1);
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      const PhGunsOfWarStats *stats = gow_stats (figure);

      /* The unit's maximum uhp is what it has when the battle begins. */
      if (stats != NULL && stats->has_uhp)
        ph_game_set_figure_var_int (game, figure->id, "max-uhp", stats->uhp);
      /* The moved and fired markers last one turn: nobody has moved or
       * fired yet in the first (a set-up table may carry them, to show
       * their modifiers before a game) */
      if (figure->status & (PH_STATUS_MOVED | PH_STATUS_FIRED))
        {
          g_string_append_printf (cleared, "%s%s", cleared->len > 0 ? ", " : "",
                                  gow_name (figure));
          if (figure->status & PH_STATUS_MOVED)
            ph_game_set_status (game, figure->id, PH_STATUS_MOVED, FALSE);
          if (figure->status & PH_STATUS_FIRED)
            ph_game_set_status (game, figure->id, PH_STATUS_FIRED, FALSE);
        }
    }
  g_string_append (log, ph_guns_of_war_option_bool (game, "lamentations")
                   ? _("The battle begins: turn 1 (Lamentations of the Flame Princess rule in use)")
                   : _("The battle begins: turn 1"));
  if (cleared->len > 0)
    g_string_append_printf (log, _("; the moved and fired markers of the set-up are taken "
                                   "off: %s"), cleared->str);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* "end-turn" */
static gboolean
gow_end_turn (PhGame      *game,
              GHashTable  *args,
              GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  int turn = ph_game_get_var_int (game, "turn", 1);
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GString) stood = g_string_new (NULL);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      const PhGunsOfWarStats *stats = gow_stats (figure);

      /* A unit whose movement sequence was not played stayed where it was:
       * it stood fast and removes one reload token. */
      if (stats != NULL && !ph_figure_is_off_table (figure)
          && ph_game_get_figure_var (game, figure->id, "movement") == NULL
          && stats->reload_tokens > 0)
        {
          g_string_append_printf (stood, "%s%s (", stood->len > 0 ? "; " : "",
                                  gow_name (figure));
          if (!ph_guns_of_war_stand_fast (game, figure, stood, error))
            return FALSE;
          g_string_append_c (stood, ')');
        }
      if (ph_game_get_figure_var (game, figure->id, "movement") != NULL)
        ph_game_set_figure_var (game, figure->id, "movement", NULL);
      if (ph_game_get_figure_var (game, figure->id, "shock") != NULL)
        ph_game_set_figure_var (game, figure->id, "shock", NULL);
      if (ph_game_get_figure_var (game, figure->id, "disordered") != NULL)
        ph_game_set_figure_var (game, figure->id, "disordered", NULL);
      if (ph_game_get_figure_var (game, figure->id, "advance") != NULL)
        ph_game_set_figure_var (game, figure->id, "advance", NULL);
      if (ph_game_get_figure_var (game, figure->id, "fire-damage") != NULL)
        ph_game_set_figure_var (game, figure->id, "fire-damage", NULL);
      if (figure->status & PH_STATUS_MOVED)
        ph_game_set_status (game, figure->id, PH_STATUS_MOVED, FALSE);
      if (figure->status & PH_STATUS_FIRED)
        ph_game_set_status (game, figure->id, PH_STATUS_FIRED, FALSE);
      if (figure->status & PH_STATUS_SHAKEN)
        ph_game_set_status (game, figure->id, PH_STATUS_SHAKEN, FALSE);
    }
  ph_game_set_var_int (game, "turn", turn + 1);

  g_string_append_printf (log, _("End of turn %d"), turn);
  if (stood->len > 0)
    g_string_append_printf (log, _("; units that stood fast: %s"), stood->str);
  g_string_append_printf (log, _(". Turn %d begins."), turn + 1);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* The actions: name, label, typed arguments (checked by ph_game_perform()
 * before the handler runs), help and handler */

static const PhGameArg move_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "hex", PH_GAME_ARG_TEXT, TRUE, NULL, N_("the hex as the map prints it in the hex: 0607"),
    N_("Hex (0607)") },
  /* the command line's other ways to name the hex */
  { "q", PH_GAME_ARG_NUMBER, TRUE, NULL, N_("axial q, as the file and --help give hexes"),
    N_("Q (axial)"), NULL, NULL, TRUE },
  { "r", PH_GAME_ARG_NUMBER, TRUE, NULL, N_("axial r"), N_("R (axial)"), NULL, NULL, TRUE },
  { "x", PH_GAME_ARG_NUMBER, TRUE, NULL, NULL, NULL, NULL, NULL, TRUE },
  { "y", PH_GAME_ARG_NUMBER, TRUE, NULL, NULL, NULL, NULL, NULL, TRUE },
  { "forced", PH_GAME_ARG_BOOL, TRUE, NULL,
    N_("a retreat or withdrawal, outside the unit's movement sequence"),
    N_("Forced move (a retreat or withdrawal)"), .once = TRUE },
  { NULL }
};
static const PhGameArg stand_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { NULL }
};
static const PhGameArg shoot_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "target", PH_GAME_ARG_TARGET },
  { "reaction", PH_GAME_ARG_BOOL, TRUE, .more = TRUE, .once = TRUE },
  /* left out, the map says: a Drilled Foot target beside Formed Foot of
   * its side (the form read "Default (No)") */
  { "secured", PH_GAME_ARG_BOOL, TRUE, NULL,
    N_("the target is Drilled Foot secured by Formed Foot beside it, +2 to its shock roll"),
    NULL, N_("from the map"), .more = TRUE },
  { NULL }
};
static const PhGameArg shock_roll_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "modifier", PH_GAME_ARG_NUMBER, TRUE },
  { "secured", PH_GAME_ARG_BOOL, TRUE, NULL,
    N_("the unit is Drilled Foot secured by Formed Foot beside it, +2 to its shock roll"),
    NULL, N_("from the map") },
  { NULL }
};

static const PhGameArg ready_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { NULL }
};
static const PhGameArg withdraw_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "hex", PH_GAME_ARG_TEXT, TRUE, NULL, N_("the hex as the map prints it in the hex: 0306"),
    N_("Hex (0306)") },
  /* the command line's other way to name the hex */
  { "q", PH_GAME_ARG_NUMBER, TRUE, NULL, N_("axial q, as the file and --help give hexes"),
    N_("Q (axial)"), NULL, NULL, TRUE },
  { "r", PH_GAME_ARG_NUMBER, TRUE, NULL, N_("axial r"), N_("R (axial)"), NULL, NULL, TRUE },
  /* where a drag on the map dropped it: that hex */
  { "x", PH_GAME_ARG_NUMBER, TRUE, NULL, NULL, NULL, NULL, NULL, TRUE },
  { "y", PH_GAME_ARG_NUMBER, TRUE, NULL, NULL, NULL, NULL, NULL, TRUE },
  { NULL }
};
static const PhGameArg charge_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "target", PH_GAME_ARG_TARGET },
  { NULL }
};
static const PhGameArg advance_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  /* where a drag onto the vacated hex dropped it: that hex */
  { "x", PH_GAME_ARG_NUMBER, TRUE, NULL, NULL, NULL, NULL, NULL, TRUE },
  { "y", PH_GAME_ARG_NUMBER, TRUE, NULL, NULL, NULL, NULL, NULL, TRUE },
  { NULL }
};
static const PhGameArg stay_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { NULL }
};

static const PhGameActionInfo actions[] = {
  { "move", N_("Move"), move_args,
    N_("The unit's movement sequence: it moves to the hex dropped on the map, "
       "or typed under Exact position (0607, as the map prints it), and gets "
       "the moved marker. A forced move is not its movement "
       "sequence: it moves a unit that retreats or withdraws"),
    ph_guns_of_war_action_move },
  { "stand", N_("Stand fast"), stand_args,
    N_("The unit's movement sequence, standing fast: it removes one reload "
       "token"),
    ph_guns_of_war_action_stand, .figure_menu = TRUE },
  { "shoot", N_("Fire"), shoot_args,
    N_("A firearm attack sequence: the engine's number of attacks as d20 "
       "attack throws, 1d8 damage per hit, reload tokens, and the target's "
       "shock roll (secured: the target is Drilled Foot secured by Formed "
       "Foot, +2)"),
    ph_guns_of_war_action_shoot },
  { "withdraw", N_("Withdraw from fire"), withdraw_args,
    N_("Drilled or Skirmishing Foot hit by firearms this turn withdraw up to "
       "their marching movement to a hex (0306, as the map prints it), taking "
       "back a point of the damage for each hex; on the map, its menu's "
       "Withdraw from fire, then a drag onto the hex"),
    ph_guns_of_war_action_withdraw, .figure_menu = TRUE },
  { "ready", N_("Ready to attack"), ready_args,
    N_("In lieu of attacking, the unit readies (not Undrilled or Irregular "
       "Foot): the ready marker, until it attacks or is disordered"),
    ph_guns_of_war_action_ready, .figure_menu = TRUE },
  { "charge", N_("Cavalry charge"), charge_args,
    N_("A mounted unit (only cavalry charge) declares a charge on a unit its "
       "move reaches, and rides into the hex beside it: Drilled or "
       "Undrilled Foot make a shock roll, unless Drilled Foot are secured by "
       "Formed Foot beside them; Drilled Foot that retreat are disordered and "
       "lose their ready marker. A unit that retreats falls back a hex away "
       "from the cavalry (routs if it cannot), and the cavalry may advance "
       "into the hex it left"),
    ph_guns_of_war_action_charge },
  { "advance", N_("Advance into the vacated hex"), advance_args,
    N_("After its charge made the target retreat or rout, the cavalry "
       "advances into the hex the target left (not its movement sequence); "
       "a drag onto that hex does it too"),
    ph_guns_of_war_action_advance, .figure_menu = TRUE },
  { "stay", N_("Stay (no advance)"), stay_args,
    N_("After its charge made the target retreat or rout, the cavalry stays "
       "where it is and does not advance into the hex the target left"),
    ph_guns_of_war_action_stay, .figure_menu = TRUE },
  { "shock-roll", N_("Shock roll"), shock_roll_args,
    N_("A shock roll for another cause, such as Drilled Foot declared the "
       "target of a cavalry charge: 2d6 + morale"),
    ph_guns_of_war_action_shock_roll },
  { "end-turn", N_("End turn"), NULL,
    N_("Units that neither moved nor stood fast stand fast (one reload "
       "token removed), moved, fired and shaken markers are cleared, and "
       "the next turn begins"),
    gow_end_turn },
  { NULL }
};

/* The turn: what remains of it */

/* Whether @unit can fire now: it has not fired this turn, has no reload
 * tokens, and the engine finds an enemy it can fire at (in range, in
 * sight, with a Guns of War firearm) */
static gboolean
gow_can_still_fire (PhGame         *game,
                    const PhFigure *unit)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const PhGunsOfWarStats *stats = gow_stats (unit);
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;

  if (stats == NULL || ph_figure_is_off_table (unit) || (unit->status & PH_STATUS_FIRED)
      || stats->reload_tokens > 0 || unit->weapons->len == 0)
    return FALSE;
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *target = g_ptr_array_index (scenario->figures, i);
      g_autoptr(PhAssessment) a = NULL;

      if (target == unit || gow_stats (target) == NULL || ph_figure_is_off_table (target)
          || g_strcmp0 (target->side, unit->side) == 0)
        continue;
      a = ph_engine_assess_figures (scenario, unit, target, &options, NULL);
      if (a != NULL && a->can_fire)
        return TRUE;
    }
  return FALSE;
}

typedef struct
{
  const PhFigure *advance;    /* a charge's advance not yet decided */
  guint to_move;              /* units yet to move or stand fast */
  const PhFigure *next_move;  /* the first of them, in the file's order */
  guint to_fire;              /* once all have: units that can still fire */
  const PhFigure *next_fire;
} GowTurnLeft;

/* The movement phase before the missile phase (game.md, The turn): the
 * units yet to play their movement sequence; once there are none, those
 * that can still fire */
static void
gow_turn_left (PhGame      *game,
               GowTurnLeft *left)
{
  PhScenario *scenario = ph_game_get_scenario (game);

  memset (left, 0, sizeof *left);
  left->advance = ph_guns_of_war_pending_advance (game);
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *unit = g_ptr_array_index (scenario->figures, i);

      if (gow_stats (unit) == NULL || ph_figure_is_off_table (unit)
          || ph_game_get_figure_var (game, unit->id, "movement") != NULL)
        continue;
      if (left->to_move++ == 0)
        left->next_move = unit;
    }
  if (left->to_move > 0)
    return;
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *unit = g_ptr_array_index (scenario->figures, i);

      if (gow_can_still_fire (game, unit) && left->to_fire++ == 0)
        left->next_fire = unit;
    }
}

/* "Turn 2 - movement: 3 units yet to move or stand (next: Tercio) -
 * reload tokens: Tercio 1, Dutch Foot 2"; "Turn 2 - fire: 1 unit can
 * still fire (next: Dutch Foot) - ..."; "Turn 2 - no unit left to move
 * or fire - no unit has reload tokens" */
static char *
gow_describe (PhGame *game)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  GString *text = g_string_new (NULL);
  GowTurnLeft left;
  int reloading = 0;

  gow_turn_left (game, &left);
  g_string_append_printf (text, _("Turn %d"), ph_game_get_var_int (game, "turn", 1));
  if (left.advance != NULL)
    g_string_append_printf (text, _(" - charge: %s may advance into hex %s or stay"),
                            gow_name (left.advance),
                            ph_game_get_figure_var (game, left.advance->id, "advance"));
  else if (left.to_move > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                               " - movement: %u unit yet to move or stand (next: %s)",
                                               " - movement: %u units yet to move or stand (next: %s)",
                                               left.to_move),
                            left.to_move, gow_name (left.next_move));
  else if (left.to_fire > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                               " - fire: %u unit can still fire (next: %s)",
                                               " - fire: %u units can still fire (next: %s)",
                                               left.to_fire),
                            left.to_fire, gow_name (left.next_fire));
  else
    g_string_append (text, _(" - no unit left to move or fire"));
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      const PhGunsOfWarStats *stats = gow_stats (figure);

      if (stats == NULL || stats->reload_tokens <= 0
          || ph_figure_is_off_table (figure))
        continue;
      g_string_append_printf (text, "%s%s %d", reloading == 0
                              ? _(" - reload tokens: ") : ", ",
                              gow_name (figure), stats->reload_tokens);
      reloading++;
    }
  if (reloading == 0)
    g_string_append (text, _(" - no unit has reload tokens"));
  return g_string_free (text, FALSE);
}

/* What the turn asks next: a unit's movement sequence while any is yet to
 * be played (describe names the first, in the file's order), then a shot
 * while a unit can still fire, then the end of the turn */
static const char *
gow_expected (PhGame *game)
{
  GowTurnLeft left;

  gow_turn_left (game, &left);
  /* the charge's follow-up first: the advance (or not) into the hex its
   * target has just left */
  if (left.advance != NULL)
    return "advance";
  if (left.to_move > 0)
    return "move";
  return left.to_fire > 0 ? "shoot" : "end-turn";
}

const PhGameRules ph_game_rules_guns_of_war = {
  actions,
  gow_start,
  gow_describe,
  gow_expected,
  ph_guns_of_war_plan_move,
  ph_guns_of_war_move_cost,
  .target_odds = ph_guns_of_war_target_odds,
};

