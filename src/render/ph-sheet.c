/* ph-sheet.c: the common sheet layout: page, header, boxes, pagination
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A page belongs to one side. From the top: the header (scenario title,
 * the sheet's name and ruleset, the side's colour and name, page x of y),
 * the ruleset's column headings, as many entries (rows or cards) as fit,
 * and the quick-reference panel at the foot. A side's figures fill its
 * pages in file order; blank entries fill the rest of its last page (and
 * a side with no figures still gets one blank page).
 */
#include <math.h>
#include <string.h>

#include <gio/gio.h>

#include <glib/gi18n-lib.h>

#include "ph-render-private.h"
#include "ph-sheet-private.h"

/* ------------------------------------------------------------------ */
/* Paper                                                               */

gboolean
ph_paper_from_string (const char *name,
                      PhPaper    *paper)
{
  if (g_ascii_strcasecmp (name, "a4") == 0)
    *paper = PH_PAPER_A4;
  else if (g_ascii_strcasecmp (name, "letter") == 0)
    *paper = PH_PAPER_LETTER;
  else
    return FALSE;
  return TRUE;
}

const char *
ph_paper_to_string (PhPaper paper)
{
  return paper == PH_PAPER_LETTER ? "letter" : "a4";
}

void
ph_paper_get_size (PhPaper  paper,
                   double  *width,
                   double  *height)
{
  if (paper == PH_PAPER_LETTER)
    {
      *width = 612.0;
      *height = 792.0;
    }
  else
    {
      *width = 210.0 / 25.4 * 72.0;
      *height = 297.0 / 25.4 * 72.0;
    }
}

/* ------------------------------------------------------------------ */
/* Text and boxes                                                      */

void
ph_sheet_font (cairo_t  *cr,
               double    size,
               gboolean  bold)
{
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
}

double
ph_sheet_text_width (cairo_t    *cr,
                     const char *text)
{
  cairo_text_extents_t ext;

  cairo_text_extents (cr, text, &ext);
  return ext.x_advance;
}

double
ph_sheet_text (cairo_t    *cr,
               double      x,
               double      y,
               double      max_width,
               const char *text)
{
  double width;

  if (text == NULL || text[0] == '\0')
    return 0;
  width = ph_sheet_text_width (cr, text);
  cairo_save (cr);
  cairo_move_to (cr, x, y);
  if (max_width > 0 && width > max_width)
    {
      /* condensed, never below 60 % */
      double squeeze = MAX (max_width / width, 0.6);

      cairo_scale (cr, squeeze, 1.0);
      cairo_move_to (cr, x / squeeze, y);
      width *= squeeze;
    }
  cairo_show_text (cr, text);
  cairo_restore (cr);
  return width;
}

double
ph_sheet_text_centred (cairo_t    *cr,
                       double      cx,
                       double      y,
                       double      max_width,
                       const char *text)
{
  double width = ph_sheet_text_width (cr, text);

  if (max_width > 0 && width > max_width)
    width = MAX (max_width, width * 0.6);
  return ph_sheet_text (cr, cx - width / 2, y, max_width, text);
}

double
ph_sheet_text_right (cairo_t    *cr,
                     double      right,
                     double      y,
                     const char *text)
{
  return ph_sheet_text (cr, right - ph_sheet_text_width (cr, text), y, 0, text);
}

double
ph_sheet_wrap (cairo_t    *cr,
               double      x,
               double      y,
               double      width,
               double      line_height,
               const char *text)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  g_autoptr(GString) line = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *candidate = NULL;

      if (words[i][0] == '\0')
        continue;
      candidate = line->len > 0 ? g_strconcat (line->str, " ", words[i], NULL)
                                : g_strdup (words[i]);
      if (line->len > 0 && ph_sheet_text_width (cr, candidate) > width)
        {
          ph_sheet_text (cr, x, y, width, line->str);
          y += line_height;
          g_string_assign (line, words[i]);
        }
      else
        g_string_assign (line, candidate);
    }
  if (line->len > 0)
    {
      ph_sheet_text (cr, x, y, width, line->str);
      y += line_height;
    }
  return y;
}

void
ph_sheet_stat_caption (cairo_t              *cr,
                       const PhSheetContext *ctx,
                       double                x,
                       double                y,
                       const char           *stat)
{
  g_autofree char *caption =
    ph_stats_field_caption (ph_stats_schema_for (ctx->scenario->ruleset), stat);

  g_return_if_fail (caption != NULL);
  ph_sheet_caption (cr, x, y, caption);
}

