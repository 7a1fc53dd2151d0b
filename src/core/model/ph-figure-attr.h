/* ph-figure-attr.h: a figure's attributes by their file names
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game records every change to a figure as (attribute, old, new)
 * strings. The names are the scenario file's: "x", "y", "facing",
 * "stance", "status", "mounted", "leader", "troop", "side", "name",
 * "weapon.N.loaded" (N counts from 0 in file order), and the ruleset
 * element's attributes prefixed with its name: "firelock.hits",
 * "firelock.melee", "firelock.bravery", "fistful.wounds", "fistful.shaken",
 * "fistful.reload", "mayhem.saves", "mayhem.rerolls",
 * "featherstone.light-wounds", "featherstone.serious-wounds",
 * "featherstone.wounds", "guns-of-war.men", "guns-of-war.reload-tokens",
 * "guns-of-war.morale", "guns-of-war.uhp"... Values are written as the file
 * writes them (numbers through g_ascii_dtostr), and read with the file's own
 * checks, so a bad value is refused with a clear message.
 */
#pragma once

#include <glib.h>

#include "ph-scenario.h"

G_BEGIN_DECLS

/* The attribute's value as the file would write it; NULL with @error for
 * an unknown attribute (or a ruleset element the figure does not have). */
char     *ph_figure_get_attr (const PhScenario *scenario, const PhFigure *figure,
                              const char *attr, GError **error);
/* Sets it; FALSE with @error (PH_SCENARIO_ERROR_INVALID) for an unknown
 * attribute or a value the file format would refuse. Nothing changes on
 * failure. Setting a ruleset element's attribute on a figure without the
 * element creates it with its defaults (where it has no required
 * attributes, else it fails). */
gboolean  ph_figure_set_attr (PhScenario *scenario, PhFigure *figure,
                              const char *attr, const char *value, GError **error);

/* The names of the attributes @figure has, in file order: the figure's
 * own, weapon.N.loaded and weapon.N.name for each weapon, then those of its
 * ruleset element. Free with g_strfreev(). */
char    **ph_figure_list_attrs (const PhFigure *figure);

G_END_DECLS
