/* ph-sheet-mayhem.c: Musket Mayhem's figure list
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One line per figure: name and type, courage, armament value, weapons with
 * their ranges (half range for the skill die's -1), hero tokens (saves,
 * re-rolls, skill and impact bonuses), a smoke puff box for an unloaded
 * gun, and boxes for a figure downed or run off. The ranges follow the
 * scenario's pistol-range and musket-range options.
 */
#include <stdlib.h>

#include <glib/gi18n-lib.h>

#include "ph-sheet-private.h"

/* "\xe2\x88\x92" is a minus sign, "\xc2\xbd" a half: written out in the
 * strings so that their translations (po/) are whole messages */

/* Column left edges as fractions of the width */
enum { COL_NUM, COL_NAME, COL_COURAGE, COL_ARMAMENT, COL_WEAPONS, COL_HERO, COL_SMOKE, COL_OUT, N_COLS };
static const double col_frac[N_COLS + 1] = {
  0.0, 0.03, 0.30, 0.37, 0.445, 0.76, 0.895, 0.95, 1.0,
};

static char *
weapon_terms (const PhScenario *scenario,
              const PhWeapon   *weapon)
{
  double range;
  int impact = ph_mayhem_impact_modifier (weapon->kind);
  g_autofree char *label = ph_sheet_weapon_label (weapon);

  /* The ruleset's table; an unusable option shows the text's range */
  ph_mayhem_weapon_range (scenario, weapon->kind, &range, NULL);
  if (range > 0)
    return g_strdup_printf ("%s %g\" (" "\xc2\xbd" " %g\")%s", label, range, range / 2,
                            impact > 0 ? (impact == 1 ? _(", impact +1") : impact == 2 ? _(", impact +2")
                                                                                    : _(", impact +3"))
                                       : "");
  if (ph_weapon_kind_is_missile (weapon->kind))
    return g_strdup_printf (_("%s (not a Mayhem weapon)"), label);
  return g_steal_pointer (&label);
}

static double
col_x (double x,
       double width,
       int    col)
{
  return x + col_frac[col] * width;
}

static double
col_w (double width,
       int    col)
{
  return (col_frac[col + 1] - col_frac[col]) * width;
}

