/* test-sheets.c: roster and record sheets for the five rulesets
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Renders each example scenario's sheets to PDF on A4 and US Letter and
 * checks the page count (computed up front, and the PDF's "/Type /Page"
 * objects), the entries per page, and the text on the pages: figure names,
 * side names, weapon ranges in the ruleset's terms (pdftotext from
 * poppler-utils; skipped when it is not installed). Then the roster and
 * print-map verbs as a user runs them ($PH_CLI).
 */
#include <string.h>

#include <cairo.h>
#include <glib/gstdio.h>

#include "ph-core.h"
#include "ph-sheet.h"
#include "ph-test-util.h"

typedef struct
{
  const char *file;
  int min_per_page, max_per_page;   /* entries per A4 page */
  const char *texts[9];             /* on the sheets, NULL-terminated */
} SheetCase;

#define MINUS "\xe2\x88\x92"
#define TIMES "\xc3\x97"

static const SheetCase cases[] = {
  { "firelock-bloody-run-1758.xml", 6, 8,
    { "Maj. Robert Rogers", "Rogers' Rangers", "Charles de Langlade", "(50" MINUS "d)" TIMES "2",
      "load 6 IPs", "100" MINUS "d", "Page 2 of 2", NULL } },
  { "featherstone-cacabelos-1809.xml", 5, 8,
    { "Rfn. Tom Plunket", "95th Rifles, rearguard", "S 80 \xc2\xb7 M 150 \xc2\xb7 L 250 paces",
      "Chance of a hit", "Veteran",
      /* the wound letters named, as the window names them, never bare */
      "F: light head wound", "C: serious right arm wound", NULL } },
  { "musket-mayhem-fight-at-the-farmstead.xml", 10, 20,
    { "Sgt Smith", "British Regulars", "Musket 24\" (\xc2\xbd 12\")", "Pistol 12\" (\xc2\xbd 6\")",
      "Compagnies franches", NULL } },
  { "fistful-north-bridge-1775.xml", 6, 12,
    { "Maj. John Buttrick", "Concord and Acton Minutemen", "Queen of Hearts", "One-eyed Jacks",
      "His Majesty's Light Infantry", NULL } },
  { "guns-of-war-tithe-barn.xml", 4, 6,
    { "Duke's Drilled Musketeers", "3/3 v foot \xc2\xb7 4/4 v mounted", "Flintlock musket",
      "DF \xe2\x80\x94 Drilled Foot", "Size factor", NULL } },
};

/* Entries per page: add figures to the first side until it needs a
 * second page. */
static int
entries_per_page (const PhScenario *original,
                  double            width,
                  double            height)
{
  g_autoptr(PhScenario) scenario = ph_scenario_copy (original);
  const PhSide *first = g_ptr_array_index (scenario->sides, 0);
  int base = ph_sheet_count_pages (scenario, width, height);
  guint on_side = 0;

  for (guint i = 0; i < scenario->figures->len; i++)
    if (g_strcmp0 (((PhFigure *) g_ptr_array_index (scenario->figures, i))->side, first->id) == 0)
      on_side++;
  g_assert_cmpint (base, ==, (int) scenario->sides->len);
  for (int extra = 1; extra < 100; extra++)
    {
      PhFigure *figure = ph_figure_copy (g_ptr_array_index (scenario->figures, 0));

      g_free (figure->id);
      figure->id = g_strdup_printf ("extra%d", extra);
      g_free (figure->side);
      figure->side = g_strdup (first->id);
      g_ptr_array_add (scenario->figures, figure);
      ph_scenario_reindex (scenario);
      if (ph_sheet_count_pages (scenario, width, height) > base)
        return on_side + extra - 1;
    }
  g_assert_not_reached ();
}

