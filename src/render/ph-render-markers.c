/* ph-render-markers.c: status markers and names of figures
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Badges (a letter on a colour, crossed swords for melee, a smoke puff in
 * front of a figure that fired) and name plates, for hundreds of figures:
 * every badge of one colour is one fill, every name one glyph run.
 */
#include <glib/gi18n-lib.h>

#include "ph-render-figures.h"
#include "ph-stats.h"

/* Markers that are not PhStatus flags */
#define MARK_UNLOADED  0
#define MARK_WOUNDED   (1u << 30)
#define MARK_ACTIVATED (1u << 31)

typedef struct
{
  guint flag;        /* PhStatus, or one of the MARK_ values */
  const char *letter;
  guint32 color;
  const char *meaning; /* for the tooltip and the legend */
  /* the letter is NC_("marker", ...), the meaning N_(): both drawn and
   * shown translated */
} Marker;

/* Badge order: how urgent it is for the referee, roughly */
static const Marker markers[] = {
  { PH_STATUS_MELEE, NULL, 0x8e1b1b, N_("crossed swords: in melee") },
  { MARK_WOUNDED, NC_("marker", "W"), 0xb3122e, N_("W: wounded (hits or wounds taken)") },
  { MARK_UNLOADED, NC_("marker", "U"), 0xd0731f, N_("U: a weapon not loaded") },
  { PH_STATUS_MOVED, NC_("marker", "M"), 0x3466ad, N_("M: moved") },
  { PH_STATUS_PRONE, NC_("marker", "P"), 0x6e5032, N_("P: prone") },
  { PH_STATUS_SHAKEN, NC_("marker", "S"), 0xa67c00, N_("S: shaken") },
  { PH_STATUS_STARTLED, NC_("marker", "!"), 0xcf8a00, N_("!: startled") },
  { PH_STATUS_COWERING, NC_("marker", "C"), 0x6f4496, N_("C: cowering") },
  { PH_STATUS_ANGRY, NC_("marker", "A"), 0xc0392b, N_("A: angry") },
  { PH_STATUS_VEXED, NC_("marker", "V"), 0x9c2a6a, N_("V: vexed") },
  { PH_STATUS_REACTING, NC_("marker", "R"), 0x137a6e, N_("R: reacting") },
  { MARK_ACTIVATED, NC_("marker", "✓"), 0x2e7d32, N_("✓: has acted this turn") },
};

static gboolean
has_unloaded (const PhFigure *f)
{
  if (f->weapons == NULL)
    return FALSE;
  for (guint i = 0; i < f->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (f->weapons, PhWeapon, i);

      if (ph_weapon_kind_is_missile (w->kind) && !w->loaded)
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_wounded (const PhFigure *f)
{
  const PhStatsSchema *schema = ph_stats_schema_of_kind (f->stats_kind);

  return schema != NULL && schema->is_wounded != NULL && schema->is_wounded (f);
}

static gboolean
has_marker (const Fig    *g,
            const Marker *m)
{
  const PhFigure *f = g->f;

  switch (m->flag)
    {
    case MARK_UNLOADED:
      return has_unloaded (f);
    case MARK_WOUNDED:
      return is_wounded (f);
    case MARK_ACTIVATED:
      return g->activated;
    default:
      return (f->status & m->flag) != 0;
    }
}

char *
ph_render_describe_markers (const PhFigure *figure,
                            gboolean        activated)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  Fig g = { 0 };

  g_return_val_if_fail (figure != NULL, NULL);

  g.f = figure;
  g.activated = activated;
  if (figure->status & PH_STATUS_FIRED)
    g_ptr_array_add (parts, (gpointer) _("smoke puff: fired"));
  for (guint i = 0; i < G_N_ELEMENTS (markers); i++)
    if (has_marker (&g, &markers[i]))
      g_ptr_array_add (parts, (gpointer) _(markers[i].meaning));
  if (parts->len == 0)
    return NULL;
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}

char *
ph_render_marker_legend (void)
{
  GString *legend = g_string_new (_("smoke puff: fired"));

  for (guint i = 0; i < G_N_ELEMENTS (markers); i++)
    g_string_append_printf (legend, "\n%s", _(markers[i].meaning));
  return g_string_free (legend, FALSE);
}

static double
badge_radius (const Fig *g)
{
  return CLAMP (g->r * 0.42, 5.0, 10.0);
}

/* Where the figure's k-th badge goes: a row from the base's top right */
static void
badge_position (const Fig *g,
                guint      k,
                double    *x,
                double    *y)
{
  double rb = badge_radius (g);

  *x = g->cx + g->r * 0.72 + k * (2 * rb + 1);
  *y = g->cy - g->ext_y * 0.72 - rb * 0.2;
}

static guint
badge_index (const Fig    *g,
             const Marker *m)
{
  guint k = 0;

  for (const Marker *i = markers; i < m; i++)
    if (has_marker (g, i))
      k++;
  return k;
}


static void
add_puff (cairo_t *cr,
          double   x,
          double   y,
          double   rb,
          double   grow)
{
  static const double offs[][3] = {
    { -0.55, 0.15, 0.62 }, { 0.1, -0.35, 0.7 }, { 0.6, 0.2, 0.6 }, { 0.0, 0.35, 0.6 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (offs); i++)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, x + offs[i][0] * rb, y + offs[i][1] * rb, offs[i][2] * rb + grow,
                 0, 2 * G_PI);
      cairo_close_path (cr);
    }
}

