/* ph-shape-grid.c: a uniform grid over shapes
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table is cut into about two cells per edge. Each cell lists the
 * shapes whose outline passes through it (polygons and polylines by their
 * edges, circles by their bounding box) and, apart, the area shapes whose
 * bounding box covers it. Both lists are packed in one array each
 * (compressed rows: the cell's first entry and the next cell's), every
 * cell's in increasing shape order.
 *
 * A segment, an edge or a box covers the cells it comes within `pad` of:
 * for each row of cells it reaches, the part of it within that row's band
 * (widened by pad) gives the columns (widened by pad). pad is far above
 * PH_EPSILON and the rounding of the arithmetic, so a segment and an edge
 * that meet, or come within PH_EPSILON, always share a cell.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ph-shape-grid.h"
#include "ph-geometry-private.h"

/* At most this many cells a side */
#define MAX_CELLS_SIDE 1024

struct _PhShapeGrid
{
  double x0, y0;      /* the grid's top-left corner */
  double cw, ch;      /* a cell's width and height */
  int nx, ny;
  double pad;
  guint n_shapes;
  guint *outline_start; /* nx * ny + 1 */
  guint *outline;
  guint *area_start;    /* nx * ny + 1 */
  guint *area;
  guint32 *stamp;       /* per shape: the query that last met it */
  guint32 current;
};

static inline int
cell_index (double v,
            double origin,
            double size,
            int    n)
{
  double c = floor ((v - origin) / size);

  if (!(c >= 0)) /* also NaN */
    return 0;
  if (c >= n)
    return n - 1;
  return (int) c;
}

typedef void (*CellFunc) (PhShapeGrid *grid, guint cell, gpointer data);

/* The cells of the box [x0, x1] x [y0, y1], widened by pad, row by row in
 * the directions @down and @right */
static gboolean
visit_box (PhShapeGrid *grid,
           double       x0,
           double       y0,
           double       x1,
           double       y1,
           gboolean   (*func) (PhShapeGrid *grid, guint cell, gpointer data),
           gpointer     data)
{
  int i0 = cell_index (x0 - grid->pad, grid->x0, grid->cw, grid->nx);
  int i1 = cell_index (x1 + grid->pad, grid->x0, grid->cw, grid->nx);
  int j0 = cell_index (y0 - grid->pad, grid->y0, grid->ch, grid->ny);
  int j1 = cell_index (y1 + grid->pad, grid->y0, grid->ch, grid->ny);

  for (int j = j0; j <= j1; j++)
    for (int i = i0; i <= i1; i++)
      if (!func (grid, (guint) j * grid->nx + i, data))
        return FALSE;
  return TRUE;
}

/* The cells the segment from @p to @q comes within pad of, row by row from
 * @p's end to @q's, and in each row from @p's side */
static gboolean
visit_segment (PhShapeGrid *grid,
               PhPoint      p,
               PhPoint      q,
               gboolean   (*func) (PhShapeGrid *grid, guint cell, gpointer data),
               gpointer     data)
{
  double dx = q.x - p.x, dy = q.y - p.y, pad = grid->pad;
  int ja = cell_index (p.y + (dy >= 0 ? -pad : pad), grid->y0, grid->ch, grid->ny);
  int jb = cell_index (q.y + (dy >= 0 ? pad : -pad), grid->y0, grid->ch, grid->ny);
  int step = ja <= jb ? 1 : -1;

  for (int j = ja;; j += step)
    {
      double t0 = 0.0, t1 = 1.0, xa, xb;
      int i0, i1;

      if (dy != 0.0)
        {
          double band0 = grid->y0 + j * grid->ch - pad;
          double band1 = grid->y0 + (j + 1) * grid->ch + pad;
          double ta = (band0 - p.y) / dy, tb = (band1 - p.y) / dy;

          t0 = CLAMP (MIN (ta, tb), 0.0, 1.0);
          t1 = CLAMP (MAX (ta, tb), 0.0, 1.0);
        }
      xa = p.x + t0 * dx;
      xb = p.x + t1 * dx;
      if (t0 == 1.0)
        xa = q.x;
      if (t1 == 1.0)
        xb = q.x;
      i0 = cell_index (MIN (xa, xb) - pad, grid->x0, grid->cw, grid->nx);
      i1 = cell_index (MAX (xa, xb) + pad, grid->x0, grid->cw, grid->nx);
      if (dx >= 0)
        {
          for (int i = i0; i <= i1; i++)
            if (!func (grid, (guint) j * grid->nx + i, data))
              return FALSE;
        }
      else
        {
          for (int i = i1; i >= i0; i--)
            if (!func (grid, (guint) j * grid->nx + i, data))
              return FALSE;
        }
      if (j == jb)
        break;
    }
  return TRUE;
}

