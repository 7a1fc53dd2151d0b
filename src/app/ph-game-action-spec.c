/* ph-game-action-spec.c: a game action's arguments, from its spec
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "ph-game-action-spec.h"

#include <string.h>

static void
arg_free (PhGameArg *arg)
{
  g_free (arg->name);
  g_strfreev (arg->choices);
  g_free (arg);
}

/* A bare "figure" or "target" is filled from the map; another bare name
 * is a figure when required ("shooter") and a check button when optional
 * ("[aim]"); one named "side" is a drop-down of the scenario's sides. */
GPtrArray *
ph_game_action_spec_parse (const char *spec)
{
  GPtrArray *args = g_ptr_array_new_with_free_func ((GDestroyNotify) arg_free);
  g_auto(GStrv) tokens = g_strsplit_set (spec ? spec : "", " \t", -1);

  for (char **t = tokens; *t; t++)
    {
      g_autofree char *token = g_strdup (*t);
      char *name = token, *type, *end;
      PhGameArg *arg;

      if (*name == '\0')
        continue;
      arg = g_new0 (PhGameArg, 1);
      if (*name == '[')
        {
          arg->optional = TRUE;
          name++;
          if ((end = strrchr (name, ']')))
            *end = '\0';
        }
      type = strchr (name, '=');
      if (type)
        *type++ = '\0';
      arg->name = g_strdup (name);

      if (g_str_equal (name, "side") && (type == NULL || g_str_equal (type, "text")))
        arg->kind = PH_GAME_ARG_SIDE;
      else if (type == NULL)
        {
          if (g_str_equal (name, "target"))
            arg->kind = PH_GAME_ARG_TARGET;
          else if (g_str_equal (name, "figure") || !arg->optional)
            arg->kind = PH_GAME_ARG_FIGURE;
          else
            arg->kind = PH_GAME_ARG_BOOL;
        }
      else if (g_str_equal (type, "number") || g_str_equal (type, "int"))
        arg->kind = PH_GAME_ARG_NUMBER;
      else if (g_str_equal (type, "bool"))
        arg->kind = PH_GAME_ARG_BOOL;
      else if (g_str_equal (type, "text") || *type == '\0')
        arg->kind = PH_GAME_ARG_TEXT;
      else if (g_str_equal (type, "figure"))
        arg->kind = PH_GAME_ARG_FIGURE;
      else if (g_str_equal (type, "target"))
        arg->kind = PH_GAME_ARG_TARGET;
      else
        {
          arg->kind = PH_GAME_ARG_CHOICE;
          arg->choices = g_strsplit (type, "|", -1);
        }
      g_ptr_array_add (args, arg);
    }
  return args;
}

char *
ph_game_arg_label (const char *name)
{
  char *label = g_strdup (name);

  g_strdelimit (label, "-_", ' ');
  if (*label)
    label[0] = g_ascii_toupper (label[0]);
  return label;
}

gboolean
ph_game_arg_is_coordinate (const PhGameArg *arg)
{
  return g_str_equal (arg->name, "x") || g_str_equal (arg->name, "y");
}
