/* ph-shot-panel.c: the selected figure's shot: options, the engine's
 * assessment of the target, and every enemy it could shoot at
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shows what the engine answers, nothing computed here: distance, band,
 * arc, LOS, cover, the reasons a shot cannot be made, the odds and every
 * modifier. The option controls (ph-shot-option-box.c: Firelock's aim
 * and spot, Featherstone's aimed or snap fire, Guns of War's reaction
 * fire, Fistful's card) emit "options-changed"; activating an enemy in the list emits
 * "target-activated" with its id. The list of enemies is
 * ph-shot-sightings.c's.
 */
#include "ph-shot-panel.h"
#include "ph-shot-option-box.h"
#include "ph-shot-sightings.h"

#include <glib/gi18n.h>
#include <string.h>
#include <math.h>

struct _PhShotPanel
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkWidget *content;
  GtkWidget *placeholder;        /* no shooter: an AdwStatusPage */
  GtkWidget *shooter_box;
  GtkLabel *shooter_label;
  GtkLabel *shooter_detail_label;
  GtkWidget *options_box;
  PhShotOptionBox *option_controls;
  GtkWidget *target_separator;
  GtkWidget *target_hint_label;
  GtkWidget *target_box;
  GtkLabel *target_label;
  GtkLabel *hit_label;
  GtkLabel *kill_label;
  GtkWidget *kill_card;
  GtkWidget *effect_card;        /* the ruleset's own effect: Firelock's wound */
  GtkLabel *effect_label;
  GtkLabel *effect_caption;
  GtkWidget *reasons_box;
  GtkGrid *facts_grid;
  GtkWidget *modifiers_title;
  GtkGrid *modifiers_grid;
  GtkWidget *details_title;
  GtkGrid *details_grid;
  GtkWidget *visible_separator;
  GtkWidget *visible_title;
  GtkListBox *visible_list;
  GtkWidget *advice_title;
  GtkListBox *advice_list;

  PhScenario *scenario;
  PhFigure *shooter;
  PhShotOptions options;
  char *game_note;              /* why the game would not take the shot now */
  guint n_visible;
  guint n_advice;
  gboolean target_shown;        /* the odds at one target, not the best shots */
  gint64 previewed_at;          /* when the list last followed a drag */
};

G_DEFINE_FINAL_TYPE (PhShotPanel, ph_shot_panel, GTK_TYPE_WIDGET)

