/* ph-map-view-shot.c: the right-click's shot item, for the acting
 * figure at a right-clicked enemy: the shot it fires (the Fire tab's when
 * the rules take it, else the game's own) and its words (the options it
 * pays for, what its chance is made of, its odds, or why it cannot hit)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-map-view-private.h"

#include <glib/gi18n.h>
#include <string.h>

static gboolean
shot_options_equal (const PhShotOptions *a,
                    const PhShotOptions *b)
{
  if (a->has_weapon != b->has_weapon || (a->has_weapon && a->weapon != b->weapon))
    return FALSE;
  return memcmp (a->values, b->values, sizeof a->values) == 0;
}

/* Whether @word ("One-eyed jack (+1)") says what a modifier of @a the
 * item lists after it says ("one-eyed jack +1") */
static gboolean
word_is_modifier (const PhAssessment *a,
                  const char         *word)
{
  g_autofree char *folded = g_utf8_casefold (word, -1);

  for (guint i = 0; a != NULL && a->modifiers != NULL && i < a->modifiers->len; i++)
    {
      const PhModifier *m = &g_array_index (a->modifiers, PhModifier, i);
      g_autofree char *label = m->label != NULL ? g_utf8_casefold (m->label, -1) : NULL;

      if (m->value != 0 && label != NULL && *label != '\0' && g_str_has_prefix (folded, label))
        return TRUE;
    }
  return FALSE;
}

/* The shot's options in the Fire tab's words ("Snap", "One-eyed jack
 * (+1)"): those that are not the ruleset's first choice, and, with @shown
 * (the Fire tab's other shot), each one that differs from it in full
 * ("Aim: None"); or NULL. The menu says which shot it fires when the Fire
 * tab may show another. With @listed, an option its modifiers name
 * already is left to them (the one-eyed jack was said twice). */
char *
ph_map_view_shot_words (const PhScenario    *scenario,
                        const PhShotOptions *options,
                        const PhShotOptions *shown,
                        const PhAssessment  *listed,
                        const gboolean      *in_name)
{
  const PhRuleset *ruleset = ph_ruleset_get (scenario->ruleset);
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; ruleset != NULL && i < ruleset->n_shot_options && i < PH_SHOT_MAX_OPTIONS; i++)
    {
      const PhShotOption *option = &ruleset->shot_options[i];
      int value = options->values[i];
      gboolean differs = shown != NULL && shown->values[i] != value;
      const char *word = NULL;

      if ((value == 0 && !differs) || in_name[i])
        continue;
      if (option->type == PH_SHOT_OPTION_FLAG)
        {
          if (value != 0)
            g_ptr_array_add (words, g_strdup (_(option->label)));
          else
            /* "not Pay to spot (+5 to acquire)" */
            g_ptr_array_add (words, g_strdup_printf (_("not %s"), _(option->label)));
          continue;
        }
      if (option->choice_labels != NULL
          && value < (int) g_strv_length ((char **) option->choice_labels))
        word = _(option->choice_labels[value]);
      if (word == NULL || (!differs && word_is_modifier (listed, word)))
        continue;
      g_ptr_array_add (words, differs ? g_strdup_printf (_("%s: %s"), _(option->label), word)
                                      : g_strdup (word));
    }
  if (words->len == 0)
    return NULL;
  g_ptr_array_add (words, NULL);
  return g_strjoinv (", ", (char **) words->pdata);
}

/* The shot a right-click's "Shoot at" fires, set in @args (the shoot
 * action's own arguments, ph_game_shot_option_args()) and @fired: the
 * Fire tab's shot when it shows this man's and the rules take it now
 * (Firelock's careful aim, paid in IPs), else the game's own (the shoot
 * action's defaults: Featherstone's snap unless aimed, Fistful's card).
 * When the Fire tab's is refused, @shown is set to it and the refusal is
 * returned; else NULL, and @shown is left alone. */
