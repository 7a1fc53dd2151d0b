/* test-dice.c: exact dice probabilities
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>

#include "ph-dice.h"

#define EPS 1e-12

static void
test_at_least_d10 (void)
{
  /* d10 - 2 >= 8 needs a 10. */
  g_assert_cmpfloat_with_epsilon (ph_dice_p_at_least (10, -2, 8), 0.1, EPS);
  g_assert_cmpfloat_with_epsilon (ph_dice_p_at_least (10, 0, 6), 0.5, EPS);
  g_assert_cmpfloat_with_epsilon (ph_dice_p_at_least (10, 3, 6), 0.8, EPS);
  g_assert_cmpfloat_with_epsilon (ph_dice_p_at_least (10, 0, 10), 0.1, EPS);

  /* Out of reach either way. */
  g_assert_cmpfloat (ph_dice_p_at_least (10, 0, 1), ==, 1.0);
  g_assert_cmpfloat (ph_dice_p_at_least (10, 0, -50), ==, 1.0);
  g_assert_cmpfloat (ph_dice_p_at_least (10, 5, 3), ==, 1.0);
  g_assert_cmpfloat (ph_dice_p_at_least (10, 0, 11), ==, 0.0);
  g_assert_cmpfloat (ph_dice_p_at_least (10, -20, 1), ==, 0.0);
}

static void
test_at_least_d6 (void)
{
  g_assert_cmpfloat (ph_dice_p_at_least (6, 0, 4), ==, 0.5);
  g_assert_cmpfloat_with_epsilon (ph_dice_p_at_least (6, 1, 4), 4.0 / 6.0, EPS);
  g_assert_cmpfloat_with_epsilon (ph_dice_p_at_least (6, -1, 4), 2.0 / 6.0, EPS);
  g_assert_cmpfloat_with_epsilon (ph_dice_p_at_least (6, 0, 6), 1.0 / 6.0, EPS);
  g_assert_cmpfloat (ph_dice_p_at_least (6, 0, 7), ==, 0.0);
  g_assert_cmpfloat (ph_dice_p_at_least (6, 0, 0), ==, 1.0);
}

static void
test_at_least_extremes (void)
{
  /* No overflow with extreme modifiers and targets. */
  g_assert_cmpfloat (ph_dice_p_at_least (6, G_MAXINT, G_MININT), ==, 1.0);
  g_assert_cmpfloat (ph_dice_p_at_least (6, G_MININT, G_MAXINT), ==, 0.0);
  g_assert_cmpfloat (ph_dice_p_at_most (6, G_MININT, G_MAXINT), ==, 1.0);
  g_assert_cmpfloat (ph_dice_p_at_most (6, G_MAXINT, G_MININT), ==, 0.0);
  g_assert_cmpfloat (ph_dice_p_at_least (1, 0, 1), ==, 1.0);
}

static void
test_at_most (void)
{
  g_assert_cmpfloat_with_epsilon (ph_dice_p_at_most (6, 0, 2), 1.0 / 3.0, EPS);
  g_assert_cmpfloat_with_epsilon (ph_dice_p_at_most (6, 1, 2), 1.0 / 6.0, EPS);
  g_assert_cmpfloat_with_epsilon (ph_dice_p_at_most (10, -2, 3), 0.5, EPS);
  g_assert_cmpfloat (ph_dice_p_at_most (6, 0, 0), ==, 0.0);
  g_assert_cmpfloat (ph_dice_p_at_most (6, 0, 6), ==, 1.0);
  g_assert_cmpfloat (ph_dice_p_at_most (6, 0, 100), ==, 1.0);

  /* "at least t" and "at most t - 1" are complementary. */
  for (int sides = 1; sides <= 20; sides++)
    for (int mod = -5; mod <= 5; mod++)
      for (int t = -10; t <= 30; t++)
        g_assert_cmpfloat_with_epsilon (ph_dice_p_at_least (sides, mod, t) +
                                        ph_dice_p_at_most (sides, mod, t - 1),
                                        1.0, EPS);
}

