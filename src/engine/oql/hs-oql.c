/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql.c: the public entry points: parse, then run the outermost select
 * into the caller's callbacks. */
#include "config.h"

#include <stdio.h>

#include "hs-oql-parser.h"
#include "hs-oql-select-private.h"
#include "hs-oql.h"

typedef struct
{
  HsOqlSink sink;
  HsOqlColumnsFunc columns;
  HsOqlRowFunc row;
  gpointer data;
  HsOqlEval *ev;
} Forward;

static void
forward_columns (HsOqlSink *sink, gboolean objects, const char *const *names, guint n)
{
  Forward *f = (Forward *)sink;
  if (f->columns)
    f->columns (objects, names, n, f->data);
}

static gboolean
forward_row (HsOqlSink *sink, HsObj obj, const HsOqlValue *values, guint n)
{
  Forward *f = (Forward *)sink;
  HsOqlRow row = { .object = obj, .n_values = n, .values = values };
  if (!f->row (&row, f->data))
    {
      f->ev->stopped = TRUE;
      return FALSE;
    }
  return TRUE;
}

gboolean
hs_oql_run (HsAnalysis *analysis, const char *text, HsOqlFlags flags, HsOqlColumnsFunc columns,
            HsOqlRowFunc row, gpointer data, GCancellable *cancellable, GError **error)
{
  g_autoptr (HsOqlQuery) q = hs_oql_parse (text, error);
  if (!q)
    return FALSE;
  HsOqlEval ev = { .a = analysis, .h = analysis->heap, .q = q, .flags = flags, .cancellable = cancellable };
  Forward f = { .sink = { .columns = forward_columns, .row = forward_row },
                .columns = columns,
                .row = row,
                .data = data,
                .ev = &ev };
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  ev.field_cache = g_new (HsOqlFieldCache, q->nodes->len + 1);
  for (guint i = 0; i <= q->nodes->len; i++)
    ev.field_cache[i].klass = HS_CLASS_NONE;
  ev.subselect_state = g_new0 (guint8, q->selects->len + 1);
  ev.subselect_values = g_new0 (HsOqlValue, q->selects->len + 1);
  ev.subselect_bits = g_new0 (guint8 *, q->selects->len + 1);
  ev.subselect_no_bits = g_new0 (guint8, q->selects->len + 1);
  hs_oql_select_run (&ev, q->top, NULL, &f.sink);
  g_free (ev.field_cache);
  for (guint i = 0; i < q->selects->len; i++)
    {
      hs_oql_value_clear (&ev.subselect_values[i]);
      g_free (ev.subselect_bits[i]);
    }
  g_free (ev.subselect_bits);
  g_free (ev.subselect_no_bits);
  g_free (ev.subselect_values);
  g_free (ev.subselect_state);
  if (ev.error)
    {
      g_propagate_error (error, ev.error);
      return FALSE;
    }
  if (!f.sink.announced && !ev.stopped)
    {
      /* An empty result still has columns. */
      const HsOqlSelect *s = hs_oql_select (q, q->top);
      gboolean objects = s->star || s->objects || s->retained;
      if (columns)
        columns (objects, objects ? NULL : (const char *const *)s->labels->pdata,
                 objects ? 0 : s->labels->len, data);
    }
  return TRUE;
}

gboolean
hs_oql_check (const char *text, GError **error)
{
  HsOqlQuery *q = hs_oql_parse (text, error);
  hs_oql_query_free (q);
  return q != NULL;
}

static gboolean
collect_row (const HsOqlRow *row, gpointer data)
{
  GArray *objs = data;
  if (row->object != HS_OBJ_NONE)
    g_array_append_val (objs, row->object);
  for (guint i = 0; i < row->n_values; i++)
    if (row->values[i].kind == HS_OQL_OBJECT)
      g_array_append_val (objs, row->values[i].o);
  return TRUE;
}

GArray *
hs_oql_collect_objects (HsAnalysis *analysis, const char *text, HsOqlFlags flags, GCancellable *cancellable,
                        GError **error)
{
  GArray *objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
  if (!hs_oql_run (analysis, text, flags, NULL, collect_row, objs, cancellable, error))
    {
      g_array_unref (objs);
      return NULL;
    }
  return objs;
}

gboolean
hs_oql_error_position (const GError *error, guint *line, guint *column)
{
  if (!error || error->domain != HS_OQL_ERROR)
    return FALSE;
  return sscanf (error->message, "line %u, column %u:", line, column) == 2;
}
