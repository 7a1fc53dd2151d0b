/* ph-render-private.h: what the renderer's files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>

#include "ph-render.h"

G_BEGIN_DECLS

#define PH_SQRT3 1.7320508075688772935

/* One drawing call's state */
typedef struct _PhOverlayPlan PhOverlayPlan;

typedef struct
{
  cairo_t *cr;
  const PhScenario *scenario;
  const PhRenderView *view;
  const PhRenderOptions *opts;
  PhRect visible;  /* the part of the table plane inside the clip, table units */
  double inch;     /* table units per inch: 1, or 2.54 on a cm table */
  double font;     /* the labels' text size, px */
  gboolean snap;   /* user space is whole device pixels: snap hairlines */
  GHashTable *tiles; /* PhTexture* -> cairo_pattern_t*, for one call; may be NULL */
  /* the rings' and the line of sight's labels, placed for the call
   * (ph_render_dynamic()); NULL: none */
  const PhOverlayPlan *overlays;
} PhRenderContext;

void ph_render_context_init (PhRenderContext       *ctx,
                             cairo_t               *cr,
                             const PhScenario      *scenario,
                             const PhRenderView    *view,
                             const PhRenderOptions *opts,
                             PhRenderOptions       *defaults);

/* Table units to device pixels */
static inline double
ph_dx (const PhRenderContext *ctx, double x)
{
  return ctx->view->x0 + x * ctx->view->scale;
}

static inline double
ph_dy (const PhRenderContext *ctx, double y)
{
  return ctx->view->y0 + y * ctx->view->scale;
}

static inline double
ph_dlen (const PhRenderContext *ctx, double length)
{
  return length * ctx->view->scale;
}

/* A hairline's coordinate on a pixel centre (when snapping) */
static inline double
ph_snap (const PhRenderContext *ctx, double v)
{
  return ctx->snap ? floor (v) + 0.5 : v;
}

static inline gboolean
ph_rect_visible (const PhRenderContext *ctx, const PhRect *r)
{
  return ph_rect_intersects (&ctx->visible, r);
}

/* Deterministic noise in [0, 1) from integers (textures must not swim when
 * the view pans, so they hash table positions, never use rand()) */
double ph_render_noise (guint a, int b, int c);

/* The scenario's background image, if any (ph-render-background.c) */
void ph_render_background   (PhRenderContext *ctx);

/* Style helpers (ph-render-util.c) */
void ph_render_set_rgb      (cairo_t *cr, guint32 rgb, double alpha);
void ph_render_set_rgba     (cairo_t *cr, const PhRgba *c);
/* A slightly darker or lighter variant of @rgb (factor < 1 darkens) */
guint32 ph_render_shade     (guint32 rgb, double factor);
/* Appends the shape's outline (device coordinates) to the current path */
void ph_render_path_shape   (const PhRenderContext *ctx,
                             const PhShape         *shape);
void ph_render_path_polyline (const PhRenderContext *ctx,
                              const PhPoint         *points,
                              guint                  n_points);
/* The shape scaled about @centre by @factor */
void ph_render_path_shape_scaled (const PhRenderContext *ctx,
                                  const PhShape         *shape,
                                  PhPoint                centre,
                                  double                 factor);
/* A rough centre of an area shape (area centroid; bbox centre fallback) */
PhPoint ph_render_shape_centre (const PhShape *shape);

/* Label placement: device-pixel boxes that labels keep clear of */
/* TRUE when @box meets none of @boxes (of PhRect) */
gboolean ph_render_box_free (GArray *boxes, const PhRect *box);
/* The same question over many boxes, looked up by place (ph-render-boxes.c):
 * the same answers as ph_render_box_free() over the boxes in the order
 * added, without walking them all */
typedef struct _PhBoxSet PhBoxSet;
PhBoxSet *ph_box_set_new        (void);
void      ph_box_set_free       (PhBoxSet *set);
void      ph_box_set_add        (PhBoxSet *set, const PhRect *box);
void      ph_box_set_add_array  (PhBoxSet *set, GArray *boxes);
/* Its boxes (of PhRect), in the order added; owned by @set */
GArray   *ph_box_set_get_boxes  (PhBoxSet *set);
gboolean  ph_box_set_free_at    (PhBoxSet *set, const PhRect *box);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhBoxSet, ph_box_set_free)
/* Appends the boxes of the terrain's names, as ph_render_feature_names()
 * draws them; with @near (device pixels), only of features near it */
