/* ph-cli-shot.c: what assess, odds and advise share about a shot
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The words the human tables use for figures, distances and lists.
 */
#include <glib/gi18n.h>

#include "ph-cli.h"

char *
ph_cli_figure_label (const PhScenario *scenario,
                     const char       *id)
{
  const PhFigure *f = ph_scenario_find_figure (scenario, id);

  if (f == NULL || f->name == NULL)
    return g_strdup (id);
  return g_strdup_printf ("%s (%s)", f->name, id);
}

char *
ph_cli_format_distance (double     distance,
                        PhDistUnit unit)
{
  if (unit == PH_DIST_HEX)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%g hex", "%g hexes", (gulong) distance), distance);
  return g_strdup_printf ("%.2f %s", distance,
                          ph_dist_unit_label (unit));
}

char *
ph_cli_join_strings (const GPtrArray *strings,
                     const char      *separator)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; strings != NULL && i < strings->len; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? separator : "",
                            (const char *) g_ptr_array_index (strings, i));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

gboolean
ph_cli_is_target (const PhFigure *shooter,
                  const PhFigure *target)
{
  return target != shooter
         && g_strcmp0 (target->side, shooter->side) != 0
         && !ph_figure_is_off_table (target);
}
