/* ph-stats-featherstone.c: a Featherstone figure's <featherstone> element
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rating, the wounds (as counts, and as the casualty table's letters
 * A..J when they are known), a metal helmet, and armour with the parts it
 * covers. The letters and the counts go together: counts left out follow
 * the letters, and counts given must agree with them.
 */
#include <glib/gi18n-lib.h>

#include "ph-scenario-values.h"
#include "ph-stats.h"

enum { F_RATING, F_LIGHT, F_SERIOUS, F_WOUNDS, F_HELMET, F_ARMOUR, F_COVERS };

PH_STAT_CHOICES (ph_rating, PhRating, 3)
PH_STAT_CHOICES (ph_armour, PhArmour, 4)

static gboolean
wounds_parse (const char  *name,
              const char  *value,
              gpointer     field,
              char       **message)
{
  g_autofree char *letters = NULL;
  int serious, light;

  if (!ph_value_wounds (name, value, &letters, &serious, &light, message))
    return FALSE;
  g_free (*(char **) field);
  *(char **) field = g_steal_pointer (&letters);
  return TRUE;
}

/* "C: serious right arm wound; F: light head wound" for "C F" */
static char *
wounds_explain (const PhFigure *figure,
                gconstpointer   field)
{
  const char *letters = *(const char * const *) field;
  GString *text;

  (void) figure;
  if (letters == NULL || *letters == '\0')
    return NULL;
  text = g_string_new (NULL);
  for (const char *p = letters; *p != '\0'; p++)
    {
      g_autofree char *named = NULL;

      if (*p < 'A' || *p > 'J')
        continue;
      named = ph_featherstone_wound_text (*p);
      if (text->len > 0)
        /* TRANSLATORS: between two wounds: "C: serious right arm wound; F: ..." */
        g_string_append (text, _("; "));
      g_string_append (text, named);
    }
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

static gboolean
covers_parse (const char  *name,
              const char  *value,
              gpointer     field,
              char       **message)
{
  g_autofree char *shown = NULL;

  if (ph_areas_from_string (value, field))
    return TRUE;
  shown = ph_value_show (value);
  *message = g_strdup_printf ("attribute '%s' must list head, body, right-arm, left-arm, "
                              "arms or legs, not '%s'", name, shown);
  return FALSE;
}

/* Written with the armour, when it covers anything */
static char *
covers_format (const PhFigure *figure,
               gconstpointer   field)
{
  guint covers = *(const guint *) field;

  if (figure != NULL && (figure->stats.featherstone.armour == PH_ARMOUR_NONE || covers == 0))
    return NULL;
  return ph_areas_to_string (covers);
}

static void
covers_init (gpointer field)
{
  *(guint *) field = PH_AREA_BODY;
}

static gboolean
featherstone_check (PhFigure  *figure,
                    guint64    given,
                    guint64    ok,
                    char     **message)
{
  PhFeatherstoneStats *s = &figure->stats.featherstone;
  g_autofree char *letters = NULL;
  g_autofree char *unused = NULL;
  int serious = 0, light = 0;

  if ((given & ok & PH_STAT_BIT (F_COVERS)) && s->armour == PH_ARMOUR_NONE)
    {
      *message = g_strdup ("attribute 'armour-covers' needs armour (chain, scale or plate)");
      return FALSE;
    }
  if (s->wounds == NULL || !(ok & PH_STAT_BIT (F_WOUNDS))
      || !ph_value_wounds ("wounds", s->wounds, &letters, &serious, &light, &unused))
    return TRUE;
  if (!(given & PH_STAT_BIT (F_LIGHT)))
    s->light_wounds = light;
  if (!(given & PH_STAT_BIT (F_SERIOUS)))
    s->serious_wounds = serious;
  if ((ok & PH_STAT_BIT (F_LIGHT)) && (ok & PH_STAT_BIT (F_SERIOUS))
      && (s->light_wounds != light || s->serious_wounds != serious))
    {
      *message = ph_value_wounds_mismatch_message (serious, light, s->serious_wounds,
                                                   s->light_wounds);
      return FALSE;
    }
  return TRUE;
}

static gboolean
featherstone_is_wounded (const PhFigure *figure)
{
  return figure->stats.featherstone.light_wounds > 0
         || figure->stats.featherstone.serious_wounds > 0;
}

#define F(f) PH_STAT_FIELD (stats.featherstone.f)

static const PhStatField fields[] = {
  [F_RATING] = { "rating", PH_STAT_ENUM, PH_STAT_REQUIRED, F (rating),
                 .default_value = PH_RATING_AVERAGE, .choices = &ph_rating_choices,
                 .label = N_("Rating"), .help = N_("Veteran, average or novice") },
  [F_LIGHT] = { "light-wounds", PH_STAT_INT, 0, F (light_wounds),
                .min = 0, .max = PH_INT_LIMIT, .default_value = 0,
                .label = N_("Light wounds"), .form_min = 0, .form_max = 99,
                .help = N_("Light wounds taken"),
                /* xgettext:no-c-format */
                .sheet_caption = N_("LIGHT \xe2\x88\x92" "10 % EACH") },
  [F_SERIOUS] = { "serious-wounds", PH_STAT_INT, 0, F (serious_wounds),
                  .min = 0, .max = PH_INT_LIMIT, .default_value = 0,
                  .label = N_("Serious wounds"), .form_min = 0, .form_max = 99,
                  .help = N_("Serious wounds taken"),
                  /* xgettext:no-c-format */
                  .sheet_caption = N_("SERIOUS \xe2\x88\x92" "20 % EACH") },
  [F_WOUNDS] = { "wounds", PH_STAT_STRING, 0, F (wounds), .parse = wounds_parse,
                 .label = N_("Wounds (A–J)"),
                 .help = N_("The casualty table's letters of the wounds taken, such as \"C F\""),
                 .explain = wounds_explain },
  [F_HELMET] = { "helmet", PH_STAT_BOOL, PH_STAT_OMIT_DEFAULT, F (helmet), .default_value = FALSE,
                 .label = N_("Metal helmet"), .help = N_("A metal helmet") },
  [F_ARMOUR] = { "armour", PH_STAT_ENUM, PH_STAT_OMIT_DEFAULT, F (armour),
                 .default_value = PH_ARMOUR_NONE, .choices = &ph_armour_choices,
                 .label = N_("Armour"), .help = N_("None, chain, scale or plate") },
  [F_COVERS] = { "armour-covers", PH_STAT_CUSTOM, 0, F (armour_covers),
                 .parse = covers_parse, .format = covers_format, .init = covers_init,
                 .label = N_("Armour covers"),
                 .help = N_("The parts the armour covers: head, body, right-arm, left-arm, "
                            "arms, legs") },
};

const PhStatsSchema ph_stats_featherstone = {
  "featherstone", PH_STATS_FEATHERSTONE, fields, G_N_ELEMENTS (fields),
  .check = featherstone_check,
  .is_wounded = featherstone_is_wounded,
};
