/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-instance-filter on filter.hprof (make-selection-dumps.py lists its
 * Strings and Holders and works out their retained sizes): each kind of
 * filter, what it keeps, and the errors. */
#include "hs-instance-filter.h"
#include "hs-query.h"

static HsAnalysis *a;

#define S1 0x30000
#define S2 0x30020
#define S3 0x30040
#define H1 0x31000
#define H2 0x31010
#define H3 0x31020

/* The instances of class_name that text keeps, as ids, 0-terminated want. */
static void
assert_keeps (const char *class_name, const char *text, const guint64 *want)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HsInstanceFilter) f = hs_instance_filter_new (text, &error);
  g_autoptr (GArray) cs = hs_query_classes_named (a->heap, class_name);
  g_autoptr (GArray) objs = hs_query_instances_unsorted (a, (HsClass *)cs->data, cs->len);
  g_autoptr (GArray) kept = NULL;
  guint n = 0;

  g_assert_no_error (error);
  g_assert_nonnull (f);
  kept = hs_instance_filter_apply (f, a, (HsObj *)objs->data, objs->len, NULL, &error);
  g_assert_no_error (error);
  for (; want[n]; n++)
    {
      g_assert_cmpuint (n, <, kept->len);
      g_assert_cmphex (hs_heap_object_id (a->heap, g_array_index (kept, HsObj, n)), ==, want[n]);
    }
  g_assert_cmpuint (kept->len, ==, n);
}

static void
test_strings (void)
{
  /* Contents, without case; a regex over the contents. */
  assert_keeps ("java.lang.String", "hel", (const guint64[]){ S1, S3, 0 });
  assert_keeps ("java.lang.String", "HELLO", (const guint64[]){ S1, 0 });
  assert_keeps ("java.lang.String", "/^w.*!$/", (const guint64[]){ S2, 0 });
  assert_keeps ("java.lang.String", "/l{2}/", (const guint64[]){ S1, 0 });
  assert_keeps ("java.lang.String", "nothing like it", (const guint64[]){ 0 });
}

static void
test_fields (void)
{
  assert_keeps ("com.example.Holder", "n=22", (const guint64[]){ H2, 0 });
  assert_keeps ("com.example.Holder", "name=hello", (const guint64[]){ H1, 0 });
  assert_keeps ("com.example.Holder", "name=null", (const guint64[]){ H3, 0 });
  assert_keeps ("com.example.Holder", "name~^wor", (const guint64[]){ H2, 0 });
  assert_keeps ("com.example.Holder", "n~^[13]$", (const guint64[]){ H1, H3, 0 });
  /* A field the class lacks keeps nothing. */
  assert_keeps ("com.example.Holder", "nosuch=1", (const guint64[]){ 0 });
}

static void
test_retained (void)
{
  /* H1 and H2 retain 56 bytes, H3 16. */
  assert_keeps ("com.example.Holder", "retained>=50B", (const guint64[]){ H1, H2, 0 });
  assert_keeps ("com.example.Holder", "retained >= 56", (const guint64[]){ H1, H2, 0 });
  assert_keeps ("com.example.Holder", "retained>56", (const guint64[]){ 0 });
  assert_keeps ("com.example.Holder", "retained<20", (const guint64[]){ H3, 0 });
  assert_keeps ("com.example.Holder", "retained=16", (const guint64[]){ H3, 0 });
  assert_keeps ("com.example.Holder", "retained>=1MB", (const guint64[]){ 0 });
  /* S3 retains 48 bytes, S1 and S2 40: only S3 more than 0.04 kB (40);
   * all less than 0.05 KiB (51.2). */
  assert_keeps ("java.lang.String", "retained>0.04kB", (const guint64[]){ S3, 0 });
  assert_keeps ("java.lang.String", "retained<0.05KiB", (const guint64[]){ S1, S2, S3, 0 });
}

static void
test_errors (void)
{
  g_autoptr (GError) error = NULL;

  g_assert_null (hs_instance_filter_new ("  ", &error));
  g_assert_no_error (error);
  g_assert_null (hs_instance_filter_new ("/[/", &error));
  g_assert_error (error, G_REGEX_ERROR, G_REGEX_ERROR_UNTERMINATED_CHARACTER_CLASS);
  g_clear_error (&error);
  g_assert_null (hs_instance_filter_new ("name~(", &error));
  g_assert_true (error != NULL && error->domain == G_REGEX_ERROR);
  g_clear_error (&error);
  g_assert_null (hs_instance_filter_new ("retained>=lots", &error));
  g_assert_error (error, HS_ERROR, HS_ERROR_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (hs_instance_filter_new ("retained>=5XB", &error));
  g_assert_error (error, HS_ERROR, HS_ERROR_ARGUMENT);
}

int
main (int argc, char **argv)
{
  g_autofree char *path = NULL;
  HsAnalysisOptions opts = { 0 };
  g_autoptr (GError) error = NULL;
  int rc;

  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  path = g_build_filename (argv[1], "filter.hprof", NULL);
  opts.skip_leaks = TRUE;
  a = hs_analysis_run (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_test_add_func ("/instance-filter/strings", test_strings);
  g_test_add_func ("/instance-filter/fields", test_fields);
  g_test_add_func ("/instance-filter/retained", test_retained);
  g_test_add_func ("/instance-filter/errors", test_errors);
  rc = g_test_run ();
  hs_analysis_free (a);
  return rc;
}
