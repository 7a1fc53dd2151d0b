/* test-cli-i18n.c: powderhorn-cli in French, and what must not change
 * with the language
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Spawns $PH_CLI under LANGUAGE=fr LANG=LC_ALL=fr_FR.UTF-8 with the
 * translations built into the build tree (meson sets PH_LOCALE_DIR to
 * BUILDDIR/po, where i18n.gettext() puts fr/LC_MESSAGES/powderhorn.mo).
 * The human output is French, numbers with a decimal comma; the JSON and
 * CSV are a contract and the same bytes as under C, and so is a scenario
 * file (bar the game log's text, written in the language of whoever
 * played). Skips only when the system has no fr_FR.UTF-8 locale (README:
 * Debian's locales-all).
 */
#include <locale.h>
#include <string.h>

#include <glib/gstdio.h>

#include "ph-test-cli.h"
#include "ph-test-files.h"

#define FIRELOCK "firelock-bloody-run-1758.xml"
#define GUNS_OF_WAR "guns-of-war-tithe-barn.xml"

static const char * const examples[] = {
  FIRELOCK,
  "musket-mayhem-fight-at-the-farmstead.xml",
  "fistful-north-bridge-1775.xml",
  "featherstone-cacabelos-1809.xml",
  GUNS_OF_WAR,
};

static gboolean have_french;

#define SKIP_WITHOUT_FRENCH() \
  G_STMT_START { \
    if (!have_french) \
      { \
        g_test_skip ("no fr_FR.UTF-8 locale on this system (install locales-all)"); \
        return; \
      } \
  } G_STMT_END

/* The environment a French user has, or the C one meson gives the tests */
static void
use_french (gboolean french)
{
  g_setenv ("LC_ALL", french ? "fr_FR.UTF-8" : "C.UTF-8", TRUE);
  g_setenv ("LANG", french ? "fr_FR.UTF-8" : "C.UTF-8", TRUE);
  if (french)
    g_setenv ("LANGUAGE", "fr", TRUE);
  else
    g_unsetenv ("LANGUAGE");
}

static PhTestRun *
run_in (gboolean            french,
        const char * const *args)
{
  PhTestRun *run;

  use_french (french);
  run = ph_test_cli_argv (args);
  use_french (FALSE);
  return run;
}

/* Runs @args in French, asserting exit status 0 */
static char *
french_output (const char * const *args)
{
  g_autoptr(PhTestRun) run = run_in (TRUE, args);

  if (run->status != 0)
    g_error ("%s: exit %d: %s", args[0], run->status, run->err);
  return g_steal_pointer (&run->out);
}

/* Same exit status and byte-identical standard output in C and French */
static void
assert_same_in_both (const char * const *args)
{
  g_autoptr(PhTestRun) c = run_in (FALSE, args);
  g_autoptr(PhTestRun) fr = run_in (TRUE, args);
  g_autofree char *line = g_strjoinv (" ", (char **) args);

  g_test_message ("%s", line);
  g_assert_cmpint (c->status, ==, 0);
  g_assert_cmpint (fr->status, ==, c->status);
  g_assert_cmpstr (fr->out, ==, c->out);
}

/* A copy of the example @name in a new temporary folder */
static char *
copy_example (const char *name)
{
  g_autofree char *source = ph_test_scenario_path (name);
  g_autofree char *contents = ph_test_read_file (source);

  return ph_test_write_temp (name, contents);
}

/* assess's table: French words, French numbers; the English is English */
static void
test_assess_human (void)
{
  g_autofree char *path = ph_test_scenario_path (FIRELOCK);
  const char *args[] = { "assess", path, "--shooter", "stark", "--target", "dubois", NULL };
  g_autoptr(PhTestRun) c = NULL;
  g_autofree char *fr = NULL;

  SKIP_WITHOUT_FRENCH ();
  c = run_in (FALSE, args);
  g_assert_cmpint (c->status, ==, 0);
  g_assert_nonnull (strstr (c->out, "Capt. John Stark (stark) shoots at Sgt. Dubois (dubois)"));
  g_assert_nonnull (strstr (c->out, "7.50 in, max range 50 in: in range"));

  fr = french_output (args);
  g_test_message ("%s", fr);
  g_assert_nonnull (strstr (fr, "Capt. John Stark (stark) tire sur Sgt. Dubois (dubois)"));
  g_assert_nonnull (strstr (fr, "  arme         mousquet\n"));
  g_assert_nonnull (strstr (fr, "7,50 po, portée max. 50 po : à portée"));
  g_assert_nonnull (strstr (fr, "  couvert      lourd"));
  g_assert_nonnull (strstr (fr, "résultat : cible dans un bâtiment"));
  g_assert_nonnull (strstr (fr, "  p(toucher)   25,5 %"));
  g_assert_null (strstr (fr, "shoots at"));
}

