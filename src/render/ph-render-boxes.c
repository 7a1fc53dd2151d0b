/* ph-render-boxes.c: the boxes labels keep clear of, looked up by place
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Placing a thousand figures' names asks, for each try, whether a box
 * meets any box placed so far: a walk over them all made the figures
 * layer quadratic. The set keeps each box in the cells of a grid it
 * covers, so that a question looks only at the boxes sharing a cell with
 * it (or a bucket of cells: see N_BUCKETS). The answer is the walk's,
 * exactly: two closed boxes that meet share a point, and that point's
 * cell is in both boxes' ranges of cells.
 */
#include "ph-render-private.h"

#include <math.h>

/* Device pixels a cell */
#define CELL 48.0
/* A box over more cells a side than this is kept aside and always looked
 * at (a question this wide walks every box) */
#define MAX_CELLS 64

/* Cells share buckets by a hash of their place: a bucket lists the boxes
 * of every cell that falls in it, which only adds boxes to look at */
#define N_BUCKETS 2048

struct _PhBoxSet
{
  GArray *boxes;        /* of PhRect, in the order added */
  GArray *buckets[N_BUCKETS]; /* of guint (indexes in boxes), or NULL */
  GArray *wide;         /* of guint: boxes kept aside */
};

static gboolean
cell_range (const PhRect *box,
            gint64       *i0,
            gint64       *j0,
            gint64       *i1,
            gint64       *j1)
{
  double x0 = floor (box->x0 / CELL), y0 = floor (box->y0 / CELL);
  double x1 = floor (box->x1 / CELL), y1 = floor (box->y1 / CELL);

  if (!(x1 - x0 <= MAX_CELLS && y1 - y0 <= MAX_CELLS)
      || fabs (x0) > 1e9 || fabs (y0) > 1e9 || fabs (x1) > 1e9 || fabs (y1) > 1e9)
    return FALSE;
  *i0 = (gint64) x0;
  *j0 = (gint64) y0;
  *i1 = (gint64) x1;
  *j1 = (gint64) y1;
  return TRUE;
}

static inline guint
bucket_of (gint64 i,
           gint64 j)
{
  return ((guint32) i * 73856093u ^ (guint32) j * 19349663u) % N_BUCKETS;
}

PhBoxSet *
ph_box_set_new (void)
{
  PhBoxSet *set = g_new0 (PhBoxSet, 1);

  set->boxes = g_array_new (FALSE, FALSE, sizeof (PhRect));
  set->wide = g_array_new (FALSE, FALSE, sizeof (guint));
  return set;
}

void
ph_box_set_free (PhBoxSet *set)
{
  if (set == NULL)
    return;
  g_array_unref (set->boxes);
  for (guint i = 0; i < N_BUCKETS; i++)
    g_clear_pointer (&set->buckets[i], g_array_unref);
  g_array_unref (set->wide);
  g_free (set);
}

GArray *
ph_box_set_get_boxes (PhBoxSet *set)
{
  return set->boxes;
}

void
ph_box_set_add (PhBoxSet     *set,
                const PhRect *box)
{
  guint index = set->boxes->len;
  gint64 i0, j0, i1, j1;

  g_array_append_val (set->boxes, *box);
  /* a box with a NaN meets nothing: it needs no cell */
  if (isnan (box->x0) || isnan (box->y0) || isnan (box->x1) || isnan (box->y1))
    return;
  if (!cell_range (box, &i0, &j0, &i1, &j1))
    {
      g_array_append_val (set->wide, index);
      return;
    }
  for (gint64 j = j0; j <= j1; j++)
    for (gint64 i = i0; i <= i1; i++)
      {
        GArray **bucket = &set->buckets[bucket_of (i, j)];

        if (*bucket == NULL)
          *bucket = g_array_new (FALSE, FALSE, sizeof (guint));
        g_array_append_val (*bucket, index);
      }
}

void
ph_box_set_add_array (PhBoxSet *set,
                      GArray   *boxes)
{
  for (guint i = 0; i < boxes->len; i++)
    ph_box_set_add (set, &g_array_index (boxes, PhRect, i));
}

gboolean
ph_box_set_free_at (PhBoxSet     *set,
                    const PhRect *box)
{
  gint64 i0, j0, i1, j1;

  if (!cell_range (box, &i0, &j0, &i1, &j1))
    return ph_render_box_free (set->boxes, box);
  for (guint k = 0; k < set->wide->len; k++)
    if (ph_rect_intersects (box, &g_array_index (set->boxes, PhRect,
                                                 g_array_index (set->wide, guint, k))))
      return FALSE;
  for (gint64 j = j0; j <= j1; j++)
    for (gint64 i = i0; i <= i1; i++)
      {
        GArray *bucket = set->buckets[bucket_of (i, j)];

        if (bucket == NULL)
          continue;
        for (guint k = 0; k < bucket->len; k++)
          if (ph_rect_intersects (box, &g_array_index (set->boxes, PhRect,
                                                       g_array_index (bucket, guint, k))))
            return FALSE;
      }
  return TRUE;
}
