/* ph-sheet-private.h: what the per-ruleset sheet layouts share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph-sheet.c lays out the page (margins, header, rows, the quick-reference
 * panel, pagination); each ph-sheet-RULESET.c provides a PhSheetKind that
 * draws one figure's row (or card), the column headings and the panel.
 * All lengths are points; text uses cairo's toy API with "Sans".
 */
#pragma once

#include "ph-sheet.h"
#include "ph-stats.h"

G_BEGIN_DECLS

#define PH_SHEET_MARGIN 32.0        /* page edge to the drawing */
#define PH_SHEET_HEADER_HEIGHT 50.0 /* title block */
#define PH_SHEET_GAP 8.0            /* between the blocks */

typedef struct
{
  const PhScenario *scenario;
  const PhSide *side;               /* the page's side */
} PhSheetContext;

typedef struct
{
  const char *sheet_name;           /* "Roster", "Record sheet", "Unit cards" */
  double entry_height;              /* one figure's row or card */
  int columns;                      /* entries side by side (cards) */
  double headings_height;           /* column headings above the rows; 0 for none */
  double reference_height;          /* the quick-reference panel */
  void (*draw_headings)  (cairo_t *cr, const PhSheetContext *ctx,
                          double x, double y, double width);
  /* @figure is NULL for a blank entry to fill in by hand; @number counts
   * the side's entries from 1. */
  void (*draw_entry)     (cairo_t *cr, const PhSheetContext *ctx,
                          const PhFigure *figure, int number,
                          double x, double y, double width, double height);
  void (*draw_reference) (cairo_t *cr, const PhSheetContext *ctx,
                          double x, double y, double width, double height);
} PhSheetKind;

/* The ruleset's sheet, from the registry's list of sheets
 * (src/rulesets/ph-ruleset-sheets.c) */
const PhSheetKind *ph_sheet_kind_get (PhRulesetId ruleset);

/* Text. Baselines at @y. Text wider than @max_width (when > 0) is drawn
 * condensed to fit. They return the width drawn. */
void   ph_sheet_font        (cairo_t *cr, double size, gboolean bold);
double ph_sheet_text        (cairo_t *cr, double x, double y, double max_width,
                             const char *text);
double ph_sheet_text_centred (cairo_t *cr, double cx, double y, double max_width,
                              const char *text);
double ph_sheet_text_right  (cairo_t *cr, double right, double y, const char *text);
double ph_sheet_text_width  (cairo_t *cr, const char *text);
/* Word-wrapped text in the current font from baseline @y; returns the
 * baseline after the last line. */
double ph_sheet_wrap        (cairo_t *cr, double x, double y, double width,
                             double line_height, const char *text);
/* A small grey caption ("BRAVERY") */
void   ph_sheet_caption     (cairo_t *cr, double x, double y, const char *text);
/* The caption of the ruleset's stat @stat ("hits"), as its schema gives
 * it (ph_stats_field_caption()): the sheets' columns follow the one
 * table that describes the figures */
void   ph_sheet_stat_caption (cairo_t *cr, const PhSheetContext *ctx, double x, double y,
                              const char *stat);

/* Colours */
void   ph_sheet_ink         (cairo_t *cr);   /* near black */
void   ph_sheet_grey        (cairo_t *cr, double level);
void   ph_sheet_side_color  (cairo_t *cr, const PhSide *side, double alpha);

typedef enum
{
  PH_BOX_PLAIN,
  PH_BOX_MARKED,    /* a threshold: heavy border, shaded */
  PH_BOX_TICKED,    /* already ticked: a cross */
  PH_BOX_STRUCK,    /* no longer available: shaded and struck through */
} PhBoxStyle;

/* A square box of @size with its top-left at (x, y), and an optional
 * value centred in it. */
void   ph_sheet_box         (cairo_t *cr, double x, double y, double size,
                             PhBoxStyle style, const char *value);
/* A row of @n boxes of @size, @pitch apart, the first @n_ticked of them
 * ticked: wounds, hits, tokens */
void   ph_sheet_tally       (cairo_t *cr, double x, double y, int n, double pitch,
                             double size, int n_ticked);
