/* ph-game-args.h: the arguments of a game action, as every ruleset reads
 * them (internal to the core)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An action's arguments are a table of strings (key to value), checked
 * against the action's typed arguments by ph_game_perform() before its
 * handler runs (ph_game_check_arguments()); the handler reads the checked
 * copy with these getters.  Every error is PH_GAME_ERROR_BAD_ACTION.
 */
#pragma once

#include "ph-core.h"

G_BEGIN_DECLS

/* The figure whose id is argument @key (required) */
PhFigure *ph_game_arg_figure  (PhGame *game, GHashTable *args, const char *key, GError **error);
/* A true/false argument; @fallback when absent */
gboolean  ph_game_arg_bool    (GHashTable *args, const char *key,
                               gboolean fallback, gboolean *out, GError **error);
/* An optional number: @present is FALSE when it is absent */
gboolean  ph_game_arg_number  (GHashTable *args, const char *key,
                               gboolean *present, double *out, GError **error);
/* A copy of @args holding what the action's handler reads: only its own
 * arguments, empty values (but text) left out, flags as "true" or
 * "false", weapons as their number. Call after ph_game_check_arguments(). */
GHashTable *ph_game_normalize_arguments (PhGame *game, const PhGameActionInfo *info,
                                         GHashTable *args);
/* A whole value that is a finite number (g_ascii_strtod()), or FALSE */
gboolean  ph_game_parse_number (const char *value, double *out);

/* The gap between @a's and @b's bases on @scenario's table, and whether
 * it is small enough for contact (at most 0.05 in, 0.127 on a cm table) */
gboolean  ph_game_bases_touch   (const PhScenario *scenario, const PhFigure *a,
                                 const PhFigure *b, double *gap);
/* Melee needs contact ("in every ruleset, refuse melee unless the bases
 * touch"): @a's and @b's bases at most 0.05 in apart (0.127 on a cm
 * table), and with @front_edge (Musket Mayhem) the front half of one of
 * the two bases facing the other. A `referee=true` argument waives the
 * check and @log says so. FALSE with a
 * PH_GAME_ERROR_NOT_NOW error naming the gap otherwise. */
gboolean  ph_game_check_contact (PhGame *game, const PhFigure *a, const PhFigure *b,
                                 gboolean front_edge, GHashTable *args, GString *log,
                                 GError **error);

/* The engine's reasons that @a's shot cannot be made, joined by "; " for a
 * "cannot fire" error ("" when there are none) */
char     *ph_game_reasons_text (const PhAssessment *a);

G_END_DECLS
