/* ph-map-view-private.h: what the map view's files share, and a small
 * testing API that drives the same code as the gestures
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-map-view.h"
#include "ph-render.h"
#include "ph-shot-controller.h"
#include "ph-tool.h"

G_BEGIN_DECLS

/* A figure being moved or turned: the model's figure and a shallow copy,
 * drawn in its place, that carries the position the drag has reached. */
typedef struct
{
  PhFigure *figure;
  PhFigure shadow;
} PhDragItem;

/* A layer drawn into an image off the frame path and placed by every
 * frame (ph-map-view-layers.c): an image of part of the table (the
 * visible part and some slack, so that panning rarely asks for another),
 * asked for again when its key, the scale or the device scale change, or
 * when panning shows what it does not cover. The static layer (cloth,
 * terrain, grid) is keyed on the terrain revision; the figures layer on a
 * serial bumped whenever figures, the selection or a drag change what it
 * shows. */
typedef enum
{
  PH_LAYER_STATIC,
  PH_LAYER_FIGURES,
} PhLayerKind;

typedef struct _PhLayerJob PhLayerJob;

typedef struct
{
  PhLayerKind kind;
  /* The last image finished, shown until the next one comes */
  cairo_surface_t *surface;
  GdkTexture *texture;   /* over the surface, for GPU renderers */
  GskRenderNode *node;   /* what GPU frames place, the same each frame */
  GskRenderer *node_renderer;
  gboolean valid;
  guint key;
  double scale;
  int scale_factor;
  double tx0, ty0;       /* table point at the image's top-left corner */
  double tx1, ty1;       /* and at its bottom-right corner */
  int width, height;     /* logical pixels */
  char **selected;       /* the figures layer's: the selection it shows */
  /* the figures layer's: its names of the men in view kept inside this
   * (table units), the view within the rulers' bands, when they show */
  gboolean has_inside;
  PhRect inside;
  /* The rebuild: the job in the worker (its image is dropped unless its
   * generation, or its key and scale, are what the view wants last), and
   * the one waiting for it */
  PhLayerJob *running;
  PhLayerJob *next;
  guint generation;
  guint want_key;
  double want_scale;
  int want_scale_factor;
  /* the worker's copy of the scenario, for this key */
  PhScenario *copy;
  guint copy_key;
  gboolean disposed;
  guint n_builds;        /* for the tests: images installed */
  guint n_dropped;       /* and stale ones dropped */
  double cpu_ms;         /* the worker's CPU time drawing the image shown */
} PhLayerCache;

struct _PhMapView
{
  GtkWidget parent_instance;

  PhDocument *document;
  /* The document's, its selection's and its shot controller's signals */
  GSignalGroup *document_signals;
  GSignalGroup *selection_signals;
  GSignalGroup *shot_signals;
  PhViewport *viewport;
  /* what a screen reader is told the map shows (ph-map-view-a11y.c) */
  char *accessible_description;

  /* Every tool, in the order their marks are drawn; the active one */
  GPtrArray *tools;
  PhTool *select_tool;
  PhTool *measure_tool;
  PhTool *terrain_tool;              /* edit mode: pick and change terrain */
  PhTool *draw_tool;                 /* edit mode: draw new terrain */
  PhTool *tool;
  GtkWidget *context_menu;           /* the right-click menu, once shown */
  gboolean move_anyway_open;         /* it offers Move Anyway after a refused
                                      * drop: closed with neither item, the
                                      * refusal is said no longer */

  guint show_arc : 1;
  guint show_threat : 1;
  guint threat_in_reach : 1;         /* last drawn only where his move reaches */
  /* The selected figure's threat map (ph-map-view-threat.c): the one
   * worked out for threat_for, or NULL while it is under way */
  struct _PhThreatMap *threat_map;
  gboolean threat_sharp;             /* threat_map is the sharp one, not the quick look */
  char *threat_for;
  char *threat_side;    /* the last picked figure's side: a new man's */
  GCancellable *threat_cancel;
  /* the legend as last drawn, in widget px: its size, and the centre of
   * each step's swatch of colour */
  double threat_legend_x, threat_legend_y;
  double threat_legend_width, threat_legend_height;
  gboolean threat_legend_here;       /* the legend last drawn read the spot under the pointer */
  double threat_swatch_x[8], threat_swatch_y[8];
  guint edit_mode : 1;
  guint pointer_inside : 1;
  double pointer_x, pointer_y;

