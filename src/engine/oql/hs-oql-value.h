/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql-value.h: one value of an OQL expression: null, a boolean, an
 * int (Java int, short, byte), a long, a double (float too), a char, a
 * string, an object of the heap (its dense index) or a list of values
 * (arrays read as values, results of functions and sub-selects, rows of a
 * table read back by a FROM OBJECTS). Strings and lists are owned by the
 * value: copy with hs_oql_value_copy, free with hs_oql_value_clear. */
#pragma once

#include "hs-analysis.h"

G_BEGIN_DECLS

typedef enum
{
  HS_OQL_NULL,
  HS_OQL_BOOL,
  HS_OQL_INT,
  HS_OQL_LONG,
  HS_OQL_DOUBLE,
  HS_OQL_CHAR,
  HS_OQL_STRING,
  HS_OQL_OBJECT,
  HS_OQL_LIST, /* a list of values; with names, a row of a table */
} HsOqlKind;

typedef struct _HsOqlList HsOqlList;

typedef struct
{
  HsOqlKind kind;
  union
  {
    gboolean b;
    gint64 i; /* INT, LONG, CHAR (a UTF-16 unit) */
    double d;
    HsObj o;
    char *s; /* UTF-8 */
    HsOqlList *list;
  };
} HsOqlValue;

/* A list of values. names, when set, names each value (a table row): then
 * `row.name` reads a column. Reference counted: lists are shared between
 * values without copying. */
struct _HsOqlList
{
  gint ref;
  GArray *values;   /* HsOqlValue */
  GPtrArray *names; /* char *, NULL for a plain list; shared by a table's rows */
  /* Set on the value of a sub-select of columns (a table): its column
   * names (its rows are plain values when it has one). FROM OBJECTS joins
   * on such columns (docs/semantics.md, "OQL"). */
  GPtrArray *columns;
};

#define HS_OQL_VALUE_NULL ((HsOqlValue){ .kind = HS_OQL_NULL })

HsOqlList *hs_oql_list_new (void);
HsOqlList *hs_oql_list_ref (HsOqlList *l);
void hs_oql_list_unref (HsOqlList *l);
/* Takes v. */
void hs_oql_list_append (HsOqlList *l, HsOqlValue *v);
guint hs_oql_list_len (const HsOqlList *l);
const HsOqlValue *hs_oql_list_get (const HsOqlList *l, guint i);

HsOqlValue hs_oql_value_bool (gboolean b);
HsOqlValue hs_oql_value_int (gint64 i);
HsOqlValue hs_oql_value_long (gint64 i);
HsOqlValue hs_oql_value_double (double d);
HsOqlValue hs_oql_value_string_take (char *s);
HsOqlValue hs_oql_value_string (const char *s);
/* HS_OBJ_NONE gives null. */
HsOqlValue hs_oql_value_object (HsObj o);
HsOqlValue hs_oql_value_list_take (HsOqlList *l);
void hs_oql_value_copy (HsOqlValue *dst, const HsOqlValue *src);
void hs_oql_value_clear (HsOqlValue *v);

/* Numbers: int, long, char and double (and booleans for none). */
gboolean hs_oql_value_is_number (const HsOqlValue *v);
double hs_oql_value_as_double (const HsOqlValue *v);
/* The value as the result table shows it (docs/semantics.md "OQL"):
 * strings as they are, a String object its text, a boxed number its
 * value, a class object its name, other objects `class@0xid`, lists
 * `[a, b]`, null as "null". max_chars bounds strings read from the heap. */
void hs_oql_value_append_text (HsAnalysis *a, const HsOqlValue *v, GString *out);
char *hs_oql_value_to_text (HsAnalysis *a, const HsOqlValue *v);
/* toString() of the language: the same, except that an object that is not
 * a String, a boxed value or a class gives its label. */
#define HS_OQL_STRING_MAX_CHARS (1u << 20)

G_END_DECLS
