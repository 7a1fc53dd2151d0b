/* ph-game-actions.c: what a game is asked to do: its actions found,
 * checked, performed or tried and taken back, and what it expects next
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph_game_perform() and ph_game_try() are one run_action(): the arguments
 * checked (ph-game-args.c), the ruleset's handler run inside an open
 * event, then the event kept (ph_game_finish_event()) or taken back with
 * the dice generator as it was. The window's right-click menu and Game
 * tab ask ph_game_try() what the rules would take; nothing else decides.
 */
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-args.h"
#include "ph-game-private.h"
#include "ph-ruleset.h"

static const PhGameActionInfo *
find_action (const PhGameRules *rules,
             const char        *name)
{
  for (const PhGameActionInfo *a = rules->actions; a != NULL && a->name != NULL; a++)
    if (g_str_equal (a->name, name))
      return a;
  return NULL;
}

void
ph_game_shot_options (PhGame         *game,
                      const PhFigure *figure,
                      const PhFigure *target,
                      PhShotOptions  *options)
{
  g_return_if_fail (game != NULL && figure != NULL && target != NULL && options != NULL);

  if (game->rules->shot_options != NULL)
    game->rules->shot_options (game, figure, target, options);
}

char *
ph_game_target_odds (PhGame         *game,
                     const char     *action,
                     const PhFigure *figure,
                     const PhFigure *target)
{
  return ph_game_target_odds_with (game, action, figure, target, NULL);
}

char *
ph_game_target_odds_with (PhGame         *game,
                          const char     *action,
                          const PhFigure *figure,
                          const PhFigure *target,
                          GHashTable     *args)
{
  g_return_val_if_fail (game != NULL && action != NULL, NULL);
  g_return_val_if_fail (figure != NULL && target != NULL, NULL);

  if (game->rules->target_odds == NULL)
    return NULL;
  return game->rules->target_odds (game, action, figure, target, args);
}

char *
ph_game_step_words (PhGame         *game,
                    const char     *action,
                    const PhFigure *figure)
{
  g_return_val_if_fail (game != NULL && action != NULL && figure != NULL, NULL);

  if (game->rules->step_words == NULL)
    return NULL;
  return game->rules->step_words (game, action, figure);
}

char *
ph_game_other_way (PhGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  if (game->rules->other_way == NULL)
    return NULL;
  return game->rules->other_way (game);
}

gboolean
ph_game_choice_allowed (PhGame     *game,
                        const char *action,
                        const char *arg,
                        const char *choice,
                        GHashTable *args)
{
  g_return_val_if_fail (game != NULL && action != NULL && arg != NULL && choice != NULL, TRUE);

  if (game->rules->choice_allowed == NULL || args == NULL)
    return TRUE;
  return game->rules->choice_allowed (game, action, arg, choice, args);
}

char *
ph_game_arg_default (PhGame     *game,
                     const char *action,
                     const char *arg,
                     GHashTable *args)
{
  g_return_val_if_fail (game != NULL && action != NULL && arg != NULL && args != NULL, NULL);

  if (game->rules->arg_default == NULL)
    return NULL;
  return game->rules->arg_default (game, action, arg, args);
}

