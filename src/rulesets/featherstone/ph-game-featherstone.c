/* ph-game-featherstone.c: a game of Skirmish Wargaming (Donald Featherstone)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game as Featherstone's Skirmish Wargaming runs it: the game's
 * clock is the phase ("1 phase represents approximately 5 seconds"), the
 * game variable "turn" holds its number and "step" the step of "The
 * Sequence of Action" it is at (write orders, move, fire, melee, note
 * reactions).  Orders are kept per figure as on the record sheet, aimed fire
 * takes two phases, a hit reads the wound letter from the casualty table
 * (its numbers are the book's: the scenario gives them in the ruleset option
 * "casualty-table"), and the wound's effects last the phases the text gives
 * as per-figure counters that "end-phase" counts down.  Every variable and
 * action is described in src/rulesets/featherstone/game.md.
 *
 * Shooting odds come from the rules engine (ph_engine_assess_figures()), as
 * ph-ruleset-featherstone.c reads the text; this file only rolls the
 * percentage dice against them and applies what the casualty table says.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ph-core.h"
#include "ph-game.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-featherstone-private.h"

static const char * const step_names[N_STEPS] = {
  "orders", "move", "fire", "melee", "reactions",
};

static const char * const step_labels[N_STEPS] = {
  N_("write down orders and intended actions"),
  N_("move all men"),
  N_("calculate firing"),
  N_("calculate melee"),
  N_("note men who have to react on the next phase"),
};

static Step
current_step (PhGame *game)
{
  const char *s = ph_game_get_var (game, "step");

  for (int i = 0; i < N_STEPS; i++)
    if (g_strcmp0 (s, step_names[i]) == 0)
      return i;
  return STEP_ORDERS;
}

int
ph_featherstone_current_phase (PhGame *game)
{
  return ph_game_get_var_int (game, "turn", 1);
}

/* "This sequence should be strictly followed": an action of a later step
 * moves the phase on to it; one of a step already past is refused. */
gboolean
ph_featherstone_check_step (PhGame      *game,
                            Step         step,
                            const char  *what,
                            GError     **error)
{
  Step now = current_step (game);

  if (now > step)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("phase %d is at step %d (%s): %s belongs to step %d (%s), "
                     "which is over; end the phase first"),
                   ph_featherstone_current_phase (game), now + 1, _(step_labels[now]), what,
                   step + 1, _(step_labels[step]));
      return FALSE;
    }
  return TRUE;
}

/* "2 Move all men.": a man is moved by drag at that step alone, before
 * it as after it, with the same reason at every other step (the trial
 * saw step 1 take a drag that steps 3 to 5 refused) */
gboolean
ph_featherstone_check_move_step (PhGame      *game,
                                 GError     **error)
{
  Step now = current_step (game);

  if (now == STEP_MOVE)
    return TRUE;
  g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
               _("phase %d is at step %d (%s): men move only at step 2 (%s)"),
               ph_featherstone_current_phase (game), now + 1, _(step_labels[now]),
               _(step_labels[STEP_MOVE]));
  return FALSE;
}

gboolean
ph_featherstone_at_move_step (PhGame *game)
{
  return current_step (game) == STEP_MOVE;
}

gboolean
ph_featherstone_enter_step (PhGame      *game,
               Step         step,
               const char  *what,
               GError     **error)
{
  if (!ph_featherstone_check_step (game, step, what, error))
    return FALSE;
  if (current_step (game) < step)
    ph_game_set_var (game, "step", step_names[step]);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Actions */

static gboolean
featherstone_start (PhGame  *game,
                    GError **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autoptr(GString) wounded = g_string_new (NULL);

  ph_game_set_var_int (game, "turn", 1);
  ph_game_set_var (game, "step", step_names[STEP_ORDERS]);
  for (guint i = 0; i < scenario->figures->len; i++)
    ph_featherstone_start_roster_wounds (game, g_ptr_array_index (scenario->figures, i),
                                         wounded);
  ph_game_log (game, _("Phase 1 begins: step 1, %s%s"), _(step_labels[STEP_ORDERS]),
               wounded->str);
  return TRUE;
}

/* "The Leader should then issue orders outlining the role of each man in
 * his force. Men should obey these orders until they are changed. It
 * takes one phase to issue a new order." */
static gboolean
do_order (PhGame      *game,
          GHashTable  *args,
          GError     **error)
{
  PhFigure *f = fs_get_figure (game, args, "figure", error);
  const char *text;
  int phase = ph_featherstone_current_phase (game);

  if (f == NULL || (text = ph_featherstone_get_text_arg (args, "text", error)) == NULL)
    return FALSE;
  if (ph_featherstone_is_dead (f))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, _("%s is dead"), ph_featherstone_fname (f));
      return FALSE;
    }
  ph_game_set_event_figure (game, f->id);
  if (ph_game_get_figure_var (game, f->id, "order") == NULL)
    {
      /* The orders given at the start of the game */
      ph_game_set_figure_var (game, f->id, "order", text);
      ph_game_set_figure_var (game, f->id, "order-next", NULL);
      ph_game_log (game, _("Orders for %s: %s"), ph_featherstone_fname (f), text);
    }
  else
    {
      ph_game_set_figure_var (game, f->id, "order-next", text);
      ph_game_log (game, _("New order for %s, in force from phase %d (it takes one "
                     "phase to issue): %s"), ph_featherstone_fname (f), phase + 1, text);
    }
  return TRUE;
}

