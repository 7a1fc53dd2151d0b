/* ph-sheet-firelock.c: the Firelock and Scalplock roster
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rule text's roster line per character: name and troop type, the four
 * bravery boxes, the load box (IPs to load the weapon), seven hit boxes
 * (the 4th cuts bravery and melee, the 7th kills), the melee boxes (+2 down
 * to -2) and, for riders, the horse's status (fresh 3d6, normal 2d6 after
 * the 3rd hit, worn 1d6 after the 5th). Hits taken, lost melee strength
 * and status markers from the scenario are ticked already.
 */
#include <glib/gi18n-lib.h>

#include "ph-sheet-private.h"

/* "\xe2\x88\x92" is a minus sign, "\xc3\x97" a times sign: written out in
 * the strings, so that their translations (po/) are whole messages */

static gboolean
is_rider (const PhFigure *figure)
{
  return figure->mounted || figure->troop == PH_TROOP_CAVALRY;
}

/* Range, formula and load in the rule text's terms */
static char *
weapon_terms (const PhFigure *figure,
              const PhWeapon *weapon)
{
  gboolean mounted = figure->mounted;
  const char *load = mounted ? _("load 10 IPs") : NULL;

  switch (weapon->kind)
    {
    case PH_WEAPON_BOW:
    case PH_WEAPON_PISTOL:
    case PH_WEAPON_BLUNDERBUSS:
      if (load == NULL)
        load = weapon->kind == PH_WEAPON_BOW ? _("load 2 IPs") : _("load 6 IPs");
      return g_strdup_printf (_("25\"  (25" "\xe2\x88\x92" "d)%s %%  %s%s"), mounted ? "" : "\xc3\x97" "2",
                              load, weapon->kind == PH_WEAPON_BLUNDERBUSS ? _("  +3 result") : "");
    case PH_WEAPON_MUSKET:
      if (mounted)
        return g_strdup_printf (_("25\"  (25" "\xe2\x88\x92" "d)" "\xc3\x97" "2 %%  %s"), load);
      /* xgettext:no-c-format */
      return g_strdup (_("50\"  (50" "\xe2\x88\x92" "d)" "\xc3\x97" "2 %  load 6 IPs"));
    case PH_WEAPON_RIFLE:
      if (mounted)
        return g_strdup_printf (_("50\"  (50" "\xe2\x88\x92" "d)" "\xc3\x97" "2 %%  %s"), load);
      /* xgettext:no-c-format */
      return g_strdup (_("100\"  100" "\xe2\x88\x92" "d %  load 10 IPs"));
    case PH_WEAPON_THROWN:
      return g_strdup (mounted ? _("cannot throw when mounted") : "12\"  25 %");
    case PH_WEAPON_BAYONET:
      return g_strdup (_("melee " "\xe2\x88\x92" "1/0/+2 (woods/brush/open)"));
    case PH_WEAPON_KNIFE:
    case PH_WEAPON_TOMAHAWK:
    case PH_WEAPON_WAR_CLUB:
      return g_strdup (_("melee +2/+1/0 (woods/brush/open)"));
    case PH_WEAPON_CLUBBED_MUSKET:
      return g_strdup (_("melee " "\xe2\x88\x92" "2/+1/+1 (woods/brush/open)"));
    default:
      if (ph_weapon_kind_is_missile (weapon->kind))
        return g_strdup (_("not a Firelock weapon"));
      return g_strdup (_("melee"));
    }
}

/* The load IPs of the first missile weapon, or 0 */
static int
load_ips (const PhFigure *figure)
{
  const PhWeapon *weapon = ph_figure_first_missile (figure);

  if (weapon == NULL || weapon->kind == PH_WEAPON_THROWN)
    return 0;
  if (figure->mounted || weapon->kind == PH_WEAPON_RIFLE)
    return 10;
  if (weapon->kind == PH_WEAPON_BOW)
    return 2;
  if (weapon->kind == PH_WEAPON_PISTOL || weapon->kind == PH_WEAPON_MUSKET
      || weapon->kind == PH_WEAPON_BLUNDERBUSS)
    return 6;
  return 0;
}

