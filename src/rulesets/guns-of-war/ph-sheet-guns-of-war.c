/* ph-sheet-guns-of-war.c: Guns of War unit cards
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A card per unit, two across: formation, men, firearm with its range in
 * hexes (armour-piercing / maximum, against foot and mounted), size factor,
 * attacks and reload tokens per volley worked out as the text does, AC and
 * the armour part of it, attack throw, morale, unit hit points, and boxes
 * for the reload tokens on the unit. The panel holds the range and size
 * factor tables.
 */
#include <math.h>

#include <glib/gi18n-lib.h>

#include "ph-sheet-private.h"

/* "\xe2\x88\x92" is a minus sign, written out in the strings so that their
 * translations (po/) are whole messages */

typedef struct
{
  PhWeaponKind kind;
  int ap_foot, max_foot, ap_mounted, max_mounted;
  int size_drilled, size_undrilled;   /* DF / SF, UF */
} GowFirearm;

static const GowFirearm firearms[] = {
  { PH_WEAPON_FLINTLOCK_PISTOL,          1, 2, 1, 3, 120, 140 },
  { PH_WEAPON_FLINTLOCK_ARQUEBUS,        2, 3, 2, 4, 120, 140 },
  { PH_WEAPON_FLINTLOCK_MUSKET,          3, 3, 4, 4, 140, 160 },
  { PH_WEAPON_FLINTLOCK_RIFLED_ARQUEBUS, 2, 4, 2, 5, 160, 200 },
  { PH_WEAPON_FLINTLOCK_RIFLED_MUSKET,   4, 4, 5, 5, 180, 220 },
  { PH_WEAPON_WHEELLOCK_PISTOL,          1, 2, 1, 3, 200, 240 },
  { PH_WEAPON_MATCHLOCK_PISTOL,          1, 2, 1, 3, 200, 240 },
  { PH_WEAPON_MATCHLOCK_ARQUEBUS,        2, 3, 2, 4, 200, 240 },
  { PH_WEAPON_MATCHLOCK_MUSKET,          3, 3, 4, 4, 220, 260 },
  { PH_WEAPON_MATCHLOCK_RIFLED_ARQUEBUS, 2, 4, 2, 5, 280, 340 },
  { PH_WEAPON_MATCHLOCK_RIFLED_MUSKET,   4, 4, 5, 5, 300, 360 },
};

static const GowFirearm *
find_firearm (const PhFigure *figure,
              const PhWeapon **weapon_out)
{
  for (guint i = 0; figure != NULL && i < figure->weapons->len; i++)
    {
      const PhWeapon *weapon = &g_array_index (figure->weapons, PhWeapon, i);

      for (guint j = 0; j < G_N_ELEMENTS (firearms); j++)
        if (firearms[j].kind == weapon->kind)
          {
            *weapon_out = weapon;
            return &firearms[j];
          }
    }
  return NULL;
}

static const char *
formation_label (PhFormation formation)
{
  switch (formation)
    {
    case PH_FORMATION_SF:
      return _("SF \xe2\x80\x94 Skirmishing Foot");
    case PH_FORMATION_UF:
      return _("UF \xe2\x80\x94 Undrilled Foot");
    case PH_FORMATION_FF:
      return _("FF \xe2\x80\x94 Formed Foot");
    case PH_FORMATION_LF:
      return _("LF \xe2\x80\x94 Loose Foot");
    case PH_FORMATION_IF:
      return _("IF \xe2\x80\x94 Irregular Foot");
    case PH_FORMATION_DF:
    default:
      return _("DF \xe2\x80\x94 Drilled Foot");
    }
}

