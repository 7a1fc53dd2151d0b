/* test-game-featherstone.c: a game of Featherstone's Skirmish Wargaming
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Phases and their five steps, orders, the two-phase aimed fire, the
 * casualty table given as the ruleset option, wounds and their durations
 * counted down by "end-phase", the message when the table is missing, and
 * reactions set and cleared.  Dice come from fixed seeds: the expected
 * outcomes are worked out from the rolls the events recorded, never from
 * GRand's numbers written in here.  Every successful step is undone and
 * redone (the state must come back exactly) and saved and loaded (the same
 * state and the same next die).
 */
#include <string.h>

#include "ph-core.h"
#include "ph-test-util.h"

/* An illustrative table in the option's format (the book's numbers are
 * not in the text).  Its 70% column gives the worked example: "scores
 * 18 ... runs down to the number nearest to 18 ..., in this case, 24 ...
 * B, a Serious Body Wound". */
#define TABLE \
  "50: 5=A 15=B 20=C 25=D 30=E 35=F 40=G 44=H 47=I 50=J; " \
  "70: 7=A 24=B 30=C 36=D 42=E 48=F 56=G 62=H 66=I 70=J; " \
  "100: 1-10=A 11-34=B 42=C 50=D 58=E 66=F 76=G 86=H 93=I 100=J"

static const struct { int chance; int high[10]; } table_columns[] = {
  { 50, { 5, 15, 20, 25, 30, 35, 40, 44, 47, 50 } },
  { 70, { 7, 24, 30, 36, 42, 48, 56, 62, 66, 70 } },
  { 100, { 10, 34, 42, 50, 58, 66, 76, 86, 93, 100 } },
};

/* The letter the table above gives (every column has A..J in order) */
static char
table_letter (int chance,
              int thrown,
              int *row)
{
  for (guint c = 0; c < G_N_ELEMENTS (table_columns); c++)
    if (table_columns[c].chance >= chance)
      for (int r = 0; r < 10; r++)
        if (table_columns[c].high[r] >= thrown)
          {
            *row = table_columns[c].high[r];
            return 'A' + r;
          }
  g_assert_not_reached ();
  return '?';
}

/* What each wound does, from "WOUND CATEGORY" */
static const struct
{
  char letter;
  gboolean serious;
  int no_move, no_action, knocked_out;
  const char *movement;
} effects[] = {
  { 'A', FALSE, 0, 0, 0, NULL },
  { 'B', TRUE, 6, 6, 0, "crawl" },
  { 'C', TRUE, 4, 4, 0, NULL },
  { 'D', TRUE, 4, 4, 0, NULL },
  { 'E', TRUE, 4, 4, 0, "crawl" },
  { 'F', FALSE, 4, 4, 4, NULL },
  { 'G', FALSE, 2, 2, 0, "half" },
  { 'H', FALSE, 0, 1, 0, NULL },
  { 'I', FALSE, 0, 1, 0, NULL },
  { 'J', FALSE, 0, 1, 0, NULL },
};

#define RIFLE "<weapon kind=\"rifle\" short=\"100\" medium=\"200\" long=\"400\"/>"

/* s: a Veteran rifleman at (20, 100); t: a running Pathan 150 paces off
 * (medium range: 50% + 20 = 70, the worked example); u: an Average
 * rifleman standing 40 paces off (short: 80% + 20 = 100 for s);
 * h: a trotting horseman 100 paces off (short: 60% + 20 = 80). */
static PhScenario *
load_game_scenario (const char *option)
{
  g_autofree char *rules = option != NULL
    ? g_strdup_printf ("  <rules><option name=\"casualty-table\" value=\"%s\"/></rules>\n",
                       option)
    : g_strdup ("");
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"featherstone\">\n"
    "  <title>Featherstone game</title>\n"
    "  <table width=\"600\" height=\"200\" unit=\"cm\" measure=\"centre\"/>\n"
    "%s"
    "  <sides>\n"
    "    <side id=\"a\" name=\"Riflemen\" color=\"#2e5fa8\"/>\n"
    "    <side id=\"b\" name=\"Pathans\" color=\"#b03a2e\"/>\n"
    "  </sides>\n"
    "  <figures>\n"
    "    <figure id=\"s\" name=\"Sgt Smith\" side=\"a\" x=\"20\" y=\"100\">" RIFLE
    "<featherstone rating=\"veteran\"/></figure>\n"
    "    <figure id=\"t\" name=\"Pathan\" side=\"b\" x=\"170\" y=\"100\" stance=\"running\">"
    "<featherstone rating=\"average\"/></figure>\n"
    "    <figure id=\"u\" name=\"Pte Jones\" side=\"b\" x=\"60\" y=\"100\">" RIFLE
    "<featherstone rating=\"average\"/></figure>\n"
    "    <figure id=\"h\" name=\"Sowar\" side=\"b\" x=\"120\" y=\"100\" mounted=\"true\" "
    "stance=\"trotting\"><featherstone rating=\"average\"/></figure>\n"
    "  </figures>\n"
    "</scenario>\n", rules);

  return ph_test_load_xml (xml, -1, "featherstone-game.xml");
}

static const char * const game_keys[] = { "turn", "step", NULL };
static const char * const figure_keys[] = {
  "order", "order-next", "plan", "react-next", "reacting-for", "aim-target",
  "aim-phase", "aim-count", "no-move", "no-action", "knocked-out",
  "wound-effect", "movement", "no-charge", "dropped", "right-arm",
  "left-arm", "busy", "busy-next", "mount-nicked", "melee-wounded", NULL
};

