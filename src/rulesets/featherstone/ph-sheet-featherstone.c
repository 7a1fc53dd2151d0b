/* ph-sheet-featherstone.c: Featherstone's record sheet
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * As the rules describe it: the man's name, type and weapons in the first
 * column, then squares numbered for the phases of the game, where the
 * intended action is written at the start of each phase and wounds are
 * noted (in red) as they happen; a line for his orders, and his wounds so
 * far (light -10 %, serious -20 % each).
 */
#include <glib/gi18n-lib.h>

#include "ph-sheet-private.h"
#include "ph-ruleset-featherstone.h"

/* "\xe2\x88\x92" is a minus sign, written out in the strings so that their
 * translations (po/) are whole messages */
#define PHASES_PER_LINE 12
/* the weapons' lines in an entry's first column, and their height */
#define WEAPON_LINES 4
#define WEAPON_LINE 9.5

static const char *
rating_label (PhRating rating)
{
  switch (rating)
    {
    case PH_RATING_VETERAN:
      return _("Veteran");
    case PH_RATING_NOVICE:
      return _("Novice");
    case PH_RATING_AVERAGE:
    default:
      return _("Average");
    }
}

static char *
weapon_terms (const PhScenario *scenario,
              const PhWeapon   *weapon)
{
  const char *unit = scenario->table.unit == PH_UNIT_CM ? C_("unit", "paces") : C_("unit", "in");

  if (weapon->has_bands)
    return g_strdup_printf (_("S %g \xc2\xb7 M %g \xc2\xb7 L %g %s"), weapon->range_short,
                            weapon->range_medium, weapon->range_long, unit);
  if (weapon->melee_category > 0)
    /* TRANSLATORS: a weapon's row on the Weapons Table, in the book's
     * words: "melee as short sword, sword bayonet, scimitar or cutlass" */
    return g_strdup_printf (_("melee as %s"),
                            ph_featherstone_melee_category_words (weapon->melee_category));
  return g_strdup (ph_weapon_kind_is_missile (weapon->kind) ? _("bands: see cast list") : _("melee"));
}

/* "C: serious right arm wound; F: light head wound": the letters named
 * as the window names them (the Figure tab, the Apply a wound form), never
 * bare */
static char *
wounds_named (const char *letters)
{
  GString *text = g_string_new (NULL);

  for (const char *p = letters; *p != '\0'; p++)
    {
      g_autofree char *named = NULL;

      if (*p == ' ')
        continue;
      named = ph_featherstone_wound_text (*p);
      if (text->len > 0)
        /* TRANSLATORS: between two wounds: "C: serious right arm wound; F: ..." */
        g_string_append (text, _("; "));
      g_string_append (text, named);
    }
  return g_string_free (text, FALSE);
}

/* @text wrapped in @width, at most @max_lines lines from @y: what does not
 * fit goes on the last, condensed */
static void
wrap_lines (cairo_t    *cr,
            double      x,
            double      y,
            double      width,
            double      line_height,
            guint       max_lines,
            const char *text)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  g_autoptr(GString) line = g_string_new (NULL);
  guint lines = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *candidate = NULL;

      if (words[i][0] == '\0')
        continue;
      candidate = line->len > 0 ? g_strconcat (line->str, " ", words[i], NULL)
                                : g_strdup (words[i]);
      if (line->len > 0 && lines + 1 < max_lines && ph_sheet_text_width (cr, candidate) > width)
        {
          ph_sheet_text (cr, x, y, width, line->str);
          y += line_height;
          lines++;
          g_string_assign (line, words[i]);
        }
      else
        g_string_assign (line, candidate);
    }
  if (line->len > 0)
    ph_sheet_text (cr, x, y, width, line->str);
}

/* One weapon from @y: its name in bold, then its terms, condensed a
 * little when they are too long for the line; longer ones (a Weapons
 * Table row: "melee as fixed bayonet, spear, javelin, ...") go on under
 * it, indented, as far as @max_lines allows; the lines used */
