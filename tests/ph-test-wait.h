/* ph-test-wait.h: waiting for a condition in tests that run a main loop
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A test that waits for something the main loop does (a frame drawn, a
 * dialog shown, a timer fired, a file written) waits for that condition,
 * never for a fixed time: on a loaded machine any fixed time is too short.
 * PH_TEST_WAIT_UNTIL() iterates the default main context until @expr holds
 * and fails the test, naming the condition, only when it still does not
 * hold after PH_TEST_WAIT_SECONDS. A wake-up tick keeps the loop turning so
 * that conditions outside the main context (a file another process writes)
 * are seen too.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Generous: it only decides when a test that would hang fails instead. */
#define PH_TEST_WAIT_SECONDS 60

static inline gboolean
ph_test_wait_tick (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

#define PH_TEST_WAIT_UNTIL(expr) \
  G_STMT_START { \
    gint64 ph_wait_deadline_ = g_get_monotonic_time () + PH_TEST_WAIT_SECONDS * G_USEC_PER_SEC; \
    guint ph_wait_tick_ = g_timeout_add (10, ph_test_wait_tick, NULL); \
    while (!(expr)) \
      { \
        if (g_get_monotonic_time () > ph_wait_deadline_) \
          g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, \
                               "still false after " G_STRINGIFY (PH_TEST_WAIT_SECONDS) \
                               " s: " #expr); \
        g_main_context_iteration (NULL, TRUE); \
      } \
    g_source_remove (ph_wait_tick_); \
  } G_STMT_END

/* The same for a condition no main loop hears of (another program's
 * window, a file it writes): checked every 50 ms. */
#define PH_TEST_POLL_UNTIL(expr) \
  G_STMT_START { \
    gint64 ph_poll_deadline_ = g_get_monotonic_time () + PH_TEST_WAIT_SECONDS * G_USEC_PER_SEC; \
    while (!(expr)) \
      { \
        if (g_get_monotonic_time () > ph_poll_deadline_) \
          g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, \
                               "still false after " G_STRINGIFY (PH_TEST_WAIT_SECONDS) \
                               " s: " #expr); \
        g_usleep (50 * 1000); \
      } \
  } G_STMT_END

G_END_DECLS