static void
test_sheet (gconstpointer data)
{
  const SheetCase *c = data;
  g_autoptr(PhScenario) scenario = ph_test_load_example (c->file);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-sheets-XXXXXX", NULL);
  const PhPaper papers[] = { PH_PAPER_A4, PH_PAPER_LETTER };

  for (guint p = 0; p < G_N_ELEMENTS (papers); p++)
    {
      g_autofree char *path = g_build_filename (dir, "sheets.pdf", NULL);
      g_autofree char *text = NULL;
      double w, h;
      int pages, per_page;

      ph_paper_get_size (papers[p], &w, &h);
      pages = ph_sheet_count_pages (scenario, w, h);
      /* every example has one page per side */
      g_assert_cmpint (pages, ==, (int) scenario->sides->len);
      per_page = entries_per_page (scenario, w, h);
      g_assert_cmpint (per_page, >=, c->min_per_page - (papers[p] == PH_PAPER_LETTER ? 1 : 0));
      g_assert_cmpint (per_page, <=, c->max_per_page);

      g_assert_true (ph_sheet_export_pdf (scenario, path, papers[p], &error));
      g_assert_no_error (error);
      g_assert_cmpint (ph_test_pdf_page_objects (path), ==, pages);

      text = ph_test_pdf_text (path, 0);
      if (text == NULL)
        {
          g_test_skip ("pdftotext (poppler-utils) is not installed: sheet text not checked");
        }
      else
        {
          for (guint i = 0; c->texts[i] != NULL; i++)
            if (strstr (text, c->texts[i]) == NULL)
              g_error ("%s: '%s' is not on the %s sheets:\n%s", c->file, c->texts[i],
                       ph_paper_to_string (papers[p]), text);
          /* every figure's name */
          for (guint i = 0; i < scenario->figures->len; i++)
            {
              const char *name = ph_figure_display_name (g_ptr_array_index (scenario->figures, i));

              if (strstr (text, name) == NULL)
                g_error ("%s: figure '%s' is not on the sheets", c->file, name);
            }
          g_assert_nonnull (strstr (text, scenario->title));
          g_assert_nonnull (strstr (text, "Quick reference"));
        }
      g_unlink (path);
    }
  g_rmdir (dir);
}

/* Featherstone's weapons in melee: their row of the Weapons Table in the
 * book's words (the game's own, "Weapons Table, sword bayonet against
 * fixed bayonet"), never "melee category 6" */
static void
test_featherstone_melee_words (void)
{
  g_autoptr(PhScenario) scenario = ph_test_load_example ("featherstone-cacabelos-1809.xml");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-sheets-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sheets.pdf", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) words = NULL;
  g_autofree char *joined = NULL;
  static const char * const rows[] = {
    /* the rifles' sword bayonets (6), the French line's fixed bayonets
     * (7), the hussars' sabres (11), each whole though wrapped */
    "melee as short sword, sword bayonet, scimitar or cutlass",
    "melee as fixed bayonet, spear, javelin, lance, long war axe or assegai",
    "melee as a horseman's sabre or sword",
    /* McCabe, a Baker rifle and nothing else, as the game fights him
     * (his sheet had no melee line) */
    "Melee Baker rifle used as a club (shoulder arm used as club or staff",
  };

  g_assert_true (ph_sheet_export_pdf (scenario, path, PH_PAPER_A4, &error));
  g_assert_no_error (error);
  text = ph_test_pdf_text (path, 0);
  g_unlink (path);
  g_rmdir (dir);
  if (text == NULL)
    {
      g_test_skip ("pdftotext (poppler-utils) is not installed: sheet text not checked");
      return;
    }
  g_assert_null (strstr (text, "category"));
  /* the first column's lines one after another, as a reader takes them */
  words = g_regex_split_simple ("\\s+", text, 0, 0);
  joined = g_strjoinv (" ", words);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    if (strstr (joined, rows[i]) == NULL)
      g_error ("'%s' is not on the sheets:\n%s", rows[i], text);
}

/* Many figures: more pages, numbered "Page x of y", the count announced
 * before drawing equal to the pages drawn */
static void
test_many_figures (void)
{
  g_autoptr(PhScenario) scenario = ph_test_load_example ("firelock-bloody-run-1758.xml");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ph-sheets-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "many.pdf", NULL);
  g_autofree char *text = NULL;
  double w, h;
  int pages;

  for (int i = 0; i < 30; i++)
    {
      PhFigure *figure = ph_figure_copy (g_ptr_array_index (scenario->figures, 0));

      g_free (figure->id);
      figure->id = g_strdup_printf ("copy%d", i);
      g_free (figure->name);
      figure->name = g_strdup_printf ("Ranger Number %d", i);
      g_ptr_array_add (scenario->figures, figure);
    }
  ph_scenario_reindex (scenario);
  ph_paper_get_size (PH_PAPER_A4, &w, &h);
  pages = ph_sheet_count_pages (scenario, w, h);
  g_assert_cmpint (pages, >, 2);
  g_assert_true (ph_sheet_export_pdf (scenario, path, PH_PAPER_A4, &error));
  g_assert_no_error (error);
  g_assert_cmpint (ph_test_pdf_page_objects (path), ==, pages);
  text = ph_test_pdf_text (path, 0);
  if (text != NULL)
    {
      g_autofree char *last = g_strdup_printf ("Page %d of %d", pages, pages);

      g_assert_nonnull (strstr (text, last));
      g_assert_nonnull (strstr (text, "Ranger Number 29"));
    }

  /* a page too small for one row has no pages; drawing past the end draws
   * nothing and does not crash */
  g_assert_cmpint (ph_sheet_count_pages (scenario, 200, 200), ==, 0);
  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
    cairo_t *cr = cairo_create (surface);

    ph_sheet_draw_page (cr, scenario, w, h, pages);
    ph_sheet_draw_page (cr, scenario, w, h, -1);
    g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_paper (void)
{
  PhPaper paper;

  g_assert_true (ph_paper_from_string ("A4", &paper));
  g_assert_cmpint (paper, ==, PH_PAPER_A4);
  g_assert_true (ph_paper_from_string ("letter", &paper));
  g_assert_cmpint (paper, ==, PH_PAPER_LETTER);
  g_assert_false (ph_paper_from_string ("a5", &paper));
}

