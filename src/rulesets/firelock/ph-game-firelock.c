/* ph-game-firelock.c: a game of Firelock and Scalplock: the turn
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Firelock and Scalplock rules, "Card Sequencing": the deck
 * (a red card per figure of one side, a black card per figure of the other,
 * or the text's three other ways), drawing it, the end of an activation and
 * of the turn, random characters.  The IP roll and officers are in
 * ph-game-firelock-ips.c, the ways of spending IPs in
 * ph-game-firelock-act.c and ph-game-firelock-fight.c.
 * src/rulesets/firelock/game.md lists every action and variable.
 */
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ph-character.h"
#include "ph-game-firelock-private.h"

/* Per-figure variables that last one turn (cleared by end-turn) */
static const char * const turn_vars[] = {
  "activated", "ips", "ips-rolled", "spare-ips", "given-ips", "horse-move",
  "close-ips", "close-to", "acquired", "meleed", NULL
};

/* ------------------------------------------------------------------ */
/* Cards                                                               */

static const char * const sequencing_modes[] = {
  "cards", "add-subtract", "assigned", "officers-first", NULL
};

static int
side_index (PhScenario *scenario,
            const char *side)
{
  for (guint i = 0; i < scenario->sides->len; i++)
    if (g_str_equal (((PhSide *) g_ptr_array_index (scenario->sides, i))->id, side))
      return (int) i;
  return -1;
}

const char *
ph_firelock_side_name (PhScenario *scenario,
           const char *side)
{
  PhSide *s = ph_scenario_find_side (scenario, side);

  return s != NULL ? s->name : side;
}

/* The first side's cards are red, the second's black ("a red card for every
 * figure on a side and a black card for every opposing figure"); a third
 * side's cards are named after it */
static char *
card_label (PhGame     *game,
            const char *card)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *colon = strchr (card, ':');
  g_autofree char *kind = NULL;
  const char *id;
  int index;
  const char *colour;

  if (colon == NULL)
    return g_strdup (card);
  kind = g_strndup (card, colon - card);
  id = colon + 1;
  if (g_str_equal (kind, "figure"))
    {
      PhFigure *f = ph_scenario_find_figure (scenario, id);

      return g_strdup_printf (_("the card of %s"), f != NULL ? ph_firelock_name (f) : id);
    }
  index = side_index (scenario, id);
  colour = index == 0 ? C_("card", "red") : index == 1 ? C_("card", "black") : NULL;
  if (colour != NULL)
    return g_strdup_printf (g_str_equal (kind, "officer") ? _("a %s officer's card (%s)")
                            : _("a %s card (%s)"), colour,
                            ph_firelock_side_name (scenario, id));
  return g_strdup_printf (g_str_equal (kind, "officer") ? _("a %s officer's card")
                          : _("a %s card"), ph_firelock_side_name (scenario, id));
}

static gboolean
figure_in_play (const PhFigure *figure)
{
  return !ph_figure_is_off_table (figure);
}

static void
shuffle_into (PhGame    *game,
              GPtrArray *cards,
              GString   *deck)
{
  ph_game_shuffle (game, cards);
  for (guint i = 0; i < cards->len; i++)
    {
      if (deck->len > 0)
        g_string_append_c (deck, ' ');
      g_string_append (deck, g_ptr_array_index (cards, i));
    }
}

/* Builds and shuffles the turn's deck under the "sequencing" variable,
 * describing it in @log */
