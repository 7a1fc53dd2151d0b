/* ph-game.c: a game in progress: events, undo, redo and replay
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rulesets' modules act on the game only through the setters below,
 * inside an open event; every setter records (old, new), so undoing an
 * event is reverting its changes in reverse order, and a failed action is
 * reverted the same way before anything else sees it.
 */
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-error.h"
#include "ph-figure-attr.h"
#include "ph-game-private.h"
#include "ph-ruleset.h"
#include "ph-scenario-values.h"

G_DEFINE_QUARK (ph-game-error-quark, ph_game_error)

/* Events, rolls and changes */

PhRoll *
ph_roll_new (int n,
             int sides)
{
  PhRoll *roll = g_new0 (PhRoll, 1);

  roll->n = n;
  roll->sides = sides;
  roll->values = g_new0 (int, MAX (n, 1));
  return roll;
}

void
ph_roll_free (PhRoll *roll)
{
  if (roll == NULL)
    return;
  g_free (roll->purpose);
  g_free (roll->figure);
  g_free (roll->values);
  g_free (roll);
}

PhChange *
ph_change_new (PhChangeKind  kind,
               const char   *figure,
               const char   *key,
               const char   *old_value,
               const char   *new_value)
{
  PhChange *change = g_new0 (PhChange, 1);

  change->kind = kind;
  change->figure = g_strdup (figure);
  change->key = g_strdup (key);
  change->old_value = g_strdup (old_value);
  change->new_value = g_strdup (new_value);
  return change;
}

void
ph_change_free (PhChange *change)
{
  if (change == NULL)
    return;
  g_free (change->figure);
  g_free (change->key);
  g_free (change->old_value);
  g_free (change->new_value);
  g_free (change);
}

PhEvent *
ph_event_new (const char *kind)
{
  PhEvent *event = g_new0 (PhEvent, 1);

  event->kind = g_strdup (kind);
  event->rolls = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_roll_free);
  event->changes = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_change_free);
  return event;
}

void
ph_event_free (PhEvent *event)
{
  if (event == NULL)
    return;
  g_free (event->kind);
  g_free (event->figure);
  g_free (event->text);
  g_clear_pointer (&event->rolls, g_ptr_array_unref);
  g_clear_pointer (&event->changes, g_ptr_array_unref);
  g_free (event);
}

/* Lifetime */

const PhGameRules *
ph_game_rules_get (PhRulesetId ruleset)
{
  return ph_ruleset_get (ruleset)->game;
}

PhGame *
ph_game_new_empty (PhScenario *scenario,
                   guint32     seed)
{
  PhGame *game = g_new0 (PhGame, 1);

  game->scenario = ph_scenario_ref (scenario);
  game->rules = ph_game_rules_get (scenario->ruleset);
  game->seed = seed;
  game->rand = g_rand_new_with_seed (seed);
  game->vars = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  game->events = g_ptr_array_new_with_free_func ((GDestroyNotify) ph_event_free);
  return game;
}

PhGame *
ph_game_new (PhScenario *scenario,
             guint32     seed)
{
  PhGame *game = ph_game_new_empty (scenario, seed);
  g_autoptr(GError) error = NULL;

  if (game->rules->start != NULL)
    {
      gboolean ok;

      game->open = ph_event_new ("start");
      ok = game->rules->start (game, &error);
      if (!ok)
        g_warning ("starting a %s game failed: %s",
                   ph_ruleset_id_to_string (scenario->ruleset), error->message);
      else if (game->open->text == NULL)
        game->open->text = g_strdup (_("The game begins"));
      ph_game_finish_event (game, ok);
    }
  return game;
}

void
ph_game_free (PhGame *game)
{
  if (game == NULL)
    return;
  g_clear_pointer (&game->open, ph_event_free);
  g_clear_pointer (&game->events, g_ptr_array_unref);
  g_clear_pointer (&game->vars, g_hash_table_unref);
  g_clear_pointer (&game->rand, g_rand_free);
  g_clear_pointer (&game->scenario, ph_scenario_unref);
  g_free (game);
}

PhScenario *
ph_game_get_scenario (PhGame *game)
{
  return game->scenario;
}

const PhGameRules *
ph_game_get_rules (PhGame *game)
{
  return game->rules;
}

guint32
ph_game_get_seed (PhGame *game)
{
  return game->seed;
}

guint
ph_game_get_n_events (PhGame *game)
{
  return game->events->len;
}

guint
ph_game_get_position (PhGame *game)
{
  return game->position;
}

const PhEvent *
ph_game_get_event (PhGame *game,
                   guint   index)
{
  g_return_val_if_fail (index < game->events->len, NULL);
  return g_ptr_array_index (game->events, index);
}

