/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The OQL engine's entry points (hs-oql.h) on tests/cli/test_oql.py's heap
 * (query.hprof, written by tests/ui/make-query-dump.py; its objects are
 * worked out there): the objects of a result (what `paths --query` reads),
 * a row callback that stops, cancellation before and during a run, error
 * positions and the limits' error code. */
#include "config.h"

#include "hs-analysis.h"
#include "hs-oql.h"

static HsAnalysis *analysis;

#define NODE_A 0x2000
#define NODE_B 0x2010
#define NODE_C 0x2020

static void
test_collect (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) objs = hs_oql_collect_objects (
      analysis, "SELECT n.name, n FROM com.example.Node n WHERE n.v < 9", HS_OQL_FLAGS_NONE, NULL, &error);
  g_assert_no_error (error);
  /* A (name S1 = 0x3000, then A) and B (name null, then B): objects of
   * every column, in row order. */
  g_assert_cmpuint (objs->len, ==, 3);
  g_assert_cmphex (hs_heap_object_id (analysis->heap, g_array_index (objs, HsObj, 0)), ==, 0x3000);
  g_assert_cmphex (hs_heap_object_id (analysis->heap, g_array_index (objs, HsObj, 1)), ==, NODE_A);
  g_assert_cmphex (hs_heap_object_id (analysis->heap, g_array_index (objs, HsObj, 2)), ==, NODE_B);
}

typedef struct
{
  guint rows;
  guint stop_at;
  GCancellable *cancel_at_first;
} Count;

static gboolean
count_row (const HsOqlRow *row, gpointer data)
{
  Count *c = data;
  c->rows++;
  if (c->cancel_at_first)
    g_cancellable_cancel (c->cancel_at_first);
  return c->stop_at == 0 || c->rows < c->stop_at;
}

static void
test_stop (void)
{
  g_autoptr (GError) error = NULL;
  Count c = { .stop_at = 1 };
  /* Three Nodes; the callback wants one. */
  g_assert_true (hs_oql_run (analysis, "SELECT * FROM com.example.Node", HS_OQL_FLAGS_NONE, NULL, count_row,
                             &c, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (c.rows, ==, 1);
}

static void
test_cancel (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  Count c = { 0 };

  g_cancellable_cancel (cancellable);
  g_assert_false (hs_oql_run (analysis, "SELECT * FROM com.example.Node", HS_OQL_FLAGS_NONE, NULL, count_row,
                              &c, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (c.rows, ==, 0);
  g_clear_error (&error);

  /* Cancelled during the run (at its first row): a query of 500 UNIONs
   * of the Nodes stops within the few thousand steps between checks. */
  GString *q = g_string_new ("SELECT * FROM com.example.Node");
  for (int i = 0; i < 500; i++)
    g_string_append (q, " UNION (SELECT * FROM com.example.Node)");
  Count all = { 0 };
  g_assert_true (hs_oql_run (analysis, q->str, HS_OQL_FLAGS_NONE, NULL, count_row, &all, NULL, &error));
  g_assert_cmpuint (all.rows, ==, 3 * 501);
  g_autoptr (GCancellable) during = g_cancellable_new ();
  Count d = { .cancel_at_first = during };
  g_assert_false (hs_oql_run (analysis, q->str, HS_OQL_FLAGS_NONE, NULL, count_row, &d, during, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (d.rows, >=, 1);
  g_assert_cmpuint (d.rows, <, all.rows);
  g_string_free (q, TRUE);
}

static void
test_errors (void)
{
  g_autoptr (GError) error = NULL;
  guint line = 0, column = 0;

  g_assert_false (hs_oql_check ("SELECT *\n  FROM", &error));
  g_assert_error (error, HS_OQL_ERROR, HS_OQL_ERROR_SYNTAX);
  g_assert_true (hs_oql_error_position (error, &line, &column));
  /* After FROM (line 2, columns 3 to 6) comes the end, at column 7. */
  g_assert_cmpuint (line, ==, 2);
  g_assert_cmpuint (column, ==, 7);
  g_clear_error (&error);

  g_autofree char *deep = g_strnfill (HS_OQL_MAX_DEPTH + 10, '(');
  g_autofree char *q = g_strdup_printf ("SELECT * FROM OBJECTS %s1", deep);
  g_assert_false (hs_oql_check (q, &error));
  g_assert_error (error, HS_OQL_ERROR, HS_OQL_ERROR_LIMIT);
  g_clear_error (&error);

  g_autofree char *longq = g_strnfill (HS_OQL_MAX_LENGTH + 1, ' ');
  g_assert_false (hs_oql_check (longq, &error));
  g_assert_error (error, HS_OQL_ERROR, HS_OQL_ERROR_LIMIT);
  g_assert_false (hs_oql_error_position (error, &line, &column));
  g_clear_error (&error);

  /* Runs, but an unknown method is an error with its place. */
  g_assert_null (hs_oql_collect_objects (analysis, "SELECT n.frobnicate() FROM com.example.Node n",
                                         HS_OQL_FLAGS_NONE, NULL, &error));
  g_assert_error (error, HS_OQL_ERROR, HS_OQL_ERROR_EVAL);
  g_assert_true (hs_oql_error_position (error, &line, &column));
  g_assert_cmpuint (column, ==, 10);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  g_autoptr (GError) error = NULL;
  HsAnalysisOptions opts = { .skip_leaks = TRUE };
  analysis = hs_analysis_run (argv[1], &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_test_add_func ("/oql/collect", test_collect);
  g_test_add_func ("/oql/stop", test_stop);
  g_test_add_func ("/oql/cancel", test_cancel);
  g_test_add_func ("/oql/errors", test_errors);
  int rc = g_test_run ();
  hs_analysis_free (analysis);
  return rc;
}
