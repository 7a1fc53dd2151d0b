/* test-render.c: the renderer draws what it should where it should
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Small scenarios as XML strings are drawn to image surfaces and their
 * pixels read back at table positions; the example scenarios are drawn to
 * PNG, PDF and SVG.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>

#include "ph-render.h"
#include "ph-threat.h"

/* A 24 x 18 inch Musket Mayhem table: a house in the middle, a wood in the
 * south-west, red "a" and "b2" in the north-west, blue "b" and "c" in the
 * east. a -> b is clear along y = 2; a -> c runs through the house. */
static const char farm_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
  "  <title>Render test</title>\n"
  "  <table width=\"24\" height=\"18\" unit=\"in\" grid=\"square\" grid-size=\"1\" measure=\"edge\"/>\n"
  "  <terrain>\n"
  "    <feature id=\"house\" kind=\"building\" name=\"House\">\n"
  "      <polygon points=\"10,6 14,6 14,10 10,10\"/>\n"
  "    </feature>\n"
  "    <feature id=\"wood\" kind=\"woods\"><circle cx=\"4\" cy=\"14\" r=\"2.5\"/></feature>\n"
  "    <feature id=\"fence\" kind=\"fence\"><polyline points=\"16,14 22,14\"/></feature>\n"
  "  </terrain>\n"
  "  <sides>\n"
  "    <side id=\"red\" name=\"Red\" color=\"#c81e1e\"/>\n"
  "    <side id=\"blue\" name=\"Blue\" color=\"#1e3cc8\"/>\n"
  "  </sides>\n"
  "  <figures>\n"
  "    <figure id=\"a\" name=\"Alf\" side=\"red\" x=\"2\" y=\"2\" facing=\"90\">\n"
  "      <weapon kind=\"musket\"/><mayhem courage=\"4\" armament=\"5\"/>\n"
  "    </figure>\n"
  "    <figure id=\"b2\" side=\"red\" x=\"2\" y=\"6\" facing=\"90\" status=\"fired moved\">\n"
  "      <weapon kind=\"musket\" loaded=\"false\"/><mayhem courage=\"4\" armament=\"5\"/>\n"
  "    </figure>\n"
  "    <figure id=\"b\" name=\"Bob\" side=\"blue\" x=\"20\" y=\"2\" facing=\"270\">\n"
  "      <weapon kind=\"musket\"/><mayhem courage=\"4\" armament=\"5\"/>\n"
  "    </figure>\n"
  "    <figure id=\"c\" name=\"Cy\" side=\"blue\" x=\"20\" y=\"14.5\" facing=\"270\"\n"
  "            base-shape=\"square\" status=\"dead\">\n"
  "      <weapon kind=\"musket\"/><mayhem courage=\"4\" armament=\"5\"/>\n"
  "    </figure>\n"
  "    <figure id=\"d\" name=\"Dai\" side=\"blue\" x=\"18\" y=\"13\" facing=\"270\">\n"
  "      <weapon kind=\"musket\"/><mayhem courage=\"4\" armament=\"5\"/>\n"
  "    </figure>\n"
  "  </figures>\n"
  "</scenario>\n";

/* Guns of War on 2-inch hexes */
static const char hex_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"guns-of-war\">\n"
  "  <title>Hex test</title>\n"
  "  <table width=\"24\" height=\"18\" unit=\"in\" grid=\"hex\" grid-size=\"2\" measure=\"centre\"/>\n"
  "  <sides>\n"
  "    <side id=\"x\" name=\"X\" color=\"#8c1c13\"/>\n"
  "    <side id=\"y\" name=\"Y\" color=\"#2e5fa8\"/>\n"
  "  </sides>\n"
  "  <figures>\n"
  "    <figure id=\"m\" side=\"x\" x=\"6.3509\" y=\"8\" facing=\"90\">\n"
  "      <weapon kind=\"flintlock-musket\"/>\n"
  "      <guns-of-war formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"4\"/>\n"
  "    </figure>\n"
  "    <figure id=\"n\" side=\"y\" x=\"16.7432\" y=\"10\" facing=\"270\">\n"
  "      <weapon kind=\"matchlock-musket\"/>\n"
  "      <guns-of-war formation=\"DF\" men=\"120\" attack-throw=\"10\" ac=\"4\"/>\n"
  "    </figure>\n"
  "  </figures>\n"
  "</scenario>\n";

#define SCALE 20.0

