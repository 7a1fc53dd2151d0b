/* ph-game-firelock-act.c: a game of Firelock and Scalplock: moving,
 * loading and mounting
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Firelock and Scalplock rules, "Using IPs": movement by
 * troop type and ground (rules.md's table of terrain kinds), streams,
 * mounting, and loading (the load box) carried over turns.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-firelock-private.h"

/* Movement is measured in steps this long (inches) */
#define PATH_STEP 0.05

/* ------------------------------------------------------------------ */
/* Movement                                                            */

typedef enum { ROW_GUERRILLA, ROW_INDIAN, ROW_LIGHT, ROW_LINE, ROW_CAVALRY } Row;

static const char * const row_names[] = {
  N_("guerrilla"), N_("Indian"), N_("light troops"), N_("line infantry"), N_("cavalry")
};

/* Whether a move from @from to @to closes with the shooter the figure
 * owes IPs to (angry or vexed), *@towards being him or NULL: the action
 * and a drag's price ask the same */
static gboolean
closes_with (PhGame          *game,
             const PhFigure  *figure,
             PhPoint          from,
             PhPoint          to,
             PhFigure       **towards)
{
  const char *close_to = ph_game_get_figure_var (game, figure->id, "close-to");

  *towards = NULL;
  if (close_to == NULL || ph_game_get_figure_var_int (game, figure->id, "close-ips", 0) <= 0)
    return FALSE;
  *towards = ph_scenario_find_figure (ph_game_get_scenario (game), close_to);
  return *towards != NULL
         && ph_point_distance (to, ph_firelock_figure_point (*towards))
            < ph_point_distance (from, ph_firelock_figure_point (*towards)) - 1e-9;
}

/* The text's table, inches per IP on clear, rough, very rough ground */
static const double row_rates[][3] = {
  { 2.0, 2.0, 1.0 },    /* Guerrillas */
  { 2.0, 2.0, 1.0 },    /* Indians */
  { 2.0, 1.0, 0.5 },    /* Light Troops */
  { 1.0, 0.5, 0.25 },   /* Line Infantry */
  { 2.0, 0.5, 0.25 },   /* Cavalry */
};

static Row
figure_row (const PhFigure *figure)
{
  if (figure->mounted)
    return ROW_CAVALRY;
  switch (figure->troop)
    {
    case PH_TROOP_GUERRILLA: return ROW_GUERRILLA;
    case PH_TROOP_INDIAN: return ROW_INDIAN;
    case PH_TROOP_LIGHT: return ROW_LIGHT;
    /* dismounted cavalry "operate as normal": as light troops */
    case PH_TROOP_CAVALRY: return ROW_LIGHT;
    case PH_TROOP_LINE:
    case PH_TROOP_ARTILLERY:
    case PH_TROOP_CIVILIAN:
    default:
      return ROW_LINE;
    }
}

typedef struct
{
  double inches;          /* length of the move */
  double on[3];           /* inches on clear, rough, very rough ground */
  double cost;            /* IPs, before rounding up */
  const PhFeature *over[PH_MOVE_MAX_CROSSING]; /* the first fences, walls...
                                                * crossed */
  guint n_over;           /* how many there are */
  gboolean stream;        /* crosses a stream */
  const PhFeature *stream_feature; /* the first it crosses */
  gboolean impassable;
} PathCost;

typedef struct
{
  double at;              /* inches from the start */
  FlGround ground;
} Crossing;

