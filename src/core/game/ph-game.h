/* ph-game.h: a game in progress: dice, events, undo and replay
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game is the scenario's figures plus a list of events. Each event is one
 * step a referee recognises ("Smith rolls for IPs", "Smith fires at Otter
 * Breath") and records
 *  - the dice it rolled, each with its purpose, and
 *  - every change it made, as (figure attribute or game variable, old value,
 *    new value) strings,
 * so undo reverts the changes exactly, replay steps back and forth through
 * the log, and a saved game loads back to the same state. The rulesets'
 * game logic (ph-game-*.c, behind PhGameRules) never undoes anything itself:
 * it reads the state, rolls, and sets values inside an event.
 *
 * Game variables are strings in one namespace: game-wide ones ("turn",
 * "phase", "active", "deck"...) and per-figure ones, named "ID:key"
 * ("smith:ips", "smith:activated"). A variable set to NULL is removed.
 *
 * Figure attributes are the scenario file's own names (ph-figure-attr.h):
 * "x", "y", "facing", "stance", "status", "mounted", "weapon.N.loaded",
 * "firelock.hits", "mayhem.saves", ...
 *
 * Dice come from one GRand seeded with the game's seed; every die rolled is
 * recorded with its number of sides, so loading a game re-seeds and
 * fast-forwards through the recorded dice. Undoing an event rewinds the
 * generator too: doing the same thing again rolls the same dice (a referee
 * cannot undo a bad roll away).
 *
 * The format of <game> is docs/game-format.md.
 */
#pragma once

#include <glib.h>

#include "ph-engine.h"
#include "ph-scenario.h"

G_BEGIN_DECLS

#define PH_GAME_ERROR (ph_game_error_quark ())

typedef enum
{
  PH_GAME_ERROR_FORMAT,     /* a <game> element that cannot be read */
  PH_GAME_ERROR_MISMATCH,   /* the log does not match the figures */
  PH_GAME_ERROR_NOT_NOW,    /* the action is not possible at this point */
  PH_GAME_ERROR_BAD_ACTION, /* unknown action or bad argument */
  PH_GAME_ERROR_NOTHING,    /* nothing to undo or redo */
} PhGameError;

GQuark ph_game_error_quark (void);

/* The most a game log may hold (docs/game-format.md): a long campaign
 * day's game is a few thousand events. A log at these limits loads,
 * checked, in about a second (tests/bench/bench-core). */
#define PH_GAME_MAX_EVENTS  100000
#define PH_GAME_MAX_DICE    1000000
#define PH_GAME_MAX_CHANGES 1000000

typedef struct
{
  char *purpose;   /* "IP roll: d6 + bravery 7" */
  char *figure;    /* the figure it was rolled for, or NULL */
  int n;           /* number of dice */
  int sides;       /* faces per die: 6, 10, 20, 100... */
  int *values;     /* n faces */
  int total;       /* their sum */
  gboolean hidden; /* a draw for a shuffle, not shown in the log */
} PhRoll;

typedef enum
{
  PH_CHANGE_VAR,    /* a game variable */
  PH_CHANGE_FIGURE, /* a figure attribute */
} PhChangeKind;

typedef struct
{
  PhChangeKind kind;
  char *figure;     /* PH_CHANGE_FIGURE: the figure id */
  char *key;        /* variable name or attribute name */
  char *old_value;  /* NULL: the variable did not exist */
  char *new_value;  /* NULL: the variable is removed */
} PhChange;

typedef struct
{
  char *kind;       /* "ip-roll", "shoot", "draw", "dice", "end-turn"... */
  char *figure;     /* the acting figure, or NULL */
  char *text;       /* the log line, in rules language */
  int turn;         /* the turn it happened in */
  GPtrArray *rolls;   /* of PhRoll* */
  GPtrArray *changes; /* of PhChange* */
} PhEvent;

typedef struct _PhGame PhGame;
typedef struct _PhGameRules PhGameRules;
typedef struct _PhMovePlan PhMovePlan;   /* ph-game-move.h */
typedef struct _PhMoveCost PhMoveCost;

/* What one argument of an action holds. The window fills FIGURE from the
 * selected figure and TARGET from the pinned target, offers a check box
 * for BOOL, a drop-down for CHOICE and SIDE. */