/* A shot that cannot be: the reason, in French */
static void
test_assess_reasons (void)
{
  g_autofree char *path = ph_test_scenario_path (FIRELOCK);
  const char *args[] = { "assess", path, "--shooter", "rogers", "--target", "langlade", NULL };
  g_autofree char *fr = NULL;

  SKIP_WITHOUT_FRENCH ();
  fr = french_output (args);
  g_assert_nonnull (strstr (fr, "  peut tirer   NON\n"));
  g_assert_nonnull (strstr (fr, "pas de ligne de vue : bloquée par Widow Tucker's Cabin"));
}

/* odds, info and rulesets for people, and the help */
static void
test_other_verbs_human (void)
{
  g_autofree char *path = ph_test_scenario_path (FIRELOCK);
  const char *odds[] = { "odds", path, NULL };
  const char *info[] = { "info", path, NULL };
  const char *rulesets[] = { "rulesets", "firelock-scalplock", NULL };
  const char *help[] = { "--help", NULL };
  const char *game_help[] = { "game", "--help", NULL };
  g_autofree char *out = NULL;

  SKIP_WITHOUT_FRENCH ();
  out = french_output (odds);
  g_assert_nonnull (strstr (out, "Firelock and Scalplock : 50 tirs, distances en po\n"));
  g_assert_nonnull (strstr (out, "tireur"));
  g_assert_nonnull (strstr (out, "pourquoi pas"));
  g_clear_pointer (&out, g_free);

  out = french_output (info);
  g_assert_nonnull (strstr (out, "règles    firelock-scalplock (Firelock and Scalplock)\n"));
  g_assert_nonnull (strstr (out, "table     48 x 36 po, quadrillage carré de 1 po, mesure bord à bord\n"));
  g_clear_pointer (&out, g_free);

  out = french_output (rulesets);
  g_assert_nonnull (strstr (out, "règles maison"));
  g_assert_nonnull (strstr (out, "Le modificateur de corps à corps"));
  g_clear_pointer (&out, g_free);

  out = french_output (help);
  g_assert_nonnull (strstr (out, "Verbes :\n"));
  g_assert_nonnull (strstr (out, "  assess    FICHIER --shooter ID --target ID"));
  g_clear_pointer (&out, g_free);

  out = french_output (game_help);
  g_assert_nonnull (strstr (out, "-o, --output=SORTIE"));
}

/* A usage error, in French, and still exit status 2 */
static void
test_usage_error (void)
{
  g_autofree char *path = ph_test_scenario_path (FIRELOCK);
  const char *args[] = { "assess", path, NULL };
  g_autoptr(PhTestRun) run = NULL;

  SKIP_WITHOUT_FRENCH ();
  run = run_in (TRUE, args);
  ph_test_assert_usage_error (run);
  g_assert_nonnull (strstr (run->err, "--shooter ID est obligatoire"));
}

/* A game step for people, in French, and its log line in the file */
static void
test_game_human (void)
{
  g_autofree char *path = copy_example (GUNS_OF_WAR);
  const char *new_game[] = { "game", path, "--new", "--seed", "7", NULL };
  const char *move[] = { "game", path, "move", "figure=aur_musketeers", "hex=0604", NULL };
  g_autofree char *out = NULL;
  g_autofree char *saved = NULL;

  SKIP_WITHOUT_FRENCH ();
  out = french_output (new_game);
  /* the example's table shows the musketeers as having moved: the
   * battle takes the marker off */
  g_assert_nonnull (strstr (out, "[tour 1] La bataille commence : tour 1 ; les marqueurs de "
                            "mouvement et de tir de la mise en place sont retirés : Duke's "
                            "Drilled Musketeers\n"));
  g_clear_pointer (&out, g_free);
  out = french_output (move);
  /* the log's text is the player's language (the hex as the map prints
   * it: Guns of War's sentences give no coordinates) */
  g_assert_nonnull (strstr (out, "Duke's Drilled Musketeers se déplace de 4 hexagones en hexagone 0604"));
  saved = ph_test_read_file (path);
  g_assert_nonnull (strstr (saved, "text=\"La bataille commence : tour 1 ; les marqueurs"));
  ph_test_remove_temp (path);
}