/* Applying and reverting */

static const char *
describe_value (const char *value)
{
  return value != NULL ? value : "(unset)";
}

/* @value as figure attribute @key writes it back ("8.0" reads as "8"), or
 * NULL when the attribute does not take it */
static char *
canonical_value (PhScenario     *scenario,
                 const PhFigure *figure,
                 const char     *key,
                 const char     *value)
{
  PhFigure *scratch = ph_figure_copy (figure);
  char *canonical = NULL;

  if (ph_figure_set_attr (scenario, scratch, key, value, NULL))
    canonical = ph_figure_get_attr (scenario, scratch, key, NULL);
  ph_figure_free (scratch);
  return canonical;
}

static gboolean
apply_change (PhGame          *game,
              const PhChange  *change,
              gboolean         forward,
              gboolean         check,
              GError         **error)
{
  const char *from = forward ? change->old_value : change->new_value;
  const char *to = forward ? change->new_value : change->old_value;

  if (change->kind == PH_CHANGE_VAR)
    {
      const char *now = g_hash_table_lookup (game->vars, change->key);

      if (check && g_strcmp0 (now, from) != 0)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_MISMATCH,
                       "game variable '%s' is %s, the log says %s",
                       change->key, describe_value (now), describe_value (from));
          return FALSE;
        }
      if (to == NULL)
        g_hash_table_remove (game->vars, change->key);
      else
        g_hash_table_insert (game->vars, g_strdup (change->key), g_strdup (to));
      return TRUE;
    }
  else
    {
      PhFigure *figure = ph_scenario_find_figure (game->scenario, change->figure);

      if (figure == NULL)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_MISMATCH,
                       "the log names a figure '%s' the scenario does not have",
                       change->figure);
          return FALSE;
        }
      if (check)
        {
          g_autofree char *now = ph_figure_get_attr (game->scenario, figure, change->key, error);
          g_autofree char *canonical = NULL;

          if (now == NULL && error != NULL && *error != NULL)
            return FALSE;
          /* "8.0" in the log is the figure's "8": values are compared as
           * the attribute reads them, not letter by letter */
          if (g_strcmp0 (now, from) != 0 && from != NULL)
            canonical = canonical_value (game->scenario, figure, change->key, from);
          if (g_strcmp0 (now, from) != 0 && g_strcmp0 (now, canonical) != 0)
            {
              g_clear_error (error);
              g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_MISMATCH,
                           "%s's %s is %s, the log says %s", change->figure, change->key,
                           describe_value (now), describe_value (from));
              return FALSE;
            }
        }
      if (to == NULL)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_MISMATCH,
                       "the log leaves %s's %s without a value", change->figure, change->key);
          return FALSE;
        }
      return ph_figure_set_attr (game->scenario, figure, change->key, to, error);
    }
}

/* Some attributes move together (a Featherstone figure's wound letters
 * set its wound counts): once an event is applied, every attribute it
 * changed must read what its last change there says (its first change's
 * old value when reverting), or the log does not hold together and could
 * not be checked back from its end. */
static gboolean
check_event_result (PhGame         *game,
                    const PhEvent  *event,
                    gboolean        forward,
                    GError        **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n = event->changes->len;

  /* the last change of each attribute going forward, the first going back */
  for (guint k = 0; k < n; k++)
    {
      const PhChange *change = g_ptr_array_index (event->changes, forward ? n - 1 - k : k);
      const char *want = forward ? change->new_value : change->old_value;
      g_autofree char *key = NULL;
      g_autofree char *now = NULL;
      g_autofree char *canonical = NULL;
      PhFigure *figure;

      if (change->kind != PH_CHANGE_FIGURE || want == NULL)
        continue;
      key = g_strconcat (change->figure, "\n", change->key, NULL);
      if (g_hash_table_contains (seen, key))
        continue;
      g_hash_table_add (seen, g_steal_pointer (&key));
      figure = ph_scenario_find_figure (game->scenario, change->figure);
      if (figure == NULL)
        continue;
      now = ph_figure_get_attr (game->scenario, figure, change->key, NULL);
      if (g_strcmp0 (now, want) == 0)
        continue;
      canonical = canonical_value (game->scenario, figure, change->key, want);
      if (g_strcmp0 (now, canonical) == 0)
        continue;
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_MISMATCH,
                   "the changes of a '%s' step do not hold together: %s's %s is %s "
                   "after it, the log says %s", event->kind, change->figure, change->key,
                   describe_value (now), want);
      return FALSE;
    }
  return TRUE;
}

