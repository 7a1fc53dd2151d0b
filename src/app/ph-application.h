/* ph-application.h: the Powderhorn application
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "ph-drafts.h"

G_BEGIN_DECLS

#define PH_TYPE_APPLICATION (ph_application_get_type ())

G_DECLARE_FINAL_TYPE (PhApplication, ph_application, PH, APPLICATION, AdwApplication)

PhApplication *ph_application_new               (GApplicationFlags flags);

/* The window settings (org.powderhorn.Powderhorn), or NULL when the schema
 * is not installed (running from the build directory without
 * GSETTINGS_SCHEMA_DIR). */
GSettings     *ph_application_get_settings      (PhApplication *self);

/* The drafts of unsaved work (ph-drafts.h) in the user's state folder;
 * NULL before startup. */
PhDrafts      *ph_application_get_drafts        (PhApplication *self);

/* The bundled example scenarios (data/scenarios/ *.xml), sorted by name:
 * from $PH_DATA_DIR, else the source tree the program was built from,
 * else the installed data directory. */
GPtrArray     *ph_application_list_examples     (void);

G_END_DECLS
