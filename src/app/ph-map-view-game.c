/* ph-map-view-game.c: the game on the map: where the selected figure's
 * move can take it, the referee's "Move Anyway", and the acting figure's
 * actions on a right-clicked enemy
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reach is the ruleset's (ph_game_move_reach(), ph-game-move.h): as
 * far as the allowance goes along each direction, paying for the ground,
 * so that a wood or a wall bends it and water stops it. On a hex table
 * it is the hexes the unit's rate reaches. It is worked out when first
 * drawn after the document or the selection changed.
 */
#include "ph-map-view-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ph-game-move.h"
#include "ph-hex.h"

/* Directions the reach is measured along */
#define REACH_RAYS 120

void
ph_map_view_invalidate_reach (PhMapView *self)
{
  /* what the threat map was worked out from has changed too */
  ph_map_view_invalidate_threat (self);
  self->reach_valid = FALSE;
  g_clear_pointer (&self->reach_polygon, g_array_unref);
  g_clear_pointer (&self->reach_hexes, g_array_unref);
}

static GArray *
reach_hexes (PhGame           *game,
             const PhFigure   *figure,
             const PhMovePlan *plan)
{
  const PhScenario *scenario = ph_game_get_scenario (game);
  double size = scenario->table.grid_size;
  PhHex from = ph_hex_from_point (plan->origin, size);
  GArray *hexes = g_array_new (FALSE, FALSE, sizeof (PhHex));
  int n;

  /* no limit the program knows (a mounted unit): nothing to shade */
  if (plan->allowance == G_MAXDOUBLE)
    return hexes;
  n = (int) plan->allowance;

  for (int dq = -n; dq <= n; dq++)
    for (int dr = -n; dr <= n; dr++)
      {
        PhHex hex = { from.q + dq, from.r + dr };
        PhMoveCost cost;

        if (ph_hex_distance (from, hex) > n)
          continue;
        ph_game_move_cost (game, figure->id, plan, ph_hex_to_point (hex, size), &cost);
        if (ph_move_cost_fits (plan, &cost))
          g_array_append_val (hexes, hex);
      }
  return hexes;
}

static void
compute_reach (PhMapView *self)
{
  PhGame *game = self->document ? ph_document_get_game (self->document) : NULL;
  PhFigure *figure = ph_map_view_get_selected_figure (self);
  PhMovePlan plan;

  self->reach_valid = TRUE;
  if (game == NULL || figure == NULL || self->edit_mode
      || ph_document_get_replaying (self->document)
      || !ph_game_plan_move_wished (game, figure->id,
                                    ph_document_get_move_wish (self->document, figure->id),
                                    &plan, NULL))
    return;
  if (plan.hex_snap)
    self->reach_hexes = reach_hexes (game, figure, &plan);
  else
    self->reach_polygon = ph_game_move_reach (game, figure->id, &plan, REACH_RAYS);
  ph_move_plan_clear (&plan);
}

/* Appends the reach's outline to @cr's path (the polygon, or each hex
 * reached); FALSE when there is none */
gboolean
ph_map_view_append_reach_path (PhMapView          *self,
                               cairo_t            *cr,
                               const PhRenderView *view)
{
  const PhScenario *scenario;

  if (!self->reach_valid)
    compute_reach (self);
  if (self->reach_polygon == NULL && self->reach_hexes == NULL)
    return FALSE;
  scenario = ph_document_get_scenario (self->document);
  if (self->reach_polygon != NULL)
    for (guint i = 0; i < self->reach_polygon->len; i++)
      {
        PhPoint p = ph_render_view_to_device (view, g_array_index (self->reach_polygon,
                                                                   PhPoint, i));

        if (i == 0)
          cairo_move_to (cr, p.x, p.y);
        else
          cairo_line_to (cr, p.x, p.y);
      }
  if (self->reach_polygon != NULL)
    cairo_close_path (cr);
  if (self->reach_hexes != NULL)
    {
      double size = scenario->table.grid_size;

      for (guint i = 0; i < self->reach_hexes->len; i++)
        {
          PhPoint corners[6];

          ph_hex_corners (g_array_index (self->reach_hexes, PhHex, i), size, corners);
          for (int k = 0; k < 6; k++)
            {
              PhPoint p = ph_render_view_to_device (view, corners[k]);

              if (k == 0)
                cairo_move_to (cr, p.x, p.y);
              else
                cairo_line_to (cr, p.x, p.y);
            }
          cairo_close_path (cr);
        }
    }
  return TRUE;
}