/* Building: each shape is registered once per cell (@last: the shape last
 * registered in each cell); the first pass counts, the second fills. */
typedef struct
{
  guint shape;
  guint *last;
  guint *count;     /* counting pass, else NULL */
  guint *next;      /* filling pass: the next free slot of each cell */
  guint *entries;
} Register;

static gboolean
register_cell (PhShapeGrid *grid,
               guint        cell,
               gpointer     data)
{
  Register *r = data;

  (void) grid;
  if (r->last[cell] == r->shape)
    return TRUE;
  r->last[cell] = r->shape;
  if (r->count != NULL)
    r->count[cell]++;
  else
    r->entries[r->next[cell]++] = r->shape;
  return TRUE;
}

static void
register_outline (PhShapeGrid   *grid,
                  const PhShape *shape,
                  Register      *r)
{
  guint n = shape->n_points;

  switch (shape->kind)
    {
    case PH_SHAPE_CIRCLE:
      visit_box (grid, shape->centre.x - shape->radius, shape->centre.y - shape->radius,
                 shape->centre.x + shape->radius, shape->centre.y + shape->radius,
                 register_cell, r);
      break;
    case PH_SHAPE_POLYGON:
    case PH_SHAPE_POLYLINE:
      if (n == 1)
        visit_segment (grid, shape->points[0], shape->points[0], register_cell, r);
      for (guint i = 0; i + 1 < n; i++)
        visit_segment (grid, shape->points[i], shape->points[i + 1], register_cell, r);
      if (shape->kind == PH_SHAPE_POLYGON && n >= 2)
        visit_segment (grid, shape->points[n - 1], shape->points[0], register_cell, r);
      break;
    default:
      break;
    }
}

static void
register_area (PhShapeGrid   *grid,
               const PhShape *shape,
               Register      *r)
{
  PhRect b = shape->bbox;

  if (shape->kind == PH_SHAPE_POLYLINE)
    return;
  /* the box as the points give it (ph_shape_update_bbox() may not have
   * run) */
  if (shape->kind == PH_SHAPE_CIRCLE)
    b = (PhRect) { shape->centre.x - shape->radius, shape->centre.y - shape->radius,
                   shape->centre.x + shape->radius, shape->centre.y + shape->radius };
  else if (shape->n_points > 0)
    {
      b = (PhRect) { shape->points[0].x, shape->points[0].y,
                     shape->points[0].x, shape->points[0].y };
      for (guint i = 1; i < shape->n_points; i++)
        {
          b.x0 = MIN (b.x0, shape->points[i].x);
          b.y0 = MIN (b.y0, shape->points[i].y);
          b.x1 = MAX (b.x1, shape->points[i].x);
          b.y1 = MAX (b.y1, shape->points[i].y);
        }
    }
  else
    return;
  visit_box (grid, b.x0, b.y0, b.x1, b.y1, register_cell, r);
}

