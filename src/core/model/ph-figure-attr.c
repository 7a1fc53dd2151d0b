/* ph-figure-attr.c: a figure's attributes by their file names
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One table row per attribute: its name, where it lives in PhFigure and how
 * its value is read and written. Values are checked with the loader's rules
 * and messages (ph-scenario-values.h) and written as ph_scenario_to_xml()
 * writes them, so get (set (v)) is the saver's text.
 *
 * Optional attributes the model holds as absent (name, weapon.N.name,
 * fistful.traits, featherstone.wounds, guns-of-war.uhp) read as "" when
 * absent, and setting "" makes them absent. "status" is the whole set as
 * the file writes it ("" for none).
 *
 * Featherstone's wound letters and counts go together as in the file: a
 * non-empty featherstone.wounds sets light-wounds and serious-wounds to its
 * counts (as the loader does when they are left out), and while a list is
 * there the counts cannot be set to disagree with it.
 */
#include <stddef.h>
#include <string.h>

#include "ph-error.h"
#include "ph-figure-attr.h"
#include "ph-geometry.h"
#include "ph-ruleset.h"
#include "ph-scenario-values.h"
#include "ph-stats.h"

typedef enum
{
  TYPE_NUMBER,    /* double, within range */
  TYPE_FACING,    /* double, any finite number, normalised */
  TYPE_INT,       /* int, min..max */
  TYPE_BOOL,      /* gboolean */
  TYPE_ENUM,      /* an enum, through its names */
  TYPE_STRING,    /* char *, "" is absent */
  TYPE_SIDE,      /* char *, the id of a side */
  TYPE_STATUS,    /* guint, a set of PhStatus */
} AttrType;

PH_STAT_CHOICES (ph_base_shape, PhBaseShape, 2)
PH_STAT_CHOICES (ph_troop, PhTroop, PH_N_TROOPS)
PH_STAT_CHOICES (ph_stance, PhStance, PH_N_STANCES)

typedef struct
{
  const char *name;       /* the game's name: "x" */
  AttrType type;
  gsize offset;           /* into PhFigure */
  int min, max;           /* TYPE_INT */
  const PhRange *range;   /* TYPE_NUMBER */
  const PhStatChoices *values; /* TYPE_ENUM */
} AttrInfo;

#define FIG(field) G_STRUCT_OFFSET (PhFigure, field)
#define INT_ANY -PH_INT_LIMIT, PH_INT_LIMIT

static const AttrInfo attrs[] = {
  { "name", TYPE_STRING, FIG (name), 0, 0, NULL, NULL },
  { "side", TYPE_SIDE, FIG (side), 0, 0, NULL, NULL },
  { "x", TYPE_NUMBER, FIG (x), 0, 0, &ph_range_coord, NULL },
  { "y", TYPE_NUMBER, FIG (y), 0, 0, &ph_range_coord, NULL },
  { "facing", TYPE_FACING, FIG (facing), 0, 0, &ph_range_finite, NULL },
  { "base-shape", TYPE_ENUM, FIG (base_shape), 0, 0, NULL, &ph_base_shape_choices },
  { "base-width", TYPE_NUMBER, FIG (base_width), 0, 0, &ph_range_length, NULL },
  { "base-depth", TYPE_NUMBER, FIG (base_depth), 0, 0, &ph_range_length, NULL },
  { "troop", TYPE_ENUM, FIG (troop), 0, 0, NULL, &ph_troop_choices },
  { "mounted", TYPE_BOOL, FIG (mounted), 0, 0, NULL, NULL },
  { "leader", TYPE_BOOL, FIG (leader), 0, 0, NULL, NULL },
  { "stance", TYPE_ENUM, FIG (stance), 0, 0, NULL, &ph_stance_choices },
  { "status", TYPE_STATUS, FIG (status), 0, 0, NULL, NULL },
};

static const AttrInfo *
find_attr (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (attrs); i++)
    if (strcmp (attrs[i].name, name) == 0)
      return &attrs[i];
  return NULL;
}

static void
unknown_attr (const char  *attr,
              GError     **error)
{
  g_autofree char *shown = ph_value_show (attr);

  g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
               "unknown figure attribute '%s'", shown);
}