enum {
  OPTIONS_CHANGED,
  TARGET_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Helpers */

static GtkWidget *
label_new (const char *text,
           float       xalign,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
grid_add_row (GtkGrid    *grid,
              int         row,
              const char *name,
              const char *value,
              const char *value_class)
{
  GtkWidget *name_label = label_new (name, 0, "dim-label");
  GtkWidget *value_label = label_new (value, 0, value_class);

  gtk_widget_set_valign (name_label, GTK_ALIGN_START);
  gtk_widget_set_hexpand (value_label, TRUE);
  gtk_grid_attach (grid, name_label, 0, row, 1, 1);
  gtk_grid_attach (grid, value_label, 1, row, 1, 1);
}

/* A detail of the assessment as people read it: "chance_percent" 28.76
 * is "chance" "28.8%"; p_ numbers are percentages; whole numbers show
 * whole, others to one decimal. The name in @name_out (free both). */
char *
ph_shot_panel_format_detail (const char  *key,
                             GVariant    *value,
                             char       **name_out)
{
  g_autofree char *name = g_strdup (key);
  char *text = NULL;

  if (g_str_has_suffix (name, "_percent"))
    name[strlen (name) - strlen ("_percent")] = '\0';
  g_strdelimit (name, "_", ' ');

  if (g_variant_is_of_type (value, G_VARIANT_TYPE_MAYBE)
      && g_variant_n_children (value) == 0)
    text = g_strdup ("\u2014"); /* no value here (null) */
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
    {
      double d = g_variant_get_double (value);

      if (g_str_has_prefix (key, "p_"))
        text = ph_shot_format_percent (d);
      else if (g_str_has_suffix (key, "_percent"))
        text = fabs (d - round (d)) < 1e-9 ? g_strdup_printf ("%.0f%%", d)
                                           : g_strdup_printf ("%.1f%%", d);
      else
        text = fabs (d - round (d)) < 1e-9 ? g_strdup_printf ("%.0f", d)
                                           : g_strdup_printf ("%.1f", d);
    }
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT32))
    text = g_strdup_printf ("%d", g_variant_get_int32 (value));
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT64))
    text = g_strdup_printf ("%" G_GINT64_FORMAT, g_variant_get_int64 (value));
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
    text = g_strdup (g_variant_get_boolean (value) ? _("yes") : _("no"));
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
    text = g_variant_dup_string (value, NULL);
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE ("a{s*}")))
    {
      /* Firelock's outcomes: name -> probability, one a line */
      GString *str = g_string_new (NULL);

      for (gsize k = 0; k < g_variant_n_children (value); k++)
        {
          g_autoptr(GVariant) entry = g_variant_get_child_value (value, k);
          g_autoptr(GVariant) name_v = g_variant_get_child_value (entry, 0);
          g_autoptr(GVariant) v = g_variant_get_child_value (entry, 1);
          g_autofree char *shown = NULL;

          if (g_variant_is_of_type (v, G_VARIANT_TYPE_VARIANT))
            {
              GVariant *inner = g_variant_get_variant (v);
              g_variant_unref (v);
              v = inner;
            }
          if (g_variant_is_of_type (v, G_VARIANT_TYPE_DOUBLE))
            shown = ph_shot_format_percent (g_variant_get_double (v));
          else
            shown = g_variant_print (v, FALSE);
          g_string_append_printf (str, "%s%s: %s", str->len ? "\n" : "",
                                  g_variant_get_string (name_v, NULL), shown);
        }
      text = g_string_free (str, FALSE);
    }
  else
    text = g_variant_print (value, FALSE);

  *name_out = g_steal_pointer (&name);
  return text;
}

static char *
side_markup (PhScenario     *scenario,
             const PhFigure *figure)
{
  PhSide *side = ph_scenario_find_side (scenario, figure->side);

  if (side == NULL)
    return g_markup_escape_text (figure->side, -1);
  return g_markup_printf_escaped ("<span foreground=\"#%06x\">●</span> %s",
                                  side->color & 0xffffff, side->name);
}

static char *
weapons_text (const PhFigure *figure)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < figure->weapons->len; i++)
    {
      const PhWeapon *weapon = &g_array_index (figure->weapons, PhWeapon, i);

      if (text->len)
        g_string_append (text, ", ");
      g_string_append (text, weapon->name ? weapon->name : ph_weapon_kind_label (weapon->kind));
      if (ph_weapon_kind_is_missile (weapon->kind) && !weapon->loaded)
        g_string_append (text, _(" (unloaded)"));
    }
  if (text->len == 0)
    g_string_append (text, _("unarmed"));
  return g_string_free (text, FALSE);
}

/* Options: the ruleset's shot options in their controls
 * (ph-shot-option-box.c), read into self->options */

static void
read_options (PhShotPanel *self)
{
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;

  options.has_weapon = self->options.has_weapon;
  options.weapon = self->options.weapon;
  ph_shot_option_box_read (self->option_controls, &options);
  self->options = options;
}

static void
on_option_controls_changed (PhShotPanel     *self,
                            PhShotOptionBox *box)
{
  read_options (self);
  g_signal_emit (self, signals[OPTIONS_CHANGED], 0);
}

