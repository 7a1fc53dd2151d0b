/* ph-game-guns-of-war-way.c: how far and which way a Guns of War unit
 * moves over the hexes: its movement rates, moves by drag, and the way
 * its move, its reach on the map and its charge take
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A move goes hex to hex (game.md, "The way a unit moves"): through no
 * hex another unit holds (the text lets Drilled Foot "withdraw or retreat
 * through any friendly units", which a move is not) and no impassable
 * ground (a hex whose centre is in water), and it costs a hex a step, as
 * the text's rates count; the text gives no other ground a cost. The
 * shortest such way is what the move pays, what the map shades and what
 * a charge may take into contact.
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-guns-of-war-private.h"

/* "Standard Unit Movement Rate and Formation": a firearm unit's rates in
 * hexes at an encounter movement rate of 120' (men on foot; the format
 * has no slower rate): Drilled Foot 2/3/4, Skirmishing Foot 2/4/6;
 * Undrilled Foot "with movement rate of 1/2/3". Which of the three a
 * movement sequence uses is Domains at War's, not this text's: a move is
 * held to the fastest.
 *
 * The table is of foot only: a mounted unit moves at Domains at War's
 * cavalry rates (its formation, one of the foot ones, says how it fires,
 * not how fast its horses go). Reading (game.md, Formations and
 * movement): the table gives the rates from the encounter movement rate,
 * a hex for each 60', 30' and 20' of it (60' 1/2/3, 90' 2/3/4, 120'
 * 2/4/6), and cavalry move at a medium warhorse's 180': 3/6/9. */
void
ph_guns_of_war_movement_rate (const PhFigure *unit,
                              int             rate[3])
{
  const PhGunsOfWarStats *stats = gow_stats (unit);
  static const int df[3] = { 2, 3, 4 }, sf[3] = { 2, 4, 6 }, uf[3] = { 1, 2, 3 };
  static const int horse[3] = { GOW_MOUNTED_RATE_0, GOW_MOUNTED_RATE_1, GOW_MOUNTED_RATE_2 };
  const int *r = df;

  /* Formed, Loose and Irregular Foot: 2/4/6 at 120' too */
  if (unit->mounted)
    r = horse;
  else if (stats != NULL && stats->formation != PH_FORMATION_DF && stats->formation != PH_FORMATION_UF)
    r = sf;
  else if (stats != NULL && stats->formation == PH_FORMATION_UF)
    r = uf;
  memcpy (rate, r, sizeof (int) * 3);
}

char *
ph_guns_of_war_rate_words (const int rate[3])
{
  /* TRANSLATORS: a unit's three movement rates, then what each is: the
   * first a move in combat, the second marching (the text's "marching
   * movement"), the third running, the most a move goes */
  return g_strdup_printf (_("%d/%d/%d: %d hexes in combat, %d marching, %d running"),
                          rate[0], rate[1], rate[2], rate[0], rate[1], rate[2]);
}


/* The six neighbours of a hex, in axial steps (ph-hex.h) */
static const PhHex gow_way_steps[6] = {
  { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 }
};

const PhFeature *
ph_guns_of_war_impassable (const PhScenario *scenario,
                           PhPoint           p)
{
  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *feature = g_ptr_array_index (scenario->features, i);

      if (feature->kind == PH_TERRAIN_WATER && ph_shape_contains_point (&feature->shape, p))
        return feature;
    }
  return NULL;
}

char *
ph_guns_of_war_impassable_words (const PhFeature *feature)
{
  if (feature->name != NULL && feature->name[0] != '\0')
    /* TRANSLATORS: ground a unit cannot enter: "Mill Pond (water)" */
    return g_strdup_printf (_("%s (%s)"), feature->name, ph_terrain_kind_label (feature->kind));
  return g_strdup (ph_terrain_kind_label (feature->kind));
}

