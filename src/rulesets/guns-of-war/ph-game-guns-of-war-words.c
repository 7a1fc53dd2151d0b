/* ph-game-guns-of-war-words.c: where a point is, in the words of the
 * Guns of War log and refusals
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A player reads the map, not its coordinates: a point is the hex the map
 * prints ("hex 0402", "hex 0402, off its centre"), and on a table without
 * hexes where it is from the ground the map names ("a point north-east of
 * Hallow Wood", "a point in Hallow Wood"), else on the table ("a point in
 * the north-west of the table"); never "(12.5, 3.0)". Each follows "moves
 * to".
 */
#include <math.h>

#include <glib/gi18n-lib.h>

#include "ph-game-guns-of-war-private.h"

/* Eight points of the compass, clockwise from north (up the table) */
static const char *
gow_compass (double bearing)
{
  static const char * const points[] = {
    N_("north"), N_("north-east"), N_("east"), N_("south-east"),
    N_("south"), N_("south-west"), N_("west"), N_("north-west")
  };
  int i = (int) floor (ph_angle_normalize (bearing + 22.5) / 45.0) % 8;

  return _(points[i]);
}

/* The centre of @shape's box, where a feature "is" for a direction */
static PhPoint
gow_shape_middle (const PhShape *shape)
{
  if (shape->kind == PH_SHAPE_CIRCLE)
    return shape->centre;
  return (PhPoint) { (shape->bbox.x0 + shape->bbox.x1) / 2, (shape->bbox.y0 + shape->bbox.y1) / 2 };
}

/* Off hexes: in the named feature under @p, else from the nearest named
 * one, else on the table */
static char *
gow_ground_words (const PhScenario *scenario,
                  PhPoint           p)
{
  const PhFeature *nearest = NULL;
  double best = G_MAXDOUBLE;
  double w = scenario->table.width, h = scenario->table.height;
  int col, row;

  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *feature = g_ptr_array_index (scenario->features, i);
      double d;

      if (feature->name == NULL || feature->name[0] == '\0')
        continue;
      if (ph_shape_contains_point (&feature->shape, p))
        /* TRANSLATORS: where a unit moves to: "a point in Hallow Wood" */
        return g_strdup_printf (_("a point in %s"), feature->name);
      d = ph_shape_point_distance (&feature->shape, p);
      if (d < best)
        {
          best = d;
          nearest = feature;
        }
    }
  if (nearest != NULL)
    {
      PhPoint middle = gow_shape_middle (&nearest->shape);

      if (ph_point_distance (middle, p) > 1e-9)
        /* TRANSLATORS: "a point north-east of Hallow Wood" */
        return g_strdup_printf (_("a point %s of %s"), gow_compass (ph_bearing (middle, p)),
                                nearest->name);
      return g_strdup_printf (_("a point by %s"), nearest->name);
    }
  /* thirds of the table */
  col = w > 0 ? CLAMP ((int) (3 * p.x / w), 0, 2) : 1;
  row = h > 0 ? CLAMP ((int) (3 * p.y / h), 0, 2) : 1;
  if (col == 1 && row == 1)
    return g_strdup (_("a point in the middle of the table"));
  {
    /* the compass point of the third from the middle */
    double bearing = ph_bearing ((PhPoint) { 1, 1 }, (PhPoint) { col, row });

    /* TRANSLATORS: "a point in the north-west of the table" */
    return g_strdup_printf (_("a point in the %s of the table"), gow_compass (bearing));
  }
}

char *
ph_guns_of_war_point_words (const PhScenario *scenario,
                            PhPoint           p)
{
  double size = scenario->table.grid_size;
  char name[PH_HEX_NAME_SIZE];
  PhHex hex;

  if (scenario->table.grid != PH_GRID_HEX || size <= 0)
    return gow_ground_words (scenario, p);
  hex = ph_hex_from_point (p, size);
  ph_hex_name (hex, name);
  if (ph_point_distance (ph_hex_to_point (hex, size), p) < 0.01 * size)
    return g_strdup_printf (_("hex %s"), name);
  /* TRANSLATORS: a point in a hex, not its centre: "hex 0402, off its
   * centre" */
  return g_strdup_printf (_("hex %s, off its centre"), name);
}
