/* ph-game-move.h: moves by drag, and the referee's own changes, in a game
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A figure dragged on the map during a game performs its ruleset's move
 * action, so the log knows every step. Before the drop, the window asks
 * the ruleset (PhGameRules.plan_move and move_cost) what the figure may
 * do now and what a straight move to the pointer would cost, without
 * rolling a die or changing anything:
 *  - ph_game_plan_move(): may the figure move now, from where, how much it
 *    may spend and in what (IPs, inches, paces, hexes);
 *  - ph_game_move_cost(): one move's distance and cost, and the ground
 *    that bars it;
 *  - ph_game_move_reach(): the area the figure can reach, following the
 *    ground's costs, as a polygon around the start (for the shading);
 *  - ph_game_perform_move(): the drop, the ruleset's action with the
 *    arguments the ruleset asks for (Featherstone's rate by distance).
 *
 * What the rules do not cover, the referee does by hand: a figure moved
 * out of turn, a facing or a marker put right. ph_game_referee_edit()
 * records such a change as its own event ("referee"), so undo, replay
 * and the saved log know it too: nothing changes the table behind the
 * log's back.
 */
#pragma once

#include "ph-game.h"

G_BEGIN_DECLS

/* What a figure may do by moving now; filled by PhGameRules.plan_move */
struct _PhMovePlan
{
  const char *action;     /* the action a drop performs ("move") */
  PhPoint origin;         /* where the move is measured from, table units
                           * (the figure, or where its turn's move began) */
  double allowance;       /* what it may spend, in cost_unit; G_MAXDOUBLE:
                           * no limit the program knows */
  const char *cost_unit;  /* "in", "IPs", "paces", "hexes" */
  const char *distance_unit; /* how distances read: "in", "paces", "hexes" */
  double reach_limit;     /* the farthest any move could go, table units */
  gboolean hex_snap;      /* moves end on a hex's centre */
  gboolean resumed;       /* the move is counted from where the turn's
                           * move began ("since the move began"): set by
                           * ph_game_plan_move() when the figure has moved
                           * since @origin (a first drag is no resumed
                           * move), or by a ruleset that knows better */
  char *note;             /* what the allowance leaves out ("a stream costs a
                           * d6 IPs more"), or NULL */
  const char *brief;      /* when plan_move refuses: the refusal in a few
                           * words for the label at the pointer ("Not now:
                           * men move at step 2"; a static string, already
                           * translated), the error keeping the whole
                           * reason for the status line; or NULL. The one
                           * field a refused plan keeps. */
  gboolean contact_farther; /* a move into contact with an enemy may go
                           * farther than one that is not (Featherstone's
                           * charge, 10 paces where a run is 8): the reach
                           * looks on past the farthest free spot on each
                           * of its rays, up to @reach_limit */
  GHashTable *wish;       /* the move action's arguments the player chose
                           * (the Game tab's Move form: Featherstone's
                           * "rate" = "run"), for move_cost to take where
                           * the rules allow them; NULL: the rules choose.
                           * Set by ph_game_plan_move_wished(), held by
                           * the plan. */
};

#define PH_MOVE_MAX_CROSSING 2

/* The key of a wish (PhMovePlan.wish) naming the action of the Game
 * tab's form it comes from ("withdraw"): where the rules allow, a drag
 * then performs that action rather than the move (Guns of War's
 * withdrawal from fire, by a drag onto the hex) */
#define PH_MOVE_WISH_ACTION "action"

/* One straight move from the plan's origin */
struct _PhMoveCost
{
  const PhFeature *crossing[PH_MOVE_MAX_CROSSING]; /* the obstacles the way
                           * crosses that add to its cost (a Firelock
                           * fence or wall), the first of them; the
                           * scenario's, or NULL */
  guint n_crossing;       /* how many there are, those past the array too */
  double distance;        /* in the ruleset's distance unit */
  double cost;            /* in the plan's cost_unit; G_MAXDOUBLE when barred */
  const char *barred;     /* why the way is barred ("water"), else NULL */
  const char *mode;       /* the ruleset's word for the move ("run"), or NULL */
  double allowance;       /* what this move may spend where its ground
                           * changes the plan's (Featherstone's difficult
                           * terrain halves the rates: 4 paces where the
                           * open's are 8), in cost_unit; 0: the plan's */
  const PhFigure *stands_on; /* the man the figure would stand on there
                              * (ph_game_spot_taken()), or NULL: such a
                              * drop never fits */
  gboolean stands_in_hex;    /* ... as a unit holding that hex */
  int stops_on;           /* where the move's price waits on a d6 rolled
                           * on the drop (a Firelock stream, counted at 1
                           * in @cost): a roll of this or more leaves the
                           * figure short of the spot (1: any roll, and
                           * the move does not fit); 0: no roll can */
};

