/* ph-render-names.c: the figures' names round their bases
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Names on light plates (a plate is one rectangle: all of them are one
 * fast fill, where outlined text would cost ten times more), placed clear
 * of each other, of every base and marker, and of the terrain's names.
 * A name tries below its base, above, right and left; then the same
 * sides a little along (the plate beside the badges, not under them);
 * then a line further out, with a thin leader line to the base. Only
 * then is it shortened ("Ens. Marin", "Duke's Musketeers", then
 * "Marin"; a short form that another man's name in view shares is
 * skipped) and tried again everywhere; a place whose leader would cross
 * another's plate comes after all the others, and such a leader is drawn
 * again over the plates, never hidden under them; a terrain name gives way before a figure's name is left
 * out (ph_render_feature_names() leaves out the terrain names under the
 * names placed so: ph_render_figure_name_claims()). Every place stays on
 * the table, clear of the edge numbers in the margin (in the window,
 * zoomed in, a man's in view stays clear of the ruler bands along its
 * edges: PhRenderOptions.names_inside). Names are drawn
 * before the bases and markers: neither is ever hidden by a neighbour's
 * name.
 */
#include "ph-render-figures.h"

#include <string.h>

typedef struct
{
  PhRect box;
  gboolean leader;   /* away from the base: a line leads to it */
  gboolean crosses;  /* its leader crosses another's plate */
} Place;

#define MAX_PLACES 16

/* How far a man's name stands from his base: clear of a picked man's
 * selection glow (drawn 3.5 px out, 5 px wide) */
static double
name_gap (const Fig *g)
{
  return g->selected && !g->off ? 7 : 2;
}

/* Where names may go: on the table (the margin holds its edge numbers) */
static void
name_area (const PhRenderContext *ctx,
           PhRect                *area)
{
  const PhTable *t = &ctx->scenario->table;

  *area = (PhRect) { ph_dx (ctx, 0) + 1, ph_dy (ctx, 0) + 1,
                     ph_dx (ctx, t->width) - 1, ph_dy (ctx, t->height) - 1 };
}

/* @b moved inside @area, where it is not wider (or taller) than it */
static void
keep_in (const PhRect *area,
         PhRect       *b)
{
  double dx = 0, dy = 0;

  if (b->x1 - b->x0 <= area->x1 - area->x0)
    dx = b->x0 < area->x0 ? area->x0 - b->x0 : b->x1 > area->x1 ? area->x1 - b->x1 : 0;
  if (b->y1 - b->y0 <= area->y1 - area->y0)
    dy = b->y0 < area->y0 ? area->y0 - b->y0 : b->y1 > area->y1 ? area->y1 - b->y1 : 0;
  b->x0 += dx;
  b->x1 += dx;
  b->y0 += dy;
  b->y1 += dy;
}

/* A name @w wide at font @size: the places to try, in order */
static guint
name_places (const Fig    *g,
             double        w,
             double        size,
             const PhRect *area,
             Place         places[MAX_PLACES])
{
  double gap = name_gap (g), h = size * 1.2;
  double cx = g->cx, cy = g->cy, ex = g->ext_x, ey = g->ext_y;
  double below = cy + ey + gap, above = cy - ey - gap - h;
  double right = cx + ex + gap + 1, left = cx - ex - gap - 1 - w;
  double far = h + 1;   /* a whole line further */
  guint n = 0;

#define PLACE(X0, Y0, LEADER) \
  places[n++] = (Place) { { (X0), (Y0), (X0) + w, (Y0) + h }, (LEADER), FALSE }
  /* below, above, right and left of the base */
  PLACE (cx - w / 2, below, FALSE);
  PLACE (cx - w / 2, above, FALSE);
  PLACE (right, cy - h / 2, FALSE);
  PLACE (left, cy - h / 2, FALSE);
  /* a little along: from the base's left or right edge, below and above;
   * beside it, lower and higher */
  PLACE (cx - ex, below, FALSE);
  PLACE (cx + ex - w, below, FALSE);
  PLACE (cx - ex, above, FALSE);
  PLACE (cx + ex - w, above, FALSE);
  PLACE (right, cy - h / 2 + h * 0.8, FALSE);
  PLACE (left, cy - h / 2 + h * 0.8, FALSE);
  PLACE (right, cy - h / 2 - h * 0.8, FALSE);
  PLACE (left, cy - h / 2 - h * 0.8, FALSE);
  /* further out, with a leader */
  PLACE (cx - w / 2, below + far, TRUE);
  PLACE (cx - w / 2, above - far, TRUE);
  PLACE (right + far, cy - h / 2, TRUE);
  PLACE (left - far, cy - h / 2, TRUE);
#undef PLACE
  for (guint k = 0; k < n; k++)
    keep_in (area, &places[k].box);
  return n;
}

