/* ph-shot-controller.c: the shot under consideration
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "changed" says that the target or its assessment changed: after every
 * change of the shooter, the pinned target, the options or the figures,
 * and after a change of the figure under the pointer that makes another
 * target.
 */
#include "ph-shot-controller.h"

#include <glib/gi18n.h>
#include <string.h>

struct _PhShotController
{
  GObject parent_instance;

  PhDocument *document;        /* weak: the document owns us */
  PhSelection *selection;

  PhShotOptions options;
  char *shooter_id;            /* whose the options are */
  PhFigure *target;
  PhAssessment *assessment;
  char *error;                 /* why the engine refused, or NULL */
  char *game_note;             /* why the game would not take the shot now */
  const PhScenario *preview;   /* a drag's scenario (not owned), or NULL */
};

G_DEFINE_FINAL_TYPE (PhShotController, ph_shot_controller, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_SELECTION,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static gboolean
is_enemy (const PhFigure *a,
          const PhFigure *b)
{
  return g_strcmp0 (a->side, b->side) != 0;
}

static PhFigure *
find_target (PhShotController *self)
{
  PhFigure *shooter = ph_selection_get_primary (self->selection);
  PhFigure *hover = ph_selection_get_hover (self->selection);
  PhFigure *pinned = ph_selection_get_pinned_target (self->selection);

  if (shooter == NULL)
    return NULL;
  if (hover && hover != shooter && is_enemy (shooter, hover) && !ph_figure_is_off_table (hover))
    return hover;
  if (pinned && pinned != shooter)
    return pinned;
  return NULL;
}

static void
reassess (PhShotController *self)
{
  PhFigure *shooter = ph_selection_get_primary (self->selection);
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->assessment, ph_assessment_free);
  g_clear_pointer (&self->error, g_free);

  if (shooter == NULL || self->target == NULL || self->document == NULL)
    return;

  if (self->preview != NULL)
    {
      /* Where the drag has taken them: the same figures by id */
      PhFigure *moved_shooter = ph_scenario_find_figure (self->preview, shooter->id);
      PhFigure *moved_target = ph_scenario_find_figure (self->preview, self->target->id);

      if (moved_shooter == NULL || moved_target == NULL)
        return;
      self->assessment = ph_engine_assess_figures (self->preview, moved_shooter, moved_target,
                                                   &self->options, &error);
    }
  else
    self->assessment = ph_engine_assess_figures (ph_document_get_scenario (self->document),
                                                 shooter, self->target, &self->options, &error);
  if (self->assessment == NULL)
    self->error = g_strdup (error ? error->message : _("The engine gave no answer"));
}

/* In a game (at its newest step), the shot the game would fire: its
 * options as the game sets them (Featherstone: aimed when the shooter is
 * ready for it, else snap; Fistful: the card he was activated with), and
 * why the game would not take it now ("has fired this phase") */
static void
follow_game (PhShotController *self)
{
  PhFigure *shooter = ph_selection_get_primary (self->selection);
  PhGame *game = self->document != NULL ? ph_document_get_game (self->document) : NULL;

  g_clear_pointer (&self->game_note, g_free);
  if (game == NULL || shooter == NULL || self->target == NULL
      || ph_document_get_replaying (self->document))
    return;
  ph_game_shot_options (game, shooter, self->target, &self->options);
  self->game_note = ph_game_shot_refusal (game, shooter, self->target, &self->options);
}

/* The note for the shot as the tab has it now: aimed fire picked in the
 * phase the aim is taken is refused, though the game's own snap shot
 * would not be */
static void
renote (PhShotController *self)
{
  PhFigure *shooter = ph_selection_get_primary (self->selection);
  PhGame *game = self->document != NULL ? ph_document_get_game (self->document) : NULL;

  g_clear_pointer (&self->game_note, g_free);
  if (game == NULL || shooter == NULL || self->target == NULL
      || ph_document_get_replaying (self->document))
    return;
  self->game_note = ph_game_shot_refusal (game, shooter, self->target, &self->options);
}

/* Cheap enough to redo on every change of shooter, target, the game's
 * step or positions; the user's own options stand until then */
