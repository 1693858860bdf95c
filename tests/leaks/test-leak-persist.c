/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-leak-persist.c: leak reports and traces written as index records
 * (hs-leak-persist.h) and read back: every field of a trace made by hand,
 * the reports of real analyses shown the same (JSON and text, byte for
 * byte) after the round trip, and hostile bytes (every cut refused, flipped
 * bytes refused or read as a report its readers show). Dumps: the report
 * suite's (tests/report/make-dumps.py, worked out by hand there) and the
 * corpus's. */
#include "config.h"

#include "hs-analysis.h"
#include "hs-leak-persist.h"
#include "hs-leak-report-private.h"
#include "../hs-test-corpus.h"
#include "../hs-test-record-kinds.h"

static const char *dumps_dir;

/* The trace as a kind of record (hs-test-record.h): object indexes checked
 * against the count at ctx (a guint64); shown as its nodes' JSON and its
 * text. */
static void
save_trace (gconstpointer t, HsIndexBlob *out)
{
  hs_leak_trace_save (t, out);
}

static gpointer
load_trace (HsIndexCursor *in, gpointer ctx)
{
  return hs_leak_trace_load (in, *(const guint64 *)ctx);
}

static char *
show_trace (gconstpointer t, G_GNUC_UNUSED gpointer ctx)
{
  GString *json = g_string_new (NULL);
  hs_leak_trace_nodes_to_json (t, json);
  return hs_test_record_json_text (json, hs_leak_trace_to_text (t));
}

static const HsTestRecordKind trace_kind
    = { save_trace, load_trace, show_trace, (GDestroyNotify)hs_leak_trace_free };

/* ---- every field -------------------------------------------------------- */

static HsLeakNode *
node_new (HsObj obj, const char *cls, guint k)
{
  HsLeakNode *n = g_new0 (HsLeakNode, 1);
  n->obj = obj;
  n->class_name = g_strdup (cls);
  n->is_class = k == 0;
  n->kind = k == 0 ? HS_KIND_CLASS : k == 1 ? HS_KIND_OBJ_ARRAY : HS_KIND_INSTANCE;
  n->description = k == 1 ? NULL : g_strdup_printf ("desc %u «é»", k);
  n->leaking = k == 0 ? HS_LEAKING_NO : k == 1 ? HS_LEAKING_UNKNOWN : HS_LEAKING_YES;
  n->reasons = k == 1 ? NULL : g_ptr_array_new_with_free_func (g_free);
  if (k == 2)
    {
      g_ptr_array_add (n->reasons, g_strdup ("Activity#mDestroyed is true"));
      g_ptr_array_add (n->reasons, g_strdup (""));
    }
  n->ref_kind = k == 0 ? HS_PATH_REF_STATIC : k == 1 ? HS_PATH_REF_ELEMENT : HS_PATH_REF_LOCAL;
  n->ref_name = k == 0 ? g_strdup ("sLeaky") : NULL;
  n->ref_index = 7 + k * 1000000;
  n->ref_owner_class = k == 0 ? g_strdup ("com.example.Holder") : NULL;
  n->suspect = k == 1;
  n->obfuscated_class = k == 2 ? g_strdup ("a.b") : NULL;
  return n;
}

/* A trace with every field set, some to NULL: an abridged one (gap of 70
 * before its third node) with its private facts; or (full FALSE) a whole
 * one without them and without its list of also-leaking objects. */