void      ph_move_plan_clear    (PhMovePlan *plan);

/* TRUE with @plan filled when @figure_id may be moved by its ruleset's
 * move action now; else FALSE with @error saying why
 * (PH_GAME_ERROR_NOT_NOW: "Sgt Smith is not the figure acting now") and
 * @plan empty but for its brief, when the ruleset gives one */
gboolean  ph_game_plan_move     (PhGame *game, const char *figure_id, PhMovePlan *plan,
                                 GError **error);
/* The same, with the move action's arguments the player chose for it
 * (@wish: name → value, both char*, kept with a reference in
 * plan->wish; NULL: none): the plan, the costs and the drop heed them as
 * the rules allow (Featherstone: the rate chosen in the Move form, when
 * it covers the move) */
gboolean  ph_game_plan_move_wished (PhGame *game, const char *figure_id, GHashTable *wish,
                                    PhMovePlan *plan, GError **error);
/* The arguments besides figure, x and y the move action would take for
 * @figure_id moving now, as for the shortest move ("rate" = "crawl" for a
 * man his wound keeps to a crawl), for a form to start from; NULL when he
 * may not move now */
GHashTable *ph_game_move_args_here (PhGame *game, const char *figure_id);
/* What moving @figure_id straight from the plan's origin to @to costs */
void      ph_game_move_cost     (PhGame *game, const char *figure_id, const PhMovePlan *plan,
                                 PhPoint to, PhMoveCost *cost);
/* The move fits its allowance (the cost's own when its ground sets one,
 * else the plan's), nothing bars it, no one stands there and some roll
 * of a die it waits on takes him there */
gboolean  ph_move_cost_fits     (const PhMovePlan *plan, const PhMoveCost *cost);
/* What @cost may spend: its ground's allowance (PhMoveCost.allowance),
 * else the plan's */
static inline double
ph_move_cost_allowance (const PhMovePlan *plan,
                        const PhMoveCost *cost)
{
  return cost->allowance > 0 ? cost->allowance : plan->allowance;
}
/* For the label at the pointer: "moved 6.5 in · 7.5 in left",
 * "moved 4.0 in · 8 of 16 IPs spent", "run: moved 6.0 paces · 2.0 left",
 * "moved 9.0 in · too far: 8 in allowed", "moved 2.0 in · barred by water",
 * "moved 3.0 in · on Sgt. Roux’s base", "moved 2 hexes · hex held by
 * Black Reiters", "...: moved 7.0 in · 8 of 10 IPs spent · stops short
 * on a d6 of 4 or more" */
char     *ph_game_describe_move (PhGame *game, const PhMovePlan *plan, const PhMoveCost *cost);
/* The obstacles a move crosses, named: "the Old Stone Wall", "the
 * Split-rail Fence and the Old Stone Wall", "a wall" (unnamed), "the Old
 * Stone Wall and 2 more"; @n counts those past @features' first
 * PH_MOVE_MAX_CROSSING too. NULL when @n is 0. */
char     *ph_move_crossing_words (const PhFeature * const *features, guint n);
/* The area @figure_id can reach by one straight move, following the
 * ground: a polygon of @n_rays points (PhPoint, table units) around the
 * origin, each as far along its ray as the allowance goes; NULL when the
 * allowance has no limit. On a hex table the reach is rather the hexes
 * whose centres ph_game_move_cost() finds within the allowance. */
GArray   *ph_game_move_reach    (PhGame *game, const char *figure_id, const PhMovePlan *plan,
                                 guint n_rays);
/* Where a drop at @to puts the figure: the hex's centre when the plan
 * says so (hex_snap), else @to; to the hundredth the move action takes */
