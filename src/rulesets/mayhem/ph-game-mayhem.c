/* ph-game-mayhem.c: a game of Musket Mayhem (Rob Dean and Ross Macfarlane,
 * draft of 21 October 2011), as the draft's text reads
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Players (sides) dice for initiative each turn. Winner chooses to go
 * first or second. If there is a tie, repeat the previous turn's sequence.
 * While a player is active, he resolves movement group by group, and then
 * resolves all hand-to-hand combat figure by figure. The inactive player
 * shoots at any point during the active player's move. In the event that
 * multiple sides are required, activation will be by card draw from a deck
 * with one card per player."
 *
 * A turn therefore runs: "initiative" (two sides: a d6 each, then the
 * winner's "choose-order") or "draw-card" (three sides or more, one card
 * per side), then per side in that order its movement ("roll-move",
 * "move", "reload"; the other sides "shoot" meanwhile), its hand-to-hand
 * combat ("melee"), "end-activation", and finally "end-turn".  Courage
 * checks come out of shots and melee by themselves, or are asked for with
 * "courage-check" for the other triggers.  src/rulesets/mayhem/game.md lists every
 * action and variable with the rule text it follows.
 *
 * All state changes go through the game's setters inside the open event:
 * nothing here undoes anything.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-mayhem-private.h"


/* ---------------------------------------------------------------------- */
/* Start and describe                                                     */

static void
fill_deck (PhGame *game)
{
  g_autoptr (GPtrArray) ids = ph_mayhem_side_ids (ph_game_get_scenario (game));
  g_autofree char *deck = NULL;

  g_ptr_array_add (ids, NULL);
  deck = g_strjoinv (" ", (char **) ids->pdata);
  ph_game_set_var (game, "deck", deck);
}

static gboolean
mayhem_start (PhGame  *game,
              GError **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);

  ph_game_set_var_int (game, "turn", 1);
  if (ph_mayhem_uses_cards (scenario))
    {
      /* "activation will be by card draw from a deck with one card per
       * player" */
      fill_deck (game);
      ph_game_set_var (game, "phase", PHASE_DRAW);
      ph_game_log (game, g_dngettext (GETTEXT_PACKAGE, "Turn 1: %u side, activation by card draw",
                                      "Turn 1: %u sides, activation by card draw",
                                      scenario->sides->len),
                   scenario->sides->len);
    }
  else
    {
      ph_game_set_var (game, "phase", PHASE_INITIATIVE);
      ph_game_log (game, _("Turn 1: the sides dice for initiative"));
    }
  return TRUE;
}

/* The next fight of the side's hand-to-hand, naming the man who fights
 * and his enemy; NULL when none is left */
static char *
fight_words (PhGame *game)
{
  const PhFigure *enemy = NULL;
  const PhFigure *fighter = ph_mayhem_next_fighter (game, &enemy);

  if (fighter == NULL)
    return NULL;
  /* TRANSLATORS: "hand-to-hand: Pte Mullins is in contact with Sdt.
   * Sans-Quartier" */
  return g_strdup_printf (_("hand-to-hand: %s is in contact with %s"),
                          ph_mayhem_fig_name (fighter), ph_mayhem_fig_name (enemy));
}

