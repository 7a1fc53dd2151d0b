/* ph-cli-game.c: `powderhorn-cli game FILE [ACTION [name=value...]]`
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plays or replays the game stored in a scenario file (docs/game-format.md)
 * without a display: prints where it stands and its log, performs one
 * action of the ruleset, a roll from the dice tray, an undo or a redo and
 * saves the scenario with the game (atomically, to OUT or back to FILE),
 * starts a new game, lists the ruleset's actions, or shows the state after
 * the first N steps of the log (without saving).
 */
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ph-cli.h"
#include "ph-cli-json.h"

#define VERB "game"

typedef struct
{
  char *output;
  char *seed_text;
  char *replay_text;
  gboolean new_game;
  gboolean actions;
  gboolean json;
  char **rest;          /* FILE ACTION name=value... */
} Options;

static void
options_clear (Options *o)
{
  g_free (o->output);
  g_free (o->seed_text);
  g_free (o->replay_text);
  g_strfreev (o->rest);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Options, options_clear)

/* Printing the log */

/* "2d6" */
static char *
roll_dice (const PhRoll *roll)
{
  return g_strdup_printf ("%dd%d", roll->n, roll->sides);
}

/* Prints @text with every line after the first indented by @indent */
static void
print_indented (const char *text,
                int         indent)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      putchar (*p);
      if (*p == '\n' && p[1] != '\0')
        printf ("%*s", indent, "");
    }
}

static void
print_event (PhGame *game,
             guint   index)
{
  const PhEvent *event = ph_game_get_event (game, index);
  g_autofree char *number = g_strdup_printf ("%u.", index + 1);
  gboolean applied = index < ph_game_get_position (game);

  printf (_("%5s [turn %d] %s"), number, event->turn, applied ? "" : _("(undone) "));
  print_indented (event->text != NULL ? event->text : event->kind, 15);
  putchar ('\n');
  for (guint i = 0; i < event->rolls->len; i++)
    {
      const PhRoll *roll = g_ptr_array_index (event->rolls, i);
      g_autofree char *dice = NULL;

      /* hidden draws stay hidden; a tray roll's line says it all */
      if (roll->hidden || strcmp (event->kind, "dice") == 0)
        continue;
      dice = roll_dice (roll);
      printf (_("%15s%s: %s rolled "), "", roll->purpose != NULL ? roll->purpose : _("roll"), dice);
      for (int j = 0; j < roll->n; j++)
        printf ("%s%d", j > 0 ? " " : "", roll->values[j]);
      if (roll->n > 1)
        printf (_(" (total %d)"), roll->total);
      putchar ('\n');
    }
}