/* The controls for @ruleset's shot options, from their defaults */
static void
show_options_for (PhShotPanel *self,
                  PhRulesetId  id)
{
  const PhRuleset *ruleset = ph_ruleset_get (id);

  gtk_widget_set_visible (self->options_box, ruleset->n_shot_options > 0);
  if (!ph_shot_option_box_set_ruleset (self->option_controls, ruleset))
    return;
  /* The options of the ruleset before mean nothing to this one */
  read_options (self);
  g_signal_emit (self, signals[OPTIONS_CHANGED], 0);
}

/* The best shots while a target is being chosen; with one, its odds */
static void
show_advice (PhShotPanel *self)
{
  gboolean shown = self->n_advice > 0 && !self->target_shown && self->shooter != NULL;

  gtk_widget_set_visible (self->advice_title, shown);
  gtk_widget_set_visible (GTK_WIDGET (self->advice_list), shown);
}

static void
rebuild_visible_list (PhShotPanel *self)
{
  /* the best three shots: not while a drag is followed (the list below
   * is), they come back on the drop */
  self->n_advice = ph_shot_advice_fill (self->advice_list, self->scenario, self->shooter, 3);
  show_advice (self);
  self->n_visible = ph_shot_sightings_fill (self->visible_list, self->scenario, self->shooter,
                                            &self->options);
}

void
ph_shot_panel_preview (PhShotPanel      *self,
                       const PhScenario *scenario,
                       const PhFigure   *shooter)
{
  gint64 now = g_get_monotonic_time ();

  g_return_if_fail (PH_IS_SHOT_PANEL (self));

  /* Following the pointer, at most 20 times a second: the drop shows
   * the list as it ends anyway */
  if (now - self->previewed_at < G_USEC_PER_SEC / 20)
    return;
  self->previewed_at = now;
  if (self->shooter != NULL && shooter != NULL)
    self->n_visible = ph_shot_sightings_fill (self->visible_list, scenario, shooter,
                                              &self->options);
}

/* The controls showing self->options, saying nothing */
static void
sync_controls (PhShotPanel *self)
{
  ph_shot_option_box_show (self->option_controls, &self->options);
}

/* A best shot picked: its options in the controls, its target pinned */
static void
on_advice_list_row_activated (PhShotPanel   *self,
                              GtkListBoxRow *row,
                              GtkListBox    *list)
{
  const PhShotOptions *options = g_object_get_data (G_OBJECT (row), "ph-options");
  g_autofree char *id = g_strdup (g_object_get_data (G_OBJECT (row), "ph-id"));

  if (options == NULL || id == NULL)
    return;
  ph_shot_option_box_show (self->option_controls, options);
  read_options (self);
  self->options.has_weapon = options->has_weapon;
  self->options.weapon = options->weapon;
  g_signal_emit (self, signals[OPTIONS_CHANGED], 0);
  g_signal_emit (self, signals[TARGET_ACTIVATED], 0, id);
}

static void
on_visible_list_row_activated (PhShotPanel   *self,
                               GtkListBoxRow *row,
                               GtkListBox    *list)
{
  const char *id = g_object_get_data (G_OBJECT (row), "ph-id");

  if (id)
    g_signal_emit (self, signals[TARGET_ACTIVATED], 0, id);
}

/* Public */