/* "1 Write down all intended movement/action firing and fighting for the
 * phase." */
static gboolean
do_plan (PhGame      *game,
         GHashTable  *args,
         GError     **error)
{
  PhFigure *f = fs_get_figure (game, args, "figure", error);
  const char *text;

  if (f == NULL || (text = ph_featherstone_get_text_arg (args, "text", error)) == NULL)
    return FALSE;
  if (!ph_featherstone_enter_step (game, STEP_ORDERS, _("writing down intentions"), error))
    return FALSE;
  if (ph_featherstone_is_dead (f))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, _("%s is dead"), ph_featherstone_fname (f));
      return FALSE;
    }
  ph_game_set_event_figure (game, f->id);
  ph_game_set_figure_var (game, f->id, "plan", text);
  ph_game_log (game, _("Phase %d, %s intends: %s"), ph_featherstone_current_phase (game), ph_featherstone_fname (f), text);
  return TRUE;
}

static gboolean
do_next_step (PhGame      *game,
              GHashTable  *args,
              GError     **error)
{
  Step now = current_step (game);

  if (now + 1 >= N_STEPS)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("step 5 is the last of the phase: end the phase"));
      return FALSE;
    }
  ph_game_set_var (game, "step", step_names[now + 1]);
  ph_game_log (game, _("Phase %d: step %d, %s"), ph_featherstone_current_phase (game), now + 2,
               _(step_labels[now + 1]));
  return TRUE;
}

/* "A man must react on the phase after 1 Firing or throwing. 2 Fighting in
 * a melee. 3 Each fresh sighting of the enemy. 4 Any sudden or unexpected
 * occurrence." */
static const char * const react_causes[] = {
  "fired", "melee", "sighting", "sudden", NULL
};
static const char * const react_labels[] = {
  N_("firing"), N_("fighting in a melee"), N_("a fresh sighting of the enemy"),
  N_("a sudden or unexpected occurrence"),
};

static gboolean
do_react (PhGame      *game,
          GHashTable  *args,
          GError     **error)
{
  PhFigure *f = fs_get_figure (game, args, "figure", error);
  int why;

  if (f == NULL)
    return FALSE;
  why = ph_featherstone_get_choice_arg (args, "why", react_causes, -1, error);
  if (why < 0)
    return FALSE;
  if (ph_featherstone_is_dead (f))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, _("%s is dead"), ph_featherstone_fname (f));
      return FALSE;
    }
  ph_game_set_figure_var (game, f->id, "react-next", react_causes[why]);
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, _("%s must react on phase %d: %s"), ph_featherstone_fname (f),
               ph_featherstone_current_phase (game) + 1, _(react_labels[why]));
  return TRUE;
}

static const char *
react_label (const char *cause)
{
  for (int i = 0; react_causes[i] != NULL; i++)
    if (g_strcmp0 (cause, react_causes[i]) == 0)
      return _(react_labels[i]);
  return cause;
}

/* Counts a counter down: "N" means this phase and N more */
static gboolean
count_down (PhGame     *game,
            PhFigure   *f,
            const char *key)
{
  const char *v = ph_game_get_figure_var (game, f->id, key);
  int n;

  if (v == NULL)
    return FALSE;
  n = atoi (v);
  if (n <= 0)
    {
      ph_game_set_figure_var (game, f->id, key, NULL);
      return TRUE; /* over */
    }
  ph_game_set_figure_var_int (game, f->id, key, n - 1);
  return FALSE;
}