/* The figures as the file writes them and every variable this module uses */
static char *
state_of (PhGame *game)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autofree char *xml = NULL;
  GString *s = g_string_new (NULL);
  g_autofree char *copy_xml = NULL;
  g_autoptr(PhScenario) copy = ph_scenario_copy (scenario);

  /* The figures, without the stored <game> (which holds the log) */
  g_clear_pointer (&copy->game_xml, g_free);
  copy_xml = ph_scenario_to_xml (copy, NULL);
  g_string_append (s, copy_xml);
  for (guint i = 0; game_keys[i] != NULL; i++)
    g_string_append_printf (s, "%s=%s\n", game_keys[i],
                            ph_game_get_var (game, game_keys[i]) ?: "(none)");
  for (guint f = 0; f < scenario->figures->len; f++)
    {
      const PhFigure *figure = g_ptr_array_index (scenario->figures, f);

      for (guint i = 0; figure_keys[i] != NULL; i++)
        {
          const char *v = ph_game_get_figure_var (game, figure->id, figure_keys[i]);

          if (v != NULL)
            g_string_append_printf (s, "%s:%s=%s\n", figure->id, figure_keys[i], v);
        }
    }
  return g_string_free (s, FALSE);
}

/* Saves @game into its scenario's file text and loads that back */
static PhGame *
save_and_load (PhGame      *game,
               PhScenario **scenario_out)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  PhScenario *scenario;
  PhGame *loaded;

  ph_game_store (game);
  xml = ph_scenario_to_xml (ph_game_get_scenario (game), NULL);
  scenario = ph_scenario_load_data (xml, strlen (xml), "saved.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  loaded = ph_game_load (scenario, "saved.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  *scenario_out = scenario;
  return loaded;
}

/* The same state after save and load, and the same next die */
static void
check_save_load (PhGame *game)
{
  g_autoptr(GError) error = NULL;
  PhScenario *scenario = NULL;
  PhGame *loaded = save_and_load (game, &scenario);
  g_autofree char *state = state_of (game);
  g_autofree char *loaded_state = state_of (loaded);
  const PhEvent *a, *b;

  g_assert_cmpstr (state, ==, loaded_state);
  g_assert_cmpuint (ph_game_get_position (loaded), ==, ph_game_get_position (game));
  g_assert_true (ph_game_roll_tray (game, "d100", "next die", &error));
  g_assert_no_error (error);
  g_assert_true (ph_game_roll_tray (loaded, "d100", "next die", &error));
  g_assert_no_error (error);
  a = ph_game_get_event (game, ph_game_get_position (game) - 1);
  b = ph_game_get_event (loaded, ph_game_get_position (loaded) - 1);
  g_assert_cmpint (((PhRoll *) g_ptr_array_index (a->rolls, 0))->total, ==,
                   ((PhRoll *) g_ptr_array_index (b->rolls, 0))->total);
  g_assert_true (ph_game_undo (game, &error));
  g_assert_no_error (error);
  ph_game_free (loaded);
  ph_scenario_unref (scenario);
  {
    g_autofree char *again = state_of (game);

    g_assert_cmpstr (again, ==, state);
  }
}

static const char *
last_event_text (PhGame *game)
{
  return ph_game_get_event (game, ph_game_get_position (game) - 1)->text;
}

static void
perform_va (PhGame     *game,
            const char *action,
            va_list     ap)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = state_of (game);
  g_autofree char *after = NULL;
  const char *arg;
  guint n;

  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  g_ptr_array_add (argv, NULL);

  n = ph_game_get_position (game);
  if (!ph_game_perform_argv (game, action, (const char * const *) argv->pdata, &error))
    g_error ("%s failed: %s", action, error->message);
  g_assert_cmpuint (ph_game_get_position (game), ==, n + 1);
  if (g_test_verbose ())
    g_test_message ("%s", last_event_text (game));
  after = state_of (game);

  /* Undo restores the state exactly; redo gives it back */
  g_assert_true (ph_game_undo (game, &error));
  g_assert_no_error (error);
  {
    g_autofree char *undone = state_of (game);

    g_assert_cmpstr (undone, ==, before);
  }
  g_assert_true (ph_game_redo (game, &error));
  g_assert_no_error (error);
  {
    g_autofree char *redone = state_of (game);

    g_assert_cmpstr (redone, ==, after);
  }
  check_save_load (game);
}

/* Performs @action with "name=value" arguments (NULL-terminated) and checks
 * undo, redo and save/load; asserts success */
static void
act (PhGame     *game,
     const char *action,
     ...) G_GNUC_NULL_TERMINATED;

static void
act (PhGame     *game,
     const char *action,
     ...)
{
  va_list ap;

  va_start (ap, action);
  perform_va (game, action, ap);
  va_end (ap);
}

/* Asserts that @action is refused with @code and a message containing
 * @needle, and that nothing changed */
static void
refuse (PhGame     *game,
        int         code,
        const char *needle,
        const char *action,
        ...) G_GNUC_NULL_TERMINATED;

static void
refuse (PhGame     *game,
        int         code,
        const char *needle,
        const char *action,
        ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *before = state_of (game);
  g_autofree char *after = NULL;
  guint n = ph_game_get_position (game);
  const char *arg;
  va_list ap;

  va_start (ap, action);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  g_assert_false (ph_game_perform_argv (game, action, (const char * const *) argv->pdata,
                                        &error));
  g_assert_error (error, PH_GAME_ERROR, code);
  if (strstr (error->message, needle) == NULL)
    g_error ("'%s' refused with '%s', expected '%s'", action, error->message, needle);
  g_assert_cmpuint (ph_game_get_position (game), ==, n);
  after = state_of (game);
  g_assert_cmpstr (after, ==, before);
}