static void
add_event_json (JsonBuilder *b,
                PhGame      *game,
                guint        index)
{
  const PhEvent *event = ph_game_get_event (game, index);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "number");
  json_builder_add_int_value (b, index + 1);
  json_builder_set_member_name (b, "applied");
  json_builder_add_boolean_value (b, index < ph_game_get_position (game));
  json_builder_set_member_name (b, "kind");
  json_builder_add_string_value (b, event->kind);
  json_builder_set_member_name (b, "figure");
  if (event->figure != NULL)
    json_builder_add_string_value (b, event->figure);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "turn");
  json_builder_add_int_value (b, event->turn);
  json_builder_set_member_name (b, "text");
  json_builder_add_string_value (b, event->text != NULL ? event->text : "");

  json_builder_set_member_name (b, "rolls");
  json_builder_begin_array (b);
  for (guint i = 0; i < event->rolls->len; i++)
    {
      const PhRoll *roll = g_ptr_array_index (event->rolls, i);
      g_autofree char *dice = roll_dice (roll);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "purpose");
      if (roll->purpose != NULL)
        json_builder_add_string_value (b, roll->purpose);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "figure");
      if (roll->figure != NULL)
        json_builder_add_string_value (b, roll->figure);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "dice");
      json_builder_add_string_value (b, dice);
      json_builder_set_member_name (b, "values");
      json_builder_begin_array (b);
      for (int j = 0; j < roll->n; j++)
        json_builder_add_int_value (b, roll->values[j]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "total");
      json_builder_add_int_value (b, roll->total);
      json_builder_set_member_name (b, "hidden");
      json_builder_add_boolean_value (b, roll->hidden);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "changes");
  json_builder_begin_array (b);
  for (guint i = 0; i < event->changes->len; i++)
    {
      const PhChange *change = g_ptr_array_index (event->changes, i);

      json_builder_begin_object (b);
      if (change->kind == PH_CHANGE_FIGURE)
        {
          json_builder_set_member_name (b, "figure");
          json_builder_add_string_value (b, change->figure);
          json_builder_set_member_name (b, "attr");
        }
      else
        json_builder_set_member_name (b, "var");
      json_builder_add_string_value (b, change->key);
      json_builder_set_member_name (b, "old");
      if (change->old_value != NULL)
        json_builder_add_string_value (b, change->old_value);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "new");
      if (change->new_value != NULL)
        json_builder_add_string_value (b, change->new_value);
      else
        json_builder_add_null_value (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

/* The members every JSON answer starts with */
static void
add_header_json (JsonBuilder *b,
                 PhGame      *game)
{
  g_autofree char *describe = ph_game_describe (game);

  json_builder_set_member_name (b, "ruleset");
  json_builder_add_string_value (b, ph_ruleset_id_to_string (ph_game_get_scenario (game)->ruleset));
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, ph_game_get_seed (game));
  json_builder_set_member_name (b, "position");
  json_builder_add_int_value (b, ph_game_get_position (game));
  json_builder_set_member_name (b, "events");
  json_builder_add_int_value (b, ph_game_get_n_events (game));
  json_builder_set_member_name (b, "describe");
  json_builder_add_string_value (b, describe);
}

static void
print_json (JsonBuilder *b)
{
  g_autoptr(JsonNode) root = json_builder_get_root (b);

  ph_cli_json_print (root);
}

/* No action: where the game stands, and the log */
static void
print_log (PhGame   *game,
           gboolean  json)
{
  guint n = ph_game_get_n_events (game);

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      add_header_json (b, game);
      json_builder_set_member_name (b, "log");
      json_builder_begin_array (b);
      for (guint i = 0; i < n; i++)
        add_event_json (b, game, i);
      json_builder_end_array (b);
      json_builder_end_object (b);
      print_json (b);
      return;
    }

  {
    g_autofree char *describe = ph_game_describe (game);

    print_indented (describe, 0);
    printf (_("\nSeed %u; %u of %u steps applied\n"), ph_game_get_seed (game),
            ph_game_get_position (game), n);
    for (guint i = 0; i < n; i++)
      print_event (game, i);
  }
}

/* After an action: the step it made, and where the game stands */
static void
print_step (PhGame     *game,
            const char *what,
            guint       index,
            gboolean    json)
{
  g_autofree char *describe = ph_game_describe (game);

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      add_header_json (b, game);
      json_builder_set_member_name (b, "done");
      json_builder_add_string_value (b, what);
      json_builder_set_member_name (b, "event");
      add_event_json (b, game, index);
      json_builder_end_object (b);
      print_json (b);
      return;
    }
  if (strcmp (what, "perform") != 0)
    printf ("%s:\n", strcmp (what, "undo") == 0 ? _("Undone") : _("Redone"));
  print_event (game, index);
  print_indented (describe, 0);
  putchar ('\n');
}

/* --replay N: the figures and variables after the first N steps */

/* Attributes that do not change in play, left out of the human listing */
static gboolean
is_static_attr (const char *attr)
{
  static const char * const names[] = {
    "name", "side", "base-shape", "base-width", "base-depth", "troop", "leader", NULL
  };

  if (g_str_has_prefix (attr, "weapon.") && g_str_has_suffix (attr, ".name"))
    return TRUE;
  return ph_cli_lookup_name (names, attr) >= 0;
}

