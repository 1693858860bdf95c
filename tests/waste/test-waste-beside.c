/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-waste-beside.c: the waste pass run beside the dominators
 * (HsAnalysisOptions.beside, hs-analysis.c) against the pass run after
 * a plain analysis, whose reachability comes from the finished tree's
 * immediate dominators instead of the dominators' walk, on the Insights
 * dump (make-insights-dump.py: duplicate strings, bitmaps), the sample dump
 * and the corpus's dumps; and the thread's life: the analysis freed while
 * the pass may still run, cancelled after it returns, cancelled while the
 * dominators run (the thread waiting for their walk must be let go); and
 * the pass left for afterwards when the memory is short. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "hs-waste.h"
#include "../hs-test-corpus.h"

static const char *insights_dump;

static HsAnalysis *
analyse (const char *path, gboolean beside, gboolean background, GCancellable *cancellable)
{
  g_autoptr (GError) error = NULL;
  HsAnalysisOptions opts = { 0 };
  opts.beside = beside ? &hs_waste_beside : NULL;
  opts.beside_in_background = background;
  HsAnalysis *a = hs_analysis_run (path, &opts, NULL, NULL, cancellable, &error);
  g_assert_no_error (error);
  g_assert_nonnull (a);
  return a;
}

static char *
waste_json (HsAnalysis *a, gboolean want_beside)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HsWaste) w = hs_waste_find (a, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (w);
  g_assert_cmpint (w->beside, ==, want_beside);
  GString *out = g_string_new (NULL);
  hs_waste_to_json (w, a->heap, -1, out);
  return g_string_free (out, FALSE);
}

static GPtrArray *
dumps (void)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (paths, g_strdup (insights_dump));
  g_ptr_array_add (paths, g_strdup (HS_SAMPLE_DUMP));
  g_autofree char *corpus = hs_test_corpus_dir (); /* without it, the generated dumps only */
  for (guint k = 0; corpus && k < 2; k++)
    {
      g_autofree char *dir = g_build_filename (corpus, k == 0 ? "jvm" : "android", NULL);
      g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
      for (const char *name; d && (name = g_dir_read_name (d));)
        if (g_str_has_suffix (name, ".hprof"))
          g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
    }
  return paths;
}

/* The same findings either way, byte for byte as JSON (paths included);
 * beside on two cores, after on one. */
static void
test_same_as_after (void)
{
  gboolean two = g_get_num_processors () > 1;
  g_autoptr (GPtrArray) paths = dumps ();
  guint64 unreachable = 0;
  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = paths->pdata[i];
      g_autoptr (HsAnalysis) a = analyse (path, TRUE, FALSE, NULL);
      g_autoptr (HsAnalysis) b = analyse (path, FALSE, FALSE, NULL);
      g_assert_null (hs_analysis_beside_result (b, &hs_waste_beside));
      g_autofree char *beside = waste_json (a, two);
      g_autofree char *after = waste_json (b, FALSE);
      g_assert_cmpstr (beside, ==, after);
      /* The totals reachability gives, marked from the walk's bits there
       * and from the tree here. */
      const HsSummary *sa = hs_heap_summary (a->heap), *sb = hs_heap_summary (b->heap);
      g_assert_cmpuint (sa->reachable_objects, ==, sb->reachable_objects);
      g_assert_cmpuint (sa->reachable_bytes, ==, sb->reachable_bytes);
      g_assert_cmpuint (sa->reachable_objects, ==, a->dom->n_reachable);
      for (guint c = 0; c < hs_heap_n_classes (a->heap); c++)
        g_assert_cmpuint (hs_class_reachable_count (a->heap, c), ==, hs_class_reachable_count (b->heap, c));
      unreachable += sa->unreachable_objects;
      /* Asked again: the same result (the thread is joined once). */
      g_autofree char *again = waste_json (a, two);
      g_assert_cmpstr (again, ==, beside);
    }
  /* Some dump has unreachable objects, which must not count. */
  g_assert_cmpuint (unreachable, >, 0);
}

/* This process's anonymous memory (kB), which hs_memory_available counts
 * as available to it. */
static guint64
rss_anon_kb (void)
{
  g_autofree char *status = NULL;
  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  const char *m = strstr (status, "RssAnon:");
  g_assert_nonnull (m);
  return g_ascii_strtoull (m + strlen ("RssAnon:"), NULL, 10);
}

/* Not enough memory for the pass beside the dominators' peak: a fake
 * /proc/meminfo whose MemAvailable and this process's anonymous memory make
 * 66 MiB, above the analysis's estimate for this small dump (64 MiB and
 * some KiB) and below that plus the pass's (16 MiB and more): not found
 * beside, found after by hs_waste_find, the same. */
