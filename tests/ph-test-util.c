/* ph-test-util.c: helpers shared by the core's tests
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-test-util.h"

#include <string.h>

PhScenario *
ph_test_load_xml (const char *xml,
                  gssize      length,
                  const char *filename)
{
  g_autoptr(GError) error = NULL;
  PhScenario *scenario;

  scenario = ph_scenario_load_data (xml, length >= 0 ? (gsize) length : strlen (xml),
                                    filename, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

PhScenario *
ph_test_load_example (const char *name)
{
  g_autofree char *path = ph_test_scenario_path (name);
  g_autoptr(GError) error = NULL;
  PhScenario *scenario = ph_scenario_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

PhAssessment *
ph_test_assess (const PhScenario    *scenario,
                const char          *shooter,
                const char          *target,
                const PhShotOptions *options)
{
  g_autoptr(GError) error = NULL;
  PhAssessment *a = ph_engine_assess (scenario, shooter, target, options, &error);

  g_assert_no_error (error);
  g_assert_nonnull (a);
  return a;
}

gboolean
ph_test_has_reason_containing (const PhAssessment *a,
                               const char         *needle)
{
  for (guint i = 0; i < a->reasons->len; i++)
    if (strstr (g_ptr_array_index (a->reasons, i), needle) != NULL)
      return TRUE;
  return FALSE;
}

void
ph_test_assert_modifier (const PhAssessment *a,
                         guint               i,
                         const char         *label,
                         double              value)
{
  const PhModifier *m;

  g_assert_cmpuint (i, <, a->modifiers->len);
  m = &g_array_index (a->modifiers, PhModifier, i);
  g_assert_cmpstr (m->label, ==, label);
  g_assert_cmpfloat_with_epsilon (m->value, value, PH_TEST_EPS);
}

void
ph_test_assert_modifiers (const PhAssessment *a,
                          ...)
{
  va_list args;
  guint i = 0;
  const char *label;

  va_start (args, a);
  while ((label = va_arg (args, const char *)) != NULL)
    {
      double value = va_arg (args, double);

      ph_test_assert_modifier (a, i, label, value);
      i++;
    }
  va_end (args);
  g_assert_cmpuint (i, ==, a->modifiers->len);
}

/* Looks up @key as @format into @value, asserting that it is there */
#define LOOKUP(Type, format, initial)                                   \
  G_STMT_START {                                                        \
    Type v = (initial);                                                 \
                                                                        \
    g_assert_true (g_variant_lookup (a->details, key, (format), &v));   \
    return v;                                                           \
  } G_STMT_END

double
ph_test_detail_double (const PhAssessment *a, const char *key)
{
  LOOKUP (double, "d", -1);
}

gint32
ph_test_detail_int (const PhAssessment *a, const char *key)
{
  LOOKUP (gint32, "i", -1);
}

gboolean
ph_test_detail_bool (const PhAssessment *a, const char *key)
{
  LOOKUP (gboolean, "b", FALSE);
}

#undef LOOKUP

gboolean
ph_test_has_detail (const PhAssessment *a,
                    const char         *key)
{
  g_autoptr(GVariant) v = g_variant_lookup_value (a->details, key, NULL);

  return v != NULL;
}

/* Games */

char *
ph_test_game_state (PhGame *game)
{
  g_autoptr(PhScenario) copy = ph_scenario_copy (ph_game_get_scenario (game));
  g_autoptr(GPtrArray) names = ph_game_list_vars (game);
  g_autofree char *xml = NULL;
  GString *state;

  /* the stored <game> holds the log, not the state */
  g_clear_pointer (&copy->game_xml, g_free);
  copy->game_line = 0;
  xml = ph_scenario_to_xml (copy, NULL);
  state = g_string_new (xml);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);

      g_string_append_printf (state, "%s=%s\n", name, ph_game_get_var (game, name));
    }
  return g_string_free (state, FALSE);
}

