/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql-select-private.h: running one select (and its UNION chain) into
 * a sink (hs-oql-select.c). */
#pragma once

#include "hs-oql-eval-private.h"

G_BEGIN_DECLS

typedef struct _HsOqlSink HsOqlSink;
struct _HsOqlSink
{
  /* Called once before the first row, or at the end when there is none. */
  void (*columns) (HsOqlSink *sink, gboolean objects, const char *const *names, guint n);
  /* An object row (obj) or a table row (values, n); FALSE to stop. */
  gboolean (*row) (HsOqlSink *sink, HsObj obj, const HsOqlValue *values, guint n);
  gboolean announced;
  gboolean objects; /* what was announced */
};

gboolean hs_oql_select_run (HsOqlEval *ev, guint32 select, const HsOqlEnv *parent, HsOqlSink *sink);
/* A sub-select as a value: a list of its objects, or of its values (one
 * column), or of its rows as named lists (several columns). */
gboolean hs_oql_select_value (HsOqlEval *ev, guint32 select, const HsOqlEnv *parent, HsOqlValue *out);

G_END_DECLS