char *
ph_map_view_menu_shot (PhMapView      *self,
                       PhGame         *game,
                       const PhFigure *figure,
                       const PhFigure *target,
                       GHashTable     *args,
                       PhShotOptions  *fired,
                       PhShotOptions  *shown)
{
  PhShotController *shot = ph_document_get_shot_controller (self->document);
  PhShotOptions game_options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(GError) error = NULL;

  ph_game_shot_options (game, figure, target, &game_options);
  *fired = game_options;
  if (shot != NULL && ph_shot_controller_get_shooter (shot) == figure
      && !shot_options_equal (ph_shot_controller_get_options (shot), &game_options))
    {
      g_autoptr(GHashTable) tab_args = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                              g_free, g_free);
      gboolean needs_more, moves_on;
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, args);
      while (g_hash_table_iter_next (&iter, &key, &value))
        g_hash_table_insert (tab_args, g_strdup (key), g_strdup (value));
      ph_game_shot_option_args (game, ph_shot_controller_get_options (shot), tab_args);
      ph_game_action_acts_on_target (ph_game_find_action (game, "shoot"), &needs_more);
      if (ph_game_try_step (game, "shoot", tab_args, needs_more, &moves_on, &error))
        *fired = *ph_shot_controller_get_options (shot);
      else
        *shown = *ph_shot_controller_get_options (shot);
    }
  ph_game_shot_option_args (game, fired, args);
  return error != NULL ? g_strndup (error->message, strcspn (error->message, "\n")) : NULL;
}

/* Why a shot the engine assessed cannot hit, in its words: its first
 * reason ("out of range: 450.0 paces, rifle reaches 400 paces"), else
 * the range or the line of sight, else that no roll succeeds (a
 * Featherstone chance summed to 0 or less, a Firelock shot needing 7) */
static char *
cannot_hit_reason (const PhAssessment *a,
                   gboolean            listed)
{
  if (a->reasons->len > 0)
    {
      const char *reason = g_ptr_array_index (a->reasons, 0);

      return g_strndup (reason, strcspn (reason, "\n"));
    }
  if (!a->in_range)
    return g_strdup (_("out of range"));
  if (!a->los_clear)
    return g_strdup (_("no line of sight"));
  if (!a->can_fire)
    return g_strdup (_("not possible"));
  return g_strdup (listed ? _("no roll succeeds with these")
                          : _("no roll succeeds at this range"));
}

/* What the shot @fired (assessed as @a) has the shooter do, in the
 * ruleset's words for the item's name (PhRuleset.shot_doing: "paying 2
 * IPs to spot"), added to @doings, its options marked in @in_name; and
 * the labels of the modifiers those options bring (those of @a that the
 * shot without the option lacks) added to @said, which the item then
 * does not list again (the trial's "Pay to spot (+5 to acquire), to
 * acquire: paid to spot (2 IPs) +5") */
static void
shot_doing (const PhScenario    *scenario,
            const PhFigure      *shooter,
            const PhFigure      *target,
            const PhShotOptions *fired,
            const PhAssessment  *a,
            gboolean            *in_name,
            GPtrArray           *doings,
            GHashTable          *said)
{
  const PhRuleset *ruleset = ph_ruleset_get (scenario->ruleset);

  if (ruleset == NULL || ruleset->shot_doing == NULL || shooter == NULL)
    return;
  for (guint i = 0; i < ruleset->n_shot_options && i < PH_SHOT_MAX_OPTIONS; i++)
    {
      char *words = ruleset->shot_doing (shooter, fired, i);
      PhShotOptions without = *fired;
      g_autoptr(PhAssessment) plain = NULL;

      if (words == NULL)
        continue;
      g_ptr_array_add (doings, words);
      in_name[i] = TRUE;
      if (a == NULL || a->modifiers == NULL)
        continue;
      without.values[i] = 0;
      plain = ph_engine_assess_figures (scenario, shooter, target, &without, NULL);
      for (guint k = 0; k < a->modifiers->len; k++)
        {
          const PhModifier *m = &g_array_index (a->modifiers, PhModifier, k);
          gboolean kept = FALSE;

          for (guint j = 0; plain != NULL && plain->modifiers != NULL && j < plain->modifiers->len; j++)
            if (g_str_equal (g_array_index (plain->modifiers, PhModifier, j).label, m->label))
              kept = TRUE;
          if (!kept)
            g_hash_table_add (said, m->label);
        }
    }
}

/* "Shoot at Volt. Roux (Snap, chance of a hit: soft row, medium range
 * 10%, veteran shooting +20, snap fire at medium range -10, 20% to hit)":
 * the shot the item fires (menu_shot()), what its chance is made of as
 * the log gives it (the ruleset's base, PhRuleset.shot_base, and every
 * modifier), then its odds, or why it cannot hit */
