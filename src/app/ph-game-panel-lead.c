/* ph-game-panel-lead.c: the step the Game tab leads to
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * After each step the tab shows the step the rules expect, the one the
 * bar over the map names ("Next: Move"), for the man who can take it, or
 * says dimmed under Perform why the man picked cannot. When another man
 * is picked, it shows a step the rules would take now: the one they
 * expect, else the picked man's own (his move, a shot at the pinned
 * enemy), else the game's (next step, end of the turn), each tried as a
 * dry run (ph_game_try_step()) that changes nothing.
 */
#include "ph-game-panel-private.h"
#include "ph-game-move.h"

#include <glib/gi18n.h>

/* @info's target argument, or NULL */
static const PhGameArg *
target_arg (const PhGameActionInfo *info)
{
  for (const PhGameArg *arg = info->args; arg != NULL && arg->name != NULL; arg++)
    if (arg->kind == PH_GAME_ARG_TARGET)
      return arg;
  return NULL;
}

char *
ph_game_panel_target_for (PhGamePanel            *self,
                          const PhGameActionInfo *info,
                          const char             *figure_id,
                          gboolean               *by_rules)
{
  PhGame *game = self->document ? ph_document_get_game (self->document) : NULL;
  const PhGameArg *target = target_arg (info);
  g_autoptr(GHashTable) args = NULL;
  g_autoptr(GError) why = NULL;
  g_autofree char *picked = NULL;

  *by_rules = FALSE;
  if (game == NULL || target == NULL || figure_id == NULL
      || info->args[0].kind != PH_GAME_ARG_FIGURE || ph_document_get_replaying (self->document))
    return g_strdup (self->target_id);
  args = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (args, (gpointer) info->args[0].name, (gpointer) figure_id);
  picked = ph_game_arg_default (game, info->name, target->name, args);
  if (picked != NULL && g_strcmp0 (picked, self->target_id) == 0)
    return g_strdup (self->target_id);
  /* the map's, when the rules would take him (a man the step refuses for
   * a value the form gives is not refused for himself) */
  if (self->target_id != NULL)
    {
      PhScenario *scenario = ph_document_get_scenario (self->document);
      PhFigure *figure = ph_scenario_find_figure (scenario, figure_id);
      PhFigure *map = ph_scenario_find_figure (scenario, self->target_id);
      gboolean friend;

      g_hash_table_insert (args, (gpointer) target->name, self->target_id);
      if (ph_game_try (game, info->name, args, TRUE, &why))
        return g_strdup (self->target_id);
      /* a man of his own side the step never takes (the target of a
       * friend's shot, still pinned, in the Melee form of a man chosen
       * in its drop-down: the trial): no target of his */
      friend = figure != NULL && map != NULL && g_strcmp0 (figure->side, map->side) == 0
               && g_error_matches (why, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION);
      if (picked == NULL)
        return friend ? NULL : g_strdup (self->target_id);
      if (!friend && !g_error_matches (why, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW))
        return g_strdup (self->target_id);
    }
  if (picked == NULL)
    return NULL;
  *by_rules = TRUE;
  return g_steal_pointer (&picked);
}

/* Whether the rules would take @info for the selected figure (at the
 * pinned target) now, its other arguments left to the form */
static gboolean
action_possible (PhGamePanel            *self,
                 PhGame                 *game,
                 const PhGameActionInfo *info,
                 GError                **error)
{
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) plan_error = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *target = NULL;
  gboolean by_rules;

  /* the move: whether he may move now (its x and y are the drag's) */
  if (self->figure_id != NULL)
    {
      PhMovePlan plan = { 0 };
      gboolean moves = ph_game_plan_move (game, self->figure_id, &plan, &plan_error);
      /* a plan refused names no action: the move's is "move" unless the
       * plan names another (ph-game-move.h) */
      gboolean is_move = g_strcmp0 (moves ? plan.action : "move", info->name) == 0;

      ph_move_plan_clear (&plan);
      if (is_move && moves)
        return TRUE;
      if (!is_move)
        g_clear_error (&plan_error);
    }
  if (info->args != NULL && info->args[0].kind == PH_GAME_ARG_FIGURE)
    g_hash_table_insert (args, (gpointer) info->args[0].name, self->figure_id);
  /* at the target the form has (the rules' pick when the map's is not
   * one the step can take) */
  target = ph_game_panel_target_for (self, info, self->figure_id, &by_rules);
  if (target != NULL && target_arg (info) != NULL)
    g_hash_table_insert (args, (gpointer) target_arg (info)->name, target);
  if (ph_game_try (game, info->name, args, TRUE, &local_error))
    return TRUE;
  /* a move tried without its place is refused for the place ("give where
   * it moves as q and r"): why he may not move at all is the plan's ("has
   * moved this turn"), the words the referee needs */
  if (plan_error != NULL && g_error_matches (local_error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION))
    g_propagate_error (error, g_steal_pointer (&plan_error));
  else
    g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