void
ph_map_view_draw_reach (PhMapView          *self,
                        cairo_t            *cr,
                        const PhRenderView *view)
{
  gboolean threat = ph_map_view_threat_shown (self);

  cairo_save (cr);
  cairo_new_path (cr);
  if (!ph_map_view_append_reach_path (self, cr, view))
    {
      cairo_restore (cr);
      return;
    }
  if (self->reach_hexes != NULL)
    {
      double size = ph_document_get_scenario (self->document)->table.grid_size;

      /* under the threat map, only the outline: a blue tint over its
       * colours made them read as other steps than the legend's */
      if (threat)
        cairo_new_path (cr);
      else
        {
          cairo_set_source_rgba (cr, 0.30, 0.65, 1.0, 0.16);
          cairo_fill (cr);
        }
      /* the outline of the whole: each hex's edges that no other reached
       * hex shares */
      for (guint i = 0; i < self->reach_hexes->len; i++)
        {
          PhHex hex = g_array_index (self->reach_hexes, PhHex, i);
          PhPoint centre = ph_hex_to_point (hex, size);
          PhPoint corners[6];

          ph_hex_corners (hex, size, corners);
          for (int k = 0; k < 6; k++)
            {
              PhPoint a = corners[k], b = corners[(k + 1) % 6];
              PhPoint beyond = { (a.x + b.x) - centre.x, (a.y + b.y) - centre.y };
              PhHex next = ph_hex_from_point (beyond, size);
              gboolean shared = FALSE;

              for (guint j = 0; j < self->reach_hexes->len && !shared; j++)
                shared = ph_hex_equal (g_array_index (self->reach_hexes, PhHex, j), next);
              if (shared)
                continue;
              a = ph_render_view_to_device (view, a);
              b = ph_render_view_to_device (view, b);
              cairo_move_to (cr, a.x, a.y);
              cairo_line_to (cr, b.x, b.y);
            }
        }
      cairo_set_line_width (cr, 2);
      cairo_set_source_rgba (cr, 0.20, 0.55, 1.0, 0.9);
      cairo_stroke (cr);
      cairo_restore (cr);
      return;
    }
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  if (!threat)
    {
      cairo_set_source_rgba (cr, 0.30, 0.65, 1.0, 0.16);
      cairo_fill_preserve (cr);
    }
  cairo_set_line_width (cr, 1.5);
  cairo_set_source_rgba (cr, 0.30, 0.65, 1.0, 0.75);
  cairo_stroke (cr);
  cairo_restore (cr);
}

GArray *
ph_map_view_get_reach_polygon (PhMapView *self)
{
  if (!self->reach_valid)
    compute_reach (self);
  return self->reach_polygon;
}

GArray *
ph_map_view_get_reach_hexes (PhMapView *self)
{
  if (!self->reach_valid)
    compute_reach (self);
  return self->reach_hexes;
}

void
ph_map_view_offer_move_anyway (PhMapView      *self,
                               const PhFigure *figure,
                               PhPoint         to,
                               double          x,
                               double          y)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenuItem) item = NULL;

  item = g_menu_item_new (_("Move Anyway (referee)"), NULL);
  g_menu_item_set_action_and_target_value (item, "map.move-anyway",
                                           g_variant_new ("(sdd)", figure->id, to.x, to.y));
  g_menu_append_item (menu, item);
  g_menu_append (menu, _("Put Back"), "map.put-back");

  ph_map_view_show_menu (self, G_MENU_MODEL (menu), x, y);
  self->move_anyway_open = TRUE;
}