gboolean
ph_game_apply_event (PhGame         *game,
                     const PhEvent  *event,
                     gboolean        forward,
                     gboolean        check,
                     GError        **error)
{
  guint n = event->changes->len;

  for (guint i = 0; i < n; i++)
    {
      const PhChange *change = g_ptr_array_index (event->changes, forward ? i : n - 1 - i);

      if (!apply_change (game, change, forward, check, error))
        return FALSE;
    }
  return !check || check_event_result (game, event, forward, error);
}

/* Reverts the last applied event, leaving the dice to the caller */
static gboolean
step_back (PhGame  *game,
           GError **error)
{
  if (game->position == 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOTHING, _("there is nothing to undo"));
      return FALSE;
    }
  if (!ph_game_apply_event (game, g_ptr_array_index (game->events, game->position - 1),
                            FALSE, FALSE, error))
    return FALSE;
  game->position--;
  return TRUE;
}

/* Re-applies the next event; the generator, positioned after the applied
 * events' dice, draws this one's dice again. */
static gboolean
step_forward (PhGame  *game,
              GError **error)
{
  const PhEvent *event;

  if (game->position >= game->events->len)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOTHING, _("there is nothing to redo"));
      return FALSE;
    }
  event = g_ptr_array_index (game->events, game->position);
  if (!ph_game_apply_event (game, event, TRUE, FALSE, error))
    return FALSE;
  game->position++;
  ph_game_draw_event_dice (game, event);
  return TRUE;
}

gboolean
ph_game_undo (PhGame  *game,
              GError **error)
{
  if (!step_back (game, error))
    return FALSE;
  ph_game_rewind_dice (game);
  return TRUE;
}

gboolean
ph_game_redo (PhGame  *game,
              GError **error)
{
  return step_forward (game, error);
}

/* Stepping back rewinds the dice once, at the end: a replay from the end
 * of a long log to its start costs one pass over its dice, not one per
 * step. */
gboolean
ph_game_seek (PhGame  *game,
              guint    position,
              GError **error)
{
  gboolean ok = TRUE;
  gboolean back = game->position > position;

  if (position > game->events->len)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("the log has %u steps, not %u"), game->events->len, position);
      return FALSE;
    }
  while (ok && game->position > position)
    ok = step_back (game, error);
  if (back)
    ph_game_rewind_dice (game);
  while (ok && game->position < position)
    ok = step_forward (game, error);
  return ok;
}

/* Performing actions */

int
ph_event_start_turn (const PhEvent *event,
                     int            turn)
{
  for (guint i = 0; event->changes != NULL && i < event->changes->len; i++)
    {
      const PhChange *change = g_ptr_array_index (event->changes, i);
      gint64 old;

      if (change->kind != PH_CHANGE_VAR || g_strcmp0 (change->key, "turn") != 0)
        continue;
      /* the game's start sets it first: turn 1 */
      if (change->old_value == NULL
          || !g_ascii_string_to_signed (change->old_value, 10, 0, G_MAXINT, &old, NULL))
        return 1;
      return (int) old;
    }
  return turn;
}

gboolean
ph_game_finish_event (PhGame   *game,
                      gboolean  ok)
{
  PhEvent *event = g_steal_pointer (&game->open);

  if (!ok)
    {
      /* Drop it: revert what it did so far, and the dice it rolled. */
      ph_game_apply_event (game, event, FALSE, FALSE, NULL);
      ph_event_free (event);
      ph_game_rewind_dice (game);
      return FALSE;
    }

  /* A new step forgets the steps undone before it. */
  if (game->position < game->events->len)
    g_ptr_array_remove_range (game->events, game->position,
                              game->events->len - game->position);
  /* the step that ends a turn is that turn's ("[turn 1] … Turn 1 ends",
   * not "[turn 2]") */
  event->turn = ph_event_start_turn (event, ph_game_get_var_int (game, "turn", 1));
  g_ptr_array_add (game->events, event);
  game->position = game->events->len;
  return TRUE;
}

/* For the rulesets' code */

void
ph_game_log (PhGame     *game,
             const char *format,
             ...)
{
  va_list args;
  g_autofree char *line = NULL;

  g_return_if_fail (game->open != NULL);
  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);

  /* Several lines of one event read as one entry. */
  if (game->open->text == NULL)
    game->open->text = g_steal_pointer (&line);
  else
    {
      char *joined = g_strconcat (game->open->text, "\n", line, NULL);

      g_free (game->open->text);
      game->open->text = joined;
    }
}

void
ph_game_set_event_figure (PhGame     *game,
                          const char *figure)
{
  g_return_if_fail (game->open != NULL);
  g_free (game->open->figure);
  game->open->figure = g_strdup (figure);
}