void ph_render_feature_name_boxes (const PhRenderContext *ctx, const PhRect *near,
                                   GArray *boxes);
/* ph-render-names.c: the boxes (device space) of the figures' names, as
 * the figures layer places them, and of their badges and smoke, for the
 * figures around @near; appended to @boxes (overlay labels keep clear);
 * those of the names over a terrain name, which is left out for them, to
 * @claims too (may be NULL) */
void ph_render_figure_label_boxes (const PhRenderContext *ctx, const PhRect *near,
                                   GArray *boxes, GArray *claims);

/* ph-render-names.c: the boxes of the figures' names (as the figures
 * layer places them) that stand over a terrain name, which gives way to
 * them; appended to @claims */
void ph_render_figure_name_claims (const PhRenderContext *ctx, GArray *claims);
/* ph_render_figure_obstacles() for a context */
void ph_render_figure_obstacle_boxes (const PhRenderContext *ctx, GArray *boxes,
                                      GArray *labels, GArray *plates);

/* Text: the toy API with "Sans" */
typedef enum
{
  PH_ALIGN_CENTRE,  /* centred on x, baseline at y + half the cap height */
  PH_ALIGN_TOP,     /* centred on x, top at y */
  PH_ALIGN_LEFT,    /* left at x, vertically centred on y */
  PH_ALIGN_RIGHT,   /* right at x, vertically centred on y */
} PhAlign;

void ph_render_font         (cairo_t *cr, double size, gboolean bold,
                             gboolean italic);
/* Queues the text in the current font (see ph-render-util.c); returns its
 * width in px */
double ph_render_text_add  (cairo_t *cr, const char *text, double x,
                             double y, PhAlign align);
/* Draws the queued text: a halo (halo_width 0: none), then the text */
void ph_render_text_finish  (cairo_t *cr, guint32 fg, double fg_alpha,
                             guint32 halo, double halo_alpha,
                             double halo_width);
/* Drops the queue's storage from @cr */
void ph_render_text_release (cairo_t *cr);

/* Walks a polyline, calling @func every @spacing table units starting at
 * @offset, with the point and the unit direction there */
typedef void (*PhWalkFunc) (const PhRenderContext *ctx, PhPoint p,
                            double ux, double uy, guint index,
                            gpointer user_data);
void ph_render_walk_polyline (const PhRenderContext *ctx,
                              const PhShape         *shape,
                              double                 spacing,
                              double                 offset,
                              PhWalkFunc             func,
                              gpointer               user_data);

/* Textures (ph-render-texture.c): layers of marks on a jittered lattice
 * that repeats every 6 inches of the table. Sizes in inches. */
typedef enum { PH_MARK_DOT, PH_MARK_LUMP, PH_MARK_DASH, PH_MARK_RIPPLE } PhMark;

typedef struct
{
  PhMark mark;
  double spacing;   /* between lattice points */
  double jitter;    /* of the points, a fraction of the spacing */
  double size;      /* radius (dot, lump), length (dash), width (ripple) */
  double dx, dy;    /* offset (for shadows and highlights) */
  double vary;      /* the size varies by this fraction */
  double skip;      /* this fraction of the points is left empty */
  guint32 color;
  double alpha;
  double line;      /* 0: filled; else stroked, at most this many px wide */
  guint32 outline;  /* filled marks: a 1 px outline in this colour, 0 none */
} PhTextureLayer;

typedef struct
{
  const PhTextureLayer *layers;
  guint n;
  guint seed;
} PhTexture;

/* Paints the texture inside the feature's shape */
void ph_render_texture (const PhRenderContext *ctx, const PhFeature *f,
                        const PhTexture *tex);
/* How many texture tiles were drawn (not found in the cache) so far */
guint ph_render_texture_tiles_drawn (void);