  /* The drag under way, and the tool it goes to (NULL: the view pans) */
  gboolean dragging;
  PhToolDrag drag;
  PhTool *drag_tool;

  /* Figures shown away from where the model has them (the shadows of a
   * drag), and shallow scenarios sharing the model's figures, for
   * drawing: as dragged (shadows in place of the dragged figures), the
   * figures that stay put, and the shadows alone */
  GArray *shadows;                   /* of PhDragItem */
  PhScenario drag_scenario;
  PhScenario drag_rest;
  PhScenario drag_moving;
  PhScenario drag_ghosts;            /* the dragged figures where they started */
  gboolean has_drag_scenario;
  /* The figures a drag has just put down: drawn over the figures layer
   * until the worker's image with them (of this serial or later) comes */
  char **dropped_ids;
  guint dropped_serial;
  /* What the names of the dragged (or just dropped) men keep clear of:
   * the figures layer's names, bases and badges (device boxes, for
   * drag_obstacles_view), worked out once a drag and view */
  GArray *drag_obstacles;            /* of PhRect, or NULL */
  /* the same less the bases: what the rings' and the line of sight's
   * labels keep clear of during the drag */
  GArray *drag_labels;               /* of PhRect, or NULL */
  /* the names' plates there, with their men (PhRenderNamePlate), or
   * NULL: those a dragged man comes over are placed again */
  GArray *drag_plates;
  GArray *frame_labels;              /* those and the dragged men's, for
                                      * the frame being drawn, or NULL */
  PhRenderView drag_obstacles_view;

  /* The area the selected figure may reach by its move in a game
   * (ph-map-view-reach.c): a polygon, or the hexes, or nothing */
  gboolean reach_valid;
  GArray *reach_polygon;             /* of PhPoint, table units */
  GArray *reach_hexes;               /* of PhHex */

  PhLayerCache static_cache;
  PhLayerCache figures_cache;
  guint static_serial;               /* ph_map_view_invalidate_static() */
  /* A zoom under way: the cached layers are shown scaled, and rebuilt
   * sharp once the scale has held still for a moment */
  double last_scale;
  guint zoom_settle_id;
  gboolean zoom_settling;
  guint figures_serial;
  double zoom_gesture_scale;         /* scale when the pinch began */

  GtkGesture *drag_gesture;
  GtkGesture *secondary_click;
  GtkGesture *zoom_gesture;
  GtkEventController *scroll_controller;
  GtkEventController *motion_controller;
};

/* ph-map-view.c */
const PhScenario *ph_map_view_get_draw_scenario (PhMapView *self);
void     ph_map_view_get_render_view   (PhMapView    *self,
                                        PhRenderView *view);
PhPoint  ph_map_view_to_table          (PhMapView *self,
                                        double     x,
                                        double     y);
PhFigure *ph_map_view_figure_at        (PhMapView *self,
                                        double     x,
                                        double     y);
/* The document's models; NULL without a document */
PhSelection      *ph_map_view_get_selection_model (PhMapView *self);
PhShotController *ph_map_view_get_shot_controller (PhMapView *self);
/* The active tool */
PhTool   *ph_map_view_get_tool         (PhMapView *self);
PhTool   *ph_map_view_get_terrain_tool (PhMapView *self);
PhTool   *ph_map_view_get_draw_tool    (PhMapView *self);
/* Emits "message" (a refusal, for the status line) */
void      ph_map_view_show_message     (PhMapView  *self,
                                        const char *message);

/* ph-map-view-threat.c */
void     ph_map_view_invalidate_threat (PhMapView *self);
void     ph_map_view_draw_threat       (PhMapView *self, cairo_t *cr, const PhRenderView *view);
/* Its legend, drawn last, over everything (after ph_map_view_draw_threat()
 * in the same frame) */
void     ph_map_view_draw_threat_legend (PhMapView *self, cairo_t *cr, const PhRenderView *view);
/* The cloth as the window shows it (the table's opacity over what
 * surrounds it): what the legend's swatches are laid over */
