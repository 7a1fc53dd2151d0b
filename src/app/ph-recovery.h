/* ph-recovery.h: offering back the work a program that died left
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-window.h"

G_BEGIN_DECLS

/* When programs that died left drafts of unsaved work (ph-drafts.h), asks
 * over @parent "Recover unsaved work?", listing them. Restore opens each
 * as unsaved changes to its file (or untitled): in @parent when it shows
 * nothing, else in a new window; Discard throws them away; closing the
 * dialog keeps them for the next start. Returns the dialog (not owned), or
 * NULL when there was nothing to recover. */
GtkWidget *ph_recovery_offer (PhApplication *application,
                              PhWindow      *parent);

G_END_DECLS
