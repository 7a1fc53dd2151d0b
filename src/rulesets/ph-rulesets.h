/* ph-rulesets.h: the registry of rulesets
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every ruleset is one folder under src/rulesets and one line here and in
 * ph-rulesets.c (docs/adding-a-ruleset.md). Everything else asks the
 * ruleset's descriptor (ph_ruleset_get(), ph-ruleset.h) and never tests
 * which ruleset it is.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The registry's order: a scenario's ruleset is an index into it */
typedef enum
{
  PH_RULESET_FIRELOCK,     /* firelock-scalplock */
  PH_RULESET_FISTFUL,      /* fistful-of-lead */
  PH_RULESET_MAYHEM,       /* musket-mayhem */
  PH_RULESET_FEATHERSTONE, /* featherstone */
  PH_RULESET_GUNS_OF_WAR,  /* guns-of-war */
  PH_N_RULESETS
} PhRulesetId;

/* The ruleset an empty document starts with */
PhRulesetId ph_rulesets_default (void);

G_END_DECLS