/* Where a man who fired shows his smoke: in front of his base; for a
 * picked man, whose turning handle stands right in front, 55 degrees to
 * his left, clear of it */
static void
smoke_centre (const Fig *g,
              double    *x,
              double    *y)
{
  double rb = badge_radius (g) * 1.5;
  double d = (g->base.square ? g->r * g->base.depth / g->base.width : g->r) + rb * 1.05;
  double fx = g->fx, fy = g->fy;

  if (g->selected && !g->off)
    {
      double a = -55 * G_PI / 180, c = cos (a), s = sin (a);

      fx = g->fx * c - g->fy * s;
      fy = g->fx * s + g->fy * c;
    }
  *x = g->cx + fx * d;
  *y = g->cy + fy * d;
}

static gboolean
wants_detail (const Fig *g)
{
  return !g->off && (g->r >= 5 || g->selected);
}

void
ph_render_figure_markers (const PhRenderContext *ctx,
              GArray                *figs)
{
  cairo_t *cr = ctx->cr;
  gboolean any = FALSE;
  double font_rb = -1;

  /* Smoke in front of a figure that fired: a grey rim, then white puffs */
  for (int pass = 0; pass < 2; pass++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < figs->len; i++)
        {
          const Fig *g = &g_array_index (figs, Fig, i);
          double rb = badge_radius (g) * 1.5, x, y;

          if (!wants_detail (g) || !(g->f->status & PH_STATUS_FIRED))
            continue;
          smoke_centre (g, &x, &y);
          add_puff (cr, x, y, rb, pass == 0 ? 1 : 0);
          found = TRUE;
        }
      if (!found)
        break;
      if (pass == 0)
        cairo_set_source_rgba (cr, 0.35, 0.35, 0.35, 0.9);
      else
        cairo_set_source_rgba (cr, 0.97, 0.97, 0.95, 1);
      cairo_fill (cr);
    }

  /* Badges: white rims for all, then one fill per marker colour (fills
   * cost less than strokes) */
  for (guint m = 0; m < G_N_ELEMENTS (markers); m++)
    for (guint i = 0; i < figs->len; i++)
      {
        const Fig *g = &g_array_index (figs, Fig, i);
        double x, y;

        if (!wants_detail (g) || !has_marker (g, &markers[m]))
          continue;
        badge_position (g, badge_index (g, &markers[m]), &x, &y);
        cairo_new_sub_path (cr);
        cairo_arc (cr, x, y, badge_radius (g) + 1.2, 0, 2 * G_PI);
        cairo_close_path (cr);
        any = TRUE;
      }
  if (!any)
    return;
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill (cr);

  for (guint m = 0; m < G_N_ELEMENTS (markers); m++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < figs->len; i++)
        {
          const Fig *g = &g_array_index (figs, Fig, i);
          double x, y;

          if (!wants_detail (g) || !has_marker (g, &markers[m]))
            continue;
          badge_position (g, badge_index (g, &markers[m]), &x, &y);
          cairo_new_sub_path (cr);
          cairo_arc (cr, x, y, badge_radius (g), 0, 2 * G_PI);
          cairo_close_path (cr);
          found = TRUE;
        }
      if (!found)
        continue;
      ph_render_set_rgb (cr, markers[m].color, 1);
      cairo_fill (cr);
    }

  /* Letters and crossed swords, white, all in one go */
  for (guint m = 0; m < G_N_ELEMENTS (markers); m++)
    for (guint i = 0; i < figs->len; i++)
      {
        const Fig *g = &g_array_index (figs, Fig, i);
        double x, y, rb;

        if (!wants_detail (g) || !has_marker (g, &markers[m]))
          continue;
        badge_position (g, badge_index (g, &markers[m]), &x, &y);
        rb = badge_radius (g);
        if (markers[m].letter == NULL)
          {
            /* two blades crossing, with hilts */
            double k = rb * 0.55;

            cairo_move_to (cr, x - k, y - k);
            cairo_line_to (cr, x + k, y + k);
            cairo_move_to (cr, x + k, y - k);
            cairo_line_to (cr, x - k, y + k);
            cairo_move_to (cr, x - k * 0.9, y + k * 0.3);
            cairo_line_to (cr, x - k * 0.3, y + k * 0.9);
            cairo_move_to (cr, x + k * 0.9, y + k * 0.3);
            cairo_line_to (cr, x + k * 0.3, y + k * 0.9);
          }
      }
  cairo_set_line_width (cr, 1.4);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_stroke (cr);

  for (guint m = 0; m < G_N_ELEMENTS (markers); m++)
    for (guint i = 0; i < figs->len; i++)
      {
        const Fig *g = &g_array_index (figs, Fig, i);
        double x, y, rb;

        if (markers[m].letter == NULL || !wants_detail (g)
            || !has_marker (g, &markers[m]))
          continue;
        badge_position (g, badge_index (g, &markers[m]), &x, &y);
        rb = badge_radius (g);
        if (rb != font_rb)
          {
            ph_render_font (cr, rb * 1.45, TRUE, FALSE);
            font_rb = rb;
          }
        ph_render_text_add (cr, g_dpgettext2 (GETTEXT_PACKAGE, "marker", markers[m].letter),
                            x, y, PH_ALIGN_CENTRE);
      }
  ph_render_text_finish (cr, 0xffffff, 1, 0, 0, 0);
}