/* Whether @info, taken now by the selected figure (at the pinned
 * target), would move the game on past the step the rules expect (a
 * Featherstone shot in the move step ends it for every man) */
static gboolean
action_moves_on (PhGamePanel            *self,
                 PhGame                 *game,
                 const PhGameActionInfo *info)
{
  g_autoptr(GHashTable) args = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean moves_on = FALSE;

  if (info->args != NULL && info->args[0].kind == PH_GAME_ARG_FIGURE)
    g_hash_table_insert (args, (gpointer) info->args[0].name, self->figure_id);
  for (const PhGameArg *arg = info->args; arg != NULL && arg->name != NULL; arg++)
    if (arg->kind == PH_GAME_ARG_TARGET && self->target_id != NULL)
      g_hash_table_insert (args, (gpointer) arg->name, self->target_id);
  return ph_game_try_step (game, info->name, args, TRUE, &moves_on, NULL) && moves_on;
}

/* The game's own step the rules would take now (next step, end of the
 * turn), not a man's; or NULL */
static const PhGameActionInfo *
possible_game_step (PhGamePanel *self,
                    PhGame      *game)
{
  for (guint i = 0; i < self->actions->len; i++)
    {
      const PhGameActionInfo *info = ph_game_action_form_get_info (g_ptr_array_index (self->actions, i));

      if ((info->args == NULL || info->args[0].name == NULL)
          && action_possible (self, game, info, NULL))
        return info;
    }
  return NULL;
}

/* Whether the man @id may do anything of his own now: move, or take one
 * of the actions whose first argument is the acting man (with the target
 * picked, if any) */
gboolean
ph_game_panel_figure_may_act (PhGamePanel *self,
                              const char  *id)
{
  PhGame *game = self->document ? ph_document_get_game (self->document) : NULL;
  g_autofree char *was = NULL;
  gboolean may = FALSE;

  if (game == NULL || ph_document_get_replaying (self->document))
    return TRUE;
  was = g_steal_pointer (&self->figure_id);
  self->figure_id = g_strdup (id);
  for (guint i = 0; i < self->actions->len && !may; i++)
    {
      const PhGameActionInfo *info = ph_game_action_form_get_info (g_ptr_array_index (self->actions, i));

      gboolean wants_target = FALSE;

      /* an action on another man, when none is picked (nor one the
       * rules pick), is no sign: its try cannot make him up */
      if (target_arg (info) != NULL && !target_arg (info)->optional && self->target_id == NULL)
        {
          gboolean by_rules;
          g_autofree char *target = ph_game_panel_target_for (self, info, self->figure_id,
                                                              &by_rules);

          wants_target = target == NULL;
        }
      if (info->args != NULL && info->args[0].kind == PH_GAME_ARG_FIGURE && !wants_target)
        may = action_possible (self, game, info, NULL);
    }
  g_free (self->figure_id);
  self->figure_id = g_steal_pointer (&was);
  return may;
}

/* The move form starts from what the rules would take for the picked
 * man moving now (Featherstone: the rate his wound or his horse allows,
 * not the list's first) */