void
ph_shot_panel_set_shooter (PhShotPanel         *self,
                           PhScenario          *scenario,
                           PhFigure            *shooter,
                           const PhShotOptions *options)
{
  gboolean has_shooter;

  g_return_if_fail (PH_IS_SHOT_PANEL (self));

  if (scenario != self->scenario)
    {
      g_clear_pointer (&self->scenario, ph_scenario_unref);
      self->scenario = scenario ? ph_scenario_ref (scenario) : NULL;
    }
  self->shooter = scenario ? shooter : NULL;
  if (options)
    self->options = *options;

  has_shooter = self->shooter != NULL;
  gtk_widget_set_visible (self->placeholder, !has_shooter);
  gtk_widget_set_visible (self->shooter_box, has_shooter);
  gtk_widget_set_visible (self->target_separator, has_shooter);
  gtk_widget_set_visible (self->visible_separator, has_shooter);
  gtk_widget_set_visible (self->visible_title, has_shooter);
  gtk_widget_set_visible (GTK_WIDGET (self->visible_list), has_shooter);
  if (self->scenario)
    show_options_for (self, self->scenario->ruleset);
  /* the options given (a game's for its shot) in the controls */
  if (options != NULL && self->scenario != NULL
      && ph_shot_option_box_get_ruleset (self->option_controls) == ph_ruleset_get (self->scenario->ruleset))
    {
      self->options = *options;
      sync_controls (self);
    }
  if (!has_shooter)
    {
      gtk_widget_set_visible (self->options_box, FALSE);
      gtk_widget_set_visible (self->target_hint_label, FALSE);
      gtk_widget_set_visible (self->target_box, FALSE);
    }
  else
    {
      g_autofree char *side = side_markup (self->scenario, self->shooter);
      g_autofree char *weapons = weapons_text (self->shooter);
      g_autofree char *detail = NULL;
      g_autofree char *weapons_escaped = g_markup_escape_text (weapons, -1);

      gtk_label_set_label (self->shooter_label, ph_figure_display_name (self->shooter));
      detail = g_strdup_printf ("%s · %s", side, weapons_escaped);
      gtk_label_set_markup (self->shooter_detail_label, detail);
    }

  rebuild_visible_list (self);
}

/* An empty box or grid in @old's place, as it was made. GTK 4.8 keeps
 * the size-request mode a container had when first measured: one emptied
 * and filled again with wrapping labels went on measuring them one line
 * high, and a long reason ran over the rows below it. */

/* Whether the game's refusal @note says again what one of the engine's
 * @reasons says: it holds the reason whole ("X cannot fire at Y: out of
 * range ..."), or all of it past its first word, an article the game's
 * sentence replaces with the man's name ("the musket is not loaded",
 * "Capt. John Stark's musket is not loaded") */
static gboolean
note_repeats_reasons (const char      *note,
                      const GPtrArray *reasons)
{
  for (guint i = 0; i < reasons->len; i++)
    {
      const char *reason = g_ptr_array_index (reasons, i);
      const char *rest = strchr (reason, ' ');

      if (*reason == '\0')
        continue;
      if (strstr (note, reason) != NULL)
        return TRUE;
      /* at least three words past the article: never a bare "loaded" */
      if (rest != NULL && strchr (rest + 1, ' ') != NULL
          && strchr (strchr (rest + 1, ' ') + 1, ' ') != NULL
          && g_str_has_suffix (note, rest + 1))
        return TRUE;
    }
  return FALSE;
}

static GtkWidget *
renew (GtkWidget *old,
       GtkWidget *expander)
{
  GtkWidget *parent = gtk_widget_get_parent (old);
  GtkWidget *prev = gtk_widget_get_prev_sibling (old);
  GtkWidget *fresh;

  if (GTK_IS_GRID (old))
    {
      fresh = gtk_grid_new ();
      gtk_grid_set_row_spacing (GTK_GRID (fresh), gtk_grid_get_row_spacing (GTK_GRID (old)));
      gtk_grid_set_column_spacing (GTK_GRID (fresh),
                                   gtk_grid_get_column_spacing (GTK_GRID (old)));
    }
  else
    fresh = gtk_box_new (gtk_orientable_get_orientation (GTK_ORIENTABLE (old)),
                         gtk_box_get_spacing (GTK_BOX (old)));
  gtk_widget_set_visible (fresh, gtk_widget_get_visible (old));
  /* the details, in an expander (a folded one keeps no parent for it) */
  if (expander != NULL)
    {
      gtk_widget_set_margin_top (fresh, gtk_widget_get_margin_top (old));
      gtk_expander_set_child (GTK_EXPANDER (expander), fresh);
      return fresh;
    }
  gtk_box_insert_child_after (GTK_BOX (parent), fresh, prev);
  gtk_box_remove (GTK_BOX (parent), old);
  return fresh;
}

