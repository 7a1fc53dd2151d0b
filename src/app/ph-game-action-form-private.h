/* ph-game-action-form-private.h: what the form's two files share
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "ph-game-action-form.h"

G_BEGIN_DECLS

/* An argument's widgets */
typedef struct
{
  const PhGameArg *spec;
  GtkWidget *widget;    /* the value: drop-down, spin, check button or entry */
  GtkWidget *set_check; /* an optional number: "set", else it is left out */
  GtkStack *stack;      /* figure, target: "map" (its name) or "choose" */
  GtkLabel *name_label; /* figure, target: the map's figure */
  char *figures;        /* figures: ids set by ph_game_action_form_set_argument(),
                         * else NULL: the map's group */
  GArray *shown;        /* a choice: the indices in spec->choices of those
                         * listed, in order (of guint), or NULL: all
                         * (ph_game_action_form_show_rules_choices()) */
  GtkWidget *row_label; /* its name in the form's first column, or NULL */
  GPtrArray *ids;       /* figure, target: the drop-down's items after the
                         * first (a figure's: those who can act first,
                         * ph_game_action_form_list_first()) */
} Arg;

struct _PhGameActionForm
{
  GObject parent_instance;

  const PhGameActionInfo *info;
  PhScenario *scenario;
  GPtrArray *figure_ids;  /* of char*: the figure drop-downs' items after the first */
  GPtrArray *args;        /* of Arg*, in the same order */
  GtkWidget *grid;        /* the form */
  GtkWidget *position_expander; /* the move's "Exact position" (x, y), or NULL */
  char *figure_id;        /* the map's figure and target */
  char *target_id;
  char *coordinates_of;   /* the figure whose place x and y were set to */
  PhPoint coordinates_at; /* and where it stood then */
  gboolean quiet;         /* showing the rules' numbers: no "edited" */
  char *group;            /* the other figures selected on the map, ids
                           * separated by commas, or NULL */
  GtkLabel *more_label;   /* "More options (…)": the folded ones, or NULL */
};

/* An optional bool's drop-down items */
enum
{
  BOOL_DEFAULT,
  BOOL_YES,
  BOOL_NO
};

/* ph-game-action-form-args.c: the argument widgets and what they show */
char             *ph_game_action_form_arg_label         (const PhGameArg *spec);
gboolean          ph_game_action_form_arg_is_coordinate (const PhGameArg *arg);
const char       *ph_game_action_form_map_figure_id     (PhGameActionForm *self, const Arg *arg);
guint             ph_game_action_form_listed_index      (const Arg *arg);
gboolean          ph_game_action_form_select_listed     (const Arg *arg, int index, const char *value);
PhFigure         *ph_game_action_form_acting_figure     (PhGameActionForm *self);
void              ph_game_action_form_update_weapon_lists  (PhGameActionForm *self);
void              ph_game_action_form_update_coordinates   (PhGameActionForm *self);
const char       *ph_game_action_form_figures_ids       (PhGameActionForm *self, const Arg *arg);
void              ph_game_action_form_update_figures_label (PhGameActionForm *self, Arg *arg);
/* An optional flag's or choice's first item, in the argument's own
 * words: "Default (No)", "Default (open)" */
char             *ph_game_action_form_default_item      (const PhGameArg *spec);
GtkWidget        *ph_game_action_form_argument_widget   (PhGameActionForm *self, Arg *arg);
/* A choice's words in the drop-down: its label, else the value ("lie
 * down" for "lie-down") */
char             *ph_game_action_form_choice_text       (const PhGameArg *spec, guint index);
GListModel       *ph_game_action_form_figure_names      (PhGameActionForm *self, PhGameArgKind kind,
                                                         gboolean optional, GPtrArray *ids);
/* ph-game-action-form.c: the argument's value, NULL when it is left out */
char             *ph_game_action_form_argument_value    (PhGameActionForm *self, const Arg *arg);

G_END_DECLS
