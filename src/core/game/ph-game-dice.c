/* ph-game-dice.c: the game's dice, all from one seeded generator
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every die is one g_rand_int_range (rand, 1, sides + 1) of GLib's
 * generator, seeded once per game. The values are recorded in the event,
 * and the generator's place is found again by re-seeding and drawing the
 * applied events' dice in order: after loading a file, after undo, after a
 * dropped action.
 */
#include <stdarg.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-private.h"

#define TRAY_MAX_DICE 100
#define TRAY_MAX_SIDES 1000
#define TRAY_MAX_MODIFIER 1000

static int
draw (PhGame *game,
      int     sides)
{
  return g_rand_int_range (game->rand, 1, sides + 1);
}

void
ph_game_draw_event_dice (PhGame        *game,
                         const PhEvent *event)
{
  for (guint j = 0; j < event->rolls->len; j++)
    {
      const PhRoll *roll = g_ptr_array_index (event->rolls, j);

      for (int k = 0; k < roll->n; k++)
        draw (game, roll->sides);
    }
}

void
ph_game_rewind_dice (PhGame *game)
{
  g_rand_set_seed (game->rand, game->seed);
  for (guint i = 0; i < game->position; i++)
    ph_game_draw_event_dice (game, g_ptr_array_index (game->events, i));
}

static PhRoll *
roll_dice (PhGame     *game,
           int         n,
           int         sides,
           const char *figure)
{
  PhRoll *roll = ph_roll_new (n, sides);

  roll->figure = g_strdup (figure);
  for (int i = 0; i < n; i++)
    {
      roll->values[i] = draw (game, sides);
      roll->total += roll->values[i];
    }
  g_ptr_array_add (game->open->rolls, roll);
  return roll;
}

const PhRoll *
ph_game_roll (PhGame     *game,
              int         n,
              int         sides,
              const char *figure,
              const char *purpose,
              ...)
{
  PhRoll *roll;
  va_list args;

  g_return_val_if_fail (game->open != NULL, NULL);
  g_return_val_if_fail (n >= 1 && sides >= 2, NULL);

  roll = roll_dice (game, n, sides, figure);
  va_start (args, purpose);
  roll->purpose = g_strdup_vprintf (purpose, args);
  va_end (args);
  return roll;
}

int
ph_game_random_int (PhGame *game,
                    int     sides)
{
  PhRoll *roll;

  g_return_val_if_fail (game->open != NULL, 1);
  g_return_val_if_fail (sides >= 1, 1);

  roll = roll_dice (game, 1, sides, NULL);
  roll->hidden = TRUE;
  return roll->total;
}

void
ph_game_shuffle (PhGame    *game,
                 GPtrArray *items)
{
  /* Fisher-Yates: item i swaps with one of 0..i */
  for (guint i = items->len; i > 1; i--)
    {
      guint j = (guint) ph_game_random_int (game, (int) i) - 1;
      gpointer tmp = items->pdata[i - 1];

      items->pdata[i - 1] = items->pdata[j];
      items->pdata[j] = tmp;
    }
}

/* "NdX+M": N from 1 to 100 (default 1), X from 2 to 1000, M optional */
static gboolean
parse_expression (const char  *expression,
                  int         *n,
                  int         *sides,
                  int         *modifier,
                  GError     **error)
{
  const char *p = expression;
  char *end;
  gint64 value;

  *n = 1;
  *modifier = 0;
  while (g_ascii_isspace (*p))
    p++;
  if (g_ascii_isdigit (*p))
    {
      value = g_ascii_strtoll (p, &end, 10);
      if (value < 1 || value > TRAY_MAX_DICE)
        goto bad;
      *n = (int) value;
      p = end;
    }
  if (*p != 'd' && *p != 'D')
    goto bad;
  p++;
  if (!g_ascii_isdigit (*p))
    goto bad;
  value = g_ascii_strtoll (p, &end, 10);
  if (value < 2 || value > TRAY_MAX_SIDES)
    goto bad;
  *sides = (int) value;
  p = end;
  if (*p == '+' || *p == '-')
    {
      gboolean minus = *p == '-';

      p++;
      if (!g_ascii_isdigit (*p))
        goto bad;
      value = g_ascii_strtoll (p, &end, 10);
      if (value > TRAY_MAX_MODIFIER)
        goto bad;
      *modifier = minus ? -(int) value : (int) value;
      p = end;
    }
  while (g_ascii_isspace (*p))
    p++;
  if (*p != '\0')
    goto bad;
  return TRUE;

bad:
  g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
               _("'%s' is not a roll: write it as d6, 2d6, d100 or 3d10+2 "
                 "(1 to %d dice of 2 to %d sides)"), expression, TRAY_MAX_DICE, TRAY_MAX_SIDES);
  return FALSE;
}

gboolean
ph_game_roll_tray (PhGame      *game,
                   const char  *expression,
                   const char  *purpose,
                   GError     **error)
{
  int n, sides, modifier;
  const PhRoll *roll;
  g_autoptr(GString) text = g_string_new (NULL);
  g_return_val_if_fail (game->open == NULL, FALSE);
  if (!parse_expression (expression, &n, &sides, &modifier, error))
    return FALSE;

  game->open = ph_event_new ("dice");
  roll = ph_game_roll (game, n, sides, NULL, "%s",
                       purpose != NULL && purpose[0] != '\0' ? purpose : _("dice tray"));
  /* "d20 rolled 11"; with more dice or a modifier, the dice apart from
   * what is added: "3d10 (10, 6, 2) + 2 = 20" */
  g_string_append_printf (text, _("Dice tray%s%s: "),
                          purpose != NULL && purpose[0] != '\0' ? ", " : "",
                          purpose != NULL ? purpose : "");
  if (n == 1 && modifier == 0)
    g_string_append_printf (text, _("d%d rolled %d"), sides, roll->values[0]);
  else
    {
      if (n > 1)
        g_string_append_printf (text, "%d", n);
      g_string_append_printf (text, "d%d (", sides);
      for (int i = 0; i < n; i++)
        g_string_append_printf (text, "%s%d", i > 0 ? ", " : "", roll->values[i]);
      g_string_append_c (text, ')');
      if (modifier != 0)
        g_string_append_printf (text, " %c %d", modifier < 0 ? '-' : '+', ABS (modifier));
      g_string_append_printf (text, " = %d", roll->total + modifier);
    }
  game->open->text = g_string_free (g_steal_pointer (&text), FALSE);

  /* A tray roll changes nothing but the log and the dice. */
  return ph_game_finish_event (game, TRUE);
}
