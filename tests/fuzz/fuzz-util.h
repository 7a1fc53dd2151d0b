/* fuzz-util.h: what the fuzz targets share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every target calls ph_fuzz_init() first: from then on a WARNING,
 * CRITICAL or ERROR logged by anyone (the core, or GLib complaining about
 * how the core called it) aborts, as G_DEBUG=fatal-criticals would, so the
 * fuzzer reports it as a crash with its input. Other messages are dropped.
 *
 * A check that fails (ph_fuzz_fail()) prints what went wrong and aborts:
 * libFuzzer then saves the input as crash-*, and the replay program
 * (fuzz-replay.c) dies on it.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "ph-core.h"

G_BEGIN_DECLS

/* The libFuzzer entry point every fuzz-*.c defines */
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Installs the aborting log writer (once) */
void        ph_fuzz_init          (void);

/* Prints "fuzz: " and the message to standard error, then abort()s */
G_NORETURN void ph_fuzz_fail      (const char *format, ...) G_GNUC_PRINTF (1, 2);

/* With PH_FUZZ_VERBOSE set, prints the message (and a newline) to
 * standard error: what a target did with its input */
void        ph_fuzz_verbose       (const char *format, ...) G_GNUC_PRINTF (1, 2);

/* The example scenario of @ruleset (data/scenarios, compiled in): its
 * text, NUL-terminated, and its length in @length. Static: do not free. */
const char *ph_fuzz_example_xml   (PhRulesetId ruleset, gsize *length);
/* A new copy of that scenario, loaded once and copied for each input */
PhScenario *ph_fuzz_example       (PhRulesetId ruleset);

/* Stores @game into its scenario, writes the scenario out and loads it
 * and its game back: anything that fails is a bug (ph_fuzz_fail()). The
 * loaded game must have the same log (events, position) and store to the
 * same XML. @what names the caller's input in the messages. */
void        ph_fuzz_check_store   (PhGame *game, const char *what);

G_END_DECLS