static gboolean
do_end_phase (PhGame      *game,
              GHashTable  *args,
              GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  int phase = ph_featherstone_current_phase (game);
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GString) reacting = g_string_new (NULL);
  g_autoptr(GString) recovered = g_string_new (NULL);
  g_autoptr(GString) other = g_string_new (NULL);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);
      const char *next = ph_game_get_figure_var (game, f->id, "react-next");
      const char *order = ph_game_get_figure_var (game, f->id, "order-next");
      const char *busy = ph_game_get_figure_var (game, f->id, "busy-next");
      gboolean move_over, action_over;

      /* The markers of the phase that ends */
      ph_game_set_status (game, f->id, PH_STATUS_FIRED, FALSE);
      ph_game_set_status (game, f->id, PH_STATUS_MOVED, FALSE);
      ph_game_set_status (game, f->id, PH_STATUS_MELEE, FALSE);
      ph_game_set_figure_var (game, f->id, "plan", NULL);
      ph_game_set_figure_var (game, f->id, "acted", NULL);
      ph_game_set_figure_var (game, f->id, "rate", NULL);
      /* "Opponent wounded in Previous round" lasts one phase */
      if (ph_game_get_figure_var_int (game, f->id, "melee-wounded", 0) < phase)
        ph_game_set_figure_var (game, f->id, "melee-wounded", NULL);
      if (ph_game_get_figure_var (game, f->id, "plate-struck") != NULL
          && ph_game_get_figure_var_int (game, f->id, "plate-struck", 0) < phase)
        ph_game_set_figure_var (game, f->id, "plate-struck", NULL);
      ph_game_set_figure_var (game, f->id, "busy", NULL);
      if (ph_featherstone_is_dead (f))
        {
          ph_game_set_status (game, f->id, PH_STATUS_REACTING, FALSE);
          ph_game_set_figure_var (game, f->id, "react-next", NULL);
          ph_game_set_figure_var (game, f->id, "reacting-for", NULL);
          continue;
        }

      /* "5 Note men who have to react on the next phase." */
      if (next != NULL)
        {
          g_autofree char *cause = g_strdup (next);

          ph_game_set_status (game, f->id, PH_STATUS_REACTING, TRUE);
          ph_game_set_figure_var (game, f->id, "reacting-for", cause);
          ph_game_set_figure_var (game, f->id, "react-next", NULL);
          g_string_append_printf (reacting, "%s%s (%s)", reacting->len > 0 ? ", " : "",
                                  ph_featherstone_fname (f), react_label (cause));
        }
      else if ((f->status & PH_STATUS_REACTING)
               || ph_game_get_figure_var (game, f->id, "reacting-for") != NULL)
        {
          ph_game_set_status (game, f->id, PH_STATUS_REACTING, FALSE);
          ph_game_set_figure_var (game, f->id, "reacting-for", NULL);
        }

      if (order != NULL)
        {
          g_autofree char *text = g_strdup (order);

          ph_game_set_figure_var (game, f->id, "order", text);
          ph_game_set_figure_var (game, f->id, "order-next", NULL);
          g_string_append_printf (other, _("; %s's new order stands: %s"), ph_featherstone_fname (f), text);
        }
      if (busy != NULL)
        {
          g_autofree char *what = g_strdup (busy);

          ph_game_set_figure_var (game, f->id, "busy", what);
          ph_game_set_figure_var (game, f->id, "busy-next", NULL);
        }

      /* The wounds' durations */
      if (count_down (game, f, "knocked-out"))
        g_string_append_printf (other, _("; %s comes round"), ph_featherstone_fname (f));
      move_over = count_down (game, f, "no-move");
      action_over = count_down (game, f, "no-action");
      if ((move_over || action_over)
          && ph_game_get_figure_var (game, f->id, "no-move") == NULL
          && ph_game_get_figure_var (game, f->id, "no-action") == NULL)
        {
          const char *movement = ph_game_get_figure_var (game, f->id, "movement");

          ph_game_set_figure_var (game, f->id, "wound-effect", NULL);
          g_string_append_printf (recovered, "%s%s%s", recovered->len > 0 ? ", " : "",
                                  ph_featherstone_fname (f),
                                  g_strcmp0 (movement, "crawl") == 0 ? " (crawl only)"
                                  : g_strcmp0 (movement, "half") == 0 ? " (half rate)"
                                  : "");
        }

      /* An aim not followed by the shot is lost */
      if (ph_game_get_figure_var (game, f->id, "aim-target") != NULL
          && ph_game_get_figure_var_int (game, f->id, "aim-phase", 0) < phase)
        {
          ph_game_set_figure_var (game, f->id, "aim-target", NULL);
          ph_game_set_figure_var (game, f->id, "aim-phase", NULL);
          ph_game_set_figure_var (game, f->id, "aim-count", NULL);
        }

      /* Men on foot stop unless they move again; horses keep their rate
       * ("Riders may accelerate or decelerate ... on subsequent phases"),
       * a nicked mount slows by one */
      /* the phase the nicked horse slowed in is over: it may speed up again */
      if (ph_game_get_figure_var (game, f->id, "slowed-in") != NULL
          && ph_game_get_figure_var_int (game, f->id, "slowed-in", 0) <= phase)
        ph_game_set_figure_var (game, f->id, "slowed-in", NULL);
      if (f->mounted && ph_game_get_figure_var (game, f->id, "mount-nicked") != NULL)
        {
          int r = ph_featherstone_horse_rate_index (f->stance);

          ph_game_set_figure_var (game, f->id, "mount-nicked", NULL);
          /* "will decelerate automatically on the next phase": no faster
           * than this in the phase that starts now */
          ph_game_set_figure_var_int (game, f->id, "slowed-in", phase + 1);
          if (r > 0
              && !ph_game_set_figure_attr (game, f->id, "stance",
                                           ph_stance_to_string (ph_featherstone_horse_stances[r - 1]), error))
            return FALSE;
          g_string_append_printf (other, _("; %s's nicked mount slows down"), ph_featherstone_fname (f));
        }
      else if (!f->mounted
               && (f->stance == PH_STANCE_WALKING || f->stance == PH_STANCE_RUNNING
                   || f->stance == PH_STANCE_CHARGING || f->stance == PH_STANCE_ACTION)
               && !ph_game_set_figure_attr (game, f->id, "stance", "standing", error))
        return FALSE;
    }

  ph_game_set_var_int (game, "turn", phase + 1);
  ph_game_set_var (game, "step", step_names[STEP_ORDERS]);
  g_string_append_printf (log, _("Phase %d ends. Phase %d: step 1, %s"), phase, phase + 1,
                          _(step_labels[STEP_ORDERS]));
  if (reacting->len > 0)
    g_string_append_printf (log, _("; reacting: %s"), reacting->str);
  if (recovered->len > 0)
    g_string_append_printf (log, _("; can move and act again: %s"), recovered->str);
  g_string_append (log, other->str);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}


