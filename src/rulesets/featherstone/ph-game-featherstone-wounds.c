/* ph-game-featherstone-wounds.c: a game of Skirmish Wargaming: the casualty table and wounds
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Parsing the casualty table of the ruleset option "casualty-table", the
 * wounds A to J and what they do, and the referee's "wound".
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-featherstone-private.h"

/* Checks an option value in the casualty table's format; used by
 * ph-ruleset-featherstone.c for <rules><option name="casualty-table">. */
gboolean ph_featherstone_check_casualty_table (const char *value, GError **error);

/* ------------------------------------------------------------------ */
/* The casualty table (ruleset option "casualty-table")
 *
 *   table  = column *( ";" column )
 *   column = CHANCE ":" row *( row )
 *   row    = [ LOW "-" ] HIGH "=" LETTER
 *
 * CHANCE is the column's chance of a hit (1 to 100); each row gives the
 * highest die total it covers (and optionally the lowest, which must follow
 * on from the previous row's), rising from 1, and its wound letter A to J.
 * A column's last row must reach its chance.  White space anywhere between
 * the tokens.  Example: "70: 7=A 24=B 30=C 36=D 42=E 48=F 56=G 62=H 66=I
 * 70=J; 80: ...". */

#define MAX_ROWS 100

typedef struct
{
  int chance;
  int n_rows;
  int high[MAX_ROWS];
  char letter[MAX_ROWS];
} Column;

static void
skip_blanks (const char **p)
{
  while (g_ascii_isspace (**p))
    (*p)++;
}

static gboolean
read_number (const char **p,
             int         *out)
{
  int v = 0, digits = 0;

  skip_blanks (p);
  while (g_ascii_isdigit (**p) && digits < 6)
    {
      v = v * 10 + (**p - '0');
      (*p)++;
      digits++;
    }
  if (digits == 0 || g_ascii_isdigit (**p))
    return FALSE;
  *out = v;
  return TRUE;
}

#define TABLE_FORMAT \
  "the format is 'CHANCE: HIGH=LETTER HIGH=LETTER ...; CHANCE: ...', " \
  "e.g. '70: 7=A 24=B ... 70=J; 80: ...'"

static gboolean
table_fail (GError    **error,
            GQuark      domain,
            int         code,
            const char *format,
            ...) G_GNUC_PRINTF (4, 5);

static gboolean
table_fail (GError    **error,
            GQuark      domain,
            int         code,
            const char *format,
            ...)
{
  va_list ap;
  g_autofree char *msg = NULL;

  va_start (ap, format);
  msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error (error, domain, code, "option 'casualty-table': %s", msg);
  return FALSE;
}

