/* ph-game-mayhem.c: a game of Musket Mayhem (Rob Dean and Ross Macfarlane,
 * draft of 21 October 2011), as ../shared/rules/musket-mayhem.txt reads
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
 * "courage-check" for the other triggers.  docs/game-mayhem.md lists every
 * action and variable with the rule text it follows.
 *
 * All state changes go through the game's setters inside the open event:
 * nothing here undoes anything.
 */
#include <math.h>
#include <string.h>

#include "ph-core.h"

/* Game phases ("phase") */
#define PHASE_INITIATIVE "initiative"
#define PHASE_CHOOSE "choose-order"
#define PHASE_DRAW "draw"
#define PHASE_MOVE "move"
#define PHASE_MELEE "melee"
#define PHASE_TURN_OVER "turn-over"

/* Per-figure variables */
#define VAR_REACH "move-reach"
#define VAR_ORIGIN "move-origin"
#define VAR_RELOADED "reloaded"
#define VAR_STAND_STILL "stand-still"
#define VAR_CASUALTY "casualty-checked"
#define VAR_SHOT "shot"
#define VAR_SMOKE "smoke-puffs"

/* "When gun fires, place 3 smoke puffs." */
#define SMOKE_PUFFS 3
/* "A trained crew of 3 or more (with a leader counting as two figures)" */
#define GUN_CREW_NEEDED 3
/* "A group consists of figures separated by up to 1" between adjacent
 * figures": crew this close to their gun serve it */
#define GUN_CREW_DISTANCE 1.0
/* "Impact Die ... 6 Target killed" */
#define IMPACT_KILLS 6
/* Distances compared in inches: a measured 9 in is 9 in */
#define DISTANCE_SLACK 1e-6

/* "Basic Courage values are: ... 3: ordinary soldiers" and the file's
 * defaults for a figure without <mayhem> */
#define DEFAULT_COURAGE 3
#define DEFAULT_ARMAMENT 5

typedef enum
{
  TRIGGER_CASUALTY,
  TRIGGER_CHARGE_ORDERED,
  TRIGGER_CHARGED,
  TRIGGER_HIT,
  TRIGGER_LEADER_KILLED,
} Trigger;

static const char * const trigger_names[] = {
  "casualty", "charge-ordered", "charged", "hit", "leader-killed", NULL
};

/* In the referee's words, for the log */
static const char * const trigger_words[] = {
  "a figure of the group killed",
  "ordered to charge",
  "charged",
  "hit without being killed",
  "leader killed",
};

static const PhGameActionInfo actions[] = {
  { "initiative", "Dice for initiative",
    "[winner-goes=first|second]",
    "Each side rolls a d6; the winner chooses to go first or second; a tie "
    "repeats the previous turn's order (two sides)" },
  { "choose-order", "Choose the order",
    "go=first|second",
    "The initiative winner goes first or second" },
  { "draw-card", "Draw a card",
    "",
    "Three sides or more: draw the next side's card from the deck of one "
    "card per side" },
  { "roll-move", "Roll movement dice",
    "figure [group=bool] [terrain=open|woods|difficult] [mounted-open=bool] "
    "[hero=bool] [with=text]",
    "3d6 in as an individual, 2d6 as a group or woodsmen in woods, 1d6 "
    "across an obstacle or through woods; +2d6 mounted in the open, +1d6 "
    "hero; with: the group's other figure ids" },
  { "move", "Move",
    "figure x=number y=number [facing=number]",
    "Moves the figure to (x, y), no farther from where it started than its "
    "movement dice allow" },
  { "shoot", "Shoot",
    "figure target [weapon=number] [also=text] [use-reroll=bool] "
    "[use-save=bool]",
    "A figure of an inactive side fires once during the enemy's move: skill "
    "die, then impact die (kill or courage check); also: more targets of a "
    "gun's canister cone or roundshot line" },
  { "reload", "Reload",
    "figure [weapon=number]",
    "Reloads a gunpowder weapon: an action by a figure which does not move "
    "during its own turn" },
  { "courage-check", "Courage check",
    "figure [trigger=casualty|charge-ordered|charged|hit|leader-killed] "
    "[group=text] [from=text] [use-reroll=bool] [use-save=bool]",
    "d6 against the group's highest courage; failing, a charge stands "
    "still, otherwise each figure runs off or retreats 2d6 in away from "
    "the threat (from: a figure id or x,y)" },
  { "melee", "Melee",
    "figure target [rear-or-side=bool] [superior=bool] [shock=bool] "
    "[bayonet-vs-shorter=bool] [target-superior=bool] [target-shock=bool] "
    "[target-bayonet-vs-shorter=bool] [use-reroll=bool] [use-save=bool]",
    "Opposed skill dice with modifiers; the higher scorer rolls a results "
    "die against his armament: at or over it removes the loser, else the "
    "loser checks courage" },
  { "end-activation", "End the side's go",
    "",
    "The active side has moved and fought: the next side goes" },
  { "end-turn", "End the turn",
    "",
    "Clears the turn's movement, reloads and checks; crews clear one smoke "
    "puff from their guns; the next turn dices for initiative" },
  { NULL, NULL, NULL, NULL }
};

/* ---------------------------------------------------------------------- */
/* Small helpers                                                          */

static gboolean G_GNUC_PRINTF (3, 4)
fail (GError      **error,
      PhGameError   code,
      const char   *format,
      ...)
{
  va_list ap;
  g_autofree char *message = NULL;

  va_start (ap, format);
  message = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error_literal (error, PH_GAME_ERROR, code, message);
  return FALSE;
}

static const char *
fig_name (const PhFigure *figure)
{
  return ph_figure_display_name (figure);
}

static const char *
side_name (PhScenario *scenario,
           const char *side_id)
{
  PhSide *side = side_id != NULL ? ph_scenario_find_side (scenario, side_id) : NULL;

  if (side == NULL)
    return side_id != NULL ? side_id : "?";
  return side->name != NULL ? side->name : side->id;
}

/* Table units per inch: the rules are written in inches */
static double
units_per_inch (PhScenario *scenario)
{
  return scenario->table.unit == PH_UNIT_CM ? 2.54 : 1.0;
}

static int
courage_of (const PhFigure *figure)
{
  return figure->stats_kind == PH_STATS_MAYHEM
    ? figure->stats.mayhem.courage : DEFAULT_COURAGE;
}

static int
armament_of (const PhFigure *figure)
{
  return figure->stats_kind == PH_STATS_MAYHEM
    ? figure->stats.mayhem.armament : DEFAULT_ARMAMENT;
}

static int
saves_of (const PhFigure *figure)
{
  return figure->stats_kind == PH_STATS_MAYHEM ? figure->stats.mayhem.saves : 0;
}

static int
rerolls_of (const PhFigure *figure)
{
  return figure->stats_kind == PH_STATS_MAYHEM ? figure->stats.mayhem.rerolls : 0;
}

static gboolean
is_gun_kind (PhWeaponKind kind)
{
  return kind == PH_WEAPON_CANISTER || kind == PH_WEAPON_ROUNDSHOT;
}

static gboolean
is_gun (const PhFigure *figure)
{
  for (guint i = 0; i < figure->weapons->len; i++)
    if (is_gun_kind (g_array_index (figure->weapons, PhWeapon, i).kind))
      return TRUE;
  return FALSE;
}

/* "Impact Die (+1 for muskets and rifles, +2 for canister, +3 for
 * roundshot)": the engine gives only the skill die's modifiers and the
 * kill chance, so the impact modifier is read off the text here. */
static int
impact_modifier (PhWeaponKind kind)
{
  switch (kind)
    {
    case PH_WEAPON_MUSKET:
    case PH_WEAPON_RIFLE:
      return 1;
    case PH_WEAPON_CANISTER:
      return 2;
    case PH_WEAPON_ROUNDSHOT:
      return 3;
    default:
      return 0;
    }
}

/* Boolean argument: absent gives @fallback */
static gboolean
arg_bool (GHashTable  *args,
          const char  *key,
          gboolean     fallback,
          gboolean    *out,
          GError     **error)
{
  const char *value = g_hash_table_lookup (args, key);

  if (value == NULL || *value == '\0')
    *out = fallback;
  else if (g_ascii_strcasecmp (value, "true") == 0
           || g_ascii_strcasecmp (value, "yes") == 0
           || strcmp (value, "1") == 0)
    *out = TRUE;
  else if (g_ascii_strcasecmp (value, "false") == 0
           || g_ascii_strcasecmp (value, "no") == 0
           || strcmp (value, "0") == 0)
    *out = FALSE;
  else
    return fail (error, PH_GAME_ERROR_BAD_ACTION,
                 "%s must be true or false, not \"%s\"", key, value);
  return TRUE;
}

/* Choice argument: the index of its value in @choices, or @fallback when
 * absent (-1 there: the argument is required) */
