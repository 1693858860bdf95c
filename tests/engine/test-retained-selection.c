/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-retained-selection: the precise retained size of a selection, on
 * selection.hprof (make-selection-dumps.py works out every figure), against
 * hs_retained_set_precise on random sets of the sample dump, its progress
 * and its cancellation on wide.hprof; and hs-object-id's spellings. */
#include "hs-object-id.h"
#include "hs-query.h"
#include "hs-retained.h"
#include "hs-retained-selection.h"

static const char *dir;

#define ROOT 0x10000
#define P1 0x10010
#define P2 0x10020
#define SHARED 0x10030
#define L1 0x10050
#define U 0x10070

static HsAnalysis *
load (const char *path)
{
  HsAnalysisOptions opts = { 0 };
  g_autoptr (GError) error = NULL;
  HsAnalysis *a;

  opts.skip_leaks = TRUE;
  a = hs_analysis_run (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return a;
}

static HsAnalysis *
load_in_dir (const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  return load (path);
}

static HsObj
obj (HsAnalysis *a, guint64 id)
{
  HsObj o = hs_heap_find (a->heap, id);
  g_assert_cmpuint (o, !=, HS_OBJ_NONE);
  return o;
}

/* The set of ids (0-terminated), computed; checks the four figures. */
static void
assert_ids (HsAnalysis *a, const guint64 *ids, guint64 objects, guint64 shallow, guint64 retained,
            guint64 count)
{
  g_autoptr (GArray) objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
  g_autoptr (GError) error = NULL;
  HsRetainedSelection r;

  for (guint i = 0; ids[i]; i++)
    {
      HsObj o = obj (a, ids[i]);
      g_array_append_val (objs, o);
    }
  g_assert_true (hs_retained_selection_compute (a, (HsObj *)objs->data, objs->len, NULL, 0, NULL, NULL, NULL,
                                                &r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r.n_objects, ==, objects);
  g_assert_cmpuint (r.shallow, ==, shallow);
  g_assert_cmpuint (r.retained, ==, retained);
  g_assert_cmpuint (r.retained_count, ==, count);
}

static void
test_hand_made (void)
{
  g_autoptr (HsAnalysis) a = load_in_dir ("selection.hprof");
  g_autoptr (GError) error = NULL;
  HsRetainedSelection r;

  assert_ids (a, (const guint64[]){ P1, 0 }, 1, 16, 32, 2);
  assert_ids (a, (const guint64[]){ P2, 0 }, 1, 16, 32, 2);
  /* Together more than alone: the shared child and its array go too. */
  assert_ids (a, (const guint64[]){ P1, P2, 0 }, 2, 32, 112, 6);
  assert_ids (a, (const guint64[]){ P2, P1, P1, 0 }, 2, 32, 112, 6);
  assert_ids (a, (const guint64[]){ P1, L1, 0 }, 2, 32, 32, 2);
  assert_ids (a, (const guint64[]){ P1, P2, U, 0 }, 3, 48, 112, 6);
  assert_ids (a, (const guint64[]){ U, 0 }, 1, 16, 0, 0);
  /* The root: everything reachable but the class objects (0 bytes each). */
  assert_ids (a, (const guint64[]){ ROOT, 0 }, 1, 16, 128, 7);

  /* A class stands for its instances; objects named too count once. */
  {
    g_autoptr (GArray) cs = hs_query_classes_named (a->heap, "com.example.Parent");
    HsObj p1 = obj (a, P1), shared = obj (a, SHARED);
    g_assert_cmpuint (cs->len, ==, 1);
    g_assert_true (hs_retained_selection_compute (a, &p1, 1, (HsClass *)cs->data, cs->len, NULL, NULL, NULL,
                                                  &r, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (r.n_objects, ==, 3);
    g_assert_cmpuint (r.shallow, ==, 48);
    g_assert_cmpuint (r.retained, ==, 112);
    g_assert_cmpuint (r.retained_count, ==, 6);
    g_assert_true (hs_retained_selection_compute (a, &shared, 1, (HsClass *)cs->data, cs->len, NULL, NULL,
                                                  NULL, &r, &error));
    g_assert_cmpuint (r.n_objects, ==, 4);
    g_assert_cmpuint (r.shallow, ==, 64);
    g_assert_cmpuint (r.retained, ==, 112);
  }

  /* An empty selection retains nothing. */
  g_assert_true (hs_retained_selection_compute (a, NULL, 0, NULL, 0, NULL, NULL, NULL, &r, &error));
  g_assert_cmpuint (r.n_objects + r.shallow + r.retained + r.retained_count, ==, 0);

  /* An index out of range is an error, not a read past the end. */
  {
    HsObj bad = (HsObj)hs_heap_n_objects (a->heap);
    g_assert_false (hs_retained_selection_compute (a, &bad, 1, NULL, 0, NULL, NULL, NULL, &r, &error));
    g_assert_error (error, HS_ERROR, HS_ERROR_ARGUMENT);
  }
}

/* Random sets of the sample dump: the same figures as the graph's own
 * precise walk (tests/dominators checks that one against naive
 * reachability). */
static void
test_against_graph (void)
{
  g_autoptr (HsAnalysis) a = load (HS_SAMPLE_DUMP);
  HsHeap *h = a->heap;
  guint64 n = hs_heap_n_objects (h);
  g_autoptr (GArray) roots = g_array_new (FALSE, FALSE, sizeof (HsObj));
  GRand *rand = g_rand_new_with_seed (26);

  for (gsize i = 0; i < hs_heap_n_roots (h); i++)
    if (hs_heap_root (h, i)->obj != HS_OBJ_NONE)
      g_array_append_val (roots, hs_heap_root (h, i)->obj);
  for (guint round = 0; round < 12; round++)
    {
      g_autofree guint8 *in_set = g_new0 (guint8, n);
      g_autoptr (GArray) objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
      guint size = round < 6 ? 1 + round : (guint)g_rand_int_range (rand, 10, 2000);
      guint64 bytes = 0, count = 0, shallow = 0, distinct = 0;
      HsRetainedSelection r;
      g_autoptr (GError) error = NULL;

      for (guint k = 0; k < size; k++)
        {
          HsObj o = (HsObj)g_rand_int_range (rand, 0, (gint32)n);
          g_array_append_val (objs, o);
          if (!in_set[o])
            distinct++, shallow += hs_heap_object_shallow (h, o);
          in_set[o] = 1;
        }
      hs_retained_set_precise (hs_heap_graph (h), (const HsObj *)roots->data, roots->len, in_set, &bytes,
                               &count);
      g_assert_true (hs_retained_selection_compute (a, (HsObj *)objs->data, objs->len, NULL, 0, NULL, NULL,
                                                    NULL, &r, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (r.n_objects, ==, distinct);
      g_assert_cmpuint (r.shallow, ==, shallow);
      g_assert_cmpuint (r.retained, ==, bytes);
      g_assert_cmpuint (r.retained_count, ==, count);
    }
  g_rand_free (rand);
}

typedef struct
{
  GArray *fractions;
  GCancellable *cancel_at_first; /* cancelled on the first report */
} Progress;

static void
on_progress (double fraction, gpointer data)
{
  Progress *p = data;
  g_array_append_val (p->fractions, fraction);
  if (p->cancel_at_first != NULL)
    g_cancellable_cancel (p->cancel_at_first);
}

static void
test_progress_and_cancel (void)
{
  g_autoptr (HsAnalysis) a = load_in_dir ("wide.hprof");
  g_autoptr (GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GError) error = NULL;
  HsObj wide = obj (a, 0x20000);
  Progress p = { fractions, NULL };
  HsRetainedSelection r;

  /* 150,000 int[1] under one array: reports on the way, 0 first, 1 last,
   * never backwards. */
  g_assert_true (hs_retained_selection_compute (a, &wide, 1, NULL, 0, on_progress, &p, NULL, &r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r.retained, ==, 3000016);
  g_assert_cmpuint (r.retained_count, ==, 150001);
  g_assert_cmpuint (fractions->len, >=, 3);
  g_assert_cmpfloat (g_array_index (fractions, double, 0), ==, 0.0);
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), ==, 1.0);
  for (guint i = 1; i < fractions->len; i++)
    g_assert_cmpfloat (g_array_index (fractions, double, i), >=, g_array_index (fractions, double, i - 1));

  /* Cancelled at its first report (0, before the walk): the walk stops at
   * its next look, with no report after. */
  {
    g_autoptr (GCancellable) c = g_cancellable_new ();
    g_array_set_size (fractions, 0);
    p.cancel_at_first = c;
    g_assert_false (hs_retained_selection_compute (a, &wide, 1, NULL, 0, on_progress, &p, c, &r, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_clear_error (&error);
    g_assert_cmpuint (fractions->len, ==, 1);
  }
  /* Cancelled before it starts. */
  {
    g_autoptr (GCancellable) c = g_cancellable_new ();
    g_cancellable_cancel (c);
    g_assert_false (hs_retained_selection_compute (a, &wide, 1, NULL, 0, NULL, NULL, c, &r, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  }
}

/* suspect.hprof: the class suspect com.example.Big's ten members retain
 * together what the suspect's sum leaves out, the array they share. */
static void
test_members (void)
{
  g_autofree char *path = g_build_filename (dir, "suspect.hprof", NULL);
  HsAnalysisOptions opts = { 0 }; /* with the leak search: the suspects */
  g_autoptr (GError) error = NULL;
  g_autoptr (HsAnalysis) a = hs_analysis_run (path, &opts, NULL, NULL, NULL, &error);
  g_autoptr (GArray) members = hs_retained_selection_top_level_of (a, "com.example.Big");
  g_autoptr (GArray) none = hs_retained_selection_top_level_of (a, "com.example.Nothing");
  HsRetainedSelection r;
  gboolean found = FALSE;

  g_assert_no_error (error);
  g_assert_cmpuint (members->len, ==, 10);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_nonnull (a->suspects);
  for (guint i = 0; i < a->suspects->classes->len; i++)
    {
      HsClassSuspect *c = g_ptr_array_index (a->suspects->classes, i);
      if (g_str_equal (c->class_name, "com.example.Big"))
        {
          g_assert_cmpuint (c->count, ==, 10);
          g_assert_cmpuint (c->retained, ==, 1280);
          found = TRUE;
        }
    }
  g_assert_true (found);
  g_assert_true (hs_retained_selection_compute (a, (HsObj *)members->data, members->len, NULL, 0, NULL, NULL,
                                                NULL, &r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r.n_objects, ==, 10);
  g_assert_cmpuint (r.shallow, ==, 160);
  g_assert_cmpuint (r.retained, ==, 1496);
  g_assert_cmpuint (r.retained_count, ==, 21);
}

static void
test_object_id (void)
{
  g_autoptr (HsAnalysis) a = load_in_dir ("selection.hprof");
  HsHeap *h = a->heap;
  HsObj p1 = obj (a, P1);
  g_autofree char *dec = g_strdup_printf ("%u", P1);
  guint64 id;
  gboolean is_id;

  g_assert_cmpuint (hs_object_id_find (h, "0x10010", &id, &is_id), ==, p1);
  g_assert_cmpuint (id, ==, P1);
  g_assert_cmpuint (hs_object_id_find (h, " 0X10010 ", NULL, NULL), ==, p1);
  g_assert_cmpuint (hs_object_id_find (h, dec, &id, NULL), ==, p1);
  g_assert_cmpuint (id, ==, P1);
  /* Plain digits naming no object in decimal: read as hexadecimal. */
  g_assert_cmpuint (hs_object_id_find (h, "10010", &id, NULL), ==, p1);
  g_assert_cmpuint (id, ==, P1);
  /* A hex letter without 0x: hexadecimal. */
  g_assert_cmpuint (hs_object_id_find (h, "1001a", &id, &is_id), ==, HS_OBJ_NONE);
  g_assert_true (is_id);
  g_assert_cmpuint (id, ==, 0x1001a);
  /* Neither reading names an object: the decimal one is reported. */
  g_assert_cmpuint (hs_object_id_find (h, "12", &id, &is_id), ==, HS_OBJ_NONE);
  g_assert_cmpuint (id, ==, 12);
  g_assert_true (is_id);
  /* Not a number; a number past 64 bits. */
  g_assert_cmpuint (hs_object_id_find (h, "java.lang.String", NULL, &is_id), ==, HS_OBJ_NONE);
  g_assert_false (is_id);
  g_assert_cmpuint (hs_object_id_find (h, "0x", NULL, &is_id), ==, HS_OBJ_NONE);
  g_assert_false (is_id);
  g_assert_cmpuint (hs_object_id_find (h, "0x1ffffffffffffffff", NULL, &is_id), ==, HS_OBJ_NONE);
  g_assert_false (is_id);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  dir = argv[1];
  g_test_add_func ("/retained-selection/hand-made", test_hand_made);
  g_test_add_func ("/retained-selection/against-graph", test_against_graph);
  g_test_add_func ("/retained-selection/progress-and-cancel", test_progress_and_cancel);
  g_test_add_func ("/retained-selection/members", test_members);
  g_test_add_func ("/retained-selection/object-id", test_object_id);
  return g_test_run ();
}