typedef enum
{
  PH_GAME_ARG_FIGURE,   /* a figure's id */
  PH_GAME_ARG_TARGET,   /* a figure's id, the one acted on */
  PH_GAME_ARG_NUMBER,   /* a finite number */
  PH_GAME_ARG_BOOL,     /* true or false (yes/no, 1/0 too, in any case) */
  PH_GAME_ARG_TEXT,
  PH_GAME_ARG_CHOICE,   /* one of @choices */
  PH_GAME_ARG_SIDE,     /* a side's id */
  PH_GAME_ARG_WEAPON,   /* one of the acting figure's weapons: its number from 0
                         * in file order, or a kind it carries ("rifle"); the
                         * handler reads the number */
  PH_GAME_ARG_FIGURES,  /* figures' ids separated by commas, a group (the
                         * window gives the other figures selected on the
                         * map); the handler checks them */
} PhGameArgKind;

typedef struct
{
  const char *name;            /* "target", "aim" */
  PhGameArgKind kind;
  gboolean optional;
  const char * const *choices; /* PH_GAME_ARG_CHOICE, NULL-terminated */
  const char *help;            /* what it means, for errors and tooltips; may be NULL */
  const char *label;           /* its name in the Game tab ("Mounted, in the open");
                                * NULL: from @name ("Wound table") */
  const char *fallback;        /* an optional one left out: what the rules take
                                * then, in words ("Yes", "open", "from the map");
                                * NULL: "No" for a flag, else "the rules decide" */
  const char * const *choice_labels; /* CHOICE: the Game tab's words for each of
                                * @choices, in their order, marked N_() ("B:
                                * serious body wound" for "B"); NULL: the
                                * choices as they are */
  gboolean command_line_only;  /* another way to give what an argument before it
                                * gives (Guns of War's q, r, x and y beside its
                                * hex), for the command line: the Game tab
                                * leaves it out */
  gboolean more;               /* seldom wanted (a re-roll, a shield, the
                                * referee's say-so): the Game tab folds it
                                * under "More options", naming it there
                                * when it is set */
  gboolean once;               /* a say-so for one step only (the referee
                                * lets them fight, a re-roll or save spent,
                                * a hero's die for this man): the Game tab
                                * puts it back to its default once the
                                * step is performed, where a standing fact
                                * (a shield, cover, superior ground) stays
                                * set for the next step */
  gboolean menu;               /* a once-only flag (a seven's re-roll) the
                                * map's right-click menu offers on an item
                                * of its own beside the step's, whenever the
                                * rules take the step with it set: "Shoot at
                                * Capt. Davis, re-roll kept for a miss (64%
                                * to hit)", its odds PhGameRules.target_odds
                                * with the flag set */
} PhGameArg;

/* Performs one action inside an open event: reads the state with the
 * getters, rolls with ph_game_roll(), changes state with the setters and
 * writes the log line with ph_game_log(). On error, returns FALSE and the
 * event is dropped with all its changes. @args maps argument names to
 * values (never NULL), already checked against the action's arguments. */
typedef gboolean (*PhGameActionFunc) (PhGame *game, GHashTable *args, GError **error);

/* An action a ruleset offers */
typedef struct
{
  const char *name;        /* "roll-ips" */
  const char *label;       /* "Roll for IPs" */
  const PhGameArg *args;   /* ended by a NULL name; NULL for none */
  const char *help;        /* one line for --help and tooltips */
  PhGameActionFunc perform;
  const char *same_as;     /* another name for that action (the command
                            * line's "end-turn" where a turn is a phase):
                            * the window lists only the one it is the same
                            * as; NULL for most */
  gboolean figure_menu;    /* a step of the figure alone that the map's
                            * right-click menu on him offers whenever the
                            * rules take it for him (Guns of War's
                            * Advance and Stay after a charge); FALSE for
                            * most */
  gboolean loads;          /* the step that loads the man's weapon
                            * (Firelock's Load, paid in IPs; Fistful's and
                            * Musket Mayhem's Reload): during a game the
                            * map's right-click menu on him offers it,
                            * greyed with the rules' reason when they
                            * refuse it, where a free "Loaded" mark would
                            * load him behind the rules' back */
} PhGameActionInfo;

