/* ph-scenario-keep.c: saving a scenario into the text it was read from
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The source O (the bytes the scenario was loaded from or last saved as)
 * is read again for C0, the canonical form of its model; the model's
 * changes, from C0 to C1 (its canonical form now), are written into O
 * (ph-scenario-merge.c). The result is loaded back (with every check of a
 * load) and its canonical form must be C1 exactly. An attribute left out
 * whose default follows another that changed (base-depth from base-width,
 * base-width from the table's unit, wound counts from the wound letters)
 * would read back differently: such attributes are then written out and
 * the check made again. When that fails too the caller saves C1, the
 * canonical form.
 */
#include <string.h>

#include "ph-scenario-check.h"
#include "ph-scenario-io.h"
#include "ph-scenario-keep.h"

/* Whether @text loads, with every check, to a model whose canonical form
 * is C1; when it loads to something else that written-out defaults would
 * mend, they are added to @explicit */
static gboolean
loads_to_c1 (const char     *text,
             gsize           length,
             const char     *filename,
             const PhXmlDoc *c1,
             GHashTable     *explicit,
             gboolean       *mendable)
{
  g_autoptr(PhScenario) loaded = NULL;
  g_autoptr(PhXmlDoc) c2 = NULL;
  g_autofree char *c2_text = NULL;
  gsize c2_length = 0;
  guint added = 0;

  *mendable = FALSE;
  loaded = ph_scenario_load_internal (text, length, filename, FALSE, NULL);
  if (loaded == NULL)
    return FALSE;
  c2_text = ph_scenario_to_xml (loaded, &c2_length);
  if (c2_length == c1->length && memcmp (c2_text, c1->text, c2_length) == 0)
    return TRUE;
  c2 = ph_xml_scan (c2_text, c2_length, "game");
  *mendable = c2 != NULL && ph_scenario_merge_repairs (c1, c1->root, c2, c2->root, explicit, &added)
              && added > 0;
  return FALSE;
}

static char *
copy_text (const char *text,
           gsize       length,
           gsize      *length_out)
{
  char *copy = g_malloc (length + 1);

  memcpy (copy, text, length);
  copy[length] = '\0';
  *length_out = length;
  return copy;
}

/* What the source @o loads to. It loaded once with every check: its model
 * is all that is wanted now. A <game> of more than PH_KEEP_PARSE_GAME
 * bytes is taken as written, unparsed (a long game log takes longer to
 * read than all the rest): it counts as unchanged when the model's game
 * is that text exactly, as it is when Powderhorn wrote it. */
static PhScenario *
load_source (const PhXmlDoc *o)
{
  const PhXmlSpan *game = NULL;
  g_autoptr(GString) rest = NULL;
  PhScenario *loaded;

  for (guint i = 0; o->root->children != NULL && i < o->root->children->len; i++)
    if (ph_keep_kind_of (o, g_ptr_array_index (o->root->children, i)) == PH_KEEP_RAW)
      game = g_ptr_array_index (o->root->children, i);
  if (game == NULL || game->end - game->start <= PH_KEEP_PARSE_GAME)
    return ph_scenario_load_internal (o->text, o->length, NULL, TRUE, NULL);

  rest = g_string_sized_new (o->length - (game->end - game->start));
  g_string_append_len (rest, o->text, (gssize) game->start);
  g_string_append_len (rest, o->text + game->end, (gssize) (o->length - game->end));
  loaded = ph_scenario_load_internal (rest->str, rest->len, NULL, TRUE, NULL);
  if (loaded != NULL)
    {
      g_free (loaded->game_xml);
      loaded->game_xml = g_strndup (o->text + game->start, game->end - game->start);
    }
  return loaded;
}

char *
ph_scenario_keep_source (GBytes     *source,
                         const char *canonical,
                         gsize       canonical_length,
                         const char *filename,
                         gsize      *length)
{
  g_autoptr(PhScenario) loaded = NULL;
  g_autoptr(PhXmlDoc) o = NULL;
  g_autoptr(PhXmlDoc) c0 = NULL;
  g_autoptr(PhXmlDoc) c1 = NULL;
  g_autoptr(GHashTable) explicit = NULL;
  g_autofree char *c0_text = NULL;
  gsize o_length = 0, c0_length = 0;
  const char *o_text;

  g_return_val_if_fail (source != NULL && canonical != NULL && length != NULL, NULL);

  o_text = g_bytes_get_data (source, &o_length);
  if (o_text == NULL || o_length == 0)
    return NULL;
  /* a file in canonical form, unchanged: nothing to work out */
  if (o_length == canonical_length && memcmp (o_text, canonical, o_length) == 0)
    return copy_text (o_text, o_length, length);
  o = ph_xml_scan (o_text, o_length, "game");
  if (o == NULL)
    return NULL;
  loaded = load_source (o);
  if (loaded == NULL)
    return NULL;
  c0_text = ph_scenario_to_xml (loaded, &c0_length);
  if (c0_length == canonical_length && memcmp (c0_text, canonical, c0_length) == 0)
    {
      /* nothing changed: the file as it is */
      return copy_text (o_text, o_length, length);
    }
  /* a file in canonical form has nothing of its own to keep: it is saved
   * in canonical form, as a new file is */
  if (c0_length == o_length && memcmp (c0_text, o_text, o_length) == 0)
    return NULL;

  c0 = ph_xml_scan (c0_text, c0_length, "game");
  c1 = ph_xml_scan (canonical, canonical_length, "game");
  if (c0 == NULL || c1 == NULL)
    return NULL;
  explicit = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_hash_table_unref);
  for (guint attempt = 0; attempt < 2; attempt++)
    {
      g_autofree char *text = NULL;
      gboolean mendable;
      gsize n = 0;

      text = ph_scenario_merge_text (o, c0, c1, g_hash_table_size (explicit) > 0 ? explicit : NULL, &n);
      if (text == NULL)
        return NULL;
      if (loads_to_c1 (text, n, filename, c1, explicit, &mendable))
        {
          *length = n;
          return g_steal_pointer (&text);
        }
      if (!mendable)
        break;
    }
  g_debug ("%s: the file's own layout could not be kept: saved in canonical form",
           filename != NULL ? filename : "-");
  return NULL;
}
