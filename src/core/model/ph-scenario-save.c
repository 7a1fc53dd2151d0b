/* ph-scenario-save.c: writing scenario files
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The canonical form: elements in the order of docs/scenario-format.md,
 * indented by two spaces, attributes in the order it lists them, each written
 * out even when it holds its default. Left out are only what the model
 * holds as absent: a NULL name, description, traits or wounds, a feature's
 * blocks-los, cover and elevation when not overridden, range bands and
 * melee-category when not given, uhp, <game> when there is none, an empty
 * status set, a background's height when it keeps the image's proportions,
 * and <background>, <rules> and <terrain> when there are none. Numbers
 * are written in the shortest form that reads back to the same double, in
 * the C locale. Loading the canonical form and saving it again gives the
 * same bytes.
 */
#include <string.h>

#include "ph-error.h"
#include "ph-file.h"
#include "ph-scenario-check.h"
#include "ph-scenario-io.h"
#include "ph-scenario-keep.h"
#include "ph-xml-util.h"
#include "ph-scenario-values.h"
#include "ph-stats.h"

#define SCENARIO_NS "urn:powderhorn:scenario:1"

static gboolean
is_xml_char (gunichar c)
{
  return c == 0x9 || c == 0xA || c == 0xD
         || (c >= 0x20 && c <= 0xD7FF)
         || (c >= 0xE000 && c <= 0xFFFD)
         || (c >= 0x10000 && c <= 0x10FFFF);
}

/* Escapes @text for an attribute value (@attribute) or element content.
 * Characters XML 1.0 cannot hold are left out. */
void
ph_xml_append_escaped (GString    *out,
                       const char *text,
                       gboolean    attribute)
{
  g_autofree char *valid = NULL;
  const char *p;

  if (!g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);

  for (p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      switch (c)
        {
        case '&':
          g_string_append (out, "&amp;");
          break;
        case '<':
          g_string_append (out, "&lt;");
          break;
        case '>':
          g_string_append (out, "&gt;");
          break;
        case '"':
          g_string_append (out, attribute ? "&quot;" : "\"");
          break;
        case '\r':
          g_string_append (out, "&#13;");
          break;
        case '\n':
          g_string_append (out, attribute ? "&#10;" : "\n");
          break;
        case '\t':
          g_string_append (out, attribute ? "&#9;" : "\t");
          break;
        default:
          if (is_xml_char (c))
            g_string_append_len (out, p, g_utf8_next_char (p) - p);
          break;
        }
    }
}

void
ph_xml_append_attr (GString    *out,
                    const char *name,
                    const char *value)
{
  if (value == NULL)
    return;
  g_string_append_printf (out, " %s=\"", name);
  ph_xml_append_escaped (out, value, TRUE);
  g_string_append_c (out, '"');
}

static void
indent (GString *out,
        guint    level)
{
  for (guint i = 0; i < level; i++)
    g_string_append (out, "  ");
}

static void
open_tag (GString    *out,
          guint       level,
          const char *name)
{
  indent (out, level);
  g_string_append_printf (out, "<%s", name);
}

static void
attr_number (GString    *out,
             const char *name,
             double      value)
{
  g_string_append_printf (out, " %s=\"", name);
  ph_value_append_number (out, value);
  g_string_append_c (out, '"');
}

static void
attr_int (GString    *out,
          const char *name,
          int         value)
{
  g_string_append_printf (out, " %s=\"%d\"", name, value);
}

static void
attr_bool (GString    *out,
           const char *name,
           gboolean    value)
{
  g_string_append_printf (out, " %s=\"%s\"", name, value ? "true" : "false");
}

static void
attr_points (GString       *out,
             const char    *name,
             const PhShape *shape)
{
  g_string_append_printf (out, " %s=\"", name);
  for (guint i = 0; i < shape->n_points; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      ph_value_append_number (out, shape->points[i].x);
      g_string_append_c (out, ',');
      ph_value_append_number (out, shape->points[i].y);
    }
  g_string_append_c (out, '"');
}

static void
text_element (GString    *out,
              guint       level,
              const char *name,
              const char *text)
{
  indent (out, level);
  g_string_append_printf (out, "<%s>", name);
  ph_xml_append_escaped (out, text != NULL ? text : "", FALSE);
  g_string_append_printf (out, "</%s>\n", name);
}

