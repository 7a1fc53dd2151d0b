/* ph-new-dialog.h: New Scenario: the ruleset, the title and the table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-core.h"

G_BEGIN_DECLS

#define PH_TYPE_NEW_DIALOG (ph_new_dialog_get_type ())
G_DECLARE_FINAL_TYPE (PhNewDialog, ph_new_dialog, PH, NEW_DIALOG, GtkWindow)

/* A modal dialog over @parent; "create" (PhScenario *) is emitted with the
 * new scenario when the table is good, then the dialog closes. */
PhNewDialog *ph_new_dialog_new            (GtkWindow   *parent);

/* What the controls hold (for the tests, which set them as a user does) */
void         ph_new_dialog_set_ruleset    (PhNewDialog *self,
                                           PhRulesetId  ruleset);
PhRulesetId  ph_new_dialog_get_ruleset    (PhNewDialog *self);
/* The table the controls describe */
void         ph_new_dialog_get_table      (PhNewDialog *self,
                                           PhTable     *table);
/* Creates, as the Create button does: FALSE, with the reason shown in the
 * dialog, when the table is not good */
gboolean     ph_new_dialog_create         (PhNewDialog *self);
/* The reason shown, or NULL */
const char  *ph_new_dialog_get_error      (PhNewDialog *self);

G_END_DECLS
