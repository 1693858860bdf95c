/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-suspects-engine.c: the engine API of the problem suspects: the
 * threshold's arithmetic, hs_leaks_trace_targets against hs_leaks_find's
 * own trace (the same search), and hs_suspects_find's edge cases, on the
 * corpus dump LeakCanary's tests use. */
#include "hs-analysis.h"
#include "hs-suspects.h"

#include <string.h>
#include "../hs-test-corpus.h"

static void
test_threshold (void)
{
  /* ceil(P / 100 x R), worked out by hand */
  g_assert_cmpuint (hs_suspects_threshold (104480, 10), ==, 10448);
  g_assert_cmpuint (hs_suspects_threshold (104481, 10), ==, 10449);
  g_assert_cmpuint (hs_suspects_threshold (176, 9), ==, 16);     /* 15.84 */
  g_assert_cmpuint (hs_suspects_threshold (176, 9.5), ==, 17);   /* 16.72 */
  g_assert_cmpuint (hs_suspects_threshold (800, 12.5), ==, 100); /* exactly */
  g_assert_cmpuint (hs_suspects_threshold (801, 12.5), ==, 101); /* 100.125 */
  g_assert_cmpuint (hs_suspects_threshold (1000, 0), ==, 100);   /* the default, 10 */
  g_assert_cmpuint (hs_suspects_threshold (1000, 150), ==, 1000);
  g_assert_cmpuint (hs_suspects_threshold (0, 10), ==, 1);
  g_assert_cmpuint (hs_suspects_threshold (G_GUINT64_CONSTANT (1) << 50, 100), ==,
                    G_GUINT64_CONSTANT (1) << 50);
}

static HsAnalysis *
corpus_analysis (void)
{
  g_autofree char *path = hs_test_corpus_path ("android/leak_service_binder.hprof");
  if (!path)
    return NULL;
  g_autoptr (GError) error = NULL;
  HsAnalysisOptions opts = { 0 };
  HsAnalysis *a = hs_analysis_run (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (a->suspects);
  return a;
}

static void
test_trace_targets (void)
{
  g_autoptr (HsAnalysis) a = corpus_analysis ();
  if (!a)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) traces = NULL;
  HsLeakGroup *grp;
  HsLeakTrace *leak, *t;
  HsLeakTarget targets[3];

  g_assert_cmpuint (a->leaks->application_leaks->len, ==, 1);
  grp = g_ptr_array_index (a->leaks->application_leaks, 0);
  leak = g_ptr_array_index (grp->traces, 0);
  targets[0] = (HsLeakTarget){ leak->leaking_obj, HS_OBJ_NONE };
  targets[1] = (HsLeakTarget){ HS_OBJ_NONE, HS_OBJ_NONE };
  targets[2] = (HsLeakTarget){ (HsObj)hs_heap_n_objects (a->heap) + 7, HS_OBJ_NONE };
  traces = hs_leaks_trace_targets (a->heap, a->dom, NULL, targets, 3, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (traces->len, ==, 3);
  g_assert_null (g_ptr_array_index (traces, 1));
  g_assert_null (g_ptr_array_index (traces, 2));
  t = g_ptr_array_index (traces, 0);
  g_assert_nonnull (t);
  /* The same search: the same objects and references. */
  g_assert_cmpuint (t->nodes->len, ==, leak->nodes->len);
  g_assert_cmpuint (t->root_type, ==, leak->root_type);
  for (guint i = 0; i < t->nodes->len; i++)
    {
      HsLeakNode *x = g_ptr_array_index (t->nodes, i), *y = g_ptr_array_index (leak->nodes, i);
      g_assert_cmpuint (x->obj, ==, y->obj);
      g_assert_cmpstr (x->class_name, ==, y->class_name);
      g_assert_cmpint (x->leaking, ==, y->leaking); /* the watcher's word makes the last YES */
      g_assert_cmpint (x->ref_kind, ==, y->ref_kind);
      g_assert_cmpstr (x->ref_name, ==, y->ref_name);
      g_assert_cmpuint (hs_leak_trace_node_id (t, i), ==, hs_heap_object_id (a->heap, x->obj));
      /* only the last reference is marked without mark_from */
      if (i + 1 < t->nodes->len)
        g_assert_true (x->suspect == (i + 2 == t->nodes->len));
    }
  g_assert_null (t->key);
  g_assert_null (t->signature);
  g_assert_cmpuint (t->retained_bytes, ==, hs_dom_tree_retained (a->dom, leak->leaking_obj));

  /* No targets: an empty array, no search. */
  {
    g_autoptr (GPtrArray) none = hs_leaks_trace_targets (a->heap, a->dom, NULL, NULL, 0, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (none->len, ==, 0);
  }
}

static void
test_find_edges (void)
{
  g_autoptr (HsAnalysis) a = corpus_analysis ();
  if (!a)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_autoptr (GString) json = g_string_new (NULL);
  g_autofree char *text = NULL;
  HsSuspects *s;

  g_assert_cmpfloat (a->suspects->percent, ==, 10);
  g_assert_cmpuint (a->suspects->reachable_bytes, ==, hs_heap_summary (a->heap)->reachable_bytes);

  g_cancellable_cancel (cancel);
  s = hs_suspects_find (a->heap, a->dom, NULL, 10, cancel, &error);
  g_assert_null (s);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  /* 100%: only an object retaining the whole reachable heap would do. */
  s = hs_suspects_find (a->heap, a->dom, NULL, 100, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (s->threshold, ==, s->reachable_bytes);
  g_assert_cmpuint (s->objects->len, ==, 0);
  hs_suspects_to_json (s, json);
  g_assert_true (g_str_has_suffix (json->str, ",\"objects\":[],\"classes\":[]}"));
  text = hs_suspects_to_text (s);
  g_assert_nonnull (strstr (text, "No suspects above 100%."));
  hs_suspects_free (s);
  hs_suspects_free (NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/suspects/threshold", test_threshold);
  g_test_add_func ("/suspects/trace-targets", test_trace_targets);
  g_test_add_func ("/suspects/find-edges", test_find_edges);
  return g_test_run ();
}