static void
build_deck (PhGame  *game,
            GString *log)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *mode = ph_game_get_var (game, "sequencing");
  g_autoptr(GString) deck = g_string_new (NULL);
  g_autoptr(GPtrArray) cards = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) officers = g_ptr_array_new_with_free_func (g_free);
  gboolean first = TRUE;
  guint n;

  if (mode == NULL)
    mode = "cards";

  if (g_str_equal (mode, "assigned"))
    {
      /* 3. "Assign each figure a specific card so that figures must move at
       * the specified time": the order is "card-order", then the figures
       * it leaves out in file order */
      const char *order = ph_game_get_var (game, "card-order");
      g_auto(GStrv) ids = g_strsplit (order != NULL ? order : "", " ", -1);
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint i = 0; ids[i] != NULL; i++)
        {
          PhFigure *f = ph_scenario_find_figure (scenario, ids[i]);

          if (f == NULL || !figure_in_play (f) || g_hash_table_contains (seen, f->id))
            continue;
          g_hash_table_add (seen, f->id);
          g_ptr_array_add (cards, g_strdup_printf ("figure:%s", f->id));
        }
      for (guint i = 0; i < scenario->figures->len; i++)
        {
          PhFigure *f = g_ptr_array_index (scenario->figures, i);

          if (!figure_in_play (f) || g_hash_table_contains (seen, f->id))
            continue;
          g_ptr_array_add (cards, g_strdup_printf ("figure:%s", f->id));
        }
      for (guint i = 0; i < cards->len; i++)
        {
          if (deck->len > 0)
            g_string_append_c (deck, ' ');
          g_string_append (deck, g_ptr_array_index (cards, i));
        }
      g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE, "%u assigned card in a fixed order",
                                                "%u assigned cards in a fixed order", cards->len),
                              cards->len);
      n = cards->len;
    }
  else
    {
      g_string_append (log, _("the deck holds "));
      for (guint s = 0; s < scenario->sides->len; s++)
        {
          PhSide *side = g_ptr_array_index (scenario->sides, s);
          g_autofree char *key = g_strdup_printf ("deck-adjust:%s", side->id);
          g_autofree char *label = NULL;
          g_autofree char *card = g_strdup_printf ("side:%s", side->id);
          int count = 0, n_officers = 0, adjust = 0;

          for (guint i = 0; i < scenario->figures->len; i++)
            {
              PhFigure *f = g_ptr_array_index (scenario->figures, i);

              if (!figure_in_play (f) || !g_str_equal (f->side, side->id))
                continue;
              /* 4. "Allow officers the first move so that their IPs may
               * inspire others when it is their turn to act" */
              if (g_str_equal (mode, "officers-first") && ph_firelock_is_officer (f))
                n_officers++;
              else
                count++;
            }
          /* 2. "Add or subtract cards from the correct number" */
          if (g_str_equal (mode, "add-subtract"))
            adjust = ph_game_get_var_int (game, key, 0);
          count = MAX (0, count + adjust);
          for (int i = 0; i < count; i++)
            g_ptr_array_add (cards, g_strdup (card));
          for (int i = 0; i < n_officers; i++)
            g_ptr_array_add (officers, g_strdup_printf ("officer:%s", side->id));

          if (s < 2)
            /* TRANSLATORS: "3 red cards (British)" */
            label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d %s card (%s)",
                                                  "%d %s cards (%s)", count),
                                     count, s == 0 ? C_("card", "red") : C_("card", "black"),
                                     side->name);
          else
            label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d %s card", "%d %s cards",
                                                  count), count, side->name);
          g_string_append_printf (log, "%s%s", first ? "" : ", ", label);
          if (adjust != 0)
            g_string_append_printf (log, " (%+d)", adjust);
          if (n_officers > 0)
            g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE,
                                                      " and %d officer's card to draw first",
                                                      " and %d officer's cards to draw first",
                                                      n_officers), n_officers);
          first = FALSE;
        }
      shuffle_into (game, officers, deck);
      shuffle_into (game, cards, deck);
      g_string_append (log, _(", shuffled"));
      n = officers->len + cards->len;
    }
  ph_game_set_var (game, "deck", deck->len > 0 ? deck->str : NULL);
  ph_game_set_var_int (game, "deck-size", (int) n);
  ph_game_set_var (game, "card-up", NULL);
  ph_game_set_var (game, "cards-drawn", NULL);
}

/* Ends the acting figure's activation: "Unused IPs may NOT be carried over
 * from one turn to the next, unless they are being used to load a weapon"
 * (load-progress stays).  An officer keeps what he has left as spare IPs to
 * give during the turn.  The re-roll table's markers last "his next chance
 * to act": that was this activation, so they go. */
