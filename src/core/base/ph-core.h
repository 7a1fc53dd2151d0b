/* ph-core.h: the GTK-free core of Powderhorn
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-dice.h"
#include "ph-engine.h"
#include "ph-error.h"
#include "ph-figure-attr.h"
#include "ph-file.h"
#include "ph-game.h"
#include "ph-game-move.h"
#include "ph-geometry.h"
#include "ph-hex.h"
#include "ph-i18n.h"
#include "ph-ruleset.h"
#include "ph-scenario.h"
#include "ph-scenario-io.h"
#include "ph-shape-edit.h"
