/* ph-map-view-actions.c: the map's keys and actions, and its tooltip
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Keys work while the map has the focus: [ and ] turn the selection by 15
 * degrees (with Shift by 45), the arrows nudge it, M toggles the tape,
 * Escape backs out of whatever is under way, Ctrl+A selects every figure
 * on the table, + - 0 zoom. Each is a "map." action.
 */
#include "ph-map-view-private.h"

#include <math.h>

#include <glib/gi18n.h>

/* The tooltip beside the man it is of keeps clear of his neighbours:
 * the device box a man, his name under his base and his badges take
 * (the name's width from its length: the tooltip's query is no place to
 * lay the names out) */
static PhRect
man_box (const PhRenderView *view,
         const PhFigure     *figure)
{
  PhBase base;
  PhPoint c;
  double r, name_w;

  ph_figure_get_base (figure, &base);
  c = ph_render_view_to_device (view, base.centre);
  r = MAX (base.width, base.depth) / 2 * view->scale;
  name_w = 6.5 * g_utf8_strlen (ph_figure_display_name (figure), -1) + 8;
  return (PhRect) { c.x - MAX (r, name_w / 2), c.y - r - 8, c.x + MAX (r, name_w / 2),
                    c.y + r + 16 };
}

static double
overlap (const PhRect *a,
         const PhRect *b)
{
  double w = MIN (a->x1, b->x1) - MAX (a->x0, b->x0);
  double h = MIN (a->y1, b->y1) - MAX (a->y0, b->y0);

  return w > 0 && h > 0 ? w * h : 0;
}

/* What a tooltip must never cover weighs this much more than a name */
#define NEVER_COVERED 50

/* How much of the other men (and of what lies off the map) @tip would
 * cover; the pinned target's name and the line of sight's label
 * (@line, of PhRect) far more: Guns of War's tooltip lay over the target's
 * name */
static double
tip_cost (PhMapView          *self,
          const PhRenderView *view,
          const PhFigure     *figure,
          GArray             *line,
          const PhRect       *tip)
{
  const PhScenario *scenario = ph_map_view_get_draw_scenario (self);
  PhFigure *target = ph_map_view_get_target (self);
  PhRect map = { 0, 0, gtk_widget_get_width (GTK_WIDGET (self)),
                 gtk_widget_get_height (GTK_WIDGET (self)) };
  double cost = 0;

  for (guint i = 0; i < line->len; i++)
    cost += NEVER_COVERED * overlap (&g_array_index (line, PhRect, i), tip);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (scenario->figures, i);
      PhRect box;

      if (f == figure || g_strcmp0 (f->id, figure->id) == 0 || ph_figure_is_off_table (f))
        continue;
      box = man_box (view, f);
      if (box.x1 < tip->x0 || box.x0 > tip->x1 || box.y1 < tip->y0 || box.y0 > tip->y1)
        continue;
      cost += (f == target ? NEVER_COVERED : 1) * overlap (&box, tip);
    }
  /* off the map (over the panel, the bar, the status line): worse */
  cost += 4 * ((tip->x1 - tip->x0) * (tip->y1 - tip->y0) - overlap (&map, tip));
  return cost;
}

void
ph_map_view_tooltip_area_sized (PhMapView      *self,
                                const PhFigure *figure,
                                double          tip_w,
                                double          tip_h,
                                GdkRectangle   *area)
{
  /* under him, over him, then to his right or left a little lower or
   * higher: GTK puts a tooltip under its area, centred, or over it when
   * there is no room under it on the screen */
  static const int sides[] = { 0, 0, 1, 1, -1, -1 };
  g_autoptr(GArray) line = g_array_new (FALSE, FALSE, sizeof (PhRect));
  PhRenderView view;
  PhBase base;
  PhPoint c;
  double r, top, bottom, best = G_MAXDOUBLE, centre = 0, half;
  gboolean over = FALSE;

  ph_map_view_get_render_view (self, &view);
  ph_map_view_get_line_label_boxes (self, line);
  ph_figure_get_base (figure, &base);
  c = ph_render_view_to_device (&view, base.centre);
  r = MAX (base.width, base.depth) / 2 * view.scale;
  /* the figure, his badges and his name plate (above or below his base) */
  top = c.y - r - 18;
  bottom = c.y + r + 18;
  for (guint k = 0; k < G_N_ELEMENTS (sides); k++)
    {
      gboolean above = k % 2 == 1;
      /* (to a side: clear of the names over and under him too) */
      double x = c.x + sides[k] * (tip_w / 2 + MAX (r, 40) + 8);
      PhRect tip = { x - tip_w / 2, above ? top - 4 - tip_h : bottom + 4,
                     x + tip_w / 2, above ? top - 4 : bottom + 4 + tip_h };
      double cost = tip_cost (self, &view, figure, line, &tip);

      /* (the first best kept: under him, GTK's own way, when nothing is
       * in the way anywhere) */
      if (cost < best - 1)
        {
          best = cost;
          centre = x;
          over = above;
        }
    }
  /* it stays while the pointer is in the area: his base is */
  half = MAX (fabs (centre - c.x) + MAX (r, 40), MAX (r, 40));
  *area = (GdkRectangle) { (int) floor (centre - half), (int) floor (top), (int) ceil (2 * half),
                           (int) ceil (bottom - top + (over ? 20000 : 0)) };
}

