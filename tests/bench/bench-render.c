/* bench-render.c: how long the window's map takes a frame at 1920x1080
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run on demand, never by `meson test`, under a display (GTK wants one;
 * the map view is drawn off screen):
 *   ninja -C build tests/bench/bench-render
 *   xvfb-run -a ./build/tests/bench/bench-render
 *
 * The scenes of the window issue: 300 (then 1,000) figures and 200
 * terrain features on a 72 x 48 inch table, in the map view at 1920 x
 * 1080, one figure selected with his range rings and an enemy pinned as
 * his target (the odds line). Each line is a median, in this thread's CPU
 * time (the machine may be shared), and a ratio to a plain-cairo
 * reference frame drawn in the same run (200 polygons and 300 discs
 * filled and outlined, 300 labels, at 1920 x 1080), so that the figures
 * read the same on any machine. A frame is what GTK's cairo renderer does
 * with the map view: the widget's snapshot (its frame-path work: with a
 * GPU renderer the rest is the GPU's), then its nodes drawn into a
 * 1920 x 1080 image within the damage (what differs from the last frame's
 * nodes, as GTK's diff finds it).
 *  - the drag frame: a figure dragged (the drag handler: the shadow moved,
 *    the odds from where he is now), and the frame;
 *  - a zoom step as the wheel makes it (the viewport zoomed at the
 *    pointer), and the frame: the layers shown scaled;
 *  - a pan step as a middle drag makes it, zoomed in;
 *  - the full frame: the terrain and the figures drawn anew, on two
 *    cores of their own: the first frame, the longer of the two layers'
 *    drawing in the worker (its CPU time), the frame that shows them;
 *    with the wall time from the change to that frame beside it;
 *  - the sharp layers after a zoom: from the scale holding still to the
 *    frame that shows them (wall time);
 *  - and, for the record, the renderer alone drawing a whole map: what
 *    the window did on the frame path before, whenever a zoom settled or
 *    the terrain changed.
 */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <adwaita.h>

#include "bench-scene.h"
#include "../ph-test-ruleset.h"
#include "ph-document.h"
#include "ph-map-view-private.h"
#include "ph-render.h"

#define WIDTH 1920
#define HEIGHT 1080
#define REFERENCE_FRAMES 30
#define DRAG_FRAMES 120
#define ZOOM_FRAMES 60
#define PAN_FRAMES 120
#define FULL_FRAMES 12
#define SHARP_RUNS 8
#define RENDER_FRAMES 12

/* The window's frame as GTK's cairo renderer makes it: the widget's
 * snapshot, the damage (what differs from the last frame's nodes: the
 * layers' nodes are the same from frame to frame), and the nodes drawn
 * into the window's image within it */
typedef struct
{
  PhMapView *map_view;
  GskRenderNode *last;
  cairo_surface_t *window;
  double snapshot_ms;     /* of the last frame */
  double damage_area;     /* its share of the window */
} Frames;

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median_ms (GArray *samples)
{
  g_array_sort (samples, compare_doubles);
  return g_array_index (samples, double, samples->len / 2);
}

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

/* This thread's CPU time, ms: what the frame path costs, whatever else
 * the machine runs meanwhile */