static const PhEvent *
last_event (PhGame *game)
{
  g_assert_cmpuint (ph_game_get_position (game), >, 0);
  return ph_game_get_event (game, ph_game_get_position (game) - 1);
}

static void
assert_log_contains (PhGame     *game,
                     const char *needle)
{
  const PhEvent *e = last_event (game);

  if (strstr (e->text, needle) == NULL)
    g_error ("log '%s' lacks '%s'", e->text, needle);
}

static const char *
var (PhGame     *game,
     const char *figure,
     const char *key)
{
  return ph_game_get_figure_var (game, figure, key);
}

static PhFigure *
figure (PhGame     *game,
        const char *id)
{
  PhFigure *f = ph_scenario_find_figure (ph_game_get_scenario (game), id);

  g_assert_nonnull (f);
  return f;
}

static PhGame *
new_game (PhScenario *scenario,
          guint32     seed)
{
  PhGame *game = ph_game_new (scenario, seed);

  g_assert_nonnull (game);
  g_assert_true (ph_game_get_rules (game) == &ph_game_rules_featherstone);
  return game;
}

/* ------------------------------------------------------------------ */

static void
test_phases (void)
{
  g_autoptr(PhScenario) scenario = load_game_scenario (TABLE);
  g_autoptr(PhGame) game = new_game (scenario, 1);
  g_autofree char *text = NULL;

  g_assert_cmpint (ph_game_get_var_int (game, "turn", 0), ==, 1);
  g_assert_cmpstr (ph_game_get_var (game, "step"), ==, "orders");
  text = ph_game_describe (game);
  g_assert_nonnull (strstr (text, "Phase 1 - step 1 of 5"));

  /* The five steps in order, then the phase must end */
  act (game, "next-step", NULL);
  g_assert_cmpstr (ph_game_get_var (game, "step"), ==, "move");
  act (game, "next-step", NULL);
  g_assert_cmpstr (ph_game_get_var (game, "step"), ==, "fire");
  assert_log_contains (game, "step 3, calculate firing");
  act (game, "next-step", NULL);
  act (game, "next-step", NULL);
  g_assert_cmpstr (ph_game_get_var (game, "step"), ==, "reactions");
  refuse (game, PH_GAME_ERROR_NOT_NOW, "end the phase", "next-step", NULL);
  /* A step past is over: no movement at step 5 */
  refuse (game, PH_GAME_ERROR_NOT_NOW, "movement belongs to step 2", "move",
          "figure=s", "rate=walk", NULL);
  act (game, "end-phase", NULL);
  g_assert_cmpint (ph_game_get_var_int (game, "turn", 0), ==, 2);
  g_assert_cmpstr (ph_game_get_var (game, "step"), ==, "orders");

  /* An action of a later step moves the phase on to it */
  act (game, "move", "figure=s", "rate=walk", "x=24", "y=100", NULL);
  g_assert_cmpstr (ph_game_get_var (game, "step"), ==, "move");
  g_assert_cmpfloat (figure (game, "s")->x, ==, 24);
  g_assert_cmpint (figure (game, "s")->stance, ==, PH_STANCE_WALKING);
  g_assert_true (figure (game, "s")->status & PH_STATUS_MOVED);
  refuse (game, PH_GAME_ERROR_NOT_NOW, "already moved", "move", "figure=s",
          "rate=walk", NULL);
  refuse (game, PH_GAME_ERROR_NOT_NOW, "can walk 4 paces", "move", "figure=u",
          "rate=walk", "x=65", "y=100", NULL);
  refuse (game, PH_GAME_ERROR_BAD_ACTION, "unknown figure", "move", "figure=nobody",
          "rate=walk", NULL);
  refuse (game, PH_GAME_ERROR_BAD_ACTION, "on foot", "move", "figure=u",
          "rate=gallop", NULL);
  /* The horseman trots: he may go up one rate to canter, not to gallop */
  refuse (game, PH_GAME_ERROR_NOT_NOW, "one step a phase", "move", "figure=h",
          "rate=gallop", NULL);
  act (game, "move", "figure=h", "rate=canter", NULL);
  g_assert_cmpint (figure (game, "h")->stance, ==, PH_STANCE_CANTERING);

  /* The phase's markers go; men on foot stop, the horse keeps its rate */
  act (game, "end-phase", NULL);
  g_assert_cmpint (figure (game, "s")->stance, ==, PH_STANCE_STANDING);
  g_assert_false (figure (game, "s")->status & PH_STATUS_MOVED);
  g_assert_cmpint (figure (game, "h")->stance, ==, PH_STANCE_CANTERING);
}

static void
test_orders (void)
{
  g_autoptr(PhScenario) scenario = load_game_scenario (TABLE);
  g_autoptr(PhGame) game = new_game (scenario, 2);

  /* "The Leader should then issue orders ... Men should obey these orders
   * until they are changed." */
  act (game, "order", "figure=s", "text=Hold the well", NULL);
  g_assert_cmpstr (var (game, "s", "order"), ==, "Hold the well");
  assert_log_contains (game, "Orders for Sgt Smith: Hold the well");
  refuse (game, PH_GAME_ERROR_BAD_ACTION, "missing argument 'text'", "order",
          "figure=s", "text=  ", NULL);

  /* "1 Write down all intended movement/action firing and fighting" */
  act (game, "plan", "figure=s", "text=Aim at the Pathan", NULL);
  g_assert_cmpstr (var (game, "s", "plan"), ==, "Aim at the Pathan");

  /* "It takes one phase to issue a new order." */
  act (game, "order", "figure=s", "text=Fall back to the hut", NULL);
  g_assert_cmpstr (var (game, "s", "order"), ==, "Hold the well");
  g_assert_cmpstr (var (game, "s", "order-next"), ==, "Fall back to the hut");
  assert_log_contains (game, "in force from phase 2");

  act (game, "next-step", NULL);
  refuse (game, PH_GAME_ERROR_NOT_NOW, "step 1", "plan", "figure=s",
          "text=too late", NULL);

  act (game, "end-phase", NULL);
  g_assert_cmpstr (var (game, "s", "order"), ==, "Fall back to the hut");
  g_assert_null (var (game, "s", "order-next"));
  g_assert_null (var (game, "s", "plan"));
  assert_log_contains (game, "new order stands: Fall back to the hut");
}