/* Both passes over every shape into one packed list */
static void
build_lists (PhShapeGrid           *grid,
             const PhShape *const  *shapes,
             void                 (*reg) (PhShapeGrid *, const PhShape *, Register *),
             guint                **start_out,
             guint                **entries_out)
{
  guint n_cells = (guint) grid->nx * grid->ny;
  g_autofree guint *last = g_new (guint, n_cells);
  g_autofree guint *count = g_new0 (guint, n_cells);
  g_autofree guint *next = g_new (guint, n_cells);
  guint *start = g_new (guint, n_cells + 1);
  guint total = 0;
  Register r = { 0 };

  memset (last, 0xff, n_cells * sizeof (guint));
  r.last = last;
  r.count = count;
  for (guint s = 0; s < grid->n_shapes; s++)
    if (shapes[s] != NULL)
      {
        r.shape = s;
        reg (grid, shapes[s], &r);
      }

  for (guint c = 0; c < n_cells; c++)
    {
      start[c] = total;
      next[c] = total;
      total += count[c];
    }
  start[n_cells] = total;

  memset (last, 0xff, n_cells * sizeof (guint));
  r.count = NULL;
  r.next = next;
  r.entries = g_new (guint, MAX (total, 1));
  for (guint s = 0; s < grid->n_shapes; s++)
    if (shapes[s] != NULL)
      {
        r.shape = s;
        reg (grid, shapes[s], &r);
      }

  *start_out = start;
  *entries_out = r.entries;
}

PhShapeGrid *
ph_shape_grid_new (const PhShape *const *shapes,
                   guint                 n_shapes)
{
  PhShapeGrid *grid = g_new0 (PhShapeGrid, 1);
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  double w, h, cell;
  guint n_edges = 0;

  g_return_val_if_fail (shapes != NULL || n_shapes == 0, grid);

  grid->n_shapes = n_shapes;
  grid->stamp = g_new0 (guint32, MAX (n_shapes, 1));

  /* The extent of everything, from the points themselves */
  for (guint s = 0; s < n_shapes; s++)
    {
      const PhShape *shape = shapes[s];

      if (shape == NULL)
        continue;
      if (shape->kind == PH_SHAPE_CIRCLE)
        {
          x0 = MIN (x0, shape->centre.x - shape->radius);
          y0 = MIN (y0, shape->centre.y - shape->radius);
          x1 = MAX (x1, shape->centre.x + shape->radius);
          y1 = MAX (y1, shape->centre.y + shape->radius);
          n_edges += 4;
          continue;
        }
      for (guint i = 0; i < shape->n_points; i++)
        {
          x0 = MIN (x0, shape->points[i].x);
          y0 = MIN (y0, shape->points[i].y);
          x1 = MAX (x1, shape->points[i].x);
          y1 = MAX (y1, shape->points[i].y);
        }
      n_edges += shape->n_points;
    }
  if (!(x0 <= x1 && y0 <= y1) || !isfinite (x0) || !isfinite (y0)
      || !isfinite (x1) || !isfinite (y1))
    x0 = y0 = 0.0, x1 = y1 = 1.0;

  /* A margin far above PH_EPSILON and the rounding of coordinates of this
   * size, yet far below a cell */
  grid->pad = 4 * PH_EPSILON + 1e-9 * MAX (MAX (fabs (x0), fabs (x1)), MAX (fabs (y0), fabs (y1)))
              + 1e-7 * MAX (x1 - x0, y1 - y0);
  x0 -= grid->pad;
  y0 -= grid->pad;
  x1 += grid->pad;
  y1 += grid->pad;
  w = x1 - x0;
  h = y1 - y0;

  /* About two cells an edge */
  cell = sqrt (w * h / MAX (2.0 * n_edges, 1.0));
  grid->nx = (int) CLAMP (ceil (w / cell), 1, MAX_CELLS_SIDE);
  grid->ny = (int) CLAMP (ceil (h / cell), 1, MAX_CELLS_SIDE);
  grid->x0 = x0;
  grid->y0 = y0;
  grid->cw = w / grid->nx;
  grid->ch = h / grid->ny;

  build_lists (grid, shapes, register_outline, &grid->outline_start, &grid->outline);
  build_lists (grid, shapes, register_area, &grid->area_start, &grid->area);
  return grid;
}

