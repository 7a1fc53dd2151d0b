/* ph-drafts.h: autosaved drafts of unsaved work, and their recovery
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * While a tracked document has unsaved changes, PhDrafts writes it, as
 * Save would (the game included), to a draft a few seconds after the last
 * change: ID.xml in the drafts directory (by default
 * $XDG_STATE_HOME/powderhorn/drafts), with ID.ini beside it saying whose
 * draft it is (the instance), the file it belongs to (none for an untitled
 * scenario), that file's identity when the document read it, the title
 * and when the draft was written. Both are written atomically (a temporary
 * file, then a rename) and only the user can read them. The draft goes
 * when the document is saved, undone back to its saved state, or closed
 * with its changes discarded.
 *
 * Each running program holds a lock, INSTANCE.lock (flock()), while it has
 * drafts. A draft whose instance's lock can be taken was left by a program
 * that died: ph_drafts_find_orphans() finds those and holds their locks,
 * so that another program starting meanwhile does not offer them too.
 *
 * No GTK here: the window tracks its document, the application asks
 * (ph-recovery.c).
 */
#pragma once

#include <gio/gio.h>

#include "ph-document.h"

G_BEGIN_DECLS

/* How long after the last change a draft is written, and the longest a
 * change waits while changes keep coming */
#define PH_DRAFTS_DELAY_MS 3000
#define PH_DRAFTS_MAX_DELAY_MS 15000

/* A draft another program left */
typedef struct
{
  char *id;
  char *instance;     /* the program that wrote it */
  GFile *draft;       /* the scenario: ID.xml */
  GFile *file;        /* the file it is unsaved changes to; NULL: untitled */
  char *file_stamp;   /* that file's identity then (NULL: unknown) */
  char *title;
  GDateTime *saved;   /* when the draft was written (local time); may be NULL */
} PhDraftInfo;

void ph_draft_info_free (PhDraftInfo *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PhDraftInfo, ph_draft_info_free)

#define PH_TYPE_DRAFTS (ph_drafts_get_type ())

G_DECLARE_FINAL_TYPE (PhDrafts, ph_drafts, PH, DRAFTS, GObject)

/* @directory: NULL for $XDG_STATE_HOME/powderhorn/drafts. Nothing is
 * created there until a draft is written. */
PhDrafts   *ph_drafts_new               (const char *directory);
const char *ph_drafts_get_directory     (PhDrafts   *self);
/* For tests: writes @delay_ms after the last change (at most @max_ms
 * after the first unwritten one) */
void        ph_drafts_set_delay         (PhDrafts   *self,
                                         guint       delay_ms,
                                         guint       max_ms);

/* Keeps a draft of @document while it has unsaved changes. */
void        ph_drafts_track             (PhDrafts   *self,
                                         PhDocument *document);
/* Stops: with @discard the draft is removed (the document was closed and
 * its changes, if any, thrown away); without, a change not yet written is
 * written now and the draft stays, to be recovered. */
void        ph_drafts_untrack           (PhDrafts   *self,
                                         PhDocument *document,
                                         gboolean    discard);
/* @document's draft (ID.xml) once written, else NULL */
GFile      *ph_drafts_get_draft         (PhDrafts   *self,
                                         PhDocument *document);
/* Writes every pending draft now. */
gboolean    ph_drafts_flush             (PhDrafts   *self,
                                         GError    **error);

/* The drafts of programs that died, oldest first (PhDraftInfo*); their
 * locks are held until ph_drafts_release_orphans(). */
GPtrArray  *ph_drafts_find_orphans      (PhDrafts   *self);
/* Reads @info's draft into @document (dirty, bound to the original file
 * or untitled; it should hold nothing unsaved) and tracks it, taking the
 * draft over. On failure the document is left as it was, and the draft
 * stays. */
gboolean    ph_drafts_restore           (PhDrafts    *self,
                                         PhDraftInfo *info,
                                         PhDocument  *document,
                                         GError     **error);
/* Throws @info's draft away. */
void        ph_drafts_discard_orphan    (PhDrafts    *self,
                                         PhDraftInfo *info);
/* Lets the orphans' locks go (and removes those no draft names any more). */
void        ph_drafts_release_orphans   (PhDrafts   *self);

G_END_DECLS
