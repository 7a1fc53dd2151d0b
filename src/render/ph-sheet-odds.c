/* ph-sheet-odds.c: the odds reference, a side's shots on paper
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For a table without a laptop: per side, every shot of its figures at
 * every enemy at the figures' present places, as the engine assesses each
 * with the shoot's default options (`powderhorn-cli odds`'s pairs and
 * numbers): shooter, target, distance, to hit, to kill, the ruleset's own
 * effect where it is neither (Firelock's "To wound", as the window's Who
 * Can Shoot Whom shows it), why not. A line a
 * pair, as many pages as the side needs, each headed with the scenario,
 * the side and "at the figures' present places".
 */
#include <glib/gi18n-lib.h>

#include "ph-sheet.h"
#include "ph-sheet-private.h"

#define LINE 13.0        /* points between rows */
#define TOP_ROWS 2       /* the header's height in rows, and the column titles */

typedef struct
{
  const PhFigure *shooter;
  const PhFigure *target;
} Pair;

/* The side's pairs, shooters in file order, each at his enemies */
static GArray *
side_pairs (const PhScenario *scenario,
            const PhSide     *side)
{
  GArray *pairs = g_array_new (FALSE, FALSE, sizeof (Pair));

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *s = g_ptr_array_index (scenario->figures, i);

      if (ph_figure_is_off_table (s) || g_strcmp0 (s->side, side->id) != 0)
        continue;
      for (guint j = 0; j < scenario->figures->len; j++)
        {
          const PhFigure *t = g_ptr_array_index (scenario->figures, j);
          Pair pair = { s, t };

          if (t != s && !ph_figure_is_off_table (t) && g_strcmp0 (t->side, s->side) != 0)
            g_array_append_val (pairs, pair);
        }
    }
  return pairs;
}

static int
rows_per_page (double height)
{
  double usable = height - 2 * PH_SHEET_MARGIN - PH_SHEET_HEADER_HEIGHT - PH_SHEET_GAP - 2 * LINE;

  return MAX (0, (int) (usable / LINE));
}

/* The pages of each side: [side index] = pages, 0 for a side with no
 * shot (a page still says so) */
static int
side_pages (const PhScenario *scenario,
            const PhSide     *side,
            double            height)
{
  g_autoptr(GArray) pairs = side_pairs (scenario, side);
  int rows = rows_per_page (height);

  if (rows <= 0)
    return 0;
  return MAX (1, ((int) pairs->len + rows - 1) / rows);
}

int
ph_sheet_odds_count_pages (const PhScenario *scenario,
                           double            width,
                           double            height)
{
  int n = 0;

  g_return_val_if_fail (scenario != NULL, 0);
  if (rows_per_page (height) <= 0)
    return 0;
  for (guint i = 0; i < scenario->sides->len; i++)
    n += side_pages (scenario, g_ptr_array_index (scenario->sides, i), height);
  return n;
}

static char *
format_distance (const PhAssessment *a)
{
  switch (a->unit)
    {
    case PH_DIST_HEX:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%g hex", "%g hexes", (gulong) a->distance), a->distance);
    case PH_DIST_CM:
      return g_strdup_printf (_("%.1f paces"), a->distance);
    case PH_DIST_IN:
    default:
      return g_strdup_printf (_("%.1f in"), a->distance);
    }
}

static char *
format_percent (double p)
{
  if (p > 0 && p < 0.01)
    return g_strdup_printf (_("%.1f%%"), p * 100);
  return g_strdup_printf (_("%.0f%%"), p * 100);
}

