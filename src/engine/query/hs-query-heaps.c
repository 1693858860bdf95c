/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-query-heaps.c: per-heap totals, bytes retained by heap and the class
 * table of one heap (hs-query-heaps.h). Linear passes over flat arrays. */
#include "config.h"

#include <string.h>

#include "hs-query-heaps.h"
#include "hs-class-compare.h"

static HsDomTree *
compute_dom (HsHeap *heap, GCancellable *cancellable, GError **error)
{
  g_autoptr (GArray) roots = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (gsize i = 0; i < hs_heap_n_roots (heap); i++)
    {
      const HsRoot *r = hs_heap_root (heap, i);
      if (r->obj != HS_OBJ_NONE)
        g_array_append_val (roots, r->obj);
    }
  return hs_dom_tree_compute (hs_heap_graph (heap), (const HsObj *)roots->data, roots->len, NULL, NULL,
                              cancellable, error);
}

HsHeapRow *
hs_query_heaps (HsHeap *heap, const HsDomTree *dom, guint *n_rows, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (heap != NULL && n_rows != NULL, NULL);
  guint nh = hs_heap_n_heaps (heap);
  HsHeapRow *rows = g_new0 (HsHeapRow, nh);
  for (guint h = 0; h < nh; h++)
    {
      const HsHeapTotals *t = hs_heap_heap_totals (heap, h);
      rows[h] = (HsHeapRow){ hs_heap_heap_name (heap, h), t->objects, t->shallow, t->reachable,
                             t->reachable_shallow,        0 };
    }
  *n_rows = nh;
  if (nh == 1)
    {
      /* Every object's immediate dominator is the virtual root or in the
       * same heap: the heap retains what is reachable. */
      rows[0].retained = rows[0].reachable_shallow;
      return rows;
    }
  g_autoptr (HsDomTree) own = NULL;
  if (!dom)
    {
      own = compute_dom (heap, cancellable, error);
      if (!own)
        {
          g_free (rows);
          return NULL;
        }
      dom = own;
    }
  guint64 n = dom->n;
  for (guint64 o = 0; o < n; o++)
    {
      HsObj d = dom->idom[o];
      if (d == HS_OBJ_NONE)
        continue;
      guint h = hs_heap_object_heap (heap, (HsObj)o);
      if ((guint64)d == n || hs_heap_object_heap (heap, d) != h)
        rows[h].retained += hs_dom_tree_retained (dom, o);
    }
  return rows;
}

HsHeapClasses *
hs_query_heap_classes (HsAnalysis *analysis, guint h, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, NULL);
  HsHeap *heap = analysis->heap;
  g_return_val_if_fail (h < hs_heap_n_heaps (heap), NULL);
  guint nc = hs_heap_n_classes (heap);
  guint64 n = hs_heap_n_objects (heap);
  HsHeapClasses *hc = g_new0 (HsHeapClasses, 1);
  hc->heap = h;
  hc->n_classes = nc;
  hc->count = g_new0 (guint64, nc + 1);
  hc->reachable = g_new0 (guint64, nc + 1);
  hc->shallow = g_new0 (guint64, nc + 1);
  for (guint64 o = 0; o < n; o++)
    {
      if (hs_heap_object_heap (heap, (HsObj)o) != h)
        continue;
      HsClass c = hs_heap_object_class (heap, (HsObj)o);
      if (c == HS_CLASS_NONE)
        continue;
      hc->count[c]++;
      hc->reachable[c] += hs_heap_object_reachable (heap, (HsObj)o);
      hc->shallow[c] += hs_heap_object_shallow (heap, (HsObj)o);
    }
  if (!analysis->dom)
    return hc;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      hs_heap_classes_free (hc);
      return NULL;
    }
  /* The class walk over a class column where objects of other heaps have
   * no class: only this heap's instances are counted or hide others. */
  HsClass *k = g_new (HsClass, MAX (n, (guint64)1));
  for (guint64 o = 0; o < n; o++)
    k[o] = hs_heap_object_heap (heap, (HsObj)o) == h ? hs_heap_object_class (heap, (HsObj)o) : HS_CLASS_NONE;
  HsGraph g = *hs_heap_graph (heap);
  g.classes_ = (HsClassCol){ 0 };
  g.classes_.k32 = k;
  hc->retained = g_new0 (guint64, nc + 1);
  hs_dom_tree_class_retained (analysis->dom, &g, nc, hc->retained);
  g_free (k);
  return hc;
}

void
hs_heap_classes_free (HsHeapClasses *hc)
{
  if (!hc)
    return;
  g_free (hc->count);
  g_free (hc->reachable);
  g_free (hc->shallow);
  g_free (hc->retained);
  g_free (hc);
}

guint64
hs_heap_classes_value (const HsHeapClasses *hc, HsClass c, HsClassSort sort)
{
  switch (sort)
    {
      case HS_CLASS_SORT_COUNT: return hc->count[c];
      case HS_CLASS_SORT_RETAINED:
        if (hc->retained)
          return hc->retained[c];
        G_GNUC_FALLTHROUGH;
      case HS_CLASS_SORT_SHALLOW:
      default: return hc->shallow[c];
    }
}

typedef struct
{
  HsClass c;
  guint64 key;
} ClassKey;

/* hs-query.h's class order (hs-class-compare.h). */
static int
compare_keys (gconstpointer pa, gconstpointer pb, gpointer user_data)
{
  const ClassKey *x = pa, *y = pb;

  return hs_class_compare (x->key, hs_class_name (user_data, x->c), x->c, y->key,
                           hs_class_name (user_data, y->c), y->c, HS_CLASS_BIGGEST_FIRST);
}

GArray *
hs_query_sorted_heap_classes (HsAnalysis *analysis, const HsHeapClasses *hc, HsClassSort sort)
{
  g_return_val_if_fail (analysis != NULL && hc != NULL, NULL);
  g_autoptr (GArray) keys = g_array_new (FALSE, FALSE, sizeof (ClassKey));
  for (HsClass c = 0; c < hc->n_classes; c++)
    if (hc->count[c] > 0)
      {
        ClassKey k = { c, hs_heap_classes_value (hc, c, sort) };
        g_array_append_val (keys, k);
      }
  g_array_sort_with_data (keys, compare_keys, analysis->heap);
  GArray *out = g_array_sized_new (FALSE, FALSE, sizeof (HsClass), keys->len);
  for (guint i = 0; i < keys->len; i++)
    g_array_append_val (out, g_array_index (keys, ClassKey, i).c);
  return out;
}

void
hs_query_keep_heap (HsHeap *heap, GArray *objs, guint h)
{
  guint w = 0;
  for (guint i = 0; i < objs->len; i++)
    {
      HsObj o = g_array_index (objs, HsObj, i);
      if (hs_heap_object_heap (heap, o) == h)
        g_array_index (objs, HsObj, w++) = o;
    }
  g_array_set_size (objs, w);
}