void
ph_sheet_caption (cairo_t    *cr,
                  double      x,
                  double      y,
                  const char *text)
{
  cairo_save (cr);
  ph_sheet_font (cr, 5.8, TRUE);
  ph_sheet_grey (cr, 0.42);
  ph_sheet_text (cr, x, y, 0, text);
  cairo_restore (cr);
}

void
ph_sheet_ink (cairo_t *cr)
{
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.12);
}

void
ph_sheet_grey (cairo_t *cr,
               double   level)
{
  cairo_set_source_rgb (cr, level, level, level);
}

void
ph_sheet_side_color (cairo_t      *cr,
                     const PhSide *side,
                     double        alpha)
{
  guint32 c = side != NULL ? side->color : 0x555555;

  cairo_set_source_rgba (cr, ((c >> 16) & 0xff) / 255.0, ((c >> 8) & 0xff) / 255.0,
                         (c & 0xff) / 255.0, alpha);
}

void
ph_sheet_box (cairo_t    *cr,
              double      x,
              double      y,
              double      size,
              PhBoxStyle  style,
              const char *value)
{
  cairo_save (cr);
  cairo_new_path (cr);
  cairo_rectangle (cr, x, y, size, size);
  if (style == PH_BOX_MARKED || style == PH_BOX_STRUCK)
    {
      ph_sheet_grey (cr, style == PH_BOX_MARKED ? 0.86 : 0.8);
      cairo_fill_preserve (cr);
    }
  ph_sheet_ink (cr);
  cairo_set_line_width (cr, style == PH_BOX_MARKED ? 1.6 : 0.7);
  cairo_stroke (cr);
  if (value != NULL && value[0] != '\0')
    {
      ph_sheet_font (cr, size * 0.55, TRUE);
      if (style == PH_BOX_STRUCK)
        ph_sheet_grey (cr, 0.45);
      ph_sheet_text_centred (cr, x + size / 2, y + size * 0.7, size - 2, value);
    }
  if (style == PH_BOX_TICKED || style == PH_BOX_STRUCK)
    {
      double inset = size * 0.18;

      ph_sheet_ink (cr);
      cairo_set_line_width (cr, 1.1);
      cairo_move_to (cr, x + inset, y + size - inset);
      cairo_line_to (cr, x + size - inset, y + inset);
      if (style == PH_BOX_TICKED)
        {
          cairo_move_to (cr, x + inset, y + inset);
          cairo_line_to (cr, x + size - inset, y + size - inset);
        }
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

void
ph_sheet_tally (cairo_t *cr,
                double   x,
                double   y,
                int      n,
                double   pitch,
                double   size,
                int      n_ticked)
{
  for (int i = 0; i < n; i++)
    ph_sheet_box (cr, x + i * pitch, y, size,
                  i < n_ticked ? PH_BOX_TICKED : PH_BOX_PLAIN, NULL);
}

void
ph_sheet_frame (cairo_t *cr,
                double   x,
                double   y,
                double   w,
                double   h,
                double   line_width)
{
  cairo_save (cr);
  cairo_new_path (cr);
  cairo_rectangle (cr, x, y, w, h);
  ph_sheet_ink (cr);
  cairo_set_line_width (cr, line_width);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
ph_sheet_entry_frame (cairo_t      *cr,
                      const PhSide *side,
                      double        x,
                      double        y,
                      double        w,
                      double        h)
{
  ph_sheet_frame (cr, x, y, w, h, 0.8);
  cairo_rectangle (cr, x, y, 3, h);
  ph_sheet_side_color (cr, side, 1.0);
  cairo_fill (cr);
}

void
ph_sheet_entry_number (cairo_t *cr,
                       double   x,
                       double   y,
                       int      number)
{
  g_autofree char *num = g_strdup_printf ("%d", number);

  ph_sheet_font (cr, 7, TRUE);
  ph_sheet_grey (cr, 0.45);
  ph_sheet_text (cr, x, y, 0, num);
}

void
ph_sheet_name_and_type (cairo_t    *cr,
                        double      x,
                        double      name_y,
                        double      type_y,
                        double      width,
                        const char *name,
                        const char *type)
{
  ph_sheet_font (cr, 10, TRUE);
  ph_sheet_ink (cr);
  ph_sheet_text (cr, x, name_y, width, name);
  ph_sheet_font (cr, 7.5, FALSE);
  ph_sheet_grey (cr, 0.25);
  ph_sheet_text (cr, x, type_y, width, type);
}

void
ph_sheet_weapon_line (cairo_t    *cr,
                      double      x,
                      double      y,
                      double      width,
                      double      label_width,
                      const char *label,
                      const char *terms)
{
  double lw;

  ph_sheet_font (cr, 7, TRUE);
  ph_sheet_ink (cr);
  lw = ph_sheet_text (cr, x, y, label_width, label);
  ph_sheet_font (cr, 7, FALSE);
  ph_sheet_text (cr, x + lw + 4, y, width - lw - 4, terms);
}

void
ph_sheet_rule (cairo_t *cr,
               double   x0,
               double   x1,
               double   y)
{
  cairo_save (cr);
  cairo_new_path (cr);
  ph_sheet_grey (cr, 0.55);
  cairo_set_line_width (cr, 0.5);
  cairo_move_to (cr, x0, y);
  cairo_line_to (cr, x1, y);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* ------------------------------------------------------------------ */
/* The quick-reference panel                                           */

void
ph_sheet_ref_begin (PhSheetRef *ref,
                    cairo_t    *cr,
                    double      x,
                    double      y,
                    double      width,
                    double      bottom,
                    double      size)
{
  ref->cr = cr;
  ref->x = x;
  ref->y = y;
  ref->width = width;
  ref->bottom = bottom;
  ref->size = size;
}

void
ph_sheet_ref_heading (PhSheetRef *ref,
                      const char *text)
{
  if (ref->y > ref->bottom)
    return;
  ref->y += ref->size * 0.35;
  ph_sheet_font (ref->cr, ref->size + 0.6, TRUE);
  ph_sheet_ink (ref->cr);
  ph_sheet_text (ref->cr, ref->x, ref->y, ref->width, text);
  ref->y += ref->size * 1.3;
}

void
ph_sheet_ref_line (PhSheetRef *ref,
                   const char *text)
{
  if (ref->y > ref->bottom)
    return;
  ph_sheet_font (ref->cr, ref->size, FALSE);
  ph_sheet_ink (ref->cr);
  ref->y = ph_sheet_wrap (ref->cr, ref->x, ref->y, ref->width, ref->size * 1.22, text);
}

void
ph_sheet_ref_pair (PhSheetRef *ref,
                   const char *label,
                   const char *value)
{
  double value_width;

  if (ref->y > ref->bottom)
    return;
  ph_sheet_font (ref->cr, ref->size, TRUE);
  ph_sheet_ink (ref->cr);
  value_width = ph_sheet_text_right (ref->cr, ref->x + ref->width, ref->y, value);
  ph_sheet_font (ref->cr, ref->size, FALSE);
  ph_sheet_text (ref->cr, ref->x, ref->y, ref->width - value_width - 4, label);
  ref->y += ref->size * 1.22;
}

void
ph_sheet_ref_row (PhSheetRef         *ref,
                  gboolean            bold,
                  const double       *offsets,
                  const char * const *cells,
                  int                 n_cells)
{
  if (ref->y > ref->bottom)
    return;
  ph_sheet_font (ref->cr, ref->size, bold);
  ph_sheet_ink (ref->cr);
  /* the tables' cells are marked N_() where the rulesets write them */
  for (int i = 0; i < n_cells; i++)
    {
      const char *cell = cells[i] != NULL && cells[i][0] != '\0' ? _(cells[i]) : cells[i];

      if (i == 0)
        ph_sheet_text (ref->cr, ref->x + offsets[0], ref->y,
                       n_cells > 1 ? offsets[1] - offsets[0] - 12 : ref->width, cell);
      else
        ph_sheet_text_centred (ref->cr, ref->x + offsets[i], ref->y, 0, cell);
    }
  ref->y += ref->size * 1.22;
}

void
ph_sheet_ref_columns (const double *offsets,
                      int           n,
                      double        width,
                      double       *columns)
{
  for (int i = 0; i < n; i++)
    columns[i] = offsets[i] * width / 170.0;
}

void
ph_sheet_ref_table (PhSheetRef         *ref,
                    const double       *columns,
                    const char * const *head,
                    const char * const *rows,
                    guint               n_rows,
                    int                 n_cells)
{
  ph_sheet_ref_row (ref, TRUE, columns, head, n_cells);
  for (guint i = 0; i < n_rows; i++)
    ph_sheet_ref_row (ref, FALSE, columns, rows + i * n_cells, n_cells);
}

void
ph_sheet_reference_frame (cairo_t    *cr,
                          double      x,
                          double      y,
                          double      w,
                          double      h,
                          const char *title,
                          int         n_columns,
                          double     *column_x,
                          double     *column_width,
                          double     *column_top)
{
  const double pad = 7, title_h = 14, gutter = 10;
  double inner = w - 2 * pad - (n_columns - 1) * gutter;

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_rectangle (cr, x, y, w, title_h);
  ph_sheet_grey (cr, 0.2);
  cairo_fill (cr);
  ph_sheet_frame (cr, x, y, w, h, 1.0);
  ph_sheet_font (cr, 8, TRUE);
  cairo_set_source_rgb (cr, 1, 1, 1);
  ph_sheet_text (cr, x + pad, y + 10, w - 2 * pad, title);
  for (int i = 0; i < n_columns; i++)
    {
      column_x[i] = x + pad + i * (inner / n_columns + gutter);
      column_width[i] = inner / n_columns;
      if (i > 0)
        {
          double lx = column_x[i] - gutter / 2;

          ph_sheet_grey (cr, 0.7);
          cairo_set_line_width (cr, 0.5);
          cairo_move_to (cr, lx, y + title_h + 4);
          cairo_line_to (cr, lx, y + h - 4);
          cairo_stroke (cr);
        }
    }
  *column_top = y + title_h + 8;
  cairo_restore (cr);
}

void
ph_sheet_panel_begin (PhSheetPanel *panel,
                      cairo_t      *cr,
                      double        x,
                      double        y,
                      double        w,
                      double        h,
                      const char   *title)
{
  ph_sheet_reference_frame (cr, x, y, w, h, title, PH_SHEET_PANEL_COLUMNS,
                            panel->column_x, panel->column_width, &panel->top);
  panel->bottom = y + h - 6;
}

void
ph_sheet_panel_column (const PhSheetPanel *panel,
                       PhSheetRef         *ref,
                       cairo_t            *cr,
                       int                 column)
{
  ph_sheet_ref_begin (ref, cr, panel->column_x[column], panel->top,
                      panel->column_width[column], panel->bottom, 6.5);
}

/* ------------------------------------------------------------------ */
/* Names                                                               */

const char *
ph_sheet_troop_label (PhTroop troop)
{
  static const char * const labels[PH_N_TROOPS] = {
    N_("Line infantry"), N_("Light troops"), N_("Guerrilla"), N_("Indian"), N_("Cavalry"),
    N_("Artillery"), N_("Civilian"),
  };

  return troop < PH_N_TROOPS ? _(labels[troop]) : "";
}

void
ph_sheet_append_figure_type (GString        *type,
                             const PhFigure *figure)
{
  g_string_append (type, ph_sheet_troop_label (figure->troop));
  if (figure->mounted)
    g_string_append (type, _(", mounted"));
  if (figure->leader)
    g_string_append (type, _(", leader"));
}

/* @text with its first letter in capitals (@upper) or not */
static char *
first_letter (const char *text,
              gboolean    upper)
{
  gunichar c = g_utf8_get_char (text);
  const char *rest = g_utf8_next_char (text);
  char head[8] = { 0 };

  if (c == 0)
    return g_strdup (text);
  g_unichar_to_utf8 (upper ? g_unichar_toupper (c) : g_unichar_tolower (c), head);
  return g_strconcat (head, rest, NULL);
}

char *
ph_sheet_weapon_kind_label (PhWeaponKind kind)
{
  /* the kind in people's words ("flintlock-musket" reads "Flintlock
   * musket"; translated, po/) */
  g_autofree char *label = g_strdup (ph_weapon_kind_label (kind));

  for (char *p = label; *p != '\0'; p++)
    if (*p == '-')
      *p = ' ';
  return first_letter (label, TRUE);
}

char *
ph_sheet_weapon_label (const PhWeapon *weapon)
{
  g_autofree char *kind = ph_sheet_weapon_kind_label (weapon->kind);

  if (weapon->name != NULL && weapon->name[0] != '\0')
    {
      g_autofree char *lower = first_letter (kind, FALSE);

      return g_strdup_printf ("%s (%s)", weapon->name, lower);
    }
  return g_steal_pointer (&kind);
}

/* ------------------------------------------------------------------ */
/* Layout and pagination                                               */

/* Entries per page for a page of @height, or 0 */
static int
entries_per_page (const PhSheetKind *kind,
                  double             height)
{
  double rows = height - 2 * PH_SHEET_MARGIN - PH_SHEET_HEADER_HEIGHT - PH_SHEET_GAP
                - kind->headings_height - PH_SHEET_GAP - kind->reference_height;
  int n = (int) floor (rows / kind->entry_height + 1e-6);

  return MAX (n, 0) * kind->columns;
}

static guint
side_figure_count (const PhScenario *scenario,
                   const PhSide     *side)
{
  guint n = 0;

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      if (g_strcmp0 (figure->side, side->id) == 0)
        n++;
    }
  return n;
}

static int
side_page_count (const PhScenario *scenario,
                 const PhSide     *side,
                 int               per_page)
{
  guint n = side_figure_count (scenario, side);

  return MAX (1, (int) ((n + per_page - 1) / per_page));
}

int
ph_sheet_count_pages (const PhScenario *scenario,
                      double            width,
                      double            height)
{
  const PhSheetKind *kind;
  int per_page, pages = 0;

  g_return_val_if_fail (scenario != NULL, 0);

  kind = ph_sheet_kind_get (scenario->ruleset);
  per_page = entries_per_page (kind, height);
  if (per_page == 0 || width < 4 * PH_SHEET_MARGIN)
    return 0;
  for (guint s = 0; s < scenario->sides->len; s++)
    pages += side_page_count (scenario, g_ptr_array_index (scenario->sides, s), per_page);
  return pages;
}

/* The side of page @page and the index of its first entry among the side's */
static const PhSide *
page_side (const PhScenario *scenario,
           int               per_page,
           int               page,
           int              *first_entry)
{
  for (guint s = 0; s < scenario->sides->len; s++)
    {
      const PhSide *side = g_ptr_array_index (scenario->sides, s);
      int n = side_page_count (scenario, side, per_page);

      if (page < n)
        {
          *first_entry = page * per_page;
          return side;
        }
      page -= n;
    }
  return NULL;
}

static void
draw_header (cairo_t           *cr,
             const PhScenario  *scenario,
             const PhSheetKind *kind,
             const PhSide      *side,
             double             x,
             double             y,
             double             width,
             int                page,
             int                n_pages)
{
  const PhRuleset *ruleset = ph_ruleset_get (scenario->ruleset);
  g_autofree char *subtitle = NULL, *page_text = NULL;
  double swatch = 16, right = x + width, name_w;

  ph_sheet_ink (cr);
  ph_sheet_font (cr, 15, TRUE);
  ph_sheet_text (cr, x, y + 16, width * 0.58, scenario->title);
  /* TRANSLATORS: the sheet's name, then the rules' title: "Roster —
   * Firelock and Scalplock" */
  subtitle = g_strdup_printf (_("%s \xe2\x80\x94 %s"), _(kind->sheet_name),
                              ruleset != NULL ? ruleset->title : "");
  ph_sheet_font (cr, 9, FALSE);
  ph_sheet_grey (cr, 0.3);
  ph_sheet_text (cr, x, y + 31, width * 0.58, subtitle);

  /* the side: colour swatch and name, right-aligned */
  ph_sheet_font (cr, 12, TRUE);
  name_w = MIN (ph_sheet_text_width (cr, side->name), width * 0.38 - swatch - 6);
  ph_sheet_ink (cr);
  ph_sheet_text (cr, right - name_w, y + 16, name_w, side->name);
  cairo_new_path (cr);
  cairo_rectangle (cr, right - name_w - swatch - 6, y + 3, swatch, swatch);
  ph_sheet_side_color (cr, side, 1.0);
  cairo_fill_preserve (cr);
  ph_sheet_ink (cr);
  cairo_set_line_width (cr, 0.6);
  cairo_stroke (cr);

  page_text = g_strdup_printf (_("Page %d of %d"), page + 1, n_pages);
  ph_sheet_font (cr, 9, FALSE);
  ph_sheet_grey (cr, 0.3);
  ph_sheet_text_right (cr, right, y + 31, page_text);

  /* a band of the side's colour under the header */
  cairo_new_path (cr);
  cairo_rectangle (cr, x, y + 39, width, 3);
  ph_sheet_side_color (cr, side, 1.0);
  cairo_fill (cr);
}

void
ph_sheet_draw_page (cairo_t          *cr,
                    const PhScenario *scenario,
                    double            width,
                    double            height,
                    int               page)
{
  const PhSheetKind *kind;
  const PhSide *side;
  PhSheetContext ctx;
  int per_page, n_pages, first, number, rows;
  double x, y, w, entry_w, foot_y, pitch;
  g_return_if_fail (cr != NULL && scenario != NULL);

  kind = ph_sheet_kind_get (scenario->ruleset);
  per_page = entries_per_page (kind, height);
  n_pages = ph_sheet_count_pages (scenario, width, height);
  if (page < 0 || page >= n_pages)
    return;
  side = page_side (scenario, per_page, page, &first);
  g_return_if_fail (side != NULL);

  ctx.scenario = scenario;
  ctx.side = side;

  cairo_save (cr);
  x = PH_SHEET_MARGIN;
  y = PH_SHEET_MARGIN;
  w = width - 2 * PH_SHEET_MARGIN;
  draw_header (cr, scenario, kind, side, x, y, w, page, n_pages);
  y += PH_SHEET_HEADER_HEIGHT + PH_SHEET_GAP;

  if (kind->headings_height > 0 && kind->draw_headings != NULL)
    {
      kind->draw_headings (cr, &ctx, x, y, w);
      y += kind->headings_height;
    }

  entry_w = (w - (kind->columns - 1) * PH_SHEET_GAP) / kind->columns;
  /* spread what is left over the rows, up to a fifth of a row more */
  foot_y = height - PH_SHEET_MARGIN - kind->reference_height;
  rows = per_page / kind->columns;
  pitch = (foot_y - PH_SHEET_GAP - y) / rows;
  pitch = CLAMP (pitch, kind->entry_height, kind->entry_height * 1.2);
  number = 0;
  for (guint i = 0; i < scenario->figures->len && number < first + per_page; i++)
    {
      const PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      int slot;

      if (g_strcmp0 (figure->side, side->id) != 0)
        continue;
      number++;
      if (number <= first)
        continue;
      slot = number - 1 - first;
      cairo_save (cr);
      kind->draw_entry (cr, &ctx, figure, number,
                        x + (slot % kind->columns) * (entry_w + PH_SHEET_GAP),
                        y + (slot / kind->columns) * pitch,
                        entry_w, kind->entry_height);
      cairo_restore (cr);
    }
  /* blank entries to the end of the page */
  for (int slot = MAX (number - first, 0); slot < per_page; slot++)
    {
      cairo_save (cr);
      kind->draw_entry (cr, &ctx, NULL, first + slot + 1,
                        x + (slot % kind->columns) * (entry_w + PH_SHEET_GAP),
                        y + (slot / kind->columns) * pitch,
                        entry_w, kind->entry_height);
      cairo_restore (cr);
    }

  cairo_save (cr);
  kind->draw_reference (cr, &ctx, x, foot_y, w, kind->reference_height);
  cairo_restore (cr);
  cairo_restore (cr);
}

/* ------------------------------------------------------------------ */
/* PDF                                                                 */

gboolean
ph_sheet_export_pdf (const PhScenario *scenario,
                     const char       *filename,
                     PhPaper           paper,
                     GError          **error)
{
  return ph_sheet_export_pdf_full (scenario, filename, paper, FALSE, error);
}

gboolean
ph_sheet_export_pdf_full (const PhScenario *scenario,
                          const char       *filename,
                          PhPaper           paper,
                          gboolean          odds,
                          GError          **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_status_t status;
  double width, height;
  int n_pages, n_odds;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ph_paper_get_size (paper, &width, &height);
  n_pages = ph_sheet_count_pages (scenario, width, height);
  n_odds = odds ? ph_sheet_odds_count_pages (scenario, width, height) : 0;
  surface = ph_render_pdf_surface_new (scenario, bytes, width, height);
  for (int page = 0; page < n_pages + n_odds; page++)
    {
      cairo_t *cr = cairo_create (surface);

      if (page < n_pages)
        ph_sheet_draw_page (cr, scenario, width, height, page);
      else
        ph_sheet_odds_draw_page (cr, scenario, width, height, page - n_pages);
      cairo_show_page (cr);
      status = cairo_status (cr);
      cairo_destroy (cr);
      if (status != CAIRO_STATUS_SUCCESS)
        break;
    }
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (!ph_render_check_cairo (status, filename, error))
    return FALSE;
  return g_file_set_contents (filename, (const char *) bytes->data, bytes->len, error);
}
