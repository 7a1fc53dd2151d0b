/* ph-dice.c: exact dice probabilities
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Probabilities are counted over the faces with integer arithmetic and
 * divided once at the end, so that 1/2, 3/4 or 1/10 come out as the double
 * nearest to the true value.
 */
#include "ph-dice.h"

#include <math.h>

/* How many faces f in 1..sides satisfy lo <= f + modifier <= hi. 64-bit
 * arithmetic, so that extreme modifiers and targets cannot overflow. */
static gint64
count_faces (int    sides,
             int    modifier,
             gint64 lo,
             gint64 hi)
{
  gint64 first = MAX ((gint64) 1, lo - modifier);
  gint64 last = MIN ((gint64) sides, hi - modifier);

  return last >= first ? last - first + 1 : 0;
}

int
ph_dice_faces_at_least (int sides,
                        int modifier,
                        int target)
{
  g_return_val_if_fail (sides > 0, 0);

  return (int) count_faces (sides, modifier, target, G_MAXINT64 / 2);
}

double
ph_dice_p_at_least (int sides,
                    int modifier,
                    int target)
{
  g_return_val_if_fail (sides > 0, 0.0);

  return (double) count_faces (sides, modifier, target, G_MAXINT64 / 2)
         / sides;
}

double
ph_dice_p_at_most (int sides,
                   int modifier,
                   int target)
{
  g_return_val_if_fail (sides > 0, 0.0);

  return (double) count_faces (sides, modifier, G_MININT64 / 2, target)
         / sides;
}

/* The count of throws in sides^n, or 0 when it is not exact in a double */
static double
exact_power (gint64 base,
             int    n)
{
  double power = 1.0;

  for (int i = 0; i < n; i++)
    {
      power *= base;
      if (power > 9007199254740992.0) /* 2^53 */
        return 0.0;
    }
  return power;
}

/* With no dice there is no success: n <= 0 gives 0. */
double
ph_dice_p_best_of_at_least (int n,
                            int sides,
                            int modifier,
                            int target)
{
  gint64 fail;
  double throws;

  g_return_val_if_fail (sides > 0, 0.0);

  if (n <= 0)
    return 0.0;

  /* Every die must fail for the best one to fail. */
  fail = sides - count_faces (sides, modifier, target, G_MAXINT64 / 2);
  if (fail == 0)
    return 1.0;
  if (fail == sides)
    return 0.0;
  /* Every failing throw is one of fail^n among sides^n; fail < sides, so
   * fail^n is exact whenever sides^n is. */
  throws = exact_power (sides, n);
  if (throws != 0.0)
    return (throws - exact_power (fail, n)) / throws;
  return 1.0 - pow ((double) fail / sides, n);
}

int
ph_dice_percent_faces (double chance_percent)
{
  if (isnan (chance_percent))
    return 0;

  return (int) CLAMP (floor (chance_percent + PH_DICE_PERCENT_SLACK),
                      0.0, 100.0);
}

double
ph_dice_p_percent (double chance_percent)
{
  return ph_dice_percent_faces (chance_percent) / 100.0;
}

/* The counts of every total are whole numbers, exact in a double up to
 * 2^53; past that (many dice) they are scaled down as we go, which keeps the
 * values finite at the price of rounding. */
#define EXACT_LIMIT 9007199254740992.0 /* 2^53 */

double *
ph_dice_sum_distribution (int  n,
                          int  sides,
                          int *length)
{
  double *dist, *next;
  double total = 1.0; /* what the entries of dist add up to */
  int len;

  if (length != NULL)
    *length = 0;
  g_return_val_if_fail (n >= 0, NULL);
  g_return_val_if_fail (sides > 0, NULL);
  g_return_val_if_fail (n <= G_MAXINT / sides - 1, NULL);

  len = n * sides + 1;
  dist = g_new0 (double, len);
  next = g_new0 (double, len);
  dist[0] = 1.0; /* no dice: a total of 0, surely */

  /* After k dice, the totals k..k*sides are possible. */
  for (int k = 1; k <= n; k++)
    {
      double *tmp;

      for (int t = 0; t <= k * sides; t++)
        next[t] = 0.0;
      for (int t = k - 1; t <= (k - 1) * sides; t++)
        {
          if (dist[t] == 0.0)
            continue;
          for (int f = 1; f <= sides; f++)
            next[t + f] += dist[t];
        }

      tmp = dist;
      dist = next;
      next = tmp;

      total *= sides;
      if (total > EXACT_LIMIT)
        {
          for (int t = 0; t <= k * sides; t++)
            dist[t] /= total;
          total = 1.0;
        }
    }

  for (int t = 0; t < len; t++)
    dist[t] /= total;

  g_free (next);
  if (length != NULL)
    *length = len;
  return dist;
}

/* Floor division (remainder in 0..den-1), then compare twice the remainder
 * with the denominator: below rounds down, above rounds up, equal is a tie
 * that goes to the even neighbour. */
int
ph_round_half_even_ratio (int numerator,
                          int denominator)
{
  gint64 num = numerator;
  gint64 den = denominator;
  gint64 q, r;

  g_return_val_if_fail (denominator > 0, 0);

  q = num / den;
  r = num % den;
  if (r < 0)
    {
      r += den;
      q -= 1;
    }

  if (2 * r > den || (2 * r == den && (q % 2) != 0))
    q += 1;

  return (int) q;
}

char *
ph_dice_text (int n,
              int sides,
              int modifier)
{
  GString *text = g_string_new (NULL);

  if (n != 1)
    g_string_append_printf (text, "%d", n);
  g_string_append_printf (text, "d%d", sides);
  if (modifier != 0)
    g_string_append_printf (text, "%+d", modifier);
  return g_string_free (text, FALSE);
}