static guint
weapon_lines (cairo_t    *cr,
              double      x,
              double      y,
              double      width,
              guint       max_lines,
              const char *label,
              const char *terms)
{
  g_auto(GStrv) words = NULL;
  g_autoptr(GString) line = g_string_new (NULL);
  double tx, tw;
  guint lines = 1;

  ph_sheet_font (cr, 7, TRUE);
  ph_sheet_ink (cr);
  tx = x + ph_sheet_text (cr, x, y, width * 0.45, label) + 4;
  tw = x + width - tx;
  ph_sheet_font (cr, 7, FALSE);
  if (max_lines <= 1 || ph_sheet_text_width (cr, terms) * 0.85 <= tw)
    {
      ph_sheet_text (cr, tx, y, tw, terms);
      return 1;
    }
  words = g_strsplit (terms, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *candidate = NULL;

      if (words[i][0] == '\0')
        continue;
      candidate = line->len > 0 ? g_strconcat (line->str, " ", words[i], NULL)
                                : g_strdup (words[i]);
      if (line->len > 0 && lines < max_lines && ph_sheet_text_width (cr, candidate) > tw)
        {
          ph_sheet_text (cr, tx, y, tw, line->str);
          /* the lines under it: from under the name, indented */
          tx = x + 6;
          tw = width - 6;
          y += WEAPON_LINE;
          lines++;
          g_string_assign (line, words[i]);
        }
      else
        g_string_assign (line, candidate);
    }
  ph_sheet_text (cr, tx, y, tw, line->str);
  return lines;
}

