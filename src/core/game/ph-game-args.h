/* ph-game-args.h: the arguments of a game action, as every ruleset reads
 * them (internal to the core)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An action's arguments are a table of strings (key to value).  The five
 * game modules look a figure up by its id, read a true/false flag and read
 * a number the same way; they differ only in the words of their errors and
 * in a few details of what they accept, which a PhGameArgStyle states once
 * per ruleset.  Every error is PH_GAME_ERROR_BAD_ACTION.
 */
#pragma once

#include "ph-core.h"

G_BEGIN_DECLS

typedef enum
{
  /* A flag may also be given as yes/no or 1/0 (else only true/false) */
  PH_GAME_ARG_BOOL_WORDS = 1 << 0,
  /* true, false, yes and no in any case */
  PH_GAME_ARG_ANY_CASE   = 1 << 1,
  /* An empty value is given (and wrong), not absent: only a missing
   * argument takes the fallback */
  PH_GAME_ARG_EMPTY_IS_GIVEN = 1 << 2,
} PhGameArgFlags;

/* How a ruleset reads and words its arguments.  The messages are printf
 * formats with exactly these conversions, in this order. */
typedef struct
{
  PhGameArgFlags flags;
  const char *missing_figure; /* %s: the argument's name */
  const char *unknown_figure; /* %s: the id given */
  const char *not_bool;       /* %s, %s: the argument's name, the value */
  const char *not_number;     /* %s, %s: the argument's name, the value */
} PhGameArgStyle;

/* The figure whose id is argument @key (required) */
PhFigure *ph_game_arg_figure  (PhGame *game, GHashTable *args, const char *key,
                               const PhGameArgStyle *style, GError **error);
/* A true/false argument; @fallback when absent */
gboolean  ph_game_arg_bool    (GHashTable *args, const char *key,
                               gboolean fallback, gboolean *out,
                               const PhGameArgStyle *style, GError **error);
/* An optional number: @present is FALSE when it is absent */
gboolean  ph_game_arg_number  (GHashTable *args, const char *key,
                               gboolean *present, double *out,
                               const PhGameArgStyle *style, GError **error);
/* A whole value that is a finite number (g_ascii_strtod()), or FALSE */
gboolean  ph_game_parse_number (const char *value, double *out);

/* Melee needs contact ("in every ruleset, refuse melee unless the bases
 * touch"): @a's and @b's bases at most 0.05 in apart (0.127 on a cm
 * table), and with @front_edge (Musket Mayhem) the front half of one of
 * the two bases facing the other. A `referee=true` argument (read with
 * @style) waives the check and @log says so. FALSE with a
 * PH_GAME_ERROR_NOT_NOW error naming the gap otherwise. */
gboolean  ph_game_check_contact (PhGame *game, const PhFigure *a, const PhFigure *b,
                                 gboolean front_edge, GHashTable *args,
                                 const PhGameArgStyle *style, GString *log,
                                 GError **error);

/* The engine's reasons that @a's shot cannot be made, joined by "; " for a
 * "cannot fire" error ("" when there are none) */
char     *ph_game_reasons_text (const PhAssessment *a);

G_END_DECLS
