/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dominator-groups.c: the dominator tree grouped by class (see the
 * header). */
#include "config.h"

#include "hs-dominator-groups.h"

#include <stdlib.h>
#include <string.h>

#define NO_CLASS_NAME "(no class)"

const char *
hs_dom_group_name (HsHeap *heap, const HsDomGroup *group)
{
  const char *name;

  if (group->klass == HS_CLASS_NONE)
    return NO_CLASS_NAME;
  name = hs_class_name (heap, group->klass);
  return name != NULL ? name : "";
}

typedef struct
{
  HsHeap *heap;
  const HsDomGroup *groups;
} SortCtx;

static int
compare_groups (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const SortCtx *ctx = data;
  const HsDomGroup *a = pa, *b = pb;
  int r;

  if (a->retained != b->retained)
    return a->retained > b->retained ? -1 : 1;
  r = strcmp (hs_dom_group_name (ctx->heap, a), hs_dom_group_name (ctx->heap, b));
  if (r != 0)
    return r;
  return a->klass < b->klass ? -1 : a->klass > b->klass;
}

typedef struct
{
  HsClass c;
  guint64 at;
} Key;

static int
compare_keys (gconstpointer pa, gconstpointer pb)
{
  const Key *a = pa, *b = pb;

  if (a->c != b->c)
    return a->c < b->c ? -1 : 1;
  return a->at < b->at ? -1 : a->at > b->at;
}

/* The objects in groups: a stable sort by class, by counting for a long
 * list, by sorting (class, position) pairs for a short one (a node of a
 * few children is not worth an array of every class). */
static void
order_by_class (HsHeap *heap, guint n_classes, const HsObj *objs, guint64 n, HsObj *out)
{
  if (n * 8 < n_classes)
    {
      g_autofree Key *keys = g_new (Key, MAX (n, 1));
      for (guint64 i = 0; i < n; i++)
        {
          HsClass c = hs_heap_object_class (heap, objs[i]);
          keys[i].c = c < n_classes ? c : n_classes;
          keys[i].at = i;
        }
      qsort (keys, n, sizeof (Key), compare_keys);
      for (guint64 i = 0; i < n; i++)
        out[i] = objs[keys[i].at];
      return;
    }
  g_autofree guint64 *start = g_new0 (guint64, (gsize)n_classes + 2);
  for (guint64 i = 0; i < n; i++)
    {
      HsClass c = hs_heap_object_class (heap, objs[i]);
      start[(c < n_classes ? c : n_classes) + 1]++;
    }
  for (guint c = 0; c <= n_classes; c++)
    start[c + 1] += start[c];
  for (guint64 i = 0; i < n; i++)
    {
      HsClass c = hs_heap_object_class (heap, objs[i]);
      out[start[c < n_classes ? c : n_classes]++] = objs[i];
    }
}

HsDomGroups *
hs_dom_groups_new_for (HsAnalysis *a, const HsObj *objs, guint64 n, GCancellable *cancellable, GError **error)
{
  HsHeap *heap;
  guint n_classes;
  HsDomGroups *g;
  GArray *groups;

  g_return_val_if_fail (a != NULL && (objs != NULL || n == 0), NULL);
  if (a->dom == NULL)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "the dominator tree was not computed");
      return NULL;
    }
  heap = a->heap;
  n_classes = hs_heap_n_classes (heap);
  g = g_new0 (HsDomGroups, 1);
  g->n_objs = n;
  g->objs = g_new (HsObj, MAX (n, 1));
  order_by_class (heap, n_classes, objs, n, g->objs);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      hs_dom_groups_free (g);
      return NULL;
    }
  /* One group per run of a class. */
  groups = g_array_new (FALSE, TRUE, sizeof (HsDomGroup));
  for (guint64 i = 0; i < n; i++)
    {
      HsObj o = g->objs[i];
      HsClass c = hs_heap_object_class (heap, o);
      guint64 retained = a->dom->idom[o] != HS_OBJ_NONE ? hs_dom_tree_retained (a->dom, o) : 0;
      HsDomGroup *grp;

      if (c >= n_classes)
        c = HS_CLASS_NONE;
      if (groups->len == 0 || g_array_index (groups, HsDomGroup, groups->len - 1).klass != c)
        {
          HsDomGroup fresh = { 0 };
          fresh.klass = c;
          fresh.first = i;
          g_array_append_val (groups, fresh);
        }
      grp = &g_array_index (groups, HsDomGroup, groups->len - 1);
      grp->objects++;
      grp->shallow += hs_heap_object_shallow (heap, o);
      grp->retained += retained;
      g->shallow += hs_heap_object_shallow (heap, o);
      g->retained += retained;
    }
  g->objects = n;
  g->n_groups = groups->len;
  g->groups = (HsDomGroup *)g_array_free (groups, FALSE);
  {
    SortCtx ctx = { heap, g->groups };
    g_qsort_with_data (g->groups, (gint)g->n_groups, sizeof (HsDomGroup), compare_groups, &ctx);
  }
  return g;
}

HsDomGroups *
hs_dom_groups_new (HsAnalysis *a, guint64 v, GCancellable *cancellable, GError **error)
{
  const HsObj *children;
  gsize n = 0;

  g_return_val_if_fail (a != NULL, NULL);
  if (a->dom == NULL)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "the dominator tree was not computed");
      return NULL;
    }
  if (v > a->dom->n || (v < a->dom->n && a->dom->idom[v] == HS_OBJ_NONE))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "not a node of the dominator tree");
      return NULL;
    }
  children = hs_dom_tree_children (a->dom, v, &n);
  return hs_dom_groups_new_for (a, children, n, cancellable, error);
}

void
hs_dom_groups_free (HsDomGroups *groups)
{
  if (groups == NULL)
    return;
  g_free (groups->groups);
  g_free (groups->objs);
  g_free (groups);
}