static int
print_state (PhGame   *game,
             gboolean  json)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autoptr(GPtrArray) vars = ph_game_list_vars (game);
  g_autoptr(JsonBuilder) b = json_builder_new ();

  if (json)
    {
      json_builder_begin_object (b);
      add_header_json (b, game);
      json_builder_set_member_name (b, "figures");
      json_builder_begin_array (b);
    }
  else
    {
      g_autofree char *describe = ph_game_describe (game);

      printf (_("After %u of %u steps: "), ph_game_get_position (game),
              ph_game_get_n_events (game));
      print_indented (describe, 0);
      printf (_("\nFigures:\n"));
    }

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      g_auto(GStrv) attrs = ph_figure_list_attrs (figure);

      if (json)
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "id");
          json_builder_add_string_value (b, figure->id);
          json_builder_set_member_name (b, "attrs");
          json_builder_begin_object (b);
        }
      else
        printf ("  %s", figure->id);
      for (guint j = 0; attrs[j] != NULL; j++)
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *value = ph_figure_get_attr (scenario, figure, attrs[j], &error);

          if (value == NULL)
            return ph_cli_input_error (error);
          if (json)
            {
              json_builder_set_member_name (b, attrs[j]);
              json_builder_add_string_value (b, value);
            }
          else if (!is_static_attr (attrs[j]))
            {
              if (strchr (value, ' ') != NULL || value[0] == '\0')
                printf (" %s=\"%s\"", attrs[j], value);
              else
                printf (" %s=%s", attrs[j], value);
            }
        }
      if (json)
        {
          json_builder_end_object (b);
          json_builder_end_object (b);
        }
      else
        putchar ('\n');
    }

  if (json)
    {
      json_builder_end_array (b);
      json_builder_set_member_name (b, "variables");
      json_builder_begin_object (b);
    }
  else
    printf (_("Variables:\n"));
  for (guint i = 0; i < vars->len; i++)
    {
      const char *name = g_ptr_array_index (vars, i);
      const char *value = ph_game_get_var (game, name);

      if (json)
        {
          json_builder_set_member_name (b, name);
          json_builder_add_string_value (b, value);
        }
      else
        printf ("  %s = %s\n", name, value);
    }
  if (json)
    {
      json_builder_end_object (b);
      json_builder_end_object (b);
      print_json (b);
    }
  return PH_CLI_EXIT_OK;
}

/* --actions: the ruleset's own, then the game verb's (whose arguments are
 * not name=value) */
typedef struct
{
  const char *name;
  const char *label;
  const char *arguments;
  const char *help;
} Builtin;

static const Builtin builtin[] = {
  { "roll", N_("Roll dice from the tray"), "EXPR [purpose]",
    N_("a free roll: d6, 2d6, d10, d20, d100, 3d10+2; recorded in the log") },
  { "undo", N_("Undo"), "", N_("reverts the last step (its dice stay rolled)") },
  { "redo", N_("Redo"), "", N_("applies the next undone step again") },
};

static GPtrArray *
listed_actions (const PhGameRules *rules)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);

  for (const PhGameActionInfo *a = rules->actions; a != NULL && a->name != NULL; a++)
    {
      g_autofree char *arguments = ph_game_action_format_arguments (a);
      char *row[] = { (char *) a->name, (char *) (a->label != NULL ? a->label : a->name),
                      arguments, (char *) (a->help != NULL ? a->help : ""), NULL };

      g_ptr_array_add (list, g_strdupv (row));
    }
  for (guint i = 0; i < G_N_ELEMENTS (builtin); i++)
    {
      char *row[] = { (char *) builtin[i].name, (char *) builtin[i].label,
                      (char *) builtin[i].arguments, (char *) builtin[i].help, NULL };

      g_ptr_array_add (list, g_strdupv (row));
    }
  return list;
}