void
ph_map_view_tooltip_area (PhMapView      *self,
                          const PhFigure *figure,
                          GdkRectangle   *area)
{
  /* about a tooltip's size: two or three lines of text */
  ph_map_view_tooltip_area_sized (self, figure, 280, 80, area);
}

/* The tooltip's words for @figure, and for the target the odds */
char *
ph_map_view_tooltip_markup (PhMapView      *self,
                            const PhFigure *figure)
{
  PhShotController *shot = ph_map_view_get_shot_controller (self);
  PhSide *side;
  g_autofree char *status = NULL;
  GString *markup;

  markup = g_string_new (NULL);
  side = ph_scenario_find_side (ph_document_get_scenario (self->document), figure->side);
  g_string_append_printf (markup, "<b>%s</b>", ph_figure_display_name (figure));
  if (side)
    {
      g_autofree char *escaped = g_markup_escape_text (side->name, -1);
      g_string_append_printf (markup, " · %s", escaped);
    }
  /* what its markers say, in words */
  /* with the ✓ of a man who has acted this turn, as the badges show it */
  status = ph_render_describe_markers (figure, ph_map_view_figure_acted (self, figure));
  if (status != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (status, -1);

      g_string_append_printf (markup, "\n<i>%s</i>", escaped);
    }

  if (figure == ph_shot_controller_get_target (shot))
    {
      const PhAssessment *a = ph_shot_controller_get_assessment (shot);

      if (a)
        {
          /* in the words of the drag's label: paces, hexes */
          g_autofree char *distance =
            ph_ruleset_format_distance (ph_document_get_scenario (self->document)->ruleset,
                                        a->distance);
          g_autofree char *band = a->band ? g_markup_escape_text (a->band, -1) : NULL;

          g_string_append_printf (markup, "\n%s: %s%s%s", _("Distance"), distance,
                                  band ? " · " : "", band ? band : "");
          if (a->can_fire)
            {
              g_string_append_printf (markup, "\n<b>%s %.0f%%</b>", _("Hit"), a->p_hit * 100);
              if (a->has_p_kill)
                g_string_append_printf (markup, " · <b>%s %.0f%%</b>", _("Kill"), a->p_kill * 100);
            }
          else
            {
              for (guint i = 0; i < a->reasons->len; i++)
                {
                  g_autofree char *escaped =
                    g_markup_escape_text (g_ptr_array_index (a->reasons, i), -1);
                  g_string_append_printf (markup, "\n✗ %s", escaped);
                }
            }
        }
      else if (ph_shot_controller_get_error (shot))
        {
          g_autofree char *escaped = g_markup_escape_text (ph_shot_controller_get_error (shot), -1);
          g_string_append_printf (markup, "\n%s", escaped);
        }
    }

  return g_string_free (markup, FALSE);
}

/* A tooltip's window takes no click: a press on it (the tooltip of one
 * man lying over the next one, whom the referee then drags) went to
 * GTK 4.8's tooltip window, which is hidden and freed while it holds the
 * pointer's grab, and the program died. Its clicks now fall through to
 * the map under it. */
static void
on_tooltip_label_map (GtkWidget *label)
{
  GtkNative *native = gtk_widget_get_native (label);
  GdkSurface *surface = native != NULL ? gtk_native_get_surface (native) : NULL;

  if (surface != NULL)
    {
      cairo_region_t *none = cairo_region_create ();

      gdk_surface_set_input_region (surface, none);
      cairo_region_destroy (none);
    }
}

