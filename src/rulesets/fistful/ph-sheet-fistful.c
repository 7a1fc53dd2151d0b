/* ph-sheet-fistful.c: Fistful of Lead's roster
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One row per model: name and type, weapons, traits, wound boxes, and the
 * Shaken and RELOAD markers; the panel reminds the players of the special
 * cards, the two actions and reloading. The excerpt in the project has no
 * shooting numbers: the panel shows the scenario's options (shoot-target,
 * cover-modifier, long-range, long-range-modifier) where they are set and
 * a blank to fill in from the rule book where not.
 */
#include <glib/gi18n-lib.h>

#include "ph-sheet-private.h"

/* "\xe2\x88\x92" is a minus sign, written out in the strings so that their
 * translations (po/) are whole messages */
#define WOUND_BOXES 5

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
  const PhFistfulStats *stats = NULL;
  const double name_w = 150, weap_w = 120;
  double ix = x + 19, wx = x + name_w + 6, tx, sx;

  if (figure != NULL && figure->stats_kind == PH_STATS_FISTFUL)
    stats = &figure->stats.fistful;

  ph_sheet_entry_frame (cr, ctx->side, x, y, width, height - 3);
  ph_sheet_entry_number (cr, x + 7, y + 13, number);

  ph_sheet_caption (cr, wx, y + 9, _("WEAPONS"));
  tx = wx + weap_w + 6;
  ph_sheet_stat_caption (cr, ctx, tx, y + 9, "traits");
  sx = x + width - (WOUND_BOXES * 14 + 8) - 76;

  if (figure != NULL)
    {
      g_autoptr(GString) type = g_string_new (NULL);
      double wy = y + 19;

      ph_sheet_append_figure_type (type, figure);
      ph_sheet_name_and_type (cr, ix, y + 14, y + 26, name_w - 24,
                              ph_figure_display_name (figure), type->str);

      for (guint i = 0; i < figure->weapons->len && i < 3; i++)
        {
          const PhWeapon *weapon = &g_array_index (figure->weapons, PhWeapon, i);
          g_autofree char *label = ph_sheet_weapon_label (weapon);

          ph_sheet_font (cr, 7.2, ph_weapon_kind_is_missile (weapon->kind));
          ph_sheet_ink (cr);
          ph_sheet_text (cr, wx, wy, weap_w, label);
          if (ph_weapon_kind_is_missile (weapon->kind) && !weapon->loaded)
            {
              double lw = ph_sheet_text_width (cr, label);

              ph_sheet_font (cr, 6, FALSE);
              ph_sheet_text (cr, wx + lw + 4, wy, 0, _("(unloaded)"));
            }
          wy += 8.5;
        }
      if (stats != NULL && stats->traits != NULL)
        {
          ph_sheet_font (cr, 7.2, FALSE);
          ph_sheet_ink (cr);
          ph_sheet_wrap (cr, tx, y + 19, sx - tx - 8, 8.5, stats->traits);
        }
    }
  else
    {
      ph_sheet_caption (cr, ix, y + 9, _("NAME"));
      ph_sheet_rule (cr, ix, ix + name_w - 24, y + 22);
      ph_sheet_rule (cr, ix, ix + name_w - 24, y + 34);
    }
  ph_sheet_rule (cr, wx, wx + weap_w - 8, y + 36);
  ph_sheet_rule (cr, tx, sx - 8, y + 36);

  /* status: wounds, shaken, reload */
  ph_sheet_stat_caption (cr, ctx, sx, y + 9, "shaken");
  ph_sheet_box (cr, sx + 6, y + 13, 14,
                stats != NULL && stats->shaken ? PH_BOX_TICKED : PH_BOX_PLAIN, NULL);
  ph_sheet_stat_caption (cr, ctx, sx + 36, y + 9, "reload");
  ph_sheet_box (cr, sx + 42, y + 13, 14,
                stats != NULL && stats->reload ? PH_BOX_TICKED : PH_BOX_PLAIN, NULL);
  sx += 76;
  ph_sheet_stat_caption (cr, ctx, sx, y + 9, "wounds");
  ph_sheet_tally (cr, sx, y + 13, WOUND_BOXES, 14, 12, stats != NULL ? stats->wounds : 0);
  if (figure != NULL && ph_figure_is_off_table (figure))
    {
      ph_sheet_font (cr, 7, TRUE);
      ph_sheet_ink (cr);
      ph_sheet_text (cr, sx, y + 36, 0, (figure->status & PH_STATUS_DEAD) ? _("OUT OF ACTION") : _("FLED"));
    }
}