/* Parses the whole table into @columns (of Column), chance order. */
static gboolean
parse_casualty_table (const char  *value,
                      GArray      *columns,
                      GQuark       domain,
                      int          code,
                      GError     **error)
{
  const char *p = value;

  for (;;)
    {
      Column col = { 0 };
      int low, high;

      if (!read_number (&p, &col.chance) || col.chance < 1 || col.chance > 100)
        return table_fail (error, domain, code,
                           "column %u must start with its chance of a hit (1 to 100) "
                           "and ':'; %s", columns->len + 1, TABLE_FORMAT);
      if (columns->len > 0
          && col.chance <= g_array_index (columns, Column, columns->len - 1).chance)
        return table_fail (error, domain, code,
                           "the columns must go up in chance: %d after %d",
                           col.chance,
                           g_array_index (columns, Column, columns->len - 1).chance);
      skip_blanks (&p);
      if (*p != ':')
        return table_fail (error, domain, code, "expected ':' after column %d; %s",
                           col.chance, TABLE_FORMAT);
      p++;

      for (;;)
        {
          int prev = col.n_rows > 0 ? col.high[col.n_rows - 1] : 0;

          skip_blanks (&p);
          if (*p == ';' || *p == '\0')
            break;
          if (!read_number (&p, &high))
            return table_fail (error, domain, code,
                               "column %d: expected a die total, at '%.12s'; %s",
                               col.chance, p, TABLE_FORMAT);
          skip_blanks (&p);
          low = prev + 1;
          if (*p == '-')
            {
              p++;
              low = high;
              if (!read_number (&p, &high))
                return table_fail (error, domain, code,
                                   "column %d: expected a die total after '%d-'",
                                   col.chance, low);
              if (low != prev + 1)
                return table_fail (error, domain, code,
                                   "column %d: the row %d-%d must start at %d, "
                                   "after the row before it",
                                   col.chance, low, high, prev + 1);
              skip_blanks (&p);
            }
          if (high <= prev || high > 100)
            return table_fail (error, domain, code,
                               "column %d: die totals must go up from 1 to at most "
                               "100: %d after %d", col.chance, high, prev);
          if (*p != '=')
            return table_fail (error, domain, code,
                               "column %d: expected '=' and a wound letter after %d",
                               col.chance, high);
          p++;
          skip_blanks (&p);
          if (*p < 'A' || *p > 'J' || g_ascii_isalnum (p[1]))
            return table_fail (error, domain, code,
                               "column %d: the wound for %d must be a letter A to J, "
                               "at '%.12s'", col.chance, high, p);
          col.high[col.n_rows] = high;
          col.letter[col.n_rows] = *p;
          col.n_rows++;
          p++;
        }
      if (col.n_rows == 0)
        return table_fail (error, domain, code, "column %d has no rows", col.chance);
      if (col.high[col.n_rows - 1] < col.chance)
        return table_fail (error, domain, code,
                           "column %d stops at %d: it must reach %d, the highest "
                           "throw that hits at %d%%", col.chance,
                           col.high[col.n_rows - 1], col.chance, col.chance);
      g_array_append_val (columns, col);
      if (*p == '\0')
        break;
      p++; /* ';' */
      skip_blanks (&p);
      if (*p == '\0')
        break; /* a trailing ';' */
    }
  return TRUE;
}

gboolean
ph_featherstone_check_casualty_table (const char  *value,
                                      GError     **error)
{
  g_autoptr(GArray) columns = g_array_new (FALSE, TRUE, sizeof (Column));

  return parse_casualty_table (value, columns, PH_SCENARIO_ERROR,
                               PH_SCENARIO_ERROR_INVALID, error);
}

/* "1 Read along the horizontal column to the calculated chance of a hit.
 * 2 Read down to the nearest number higher in value to the number thrown,
 * or where possible the actual number thrown. 3 Read along to the lettered
 * vertical column."  The column is read the same way as the rows: the
 * chance's own, else the nearest higher (the highest there is past it); a
 * throw past the column's last row reads the last row. */
char
ph_featherstone_read_casualty_table (GArray *columns,
                        int     chance,
                        int     thrown,
                        int    *column_out,
                        int    *row_out)
{
  const Column *col = &g_array_index (columns, Column, columns->len - 1);
  int r;

  for (guint i = 0; i < columns->len; i++)
    if (g_array_index (columns, Column, i).chance >= chance)
      {
        col = &g_array_index (columns, Column, i);
        break;
      }
  for (r = 0; r < col->n_rows - 1; r++)
    if (col->high[r] >= thrown)
      break;
  *column_out = col->chance;
  *row_out = col->high[r];
  return col->letter[r];
}

/* The scenario's table; NULL with no error when the option is missing. */
GArray *
ph_featherstone_get_casualty_table (PhGame  *game,
                       GError **error)
{
  const char *v = ph_scenario_get_option (ph_game_get_scenario (game), "casualty-table");
  g_autoptr(GArray) columns = NULL;

  if (v == NULL)
    return NULL;
  columns = g_array_new (FALSE, TRUE, sizeof (Column));
  if (!parse_casualty_table (v, columns, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION, error))
    return NULL;
  return g_steal_pointer (&columns);
}

