/* ph-render.h: drawing a scenario's table with cairo
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The renderer is GTK-free: the window, printing and `powderhorn-cli render`
 * all call it with a cairo_t. Drawing is split into two layers so that the
 * window can cache the first in a surface while figures are dragged:
 *
 *   static:  cloth, terrain, grid, feature names, edge labels
 *   dynamic: LOS shading, range rings, fire arc, figures, LOS line,
 *            selection
 *
 * Coordinates: a PhRenderView maps table units to the cairo user space the
 * cairo_t has when a ph_render_*() function is called ("device pixels"
 * below; points on a PDF page). Line widths and text sizes are in device
 * pixels, so the map stays crisp at every zoom. Only what intersects the
 * cairo_t's clip is drawn: clip to the damaged area for speed.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "ph-core.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------ */
/* The view: table units <-> device pixels                             */

#define PH_RENDER_MIN_SCALE 0.5   /* px per unit */
#define PH_RENDER_MAX_SCALE 400.0
/* An exported image's, unless told otherwise (render --px-per-unit, the
 * window's Export Map Image) */
#define PH_RENDER_DEFAULT_SCALE 12.0

typedef struct
{
  double scale;  /* device pixels per table unit */
  double x0, y0; /* device position of the table's origin (its top-left corner) */
} PhRenderView;

void     ph_render_view_init        (PhRenderView *view,
                                     double        scale,
                                     double        x0,
                                     double        y0);
/* The largest scale that shows the whole table, @margin pixels on every side
 * (room for the edge labels: see ph_render_margin()), centred in
 * @width x @height. */
void     ph_render_view_fit         (PhRenderView  *view,
                                     const PhTable *table,
                                     double         width,
                                     double         height,
                                     double         margin);
PhPoint  ph_render_view_to_device   (const PhRenderView *view,
                                     PhPoint             table_point);
PhPoint  ph_render_view_to_table    (const PhRenderView *view,
                                     PhPoint             device_point);
/* Multiplies the scale by @factor (clamped to the MIN/MAX scale), keeping
 * the table point under the device point (@dx, @dy) where it is. */
void     ph_render_view_zoom_at     (PhRenderView *view,
                                     double        factor,
                                     double        dx,
                                     double        dy);
void     ph_render_view_pan         (PhRenderView *view,
                                     double        ddx,
                                     double        ddy);
/* The part of the table plane (table units) that a device rectangle shows. */
PhRect   ph_render_view_device_rect_to_table (const PhRenderView *view,
                                              double x, double y,
                                              double width, double height);

/* The margin (device pixels) the edge labels need at @scale. */
double   ph_render_margin           (double scale);
/* The size of an image showing the whole table at @scale with
 * ph_render_margin() on every side, and the view that draws it. */
void     ph_render_image_size       (const PhTable *table,
                                     double         scale,
                                     int           *width,
                                     int           *height,
                                     PhRenderView  *view);

/* ------------------------------------------------------------------ */
/* Options                                                             */

typedef struct
{
  double r, g, b, a;
} PhRgba;

typedef enum
{
  PH_RENDER_CLOTH         = 1 << 0,
  PH_RENDER_TERRAIN       = 1 << 1,
  PH_RENDER_GRID          = 1 << 2,
  PH_RENDER_FEATURE_NAMES = 1 << 3,
  PH_RENDER_EDGE_LABELS   = 1 << 4,
  PH_RENDER_FIGURES       = 1 << 5,
  PH_RENDER_FIGURE_NAMES  = 1 << 6,
  PH_RENDER_STATUS        = 1 << 7, /* status markers on figures */
  PH_RENDER_OVERLAYS      = 1 << 8, /* rings, arcs, LOS line and shading */
  PH_RENDER_ALL           = 0x1ff,
} PhRenderLayers;

