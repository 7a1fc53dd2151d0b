/* ph-odds-window.c: "Who Can Shoot Whom", every shot on the table
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every shooter of one side (or of every side) against every figure of
 * the others, as the engine assesses each shot with the shoot's default
 * options (the same pairs and numbers as `powderhorn-cli odds`): the
 * distance, the chance to hit and to kill (and of the ruleset's own effect,
 * Firelock's wound), and why not. Best first by the ruleset's effect
 * (PhRuleset.effect), sorted by any column, back at the top after each
 * sort; a row activated selects the shooter on the map and pins the
 * target, where the Fire tab shows the shot in full.
 */
#include "ph-odds-window.h"

#include <glib/gi18n.h>

#include "ph-shot-sightings.h"

/* One pair, a row */

#define PH_TYPE_ODDS_PAIR (ph_odds_pair_get_type ())
G_DECLARE_FINAL_TYPE (PhOddsPair, ph_odds_pair, PH, ODDS_PAIR, GObject)

struct _PhOddsPair
{
  GObject parent_instance;

  char *shooter_id;
  char *target_id;
  char *shooter;      /* names */
  char *target;
  char *distance;     /* "14.0″" */
  double distance_value;
  double p_hit;       /* -1 when the shot cannot be fired */
  double p_kill;      /* -1 when it cannot, or the ruleset has no kill */
  double p_effect;    /* -1 when it cannot be fired */
  char *why;          /* why not, or "" */
};

enum
{
  PAIR_PROP_0,
  PAIR_PROP_SHOOTER,
  PAIR_PROP_TARGET,
  PAIR_PROP_DISTANCE,
  PAIR_PROP_P_HIT,
  PAIR_PROP_P_KILL,
  PAIR_PROP_P_EFFECT,
  PAIR_PROP_WHY,
  N_PAIR_PROPS
};

static GParamSpec *pair_properties[N_PAIR_PROPS];

G_DEFINE_FINAL_TYPE (PhOddsPair, ph_odds_pair, G_TYPE_OBJECT)