struct _GowWays
{
  PhHex from;
  int limit;
  int side;           /* 2 limit + 1: the square of hexes held */
  int *steps;         /* per hex of the square: hexes from @from, or -1 */
};

/* @hex as a key of a hash table of hexes */
static gpointer
gow_hex_key (PhHex hex)
{
  return GUINT_TO_POINTER (((guint) hex.q & 0xffffu) << 16 | ((guint) hex.r & 0xffffu));
}

static int
gow_ways_index (const GowWays *ways,
                PhHex          hex)
{
  int dq = hex.q - ways->from.q, dr = hex.r - ways->from.r;

  if (dq < -ways->limit || dq > ways->limit || dr < -ways->limit || dr > ways->limit)
    return -1;
  return (dq + ways->limit) * ways->side + dr + ways->limit;
}

/* Whether a unit may step into @hex: on the table, held by no other unit
 * (the table's units' hexes are in @held) and no impassable ground */
static gboolean
gow_way_open (const PhScenario *scenario,
              GHashTable       *held,
              PhHex             hex)
{
  double size = scenario->table.grid_size;
  PhPoint c = ph_hex_to_point (hex, size);

  if (c.x < 0 || c.y < 0 || c.x > scenario->table.width || c.y > scenario->table.height)
    return FALSE;
  if (g_hash_table_contains (held, gow_hex_key (hex)))
    return FALSE;
  return ph_guns_of_war_impassable (scenario, c) == NULL;
}

GowWays *
ph_guns_of_war_ways_new (const PhScenario *scenario,
                         const PhFigure   *unit,
                         int               limit)
{
  double size = scenario->table.grid_size;
  g_autoptr(GHashTable) held = g_hash_table_new (g_direct_hash, g_direct_equal);
  GowWays *ways = g_new0 (GowWays, 1);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (PhHex));
  int n;

  g_return_val_if_fail (scenario->table.grid == PH_GRID_HEX && size > 0, ways);

  ways->from = ph_hex_from_point ((PhPoint) { unit->x, unit->y }, size);
  ways->limit = MAX (limit, 0);
  ways->side = 2 * ways->limit + 1;
  n = ways->side * ways->side;
  ways->steps = g_new (int, n);
  for (int i = 0; i < n; i++)
    ways->steps[i] = -1;

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *other = g_ptr_array_index (scenario->figures, i);
      PhHex hex;

      if (other == unit || g_strcmp0 (other->id, unit->id) == 0 || ph_figure_is_off_table (other))
        continue;
      hex = ph_hex_from_point ((PhPoint) { other->x, other->y }, size);
      g_hash_table_add (held, gow_hex_key (hex));
    }

  /* breadth first: every hex is a step */
  ways->steps[gow_ways_index (ways, ways->from)] = 0;
  g_array_append_val (queue, ways->from);
  for (guint head = 0; head < queue->len; head++)
    {
      PhHex hex = g_array_index (queue, PhHex, head);
      int steps = ways->steps[gow_ways_index (ways, hex)];

      if (steps >= ways->limit)
        continue;
      for (int k = 0; k < 6; k++)
        {
          PhHex next = { hex.q + gow_way_steps[k].q, hex.r + gow_way_steps[k].r };
          int at = gow_ways_index (ways, next);

          if (at < 0 || ways->steps[at] >= 0 || !gow_way_open (scenario, held, next))
            continue;
          ways->steps[at] = steps + 1;
          g_array_append_val (queue, next);
        }
    }
  return ways;
}

int
ph_guns_of_war_ways_get (const GowWays *ways,
                         PhHex          hex)
{
  int at = ways->steps != NULL ? gow_ways_index (ways, hex) : -1;

  return at < 0 ? -1 : ways->steps[at];
}

void
ph_guns_of_war_ways_free (GowWays *ways)
{
  if (ways == NULL)
    return;
  g_free (ways->steps);
  g_free (ways);
}

