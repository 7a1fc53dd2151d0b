/* ph-i18n.c: where the translations are
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-i18n.h"

const char *
ph_locale_dir (void)
{
  const char *dir = g_getenv ("PH_LOCALE_DIR");

  return dir != NULL && dir[0] != '\0' ? dir : PH_LOCALEDIR;
}
