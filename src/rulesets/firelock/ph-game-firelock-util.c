/* ph-game-firelock-util.c: a game of Firelock and Scalplock: what its
 * files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Arguments, the figure's roster (current bravery, IPs, the horse), the IP
 * dice, the ground of a point (rules.md's table of terrain kinds to
 * movement classes), hits on the roster and running away.
 */
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-firelock-private.h"

/* ------------------------------------------------------------------ */
/* Shared helpers                                                      */

gboolean
ph_firelock_arg_int (GHashTable  *args,
            const char  *key,
            int          fallback,
            int         *out,
            GError     **error)
{
  const char *value = g_hash_table_lookup (args, key);
  gint64 n;

  if (value == NULL || *value == '\0')
    {
      *out = fallback;
      return TRUE;
    }
  if (!g_ascii_string_to_signed (value, 10, -100000, 100000, &n, NULL))
    {
      fl_bad (error, _("%s: \"%s\" is not a whole number"), key, value);
      return FALSE;
    }
  *out = (int) n;
  return TRUE;
}

const char *
ph_firelock_name (const PhFigure *figure)
{
  return ph_figure_display_name (figure);
}

gboolean
ph_firelock_has_roster (const PhFigure *figure)
{
  return figure->stats_kind == PH_STATS_FIRELOCK;
}

gboolean
ph_firelock_is_officer (const PhFigure *figure)
{
  return ph_firelock_has_roster (figure) && figure->stats.firelock.officer;
}

/* "On the fourth hit, deductions are also made for the bravery and melee
 * sections": the first box until the fourth hit, then the second */
int
ph_firelock_current_bravery (const PhFigure *figure)
{
  if (!ph_firelock_has_roster (figure))
    return 0;
  return figure->stats.firelock.bravery[figure->stats.firelock.hits >= 4 ? 1 : 0];
}

gboolean
ph_firelock_require_roster (const PhFigure *figure,
                   GError        **error)
{
  if (ph_firelock_has_roster (figure))
    return TRUE;
  fl_bad (error, _("%s has no Firelock roster line (<firelock bravery=...>)"), ph_firelock_name (figure));
  return FALSE;
}

gboolean
ph_firelock_require_on_table (const PhFigure *figure,
                     GError        **error)
{
  if (figure->status & PH_STATUS_DEAD)
    {
      fl_not_now (error, _("%s is dead"), ph_firelock_name (figure));
      return FALSE;
    }
  if (figure->status & PH_STATUS_FLED)
    {
      fl_not_now (error, _("%s has fled"), ph_firelock_name (figure));
      return FALSE;
    }
  return TRUE;
}

gboolean
ph_firelock_require_active (PhGame         *game,
                   const PhFigure *figure,
                   GError        **error)
{
  const char *active = ph_game_get_var (game, "active");

  if (!ph_firelock_require_on_table (figure, error))
    return FALSE;
  if (active != NULL && g_str_equal (active, figure->id))
    return TRUE;
  if (ph_game_get_figure_var (game, figure->id, "activated") != NULL)
    fl_not_now (error, _("%s has already been activated this turn"), ph_firelock_name (figure));
  else if (active != NULL)
    {
      const PhFigure *acting = ph_scenario_find_figure (ph_game_get_scenario (game), active);

      fl_not_now (error, _("%s is not acting now: %s acts"), ph_firelock_name (figure),
                  acting != NULL ? ph_firelock_name (acting) : active);
    }
  else if (ph_game_get_var (game, "card-up") != NULL)
    fl_not_now (error, _("%s is not acting now: the card up calls for a roll for IPs first"),
                ph_firelock_name (figure));
  else
    fl_not_now (error, _("%s is not acting now: draw a card and roll for IPs first"),
                ph_firelock_name (figure));
  return FALSE;
}

int
ph_firelock_free_ips (PhGame         *game,
             const PhFigure *figure)
{
  int ips = ph_game_get_figure_var_int (game, figure->id, "ips", 0);
  int owed = ph_game_get_figure_var_int (game, figure->id, "close-ips", 0);

  return MAX (0, ips - owed);
}

