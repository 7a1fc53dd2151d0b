/* ph-application.c: the Powderhorn application
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opens the files given on the command line, each in a window; without
 * any, a window with the start screen (the bundled examples). It keeps the
 * drafts of unsaved work (PhDrafts) and, when its first window shows,
 * offers back what a program that died left (ph-recovery.c).
 *
 * As an AdwApplication it loads style.css (and style-dark.css) from its
 * resources by itself, and its style manager follows the desktop's light
 * or dark setting, unless the user picked one in the main menu's Style.
 */
#include "ph-application.h"

#include <glib/gi18n.h>

#include "ph-app-config.h"
#include "ph-app-resources.h"
#include "ph-recovery.h"
#include "ph-window.h"

struct _PhApplication
{
  AdwApplication parent_instance;

  GSettings *settings;
  PhDrafts *drafts;
  gboolean recovery_offered;
};

G_DEFINE_FINAL_TYPE (PhApplication, ph_application, ADW_TYPE_APPLICATION)

static PhWindow *
find_unused_window (PhApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (PH_IS_WINDOW (l->data) && ph_window_is_unused (l->data))
      return l->data;
  return NULL;
}

/* Once, over the first window the primary instance shows */
static void
offer_recovery (PhApplication *self,
                PhWindow      *window)
{
  if (self->recovery_offered)
    return;
  self->recovery_offered = TRUE;
  ph_recovery_offer (self, window);
}

static void
ph_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (ph_window_new (PH_APPLICATION (app)));
  gtk_window_present (window);
  if (PH_IS_WINDOW (window))
    offer_recovery (PH_APPLICATION (app), PH_WINDOW (window));
}

static void
ph_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  PhApplication *self = PH_APPLICATION (app);
  PhWindow *window = NULL;

  for (int i = 0; i < n_files; i++)
    {
      window = find_unused_window (self);
      if (window == NULL)
        window = ph_window_new (self);
      gtk_window_present (GTK_WINDOW (window));
      ph_window_open (window, files[i]);
    }
  if (window)
    offer_recovery (self, window);
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  PhApplication *self = user_data;
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* Each window asks about its unsaved changes; the application quits when
   * the last one is gone. */
  for (GList *l = windows; l; l = l->next)
    gtk_window_close (l->data);
  g_list_free (windows);
}

static void
new_window_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (ph_window_new (user_data)));
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  static const char *developers[] = { "The Powderhorn authors", NULL };
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", window,
                        "modal", window != NULL,
                        "application-name", "Powderhorn",
                        "application-icon", PH_APP_ID,
                        "version", PH_VERSION,
                        "developer-name", "The Powderhorn authors",
                        "developers", developers,
                        "comments", _("A battlefield manager for black-powder skirmish wargames: "
                                      "ranges, line of sight, cover and the odds of every shot"),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "copyright", "© 2026 The Powderhorn authors",
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

/* Style: the desktop's, light or dark */

static AdwColorScheme
color_scheme_from_nick (const char *nick)
{
  if (g_strcmp0 (nick, "light") == 0)
    return ADW_COLOR_SCHEME_FORCE_LIGHT;
  if (g_strcmp0 (nick, "dark") == 0)
    return ADW_COLOR_SCHEME_FORCE_DARK;
  /* the desktop's setting (the portal's, else GNOME's), light without one */
  return ADW_COLOR_SCHEME_DEFAULT;
}

static void
apply_color_scheme (PhApplication *self,
                    const char    *nick)
{
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      color_scheme_from_nick (nick));
}

static void
on_settings_color_scheme_changed (PhApplication *self,
                                  const char    *key,
                                  GSettings     *settings)
{
  g_autofree char *nick = g_settings_get_string (settings, "color-scheme");

  apply_color_scheme (self, nick);
}

/* Without the settings schema (run from the build directory): the choice
 * holds until the program ends */