void
ph_shot_panel_set_assessment (PhShotPanel        *self,
                              PhFigure           *target,
                              const PhAssessment *a,
                              const char         *error)
{
  const PhRuleset *ruleset;
  int row = 0;

  g_return_if_fail (PH_IS_SHOT_PANEL (self));

  self->reasons_box = renew (self->reasons_box, NULL);
  self->facts_grid = GTK_GRID (renew (GTK_WIDGET (self->facts_grid), NULL));
  self->modifiers_grid = GTK_GRID (renew (GTK_WIDGET (self->modifiers_grid), NULL));
  self->details_grid = GTK_GRID (renew (GTK_WIDGET (self->details_grid),
                                               self->details_title));

  if (self->shooter == NULL || self->scenario == NULL)
    return;

  gtk_widget_set_visible (self->target_hint_label, target == NULL);
  gtk_widget_set_visible (self->target_box, target != NULL);
  self->target_shown = target != NULL;
  show_advice (self);
  if (target == NULL)
    return;

  {
    g_autofree char *side = side_markup (self->scenario, target);
    g_autofree char *markup = g_markup_printf_escaped ("%s %s", _("Target:"), ph_figure_display_name (target));
    g_autofree char *full = g_strdup_printf ("%s  <span weight=\"normal\">%s</span>", markup, side);
    gtk_label_set_markup (self->target_label, full);
  }

  if (a == NULL)
    {
      gtk_label_set_label (self->hit_label, "—");
      gtk_label_set_label (self->kill_label, "—");
      gtk_box_append (GTK_BOX (self->reasons_box),
                      label_new (error ? error : _("The engine gave no answer"), 0, "error"));
      gtk_widget_set_visible (self->modifiers_title, FALSE);
      gtk_widget_set_visible (self->details_title, FALSE);
      return;
    }

  ruleset = ph_ruleset_get (a->ruleset);

  /* The odds */
  {
    g_autofree char *hit = ph_shot_format_percent (a->p_hit);
    g_autofree char *kill = a->has_p_kill ? ph_shot_format_percent (a->p_kill) : NULL;

    const PhShotEffect *effect = ph_ruleset_effect (ruleset);
    gboolean own = effect != &ph_shot_effect_hit && effect != &ph_shot_effect_kill;

    gtk_label_set_label (self->hit_label, hit);
    gtk_widget_set_visible (self->kill_card, a->has_p_kill);
    if (kill)
      gtk_label_set_label (self->kill_label, kill);
    /* what the lists rank by, when neither a hit nor a kill (Firelock's
     * cover takes off the wound roll: 85% to hit may be 0% to wound) */
    gtk_widget_set_visible (self->effect_card, own);
    if (own)
      {
        g_autofree char *p = ph_shot_format_percent (a->p_effect);

        gtk_label_set_label (self->effect_label, p);
        gtk_label_set_label (self->effect_caption, _(effect->to));
      }
    if (a->can_fire && a->p_hit > 0 && self->game_note == NULL)
      {
        gtk_widget_remove_css_class (GTK_WIDGET (self->hit_label), "dim-label");
        gtk_widget_add_css_class (GTK_WIDGET (self->hit_label), "success");
      }
    else
      {
        gtk_widget_remove_css_class (GTK_WIDGET (self->hit_label), "success");
        gtk_widget_add_css_class (GTK_WIDGET (self->hit_label), "dim-label");
      }
  }

  /* Why not; a shot that may be fired but never hits says so, and why;
   * one the game will not take now says that instead (the trial read "✓
   * Can fire" beside "already fired this phase") */
  if (a->can_fire && a->p_hit > 0 && self->game_note == NULL)
    gtk_box_append (GTK_BOX (self->reasons_box), label_new (_("✓ Can fire"), 0, "success"));
  /* what the chance to hit takes beside the shot (Firelock's spotting:
   * the trial read "27%" with nothing saying so) */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->hit_label), NULL);
  if (a->can_fire && a->p_hit > 0 && ruleset != NULL && ruleset->hit_note != NULL)
    {
      g_autofree char *note = ruleset->hit_note (a);

      if (note != NULL)
        {
          /* TRANSLATORS: under the chance to hit: "To hit: spotting him
           * first, 6+ on a d10, then the shot" */
          g_autofree char *text = g_strdup_printf (_("To hit: %s"), note);

          gtk_box_append (GTK_BOX (self->reasons_box), label_new (text, 0, NULL));
          gtk_widget_set_tooltip_text (GTK_WIDGET (self->hit_label), text);
        }
    }
  else if (a->can_fire && a->p_hit > 0)
    ;  /* the game's reason, below */
  else if (a->can_fire)
    gtk_box_append (GTK_BOX (self->reasons_box),
                    label_new (a->modifiers != NULL && a->modifiers->len > 0
                               ? _("✗ Can fire, but cannot hit: no roll succeeds with the modifiers below")
                               : _("✗ Can fire, but cannot hit: no roll succeeds at this range"),
                               0, "error"));
  for (guint i = 0; i < a->reasons->len; i++)
    {
      g_autofree char *text = g_strdup_printf ("✗ %s", (char *) g_ptr_array_index (a->reasons, i));
      gtk_box_append (GTK_BOX (self->reasons_box), label_new (text, 0, "error"));
    }
  /* the rules allow it, the game's moment may not; said once: never
   * where the game's refusal only repeats the engine's reason just
   * listed (the trial read "✗ the musket is not loaded", then "✗ Not now
   * in this game: Capt. John Stark's musket is not loaded") */
  if (self->game_note != NULL && !note_repeats_reasons (self->game_note, a->reasons))
    {
      g_autofree char *text = g_strdup_printf (_("✗ Not now in this game: %s"), self->game_note);
      gtk_box_append (GTK_BOX (self->reasons_box), label_new (text, 0, "error"));
    }

  /* The facts */
  if (a->has_weapon)
    grid_add_row (self->facts_grid, row++, _("Weapon"), ph_weapon_kind_label (a->weapon), NULL);
  {
    g_autofree char *distance = ph_shot_format_distance (a->unit, a->ruleset, a->distance);
    g_autofree char *max = a->has_max_range ? ph_shot_format_distance (a->unit, a->ruleset, a->max_range) : NULL;
    g_autofree char *text = max ? g_strdup_printf (_("%s (range %s)"), distance, max) : g_strdup (distance);

    grid_add_row (self->facts_grid, row++, _("Distance"), text, a->in_range ? NULL : "error");
  }
  /* A table read in another unit than its own (Featherstone's paces on an
   * inch table, inches on a cm table) says so */
  if (a->unit != PH_DIST_HEX
      && ph_ruleset_table_units_per (self->scenario->ruleset, &self->scenario->table) != 1.0)
    {
      g_autofree char *how = ph_ruleset_describe_distances (self->scenario->ruleset,
                                                            &self->scenario->table);

      grid_add_row (self->facts_grid, row++, _("Measured in"), how, NULL);
    }
  grid_add_row (self->facts_grid, row++, _("Band"),
                a->band ? a->band : (a->in_range ? _("—") : _("out of range")), NULL);
  if (ruleset && ruleset->has_arc)
    grid_add_row (self->facts_grid, row++, _("Fire arc"),
                  a->in_arc ? _("in arc") : _("out of arc"), a->in_arc ? NULL : "error");
  if (a->los_clear)
    grid_add_row (self->facts_grid, row++, _("Line of sight"), C_("line of sight", "clear"), NULL);
  else
    {
      GString *text = g_string_new (_("blocked"));

      for (guint i = 0; i < a->blocked_by->len; i++)
        g_string_append_printf (text, "%s%s", i == 0 ? _(" by ") : ", ",
                                ph_scenario_display_name (self->scenario, g_ptr_array_index (a->blocked_by, i)));
      grid_add_row (self->facts_grid, row++, _("Line of sight"), text->str, "error");
      g_string_free (text, TRUE);
    }
  {
    GString *text = g_string_new (ph_cover_label (a->cover));

    /* the ruleset's class, unless it only repeats the cover: "open (open)" */
    if (a->has_cover_detail && a->cover_detail != 0
        && g_strcmp0 (ph_ruleset_get (a->ruleset)->cover_class_name (a->cover_detail), text->str) != 0)
      g_string_append_printf (text, " (%s)",
                              ph_ruleset_get (a->ruleset)->cover_class_name (a->cover_detail));
    if (a->cover_feature)
      g_string_append_printf (text, _(" behind or in %s"),
                              ph_scenario_display_name (self->scenario, a->cover_feature));
    if (self->shooter != NULL && a->unit != PH_DIST_HEX)
      {
        /* The line crosses a wall yet reads "open" or "soft": say why */
        double at, reach;
        const PhFeature *missed = ph_engine_cover_missed (self->scenario, self->shooter, target,
                                                          a->cover, &at, &reach);

        if (missed != NULL)
          {
            double per = MAX (ph_ruleset_table_units_per (self->scenario->ruleset, &self->scenario->table), 1e-9);
            g_autofree char *at_text = NULL;
            g_autofree char *reach_text = NULL;

            ph_shot_format_distances_apart (a->unit, a->ruleset, at / per, reach / per,
                                            &at_text, &reach_text);

            /* TRANSLATORS: why a shot over a wall is in the open: "Old Stone
             * Wall is 1.55″ in front of him; it covers a man within 1.50″" */
            g_string_append_printf (text, a->cover_feature != NULL
                                    /* TRANSLATORS: after "soft (woods) behind or
                                     * in Hemlock Wood": why a wall crossed gives
                                     * no better cover */
                                    ? _("; %s is %s in front of him; it covers a man within %s")
                                    : _(": %s is %s in front of him; it covers a man within %s"),
                                    ph_feature_display_name (missed), at_text, reach_text);
          }
      }
    grid_add_row (self->facts_grid, row++, _("Cover"), text->str, NULL);
    g_string_free (text, TRUE);
  }

  /* What the modifiers are added to, where the ruleset has such a number
   * (Featherstone's Chance of a Hit table), then every modifier, in the
   * ruleset's own units */
  {
    g_autofree char *base_value = NULL;
    g_autofree char *base = ruleset != NULL && ruleset->shot_base != NULL
                            ? ruleset->shot_base (a, &base_value) : NULL;
    int mrow = 0;

    gtk_widget_set_visible (self->modifiers_title, a->modifiers->len > 0 || base != NULL);
    if (base != NULL)
      {
        GtkWidget *name_label = label_new (base, 0, NULL);
        GtkWidget *value_label = label_new (base_value, 1, "numeric");

        gtk_widget_set_hexpand (name_label, TRUE);
        gtk_grid_attach (self->modifiers_grid, name_label, 0, mrow, 1, 1);
        gtk_grid_attach (self->modifiers_grid, value_label, 1, mrow, 1, 1);
        mrow++;
      }
    for (guint i = 0; i < a->modifiers->len; i++, mrow++)
      {
        const PhModifier *m = &g_array_index (a->modifiers, PhModifier, i);
        g_autofree char *value = g_strdup_printf ("%+g", m->value);
        GtkWidget *name_label = label_new (m->label, 0, NULL);
        GtkWidget *value_label = label_new (value, 1, "numeric");

        gtk_widget_set_hexpand (name_label, TRUE);
        gtk_grid_attach (self->modifiers_grid, name_label, 0, mrow, 1, 1);
        gtk_grid_attach (self->modifiers_grid, value_label, 1, mrow, 1, 1);
      }
  }

  /* The ruleset's extras */
  {
    GVariantIter iter;
    const char *key;
    GVariant *value;
    int drow = 0;

    if (a->details && g_variant_is_of_type (a->details, G_VARIANT_TYPE_VARDICT))
      {
        g_variant_iter_init (&iter, a->details);
        while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
          {
            g_autofree char *name = NULL;
            g_autofree char *text = ph_shot_panel_format_detail (key, value, &name);

            grid_add_row (self->details_grid, drow++, name, text, "numeric");
            g_variant_unref (value);
          }
      }
    gtk_widget_set_visible (self->details_title, drow > 0);
  }
}