static void
end_activation (PhGame  *game,
                GString *log)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *active = ph_game_get_var (game, "active");
  PhFigure *figure;
  int ips;

  if (active == NULL)
    return;
  figure = ph_scenario_find_figure (scenario, active);
  ph_game_set_var (game, "active", NULL);
  if (figure == NULL)
    return;

  ips = ph_game_get_figure_var_int (game, figure->id, "ips", 0);
  if (ips > 0 && ph_firelock_is_officer (figure) && figure_in_play (figure))
    {
      ph_game_set_figure_var_int (game, figure->id, "spare-ips", ips);
      g_string_append_printf (log, _("%s ends his activation keeping %d IPs to give. "),
                              ph_firelock_name (figure), ips);
    }
  else if (ips > 0)
    g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE,
                                              "%s ends his activation: %d unused IP lost. ",
                                              "%s ends his activation: %d unused IPs lost. ", ips),
                            ph_firelock_name (figure), ips);
  ph_game_set_figure_var (game, figure->id, "ips", NULL);
  ph_game_set_figure_var (game, figure->id, "close-ips", NULL);
  ph_game_set_figure_var (game, figure->id, "close-to", NULL);
  ph_game_set_figure_var (game, figure->id, "acquired", NULL);
  ph_game_set_figure_var (game, figure->id, "meleed", NULL);
  ph_game_set_figure_var (game, figure->id, "horse-move", NULL);
  ph_game_set_figure_var (game, figure->id, "angry-at", NULL);
  ph_game_set_status (game, figure->id, PH_STATUS_ANGRY, FALSE);
  ph_game_set_status (game, figure->id, PH_STATUS_VEXED, FALSE);
  ph_game_set_status (game, figure->id, PH_STATUS_STARTLED, FALSE);
  ph_game_set_status (game, figure->id, PH_STATUS_COWERING, FALSE);
  ph_game_set_status (game, figure->id, PH_STATUS_PRONE, FALSE);
}

/* ------------------------------------------------------------------ */
/* Actions                                                             */

static gboolean
firelock_start (PhGame  *game,
                GError **error)
{
  g_autoptr(GString) log = g_string_new (_("Turn 1 begins: "));

  const char *mode = ph_scenario_get_option (ph_game_get_scenario (game), "sequencing");

  /* The scenario may choose one of the text's four ways of sequencing
   * (<option name="sequencing"/>; the loader checked the value). */
  ph_game_set_var_int (game, "turn", 1);
  ph_game_set_var (game, "sequencing", mode != NULL ? mode : "cards");
  build_deck (game, log);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

static gboolean
action_draw_card (PhGame     *game,
                  GHashTable *args,
                  GError    **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *deck = ph_game_get_var (game, "deck");
  g_autoptr(GString) log = g_string_new (NULL);
  g_autofree char *card = NULL;
  g_autofree char *label = NULL;
  const char *rest;
  int drawn = ph_game_get_var_int (game, "cards-drawn", 0) + 1;
  int size = ph_game_get_var_int (game, "deck-size", 0);

  if (deck == NULL || *deck == '\0')
    {
      fl_not_now (error, _("The deck is empty: end the turn"));
      return FALSE;
    }
  end_activation (game, log);

  rest = strchr (deck, ' ');
  card = rest != NULL ? g_strndup (deck, rest - deck) : g_strdup (deck);
  ph_game_set_var (game, "deck", rest != NULL ? rest + 1 : NULL);
  ph_game_set_var (game, "card-up", card);
  ph_game_set_var_int (game, "cards-drawn", drawn);
  label = card_label (game, card);

  g_string_append_printf (log, _("Turn %d, card %d of %d: %s"),
                          ph_game_get_var_int (game, "turn", 1), drawn, size, label);

  /* Who may answer it */
  if (g_str_has_prefix (card, "figure:"))
    {
      PhFigure *f = ph_scenario_find_figure (scenario, card + 7);

      ph_game_set_event_figure (game, card + 7);
      if (f == NULL || !figure_in_play (f))
        g_string_append (log, _(": out of action, no one acts"));
      else
        g_string_append_printf (log, _(": %s acts"), ph_firelock_name (f));
    }
  else
    {
      const char *side = strchr (card, ':') + 1;
      gboolean officer = g_str_has_prefix (card, "officer:");
      guint waiting = 0;

      for (guint i = 0; i < scenario->figures->len; i++)
        {
          PhFigure *f = g_ptr_array_index (scenario->figures, i);

          if (figure_in_play (f) && g_str_equal (f->side, side)
              && (!officer || ph_firelock_is_officer (f))
              && ph_game_get_figure_var (game, f->id, "activated") == NULL)
            waiting++;
        }
      if (waiting == 0)
        g_string_append_printf (log, officer ? _(": no officer of %s is left to act, the card is lost")
                                : _(": no figure of %s is left to act, the card is lost"),
                                ph_firelock_side_name (scenario, side));
      else
        g_string_append_printf (log, officer ? _(": one officer of %s acts")
                                : _(": one figure of %s acts"),
                                ph_firelock_side_name (scenario, side));
    }
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* "; 1 IP left", "; 7 IPs left" */
void
ph_firelock_append_ips_left (GString *log,
                             int      ips)
{
  g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE, "; %d IP left", "; %d IPs left", ips),
                          ips);
}