static gboolean
arg_choice (GHashTable         *args,
            const char         *key,
            const char * const *choices,
            int                 fallback,
            int                *out,
            GError            **error)
{
  const char *value = g_hash_table_lookup (args, key);
  g_autofree char *list = NULL;

  if (value == NULL || *value == '\0')
    {
      if (fallback < 0)
        {
          list = g_strjoinv ("|", (char **) choices);
          return fail (error, PH_GAME_ERROR_BAD_ACTION,
                       "%s=%s is needed", key, list);
        }
      *out = fallback;
      return TRUE;
    }
  for (int i = 0; choices[i] != NULL; i++)
    if (strcmp (choices[i], value) == 0)
      {
        *out = i;
        return TRUE;
      }
  list = g_strjoinv (", ", (char **) choices);
  return fail (error, PH_GAME_ERROR_BAD_ACTION,
               "%s must be one of %s, not \"%s\"", key, list, value);
}

static gboolean
parse_number (const char *value,
              double     *out)
{
  char *end = NULL;
  double d;

  if (value == NULL || *value == '\0')
    return FALSE;
  d = g_ascii_strtod (value, &end);
  if (end == value || *end != '\0' || !isfinite (d))
    return FALSE;
  *out = d;
  return TRUE;
}

static gboolean
arg_number (GHashTable  *args,
            const char  *key,
            gboolean     required,
            gboolean    *present,
            double      *out,
            GError     **error)
{
  const char *value = g_hash_table_lookup (args, key);

  *present = FALSE;
  if (value == NULL || *value == '\0')
    {
      if (required)
        return fail (error, PH_GAME_ERROR_BAD_ACTION, "%s=NUMBER is needed", key);
      return TRUE;
    }
  if (!parse_number (value, out))
    return fail (error, PH_GAME_ERROR_BAD_ACTION,
                 "%s must be a number, not \"%s\"", key, value);
  *present = TRUE;
  return TRUE;
}

/* A figure named by argument @key, on the table */
static PhFigure *
arg_figure (PhGame      *game,
            GHashTable  *args,
            const char  *key,
            GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *id = g_hash_table_lookup (args, key);
  PhFigure *figure;

  if (id == NULL || *id == '\0')
    {
      fail (error, PH_GAME_ERROR_BAD_ACTION, "%s=ID is needed", key);
      return NULL;
    }
  figure = ph_scenario_find_figure (scenario, id);
  if (figure == NULL)
    {
      fail (error, PH_GAME_ERROR_BAD_ACTION, "no figure \"%s\"", id);
      return NULL;
    }
  if (ph_figure_is_off_table (figure))
    {
      fail (error, PH_GAME_ERROR_NOT_NOW, "%s is %s",
            fig_name (figure),
            (figure->status & PH_STATUS_DEAD) ? "dead" : "gone (ran off)");
      return NULL;
    }
  return figure;
}

/* A list of figure ids (commas or spaces between them) as figures on the
 * table, without @first if it is repeated */
static GPtrArray *
parse_figure_list (PhGame          *game,
                   const char      *key,
                   const char      *value,
                   const PhFigure  *first,
                   GError         **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autoptr (GPtrArray) list = g_ptr_array_new ();
  g_auto (GStrv) ids = NULL;

  if (first != NULL)
    g_ptr_array_add (list, (gpointer) first);
  if (value == NULL)
    return g_steal_pointer (&list);

  ids = g_strsplit_set (value, ", ", -1);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      PhFigure *figure;

      if (*ids[i] == '\0')
        continue;
      figure = ph_scenario_find_figure (scenario, ids[i]);
      if (figure == NULL)
        {
          fail (error, PH_GAME_ERROR_BAD_ACTION, "%s: no figure \"%s\"", key, ids[i]);
          return NULL;
        }
      if (ph_figure_is_off_table (figure))
        {
          fail (error, PH_GAME_ERROR_NOT_NOW, "%s: %s is off the table",
                key, fig_name (figure));
          return NULL;
        }
      if (!g_ptr_array_find (list, figure, NULL))
        g_ptr_array_add (list, figure);
    }
  return g_steal_pointer (&list);
}

static gboolean
set_attr_number (PhGame      *game,
                 PhFigure    *figure,
                 const char  *attr,
                 double       value,
                 GError     **error)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* Positions to a hundredth of a unit, as a referee measures */
  value = round (value * 100.0) / 100.0;
  if (value == 0.0)
    value = 0.0; /* no "-0" */
  return ph_game_set_figure_attr (game, figure->id, attr,
                                  g_ascii_dtostr (buf, sizeof buf, value), error);
}

static void
clear_figure_var (PhGame     *game,
                  PhFigure   *figure,
                  const char *key)
{
  if (ph_game_get_figure_var (game, figure->id, key) != NULL)
    ph_game_set_figure_var (game, figure->id, key, NULL);
}

static void
set_status (PhGame   *game,
            PhFigure *figure,
            PhStatus  flag,
            gboolean  on)
{
  if (((figure->status & flag) != 0) != on)
    ph_game_set_status (game, figure->id, flag, on);
}

/* Spends one of the figure's "mayhem.saves" or "mayhem.rerolls" tokens */
static gboolean
spend_token (PhGame      *game,
             PhFigure    *figure,
             const char  *attr,
             int          have,
             GError     **error)
{
  char buf[16];

  g_snprintf (buf, sizeof buf, "%d", have - 1);
  return ph_game_set_figure_attr (game, figure->id, attr, buf, error);
}

/* The sides in file order */
static GPtrArray *
side_ids (PhScenario *scenario)
{
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; i < scenario->sides->len; i++)
    g_ptr_array_add (ids, ((PhSide *) g_ptr_array_index (scenario->sides, i))->id);
  return ids;
}

static gboolean
uses_cards (PhScenario *scenario)
{
  return scenario->sides->len > 2;
}

static const char *
active_side (PhGame *game)
{
  return ph_game_get_var (game, "active-side");
}

/* The active side's figure, in its movement (or also its melee) */
static gboolean
check_own_turn (PhGame          *game,
                const PhFigure  *figure,
                gboolean         melee_too,
                GError         **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *phase = ph_game_get_var (game, "phase");
  const char *active = active_side (game);

  if (active == NULL
      || (g_strcmp0 (phase, PHASE_MOVE) != 0
          && !(melee_too && g_strcmp0 (phase, PHASE_MELEE) == 0)))
    {
      if (g_strcmp0 (phase, PHASE_MELEE) == 0)
        return fail (error, PH_GAME_ERROR_NOT_NOW,
                     "%s's movement is over: hand-to-hand combat has begun",
                     side_name (scenario, active));
      return fail (error, PH_GAME_ERROR_NOT_NOW,
                   "no side is moving now (%s)",
                   phase != NULL ? phase : "the game has not started");
    }
  if (g_strcmp0 (figure->side, active) != 0)
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "%s is not of the active side (%s is moving)",
                 fig_name (figure), side_name (scenario, active));
  return TRUE;
}

/* Starts @side's go */
static void
begin_side (PhGame     *game,
            const char *side)
{
  ph_game_set_var (game, "active-side", side);
  ph_game_set_var (game, "phase", PHASE_MOVE);
}

/* ---------------------------------------------------------------------- */
/* Start and describe                                                     */

static void
fill_deck (PhGame *game)
{
  g_autoptr (GPtrArray) ids = side_ids (ph_game_get_scenario (game));
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
  if (uses_cards (scenario))
    {
      /* "activation will be by card draw from a deck with one card per
       * player" */
      fill_deck (game);
      ph_game_set_var (game, "phase", PHASE_DRAW);
      ph_game_log (game, "Turn 1: %u sides, activation by card draw",
                   scenario->sides->len);
    }
  else
    {
      ph_game_set_var (game, "phase", PHASE_INITIATIVE);
      ph_game_log (game, "Turn 1: the sides dice for initiative");
    }
  return TRUE;
}

static char *
mayhem_describe (PhGame *game)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  int turn = ph_game_get_var_int (game, "turn", 1);
  const char *phase = ph_game_get_var (game, "phase");
  const char *active = active_side (game);

  if (g_strcmp0 (phase, PHASE_INITIATIVE) == 0)
    return g_strdup_printf ("Turn %d - dice for initiative", turn);
  if (g_strcmp0 (phase, PHASE_CHOOSE) == 0)
    return g_strdup_printf ("Turn %d - %s won the initiative: go first or second?",
                            turn, side_name (scenario,
                                             ph_game_get_var (game, "initiative-winner")));
  if (g_strcmp0 (phase, PHASE_DRAW) == 0)
    {
      g_auto (GStrv) deck = g_strsplit (ph_game_get_var (game, "deck") != NULL
                                        ? ph_game_get_var (game, "deck") : "", " ", -1);
      guint n = 0;

      for (guint i = 0; deck[i] != NULL; i++)
        if (*deck[i] != '\0')
          n++;
      return g_strdup_printf ("Turn %d - draw a card (%u left)", turn, n);
    }
  if (g_strcmp0 (phase, PHASE_MOVE) == 0)
    return g_strdup_printf ("Turn %d - %s moving, the others may shoot",
                            turn, side_name (scenario, active));
  if (g_strcmp0 (phase, PHASE_MELEE) == 0)
    return g_strdup_printf ("Turn %d - %s: hand-to-hand combat",
                            turn, side_name (scenario, active));
  if (g_strcmp0 (phase, PHASE_TURN_OVER) == 0)
    return g_strdup_printf ("Turn %d - every side has gone: end the turn", turn);
  return g_strdup_printf ("Turn %d", turn);
}

