/* ph-game-featherstone.c: a game of Skirmish Wargaming (Donald Featherstone)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game as ../shared/rules/featherstone-skirmish.txt runs it: the game's
 * clock is the phase ("1 phase represents approximately 5 seconds"), the
 * game variable "turn" holds its number and "step" the step of "The
 * Sequence of Action" it is at (write orders, move, fire, melee, note
 * reactions).  Orders are kept per figure as on the record sheet, aimed fire
 * takes two phases, a hit reads the wound letter from the casualty table
 * (its numbers are the book's: the scenario gives them in the ruleset option
 * "casualty-table"), and the wound's effects last the phases the text gives
 * as per-figure counters that "end-phase" counts down.  Every variable and
 * action is described in docs/game-featherstone.md.
 *
 * Shooting odds come from the rules engine (ph_engine_assess_figures()), as
 * ph-ruleset-featherstone.c reads the text; this file only rolls the
 * percentage dice against them and applies what the casualty table says.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ph-core.h"
#include "ph-game.h"

/* Checks an option value in the casualty table's format; used by
 * ph-ruleset-featherstone.c for <rules><option name="casualty-table">. */
gboolean ph_featherstone_check_casualty_table (const char *value, GError **error);

/* ------------------------------------------------------------------ */
/* The sequence of action */

typedef enum
{
  STEP_ORDERS,     /* "1 Write down all intended movement/action ..." */
  STEP_MOVE,       /* "2 Move all men." */
  STEP_FIRE,       /* "3 Calculate Firing." */
  STEP_MELEE,      /* "4 Calculate Melee." */
  STEP_REACTIONS,  /* "5 Note men who have to react on the next phase." */
  N_STEPS
} Step;

static const char * const step_names[N_STEPS] = {
  "orders", "move", "fire", "melee", "reactions",
};

static const char * const step_labels[N_STEPS] = {
  "write down orders and intended actions",
  "move all men",
  "calculate firing",
  "calculate melee",
  "note men who have to react on the next phase",
};

static Step
current_step (PhGame *game)
{
  const char *s = ph_game_get_var (game, "step");

  for (int i = 0; i < N_STEPS; i++)
    if (g_strcmp0 (s, step_names[i]) == 0)
      return i;
  return STEP_ORDERS;
}

static int
current_phase (PhGame *game)
{
  return ph_game_get_var_int (game, "turn", 1);
}

/* "This sequence should be strictly followed": an action of a later step
 * moves the phase on to it; one of a step already past is refused. */
static gboolean
enter_step (PhGame      *game,
            Step         step,
            const char  *what,
            GError     **error)
{
  Step now = current_step (game);

  if (now > step)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "phase %d is at step %d (%s): %s belongs to step %d (%s), "
                   "which is over; end the phase first",
                   current_phase (game), now + 1, step_labels[now], what,
                   step + 1, step_labels[step]);
      return FALSE;
    }
  if (now < step)
    ph_game_set_var (game, "step", step_names[step]);
  return TRUE;
}

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
static char
read_casualty_table (GArray *columns,
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
static GArray *
get_casualty_table (PhGame  *game,
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

#define NO_TABLE_MESSAGE \
  "the casualty table is in the book: set the ruleset option casualty-table"

/* ------------------------------------------------------------------ */
/* Wounds: "WOUND CATEGORY" */

typedef struct
{
  char letter;
  const char *name;
  gboolean serious;
  int no_move;        /* phases with no movement */
  int no_action;      /* phases with no action */
  int knocked_out;    /* phases knocked out */
  const char *movement; /* afterwards: "crawl", "half" or NULL */
  const char *arm;      /* "right" or "left": drops what is in that hand */
  gboolean arm_lost;    /* "Cannot use that arm again" */
  gboolean no_charge;
  const char *effect;   /* for the log */
} Wound;

static const Wound wounds[] = {
  { 'A', "dead", FALSE, 0, 0, 0, NULL, NULL, FALSE, FALSE, "dead" },
  { 'B', "serious body wound", TRUE, 6, 6, 0, "crawl", NULL, FALSE, TRUE,
    "no movement or action for six phases, then can crawl or stagger only" },
  { 'C', "serious right arm wound", TRUE, 4, 4, 0, NULL, "right", TRUE, TRUE,
    "no movement or action for four phases, drops anything in that hand, "
    "cannot use that arm again" },
  { 'D', "serious left arm wound", TRUE, 4, 4, 0, NULL, "left", TRUE, TRUE,
    "no movement or action for four phases, drops anything in that hand, "
    "cannot use that arm again" },
  { 'E', "serious leg wound", TRUE, 4, 4, 0, "crawl", NULL, FALSE, TRUE,
    "no movement or action for four phases, then can crawl or limp only" },
  { 'F', "light head wound", FALSE, 4, 4, 4, NULL, NULL, FALSE, FALSE,
    "knocked out for four phases" },
  { 'G', "light body wound", FALSE, 2, 2, 0, "half", NULL, FALSE, FALSE,
    "no movement or action for two phases, then all movement at half rate" },
  { 'H', "light right arm wound", FALSE, 0, 1, 0, NULL, "right", FALSE, FALSE,
    "no action for one phase, drops anything in that hand" },
  { 'I', "light left arm wound", FALSE, 0, 1, 0, NULL, "left", FALSE, FALSE,
    "no action for one phase, drops anything in that hand" },
  { 'J', "light leg wound", FALSE, 0, 1, 0, NULL, NULL, FALSE, TRUE,
    "no action for one phase, then cannot charge in this game" },
};

static const Wound *
find_wound (char letter)
{
  for (guint i = 0; i < G_N_ELEMENTS (wounds); i++)
    if (wounds[i].letter == letter)
      return &wounds[i];
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Helpers */

static PhFigure *
get_figure (PhGame      *game,
            GHashTable  *args,
            const char  *name,
            GError     **error)
{
  const char *id = g_hash_table_lookup (args, name);
  PhFigure *f;

  if (id == NULL || *id == '\0')
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "missing argument '%s'", name);
      return NULL;
    }
  f = ph_scenario_find_figure (ph_game_get_scenario (game), id);
  if (f == NULL)
    g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                 "unknown figure '%s'", id);
  return f;
}

static const char *
fname (const PhFigure *f)
{
  return ph_figure_display_name (f);
}

static gboolean
get_bool_arg (GHashTable  *args,
              const char  *name,
              gboolean    *out,
              GError     **error)
{
  const char *v = g_hash_table_lookup (args, name);

  *out = FALSE;
  if (v == NULL || g_str_equal (v, "false"))
    return TRUE;
  if (g_str_equal (v, "true"))
    {
      *out = TRUE;
      return TRUE;
    }
  g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
               "argument '%s' must be true or false, not '%s'", name, v);
  return FALSE;
}

/* One of @choices (NULL-terminated); @fallback when absent */
static int
get_choice_arg (GHashTable          *args,
                const char          *name,
                const char * const  *choices,
                int                  fallback,
                GError             **error)
{
  const char *v = g_hash_table_lookup (args, name);
  g_autofree char *all = NULL;

  if (v == NULL)
    {
      if (fallback < 0)
        {
          all = g_strjoinv ("|", (char **) choices);
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                       "missing argument '%s' (%s)", name, all);
        }
      return fallback;
    }
  for (int i = 0; choices[i] != NULL; i++)
    if (g_str_equal (v, choices[i]))
      return i;
  all = g_strjoinv ("|", (char **) choices);
  g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
               "argument '%s' must be one of %s, not '%s'", name, all, v);
  return -1;
}

