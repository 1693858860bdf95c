/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-matchers.c: the library-leak matcher table format, the built-in
 * table's coverage, and hs_leaks_find on the corpus dump through the engine
 * API (cancellation, options, text form). */
#include "hs-leaks.h"
#include "hs-matchers.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <stdio.h>
#include "hs-types.h"
#include "../hs-test-corpus.h"

static const HsMatcher *
find (HsMatcherTable *t, HsMatcherKind kind, const char *cls, const char *field)
{
  for (guint i = 0; i < t->matchers->len; i++)
    {
      const HsMatcher *m = g_ptr_array_index (t->matchers, i);
      if (m->kind != kind)
        continue;
      if (kind == HS_MATCHER_JAVA_LOCAL)
        {
          if (g_strcmp0 (m->thread_name, cls) == 0)
            return m;
        }
      else if (g_strcmp0 (m->class_name, cls) == 0 && g_strcmp0 (m->field_name, field) == 0)
        return m;
    }
  return NULL;
}

static void
test_parse (void)
{
  const char *text = "# comment\n"
                     "\n"
                     "instance_field a.B mX | api 15-27 | The description | with a bar\n"
                     "static_field a.C sY | api 19- | manufacturer Samsung | Static one\n"
                     "ignored java_local Finalizer Watchdog Daemon\n"
                     "jni_global android.os.Binder | api -22\n"
                     "  static_field a.D sZ   \n";
  g_autoptr (GError) error = NULL;
  g_autoptr (HsMatcherTable) t = hs_matchers_parse (text, -1, "t.txt", &error);
  const HsMatcher *m;

  g_assert_no_error (error);
  g_assert_nonnull (t);
  g_assert_cmpuint (t->matchers->len, ==, 5);

  m = find (t, HS_MATCHER_INSTANCE_FIELD, "a.B", "mX");
  g_assert_nonnull (m);
  g_assert_false (m->ignored);
  g_assert_cmpint (m->api_min, ==, 15);
  g_assert_cmpint (m->api_max, ==, 27);
  g_assert_cmpstr (m->description, ==, "The description | with a bar");
  g_assert_cmpuint (m->line, ==, 3);
  g_assert_true (hs_matcher_applies (m, 15, NULL));
  g_assert_true (hs_matcher_applies (m, 27, NULL));
  g_assert_false (hs_matcher_applies (m, 14, NULL));
  g_assert_false (hs_matcher_applies (m, 28, NULL));
  g_assert_true (hs_matcher_applies (m, 0, NULL));   /* Android, level unknown */
  g_assert_false (hs_matcher_applies (m, -1, NULL)); /* not Android */

  m = find (t, HS_MATCHER_STATIC_FIELD, "a.C", "sY");
  g_assert_nonnull (m);
  g_assert_cmpint (m->api_min, ==, 19);
  g_assert_cmpint (m->api_max, ==, 0);
  g_assert_true (hs_matcher_applies (m, 33, "samsung"));
  g_assert_false (hs_matcher_applies (m, 33, "Google"));
  g_assert_true (hs_matcher_applies (m, 33, NULL));
  g_assert_false (hs_matcher_applies (m, 18, "samsung"));

  m = find (t, HS_MATCHER_JAVA_LOCAL, "Finalizer Watchdog Daemon", NULL);
  g_assert_nonnull (m);
  g_assert_true (m->ignored);
  g_assert_true (hs_matcher_applies (m, -1, NULL)); /* no api segment: every dump */

  m = find (t, HS_MATCHER_JNI_GLOBAL, "android.os.Binder", NULL);
  g_assert_nonnull (m);
  g_assert_cmpint (m->api_max, ==, 22);
  g_assert_true (hs_matcher_applies (m, 21, NULL));
  g_assert_false (hs_matcher_applies (m, 23, NULL));
  /* no description: the pattern stands in */
  g_assert_cmpstr (m->description, ==, m->pattern);

  m = find (t, HS_MATCHER_STATIC_FIELD, "a.D", "sZ");
  g_assert_nonnull (m);
  g_assert_cmpuint (m->line, ==, 7);
}

