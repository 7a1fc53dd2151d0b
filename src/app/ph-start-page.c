/* ph-start-page.c: what a window shows before a scenario is open
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The user's recent scenarios (ph-recent.h, the list the Open Recent menu
 * shows), the bundled example scenarios, each with its title, ruleset and
 * size, and a button to open any other file. Activating a row emits
 * "scenario-activated" with the file and whether it is to open as an
 * untitled copy (an example) or as itself (a recent file).
 */
#include "ph-start-page.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ph-application.h"
#include "ph-core.h"
#include "ph-recent.h"

/* The start page shows this many recent scenarios */
#define RECENT_MAX 8
/* A recent file larger than this is not read for its title */
#define RECENT_READ_MAX (1024 * 1024)

struct _PhStartPage
{
  GtkWidget parent_instance;

  GtkWidget *content;
  GtkListBox *recent_list;
  GtkWidget *recent_title;
  GtkListBox *examples_list;
  GtkWidget *examples_title;

  GtkRecentManager *recent_manager;
  gboolean recent_stale;  /* changed while the page was not shown */
};

G_DEFINE_FINAL_TYPE (PhStartPage, ph_start_page, GTK_TYPE_WIDGET)

enum {
  SCENARIO_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* "~/Games", or the folder's full path */
static char *
folder_display_name (GFile *file)
{
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autoptr(GFile) home = g_file_new_for_path (g_get_home_dir ());
  g_autofree char *relative = NULL;
  g_autofree char *path = NULL;

  if (parent == NULL)
    return g_strdup ("");
  if (g_file_equal (parent, home))
    return g_strdup ("~");
  relative = g_file_get_relative_path (home, parent);
  if (relative)
    {
      g_autofree char *name = g_filename_display_name (relative);
      return g_strconcat ("~/", name, NULL);
    }
  path = g_file_get_path (parent);
  return path ? g_filename_display_name (path) : g_file_get_parse_name (parent);
}

/* "Musket Mayhem · 72 × 48 in" */
static char *
scenario_summary (PhScenario *scenario)
{
  const PhRuleset *ruleset = ph_ruleset_get (scenario->ruleset);

  return g_strdup_printf ("%s · %g × %g %s",
                          ruleset ? ruleset->title : ph_ruleset_id_to_string (scenario->ruleset),
                          scenario->table.width, scenario->table.height,
                          ph_unit_label (scenario->table.unit));
}

/* A row of the list: @title over @subtitle, the file kept on the row */
static GtkWidget *
row_new (GFile      *file,
         const char *title,
         const char *subtitle,
         const char *tooltip)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name ("go-next-symbolic");

  g_object_set_data_full (G_OBJECT (row), "ph-file", g_object_ref (file), g_object_unref);
  /* titles and folders are the user's text, not markup */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 1);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 1);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_add_css_class (icon, "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
  gtk_widget_set_tooltip_text (row, tooltip);
  return row;
}

static void
list_clear (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))))
    gtk_list_box_remove (list, child);
}

/* Recent scenarios */

/* A recent file: its scenario's title when it is small enough to read
 * now, else its name; its folder, then its ruleset and table, or its
 * size */
static GtkWidget *
recent_row_new (GtkRecentInfo *info)
{
  g_autoptr(GFile) file = g_file_new_for_uri (gtk_recent_info_get_uri (info));
  g_autoptr(GFileInfo) file_info = NULL;
  g_autoptr(PhScenario) scenario = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *folder = folder_display_name (file);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *tooltip = NULL;
  goffset size = -1;

  file_info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (file_info)
    size = g_file_info_get_size (file_info);
  if (path && size >= 0 && size <= RECENT_READ_MAX)
    scenario = ph_scenario_load_file (path, NULL);

  if (scenario)
    {
      g_autofree char *summary = scenario_summary (scenario);

      if (scenario->title && *scenario->title)
        title = g_strdup (scenario->title);
      subtitle = g_strdup_printf ("%s · %s", folder, summary);
    }
  else if (size >= 0)
    {
      g_autofree char *formatted = g_format_size (size);

      subtitle = g_strdup_printf ("%s · %s", folder, formatted);
    }
  else
    subtitle = g_strdup (folder);
  if (title == NULL)
    title = g_strdup (gtk_recent_info_get_display_name (info));
  tooltip = path ? g_filename_display_name (path) : g_file_get_parse_name (file);

  /* One that does not load stays: opening it says why. */
  return row_new (file, title, subtitle, tooltip);
}