/* ---------------------------------------------------------------------- */
/* Initiative and cards                                                   */

/* Sets the turn's order, the first side to go */
static void
set_order (PhGame     *game,
           const char *first,
           const char *second)
{
  g_autofree char *order = g_strdup_printf ("%s %s", first, second);

  ph_game_set_var (game, "order", order);
  ph_game_set_var (game, "initiative-winner", NULL);
  begin_side (game, first);
}

static gboolean
do_initiative (PhGame      *game,
               GHashTable  *args,
               GError     **error)
{
  static const char * const goes[] = { "first", "second", NULL };
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autoptr (GPtrArray) ids = side_ids (scenario);
  g_autoptr (GString) text = g_string_new (NULL);
  const char *previous = ph_game_get_var (game, "order");
  int turn = ph_game_get_var_int (game, "turn", 1);
  int winner_goes = -1;
  const char *a, *b;
  const char *winner = NULL, *loser = NULL;

  if (g_strcmp0 (ph_game_get_var (game, "phase"), PHASE_INITIATIVE) != 0)
    {
      if (uses_cards (scenario))
        return fail (error, PH_GAME_ERROR_NOT_NOW,
                     "with %u sides, activation is by card draw, not initiative dice",
                     scenario->sides->len);
      return fail (error, PH_GAME_ERROR_NOT_NOW,
                   "initiative has already been settled this turn");
    }
  if (g_hash_table_lookup (args, "winner-goes") != NULL
      && !arg_choice (args, "winner-goes", goes, -1, &winner_goes, error))
    return FALSE;

  if (ids->len == 0)
    return fail (error, PH_GAME_ERROR_NOT_NOW, "the scenario has no sides");
  if (ids->len == 1)
    {
      a = g_ptr_array_index (ids, 0);
      ph_game_set_var (game, "order", a);
      begin_side (game, a);
      ph_game_log (game, "Turn %d: %s is the only side and goes", turn,
                   side_name (scenario, a));
      return TRUE;
    }

  a = g_ptr_array_index (ids, 0);
  b = g_ptr_array_index (ids, 1);
  g_string_append_printf (text, "Turn %d initiative:", turn);
  for (;;)
    {
      const PhRoll *ra = ph_game_roll (game, 1, 6, NULL, "initiative: %s",
                                       side_name (scenario, a));
      const PhRoll *rb = ph_game_roll (game, 1, 6, NULL, "initiative: %s",
                                       side_name (scenario, b));
      int va = ra->total, vb = rb->total;

      g_string_append_printf (text, " %s %d, %s %d", side_name (scenario, a), va,
                              side_name (scenario, b), vb);
      if (va != vb)
        {
          winner = va > vb ? a : b;
          loser = va > vb ? b : a;
          break;
        }
      /* "If there is a tie, repeat the previous turn's sequence." */
      if (previous != NULL)
        {
          g_auto (GStrv) order = g_strsplit (previous, " ", -1);

          if (g_strv_length (order) == 2)
            {
              g_string_append_printf (text, ": a tie, the previous turn's order "
                                      "is repeated: %s first, then %s",
                                      side_name (scenario, order[0]),
                                      side_name (scenario, order[1]));
              set_order (game, order[0], order[1]);
              ph_game_log (game, "%s", text->str);
              return TRUE;
            }
        }
      /* The first turn has no previous order: dice again */
      g_string_append (text, ": a tie with no previous order, dice again;");
    }

  g_string_append_printf (text, ": %s wins", side_name (scenario, winner));
  if (winner_goes >= 0)
    {
      const char *first = winner_goes == 0 ? winner : loser;
      const char *second = winner_goes == 0 ? loser : winner;

      g_string_append_printf (text, " and goes %s: %s first, then %s",
                              goes[winner_goes], side_name (scenario, first),
                              side_name (scenario, second));
      set_order (game, first, second);
    }
  else
    {
      /* "Winner chooses to go first or second." */
      g_string_append (text, " and chooses to go first or second");
      ph_game_set_var (game, "initiative-winner", winner);
      ph_game_set_var (game, "phase", PHASE_CHOOSE);
    }
  ph_game_log (game, "%s", text->str);
  return TRUE;
}

static gboolean
do_choose_order (PhGame      *game,
                 GHashTable  *args,
                 GError     **error)
{
  static const char * const goes[] = { "first", "second", NULL };
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autoptr (GPtrArray) ids = side_ids (scenario);
  const char *winner = ph_game_get_var (game, "initiative-winner");
  const char *loser = NULL;
  g_autofree char *winner_id = NULL;
  int go;

  if (g_strcmp0 (ph_game_get_var (game, "phase"), PHASE_CHOOSE) != 0
      || winner == NULL)
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "nobody is choosing the order now: dice for initiative first");
  if (!arg_choice (args, "go", goes, -1, &go, error))
    return FALSE;

  winner_id = g_strdup (winner);
  for (guint i = 0; i < ids->len; i++)
    if (strcmp (g_ptr_array_index (ids, i), winner_id) != 0)
      loser = g_ptr_array_index (ids, i);
  if (loser == NULL)
    return fail (error, PH_GAME_ERROR_NOT_NOW, "no other side to go");

  if (go == 0)
    set_order (game, winner_id, loser);
  else
    set_order (game, loser, winner_id);
  ph_game_log (game, "%s chooses to go %s: %s moves first",
               side_name (scenario, winner_id), goes[go],
               side_name (scenario, go == 0 ? winner_id : loser));
  return TRUE;
}

static gboolean
do_draw_card (PhGame      *game,
              GHashTable  *args,
              GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *deck_var = ph_game_get_var (game, "deck");
  const char *drawn = ph_game_get_var (game, "order");
  g_autoptr (GPtrArray) deck = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) cards = NULL;
  g_autofree char *card = NULL;
  g_autofree char *rest = NULL;
  g_autofree char *order = NULL;
  int pick;

  if (!uses_cards (scenario))
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "with two sides, the order is diced for (initiative), not drawn");
  if (g_strcmp0 (ph_game_get_var (game, "phase"), PHASE_DRAW) != 0)
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "%s is still active: end its go before the next card",
                 side_name (scenario, active_side (game)));

  cards = g_strsplit (deck_var != NULL ? deck_var : "", " ", -1);
  for (guint i = 0; cards[i] != NULL; i++)
    if (*cards[i] != '\0')
      g_ptr_array_add (deck, g_strdup (cards[i]));
  if (deck->len == 0)
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "the deck is empty: every side has gone, end the turn");

  /* A card drawn at random from what is left */
  pick = ph_game_random_int (game, deck->len) - 1;
  card = g_strdup (g_ptr_array_index (deck, pick));
  g_ptr_array_remove_index (deck, pick);
  g_ptr_array_add (deck, NULL);
  rest = g_strjoinv (" ", (char **) deck->pdata);
  order = drawn != NULL && *drawn != '\0'
    ? g_strdup_printf ("%s %s", drawn, card) : g_strdup (card);

  ph_game_set_var (game, "deck", *rest != '\0' ? rest : NULL);
  ph_game_set_var (game, "card-up", card);
  ph_game_set_var (game, "order", order);
  begin_side (game, card);
  ph_game_log (game, "Card drawn: %s goes (%u card%s left)",
               side_name (scenario, card), deck->len - 1,
               deck->len - 1 == 1 ? "" : "s");
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Movement                                                               */

/* "Indians or frontiersmen etc. in woods" */
static gboolean
is_woodsman (const PhFigure *figure)
{
  return figure->troop == PH_TROOP_INDIAN || figure->troop == PH_TROOP_GUERRILLA;
}

static gboolean
check_may_move (PhGame          *game,
                const PhFigure  *figure,
                GError         **error)
{
  if (!check_own_turn (game, figure, FALSE, error))
    return FALSE;
  if (ph_game_get_figure_var (game, figure->id, VAR_STAND_STILL) != NULL)
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "%s failed courage when ordered to charge and stands still this turn",
                 fig_name (figure));
  if (ph_game_get_figure_var (game, figure->id, VAR_RELOADED) != NULL)
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "%s reloaded this turn and may not move", fig_name (figure));
  return TRUE;
}

