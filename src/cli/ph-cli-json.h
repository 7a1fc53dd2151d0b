/* ph-cli-json.h: JSON output of powderhorn-cli (json-glib)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "ph-core.h"

G_BEGIN_DECLS

/* Adds @value to @builder (where a value is expected): a{sv} and other
 * dictionaries with string keys become objects, other arrays and tuples
 * arrays, variants are unwrapped; integers stay integers and doubles
 * doubles (non-finite ones become null). */
void      ph_cli_json_add_variant    (JsonBuilder *builder,
                                      GVariant    *value);
/* TRUE for a dictionary with string keys (a{sv}, a{sd}...): a JSON object */
gboolean  ph_cli_variant_is_object   (GVariant *value);
/* Adds a double, or null when it is not finite (JSON has no NaN). */
void      ph_cli_json_add_double     (JsonBuilder *builder,
                                      double       value);
/* The `assess --json` object: exactly the README's fields, in its order. */
JsonNode *ph_cli_assessment_to_json  (const PhAssessment *assessment);
/* Adds members of that object to the object @builder is in: those named in
 * @members (NULL-terminated, in that order; each one of the README's field
 * names, or "p_effect", which only odds and advise give), or all of assess's
 * in the README's order when @members is NULL. odds and advise write their
 * pairs and options with it, so that every value is the one `assess --json`
 * gives (p_effect: what its p_hit, p_kill or details make, as the ruleset's
 * effect says). */
void      ph_cli_json_add_assessment_members (JsonBuilder        *builder,
                                              const PhAssessment *assessment,
                                              const char * const *members);
/* Adds @options as an object of @ruleset's shot option names to their
 * values ("aim": "careful", "spot": true, "fire": "snap", "card":
 * "deuce", "reaction": false), in the ruleset's order. */
void      ph_cli_json_add_shot_options (JsonBuilder         *builder,
                                        const PhShotOptions *options,
                                        const PhRuleset     *ruleset);
/* Writes @root on one line to standard output, then a newline. */
void      ph_cli_json_print          (JsonNode *root);

G_END_DECLS
