/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-query.c: classes sorted, the instance mask, top objects and the path
 * from a GC root, for every front end (see hs-query.h; the instances of a
 * class are in hs-query-instances.c). */
#include "config.h"

#include "hs-query.h"
#include "hs-query-heaps.h"
#include "hs-class-compare.h"

#include <string.h>

/* --- classes ------------------------------------------------------------- */

guint64
hs_query_class_value (HsAnalysis *analysis, HsClass c, HsClassSort sort)
{
  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, 0);
  g_return_val_if_fail (c < hs_heap_n_classes (analysis->heap), 0);

  switch (sort)
    {
      case HS_CLASS_SORT_COUNT: return hs_class_count (analysis->heap, c);
      case HS_CLASS_SORT_RETAINED:
        if (analysis->class_retained != NULL)
          return analysis->class_retained[c];
        G_GNUC_FALLTHROUGH;
      case HS_CLASS_SORT_SHALLOW:
      default: return hs_class_shallow (analysis->heap, c);
    }
}

typedef struct
{
  HsClass c;
  guint64 key;
} ClassKey;

/* The one class order (hs-class-compare.h): value descending, name, index. */
static int
compare_class_keys (gconstpointer pa, gconstpointer pb, gpointer user_data)
{
  const ClassKey *x = pa, *y = pb;
  HsHeap *heap = user_data;

  return hs_class_compare (x->key, hs_class_name (heap, x->c), x->c, y->key, hs_class_name (heap, y->c), y->c,
                           HS_CLASS_BIGGEST_FIRST);
}

GArray *
hs_query_sorted_classes (HsAnalysis *analysis, HsClassSort sort, HsClassFilter filter)
{
  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, NULL);

  HsHeap *heap = analysis->heap;
  guint nc = hs_heap_n_classes (heap);
  g_autoptr (GArray) keys = g_array_sized_new (FALSE, FALSE, sizeof (ClassKey), nc);
  GArray *out;

  /* Keys first: the comparator then reads no accessor but the name. */
  for (HsClass c = 0; c < nc; c++)
    {
      ClassKey k = { c, 0 };
      if (filter == HS_CLASS_FILTER_PRESENT && hs_class_count (heap, c) == 0
          && hs_class_object (heap, c) == HS_OBJ_NONE)
        continue;
      k.key = hs_query_class_value (analysis, c, sort);
      g_array_append_val (keys, k);
    }
  g_array_sort_with_data (keys, compare_class_keys, heap);

  out = g_array_sized_new (FALSE, FALSE, sizeof (HsClass), keys->len);
  for (guint i = 0; i < keys->len; i++)
    g_array_append_val (out, g_array_index (keys, ClassKey, i).c);
  return out;
}

gboolean
hs_class_sort_from_string (const char *name, HsClassSort *sort)
{
  g_return_val_if_fail (name != NULL && sort != NULL, FALSE);

  if (g_str_equal (name, "retained"))
    *sort = HS_CLASS_SORT_RETAINED;
  else if (g_str_equal (name, "count"))
    *sort = HS_CLASS_SORT_COUNT;
  else if (g_str_equal (name, "shallow"))
    *sort = HS_CLASS_SORT_SHALLOW;
  else
    return FALSE;
  return TRUE;
}

GArray *
hs_query_classes_named (HsHeap *heap, const char *name)
{
  g_return_val_if_fail (heap != NULL && name != NULL, NULL);

  GArray *cs = g_array_new (FALSE, FALSE, sizeof (HsClass));
  guint nc = hs_heap_n_classes (heap);

  for (HsClass c = 0; c < nc; c++)
    if (g_strcmp0 (hs_class_name (heap, c), name) == 0)
      g_array_append_val (cs, c);
  return cs;
}

/* --- instances ------------------------------------------------------------ */

