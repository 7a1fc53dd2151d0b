/* ph-game-featherstone-move.c: a game of Skirmish Wargaming: movement and actions
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Moving at a walk, run, charge or crawl (a horse by its stance), and the
 * other actions a man takes in a phase.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-featherstone-private.h"

/* Movement table, paces: open ground, difficult terrain (0: not allowed) */
typedef enum { RATE_WALK, RATE_RUN, RATE_CHARGE, RATE_CRAWL, RATE_TROT,
               RATE_CANTER, RATE_GALLOP, N_RATES } Rate;

/* the argument's values; NC_(): said translated, g_dpgettext2 (GETTEXT_PACKAGE, "rate", name) */
static const char * const rate_names[] = {
  NC_("rate", "walk"), NC_("rate", "run"), NC_("rate", "charge"), NC_("rate", "crawl"),
  NC_("rate", "trot"), NC_("rate", "canter"), NC_("rate", "gallop"), NULL
};
/* the log's "Smith walks" */
static const char * const rate_logs[] = {
  N_("%s walks"), N_("%s runs"), N_("%s charges"), N_("%s crawls"), N_("%s trots"),
  N_("%s canters"), N_("%s gallops"),
};
static const int rate_paces[N_RATES][2] = {
  { 4, 2 },   /* Walk (foot and horse) */
  { 8, 4 },   /* Run */
  { 10, 5 },  /* Charge */
  { 2, 1 },   /* Crawl/limp */
  { 8, 4 },   /* Trot */
  { 12, 0 },  /* Canter */
  { 16, 0 },  /* Gallop */
};

/* The riders' rates in order, for "Riders may accelerate or decelerate
 * from one Rate to another (ie up or down) on subsequent phases." */
int
ph_featherstone_horse_rate_index (PhStance stance)
{
  switch (stance)
    {
    case PH_STANCE_WALKING: return 1;
    case PH_STANCE_TROTTING: return 2;
    case PH_STANCE_CANTERING: return 3;
    case PH_STANCE_GALLOPING: return 4;
    default: return 0;
    }
}

const PhStance ph_featherstone_horse_stances[] = {
  PH_STANCE_STANDING, PH_STANCE_WALKING, PH_STANCE_TROTTING,
  PH_STANCE_CANTERING, PH_STANCE_GALLOPING,
};

static void
drop_aim (PhGame     *game,
          PhFigure   *f,
          GString    *log)
{
  if (ph_game_get_figure_var (game, f->id, "aim-target") == NULL)
    return;
  ph_game_set_figure_var (game, f->id, "aim-target", NULL);
  ph_game_set_figure_var (game, f->id, "aim-phase", NULL);
  ph_game_set_figure_var (game, f->id, "aim-count", NULL);
  if (log != NULL)
    g_string_append (log, _("; he gives up his aim"));
}

/* "2 Move all men.": a man the referee moves at that step (Move Anyway)
 * has made his move for the phase, as by the move action: the moved
 * marker, his aim given up; he cannot move again until the next phase */
void
ph_featherstone_referee_moved (PhGame   *game,
                               PhFigure *f,
                               GString  *log)
{
  g_autoptr(GString) aim = g_string_new (NULL);

  if (!ph_featherstone_at_move_step (game) || (f->status & PH_STATUS_MOVED))
    return;
  ph_game_set_status (game, f->id, PH_STATUS_MOVED, TRUE);
  drop_aim (game, f, aim);
  /* TRANSLATORS: after "Referee moved Rfn. Harris 12.0 cm": "(his move
   * for phase 1; he gives up his aim)" */
  g_string_append_printf (log, _(" (his move for phase %d%s)"),
                          ph_featherstone_current_phase (game), aim->str);
}

/* Whether @f may move at @rate now (in difficult terrain or not), and
 * the stance it puts him in */