static void
test_parse_errors (void)
{
  const struct
  {
    const char *text;
    const char *where;
  } bad[] = {
    { "instance_field a.B\n", "x.txt:1:" },
    { "\n# c\nstatic_field a.B f g\n", "x.txt:3:" },
    { "frobnicate a.B f\n", "x.txt:1:" },
    { "instance_field a.B f | api 30-20\n", "x.txt:1:" },
    { "instance_field a.B f | api x\n", "x.txt:1:" },
    { "ignored\n", "x.txt:1:" },
    { "java_local\n", "x.txt:1:" },
    { "jni_global\n", "x.txt:1:" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HsMatcherTable) t = hs_matchers_parse (bad[i].text, -1, "x.txt", &error);
      g_assert_null (t);
      g_assert_error (error, HS_ERROR, HS_ERROR_FORMAT);
      g_assert_true (g_str_has_prefix (error->message, bad[i].where));
    }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (HsMatcherTable) t = hs_matchers_parse ("static_field a.B \xff\n", -1, "x.txt", &error);
    g_assert_null (t);
    g_assert_error (error, HS_ERROR, HS_ERROR_FORMAT);
  }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (HsMatcherTable) t = hs_matchers_load ("/nonexistent/heapscope/matchers.txt", &error);
    g_assert_null (t);
    g_assert_nonnull (error);
  }
}

/* The list of LeakCanary cases must be in the built-in table. */
static void
test_builtin (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HsMatcherTable) t = hs_matchers_load (NULL, &error);
  const char *imm = "android.view.inputmethod.InputMethodManager";
  const struct
  {
    HsMatcherKind k;
    const char *c, *f;
  } want[] = {
    { HS_MATCHER_INSTANCE_FIELD, imm, "mNextServedView" },
    { HS_MATCHER_INSTANCE_FIELD, imm, "mServedView" },
    { HS_MATCHER_INSTANCE_FIELD, imm, "mServedInputConnection" },
    { HS_MATCHER_INSTANCE_FIELD, imm, "mLastSrvView" },
    { HS_MATCHER_INSTANCE_FIELD, imm, "mCurRootView" },
    { HS_MATCHER_INSTANCE_FIELD, "android.app.ActivityThread$ActivityClientRecord", "nextIdle" },
    { HS_MATCHER_INSTANCE_FIELD, "android.app.ActivityThread", "mNewActivities" },
    { HS_MATCHER_STATIC_FIELD, "android.text.TextLine", "sCached" },
    { HS_MATCHER_INSTANCE_FIELD, "android.os.Message", "obj" },
    { HS_MATCHER_INSTANCE_FIELD, "android.widget.Toast$TN", "mNextView" },
    { HS_MATCHER_INSTANCE_FIELD, "android.widget.Toast$TN", "mView" },
    { HS_MATCHER_INSTANCE_FIELD, "android.view.accessibility.AccessibilityNodeIdManager", "mIdsToViews" },
    { HS_MATCHER_JNI_GLOBAL, "android.os.Binder", NULL },
  };
  g_assert_no_error (error);
  g_assert_nonnull (t);
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      const HsMatcher *m = find (t, want[i].k, want[i].c, want[i].f);
      g_assert_nonnull (m);
      g_assert_false (m->ignored);
      g_assert_true (m->description != NULL && strlen (m->description) > 40);
    }
  /* the TextLine pool was fixed in API 23 */
  g_assert_false (
      hs_matcher_applies (find (t, HS_MATCHER_STATIC_FIELD, "android.text.TextLine", "sCached"), 23, NULL));
  g_assert_true (
      hs_matcher_applies (find (t, HS_MATCHER_STATIC_FIELD, "android.text.TextLine", "sCached"), 22, NULL));
  g_assert_true (find (t, HS_MATCHER_JAVA_LOCAL, "main", NULL)->ignored);
  g_assert_true (find (t, HS_MATCHER_JAVA_LOCAL, "FinalizerWatchdogDaemon", NULL)->ignored);
}

static HsDomTree *
dom_of (HsHeap *heap)
{
  g_autoptr (GArray) roots = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (gsize i = 0; i < hs_heap_n_roots (heap); i++)
    {
      const HsRoot *r = hs_heap_root (heap, i);
      if (r->obj != HS_OBJ_NONE)
        g_array_append_val (roots, r->obj);
    }
  return hs_dom_tree_compute (hs_heap_graph (heap), (const HsObj *)roots->data, roots->len, NULL, NULL, NULL,
                              NULL);
}