static gboolean
get_number_arg (GHashTable  *args,
                const char  *name,
                gboolean    *given,
                double      *out,
                GError     **error)
{
  const char *v = g_hash_table_lookup (args, name);
  char *end = NULL;

  *given = FALSE;
  if (v == NULL)
    return TRUE;
  *out = g_ascii_strtod (v, &end);
  if (*v == '\0' || end == NULL || *end != '\0' || !isfinite (*out))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "argument '%s' must be a number, not '%s'", name, v);
      return FALSE;
    }
  *given = TRUE;
  return TRUE;
}

static const char *
get_text_arg (GHashTable  *args,
              const char  *name,
              GError     **error)
{
  const char *v = g_hash_table_lookup (args, name);
  const char *p = v;

  while (p != NULL && g_ascii_isspace (*p))
    p++;
  if (p == NULL || *p == '\0')
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "missing argument '%s' (the text to write down)", name);
      return NULL;
    }
  return v;
}

static gboolean
is_dead (const PhFigure *f)
{
  return (f->status & PH_STATUS_DEAD) != 0;
}

static int
serious_count (const PhFigure *f)
{
  return f->stats_kind == PH_STATS_FEATHERSTONE ? f->stats.featherstone.serious_wounds : 0;
}

/* "for this phase and 3 more" / "for this phase" */
static char *
describe_left (int left)
{
  if (left <= 0)
    return g_strdup ("for this phase");
  return g_strdup_printf ("for this phase and %d more", left);
}

/* Refuses movement (@moving) or an action by a man a wound keeps down */
static gboolean
check_able (PhGame          *game,
            const PhFigure  *f,
            gboolean         moving,
            GError         **error)
{
  const char *id = f->id;
  const char *by = ph_game_get_figure_var (game, id, "wound-effect");
  const Wound *w = by != NULL ? find_wound (by[0]) : NULL;
  const char *why = w != NULL ? w->name : "a wound";
  const char *busy;

  if (is_dead (f))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, "%s is dead", fname (f));
      return FALSE;
    }
  if (ph_game_get_figure_var (game, id, "knocked-out") != NULL)
    {
      g_autofree char *left =
        describe_left (ph_game_get_figure_var_int (game, id, "knocked-out", 0));

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s is knocked out (light head wound, F) %s", fname (f), left);
      return FALSE;
    }
  if (moving && ph_game_get_figure_var (game, id, "no-move") != NULL)
    {
      g_autofree char *left =
        describe_left (ph_game_get_figure_var_int (game, id, "no-move", 0));

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s cannot move (%s, %c) %s", fname (f), why,
                   w != NULL ? w->letter : '?', left);
      return FALSE;
    }
  if (!moving && ph_game_get_figure_var (game, id, "no-action") != NULL)
    {
      g_autofree char *left =
        describe_left (ph_game_get_figure_var_int (game, id, "no-action", 0));

      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s can make no action (%s, %c) %s", fname (f), why,
                   w != NULL ? w->letter : '?', left);
      return FALSE;
    }
  busy = ph_game_get_figure_var (game, id, "busy");
  if (!moving && busy != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s is still busy this phase: '%s' takes twice as long with a "
                   "serious wound", fname (f), busy);
      return FALSE;
    }
  return TRUE;
}

static gboolean
is_one_handed (PhWeaponKind kind)
{
  switch (kind)
    {
    case PH_WEAPON_PISTOL:
    case PH_WEAPON_FLINTLOCK_PISTOL:
    case PH_WEAPON_WHEELLOCK_PISTOL:
    case PH_WEAPON_MATCHLOCK_PISTOL:
    case PH_WEAPON_THROWN:
      return TRUE;
    default:
      return FALSE;
    }
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
static gboolean
apply_wound (PhGame      *game,
             PhFigure    *f,
             char         letter,
             gboolean     melee,
             GString     *log,
             GError     **error)
{
  const Wound *w = find_wound (letter);
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

  g_string_append_printf (log, "%c, %s", letter, w->name);
  if (letter == 'A')
    {
      ph_game_set_status (game, f->id, PH_STATUS_DEAD, TRUE);
      ph_game_set_status (game, f->id, PH_STATUS_REACTING, FALSE);
      return TRUE;
    }
  if (light_in_melee)
    {
      g_string_append (log, " (in melee: no immediate effect, the melee goes on)");
      return TRUE;
    }
  g_string_append_printf (log, ": %s", w->effect);

  /* "Serious wounds knock a man over; Light wounds do not except for F" */
  if ((w->serious || letter == 'F')
      && !ph_game_set_figure_attr (game, f->id, "stance", "lying", error))
    return FALSE;
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

/* ------------------------------------------------------------------ */
/* Actions */

static gboolean
featherstone_start (PhGame  *game,
                    GError **error)
{
  ph_game_set_var_int (game, "turn", 1);
  ph_game_set_var (game, "step", step_names[STEP_ORDERS]);
  ph_game_log (game, "Phase 1 begins: step 1, %s", step_labels[STEP_ORDERS]);
  return TRUE;
}

/* "The Leader should then issue orders outlining the role of each man in
 * his force. Men should obey these orders until they are changed. It
 * takes one phase to issue a new order." */
static gboolean
do_order (PhGame      *game,
          GHashTable  *args,
          GError     **error)
{
  PhFigure *f = get_figure (game, args, "figure", error);
  const char *text;
  int phase = current_phase (game);

  if (f == NULL || (text = get_text_arg (args, "text", error)) == NULL)
    return FALSE;
  if (is_dead (f))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, "%s is dead", fname (f));
      return FALSE;
    }
  ph_game_set_event_figure (game, f->id);
  if (ph_game_get_figure_var (game, f->id, "order") == NULL)
    {
      /* The orders given at the start of the game */
      ph_game_set_figure_var (game, f->id, "order", text);
      ph_game_set_figure_var (game, f->id, "order-next", NULL);
      ph_game_log (game, "Orders for %s: %s", fname (f), text);
    }
  else
    {
      ph_game_set_figure_var (game, f->id, "order-next", text);
      ph_game_log (game, "New order for %s, in force from phase %d (it takes one "
                   "phase to issue): %s", fname (f), phase + 1, text);
    }
  return TRUE;
}

/* "1 Write down all intended movement/action firing and fighting for the
 * phase." */
static gboolean
do_plan (PhGame      *game,
         GHashTable  *args,
         GError     **error)
{
  PhFigure *f = get_figure (game, args, "figure", error);
  const char *text;

  if (f == NULL || (text = get_text_arg (args, "text", error)) == NULL)
    return FALSE;
  if (!enter_step (game, STEP_ORDERS, "writing down intentions", error))
    return FALSE;
  if (is_dead (f))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, "%s is dead", fname (f));
      return FALSE;
    }
  ph_game_set_event_figure (game, f->id);
  ph_game_set_figure_var (game, f->id, "plan", text);
  ph_game_log (game, "Phase %d, %s intends: %s", current_phase (game), fname (f), text);
  return TRUE;
}

static gboolean
do_next_step (PhGame      *game,
              GHashTable  *args,
              GError     **error)
{
  Step now = current_step (game);

  if (now + 1 >= N_STEPS)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "step 5 is the last of the phase: end the phase");
      return FALSE;
    }
  ph_game_set_var (game, "step", step_names[now + 1]);
  ph_game_log (game, "Phase %d: step %d, %s", current_phase (game), now + 2,
               step_labels[now + 1]);
  return TRUE;
}

