/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-suspects-persist.c: problem suspects written as an index record
 * (hs-suspects-persist.h) and read back: every field the same and their
 * JSON and text byte for byte the same, on the suspects heaps of
 * tests/suspects/test_suspects.py (their sizes worked out by hand there:
 * an object suspect through a static map, a class suspect held by thread
 * locals, an accumulation point three levels down) and the corpus; and
 * hostile bytes (every cut refused, flipped bytes refused or read as
 * suspects their readers show). */
#include "config.h"

#include "hs-analysis.h"
#include "hs-suspects-persist.h"
#include "../hs-test-corpus.h"
#include "../hs-test-record-kinds.h"

static const char *dumps_dir;

/* ---- every field -------------------------------------------------------- */

static void
assert_paths_equal (const HsLeakTrace *a, const HsLeakTrace *b)
{
  g_assert_true ((a == NULL) == (b == NULL));
  if (a == NULL)
    return;
  g_autofree char *x = hs_leak_trace_to_text (a), *y = hs_leak_trace_to_text (b);
  g_assert_cmpstr (x, ==, y);
  GString *jx = g_string_new (NULL), *jy = g_string_new (NULL);
  hs_leak_trace_nodes_to_json (a, jx);
  hs_leak_trace_nodes_to_json (b, jy);
  g_assert_cmpstr (jx->str, ==, jy->str);
  g_string_free (jx, TRUE);
  g_string_free (jy, TRUE);
  g_assert_cmpuint (a->nodes->len, ==, b->nodes->len);
  for (guint i = 0; i < a->nodes->len; i++)
    g_assert_cmpuint (((HsLeakNode *)g_ptr_array_index (a->nodes, i))->obj, ==,
                      ((HsLeakNode *)g_ptr_array_index (b->nodes, i))->obj);
  g_assert_cmpuint (a->leaking_obj, ==, b->leaking_obj);
}

static void
assert_rows_equal (const GArray *a, const GArray *b)
{
  g_assert_true ((a == NULL) == (b == NULL));
  if (a == NULL)
    return;
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const HsSuspectClass *x = &g_array_index (a, HsSuspectClass, i);
      const HsSuspectClass *y = &g_array_index (b, HsSuspectClass, i);
      g_assert_cmpstr (x->class_name, ==, y->class_name);
      g_assert_cmpstr (x->obfuscated_name, ==, y->obfuscated_name);
      g_assert_cmpuint (x->count, ==, y->count);
      g_assert_cmpuint (x->retained, ==, y->retained);
      g_assert_true ((x->below == NULL) == (y->below == NULL));
      for (guint j = 0; x->below && j < x->below->len; j++)
        {
          const HsSuspectClass *p = &g_array_index (x->below, HsSuspectClass, j);
          const HsSuspectClass *q = &g_array_index (y->below, HsSuspectClass, j);
          g_assert_cmpuint (x->below->len, ==, y->below->len);
          g_assert_cmpstr (p->class_name, ==, q->class_name);
          g_assert_cmpuint (p->count, ==, q->count);
          g_assert_cmpuint (p->retained, ==, q->retained);
          g_assert_null (q->below);
        }
    }
}