/* The shorter forms of a name: "Ens. Marin" for "Ens. Joseph Marin" (a
 * title, then the last word), "Duke's Musketeers" for "Duke's Drilled
 * Musketeers" (no title: the first word and the last), then "Marin";
 * NULL where there is none */
static void
short_names (const char *full,
             char      **title_last,
             char      **first_last,
             const char **last)
{
  const char *space = strrchr (full, ' ');
  const char *first = strchr (full, ' ');

  *title_last = *first_last = NULL;
  *last = space != NULL && space[1] != '\0' ? space + 1 : NULL;
  if (*last == NULL || first == NULL || first == space || first == full)
    return;
  if (first[-1] == '.')
    *title_last = g_strdup_printf ("%.*s%s", (int) (first - full + 1), full, *last);
  else
    *first_last = g_strdup_printf ("%.*s%s", (int) (first - full + 1), full, *last);
}

/* Counts each form of each name (whole and shortened) among the figures
 * in view, so that a shortened name is used only where no other man's
 * reads the same: "Musketeers" would name both "Duke's Drilled
 * Musketeers" and "Free Company Musketeers" */
static GHashTable *
name_form_counts (const PhRenderContext *ctx)
{
  GHashTable *counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const PhScenario *scenario = ctx->scenario;

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (scenario->figures, i);
      g_autofree char *title_last = NULL;
      g_autofree char *first_last = NULL;
      const char *full = ph_figure_display_name (f), *last;
      const char *forms[4];

      /* the men whose names may be on screen: off-table ones too (their
       * rows are shown along the edge), a little past the view */
      if (!ph_figure_is_off_table (f)
          && (f->x < ctx->visible.x0 - 10 || f->x > ctx->visible.x1 + 10
              || f->y < ctx->visible.y0 - 10 || f->y > ctx->visible.y1 + 10))
        continue;
      short_names (full, &title_last, &first_last, &last);
      forms[0] = full;
      forms[1] = title_last;
      forms[2] = first_last;
      forms[3] = last;
      for (guint k = 0; k < G_N_ELEMENTS (forms); k++)
        {
          gboolean again = FALSE;

          if (forms[k] == NULL)
            continue;
          for (guint j = 0; j < k; j++)
            again = again || g_strcmp0 (forms[j], forms[k]) == 0;
          if (!again)
            g_hash_table_insert (counts, g_strdup (forms[k]),
                                 GUINT_TO_POINTER (GPOINTER_TO_UINT (
                                   g_hash_table_lookup (counts, forms[k])) + 1));
        }
    }
  return counts;
}

typedef struct
{
  const PhRenderContext *ctx;
  GArray *boxes;       /* every box so far: terrain names, bases, markers,
                        * what to keep clear of, names */
  guint n_terrain;     /* the first of them: the terrain's names */
  guint n_fixed;       /* the names placed come after these */
  PhBoxSet *all;       /* all of them, looked up by place */
  PhBoxSet *yield;     /* the same without the terrain's names */
  PhRect area;
  gboolean has_inner;  /* the window's rulers stand over the view's edges */
  PhRect inner;        /* then the view inside their bands (device) */
  GHashTable *forms;   /* name_form_counts(), made when first needed */
} Placing;

/* A shortened @form of a name is used only when no other man's name
 * reads the same */
static gboolean
form_distinct (Placing    *p,
               const char *form)
{
  if (p->forms == NULL)
    p->forms = name_form_counts (p->ctx);
  return GPOINTER_TO_UINT (g_hash_table_lookup (p->forms, form)) <= 1;
}

/* The leader from @g's base to a plate at @box: from the base's rim to
 * the plate's nearest point; FALSE when the plate touches the base */