static char *
mayhem_describe (PhGame *game)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  int turn = ph_game_get_var_int (game, "turn", 1);
  const char *phase = ph_game_get_var (game, "phase");
  const char *active = ph_mayhem_active_side (game);

  if (g_strcmp0 (phase, PHASE_INITIATIVE) == 0)
    return g_strdup_printf (_("Turn %d - dice for initiative"), turn);
  if (g_strcmp0 (phase, PHASE_CHOOSE) == 0)
    return g_strdup_printf (_("Turn %d - %s won the initiative: go first or second?"),
                            turn, ph_mayhem_side_name (scenario,
                                                ph_game_get_var (game, "initiative-winner")));
  if (g_strcmp0 (phase, PHASE_DRAW) == 0)
    {
      g_auto (GStrv) deck = g_strsplit (ph_game_get_var (game, "deck") != NULL
                                        ? ph_game_get_var (game, "deck") : "", " ", -1);
      guint n = 0;

      for (guint i = 0; deck[i] != NULL; i++)
        if (*deck[i] != '\0')
          n++;
      return g_strdup_printf (_("Turn %d - draw a card (%u left)"), turn, n);
    }
  if (g_strcmp0 (phase, PHASE_MOVE) == 0)
    {
      g_autofree char *head = g_strdup_printf (_("Turn %d - %s moving, the others may shoot"),
                                               turn, ph_mayhem_side_name (scenario, active));
      guint yet = 0, rolled = 0;
      const PhFigure *waiting = NULL;

      /* how many of the side may still move, and how its go ends: the
       * referee saw "Roll movement dice" asked for and nothing say that
       * the side may stop there */
      for (guint i = 0; i < scenario->figures->len; i++)
        {
          const PhFigure *f = g_ptr_array_index (scenario->figures, i);

          if (g_strcmp0 (f->side, active) != 0 || ph_figure_is_off_table (f)
              || ph_mayhem_move_over (game, f)
              || ph_game_get_figure_var (game, f->id, VAR_STAND_STILL) != NULL
              || ph_game_get_figure_var (game, f->id, VAR_RELOADED) != NULL)
            continue;
          yet++;
          if (ph_game_get_figure_var (game, f->id, VAR_REACH) != NULL && rolled++ == 0)
            waiting = f;
        }
      if (yet == 0)
        {
          g_autofree char *fight = fight_words (game);

          if (fight != NULL)
            /* TRANSLATORS: "Turn 1 - British moving, the others may
             * shoot · every man has moved or stood · hand-to-hand: Pte
             * Mullins is in contact with Sdt. Sans-Quartier" */
            return g_strdup_printf (_("%s · every man has moved or stood · %s"), head, fight);
          return g_strdup_printf (_("%s · every man has moved or stood: End the side's go"), head);
        }
      /* the man who has rolled is the one to move (the bar's "Next:
       * Move"): by name, and how */
      if (waiting != NULL)
        {
          g_autofree char *who = NULL;

          if (rolled == 1)
            /* TRANSLATORS: "Sgt Smith rolled 9 in: drag him on the map" */
            who = g_strdup_printf (_("%s rolled %d in: drag him on the map"),
                                   ph_mayhem_fig_name (waiting),
                                   ph_game_get_figure_var_int (game, waiting->id, VAR_REACH, 0));
          else
            /* TRANSLATORS: "Sgt Smith and 2 more have rolled: drag them
             * on the map" */
            who = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                "%s and %u more have rolled: drag them on the map",
                                                "%s and %u more have rolled: drag them on the map",
                                                rolled - 1),
                                   ph_mayhem_fig_name (waiting), rolled - 1);
          {
            char *longer = g_strdup_printf ("%s · %s", head, who);

            g_free (head);
            head = longer;
          }
        }
      /* TRANSLATORS: "Turn 1 - British moving, the others may shoot ·
       * 4 still to go, or End the side's go" (not the word "move": the
       * turn bar puts "Next: Move" first unless its line has the word) */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%s · %u still to go, or End the side's go",
                                           "%s · %u still to go, or End the side's go", yet),
                              head, yet);
    }
  if (g_strcmp0 (phase, PHASE_MELEE) == 0)
    {
      g_autofree char *fight = fight_words (game);

      if (fight != NULL)
        return g_strdup_printf (_("Turn %d - %s: hand-to-hand combat · %s"),
                                turn, ph_mayhem_side_name (scenario, active), fight);
      return g_strdup_printf (_("Turn %d - %s: hand-to-hand combat · every man in contact "
                                "has fought: End the side's go"),
                              turn, ph_mayhem_side_name (scenario, active));
    }
  if (g_strcmp0 (phase, PHASE_TURN_OVER) == 0)
    return g_strdup_printf (_("Turn %d - every side has gone: end the turn"), turn);
  return g_strdup_printf (_("Turn %d"), turn);
}