/* Movement table, paces: open ground, difficult terrain (0: not allowed) */
typedef enum { RATE_WALK, RATE_RUN, RATE_CHARGE, RATE_CRAWL, RATE_TROT,
               RATE_CANTER, RATE_GALLOP, N_RATES } Rate;

static const char * const rate_names[] = {
  "walk", "run", "charge", "crawl", "trot", "canter", "gallop", NULL
};
static const int rate_paces[N_RATES][2] = {
  { 4, 2 },   /* Walk (foot and horse) */
  { 8, 4 },   /* Run */
  { 10, 5 },  /* Charge */
  { 2, 1 },   /* Crawl/limp */
  { 8, 4 },   /* Trot */
  { 12, 0 },  /* Canter */
  { 16, 0 },  /* Gallop */
};

/* The riders' rates in order, for "Riders may accelerate or decelerate
 * from one Rate to another (ie up or down) on subsequent phases." */
static int
horse_rate_index (PhStance stance)
{
  switch (stance)
    {
    case PH_STANCE_WALKING: return 1;
    case PH_STANCE_TROTTING: return 2;
    case PH_STANCE_CANTERING: return 3;
    case PH_STANCE_GALLOPING: return 4;
    default: return 0;
    }
}

static const PhStance horse_stances[] = {
  PH_STANCE_STANDING, PH_STANCE_WALKING, PH_STANCE_TROTTING,
  PH_STANCE_CANTERING, PH_STANCE_GALLOPING,
};

static void
drop_aim (PhGame     *game,
          PhFigure   *f,
          GString    *log)
{
  if (ph_game_get_figure_var (game, f->id, "aim-target") == NULL)
    return;
  ph_game_set_figure_var (game, f->id, "aim-target", NULL);
  ph_game_set_figure_var (game, f->id, "aim-phase", NULL);
  ph_game_set_figure_var (game, f->id, "aim-count", NULL);
  if (log != NULL)
    g_string_append (log, "; he gives up his aim");
}

static gboolean
do_move (PhGame      *game,
         GHashTable  *args,
         GError     **error)
{
  static const char * const terrains[] = { "open", "difficult", NULL };
  PhFigure *f = get_figure (game, args, "figure", error);
  g_autoptr(GString) log = g_string_new (NULL);
  const char *movement;
  gboolean has_x, has_y, difficult;
  double x = 0, y = 0, allowance;
  int rate, terrain;
  PhStance stance;

  if (f == NULL)
    return FALSE;
  rate = get_choice_arg (args, "rate", rate_names, -1, error);
  if (rate < 0)
    return FALSE;
  terrain = get_choice_arg (args, "terrain", terrains, 0, error);
  if (terrain < 0
      || !get_number_arg (args, "x", &has_x, &x, error)
      || !get_number_arg (args, "y", &has_y, &y, error))
    return FALSE;
  if (has_x != has_y)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "give both x and y, or neither");
      return FALSE;
    }
  difficult = terrain == 1;
  if (!enter_step (game, STEP_MOVE, "movement", error) || !check_able (game, f, TRUE, error))
    return FALSE;
  if (f->status & PH_STATUS_MOVED)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s has already moved this phase", fname (f));
      return FALSE;
    }

  if (f->mounted != (rate == RATE_TROT || rate == RATE_CANTER || rate == RATE_GALLOP)
      && rate != RATE_WALK)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   f->mounted ? "%s is mounted: walk, trot, canter or gallop"
                              : "%s is on foot: walk, run, charge or crawl",
                   fname (f));
      return FALSE;
    }
  allowance = rate_paces[rate][difficult];
  if (allowance == 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "no %s in difficult terrain", rate_names[rate]);
      return FALSE;
    }

  movement = ph_game_get_figure_var (game, f->id, "movement");
  /* B and E: "Then can crawl or stagger only", "crawl or limp only" */
  if (g_strcmp0 (movement, "crawl") == 0 && rate != RATE_CRAWL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s's wound lets him crawl, stagger or limp only (rate=crawl)",
                   fname (f));
      return FALSE;
    }
  /* J: "cannot charge in that game"; "A man with a serious wound cannot
   * charge or dive." */
  if (rate == RATE_CHARGE
      && (ph_game_get_figure_var (game, f->id, "no-charge") != NULL
          || serious_count (f) > 0))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s is wounded and cannot charge", fname (f));
      return FALSE;
    }
  if (f->mounted)
    {
      int from = horse_rate_index (f->stance);
      int to = horse_rate_index (rate == RATE_WALK ? PH_STANCE_WALKING
                                 : rate == RATE_TROT ? PH_STANCE_TROTTING
                                 : rate == RATE_CANTER ? PH_STANCE_CANTERING
                                 : PH_STANCE_GALLOPING);

      if (abs (to - from) > 1)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       "riders change rate one step a phase: %s is %s",
                       fname (f), ph_stance_to_string (f->stance));
          return FALSE;
        }
      stance = horse_stances[to];
    }
  else
    {
      switch (rate)
        {
        case RATE_RUN: stance = PH_STANCE_RUNNING; break;
        case RATE_CHARGE: stance = PH_STANCE_CHARGING; break;
        case RATE_CRAWL:
          stance = f->stance == PH_STANCE_LYING ? PH_STANCE_LYING : PH_STANCE_WALKING;
          break;
        case RATE_WALK:
        default: stance = PH_STANCE_WALKING; break;
        }
    }
  /* G: "Then all movement at half rate." */
  if (g_strcmp0 (movement, "half") == 0)
    allowance /= 2;

  g_string_append_printf (log, "%s %ss", fname (f), rate_names[rate]);
  if (difficult)
    g_string_append (log, " in difficult terrain");
  if (has_x)
    {
      double d = hypot (x - f->x, y - f->y);
      g_autofree char *dist = NULL;
      char xs[G_ASCII_DTOSTR_BUF_SIZE], ys[G_ASCII_DTOSTR_BUF_SIZE];

      if (d > allowance + 1e-9)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       "%s can %s %g paces this phase, not %.1f",
                       fname (f), rate_names[rate], allowance, d);
          return FALSE;
        }
      g_ascii_dtostr (xs, sizeof xs, x);
      g_ascii_dtostr (ys, sizeof ys, y);
      if (!ph_game_set_figure_attr (game, f->id, "x", xs, error)
          || !ph_game_set_figure_attr (game, f->id, "y", ys, error))
        return FALSE;
      g_string_append_printf (log, " %.1f paces (up to %g)", d, allowance);
    }
  else
    g_string_append_printf (log, " (up to %g paces)", allowance);
  if (g_strcmp0 (movement, "half") == 0)
    g_string_append (log, ", at half rate for his wound");
  if (!ph_game_set_figure_attr (game, f->id, "stance", ph_stance_to_string (stance), error))
    return FALSE;
  ph_game_set_status (game, f->id, PH_STATUS_MOVED, TRUE);
  /* "Whilst making an aimed shot a man may make no other action, nor
   * move." */
  drop_aim (game, f, log);
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* "Actions differ from movement in that they involve time rather than
 * distance. All actions, unless otherwise stated, take one phase." */
