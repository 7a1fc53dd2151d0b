/* ph-cli-rulesets.h: what powderhorn-cli knows of each ruleset
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Beyond the engine (src/core), two verbs need a little knowledge of each
 * ruleset: `new` its usual table, `advise` the choices a figure has when
 * it shoots (aim, spot, snap or aimed fire, a card, reaction fire) and
 * what each costs. It is kept in one descriptor per ruleset, all in
 * ph-cli-rulesets.c, so that the verbs hold no switch on the ruleset and
 * the descriptors can move to a per-ruleset descriptor of the core later.
 */
#pragma once

#include "ph-cli.h"

G_BEGIN_DECLS

/* One way to take a shot */
typedef struct
{
  const char *action;   /* its name in advise's JSON: "careful-aim" */
  const char *label;    /* in words: "careful aim (+3 on the result), fire" */
  PhShotOptions shot;   /* assess's options for it (the weapon is set apart) */
  int cost;             /* in the ruleset's own measure: IPs, phases, actions */
} PhCliShotChoice;

typedef struct _PhCliRuleset PhCliRuleset;

struct _PhCliRuleset
{
  PhRulesetId ruleset;

  /* new: the usual table */
  PhUnit unit;          /* of a --table given without a unit */
  PhGrid grid;
  double grid_size_in;  /* the grid's size on an inch table */
  double grid_size_cm;  /* and on a cm table */
  PhMeasure measure;

  /* advise: the choices, in the order ties are listed */
  const PhCliShotChoice *choices;
  guint n_choices;
  /* assess's option names the choices set, NULL-terminated (the keys of
   * advise's "options" object): "aim", "spot", "fire", "card", "reaction" */
  const char * const *option_names;
  /* The details key giving how many attacks one shot makes (Guns of War's
   * "attacks"), or NULL: one. */
  const char *attacks_detail;
  /* The cost of @choice for @shooter in words ("6 IPs: careful aim 4,
   * spot 2"); *@order (lower is cheaper) breaks ties of expected effect.
   * @assessment is the choice's own. */
  char *(*cost) (const PhCliRuleset    *self,
                 const PhCliShotChoice *choice,
                 const PhFigure        *shooter,
                 const PhAssessment    *assessment,
                 int                   *order);
};

const PhCliRuleset *ph_cli_ruleset_get (PhRulesetId id);

G_END_DECLS