/* "figure target [weapon=number] [aim=none|aim|careful]": the action's
 * arguments as --list and the help show them ("" for none) */
char       *ph_game_action_format_arguments (const PhGameActionInfo *info);
/* The figure a PH_GAME_ARG_WEAPON argument names a weapon of: the one in
 * @info's first figure argument, or NULL */
PhFigure   *ph_game_action_acting_figure    (PhGame *game, const PhGameActionInfo *info,
                                             GHashTable *args);
/* @value as a weapon of @figure: its number from 0, or the first weapon of
 * that kind it carries; -1 when it names none */
int         ph_game_weapon_index            (const PhFigure *figure, const char *value);
/* Checks @args against @info's arguments, in the one wording every
 * ruleset shares: each required one given, figures and sides that exist,
 * numbers, flags and choices that read. FALSE with
 * PH_GAME_ERROR_BAD_ACTION otherwise. */
gboolean    ph_game_check_arguments (PhGame *game, const PhGameActionInfo *info,
                                     GHashTable *args, GError **error);

struct _PhGameRules
{
  /* The actions, NULL-terminated by a zeroed entry */
  const PhGameActionInfo *actions;
  /* Sets up a new game's variables (turn 1, deck...) inside the first
   * event ("start"). */
  gboolean (*start) (PhGame *game, GError **error);
  /* A short description of where the game stands ("Turn 2 - red card: Sgt
   * Smith to act, 7 IPs left"), for the turn bar and the CLI. */
  char *(*describe) (PhGame *game);
  /* The action the rules expect next where the game stands ("choose-order"
   * once the initiative is diced), for the window to offer first; NULL
   * when the referee picks among several. May be NULL. */
  const char *(*expected) (PhGame *game);
  /* Moves by drag (ph-game-move.h); NULL when the ruleset has no move
   * action. plan_move fills @plan when @figure may be moved by the
   * ruleset's move action now, else says why in @error; it rolls nothing
   * and changes nothing. */
  gboolean (*plan_move) (PhGame *game, const PhFigure *figure, PhMovePlan *plan,
                         GError **error);
  /* A straight move from plan->origin to @to: its cost (and distance, mode,
   * what bars it) in @cost; with @args non-NULL, inserts the arguments
   * the move action needs besides figure, x and y (g_strdup'd keys and
   * values: "rate" = "run"). NULL: the distance is the cost. */
  void     (*move_cost) (PhGame *game, const PhFigure *figure, const PhMovePlan *plan,
                         PhPoint to, PhMoveCost *cost, GHashTable *args);
  /* The engine's options the shoot action takes when its own are left
   * out, for @figure at @target now (Featherstone: aimed fire when the
   * aim was taken, else snap), set over @options. NULL: the shot takes
   * @options as they are. */
  void     (*shot_options) (PhGame *game, const PhFigure *figure, const PhFigure *target,
                            PhShotOptions *options);
  /* The reverse: the shoot action's own arguments that fire the shot
   * @options describe (Featherstone: "fire" = "aimed" or "snap", the
   * weapon), inserted in @args as g_strdup'd values. NULL: the action
   * takes no such arguments. */
  void     (*shot_args) (PhGame *game, const PhFigure *figure, const PhShotOptions *options,
                         GHashTable *args);
  /* Where the game stands within its turn, in a few words ("step 3,
   * calculate firing"), for a right-click that moves it on to say where
   * to, and for the turn bar to say what the step change expected
   * leads to ("Next: step 3, calculate firing", not the button's "Next
   * step"). NULL: the ruleset has no steps to name. */
  char    *(*step_name) (PhGame *game);
  /* What @action, done by @figure to @target now (a melee: not the shot,
   * whose odds are the engine's), may do, in the ruleset's own terms:
   * its odds worked out by the rules ("45% to win, 19% to kill him"; a
   * shot's only with a PhGameArg.menu flag set in @args, which the
   * engine's odds leave out),
   * or, where they cannot be worked out exactly, what the step will do
   * in words ("chances from the Game tab"); NULL when it has nothing to
   * say. @args: the step's other arguments as the Game tab's form has
   * them (a shield, the basic chances), NULL for none (what the
   * right-click's step takes): the menu and the form say the same of the
   * same step. It rolls nothing and changes nothing. NULL: nothing for
   * any. */
  char    *(*target_odds) (PhGame *game, const char *action, const PhFigure *figure,
                           const PhFigure *target, GHashTable *args);
  /* The value @action takes for its optional argument @arg when it is
   * left out, as text, with the others as in @args ("40", Featherstone's
   * basic chance read from the Weapons Table for the men in @args), for
   * the Game tab to show what the rules will use rather than a 0; NULL
   * when the rules cannot say (the table missing). For a target
   * argument, the figure's id the rules would pick for the man in
   * @args now (Featherstone's melee: the nearest enemy in contact who
   * can fight, never one knocked out), for the Game tab to offer when
   * the map's target is one the step cannot take. NULL: none. */
  char    *(*arg_default) (PhGame *game, const char *action, const char *arg,
                           GHashTable *args);
  /* The referee moved @figure (ph_game_referee_edit(), inside its event,
   * the figure at its new place): what the rules make of it, set with
   * the setters and said after the move in @log ("; it counts as his
   * move this phase"). Featherstone: a man moved at the movement step
   * has made his move. NULL: nothing. */
  void     (*referee_moved) (PhGame *game, PhFigure *figure, GString *log);
  /* Whether @choice of @action's choice argument @arg is one the man
   * in @args (its figure argument) could ever take, for the Game tab to
   * list only those (Featherstone's Rate: a horse's trot, canter and
   * gallop for a rider, a run, charge or crawl for a man on foot); what
   * the rules refuse only now (a rate his wound forbids this phase) is
   * left listed, for Perform to say why. For an optional flag
   * (PH_GAME_ARG_BOOL), @choice "true": whether the man may set it at
   * all now (Fistful's re-roll, a seven's, only for the man who has
   * one this turn): the Game tab shows the flag only then. NULL: every
   * choice. */
  gboolean (*choice_allowed) (PhGame *game, const char *action, const char *arg,
                              const char *choice, GHashTable *args);
  /* What @action of @figure alone (a PhGameActionInfo.loads step, with
   * its arguments left out) will cost or do now, in a few of the
   * ruleset's words ("musket, 6 IPs"), for the map's menu item ("Load
   * (musket, 6 IPs)"); NULL when it has nothing to add or the rules
   * would refuse it. It rolls nothing and changes nothing. NULL: none. */
  char    *(*step_words) (PhGame *game, const char *action, const PhFigure *figure);
  /* What a player may do now beside the step expected, that the bar
   * would not say otherwise, in a few words after "or" ("lay down the
   * Ace of Clubs as a King (Minutemen)": Fistful's ace held while the
   * caller goes on); NULL when nothing. It rolls nothing and changes
   * nothing. NULL: none. */
  char    *(*other_way) (PhGame *game);
  /* The step the rules expect of @figure now, where it is not the one
   * they expect of the game (Musket Mayhem: a man who has not rolled
   * rolls, while another who rolled is still to move), for the Game tab
   * when the referee picks him; NULL when none. NULL: none for any. */
  const char *(*expected_of) (PhGame *game, const PhFigure *figure);
};