/* The actions: name, label, typed arguments (checked by ph_game_perform()
 * before the handler runs), help and handler */

static const PhGameArg order_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "text", PH_GAME_ARG_TEXT },
  { NULL }
};
static const PhGameArg plan_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "text", PH_GAME_ARG_TEXT },
  { NULL }
};
static const char * const move_rate_choices[] = { "walk", "run", "charge", "crawl", "trot", "canter", "gallop", NULL };
static const char * const move_terrain_choices[] = { "open", "difficult", NULL };
static const PhGameArg move_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "rate", PH_GAME_ARG_CHOICE, FALSE, move_rate_choices },
  { "terrain", PH_GAME_ARG_CHOICE, TRUE, move_terrain_choices, NULL, NULL, "open" },
  { "x", PH_GAME_ARG_NUMBER, TRUE },
  { "y", PH_GAME_ARG_NUMBER, TRUE },
  { NULL }
};
static const char * const action_what_choices[] = { "kneel", "lie-down", "get-up", "dive", "mount", "dismount", "draw", "sheath", "pick-up", "other", NULL };
static const PhGameArg action_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "what", PH_GAME_ARG_CHOICE, FALSE, action_what_choices },
  { "text", PH_GAME_ARG_TEXT, TRUE },
  { NULL }
};
static const PhGameArg aim_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "target", PH_GAME_ARG_TARGET },
  { "weapon", PH_GAME_ARG_WEAPON, TRUE },
  { NULL }
};
static const char * const shoot_fire_choices[] = { "aimed", "snap", NULL };
static const PhGameArg shoot_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "target", PH_GAME_ARG_TARGET },
  { "fire", PH_GAME_ARG_CHOICE, TRUE, shoot_fire_choices, NULL, NULL,
    N_("aimed when ready, else snap") },
  { "weapon", PH_GAME_ARG_WEAPON, TRUE },
  { "obscured", PH_GAME_ARG_TEXT, TRUE },
  { NULL }
};
static const PhGameArg melee_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "target", PH_GAME_ARG_TARGET },
  { "chance", PH_GAME_ARG_NUMBER, TRUE, NULL,
    N_("the Weapons Table's basic chance, a whole percentage"), NULL,
    N_("the house rule weapons-table's, by melee category") },
  { "target-chance", PH_GAME_ARG_NUMBER, TRUE, NULL,
    N_("the target's basic chance on the Weapons Table, a whole percentage"), NULL,
    N_("the house rule weapons-table's, by melee category") },
  { "shield", PH_GAME_ARG_BOOL, TRUE, .more = TRUE },
  { "cover", PH_GAME_ARG_BOOL, TRUE, .more = TRUE },
  { "outnumbered", PH_GAME_ARG_NUMBER, TRUE, .more = TRUE },
  { "target-shield", PH_GAME_ARG_BOOL, TRUE, .more = TRUE },
  { "target-cover", PH_GAME_ARG_BOOL, TRUE, .more = TRUE },
  { "target-outnumbered", PH_GAME_ARG_NUMBER, TRUE, .more = TRUE },
  /* the words the refusal uses ("or let them fight as they stand") */
  { "referee", PH_GAME_ARG_BOOL, TRUE, NULL,
    N_("the referee lets them fight though the rules want them in contact"),
    N_("Referee lets them fight as they stand"), .more = TRUE, .once = TRUE },
  { NULL }
};
static const char * const wound_letter_choices[] = { "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", NULL };
/* "WOUND CATEGORY", each letter in the text's words */
static const char * const wound_letter_labels[] = {
  N_("A: dead"), N_("B: serious body wound"), N_("C: serious right arm wound"),
  N_("D: serious left arm wound"), N_("E: serious leg wound"),
  N_("F: light head wound, knocked out"), N_("G: light body wound"),
  N_("H: light right arm wound"), N_("I: light left arm wound"), N_("J: light leg wound"),
  NULL
};
static const PhGameArg wound_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "letter", PH_GAME_ARG_CHOICE, FALSE, wound_letter_choices,
    N_("the wound category of the book's casualty table"), NULL, NULL, wound_letter_labels },
  { "melee", PH_GAME_ARG_BOOL, TRUE, .more = TRUE, .once = TRUE },
  { "cause", PH_GAME_ARG_TEXT, TRUE, .more = TRUE },
  { NULL }
};
static const char * const react_why_choices[] = { "fired", "melee", "sighting", "sudden", NULL };
static const PhGameArg react_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "why", PH_GAME_ARG_CHOICE, FALSE, react_why_choices },
  { NULL }
};