void     ph_map_view_get_cloth_shown   (PhMapView *self, PhRgba *out);
gboolean ph_map_view_get_show_threat   (PhMapView *self);
/* T is on and a map (the quick look at least) is there to see */
gboolean ph_map_view_threat_shown     (PhMapView *self);
void     ph_map_view_set_show_threat   (PhMapView *self, gboolean show);
/* Whether the map last drawn was only where his move reaches */
gboolean ph_map_view_get_threat_in_reach (PhMapView *self);
/* The map drawn, or NULL while it is worked out (or off) */
const struct _PhThreatMap *ph_map_view_get_threat_map (PhMapView *self);
/* TRUE once the sharp map (3,000 cells) has replaced the quick look */
gboolean ph_map_view_get_threat_sharp  (PhMapView *self);
/* "Here: 2 enemies could shoot, best 33% to hit, 0.5 hits to expect": the
 * cell under the pointer, as the legend says it; NULL off it */
char    *ph_map_view_describe_threat_here (PhMapView *self);

/* ph-map-view-draw.c */
/* A game in progress marks @figure as having acted this turn (the ✓) */
gboolean ph_map_view_figure_acted      (PhMapView      *self,
                                        const PhFigure *figure);
void     ph_map_view_snapshot_map      (PhMapView   *self,
                                        GtkSnapshot *snapshot);
void     ph_map_view_invalidate_static (PhMapView *self);
/* Figures, selection or drag changed what the figures layer shows. */
void     ph_map_view_invalidate_figures (PhMapView *self);
/* The ids of the figures a game in progress marks as having acted, for
 * the badges; NULL without a game. Free with g_strfreev(). */
char   **ph_map_view_activated_ids     (PhMapView *self);

/* ph-map-view-layers.c */
/* Asks for the layer's image at @view (@width x @height widget) unless
 * the one shown, or the one being drawn, is it */
void     ph_map_view_layer_request     (PhMapView          *self,
                                        PhLayerCache       *cache,
                                        guint               key,
                                        const PhRenderView *view,
                                        int                 width,
                                        int                 height);
/* Places the last image finished, moved and scaled to @view, as a node
 * kept across frames (GPU renderers) */
void     ph_map_view_layer_append      (PhMapView          *self,
                                        PhLayerCache       *cache,
                                        GtkSnapshot        *snapshot,
                                        const PhRenderView *view,
                                        double              opacity);
/* The same, painted on @cr (the cairo renderer: a frame is one node) */
void     ph_map_view_layer_paint       (PhLayerCache       *cache,
                                        cairo_t            *cr,
                                        const PhRenderView *view,
                                        double              opacity);
void     ph_map_view_layer_cache_clear (PhLayerCache *cache);
void     ph_map_view_layer_cache_forget (PhLayerCache *cache);
void     ph_map_view_layer_cache_dispose (PhLayerCache *cache);

/* A label with a dark rounded background at widget point (@x, @y), kept
 * inside the view (the tape's reading, a move's cost) */
void     ph_map_view_draw_label        (PhMapView  *self,
                                        cairo_t    *cr,
                                        double      x,
                                        double      y,
                                        const char *markup);
/* The box (widget pixels) that label takes */
void     ph_map_view_label_box         (PhMapView  *self,
                                        double      x,
                                        double      y,
                                        const char *markup,
                                        PhRect     *box);
/* The box of a drag's label by the pointer at (@px, @py): below right of
 * it, else where it covers neither the ghosts left at the start nor the
 * men dragged, and the fewest names, bases and badges of the others */
void     ph_map_view_place_move_label  (PhMapView  *self,
                                        double      px,
                                        double      py,
                                        const char *markup,
                                        PhRect     *box);
/* ph_map_view_draw_label() at the top left of @box */
void     ph_map_view_draw_label_in     (PhMapView    *self,
                                        cairo_t      *cr,
                                        const PhRect *box,
                                        const char   *markup);
/* The boxes round the bases of @s's figures (device), @grow px out */
void     ph_map_view_base_boxes        (const PhScenario   *s,
                                        const PhRenderView *view,
                                        double              grow,
                                        GArray             *boxes);

/* ph-map-view-shot.c: the right-click's shot item */
/* The shot's options in the Fire tab's words ("Snap", "One-eyed jack
 * (+1)"), those not already in the item's name (@in_name) nor said by a
 * modifier of @listed; with @shown, each that differs from it in full;
 * or NULL */
char    *ph_map_view_shot_words       (const PhScenario *scenario, const PhShotOptions *options,
                                       const PhShotOptions *shown, const PhAssessment *listed,
                                       const gboolean *in_name);