static const Wound wounds[] = {
  { 'A', N_("dead"), FALSE, 0, 0, 0, NULL, NULL, FALSE, FALSE, N_("dead") },
  { 'B', N_("serious body wound"), TRUE, 6, 6, 0, "crawl", NULL, FALSE, TRUE,
    N_("no movement or action for six phases, then can crawl or stagger only") },
  { 'C', N_("serious right arm wound"), TRUE, 4, 4, 0, NULL, "right", TRUE, TRUE,
    N_("no movement or action for four phases, drops anything in that hand, "
       "cannot use that arm again") },
  { 'D', N_("serious left arm wound"), TRUE, 4, 4, 0, NULL, "left", TRUE, TRUE,
    N_("no movement or action for four phases, drops anything in that hand, "
       "cannot use that arm again") },
  { 'E', N_("serious leg wound"), TRUE, 4, 4, 0, "crawl", NULL, FALSE, TRUE,
    N_("no movement or action for four phases, then can crawl or limp only") },
  { 'F', N_("light head wound"), FALSE, 4, 4, 4, NULL, NULL, FALSE, FALSE,
    N_("knocked out for four phases") },
  { 'G', N_("light body wound"), FALSE, 2, 2, 0, "half", NULL, FALSE, FALSE,
    N_("no movement or action for two phases, then all movement at half rate") },
  { 'H', N_("light right arm wound"), FALSE, 0, 1, 0, NULL, "right", FALSE, FALSE,
    N_("no action for one phase, drops anything in that hand") },
  { 'I', N_("light left arm wound"), FALSE, 0, 1, 0, NULL, "left", FALSE, FALSE,
    N_("no action for one phase, drops anything in that hand") },
  { 'J', N_("light leg wound"), FALSE, 0, 1, 0, NULL, NULL, FALSE, TRUE,
    N_("no action for one phase, then cannot charge in this game") },
};

const Wound *
ph_featherstone_find_wound (char letter)
{
  for (guint i = 0; i < G_N_ELEMENTS (wounds); i++)
    if (wounds[i].letter == letter)
      return &wounds[i];
  return NULL;
}

/* The letter never shows bare: the referee trial read "(serious right arm
 * wound, C)" in a refusal and "C" alone in the Figure tab */
char *
ph_featherstone_wound_text (char letter)
{
  const Wound *w = ph_featherstone_find_wound (letter);

  if (w == NULL)
    return g_strdup_printf ("%c", letter);
  /* TRANSLATORS: a casualty table letter and the wound it is, as the
   * Apply a wound form lists them: "C: serious right arm wound" */
  return g_strdup_printf (_("%c: %s"), letter, _(w->name));
}

/* ------------------------------------------------------------------ */
/* Applying a wound */

static gboolean
set_attr_int (PhGame      *game,
              PhFigure    *f,
              const char  *attr,
              int          value,
              GError     **error)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%d", value);
  return ph_game_set_figure_attr (game, f->id, attr, buf, error);
}

/* The longer of the wound's duration and what the man already suffers */
static void
raise_counter (PhGame         *game,
               const PhFigure *f,
               const char     *key,
               int             phases)
{
  const char *v = ph_game_get_figure_var (game, f->id, key);

  if (phases <= 0)
    return;
  if (v == NULL || atoi (v) < phases)
    ph_game_set_figure_var_int (game, f->id, key, phases);
}

/* Records wound @letter on @f (featherstone light/serious counts and
 * letters) and its effects on the following phases; appends the effect to
 * @log.  @melee: "light wounds in melee do not have the immediate effect
 * stated ... no weapons are dropped". */