static gboolean
check_rate (PhGame          *game,
            const PhFigure  *f,
            Rate             rate,
            gboolean         difficult,
            PhStance        *stance,
            GError         **error)
{
  const char *movement = ph_game_get_figure_var (game, f->id, "movement");

  if (f->mounted != (rate == RATE_TROT || rate == RATE_CANTER || rate == RATE_GALLOP)
      && rate != RATE_WALK)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   f->mounted ? _("%s is mounted: walk, trot, canter or gallop")
                              : _("%s is on foot: walk, run, charge or crawl"),
                   ph_featherstone_fname (f));
      return FALSE;
    }
  if (rate_paces[rate][difficult] == 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("no %s in difficult terrain"), g_dpgettext2 (GETTEXT_PACKAGE, "rate", rate_names[rate]));
      return FALSE;
    }

  /* B and E: "Then can crawl or stagger only", "crawl or limp only" */
  if (g_strcmp0 (movement, "crawl") == 0 && rate != RATE_CRAWL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s's wound lets him crawl, stagger or limp only: choose the crawl rate"),
                   ph_featherstone_fname (f));
      return FALSE;
    }
  /* J: "cannot charge in that game"; "A man with a serious wound cannot
   * charge or dive." */
  if (rate == RATE_CHARGE
      && (ph_game_get_figure_var (game, f->id, "no-charge") != NULL
          || ph_featherstone_serious_count (f) > 0))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s is wounded and cannot charge"), ph_featherstone_fname (f));
      return FALSE;
    }
  if (f->mounted)
    {
      int from = ph_featherstone_horse_rate_index (f->stance);
      int to = ph_featherstone_horse_rate_index (rate == RATE_WALK ? PH_STANCE_WALKING
                                    : rate == RATE_TROT ? PH_STANCE_TROTTING
                                    : rate == RATE_CANTER ? PH_STANCE_CANTERING
                                    : PH_STANCE_GALLOPING);

      if (abs (to - from) > 1)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       _("riders change rate one step a phase: %s is %s"),
                       ph_featherstone_fname (f), ph_stance_label (f->stance));
          return FALSE;
        }
      /* "I-J Mount nicked, and will decelerate automatically on the next
       * phase": in that phase the horse goes no faster than it slowed to */
      if (to > from
          && ph_game_get_figure_var_int (game, f->id, "slowed-in", -1)
             == ph_game_get_var_int (game, "turn", 1))
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       _("%s's nicked mount has slowed to %s this phase and cannot go faster"),
                       ph_featherstone_fname (f), ph_stance_label (f->stance));
          return FALSE;
        }
      *stance = ph_featherstone_horse_stances[to];
    }
  else
    {
      switch (rate)
        {
        case RATE_RUN: *stance = PH_STANCE_RUNNING; break;
        case RATE_CHARGE: *stance = PH_STANCE_CHARGING; break;
        case RATE_CRAWL:
          *stance = f->stance == PH_STANCE_LYING ? PH_STANCE_LYING : PH_STANCE_WALKING;
          break;
        case RATE_WALK:
        default: *stance = PH_STANCE_WALKING; break;
        }
    }
  return TRUE;
}

/* The paces a man may go at @rate in this phase, on open ground or in
 * difficult terrain, his wound's half rate paid: what the move action
 * allows and what the drag's label counts down from */
static double
rate_limit (PhGame         *game,
            const PhFigure *f,
            Rate            rate,
            gboolean        difficult)
{
  double paces = rate_paces[rate][difficult];

  if (g_strcmp0 (ph_game_get_figure_var (game, f->id, "movement"), "half") == 0)
    paces /= 2;
  return paces;
}

/* The living enemy whose base @f's would touch at @to (base contact, the
 * melee's), the nearest; NULL when none */