static HsLeakTrace *
trace_new (gboolean full)
{
  HsLeakTrace *t = g_new0 (HsLeakTrace, 1);
  t->root_type = 0x8D;
  t->root_thread_name = g_strdup ("main");
  t->nodes = g_ptr_array_new_with_free_func (_hs_leak_node_free);
  g_ptr_array_add (t->nodes, node_new (3, "com.example.Holder", 0));
  g_ptr_array_add (t->nodes, node_new (41, "java.lang.Object[]", 1));
  g_ptr_array_add (t->nodes, node_new (99, "com.example.Leaky", 2));
  t->leaking_obj = 99;
  t->retained_bytes = G_GUINT64_CONSTANT (1) << 40;
  t->retained_count = 12345;
  t->key = g_strdup ("k-1");
  t->watch_description = NULL;
  t->retained_duration_ms = -1;
  t->watch_duration_ms = 10000;
  t->signature = g_strdup ("0123456789abcdef0123456789abcdef01234567");
  if (!full)
    return t;
  t->also_leaking = g_array_new (FALSE, FALSE, sizeof (HsObj));
  HsObj also = 98;
  g_array_append_val (t->also_leaking, also);
  t->priv = _hs_leak_trace_private_new (3);
  for (guint i = 0; i < 3; i++)
    t->priv->node_ids[i] = G_GUINT64_CONSTANT (0x12c00000) + i * 8;
  t->priv->labels[0] = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (t->priv->labels[0], g_strdup ("Thread name: 'main'"));
  t->priv->labels[2] = g_ptr_array_new_with_free_func (g_free);
  t->priv->node_retained[2] = 1032;
  t->priv->node_retained_count[2] = 2;
  guint64 id = 0x12c00100;
  g_array_append_val (t->priv->also_ids, id);
  g_ptr_array_add (t->priv->also_desc, g_strdup ("com.example.Leaky@0x12c00100"));
  t->priv->root_desc = g_strdup ("VM Internal");
  t->priv->fingerprint = g_strdup ("fedcba9876543210fedcba9876543210fedcba98");
  t->priv->fingerprint_desc = NULL;
  t->n_elided = 70;
  t->elided_at = 2;
  return t;
}

static void
assert_strings_equal (const GPtrArray *a, const GPtrArray *b)
{
  g_assert_true ((a == NULL) == (b == NULL));
  if (a == NULL)
    return;
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpstr (g_ptr_array_index (a, i), ==, g_ptr_array_index (b, i));
}