static void
color_scheme_change_state (GSimpleAction *action,
                           GVariant      *value,
                           gpointer       user_data)
{
  const char *nick = g_variant_get_string (value, NULL);

  if (g_strcmp0 (nick, "follow") != 0 && g_strcmp0 (nick, "light") != 0
      && g_strcmp0 (nick, "dark") != 0)
    return;
  g_simple_action_set_state (action, value);
  apply_color_scheme (user_data, nick);
}

static void
add_color_scheme_action (PhApplication *self)
{
  g_autoptr(GAction) action = NULL;

  if (self->settings)
    {
      action = g_settings_create_action (self->settings, "color-scheme");
      g_signal_connect_object (self->settings, "changed::color-scheme",
                               G_CALLBACK (on_settings_color_scheme_changed), self,
                               G_CONNECT_SWAPPED);
      on_settings_color_scheme_changed (self, "color-scheme", self->settings);
    }
  else
    {
      GSimpleAction *simple = g_simple_action_new_stateful ("color-scheme", G_VARIANT_TYPE_STRING,
                                                            g_variant_new_string ("follow"));

      g_signal_connect_object (simple, "change-state",
                               G_CALLBACK (color_scheme_change_state), self, 0);
      action = G_ACTION (simple);
      apply_color_scheme (self, "follow");
    }
  g_action_map_add_action (G_ACTION_MAP (self), action);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_action },
  { "new-window", new_window_action },
  { "about", about_action },
};

static void
set_accels (GtkApplication *app,
            const char     *action,
            const char     *first,
            ...)
{
  g_autoptr(GPtrArray) accels = g_ptr_array_new ();
  va_list args;

  va_start (args, first);
  for (const char *accel = first; accel; accel = va_arg (args, const char *))
    g_ptr_array_add (accels, (gpointer) accel);
  va_end (args);
  g_ptr_array_add (accels, NULL);
  gtk_application_set_accels_for_action (app, action, (const char * const *) accels->pdata);
}

static void
ph_application_startup (GApplication *app)
{
  PhApplication *self = PH_APPLICATION (app);
  GtkApplication *gtk_app = GTK_APPLICATION (app);
  GSettingsSchema *schema;

  G_APPLICATION_CLASS (ph_application_parent_class)->startup (app);

  g_set_application_name ("Powderhorn");
  gtk_window_set_default_icon_name (PH_APP_ID);

  schema = g_settings_schema_source_lookup (g_settings_schema_source_get_default (),
                                            PH_APP_ID, TRUE);
  if (schema)
    {
      self->settings = g_settings_new (PH_APP_ID);
      g_settings_schema_unref (schema);
    }

  self->drafts = ph_drafts_new (NULL);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  add_color_scheme_action (self);

  set_accels (gtk_app, "app.quit", "<Control>q", NULL);
  set_accels (gtk_app, "win.new", "<Control>n", NULL);
  set_accels (gtk_app, "app.new-window", "<Control><Shift>n", NULL);
  set_accels (gtk_app, "win.open", "<Control>o", NULL);
  set_accels (gtk_app, "win.save", "<Control>s", NULL);
  set_accels (gtk_app, "win.save-as", "<Control><Shift>s", NULL);
  set_accels (gtk_app, "win.close", "<Control>w", NULL);
  /* the map is what Ctrl+P is expected to print; the sheets have their own */
  set_accels (gtk_app, "win.print-map-fit", "<Control>p", NULL);
  set_accels (gtk_app, "win.print-sheets", "<Control><Shift>p", NULL);
  set_accels (gtk_app, "win.export-map", "<Control><Shift>e", NULL);
  set_accels (gtk_app, "win.odds-matrix", "<Control><Shift>o", NULL);
  set_accels (gtk_app, "win.undo", "<Control>z", NULL);
  set_accels (gtk_app, "win.redo", "<Control><Shift>z", "<Control>y", NULL);
  set_accels (gtk_app, "win.zoom-in", "<Control>plus", "<Control>equal", "<Control>KP_Add", NULL);
  set_accels (gtk_app, "win.zoom-out", "<Control>minus", "<Control>KP_Subtract", NULL);
  set_accels (gtk_app, "win.fit", "<Control>0", "<Control>KP_0", NULL);
  set_accels (gtk_app, "win.toggle-panel", "F9", NULL);
  set_accels (gtk_app, "win.edit-table", "<Control>e", NULL);
  set_accels (gtk_app, "win.show-panel('shot')", "<Alt>1", NULL);
  set_accels (gtk_app, "win.show-panel('figure')", "<Alt>2", NULL);
  /* every tab from the keyboard: the Game tab's forms without the mouse */
  set_accels (gtk_app, "win.show-panel('terrain')", "<Alt>3", NULL);
  set_accels (gtk_app, "win.show-panel('scenario')", "<Alt>4", NULL);
  set_accels (gtk_app, "win.show-panel('game')", "<Alt>5", NULL);
}

