/* ph-shot-option-box.h: the controls of a ruleset's shot options
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "ph-core.h"

G_BEGIN_DECLS

#define PH_TYPE_SHOT_OPTION_BOX (ph_shot_option_box_get_type ())

G_DECLARE_FINAL_TYPE (PhShotOptionBox, ph_shot_option_box, PH, SHOT_OPTION_BOX, GtkWidget)

GtkWidget       *ph_shot_option_box_new         (void);
/* The controls of @ruleset's options (PhRuleset.shot_options), each at
 * its default; TRUE when they were built anew (another ruleset), FALSE
 * when @ruleset's were already shown and are left as they are. */
gboolean         ph_shot_option_box_set_ruleset (PhShotOptionBox     *self,
                                                 const PhRuleset     *ruleset);
const PhRuleset *ph_shot_option_box_get_ruleset (PhShotOptionBox     *self);
/* What the controls say, into @options' values (its weapon untouched) */
void             ph_shot_option_box_read        (PhShotOptionBox     *self,
                                                 PhShotOptions       *options);
/* The controls show @options' values, without "changed" */
void             ph_shot_option_box_show        (PhShotOptionBox     *self,
                                                 const PhShotOptions *options);

G_END_DECLS
