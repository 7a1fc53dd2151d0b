/* ph-test-app.c: what the window's tests share (see ph-test-app.h)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifdef PH_HAVE_X11
#include <X11/Xlib.h>
#endif

#include "ph-test-app.h"
#include "ph-test-files.h"
#include "ph-new-dialog.h"
#include "ph-test-ruleset.h"

static gboolean have_display;
static PhApplication *app;
static char *scratch_home;

void
ph_test_app_init (int    *argc,
                  char ***argv)
{
  const char *home;

  /* Recent files and settings go to a scratch home, removed when the
   * tests end. Not G_TEST_OPTION_ISOLATE_DIRS: it hides XDG_DATA_DIRS, and
   * with it the MIME database that GdkPixbuf needs to read SVG icons. */
  home = scratch_home = g_dir_make_tmp ("ph-test-home-XXXXXX", NULL);
  g_assert_nonnull (home);
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", home, TRUE);
  g_setenv ("XDG_CACHE_HOME", home, TRUE);
  g_setenv ("XDG_STATE_HOME", home, TRUE);
  g_test_init (argc, argv, NULL);

#ifdef PH_HAVE_X11
  /* An X server resets when its last client goes (the test before this
   * one) and refuses connections meanwhile: wait until it takes one, and
   * keep that until GTK has its own. */
  if (g_getenv ("DISPLAY") && *g_getenv ("DISPLAY"))
    {
      Display *display = NULL;

      PH_TEST_POLL_UNTIL ((display = XOpenDisplay (NULL)) != NULL);
      have_display = gtk_init_check ();
      XCloseDisplay (display);
    }
  else
#endif
    have_display = gtk_init_check ();
  if (have_display)
    {
      g_autoptr(GError) error = NULL;

      /* No transitions: a screenshot shows the window as it is, not half
       * way through the start page fading out */
      g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
      app = ph_application_new (G_APPLICATION_NON_UNIQUE);
      g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
      g_assert_no_error (error);
    }
}

int
ph_test_app_run (void)
{
  int status = g_test_run ();

  g_clear_object (&app);
  ph_test_remove_tree (scratch_home);
  g_clear_pointer (&scratch_home, g_free);
  return status;
}

gboolean
ph_test_app_have_display (void)
{
  return have_display;
}

PhApplication *
ph_test_app_get_application (void)
{
  return app;
}

void
ph_test_run_until_idle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* @widget's render node from its last frame, or NULL while it has none:
 * GTK drops it when a redraw is queued and makes it again when the next
 * frame is drawn. */
static GskRenderNode *
last_frame (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  gdk_paintable_snapshot (paintable, snapshot,
                          gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  return gtk_snapshot_free_to_node (snapshot);
}

/* Whether a map view in @widget's window still draws a layer (in its
 * worker: the frame after it will show it) */
static gboolean
layers_busy (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (layers_busy (child))
      return TRUE;
  return PH_IS_MAP_VIEW (widget) && ph_map_view_get_layers_busy (PH_MAP_VIEW (widget));
}

static gboolean
is_drawn (GtkWidget *widget)
{
  g_autoptr(GskRenderNode) node = NULL;

  ph_test_run_until_idle ();
  if (!gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) <= 0)
    return FALSE;
  if (layers_busy (GTK_WIDGET (gtk_widget_get_root (widget))))
    return FALSE;
  node = last_frame (widget);
  return node != NULL;
}

/* Until everything queued on @widget has been drawn */
void
ph_test_wait_drawn (GtkWidget *widget)
{
  PH_TEST_WAIT_UNTIL (is_drawn (widget));
}

GFile *
ph_test_example_file (const char *name)
{
  const char *data_dir = g_getenv ("PH_DATA_DIR");

  g_assert_nonnull (data_dir);
  return g_file_new_build_filename (data_dir, "scenarios", name, NULL);
}

PhWindow *
ph_test_window_new_sized (int width,
                          int height)
{
  PhWindow *window = ph_window_new (app);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  ph_test_wait_drawn (GTK_WIDGET (window));
  return window;
}

PhWindow *
ph_test_window_new (void)
{
  return ph_test_window_new_sized (1280, 800);
}

PhWindow *
ph_test_window_new_on (const char *example)
{
  PhWindow *window = ph_test_window_new ();
  g_autoptr(GFile) file = ph_test_example_file (example);
  g_autoptr(GError) error = NULL;
  PhMapView *map_view;

  g_assert_true (ph_window_load_file (window, file, &error));
  g_assert_no_error (error);
  map_view = ph_window_get_map_view (window);
  PH_TEST_WAIT_UNTIL (gtk_widget_get_width (GTK_WIDGET (map_view)) >= 100);
  ph_test_wait_drawn (GTK_WIDGET (window));
  return window;
}

void
ph_test_window_destroy (PhWindow *window)
{
  /* Unsaved changes would ask: these windows are thrown away. */
  gtk_window_destroy (GTK_WINDOW (window));
  ph_test_run_until_idle ();
}

