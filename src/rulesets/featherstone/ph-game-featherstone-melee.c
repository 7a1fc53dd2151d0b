/* ph-game-featherstone-melee.c: a game of Skirmish Wargaming: melee
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Melee with the book's basic chances and the text's variations.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-game-featherstone-private.h"
#include "ph-ruleset-featherstone.h"

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
              const char      *from,
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

  g_string_append_printf (log, _("%s basic %d%%"), ph_featherstone_fname (f), basic);
  if (from != NULL && *from != '\0')
    g_string_append_printf (log, " (%s)", from);
  add_variation (log, &sum, ro == PH_RATING_VETERAN ? _("against a veteran")
                 : ro == PH_RATING_NOVICE ? _("against a novice") : _("against an average"),
                 type[r][ro]);
  /* "Movement": Charging +10%, Opponent Trotting -10%, Cantering -20%,
   * Galloping -30%: the rate each man moved at this phase (the move
   * action's), what he was doing; not the stance a man the referee put
   * in contact (Move Anyway) kept from the file or an earlier phase (the
   * referee trial's general "cantering" where he had not moved) */
  {
    const char *rate = ph_game_get_figure_var (game, f->id, "rate");
    const char *their_rate = ph_game_get_figure_var (game, o->id, "rate");

    if (g_strcmp0 (rate, "charge") == 0)
      add_variation (log, &sum, _("charging"), 10);
    if (g_strcmp0 (their_rate, "trot") == 0)
      add_variation (log, &sum, _("opponent trotting"), -10);
    else if (g_strcmp0 (their_rate, "canter") == 0)
      add_variation (log, &sum, _("opponent cantering"), -20);
    else if (g_strcmp0 (their_rate, "gallop") == 0)
      add_variation (log, &sum, _("opponent galloping"), -30);
  }
  /* "Reaction": Average reacting -10%, Novice reacting -20% */
  if (f->status & PH_STATUS_REACTING)
    add_variation (log, &sum, r == PH_RATING_NOVICE ? _("novice reacting") : _("average reacting"),
                   r == PH_RATING_NOVICE ? -20 : r == PH_RATING_AVERAGE ? -10 : 0);
  /* "Miscellaneous": each light wound -10%, each serious wound -20%,
   * opponent wounded in previous round +20%, each extra opponent -10% */
  if (f->stats_kind == PH_STATS_FEATHERSTONE)
    {
      light = f->stats.featherstone.light_wounds;
      serious = f->stats.featherstone.serious_wounds;
    }
  add_variation (log, &sum, _("light wounds"), -10 * light);
  add_variation (log, &sum, _("serious wounds"), -20 * serious);
  if (ph_game_get_figure_var (game, o->id, "melee-wounded") != NULL
      && ph_game_get_figure_var_int (game, o->id, "melee-wounded", 0)
         == ph_featherstone_current_phase (game) - 1)
    add_variation (log, &sum, _("opponent wounded in the previous round"), 20);
  /* "Serious wounds on areas covered by plate armour are invalid, but on
   * the next phase the man so defended must deduct as if 'wounded on the
   * previous phase', ie ten per cent." */
  if (ph_game_get_figure_var (game, f->id, "plate-struck") != NULL
      && ph_game_get_figure_var_int (game, f->id, "plate-struck", 0)
         == ph_featherstone_current_phase (game) - 1)
    add_variation (log, &sum, _("struck on his plate last phase"), -10);
  add_variation (log, &sum, _("outnumbered"), -10 * mine->outnumbered);
  /* "Protection": using shield +20%, opponent has shield -20%, opponent in
   * cover -20% */
  if (mine->shield)
    add_variation (log, &sum, _("using shield"), 20);
  if (theirs->shield)
    add_variation (log, &sum, _("opponent has shield"), -20);
  if (theirs->cover)
    add_variation (log, &sum, _("opponent in cover"), -20);
  g_string_append_printf (log, _(": needs %d or less"), (int) CLAMP (sum, 0, 100));
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

  if (!fs_get_bool_arg (args, shield, &side->shield, error)
      || !fs_get_bool_arg (args, cover, &side->cover, error)
      || !fs_get_number_arg (args, outnumbered, &given, &n, error))
    return FALSE;
  if (given && (n < 0 || n > 20 || n != (int) n))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("argument '%s' must be the number of extra opponents (0 to 20)"),
                   outnumbered);
      return FALSE;
    }
  side->outnumbered = (int) n;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* The Weapons Table (ruleset option "weapons-table")
 *
 *   table = entry *( [ "," | ";" ] entry )
 *   entry = MINE "/" THEIRS "=" CHANCE
 *
 * MINE and THEIRS are the Weapons Table's categories (1 to 11, a weapon's
 * melee-category), CHANCE the basic chance of a man with a weapon of
 * category MINE against one of category THEIRS, a whole percentage (0 to
 * 100).  "1 Look at the Weapons Table. For each man, read along from his
 * weapon and down from his opponent's weapon. The intersection of the two
 * is his Basic Chance of landing a blow." */

