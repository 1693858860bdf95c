/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-retained-selection.c: the precise retained size of a selection (see
 * the header). One byte of state per object: IN_SET for members, SEEN
 * once a walk reached it. Two walks over explicit stacks, no recursion:
 * from the GC roots without entering the set (members met are put aside),
 * then from the members met; what the second walk reaches is retained. */
#include "config.h"
#include "hs-retained-selection.h"
#include "hs-graph.h"

enum
{
  IN_SET = 1,
  SEEN = 2,
};

/* How often the walk looks at the cancellable and reports progress. */
#define CHECK_EVERY (64 * 1024)

typedef struct
{
  HsObj *data;
  gsize len, cap;
} Stack;

static inline void
push (Stack *s, HsObj x)
{
  if (G_UNLIKELY (s->len == s->cap))
    {
      s->cap = MAX (s->cap * 2, 4096);
      s->data = g_renew (HsObj, s->data, s->cap);
    }
  s->data[s->len++] = x;
}

typedef struct
{
  const HsGraph *g;
  guint8 *state;
  Stack outside, blocked;
  guint64 visited, total; /* for the fraction */
  HsFractionFunc progress;
  gpointer progress_data;
  GCancellable *cancellable;
} Walk;

/* Marks x seen and pushes it: onto stack, or onto members when it is one
 * (the first walk does not enter the set; the second has members == stack). */
static inline void
reach (Walk *w, HsObj x, Stack *stack, Stack *members)
{
  guint8 s = w->state[x];
  if (s & SEEN)
    return;
  w->state[x] = s | SEEN;
  push ((s & IN_SET) ? members : stack, x);
}

/* Pops and expands until stack is empty, adding up what it pops when bytes
 * is not NULL; FALSE when cancelled. */
static gboolean
drain (Walk *w, Stack *stack, Stack *members, guint64 *bytes, guint64 *count)
{
  const guint64 n = hs_graph_n (w->g);

  while (stack->len > 0)
    {
      HsObj v = stack->data[--stack->len];
      HsObj x;

      if (bytes != NULL)
        {
          *bytes += hs_graph_weight (w->g, v);
          ++*count;
        }
      if (G_UNLIKELY ((++w->visited % CHECK_EVERY) == 0))
        {
          if (g_cancellable_is_cancelled (w->cancellable))
            return FALSE;
          if (w->progress != NULL)
            w->progress (MIN (1.0, (double)w->visited / (double)MAX (w->total, 1)), w->progress_data);
        }
      for (HsGraphEdges it = hs_graph_edges (w->g, v); hs_graph_next (w->g, &it, &x);)
        if (x < n)
          reach (w, x, stack, members);
    }
  return TRUE;
}

/* The members: IN_SET for objs and the instances of classes; their count
 * and shallow sizes. FALSE for an object index out of range. */
static gboolean
mark_set (HsHeap *heap, guint8 *state, const HsObj *objs, gsize n_objs, const HsClass *classes,
          guint n_classes, HsRetainedSelection *out, GError **error)
{
  const guint64 n = hs_heap_n_objects (heap);
  const guint nc = hs_heap_n_classes (heap);

  for (gsize i = 0; i < n_objs; i++)
    {
      if (objs[i] >= n)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                       "no object number %" G_GUINT64_FORMAT " in the dump", (guint64)objs[i]);
          return FALSE;
        }
      if (!(state[objs[i]] & IN_SET))
        {
          state[objs[i]] = IN_SET;
          out->n_objects++;
          out->shallow += hs_heap_object_shallow (heap, objs[i]);
        }
    }
  if (n_classes > 0)
    {
      g_autofree guint8 *in_class = g_new0 (guint8, (gsize)nc + 1);
      for (guint k = 0; k < n_classes; k++)
        if (classes[k] < nc)
          in_class[classes[k]] = 1;
      /* One scan of the class column: classes keep no instance lists. */
      for (guint64 i = 0; i < n; i++)
        {
          HsClass c = hs_heap_object_class (heap, (HsObj)i);
          if (c < nc && in_class[c] && !(state[i] & IN_SET))
            {
              state[i] = IN_SET;
              out->n_objects++;
              out->shallow += hs_heap_object_shallow (heap, (HsObj)i);
            }
        }
    }
  return TRUE;
}

gboolean
hs_retained_selection_compute (HsAnalysis *analysis, const HsObj *objs, gsize n_objs, const HsClass *classes,
                               guint n_classes, HsFractionFunc progress, gpointer progress_data,
                               GCancellable *cancellable, HsRetainedSelection *out, GError **error)
{
  HsHeap *heap;
  guint64 n;
  Walk w = { 0 };
  gboolean ok = FALSE;

  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, FALSE);
  g_return_val_if_fail (objs != NULL || n_objs == 0, FALSE);
  g_return_val_if_fail (classes != NULL || n_classes == 0, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  *out = (HsRetainedSelection){ 0 };
  heap = analysis->heap;
  n = hs_heap_n_objects (heap);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  w.g = hs_heap_graph (heap);
  w.state = g_new0 (guint8, MAX (n, 1));
  w.progress = progress;
  w.progress_data = progress_data;
  w.cancellable = cancellable;
  w.total = hs_heap_summary (heap)->reachable_objects;
  if (!mark_set (heap, w.state, objs, n_objs, classes, n_classes, out, error))
    goto out;
  if (progress != NULL)
    progress (0.0, progress_data);

  /* From the roots (every root record naming an object), not entering the
   * set, then from the members the walk met: what it reaches is retained. */
  for (gsize r = 0; r < hs_heap_n_roots (heap); r++)
    {
      HsObj x = hs_heap_root (heap, r)->obj;
      if (x != HS_OBJ_NONE && x < n)
        {
          reach (&w, x, &w.outside, &w.blocked);
          if (w.outside.len > CHECK_EVERY && !drain (&w, &w.outside, &w.blocked, NULL, NULL))
            goto cancelled;
        }
    }
  if (!drain (&w, &w.outside, &w.blocked, NULL, NULL))
    goto cancelled;
  /* The members met, and all they reach that is still unseen. */
  if (!drain (&w, &w.blocked, &w.blocked, &out->retained, &out->retained_count))
    goto cancelled;
  if (progress != NULL)
    progress (1.0, progress_data);
  ok = TRUE;
  goto out;

cancelled:
  g_cancellable_set_error_if_cancelled (cancellable, error);
out:
  g_free (w.state);
  g_free (w.outside.data);
  g_free (w.blocked.data);
  return ok;
}

GArray *
hs_retained_selection_top_level_of (HsAnalysis *analysis, const char *class_name)
{
  GArray *out;

  g_return_val_if_fail (analysis != NULL && class_name != NULL, NULL);
  out = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (guint64 o = 0; analysis->dom != NULL && o < analysis->dom->n; o++)
    if ((guint64)analysis->dom->idom[o] == analysis->dom->n
        && g_strcmp0 (hs_heap_object_class_name (analysis->heap, (HsObj)o), class_name) == 0)
      {
        HsObj obj = (HsObj)o;
        g_array_append_val (out, obj);
      }
  return out;
}