static void
assert_suspects_equal (const HsSuspects *a, const HsSuspects *b)
{
  g_assert_cmpmem (&a->percent, sizeof a->percent, &b->percent, sizeof b->percent);
  g_assert_cmpuint (a->threshold, ==, b->threshold);
  g_assert_cmpuint (a->reachable_bytes, ==, b->reachable_bytes);
  g_assert_cmpuint (a->objects->len, ==, b->objects->len);
  for (guint i = 0; i < a->objects->len; i++)
    {
      const HsObjectSuspect *x = g_ptr_array_index (a->objects, i), *y = g_ptr_array_index (b->objects, i);
      g_assert_cmpuint (x->obj, ==, y->obj);
      g_assert_cmpuint (x->id, ==, y->id);
      g_assert_cmpstr (x->class_name, ==, y->class_name);
      g_assert_cmpstr (x->obfuscated_name, ==, y->obfuscated_name);
      g_assert_cmpuint (x->retained, ==, y->retained);
      g_assert_cmpuint (x->retained_count, ==, y->retained_count);
      g_assert_cmpmem (&x->percent, sizeof x->percent, &y->percent, sizeof y->percent);
      g_assert_cmpstr (x->description, ==, y->description);
      g_assert_cmpuint (x->accumulation, ==, y->accumulation);
      g_assert_cmpuint (x->accumulation_id, ==, y->accumulation_id);
      g_assert_cmpstr (x->accumulation_class, ==, y->accumulation_class);
      g_assert_cmpstr (x->accumulation_obfuscated_name, ==, y->accumulation_obfuscated_name);
      g_assert_cmpuint (x->accumulation_retained, ==, y->accumulation_retained);
      assert_paths_equal (x->path, y->path);
      assert_rows_equal (x->retained_classes, y->retained_classes);
      g_assert_cmpint (x->holder.kind, ==, y->holder.kind);
      g_assert_cmpstr (x->holder.name, ==, y->holder.name);
      g_assert_cmpstr (x->holder.thread, ==, y->holder.thread);
      g_assert_cmpstr (x->holder.frame, ==, y->holder.frame);
      g_assert_cmpuint (x->holder.path_index, ==, y->holder.path_index);
      g_assert_cmpuint (x->collection, ==, y->collection);
      g_assert_cmpstr (x->collection_class, ==, y->collection_class);
      g_assert_cmpuint (x->collection_id, ==, y->collection_id);
      g_assert_cmpuint (x->collection_size, ==, y->collection_size);
    }
  g_assert_cmpuint (a->classes->len, ==, b->classes->len);
  for (guint i = 0; i < a->classes->len; i++)
    {
      const HsClassSuspect *x = g_ptr_array_index (a->classes, i), *y = g_ptr_array_index (b->classes, i);
      g_assert_cmpstr (x->class_name, ==, y->class_name);
      g_assert_cmpstr (x->obfuscated_name, ==, y->obfuscated_name);
      g_assert_cmpuint (x->count, ==, y->count);
      g_assert_cmpuint (x->retained, ==, y->retained);
      g_assert_cmpmem (&x->percent, sizeof x->percent, &y->percent, sizeof y->percent);
      g_assert_cmpstr (x->description, ==, y->description);
      g_assert_cmpmem (x->biggest->data, x->biggest->len * sizeof (HsObj), y->biggest->data,
                       y->biggest->len * sizeof (HsObj));
      g_assert_cmpmem (x->biggest_ids->data, x->biggest_ids->len * sizeof (guint64), y->biggest_ids->data,
                       y->biggest_ids->len * sizeof (guint64));
      assert_paths_equal (x->common_path, y->common_path);
      g_assert_true ((x->threads == NULL) == (y->threads == NULL));
      for (guint j = 0; x->threads && j < x->threads->len; j++)
        {
          const HsSuspectThread *p = &g_array_index (x->threads, HsSuspectThread, j);
          const HsSuspectThread *q = &g_array_index (y->threads, HsSuspectThread, j);
          g_assert_cmpuint (x->threads->len, ==, y->threads->len);
          g_assert_cmpuint (p->serial, ==, q->serial);
          g_assert_cmpstr (p->name, ==, q->name);
          g_assert_cmpstr (p->frame_method, ==, q->frame_method);
          g_assert_cmpstr (p->frame, ==, q->frame);
          g_assert_cmpuint (p->count, ==, q->count);
        }
      g_assert_cmpuint (x->n_threads, ==, y->n_threads);
      g_assert_cmpuint (x->n_local_members, ==, y->n_local_members);
    }
}