/* Sets up phase 1: s aims at @target; then ends the phase */
static void
aim_then_end (PhGame     *game,
              const char *target)
{
  g_autofree char *arg = g_strdup_printf ("target=%s", target);

  act (game, "aim", "figure=s", arg, NULL);
  act (game, "end-phase", NULL);
}

static const PhRoll *
only_roll (const PhEvent *e)
{
  g_assert_cmpuint (e->rolls->len, >=, 1);
  return g_ptr_array_index (e->rolls, 0);
}

/* Checks the state of @id after wound @letter, the first it took */
static void
assert_wounded (PhGame     *game,
                const char *id,
                char        letter)
{
  PhFigure *f = figure (game, id);
  char l[2] = { letter, '\0' };

  g_assert_cmpint (f->stats_kind, ==, PH_STATS_FEATHERSTONE);
  g_assert_cmpstr (f->stats.featherstone.wounds, ==, l);
  for (guint i = 0; i < G_N_ELEMENTS (effects); i++)
    {
      if (effects[i].letter != letter)
        continue;
      if (letter == 'A')
        {
          g_assert_true (f->status & PH_STATUS_DEAD);
          return;
        }
      g_assert_cmpint (f->stats.featherstone.serious_wounds, ==, effects[i].serious ? 1 : 0);
      g_assert_cmpint (f->stats.featherstone.light_wounds, ==, effects[i].serious ? 0 : 1);
      g_assert_cmpint (ph_game_get_figure_var_int (game, id, "no-move", 0), ==,
                       effects[i].no_move);
      g_assert_cmpint (ph_game_get_figure_var_int (game, id, "no-action", 0), ==,
                       effects[i].no_action);
      g_assert_cmpint (ph_game_get_figure_var_int (game, id, "knocked-out", 0), ==,
                       effects[i].knocked_out);
      g_assert_cmpstr (var (game, id, "movement"), ==, effects[i].movement);
      if (effects[i].serious || letter == 'F')
        g_assert_cmpint (f->stance, ==, PH_STANCE_LYING);
      return;
    }
  g_assert_not_reached ();
}

/* "Aimed fire - This takes two phases - first phase - adopt a firing
 * position; second phase - fire." */
static void
test_aimed_fire (void)
{
  g_autoptr(PhScenario) scenario = load_game_scenario (TABLE);
  g_autoptr(PhGame) game = new_game (scenario, 3);
  const PhRoll *roll;
  int row;

  /* No aimed shot without the phase of aiming */
  refuse (game, PH_GAME_ERROR_NOT_NOW, "aimed fire takes two phases", "shoot",
          "figure=s", "target=t", "fire=aimed", NULL);
  act (game, "aim", "figure=s", "target=t", NULL);
  g_assert_cmpstr (ph_game_get_var (game, "step"), ==, "fire");
  g_assert_cmpstr (var (game, "s", "aim-target"), ==, "t");
  g_assert_cmpint (ph_game_get_figure_var_int (game, "s", "aim-phase", 0), ==, 1);
  refuse (game, PH_GAME_ERROR_NOT_NOW, "in the phase before", "shoot", "figure=s",
          "target=t", "fire=aimed", NULL);
  act (game, "end-phase", NULL);
  g_assert_cmpstr (var (game, "s", "aim-target"), ==, "t");

  /* Phase 2: the Pathan runs on ("men on foot stop unless they move
   * again"); the aimed shot, the worked example's 70% */
  g_assert_cmpint (figure (game, "t")->stance, ==, PH_STANCE_STANDING);
  act (game, "move", "figure=t", "rate=run", NULL);
  refuse (game, PH_GAME_ERROR_NOT_NOW, "in the phase before", "shoot", "figure=s",
          "target=u", "fire=aimed", NULL);
  act (game, "shoot", "figure=s", "target=t", "fire=aimed", NULL);
  roll = only_roll (last_event (game));
  g_assert_cmpint (roll->n, ==, 1);
  g_assert_cmpint (roll->sides, ==, 100);
  g_assert_cmpint (roll->total, >=, 1);
  g_assert_cmpint (roll->total, <=, 100);
  if (strstr (roll->purpose, "hits on 70 or less") == NULL)
    g_error ("purpose: %s", roll->purpose);
  assert_log_contains (game, "Sgt Smith fired at Pathan (aimed fire, rifle): 150.0 paces, "
                       "medium range, target running 50%, veteran shooting +20: "
                       "needs 70 or less");
  g_assert_true (figure (game, "s")->status & PH_STATUS_FIRED);
  g_assert_null (var (game, "s", "aim-target"));
  g_assert_cmpstr (var (game, "s", "react-next"), ==, "fired");
  refuse (game, PH_GAME_ERROR_NOT_NOW, "already fired", "shoot", "figure=s",
          "target=u", "fire=snap", NULL);
  if (roll->total <= 70)
    {
      char letter = table_letter (70, roll->total, &row);
      g_autofree char *text = g_strdup_printf ("rolled %d: hit; casualty table, 70%% column, "
                                               "%d: %c", roll->total, row, letter);

      assert_log_contains (game, text);
      assert_wounded (game, "t", letter);
    }
  else
    {
      g_autofree char *text = g_strdup_printf ("rolled %d: miss", roll->total);

      assert_log_contains (game, text);
      g_assert_null (figure (game, "t")->stats.featherstone.wounds);
    }

  /* "A man must react on the phase after 1 Firing or throwing." */
  act (game, "end-phase", NULL);
  g_assert_true (figure (game, "s")->status & PH_STATUS_REACTING);
  g_assert_cmpstr (var (game, "s", "reacting-for"), ==, "fired");
  g_assert_false (figure (game, "s")->status & PH_STATUS_FIRED);
  assert_log_contains (game, "reacting: Sgt Smith (firing)");
  act (game, "end-phase", NULL);
  g_assert_false (figure (game, "s")->status & PH_STATUS_REACTING);
  g_assert_null (var (game, "s", "reacting-for"));
}

