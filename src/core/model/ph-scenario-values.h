/* ph-scenario-values.h: attribute values as scenario files read and write
 * them (internal to the core)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The value rules of scenario-format.md without the XML around them, shared
 * by the loader (ph-scenario-check.c, through its ph_builder_*() wrappers),
 * the writer (ph-scenario-save.c) and the game's figure attributes
 * (ph-figure-attr.c), so that a value is refused with the same words and
 * written in the same form wherever it comes from.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PH_COORD_LIMIT 100000.0
#define PH_INT_LIMIT 1000000

typedef struct
{
  double min;
  double max;
  gboolean min_open;     /* min itself is excluded */
  const char *text;      /* "a number from -100000 to 100000" */
} PhRange;

extern const PhRange ph_range_coord;   /* -100000..100000 */
extern const PhRange ph_range_table;   /* (0, 10000] */
extern const PhRange ph_range_length;  /* (0, 100000] */
extern const PhRange ph_range_finite;  /* any finite number */
extern const PhRange ph_range_fraction; /* [0, 1] */

/* XML decimal syntax, finite, the whole span; never -0 */
gboolean    ph_parse_number         (const char *s, gsize len, double *out);
gboolean    ph_parse_int            (const char *s, gsize len, gint64 min, gint64 max, int *out);
gboolean    ph_parse_color          (const char *s, guint32 *out);
gboolean    ph_range_contains       (double v, const PhRange *range);

/* A value as a message shows it: valid UTF-8 whatever @value holds (bytes
 * that are not UTF-8 show as \xNN), cut short when long, control
 * characters replaced. Reads nothing past @value's NUL. */
char       *ph_value_show           (const char *value);

/* Each reads @value whole and returns FALSE with the file's message in
 * @message ("attribute '@name' must be ..., not '...'", without the
 * element), leaving @out alone. */
gboolean    ph_value_number         (const char *name, const char *value,
                                     const PhRange *range, double *out, char **message);
gboolean    ph_value_int            (const char *name, const char *value,
                                     int min, int max, int *out, char **message);
gboolean    ph_value_bool           (const char *name, const char *value,
                                     gboolean *out, char **message);
/* Firelock's "10,7,4,1" */
gboolean    ph_value_bravery        (const char *name, const char *value,
                                     int out[4], char **message);
/* The message for one unknown status marker */
char       *ph_value_status_marker_message (const char *name, const char *marker);
/* A white-space separated set of status markers (PhStatus flags) */
gboolean    ph_value_status         (const char *name, const char *value,
                                     guint *out, char **message);
/* Featherstone's wound letters: @normal gets them separated by single
 * spaces (NULL when there are none), @serious and @light their counts */
gboolean    ph_value_wounds         (const char *name, const char *value,
                                     char **normal, int *serious, int *light,
                                     char **message);
/* The message when the letters' counts (@serious, @light) disagree with
 * serious-wounds and light-wounds */
char       *ph_value_wounds_mismatch_message (int serious, int light,
                                              int serious_wounds, int light_wounds);

/* Numbers as the file writes them: the shortest of %.15g, %.16g and %.17g
 * that reads back as @v, in the C locale, never "-0" */
void        ph_value_append_number  (GString *out, double v);
char       *ph_value_format_number  (double v);

/* A figure's position is kept to a thousandth of the table's unit: a
 * move made on the map ("12.346", never "12.34567890123456") reads the
 * same in the file, the log and the model after a reload */
#define PH_POSITION_STEP 0.001
double      ph_value_round_position (double v);

G_END_DECLS
