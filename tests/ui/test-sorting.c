/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sorting.c: the lists the window sorts on workers, each
 * view on its own in a GtkWindow under Xvfb:
 * - the dominator tree view never waits for the sorting lock: while a
 *   worker holds it (here: the test) the top level says "Sorting…" and an
 *   expanded row has no children yet, and both fill once the sort is done;
 * - the instance list shows its first page (1000) before the rest is
 *   sorted, and the whole list keeps those rows first;
 * - the instance order of the engine's two-thread scan and first page and
 *   radix sort is the documented one (hs-query.h), checked against a
 *   comparison sort written here.
 * Dumps: chain.hprof (make-suspect-dumps.py: node i of the chain retains
 * (100,000 - i) x 16 + 100,016 bytes) and instances.hprof
 * (make-sorting-dumps.py: 252,003 byte[], and a child list of three off
 * the top level). HS_TEST_SHOTS=DIR saves the states as PNGs. */
#include "config.h"
#include "ui-util.h"
#include "hs-classes-view.h"
#include "hs-dominators-view.h"
#include "hs-object-list.h"
#include "hs-query.h"
#include "hs-timing.h"

#include <string.h>

#define LOAD_TIMEOUT_MS 120000
#define CHAIN 100000
#define LINK_SIZE 16
#define CHAIN_TAIL 100016 /* the byte[100000] the last link holds */
#define PAGE 1000

static const char *dump_dir;

static HsLoader *
load_dump (const char *name)
{
  g_autofree char *path = g_build_filename (dump_dir, name, NULL);
  return ui_load_dump (path, LOAD_TIMEOUT_MS);
}

static gboolean
not_sorting (gpointer data)
{
  return !hs_dominators_view_is_sorting (data);
}

static HsObjectRow *
tree_row (GListModel *model, guint i, GtkTreeListRow **out)
{
  g_autoptr (GtkTreeListRow) row = g_list_model_get_item (model, i);
  if (out != NULL)
    *out = g_object_ref (row);
  return gtk_tree_list_row_get_item (row);
}

/* The row of obj among the model's rows, or G_MAXUINT. */
static guint
find_row (GListModel *model, HsObj obj)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (HsObjectRow) r = tree_row (model, i, NULL);
      if (hs_object_row_get_obj (r) == obj)
        return i;
    }
  return G_MAXUINT;
}

static HsObj
object_with_id (HsAnalysis *a, guint64 id)
{
  HsObj o = hs_heap_find (a->heap, id);
  g_assert_cmpuint (o, !=, HS_OBJ_NONE);
  return o;
}

/* A worker is sorting and the summary says so. */
static gboolean
sorting_shown (gpointer data)
{
  const char *summary = hs_dominators_view_get_summary (data);
  return hs_dominators_view_is_sorting (data) && summary != NULL
         && g_str_has_prefix (summary, "Sorting the ");
}

static gboolean
dom_sorting (gpointer data)
{
  return hs_dominators_view_is_sorting (data);
}

typedef struct
{
  GListModel *model;
  guint n;
} ItemsWait;

static gboolean
has_items (gpointer data)
{
  ItemsWait *w = data;
  return g_list_model_get_n_items (w->model) == w->n;
}

