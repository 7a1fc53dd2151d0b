/* ph-cli-json.c: JSON output of powderhorn-cli (json-glib)
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything is built with JsonBuilder, never printf, and written by
 * ph_cli_json_print(): doubles in the fewest digits that read back as the
 * same double, strings escaped.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ph-cli.h"
#include "ph-cli-json.h"

void
ph_cli_json_add_double (JsonBuilder *builder,
                        double       value)
{
  if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

gboolean
ph_cli_variant_is_object (GVariant *value)
{
  const GVariantType *type = g_variant_get_type (value);

  return g_variant_type_is_array (type)
         && g_variant_type_is_dict_entry (g_variant_type_element (type))
         && g_variant_type_equal (g_variant_type_key (g_variant_type_element (type)),
                                  G_VARIANT_TYPE_STRING);
}

void
ph_cli_json_add_variant (JsonBuilder *builder,
                         GVariant    *value)
{
  switch (g_variant_classify (value))
    {
    case G_VARIANT_CLASS_BOOLEAN:
      json_builder_add_boolean_value (builder, g_variant_get_boolean (value));
      break;
    case G_VARIANT_CLASS_BYTE:
      json_builder_add_int_value (builder, g_variant_get_byte (value));
      break;
    case G_VARIANT_CLASS_INT16:
      json_builder_add_int_value (builder, g_variant_get_int16 (value));
      break;
    case G_VARIANT_CLASS_UINT16:
      json_builder_add_int_value (builder, g_variant_get_uint16 (value));
      break;
    case G_VARIANT_CLASS_INT32:
      json_builder_add_int_value (builder, g_variant_get_int32 (value));
      break;
    case G_VARIANT_CLASS_UINT32:
      json_builder_add_int_value (builder, g_variant_get_uint32 (value));
      break;
    case G_VARIANT_CLASS_HANDLE:
      json_builder_add_int_value (builder, g_variant_get_handle (value));
      break;
    case G_VARIANT_CLASS_INT64:
      json_builder_add_int_value (builder, g_variant_get_int64 (value));
      break;
    case G_VARIANT_CLASS_UINT64:
      {
        guint64 u = g_variant_get_uint64 (value);

        if (u <= G_MAXINT64)
          json_builder_add_int_value (builder, (gint64) u);
        else
          json_builder_add_double_value (builder, (double) u);
      }
      break;
    case G_VARIANT_CLASS_DOUBLE:
      ph_cli_json_add_double (builder, g_variant_get_double (value));
      break;
    case G_VARIANT_CLASS_STRING:
    case G_VARIANT_CLASS_OBJECT_PATH:
    case G_VARIANT_CLASS_SIGNATURE:
      json_builder_add_string_value (builder, g_variant_get_string (value, NULL));
      break;
    case G_VARIANT_CLASS_VARIANT:
      {
        g_autoptr(GVariant) inner = g_variant_get_variant (value);

        ph_cli_json_add_variant (builder, inner);
      }
      break;
    case G_VARIANT_CLASS_MAYBE:
      {
        g_autoptr(GVariant) inner = g_variant_get_maybe (value);

        if (inner != NULL)
          ph_cli_json_add_variant (builder, inner);
        else
          json_builder_add_null_value (builder);
      }
      break;
    case G_VARIANT_CLASS_ARRAY:
      if (ph_cli_variant_is_object (value))
        {
          GVariantIter iter;
          const char *key;
          GVariant *child;

          json_builder_begin_object (builder);
          g_variant_iter_init (&iter, value);
          /* "{&s@*}": the key borrowed, the value a new reference */
          while (g_variant_iter_next (&iter, "{&s@*}", &key, &child))
            {
              json_builder_set_member_name (builder, key);
              ph_cli_json_add_variant (builder, child);
              g_variant_unref (child);
            }
          json_builder_end_object (builder);
          break;
        }
      G_GNUC_FALLTHROUGH;
    case G_VARIANT_CLASS_TUPLE:
    case G_VARIANT_CLASS_DICT_ENTRY:
      {
        gsize n = g_variant_n_children (value);

        json_builder_begin_array (builder);
        for (gsize i = 0; i < n; i++)
          {
            g_autoptr(GVariant) child = g_variant_get_child_value (value, i);

            ph_cli_json_add_variant (builder, child);
          }
        json_builder_end_array (builder);
      }
      break;
    default:
      json_builder_add_null_value (builder);
      break;
    }
}

