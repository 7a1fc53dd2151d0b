/* fuzz-util.c: what the fuzz targets share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ph-fuzz-resources.h"

#define EXAMPLES "/org/powderhorn/Powderhorn/fuzz/"

/* data/scenarios, by ruleset (the order of PhRulesetId) */
static const char * const example_names[PH_N_RULESETS] = {
  "firelock-bloody-run-1758.xml",
  "fistful-north-bridge-1775.xml",
  "musket-mayhem-fight-at-the-farmstead.xml",
  "featherstone-cacabelos-1809.xml",
  "guns-of-war-tithe-barn.xml",
};

static GLogWriterOutput
abort_on_warnings (GLogLevelFlags   level,
                   const GLogField *fields,
                   gsize            n_fields,
                   gpointer         user_data)
{
  if ((level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING)) == 0)
    return G_LOG_WRITER_HANDLED;
  g_log_writer_standard_streams (level, fields, n_fields, user_data);
  fprintf (stderr, "fuzz: a warning or critical was logged (fatal here)\n");
  abort ();
}

void
ph_fuzz_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      g_log_set_writer_func (abort_on_warnings, NULL, NULL);
      g_once_init_leave (&done, 1);
    }
}

void
ph_fuzz_fail (const char *format,
              ...)
{
  va_list args;

  fputs ("fuzz: ", stderr);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  abort ();
}

void
ph_fuzz_verbose (const char *format,
                 ...)
{
  static int on = -1;
  va_list args;

  if (on < 0)
    on = g_getenv ("PH_FUZZ_VERBOSE") != NULL;
  if (!on)
    return;
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
}

const char *
ph_fuzz_example_xml (PhRulesetId  ruleset,
                     gsize       *length)
{
  static GBytes *bytes[PH_N_RULESETS];

  g_assert ((guint) ruleset < PH_N_RULESETS);
  if (bytes[ruleset] == NULL)
    {
      g_autofree char *path = g_strconcat (EXAMPLES, example_names[ruleset], NULL);
      g_autoptr(GError) error = NULL;

      /* resource data is NUL-terminated */
      bytes[ruleset] = g_resource_lookup_data (ph_fuzz_get_resource (), path, 0, &error);
      if (bytes[ruleset] == NULL)
        ph_fuzz_fail ("%s: %s", path, error->message);
    }
  return g_bytes_get_data (bytes[ruleset], length);
}

PhScenario *
ph_fuzz_example (PhRulesetId ruleset)
{
  static PhScenario *loaded[PH_N_RULESETS];

  g_assert ((guint) ruleset < PH_N_RULESETS);
  if (loaded[ruleset] == NULL)
    {
      g_autoptr(GError) error = NULL;
      gsize length;
      const char *xml = ph_fuzz_example_xml (ruleset, &length);

      loaded[ruleset] = ph_scenario_load_data (xml, length, example_names[ruleset], &error);
      if (loaded[ruleset] == NULL)
        ph_fuzz_fail ("the example %s does not load: %s", example_names[ruleset],
                      error->message);
    }
  return ph_scenario_copy (loaded[ruleset]);
}

void
ph_fuzz_check_store (PhGame     *game,
                     const char *what)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autoptr(PhScenario) again = NULL;
  g_autoptr(PhGame) game_again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *game_xml = NULL;
  g_autofree char *game_xml_again = NULL;
  g_autofree char *xml_again = NULL;
  gsize length, length_again;

  ph_game_store (game);
  game_xml = g_strdup (scenario->game_xml);
  xml = ph_scenario_to_xml (scenario, &length);
  again = ph_scenario_load_data (xml, length, "stored.xml", &error);
  if (again == NULL)
    ph_fuzz_fail ("%s: the stored scenario does not load: %s\n%s", what, error->message, xml);
  xml_again = ph_scenario_to_xml (again, &length_again);
  if (length != length_again || memcmp (xml, xml_again, length) != 0)
    ph_fuzz_fail ("%s: the stored scenario writes differently once loaded:\n%s\n-- then --\n%s",
                  what, xml, xml_again);
  game_again = ph_game_load (again, "stored.xml", &error);
  if (game_again == NULL)
    ph_fuzz_fail ("%s: the stored game does not load: %s\n%s", what, error->message, xml);
  if (ph_game_get_n_events (game_again) != ph_game_get_n_events (game)
      || ph_game_get_position (game_again) != ph_game_get_position (game))
    ph_fuzz_fail ("%s: stored with %u of %u events applied, loaded with %u of %u", what,
                  ph_game_get_position (game), ph_game_get_n_events (game),
                  ph_game_get_position (game_again), ph_game_get_n_events (game_again));
  game_xml_again = ph_game_to_xml (game_again);
  if (strcmp (game_xml, game_xml_again) != 0)
    ph_fuzz_fail ("%s: the game stores differently once loaded:\n%s\n-- then --\n%s", what,
                  game_xml, game_xml_again);
}