#define N_CATEGORIES 11

/* Checks an option value; used by ph-ruleset-featherstone.c */
gboolean ph_featherstone_check_weapons_table (const char *value, GError **error);

typedef struct
{
  int chance[N_CATEGORIES + 1][N_CATEGORIES + 1]; /* -1: not given */
} WeaponsTable;

static gboolean
parse_weapons_table (const char    *value,
                     WeaponsTable  *table,
                     GQuark         domain,
                     int            code,
                     GError       **error)
{
  g_auto(GStrv) entries = g_regex_split_simple ("[\\s,;]+", value, 0, 0);
  guint n = 0;

  for (int i = 0; i <= N_CATEGORIES; i++)
    for (int j = 0; j <= N_CATEGORIES; j++)
      table->chance[i][j] = -1;
  for (guint i = 0; entries[i] != NULL; i++)
    {
      int mine, theirs, chance;
      char end;

      if (entries[i][0] == '\0')
        continue;
      if (sscanf (entries[i], "%d/%d=%d%c", &mine, &theirs, &chance, &end) != 3
          || mine < 1 || mine > N_CATEGORIES || theirs < 1 || theirs > N_CATEGORIES
          || chance < 0 || chance > 100)
        {
          g_set_error (error, domain, code,
                       "option 'weapons-table': '%s' is not MINE/THEIRS=CHANCE (the "
                       "categories 1 to 11, the chance a whole percentage 0 to 100), "
                       "e.g. '8/7=50 7/8=40'", entries[i]);
          return FALSE;
        }
      if (table->chance[mine][theirs] >= 0)
        {
          g_set_error (error, domain, code,
                       "option 'weapons-table': %d/%d is given twice", mine, theirs);
          return FALSE;
        }
      table->chance[mine][theirs] = chance;
      n++;
    }
  if (n == 0)
    {
      g_set_error (error, domain, code,
                   "option 'weapons-table': no entries; the format is MINE/THEIRS=CHANCE "
                   "..., e.g. '8/7=50 7/8=40'");
      return FALSE;
    }
  return TRUE;
}

gboolean
ph_featherstone_check_weapons_table (const char  *value,
                                     GError     **error)
{
  WeaponsTable table;

  return parse_weapons_table (value, &table, PH_SCENARIO_ERROR, PH_SCENARIO_ERROR_INVALID,
                              error);
}

/* Whether @kind is a shoulder arm a man may club with, "Shoulder Arm used
 * as club or staff": a firearm that is not a pistol (musket, rifle,
 * carbine, fowler, arquebus, blunderbuss), never a gun's canister or
 * roundshot; or a musket the file already calls clubbed */
