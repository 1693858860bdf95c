/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql.h: Eclipse MAT's Object Query Language over a finished analysis.
 * Engine layer, GLib only.
 *
 * hs_oql_run parses the query (hs-oql-parser), then evaluates it
 * (hs-oql-eval): the columns are announced once, then every row is handed
 * to a callback as it is found, so a query over a billion objects holds
 * no rows. Cancellable; syntax errors carry the line, the column and what
 * was expected. The language and what a query sees: docs/semantics.md,
 * "OQL". */
#pragma once

#include "hs-analysis.h"
#include "hs-oql-value.h"

G_BEGIN_DECLS

#define HS_OQL_ERROR (hs_oql_error_quark ())
GQuark hs_oql_error_quark (void);

typedef enum
{
  HS_OQL_ERROR_SYNTAX, /* "line L, column C: expected ..., found ..." */
  HS_OQL_ERROR_LIMIT,  /* the query is too long or nests too deep */
  HS_OQL_ERROR_EVAL,   /* a query that parses but cannot run (a bad regex, a huge array) */
} HsOqlError;

/* Longest query text, deepest nesting of brackets and sub-selects. */
#define HS_OQL_MAX_LENGTH (256 * 1024)
#define HS_OQL_MAX_DEPTH 64
/* Deepest expression: the longest path from an expression to a value
 * it is made of, counting every operator of a chain (1+1+1: 3), every
 * field, call and index of a postfix chain (a.b[0].c(): 4) and the
 * sub-selects inside it. Evaluation recurses that deep. */
#define HS_OQL_MAX_EXPR_DEPTH 1000

typedef enum
{
  HS_OQL_FLAGS_NONE = 0,
  /* Also the objects no GC root reaches (a query sees the reachable ones
   * by default, as Eclipse MAT does). */
  HS_OQL_UNREACHABLE = 1 << 0,
} HsOqlFlags;

/* One row: an object (object-list results: SELECT *, SELECT OBJECTS, AS
 * RETAINED SET) or n_values values (tables). Valid during the call. */
typedef struct
{
  HsObj object; /* HS_OBJ_NONE for table rows */
  guint n_values;
  const HsOqlValue *values;
} HsOqlRow;

/* The columns, called once before the first row (also for an empty
 * result). objects: the rows are objects, and names is NULL. */
typedef void (*HsOqlColumnsFunc) (gboolean objects, const char *const *names, guint n_names, gpointer data);
/* Return FALSE to stop (a limit reached): hs_oql_run then returns TRUE. */
typedef gboolean (*HsOqlRowFunc) (const HsOqlRow *row, gpointer data);

gboolean hs_oql_run (HsAnalysis *analysis, const char *text, HsOqlFlags flags, HsOqlColumnsFunc columns,
                     HsOqlRowFunc row, gpointer data, GCancellable *cancellable, GError **error);

/* Only parses (the window's check as the user types; the fuzz target). */
gboolean hs_oql_check (const char *text, GError **error);

/* The objects of a result, in result order, as HsObj (objects of table
 * rows: every object value of every column); NULL with error set. */
GArray *hs_oql_collect_objects (HsAnalysis *analysis, const char *text, HsOqlFlags flags,
                                GCancellable *cancellable, GError **error);

/* Where a syntax error points, parsed back from its message: FALSE when
 * the message names no position. */
gboolean hs_oql_error_position (const GError *error, guint *line, guint *column);

G_END_DECLS