int
ph_guns_of_war_way_length (const PhScenario *scenario,
                           const PhFigure   *unit,
                           PhHex             to,
                           int               limit)
{
  g_autoptr(GowWays) ways = ph_guns_of_war_ways_new (scenario, unit, limit);

  return ph_guns_of_war_ways_get (ways, to);
}

/* The hexes beside @target a charge may end in, nearest first: the
 * fewest hexes from the cavalry, then the one whose centre is nearest
 * the cavalry's (the straightest way in), then the steps' order */
gboolean
ph_guns_of_war_contact_hex (const PhScenario *scenario,
                            const PhFigure   *cavalry,
                            const PhFigure   *target,
                            int               limit,
                            PhHex            *contact,
                            int              *hexes)
{
  double size = scenario->table.grid_size;
  g_autoptr(GowWays) ways = ph_guns_of_war_ways_new (scenario, cavalry, limit);
  PhHex aim = ph_hex_from_point ((PhPoint) { target->x, target->y }, size);
  PhPoint start = { cavalry->x, cavalry->y };
  double best_d = G_MAXDOUBLE;
  int best = -1;

  for (int k = 0; k < 6; k++)
    {
      PhHex hex = { aim.q + gow_way_steps[k].q, aim.r + gow_way_steps[k].r };
      int steps = ph_guns_of_war_ways_get (ways, hex);
      double d = ph_point_distance (ph_hex_to_point (hex, size), start);

      if (steps < 0)
        continue;
      if (best < 0 || steps < best || (steps == best && d < best_d - 1e-9))
        {
          best = steps;
          best_d = d;
          *contact = hex;
        }
    }
  *hexes = best;
  return best >= 0;
}

void
ph_guns_of_war_move_cost (PhGame           *game,
                          const PhFigure   *unit,
                          const PhMovePlan *plan,
                          PhPoint           to,
                          PhMoveCost       *cost,
                          GHashTable       *args)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const PhFigure *holder = ph_guns_of_war_hex_holder (scenario, unit, to);
  const PhFeature *water;

  (void) args;
  if (holder != NULL)
    {
      /* the unit by its name, as the player knows it ("barred by Black
       * Reiters standing there"; a bare "occupied" left him to find
       * whom). The cost borrows its text: interned, one string a unit
       * and language for the program's life. */
      g_autofree char *text = g_strdup_printf (_("%s standing there"), gow_name (holder));

      cost->barred = g_intern_string (text);
      return;
    }
  if (scenario->table.grid != PH_GRID_HEX || scenario->table.grid_size <= 0
      || plan->allowance == G_MAXDOUBLE)
    return;
  /* the advance after a charge: into the hex its target left, no other */
  if (g_strcmp0 (plan->action, "advance") == 0)
    {
      const char *vacated = ph_game_get_figure_var (game, unit->id, "advance");
      PhHex hex;

      if (vacated != NULL && ph_hex_from_name (vacated, &hex)
          && !ph_hex_equal (ph_hex_from_point (to, scenario->table.grid_size), hex))
        {
          g_autofree char *text = g_strdup_printf (_("the charge's follow-up (it may only "
                                                     "advance into hex %s, or stay)"), vacated);

          cost->barred = g_intern_string (text);
        }
      return;
    }
  /* a withdrawal from fire: straight back to a hex of its own, not held
   * to the way a move goes (game.md, "The way a unit moves") */
  if (g_strcmp0 (plan->action, "withdraw") == 0)
    {
      /* TRANSLATORS: the drag's label starts with it: "withdraw: moved
       * 2 hexes · 1 hex left" */
      cost->mode = _("withdraw");
      return;
    }
  water = ph_guns_of_war_impassable (scenario, ph_hex_to_point (ph_hex_from_point (to, scenario->table.grid_size),
                                                                scenario->table.grid_size));
  if (water != NULL)
    {
      g_autofree char *text = ph_guns_of_war_impassable_words (water);

      cost->barred = g_intern_string (text);
      return;
    }
  /* the way the move takes: hex to hex, round other units and water
   * (game.md, "The way a unit moves"); what it pays */
  {
    int limit = (int) plan->allowance;
    int steps = ph_guns_of_war_way_length (scenario, unit,
                                           ph_hex_from_point (to, scenario->table.grid_size), limit);

    if (steps >= 0)
      cost->distance = cost->cost = steps;
    else if (cost->distance <= limit)
      {
        g_autofree char *text = g_strdup_printf (_("other units or water in the way, with no way "
                                                   "round within %d hexes"), limit);

        cost->barred = g_intern_string (text);
      }
  }
}