/* The figure answering the card up, or an error saying why not */
gboolean
ph_firelock_check_card (PhGame         *game,
            const PhFigure *figure,
            GError        **error)
{
  const char *card = ph_game_get_var (game, "card-up");
  const char *active = ph_game_get_var (game, "active");

  if (ph_game_get_figure_var (game, figure->id, "activated") != NULL)
    {
      fl_not_now (error, _("%s has already been activated this turn"), ph_firelock_name (figure));
      return FALSE;
    }
  if (card == NULL || active != NULL)
    {
      fl_not_now (error, _("No card is waiting for a figure: draw a card"));
      return FALSE;
    }
  if (g_str_has_prefix (card, "figure:"))
    {
      if (!g_str_equal (card + 7, figure->id))
        {
          g_autofree char *label = card_label (game, card);

          fl_not_now (error, _("The card up is %s, not %s's"), label, ph_firelock_name (figure));
          return FALSE;
        }
      return TRUE;
    }
  if (!g_str_equal (strchr (card, ':') + 1, figure->side))
    {
      g_autofree char *label = card_label (game, card);

      fl_not_now (error, _("The card up is %s: %s is on the other side"), label, ph_firelock_name (figure));
      return FALSE;
    }
  if (g_str_has_prefix (card, "officer:") && !ph_firelock_is_officer (figure))
    {
      fl_not_now (error, _("The card up is an officer's card: %s is not an officer"),
                  ph_firelock_name (figure));
      return FALSE;
    }
  return TRUE;
}

static gboolean
action_end_turn (PhGame     *game,
                 GHashTable *args,
                 GError    **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  g_autoptr(GString) log = g_string_new (NULL);
  const char *deck = ph_game_get_var (game, "deck");
  int turn = ph_game_get_var_int (game, "turn", 1);

  end_activation (game, log);
  if (deck != NULL && *deck != '\0')
    {
      g_auto(GStrv) left = g_strsplit (deck, " ", -1);
      guint n = g_strv_length (left);

      g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE, "%u card left undrawn. ",
                                                "%u cards left undrawn. ", n), n);
    }
  g_string_append_printf (log, _("Turn %d ends. "), turn);

  for (guint i = 0; i < scenario->figures->len; i++)
    {
      PhFigure *f = g_ptr_array_index (scenario->figures, i);

      /* `fired`: "fired a black powder weapon in the current turn" */
      ph_game_set_status (game, f->id, PH_STATUS_FIRED, FALSE);
      ph_game_set_status (game, f->id, PH_STATUS_MOVED, FALSE);
      for (guint k = 0; turn_vars[k] != NULL; k++)
        ph_game_set_figure_var (game, f->id, turn_vars[k], NULL);
    }
  ph_game_set_var_int (game, "turn", turn + 1);
  g_string_append_printf (log, _("Turn %d begins: "), turn + 1);
  build_deck (game, log);
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* "Card Sequencing": the four ways */
static gboolean
action_sequencing (PhGame     *game,
                   GHashTable *args,
                   GError    **error)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  const char *mode = g_hash_table_lookup (args, "mode");
  const char *side = g_hash_table_lookup (args, "side");
  const char *order = g_hash_table_lookup (args, "order");
  g_autoptr(GString) log = g_string_new (NULL);
  int adjust;

  if (mode == NULL || !g_strv_contains (sequencing_modes, mode))
    {
      fl_bad (error, _("mode: one of cards, add-subtract, assigned, officers-first"));
      return FALSE;
    }
  if (!ph_firelock_arg_int (args, "adjust", 0, &adjust, error))
    return FALSE;
  if (side != NULL && *side != '\0' && ph_scenario_find_side (scenario, side) == NULL)
    {
      fl_bad (error, _("No side \"%s\""), side);
      return FALSE;
    }
  if (adjust != 0 && (side == NULL || *side == '\0'))
    {
      fl_bad (error, _("adjust needs the side whose cards it adds or takes away"));
      return FALSE;
    }
  if (order != NULL && *order != '\0')
    {
      g_auto(GStrv) ids = g_strsplit_set (order, " ,", -1);
      g_autoptr(GString) clean = g_string_new (NULL);

      for (guint i = 0; ids[i] != NULL; i++)
        {
          if (*ids[i] == '\0')
            continue;
          if (ph_scenario_find_figure (scenario, ids[i]) == NULL)
            {
              fl_bad (error, _("order: no figure \"%s\""), ids[i]);
              return FALSE;
            }
          if (clean->len > 0)
            g_string_append_c (clean, ' ');
          g_string_append (clean, ids[i]);
        }
      ph_game_set_var (game, "card-order", clean->str);
    }

  ph_game_set_var (game, "sequencing", mode);
  g_string_append_printf (log, _("Card sequencing: %s"),
                          g_str_equal (mode, "cards") ? _("a card per figure, by side")
                          : g_str_equal (mode, "add-subtract") ? _("cards added or taken away")
                          : g_str_equal (mode, "assigned") ? _("each figure its own card, in a fixed order")
                          : _("officers first"));
  if (side != NULL && *side != '\0')
    {
      g_autofree char *key = g_strdup_printf ("deck-adjust:%s", side);

      ph_game_set_var (game, key, NULL);
      if (adjust != 0)
        ph_game_set_var_int (game, key, adjust);
      g_string_append_printf (log, g_dngettext (GETTEXT_PACKAGE, ", %s %+d card", ", %s %+d cards",
                                                abs (adjust)),
                              ph_firelock_side_name (scenario, side), adjust);
    }
  /* Before the turn's first card the deck is made again; after it, the
   * change applies from the next turn */
  if (ph_game_get_var_int (game, "cards-drawn", 0) == 0 && ph_game_get_var (game, "active") == NULL)
    {
      g_string_append (log, _(". Turn's deck made again: "));
      build_deck (game, log);
    }
  else
    g_string_append (log, _(", from the next turn"));
  ph_game_log (game, "%s", log->str);
  return TRUE;
}