/* Lifetime. The game works on @scenario's figures (it keeps a reference and
 * changes the figures in place). */
PhGame     *ph_game_new          (PhScenario *scenario, guint32 seed);
/* Reads scenario->game_xml (NULL or absent: a new game with a random
 * seed); checks that the log matches the figures. Errors carry the file
 * and line: "FILE:LINE: message". */
PhGame     *ph_game_load         (PhScenario *scenario, const char *filename,
                                  GError **error);
void        ph_game_free         (PhGame *game);
/* TRUE when @game_xml (a scenario's <game> text) is a game log in the
 * format of docs/game-format.md, recognised by its seed attribute. Other
 * content of the element is reserved and left alone. */
gboolean    ph_game_xml_is_log   (const char *game_xml);
/* Writes the game into scenario->game_xml (for ph_scenario_save_file). */
void        ph_game_store        (PhGame *game);
char       *ph_game_to_xml       (PhGame *game);

PhScenario *ph_game_get_scenario (PhGame *game);
const PhGameRules *ph_game_get_rules (PhGame *game);
guint32     ph_game_get_seed     (PhGame *game);

/* The log */
guint       ph_game_get_n_events (PhGame *game);  /* all recorded */
guint       ph_game_get_position (PhGame *game);  /* how many are applied */
const PhEvent *ph_game_get_event (PhGame *game, guint index);
/* Undo reverts the last applied event (the log keeps it for redo until a
 * new action is performed); redo re-applies the next. */