static void
option_pair (PhSheetRef       *ref,
             const PhScenario *scenario,
             const char       *label,
             const char       *name,
             const char       *suffix)
{
  const char *value = ph_scenario_get_option (scenario, name);
  g_autofree char *text = NULL;

  text = value != NULL ? g_strdup_printf ("%s%s", value, suffix) : g_strdup ("____");
  ph_sheet_ref_pair (ref, label, text);
}

static void
draw_reference (cairo_t              *cr,
                const PhSheetContext *ctx,
                double                x,
                double                y,
                double                width,
                double                height)
{
  PhSheetPanel panel;
  PhSheetRef ref;

  ph_sheet_panel_begin (&panel, cr, x, y, width, height,
                        _("Quick reference \xe2\x80\x94 Fistful of Lead: Horse and Musket"));

  ph_sheet_panel_column (&panel, &ref, cr, 0);
  ph_sheet_ref_heading (&ref, _("Special cards"));
  ph_sheet_ref_pair (&ref, _("Queen of Hearts"), _("heal one wound"));
  ph_sheet_ref_pair (&ref, _("Queen of Spades"), _("recover from Shaken"));
  ph_sheet_ref_pair (&ref, _("One-eyed Jacks (\xe2\x99\xa5 \xe2\x99\xa0)"), _("+1 to hit shooting"));
  ph_sheet_ref_pair (&ref, _("Two-eyed Jacks (\xe2\x99\xa6 \xe2\x99\xa3)"), _("+1 to hit close combat"));
  ph_sheet_ref_pair (&ref, _("Sevens"), _("re-roll one die"));
  ph_sheet_ref_pair (&ref, _("Sixes"), _("reload automatically"));
  ph_sheet_ref_pair (&ref, _("Deuces"), _("roll 2 dice, pick the best"));
  ph_sheet_ref_pair (&ref, _("Aces"), _("wild, played in sequence"));
  ph_sheet_ref_line (&ref, _("The special card still gives its 2 actions."));

  ph_sheet_panel_column (&panel, &ref, cr, 1);
  ph_sheet_ref_heading (&ref, _("Turn"));
  ph_sheet_ref_line (&ref, _("Deal a card per model. Call King down to Deuce; ties go \xe2\x99\xa0 "
                       "\xe2\x99\xa5 \xe2\x99\xa6 \xe2\x99\xa3. A real card beats an Ace playing it. "
                       "Each card activates one model for TWO actions."));
  ph_sheet_ref_heading (&ref, _("Actions"));
  ph_sheet_ref_line (&ref, _("Move, shoot, aim, reload, pick up or drop, mount or dismount, "
                       "recover. Two moves is a run; no shooting twice (unless two pistols)."));
  ph_sheet_ref_line (&ref, _("Recover from Shaken or a wound: one action, one try a turn; on a "
                       "failure the model may only fall back."));

  ph_sheet_panel_column (&panel, &ref, cr, 2);
  ph_sheet_ref_heading (&ref, _("Reloading"));
  ph_sheet_ref_line (&ref, _("After firing place a RELOAD marker: two actions in the same "
                       "activation remove it (or a Six)."));
  ph_sheet_ref_heading (&ref, _("Shooting (this scenario; d10)"));
  option_pair (&ref, ctx->scenario, _("Score needed"), "shoot-target", "+");
  option_pair (&ref, ctx->scenario, _("Target in cover"), "cover-modifier", "");
  option_pair (&ref, ctx->scenario, _("Long range beyond"), "long-range", "\"");
  option_pair (&ref, ctx->scenario, _("Long range"), "long-range-modifier", "");
  ph_sheet_ref_line (&ref, _("Blanks: fill in from your rule book."));
}

const PhSheetKind ph_sheet_kind_fistful = {
  .sheet_name = N_("Roster"),
  .entry_height = 46,
  .columns = 1,
  .headings_height = 0,
  .reference_height = 160,
  .draw_headings = NULL,
  .draw_entry = draw_entry,
  .draw_reference = draw_reference,
};