gboolean
ph_featherstone_apply_wound (PhGame      *game,
                PhFigure    *f,
                char         letter,
                gboolean     melee,
                GString     *log,
                GError     **error)
{
  const Wound *w = ph_featherstone_find_wound (letter);
  const char *old_letters;
  g_autofree char *letters = NULL;
  gboolean light_in_melee = melee && !w->serious && letter != 'A';
  int light, serious;

  g_return_val_if_fail (w != NULL, FALSE);

  /* A figure without a record gets one: the engine reads it as an
   * Average already */
  if (f->stats_kind != PH_STATS_FEATHERSTONE
      && !ph_game_set_figure_attr (game, f->id, "featherstone.rating", "average", error))
    return FALSE;

  /* The letters and the counts go together (ph-figure-attr.h): a list
   * sets the counts, so with a list only the list changes (its undo gives
   * the old counts back); without one the counts change first, then the
   * first letter goes down; counts given without letters only count. */
  old_letters = f->stats.featherstone.wounds;
  light = f->stats.featherstone.light_wounds;
  serious = f->stats.featherstone.serious_wounds;
  if (old_letters != NULL && *old_letters != '\0')
    {
      letters = g_strdup_printf ("%s %c", old_letters, letter);
      if (!ph_game_set_figure_attr (game, f->id, "featherstone.wounds", letters, error))
        return FALSE;
    }
  else
    {
      if (w->serious
          && !set_attr_int (game, f, "featherstone.serious-wounds", serious + 1, error))
        return FALSE;
      if (!w->serious && letter != 'A'
          && !set_attr_int (game, f, "featherstone.light-wounds", light + 1, error))
        return FALSE;
      if (light == 0 && serious == 0)
        {
          letters = g_strdup_printf ("%c", letter);
          if (!ph_game_set_figure_attr (game, f->id, "featherstone.wounds", letters, error))
            return FALSE;
        }
    }

  {
    g_autofree char *named = ph_featherstone_wound_text (letter);

    g_string_append (log, named);
  }
  if (letter == 'A')
    {
      ph_game_set_status (game, f->id, PH_STATUS_DEAD, TRUE);
      ph_game_set_status (game, f->id, PH_STATUS_REACTING, FALSE);
      return TRUE;
    }
  if (light_in_melee)
    {
      g_string_append (log, _(" (in melee: no immediate effect, the melee goes on)"));
      return TRUE;
    }
  /* TRANSLATORS: after the wound ("B: serious body wound"), its effect */
  g_string_append_printf (log, _(" (%s)"), _(w->effect));

  /* "Serious wounds knock a man over; Light wounds do not except for F":
   * a rider knocked over falls from the saddle (never mounted and lying
   * at once); the wound stands for the fall's injury */
  if (w->serious || letter == 'F')
    {
      if (f->mounted)
        {
          if (!ph_game_set_figure_attr (game, f->id, "mounted", "false", error))
            return FALSE;
          g_string_append (log, _("; knocked from the saddle"));
        }
      if (!ph_game_set_figure_attr (game, f->id, "stance", "lying", error))
        return FALSE;
    }
  raise_counter (game, f, "no-move", w->no_move);
  raise_counter (game, f, "no-action", w->no_action);
  raise_counter (game, f, "knocked-out", w->knocked_out);
  if (w->no_move > 0 || w->no_action > 0)
    {
      char l[2] = { letter, '\0' };

      ph_game_set_figure_var (game, f->id, "wound-effect", l);
    }
  if (w->movement != NULL
      && g_strcmp0 (ph_game_get_figure_var (game, f->id, "movement"), "crawl") != 0)
    ph_game_set_figure_var (game, f->id, "movement", w->movement);
  if (w->no_charge)
    ph_game_set_figure_var (game, f->id, "no-charge", "true");
  if (w->arm != NULL)
    {
      g_autofree char *key = g_strdup_printf ("%s-arm", w->arm);

      ph_game_set_figure_var (game, f->id, "dropped", "true");
      if (w->arm_lost)
        ph_game_set_figure_var (game, f->id, key, "lost");
    }
  /* An aimed shot in the making is spoilt */
  ph_game_set_figure_var (game, f->id, "aim-target", NULL);
  ph_game_set_figure_var (game, f->id, "aim-phase", NULL);
  ph_game_set_figure_var (game, f->id, "aim-count", NULL);
  return TRUE;
}

/* Whether @letter is among the wound letters @f's record sheet keeps
 * (featherstone.wounds), however they came there */
