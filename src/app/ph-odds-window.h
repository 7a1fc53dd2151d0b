/* ph-odds-window.h: "Who Can Shoot Whom", every shot on the table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-document.h"

G_BEGIN_DECLS

#define PH_TYPE_ODDS_WINDOW (ph_odds_window_get_type ())
G_DECLARE_FINAL_TYPE (PhOddsWindow, ph_odds_window, PH, ODDS_WINDOW, GtkWindow)

/* Every shot of @document's table, over @parent */
PhOddsWindow *ph_odds_window_new          (GtkWindow *parent, PhDocument *document);
/* Only @side_id's shots; NULL: every side's */
void          ph_odds_window_set_side     (PhOddsWindow *self, const char *side_id);
/* The rows as shown (sorted), and one activated as a double-click does */
GListModel   *ph_odds_window_get_rows     (PhOddsWindow *self);
void          ph_odds_window_activate_row (PhOddsWindow *self, guint position);
/* A row's pair: the ids, and p(hit) and p(kill) (-1: not fired, no kill) */
void          ph_odds_window_row_pair     (GObject *row, const char **shooter_id,
                                           const char **target_id, double *p_hit,
                                           double *p_kill);
/* Its chance of the ruleset's effect (p_effect; -1: not fired) */
double        ph_odds_window_row_effect   (GObject *row);
/* Sorts by the column headed @title as a first click on its heading does
 * (a chance's column the likeliest first), or @reversed as a second */
void          ph_odds_window_sort_by      (PhOddsWindow *self, const char *title,
                                           gboolean reversed);
/* The rows' scroll position */
GtkAdjustment *ph_odds_window_get_vadjustment (PhOddsWindow *self);

G_END_DECLS