static void
assert_traces_equal (const HsLeakTrace *a, const HsLeakTrace *b)
{
  g_assert_cmpuint (a->root_type, ==, b->root_type);
  g_assert_cmpstr (a->root_thread_name, ==, b->root_thread_name);
  g_assert_cmpuint (a->nodes->len, ==, b->nodes->len);
  for (guint i = 0; i < a->nodes->len; i++)
    {
      const HsLeakNode *x = g_ptr_array_index (a->nodes, i), *y = g_ptr_array_index (b->nodes, i);
      g_assert_cmpuint (x->obj, ==, y->obj);
      g_assert_cmpstr (x->class_name, ==, y->class_name);
      g_assert_cmpint (x->is_class, ==, y->is_class);
      g_assert_cmpint (x->kind, ==, y->kind);
      g_assert_cmpstr (x->description, ==, y->description);
      g_assert_cmpint (x->leaking, ==, y->leaking);
      assert_strings_equal (x->reasons, y->reasons);
      g_assert_cmpint (x->ref_kind, ==, y->ref_kind);
      g_assert_cmpstr (x->ref_name, ==, y->ref_name);
      g_assert_cmpuint (x->ref_index, ==, y->ref_index);
      g_assert_cmpstr (x->ref_owner_class, ==, y->ref_owner_class);
      g_assert_cmpint (x->suspect, ==, y->suspect);
      g_assert_cmpstr (x->obfuscated_class, ==, y->obfuscated_class);
    }
  g_assert_cmpuint (a->leaking_obj, ==, b->leaking_obj);
  g_assert_cmpuint (a->retained_bytes, ==, b->retained_bytes);
  g_assert_cmpuint (a->retained_count, ==, b->retained_count);
  g_assert_cmpstr (a->key, ==, b->key);
  g_assert_cmpstr (a->watch_description, ==, b->watch_description);
  g_assert_cmpint (a->retained_duration_ms, ==, b->retained_duration_ms);
  g_assert_cmpint (a->watch_duration_ms, ==, b->watch_duration_ms);
  g_assert_true ((a->also_leaking == NULL) == (b->also_leaking == NULL));
  if (a->also_leaking)
    {
      g_assert_cmpuint (a->also_leaking->len, ==, b->also_leaking->len);
      for (guint i = 0; i < a->also_leaking->len; i++)
        g_assert_cmpuint (g_array_index (a->also_leaking, HsObj, i), ==,
                          g_array_index (b->also_leaking, HsObj, i));
    }
  g_assert_cmpstr (a->signature, ==, b->signature);
  g_assert_cmpuint (a->n_elided, ==, b->n_elided);
  g_assert_cmpuint (a->elided_at, ==, b->elided_at);
  g_assert_true ((a->priv == NULL) == (b->priv == NULL));
  if (a->priv == NULL)
    return;
  g_assert_cmpuint (a->priv->n_nodes, ==, b->priv->n_nodes);
  for (guint i = 0; i < a->priv->n_nodes; i++)
    {
      g_assert_cmpuint (a->priv->node_ids[i], ==, b->priv->node_ids[i]);
      assert_strings_equal (a->priv->labels[i], b->priv->labels[i]);
      g_assert_cmpuint (a->priv->node_retained[i], ==, b->priv->node_retained[i]);
      g_assert_cmpuint (a->priv->node_retained_count[i], ==, b->priv->node_retained_count[i]);
    }
  g_assert_true ((a->priv->also_ids == NULL) == (b->priv->also_ids == NULL));
  for (guint i = 0; a->priv->also_ids && i < a->priv->also_ids->len; i++)
    g_assert_cmpuint (g_array_index (a->priv->also_ids, guint64, i), ==,
                      g_array_index (b->priv->also_ids, guint64, i));
  assert_strings_equal (a->priv->also_desc, b->priv->also_desc);
  g_assert_cmpstr (a->priv->root_desc, ==, b->priv->root_desc);
  g_assert_cmpstr (a->priv->fingerprint, ==, b->priv->fingerprint);
  g_assert_cmpstr (a->priv->fingerprint_desc, ==, b->priv->fingerprint_desc);
}

static HsLeakTrace *
trace_round_trip (const HsLeakTrace *t, guint64 n_objects, gsize *len_out)
{
  HsIndexBlob b;
  HsIndexCursor c;
  HsLeakTrace *back;

  hs_index_blob_init (&b);
  hs_leak_trace_save (t, &b);
  hs_index_cursor_init (&c, b.bytes->data, b.bytes->len);
  back = hs_leak_trace_load (&c, n_objects);
  if (back)
    g_assert_true (hs_index_cursor_ok (&c, TRUE));
  else
    g_assert_false (hs_index_cursor_ok (&c, FALSE));
  if (len_out)
    *len_out = b.bytes->len;
  hs_index_blob_clear (&b);
  return back;
}

static void
test_trace_fields (void)
{
  for (guint full = 0; full < 2; full++)
    {
      g_autoptr (HsLeakTrace) t = trace_new (full);
      g_autoptr (HsLeakTrace) back = trace_round_trip (t, 100, NULL);
      g_assert_nonnull (back);
      assert_traces_equal (t, back);
      g_autofree char *x = hs_leak_trace_to_text (t), *y = hs_leak_trace_to_text (back);
      g_assert_cmpstr (x, ==, y);
      /* the gap is shown where it stands */
      g_assert_true ((strstr (y, "├─ … 70 more\n") != NULL) == full);
      /* An object index past the heap's (leaking_obj is 99): refused. */
      g_assert_null (trace_round_trip (t, 99, NULL));
    }
}

/* Two records of other kinds: a trace given to the report's reader and a
 * report given to the trace's reader are refused. */