static GtkWidget *
tooltip_label (const char *markup)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  g_signal_connect (label, "map", G_CALLBACK (on_tooltip_label_map), NULL);
  return label;
}

/* The tooltip: the figure under the pointer, and for the target the odds */
gboolean
ph_map_view_query_tooltip (PhMapView  *self,
                           int         x,
                           int         y,
                           gboolean    keyboard_mode,
                           GtkTooltip *tooltip)
{
  PhFigure *figure;
  g_autofree char *markup = NULL;

  /* never over the map's own menu */
  if (self->dragging || self->document == NULL
      || (self->context_menu != NULL && gtk_widget_get_visible (self->context_menu)))
    return FALSE;
  figure = keyboard_mode ? ph_map_view_get_selected_figure (self)
                         : ph_map_view_figure_at (self, x, y);
  if (figure == NULL)
    return FALSE;

  markup = ph_map_view_tooltip_markup (self, figure);
  {
    GtkWidget *label = tooltip_label (markup);
    GdkRectangle area;
    int w, h;

    /* its size as shown (with the tooltip's padding), to keep it off
     * the neighbours' names */
    gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
    gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
    gtk_tooltip_set_custom (tooltip, label);
    ph_map_view_tooltip_area_sized (self, figure, w + 24, h + 16, &area);
    gtk_tooltip_set_tip_area (tooltip, &area);
  }
  return TRUE;
}

/* Keys */

void
ph_map_view_turn_selection (PhMapView *self,
                            double     degrees)
{
  g_autofree const char **ids = NULL;
  g_autofree double *facings = NULL;
  PhFigure **figures;
  guint n;

  g_return_if_fail (PH_IS_MAP_VIEW (self));
  if (self->document == NULL || self->dragging)
    return;

  figures = ph_map_view_get_selection (self, &n);
  if (n == 0)
    return;
  ids = g_new0 (const char *, n);
  facings = g_new0 (double, n);
  for (guint i = 0; i < n; i++)
    {
      ids[i] = figures[i]->id;
      facings[i] = ph_angle_normalize (figures[i]->facing + degrees);
    }
  ph_document_turn_figures (self->document, n, ids, facings);
}

static void
map_turn_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  ph_map_view_turn_selection (PH_MAP_VIEW (widget), g_variant_get_double (parameter));
}

static void
map_nudge_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  PhMapView *self = PH_MAP_VIEW (widget);
  g_autofree const char **ids = NULL;
  g_autofree PhPoint *positions = NULL;
  PhFigure **figures;
  double dx, dy;
  guint n;

  if (self->document == NULL || self->dragging)
    return;

  figures = ph_map_view_get_selection (self, &n);
  if (n == 0)
    return;
  g_variant_get (parameter, "(dd)", &dx, &dy);
  ids = g_new0 (const char *, n);
  positions = g_new0 (PhPoint, n);
  for (guint i = 0; i < n; i++)
    {
      ids[i] = figures[i]->id;
      positions[i] = (PhPoint) { figures[i]->x + dx, figures[i]->y + dy };
    }
  ph_document_move_figures (self->document, n, ids, positions);
}

/* Menu or Shift+F10: the right-click menu, at the selected figure (else
 * the middle of the view) */
static void
map_context_menu_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  PhMapView *self = PH_MAP_VIEW (widget);
  PhFigure *figure = ph_map_view_get_selected_figure (self);
  double x = gtk_widget_get_width (widget) / 2.0, y = gtk_widget_get_height (widget) / 2.0;

  if (figure != NULL)
    ph_viewport_table_to_widget (self->viewport, figure->x, figure->y, &x, &y);
  ph_map_view_popup_menu (self, x, y);
}

/* The selected figure to the middle of the view, at the same scale */
static void
map_centre_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  PhMapView *self = PH_MAP_VIEW (widget);
  PhFigure *figure = ph_map_view_get_selected_figure (self);
  double x, y;

  if (figure == NULL)
    return;
  ph_viewport_table_to_widget (self->viewport, figure->x, figure->y, &x, &y);
  ph_viewport_pan (self->viewport, gtk_widget_get_width (widget) / 2.0 - x,
                   gtk_widget_get_height (widget) / 2.0 - y);
}