/* @widget's next frame, drawn */
static GdkTexture *
render_frame (GtkWidget *widget)
{
  g_autoptr(GskRenderNode) node = NULL;
  GskRenderer *renderer;

  ph_test_run_until_idle ();
  PH_TEST_WAIT_UNTIL (gtk_widget_get_mapped (widget)
                      && !layers_busy (GTK_WIDGET (gtk_widget_get_root (widget)))
                      && (node = last_frame (widget)) != NULL);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  return gsk_renderer_render_texture (renderer, node,
                                      &GRAPHENE_RECT_INIT (0, 0,
                                                           gtk_widget_get_width (widget),
                                                           gtk_widget_get_height (widget)));
}

void
ph_test_save_screenshot (GtkWidget  *widget,
                         const char *name)
{
  const char *dir = g_getenv ("G_TEST_BUILDDIR");

  ph_test_save_screenshot_in (widget, dir ? dir : ".", name);
}

void
ph_test_save_screenshot_in (GtkWidget  *widget,
                            const char *dir,
                            const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GdkTexture) texture = render_frame (widget);

  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

guint32 *
ph_test_pixels (GtkWidget *widget,
                int       *width,
                int       *height)
{
  g_autoptr(GdkTexture) texture = render_frame (widget);
  guint32 *pixels;

  *width = gdk_texture_get_width (texture);
  *height = gdk_texture_get_height (texture);
  pixels = g_new (guint32, (gsize) *width * *height);
  gdk_texture_download (texture, (guchar *) pixels, *width * sizeof (guint32));
  for (gsize i = 0; i < (gsize) *width * *height; i++)
    pixels[i] &= 0xffffff;
  return pixels;
}

guint32
ph_test_pixel (GtkWidget *widget,
               int        x,
               int        y)
{
  g_autoptr(GdkTexture) texture = render_frame (widget);
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  g_autofree guint32 *pixels = NULL;
  guint32 argb;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, width);
  g_assert_cmpint (y, <, height);
  /* GDK_MEMORY_DEFAULT: cairo's ARGB32, one native-endian word a pixel */
  pixels = g_new (guint32, (gsize) width * height);
  gdk_texture_download (texture, (guchar *) pixels, width * sizeof (guint32));
  argb = pixels[(gsize) y * width + x];
  g_assert_cmphex (argb >> 24, ==, 0xff);
  return argb & 0xffffff;
}

void
ph_test_figure_widget_point (PhMapView      *map_view,
                             const PhFigure *figure,
                             double         *x,
                             double         *y)
{
  PhRenderView view;
  PhPoint p;

  ph_map_view_get_render_view (map_view, &view);
  p = ph_render_view_to_device (&view, (PhPoint) { figure->x, figure->y });
  *x = p.x;
  *y = p.y;
}

/* The first figure on the table of @side (or of any side), and one of
 * another side that it can see, if any. */
PhFigure *
ph_test_find_figure (PhScenario *scenario,
                     const char *not_side)
{
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *figure = g_ptr_array_index (scenario->figures, i);

      if (ph_figure_is_off_table (figure))
        continue;
      if (not_side && g_strcmp0 (figure->side, not_side) == 0)
        continue;
      return figure;
    }
  return NULL;
}

void
ph_test_click_figure (PhMapView       *map_view,
                      PhFigure        *figure,
                      GdkModifierType  modifiers)
{
  double x, y;

  ph_test_figure_widget_point (map_view, figure, &x, &y);
  ph_map_view_begin_drag (map_view, GDK_BUTTON_PRIMARY, modifiers, x, y);
  ph_map_view_end_drag (map_view, 0, 0);
}

GtkWidget *
ph_test_find_message_dialog (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* not owned */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_window_get_transient_for (window) == parent)
        return GTK_WIDGET (window);
    }
  return NULL;
}

/* The message dialog over @window, its heading and body logged */
GtkWidget *
ph_test_error_dialog (PhWindow  *window,
                      char     **text,
                      char     **secondary)
{
  GtkWidget *dialog = ph_test_find_message_dialog (GTK_WINDOW (window));

  g_assert_nonnull (dialog);
  ph_test_message_dialog_get_text (dialog, text, secondary);
  g_test_message ("error dialog: %s / %s", *text, *secondary);
  return dialog;
}

void
ph_test_message_dialog_get_text (GtkWidget  *dialog,
                                 char      **heading,
                                 char      **body)
{
  g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
  *heading = g_strdup (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)));
  *body = g_strdup (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)));
}

static gboolean
is_button_labelled (GtkWidget     *widget,
                    gconstpointer  data)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
}

void
ph_test_message_dialog_respond (GtkWidget  *dialog,
                                const char *response)
{
  AdwMessageDialog *message = ADW_MESSAGE_DIALOG (dialog);
  const char *label;
  GtkWidget *button;

  g_assert_true (adw_message_dialog_has_response (message, response));
  label = adw_message_dialog_get_response_label (message, response);
  button = ph_test_find_descendant (dialog, is_button_labelled, label);
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_true (gtk_widget_get_mapped (button));
  g_signal_emit_by_name (button, "clicked");
}