static void
print_actions (PhRulesetId ruleset,
               gboolean    json)
{
  const PhGameRules *rules = ph_game_rules_get (ruleset);
  g_autoptr(GPtrArray) list = listed_actions (rules);
  guint n_own = 0;

  for (const PhGameActionInfo *a = rules->actions; a != NULL && a->name != NULL; a++)
    n_own++;

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      static const char * const keys[] = { "name", "label", "arguments", "help" };

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "ruleset");
      json_builder_add_string_value (b, ph_ruleset_id_to_string (ruleset));
      json_builder_set_member_name (b, "actions");
      json_builder_begin_array (b);
      for (guint i = 0; i < list->len; i++)
        {
          char **row = g_ptr_array_index (list, i);

          json_builder_begin_object (b);
          for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
            {
              json_builder_set_member_name (b, keys[k]);
              json_builder_add_string_value (b, row[k]);
            }
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      print_json (b);
      return;
    }

  printf (_("%s actions (ACTION name=value...):\n"), ph_ruleset_get (ruleset)->title);
  for (guint i = 0; i < list->len; i++)
    {
      char **row = g_ptr_array_index (list, i);

      if (i == n_own)
        printf (_("\nEvery ruleset:\n"));
      printf ("  %s", row[0]);
      if (row[2][0] != '\0')
        printf (" %s", row[2]);
      /* the tables' words are marked N_() */
      printf ("\n      %s", _(row[1]));
      if (row[3][0] != '\0')
        /* TRANSLATORS: between an action's label and its help in --actions */
        printf (_(": %s"), _(row[3]));
      putchar ('\n');
    }
}

static gboolean
save (PhGame     *game,
      const char *filename)
{
  g_autoptr(GError) error = NULL;

  ph_game_store (game);
  if (!ph_cli_save_scenario (ph_game_get_scenario (game), filename, &error))
    {
      ph_cli_error ("%s", error->message);
      return FALSE;
    }
  return TRUE;
}

/* The game's own messages, without a location, get the program's prefix;
 * the loader's "FILE:LINE: message" are printed as they are. */
static void
print_load_error (const char   *filename,
                  const GError *error)
{
  if (g_str_has_prefix (error->message, filename))
    fprintf (stderr, "%s\n", error->message);
  else
    ph_cli_error ("%s", error->message);
}