void
ph_shape_grid_free (PhShapeGrid *grid)
{
  if (grid == NULL)
    return;
  g_free (grid->outline_start);
  g_free (grid->outline);
  g_free (grid->area_start);
  g_free (grid->area);
  g_free (grid->stamp);
  g_free (grid);
}

guint
ph_shape_grid_get_n_shapes (const PhShapeGrid *grid)
{
  return grid->n_shapes;
}

/* A new query: a stamp no shape carries yet */
static void
next_stamp (PhShapeGrid *grid)
{
  if (++grid->current == 0)
    {
      memset (grid->stamp, 0, MAX (grid->n_shapes, 1) * sizeof (guint32));
      grid->current = 1;
    }
}

typedef struct
{
  PhShapeGridFunc func;
  gpointer data;
  GArray *out;
} Walk;

static gboolean
walk_cell (PhShapeGrid *grid,
           guint        cell,
           gpointer     data)
{
  Walk *w = data;

  for (guint k = grid->outline_start[cell]; k < grid->outline_start[cell + 1]; k++)
    {
      guint s = grid->outline[k];

      if (grid->stamp[s] == grid->current)
        continue;
      grid->stamp[s] = grid->current;
      if (w->out != NULL)
        g_array_append_val (w->out, s);
      else if (!w->func (s, w->data))
        return FALSE;
    }
  return TRUE;
}

gboolean
ph_shape_grid_walk_segment (PhShapeGrid     *grid,
                            PhSegment        s,
                            PhShapeGridFunc  func,
                            gpointer         data)
{
  Walk w = { func, data, NULL };

  g_return_val_if_fail (grid != NULL && func != NULL, TRUE);

  next_stamp (grid);
  return visit_segment (grid, s.a, s.b, walk_cell, &w);
}

static int
compare_uints (const void *a,
               const void *b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return (x > y) - (x < y);
}

static void
sort_from (GArray *out,
           guint   first)
{
  guint *v = &g_array_index (out, guint, first);
  guint n = out->len - first;

  if (n > 16)
    {
      qsort (v, n, sizeof v[0], compare_uints);
      return;
    }
  for (guint i = 1; i < n; i++)
    {
      guint x = v[i], j = i;

      for (; j > 0 && v[j - 1] > x; j--)
        v[j] = v[j - 1];
      v[j] = x;
    }
}

void
ph_shape_grid_query_segment (PhShapeGrid *grid,
                             PhSegment    s,
                             GArray      *out)
{
  Walk w = { NULL, NULL, out };
  guint first = out->len;

  g_return_if_fail (grid != NULL && out != NULL);

  next_stamp (grid);
  visit_segment (grid, s.a, s.b, walk_cell, &w);
  sort_from (out, first);
}

void
ph_shape_grid_query_rect (PhShapeGrid  *grid,
                          const PhRect *box,
                          GArray       *out)
{
  Walk w = { NULL, NULL, out };
  guint first = out->len;

  g_return_if_fail (grid != NULL && box != NULL && out != NULL);

  next_stamp (grid);
  visit_box (grid, box->x0, box->y0, box->x1, box->y1, walk_cell, &w);
  sort_from (out, first);
}

void
ph_shape_grid_query_point (PhShapeGrid *grid,
                           PhPoint      p,
                           GArray      *out)
{
  guint cell;

  g_return_if_fail (grid != NULL && out != NULL);

  cell = (guint) cell_index (p.y, grid->y0, grid->ch, grid->ny) * grid->nx
         + cell_index (p.x, grid->x0, grid->cw, grid->nx);
  /* each cell's list is in increasing order, without repeats */
  g_array_append_vals (out, grid->area + grid->area_start[cell],
                       grid->area_start[cell + 1] - grid->area_start[cell]);
}
