/* ph-stats.h: a ruleset's figure stats, described once
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each ruleset gives its figures one element (<firelock>, <mayhem>...) of
 * attributes. A PhStatsSchema, in the ruleset's folder, lists them: name,
 * type, range or choices, default, whether the file must give it, and the
 * label and help the Figure panel shows. That one table drives the loader
 * (ph-scenario-check.c), the writer (ph-scenario-save.c), the game's
 * figure attributes (ph-figure-attr.c), the model's copy and free, and the
 * Figure panel's form; a test checks data/scenario.rng against it.
 */
#pragma once

#include "ph-scenario.h"

G_BEGIN_DECLS

/* Marks a label for translation (glib/gi18n-lib.h's N_(), for the headers):
 * the table keeps the English, whoever shows it translates it with _()
 * (src/core/base/ph-i18n.h) */
#ifndef N_
#define N_(String) (String)
#endif

typedef enum
{
  PH_STAT_INT,        /* int, min..max */
  PH_STAT_BOOL,       /* gboolean */
  PH_STAT_ENUM,       /* int, through the choices' names */
  PH_STAT_STRING,     /* char *, NULL when absent ("" reads as absent) */
  PH_STAT_CUSTOM,     /* the field's own parse and format */
} PhStatType;

typedef enum
{
  PH_STAT_REQUIRED     = 1 << 0, /* the file must give it */
  PH_STAT_OMIT_DEFAULT = 1 << 1, /* written only when not the default */
  PH_STAT_OPTIONAL     = 1 << 2, /* an int that may be absent: present_offset */
} PhStatFlags;

/* An enum's names, for PH_STAT_ENUM */
typedef struct
{
  const char *(*to_string) (int value);
  gboolean    (*from_string) (const char *s, int *out);
  int n_values;
} PhStatChoices;

typedef struct _PhStatField PhStatField;

struct _PhStatField
{
  const char *name;          /* the attribute: "hits" */
  PhStatType type;
  PhStatFlags flags;
  gsize offset;              /* of the value in PhFigure */
  gsize present_offset;      /* PH_STAT_OPTIONAL: the gboolean saying it is there */
  int min, max;              /* PH_STAT_INT: what the file accepts */
  int default_value;         /* INT, BOOL, ENUM when absent */
  const PhStatChoices *choices; /* PH_STAT_ENUM */
  /* PH_STAT_CUSTOM: reads @value into the field at @field (FALSE with the
   * file's message naming @name, leaving the field alone); writes it as the
   * file does, NULL when the file leaves it out (@figure is NULL when the
   * value is wanted whatever the file would do); sets the default.
   * PH_STAT_STRING may have a parse too, that checks a non-empty value and
   * replaces the string. */
  gboolean (*parse)  (const char *name, const char *value, gpointer field,
                      char **message);
  char    *(*format) (const PhFigure *figure, gconstpointer field);
  void     (*init)   (gpointer field);
  /* The Figure panel's form: a label (translatable, N_()), the spin
   * button's range for INT, a tooltip */
  const char *label;
  int form_min, form_max;
  const char *help;
  /* What the value means in words, shown under the field in the Figure
   * panel's form (Featherstone's wound letters: "C: serious right arm
   * wound"), g_free it; NULL: nothing to add. May be NULL. */
  char    *(*explain) (const PhFigure *figure, gconstpointer field);
  /* The printed sheets' caption over its box, when not the label in
   * capitals ("RELOAD" for "Needs reload"); ph_stats_field_caption() */
  const char *sheet_caption;
};

typedef struct _PhStatsSchema PhStatsSchema;

struct _PhStatsSchema
{
  const char *element;       /* "firelock" */
  PhStatsKind kind;          /* figure->stats_kind of a figure that has it */
  const PhStatField *fields; /* in the file's order */
  guint n_fields;
  /* What ties the fields together, after a whole element was read (@given:
   * a bit per field the file gave, @ok: those that read well) or after one
   * field was set (@given: its bit, @ok: every bit). May set derived fields
   * (Featherstone's wound counts follow the letters). FALSE with the
   * message (g_free it) when the fields disagree. NULL: nothing to check. */
  gboolean (*check) (PhFigure *figure, guint64 given, guint64 ok, char **message);
  /* TRUE when the figure shows a wound marker on the map, or NULL: never */
  gboolean (*is_wounded) (const PhFigure *figure);
};

#define PH_STAT_BIT(i) (G_GUINT64_CONSTANT (1) << (i))

/* The schema of a scenario's figures (its ruleset's) */
const PhStatsSchema *ph_stats_schema_for (PhRulesetId ruleset);
/* The schema of a figure's element, NULL for PH_STATS_NONE */
const PhStatsSchema *ph_stats_schema_of_kind (PhStatsKind kind);
/* The field named @name ("hits"), or NULL; its index in *@index */
const PhStatField   *ph_stats_schema_find (const PhStatsSchema *schema,
                                           const char *name, guint *index);

/* The caption the printed sheets put over field @name of @schema: its
 * sheet_caption, else its label in capitals ("BRAVERY"); g_free it. NULL
 * when the schema has no such field. */
char    *ph_stats_field_caption (const PhStatsSchema *schema, const char *name);

/* Gives @figure the schema's element with every default (replacing the
 * one it has) */
void     ph_stats_init     (PhFigure *figure, const PhStatsSchema *schema);
/* Frees what the figure's element owns and leaves it with none */
void     ph_stats_clear    (PhFigure *figure);
/* Copies @from's element into @to (which has none) */
void     ph_stats_copy     (PhFigure *to, const PhFigure *from);
/* Reads @value into @figure's field (the file's rules and messages, naming
 * the attribute @name). An empty value of a STRING or OPTIONAL field makes
 * it absent. FALSE with @message, the figure unchanged. */
gboolean ph_stats_parse    (PhFigure *figure, const PhStatField *field,
                            const char *name, const char *value, char **message);
/* The field's value as the file writes it; NULL when the file leaves it out
 * (absent, or PH_STAT_OMIT_DEFAULT and the default) */
char    *ph_stats_format   (const PhFigure *figure, const PhStatField *field);
/* The same, but "" for a value the file leaves out (as the game's figure
 * attributes read it) */
char    *ph_stats_get      (const PhFigure *figure, const PhStatField *field);

/* Enum choices from a pair of typed to/from_string functions */
#define PH_STAT_CHOICES(prefix, Type, n)                                       \
  static const char *                                                          \
  prefix##_stat_to (int value)                                                 \
  {                                                                            \
    return prefix##_to_string ((Type) value);                                  \
  }                                                                            \
  static gboolean                                                              \
  prefix##_stat_from (const char *s,                                           \
                      int        *out)                                         \
  {                                                                            \
    Type value;                                                                \
                                                                               \
    if (!prefix##_from_string (s, &value))                                     \
      return FALSE;                                                            \
    *out = (int) value;                                                        \
    return TRUE;                                                               \
  }                                                                            \
  static const PhStatChoices prefix##_choices = { prefix##_stat_to, prefix##_stat_from, n };

#define PH_STAT_FIELD(f) G_STRUCT_OFFSET (PhFigure, f)

G_END_DECLS
