/* ph-game-firelock-act.c: a game of Firelock and Scalplock: spending IPs
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ../shared/rules/firelock-and-scalplock.txt, "Using IPs" (movement by troop
 * type and ground, mounting, streams), loading (the load box), "Shooting"
 * with its Results and Re-roll tables, and "Melee".  The odds of a shot are
 * the rules engine's (ph_engine_assess_figures()); this file rolls them and
 * applies what the tables say.  The ground of a point is rules.md's table
 * (terrain kind to movement class).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ph-game-firelock-private.h"

/* B.3: "A result of 8 or better (8,9,0) and the target is acquired" */
#define ACQUIRE_TARGET 8
/* Melee: "Any figure within 1" of an enemy may melee" */
#define MELEE_REACH 1.0
/* Movement is measured in steps this long (inches) */
#define PATH_STEP 0.05

/* ------------------------------------------------------------------ */
/* Ground                                                              */

/* rules.md's "movement (Firelock)" column */
static FlGround
kind_ground (PhTerrainKind kind)
{
  switch (kind)
    {
    case PH_TERRAIN_WOODS:
    case PH_TERRAIN_BRUSH:
    case PH_TERRAIN_ROUGH:
    case PH_TERRAIN_HILL:
      return FL_GROUND_ROUGH;
    case PH_TERRAIN_VERY_ROUGH:
    case PH_TERRAIN_ROCKS:
    case PH_TERRAIN_MARSH:
    case PH_TERRAIN_BUILDING:
      return FL_GROUND_VERY_ROUGH;
    case PH_TERRAIN_WATER:
      return FL_GROUND_IMPASSABLE;
    /* crossing a fence or hedge "costs as rough", a wall, stockade or works
     * "as very rough" */
    case PH_TERRAIN_FENCE:
    case PH_TERRAIN_HEDGE:
      return FL_GROUND_ROUGH;
    case PH_TERRAIN_WALL:
    case PH_TERRAIN_STOCKADE:
    case PH_TERRAIN_WORKS:
      return FL_GROUND_VERY_ROUGH;
    case PH_TERRAIN_FIELD:
    case PH_TERRAIN_ROAD:
    case PH_TERRAIN_STREAM:
    default:
      return FL_GROUND_CLEAR;
    }
}

const char *
fl_ground_name (FlGround ground)
{
  switch (ground)
    {
    case FL_GROUND_ROUGH: return "rough";
    case FL_GROUND_VERY_ROUGH: return "very rough";
    case FL_GROUND_IMPASSABLE: return "impassable";
    case FL_GROUND_CLEAR:
    default: return "clear";
    }
}

FlGround
fl_ground_at (const PhScenario *scenario,
              PhPoint           p)
{
  FlGround ground = FL_GROUND_CLEAR;

  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *f = g_ptr_array_index (scenario->features, i);

      if (ph_terrain_kind_is_linear (f->kind) || !ph_shape_contains_point (&f->shape, p))
        continue;
      ground = MAX (ground, kind_ground (f->kind));
    }
  return ground;
}

FlMeleeGround
fl_melee_ground_at (const PhScenario *scenario,
                    PhPoint           p)
{
  FlMeleeGround ground = FL_MELEE_OPEN;

  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *f = g_ptr_array_index (scenario->features, i);

      if (ph_terrain_kind_is_linear (f->kind) || !ph_shape_contains_point (&f->shape, p))
        continue;
      if (f->kind == PH_TERRAIN_WOODS)
        ground = FL_MELEE_WOODS;
      else if (f->kind == PH_TERRAIN_BRUSH && ground == FL_MELEE_OPEN)
        ground = FL_MELEE_BRUSH;
    }
  return ground;
}

static PhPoint
figure_point (const PhFigure *figure)
{
  PhPoint p = { figure->x, figure->y };

  return p;
}

/* ------------------------------------------------------------------ */
/* Hits and running                                                    */

gboolean
fl_apply_hits (PhGame    *game,
               PhFigure  *figure,
               int        hits,
               gboolean   fatal,
               GString   *log,
               GError   **error)
{
  int old, now, melee;
  char value[16];

  if (!fl_require_roster (figure, error))
    return FALSE;
  old = figure->stats.firelock.hits;
  melee = figure->stats.firelock.melee;
  now = fatal ? 7 : MIN (7, old + hits);
  g_snprintf (value, sizeof value, "%d", now);
  if (!ph_game_set_figure_attr (game, figure->id, "firelock.hits", value, error))
    return FALSE;
  if (!fatal)
    g_string_append_printf (log, "%s takes %d hit%s (%d of 7)", fl_name (figure), hits,
                            hits == 1 ? "" : "s", now);
  /* "On the fourth hit, deductions are also made for the bravery and melee
   * sections" */
  if (old < 4 && now >= 4 && now < 7)
    {
      int lower = MAX (-2, melee - 1);

      g_snprintf (value, sizeof value, "%d", lower);
      if (!ph_game_set_figure_attr (game, figure->id, "firelock.melee", value, error))
        return FALSE;
      g_string_append_printf (log, "; the fourth hit: bravery falls to %d, melee to %+d",
                              figure->stats.firelock.bravery[1], lower);
    }
  /* "When all hit boxes are gone (7th hit), the figure is dead" */
  if (now >= 7)
    {
      ph_game_set_status (game, figure->id, PH_STATUS_DEAD, TRUE);
      g_string_append_printf (log, fatal ? "%s is killed" : ": %s is dead",
                              fl_name (figure));
    }
  return TRUE;
}