/* @text with its spaces turned into line breaks where a line would grow
 * past @width characters (a word longer than that keeps its own line) */
static char *
wrap_words (const char *text,
            guint       width)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  GString *out = g_string_new (NULL);
  guint line = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      guint len = g_utf8_strlen (words[i], -1);

      if (i > 0)
        {
          if (line + 1 + len > width)
            {
              g_string_append_c (out, '\n');
              line = 0;
            }
          else
            {
              g_string_append_c (out, ' ');
              line++;
            }
        }
      g_string_append (out, words[i]);
      line += len;
    }
  return g_string_free (out, FALSE);
}

/* "Shoot at Capt. de Beaujeu (33% to hit)", "Melee: Old Bouchard",
 * "Give IPs: Sgt Smith…" (more to fill in, in the Game tab); a long one
 * over lines of a menu's width */
static char *
target_item_label (PhMapView              *self,
                   const PhGameActionInfo *info,
                   const PhFigure         *target,
                   gboolean                needs_more,
                   const PhShotOptions    *fired,
                   const PhShotOptions    *shown)
{
  const char *name = ph_figure_display_name (target);
  g_autofree char *text = NULL;

  if (g_str_equal (info->name, "shoot") && fired != NULL)
    text = ph_map_view_shot_item_label (self, target, fired, shown);
  else
    {
      /* the rules' own odds of the step (a melee's, in the ruleset's terms) */
      g_autofree char *odds = ph_game_target_odds (ph_document_get_game (self->document),
                                                   info->name,
                                                   ph_map_view_get_selected_figure (self), target);

      if (odds != NULL)
        /* TRANSLATORS: "Melee: Sgt. Dubois (62% to win)"; with "…", more
         * to fill in in the Game tab */
        text = g_strdup_printf (needs_more ? _("%s: %s (%s)…") : _("%s: %s (%s)"),
                                _(info->label), name, odds);
      else
        text = g_strdup_printf (needs_more ? _("%s: %s…") : _("%s: %s"), _(info->label), name);
    }
  /* the rules' whole reckoning (a shot's chance as the log gives it,
   * Featherstone's two chances in a melee): over lines of a menu's width */
  if (g_utf8_strlen (text, -1) > 72)
    {
      char *wrapped = wrap_words (text, 64);

      g_free (text);
      text = wrapped;
    }
  {
    g_auto(GStrv) parts = g_strsplit (text, "_", -1);

    /* a name's underscore is no mnemonic */
    return g_strjoinv ("__", parts);
  }
}

/* A greyed line of @text: the whole of it, over lines of a menu's width,
 * never cut short; the rules' words as they are (an underscore is no
 * mnemonic) */
static void
append_refused_text (GMenu      *menu,
                     const char *text)
{
  g_autofree char *wrapped = wrap_words (text, 64);
  g_auto(GStrv) parts = g_strsplit (wrapped, "_", -1);
  g_autofree char *label = g_strjoinv ("__", parts);

  /* greyed: its action is never enabled */
  g_menu_append (menu, label, "map.refused");
}

/* A refused action, greyed, with the rules' reason: "Cannot shoot at
 * Capt. de Beaujeu: out of range (26 in, long range ends at 24 in)" */
static void
append_refused (GMenu                  *menu,
                const PhGameActionInfo *info,
                const PhFigure         *target,
                const char             *reason)
{
  g_autofree char *label = NULL;
  g_autofree char *first = g_strndup (reason, strcspn (reason, "\n"));

  if (!g_str_equal (info->name, "shoot"))
    {
      ph_map_view_append_refused_step (menu, info, first);
      return;
    }
  label = g_strdup_printf (_("Cannot shoot at %s: %s"), ph_figure_display_name (target), first);
  append_refused_text (menu, label);
}

