/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql-ast.h: a parsed query as flat arrays: expression nodes and
 * selects refer to each other by index, so a query is freed in one go and
 * the evaluator walks it without pointers. */
#pragma once

#include "hs-oql-value.h"

G_BEGIN_DECLS

#define HS_OQL_NONE G_MAXUINT32

typedef enum
{
  HS_OQL_N_LITERAL,    /* value */
  HS_OQL_N_NAME,       /* name: the alias, else a field of the current object */
  HS_OQL_N_ATTR,       /* @name of the current object */
  HS_OQL_N_FIELD,      /* a.name */
  HS_OQL_N_ATTR_OF,    /* a.@name */
  HS_OQL_N_INDEX,      /* a[b] */
  HS_OQL_N_SLICE,      /* a[b:c] (b, c inclusive, negative from the end) */
  HS_OQL_N_CALL,       /* name(args) */
  HS_OQL_N_METHOD,     /* a.name(args) */
  HS_OQL_N_BINARY,     /* a op b */
  HS_OQL_N_NEG,        /* -a */
  HS_OQL_N_NOT,        /* NOT a */
  HS_OQL_N_LIKE,       /* a [NOT] LIKE regex (regex: the index in regexes) */
  HS_OQL_N_IN,         /* a [NOT] IN b */
  HS_OQL_N_IMPLEMENTS, /* a implements name (a class name) */
  HS_OQL_N_SUBSELECT,  /* select */
} HsOqlNodeKind;

typedef enum
{
  HS_OQL_OP_OR,
  HS_OQL_OP_AND,
  HS_OQL_OP_EQ,
  HS_OQL_OP_NE,
  HS_OQL_OP_LT,
  HS_OQL_OP_GT,
  HS_OQL_OP_LE,
  HS_OQL_OP_GE,
  HS_OQL_OP_ADD,
  HS_OQL_OP_SUB,
  HS_OQL_OP_MUL,
  HS_OQL_OP_DIV,
} HsOqlOp;

typedef struct
{
  HsOqlNodeKind kind;
  HsOqlOp op;
  gboolean negate;            /* NOT LIKE, NOT IN */
  guint32 a, b, c;            /* child nodes, HS_OQL_NONE when absent */
  guint32 args_start, n_args; /* CALL, METHOD: indexes into args */
  guint32 select;             /* SUBSELECT */
  guint32 regex;              /* LIKE */
  char *name;                 /* NAME, ATTR, FIELD, ATTR_OF, CALL, METHOD, IMPLEMENTS */
  HsOqlValue value;           /* LITERAL */
  guint line, column;
  guint height; /* 1 + the greatest height of the nodes it is made of */
} HsOqlNode;

typedef enum
{
  HS_OQL_FROM_CLASS,     /* class_name */
  HS_OQL_FROM_REGEX,     /* regex over class names: class_regex */
  HS_OQL_FROM_ADDRESSES, /* args: literal nodes (hex: an address; decimal: an object index) */
  HS_OQL_FROM_SELECT,    /* sub_select */
  HS_OQL_FROM_EXPR,      /* expr: a parenthesised expression */
} HsOqlFromKind;

typedef struct
{
  gboolean distinct, retained;
  gboolean star;              /* SELECT * */
  gboolean objects;           /* SELECT OBJECTS expr */
  guint32 cols_start, n_cols; /* expression nodes in args */
  GPtrArray *labels;          /* column names */
  HsOqlFromKind from;
  gboolean from_objects, instanceof ;
  char *class_name;
  guint32 class_regex; /* index in regexes */
  guint32 sub_select, expr;
  guint32 addrs_start, n_addrs; /* in args */
  char *alias;
  guint32 where;
  guint32 union_next; /* the next select of a UNION chain */
  /* The expression nodes made while this select (with its sub-selects and
   * unions) was read: [node_start, node_end). */
  guint32 node_start, node_end;
} HsOqlSelect;

typedef struct
{
  GArray *nodes;      /* HsOqlNode */
  GArray *selects;    /* HsOqlSelect */
  GArray *args;       /* guint32 node indexes */
  GPtrArray *regexes; /* GRegex */
  guint32 top;        /* the outermost select */
} HsOqlQuery;

HsOqlQuery *hs_oql_query_new (void);
void hs_oql_query_free (HsOqlQuery *q);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsOqlQuery, hs_oql_query_free)

static inline HsOqlNode *
hs_oql_node (const HsOqlQuery *q, guint32 i)
{
  return &g_array_index (q->nodes, HsOqlNode, i);
}

static inline HsOqlSelect *
hs_oql_select (const HsOqlQuery *q, guint32 i)
{
  return &g_array_index (q->selects, HsOqlSelect, i);
}

static inline guint32
hs_oql_arg (const HsOqlQuery *q, guint32 i)
{
  return g_array_index (q->args, guint32, i);
}

G_END_DECLS