/* A move by drag: its movement sequence, to a hex no farther than its
 * fastest rate (a mounted unit's too: cavalry's 3/6/9) */
gboolean
ph_guns_of_war_plan_move (PhGame          *game,
                          const PhFigure  *unit,
                          PhMovePlan      *plan,
                          GError         **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *vacated = ph_game_get_figure_var (game, unit->id, "advance");
  PhHex hex;
  int rate[3];

  plan->cost_unit = plan->distance_unit = "hexes";
  plan->hex_snap = scenario->table.grid == PH_GRID_HEX && scenario->table.grid_size > 0;
  /* its charge's follow-up: a drag onto the hex its target left is the
   * advance (game.md, "advance"), a hex away; the drag is all it may do */
  if (vacated != NULL && plan->hex_snap && ph_hex_from_name (vacated, &hex))
    {
      if (!ph_guns_of_war_check_on_table (unit, error))
        return FALSE;
      plan->action = "advance";
      plan->allowance = 1;
      plan->reach_limit = 2 * scenario->table.grid_size * 1.2;
      plan->note = g_strdup_printf (_("its charge's follow-up: drag it into hex %s to advance, "
                                      "or Stay from its menu"), vacated);
      return TRUE;
    }
  /* a withdrawal from fire: a drag onto the hex, while its Withdraw form
   * is the Game tab's (the wish), or once its movement sequence is
   * played (then no move is left to the drag) */
  {
    const char *wished = plan->wish != NULL
                         ? g_hash_table_lookup (plan->wish, PH_MOVE_WISH_ACTION) : NULL;
    int damage;

    if (g_strcmp0 (wished, "withdraw") == 0
        || (plan->hex_snap && !ph_guns_of_war_check_may_move (game, unit, FALSE, NULL)
            && ph_guns_of_war_check_may_withdraw (game, unit, &damage, NULL)))
      {
        if (!ph_guns_of_war_check_may_withdraw (game, unit, &damage, error))
          return FALSE;
        ph_guns_of_war_movement_rate (unit, rate);
        plan->action = "withdraw";
        plan->allowance = rate[1];
        plan->reach_limit = (rate[1] + 1) * scenario->table.grid_size * 1.2;
        plan->note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "withdrawal from fire: up to %d hex, its "
                                                   "marching movement, a point of the damage "
                                                   "taken back for each hex",
                                                   "withdrawal from fire: up to %d hexes, its "
                                                   "marching movement, a point of the damage "
                                                   "taken back for each hex", rate[1]),
                                      rate[1]);
        return TRUE;
      }
  }
  if (!ph_guns_of_war_check_may_move (game, unit, FALSE, error))
    return FALSE;
  ph_guns_of_war_movement_rate (unit, rate);
  plan->allowance = rate[2];
  plan->reach_limit = (rate[2] + 1) * MAX (scenario->table.grid_size, 1e-3) * 1.2;
  {
    g_autofree char *words = ph_guns_of_war_rate_words (rate);

    /* "up to 4 hexes, running; movement rate 2/3/4: 2 hexes in combat, 3
     * marching, 4 running": what each number is, not bare figures (the
     * status line puts it in brackets) */
    plan->note = g_strdup_printf (_("up to %d hexes, running; movement rate %s"), rate[2],
                                  words);
  }
  return TRUE;
}