static const PhFigure *
enemy_in_contact (PhGame         *game,
                  const PhFigure *f,
                  PhPoint         to)
{
  const PhScenario *scenario = ph_game_get_scenario (game);
  const PhFigure *best = NULL;
  double best_d = G_MAXDOUBLE;
  PhFigure there = *f;

  there.x = to.x;
  there.y = to.y;
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *o = g_ptr_array_index (scenario->figures, i);
      double d;

      if (o == f || g_strcmp0 (o->side, f->side) == 0 || ph_figure_is_off_table (o)
          || ph_featherstone_is_dead (o) || !ph_game_bases_touch (scenario, &there, o, NULL))
        continue;
      d = hypot (o->x - to.x, o->y - to.y);
      if (d < best_d)
        {
          best = o;
          best_d = d;
        }
    }
  return best;
}

gboolean
ph_featherstone_action_move (PhGame      *game,
                GHashTable  *args,
                GError     **error)
{
  static const char * const terrains[] = { "open", "difficult", NULL };
  PhFigure *f = fs_get_figure (game, args, "figure", error);
  g_autoptr(GString) log = g_string_new (NULL);
  const char *movement;
  gboolean has_x, has_y, difficult;
  double x = 0, y = 0, allowance;
  int rate, terrain;
  PhStance stance;

  if (f == NULL)
    return FALSE;
  rate = ph_featherstone_get_choice_arg (args, "rate", rate_names, -1, error);
  if (rate < 0)
    return FALSE;
  terrain = ph_featherstone_get_choice_arg (args, "terrain", terrains, 0, error);
  if (terrain < 0
      || !fs_get_number_arg (args, "x", &has_x, &x, error)
      || !fs_get_number_arg (args, "y", &has_y, &y, error))
    return FALSE;
  if (has_x != has_y)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("give both x and y, or neither"));
      return FALSE;
    }
  difficult = terrain == 1;
  /* past the movement step: in the words a drag's refusal has */
  if (!ph_featherstone_check_step (game, STEP_MOVE, _("movement"), NULL))
    return ph_featherstone_check_move_step (game, error);
  if (!ph_featherstone_enter_step (game, STEP_MOVE, _("movement"), error) || !ph_featherstone_check_able (game, f, TRUE, error))
    return FALSE;
  if (f->status & PH_STATUS_MOVED)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has already moved this phase"), ph_featherstone_fname (f));
      return FALSE;
    }
  if (!ph_featherstone_check_may_move (game, f, error))
    return FALSE;

  if (!check_rate (game, f, rate, difficult, &stance, error))
    return FALSE;
  /* G: "Then all movement at half rate." */
  allowance = rate_limit (game, f, rate, difficult);
  movement = ph_game_get_figure_var (game, f->id, "movement");

  g_string_append_printf (log, _(rate_logs[rate]), ph_featherstone_fname (f));
  if (difficult)
    g_string_append (log, _(" in difficult terrain"));
  if (has_x)
    {
      /* paces: an inch table's inches count 2.54 paces each */
      double d = hypot (x - f->x, y - f->y)
                 / ph_ruleset_table_units_per (PH_RULESET_FEATHERSTONE,
                                               &ph_game_get_scenario (game)->table);
      g_autofree char *dist = NULL;
      char xs[G_ASCII_DTOSTR_BUF_SIZE], ys[G_ASCII_DTOSTR_BUF_SIZE];

      if (d > allowance + 1e-9)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       _("%s can %s %g paces this phase, not %.1f"),
                       ph_featherstone_fname (f), g_dpgettext2 (GETTEXT_PACKAGE, "rate", rate_names[rate]),
                       allowance, d);
          return FALSE;
        }
      g_ascii_dtostr (xs, sizeof xs, x);
      g_ascii_dtostr (ys, sizeof ys, y);
      if (!ph_game_set_figure_attr (game, f->id, "x", xs, error)
          || !ph_game_set_figure_attr (game, f->id, "y", ys, error))
        return FALSE;
      g_string_append_printf (log, _(" %.1f paces (up to %g)"), d, allowance);
      if (rate == RATE_CHARGE)
        {
          const PhFigure *enemy = enemy_in_contact (game, f, (PhPoint) { x, y });

          if (enemy != NULL)
            /* TRANSLATORS: after "Pte Jones charges 9.0 paces (up to 10)" */
            g_string_append_printf (log, _(", into contact with %s"),
                                    ph_featherstone_fname (enemy));
        }
    }
  else
    g_string_append_printf (log, _(" (up to %g paces)"), allowance);
  if (g_strcmp0 (movement, "half") == 0)
    g_string_append (log, _(", at half rate for his wound"));
  if (!ph_game_set_figure_attr (game, f->id, "stance", ph_stance_to_string (stance), error))
    return FALSE;
  ph_game_set_status (game, f->id, PH_STATUS_MOVED, TRUE);
  /* the rate he moves at this phase, which the melee's "Movement"
   * variations read (never a stance the file or the referee left him in) */
  ph_game_set_figure_var (game, f->id, "rate", rate_names[rate]);
  /* "Whilst making an aimed shot a man may make no other action, nor
   * move." */
  drop_aim (game, f, log);
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