static void
invalid (const PhFigure  *figure,
         GError         **error,
         const char      *message)
{
  g_set_error (error, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID, "figure '%s': %s",
               figure->id, message);
}

static void invalid_printf (const PhFigure *figure, GError **error, const char *format, ...)
  G_GNUC_PRINTF (3, 4);

static void
invalid_printf (const PhFigure  *figure,
                GError         **error,
                const char      *format,
                ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  invalid (figure, error, message);
}

/* weapon.N.loaded and weapon.N.name: TRUE when @attr has that form, with
 * the weapon's index and "loaded" or "name" */
static gboolean
parse_weapon_attr (const char  *attr,
                   int         *index,
                   const char **field)
{
  const char *p, *dot;

  if (!g_str_has_prefix (attr, "weapon."))
    return FALSE;
  p = attr + strlen ("weapon.");
  dot = strchr (p, '.');
  if (dot == NULL || dot == p || !g_ascii_isdigit (*p)
      || !ph_parse_int (p, dot - p, 0, G_MAXINT, index))
    return FALSE;
  if (strcmp (dot + 1, "loaded") != 0 && strcmp (dot + 1, "name") != 0)
    return FALSE;
  *field = dot + 1;
  return TRUE;
}

static PhWeapon *
figure_weapon (const PhFigure  *figure,
               int              index,
               GError         **error)
{
  if ((guint) index >= figure->weapons->len)
    {
      invalid_printf (figure, error, "there is no weapon %d (the figure carries %u, "
                      "counted from 0)", index, figure->weapons->len);
      return NULL;
    }
  return &g_array_index (figure->weapons, PhWeapon, index);
}

/* "firelock.hits": the ruleset element's schema and field; FALSE when @attr
 * is not of that form or names no such field */
static gboolean
find_stat (const char           *attr,
           const PhStatsSchema **schema,
           const PhStatField   **field,
           guint                *index)
{
  const char *dot = strchr (attr, '.');

  if (dot == NULL)
    return FALSE;
  for (guint i = 0; i < PH_N_RULESETS; i++)
    {
      const PhStatsSchema *s = ph_stats_schema_for (i);

      if (s != NULL && strlen (s->element) == (gsize) (dot - attr)
          && strncmp (s->element, attr, dot - attr) == 0)
        {
          *schema = s;
          *field = ph_stats_schema_find (s, dot + 1, index);
          return *field != NULL;
        }
    }
  return FALSE;
}

static gboolean
has_element (const PhFigure       *figure,
             const PhStatsSchema  *schema,
             GError              **error)
{
  if (figure->stats_kind == schema->kind)
    return TRUE;
  invalid_printf (figure, error, "the figure has no <%s> element", schema->element);
  return FALSE;
}

static char *
get_own_attr (const PhFigure *figure,
              const AttrInfo *info)
{
  const guint8 *field = (const guint8 *) figure + info->offset;

  switch (info->type)
    {
    case TYPE_NUMBER:
    case TYPE_FACING:
      return ph_value_format_number (*(const double *) field);
    case TYPE_INT:
      return g_strdup_printf ("%d", *(const int *) field);
    case TYPE_BOOL:
      return g_strdup (*(const gboolean *) field ? "true" : "false");
    case TYPE_ENUM:
      return g_strdup (info->values->to_string (*(const int *) field));
    case TYPE_STRING:
    case TYPE_SIDE:
      return g_strdup (*(char * const *) field != NULL ? *(char * const *) field : "");
    case TYPE_STATUS:
      return ph_status_set_to_string (*(const guint *) field);
    default:
      g_assert_not_reached ();
    }
}