/* Z: the picked figure close up, in the middle: at least three times the
 * scale that shows the whole table, so that on a big table on a laptop
 * (Featherstone's 240 x 120 cm at 3 px a cm) his moves and reach are
 * drags of a useful size; closer still stays as close */
#define ZOOM_FIGURE_FACTOR 3.0

static void
map_zoom_figure_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  PhMapView *self = PH_MAP_VIEW (widget);
  PhFigure *figure = ph_map_view_get_selected_figure (self);
  double scale;

  if (figure == NULL)
    return;
  scale = MAX (ph_viewport_get_scale (self->viewport),
               ZOOM_FIGURE_FACTOR * ph_viewport_get_fit_scale (self->viewport));
  ph_viewport_set_scale (self->viewport, scale);
  map_centre_action (widget, "map.centre", NULL);
}

/* Enter: the tool finishes what it is making (the polygon being drawn) */
static void
map_finish_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  PhMapView *self = PH_MAP_VIEW (widget);

  if (!self->dragging)
    ph_tool_activate (self->tool);
}

/* The referee moves a figure whose move it is not (the drop's menu):
 * one game step of his, in the log */
static void
map_move_anyway_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  PhMapView *self = PH_MAP_VIEW (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(PhFigure) moved = NULL;
  const char *id;
  PhFigure *figure;
  double x, y;

  /* its own say replaces the refusal */
  self->move_anyway_open = FALSE;
  if (self->document == NULL)
    return;
  g_variant_get (parameter, "(&sdd)", &id, &x, &y);
  figure = ph_scenario_find_figure (ph_document_get_scenario (self->document), id);
  if (figure == NULL)
    return;
  moved = ph_figure_copy (figure);
  moved->x = x;
  moved->y = y;
  /* a drop a little onto or just short of a man's base is meant for
   * contact, the referee's as a player's (a trial's Move Anyway left
   * Tubbs 0.2 in from Langevin: no melee) */
  {
    PhPoint spot;

    if (ph_game_contact_spot (ph_document_get_scenario (self->document), figure,
                              (PhPoint) { x, y }, &spot) != NULL)
      {
        moved->x = round (spot.x * 100) / 100;
        moved->y = round (spot.y * 100) / 100;
      }
  }
  if (!ph_document_game_referee_edit (self->document, _("Move Anyway"), &moved, 1, &error))
    ph_map_view_show_message (self, error->message);
}

/* "Put Back": the figure never left, and why the drop was refused is no
 * longer news (Musket Mayhem's fence stayed in the status line) */
static void
map_put_back_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  PhMapView *self = PH_MAP_VIEW (widget);

  self->move_anyway_open = FALSE;
  ph_map_view_show_message (self, NULL);
}

static void
map_cancel_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  PhMapView *self = PH_MAP_VIEW (widget);
  PhSelection *selection = ph_map_view_get_selection_model (self);

  /* The drag, else what the tool shows (the tape), else the tool, else
   * the pinned target, else the selection */
  if (self->dragging)
    {
      ph_map_view_cancel_drag (self);
      return;
    }
  if (ph_tool_dismiss (self->tool))
    return;
  if (ph_map_view_get_measuring (self))
    ph_map_view_set_measuring (self, FALSE);
  else if (selection && ph_selection_get_pinned_target (selection))
    ph_selection_set_pinned_target (selection, NULL);
  else if (selection)
    ph_selection_clear (selection);
}

/* The selected figure's threat map, on and off (T, the window's) */
static void
map_toggle_threat_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  PhMapView *self = PH_MAP_VIEW (widget);

  ph_map_view_set_show_threat (self, !ph_map_view_get_show_threat (self));
}

static void
map_toggle_measure_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  PhMapView *self = PH_MAP_VIEW (widget);

  ph_map_view_set_measuring (self, !ph_map_view_get_measuring (self));
}

static void
map_select_all_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  PhMapView *self = PH_MAP_VIEW (widget);

  if (self->document)
    ph_selection_select_all (ph_map_view_get_selection_model (self),
                             ph_document_get_scenario (self->document));
}

static void
map_zoom_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  PhMapView *self = PH_MAP_VIEW (widget);

  if (g_str_equal (action_name, "map.zoom-in"))
    ph_map_view_zoom_in (self);
  else if (g_str_equal (action_name, "map.zoom-out"))
    ph_map_view_zoom_out (self);
  else
    ph_map_view_fit (self);
}

