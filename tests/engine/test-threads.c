/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of hs-threads: the stack retained size of every thread, computed
 * for all threads at once, against the precise retained size of the set of
 * its locals (hs_retained_set_precise, one walk per thread), on random
 * graphs with overlapping locals (make-threads-dumps.py), the generated
 * threads dump and the corpus dumps that carry stacks. */
#include "hs-analysis.h"
#include "hs-threads.h"
#include "../hs-test-corpus.h"

/* Returns how many threads have a non-zero stack retained size. */
static guint
check_dump (const char *path)
{
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_message ("%s: not there, skipped", path);
      return 0;
    }
  HsAnalysisOptions opts = { .skip_leaks = TRUE };
  g_autoptr (GError) error = NULL;
  g_autoptr (HsAnalysis) a = hs_analysis_run (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  HsHeap *h = a->heap;
  g_autoptr (HsThreads) ts = hs_threads_read (h, a->dom);
  hs_threads_compute_stack_retained (ts, h);
  g_assert_true (ts->stack_retained_done);
  guint64 n = hs_heap_n_objects (h);
  g_autoptr (GArray) roots = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (gsize i = 0; i < hs_heap_n_roots (h); i++)
    if (hs_heap_root (h, i)->obj != HS_OBJ_NONE)
      g_array_append_val (roots, hs_heap_root (h, i)->obj);
  guint nonzero = 0;
  for (guint i = 0; i < ts->n_threads; i++)
    {
      const HsThread *t = &ts->threads[i];
      g_autofree guint8 *in_set = g_new0 (guint8, MAX (n, 1));
      for (gsize r = 0; r < hs_heap_n_roots (h); r++)
        {
          const HsRoot *root = hs_heap_root (h, r);
          if ((root->type == HS_ROOT_JAVA_FRAME || root->type == HS_ROOT_JNI_LOCAL)
              && root->thread_serial == t->serial && root->obj != HS_OBJ_NONE)
            in_set[root->obj] = 1;
        }
      guint64 bytes = 0, count = 0;
      hs_retained_set_precise (hs_heap_graph (h), (const HsObj *)roots->data, roots->len, in_set, &bytes,
                               &count);
      g_assert_cmpuint (t->stack_retained, ==, bytes);
      g_assert_cmpuint (t->stack_retained_count, ==, count);
      nonzero += bytes > 0;
    }
  g_test_message ("%s: %u threads, %u with a stack retained size", path, ts->n_threads, nonzero);
  g_assert_cmpuint (ts->n_threads, >, 0);
  return nonzero;
}

static void
test_random (gconstpointer dir)
{
  for (int k = 0; k < 3; k++)
    {
      g_autofree char *name = g_strdup_printf ("threads-random-%d.hprof", k);
      g_autofree char *p = g_build_filename (dir, name, NULL);
      /* Some thread must retain something, or the comparison is 0 == 0. */
      g_assert_cmpuint (check_dump (p), >, 0);
    }
}

/* threads-known.hprof: make-threads-dumps.py works the figures out. */
static void
test_known (gconstpointer dir)
{
  g_autofree char *p = g_build_filename (dir, "threads-known.hprof", NULL);
  HsAnalysisOptions opts = { .skip_leaks = TRUE };
  g_autoptr (GError) error = NULL;
  g_autoptr (HsAnalysis) a = hs_analysis_run (p, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (HsThreads) ts = hs_threads_read (a->heap, a->dom);
  hs_threads_compute_stack_retained (ts, a->heap);
  g_assert_cmpuint (ts->n_threads, ==, 2);
  g_assert_cmpuint (ts->threads[0].serial, ==, 1);
  g_assert_cmpuint (ts->threads[0].stack_retained, ==, 184);
  g_assert_cmpuint (ts->threads[0].stack_retained_count, ==, 3);
  g_assert_cmpuint (ts->threads[1].serial, ==, 2);
  g_assert_cmpuint (ts->threads[1].stack_retained, ==, 112);
  g_assert_cmpuint (ts->threads[1].stack_retained_count, ==, 4);
  /* And the per-thread walk agrees. */
  g_assert_cmpuint (check_dump (p), ==, 2);
}

static void
test_generated (void)
{
  g_autofree char *p = g_build_filename (g_getenv ("HS_SOURCE_ROOT"), "tests", "generator", "dumps",
                                         "threads.hprof.gz", NULL);
  check_dump (p);
}

static void
test_corpus (void)
{
  g_autofree char *dir = hs_test_corpus_dir ();
  const char *names[]
      = { "jvm/openjdk_jdk11_04_x64.hprof.gz", "jvm/oracle_jdk8_05_x64.hprof", "jvm/jhat_jdk8_x32.hprof",
          "jvm/sun_jdk6_18_x64.hprof", "android/leak_service_binder.hprof" };
  if (!dir)
    {
      g_test_skip ("no corpus (set HS_CORPUS_DIR or put it in ../shared/corpus)");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *p = g_build_filename (dir, names[i], NULL);
      check_dump (p);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-threads DUMP_DIR");
  g_test_add_data_func ("/threads/stack-retained/random", argv[1], test_random);
  g_test_add_data_func ("/threads/stack-retained/known", argv[1], test_known);
  g_test_add_func ("/threads/stack-retained/generated", test_generated);
  g_test_add_func ("/threads/stack-retained/corpus", test_corpus);
  return g_test_run ();
}