static void
draw_headings (cairo_t              *cr,
               const PhSheetContext *ctx,
               double                x,
               double                y,
               double                width)
{
  /* the stats' columns are headed as the ruleset's schema names them */
  const PhStatsSchema *schema = ph_stats_schema_for (ctx->scenario->ruleset);
  g_autofree char *courage = ph_stats_field_caption (schema, "courage");
  g_autofree char *armament = ph_stats_field_caption (schema, "armament");
  const char * const heads[N_COLS] = {
    "#", _("NAME, TYPE"), courage, armament, _("WEAPONS, RANGE (" "\xc2\xbd" " RANGE: " "\xe2\x88\x92" "1)"),
    _("HERO: SAVES, RE-ROLLS"), _("SMOKE"), C_("sheet", "OUT"),
  };

  cairo_new_path (cr);
  cairo_rectangle (cr, x, y, width, 14);
  ph_sheet_grey (cr, 0.88);
  cairo_fill (cr);
  for (int c = 0; c < N_COLS; c++)
    {
      ph_sheet_font (cr, 6, TRUE);
      ph_sheet_grey (cr, 0.2);
      ph_sheet_text (cr, col_x (x, width, c) + 3, y + 9.5, col_w (width, c) - 4, heads[c]);
    }
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
  const PhMayhemStats *stats = NULL;
  char text[32];
  double cx, bottom = y + height;

  if (figure != NULL && figure->stats_kind == PH_STATS_MAYHEM)
    stats = &figure->stats.mayhem;

  /* row rule and column rules */
  ph_sheet_ink (cr);
  cairo_set_line_width (cr, 0.5);
  cairo_move_to (cr, x, bottom);
  cairo_line_to (cr, x + width, bottom);
  cairo_stroke (cr);
  ph_sheet_grey (cr, 0.75);
  for (int c = 1; c < N_COLS; c++)
    {
      cairo_move_to (cr, col_x (x, width, c), y + 2);
      cairo_line_to (cr, col_x (x, width, c), bottom - 2);
    }
  cairo_stroke (cr);
  cairo_rectangle (cr, x, y + 1, 2.5, height - 2);
  ph_sheet_side_color (cr, ctx->side, 1.0);
  cairo_fill (cr);

  ph_sheet_entry_number (cr, x + 5, y + 12, number);

  /* name and type */
  cx = col_x (x, width, COL_NAME) + 3;
  if (figure != NULL)
    {
      g_autoptr(GString) type = g_string_new (NULL);

      ph_sheet_append_figure_type (type, figure);
      if (stats != NULL && stats->shock)
        g_string_append (type, _(", shock troops"));
      ph_sheet_font (cr, 9, TRUE);
      ph_sheet_ink (cr);
      ph_sheet_text (cr, cx, y + 12, col_w (width, COL_NAME) - 6, ph_figure_display_name (figure));
      ph_sheet_font (cr, 6.5, FALSE);
      ph_sheet_grey (cr, 0.3);
      ph_sheet_text (cr, cx, y + 22, col_w (width, COL_NAME) - 6, type->str);
    }

  /* courage and armament, large */
  for (int c = COL_COURAGE; c <= COL_ARMAMENT; c++)
    {
      double bx = col_x (x, width, c) + (col_w (width, c) - 18) / 2;

      text[0] = '\0';
      if (stats != NULL)
        g_snprintf (text, sizeof text, "%d", c == COL_COURAGE ? stats->courage : stats->armament);
      ph_sheet_box (cr, bx, y + 5, 18, PH_BOX_PLAIN, text);
    }

  /* weapons */
  if (figure != NULL)
    {
      double wy = y + 10;

      for (guint i = 0; i < figure->weapons->len && i < 3; i++)
        {
          const PhWeapon *weapon = &g_array_index (figure->weapons, PhWeapon, i);
          g_autofree char *terms = weapon_terms (ctx->scenario, weapon);

          ph_sheet_font (cr, 6.8, ph_weapon_kind_is_missile (weapon->kind));
          ph_sheet_ink (cr);
          ph_sheet_text (cr, col_x (x, width, COL_WEAPONS) + 3, wy, col_w (width, COL_WEAPONS) - 6,
                         terms);
          wy += 8;
        }
    }

  /* hero tokens: saves and re-rolls as boxes (the scenario's count drawn
   * plain, to be ticked off), bonuses as text */
  cx = col_x (x, width, COL_HERO) + 3;
  {
    int saves = stats != NULL ? stats->saves : 0;
    int rerolls = stats != NULL ? stats->rerolls : 0;

    ph_sheet_font (cr, 5.8, FALSE);
    ph_sheet_grey (cr, 0.3);
    ph_sheet_text (cr, cx, y + 10, 0, C_("sheet", "S"));
    ph_sheet_text (cr, cx, y + 21, 0, C_("sheet", "R"));
    for (int i = 0; i < 4; i++)
      {
        ph_sheet_box (cr, cx + 7 + i * 10, y + 3.5, 8,
                      i < saves ? PH_BOX_MARKED : PH_BOX_PLAIN, NULL);
        ph_sheet_box (cr, cx + 7 + i * 10, y + 14.5, 8,
                      i < rerolls ? PH_BOX_MARKED : PH_BOX_PLAIN, NULL);
      }
    if (stats != NULL && (stats->hit_bonus != 0 || stats->impact_bonus != 0))
      {
        g_snprintf (text, sizeof text, "%+d/%+d", stats->hit_bonus, stats->impact_bonus);
        ph_sheet_font (cr, 6.5, TRUE);
        ph_sheet_ink (cr);
        ph_sheet_text (cr, cx + 49, y + 11, col_w (width, COL_HERO) - 52, text);
        ph_sheet_font (cr, 5, FALSE);
        ph_sheet_text (cr, cx + 49, y + 19, col_w (width, COL_HERO) - 52, _("skill/imp."));
      }
  }

  /* smoke: ticked when the first gun is unloaded */
  {
    const PhWeapon *missile = figure != NULL ? ph_figure_first_missile (figure) : NULL;
    gboolean unloaded = missile != NULL && !missile->loaded;
    double bx = col_x (x, width, COL_SMOKE) + (col_w (width, COL_SMOKE) - 11) / 2;

    ph_sheet_box (cr, bx, y + 8, 11, unloaded ? PH_BOX_TICKED : PH_BOX_PLAIN, NULL);
  }
  {
    double bx = col_x (x, width, COL_OUT) + 3;
    gboolean dead = figure != NULL && (figure->status & PH_STATUS_DEAD);
    gboolean fled = figure != NULL && (figure->status & PH_STATUS_FLED);

    ph_sheet_box (cr, bx, y + 3.5, 8, dead ? PH_BOX_TICKED : PH_BOX_PLAIN, NULL);
    ph_sheet_box (cr, bx, y + 14.5, 8, fled ? PH_BOX_TICKED : PH_BOX_PLAIN, NULL);
    ph_sheet_font (cr, 5, FALSE);
    ph_sheet_grey (cr, 0.3);
    ph_sheet_text (cr, bx + 9.5, y + 10, 0, C_("sheet", "dn"));
    ph_sheet_text (cr, bx + 9.5, y + 21, 0, C_("sheet", "ran"));
  }
}

