/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of hs-paths on the dumps of make-paths-dumps.py: paths.hprof
 * (tests/cli/pathsdump.py gives its routes and sizes, counted by hand)
 * chain.hprof (a chain of 200,000 objects, every one a target) and
 * fields.hprof (instances with two fields to one object, and 3000 fields). */
#include "hs-paths.h"
#include "hs-query.h"

static HsAnalysis *paths_dump, *chain_dump, *fields_dump;

/* Addresses of pathsdump.py: 0x1000 + 8 x its position in NAMES. */
#define ID_APP 0x1028
#define ID_L 0x1048
#define ID_C 0x1050
#define ID_A2 0x1058
#define ID_S1 0x1060
#define ID_S2 0x1068
#define ID_S3 0x1070
#define ID_S4 0x1078
#define ID_S5 0x1080
#define ID_S6 0x1088
#define ID_S7 0x1090
#define ID_T 0x10a0

#define CHAIN_N 200000
#define FIELDS_W 3000

static HsObj
obj (HsAnalysis *a, guint64 id)
{
  HsObj o = hs_heap_find (a->heap, id);
  g_assert_cmpuint (o, !=, HS_OBJ_NONE);
  return o;
}

static GArray *
sessions (void)
{
  static const guint64 ids[] = { ID_S1, ID_S2, ID_S3, ID_S4, ID_S5, ID_S6, ID_S7 };
  GArray *t = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      HsObj o = obj (paths_dump, ids[i]);
      g_array_append_val (t, o);
    }
  return t;
}

static void
assert_node (const HsMergedPaths *m, guint i, guint32 parent, const char *cls, const char *ref, gint kind,
             guint64 objects, guint64 reached, guint64 shallow, guint64 retained, guint32 n_children)
{
  const HsPathsNode *n = &m->nodes[i];
  g_assert_cmpuint (i, <, m->n_nodes);
  g_assert_cmpuint (n->parent, ==, parent);
  g_assert_cmpstr (n->class_name, ==, cls);
  g_assert_cmpstr (n->reference, ==, ref);
  g_assert_cmpint (n->root_kind, ==, kind);
  g_assert_cmpuint (n->objects, ==, objects);
  g_assert_cmpuint (n->reached, ==, reached);
  g_assert_cmpuint (n->shallow, ==, shallow);
  g_assert_cmpuint (n->retained, ==, retained);
  g_assert_cmpuint (n->n_children, ==, n_children);
}

static HsMergedPaths *
merged (const HsPathsOptions *opts)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) t = sessions ();
  HsMergedPaths *m
      = hs_paths_merged (paths_dump->heap, paths_dump->dom, opts, (HsObj *)t->data, t->len, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (m);
  return m;
}

static void
test_merged_default (void)
{
  g_autoptr (HsMergedPaths) m = merged (NULL);
  const HsPathsNode *n;
  g_assert_cmpuint (m->n_targets, ==, 7);
  g_assert_cmpuint (m->n_unreached, ==, 2); /* S5: a weak referent only; S6: nothing */
  g_assert_cmpint (m->n_freed, ==, -1);
  g_assert_cmpuint (m->n_tops, ==, 2);
  g_assert_cmpuint (m->n_nodes, ==, 8);
  /* breadth first: the tops, then the children of node 0, of node 1, ... */
  assert_node (m, 0, HS_PATHS_NO_NODE, "class com.example.App", NULL, HS_ROOT_STICKY_CLASS, 1, 4, 8, 136, 2);
  assert_node (m, 1, HS_PATHS_NO_NODE, "java.lang.Thread", NULL, HS_ROOT_JAVA_FRAME, 1, 1, 16, 16, 1);
  assert_node (m, 2, 0, "java.lang.Object[]", "static com.example.App.sessions", -1, 1, 3, 24, 56, 1);
  assert_node (m, 3, 0, "com.example.Cache", "static com.example.App.cache", -1, 1, 1, 16, 56, 1);
  assert_node (m, 4, 1, "com.example.Session", "<Java Local>", -1, 1, 1, 16, 16, 0);
  assert_node (m, 5, 2, "com.example.Session", "[]", -1, 3, 3, 48, 48, 0);
  assert_node (m, 6, 3, "java.lang.Object[]", "com.example.Cache.entries", -1, 1, 1, 24, 40, 1);
  assert_node (m, 7, 6, "com.example.Session", "[]", -1, 1, 1, 16, 16, 0);
  g_assert_cmpuint (m->nodes[0].first_child, ==, 2);
  /* a node's objects */
  n = &m->nodes[5];
  g_assert_cmpuint (hs_heap_object_id (paths_dump->heap, m->objects[n->first_object]), ==, ID_S1);
  g_assert_cmpuint (hs_heap_object_id (paths_dump->heap, m->objects[n->first_object + 1]), ==, ID_S2);
  g_assert_cmpuint (hs_heap_object_id (paths_dump->heap, m->objects[n->first_object + 2]), ==, ID_S3);
  g_assert_cmpuint (hs_heap_object_id (paths_dump->heap, m->objects[m->nodes[1].first_object]), ==, ID_T);
  g_assert_cmpuint (hs_heap_object_id (paths_dump->heap, m->objects[m->nodes[6].first_object]), ==, ID_A2);
}