void
ph_game_shot_option_args (PhGame              *game,
                          const PhShotOptions *options,
                          GHashTable          *args)
{
  const PhGameActionInfo *info;
  const PhRuleset *ruleset;

  g_return_if_fail (game != NULL && options != NULL && args != NULL);

  info = find_action (game->rules, "shoot");
  ruleset = ph_ruleset_get (game->scenario->ruleset);
  if (info == NULL || ruleset == NULL)
    return;
  for (const PhGameArg *arg = info->args; arg->name != NULL; arg++)
    {
      const char *value = NULL;

      if (arg->kind == PH_GAME_ARG_WEAPON)
        {
          /* "": the first missile weapon, as the engine takes it */
          value = options->has_weapon ? ph_weapon_kind_to_string (options->weapon) : "";
          g_hash_table_insert (args, g_strdup (arg->name), g_strdup (value));
          continue;
        }
      for (guint i = 0; i < ruleset->n_shot_options && i < PH_SHOT_MAX_OPTIONS; i++)
        {
          const PhShotOption *option = &ruleset->shot_options[i];
          int v = options->values[i];

          if (!g_str_equal (option->name, arg->name))
            continue;
          if (option->type == PH_SHOT_OPTION_FLAG && arg->kind == PH_GAME_ARG_BOOL)
            value = v ? "true" : "false";
          else if (option->type != PH_SHOT_OPTION_FLAG && arg->kind == PH_GAME_ARG_CHOICE
                   && option->choices != NULL && v >= 0
                   && v < (int) g_strv_length ((char **) option->choices)
                   && arg->choices != NULL
                   && g_strv_contains (arg->choices, option->choices[v]))
            value = option->choices[v];
          if (value != NULL)
            g_hash_table_insert (args, g_strdup (arg->name), g_strdup (value));
          break;
        }
    }
}

const PhGameActionInfo *
ph_game_find_action (PhGame     *game,
                     const char *name)
{
  g_return_val_if_fail (game != NULL && name != NULL, NULL);
  return find_action (game->rules, name);
}

gboolean
ph_game_action_acts_on_target (const PhGameActionInfo *info,
                               gboolean               *needs_more)
{
  gboolean figure = FALSE, target = FALSE;

  *needs_more = FALSE;
  for (const PhGameArg *arg = info->args; arg != NULL && arg->name != NULL; arg++)
    {
      if (arg->kind == PH_GAME_ARG_FIGURE && !figure && arg == info->args)
        figure = TRUE;
      else if (arg->kind == PH_GAME_ARG_TARGET && !target)
        target = TRUE;
      else if (!arg->optional)
        *needs_more = TRUE;
    }
  return figure && target;
}

/* @args with each required argument it lacks given a plain value (1, no,
 * the first choice, the first side, the first weapon), so that a try
 * meets the rules' refusals rather than the missing value; a figure
 * cannot be made up: *@unknown_figure says one is left out */
static GHashTable *
fill_missing (PhGame                 *game,
              const PhGameActionInfo *info,
              GHashTable             *args,
              gboolean               *unknown_figure)
{
  GHashTable *filled = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GHashTableIter iter;
  gpointer key, value;

  *unknown_figure = FALSE;
  g_hash_table_iter_init (&iter, args);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (filled, g_strdup (key), g_strdup (value));
  for (const PhGameArg *arg = info->args; arg != NULL && arg->name != NULL; arg++)
    {
      const char *given = g_hash_table_lookup (args, arg->name);
      const char *plain = NULL;

      if (arg->optional || (given != NULL && *given != '\0'))
        continue;
      switch (arg->kind)
        {
        case PH_GAME_ARG_NUMBER:
          plain = "1";
          break;
        case PH_GAME_ARG_BOOL:
          plain = "false";
          break;
        case PH_GAME_ARG_CHOICE:
          plain = arg->choices != NULL ? arg->choices[0] : NULL;
          break;
        case PH_GAME_ARG_TEXT:
          plain = "-";
          break;
        case PH_GAME_ARG_WEAPON:
          plain = "0";
          break;
        case PH_GAME_ARG_SIDE:
          plain = game->scenario->sides->len > 0
                  ? ((PhSide *) g_ptr_array_index (game->scenario->sides, 0))->id : NULL;
          break;
        case PH_GAME_ARG_FIGURE:
        case PH_GAME_ARG_TARGET:
        case PH_GAME_ARG_FIGURES:
        default:
          *unknown_figure = TRUE;
          break;
        }
      if (plain != NULL)
        g_hash_table_insert (filled, g_strdup (arg->name), g_strdup (plain));
    }
  return filled;
}

/* No figure @event moved stands on another's base, nor a unit in
 * another's hex (ph_game_check_spot()): every action, not only the drop
 * that ph_game_perform_move() checks before it */