/* Saved, read back whole: every field, the JSON and the text the same. */
static HsSuspects *
round_trip (HsAnalysis *a)
{
  guint64 n = hs_heap_n_objects (a->heap);
  HsSuspects *back = hs_test_record_round_trip (hs_test_record_suspects (), a->suspects, &n);
  assert_suspects_equal (a->suspects, back);

  /* An object index at the heap's count: refused (a suspect is below it). */
  if (a->suspects->objects->len > 0 || a->suspects->classes->len > 0)
    {
      g_autoptr (GBytes) bytes = hs_test_record_save (hs_test_record_suspects (), a->suspects);
      gsize len;
      gconstpointer data = g_bytes_get_data (bytes, &len);
      HsIndexCursor c;
      hs_index_cursor_init (&c, data, len);
      g_assert_null (hs_suspects_load (&c, 1));
      g_assert_false (hs_index_cursor_ok (&c, FALSE));
    }
  return back;
}

static HsAnalysis *
analyse_generated (const char *name)
{
  g_autofree char *path = g_build_filename (dumps_dir, name, NULL);
  return hs_test_record_analyse (path, NULL);
}

/* StaticMap: class com.example.Cache retains 104440 of 104480 bytes
 * through its static ENTRIES, a HashMap of 100 entries; the accumulation
 * point is the map's table (104416). */
static void
test_static_map (void)
{
  g_autoptr (HsAnalysis) a = analyse_generated ("static-map.hprof");
  g_autoptr (HsSuspects) s = round_trip (a);
  g_assert_cmpuint (s->reachable_bytes, ==, 104480);
  g_assert_cmpuint (s->threshold, ==, 10448);
  g_assert_cmpuint (s->objects->len, ==, 1);
  g_assert_cmpuint (s->classes->len, ==, 0);
  const HsObjectSuspect *o = g_ptr_array_index (s->objects, 0);
  g_assert_cmpstr (o->class_name, ==, "class com.example.Cache");
  g_assert_cmpuint (o->retained, ==, 104440);
  g_assert_cmpuint (o->retained_count, ==, 203);
  g_assert_cmpuint (o->accumulation_retained, ==, 104416);
  g_assert_cmpint (o->holder.kind, ==, HS_SUSPECT_HOLDER_STATIC);
  g_assert_cmpstr (o->holder.name, ==, "com.example.Cache.ENTRIES");
  g_assert_cmpstr (o->collection_class, ==, "java.util.HashMap");
  g_assert_cmpuint (o->collection_size, ==, 100);
  g_assert_nonnull (o->path);
  g_assert_cmpuint (o->path->nodes->len, ==, 3);
  g_assert_cmpuint (o->retained_classes->len, ==, 1);
  const HsSuspectClass *row = &g_array_index (o->retained_classes, HsSuspectClass, 0);
  g_assert_cmpuint (row->count, ==, 100);
  g_assert_cmpuint (row->retained, ==, 100 * 1040);
  g_assert_cmpuint (row->below->len, ==, 1);
  g_assert_cmpuint (g_array_index (row->below, HsSuspectClass, 0).retained, ==, 100 * 1016);
}

/* ParkedThreads: the class byte[], 20 buffers of 1016 held by locals of
 * 20 threads: 20320 of 20640 bytes. */
static void
test_parked (void)
{
  g_autoptr (HsAnalysis) a = analyse_generated ("parked.hprof");
  g_autoptr (HsSuspects) s = round_trip (a);
  g_assert_cmpuint (s->reachable_bytes, ==, 20640);
  g_assert_cmpuint (s->objects->len, ==, 0);
  g_assert_cmpuint (s->classes->len, ==, 1);
  const HsClassSuspect *c = g_ptr_array_index (s->classes, 0);
  g_assert_cmpstr (c->class_name, ==, "byte[]");
  g_assert_cmpuint (c->count, ==, 20);
  g_assert_cmpuint (c->retained, ==, 20320);
  g_assert_cmpuint (c->biggest->len, ==, 10);
  g_assert_null (c->common_path);
  g_assert_nonnull (c->threads);
  g_assert_cmpuint (c->threads->len, ==, 20);
  g_assert_cmpuint (c->n_threads, ==, 20);
  g_assert_cmpuint (c->n_local_members, ==, 20);
}

