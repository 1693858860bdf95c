/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-oql-one.c: the parser and evaluator of OQL (hs-oql.h) on arbitrary
 * query text, over one analysis loaded once. Each row's values are turned
 * into text (every value kind's text path) and must be UTF-8. A query
 * that takes longer than two seconds is cancelled (a slow query is not a
 * bug: a query may ask for a lot; the cancel must work). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz-oql-one.h"
#include "hs-oql.h"

static HsAnalysis *analysis;

void
hs_fuzz_oql_init (void)
{
  g_autoptr (GError) error = NULL;
  HsAnalysisOptions opts = { 0 };
  if (analysis)
    return;
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR);
  opts.skip_leaks = TRUE;
  analysis = hs_analysis_run (HS_FUZZ_OQL_DUMP, &opts, NULL, NULL, NULL, &error);
  if (!analysis)
    {
      g_printerr ("fuzz-oql: %s: %s\n", HS_FUZZ_OQL_DUMP, error->message);
      abort ();
    }
}

typedef struct
{
  guint rows;
  gint64 deadline;
  GCancellable *cancellable;
} Run;

static gboolean
on_row (const HsOqlRow *row, gpointer data)
{
  Run *r = data;
  for (guint i = 0; i < row->n_values; i++)
    {
      g_autofree char *text = hs_oql_value_to_text (analysis, &row->values[i]);
      if (!g_utf8_validate (text, -1, NULL))
        abort ();
    }
  if (g_get_monotonic_time () > r->deadline)
    g_cancellable_cancel (r->cancellable);
  return ++r->rows < 2000;
}

/* The watchdog: a query that yields no rows is cancelled from here. */
static gpointer
watchdog (gpointer data)
{
  Run *r = data;
  while (!g_cancellable_is_cancelled (r->cancellable) && g_get_monotonic_time () < r->deadline)
    g_usleep (20000);
  g_cancellable_cancel (r->cancellable);
  return NULL;
}

gboolean
hs_fuzz_oql_one (const guint8 *data, gsize size)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = g_strndup ((const char *)data, size);
  Run r = { .deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC, .cancellable = g_cancellable_new () };
  guint line, column;
  gboolean ok;

  hs_fuzz_oql_init ();
  if (!hs_oql_check (text, &error))
    {
      if (error->domain != HS_OQL_ERROR || !g_utf8_validate (error->message, -1, NULL))
        abort ();
      if (error->code == HS_OQL_ERROR_SYNTAX && !hs_oql_error_position (error, &line, &column))
        abort ();
      g_object_unref (r.cancellable);
      return FALSE;
    }
  GThread *dog = g_thread_new ("fuzz-oql-watchdog", watchdog, &r);
  ok = hs_oql_run (analysis, text, HS_OQL_FLAGS_NONE, NULL, on_row, &r, r.cancellable, &error);
  g_cancellable_cancel (r.cancellable);
  g_thread_join (dog);
  if (!ok
      && (error == NULL || !g_utf8_validate (error->message, -1, NULL)
          || (error->domain != HS_OQL_ERROR && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))))
    abort ();
  g_object_unref (r.cancellable);
  return ok;
}