void
ph_map_view_append_refused_step (GMenu                  *menu,
                                 const PhGameActionInfo *info,
                                 const char             *reason)
{
  g_autofree char *first = g_strndup (reason, strcspn (reason, "\n"));
  /* "Melee refused: …", "Cavalry charge refused: …": the action's label
   * as it is, which reads well whatever it is, a verb or a noun ("Cannot
   * %s" made "Cannot cavalry charge", "Cannot shock roll") */
  /* TRANSLATORS: a greyed item of the map's menu: an action's label,
   * then the rules' reason: "Cavalry charge refused: Black Reiters has
   * already charged this turn" */
  g_autofree char *label = g_strdup_printf (_("%s refused: %s"), _(info->label), first);

  append_refused_text (menu, label);
}

/* For each once-only flag of @info the map's menu offers
 * (PhGameArg.menu) that the rules take set now, for @figure on @target
 * with @args: an item that performs the step with it set, "Shoot at
 * Capt. Isaac Davis, re-roll kept for a miss (64% to hit)", the odds
 * the ruleset's with the flag set; and the flag left out in @set, for
 * the step's own item (the form's default). NULL when none. */
static GMenu *
flagged_items (PhMapView              *self,
               PhGame                 *game,
               const PhGameActionInfo *info,
               const PhFigure         *figure,
               const PhFigure         *target,
               GHashTable             *args,
               GVariantBuilder        *set,
               gboolean                needs_more)
{
  GMenu *items = NULL;

  for (const PhGameArg *arg = info->args; arg != NULL && arg->name != NULL; arg++)
    {
      g_autoptr(GHashTable) flagged = NULL;
      g_autoptr(GMenuItem) item = NULL;
      g_autofree char *odds = NULL;
      g_autofree char *words = NULL;
      g_autofree char *text = NULL;
      GVariantBuilder flagged_set;
      GHashTableIter iter;
      gpointer key, value;
      gboolean moves_on;

      if (!arg->menu || arg->kind != PH_GAME_ARG_BOOL)
        continue;
      flagged = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_hash_table_iter_init (&iter, args);
      while (g_hash_table_iter_next (&iter, &key, &value))
        g_hash_table_insert (flagged, g_strdup (key), g_strdup (value));
      g_hash_table_insert (flagged, g_strdup (arg->name), g_strdup ("true"));
      if (!ph_game_try_step (game, info->name, flagged, needs_more, &moves_on, NULL))
        continue;
      g_variant_builder_add (set, "{ss}", arg->name, "");
      g_variant_builder_init (&flagged_set, G_VARIANT_TYPE ("a{ss}"));
      g_hash_table_iter_init (&iter, flagged);
      while (g_hash_table_iter_next (&iter, &key, &value))
        /* the step's own arguments the item sets, but the figure and the
         * target (the menu's) */
        for (const PhGameArg *a = info->args; a->name != NULL; a++)
          if (g_str_equal (a->name, key) && a->kind != PH_GAME_ARG_FIGURE
              && a->kind != PH_GAME_ARG_TARGET)
            g_variant_builder_add (&flagged_set, "{ss}", (const char *) key,
                                   (const char *) value);
      odds = ph_game_target_odds_with (game, info->name, figure, target, flagged);
      words = g_strdup (arg->label != NULL ? _(arg->label) : arg->name);
      if (g_ascii_isupper (words[0]) && !g_ascii_isupper (words[1]))
        words[0] = g_ascii_tolower (words[0]);
      if (g_str_equal (info->name, "shoot"))
        text = odds != NULL
          /* TRANSLATORS: the map's menu: "Shoot at Capt. Isaac Davis,
           * re-roll kept for a miss (64% to hit)" */
          ? g_strdup_printf (_("Shoot at %s, %s (%s)"), ph_figure_display_name (target), words, odds)
          : g_strdup_printf (_("Shoot at %s, %s"), ph_figure_display_name (target), words);
      else
        text = odds != NULL
          /* TRANSLATORS: the map's menu: "Close combat: Capt. Isaac
           * Davis, re-roll kept for a loss (60% to wound him, …)" */
          ? g_strdup_printf (_("%s: %s, %s (%s)"), _(info->label), ph_figure_display_name (target),
                             words, odds)
          : g_strdup_printf (_("%s: %s, %s"), _(info->label), ph_figure_display_name (target),
                             words);
      {
        g_autofree char *wrapped = g_utf8_strlen (text, -1) > 72 ? wrap_words (text, 64)
                                                                 : g_strdup (text);
        g_auto(GStrv) parts = g_strsplit (wrapped, "_", -1);
        g_autofree char *label = g_strjoinv ("__", parts);

        item = g_menu_item_new (label, NULL);
      }
      g_menu_item_set_action_and_target_value (item, "win.game-action",
                                               g_variant_new ("(sssba{ss})", info->name,
                                                              figure->id, target->id,
                                                              needs_more, &flagged_set));
      if (items == NULL)
        items = g_menu_new ();
      g_menu_append_item (items, item);
    }
  return items;
}

