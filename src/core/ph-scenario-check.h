/* ph-scenario-check.h: internal to the scenario reader
 *
 * Copyright 2026 The Powderhorn authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ph-scenario-load.c reads and parses a file safely, has it checked against
 * the schema (ph-scenario-schema.c) and hands the tree to
 * ph-scenario-check.c, which applies the semantic rules of
 * scenario-format.md while it builds the model. All of them report problems
 * through a PhReader.
 */
#pragma once

#include <libxml/tree.h>

#include "ph-error.h"
#include "ph-scenario.h"

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

/* ph-scenario-schema.c: validates @doc against data/scenario.rng and
 * reports every problem, reworded to name the element and attribute.
 * Call with libxml2's error handlers already redirected. */
gboolean    ph_scenario_schema_validate (PhReader *reader, xmlDoc *doc);

/* ph-scenario-check.c: applies the semantic checks to a document the schema
 * accepted and builds the model; NULL when a problem was found (all of them
 * are reported). */
PhScenario *ph_scenario_from_doc    (PhReader *reader, xmlDoc *doc);

G_END_DECLS