void
ph_firelock_spend_ips (PhGame         *game,
              const PhFigure *figure,
              int             cost)
{
  int ips = ph_game_get_figure_var_int (game, figure->id, "ips", 0);

  ph_game_set_figure_var_int (game, figure->id, "ips", MAX (0, ips - cost));
}

gboolean
ph_firelock_pay (PhGame         *game,
        const PhFigure *figure,
        int             cost,
        const char     *what,
        GError        **error)
{
  int free_ips = ph_firelock_free_ips (game, figure);

  if (cost > free_ips)
    {
      int owed = ph_game_get_figure_var_int (game, figure->id, "close-ips", 0);

      if (owed > 0)
        fl_not_now (error, _("%s needs %d IPs to %s but has %d to spare (%d must go on moving "
                      "towards the figure that shot at him)"),
                    ph_firelock_name (figure), cost, what, free_ips, owed);
      else
        fl_not_now (error, _("%s needs %d IPs to %s but has %d left"),
                    ph_firelock_name (figure), cost, what, free_ips);
      return FALSE;
    }
  ph_firelock_spend_ips (game, figure, cost);
  return TRUE;
}

/* "If a fresh horse has received two hits, the third hit will reduce it to
 * Normal status. The controlling player may only roll 2d6. The fifth hit
 * reduces a horse to Worn status" */
int
ph_firelock_horse_dice (PhGame         *game,
               const PhFigure *figure)
{
  int hits = ph_game_get_figure_var_int (game, figure->id, "horse-hits", 0);

  if (hits >= 5)
    return 1;
  if (hits >= 3)
    return 2;
  return 3;
}

double
ph_firelock_units_per_inch (const PhScenario *scenario)
{
  return scenario->table.unit == PH_UNIT_CM ? 2.54 : 1.0;
}

gboolean
ph_firelock_set_double_attr (PhGame         *game,
                    const PhFigure *figure,
                    const char     *attr,
                    double          value,
                    GError        **error)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  /* a thousandth of a unit is finer than any table */
  value = round (value * 1000.0) / 1000.0;
  g_ascii_dtostr (buf, sizeof buf, value);
  return ph_game_set_figure_attr (game, figure->id, attr, buf, error);
}

/* "When a figure's card is drawn, roll a d6 and add the pips on the die to
 * the figure's current Bravery factor ... (A) ... you may roll a d10 for
 * your personal figure OR (B) an officer figure may roll a d10.
 * IMPORTANT: Mounted figures do NOT add their bravery number when dicing for
 * IPs. Instead, they use only one of the six-sided dice normally used for
 * horse movement." */
int
ph_firelock_roll_ip_dice (PhGame         *game,
                 const PhFigure *figure,
                 gboolean        personal,
                 const char     *purpose,
                 GString        *how)
{
  const PhRoll *roll;
  int bravery = ph_firelock_current_bravery (figure);

  if (figure->mounted)
    {
      roll = ph_game_roll (game, 1, 6, figure->id, _("%s: one horse die (mounted, no bravery)"),
                           purpose);
      g_string_append_printf (how, _("horse die %d"), roll->total);
      return roll->total;
    }
  if (personal || ph_firelock_is_officer (figure))
    {
      roll = ph_game_roll (game, 1, 10, figure->id, _("%s, adding bravery %d (%s)"), purpose,
                           bravery, personal ? _("personal figure") : _("officer"));
      g_string_append_printf (how, _("d10 %d + bravery %d"), roll->total, bravery);
    }
  else
    {
      roll = ph_game_roll (game, 1, 6, figure->id, _("%s, adding bravery %d"), purpose, bravery);
      g_string_append_printf (how, _("d6 %d + bravery %d"), roll->total, bravery);
    }
  return roll->total + bravery;
}

/* ------------------------------------------------------------------ */
/* Ground                                                              */

/* rules.md's "movement (Firelock)" column */
FlGround
ph_firelock_kind_ground (PhTerrainKind kind)
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
ph_firelock_ground_name (FlGround ground)
{
  switch (ground)
    {
    case FL_GROUND_ROUGH: return C_("ground", "rough");
    case FL_GROUND_VERY_ROUGH: return C_("ground", "very rough");
    case FL_GROUND_IMPASSABLE: return C_("ground", "impassable");
    case FL_GROUND_CLEAR:
    default: return C_("ground", "clear");
    }
}