/* The roster's words on paper */
static void
test_roster (void)
{
  g_autofree char *path = ph_test_scenario_path (FIRELOCK);
  g_autofree char *dir = g_dir_make_tmp ("ph-i18n-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "roster.pdf", NULL);
  const char *args[] = { "roster", path, "-o", pdf, "--odds", NULL };
  g_autofree char *out = NULL;
  g_autofree char *text = NULL;

  SKIP_WITHOUT_FRENCH ();
  out = french_output (args);
  g_assert_nonnull (strstr (out, " : 4 pages"));
  text = ph_test_pdf_text (pdf, 0);
  if (text == NULL)
    g_test_message ("no pdftotext: the PDF's text is not read");
  else
    {
      g_assert_nonnull (strstr (text, "Fiche d’effectif"));
      g_assert_nonnull (strstr (text, "Aide-mémoire"));
      g_assert_nonnull (strstr (text, "Référence des chances"));
      g_assert_null (strstr (text, "Quick reference"));
    }
  ph_test_remove_tree (dir);
}

/* Every --json and --csv output: the same bytes in French as in C (keys,
 * ids, labels, reasons and numbers) */
static void
test_machine_output (void)
{
  g_autofree char *firelock = ph_test_scenario_path (FIRELOCK);
  g_autofree char *game = copy_example (GUNS_OF_WAR);
  const char *new_game[] = { "game", game, "--new", "--seed", "7", NULL };
  const char *move[] = { "game", game, "move", "figure=aur_musketeers", "hex=0604", NULL };
  g_autoptr(PhTestRun) run = NULL;

  SKIP_WITHOUT_FRENCH ();
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *path = ph_test_scenario_path (examples[i]);
      const char *info[] = { "info", path, "--json", NULL };
      const char *odds_json[] = { "odds", path, "--json", NULL };
      const char *odds_csv[] = { "odds", path, "--csv", NULL };

      assert_same_in_both (info);
      assert_same_in_both (odds_json);
      assert_same_in_both (odds_csv);
    }
  {
    const char *assess[] = { "assess", firelock, "--shooter", "stark", "--target", "dubois", "--json", NULL };
    const char *blocked[] = { "assess", firelock, "--shooter", "rogers", "--target", "langlade", "--json", NULL };
    const char *advise[] = { "advise", firelock, "--figure", "stark", "--json", NULL };
    const char *rulesets[] = { "rulesets", "--json", NULL };
    const char *actions[] = { "game", game, "--actions", "--json", NULL };
    const char *log[] = { "game", game, "--json", NULL };
    const char *replay[] = { "game", game, "--replay", "1", "--json", NULL };

    assert_same_in_both (assess);
    assert_same_in_both (blocked);
    assert_same_in_both (advise);
    assert_same_in_both (rulesets);
    /* a game played in C: its log is English, and so is the JSON of it */
    run = run_in (FALSE, new_game);
    g_assert_cmpint (run->status, ==, 0);
    g_clear_pointer (&run, ph_test_run_free);
    run = run_in (FALSE, move);
    g_assert_cmpint (run->status, ==, 0);
    assert_same_in_both (actions);
    assert_same_in_both (log);
    assert_same_in_both (replay);
  }
  ph_test_remove_temp (game);
}

/* The scenario as saved without its game log's words (the text and
 * purpose attributes, the player's language) */
static char *
without_log_text (const char *xml)
{
  g_autoptr(GRegex) regex = g_regex_new (" (text|purpose)=\"[^\"]*\"", 0, 0, NULL);

  return g_regex_replace_literal (regex, xml, -1, 0, "", 0, NULL);
}

/* Saving: a new scenario with a fractional table, a rolled character and
 * game steps with fractional positions write the same bytes in French as
 * in C: points, never commas */