/* "To randomly create a character, roll a d10. The number generated goes in
 * the first box on the Bravery line. Consult the chart" */
static gboolean
action_roll_character (PhGame     *game,
                       GHashTable *args,
                       GError    **error)
{
  PhFigure *figure = fl_arg_figure (game, args, "figure", error);
  const PhRoll *roll;
  int bravery[4];
  char value[64];

  if (figure == NULL)
    return FALSE;
  /* "Characters may be assigned as part of a scenario or created
   * randomly": before the play, not a second roll of a man's bravery once
   * the cards are turning */
  if (ph_game_get_var_int (game, "turn", 1) > 1
      || ph_game_get_var_int (game, "cards-drawn", 0) > 0)
    {
      fl_not_now (error, _("Characters are rolled up before the first card is turned: "
                           "the game is under way"));
      return FALSE;
    }
  roll = ph_game_roll (game, 1, 10, figure->id, _("random character: bravery"));
  ph_character_bravery_for_roll (roll->total, bravery);
  g_snprintf (value, sizeof value, "%d,%d,%d,%d", bravery[0], bravery[1], bravery[2],
              bravery[3]);
  ph_game_set_event_figure (game, figure->id);
  if (!ph_game_set_figure_attr (game, figure->id, "firelock.bravery", value, error))
    return FALSE;
  ph_game_log (game, _("%s is rolled up as a character: d10 %d, bravery boxes %d/%d/%d/%d"),
               ph_firelock_name (figure), roll->total, bravery[0], bravery[1], bravery[2], bravery[3]);
  return TRUE;
}


/* The actions: name, label, typed arguments (checked by ph_game_perform()
 * before the handler runs), help and handler */

static gboolean
act_mount (PhGame      *game,
           GHashTable  *args,
           GError     **error)
{
  return ph_firelock_action_mount (game, args, TRUE, error);
}

static gboolean
act_dismount (PhGame      *game,
              GHashTable  *args,
              GError     **error)
{
  return ph_firelock_action_mount (game, args, FALSE, error);
}