static void
test_best_of (void)
{
  /* Best of two d10 >= 6: 1 - (1/2)^2. */
  g_assert_cmpfloat (ph_dice_p_best_of_at_least (2, 10, 0, 6), ==, 0.75);
  /* Best of three d6 >= 6: 1 - (5/6)^3 = 91/216. */
  g_assert_cmpfloat_with_epsilon (ph_dice_p_best_of_at_least (3, 6, 0, 6),
                                  91.0 / 216.0, EPS);
  /* Best of two d6 + 1 >= 5: fail on 1..3, 1 - (1/2)^2. */
  g_assert_cmpfloat_with_epsilon (ph_dice_p_best_of_at_least (2, 6, 1, 5),
                                  0.75, EPS);
  /* One die is the plain probability. */
  for (int t = 0; t <= 12; t++)
    g_assert_cmpfloat_with_epsilon (ph_dice_p_best_of_at_least (1, 10, 0, t),
                                    ph_dice_p_at_least (10, 0, t), EPS);
  /* No dice, no success; certain and impossible stay exact. */
  g_assert_cmpfloat (ph_dice_p_best_of_at_least (0, 6, 0, 1), ==, 0.0);
  g_assert_cmpfloat (ph_dice_p_best_of_at_least (-1, 6, 0, 1), ==, 0.0);
  g_assert_cmpfloat (ph_dice_p_best_of_at_least (5, 6, 0, 1), ==, 1.0);
  g_assert_cmpfloat (ph_dice_p_best_of_at_least (5, 6, 0, 7), ==, 0.0);
  /* Counted over the throws and divided once: best of two d10 >= 9 fails
   * on 64 of the 100 pairs, exactly 0.36 (1 - 0.8^2 would be a hair off);
   * best of two d10 >= 10, 19 of 100. */
  g_assert_cmpfloat (ph_dice_p_best_of_at_least (2, 10, 0, 9), ==, 0.36);
  g_assert_cmpfloat (ph_dice_p_best_of_at_least (2, 10, 0, 10), ==, 0.19);
  /* Too many throws to count exactly: still a probability */
  g_assert_cmpfloat_with_epsilon (ph_dice_p_best_of_at_least (100, 6, 0, 6),
                                  1.0 - pow (5.0 / 6.0, 100), EPS);
}

/* The faces behind ph_dice_p_at_least() */
static void
test_faces_at_least (void)
{
  g_assert_cmpint (ph_dice_faces_at_least (10, 0, 8), ==, 3);
  g_assert_cmpint (ph_dice_faces_at_least (6, 1, 6), ==, 2);
  g_assert_cmpint (ph_dice_faces_at_least (20, -2, 15), ==, 4);
  g_assert_cmpint (ph_dice_faces_at_least (6, 0, 7), ==, 0);
  g_assert_cmpint (ph_dice_faces_at_least (6, 0, -3), ==, 6);
  g_assert_cmpint (ph_dice_faces_at_least (6, G_MAXINT, G_MININT), ==, 6);
  for (int sides = 1; sides <= 20; sides++)
    for (int t = -2; t <= 24; t++)
      g_assert_cmpfloat (ph_dice_p_at_least (sides, 0, t), ==,
                         (double) ph_dice_faces_at_least (sides, 0, t) / sides);
}

static void
test_percent (void)
{
  g_assert_cmpfloat_with_epsilon (ph_dice_p_percent (37.9), 0.37, EPS);
  g_assert_cmpfloat_with_epsilon (ph_dice_p_percent (50.0), 0.5, EPS);
  g_assert_cmpfloat_with_epsilon (ph_dice_p_percent (1.0), 0.01, EPS);
  g_assert_cmpfloat (ph_dice_p_percent (0.99), ==, 0.0);
  g_assert_cmpfloat (ph_dice_p_percent (0.0), ==, 0.0);
  g_assert_cmpfloat (ph_dice_p_percent (-5.0), ==, 0.0);
  g_assert_cmpfloat (ph_dice_p_percent (-0.5), ==, 0.0);
  g_assert_cmpfloat (ph_dice_p_percent (100.0), ==, 1.0);
  g_assert_cmpfloat (ph_dice_p_percent (99.99), ==, 0.99);
  g_assert_cmpfloat (ph_dice_p_percent (150.0), ==, 1.0);
  g_assert_cmpfloat (ph_dice_p_percent (INFINITY), ==, 1.0);
  g_assert_cmpfloat (ph_dice_p_percent (-INFINITY), ==, 0.0);
  g_assert_cmpfloat (ph_dice_p_percent (NAN), ==, 0.0);
}