static void
test_dominators_sorting (void)
{
  g_autoptr (HsLoader) loader = load_dump ("instances.hprof");
  HsAnalysis *a = hs_loader_get_analysis (loader);
  HsDominatorsView *view = HS_DOMINATORS_VIEW (hs_dominators_view_new ());
  GtkWidget *window = ui_window_with (GTK_WIDGET (view), 1000, 600);
  HsHeap *heap = a->heap;
  HsClass bytes = hs_heap_find_class (a->heap, "byte[]");
  g_autoptr (GArray) arrays = hs_query_instances_unsorted (a, &bytes, 1);
  HsObj outer = object_with_id (a, 0x7000000), inner = object_with_id (a, 0x7000008);
  const HsObj three[] = { object_with_id (a, 0x7000018), object_with_id (a, 0x7000020),
                          object_with_id (a, 0x7000010) }; /* 30, 20, 10 bytes */
  g_autoptr (GtkTreeListRow) outer_row = NULL;
  g_autoptr (GtkTreeListRow) inner_row = NULL;
  g_autoptr (HsObjectRow) r0 = NULL;
  g_autoptr (HsObjectRow) r1 = NULL;
  GListModel *model;
  guint64 holder_retained = 0;
  guint n_top, at;
  HsObj holder = HS_OBJ_NONE;

  /* A worker sorting: the test holds the lock the sorts take. The view's
   * own warm-up starts with the loader and waits for it too. */
  g_mutex_lock (&a->dom->sort_lock);
  hs_view_set_loader (HS_VIEW (view), loader);
  g_assert_true (hs_view_ensure_filled (HS_VIEW (view)));
  g_assert_true (ui_wait_until (sorting_shown, view, 10000));
  g_assert_true (hs_dominators_view_is_sorting (view));
  g_assert_true (g_str_has_prefix (hs_dominators_view_get_summary (view), "Sorting the "));
  ui_shot (window, "dominators-sorting.png");

  /* The sort done: the rows, first the Object[] holding the 224,000
   * reachable byte[] (its retained size: its own and theirs, from the
   * heap's shallow sizes), then the Object[] holding the other three. */
  g_mutex_unlock (&a->dom->sort_lock);
  g_assert_true (ui_wait_until (not_sorting, view, 10000));
  g_assert_true (strstr (hs_dominators_view_get_summary (view), "top-level dominators") != NULL);
  model = G_LIST_MODEL (hs_dominators_view_get_model (view));
  g_assert_nonnull (model);
  n_top = g_list_model_get_n_items (model);
  for (guint i = 0; i < arrays->len; i++)
    {
      HsObj o = g_array_index (arrays, HsObj, i);
      if (o == three[0] || o == three[1] || o == three[2] || a->dom->idom[o] == HS_OBJ_NONE)
        continue;
      holder_retained += hs_heap_object_shallow (heap, o);
      if (holder == HS_OBJ_NONE)
        holder = a->dom->idom[o];
    }
  holder_retained += hs_heap_object_shallow (heap, holder);
  r0 = tree_row (model, 0, NULL);
  g_assert_cmpuint (hs_object_row_get_obj (r0), ==, holder);
  g_assert_cmpuint (hs_object_row_get_retained (r0), ==, holder_retained);
  r1 = tree_row (model, 1, &outer_row);
  g_assert_cmpuint (hs_object_row_get_obj (r1), ==, outer);
  g_assert_cmpuint (hs_object_row_get_retained (r1), ==,
                    (guint64)hs_heap_object_shallow (heap, outer) + hs_heap_object_shallow (heap, inner)
                        + hs_heap_object_shallow (heap, three[0]) + hs_heap_object_shallow (heap, three[1])
                        + hs_heap_object_shallow (heap, three[2]));

  /* A worker sorting again (the test holds the lock). The outer array's
   * one child comes at once (a list of one needs no sort); the inner
   * array's three were never asked for: expanding it gives an expanded
   * row with no children yet, and no wait. */
  g_mutex_lock (&a->dom->sort_lock);
  gtk_tree_list_row_set_expanded (outer_row, TRUE);
  g_assert_true (ui_wait_until (has_items, &(ItemsWait){ model, n_top + 1 }, 10000));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n_top + 1);
  {
    g_autoptr (HsObjectRow) r = tree_row (model, 2, &inner_row);
    g_assert_cmpuint (hs_object_row_get_obj (r), ==, inner);
    g_assert_cmpuint (gtk_tree_list_row_get_depth (inner_row), ==, 1);
  }
  gtk_tree_list_row_set_expanded (inner_row, TRUE);
  g_assert_true (ui_wait_until (dom_sorting, view, 10000));
  g_assert_true (hs_dominators_view_is_sorting (view));
  g_assert_true (gtk_tree_list_row_get_expanded (inner_row));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n_top + 1);
  ui_shot (window, "dominators-children-sorting.png");

  /* Then the three below it, the largest first: 30, 20, 10 bytes. */
  g_mutex_unlock (&a->dom->sort_lock);
  g_assert_true (ui_wait_until (not_sorting, view, 10000));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n_top + 4);
  at = find_row (model, inner);
  g_assert_cmpuint (at, ==, 2);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr (GtkTreeListRow) row = NULL;
      g_autoptr (HsObjectRow) r = tree_row (model, at + 1 + i, &row);
      g_assert_cmpuint (gtk_tree_list_row_get_depth (row), ==, 2);
      g_assert_cmpuint (hs_object_row_get_obj (r), ==, three[i]);
      g_assert_cmpuint (hs_object_row_get_retained (r), ==, hs_heap_object_shallow (heap, three[i]));
    }
  g_assert_cmpuint (hs_heap_object_shallow (heap, three[0]), >, hs_heap_object_shallow (heap, three[1]));
  g_assert_cmpuint (hs_heap_object_shallow (heap, three[1]), >, hs_heap_object_shallow (heap, three[2]));
  ui_shot (window, "dominators-sorted.png");

  ui_destroy_window (GTK_WINDOW (window));
}