guint8 *
hs_query_instance_mask (HsHeap *heap, const HsClass *classes, guint n_classes, guint64 *count)
{
  g_return_val_if_fail (heap != NULL, NULL);
  g_return_val_if_fail (classes != NULL || n_classes == 0, NULL);

  guint64 n = hs_heap_n_objects (heap), k = 0;
  guint nc = hs_heap_n_classes (heap);
  g_autofree guint8 *in_class = g_new0 (guint8, nc + 1);
  guint8 *in_set = g_new0 (guint8, n + 1);

  for (guint i = 0; i < n_classes; i++)
    if (classes[i] < nc)
      in_class[classes[i]] = 1;
  /* One linear scan: the class table has no per-class instance lists. */
  for (guint64 i = 0; i < n; i++)
    {
      HsClass c = hs_heap_object_class (heap, (HsObj)i);
      if (c != HS_CLASS_NONE && c < nc && in_class[c])
        {
          in_set[i] = 1;
          k++;
        }
    }
  if (count != NULL)
    *count = k;
  return in_set;
}

/* --- top objects ----------------------------------------------------------- */

/* Min-heap on (retained, larger index first): the root is the smallest. */
static inline gboolean
top_less (const HsDomTree *ret, HsObj x, HsObj y)
{
  guint64 rx = hs_dom_tree_retained (ret, x), ry = hs_dom_tree_retained (ret, y);
  return rx < ry || (rx == ry && x > y);
}

static void
top_sift_down (const HsDomTree *ret, HsObj *h, guint cnt, guint k)
{
  for (;;)
    {
      guint l = 2 * k + 1, r = l + 1, m = k;
      HsObj t;

      if (l < cnt && top_less (ret, h[l], h[m]))
        m = l;
      if (r < cnt && top_less (ret, h[r], h[m]))
        m = r;
      if (m == k)
        return;
      t = h[k];
      h[k] = h[m];
      h[m] = t;
      k = m;
    }
}

/* The biggest objects by retained size; top_level: only the children of
 * the dominator tree's virtual root (what no other object retains). */
static GArray *
top_objects (HsAnalysis *analysis, guint limit, gboolean top_level, int heap_filter)
{
  /* One heap's top level: every object is a candidate, filtered below. */
  gboolean heap_top_level = top_level && heap_filter >= 0;
  if (heap_top_level)
    top_level = FALSE;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (HsObj));
  const HsDomTree *dom = analysis->dom;

  if (dom == NULL || limit == 0)
    return out;
  limit = (guint)MIN ((guint64)limit, dom->n); /* sizes the table below */

  /* A bounded min-heap over all reachable objects (ties: smaller index). */
  const HsDomTree *ret = dom;
  g_autofree HsObj *h = g_new (HsObj, limit);
  guint cnt = 0;

  /* The top level is the virtual root's children list: read it instead of
   * every object's idom (a scan of the whole heap, 0.5 to 2 s on the UI
   * thread at 140 M objects, for the overview's ten). Same candidates,
   * and the selection below does not depend on their order. */
  gsize n_top = 0;
  const HsObj *tops = top_level ? hs_dom_tree_children (dom, dom->n, &n_top) : NULL;
  guint64 n_candidates = top_level ? n_top : dom->n;

  for (guint64 i = 0; i < n_candidates; i++)
    {
      HsObj o = top_level ? tops[i] : (HsObj)i;

      if (!top_level && dom->idom[i] == HS_OBJ_NONE)
        continue;
      if (heap_filter >= 0)
        {
          /* One heap: its objects; top level, those no object of the
           * heap retains (the tops of what "bytes retained by heap" sums). */
          HsHeap *hp = analysis->heap;
          if (hs_heap_object_heap (hp, o) != (guint)heap_filter)
            continue;
          HsObj d = dom->idom[o];
          if (heap_top_level && (guint64)d != dom->n && hs_heap_object_heap (hp, d) == (guint)heap_filter)
            continue;
        }
      if (cnt < limit)
        {
          guint k = cnt++;
          h[k] = o;
          while (k > 0 && top_less (ret, h[k], h[(k - 1) / 2]))
            {
              HsObj t = h[k];
              h[k] = h[(k - 1) / 2];
              h[(k - 1) / 2] = t;
              k = (k - 1) / 2;
            }
        }
      else if (top_less (ret, h[0], o))
        {
          h[0] = o;
          top_sift_down (ret, h, cnt, 0);
        }
    }
  /* Pop the smallest into the last free slot: largest first at the end. */
  g_array_set_size (out, cnt);
  while (cnt > 0)
    {
      HsObj top = h[0];
      h[0] = h[--cnt];
      top_sift_down (ret, h, cnt, 0);
      g_array_index (out, HsObj, cnt) = top;
    }
  return out;
}