static gboolean
do_roll_move (PhGame      *game,
              GHashTable  *args,
              GError     **error)
{
  static const char * const terrains[] = { "open", "woods", "difficult", NULL };
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *figure = arg_figure (game, args, "figure", error);
  g_autoptr (GPtrArray) members = NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  const char *with;
  gboolean group, mounted_open, hero;
  int terrain;
  int base;
  const char *why;
  int reach;
  const PhRoll *roll;
  char origin[2 * G_ASCII_DTOSTR_BUF_SIZE + 1];
  char xs[G_ASCII_DTOSTR_BUF_SIZE];
  char ys[G_ASCII_DTOSTR_BUF_SIZE];

  if (figure == NULL)
    return FALSE;
  with = g_hash_table_lookup (args, "with");
  if (!arg_bool (args, "group", with != NULL && *with != '\0', &group, error)
      || !arg_choice (args, "terrain", terrains, 0, &terrain, error)
      || !arg_bool (args, "mounted-open", figure->mounted && terrain == 0,
                    &mounted_open, error)
      || !arg_bool (args, "hero", FALSE, &hero, error))
    return FALSE;
  if (!check_may_move (game, figure, error))
    return FALSE;
  members = parse_figure_list (game, "with", with, figure, error);
  if (members == NULL)
    return FALSE;
  for (guint i = 0; i < members->len; i++)
    {
      PhFigure *member = g_ptr_array_index (members, i);

      if (i > 0 && !check_may_move (game, member, error))
        return FALSE;
      if (ph_game_get_figure_var (game, member->id, VAR_REACH) != NULL)
        return fail (error, PH_GAME_ERROR_NOT_NOW,
                     "%s has already rolled its movement this turn (%s in)",
                     fig_name (member),
                     ph_game_get_figure_var (game, member->id, VAR_REACH));
    }
  if (mounted_open && !figure->mounted)
    return fail (error, PH_GAME_ERROR_BAD_ACTION, "%s is not mounted",
                 fig_name (figure));
  if (mounted_open && terrain != 0)
    return fail (error, PH_GAME_ERROR_BAD_ACTION,
                 "+2d6 is for mounted figures in the open, not terrain=%s",
                 terrains[terrain]);

  /* "3d6": If moving as an individual; 2d6": If movement begins as a group
   * ... or Indians or frontiersmen etc. in woods; 1d6": If crossing an
   * obstacle, going through a doorway, moving through woods or other
   * delaying terrain" */
  if (terrain == 2)
    {
      base = 1;
      why = "crossing an obstacle or delaying terrain";
    }
  else if (terrain == 1 && is_woodsman (figure))
    {
      base = 2;
      why = "Indians or frontiersmen in woods";
    }
  else if (terrain == 1)
    {
      base = 1;
      why = "moving through woods";
    }
  else if (group)
    {
      base = 2;
      why = "moving as a group";
    }
  else
    {
      base = 3;
      why = "moving as an individual";
    }

  roll = ph_game_roll (game, base, 6, figure->id, "movement: %dd6 in, %s", base, why);
  reach = roll->total;
  g_string_append_printf (text, "%s rolls movement: %dd6 %s = %d",
                          fig_name (figure), base, why, roll->total);
  if (mounted_open)
    {
      /* "+2d6" if mounted in the open." */
      roll = ph_game_roll (game, 2, 6, figure->id, "movement: +2d6 mounted in the open");
      reach += roll->total;
      g_string_append_printf (text, ", +2d6 mounted in the open = %d", roll->total);
    }
  if (hero)
    {
      /* "+1d6 bonus for specially designated heroes, etc. (Optional)" */
      roll = ph_game_roll (game, 1, 6, figure->id, "movement: +1d6 hero's bonus");
      reach += roll->total;
      g_string_append_printf (text, ", +1d6 hero = %d", roll->total);
    }
  g_string_append_printf (text, ": may move %d in", reach);

  for (guint i = 0; i < members->len; i++)
    {
      PhFigure *member = g_ptr_array_index (members, i);

      g_ascii_dtostr (xs, sizeof xs, member->x);
      g_ascii_dtostr (ys, sizeof ys, member->y);
      g_snprintf (origin, sizeof origin, "%s,%s", xs, ys);
      ph_game_set_figure_var_int (game, member->id, VAR_REACH, reach);
      ph_game_set_figure_var (game, member->id, VAR_ORIGIN, origin);
    }
  if (members->len > 1)
    {
      g_string_append (text, " (the group: ");
      for (guint i = 0; i < members->len; i++)
        g_string_append_printf (text, "%s%s", i > 0 ? ", " : "",
                                fig_name (g_ptr_array_index (members, i)));
      g_string_append (text, ")");
    }
  (void) scenario;
  ph_game_log (game, "%s", text->str);
  return TRUE;
}

static gboolean
parse_point (const char *value,
             double     *x,
             double     *y)
{
  g_auto (GStrv) parts = NULL;

  if (value == NULL)
    return FALSE;
  parts = g_strsplit (value, ",", -1);
  return g_strv_length (parts) == 2
    && parse_number (g_strstrip (parts[0]), x)
    && parse_number (g_strstrip (parts[1]), y);
}

static gboolean
do_move (PhGame      *game,
         GHashTable  *args,
         GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *figure = arg_figure (game, args, "figure", error);
  gboolean has_x, has_y, has_facing;
  double x = 0, y = 0, facing = 0;
  double ox, oy, dist;
  int reach;
  char d[32];

  if (figure == NULL)
    return FALSE;
  if (!arg_number (args, "x", TRUE, &has_x, &x, error)
      || !arg_number (args, "y", TRUE, &has_y, &y, error)
      || !arg_number (args, "facing", FALSE, &has_facing, &facing, error))
    return FALSE;
  if (!check_may_move (game, figure, error))
    return FALSE;
  if (ph_game_get_figure_var (game, figure->id, VAR_REACH) == NULL)
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "%s has not rolled its movement dice yet", fig_name (figure));
  reach = ph_game_get_figure_var_int (game, figure->id, VAR_REACH, 0);
  if (!parse_point (ph_game_get_figure_var (game, figure->id, VAR_ORIGIN), &ox, &oy))
    {
      ox = figure->x;
      oy = figure->y;
    }

  /* The roll is how far it may go this turn, measured from where it
   * started */
  dist = hypot (x - ox, y - oy) / units_per_inch (scenario);
  g_snprintf (d, sizeof d, "%.1f", dist);
  if (dist > reach + DISTANCE_SLACK)
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "%s may move %d in this turn: that is %s in from where it started",
                 fig_name (figure), reach, d);

  if (!set_attr_number (game, figure, "x", x, error)
      || !set_attr_number (game, figure, "y", y, error))
    return FALSE;
  if (has_facing && !set_attr_number (game, figure, "facing", facing, error))
    return FALSE;
  set_status (game, figure, PH_STATUS_MOVED, TRUE);
  ph_game_log (game, "%s moves %s in of its %d in", fig_name (figure), d, reach);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Courage                                                                */

/* Where the threat is: a figure id or "x,y"; NULL: the nearest enemy */
static gboolean
find_threat (PhGame          *game,
             const PhFigure  *figure,
             const char      *from,
             double          *tx,
             double          *ty,
             char           **what,
             GError         **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const PhFigure *nearest = NULL;
  double best = G_MAXDOUBLE;

  if (from != NULL && *from != '\0')
    {
      PhFigure *threat = ph_scenario_find_figure (scenario, from);

      if (threat != NULL)
        {
          *tx = threat->x;
          *ty = threat->y;
          *what = g_strdup (fig_name (threat));
          return TRUE;
        }
      if (parse_point (from, tx, ty))
        {
          *what = g_strdup_printf ("(%s)", from);
          return TRUE;
        }
      return fail (error, PH_GAME_ERROR_BAD_ACTION,
                   "from must be a figure id or x,y, not \"%s\"", from);
    }

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *other = g_ptr_array_index (scenario->figures, i);
      double d;

      if (g_strcmp0 (other->side, figure->side) == 0 || ph_figure_is_off_table (other))
        continue;
      d = hypot (other->x - figure->x, other->y - figure->y);
      if (d < best)
        {
          best = d;
          nearest = other;
        }
    }
  if (nearest == NULL)
    return fail (error, PH_GAME_ERROR_BAD_ACTION,
                 "no enemy to retreat from: give from=ID or from=x,y");
  *tx = nearest->x;
  *ty = nearest->y;
  *what = g_strdup (fig_name (nearest));
  return TRUE;
}