static void
test_merged_excluded (void)
{
  const char *const refs[] = { "com.example.App.sessions", NULL };
  HsPathsOptions opts = { HS_PATHS_EXCLUDE_DEFAULT, refs, NULL };
  g_autoptr (HsMergedPaths) m = merged (&opts);
  g_assert_cmpuint (m->n_unreached, ==, 4);
  g_assert_cmpint (m->n_freed, ==, 2); /* S1 and S2; S3 keeps the cache's route */
  g_assert_cmpuint (m->n_nodes, ==, 6);
  assert_node (m, 0, HS_PATHS_NO_NODE, "class com.example.App", NULL, HS_ROOT_STICKY_CLASS, 1, 2, 8, 136, 1);
  assert_node (m, 2, 0, "com.example.Cache", "static com.example.App.cache", -1, 1, 2, 16, 56, 1);
  assert_node (m, 5, 4, "com.example.Session", "[]", -1, 2, 2, 32, 32, 0);
}

static void
test_merged_kinds (void)
{
  HsPathsOptions opts = { 0, NULL, NULL }; /* nothing excluded: W's referent is followed */
  g_autoptr (HsMergedPaths) m = merged (&opts);
  g_assert_cmpuint (m->n_unreached, ==, 1);
  g_assert_cmpint (m->n_freed, ==, 0);
  g_assert_cmpuint (m->n_tops, ==, 3);
  assert_node (m, 2, HS_PATHS_NO_NODE, "java.lang.ref.WeakReference", NULL, HS_ROOT_JNI_GLOBAL, 1, 1, 16, 16,
               1);
  g_assert_cmpuint (hs_paths_kind_from_name ("finalizer"), ==, HS_PATHS_FINALIZER);
  g_assert_cmpuint (hs_paths_kind_from_name ("strong"), ==, 0);
  g_assert_true (hs_paths_options_are_default (NULL));
  g_assert_false (hs_paths_options_are_default (&opts));
}

static void
test_all_paths (void)
{
  g_autoptr (GError) error = NULL;
  const char *const refs[] = { "com.example.Cache.entries", NULL };
  HsPathsOptions opts = { HS_PATHS_EXCLUDE_DEFAULT, refs, NULL };
  HsHeap *h = paths_dump->heap;
  g_autoptr (HsPathSet) s = hs_paths_all (h, paths_dump->dom, NULL, obj (paths_dump, ID_S3), 5, NULL, &error);
  g_autoptr (HsPathSet) cut = NULL;
  const HsPath *p;
  g_assert_no_error (error);
  g_assert_cmpuint (s->paths->len, ==, 2);
  p = g_ptr_array_index (s->paths, 0);
  g_assert_cmpuint (p->n_steps, ==, 3);
  g_assert_cmpuint (hs_heap_object_id (h, p->steps[1].obj), ==, ID_L);
  g_assert_cmpstr (p->steps[1].reference, ==, "[2]");
  p = g_ptr_array_index (s->paths, 1);
  g_assert_cmpuint (p->n_steps, ==, 4);
  g_assert_cmpuint (hs_heap_object_id (h, p->steps[0].obj), ==, ID_APP);
  g_assert_cmpuint (hs_heap_object_id (h, p->steps[1].obj), ==, ID_C);
  g_assert_cmpstr (p->steps[2].reference, ==, "[0]");
  /* S4 has only the cache's route: cut, it would be freed */
  cut = hs_paths_all (h, paths_dump->dom, &opts, obj (paths_dump, ID_S4), 5, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cut->paths->len, ==, 0);
  g_assert_true (cut->freed);
}