static void
test_other_kinds (void)
{
  g_autoptr (HsLeakTrace) t = trace_new (TRUE);
  HsLeakReport r = { g_ptr_array_new (), g_ptr_array_new (), 0, 0, g_ptr_array_new () };
  HsIndexBlob b;
  HsIndexCursor c;

  hs_index_blob_init (&b);
  hs_leak_trace_save (t, &b);
  hs_index_cursor_init (&c, b.bytes->data, b.bytes->len);
  g_assert_null (hs_leak_report_load (&c, 100));
  g_assert_false (hs_index_cursor_ok (&c, FALSE));
  hs_index_blob_clear (&b);

  hs_index_blob_init (&b);
  hs_leak_report_save (&r, &b);
  hs_index_cursor_init (&c, b.bytes->data, b.bytes->len);
  g_assert_null (hs_leak_trace_load (&c, 100));
  /* the layout number after the tag: another one is refused */
  b.bytes->data[4] ^= 2;
  hs_index_cursor_init (&c, b.bytes->data, b.bytes->len);
  g_assert_null (hs_leak_report_load (&c, 100));
  b.bytes->data[4] ^= 2;
  hs_index_cursor_init (&c, b.bytes->data, b.bytes->len);
  {
    g_autoptr (HsLeakReport) empty = hs_leak_report_load (&c, 100);
    g_assert_nonnull (empty);
    g_assert_cmpuint (empty->application_leaks->len, ==, 0);
  }
  /* a count the bytes left cannot hold (the application groups', after
   * the tag and the layout): refused before anything is allocated for it */
  for (guint i = 8; i < 12; i++)
    b.bytes->data[i] = 0xff;
  hs_index_cursor_init (&c, b.bytes->data, b.bytes->len);
  g_assert_null (hs_leak_report_load (&c, 100));
  hs_index_blob_clear (&b);
  g_ptr_array_unref (r.application_leaks);
  g_ptr_array_unref (r.library_leaks);
  g_ptr_array_unref (r.unreachable_leaking);
}

/* ---- real analyses ------------------------------------------------------ */

/* The report read back shows what the report found shows; returns it. */
static HsLeakReport *
round_trip (HsAnalysis *a)
{
  guint64 n = hs_heap_n_objects (a->heap);
  return hs_test_record_round_trip (hs_test_record_leaks (), a->leaks, &n);
}

static char *
dump_path (const char *name)
{
  return g_build_filename (dumps_dir, name, NULL);
}

/* tiny.hprof (make-dumps.py): one leak through class Holder --static
 * sLeaky--> Leaky, retaining 16 + 1016 = 1032 bytes in 2 objects. */
static void
test_tiny (void)
{
  g_autofree char *path = dump_path ("tiny.hprof");
  g_autoptr (HsAnalysis) a = hs_test_record_analyse (path, NULL);
  g_autoptr (HsLeakReport) r = round_trip (a);
  g_assert_cmpuint (r->application_leaks->len, ==, 1);
  g_assert_cmpuint (r->library_leaks->len, ==, 0);
  HsLeakGroup *g = g_ptr_array_index (r->application_leaks, 0);
  g_assert_cmpuint (g->traces->len, ==, 1);
  HsLeakTrace *t = g_ptr_array_index (g->traces, 0);
  g_assert_cmpuint (t->retained_bytes, ==, 1032);
  g_assert_cmpuint (t->retained_count, ==, 2);
  g_assert_cmpuint (t->nodes->len, ==, 2);
  HsLeakNode *root = g_ptr_array_index (t->nodes, 0), *leak = g_ptr_array_index (t->nodes, 1);
  g_assert_true (root->is_class);
  g_assert_cmpstr (root->class_name, ==, "com.example.Holder");
  g_assert_cmpint (root->ref_kind, ==, HS_PATH_REF_STATIC);
  g_assert_cmpstr (root->ref_name, ==, "sLeaky");
  g_assert_cmpstr (leak->class_name, ==, "com.example.Leaky");
  g_assert_cmpuint (leak->obj, ==, t->leaking_obj);
  g_assert_cmpuint (hs_leak_trace_node_id (t, 1), ==, hs_heap_object_id (a->heap, leak->obj));
}