static void
add_string_or_null (JsonBuilder *builder,
                    const char  *member,
                    const char  *value)
{
  json_builder_set_member_name (builder, member);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
add_string_array (JsonBuilder     *builder,
                  const char      *member,
                  const GPtrArray *strings)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint i = 0; strings != NULL && i < strings->len; i++)
    json_builder_add_string_value (builder, g_ptr_array_index (strings, i));
  json_builder_end_array (builder);
}

static void
add_double_member (JsonBuilder *builder,
                   const char  *member,
                   gboolean     present,
                   double       value)
{
  json_builder_set_member_name (builder, member);
  if (present)
    ph_cli_json_add_double (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
add_boolean_member (JsonBuilder *builder,
                    const char  *member,
                    gboolean     value)
{
  json_builder_set_member_name (builder, member);
  json_builder_add_boolean_value (builder, value);
}

/* One member of the `assess --json` object each */

static void
add_ruleset (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_string_or_null (b, name, ph_ruleset_id_to_string (a->ruleset));
}

static void
add_shooter (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_string_or_null (b, name, a->shooter);
}

static void
add_target (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_string_or_null (b, name, a->target);
}

static void
add_weapon (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  /* null only when the shooter carries no missile weapon at all */
  add_string_or_null (b, name, a->has_weapon ? ph_weapon_kind_to_string (a->weapon) : NULL);
}

static void
add_unit (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_string_or_null (b, name, ph_dist_unit_to_string (a->unit));
}

static void
add_distance (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_double_member (b, name, TRUE, a->distance);
}

static void
add_max_range (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_double_member (b, name, a->has_max_range, a->max_range);
}

static void
add_in_range (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_boolean_member (b, name, a->in_range);
}

static void
add_band (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_string_or_null (b, name, a->band);
}

static void
add_in_arc (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_boolean_member (b, name, a->in_arc);
}

static void
add_los (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_string_or_null (b, name, a->los_clear ? "clear" : "blocked");
}

static void
add_blocked_by (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_string_array (b, name, a->blocked_by);
}

static void
add_cover (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_string_or_null (b, name, ph_cover_to_string (a->cover));
}

static void
add_cover_detail (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_string_or_null (b, name,
                      a->has_cover_detail
                      ? ph_ruleset_get (a->ruleset)->cover_class_name (a->cover_detail) : NULL);
}

static void
add_can_fire (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_boolean_member (b, name, a->can_fire);
}

static void
add_reasons (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_string_array (b, name, a->reasons);
}

static void
add_p_hit (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_double_member (b, name, TRUE, a->p_hit);
}

static void
add_p_kill (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  add_double_member (b, name, a->has_p_kill, a->p_kill);
}

static void
add_p_effect (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  json_builder_set_member_name (b, name);
  ph_cli_json_add_double (b, a->p_effect);
}

static void
add_modifiers (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; a->modifiers != NULL && i < a->modifiers->len; i++)
    {
      const PhModifier *m = &g_array_index (a->modifiers, PhModifier, i);

      json_builder_begin_object (b);
      add_string_or_null (b, "label", m->label);
      /* pips and percent are whole numbers: written as such (-1, as
       * docs/rules.md's worked example has it), any other value in full */
      json_builder_set_member_name (b, "value");
      if (m->value == rint (m->value) && fabs (m->value) < 1e15)
        json_builder_add_int_value (b, (gint64) m->value);
      else
        ph_cli_json_add_double (b, m->value);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
add_details (JsonBuilder *b, const char *name, const PhAssessment *a)
{
  json_builder_set_member_name (b, name);
  if (a->details != NULL)
    ph_cli_json_add_variant (b, a->details);
  else
    {
      json_builder_begin_object (b);
      json_builder_end_object (b);
    }
}

/* the README's fields, in its order; those after them only when named (odds
 * and advise's p_effect: assess gives what it is made of) */
static const struct
{
  const char *name;
  void (*add) (JsonBuilder *b, const char *name, const PhAssessment *a);
} assessment_members[] = {
  { "ruleset", add_ruleset },
  { "shooter", add_shooter },
  { "target", add_target },
  { "weapon", add_weapon },
  { "unit", add_unit },
  { "distance", add_distance },
  { "max_range", add_max_range },
  { "in_range", add_in_range },
  { "band", add_band },
  { "in_arc", add_in_arc },
  { "los", add_los },
  { "blocked_by", add_blocked_by },
  { "cover", add_cover },
  { "cover_detail", add_cover_detail },
  { "can_fire", add_can_fire },
  { "reasons", add_reasons },
  { "p_hit", add_p_hit },
  { "p_kill", add_p_kill },
  { "modifiers", add_modifiers },
  { "details", add_details },
  { "p_effect", add_p_effect },
};

/* assess's own fields: all but the last */
#define N_ASSESS_MEMBERS (G_N_ELEMENTS (assessment_members) - 1)

void
ph_cli_json_add_assessment_members (JsonBuilder        *builder,
                                    const PhAssessment *assessment,
                                    const char * const *members)
{
  if (members == NULL)
    {
      for (guint i = 0; i < N_ASSESS_MEMBERS; i++)
        assessment_members[i].add (builder, assessment_members[i].name, assessment);
      return;
    }
  for (guint j = 0; members[j] != NULL; j++)
    {
      guint i;

      for (i = 0; i < G_N_ELEMENTS (assessment_members); i++)
        if (strcmp (assessment_members[i].name, members[j]) == 0)
          break;
      g_return_if_fail (i < G_N_ELEMENTS (assessment_members));
      assessment_members[i].add (builder, assessment_members[i].name, assessment);
    }
}

JsonNode *
ph_cli_assessment_to_json (const PhAssessment *a)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  ph_cli_json_add_assessment_members (builder, a, NULL);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

void
ph_cli_json_add_shot_options (JsonBuilder         *builder,
                              const PhShotOptions *options,
                              const PhRuleset     *ruleset)
{
  json_builder_begin_object (builder);
  for (guint i = 0; i < ruleset->n_shot_options; i++)
    {
      const PhShotOption *option = &ruleset->shot_options[i];

      json_builder_set_member_name (builder, option->name);
      if (option->type == PH_SHOT_OPTION_FLAG)
        json_builder_add_boolean_value (builder, options->values[i] != 0);
      else
        json_builder_add_string_value (builder,
                                       ph_shot_option_value_name (option, options->values[i]));
    }
  json_builder_end_object (builder);
}

/* JSON text, as json-glib's generator writes it but for the numbers: a
 * double comes out in the fewest digits that read back as the same value
 * (0.05555555555555555, where %.17g gives 0.055555555555555552), with ".0"
 * on a whole one (14.0), so that the output reads like docs/rules.md's worked example. */
static void
append_string (GString    *out,
               const char *s)
{
  g_string_append_c (out, '"');
  for (const char *p = s; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      switch (c)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        default:
          if (c < 0x20 || c == 0x7f)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char) c);
        }
    }
  g_string_append_c (out, '"');
}