static void
draw_reference (cairo_t              *cr,
                const PhSheetContext *ctx,
                double                x,
                double                y,
                double                width,
                double                height)
{
  double pistol, musket;
  char a[32], b[32];
  PhSheetPanel panel;
  PhSheetRef ref;

  ph_mayhem_weapon_range (ctx->scenario, PH_WEAPON_PISTOL, &pistol, NULL);
  ph_mayhem_weapon_range (ctx->scenario, PH_WEAPON_MUSKET, &musket, NULL);
  ph_sheet_panel_begin (&panel, cr, x, y, width, height,
                        _("Quick reference \xe2\x80\x94 Musket Mayhem"));

  ph_sheet_panel_column (&panel, &ref, cr, 0);
  ph_sheet_ref_heading (&ref, _("Ranges (half range)"));
  g_snprintf (a, sizeof a, "%g\" (%g\")", pistol, pistol / 2);
  ph_sheet_ref_pair (&ref, _("Pistol"), a);
  g_snprintf (b, sizeof b, "%g\" (%g\")", musket, musket / 2);
  ph_sheet_ref_pair (&ref, _("Musket, bow"), b);
  ph_sheet_ref_pair (&ref, _("Rifle"), "36\" (18\")");
  ph_sheet_ref_pair (&ref, _("Canister (45\xc2\xb0 cone)"), "36\" (18\")");
  ph_sheet_ref_pair (&ref, _("Roundshot (along the line)"), "72\" (36\")");
  ph_sheet_ref_line (&ref, _("Shoot once during the enemy's move, within 45\xc2\xb0 of the front. "
                       "Not in contact, not over a base. Reload: stand still a turn."));
  ph_sheet_ref_line (&ref, _("Gun: 3 smoke puffs; a crew of 3+ removes 1 a turn."));

  ph_sheet_panel_column (&panel, &ref, cr, 1);
  ph_sheet_ref_heading (&ref, _("Skill die (d6)"));
  ph_sheet_ref_pair (&ref, _("Over half range / firing mounted"), "\xe2\x88\x92" "1 / " "\xe2\x88\x92" "1");
  ph_sheet_ref_pair (&ref, _("Hits: open / soft cover / hard cover"), "4+ / 5+ / 6");
  ph_sheet_ref_heading (&ref, _("Impact die (d6)"));
  ph_sheet_ref_pair (&ref, _("Musket, rifle / canister / roundshot"), "+1 / +2 / +3");
  ph_sheet_ref_pair (&ref, _("6 or more"), _("killed"));
  ph_sheet_ref_pair (&ref, "1\xe2\x80\x93" "5", _("courage check"));
  ph_sheet_ref_heading (&ref, _("Courage: d6 at or under passes"));
  ph_sheet_ref_line (&ref, _("5 exceptional leader, 4 leader, 3 soldier, 2 non-combatant. "
                       "Failed: ordered to charge, stand; else each rolls again: fail runs off, "
                       "pass retreats 2d6\"."));

  ph_sheet_panel_column (&panel, &ref, cr, 2);
  ph_sheet_ref_heading (&ref, _("Melee: skill die each, higher hits"));
  ph_sheet_ref_pair (&ref, _("Leader"), "+1");
  ph_sheet_ref_pair (&ref, _("Obstacle, uphill, bank, mounted"), "+1");
  ph_sheet_ref_pair (&ref, _("Attacking flank or rear"), "+2");
  ph_sheet_ref_pair (&ref, _("Shock troops"), "+1");
  ph_sheet_ref_pair (&ref, _("Bayonet v shorter weapons"), "+1");
  ph_sheet_ref_line (&ref, _("Results die \xe2\x89\xa5 attacker's armament: removed; else courage check. "
                       "Armament 6 unarmed/knife, 5 most weapons, 4 melee specialists."));
  ph_sheet_ref_heading (&ref, _("Movement"));
  ph_sheet_ref_line (&ref, _("3d6\" alone, 2d6\" group or woodsmen in woods, 1d6\" obstacle or "
                       "delaying terrain; +2d6\" mounted in the open."));
}

const PhSheetKind ph_sheet_kind_mayhem = {
  .sheet_name = N_("Figure list"),
  .entry_height = 30,
  .columns = 1,
  .headings_height = 16,
  .reference_height = 172,
  .draw_headings = draw_headings,
  .draw_entry = draw_entry,
  .draw_reference = draw_reference,
};
