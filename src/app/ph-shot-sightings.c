/* ph-shot-sightings.c: the Fire tab's "Enemies in sight", and how it
 * writes distances and odds
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-shot-sightings.h"

#include <glib/gi18n.h>

#include "ph-advise.h"

char *
ph_shot_format_distance (PhDistUnit  unit,
                         PhRulesetId ruleset,
                         double      distance)
{
  switch (unit)
    {
    case PH_DIST_HEX:
      return g_strdup_printf (g_dngettext (NULL, "%g hex", "%g hexes", (gulong) distance), distance);
    case PH_DIST_CM:
      /* paces, one to the cm (ph_ruleset_dist_unit()) */
      return g_strdup_printf (_("%.1f paces"), distance);
    case PH_DIST_IN:
    default:
      return g_strdup_printf (_("%.1f″"), distance);
    }
}

/* Two distances written so that they differ when they do: one decimal,
 * or two when one decimal would print both alike ("1.55″" beside
 * "1.50″", not "1.5″" twice) */
void
ph_shot_format_distances_apart (PhDistUnit   unit,
                                PhRulesetId  ruleset,
                                double       a,
                                double       b,
                                char       **a_text,
                                char       **b_text)
{
  *a_text = ph_shot_format_distance (unit, ruleset, a);
  *b_text = ph_shot_format_distance (unit, ruleset, b);
  if (unit == PH_DIST_HEX || a == b || g_strcmp0 (*a_text, *b_text) != 0)
    return;
  g_free (*a_text);
  g_free (*b_text);
  if (unit == PH_DIST_CM)
    {
      *a_text = g_strdup_printf (_("%.2f paces"), a);
      *b_text = g_strdup_printf (_("%.2f paces"), b);
    }
  else
    {
      *a_text = g_strdup_printf (_("%.2f″"), a);
      *b_text = g_strdup_printf (_("%.2f″"), b);
    }
}

char *
ph_shot_format_percent (double p)
{
  if (p > 0 && p < 0.01)
    return g_strdup_printf ("%.1f%%", p * 100);
  return g_strdup_printf ("%.0f%%", p * 100);
}


/* "33%", or with the ruleset's effect beside it when it is more than a
 * hit: "33% · 3% to wound", "17% · 6% to kill" */
static char *
format_odds (const PhScenario   *scenario,
             const PhAssessment *a)
{
  const PhShotEffect *effect = ph_ruleset_effect (ph_ruleset_get (scenario->ruleset));
  g_autofree char *hit = ph_shot_format_percent (a->p_hit);
  g_autofree char *chance = NULL;

  if (effect == &ph_shot_effect_hit)
    return g_steal_pointer (&hit);
  chance = ph_shot_format_percent (a->p_effect);
  /* TRANSLATORS: "33% · 3% to wound": the chance to hit, then the
   * ruleset's effect's chance and its words */
  return g_strdup_printf (_("%s · %s %s"), hit, chance, _(effect->to));
}

typedef struct
{
  PhFigure *figure;
  PhAssessment *assessment;
} Sighting;

static void
sighting_clear (gpointer data)
{
  Sighting *s = data;

  g_clear_pointer (&s->assessment, ph_assessment_free);
}

static int
compare_sightings (gconstpointer a,
                   gconstpointer b)
{
  const PhAssessment *x = ((const Sighting *) a)->assessment;
  const PhAssessment *y = ((const Sighting *) b)->assessment;

  if (x->can_fire != y->can_fire)
    return x->can_fire ? -1 : 1;
  /* the ruleset's effect first: a hit that cannot wound is no threat */
  if (x->p_effect != y->p_effect)
    return x->p_effect > y->p_effect ? -1 : 1;
  if (x->p_hit != y->p_hit)
    return x->p_hit > y->p_hit ? -1 : 1;
  if (x->los_clear != y->los_clear)
    return x->los_clear ? -1 : 1;
  return x->distance < y->distance ? -1 : x->distance > y->distance;
}

/* A row's content: @lead (a side's dot, or NULL), the title (markup) over
 * a dim subtitle, and the odds at the end, green when @good */
static GtkWidget *
row_content_new (GtkWidget  *lead,
                 const char *title_markup,
                 const char *subtitle,
                 const char *odds,
                 gboolean    good)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *text, *label;

  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  if (lead != NULL)
    {
      gtk_widget_set_valign (lead, GTK_ALIGN_START);
      gtk_box_append (GTK_BOX (box), lead);
    }
  text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_hexpand (text, TRUE);
  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), title_markup);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (text), label);
  label = gtk_label_new (subtitle);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (text), label);
  gtk_box_append (GTK_BOX (box), text);
  label = gtk_label_new (odds);
  gtk_widget_add_css_class (label, good ? "success" : "dim-label");
  gtk_widget_add_css_class (label, "numeric");
  gtk_box_append (GTK_BOX (box), label);
  return box;
}