void
ph_shot_panel_set_options (PhShotPanel         *self,
                           const PhShotOptions *options)
{
  g_return_if_fail (PH_IS_SHOT_PANEL (self));
  g_return_if_fail (options != NULL);

  self->options = *options;
  sync_controls (self);
}

void
ph_shot_panel_set_game_note (PhShotPanel *self,
                             const char  *note)
{
  g_return_if_fail (PH_IS_SHOT_PANEL (self));
  g_free (self->game_note);
  self->game_note = g_strdup (note);
}

const PhShotOptions *
ph_shot_panel_get_options (PhShotPanel *self)
{
  g_return_val_if_fail (PH_IS_SHOT_PANEL (self), NULL);
  return &self->options;
}

guint
ph_shot_panel_get_n_advice (PhShotPanel *self)
{
  g_return_val_if_fail (PH_IS_SHOT_PANEL (self), 0);
  return self->n_advice;
}

guint
ph_shot_panel_get_n_visible (PhShotPanel *self)
{
  g_return_val_if_fail (PH_IS_SHOT_PANEL (self), 0);
  return self->n_visible;
}

static void
ph_shot_panel_dispose (GObject *object)
{
  PhShotPanel *self = PH_SHOT_PANEL (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PH_TYPE_SHOT_PANEL);
  /* Children of the template that no field holds */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self)));)
    gtk_widget_unparent (child);
  self->shooter = NULL;
  g_clear_pointer (&self->scenario, ph_scenario_unref);
  g_clear_pointer (&self->game_note, g_free);

  G_OBJECT_CLASS (ph_shot_panel_parent_class)->dispose (object);
}