/* A rectangle outline */
void   ph_sheet_frame       (cairo_t *cr, double x, double y, double w, double h,
                             double line_width);
/* A figure's entry (row or card): its frame, @w by @h, with the side's
 * colour down the left edge */
void   ph_sheet_entry_frame (cairo_t *cr, const PhSide *side,
                             double x, double y, double w, double h);
/* The entry's number, small, bold and grey, baseline at @y */
void   ph_sheet_entry_number (cairo_t *cr, double x, double y, int number);
/* A figure's name (bold, 10 points) and below it its type (7.5 points,
 * grey), both at most @width wide */
void   ph_sheet_name_and_type (cairo_t *cr, double x, double name_y, double type_y,
                               double width, const char *name, const char *type);
/* A weapon's line: its @label in bold (at most @label_width), then its
 * @terms, within @width in all (7 points) */
void   ph_sheet_weapon_line (cairo_t *cr, double x, double y, double width,
                             double label_width, const char *label, const char *terms);
/* A write-on line from x0 to x1 at y */
void   ph_sheet_rule        (cairo_t *cr, double x0, double x1, double y);

/* The quick-reference panel: columns of headings and lines */
typedef struct
{
  cairo_t *cr;
  double x, y, width;
  double bottom;
  double size;              /* font size */
} PhSheetRef;

void   ph_sheet_ref_begin   (PhSheetRef *ref, cairo_t *cr, double x, double y,
                             double width, double bottom, double size);
void   ph_sheet_ref_heading (PhSheetRef *ref, const char *text);
void   ph_sheet_ref_line    (PhSheetRef *ref, const char *text);
/* A label on the left and its value right-aligned */
void   ph_sheet_ref_pair    (PhSheetRef *ref, const char *label, const char *value);
/* A row of cells at the given x offsets (from ref->x), the first cell
 * left-aligned, the others centred on their offsets */
void   ph_sheet_ref_row     (PhSheetRef *ref, gboolean bold, const double *offsets,
                             const char * const *cells, int n_cells);
/* Scales column offsets given for a column 170 points wide to @width */
void   ph_sheet_ref_columns (const double *offsets, int n, double width,
                             double *columns);
/* A table: a bold row of headings, then @n_rows rows of @n_cells cells
 * (@rows holds them row after row), at ph_sheet_ref_row()'s offsets */
void   ph_sheet_ref_table   (PhSheetRef *ref, const double *columns,
                             const char * const *head, const char * const *rows,
                             guint n_rows, int n_cells);
/* Draws the panel's frame and title; fills in the column rectangles */
void   ph_sheet_reference_frame (cairo_t *cr, double x, double y, double w, double h,
                                 const char *title, int n_columns,
                                 double *column_x, double *column_width,
                                 double *column_top);

/* The panel as every sheet lays it out: three columns under the title,
 * each begun with ph_sheet_panel_column() in 6.5-point text down to 6
 * points above the frame's foot */
#define PH_SHEET_PANEL_COLUMNS 3

typedef struct
{
  double column_x[PH_SHEET_PANEL_COLUMNS];
  double column_width[PH_SHEET_PANEL_COLUMNS];
  double top, bottom;
} PhSheetPanel;

/* Draws the panel's frame and @title (ph_sheet_reference_frame()) */
void   ph_sheet_panel_begin (PhSheetPanel *panel, cairo_t *cr, double x, double y,
                             double w, double h, const char *title);
/* Starts @ref at the top of the panel's @column */
void   ph_sheet_panel_column (const PhSheetPanel *panel, PhSheetRef *ref, cairo_t *cr,
                              int column);

/* Names in a referee's words */
const char *ph_sheet_troop_label  (PhTroop troop);       /* "Light troops" */
/* Appends "Light troops, mounted, leader" (the last two where they apply) */
void        ph_sheet_append_figure_type (GString *type, const PhFigure *figure);
/* "Musket", or "Killdeer (rifle)" when the weapon has a name */
char       *ph_sheet_weapon_label (const PhWeapon *weapon);
/* "Flintlock rifled arquebus" */
char       *ph_sheet_weapon_kind_label (PhWeaponKind kind);

G_END_DECLS