void
ph_test_check_save_load (PhGame *game)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = ph_test_game_state (game);
  g_autofree char *xml = NULL;
  g_autofree char *loaded_state = NULL;
  g_autofree char *again = NULL;
  g_autoptr(PhScenario) copy = NULL;
  g_autoptr(PhGame) loaded = NULL;
  const PhRoll *ra, *rb;
  gsize length = 0;

  ph_game_store (game);
  xml = ph_scenario_to_xml (ph_game_get_scenario (game), &length);
  copy = ph_scenario_load_data (xml, length, "saved.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (copy);
  loaded = ph_game_load (copy, "saved.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);

  loaded_state = ph_test_game_state (loaded);
  g_assert_cmpstr (loaded_state, ==, before);
  g_assert_cmpuint (ph_game_get_seed (loaded), ==, ph_game_get_seed (game));
  g_assert_cmpuint (ph_game_get_position (loaded), ==, ph_game_get_position (game));
  for (guint i = 0; i < ph_game_get_position (game); i++)
    g_assert_cmpstr (ph_game_get_event (loaded, i)->text, ==, ph_game_get_event (game, i)->text);

  /* the same next dice: four d100 in both */
  g_assert_true (ph_game_roll_tray (game, "4d100", "next dice", &error));
  g_assert_no_error (error);
  g_assert_true (ph_game_roll_tray (loaded, "4d100", "next dice", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ph_test_last_event (game)->rolls->len, ==, 1);
  g_assert_cmpuint (ph_test_last_event (loaded)->rolls->len, ==, 1);
  ra = ph_test_roll (ph_test_last_event (game), 0);
  rb = ph_test_roll (ph_test_last_event (loaded), 0);
  g_assert_cmpint (ra->n, ==, 4);
  g_assert_cmpmem (ra->values, sizeof (int) * 4, rb->values, sizeof (int) * 4);
  g_assert_true (ph_game_undo (game, &error));
  g_assert_no_error (error);
  again = ph_test_game_state (game);
  g_assert_cmpstr (again, ==, before);
}

/* The NULL-terminated arguments after @action, NULL-terminated */
static GPtrArray *
collect_args (va_list ap)
{
  GPtrArray *args = g_ptr_array_new ();
  const char *arg;

  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  g_ptr_array_add (args, NULL);
  return args;
}

/* Whether @text writes a modifier of nothing: "+0" or "-0" not followed
 * by a digit or a decimal point ("d10+0", "melee +0") */
static gboolean
has_zero_modifier (const char *text)
{
  for (const char *p = text; p != NULL && *p != '\0'; p++)
    if ((p[0] == '+' || p[0] == '-') && p[1] == '0'
        && !g_ascii_isdigit (p[2]) && p[2] != '.' && p[2] != ','
        && (p == text || !g_ascii_isdigit (p[-1])))
      return TRUE;
  return FALSE;
}

void
ph_test_assert_no_zero_modifier (const PhEvent *event)
{
  if (has_zero_modifier (event->text))
    g_error ("a modifier of 0 written in the log: %s", event->text);
  for (guint i = 0; event->rolls != NULL && i < event->rolls->len; i++)
    {
      const PhRoll *roll = g_ptr_array_index (event->rolls, i);

      if (has_zero_modifier (roll->purpose))
        g_error ("a modifier of 0 written in a roll: %s", roll->purpose);
    }
}

const PhEvent *
ph_test_stepv (PhGame             *game,
               const char         *action,
               const char * const *args)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = ph_test_game_state (game);
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  guint position = ph_game_get_position (game);
  const PhEvent *event;

  if (!ph_game_perform_argv (game, action, args, &error))
    g_error ("%s failed: %s", action, error->message);
  g_assert_cmpuint (ph_game_get_position (game), ==, position + 1);
  g_assert_nonnull (ph_test_last_event (game)->text);
  after = ph_test_game_state (game);

  /* undo restores the state exactly; redo gives the next again */
  g_assert_true (ph_game_undo (game, &error));
  g_assert_no_error (error);
  undone = ph_test_game_state (game);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (ph_game_redo (game, &error));
  g_assert_no_error (error);
  redone = ph_test_game_state (game);
  g_assert_cmpstr (redone, ==, after);

  ph_test_check_save_load (game);
  event = ph_game_get_event (game, position);
  g_test_message ("%s", event->text);
  ph_test_assert_no_zero_modifier (event);
  return event;
}

const PhEvent *
ph_test_step (PhGame     *game,
              const char *action,
              ...)
{
  g_autoptr(GPtrArray) args = NULL;
  va_list ap;

  va_start (ap, action);
  args = collect_args (ap);
  va_end (ap);
  return ph_test_stepv (game, action, (const char * const *) args->pdata);
}

gboolean
ph_test_try (PhGame     *game,
             const char *action,
             ...)
{
  g_autoptr(GPtrArray) args = NULL;
  va_list ap;

  va_start (ap, action);
  args = collect_args (ap);
  va_end (ap);
  return ph_game_perform_argv (game, action, (const char * const *) args->pdata, NULL);
}

void
ph_test_refuse (PhGame     *game,
                int         code,
                const char *needle,
                const char *action,
                ...)
{
  g_autoptr(GPtrArray) args = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = ph_test_game_state (game);
  g_autofree char *after = NULL;
  guint position = ph_game_get_position (game);
  guint n_events = ph_game_get_n_events (game);
  va_list ap;

  va_start (ap, action);
  args = collect_args (ap);
  va_end (ap);

  g_assert_false (ph_game_perform_argv (game, action, (const char * const *) args->pdata,
                                        &error));
  g_assert_error (error, PH_GAME_ERROR, code);
  g_assert_nonnull (error->message);
  if (needle != NULL && strstr (error->message, needle) == NULL)
    g_error ("%s: '%s' does not contain '%s'", action, error->message, needle);
  g_assert_cmpuint (ph_game_get_position (game), ==, position);
  g_assert_cmpuint (ph_game_get_n_events (game), ==, n_events);
  after = ph_test_game_state (game);
  g_assert_cmpstr (after, ==, before);
}

const PhEvent *
ph_test_last_event (PhGame *game)
{
  g_assert_cmpuint (ph_game_get_position (game), >, 0);
  return ph_game_get_event (game, ph_game_get_position (game) - 1);
}

const PhRoll *
ph_test_roll (const PhEvent *event,
              guint          i)
{
  g_assert_cmpuint (i, <, event->rolls->len);
  return g_ptr_array_index (event->rolls, i);
}

guint
ph_test_n_visible_rolls (const PhEvent *event)
{
  guint n = 0;

  for (guint i = 0; i < event->rolls->len; i++)
    if (!((const PhRoll *) g_ptr_array_index (event->rolls, i))->hidden)
      n++;
  return n;
}

void
ph_test_assert_log_contains (const PhEvent *event,
                             const char    *needle)
{
  if (strstr (event->text, needle) == NULL)
    g_error ("log '%s' does not contain '%s'", event->text, needle);
}

PhFigure *
ph_test_figure (PhGame     *game,
                const char *id)
{
  PhFigure *figure = ph_scenario_find_figure (ph_game_get_scenario (game), id);

  g_assert_nonnull (figure);
  return figure;
}

gboolean
ph_test_next_dice_are (PhGame    *game,
                       guint      n,
                       const int *sides,
                       const int *lo,
                       const int *hi)
{
  gboolean match = TRUE;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *expression = g_strdup_printf ("d%d", sides[i]);
      const PhRoll *roll;

      g_assert_true (ph_game_roll_tray (game, expression, "look ahead", NULL));
      roll = ph_test_roll (ph_test_last_event (game), 0);
      if (roll->total < lo[i] || roll->total > hi[i])
        match = FALSE;
    }
  for (guint i = 0; i < n; i++)
    g_assert_true (ph_game_undo (game, NULL));
  return match;
}

guint32
ph_test_find_seed (const PhScenario *scenario,
                   guint32           first,
                   guint32           last,
                   PhTestSeedFunc    accept,
                   gpointer          data)
{
  for (guint32 seed = first; seed >= first && seed <= last; seed++)
    {
      g_autoptr(PhScenario) copy = ph_scenario_copy (scenario);
      g_autoptr(PhGame) game = ph_game_new (copy, seed);

      if (accept (game, data))
        return seed;
    }
  g_error ("no seed in %u..%u gives what the test wants", first, last);
  return 0;
}
