/* ph-engine.c: the shared part of every assessment
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Distance, fire arc, line of sight and cover are the same reading for all
 * five rulesets (rules.md, "Shared geometry"); they are worked out here once
 * and handed to the ruleset's assess() in a PhShotContext.
 */
#include <math.h>
#include <stdarg.h>

#include <glib/gi18n-lib.h>

#include "ph-error.h"
#include "ph-hex.h"
#include "ph-engine-private.h"
#include "ph-ruleset.h"

#define ARC_HALF_ANGLE 45.0
#define ANGLE_EPSILON 1e-9

static void
modifier_clear (gpointer data)
{
  PhModifier *modifier = data;

  g_clear_pointer (&modifier->label, g_free);
}

PhAssessment *
ph_assessment_new (void)
{
  PhAssessment *a = g_new0 (PhAssessment, 1);

  a->blocked_by = g_ptr_array_new_with_free_func (g_free);
  a->reasons = g_ptr_array_new_with_free_func (g_free);
  a->modifiers = g_array_new (FALSE, TRUE, sizeof (PhModifier));
  g_array_set_clear_func (a->modifiers, modifier_clear);
  a->los_clear = TRUE;
  a->in_arc = TRUE;
  return a;
}

void
ph_assessment_free (PhAssessment *a)
{
  if (a == NULL)
    return;
  g_free (a->shooter);
  g_free (a->target);
  g_free (a->band);
  g_free (a->cover_feature);
  g_clear_pointer (&a->blocked_by, g_ptr_array_unref);
  g_clear_pointer (&a->reasons, g_ptr_array_unref);
  g_clear_pointer (&a->modifiers, g_array_unref);
  g_clear_pointer (&a->details, g_variant_unref);
  if (a->shot_free != NULL)
    a->shot_free (a->shot);
  g_free (a);
}

void
ph_assessment_set_shot (PhAssessment   *a,
                        gpointer        shot,
                        GDestroyNotify  shot_free)
{
  if (a->shot_free != NULL)
    a->shot_free (a->shot);
  a->shot = shot;
  a->shot_free = shot_free;
}

void
ph_assessment_add_modifier (PhAssessment *a,
                            const char   *label,
                            double        value)
{
  PhModifier m;

  /* a list of shots shows no modifiers */
  if (a->numbers_only)
    return;
  m = (PhModifier) { g_strdup (label), value };
  g_array_append_val (a->modifiers, m);
}

void
ph_assessment_add_reason (PhAssessment *a,
                          const char   *format,
                          ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (a->reasons, g_strdup_vprintf (format, args));
  va_end (args);
}

const char *
ph_dist_unit_to_string (PhDistUnit unit)
{
  switch (unit)
    {
    case PH_DIST_CM:
      return "cm";
    case PH_DIST_HEX:
      return "hex";
    case PH_DIST_IN:
    default:
      return "in";
    }
}

/* The unit's short name for people (translated); ph_dist_unit_to_string ()
 * is the name in files and JSON */
const char *
ph_dist_unit_label (PhDistUnit unit)
{
  switch (unit)
    {
    case PH_DIST_CM:
      return "cm";
    case PH_DIST_HEX:
      return C_("unit", "hex");
    case PH_DIST_IN:
    default:
      return C_("unit", "in");
    }
}

/* Geometry */

static PhHex
figure_hex (const PhScenario *scenario,
            const PhFigure   *figure)
{
  PhPoint p = { figure->x, figure->y };

  return ph_hex_from_point (p, scenario->table.grid_size);
}

double
ph_engine_distance (const PhScenario *scenario,
                    const PhFigure   *a,
                    const PhFigure   *b)
{
  double d;

  if (ph_ruleset_dist_unit (scenario->ruleset, &scenario->table) == PH_DIST_HEX)
    return ph_hex_distance (figure_hex (scenario, a), figure_hex (scenario, b));

  if (scenario->table.measure == PH_MEASURE_CENTRE)
    {
      PhPoint pa = { a->x, a->y }, pb = { b->x, b->y };

      d = ph_point_distance (pa, pb);
    }
  else
    {
      PhBase ba, bb;

      ph_figure_get_base (a, &ba);
      ph_figure_get_base (b, &bb);
      d = ph_base_distance (&ba, &bb);
    }

  return d / ph_ruleset_table_units_per (scenario->ruleset, &scenario->table);
}

