/* ph-shot-option-box.c: the controls of a ruleset's shot options
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built from the ruleset's descriptor (PhRuleset.shot_options) when the
 * ruleset changes: a check box for a flag, linked buttons or a drop-down
 * for a choice (Firelock's aim and spot, Featherstone's aimed or snap
 * fire, Guns of War's reaction fire, Fistful's card). A change the user
 * makes emits "changed"; what the program sets says nothing. The Fire
 * tab (ph-shot-panel.c) reads them into its shot options.
 */
#include "ph-shot-option-box.h"

#include <glib/gi18n.h>

struct _PhShotOptionBox
{
  GtkWidget parent_instance;

  const PhRuleset *ruleset;     /* whose options the controls are */
  GPtrArray *controls;          /* one per shot option */
  gboolean updating;            /* set by the program: nothing to say */
};

G_DEFINE_FINAL_TYPE (PhShotOptionBox, ph_shot_option_box, GTK_TYPE_WIDGET)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static int
control_value (GtkWidget          *control,
               const PhShotOption *option)
{
  int i = 0;

  switch (option->type)
    {
    case PH_SHOT_OPTION_FLAG:
      return gtk_check_button_get_active (GTK_CHECK_BUTTON (control));
    case PH_SHOT_OPTION_MENU:
      return (int) gtk_drop_down_get_selected (GTK_DROP_DOWN (control));
    case PH_SHOT_OPTION_BUTTONS:
    default:
      for (GtkWidget *b = gtk_widget_get_first_child (control); b != NULL;
           b = gtk_widget_get_next_sibling (b), i++)
        if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (b)))
          return i;
      return 0;
    }
}

static void
set_control_value (GtkWidget          *control,
                   const PhShotOption *option,
                   int                 value)
{
  int i = 0;

  switch (option->type)
    {
    case PH_SHOT_OPTION_FLAG:
      gtk_check_button_set_active (GTK_CHECK_BUTTON (control), value != 0);
      break;
    case PH_SHOT_OPTION_MENU:
      gtk_drop_down_set_selected (GTK_DROP_DOWN (control), value);
      break;
    case PH_SHOT_OPTION_BUTTONS:
    default:
      for (GtkWidget *b = gtk_widget_get_first_child (control); b != NULL;
           b = gtk_widget_get_next_sibling (b), i++)
        if (i == value)
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (b), TRUE);
      break;
    }
}

static void
on_button_toggled (PhShotOptionBox *self,
                   GtkWidget       *button)
{
  /* Radio groups toggle twice: react to the one turning on. */
  if (GTK_IS_TOGGLE_BUTTON (button) && !gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)))
    return;
  if (!self->updating)
    g_signal_emit (self, signals[CHANGED], 0);
}

static void
on_drop_down_notify_selected (PhShotOptionBox *self,
                              GParamSpec      *pspec,
                              GtkWidget       *drop_down)
{
  if (!self->updating)
    g_signal_emit (self, signals[CHANGED], 0);
}

/* "Aim  [None|Aim|Careful]" */
static GtkWidget *
option_row (const PhShotOption *option,
            GtkWidget          *control)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (_(option->label));

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_width_chars (GTK_LABEL (label), 8);
  gtk_widget_set_hexpand (control, TRUE);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), control);
  return row;
}

/* @option's control; its row (the control itself, or it with a label)
 * in @row */