void
ph_game_panel_move_form_follows_figure (PhGamePanel *self)
{
  PhGame *game = self->document ? ph_document_get_game (self->document) : NULL;
  g_autoptr(GHashTable) args = NULL;
  PhMovePlan plan = { 0 };
  PhGameActionForm *form;
  GHashTableIter iter;
  gpointer key, value;

  if (game == NULL || self->figure_id == NULL || ph_document_get_replaying (self->document)
      || !ph_game_plan_move (game, self->figure_id, &plan, NULL))
    return;
  form = ph_game_panel_find_action (self, plan.action, NULL);
  ph_move_plan_clear (&plan);
  args = ph_game_move_args_here (game, self->figure_id);
  if (form == NULL || args == NULL)
    return;
  g_hash_table_iter_init (&iter, args);
  while (g_hash_table_iter_next (&iter, &key, &value))
    ph_game_action_form_set_argument (form, key, value);
}

/* The step the rules expect is a man's own (roll for IPs, roll the
 * movement dice, activate) that the man the forms are for (if any)
 * cannot take: its form, chosen, lists first those who can and chooses
 * the first of them, the man whose turn it is (it kept the man who had
 * acted: a Frenchman offered to roll on a Rangers' card). FALSE when
 * nobody can, or he can. */
static gboolean
lead_to_able (PhGamePanel *self,
              PhGame      *game)
{
  const char *expected = ph_game_expected (game);
  PhScenario *scenario = ph_document_get_scenario (self->document);
  g_autoptr(GPtrArray) able = NULL;
  const PhGameActionInfo *info;
  PhGameActionForm *form;
  guint position;

  form = expected != NULL ? ph_game_panel_find_action (self, expected, &position) : NULL;
  info = form != NULL ? ph_game_action_form_get_info (form) : NULL;
  /* (not a move: a drag's, of whichever man the referee picks on the map;
   * the note below says so) */
  if (info == NULL || info->args == NULL || info->args[0].kind != PH_GAME_ARG_FIGURE
      || g_str_equal (info->name, "move"))
    return FALSE;
  able = g_ptr_array_new ();
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);
      g_autoptr(GHashTable) args = NULL;

      if (ph_figure_is_off_table (f))
        continue;
      g_autofree char *target = NULL;
      const PhGameArg *on = target_arg (info);

      args = g_hash_table_new (g_str_hash, g_str_equal);
      g_hash_table_insert (args, (gpointer) info->args[0].name, f->id);
      /* a step on another man, at the one the rules pick for him (a
       * melee's enemy in contact): none, and he cannot */
      if (on != NULL && !on->optional)
        {
          target = ph_game_arg_default (game, info->name, on->name, args);
          if (target == NULL)
            continue;
          g_hash_table_insert (args, (gpointer) on->name, target);
        }
      if (ph_game_try (game, info->name, args, TRUE, NULL))
        g_ptr_array_add (able, f->id);
    }
  if (able->len == 0
      || (self->figure_id != NULL
          && g_ptr_array_find_with_equal_func (able, self->figure_id, g_str_equal, NULL)))
    return FALSE;
  if (self->figure_id != NULL)
    {
      g_clear_pointer (&self->figure_id, g_free);
      ph_game_panel_sync_map_figures (self);
    }
  gtk_drop_down_set_selected (self->action_drop_down, position);
  ph_game_action_form_list_first (form, (const char * const *) able->pdata, able->len);
  g_hash_table_remove (self->errors, info->name);
  g_hash_table_remove (self->hints, info->name);
  ph_game_panel_show_current_error (self);
  return TRUE;
}

/* The step chosen (@current) is one the man the forms are for cannot
 * take now (@why): say so, dim, before Perform ("the card up is His
 * Majesty's"), with the way on; not a form's missing value ("give where
 * … moves as q and r"), which is the form's to ask */