static void
ph_odds_pair_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  PhOddsPair *self = PH_ODDS_PAIR (object);

  switch (prop_id)
    {
    case PAIR_PROP_SHOOTER:
      g_value_set_string (value, self->shooter);
      break;
    case PAIR_PROP_TARGET:
      g_value_set_string (value, self->target);
      break;
    case PAIR_PROP_DISTANCE:
      g_value_set_double (value, self->distance_value);
      break;
    case PAIR_PROP_P_HIT:
      g_value_set_double (value, self->p_hit);
      break;
    case PAIR_PROP_P_KILL:
      g_value_set_double (value, self->p_kill);
      break;
    case PAIR_PROP_P_EFFECT:
      g_value_set_double (value, self->p_effect);
      break;
    case PAIR_PROP_WHY:
      g_value_set_string (value, self->why);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ph_odds_pair_finalize (GObject *object)
{
  PhOddsPair *self = PH_ODDS_PAIR (object);

  g_free (self->shooter_id);
  g_free (self->target_id);
  g_free (self->shooter);
  g_free (self->target);
  g_free (self->distance);
  g_free (self->why);
  G_OBJECT_CLASS (ph_odds_pair_parent_class)->finalize (object);
}

static void
ph_odds_pair_class_init (PhOddsPairClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = ph_odds_pair_get_property;
  object_class->finalize = ph_odds_pair_finalize;
  pair_properties[PAIR_PROP_SHOOTER] =
    g_param_spec_string ("shooter", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  pair_properties[PAIR_PROP_TARGET] =
    g_param_spec_string ("target", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  pair_properties[PAIR_PROP_DISTANCE] =
    g_param_spec_double ("distance", NULL, NULL, 0, G_MAXDOUBLE, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  pair_properties[PAIR_PROP_P_HIT] =
    g_param_spec_double ("p-hit", NULL, NULL, -1, 1, -1, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  pair_properties[PAIR_PROP_P_KILL] =
    g_param_spec_double ("p-kill", NULL, NULL, -1, 1, -1, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  pair_properties[PAIR_PROP_P_EFFECT] =
    g_param_spec_double ("p-effect", NULL, NULL, -1, 1, -1, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  pair_properties[PAIR_PROP_WHY] =
    g_param_spec_string ("why", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PAIR_PROPS, pair_properties);
}

static void
ph_odds_pair_init (PhOddsPair *self)
{
}

/* The window */

struct _PhOddsWindow
{
  GtkWindow parent_instance;

  PhDocument *document;
  GtkDropDown *side_drop_down;
  GtkColumnView *view;
  GListStore *pairs;
  GtkLabel *summary;
  GtkScrolledWindow *scroller;
  guint scroll_id;
  GPtrArray *side_ids;    /* the drop-down's sides after "Every side" */
};

G_DEFINE_FINAL_TYPE (PhOddsWindow, ph_odds_window, GTK_TYPE_WINDOW)

static PhOddsPair *
pair_new (const PhScenario   *scenario,
          const PhFigure     *shooter,
          const PhFigure     *target,
          const PhAssessment *a)
{
  PhOddsPair *pair = g_object_new (PH_TYPE_ODDS_PAIR, NULL);

  pair->shooter_id = g_strdup (shooter->id);
  pair->target_id = g_strdup (target->id);
  pair->shooter = g_strdup (ph_figure_display_name (shooter));
  pair->target = g_strdup (ph_figure_display_name (target));
  pair->distance_value = a->distance;
  pair->distance = ph_shot_format_distance (a->unit, scenario->ruleset, a->distance);
  pair->p_hit = a->can_fire ? a->p_hit : -1;
  pair->p_kill = a->can_fire && a->has_p_kill ? a->p_kill : -1;
  pair->p_effect = a->can_fire ? a->p_effect : -1;
  if (a->can_fire || a->reasons->len == 0)
    pair->why = g_strdup ("");
  else
    {
      g_ptr_array_add (a->reasons, NULL);
      pair->why = g_strjoinv ("; ", (char **) a->reasons->pdata);
      g_ptr_array_set_size (a->reasons, a->reasons->len - 1);
    }
  return pair;
}

/* Every pair of the side chosen, assessed anew */
static void
rebuild (PhOddsWindow *self)
{
  const PhScenario *scenario = ph_document_get_scenario (self->document);
  guint chosen = gtk_drop_down_get_selected (self->side_drop_down);
  const char *side = chosen > 0 && chosen <= self->side_ids->len
                     ? g_ptr_array_index (self->side_ids, chosen - 1) : NULL;
  g_autoptr(PhEngineBatch) batch = NULL;
  g_autofree char *summary = NULL;
  guint n = 0, can = 0;

  g_list_store_remove_all (self->pairs);
  if (scenario == NULL)
    return;
  batch = ph_engine_batch_new (scenario);
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *shooter = g_ptr_array_index (scenario->figures, i);

      if (ph_figure_is_off_table (shooter) || (side != NULL && g_strcmp0 (shooter->side, side) != 0))
        continue;
      for (guint j = 0; j < scenario->figures->len; j++)
        {
          const PhFigure *target = g_ptr_array_index (scenario->figures, j);
          PhShotOptions options = PH_SHOT_OPTIONS_INIT;
          g_autoptr(PhAssessment) a = NULL;
          g_autoptr(PhOddsPair) pair = NULL;

          if (target == shooter || ph_figure_is_off_table (target)
              || g_strcmp0 (target->side, shooter->side) == 0)
            continue;
          a = ph_engine_batch_assess_numbers (batch, shooter, target, &options, NULL);
          if (a == NULL)
            continue;
          pair = pair_new (scenario, shooter, target, a);
          g_list_store_append (self->pairs, pair);
          n++;
          /* a shot that can be fired but never hits is no possibility */
          can += a->can_fire && a->p_hit > 0;
        }
    }
  /* the plain shot of each pair (the Fire tab may show an aimed one
   * beside it for the pair it has) */
  summary = g_strdup_printf (g_dngettext (NULL, "%u shot, %u with a chance to hit · each as a plain shot",
                                          "%u shots, %u with a chance to hit · each as a plain shot",
                                          n), n, can);
  gtk_label_set_label (self->summary, summary);
}

static void
on_side_drop_down_notify (PhOddsWindow *self)
{
  rebuild (self);
}

/* A row: the shooter selected on the map, the target pinned */
static void
on_view_activate (PhOddsWindow *self,
                  guint         position)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (self->view));
  g_autoptr(PhOddsPair) pair = g_list_model_get_item (model, position);
  PhScenario *scenario = ph_document_get_scenario (self->document);
  PhSelection *selection = ph_document_get_selection (self->document);
  PhFigure *shooter, *target;

  if (pair == NULL)
    return;
  shooter = ph_scenario_find_figure (scenario, pair->shooter_id);
  target = ph_scenario_find_figure (scenario, pair->target_id);
  if (shooter == NULL || target == NULL)
    return;
  ph_selection_select (selection, shooter, FALSE);
  ph_selection_set_pinned_target (selection, target);
}

/* The cells: a label each, filled from the row's pair */

typedef char *(*CellText) (PhOddsPair *pair);

static char *
shooter_text (PhOddsPair *pair)
{
  return g_strdup (pair->shooter);
}

static char *
target_text (PhOddsPair *pair)
{
  return g_strdup (pair->target);
}

static char *
distance_text (PhOddsPair *pair)
{
  return g_strdup (pair->distance);
}

static char *
hit_text (PhOddsPair *pair)
{
  return pair->p_hit >= 0 ? ph_shot_format_percent (pair->p_hit) : g_strdup ("—");
}

static char *
kill_text (PhOddsPair *pair)
{
  return pair->p_kill >= 0 ? ph_shot_format_percent (pair->p_kill) : g_strdup ("—");
}

static char *
effect_text (PhOddsPair *pair)
{
  return pair->p_effect >= 0 ? ph_shot_format_percent (pair->p_effect) : g_strdup ("—");
}

static char *
why_text (PhOddsPair *pair)
{
  return g_strdup (pair->why);
}

static void
on_cell_setup (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  numeric)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1 : 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
on_cell_bind (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  text_func)
{
  g_autofree char *text = ((CellText) text_func) (gtk_list_item_get_item (item));

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)), text);
  gtk_widget_set_tooltip_text (gtk_list_item_get_child (item), text);
}

static GtkColumnViewColumn *
add_column (PhOddsWindow *self,
            const char   *title,
            CellText      text,
            const char   *property,
            gboolean      numeric,
            gboolean      expand)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) column = NULL;
  GtkExpression *expression;
  GtkSorter *sorter;

  g_signal_connect (factory, "setup", G_CALLBACK (on_cell_setup), GINT_TO_POINTER (numeric));
  g_signal_connect (factory, "bind", G_CALLBACK (on_cell_bind), text);
  column = gtk_column_view_column_new (title, g_object_ref (factory));
  expression = gtk_property_expression_new (PH_TYPE_ODDS_PAIR, NULL, property);
  if (numeric)
    {
      sorter = GTK_SORTER (gtk_numeric_sorter_new (expression));
      /* the likeliest first, on the first click; its arrow is turned to
       * match (mark_best_first_titles()) */
      if (g_strcmp0 (property, "distance") != 0)
        {
          gtk_numeric_sorter_set_sort_order (GTK_NUMERIC_SORTER (sorter), GTK_SORT_DESCENDING);
          g_object_set_data (G_OBJECT (column), "ph-best-first", GINT_TO_POINTER (TRUE));
        }
    }
  else
    sorter = GTK_SORTER (gtk_string_sorter_new (expression));
  gtk_column_view_column_set_sorter (column, sorter);
  g_object_unref (sorter);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_column_set_expand (column, expand);
  g_object_set_data_full (G_OBJECT (column), "ph-title", g_strdup (title), g_free);
  gtk_column_view_append_column (self->view, column);
  return column;
}