static gboolean
leader_line (const Fig    *g,
             const PhRect *box,
             PhRect       *line)
{
  double px = CLAMP (g->cx, box->x0, box->x1);
  double py = CLAMP (g->cy, box->y0, box->y1);
  double d = hypot (px - g->cx, py - g->cy), r = MIN (g->ext_x, g->ext_y) + 1;

  if (d <= r + 1)
    return FALSE;
  *line = (PhRect) { g->cx + (px - g->cx) * r / d, g->cy + (py - g->cy) * r / d, px, py };
  return TRUE;
}

/* What a leader keeps clear of others' plates: the box round its line,
 * from outside its own base's box (glow and all) to short of its plate */
static gboolean
leader_box (const Fig    *g,
            const PhRect *plate,
            PhRect       *box)
{
  PhRect line;
  double out = MAX (g->ext_x, g->ext_y) + name_gap (g), d, ux, uy, len;

  if (!leader_line (g, plate, &line))
    return FALSE;
  d = hypot (line.x1 - g->cx, line.y1 - g->cy);
  ux = (line.x1 - g->cx) / d;
  uy = (line.y1 - g->cy) / d;
  len = d - out - 1;
  if (len <= 0.5)
    return FALSE;
  *box = (PhRect) { MIN (g->cx + ux * out, line.x1 - ux), MIN (g->cy + uy * out, line.y1 - uy),
                    MAX (g->cx + ux * out, line.x1 - ux), MAX (g->cy + uy * out, line.y1 - uy) };
  box->x0 -= 1;
  box->y0 -= 1;
  box->x1 += 1;
  box->y1 += 1;
  return TRUE;
}

/* @place is free for @g's name: its plate clear of everything in @set,
 * and with @leader_clear its leader, when it has one, too (not across
 * another's plate) */
static gboolean
place_free (PhBoxSet    *set,
            const Fig   *g,
            const Place *place,
            gboolean     leader_clear)
{
  PhRect lb;

  if (!ph_box_set_free_at (set, &place->box))
    return FALSE;
  return !leader_clear || !place->leader || !leader_box (g, &place->box, &lb)
         || ph_box_set_free_at (set, &lb);
}

/* Where @g's name may go: on the table, and for a man inside the view,
 * inside the view clear of the window's ruler bands */
static const PhRect *
figure_area (Placing   *p,
             const Fig *g)
{
  if (p->has_inner && g->cx >= p->inner.x0 && g->cx <= p->inner.x1
      && g->cy >= p->inner.y0 && g->cy <= p->inner.y1)
    return &p->inner;
  return &p->area;
}

/* The first place of @g's name clear of everything, trying its whole
 * name, then its shorter forms: TRUE. Else, when @yielding is not NULL,
 * the first clear of all but the terrain's names, in the same order, in
 * @yielding and @yielding_name (unless none is). FALSE when none is free.
 * (One walk for both: each form's width is measured once.) */
static gboolean
find_place (Placing        *p,
            const Fig      *g,
            const char    **names,
            guint           n_names,
            double          size,
            double          pad,
            Place          *place,
            const char    **name,
            Place          *yielding,
            const char    **yielding_name)
{
  cairo_t *cr = p->ctx->cr;
  /* only where a terrain name is near */
  gboolean try_yield = yielding != NULL && p->n_terrain > 0;

  /* first where a leader crosses no other plate; then, rather than leave
   * the name out, where it does (it is drawn over that plate, never
   * hidden under it) */
  for (int clear = 1; clear >= 0; clear--)
    for (guint t = 0; t < n_names; t++)
      {
        Place places[MAX_PLACES];
        cairo_text_extents_t te;
        guint n;

        if (names[t] == NULL || (t > 0 && !form_distinct (p, names[t])))
          continue;
        cairo_text_extents (cr, names[t], &te);
        n = name_places (g, te.x_advance + 2 * pad, size, figure_area (p, g), places);
        for (guint k = 0; k < n; k++)
          {
            /* the second time round, only the places with a leader
             * differ */
            if (!clear && !places[k].leader)
              continue;
            places[k].crosses = !clear;
            if (place_free (p->all, g, &places[k], clear))
              {
                *place = places[k];
                *name = names[t];
                return TRUE;
              }
            if (try_yield && place_free (p->yield, g, &places[k], clear))
              {
                *yielding = places[k];
                *yielding_name = names[t];
                try_yield = FALSE;
              }
          }
      }
  return FALSE;
}

