/* main.c: starts the Powderhorn window
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "ph-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(PhApplication) app = NULL;

  app = ph_application_new (G_APPLICATION_DEFAULT_FLAGS);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