char *
ph_map_view_shot_item_label (PhMapView           *self,
                             const PhFigure      *target,
                             const PhShotOptions *fired,
                             const PhShotOptions *shown)
{
  const PhScenario *scenario = ph_document_get_scenario (self->document);
  const PhRuleset *ruleset = ph_ruleset_get (scenario->ruleset);
  const char *name = ph_figure_display_name (target);
  g_autoptr(PhAssessment) a = NULL;
  g_autoptr(GString) parts = g_string_new (NULL);
  g_autofree char *how = NULL;
  g_autofree char *doing = NULL;
  g_autoptr(GPtrArray) doings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) said = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean in_name[PH_SHOT_MAX_OPTIONS] = { FALSE };
  const PhFigure *shooter = ph_map_view_get_selected_figure (self);
  gboolean listed = FALSE;

  a = ph_engine_assess_figures (scenario, shooter, target, fired, NULL);
  shot_doing (scenario, shooter, target, fired, a, in_name, doings, said);
  if (doings->len > 0)
    {
      g_ptr_array_add (doings, NULL);
      /* TRANSLATORS: between two things a shooter pays for: "paying 2
       * IPs to spot and paying 4 IPs to aim carefully" */
      doing = g_strjoinv (_(" and "), (char **) doings->pdata);
    }
  how = ph_map_view_shot_words (scenario, fired, shown, a != NULL && a->can_fire ? a : NULL, in_name);
  if (how != NULL)
    g_string_append (parts, how);
  if (a != NULL && a->can_fire)
    {
      g_autofree char *value = NULL;
      g_autofree char *base = ruleset != NULL && ruleset->shot_base != NULL
                              ? ruleset->shot_base (a, &value) : NULL;

      if (base != NULL)
        {
          /* in the list, a word in a sentence: "chance of a hit: …" */
          if (g_ascii_isupper (base[0]) && !g_ascii_isupper (base[1]))
            base[0] = g_ascii_tolower (base[0]);
          g_string_append_printf (parts, "%s%s %s", parts->len > 0 ? ", " : "", base, value);
          listed = TRUE;
        }
      for (guint i = 0; a->modifiers != NULL && i < a->modifiers->len; i++)
        {
          const PhModifier *m = &g_array_index (a->modifiers, PhModifier, i);

          if (m->value == 0 || g_hash_table_contains (said, m->label))
            continue;
          g_string_append_printf (parts, "%s%s %+g", parts->len > 0 ? ", " : "", m->label,
                                  m->value);
          listed = TRUE;
        }
    }
  if (a != NULL && a->can_fire && a->p_hit > 0)
    {
      const PhShotEffect *effect = ph_ruleset_effect (ruleset);
      g_autofree char *note = ruleset != NULL && ruleset->hit_note != NULL
                              ? ruleset->hit_note (a) : NULL;

      if (parts->len > 0)
        g_string_append (parts, ", ");
      g_string_append_printf (parts, _("%.0f%% to hit"), a->p_hit * 100);
      /* what that chance takes beside the shot (Firelock's spotting) */
      if (note != NULL)
        /* TRANSLATORS: after the chance: "27% to hit (spotting him
         * first, 8+ on a d10, then the shot)" */
        g_string_append_printf (parts, _(" (%s)"), note);
      /* what the shot may do that matters, beside the hit: careful
       * aim does not change Firelock's chance to hit, only to wound */
      if (effect != &ph_shot_effect_hit)
        /* TRANSLATORS: after "58% to hit": ", 41% to wound" */
        g_string_append_printf (parts, _(", %.0f%% %s"), a->p_effect * 100, _(effect->to));
    }
  else if (a != NULL)
    {
      /* never a bare "cannot hit": why (the trial's "Shoot at Volt. Roux
       * (cannot hit)") */
      g_autofree char *why = cannot_hit_reason (a, listed);

      if (parts->len > 0)
        g_string_append (parts, ", ");
      /* TRANSLATORS: "cannot hit: out of range", "cannot hit: no roll
       * succeeds with these" (the modifiers just listed) */
      g_string_append_printf (parts, _("cannot hit: %s"), why);
    }
  if (doing != NULL && parts->len == 0)
    /* TRANSLATORS: "Shoot at Gros Ours, paying 2 IPs to spot" */
    return g_strdup_printf (_("Shoot at %s, %s"), name, doing);
  if (doing != NULL)
    /* TRANSLATORS: "Shoot at Gros Ours, paying 2 IPs to spot (target
     * in woods -3, 57% to hit)" */
    return g_strdup_printf (_("Shoot at %s, %s (%s)"), name, doing, parts->str);
  if (parts->len == 0)
    return g_strdup_printf (_("Shoot at %s"), name);
  return g_strdup_printf (_("Shoot at %s (%s)"), name, parts->str);
}