static const PhGameArg roll_ips_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "personal", PH_GAME_ARG_BOOL, TRUE, NULL,
    N_("the side's personal figure, who rolls a d10 for IPs"), N_("Personal (d10)") },
  { "act", PH_GAME_ARG_BOOL, TRUE, NULL,
    N_("a rider: one horse die gives him IPs to act; No: all the dice move the horse"),
    N_("Rider acts"), N_("Yes") },
  { NULL }
};
static const PhGameArg move_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "x", PH_GAME_ARG_NUMBER },
  { "y", PH_GAME_ARG_NUMBER },
  { NULL }
};
static const PhGameArg load_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "weapon", PH_GAME_ARG_WEAPON, TRUE },
  { "ips", PH_GAME_ARG_NUMBER, TRUE, NULL, NULL, N_("IPs") },
  { NULL }
};
static const char * const shoot_aim_choices[] = { "none", "aim", "careful", NULL };
static const char * const shoot_at_choices[] = { "horse", "rider", NULL };
/* the Game tab's words for them, as a player says them */
static const char * const shoot_aim_labels[] = { N_("None"), N_("Aim (2 IPs)"),
                                                 N_("Careful aim (4 IPs)"), NULL };
static const char * const shoot_at_labels[] = { N_("The horse"), N_("The rider"), NULL };
static const PhGameArg shoot_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "target", PH_GAME_ARG_TARGET },
  { "weapon", PH_GAME_ARG_WEAPON, TRUE },
  { "aim", PH_GAME_ARG_CHOICE, TRUE, shoot_aim_choices, NULL, NULL, N_("None"),
    shoot_aim_labels },
  { "spot", PH_GAME_ARG_BOOL, TRUE, .more = TRUE, .once = TRUE },
  /* "pick to hit either the horse or rider if you aimed or carefully
   * aimed. Otherwise, roll d6": the rider when aimed and left out */
  { "at", PH_GAME_ARG_CHOICE, TRUE, shoot_at_choices, NULL, NULL,
    N_("the rider if aimed, else a d6: 1-4 the horse"), shoot_at_labels, .more = TRUE },
  { NULL }
};
static const PhGameArg melee_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "target", PH_GAME_ARG_TARGET },
  { "weapon", PH_GAME_ARG_WEAPON, TRUE },
  { NULL }
};
static const PhGameArg mount_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { NULL }
};
static const PhGameArg dismount_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { NULL }
};
static const PhGameArg give_ips_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { "target", PH_GAME_ARG_TARGET },
  { "ips", PH_GAME_ARG_NUMBER, FALSE, NULL, NULL, N_("IPs") },
  { NULL }
};
static const char * const sequencing_mode_choices[] = { "cards", "add-subtract", "assigned", "officers-first", NULL };
static const PhGameArg sequencing_args[] = {
  { "mode", PH_GAME_ARG_CHOICE, FALSE, sequencing_mode_choices },
  { "side", PH_GAME_ARG_SIDE, TRUE },
  { "adjust", PH_GAME_ARG_NUMBER, TRUE },
  { "order", PH_GAME_ARG_TEXT, TRUE },
  { NULL }
};
static const PhGameArg roll_character_args[] = {
  { "figure", PH_GAME_ARG_FIGURE },
  { NULL }
};

static const PhGameActionInfo actions[] = {
  { "draw-card", N_("Draw a card"), NULL,
    N_("Draw the next card; a figure of its side (or its own figure) then "
       "rolls for IPs"),
    action_draw_card },
  { "roll-ips", N_("Roll for IPs"), roll_ips_args,
    N_("d6 + current bravery (d10 for an officer or personal figure; a "
       "horse die when mounted)"),
    ph_firelock_action_roll_ips },
  { "move", N_("Move"), move_args,
    N_("Moves the figure in a straight line to the spot dropped on the map, or "
       "typed under Exact position, paying IPs by troop type and ground"),
    ph_firelock_action_move },
  { "load", N_("Load"), load_args,
    N_("Put IPs into loading (bow 2, pistol/musket/blunderbuss 6, rifle or "
       "mounted 10)"),
    ph_firelock_action_load, .loads = TRUE },
  { "shoot", N_("Shoot"), shoot_args,
    N_("Aim (2 IPs), careful aim (4), spot (+5 to acquire: 2 or 4 IPs), "
       "then fire"),
    ph_firelock_action_shoot },
  { "melee", N_("Melee"), melee_args,
    N_("Hand to hand within 1 in: d10 each plus modifiers, the loser takes "
       "the difference in hits"),
    ph_firelock_action_melee },
  { "mount", N_("Mount"), mount_args,
    N_("Mount a horse: costs d6 IPs"),
    act_mount },
  { "dismount", N_("Dismount"), dismount_args,
    N_("Dismount: costs d6 IPs"),
    act_dismount },
  { "give-ips", N_("Give IPs"), give_ips_args,
    N_("An officer gives IPs to a figure of his side within 12 in"),
    ph_firelock_action_give_ips },
  { "sequencing", N_("Card sequencing"), sequencing_args,
    N_("Choose how the turn's cards are made up"),
    action_sequencing },
  { "roll-character", N_("Roll a character"), roll_character_args,
    N_("d10 for the first bravery box, the chart for the others"),
    action_roll_character },
  { "end-turn", N_("End the turn"), NULL,
    N_("Clear fired and moved, lose unused IPs and shuffle the next turn's "
       "deck"),
    action_end_turn },
  { NULL }
};

