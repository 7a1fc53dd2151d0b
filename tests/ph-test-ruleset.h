/* ph-test-ruleset.h: a ruleset by the name scenario files give it
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tests and benches name rulesets as files do ("firelock-scalplock"), not
 * by the registry's index, so that nothing outside src/rulesets names
 * PH_RULESET_ values (HACKING.md, "One ruleset, one place").
 */
#pragma once

#include "ph-core.h"

static inline PhRulesetId
ph_test_ruleset (const char *name)
{
  PhRulesetId id = 0;

  if (!ph_ruleset_id_from_string (name, &id))
    g_error ("no ruleset '%s'", name);
  return id;
}