static void
ph_application_dispose (GObject *object)
{
  PhApplication *self = PH_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->drafts);

  G_OBJECT_CLASS (ph_application_parent_class)->dispose (object);
}

/* --version: said and done, before any window */
static int
ph_application_handle_local_options (GApplication *app,
                                     GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("powderhorn %s\n", PH_VERSION);
      return 0;
    }
  return -1;
}

static void
ph_application_class_init (PhApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = ph_application_dispose;
  app_class->activate = ph_application_activate;
  app_class->open = ph_application_open;
  app_class->startup = ph_application_startup;
  app_class->handle_local_options = ph_application_handle_local_options;

  /* Keeps the compiled-in resources linked from the static library. */
  (void) ph_app_get_resource ();
}

static void
ph_application_init (PhApplication *self)
{
  g_application_add_main_option (G_APPLICATION (self), "version", 'v', G_OPTION_FLAG_NONE,
                                 G_OPTION_ARG_NONE, _("Print the version and quit"), NULL);
}

PhApplication *
ph_application_new (GApplicationFlags flags)
{
  return g_object_new (PH_TYPE_APPLICATION,
                       "application-id", PH_APP_ID,
                       "flags", flags | G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/org/powderhorn/Powderhorn",
                       NULL);
}

GSettings *
ph_application_get_settings (PhApplication *self)
{
  g_return_val_if_fail (PH_IS_APPLICATION (self), NULL);
  return self->settings;
}

PhDrafts *
ph_application_get_drafts (PhApplication *self)
{
  g_return_val_if_fail (PH_IS_APPLICATION (self), NULL);
  return self->drafts;
}

static char *
find_scenarios_dir (void)
{
  const char *env = g_getenv ("PH_DATA_DIR");
  const char *candidates[] = { env, PH_SOURCE_DATA_DIR, PH_PKGDATADIR };

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      g_autofree char *dir = NULL;

      if (candidates[i] == NULL || *candidates[i] == '\0')
        continue;
      dir = g_build_filename (candidates[i], "scenarios", NULL);
      if (g_file_test (dir, G_FILE_TEST_IS_DIR))
        return g_steal_pointer (&dir);
    }
  return NULL;
}

static int
compare_files (gconstpointer a,
               gconstpointer b)
{
  g_autofree char *pa = g_file_get_path (*(GFile **) a);
  g_autofree char *pb = g_file_get_path (*(GFile **) b);

  return g_utf8_collate (pa, pb);
}

GPtrArray *
ph_application_list_examples (void)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *dir_path = find_scenarios_dir ();
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (dir_path == NULL || (dir = g_dir_open (dir_path, 0, NULL)) == NULL)
    return files;

  while ((name = g_dir_read_name (dir)))
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (files, g_file_new_build_filename (dir_path, name, NULL));
  g_ptr_array_sort (files, compare_files);
  return files;
}
