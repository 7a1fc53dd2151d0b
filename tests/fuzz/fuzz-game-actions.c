/* fuzz-game-actions.c: each ruleset's actions with any arguments
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte picks an example scenario (its ruleset: PhRulesetId
 * order, modulo 5) and a new game starts on it with a fixed seed, as
 * `powderhorn-cli game FILE --new --seed 1758` does. The rest is a script,
 * one step a line (at most MAX_STEPS), as the CLI takes them:
 *
 *   ACTION name=value...    ph_game_perform_argv()
 *   roll EXPR [purpose=T]   ph_game_roll_tray()
 *   undo / redo
 *
 * Words are split as a shell splits them (g_shell_parse_argv(): quotes
 * keep spaces, as in cards="KS 10H"); a line that does not parse is
 * skipped. A refused step is fine, if it says why and changes nothing
 * (figures, variables and log stay as they were); a crash, a warning, or
 * a game that does not store and load back (ph_fuzz_check_store(), after
 * the last step) is a bug. With PH_FUZZ_VERBOSE set, each step's outcome
 * is printed to standard error (for reading a crash's script).
 */
#include <string.h>

#include "fuzz-util.h"

#define MAX_STEPS 64
#define SEED 1758

/* The figures (the scenario written out) and the game's variables */
static char *
snapshot (PhGame *game)
{
  g_autoptr(GPtrArray) vars = ph_game_list_vars (game);
  GString *s = g_string_new (NULL);
  g_autofree char *xml = ph_scenario_to_xml (ph_game_get_scenario (game), NULL);

  g_string_append (s, xml);
  for (guint i = 0; i < vars->len; i++)
    {
      const char *name = g_ptr_array_index (vars, i);

      g_string_append_printf (s, "%s=%s\n", name, ph_game_get_var (game, name));
    }
  return g_string_free (s, FALSE);
}

static void
perform_line (PhGame     *game,
              const char *line)
{
  g_auto(GStrv) words = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  guint n_events = ph_game_get_n_events (game);
  guint position = ph_game_get_position (game);
  const char *action;
  int n_words = 0;
  gboolean ok;

  /* words as a shell splits them: cards="KS 10H" is one */
  if (!g_shell_parse_argv (line, &n_words, &words, NULL))
    return;
  action = words[0];
  before = snapshot (game);

  if (strcmp (action, "undo") == 0)
    ok = ph_game_undo (game, &error);
  else if (strcmp (action, "redo") == 0)
    ok = ph_game_redo (game, &error);
  else if (strcmp (action, "roll") == 0)
    {
      const char *expression = n_words > 1 ? words[1] : "";
      const char *purpose = n_words > 2 ? words[2] : NULL;

      if (purpose != NULL && g_str_has_prefix (purpose, "purpose="))
        purpose += strlen ("purpose=");
      ok = ph_game_roll_tray (game, expression, purpose, &error);
    }
  else
    ok = ph_game_perform_argv (game, action,
                               (const char * const *) words + 1, &error);

  ph_fuzz_verbose ("%s: %s%s%s", ok ? "done" : "refused", line, ok ? "" : ": ",
                   ok ? "" : error != NULL ? error->message : "(no message)");
  if (ok && error != NULL)
    ph_fuzz_fail ("'%s' done, with an error set: %s", line, error->message);
  if (!ok)
    {
      g_autofree char *after = snapshot (game);

      if (error == NULL || error->message == NULL || error->message[0] == '\0')
        ph_fuzz_fail ("'%s' refused without a message", line);
      /* a refused step leaves the log as it was */
      if (ph_game_get_n_events (game) != n_events || ph_game_get_position (game) != position)
        ph_fuzz_fail ("'%s' refused (%s), but the log went from %u of %u events to %u of %u",
                      line, error->message, position, n_events,
                      ph_game_get_position (game), ph_game_get_n_events (game));
      if (strcmp (before, after) != 0)
        ph_fuzz_fail ("'%s' refused (%s), but the figures or variables changed:\n%s\n"
                      "-- to --\n%s", line, error->message, before, after);
    }
  g_free (ph_game_describe (game));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(PhScenario) scenario = NULL;
  g_autoptr(PhGame) game = NULL;
  g_autofree char *script = NULL;
  g_auto(GStrv) lines = NULL;

  ph_fuzz_init ();
  if (size < 1)
    return 0;

  scenario = ph_fuzz_example ((PhRulesetId) (data[0] % PH_N_RULESETS));
  game = ph_game_new (scenario, SEED);
  /* a NUL ends the script, as it would end a command line's word */
  script = g_strndup ((const char *) data + 1, size - 1);
  lines = g_strsplit (script, "\n", MAX_STEPS + 1);
  for (guint i = 0; lines[i] != NULL && i < MAX_STEPS; i++)
    perform_line (game, lines[i]);
  ph_fuzz_check_store (game, "the game after the script");
  return 0;
}
