/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-retained.c: retained sizes beyond single objects (see hs-retained.h):
 * the class retained size of docs/semantics.md, a walk of the dominator tree in
 * two halves on two threads, and the precise retained size of a set of
 * objects, two walks of the reference graph. Iterative, flat arrays. */
#include "config.h"

#include <string.h>

#include "hs-dominators.h"
#include "hs-dominators-private.h"
#include "hs-parallel.h"

typedef struct
{
  const HsDomTree *tree;
  const HsGraph *g; /* the classes of the objects */
  guint n_classes;
  guint64 first, last; /* positions of top-level children to walk */
  guint64 *out;        /* n_classes entries, zeroed */
} ClassRetainedJob;

/* The walk of docs/semantics.md's class retained size over the subtrees of the
 * virtual root's children at positions [first, last): an instance counts when
 * no instance of its class is active above it. Iterative. */
static gpointer
class_retained_walk (gpointer data)
{
  ClassRetainedJob *job = data;
  const HsDomTree *tree = job->tree;
  const HsGraph *g = job->g;
  guint n_classes = job->n_classes;
  guint64 *out_retained = job->out;
  const guint32 *co = tree->child_offsets;
  const HsObj *ct = tree->child_targets;
  g_autofree guint32 *active = g_new0 (guint32, MAX (n_classes, 1));
  gsize cap = 1024, depth = 0;
  g_autofree guint64 *stack = g_new (guint64, cap);

  /* Siblings are entered one after the other (most nodes are leaves):
   * their child offsets and retained sizes are requested
   * CR_AHEAD positions ahead (past a list's end: another list's, harmless). */
  const guint64 n_ct = co[tree->n + 1]; /* entries of ct */
#define CR_AHEAD 8
#define ENTER(pos)                                                                                           \
  G_STMT_START                                                                                               \
  {                                                                                                          \
    if ((pos) + CR_AHEAD < n_ct)                                                                             \
      {                                                                                                      \
        HsObj y_ = ct[(pos) + CR_AHEAD];                                                                     \
        __builtin_prefetch (&co[y_]);                                                                        \
        __builtin_prefetch (tree->retained40 + 5 * (guint64)y_);                                             \
      }                                                                                                      \
    HsObj x_ = ct[pos];                                                                                      \
    HsClass c_ = hs_graph_class (g, x_);                                                                     \
    if (c_ < n_classes && active[c_]++ == 0)                                                                 \
      out_retained[c_] += hs_dom_tree_retained (tree, x_);                                                   \
  }                                                                                                          \
  G_STMT_END
#define LEAVE(pos)                                                                                           \
  G_STMT_START                                                                                               \
  {                                                                                                          \
    HsClass c_ = hs_graph_class (g, ct[pos]);                                                                \
    if (c_ < n_classes)                                                                                      \
      active[c_]--;                                                                                          \
  }                                                                                                          \
  G_STMT_END

  if (job->first >= job->last)
    return NULL;
  stack[depth++] = job->first;
  ENTER (stack[0]);
  while (depth > 0)
    {
      guint64 pos = stack[depth - 1];
      HsObj x = ct[pos];
      if (co[x + 1] > co[x])
        {
          /* descend to the first child */
          if (depth == cap)
            {
              cap *= 2;
              stack = g_renew (guint64, stack, cap);
            }
          stack[depth++] = co[x];
          ENTER (co[x]);
          continue;
        }
      /* x is a leaf: leave it and the ancestors that have no next sibling */
      for (;;)
        {
          pos = stack[depth - 1];
          LEAVE (pos);
          guint64 end = depth >= 2 ? co[ct[stack[depth - 2]] + 1] : job->last;
          if (pos + 1 < end)
            {
              stack[depth - 1] = pos + 1;
              ENTER (pos + 1);
              break;
            }
          if (--depth == 0)
            break;
        }
    }
#undef ENTER
#undef LEAVE
  return NULL;
}

void
hs_dom_tree_class_retained (const HsDomTree *tree, const HsGraph *g, guint n_classes, guint64 *out_retained)
{
  g_return_if_fail (out_retained != NULL || n_classes == 0);
  g_return_if_fail (tree == NULL || g != NULL);
  memset (out_retained, 0, sizeof (guint64) * n_classes);
  if (!tree || tree->n_reachable == 0)
    return;
  const guint32 *co = tree->child_offsets;
  guint64 first = co[tree->n], last = co[tree->n + 1];
  if (first == last)
    return;
  /* Two halves of the virtual root's subtrees, by object count, walked on
   * both cores: each subtree starts with no class active, so the halves
   * are independent and their sums add up. */
  guint64 split = last;
  if (tree->n_reachable > 1000000 && g_get_num_processors () > 1)
    {
      guint64 acc = 0, half = tree->n_reachable / 2;
      for (split = first; split < last && acc < half; split++)
        acc += hs_dom_tree_retained_count (tree, tree->child_targets[split]);
    }
  ClassRetainedJob jobs[2] = {
    { tree, g, n_classes, first, split, out_retained },
    { tree, g, n_classes, split, last, NULL },
  };
  if (split < last)
    jobs[1].out = g_new0 (guint64, MAX (n_classes, 1));
  hs_run_pair ("hs-class-retained", class_retained_walk, &jobs[0], split < last ? &jobs[1] : NULL);
  if (split < last)
    {
      for (guint c = 0; c < n_classes; c++)
        out_retained[c] += jobs[1].out[c];
      g_free (jobs[1].out);
    }
}

/* Marks what is reachable without entering the set, then continues from the
 * set members met on the way: everything the second walk reaches is what
 * the set retains. A node is marked when pushed, so both stacks together
 * hold each object at most once. */
void
hs_retained_set_precise (const HsGraph *g, const HsObj *roots, gsize n_roots, const guint8 *in_set,
                         guint64 *out_bytes, guint64 *out_count)
{
  g_return_if_fail (g != NULL && in_set != NULL);
  g_return_if_fail (roots != NULL || n_roots == 0);
  const guint64 n = hs_graph_n (g);
  guint64 bytes = 0, count = 0;
  g_autofree guint8 *seen = g_new0 (guint8, MAX (n, 1));
  U32Stack outside = { NULL, 0, 0 }, blocked = { NULL, 0, 0 };

  for (gsize r = 0; r < n_roots; r++)
    {
      HsObj x = roots[r];
      if (x >= n || seen[x])
        continue;
      seen[x] = 1;
      u32_push (in_set[x] ? &blocked : &outside, x);
    }
  while (outside.len > 0)
    {
      HsObj v = outside.data[--outside.len];
      HsObj x;
      for (HsGraphEdges it = hs_graph_edges (g, v); hs_graph_next (g, &it, &x);)
        {
          if (x >= n || seen[x])
            continue;
          seen[x] = 1;
          u32_push (in_set[x] ? &blocked : &outside, x);
        }
    }
  while (blocked.len > 0)
    {
      HsObj v = blocked.data[--blocked.len];
      bytes += hs_graph_weight (g, v);
      count++;
      HsObj x;
      for (HsGraphEdges it = hs_graph_edges (g, v); hs_graph_next (g, &it, &x);)
        {
          if (x >= n || seen[x])
            continue;
          seen[x] = 1;
          u32_push (&blocked, x);
        }
    }
  g_free (outside.data);
  g_free (blocked.data);
  if (out_bytes)
    *out_bytes = bytes;
  if (out_count)
    *out_count = count;
}