static void
reload_recent (PhStartPage *self)
{
  g_autoptr(GPtrArray) recent = ph_recent_list (self->recent_manager, RECENT_MAX);

  self->recent_stale = FALSE;
  list_clear (self->recent_list);
  for (guint i = 0; i < recent->len; i++)
    gtk_list_box_append (self->recent_list, recent_row_new (g_ptr_array_index (recent, i)));

  gtk_widget_set_visible (GTK_WIDGET (self->recent_list), recent->len > 0);
  gtk_widget_set_visible (self->recent_title, recent->len > 0);
}

/* Every window has a start page: only a page on show reads the files now,
 * the others when they are shown again. */
static void
on_recent_manager_changed (PhStartPage      *self,
                           GtkRecentManager *manager)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    reload_recent (self);
  else
    self->recent_stale = TRUE;
}

static void
ph_start_page_map (GtkWidget *widget)
{
  PhStartPage *self = PH_START_PAGE (widget);

  if (self->recent_stale)
    reload_recent (self);
  GTK_WIDGET_CLASS (ph_start_page_parent_class)->map (widget);
}

/* Examples */

static GtkWidget *
example_row_new (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *basename = g_file_get_basename (file);
  g_autoptr(PhScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  GtkWidget *row;

  scenario = path ? ph_scenario_load_file (path, &error) : NULL;
  if (scenario)
    {
      g_autofree char *summary = scenario_summary (scenario);

      title = g_strdup (scenario->title && *scenario->title ? scenario->title : basename);
      subtitle = g_strdup_printf (g_dngettext (NULL, "%s · %u figure", "%s · %u figures",
                                               scenario->figures->len),
                                  summary, scenario->figures->len);
    }
  else
    {
      title = g_strdup (basename);
      subtitle = g_strdup (error ? error->message : _("Cannot be read"));
    }

  row = row_new (file, title, subtitle, path ? path : basename);
  gtk_widget_set_sensitive (row, scenario != NULL);
  return row;
}

void
ph_start_page_reload (PhStartPage *self)
{
  g_autoptr(GPtrArray) files = ph_application_list_examples ();

  g_return_if_fail (PH_IS_START_PAGE (self));

  list_clear (self->examples_list);
  for (guint i = 0; i < files->len; i++)
    gtk_list_box_append (self->examples_list, example_row_new (g_ptr_array_index (files, i)));

  gtk_widget_set_visible (GTK_WIDGET (self->examples_list), files->len > 0);
  gtk_widget_set_visible (self->examples_title, files->len > 0);
  reload_recent (self);
}

static void
on_list_row_activated (PhStartPage   *self,
                       GtkListBoxRow *row,
                       GtkListBox    *list)
{
  GFile *file = g_object_get_data (G_OBJECT (row), "ph-file");
  /* An example opens as an untitled copy, a recent file as itself. */
  gboolean copy = list == self->examples_list;

  if (file)
    g_signal_emit (self, signals[SCENARIO_ACTIVATED], 0, file, copy);
}

static void
ph_start_page_dispose (GObject *object)
{
  PhStartPage *self = PH_START_PAGE (object);

  if (self->recent_manager)
    g_signal_handlers_disconnect_by_data (self->recent_manager, self);
  g_clear_object (&self->recent_manager);
  gtk_widget_dispose_template (GTK_WIDGET (self), PH_TYPE_START_PAGE);
  /* Children of the template that no field holds */
  for (GtkWidget *child; (child = gtk_widget_get_first_child (GTK_WIDGET (self)));)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ph_start_page_parent_class)->dispose (object);
}

static void
ph_start_page_class_init (PhStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ph_start_page_dispose;
  widget_class->map = ph_start_page_map;

  /**
   * PhStartPage::scenario-activated:
   * @file: the scenario file
   * @copy: TRUE for a bundled example, to be opened as an untitled copy;
   *   FALSE for a recent file, opened as itself
   */
  signals[SCENARIO_ACTIVATED] =
    g_signal_new ("scenario-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_FILE, G_TYPE_BOOLEAN);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/powderhorn/Powderhorn/ph-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, PhStartPage, content);
  gtk_widget_class_bind_template_child (widget_class, PhStartPage, recent_list);
  gtk_widget_class_bind_template_child (widget_class, PhStartPage, recent_title);
  gtk_widget_class_bind_template_child (widget_class, PhStartPage, examples_list);
  gtk_widget_class_bind_template_child (widget_class, PhStartPage, examples_title);
  gtk_widget_class_bind_template_callback (widget_class, on_list_row_activated);
}

static void
ph_start_page_init (PhStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->recent_manager = g_object_ref (gtk_recent_manager_get_default ());
  g_signal_connect_swapped (self->recent_manager, "changed",
                            G_CALLBACK (on_recent_manager_changed), self);
  ph_start_page_reload (self);
}

GtkWidget *
ph_start_page_new (void)
{
  return g_object_new (PH_TYPE_START_PAGE, NULL);
}