gboolean
ph_featherstone_choice_allowed (PhGame     *game,
                                const char *action,
                                const char *arg,
                                const char *choice,
                                GHashTable *args)
{
  const char *id = g_hash_table_lookup (args, "figure");
  PhFigure *f = id != NULL ? ph_scenario_find_figure (ph_game_get_scenario (game), id) : NULL;

  if (f == NULL || !g_str_equal (action, "move") || !g_str_equal (arg, "rate"))
    return TRUE;
  /* the rates his feet or his horse allow him now: a rider one rate up
   * or down from his horse's ("Riders may accelerate or decelerate from
   * one Rate to another (ie up or down)": a canter last phase offers
   * trot, canter or gallop), a wounded man's crawl, no charge with a
   * serious wound */
  for (int rate = 0; rate < N_RATES; rate++)
    if (g_str_equal (choice, rate_names[rate]))
      {
        PhStance stance;

        return check_rate (game, f, rate, FALSE, &stance, NULL);
      }
  return TRUE;
}

/* "Actions differ from movement in that they involve time rather than
 * distance. All actions, unless otherwise stated, take one phase." */
gboolean
ph_featherstone_action_act (PhGame      *game,
               GHashTable  *args,
               GError     **error)
{
  static const char * const whats[] = {
    NC_("action", "kneel"), NC_("action", "lie-down"), NC_("action", "get-up"),
    NC_("action", "dive"), NC_("action", "mount"), NC_("action", "dismount"),
    NC_("action", "draw"), NC_("action", "sheath"), NC_("action", "pick-up"),
    NC_("action", "other"), NULL
  };
  enum { KNEEL, LIE, GET_UP, DIVE, MOUNT, DISMOUNT, DRAW, SHEATH, PICK_UP, OTHER };
  PhFigure *f = fs_get_figure (game, args, "figure", error);
  g_autoptr(GString) log = g_string_new (NULL);
  const char *text = g_hash_table_lookup (args, "text");
  const char *stance = NULL;
  int what;

  if (f == NULL)
    return FALSE;
  what = ph_featherstone_get_choice_arg (args, "what", whats, -1, error);
  if (what < 0)
    return FALSE;
  if (!ph_featherstone_enter_step (game, STEP_MOVE, _("an action"), error)
      || !ph_featherstone_check_able (game, f, FALSE, error)
      || !ph_featherstone_check_may_act (game, f, error))
    return FALSE;

  switch (what)
    {
    case KNEEL:
      stance = "kneeling";
      break;
    case DIVE:
      if (ph_featherstone_serious_count (f) > 0)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       _("%s has a serious wound and cannot dive"), ph_featherstone_fname (f));
          return FALSE;
        }
      /* fall through */
    case LIE:
      stance = "lying";
      break;
    case GET_UP:
      stance = "standing";
      break;
    case MOUNT:
    case DISMOUNT:
      if (f->mounted == (what == MOUNT))
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       f->mounted ? _("%s is already mounted") : _("%s is already on foot"),
                       ph_featherstone_fname (f));
          return FALSE;
        }
      if (!ph_game_set_figure_attr (game, f->id, "mounted",
                                    what == MOUNT ? "true" : "false", error))
        return FALSE;
      stance = "standing";
      break;
    case PICK_UP:
      if (ph_game_get_figure_var (game, f->id, "dropped") == NULL)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       _("%s has dropped nothing"), ph_featherstone_fname (f));
          return FALSE;
        }
      ph_game_set_figure_var (game, f->id, "dropped", NULL);
      break;
    default:
      break;
    }
  /* draw, sheath, pick-up, other: a standing man is "Making an Action"
   * (the target row "Walking or Making an Action"); a kneeling or lying
   * one keeps his stance */
  if (stance == NULL && f->stance == PH_STANCE_STANDING)
    stance = "action";
  if (stance != NULL
      && !ph_game_set_figure_attr (game, f->id, "stance", stance, error))
    return FALSE;
  /* the phase is his action's: no move after it */
  ph_game_set_figure_var (game, f->id, "acted", whats[what]);
  g_string_append_printf (log, _("%s makes an action: %s"), ph_featherstone_fname (f),
                          g_dpgettext2 (GETTEXT_PACKAGE, "action", whats[what]));
  if (text != NULL && *text != '\0')
    g_string_append_printf (log, " (%s)", text);
  /* "All actions take twice as long with a serious wound." */
  if (ph_featherstone_serious_count (f) > 0)
    {
      ph_game_set_figure_var (game, f->id, "busy-next", whats[what]);
      g_string_append (log, _(", which takes him this phase and the next with his "
                         "serious wound"));
    }
  drop_aim (game, f, log);
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Moves by drag                                                          */