/* What the phase calls for: the dice, the order, the card; in a side's go
 * its figures roll their movement first; then hand-to-hand; then the turn
 * ends */
static const char *
mayhem_expected (PhGame *game)
{
  const char *phase = ph_game_get_var (game, "phase");

  if (g_strcmp0 (phase, PHASE_INITIATIVE) == 0)
    return "initiative";
  if (g_strcmp0 (phase, PHASE_CHOOSE) == 0)
    return "choose-order";
  if (g_strcmp0 (phase, PHASE_DRAW) == 0)
    return "draw-card";
  if (g_strcmp0 (phase, PHASE_MOVE) == 0)
    {
      /* "he resolves movement group by group": each of the side's
       * figures rolls, then moves; then the side's go ends */
      PhScenario *scenario = ph_game_get_scenario (game);
      const char *side = ph_mayhem_active_side (game);
      gboolean to_move = FALSE;

      gboolean to_roll = FALSE;

      for (guint i = 0; i < scenario->figures->len; i++)
        {
          const PhFigure *f = g_ptr_array_index (scenario->figures, i);

          if (g_strcmp0 (f->side, side) != 0 || ph_figure_is_off_table (f)
              || ph_game_get_figure_var (game, f->id, VAR_STAND_STILL) != NULL
              || ph_game_get_figure_var (game, f->id, VAR_RELOADED) != NULL)
            continue;
          if (ph_game_get_figure_var (game, f->id, VAR_REACH) == NULL)
            to_roll = TRUE;
          else if (!ph_mayhem_move_over (game, f))
            to_move = TRUE;
        }
      /* a man who has rolled moves before the next one rolls: the bar
       * asked for "Roll movement dice" again once he had rolled; "and
       * then resolves all hand-to-hand combat figure by figure": the
       * trial's bar went to "End the side's go" with men in contact */
      return to_move ? "move" : to_roll ? "roll-move"
             : ph_mayhem_next_fighter (game, NULL) != NULL ? "melee" : "end-activation";
    }
  if (g_strcmp0 (phase, PHASE_MELEE) == 0)
    return ph_mayhem_next_fighter (game, NULL) != NULL ? "melee" : "end-activation";
  if (g_strcmp0 (phase, PHASE_TURN_OVER) == 0)
    return "end-turn";
  return NULL;
}

/* ---------------------------------------------------------------------- */
/* Ends of goes and turns                                                 */

static void
clear_shots (PhGame *game)
{
  PhScenario *scenario = ph_game_get_scenario (game);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      ph_mayhem_clear_figure_var (game, g_ptr_array_index (scenario->figures, i), VAR_SHOT);
      /* the next go's hand-to-hand is a new one */
      ph_mayhem_clear_figure_var (game, g_ptr_array_index (scenario->figures, i), VAR_FOUGHT);
    }
}

static gboolean
do_end_activation (PhGame      *game,
                   GHashTable  *args,
                   GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *phase = ph_game_get_var (game, "phase");
  g_autofree char *active = g_strdup (ph_mayhem_active_side (game));
  const char *order = ph_game_get_var (game, "order");
  g_auto (GStrv) sides = g_strsplit (order != NULL ? order : "", " ", -1);
  const char *next = NULL;

  if (active == NULL
      || (g_strcmp0 (phase, PHASE_MOVE) != 0 && g_strcmp0 (phase, PHASE_MELEE) != 0))
    return ph_mayhem_fail (error, PH_GAME_ERROR_NOT_NOW, _("no side is active now"));

  /* "may shoot once at any point during the enemy's movement": the next
   * enemy move is another chance */
  clear_shots (game);

  if (ph_mayhem_uses_cards (scenario))
    {
      const char *deck = ph_game_get_var (game, "deck");

      ph_game_set_var (game, "active-side", NULL);
      ph_game_set_var (game, "card-up", NULL);
      if (deck != NULL && *deck != '\0')
        {
          ph_game_set_var (game, "phase", PHASE_DRAW);
          ph_game_log (game, _("%s have had their go: draw the next card"),
                       ph_mayhem_side_name (scenario, active));
        }
      else
        {
          ph_game_set_var (game, "phase", PHASE_TURN_OVER);
          ph_game_log (game, _("%s have had their go: every side has gone"),
                       ph_mayhem_side_name (scenario, active));
        }
      return TRUE;
    }

  for (guint i = 0; sides[i] != NULL; i++)
    if (strcmp (sides[i], active) == 0)
      next = sides[i + 1];
  if (next != NULL && *next != '\0')
    {
      ph_mayhem_begin_side (game, next);
      ph_game_log (game, _("%s have had their go: %s go next"), ph_mayhem_side_name (scenario, active),
                   ph_mayhem_side_name (scenario, next));
    }
  else
    {
      ph_game_set_var (game, "active-side", NULL);
      ph_game_set_var (game, "phase", PHASE_TURN_OVER);
      ph_game_log (game, _("%s have had their go: every side has gone"),
                   ph_mayhem_side_name (scenario, active));
    }
  return TRUE;
}

