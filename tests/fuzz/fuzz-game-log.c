/* fuzz-game-log.c: reading and replaying a game log
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte picks an example scenario (its ruleset: PhRulesetId
 * order, modulo 5); the rest is its <game> element (docs/game-format.md),
 * put in as the scenario's last child. When the scenario and its game load
 * (the game's checks against the figures included), replaying must work:
 * seeking to the start and to the end of the log, then storing the game,
 * writing the scenario out and loading both again (ph_fuzz_check_store()).
 * With PH_FUZZ_VERBOSE set, what happened is printed to standard error.
 */
#include <string.h>

#include "fuzz-util.h"

#define END_TAG "</scenario>"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(PhScenario) scenario = NULL;
  g_autoptr(PhGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = NULL;
  const char *example, *end;
  gsize example_length;
  guint n_events;

  ph_fuzz_init ();
  if (size < 1)
    return 0;

  example = ph_fuzz_example_xml ((PhRulesetId) (data[0] % PH_N_RULESETS), &example_length);
  end = g_strrstr (example, END_TAG);
  g_assert (end != NULL);
  text = g_string_new_len (example, end - example);
  g_string_append (text, "  ");
  g_string_append_len (text, (const char *) data + 1, size - 1);
  g_string_append (text, "\n" END_TAG "\n");

  scenario = ph_scenario_load_data (text->str, text->len, "fuzz.xml", &error);
  if (scenario == NULL)
    {
      ph_fuzz_verbose ("scenario refused: %s", error->message);
      return 0;
    }
  if (!ph_game_xml_is_log (scenario->game_xml))
    {
      ph_fuzz_verbose ("no game log in <game>");
      return 0;
    }
  game = ph_game_load (scenario, "fuzz.xml", &error);
  if (game == NULL)
    {
      if (error == NULL || error->message == NULL || error->message[0] == '\0')
        ph_fuzz_fail ("game refused without a message");
      ph_fuzz_verbose ("game refused: %s", error->message);
      return 0;
    }

  n_events = ph_game_get_n_events (game);
  if (ph_game_get_position (game) > n_events)
    ph_fuzz_fail ("position %u past the %u events", ph_game_get_position (game), n_events);
  if (!ph_game_seek (game, 0, &error))
    ph_fuzz_fail ("a loaded game does not seek to its start: %s", error->message);
  if (ph_game_get_position (game) != 0)
    ph_fuzz_fail ("seeking to the start left %u events applied", ph_game_get_position (game));
  if (!ph_game_seek (game, n_events, &error))
    ph_fuzz_fail ("a loaded game does not seek to its end: %s", error->message);
  if (ph_game_get_position (game) != n_events)
    ph_fuzz_fail ("seeking to the end applied %u of %u events", ph_game_get_position (game),
                  n_events);
  ph_fuzz_check_store (game, "the replayed log");
  ph_fuzz_verbose ("replayed %u events", n_events);
  return 0;
}