gboolean
fl_run_away (PhGame         *game,
             PhFigure       *figure,
             const PhFigure *from,
             double          inches,
             GString        *log,
             GError        **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  double upi = fl_units_per_inch (scenario);
  double dx = figure->x - from->x, dy = figure->y - from->y;
  double len = hypot (dx, dy);
  double x, y;
  gboolean off;

  if (len < 1e-9)
    {
      /* on top of each other: away along the shooter's facing */
      PhPoint o = { 0, 0 };
      PhPoint d = ph_point_from_bearing (o, from->facing, 1.0);

      dx = d.x, dy = d.y, len = 1.0;
    }
  x = figure->x + dx / len * inches * upi;
  y = figure->y + dy / len * inches * upi;
  off = x < 0 || y < 0 || x > scenario->table.width || y > scenario->table.height;
  x = CLAMP (x, 0, scenario->table.width);
  y = CLAMP (y, 0, scenario->table.height);
  if (!fl_set_double_attr (game, figure, "x", x, error)
      || !fl_set_double_attr (game, figure, "y", y, error))
    return FALSE;
  ph_game_set_status (game, figure->id, PH_STATUS_MOVED, TRUE);
  if (off)
    {
      ph_game_set_status (game, figure->id, PH_STATUS_FLED, TRUE);
      g_string_append_printf (log, "%s runs away from %s off the table: fled",
                              fl_name (figure), fl_name (from));
    }
  else
    g_string_append_printf (log, "%s runs %g in directly away from %s",
                            fl_name (figure), inches, fl_name (from));
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Movement                                                            */

typedef enum { ROW_GUERRILLA, ROW_INDIAN, ROW_LIGHT, ROW_LINE, ROW_CAVALRY } Row;

static const char * const row_names[] = {
  "guerrilla", "Indian", "light troops", "line infantry", "cavalry"
};

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
  guint obstacles;        /* fences, walls... crossed */
  gboolean stream;        /* crosses a stream */
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
  double upi = fl_units_per_inch (scenario);
  PhSegment seg = { a, b };
  g_autoptr(GArray) crossings = g_array_new (FALSE, FALSE, sizeof (Crossing));
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (PhPoint));
  int n;
  double piece;

  memset (out, 0, sizeof *out);
  out->inches = ph_point_distance (a, b) / upi;

  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *f = g_ptr_array_index (scenario->features, i);

      if (!ph_terrain_kind_is_linear (f->kind))
        continue;
      g_array_set_size (points, 0);
      if (ph_polyline_crossings (seg, &f->shape, TRUE, points) == 0)
        continue;
      if (f->kind == PH_TERRAIN_STREAM)
        {
          out->stream = TRUE;
          continue;
        }
      for (guint k = 0; k < points->len; k++)
        {
          Crossing c = { ph_point_distance (a, g_array_index (points, PhPoint, k)) / upi,
                         kind_ground (f->kind) };

          g_array_append_val (crossings, c);
          out->obstacles++;
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
      FlGround g = fl_ground_at (scenario, p);

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

gboolean
fl_action_move (PhGame     *game,
                GHashTable *args,
                GError    **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *figure = fl_arg_figure (game, args, "figure", error);
  const char *sx = g_hash_table_lookup (args, "x");
  const char *sy = g_hash_table_lookup (args, "y");
  g_autoptr(GString) log = g_string_new (NULL);
  PhPoint from, to;
  PathCost path;
  Row row;
  int cost, horse, from_horse = 0, from_ips, ips, owed, budget;
  const char *close_to;
  PhFigure *towards = NULL;
  gboolean closing = FALSE;
  char *end;

  if (figure == NULL || !fl_require_active (game, figure, error))
    return FALSE;
  if (sx == NULL || sy == NULL)
    {
      fl_bad (error, "move needs x and y");
      return FALSE;
    }
  to.x = g_ascii_strtod (sx, &end);
  if (*end != '\0' || !isfinite (to.x))
    {
      fl_bad (error, "x: \"%s\" is not a number", sx);
      return FALSE;
    }
  to.y = g_ascii_strtod (sy, &end);
  if (*end != '\0' || !isfinite (to.y))
    {
      fl_bad (error, "y: \"%s\" is not a number", sy);
      return FALSE;
    }
  if (to.x < 0 || to.y < 0 || to.x > scenario->table.width || to.y > scenario->table.height)
    {
      fl_bad (error, "(%g, %g) is off the table", to.x, to.y);
      return FALSE;
    }
  from = figure_point (figure);
  if (ph_point_distance (from, to) < 1e-9)
    {
      fl_bad (error, "%s is already there", fl_name (figure));
      return FALSE;
    }

  row = figure_row (figure);
  path_cost (scenario, row, from, to, &path);
  if (path.impassable)
    {
      fl_not_now (error, "%s cannot move through water", fl_name (figure));
      return FALSE;
    }
  cost = (int) ceil (path.cost - 1e-6);

  /* Angry or vexed: the IPs owed go on moving towards the shooter */
  ips = ph_game_get_figure_var_int (game, figure->id, "ips", 0);
  owed = ph_game_get_figure_var_int (game, figure->id, "close-ips", 0);
  close_to = ph_game_get_figure_var (game, figure->id, "close-to");
  if (close_to != NULL && owed > 0)
    {
      towards = ph_scenario_find_figure (scenario, close_to);
      if (towards != NULL)
        closing = ph_point_distance (to, figure_point (towards))
                  < ph_point_distance (from, figure_point (towards)) - 1e-9;
    }
  budget = closing ? ips : fl_free_ips (game, figure);

  /* Riders: the horse dice are movement, spent at the Cavalry rates */
  horse = figure->mounted ? ph_game_get_figure_var_int (game, figure->id, "horse-move", 0) : 0;
  from_horse = MIN (horse, cost);
  from_ips = cost - from_horse;

  if (from_ips > budget)
    {
      if (owed > 0 && !closing)
        fl_not_now (error, "%s must spend %d IPs moving towards %s first: this move costs %d "
                    "and he has %d to spare", fl_name (figure), owed,
                    towards != NULL ? fl_name (towards) : close_to, cost, budget);
      else
        fl_not_now (error, "Moving %.1f in costs %s %d IPs%s; he has %d", path.inches,
                    fl_name (figure), cost, from_horse > 0 ? " beyond his horse movement" : "",
                    budget);
      return FALSE;
    }

  ph_game_set_event_figure (game, figure->id);
  g_string_append_printf (log, "%s moves %.1f in as %s (", fl_name (figure), path.inches,
                          row_names[row]);
  {
    gboolean first = TRUE;

    for (int g = 0; g < 3; g++)
      if (path.on[g] > 1e-9)
        {
          g_string_append_printf (log, "%s%.1f in %s", first ? "" : ", ", path.on[g],
                                  fl_ground_name (g));
          first = FALSE;
        }
    if (path.obstacles > 0)
      g_string_append_printf (log, ", %u obstacle%s", path.obstacles,
                              path.obstacles == 1 ? "" : "s");
  }
  g_string_append (log, ")");

  /* "To cross a stream costs a number of IPs equal to a d6 plus distance
   * traveled" */
  if (path.stream)
    {
      const PhRoll *roll = ph_game_roll (game, 1, 6, figure->id, "crossing a stream (d6 IPs)");

      g_string_append_printf (log, ", crossing a stream: d6 %d", roll->total);
      if (from_ips + roll->total > budget)
        {
          fl_spend_ips (game, figure, budget);
          if (closing)
            ph_game_set_figure_var (game, figure->id, "close-ips", NULL);
          g_string_append_printf (log, ": %d IPs needed, he has %d; he spends them and stays "
                                  "on this bank", from_ips + roll->total, budget);
          ph_game_log (game, "%s", log->str);
          return TRUE;
        }
      from_ips += roll->total;
      cost += roll->total;
    }

  if (!fl_set_double_attr (game, figure, "x", to.x, error)
      || !fl_set_double_attr (game, figure, "y", to.y, error))
    return FALSE;
  ph_game_set_status (game, figure->id, PH_STATUS_MOVED, TRUE);
  if (from_horse > 0)
    {
      ph_game_set_figure_var (game, figure->id, "horse-move", NULL);
      if (horse - from_horse > 0)
        ph_game_set_figure_var_int (game, figure->id, "horse-move", horse - from_horse);
      g_string_append_printf (log, ": %d horse movement", from_horse);
    }
  fl_spend_ips (game, figure, from_ips);
  g_string_append_printf (log, "%s %d IP%s, %d left", from_horse > 0 ? " and" : ":",
                          from_ips, from_ips == 1 ? "" : "s",
                          ph_game_get_figure_var_int (game, figure->id, "ips", 0));
  if (closing)
    {
      int still = MAX (0, owed - from_ips);

      ph_game_set_figure_var (game, figure->id, "close-ips", NULL);
      if (still > 0)
        ph_game_set_figure_var_int (game, figure->id, "close-ips", still);
      g_string_append_printf (log, " (%d still owed to closing with %s)", still,
                              fl_name (towards));
    }
  ph_game_log (game, "%s", log->str);
  return TRUE;
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

/* The weapon argument, or the default: @pick_unloaded takes the first
 * unloaded missile weapon, else the first missile weapon */
static gboolean
pick_weapon (const PhFigure *figure,
             GHashTable     *args,
             gboolean        pick_unloaded,
             int            *index,
             GError        **error)
{
  int n;

  if (!fl_arg_int (args, "weapon", -1, &n, error))
    return FALSE;
  if (n >= 0)
    {
      if ((guint) n >= figure->weapons->len)
        {
          fl_bad (error, "%s has no weapon %d", fl_name (figure), n);
          return FALSE;
        }
      *index = n;
      return TRUE;
    }
  for (int pass = pick_unloaded ? 0 : 1; pass < 2; pass++)
    for (guint i = 0; i < figure->weapons->len; i++)
      {
        const PhWeapon *w = &g_array_index (figure->weapons, PhWeapon, i);

        if (ph_weapon_kind_is_missile (w->kind) && (pass == 1 || !w->loaded))
          {
            *index = (int) i;
            return TRUE;
          }
      }
  fl_bad (error, "%s has no missile weapon", fl_name (figure));
  return FALSE;
}

gboolean
fl_action_load (PhGame     *game,
                GHashTable *args,
                GError    **error)
{
  PhFigure *figure = fl_arg_figure (game, args, "figure", error);
  const PhWeapon *weapon;
  const char *kind;
  int index, cost, progress, put, want, free_ips;
  char attr[32];
  g_autoptr(GString) log = g_string_new (NULL);

  if (figure == NULL || !fl_require_active (game, figure, error)
      || !pick_weapon (figure, args, TRUE, &index, error)
      || !fl_arg_int (args, "ips", 0, &want, error))
    return FALSE;
  weapon = &g_array_index (figure->weapons, PhWeapon, index);
  kind = ph_weapon_kind_to_string (weapon->kind);
  cost = load_cost (weapon->kind, figure->mounted);
  if (cost < 0)
    {
      fl_bad (error, "%s's %s is not loaded under these rules", fl_name (figure), kind);
      return FALSE;
    }
  if (weapon->loaded)
    {
      fl_not_now (error, "%s's %s is already loaded", fl_name (figure), kind);
      return FALSE;
    }
  if (want < 0)
    {
      fl_bad (error, "ips: put at least 1 IP into loading");
      return FALSE;
    }

  /* "If you are loading over more than one turn, use a d6 to mark how many
   * IPs are being carried over": load-progress, for one weapon at a time */
  progress = 0;
  if (ph_game_get_figure_var_int (game, figure->id, "load-weapon", -1) == index)
    progress = ph_game_get_figure_var_int (game, figure->id, "load-progress", 0);
  else if (ph_game_get_figure_var (game, figure->id, "load-progress") != NULL)
    g_string_append (log, "(loading of his other weapon abandoned) ");

  free_ips = fl_free_ips (game, figure);
  put = want > 0 ? MIN (want, cost - progress) : MIN (free_ips, cost - progress);
  if (put <= 0 || put > free_ips)
    {
      fl_not_now (error, "%s has no IPs to put into loading%s", fl_name (figure),
                  free_ips > 0 ? " (asked for more than he has)" : "");
      return FALSE;
    }
  ph_game_set_event_figure (game, figure->id);
  fl_spend_ips (game, figure, put);
  progress += put;
  g_string_append_printf (log, "%s puts %d IP%s into loading his %s (%d of %d%s)",
                          fl_name (figure), put, put == 1 ? "" : "s", kind, progress, cost,
                          figure->mounted ? ", mounted" : "");
  if (progress >= cost)
    {
      g_snprintf (attr, sizeof attr, "weapon.%d.loaded", index);
      if (!ph_game_set_figure_attr (game, figure->id, attr, "true", error))
        return FALSE;
      ph_game_set_figure_var (game, figure->id, "load-progress", NULL);
      ph_game_set_figure_var (game, figure->id, "load-weapon", NULL);
      g_string_append (log, ": loaded");
    }
  else
    {
      ph_game_set_figure_var_int (game, figure->id, "load-progress", progress);
      ph_game_set_figure_var_int (game, figure->id, "load-weapon", index);
      g_string_append (log, ", carried over");
    }
  g_string_append_printf (log, "; %d IPs left",
                          ph_game_get_figure_var_int (game, figure->id, "ips", 0));
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* "Riders must use IPs equal to a random d6 roll to mount or dismount." */
gboolean
fl_action_mount (PhGame     *game,
                 GHashTable *args,
                 gboolean    mount,
                 GError    **error)
{
  PhFigure *figure = fl_arg_figure (game, args, "figure", error);
  const PhRoll *roll;
  int free_ips;

  if (figure == NULL || !fl_require_active (game, figure, error))
    return FALSE;
  if (figure->mounted == mount)
    {
      fl_not_now (error, "%s is already %s", fl_name (figure), mount ? "mounted" : "on foot");
      return FALSE;
    }
  free_ips = fl_free_ips (game, figure);
  if (free_ips <= 0)
    {
      fl_not_now (error, "%s has no IPs left to %s", fl_name (figure),
                  mount ? "mount" : "dismount");
      return FALSE;
    }
  ph_game_set_event_figure (game, figure->id);
  roll = ph_game_roll (game, 1, 6, figure->id, "IPs to %s (d6)", mount ? "mount" : "dismount");
  if (roll->total > free_ips)
    {
      fl_spend_ips (game, figure, free_ips);
      ph_game_log (game, "%s tries to %s: d6 %d IPs needed, he has %d; he spends them and "
                   "is still %s", fl_name (figure), mount ? "mount" : "dismount", roll->total,
                   free_ips, mount ? "on foot" : "mounted");
      return TRUE;
    }
  fl_spend_ips (game, figure, roll->total);
  if (!ph_game_set_figure_attr (game, figure->id, "mounted", mount ? "true" : "false", error))
    return FALSE;
  if (!mount)
    ph_game_set_figure_var (game, figure->id, "horse-move", NULL);
  ph_game_log (game, "%s %s: d6 %d IPs, %d left", fl_name (figure),
               mount ? "mounts" : "dismounts", roll->total,
               ph_game_get_figure_var_int (game, figure->id, "ips", 0));
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Shooting                                                            */

/* The sum of the engine's modifiers whose label starts with @prefix */
static int
modifier_sum (const PhAssessment *a,
              const char         *prefix)
{
  double sum = 0;

  for (guint i = 0; i < a->modifiers->len; i++)
    {
      const PhModifier *m = &g_array_index (a->modifiers, PhModifier, i);

      if (g_str_has_prefix (m->label, prefix))
        sum += m->value;
    }
  return (int) lround (sum);
}

static void
append_die (GString *log,
            int      die,
            int      modifier)
{
  if (modifier != 0)
    g_string_append_printf (log, "%d %+d = %d", die, modifier, die + modifier);
  else
    g_string_append_printf (log, "%d", die);
}

/* Hits on a horse: the third makes it Normal, the fifth Worn; the
 * seventh (or a fatal wound) kills it and the rider is on foot */
static gboolean
hit_horse (PhGame    *game,
           PhFigure  *rider,
           int        hits,
           gboolean   fatal,
           GString   *log,
           GError   **error)
{
  int old = ph_game_get_figure_var_int (game, rider->id, "horse-hits", 0);
  int now = fatal ? 7 : MIN (7, old + hits);

  ph_game_set_figure_var_int (game, rider->id, "horse-hits", now);
  if (fatal)
    g_string_append_printf (log, "%s's horse is killed", fl_name (rider));
  else
    g_string_append_printf (log, "%s's horse takes %d hit%s (%d)", fl_name (rider), hits,
                            hits == 1 ? "" : "s", now);
  if (now >= 7)
    {
      if (!fatal)
        g_string_append (log, ": killed");
      g_string_append_printf (log, "; %s is on foot", fl_name (rider));
      ph_game_set_figure_var (game, rider->id, "horse-move", NULL);
      return ph_game_set_figure_attr (game, rider->id, "mounted", "false", error);
    }
  if (old < 5 && now >= 5)
    g_string_append (log, ": worn, 1d6");
  else if (old < 3 && now >= 3)
    g_string_append (log, ": normal, 2d6");
  return TRUE;
}

gboolean
fl_action_shoot (PhGame     *game,
                 GHashTable *args,
                 GError    **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *figure = fl_arg_figure (game, args, "figure", error);
  PhFigure *target = figure != NULL ? fl_arg_figure (game, args, "target", error) : NULL;
  const char *aim_arg = g_hash_table_lookup (args, "aim");
  const char *at_arg = g_hash_table_lookup (args, "at");
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhAssessment) a = NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  const PhWeapon *weapon;
  PhWeaponKind weapon_kind;
  const char *kind;
  gboolean spot, acquired_before, needs_acquire, at_horse = FALSE;
  gboolean line_or_cavalry;
  int index, aim_cost = 0, spot_cost = 0, faces, mod;
  double chance = 0;
  const PhRoll *roll;
  char attr[32];

  if (target == NULL || !fl_require_active (game, figure, error)
      || !pick_weapon (figure, args, FALSE, &index, error)
      || !fl_arg_bool (args, "spot", FALSE, &spot, error))
    return FALSE;
  if (figure == target)
    {
      fl_bad (error, "%s cannot shoot at himself", fl_name (figure));
      return FALSE;
    }
  if (!fl_require_on_table (target, error))
    return FALSE;
  weapon = &g_array_index (figure->weapons, PhWeapon, index);
  weapon_kind = weapon->kind;
  kind = ph_weapon_kind_to_string (weapon_kind);
  if (!ph_weapon_kind_is_missile (weapon_kind))
    {
      fl_bad (error, "%s's %s is not a missile weapon", fl_name (figure), kind);
      return FALSE;
    }

  /* D: aiming costs 2 IPs, careful aiming 4 */
  if (aim_arg == NULL || *aim_arg == '\0' || g_str_equal (aim_arg, "none"))
    options.aim = PH_AIM_NONE;
  else if (g_str_equal (aim_arg, "aim"))
    options.aim = PH_AIM_AIM, aim_cost = 2;
  else if (g_str_equal (aim_arg, "careful"))
    options.aim = PH_AIM_CAREFUL, aim_cost = 4;
  else
    {
      fl_bad (error, "aim: none, aim or careful, not \"%s\"", aim_arg);
      return FALSE;
    }
  if (at_arg != NULL && *at_arg != '\0')
    {
      if (g_str_equal (at_arg, "horse"))
        at_horse = TRUE;
      else if (!g_str_equal (at_arg, "rider"))
        {
          fl_bad (error, "at: horse or rider, not \"%s\"", at_arg);
          return FALSE;
        }
    }

  /* B.1: "If the weapon is loaded, then the figure can fire" */
  if (!weapon->loaded)
    {
      fl_not_now (error, "%s's %s is not loaded", fl_name (figure), kind);
      return FALSE;
    }

  /* An angry or vexed figure "may fire if already loaded, but is not
   * eligible for any bonuses": he does not pay for what he cannot have */
  if ((options.aim != PH_AIM_NONE || spot)
      && (figure->status & (PH_STATUS_ANGRY | PH_STATUS_VEXED)))
    {
      fl_not_now (error, "%s is %s: not eligible for aim or spot bonuses", fl_name (figure),
                  (figure->status & PH_STATUS_ANGRY) ? "angry" : "vexed");
      return FALSE;
    }

  acquired_before = g_strcmp0 (ph_game_get_figure_var (game, figure->id, "acquired"),
                               target->id) == 0;
  if (acquired_before)
    spot = FALSE;  /* nothing left to spot */
  /* "Line Infantry or cavalry pay 4 IPs -- All others pay 2 IPs" */
  line_or_cavalry = figure->troop == PH_TROOP_LINE
                    || (figure->troop == PH_TROOP_CAVALRY && figure->mounted);
  if (spot)
    spot_cost = line_or_cavalry ? 4 : 2;

  options.has_weapon = TRUE;
  options.weapon = weapon_kind;
  options.spot = spot;
  a = ph_engine_assess_figures (scenario, figure, target, &options, error);
  if (a == NULL)
    return FALSE;
  if (!a->can_fire)
    {
      g_autoptr(GString) why = g_string_new (NULL);

      for (guint i = 0; i < a->reasons->len; i++)
        g_string_append_printf (why, "%s%s", i > 0 ? "; " : "",
                                (char *) g_ptr_array_index (a->reasons, i));
      fl_not_now (error, "%s cannot fire at %s: %s", fl_name (figure), fl_name (target),
                  why->str);
      return FALSE;
    }
  if (aim_cost + spot_cost > 0
      && !fl_pay (game, figure, aim_cost + spot_cost,
                  spot && aim_cost > 0 ? "aim and spot" : spot ? "spot" : "aim", error))
    return FALSE;
  g_variant_lookup (a->details, "chance_percent", "d", &chance);
  ph_game_set_event_figure (game, figure->id);

  g_string_append_printf (log, "%s fires his %s at %s: %.1f in", fl_name (figure), kind,
                          fl_name (target), a->distance);
  if (a->cover_detail != PH_FIRELOCK_COVER_OPEN)
    g_string_append_printf (log, ", target in %s", ph_firelock_cover_to_string (a->cover_detail));
  if (spot_cost > 0)
    g_string_append_printf (log, ", %d IPs to spot", spot_cost);
  if (aim_cost > 0)
    g_string_append_printf (log, ", %d IPs to %s", aim_cost,
                            options.aim == PH_AIM_CAREFUL ? "aim carefully" : "aim");

  /* B.2, B.3: acquisition, automatic in the open or against a figure in
   * cover that has fired a black powder weapon this turn */
  needs_acquire = a->cover != PH_COVER_OPEN && !(target->status & PH_STATUS_FIRED)
                  && !acquired_before;
  if (needs_acquire)
    {
      mod = modifier_sum (a, "to acquire:");
      roll = ph_game_roll (game, 1, 10, figure->id, "acquiring %s in cover (d10%+d, needs 8)",
                           fl_name (target), mod);
      g_string_append (log, "; to acquire d10 ");
      append_die (log, roll->total, mod);
      if (roll->total + mod < ACQUIRE_TARGET)
        {
          g_string_append (log, ", needs 8: not acquired, no shot");
          g_string_append_printf (log, "; %d IPs left",
                                  ph_game_get_figure_var_int (game, figure->id, "ips", 0));
          ph_game_log (game, "%s", log->str);
          return TRUE;
        }
      g_string_append (log, ": acquired");
      ph_game_set_figure_var (game, figure->id, "acquired", target->id);
    }

  /* C: the percentage chance, hits on 1..floor(chance) of d100 */
  faces = ph_dice_percent_faces (chance);
  roll = ph_game_roll (game, 1, 100, figure->id, "to hit %s: %d%% or less (d100)",
                       fl_name (target), faces);
  g_string_append_printf (log, "; needs %d%% or less, rolled %d", faces, roll->total);

  /* The shot is fired whatever it does */
  g_snprintf (attr, sizeof attr, "weapon.%d.loaded", index);
  if (!ph_game_set_figure_attr (game, figure->id, attr, "false", error))
    return FALSE;
  if (ph_weapon_kind_is_gunpowder (weapon_kind))
    ph_game_set_status (game, figure->id, PH_STATUS_FIRED, TRUE);

  if (roll->total > faces)
    g_string_append (log, ": miss");
  else
    {
      int result, total;
      gboolean horse = FALSE;

      g_string_append (log, ": hit");
      /* "If the target was cavalry, pick to hit either the horse or rider if
       * you aimed or carefully aimed. Otherwise, roll d6: 1-4 horse is hit,
       * 5-6 rider is hit." */
      if (target->mounted)
        {
          if (options.aim != PH_AIM_NONE)
            {
              horse = at_horse;
              g_string_append_printf (log, " on the %s (aimed at)", horse ? "horse" : "rider");
            }
          else
            {
              roll = ph_game_roll (game, 1, 6, target->id, "horse or rider (1-4 horse, 5-6 rider)");
              horse = roll->total <= 4;
              g_string_append_printf (log, ", d6 %d: the %s", roll->total,
                                      horse ? "horse" : "rider");
            }
        }

      mod = modifier_sum (a, "result:");
      roll = ph_game_roll (game, 1, 10, target->id, "result of the hit (d10%+d)", mod);
      total = roll->total + mod;
      g_string_append (log, "; result d10 ");
      append_die (log, roll->total, mod);
      g_string_append (log, ": ");
      if (total >= 7)
        {
          /* Results Table: 12+ dies, 11 to 7: 5 to 1 hits */
          gboolean fatal = total >= 12;
          int hits = fatal ? 0 : total - 6;

          if (horse)
            {
              if (!hit_horse (game, target, hits, fatal, log, error))
                return FALSE;
            }
          else if (!fl_apply_hits (game, target, hits, fatal, log, error))
            return FALSE;
        }
      else
        {
          /* "6 or less, roll again on the table below", with the same
           * modifiers (rules.md), read as 1 to 10 */
          roll = ph_game_roll (game, 1, 10, target->id, "re-roll table (d10%+d)", mod);
          result = CLAMP (roll->total + mod, 1, 10);
          g_string_append (log, "roll again, d10 ");
          append_die (log, roll->total, mod);
          if (roll->total + mod != result)
            g_string_append_printf (log, " (read as %d)", result);
          g_string_append (log, ": ");
          switch (result)
            {
            case 4:
            case 5:
              /* 4 "very angry", 5 "sorely vexed": at his next chance to act
               * all (half, rounding up) his IPs go on closing with the shooter */
              ph_game_set_status (game, target->id, result == 4 ? PH_STATUS_ANGRY : PH_STATUS_VEXED,
                                  TRUE);
              ph_game_set_figure_var (game, target->id, "angry-at", figure->id);
              g_string_append_printf (log, "missed, but %s is %s", fl_name (target),
                                      result == 4 ? "very angry" : "sorely vexed");
              break;
            case 6:
              ph_game_set_status (game, target->id, PH_STATUS_STARTLED, TRUE);
              g_string_append_printf (log, "missed, but %s is startled", fl_name (target));
              break;
            case 7:
              ph_game_set_status (game, target->id, PH_STATUS_COWERING, TRUE);
              g_string_append_printf (log, "missed, but %s cowers", fl_name (target));
              break;
            case 8:
              ph_game_set_status (game, target->id, PH_STATUS_PRONE, TRUE);
              g_string_append_printf (log, "missed, but %s drops to the ground, prone",
                                      fl_name (target));
              break;
            case 9:
            case 10:
              {
                /* "Figure will run away immediately a total number of inches
                 * equal to [double] his IPs. Terrain penalties are ignored." */
                int factor = result == 10 ? 2 : 1;
                int ips = ph_game_get_figure_var_int (game, target->id, "ips-rolled", -1);
                gboolean acted = ph_game_get_figure_var (game, target->id, "activated") != NULL;

                g_string_append (log, "missed, but ");
                if (ips < 0)
                  {
                    g_autoptr(GString) how = g_string_new (NULL);

                    ips = fl_roll_ip_dice (game, target, FALSE, "IPs for running away", how);
                    g_string_append_printf (log, "(his IPs: %s = %d) ", how->str, ips);
                  }
                if (!fl_run_away (game, target, figure, (double) ips * factor, log, error))
                  return FALSE;
                if (acted && !(target->status & PH_STATUS_FLED))
                  {
                    ph_game_set_figure_var_int (game, target->id, "must-run", factor);
                    ph_game_set_figure_var (game, target->id, "run-from", figure->id);
                    g_string_append (log, "; he has acted, so running is all he can do next turn");
                  }
              }
              break;
            default:
              g_string_append (log, "no effect");
              break;
            }
        }
    }
  g_string_append_printf (log, "; %d IPs left",
                          ph_game_get_figure_var_int (game, figure->id, "ips", 0));
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Melee                                                               */

typedef struct
{
  const char *name;
  int modifier;
} MeleeWeapon;

/* The weapons-by-terrain table: woods, brush/scrub, open */
static int
weapon_modifier (PhWeaponKind  kind,
                 FlMeleeGround ground)
{
  static const int bayonet[] = { 2, 0, -1 };
  static const int blade[] = { 0, 1, 2 };
  static const int clubbed[] = { 1, 1, -2 };

  switch (kind)
    {
    case PH_WEAPON_BAYONET: return bayonet[ground];
    case PH_WEAPON_KNIFE:
    case PH_WEAPON_TOMAHAWK:
    case PH_WEAPON_WAR_CLUB: return blade[ground];
    case PH_WEAPON_CLUBBED_MUSKET:
    case PH_WEAPON_MUSKET:
    case PH_WEAPON_RIFLE: return clubbed[ground];
    default: return 0;
    }
}

/* The weapon a figure fights with: @index (a musket or rifle is clubbed),
 * or the best the ground allows, a musket or rifle being clubbed when
 * nothing better is carried */
static gboolean
melee_weapon (const PhFigure *figure,
              int             index,
              FlMeleeGround   ground,
              MeleeWeapon    *out,
              GError        **error)
{
  gboolean found = FALSE;

  if (index >= 0)
    {
      const PhWeapon *w;

      if ((guint) index >= figure->weapons->len)
        {
          fl_bad (error, "%s has no weapon %d", fl_name (figure), index);
          return FALSE;
        }
      w = &g_array_index (figure->weapons, PhWeapon, index);
      if (w->kind == PH_WEAPON_MUSKET || w->kind == PH_WEAPON_RIFLE)
        out->name = "clubbed musket";
      else if (ph_weapon_kind_is_missile (w->kind))
        {
          fl_bad (error, "%s cannot fight hand to hand with a %s", fl_name (figure),
                  ph_weapon_kind_to_string (w->kind));
          return FALSE;
        }
      else
        out->name = ph_weapon_kind_to_string (w->kind);
      out->modifier = weapon_modifier (w->kind, ground);
      return TRUE;
    }
  out->name = "bare hands";
  out->modifier = 0;
  for (guint i = 0; i < figure->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (figure->weapons, PhWeapon, i);
      int m;

      if (ph_weapon_kind_is_missile (w->kind)
          && !(w->kind == PH_WEAPON_MUSKET || w->kind == PH_WEAPON_RIFLE))
        continue;
      if ((w->kind == PH_WEAPON_MUSKET || w->kind == PH_WEAPON_RIFLE) && figure->mounted)
        continue;
      m = weapon_modifier (w->kind, ground);
      if (!found || m > out->modifier)
        {
          out->name = ph_weapon_kind_is_missile (w->kind) ? "clubbed musket"
                                                          : ph_weapon_kind_to_string (w->kind);
          out->modifier = m;
          found = TRUE;
        }
    }
  return TRUE;
}

static gboolean
irregular (const PhFigure *f)
{
  return !f->mounted && (f->troop == PH_TROOP_INDIAN || f->troop == PH_TROOP_GUERRILLA);
}

static gboolean
in_the_open (const PhScenario *scenario,
             const PhFigure   *f)
{
  PhPoint p = figure_point (f);

  return fl_melee_ground_at (scenario, p) == FL_MELEE_OPEN
         && fl_ground_at (scenario, p) == FL_GROUND_CLEAR;
}

/* "Roll again immediately to break ties, UNLESS": the loser of a tie, or
 * NULL; @why says which case */
static PhFigure *
tie_loser (const PhScenario *scenario,
           PhFigure         *a,
           PhFigure         *b,
           const char      **why)
{
  for (int pass = 0; pass < 2; pass++)
    {
      PhFigure *x = pass == 0 ? a : b;
      PhFigure *y = pass == 0 ? b : a;

      if (x->mounted && !y->mounted)
        {
          PhPoint p = figure_point (y);

          if (in_the_open (scenario, y))
            {
              *why = "cavalry vs. foot in the open: cavalry wins";
              return y;
            }
          if (fl_melee_ground_at (scenario, p) == FL_MELEE_WOODS)
            {
              *why = "cavalry vs. foot in woods: cavalry loses";
              return x;
            }
        }
      if (irregular (x) && !y->mounted && y->troop == PH_TROOP_LINE
          && fl_ground_at (scenario, figure_point (x)) >= FL_GROUND_ROUGH)
        {
          *why = "Indians/guerrillas in rough ground vs. line troops: line loses";
          return y;
        }
      if (!x->mounted && (x->troop == PH_TROOP_LINE || x->troop == PH_TROOP_LIGHT)
          && irregular (y) && in_the_open (scenario, y))
        {
          *why = "trained infantry vs. Indians/guerrillas in the open: Indians/guerrillas lose";
          return y;
        }
    }
  return NULL;
}

gboolean
fl_action_melee (PhGame     *game,
                 GHashTable *args,
                 GError    **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *figure = fl_arg_figure (game, args, "figure", error);
  PhFigure *target = figure != NULL ? fl_arg_figure (game, args, "target", error) : NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  PhFigure *fighters[2];
  MeleeWeapon weapons[2];
  int mods[2];
  PhBase ba, bb;
  double d;
  int index;

  if (target == NULL || !fl_require_active (game, figure, error)
      || !fl_arg_int (args, "weapon", -1, &index, error))
    return FALSE;
  if (ph_game_get_figure_var (game, figure->id, "meleed") != NULL)
    {
      fl_not_now (error, "%s has already fought a melee in this activation", fl_name (figure));
      return FALSE;
    }
  if (figure == target || g_str_equal (figure->side, target->side))
    {
      fl_bad (error, "%s is not an enemy of %s", fl_name (target), fl_name (figure));
      return FALSE;
    }
  if (!fl_require_on_table (target, error) || !fl_require_roster (figure, error)
      || !fl_require_roster (target, error))
    return FALSE;
  ph_figure_get_base (figure, &ba);
  ph_figure_get_base (target, &bb);
  d = ph_base_distance (&ba, &bb) / fl_units_per_inch (scenario);
  if (d > MELEE_REACH + 1e-9)
    {
      fl_not_now (error, "%s is %.1f in from %s: melee needs 1 in or less", fl_name (target), d,
                  fl_name (figure));
      return FALSE;
    }

  fighters[0] = figure;
  fighters[1] = target;
  ph_game_set_event_figure (game, figure->id);
  g_string_append_printf (log, "%s attacks %s hand to hand", fl_name (figure), fl_name (target));
  for (int i = 0; i < 2; i++)
    {
      PhFigure *f = fighters[i];
      PhFigure *enemy = fighters[1 - i];
      FlMeleeGround ground = fl_melee_ground_at (scenario, figure_point (f));
      static const char * const ground_names[] = { "open", "brush", "woods" };

      if (!melee_weapon (f, i == 0 ? index : -1, ground, &weapons[i], error))
        return FALSE;
      /* "+2 if enemy figure currently prone", "+/- current melee strength",
       * "+/- Weapon modifiers" */
      mods[i] = f->stats.firelock.melee + weapons[i].modifier
                + ((enemy->status & PH_STATUS_PRONE) ? 2 : 0);
      g_string_append_printf (log, "%s %s: melee %+d, %s in %s %+d%s, %+d in all",
                              i == 0 ? ";" : ",", fl_name (f), f->stats.firelock.melee,
                              weapons[i].name, ground_names[ground], weapons[i].modifier,
                              (enemy->status & PH_STATUS_PRONE) ? ", enemy prone +2" : "",
                              mods[i]);
    }

  /* "Each side rolls a d10 and modifies the die roll. Highest die roll
   * wins. The loser deducts the difference ... and marks out that number of
   * hit boxes." */
  for (int round = 0; round < 100; round++)
    {
      const PhRoll *r0 = ph_game_roll (game, 1, 10, figure->id, "melee: %s (d10%+d)",
                                       fl_name (figure), mods[0]);
      int t0 = r0->total + mods[0];
      const PhRoll *r1 = ph_game_roll (game, 1, 10, target->id, "melee: %s (d10%+d)",
                                       fl_name (target), mods[1]);
      int t1 = r1->total + mods[1];
      PhFigure *loser = NULL;
      const char *why = NULL;
      int hits;

      g_string_append_printf (log, "; %s ", fl_name (figure));
      append_die (log, r0->total, mods[0]);
      g_string_append_printf (log, ", %s ", fl_name (target));
      append_die (log, r1->total, mods[1]);

      if (t0 == t1)
        {
          loser = tie_loser (scenario, figure, target, &why);
          if (loser == NULL)
            {
              g_string_append (log, ": a tie, roll again");
              continue;
            }
          /* the four cases: "roll d6 for number of hits" */
          g_string_append_printf (log, ": a tie, %s", why);
          hits = ph_game_roll (game, 1, 6, loser->id, "melee hits on %s (d6)",
                               fl_name (loser))->total;
          g_string_append_printf (log, ", d6 %d hit%s. ", hits, hits == 1 ? "" : "s");
        }
      else
        {
          loser = t0 > t1 ? target : figure;
          hits = abs (t0 - t1);
          g_string_append_printf (log, ": %s wins by %d. ", fl_name (t0 > t1 ? figure : target),
                                  hits);
        }
      ph_game_set_figure_var (game, figure->id, "meleed", "true");
      if (!fl_apply_hits (game, loser, hits, FALSE, log, error))
        return FALSE;
      ph_game_log (game, "%s", log->str);
      return TRUE;
    }
  fl_not_now (error, "The melee went on tied for 100 rounds");
  return FALSE;
}