static void
update (PhShotController *self)
{
  PhFigure *shooter = ph_selection_get_primary (self->selection);

  /* a shot's options are one man's: his weapon, his aim. Another man
   * picked starts from the plain shot (a rifleman's weapon left the
   * next man, a musketeer, with none to fire) */
  if (g_strcmp0 (shooter ? shooter->id : NULL, self->shooter_id) != 0)
    {
      g_free (self->shooter_id);
      self->shooter_id = g_strdup (shooter ? shooter->id : NULL);
      self->options = (PhShotOptions) PH_SHOT_OPTIONS_INIT;
    }
  self->target = find_target (self);
  follow_game (self);
  reassess (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
on_document_changed (PhShotController *self,
                     guint             changes,
                     PhDocument       *document)
{
  /* Undo or a game step may have moved the shooter or its target; a
   * game's step may take another shot now (fired, reloaded, the phase) */
  if (changes & (PH_DOCUMENT_CHANGE_FIGURES | PH_DOCUMENT_CHANGE_SCENARIO
                 | PH_DOCUMENT_CHANGE_GAME))
    update (self);
}

static void
on_selection_changed (PhShotController *self,
                      PhSelection      *selection)
{
  update (self);
}

static void
on_selection_notify_pinned_target (PhShotController *self,
                                   GParamSpec       *pspec,
                                   PhSelection      *selection)
{
  update (self);
}

static void
on_selection_notify_hover (PhShotController *self,
                           GParamSpec       *pspec,
                           PhSelection      *selection)
{
  if (find_target (self) != self->target)
    update (self);
}

static void
ph_shot_controller_constructed (GObject *object)
{
  PhShotController *self = PH_SHOT_CONTROLLER (object);

  G_OBJECT_CLASS (ph_shot_controller_parent_class)->constructed (object);

  g_return_if_fail (PH_IS_SELECTION (self->selection));
  g_signal_connect_object (self->selection, "changed",
                           G_CALLBACK (on_selection_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "notify::pinned-target",
                           G_CALLBACK (on_selection_notify_pinned_target), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "notify::hover",
                           G_CALLBACK (on_selection_notify_hover), self, G_CONNECT_SWAPPED);
  /* Not a GSignalGroup: this is disposed while the document is, and a
   * group cannot let go of a target in its dispose. */
  if (self->document)
    g_signal_connect_object (self->document, "changed",
                             G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
}

static void
ph_shot_controller_dispose (GObject *object)
{
  PhShotController *self = PH_SHOT_CONTROLLER (object);

  g_clear_weak_pointer (&self->document);
  g_clear_object (&self->selection);
  self->target = NULL;

  G_OBJECT_CLASS (ph_shot_controller_parent_class)->dispose (object);
}

static void
ph_shot_controller_finalize (GObject *object)
{
  PhShotController *self = PH_SHOT_CONTROLLER (object);

  g_clear_pointer (&self->assessment, ph_assessment_free);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->game_note, g_free);
  g_free (self->shooter_id);

  G_OBJECT_CLASS (ph_shot_controller_parent_class)->finalize (object);
}

static void
ph_shot_controller_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  PhShotController *self = PH_SHOT_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_SELECTION:
      g_value_set_object (value, self->selection);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ph_shot_controller_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  PhShotController *self = PH_SHOT_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_set_weak_pointer (&self->document, g_value_get_object (value));
      break;
    case PROP_SELECTION:
      self->selection = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ph_shot_controller_class_init (PhShotControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = ph_shot_controller_constructed;
  object_class->dispose = ph_shot_controller_dispose;
  object_class->finalize = ph_shot_controller_finalize;
  object_class->get_property = ph_shot_controller_get_property;
  object_class->set_property = ph_shot_controller_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, PH_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTION] =
    g_param_spec_object ("selection", NULL, NULL, PH_TYPE_SELECTION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PhShotController::changed:
   *
   * The target, or its assessment, changed.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
ph_shot_controller_init (PhShotController *self)
{
  PhShotOptions defaults = PH_SHOT_OPTIONS_INIT;

  self->options = defaults;
}

PhShotController *
ph_shot_controller_new (PhDocument  *document,
                        PhSelection *selection)
{
  g_return_val_if_fail (PH_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (PH_IS_SELECTION (selection), NULL);

  return g_object_new (PH_TYPE_SHOT_CONTROLLER,
                       "document", document,
                       "selection", selection,
                       NULL);
}

PhSelection *
ph_shot_controller_get_selection (PhShotController *self)
{
  g_return_val_if_fail (PH_IS_SHOT_CONTROLLER (self), NULL);
  return self->selection;
}

PhFigure *
ph_shot_controller_get_shooter (PhShotController *self)
{
  g_return_val_if_fail (PH_IS_SHOT_CONTROLLER (self), NULL);
  return ph_selection_get_primary (self->selection);
}

PhFigure *
ph_shot_controller_get_target (PhShotController *self)
{
  g_return_val_if_fail (PH_IS_SHOT_CONTROLLER (self), NULL);
  return self->target;
}

const PhShotOptions *
ph_shot_controller_get_options (PhShotController *self)
{
  g_return_val_if_fail (PH_IS_SHOT_CONTROLLER (self), NULL);
  return &self->options;
}

void
ph_shot_controller_set_options (PhShotController    *self,
                                const PhShotOptions *options)
{
  g_return_if_fail (PH_IS_SHOT_CONTROLLER (self));
  g_return_if_fail (options != NULL);

  if (memcmp (&self->options, options, sizeof *options) == 0)
    return;
  self->options = *options;
  renote (self);
  reassess (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

const PhAssessment *
ph_shot_controller_get_assessment (PhShotController *self)
{
  g_return_val_if_fail (PH_IS_SHOT_CONTROLLER (self), NULL);
  return self->assessment;
}

const char *
ph_shot_controller_get_game_note (PhShotController *self)
{
  g_return_val_if_fail (PH_IS_SHOT_CONTROLLER (self), NULL);
  return self->game_note;
}

const char *
ph_shot_controller_get_error (PhShotController *self)
{
  g_return_val_if_fail (PH_IS_SHOT_CONTROLLER (self), NULL);
  return self->error;
}

void
ph_shot_controller_set_preview (PhShotController *self,
                                const PhScenario *preview)
{
  g_return_if_fail (PH_IS_SHOT_CONTROLLER (self));

  if (preview == NULL && self->preview == NULL)
    return;
  self->preview = preview;
  reassess (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

const PhScenario *
ph_shot_controller_get_preview (PhShotController *self)
{
  g_return_val_if_fail (PH_IS_SHOT_CONTROLLER (self), NULL);
  return self->preview;
}