static GtkLabel *
find_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *label = find_label (child);

      if (label != NULL)
        return label;
    }
  return NULL;
}

/* A chance's column sorts the likeliest first on its first click: GTK 4.8
 * sorts a column "ascending" on a first click and has no way to begin
 * the other way, so its sorter runs backwards, and the theme would draw
 * the "ascending" arrow (up) over a largest-first list. Its heading is
 * marked .best-first, and style.css turns the arrow of such headings.
 * The headings are the column view's first child's children, one per
 * column, each with the column's title. */
static void
mark_best_first_titles (PhOddsWindow *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->view);
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (self->view));

  if (header == NULL || g_strcmp0 (gtk_widget_get_css_name (header), "header") != 0)
    return;
  for (GtkWidget *title = gtk_widget_get_first_child (header); title != NULL;
       title = gtk_widget_get_next_sibling (title))
    {
      GtkLabel *label = find_label (title);

      for (guint i = 0; label != NULL && i < g_list_model_get_n_items (columns); i++)
        {
          g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

          if (g_strcmp0 (gtk_label_get_label (label), gtk_column_view_column_get_title (column)) == 0)
            {
              if (g_object_get_data (G_OBJECT (column), "ph-best-first") != NULL)
                gtk_widget_add_css_class (title, "best-first");
              else
                gtk_widget_remove_css_class (title, "best-first");
              break;
            }
        }
    }
}