static void
draw_entry (cairo_t              *cr,
            const PhSheetContext *ctx,
            const PhFigure       *figure,
            int                   number,
            double                x,
            double                y,
            double                width,
            double                height)
{
  const PhFeatherstoneStats *stats = NULL;
  const double ident_w = 176, wound_w = 96, sq = 19, gap = 2;
  double sx, wx, ix = x + 19, iw = ident_w - 24;
  char text[8];

  if (figure != NULL && figure->stats_kind == PH_STATS_FEATHERSTONE)
    stats = &figure->stats.featherstone;

  ph_sheet_entry_frame (cr, ctx->side, x, y, width, height - 3);
  ph_sheet_entry_number (cr, x + 7, y + 13, number);

  /* first column: name, type, weapons */
  if (figure != NULL)
    {
      g_autoptr(GString) type = g_string_new (NULL);
      double ty = y + 35;

      g_string_append_printf (type, "%s, ", rating_label (stats != NULL ? stats->rating
                                                                        : PH_RATING_AVERAGE));
      ph_sheet_append_figure_type (type, figure);
      ph_sheet_name_and_type (cr, ix, y + 13, y + 24, iw, ph_figure_display_name (figure),
                              type->str);
      guint lines = 0;

      for (guint i = 0; i < figure->weapons->len && lines < WEAPON_LINES; i++)
        {
          const PhWeapon *weapon = &g_array_index (figure->weapons, PhWeapon, i);
          g_autofree char *label = ph_sheet_weapon_label (weapon);
          g_autofree char *terms = weapon_terms (ctx->scenario, weapon);
          /* a line kept for each weapon after this one */
          guint after = MIN (figure->weapons->len - i - 1, WEAPON_LINES - lines - 1);
          guint used = weapon_lines (cr, ix, ty, iw, WEAPON_LINES - lines - after, label, terms);

          ty += used * WEAPON_LINE;
          lines += used;
        }
      /* the row the melee fights him on when no weapon of his has one
       * (the game's reading: McCabe's "Baker rifle used as a club") */
      {
        int category;
        g_autofree char *arm = ph_featherstone_melee_fallback_words (figure, &category);

        if (arm != NULL && lines < WEAPON_LINES)
          {
            /* TRANSLATORS: the record sheet's row for how a man fights in
             * melee with no melee weapon, after "Melee" in bold: "Baker
             * rifle used as a club (shoulder arm used as club or staff,
             * or crude pole weapon)" */
            g_autofree char *terms = g_strdup_printf (_("%s (%s)"), arm,
                                                      ph_featherstone_melee_category_words (category));

            weapon_lines (cr, ix, ty, iw, WEAPON_LINES - lines, C_("sheet", "Melee"), terms);
          }
      }
    }
  else
    {
      ph_sheet_caption (cr, ix, y + 9, _("NAME"));
      ph_sheet_rule (cr, ix, ix + iw, y + 22);
      ph_sheet_caption (cr, ix, y + 31, _("TYPE (VETERAN / AVERAGE / NOVICE)"));
      ph_sheet_rule (cr, ix, ix + iw, y + 43);
      ph_sheet_caption (cr, ix, y + 52, _("WEAPONS (S / M / L)"));
      ph_sheet_rule (cr, ix, ix + iw, y + 64);
      ph_sheet_rule (cr, ix, ix + iw, y + 75);
    }

  /* the numbered phase squares */
  sx = x + ident_w;
  ph_sheet_caption (cr, sx, y + 8, _("PHASES \xe2\x80\x94 INTENDED ACTION, WOUNDS IN RED"));
  for (int i = 0; i < 2 * PHASES_PER_LINE; i++)
    {
      double bx = sx + (i % PHASES_PER_LINE) * (sq + gap);
      double by = y + 11 + (i / PHASES_PER_LINE) * (sq + gap);

      cairo_new_path (cr);
      cairo_rectangle (cr, bx, by, sq, sq);
      ph_sheet_grey (cr, 0.35);
      cairo_set_line_width (cr, 0.6);
      cairo_stroke (cr);
      g_snprintf (text, sizeof text, "%d", i + 1);
      ph_sheet_font (cr, 5, FALSE);
      ph_sheet_grey (cr, 0.45);
      ph_sheet_text (cr, bx + 1.5, by + 5.5, 0, text);
    }
  ph_sheet_caption (cr, sx, y + 63, _("ORDERS"));
  ph_sheet_rule (cr, sx + 26, sx + PHASES_PER_LINE * (sq + gap) - gap, y + 63);
  ph_sheet_rule (cr, sx, sx + PHASES_PER_LINE * (sq + gap) - gap, y + 75);

  /* wounds */
  wx = x + width - wound_w;
  ph_sheet_stat_caption (cr, ctx, wx, y + 8, "light-wounds");
  ph_sheet_tally (cr, wx, y + 11, 4, 13, 11, stats != NULL ? stats->light_wounds : 0);
  ph_sheet_stat_caption (cr, ctx, wx, y + 33, "serious-wounds");
  ph_sheet_tally (cr, wx, y + 36, 4, 13, 11, stats != NULL ? stats->serious_wounds : 0);
  ph_sheet_caption (cr, wx, y + 58, _("WOUNDS (A\xe2\x80\x93J)"));
  if (stats != NULL && stats->wounds != NULL && stats->wounds[0] != '\0')
    {
      g_autofree char *named = wounds_named (stats->wounds);

      ph_sheet_font (cr, 5.5, TRUE);
      cairo_set_source_rgb (cr, 0.7, 0.1, 0.1);
      wrap_lines (cr, wx, y + 65.5, wound_w - 6, 5.8, 3, named);
    }
  else
    ph_sheet_rule (cr, wx, x + width - 6, y + 73);
}

