/* fuzz-scenario.c: the scenario loader on any bytes
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is a scenario file. Refusing it is fine, as long as the
 * refusal says why; crashes, sanitizer reports and warnings are bugs.
 * A file that loads must write out (canonical form) to a file that loads
 * too and writes out byte for byte the same. Saved (into its own text,
 * ph_scenario_to_saved_xml()) unchanged it must come out as it went in;
 * with a figure moved and another removed, what is saved must load to the
 * model, whenever the canonical form is saved at all.
 */
#include <string.h>

#include "fuzz-util.h"

/* What a save writes, the model's changes in the file's own text */
static void
check_saved (PhScenario    *scenario,
             const uint8_t *data,
             size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PhScenario) again = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *changed = NULL;
  g_autofree char *canonical = NULL;
  g_autofree char *canonical_again = NULL;
  g_autofree char *checked = NULL;
  gsize length = 0;

  kept = ph_scenario_to_saved_xml (scenario, NULL, &length, &error);
  if (kept == NULL)
    ph_fuzz_fail ("saved unchanged, it does not load: %s", error->message);
  if (length != size || memcmp (kept, data, size) != 0)
    ph_fuzz_fail ("saved unchanged, the file is not as it was:\n%s", kept);

  if (scenario->figures->len == 0)
    return;
  {
    PhFigure *f = g_ptr_array_index (scenario->figures, 0);

    f->x += f->x > 0 ? -1 : 1;
  }
  if (scenario->figures->len > 1)
    g_ptr_array_remove_index (scenario->figures, scenario->figures->len - 1);
  ph_scenario_reindex (scenario);
  checked = ph_scenario_to_checked_xml (scenario, NULL, NULL, NULL);
  changed = ph_scenario_to_saved_xml (scenario, NULL, &length, &error);
  if ((checked == NULL) != (changed == NULL))
    ph_fuzz_fail ("the canonical form %s, the file's own text %s",
                  checked ? "saves" : "does not save", changed ? "does" : "does not");
  if (changed == NULL)
    return;
  if (length != strlen (changed))
    ph_fuzz_fail ("the text saved is not one NUL-free string");
  again = ph_scenario_load_data (changed, length, "kept.xml", &error);
  if (again == NULL)
    ph_fuzz_fail ("the text saved does not load: %s\n%s", error->message, changed);
  canonical = ph_scenario_to_xml (scenario, NULL);
  canonical_again = ph_scenario_to_xml (again, NULL);
  if (strcmp (canonical, canonical_again) != 0)
    ph_fuzz_fail ("the text saved loads to another scenario:\n%s", changed);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(PhScenario) first = NULL;
  g_autoptr(PhScenario) second = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *xml_again = NULL;
  gsize length, length_again;

  ph_fuzz_init ();

  first = ph_scenario_load_data ((const char *) data, size, "fuzz.xml", &error);
  if (first == NULL)
    {
      if (error == NULL || error->message == NULL || error->message[0] == '\0')
        ph_fuzz_fail ("refused without a message");
      return 0;
    }
  if (error != NULL)
    ph_fuzz_fail ("loaded, with an error set: %s", error->message);

  xml = ph_scenario_to_xml (first, &length);
  if (xml == NULL || length != strlen (xml))
    ph_fuzz_fail ("the canonical form is not one NUL-free string");
  second = ph_scenario_load_data (xml, length, "canonical.xml", &error);
  if (second == NULL)
    ph_fuzz_fail ("the canonical form does not load: %s\n%s", error->message, xml);

  xml_again = ph_scenario_to_xml (second, &length_again);
  if (length != length_again || memcmp (xml, xml_again, length) != 0)
    ph_fuzz_fail ("the canonical form is not stable:\n%s\n-- then --\n%s", xml, xml_again);

  check_saved (first, data, size);
  return 0;
}