/* DeepAccumulation: the suspect A retains 10272 of 10280 bytes, its
 * accumulation point D (10216) three levels down. */
static void
test_deep (void)
{
  g_autoptr (HsAnalysis) a = analyse_generated ("deep.hprof");
  g_autoptr (HsSuspects) s = round_trip (a);
  g_assert_cmpuint (s->reachable_bytes, ==, 10280);
  g_assert_cmpuint (s->objects->len, ==, 1);
  const HsObjectSuspect *o = g_ptr_array_index (s->objects, 0);
  g_assert_cmpuint (o->retained, ==, 10272);
  g_assert_cmpuint (o->accumulation_retained, ==, 10216);
  g_assert_cmpuint (o->path->nodes->len, ==, 4);
}

/* The corpus: the suspects' reachable bytes are the expectation's, and an
 * object suspect retains what the expectation's top object does. */
static void
test_corpus (void)
{
  static const struct
  {
    const char *dump, *expected;
  } dumps[] = {
    { "android/leak_service_binder.hprof", "expected/leak_service_binder.json" },
    { "jvm/oracle_jdk8_05_x64.hprof", "expected/oracle_jdk8_05_x64.json" },
    { "jvm/sun_jdk6_18_x64.hprof", "expected/sun_jdk6_18_x64.json" },
    { "jvm/sun_jdk6_31_hprofagent_compressedOops.hprof",
      "expected/sun_jdk6_31_hprofagent_compressedOops.json" },
    { "jvm/jhat_jdk8_x32.hprof", "expected/jhat_jdk8_x32.json" },
  };
  guint with_objects = 0;
  for (guint i = 0; i < G_N_ELEMENTS (dumps); i++)
    {
      g_autofree char *path = hs_test_corpus_path (dumps[i].dump);
      g_autofree char *expected = hs_test_corpus_path (dumps[i].expected);
      if (path == NULL || expected == NULL)
        return;
      g_autoptr (HsAnalysis) a = hs_test_record_analyse (path, NULL);
      g_autoptr (HsSuspects) s = round_trip (a);
      g_autofree char *text = NULL;
      g_assert_true (g_file_get_contents (expected, &text, NULL, NULL));
      /* "reachable_bytes": N and the first of "top_objects_by_retained"'s
       * "retained": N, read without a JSON parser */
      const char *r = strstr (text, "\"reachable_bytes\":");
      g_assert_nonnull (r);
      g_assert_cmpuint (s->reachable_bytes, ==,
                        g_ascii_strtoull (r + strlen ("\"reachable_bytes\":"), NULL, 10));
      if (s->objects->len > 0)
        {
          const char *top = strstr (text, "\"top_objects_by_retained\"");
          g_assert_nonnull (top);
          const char *ret = strstr (top, "\"retained\":");
          g_assert_nonnull (ret);
          const HsObjectSuspect *o = g_ptr_array_index (s->objects, 0);
          g_assert_cmpuint (o->retained, ==, g_ascii_strtoull (ret + strlen ("\"retained\":"), NULL, 10));
          with_objects++;
        }
    }
  g_test_message ("%u corpus dumps with object suspects", with_objects);
}

/* ---- hostile bytes ------------------------------------------------------ */

static void
test_hostile_bytes (void)
{
  static const char *const names[] = { "static-map.hprof", "parked.hprof" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (HsAnalysis) a = analyse_generated (names[i]);
      guint64 n = hs_heap_n_objects (a->heap);
      hs_test_record_hostile (hs_test_record_suspects (), a->suspects, &n, names[i]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  dumps_dir = argv[1];
  g_test_add_func ("/suspects-persist/static-map", test_static_map);
  g_test_add_func ("/suspects-persist/parked", test_parked);
  g_test_add_func ("/suspects-persist/deep", test_deep);
  g_test_add_func ("/suspects-persist/corpus", test_corpus);
  g_test_add_func ("/suspects-persist/hostile-bytes", test_hostile_bytes);
  return g_test_run ();
}