/* One feature (ph-render-terrain.c, ph-render-linear.c) */
void ph_render_area_feature   (const PhRenderContext *ctx, const PhFeature *f);
void ph_render_linear_feature (const PhRenderContext *ctx, const PhFeature *f);
/* The drawn width of a linear feature, table units */
double ph_render_linear_width (const PhRenderContext *ctx, const PhFeature *f);

/* The layers */
void ph_render_cloth        (PhRenderContext *ctx);
void ph_render_clip_table   (PhRenderContext *ctx);
void ph_render_grid_lines   (PhRenderContext *ctx);
void ph_render_table_edge   (PhRenderContext *ctx);
void ph_render_edge_labels  (PhRenderContext *ctx);
/* ph_render_rulers() for a context */
gboolean ph_render_sticky_rulers (PhRenderContext *ctx, double width, double height);
/* The device area inside the bands it draws; FALSE: none drawn */
gboolean ph_render_sticky_inside (const PhRenderContext *ctx, double width, double height,
                                  PhRect *inside);
void ph_render_terrain      (PhRenderContext *ctx, gboolean structures);
void ph_render_feature_names (PhRenderContext *ctx);
void ph_render_figures      (PhRenderContext *ctx);
/* only the selected figures' glow */
void ph_render_figures_glow (PhRenderContext *ctx);
void ph_render_rings        (PhRenderContext *ctx);
void ph_render_los_line     (PhRenderContext *ctx);

/* ph-render-overlay-labels.c: the rings' and the line of sight's labels,
 * placed together (each clear of the other) */
typedef struct
{
  char *text;
  double x, y;   /* its centre, device */
} PhOverlayLabel;

struct _PhOverlayPlan
{
  GArray *rings;            /* of PhRangeRing: opts->rings_figure's, or NULL */
  PhBase rings_base;        /* his base */
  GArray *ring_labels;      /* of PhOverlayLabel, those placed */
  gboolean has_los;         /* a line from los_a to los_b is drawn */
  const PhFigure *los_a, *los_b;
  PhPoint la, lb;           /* its ends, device */
  gboolean los_clear;
  GPtrArray *los_blockers;  /* the ids of what blocks it */
  PhOverlayLabel los_label; /* its label; text NULL when none found room */
  GArray *figure_labels;    /* of PhRect: the names, badges and smoke near
                             * them (the line passes under them) */
};

void ph_render_overlay_plan_init  (const PhRenderContext *ctx, PhOverlayPlan *plan);
void ph_render_overlay_plan_clear (PhOverlayPlan *plan);
void ph_render_los_shading  (PhRenderContext *ctx);
/* ph-render-threat.c: opts->threat_figure's threat map and its legend */
void ph_render_threat       (PhRenderContext *ctx);
/* and its legend, drawn over everything else; FALSE with no figure */
gboolean ph_render_threat_legend (PhRenderContext *ctx, gboolean draw, PhRect *box);

/* Hex helpers (ph-render-table.c): calls @func for each hex touching the
 * part of the table inside the visible rectangle */
typedef void (*PhHexFunc) (const PhRenderContext *ctx, PhHex hex,
                           gpointer user_data);
void ph_render_foreach_hex  (const PhRenderContext *ctx, PhHexFunc func,
                             gpointer user_data);
void ph_render_path_hex     (const PhRenderContext *ctx, PhHex hex);

/* Appends the base's outline (device coordinates) to the current path */
void ph_render_path_base    (const PhRenderContext *ctx, const PhBase *base,
                             double grow_px);

/* Writing files (ph-render-export.c) */

/* A cairo write function appending to the GByteArray @closure */
cairo_status_t   ph_render_write_to_bytes  (void                *closure,
                                            const unsigned char *data,
                                            unsigned int         length);
/* FALSE with "cannot draw FILE: why" unless @status is a success */
gboolean         ph_render_check_cairo     (cairo_status_t       status,
                                            const char          *filename,
                                            GError             **error);
/* A PDF surface of @width x @height points writing to @bytes, titled
 * with the scenario's title and made by Powderhorn */
cairo_surface_t *ph_render_pdf_surface_new (const PhScenario    *scenario,
                                            GByteArray          *bytes,
                                            double               width,
                                            double               height);

G_END_DECLS