static void
say_why_not (PhGamePanel      *self,
             PhGame           *game,
             PhGameActionForm *current,
             const GError     *why)
{
  if (why != NULL && !g_error_matches (why, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION))
    {
      const char *name = ph_game_action_form_get_info (current)->name;
      const PhGameActionInfo *next = possible_game_step (self, game);
      /* he has just taken it: only the way on, not why he cannot take
       * it again ("Sgt Smith is gone (ran off): …" under Perform, just
       * after his melee, read as the melee refused: the trial) */
      char *note = g_strcmp0 (self->performed, name) == 0
        ? (next != NULL
           /* TRANSLATORS: the dim note under Perform after a step:
            * "Pick the next one on the map, or End the side's go" */
           ? g_strdup_printf (_("Pick the next one on the map, or %s"), _(next->label))
           : g_strdup (_("Pick another one on the map")))
        : next != NULL
        /* TRANSLATORS: the dim note when the man picked can do
         * nothing more now: "Rfn. Harris has already moved this
         * phase: pick the next one on the map, or Next step" */
        ? g_strdup_printf (_("%s: pick the next one on the map, or %s"), why->message, _(next->label))
        /* TRANSLATORS: the same, when only another man can take the
         * step: "Capt. Isaac Davis has already been activated this
         * turn: pick another one on the map" */
        : g_strdup_printf (_("%s: pick another one on the map"), why->message);

      g_hash_table_insert (self->errors, g_strdup (name), note);
      g_hash_table_add (self->hints, g_strdup (name));
    }
  ph_game_panel_show_current_error (self);
}

/* Whether @info needs a target that neither the map nor the rules give
 * for the man the forms are for */
static gboolean
needs_a_target (PhGamePanel            *self,
                const PhGameActionInfo *info)
{
  const PhGameArg *on = target_arg (info);
  g_autofree char *target = NULL;
  gboolean by_rules;

  if (on == NULL || on->optional)
    return FALSE;
  target = ph_game_panel_target_for (self, info, self->figure_id, &by_rules);
  return target == NULL;
}

/* After a step (not a man picked on the map), the step the rules expect
 * is chosen, whoever the forms are for: the Action list says what the
 * bar over the map says ("Next: Move"; the trial saw Guns of War's list
 * go to Fire after a charge, the charging unit's shot at the pinned
 * enemy, while the bar said Move, next Marsh Skirmishers). When the man
 * cannot take it, the form is for one who can (his roll), else it says
 * why not and the way on. TRUE when it led; FALSE when the rules expect
 * nothing the list has. */
static gboolean
lead_to_expected (PhGamePanel *self,
                  PhGame      *game)
{
  const char *expected = ph_game_expected (game);
  PhGameActionForm *form;
  g_autoptr(GError) why = NULL;
  guint position;

  form = expected != NULL ? ph_game_panel_find_action (self, expected, &position) : NULL;
  if (form == NULL)
    return FALSE;
  if (gtk_drop_down_get_selected (self->action_drop_down) != position)
    gtk_drop_down_set_selected (self->action_drop_down, position);
  if (self->figure_id == NULL)
    {
      lead_to_able (self, game);
      return TRUE;
    }
  if (needs_a_target (self, ph_game_action_form_get_info (form)))
    {
      /* a step on another man with none to take it at, on the map or by
       * the rules (Musket Mayhem's melee for a man in contact with no
       * one): a try makes no one up, so it is no sign he can; the form
       * goes to the men who can (the trial's lead stayed on the last man
       * who moved) */
      if (!lead_to_able (self, game))
        say_why_not (self, game, form, NULL);
      return TRUE;
    }
  if (action_possible (self, game, ph_game_action_form_get_info (form), &why))
    {
      g_hash_table_remove (self->errors, expected);
      g_hash_table_remove (self->hints, expected);
      ph_game_panel_show_current_error (self);
      return TRUE;
    }
  if (!lead_to_able (self, game))
    say_why_not (self, game, form, why);
  return TRUE;
}

/* A step the selected figure cannot take now is not left chosen: his
 * move when he may move (what a figure does most); and when the rules
 * expect nothing in particular (a figure acts, the player picks), the
 * first of his own actions the rules would take, else the game's (draw
 * the next card, end the turn). While the rules expect a step another
 * figure is to take (the next man to roll), it stays, for the referee to
 * pick him. */
