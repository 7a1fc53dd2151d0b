/* ph-game-log.c: the Game tab's log: every step, undo and replay
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A row per event of the game, newest at the bottom, with its dice. From
 * it the referee undoes the last step or replays the game to an earlier
 * one ("Replay to Here", or activating a row) and comes back ("Back to
 * Now"). Everything goes through the document, so each step is one
 * undoable, saved change.
 */
#include "ph-game-log.h"

#include <glib/gi18n.h>

#include "ph-game-panel.h"

enum
{
  REPLAY_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

struct _PhGameLog
{
  GtkBox parent_instance;

  GtkWidget *undo_button;
  GtkListBox *log_list;
  GtkWidget *log_scroller;
  GtkLabel *replay_label;
  GtkWidget *replay_button;
  GtkWidget *now_button;

  PhDocument *document;
  guint n_rows;
  gboolean rebuilding;
  gboolean at_end;
  /* the adjustment changed: follow the end after the frame's layout */
  gboolean follow_pending;
  GdkFrameClock *frame_clock;
  gulong layout_handler;
};

G_DEFINE_FINAL_TYPE (PhGameLog, ph_game_log, GTK_TYPE_BOX)

static GtkWidget *
row_label_new (const char *text,
               const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static GtkWidget *
row_new (const PhEvent *event,
         guint          index)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *dice = ph_game_panel_format_rolls (event, FALSE);
  g_autofree char *text = NULL;

  text = g_strdup_printf ("%u. %s", index + 1,
                          event->text && *event->text ? event->text : event->kind);
  gtk_box_append (GTK_BOX (box), row_label_new (text, NULL));
  if (dice && *dice)
    {
      GtkWidget *label = row_label_new (dice, "caption");

      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "numeric");
      gtk_box_append (GTK_BOX (box), label);
    }
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

/* The log follows its newest line, as a terminal does, until the referee
 * scrolls up to read. The rows' heights are known only once allocated,
 * hence the adjustment's "changed"; but the viewport configures the
 * adjustment (and so emits "changed") only at the end of its allocation,
 * with the list already placed at the old value, and a scroll asked for
 * then is lost with that allocation: the newest rows stayed below the
 * bottom while the adjustment said it was at the end. So "changed" only
 * notes it, and the log scrolls once the frame's layout is done; that
 * asks for a layout again, which GDK does before it paints the frame. */
static void
on_adjustment_changed (GtkAdjustment *adj,
                       PhGameLog     *self)
{
  if (self->at_end)
    self->follow_pending = TRUE;
}

static void
on_frame_clock_layout (GdkFrameClock *clock,
                       PhGameLog     *self)
{
  GtkAdjustment *adj;
  double end;

  if (!self->follow_pending)
    return;
  self->follow_pending = FALSE;
  if (!self->at_end)
    return;
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->log_scroller));
  end = gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj);
  if (gtk_adjustment_get_value (adj) != end)
    gtk_adjustment_set_value (adj, end);
}

static void
on_adjustment_value_changed (GtkAdjustment *adj,
                             PhGameLog     *self)
{
  self->at_end = gtk_adjustment_get_value (adj)
                 >= gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) - 1;
}

static void
rebuild_rows (PhGameLog *self,
              PhGame    *game)
{
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (self->log_list);
  int keep = selected ? gtk_list_box_row_get_index (selected) : -1;
  guint n = game ? ph_game_get_n_events (game) : 0;
  guint now = ph_document_game_get_now (self->document);
  guint position = game ? ph_game_get_position (game) : 0;
  gboolean replaying = ph_document_get_replaying (self->document);
  GtkWidget *child;

  self->rebuilding = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->log_list))))
    {
      if (GTK_IS_LIST_BOX_ROW (child))
        gtk_list_box_remove (self->log_list, child);
      else
        break;
    }
  self->n_rows = 0;
  /* The undone steps (kept for redo) are not part of the story. */
  for (guint i = 0; i < n && i < now; i++)
    {
      GtkWidget *row = row_new (ph_game_get_event (game, i), i);

      if (replaying && i >= position)
        gtk_widget_add_css_class (row, "log-future");
      if (replaying && i + 1 == position)
        gtk_widget_add_css_class (row, "log-here");
      gtk_list_box_append (self->log_list, row);
      self->n_rows++;
    }
  /* the row picked stays picked while the table shows it; a step taken
   * or undone leaves none */
  if (replaying && keep >= 0 && (guint) keep < self->n_rows)
    gtk_list_box_select_row (self->log_list, gtk_list_box_get_row_at_index (self->log_list, keep));
  self->rebuilding = FALSE;

  /* Replaying, the log stays where the referee picked the step */
  self->at_end = !replaying;
  self->follow_pending = !replaying;
}

static void
update_buttons (PhGameLog *self)
{
  PhGame *game = self->document ? ph_document_get_game (self->document) : NULL;
  gboolean replaying = self->document && ph_document_get_replaying (self->document);
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (self->log_list);

  gtk_widget_set_sensitive (self->undo_button,
                            game && ph_document_get_can_undo_game_step (self->document));
  gtk_widget_set_sensitive (self->replay_button, game && selected != NULL);
  gtk_widget_set_sensitive (self->now_button, replaying);
  gtk_widget_set_visible (GTK_WIDGET (self->replay_label), replaying);
  if (replaying)
    {
      g_autofree char *text =
        g_strdup_printf (_("Replaying: the table after step %u of %u. Anything done on the map first returns to now."),
                         ph_game_get_position (game), ph_document_game_get_now (self->document));
      gtk_label_set_label (self->replay_label, text);
    }
}

