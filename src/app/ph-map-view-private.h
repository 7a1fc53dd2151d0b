/* ph-map-view-private.h: what the map view's files share, and a small
 * testing API that drives the same code as the gestures
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-map-view.h"
#include "ph-render.h"

G_BEGIN_DECLS

typedef enum
{
  PH_DRAG_NONE,
  PH_DRAG_PAN,
  PH_DRAG_MOVE,    /* figures */
  PH_DRAG_ROTATE,  /* the handle on the selected base */
  PH_DRAG_RUBBER,  /* rubber band selection */
  PH_DRAG_MEASURE, /* the tape */
} PhDragMode;

/* A figure being moved or turned: the model's figure and a shallow copy,
 * drawn in its place, that carries the position the drag has reached. */
typedef struct
{
  PhFigure *figure;
  PhFigure shadow;
} PhDragItem;

/* A layer drawn once into an image and reused across frames: an image of
 * part of the table (the visible part and some slack, so that panning
 * rarely redraws it), rebuilt when its key, the scale or the device scale
 * change, or when panning shows what it does not cover. The static layer
 * (cloth, terrain, grid) is keyed on the terrain revision; the figures
 * layer on a serial bumped whenever figures, the selection or a drag
 * change what it shows. */
typedef struct
{
  cairo_surface_t *surface;
  GdkTexture *texture;   /* made from the surface for GPU renderers */
  gboolean valid;
  guint key;
  double scale;
  int scale_factor;
  double tx0, ty0;       /* table point at the texture's top-left corner */
  double tx1, ty1;       /* and at its bottom-right corner */
  int width, height;     /* logical pixels */
  guint n_builds;        /* for the tests */
} PhLayerCache;

struct _PhMapView
{
  GtkWidget parent_instance;

  PhDocument *document;
  gulong document_changed_handler;
  PhViewport *viewport;
  gulong viewport_changed_handler;

  GPtrArray *selection;       /* of PhFigure* (the scenario's), primary last */
  char **selected_ids;        /* NULL-terminated, for the renderer */
  PhFigure *hover;            /* figure under the pointer */
  PhFigure *pinned_target;
  PhFigure *target;
  PhAssessment *assessment;
  char *assessment_error;     /* why the engine refused, or NULL */
  PhShotOptions shot_options;

  guint measuring : 1;
  guint show_arc : 1;
  guint pointer_inside : 1;
  double pointer_x, pointer_y;

  /* The drag under way */
  PhDragMode drag_mode;
  guint drag_button;
  GdkModifierType drag_modifiers;
  double drag_start_x, drag_start_y; /* widget */
  double drag_x, drag_y;             /* widget, now */
  gboolean drag_moved;               /* past the threshold */
  PhFigure *drag_hit;                /* figure pressed */
  gboolean drag_toggle;              /* Shift-click on a selected figure */
  GArray *drag_items;                /* of PhDragItem */
  double rotate_start_bearing;
  /* Shallow scenarios sharing the model's figures, for drawing: as
   * dragged (shadows in place of the dragged figures), the figures that
   * stay put, and the shadows alone */
  PhScenario drag_scenario;
  PhScenario drag_rest;
  PhScenario drag_moving;
  gboolean has_drag_scenario;
  GPtrArray *rubber_initial;         /* selection before the rubber band */

  /* The tape (kept on screen after the drag until the next one) */
  gboolean has_tape;
  PhPoint tape_start, tape_end;      /* table */
  PhFigure *tape_from, *tape_to;
  char *tape_text;

  PhLayerCache static_cache;
  PhLayerCache figures_cache;
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
PhFigure *ph_map_view_figure_at        (PhMapView *self,
                                        double     x,
                                        double     y);
gboolean ph_map_view_is_selected       (PhMapView *self,
                                        PhFigure  *figure);
void     ph_map_view_set_selection     (PhMapView *self,
                                        GPtrArray *figures);
void     ph_map_view_update_target     (PhMapView *self);
void     ph_map_view_set_hover         (PhMapView *self,
                                        PhFigure  *figure);

/* ph-map-view-draw.c */
void     ph_map_view_snapshot_map      (PhMapView   *self,
                                        GtkSnapshot *snapshot);
void     ph_map_view_invalidate_static (PhMapView *self);
/* Figures, selection or drag changed what the figures layer shows. */
void     ph_map_view_invalidate_figures (PhMapView *self);
void     ph_map_view_layer_cache_clear (PhLayerCache *cache);
/* Where the rotation handle of the primary selected figure is drawn, in
 * widget coordinates; FALSE when there is none. */
gboolean ph_map_view_get_handle        (PhMapView *self,
                                        double    *x,
                                        double    *y);

/* ph-map-view-input.c */
void     ph_map_view_init_input        (PhMapView *self);
void     ph_map_view_drag_clear        (PhMapView *self);
/* Puts back what the drag under way changed, and ends it. */
void     ph_map_view_cancel_drag       (PhMapView *self);

/* ph-map-view-actions.c */
void     ph_map_view_class_init_actions (GtkWidgetClass *widget_class);
gboolean ph_map_view_query_tooltip     (PhMapView  *self,
                                        int         x,
                                        int         y,
                                        gboolean    keyboard_mode,
                                        GtkTooltip *tooltip);

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
void     ph_map_view_pointer_motion    (PhMapView *self,
                                        double     x,
                                        double     y);
/* The tape's reading, or NULL */
const char *ph_map_view_get_tape_text  (PhMapView *self);
guint    ph_map_view_get_static_builds (PhMapView *self);
guint    ph_map_view_get_figures_builds (PhMapView *self);

G_END_DECLS