static void
test_saving (void)
{
  const char *new_args[] = { "new", "--ruleset", "firelock-scalplock", "--table", "72.5x48.25in",
                             "--grid-size", "1.5", "--title", "Décimales", "-o", "-", NULL };
  g_autofree char *game_c = copy_example (GUNS_OF_WAR);
  g_autofree char *game_fr = copy_example (GUNS_OF_WAR);
  g_autofree char *character_c = copy_example (FIRELOCK);
  g_autofree char *character_fr = copy_example (FIRELOCK);
  g_autofree char *xml_c = NULL, *xml_fr = NULL, *bare_c = NULL, *bare_fr = NULL;
  gboolean french;

  SKIP_WITHOUT_FRENCH ();
  assert_same_in_both (new_args);
  {
    g_autofree char *out = french_output (new_args);

    g_assert_nonnull (strstr (out, "width=\"72.5\""));
    g_assert_nonnull (strstr (out, "height=\"48.25\""));
    g_assert_nonnull (strstr (out, "size=\"1.5\""));
  }

  for (int i = 0; i < 2; i++)
    {
      const char *path = i == 0 ? character_c : character_fr;
      const char *args[] = { "character", path, "--figure", "rogers", "--seed", "3", NULL };
      g_autoptr(PhTestRun) run = run_in (i == 1, args);

      g_assert_cmpint (run->status, ==, 0);
    }
  xml_c = ph_test_read_file (character_c);
  xml_fr = ph_test_read_file (character_fr);
  g_assert_cmpstr (xml_fr, ==, xml_c);
  g_clear_pointer (&xml_c, g_free);
  g_clear_pointer (&xml_fr, g_free);

  for (int i = 0; i < 2; i++)
    {
      const char *path = i == 0 ? game_c : game_fr;
      const char *new_game[] = { "game", path, "--new", "--seed", "7", NULL };
      const char *move[] = { "game", path, "move", "figure=aur_musketeers", "x=9.5", "y=7.25",
                             NULL };
      const char *validate[] = { "validate", path, NULL };
      g_autoptr(PhTestRun) a = NULL, b = NULL, v = NULL;

      french = i == 1;
      a = run_in (french, new_game);
      g_assert_cmpint (a->status, ==, 0);
      b = run_in (french, move);
      g_assert_cmpint (b->status, ==, 0);
      /* and the file the French run wrote reads back, in C */
      v = run_in (FALSE, validate);
      g_assert_cmpint (v->status, ==, 0);
    }
  xml_c = ph_test_read_file (game_c);
  xml_fr = ph_test_read_file (game_fr);
  g_assert_nonnull (strstr (xml_fr, "new=\"9.5\""));
  g_assert_nonnull (strstr (xml_fr, "new=\"7.25\""));
  g_assert_cmpstr (xml_fr, !=, xml_c);   /* the log's words */
  bare_c = without_log_text (xml_c);
  bare_fr = without_log_text (xml_fr);
  g_assert_cmpstr (bare_fr, ==, bare_c);

  ph_test_remove_temp (game_c);
  ph_test_remove_temp (game_fr);
  ph_test_remove_temp (character_c);
  ph_test_remove_temp (character_fr);
}

int
main (int   argc,
      char *argv[])
{
  const char *locale_dir = g_getenv ("PH_LOCALE_DIR");

  g_test_init (&argc, &argv, NULL);

  /* the translation is built with the tests (meson: depends on the .mo) */
  g_assert_nonnull (locale_dir);
  {
    g_autofree char *mo = g_build_filename (locale_dir, "fr", "LC_MESSAGES", "powderhorn.mo", NULL);

    g_assert_true (g_file_test (mo, G_FILE_TEST_IS_REGULAR));
  }
  have_french = setlocale (LC_ALL, "fr_FR.UTF-8") != NULL;
  setlocale (LC_ALL, "C");
  if (!have_french)
    g_printerr ("no fr_FR.UTF-8 locale: the French tests skip (Debian: apt-get install locales-all)\n");

  g_test_add_func ("/i18n/assess/human", test_assess_human);
  g_test_add_func ("/i18n/assess/reasons", test_assess_reasons);
  g_test_add_func ("/i18n/verbs/human", test_other_verbs_human);
  g_test_add_func ("/i18n/usage-error", test_usage_error);
  g_test_add_func ("/i18n/game/human", test_game_human);
  g_test_add_func ("/i18n/roster", test_roster);
  g_test_add_func ("/i18n/machine-output", test_machine_output);
  g_test_add_func ("/i18n/saving", test_saving);
  return g_test_run ();
}