/* The shot a right-click's "Shoot at" fires, set in @args and @fired; the
 * Fire tab's shot's refusal (and @shown set to it) when the rules refuse
 * it, else NULL */
char    *ph_map_view_menu_shot        (PhMapView *self, PhGame *game, const PhFigure *figure,
                                       const PhFigure *target, GHashTable *args,
                                       PhShotOptions *fired, PhShotOptions *shown);
/* "Shoot at Volt. Roux (Snap, …, 20% to hit)" */
char    *ph_map_view_shot_item_label  (PhMapView *self, const PhFigure *target,
                                       const PhShotOptions *fired, const PhShotOptions *shown);

/* ph-map-view-game.c */
/* The selected figure's reach in a game, shaded (computed when needed) */
/* Appends the selected figure's reach (its polygon, or each hex) to @cr's
 * path; FALSE when it has none */
gboolean ph_map_view_append_reach_path (PhMapView          *self,
                                        cairo_t            *cr,
                                        const PhRenderView *view);
void     ph_map_view_draw_reach        (PhMapView          *self,
                                        cairo_t            *cr,
                                        const PhRenderView *view);
void     ph_map_view_invalidate_reach  (PhMapView *self);
/* The reach as last drawn, for the tests: its polygon (PhPoint) or hexes
 * (PhHex); NULL when none is shown */
GArray  *ph_map_view_get_reach_polygon (PhMapView *self);
GArray  *ph_map_view_get_reach_hexes   (PhMapView *self);
/* A dragged figure whose move it is not was dropped at widget point (@x,
 * @y): a menu offers the referee's "Move Anyway" to @to */
void     ph_map_view_offer_move_anyway (PhMapView      *self,
                                        const PhFigure *figure,
                                        PhPoint         to,
                                        double          x,
                                        double          y);

/* The map's pop-up menu, @model at @x, @y (widget coordinates); the map
 * takes the keys back when it closes */
void     ph_map_view_show_menu         (PhMapView      *self,
                                        GMenuModel     *model,
                                        double          x,
                                        double          y);
/* Right-click on @target while a figure is selected in a game: the menu
 * of the selected figure's actions on it ("Shoot at Capt. de Beaujeu
 * (33% to hit)"), each "win.game-action", and greyed the refused ones
 * with the rules' reason; FALSE when there is none */
/* Where the tooltip of @figure is to keep clear of (gtk_tooltip_set_tip_area()):
 * his base, badges and name plate, and centred where a tooltip @tip_w by
 * @tip_h (device pixels) covers least of his neighbours and their names:
 * under him (GTK's way), over him (the area then reaching far down, so
 * that GTK shows it over him), or to his right or left, lower or higher.
 * ph_map_view_tooltip_area(): for a tooltip of two or three lines. */
void     ph_map_view_tooltip_area_sized (PhMapView      *self,
                                         const PhFigure *figure,
                                         double          tip_w,
                                         double          tip_h,
                                         GdkRectangle   *area);
/* The boxes (device) of the line of sight's label as the frame draws it
 * over the figures, appended to @boxes (of PhRect); none without a
 * target */
void     ph_map_view_get_line_label_boxes (PhMapView *self,
                                           GArray    *boxes);
void     ph_map_view_tooltip_area      (PhMapView      *self,
                                        const PhFigure *figure,
                                        GdkRectangle   *area);
/* A step of the man alone the rules refuse now, greyed in @menu with
 * their reason: "Load refused: Capt. John Stark's musket is already
 * loaded" */
void     ph_map_view_append_refused_step (GMenu                  *menu,
                                          const PhGameActionInfo *info,
                                          const char             *reason);
/* What a right-click at @x, @y does (the gesture's handler) */
void     ph_map_view_secondary_click   (PhMapView      *self,
                                        double          x,
                                        double          y);
gboolean ph_map_view_popup_target_menu (PhMapView      *self,
                                        const PhFigure *target,
                                        double          x,
                                        double          y);

/* ph-map-view-input.c */
void     ph_map_view_init_input        (PhMapView *self);

/* ph-map-view-drag.c */
/* Puts back what the drag under way changed, and ends it. */
void     ph_map_view_cancel_drag       (PhMapView *self);
/* Forgets the drag under way and what every tool shows. */
void     ph_map_view_reset_tools       (PhMapView *self);
/* Shows shadows of @figures, where a tool moves or turns them: the items
 * (PhDragItem, owned by the view) whose shadow the tool changes and then
 * queues a redraw. Until ph_map_view_hide_shadows(), the figures layer
 * leaves those figures out. */