static void
draw_identity (cairo_t        *cr,
               const PhFigure *figure,
               int             number,
               double          x,
               double          y,
               double          width)
{
  g_autoptr(GString) tags = NULL;
  double ty;

  ph_sheet_entry_number (cr, x, y + 13, number);
  x += 12;
  width -= 12;
  if (figure == NULL)
    {
      ph_sheet_caption (cr, x, y + 9, _("NAME"));
      ph_sheet_rule (cr, x, x + width, y + 22);
      ph_sheet_caption (cr, x, y + 31, _("TROOP TYPE"));
      ph_sheet_rule (cr, x, x + width, y + 42);
      ph_sheet_caption (cr, x, y + 51, _("WEAPONS"));
      ph_sheet_rule (cr, x, x + width, y + 61);
      return;
    }

  tags = g_string_new (NULL);
  ph_sheet_append_figure_type (tags, figure);
  if (figure->stats_kind == PH_STATS_FIRELOCK && figure->stats.firelock.officer)
    g_string_append (tags, _(", officer (d10)"));
  if (ph_figure_is_off_table (figure))
    g_string_append (tags, (figure->status & PH_STATUS_DEAD) ? _(" \xe2\x80\x94 DEAD") : _(" \xe2\x80\x94 FLED"));
  ph_sheet_name_and_type (cr, x, y + 13, y + 24, width, ph_figure_display_name (figure),
                          tags->str);

  ty = y + 35;
  for (guint i = 0; i < figure->weapons->len && i < 3; i++)
    {
      const PhWeapon *weapon = &g_array_index (figure->weapons, PhWeapon, i);
      g_autofree char *label = ph_sheet_weapon_label (weapon);
      g_autofree char *terms = weapon_terms (figure, weapon);

      ph_sheet_weapon_line (cr, x, ty, width, width * 0.5, label, terms);
      ty += 9.5;
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
  const PhFirelockStats *stats = NULL;
  const double ident_w = 178, b1 = 17, b2 = 15;
  double bx, by, cx;
  char text[16];

  if (figure != NULL && figure->stats_kind == PH_STATS_FIRELOCK)
    stats = &figure->stats.firelock;

  ph_sheet_entry_frame (cr, ctx->side, x, y, width, height - 3);
  draw_identity (cr, figure, number, x + 7, y, ident_w - 12);

  /* line 1: bravery, load, horse */
  bx = x + ident_w;
  by = y + 12;
  ph_sheet_stat_caption (cr, ctx, bx, by - 3, "bravery");
  for (int i = 0; i < 4; i++)
    {
      if (stats != NULL)
        g_snprintf (text, sizeof text, "%d", stats->bravery[i]);
      else
        text[0] = '\0';
      ph_sheet_box (cr, bx + i * (b1 + 2), by, b1, i == 0 ? PH_BOX_MARKED : PH_BOX_PLAIN, text);
    }
  cx = bx + 4 * (b1 + 2) + 10;
  ph_sheet_caption (cr, cx, by - 3, _("LOAD"));
  text[0] = '\0';
  if (figure != NULL && load_ips (figure) > 0)
    g_snprintf (text, sizeof text, "%d", load_ips (figure));
  ph_sheet_box (cr, cx, by, b1, PH_BOX_PLAIN, text);
  ph_sheet_caption (cr, cx + b1 + 6, by - 3, _("CARRIED"));
  ph_sheet_box (cr, cx + b1 + 6, by, b1, PH_BOX_PLAIN, NULL);
  ph_sheet_caption (cr, cx + 2 * b1 + 32, by - 3, _("TURN IPs"));
  ph_sheet_box (cr, cx + 2 * b1 + 32, by, b1, PH_BOX_PLAIN, NULL);

  cx += 3 * b1 + 50;
  ph_sheet_caption (cr, cx, by - 3, _("HORSE"));
  if (figure == NULL || is_rider (figure))
    {
      static const char * const states[] = { N_("fresh 3d6"), N_("normal 2d6"), N_("worn 1d6") };

      for (int i = 0; i < 3; i++)
        {
          ph_sheet_box (cr, cx + i * 36, by + 4, 9, PH_BOX_PLAIN, NULL);
          ph_sheet_font (cr, 5.8, FALSE);
          ph_sheet_ink (cr);
          ph_sheet_text (cr, cx + i * 36 + 11, by + 11, 25, _(states[i]));
        }
      ph_sheet_caption (cr, cx + 108, by - 3, _("HORSE HITS"));
      for (int i = 0; i < 6; i++)
        {
          g_snprintf (text, sizeof text, "%d", i + 1);
          ph_sheet_box (cr, cx + 108 + i * 11, by + 3, 10,
                        (i == 2 || i == 4) ? PH_BOX_MARKED : PH_BOX_PLAIN, text);
        }
    }
  else
    {
      ph_sheet_font (cr, 7, FALSE);
      ph_sheet_grey (cr, 0.5);
      ph_sheet_text (cr, cx, by + 11, 0, _("on foot"));
    }

  /* line 2: hits, melee, status */
  by = y + 39;
  ph_sheet_stat_caption (cr, ctx, bx, by - 3, "hits");
  for (int i = 0; i < 7; i++)
    {
      PhBoxStyle style = (i == 3 || i == 6) ? PH_BOX_MARKED : PH_BOX_PLAIN;

      if (stats != NULL && i < stats->hits)
        style = PH_BOX_TICKED;
      g_snprintf (text, sizeof text, "%d", i + 1);
      ph_sheet_box (cr, bx + i * (b2 + 2), by, b2, style, style == PH_BOX_TICKED ? NULL : text);
    }
  ph_sheet_font (cr, 5.5, FALSE);
  ph_sheet_grey (cr, 0.35);
  ph_sheet_text (cr, bx + 3 * (b2 + 2), by + b2 + 6.5, 0, _("\xe2\x88\x92" "brav. " "\xe2\x88\x92" "melee"));
  ph_sheet_text_centred (cr, bx + 6 * (b2 + 2) + b2 / 2, by + b2 + 6.5, 0, _("dead"));

  cx = bx + 7 * (b2 + 2) + 12;
  ph_sheet_stat_caption (cr, ctx, cx, by - 3, "melee");
  for (int i = 0; i < 5; i++)
    {
      int value = 2 - i;
      PhBoxStyle style = PH_BOX_PLAIN;

      if (value > 0)
        g_snprintf (text, sizeof text, "+%d", value);
      else if (value < 0)
        g_snprintf (text, sizeof text, "\xe2\x88\x92" "%d", -value);
      else
        g_snprintf (text, sizeof text, "0");
      if (stats != NULL && value > stats->melee)
        style = PH_BOX_STRUCK;
      ph_sheet_box (cr, cx + i * (b2 + 2), by, b2, style, text);
    }

  cx += 5 * (b2 + 2) + 12;
  ph_sheet_caption (cr, cx, by - 3, _("STATUS"));
  {
    static const struct { PhStatus flag; const char *label; } marks[] = {
      { PH_STATUS_STARTLED, N_("startled") }, { PH_STATUS_COWERING, N_("cowers") },
      { PH_STATUS_PRONE, N_("prone") }, { PH_STATUS_ANGRY, N_("angry") },
      { PH_STATUS_VEXED, N_("vexed") }, { PH_STATUS_FIRED, N_("fired") },
    };

    for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
      {
        double mx = cx + (i % 3) * 38, my = by + (i / 3) * 11;
        gboolean on = figure != NULL && (figure->status & marks[i].flag) != 0;

        ph_sheet_box (cr, mx, my, 8, on ? PH_BOX_TICKED : PH_BOX_PLAIN, NULL);
        ph_sheet_font (cr, 6, FALSE);
        ph_sheet_ink (cr);
        ph_sheet_text (cr, mx + 10, my + 6.5, 27, _(marks[i].label));
      }
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
  static const double move_cols[] = { 0, 92, 118, 144 };
  static const double melee_cols[] = { 0, 92, 118, 144 };
  PhSheetPanel panel;
  PhSheetRef ref;

  ph_sheet_panel_begin (&panel, cr, x, y, width, height,
                        _("Quick reference \xe2\x80\x94 Firelock and Scalplock"));

  ph_sheet_panel_column (&panel, &ref, cr, 0);
  ph_sheet_ref_heading (&ref, _("To hit: d100 at or under (d = inches)"));
  ph_sheet_ref_pair (&ref, _("Bow, pistol, blunderbuss"), _("(25" "\xe2\x88\x92" "d)" "\xc3\x97" "2 %, 25\""));
  ph_sheet_ref_pair (&ref, _("Smoothbore musket"), _("(50" "\xe2\x88\x92" "d)" "\xc3\x97" "2 %, 50\""));
  ph_sheet_ref_pair (&ref, _("Rifle"), _("100" "\xe2\x88\x92" "d %, 100\""));
  ph_sheet_ref_pair (&ref, _("Thrown tomahawk, knife"), _("25 %, 12\""));
  ph_sheet_ref_line (&ref, _("Mounted: rifle fires as a musket, musket as a pistol, pistol at half."));
  ph_sheet_ref_heading (&ref, _("Acquire a target in cover: d10, 8+"));
  ph_sheet_ref_pair (&ref, _("Target is cavalry"), "+1");
  ph_sheet_ref_pair (&ref, _("Paid to spot (line, cavalry 4 IPs; others 2)"), "+5");
  ph_sheet_ref_pair (&ref, _("Startled / cowering / prone"), "\xe2\x88\x92" "1 / " "\xe2\x88\x92" "2 / " "\xe2\x88\x92" "4");
  ph_sheet_ref_pair (&ref, _("Line trooper or mounted cavalry"), "\xe2\x88\x92" "2");
  ph_sheet_ref_line (&ref, _("Automatic in the open, or if the target fired black powder this turn."));

  ph_sheet_panel_column (&panel, &ref, cr, 1);
  ph_sheet_ref_heading (&ref, _("Result of a hit: d10"));
  ph_sheet_ref_pair (&ref, _("Aim (2 IPs) / careful aim (4 IPs)"), "+2 / +3");
  ph_sheet_ref_pair (&ref, _("Blunderbuss"), "+3");
  ph_sheet_ref_pair (&ref, _("Target in brush / woods"), "\xe2\x88\x92" "2 / " "\xe2\x88\x92" "3");
  ph_sheet_ref_pair (&ref, _("Target in buildings or behind works"), "\xe2\x88\x92" "5");
  ph_sheet_ref_pair (&ref, _("12+ dead; 11, 10, 9, 8, 7"), _("5, 4, 3, 2, 1 hits"));
  ph_sheet_ref_pair (&ref, _("6 or less"), _("re-roll below"));
  ph_sheet_ref_heading (&ref, _("Re-roll (same modifiers)"));
  ph_sheet_ref_line (&ref, _("1\xe2\x80\x93" "3 no effect; 4 angry (all IPs towards firer); 5 vexed (half IPs); "
                       "6 startled (" "\xe2\x88\x92" "\xc2\xbc IPs, " "\xe2\x88\x92" "1 to acquire); 7 cowers (" "\xe2\x88\x92" "\xc2\xbd IPs, "
                       "\xe2\x88\x92" "2); 8 prone (all IPs, " "\xe2\x88\x92" "4); 9 runs IPs in inches; 10 runs double."));
  ph_sheet_ref_line (&ref, _("Cavalry: aimed shots choose; else d6 1\xe2\x80\x93" "4 horse, 5\xe2\x80\x93" "6 rider."));
  ph_sheet_ref_line (&ref, _("Horse: 3rd hit normal (2d6), 5th worn (1d6: ride OR act)."));

  ph_sheet_panel_column (&panel, &ref, cr, 2);
  ph_sheet_ref_line (&ref, _("IPs = d6 + bravery (officer or own figure: d10). Mounted: one horse d6, no bravery."));
  ph_sheet_ref_pair (&ref, _("Load: bow / pistol, musket, blunderbuss"), _("2 / 6 IPs"));
  ph_sheet_ref_pair (&ref, _("Rifle or any mounted weapon"), _("10 IPs"));
  {
    static const char * const head[] = { N_("Move per IP"), N_("clear"), N_("rough"), N_("v. rough") };
    static const char * const rows[][4] = {
      { N_("Guerrillas, Indians"), "2\"", "2\"", "1\"" },
      { N_("Light troops"), "2\"", "1\"", "\xc2\xbd\"" },
      { N_("Line infantry"), "1\"", "\xc2\xbd\"", "\xc2\xbc\"" },
      { N_("Cavalry"), "2\"", "\xc2\xbd\"", "\xc2\xbc\"" },
    };
    static const char * const mhead[] = { N_("Melee weapon"), N_("woods"), N_("brush"), N_("open") };
    static const char * const mrows[][4] = {
      { N_("Bayonet"), "\xe2\x88\x92" "1", "0", "+2" },
      { N_("Knife, tomahawk, club"), "+2", "+1", "0" },
      { N_("Clubbed musket"), "\xe2\x88\x92" "2", "+1", "+1" },
    };
    double scale = panel.column_width[2] / 170.0;
    double mc[4], wc[4];

    for (int i = 0; i < 4; i++)
      {
        mc[i] = move_cols[i] * scale;
        wc[i] = melee_cols[i] * scale;
      }
    ref.y += 2;
    ph_sheet_ref_table (&ref, mc, head, rows[0], G_N_ELEMENTS (rows), 4);
    ph_sheet_ref_heading (&ref, _("Melee within 1\": d10 + melee strength"));
    ph_sheet_ref_table (&ref, wc, mhead, mrows[0], G_N_ELEMENTS (mrows), 4);
  }
  ph_sheet_ref_line (&ref, _("+2 if the enemy is prone. Loser marks off the difference in hits."));
}

const PhSheetKind ph_sheet_kind_firelock = {
  .sheet_name = N_("Roster"),
  .entry_height = 68,
  .columns = 1,
  .headings_height = 0,
  .reference_height = 172,
  .draw_headings = NULL,
  .draw_entry = draw_entry,
  .draw_reference = draw_reference,
};