GArray *
ph_engine_range_rings (const PhScenario *scenario,
                       const PhFigure   *figure,
                       const PhWeapon   *weapon,
                       gboolean          target_mounted)
{
  const PhRuleset *ruleset = ph_ruleset_get (scenario->ruleset);
  GArray *rings = g_array_new (FALSE, TRUE, sizeof (PhRangeRing));
  double scale;

  g_array_set_clear_func (rings, (GDestroyNotify) ph_range_ring_clear);
  if (weapon == NULL)
    weapon = ph_figure_first_missile (figure);
  if (weapon == NULL || !ph_weapon_kind_is_missile (weapon->kind) || ruleset->range_rings == NULL)
    return rings;

  ruleset->range_rings (scenario, figure, weapon, target_mounted, rings);

  /* Rings come in the ruleset's unit; hexes stay hexes. */
  if (ph_ruleset_dist_unit (scenario->ruleset, &scenario->table) != PH_DIST_HEX)
    {
      scale = ph_ruleset_table_units_per (scenario->ruleset, &scenario->table);
      for (guint i = 0; i < rings->len; i++)
        g_array_index (rings, PhRangeRing, i).distance *= scale;
    }
  return rings;
}

void
ph_range_ring_clear (PhRangeRing *ring)
{
  g_clear_pointer (&ring->label, g_free);
}

/* Assessment */

/* The details of a ruleset that gives none, and of a numbers-only
 * assessment: one empty a{sv} for all, never freed */
static GVariant *
empty_details (void)
{
  static GVariant *empty;

  if (g_once_init_enter (&empty))
    g_once_init_leave (&empty, g_variant_ref_sink (g_variant_new ("a{sv}", NULL)));
  return empty;
}

static void
add_common_reasons (const PhShotContext *ctx,
                    const PhRuleset     *ruleset,
                    PhAssessment        *out)
{
  const char *shooter = ph_figure_display_name (ctx->shooter);
  const char *target = ph_figure_display_name (ctx->target);

  if (ctx->shooter->status & PH_STATUS_DEAD)
    ph_assessment_add_reason (out, _("%s is dead"), shooter);
  else if (ctx->shooter->status & PH_STATUS_FLED)
    ph_assessment_add_reason (out, _("%s has fled the table"), shooter);
  if (ctx->target->status & PH_STATUS_DEAD)
    ph_assessment_add_reason (out, _("the target %s is dead"), target);
  else if (ctx->target->status & PH_STATUS_FLED)
    ph_assessment_add_reason (out, _("the target %s has fled the table"), target);

  if (ctx->weapon == NULL)
    ph_assessment_add_reason (out, _("%s carries no missile weapon"), shooter);
  else if (!ph_weapon_kind_is_missile (ctx->weapon->kind))
    ph_assessment_add_reason (out, _("the %s is not a missile weapon"),
                              ph_weapon_kind_label (ctx->weapon->kind));
  else if (!ctx->weapon->loaded)
    ph_assessment_add_reason (out, _("the %s is not loaded"),
                              ph_weapon_kind_label (ctx->weapon->kind));

  if (ruleset->has_arc && !ctx->in_arc)
    ph_assessment_add_reason (out, _("%s is outside the fire arc (more than 45 degrees from the front of %s)"),
                              target, shooter);
  if (!ctx->los_clear)
    {
      g_autoptr(GString) ids = g_string_new (NULL);

      /* people read names; blocked_by keeps the ids for programs */
      for (guint i = 0; i < out->blocked_by->len; i++)
        {
          if (i > 0)
            g_string_append (ids, ", ");
          g_string_append (ids, ph_scenario_display_name (ctx->scenario,
                                                          g_ptr_array_index (out->blocked_by, i)));
        }
      ph_assessment_add_reason (out, _("no line of sight: blocked by %s"), ids->str);
    }
}