void
ph_sheet_odds_draw_page (cairo_t          *cr,
                         const PhScenario *scenario,
                         double            width,
                         double            height,
                         int               page)
{
  /* column offsets over the width: shooter, target, distance, hit, kill,
   * the effect (when it has its own column), why */
  static const double with_effect[] = { 0, 0.2, 0.385, 0.475, 0.55, 0.62, 0.725 };
  static const double without[] = { 0, 0.22, 0.44, 0.55, 0.63, 0.71, 0.71 };
  const PhShotEffect *effect = ph_ruleset_effect (ph_ruleset_get (scenario->ruleset));
  gboolean own_effect = effect != &ph_shot_effect_hit && effect != &ph_shot_effect_kill;
  const double *columns = own_effect ? with_effect : without;
  double x = PH_SHEET_MARGIN, y = PH_SHEET_MARGIN, w = width - 2 * PH_SHEET_MARGIN;
  const PhSide *side = NULL;
  int first = 0, side_page = 0, side_n = 0, rows = rows_per_page (height);
  g_autoptr(GArray) pairs = NULL;
  g_autoptr(PhEngineBatch) batch = NULL;
  g_autofree char *page_text = NULL;

  g_return_if_fail (cr != NULL && scenario != NULL);

  /* which side, and which of its pages */
  for (guint i = 0; i < scenario->sides->len && side == NULL; i++)
    {
      const PhSide *s = g_ptr_array_index (scenario->sides, i);
      int n = side_pages (scenario, s, height);

      if (page < first + n)
        {
          side = s;
          side_page = page - first;
          side_n = n;
        }
      first += n;
    }
  if (side == NULL || rows <= 0)
    return;

  cairo_save (cr);
  /* the header: the scenario, "Odds: shots by <side>", the page */
  ph_sheet_ink (cr);
  ph_sheet_font (cr, 15, TRUE);
  ph_sheet_text (cr, x, y + 16, w * 0.58, scenario->title);
  ph_sheet_font (cr, 9, FALSE);
  ph_sheet_grey (cr, 0.3);
  ph_sheet_text (cr, x, y + 31, w * 0.62,
                 _("Odds reference \xe2\x80\x94 every shot at the figures' present places"));
  ph_sheet_font (cr, 12, TRUE);
  ph_sheet_ink (cr);
  {
    g_autofree char *title = g_strdup_printf (_("Shots by %s"), side->name ? side->name : side->id);
    double tw = MIN (ph_sheet_text_width (cr, title), w * 0.36);

    ph_sheet_text (cr, x + w - tw, y + 16, tw, title);
    cairo_new_path (cr);
    cairo_rectangle (cr, x + w - tw - 22, y + 3, 16, 16);
    ph_sheet_side_color (cr, side, 1.0);
    cairo_fill (cr);
  }
  page_text = g_strdup_printf (_("Page %d of %d"), side_page + 1, side_n);
  ph_sheet_font (cr, 9, FALSE);
  ph_sheet_grey (cr, 0.3);
  ph_sheet_text_right (cr, x + w, y + 31, page_text);
  ph_sheet_rule (cr, x, x + w, y + PH_SHEET_HEADER_HEIGHT - 6);

  /* the column titles */
  y += PH_SHEET_HEADER_HEIGHT + PH_SHEET_GAP + LINE;
  ph_sheet_font (cr, 9, TRUE);
  ph_sheet_ink (cr);
  {
    static const char * const titles[] = { N_("Shooter"), N_("Target"), N_("Distance"),
                                            N_("To hit"), N_("To kill"), N_("Why not") };

    for (guint c = 0; c < 5; c++)
      ph_sheet_text (cr, x + columns[c] * w, y, 0, _(titles[c]));
    if (own_effect)
      ph_sheet_text (cr, x + columns[5] * w, y, 0, _(effect->heading));
    ph_sheet_text (cr, x + columns[6] * w, y, 0, _(titles[5]));
  }
  ph_sheet_rule (cr, x, x + w, y + 4);

  pairs = side_pairs (scenario, side);
  batch = ph_engine_batch_new (scenario);
  ph_sheet_font (cr, 9, FALSE);
  if (pairs->len == 0)
    {
      y += LINE;
      ph_sheet_text (cr, x, y, w, _("No shot: no figure of this side on the table, or no enemy"));
    }
  for (int r = 0; r < rows; r++)
    {
      guint index = side_page * rows + r;
      const Pair *pair;
      PhShotOptions options = PH_SHOT_OPTIONS_INIT;
      g_autoptr(PhAssessment) a = NULL;
      g_autofree char *distance = NULL, *hit = NULL, *kill = NULL, *why = NULL, *chance = NULL;

      if (index >= pairs->len)
        break;
      pair = &g_array_index (pairs, Pair, index);
      a = ph_engine_batch_assess_numbers (batch, pair->shooter, pair->target, &options, NULL);
      if (a == NULL)
        continue;
      y += LINE;
      distance = format_distance (a);
      hit = a->can_fire ? format_percent (a->p_hit) : g_strdup ("\xe2\x80\x94");
      kill = a->can_fire && a->has_p_kill ? format_percent (a->p_kill) : g_strdup ("\xe2\x80\x94");
      chance = a->can_fire ? format_percent (a->p_effect) : g_strdup ("\xe2\x80\x94");
      if (!a->can_fire && a->reasons->len > 0)
        why = g_strdup (g_ptr_array_index (a->reasons, 0));
      /* every other row shaded, for the eye to follow */
      if (r % 2 == 1)
        {
          cairo_new_path (cr);
          cairo_rectangle (cr, x, y - LINE + 3, w, LINE);
          ph_sheet_grey (cr, 0.94);
          cairo_fill (cr);
        }
      ph_sheet_ink (cr);
      ph_sheet_text (cr, x + columns[0] * w, y, (columns[1] - columns[0]) * w - 4,
                     ph_figure_display_name (pair->shooter));
      ph_sheet_text (cr, x + columns[1] * w, y, (columns[2] - columns[1]) * w - 4,
                     ph_figure_display_name (pair->target));
      ph_sheet_text (cr, x + columns[2] * w, y, 0, distance);
      ph_sheet_text (cr, x + columns[3] * w, y, 0, hit);
      ph_sheet_text (cr, x + columns[4] * w, y, 0, kill);
      if (own_effect)
        ph_sheet_text (cr, x + columns[5] * w, y, 0, chance);
      if (why != NULL)
        {
          ph_sheet_grey (cr, 0.35);
          ph_sheet_text (cr, x + columns[6] * w, y, (1 - columns[6]) * w, why);
        }
    }
  cairo_restore (cr);
}