/* Names below the bases, on light plates (a plate is one rectangle: all
 * of them are one fast fill, where outlined text would cost ten times
 * more); when one would cover another name, a base or a terrain name, it
 * goes above its base, else to its right or left, where there is room.
 * Names are drawn before the bases and markers: neither is ever hidden by
 * a neighbour's name. */
/* What a figure shows around its base: its badges' row, and the smoke in
 * front of it when it fired (as ph_render_figure_markers() draws them) */
static void
marker_boxes (const Fig *g,
              GArray    *boxes)
{
  guint n = 0;

  if (!wants_detail (g))
    return;
  for (guint m = 0; m < G_N_ELEMENTS (markers); m++)
    if (has_marker (g, &markers[m]))
      n++;
  if (n > 0)
    {
      double rb = badge_radius (g), x0, y0, x1, y1;
      PhRect box;

      badge_position (g, 0, &x0, &y0);
      badge_position (g, n - 1, &x1, &y1);
      box = (PhRect) { x0 - rb, y0 - rb, x1 + rb, y1 + rb };
      g_array_append_val (boxes, box);
    }
  if (g->f->status & PH_STATUS_FIRED)
    {
      double rb = badge_radius (g) * 1.5, x, y;
      PhRect box;

      smoke_centre (g, &x, &y);
      box = (PhRect) { x - rb * 1.3, y - rb * 1.1, x + rb * 1.3, y + rb * 1.1 };

      g_array_append_val (boxes, box);
    }
}