static void
ph_shot_panel_class_init (PhShotPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ph_shot_panel_dispose;

  signals[OPTIONS_CHANGED] =
    g_signal_new ("options-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[TARGET_ACTIVATED] =
    g_signal_new ("target-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/powderhorn/Powderhorn/ph-shot-panel.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, PhShotPanel, name)
  BIND (content);
  BIND (placeholder);
  BIND (shooter_box);
  BIND (shooter_label);
  BIND (shooter_detail_label);
  BIND (options_box);
  BIND (option_controls);
  BIND (target_separator);
  BIND (target_hint_label);
  BIND (target_box);
  BIND (target_label);
  BIND (hit_label);
  BIND (kill_label);
  BIND (kill_card);
  BIND (effect_card);
  BIND (effect_label);
  BIND (effect_caption);
  BIND (reasons_box);
  BIND (facts_grid);
  BIND (modifiers_title);
  BIND (modifiers_grid);
  BIND (details_title);
  BIND (details_grid);
  BIND (visible_separator);
  BIND (visible_title);
  BIND (visible_list);
  BIND (advice_title);
  BIND (advice_list);
#undef BIND
  gtk_widget_class_bind_template_callback (widget_class, on_visible_list_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_advice_list_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_option_controls_changed);
}

static void
ph_shot_panel_init (PhShotPanel *self)
{
  PhShotOptions defaults = PH_SHOT_OPTIONS_INIT;

  self->options = defaults;
  g_type_ensure (PH_TYPE_SHOT_OPTION_BOX);
  gtk_widget_init_template (GTK_WIDGET (self));
  ph_shot_panel_set_shooter (self, NULL, NULL, NULL);
}

GtkWidget *
ph_shot_panel_new (void)
{
  return g_object_new (PH_TYPE_SHOT_PANEL, NULL);
}