/* --- the instance list ------------------------------------------------------ */

typedef struct
{
  HsClassesView *view;
  guint page_rows;   /* rows shown when the first page came */
  gboolean pending;  /* the rest still being sorted then */
  GListModel *shown; /* the list shown then (not a reference) */
  gboolean page_ok;  /* its rows were the chain's first PAGE links */
  HsAnalysis *a;
  HsObj first_links[PAGE];
} PageSpy;

static void
page_hook (const char *what, double wall, double cpu, gpointer data)
{
  PageSpy *spy = data;

  if (!g_str_has_prefix (what, "instances of com.example.Link: first page shown"))
    return;
  spy->shown = hs_classes_view_get_instances_shown (spy->view);
  spy->pending = hs_classes_view_instances_pending (spy->view);
  spy->page_rows = spy->shown != NULL ? g_list_model_get_n_items (spy->shown) : 0;
  spy->page_ok = spy->page_rows == PAGE;
  for (guint i = 0; spy->page_ok && i < PAGE; i++)
    spy->page_ok = hs_object_list_get_obj (HS_OBJECT_LIST (spy->shown), i) == spy->first_links[i];
}

static gboolean
instances_done (gpointer data)
{
  return !hs_classes_view_instances_pending (data) && hs_classes_view_get_instances (data) != NULL;
}

static void
test_instances_first_page (void)
{
  g_autoptr (HsLoader) loader = load_dump ("chain.hprof");
  HsAnalysis *a = hs_loader_get_analysis (loader);
  HsClassesView *view = HS_CLASSES_VIEW (hs_classes_view_new ());
  GtkWidget *window = ui_window_with (GTK_WIDGET (view), 1000, 600);
  g_autoptr (GArray) links
      = hs_query_instances_unsorted (a, (HsClass[]){ hs_heap_find_class (a->heap, "com.example.Link") }, 1);
  PageSpy spy = { view, 0, FALSE, NULL, FALSE, a, { 0 } };
  GListModel *list;

  /* Link i retains (100,000 - i) x 16 + 100,016: the order is the chain's. */
  g_assert_cmpuint (links->len, ==, CHAIN);
  for (guint i = 0; i < PAGE; i++)
    spy.first_links[i] = g_array_index (links, HsObj, i);
  hs_view_set_loader (HS_VIEW (view), loader);
  hs_view_ensure_filled (HS_VIEW (view));
  hs_timing_set_hook (page_hook, &spy);
  g_assert_true (hs_classes_view_show_class (view, "com.example.Link"));
  g_assert_true (ui_wait_until (instances_done, view, 30000));
  hs_timing_set_hook (NULL, NULL);

  /* The first page came first, while the rest was sorted... */
  g_assert_cmpuint (spy.page_rows, ==, PAGE);
  g_assert_true (spy.pending);
  g_assert_true (spy.page_ok);
  /* ... and the whole list is that list grown: the same rows first. */
  list = hs_classes_view_get_instances (view);
  g_assert_true (list == spy.shown);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, CHAIN);
  for (guint i = 0; i < CHAIN; i++)
    {
      HsObj o = hs_object_list_get_obj (HS_OBJECT_LIST (list), i);
      g_assert_cmpuint (o, ==, g_array_index (links, HsObj, i));
      g_assert_cmpuint (hs_dom_tree_retained (a->dom, o), ==, (guint64)(CHAIN - i) * LINK_SIZE + CHAIN_TAIL);
    }
  ui_shot (window, "instances-listed.png");

  ui_destroy_window (GTK_WINDOW (window));
}