/* "A trained crew of 3 or more (with a leader counting as two figures)":
 * artillery figures of the gun's side within 1 in of it */
static int
gun_crew (PhScenario     *scenario,
          const PhFigure *gun)
{
  int crew = 0;

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (scenario->figures, i);

      if (f == gun || ph_figure_is_off_table (f) || ph_mayhem_is_gun (f)
          || f->troop != PH_TROOP_ARTILLERY || g_strcmp0 (f->side, gun->side) != 0)
        continue;
      if (ph_engine_distance (scenario, gun, f) <= GUN_CREW_DISTANCE + DISTANCE_SLACK)
        crew += f->leader ? 2 : 1;
    }
  return crew;
}

static gboolean
do_end_turn (PhGame      *game,
             GHashTable  *args,
             GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  int turn = ph_game_get_var_int (game, "turn", 1);
  g_autoptr (GString) text = g_string_new (NULL);

  g_string_append_printf (text, _("End of turn %d"), turn);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      int puffs = ph_game_get_figure_var_int (game, figure->id, VAR_SMOKE, 0);

      /* "When gun fires, place 3 smoke puffs. A trained crew of 3 or more
       * (with a leader counting as two figures) may remove 1 per turn." */
      if (puffs > 0 && !ph_figure_is_off_table (figure))
        {
          int crew = gun_crew (scenario, figure);

          if (crew >= GUN_CREW_NEEDED)
            {
              puffs--;
              if (puffs > 0)
                {
                  ph_game_set_figure_var_int (game, figure->id, VAR_SMOKE, puffs);
                  g_string_append_printf (text, _("; %s's crew (%d) clear a smoke "
                                            "puff, %d left"), ph_mayhem_fig_name (figure), crew, puffs);
                }
              else
                {
                  ph_game_set_figure_var (game, figure->id, VAR_SMOKE, NULL);
                  for (guint w = 0; w < figure->weapons->len; w++)
                    {
                      const PhWeapon *weapon = &g_array_index (figure->weapons, PhWeapon, w);
                      char key[48];

                      if (!ph_mayhem_is_gun_kind (weapon->kind) || weapon->loaded)
                        continue;
                      g_snprintf (key, sizeof key, "weapon.%u.loaded", w);
                      if (!ph_game_set_figure_attr (game, figure->id, key, "true", error))
                        return FALSE;
                    }
                  if (!ph_mayhem_has_unloaded_gunpowder (figure))
                    ph_mayhem_set_status (game, figure, PH_STATUS_FIRED, FALSE);
                  g_string_append_printf (text, _("; %s's crew (%d) clear the last "
                                            "smoke puff: the gun is loaded"),
                                          ph_mayhem_fig_name (figure), crew);
                }
            }
          else
            g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                       "; %s has a crew of %d, fewer than %d: "
                                                       "its %d smoke puff stays",
                                                       "; %s has a crew of %d, fewer than %d: "
                                                       "its %d smoke puffs stay", puffs),
                                    ph_mayhem_fig_name (figure), crew, GUN_CREW_NEEDED, puffs);
        }

      /* The turn's movement, reloads and checks are over */
      ph_mayhem_clear_figure_var (game, figure, VAR_REACH);
      ph_mayhem_clear_figure_var (game, figure, VAR_ORIGIN);
      ph_mayhem_clear_figure_var (game, figure, VAR_MOVE_DICE);
      ph_mayhem_clear_figure_var (game, figure, VAR_RELOADED);
      ph_mayhem_clear_figure_var (game, figure, VAR_STAND_STILL);
      ph_mayhem_clear_figure_var (game, figure, VAR_CASUALTY);
      ph_mayhem_clear_figure_var (game, figure, VAR_CHARGED);
      ph_mayhem_clear_figure_var (game, figure, VAR_SHOT);
      ph_mayhem_clear_figure_var (game, figure, VAR_FOUGHT);
      ph_mayhem_clear_figure_var (game, figure, VAR_STOOD);
      ph_mayhem_set_status (game, figure, PH_STATUS_MOVED, FALSE);
    }

  ph_game_set_var_int (game, "turn", turn + 1);
  ph_game_set_var (game, "active-side", NULL);
  ph_game_set_var (game, "initiative-winner", NULL);
  if (ph_mayhem_uses_cards (scenario))
    {
      fill_deck (game);
      ph_game_set_var (game, "card-up", NULL);
      ph_game_set_var (game, "order", NULL);
      ph_game_set_var (game, "phase", PHASE_DRAW);
      g_string_append_printf (text, _(". Turn %d: the deck is shuffled"), turn + 1);
    }
  else
    {
      /* "order" stays: a tie repeats it */
      ph_game_set_var (game, "phase", PHASE_INITIATIVE);
      g_string_append_printf (text, _(". Turn %d: dice for initiative"), turn + 1);
    }
  ph_game_log (game, "%s", text->str);
  return TRUE;
}

