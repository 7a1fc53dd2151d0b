/* ph-recent.c: the scenarios this program opened or saved lately
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-recent.h"

void
ph_recent_add (GtkRecentManager *manager,
               GFile            *file)
{
  static const char *groups[] = { PH_RECENT_GROUP, NULL };
  g_autofree char *uri = NULL;
  g_autofree char *exec = NULL;
  GtkRecentData data = {
    .display_name = NULL,
    .description = NULL,
    .mime_type = (char *) "application/xml",
    .app_name = NULL,
    .app_exec = NULL,
    .groups = (char **) groups,
    .is_private = FALSE,
  };

  g_return_if_fail (GTK_IS_RECENT_MANAGER (manager));
  g_return_if_fail (G_IS_FILE (file));

  uri = g_file_get_uri (file);
  exec = g_strdup_printf ("%s %%u", g_get_prgname () ? g_get_prgname () : "powderhorn");
  data.app_name = (char *) g_get_application_name ();
  data.app_exec = exec;
  gtk_recent_manager_add_full (manager, uri, &data);
}

static int
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  GtkRecentInfo *ia = *(GtkRecentInfo **) a;
  GtkRecentInfo *ib = *(GtkRecentInfo **) b;

  return g_date_time_compare (gtk_recent_info_get_modified (ib),
                              gtk_recent_info_get_modified (ia));
}

GPtrArray *
ph_recent_list (GtkRecentManager *manager,
                guint             max)
{
  GList *items;
  GPtrArray *ours = g_ptr_array_new_with_free_func ((GDestroyNotify) gtk_recent_info_unref);

  g_return_val_if_fail (GTK_IS_RECENT_MANAGER (manager), ours);

  items = gtk_recent_manager_get_items (manager);
  for (GList *l = items; l; l = l->next)
    if (gtk_recent_info_has_group (l->data, PH_RECENT_GROUP) && gtk_recent_info_exists (l->data))
      g_ptr_array_add (ours, gtk_recent_info_ref (l->data));
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);

  g_ptr_array_sort (ours, compare_newest_first);
  if (ours->len > max)
    g_ptr_array_set_size (ours, max);
  return ours;
}