gboolean    ph_game_undo         (PhGame *game, GError **error);
gboolean    ph_game_redo         (PhGame *game, GError **error);
/* Reverts or re-applies events until @position are applied (replay). */
gboolean    ph_game_seek         (PhGame *game, guint position, GError **error);

/* Actions */
gboolean    ph_game_perform      (PhGame *game, const char *action,
                                  GHashTable *args, GError **error);
/* Whether the rules would take @action with @args now: performs it and
 * takes it back (the state, the log and the dice stay as they were).
 * FALSE with the rules' refusal in @error. With @missing_ok, a required
 * argument left out is no refusal (what a right-click offers before the
 * Game tab asks for the rest): the try gives it a plain value (a number
 * 1, no, the first choice), or, for a figure it cannot make up, lets a
 * bad-argument refusal through. */
gboolean    ph_game_try          (PhGame *game, const char *action,
                                  GHashTable *args, gboolean missing_ok,
                                  GError **error);
/* The options a shot by @figure at @target takes in the game when the
 * shoot action's own are left out (PhGameRules.shot_options), over
 * @options: what a right-click's "Shoot at" will fire */
void        ph_game_shot_options (PhGame *game, const PhFigure *figure,
                                  const PhFigure *target, PhShotOptions *options);
/* Inserts in @args (keys and values g_strdup'd: a table made with
 * g_free for both) the shoot action's arguments that fire the shot
 * @options describe: every shot option the action takes under the same
 * name (a choice's name, a flag's "true" or "false") and its weapon ("":
 * the first missile weapon). What a right-click fires when the Fire tab
 * shows a shot of its own (Firelock's careful aim). */
void        ph_game_shot_option_args (PhGame *game, const PhShotOptions *options,
                                      GHashTable *args);
/* The same, and *@moves_on TRUE when the action would take the game on
 * to another step or phase (Featherstone: a shot in the move step ends
 * it for every man) */
gboolean    ph_game_try_step     (PhGame *game, const char *action, GHashTable *args,
                                  gboolean missing_ok, gboolean *moves_on, GError **error);
/* The same, and when it moves the game on, *@where (to free; NULL when
 * the ruleset names no steps, PhGameRules.step_name) where it would be:
 * "step 3, calculate firing" */
gboolean    ph_game_try_step_to  (PhGame *game, const char *action, GHashTable *args,
                                  gboolean missing_ok, gboolean *moves_on, char **where,
                                  GError **error);
/* Why the game would refuse @figure's shot at @target now, in the rules'
 * words ("Pte Tubbs has fired this phase"), or NULL when it would take
 * it (a dry run of the "shoot" action, taken back). @options: the shot
 * as the Fire tab has it (aimed fire, a weapon), given to the action as
 * its arguments (PhGameRules.shot_args); NULL: the game's own choice. */
char       *ph_game_shot_refusal (PhGame *game, const PhFigure *figure,
                                  const PhFigure *target, const PhShotOptions *options);
/* PhGameRules.target_odds: what @action by @figure on @target may do,
 * in the ruleset's terms ("45% to win, 19% to kill him"), or NULL */
char       *ph_game_target_odds  (PhGame *game, const char *action,
                                  const PhFigure *figure, const PhFigure *target);
/* The same with the step's other arguments @args (the Game tab's form;
 * NULL: none, as ph_game_target_odds()) */
char       *ph_game_target_odds_with (PhGame *game, const char *action,
                                      const PhFigure *figure, const PhFigure *target,
                                      GHashTable *args);
/* PhGameRules.choice_allowed: whether @choice of @action's @arg is one
 * the man in @args could take (TRUE where the rules do not say) */
gboolean    ph_game_choice_allowed (PhGame *game, const char *action, const char *arg,
                                    const char *choice, GHashTable *args);
/* PhGameRules.arg_default: what @action takes for @arg left out, or NULL */
char       *ph_game_arg_default  (PhGame *game, const char *action, const char *arg,
                                  GHashTable *args);