gboolean
ph_map_view_popup_target_menu (PhMapView      *self,
                               const PhFigure *target,
                               double          x,
                               double          y)
{
  PhGame *game = self->document ? ph_document_get_game (self->document) : NULL;
  PhFigure *figure = ph_map_view_get_selected_figure (self);
  g_autoptr(GMenu) menu = NULL;
  g_autoptr(GMenu) actions = NULL;
  g_autoptr(GMenu) refused = NULL;
  g_autoptr(GMenu) view = NULL;
  g_autoptr(GPtrArray) refusals = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) refused_infos = g_ptr_array_new ();
  g_autoptr(GArray) refused_now = g_array_new (FALSE, FALSE, sizeof (gboolean));
  guint n = 0;

  if (game == NULL || figure == NULL || figure == target || self->edit_mode
      || ph_document_get_replaying (self->document))
    return FALSE;

  menu = g_menu_new ();
  actions = g_menu_new ();
  refused = g_menu_new ();
  for (const PhGameActionInfo *info = ph_game_get_rules (game)->actions;
       info != NULL && info->name != NULL; info++)
    {
      g_autoptr(GMenuItem) item = NULL;
      g_autoptr(GHashTable) args = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *label = NULL;
      g_autofree char *where = NULL;
      const char *figure_arg, *target_arg = NULL;
      gboolean needs_more, moves_on = FALSE;
      gboolean is_shot = g_str_equal (info->name, "shoot");
      PhShotOptions fired = PH_SHOT_OPTIONS_INIT, shown = PH_SHOT_OPTIONS_INIT;
      g_autofree char *tab_refusal = NULL;
      GVariantBuilder set;

      if (!ph_game_action_acts_on_target (info, &needs_more))
        continue;
      figure_arg = info->args[0].name;
      for (const PhGameArg *arg = info->args; arg->name != NULL; arg++)
        if (arg->kind == PH_GAME_ARG_TARGET)
          {
            target_arg = arg->name;
            break;
          }
      /* Only what the rules would take now: a dry run, taken back */
      args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_hash_table_insert (args, g_strdup (figure_arg), g_strdup (figure->id));
      g_hash_table_insert (args, g_strdup (target_arg), g_strdup (target->id));
      g_variant_builder_init (&set, G_VARIANT_TYPE ("a{ss}"));
      if (is_shot)
        {
          tab_refusal = ph_map_view_menu_shot (self, game, figure, target, args, &fired, &shown);
          /* the Game tab's form is set to the shot the item fires */
          for (const PhGameArg *arg = info->args; arg->name != NULL; arg++)
            {
              const char *value = g_hash_table_lookup (args, arg->name);

              if (value != NULL && arg->kind != PH_GAME_ARG_FIGURE
                  && arg->kind != PH_GAME_ARG_TARGET)
                g_variant_builder_add (&set, "{ss}", arg->name, value);
            }
        }
      if (!ph_game_try_step_to (game, info->name, args, needs_more, &moves_on, &where, &error)
          && !is_shot && !needs_more && g_error_matches (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION))
        {
          /* not refused: it wants what the form gives (Featherstone's
           * basic chances with no Weapons Table): "Melee: Bardin…"
           * opens the Game tab filled in */
          g_clear_error (&error);
          needs_more = TRUE;
        }
      else if (error != NULL)
        {
          g_variant_builder_clear (&set);
          gboolean now = g_error_matches (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW);

          g_ptr_array_add (refusals, g_strdup (error->message));
          g_ptr_array_add (refused_infos, (gpointer) info);
          g_array_append_val (refused_now, now);
          continue;
        }
      if (tab_refusal != NULL)
        {
          /* "Cannot fire the Fire tab's shot (Careful): …": and the item
           * below says the shot it fires instead */
          static const gboolean none[PH_SHOT_MAX_OPTIONS] = { FALSE };
          g_autofree char *how = ph_map_view_shot_words (ph_document_get_scenario (self->document),
                                             &shown, NULL, NULL, none);
          g_autofree char *said = g_strdup_printf (_("Not the Fire tab's shot (%s): %s"),
                                                   how != NULL ? how : _(info->label),
                                                   tab_refusal);

          append_refused_text (refused, said);
        }
      label = target_item_label (self, info, target, needs_more,
                                 is_shot ? &fired : NULL, tab_refusal ? &shown : NULL);
      if (moves_on)
        {
          /* never without a word: it ends the steps before its own for
           * every man (Featherstone: a shot at step 1 skips the move) */
          g_autofree char *said = where != NULL
            /* TRANSLATORS: "Shoot at Volt. Roux (20%), moving the game
             * on to step 3, calculate firing" */
            ? g_strdup_printf (_("%s, moving the game on to %s"), label, where)
            : g_strdup_printf (_("%s, moving the game on to its step"), label);

          g_free (label);
          label = g_steal_pointer (&said);
        }
      /* the once-only flags the ruleset offers on the map (a seven's
       * re-roll): an item each, beside this one, where the rules take
       * them now; this one fires without */
      {
        g_autoptr(GMenu) with = flagged_items (self, game, info, figure, target, args, &set,
                                               needs_more);

        item = g_menu_item_new (label, NULL);
        g_menu_item_set_action_and_target_value (item, "win.game-action",
                                                 g_variant_new ("(sssba{ss})", info->name,
                                                                figure->id, target->id,
                                                                needs_more, &set));
        g_menu_append_item (actions, item);
        n++;
        for (int k = 0; with != NULL && k < g_menu_model_get_n_items (G_MENU_MODEL (with)); k++)
          {
            g_autoptr(GMenuItem) flagged = g_menu_item_new_from_model (G_MENU_MODEL (with), k);

            g_menu_append_item (actions, flagged);
          }
      }
    }
  /* Say why a shot is refused, and any other step on him the rules
   * refuse for now (a melee out of contact: "Sgt. Dubois is 9.2 in from
   * Pvt. Smith"), whichever the ruleset, never a step that is not one
   * on an enemy (giving him IPs); and when nothing is possible, why not */
  for (guint i = 0; i < refused_infos->len; i++)
    {
      const PhGameActionInfo *info = g_ptr_array_index (refused_infos, i);

      if (g_str_equal (info->name, "shoot") || g_array_index (refused_now, gboolean, i)
          || (n == 0 && i < 4))
        append_refused (refused, info, target, g_ptr_array_index (refusals, i));
    }
  if (n == 0 && refused_infos->len == 0)
    return FALSE;
  if (n > 0)
    g_menu_append_section (menu, NULL, G_MENU_MODEL (actions));
  if (g_menu_model_get_n_items (G_MENU_MODEL (refused)) > 0)
    g_menu_append_section (menu, NULL, G_MENU_MODEL (refused));
  view = g_menu_new ();
  g_menu_append (view, _("_Clear the Target"), "map.cancel");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (view));

  ph_map_view_show_menu (self, G_MENU_MODEL (menu), x, y);
  return TRUE;
}