/* An aim spoilt by moving, an aim lost when not followed by the shot, and
 * snap fire after moving */
static void
test_aim_rules (void)
{
  g_autoptr(PhScenario) scenario = load_game_scenario (TABLE);
  g_autoptr(PhGame) game = new_game (scenario, 4);

  act (game, "move", "figure=s", "rate=walk", NULL);
  refuse (game, PH_GAME_ERROR_NOT_NOW, "moved this phase", "aim", "figure=s",
          "target=t", NULL);
  /* "A man may move or make an action while snap-firing." */
  act (game, "shoot", "figure=s", "target=u", "fire=snap", NULL);
  assert_log_contains (game, "(snap fire, rifle)");
  assert_log_contains (game, "shooter walking -10");
  act (game, "end-phase", NULL);

  aim_then_end (game, "t");
  /* Moving spoils the aim */
  act (game, "move", "figure=s", "rate=walk", NULL);
  assert_log_contains (game, "gives up his aim");
  g_assert_null (var (game, "s", "aim-target"));
  refuse (game, PH_GAME_ERROR_NOT_NOW, "in the phase before", "shoot", "figure=s",
          "target=t", "fire=aimed", NULL);
  act (game, "end-phase", NULL);

  /* An aim kept a phase without shooting is lost at the end of the next */
  aim_then_end (game, "t");
  g_assert_cmpstr (var (game, "s", "aim-target"), ==, "t");
  act (game, "end-phase", NULL);
  g_assert_null (var (game, "s", "aim-target"));
}

/* Finds the first seed from @from whose aimed shot from s at t (70%) rolls
 * what @want accepts */
static guint32
find_seed (PhScenario *base,
           guint32     from,
           gboolean  (*want) (int total))
{
  for (guint32 seed = from; seed < from + 5000; seed++)
    {
      g_autoptr(PhScenario) scenario = ph_scenario_copy (base);
      g_autoptr(PhGame) game = new_game (scenario, seed);
      const char *aim[] = { "figure=s", "target=t", NULL };
      const char *shoot[] = { "figure=s", "target=t", "fire=aimed", NULL };
      const char *none[] = { NULL };
      const char *run[] = { "figure=t", "rate=run", NULL };

      g_assert_true (ph_game_perform_argv (game, "aim", aim, NULL));
      g_assert_true (ph_game_perform_argv (game, "end-phase", none, NULL));
      g_assert_true (ph_game_perform_argv (game, "move", run, NULL));
      g_assert_true (ph_game_perform_argv (game, "shoot", shoot, NULL));
      if (want (only_roll (last_event (game))->total))
        return seed;
    }
  g_assert_not_reached ();
  return 0;
}

static gboolean want_18 (int total) { return total == 18; }

/* The text's worked example: 70%, scores 18, reads 24: B */
static void
test_worked_example (void)
{
  g_autoptr(PhScenario) base = load_game_scenario (TABLE);
  g_autoptr(PhScenario) scenario = ph_scenario_copy (base);
  guint32 seed = find_seed (base, 1, want_18);
  g_autoptr(PhGame) game = new_game (scenario, seed);

  aim_then_end (game, "t");
  act (game, "move", "figure=t", "rate=run", NULL);
  act (game, "shoot", "figure=s", "target=t", "fire=aimed", NULL);
  assert_log_contains (game, "rolled 18: hit; casualty table, 70% column, 24: B, "
                       "serious body wound: no movement or action for six phases");
  assert_wounded (game, "t", 'B');
  g_assert_cmpstr (var (game, "t", "no-charge"), ==, "true");
}

/* A 100% shot (Veteran, standing target at short range) always hits; the
 * missing table only stops the wound */
static void
test_missing_table (void)
{
  g_autoptr(PhScenario) scenario = load_game_scenario (NULL);
  g_autoptr(PhGame) game = new_game (scenario, 5);
  g_autofree char *before = NULL;

  aim_then_end (game, "u");
  before = ph_scenario_to_xml (scenario, NULL);
  act (game, "shoot", "figure=s", "target=u", NULL);
  assert_log_contains (game, "needs 100 or less");
  assert_log_contains (game, ": hit; no wound picked: the casualty table is in the book: "
                       "set the ruleset option casualty-table");
  g_assert_cmpuint (last_event (game)->rolls->len, ==, 1);
  g_assert_null (figure (game, "u")->stats.featherstone.wounds);
  g_assert_cmpint (figure (game, "u")->stats.featherstone.light_wounds, ==, 0);
  g_assert_cmpint (figure (game, "u")->stats.featherstone.serious_wounds, ==, 0);
  g_assert_null (var (game, "u", "no-action"));

  /* The referee applies the book's wound by hand */
  act (game, "wound", "figure=u", "letter=G", "cause=the book's table", NULL);
  assert_wounded (game, "u", 'G');
}