static gboolean
is_shoulder_arm (PhWeaponKind kind)
{
  if (kind == PH_WEAPON_CLUBBED_MUSKET)
    return TRUE;
  return ph_weapon_kind_is_gunpowder (kind) && kind != PH_WEAPON_CANISTER
         && kind != PH_WEAPON_ROUNDSHOT && kind != PH_WEAPON_PISTOL
         && kind != PH_WEAPON_FLINTLOCK_PISTOL && kind != PH_WEAPON_WHEELLOCK_PISTOL
         && kind != PH_WEAPON_MATCHLOCK_PISTOL;
}

/* How a man fights on the Weapons Table */
typedef struct
{
  int category;            /* 1 to 11; 0: none can be read */
  const PhWeapon *weapon;  /* what he fights with; NULL: his bare hands */
  gboolean clubbed;        /* a shoulder arm used as club or staff */
} MeleeArm;

/* His first weapon that has a melee category.  Else, when he carries no
 * melee weapon, the Weapons Table's own rows: a shoulder arm "used as club
 * or staff" (category 4; a horseman's on the mounted rows, "any other
 * weapon", 9), and with no weapon at all "Unarmed" (1).  A melee weapon
 * the file gives no category, or only a pistol or a bow, reads none (the
 * trial's McCabe, a Baker rifle and nothing else, read none and his
 * melee could not be fought without typing both chances). */
static MeleeArm
melee_arm (const PhFigure *f)
{
  MeleeArm arm = { 0 };
  const PhWeapon *shoulder = NULL;
  gboolean other = FALSE, blade = FALSE;

  for (guint i = 0; i < f->weapons->len; i++)
    {
      const PhWeapon *w = &g_array_index (f->weapons, PhWeapon, i);

      if (w->melee_category > 0)
        {
          arm.category = w->melee_category;
          arm.weapon = w;
          return arm;
        }
      if (is_shoulder_arm (w->kind))
        shoulder = shoulder != NULL ? shoulder : w;
      else if (w->kind == PH_WEAPON_UNARMED)
        continue;
      else if (ph_weapon_kind_is_missile (w->kind))
        other = TRUE;
      else
        blade = TRUE;
    }
  if (blade)
    return arm;
  if (shoulder != NULL)
    {
      arm.category = f->mounted ? 9 : 4;
      arm.weapon = shoulder;
      arm.clubbed = TRUE;
    }
  else if (!other)
    arm.category = 1;
  return arm;
}

/* A man's category on the Weapons Table, 0 when none can be read */
static int
melee_category (const PhFigure *f)
{
  return melee_arm (f).category;
}

/* What a man fights with in words: his weapon's name, else its kind
 * ("sword bayonet", "sabre"), a horseman's on the table's mounted rows (9
 * to 11: "a horseman's sabre", read on another row than a sabre on foot);
 * a shoulder arm "Baker rifle used as a club"; "bare hands" */
static char *
weapon_words (const PhFigure *f)
{
  MeleeArm arm = melee_arm (f);
  const PhWeapon *w = arm.weapon;
  g_autofree char *name = NULL;

  if (w == NULL)
    /* TRANSLATORS: an unarmed man on the Weapons Table: "Weapons Table,
     * bare hands against fixed bayonet" */
    return g_strdup (_("bare hands"));
  name = g_strdup (w->name != NULL && *w->name != '\0' ? w->name : ph_weapon_kind_label (w->kind));
  if (arm.clubbed && w->kind != PH_WEAPON_CLUBBED_MUSKET)
    {
      /* TRANSLATORS: a shoulder arm on the Weapons Table's "Shoulder Arm
       * used as club or staff": "Baker rifle used as a club" */
      char *clubbed = g_strdup_printf (_("%s used as a club"), name);

      g_free (name);
      name = clubbed;
    }
  if (arm.category >= 9)
    /* TRANSLATORS: a weapon read on the Weapons Table's rows for
     * mounted men: "a horseman's sabre" */
    return g_strdup_printf (_("a horseman's %s"), name);
  return g_steal_pointer (&name);
}