static gboolean
do_action (PhGame      *game,
           GHashTable  *args,
           GError     **error)
{
  static const char * const whats[] = {
    "kneel", "lie-down", "get-up", "dive", "mount", "dismount", "draw",
    "sheath", "pick-up", "other", NULL
  };
  enum { KNEEL, LIE, GET_UP, DIVE, MOUNT, DISMOUNT, DRAW, SHEATH, PICK_UP, OTHER };
  PhFigure *f = get_figure (game, args, "figure", error);
  g_autoptr(GString) log = g_string_new (NULL);
  const char *text = g_hash_table_lookup (args, "text");
  const char *stance = NULL;
  int what;

  if (f == NULL)
    return FALSE;
  what = get_choice_arg (args, "what", whats, -1, error);
  if (what < 0)
    return FALSE;
  if (!enter_step (game, STEP_MOVE, "an action", error)
      || !check_able (game, f, FALSE, error))
    return FALSE;

  switch (what)
    {
    case KNEEL:
      stance = "kneeling";
      break;
    case DIVE:
      if (serious_count (f) > 0)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       "%s has a serious wound and cannot dive", fname (f));
          return FALSE;
        }
      /* fall through */
    case LIE:
      stance = "lying";
      break;
    case GET_UP:
      stance = "standing";
      break;
    case MOUNT:
    case DISMOUNT:
      if (f->mounted == (what == MOUNT))
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       "%s is already %s", fname (f), f->mounted ? "mounted" : "on foot");
          return FALSE;
        }
      if (!ph_game_set_figure_attr (game, f->id, "mounted",
                                    what == MOUNT ? "true" : "false", error))
        return FALSE;
      stance = "standing";
      break;
    case PICK_UP:
      if (ph_game_get_figure_var (game, f->id, "dropped") == NULL)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                       "%s has dropped nothing", fname (f));
          return FALSE;
        }
      ph_game_set_figure_var (game, f->id, "dropped", NULL);
      break;
    default:
      break;
    }
  /* draw, sheath, pick-up, other: a standing man is "Making an Action"
   * (the target row "Walking or Making an Action"); a kneeling or lying
   * one keeps his stance */
  if (stance == NULL && f->stance == PH_STANCE_STANDING)
    stance = "action";
  if (stance != NULL
      && !ph_game_set_figure_attr (game, f->id, "stance", stance, error))
    return FALSE;
  g_string_append_printf (log, "%s: %s", fname (f), whats[what]);
  if (text != NULL && *text != '\0')
    g_string_append_printf (log, " (%s)", text);
  /* "All actions take twice as long with a serious wound." */
  if (serious_count (f) > 0)
    {
      ph_game_set_figure_var (game, f->id, "busy-next", whats[what]);
      g_string_append (log, ", which takes him this phase and the next with his "
                       "serious wound");
    }
  drop_aim (game, f, log);
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* Whether @f can fire @weapon with his hands as his wounds left them */
static gboolean
check_hands (PhGame          *game,
             const PhFigure  *f,
             PhWeaponKind     weapon,
             GError         **error)
{
  gboolean right = g_strcmp0 (ph_game_get_figure_var (game, f->id, "right-arm"), "lost") == 0;
  gboolean left = g_strcmp0 (ph_game_get_figure_var (game, f->id, "left-arm"), "lost") == 0;

  if (ph_game_get_figure_var (game, f->id, "dropped") != NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s dropped what he held when wounded: pick it up first "
                   "(action what=pick-up)", fname (f));
      return FALSE;
    }
  if ((right && left) || ((right || left) && !is_one_handed (weapon)))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s cannot use his %s arm: he cannot fire a %s",
                   fname (f), right ? "right" : "left", ph_weapon_kind_to_string (weapon));
      return FALSE;
    }
  return TRUE;
}

static gboolean
pick_weapon (const PhFigure  *f,
             GHashTable      *args,
             PhShotOptions   *options,
             PhWeaponKind    *kind,
             GError         **error)
{
  const char *w = g_hash_table_lookup (args, "weapon");
  const PhWeapon *weapon;

  if (w != NULL && *w != '\0')
    {
      if (!ph_weapon_kind_from_string (w, kind))
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                       "unknown weapon '%s'", w);
          return FALSE;
        }
      options->has_weapon = TRUE;
      options->weapon = *kind;
      return TRUE;
    }
  weapon = ph_figure_first_missile (f);
  if (weapon == NULL)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s has no missile weapon", fname (f));
      return FALSE;
    }
  *kind = weapon->kind;
  return TRUE;
}

/* "Aimed fire - This takes two phases - first phase - adopt a firing
 * position; second phase - fire. Whilst making an aimed shot a man may make
 * no other action, nor move." */
static gboolean
do_aim (PhGame      *game,
        GHashTable  *args,
        GError     **error)
{
  PhFigure *f = get_figure (game, args, "figure", error);
  PhFigure *t = f != NULL ? get_figure (game, args, "target", error) : NULL;
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  PhWeaponKind kind;
  int phase = current_phase (game);
  int count = 1, needed = 1;
  const char *old;

  if (t == NULL)
    return FALSE;
  if (f == t)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "%s cannot aim at himself", fname (f));
      return FALSE;
    }
  if (!enter_step (game, STEP_FIRE, "aiming", error)
      || !check_able (game, f, FALSE, error)
      || !pick_weapon (f, args, &options, &kind, error)
      || !check_hands (game, f, kind, error))
    return FALSE;
  if (f->status & PH_STATUS_MOVED)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s moved this phase: an aimed shot allows no movement", fname (f));
      return FALSE;
    }
  if (f->status & PH_STATUS_FIRED)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s has fired this phase", fname (f));
      return FALSE;
    }
  old = ph_game_get_figure_var (game, f->id, "aim-target");
  if (g_strcmp0 (old, t->id) == 0
      && ph_game_get_figure_var_int (game, f->id, "aim-phase", 0) == phase)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s is already taking aim at %s this phase", fname (f), fname (t));
      return FALSE;
    }
  /* Taking aim on from the phase before at the same man */
  if (g_strcmp0 (old, t->id) == 0
      && ph_game_get_figure_var_int (game, f->id, "aim-phase", 0) == phase - 1)
    count = ph_game_get_figure_var_int (game, f->id, "aim-count", 1) + 1;
  /* "All actions take twice as long with a serious wound." */
  if (serious_count (f) > 0)
    needed = 2;
  ph_game_set_figure_var (game, f->id, "aim-target", t->id);
  ph_game_set_figure_var_int (game, f->id, "aim-phase", phase);
  ph_game_set_figure_var_int (game, f->id, "aim-count", count);
  ph_game_set_event_figure (game, f->id);
  if (count >= needed)
    ph_game_log (game, "%s adopts a firing position, aiming at %s with his %s: "
                 "aimed shot next phase", fname (f), fname (t),
                 ph_weapon_kind_to_string (kind));
  else
    ph_game_log (game, "%s adopts a firing position, aiming at %s with his %s: "
                 "with a serious wound this takes him two phases", fname (f),
                 fname (t), ph_weapon_kind_to_string (kind));
  return TRUE;
}

/* The percentage roll of a hit on a mounted man: "A-F Hit rider, throw
 * dice again to determine wound as if 99 per cent chance of a hit. G-H
 * Mount hit and killed. Rider thrown. I-J Mount nicked, and will
 * decelerate automatically on the next phase." */
