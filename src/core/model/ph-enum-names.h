/* ph-enum-names.h: an enum's values by the names files give them
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * PH_DEFINE_ENUM_NAMES (ph_unit, PhUnit, unit_names) defines
 * ph_unit_to_string() and ph_unit_from_string() over a table of names in
 * enum order, for the model and the rulesets' own values alike.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @names[@value], or NULL (with a critical) for a value past the table */
const char *ph_enum_name   (const char * const *names, guint n_names, guint value);
/* The value named @s; FALSE for NULL or an unknown name */
gboolean    ph_enum_lookup (const char * const *names, guint n_names, const char *s,
                            guint *out);

#define PH_DEFINE_ENUM_NAMES(prefix, Type, table)                              \
  const char *prefix##_to_string (Type v)                                      \
  {                                                                            \
    return ph_enum_name (table, G_N_ELEMENTS (table), (guint) v);              \
  }                                                                            \
  gboolean prefix##_from_string (const char *s, Type *out)                     \
  {                                                                            \
    guint v;                                                                   \
    if (!ph_enum_lookup (table, G_N_ELEMENTS (table), s, &v))                  \
      return FALSE;                                                            \
    *out = (Type) v;                                                           \
    return TRUE;                                                               \
  }

G_END_DECLS