static void
stat_box (cairo_t              *cr,
          const PhSheetContext *ctx,
          double                x,
          double                y,
          const char           *stat,
          const char           *value)
{
  ph_sheet_stat_caption (cr, ctx, x, y - 3, stat);
  ph_sheet_box (cr, x, y, 22, PH_BOX_PLAIN, value);
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
  const PhGunsOfWarStats *stats = NULL;
  const PhWeapon *weapon = NULL;
  const GowFirearm *firearm = find_firearm (figure, &weapon);
  const double band = 18, pad = 7;
  double h = height - PH_SHEET_GAP, lx = x + pad, ly, rx;
  char text[64];

  if (figure != NULL && figure->stats_kind == PH_STATS_GUNS_OF_WAR)
    stats = &figure->stats.guns_of_war;

  /* the card and its title band */
  cairo_new_path (cr);
  cairo_rectangle (cr, x, y, width, band);
  ph_sheet_side_color (cr, ctx->side, figure != NULL ? 1.0 : 0.35);
  cairo_fill (cr);
  ph_sheet_frame (cr, x, y, width, h, 1.0);
  ph_sheet_font (cr, 10, TRUE);
  cairo_set_source_rgb (cr, 1, 1, 1);
  g_snprintf (text, sizeof text, "%d", number);
  ph_sheet_text (cr, x + pad, y + 13, 0, text);
  if (figure != NULL)
    ph_sheet_text (cr, x + pad + 16, y + 13, width - 2 * pad - 16,
                   ph_figure_display_name (figure));

  ly = y + band + 12;
  ph_sheet_stat_caption (cr, ctx, lx, ly, "formation");
  ph_sheet_caption (cr, lx, ly + 22, _("FIREARM"));
  ph_sheet_caption (cr, lx, ly + 44, _("RANGE IN HEXES (AP / MAX)"));
  ph_sheet_caption (cr, lx, ly + 66, _("SIZE FACTOR \xc2\xb7 PER VOLLEY"));
  if (figure != NULL)
    {
      ph_sheet_font (cr, 8.5, TRUE);
      ph_sheet_ink (cr);
      if (stats != NULL)
        ph_sheet_text (cr, lx, ly + 11, 140, formation_label (stats->formation));
      if (firearm != NULL)
        {
          g_autofree char *label = ph_sheet_weapon_label (weapon);
          int size = stats != NULL && stats->formation == PH_FORMATION_UF
                     ? firearm->size_undrilled : firearm->size_drilled;

          ph_sheet_text (cr, lx, ly + 33, 140, label);
          g_snprintf (text, sizeof text, _("%d/%d v foot \xc2\xb7 %d/%d v mounted"),
                      firearm->ap_foot, firearm->max_foot, firearm->ap_mounted,
                      firearm->max_mounted);
          ph_sheet_font (cr, 8, FALSE);
          ph_sheet_text (cr, lx, ly + 55, 140, text);
          if (stats != NULL && stats->men > 0)
            {
              int attacks = MAX (1, (int) floor ((double) stats->men / size + 0.5));
              int tokens = 0;

              if (stats->men * 4 < size * 3)   /* n < 0.75 */
                tokens = ph_round_half_even_ratio (size - stats->men, stats->men);
              g_autofree char *attack_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d attack",
                                                                           "%d attacks", attacks),
                                                              attacks);
              g_autofree char *token_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d reload token",
                                                                          "%d reload tokens", tokens),
                                                             tokens);

              g_snprintf (text, sizeof text, "%d \xc2\xb7 %s, %s", size, attack_text, token_text);
            }
          else
            g_snprintf (text, sizeof text, "%d", size);
          ph_sheet_text (cr, lx, ly + 77, 140, text);
        }
      else
        {
          ph_sheet_font (cr, 8, FALSE);
          ph_sheet_text (cr, lx, ly + 33, 140, _("no Guns of War firearm"));
        }
    }
  else
    {
      for (int i = 0; i < 4; i++)
        ph_sheet_rule (cr, lx, lx + 136, ly + 13 + 22 * i);
    }

  /* the numbers, boxed */
  rx = x + width - pad - 4 * 28 + 6;
  ly = y + band + 14;
  {
    char men[16] = "", throw_[16] = "", ac[16] = "", morale[16] = "", uhp[16] = "", armor[24] = "";

    if (stats != NULL)
      {
        g_snprintf (men, sizeof men, "%d", stats->men);
        g_snprintf (throw_, sizeof throw_, "%d+", stats->attack_throw);
        g_snprintf (ac, sizeof ac, "%d", stats->ac);
        g_snprintf (morale, sizeof morale, "%+d", stats->morale);
        if (stats->morale == 0)
          g_snprintf (morale, sizeof morale, "0");
        if (stats->has_uhp)
          g_snprintf (uhp, sizeof uhp, "%d", stats->uhp);
        g_snprintf (armor, sizeof armor, _("of it armour %d"), stats->armor_ac);
      }
    stat_box (cr, ctx, rx, ly, "men", men);
    stat_box (cr, ctx, rx + 28, ly, "attack-throw", throw_);
    stat_box (cr, ctx, rx + 56, ly, "ac", ac);
    stat_box (cr, ctx, rx + 84, ly, "morale", morale);
    ph_sheet_font (cr, 5.5, FALSE);
    ph_sheet_grey (cr, 0.3);
    ph_sheet_text (cr, rx + 50, ly + 29, 0, armor);

    ph_sheet_stat_caption (cr, ctx, rx, ly + 44, "uhp");
    ph_sheet_box (cr, rx, ly + 47, 22, PH_BOX_PLAIN, uhp);
    ph_sheet_caption (cr, rx + 30, ly + 44, _("DAMAGE TAKEN"));
    ph_sheet_rule (cr, rx + 28, rx + 106, ly + 68);
  }

  /* reload tokens on the unit */
  ly = y + h - 28;
  ph_sheet_caption (cr, lx, ly, _("RELOAD TOKENS (FIRE WITH NONE; " "\xe2\x88\x92" "1 PER MOVE STOOD STILL)"));
  ph_sheet_tally (cr, lx, ly + 4, 6, 15, 12, stats != NULL ? stats->reload_tokens : 0);
  ph_sheet_font (cr, 6, FALSE);
  ph_sheet_ink (cr);
  if (stats != NULL && (stats->formation == PH_FORMATION_DF || stats->formation == PH_FORMATION_UF))
    ph_sheet_text (cr, lx + 96, ly + 13, width - 2 * pad - 96,
                   stats->formation == PH_FORMATION_DF
                   ? _("Shocked by cavalry unless beside Formed Foot")
                   : _("Shocked by cavalry; must attack and advance"));
  else if (stats != NULL && stats->formation == PH_FORMATION_SF)
    ph_sheet_text (cr, lx + 96, ly + 13, width - 2 * pad - 96,
                   _("May withdraw from firearm damage"));
  else if (stats != NULL && stats->formation == PH_FORMATION_FF)
    ph_sheet_text (cr, lx + 96, ly + 13, width - 2 * pad - 96,
                   _("Secures the Drilled Foot beside it"));
  if (firearm != NULL && (firearm->kind == PH_WEAPON_FLINTLOCK_MUSKET
                          || firearm->kind == PH_WEAPON_MATCHLOCK_MUSKET
                          || firearm->kind == PH_WEAPON_FLINTLOCK_RIFLED_MUSKET
                          || firearm->kind == PH_WEAPON_MATCHLOCK_RIFLED_MUSKET))
    ph_sheet_text (cr, lx + 96, ly + 21, width - 2 * pad - 96,
                   _("Musket: " "\xe2\x88\x92" "2 to hit if it moved (no fork rest)"));
}