static gboolean
hit_mounted (PhGame      *game,
             PhFigure    *t,
             GArray      *table,
             char         letter,
             GString     *log,
             GError     **error)
{
  const PhRoll *roll;
  int column, row;
  char wound;

  if (letter <= 'F')
    {
      g_string_append (log, ", hits the rider; ");
      roll = ph_game_roll (game, 1, 100, t->id,
                           "rider's wound, as if 99%% chance of a hit");
      if (roll->total > 99)
        {
          g_string_append_printf (log, "rider's wound as for 99%%: rolled %d, no wound",
                                  roll->total);
          return TRUE;
        }
      wound = read_casualty_table (table, 99, roll->total, &column, &row);
      g_string_append_printf (log, "rider's wound as for 99%%: rolled %d, %d%% column, %d: ",
                              roll->total, column, row);
      return apply_wound (game, t, wound, FALSE, log, error);
    }
  if (letter <= 'H')
    {
      g_string_append (log, ": mount hit and killed, rider thrown");
      if (!ph_game_set_figure_attr (game, t->id, "mounted", "false", error)
          || !ph_game_set_figure_attr (game, t->id, "stance", "lying", error))
        return FALSE;
      /* "INJURY FROM A FALL ... as if for a 50 per cent chance of a hit" */
      roll = ph_game_roll (game, 1, 100, t->id, "injury from the fall: 50%% chance");
      if (roll->total > 50)
        {
          g_string_append_printf (log, "; fall: rolled %d, uninjured", roll->total);
          return TRUE;
        }
      wound = read_casualty_table (table, 50, roll->total, &column, &row);
      g_string_append_printf (log, "; fall: rolled %d, %d%% column, %d: ",
                              roll->total, column, row);
      return apply_wound (game, t, wound, FALSE, log, error);
    }
  g_string_append (log, ": mount nicked, it will decelerate on the next phase");
  ph_game_set_figure_var (game, t->id, "mount-nicked", "true");
  return TRUE;
}

static gboolean
do_shoot (PhGame      *game,
          GHashTable  *args,
          GError     **error)
{
  static const char * const fires[] = { "aimed", "snap", NULL };
  PhScenario *scenario = ph_game_get_scenario (game);
  PhFigure *f = get_figure (game, args, "figure", error);
  PhFigure *t = f != NULL ? get_figure (game, args, "target", error) : NULL;
  PhShotOptions options = PH_SHOT_OPTIONS_INIT;
  g_autoptr(PhAssessment) a = NULL;
  g_autoptr(GArray) table = NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GError) table_error = NULL;
  const PhRoll *roll;
  PhWeaponKind kind;
  int phase = current_phase (game);
  gboolean aimed_ready;
  double chance = 0, mods = 0;
  const char *row = NULL;
  int fire, needs;

  if (t == NULL)
    return FALSE;
  if (f == t)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "%s cannot shoot at himself", fname (f));
      return FALSE;
    }
  aimed_ready =
    g_strcmp0 (ph_game_get_figure_var (game, f->id, "aim-target"), t->id) == 0
    && ph_game_get_figure_var_int (game, f->id, "aim-phase", 0) == phase - 1
    && ph_game_get_figure_var_int (game, f->id, "aim-count", 1) >= (serious_count (f) > 0 ? 2 : 1);
  /* By default aimed fire when the aim was taken, else snap fire */
  fire = get_choice_arg (args, "fire", fires, aimed_ready ? 0 : 1, error);
  if (fire < 0)
    return FALSE;
  if (!enter_step (game, STEP_FIRE, "firing", error)
      || !check_able (game, f, FALSE, error)
      || !pick_weapon (f, args, &options, &kind, error)
      || !check_hands (game, f, kind, error))
    return FALSE;
  if (f->status & PH_STATUS_FIRED)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s has already fired this phase", fname (f));
      return FALSE;
    }
  if (fire == 0 && !aimed_ready)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s has not adopted a firing position at %s in the phase before "
                   "(aimed fire takes two phases: aim, then shoot); use fire=snap",
                   fname (f), fname (t));
      return FALSE;
    }
  if (fire == 0 && (f->status & PH_STATUS_MOVED))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s moved this phase: an aimed shot allows no movement; use fire=snap",
                   fname (f));
      return FALSE;
    }
  options.fire = fire == 0 ? PH_FIRE_AIMED : PH_FIRE_SNAP;

  a = ph_engine_assess_figures (scenario, f, t, &options, error);
  if (a == NULL)
    return FALSE;
  if (!a->can_fire || a->reasons->len > 0)
    {
      g_autoptr(GString) why = g_string_new (NULL);

      for (guint i = 0; i < a->reasons->len; i++)
        g_string_append_printf (why, "%s%s", i > 0 ? "; " : "",
                                (const char *) g_ptr_array_index (a->reasons, i));
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                   "%s cannot fire at %s: %s", fname (f), fname (t),
                   why->len > 0 ? why->str : "not possible");
      return FALSE;
    }
  g_variant_lookup (a->details, "chance_percent", "d", &chance);
  g_variant_lookup (a->details, "row", "&s", &row);

  /* The log: "Smith fired at Pathan (aimed, rifle): 150.0 paces, medium
   * range, target running 50%, veteran shooting +20: needs 70 or less" */
  for (guint i = 0; i < a->modifiers->len; i++)
    mods += g_array_index (a->modifiers, PhModifier, i).value;
  g_string_append_printf (log, "%s fired at %s (%s fire, %s): %.1f %s, %s range, "
                          "target %s %g%%", fname (f), fname (t), fires[fire],
                          ph_weapon_kind_to_string (kind), a->distance,
                          a->unit == PH_DIST_CM ? "paces" : ph_dist_unit_to_string (a->unit),
                          a->band != NULL ? a->band : "?", row != NULL ? row : "?",
                          chance - mods);
  for (guint i = 0; i < a->modifiers->len; i++)
    {
      const PhModifier *m = &g_array_index (a->modifiers, PhModifier, i);

      g_string_append_printf (log, ", %s %+g", m->label, m->value);
    }
  needs = (int) CLAMP (chance, 0, 100);
  g_string_append_printf (log, ": needs %d or less", needs);

  /* "3 Throw the dice. 4 If the dice result is between 1 and the chance of
   * hit ... consult the casualty Table" */
  roll = ph_game_roll (game, 1, 100, f->id, "%s's %s shot at %s: hits on %d or less",
                       fname (f), fires[fire], fname (t), needs);
  g_string_append_printf (log, ", rolled %d: ", roll->total);

  ph_game_set_status (game, f->id, PH_STATUS_FIRED, TRUE);
  /* "A man must react on the phase after 1 Firing or throwing." */
  ph_game_set_figure_var (game, f->id, "react-next", "fired");
  ph_game_set_figure_var (game, f->id, "aim-target", NULL);
  ph_game_set_figure_var (game, f->id, "aim-phase", NULL);
  ph_game_set_figure_var (game, f->id, "aim-count", NULL);
  ph_game_set_event_figure (game, f->id);

  if (roll->total > needs)
    g_string_append (log, "miss");
  else
    {
      int column, row_number;
      char letter;

      g_string_append (log, "hit");
      table = get_casualty_table (game, &table_error);
      if (table_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&table_error));
          return FALSE;
        }
      if (table == NULL)
        g_string_append (log, "; no wound picked: " NO_TABLE_MESSAGE
                         " (or apply the book's wound with the wound action)");
      else
        {
          letter = read_casualty_table (table, needs, roll->total, &column, &row_number);
          g_string_append_printf (log, "; casualty table, %d%% column, %d: ",
                                  column, row_number);
          if (t->mounted)
            {
              g_string_append_printf (log, "%c", letter);
              if (!hit_mounted (game, t, table, letter, log, error))
                return FALSE;
            }
          else if (!apply_wound (game, t, letter, FALSE, log, error))
            return FALSE;
        }
    }
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* A wound from the book's table applied by hand: melee, falls, or a hit
 * when the scenario gives no casualty table. */