gboolean
ph_featherstone_roster_has (const PhFigure *f,
                            char            letter)
{
  const char *w = f->stats_kind == PH_STATS_FEATHERSTONE ? f->stats.featherstone.wounds : NULL;

  for (; w != NULL && *w != '\0'; w++)
    if (*w == letter)
      return TRUE;
  return FALSE;
}

/* A counter of "this phase and N more" for a wound taken in the phase
 * before phase 1: N - 1, none when the wound's effect is already over */
static void
start_counter (PhGame         *game,
               const PhFigure *f,
               const char     *key,
               int             phases)
{
  const char *v = ph_game_get_figure_var (game, f->id, key);

  if (phases <= 0)
    return;
  if (v == NULL || atoi (v) < phases - 1)
    ph_game_set_figure_var_int (game, f->id, key, phases - 1);
}

/* The wounds already on @f's record sheet when the game starts.  The text
 * records "the effect of the wounds in subsequent phases" beside them and
 * says nothing of wounds older than the game: they are read as taken in
 * the phase before phase 1, so that their effects run from phase 1 (F:
 * knocked out in phases 1 to 4) and the lasting ones for the game (C:
 * "Cannot use that arm again").  What he holds, his stance and whether he
 * is mounted stay as the scenario sets him up.  Appends "Cpl. O'Neal: F,
 * light head wound: knocked out for four phases" to @log. */
void
ph_featherstone_start_roster_wounds (PhGame   *game,
                                     PhFigure *f,
                                     GString  *log)
{
  const char *letters;

  if (f->stats_kind != PH_STATS_FEATHERSTONE || ph_featherstone_is_dead (f))
    return;
  letters = f->stats.featherstone.wounds;
  for (const char *p = letters; p != NULL && *p != '\0'; p++)
    {
      const Wound *w = ph_featherstone_find_wound (*p);

      if (w == NULL || w->letter == 'A')
        continue;
      {
        g_autofree char *named = ph_featherstone_wound_text (w->letter);

        /* TRANSLATORS: "; on Cpl. O'Neal's record sheet: F: light head
         * wound (knocked out for four phases)" */
        g_string_append_printf (log, _("; on %s's record sheet: %s (%s)"),
                                ph_featherstone_fname (f), named, _(w->effect));
      }
      start_counter (game, f, "no-move", w->no_move);
      start_counter (game, f, "no-action", w->no_action);
      start_counter (game, f, "knocked-out", w->knocked_out);
      if (w->no_move > 0 || w->no_action > 0)
        {
          char l[2] = { w->letter, '\0' };

          ph_game_set_figure_var (game, f->id, "wound-effect", l);
        }
      if (w->movement != NULL
          && g_strcmp0 (ph_game_get_figure_var (game, f->id, "movement"), "crawl") != 0)
        ph_game_set_figure_var (game, f->id, "movement", w->movement);
      if (w->no_charge)
        ph_game_set_figure_var (game, f->id, "no-charge", "true");
      if (w->arm != NULL && w->arm_lost)
        {
          g_autofree char *key = g_strdup_printf ("%s-arm", w->arm);

          ph_game_set_figure_var (game, f->id, key, "lost");
        }
    }
}

/* "Invalid hits": "2 When a target is moving or making any action ... but
 * is partially obscured by hard cover, ... a wound in the area obscured is
 * invalid. 3 When a metal helmet is worn, light head wounds are invalid. 4
 * Light wounds on an area covered by chain, scale or plate armour are
 * invalid. 5 Serious wounds inflicted from medium range and long range, are
 * invalid on an area protected by plate armour." In melee: "Light wounds on
 * armoured areas are invalid. Serious wounds on areas covered by plate
 * armour are invalid, but on the next phase the man so defended must deduct
 * as if 'wounded on the previous phase', ie ten per cent." Returns the
 * reason the wound @letter does not count on @f, or NULL. */