static GtkWidget *
sighting_row_new (const PhScenario *scenario,
                  const Sighting   *s)
{
  const PhAssessment *a = s->assessment;
  g_autofree char *distance = ph_shot_format_distance (a->unit, scenario->ruleset, a->distance);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *odds = NULL;
  GtkWidget *row, *label;

  title = g_markup_printf_escaped ("%s", ph_figure_display_name (s->figure));
  if (a->can_fire)
    subtitle = g_strdup_printf ("%s · %s%s%s", distance, _("in sight"),
                                a->band ? " · " : "", a->band ? a->band : "");
  else if (a->reasons->len > 0)
    subtitle = g_strdup_printf ("%s · %s", distance, (char *) g_ptr_array_index (a->reasons, 0));
  else
    subtitle = g_strdup_printf ("%s · %s", distance, a->los_clear ? _("in sight") : _("LOS blocked"));

  row = gtk_list_box_row_new ();
  g_object_set_data_full (G_OBJECT (row), "ph-id", g_strdup (s->figure->id), g_free);
  label = gtk_label_new (NULL);
  {
    PhSide *ps = ph_scenario_find_side (scenario, s->figure->side);
    g_autofree char *dot = g_strdup_printf ("<span foreground=\"#%06x\">●</span>",
                                            ps ? ps->color & 0xffffff : 0x808080);
    gtk_label_set_markup (GTK_LABEL (label), dot);
  }
  odds = a->can_fire ? format_odds (scenario, a) : g_strdup ("—");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row),
                              row_content_new (label, title, subtitle, odds,
                                               a->can_fire && a->p_effect > 0));

  if (!a->can_fire && a->reasons->len > 0)
    {
      GString *why = g_string_new (NULL);

      for (guint i = 0; i < a->reasons->len; i++)
        g_string_append_printf (why, "%s%s", i ? "\n" : "", (char *) g_ptr_array_index (a->reasons, i));
      gtk_widget_set_tooltip_text (row, why->str);
      g_string_free (why, TRUE);
    }
  return row;
}

guint
ph_shot_sightings_fill (GtkListBox          *list,
                        const PhScenario    *scenario,
                        const PhFigure      *shooter,
                        const PhShotOptions *options)
{
  g_autoptr(GArray) sightings = g_array_new (FALSE, TRUE, sizeof (Sighting));
  g_autoptr(PhEngineBatch) batch = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))))
    gtk_list_box_remove (list, child);
  if (shooter == NULL || scenario == NULL)
    return 0;

  g_array_set_clear_func (sightings, sighting_clear);
  /* one shooter against every enemy: which terrain holds each is worked
   * out once */
  batch = ph_engine_batch_new (scenario);
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);
      Sighting s = { figure, NULL };

      if (figure == shooter || ph_figure_is_off_table (figure)
          || g_strcmp0 (figure->side, shooter->side) == 0)
        continue;
      s.assessment = ph_engine_batch_assess_numbers (batch, shooter, figure, options, NULL);
      if (s.assessment)
        g_array_append_val (sightings, s);
    }
  g_array_sort (sightings, compare_sightings);

  for (guint i = 0; i < sightings->len; i++)
    gtk_list_box_append (list, sighting_row_new (scenario, &g_array_index (sightings, Sighting, i)));
  return sightings->len;
}

/* "1. aim, then fire · musket at Capt. de Beaujeu, 14.0″ · 2 IPs / 33%
 * · 12% to kill" */
static GtkWidget *
advice_row_new (const PhScenario *scenario,
                const PhAdvice   *advice,
                guint             rank)
{
  const PhAssessment *a = advice->assessment;
  const PhFigure *target = ph_scenario_find_figure (scenario, a->target);
  g_autofree char *distance = ph_shot_format_distance (a->unit, scenario->ruleset, a->distance);
  g_autofree char *title = g_strdup_printf ("%u. %s", rank, _(advice->choice->label));
  g_autofree char *subtitle = g_strdup_printf (_("%s at %s, %s · %s"),
                                               ph_weapon_kind_label (a->weapon),
                                               target != NULL ? ph_figure_display_name (target)
                                                              : a->target,
                                               distance, advice->cost);
  g_autofree char *odds = format_odds (scenario, a);
  PhShotOptions *options = g_new (PhShotOptions, 1);
  GtkWidget *row;

  *options = advice->choice->shot;
  options->has_weapon = TRUE;
  options->weapon = a->weapon;
  row = gtk_list_box_row_new ();
  g_object_set_data_full (G_OBJECT (row), "ph-id", g_strdup (a->target), g_free);
  g_object_set_data_full (G_OBJECT (row), "ph-options", options, g_free);
  {
    g_autofree char *markup = g_markup_escape_text (title, -1);

    gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row),
                                row_content_new (NULL, markup, subtitle, odds, a->p_effect > 0));
  }
  gtk_widget_set_tooltip_text (row, subtitle);
  return row;
}

guint
ph_shot_advice_fill (GtkListBox       *list,
                     const PhScenario *scenario,
                     const PhFigure   *shooter,
                     guint             top)
{
  g_autoptr(GPtrArray) advice = NULL;
  GtkWidget *child;
  guint n;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))))
    gtk_list_box_remove (list, child);
  if (shooter == NULL || scenario == NULL)
    return 0;
  advice = ph_engine_advise (scenario, shooter, NULL);
  if (advice == NULL)
    return 0;
  n = MIN (top, advice->len);
  for (guint i = 0; i < n; i++)
    gtk_list_box_append (list, advice_row_new (scenario, g_ptr_array_index (advice, i), i + 1));
  return n;
}