PhPoint   ph_game_snap_move     (PhGame *game, const PhMovePlan *plan, PhPoint to);
/* Base contact by drag (docs/rules.md): a drop of @figure at @to that
 * reaches onto another man's base by up to a third of its own base (its
 * narrower side), or stops short of one by up to half an inch (1.27 cm on
 * a cm table; at most half its base), is meant for contact. Returns the
 * man it touches, with *@spot where @figure's centre goes: on the line
 * from his centre through @to, as far from it as the two bases just
 * touch (the sum of the radii for round bases); a spot on the table and
 * on no one else's base, the nearest contact when there are several.
 * NULL, *@spot = @to, when there is none, and on a table where units
 * hold hexes. */
const PhFigure *ph_game_contact_spot (const PhScenario *scenario, const PhFigure *figure,
                                      PhPoint to, PhPoint *spot);
/* Where a drop of @figure_id at @to, moving by @plan, puts it: in base
 * contact (ph_game_contact_spot(), to the hundredth) when that spot is
 * within the allowance and nothing bars the way, *@contact (may be NULL)
 * then the man touched; else ph_game_snap_move()'s spot and *@contact
 * NULL */
PhPoint   ph_game_drop_spot     (PhGame *game, const char *figure_id, const PhMovePlan *plan,
                                 PhPoint to, const PhFigure **contact);
/* Performs the ruleset's move of @figure_id to @to (one event; placed by
 * ph_game_drop_spot()), with the arguments the ruleset wants for it; FALSE with @error (the rules'
 * reason) and nothing changed when it is refused. */
gboolean  ph_game_perform_move  (PhGame *game, const char *figure_id, PhPoint to,
                                 GError **error);
/* The same, with the arguments the player chose for it (@wish, as
 * ph_game_plan_move_wished() takes them), as the drag priced it */
gboolean  ph_game_perform_move_wished (PhGame *game, const char *figure_id, PhPoint to,
                                       GHashTable *wish, GError **error);

/* Bases touch (in melee) but never stand on each other, and where the
 * ruleset reads distances in hexes on a hex table, one unit holds a hex:
 * the man @figure would stand on at @to (another's base overlapping its
 * own; touching is base contact and allowed) or the unit in @to's hex
 * (*@in_hex set), else NULL. Every drop of a game is held to it, the
 * rules' move and the referee's alike. */
const PhFigure *ph_game_spot_taken (const PhScenario *scenario, const PhFigure *figure,
                                    PhPoint to, gboolean *in_hex);
/* What a label says of it: "on Sgt. Roux’s base", "hex held by Black
 * Reiters" */
char     *ph_game_describe_spot_taken (const PhFigure *other, gboolean in_hex);
/* The refusal of a drop there, naming both: "Sgt Smith cannot stop there:
 * the base would stand on Hawkeye’s (bases may touch, never overlap)" */
char     *ph_game_spot_refusal  (const PhFigure *figure, const PhFigure *other, gboolean in_hex);
/* FALSE with @error (PH_GAME_ERROR_NOT_NOW, naming the man) when
 * ph_game_spot_taken() finds someone at @to for @figure */
gboolean  ph_game_check_spot    (const PhScenario *scenario, const PhFigure *figure, PhPoint to,
                                 GError **error);

/* The referee's change to figures (one event, kind "referee"): each
 * figure of @edited (copies, matched to the game's by id) that differs
 * from the game's has every differing attribute set, and the log reads
 * a move as a sentence, how far in the ruleset's unit as the drag's
 * label reads it ("Referee moved Sgt Smith 4.6 in", "... 12.0 paces",
 * "Referee moved Black Reiters 3 hexes to hex 1109": where units hold
 * hexes, the hex it went to), the other changes after it
 * ("; Sgt Smith: facing 0 → 90"), or with no move "Referee: WHAT (Sgt
 * Smith: facing 0 → 90)" (the same in every ruleset), then what the rules
 * make of each move (PhGameRules.referee_moved: Featherstone's man moved
 * at the movement step has made his move). FALSE with @error and nothing
 * changed when a value is refused or a figure moved would stand on
 * another (ph_game_check_spot()); TRUE with no event when nothing
 * differs. */
gboolean  ph_game_referee_edit  (PhGame *game, const char *what, PhFigure *const *edited,
                                 guint n_edited, GError **error);

G_END_DECLS