/* No room anywhere: the selected figure's whole name goes where it covers
 * the fewest names, bases and markers (below when all are as bad: a man
 * in contact has his neighbour's name under him) */
static void
least_covering (Placing   *p,
                const Fig *g,
                const char *full,
                double      size,
                double      pad,
                Place      *place)
{
  Place places[MAX_PLACES];
  cairo_text_extents_t te;
  guint fewest = G_MAXUINT, n;

  cairo_text_extents (p->ctx->cr, full, &te);
  /* only the four sides: a picked man's name stays by him */
  n = MIN (4, name_places (g, te.x_advance + 2 * pad, size, figure_area (p, g), places));
  for (guint k = 0; k < n; k++)
    {
      guint count = 0;

      /* another man's name counts most: it would be unread */
      for (guint b = 0; b < p->boxes->len; b++)
        if (ph_rect_intersects (&places[k].box, &g_array_index (p->boxes, PhRect, b)))
          count += b >= p->n_fixed ? 10 : 1;
      if (count < fewest)
        {
          fewest = count;
          *place = places[k];
        }
    }
}

static void
add_box (Placing      *p,
         const PhRect *box)
{
  g_array_append_val (p->boxes, *box);
  ph_box_set_add (p->all, box);
  ph_box_set_add (p->yield, box);
}

/* The fixed boxes round @figs: bases (with a picked man's glow), badges,
 * smoke, a picked man's turning handle */
static void
figure_boxes (GArray *figs,
              GArray *boxes)
{
  for (guint i = 0; i < figs->len; i++)
    {
      const Fig *g = &g_array_index (figs, Fig, i);
      double glow = name_gap (g) - 2;
      PhRect b = { g->cx - g->ext_x - glow, g->cy - g->ext_y - glow,
                   g->cx + g->ext_x + glow, g->cy + g->ext_y + glow };

      g_array_append_val (boxes, b);
      ph_render_figure_marker_boxes (g, boxes);
      ph_render_figure_handle_box (g, boxes);
    }
}

/* Places the names of @figs (and draws them when @draw), clear of the
 * boxes in @extra too; the plates' boxes are appended to @placed when not
 * NULL, with their men and leaders to @plates (of PhRenderNamePlate)
 * when not NULL, and those over a terrain name (which gives way) to
 * @claims */