typedef struct
{
  guint layers;                 /* PhRenderLayers; PH_RENDER_ALL by default */
  /* Highlighted figures: a NULL-terminated array of ids, or NULL */
  const char * const *selected;
  /* Device boxes the figures' names keep clear of, n_names_avoid of
   * them, or NULL: during a drag, the window's move label and what the
   * figures layer under the dragged men shows
   * (ph_render_figure_obstacles()) */
  const PhRect *names_avoid;
  guint n_names_avoid;
  /* Device boxes of the figures' names, bases, badges and smoke as the
   * figures layer shows them (ph_render_figure_obstacles()), worked out
   * once by the caller, n_label_obstacles of them; the rings' and the
   * line of sight's labels keep clear of these instead of placing every
   * figure's name again for each frame (the window's drag). NULL: they
   * are placed from the scenario drawn. */
  const PhRect *label_obstacles;
  guint n_label_obstacles;
  /* Device box the names of the men inside it stay inside, or NULL: in
   * the window, the view within the rulers' bands (ph_render_rulers_inside())
   * that would hide a name near its edge */
  const PhRect *names_inside;
  /* Figures that have acted this turn (a game in progress): a NULL-
   * terminated array of ids, or NULL; each gets a small check badge */
  const char * const *activated;
  /* Range rings (and the fire arc) of this figure, or NULL. The weapon is
   * the figure's first missile weapon unless rings_has_weapon. */
  const char *rings_figure;
  gboolean rings_has_weapon;
  PhWeaponKind rings_weapon;
  gboolean rings_target_mounted; /* Guns of War: the mounted column */
  /* The rings of rings_figure, or the line of sight, drawn by another
   * call with the same options (the window: the rings under the figures,
   * the line over them): this call leaves them out, but its labels keep
   * clear of theirs, placed alike in both */
  gboolean rings_not_drawn;
  gboolean los_not_drawn;
  /* The rings without their labels ("80%", "half range"): under a threat
   * map, whose shades they would seem to read (always so with
   * threat_figure) */
  gboolean rings_hide_labels;
  /* The rings' bands and the fire arc not filled, only outlined: under a
   * threat map, whose colours their tint would turn into other steps
   * than the legend's (always so with threat_figure) */
  gboolean rings_unfilled;
  /* The 45-degree fire arc of rings_figure: drawn anyway for rulesets with
   * arcs; show_arc draws it for the others too. */
  gboolean show_arc;
  /* Dim what this figure cannot see and shoot, or NULL */
  const char *shade_figure;
  /* The threat map of this figure, or NULL: every spot of the table shaded
   * by the best chance an enemy would have to hit him standing there
   * (ph_engine_threat_map()), with a legend */
  const char *threat_figure;
  /* A line of sight from los_from to los_to (both set), green when clear,
   * red when blocked, with what blocks it outlined */
  const char *los_from;
  const char *los_to;
  /* Colours */
  PhRgba selection_color;
  PhRgba rings_color;
  PhRgba los_clear_color;
  PhRgba los_blocked_color;
  PhRgba shade_color;
} PhRenderOptions;

/* Everything drawn, nothing selected, the default colours. */
void     ph_render_options_init     (PhRenderOptions *opts);
/* Checks that every figure id the options name exists in @scenario; sets
 * PH_ENGINE_ERROR_UNKNOWN_ID ("unknown figure 'x'") otherwise. */
/* Whether the scenario's <background> image can be drawn: FALSE with the
 * reason ("background image 'x.jpg' is not drawn: ...") when it cannot
 * (it is then left out, and the map drawn without it). TRUE without one. */
gboolean ph_render_background_check (const PhScenario      *scenario,
                                     GError               **error);
gboolean ph_render_options_check    (const PhRenderOptions *opts,
                                     const PhScenario      *scenario,
                                     GError               **error);

/* ------------------------------------------------------------------ */
/* The cells of a threat map (ph_engine_threat_map()) where an enemy could
 * shoot, coloured by the step of the scale below that holds the best
 * chance of the ruleset's effect there: the CLI's --threat and the
 * window's T draw them alike */
struct _PhThreatMap;
void     ph_render_threat_cells     (cairo_t                   *cr,
                                     const struct _PhThreatMap *map,
                                     const PhRenderView        *view);
/* The threat map's scale: how many steps, the step holding a chance
 * (0: shot at with no chance of the effect), its colour (with the alpha
 * it is laid over the table with) and its words for a legend ("10–25%") */
