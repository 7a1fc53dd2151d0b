/* ph-game-fistful-private.h: what the Fistful of Lead game's files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph-game-fistful.c holds the deck and the turn (dealing, entering a hand,
 * the end of the turn), the actions table, perform and describe;
 * ph-game-fistful-cards.c the cards, their order and calling;
 * ph-game-fistful-act.c activating a model and its actions (moving,
 * recovering, the referee's rulings); ph-game-fistful-fight.c shooting,
 * reloading and close combat; ph-game-fistful-util.c the helpers below.
 * docs/game-fistful.md lists every action and variable.
 */
#pragma once

#include "ph-core.h"
#include "ph-game-args.h"

G_BEGIN_DECLS

/* Arguments: the figure, flags and numbers as every game reads them
 * (ph-game-args.h), in Fistful of Lead's words; a flag is FALSE when
 * absent */
extern const PhGameArgStyle ff_arg_style;
#define ff_lookup_figure(game, args, arg, error) \
  ph_game_arg_figure ((game), (args), (arg), &ff_arg_style, (error))
#define ff_arg_bool(args, name, out, error) \
  ph_game_arg_bool ((args), (name), FALSE, (out), &ff_arg_style, (error))
#define ff_arg_number(args, name, present, out, error) \
  ph_game_arg_number ((args), (name), (present), (out), &ff_arg_style, (error))

/* "Recovering from a Shaken or Wounded result": the excerpt gives no
 * number; this is our default d10 score (see docs/game-fistful.md). */
#define FISTFUL_DEFAULT_RECOVER_TARGET 6
#define ACTIONS_PER_ACTIVATION 2
#define RANK_ACE 14
#define RANK_KING 13
#define RANK_DEUCE 2

/* The "call" after Deuces where aces still held are played as deuces */
#define CALL_LAST "aces"

/* ---------------------------------------------------------------------------
 * Cards
 */

typedef struct
{
  int rank;          /* 2..14 (14: ace) of the card itself */
  int suit;          /* 0..3 of the card itself */
  gboolean declared; /* an ace declared as another card */
  int as_rank;       /* what it plays as: the card itself unless declared */
  int as_suit;
} Card;

/* ph-game-fistful-cards.c */
extern const char ff_suit_letters[];
extern const char * const ff_rank_calls[];
gboolean ff_parse_card (const char *s, Card *card);
char *ff_card_name (const char *s);
int ph_fistful_card_compare (const char *a, const char *b);
GPtrArray *ff_split_list (const char *list);
char *ph_fistful_sort_card_list (const char *list);
void ff_set_list (PhGame *game, const char *name, GPtrArray *cards);
char *ff_hand_name (const char *side);
GPtrArray *ff_get_hand (PhGame *game, const char *side);
void ff_set_hand (PhGame *game, const char *side, GPtrArray *cards);
const char *ff_entry_side (const char *entry);
char *ff_entry_card (const char *entry);
int ff_current_call (PhGame *game);
guint ff_cards_pending (PhGame *game, GString *out);
void ff_return_table (PhGame *game, GPtrArray *table);
gboolean ff_action_call (PhGame *game, GError **error);
gboolean ff_action_declare_ace (PhGame *game, GHashTable *args, GError **error);

/* ph-game-fistful-act.c */
char *ff_end_activation (PhGame *game);
gboolean ff_action_activate (PhGame *game, GHashTable *args, GError **error);
PhFigure *ff_acting_figure (PhGame *game, GHashTable *args, gboolean fall_back,
                            GError **error);
void ff_spend_action (PhGame *game, const PhFigure *f, GString *log);
gboolean ff_action_move (PhGame *game, GHashTable *args, gboolean fall_back,
                         GError **error);
gboolean ff_action_other (PhGame *game, GHashTable *args, GError **error);
gboolean ff_action_recover (PhGame *game, GHashTable *args, GError **error);
gboolean ff_action_end_activation (PhGame *game, GError **error);
gboolean ff_action_referee (PhGame *game, GHashTable *args, GError **error);

/* ph-game-fistful-fight.c */
gboolean ff_is_one_eyed_jack (const Card *c);
gboolean ff_is_two_eyed_jack (const Card *c);
gboolean ff_check_reroll (PhGame *game, PhFigure *f, GHashTable *args,
                          const char *arg, gboolean *reroll, GError **error);
gboolean ff_action_shoot (PhGame *game, GHashTable *args, GError **error);
gboolean ff_action_reload (PhGame *game, GHashTable *args, GError **error);
gboolean ff_action_close_combat (PhGame *game, GHashTable *args,
                                 GError **error);

/* ph-game-fistful-util.c */
guint ff_side_activatable (PhGame *game, const char *side);
int ff_next_table_index (PhGame *game, GPtrArray *table);
const char *ff_figure_name (PhGame *game, const char *id);
const char *ff_side_name (PhGame *game, const char *id);
gboolean ff_arg_int (GHashTable *args, const char *name, int min, int max,
                     gboolean *present, int *out, GError **error);
int ff_wounds (PhFigure *f);
gboolean ff_shaken (PhFigure *f);
gboolean ff_needs_reload (PhFigure *f);
gboolean ff_set_wounds (PhGame *game, PhFigure *f, int wounds, GError **error);
gboolean ff_reload_figure (PhGame *game, PhFigure *f, GError **error);
/* Reloads the first unloaded missile weapon, saying which in @log; the
 * RELOAD marker goes when no other weapon is left unloaded. Returns how
 * many are still unloaded, -1 on error. */
int      ff_reload_one_weapon (PhGame *game, PhFigure *f, GString *log, GError **error);

G_END_DECLS