static void
draw_reference (cairo_t              *cr,
                const PhSheetContext *ctx,
                double                x,
                double                y,
                double                width,
                double                height)
{
  static const double rcols[] = { 0, 104, 146 };
  static const char * const rhead[] = { N_("Firearm (hexes)"), N_("v foot"), N_("v mounted") };
  static const char * const rrows[][3] = {
    { N_("Rifled musket"), "4/4", "5/5" },
    { N_("Musket"), "3/3", "4/4" },
    { N_("Rifled arquebus"), "2/4", "2/5" },
    { N_("Arquebus"), "2/3", "2/4" },
    { N_("Pistol"), "1/2", "1/3" },
  };
  static const double scols[] = { 0, 82, 112, 150, 176 };
  static const char * const shead[] = { N_("Size factor"), "DF/SF", "UF", "" , "" };
  double c[5];
  PhSheetPanel panel;
  PhSheetRef ref;

  ph_sheet_panel_begin (&panel, cr, x, y, width, height,
                        _("Quick reference \xe2\x80\x94 Guns of War (Domains at War)"));

  ph_sheet_panel_column (&panel, &ref, cr, 0);
  ph_sheet_ref_heading (&ref, _("Range: armour-piercing / maximum"));
  ph_sheet_ref_columns (rcols, 3, panel.column_width[0], c);
  ph_sheet_ref_table (&ref, c, rhead, rrows[0], G_N_ELEMENTS (rrows), 3);
  ph_sheet_ref_line (&ref, _("Within AP range ignore up to 5 points of armour (not magic or Dex). "
                       "LOS needed; never overhead."));

  ph_sheet_panel_column (&panel, &ref, cr, 1);
  ph_sheet_ref_columns (scols, 3, panel.column_width[1], c);
  ph_sheet_ref_row (&ref, TRUE, c, shead, 3);
  for (guint i = 0; i < G_N_ELEMENTS (firearms); i++)
    {
      g_autofree char *label = ph_sheet_weapon_kind_label (firearms[i].kind);
      char a[8], b[8];
      const char *cells[3] = { label, a, b };

      g_snprintf (a, sizeof a, "%d", firearms[i].size_drilled);
      g_snprintf (b, sizeof b, "%d", firearms[i].size_undrilled);
      ph_sheet_ref_row (&ref, FALSE, c, cells, 3);
    }

  ph_sheet_panel_column (&panel, &ref, cr, 2);
  ph_sheet_ref_heading (&ref, _("Attacks and reload tokens"));
  ph_sheet_ref_line (&ref, _("n = men / size factor; at least 1 attack. If n < 0.75 the unit gains "
                       "(1/n " "\xe2\x88\x92" " 1) reload tokens when it fires, 0.5 rounded to even."));
  ph_sheet_ref_line (&ref, _("Fire only with no reload tokens; remove one after each movement "
                       "sequence standing still."));
  ph_sheet_ref_heading (&ref, _("Reminders"));
  ph_sheet_ref_line (&ref, _("Musket forks: " "\xe2\x88\x92" "2 to hit unless it stood fast (not for reaction fire)."));
  ph_sheet_ref_line (&ref, _("Smoke and thunder: a unit damaged by firearms makes a shock roll."));
  ph_sheet_ref_line (&ref, _("Loose and flyer units cannot withdraw from firearm damage; SF can."));
}

const PhSheetKind ph_sheet_kind_guns_of_war = {
  .sheet_name = N_("Unit cards"),
  .entry_height = 150,
  .columns = 2,
  .headings_height = 0,
  .reference_height = 150,
  .draw_headings = NULL,
  .draw_entry = draw_entry,
  .draw_reference = draw_reference,
};