/* "they retreat 2d6"" directly away from the threat, kept on the table */
static gboolean
retreat (PhGame      *game,
         PhFigure    *figure,
         double       tx,
         double       ty,
         const char  *threat,
         GString     *text,
         GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const PhRoll *roll = ph_game_roll (game, 2, 6, figure->id,
                                     "courage: %s retreats 2d6 in", fig_name (figure));
  double dx = figure->x - tx, dy = figure->y - ty;
  double len = hypot (dx, dy);
  double d = roll->total * units_per_inch (scenario);
  double nx, ny;
  gboolean clamped = FALSE;

  if (len < 1e-9)
    {
      /* On top of the threat: back away from where it faces */
      double rad = figure->facing * G_PI / 180.0;

      dx = -sin (rad);
      dy = cos (rad);
      len = 1.0;
    }
  nx = figure->x + dx / len * d;
  ny = figure->y + dy / len * d;
  if (nx < 0 || ny < 0 || nx > scenario->table.width || ny > scenario->table.height)
    {
      nx = CLAMP (nx, 0, scenario->table.width);
      ny = CLAMP (ny, 0, scenario->table.height);
      clamped = TRUE;
    }
  g_string_append_printf (text, "retreats 2d6 = %d in away from %s%s",
                          roll->total, threat,
                          clamped ? " (stopped at the table edge)" : "");
  if (!set_attr_number (game, figure, "x", nx, error)
      || !set_attr_number (game, figure, "y", ny, error))
    return FALSE;
  set_status (game, figure, PH_STATUS_MELEE, FALSE);
  return TRUE;
}

/* "Roll one die vs. the highest courage value in the group (individuals
 * being a group of one). If the die is equal to or less than the courage
 * value then the group passes. If the score is higher then courage has
 * failed. If the group was ordered to charge then they stand still
 * instead. In the other four possible tests, roll again against each
 * individual's courage. If they roll higher than their courage, they run
 * off the board and are removed. Otherwise they retreat 2d6"."
 *
 * @group starts with the figure taking the check (whose tokens are spent);
 * @from names the threat (NULL: the nearest enemy). Appends to @text;
 * *used_save tells whether the save token went. */
