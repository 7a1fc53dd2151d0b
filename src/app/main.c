/* main.c: starts the Powderhorn window
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>

#include <glib/gi18n.h>

#include "ph-application.h"
#include "ph-i18n.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(PhApplication) app = NULL;

  /* the window's words, the core's and the rulesets' (po/) */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, ph_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = ph_application_new (G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