static void
write_table (GString       *out,
             const PhTable *table)
{
  open_tag (out, 1, "table");
  attr_number (out, "width", table->width);
  attr_number (out, "height", table->height);
  ph_xml_append_attr (out, "unit", ph_unit_to_string (table->unit));
  ph_xml_append_attr (out, "grid", ph_grid_to_string (table->grid));
  attr_number (out, "grid-size", table->grid_size);
  ph_xml_append_attr (out, "measure", ph_measure_to_string (table->measure));
  g_string_append (out, "/>\n");
}

static void
write_background (GString            *out,
                  const PhBackground *background,
                  const char         *href)
{
  if (background == NULL)
    return;
  open_tag (out, 1, "background");
  ph_xml_append_attr (out, "href", href != NULL ? href : background->href);
  attr_number (out, "x", background->x);
  attr_number (out, "y", background->y);
  attr_number (out, "width", background->width);
  if (background->height > 0)
    attr_number (out, "height", background->height);
  attr_number (out, "opacity", background->opacity);
  g_string_append (out, "/>\n");
}

static void
write_rules (GString          *out,
             const PhScenario *scenario)
{
  if (scenario->options->len == 0)
    return;
  g_string_append (out, "  <rules>\n");
  for (guint i = 0; i < scenario->options->len; i++)
    {
      const PhOption *option = g_ptr_array_index (scenario->options, i);

      open_tag (out, 2, "option");
      ph_xml_append_attr (out, "name", option->name);
      ph_xml_append_attr (out, "value", option->value != NULL ? option->value : "");
      g_string_append (out, "/>\n");
    }
  g_string_append (out, "  </rules>\n");
}

static void
write_shape (GString       *out,
             const PhShape *shape)
{
  switch (shape->kind)
    {
    case PH_SHAPE_POLYGON:
      open_tag (out, 3, "polygon");
      attr_points (out, "points", shape);
      break;
    case PH_SHAPE_CIRCLE:
      open_tag (out, 3, "circle");
      attr_number (out, "cx", shape->centre.x);
      attr_number (out, "cy", shape->centre.y);
      attr_number (out, "r", shape->radius);
      break;
    case PH_SHAPE_POLYLINE:
    default:
      open_tag (out, 3, "polyline");
      attr_points (out, "points", shape);
      attr_number (out, "width", shape->line_width);
      break;
    }
  g_string_append (out, "/>\n");
}

static void
write_terrain (GString          *out,
               const PhScenario *scenario)
{
  if (scenario->features->len == 0)
    return;
  g_string_append (out, "  <terrain>\n");
  for (guint i = 0; i < scenario->features->len; i++)
    {
      const PhFeature *feature = g_ptr_array_index (scenario->features, i);

      open_tag (out, 2, "feature");
      ph_xml_append_attr (out, "id", feature->id);
      ph_xml_append_attr (out, "kind", ph_terrain_kind_to_string (feature->kind));
      ph_xml_append_attr (out, "name", feature->name);
      if (feature->blocks_los >= 0)
        attr_bool (out, "blocks-los", feature->blocks_los != 0);
      if (feature->cover >= 0)
        ph_xml_append_attr (out, "cover", ph_cover_to_string ((PhCover) feature->cover));
      if (feature->has_elevation)
        attr_number (out, "elevation", feature->elevation);
      g_string_append (out, ">\n");
      write_shape (out, &feature->shape);
      g_string_append (out, "    </feature>\n");
    }
  g_string_append (out, "  </terrain>\n");
}

static void
write_sides (GString          *out,
             const PhScenario *scenario)
{
  if (scenario->sides->len == 0)
    {
      g_string_append (out, "  <sides/>\n");
      return;
    }
  g_string_append (out, "  <sides>\n");
  for (guint i = 0; i < scenario->sides->len; i++)
    {
      const PhSide *side = g_ptr_array_index (scenario->sides, i);
      char color[8];

      g_snprintf (color, sizeof color, "#%06x", side->color & 0xffffff);
      open_tag (out, 2, "side");
      ph_xml_append_attr (out, "id", side->id);
      ph_xml_append_attr (out, "name", side->name != NULL ? side->name : "");
      ph_xml_append_attr (out, "color", color);
      g_string_append (out, "/>\n");
    }
  g_string_append (out, "  </sides>\n");
}