static double
cpu_now (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void
add_bounds (cairo_region_t *damage,
            GskRenderNode  *node)
{
  graphene_rect_t b;
  cairo_rectangle_int_t r;

  gsk_render_node_get_bounds (node, &b);
  r.x = (int) floor (b.origin.x);
  r.y = (int) floor (b.origin.y);
  r.width = (int) ceil (b.origin.x + b.size.width) - r.x;
  r.height = (int) ceil (b.origin.y + b.size.height) - r.y;
  cairo_region_union_rectangle (damage, &r);
}

/* The same node, as GTK's diff sees it: the very node, or a transform or
 * opacity of the very node the same way, or a colour the same */
static gboolean
same_node (GskRenderNode *a,
           GskRenderNode *b)
{
  if (a == b)
    return TRUE;
  if (gsk_render_node_get_node_type (a) != gsk_render_node_get_node_type (b))
    return FALSE;
  switch ((int) gsk_render_node_get_node_type (a))
    {
    case GSK_TRANSFORM_NODE:
      return gsk_transform_equal (gsk_transform_node_get_transform (a),
                                  gsk_transform_node_get_transform (b))
             && same_node (gsk_transform_node_get_child (a), gsk_transform_node_get_child (b));
    case GSK_OPACITY_NODE:
      return gsk_opacity_node_get_opacity (a) == gsk_opacity_node_get_opacity (b)
             && same_node (gsk_opacity_node_get_child (a), gsk_opacity_node_get_child (b));
    case GSK_COLOR_NODE:
      {
        graphene_rect_t ba, bb;

        gsk_render_node_get_bounds (a, &ba);
        gsk_render_node_get_bounds (b, &bb);
        return gdk_rgba_equal (gsk_color_node_get_color (a), gsk_color_node_get_color (b))
               && graphene_rect_equal (&ba, &bb);
      }
    default:
      return FALSE;
    }
}

static void
children (GskRenderNode *node,
          GPtrArray     *out)
{
  if (gsk_render_node_get_node_type (node) == GSK_CONTAINER_NODE)
    for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
      g_ptr_array_add (out, gsk_container_node_get_child (node, i));
  else
    g_ptr_array_add (out, node);
}

static cairo_region_t *
damage_between (GskRenderNode *last,
                GskRenderNode *now)
{
  cairo_region_t *damage = cairo_region_create ();
  g_autoptr(GPtrArray) a = g_ptr_array_new ();
  g_autoptr(GPtrArray) b = g_ptr_array_new ();

  if (last == NULL)
    {
      add_bounds (damage, now);
      return damage;
    }
  children (last, a);
  children (now, b);
  for (guint i = 0; i < b->len; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < a->len && !found; j++)
        found = same_node (g_ptr_array_index (b, i), g_ptr_array_index (a, j));
      if (!found)
        add_bounds (damage, g_ptr_array_index (b, i));
      if (g_getenv ("BENCH_DEBUG"))
        {
          graphene_rect_t r;

          gsk_render_node_get_bounds (g_ptr_array_index (b, i), &r);
          fprintf (stderr, "%d: type %d %s %.0f,%.0f %.0fx%.0f\n", i,
                   gsk_render_node_get_node_type (g_ptr_array_index (b, i)), found ? "same" : "NEW",
                   r.origin.x, r.origin.y, r.size.width, r.size.height);
        }
    }
  for (guint j = 0; j < a->len; j++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < b->len && !found; i++)
        found = same_node (g_ptr_array_index (b, i), g_ptr_array_index (a, j));
      if (!found)
        add_bounds (damage, g_ptr_array_index (a, j));
    }
  return damage;
}

/* One frame: its time, the snapshot's kept in @frames */
static double
frame (Frames *frames)
{
  double start = cpu_now ();
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  cairo_region_t *damage;
  cairo_rectangle_int_t extents;
  cairo_t *cr;
  double area = 0;

  ph_map_view_snapshot_map (frames->map_view, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  frames->snapshot_ms = cpu_now () - start;
  damage = damage_between (frames->last, node);
  cr = cairo_create (frames->window);
  for (int i = 0; i < cairo_region_num_rectangles (damage); i++)
    {
      cairo_region_get_rectangle (damage, i, &extents);
      cairo_rectangle (cr, extents.x, extents.y, extents.width, extents.height);
      area += (double) extents.width * extents.height;
    }
  cairo_clip (cr);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (frames->window);
  cairo_region_destroy (damage);
  g_clear_pointer (&frames->last, gsk_render_node_unref);
  frames->last = node;
  frames->damage_area = area / (WIDTH * HEIGHT);
  return cpu_now () - start;
}

/* Until the layers' worker is done, and a frame drawn with its images */
static void
wait_settled (Frames *frames)
{
  while (ph_map_view_get_layers_busy (frames->map_view))
    g_main_context_iteration (NULL, TRUE);
  frame (frames);
}

/* The reference: plain cairo, a frame's worth of shapes and text */
static double
reference_frame (cairo_surface_t *surface)
{
  double start = cpu_now ();
  cairo_t *cr = cairo_create (surface);
  GRand *rand = g_rand_new_with_seed (1758);

  cairo_set_source_rgb (cr, 0.55, 0.62, 0.38);
  cairo_paint (cr);
  for (guint i = 0; i < 200; i++)
    {
      double x = g_rand_double_range (rand, 0, WIDTH), y = g_rand_double_range (rand, 0, HEIGHT);

      cairo_move_to (cr, x, y);
      for (guint k = 1; k < 8; k++)
        cairo_line_to (cr, x + 60 * cos (k * G_PI / 4) + g_rand_double_range (rand, -10, 10),
                       y + 45 * sin (k * G_PI / 4));
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, 0.3, 0.45, 0.2, 0.8);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.2, 0.3, 0.1);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
    }
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 11);
  for (guint i = 0; i < 300; i++)
    {
      double x = g_rand_double_range (rand, 0, WIDTH), y = g_rand_double_range (rand, 0, HEIGHT);
      char label[16];

      cairo_arc (cr, x, y, 9, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, i % 2 ? 0.18 : 0.69, 0.37, i % 2 ? 0.66 : 0.18);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_line_width (cr, 1.2);
      cairo_stroke (cr);
      g_snprintf (label, sizeof label, "f%u", i);
      cairo_move_to (cr, x - 8, y + 22);
      cairo_show_text (cr, label);
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_rand_free (rand);
  return cpu_now () - start;
}