void
ph_game_log_refresh (PhGameLog *self)
{
  g_return_if_fail (PH_IS_GAME_LOG (self));

  if (self->document == NULL)
    return;
  rebuild_rows (self, ph_document_get_game (self->document));
  update_buttons (self);
}

/* Callbacks */

static void
on_undo_clicked (PhGameLog *self)
{
  if (ph_document_get_can_undo_game_step (self->document))
    ph_document_undo (self->document);
}

static void
on_log_row_selected (PhGameLog     *self,
                     GtkListBoxRow *row,
                     GtkListBox    *list)
{
  /* Not while rebuilding, nor while disposing (the list unselects) */
  if (!self->rebuilding && self->document != NULL)
    update_buttons (self);
}

static void
replay_to (PhGameLog *self,
           guint      index)
{
  g_autoptr(GError) error = NULL;

  if (!ph_document_game_seek (self->document, index + 1, &error))
    g_signal_emit (self, signals[REPLAY_FAILED], 0, error->message);
}

static void
on_log_row_activated (PhGameLog     *self,
                      GtkListBoxRow *row,
                      GtkListBox    *list)
{
  replay_to (self, gtk_list_box_row_get_index (row));
}

static void
on_replay_clicked (PhGameLog *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->log_list);

  if (row)
    replay_to (self, gtk_list_box_row_get_index (row));
}

static void
on_now_clicked (PhGameLog *self)
{
  ph_document_game_back_to_now (self->document);
  /* back at the newest step: no row stays picked for a replay */
  gtk_list_box_unselect_all (self->log_list);
  update_buttons (self);
}

/* Life */

static void
ph_game_log_realize (GtkWidget *widget)
{
  PhGameLog *self = PH_GAME_LOG (widget);

  GTK_WIDGET_CLASS (ph_game_log_parent_class)->realize (widget);
  /* After the surface's own handler, which lays the window out */
  self->frame_clock = g_object_ref (gtk_widget_get_frame_clock (widget));
  self->layout_handler = g_signal_connect_after (self->frame_clock, "layout",
                                                 G_CALLBACK (on_frame_clock_layout), self);
}

static void
ph_game_log_unrealize (GtkWidget *widget)
{
  PhGameLog *self = PH_GAME_LOG (widget);

  g_clear_signal_handler (&self->layout_handler, self->frame_clock);
  g_clear_object (&self->frame_clock);
  GTK_WIDGET_CLASS (ph_game_log_parent_class)->unrealize (widget);
}

static void
ph_game_log_dispose (GObject *object)
{
  PhGameLog *self = PH_GAME_LOG (object);

  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), PH_TYPE_GAME_LOG);
  G_OBJECT_CLASS (ph_game_log_parent_class)->dispose (object);
}

static void
ph_game_log_class_init (PhGameLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ph_game_log_dispose;
  widget_class->realize = ph_game_log_realize;
  widget_class->unrealize = ph_game_log_unrealize;

  /* Replaying failed: the message */
  signals[REPLAY_FAILED] =
    g_signal_new ("replay-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/powderhorn/Powderhorn/ph-game-log.ui");
  gtk_widget_class_bind_template_child (widget_class, PhGameLog, undo_button);
  gtk_widget_class_bind_template_child (widget_class, PhGameLog, log_list);
  gtk_widget_class_bind_template_child (widget_class, PhGameLog, log_scroller);
  gtk_widget_class_bind_template_child (widget_class, PhGameLog, replay_label);
  gtk_widget_class_bind_template_child (widget_class, PhGameLog, replay_button);
  gtk_widget_class_bind_template_child (widget_class, PhGameLog, now_button);
  gtk_widget_class_bind_template_callback (widget_class, on_undo_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_log_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_log_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_replay_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_now_clicked);
}

static void
ph_game_log_init (PhGameLog *self)
{
  GtkAdjustment *adj;

  gtk_widget_init_template (GTK_WIDGET (self));
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->log_scroller));
  g_signal_connect_object (adj, "changed", G_CALLBACK (on_adjustment_changed), self, 0);
  g_signal_connect_object (adj, "value-changed", G_CALLBACK (on_adjustment_value_changed), self, 0);
  self->at_end = TRUE;
}

GtkWidget *
ph_game_log_new (void)
{
  return g_object_new (PH_TYPE_GAME_LOG, NULL);
}

void
ph_game_log_set_document (PhGameLog  *self,
                          PhDocument *document)
{
  g_return_if_fail (PH_IS_GAME_LOG (self));
  g_return_if_fail (document == NULL || PH_IS_DOCUMENT (document));

  g_set_object (&self->document, document);
}

guint
ph_game_log_get_n_rows (PhGameLog *self)
{
  g_return_val_if_fail (PH_IS_GAME_LOG (self), 0);
  return self->n_rows;
}

gboolean
ph_game_log_replay_to (PhGameLog *self,
                       guint      index)
{
  GtkListBoxRow *row;

  g_return_val_if_fail (PH_IS_GAME_LOG (self), FALSE);

  row = gtk_list_box_get_row_at_index (self->log_list, index);
  if (row == NULL)
    return FALSE;
  gtk_list_box_select_row (self->log_list, row);
  on_replay_clicked (self);
  return TRUE;
}

gboolean
ph_game_log_get_at_end (PhGameLog *self)
{
  GtkAdjustment *adj;

  g_return_val_if_fail (PH_IS_GAME_LOG (self), FALSE);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->log_scroller));
  return gtk_adjustment_get_value (adj)
         >= gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj) - 1;
}
