/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql-eval-private.h: what the evaluator (hs-oql-eval.c) and the
 * built-ins (hs-oql-builtins.c: attributes, functions, methods) share. */
#pragma once

#include "hs-oql-ast.h"
#include "hs-oql.h"

G_BEGIN_DECLS

/* Longest array or list a query turns into values at once (@valueArray,
 * slices, outbounds of one object...). */
#define HS_OQL_MAX_LIST (1u << 24)

typedef struct _HsOqlEnv HsOqlEnv;
struct _HsOqlEnv
{
  const char *alias;  /* NULL: no alias */
  HsOqlValue current; /* the row's object or value (not owned) */
  const HsOqlEnv *parent;
};

/* Where a field of the last class seen at one FIELD node sits in the
 * instance record: found once per class, not by name per object. */
typedef struct
{
  HsClass klass; /* HS_CLASS_NONE: nothing cached */
  gint32 pos;    /* < 0: no such field */
  HsType type;
} HsOqlFieldCache;

typedef struct
{
  HsAnalysis *a;
  HsHeap *h;
  HsOqlQuery *q;
  HsOqlFlags flags;
  GCancellable *cancellable;
  GError *error; /* the first error: evaluation stops */
  guint ticks;
  guint depth;                  /* expressions being evaluated, one inside the next */
  gboolean stopped;             /* the caller wants no more rows */
  HsOqlFieldCache *field_cache; /* one per node of q */
  /* Sub-selects used as values that name no alias of the selects around
   * them give the same list for every row: found once. Per select of q:
   * 0 not decided, 1 correlated, 3 not correlated, 2 found (in
   * subselect_values). */
  guint8 *subselect_state;
  HsOqlValue *subselect_values;
  /* For x IN such a list of objects: one bit per object of the heap,
   * made the first time (NULL: not yet; subselect_no_bits: the list holds
   * other values). */
  guint8 **subselect_bits;
  guint8 *subselect_no_bits;
} HsOqlEval;

/* FALSE once an error is set or the query is cancelled (checked every few
 * thousand calls). */
gboolean hs_oql_eval_tick (HsOqlEval *ev);
gboolean hs_oql_eval_fail (HsOqlEval *ev, const HsOqlNode *at, const char *format, ...) G_GNUC_PRINTF (3, 4);

/* Expression evaluation: out is set (null at least) on TRUE. */
gboolean hs_oql_eval_expr (HsOqlEval *ev, guint32 node, const HsOqlEnv *env, HsOqlValue *out);
gboolean hs_oql_truthy (const HsOqlValue *v);
gboolean hs_oql_values_equal (HsOqlEval *ev, const HsOqlValue *x, const HsOqlValue *y);
/* Whether text matches q's regex number regex. FALSE with the error set
 * (at at, else under what) when the regex engine gives up (its match or
 * depth limit): never a silent "no match". */
gboolean hs_oql_regex_match (HsOqlEval *ev, const HsOqlNode *at, const char *what, guint32 regex,
                             const char *text, gboolean *matched);

/* Built-ins (hs-oql-builtins.c). */
HsOqlValue hs_oql_from_heap_value (HsOqlEval *ev, const HsValue *v);
gboolean hs_oql_field (HsOqlEval *ev, const HsOqlNode *at, const HsOqlValue *base, const char *name,
                       HsOqlValue *out);
gboolean hs_oql_attribute (HsOqlEval *ev, const HsOqlNode *at, const HsOqlValue *base, const char *name,
                           HsOqlValue *out);
gboolean hs_oql_function (HsOqlEval *ev, const HsOqlNode *at, const char *name, HsOqlValue *args,
                          guint n_args, HsOqlValue *out);
gboolean hs_oql_method (HsOqlEval *ev, const HsOqlNode *at, const HsOqlValue *base, const char *name,
                        HsOqlValue *args, guint n_args, HsOqlValue *out);
/* base[index] and base[from:to] (inclusive; negative counts from the end). */
gboolean hs_oql_index (HsOqlEval *ev, const HsOqlNode *at, const HsOqlValue *base, gint64 index,
                       HsOqlValue *out);
gboolean hs_oql_slice (HsOqlEval *ev, const HsOqlNode *at, const HsOqlValue *base, gint64 from, gint64 to,
                       HsOqlValue *out);
/* The text of a string value or a String object; NULL for anything else. */
char *hs_oql_string_of (HsOqlEval *ev, const HsOqlValue *v);
/* Elements of a list-like value (a list, an array object, a collection
 * object read through its layout): a new list, or NULL. */
HsOqlList *hs_oql_as_list (HsOqlEval *ev, const HsOqlNode *at, const HsOqlValue *v);

G_END_DECLS