static gboolean
moved_onto_no_one (PhGame   *game,
                   PhEvent  *event,
                   GError  **error)
{
  for (guint i = 0; i < event->changes->len; i++)
    {
      const PhChange *change = g_ptr_array_index (event->changes, i);
      const PhFigure *figure;

      if (change->kind != PH_CHANGE_FIGURE
          || !(g_strcmp0 (change->key, "x") == 0 || g_strcmp0 (change->key, "y") == 0))
        continue;
      figure = ph_scenario_find_figure (game->scenario, change->figure);
      if (figure != NULL && !ph_figure_is_off_table (figure)
          && !ph_game_check_spot (game->scenario, figure, (PhPoint) { figure->x, figure->y },
                                  error))
        return FALSE;
    }
  return TRUE;
}

/* An action with @args: performed and kept (@keep), or tried and taken
 * back; with @missing_ok, a required argument left out is no refusal:
 * the try gives it a plain value, and when it is a figure that cannot be
 * made up, a refusal for a bad argument is let through */
static gboolean
run_action (PhGame      *game,
            const char  *action,
            GHashTable  *args,
            gboolean     keep,
            gboolean     missing_ok,
            gboolean    *moves_on,
            char       **where,
            GError     **error)
{
  g_autoptr(GHashTable) empty = NULL;
  g_autoptr(GHashTable) filled = NULL;
  g_autoptr(GHashTable) checked = NULL;
  g_autoptr(GError) local_error = NULL;
  const PhGameActionInfo *info;
  gboolean unknown_figure = FALSE;
  GRand *rand_before = NULL;
  gboolean ok;

  g_return_val_if_fail (game->open == NULL, FALSE);

  info = find_action (game->rules, action);
  if (info == NULL || info->perform == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("%s has no action '%s'"),
                   ph_ruleset_get (game->scenario->ruleset)->title, action);
      return FALSE;
    }
  if (args == NULL)
    args = empty = g_hash_table_new (g_str_hash, g_str_equal);
  if (missing_ok)
    args = filled = fill_missing (game, info, args, &unknown_figure);
  if (!ph_game_check_arguments (game, info, args, unknown_figure ? NULL : error)
      && !unknown_figure)
    return FALSE;
  checked = ph_game_normalize_arguments (game, info, args);

  if (!keep)
    rand_before = g_rand_copy (game->rand);
  game->open = ph_event_new (action);
  ok = info->perform (game, checked, &local_error);
  /* a typed move (the Game tab's Exact position, the command line)
   * stands on no one either, as a drop does */
  if (ok && keep)
    ok = moved_onto_no_one (game, game->open, &local_error);
  if (ok && game->open->text == NULL)
    game->open->text = g_strdup (info->label);
  if (!keep)
    {
      g_autoptr(GError) revert_error = NULL;
      PhEvent *event = g_steal_pointer (&game->open);

      /* whether it would take the game on to another step or phase (the
       * rulesets keep them in the variables "step" and "phase") */
      if (moves_on != NULL)
        {
          *moves_on = FALSE;
          for (guint i = 0; ok && i < event->changes->len; i++)
            {
              const PhChange *change = g_ptr_array_index (event->changes, i);

              if (change->kind == PH_CHANGE_VAR
                  && (g_strcmp0 (change->key, "step") == 0 || g_strcmp0 (change->key, "phase") == 0)
                  && g_strcmp0 (change->old_value, change->new_value) != 0)
                *moves_on = TRUE;
            }
          /* the state the try left, before it is taken back */
          if (*moves_on && where != NULL && game->rules->step_name != NULL)
            *where = game->rules->step_name (game);
        }
      /* taken back, and the dice where they were: a copy of the
       * generator, not ph_game_finish_event()'s rewind through the whole
       * log (a try is made for every menu item and every refresh) */
      if (!ph_game_apply_event (game, event, FALSE, FALSE, &revert_error))
        g_warning ("a tried %s was not fully taken back: %s", action,
                   revert_error ? revert_error->message : "?");
      ph_event_free (event);
      g_rand_free (game->rand);
      game->rand = g_steal_pointer (&rand_before);
      if (!ok && unknown_figure
          && g_error_matches (local_error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION))
        return TRUE;
    }
  else
    ok = ph_game_finish_event (game, ok);
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&local_error));
  return ok;
}