/* ------------------------------------------------------------------ */
/* The verbs                                                           */

static void
test_cli (void)
{
  g_autofree char *dir = NULL, *pdf = NULL, *txt = NULL, *broken = NULL;
  g_autofree char *farm = ph_test_scenario_path ("musket-mayhem-fight-at-the-farmstead.xml");
  g_autofree char *gow = ph_test_scenario_path ("guns-of-war-tithe-barn.xml");
  g_autofree char *firelock = ph_test_scenario_path ("firelock-bloody-run-1758.xml");

  if (g_getenv ("PH_CLI") == NULL)
    {
      g_test_skip ("PH_CLI is not set");
      return;
    }
  dir = g_dir_make_tmp ("ph-sheets-cli-XXXXXX", NULL);
  pdf = g_build_filename (dir, "out.pdf", NULL);
  txt = g_build_filename (dir, "out.txt", NULL);
  broken = g_build_filename (dir, "broken.xml", NULL);
  g_assert_true (g_file_set_contents (broken, "<scenario>", -1, NULL));

  {
    g_autofree char *out = NULL, *err = NULL, *expected = g_strdup_printf ("%s: 2 pages\n", pdf);

    g_assert_cmpint (ph_test_run_cli (&out, &err, "roster", gow, "-o", pdf, "--paper", "letter",
                                      NULL), ==, 0);
    g_assert_cmpstr (out, ==, expected);
    g_assert_cmpint (ph_test_pdf_page_objects (pdf), ==, 2);
    g_unlink (pdf);
  }
  /* --odds: a page per side after the two cards, each shot a line, the
   * numbers odds prints for that pair */
  {
    g_autofree char *out = NULL, *err = NULL, *expected = g_strdup_printf ("%s: 4 pages\n", pdf);
    g_autofree char *csv = NULL, *text = NULL;
    g_auto(GStrv) lines = NULL;
    guint checked = 0;

    g_assert_cmpint (ph_test_run_cli (&out, &err, "roster", gow, "-o", pdf, "--paper", "letter",
                                      "--odds", NULL), ==, 0);
    g_assert_cmpstr (out, ==, expected);
    g_assert_cmpint (ph_test_pdf_page_objects (pdf), ==, 4);
    text = ph_test_pdf_text (pdf, 3);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (ph_test_run_cli (&csv, &err, "odds", gow, "--csv", NULL), ==, 0);
    lines = g_strsplit (csv, "\n", -1);
    if (text != NULL)
      {
        g_assert_nonnull (strstr (text, "Shots by "));
        g_assert_nonnull (strstr (text, "To hit"));
        /* every p_hit of odds --csv that can fire, as a percentage on the
         * pages of its side (page 3 or 4) */
        for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
          {
            g_auto(GStrv) cells = g_strsplit (lines[i], ",", -1);

            if (g_strv_length (cells) < 8 || !g_str_equal (cells[4], "true"))
              continue;
            {
              g_autofree char *pct = g_strdup_printf ("%.0f%%", 100 * g_ascii_strtod (cells[6], NULL));
              g_autofree char *both = ph_test_pdf_text (pdf, 0);

              g_assert_nonnull (strstr (both, pct));
              checked++;
            }
          }
        g_test_message ("%u shots found on the odds pages", checked);
        g_assert_cmpuint (checked, >, 0);
      }
    g_unlink (pdf);
  }
  /* Firelock ranks by the chance to wound: its odds pages carry that
   * column too, each number the p_effect odds prints for the pair */
  {
    g_autofree char *out = NULL, *err = NULL, *csv = NULL, *text = NULL;
    g_auto(GStrv) lines = NULL;
    guint checked = 0;

    g_assert_cmpint (ph_test_run_cli (&out, &err, "roster", firelock, "-o", pdf, "--odds", NULL), ==, 0);
    text = ph_test_pdf_text (pdf, 0);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (ph_test_run_cli (&csv, &err, "odds", firelock, "--csv", NULL), ==, 0);
    lines = g_strsplit (csv, "\n", -1);
    g_assert_true (g_str_has_suffix (lines[0], ",p_hit,p_kill,p_effect"));
    if (text != NULL)
      {
        g_assert_nonnull (strstr (text, "To wound"));
        for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
          {
            g_auto(GStrv) cells = g_strsplit (lines[i], ",", -1);
            guint n = g_strv_length (cells);
            g_autofree char *pct = NULL;

            if (n < 9 || !g_str_equal (cells[4], "true"))
              continue;
            pct = g_strdup_printf ("%.0f%%", 100 * g_ascii_strtod (cells[n - 1], NULL));
            g_assert_nonnull (strstr (text, pct));
            checked++;
          }
        g_assert_cmpuint (checked, >, 0);
      }
    g_unlink (pdf);
  }
  {
    g_autofree char *out = NULL, *err = NULL, *expected = g_strdup_printf ("%s: 51 pages\n", pdf);

    g_assert_cmpint (ph_test_run_cli (&out, &err, "print-map", farm, "-o", pdf, NULL), ==, 0);
    g_assert_cmpstr (out, ==, expected);
    g_assert_cmpint (ph_test_pdf_page_objects (pdf), ==, 51);
    g_unlink (pdf);
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (ph_test_run_cli (&out, &err, "print-map", farm, "-o", pdf, "--scale", "fit",
                                      "--paper", "letter", NULL), ==, 0);
    g_assert_cmpint (ph_test_pdf_page_objects (pdf), ==, 1);
    g_unlink (pdf);
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    /* a 2 in overlap: more pages than the default's */
    g_assert_cmpint (ph_test_run_cli (&out, &err, "print-map", farm, "-o", pdf, "--overlap", "2",
                                      NULL), ==, 0);
    g_assert_cmpint (ph_test_pdf_page_objects (pdf), >, 51);
    g_unlink (pdf);
  }

  /* usage errors: 2; bad input: 1 */
  {
    static const char * const usage[][8] = {
      { "roster", NULL },
      { "roster", "FARM", NULL },
      { "roster", "FARM", "-o", "PDF", "--paper", "a5", NULL },
      { "roster", "FARM", "-o", "TXT", NULL },
      { "print-map", "FARM", "-o", "PDF", "--scale", "half", NULL },
      { "print-map", "FARM", "-o", "PDF", "--overlap", "30", NULL },
      { "print-map", "FARM", "-o", "PDF", "--scale", "fit", "--overlap", "1" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (usage); i++)
      {
        g_autofree char *out = NULL, *err = NULL;
        const char *a[8] = { NULL };

        for (int j = 0; j < 8 && usage[i][j] != NULL; j++)
          a[j] = g_str_equal (usage[i][j], "FARM") ? farm
                 : g_str_equal (usage[i][j], "PDF") ? pdf
                 : g_str_equal (usage[i][j], "TXT") ? txt : usage[i][j];
        g_assert_cmpint (ph_test_run_cli (&out, &err, a[0], a[1], a[2], a[3], a[4], a[5], a[6],
                                          a[7], NULL), ==, 2);
        g_assert_cmpstr (err, !=, "");
        g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
      }
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (ph_test_run_cli (&out, &err, "roster", broken, "-o", pdf, NULL), ==, 1);
    g_assert_nonnull (strstr (err, "broken.xml"));
    g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  }
  {
    g_autofree char *out = NULL, *err = NULL;

    g_assert_cmpint (ph_test_run_cli (&out, &err, "roster", "--help", NULL), ==, 0);
    g_assert_nonnull (strstr (out, "--paper"));
    g_clear_pointer (&out, g_free);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (ph_test_run_cli (&out, &err, "print-map", "--help", NULL), ==, 0);
    g_assert_nonnull (strstr (out, "--overlap"));
    g_assert_nonnull (strstr (out, "--scale"));
  }
  g_unlink (broken);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/sheets/%s", cases[i].file);

      g_test_add_data_func (path, &cases[i], test_sheet);
    }
  g_test_add_func ("/sheets/featherstone-melee-words", test_featherstone_melee_words);
  g_test_add_func ("/sheets/many-figures", test_many_figures);
  g_test_add_func ("/sheets/paper", test_paper);
  g_test_add_func ("/sheets/cli", test_cli);
  return g_test_run ();
}
