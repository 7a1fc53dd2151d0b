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
#include "ph-scenario-values.h"

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
  TYPE_AREAS,     /* guint, a set of PhArea: "body arms" */
  TYPE_BRAVERY,   /* int[4] */
  TYPE_WOUNDS,    /* Featherstone's letters */
  TYPE_LIGHT,     /* Featherstone's light-wounds */
  TYPE_SERIOUS,   /* Featherstone's serious-wounds */
  TYPE_UHP,       /* Guns of War's uhp: has_uhp and uhp */
} AttrType;

typedef struct
{
  const char *(*to_string) (int value);
  gboolean (*from_string) (const char *s, int *out);
} EnumInfo;

#define ENUM_INFO(prefix, Type)                                                \
  static const char *                                                          \
  prefix##_to (int value)                                                      \
  {                                                                            \
    return prefix##_to_string ((Type) value);                                  \
  }                                                                            \
  static gboolean                                                              \
  prefix##_from (const char *s,                                                \
                 int        *out)                                              \
  {                                                                            \
    Type value;                                                                \
                                                                               \
    if (!prefix##_from_string (s, &value))                                     \
      return FALSE;                                                            \
    *out = (int) value;                                                        \
    return TRUE;                                                               \
  }                                                                            \
  static const EnumInfo prefix##_info = { prefix##_to, prefix##_from };

ENUM_INFO (ph_base_shape, PhBaseShape)
ENUM_INFO (ph_troop, PhTroop)
ENUM_INFO (ph_stance, PhStance)
ENUM_INFO (ph_rating, PhRating)
ENUM_INFO (ph_formation, PhFormation)
ENUM_INFO (ph_creature, PhCreature)
ENUM_INFO (ph_armour, PhArmour)

typedef struct
{
  const char *name;       /* the game's name: "x", "firelock.hits" */
  PhStatsKind stats;      /* the ruleset element it belongs to, or NONE */
  AttrType type;
  gsize offset;           /* into PhFigure */
  int min, max;           /* TYPE_INT */
  const PhRange *range;   /* TYPE_NUMBER */
  const EnumInfo *values; /* TYPE_ENUM */
} AttrInfo;

#define FIG(field) G_STRUCT_OFFSET (PhFigure, field)
#define INT_ANY -PH_INT_LIMIT, PH_INT_LIMIT

static const AttrInfo attrs[] = {
  { "name", PH_STATS_NONE, TYPE_STRING, FIG (name), 0, 0, NULL, NULL },
  { "side", PH_STATS_NONE, TYPE_SIDE, FIG (side), 0, 0, NULL, NULL },
  { "x", PH_STATS_NONE, TYPE_NUMBER, FIG (x), 0, 0, &ph_range_coord, NULL },
  { "y", PH_STATS_NONE, TYPE_NUMBER, FIG (y), 0, 0, &ph_range_coord, NULL },
  { "facing", PH_STATS_NONE, TYPE_FACING, FIG (facing), 0, 0, &ph_range_finite, NULL },
  { "base-shape", PH_STATS_NONE, TYPE_ENUM, FIG (base_shape), 0, 0, NULL, &ph_base_shape_info },
  { "base-width", PH_STATS_NONE, TYPE_NUMBER, FIG (base_width), 0, 0, &ph_range_length, NULL },
  { "base-depth", PH_STATS_NONE, TYPE_NUMBER, FIG (base_depth), 0, 0, &ph_range_length, NULL },
  { "troop", PH_STATS_NONE, TYPE_ENUM, FIG (troop), 0, 0, NULL, &ph_troop_info },
  { "mounted", PH_STATS_NONE, TYPE_BOOL, FIG (mounted), 0, 0, NULL, NULL },
  { "leader", PH_STATS_NONE, TYPE_BOOL, FIG (leader), 0, 0, NULL, NULL },
  { "stance", PH_STATS_NONE, TYPE_ENUM, FIG (stance), 0, 0, NULL, &ph_stance_info },
  { "status", PH_STATS_NONE, TYPE_STATUS, FIG (status), 0, 0, NULL, NULL },

  { "firelock.bravery", PH_STATS_FIRELOCK, TYPE_BRAVERY, FIG (stats.firelock.bravery),
    0, 0, NULL, NULL },
  { "firelock.hits", PH_STATS_FIRELOCK, TYPE_INT, FIG (stats.firelock.hits), 0, 7, NULL, NULL },
  { "firelock.melee", PH_STATS_FIRELOCK, TYPE_INT, FIG (stats.firelock.melee), -2, 2, NULL, NULL },
  { "firelock.officer", PH_STATS_FIRELOCK, TYPE_BOOL, FIG (stats.firelock.officer),
    0, 0, NULL, NULL },

  { "fistful.wounds", PH_STATS_FISTFUL, TYPE_INT, FIG (stats.fistful.wounds),
    0, PH_INT_LIMIT, NULL, NULL },
  { "fistful.shaken", PH_STATS_FISTFUL, TYPE_BOOL, FIG (stats.fistful.shaken), 0, 0, NULL, NULL },
  { "fistful.reload", PH_STATS_FISTFUL, TYPE_BOOL, FIG (stats.fistful.reload), 0, 0, NULL, NULL },
  { "fistful.traits", PH_STATS_FISTFUL, TYPE_STRING, FIG (stats.fistful.traits),
    0, 0, NULL, NULL },

  { "mayhem.courage", PH_STATS_MAYHEM, TYPE_INT, FIG (stats.mayhem.courage), INT_ANY, NULL, NULL },
  { "mayhem.armament", PH_STATS_MAYHEM, TYPE_INT, FIG (stats.mayhem.armament),
    INT_ANY, NULL, NULL },
  { "mayhem.hit-bonus", PH_STATS_MAYHEM, TYPE_INT, FIG (stats.mayhem.hit_bonus),
    INT_ANY, NULL, NULL },
  { "mayhem.impact-bonus", PH_STATS_MAYHEM, TYPE_INT, FIG (stats.mayhem.impact_bonus),
    INT_ANY, NULL, NULL },
  { "mayhem.shock", PH_STATS_MAYHEM, TYPE_BOOL, FIG (stats.mayhem.shock), 0, 0, NULL, NULL },
  { "mayhem.search", PH_STATS_MAYHEM, TYPE_INT, FIG (stats.mayhem.search), INT_ANY, NULL, NULL },
  { "mayhem.saves", PH_STATS_MAYHEM, TYPE_INT, FIG (stats.mayhem.saves),
    0, PH_INT_LIMIT, NULL, NULL },
  { "mayhem.rerolls", PH_STATS_MAYHEM, TYPE_INT, FIG (stats.mayhem.rerolls),
    0, PH_INT_LIMIT, NULL, NULL },

  { "featherstone.rating", PH_STATS_FEATHERSTONE, TYPE_ENUM, FIG (stats.featherstone.rating),
    0, 0, NULL, &ph_rating_info },
  { "featherstone.light-wounds", PH_STATS_FEATHERSTONE, TYPE_LIGHT,
    FIG (stats.featherstone.light_wounds), 0, PH_INT_LIMIT, NULL, NULL },
  { "featherstone.serious-wounds", PH_STATS_FEATHERSTONE, TYPE_SERIOUS,
    FIG (stats.featherstone.serious_wounds), 0, PH_INT_LIMIT, NULL, NULL },
  { "featherstone.wounds", PH_STATS_FEATHERSTONE, TYPE_WOUNDS, FIG (stats.featherstone.wounds),
    0, 0, NULL, NULL },
  { "featherstone.helmet", PH_STATS_FEATHERSTONE, TYPE_BOOL, FIG (stats.featherstone.helmet),
    0, 0, NULL, NULL },
  { "featherstone.armour", PH_STATS_FEATHERSTONE, TYPE_ENUM, FIG (stats.featherstone.armour),
    0, 0, NULL, &ph_armour_info },
  { "featherstone.armour-covers", PH_STATS_FEATHERSTONE, TYPE_AREAS,
    FIG (stats.featherstone.armour_covers), 0, 0, NULL, NULL },

  { "guns-of-war.formation", PH_STATS_GUNS_OF_WAR, TYPE_ENUM, FIG (stats.guns_of_war.formation),
    0, 0, NULL, &ph_formation_info },
  { "guns-of-war.men", PH_STATS_GUNS_OF_WAR, TYPE_INT, FIG (stats.guns_of_war.men),
    1, PH_INT_LIMIT, NULL, NULL },
  { "guns-of-war.creature", PH_STATS_GUNS_OF_WAR, TYPE_ENUM, FIG (stats.guns_of_war.creature),
    0, 0, NULL, &ph_creature_info },
  { "guns-of-war.attack-throw", PH_STATS_GUNS_OF_WAR, TYPE_INT,
    FIG (stats.guns_of_war.attack_throw), INT_ANY, NULL, NULL },
  { "guns-of-war.ac", PH_STATS_GUNS_OF_WAR, TYPE_INT, FIG (stats.guns_of_war.ac),
    INT_ANY, NULL, NULL },
  { "guns-of-war.armor-ac", PH_STATS_GUNS_OF_WAR, TYPE_INT, FIG (stats.guns_of_war.armor_ac),
    INT_ANY, NULL, NULL },
  { "guns-of-war.morale", PH_STATS_GUNS_OF_WAR, TYPE_INT, FIG (stats.guns_of_war.morale),
    INT_ANY, NULL, NULL },
  { "guns-of-war.reload-tokens", PH_STATS_GUNS_OF_WAR, TYPE_INT,
    FIG (stats.guns_of_war.reload_tokens), 0, PH_INT_LIMIT, NULL, NULL },
  { "guns-of-war.uhp", PH_STATS_GUNS_OF_WAR, TYPE_UHP, FIG (stats.guns_of_war.uhp),
    INT_ANY, NULL, NULL },
};

/* The ruleset elements, in PhStatsKind order, with the attributes the file
 * requires (a figure without the element gets it, with its defaults, only
 * when the attribute being set is the only one required) */
static const struct
{
  const char *element;
  const char *required;   /* the required attributes, space separated */
} stats_elements[] = {
  { NULL, NULL },
  { "firelock", "bravery" },
  { "fistful", "" },
  { "mayhem", "courage armament" },
  { "featherstone", "rating" },
  { "guns-of-war", "formation men attack-throw ac" },
};

/* PhStatsKind follows PhRulesetId, after NONE */
G_STATIC_ASSERT (PH_STATS_FIRELOCK == (int) PH_RULESET_FIRELOCK + 1);
G_STATIC_ASSERT (PH_STATS_FISTFUL == (int) PH_RULESET_FISTFUL + 1);
G_STATIC_ASSERT (PH_STATS_MAYHEM == (int) PH_RULESET_MAYHEM + 1);
G_STATIC_ASSERT (PH_STATS_FEATHERSTONE == (int) PH_RULESET_FEATHERSTONE + 1);
G_STATIC_ASSERT (PH_STATS_GUNS_OF_WAR == (int) PH_RULESET_GUNS_OF_WAR + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (stats_elements) == PH_N_RULESETS + 1);

static PhStatsKind
ruleset_stats (PhRulesetId ruleset)
{
  return (PhStatsKind) (ruleset + 1);
}

static const AttrInfo *
find_attr (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (attrs); i++)
    if (strcmp (attrs[i].name, name) == 0)
      return &attrs[i];
  return NULL;
}

