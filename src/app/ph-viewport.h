/* ph-viewport.h: which part of the table the map shows, and how big
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A plain model, apart from any widget: the view's size in pixels, the
 * table's size in table units, the scale (pixels per table unit) and the
 * table point shown at the view's top-left corner. The map widget feeds it
 * its allocation and asks it to convert between table units and pixels.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define PH_TYPE_VIEWPORT (ph_viewport_get_type ())

G_DECLARE_FINAL_TYPE (PhViewport, ph_viewport, PH, VIEWPORT, GObject)

#define PH_VIEWPORT_MIN_SCALE 1.0
#define PH_VIEWPORT_MAX_SCALE 400.0

PhViewport *ph_viewport_new              (void);

void        ph_viewport_set_size         (PhViewport *self,
                                          double      width,
                                          double      height);
double      ph_viewport_get_width        (PhViewport *self);
double      ph_viewport_get_height       (PhViewport *self);
void        ph_viewport_set_table_size   (PhViewport *self,
                                          double      table_width,
                                          double      table_height);

double      ph_viewport_get_scale        (PhViewport *self);
void        ph_viewport_set_scale        (PhViewport *self,
                                          double      scale);
double      ph_viewport_get_x            (PhViewport *self);
double      ph_viewport_get_y            (PhViewport *self);
void        ph_viewport_set_origin       (PhViewport *self,
                                          double      x,
                                          double      y);
gboolean    ph_viewport_get_fitted       (PhViewport *self);
/* The scale that shows the whole table */
double      ph_viewport_get_fit_scale    (PhViewport *self);

void        ph_viewport_table_to_widget  (PhViewport *self,
                                          double      tx,
                                          double      ty,
                                          double     *wx,
                                          double     *wy);
void        ph_viewport_widget_to_table  (PhViewport *self,
                                          double      wx,
                                          double      wy,
                                          double     *tx,
                                          double     *ty);

/* Pans by a distance in pixels (the table follows the pointer). */
void        ph_viewport_pan              (PhViewport *self,
                                          double      dx,
                                          double      dy);
/* Multiplies the scale by @factor, keeping the table point under the
 * widget point (@wx, @wy) where it is. */
void        ph_viewport_zoom_at          (PhViewport *self,
                                          double      factor,
                                          double      wx,
                                          double      wy);
/* Shows the whole table, centred, with a margin; the viewport stays fitted
 * (refits when resized) until panned or zoomed. */
void        ph_viewport_fit              (PhViewport *self);

G_END_DECLS