const char *
ph_game_get_var (PhGame     *game,
                 const char *name)
{
  return g_hash_table_lookup (game->vars, name);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

GPtrArray *
ph_game_list_vars (PhGame *game)
{
  GPtrArray *names = g_ptr_array_new_full (g_hash_table_size (game->vars), g_free);
  GHashTableIter iter;
  gpointer name;

  g_hash_table_iter_init (&iter, game->vars);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  return names;
}

int
ph_game_get_var_int (PhGame     *game,
                     const char *name,
                     int         fallback)
{
  const char *value = ph_game_get_var (game, name);
  gint64 n;

  if (value == NULL || !g_ascii_string_to_signed (value, 10, G_MININT, G_MAXINT, &n, NULL))
    return fallback;
  return (int) n;
}

void
ph_game_set_var (PhGame     *game,
                 const char *name,
                 const char *value)
{
  const char *old = ph_game_get_var (game, name);
  PhChange *change;

  g_return_if_fail (game->open != NULL);
  if (g_strcmp0 (old, value) == 0)
    return;
  change = ph_change_new (PH_CHANGE_VAR, NULL, name, old, value);
  g_ptr_array_add (game->open->changes, change);
  apply_change (game, change, TRUE, FALSE, NULL);
}

void
ph_game_set_var_int (PhGame     *game,
                     const char *name,
                     int         value)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%d", value);
  ph_game_set_var (game, name, buf);
}

static char *
figure_var_name (const char *figure,
                 const char *key)
{
  return g_strconcat (figure, ":", key, NULL);
}

const char *
ph_game_get_figure_var (PhGame     *game,
                        const char *figure,
                        const char *key)
{
  g_autofree char *name = figure_var_name (figure, key);

  return ph_game_get_var (game, name);
}

int
ph_game_get_figure_var_int (PhGame     *game,
                            const char *figure,
                            const char *key,
                            int         fallback)
{
  g_autofree char *name = figure_var_name (figure, key);

  return ph_game_get_var_int (game, name, fallback);
}

void
ph_game_set_figure_var (PhGame     *game,
                        const char *figure,
                        const char *key,
                        const char *value)
{
  g_autofree char *name = figure_var_name (figure, key);

  ph_game_set_var (game, name, value);
}

void
ph_game_set_figure_var_int (PhGame     *game,
                            const char *figure,
                            const char *key,
                            int         value)
{
  g_autofree char *name = figure_var_name (figure, key);

  ph_game_set_var_int (game, name, value);
}

gboolean
ph_game_set_figure_attr (PhGame      *game,
                         const char  *figure,
                         const char  *attr,
                         const char  *value,
                         GError     **error)
{
  PhFigure *f = ph_scenario_find_figure (game->scenario, figure);
  g_autofree char *old = NULL;
  g_autofree char *rounded = NULL;
  PhChange *change;

  g_return_val_if_fail (game->open != NULL, FALSE);
  if (f == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("no figure with id '%s'"), figure);
      return FALSE;
    }
  /* Every move of every ruleset, and the referee's, ends here: the
   * position is kept to PH_POSITION_STEP, so that the model, the log's
   * "new" and the file say the same short number ("12.346") and a saved
   * game reopens and replays to the very same spot */
  if (value != NULL && (g_str_equal (attr, "x") || g_str_equal (attr, "y")))
    {
      char *end = NULL;
      double v = g_ascii_strtod (value, &end);

      if (end != value && *end == '\0' && isfinite (v))
        value = rounded = ph_value_format_number (ph_value_round_position (v));
    }
  old = ph_figure_get_attr (game->scenario, f, attr, NULL);
  if (!ph_figure_set_attr (game->scenario, f, attr, value, error))
    return FALSE;
  {
    /* record the canonical text the file would hold */
    g_autofree char *now = ph_figure_get_attr (game->scenario, f, attr, NULL);

    if (g_strcmp0 (old, now) == 0)
      return TRUE;
    change = ph_change_new (PH_CHANGE_FIGURE, figure, attr, old, now);
  }
  g_ptr_array_add (game->open->changes, change);
  return TRUE;
}

void
ph_game_set_status (PhGame     *game,
                    const char *figure,
                    PhStatus    flag,
                    gboolean    on)
{
  PhFigure *f = ph_scenario_find_figure (game->scenario, figure);
  g_autofree char *value = NULL;
  guint status;

  g_return_if_fail (f != NULL);
  status = on ? (f->status | flag) : (f->status & ~(guint) flag);
  if (status == f->status)
    return;
  value = ph_status_set_to_string (status);
  ph_game_set_figure_attr (game, figure, "status", value, NULL);
}