static const PhGameActionInfo actions[] = {
  { "order", N_("Give an order"), order_args,
    N_("The Leader's standing order for this man; a new order takes one "
       "phase to issue"),
    do_order },
  { "plan", N_("Write down intentions"), plan_args,
    N_("Step 1: write down the man's intended movement, action, firing and "
       "fighting for this phase"),
    do_plan },
  { "next-step", N_("Next step"), NULL,
    N_("Go on to the next step of the sequence: orders, move, fire, melee, "
       "reactions"),
    do_next_step },
  { "move", N_("Move"), move_args,
    N_("Step 2: move the man at a rate of the movement table, to the spot "
       "dropped on the map, or typed under Exact position"),
    ph_featherstone_action_move },
  { "action", N_("Make an action"), action_args,
    N_("Step 2: an action taking the phase (twice as long with a serious "
       "wound)"),
    ph_featherstone_action_act },
  { "aim", N_("Aim"), aim_args,
    N_("Step 3: adopt a firing position (no movement); the aimed shot "
       "comes next phase"),
    ph_featherstone_action_aim },
  { "shoot", N_("Shoot"), shoot_args,
    N_("Step 3: aimed fire after a phase of aiming, or snap fire; d100 "
       "then the casualty table"),
    ph_featherstone_action_shoot },
  { "melee", N_("Melee"), melee_args,
    N_("Step 4: both men strike with the book's Weapons Table chances and "
       "the text's variations; one hit reads the casualty table"),
    ph_featherstone_action_melee },
  { "wound", N_("Apply a wound"), wound_args,
    N_("Apply a wound category from the book's casualty table (melee, "
       "falls...)"),
    ph_featherstone_action_wound },
  { "react", N_("Must react"), react_args,
    N_("Note that the man must react on the next phase"),
    do_react },
  { "end-phase", N_("End the phase"), NULL,
    N_("Step 5 done: mark reactions for the next phase, count wounds down, "
       "next phase"),
    do_end_phase },
  { "end-turn", N_("End the phase"), NULL,
    N_("The same as end-phase (a turn is a phase)"),
    do_end_phase, "end-phase" },
  { NULL }
};

