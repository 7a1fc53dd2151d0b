/* ph-game-drag.c: a figure dragged during a game
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-game-drag.h"

#include <glib/gi18n.h>

#include "ph-hex.h"

gboolean
ph_game_drag_begin (PhGameDrag *drag,
                    PhDocument *document,
                    PhFigure   *figure)
{
  PhGame *game = ph_document_get_game (document);
  g_autoptr(GError) error = NULL;

  memset (drag, 0, sizeof *drag);
  /* while the log is replayed the table shows the past: no move there
   * (a press on a figure leaves the replay where it is) */
  if (game == NULL || ph_document_get_replaying (document))
    return FALSE;
  drag->figure = figure;
  drag->to = (PhPoint) { figure->x, figure->y };
  /* at the rate the Game tab's Move form has for him, as the rules allow */
  drag->can_move = ph_game_plan_move_wished (game, figure->id,
                                             ph_document_get_move_wish (document, figure->id),
                                             &drag->plan, &error);
  if (!drag->can_move)
    {
      drag->refusal = g_strdup (error->message);
      drag->brief = drag->plan.brief;
    }
  return TRUE;
}

/* The label of a figure that may not move: the rules' few words, else
 * their reason when it is short, else that he cannot, with the drop's
 * way past it, in one short line ("Not now: men move at step 2 · drop:
 * Move Anyway", "... · Move Anyway into contact with Hawkeye" where the
 * drop goes into base contact), or why no drop there is taken (@taken:
 * "on Hawkeye’s base"); the whole reason is the status line's */
static char *
refusal_label (const PhGameDrag *drag,
               const char       *taken)
{
  const char *said[] = { drag->brief, drag->refusal, _("Cannot move now") };

  for (guint i = 0; i < G_N_ELEMENTS (said); i++)
    {
      char *label;

      if (said[i] == NULL)
        continue;
      if (taken != NULL)
        /* TRANSLATORS: the label by the pointer: "Not now: men move at
         * step 2 · on Hawkeye’s base" */
        label = g_strdup_printf (_("%s · %s"), said[i], taken);
      else if (drag->contact != NULL)
        /* TRANSLATORS: the label by the pointer, a drop that puts the
         * man's base against another's: "Not now: men move at step 2 ·
         * Move Anyway into contact with Hawkeye" */
        label = g_strdup_printf (_("%s · Move Anyway into contact with %s"), said[i],
                                 ph_figure_display_name (drag->contact));
      else
        /* TRANSLATORS: the label by the pointer, at most 50 characters:
         * "Not now: men move at step 2 · drop: Move Anyway" */
        label = g_strdup_printf (_("%s · drop: Move Anyway"), said[i]);
      /* (the man in the way is named however long his name) */
      if (g_utf8_strlen (label, -1) <= PH_GAME_DRAG_LABEL_MAX || i == G_N_ELEMENTS (said) - 1)
        return label;
      g_free (label);
    }
  g_assert_not_reached ();
}

void
ph_game_drag_update (PhGameDrag *drag,
                     PhDocument *document,
                     PhPoint     to)
{
  PhGame *game = ph_document_get_game (document);
  PhMoveCost cost;

  g_clear_pointer (&drag->label, g_free);
  g_clear_pointer (&drag->spot_taken, g_free);
  drag->contact = NULL;
  if (game == NULL || drag->figure == NULL)
    return;
  if (!drag->can_move)
    {
      const PhScenario *scenario = ph_document_get_scenario (document);
      gboolean in_hex;
      const PhFigure *other;

      /* the referee's move lands as a rules' move would: on a hex's centre */
      if (scenario->table.grid == PH_GRID_HEX && scenario->table.grid_size > 0)
        to = ph_hex_to_point (ph_hex_from_point (to, scenario->table.grid_size),
                              scenario->table.grid_size);
      else
        /* a hair onto or short of another's base: in contact with him */
        drag->contact = ph_game_contact_spot (scenario, drag->figure, to, &to);
      drag->to = to;
      drag->fits = FALSE;
      other = ph_game_spot_taken (scenario, drag->figure, to, &in_hex);
      if (other != NULL)
        {
          g_autofree char *words = ph_game_describe_spot_taken (other, in_hex);

          drag->spot_taken = ph_game_spot_refusal (drag->figure, other, in_hex);
          /* "Not now: men move at step 2 · on Hawkeye’s base": no Move
           * Anyway there */
          drag->label = refusal_label (drag, words);
          return;
        }
      drag->label = refusal_label (drag, NULL);
      return;
    }
  drag->to = ph_game_drop_spot (game, drag->figure->id, &drag->plan, to, &drag->contact);
  ph_game_move_cost (game, drag->figure->id, &drag->plan, drag->to, &cost);
  drag->fits = ph_move_cost_fits (&drag->plan, &cost);
  drag->label = ph_game_describe_move (game, &drag->plan, &cost);
  if (drag->contact != NULL)
    {
      /* TRANSLATORS: the label by the pointer, the move's cost then where
       * the drop puts him: "moved 3.2 in · 2.8 in left · into contact
       * with Hawkeye" */
      char *label = g_strdup_printf (_("%s · into contact with %s"), drag->label,
                                     ph_figure_display_name (drag->contact));

      g_free (drag->label);
      drag->label = label;
    }
  /* (the man found once, by the cost: no second look over the table
   * every motion) */
  if (cost.stands_on != NULL)
    drag->spot_taken = ph_game_spot_refusal (drag->figure, cost.stands_on, cost.stands_in_hex);
}

void
ph_game_drag_clear (PhGameDrag *drag)
{
  if (drag->can_move)
    ph_move_plan_clear (&drag->plan);
  g_clear_pointer (&drag->refusal, g_free);
  g_clear_pointer (&drag->label, g_free);
  g_clear_pointer (&drag->spot_taken, g_free);
  memset (drag, 0, sizeof *drag);
}
