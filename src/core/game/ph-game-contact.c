/* ph-game-contact.c: a drop a hair off another man's base is a drop in
 * base contact
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Bases may touch, never overlap (ph_game_spot_taken()), and melee wants
 * them touching (ph_game_bases_touch(): 0.05 in of play). No hand drops a
 * man within 0.05 in of another by the mouse: a drop a little onto the
 * other's base, or a little short of it, is taken as meant for base
 * contact and put there, on the line from the other's centre through the
 * drop. The reading and its numbers are docs/rules.md's "Base contact by
 * drag".
 */
#include <math.h>

#include "ph-game-move.h"
#include "ph-game-private.h"

/* How far onto the other's base a drop may reach and still be meant for
 * contact: a third of the dropped man's base (its narrower side) */
#define CONTACT_OVERLAP_SHARE (1.0 / 3.0)
/* How far short of it: half an inch (1.27 cm on a cm table), and no more
 * than half the dropped man's base */
#define CONTACT_NEAR_INCHES 0.5

/* The radius of the circle around a base's centre that holds it */
static double
outer_radius (const PhBase *base)
{
  return base->square ? hypot (base->width, base->depth) / 2 : base->width / 2;
}

/* How far from @other's centre, along the unit vector @dir, @figure's
 * centre stands when the two bases just touch: the sum of the radii for
 * two round bases; else found by halving, the bases being convex (they
 * meet from the other's centre out to that distance, and are apart past
 * it) */
static double
contact_distance (const PhFigure *figure,
                  const PhFigure *other,
                  PhPoint         dir)
{
  PhBase a, b;
  double lo = 0, hi;

  ph_figure_get_base (figure, &a);
  ph_figure_get_base (other, &b);
  if (!a.square && !b.square)
    return ph_base_radius (&a) + ph_base_radius (&b);
  hi = outer_radius (&a) + outer_radius (&b) + 1e-6;
  for (int i = 0; i < 64 && hi - lo > 1e-12; i++)
    {
      double mid = (lo + hi) / 2;

      a.centre = (PhPoint) { b.centre.x + dir.x * mid, b.centre.y + dir.y * mid };
      if (ph_base_distance (&a, &b) > 0)
        hi = mid;
      else
        lo = mid;
    }
  return lo;
}

typedef struct
{
  const PhFigure *other;
  PhPoint spot;
  double off;   /* how far the drop was from contact, either way */
} Candidate;

static int
by_off (gconstpointer a,
        gconstpointer b)
{
  double x = ((const Candidate *) a)->off, y = ((const Candidate *) b)->off;

  return x < y ? -1 : x > y;
}

const PhFigure *
ph_game_contact_spot (const PhScenario *scenario,
                      const PhFigure   *figure,
                      PhPoint           to,
                      PhPoint          *spot)
{
  const PhTable *table;
  g_autoptr(GArray) found = NULL;
  double inch, narrow, deep, near;
  PhBase own;

  g_return_val_if_fail (scenario != NULL && figure != NULL && spot != NULL, NULL);

  *spot = to;
  /* a unit holds its hex: no bases to touch */
  if (ph_game_units_hold_hexes (scenario))
    return NULL;
  table = &scenario->table;
  inch = table->unit == PH_UNIT_CM ? 2.54 : 1.0;
  ph_figure_get_base (figure, &own);
  narrow = MIN (own.width, own.depth);
  deep = narrow * CONTACT_OVERLAP_SHARE;
  near = MIN (CONTACT_NEAR_INCHES * inch, narrow / 2);
  found = g_array_new (FALSE, FALSE, sizeof (Candidate));
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *other = g_ptr_array_index (scenario->figures, i);
      double d, t;
      PhPoint dir;
      PhBase base;

      if (other == figure || g_strcmp0 (other->id, figure->id) == 0
          || ph_figure_is_off_table (other))
        continue;
      ph_figure_get_base (other, &base);
      d = hypot (to.x - other->x, to.y - other->y);
      /* far off; or on his very centre, no side to put him */
      if (d < 1e-9 || d > outer_radius (&own) + outer_radius (&base) + near)
        continue;
      dir = (PhPoint) { (to.x - other->x) / d, (to.y - other->y) / d };
      t = contact_distance (figure, other, dir);
      if (d - t > near || t - d > deep)
        continue;
      g_array_append_val (found, ((Candidate) { other,
                                                { other->x + dir.x * t, other->y + dir.y * t },
                                                fabs (d - t) }));
    }
  /* the nearest contact first; the spot must be on the table and free
   * of everyone else's base */
  g_array_sort (found, by_off);
  for (guint i = 0; i < found->len; i++)
    {
      const Candidate *c = &g_array_index (found, Candidate, i);

      if (c->spot.x < 0 || c->spot.y < 0 || c->spot.x > table->width || c->spot.y > table->height
          || ph_game_spot_taken (scenario, figure, c->spot, NULL) != NULL)
        continue;
      *spot = c->spot;
      return c->other;
    }
  return NULL;
}