/* The same 100% shot with the table: the roll reads the 100% column */
static void
test_sure_hit (void)
{
  g_autoptr(PhScenario) scenario = load_game_scenario (TABLE);
  g_autoptr(PhGame) game = new_game (scenario, 6);
  const PhRoll *roll;
  char letter;
  int row;

  aim_then_end (game, "u");
  act (game, "shoot", "figure=s", "target=u", NULL);
  roll = only_roll (last_event (game));
  letter = table_letter (100, roll->total, &row);
  {
    g_autofree char *text = g_strdup_printf ("rolled %d: hit; casualty table, 100%% "
                                             "column, %d: %c", roll->total, row, letter);

    assert_log_contains (game, text);
  }
  assert_wounded (game, "u", letter);
}

/* "B Serious body wound. No movement or action for six phases. Then can
 * crawl or stagger only." */
static void
test_wound_durations (void)
{
  g_autoptr(PhScenario) scenario = load_game_scenario (TABLE);
  g_autoptr(PhGame) game = new_game (scenario, 7);

  act (game, "wound", "figure=u", "letter=B", NULL);
  assert_wounded (game, "u", 'B');
  assert_log_contains (game, "Pte Jones is wounded: B, serious body wound");
  /* Phases 2 to 7 follow the wound: no movement or action */
  for (int phase = 2; phase <= 7; phase++)
    {
      act (game, "end-phase", NULL);
      g_assert_cmpint (ph_game_get_var_int (game, "turn", 0), ==, phase);
      g_assert_cmpint (ph_game_get_figure_var_int (game, "u", "no-move", -1), ==, 7 - phase);
      g_assert_cmpint (ph_game_get_figure_var_int (game, "u", "no-action", -1), ==, 7 - phase);
      refuse (game, PH_GAME_ERROR_NOT_NOW, "cannot move (serious body wound, B)", "move",
              "figure=u", "rate=crawl", NULL);
      refuse (game, PH_GAME_ERROR_NOT_NOW, "can make no action (serious body wound, B)",
              "shoot", "figure=u", "target=s", "fire=snap", NULL);
    }
  refuse (game, PH_GAME_ERROR_NOT_NOW, "for this phase", "action", "figure=u",
          "what=get-up", NULL);
  act (game, "end-phase", NULL);
  g_assert_cmpint (ph_game_get_var_int (game, "turn", 0), ==, 8);
  g_assert_null (var (game, "u", "no-move"));
  g_assert_null (var (game, "u", "no-action"));
  g_assert_null (var (game, "u", "wound-effect"));
  assert_log_contains (game, "can move and act again: Pte Jones (crawl only)");
  /* "Then can crawl or stagger only"; "cannot charge or dive" */
  refuse (game, PH_GAME_ERROR_NOT_NOW, "crawl, stagger or limp only", "move",
          "figure=u", "rate=walk", NULL);
  refuse (game, PH_GAME_ERROR_NOT_NOW, "cannot dive", "action", "figure=u",
          "what=dive", NULL);
  act (game, "move", "figure=u", "rate=crawl", "x=61", "y=100", NULL);
  g_assert_cmpint (figure (game, "u")->stance, ==, PH_STANCE_LYING);
  /* "All actions take twice as long with a serious wound." */
  act (game, "action", "figure=u", "what=draw", NULL);
  act (game, "end-phase", NULL);
  g_assert_cmpstr (var (game, "u", "busy"), ==, "draw");
  refuse (game, PH_GAME_ERROR_NOT_NOW, "twice as long", "action", "figure=u",
          "what=kneel", NULL);
  act (game, "end-phase", NULL);
  act (game, "action", "figure=u", "what=kneel", NULL);

  /* A: dead */
  act (game, "wound", "figure=t", "letter=A", NULL);
  g_assert_true (figure (game, "t")->status & PH_STATUS_DEAD);
  refuse (game, PH_GAME_ERROR_NOT_NOW, "is dead", "move", "figure=t", "rate=walk", NULL);
}

