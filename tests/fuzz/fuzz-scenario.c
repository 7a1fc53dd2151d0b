/* fuzz-scenario.c: the scenario loader on any bytes
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is a scenario file. Refusing it is fine, as long as the
 * refusal says why; crashes, sanitizer reports and warnings are bugs.
 * A file that loads must write out (canonical form) to a file that loads
 * too and writes out byte for byte the same.
 */
#include <string.h>

#include "fuzz-util.h"

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
  return 0;
}
