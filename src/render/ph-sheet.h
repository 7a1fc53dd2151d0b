/* ph-sheet.h: roster and record sheets, printed per ruleset
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One sheet layout per ruleset (ph-sheet-firelock.c, ...), drawn with cairo
 * on portrait pages whose size is given in points (A4, US Letter, or
 * whatever a print dialog hands over). Each side gets its own pages: a
 * header (scenario title, side name and colour, page x of y), one row or
 * card per figure with what the scenario knows filled in and boxes to tick
 * by hand, blank rows to fill the last page, and a quick-reference panel of
 * the ruleset's weapon ranges and modifiers at the foot.
 *
 * The page count is known before anything is drawn, so that a print
 * operation can announce it; the PDF export and printing draw the same
 * pages with ph_sheet_draw_page().
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "ph-core.h"

G_BEGIN_DECLS

typedef enum
{
  PH_PAPER_A4,
  PH_PAPER_LETTER,
} PhPaper;

/* "a4" or "letter" (case-insensitive) */
gboolean    ph_paper_from_string     (const char *name,
                                      PhPaper    *paper);
const char *ph_paper_to_string       (PhPaper     paper);
/* Portrait size in points (1/72 inch): A4 595.28 x 841.89, Letter 612 x 792 */
void        ph_paper_get_size        (PhPaper     paper,
                                      double     *width,
                                      double     *height);

/* The number of sheet pages for a page of @width x @height points; 0 when
 * the page is too small to hold a single row. */
int         ph_sheet_count_pages     (const PhScenario *scenario,
                                      double            width,
                                      double            height);
/* Draws page @page (0-based) into @cr, whose user space is the page in
 * points with the origin at its top-left corner. The cairo_t's state is
 * left as it was. */
void        ph_sheet_draw_page       (cairo_t          *cr,
                                      const PhScenario *scenario,
                                      double            width,
                                      double            height,
                                      int               page);
/* Writes every sheet page to a PDF file, atomically. */
gboolean    ph_sheet_export_pdf      (const PhScenario *scenario,
                                      const char       *filename,
                                      PhPaper           paper,
                                      GError          **error);
/* The same, with the odds reference's pages after the sheets when @odds */
gboolean    ph_sheet_export_pdf_full (const PhScenario *scenario,
                                      const char       *filename,
                                      PhPaper           paper,
                                      gboolean          odds,
                                      GError          **error);

/* The odds reference (ph-sheet-odds.c): per side, every shot of its
 * figures at every enemy at their present places, as the engine assesses
 * it (powderhorn-cli odds's numbers); pages counted and drawn as the
 * sheets' */
int         ph_sheet_odds_count_pages (const PhScenario *scenario,
                                       double            width,
                                       double            height);
void        ph_sheet_odds_draw_page   (cairo_t          *cr,
                                       const PhScenario *scenario,
                                       double            width,
                                       double            height,
                                       int               page);

G_END_DECLS