static void
test_memory_short (void)
{
  g_autoptr (HsAnalysis) ref = analyse (insights_dump, FALSE, FALSE, NULL);
  g_autofree char *want = waste_json (ref, FALSE);
  g_autofree char *dir = g_dir_make_tmp ("hs-beside-XXXXXX", NULL);
  g_autofree char *meminfo = g_build_filename (dir, "meminfo", NULL);
  guint64 anon = rss_anon_kb ();
  guint64 avail = anon < 65 * 1024 ? 66 * 1024 - anon : 1024;
  g_autofree char *text
      = g_strdup_printf ("MemTotal: 1048576 kB\nMemAvailable: %" G_GUINT64_FORMAT " kB\n", avail);
  g_assert_true (g_file_set_contents (meminfo, text, -1, NULL));
  g_setenv ("HS_TEST_MEMINFO", meminfo, TRUE);
  g_autoptr (HsAnalysis) a = analyse (insights_dump, TRUE, FALSE, NULL);
  g_unsetenv ("HS_TEST_MEMINFO");
  g_assert_null (hs_analysis_beside_result (a, &hs_waste_beside));
  g_autofree char *got = waste_json (a, FALSE);
  g_assert_cmpstr (got, ==, want);
  g_unlink (meminfo);
  g_rmdir (dir);
}

/* Freed at once, the pass perhaps still running (at +19 or not): joined
 * first, nothing leaked or read after it is freed (the ASan build). */
static void
test_free_early (void)
{
  for (guint i = 0; i < 8; i++)
    {
      HsAnalysis *a = analyse (HS_SAMPLE_DUMP, TRUE, i % 2 == 0, NULL);
      hs_analysis_free (a);
    }
}

/* The caller's cancellable cancelled after the analysis returned: the pass
 * beside stops or has finished; either way hs_waste_find gives the same
 * findings (finding them itself when the pass was cut short). */
static void
test_cancel_after (void)
{
  g_autoptr (HsAnalysis) ref = analyse (insights_dump, FALSE, FALSE, NULL);
  g_autofree char *want = waste_json (ref, FALSE);
  for (guint i = 0; i < 4; i++)
    {
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      g_autoptr (HsAnalysis) a = analyse (insights_dump, TRUE, TRUE, cancellable);
      g_cancellable_cancel (cancellable);
      g_autoptr (GError) error = NULL;
      g_autoptr (HsWaste) w = hs_waste_find (a, NULL, &error);
      g_assert_no_error (error);
      GString *out = g_string_new (NULL);
      hs_waste_to_json (w, a->heap, -1, out);
      g_autofree char *got = g_string_free (out, FALSE);
      g_assert_cmpstr (got, ==, want);
    }
}

/* Cancelled from the dominators' progress: the run fails with CANCELLED
 * and returns (the thread that waits for the dominators' walk is let go
 * whether the walk finished or not). */
typedef struct
{
  GCancellable *cancellable;
  guint calls, cancel_at;
} Cancel;

static void
on_progress (const char *phase, double fraction, gpointer data)
{
  Cancel *c = data;
  if (g_strcmp0 (phase, "dominators") == 0 && ++c->calls == c->cancel_at)
    g_cancellable_cancel (c->cancellable);
}

static void
test_cancel_dominators (void)
{
  /* How many reports the dominators give on the sample dump. */
  Cancel count = { NULL, 0, 0 };
  HsAnalysisOptions opts = { 0 };
  opts.beside = &hs_waste_beside;
  g_autoptr (HsAnalysis) full = hs_analysis_run (HS_SAMPLE_DUMP, &opts, on_progress, &count, NULL, NULL);
  g_assert_nonnull (full);
  g_assert_cmpuint (count.calls, >=, 2);
  for (guint k = 1; k < count.calls; k++)
    {
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      g_autoptr (GError) error = NULL;
      Cancel c = { cancellable, 0, k };
      HsAnalysis *a = hs_analysis_run (HS_SAMPLE_DUMP, &opts, on_progress, &c, cancellable, &error);
      g_assert_null (a);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  insights_dump = argv[1];
  g_test_add_func ("/waste-beside/memory-short", test_memory_short);
  g_test_add_func ("/waste-beside/same-as-after", test_same_as_after);
  g_test_add_func ("/waste-beside/free-early", test_free_early);
  g_test_add_func ("/waste-beside/cancel-after", test_cancel_after);
  g_test_add_func ("/waste-beside/cancel-dominators", test_cancel_dominators);
  return g_test_run ();
}