static PhScenario *
load (const char *xml)
{
  g_autoptr(GError) error = NULL;
  PhScenario *s = ph_scenario_load_data (xml, strlen (xml), "test.xml", &error);

  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

static cairo_surface_t *
draw (const PhScenario      *s,
      double                 scale,
      const PhRenderOptions *opts,
      PhRenderView          *view)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  int w, h;

  ph_render_image_size (&s->table, scale, &w, &h, view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (surface);
  ph_render_map (cr, s, view, opts);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint32
pixel_at_device (cairo_surface_t *surface,
                 int              x,
                 int              y)
{
  unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  return *(guint32 *) (data + y * stride + x * 4) & 0xffffff;
}

/* The pixel at a table position */
static guint32
pixel (cairo_surface_t    *surface,
       const PhRenderView *view,
       double              x,
       double              y)
{
  PhPoint p = { x, y };
  PhPoint d = ph_render_view_to_device (view, p);

  return pixel_at_device (surface, (int) floor (d.x), (int) floor (d.y));
}

#define R(c) (((c) >> 16) & 0xff)
#define G(c) (((c) >> 8) & 0xff)
#define B(c) ((c) & 0xff)

static int
luma (guint32 c)
{
  return (R (c) * 3 + G (c) * 6 + B (c)) / 10;
}

static gboolean
close_to (guint32 a,
          guint32 b,
          int     tolerance)
{
  return ABS ((int) R (a) - (int) R (b)) <= tolerance
         && ABS ((int) G (a) - (int) G (b)) <= tolerance
         && ABS ((int) B (a) - (int) B (b)) <= tolerance;
}

static guint
count_colour (cairo_surface_t *surface,
              guint32          rgb)
{
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);
  guint n = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (close_to (pixel_at_device (surface, x, y), rgb, 3))
        n++;
  return n;
}

/* Tests */

static void
test_view (void)
{
  PhTable table = { 72, 48, PH_UNIT_IN, PH_GRID_SQUARE, 1, PH_MEASURE_EDGE };
  PhRenderView view;
  PhPoint p = { 10, 20 }, d, back;
  PhRect r;

  ph_render_view_fit (&view, &table, 800, 600, 20);
  g_assert_cmpfloat_with_epsilon (view.scale, MIN (760.0 / 72, 560.0 / 48), 1e-9);
  g_assert_cmpfloat_with_epsilon (view.x0 * 2 + 72 * view.scale, 800, 1e-9);
  g_assert_cmpfloat_with_epsilon (view.y0 * 2 + 48 * view.scale, 600, 1e-9);

  d = ph_render_view_to_device (&view, p);
  back = ph_render_view_to_table (&view, d);
  g_assert_cmpfloat_with_epsilon (back.x, 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (back.y, 20, 1e-9);

  /* zooming keeps the point under the cursor */
  ph_render_view_zoom_at (&view, 2.5, d.x, d.y);
  back = ph_render_view_to_table (&view, d);
  g_assert_cmpfloat_with_epsilon (back.x, 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (back.y, 20, 1e-9);
  ph_render_view_zoom_at (&view, 1e9, 0, 0);
  g_assert_cmpfloat (view.scale, ==, PH_RENDER_MAX_SCALE);

  ph_render_view_init (&view, 10, 5, 7);
  ph_render_view_pan (&view, 5, 3);
  r = ph_render_view_device_rect_to_table (&view, 10, 10, 100, 50);
  g_assert_cmpfloat_with_epsilon (r.x0, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (r.y0, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (r.x1, 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (r.y1, 5, 1e-9);
}

static void
test_format (void)
{
  PhRenderFormat f;

  g_assert_true (ph_render_format_from_filename ("a.png", &f));
  g_assert_cmpint (f, ==, PH_RENDER_FORMAT_PNG);
  g_assert_true (ph_render_format_from_filename ("dir.x/MAP.PDF", &f));
  g_assert_cmpint (f, ==, PH_RENDER_FORMAT_PDF);
  g_assert_true (ph_render_format_from_filename ("m.Svg", &f));
  g_assert_cmpint (f, ==, PH_RENDER_FORMAT_SVG);
  g_assert_false (ph_render_format_from_filename ("m.jpg", &f));
  g_assert_false (ph_render_format_from_filename ("png", &f));
  g_assert_false (ph_render_format_from_filename ("dir.png/map", &f));
}

static void
test_size (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  cairo_surface_t *surface;
  PhRenderView view;
  double margin = ph_render_margin (SCALE);

  surface = draw (s, SCALE, NULL, &view);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, (int) ceil (24 * SCALE + 2 * margin));
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, (int) ceil (18 * SCALE + 2 * margin));
  g_assert_cmpfloat (view.x0, ==, margin);
  g_assert_cmpfloat (margin, >=, 20);
  cairo_surface_destroy (surface);
}

static void
test_side_colours (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  cairo_surface_t *surface;
  PhRenderView view;

  surface = draw (s, SCALE, NULL, &view);
  /* every side's colour fills its bases */
  g_assert_cmpuint (count_colour (surface, 0xc81e1e), >=, 100);
  g_assert_cmpuint (count_colour (surface, 0x1e3cc8), >=, 50);
  /* behind the facing wedge, a base is its side's colour */
  g_assert_true (close_to (pixel (surface, &view, 2 - 0.3, 2), 0xc81e1e, 3));
  g_assert_true (close_to (pixel (surface, &view, 20 + 0.3, 2), 0x1e3cc8, 3));
  /* in front of the centre, the white wedge */
  g_assert_true (close_to (pixel (surface, &view, 2 + 0.3, 2), 0xffffff, 10));
  /* the dead figure is faded: never its full colour */
  g_assert_false (close_to (pixel (surface, &view, 20 - 0.25, 14.5 + 0.25), 0x1e3cc8, 20));
  cairo_surface_destroy (surface);
}

static void
test_grid (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  cairo_surface_t *surface;
  PhRenderView view;
  guint32 cloth, thin, medium, heavy;
  double y = 16.5;

  surface = draw (s, SCALE, NULL, &view);
  /* open cloth at y = 16.5: x = 11 thin, 18 medium (6), 12 heavy (12) */
  cloth = pixel (surface, &view, 11.5, y);
  thin = pixel (surface, &view, 11, y);
  medium = pixel (surface, &view, 18, y);
  heavy = pixel (surface, &view, 12, y);
  g_assert_true (close_to (cloth, pixel (surface, &view, 13.5, y), 0));
  g_assert_cmpint (luma (thin), <, luma (cloth));
  g_assert_cmpint (luma (medium), <, luma (thin));
  g_assert_cmpint (luma (heavy), <, luma (medium));
  /* horizontal lines too */
  g_assert_cmpint (luma (pixel (surface, &view, 11.5, 17)), <, luma (cloth));
  g_assert_cmpint (luma (pixel (surface, &view, 11.5, 12)), <, luma (pixel (surface, &view, 11.5, 11)));
  /* the edge labels' margin is not cloth */
  g_assert_false (close_to (pixel_at_device (surface, 2, 2), cloth, 10));
  cairo_surface_destroy (surface);
}

/* A grid far finer than a pixel (which the loader refuses, but a model
 * can hold) draws in bounded time: the cells are left out, the 6-inch and
 * foot lines and the edge labels are walked by their own spacing. (Before,
 * labelling a 1e-7 grid took 13 s and 1e-300 never ended.) */
static void
test_grid_too_fine (void)
{
  static const double sizes[] = { 1e-7, 1e-300 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(PhScenario) s = load (farm_xml);
      cairo_surface_t *surface;
      PhRenderView view;
      guint32 cloth;

      s->table.grid_size = sizes[i];
      surface = draw (s, SCALE, NULL, &view);
      cloth = pixel (surface, &view, 11.5, 16.5);
      g_assert_true (close_to (cloth, pixel (surface, &view, 13.5, 16.5), 0));
      g_assert_true (close_to (cloth, pixel (surface, &view, 11, 16.5), 0));
      g_assert_cmpint (luma (pixel (surface, &view, 18, 16.5)), <, luma (cloth));
      g_assert_cmpint (luma (pixel (surface, &view, 12, 16.5)), <,
                       luma (pixel (surface, &view, 18, 16.5)));
      cairo_surface_destroy (surface);
    }
}

static void
test_grid_none_and_layers (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  cairo_surface_t *surface;
  PhRenderOptions opts;
  PhRenderView view;

  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_CLOTH | PH_RENDER_GRID;
  surface = draw (s, SCALE, &opts, &view);
  /* no terrain: the house's middle is cloth; no figures */
  g_assert_true (close_to (pixel (surface, &view, 12.5, 8.5), pixel (surface, &view, 11.5, 16.5), 0));
  g_assert_cmpuint (count_colour (surface, 0xc81e1e), ==, 0);
  cairo_surface_destroy (surface);

  s->table.grid = PH_GRID_NONE;
  surface = draw (s, SCALE, &opts, &view);
  g_assert_true (close_to (pixel (surface, &view, 12, 16.5), pixel (surface, &view, 11.5, 16.5), 0));
  cairo_surface_destroy (surface);
}

/* A 40 x 30 pixel image of one colour, written as PNG, JPEG or SVG */
static char *
write_image (const char *dir,
             const char *name,
             guint32     rgb)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  if (g_str_has_suffix (name, ".svg"))
    {
      g_autofree char *svg = g_strdup_printf ("<svg xmlns=\"http://www.w3.org/2000/svg\" "
                                              "width=\"40\" height=\"30\" viewBox=\"0 0 40 30\">"
                                              "<rect width=\"40\" height=\"30\" fill=\"#%06x\"/></svg>",
                                              rgb);

      g_assert_true (g_file_set_contents (path, svg, -1, &error));
    }
  else
    {
      g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 40, 30);

      gdk_pixbuf_fill (pixbuf, rgb << 8 | 0xff);
      g_assert_true (gdk_pixbuf_save (pixbuf, path, g_str_has_suffix (name, ".png") ? "png" : "jpeg",
                                      &error, NULL));
    }
  g_assert_no_error (error);
  return path;
}

/* <background>: PNG, JPEG and SVG drawn under the terrain at their place
 * and size (the height from the image's proportions, or stretched), with
 * their opacity; a missing one draws nothing and says why. */
static void
test_background (void)
{
  static const struct { const char *name; guint32 rgb; } images[] = {
    { "bg.png", 0xff0000 }, { "bg.jpg", 0x0000ff }, { "bg.svg", 0x00ff00 },
  };
  g_autofree char *dir = g_dir_make_tmp ("ph-test-render-XXXXXX", NULL);
  g_autofree char *scenario_path = g_build_filename (dir, "scenario.xml", NULL);
  g_autoptr(PhScenario) s = load (farm_xml);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  PhRenderOptions opts;
  PhRenderView view;
  guint32 cloth;

  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_CLOTH;
  surface = draw (s, SCALE, &opts, &view);
  cloth = pixel (surface, &view, 6, 6);
  cairo_surface_destroy (surface);

  for (guint i = 0; i < G_N_ELEMENTS (images); i++)
    {
      g_autofree char *path = write_image (dir, images[i].name, images[i].rgb);
      g_autoptr(GString) xml = g_string_new (farm_xml);
      g_autoptr(PhScenario) with = NULL;

      /* 8 inches wide at (2, 3): 6 inches high, from the image's 4:3 */
      g_string_replace (xml, "measure=\"edge\"/>\n",
                        "measure=\"edge\"/>\n  <background href=\"bg.png\" x=\"2\" y=\"3\" width=\"8\"/>\n", 1);
      g_string_replace (xml, "bg.png", images[i].name, 1);
      with = ph_scenario_load_data (xml->str, xml->len, scenario_path, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (with->background->path, ==, path);
      g_assert_true (ph_render_background_check (with, &error));
      g_assert_no_error (error);

      surface = draw (with, SCALE, &opts, &view);
      g_assert_true (close_to (pixel (surface, &view, 6, 6), images[i].rgb, 8));
      g_assert_true (close_to (pixel (surface, &view, 2.2, 8.8), images[i].rgb, 8));
      g_assert_true (close_to (pixel (surface, &view, 6, 9.2), cloth, 0));
      g_assert_true (close_to (pixel (surface, &view, 10.2, 6), cloth, 0));
      cairo_surface_destroy (surface);

      /* stretched to 2 inches high, half seen through */
      with->background->height = 2;
      with->background->opacity = 0.5;
      surface = draw (with, SCALE, &opts, &view);
      g_assert_true (close_to (pixel (surface, &view, 6, 6), cloth, 0));
      g_assert_true (close_to (pixel (surface, &view, 6, 4),
                               ((((cloth >> 16 & 0xff) + (images[i].rgb >> 16 & 0xff)) / 2) << 16)
                               | ((((cloth >> 8 & 0xff) + (images[i].rgb >> 8 & 0xff)) / 2) << 8)
                               | (((cloth & 0xff) + (images[i].rgb & 0xff)) / 2), 8));
      cairo_surface_destroy (surface);
      g_unlink (path);
    }

  /* missing: the map without it, and the reason */
  s->background = ph_background_new ("no-such-photo.jpg");
  s->background->width = 8;
  g_assert_false (ph_render_background_check (s, &error));
  g_assert_cmpstr (error->message, ==, "background image 'no-such-photo.jpg' is not drawn: "
                   "No such file or directory");
  surface = draw (s, SCALE, &opts, &view);
  g_assert_true (close_to (pixel (surface, &view, 6, 6), cloth, 0));
  cairo_surface_destroy (surface);
  g_rmdir (dir);
}

static void
test_terrain (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  cairo_surface_t *surface;
  PhRenderView view;
  guint32 cloth, house, wood;

  surface = draw (s, SCALE, NULL, &view);
  cloth = pixel (surface, &view, 11.5, 16.5);
  house = pixel (surface, &view, 11.2, 7.5);
  wood = pixel (surface, &view, 4.5, 14.5);
  g_assert_false (close_to (house, cloth, 30));
  g_assert_false (close_to (wood, cloth, 10));
  /* a roof is reddish, a wood green */
  g_assert_cmpint (R (house), >, G (house));
  g_assert_cmpint (G (wood), >, R (wood));
  g_assert_cmpint (G (wood), >, B (wood));
  cairo_surface_destroy (surface);
}

static void
test_rings (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  cairo_surface_t *plain, *rings;
  PhRenderOptions opts;
  PhRenderView view;

  ph_render_options_init (&opts);
  opts.layers &= ~(PH_RENDER_FIGURE_NAMES | PH_RENDER_STATUS);
  plain = draw (s, SCALE, &opts, &view);
  opts.rings_figure = "a";
  rings = draw (s, SCALE, &opts, &view);

  /* Musket 24", close up to 12": rings 12.5 and 24.5 from a's centre
   * (measured from its base's edge); a is at (2, 2) facing east */
  g_assert_false (close_to (pixel (plain, &view, 2 + 12.5, 2 + 0.05),
                            pixel (rings, &view, 2 + 12.5, 2 + 0.05), 8));
  g_assert_false (close_to (pixel (plain, &view, 2, 14.5),
                            pixel (rings, &view, 2, 14.5), 8));
  /* inside the arc, the close band is tinted */
  g_assert_false (close_to (pixel (plain, &view, 8.5, 4.5),
                            pixel (rings, &view, 8.5, 4.5), 3));
  /* beyond the longest ring nothing changes */
  g_assert_true (close_to (pixel (plain, &view, 23.5, 17.5),
                           pixel (rings, &view, 23.5, 17.5), 0));
  cairo_surface_destroy (plain);
  cairo_surface_destroy (rings);
}

/* A ring's label names its unit: Featherstone's bands in paces ("short
 * 10 paces", never "short 10"), inches on an inch table; a label with a
 * number of its own (Guns of War's "3 hexes: max range") stays as it is */
static void
test_ring_labels (void)
{
  static const char table_xml[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"%s\">\n"
    "  <title>Ring labels</title>\n"
    "  <table width=\"120\" height=\"80\" unit=\"%s\"/>\n"
    "  <sides><side id=\"a\" name=\"A\" color=\"#b03a2e\"/></sides>\n"
    "  <figures/>\n"
    "</scenario>\n";
  g_autofree char *fs_xml = g_strdup_printf (table_xml, "featherstone", "cm");
  g_autofree char *mm_xml = g_strdup_printf (table_xml, "musket-mayhem", "in");
  g_autoptr(PhScenario) fs = load (fs_xml);
  g_autoptr(PhScenario) mm = load (mm_xml);
  PhRangeRing short_band = { 10, (char *) "short" };
  PhRangeRing long_band = { 30, (char *) "long" };
  PhRangeRing one = { 1, (char *) "short" };
  PhRangeRing hexes = { 3, (char *) "3 hexes: max range" };
  g_autofree char *a = ph_render_ring_label (fs, &short_band);
  g_autofree char *b = ph_render_ring_label (fs, &long_band);
  g_autofree char *c = ph_render_ring_label (fs, &one);
  g_autofree char *d = ph_render_ring_label (fs, &hexes);
  g_autofree char *e = ph_render_ring_label (mm, &long_band);

  g_assert_cmpstr (a, ==, "short 10 paces");
  g_assert_cmpstr (b, ==, "long 30 paces");
  g_assert_cmpstr (c, ==, "short 1 pace");
  g_assert_cmpstr (d, ==, "3 hexes: max range");
  g_assert_cmpstr (e, ==, "long 30\"");
}

static void
test_los_line (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  cairo_surface_t *plain, *clear, *blocked;
  PhRenderOptions opts;
  PhRenderView view;
  guint32 c;

  ph_render_options_init (&opts);
  plain = draw (s, SCALE, &opts, &view);
  opts.los_from = "a";
  opts.los_to = "b";
  clear = draw (s, SCALE, &opts, &view);
  opts.los_to = "d";
  blocked = draw (s, SCALE, &opts, &view);

  /* a quarter of the way from a (2, 2) to b (20, 2): green */
  c = pixel (clear, &view, 6.5, 2 + 0.02);
  g_assert_cmpint (G (c), >, R (c) + 60);
  g_assert_cmpint (G (c), >, B (c) + 60);
  /* a (2, 2) to d (18, 13) runs through the house: red */
  c = pixel (blocked, &view, 6, 4.75 + 0.02);
  g_assert_cmpint (R (c), >, G (c) + 60);
  g_assert_cmpint (R (c), >, B (c) + 60);
  /* and the house is outlined in red */
  c = pixel (blocked, &view, 12, 10);
  g_assert_false (close_to (c, pixel (plain, &view, 12, 10), 20));
  g_assert_cmpint (R (c), >, G (c) + 60);
  cairo_surface_destroy (plain);
  cairo_surface_destroy (clear);
  cairo_surface_destroy (blocked);
}

static void
test_los_shading (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  cairo_surface_t *plain, *shaded;
  PhRenderOptions opts;
  PhRenderView view;

  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_CLOTH | PH_RENDER_TERRAIN | PH_RENDER_OVERLAYS;
  plain = draw (s, SCALE, &opts, &view);
  opts.shade_figure = "a";
  shaded = draw (s, SCALE, &opts, &view);

  /* in view, in range and in arc: as it was */
  g_assert_true (close_to (pixel (plain, &view, 8.25, 3.25), pixel (shaded, &view, 8.25, 3.25), 2));
  /* behind the house from a (2, 2): dimmed a lot */
  g_assert_cmpint (luma (pixel (shaded, &view, 18.25, 12.25)), <,
                   luma (pixel (plain, &view, 18.25, 12.25)) * 2 / 3);
  /* behind a (out of its arc) but in view: dimmed less */
  g_assert_cmpint (luma (pixel (shaded, &view, 0.75, 3.25)), <,
                   luma (pixel (plain, &view, 0.75, 3.25)));
  g_assert_cmpint (luma (pixel (shaded, &view, 0.75, 3.25)), >,
                   luma (pixel (shaded, &view, 18.25, 12.25)));
  cairo_surface_destroy (plain);
  cairo_surface_destroy (shaded);
}

static void
test_status (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  cairo_surface_t *with, *without;
  PhRenderOptions opts;
  PhRenderView view;
  int w, h, diff = 0;

  ph_render_options_init (&opts);
  with = draw (s, SCALE, &opts, &view);
  opts.layers &= ~PH_RENDER_STATUS;
  without = draw (s, SCALE, &opts, &view);
  /* b2 fired, moved and is unloaded: its markers are all near it */
  w = cairo_image_surface_get_width (with);
  h = cairo_image_surface_get_height (with);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (pixel_at_device (with, x, y) != pixel_at_device (without, x, y))
        {
          PhPoint d = { x, y };
          PhPoint p = ph_render_view_to_table (&view, d);

          g_assert_cmpfloat (fabs (p.x - 2), <, 2.5);
          g_assert_cmpfloat (fabs (p.y - 6), <, 1.5);
          diff++;
        }
  g_assert_cmpint (diff, >, 50);
  cairo_surface_destroy (with);
  cairo_surface_destroy (without);
}

static void
test_selection (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  const char *selected[] = { "b", NULL };
  cairo_surface_t *plain, *sel;
  PhRenderOptions opts;
  PhRenderView view;

  ph_render_options_init (&opts);
  plain = draw (s, SCALE, &opts, &view);
  opts.selected = selected;
  sel = draw (s, SCALE, &opts, &view);
  /* a glow just outside b's base (radius 0.5) */
  g_assert_false (close_to (pixel (plain, &view, 20, 2 - 0.62), pixel (sel, &view, 20, 2 - 0.62), 20));
  g_assert_true (close_to (pixel (plain, &view, 2, 2 - 0.62), pixel (sel, &view, 2, 2 - 0.62), 0));
  cairo_surface_destroy (plain);
  cairo_surface_destroy (sel);
}

/* Drawing only a clipped part gives the same pixels there */
static void
test_clip (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  cairo_surface_t *full, *part;
  cairo_t *cr;
  PhRenderView view;
  int w, h, cx = 180, cy = 150, cw = 120, ch = 110, bad = 0;

  full = draw (s, SCALE, NULL, &view);
  w = cairo_image_surface_get_width (full);
  h = cairo_image_surface_get_height (full);
  part = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (part);
  cairo_rectangle (cr, cx, cy, cw, ch);
  cairo_clip (cr);
  ph_render_map (cr, s, &view, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (part);
  for (int y = cy; y < cy + ch; y++)
    for (int x = cx; x < cx + cw; x++)
      if (!close_to (pixel_at_device (full, x, y), pixel_at_device (part, x, y), 2))
        bad++;
  g_assert_cmpint (bad, ==, 0);
  /* outside the clip nothing was drawn */
  g_assert_cmpuint (pixel_at_device (part, 2, 2), ==, 0);
  cairo_surface_destroy (full);
  cairo_surface_destroy (part);
}

static void
test_hex (void)
{
  g_autoptr(PhScenario) s = load (hex_xml);
  cairo_surface_t *plain, *rings;
  PhRenderOptions opts;
  PhRenderView view;
  PhHex m_hex, near, far;
  PhPoint m = { 6.3509, 8 }, p;

  ph_render_options_init (&opts);
  plain = draw (s, SCALE, &opts, &view);
  g_assert_cmpuint (count_colour (plain, 0x8c1c13), >=, 50);
  g_assert_cmpuint (count_colour (plain, 0x2e5fa8), >=, 50);

  opts.rings_figure = "m";
  rings = draw (s, SCALE, &opts, &view);
  /* a hex two away from m is highlighted, one seven away is not */
  m_hex = ph_hex_from_point (m, 2);
  near = (PhHex) { m_hex.q, m_hex.r + 2 };
  far = (PhHex) { m_hex.q + 7, m_hex.r - 3 };
  g_assert_cmpint (ph_hex_distance (m_hex, far), ==, 7);
  p = ph_hex_to_point (near, 2);
  g_assert_false (close_to (pixel (plain, &view, p.x + 0.3, p.y + 0.3),
                            pixel (rings, &view, p.x + 0.3, p.y + 0.3), 5));
  p = ph_hex_to_point (far, 2);
  g_assert_true (close_to (pixel (plain, &view, p.x + 0.3, p.y + 0.3),
                           pixel (rings, &view, p.x + 0.3, p.y + 0.3), 0));
  cairo_surface_destroy (plain);
  cairo_surface_destroy (rings);

  /* LOS shading on hexes runs too */
  opts.rings_figure = NULL;
  opts.shade_figure = "m";
  rings = draw (s, SCALE, &opts, &view);
  cairo_surface_destroy (rings);
}

static void
test_pick (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  PhRenderView view;
  PhPoint p = { 20.3, 2.1 }, d;
  PhFigure *f;
  PhFeature *feature;

  ph_render_image_size (&s->table, SCALE, NULL, NULL, &view);
  d = ph_render_view_to_device (&view, p);
  f = ph_render_figure_at (s, &view, d.x, d.y, 0);
  g_assert_nonnull (f);
  g_assert_cmpstr (f->id, ==, "b");
  p = (PhPoint) { 12, 8 };
  d = ph_render_view_to_device (&view, p);
  g_assert_null (ph_render_figure_at (s, &view, d.x, d.y, 4));
  feature = ph_render_feature_at (s, &view, d.x, d.y, 0);
  g_assert_nonnull (feature);
  g_assert_cmpstr (feature->id, ==, "house");
  /* on one base and within the tolerance of a later one, in base
   * contact beside it: the base under the point (a right-click on Capt.
   * de Beaujeu's base hit Sdt. Lafleur beside him) */
  {
    PhFigure *first = g_ptr_array_index (s->figures, 0);
    PhFigure *last = g_ptr_array_index (s->figures, s->figures->len - 1);
    PhBase a, b;

    g_assert_true (first != last);
    ph_figure_get_base (first, &a);
    ph_figure_get_base (last, &b);
    last->x = first->x + (a.width + b.width) / 2;
    last->y = first->y;
    /* a pixel inside the first's edge facing the last */
    p = (PhPoint) { first->x + a.width / 2 - 1 / view.scale, first->y };
    d = ph_render_view_to_device (&view, p);
    f = ph_render_figure_at (s, &view, d.x, d.y, 4);
    g_assert_true (f == first);
    /* a pixel inside the last's */
    p = (PhPoint) { last->x - b.width / 2 + 1 / view.scale, last->y };
    d = ph_render_view_to_device (&view, p);
    g_assert_true (ph_render_figure_at (s, &view, d.x, d.y, 4) == last);
  }
  /* near the fence line wins over nothing */
  p = (PhPoint) { 18, 14.1 };
  d = ph_render_view_to_device (&view, p);
  feature = ph_render_feature_at (s, &view, d.x, d.y, 4);
  g_assert_nonnull (feature);
  g_assert_cmpstr (feature->id, ==, "fence");
}

static void
test_options_check (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  g_autoptr(GError) error = NULL;
  PhRenderOptions opts;

  ph_render_options_init (&opts);
  g_assert_true (ph_render_options_check (&opts, s, &error));
  opts.rings_figure = "a";
  opts.shade_figure = "b";
  g_assert_true (ph_render_options_check (&opts, s, &error));
  g_assert_no_error (error);
  opts.los_to = "nobody";
  g_assert_false (ph_render_options_check (&opts, s, &error));
  g_assert_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_UNKNOWN_ID);
  g_assert_nonnull (strstr (error->message, "nobody"));
  g_clear_error (&error);
  opts.los_to = "house"; /* a feature, not a figure */
  g_assert_false (ph_render_options_check (&opts, s, &error));
}

/* Files */

static char *
data_dir (void)
{
  const char *env = g_getenv ("PH_DATA_DIR");

  if (env != NULL)
    return g_strdup (env);
  return g_test_build_filename (G_TEST_DIST, "..", "data", NULL);
}

static void
check_file_starts (const char *path,
                   const char *magic1,
                   const char *magic2)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (g_str_has_prefix (contents, magic1)
                 || (magic2 != NULL && g_str_has_prefix (contents, magic2)));
}

static void
export_all (const PhScenario      *s,
            const char            *dir,
            const char            *stem,
            const PhRenderOptions *opts,
            double                 scale)
{
  static const struct { const char *ext; PhRenderFormat format; const char *m1, *m2; } f[] = {
    { "png", PH_RENDER_FORMAT_PNG, "\x89PNG", NULL },
    { "pdf", PH_RENDER_FORMAT_PDF, "%PDF", NULL },
    { "svg", PH_RENDER_FORMAT_SVG, "<?xml", "<svg" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (f); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *name = g_strdup_printf ("%s.%s", stem, f[i].ext);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_true (ph_render_export (s, path, f[i].format, scale, opts, &error));
      g_assert_no_error (error);
      check_file_starts (path, f[i].m1, f[i].m2);
      g_unlink (path);
    }
}

static void
test_export (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-render-XXXXXX", &error);
  g_autofree char *bad = NULL;
  PhRenderOptions opts;

  g_assert_no_error (error);
  ph_render_options_init (&opts);
  opts.rings_figure = "a";
  opts.shade_figure = "a";
  opts.los_from = "a";
  opts.los_to = "d";
  export_all (s, dir, "farm", &opts, 12);

  /* an unknown figure, a directory that does not exist: errors */
  opts.rings_figure = "zz";
  bad = g_build_filename (dir, "x.png", NULL);
  g_assert_false (ph_render_export (s, bad, PH_RENDER_FORMAT_PNG, 12, &opts, &error));
  g_assert_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_UNKNOWN_ID);
  g_clear_error (&error);
  g_free (bad);
  bad = g_build_filename (dir, "no", "such", "x.png", NULL);
  g_assert_false (ph_render_export (s, bad, PH_RENDER_FORMAT_PNG, 12, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (ph_render_export (s, bad, PH_RENDER_FORMAT_PNG, 1e6, NULL, &error));
  g_clear_error (&error);

  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The example scenarios: drawn with every overlay on their first figure */
static void
test_examples (void)
{
  g_autofree char *data = data_dir ();
  g_autofree char *scenarios = g_build_filename (data, "scenarios", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) d = g_dir_open (scenarios, 0, &error);
  g_autofree char *tmp = NULL;
  const char *name;
  guint n = 0;

  if (d == NULL)
    {
      g_test_skip ("no example scenarios");
      return;
    }
  tmp = g_dir_make_tmp ("test-render-XXXXXX", &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(PhScenario) s = NULL;
      g_autofree char *stem = NULL;
      cairo_surface_t *surface;
      PhRenderOptions opts;
      PhRenderView view;
      const PhFigure *first;
      int w, h;

      if (!g_str_has_suffix (name, ".xml"))
        continue;
      path = g_build_filename (scenarios, name, NULL);
      s = ph_scenario_load_file (path, &error);
      g_assert_no_error (error);
      g_test_message ("%s", name);

      /* every side with a figure on the table shows its colour */
      surface = draw (s, 10, NULL, &view);
      ph_render_image_size (&s->table, 10, &w, &h, NULL);
      g_assert_cmpint (cairo_image_surface_get_width (surface), ==, w);
      g_assert_cmpint (cairo_image_surface_get_height (surface), ==, h);
      for (guint i = 0; i < s->sides->len; i++)
        {
          const PhSide *side = g_ptr_array_index (s->sides, i);
          gboolean present = FALSE;

          for (guint j = 0; j < s->figures->len && !present; j++)
            {
              const PhFigure *f = g_ptr_array_index (s->figures, j);

              present = g_strcmp0 (f->side, side->id) == 0 && !ph_figure_is_off_table (f);
            }
          if (present)
            g_assert_cmpuint (count_colour (surface, side->color), >=, 10);
        }
      cairo_surface_destroy (surface);

      g_assert_cmpuint (s->figures->len, >=, 2);
      first = g_ptr_array_index (s->figures, 0);
      ph_render_options_init (&opts);
      opts.rings_figure = first->id;
      opts.shade_figure = first->id;
      opts.los_from = first->id;
      opts.los_to = ((PhFigure *) g_ptr_array_index (s->figures, 1))->id;
      stem = g_strndup (name, strlen (name) - 4);
      export_all (s, tmp, stem, &opts, 8);
      n++;
    }
  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpint (g_rmdir (tmp), ==, 0);
}

/* Zoomed in past the table's edges, the rulers' numbers follow the view:
 * a light band along its top and left edges with dark numbers on it; with
 * the whole table in view nothing is drawn */
static void
test_sticky_rulers (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 300);
  cairo_t *cr = cairo_create (surface);
  PhRenderView view;
  guint dark = 0, light = 0;

  /* the middle of the table, 40 px to the unit: every edge out of view */
  ph_render_view_init (&view, 40, -10 * 40, -8 * 40);
  cairo_set_source_rgb (cr, 0, 0.4, 0);
  cairo_paint (cr);
  g_assert_true (ph_render_rulers (cr, s, &view, 400, 300));
  cairo_surface_flush (surface);
  for (int x = 40; x < 360; x++)
    for (int y = 0; y < 44; y++)
      {
        guint32 c = pixel_at_device (surface, x, y);

        if (luma (c) < 140)
          dark++;
        else if (luma (c) > 180)
          light++;
      }
  g_test_message ("top band: %u light, %u dark pixels", light, dark);
  g_assert_cmpuint (light, >, 320 * 30);  /* the band */
  g_assert_cmpuint (dark, >, 40);         /* the numbers on it */
  /* the middle stays as it was: the table */
  g_assert_true (close_to (pixel_at_device (surface, 200, 150), 0x006600, 3));

  /* the whole table in view: nothing */
  ph_render_view_init (&view, 4, 40, 40);
  g_assert_false (ph_render_rulers (cr, s, &view, 400, 300));

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* What a figure's markers mean, in words, for the window's tooltip; and
 * the legend of them all */
static void
test_describe_markers (void)
{
  g_autoptr(PhScenario) s = load (farm_xml);
  PhFigure *f = g_ptr_array_index (s->figures, 0);
  g_autofree char *none = NULL;
  g_autofree char *some = NULL;
  g_autofree char *legend = ph_render_marker_legend ();

  f->status = 0;
  for (guint i = 0; i < f->weapons->len; i++)
    g_array_index (f->weapons, PhWeapon, i).loaded = TRUE;
  none = ph_render_describe_markers (f, FALSE);
  g_assert_null (none);
  f->status = PH_STATUS_FIRED | PH_STATUS_MOVED;
  some = ph_render_describe_markers (f, TRUE);
  g_assert_cmpstr (some, ==, "smoke puff: fired · M: moved · ✓: has acted this turn");
  g_assert_nonnull (strstr (legend, "W: wounded"));
  g_assert_nonnull (strstr (legend, "smoke puff: fired"));
  g_assert_nonnull (strstr (legend, "crossed swords: in melee"));
}

/* Labels do not collide: a wood's name under a man's base, a second man
 * right below the first (where his name would go), a third on the ring
 * where the range label goes, a fence's name by them. Every terrain
 * name, figure name and ring label drawn keeps clear of the others. */
static const char *crowded_xml =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
  "  <title>Crowded</title>\n"
  "  <table width=\"48\" height=\"36\" unit=\"in\"/>\n"
  "  <terrain>\n"
  "    <feature id=\"wood\" name=\"Hemlock Wood\" kind=\"woods\">"
  "<polygon points=\"14,14 34,14 34,22 14,22\"/></feature>\n"
  "    <feature id=\"fence\" name=\"Barnyard Wall\" kind=\"wall\">"
  "<polyline points=\"18,25.5 30,25.5\"/></feature>\n"
  "  </terrain>\n"
  "  <sides>\n"
  "    <side id=\"a\" name=\"A\" color=\"#8c1c13\"/>\n"
  "    <side id=\"b\" name=\"B\" color=\"#2e5fa8\"/>\n"
  "  </sides>\n"
  "  <figures>\n"
  "    <figure id=\"capt\" name=\"Capt. de Beaujeu\" side=\"a\" x=\"24\" y=\"16.9\" facing=\"90\">"
  "<weapon kind=\"musket\"/></figure>\n"
  "    <figure id=\"ens\" name=\"Ens. Joseph Marin\" side=\"a\" x=\"24\" y=\"18.5\">"
  "<weapon kind=\"musket\"/></figure>\n"
  "    <figure id=\"sgt\" name=\"Sgt Hay\" side=\"b\" x=\"24\" y=\"24.8\"/>\n"
  "    <figure id=\"pte\" name=\"Pte Higgins\" side=\"b\" x=\"32.5\" y=\"7.6\">"
  "<weapon kind=\"musket\"/></figure>\n"
  /* a file of five 2.6 in apart, with long names: some go further
   * out, or are shortened */
  "    <figure id=\"f1\" name=\"Cpl. Jean-Baptiste Tremblay\" side=\"b\" x=\"4\" y=\"30\"/>\n"
  "    <figure id=\"f2\" name=\"Sdt. Pierre-Antoine Lafleur\" side=\"b\" x=\"6.6\" y=\"30\"/>\n"
  "    <figure id=\"f3\" name=\"Sdt. Louis-Joseph Sans-Quartier\" side=\"b\" x=\"9.2\" y=\"30\"/>\n"
  "    <figure id=\"f4\" name=\"Sdt. Nicolas Beausoleil\" side=\"b\" x=\"11.8\" y=\"30\"/>\n"
  "    <figure id=\"f5\" name=\"Sdt. Jacques Vadeboncoeur\" side=\"b\" x=\"14.4\" y=\"30\"/>\n"
  "  </figures>\n"
  "</scenario>\n";

static void
test_labels_apart (void)
{
  g_autoptr(PhScenario) s = load (crowded_xml);
  g_autoptr(GArray) labels = NULL;
  cairo_surface_t *surface;
  PhRenderOptions opts;
  PhRenderView view;
  cairo_t *cr;
  int w, h;
  guint n_inside = 0;
  gboolean saw_ring = FALSE, saw_wood = FALSE, saw_capt = FALSE, saw_ens = FALSE;
  gboolean saw_los = FALSE;
  guint shortened = 0, file_names = 0;

  ph_render_options_init (&opts);
  opts.rings_figure = "capt";
  /* a line of sight over the file's names: its label finds room */
  opts.los_from = "pte";
  opts.los_to = "f3";
  ph_render_image_size (&s->table, SCALE, &w, &h, &view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (surface);
  labels = ph_render_collect_labels (cr);
  ph_render_map (cr, s, &view, &opts);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  for (guint i = 0; i < labels->len; i++)
    {
      const PhRenderLabel *a = &g_array_index (labels, PhRenderLabel, i);

      /* the rulers' numbers stand outside the table */
      if (a->box.x0 < ph_render_view_to_device (&view, (PhPoint) { 0, 0 }).x
          || a->box.y0 < ph_render_view_to_device (&view, (PhPoint) { 0, 0 }).y
          || a->box.x1 > ph_render_view_to_device (&view, (PhPoint) { 48, 36 }).x
          || a->box.y1 > ph_render_view_to_device (&view, (PhPoint) { 48, 36 }).y)
        continue;
      n_inside++;
      saw_ring |= strstr (a->text, " in") != NULL && strstr (a->text, ", ") == NULL;
      saw_los |= g_str_has_suffix (a->text, ", clear") || strstr (a->text, "blocked by") != NULL;
      saw_wood |= g_str_equal (a->text, "Hemlock Wood");
      /* a terrain name is never under a figure's base or its markers
       * (Capt. de Beaujeu and his ensign stand at the wood's centre, Sgt
       * Hay just over the wall's middle) */
      if (g_str_equal (a->text, "Hemlock Wood") || g_str_equal (a->text, "Barnyard Wall"))
        for (guint k = 0; k < s->figures->len; k++)
          {
            const PhFigure *f = g_ptr_array_index (s->figures, k);
            PhPoint c = ph_render_view_to_device (&view, (PhPoint) { f->x, f->y });
            double r = 0.5 * SCALE;
            PhRect base = { c.x - r, c.y - r, c.x + r, c.y + r };

            if (ph_rect_intersects (&a->box, &base))
              g_error ("“%s” is under %s's base", a->text, f->id);
          }
      saw_capt |= g_str_equal (a->text, "Capt. de Beaujeu");
      saw_ens |= g_str_equal (a->text, "Ens. Joseph Marin");
      shortened += g_str_equal (a->text, "Lafleur") || g_str_equal (a->text, "Sans-Quartier")
                   || g_str_equal (a->text, "Beausoleil") || g_str_equal (a->text, "Tremblay")
                   || g_str_equal (a->text, "Vadeboncoeur");
      file_names += g_str_has_prefix (a->text, "Sdt. ") || g_str_has_prefix (a->text, "Cpl. ");
      for (guint j = i + 1; j < labels->len; j++)
        {
          const PhRenderLabel *b = &g_array_index (labels, PhRenderLabel, j);

          if (ph_rect_intersects (&a->box, &b->box))
            g_error ("“%s” (%.0f,%.0f-%.0f,%.0f) covers “%s” (%.0f,%.0f-%.0f,%.0f)",
                     a->text, a->box.x0, a->box.y0, a->box.x1, a->box.y1,
                     b->text, b->box.x0, b->box.y0, b->box.x1, b->box.y1);
        }
    }
  g_test_message ("%u labels on the table; the file of five: %u whole names, %u shortened",
                  n_inside, file_names, shortened);
  /* the file's names do not fit whole beside each other, below them:
   * they go above, a line further down, or shortened, but every man of
   * the file keeps a name (they were shortened, or two left out, when
   * only the four sides were tried) */
  g_assert_cmpuint (file_names + shortened, ==, 5);
  g_assert_true (saw_ring);
  g_assert_true (saw_los);
  g_assert_true (saw_wood);
  g_assert_true (saw_capt);
  g_assert_true (saw_ens);
}

/* At the zoom the window first shows a big table (the 72 x 48 in farm at
 * about 11 pixels to the inch on a laptop's screen), every man's name is
 * on the map, whole or by its last word, and no two labels meet. */
static void
test_labels_at_fit_zoom (void)
{
  g_autofree char *data = data_dir ();
  g_autofree char *path = g_build_filename (data, "scenarios",
                                            "musket-mayhem-fight-at-the-farmstead.xml", NULL);
  g_autoptr(PhScenario) s = ph_scenario_load_file (path, NULL);
  g_autoptr(GArray) labels = NULL;
  cairo_surface_t *surface;
  PhRenderOptions opts;
  PhRenderView view;
  cairo_t *cr;
  int w, h;

  g_assert_nonnull (s);
  ph_render_options_init (&opts);
  ph_render_image_size (&s->table, 11, &w, &h, &view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (surface);
  labels = ph_render_collect_labels (cr);
  ph_render_map (cr, s, &view, &opts);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  for (guint k = 0; k < s->figures->len; k++)
    {
      const PhFigure *f = g_ptr_array_index (s->figures, k);
      const char *full = ph_figure_display_name (f);
      const char *last = strrchr (full, ' ');
      gboolean named = FALSE;

      if (ph_figure_is_off_table (f))
        continue;
      for (guint i = 0; i < labels->len && !named; i++)
        {
          const PhRenderLabel *a = &g_array_index (labels, PhRenderLabel, i);

          named = g_str_equal (a->text, full) || (last != NULL && g_str_equal (a->text, last + 1));
        }
      if (!named)
        g_error ("%s has no name on the map at 11 px to the inch", full);
    }
  for (guint i = 0; i < labels->len; i++)
    for (guint j = i + 1; j < labels->len; j++)
      {
        const PhRenderLabel *a = &g_array_index (labels, PhRenderLabel, i);
        const PhRenderLabel *b = &g_array_index (labels, PhRenderLabel, j);

        if (ph_rect_intersects (&a->box, &b->box))
          g_error ("“%s” covers “%s”", a->text, b->text);
      }
}

/* Every man of the Firelock example keeps his name once each gathers
 * badges (W, "!", U) and a smoke puff, at the default scale and closer
 * (20 px to the inch is the window's 100%): a name tries the four sides,
 * then a little along them, then further out, then shortened ("Ens.
 * Marin", "Marin"), before it is left out (Ens. Joseph Marin and Nanatan
 * lost theirs). No name covers another label, a base or a badge's
 * letter. */
static void
test_names_with_badges (void)
{
  static const double scales[] = { 12, 16, 20, 24 };
  g_autofree char *data = data_dir ();
  g_autofree char *path = g_build_filename (data, "scenarios", "firelock-bloody-run-1758.xml",
                                            NULL);

  for (guint sc = 0; sc < G_N_ELEMENTS (scales); sc++)
    {
      g_autoptr(PhScenario) s = ph_scenario_load_file (path, NULL);
      g_autoptr(GArray) labels = NULL;
      cairo_surface_t *surface;
      PhRenderView view;
      cairo_t *cr;
      int w, h;

      g_assert_nonnull (s);
      for (guint k = 0; k < s->figures->len; k++)
        {
          PhFigure *f = g_ptr_array_index (s->figures, k);

          f->status |= PH_STATUS_FIRED | PH_STATUS_STARTLED;
          f->stats.firelock.hits = 1;
          for (guint i = 0; f->weapons != NULL && i < f->weapons->len; i++)
            g_array_index (f->weapons, PhWeapon, i).loaded = FALSE;
        }
      ph_render_image_size (&s->table, scales[sc], &w, &h, &view);
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
      cr = cairo_create (surface);
      labels = ph_render_collect_labels (cr);
      ph_render_map (cr, s, &view, NULL);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);

      for (guint k = 0; k < s->figures->len; k++)
        {
          const PhFigure *f = g_ptr_array_index (s->figures, k);
          const char *full = ph_figure_display_name (f);
          const char *last = strrchr (full, ' ');
          PhPoint c = ph_render_view_to_device (&view, (PhPoint) { f->x, f->y });
          double r = 0.5 * scales[sc];
          PhRect base = { c.x - r, c.y - r, c.x + r, c.y + r };
          gboolean named = FALSE;

          for (guint i = 0; i < labels->len; i++)
            {
              const PhRenderLabel *a = &g_array_index (labels, PhRenderLabel, i);

              named |= g_str_equal (a->text, full)
                       || (last != NULL && g_str_has_suffix (a->text, last));
              if (g_utf8_strlen (a->text, -1) > 1 && ph_rect_intersects (&a->box, &base))
                g_error ("at %g px to the inch, “%s” covers %s's base", scales[sc], a->text,
                         f->id);
            }
          if (!named)
            g_error ("at %g px to the inch, %s has no name on the map", scales[sc], full);
        }
      for (guint i = 0; i < labels->len; i++)
        for (guint j = i + 1; j < labels->len; j++)
          {
            const PhRenderLabel *a = &g_array_index (labels, PhRenderLabel, i);
            const PhRenderLabel *b = &g_array_index (labels, PhRenderLabel, j);

            if (ph_rect_intersects (&a->box, &b->box))
              g_error ("at %g px to the inch, “%s” covers “%s”", scales[sc], a->text, b->text);
          }
    }
}

/* Names stay on the table, clear of the numbers along its edges, in
 * every example, whether the window shows it whole (the 240 x 120 cm
 * Cacabelos table at 3 px a centimetre on a 1366 x 768 screen: "Capt.
 * Latour, 15e Chasseurs" ran into the numbers) or an image is exported */
static void
test_names_on_table (void)
{
  static const double scales[] = { 3, 8, 12 };
  g_autofree char *data = data_dir ();
  g_autofree char *scenarios = g_build_filename (data, "scenarios", NULL);
  g_autoptr(GDir) d = g_dir_open (scenarios, 0, NULL);
  const char *file;
  guint n_names = 0;

  g_assert_nonnull (d);
  while ((file = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (scenarios, file, NULL);
      g_autoptr(PhScenario) s = NULL;

      if (!g_str_has_suffix (file, ".xml"))
        continue;
      s = ph_scenario_load_file (path, NULL);
      g_assert_nonnull (s);
      for (guint sc = 0; sc < G_N_ELEMENTS (scales); sc++)
        {
          g_autoptr(GArray) labels = NULL;
          cairo_surface_t *surface;
          PhRenderView view;
          PhRect table;
          cairo_t *cr;
          int w, h;

          ph_render_image_size (&s->table, scales[sc], &w, &h, &view);
          table = (PhRect) { view.x0, view.y0, view.x0 + s->table.width * view.scale,
                             view.y0 + s->table.height * view.scale };
          surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
          cr = cairo_create (surface);
          labels = ph_render_collect_labels (cr);
          ph_render_map (cr, s, &view, NULL);
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
          for (guint i = 0; i < labels->len; i++)
            {
              const PhRenderLabel *a = &g_array_index (labels, PhRenderLabel, i);
              gboolean is_name = FALSE;

              for (guint k = 0; k < s->figures->len && !is_name; k++)
                {
                  const char *full = ph_figure_display_name (g_ptr_array_index (s->figures, k));
                  const char *last = strrchr (full, ' ');

                  is_name = g_str_equal (a->text, full)
                            || (last != NULL && g_utf8_strlen (a->text, -1) > 1
                                && g_str_has_suffix (a->text, last));
                }
              if (!is_name)
                continue;
              n_names++;
              if (a->box.x0 < table.x0 || a->box.y0 < table.y0 || a->box.x1 > table.x1
                  || a->box.y1 > table.y1)
                g_error ("%s at %g px a unit: “%s” (%.0f,%.0f-%.0f,%.0f) is off the table "
                         "(%.0f,%.0f-%.0f,%.0f)", file, scales[sc], a->text, a->box.x0,
                         a->box.y0, a->box.x1, a->box.y1, table.x0, table.y0, table.x1,
                         table.y1);
            }
        }
    }
  g_test_message ("%u names, all on the table", n_names);
  g_assert_cmpuint (n_names, >, 50);
}

/* A terrain name gives way before a figure's name is left out: Marin
 * stands between three men in contact (left, right and above him), the
 * field's name just below him, where nothing else leaves room for his
 * name; his name goes there and the field's is left out */
static const char *yield_xml =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
  "  <title>Yield</title>\n"
  "  <table width=\"24\" height=\"24\" unit=\"in\"/>\n"
  "  <terrain>\n"
  "    <feature id=\"field\" name=\"Abbey Field\" kind=\"field\">"
  "<polygon points=\"7,12.5 17,12.5 17,14 7,14\"/></feature>\n"
  "  </terrain>\n"
  "  <sides>\n"
  "    <side id=\"a\" name=\"A\" color=\"#8c1c13\"/>\n"
  "  </sides>\n"
  "  <figures>\n"
  "    <figure id=\"marin\" name=\"Ens. Joseph Marin\" side=\"a\" x=\"12\" y=\"12\"/>\n"
  "    <figure id=\"l\" name=\"Lou\" side=\"a\" x=\"11\" y=\"12\"/>\n"
  "    <figure id=\"r\" name=\"Roy\" side=\"a\" x=\"13\" y=\"12\"/>\n"
  "    <figure id=\"u\" name=\"Ulm\" side=\"a\" x=\"12\" y=\"11\"/>\n"
  "  </figures>\n"
  "</scenario>\n";

static void
test_terrain_name_gives_way (void)
{
  g_autoptr(PhScenario) s = load (yield_xml);
  g_autoptr(GArray) labels = NULL;
  g_autoptr(GArray) alone = NULL;
  cairo_surface_t *surface;
  PhRenderOptions opts;
  PhRenderView view;
  cairo_t *cr;
  int w, h;
  gboolean marin = FALSE, field = FALSE;

  ph_render_image_size (&s->table, SCALE, &w, &h, &view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (surface);
  labels = ph_render_collect_labels (cr);
  ph_render_map (cr, s, &view, NULL);
  cairo_destroy (cr);
  for (guint i = 0; i < labels->len; i++)
    {
      const PhRenderLabel *a = &g_array_index (labels, PhRenderLabel, i);

      g_test_message ("“%s” at %.0f,%.0f-%.0f,%.0f", a->text, a->box.x0, a->box.y0, a->box.x1,
                      a->box.y1);
      marin |= g_str_has_suffix (a->text, "Marin");
      field |= g_str_equal (a->text, "Abbey Field");
      for (guint j = i + 1; j < labels->len; j++)
        g_assert_false (ph_rect_intersects (&a->box, &g_array_index (labels, PhRenderLabel,
                                                                     j).box));
    }
  g_assert_true (marin);
  g_assert_false (field);

  /* without the figures' names the field's name is there, where it was */
  cr = cairo_create (surface);
  alone = ph_render_collect_labels (cr);
  ph_render_options_init (&opts);
  opts.layers &= ~PH_RENDER_FIGURE_NAMES;
  ph_render_map (cr, s, &view, &opts);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  field = FALSE;
  for (guint i = 0; i < alone->len; i++)
    field |= g_str_equal (g_array_index (alone, PhRenderLabel, i).text, "Abbey Field");
  g_assert_true (field);
}

/* No label (the line of sight's, a name) covers a base or a man's
 * markers: two men in contact (a melee), each with badges and smoke, a
 * third with his name beside them; the label goes further out, shortens
 * to the distance, or is left out. */
static const char *contact_xml =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
  "  <title>Contact</title>\n"
  "  <table width=\"48\" height=\"36\" unit=\"in\"/>\n"
  "  <sides>\n"
  "    <side id=\"a\" name=\"A\" color=\"#8c1c13\"/>\n"
  "    <side id=\"b\" name=\"B\" color=\"#2e5fa8\"/>\n"
  "  </sides>\n"
  "  <figures>\n"
  "    <figure id=\"putnam\" name=\"Lt. Israel Putnam\" side=\"a\" x=\"20\" y=\"20\" facing=\"90\""
  " status=\"moved fired\"><weapon kind=\"musket\" loaded=\"false\"/></figure>\n"
  "    <figure id=\"dubois\" name=\"Sgt. Dubois\" side=\"b\" x=\"21.4\" y=\"20\" facing=\"270\""
  " status=\"moved\"><weapon kind=\"musket\"/></figure>\n"
  "    <figure id=\"marin\" name=\"Ens. Joseph Marin\" side=\"b\" x=\"20.7\" y=\"21.6\"/>\n"
  "  </figures>\n"
  "</scenario>\n";

static void
test_los_label_clear (void)
{
  g_autoptr(PhScenario) s = load (contact_xml);
  const char *selected[] = { "putnam", NULL };
  const char *activated[] = { "putnam", "dubois", NULL };
  g_autoptr(GArray) labels = NULL;
  cairo_surface_t *surface;
  PhRenderOptions opts;
  PhRenderView view;
  cairo_t *cr;
  int w, h;
  guint n_los = 0;

  ph_render_options_init (&opts);
  opts.selected = selected;
  opts.activated = activated;
  opts.los_from = "putnam";
  opts.los_to = "dubois";
  ph_render_image_size (&s->table, SCALE, &w, &h, &view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (surface);
  labels = ph_render_collect_labels (cr);
  ph_render_map (cr, s, &view, &opts);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  for (guint i = 0; i < labels->len; i++)
    {
      const PhRenderLabel *a = &g_array_index (labels, PhRenderLabel, i);

      /* the rulers' numbers stand outside the table */
      if (a->box.x0 < ph_render_view_to_device (&view, (PhPoint) { 0, 0 }).x
          || a->box.y0 < ph_render_view_to_device (&view, (PhPoint) { 0, 0 }).y)
        continue;
      /* the badges' own letters are theirs */
      if (g_utf8_strlen (a->text, -1) == 1)
        continue;
      if (g_str_has_suffix (a->text, " in") || g_str_has_suffix (a->text, ", clear"))
        n_los++;
      g_test_message ("line of sight label “%s” at %.0f,%.0f-%.0f,%.0f", a->text,
                      a->box.x0, a->box.y0, a->box.x1, a->box.y1);
      for (guint k = 0; k < s->figures->len; k++)
        {
          const PhFigure *f = g_ptr_array_index (s->figures, k);
          PhPoint c = ph_render_view_to_device (&view, (PhPoint) { f->x, f->y });
          /* the base, and its badges' row above to the right */
          double r = 0.5 * SCALE;
          PhRect base = { c.x - r, c.y - r, c.x + r, c.y + r };
          PhRect badges = { c.x + r * 0.72 - 10, c.y - r * 0.72 - 12, c.x + r * 0.72 + 60,
                            c.y - r * 0.72 + 8 };
          /* (a man without markers has no badges' row: Marin) */
          g_autofree char *markers = ph_render_describe_markers (f, g_strv_contains (activated,
                                                                                     f->id));

          if (ph_rect_intersects (&a->box, &base)
              || (markers != NULL && ph_rect_intersects (&a->box, &badges)))
            g_error ("“%s” covers %s's base or markers", a->text, f->id);
        }
      for (guint j = 0; j < labels->len; j++)
        if (j != i && ph_rect_intersects (&a->box, &g_array_index (labels, PhRenderLabel, j).box))
          g_error ("“%s” covers “%s”", a->text, g_array_index (labels, PhRenderLabel, j).text);
    }
  g_assert_cmpuint (n_los, <=, 1);
  /* every man keeps his name (Dubois's was left out when only the four
   * sides of his base were tried) */
  for (guint k = 0; k < s->figures->len; k++)
    {
      const char *name = ph_figure_display_name (g_ptr_array_index (s->figures, k));
      const char *last = strrchr (name, ' ') + 1;
      gboolean named = FALSE;

      for (guint i = 0; i < labels->len; i++)
        {
          const char *text = g_array_index (labels, PhRenderLabel, i).text;

          named |= g_str_equal (text, name) || g_str_has_suffix (text, last);
        }
      if (!named)
        g_error ("%s has no name on the map", name);
    }
}

/* How many pixels of the smoke's white (0.97, 0.97, 0.95) @surface has
 * within @radius of @x, @y */
static guint
smoke_pixels_near (cairo_surface_t *surface,
                   double           x,
                   double           y,
                   double           radius)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint n = 0;

  cairo_surface_flush (surface);
  for (int j = (int) (y - radius); j <= (int) (y + radius); j++)
    for (int i = (int) (x - radius); i <= (int) (x + radius); i++)
      {
        guint32 px;
        int r, g, b;

        if (hypot (i - x, j - y) > radius || i < 0 || j < 0
            || i >= cairo_image_surface_get_width (surface)
            || j >= cairo_image_surface_get_height (surface))
          continue;
        px = *(const guint32 *) (data + j * stride + i * 4);
        r = (px >> 16) & 0xff;
        g = (px >> 8) & 0xff;
        b = px & 0xff;
        if (r >= 240 && g >= 240 && b >= 235 && b <= 246)
          n++;
      }
  return n;
}

/* A man who fired shows his smoke in front; picked, his turning handle
 * stands there (the window's, 6 px round, 14 px beyond his base's edge),
 * and the smoke moves aside to leave it clear */
static void
test_smoke_clear_of_handle (void)
{
  g_autoptr(PhScenario) s = load (contact_xml);
  const char *selected[] = { "putnam", NULL };
  PhFigure *putnam = ph_scenario_find_figure (s, "putnam");
  guint counts[2];
  PhRenderView view;
  PhBase base;
  PhPoint c;
  double reach, hx, hy;
  int w, h;

  /* alone on the table, his smoke over the bare cloth, no badge by it */
  putnam->status = PH_STATUS_FIRED;
  for (guint i = 0; i < s->figures->len; i++)
    if (g_ptr_array_index (s->figures, i) != putnam)
      ((PhFigure *) g_ptr_array_index (s->figures, i))->x = 40;
  ph_render_image_size (&s->table, SCALE, &w, &h, &view);
  ph_figure_get_base (putnam, &base);
  c = ph_render_view_to_device (&view, base.centre);
  reach = base.width / 2 * view.scale + 14;
  hx = c.x + sin (base.facing * G_PI / 180) * reach;
  hy = c.y - cos (base.facing * G_PI / 180) * reach;
  for (int picked = 0; picked < 2; picked++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
      cairo_t *cr = cairo_create (surface);
      PhRenderOptions opts;

      ph_render_options_init (&opts);
      if (picked)
        opts.selected = selected;
      ph_render_map (cr, s, &view, &opts);
      cairo_destroy (cr);
      counts[picked] = smoke_pixels_near (surface, hx, hy, 6);
      /* and the smoke is still drawn, near him */
      g_assert_cmpuint (smoke_pixels_near (surface, c.x, c.y, reach + 6), >, 20);
      cairo_surface_destroy (surface);
    }
  g_test_message ("smoke pixels under the handle: %u not picked, %u picked", counts[0], counts[1]);
  g_assert_cmpuint (counts[0], >, 0);
  g_assert_cmpuint (counts[1], ==, 0);
}

/* A picked man's name stands clear of his selection glow (3.5 px out
 * from his base, 5 px wide): in the exported image the ring lay over the
 * name's plate. Checked both ways round, the name above and below. */
static void
test_name_clear_of_selection (void)
{
  g_autoptr(PhScenario) s = load (contact_xml);
  const char *selected[] = { "putnam", NULL };
  PhFigure *putnam = ph_scenario_find_figure (s, "putnam");
  PhRenderView view;
  int w, h;

  for (guint i = 0; i < s->figures->len; i++)
    if (g_ptr_array_index (s->figures, i) != putnam)
      ((PhFigure *) g_ptr_array_index (s->figures, i))->x = 40;
  ph_render_image_size (&s->table, 24, &w, &h, &view);
  for (int facing = 0; facing <= 180; facing += 180)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
      cairo_t *cr = cairo_create (surface);
      g_autoptr(GArray) labels = ph_render_collect_labels (cr);
      PhRenderOptions opts;
      PhBase base;
      PhPoint c;
      double glow;
      gboolean found = FALSE;

      /* his handle in front, his name behind him */
      putnam->facing = facing;
      ph_figure_get_base (putnam, &base);
      c = ph_render_view_to_device (&view, base.centre);
      glow = base.width / 2 * view.scale + 3.5 + 2.5;
      ph_render_options_init (&opts);
      opts.selected = selected;
      ph_render_map (cr, s, &view, &opts);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      for (guint i = 0; i < labels->len; i++)
        {
          const PhRenderLabel *l = &g_array_index (labels, PhRenderLabel, i);
          /* the plate: the ink and a little more */
          PhRect plate = { l->box.x0 - 1, l->box.y0 - 2, l->box.x1 + 1, l->box.y1 + 2 };
          double nx = CLAMP (c.x, plate.x0, plate.x1), ny = CLAMP (c.y, plate.y0, plate.y1);

          if (g_strcmp0 (l->text, ph_figure_display_name (putnam)) != 0)
            continue;
          found = TRUE;
          g_test_message ("facing %d: name %.1f px from his centre, glow to %.1f px",
                          facing, hypot (nx - c.x, ny - c.y), glow);
          g_assert_cmpfloat (hypot (nx - c.x, ny - c.y), >, glow);
        }
      g_assert_true (found);
    }
}

/* How many pixels of @surface inside @box are the line of sight's colour
 * (pure: its halo and the text's are darker) */
static guint
line_pixels_in (cairo_surface_t *surface,
                const PhRect    *box,
                const PhRgba    *c)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint n = 0;

  cairo_surface_flush (surface);
  for (int j = MAX (0, (int) box->y0); j <= (int) box->y1 && j < cairo_image_surface_get_height (surface); j++)
    for (int i = MAX (0, (int) box->x0); i <= (int) box->x1 && i < cairo_image_surface_get_width (surface); i++)
      {
        guint32 px = *(const guint32 *) (data + j * stride + i * 4);

        if (abs ((int) ((px >> 16) & 0xff) - (int) (c->r * 255)) <= 6
            && abs ((int) ((px >> 8) & 0xff) - (int) (c->g * 255)) <= 6
            && abs ((int) (px & 0xff) - (int) (c->b * 255)) <= 6)
          n++;
      }
  return n;
}

/* The line of sight passes under the name of a man it crosses: a gap
 * where the name stands, the line on either side of it */
static void
test_los_line_under_names (void)
{
  static const char *xml =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "  <title>Across</title>\n"
    "  <table width=\"48\" height=\"36\" unit=\"in\"/>\n"
    "  <sides>\n"
    "    <side id=\"a\" name=\"A\" color=\"#8c1c13\"/>\n"
    "    <side id=\"b\" name=\"B\" color=\"#2e5fa8\"/>\n"
    "  </sides>\n"
    "  <figures>\n"
    "    <figure id=\"putnam\" name=\"Putnam\" side=\"a\" x=\"8\" y=\"20\" facing=\"90\"/>\n"
    "    <figure id=\"dubois\" name=\"Dubois\" side=\"b\" x=\"34\" y=\"20\" facing=\"270\"/>\n"
    "    <figure id=\"marin\" name=\"Ens. Joseph Marin of the Compagnies\" side=\"b\" x=\"21\" y=\"19\"/>\n"
    "  </figures>\n"
    "</scenario>\n";
  g_autoptr(PhScenario) s = load (xml);
  g_autoptr(GArray) labels = NULL;
  const PhRenderLabel *name = NULL;
  cairo_surface_t *surface;
  PhRenderOptions opts;
  PhRenderView view;
  PhPoint a, b;
  cairo_t *cr;
  int w, h;

  ph_render_options_init (&opts);
  opts.los_from = "putnam";
  opts.los_to = "dubois";
  ph_render_image_size (&s->table, SCALE, &w, &h, &view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (surface);
  labels = ph_render_collect_labels (cr);
  ph_render_map (cr, s, &view, &opts);
  cairo_destroy (cr);
  for (guint i = 0; i < labels->len; i++)
    if (g_str_equal (g_array_index (labels, PhRenderLabel, i).text,
                     "Ens. Joseph Marin of the Compagnies"))
      name = &g_array_index (labels, PhRenderLabel, i);
  g_assert_nonnull (name);
  a = ph_render_view_to_device (&view, (PhPoint) { 8, 20 });
  b = ph_render_view_to_device (&view, (PhPoint) { 34, 20 });
  g_test_message ("the name at %.0f,%.0f-%.0f,%.0f, the line at y %.0f", name->box.x0,
                  name->box.y0, name->box.x1, name->box.y1, a.y);
  /* the line runs through the name's box: the test means something */
  g_assert_cmpfloat (name->box.y0 - 2, <=, a.y);
  g_assert_cmpfloat (name->box.y1 + 2, >=, a.y);
  /* none of it inside the name; plenty of it either side */
  g_assert_cmpuint (line_pixels_in (surface, &name->box, &opts.los_clear_color), ==, 0);
  {
    PhRect before = { a.x + 20, a.y - 2, name->box.x0 - 10, a.y + 2 };
    PhRect after = { name->box.x1 + 10, b.y - 2, b.x - 20, b.y + 2 };

    g_assert_cmpuint (line_pixels_in (surface, &before, &opts.los_clear_color), >, 20);
    g_assert_cmpuint (line_pixels_in (surface, &after, &opts.los_clear_color), >, 20);
  }
  cairo_surface_destroy (surface);
}

/* A picked man in base contact, his neighbour's name under them both: his
 * own name goes where it covers no other name (it was forced under him,
 * over his neighbour's) */
static void
test_picked_name_in_contact (void)
{
  static const char *xml =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "  <title>Contact</title>\n"
    "  <table width=\"48\" height=\"36\" unit=\"in\"/>\n"
    "  <sides>\n"
    "    <side id=\"a\" name=\"A\" color=\"#8c1c13\"/>\n"
    "    <side id=\"b\" name=\"B\" color=\"#2e5fa8\"/>\n"
    "  </sides>\n"
    "  <figures>\n"
    "    <figure id=\"hosmer\" name=\"Cpl. Abner Hosmer of Acton\" side=\"b\" x=\"21\" y=\"20\" facing=\"270\"/>\n"
    "    <figure id=\"laurie\" name=\"Capt. Walter Laurie\" side=\"a\" x=\"20\" y=\"20\" facing=\"0\"/>\n"
    "    <figure id=\"west\" name=\"Pte West\" side=\"a\" x=\"19\" y=\"20\" facing=\"90\"/>\n"
    "  </figures>\n"
    "</scenario>\n";
  g_autoptr(PhScenario) s = load (xml);
  const char *selected[] = { "laurie", NULL };
  g_autoptr(GArray) labels = NULL;
  const PhRenderLabel *mine = NULL;
  cairo_surface_t *surface;
  PhRenderOptions opts;
  PhRenderView view;
  cairo_t *cr;
  int w, h;

  ph_render_options_init (&opts);
  opts.selected = selected;
  ph_render_image_size (&s->table, SCALE, &w, &h, &view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (surface);
  labels = ph_render_collect_labels (cr);
  ph_render_map (cr, s, &view, &opts);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  for (guint i = 0; i < labels->len; i++)
    if (g_str_equal (g_array_index (labels, PhRenderLabel, i).text, "Capt. Walter Laurie"))
      mine = &g_array_index (labels, PhRenderLabel, i);
  g_assert_nonnull (mine);
  for (guint i = 0; i < labels->len; i++)
    {
      const PhRenderLabel *other = &g_array_index (labels, PhRenderLabel, i);

      if (other == mine || g_utf8_strlen (other->text, -1) <= 1)
        continue;
      g_test_message ("“%s” at %.0f,%.0f-%.0f,%.0f", other->text, other->box.x0, other->box.y0,
                      other->box.x1, other->box.y1);
      if (g_str_has_prefix (other->text, "Cpl.") || g_str_has_prefix (other->text, "Pte")
          || g_str_equal (other->text, "Hosmer") || g_str_equal (other->text, "West")
          || g_str_equal (other->text, "Acton"))
        g_assert_false (ph_rect_intersects (&mine->box, &other->box));
    }
}

/* The threat map's colour, drawn by ph_render_threat_cells() for a cell
 * whose best chance is @best, over a cloth of @cloth: the pixel */
static guint32
threat_pixel (double  best,
              guint32 cloth)
{
  PhThreatCell cell = { 1, best, best, best };
  PhThreatMap map = { 1, 1, 0, 0, 1, &cell };
  PhRenderView view = { 4, 0, 0 };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 4, 4);
  cairo_t *cr = cairo_create (surface);
  guint32 pixel;

  cairo_set_source_rgb (cr, ((cloth >> 16) & 0xff) / 255.0, ((cloth >> 8) & 0xff) / 255.0,
                        (cloth & 0xff) / 255.0);
  cairo_paint (cr);
  ph_render_threat_cells (cr, &map, &view);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  pixel = ((const guint32 *) cairo_image_surface_get_data (surface))[0] & 0xffffff;
  cairo_surface_destroy (surface);
  return pixel;
}

static double
rgb_distance (guint32 a,
              guint32 b)
{
  double dr = (int) ((a >> 16) & 0xff) - (int) ((b >> 16) & 0xff);
  double dg = (int) ((a >> 8) & 0xff) - (int) ((b >> 8) & 0xff);
  double db = (int) (a & 0xff) - (int) (b & 0xff);

  return sqrt (dr * dr + dg * dg + db * db);
}

/* The threat map's scale: a few steps, each clearly its own colour over
 * the cloths a table has (grass, a dark mat, sand). The trial read 60% and
 * 89% to hit as RGB 162,119,91 and 158,104,81, 18 apart: a continuous red
 * of rising alpha. */
static void
test_threat_scale (void)
{
  static const guint32 cloths[] = { 0x8ea365, 0x3b4a2a, 0xd8c8a0 };
  static const double chances[] = { 0, 0.05, 0.2, 0.4, 0.6, 0.89 };

  g_assert_cmpuint (ph_render_threat_n_steps (), ==, G_N_ELEMENTS (chances));
  for (guint i = 0; i < G_N_ELEMENTS (chances); i++)
    {
      g_assert_cmpuint (ph_render_threat_step (chances[i]), ==, i);
      g_assert_cmpstr (ph_render_threat_step_label (i), !=, "");
    }
  g_assert_cmpuint (ph_render_threat_step (0.0999), ==, 1);
  g_assert_cmpuint (ph_render_threat_step (0.10), ==, 2);
  g_assert_cmpuint (ph_render_threat_step (0.75), ==, 5);
  g_assert_cmpuint (ph_render_threat_step (1.0), ==, 5);
  for (guint c = 0; c < G_N_ELEMENTS (cloths); c++)
    {
      for (guint i = 0; i < G_N_ELEMENTS (chances); i++)
        for (guint j = i + 1; j < G_N_ELEMENTS (chances); j++)
          {
            double d = rgb_distance (threat_pixel (chances[i], cloths[c]),
                                     threat_pixel (chances[j], cloths[c]));

            g_test_message ("cloth %06x: %g%% and %g%% %.0f apart", cloths[c],
                            100 * chances[i], 100 * chances[j], d);
            g_assert_cmpfloat (d, >=, 40);
          }
      /* the trial's two spots */
      g_assert_cmpfloat (rgb_distance (threat_pixel (0.60, cloths[c]), threat_pixel (0.89, cloths[c])),
                         >=, 60);
    }
}

/* Pixels of @s drawn with @opts that differ from @other's */
static guint
count_differing (const PhScenario      *s,
                 const PhRenderOptions *a,
                 const PhRenderOptions *b)
{
  PhRenderView view;
  cairo_surface_t *images[2];
  const PhRenderOptions *opts[2] = { a, b };
  guint changed = 0;
  int w, h;

  ph_render_image_size (&s->table, SCALE, &w, &h, &view);
  for (int k = 0; k < 2; k++)
    {
      cairo_t *cr;

      images[k] = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
      cr = cairo_create (images[k]);
      ph_render_map (cr, s, &view, opts[k]);
      cairo_destroy (cr);
      cairo_surface_flush (images[k]);
    }
  for (int y = 0; y < h; y++)
    {
      const guint32 *pa = (const guint32 *) (cairo_image_surface_get_data (images[0])
                                             + y * cairo_image_surface_get_stride (images[0]));
      const guint32 *pb = (const guint32 *) (cairo_image_surface_get_data (images[1])
                                             + y * cairo_image_surface_get_stride (images[1]));

      for (int x = 0; x < w; x++)
        changed += (pa[x] & 0xffffff) != (pb[x] & 0xffffff);
    }
  cairo_surface_destroy (images[0]);
  cairo_surface_destroy (images[1]);
  return changed;
}

/* The line of sight's label names the cover the shot will count beside
 * "clear": Sgt. Dubois stands in the Widow's cabin, so Lt. Putnam's line
 * to him reads "…, clear, target in building" (Firelock's class, as the
 * shot's log says it), and back the other way, in the open, just "clear"
 * (a referee read "clear" as no cover and the shot then counted the
 * building) */
static char *
los_label_ending (const PhScenario *s,
                  const char       *from,
                  const char       *to,
                  const char       *mark)
{
  g_autoptr(GArray) labels = NULL;
  cairo_surface_t *surface;
  PhRenderOptions opts;
  PhRenderView view;
  cairo_t *cr;
  int w, h;
  char *found = NULL;

  ph_render_options_init (&opts);
  opts.los_from = from;
  opts.los_to = to;
  ph_render_image_size (&s->table, SCALE, &w, &h, &view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (surface);
  labels = ph_render_collect_labels (cr);
  ph_render_map (cr, s, &view, &opts);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  for (guint i = 0; i < labels->len && found == NULL; i++)
    {
      const PhRenderLabel *l = &g_array_index (labels, PhRenderLabel, i);

      if (strstr (l->text, mark) != NULL)
        found = g_strdup (l->text);
    }
  return found;
}

static char *
los_label (const PhScenario *s,
           const char       *from,
           const char       *to)
{
  return los_label_ending (s, from, to, " in, ");
}

static void
test_los_label_cover (void)
{
  g_autofree char *data = data_dir ();
  g_autofree char *path = g_build_filename (data, "scenarios", "firelock-bloody-run-1758.xml",
                                            NULL);
  g_autoptr(PhScenario) s = ph_scenario_load_file (path, NULL);
  g_autofree char *to_dubois = NULL;
  g_autofree char *to_putnam = NULL;
  g_autofree char *want = NULL;
  const PhFigure *p, *d;

  g_assert_nonnull (s);
  p = ph_scenario_find_figure (s, "putnam");
  d = ph_scenario_find_figure (s, "dubois");
  to_dubois = los_label (s, "putnam", "dubois");
  to_putnam = los_label (s, "dubois", "putnam");
  want = g_strdup_printf ("%.1f in, target in Widow Tucker's Cabin (building)",
                          ph_engine_distance (s, p, d));
  g_assert_cmpstr (to_dubois, ==, want);
  g_assert_true (g_str_has_suffix (to_putnam, " in, clear"));
}

/* The cover named by the feature giving it, and the cover in the
 * ruleset's words: "50.0 paces, target in Terraced Vineyard (soft
 * cover)" (Featherstone's brush), not "in soft cover" alone */
static void
test_los_label_cover_names_feature (void)
{
  g_autofree char *data = data_dir ();
  g_autofree char *path = g_build_filename (data, "scenarios", "featherstone-cacabelos-1809.xml",
                                            NULL);
  g_autoptr(PhScenario) s = ph_scenario_load_file (path, NULL);
  const PhFigure *hill, *roux;
  const PhFeature *feature = NULL;
  g_autofree char *label = NULL;
  g_autofree char *want = NULL;
  int cover_class = 0;

  g_assert_nonnull (s);
  hill = ph_scenario_find_figure (s, "lt_hill");
  roux = ph_scenario_find_figure (s, "voltigeur_roux");
  g_assert_cmpint (ph_engine_cover (s, hill, roux, &cover_class, &feature), ==, PH_COVER_SOFT);
  g_assert_nonnull (feature);
  g_assert_cmpstr (feature->id, ==, "north_vineyard");
  label = los_label_ending (s, "lt_hill", "voltigeur_roux", " paces, ");
  want = g_strdup_printf ("%.1f paces, target in Terraced Vineyard (soft cover)",
                          ph_engine_distance (s, hill, roux));
  g_assert_cmpstr (label, ==, want);
}

/* The window's drag gives the rings' and the line of sight's labels the
 * figures layer's names and badges, worked out once for the drag
 * (PhRenderOptions.label_obstacles), rather than placing every name again
 * for each frame: drawn so, the map is the same to the pixel, on the
 * crowded scene and on the farmstead, and the boxes given are what the
 * labels read (one box over the whole table leaves no room for them). */
static void
check_label_obstacles (const PhScenario *s,
                       const char       *rings,
                       const char       *los_from,
                       const char       *los_to)
{
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (PhRect));
  g_autoptr(GArray) labels = g_array_new (FALSE, FALSE, sizeof (PhRect));
  PhRenderOptions opts, given, wrong;
  PhRenderView view;
  PhRect all;
  cairo_surface_t *surface;
  cairo_t *cr;
  int w, h;

  ph_render_options_init (&opts);
  opts.rings_figure = rings;
  opts.los_from = los_from;
  opts.los_to = los_to;
  ph_render_image_size (&s->table, SCALE, &w, &h, &view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (surface);
  ph_render_figure_obstacles (cr, s, &view, &opts, boxes, labels);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  /* the names, badges and smoke; the bases are the first list's alone */
  g_assert_cmpuint (labels->len, >=, s->figures->len / 2);
  g_assert_cmpuint (boxes->len, >, labels->len);

  given = opts;
  given.label_obstacles = (const PhRect *) labels->data;
  given.n_label_obstacles = labels->len;
  g_assert_cmpuint (count_differing (s, &opts, &given), ==, 0);

  all = (PhRect) { 0, 0, w, h };
  wrong = opts;
  wrong.label_obstacles = &all;
  wrong.n_label_obstacles = 1;
  g_assert_cmpuint (count_differing (s, &opts, &wrong), >, 50);
}

static void
test_label_obstacles_given (void)
{
  g_autofree char *data = data_dir ();
  g_autofree char *path = g_build_filename (data, "scenarios",
                                            "musket-mayhem-fight-at-the-farmstead.xml", NULL);
  g_autoptr(PhScenario) crowded = load (crowded_xml);
  g_autoptr(PhScenario) farm = ph_scenario_load_file (path, NULL);
  const PhFigure *a, *b;

  check_label_obstacles (crowded, "capt", "pte", "f3");
  g_assert_nonnull (farm);
  a = g_ptr_array_index (farm->figures, 0);
  b = g_ptr_array_index (farm->figures, farm->figures->len - 1);
  check_label_obstacles (farm, a->id, a->id, b->id);
}

/* A range ring's label ("56%") over a threat map reads as the threat's:
 * rings_hide_labels leaves them out, and a threat map always does */
static void
test_threat_hides_ring_labels (void)
{
  g_autoptr(PhScenario) s = load (crowded_xml);
  PhRenderOptions labelled, bare, threat, threat_bare;

  ph_render_options_init (&labelled);
  labelled.rings_figure = "pte";
  bare = labelled;
  bare.rings_hide_labels = TRUE;
  threat = labelled;
  threat.threat_figure = "pte";
  threat_bare = threat;
  threat_bare.rings_hide_labels = TRUE;
  /* the labels go, and only with the option */
  g_assert_cmpuint (count_differing (s, &labelled, &bare), >, 50);
  g_assert_cmpuint (count_differing (s, &labelled, &labelled), ==, 0);
  /* under a threat map they are never drawn */
  g_assert_cmpuint (count_differing (s, &threat, &threat_bare), ==, 0);
}

/* --threat: the cells where enemies could shoot the figure are shaded
 * (the image differs where the map has threatened cells); an unknown
 * figure is refused before anything is drawn */
static void
test_threat (void)
{
  g_autoptr(PhScenario) s = load (crowded_xml);
  g_autoptr(PhThreatMap) map = ph_engine_threat_map (s, "pte", 4000, NULL);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *plain, *threat;
  PhRenderOptions opts;
  PhRenderView view;
  guint threatened = 0, changed = 0;
  int w, h;

  g_assert_nonnull (map);
  for (guint i = 0; i < map->nx * map->ny; i++)
    threatened += map->cells[i].shooters > 0;
  g_assert_cmpuint (threatened, >, 0);

  ph_render_image_size (&s->table, SCALE, &w, &h, &view);
  plain = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  threat = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  ph_render_options_init (&opts);
  {
    cairo_t *cr = cairo_create (plain);

    ph_render_map (cr, s, &view, &opts);
    cairo_destroy (cr);
  }
  opts.threat_figure = "pte";
  g_assert_true (ph_render_options_check (&opts, s, &error));
  {
    cairo_t *cr = cairo_create (threat);

    ph_render_map (cr, s, &view, &opts);
    cairo_destroy (cr);
  }
  cairo_surface_flush (plain);
  cairo_surface_flush (threat);
  for (int y = 0; y < h; y++)
    {
      const guint32 *a = (const guint32 *) (cairo_image_surface_get_data (plain)
                                            + y * cairo_image_surface_get_stride (plain));
      const guint32 *b = (const guint32 *) (cairo_image_surface_get_data (threat)
                                            + y * cairo_image_surface_get_stride (threat));

      for (int x = 0; x < w; x++)
        changed += (a[x] & 0xffffff) != (b[x] & 0xffffff);
    }
  g_test_message ("%u cells threatened, %u pixels shaded", threatened, changed);
  g_assert_cmpuint (changed, >, (guint) (w * h / 50));
  cairo_surface_destroy (plain);
  cairo_surface_destroy (threat);

  opts.threat_figure = "nobody";
  g_assert_false (ph_render_options_check (&opts, s, &error));
  g_assert_error (error, PH_ENGINE_ERROR, PH_ENGINE_ERROR_UNKNOWN_ID);
}

/* render --threat's legend: below the table, in a band the image adds
 * for it (in the table's corner it hid two or three inches of it), clear of the numbers along the table's edge; its swatches the very
 * colours the cells show over the cloth (over its white box they read
 * lighter and pinker, "none" grey) */
static void
test_threat_legend (void)
{
  g_autoptr(PhScenario) s = load (crowded_xml);
  g_autoptr(GArray) labels = NULL;
  PhFigure *pte = ph_scenario_find_figure (s, "pte");
  PhRgba cloth = ph_render_cloth_rgba ();
  cairo_surface_t *image;
  PhRenderOptions opts;
  PhRenderView view, plain;
  PhRect box, table;
  cairo_t *cr;
  int w, h, plain_w, plain_h;

  /* the man in the table's top-left corner */
  pte->x = 3;
  pte->y = 2;
  ph_scenario_reindex (s);
  ph_render_options_init (&opts);
  opts.threat_figure = "pte";
  ph_render_image_size (&s->table, SCALE, &plain_w, &plain_h, &plain);
  ph_render_export_size (s, SCALE, &opts, &w, &h, &view);
  /* the same view; the image taller by the legend's band */
  g_assert_cmpfloat (view.x0, ==, plain.x0);
  g_assert_cmpfloat (view.y0, ==, plain.y0);
  g_assert_cmpint (w, ==, plain_w);
  g_assert_cmpint (h, >, plain_h);
  /* without a threat map, or for nobody, no band */
  {
    PhRenderOptions none;
    int nw, nh;

    ph_render_options_init (&none);
    ph_render_export_size (s, SCALE, &none, &nw, &nh, NULL);
    g_assert_cmpint (nw, ==, plain_w);
    g_assert_cmpint (nh, ==, plain_h);
    ph_render_export_size (s, SCALE, NULL, &nw, &nh, NULL);
    g_assert_cmpint (nh, ==, plain_h);
  }
  g_assert_false (ph_render_threat_legend_box (s, &view, "nobody", &box));
  g_assert_true (ph_render_threat_legend_box (s, &view, "pte", &box));
  g_test_message ("legend %g, %g to %g, %g in %d x %d", box.x0, box.y0, box.x1, box.y1, w, h);
  /* off the table and below its edge numbers, within the image */
  table = (PhRect) { view.x0, view.y0, view.x0 + s->table.width * view.scale,
                     view.y0 + s->table.height * view.scale };
  g_assert_false (ph_rect_intersects (&box, &table));
  g_assert_cmpfloat (box.y0, >=, plain_h - 1);
  g_assert_cmpfloat (box.x0, >=, 0);
  g_assert_cmpfloat (box.x1, <=, w);
  g_assert_cmpfloat (box.y1, <=, h);

  image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (image);
  labels = ph_render_collect_labels (cr);
  ph_render_map (cr, s, &view, &opts);
  cairo_destroy (cr);
  cairo_surface_flush (image);
  /* no edge number under it */
  for (guint i = 0; i < labels->len; i++)
    if (ph_rect_intersects (&box, &g_array_index (labels, PhRenderLabel, i).box))
      g_error ("the legend covers “%s”", g_array_index (labels, PhRenderLabel, i).text);
  /* each step's swatch within the box: a block of the cells' colour over
   * the cloth (threat_pixel(): what ph_render_threat_cells() draws) */
  {
    static const double chances[] = { 0, 0.05, 0.2, 0.4, 0.6, 0.89 };

    for (guint i = 0; i < ph_render_threat_n_steps (); i++)
      {
        PhRgba c = ph_render_threat_step_over (i, &cloth);
        guint32 want = ((guint32) round (255 * c.r) << 16) | ((guint32) round (255 * c.g) << 8)
                       | (guint32) round (255 * c.b);
        guint found = 0;

        g_assert_cmpfloat (rgb_distance (want, threat_pixel (chances[i], 0x8ea365)), <=, 2);
        for (int y = (int) box.y0; y < (int) box.y1; y++)
          for (int x = (int) box.x0; x < (int) box.x1; x++)
            {
              guint32 p = ((const guint32 *) (cairo_image_surface_get_data (image)
                                              + y * cairo_image_surface_get_stride (image)))[x];

              found += rgb_distance (p & 0xffffff, want) <= 2;
            }
        g_test_message ("step %u (%s): %06x, %u pixels of it in the legend", i,
                        ph_render_threat_step_label (i), want, found);
        g_assert_cmpuint (found, >=, 100);
      }
  }
  cairo_surface_destroy (image);
}

/* Renders @s at @scale with the options given (or the defaults), the
 * labels collected; the image in *@out when not NULL */
static GArray *
render_labels (PhScenario            *s,
               double                 scale,
               const PhRenderOptions *opts,
               cairo_surface_t      **out,
               PhRenderView          *view_out)
{
  GArray *labels;
  cairo_surface_t *surface;
  PhRenderView view;
  cairo_t *cr;
  int w, h;

  ph_render_image_size (&s->table, scale, &w, &h, &view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (surface);
  labels = ph_render_collect_labels (cr);
  ph_render_map (cr, s, &view, opts);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (out != NULL)
    *out = surface;
  else
    cairo_surface_destroy (surface);
  if (view_out != NULL)
    *view_out = view;
  return labels;
}

static const PhRenderLabel *
find_label (GArray     *labels,
            const char *text)
{
  for (guint i = 0; i < labels->len; i++)
    if (g_str_equal (g_array_index (labels, PhRenderLabel, i).text, text))
      return &g_array_index (labels, PhRenderLabel, i);
  return NULL;
}

static int
luma_at (cairo_surface_t *surface,
         int              x,
         int              y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 px = *(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4);

  return (((px >> 16) & 0xff) * 3 + ((px >> 8) & 0xff) * 6 + (px & 0xff)) / 10;
}

/* Issue 11: a leader line from a name to its man ran under a
 * neighbour's name plate, and was lost there. In the crowded file,
 * Sans-Quartier's name goes a line further down, its leader across
 * Tremblay's plate: drawn over it (the column of the leader in that
 * plate is darker than with no leader there), never under */
static void
test_leader_over_plates (void)
{
  g_autoptr(PhScenario) with = load (crowded_xml);
  g_autoptr(PhScenario) without = load (crowded_xml);
  g_autoptr(GArray) a = NULL;
  g_autoptr(GArray) b = NULL;
  cairo_surface_t *sa, *sb;
  const PhRenderLabel *plate, *lead;
  PhRenderView view;
  PhFigure *f3;
  PhPoint c;
  guint darker = 0;

  a = render_labels (with, SCALE, NULL, &sa, &view);
  /* the same with a name that fits beside him: no leader */
  f3 = ph_scenario_find_figure (without, "f3");
  g_free (f3->name);
  f3->name = g_strdup ("Q");
  b = render_labels (without, SCALE, NULL, &sb, NULL);

  lead = find_label (a, "Sdt. Louis-Joseph Sans-Quartier");
  plate = find_label (a, "Cpl. Jean-Baptiste Tremblay");
  g_assert_nonnull (lead);
  g_assert_nonnull (plate);
  g_assert_nonnull (find_label (b, "Cpl. Jean-Baptiste Tremblay"));
  c = ph_render_view_to_device (&view, (PhPoint) { f3->x, f3->y });
  g_test_message ("leader at x %.1f from %.0f to the plate at y %.0f; Tremblay's %.0f-%.0f, %.0f-%.0f",
                  c.x, c.y, lead->box.y0, plate->box.x0, plate->box.x1, plate->box.y0,
                  plate->box.y1);
  /* the leader goes down from his base past Tremblay's plate */
  g_assert_cmpfloat (lead->box.y0, >, plate->box.y1);
  g_assert_cmpfloat (c.x, >, plate->box.x0);
  g_assert_cmpfloat (c.x, <, plate->box.x1);
  g_assert_cmpfloat (c.y, <, plate->box.y0);
  for (int y = (int) floor (plate->box.y0) - 1; y <= (int) ceil (plate->box.y1) + 1; y++)
    {
      int la = 255, lb = 255;

      for (int x = (int) floor (c.x) - 1; x <= (int) floor (c.x) + 1; x++)
        {
          la = MIN (la, luma_at (sa, x, y));
          lb = MIN (lb, luma_at (sb, x, y));
        }
      darker += la < lb - 25;
    }
  g_test_message ("%u rows of the plate darker by the leader", darker);
  g_assert_cmpuint (darker, >=, 3);
  cairo_surface_destroy (sa);
  cairo_surface_destroy (sb);
}

/* Issue 11: names shortened to their last word became ambiguous where
 * two men (Guns of War's units) share it: "Musketeers" for both the
 * Duke's and the Free Company's. A shortened name is one no other man
 * in view shares: "Duke's Musketeers" */
static const char *units_xml =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
  "  <title>Units</title>\n"
  "  <table width=\"48\" height=\"36\" unit=\"in\"/>\n"
  "  <sides>\n"
  "    <side id=\"a\" name=\"A\" color=\"#8c1c13\"/>\n"
  "    <side id=\"b\" name=\"B\" color=\"#2e5fa8\"/>\n"
  "  </sides>\n"
  "  <figures>\n"
  "    <figure id=\"u1\" name=\"Duke's Drilled Musketeers\" side=\"a\" x=\"10\" y=\"20\"/>\n"
  "    <figure id=\"u2\" name=\"Free Company Musketeers\" side=\"b\" x=\"12.2\" y=\"20\"/>\n"
  "    <figure id=\"u3\" name=\"Abbey Guard Musketeers\" side=\"a\" x=\"14.4\" y=\"20\"/>\n"
  "    <figure id=\"u4\" name=\"Town Watch Musketeers\" side=\"b\" x=\"16.6\" y=\"20\"/>\n"
  "    <figure id=\"u5\" name=\"Lesk Militia Musketeers\" side=\"a\" x=\"10\" y=\"21.5\"/>\n"
  "    <figure id=\"u6\" name=\"Old Town Musketeers\" side=\"b\" x=\"12.2\" y=\"21.5\"/>\n"
  "    <figure id=\"u7\" name=\"River Ward Musketeers\" side=\"a\" x=\"14.4\" y=\"21.5\"/>\n"
  "    <figure id=\"u8\" name=\"Hill Fort Musketeers\" side=\"b\" x=\"16.6\" y=\"21.5\"/>\n"
  "    <figure id=\"u9\" name=\"North Gate Musketeers\" side=\"a\" x=\"10\" y=\"23\"/>\n"
  "    <figure id=\"u10\" name=\"South Gate Musketeers\" side=\"b\" x=\"12.2\" y=\"23\"/>\n"
  "    <figure id=\"u11\" name=\"Mill Race Musketeers\" side=\"a\" x=\"14.4\" y=\"23\"/>\n"
  "    <figure id=\"u12\" name=\"Barn Yard Musketeers\" side=\"b\" x=\"16.6\" y=\"23\"/>\n"
  "  </figures>\n"
  "</scenario>\n";

static void
test_short_names_distinct (void)
{
  g_autoptr(PhScenario) s = load (units_xml);
  g_autoptr(GArray) labels = render_labels (s, 12, NULL, NULL, NULL);
  guint shortened = 0;

  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = g_array_index (labels, PhRenderLabel, i).text;

      if (strstr (text, "Musketeers") == NULL)
        continue;
      g_test_message ("label: %s", text);
      /* never the word they share alone */
      g_assert_cmpstr (text, !=, "Musketeers");
      shortened += g_strcmp0 (strchr (text, ' '), " Musketeers") == 0;
      for (guint j = i + 1; j < labels->len; j++)
        g_assert_cmpstr (text, !=, g_array_index (labels, PhRenderLabel, j).text);
    }
  /* a block of twelve, 2.2 by 1.5 in apart at 12 px to the inch: their
   * names do not all fit whole, some are shortened to their first word
   * and the last */
  g_assert_cmpuint (shortened, >, 0);
}

/* Issue 11: men in base contact were said to lose their names. On every
 * example, at the scales the window shows them, each man in base contact
 * with another has his name (whole or shortened) on the map */
static void
test_contact_names (void)
{
  static const char * const examples[] = {
    "featherstone-cacabelos-1809.xml", "firelock-bloody-run-1758.xml",
    "fistful-north-bridge-1775.xml", "guns-of-war-tithe-barn.xml",
    "musket-mayhem-fight-at-the-farmstead.xml",
  };
  static const double scales[] = { 12, 20, 30 };
  g_autofree char *data = data_dir ();
  guint in_contact = 0;

  for (guint e = 0; e < G_N_ELEMENTS (examples); e++)
    for (guint sc = 0; sc < G_N_ELEMENTS (scales); sc++)
      {
        g_autofree char *path = g_build_filename (data, "scenarios", examples[e], NULL);
        g_autoptr(PhScenario) s = ph_scenario_load_file (path, NULL);
        g_autoptr(GArray) labels = NULL;
        /* a cm table at 12 px to the inch */
        double scale = scales[sc] / (s->table.unit == PH_UNIT_CM ? 2.54 : 1);

        g_assert_nonnull (s);
        /* none of them has men in contact as it is: the second man on
         * the table put in base contact with the first, the third with
         * the second, on his right */
        {
          PhFigure *prev = NULL;
          guint moved = 0;

          for (guint k = 0; k < s->figures->len && moved < 2; k++)
            {
              PhFigure *f = g_ptr_array_index (s->figures, k);

              if (ph_figure_is_off_table (f))
                continue;
              if (prev != NULL)
                {
                  f->x = prev->x + (prev->base_width + f->base_width) / 2;
                  f->y = prev->y;
                  moved++;
                }
              prev = f;
            }
        }
        labels = render_labels (s, scale, NULL, NULL, NULL);
        for (guint k = 0; k < s->figures->len; k++)
          {
            const PhFigure *f = g_ptr_array_index (s->figures, k);
            const char *full = ph_figure_display_name (f);
            const char *last = strrchr (full, ' ');
            gboolean contact = FALSE, named = FALSE;
            PhBase base;

            if (ph_figure_is_off_table (f))
              continue;
            ph_figure_get_base (f, &base);
            for (guint j = 0; j < s->figures->len && !contact; j++)
              {
                const PhFigure *o = g_ptr_array_index (s->figures, j);
                PhBase other;

                if (o == f || ph_figure_is_off_table (o))
                  continue;
                ph_figure_get_base (o, &other);
                contact = ph_base_distance (&base, &other) < 0.05;
              }
            if (!contact)
              continue;
            in_contact += sc == 0;
            for (guint i = 0; i < labels->len && !named; i++)
              {
                const char *text = g_array_index (labels, PhRenderLabel, i).text;

                named = g_str_equal (text, full)
                        || (last != NULL && g_str_has_suffix (text, last + 1)
                            && g_str_has_prefix (full, text) == FALSE
                            && strncmp (text, full, 1) == 0)
                        || (last != NULL && g_str_equal (text, last + 1));
              }
            if (!named)
              g_error ("%s at %g px: %s, in base contact, has no name", examples[e], scale, full);
          }
      }
  g_test_message ("%u men in base contact on the examples", in_contact);
  g_assert_cmpuint (in_contact, >, 0);
}

/* Issue 11: zoomed in, a man near the view's edge had his name slip
 * under the window's ruler band there. The area inside the bands
 * (ph_render_rulers_inside()) given as PhRenderOptions.names_inside keeps
 * the names of the men inside it inside it */
static void
test_names_inside_rulers (void)
{
  static const char *xml =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "  <title>Edge</title>\n"
    "  <table width=\"48\" height=\"36\" unit=\"in\"/>\n"
    "  <sides><side id=\"a\" name=\"A\" color=\"#8c1c13\"/></sides>\n"
    "  <figures>\n"
    "    <figure id=\"m\" name=\"Lt. Bartholomew Fitzwilliam\" side=\"a\" x=\"11.6\" y=\"11.6\"/>\n"
    "  </figures>\n"
    "</scenario>\n";
  g_autoptr(PhScenario) s = load (xml);
  g_autoptr(GArray) labels = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 400, 300);
  cairo_t *cr;
  PhRenderOptions opts;
  PhRenderView view;
  PhRect inside;
  const PhRenderLabel *name;
  PhPoint c;

  /* 40 px to the inch, the table's corner out of view: the man stands
   * just inside the left band */
  ph_render_view_init (&view, 40, -10 * 40, -10 * 40);
  g_assert_true (ph_render_rulers_inside (s, &view, 400, 300, &inside));
  g_test_message ("inside the bands: %.0f,%.0f-%.0f,%.0f", inside.x0, inside.y0, inside.x1,
                  inside.y1);
  g_assert_cmpfloat (inside.x0, >, 10);
  g_assert_cmpfloat (inside.y0, >, 10);
  g_assert_cmpfloat (inside.x1, ==, 400 - inside.x0);
  c = ph_render_view_to_device (&view, (PhPoint) { 11.6, 11.6 });
  g_assert_cmpfloat (c.x, >, inside.x0);
  g_assert_cmpfloat (c.x - inside.x0, <, 40);
  ph_render_options_init (&opts);
  opts.layers = PH_RENDER_FIGURES | PH_RENDER_FIGURE_NAMES;
  opts.names_inside = &inside;
  cr = cairo_create (surface);
  labels = ph_render_collect_labels (cr);
  ph_render_dynamic (cr, s, &view, &opts);
  name = find_label (labels, "Lt. Bartholomew Fitzwilliam");
  g_assert_nonnull (name);
  g_test_message ("his name: %.0f,%.0f-%.0f,%.0f", name->box.x0, name->box.y0, name->box.x1,
                  name->box.y1);
  g_assert_cmpfloat (name->box.x0, >=, inside.x0);
  g_assert_cmpfloat (name->box.y0, >=, inside.y0);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  /* the whole table in view: no band, nothing to keep inside */
  ph_render_view_init (&view, 4, 40, 40);
  g_assert_false (ph_render_rulers_inside (s, &view, 400, 300, &inside));
}

/* The overlays' labels apart (issue 11): a range ring's label and the
 * line of sight's keep OVERLAY_MARGIN px from each other, from the men's
 * names, the terrain's names, the badges' letters and the bases, and a
 * ring's label is not crossed by the line of sight. Draws @scenario with
 * @rings_id's rings and the line from @from to @to at @scale px a unit,
 * as render and the window draw them; the faults found, one a line, are
 * appended to @faults (the number of the overlays' labels drawn returned) */
#define OVERLAY_MARGIN 2.5

static guint overlay_label_faults_picked (const PhScenario *s, const char *rings_id,
                                          const char *from, const char *to, double scale,
                                          gboolean picked, GString *faults);

static guint
overlay_label_faults (const PhScenario *s,
                      const char       *rings_id,
                      const char       *from,
                      const char       *to,
                      double            scale,
                      GString          *faults)
{
  return overlay_label_faults_picked (s, rings_id, from, to, scale, FALSE, faults);
}

/* The same, with @picked: the man whose rings they are picked, as the
 * window shows them (his name further out, his turning handle) */
static guint
overlay_label_faults_picked (const PhScenario *s,
                             const char       *rings_id,
                             const char       *from,
                             const char       *to,
                             double            scale,
                             gboolean          picked,
                             GString          *faults)
{
  const char *selected[] = { rings_id, NULL };
  const PhFigure *rf = ph_scenario_find_figure (s, rings_id);
  const PhFigure *fa = from != NULL ? ph_scenario_find_figure (s, from) : NULL;
  const PhFigure *fb = to != NULL ? ph_scenario_find_figure (s, to) : NULL;
  g_autoptr(GArray) rings = ph_engine_range_rings (s, rf, NULL, FALSE);
  g_autoptr(GPtrArray) ring_texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) labels = NULL;
  cairo_surface_t *surface;
  PhRenderOptions opts;
  PhRenderView view;
  PhPoint tl, br, la = { 0, 0 }, lb = { 0, 0 };
  cairo_t *cr;
  int w, h;
  guint n = 0;

  for (guint i = 0; i < rings->len; i++)
    g_ptr_array_add (ring_texts, ph_render_ring_label (s, &g_array_index (rings, PhRangeRing, i)));
  ph_render_options_init (&opts);
  opts.rings_figure = rings_id;
  opts.los_from = from;
  opts.los_to = to;
  if (picked)
    opts.selected = selected;
  ph_render_image_size (&s->table, scale, &w, &h, &view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cr = cairo_create (surface);
  labels = ph_render_collect_labels (cr);
  /* (the static layer's numbers along the edges and in the hexes stand
   * under whatever is drawn over them) */
  ph_render_dynamic (cr, s, &view, &opts);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  tl = ph_render_view_to_device (&view, (PhPoint) { 0, 0 });
  br = ph_render_view_to_device (&view, (PhPoint) { s->table.width, s->table.height });
  if (fa != NULL && fb != NULL)
    {
      la = ph_render_view_to_device (&view, (PhPoint) { fa->x, fa->y });
      lb = ph_render_view_to_device (&view, (PhPoint) { fb->x, fb->y });
    }
  for (guint i = 0; i < labels->len; i++)
    {
      const PhRenderLabel *a = &g_array_index (labels, PhRenderLabel, i);
      gboolean ring = FALSE, los;
      PhRect grown;

      for (guint r = 0; r < ring_texts->len; r++)
        ring |= g_str_equal (a->text, g_ptr_array_index (ring_texts, r));
      /* the line's label: its distance first ("8.9 in, clear") */
      los = !ring && fa != NULL && g_ascii_isdigit (a->text[0]) && strchr (a->text, ' ') != NULL
            && a->box.x0 >= tl.x && a->box.y0 >= tl.y;
      if (!ring && !los)
        continue;
      n++;
      grown = (PhRect) { a->box.x0 - OVERLAY_MARGIN, a->box.y0 - OVERLAY_MARGIN,
                         a->box.x1 + OVERLAY_MARGIN, a->box.y1 + OVERLAY_MARGIN };
      for (guint j = 0; j < labels->len; j++)
        {
          const PhRenderLabel *b = &g_array_index (labels, PhRenderLabel, j);

          /* the rulers' numbers, outside the table; a hex's number
           * ("0607", zoomed in), under whatever is drawn there */
          if (j == i || b->box.x1 < tl.x || b->box.y1 < tl.y || b->box.x0 > br.x
              || b->box.y0 > br.y
              || (strlen (b->text) == 4 && strspn (b->text, "0123456789") == 4))
            continue;
          if (ph_rect_intersects (&grown, &b->box))
            g_string_append_printf (faults, "%s, %s to %s at %g: “%s” (%.0f,%.0f-%.0f,%.0f) "
                                    "meets “%s” (%.0f,%.0f-%.0f,%.0f)\n", rings_id, from, to,
                                    scale, a->text, a->box.x0, a->box.y0, a->box.x1, a->box.y1,
                                    b->text, b->box.x0, b->box.y0, b->box.x1, b->box.y1);
        }
      for (guint k = 0; k < s->figures->len; k++)
        {
          const PhFigure *f = g_ptr_array_index (s->figures, k);
          PhBase base;
          PhPoint c;
          double r;
          PhRect bb;

          if (ph_figure_is_off_table (f))
            continue;
          ph_figure_get_base (f, &base);
          c = ph_render_view_to_device (&view, base.centre);
          r = MAX (base.width, base.depth) * scale / 2;
          bb = (PhRect) { c.x - r, c.y - r, c.x + r, c.y + r };
          if (ph_rect_intersects (&a->box, &bb))
            g_string_append_printf (faults, "%s, %s to %s at %g: “%s” covers %s's base\n",
                                    rings_id, from, to, scale, a->text, f->id);
        }
      if (ring && fa != NULL && fb != NULL && ph_segment_meets_rect ((PhSegment) { la, lb }, &a->box))
        g_string_append_printf (faults, "%s, %s to %s at %g: the line of sight crosses “%s”\n",
                                rings_id, from, to, scale, a->text);
    }
  return n;
}

/* Featherstone: two men in contact, "0.0 paces" apart: the line's label
 * ran into the ring's "short 10 paces" by them. Lt. Hill with a
 * voltigeur against his base on every side, at the window's scale and
 * zoomed in */
static void
test_overlay_labels_contact (void)
{
  g_autofree char *data = data_dir ();
  g_autofree char *path = g_build_filename (data, "scenarios", "featherstone-cacabelos-1809.xml",
                                            NULL);
  g_autoptr(PhScenario) s = ph_scenario_load_file (path, NULL);
  g_autoptr(GString) faults = g_string_new (NULL);
  PhFigure *hill, *roux;
  PhBase hb, rb;
  PhRenderView fit;
  guint zero = 0;

  g_assert_nonnull (s);
  hill = ph_scenario_find_figure (s, "lt_hill");
  roux = ph_scenario_find_figure (s, "voltigeur_roux");
  ph_figure_get_base (hill, &hb);
  ph_figure_get_base (roux, &rb);
  ph_render_view_fit (&fit, &s->table, 926, 650, ph_render_margin (12));
  for (double bearing = 0; bearing < 360; bearing += 45)
    {
      PhPoint p = ph_point_from_bearing ((PhPoint) { hill->x, hill->y }, bearing,
                                         (MAX (hb.width, hb.depth) + MAX (rb.width, rb.depth)) / 2);
      double scales[] = { fit.scale, SCALE };

      roux->x = p.x;
      roux->y = p.y;
      ph_scenario_changed (s);
      zero += ph_engine_distance (s, hill, roux) < 0.05;
      for (guint k = 0; k < G_N_ELEMENTS (scales); k++)
        g_assert_cmpuint (overlay_label_faults (s, "lt_hill", "lt_hill", "voltigeur_roux",
                                                scales[k], faults), >=, 2);
    }
  g_test_message ("%s", faults->str);
  g_assert_cmpuint (zero, >=, 4);
  g_assert_cmpuint (faults->len, ==, 0);
}

/* Every man of each example with his rings and his line to every other */
static void
test_overlay_labels_sweep (void)
{
  static const char *files[] = {
    "featherstone-cacabelos-1809.xml", "firelock-bloody-run-1758.xml",
    "fistful-north-bridge-1775.xml", "guns-of-war-tithe-barn.xml",
    "musket-mayhem-fight-at-the-farmstead.xml",
  };
  g_autofree char *data = data_dir ();
  g_autoptr(GString) faults = g_string_new (NULL);
  guint pairs = 0, drawn = 0, wanted = 0;

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (data, "scenarios", files[i], NULL);
      g_autoptr(PhScenario) s = ph_scenario_load_file (path, NULL);
      PhRenderView fit;

      g_assert_nonnull (s);
      /* the window's 1366 x 768 map */
      ph_render_view_fit (&fit, &s->table, 926, 650, ph_render_margin (12));
      for (guint a = 0; a < s->figures->len; a++)
        {
          const PhFigure *fa = g_ptr_array_index (s->figures, a);

          /* his rings alone (Musket Mayhem's Capt. de Beaujeu: "half
           * range 6 in" sat on Bouchard's Barn's name) */
          if (!ph_figure_is_off_table (fa))
            overlay_label_faults (s, fa->id, NULL, NULL, fit.scale, faults);
        }
      for (guint a = 0; a < s->figures->len; a++)
        for (guint b = 0; b < s->figures->len; b++)
          {
            const PhFigure *fa = g_ptr_array_index (s->figures, a);
            const PhFigure *fb = g_ptr_array_index (s->figures, b);

            if (a == b || ph_figure_is_off_table (fa) || ph_figure_is_off_table (fb))
              continue;
            {
              g_autoptr(GArray) rings = ph_engine_range_rings (s, fa, NULL, FALSE);

              drawn += overlay_label_faults (s, fa->id, fa->id, fb->id, fit.scale, faults);
              wanted += rings->len + 1;
            }
            pairs++;
          }
    }
  g_test_message ("%u pairs, %u of %u labels drawn:\n%s", pairs, drawn, wanted, faults->str);
  g_assert_cmpuint (faults->len, ==, 0);
  /* apart, and as many drawn as were drawn over each other (1,280):
   * Guns of War's first band's label beside its top hex when the line
   * runs up through it and the man's name is below */
  g_assert_cmpuint (drawn, >=, 1280);
}

/* Each man of each example picked, as the window shows his rings: his
 * rings' labels and the names never meet (Featherstone's "short range
 * to 10 paces" lay under Colbert's name), at the zooms the window shows
 * the table at */
static void
test_ring_labels_picked (void)
{
  static const char *files[] = {
    "featherstone-cacabelos-1809.xml", "firelock-bloody-run-1758.xml",
    "fistful-north-bridge-1775.xml", "guns-of-war-tithe-barn.xml",
    "musket-mayhem-fight-at-the-farmstead.xml",
  };
  g_autofree char *data = data_dir ();
  g_autoptr(GString) faults = g_string_new (NULL);
  guint drawn = 0;

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (data, "scenarios", files[i], NULL);
      g_autoptr(PhScenario) s = ph_scenario_load_file (path, NULL);

      g_assert_nonnull (s);
      for (double scale = 9; scale <= 21; scale += 1)
        for (guint a = 0; a < s->figures->len; a++)
          {
            const PhFigure *fa = g_ptr_array_index (s->figures, a);

            if (!ph_figure_is_off_table (fa))
              drawn += overlay_label_faults_picked (s, fa->id, NULL, NULL, scale, TRUE, faults);
          }
    }
  g_test_message ("%u labels drawn:\n%s", drawn, faults->str);
  g_assert_cmpuint (faults->len, ==, 0);
  g_assert_cmpuint (drawn, >, 0);
}

/* Fistful of Lead: "The Old Manse" went from the map once the game
 * started: the turn bar over the map took the window's zoom from 17 to
 * 16 px an inch, and the name, a hair wider than the 6 in house, was held
 * to its width. It stays at every zoom the window shows the table at,
 * over the house */
static void
test_terrain_name_wider_than_area (void)
{
  g_autofree char *data = data_dir ();
  g_autofree char *path = g_build_filename (data, "scenarios", "fistful-north-bridge-1775.xml",
                                            NULL);
  g_autoptr(PhScenario) s = ph_scenario_load_file (path, NULL);
  const PhFeature *manse;

  g_assert_nonnull (s);
  manse = ph_scenario_find_feature (s, "manse");
  g_assert_nonnull (manse);
  for (double scale = 12; scale <= 20; scale += 0.5)
    {
      g_autoptr(GArray) labels = NULL;
      cairo_surface_t *surface;
      PhRenderView view;
      cairo_t *cr;
      int w, h;
      gboolean found = FALSE;

      ph_render_image_size (&s->table, scale, &w, &h, &view);
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
      cr = cairo_create (surface);
      labels = ph_render_collect_labels (cr);
      ph_render_map (cr, s, &view, NULL);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      for (guint i = 0; i < labels->len; i++)
        {
          const PhRenderLabel *l = &g_array_index (labels, PhRenderLabel, i);
          PhPoint c = ph_render_view_to_table (&view, (PhPoint) { (l->box.x0 + l->box.x1) / 2,
                                                                  (l->box.y0 + l->box.y1) / 2 });

          if (!g_str_equal (l->text, "The Old Manse"))
            continue;
          found = TRUE;
          /* over the house */
          g_assert_true (ph_shape_contains_point (&manse->shape, c));
        }
      if (!found)
        g_error ("no “The Old Manse” at %g px an inch", scale);
    }
}

/* Firelock's "Ford Rocks" (3 in wide) and "Widow Tucker's Cabin" (6 in)
 * went from the map once a game began: the turn bar over the map took
 * the window from 17 to 16 px an inch, and each name was held to its
 * area's width */
static void
test_terrain_names_small_areas (void)
{
  static const char *names[] = { "Ford Rocks", "Widow Tucker's Cabin" };
  g_autofree char *data = data_dir ();
  g_autofree char *path = g_build_filename (data, "scenarios", "firelock-bloody-run-1758.xml",
                                            NULL);
  g_autoptr(PhScenario) s = ph_scenario_load_file (path, NULL);

  g_assert_nonnull (s);
  for (double scale = 14; scale <= 20; scale += 0.5)
    {
      g_autoptr(GArray) labels = NULL;
      cairo_surface_t *surface;
      PhRenderView view;
      cairo_t *cr;
      int w, h;

      ph_render_image_size (&s->table, scale, &w, &h, &view);
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
      cr = cairo_create (surface);
      labels = ph_render_collect_labels (cr);
      ph_render_map (cr, s, &view, NULL);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      for (guint k = 0; k < G_N_ELEMENTS (names); k++)
        {
          const PhFeature *f = NULL;
          gboolean found = FALSE;

          for (guint i = 0; i < s->features->len; i++)
            if (g_strcmp0 (((PhFeature *) g_ptr_array_index (s->features, i))->name,
                           names[k]) == 0)
              f = g_ptr_array_index (s->features, i);
          g_assert_nonnull (f);
          for (guint i = 0; i < labels->len; i++)
            {
              const PhRenderLabel *l = &g_array_index (labels, PhRenderLabel, i);
              PhPoint c = ph_render_view_to_table (&view,
                                                   (PhPoint) { (l->box.x0 + l->box.x1) / 2,
                                                               (l->box.y0 + l->box.y1) / 2 });

              if (!g_str_equal (l->text, names[k]))
                continue;
              found = TRUE;
              /* over its own area */
              g_assert_true (ph_shape_contains_point (&f->shape, c));
            }
          if (!found)
            g_error ("no “%s” at %g px an inch", names[k], scale);
        }
    }
}

/* A terrain name keeps clear of the figures' markers as of their bases:
 * Lt. Sutherland's smoke, once he fired, was drawn over "Alders by the
 * River" (the name now moves within the brush) */
static void
test_terrain_name_clear_of_markers (void)
{
  static const double scales[] = { 12, 14, 16, 18, 20, 24 };
  g_autofree char *data = data_dir ();
  g_autofree char *path = g_build_filename (data, "scenarios", "fistful-north-bridge-1775.xml",
                                            NULL);
  g_autoptr(PhScenario) s = ph_scenario_load_file (path, NULL);
  PhFigure *sutherland;

  g_assert_nonnull (s);
  sutherland = ph_scenario_find_figure (s, "sutherland");
  g_assert_nonnull (sutherland);
  sutherland->status |= PH_STATUS_FIRED | PH_STATUS_MOVED;
  for (guint sc = 0; sc < G_N_ELEMENTS (scales); sc++)
    {
      g_autoptr(GArray) labels = NULL;
      g_autoptr(GArray) bases = g_array_new (FALSE, FALSE, sizeof (PhRect));
      g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (PhRect));
      cairo_surface_t *surface;
      PhRenderOptions opts;
      PhRenderView view;
      cairo_t *cr;
      int w, h;
      gboolean found = FALSE;

      ph_render_image_size (&s->table, scales[sc], &w, &h, &view);
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
      cr = cairo_create (surface);
      /* the names', badges' and smoke's boxes */
      ph_render_options_init (&opts);
      ph_render_figure_obstacles (cr, s, &view, &opts, bases, marks);
      labels = ph_render_collect_labels (cr);
      ph_render_map (cr, s, &view, NULL);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      g_assert_cmpuint (marks->len, >=, 2);
      for (guint i = 0; i < labels->len; i++)
        {
          const PhRenderLabel *l = &g_array_index (labels, PhRenderLabel, i);

          if (!g_str_equal (l->text, "Alders by the River"))
            continue;
          found = TRUE;
          for (guint k = 0; k < marks->len; k++)
            if (ph_rect_intersects (&l->box, &g_array_index (marks, PhRect, k)))
              g_error ("at %g px an inch, a man's marker or name is over “%s”", scales[sc],
                       l->text);
        }
      if (!found)
        g_error ("no “Alders by the River” at %g px an inch", scales[sc]);
    }
}

/* A man's badges go on a corner of his base clear of the others' bases:
 * Colbert's "M", at his base's top right, lay on Latour's base, touching
 * him up and to the right, and read as Latour's. Whatever the scale, no
 * badge or name of the two is on the other man's base. */
static void
test_badges_clear_of_neighbour (void)
{
  static const char xml[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "  <title>Badges</title>\n"
    "  <table width=\"24\" height=\"18\" unit=\"in\" grid=\"square\" grid-size=\"1\" measure=\"edge\"/>\n"
    "  <sides>\n"
    "    <side id=\"red\" name=\"Red\" color=\"#c81e1e\"/>\n"
    "    <side id=\"blue\" name=\"Blue\" color=\"#1e3cc8\"/>\n"
    "  </sides>\n"
    "  <figures>\n"
    "    <figure id=\"colbert\" name=\"Colbert\" side=\"red\" x=\"10\" y=\"10\" status=\"moved\"/>\n"
    "    <figure id=\"latour\" name=\"Latour\" side=\"blue\" x=\"10.7\" y=\"9.3\"/>\n"
    "  </figures>\n"
    "</scenario>\n";
  static const double scales[] = { 16, 20, 30, 40 };
  g_autoptr(PhScenario) s = load (xml);
  PhFigure *latour = ph_scenario_find_figure (s, "latour");

  for (guint sc = 0; sc < G_N_ELEMENTS (scales); sc++)
    {
      g_autoptr(GArray) bases = g_array_new (FALSE, FALSE, sizeof (PhRect));
      g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (PhRect));
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 800, 600);
      cairo_t *cr = cairo_create (surface);
      PhRenderOptions opts;
      PhRenderView view;
      PhPoint c;
      double r = scales[sc] * 0.5 * 0.95;

      ph_render_view_init (&view, scales[sc], 0, 0);
      ph_render_options_init (&opts);
      ph_render_figure_obstacles (cr, s, &view, &opts, bases, marks);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      /* two names and the badge */
      g_assert_cmpuint (marks->len, >=, 3);
      c = ph_render_view_to_device (&view, (PhPoint) { latour->x, latour->y });
      for (guint k = 0; k < marks->len; k++)
        {
          const PhRect *b = &g_array_index (marks, PhRect, k);
          double dx = MAX (MAX (b->x0 - c.x, c.x - b->x1), 0);
          double dy = MAX (MAX (b->y0 - c.y, c.y - b->y1), 0);

          if (dx * dx + dy * dy < r * r)
            g_error ("at %g px an inch, a badge or name (%g,%g..%g,%g) is on Latour's base",
                     scales[sc], b->x0, b->y0, b->x1, b->y1);
        }
    }
}

/* The labels keep clear of the terrain's names that are drawn, and only
 * of those: a man's name with no other room stands over the field's
 * (ph-render-names.c), which is left out; the line of sight's label may
 * then stand where the field's name would have been, at its first place
 * (below the line at its middle), not pushed away by a name not drawn */
static void
test_overlay_labels_drawn_terrain (void)
{
  static const char *xml =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:powderhorn:scenario:1\" version=\"1\" ruleset=\"musket-mayhem\">\n"
    "  <title>Yield</title>\n"
    "  <table width=\"36\" height=\"24\" unit=\"in\"/>\n"
    "  <terrain>\n"
    "    <feature id=\"field\" name=\"The Abbey's Long Field by the Mill Race\" kind=\"field\">"
    "<polygon points=\"3,12.5 33,12.5 33,14 3,14\"/></feature>\n"
    "  </terrain>\n"
    "  <sides>\n"
    "    <side id=\"a\" name=\"A\" color=\"#8c1c13\"/>\n"
    "    <side id=\"b\" name=\"B\" color=\"#2e5fa8\"/>\n"
    "  </sides>\n"
    "  <figures>\n"
    "    <figure id=\"marin\" name=\"Ens. Joseph Marin\" side=\"a\" x=\"12\" y=\"12\"/>\n"
    "    <figure id=\"l\" name=\"Lou\" side=\"a\" x=\"11\" y=\"12\"/>\n"
    "    <figure id=\"r\" name=\"Roy\" side=\"a\" x=\"13\" y=\"12\"/>\n"
    "    <figure id=\"u\" name=\"Ulm\" side=\"a\" x=\"12\" y=\"11\"/>\n"
    "    <figure id=\"t\" name=\"Tom\" side=\"b\" x=\"34\" y=\"13.2\"/>\n"
    "  </figures>\n"
    "</scenario>\n";
  g_autoptr(PhScenario) s = load (xml);
  g_autoptr(GArray) alone = NULL;
  g_autoptr(GArray) labels = NULL;
  cairo_surface_t *surface;
  PhRenderOptions opts;
  PhRenderView view;
  PhRect field = { 0 };
  const PhRenderLabel *los = NULL;
  cairo_t *cr;
  int w, h;

  ph_render_image_size (&s->table, SCALE, &w, &h, &view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  /* where the field's name stands without the men's names */
  cr = cairo_create (surface);
  alone = ph_render_collect_labels (cr);
  ph_render_options_init (&opts);
  opts.layers &= ~PH_RENDER_FIGURE_NAMES;
  ph_render_map (cr, s, &view, &opts);
  cairo_destroy (cr);
  for (guint i = 0; i < alone->len; i++)
    if (g_str_has_prefix (g_array_index (alone, PhRenderLabel, i).text, "The Abbey"))
      field = g_array_index (alone, PhRenderLabel, i).box;
  g_assert_cmpfloat (field.x1, >, field.x0);
  g_test_message ("the field's name alone at %.0f,%.0f-%.0f,%.0f", field.x0, field.y0, field.x1,
                  field.y1);

  /* with them, Marin's stands over it, and it is left out */
  cr = cairo_create (surface);
  labels = ph_render_collect_labels (cr);
  ph_render_options_init (&opts);
  opts.los_from = "t";
  opts.los_to = "r";
  ph_render_map (cr, s, &view, &opts);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  for (guint i = 0; i < labels->len; i++)
    {
      const PhRenderLabel *l = &g_array_index (labels, PhRenderLabel, i);

      g_test_message ("“%s” at %.0f,%.0f-%.0f,%.0f", l->text, l->box.x0, l->box.y0, l->box.x1,
                      l->box.y1);
      g_assert_false (g_str_has_prefix (l->text, "The Abbey"));
      if (strstr (l->text, " in, ") != NULL)
        los = l;
    }
  g_assert_nonnull (los);
  g_assert_true (ph_rect_intersects (&los->box, &field));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/view/fit-convert-zoom", test_view);
  g_test_add_func ("/render/format/by-extension", test_format);
  g_test_add_func ("/render/png/size", test_size);
  g_test_add_func ("/render/png/side-colours", test_side_colours);
  g_test_add_func ("/render/png/grid", test_grid);
  g_test_add_func ("/render/png/grid-too-fine", test_grid_too_fine);
  g_test_add_func ("/render/png/layers", test_grid_none_and_layers);
  g_test_add_func ("/render/png/background", test_background);
  g_test_add_func ("/render/png/terrain", test_terrain);
  g_test_add_func ("/render/png/rings", test_rings);
  g_test_add_func ("/render/ring-labels", test_ring_labels);
  g_test_add_func ("/render/png/los-line", test_los_line);
  g_test_add_func ("/render/png/los-shading", test_los_shading);
  g_test_add_func ("/render/png/status", test_status);
  g_test_add_func ("/render/png/selection", test_selection);
  g_test_add_func ("/render/png/clip", test_clip);
  g_test_add_func ("/render/png/hex", test_hex);
  g_test_add_func ("/render/pick", test_pick);
  g_test_add_func ("/render/options/check", test_options_check);
  g_test_add_func ("/render/export/png-pdf-svg", test_export);
  g_test_add_func ("/render/export/examples", test_examples);
  g_test_add_func ("/render/rulers/sticky", test_sticky_rulers);
  g_test_add_func ("/render/markers/describe", test_describe_markers);
  g_test_add_func ("/render/labels/apart", test_labels_apart);
  g_test_add_func ("/render/labels/fit-zoom", test_labels_at_fit_zoom);
  g_test_add_func ("/render/labels/names-with-badges", test_names_with_badges);
  g_test_add_func ("/render/labels/names-on-table", test_names_on_table);
  g_test_add_func ("/render/labels/terrain-name-gives-way", test_terrain_name_gives_way);
  g_test_add_func ("/render/labels/los-clear", test_los_label_clear);
  g_test_add_func ("/render/markers/smoke-clear-of-handle", test_smoke_clear_of_handle);
  g_test_add_func ("/render/markers/name-clear-of-selection", test_name_clear_of_selection);
  g_test_add_func ("/render/los/under-names", test_los_line_under_names);
  g_test_add_func ("/render/labels/picked-in-contact", test_picked_name_in_contact);
  g_test_add_func ("/render/labels/leader-over-plates", test_leader_over_plates);
  g_test_add_func ("/render/labels/short-names-distinct", test_short_names_distinct);
  g_test_add_func ("/render/labels/contact-names", test_contact_names);
  g_test_add_func ("/render/labels/names-inside-rulers", test_names_inside_rulers);
  g_test_add_func ("/render/threat-legend", test_threat_legend);
  g_test_add_func ("/render/threat", test_threat);
  g_test_add_func ("/render/threat-scale", test_threat_scale);
  g_test_add_func ("/render/threat-hides-ring-labels", test_threat_hides_ring_labels);
  g_test_add_func ("/render/labels/obstacles-given", test_label_obstacles_given);
  g_test_add_func ("/render/labels/los-cover", test_los_label_cover);
  g_test_add_func ("/render/labels/overlays-sweep", test_overlay_labels_sweep);
  g_test_add_func ("/render/labels/ring-labels-picked", test_ring_labels_picked);
  g_test_add_func ("/render/labels/overlays-drawn-terrain", test_overlay_labels_drawn_terrain);
  g_test_add_func ("/render/labels/terrain-name-wider-than-area", test_terrain_name_wider_than_area);
  g_test_add_func ("/render/labels/terrain-names-small-areas", test_terrain_names_small_areas);
  g_test_add_func ("/render/labels/terrain-name-clear-of-markers",
                   test_terrain_name_clear_of_markers);
  g_test_add_func ("/render/labels/overlays-contact", test_overlay_labels_contact);
  g_test_add_func ("/render/labels/badges-clear-of-neighbour", test_badges_clear_of_neighbour);
  g_test_add_func ("/render/labels/los-cover-names-feature", test_los_label_cover_names_feature);

  return g_test_run ();
}