guint       ph_render_threat_n_steps   (void);
guint       ph_render_threat_step      (double best);
PhRgba      ph_render_threat_step_rgba (guint step);
const char *ph_render_threat_step_label (guint step);
/* The colour a step shows laid over @under (opaque): what a legend's
 * swatch shows, so that it reads as the map does */
PhRgba      ph_render_threat_step_over (guint         step,
                                        const PhRgba *under);
/* The cloth of the table as ph_render_static() draws it (opaque) */
PhRgba      ph_render_cloth_rgba       (void);
/* Where render --threat's legend for @figure_id stands in @view, in
 * device units: below the table, past the numbers along its edge (in the
 * band ph_render_export_size() adds). FALSE when there is no such
 * figure. */
gboolean    ph_render_threat_legend_box (const PhScenario   *scenario,
                                         const PhRenderView *view,
                                         const char         *figure_id,
                                         PhRect             *box);

/* Drawing. @opts may be NULL (the defaults). These leave the cairo_t's
 * state (source, matrix, clip, font...) as they found it, but clear its
 * current path.                                                        */

/* Cloth, terrain, grid and edge labels: what does not move while figures
 * are dragged. */
void     ph_render_static           (cairo_t                *cr,
                                     const PhScenario       *scenario,
                                     const PhRenderView     *view,
                                     const PhRenderOptions  *opts);
/* The terrain's names (they keep clear of the figures), LOS shading, range
 * rings, fire arc, figures with their markers and names, the LOS line,
 * selection: drawn over the static layer. */
void     ph_render_dynamic          (cairo_t                *cr,
                                     const PhScenario       *scenario,
                                     const PhRenderView     *view,
                                     const PhRenderOptions  *opts);
/* Only the glow round @opts' selected figures, exactly as
 * ph_render_dynamic() draws it under their bases: for the window, under
 * an image of the figures drawn before they were selected. */
void     ph_render_selection_glow   (cairo_t                *cr,
                                     const PhScenario       *scenario,
                                     const PhRenderView     *view,
                                     const PhRenderOptions  *opts);
/* Only the figures' status markers (badges, smoke), exactly as
 * ph_render_dynamic() draws them with @opts, inside @cr's clip: for the
 * window, over a mark of its own drawn on the figures layer (a picked
 * man's turning handle), so that no man's markers are hidden under it */
void     ph_render_figure_markers_over (cairo_t                *cr,
                                        const PhScenario       *scenario,
                                        const PhRenderView     *view,
                                        const PhRenderOptions  *opts);
/* What a name drawn over ph_render_dynamic()'s figures (the same @opts,
 * on a cairo_t with @cr's clip) keeps clear of: their names, as placed
 * there, their bases, badges, smoke and turning handle; device boxes
 * appended to @boxes. For the window: the figures layer's, for the names
 * of the men dragged over it (PhRenderOptions.names_avoid). When not
 * NULL, @labels gets the same less the bases: what the rings' and the
 * line of sight's labels keep clear of (PhRenderOptions.label_obstacles). */
void     ph_render_figure_obstacles (cairo_t                *cr,
                                     const PhScenario       *scenario,
                                     const PhRenderView     *view,
                                     const PhRenderOptions  *opts,
                                     GArray                 *boxes,
                                     GArray                 *labels);
/* Where a figure's name stands, as the figures layer places it (device):
 * its plate, and the leader line's box from his base to it, if any */
typedef struct
{
  PhRect box;
  PhRect leader;
  gboolean has_leader;
  const PhFigure *figure;
} PhRenderNamePlate;

/* The same, and each name's plate with its man in @plates (of
 * PhRenderNamePlate; may be NULL): the window, during a drag, finds
 * there the names the dragged men come over, and places them again */
void     ph_render_figure_obstacles_named (cairo_t               *cr,
                                           const PhScenario      *scenario,
                                           const PhRenderView    *view,
                                           const PhRenderOptions *opts,
                                           GArray                *boxes,
                                           GArray                *labels,
                                           GArray                *plates);
/* Zoomed in, the table's edges (and their numbers) leave the view: this
 * draws the edge numbers along the view's own edges instead, on a band,
 * wherever a table edge is out of the @width x @height device area. FALSE
 * (nothing drawn) while every edge is in view. For the window, over the
 * rest. */
