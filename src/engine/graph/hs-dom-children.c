/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dom-children.c: the children of a dominator-tree node, sorted by
 * retained size (largest first, ties by smaller index) the first time they
 * are asked for: hs_dom_tree_compute leaves every list in index order,
 * since a session looks at a small part of them and sorting them all would
 * cost more than a tenth of the analysis. */
#include "config.h"

#include <string.h>

#include "hs-dominators.h"
#include "hs-dominators-private.h"
#include "hs-mem.h"

static inline gboolean
child_before (const HsDomTree *t, HsObj a, HsObj b)
{
  guint64 ra = hs_dom_tree_retained (t, a), rb = hs_dom_tree_retained (t, b);
  return ra > rb || (ra == rb && a < b);
}

static gint
child_cmp (gconstpointer pa, gconstpointer pb, gpointer user_data)
{
  const HsDomTree *retained = user_data;
  HsObj a = *(const HsObj *)pa, b = *(const HsObj *)pb;
  if (a == b)
    return 0;
  return child_before (retained, a, b) ? -1 : 1;
}

/* Sorts one child list: retained size descending, then index ascending. */
static void
sort_list (const HsDomTree *retained, HsObj *list, guint64 len)
{
  if (len <= 16)
    {
      for (guint64 i = 1; i < len; i++)
        {
          HsObj x = list[i];
          guint64 j = i;
          while (j > 0 && child_before (retained, x, list[j - 1]))
            {
              list[j] = list[j - 1];
              j--;
            }
          list[j] = x;
        }
      return;
    }
  /* g_qsort_with_data counts in gint: split longer lists, then merge. */
  if (len <= (guint64)G_MAXINT)
    {
      g_qsort_with_data (list, (gint)len, sizeof (HsObj), child_cmp, (gpointer)retained);
      return;
    }
  guint64 half = len / 2;
  sort_list (retained, list, half);
  sort_list (retained, list + half, len - half);
  HsObj *merged = hs_mem_new (HsObj, len);
  guint64 i = 0, j = half, w = 0;
  while (i < half && j < len)
    merged[w++] = child_before (retained, list[j], list[i]) ? list[j++] : list[i++];
  while (i < half)
    merged[w++] = list[i++];
  while (j < len)
    merged[w++] = list[j++];
  memcpy (list, merged, len * sizeof (HsObj));
  g_free (merged);
}

const HsObj *
hs_dom_tree_children (const HsDomTree *tree, guint64 v, gsize *n_children)
{
  if (!tree || v > tree->n)
    {
      if (n_children)
        *n_children = 0;
      return NULL;
    }
  guint64 start = tree->child_offsets[v], end = tree->child_offsets[v + 1];
  if (tree->unsorted && (g_atomic_int_get (&tree->unsorted[UNSORTED_WORD (v)]) & UNSORTED_BIT (v)))
    {
      /* Sorted once, under the lock; the bit is cleared after the list is
       * in order, so a reader that sees it clear sees the sorted list. */
      HsDomTree *t = (HsDomTree *)tree;
      g_mutex_lock (&t->sort_lock);
      if (g_atomic_int_get (&t->unsorted[UNSORTED_WORD (v)]) & UNSORTED_BIT (v))
        {
          sort_list (t, t->child_targets + start, end - start);
          g_atomic_int_and ((guint *)&t->unsorted[UNSORTED_WORD (v)], ~UNSORTED_BIT (v));
        }
      g_mutex_unlock (&t->sort_lock);
    }
  if (n_children)
    *n_children = (gsize)(end - start);
  return end > start ? tree->child_targets + start : NULL;
}

gboolean
hs_dom_tree_children_try (const HsDomTree *tree, guint64 v, gsize max_sort, const HsObj **children,
                          gsize *n_children)
{
  g_return_val_if_fail (children != NULL, FALSE);

  *children = NULL;
  if (n_children)
    *n_children = 0;
  if (!tree || v > tree->n)
    return TRUE;
  guint64 start = tree->child_offsets[v], end = tree->child_offsets[v + 1];
  if (n_children)
    *n_children = (gsize)(end - start);
  if (tree->unsorted && (g_atomic_int_get (&tree->unsorted[UNSORTED_WORD (v)]) & UNSORTED_BIT (v)))
    {
      /* Not sorted yet: sort it here only if it is short and nobody else
       * is sorting (the lock is held for the whole of a list). */
      HsDomTree *t = (HsDomTree *)tree;
      if (end - start > max_sort || !g_mutex_trylock (&t->sort_lock))
        return FALSE;
      if (g_atomic_int_get (&t->unsorted[UNSORTED_WORD (v)]) & UNSORTED_BIT (v))
        {
          sort_list (t, t->child_targets + start, end - start);
          g_atomic_int_and ((guint *)&t->unsorted[UNSORTED_WORD (v)], ~UNSORTED_BIT (v));
        }
      g_mutex_unlock (&t->sort_lock);
    }
  *children = end > start ? tree->child_targets + start : NULL;
  return TRUE;
}