/* A picked man's turning handle stands in front of his base (the
 * window's, HANDLE_GAP = 14 px beyond its edge) */
static void
handle_box (const Fig *g,
            GArray    *boxes)
{
  double reach, hx, hy;
  PhRect h;

  if (!g->selected || g->off)
    return;
  reach = MAX (g->ext_x, g->ext_y) + 14;
  hx = g->cx + g->fx * reach;
  hy = g->cy + g->fy * reach;
  h = (PhRect) { hx - 8, hy - 8, hx + 8, hy + 8 };
  g_array_append_val (boxes, h);
}

/* How far a man's name stands from his base: clear of a picked man's
 * selection glow (drawn 3.5 px out, 5 px wide) */
static double
name_gap (const Fig *g)
{
  return g->selected && !g->off ? 7 : 2;
}

/* A name @w wide at font @size: below, above, right and left of his base */
static void
name_places (const Fig *g,
             double     w,
             double     size,
             PhRect     places[4])
{
  double gap = name_gap (g);

  places[0] = (PhRect) { g->cx - w / 2, g->cy + g->ext_y + gap,
                         g->cx + w / 2, g->cy + g->ext_y + gap + size * 1.2 };
  places[1] = (PhRect) { g->cx - w / 2, g->cy - g->ext_y - gap - size * 1.2,
                         g->cx + w / 2, g->cy - g->ext_y - gap };
  places[2] = (PhRect) { g->cx + g->ext_x + gap + 1, g->cy - size * 0.6,
                         g->cx + g->ext_x + gap + 1 + w, g->cy + size * 0.6 };
  places[3] = (PhRect) { g->cx - g->ext_x - gap - 1 - w, g->cy - size * 0.6,
                         g->cx - g->ext_x - gap - 1, g->cy + size * 0.6 };
}

/* Places the names (and draws them when @draw); the plates' boxes are
 * appended to @placed when not NULL */