static gboolean
courage_check (PhGame      *game,
               GPtrArray   *group,
               Trigger      trigger,
               const char  *from,
               gboolean     use_reroll,
               gboolean     use_save,
               GString     *text,
               GError     **error)
{
  PhFigure *figure = g_ptr_array_index (group, 0);
  const PhFigure *bravest = figure;
  const PhRoll *roll;
  int courage = courage_of (figure);
  int die;
  double tx = 0, ty = 0;
  g_autofree char *threat = NULL;

  for (guint i = 1; i < group->len; i++)
    {
      const PhFigure *member = g_ptr_array_index (group, i);

      if (courage_of (member) > courage)
        {
          courage = courage_of (member);
          bravest = member;
        }
    }

  /* Where a retreat would go, before any die is rolled */
  if (trigger != TRIGGER_CHARGE_ORDERED
      && !find_threat (game, figure, from, &tx, &ty, &threat, error))
    return FALSE;

  roll = ph_game_roll (game, 1, 6, figure->id, "courage check (%s): d6 vs courage %d",
                       trigger_words[trigger], courage);
  die = roll->total;
  if (group->len > 1)
    g_string_append_printf (text, "courage check for the group of %u (%s), "
                            "courage %d (%s): rolled %d",
                            group->len, trigger_words[trigger], courage,
                            fig_name (bravest), die);
  else
    g_string_append_printf (text, "courage check (%s), courage %d: rolled %d",
                            trigger_words[trigger], courage, die);

  if (die > courage && use_reroll && rerolls_of (figure) > 0)
    {
      if (!spend_token (game, figure, "mayhem.rerolls", rerolls_of (figure), error))
        return FALSE;
      roll = ph_game_roll (game, 1, 6, figure->id,
                           "courage check re-rolled (re-roll token): d6 vs courage %d",
                           courage);
      die = roll->total;
      g_string_append_printf (text, ", re-roll token: rolled %d", die);
    }
  if (die <= courage)
    {
      g_string_append (text, ": passes");
      return TRUE;
    }
  if (use_save && saves_of (figure) > 0)
    {
      /* "save tokens (canceling a death or morale failure)" */
      if (!spend_token (game, figure, "mayhem.saves", saves_of (figure), error))
        return FALSE;
      g_string_append (text, ": fails, but a save token cancels the failure");
      return TRUE;
    }

  if (trigger == TRIGGER_CHARGE_ORDERED)
    {
      g_string_append (text, ": fails, ");
      g_string_append (text, group->len > 1 ? "they stand still instead of charging"
                                            : "stands still instead of charging");
      for (guint i = 0; i < group->len; i++)
        ph_game_set_figure_var (game, ((PhFigure *) g_ptr_array_index (group, i))->id,
                                VAR_STAND_STILL, "true");
      return TRUE;
    }

  g_string_append (text, ": fails");
  for (guint i = 0; i < group->len; i++)
    {
      PhFigure *member = g_ptr_array_index (group, i);
      int own = courage_of (member);

      roll = ph_game_roll (game, 1, 6, member->id,
                           "courage: %s's own check, runs off above %d",
                           fig_name (member), own);
      g_string_append_printf (text, "; %s rolls %d against courage %d: ",
                              fig_name (member), roll->total, own);
      if (roll->total > own)
        {
          g_string_append (text, "runs off the board");
          set_status (game, member, PH_STATUS_MELEE, FALSE);
          set_status (game, member, PH_STATUS_FLED, TRUE);
        }
      else if (!retreat (game, member, tx, ty, threat, text, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
do_courage_check (PhGame      *game,
                  GHashTable  *args,
                  GError     **error)
{
  PhFigure *figure = arg_figure (game, args, "figure", error);
  g_autoptr (GPtrArray) group = NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  gboolean use_reroll, use_save;
  int trigger;

  if (figure == NULL)
    return FALSE;
  if (!arg_choice (args, "trigger", trigger_names, TRIGGER_HIT, &trigger, error)
      || !arg_bool (args, "use-reroll", FALSE, &use_reroll, error)
      || !arg_bool (args, "use-save", FALSE, &use_save, error))
    return FALSE;
  group = parse_figure_list (game, "group", g_hash_table_lookup (args, "group"),
                             figure, error);
  if (group == NULL)
    return FALSE;
  for (guint i = 1; i < group->len; i++)
    if (g_strcmp0 (((PhFigure *) g_ptr_array_index (group, i))->side, figure->side) != 0)
      return fail (error, PH_GAME_ERROR_BAD_ACTION, "%s is not of %s's side",
                   fig_name (g_ptr_array_index (group, i)), fig_name (figure));

  /* "A figure in a group is killed (only once per turn)" */
  if (trigger == TRIGGER_CASUALTY)
    {
      for (guint i = 0; i < group->len; i++)
        {
          PhFigure *member = g_ptr_array_index (group, i);

          if (ph_game_get_figure_var (game, member->id, VAR_CASUALTY) != NULL)
            return fail (error, PH_GAME_ERROR_NOT_NOW,
                         "%s has already checked courage for a casualty this turn",
                         fig_name (member));
        }
      for (guint i = 0; i < group->len; i++)
        ph_game_set_figure_var (game, ((PhFigure *) g_ptr_array_index (group, i))->id,
                                VAR_CASUALTY, "true");
    }

  g_string_append_printf (text, "%s: ", fig_name (figure));
  if (!courage_check (game, group, trigger, g_hash_table_lookup (args, "from"),
                      use_reroll, use_save, text, error))
    return FALSE;
  ph_game_set_event_figure (game, figure->id);
  ph_game_log (game, "%s", text->str);
  return TRUE;
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
  GVariant *v;

  for (guint i = 0; i < a->modifiers->len; i++)
    {
      const PhModifier *m = &g_array_index (a->modifiers, PhModifier, i);

      modifier += (int) lround (m->value);
      g_string_append_printf (mods, ", %s %+d", m->label, (int) lround (m->value));
    }
  v = g_variant_lookup_value (a->details, "skill_target", G_VARIANT_TYPE_INT32);
  need = v != NULL ? g_variant_get_int32 (v) : 4;
  g_clear_pointer (&v, g_variant_unref);

  g_snprintf (dist, sizeof dist, "%.1f", a->distance);
  g_string_append_printf (text, "%s fired at %s: %s in%s, %s, needs %d",
                          fig_name (shooter), fig_name (target), dist, mods->str,
                          a->cover == PH_COVER_HARD ? "hard cover"
                          : a->cover == PH_COVER_SOFT ? "soft cover" : "in the open",
                          need);

  /* "Roll a skill die for a potential hit on the target." */
  roll = ph_game_roll (game, 1, 6, shooter->id,
                       "skill die: %s at %s, needs %d with %+d",
                       fig_name (shooter), fig_name (target), need, modifier);
  die = roll->total;
  skill = die + modifier;
  g_string_append_printf (text, ", rolled %d", die);
  if (modifier != 0)
    g_string_append_printf (text, ", %+d = %d", modifier, skill);
  if (skill < need && use_reroll && rerolls_of (shooter) > 0)
    {
      if (!spend_token (game, shooter, "mayhem.rerolls", rerolls_of (shooter), error))
        return FALSE;
      roll = ph_game_roll (game, 1, 6, shooter->id,
                           "skill die re-rolled (re-roll token): needs %d with %+d",
                           need, modifier);
      die = roll->total;
      skill = die + modifier;
      g_string_append_printf (text, ", re-roll token: rolled %d", die);
      if (modifier != 0)
        g_string_append_printf (text, ", %+d = %d", modifier, skill);
    }
  if (skill < need)
    {
      g_string_append (text, ": miss");
      return TRUE;
    }

  /* "Impact Die (+1 for muskets and rifles, +2 for canister, +3 for
   * roundshot) 6 Target killed, 1-5 Target takes courage check" */
  impact_mod = impact_modifier (weapon->kind);
  if (shooter->stats_kind == PH_STATS_MAYHEM)
    impact_mod += shooter->stats.mayhem.impact_bonus;
  roll = ph_game_roll (game, 1, 6, target->id,
                       "impact die: %s, kills on %d with %+d",
                       ph_weapon_kind_to_string (weapon->kind), IMPACT_KILLS, impact_mod);
  g_string_append_printf (text, ": hit; impact die %d", roll->total);
  if (impact_mod != 0)
    g_string_append_printf (text, ", %+d = %d", impact_mod, roll->total + impact_mod);

  if (roll->total + impact_mod >= IMPACT_KILLS)
    {
      if (use_save && saves_of (target) > 0)
        {
          if (!spend_token (game, target, "mayhem.saves", saves_of (target), error))
            return FALSE;
          g_string_append_printf (text, ": killed, but %s spends a save token",
                                  fig_name (target));
          return TRUE;
        }
      g_string_append_printf (text, ": %s is killed", fig_name (target));
      set_status (game, target, PH_STATUS_MELEE, FALSE);
      set_status (game, target, PH_STATUS_DEAD, TRUE);
      return TRUE;
    }

  /* "A figure has taken a missile hit without being killed (individual
   * check, but taken at the group rate)" */
  {
    g_autoptr (GPtrArray) group = g_ptr_array_new ();

    g_ptr_array_add (group, target);
    g_string_append_printf (text, "; %s: ", fig_name (target));
    (void) scenario;
    return courage_check (game, group, TRIGGER_HIT, shooter->id, FALSE, use_save,
                          text, error);
  }
}

static gboolean
do_shoot (PhGame      *game,
          GHashTable  *args,
          GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *shooter = arg_figure (game, args, "figure", error);
  PhFigure *target;
  g_autoptr (GPtrArray) targets = NULL;
  g_autoptr (GPtrArray) assessments =
    g_ptr_array_new_with_free_func ((GDestroyNotify) ph_assessment_free);
  g_autoptr (GString) text = g_string_new (NULL);
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  const char *phase = ph_game_get_var (game, "phase");
  const char *active = active_side (game);
  const PhWeapon *weapon;
  guint weapon_index = 0;
  gboolean has_weapon;
  double weapon_arg = 0;
  gboolean use_reroll, use_save;
  char key[48];
  g_autoptr (GError) local = NULL;

  if (shooter == NULL)
    return FALSE;
  target = arg_figure (game, args, "target", error);
  if (target == NULL)
    return FALSE;
  if (!arg_number (args, "weapon", FALSE, &has_weapon, &weapon_arg, error)
      || !arg_bool (args, "use-reroll", FALSE, &use_reroll, error)
      || !arg_bool (args, "use-save", FALSE, &use_save, error))
    return FALSE;

  /* "The inactive player shoots at any point during the active player's
   * move." "Inactive players may shoot at targets belonging to the active
   * player during the active player's turn." */
  if (g_strcmp0 (phase, PHASE_MOVE) != 0 || active == NULL)
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "shooting is during the enemy's move, and no side is moving now");
  if (g_strcmp0 (shooter->side, active) == 0)
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "%s's side is moving: only the inactive side shoots, during the "
                 "enemy's move", fig_name (shooter));
  if (g_strcmp0 (target->side, active) != 0)
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "%s is not of the moving side (%s): targets belong to the active side",
                 fig_name (target), side_name (scenario, active));
  /* "may shoot once at any point during the enemy's movement" */
  if (ph_game_get_figure_var (game, shooter->id, VAR_SHOT) != NULL)
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "%s has already shot during this enemy move", fig_name (shooter));

  if (has_weapon)
    {
      if (weapon_arg < 0 || weapon_arg >= shooter->weapons->len
          || weapon_arg != floor (weapon_arg))
        return fail (error, PH_GAME_ERROR_BAD_ACTION,
                     "%s has no weapon %g (it carries %u)", fig_name (shooter),
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
            return fail (error, PH_GAME_ERROR_NOT_NOW, "%s has no missile weapon",
                         fig_name (shooter));
          weapon_index = (guint) (first - (const PhWeapon *) shooter->weapons->data);
        }
    }
  weapon = &g_array_index (shooter->weapons, PhWeapon, weapon_index);
  if (!ph_weapon_kind_is_missile (weapon->kind))
    return fail (error, PH_GAME_ERROR_BAD_ACTION, "%s's %s is not a missile weapon",
                 fig_name (shooter), ph_weapon_kind_to_string (weapon->kind));
  if (!weapon->loaded)
    return fail (error, PH_GAME_ERROR_NOT_NOW, "%s's %s is unloaded%s",
                 fig_name (shooter), ph_weapon_kind_to_string (weapon->kind),
                 is_gun_kind (weapon->kind) ? " (its crew are clearing the smoke)" : "");
  options.has_weapon = TRUE;
  options.weapon = weapon->kind;

  targets = parse_figure_list (game, "also", g_hash_table_lookup (args, "also"),
                               target, error);
  if (targets == NULL)
    return FALSE;
  /* "Canister: ... roll against all figures in a cone"; "Roundshot: ...
   * Roll against all figures along flight path" */
  if (targets->len > 1 && !is_gun_kind (weapon->kind))
    return fail (error, PH_GAME_ERROR_BAD_ACTION,
                 "only canister and roundshot fire at more than one figure");

  for (guint i = 0; i < targets->len; i++)
    {
      PhFigure *t = g_ptr_array_index (targets, i);
      PhAssessment *a;

      if (t == shooter)
        return fail (error, PH_GAME_ERROR_BAD_ACTION, "%s cannot shoot at itself",
                     fig_name (shooter));
      if (g_strcmp0 (t->side, active) != 0)
        return fail (error, PH_GAME_ERROR_NOT_NOW,
                     "%s is not of the moving side", fig_name (t));
      a = ph_engine_assess_figures (scenario, shooter, t, &options, &local);
      if (a == NULL)
        return fail (error, PH_GAME_ERROR_BAD_ACTION, "%s", local->message);
      g_ptr_array_add (assessments, a);
      if (!a->can_fire)
        {
          g_autoptr (GString) reasons = g_string_new (NULL);

          for (guint r = 0; r < a->reasons->len; r++)
            g_string_append_printf (reasons, "%s%s", r > 0 ? "; " : "",
                                    (char *) g_ptr_array_index (a->reasons, r));
          return fail (error, PH_GAME_ERROR_NOT_NOW, "%s cannot fire at %s: %s",
                       fig_name (shooter), fig_name (t), reasons->str);
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
      set_status (game, shooter, PH_STATUS_FIRED, TRUE);
    }
  if (is_gun_kind (weapon->kind))
    {
      ph_game_set_figure_var_int (game, shooter->id, VAR_SMOKE, SMOKE_PUFFS);
      g_string_append_printf (text, "; %d smoke puffs placed", SMOKE_PUFFS);
    }
  ph_game_set_event_figure (game, shooter->id);
  ph_game_log (game, "%s", text->str);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Reloading                                                              */

static gboolean
has_unloaded_gunpowder (const PhFigure *figure)
{
  for (guint i = 0; i < figure->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (figure->weapons, PhWeapon, i);

      if (ph_weapon_kind_is_gunpowder (w->kind) && !w->loaded)
        return TRUE;
    }
  return FALSE;
}

static gboolean
do_reload (PhGame      *game,
           GHashTable  *args,
           GError     **error)
{
  PhFigure *figure = arg_figure (game, args, "figure", error);
  gboolean has_weapon;
  double weapon_arg = 0;
  guint index;
  const PhWeapon *weapon = NULL;
  char key[48];

  if (figure == NULL)
    return FALSE;
  if (!arg_number (args, "weapon", FALSE, &has_weapon, &weapon_arg, error))
    return FALSE;
  /* "can be reloaded as an action by a figure which does not move during
   * its own turn" */
  if (!check_own_turn (game, figure, TRUE, error))
    return FALSE;
  if ((figure->status & PH_STATUS_MOVED)
      || ph_game_get_figure_var (game, figure->id, VAR_REACH) != NULL)
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "%s has moved (or rolled to move) this turn: only a figure "
                 "which does not move may reload", fig_name (figure));
  if (ph_game_get_figure_var (game, figure->id, VAR_RELOADED) != NULL)
    return fail (error, PH_GAME_ERROR_NOT_NOW, "%s has already reloaded this turn",
                 fig_name (figure));

  if (has_weapon)
    {
      if (weapon_arg < 0 || weapon_arg >= figure->weapons->len
          || weapon_arg != floor (weapon_arg))
        return fail (error, PH_GAME_ERROR_BAD_ACTION, "%s has no weapon %g",
                     fig_name (figure), weapon_arg);
      index = (guint) weapon_arg;
      weapon = &g_array_index (figure->weapons, PhWeapon, index);
    }
  else
    {
      for (index = 0; index < figure->weapons->len; index++)
        {
          const PhWeapon *w = &g_array_index (figure->weapons, PhWeapon, index);

          if (ph_weapon_kind_is_gunpowder (w->kind) && !w->loaded && !is_gun_kind (w->kind))
            {
              weapon = w;
              break;
            }
        }
      if (weapon == NULL)
        {
          if (has_unloaded_gunpowder (figure))
            return fail (error, PH_GAME_ERROR_NOT_NOW,
                         "%s is a gun: its crew clear one smoke puff a turn "
                         "(at the end of the turn)", fig_name (figure));
          return fail (error, PH_GAME_ERROR_NOT_NOW, "%s has nothing to reload",
                       fig_name (figure));
        }
    }
  if (is_gun_kind (weapon->kind))
    return fail (error, PH_GAME_ERROR_NOT_NOW,
                 "a gun is reloaded by its crew clearing one smoke puff a turn");
  if (!ph_weapon_kind_is_gunpowder (weapon->kind) || weapon->loaded)
    return fail (error, PH_GAME_ERROR_NOT_NOW, "%s's %s is not unloaded",
                 fig_name (figure), ph_weapon_kind_to_string (weapon->kind));

  g_snprintf (key, sizeof key, "weapon.%u.loaded", index);
  if (!ph_game_set_figure_attr (game, figure->id, key, "true", error))
    return FALSE;
  ph_game_set_figure_var (game, figure->id, VAR_RELOADED, "true");
  if (!has_unloaded_gunpowder (figure))
    set_status (game, figure, PH_STATUS_FIRED, FALSE);
  ph_game_set_event_figure (game, figure->id);
  ph_game_log (game, "%s reloads the %s and may not move this turn",
               fig_name (figure), ph_weapon_kind_to_string (weapon->kind));
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Melee                                                                  */

/* "+1 for troops armed with bayonets against opponents with shorter
 * weapons such as tomahawks": a bayonet against no bayonet, lance or
 * spear */
static gboolean
bayonet_vs_shorter (const PhFigure *figure,
                    const PhFigure *opponent)
{
  return ph_figure_find_weapon (figure, PH_WEAPON_BAYONET) != NULL
    && ph_figure_find_weapon (opponent, PH_WEAPON_BAYONET) == NULL
    && ph_figure_find_weapon (opponent, PH_WEAPON_LANCE) == NULL
    && ph_figure_find_weapon (opponent, PH_WEAPON_SPEAR) == NULL;
}

/* One side's skill die modifiers; "@prefix" is "" for the attacker and
 * "target-" for the defender */
static gboolean
melee_modifiers (GHashTable      *args,
                 const char      *prefix,
                 const PhFigure  *figure,
                 const PhFigure  *opponent,
                 gboolean         attacker,
                 int             *total,
                 GString         *words,
                 GError         **error)
{
  g_autofree char *k_superior = g_strconcat (prefix, "superior", NULL);
  g_autofree char *k_shock = g_strconcat (prefix, "shock", NULL);
  g_autofree char *k_bayonet = g_strconcat (prefix, "bayonet-vs-shorter", NULL);
  gboolean superior, shock, bayonet, rear = FALSE;

  if (!arg_bool (args, k_superior, figure->mounted && !opponent->mounted,
                 &superior, error)
      || !arg_bool (args, k_shock, figure->stats_kind == PH_STATS_MAYHEM
                    && figure->stats.mayhem.shock, &shock, error)
      || !arg_bool (args, k_bayonet, bayonet_vs_shorter (figure, opponent),
                    &bayonet, error))
    return FALSE;
  if (attacker && !arg_bool (args, "rear-or-side", FALSE, &rear, error))
    return FALSE;

  *total = 0;
  /* "+1 if leader" */
  if (figure->leader)
    {
      *total += 1;
      g_string_append (words, " +1 leader");
    }
  /* "+1 if defending an obstacle or in some other superior position (e.g.
   * up hill, at a stream bank, mounted)" */
  if (superior)
    {
      *total += 1;
      g_string_append (words, " +1 superior position");
    }
  /* "+2 if attacking from the rear or side." */
  if (rear)
    {
      *total += 2;
      g_string_append (words, " +2 rear or side");
    }
  /* "+1 if 'shock troops' eager to close and melee" */
  if (shock)
    {
      *total += 1;
      g_string_append (words, " +1 shock troops");
    }
  if (bayonet)
    {
      *total += 1;
      g_string_append (words, " +1 bayonet against a shorter weapon");
    }
  return TRUE;
}

static gboolean
do_melee (PhGame      *game,
          GHashTable  *args,
          GError     **error)
{
  PhFigure *attacker = arg_figure (game, args, "figure", error);
  PhFigure *defender;
  PhFigure *winner, *loser;
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GString) amods = g_string_new (NULL);
  g_autoptr (GString) dmods = g_string_new (NULL);
  const PhRoll *roll;
  gboolean use_reroll, use_save;
  int am, dm, adie, ddie, ascore, dscore, armament;

  if (attacker == NULL)
    return FALSE;
  defender = arg_figure (game, args, "target", error);
  if (defender == NULL)
    return FALSE;
  if (defender == attacker)
    return fail (error, PH_GAME_ERROR_BAD_ACTION, "%s cannot fight itself",
                 fig_name (attacker));
  if (!melee_modifiers (args, "", attacker, defender, TRUE, &am, amods, error)
      || !melee_modifiers (args, "target-", defender, attacker, FALSE, &dm, dmods, error)
      || !arg_bool (args, "use-reroll", FALSE, &use_reroll, error)
      || !arg_bool (args, "use-save", FALSE, &use_save, error))
    return FALSE;
  /* "he resolves movement group by group, and then resolves all
   * hand-to-hand combat figure by figure"; "The player whose turn it is
   * decides the order in which combats are fought." */
  if (!check_own_turn (game, attacker, TRUE, error))
    return FALSE;
  if (g_strcmp0 (defender->side, attacker->side) == 0)
    return fail (error, PH_GAME_ERROR_BAD_ACTION, "%s and %s are on the same side",
                 fig_name (attacker), fig_name (defender));

  if (g_strcmp0 (ph_game_get_var (game, "phase"), PHASE_MELEE) != 0)
    ph_game_set_var (game, "phase", PHASE_MELEE);
  set_status (game, attacker, PH_STATUS_MELEE, TRUE);
  set_status (game, defender, PH_STATUS_MELEE, TRUE);

  /* "each player rolls a skill die, adds any applicable modifiers, and
   * compares it to the skill die of the opponent" */
  roll = ph_game_roll (game, 1, 6, attacker->id, "melee skill die: %s %+d",
                       fig_name (attacker), am);
  adie = roll->total;
  roll = ph_game_roll (game, 1, 6, defender->id, "melee skill die: %s %+d",
                       fig_name (defender), dm);
  ddie = roll->total;
  ascore = adie + am;
  dscore = ddie + dm;
  g_string_append_printf (text, "%s fights %s: %s rolled %d%s = %d, %s rolled %d%s = %d",
                          fig_name (attacker), fig_name (defender),
                          fig_name (attacker), adie, amods->str, ascore,
                          fig_name (defender), ddie, dmods->str, dscore);
  if (ascore < dscore && use_reroll && rerolls_of (attacker) > 0)
    {
      if (!spend_token (game, attacker, "mayhem.rerolls", rerolls_of (attacker), error))
        return FALSE;
      roll = ph_game_roll (game, 1, 6, attacker->id,
                           "melee skill die re-rolled (re-roll token): %s %+d",
                           fig_name (attacker), am);
      adie = roll->total;
      ascore = adie + am;
      g_string_append_printf (text, "; %s's re-roll token: rolled %d = %d",
                              fig_name (attacker), adie, ascore);
    }

  if (ascore == dscore)
    {
      /* "If the score is tied, then neither figure is affected." */
      g_string_append (text, ": tied, neither is affected");
      ph_game_set_event_figure (game, attacker->id);
      ph_game_log (game, "%s", text->str);
      return TRUE;
    }
  winner = ascore > dscore ? attacker : defender;
  loser = ascore > dscore ? defender : attacker;
  armament = armament_of (winner);

  /* "If a hit is scored, the results die is compared to the armament of
   * the attacking figure. If the results value is equal to or higher than
   * the armament value, the target figure is removed from the game. If
   * not, the losing figure checks courage as in fire combat." */
  roll = ph_game_roll (game, 1, 6, loser->id, "melee results die: %s's armament %d",
                       fig_name (winner), armament);
  g_string_append_printf (text, ": %s hits; results die %d against armament %d",
                          fig_name (winner), roll->total, armament);
  if (roll->total >= armament)
    {
      if (use_save && saves_of (loser) > 0)
        {
          if (!spend_token (game, loser, "mayhem.saves", saves_of (loser), error))
            return FALSE;
          g_string_append_printf (text, ": %s would be removed, but spends a save token",
                                  fig_name (loser));
        }
      else
        {
          g_string_append_printf (text, ": %s is removed", fig_name (loser));
          set_status (game, loser, PH_STATUS_MELEE, FALSE);
          set_status (game, winner, PH_STATUS_MELEE, FALSE);
          set_status (game, loser, PH_STATUS_DEAD, TRUE);
        }
    }
  else
    {
      g_autoptr (GPtrArray) group = g_ptr_array_new ();

      g_ptr_array_add (group, loser);
      g_string_append_printf (text, "; %s: ", fig_name (loser));
      if (!courage_check (game, group, TRIGGER_HIT, winner->id, FALSE, use_save,
                          text, error))
        return FALSE;
      if (!(loser->status & PH_STATUS_MELEE))
        set_status (game, winner, PH_STATUS_MELEE, FALSE);
    }
  ph_game_set_event_figure (game, attacker->id);
  ph_game_log (game, "%s", text->str);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Ends of goes and turns                                                 */

static void
clear_shots (PhGame *game)
{
  PhScenario *scenario = ph_game_get_scenario (game);

  for (guint i = 0; i < scenario->figures->len; i++)
    clear_figure_var (game, g_ptr_array_index (scenario->figures, i), VAR_SHOT);
}

static gboolean
do_end_activation (PhGame      *game,
                   GHashTable  *args,
                   GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *phase = ph_game_get_var (game, "phase");
  g_autofree char *active = g_strdup (active_side (game));
  const char *order = ph_game_get_var (game, "order");
  g_auto (GStrv) sides = g_strsplit (order != NULL ? order : "", " ", -1);
  const char *next = NULL;

  if (active == NULL
      || (g_strcmp0 (phase, PHASE_MOVE) != 0 && g_strcmp0 (phase, PHASE_MELEE) != 0))
    return fail (error, PH_GAME_ERROR_NOT_NOW, "no side is active now");

  /* "may shoot once at any point during the enemy's movement": the next
   * enemy move is another chance */
  clear_shots (game);

  if (uses_cards (scenario))
    {
      const char *deck = ph_game_get_var (game, "deck");

      ph_game_set_var (game, "active-side", NULL);
      ph_game_set_var (game, "card-up", NULL);
      if (deck != NULL && *deck != '\0')
        {
          ph_game_set_var (game, "phase", PHASE_DRAW);
          ph_game_log (game, "%s's go is over: draw the next card",
                       side_name (scenario, active));
        }
      else
        {
          ph_game_set_var (game, "phase", PHASE_TURN_OVER);
          ph_game_log (game, "%s's go is over: every side has gone",
                       side_name (scenario, active));
        }
      return TRUE;
    }

  for (guint i = 0; sides[i] != NULL; i++)
    if (strcmp (sides[i], active) == 0)
      next = sides[i + 1];
  if (next != NULL && *next != '\0')
    {
      begin_side (game, next);
      ph_game_log (game, "%s's go is over: %s moves", side_name (scenario, active),
                   side_name (scenario, next));
    }
  else
    {
      ph_game_set_var (game, "active-side", NULL);
      ph_game_set_var (game, "phase", PHASE_TURN_OVER);
      ph_game_log (game, "%s's go is over: every side has gone",
                   side_name (scenario, active));
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

      if (f == gun || ph_figure_is_off_table (f) || is_gun (f)
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

  g_string_append_printf (text, "End of turn %d", turn);

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
                  g_string_append_printf (text, "; %s's crew (%d) clear a smoke "
                                          "puff, %d left", fig_name (figure), crew, puffs);
                }
              else
                {
                  ph_game_set_figure_var (game, figure->id, VAR_SMOKE, NULL);
                  for (guint w = 0; w < figure->weapons->len; w++)
                    {
                      const PhWeapon *weapon = &g_array_index (figure->weapons, PhWeapon, w);
                      char key[48];

                      if (!is_gun_kind (weapon->kind) || weapon->loaded)
                        continue;
                      g_snprintf (key, sizeof key, "weapon.%u.loaded", w);
                      if (!ph_game_set_figure_attr (game, figure->id, key, "true", error))
                        return FALSE;
                    }
                  if (!has_unloaded_gunpowder (figure))
                    set_status (game, figure, PH_STATUS_FIRED, FALSE);
                  g_string_append_printf (text, "; %s's crew (%d) clear the last "
                                          "smoke puff: the gun is loaded",
                                          fig_name (figure), crew);
                }
            }
          else
            g_string_append_printf (text, "; %s has a crew of %d, fewer than %d: "
                                    "its %d smoke puff%s stay", fig_name (figure),
                                    crew, GUN_CREW_NEEDED, puffs, puffs == 1 ? "" : "s");
        }

      /* The turn's movement, reloads and checks are over */
      clear_figure_var (game, figure, VAR_REACH);
      clear_figure_var (game, figure, VAR_ORIGIN);
      clear_figure_var (game, figure, VAR_RELOADED);
      clear_figure_var (game, figure, VAR_STAND_STILL);
      clear_figure_var (game, figure, VAR_CASUALTY);
      clear_figure_var (game, figure, VAR_SHOT);
      set_status (game, figure, PH_STATUS_MOVED, FALSE);
    }

  ph_game_set_var_int (game, "turn", turn + 1);
  ph_game_set_var (game, "active-side", NULL);
  ph_game_set_var (game, "initiative-winner", NULL);
  if (uses_cards (scenario))
    {
      fill_deck (game);
      ph_game_set_var (game, "card-up", NULL);
      ph_game_set_var (game, "order", NULL);
      ph_game_set_var (game, "phase", PHASE_DRAW);
      g_string_append_printf (text, ". Turn %d: the deck is shuffled", turn + 1);
    }
  else
    {
      /* "order" stays: a tie repeats it */
      ph_game_set_var (game, "phase", PHASE_INITIATIVE);
      g_string_append_printf (text, ". Turn %d: dice for initiative", turn + 1);
    }
  ph_game_log (game, "%s", text->str);
  return TRUE;
}

