/* ph-dice-tray.c: free rolls of the referee's dice, recorded in the game
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The d6, d10, d20 and d100 buttons and an "NdX+M" entry. Every roll is a
 * game step (ph_document_game_roll()): it goes into the log with what it
 * was for, marks the document changed, and Ctrl+Z takes it back (the
 * generator too: the same roll comes up again).
 */
#include "ph-dice-tray.h"

#include <glib/gi18n.h>

#include "ph-game-panel.h"

struct _PhDiceTray
{
  GtkBox parent_instance;

  GtkWidget *d6_button;
  GtkWidget *d10_button;
  GtkWidget *d20_button;
  GtkWidget *d100_button;
  GtkEntry *expression_entry;
  GtkEntry *purpose_entry;
  GtkWidget *roll_button;
  GtkLabel *result_label;
  GtkLabel *error_label;

  PhDocument *document;
  guint result_position;   /* the game position right after our last roll */
  gconstpointer scenario;  /* the scenario last shown (compared, never used) */
};

G_DEFINE_FINAL_TYPE (PhDiceTray, ph_dice_tray, GTK_TYPE_BOX)

static void
show_error (PhDiceTray *self,
            const char *message)
{
  gtk_label_set_label (self->error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

void
ph_dice_tray_refresh (PhDiceTray *self)
{
  PhGame *game;
  const PhEvent *event;

  g_return_if_fail (PH_IS_DICE_TRAY (self));

  /* what a roll was for belongs to its scenario */
  if (self->document == NULL || ph_document_get_scenario (self->document) != self->scenario)
    {
      gtk_editable_set_text (GTK_EDITABLE (self->purpose_entry), "");
      self->scenario = self->document ? ph_document_get_scenario (self->document) : NULL;
      self->result_position = 0;
    }
  game = self->document ? ph_document_get_game (self->document) : NULL;
  if (game == NULL || self->result_position == 0
      || ph_game_get_position (game) != self->result_position
      || ph_document_get_replaying (self->document))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->result_label), FALSE);
      return;
    }
  /* The event's own line has the modifier in the total */
  event = ph_game_get_event (game, self->result_position - 1);
  if (event->text && *event->text)
    gtk_label_set_label (self->result_label, event->text);
  else
    {
      g_autofree char *dice = ph_game_panel_format_rolls (event, FALSE);
      gtk_label_set_label (self->result_label, dice);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->result_label), TRUE);
}

gboolean
ph_dice_tray_roll (PhDiceTray  *self,
                   const char  *expression,
                   GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *clean = NULL;
  const char *purpose;

  g_return_val_if_fail (PH_IS_DICE_TRAY (self), FALSE);
  g_return_val_if_fail (expression != NULL, FALSE);

  if (self->document == NULL)
    return FALSE;

  clean = g_strstrip (g_ascii_strdown (expression, -1));
  purpose = gtk_editable_get_text (GTK_EDITABLE (self->purpose_entry));
  if (*clean == '\0')
    {
      g_set_error_literal (&local_error, PH_GAME_ERROR, PH_GAME_ERROR_BAD_ACTION,
                           _("Type a roll such as 2d6 or d10+1"));
    }
  else if (ph_document_game_roll (self->document, clean,
                                  purpose && *purpose ? purpose : NULL, &local_error))
    {
      PhGame *game = ph_document_get_game (self->document);

      self->result_position = ph_game_get_position (game);
      /* "What for" was this roll's, not the next one's */
      gtk_editable_set_text (GTK_EDITABLE (self->purpose_entry), "");
      show_error (self, NULL);
      ph_dice_tray_refresh (self);
      return TRUE;
    }

  show_error (self, local_error->message);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

static void
on_die_clicked (PhDiceTray *self,
                GtkButton  *button)
{
  ph_dice_tray_roll (self, gtk_button_get_label (button), NULL);
}

static void
on_roll_clicked (PhDiceTray *self)
{
  ph_dice_tray_roll (self, gtk_editable_get_text (GTK_EDITABLE (self->expression_entry)), NULL);
}

static void
ph_dice_tray_dispose (GObject *object)
{
  PhDiceTray *self = PH_DICE_TRAY (object);

  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), PH_TYPE_DICE_TRAY);
  G_OBJECT_CLASS (ph_dice_tray_parent_class)->dispose (object);
}

static void
ph_dice_tray_class_init (PhDiceTrayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ph_dice_tray_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/powderhorn/Powderhorn/ph-dice-tray.ui");
  gtk_widget_class_bind_template_child (widget_class, PhDiceTray, d6_button);
  gtk_widget_class_bind_template_child (widget_class, PhDiceTray, d10_button);
  gtk_widget_class_bind_template_child (widget_class, PhDiceTray, d20_button);
  gtk_widget_class_bind_template_child (widget_class, PhDiceTray, d100_button);
  gtk_widget_class_bind_template_child (widget_class, PhDiceTray, expression_entry);
  gtk_widget_class_bind_template_child (widget_class, PhDiceTray, purpose_entry);
  gtk_widget_class_bind_template_child (widget_class, PhDiceTray, roll_button);
  gtk_widget_class_bind_template_child (widget_class, PhDiceTray, result_label);
  gtk_widget_class_bind_template_child (widget_class, PhDiceTray, error_label);
  gtk_widget_class_bind_template_callback (widget_class, on_die_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_roll_clicked);
}

static void
ph_dice_tray_init (PhDiceTray *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
ph_dice_tray_new (void)
{
  return g_object_new (PH_TYPE_DICE_TRAY, NULL);
}

void
ph_dice_tray_set_document (PhDiceTray *self,
                           PhDocument *document)
{
  g_return_if_fail (PH_IS_DICE_TRAY (self));
  g_return_if_fail (document == NULL || PH_IS_DOCUMENT (document));

  g_set_object (&self->document, document);
  self->result_position = 0;
  show_error (self, NULL);
  ph_dice_tray_refresh (self);
}

static void
on_entry_map_grab (GtkWidget *entry,
                   gpointer   data)
{
  g_signal_handlers_disconnect_by_func (entry, on_entry_map_grab, data);
  gtk_widget_grab_focus (entry);
}

void
ph_dice_tray_focus (PhDiceTray *self)
{
  g_return_if_fail (PH_IS_DICE_TRAY (self));
  /* just unfolded, or its tab just shown: once it is on screen */
  g_signal_handlers_disconnect_by_func (self->expression_entry, on_entry_map_grab, NULL);
  if (!gtk_widget_get_mapped (GTK_WIDGET (self->expression_entry))
      && !gtk_widget_grab_focus (GTK_WIDGET (self->expression_entry)))
    {
      g_signal_connect (self->expression_entry, "map", G_CALLBACK (on_entry_map_grab), NULL);
      return;
    }
  gtk_widget_grab_focus (GTK_WIDGET (self->expression_entry));
}