/* A chance a hair below a whole percent floors to it (PH_DICE_PERCENT_SLACK):
 * a cm table's 66.04 cm is 26.000000000000004 in, and a musket's
 * (50 - d) x 2 there is 47.99999999999999%, which is 48%. */
static void
test_percent_slack (void)
{
  double chance = (50.0 - 66.04 / 2.54) * 2.0;

  g_assert_cmpfloat (chance, <, 48.0);
  g_assert_cmpint (ph_dice_percent_faces (chance), ==, 48);
  g_assert_cmpfloat (ph_dice_p_percent (chance), ==, 0.48);
  /* ... but only a hair: a thousandth of a percent below still floors down */
  g_assert_cmpint (ph_dice_percent_faces (47.999), ==, 47);
  g_assert_cmpfloat (ph_dice_p_percent (48.0 - 1e-6), ==, 0.47);
  g_assert_cmpint (ph_dice_percent_faces (100.0 - 1e-12), ==, 100);
  g_assert_cmpint (ph_dice_percent_faces (-1e-12), ==, 0);
  g_assert_cmpint (ph_dice_percent_faces (NAN), ==, 0);
  g_assert_cmpint (ph_dice_percent_faces (250.0), ==, 100);
}

static void
test_sum_2d6 (void)
{
  static const int ways[13] = { 0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1 };
  g_autofree double *dist = NULL;
  int len = -1;
  double total = 0.0;

  dist = ph_dice_sum_distribution (2, 6, &len);
  g_assert_nonnull (dist);
  g_assert_cmpint (len, ==, 13);
  for (int t = 0; t < len; t++)
    {
      g_assert_cmpfloat (dist[t], ==, ways[t] / 36.0);
      total += dist[t];
    }
  g_assert_cmpfloat_with_epsilon (total, 1.0, EPS);
}

static void
test_sum_small (void)
{
  g_autofree double *none = NULL;
  g_autofree double *one = NULL;
  g_autofree double *three = NULL;
  int len = -1;

  /* No dice: a total of 0 for sure. */
  none = ph_dice_sum_distribution (0, 6, &len);
  g_assert_cmpint (len, ==, 1);
  g_assert_cmpfloat (none[0], ==, 1.0);

  /* One d10 is uniform on 1..10. */
  one = ph_dice_sum_distribution (1, 10, &len);
  g_assert_cmpint (len, ==, 11);
  g_assert_cmpfloat (one[0], ==, 0.0);
  for (int t = 1; t <= 10; t++)
    g_assert_cmpfloat (one[t], ==, 0.1);

  /* 3d6: 27 of the 216 throws make 10, 1 makes 3, 10 make 6. */
  three = ph_dice_sum_distribution (3, 6, NULL);
  g_assert_cmpfloat (three[0] + three[1] + three[2], ==, 0.0);
  g_assert_cmpfloat (three[3], ==, 1.0 / 216.0);
  g_assert_cmpfloat (three[6], ==, 10.0 / 216.0);
  g_assert_cmpfloat (three[10], ==, 27.0 / 216.0);
  g_assert_cmpfloat (three[11], ==, 27.0 / 216.0);
  g_assert_cmpfloat (three[18], ==, 1.0 / 216.0);
}