static void
place_names (const PhRenderContext *ctx,
             GArray                *figs,
             GArray                *extra,
             gboolean               draw,
             GArray                *placed,
             GArray                *plates,
             GArray                *claims)
{
  cairo_t *cr = ctx->cr;
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (PhRect));
  g_autoptr(GArray) leaders = g_array_new (FALSE, FALSE, sizeof (PhRect));
  g_autoptr(GArray) crossing = g_array_new (FALSE, FALSE, sizeof (PhRect));
  g_autoptr(PhBoxSet) all = ph_box_set_new ();
  g_autoptr(PhBoxSet) yield = ph_box_set_new ();
  double size = ctx->font * 0.92;
  double pad = MAX (2, size * 0.25);
  Placing p = { ctx, boxes, 0, 0, all, yield, { 0 }, FALSE, { 0 }, NULL };

  name_area (ctx, &p.area);
  /* the window's ruler bands: names of the men in view stay inside */
  if (ctx->opts->names_inside != NULL)
    {
      const PhRect *in = ctx->opts->names_inside;

      p.has_inner = TRUE;
      p.inner = (PhRect) { MAX (p.area.x0, in->x0), MAX (p.area.y0, in->y0),
                           MIN (p.area.x1, in->x1), MIN (p.area.y1, in->y1) };
    }
  /* the terrain's names near these figures (a drag draws a few) */
  if (figs->len > 0)
    {
      PhRect near = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };

      for (guint i = 0; i < figs->len; i++)
        {
          const Fig *g = &g_array_index (figs, Fig, i);

          near.x0 = MIN (near.x0, g->cx - g->ext_x - 200);
          near.y0 = MIN (near.y0, g->cy - g->ext_y - 60);
          near.x1 = MAX (near.x1, g->cx + g->ext_x + 200);
          near.y1 = MAX (near.y1, g->cy + g->ext_y + 60);
        }
      ph_render_feature_name_boxes (ctx, &near, boxes);
    }
  p.n_terrain = boxes->len;
  ph_box_set_add_array (all, boxes);
  /* no name under a base, badges or smoke, a picked man's turning
   * handle, or what the caller keeps clear */
  {
    g_autoptr(GArray) fixed = g_array_new (FALSE, FALSE, sizeof (PhRect));

    figure_boxes (figs, fixed);
    if (extra != NULL)
      g_array_append_vals (fixed, extra->data, extra->len);
    for (guint i = 0; i < fixed->len; i++)
      add_box (&p, &g_array_index (fixed, PhRect, i));
  }
  p.n_fixed = boxes->len;

  for (int off = 1; off >= 0; off--)
    {
      guint first = boxes->len;

      ph_render_font (cr, size, !off, off);
      g_array_set_size (leaders, 0);
      g_array_set_size (crossing, 0);
      for (guint i = 0; i < figs->len; i++)
        {
          const Fig *g = &g_array_index (figs, Fig, i);
          const char *full = ph_figure_display_name (g->f);
          g_autofree char *title_last = NULL;
          g_autofree char *first_last = NULL;
          const char *last, *name = full, *yield_name;
          const char *names[4];
          Place place, yielding;
          gboolean found;

          if (g->off != off || (g->r < 4 && !g->selected))
            continue;
          short_names (full, &title_last, &first_last, &last);
          names[0] = full;
          names[1] = title_last;
          names[2] = first_last;
          names[3] = last;
          yield_name = NULL;
          found = find_place (&p, g, names, G_N_ELEMENTS (names), size, pad, &place, &name,
                              &yielding, &yield_name);
          if (!found && yield_name != NULL)
            {
              /* over a terrain name, which is left out for it */
              found = TRUE;
              place = yielding;
              name = yield_name;
              if (claims != NULL)
                g_array_append_val (claims, place.box);
            }
          if (!found)
            {
              /* another's is left out rather than cover one */
              if (!g->selected)
                continue;
              least_covering (&p, g, full, size, pad, &place);
              name = full;
              /* a terrain name under it gives way too */
              for (guint b = 0; claims != NULL && b < p.n_terrain; b++)
                if (ph_rect_intersects (&place.box, &g_array_index (boxes, PhRect, b)))
                  {
                    g_array_append_val (claims, place.box);
                    break;
                  }
            }
          add_box (&p, &place.box);
          if (placed != NULL)
            g_array_append_val (placed, place.box);
          /* no later plate over the leader */
          {
            PhRenderNamePlate plate = { place.box, { 0 }, FALSE, g->f };

            if (place.leader && leader_box (g, &place.box, &plate.leader))
              {
                plate.has_leader = TRUE;
                ph_box_set_add (p.all, &plate.leader);
                ph_box_set_add (p.yield, &plate.leader);
              }
            if (plates != NULL)
              g_array_append_val (plates, plate);
          }
          if (!draw)
            continue;
          {
            PhRect line;

            if (place.leader && leader_line (g, &place.box, &line))
              {
                g_array_append_val (leaders, line);
                if (place.crosses)
                  g_array_append_val (crossing, line);
              }
          }
          ph_render_text_add (cr, name, (place.box.x0 + place.box.x1) / 2,
                              place.box.y0 + size * 0.1, PH_ALIGN_TOP);
        }
      if (boxes->len == first || !draw)
        continue;
      if (leaders->len > 0)
        {
          for (guint i = 0; i < leaders->len; i++)
            {
              const PhRect *l = &g_array_index (leaders, PhRect, i);

              cairo_move_to (cr, l->x0, l->y0);
              cairo_line_to (cr, l->x1, l->y1);
            }
          cairo_set_line_width (cr, 1);
          ph_render_set_rgb (cr, 0x1d1a14, off ? 0.35 : 0.7);
          cairo_stroke (cr);
        }
      for (guint i = first; i < boxes->len; i++)
        {
          const PhRect *b = &g_array_index (boxes, PhRect, i);

          cairo_rectangle (cr, round (b->x0), round (b->y0),
                           round (b->x1) - round (b->x0), round (b->y1) - round (b->y0));
        }
      ph_render_set_rgb (cr, 0xfbf8ef, off ? 0.45 : 0.78);
      cairo_fill (cr);
      /* a leader that must cross another's plate, again over the plates:
       * seen there, not hidden under it */
      if (crossing->len > 0)
        {
          for (guint i = 0; i < crossing->len; i++)
            {
              const PhRect *l = &g_array_index (crossing, PhRect, i);

              cairo_move_to (cr, l->x0, l->y0);
              cairo_line_to (cr, l->x1, l->y1);
            }
          cairo_set_line_width (cr, 1);
          ph_render_set_rgb (cr, 0x1d1a14, off ? 0.35 : 0.7);
          cairo_stroke (cr);
        }
      ph_render_text_finish (cr, 0x1d1a14, off ? 0.55 : 1, 0, 0, 0);
    }
  g_clear_pointer (&p.forms, g_hash_table_unref);
}