char *
ph_featherstone_melee_fallback_words (const PhFigure *figure,
                                      int            *category)
{
  MeleeArm arm = melee_arm (figure);

  *category = arm.category;
  if (arm.category == 0 || (arm.weapon != NULL && !arm.clubbed))
    return NULL;
  return weapon_words (figure);
}

/* The Weapons Table's rows as the text reads them ("6 Short Sword/Sword
 * Bayonet/Scimitar/Cutlass"), for a message that names a category and
 * the record sheet's weapons */
const char *
ph_featherstone_melee_category_words (int category)
{
  static const char * const rows[N_CATEGORIES + 1] = {
    NULL,
    N_("unarmed"),
    N_("club"),
    N_("knife or dagger"),
    N_("shoulder arm used as club or staff, or crude pole weapon"),
    N_("short axe, hatchet or tomahawk"),
    N_("short sword, sword bayonet, scimitar or cutlass"),
    N_("fixed bayonet, spear, javelin, lance, long war axe or assegai"),
    N_("sword"),
    N_("a horseman's weapon other than lance, spear, sabre or sword"),
    N_("a horseman's lance or spear"),
    N_("a horseman's sabre or sword"),
  };

  return category >= 1 && category <= N_CATEGORIES ? _(rows[category]) : "";
}

/* What the referee does where a basic chance cannot be read: the Melee
 * form's field in its own words ("Chance", "Target chance"), never the
 * argument's name (the trial's refusal read "give chance") */
static const char *
type_it_words (const char *name)
{
  return g_str_equal (name, "chance")
    /* TRANSLATORS: "Chance" is the Melee form's field */
    ? _("type his Chance in the form")
    /* TRANSLATORS: "Target chance" is the Melee form's field */
    : _("type his Target chance in the form");
}

/* @name's basic chance: the argument when given, else the Weapons Table
 * (the house rule) read for @f's weapon against @o's */
static gboolean
get_chance_arg (PhGame          *game,
                GHashTable      *args,
                const char      *name,
                const PhFigure  *f,
                const PhFigure  *o,
                int             *out,
                GString         *from,
                GError         **error)
{
  const char *option = ph_scenario_get_option (ph_game_get_scenario (game), "weapons-table");
  WeaponsTable table;
  gboolean given;
  double v = 0;
  int mine, theirs;

  if (!fs_get_number_arg (args, name, &given, &v, error))
    return FALSE;
  if (given)
    {
      if (v < -100 || v > 200 || v != (int) v)
        {
          g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                       _("argument '%s' must be the Weapons Table's basic chance, a whole "
                         "percentage (the table is in the book)"), name);
          return FALSE;
        }
      *out = (int) v;
      return TRUE;
    }
  mine = melee_category (f);
  theirs = melee_category (o);
  if (option == NULL)
    {
      /* TRANSLATORS: "…: type his Chance in the form (the book's Weapons
       * Table), or copy …" */
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("%s's basic chance: %s (the book's Weapons Table), or copy the "
                     "table into the house rule weapons-table (the Table tab)"),
                   ph_featherstone_fname (f), type_it_words (name));
      return FALSE;
    }
  if (!parse_weapons_table (option, &table, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION, error))
    return FALSE;
  if (mine == 0 || theirs == 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("%s's basic chance: %s has no weapon with a melee category, nor "
                     "a shoulder arm to club with, to read the Weapons Table by: %s"),
                   ph_featherstone_fname (f), ph_featherstone_fname (mine == 0 ? f : o),
                   type_it_words (name));
      return FALSE;
    }
  if (table.chance[mine][theirs] < 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("%s's basic chance: the house rule weapons-table has no %d/%d "
                     "(%s against %s): %s, or add it"),
                   ph_featherstone_fname (f), mine, theirs, ph_featherstone_melee_category_words (mine),
                   ph_featherstone_melee_category_words (theirs), type_it_words (name));
      return FALSE;
    }
  *out = table.chance[mine][theirs];
  /* TRANSLATORS: where a basic chance was read, the two men's weapons:
   * "Weapons Table, sword bayonet against fixed bayonet" */
  {
    g_autofree char *own = weapon_words (f);
    g_autofree char *other = weapon_words (o);

    g_string_append_printf (from, _("Weapons Table, %s against %s"), own, other);
  }
  return TRUE;
}

