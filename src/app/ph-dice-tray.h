/* ph-dice-tray.h: free rolls of the referee's dice, recorded in the game
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-document.h"

G_BEGIN_DECLS

#define PH_TYPE_DICE_TRAY (ph_dice_tray_get_type ())

G_DECLARE_FINAL_TYPE (PhDiceTray, ph_dice_tray, PH, DICE_TRAY, GtkBox)

GtkWidget *ph_dice_tray_new          (void);
void       ph_dice_tray_set_document (PhDiceTray  *self,
                                      PhDocument  *document);
/* What the buttons do: rolls @expression ("d6", "2d6+1") as one game
 * step; on error shows the message under the tray and changes nothing. */
gboolean   ph_dice_tray_roll         (PhDiceTray  *self,
                                      const char  *expression,
                                      GError     **error);
/* Focuses the expression entry (Ctrl+R). */
void       ph_dice_tray_focus        (PhDiceTray  *self);
/* Shows the last tray roll's result, or hides it when the log moved on. */
void       ph_dice_tray_refresh      (PhDiceTray  *self);

G_END_DECLS