/* ---------------------------------------------------------------------- */

static gboolean
mayhem_perform (PhGame      *game,
                const char  *action,
                GHashTable  *args,
                GError     **error)
{
  if (g_strcmp0 (action, "initiative") == 0)
    return do_initiative (game, args, error);
  if (g_strcmp0 (action, "choose-order") == 0)
    return do_choose_order (game, args, error);
  if (g_strcmp0 (action, "draw-card") == 0)
    return do_draw_card (game, args, error);
  if (g_strcmp0 (action, "roll-move") == 0)
    return do_roll_move (game, args, error);
  if (g_strcmp0 (action, "move") == 0)
    return do_move (game, args, error);
  if (g_strcmp0 (action, "shoot") == 0)
    return do_shoot (game, args, error);
  if (g_strcmp0 (action, "reload") == 0)
    return do_reload (game, args, error);
  if (g_strcmp0 (action, "courage-check") == 0)
    return do_courage_check (game, args, error);
  if (g_strcmp0 (action, "melee") == 0)
    return do_melee (game, args, error);
  if (g_strcmp0 (action, "end-activation") == 0)
    return do_end_activation (game, args, error);
  if (g_strcmp0 (action, "end-turn") == 0)
    return do_end_turn (game, args, error);
  return fail (error, PH_GAME_ERROR_BAD_ACTION,
               "Musket Mayhem has no action \"%s\"", action);
}

const PhGameRules ph_game_rules_mayhem = {
  PH_RULESET_MAYHEM,
  actions,
  mayhem_start,
  mayhem_perform,
  mayhem_describe,
};
