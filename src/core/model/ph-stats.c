/* ph-stats.c: a ruleset's figure stats, described once
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-ruleset.h"
#include "ph-scenario-values.h"
#include "ph-stats.h"

const PhStatsSchema *
ph_stats_schema_for (PhRulesetId ruleset)
{
  return ph_ruleset_get (ruleset)->stats;
}

const PhStatsSchema *
ph_stats_schema_of_kind (PhStatsKind kind)
{
  if (kind == PH_STATS_NONE)
    return NULL;
  for (guint i = 0; i < PH_N_RULESETS; i++)
    {
      const PhStatsSchema *schema = ph_ruleset_get (i)->stats;

      if (schema != NULL && schema->kind == kind)
        return schema;
    }
  g_return_val_if_reached (NULL);
}

const PhStatField *
ph_stats_schema_find (const PhStatsSchema *schema,
                      const char          *name,
                      guint               *index)
{
  for (guint i = 0; i < schema->n_fields; i++)
    if (strcmp (schema->fields[i].name, name) == 0)
      {
        if (index != NULL)
          *index = i;
        return &schema->fields[i];
      }
  return NULL;
}

static gpointer
field_at (PhFigure          *figure,
          const PhStatField *field)
{
  return (guint8 *) figure + field->offset;
}

static gconstpointer
const_field_at (const PhFigure    *figure,
                const PhStatField *field)
{
  return (const guint8 *) figure + field->offset;
}

void
ph_stats_init (PhFigure            *figure,
               const PhStatsSchema *schema)
{
  ph_stats_clear (figure);
  figure->stats_kind = schema->kind;
  for (guint i = 0; i < schema->n_fields; i++)
    {
      const PhStatField *field = &schema->fields[i];
      gpointer p = field_at (figure, field);

      switch (field->type)
        {
        case PH_STAT_INT:
        case PH_STAT_ENUM:
          *(int *) p = field->default_value;
          break;
        case PH_STAT_BOOL:
          *(gboolean *) p = field->default_value != 0;
          break;
        case PH_STAT_STRING:
          *(char **) p = NULL;
          break;
        case PH_STAT_CUSTOM:
        default:
          if (field->init != NULL)
            field->init (p);
          break;
        }
    }
}

void
ph_stats_clear (PhFigure *figure)
{
  const PhStatsSchema *schema = ph_stats_schema_of_kind (figure->stats_kind);

  if (schema != NULL)
    for (guint i = 0; i < schema->n_fields; i++)
      if (schema->fields[i].type == PH_STAT_STRING)
        g_clear_pointer ((char **) field_at (figure, &schema->fields[i]), g_free);
  memset (&figure->stats, 0, sizeof figure->stats);
  figure->stats_kind = PH_STATS_NONE;
}

void
ph_stats_copy (PhFigure       *to,
               const PhFigure *from)
{
  const PhStatsSchema *schema = ph_stats_schema_of_kind (from->stats_kind);

  to->stats_kind = from->stats_kind;
  to->stats = from->stats;
  if (schema != NULL)
    for (guint i = 0; i < schema->n_fields; i++)
      if (schema->fields[i].type == PH_STAT_STRING)
        {
          char **p = field_at (to, &schema->fields[i]);

          *p = g_strdup (*p);
        }
}

gboolean
ph_stats_parse (PhFigure           *figure,
                const PhStatField  *field,
                const char         *name,
                const char         *value,
                char              **message)
{
  gpointer p = field_at (figure, field);
  gboolean b;
  int n;

  switch (field->type)
    {
    case PH_STAT_INT:
      if ((field->flags & PH_STAT_OPTIONAL) && value[0] == '\0')
        {
          *(gboolean *) ((guint8 *) figure + field->present_offset) = FALSE;
          *(int *) p = 0;
          return TRUE;
        }
      if (!ph_value_int (name, value, field->min, field->max, &n, message))
        return FALSE;
      *(int *) p = n;
      if (field->flags & PH_STAT_OPTIONAL)
        *(gboolean *) ((guint8 *) figure + field->present_offset) = TRUE;
      return TRUE;
    case PH_STAT_BOOL:
      if (!ph_value_bool (name, value, &b, message))
        return FALSE;
      *(gboolean *) p = b;
      return TRUE;
    case PH_STAT_ENUM:
      if (!field->choices->from_string (value, &n))
        {
          g_autofree char *shown = ph_value_show (value);

          *message = g_strdup_printf ("attribute '%s' has an unknown value '%s'", name, shown);
          return FALSE;
        }
      *(int *) p = n;
      return TRUE;
    case PH_STAT_STRING:
      if (value[0] != '\0' && field->parse != NULL)
        return field->parse (name, value, p, message);
      g_free (*(char **) p);
      *(char **) p = value[0] != '\0' ? g_strdup (value) : NULL;
      return TRUE;
    case PH_STAT_CUSTOM:
    default:
      return field->parse (name, value, p, message);
    }
}

char *
ph_stats_format (const PhFigure    *figure,
                 const PhStatField *field)
{
  gconstpointer p = const_field_at (figure, field);

  switch (field->type)
    {
    case PH_STAT_INT:
      if ((field->flags & PH_STAT_OPTIONAL)
          && !*(const gboolean *) ((const guint8 *) figure + field->present_offset))
        return NULL;
      if ((field->flags & PH_STAT_OMIT_DEFAULT) && *(const int *) p == field->default_value)
        return NULL;
      return g_strdup_printf ("%d", *(const int *) p);
    case PH_STAT_BOOL:
      if ((field->flags & PH_STAT_OMIT_DEFAULT)
          && (*(const gboolean *) p != 0) == (field->default_value != 0))
        return NULL;
      return g_strdup (*(const gboolean *) p ? "true" : "false");
    case PH_STAT_ENUM:
      if ((field->flags & PH_STAT_OMIT_DEFAULT) && *(const int *) p == field->default_value)
        return NULL;
      return g_strdup (field->choices->to_string (*(const int *) p));
    case PH_STAT_STRING:
      return g_strdup (*(char * const *) p);
    case PH_STAT_CUSTOM:
    default:
      return field->format (figure, p);
    }
}

char *
ph_stats_get (const PhFigure    *figure,
              const PhStatField *field)
{
  gconstpointer p = const_field_at (figure, field);
  char *text;

  /* The game reads every value, default or not: only what is truly absent
   * reads as "" */
  switch (field->type)
    {
    case PH_STAT_INT:
      if ((field->flags & PH_STAT_OPTIONAL)
          && !*(const gboolean *) ((const guint8 *) figure + field->present_offset))
        return g_strdup ("");
      return g_strdup_printf ("%d", *(const int *) p);
    case PH_STAT_BOOL:
      return g_strdup (*(const gboolean *) p ? "true" : "false");
    case PH_STAT_ENUM:
      return g_strdup (field->choices->to_string (*(const int *) p));
    case PH_STAT_STRING:
    case PH_STAT_CUSTOM:
    default:
      text = field->type == PH_STAT_STRING ? g_strdup (*(char * const *) p)
                                           : field->format (NULL, p);
      return text != NULL ? text : g_strdup ("");
    }
}

char *
ph_stats_field_caption (const PhStatsSchema *schema,
                        const char          *name)
{
  const PhStatField *field = schema != NULL ? ph_stats_schema_find (schema, name, NULL) : NULL;

  if (field == NULL)
    return NULL;
  /* the schemas mark their labels and captions N_() */
  if (field->sheet_caption != NULL)
    return g_strdup (_(field->sheet_caption));
  return g_utf8_strup (field->label != NULL ? _(field->label) : field->name, -1);
}