static void
write_weapon (GString        *out,
              const PhWeapon *weapon)
{
  open_tag (out, 3, "weapon");
  ph_xml_append_attr (out, "kind", ph_weapon_kind_to_string (weapon->kind));
  ph_xml_append_attr (out, "name", weapon->name);
  attr_bool (out, "loaded", weapon->loaded);
  if (weapon->has_bands)
    {
      attr_number (out, "short", weapon->range_short);
      attr_number (out, "medium", weapon->range_medium);
      attr_number (out, "long", weapon->range_long);
    }
  if (weapon->melee_category != 0)
    attr_int (out, "melee-category", weapon->melee_category);
  g_string_append (out, "/>\n");
}

static void
write_stats (GString        *out,
             const PhFigure *figure)
{
  const PhStatsSchema *schema = ph_stats_schema_of_kind (figure->stats_kind);

  if (schema == NULL)
    return;
  open_tag (out, 3, schema->element);
  for (guint i = 0; i < schema->n_fields; i++)
    {
      g_autofree char *value = ph_stats_format (figure, &schema->fields[i]);

      if (value != NULL)
        ph_xml_append_attr (out, schema->fields[i].name, value);
    }
  g_string_append (out, "/>\n");
}

static void
write_figure (GString        *out,
              const PhFigure *figure)
{
  gboolean has_children = figure->weapons->len > 0 || figure->stats_kind != PH_STATS_NONE;

  open_tag (out, 2, "figure");
  ph_xml_append_attr (out, "id", figure->id);
  ph_xml_append_attr (out, "name", figure->name);
  ph_xml_append_attr (out, "side", figure->side != NULL ? figure->side : "");
  attr_number (out, "x", figure->x);
  attr_number (out, "y", figure->y);
  attr_number (out, "facing", figure->facing);
  ph_xml_append_attr (out, "base-shape", ph_base_shape_to_string (figure->base_shape));
  attr_number (out, "base-width", figure->base_width);
  attr_number (out, "base-depth", figure->base_depth);
  ph_xml_append_attr (out, "troop", ph_troop_to_string (figure->troop));
  attr_bool (out, "mounted", figure->mounted);
  attr_bool (out, "leader", figure->leader);
  ph_xml_append_attr (out, "stance", ph_stance_to_string (figure->stance));
  if (figure->status != 0)
    {
      g_autofree char *status = ph_status_set_to_string (figure->status);

      ph_xml_append_attr (out, "status", status);
    }
  if (!has_children)
    {
      g_string_append (out, "/>\n");
      return;
    }
  g_string_append (out, ">\n");
  for (guint i = 0; i < figure->weapons->len; i++)
    write_weapon (out, &g_array_index (figure->weapons, PhWeapon, i));
  write_stats (out, figure);
  g_string_append (out, "    </figure>\n");
}

static void
write_figures (GString          *out,
               const PhScenario *scenario)
{
  if (scenario->figures->len == 0)
    {
      g_string_append (out, "  <figures/>\n");
      return;
    }
  g_string_append (out, "  <figures>\n");
  for (guint i = 0; i < scenario->figures->len; i++)
    write_figure (out, g_ptr_array_index (scenario->figures, i));
  g_string_append (out, "  </figures>\n");
}

/* @target relative to the folder @dir (both absolute and canonical):
 * "images/a.jpg", "../photos/a.jpg" */
static char *
relative_path (const char *dir,
               const char *target)
{
  g_auto(GStrv) from = g_strsplit (dir, G_DIR_SEPARATOR_S, -1);
  g_auto(GStrv) to = g_strsplit (target, G_DIR_SEPARATOR_S, -1);
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  guint common = 0;

  while (from[common] != NULL && to[common] != NULL && to[common + 1] != NULL
         && g_str_equal (from[common], to[common]))
    common++;
  for (guint i = common; from[i] != NULL; i++)
    if (from[i][0] != '\0')
      g_ptr_array_add (parts, "..");
  for (guint i = common; to[i] != NULL; i++)
    g_ptr_array_add (parts, to[i]);
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (G_DIR_SEPARATOR_S, (char **) parts->pdata);
}

static char *
scenario_to_xml (const PhScenario *scenario,
                 const char       *background_href,
                 gsize            *length);

char *
ph_scenario_to_xml (const PhScenario *scenario,
                    gsize            *length)
{
  g_return_val_if_fail (scenario != NULL, NULL);
  return scenario_to_xml (scenario, NULL, length);
}

/* @background_href, when not NULL, is written instead of the background's
 * own href (a file saved in another folder) */