static void
add_turn_binding (GtkWidgetClass  *widget_class,
                  guint            keyval,
                  GdkModifierType  modifiers,
                  double           degrees)
{
  gtk_widget_class_add_binding_action (widget_class, keyval, modifiers,
                                       "map.turn", "d", degrees);
}

static void
add_nudge_binding (GtkWidgetClass *widget_class,
                   guint           keyval,
                   double          dx,
                   double          dy)
{
  gtk_widget_class_add_binding_action (widget_class, keyval, 0,
                                       "map.nudge", "(dd)", dx * 0.25, dy * 0.25);
  gtk_widget_class_add_binding_action (widget_class, keyval, GDK_SHIFT_MASK,
                                       "map.nudge", "(dd)", dx, dy);
}

void
ph_map_view_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "map.turn", "d", map_turn_action);
  gtk_widget_class_install_action (widget_class, "map.nudge", "(dd)", map_nudge_action);
  gtk_widget_class_install_action (widget_class, "map.cancel", NULL, map_cancel_action);
  gtk_widget_class_install_action (widget_class, "map.move-anyway", "(sdd)", map_move_anyway_action);
  gtk_widget_class_install_action (widget_class, "map.put-back", NULL, map_put_back_action);
  /* what a right-click's menu shows greyed: never enabled */
  gtk_widget_class_install_action (widget_class, "map.refused", NULL, NULL);
  gtk_widget_class_install_action (widget_class, "map.finish", NULL, map_finish_action);
  gtk_widget_class_install_action (widget_class, "map.centre", NULL, map_centre_action);
  gtk_widget_class_install_action (widget_class, "map.zoom-figure", NULL, map_zoom_figure_action);
  gtk_widget_class_install_action (widget_class, "map.context-menu", NULL, map_context_menu_action);
  gtk_widget_class_install_action (widget_class, "map.toggle-measure", NULL, map_toggle_measure_action);
  gtk_widget_class_install_action (widget_class, "map.toggle-threat", NULL, map_toggle_threat_action);
  gtk_widget_class_install_action (widget_class, "map.select-all", NULL, map_select_all_action);
  gtk_widget_class_install_action (widget_class, "map.zoom-in", NULL, map_zoom_action);
  gtk_widget_class_install_action (widget_class, "map.zoom-out", NULL, map_zoom_action);
  gtk_widget_class_install_action (widget_class, "map.fit", NULL, map_zoom_action);

  /* [ and ] turn by 15 degrees, with Shift by 45 ({ and } on most
   * layouts). */
  add_turn_binding (widget_class, GDK_KEY_bracketleft, 0, -15);
  add_turn_binding (widget_class, GDK_KEY_bracketright, 0, 15);
  add_turn_binding (widget_class, GDK_KEY_bracketleft, GDK_SHIFT_MASK, -45);
  add_turn_binding (widget_class, GDK_KEY_bracketright, GDK_SHIFT_MASK, 45);
  add_turn_binding (widget_class, GDK_KEY_braceleft, 0, -45);
  add_turn_binding (widget_class, GDK_KEY_braceright, 0, 45);
  add_turn_binding (widget_class, GDK_KEY_braceleft, GDK_SHIFT_MASK, -45);
  add_turn_binding (widget_class, GDK_KEY_braceright, GDK_SHIFT_MASK, 45);

  add_nudge_binding (widget_class, GDK_KEY_Left, -1, 0);
  add_nudge_binding (widget_class, GDK_KEY_Right, 1, 0);
  add_nudge_binding (widget_class, GDK_KEY_Up, 0, -1);
  add_nudge_binding (widget_class, GDK_KEY_Down, 0, 1);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "map.cancel", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "map.finish", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "map.finish", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, 0, "map.toggle-measure", NULL);
  /* T is the window's (win.toggle-threat): it works wherever the focus is */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, GDK_CONTROL_MASK, "map.select-all", NULL);
  /* the window's figure editing (ph-window-edit.c), from the map only */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "map.context-menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "map.context-menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Insert, 0, "win.add-figure", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "win.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_x, GDK_CONTROL_MASK, "win.cut", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, GDK_CONTROL_MASK, "win.paste", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Insert, 0, "win.add-figure", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK, "win.duplicate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, 0, "win.delete", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "win.delete", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "map.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "map.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "map.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "map.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "map.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "map.fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, 0, "map.zoom-figure", NULL);
}