void
ph_render_figure_names (const PhRenderContext *ctx,
                        GArray                *figs)
{
  g_autoptr(GArray) extra = NULL;
  const PhRenderOptions *opts = ctx->opts;

  if (opts->names_avoid != NULL && opts->n_names_avoid > 0)
    {
      extra = g_array_sized_new (FALSE, FALSE, sizeof (PhRect), opts->n_names_avoid);
      g_array_append_vals (extra, opts->names_avoid, opts->n_names_avoid);
    }
  place_names (ctx, figs, extra, TRUE, NULL, NULL, NULL);
}

void
ph_render_figure_obstacle_boxes (const PhRenderContext *ctx,
                                 GArray                *boxes,
                                 GArray                *labels,
                                 GArray                *plates)
{
  g_autoptr(GArray) figs = ph_render_collect_figs (ctx);
  guint first = boxes->len;

  /* the names as ph_render_figures() places them, then what is round
   * the bases */
  place_names (ctx, figs, NULL, FALSE, boxes, plates, NULL);
  if (labels != NULL)
    {
      /* as ph_render_figure_label_boxes() gives them: the names, badges,
       * smoke and handles, for all of @figs */
      g_array_append_vals (labels, &g_array_index (boxes, PhRect, first), boxes->len - first);
      for (guint i = 0; i < figs->len; i++)
        {
          ph_render_figure_marker_boxes (&g_array_index (figs, Fig, i), labels);
          ph_render_figure_handle_box (&g_array_index (figs, Fig, i), labels);
        }
    }
  figure_boxes (figs, boxes);
}

void
ph_render_figure_name_claims (const PhRenderContext *ctx,
                              GArray                *claims)
{
  g_autoptr(GArray) figs = NULL;

  /* as ph_render_figures() places them: a call that keeps them clear of
   * more draws no terrain names (the window's drag frames) */
  if (ctx->opts->names_avoid != NULL)
    return;
  figs = ph_render_collect_figs (ctx);
  cairo_save (ctx->cr);
  place_names (ctx, figs, NULL, FALSE, NULL, NULL, claims);
  cairo_restore (ctx->cr);
}

void
ph_render_figure_label_boxes (const PhRenderContext *ctx,
                              const PhRect          *near,
                              GArray                *boxes,
                              GArray                *claims)
{
  g_autoptr(GArray) all = ph_render_collect_figs (ctx);
  g_autoptr(GArray) figs = g_array_new (FALSE, FALSE, sizeof (Fig));
  /* the names placed around these bases come out as the figures layer
   * places them: their neighbours' names are placed too */
  double margin = ctx->font * 20;

  for (guint i = 0; i < all->len; i++)
    {
      const Fig *g = &g_array_index (all, Fig, i);

      if (g->cx + g->ext_x < near->x0 - margin || g->cx - g->ext_x > near->x1 + margin
          || g->cy + g->ext_y < near->y0 - margin || g->cy - g->ext_y > near->y1 + margin)
        continue;
      g_array_append_val (figs, *g);
    }
  /* (the window draws the names and markers in a layer of their own:
   * whatever this call draws, they are there) */
  cairo_save (ctx->cr);
  place_names (ctx, figs, NULL, FALSE, boxes, NULL, claims);
  cairo_restore (ctx->cr);
  for (guint i = 0; i < figs->len; i++)
    {
      ph_render_figure_marker_boxes (&g_array_index (figs, Fig, i), boxes);
      ph_render_figure_handle_box (&g_array_index (figs, Fig, i), boxes);
    }
}