GArray *
hs_query_top_objects (HsAnalysis *analysis, guint limit)
{
  g_return_val_if_fail (analysis != NULL, NULL);
  return top_objects (analysis, limit, FALSE, -1);
}

GArray *
hs_query_top_level_objects (HsAnalysis *analysis, guint limit)
{
  g_return_val_if_fail (analysis != NULL, NULL);
  return top_objects (analysis, limit, TRUE, -1);
}

GArray *
hs_query_top_objects_in_heap (HsAnalysis *analysis, guint limit, int h)
{
  g_return_val_if_fail (analysis != NULL, NULL);
  return top_objects (analysis, limit, FALSE, h);
}

GArray *
hs_query_top_level_objects_in_heap (HsAnalysis *analysis, guint limit, int h)
{
  g_return_val_if_fail (analysis != NULL, NULL);
  return top_objects (analysis, limit, TRUE, h);
}

/* --- root path --------------------------------------------------------------- */

GArray *
hs_query_root_path (HsHeap *heap, HsObj obj, guint max_visits)
{
  g_return_val_if_fail (heap != NULL, NULL);

  if (obj >= hs_heap_n_objects (heap))
    return NULL;

  /* parent[x] = the object x was reached from (x refers to it); the start
   * maps to itself. Stored +1 so that index 0 is not NULL. The queue is a
   * flat array read from `head`: it holds every object seen. */
  g_autoptr (GHashTable) parent = g_hash_table_new (NULL, NULL);
  g_autoptr (GArray) queue = g_array_new (FALSE, FALSE, sizeof (HsObj));
  guint head = 0, visits = 0;
  HsObj found = HS_OBJ_NONE;
  GArray *path;

  g_hash_table_insert (parent, GUINT_TO_POINTER (obj + 1), GUINT_TO_POINTER (obj + 1));
  g_array_append_val (queue, obj);
  while (head < queue->len && visits++ < max_visits)
    {
      HsObj o = g_array_index (queue, HsObj, head++);
      const HsObj *refs;
      gsize n = 0;

      if (hs_heap_object_is_root (heap, o))
        {
          found = o;
          break;
        }
      refs = hs_heap_referrers (heap, o, &n);
      for (gsize i = 0; i < n; i++)
        {
          gpointer key = GUINT_TO_POINTER (refs[i] + 1);
          if (g_hash_table_contains (parent, key))
            continue;
          g_hash_table_insert (parent, key, GUINT_TO_POINTER (o + 1));
          g_array_append_val (queue, refs[i]);
        }
    }
  if (found == HS_OBJ_NONE)
    return NULL;

  path = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (HsObj o = found;;)
    {
      HsObj next;

      g_array_append_val (path, o);
      if (o == obj)
        break;
      next = GPOINTER_TO_UINT (g_hash_table_lookup (parent, GUINT_TO_POINTER (o + 1))) - 1;
      if (next == o)
        break;
      o = next;
    }
  return path;
}

gboolean
hs_query_parse_id (const char *text, guint64 *id)
{
  const char *p = text;
  char *end = NULL;

  g_return_val_if_fail (text != NULL && id != NULL, FALSE);
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    p += 2;
  if (*p == '\0' || !g_ascii_isxdigit (*p))
    return FALSE;
  *id = g_ascii_strtoull (p, &end, 16);
  return end != NULL && *end == '\0';
}