GArray  *ph_map_view_show_shadows      (PhMapView       *self,
                                        PhFigure *const *figures,
                                        guint            n_figures);
void     ph_map_view_hide_shadows      (PhMapView *self);

/* The right-click menu at widget point (@x, @y): the selected figure's
 * when it is there, else the table's */
void     ph_map_view_popup_menu        (PhMapView *self,
                                        double     x,
                                        double     y);

/* ph-map-view-actions.c */
void     ph_map_view_class_init_actions (GtkWidgetClass *widget_class);
/* ph-map-view-a11y.c: the accessible description, N/P and E keys */
void     ph_map_view_class_init_a11y   (GtkWidgetClass *widget_class);
void     ph_map_view_update_accessible (PhMapView *self);
gboolean ph_map_view_query_tooltip     (PhMapView  *self,
                                        int         x,
                                        int         y,
                                        gboolean    keyboard_mode,
                                        GtkTooltip *tooltip);
/* Its words for @figure (Pango markup), with the distance and odds when
 * he is the target */
char    *ph_map_view_tooltip_markup    (PhMapView      *self,
                                        const PhFigure *figure);

/* Testing API: what the gestures call, at widget coordinates. */
void     ph_map_view_begin_drag        (PhMapView       *self,
                                        guint            button,
                                        GdkModifierType  modifiers,
                                        double           x,
                                        double           y);
void     ph_map_view_update_drag       (PhMapView *self,
                                        double     offset_x,
                                        double     offset_y);
void     ph_map_view_end_drag          (PhMapView *self,
                                        double     offset_x,
                                        double     offset_y);
/* The pointer has left the map: no hover, and no spot for the threat
 * map's legend to read */
void     ph_map_view_pointer_leave     (PhMapView *self);
void     ph_map_view_pointer_motion    (PhMapView *self,
                                        double     x,
                                        double     y);
/* The tape's reading, or NULL */
const char *ph_map_view_get_tape_text  (PhMapView *self);
/* Where the turning handle of the primary selected figure is drawn, in
 * widget coordinates; FALSE when there is none. */
gboolean ph_map_view_get_handle        (PhMapView *self,
                                        double    *x,
                                        double    *y);
/* For the tests: what a frame draws over the figures layer (the dragged
 * figures, the line of sight, the tools' marks, a move's label), drawn on
 * @cr; and the box of a move's label by the pointer (FALSE: none) */
void     ph_map_view_draw_overlays     (PhMapView *self,
                                        cairo_t   *cr);
/* and what it draws between the two layers (the threat map, the range
 * rings and their labels, a move's reach) */
void     ph_map_view_draw_under        (PhMapView *self,
                                        cairo_t   *cr);
gboolean ph_map_view_get_move_label_box (PhMapView *self,
                                         PhRect    *box);
/* and its words, whether the drop there would be taken (NULL: none) */
const char *ph_map_view_get_move_label (PhMapView *self,
                                        gboolean  *fits);
guint    ph_map_view_get_static_builds (PhMapView *self);
/* TRUE while a zoom shows the layers scaled, before their sharp rebuild */
gboolean ph_map_view_get_zoom_settling (PhMapView *self);
guint    ph_map_view_get_figures_builds (PhMapView *self);
/* TRUE while a layer's image is being drawn, or waits to be */
gboolean ph_map_view_get_layers_busy   (PhMapView *self);
/* How many finished images were dropped as stale */
guint    ph_map_view_get_layers_dropped (PhMapView *self);
/* Holds every layer job at its start (TRUE) until let go (FALSE) */
void     ph_map_view_hold_layer_jobs   (gboolean hold);
/* The worker's CPU time drawing the layer's image shown, ms (the bench) */
double   ph_map_view_get_layer_cpu_ms  (PhMapView   *self,
                                        PhLayerKind  kind);
/* The last image finished of a layer: the scale it was drawn at and where
 * its corner is placed now (widget coordinates); FALSE when none */
gboolean ph_map_view_get_layer_placement (PhMapView   *self,
                                          PhLayerKind  kind,
                                          double      *scale,
                                          double      *x,
                                          double      *y);
/* How opaque the table is drawn over what surrounds it: 1, or less in
 * the dark style */
double   ph_map_view_get_table_opacity (PhMapView *self);

G_END_DECLS
