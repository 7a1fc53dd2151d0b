/* ph-figure-panel-private.h: what the Figure panel's files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph-figure-panel.c: the status and stats, for one or several selected
 * figures, and how an edit becomes one undo step;
 * ph-figure-panel-fields.c: the figure's own fields;
 * ph-figure-panel-weapons.c: the weapons of a single selected figure.
 */
#pragma once

#include "ph-figure-panel.h"
#include "ph-stats-form.h"

G_BEGIN_DECLS

/* The controls of the fields in ph-figure-panel-fields.c's table */
#define PH_FIGURE_PANEL_N_FIELDS 11

struct _PhFigurePanel
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkWidget *content;
  GtkWidget *placeholder;        /* no figure: an AdwStatusPage */
  GtkWidget *editor_box;
  GtkLabel *id_label;
  GtkLabel *error_label;
  GtkGrid *figure_grid;
  GtkFlowBox *status_flow;
  GtkWidget *weapons_box;
  GtkWidget *add_weapon_box;
  GtkDropDown *add_weapon_dropdown;
  GtkLabel *stats_title;
  PhStatsForm *stats_form;

  GtkWidget *field_widgets[PH_FIGURE_PANEL_N_FIELDS];
  GtkWidget *status_buttons[PH_N_STATUS];
  GtkStringList *sides_model;

  PhDocument *document;
  PhScenario *scenario;   /* whose sides the side list holds */
  PhFigure *figure;       /* the primary one, or NULL */
  GPtrArray *figures;     /* every one edited (the scenario's, not owned),
                           * the primary one last */
  char *error;
  gboolean updating;
  guint rebuild_weapons_id;
};

/* Checks the edited copy of the primary figure and hands it to the
 * document; takes @edited. */
void ph_figure_panel_commit                (PhFigurePanel *self,
                                            PhFigure      *edited,
                                            const char    *what);

/* Makes the edit in @copy, a copy of one of the figures; FALSE with
 * @error when it cannot be made */
typedef gboolean (*PhFigurePanelEditFunc) (PhFigurePanel  *self,
                                           PhFigure       *copy,
                                           gconstpointer   data,
                                           GError        **error);
/* The edit made to every figure shown, as one undo step ("Edit Troop of 3
 * Figures", @what being "Troop"); when it cannot be made to one of them,
 * or one would not load back, nothing changes and the panel says why. */
void ph_figure_panel_edit                  (PhFigurePanel         *self,
                                            const char            *what,
                                            PhFigurePanelEditFunc  edit,
                                            gconstpointer          data);

/* Field @index: its label, its control, and the control showing the
 * figures' value */
const char *ph_figure_panel_field_label    (guint          index);
GtkWidget  *ph_figure_panel_field_new      (PhFigurePanel *self,
                                            guint          index);
void        ph_figure_panel_field_read     (PhFigurePanel *self,
                                            guint          index);

/* The weapon rows, rebuilt from an idle */
void ph_figure_panel_weapons_queue_rebuild (PhFigurePanel *self);
void ph_figure_panel_weapons_init          (PhFigurePanel *self);
void ph_figure_panel_weapons_dispose       (PhFigurePanel *self);
void ph_figure_panel_weapons_class_init    (GtkWidgetClass *widget_class);

G_END_DECLS