FlGround
ph_firelock_ground_at (const PhScenario *scenario,
              PhPoint           p)
{
  FlGround ground = FL_GROUND_CLEAR;

  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *f = g_ptr_array_index (scenario->features, i);

      if (ph_terrain_kind_is_linear (f->kind) || !ph_shape_contains_point (&f->shape, p))
        continue;
      ground = MAX (ground, ph_firelock_kind_ground (f->kind));
    }
  return ground;
}

FlMeleeGround
ph_firelock_melee_ground_at (const PhScenario *scenario,
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

PhPoint
ph_firelock_figure_point (const PhFigure *figure)
{
  PhPoint p = { figure->x, figure->y };

  return p;
}

/* ------------------------------------------------------------------ */
/* Hits and running                                                    */

gboolean
ph_firelock_apply_hits (PhGame    *game,
               PhFigure  *figure,
               int        hits,
               gboolean   fatal,
               GString   *log,
               GError   **error)
{
  int old, now, melee;
  char value[16];

  if (!ph_firelock_require_roster (figure, error))
    return FALSE;
  old = figure->stats.firelock.hits;
  melee = figure->stats.firelock.melee;
  now = fatal ? 7 : MIN (7, old + hits);
  g_snprintf (value, sizeof value, "%d", now);
  if (!ph_game_set_figure_attr (game, figure->id, "firelock.hits", value, error))
    return FALSE;
  if (!fatal)
    g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE,
                                              "%s takes %d hit (%d of the 7 that kill him)",
                                              "%s takes %d hits (%d of the 7 that kill him)",
                                              hits),
                            ph_firelock_name (figure), hits, now);
  /* "On the fourth hit, deductions are also made for the bravery and melee
   * sections" */
  if (old < 4 && now >= 4 && now < 7)
    {
      int lower = MAX (-2, melee - 1);

      g_snprintf (value, sizeof value, "%d", lower);
      if (!ph_game_set_figure_attr (game, figure->id, "firelock.melee", value, error))
        return FALSE;
      g_string_append_printf (log, _("; the fourth hit: bravery falls to %d, melee to %+d"),
                              figure->stats.firelock.bravery[1], lower);
    }
  /* "When all hit boxes are gone (7th hit), the figure is dead" */
  if (now >= 7)
    {
      ph_game_set_status (game, figure->id, PH_STATUS_DEAD, TRUE);
      g_string_append_printf (log, fatal ? _("%s is killed") : _(": %s is dead"),
                              ph_firelock_name (figure));
    }
  return TRUE;
}

gboolean
ph_firelock_run_away (PhGame         *game,
             PhFigure       *figure,
             const PhFigure *from,
             double          inches,
             GString        *log,
             GError        **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  double upi = ph_firelock_units_per_inch (scenario);
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
  if (!ph_firelock_set_double_attr (game, figure, "x", x, error)
      || !ph_firelock_set_double_attr (game, figure, "y", y, error))
    return FALSE;
  ph_game_set_status (game, figure->id, PH_STATUS_MOVED, TRUE);
  if (off)
    {
      ph_game_set_status (game, figure->id, PH_STATUS_FLED, TRUE);
      g_string_append_printf (log, _("%s runs away from %s off the table: fled"),
                              ph_firelock_name (figure), ph_firelock_name (from));
    }
  else
    g_string_append_printf (log, _("%s runs %g in directly away from %s"),
                            ph_firelock_name (figure), inches, ph_firelock_name (from));
  return TRUE;
}

/* The weapon argument, or the default: @pick_unloaded takes the first
 * unloaded missile weapon, else the first missile weapon */
gboolean
ph_firelock_pick_weapon (const PhFigure *figure,
                GHashTable     *args,
                gboolean        pick_unloaded,
                int            *index,
                GError        **error)
{
  int n;

  if (!ph_firelock_arg_int (args, "weapon", -1, &n, error))
    return FALSE;
  if (n >= 0)
    {
      if ((guint) n >= figure->weapons->len)
        {
          fl_bad (error, _("%s has no weapon %d"), ph_firelock_name (figure), n);
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
  fl_bad (error, _("%s has no missile weapon"), ph_firelock_name (figure));
  return FALSE;
}