/* The rates a man may take this phase, slowest first: on foot walk and
 * run (a charge is ordered in the Move form), crawling only when a wound
 * says so; a rider one step from his horse's rate */
static guint
drag_rates (PhGame          *game,
            const PhFigure  *f,
            Rate             rates[N_RATES])
{
  static const Rate foot[] = { RATE_CRAWL, RATE_WALK, RATE_RUN };
  static const Rate horse[] = { RATE_WALK, RATE_TROT, RATE_CANTER, RATE_GALLOP };
  guint n = 0;

  if (f->mounted)
    {
      for (guint i = 0; i < G_N_ELEMENTS (horse); i++)
        {
          PhStance stance;

          if (check_rate (game, f, horse[i], FALSE, &stance, NULL))
            rates[n++] = horse[i];
        }
    }
  else
    for (guint i = 0; i < G_N_ELEMENTS (foot); i++)
      {
        PhStance stance;
        gboolean lying = f->stance == PH_STANCE_LYING;

        /* crawling is a choice only when nothing faster is allowed, or
         * for a man lying down: dragged, he crawls and stays down ("Get
         * up" is an action of its own, in the Game tab) */
        if (foot[i] == RATE_CRAWL && !lying
            && g_strcmp0 (ph_game_get_figure_var (game, f->id, "movement"), "crawl") != 0)
          continue;
        if (foot[i] != RATE_CRAWL && lying)
          continue;
        if (check_rate (game, f, foot[i], FALSE, &stance, NULL))
          rates[n++] = foot[i];
      }
  return n;
}

/* The rate the player chose for the move (the Move form's, in the
 * plan's wish) when the rules let him take it now, else -1 */
static int
wished_rate (PhGame           *game,
             const PhFigure   *f,
             const PhMovePlan *plan)
{
  const char *name = plan->wish != NULL ? g_hash_table_lookup (plan->wish, "rate") : NULL;
  PhStance stance;

  for (int rate = 0; name != NULL && rate < N_RATES; rate++)
    if (g_str_equal (name, rate_names[rate]))
      return check_rate (game, f, rate, FALSE, &stance, NULL) ? rate : -1;
  return -1;
}