/* --- the engine's order on 252,000 byte[] ------------------------------------ */

typedef struct
{
  const HsDomTree *dom;
  HsHeap *heap;
} Sizes;

/* hs-query.h's instance order, written again: retained descending, then
 * shallow descending, then object index. */
static gint
reference_order (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const Sizes *s = data;
  HsObj x = *(const HsObj *)pa, y = *(const HsObj *)pb;

  guint64 rx = hs_dom_tree_retained (s->dom, x), ry = hs_dom_tree_retained (s->dom, y);
  guint32 sx = hs_heap_object_shallow (s->heap, x), sy = hs_heap_object_shallow (s->heap, y);

  if (rx != ry)
    return rx > ry ? -1 : 1;
  if (sx != sy)
    return sx > sy ? -1 : 1;
  return x < y ? -1 : x > y;
}

static void
test_instance_order (void)
{
  g_autoptr (HsLoader) loader = load_dump ("instances.hprof");
  HsAnalysis *a = hs_loader_get_analysis (loader);
  HsClass bytes = hs_heap_find_class (a->heap, "byte[]");
  Sizes sizes = { a->dom, a->heap };
  g_autoptr (GArray) unsorted = hs_query_instances_unsorted (a, &bytes, 1);
  g_autoptr (GArray) sorted = hs_query_instances (a, &bytes, 1);
  g_autoptr (GArray) reference = g_array_copy (unsorted);
  guint unreachable = 0;

  /* make-sorting-dumps.py: 252,000 byte[], every ninth unreachable, and
   * three more. */
  g_assert_cmpuint (unsorted->len, ==, 252003);
  for (guint i = 0; i < unsorted->len; i++)
    {
      HsObj o = g_array_index (unsorted, HsObj, i);
      g_assert_cmpuint (hs_heap_object_class (a->heap, o), ==, bytes);
      if (i > 0)
        g_assert_cmpuint (o, >, g_array_index (unsorted, HsObj, i - 1)); /* index order */
      unreachable += a->dom->idom[o] == HS_OBJ_NONE;
    }
  g_assert_cmpuint (unreachable, ==, 252000 / 9);

  g_qsort_with_data (reference->data, (gint)reference->len, sizeof (HsObj), reference_order, &sizes);
  g_assert_cmpuint (sorted->len, ==, reference->len);
  g_assert_cmpmem (sorted->data, sorted->len * sizeof (HsObj), reference->data,
                   reference->len * sizeof (HsObj));

  /* The first page for several lengths: the sorted list's first rows. */
  for (guint limit = 1; limit <= 300000; limit *= 7)
    {
      g_autoptr (GArray) first
          = hs_query_instances_first (a, (const HsObj *)unsorted->data, unsorted->len, limit);
      g_assert_cmpuint (first->len, ==, MIN (limit, unsorted->len));
      g_assert_cmpmem (first->data, first->len * sizeof (HsObj), reference->data,
                       first->len * sizeof (HsObj));
    }
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 2);
  dump_dir = argv[1];
  g_test_add_func ("/sorting/dominators", test_dominators_sorting);
  g_test_add_func ("/sorting/instances-first-page", test_instances_first_page);
  g_test_add_func ("/sorting/instance-order", test_instance_order);
  return g_test_run ();
}