/* Whether @m has fought a melee in the phase under way */
gboolean
ph_featherstone_fought_this_phase (PhGame         *game,
                                   const PhFigure *m)
{
  return ph_game_get_figure_var (game, m->id, "fought") != NULL
         && ph_game_get_figure_var_int (game, m->id, "fought", 0)
            == ph_featherstone_current_phase (game);
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
      g_string_append (log, _("; no wound picked: the casualty table is in the book: copy it "
                              "into the house rule casualty-table (the Table tab) (or apply "
                              "the book's wound with the wound action)"));
      return TRUE;
    }
  letter = ph_featherstone_read_casualty_table (table, chance, thrown, &column, &row);
  g_string_append_printf (log, _("; casualty table, %d%% column, %d: %s is wounded: "),
                          column, row, ph_featherstone_fname (o));
  return ph_featherstone_apply_weapon_wound (game, o, letter, TRUE, NULL, 0, log, error);
}

/* "Steps 1 and 2 are carried out for both men fighting, and both men then
 * thrown the dice. If one man hits then consult the Casualty Table (as in
 * firing). If both men hit, treat this as no result during that phase." */
gboolean
ph_featherstone_action_melee (PhGame      *game,
                 GHashTable  *args,
                 GError     **error)
{
  PhFigure *f = fs_get_figure (game, args, "figure", error);
  PhFigure *t = f != NULL ? fs_get_figure (game, args, "target", error) : NULL;
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GString) read_f = g_string_new (NULL);
  g_autoptr(GString) read_t = g_string_new (NULL);
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
                   _("%s cannot fight himself"), ph_featherstone_fname (f));
      return FALSE;
    }
  /* a melee is with an enemy: a man of his own side (the Game tab kept
   * the target of a shot by his side: the trial) is no opponent */
  if (g_strcmp0 (f->side, t->side) == 0)
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                   _("%s is on his own side: %s fights only an enemy"),
                   ph_featherstone_fname (t), ph_featherstone_fname (f));
      return FALSE;
    }
  if (!get_melee_side (args, "", &mine, error)
      || !get_melee_side (args, "target-", &theirs, error))
    return FALSE;
  if (!ph_featherstone_enter_step (game, STEP_MELEE, _("melee"), error) || !ph_featherstone_check_able (game, f, FALSE, error))
    return FALSE;
  if (ph_featherstone_is_dead (t))
    {
      g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW, _("%s is dead"), ph_featherstone_fname (t));
      return FALSE;
    }
  /* "If both men hit, treat this as no result during that phase": a
   * pair's melee is one blow each a phase */
  for (PhFigure *m = f; m != NULL; m = m == f ? t : NULL)
    if (ph_featherstone_fought_this_phase (game, m))
      {
        g_set_error (error, PH_GAME_ERROR, PH_GAME_ERROR_NOT_NOW,
                     _("%s has already fought a melee this phase"), ph_featherstone_fname (m));
        return FALSE;
      }
  if (!ph_game_check_contact (game, f, t, FALSE, args, log, error))
    return FALSE;
  /* the basic chances after whether they may fight at all: a pair out of
   * contact is refused for that, not for a chance the form would give
   * (the trial's menu offered Bardin's melee on McCabe 21.3 paces away,
   * the missing chance read as the form's to give) */
  if (!get_chance_arg (game, args, "chance", f, t, &basic_f, read_f, error)
      || !get_chance_arg (game, args, "target-chance", t, f, &basic_t, read_t, error))
    return FALSE;
  table = ph_featherstone_get_casualty_table (game, &table_error);
  if (table_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&table_error));
      return FALSE;
    }
  /* A man a wound keeps down does not strike back */
  t_strikes = ph_featherstone_check_able (game, t, FALSE, NULL);

  g_string_append_printf (log, _("Melee, %s against %s: "), ph_featherstone_fname (f), ph_featherstone_fname (t));
  chance_f = melee_chance (game, f, t, basic_f, read_f->str, &mine, &theirs, log);
  roll_f = ph_game_roll (game, 1, 100, f->id, _("%s's blow at %s: lands on %d or less"),
                         ph_featherstone_fname (f), ph_featherstone_fname (t), chance_f);
  g_string_append_printf (log, _(", rolled %d"), roll_f->total);
  hit_f = roll_f->total <= chance_f;
  if (t_strikes)
    {
      g_string_append (log, "; ");
      chance_t = melee_chance (game, t, f, basic_t, read_t->str, &theirs, &mine, log);
      roll_t = ph_game_roll (game, 1, 100, t->id, _("%s's blow at %s: lands on %d or less"),
                             ph_featherstone_fname (t), ph_featherstone_fname (f), chance_t);
      g_string_append_printf (log, _(", rolled %d"), roll_t->total);
    }
  else
    g_string_append_printf (log, _("; %s cannot strike back"), ph_featherstone_fname (t));
  hit_t = roll_t != NULL && roll_t->total <= chance_t;

  if (hit_f && hit_t)
    g_string_append (log, _(": both hit, no result this phase"));
  else if (!hit_f && !hit_t)
    g_string_append (log, _(": neither hits"));
  else if (hit_f && !melee_wound (game, t, table, chance_f, roll_f->total, log, error))
    return FALSE;
  else if (hit_t && !melee_wound (game, f, table, chance_t, roll_t->total, log, error))
    return FALSE;

  /* "A man must react on the phase after ... 2 Fighting in a melee." */
  for (PhFigure *m = f; m != NULL; m = m == f ? t : NULL)
    {
      ph_game_set_status (game, m->id, PH_STATUS_MELEE, !ph_featherstone_is_dead (m));
      ph_game_set_figure_var_int (game, m->id, "fought", ph_featherstone_current_phase (game));
      if (!ph_featherstone_is_dead (m))
        ph_game_set_figure_var (game, m->id, "react-next", "melee");
    }
  ph_game_set_event_figure (game, f->id);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* The melee's odds, as ph_featherstone_action_melee() fights it with
 * @args (the Game tab's form; NULL: nothing given, the basic chances
 * read from the house rule weapons-table, as the right-click's step
 * fights it): each man's calculated chance as the log gives it, with
 * its basic chance and variations, then what comes of it (each blow
 * lands on his chance or less of d100, one blow alone wounds, both are
 * no result): "Sgt Smith basic 50%, against an average +10: needs 60 or
 * less; Pathan basic 40%, against a veteran -10: needs 30 or less: 42%
 * to wound him, 12% to be wounded". The right-click's menu and the form
 * say the same (the referee trial read "60% to wound" in the menu and
 * chances of 50 and 25 in the form). Without the table the chances are
 * the referee's to give, from the book: said so. */