/* ---------------------------------------------------------------------- */

/* The actions: name, label, typed arguments (checked by ph_game_perform()
 * before the handler runs), help and handler */

static const char * const initiative_winner_goes_choices[] = { "first", "second", NULL };
static const char * const first_second_labels[] = { N_("First"), N_("Second"), NULL };
static const PhGameArg initiative_args[] = {
  { "winner-goes", PH_GAME_ARG_CHOICE, TRUE, initiative_winner_goes_choices,
    N_("whether the side that wins the initiative goes first or second"),
    N_("The winner goes"), N_("chosen after the roll"), first_second_labels },
  { NULL }
};
static const char * const choose_order_go_choices[] = { "first", "second", NULL };
static const PhGameArg choose_order_args[] = {
  { "go", PH_GAME_ARG_CHOICE, FALSE, choose_order_go_choices, NULL, NULL, NULL,
    first_second_labels },
  { NULL }
};
static const char * const roll_move_terrain_choices[] = { "open", "woods", "difficult", NULL };
/* the rules' words, not the command line's ("open", "difficult") */
static const char * const roll_move_terrain_labels[] = {
  N_("Open ground"), N_("Woods"), N_("Difficult: crossing an obstacle or delaying terrain"), NULL
};
static const PhGameArg roll_move_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "group", PH_GAME_ARG_BOOL, TRUE },
  /* the ground of this man's move, once: the trial's "difficult" for
   * Tubbs stayed for Smith and Fane */
  { "terrain", PH_GAME_ARG_CHOICE, TRUE, roll_move_terrain_choices, NULL, NULL,
    N_("where he stands"), roll_move_terrain_labels, .once = TRUE },
  { "mounted-open", PH_GAME_ARG_BOOL, TRUE, NULL, N_("a mounted figure moving in the open"),
    N_("Mounted, in the open"), .more = TRUE, .once = TRUE },
  { "hero", PH_GAME_ARG_BOOL, TRUE, .more = TRUE, .once = TRUE },
  { "with", PH_GAME_ARG_FIGURES, TRUE },
  { NULL }
};
static const PhGameArg move_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "x", PH_GAME_ARG_NUMBER },
  { "y", PH_GAME_ARG_NUMBER },
  { "facing", PH_GAME_ARG_NUMBER, TRUE },
  { NULL }
};
static const PhGameArg shoot_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "target", PH_GAME_ARG_TARGET },
  { "weapon", PH_GAME_ARG_WEAPON, TRUE },
  { "also", PH_GAME_ARG_TEXT, TRUE, .more = TRUE },
  { "use-reroll", PH_GAME_ARG_BOOL, TRUE, .more = TRUE, .once = TRUE },
  { "use-save", PH_GAME_ARG_BOOL, TRUE, .more = TRUE, .once = TRUE },
  { NULL }
};
static const PhGameArg reload_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "weapon", PH_GAME_ARG_WEAPON, TRUE },
  { NULL }
};
static const char * const courage_check_trigger_choices[] = { "casualty", "charge-ordered", "charged", "hit", "leader-killed", NULL };
static const char * const courage_check_trigger_labels[] = {
  N_("A figure of the group killed"), N_("Ordered to charge"), N_("Charged"),
  N_("Hit without being killed"), N_("Leader killed"), NULL
};
static const PhGameArg courage_check_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "trigger", PH_GAME_ARG_CHOICE, TRUE, courage_check_trigger_choices, NULL, NULL,
    N_("Hit without being killed"), courage_check_trigger_labels },
  { "group", PH_GAME_ARG_FIGURES, TRUE },
  { "from", PH_GAME_ARG_TEXT, TRUE, .more = TRUE },
  { "use-reroll", PH_GAME_ARG_BOOL, TRUE, .more = TRUE, .once = TRUE },
  { "use-save", PH_GAME_ARG_BOOL, TRUE, .more = TRUE, .once = TRUE },
  { NULL }
};
static const PhGameArg melee_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "target", PH_GAME_ARG_TARGET },
  { "rear-or-side", PH_GAME_ARG_BOOL, TRUE, .more = TRUE },
  { "superior", PH_GAME_ARG_BOOL, TRUE, .more = TRUE },
  { "shock", PH_GAME_ARG_BOOL, TRUE, .more = TRUE },
  { "bayonet-vs-shorter", PH_GAME_ARG_BOOL, TRUE, .more = TRUE },
  { "target-superior", PH_GAME_ARG_BOOL, TRUE, .more = TRUE },
  { "target-shock", PH_GAME_ARG_BOOL, TRUE, .more = TRUE },
  { "target-bayonet-vs-shorter", PH_GAME_ARG_BOOL, TRUE, .more = TRUE },
  { "use-reroll", PH_GAME_ARG_BOOL, TRUE, .more = TRUE, .once = TRUE },
  { "use-save", PH_GAME_ARG_BOOL, TRUE, .more = TRUE, .once = TRUE },
  /* the words the refusal uses ("or let them fight as they stand") */
  { "referee", PH_GAME_ARG_BOOL, TRUE, NULL,
    N_("the referee lets them fight though the rules want them in contact"),
    N_("Referee lets them fight as they stand"), .more = TRUE, .once = TRUE },
  { NULL }
};