void
ph_game_panel_lead_to_possible_action (PhGamePanel *self)
{
  PhGame *game = self->document ? ph_document_get_game (self->document) : NULL;
  PhGameActionForm *current = ph_game_panel_current_action (self);
  g_autoptr(GError) why = NULL;

  if (game == NULL || current == NULL || ph_document_get_replaying (self->document))
    return;
  /* after a step: what the rules expect, as the bar says */
  if (!self->picking && lead_to_expected (self, game))
    return;
  /* no man the forms are for: the step expected, from those who can */
  if (self->figure_id == NULL)
    {
      lead_to_able (self, game);
      return;
    }
  if (action_possible (self, game, ph_game_action_form_get_info (current), &why))
    {
      /* what was said of it no longer holds */
      g_hash_table_remove (self->errors, ph_game_action_form_get_info (current)->name);
      g_hash_table_remove (self->hints, ph_game_action_form_get_info (current)->name);
      ph_game_panel_show_current_error (self);
      return;
    }
  /* its move when it may move (what a figure does most), then its own
   * actions, then the game's (draw, end turn) */
  {
    PhMovePlan plan = { 0 };
    gboolean moves = ph_game_plan_move (game, self->figure_id, &plan, NULL);

    if (moves && ph_game_panel_choose_action (self, plan.action) != NULL)
      {
        ph_move_plan_clear (&plan);
        return;
      }
    ph_move_plan_clear (&plan);
  }
  /* the step the rules expect of this man, when it is not the game's
   * (Musket Mayhem: his roll, while a man who rolled is still to move;
   * the trial's next man picked was given a Move form, "has not rolled
   * his movement dice yet") */
  {
    PhFigure *figure = ph_scenario_find_figure (ph_document_get_scenario (self->document),
                                                self->figure_id);
    const char *own = ph_game_expected_of (game, figure);
    guint position;
    PhGameActionForm *form = own != NULL ? ph_game_panel_find_action (self, own, &position) : NULL;

    if (form != NULL && action_possible (self, game, ph_game_action_form_get_info (form), NULL))
      {
        gtk_drop_down_set_selected (self->action_drop_down, position);
        return;
      }
  }
  if (ph_game_expected (game) != NULL)
    {
      /* the step the rules expect, when it is a man's own and this man
       * may take it (Mayhem's next man to roll his movement dice, picked
       * after the last one moved) */
      {
        guint position;
        PhGameActionForm *expected = ph_game_panel_find_action (self, ph_game_expected (game), &position);

        const PhGameActionInfo *info = expected ? ph_game_action_form_get_info (expected) : NULL;

        if (info != NULL && expected != current
            && info->args != NULL && info->args[0].kind == PH_GAME_ARG_FIGURE
            && action_possible (self, game, info, NULL))
          {
            gtk_drop_down_set_selected (self->action_drop_down, position);
            return;
          }
      }
      /* with an enemy pinned, what he may do to him (the side not moving
       * shooting at the side that is) */
      if (self->target_id != NULL)
        for (guint i = 0; i < self->actions->len; i++)
          {
            const PhGameActionInfo *info = ph_game_action_form_get_info (g_ptr_array_index (self->actions, i));
            gboolean needs_more;

            /* not one that ends the step the rules expect for every
             * other man (a shot while the others are still to move) */
            if (ph_game_action_acts_on_target (info, &needs_more)
                && action_possible (self, game, info, NULL)
                && !action_moves_on (self, game, info))
              {
                gtk_drop_down_set_selected (self->action_drop_down, i);
                return;
              }
          }
      /* the step the rules expect is another man's own (his roll): after
       * a step, its form is for the man whose turn it is (the man who had
       * acted stayed the form's: a Frenchman offered to roll on a Rangers'
       * card); a man the referee picks is told why not, below */
      if (!self->picking && lead_to_able (self, game))
        return;
      /* the step the rules expect is another man's: say why this one
       * cannot take it ("the card up is His Majesty's") before Perform;
       * not a form's missing value ("give where … moves as q and r"),
       * which is the form's to ask */
      say_why_not (self, game, current, why);
      return;
    }
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < self->actions->len; i++)
      {
        const PhGameActionInfo *info = ph_game_action_form_get_info (g_ptr_array_index (self->actions, i));
        gboolean own = info->args != NULL && info->args[0].kind == PH_GAME_ARG_FIGURE;

        if (own == (pass == 0) && action_possible (self, game, info, NULL))
          {
            gtk_drop_down_set_selected (self->action_drop_down, i);
            return;
          }
      }
}