static void
place_names (const PhRenderContext *ctx,
             GArray                *figs,
             gboolean               draw,
             GArray                *placed)
{
  cairo_t *cr = ctx->cr;
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (PhRect));
  g_autoptr(GArray) texts = g_array_new (FALSE, FALSE, sizeof (PhPoint));
  g_autoptr(PhBoxSet) set = NULL;
  double size = ctx->font * 0.92;
  double pad = MAX (2, size * 0.25);
  guint n_fixed;    /* the boxes before the names: bases, markers, terrain */

  /* names keep clear of the terrain's names and the bases too, where
   * they can */
  {
    /* the terrain's names near these figures (a drag draws a few) */
    PhRect near = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };

    for (guint i = 0; i < figs->len; i++)
      {
        const Fig *g = &g_array_index (figs, Fig, i);

        near.x0 = MIN (near.x0, g->cx - g->ext_x - 200);
        near.y0 = MIN (near.y0, g->cy - g->ext_y - 60);
        near.x1 = MAX (near.x1, g->cx + g->ext_x + 200);
        near.y1 = MAX (near.y1, g->cy + g->ext_y + 60);
      }
    if (figs->len > 0)
      ph_render_feature_name_boxes (ctx, &near, boxes);
  }
  for (guint i = 0; i < figs->len; i++)
    {
      const Fig *g = &g_array_index (figs, Fig, i);
      double glow = name_gap (g) - 2;
      PhRect b = { g->cx - g->ext_x - glow, g->cy - g->ext_y - glow,
                   g->cx + g->ext_x + glow, g->cy + g->ext_y + glow };

      g_array_append_val (boxes, b);
      /* no name under a man's badges or smoke, nor under a picked man's
       * turning handle */
      marker_boxes (g, boxes);
      handle_box (g, boxes);
    }

  /* every box so far, looked up by place: the names of a crowded table
   * are placed without walking every box for each try */
  set = ph_box_set_new ();
  ph_box_set_add_array (set, boxes);
  n_fixed = boxes->len;
  for (int off = 1; off >= 0; off--)
    {
      guint first = boxes->len;

      ph_render_font (cr, size, !off, off);
      g_array_set_size (texts, 0);
      for (guint i = 0; i < figs->len; i++)
        {
          const Fig *g = &g_array_index (figs, Fig, i);
          const char *full = ph_figure_display_name (g->f);
          const char *space = strrchr (full, ' ');
          /* the name, then its last word ("Beaujeu" for "Capt. de
           * Beaujeu") where the whole does not fit */
          const char *names[2] = { full, space != NULL && space[1] != '\0' ? space + 1 : NULL };
          PhRect places[4];
          const PhRect *place = NULL;
          const char *name = full;

          if (g->off != off || (g->r < 4 && !g->selected))
            continue;
          for (guint t = 0; t < G_N_ELEMENTS (names) && place == NULL && names[t] != NULL; t++)
            {
              cairo_text_extents_t te;
              double w;

              cairo_text_extents (cr, names[t], &te);
              w = te.x_advance + 2 * pad;
              /* below, above, right, left */
              name_places (g, w, size, places);
              for (guint k = 0; k < G_N_ELEMENTS (places) && place == NULL; k++)
                if (ph_box_set_free_at (set, &places[k]))
                  {
                    place = &places[k];
                    name = names[t];
                  }
            }
          if (place == NULL)
            {
              /* no room: the selected figure's name goes where it covers
               * the fewest names, bases and markers (below when all
               * are as bad: a man in contact has his neighbour's name
               * under him); another's is left out rather than cover one */
              if (!g->selected)
                continue;
              cairo_text_extents_t te;
              double w;
              guint fewest = G_MAXUINT;

              cairo_text_extents (cr, full, &te);
              w = te.x_advance + 2 * pad;
              name_places (g, w, size, places);
              for (guint k = 0; k < G_N_ELEMENTS (places); k++)
                {
                  guint n = 0;

                  /* another man's name counts most: it would be unread */
                  for (guint b = 0; b < boxes->len; b++)
                    if (ph_rect_intersects (&places[k], &g_array_index (boxes, PhRect, b)))
                      n += b >= n_fixed ? 10 : 1;
                  if (n < fewest)
                    {
                      fewest = n;
                      place = &places[k];
                    }
                }
              name = full;
            }
          g_array_append_val (boxes, *place);
          ph_box_set_add (set, place);
          if (placed != NULL)
            g_array_append_val (placed, *place);
          if (draw)
            ph_render_text_add (cr, name, (place->x0 + place->x1) / 2, place->y0 + size * 0.1,
                                PH_ALIGN_TOP);
        }
      if (boxes->len == first || !draw)
        continue;
      for (guint i = first; i < boxes->len; i++)
        {
          const PhRect *b = &g_array_index (boxes, PhRect, i);

          cairo_rectangle (cr, round (b->x0), round (b->y0),
                           round (b->x1) - round (b->x0), round (b->y1) - round (b->y0));
        }
      ph_render_set_rgb (cr, 0xfbf8ef, off ? 0.45 : 0.78);
      cairo_fill (cr);
      ph_render_text_finish (cr, 0x1d1a14, off ? 0.55 : 1, 0, 0, 0);
    }
}

void
ph_render_figure_names (const PhRenderContext *ctx,
                        GArray                *figs)
{
  place_names (ctx, figs, TRUE, NULL);
}

void
ph_render_figure_label_boxes (const PhRenderContext *ctx,
                              const PhRect          *near,
                              GArray                *boxes)
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
  place_names (ctx, figs, FALSE, boxes);
  cairo_restore (ctx->cr);
  for (guint i = 0; i < figs->len; i++)
    {
      marker_boxes (&g_array_index (figs, Fig, i), boxes);
      handle_box (&g_array_index (figs, Fig, i), boxes);
    }
}

