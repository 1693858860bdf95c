/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-instances.c: every class's instances in the instance list's
 * order (hs-class-instances.h). Built as a counting sort: each core counts
 * the classes of its half of the objects, the counts give every class's
 * range and each half's start inside it, and each core writes its half's
 * objects there, so that every range is in index order; then each range
 * is sorted with hs_query_sort_instances, the instance list's own sort. */
#include "config.h"

#include "hs-class-instances-private.h"
#include "hs-parallel.h"
#include "hs-query.h"

/* Below this many objects one thread counts and places them. */
#define PARALLEL_MIN 200000

typedef struct
{
  const HsClassCol *klass;
  guint nc;
  guint64 from, to;
  guint64 *at; /* nc entries: counts, then where the next one goes */
  HsObj *objs; /* NULL: count only */
} PlaceJob;

static gpointer
place_job (gpointer data)
{
  PlaceJob *j = data;
  const HsClassCol *klass = j->klass;
  guint64 *at = j->at;
  HsClass k;

  if (j->objs == NULL)
    {
      for (guint64 i = j->from; i < j->to; i++)
        if ((k = hs_class_col_get (klass, i)) < j->nc)
          at[k]++;
    }
  else
    {
      HsObj *objs = j->objs;
      for (guint64 i = j->from; i < j->to; i++)
        if ((k = hs_class_col_get (klass, i)) < j->nc)
          objs[at[k]++] = (HsObj)i;
    }
  return NULL;
}

HsClassInstances *
hs_class_instances_build (HsAnalysis *analysis, GCancellable *cancellable)
{
  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, NULL);

  HsHeap *heap = analysis->heap;
  guint64 n = hs_heap_n_objects (heap);
  guint nc = hs_heap_n_classes (heap);
  gboolean two = n >= PARALLEL_MIN && g_get_num_processors () > 1;
  g_autofree guint64 *at0 = g_new0 (guint64, MAX (nc, 1));
  g_autofree guint64 *at1 = g_new0 (guint64, MAX (nc, 1));
  PlaceJob jobs[2] = {
    { hs_heap_class_col (heap), nc, 0, two ? n / 2 : n, at0, NULL },
    { hs_heap_class_col (heap), nc, two ? n / 2 : n, n, at1, NULL },
  };

  hs_run_pair ("hs-class-instances", place_job, &jobs[0], two ? &jobs[1] : NULL);

  HsClassInstances *ci = g_new0 (HsClassInstances, 1);
  ci->n_classes = nc;
  ci->owned_offsets = g_new (guint64, (gsize)nc + 1);
  guint64 sum = 0;
  for (guint c = 0; c < nc; c++)
    {
      guint64 first = at0[c], second = at1[c];
      ci->owned_offsets[c] = sum;
      at0[c] = sum;
      at1[c] = sum + first;
      sum += first + second;
    }
  ci->owned_offsets[nc] = sum;
  ci->n = sum;
  ci->owned_objs = g_new (HsObj, MAX (sum, 1));
  ci->offsets = ci->owned_offsets;
  ci->objs = ci->owned_objs;
  jobs[0].objs = jobs[1].objs = ci->owned_objs;
  hs_run_pair ("hs-class-instances", place_job, &jobs[0], two ? &jobs[1] : NULL);

  for (guint c = 0; c < nc; c++)
    {
      if (g_cancellable_is_cancelled (cancellable))
        {
          hs_class_instances_free (ci);
          return NULL;
        }
      guint64 len = ci->offsets[c + 1] - ci->offsets[c];
      if (len > 1)
        hs_query_sort_instances (analysis, ci->owned_objs + ci->offsets[c], len);
    }
  return ci;
}

void
hs_class_instances_free (HsClassInstances *ci)
{
  if (ci == NULL)
    return;
  g_free (ci->owned_offsets);
  g_free (ci->owned_objs);
  if (ci->index)
    hs_index_file_unref (ci->index);
  g_free (ci);
}

guint
hs_class_instances_n_classes (const HsClassInstances *ci)
{
  g_return_val_if_fail (ci != NULL, 0);
  return ci->n_classes;
}

GArray *
hs_class_instances_of (const HsClassInstances *ci, HsClass c, guint64 n_objects)
{
  g_return_val_if_fail (ci != NULL, NULL);

  if (c >= ci->n_classes)
    return NULL;
  guint64 from = ci->offsets[c], len = ci->offsets[c + 1] - from;
  const HsObj *objs = ci->objs + from;
  HsObj any_bad = 0;
  /* Each entry must be an object (the offsets were checked when read):
   * one pass, branch-free, before anything is handed out. */
  for (guint64 i = 0; i < len; i++)
    any_bad |= (HsObj)(objs[i] >= n_objects);
  if (any_bad)
    return NULL;
  GArray *out = g_array_sized_new (FALSE, FALSE, sizeof (HsObj), (guint)len);
  g_array_append_vals (out, objs, (guint)len);
  return out;
}

GArray *
hs_class_instances_listed (HsAnalysis *analysis, const HsClass *classes, guint n_classes)
{
  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, NULL);
  g_return_val_if_fail (classes != NULL || n_classes == 0, NULL);

  if (analysis->class_instances == NULL || n_classes != 1)
    return NULL;
  return hs_class_instances_of (analysis->class_instances, classes[0], hs_heap_n_objects (analysis->heap));
}

GArray *
hs_class_instances_query (HsAnalysis *analysis, const HsClass *classes, guint n_classes)
{
  GArray *out = hs_class_instances_listed (analysis, classes, n_classes);

  return out != NULL ? out : hs_query_instances (analysis, classes, n_classes);
}
