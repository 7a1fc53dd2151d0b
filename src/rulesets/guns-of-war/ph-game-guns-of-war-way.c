/* ph-game-guns-of-war-way.c: the way a Guns of War unit moves over the
 * hexes, for its move, its reach on the map and its charge
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
  int at = gow_ways_index (ways, hex);

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
