/* ph-game-fistful-private.h: what the Fistful of Lead game's files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph-game-fistful.c holds the deck and the turn (dealing, entering a hand,
 * the end of the turn), the actions table, perform and describe;
 * ph-game-fistful-cards.c the cards, their order and calling;
 * ph-game-fistful-aces.c what an ace may be declared as, for the Game tab;
 * ph-game-fistful-act.c activating a model and its actions (moving,
 * recovering, the referee's rulings); ph-game-fistful-fight.c shooting,
 * reloading and close combat; ph-game-fistful-util.c the helpers below.
 * src/rulesets/fistful/game.md lists every action and variable.
 */
#pragma once

#include "ph-core.h"
#include "ph-game-args.h"

G_BEGIN_DECLS

/* Arguments: the figure, flags and numbers as every game reads them
 * (ph-game-args.h), in Fistful of Lead's words; a flag is FALSE when
 * absent */
#define ff_lookup_figure(game, args, arg, error) \
  ph_game_arg_figure ((game), (args), (arg), (error))
#define ff_arg_bool(args, name, out, error) \
  ph_game_arg_bool ((args), (name), FALSE, (out), (error))
#define ff_arg_number(args, name, present, out, error) \
  ph_game_arg_number ((args), (name), (present), (out), (error))

/* "Recovering from a Shaken or Wounded result": the excerpt gives no
 * number; this is our default d10 score (see src/rulesets/fistful/game.md). */
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
extern const char ph_fistful_suit_letters[];
extern const char * const ph_fistful_rank_calls[];
gboolean ph_fistful_parse_card (const char *s, Card *card);
char *ph_fistful_card_name (const char *s);
/* "K♠", "A♣ as 2♣": for the turn bar; ph_fistful_cards_short() a list */
char *ph_fistful_card_short (const char *s);
char *ph_fistful_cards_short (const char *list);
int ph_fistful_card_compare (const char *a, const char *b);
GPtrArray *ph_fistful_split_list (const char *list);
char *ph_fistful_sort_card_list (const char *list);
void ph_fistful_set_list (PhGame *game, const char *name, GPtrArray *cards);
char *ph_fistful_hand_name (const char *side);
GPtrArray *ph_fistful_get_hand (PhGame *game, const char *side);
void ph_fistful_set_hand (PhGame *game, const char *side, GPtrArray *cards);
const char *ph_fistful_entry_side (const char *entry);
char *ph_fistful_entry_card (const char *entry);
int ph_fistful_current_call (PhGame *game);
guint ph_fistful_cards_pending (PhGame *game, GString *out);
void ph_fistful_return_table (PhGame *game, GPtrArray *table);
gboolean ph_fistful_action_call (PhGame *game, GError **error);
gboolean ph_fistful_action_declare_ace (PhGame *game, GHashTable *args, GError **error);

/* ph-game-fistful-aces.c: declare-ace's "as" and "ace" choices (the
 * command line's codes) and their words for the Game tab;
 * PhGameRules.choice_allowed: the aces the side holds, the cards of the
 * rank called */
extern const char * const ph_fistful_as_choices[];
extern const char * const ph_fistful_as_labels[];
extern const char * const ph_fistful_ace_choices[];
extern const char * const ph_fistful_ace_labels[];
gboolean ph_fistful_choice_allowed (PhGame *game, const char *action, const char *arg,
                                    const char *choice, GHashTable *args);
char *ph_fistful_other_way (PhGame *game);

/* ph-game-fistful-act.c */
char *ph_fistful_end_activation (PhGame *game);
gboolean ph_fistful_action_activate (PhGame *game, GHashTable *args, GError **error);
PhFigure *ph_fistful_acting_figure (PhGame *game, GHashTable *args, gboolean fall_back,
                            GError **error);
void ph_fistful_spend_action (PhGame *game, const PhFigure *f, GString *log);
gboolean ph_fistful_plan_move (PhGame *game, const PhFigure *f, PhMovePlan *plan,
                               GError **error);
gboolean ph_fistful_action_move (PhGame *game, GHashTable *args, gboolean fall_back,
                         GError **error);
gboolean ph_fistful_action_other (PhGame *game, GHashTable *args, GError **error);
gboolean ph_fistful_action_recover (PhGame *game, GHashTable *args, GError **error);
gboolean ph_fistful_action_end_activation (PhGame *game, GError **error);
gboolean ph_fistful_action_referee (PhGame *game, GHashTable *args, GError **error);
/* The d10 score a recovery needs when the action gives none: the
 * scenario's recover-target, else our default 6 */
int ph_fistful_recover_target (PhGame *game);
char *ph_fistful_arg_default (PhGame *game, const char *action, const char *arg,
                              GHashTable *args);

/* ph-game-fistful-fight.c */
gboolean ph_fistful_is_one_eyed_jack (const Card *c);
gboolean ph_fistful_is_two_eyed_jack (const Card *c);
gboolean ph_fistful_check_reroll (PhGame *game, PhFigure *f, GHashTable *args,
                          const char *arg, gboolean *reroll, GError **error);
void     ph_fistful_shot_options (PhGame *game, const PhFigure *figure, const PhFigure *target,
                                  PhShotOptions *options);
gboolean ph_fistful_action_shoot (PhGame *game, GHashTable *args, GError **error);
gboolean ph_fistful_action_reload (PhGame *game, GHashTable *args, GError **error);
char *ph_fistful_target_odds (PhGame *game, const char *action, const PhFigure *figure,
                              const PhFigure *target, GHashTable *args);
gboolean ph_fistful_action_close_combat (PhGame *game, GHashTable *args,
                                 GError **error);

/* ph-game-fistful-util.c */
guint ph_fistful_side_activatable (PhGame *game, const char *side);
int ph_fistful_next_table_index (PhGame *game, GPtrArray *table);
const char *ph_fistful_figure_name (PhGame *game, const char *id);
const char *ph_fistful_side_name (PhGame *game, const char *id);
gboolean ph_fistful_arg_int (GHashTable *args, const char *name, int min, int max,
                     gboolean *present, int *out, GError **error);
int ph_fistful_wounds (PhFigure *f);
gboolean ph_fistful_shaken (PhFigure *f);
gboolean ph_fistful_needs_reload (PhFigure *f);
gboolean ph_fistful_set_wounds (PhGame *game, PhFigure *f, int wounds, GError **error);
gboolean ph_fistful_reload_figure (PhGame *game, PhFigure *f, GError **error);
/* Reloads the first unloaded missile weapon, saying which in @log; the
 * RELOAD marker goes when no other weapon is left unloaded. Returns how
 * many are still unloaded, -1 on error. */
int      ph_fistful_reload_one_weapon (PhGame *game, PhFigure *f, GString *log, GError **error);

G_END_DECLS