/* PhGameRules.step_words: what @action of @figure alone will cost or do
 * now, in the ruleset's words ("musket, 6 IPs"), or NULL */
char       *ph_game_step_words   (PhGame *game, const char *action,
                                  const PhFigure *figure);
/* PhGameRules.other_way: what a player may do beside the step
 * expected, in words after "or", or NULL */
char       *ph_game_other_way    (PhGame *game);
/* The ruleset's action named @name, or NULL */
const PhGameActionInfo *ph_game_find_action (PhGame *game, const char *name);
/* TRUE when @info is done by a figure (its first argument) to a target (a
 * PH_GAME_ARG_TARGET): what a right-click on the target offers; with
 * *@needs_more TRUE when it also takes a required argument the map cannot
 * give (a number, a choice) */
gboolean    ph_game_action_acts_on_target (const PhGameActionInfo *info,
                                           gboolean               *needs_more);
/* The same with "name=value" strings */
gboolean    ph_game_perform_argv (PhGame *game, const char *action,
                                  const char * const *args, GError **error);
/* A free roll from the dice tray: "d6", "2d6", "d100", "3d10+2" */
gboolean    ph_game_roll_tray    (PhGame *game, const char *expression,
                                  const char *purpose, GError **error);
char       *ph_game_describe     (PhGame *game);
/* The action the rules expect next (see PhGameRules.expected), or NULL */
const char *ph_game_expected     (PhGame *game);
/* The action the rules expect of @figure now (PhGameRules.expected_of),
 * or NULL */
const char *ph_game_expected_of  (PhGame *game, const PhFigure *figure);

/* For ruleset code, inside perform() or start() */
const PhRoll *ph_game_roll       (PhGame *game, int n, int sides,
                                  const char *figure, const char *purpose, ...)
                                  G_GNUC_PRINTF (5, 6);
void        ph_game_log          (PhGame *game, const char *format, ...) G_GNUC_PRINTF (2, 3);
void        ph_game_set_event_figure (PhGame *game, const char *figure);
const char *ph_game_get_var      (PhGame *game, const char *name);
/* The names of the variables set now (game-wide and "ID:key"), sorted by
 * strcmp(); a new array of g_free'd strings (free func set). */
GPtrArray  *ph_game_list_vars    (PhGame *game);
int         ph_game_get_var_int  (PhGame *game, const char *name, int fallback);
void        ph_game_set_var      (PhGame *game, const char *name, const char *value);
void        ph_game_set_var_int  (PhGame *game, const char *name, int value);
/* Per-figure variables: "ID:key" */
const char *ph_game_get_figure_var     (PhGame *game, const char *figure, const char *key);
int         ph_game_get_figure_var_int (PhGame *game, const char *figure, const char *key,
                                        int fallback);
void        ph_game_set_figure_var     (PhGame *game, const char *figure, const char *key,
                                        const char *value);
void        ph_game_set_figure_var_int (PhGame *game, const char *figure, const char *key,
                                        int value);
/* Figure attributes by their file names; FALSE with @error for a bad
 * value (the event is then dropped by the caller returning FALSE). */
gboolean    ph_game_set_figure_attr    (PhGame *game, const char *figure, const char *attr,
                                        const char *value, GError **error);
/* Status markers one at a time */
void        ph_game_set_status   (PhGame *game, const char *figure, PhStatus flag,
                                  gboolean on);
/* A uniform number in 1..sides for shuffles and draws, recorded like a die
 * but hidden from the log. */
int         ph_game_random_int   (PhGame *game, int sides);
/* Shuffles @items (Fisher-Yates with ph_game_random_int()) */
void        ph_game_shuffle      (PhGame *game, GPtrArray *items);

/* Lookups for the rulesets' modules */
const PhGameRules *ph_game_rules_get (PhRulesetId ruleset);
extern const PhGameRules ph_game_rules_firelock;
extern const PhGameRules ph_game_rules_fistful;
extern const PhGameRules ph_game_rules_mayhem;
extern const PhGameRules ph_game_rules_featherstone;
extern const PhGameRules ph_game_rules_guns_of_war;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhGame, ph_game_free)

G_END_DECLS