static GtkWidget *
control_new (PhShotOptionBox    *self,
             const PhShotOption *option,
             GtkWidget         **row)
{
  GtkWidget *control;

  switch (option->type)
    {
    case PH_SHOT_OPTION_FLAG:
      control = gtk_check_button_new_with_label (_(option->label));
      g_signal_connect_swapped (control, "toggled", G_CALLBACK (on_button_toggled), self);
      *row = control;
      return control;
    case PH_SHOT_OPTION_MENU:
      {
        g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

        for (guint i = 0; option->choices[i] != NULL; i++)
          gtk_string_list_append (labels, _(option->choice_labels[i]));
        control = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&labels)), NULL);
        g_signal_connect_swapped (control, "notify::selected",
                                  G_CALLBACK (on_drop_down_notify_selected), self);
      }
      break;
    case PH_SHOT_OPTION_BUTTONS:
    default:
      {
        GtkToggleButton *first = NULL;

        control = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
        gtk_box_set_homogeneous (GTK_BOX (control), TRUE);
        gtk_widget_add_css_class (control, "linked");
        for (guint i = 0; option->choices[i] != NULL; i++)
          {
            GtkWidget *button = gtk_toggle_button_new_with_label (_(option->choice_labels[i]));

            if (first == NULL)
              first = GTK_TOGGLE_BUTTON (button);
            else
              gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), first);
            gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), i == 0);
            if (option->choice_help != NULL && option->choice_help[i] != NULL)
              gtk_widget_set_tooltip_text (button, _(option->choice_help[i]));
            g_signal_connect_swapped (button, "toggled", G_CALLBACK (on_button_toggled), self);
            gtk_box_append (GTK_BOX (control), button);
          }
      }
      break;
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (control),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _(option->label), -1);
  *row = option_row (option, control);
  return control;
}

gboolean
ph_shot_option_box_set_ruleset (PhShotOptionBox *self,
                                const PhRuleset *ruleset)
{
  GtkWidget *child;

  g_return_val_if_fail (PH_IS_SHOT_OPTION_BOX (self), FALSE);

  if (ruleset == self->ruleset)
    return FALSE;
  self->updating = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  g_ptr_array_set_size (self->controls, 0);
  self->ruleset = ruleset;
  for (guint i = 0; ruleset != NULL && i < ruleset->n_shot_options; i++)
    {
      GtkWidget *row;

      g_ptr_array_add (self->controls, control_new (self, &ruleset->shot_options[i], &row));
      gtk_widget_insert_before (row, GTK_WIDGET (self), NULL);
    }
  self->updating = FALSE;
  return TRUE;
}

const PhRuleset *
ph_shot_option_box_get_ruleset (PhShotOptionBox *self)
{
  g_return_val_if_fail (PH_IS_SHOT_OPTION_BOX (self), NULL);
  return self->ruleset;
}

void
ph_shot_option_box_read (PhShotOptionBox *self,
                         PhShotOptions   *options)
{
  g_return_if_fail (PH_IS_SHOT_OPTION_BOX (self));
  g_return_if_fail (options != NULL);

  for (guint i = 0; self->ruleset != NULL && i < self->ruleset->n_shot_options; i++)
    options->values[i] = control_value (g_ptr_array_index (self->controls, i),
                                        &self->ruleset->shot_options[i]);
}

void
ph_shot_option_box_show (PhShotOptionBox     *self,
                         const PhShotOptions *options)
{
  g_return_if_fail (PH_IS_SHOT_OPTION_BOX (self));
  g_return_if_fail (options != NULL);

  self->updating = TRUE;
  for (guint i = 0; self->ruleset != NULL && i < self->ruleset->n_shot_options
       && i < self->controls->len; i++)
    set_control_value (g_ptr_array_index (self->controls, i),
                       &self->ruleset->shot_options[i], options->values[i]);
  self->updating = FALSE;
}

static void
ph_shot_option_box_dispose (GObject *object)
{
  PhShotOptionBox *self = PH_SHOT_OPTION_BOX (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  self->ruleset = NULL;
  g_clear_pointer (&self->controls, g_ptr_array_unref);

  G_OBJECT_CLASS (ph_shot_option_box_parent_class)->dispose (object);
}

static void
ph_shot_option_box_class_init (PhShotOptionBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ph_shot_option_box_dispose;

  /* The user changed a control */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
ph_shot_option_box_init (PhShotOptionBox *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);
  self->controls = g_ptr_array_new ();
}

GtkWidget *
ph_shot_option_box_new (void)
{
  return g_object_new (PH_TYPE_SHOT_OPTION_BOX, NULL);
}
