/* ph-xml-util.h: XML writing shared by the scenario saver and the game
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Appends @text escaped for an attribute value (@attribute TRUE: quotes,
 * newlines and tabs as character references) or for element content.
 * Invalid UTF-8 is repaired; characters XML 1.0 cannot hold are left out. */
void ph_xml_append_escaped (GString *out, const char *text, gboolean attribute);
/* Appends ` @name="@value"`, the value escaped; nothing when @value is
 * NULL. */
void ph_xml_append_attr (GString *out, const char *name, const char *value);

G_END_DECLS