static const PhGameArg charge_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "with", PH_GAME_ARG_FIGURES, TRUE, NULL,
    N_("the charging group's other figures (default: its group as it stands on the table)") },
  { "use-reroll", PH_GAME_ARG_BOOL, TRUE, .more = TRUE, .once = TRUE },
  { "use-save", PH_GAME_ARG_BOOL, TRUE, .more = TRUE, .once = TRUE },
  { NULL }
};

static const PhGameActionInfo actions[] = {
  { "initiative", N_("Dice for initiative"), initiative_args,
    N_("Each side rolls a d6; the winner chooses to go first or second; a "
       "tie repeats the previous turn's order (two sides)"),
    ph_mayhem_action_initiative },
  { "choose-order", N_("Choose the order"), choose_order_args,
    N_("The initiative winner goes first or second"),
    ph_mayhem_action_choose_order },
  { "draw-card", N_("Draw a card"), NULL,
    N_("Three sides or more: draw the next side's card from the deck of "
       "one card per side"),
    ph_mayhem_action_draw_card },
  { "roll-move", N_("Roll movement dice"), roll_move_args,
    /* two lines in the Game tab at most: the form's rows under it must
     * fit a 768 px screen (the Group row says how to pick the others) */
    N_("3d6 alone, 2d6 in a group or as woodsmen in woods, 1d6 across an "
       "obstacle or through woods; +2d6 mounted in the open, +1d6 a hero"),
    ph_mayhem_action_roll_move },
  { "move", N_("Move"), move_args,
    N_("Moves the figure to the spot dropped on the map, or typed under Exact "
       "position, no farther from where it started than its movement dice "
       "allow"),
    ph_mayhem_action_move },
  { "charge", N_("Order a charge"), charge_args,
    N_("Before its move: the charging group checks courage (a failure stands "
       "still); if it passes, every enemy group between the lines of its bases "
       "and within its possible charge range checks as charged"),
    ph_mayhem_action_charge },
  { "shoot", N_("Shoot"), shoot_args,
    N_("A figure of an inactive side fires once during the enemy's move: "
       "skill die, then impact die (kill or courage check); also: more "
       "targets of a gun's canister cone or roundshot line"),
    ph_mayhem_action_shoot },
  { "reload", N_("Reload"), reload_args,
    N_("Reloads a gunpowder weapon: an action by a figure which does not "
       "move during its own turn"),
    ph_mayhem_action_reload, .loads = TRUE },
  { "courage-check", N_("Courage check"), courage_check_args,
    N_("d6 against the group's highest courage; failing, a charge stands "
       "still, otherwise each figure runs off or retreats 2d6 in away from "
       "the threat (the nearest enemy, or the figure or spot given)"),
    ph_mayhem_action_courage_check },
  { "melee", N_("Melee"), melee_args,
    N_("Opposed skill dice with modifiers; the higher scorer rolls a "
       "results die against his armament: at or over it removes the loser, "
       "else the loser checks courage"),
    ph_mayhem_action_melee },
  { "end-activation", N_("End the side's go"), NULL,
    N_("The active side has moved and fought: the next side goes"),
    do_end_activation },
  { "end-turn", N_("End the turn"), NULL,
    N_("Clears the turn's movement, reloads and checks; crews clear one "
       "smoke puff from their guns; the next turn dices for initiative"),
    do_end_turn },
  { NULL }
};