static char *
scenario_to_xml (const PhScenario *scenario,
                 const char       *background_href,
                 gsize            *length)
{
  GString *out;

  out = g_string_sized_new (4096 + 512 * scenario->figures->len);
  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append (out, "<scenario xmlns=\"" SCENARIO_NS "\" version=\"1\"");
  ph_xml_append_attr (out, "ruleset", ph_ruleset_id_to_string (scenario->ruleset));
  g_string_append (out, ">\n");
  text_element (out, 1, "title", scenario->title);
  if (scenario->description != NULL)
    text_element (out, 1, "description", scenario->description);
  write_table (out, &scenario->table);
  write_background (out, scenario->background, background_href);
  write_rules (out, scenario);
  write_terrain (out, scenario);
  write_sides (out, scenario);
  write_figures (out, scenario);
  if (scenario->game_xml != NULL)
    {
      g_string_append (out, "  ");
      g_string_append (out, scenario->game_xml);
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "</scenario>\n");

  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

/* The href to write for a relative background image when the scenario is
 * saved as @filename, or NULL to write its own: the image stays the same
 * image in another folder. */
static char *
background_href (const PhScenario *scenario,
                 const char       *filename)
{
  g_autofree char *absolute = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *same = NULL;

  if (filename == NULL || scenario->background == NULL || scenario->background->path == NULL
      || g_path_is_absolute (scenario->background->href))
    return NULL;
  absolute = g_canonicalize_filename (filename, NULL);
  dir = g_path_get_dirname (absolute);
  /* still right from there: written as it was */
  same = g_canonicalize_filename (scenario->background->href, dir);
  if (g_str_equal (same, scenario->background->path))
    return NULL;
  return relative_path (dir, scenario->background->path);
}

/* @xml as the loader would take it, or NULL and @error */
static gboolean
check_loads (const char  *xml,
             gsize        length,
             const char  *filename,
             GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(PhScenario) check = NULL;

  check = ph_scenario_load_internal (xml, length, filename != NULL ? filename : "-", FALSE,
                                     &local_error);
  if (check == NULL)
    {
      g_set_error (error, PH_SCENARIO_ERROR, local_error->code,
                   "%s (not saved: the scenario would not load again)",
                   local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* The document is read back before it is written: a model that cannot be
 * represented (no side, a duplicate id, a value out of range, broken
 * game_xml) is refused rather than written to a file that would not load
 * again. */
char *
ph_scenario_to_checked_xml (const PhScenario  *scenario,
                            const char        *filename,
                            gsize             *length,
                            GError           **error)
{
  g_autofree char *xml = NULL;
  g_autofree char *href = NULL;
  gsize n = 0;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  href = background_href (scenario, filename);
  xml = scenario_to_xml (scenario, href, &n);
  if (!check_loads (xml, n, filename, error))
    return NULL;
  if (length != NULL)
    *length = n;
  return g_steal_pointer (&xml);
}

char *
ph_scenario_to_saved_xml (const PhScenario  *scenario,
                          const char        *filename,
                          gsize             *length,
                          GError           **error)
{
  g_autofree char *xml = NULL;
  g_autofree char *href = NULL;
  char *kept;
  gsize n = 0, kept_length = 0;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  href = background_href (scenario, filename);
  xml = scenario_to_xml (scenario, href, &n);
  /* checked there, as this would be */
  if (scenario->source != NULL
      && (kept = ph_scenario_keep_source (scenario->source, xml, n, filename, &kept_length)) != NULL)
    {
      if (length != NULL)
        *length = kept_length;
      return kept;
    }
  if (!check_loads (xml, n, filename, error))
    return NULL;
  if (length != NULL)
    *length = n;
  return g_steal_pointer (&xml);
}

gboolean
ph_scenario_save_file (const PhScenario  *scenario,
                       const char        *filename,
                       GError           **error)
{
  char *xml = NULL;
  gsize length = 0;

  g_return_val_if_fail (scenario != NULL, FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  xml = ph_scenario_to_saved_xml (scenario, filename, &length, error);
  if (xml == NULL)
    return FALSE;
  if (!ph_file_replace_contents (filename, xml, length, error))
    {
      g_free (xml);
      return FALSE;
    }
  /* The next save changes what is in the file now. The source is not
   * part of the model's value: replaced through a const pointer, as the
   * engine keeps its sight_cache. */
  g_clear_pointer (&((PhScenario *) scenario)->source, g_bytes_unref);
  ((PhScenario *) scenario)->source = g_bytes_new_take (xml, length);
  return TRUE;
}