static char *
firelock_describe (PhGame *game)
{
  PhScenario *scenario = ph_game_get_scenario (game);
  int turn = ph_game_get_var_int (game, "turn", 1);
  const char *active = ph_game_get_var (game, "active");
  const char *card = ph_game_get_var (game, "card-up");
  const char *deck = ph_game_get_var (game, "deck");
  g_autofree char *label = card != NULL ? card_label (game, card) : NULL;
  guint left = 0;

  if (deck != NULL && *deck != '\0')
    {
      g_auto(GStrv) cards = g_strsplit (deck, " ", -1);

      left = g_strv_length (cards);
    }
  if (active != NULL)
    {
      PhFigure *f = ph_scenario_find_figure (scenario, active);

      int ips = ph_game_get_figure_var_int (game, active, "ips", 0);
      g_autofree char *head = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "Turn %d - %s: %s to act, %d IP left",
                                                            "Turn %d - %s: %s to act, %d IPs left",
                                                            ips),
                                               turn, label,
                                               f != NULL ? ph_firelock_name (f) : active, ips);

      /* and how his go ends: the referee saw nothing say that the next
       * card does, nor that the deck had run out */
      if (left > 0)
        /* TRANSLATORS: "…, 4 IPs left · Draw a card ends the go (6 left)" */
        return g_strdup_printf (_("%s · Draw a card ends the go (%u left)"), head, left);
      return g_strdup_printf (_("%s · the deck is empty: End the turn when the go is done"),
                              head);
    }
  /* Where the game stands, not the step expected: the turn bar puts that
   * first ("Next: Roll for IPs · ..."), and leaves it out when the line
   * names it already (it never came: "roll for IPs or draw the next card
   * (0 left)", with no card left to draw) */
  if (card != NULL && left > 0)
    /* TRANSLATORS: "Turn 1 - a red card (Rangers) up · or Draw a card
     * (4 left)", after "Next: Roll for IPs · " */
    return g_strdup_printf (_("Turn %d - %s up · or Draw a card (%u left)"), turn, label, left);
  if (card != NULL)
    /* the deck is out: no next card, the turn ends */
    return g_strdup_printf (_("Turn %d - %s up, the last card · then End the turn: turn %d "
                              "gets a new deck, shuffled"), turn, label, turn + 1);
  if (left > 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Turn %d - %u card left",
                                         "Turn %d - %u cards left", left), turn, left);
  /* "Next: End the turn · Turn 1 - the deck is empty: turn 2 gets a new
   * deck, shuffled" */
  return g_strdup_printf (_("Turn %d - the deck is empty: turn %d gets a new deck, shuffled"),
                          turn, turn + 1);
}

/* A card to draw, then its IPs to roll; while a figure acts, the referee
 * picks its action; an empty deck ends the turn */
static const char *
firelock_expected (PhGame *game)
{
  const char *deck = ph_game_get_var (game, "deck");

  const char *active = ph_game_get_var (game, "active");

  /* the man acting: his IPs are the player's to spend, most often on a
   * move (the bar leads "Next: Move"; a shot or a load is his to pick) */
  if (active != NULL)
    return ph_game_get_figure_var_int (game, active, "ips", 0) > 0 ? "move" : NULL;
  if (ph_game_get_var (game, "card-up") != NULL)
    return "roll-ips";
  if (deck != NULL && *deck != '\0')
    return "draw-card";
  return "end-turn";
}

const PhGameRules ph_game_rules_firelock = {
  actions,
  firelock_start,
  firelock_describe,
  firelock_expected,
  ph_firelock_plan_move,
  ph_firelock_move_cost,
  .target_odds = ph_firelock_target_odds,
  .arg_default = ph_firelock_arg_default,
  .step_words = ph_firelock_step_words,
};
