/* ph-print-operation.c: printing the sheets and the map
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-print-operation.h"

#include "ph-sheet.h"
#include "ph-tiles.h"

struct _PhPrintOperation
{
  GtkPrintOperation parent_instance;

  PhScenario *scenario;
  PhPrintMode mode;
  double overlap;
};

G_DEFINE_FINAL_TYPE (PhPrintOperation, ph_print_operation, GTK_TYPE_PRINT_OPERATION)

int
ph_print_operation_count_pages (PhPrintOperation *self,
                                double            width,
                                double            height)
{
  g_return_val_if_fail (PH_IS_PRINT_OPERATION (self), 0);

  switch (self->mode)
    {
    case PH_PRINT_MODE_SHEETS:
      return ph_sheet_count_pages (self->scenario, width, height);
    case PH_PRINT_MODE_MAP_TRUE_SCALE:
      return ph_tiles_count_pages (self->scenario, PH_MAP_PRINT_TRUE_SCALE, width, height,
                                   self->overlap);
    case PH_PRINT_MODE_MAP_FIT:
    default:
      return ph_tiles_count_pages (self->scenario, PH_MAP_PRINT_FIT, width, height,
                                   self->overlap);
    }
}

static void
ph_print_operation_begin_print (GtkPrintOperation *operation,
                                GtkPrintContext   *context)
{
  PhPrintOperation *self = PH_PRINT_OPERATION (operation);
  int n_pages = ph_print_operation_count_pages (self, gtk_print_context_get_width (context),
                                                gtk_print_context_get_height (context));

  /* a page too small for the layout prints one empty page rather than
   * failing without a word */
  gtk_print_operation_set_n_pages (operation, MAX (n_pages, 1));
}

static void
ph_print_operation_draw_page (GtkPrintOperation *operation,
                              GtkPrintContext   *context,
                              int                page_nr)
{
  PhPrintOperation *self = PH_PRINT_OPERATION (operation);
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double width = gtk_print_context_get_width (context);
  double height = gtk_print_context_get_height (context);

  switch (self->mode)
    {
    case PH_PRINT_MODE_SHEETS:
      ph_sheet_draw_page (cr, self->scenario, width, height, page_nr);
      break;
    case PH_PRINT_MODE_MAP_TRUE_SCALE:
      ph_tiles_draw_page (cr, self->scenario, PH_MAP_PRINT_TRUE_SCALE, width, height,
                          self->overlap, page_nr);
      break;
    case PH_PRINT_MODE_MAP_FIT:
    default:
      ph_tiles_draw_page (cr, self->scenario, PH_MAP_PRINT_FIT, width, height,
                          self->overlap, page_nr);
      break;
    }
}

static void
ph_print_operation_finalize (GObject *object)
{
  PhPrintOperation *self = PH_PRINT_OPERATION (object);

  g_clear_pointer (&self->scenario, ph_scenario_unref);
  G_OBJECT_CLASS (ph_print_operation_parent_class)->finalize (object);
}

static void
ph_print_operation_class_init (PhPrintOperationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkPrintOperationClass *print_class = GTK_PRINT_OPERATION_CLASS (klass);

  object_class->finalize = ph_print_operation_finalize;
  print_class->begin_print = ph_print_operation_begin_print;
  print_class->draw_page = ph_print_operation_draw_page;
}

static void
ph_print_operation_init (PhPrintOperation *self)
{
  GtkPrintOperation *operation = GTK_PRINT_OPERATION (self);
  g_autoptr(GtkPageSetup) setup = gtk_page_setup_new ();

  self->overlap = -1;
  /* points on the whole sheet: the layouts keep their own margins */
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_page_setup_set_orientation (setup, GTK_PAGE_ORIENTATION_PORTRAIT);
  gtk_print_operation_set_default_page_setup (operation, setup);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
}

PhPrintOperation *
ph_print_operation_new (PhScenario  *scenario,
                        PhPrintMode  mode)
{
  PhPrintOperation *self;
  g_autofree char *job = NULL;

  g_return_val_if_fail (scenario != NULL, NULL);

  self = g_object_new (PH_TYPE_PRINT_OPERATION, NULL);
  self->scenario = ph_scenario_ref (scenario);
  self->mode = mode;
  job = g_strdup_printf ("%s \xe2\x80\x94 %s", scenario->title != NULL ? scenario->title : "Scenario",
                         mode == PH_PRINT_MODE_SHEETS ? "sheets"
                         : mode == PH_PRINT_MODE_MAP_TRUE_SCALE ? "map at true scale"
                         : "map");
  gtk_print_operation_set_job_name (GTK_PRINT_OPERATION (self), job);
  return self;
}

PhScenario *
ph_print_operation_get_scenario (PhPrintOperation *self)
{
  g_return_val_if_fail (PH_IS_PRINT_OPERATION (self), NULL);
  return self->scenario;
}

PhPrintMode
ph_print_operation_get_mode (PhPrintOperation *self)
{
  g_return_val_if_fail (PH_IS_PRINT_OPERATION (self), PH_PRINT_MODE_SHEETS);
  return self->mode;
}

void
ph_print_operation_set_overlap (PhPrintOperation *self,
                                double            overlap)
{
  g_return_if_fail (PH_IS_PRINT_OPERATION (self));
  self->overlap = overlap;
}
