/* ph-scenario-check.h: internal to the scenario reader
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph-scenario-read.c reads a file and scans its bytes; ph-scenario-load.c
 * parses them safely, has the document checked against the schema
 * (ph-scenario-schema.c, with ph-scenario-rng.c for clearer messages) and
 * hands the tree to ph-scenario-check.c, which applies the semantic rules of
 * scenario-format.md while it builds the model, reading values with
 * ph-scenario-values.c. All of them report problems through a PhReader
 * (ph-scenario-read.c).
 */
#pragma once

#include <libxml/relaxng.h>
#include <libxml/tree.h>

#include "ph-error.h"
#include "ph-scenario.h"
#include "ph-scenario-values.h"

G_BEGIN_DECLS

typedef struct
{
  PhScenarioError code;
  long line;
  char *message;        /* "FILE:LINE: message" */
} PhProblem;

typedef struct
{
  const char *filename;  /* as shown in messages */
  GPtrArray *problems;   /* of PhProblem* */
  GHashTable *seen;      /* messages already reported (no duplicates) */
  GHashTable *big_lines; /* xmlNode* -> line, for lines >= 65535 */
  GPtrArray *scratch;    /* strings freed with the reader */
} PhReader;

void        ph_reader_init          (PhReader *reader, const char *filename);
void        ph_reader_clear         (PhReader *reader);
/* The line of the start tag of @node (1-based), right beyond 65535 too. */
long        ph_reader_line          (PhReader *reader, const xmlNode *node);
void        ph_reader_problem       (PhReader        *reader,
                                     PhScenarioError  code,
                                     long             line,
                                     const char      *format,
                                     ...) G_GNUC_PRINTF (4, 5);
/* A problem whose @message already reads "FILE:LINE: message" (one composed
 * outside the reader, such as the game log's), kept at @line */
void        ph_reader_add_message   (PhReader        *reader,
                                     PhScenarioError  code,
                                     long             line,
                                     const char      *message);
/* A problem with the file as a whole (cannot open it, too large), on line 1 */
void        ph_reader_file_problem  (PhReader        *reader,
                                     PhScenarioError  code,
                                     const char      *text);
/* "<figure id=\"smith\">", "<weapon kind=\"musket\">", "<table>": the
 * string lives as long as the reader. */
const char *ph_reader_describe      (PhReader *reader, const xmlNode *node);
/* A value as shown in a message: cut short when long, control characters
 * replaced. Lives as long as the reader. */
const char *ph_reader_show          (PhReader *reader, const char *value);
/* The value of the attribute without namespace @name, or NULL. Lives as
 * long as the document (or the reader). */
const char *ph_reader_attr          (PhReader *reader, const xmlNode *node,
                                     const char *name);
/* The node after @node in a depth-first walk of @root's subtree, without
 * recursion (an element's children first); NULL after the last. Start the
 * walk at @root itself. */
xmlNode    *ph_xml_next_node        (xmlNode *node, const xmlNode *root);
/* FALSE, with each reported, when @root's subtree holds an XInclude
 * element or an entity reference */
gboolean    ph_reader_check_tree    (PhReader *reader, xmlNode *root);

/* ph-scenario-load.c: ph_scenario_load_data() without keeping the bytes
 * as the scenario's source (for the saver's checks); @trusted for bytes
 * that loaded before with every check (a scenario's source), read again
 * for their model alone, without checking the schema and the game log
 * again. */
PhScenario *ph_scenario_load_internal (const char *data, gsize length, const char *filename,
                                       gboolean trusted, GError **error);

/* ph_scenario_load_data() (without keeping the bytes) one way only: as a
 * whole tree, as a file with a problem is read, or as a stream alone
 * (NULL when it gives up, the tree not tried); for the tests, which
 * check that both ways give the same model */
PhScenario *ph_scenario_load_one_way (const char *data, gsize length, const char *filename,
                                      gboolean stream, GError **error);

/* ph-scenario-read.c: the file's bytes, before libxml2 sees them */

/* The whole of a regular file of at most PH_SCENARIO_MAX_FILE_SIZE bytes,
 * NUL-terminated; NULL when it cannot be read (the problem is reported). */
char       *ph_reader_read_file     (PhReader *reader, const char *filename,
                                     gsize *length);
/* A copy with every lone CR turned into LF (same length, NUL-terminated);
 * NULL when there is no lone CR. */
char       *ph_scenario_normalise_line_ends (const char *data, gsize length);
/* FALSE, with the problem reported, when a start tag has too many
 * attributes for libxml2 to handle in reasonable time. */
gboolean    ph_reader_check_attribute_counts (PhReader *reader, const char *data,
                                              gsize length);
/* FALSE, with the problem reported, when the data hold a NUL byte. */
gboolean    ph_reader_check_no_nul  (PhReader *reader, const char *data, gsize length);

/* ph-scenario-rng.c: the schema read as a table, for its messages */

typedef struct
{
  char *name;
  gboolean required;
  GPtrArray *values;     /* of char*; NULL for free text */
} PhRngAttr;

typedef struct
{
  char *name;
  gboolean optional;
} PhRngItem;

typedef struct
{
  GPtrArray *attrs;      /* of PhRngAttr* */
  char *content;         /* "title, description?, table, ..." */
  GPtrArray *sequence;   /* of PhRngItem*, when the content is a plain
                          * sequence of (optional) elements; else NULL */
} PhRngElement;