static void
test_corpus_engine (void)
{
  g_autofree char *path = hs_test_corpus_path ("android/leak_service_binder.hprof");
  if (!path)
    return;
  g_autoptr (GError) error = NULL;
  HsOpenOptions oo = { 0 };
  g_autoptr (HsHeap) heap = hs_heap_open (path, &oo, NULL, NULL, NULL, &error);
  g_autoptr (HsDomTree) dom = NULL;
  g_autoptr (HsLeakReport) r = NULL;
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  HsLeakOptions lo = { 0 };
  HsLeakGroup *grp;
  HsLeakTrace *t;
  HsLeakNode *first, *last;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  dom = dom_of (heap);
  g_assert_nonnull (dom);

  /* cancelled before it starts: an error, no report */
  g_cancellable_cancel (cancel);
  r = hs_leaks_find (heap, dom, &lo, NULL, NULL, cancel, &error);
  g_assert_null (r);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  r = hs_leaks_find (heap, dom, &lo, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->application_leaks->len, ==, 1);
  g_assert_cmpuint (r->library_leaks->len, ==, 0);
  g_assert_cmpuint (r->n_watched, ==, 1);
  grp = g_ptr_array_index (r->application_leaks, 0);
  g_assert_cmpuint (grp->traces->len, ==, 1);
  g_assert_cmpuint (strlen (grp->fingerprint), ==, 40);
  t = g_ptr_array_index (grp->traces, 0);
  g_assert_cmpstr (t->key, ==, "b3abfae6-2c53-42e1-b8c1-96b0558dbeae");
  g_assert_cmpuint (t->root_type, ==, HS_ROOT_STICKY_CLASS);
  first = g_ptr_array_index (t->nodes, 0);
  last = g_ptr_array_index (t->nodes, t->nodes->len - 1);
  g_assert_true (first->is_class);
  g_assert_cmpstr (first->class_name, ==, "com.example.leakcanary.LeakyService");
  g_assert_cmpint (first->ref_kind, ==, HS_PATH_REF_STATIC);
  g_assert_cmpint (first->leaking, ==, HS_LEAKING_NO);
  g_assert_false (last->is_class);
  g_assert_cmpstr (last->class_name, ==, "com.example.leakcanary.LeakyService");
  g_assert_cmpint (last->leaking, ==, HS_LEAKING_YES);
  g_assert_cmpuint (last->obj, ==, t->leaking_obj);
  g_assert_cmpuint (t->retained_bytes, ==, hs_dom_tree_retained (dom, t->leaking_obj));
  g_assert_cmpuint (hs_leak_trace_node_id (t, 0), ==, hs_heap_object_id (heap, first->obj));
  {
    g_autofree char *label = hs_leak_node_ref_label (first);
    g_assert_true (g_str_has_prefix (label, "static LeakyService."));
  }
  text = hs_leak_trace_to_text (t);
  g_assert_true (g_str_has_prefix (
      text, "┬───\n│ GC Root: System class\n│\n├─ com.example.leakcanary.LeakyService class\n"));
  g_assert_nonnull (strstr (text, "\n╰→ com.example.leakcanary.LeakyService instance\n"));

  /* A table without the Binder pattern: the JNI global that holds the
   * service's binder is then as good a root as any, and it is closer. */
  {
    g_autofree char *tmp = NULL;
    int fd = g_file_open_tmp ("hs-matchers-XXXXXX.txt", &tmp, &error);
    g_autoptr (HsLeakReport) r2 = NULL;
    HsLeakTrace *t2;
    g_assert_no_error (error);
    close (fd);
    g_assert_true (g_file_set_contents (tmp, "# empty\n", -1, NULL));
    lo.matchers_path = tmp;
    r2 = hs_leaks_find (heap, dom, &lo, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (r2->application_leaks->len, ==, 1);
    t2 = g_ptr_array_index (((HsLeakGroup *)g_ptr_array_index (r2->application_leaks, 0))->traces, 0);
    g_assert_cmpuint (t2->root_type, ==, HS_ROOT_JNI_GLOBAL);
    g_assert_cmpuint (t2->nodes->len, <, t->nodes->len);
    g_assert_cmpuint (t2->leaking_obj, ==, t->leaking_obj);
    g_unlink (tmp);
  }
}

/* The engine itself refuses what is not a small regular file, since
 * --matchers=/dev/zero was read until malloc failed when only the CLI
 * checked: a folder, a FIFO (which must not block the open), a device and
 * a table over 16 MiB give HS_ERROR_IO naming the path. */
static void
test_load_refuses (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hs-matchers-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe", NULL);
  g_autofree char *big = g_build_filename (dir, "big.txt", NULL);
  const char *paths[] = { dir, fifo, "/dev/zero", big };
  FILE *f;

  g_assert_nonnull (dir);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  f = fopen (big, "w");
  g_assert_nonnull (f);
  g_assert_cmpint (fseek (f, (16 << 20) + 1, SEEK_SET), ==, 0);
  fputc ('\n', f);
  fclose (f);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_null (hs_matchers_load (paths[i], &error));
      g_assert_error (error, HS_ERROR, HS_ERROR_IO);
      g_assert_nonnull (strstr (error->message, paths[i]));
    }
  g_unlink (fifo);
  g_unlink (big);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/leaks/matchers/parse", test_parse);
  g_test_add_func ("/leaks/matchers/errors", test_parse_errors);
  g_test_add_func ("/leaks/matchers/builtin", test_builtin);
  g_test_add_func ("/leaks/matchers/load-refuses", test_load_refuses);
  g_test_add_func ("/leaks/engine/corpus", test_corpus_engine);
  return g_test_run ();
}