static gboolean
do_wound (PhGame      *game,
          GHashTable  *args,
          GError     **error)
{
  static const char * const letters[] = {
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", NULL
  };
  PhFigure *f = get_figure (game, args, "figure", error);
  g_autoptr(GString) log = g_string_new (NULL);
  const char *cause = g_hash_table_lookup (args, "cause");
  gboolean melee;
  int letter;

  if (f == NULL)
    return FALSE;
  letter = get_choice_arg (args, "letter", letters, -1, error);
  if (letter < 0 || !get_bool_arg (args, "melee", &melee, error))
    return FALSE;
  if (is_dead (f))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, "%s is dead", fname (f));
      return FALSE;
    }
  g_string_append_printf (log, "%s is wounded", fname (f));
  if (cause != NULL && *cause != '\0')
    g_string_append_printf (log, " (%s)", cause);
  g_string_append (log, ": ");
  if (!apply_wound (game, f, 'A' + letter, melee, log, error))
    return FALSE;
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* "A man must react on the phase after 1 Firing or throwing. 2 Fighting in
 * a melee. 3 Each fresh sighting of the enemy. 4 Any sudden or unexpected
 * occurrence." */
static const char * const react_causes[] = {
  "fired", "melee", "sighting", "sudden", NULL
};
static const char * const react_labels[] = {
  "firing", "fighting in a melee", "a fresh sighting of the enemy",
  "a sudden or unexpected occurrence",
};

static gboolean
do_react (PhGame      *game,
          GHashTable  *args,
          GError     **error)
{
  PhFigure *f = get_figure (game, args, "figure", error);
  int why;

  if (f == NULL)
    return FALSE;
  why = get_choice_arg (args, "why", react_causes, -1, error);
  if (why < 0)
    return FALSE;
  if (is_dead (f))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, "%s is dead", fname (f));
      return FALSE;
    }
  ph_game_set_figure_var (game, f->id, "react-next", react_causes[why]);
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s must react on phase %d: %s", fname (f),
               current_phase (game) + 1, react_labels[why]);
  return TRUE;
}

static const char *
react_label (const char *cause)
{
  for (int i = 0; react_causes[i] != NULL; i++)
    if (g_strcmp0 (cause, react_causes[i]) == 0)
      return react_labels[i];
  return cause;
}

/* Counts a counter down: "N" means this phase and N more */
static gboolean
count_down (PhGame     *game,
            PhFigure   *f,
            const char *key)
{
  const char *v = ph_game_get_figure_var (game, f->id, key);
  int n;

  if (v == NULL)
    return FALSE;
  n = atoi (v);
  if (n <= 0)
    {
      ph_game_set_figure_var (game, f->id, key, NULL);
      return TRUE; /* over */
    }
  ph_game_set_figure_var_int (game, f->id, key, n - 1);
  return FALSE;
}

static gboolean
do_end_phase (PhGame      *game,
              GHashTable  *args,
              GError     **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  int phase = current_phase (game);
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GString) reacting = g_string_new (NULL);
  g_autoptr(GString) recovered = g_string_new (NULL);
  g_autoptr(GString) other = g_string_new (NULL);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);
      const char *next = ph_game_get_figure_var (game, f->id, "react-next");
      const char *order = ph_game_get_figure_var (game, f->id, "order-next");
      const char *busy = ph_game_get_figure_var (game, f->id, "busy-next");
      gboolean move_over, action_over;

      /* The markers of the phase that ends */
      ph_game_set_status (game, f->id, PH_STATUS_FIRED, FALSE);
      ph_game_set_status (game, f->id, PH_STATUS_MOVED, FALSE);
      ph_game_set_status (game, f->id, PH_STATUS_MELEE, FALSE);
      ph_game_set_figure_var (game, f->id, "plan", NULL);
      /* "Opponent wounded in Previous round" lasts one phase */
      if (ph_game_get_figure_var_int (game, f->id, "melee-wounded", 0) < phase)
        ph_game_set_figure_var (game, f->id, "melee-wounded", NULL);
      ph_game_set_figure_var (game, f->id, "busy", NULL);
      if (is_dead (f))
        {
          ph_game_set_status (game, f->id, PH_STATUS_REACTING, FALSE);
          ph_game_set_figure_var (game, f->id, "react-next", NULL);
          ph_game_set_figure_var (game, f->id, "reacting-for", NULL);
          continue;
        }

      /* "5 Note men who have to react on the next phase." */
      if (next != NULL)
        {
          g_autofree char *cause = g_strdup (next);

          ph_game_set_status (game, f->id, PH_STATUS_REACTING, TRUE);
          ph_game_set_figure_var (game, f->id, "reacting-for", cause);
          ph_game_set_figure_var (game, f->id, "react-next", NULL);
          g_string_append_printf (reacting, "%s%s (%s)", reacting->len > 0 ? ", " : "",
                                  fname (f), react_label (cause));
        }
      else if ((f->status & PH_STATUS_REACTING)
               || ph_game_get_figure_var (game, f->id, "reacting-for") != NULL)
        {
          ph_game_set_status (game, f->id, PH_STATUS_REACTING, FALSE);
          ph_game_set_figure_var (game, f->id, "reacting-for", NULL);
        }

      if (order != NULL)
        {
          g_autofree char *text = g_strdup (order);

          ph_game_set_figure_var (game, f->id, "order", text);
          ph_game_set_figure_var (game, f->id, "order-next", NULL);
          g_string_append_printf (other, "; %s's new order stands: %s", fname (f), text);
        }
      if (busy != NULL)
        {
          g_autofree char *what = g_strdup (busy);

          ph_game_set_figure_var (game, f->id, "busy", what);
          ph_game_set_figure_var (game, f->id, "busy-next", NULL);
        }

      /* The wounds' durations */
      if (count_down (game, f, "knocked-out"))
        g_string_append_printf (other, "; %s comes round", fname (f));
      move_over = count_down (game, f, "no-move");
      action_over = count_down (game, f, "no-action");
      if ((move_over || action_over)
          && ph_game_get_figure_var (game, f->id, "no-move") == NULL
          && ph_game_get_figure_var (game, f->id, "no-action") == NULL)
        {
          const char *movement = ph_game_get_figure_var (game, f->id, "movement");

          ph_game_set_figure_var (game, f->id, "wound-effect", NULL);
          g_string_append_printf (recovered, "%s%s%s", recovered->len > 0 ? ", " : "",
                                  fname (f),
                                  g_strcmp0 (movement, "crawl") == 0 ? " (crawl only)"
                                  : g_strcmp0 (movement, "half") == 0 ? " (half rate)"
                                  : "");
        }

      /* An aim not followed by the shot is lost */
      if (ph_game_get_figure_var (game, f->id, "aim-target") != NULL
          && ph_game_get_figure_var_int (game, f->id, "aim-phase", 0) < phase)
        {
          ph_game_set_figure_var (game, f->id, "aim-target", NULL);
          ph_game_set_figure_var (game, f->id, "aim-phase", NULL);
          ph_game_set_figure_var (game, f->id, "aim-count", NULL);
        }

      /* Men on foot stop unless they move again; horses keep their rate
       * ("Riders may accelerate or decelerate ... on subsequent phases"),
       * a nicked mount slows by one */
      if (f->mounted && ph_game_get_figure_var (game, f->id, "mount-nicked") != NULL)
        {
          int r = horse_rate_index (f->stance);

          ph_game_set_figure_var (game, f->id, "mount-nicked", NULL);
          if (r > 0
              && !ph_game_set_figure_attr (game, f->id, "stance",
                                           ph_stance_to_string (horse_stances[r - 1]), error))
            return FALSE;
          g_string_append_printf (other, "; %s's nicked mount slows down", fname (f));
        }
      else if (!f->mounted
               && (f->stance == PH_STANCE_WALKING || f->stance == PH_STANCE_RUNNING
                   || f->stance == PH_STANCE_CHARGING || f->stance == PH_STANCE_ACTION)
               && !ph_game_set_figure_attr (game, f->id, "stance", "standing", error))
        return FALSE;
    }

  ph_game_set_var_int (game, "turn", phase + 1);
  ph_game_set_var (game, "step", step_names[STEP_ORDERS]);
  g_string_append_printf (log, "Phase %d ends. Phase %d: step 1, %s", phase, phase + 1,
                          step_labels[STEP_ORDERS]);
  if (reacting->len > 0)
    g_string_append_printf (log, "; reacting: %s", reacting->str);
  if (recovered->len > 0)
    g_string_append_printf (log, "; can move and act again: %s", recovered->str);
  g_string_append (log, other->str);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Melee: "4 Calculate Melee."  The Weapons Table is the book's: the two
 * basic chances come as arguments; the text's melee percentage variations
 * are added here from the figures' state and the arguments. */