/* element name -> PhRngElement*, for every <element name="..."> */
GHashTable *ph_rng_read_elements    (xmlDoc *rng_doc);

/* ph-scenario-schema.c: validates @doc against data/scenario.rng and
 * reports every problem, reworded to name the element and attribute.
 * Call with libxml2's error handlers already redirected. */
gboolean    ph_scenario_schema_validate (PhReader *reader, xmlDoc *doc);
/* The compiled schema (for ph-scenario-stream.c), or NULL when it cannot
 * be used (ph_scenario_schema_validate() says why) */
xmlRelaxNGPtr ph_scenario_schema_get_rng (void);

/* ph-scenario-stream.c: a file checked and built as it is parsed, for one
 * that is all right, with the bulk of it (the figures) never all in a
 * tree at once. Told of each element as it starts (the parser built it,
 * with its attributes and its line) and as it ends (before the parser
 * closes it, then after); the model when nothing was wrong, else NULL,
 * and the file is read again as a whole to say what (the stream's
 * reader's problems are no one's). With @validate, checked against the
 * schema as it goes (libxml2's push validation, as its xmlTextReader
 * does), <game>'s attributes and content hidden from it as
 * ph_scenario_schema_validate() hides them. */
typedef struct _PhStream PhStream;

PhStream   *ph_stream_new           (PhReader *reader, gboolean validate);
void        ph_stream_free          (PhStream *stream);
void        ph_stream_start_element (PhStream *stream, xmlNode *node);
void        ph_stream_end_element   (PhStream *stream, xmlNode *node);
void        ph_stream_after_end     (PhStream *stream, xmlNode *node);
gboolean    ph_stream_failed        (PhStream *stream);
/* Gives up: the parser found something the stream cannot follow */
void        ph_stream_fail          (PhStream *stream);
/* The model, once the parse is over and the document checked */
PhScenario *ph_stream_finish        (PhStream *stream);

/* ph-scenario-check.c: applies the semantic checks to a document the schema
 * accepted and builds the model; NULL when a problem was found (all of them
 * are reported). */
PhScenario *ph_scenario_from_doc    (PhReader *reader, xmlDoc *doc);

/* ph-scenario-values.c: attribute values, read strictly while the model is
 * built. Each ph_builder_*() reports a bad value itself ("FILE:LINE:
 * <element>: attribute 'x' must be ..., not '...'") and returns FALSE;
 * an absent optional attribute gives @fallback. The rules themselves are
 * ph-scenario-values.h's. */

/* Polygons are checked to be simple, which costs up to n^2 */
#define PH_MAX_POLYGON_POINTS 10000
#define PH_MAX_POLYGON_POINTS_IN_ALL 100000
/* A grid (square or hex) has at most this many cells along the table's
 * longer side */
#define PH_MAX_GRID_CELLS 10000

typedef struct
{
  PhReader *r;
  PhScenario *scenario;  /* under construction */
  GHashTable *ids;       /* id -> const xmlNode* where it was first used */
  guint64 polygon_points; /* so far, of all polygons */
  guint n_problems;      /* the reader's when the build began */
} PhBuilder;

/* ph_scenario_from_doc() a piece at a time, for a file read as a stream
 * (ph-scenario-stream.c): begun on the root element (FALSE, reported,
 * for an unknown ruleset), then each child of the root in file order
 * (the figures of <figures> one by one, or with it), then ended: the
 * model, or NULL when a problem was found. */
gboolean    ph_builder_begin        (PhBuilder *b, PhReader *reader, const xmlNode *root);
void        ph_builder_read_child   (PhBuilder *b, xmlNode *node);
void        ph_builder_read_figure  (PhBuilder *b, xmlNode *node);
PhScenario *ph_builder_end          (PhBuilder *b);

void        ph_builder_fail         (PhBuilder     *b,
                                     const xmlNode *node,
                                     const char    *format,
                                     ...) G_GNUC_PRINTF (3, 4);
const char *ph_builder_attr         (PhBuilder *b, const xmlNode *node, const char *name);
const char *ph_builder_show         (PhBuilder *b, const char *value);
gboolean    ph_builder_number       (PhBuilder *b, const xmlNode *node, const char *name,
                                     const PhRange *range, double fallback, double *out);
gboolean    ph_builder_int          (PhBuilder *b, const xmlNode *node, const char *name,
                                     int min, int max, int fallback, int *out);
gboolean    ph_builder_bool         (PhBuilder *b, const xmlNode *node, const char *name,
                                     gboolean fallback, gboolean *out);
/* A copy of the attribute, NULL when absent */
char       *ph_builder_string       (PhBuilder *b, const xmlNode *node, const char *name);
/* Checks the element's id (syntax, unique) and claims it; a copy of it */
char       *ph_builder_id           (PhBuilder *b, const xmlNode *node);
/* "x,y x,y ..." into shape->points */
gboolean    ph_builder_points       (PhBuilder *b, const xmlNode *node, const char *name,
                                     PhShape *shape);

/* Enumerations (the schema has checked the names already) */
#define PH_BUILDER_ENUM(b, node, name, from_string, fallback, out)             \
  G_STMT_START {                                                               \
    const char *value_ = ph_builder_attr ((b), (node), (name));                \
    *(out) = (fallback);                                                       \
    if (value_ != NULL && !from_string (value_, (out)))                        \
      ph_builder_fail ((b), (node), "attribute '%s' has an unknown value '%s'",\
                       (name), ph_builder_show ((b), value_));                 \
  } G_STMT_END

G_END_DECLS
