/* ph-print-operation.h: printing the sheets and the map
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkPrintOperation that prints a scenario's roster sheets, or its map at
 * true scale over tiled pages, or the map fitted to one page. It draws
 * the same pages as `powderhorn-cli roster` and `print-map` (src/render:
 * ph-sheet.h, ph-tiles.h): the page count comes from the same layout code
 * in begin-print, for the page size the print dialog settles on.
 *
 * The operation works in points on the full page (the layouts keep their
 * own margins) and defaults to portrait paper of the locale's size. It
 * holds a reference to the scenario: hand it a copy (ph_scenario_copy())
 * if the document may change while the dialog is open.
 *
 *   g_autoptr(PhPrintOperation) op =
 *     ph_print_operation_new (scenario, PH_PRINT_MODE_SHEETS);
 *   gtk_print_operation_run (GTK_PRINT_OPERATION (op),
 *                            GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
 *                            GTK_WINDOW (window), &error);
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-core.h"

G_BEGIN_DECLS

typedef enum
{
  PH_PRINT_MODE_SHEETS,          /* the ruleset's roster or record sheets */
  PH_PRINT_MODE_MAP_TRUE_SCALE,  /* the map 1:1, tiled, assembly diagram first */
  PH_PRINT_MODE_MAP_FIT,         /* the map on one page */
} PhPrintMode;

#define PH_TYPE_PRINT_OPERATION (ph_print_operation_get_type ())
G_DECLARE_FINAL_TYPE (PhPrintOperation, ph_print_operation, PH, PRINT_OPERATION, GtkPrintOperation)

PhPrintOperation *ph_print_operation_new         (PhScenario        *scenario,
                                                  PhPrintMode        mode);
PhScenario       *ph_print_operation_get_scenario (PhPrintOperation *self);
PhPrintMode       ph_print_operation_get_mode    (PhPrintOperation *self);
/* True scale only: the overlap of neighbouring pages in table units;
 * negative (the default) for 0.5 in or 1 cm. */
void              ph_print_operation_set_overlap (PhPrintOperation *self,
                                                  double            overlap);
/* The pages this operation prints on a page of @width x @height points (what
 * begin-print announces); 0 when the page is too small. */
int               ph_print_operation_count_pages (PhPrintOperation *self,
                                                  double            width,
                                                  double            height);

G_END_DECLS
