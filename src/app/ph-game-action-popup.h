/* ph-game-action-popup.h: the Game tab's Action drop-down's popup
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Lists @actions (of PhGameActionForm*, in @drop_down's order; kept
 * while the popup's rows need it) in @drop_down's popup, each with its help line,
 * and puts the keyboard on the chosen one when the popup opens */
void ph_game_action_popup_init (GtkDropDown *drop_down,
                                GPtrArray   *actions);

G_END_DECLS