static void
draw_reference (cairo_t              *cr,
                const PhSheetContext *ctx,
                double                x,
                double                y,
                double                width,
                double                height)
{
  static const double cols[] = { 0, 106, 134, 160 };
  static const char * const head[] = { N_("Type of target"), N_("short"), N_("med."), N_("long") };
  static const char * const rows[][4] = {
    { N_("Standing"), "80", "70", "50" },
    { N_("Walking or making an action"), "70", "60", "40" },
    { N_("Running / trotting"), "60", "50", "30" },
    { N_("Kneeling / charging / cantering"), "50", "40", "20" },
    { N_("Galloping"), "40", "30", "10" },
    { N_("Lying / soft cover"), "20", "10", "0" },
    { N_("Hard cover"), "10", "0", "\xe2\x88\x92" "20" },
  };
  double c[4];
  PhSheetPanel panel;
  PhSheetRef ref;

  ph_sheet_panel_begin (&panel, cr, x, y, width, height,
                        _("Quick reference \xe2\x80\x94 Featherstone, Skirmish Wargaming"));

  ph_sheet_panel_column (&panel, &ref, cr, 0);
  ph_sheet_ref_heading (&ref, _("Chance of a hit (percentage dice)"));
  ph_sheet_ref_columns (cols, 4, panel.column_width[0], c);
  ph_sheet_ref_table (&ref, c, head, rows[0], G_N_ELEMENTS (rows), 4);
  ph_sheet_ref_line (&ref, _("Aimed fire: one phase to adopt a position, fire on the next, no other "
                       "move or action. Snap fire: one phase, may move."));

  ph_sheet_panel_column (&panel, &ref, cr, 1);
  ph_sheet_ref_heading (&ref, _("Percentage variations (firing)"));
  ph_sheet_ref_pair (&ref, _("Novice / Veteran shooting"), "\xe2\x88\x92" "20 / +20");
  ph_sheet_ref_pair (&ref, _("Snap fire at medium / long range"), "\xe2\x88\x92" "10 / " "\xe2\x88\x92" "30");
  ph_sheet_ref_pair (&ref, _("Walk, trot, action"), "\xe2\x88\x92" "10");
  ph_sheet_ref_pair (&ref, _("Running, cantering, galloping"), "\xe2\x88\x92" "20");
  ph_sheet_ref_pair (&ref, _("Each light / serious wound"), "\xe2\x88\x92" "10 / " "\xe2\x88\x92" "20");
  ph_sheet_ref_pair (&ref, _("Average / Novice reacting"), "\xe2\x88\x92" "10 / " "\xe2\x88\x92" "20");
  ph_sheet_ref_heading (&ref, _("Melee variations"));
  ph_sheet_ref_pair (&ref, _("Vet. v Avg. / v Nov."), "+10 / +20");
  ph_sheet_ref_pair (&ref, _("Avg. v Vet. / v Nov.; Nov. v Avg. / v Vet."), "\xe2\x88\x92" "10/+10; " "\xe2\x88\x92" "10/" "\xe2\x88\x92" "20");
  ph_sheet_ref_pair (&ref, _("Charging; opp. trotting / cantering / galloping"),
                     "+10; " "\xe2\x88\x92" "10/" "\xe2\x88\x92" "20/" "\xe2\x88\x92" "30");
  ph_sheet_ref_pair (&ref, _("Opp. wounded last round; each extra opponent"), "+20; " "\xe2\x88\x92" "10");
  ph_sheet_ref_pair (&ref, _("Shield / opp. shield / opp. in cover"), "+20/" "\xe2\x88\x92" "20/" "\xe2\x88\x92" "20");

  ph_sheet_panel_column (&panel, &ref, cr, 2);
  ph_sheet_ref_heading (&ref, _("Wounds"));
  ph_sheet_ref_line (&ref, _("A dead. B serious body (6 phases, then crawl). C/D serious right/left arm "
                       "(4 phases, drop, arm lost). E serious leg (4 phases, then limp)."));
  ph_sheet_ref_line (&ref, _("F light head (out 4 phases). G light body (2 phases, then half rate). "
                       "H/I light right/left arm (1 phase, drop). J light leg (1 phase, no charge)."));
  ph_sheet_ref_heading (&ref, _("Movement per phase (paces)"));
  ph_sheet_ref_pair (&ref, _("Walk / run / charge / crawl"), "4 / 8 / 10 / 2");
  ph_sheet_ref_pair (&ref, _("Horse: walk / trot / canter / gallop"), "4 / 8 / 12 / 16");
  ph_sheet_ref_line (&ref, _("Difficult terrain: half. Sequence: write orders, move, fire, melee, "
                       "note who reacts."));
}

const PhSheetKind ph_sheet_kind_featherstone = {
  .sheet_name = N_("Record sheet"),
  .entry_height = 82,
  .columns = 1,
  .headings_height = 0,
  .reference_height = 172,
  .draw_headings = NULL,
  .draw_entry = draw_entry,
  .draw_reference = draw_reference,
};