static PhRating
rating_of (const PhFigure *f)
{
  return f->stats_kind == PH_STATS_FEATHERSTONE ? f->stats.featherstone.rating
                                                : PH_RATING_AVERAGE;
}

/* Adds one variation to @sum and its text to @log */
static void
add_variation (GString    *log,
               int        *sum,
               const char *label,
               int         value)
{
  if (value == 0)
    return;
  *sum += value;
  g_string_append_printf (log, ", %s %+d", label, value);
}

typedef struct
{
  gboolean shield, cover;
  int outnumbered;
} MeleeSide;

/* The Calculated Chance of @f against @o: @basic plus the variations */
static int
melee_chance (PhGame          *game,
              const PhFigure  *f,
              const PhFigure  *o,
              int              basic,
              const MeleeSide *mine,
              const MeleeSide *theirs,
              GString         *log)
{
  /* "Type": Veteran v Average +10% ... Novice v Veteran -20% */
  static const int type[3][3] = {
    /* v Veteran, Average, Novice */
    { 0, 10, 20 },    /* Veteran */
    { -10, 0, 10 },   /* Average */
    { -20, -10, 0 },  /* Novice */
  };
  PhRating r = rating_of (f), ro = rating_of (o);
  int sum = basic, light = 0, serious = 0;

  g_string_append_printf (log, "%s basic %d%%", fname (f), basic);
  add_variation (log, &sum, ro == PH_RATING_VETERAN ? "against a veteran"
                 : ro == PH_RATING_NOVICE ? "against a novice" : "against an average",
                 type[r][ro]);
  /* "Movement": Charging +10%, Opponent Trotting -10%, Cantering -20%,
   * Galloping -30% */
  if (f->stance == PH_STANCE_CHARGING)
    add_variation (log, &sum, "charging", 10);
  if (o->stance == PH_STANCE_TROTTING)
    add_variation (log, &sum, "opponent trotting", -10);
  else if (o->stance == PH_STANCE_CANTERING)
    add_variation (log, &sum, "opponent cantering", -20);
  else if (o->stance == PH_STANCE_GALLOPING)
    add_variation (log, &sum, "opponent galloping", -30);
  /* "Reaction": Average reacting -10%, Novice reacting -20% */
  if (f->status & PH_STATUS_REACTING)
    add_variation (log, &sum, r == PH_RATING_NOVICE ? "novice reacting" : "average reacting",
                   r == PH_RATING_NOVICE ? -20 : r == PH_RATING_AVERAGE ? -10 : 0);
  /* "Miscellaneous": each light wound -10%, each serious wound -20%,
   * opponent wounded in previous round +20%, each extra opponent -10% */
  if (f->stats_kind == PH_STATS_FEATHERSTONE)
    {
      light = f->stats.featherstone.light_wounds;
      serious = f->stats.featherstone.serious_wounds;
    }
  add_variation (log, &sum, "light wounds", -10 * light);
  add_variation (log, &sum, "serious wounds", -20 * serious);
  if (ph_game_get_figure_var (game, o->id, "melee-wounded") != NULL
      && ph_game_get_figure_var_int (game, o->id, "melee-wounded", 0)
         == current_phase (game) - 1)
    add_variation (log, &sum, "opponent wounded in the previous round", 20);
  add_variation (log, &sum, "outnumbered", -10 * mine->outnumbered);
  /* "Protection": using shield +20%, opponent has shield -20%, opponent in
   * cover -20% */
  if (mine->shield)
    add_variation (log, &sum, "using shield", 20);
  if (theirs->shield)
    add_variation (log, &sum, "opponent has shield", -20);
  if (theirs->cover)
    add_variation (log, &sum, "opponent in cover", -20);
  g_string_append_printf (log, ": needs %d or less", (int) CLAMP (sum, 0, 100));
  return CLAMP (sum, 0, 100);
}

static gboolean
get_melee_side (GHashTable  *args,
                const char  *prefix,
                MeleeSide   *side,
                GError     **error)
{
  g_autofree char *shield = g_strconcat (prefix, "shield", NULL);
  g_autofree char *cover = g_strconcat (prefix, "cover", NULL);
  g_autofree char *outnumbered = g_strconcat (prefix, "outnumbered", NULL);
  gboolean given;
  double n = 0;

  if (!get_bool_arg (args, shield, &side->shield, error)
      || !get_bool_arg (args, cover, &side->cover, error)
      || !get_number_arg (args, outnumbered, &given, &n, error))
    return FALSE;
  if (given && (n < 0 || n > 20 || n != (int) n))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "argument '%s' must be the number of extra opponents (0 to 20)",
                   outnumbered);
      return FALSE;
    }
  side->outnumbered = (int) n;
  return TRUE;
}

static gboolean
get_chance_arg (GHashTable  *args,
                const char  *name,
                int         *out,
                GError     **error)
{
  gboolean given;
  double v = 0;

  if (!get_number_arg (args, name, &given, &v, error))
    return FALSE;
  if (!given || v < -100 || v > 200 || v != (int) v)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "argument '%s' must be the Weapons Table's basic chance, a whole "
                   "percentage (the table is in the book)", name);
      return FALSE;
    }
  *out = (int) v;
  return TRUE;
}

/* One man's blow landed: the casualty table at his calculated chance */
static gboolean
melee_wound (PhGame      *game,
             PhFigure    *o,
             GArray      *table,
             int          chance,
             int          thrown,
             GString     *log,
             GError     **error)
{
  int column, row;
  char letter;

  if (table == NULL)
    {
      g_string_append (log, "; no wound picked: " NO_TABLE_MESSAGE
                       " (or apply the book's wound with the wound action)");
      return TRUE;
    }
  letter = read_casualty_table (table, chance, thrown, &column, &row);
  g_string_append_printf (log, "; casualty table, %d%% column, %d: %s is wounded: ",
                          column, row, fname (o));
  ph_game_set_figure_var_int (game, o->id, "melee-wounded", current_phase (game));
  return apply_wound (game, o, letter, TRUE, log, error);
}