/* After a sort the view keeps its place among the rows (GTK follows the
 * row at the top), so the best row would be out of sight: back to the
 * top once the rows are in their new order */
static gboolean
scroll_to_top (gpointer data)
{
  PhOddsWindow *self = data;
  GtkAdjustment *adjustment;

  self->scroll_id = 0;
  /* a window going: its columns go too, and the sorter changes */
  if (self->scroller == NULL)
    return G_SOURCE_REMOVE;
  adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_lower (adjustment));
  return G_SOURCE_REMOVE;
}

static void
on_sorter_changed (PhOddsWindow *self)
{
  if (self->scroller == NULL)
    return;
  scroll_to_top (self);
  if (self->scroll_id == 0)
    self->scroll_id = g_idle_add_full (G_PRIORITY_LOW, scroll_to_top, self, NULL);
}

static void
ph_odds_window_dispose (GObject *object)
{
  PhOddsWindow *self = PH_ODDS_WINDOW (object);

  g_clear_handle_id (&self->scroll_id, g_source_remove);
  self->scroller = NULL;
  g_clear_object (&self->document);
  g_clear_object (&self->pairs);
  g_clear_pointer (&self->side_ids, g_ptr_array_unref);
  G_OBJECT_CLASS (ph_odds_window_parent_class)->dispose (object);
}

static void
ph_odds_window_class_init (PhOddsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ph_odds_window_dispose;
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0,
                                       "window.close", NULL);
}

static void
ph_odds_window_init (PhOddsWindow *self)
{
  GtkWidget *box, *bar, *scroller;
  g_autoptr(GtkSortListModel) sorted = NULL;
  g_autoptr(GtkSingleSelection) selection = NULL;

  self->pairs = g_list_store_new (PH_TYPE_ODDS_PAIR);
  self->side_ids = g_ptr_array_new_with_free_func (g_free);
  gtk_window_set_title (GTK_WINDOW (self), _("Who Can Shoot Whom"));
  /* wide enough for the names and the reasons on a laptop (1366 px) */
  gtk_window_set_default_size (GTK_WINDOW (self), 1100, 560);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_top (box, 10);
  gtk_widget_set_margin_bottom (box, 10);
  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  self->side_drop_down = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->side_drop_down), _("Whose shots"));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->side_drop_down));
  self->summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->summary), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary), "dim-label");
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->summary));
  gtk_box_append (GTK_BOX (box), bar);

  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_column_separators (self->view, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "data-table");
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "odds-matrix");
  add_column (self, _("Shooter"), shooter_text, "shooter", FALSE, FALSE);
  add_column (self, _("Target"), target_text, "target", FALSE, FALSE);
  add_column (self, _("Distance"), distance_text, "distance", TRUE, FALSE);
  add_column (self, _("To hit"), hit_text, "p-hit", TRUE, FALSE);
  add_column (self, _("To kill"), kill_text, "p-kill", TRUE, FALSE);
  add_column (self, _("Why not"), why_text, "why", FALSE, TRUE);
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->pairs)),
                                    g_object_ref (gtk_column_view_get_sorter (self->view)));
  selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (sorted)));
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (selection));
  g_signal_connect_swapped (self->view, "activate", G_CALLBACK (on_view_activate), self);
  g_signal_connect_object (gtk_column_view_get_sorter (self->view), "changed",
                           G_CALLBACK (on_sorter_changed), self, G_CONNECT_SWAPPED);
  /* on the summary, not over the rows it would hide */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->summary),
                               _("Click a heading to sort; double-click a row (or Enter) to "
                                 "select the shooter and pin the target on the map"));

  scroller = gtk_scrolled_window_new ();
  self->scroller = GTK_SCROLLED_WINDOW (scroller);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->view));
  gtk_box_append (GTK_BOX (box), scroller);
  gtk_window_set_child (GTK_WINDOW (self), box);
}