/* F, G, H, C and J: the light wounds' shorter effects and the arms */
static void
test_light_wounds (void)
{
  g_autoptr(PhScenario) scenario = load_game_scenario (TABLE);
  g_autoptr(PhGame) game = new_game (scenario, 8);

  act (game, "wound", "figure=u", "letter=F", NULL);
  assert_wounded (game, "u", 'F');
  refuse (game, PH_GAME_ERROR_NOT_NOW, "knocked out", "action", "figure=u",
          "what=get-up", NULL);

  act (game, "wound", "figure=s", "letter=H", NULL);
  assert_wounded (game, "s", 'H');
  g_assert_cmpstr (var (game, "s", "dropped"), ==, "true");
  /* H takes no movement */
  act (game, "move", "figure=s", "rate=walk", NULL);
  refuse (game, PH_GAME_ERROR_NOT_NOW, "can make no action", "shoot", "figure=s",
          "target=t", "fire=snap", NULL);

  act (game, "wound", "figure=t", "letter=G", NULL);
  assert_wounded (game, "t", 'G');

  for (int i = 0; i < 4; i++)
    act (game, "end-phase", NULL);
  /* Phase 5: F's four phases (2 to 5) are not over yet */
  g_assert_cmpint (ph_game_get_figure_var_int (game, "u", "knocked-out", -1), ==, 0);
  refuse (game, PH_GAME_ERROR_NOT_NOW, "knocked out", "move", "figure=u",
          "rate=walk", NULL);
  /* H's phase is over, but the rifle lies on the ground */
  g_assert_null (var (game, "s", "no-action"));
  refuse (game, PH_GAME_ERROR_NOT_NOW, "pick it up first", "shoot", "figure=s",
          "target=t", "fire=snap", NULL);
  act (game, "action", "figure=s", "what=pick-up", NULL);
  g_assert_null (var (game, "s", "dropped"));
  act (game, "shoot", "figure=s", "target=h", "fire=snap", NULL);
  /* G: "Then all movement at half rate": walk 2 paces */
  g_assert_null (var (game, "t", "no-move"));
  act (game, "end-phase", NULL);
  assert_log_contains (game, "Pte Jones comes round");
  refuse (game, PH_GAME_ERROR_NOT_NOW, "can walk 2 paces", "move", "figure=t",
          "rate=walk", "x=173", "y=100", NULL);
  act (game, "move", "figure=t", "rate=walk", "x=172", "y=100", NULL);
  act (game, "move", "figure=u", "rate=walk", NULL);

  /* C: "Cannot use that arm again": no rifle, ever */
  act (game, "wound", "figure=u", "letter=C", NULL);
  g_assert_cmpstr (var (game, "u", "right-arm"), ==, "lost");
  g_assert_cmpint (figure (game, "u")->stats.featherstone.light_wounds, ==, 1);
  g_assert_cmpint (figure (game, "u")->stats.featherstone.serious_wounds, ==, 1);
  g_assert_cmpstr (figure (game, "u")->stats.featherstone.wounds, ==, "F C");
  for (int i = 0; i < 5; i++)
    act (game, "end-phase", NULL);
  act (game, "action", "figure=u", "what=pick-up", NULL);
  act (game, "end-phase", NULL);
  act (game, "end-phase", NULL);
  refuse (game, PH_GAME_ERROR_NOT_NOW, "cannot fire a rifle", "shoot", "figure=u",
          "target=s", "fire=snap", NULL);

  /* J: "cannot charge in that game" */
  act (game, "wound", "figure=t", "letter=J", NULL);
  act (game, "end-phase", NULL);
  act (game, "end-phase", NULL);
  refuse (game, PH_GAME_ERROR_NOT_NOW, "cannot charge", "move", "figure=t",
          "rate=charge", NULL);
}

/* "A man must react on the phase after ... 3 Each fresh sighting of the
 * enemy"; the engine applies "Average Reacting -10%" */
static void
test_reactions (void)
{
  g_autoptr(PhScenario) scenario = load_game_scenario (TABLE);
  g_autoptr(PhGame) game = new_game (scenario, 9);
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhAssessment) a = NULL;

  act (game, "react", "figure=u", "why=sighting", NULL);
  assert_log_contains (game, "Pte Jones must react on phase 2: a fresh sighting of the enemy");
  g_assert_false (figure (game, "u")->status & PH_STATUS_REACTING);
  act (game, "end-phase", NULL);
  g_assert_true (figure (game, "u")->status & PH_STATUS_REACTING);
  g_assert_cmpstr (var (game, "u", "reacting-for"), ==, "sighting");
  g_assert_null (var (game, "u", "react-next"));

  options.fire = PH_FIRE_SNAP;
  a = ph_test_assess (scenario, "u", "s", &options);
  ph_test_assert_modifiers (a, "average reacting", -10.0, NULL);
  act (game, "shoot", "figure=u", "target=s", "fire=snap", NULL);
  assert_log_contains (game, "average reacting -10: needs 70 or less");

  /* He fired: he reacts again in phase 3, then no more */
  act (game, "end-phase", NULL);
  g_assert_true (figure (game, "u")->status & PH_STATUS_REACTING);
  g_assert_cmpstr (var (game, "u", "reacting-for"), ==, "fired");
  act (game, "end-phase", NULL);
  g_assert_false (figure (game, "u")->status & PH_STATUS_REACTING);
  g_assert_null (var (game, "u", "reacting-for"));
  refuse (game, PH_GAME_ERROR_BAD_ACTION, "must be one of", "react", "figure=u",
          "why=boredom", NULL);
}

/* "Steps 1 and 2 are carried out for both men fighting, and both men then
 * thrown the dice. If one man hits then consult the Casualty Table" */