char *
ph_figure_get_attr (const PhScenario  *scenario,
                    const PhFigure    *figure,
                    const char        *attr,
                    GError           **error)
{
  const PhStatsSchema *schema;
  const PhStatField *stat;
  const AttrInfo *info;
  const char *weapon_field;
  guint stat_index;
  int index;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (figure != NULL, NULL);
  g_return_val_if_fail (attr != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (parse_weapon_attr (attr, &index, &weapon_field))
    {
      const PhWeapon *weapon = figure_weapon (figure, index, error);

      if (weapon == NULL)
        return NULL;
      if (strcmp (weapon_field, "loaded") == 0)
        return g_strdup (weapon->loaded ? "true" : "false");
      return g_strdup (weapon->name != NULL ? weapon->name : "");
    }
  if (find_stat (attr, &schema, &stat, &stat_index))
    {
      if (!has_element (figure, schema, error))
        return NULL;
      return ph_stats_get (figure, stat);
    }
  info = find_attr (attr);
  if (info == NULL)
    {
      unknown_attr (attr, error);
      return NULL;
    }
  return get_own_attr (figure, info);
}

static gboolean
set_weapon_attr (PhFigure    *figure,
                 int          index,
                 const char  *field,
                 const char  *attr,
                 const char  *value,
                 GError     **error)
{
  PhWeapon *weapon = figure_weapon (figure, index, error);

  if (weapon == NULL)
    return FALSE;
  if (strcmp (field, "loaded") == 0)
    {
      g_autofree char *message = NULL;
      gboolean loaded;

      if (!ph_value_bool (attr, value, &loaded, &message))
        {
          invalid (figure, error, message);
          return FALSE;
        }
      weapon->loaded = loaded;
    }
  else
    {
      g_free (weapon->name);
      weapon->name = value[0] != '\0' ? g_strdup (value) : NULL;
    }
  return TRUE;
}

/* A figure without the ruleset element gets one with its defaults when
 * @field is its only required attribute, or it has none. */
static gboolean
can_create_element (const PhScenario     *scenario,
                    const PhFigure       *figure,
                    const PhStatsSchema  *schema,
                    const PhStatField    *field,
                    GError              **error)
{
  const PhStatsSchema *own = ph_stats_schema_for (scenario->ruleset);
  g_autoptr(GPtrArray) missing = g_ptr_array_new ();

  if (own != schema)
    {
      invalid_printf (figure, error, "this is a %s scenario, whose figures take <%s>, not <%s>",
                      ph_ruleset_id_to_string (scenario->ruleset), own->element,
                      schema->element);
      return FALSE;
    }
  if (figure->stats_kind == schema->kind)
    return TRUE;
  if (figure->stats_kind != PH_STATS_NONE)
    {
      invalid_printf (figure, error, "the figure has a <%s> element, not a <%s>",
                      ph_stats_schema_of_kind (figure->stats_kind)->element, schema->element);
      return FALSE;
    }
  for (guint i = 0; i < schema->n_fields; i++)
    if ((schema->fields[i].flags & PH_STAT_REQUIRED) && &schema->fields[i] != field)
      g_ptr_array_add (missing, (gpointer) schema->fields[i].name);
  if (missing->len > 0)
    {
      g_autofree char *names = NULL;

      g_ptr_array_add (missing, NULL);
      names = g_strjoinv (", ", (char **) missing->pdata);
      invalid_printf (figure, error, "the figure has no <%s> element, and one needs %s",
                      schema->element, names);
      return FALSE;
    }
  return TRUE;
}

/* Sets one field of the ruleset element: on a scratch copy of the
 * element, checked with the schema's rules, then kept. */
static gboolean
set_stat (PhScenario           *scenario,
          PhFigure             *figure,
          const PhStatsSchema  *schema,
          const PhStatField    *field,
          guint                 index,
          const char           *attr,
          const char           *value,
          GError              **error)
{
  PhFigure scratch = *figure;
  char **string = NULL;
  char *old_string = NULL;
  g_autofree char *message = NULL;

  if (!can_create_element (scenario, figure, schema, field, error))
    return FALSE;
  if (figure->stats_kind != schema->kind)
    {
      scratch.stats_kind = PH_STATS_NONE;
      ph_stats_init (&scratch, schema);
    }
  if (field->type == PH_STAT_STRING)
    {
      /* the scratch owns its own copy of the one string that may change */
      string = (char **) ((guint8 *) &scratch + field->offset);
      old_string = *string;
      *string = g_strdup (old_string);
    }
  if (!ph_stats_parse (&scratch, field, attr, value, &message)
      || (schema->check != NULL
          && !schema->check (&scratch, PH_STAT_BIT (index), ~G_GUINT64_CONSTANT (0), &message)))
    {
      if (string != NULL)
        g_free (*string);
      invalid (figure, error, message);
      return FALSE;
    }

  /* Nothing can fail from here on */
  g_free (old_string);
  figure->stats_kind = scratch.stats_kind;
  figure->stats = scratch.stats;
  return TRUE;
}

static gboolean
parse_own_attr (const PhScenario  *scenario,
                PhFigure          *figure,
                const AttrInfo    *info,
                const char        *value,
                GError           **error)
{
  g_autofree char *message = NULL;
  guint8 *field = (guint8 *) figure + info->offset;
  const char *name = info->name;
  double number;
  gboolean boolean;
  guint status;
  int integer;

  switch (info->type)
    {
    case TYPE_NUMBER:
    case TYPE_FACING:
      if (!ph_value_number (name, value, info->range, &number, &message))
        break;
      *(double *) field = info->type == TYPE_FACING ? ph_angle_normalize (number) + 0.0 : number;
      return TRUE;
    case TYPE_INT:
      if (!ph_value_int (name, value, info->min, info->max, &integer, &message))
        break;
      *(int *) field = integer;
      return TRUE;
    case TYPE_BOOL:
      if (!ph_value_bool (name, value, &boolean, &message))
        break;
      *(gboolean *) field = boolean;
      return TRUE;
    case TYPE_ENUM:
      if (!info->values->from_string (value, &integer))
        {
          g_autofree char *shown = ph_value_show (value);

          invalid_printf (figure, error, "attribute '%s' has an unknown value '%s'", name, shown);
          return FALSE;
        }
      *(int *) field = integer;
      return TRUE;
    case TYPE_STRING:
      g_free (*(char **) field);
      *(char **) field = value[0] != '\0' ? g_strdup (value) : NULL;
      return TRUE;
    case TYPE_SIDE:
      if (ph_scenario_find_side (scenario, value) == NULL)
        {
          g_autofree char *shown = ph_value_show (value);

          if (ph_scenario_find_feature (scenario, value) != NULL)
            invalid_printf (figure, error, "attribute '%s' names '%s', which is a <feature>, "
                            "not a side", name, shown);
          else if (ph_scenario_find_figure (scenario, value) != NULL)
            invalid_printf (figure, error, "attribute '%s' names '%s', which is a <figure>, "
                            "not a side", name, shown);
          else
            invalid_printf (figure, error, "attribute '%s' names an unknown side '%s'", name,
                            shown);
          return FALSE;
        }
      g_free (*(char **) field);
      *(char **) field = g_strdup (value);
      return TRUE;
    case TYPE_STATUS:
      if (!ph_value_status (name, value, &status, &message))
        break;
      *(guint *) field = status;
      return TRUE;
    default:
      g_assert_not_reached ();
    }
  invalid (figure, error, message);
  return FALSE;
}

gboolean
ph_figure_set_attr (PhScenario  *scenario,
                    PhFigure    *figure,
                    const char  *attr,
                    const char  *value,
                    GError     **error)
{
  const PhStatsSchema *schema;
  const PhStatField *stat;
  const AttrInfo *info;
  const char *weapon_field;
  guint stat_index;
  int index;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (figure != NULL, FALSE);
  g_return_val_if_fail (attr != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (parse_weapon_attr (attr, &index, &weapon_field))
    return set_weapon_attr (figure, index, weapon_field, attr, value, error);
  if (find_stat (attr, &schema, &stat, &stat_index))
    return set_stat (scenario, figure, schema, stat, stat_index, attr, value, error);
  info = find_attr (attr);
  if (info == NULL)
    {
      unknown_attr (attr, error);
      return FALSE;
    }
  return parse_own_attr (scenario, figure, info, value, error);
}

char **
ph_figure_list_attrs (const PhFigure *figure)
{
  const PhStatsSchema *schema;
  GPtrArray *names = g_ptr_array_new ();

  g_return_val_if_fail (figure != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (attrs); i++)
    g_ptr_array_add (names, g_strdup (attrs[i].name));
  for (guint i = 0; i < figure->weapons->len; i++)
    {
      g_ptr_array_add (names, g_strdup_printf ("weapon.%u.loaded", i));
      g_ptr_array_add (names, g_strdup_printf ("weapon.%u.name", i));
    }
  schema = ph_stats_schema_of_kind (figure->stats_kind);
  if (schema != NULL)
    for (guint i = 0; i < schema->n_fields; i++)
      g_ptr_array_add (names, g_strdup_printf ("%s.%s", schema->element,
                                               schema->fields[i].name));
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}