char *
ph_featherstone_target_odds (PhGame         *game,
                             const char     *action,
                             const PhFigure *figure,
                             const PhFigure *target,
                             GHashTable     *args)
{
  g_autoptr(GHashTable) none = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GString) scratch = g_string_new (NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  MeleeSide mine = { 0 }, theirs = { 0 };
  int basic_f, basic_t;
  double p_f, p_t = 0;

  if (!g_str_equal (action, "melee") || figure == target)
    return NULL;
  if (args == NULL)
    args = none;
  if (!get_chance_arg (game, args, "chance", figure, target, &basic_f, scratch, NULL)
      || !get_chance_arg (game, args, "target-chance", target, figure, &basic_t, scratch, NULL))
    /* TRANSLATORS: a melee whose odds need the book's Weapons Table */
    return g_strdup (_("basic chances from the book's Weapons Table"));
  if (!get_melee_side (args, "", &mine, NULL) || !get_melee_side (args, "target-", &theirs, NULL))
    return NULL;
  p_f = melee_chance (game, figure, target, basic_f, NULL, &mine, &theirs, text) / 100.0;
  g_string_append (text, "; ");
  if (ph_featherstone_check_able (game, (PhFigure *) target, FALSE, NULL))
    p_t = melee_chance (game, target, figure, basic_t, NULL, &theirs, &mine, text) / 100.0;
  else
    g_string_append_printf (text, _("%s cannot strike back"), ph_featherstone_fname (target));
  /* TRANSLATORS: a melee's odds after the two men's chances: "…: 32% to
   * wound him, 24% to be wounded" (a blow each is no result) */
  g_string_append_printf (text, _(": %.0f%% to wound him, %.0f%% to be wounded"),
                          p_f * (1 - p_t) * 100, (1 - p_f) * p_t * 100);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The man @f fights when the target is left to the rules: the nearest
 * enemy whose base touches his, neither of them having fought this
 * phase, and one who can strike back (never a man knocked out, dead, or
 * kept from any action by his wound); NULL when there is none */
static char *
melee_target (PhGame         *game,
              const PhFigure *f)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const PhFigure *best = NULL;
  double best_d = G_MAXDOUBLE;

  if (ph_featherstone_is_dead (f) || ph_figure_is_off_table (f)
      || ph_featherstone_fought_this_phase (game, f))
    return NULL;
  for (guint i = 0; i < scenario->figures->len; i++)
    {
      const PhFigure *o = g_ptr_array_index (scenario->figures, i);
      double d;

      if (o == f || g_strcmp0 (o->side, f->side) == 0 || ph_figure_is_off_table (o)
          || ph_featherstone_fought_this_phase (game, o)
          || !ph_featherstone_check_able (game, o, FALSE, NULL)
          || !ph_game_bases_touch (scenario, f, o, NULL))
        continue;
      d = hypot (o->x - f->x, o->y - f->y);
      if (d < best_d)
        {
          best = o;
          best_d = d;
        }
    }
  return best != NULL ? g_strdup (best->id) : NULL;
}

