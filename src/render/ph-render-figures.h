/* ph-render-figures.h: what the figure drawing files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-render-private.h"

G_BEGIN_DECLS

#define PH_OUTLINE_COLOR 0x1b1b18

/* A figure as drawn this call: where, how big, which way */
typedef struct
{
  const PhFigure *f;
  PhBase base;
  double cx, cy;     /* device centre */
  double r;          /* device radius (half the width) */
  double ext_x;      /* device half-width of the base's bounding box */
  double ext_y;      /* device half-height of the base's bounding box */
  double fx, fy;     /* facing, unit vector in device space */
  guint32 color;
  gboolean selected;
  gboolean activated; /* in opts->activated */
  gboolean off;      /* dead or fled */
  gboolean sprite;   /* its base is blitted from a cached image */
  guint8 badge_side; /* where its badges' row goes: bit 0 left of the
                      * base, bit 1 below it (ph_render_place_badges()) */
} Fig;

/* ph-render-markers.c: status markers over the bases */
void ph_render_figure_markers (const PhRenderContext *ctx, GArray *figs);
/* the boxes (device space) of @g's badges and smoke, and of a picked
 * man's turning handle, appended to @boxes */
void ph_render_figure_marker_boxes (const Fig *g, GArray *boxes);
void ph_render_figure_handle_box   (const Fig *g, GArray *boxes);
/* each figure's badge row put on the first corner of its base (top
 * right, top left, bottom right, bottom left) where it lies on no other
 * base: Colbert's "M" on Latour's base read as Latour's */
void ph_render_place_badges (GArray *figs);
/* ph-render-names.c: the names round the bases */
void ph_render_figure_names   (const PhRenderContext *ctx, GArray *figs);
/* ph-render-figures.c: the figures drawn this call (visible ones), as Fig */
GArray *ph_render_collect_figs (const PhRenderContext *ctx);

G_END_DECLS