static char *
invalid_reason (PhFigure   *f,
                char        letter,
                gboolean    melee,
                const char *band,
                guint       obscured)
{
  const PhFeatherstoneStats *s = &f->stats.featherstone;
  guint area = ph_featherstone_wound_area (letter);
  gboolean serious = letter >= 'B' && letter <= 'E';
  /* armour covers the body unless the file says otherwise */
  gboolean armoured = f->stats_kind == PH_STATS_FEATHERSTONE && s->armour != PH_ARMOUR_NONE
                      && ((s->armour_covers != 0 ? s->armour_covers : PH_AREA_BODY) & area);
  g_autofree char *where = area != 0 ? ph_areas_to_string (area) : NULL;

  if (area == 0)
    return NULL;
  if (!melee && (obscured & area))
    return g_strdup_printf (_("the %s is behind hard cover"), where);
  if (f->stats_kind != PH_STATS_FEATHERSTONE)
    return NULL;
  if (!serious && area == PH_AREA_HEAD && s->helmet)
    return g_strdup (_("a metal helmet turns a light head wound"));
  if (!serious && armoured)
    return g_strdup_printf (_("%s armour turns a light wound on the %s"),
                            ph_armour_to_string (s->armour), where);
  if (serious && armoured && s->armour == PH_ARMOUR_PLATE
      && (melee || g_strcmp0 (band, "medium") == 0 || g_strcmp0 (band, "long") == 0))
    return g_strdup_printf (melee ? _("plate armour turns a serious wound on the %s")
                            : _("plate armour turns a serious wound on the %s at that range"), where);
  return NULL;
}

gboolean
ph_featherstone_apply_weapon_wound (PhGame      *game,
                       PhFigure    *f,
                       char         letter,
                       gboolean     melee,
                       const char  *band,
                       guint        obscured,
                       GString     *log,
                       GError     **error)
{
  g_autofree char *why = invalid_reason (f, letter, melee, band, obscured);

  if (why == NULL)
    {
      /* the opponent's "opponent wounded in previous round +20%" */
      if (melee)
        ph_game_set_figure_var_int (game, f->id, "melee-wounded", ph_featherstone_current_phase (game));
      return ph_featherstone_apply_wound (game, f, letter, melee, log, error);
    }
  {
    g_autofree char *named = ph_featherstone_wound_text (letter);

    /* TRANSLATORS: "F: light head wound, invalid: a metal helmet turns
     * ..." */
    g_string_append_printf (log, _("%s, invalid: %s"), named, why);
  }
  if (melee && letter >= 'B' && letter <= 'E')
    {
      /* he deducts as if wounded on the previous phase, next phase */
      ph_game_set_figure_var_int (game, f->id, "plate-struck", ph_featherstone_current_phase (game));
      /* xgettext:no-c-format */
      g_string_append (log, _("; he fights at -10% next phase"));
    }
  return TRUE;
}

/* A wound from the book's table applied by hand: melee, falls, or a hit
 * when the scenario gives no casualty table. */
gboolean
ph_featherstone_action_wound (PhGame      *game,
                 GHashTable  *args,
                 GError     **error)
{
  static const char * const letters[] = {
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", NULL
  };
  PhFigure *f = fs_get_figure (game, args, "figure", error);
  g_autoptr(GString) log = g_string_new (NULL);
  const char *cause = g_hash_table_lookup (args, "cause");
  gboolean melee;
  int letter;

  if (f == NULL)
    return FALSE;
  letter = ph_featherstone_get_choice_arg (args, "letter", letters, -1, error);
  if (letter < 0 || !fs_get_bool_arg (args, "melee", &melee, error))
    return FALSE;
  if (ph_featherstone_is_dead (f))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, _("%s is dead"), ph_featherstone_fname (f));
      return FALSE;
    }
  g_string_append_printf (log, _("%s is wounded"), ph_featherstone_fname (f));
  if (cause != NULL && *cause != '\0')
    g_string_append_printf (log, _(" (%s)"), cause);
  g_string_append (log, ": ");
  if (!ph_featherstone_apply_wound (game, f, 'A' + letter, melee, log, error))
    return FALSE;
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}