/* hostile.hprof: the same shape with markup, ampersands and invalid UTF-8
 * in every name: the same JSON and text after the round trip. */
static void
test_hostile_names (void)
{
  g_autofree char *path = dump_path ("hostile.hprof");
  g_autoptr (HsAnalysis) a = hs_test_record_analyse (path, NULL);
  g_autoptr (HsLeakReport) r = round_trip (a);
  g_assert_cmpuint (r->application_leaks->len, ==, 1);
}

/* The corpus: LeakCanary's dump (one KeyedWeakReference on a
 * com.example.leakcanary.LeakyService, its path from a static field of that
 * class), and the JVM dumps (reports without leaks, or the Android
 * inspectors' when unwatched). */
static void
test_corpus (void)
{
  static const char *const names[]
      = { "android/leak_service_binder.hprof", "jvm/jhat_jdk8_x32.hprof", "jvm/oracle_jdk8_05_x64.hprof",
          "jvm/sun_jdk6_31_hprofagent_compressedOops.hprof" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = hs_test_corpus_path (names[i]);
      if (path == NULL)
        return;
      g_autoptr (HsAnalysis) a = hs_test_record_analyse (path, NULL);
      g_autoptr (HsLeakReport) r = round_trip (a);
      if (i == 0)
        {
          g_assert_cmpuint (r->n_watched, ==, 1);
          g_assert_cmpuint (r->application_leaks->len, ==, 1);
          HsLeakGroup *g = g_ptr_array_index (r->application_leaks, 0);
          HsLeakTrace *t = g_ptr_array_index (g->traces, 0);
          HsLeakNode *first = g_ptr_array_index (t->nodes, 0);
          HsLeakNode *last = g_ptr_array_index (t->nodes, t->nodes->len - 1);
          g_assert_true (first->is_class);
          g_assert_cmpstr (first->class_name, ==, "com.example.leakcanary.LeakyService");
          g_assert_cmpint (first->ref_kind, ==, HS_PATH_REF_STATIC);
          g_assert_cmpstr (last->class_name, ==, "com.example.leakcanary.LeakyService");
          g_assert_cmpint (last->leaking, ==, HS_LEAKING_YES);
          g_assert_cmpstr (t->key, !=, NULL);
        }
    }
}

/* ---- hostile bytes ------------------------------------------------------ */

static void
test_hostile_bytes (void)
{
  g_autofree char *path = dump_path ("tiny.hprof");
  g_autoptr (HsAnalysis) a = hs_test_record_analyse (path, NULL);
  guint64 n = hs_heap_n_objects (a->heap);
  hs_test_record_hostile (hs_test_record_leaks (), a->leaks, &n, "tiny.hprof's report");

  /* the trace made by hand: every kind of field */
  g_autoptr (HsLeakTrace) t = trace_new (TRUE);
  guint64 n_made = 100;
  hs_test_record_hostile (&trace_kind, t, &n_made, "the trace made by hand");

  g_autofree char *corpus = hs_test_corpus_path ("android/leak_service_binder.hprof");
  if (corpus == NULL)
    return;
  g_autoptr (HsAnalysis) c = hs_test_record_analyse (corpus, NULL);
  guint64 n_corpus = hs_heap_n_objects (c->heap);
  hs_test_record_hostile (hs_test_record_leaks (), c->leaks, &n_corpus, "the corpus report");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  dumps_dir = argv[1];
  g_test_add_func ("/leak-persist/trace-fields", test_trace_fields);
  g_test_add_func ("/leak-persist/other-kinds", test_other_kinds);
  g_test_add_func ("/leak-persist/tiny", test_tiny);
  g_test_add_func ("/leak-persist/hostile-names", test_hostile_names);
  g_test_add_func ("/leak-persist/corpus", test_corpus);
  g_test_add_func ("/leak-persist/hostile-bytes", test_hostile_bytes);
  return g_test_run ();
}