gboolean
ph_featherstone_plan_move (PhGame          *game,
                           const PhFigure  *f,
                           PhMovePlan      *plan,
                           GError         **error)
{
  Rate rates[N_RATES];
  guint n;

  if (!ph_featherstone_check_move_step (game, error))
    {
      /* TRANSLATORS: the label at the pointer while a man is dragged
       * outside the movement step; the status line has the whole reason */
      plan->brief = _("Not now: men move at step 2");
      return FALSE;
    }
  if (!ph_featherstone_check_able (game, f, TRUE, error))
    return FALSE;
  if (f->status & PH_STATUS_MOVED)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has already moved this phase"), ph_featherstone_fname (f));
      return FALSE;
    }
  if (!ph_featherstone_check_may_move (game, f, error))
    return FALSE;
  n = drag_rates (game, f, rates);
  if (n == 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   _("%s has no rate he may move at this phase"), ph_featherstone_fname (f));
      return FALSE;
    }
  /* the Move form's rate, when one is chosen: the reach is its, and a
   * drag past it is refused; else the fastest he may take (a drag takes
   * the slowest that covers it), a charge's when he may charge (a drop in
   * contact with an enemy is one) */
  {
    int wished = wished_rate (game, f, plan);
    PhStance stance;

    if (wished >= 0)
      plan->allowance = rate_limit (game, f, wished, FALSE);
    else
      {
        plan->allowance = rate_limit (game, f, rates[n - 1], FALSE);
        /* a drop in contact is a charge: the reach shows how far one
         * goes toward an enemy (Roux's 4.7 paces in the vineyard, up to
         * 5, were dropped outside the run's 4 shaded) */
        if (!f->mounted && f->stance != PH_STANCE_LYING
            && check_rate (game, f, RATE_CHARGE, FALSE, &stance, NULL))
          {
            plan->allowance = MAX (plan->allowance, rate_limit (game, f, RATE_CHARGE, FALSE));
            plan->contact_farther = TRUE;
          }
      }
  }
  plan->cost_unit = plan->distance_unit = "paces";
  plan->reach_limit = plan->allowance
                      * ph_ruleset_table_units_per (PH_RULESET_FEATHERSTONE,
                                                    &ph_game_get_scenario (game)->table);
  return TRUE;
}

/* The engine's reading of "difficult terrain", which the text leaves to
 * the players: ground that slows a man (woods, brush, rough ground, hills,
 * rocks, marsh, buildings), and crossing a fence, hedge, wall, stockade,
 * works or stream. Water bars the way. */
static gboolean
kind_is_difficult (PhTerrainKind kind)
{
  switch (kind)
    {
    case PH_TERRAIN_WOODS:
    case PH_TERRAIN_BRUSH:
    case PH_TERRAIN_ROUGH:
    case PH_TERRAIN_HILL:
    case PH_TERRAIN_VERY_ROUGH:
    case PH_TERRAIN_ROCKS:
    case PH_TERRAIN_MARSH:
    case PH_TERRAIN_BUILDING:
    case PH_TERRAIN_FENCE:
    case PH_TERRAIN_HEDGE:
    case PH_TERRAIN_WALL:
    case PH_TERRAIN_STOCKADE:
    case PH_TERRAIN_WORKS:
    case PH_TERRAIN_STREAM:
      return TRUE;
    default:
      return FALSE;
    }
}

/* Whether the straight way from @a to @b is difficult, or barred */
static void
path_ground (const PhScenario *scenario,
             PhPoint           a,
             PhPoint           b,
             gboolean         *difficult,
             gboolean         *barred)
{
  PhSegment seg = { a, b };
  PhRect sb = ph_segment_bbox (seg);
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (PhPoint));

  *difficult = *barred = FALSE;
  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *feature = g_ptr_array_index (scenario->features, i);
      gboolean water = feature->kind == PH_TERRAIN_WATER;

      if (!water && (*difficult || !kind_is_difficult (feature->kind)))
        continue;
      if (!ph_rect_intersects (&sb, &feature->shape.bbox))
        continue;
      if (ph_terrain_kind_is_linear (feature->kind))
        {
          g_array_set_size (points, 0);
          *difficult = ph_polyline_crossings (seg, &feature->shape, TRUE, points) > 0;
          continue;
        }
      if (!ph_segment_meets_interior (seg, &feature->shape)
          && !ph_shape_contains_point (&feature->shape, a)
          && !ph_shape_contains_point (&feature->shape, b))
        continue;
      if (water)
        {
          *barred = TRUE;
          return;
        }
      *difficult = TRUE;
    }
}