gboolean
ph_game_perform (PhGame      *game,
                 const char  *action,
                 GHashTable  *args,
                 GError     **error)
{
  return run_action (game, action, args, TRUE, FALSE, NULL, NULL, error);
}

gboolean
ph_game_try (PhGame      *game,
             const char  *action,
             GHashTable  *args,
             gboolean     missing_ok,
             GError     **error)
{
  return run_action (game, action, args, FALSE, missing_ok, NULL, NULL, error);
}

gboolean
ph_game_try_step (PhGame      *game,
                  const char  *action,
                  GHashTable  *args,
                  gboolean     missing_ok,
                  gboolean    *moves_on,
                  GError     **error)
{
  g_return_val_if_fail (moves_on != NULL, FALSE);
  *moves_on = FALSE;
  return run_action (game, action, args, FALSE, missing_ok, moves_on, NULL, error);
}

gboolean
ph_game_try_step_to (PhGame      *game,
                     const char  *action,
                     GHashTable  *args,
                     gboolean     missing_ok,
                     gboolean    *moves_on,
                     char       **where,
                     GError     **error)
{
  g_return_val_if_fail (moves_on != NULL && where != NULL, FALSE);
  *moves_on = FALSE;
  *where = NULL;
  return run_action (game, action, args, FALSE, missing_ok, moves_on, where, error);
}

char *
ph_game_shot_refusal (PhGame              *game,
                      const PhFigure      *figure,
                      const PhFigure      *target,
                      const PhShotOptions *options)
{
  const PhGameActionInfo *info;
  g_autoptr(GHashTable) args = NULL;
  g_autoptr(GError) error = NULL;
  const char *target_arg = NULL;
  gboolean needs_more = FALSE, moves_on = FALSE;

  g_return_val_if_fail (game != NULL && figure != NULL && target != NULL, NULL);

  info = find_action (game->rules, "shoot");
  if (info == NULL || !ph_game_action_acts_on_target (info, &needs_more))
    return NULL;
  for (const PhGameArg *arg = info->args; arg->name != NULL; arg++)
    if (arg->kind == PH_GAME_ARG_TARGET)
      {
        target_arg = arg->name;
        break;
      }
  args = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_hash_table_insert (args, (gpointer) info->args[0].name, g_strdup (figure->id));
  g_hash_table_insert (args, (gpointer) target_arg, g_strdup (target->id));
  if (options != NULL && game->rules->shot_args != NULL)
    game->rules->shot_args (game, figure, options, args);
  if (ph_game_try_step (game, "shoot", args, needs_more, &moves_on, &error))
    return NULL;
  /* its first line: the rules' reason, without the arguments' help */
  return g_strndup (error->message, strcspn (error->message, "\n"));
}

gboolean
ph_game_perform_argv (PhGame             *game,
                      const char         *action,
                      const char * const *args,
                      GError            **error)
{
  g_autoptr(GHashTable) table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    {
      const char *eq = strchr (args[i], '=');

      if (eq == NULL || eq == args[i])
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                       _("argument '%s' is not of the form name=value"), args[i]);
          return FALSE;
        }
      g_hash_table_insert (table, g_strndup (args[i], eq - args[i]), g_strdup (eq + 1));
    }
  return ph_game_perform (game, action, table, error);
}

char *
ph_game_describe (PhGame *game)
{
  if (game->rules->describe != NULL)
    return game->rules->describe (game);
  return g_strdup_printf (_("Turn %d"), ph_game_get_var_int (game, "turn", 1));
}

const char *
ph_game_expected (PhGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  return game->rules->expected != NULL ? game->rules->expected (game) : NULL;
}

const char *
ph_game_expected_of (PhGame         *game,
                     const PhFigure *figure)
{
  g_return_val_if_fail (game != NULL, NULL);

  return game->rules->expected_of != NULL && figure != NULL
         ? game->rules->expected_of (game, figure) : NULL;
}