static char *
featherstone_describe (PhGame *game)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  Step step = current_step (game);
  g_autoptr(GString) reacting = g_string_new (NULL);
  g_autoptr(GString) out = g_string_new (NULL);

  /* by name: "reacting: Sgt Smith, Pte Jones" */
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (scenario->figures, i);

      if (ph_featherstone_is_dead (f))
        continue;
      if (f->status & PH_STATUS_REACTING)
        g_string_append_printf (reacting, "%s%s", reacting->len > 0 ? ", " : "",
                                ph_featherstone_fname (f));
      if (ph_game_get_figure_var (game, f->id, "no-action") != NULL
          || ph_game_get_figure_var (game, f->id, "knocked-out") != NULL)
        g_string_append_printf (out, "%s%s", out->len > 0 ? ", " : "", ph_featherstone_fname (f));
    }
  return g_strdup_printf (_("Phase %d - step %d of 5: %s%s%s%s%s"),
                          ph_featherstone_current_phase (game), step + 1, _(step_labels[step]),
                          reacting->len > 0 ? _(" - reacting: ") : "", reacting->str,
                          out->len > 0 ? _(" - out of action: ") : "", out->str);
}

/* Whether two living men of different sides have their bases in contact,
 * neither having fought this phase */
static gboolean
any_in_contact (PhGame *game)
{
  const PhScenario *scenario = ph_game_get_scenario (game);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *a = g_ptr_array_index (scenario->figures, i);

      if (ph_featherstone_is_dead (a) || ph_figure_is_off_table (a))
        continue;
      for (guint j = i + 1; j < scenario->figures->len; j++)
        {
          const PhFigure *b = g_ptr_array_index (scenario->figures, j);

          if (g_strcmp0 (a->side, b->side) != 0 && !ph_featherstone_is_dead (b)
              && !ph_figure_is_off_table (b) && !ph_featherstone_fought_this_phase (game, a)
              && !ph_featherstone_fought_this_phase (game, b)
              && ph_game_bases_touch (scenario, a, b, NULL))
            return TRUE;
        }
    }
  return FALSE;
}

/* Whether a man may still move this phase (the movement step's own
 * step, until every man has moved or cannot) */
static gboolean
any_may_move (PhGame *game)
{
  const PhScenario *scenario = ph_game_get_scenario (game);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (scenario->figures, i);
      PhMovePlan plan = { 0 };
      gboolean may;

      if (ph_featherstone_is_dead (f) || ph_figure_is_off_table (f)
          || (f->status & PH_STATUS_MOVED))
        continue;
      may = ph_featherstone_plan_move (game, f, &plan, NULL);
      ph_move_plan_clear (&plan);
      if (may)
        return TRUE;
    }
  return FALSE;
}

/* Each step's own action: write down intentions, move (once every man
 * has moved, on to the firing), fire, melee (or, with nobody in contact,
 * on to the reactions), and at the reactions step the end of the phase */
static const char *
featherstone_expected (PhGame *game)
{
  switch (current_step (game))
    {
    case STEP_ORDERS:
      return "plan";
    case STEP_MOVE:
      return any_may_move (game) ? "move" : "next-step";
    case STEP_FIRE:
      return "shoot";
    case STEP_MELEE:
      return any_in_contact (game) ? "melee" : "next-step";
    case STEP_REACTIONS:
      return "end-phase";
    case N_STEPS:
    default:
      return NULL;
    }
}

/* "step 3, calculate firing"; the first step, which only the end of a
 * phase leads to, with its phase: "phase 2, step 1, write down orders
 * and intended actions" */
static char *
featherstone_step_name (PhGame *game)
{
  Step step = current_step (game);

  if (step == STEP_ORDERS)
    return g_strdup_printf (_("phase %d, step 1, %s"), ph_featherstone_current_phase (game),
                            _(step_labels[step]));
  return g_strdup_printf (_("step %d, %s"), step + 1, _(step_labels[step]));
}

const PhGameRules ph_game_rules_featherstone = {
  actions,
  featherstone_start,
  featherstone_describe,
  featherstone_expected,
  ph_featherstone_plan_move,
  ph_featherstone_move_cost,
  ph_featherstone_shot_options,
  ph_featherstone_shot_args,
  featherstone_step_name,
  ph_featherstone_target_odds,
  ph_featherstone_arg_default,
  ph_featherstone_referee_moved,
  ph_featherstone_choice_allowed,
};