void
ph_featherstone_move_cost (PhGame           *game,
                           const PhFigure   *f,
                           const PhMovePlan *plan,
                           PhPoint           to,
                           PhMoveCost       *cost,
                           GHashTable       *args)
{
  Rate rates[N_RATES];
  guint n = drag_rates (game, f, rates);
  gboolean difficult, barred;
  double best = 0;
  int chosen = -1;

  path_ground (ph_game_get_scenario (game), plan->origin, to, &difficult, &barred);
  if (barred)
    {
      cost->barred = _("water");
      return;
    }
  /* The rate chosen in the Move form, when one is (too far for it does
   * not fit). Else a drop in base contact with an enemy is a charge
   * ("Charging +10%" in the melee) when a charge goes this far; else the
   * slowest rate that goes this far, else the fastest. In difficult terrain the rates are halved
   * (rate_limit(), as the move action charges them), and so is the
   * allowance this move may spend. */
  {
    PhStance stance;
    double limit;
    int wished = wished_rate (game, f, plan);

    if (wished >= 0)
      {
        /* the rate chosen, and no other: too far for it is too far */
        if (check_rate (game, f, wished, difficult, &stance, NULL))
          {
            best = rate_limit (game, f, wished, difficult);
            chosen = wished;
          }
        n = 0;
      }
    else if (!f->mounted && cost->distance > 1e-6
        && check_rate (game, f, RATE_CHARGE, difficult, &stance, NULL)
        && (limit = rate_limit (game, f, RATE_CHARGE, difficult)) >= cost->distance - 1e-9
        && enemy_in_contact (game, f, to) != NULL)
      {
        best = limit;
        chosen = RATE_CHARGE;
      }
  }
  for (guint i = 0; i < n && chosen < 0; i++)
    {
      double limit = rate_limit (game, f, rates[i], difficult);

      if (limit > 0 && limit >= cost->distance - 1e-9)
        {
          best = limit;
          chosen = rates[i];
        }
    }
  for (guint i = 0; i < n && (chosen < 0 || best < cost->distance - 1e-9); i++)
    {
      double limit = rate_limit (game, f, rates[i], difficult);

      if (limit > 0 && (chosen < 0 || limit > best))
        {
          best = limit;
          chosen = rates[i];
        }
    }
  if (chosen < 0)
    {
      cost->barred = _("difficult terrain, at this rate");
      return;
    }
  /* what is left is the named rate's: a walk of 3 paces has 1 left, not
   * the run's 5 (the referee trial read "walk: ... 4.7 paces left" after
   * 3.3); the move still fits as long as some rate covers it, since the
   * rate chosen covers it when any does */
  cost->cost = cost->distance;
  cost->allowance = best;
  {
    /* the word for it: the rate; a kneeling man who moves stands up; in
     * difficult terrain the rates are halved */
    g_autoptr(GString) mode = g_string_new (g_dpgettext2 (GETTEXT_PACKAGE, "rate", rate_names[chosen]));

    /* (a crawl is no standing up: "crawl, standing up" read as a
     * contradiction in the trial) */
    if (f->stance == PH_STANCE_KNEELING && chosen != RATE_CRAWL)
      g_string_append (mode, _(", standing up"));
    if (difficult)
      g_string_append (mode, _(", difficult terrain (rates halved)"));
    cost->mode = g_intern_string (mode->str);
  }
  if (args != NULL)
    {
      g_hash_table_insert (args, g_strdup ("rate"), g_strdup (rate_names[chosen]));
      g_hash_table_insert (args, g_strdup ("terrain"),
                           g_strdup (difficult ? "difficult" : "open"));
    }
}