int
ph_cli_game (int    argc,
             char **argv)
{
  g_auto(Options) o = { 0 };
  /* released last, after the file is written */
  g_autoptr(PhFileLock) lock = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) scenario = NULL;
  g_autoptr(PhGame) game = NULL;
  const char *filename, *action, *output;
  const char * const *args;
  guint64 seed = 0, replay = 0;
  guint n_args;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output,
      N_("Write the scenario here instead of back to FILE (- for standard output)"), N_("OUT") },
    { "new", 0, 0, G_OPTION_ARG_NONE, &o.new_game,
      N_("Start a new game (the ruleset's first step) in a scenario without one"), NULL },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &o.seed_text,
      N_("With --new: seed the game's dice (default: a random seed)"), N_("N") },
    { "actions", 0, 0, G_OPTION_ARG_NONE, &o.actions,
      N_("List the ruleset's actions with their arguments"), NULL },
    { "replay", 0, 0, G_OPTION_ARG_STRING, &o.replay_text,
      N_("Show the figures and variables after the first N steps (nothing is saved)"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o.json,
      N_("Print the log, the step or the state as one JSON object"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &o.rest, NULL,
      N_("FILE [ACTION [name=value...]]") },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
    N_("Plays the game stored in a scenario file, one step at a time, without a\n"
       "display. With no ACTION, prints where the game stands and its log: every\n"
       "step, numbered, with the dice it rolled. With an ACTION, performs it,\n"
       "prints the step and saves the scenario with the game in it."));
  g_option_context_set_description (context,
    N_("Actions:\n"
       "  ACTION name=value...  one of the ruleset's actions (see --actions), e.g.\n"
       "                        roll-ips figure=smith\n"
       "  roll EXPR [purpose=TEXT]\n"
       "                        a roll from the dice tray: d6, 2d6, d10, d20, d100,\n"
       "                        3d10+2\n"
       "  undo, redo            revert the last step, or apply the next undone one\n"
       "                        again; undoing does not undo the dice: doing the\n"
       "                        same again rolls the same numbers\n"
       "\n"
       "A file without a game needs --new (and --seed N for dice that can be\n"
       "repeated) before anything else; --new may be followed by an ACTION.\n"
       "--replay N shows the figures (position, stance, status, weapons loaded,\n"
       "the ruleset's attributes) and the game's variables after the first N\n"
       "steps of the log, and saves nothing. The file is written atomically (a\n"
       "temporary file, then a rename), to OUT or back to FILE, its comments\n"
       "and layout kept where nothing changed; a refused action writes nothing.\n"
       "The game's file format is docs/game-format.md. A FILE of - reads the\n"
       "scenario from standard input; what saves then needs -o OUT, and -o -\n"
       "writes the scenario to standard output (the step, or its JSON, then\n"
       "goes to standard error).\n"
       "\n"
       "Exit status: 0 done, 1 invalid file, no game, an action that is refused\n"
       "(the reason is printed) or a file that cannot be written, 2 wrong usage."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!ph_cli_parse_options (context, VERB, &argc, &argv))
    return PH_CLI_EXIT_USAGE;
  /* the step's text saved in the file is then the program's own English
   * too (docs/game-format.md, "@text") */
  if (o.json)
    ph_cli_machine_output ();

  if (o.rest == NULL || o.rest[0] == NULL)
    return ph_cli_usage_error (VERB, _("no scenario file given"));
  filename = o.rest[0];
  action = o.rest[1];
  args = action != NULL ? (const char * const *) o.rest + 2 : NULL;
  n_args = args != NULL ? g_strv_length ((char **) args) : 0;
  output = o.output != NULL ? o.output : filename;

  if (o.seed_text != NULL
      && !g_ascii_string_to_unsigned (o.seed_text, 10, 0, G_MAXUINT32, &seed, NULL))
    return ph_cli_usage_error (VERB, _("--seed must be a whole number from 0 to %u, not '%s'"),
                               G_MAXUINT32, o.seed_text);
  if (o.seed_text != NULL && !o.new_game)
    return ph_cli_usage_error (VERB, _("--seed goes with --new (a game keeps its seed)"));
  if (o.replay_text != NULL
      && !g_ascii_string_to_unsigned (o.replay_text, 10, 0, G_MAXUINT, &replay, NULL))
    return ph_cli_usage_error (VERB, _("--replay must be a whole number of steps, not '%s'"),
                               o.replay_text);
  if ((o.replay_text != NULL) + o.actions + o.new_game > 1)
    return ph_cli_usage_error (VERB, _("--new, --actions and --replay go one at a time"));
  if ((o.replay_text != NULL || o.actions) && action != NULL)
    return ph_cli_usage_error (VERB, _("%s takes no ACTION ('%s')"),
                               o.actions ? "--actions" : "--replay", action);
  if (action != NULL && (strcmp (action, "undo") == 0 || strcmp (action, "redo") == 0)
      && n_args > 0)
    return ph_cli_usage_error (VERB, _("%s takes no arguments ('%s')"), action, args[0]);
  if (action != NULL && strcmp (action, "roll") == 0)
    {
      if (n_args == 0)
        return ph_cli_usage_error (VERB, _("roll needs dice: roll EXPR [purpose=TEXT], "
                                           "such as roll 2d6"));
      if (n_args > 2 || (n_args == 2 && !g_str_has_prefix (args[1], "purpose=")))
        return ph_cli_usage_error (VERB, _("roll takes EXPR and purpose=TEXT, not '%s'"),
                                   args[n_args - 1]);
    }

  /* only --new and the actions save; the log, --actions and --replay
   * read standard input as any other file */
  if ((o.new_game || action != NULL)
      && !ph_cli_check_write_back (VERB, filename, o.output))
    return PH_CLI_EXIT_USAGE;

  /* What is read here is written back: another writer waits until then
   * (or we wait for it), so that neither loses the other's step. */
  if ((o.new_game || action != NULL) && !ph_cli_lock_file (filename, &lock))
    return PH_CLI_EXIT_INPUT;
  scenario = ph_cli_load_scenario (filename);
  if (scenario == NULL)
    return PH_CLI_EXIT_INPUT;

  if (o.actions)
    {
      print_actions (scenario->ruleset, o.json);
      return PH_CLI_EXIT_OK;
    }

  if (o.new_game)
    {
      if (scenario->game_xml != NULL)
        {
          ph_cli_error (ph_game_xml_is_log (scenario->game_xml)
                        ? _("%s already holds a game: play it, or start from a copy of the "
                            "scenario without <game>")
                        : _("%s holds other <game> content, which a new game would replace: "
                            "start from a copy of the scenario without it"), filename);
          return PH_CLI_EXIT_INPUT;
        }
      game = ph_game_new (scenario, o.seed_text != NULL ? (guint32) seed : g_random_int ());
    }
  else
    {
      if (!ph_game_xml_is_log (scenario->game_xml))
        {
          ph_cli_error (_("%s holds no game: start one with --new [--seed N]"), filename);
          return PH_CLI_EXIT_INPUT;
        }
      game = ph_game_load (scenario, filename, &error);
      if (game == NULL)
        {
          print_load_error (filename, error);
          return PH_CLI_EXIT_INPUT;
        }
    }

  if (o.replay_text != NULL)
    {
      if (!ph_game_seek (game, (guint) MIN (replay, G_MAXUINT), &error))
        return ph_cli_input_error (error);
      return print_state (game, o.json);
    }

  if (action == NULL)
    {
      if (o.new_game)
        {
          if (!save (game, output))
            return PH_CLI_EXIT_INPUT;
          if (ph_game_get_n_events (game) > 0)
            {
              print_step (game, "perform", ph_game_get_n_events (game) - 1, o.json);
              return PH_CLI_EXIT_OK;
            }
        }
      print_log (game, o.json);
      return PH_CLI_EXIT_OK;
    }

  if (strcmp (action, "undo") == 0)
    {
      if (!ph_game_undo (game, &error))
        return ph_cli_input_error (error);
      if (!save (game, output))
        return PH_CLI_EXIT_INPUT;
      print_step (game, "undo", ph_game_get_position (game), o.json);
      return PH_CLI_EXIT_OK;
    }
  if (strcmp (action, "redo") == 0)
    {
      if (!ph_game_redo (game, &error))
        return ph_cli_input_error (error);
      if (!save (game, output))
        return PH_CLI_EXIT_INPUT;
      print_step (game, "redo", ph_game_get_position (game) - 1, o.json);
      return PH_CLI_EXIT_OK;
    }

  if (strcmp (action, "roll") == 0)
    {
      const char *purpose = n_args == 2 ? args[1] + strlen ("purpose=") : NULL;

      if (!ph_game_roll_tray (game, args[0], purpose, &error))
        return ph_cli_input_error (error);
    }
  else if (!ph_game_perform_argv (game, action, args, &error))
    return ph_cli_input_error (error);
  if (!save (game, output))
    return PH_CLI_EXIT_INPUT;
  print_step (game, "perform", ph_game_get_position (game) - 1, o.json);
  return PH_CLI_EXIT_OK;
}
