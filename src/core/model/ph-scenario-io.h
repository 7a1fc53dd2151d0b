/* ph-scenario-io.h: reading and writing scenario files
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reading is safe against hostile files: size cap, no network, no DTD, no
 * entity expansion, no XInclude. Every problem is reported as
 * "FILE:LINE: message" naming the element or attribute at fault, and a file
 * with any problem loads nothing.
 */
#pragma once

#include <glib.h>

#include "ph-scenario.h"

G_BEGIN_DECLS

/* Files larger than this are refused unread. */
#define PH_SCENARIO_MAX_FILE_SIZE (64 * 1024 * 1024)

/* Loads and checks a file. On failure returns NULL and sets @error to the
 * first problem ("FILE:LINE: message"). */
PhScenario *ph_scenario_load_file   (const char *filename, GError **error);
/* The same from memory; @filename is only used in messages. */
PhScenario *ph_scenario_load_data   (const char *data, gsize length,
                                     const char *filename, GError **error);
/* Checks a file and collects every problem found (one "FILE:LINE: message"
 * string each) into @problems. Returns TRUE when there were none. Schema
 * problems are all reported; semantic checks run only on a file the schema
 * accepts. */
gboolean    ph_scenario_validate_file (const char *filename, GPtrArray *problems);
/* The same from memory; @filename is only used in messages. */
gboolean    ph_scenario_validate_data (const char *data, gsize length,
                                       const char *filename, GPtrArray *problems);

/* The canonical form of the scenario as a UTF-8 XML document. */
char       *ph_scenario_to_xml      (const PhScenario *scenario, gsize *length);
/* The canonical form, once it has been read back and found to load (a
 * model that cannot be represented is refused: NULL and @error). @filename
 * is where it will be written, for relative background hrefs, or NULL. */
char       *ph_scenario_to_checked_xml (const PhScenario *scenario, const char *filename,
                                        gsize *length, GError **error);
/* What a save writes: for a scenario read from a file (or saved to one:
 * PhScenario.source), the model's changes written into that file's text,
 * whose comments, layout and attributes left out stay where the model did
 * not change them (docs/scenario-format.md, "What saving writes"); else,
 * or when that cannot be done, the canonical form. Checked to load back
 * as ph_scenario_to_checked_xml() is. */
char       *ph_scenario_to_saved_xml (const PhScenario *scenario, const char *filename,
                                      gsize *length, GError **error);
/* Writes ph_scenario_to_saved_xml() with ph_file_replace_contents(): atomically
 * (temporary file and rename), keeping the file's mode, owner, links and
 * hard links, refusing a read-only file (PH_FILE_ERROR_READ_ONLY). On
 * failure the previous file is left as it was. A read-change-write (load,
 * change, save back) holds ph_file_lock() on the file throughout, so that
 * another writer's change is never lost. */
gboolean    ph_scenario_save_file   (const PhScenario *scenario,
                                     const char *filename, GError **error);

G_END_DECLS
