/* ph-i18n.h: the project's translations
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every message of the project (core, rulesets, renderer, command line,
 * window) is in one gettext domain, GETTEXT_PACKAGE ("powderhorn", set by
 * meson for every file). The libraries mark their strings with
 * glib/gi18n-lib.h's _() and N_(); each program binds the domain at start
 * (setlocale, bindtextdomain (GETTEXT_PACKAGE, ph_locale_dir ()),
 * bind_textdomain_codeset, textdomain). A string kept in a static table
 * (an action's help, a house rule's text) is marked N_() there and
 * translated with _() where people read it, so the command line's JSON
 * can give the table's own English. HACKING.md, "Translations".
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Where the translations are: $PH_LOCALE_DIR when set (a build tree's
 * po/ directory, which holds LANG/LC_MESSAGES/powderhorn.mo: the tests
 * use it), else the installed locale directory */
const char *ph_locale_dir (void);

/* @text as a sentence standing on its own: its first letter a capital
 * ("out of range (26 in)" -> "Out of range (26 in)"). The rules' reasons
 * start lower-case to follow "Cannot shoot at X: "; where one is shown
 * alone (under Perform, in the status line) it reads as a sentence. */
char       *ph_sentence_start (const char *text);

G_END_DECLS