/* The part after "element." */
static const char *
short_name (const AttrInfo *info)
{
  const char *dot = strchr (info->name, '.');

  return dot != NULL ? dot + 1 : info->name;
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

static gboolean
has_element (const PhFigure  *figure,
             const AttrInfo  *info,
             GError         **error)
{
  if (info->stats == PH_STATS_NONE || figure->stats_kind == info->stats)
    return TRUE;
  invalid_printf (figure, error, "the figure has no <%s> element",
                  stats_elements[info->stats].element);
  return FALSE;
}

char *
ph_figure_get_attr (const PhScenario  *scenario,
                    const PhFigure    *figure,
                    const char        *attr,
                    GError           **error)
{
  const AttrInfo *info;
  const guint8 *field;
  const char *weapon_field;
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

  info = find_attr (attr);
  if (info == NULL)
    {
      unknown_attr (attr, error);
      return NULL;
    }
  if (!has_element (figure, info, error))
    return NULL;

  field = (const guint8 *) figure + info->offset;
  switch (info->type)
    {
    case TYPE_NUMBER:
    case TYPE_FACING:
      return ph_value_format_number (*(const double *) field);
    case TYPE_INT:
    case TYPE_LIGHT:
    case TYPE_SERIOUS:
      return g_strdup_printf ("%d", *(const int *) field);
    case TYPE_BOOL:
      return g_strdup (*(const gboolean *) field ? "true" : "false");
    case TYPE_ENUM:
      return g_strdup (info->values->to_string (*(const int *) field));
    case TYPE_STRING:
    case TYPE_SIDE:
    case TYPE_WOUNDS:
      return g_strdup (*(char * const *) field != NULL ? *(char * const *) field : "");
    case TYPE_STATUS:
      return ph_status_set_to_string (*(const guint *) field);
    case TYPE_AREAS:
      return ph_areas_to_string (*(const guint *) field);
    case TYPE_BRAVERY:
      {
        const int *b = (const int *) field;

        return g_strdup_printf ("%d,%d,%d,%d", b[0], b[1], b[2], b[3]);
      }
    case TYPE_UHP:
      if (!figure->stats.guns_of_war.has_uhp)
        return g_strdup ("");
      return g_strdup_printf ("%d", figure->stats.guns_of_war.uhp);
    default:
      g_assert_not_reached ();
    }
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
 * @info is its only required attribute, or it has none. */
static gboolean
can_create_element (const PhScenario  *scenario,
                    const PhFigure    *figure,
                    const AttrInfo    *info,
                    GError           **error)
{
  const char *element = stats_elements[info->stats].element;
  g_auto(GStrv) required = NULL;
  g_autoptr(GPtrArray) missing = g_ptr_array_new ();

  if (ruleset_stats (scenario->ruleset) != info->stats)
    {
      invalid_printf (figure, error, "this is a %s scenario, whose figures take <%s>, not <%s>",
                      ph_ruleset_id_to_string (scenario->ruleset),
                      stats_elements[ruleset_stats (scenario->ruleset)].element, element);
      return FALSE;
    }
  if (figure->stats_kind == info->stats)
    return TRUE;
  if (figure->stats_kind != PH_STATS_NONE)
    {
      invalid_printf (figure, error, "the figure has a <%s> element, not a <%s>",
                      stats_elements[figure->stats_kind].element, element);
      return FALSE;
    }
  required = g_strsplit (stats_elements[info->stats].required, " ", -1);
  for (guint i = 0; required[i] != NULL; i++)
    if (required[i][0] != '\0' && strcmp (required[i], short_name (info)) != 0)
      g_ptr_array_add (missing, required[i]);
  if (missing->len > 0)
    {
      g_autofree char *names = NULL;

      g_ptr_array_add (missing, NULL);
      names = g_strjoinv (", ", (char **) missing->pdata);
      invalid_printf (figure, error, "the figure has no <%s> element, and one needs %s",
                      element, names);
      return FALSE;
    }
  return TRUE;
}

static void
create_element (PhFigure   *figure,
                PhStatsKind kind)
{
  memset (&figure->stats, 0, sizeof figure->stats);
  figure->stats_kind = kind;
  switch (kind)
    {
    case PH_STATS_FIRELOCK:
      figure->stats.firelock.melee = 2;
      break;
    case PH_STATS_MAYHEM:
      figure->stats.mayhem.search = 6;
      break;
    case PH_STATS_FEATHERSTONE:
      figure->stats.featherstone.rating = PH_RATING_AVERAGE;
      figure->stats.featherstone.armour_covers = PH_AREA_BODY;
      break;
    case PH_STATS_GUNS_OF_WAR:
      /* the least a Drilled (or Skirmishing) Foot unit may have */
      figure->stats.guns_of_war.men = 20;
      break;
    case PH_STATS_FISTFUL:
    case PH_STATS_NONE:
    default:
      break;
    }
}

/* The parsed value, before it is stored */
typedef struct
{
  double number;
  int integer;
  gboolean boolean;
  guint status;
  int bravery[4];
  char *string;         /* owned */
  gboolean absent;      /* "" for an optional attribute */
  int serious, light;   /* TYPE_WOUNDS */
} Value;

/* A Guns of War unit's formation, men and creature must agree with the
 * text's unit sizes after the change (ph_guns_of_war_check_size()). */
static gboolean
check_unit_size (const PhFigure *figure,
                 const AttrInfo *info,
                 const Value    *v,
                 GError        **error)
{
  PhGunsOfWarStats s;
  g_autofree char *message = NULL;
  const char *name = short_name (info);

  if (figure->stats_kind != PH_STATS_GUNS_OF_WAR)
    return TRUE;
  s = figure->stats.guns_of_war;
  if (g_str_equal (name, "men"))
    s.men = v->integer;
  else if (g_str_equal (name, "formation"))
    s.formation = (PhFormation) v->integer;
  else if (g_str_equal (name, "creature"))
    s.creature = (PhCreature) v->integer;
  else
    return TRUE;
  if (ph_guns_of_war_check_size (&s, &message))
    return TRUE;
  invalid_printf (figure, error, "%s", message);
  return FALSE;
}

static gboolean
parse_value (const PhScenario  *scenario,
             const PhFigure    *figure,
             const AttrInfo    *info,
             const char        *value,
             Value             *out,
             GError           **error)
{
  g_autofree char *message = NULL;
  const char *name = info->name;
  gboolean ok = TRUE;

  switch (info->type)
    {
    case TYPE_NUMBER:
      ok = ph_value_number (name, value, info->range, &out->number, &message);
      break;
    case TYPE_FACING:
      ok = ph_value_number (name, value, info->range, &out->number, &message);
      if (ok)
        out->number = ph_angle_normalize (out->number) + 0.0;
      break;
    case TYPE_INT:
    case TYPE_LIGHT:
    case TYPE_SERIOUS:
      ok = ph_value_int (name, value, info->min, info->max, &out->integer, &message);
      break;
    case TYPE_UHP:
      out->absent = value[0] == '\0';
      if (!out->absent)
        ok = ph_value_int (name, value, info->min, info->max, &out->integer, &message);
      break;
    case TYPE_BOOL:
      ok = ph_value_bool (name, value, &out->boolean, &message);
      break;
    case TYPE_ENUM:
      if (!info->values->from_string (value, &out->integer))
        {
          g_autofree char *shown = ph_value_show (value);

          invalid_printf (figure, error, "attribute '%s' has an unknown value '%s'", name, shown);
          return FALSE;
        }
      break;
    case TYPE_STRING:
      out->absent = value[0] == '\0';
      out->string = out->absent ? NULL : g_strdup (value);
      break;
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
      out->string = g_strdup (value);
      break;
    case TYPE_STATUS:
      ok = ph_value_status (name, value, &out->status, &message);
      break;
    case TYPE_AREAS:
      ok = ph_areas_from_string (value, &out->status);
      if (!ok)
        message = g_strdup_printf ("attribute '%s' must list head, body, right-arm, left-arm, "
                                   "arms or legs, not '%s'", name, value);
      break;
    case TYPE_BRAVERY:
      ok = ph_value_bravery (name, value, out->bravery, &message);
      break;
    case TYPE_WOUNDS:
      ok = ph_value_wounds (name, value, &out->string, &out->serious, &out->light, &message);
      out->absent = ok && out->string == NULL;
      break;
    default:
      g_assert_not_reached ();
    }
  if (!ok)
    {
      invalid (figure, error, message);
      return FALSE;
    }
  return TRUE;
}

/* While a wound list is there, the counts must agree with it */
static gboolean
check_wound_counts (const PhFigure  *figure,
                    const AttrInfo  *info,
                    int              count,
                    GError         **error)
{
  const PhFeatherstoneStats *s = &figure->stats.featherstone;
  g_autofree char *normal = NULL;
  g_autofree char *message = NULL;
  int serious = 0, light = 0;
  int serious_wounds = s->serious_wounds, light_wounds = s->light_wounds;

  if (figure->stats_kind != PH_STATS_FEATHERSTONE || s->wounds == NULL
      || !ph_value_wounds ("wounds", s->wounds, &normal, &serious, &light, &message))
    return TRUE;
  if (info->type == TYPE_LIGHT)
    light_wounds = count;
  else
    serious_wounds = count;
  if (serious_wounds == serious && light_wounds == light)
    return TRUE;
  message = ph_value_wounds_mismatch_message (serious, light, serious_wounds, light_wounds);
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
  const AttrInfo *info;
  const char *weapon_field;
  Value v = { 0 };
  guint8 *field;
  int index;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (figure != NULL, FALSE);
  g_return_val_if_fail (attr != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (parse_weapon_attr (attr, &index, &weapon_field))
    return set_weapon_attr (figure, index, weapon_field, attr, value, error);

  info = find_attr (attr);
  if (info == NULL)
    {
      unknown_attr (attr, error);
      return FALSE;
    }
  if (info->stats != PH_STATS_NONE && !can_create_element (scenario, figure, info, error))
    return FALSE;
  if (!parse_value (scenario, figure, info, value, &v, error))
    return FALSE;
  if ((info->type == TYPE_LIGHT || info->type == TYPE_SERIOUS)
      && !check_wound_counts (figure, info, v.integer, error))
    return FALSE;
  if (info->stats == PH_STATS_GUNS_OF_WAR && !check_unit_size (figure, info, &v, error))
    return FALSE;

  /* Nothing can fail from here on */
  if (info->stats != PH_STATS_NONE && figure->stats_kind != info->stats)
    create_element (figure, info->stats);

  field = (guint8 *) figure + info->offset;
  switch (info->type)
    {
    case TYPE_NUMBER:
    case TYPE_FACING:
      *(double *) field = v.number;
      break;
    case TYPE_INT:
    case TYPE_LIGHT:
    case TYPE_SERIOUS:
    case TYPE_ENUM:
      *(int *) field = v.integer;
      break;
    case TYPE_BOOL:
      *(gboolean *) field = v.boolean;
      break;
    case TYPE_STRING:
    case TYPE_SIDE:
      g_free (*(char **) field);
      *(char **) field = g_steal_pointer (&v.string);
      break;
    case TYPE_STATUS:
    case TYPE_AREAS:
      *(guint *) field = v.status;
      break;
    case TYPE_BRAVERY:
      memcpy (field, v.bravery, sizeof v.bravery);
      break;
    case TYPE_WOUNDS:
      {
        PhFeatherstoneStats *s = &figure->stats.featherstone;

        g_free (s->wounds);
        s->wounds = g_steal_pointer (&v.string);
        if (s->wounds != NULL)
          {
            s->serious_wounds = v.serious;
            s->light_wounds = v.light;
          }
      }
      break;
    case TYPE_UHP:
      figure->stats.guns_of_war.has_uhp = !v.absent;
      figure->stats.guns_of_war.uhp = v.absent ? 0 : v.integer;
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

char **
ph_figure_list_attrs (const PhFigure *figure)
{
  GPtrArray *names = g_ptr_array_new ();

  g_return_val_if_fail (figure != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (attrs) && attrs[i].stats == PH_STATS_NONE; i++)
    g_ptr_array_add (names, g_strdup (attrs[i].name));
  for (guint i = 0; i < figure->weapons->len; i++)
    {
      g_ptr_array_add (names, g_strdup_printf ("weapon.%u.loaded", i));
      g_ptr_array_add (names, g_strdup_printf ("weapon.%u.name", i));
    }
  for (guint i = 0; i < G_N_ELEMENTS (attrs); i++)
    if (attrs[i].stats != PH_STATS_NONE && attrs[i].stats == figure->stats_kind)
      g_ptr_array_add (names, g_strdup (attrs[i].name));
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}