static void
reference_batch (GArray          *samples,
                 cairo_surface_t *surface)
{
  for (guint i = 0; i < REFERENCE_FRAMES / 3; i++)
    {
      double ms = reference_frame (surface);

      g_array_append_val (samples, ms);
    }
}

/* The renderer alone: a whole map, drawn from nothing */
static double
render_alone (cairo_surface_t  *surface,
              const PhScenario *scenario,
              const char       *selected)
{
  const char *ids[] = { selected, NULL };
  double start = cpu_now ();
  cairo_t *cr = cairo_create (surface);
  PhRenderOptions opts;
  PhRenderView view;

  ph_render_options_init (&opts);
  opts.selected = ids;
  opts.rings_figure = selected;
  ph_render_view_fit (&view, &scenario->table, WIDTH, HEIGHT, ph_render_margin (20));
  ph_render_map (cr, scenario, &view, &opts);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return cpu_now () - start;
}

static void
print_line (const char *what,
            GArray     *samples,
            double      reference,
            const char *target)
{
  double ms = median_ms (samples);

  printf ("  %-46s %8.2f ms  %6.3fx reference%s%s\n", what, ms, ms / reference,
          target ? "  " : "", target ? target : "");
}

static void
bench_scene (guint            n_figures,
             cairo_surface_t *surface)
{
  g_autofree char *xml = ph_bench_make_scenario (ph_test_ruleset ("musket-mayhem"),
                                                 n_figures, 200, 72, 48);
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) loaded = ph_scenario_load_data (xml, strlen (xml), "bench.xml", &error);
  g_autoptr(PhDocument) document = ph_document_new ();
  g_autoptr(GArray) reference = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) drag = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) drag_snapshot = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) drag_handler = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) drag_damage = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) zoom = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) zoom_snapshot = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) pan = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) pan_snapshot = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) full = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) full_first = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) full_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) full_static = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) full_figures = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) sharp = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) alone = g_array_new (FALSE, FALSE, sizeof (double));
  Frames frames = { 0 };
  PhMapView *map_view;
  PhViewport *viewport;
  PhScenario *scenario;
  PhFigure *dragged, *target;
  PhRenderView view;
  PhPoint at;
  double ref;

  if (loaded == NULL)
    g_error ("%s", error->message);
  ph_document_set_scenario (document, loaded, NULL);
  scenario = ph_document_get_scenario (document);

  /* the map view as the window has it, 1920 x 1080 */
  map_view = PH_MAP_VIEW (g_object_ref_sink (ph_map_view_new ()));
  ph_map_view_set_document (map_view, document);
  gtk_widget_size_allocate (GTK_WIDGET (map_view),
                            &(GtkAllocation) { 0, 0, WIDTH, HEIGHT }, -1);
  viewport = ph_map_view_get_viewport (map_view);
  ph_map_view_fit (map_view);
  frames.map_view = map_view;
  frames.window = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  frame (&frames);
  wait_settled (&frames);

  /* a man selected, an enemy targeted: rings, and the odds line */
  dragged = g_ptr_array_index (scenario->figures, 0);
  target = g_ptr_array_index (scenario->figures, 1);
  ph_map_view_get_render_view (map_view, &view);
  at = ph_render_view_to_device (&view, (PhPoint) { dragged->x, dragged->y });
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, at.x, at.y);
  ph_map_view_end_drag (map_view, 0, 0);
  ph_map_view_set_pinned_target (map_view, target);
  frame (&frames);
  wait_settled (&frames);
  g_assert (ph_map_view_get_selected_figure (map_view) == dragged);

  printf ("scene: %u figures, %u terrain features, map view %d x %d, %.1f px per inch\n",
          scenario->figures->len, scenario->features->len,
          gtk_widget_get_width (GTK_WIDGET (map_view)),
          gtk_widget_get_height (GTK_WIDGET (map_view)), view.scale);

  /* the reference in three batches (now, between, at the end): a busy
   * machine slows them as it slows the rest */
  reference_batch (reference, surface);

  /* The drag frame: the handler (the shadow moved, the odds from there)
   * and the frame */
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, 0, at.x, at.y);
  ph_map_view_update_drag (map_view, 6, 3);
  frame (&frames);
  wait_settled (&frames);
  for (guint i = 0; i < DRAG_FRAMES; i++)
    {
      double start = cpu_now ();
      double ms;

      double handler;

      ph_map_view_update_drag (map_view, 8 + 2.0 * (i % 40), 4 + 1.0 * (i % 40));
      handler = cpu_now () - start;
      frame (&frames);
      ms = cpu_now () - start;
      g_array_append_val (drag, ms);
      g_array_append_val (drag_handler, handler);
      g_array_append_val (drag_snapshot, frames.snapshot_ms);
      g_array_append_val (drag_damage, frames.damage_area);
    }
  g_assert (!ph_map_view_get_layers_busy (map_view));
  ph_map_view_cancel_drag (map_view);
  frame (&frames);
  wait_settled (&frames);

  reference_batch (reference, surface);

  /* Zoom steps as the wheel makes them, at the pointer: in and out */
  for (guint i = 0; i < ZOOM_FRAMES; i++)
    {
      double start = cpu_now ();
      double ms;

      ph_viewport_zoom_at (viewport, (i / 6) % 2 ? 1 / 1.2 : 1.2, WIDTH * 0.4, HEIGHT * 0.6);
      frame (&frames);
      ms = cpu_now () - start;
      g_array_append_val (zoom, ms);
      g_array_append_val (zoom_snapshot, frames.snapshot_ms);
    }
  /* the sharp rebuild once the scale holds still */
  for (guint i = 0; i < SHARP_RUNS; i++)
    {
      gint64 start;
      double ms;

      ph_viewport_zoom_at (viewport, i % 2 ? 1 / 1.2 : 1.2, WIDTH * 0.4, HEIGHT * 0.6);
      frame (&frames);
      while (ph_map_view_get_zoom_settling (map_view))
        g_main_context_iteration (NULL, TRUE);
      start = g_get_monotonic_time ();
      frame (&frames);
      wait_settled (&frames);
      ms = ms_since (start);
      g_array_append_val (sharp, ms);
    }

  /* Pans as a middle drag makes them, zoomed in */
  ph_viewport_zoom_at (viewport, 2.0, WIDTH / 2, HEIGHT / 2);
  frame (&frames);
  while (ph_map_view_get_zoom_settling (map_view))
    g_main_context_iteration (NULL, TRUE);
  frame (&frames);
  wait_settled (&frames);
  ph_map_view_begin_drag (map_view, GDK_BUTTON_MIDDLE, 0, WIDTH / 2, HEIGHT / 2);
  for (guint i = 0; i < PAN_FRAMES; i++)
    {
      double start = cpu_now ();
      int k = i % 60;
      double off = 12.0 * (k < 30 ? k + 1 : 61 - k);
      double ms;

      ph_map_view_update_drag (map_view, off, off / 2);
      frame (&frames);
      ms = cpu_now () - start;
      g_array_append_val (pan, ms);
      g_array_append_val (pan_snapshot, frames.snapshot_ms);
      /* the worker's images come in as they come */
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  ph_map_view_end_drag (map_view, 0, 0);
  ph_map_view_fit (map_view);
  frame (&frames);
  while (ph_map_view_get_zoom_settling (map_view))
    g_main_context_iteration (NULL, TRUE);
  frame (&frames);
  wait_settled (&frames);

  /* The full frame: the terrain and the figures drawn anew, from the
   * change to the frame that shows them */
  for (guint i = 0; i < FULL_FRAMES; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double first, ms;

      double last, cpu;

      ph_map_view_invalidate_static (map_view);
      ph_map_view_invalidate_figures (map_view);
      first = frame (&frames);
      while (ph_map_view_get_layers_busy (map_view))
        g_main_context_iteration (NULL, TRUE);
      last = frame (&frames);
      ms = ms_since (start);
      /* on two cores of its own: the first frame, the two layers drawn
       * side by side, the frame that shows them */
      cpu = first + MAX (ph_map_view_get_layer_cpu_ms (map_view, PH_LAYER_STATIC),
                         ph_map_view_get_layer_cpu_ms (map_view, PH_LAYER_FIGURES)) + last;
      g_array_append_val (full, ms);
      g_array_append_val (full_cpu, cpu);
      g_array_append_val (full_first, first);
      g_array_append_val (full_static, *(double[]) { ph_map_view_get_layer_cpu_ms (map_view, PH_LAYER_STATIC) });
      g_array_append_val (full_figures, *(double[]) { ph_map_view_get_layer_cpu_ms (map_view, PH_LAYER_FIGURES) });
    }

  for (guint i = 0; i < RENDER_FRAMES; i++)
    {
      double ms = render_alone (surface, scenario, dragged->id);

      g_array_append_val (alone, ms);
    }

  reference_batch (reference, surface);
  ref = median_ms (reference);
  printf ("  %-46s %8.2f ms  (median of %u)\n", "plain-cairo reference frame", ref, reference->len);
  print_line ("drag frame (handler, snapshot, damage drawn)", drag, ref,
              n_figures <= 300 ? "target: at most 2 ms" : NULL);
  print_line ("  of which the handler (odds from there)", drag_handler, ref, NULL);
  print_line ("  of which the snapshot", drag_snapshot, ref, NULL);
  printf ("  %-46s %8.1f %%\n", "  damage, share of the window", 100 * median_ms (drag_damage));
  print_line ("zoom step (handler, snapshot, drawn)", zoom, ref,
              n_figures <= 300 ? "target: at most 2 ms" : NULL);
  print_line ("  of which the snapshot", zoom_snapshot, ref, NULL);
  print_line ("pan step (handler, snapshot, drawn)", pan, ref, NULL);
  print_line ("  of which the snapshot", pan_snapshot, ref, NULL);
  print_line ("full frame, CPU on two cores (see below)", full_cpu, ref,
              n_figures <= 300 ? "target: at most 16 ms" : "target: under 40 ms");
  print_line ("  the first frame (old layers shown)", full_first, ref, NULL);
  print_line ("  the static layer, in the worker", full_static, ref, NULL);
  print_line ("  the figures layer, in the worker", full_figures, ref, NULL);
  print_line ("  wall time, change to both shown", full, ref, NULL);
  print_line ("sharp layers after a zoom holds still", sharp, ref, NULL);
  print_line ("renderer alone, whole map (no window)", alone, ref, NULL);

  g_clear_pointer (&frames.last, gsk_render_node_unref);
  cairo_surface_destroy (frames.window);
  ph_map_view_set_document (map_view, NULL);
  g_object_unref (map_view);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

int
main (int    argc,
      char **argv)
{
  cairo_surface_t *surface;

  setlocale (LC_ALL, "");
  if (!gtk_init_check ())
    {
      fprintf (stderr, "bench-render: no display (run it under xvfb-run)\n");
      return 77;
    }
  adw_init ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  bench_scene (300, surface);
  bench_scene (1000, surface);
  cairo_surface_destroy (surface);
  return 0;
}