static void
append_node (GString  *out,
             JsonNode *node)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObject *object = json_node_get_object (node);
        g_autoptr(GList) members = json_object_get_members (object);
        gboolean first = TRUE;

        g_string_append_c (out, '{');
        for (GList *l = members; l != NULL; l = l->next)
          {
            if (!first)
              g_string_append_c (out, ',');
            first = FALSE;
            append_string (out, l->data);
            g_string_append_c (out, ':');
            append_node (out, json_object_get_member (object, l->data));
          }
        g_string_append_c (out, '}');
      }
      break;
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        g_string_append_c (out, '[');
        for (guint i = 0; i < json_array_get_length (array); i++)
          {
            if (i > 0)
              g_string_append_c (out, ',');
            append_node (out, json_array_get_element (array, i));
          }
        g_string_append_c (out, ']');
      }
      break;
    case JSON_NODE_NULL:
      g_string_append (out, "null");
      break;
    case JSON_NODE_VALUE:
    default:
      switch (json_node_get_value_type (node))
        {
        case G_TYPE_BOOLEAN:
          g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
          break;
        case G_TYPE_INT64:
          g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
          break;
        case G_TYPE_DOUBLE:
          {
            double value = json_node_get_double (node);
            g_autofree char *text = NULL;

            if (!isfinite (value))
              {
                g_string_append (out, "null");
                break;
              }
            text = ph_cli_format_double (value);
            g_string_append (out, text);
            if (strpbrk (text, ".eE") == NULL)
              g_string_append (out, ".0");
          }
          break;
        case G_TYPE_STRING:
          append_string (out, json_node_get_string (node));
          break;
        default:
          g_string_append (out, "null");
          break;
        }
      break;
    }
}

void
ph_cli_json_print (JsonNode *root)
{
  g_autoptr(GString) text = g_string_new (NULL);

  append_node (text, root);
  g_string_append_c (text, '\n');
  fputs (text->str, stdout);
  fflush (stdout);
}