/* "Steps 1 and 2 are carried out for both men fighting, and both men then
 * thrown the dice. If one man hits then consult the Casualty Table (as in
 * firing). If both men hit, treat this as no result during that phase." */
static gboolean
do_melee (PhGame      *game,
          GHashTable  *args,
          GError     **error)
{
  PhFigure *f = get_figure (game, args, "figure", error);
  PhFigure *t = f != NULL ? get_figure (game, args, "target", error) : NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GArray) table = NULL;
  g_autoptr(GError) table_error = NULL;
  MeleeSide mine = { 0 }, theirs = { 0 };
  const PhRoll *roll_f, *roll_t = NULL;
  int basic_f, basic_t, chance_f, chance_t = 0;
  gboolean t_strikes, hit_f, hit_t;

  if (t == NULL)
    return FALSE;
  if (f == t)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   "%s cannot fight himself", fname (f));
      return FALSE;
    }
  if (!get_chance_arg (args, "chance", &basic_f, error)
      || !get_chance_arg (args, "target-chance", &basic_t, error)
      || !get_melee_side (args, "", &mine, error)
      || !get_melee_side (args, "target-", &theirs, error))
    return FALSE;
  if (!enter_step (game, STEP_MELEE, "melee", error) || !check_able (game, f, FALSE, error))
    return FALSE;
  if (is_dead (t))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, "%s is dead", fname (t));
      return FALSE;
    }
  table = get_casualty_table (game, &table_error);
  if (table_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&table_error));
      return FALSE;
    }
  /* A man a wound keeps down does not strike back */
  t_strikes = check_able (game, t, FALSE, NULL);

  g_string_append_printf (log, "Melee, %s against %s: ", fname (f), fname (t));
  chance_f = melee_chance (game, f, t, basic_f, &mine, &theirs, log);
  roll_f = ph_game_roll (game, 1, 100, f->id, "%s's blow at %s: lands on %d or less",
                         fname (f), fname (t), chance_f);
  g_string_append_printf (log, ", rolled %d", roll_f->total);
  hit_f = roll_f->total <= chance_f;
  if (t_strikes)
    {
      g_string_append (log, "; ");
      chance_t = melee_chance (game, t, f, basic_t, &theirs, &mine, log);
      roll_t = ph_game_roll (game, 1, 100, t->id, "%s's blow at %s: lands on %d or less",
                             fname (t), fname (f), chance_t);
      g_string_append_printf (log, ", rolled %d", roll_t->total);
    }
  else
    g_string_append_printf (log, "; %s cannot strike back", fname (t));
  hit_t = roll_t != NULL && roll_t->total <= chance_t;

  if (hit_f && hit_t)
    g_string_append (log, ": both hit, no result this phase");
  else if (!hit_f && !hit_t)
    g_string_append (log, ": neither hits");
  else if (hit_f && !melee_wound (game, t, table, chance_f, roll_f->total, log, error))
    return FALSE;
  else if (hit_t && !melee_wound (game, f, table, chance_t, roll_t->total, log, error))
    return FALSE;

  /* "A man must react on the phase after ... 2 Fighting in a melee." */
  for (PhFigure *m = f; m != NULL; m = m == f ? t : NULL)
    {
      ph_game_set_status (game, m->id, PH_STATUS_MELEE, !is_dead (m));
      if (!is_dead (m))
        ph_game_set_figure_var (game, m->id, "react-next", "melee");
    }
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

static const PhGameActionInfo actions[] = {
  { "order", "Give an order", "figure text=text",
    "The Leader's standing order for this man; a new order takes one phase to issue" },
  { "plan", "Write down intentions", "figure text=text",
    "Step 1: write down the man's intended movement, action, firing and fighting for this phase" },
  { "next-step", "Next step", "",
    "Go on to the next step of the sequence: orders, move, fire, melee, reactions" },
  { "move", "Move", "figure rate=walk|run|charge|crawl|trot|canter|gallop "
    "[terrain=open|difficult] [x=number] [y=number]",
    "Step 2: move the man at a rate of the movement table (to x, y when given)" },
  { "action", "Make an action", "figure what=kneel|lie-down|get-up|dive|mount|dismount|draw|sheath|pick-up|other "
    "[text=text]",
    "Step 2: an action taking the phase (twice as long with a serious wound)" },
  { "aim", "Aim", "figure target [weapon=text]",
    "Step 3: adopt a firing position (no movement); the aimed shot comes next phase" },
  { "shoot", "Shoot", "figure target [fire=aimed|snap] [weapon=text]",
    "Step 3: aimed fire after a phase of aiming, or snap fire; d100 then the casualty table" },
  { "melee", "Melee", "figure target chance=number target-chance=number [shield=bool] "
    "[cover=bool] [outnumbered=number] [target-shield=bool] [target-cover=bool] "
    "[target-outnumbered=number]",
    "Step 4: both men strike with the book's Weapons Table chances and the text's "
    "variations; one hit reads the casualty table" },
  { "wound", "Apply a wound", "figure letter=A|B|C|D|E|F|G|H|I|J [melee=bool] [cause=text]",
    "Apply a wound category from the book's casualty table (melee, falls...)" },
  { "react", "Must react", "figure why=fired|melee|sighting|sudden",
    "Note that the man must react on the next phase" },
  { "end-phase", "End the phase", "",
    "Step 5 done: mark reactions for the next phase, count wounds down, next phase" },
  { "end-turn", "End the phase", "",
    "The same as end-phase (a turn is a phase)" },
  { NULL, NULL, NULL, NULL }
};

static gboolean
featherstone_perform (PhGame      *game,
                      const char  *action,
                      GHashTable  *args,
                      GError     **error)
{
  if (g_str_equal (action, "order"))
    return do_order (game, args, error);
  if (g_str_equal (action, "plan"))
    return do_plan (game, args, error);
  if (g_str_equal (action, "next-step"))
    return do_next_step (game, args, error);
  if (g_str_equal (action, "move"))
    return do_move (game, args, error);
  if (g_str_equal (action, "action"))
    return do_action (game, args, error);
  if (g_str_equal (action, "aim"))
    return do_aim (game, args, error);
  if (g_str_equal (action, "shoot"))
    return do_shoot (game, args, error);
  if (g_str_equal (action, "melee"))
    return do_melee (game, args, error);
  if (g_str_equal (action, "wound"))
    return do_wound (game, args, error);
  if (g_str_equal (action, "react"))
    return do_react (game, args, error);
  if (g_str_equal (action, "end-phase") || g_str_equal (action, "end-turn"))
    return do_end_phase (game, args, error);
  g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
               "unknown action '%s' for Featherstone", action);
  return FALSE;
}

static char *
featherstone_describe (PhGame *game)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  Step step = current_step (game);
  int out = 0, reacting = 0;

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *f = g_ptr_array_index (scenario->figures, i);

      if (is_dead (f))
        continue;
      if (f->status & PH_STATUS_REACTING)
        reacting++;
      if (ph_game_get_figure_var (game, f->id, "no-action") != NULL
          || ph_game_get_figure_var (game, f->id, "knocked-out") != NULL)
        out++;
    }
  return g_strdup_printf ("Phase %d - step %d of 5: %s%s%s", current_phase (game),
                          step + 1, step_labels[step],
                          reacting > 0 ? " - men reacting" : "",
                          out > 0 ? " - wounded men out of action" : "");
}

const PhGameRules ph_game_rules_featherstone = {
  PH_RULESET_FEATHERSTONE,
  actions,
  featherstone_start,
  featherstone_perform,
  featherstone_describe,
};