PhAssessment *
ph_engine_assess_held (const PhScenario      *scenario,
                       const PhSightHolders  *holders_shooter,
                       const PhSightHolders  *holders_target,
                       const PhFigure        *shooter,
                       const PhFigure        *target,
                       const PhShotOptions   *options,
                       gboolean               numbers_only,
                       GError               **error)
{
  static const PhShotOptions default_options = PH_SHOT_OPTIONS_INIT;
  const PhRuleset *ruleset = ph_ruleset_get (scenario->ruleset);
  g_autoptr(PhAssessment) out = NULL;
  const PhFeature *cover_feature = NULL;
  PhShotContext ctx = { 0 };
  PhPoint from = { shooter->x, shooter->y }, to = { target->x, target->y };

  g_return_val_if_fail (shooter != NULL && target != NULL, NULL);

  if (options == NULL)
    options = &default_options;

  if (shooter == target)
    {
      g_set_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_SAME_FIGURE,
                   _("'%s' cannot shoot at itself"), shooter->id);
      return NULL;
    }

  ctx.scenario = scenario;
  ctx.shooter = shooter;
  ctx.target = target;
  if (options->has_weapon)
    {
      ctx.weapon = ph_figure_find_weapon_to_fire (shooter, options->weapon);
      if (ctx.weapon == NULL)
        {
          g_set_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_NO_WEAPON,
                       _("'%s' carries no %s"), shooter->id,
                       ph_weapon_kind_label (options->weapon));
          return NULL;
        }
    }
  else
    ctx.weapon = ph_figure_first_missile (shooter);

  out = ph_assessment_new ();
  out->numbers_only = numbers_only;
  out->ruleset = scenario->ruleset;
  out->shooter = g_strdup (shooter->id);
  out->target = g_strdup (target->id);
  out->has_weapon = ctx.weapon != NULL;
  if (ctx.weapon != NULL)
    out->weapon = ctx.weapon->kind;
  out->unit = ph_ruleset_dist_unit (scenario->ruleset, &scenario->table);

  ctx.distance = ph_engine_distance (scenario, shooter, target);
  ctx.bearing = ph_bearing (from, to);
  ctx.in_arc = !ruleset->has_arc
               || ph_angle_difference (shooter->facing, ctx.bearing) <= ARC_HALF_ANGLE + ANGLE_EPSILON;
  ctx.los_clear = ph_sight_line_of_sight (scenario, holders_shooter, holders_target,
                                          shooter, target, ruleset->figures_block_los,
                                          out->blocked_by, NULL);
  ctx.cover = ph_sight_cover (scenario, holders_target, shooter, target,
                              &ctx.cover_class, &cover_feature);

  out->distance = ctx.distance;
  out->in_arc = ctx.in_arc;
  out->los_clear = ctx.los_clear;
  out->cover = ctx.cover;
  out->cover_feature = cover_feature != NULL ? g_strdup (cover_feature->id) : NULL;
  out->has_cover_detail = ruleset->cover_class != NULL;
  out->cover_detail = ctx.cover_class;
  out->has_p_kill = ruleset->has_kill;

  add_common_reasons (&ctx, ruleset, out);

  /* With no missile weapon to fire (none carried, or a melee one named) the
   * reason above says so, and the ruleset still fills in what does not need
   * the weapon: the details are null, never left out (docs/rules.md, "What an
   * assessment reports"), and Firelock's p_acquire, Featherstone's row,
   * Musket Mayhem's skill_target and Guns of War's target_number depend on
   * the figures and the cover alone. */
  if (ctx.weapon != NULL && !ph_weapon_kind_is_missile (ctx.weapon->kind))
    ctx.weapon = NULL;
  if (!ruleset->assess (&ctx, options, out, error))
    return NULL;

  if (out->details == NULL)
    out->details = g_variant_ref (empty_details ());
  else
    g_variant_ref_sink (out->details);

  /* Whatever the ruleset said, a shot that cannot be fired has no chance. */
  out->can_fire = out->reasons->len == 0;
  if (!out->can_fire)
    {
      out->p_hit = 0;
      out->p_kill = 0;
    }
  out->p_effect = out->can_fire ? ph_ruleset_effect (ruleset)->chance (out) : 0;
  if (!out->in_range)
    g_clear_pointer (&out->band, g_free);

  return g_steal_pointer (&out);
}

PhAssessment *
ph_engine_assess_figures (const PhScenario     *scenario,
                          const PhFigure       *shooter,
                          const PhFigure       *target,
                          const PhShotOptions  *options,
                          GError              **error)
{
  return ph_engine_assess_held (scenario, NULL, NULL, shooter, target, options, FALSE, error);
}

PhAssessment *
ph_engine_assess (const PhScenario     *scenario,
                  const char           *shooter_id,
                  const char           *target_id,
                  const PhShotOptions  *options,
                  GError              **error)
{
  const PhFigure *shooter = ph_scenario_find_figure (scenario, shooter_id);
  const PhFigure *target = ph_scenario_find_figure (scenario, target_id);

  if (shooter == NULL || target == NULL)
    {
      const char *id = shooter == NULL ? shooter_id : target_id;

      g_set_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_UNKNOWN_ID,
                   _("no figure with id '%s'%s"), id,
                   ph_scenario_find_feature (scenario, id) != NULL ? _(" (that is a terrain feature)")
                   : ph_scenario_find_side (scenario, id) != NULL ? _(" (that is a side)") : "");
      return NULL;
    }

  return ph_engine_assess_figures (scenario, shooter, target, options, error);
}