static void
test_cancelled (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_autoptr (GArray) t = sessions ();
  g_cancellable_cancel (cancel);
  g_assert_null (
      hs_paths_merged (paths_dump->heap, paths_dump->dom, NULL, (HsObj *)t->data, t->len, cancel, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_null (
      hs_paths_all (paths_dump->heap, paths_dump->dom, NULL, obj (paths_dump, ID_S3), 5, cancel, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_chain (void)
{
  g_autoptr (GError) error = NULL;
  HsClass k = hs_heap_find_class (chain_dump->heap, "com.example.Node");
  g_autoptr (GArray) t = hs_query_instances_unsorted (chain_dump, &k, 1);
  g_autoptr (HsMergedPaths) m = NULL;
  g_autoptr (HsPathSet) s = NULL;
  g_assert_cmpuint (t->len, ==, CHAIN_N);
  m = hs_paths_merged (chain_dump->heap, chain_dump->dom, NULL, (HsObj *)t->data, t->len, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (m->n_nodes, ==, CHAIN_N);
  g_assert_cmpuint (m->n_tops, ==, 1);
  g_assert_cmpuint (m->n_unreached, ==, 0);
  for (guint i = 0; i < CHAIN_N; i++)
    {
      g_assert_cmpuint (m->nodes[i].reached, ==, CHAIN_N - i);
      g_assert_cmpuint (m->nodes[i].objects, ==, 1);
      g_assert_cmpuint (hs_heap_object_id (chain_dump->heap, m->objects[m->nodes[i].first_object]), ==,
                        0x100000 + 16 * (guint64)i);
      if (i)
        g_assert_cmpstr (m->nodes[i].reference, ==, "com.example.Node.next");
    }
  s = hs_paths_all (chain_dump->heap, chain_dump->dom, NULL, obj (chain_dump, 0x100000 + 16 * (CHAIN_N - 1)),
                    3, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (s->paths->len, ==, 1); /* one route only */
  g_assert_cmpuint (((HsPath *)g_ptr_array_index (s->paths, 0))->n_steps, ==, CHAIN_N);
}

/* An object held by two fields of its parent is named by the first; the
 * 2998 leaves of Wide each by their own field, past a null and a dangling
 * one (make-paths-dumps.py, fields.hprof). */
static void
test_fields (void)
{
  g_autoptr (GError) error = NULL;
  HsClass k = hs_heap_find_class (fields_dump->heap, "com.example.Leaf");
  g_autoptr (GArray) t = hs_query_instances_unsorted (fields_dump, &k, 1);
  g_autoptr (HsMergedPaths) m = NULL;
  guint named = 0;
  g_assert_cmpuint (t->len, ==, 1 + FIELDS_W - 2);
  m = hs_paths_merged (fields_dump->heap, fields_dump->dom, NULL, (HsObj *)t->data, t->len, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (m->n_tops, ==, 2);
  g_assert_cmpuint (m->n_unreached, ==, 0);
  g_assert_cmpuint (m->n_nodes, ==, 2 + 1 + FIELDS_W - 2);
  for (guint i = 0; i < m->n_nodes; i++)
    {
      const HsPathsNode *n = &m->nodes[i];
      guint64 id;
      if (n->parent == HS_PATHS_NO_NODE)
        continue;
      g_assert_cmpuint (n->objects, ==, 1);
      id = hs_heap_object_id (fields_dump->heap, m->objects[n->first_object]);
      if (id == 0x300000)
        g_assert_cmpstr (n->reference, ==, "com.example.Pair.a");
      else
        {
          g_autofree char *want = NULL;
          g_assert_cmpuint (id, >=, 0x400000 + 16 * 2);
          g_assert_cmpuint (id, <, 0x400000 + 16 * FIELDS_W);
          g_assert_cmpuint ((id - 0x400000) % 16, ==, 0);
          want = g_strdup_printf ("com.example.Wide.f%u", (guint)((id - 0x400000) / 16));
          g_assert_cmpstr (n->reference, ==, want);
        }
      named++;
    }
  g_assert_cmpuint (named, ==, 1 + FIELDS_W - 2);
}

static HsAnalysis *
load (const char *dir, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, name, NULL);
  HsAnalysisOptions opts = { 0 };
  HsAnalysis *a;
  opts.skip_leaks = TRUE;
  a = hs_analysis_run (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return a;
}

int
main (int argc, char **argv)
{
  int rc;
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    {
      g_printerr ("usage: test-paths DIR\n");
      return 77;
    }
  paths_dump = load (argv[1], "paths.hprof");
  chain_dump = load (argv[1], "chain.hprof");
  fields_dump = load (argv[1], "fields.hprof");
  g_test_add_func ("/paths/merged/default", test_merged_default);
  g_test_add_func ("/paths/merged/excluded", test_merged_excluded);
  g_test_add_func ("/paths/merged/kinds", test_merged_kinds);
  g_test_add_func ("/paths/all", test_all_paths);
  g_test_add_func ("/paths/cancelled", test_cancelled);
  g_test_add_func ("/paths/chain", test_chain);
  g_test_add_func ("/paths/fields", test_fields);
  rc = g_test_run ();
  hs_analysis_free (paths_dump);
  hs_analysis_free (chain_dump);
  hs_analysis_free (fields_dump);
  return rc;
}