static void
path_cost (const PhScenario *scenario,
           Row               row,
           PhPoint           a,
           PhPoint           b,
           PathCost         *out)
{
  double upi = ph_firelock_units_per_inch (scenario);
  PhSegment seg = { a, b };
  g_autoptr(GArray) crossings = g_array_new (FALSE, FALSE, sizeof (Crossing));
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (PhPoint));
  /* the ground the way can meet: area features that slow or stop a man,
   * whose box meets the way's (the steps below test only those) */
  g_autoptr(GPtrArray) areas = g_ptr_array_new ();
  PhRect sb = ph_segment_bbox (seg);
  int n;
  double piece;

  memset (out, 0, sizeof *out);
  out->inches = ph_point_distance (a, b) / upi;

  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *f = g_ptr_array_index (scenario->features, i);

      if (!ph_rect_intersects (&sb, &f->shape.bbox))
        continue;
      if (!ph_terrain_kind_is_linear (f->kind))
        {
          if (ph_firelock_kind_ground (f->kind) != FL_GROUND_CLEAR)
            g_ptr_array_add (areas, (gpointer) f);
          continue;
        }
      g_array_set_size (points, 0);
      if (ph_polyline_crossings (seg, &f->shape, TRUE, points) == 0)
        continue;
      if (f->kind == PH_TERRAIN_STREAM)
        {
          if (!out->stream)
            out->stream_feature = f;
          out->stream = TRUE;
          continue;
        }
      if (out->n_over < PH_MOVE_MAX_CROSSING)
        out->over[out->n_over] = f;
      out->n_over++;
      for (guint k = 0; k < points->len; k++)
        {
          Crossing c = { ph_point_distance (a, g_array_index (points, PhPoint, k)) / upi,
                         ph_firelock_kind_ground (f->kind) };

          g_array_append_val (crossings, c);
        }
    }

  /* Each step costs as the ground under its middle; the inch of the move
   * around an obstacle costs at least as the obstacle's class */
  n = MAX (1, (int) ceil (out->inches / PATH_STEP));
  piece = out->inches / n;
  for (int i = 0; i < n; i++)
    {
      double t = (i + 0.5) / n;
      PhPoint p = { a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t };
      FlGround g = FL_GROUND_CLEAR;

      /* as ph_firelock_ground_at (): the hardest ground under the step */
      for (guint k = 0; k < areas->len; k++)
        {
          const PhFeature *f = g_ptr_array_index (areas, k);

          if (ph_shape_contains_point (&f->shape, p))
            g = MAX (g, ph_firelock_kind_ground (f->kind));
        }

      for (guint k = 0; k < crossings->len; k++)
        {
          const Crossing *c = &g_array_index (crossings, Crossing, k);

          if (fabs (c->at - t * out->inches) <= 0.5)
            g = MAX (g, c->ground);
        }
      if (g == FL_GROUND_IMPASSABLE)
        {
          out->impassable = TRUE;
          continue;
        }
      out->on[g] += piece;
      out->cost += piece / row_rates[row][g];
    }
}

/* The IPs a move costs: its ground's cost in whole IPs ("To cross a
 * stream costs a number of IPs equal to a d6 plus distance traveled": over
 * a stream 1 IP an inch, whatever the ground, and the d6 apart). A move
 * is given in hundredths of an inch: what they add past a whole IP is no
 * more IP. */
static double
move_ips (const PathCost *path)
{
  return ceil ((path->stream ? path->inches : path->cost) - 0.01);
}

/* What a move from @from to @to costs @figure and what he may pay it
 * with: the one reckoning of the move action, the drag's label and the
 * shaded reach (the label and reach may not price a move otherwise than
 * the drop pays it) */
typedef struct
{
  PathCost path;
  int cost;               /* IPs for the distance (a stream's d6 apart) */
  int budget;             /* IPs he may spend on it: all of them when it
                           * closes with the shooter he owes IPs to, else
                           * those not owed */
  int horse;              /* a rider's horse movement */
  int from_horse;         /* of @cost, paid by it */
  int from_ips;           /* of @cost, paid in IPs */
  gboolean closing;       /* closes with the shooter he owes IPs to */
  PhFigure *towards;      /* that shooter, or NULL */
} MovePrice;

static void
price_move (PhGame         *game,
            const PhFigure *figure,
            PhPoint         from,
            PhPoint         to,
            MovePrice      *price)
{
  memset (price, 0, sizeof *price);
  path_cost (ph_game_get_scenario (game), figure_row (figure), from, to, &price->path);
  price->cost = (int) move_ips (&price->path);
  price->closing = closes_with (game, figure, from, to, &price->towards);
  price->budget = price->closing ? ph_game_get_figure_var_int (game, figure->id, "ips", 0)
                                 : ph_firelock_free_ips (game, figure);
  /* Riders: the horse dice are movement, spent at the Cavalry rates */
  price->horse = figure->mounted ? ph_game_get_figure_var_int (game, figure->id, "horse-move", 0)
                                 : 0;
  price->from_horse = MIN (price->horse, price->cost);
  price->from_ips = price->cost - price->from_horse;
}