/* Where the game stands, for a step that takes it on to say where to:
 * only the hand-to-hand combat (a melee while men are still to move ends
 * the side's movement; the map's item said "moving the game on to its
 * step"); NULL elsewhere, where the step's own name says it ("End the
 * side's go") */
static char *
mayhem_step_name (PhGame *game)
{
  if (g_strcmp0 (ph_game_get_var (game, "phase"), PHASE_MELEE) == 0)
    /* TRANSLATORS: "Melee Sdt. Lafleur (…), moving the game on to the
     * hand-to-hand combat: the side's movement ends" */
    return g_strdup (_("the hand-to-hand combat: the side's movement ends"));
  return NULL;
}

/* What an action takes for an argument left out, for the Game tab to
 * show ("Default (Yes)" for a rider's +2d6 in the open) */
static char *
mayhem_arg_default (PhGame     *game,
                    const char *action,
                    const char *arg,
                    GHashTable *args)
{
  if (g_str_equal (action, "roll-move"))
    return ph_mayhem_roll_move_default (game, arg, args);
  if (g_str_equal (action, "melee"))
    return ph_mayhem_melee_default (game, arg, args);
  return NULL;
}

const PhGameRules ph_game_rules_mayhem = {
  actions,
  mayhem_start,
  mayhem_describe,
  mayhem_expected,
  ph_mayhem_plan_move,
  ph_mayhem_move_cost,
  .step_name = mayhem_step_name,
  .target_odds = ph_mayhem_target_odds,
  .arg_default = mayhem_arg_default,
  .referee_moved = ph_mayhem_referee_moved,
  .expected_of = ph_mayhem_expected_of,
};
