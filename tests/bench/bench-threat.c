/* bench-threat.c: how long a threat map takes (the window's T overlay)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run on demand, never by `meson test`:
 *   ninja -C build tests/bench/bench-threat && ./build/tests/bench/bench-threat
 *
 * For each example scenario (PH_DATA_DIR/scenarios, else the source
 * tree's data/scenarios), the threat map of its first figure at the
 * window's sizes: the quick first look of 300 cells the window shows at
 * once, and the sharp one of 3,000 cells that follows; then the same on a
 * generated table of 300 figures among 200 features. Each is the median
 * of five runs, in CPU time, and as a share of a 60 Hz frame (16.7 ms).
 */
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <glib.h>

#include "../ph-test-ruleset.h"
#include "bench-scene.h"
#include "ph-threat.h"

#define RUNS 5
#define FRAME_MS (1000.0 / 60)

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

/* The median over RUNS of one threat map of @id at @cells */
static double
time_threat (const PhScenario *scenario,
             const char       *id,
             guint             cells,
             guint            *shooters)
{
  double samples[RUNS];

  for (guint r = 0; r < RUNS; r++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(PhThreatMap) map = NULL;
      double t0 = cpu_ms ();

      map = ph_engine_threat_map (scenario, id, cells, &error);
      samples[r] = cpu_ms () - t0;
      if (map == NULL)
        g_error ("%s", error->message);
      *shooters = 0;
      for (guint i = 0; i < map->nx * map->ny; i++)
        *shooters = MAX (*shooters, map->cells[i].shooters);
    }
  qsort (samples, RUNS, sizeof (double), (int (*)(const void *, const void *)) compare_doubles);
  return samples[RUNS / 2];
}

static void
report (const char       *name,
        const PhScenario *scenario)
{
  const PhFigure *first = g_ptr_array_index (scenario->figures, 0);
  guint enemies = 0, most = 0;
  double quick, sharp;

  for (guint i = 0; i < scenario->figures->len; i++)
    if (g_strcmp0 (((PhFigure *) g_ptr_array_index (scenario->figures, i))->side, first->side) != 0)
      enemies++;
  quick = time_threat (scenario, first->id, 300, &most);
  sharp = time_threat (scenario, first->id, 3000, &most);
  printf ("%-44s %3u enemies  300 cells %8.1f ms (%5.2f frames)  3000 cells %8.1f ms (%5.2f frames)\n",
          name, enemies, quick, quick / FRAME_MS, sharp, sharp / FRAME_MS);
}

int
main (int    argc,
      char **argv)
{
  const char *data = g_getenv ("PH_DATA_DIR");
  g_autofree char *dir = data != NULL ? g_build_filename (data, "scenarios", NULL)
                                      : g_build_filename (SOURCE_ROOT, "data", "scenarios", NULL);
  g_autoptr(GDir) listing = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  const char *name;

  setlocale (LC_ALL, "");
  listing = g_dir_open (dir, 0, &error);
  if (listing == NULL)
    g_error ("%s", error->message);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  printf ("threat map of the first figure, CPU time, median of %d (a frame is %.1f ms)\n",
          RUNS, FRAME_MS);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);
      g_autoptr(PhScenario) scenario = ph_scenario_load_file (path, &error);

      if (scenario == NULL)
        g_error ("%s", error->message);
      report (g_ptr_array_index (names, i), scenario);
    }
  {
    g_autofree char *xml = ph_bench_make_scenario (ph_test_ruleset ("firelock-scalplock"),
                                                   300, 200, 72, 48);
    g_autoptr(PhScenario) scenario = ph_scenario_load_data (xml, strlen (xml), "bench.xml",
                                                            &error);

    if (scenario == NULL)
      g_error ("%s", error->message);
    report ("300 figures, 200 features (Firelock)", scenario);
  }
  return 0;
}