/* The melee's basic chances left out are the Weapons Table's (the house
 * rule) for the two men: what the Game tab shows in their fields, rather
 * than a 0 the step never uses; and its target, when the map gives none
 * the step takes, the enemy in contact (melee_target()) */
char *
ph_featherstone_arg_default (PhGame     *game,
                             const char *action,
                             const char *arg,
                             GHashTable *args)
{
  g_autoptr(GHashTable) none = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GString) scratch = g_string_new (NULL);
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *fid = g_hash_table_lookup (args, "figure");
  const char *tid = g_hash_table_lookup (args, "target");
  PhFigure *f = fid != NULL ? ph_scenario_find_figure (scenario, fid) : NULL;
  PhFigure *t = tid != NULL ? ph_scenario_find_figure (scenario, tid) : NULL;
  gboolean mine = g_str_equal (arg, "chance");
  int chance;

  if (g_str_equal (action, "melee") && g_str_equal (arg, "target"))
    return f != NULL ? melee_target (game, f) : NULL;
  if (!g_str_equal (action, "melee") || f == NULL || t == NULL || f == t
      || !(mine || g_str_equal (arg, "target-chance")))
    return NULL;
  if (!get_chance_arg (game, none, arg, mine ? f : t, mine ? t : f, &chance, scratch, NULL))
    return NULL;
  return g_strdup_printf ("%d", chance);
}