GtkWidget *
ph_test_find_descendant (GtkWidget         *root,
                         PhTestWidgetMatch  match,
                         gconstpointer      data)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (match (child, data))
        return child;
      if ((found = ph_test_find_descendant (child, match, data)))
        return found;
    }
  return NULL;
}

typedef struct
{
  GType       type;
  const char *label;
} TypeAndLabel;

static gboolean
has_type_and_label (GtkWidget     *widget,
                    gconstpointer  data)
{
  const TypeAndLabel *want = data;
  const char *text = NULL;

  if (!G_TYPE_CHECK_INSTANCE_TYPE (widget, want->type))
    return FALSE;
  if (GTK_IS_CHECK_BUTTON (widget))
    text = gtk_check_button_get_label (GTK_CHECK_BUTTON (widget));
  else if (GTK_IS_LABEL (widget))
    text = gtk_label_get_label (GTK_LABEL (widget));
  else if (GTK_IS_BUTTON (widget))
    text = gtk_button_get_label (GTK_BUTTON (widget));
  return want->label == NULL || g_strcmp0 (text, want->label) == 0;
}

/* Widgets inside a panel, found as a user would: by what they say */
GtkWidget *
ph_test_find_widget (GtkWidget  *root,
                     GType       type,
                     const char *label)
{
  TypeAndLabel want = { type, label };

  return ph_test_find_descendant (root, has_type_and_label, &want);
}

GtkWidget *
ph_test_window_panel (PhWindow *window,
                      GType     type)
{
  return ph_test_find_widget (GTK_WIDGET (window), type, NULL);
}

GtkWidget *
ph_test_find_new_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* not owned */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (PH_IS_NEW_DIALOG (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return GTK_WIDGET (item);
    }
  return NULL;
}

PhWindow *
ph_test_window_on_new_table (const char *ruleset)
{
  PhWindow *window = ph_test_window_new ();
  GtkWidget *dialog = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL));
  PH_TEST_WAIT_UNTIL ((dialog = ph_test_find_new_dialog ()) != NULL);
  ph_new_dialog_set_ruleset (PH_NEW_DIALOG (dialog), ph_test_ruleset (ruleset));
  g_assert_true (ph_new_dialog_create (PH_NEW_DIALOG (dialog)));
  ph_test_run_until_idle ();
  ph_test_wait_drawn (GTK_WIDGET (ph_window_get_map_view (window)));
  return window;
}

static void
on_clipboard_text_read (GObject      *source,
                        GAsyncResult *result,
                        gpointer      data)
{
  char **text = data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  if (*text == NULL)
    *text = g_strdup ("");
}

char *
ph_test_clipboard_text (PhWindow *window)
{
  char *text = NULL;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL,
                                 on_clipboard_text_read, &text);
  PH_TEST_WAIT_UNTIL (text != NULL);
  return text;
}

gboolean
ph_test_popover_mapped (GtkWidget     *widget,
                        gconstpointer  data)
{
  return GTK_IS_POPOVER_MENU (widget) && gtk_widget_get_mapped (widget);
}

gboolean
ph_test_menu_performs (GMenuModel  *model,
                       const char  *action,
                       char       **label,
                       gboolean    *needs_more)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autoptr(GVariant) target = NULL;
      const char *name = NULL;

      if (section != NULL)
        {
          if (ph_test_menu_performs (section, action, label, needs_more))
            return TRUE;
          continue;
        }
      target = g_menu_model_get_item_attribute_value (model, i, G_MENU_ATTRIBUTE_TARGET, NULL);
      if (target == NULL || !g_variant_is_of_type (target, G_VARIANT_TYPE ("(sssba{ss})")))
        continue;
      g_variant_get_child (target, 0, "&s", &name);
      if (g_strcmp0 (name, action) == 0)
        {
          if (label != NULL)
            g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", label);
          if (needs_more != NULL)
            g_variant_get_child (target, 3, "b", needs_more);
          return TRUE;
        }
    }
  return FALSE;
}

void
ph_test_menu_labels (GMenuModel *model,
                     GString    *out)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autofree char *label = NULL;

      if (section != NULL)
        ph_test_menu_labels (section, out);
      else if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        {
          g_strdelimit (label, "\n", ' ');
          g_string_append_printf (out, "%s\n", label);
        }
    }
}

GMenuModel *
ph_test_figure_menu (PhMapView *map,
                     PhFigure  *figure)
{
  GtkWidget *popover;
  double wx, wy;

  ph_test_click_figure (map, figure, 0);
  ph_test_run_until_idle ();
  ph_viewport_table_to_widget (ph_map_view_get_viewport (map), figure->x, figure->y, &wx, &wy);
  ph_map_view_popup_menu (map, wx, wy);
  ph_test_run_until_idle ();
  popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);
  g_assert_nonnull (popover);
  return gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
}

void
ph_test_close_menu (PhMapView *map)
{
  GtkWidget *popover = ph_test_find_descendant (GTK_WIDGET (map), ph_test_popover_mapped, NULL);

  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
  ph_test_run_until_idle ();
}