gboolean
ph_firelock_action_move (PhGame     *game,
                GHashTable *args,
                GError    **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *figure = fl_arg_figure (game, args, "figure", error);
  const char *sx = g_hash_table_lookup (args, "x");
  const char *sy = g_hash_table_lookup (args, "y");
  g_autoptr(GString) log = g_string_new (NULL);
  PhPoint from, to;
  MovePrice price;
  const PathCost *path = &price.path;
  Row row;
  int cost, from_ips, owed, budget, stream_d6 = 0;
  const char *close_to;
  char *end;

  if (figure == NULL || !ph_firelock_require_active (game, figure, error))
    return FALSE;
  if (sx == NULL || sy == NULL)
    {
      fl_bad (error, _("move needs x and y"));
      return FALSE;
    }
  to.x = g_ascii_strtod (sx, &end);
  if (*end != '\0' || !isfinite (to.x))
    {
      fl_bad (error, _("x: \"%s\" is not a number"), sx);
      return FALSE;
    }
  to.y = g_ascii_strtod (sy, &end);
  if (*end != '\0' || !isfinite (to.y))
    {
      fl_bad (error, _("y: \"%s\" is not a number"), sy);
      return FALSE;
    }
  if (to.x < 0 || to.y < 0 || to.x > scenario->table.width || to.y > scenario->table.height)
    {
      fl_bad (error, _("%s cannot move off the table"), ph_firelock_name (figure));
      return FALSE;
    }
  from = ph_firelock_figure_point (figure);
  if (ph_point_distance (from, to) < 1e-9)
    {
      fl_bad (error, _("%s is already there"), ph_firelock_name (figure));
      return FALSE;
    }

  row = figure_row (figure);
  price_move (game, figure, from, to, &price);
  if (path->impassable)
    {
      fl_not_now (error, _("%s cannot move through water"), ph_firelock_name (figure));
      return FALSE;
    }
  /* the stream's d6 comes below; angry or vexed, the IPs owed go on
   * moving towards the shooter */
  cost = price.cost;
  from_ips = price.from_ips;
  budget = price.budget;
  owed = ph_game_get_figure_var_int (game, figure->id, "close-ips", 0);
  close_to = ph_game_get_figure_var (game, figure->id, "close-to");

  if (from_ips > budget)
    {
      if (owed > 0 && !price.closing)
        fl_not_now (error, _("%s must spend %d IPs moving towards %s first: this move costs %d "
                      "and he has %d to spare"), ph_firelock_name (figure), owed,
                    price.towards != NULL ? ph_firelock_name (price.towards) : close_to, cost,
                    budget);
      else
        {
          g_autofree char *over = ph_move_crossing_words (path->over, path->n_over);
          g_autofree char *why = g_strdup_printf (price.from_horse > 0
                                                  ? _("Moving %.1f in costs %s %d IPs beyond his horse movement; he has %d")
                                                  : _("Moving %.1f in costs %s %d IPs; he has %d"),
                                                  path->inches, ph_firelock_name (figure), cost, budget);

          if (over != NULL)
            /* TRANSLATORS: "Moving 5.5 in costs Sgt. Dubois 9 IPs; he
             * has 7 (crossing the Old Stone Wall)" */
            fl_not_now (error, _("%s (crossing %s)"), why, over);
          else
            fl_not_now (error, "%s", why);
        }
      return FALSE;
    }

  ph_game_set_event_figure (game, figure->id);
  /* the stream's d6, rolled as he reaches the bank: when he cannot pay
   * it all he spends what he has and stays where he is, and the log may
   * not say he moved (the trial's "moves 7.6 in … stays on this bank") */
  if (path->stream)
    {
      const PhRoll *roll = ph_game_roll (game, 1, 6, figure->id, _("IPs to cross a stream"));
      const PhFeature *run = path->stream_feature;
      const char *stream = run != NULL && run->name != NULL && run->name[0] != '\0'
                           ? run->name : _("the stream");

      if (from_ips + roll->total > budget)
        {
          ph_firelock_spend_ips (game, figure, budget);
          if (price.closing)
            ph_game_set_figure_var (game, figure->id, "close-ips", NULL);
          /* TRANSLATORS: "Hawkeye tries to cross Bloody Run: 7.6 in at 1
           * IP an inch, 8 + d6 5 = 13 IPs needed, he has 10; he spends
           * them and stays where he is, on this bank" */
          ph_game_log (game, _("%s tries to cross %s: %.1f in at 1 IP an inch, %d + d6 %d = %d IPs "
                               "needed, he has %d; he spends them and stays where he is, on this "
                               "bank"),
                       ph_firelock_name (figure), stream, path->inches, cost, roll->total,
                       from_ips + roll->total, budget);
          return TRUE;
        }
      stream_d6 = roll->total;
    }
  g_string_append_printf (log, _("%s moves %.1f in as %s ("), ph_firelock_name (figure), path->inches,
                          _(row_names[row]));
  {
    gboolean first = TRUE;

    for (int g = 0; g < 3; g++)
      if (path->on[g] > 1e-9)
        {
          g_string_append_printf (log, _("%s%.1f in %s"), first ? "" : ", ", path->on[g],
                                  ph_firelock_ground_name (g));
          first = FALSE;
        }
    if (path->n_over > 0)
      {
        g_autofree char *over = ph_move_crossing_words (path->over, path->n_over);

        /* TRANSLATORS: after the ground's inches: ", crossing the
         * Split-rail Fence" */
        g_string_append_printf (log, _(", crossing %s"), over);
      }
  }
  g_string_append (log, ")");

  /* the stream's d6, paid */
  if (path->stream)
    {
      /* the distance at 1 IP an inch whatever the ground (the ground's
       * inches above are said, not paid): "..., crossing a stream at 1 IP
       * an inch: 18 + d6 4" */
      g_string_append_printf (log, _(", crossing a stream at 1 IP an inch: %d + d6 %d"), cost,
                              stream_d6);
      from_ips += stream_d6;
      cost += stream_d6;
    }

  if (!ph_firelock_set_double_attr (game, figure, "x", to.x, error)
      || !ph_firelock_set_double_attr (game, figure, "y", to.y, error))
    return FALSE;
  ph_game_set_status (game, figure->id, PH_STATUS_MOVED, TRUE);
  if (price.from_horse > 0)
    {
      ph_game_set_figure_var (game, figure->id, "horse-move", NULL);
      if (price.horse - price.from_horse > 0)
        ph_game_set_figure_var_int (game, figure->id, "horse-move", price.horse - price.from_horse);
      g_string_append_printf (log, _(": %d horse movement"), price.from_horse);
    }
  ph_firelock_spend_ips (game, figure, from_ips);
  /* TRANSLATORS: after the move's distances: " and 3 IPs, 4 left" after
   * the horse's movement, else ": 3 IPs, 4 left" */
  g_string_append_printf (log, price.from_horse > 0 ? g_dngettext (GETTEXT_PACKAGE, " and %d IP, %d left",
                                                             " and %d IPs, %d left", from_ips)
                          : g_dngettext (GETTEXT_PACKAGE, ": %d IP, %d left", ": %d IPs, %d left",
                                         from_ips),
                          from_ips, ph_game_get_figure_var_int (game, figure->id, "ips", 0));
  if (price.closing)
    {
      int still = MAX (0, owed - from_ips);

      ph_game_set_figure_var (game, figure->id, "close-ips", NULL);
      if (still > 0)
        ph_game_set_figure_var_int (game, figure->id, "close-ips", still);
      g_string_append_printf (log, _(" (%d still owed to closing with %s)"), still,
                              ph_firelock_name (price.towards));
    }
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* A move by drag: the IPs he may spend on moving (a rider's horse
 * movement too), each straight move paid as the move action pays it */
gboolean
ph_firelock_plan_move (PhGame         *game,
                       const PhFigure *figure,
                       PhMovePlan     *plan,
                       GError        **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  int horse, budget;

  if (!ph_firelock_require_active (game, figure, error))
    return FALSE;
  budget = ph_firelock_free_ips (game, figure);
  horse = figure->mounted ? ph_game_get_figure_var_int (game, figure->id, "horse-move", 0) : 0;
  /* IPs owed to closing with a shooter may only be spent towards him: the
   * drop says so; the reach shows what he has */
  if (ph_game_get_figure_var_int (game, figure->id, "close-ips", 0) > 0)
    budget = MAX (budget, ph_game_get_figure_var_int (game, figure->id, "ips", 0));
  if (budget + horse <= 0)
    {
      fl_not_now (error, _("%s has no IPs left to move with"), ph_firelock_name (figure));
      return FALSE;
    }
  plan->allowance = budget + horse;
  plan->cost_unit = "IPs";
  plan->distance_unit = "in";
  /* two inches an IP is the most any ground gives */
  plan->reach_limit = plan->allowance * 2.0 * ph_firelock_units_per_inch (scenario);
  return TRUE;
}

void
ph_firelock_move_cost (PhGame           *game,
                       const PhFigure   *figure,
                       const PhMovePlan *plan,
                       PhPoint           to,
                       PhMoveCost       *cost,
                       GHashTable       *args)
{
  MovePrice price;
  int owed = ph_game_get_figure_var_int (game, figure->id, "close-ips", 0);

  (void) args;
  /* priced as the move action pays it (price_move ()) */
  price_move (game, figure, plan->origin, to, &price);
  cost->distance = price.path.inches;
  /* the fences and walls that make the move dear, named (the trial's
   * "too far: 7 IPs allowed (this costs 9)" did not say the wall did) */
  memcpy (cost->crossing, price.path.over, sizeof cost->crossing);
  cost->n_crossing = price.path.n_over;
  if (price.path.impassable)
    {
      cost->barred = "water";
      return;
    }
  cost->cost = price.cost;
  /* the stream's d6 is rolled on the drop: the reach and the label count
   * the least it can be, 1, and the label says what roll leaves him on
   * this bank: one over the IPs left once the distance is paid */
  if (price.path.stream)
    {
      int spare = price.budget - price.from_ips;

      cost->cost += 1;
      cost->mode = _("crossing a stream, + d6 IPs (1 counted)");
      if (spare < 6)
        cost->stops_on = MAX (1, spare + 1);
    }
  /* IPs owed to closing with a shooter go only on moving towards him: a
   * move that does not close pays from what is left over (the action
   * refuses it the same way) */
  if (owed > 0 && price.towards != NULL && !price.closing)
    {
      cost->cost += owed;
      cost->mode = price.path.stream ? _("not towards the shooter (IPs owed to closing), "
                                         "crossing a stream, + d6 IPs (1 counted)")
                                     : _("not towards the shooter: IPs owed to closing");
    }
}

/* ------------------------------------------------------------------ */
/* Loading and mounting                                                */

/* 2. "A bow takes 2 IPs, a pistol, musket or blunderbuss 6 IPs, and any
 * mounted weapon or a rifle 10 IPs."  A thrown knife or tomahawk is taken
 * up again as a bow is drawn: 2.  -1: not a Firelock weapon. */
static int
load_cost (PhWeaponKind kind,
           gboolean     mounted)
{
  switch (kind)
    {
    case PH_WEAPON_BOW:
    case PH_WEAPON_THROWN:
      return mounted ? 10 : 2;
    case PH_WEAPON_PISTOL:
    case PH_WEAPON_MUSKET:
    case PH_WEAPON_BLUNDERBUSS:
      return mounted ? 10 : 6;
    case PH_WEAPON_RIFLE:
      return 10;
    default:
      return -1;
    }
}

/* Load's IPs left out: all he can put in now, up to what the weapon
 * still needs (the Game tab showed a 0 the step never used) */
char *
ph_firelock_arg_default (PhGame     *game,
                         const char *action,
                         const char *arg,
                         GHashTable *args)
{
  const char *id = g_hash_table_lookup (args, "figure");
  PhFigure *figure = id != NULL ? ph_scenario_find_figure (ph_game_get_scenario (game), id) : NULL;
  const PhWeapon *weapon;
  int index, cost, progress = 0, put;

  if (!g_str_equal (action, "load") || !g_str_equal (arg, "ips") || figure == NULL
      || !ph_firelock_pick_weapon (figure, args, TRUE, &index, NULL))
    return NULL;
  weapon = &g_array_index (figure->weapons, PhWeapon, index);
  cost = load_cost (weapon->kind, figure->mounted);
  if (cost < 0 || weapon->loaded)
    return NULL;
  if (ph_game_get_figure_var_int (game, figure->id, "load-weapon", -1) == index)
    progress = ph_game_get_figure_var_int (game, figure->id, "load-progress", 0);
  put = MIN (ph_firelock_free_ips (game, figure), cost - progress);
  return put > 0 ? g_strdup_printf ("%d", put) : NULL;
}

/* The map's Load item: the weapon the step loads and the IPs it puts in
 * now, "musket, 6 IPs", or "musket, 4 IPs (4 of 6, carried over)" when
 * he cannot finish it this activation; NULL when the rules would refuse
 * it (ph_game_try() says why) */
char *
ph_firelock_step_words (PhGame         *game,
                        const char     *action,
                        const PhFigure *figure)
{
  const PhWeapon *weapon;
  const char *kind;
  int index, cost, progress = 0, put;

  g_autoptr(GHashTable) none = g_hash_table_new (g_str_hash, g_str_equal);

  if (!g_str_equal (action, "load") || !ph_firelock_pick_weapon (figure, none, TRUE, &index, NULL))
    return NULL;
  weapon = &g_array_index (figure->weapons, PhWeapon, index);
  cost = load_cost (weapon->kind, figure->mounted);
  if (cost < 0 || weapon->loaded)
    return NULL;
  if (ph_game_get_figure_var_int (game, figure->id, "load-weapon", -1) == index)
    progress = ph_game_get_figure_var_int (game, figure->id, "load-progress", 0);
  put = MIN (ph_firelock_free_ips (game, figure), cost - progress);
  if (put <= 0)
    return NULL;
  kind = ph_weapon_kind_label (weapon->kind);
  if (progress + put < cost)
    /* TRANSLATORS: the map's Load item: "Load (musket, 4 IPs: 4 of 6,
     * carried over)" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %d IP: %d of %d, carried over",
                                         "%s, %d IPs: %d of %d, carried over", put),
                            kind, put, progress + put, cost);
  if (progress > 0)
    /* TRANSLATORS: the map's Load item: "Load (musket, 2 IPs: the last
     * of 6)" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %d IP: the last of %d",
                                         "%s, %d IPs: the last of %d", put), kind, put, cost);
  /* TRANSLATORS: the map's Load item: "Load (musket, 6 IPs)" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %d IP", "%s, %d IPs", put), kind, put);
}

gboolean
ph_firelock_action_load (PhGame     *game,
                GHashTable *args,
                GError    **error)
{
  PhFigure *figure = fl_arg_figure (game, args, "figure", error);
  const PhWeapon *weapon;
  const char *kind;
  int index, cost, progress, put, want, free_ips;
  char attr[32];
  g_autoptr(GString) log = g_string_new (NULL);

  if (figure == NULL || !ph_firelock_require_active (game, figure, error)
      || !ph_firelock_pick_weapon (figure, args, TRUE, &index, error)
      || !ph_firelock_arg_int (args, "ips", 0, &want, error))
    return FALSE;
  weapon = &g_array_index (figure->weapons, PhWeapon, index);
  kind = ph_weapon_kind_label (weapon->kind);
  cost = load_cost (weapon->kind, figure->mounted);
  if (cost < 0)
    {
      fl_bad (error, _("%s's %s is not loaded under these rules"), ph_firelock_name (figure), kind);
      return FALSE;
    }
  if (weapon->loaded)
    {
      fl_not_now (error, _("%s's %s is already loaded"), ph_firelock_name (figure), kind);
      return FALSE;
    }
  if (want < 0)
    {
      fl_bad (error, _("ips: put at least 1 IP into loading"));
      return FALSE;
    }

  /* "If you are loading over more than one turn, use a d6 to mark how many
   * IPs are being carried over": load-progress, for one weapon at a time */
  progress = 0;
  if (ph_game_get_figure_var_int (game, figure->id, "load-weapon", -1) == index)
    progress = ph_game_get_figure_var_int (game, figure->id, "load-progress", 0);
  else if (ph_game_get_figure_var (game, figure->id, "load-progress") != NULL)
    g_string_append (log, _("(loading of his other weapon abandoned) "));

  free_ips = ph_firelock_free_ips (game, figure);
  put = want > 0 ? MIN (want, cost - progress) : MIN (free_ips, cost - progress);
  if (put <= 0 || put > free_ips)
    {
      fl_not_now (error, free_ips > 0 ? _("%s has no IPs to put into loading (asked for more than he has)")
                  : _("%s has no IPs to put into loading"), ph_firelock_name (figure));
      return FALSE;
    }
  ph_game_set_event_figure (game, figure->id);
  ph_firelock_spend_ips (game, figure, put);
  progress += put;
  g_string_append_printf (log, figure->mounted
                          ? g_dngettext (GETTEXT_PACKAGE, "%s puts %d IP into loading his %s (%d of %d, mounted)",
                                         "%s puts %d IPs into loading his %s (%d of %d, mounted)", put)
                          : g_dngettext (GETTEXT_PACKAGE, "%s puts %d IP into loading his %s (%d of %d)",
                                         "%s puts %d IPs into loading his %s (%d of %d)", put),
                          ph_firelock_name (figure), put, kind, progress, cost);
  if (progress >= cost)
    {
      g_snprintf (attr, sizeof attr, "weapon.%d.loaded", index);
      if (!ph_game_set_figure_attr (game, figure->id, attr, "true", error))
        return FALSE;
      ph_game_set_figure_var (game, figure->id, "load-progress", NULL);
      ph_game_set_figure_var (game, figure->id, "load-weapon", NULL);
      g_string_append (log, _(": loaded"));
    }
  else
    {
      ph_game_set_figure_var_int (game, figure->id, "load-progress", progress);
      ph_game_set_figure_var_int (game, figure->id, "load-weapon", index);
      g_string_append (log, _(", carried over"));
    }
  ph_firelock_append_ips_left (log, ph_game_get_figure_var_int (game, figure->id, "ips", 0));
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* "Riders must use IPs equal to a random d6 roll to mount or dismount." */
gboolean
ph_firelock_action_mount (PhGame     *game,
                 GHashTable *args,
                 gboolean    mount,
                 GError    **error)
{
  PhFigure *figure = fl_arg_figure (game, args, "figure", error);
  const PhRoll *roll;
  int free_ips;

  if (figure == NULL || !ph_firelock_require_active (game, figure, error))
    return FALSE;
  if (figure->mounted == mount)
    {
      fl_not_now (error, mount ? _("%s is already mounted") : _("%s is already on foot"),
                  ph_firelock_name (figure));
      return FALSE;
    }
  free_ips = ph_firelock_free_ips (game, figure);
  if (free_ips <= 0)
    {
      fl_not_now (error, mount ? _("%s has no IPs left to mount") : _("%s has no IPs left to dismount"),
                  ph_firelock_name (figure));
      return FALSE;
    }
  ph_game_set_event_figure (game, figure->id);
  roll = ph_game_roll (game, 1, 6, figure->id, "%s", mount ? _("IPs to mount") : _("IPs to dismount"));
  if (roll->total > free_ips)
    {
      ph_firelock_spend_ips (game, figure, free_ips);
      ph_game_log (game, mount ? _("%s tries to mount: d6 %d IPs needed, he has %d; he spends them and "
                                   "is still on foot")
                   : _("%s tries to dismount: d6 %d IPs needed, he has %d; he spends them and "
                       "is still mounted"), ph_firelock_name (figure), roll->total, free_ips);
      return TRUE;
    }
  ph_firelock_spend_ips (game, figure, roll->total);
  if (!ph_game_set_figure_attr (game, figure->id, "mounted", mount ? "true" : "false", error))
    return FALSE;
  if (!mount)
    ph_game_set_figure_var (game, figure->id, "horse-move", NULL);
  ph_game_log (game, mount ? _("%s mounts: d6 %d IPs, %d left") : _("%s dismounts: d6 %d IPs, %d left"),
               ph_firelock_name (figure), roll->total,
               ph_game_get_figure_var_int (game, figure->id, "ips", 0));
  return TRUE;
}