PhOddsWindow *
ph_odds_window_new (GtkWindow  *parent,
                    PhDocument *document)
{
  PhOddsWindow *self = g_object_new (PH_TYPE_ODDS_WINDOW, "transient-for", parent,
                                     "destroy-with-parent", TRUE, NULL);
  const PhScenario *scenario = ph_document_get_scenario (document);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  self->document = g_object_ref (document);
  /* the ruleset's own effect, when neither a hit nor a kill (Firelock's
   * wound), a column before "Why not"; best first by the effect */
  if (scenario != NULL)
    {
      const PhShotEffect *effect = ph_ruleset_effect (ph_ruleset_get (scenario->ruleset));
      GListModel *columns = gtk_column_view_get_columns (self->view);
      g_autoptr(GtkColumnViewColumn) by = NULL;

      if (effect != &ph_shot_effect_hit && effect != &ph_shot_effect_kill)
        {
          g_autoptr(GtkColumnViewColumn) why = g_list_model_get_item (columns,
                                                                      g_list_model_get_n_items (columns) - 1);

          g_object_ref (why);
          gtk_column_view_remove_column (self->view, why);
          add_column (self, _(effect->heading), effect_text, "p-effect", TRUE, FALSE);
          gtk_column_view_append_column (self->view, why);
          g_object_unref (why);
        }
      for (guint i = 0; i < g_list_model_get_n_items (columns) && by == NULL; i++)
        {
          g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

          if (g_strcmp0 (g_object_get_data (G_OBJECT (column), "ph-title"), _(effect->heading)) == 0)
            by = g_steal_pointer (&column);
        }
      mark_best_first_titles (self);
      /* (a chance's column sorts the likeliest first as it is) */
      if (by != NULL)
        gtk_column_view_sort_by_column (self->view, by, GTK_SORT_ASCENDING);
    }
  gtk_string_list_append (names, _("Every side"));
  for (guint i = 0; scenario != NULL && i < scenario->sides->len; i++)
    {
      const PhSide *side = g_ptr_array_index (scenario->sides, i);
      g_autofree char *shots = g_strdup_printf (_("Shots by %s"), side->name ? side->name : side->id);

      gtk_string_list_append (names, shots);
      g_ptr_array_add (self->side_ids, g_strdup (side->id));
    }
  gtk_drop_down_set_model (self->side_drop_down, G_LIST_MODEL (names));
  g_signal_connect_object (self->side_drop_down, "notify::selected",
                           G_CALLBACK (on_side_drop_down_notify), self, G_CONNECT_SWAPPED);
  rebuild (self);
  return self;
}

void
ph_odds_window_set_side (PhOddsWindow *self,
                         const char   *side_id)
{
  g_return_if_fail (PH_IS_ODDS_WINDOW (self));

  for (guint i = 0; i < self->side_ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->side_ids, i), side_id) == 0)
      {
        gtk_drop_down_set_selected (self->side_drop_down, i + 1);
        return;
      }
  gtk_drop_down_set_selected (self->side_drop_down, 0);
}

GListModel *
ph_odds_window_get_rows (PhOddsWindow *self)
{
  g_return_val_if_fail (PH_IS_ODDS_WINDOW (self), NULL);
  return G_LIST_MODEL (gtk_column_view_get_model (self->view));
}

void
ph_odds_window_activate_row (PhOddsWindow *self,
                             guint         position)
{
  g_return_if_fail (PH_IS_ODDS_WINDOW (self));
  on_view_activate (self, position);
}

double
ph_odds_window_row_effect (GObject *row)
{
  return PH_ODDS_PAIR (row)->p_effect;
}

void
ph_odds_window_sort_by (PhOddsWindow *self,
                        const char   *title,
                        gboolean      reversed)
{
  GListModel *columns = gtk_column_view_get_columns (self->view);

  g_return_if_fail (PH_IS_ODDS_WINDOW (self));
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (column), "ph-title"), title) == 0)
        {
          gtk_column_view_sort_by_column (self->view, column,
                                          reversed ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING);
          return;
        }
    }
  g_return_if_reached ();
}

GtkAdjustment *
ph_odds_window_get_vadjustment (PhOddsWindow *self)
{
  g_return_val_if_fail (PH_IS_ODDS_WINDOW (self), NULL);
  return gtk_scrolled_window_get_vadjustment (self->scroller);
}

void
ph_odds_window_row_pair (GObject     *row,
                         const char **shooter_id,
                         const char **target_id,
                         double      *p_hit,
                         double      *p_kill)
{
  PhOddsPair *pair = PH_ODDS_PAIR (row);

  *shooter_id = pair->shooter_id;
  *target_id = pair->target_id;
  *p_hit = pair->p_hit;
  *p_kill = pair->p_kill;
}
