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

char *
ph_sentence_start (const char *text)
{
  gunichar first, upper;
  char buf[6];
  int len;

  if (text == NULL)
    return NULL;
  first = g_utf8_get_char_validated (text, -1);
  if (first == (gunichar) -1 || first == (gunichar) -2 || first == 0)
    return g_strdup (text);
  upper = g_unichar_toupper (first);
  if (upper == first)
    return g_strdup (text);
  len = g_unichar_to_utf8 (upper, buf);
  return g_strdup_printf ("%.*s%s", len, buf, g_utf8_next_char (text));
}
