/* ph-render-markers.c: status markers of figures
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Badges (a letter on a colour, crossed swords for melee, a smoke puff in
 * front of a figure that fired), for hundreds of figures: every badge of
 * one colour is one fill, every letter in one glyph run. The names are
 * ph-render-names.c's.
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

static gboolean wants_detail (const Fig *g);

/* Where the figure's k-th badge goes on @side (Fig.badge_side): a row
 * from the base's top right, or another corner's */
static void
badge_position_on (const Fig *g,
                   guint      side,
                   guint      k,
                   double    *x,
                   double    *y)
{
  double rb = badge_radius (g);
  double dx = g->r * 0.72 + k * (2 * rb + 1);
  double dy = g->ext_y * 0.72 + rb * 0.2;

  *x = g->cx + ((side & 1) ? -dx : dx);
  *y = g->cy + ((side & 2) ? dy : -dy);
}

static void
badge_position (const Fig *g,
                guint      k,
                double    *x,
                double    *y)
{
  badge_position_on (g, g->badge_side, k, x, y);
}

static guint
n_markers (const Fig *g)
{
  guint n = 0;

  for (guint m = 0; m < G_N_ELEMENTS (markers); m++)
    if (has_marker (g, &markers[m]))
      n++;
  return n;
}

/* A badge at @x, @y of radius @rb lies on @o's base */
static gboolean
badge_on_base (double     x,
               double     y,
               double     rb,
               const Fig *o)
{
  if (o->off)
    return FALSE;
  if (o->base.square)
    {
      double dx = MAX (fabs (x - o->cx) - o->ext_x, 0);
      double dy = MAX (fabs (y - o->cy) - o->ext_y, 0);

      return dx * dx + dy * dy < rb * rb;
    }
  return hypot (x - o->cx, y - o->cy) < o->r + rb;
}

static int
compare_cx (gconstpointer a,
            gconstpointer b,
            gpointer      figs)
{
  double xa = g_array_index ((GArray *) figs, Fig, *(const guint *) a).cx;
  double xb = g_array_index ((GArray *) figs, Fig, *(const guint *) b).cx;

  return xa < xb ? -1 : xa > xb;
}

void
ph_render_place_badges (GArray *figs)
{
  g_autofree guint *order = NULL;
  double widest = 0;
  guint n = figs->len;

  for (guint i = 0; i < n; i++)
    widest = MAX (widest, MAX (g_array_index (figs, Fig, i).ext_x,
                               g_array_index (figs, Fig, i).r));
  order = g_new (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    order[i] = i;
  /* the others by x, so that each looks only at those within reach */
  g_qsort_with_data (order, n, sizeof (guint), compare_cx, figs);
  for (guint oi = 0; oi < n; oi++)
    {
      Fig *g = &g_array_index (figs, Fig, order[oi]);
      double rb = badge_radius (g);
      guint count;

      g->badge_side = 0;
      if (!wants_detail (g) || (count = n_markers (g)) == 0)
        continue;
      for (guint side = 0; side < 4; side++)
        {
          double reach = g->r + count * (2 * rb + 1) + rb + widest;
          gboolean clear = TRUE;
          int lo = (int) oi, hi = (int) oi;

          while (lo > 0 && g->cx - g_array_index (figs, Fig, order[lo - 1]).cx <= reach)
            lo--;
          while (hi + 1 < (int) n && g_array_index (figs, Fig, order[hi + 1]).cx - g->cx <= reach)
            hi++;
          for (int j = lo; j <= hi && clear; j++)
            {
              const Fig *o = &g_array_index (figs, Fig, order[j]);

              if (o == g)
                continue;
              for (guint k = 0; k < count && clear; k++)
                {
                  double x, y;

                  badge_position_on (g, side, k, &x, &y);
                  clear = !badge_on_base (x, y, rb, o);
                }
            }
          if (clear)
            {
              g->badge_side = side;
              break;
            }
        }
    }
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

/* What a figure shows around its base: its badges' row, and the smoke in
 * front of it when it fired (as ph_render_figure_markers() draws them) */
void
ph_render_figure_marker_boxes (const Fig *g,
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
      box = (PhRect) { MIN (x0, x1) - rb, MIN (y0, y1) - rb, MAX (x0, x1) + rb, MAX (y0, y1) + rb };
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
void
ph_render_figure_handle_box (const Fig *g,
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