static void
test_sum_many (void)
{
  g_autofree double *dist = NULL;
  int len = -1;
  double total = 0.0, mean = 0.0;

  /* 10^40 outcomes: past exact counting, still a distribution. */
  dist = ph_dice_sum_distribution (40, 10, &len);
  g_assert_cmpint (len, ==, 401);
  for (int t = 0; t < len; t++)
    {
      g_assert_true (isfinite (dist[t]) && dist[t] >= 0.0);
      if (t >= 40)
        g_assert_cmpfloat_with_epsilon (dist[t], dist[440 - t], 1e-15);
      total += dist[t];
      mean += t * dist[t];
    }
  g_assert_cmpfloat (dist[39], ==, 0.0);
  g_assert_cmpfloat_with_epsilon (dist[40], pow (0.1, 40), 1e-50);
  g_assert_cmpfloat_with_epsilon (total, 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (mean, 40 * 5.5, 1e-9);
}

static void
test_round_half_even (void)
{
  g_assert_cmpint (ph_round_half_even_ratio (1, 2), ==, 0);
  g_assert_cmpint (ph_round_half_even_ratio (3, 2), ==, 2);
  g_assert_cmpint (ph_round_half_even_ratio (5, 2), ==, 2);
  g_assert_cmpint (ph_round_half_even_ratio (7, 2), ==, 4);
  g_assert_cmpint (ph_round_half_even_ratio (80, 120), ==, 1);
  g_assert_cmpint (ph_round_half_even_ratio (240, 120), ==, 2);
  g_assert_cmpint (ph_round_half_even_ratio (80, 60), ==, 1);
  g_assert_cmpint (ph_round_half_even_ratio (60, 120), ==, 0);
  g_assert_cmpint (ph_round_half_even_ratio (180, 120), ==, 2);
  g_assert_cmpint (ph_round_half_even_ratio (0, 7), ==, 0);
  g_assert_cmpint (ph_round_half_even_ratio (7, 1), ==, 7);
  g_assert_cmpint (ph_round_half_even_ratio (10, 3), ==, 3);
  g_assert_cmpint (ph_round_half_even_ratio (11, 3), ==, 4);

  /* Negative numerators: ties still go to the even neighbour. */
  g_assert_cmpint (ph_round_half_even_ratio (-1, 2), ==, 0);
  g_assert_cmpint (ph_round_half_even_ratio (-3, 2), ==, -2);
  g_assert_cmpint (ph_round_half_even_ratio (-5, 2), ==, -2);
  g_assert_cmpint (ph_round_half_even_ratio (-7, 3), ==, -2);
  g_assert_cmpint (ph_round_half_even_ratio (-8, 3), ==, -3);
  g_assert_cmpint (ph_round_half_even_ratio (-7, 1), ==, -7);

  /* The ends of int. */
  g_assert_cmpint (ph_round_half_even_ratio (G_MAXINT, 1), ==, G_MAXINT);
  g_assert_cmpint (ph_round_half_even_ratio (G_MININT, 1), ==, G_MININT);
  g_assert_cmpint (ph_round_half_even_ratio (G_MININT, 2), ==, G_MININT / 2);
  g_assert_cmpint (ph_round_half_even_ratio (G_MAXINT, 2), ==, G_MAXINT / 2 + 1);
  g_assert_cmpint (ph_round_half_even_ratio (G_MAXINT, G_MAXINT), ==, 1);

  /* Agrees with rint() (ties to even by default) on small ratios. */
  for (int den = 1; den <= 12; den++)
    for (int num = -50; num <= 50; num++)
      g_assert_cmpint (ph_round_half_even_ratio (num, den), ==,
                       (int) rint ((double) num / den));
}

/* The log's dice never write a modifier of 0 (the trial read "(d10+0)") */
static void
test_dice_text (void)
{
  static const struct { int n, sides, modifier; const char *text; } cases[] = {
    { 1, 10, 0, "d10" }, { 1, 10, 2, "d10+2" }, { 1, 10, -1, "d10-1" },
    { 2, 6, 0, "2d6" }, { 2, 6, 3, "2d6+3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = ph_dice_text (cases[i].n, cases[i].sides, cases[i].modifier);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/dice/at-least/d10", test_at_least_d10);
  g_test_add_func ("/dice/at-least/d6", test_at_least_d6);
  g_test_add_func ("/dice/at-least/extremes", test_at_least_extremes);
  g_test_add_func ("/dice/at-most/complement", test_at_most);
  g_test_add_func ("/dice/best-of/at-least", test_best_of);
  g_test_add_func ("/dice/at-least/faces", test_faces_at_least);
  g_test_add_func ("/dice/percent/clamp-floor", test_percent);
  g_test_add_func ("/dice/percent/slack", test_percent_slack);
  g_test_add_func ("/dice/sum/2d6", test_sum_2d6);
  g_test_add_func ("/dice/sum/small", test_sum_small);
  g_test_add_func ("/dice/sum/many", test_sum_many);
  g_test_add_func ("/dice/round-half-even/ratio", test_round_half_even);
  g_test_add_func ("/dice/text", test_dice_text);

  return g_test_run ();
}