gboolean ph_render_rulers           (cairo_t                *cr,
                                     const PhScenario       *scenario,
                                     const PhRenderView     *view,
                                     double                  width,
                                     double                  height);
/* The part of the @width x @height device area inside the bands
 * ph_render_rulers() draws, in @inside (device); FALSE while it draws
 * none (every edge in view). */
gboolean ph_render_rulers_inside    (const PhScenario       *scenario,
                                     const PhRenderView     *view,
                                     double                  width,
                                     double                  height,
                                     PhRect                 *inside);
/* What the markers drawn on @figure mean, for people ("W: wounded (hits
 * or wounds taken) · M: moved"), or NULL when it shows none; @activated:
 * it has acted this turn. And every marker, one a line, for a legend. */
char    *ph_render_describe_markers (const PhFigure         *figure,
                                     gboolean                activated);
char    *ph_render_marker_legend    (void);
/* Both. */
void     ph_render_map              (cairo_t                *cr,
                                     const PhScenario       *scenario,
                                     const PhRenderView     *view,
                                     const PhRenderOptions  *opts);

/* ------------------------------------------------------------------ */
/* Picking: what is under a device point (for the window)               */

/* The top-most figure whose base contains the point, living figures before
 * dead or fled ones; @tolerance in device pixels. NULL when none. */
PhFigure  *ph_render_figure_at      (const PhScenario   *scenario,
                                     const PhRenderView *view,
                                     double              dx,
                                     double              dy,
                                     double              tolerance);
/* The top-most terrain feature at the point (linear features within
 * @tolerance pixels of their line). NULL when none. */
PhFeature *ph_render_feature_at     (const PhScenario   *scenario,
                                     const PhRenderView *view,
                                     double              dx,
                                     double              dy,
                                     double              tolerance);

/* ------------------------------------------------------------------ */
/* Files                                                               */

typedef enum
{
  PH_RENDER_FORMAT_PNG,
  PH_RENDER_FORMAT_PDF,
  PH_RENDER_FORMAT_SVG,
} PhRenderFormat;

/* By the file name's extension, case-insensitive: .png, .pdf, .svg */
gboolean ph_render_format_from_filename (const char     *filename,
                                         PhRenderFormat *format);
/* The size of the image ph_render_export_bytes() draws, and its view:
 * ph_render_image_size(), with a band below for the threat map's legend
 * when @opts (may be NULL) has a threat_figure of @scenario's. */
void     ph_render_export_size      (const PhScenario      *scenario,
                                     double                 scale,
                                     const PhRenderOptions *opts,
                                     int                   *width,
                                     int                   *height,
                                     PhRenderView          *view);
/* Draws the whole table (ph_render_export_size()) at @scale device units per
 * table unit: the file's contents, kept in memory (@filename only names it
 * in messages). The window writes them with ph_file_replace_contents(). */
GBytes  *ph_render_export_bytes     (const PhScenario      *scenario,
                                     PhRenderFormat         format,
                                     double                 scale,
                                     const PhRenderOptions *opts,
                                     const char            *filename,
                                     GError               **error);
/* The same, written to @filename atomically (powderhorn-cli render) */
gboolean ph_render_export           (const PhScenario      *scenario,
                                     const char            *filename,
                                     PhRenderFormat         format,
                                     double                 scale,
                                     const PhRenderOptions *opts,
                                     GError               **error);

/* For the tests: every label drawn on @cr from now on (terrain and figure
 * names, the rings' labels, rulers, markers' letters) is recorded in the
 * array returned (of PhRenderLabel, device pixels; free with
 * g_array_unref()), until @cr is destroyed */
typedef struct
{
  PhRect box;   /* the text's ink, roughly: cap height over the baseline */
  char *text;
} PhRenderLabel;

GArray  *ph_render_collect_labels   (cairo_t *cr);

/* A range ring's label as the map writes it: the ruleset's words, with
 * the distance and its unit added when they carry no number of their own
 * (Featherstone's "short" becomes "short 10 paces", a Musket Mayhem ring
 * stays "half range to 9 in"). Free with g_free(). */
char *ph_render_ring_label (const PhScenario *scenario, const PhRangeRing *ring);

G_END_DECLS