static void
test_melee (void)
{
  g_autoptr(PhScenario) scenario = load_game_scenario (TABLE);
  g_autoptr(PhGame) game = new_game (scenario, 11);
  const PhEvent *e;
  const PhRoll *rs, *rt;
  gboolean hit_s, hit_t;
  int row;

  refuse (game, PH_GAME_ERROR_BAD_ACTION, "Weapons Table", "melee", "figure=s",
          "target=t", "chance=50", NULL);
  /* s: 50 + 10 (Veteran v Average) + 20 (shield) = 80;
   * t: 40 - 10 (Average v Veteran) - 20 (opponent has shield) - 10 (one
   * extra opponent) = 0 */
  act (game, "melee", "figure=s", "target=t", "chance=50", "target-chance=40",
       "shield=true", "target-outnumbered=1", NULL);
  g_assert_cmpstr (ph_game_get_var (game, "step"), ==, "melee");
  e = last_event (game);
  g_assert_cmpuint (e->rolls->len, ==, 2);
  rs = g_ptr_array_index (e->rolls, 0);
  rt = g_ptr_array_index (e->rolls, 1);
  assert_log_contains (game, "Sgt Smith basic 50%, against an average +10, using shield +20: "
                       "needs 80 or less");
  assert_log_contains (game, "Pathan basic 40%, against a veteran -10, outnumbered -10, "
                       "opponent has shield -20: needs 0 or less");
  hit_s = rs->total <= 80;
  hit_t = rt->total <= 0;
  g_assert_false (hit_t);
  if (hit_s)
    {
      char letter = table_letter (80, rs->total, &row);
      g_autofree char *text = g_strdup_printf ("casualty table, 100%% column, %d: Pathan is "
                                               "wounded: %c", row, letter);
      PhFigure *t = figure (game, "t");

      assert_log_contains (game, text);
      g_assert_cmpint (ph_game_get_figure_var_int (game, "t", "melee-wounded", 0), ==, 1);
      if (letter >= 'F')
        {
          /* "light wounds in melee do not have the immediate effect stated" */
          g_assert_cmpint (t->stats.featherstone.light_wounds, ==, 1);
          g_assert_null (var (game, "t", "no-action"));
        }
    }
  else
    assert_log_contains (game, "neither hits");
  g_assert_true (figure (game, "s")->status & PH_STATUS_MELEE);
  g_assert_cmpstr (var (game, "s", "react-next"), ==, "melee");
  act (game, "next-step", NULL);
  refuse (game, PH_GAME_ERROR_NOT_NOW, "melee belongs to step 4", "melee", "figure=s",
          "target=t", "chance=50", "target-chance=40", NULL);
  act (game, "end-phase", NULL);
  g_assert_false (figure (game, "s")->status & PH_STATUS_MELEE);
  g_assert_cmpstr (var (game, "s", "reacting-for"), ==, "melee");
}

/* "Shooting at mounted men": the first letter says rider or mount */
static void
test_mounted (void)
{
  g_autoptr(PhScenario) scenario = load_game_scenario (TABLE);
  g_autoptr(PhGame) game = new_game (scenario, 10);
  const PhEvent *e;
  const PhRoll *roll;
  char letter;
  int row;

  aim_then_end (game, "h");
  act (game, "shoot", "figure=s", "target=h", NULL);
  e = last_event (game);
  roll = only_roll (e);
  /* Trotting at short range: 60% + 20 */
  assert_log_contains (game, "short range, target running 60%, veteran shooting +20: "
                       "needs 80 or less");
  if (roll->total > 80)
    {
      g_assert_cmpuint (e->rolls->len, ==, 1);
      return;
    }
  letter = table_letter (80, roll->total, &row);
  if (letter <= 'F')
    {
      const PhRoll *second = g_ptr_array_index (e->rolls, 1);

      g_assert_cmpuint (e->rolls->len, ==, 2);
      assert_log_contains (game, "hits the rider");
      if (second->total <= 99)
        assert_wounded (game, "h", table_letter (99, second->total, &row));
    }
  else if (letter <= 'H')
    {
      assert_log_contains (game, "mount hit and killed, rider thrown");
      g_assert_false (figure (game, "h")->mounted);
      g_assert_cmpuint (e->rolls->len, ==, 2);
    }
  else
    {
      assert_log_contains (game, "mount nicked");
      act (game, "end-phase", NULL);
      g_assert_cmpint (figure (game, "h")->stance, ==, PH_STANCE_WALKING);
    }
}

/* The option's format is checked when the scenario loads */
static void
test_table_format (void)
{
  static const struct { const char *value; const char *message; } bad[] = {
    { "true", "must start with its chance" },
    { "70: 7=A 24=B 60=J", "it must reach 70" },
    { "70: 24=A 7=B 70=J", "must go up" },
    { "70: 7=A 24=K 70=J", "a letter A to J" },
    { "70: 1-7=A 9-70=B", "must start at 8" },
    { "70: 7=A 70=J; 50: 50=J", "go up in chance" },
    { "70 7=A", "expected ':'" },
    { "70:", "has no rows" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (ph_ruleset_check_option (PH_RULESET_FEATHERSTONE, "casualty-table",
                                               bad[i].value, &error));
      g_assert_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID);
      if (strstr (error->message, bad[i].message) == NULL
          || strstr (error->message, "option 'casualty-table'") == NULL)
        g_error ("'%s': '%s' lacks '%s'", bad[i].value, error->message, bad[i].message);
    }
  g_assert_true (ph_ruleset_check_option (PH_RULESET_FEATHERSTONE, "casualty-table",
                                          TABLE, NULL));
  g_assert_true (ph_ruleset_check_option (PH_RULESET_FEATHERSTONE, "casualty-table",
                                          " 50 : 1-5 = A\n 50=J ; ", NULL));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/featherstone/phases", test_phases);
  g_test_add_func ("/game/featherstone/orders", test_orders);
  g_test_add_func ("/game/featherstone/aimed-fire", test_aimed_fire);
  g_test_add_func ("/game/featherstone/aim-rules", test_aim_rules);
  g_test_add_func ("/game/featherstone/worked-example", test_worked_example);
  g_test_add_func ("/game/featherstone/missing-table", test_missing_table);
  g_test_add_func ("/game/featherstone/sure-hit", test_sure_hit);
  g_test_add_func ("/game/featherstone/wound-durations", test_wound_durations);
  g_test_add_func ("/game/featherstone/light-wounds", test_light_wounds);
  g_test_add_func ("/game/featherstone/reactions", test_reactions);
  g_test_add_func ("/game/featherstone/melee", test_melee);
  g_test_add_func ("/game/featherstone/mounted", test_mounted);
  g_test_add_func ("/game/featherstone/table-format", test_table_format);

  return g_test_run ();
}
