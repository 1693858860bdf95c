/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of hs-dominators: hand-made graphs with dominators worked out by
 * hand, very large shapes (chains, fan-out) that must not recurse, and a
 * cross-check against a naive "remove v, see what becomes unreachable"
 * computation on random small graphs. */
#include <string.h>

#include "hs-dominators.h"

/* --- a small graph builder ---------------------------------------------- */

typedef struct
{
  guint64 n;
  GArray *src, *dst; /* edges, in insertion order */
  GArray *roots;     /* HsObj */
  guint32 *shallow;
  guint64 *offsets;
  HsObj *targets;
} Graph;

static Graph *
graph_new (guint64 n)
{
  Graph *g = g_new0 (Graph, 1);
  g->n = n;
  g->src = g_array_new (FALSE, FALSE, sizeof (HsObj));
  g->dst = g_array_new (FALSE, FALSE, sizeof (HsObj));
  g->roots = g_array_new (FALSE, FALSE, sizeof (HsObj));
  g->shallow = g_new0 (guint32, MAX (n, 1));
  for (guint64 i = 0; i < n; i++)
    g->shallow[i] = 16;
  return g;
}

static void
graph_free (Graph *g)
{
  g_array_unref (g->src);
  g_array_unref (g->dst);
  g_array_unref (g->roots);
  g_free (g->shallow);
  g_free (g->offsets);
  g_free (g->targets);
  g_free (g);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Graph, graph_free)

static void
edge (Graph *g, HsObj a, HsObj b)
{
  g_array_append_val (g->src, a);
  g_array_append_val (g->dst, b);
}

static void
root (Graph *g, HsObj r)
{
  g_array_append_val (g->roots, r);
}

/* CSR, edges of each node in insertion order (a stable counting sort). */
static void
graph_finish (Graph *g)
{
  guint64 m = g->src->len;
  g_free (g->offsets);
  g_free (g->targets);
  g->offsets = g_new0 (guint64, g->n + 1);
  g->targets = g_new (HsObj, MAX (m, 1));
  for (guint64 e = 0; e < m; e++)
    g->offsets[g_array_index (g->src, HsObj, e) + 1]++;
  for (guint64 v = 0; v < g->n; v++)
    g->offsets[v + 1] += g->offsets[v];
  g_autofree guint64 *pos = g_memdup2 (g->offsets, sizeof (guint64) * (g->n + 1));
  for (guint64 e = 0; e < m; e++)
    g->targets[pos[g_array_index (g->src, HsObj, e)]++] = g_array_index (g->dst, HsObj, e);
}

/* The HsGraph view of a finished test graph, with classes (may be NULL). */
static const HsGraph *
graph_view (HsGraph *out, const Graph *g, const HsClass *class_of)
{
  return hs_graph_init (out, g->n, g->offsets, g->targets, g->shallow, class_of);
}

static HsDomTree *
graph_dom (Graph *g)
{
  g_autoptr (GError) error = NULL;
  graph_finish (g);
  HsDomTree *t = hs_dom_tree_compute (graph_view (&(HsGraph){ 0 }, g, NULL), (const HsObj *)g->roots->data,
                                      g->roots->len, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (t);
  g_assert_cmpuint (t->n, ==, g->n);
  return t;
}

/* Structural invariants every tree must satisfy, whatever the graph. */
static void
check_tree_invariants (Graph *g, HsDomTree *t)
{
  guint64 n = g->n, reachable = 0, bytes = 0;
  for (guint64 v = 0; v < n; v++)
    if (t->idom[v] != HS_OBJ_NONE)
      {
        reachable++;
        bytes += g->shallow[v];
        g_assert_cmpuint (t->idom[v], <=, n);
        g_assert_cmpuint (t->idom[v], !=, v);
      }
  g_assert_cmpuint (t->n_reachable, ==, reachable);
  g_assert_cmpuint (hs_dom_tree_retained (t, n), ==, bytes);
  g_assert_cmpuint (hs_dom_tree_retained_count (t, n), ==, reachable);
  g_assert_cmpuint (t->child_offsets[0], ==, 0);
  g_assert_cmpuint (t->child_offsets[n + 1], ==, reachable);
  for (guint64 v = 0; v <= n; v++)
    {
      gsize nc;
      const HsObj *c = hs_dom_tree_children (t, v, &nc);
      guint64 sum = v < n ? g->shallow[v] : 0, count = v < n ? 1 : 0;
      if (v < n && t->idom[v] == HS_OBJ_NONE)
        {
          g_assert_cmpuint (nc, ==, 0);
          continue;
        }
      for (gsize i = 0; i < nc; i++)
        {
          g_assert_cmpuint (t->idom[c[i]], ==, v);
          sum += hs_dom_tree_retained (t, c[i]);
          count += hs_dom_tree_retained_count (t, c[i]);
          if (i > 0)
            g_assert_true (
                hs_dom_tree_retained (t, c[i - 1]) > hs_dom_tree_retained (t, c[i])
                || (hs_dom_tree_retained (t, c[i - 1]) == hs_dom_tree_retained (t, c[i]) && c[i - 1] < c[i]));
        }
      g_assert_cmpuint (hs_dom_tree_retained (t, v), ==, sum);
      g_assert_cmpuint (hs_dom_tree_retained_count (t, v), ==, count);
    }
}

/* --- naive reference ----------------------------------------------------- */

/* Marks what is reachable from the roots without entering `removed`
 * (HS_OBJ_NONE: nothing removed) nor any member of `skip_set`. */
static void
naive_reach (Graph *g, HsObj removed, const guint8 *skip_set, guint8 *seen)
{
  memset (seen, 0, g->n);
  g_autofree HsObj *stack = g_new (HsObj, g->n + g->roots->len + 1);
  gsize sp = 0;
  for (guint i = 0; i < g->roots->len; i++)
    {
      HsObj r = g_array_index (g->roots, HsObj, i);
      if (r < g->n && r != removed && !(skip_set && skip_set[r]) && !seen[r])
        {
          seen[r] = 1;
          stack[sp++] = r;
        }
    }
  while (sp > 0)
    {
      HsObj v = stack[--sp];
      for (guint64 e = g->offsets[v]; e < g->offsets[v + 1]; e++)
        {
          HsObj w = g->targets[e];
          if (w < g->n && w != removed && !(skip_set && skip_set[w]) && !seen[w])
            {
              seen[w] = 1;
              stack[sp++] = w;
            }
        }
    }
}

/* hs_dom_tree_compute_full's reached bits: a copy, and how often given. */
typedef struct
{
  guint64 *bits;
  guint64 words;
  guint calls;
} Reached;

static void
on_reached (const guint64 *bits, gpointer data)
{
  Reached *r = data;
  r->calls++;
  g_free (r->bits);
  r->bits = g_memdup2 (bits, r->words * sizeof (guint64));
}

/* The tree again with the reached callback: given once, bit v set exactly
 * when v is reachable from a root by the naive walk, which are the objects
 * whose idom in t is not HS_OBJ_NONE; the tree the same as t. */
static void
check_reached (Graph *g, HsDomTree *t)
{
  g_autoptr (GError) error = NULL;
  Reached r = { NULL, g->n / 64 + 1, 0 };
  g_autoptr (HsDomTree) u
      = hs_dom_tree_compute_full (graph_view (&(HsGraph){ 0 }, g, NULL), (const HsObj *)g->roots->data,
                                  g->roots->len, on_reached, &r, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r.calls, ==, 1);
  g_autofree guint8 *all = g_new0 (guint8, MAX (g->n, 1));
  naive_reach (g, HS_OBJ_NONE, NULL, all);
  guint64 reached = 0;
  for (guint64 v = 0; v < g->n; v++)
    {
      gboolean bit = (r.bits[v >> 6] >> (v & 63)) & 1;
      g_assert_cmpint (bit, ==, all[v]);
      g_assert_cmpint (bit, ==, t->idom[v] != HS_OBJ_NONE);
      g_assert_cmpuint (u->idom[v], ==, t->idom[v]);
      reached += bit;
    }
  /* No bit beyond the objects. */
  for (guint64 v = g->n; v < r.words * 64; v++)
    g_assert_false ((r.bits[v >> 6] >> (v & 63)) & 1);
  g_assert_cmpuint (reached, ==, t->n_reachable);
  g_free (r.bits);
}

/* dominated[v * n + w]: w becomes unreachable when v is removed (v itself
 * included when reachable). The idom of w is its strict dominator that
 * dominates the fewest objects (dominators of w form a chain). */
static void
check_against_naive (Graph *g, HsDomTree *t)
{
  guint64 n = g->n;
  g_autofree guint8 *all = g_new0 (guint8, MAX (n, 1));
  g_autofree guint8 *seen = g_new0 (guint8, MAX (n, 1));
  g_autofree guint8 *dominated = g_new0 (guint8, MAX (n * n, 1));
  g_autofree guint64 *dom_size = g_new0 (guint64, MAX (n, 1));
  naive_reach (g, HS_OBJ_NONE, NULL, all);
  for (guint64 v = 0; v < n; v++)
    {
      if (!all[v])
        continue;
      naive_reach (g, (HsObj)v, NULL, seen);
      guint64 bytes = 0, count = 0;
      for (guint64 w = 0; w < n; w++)
        if (all[w] && !seen[w])
          {
            dominated[v * n + w] = 1;
            bytes += g->shallow[w];
            count++;
          }
      dom_size[v] = count;
      g_assert_cmpuint (hs_dom_tree_retained (t, v), ==, bytes);
      g_assert_cmpuint (hs_dom_tree_retained_count (t, v), ==, count);
    }
  for (guint64 w = 0; w < n; w++)
    {
      if (!all[w])
        {
          g_assert_cmpuint (t->idom[w], ==, HS_OBJ_NONE);
          g_assert_cmpuint (hs_dom_tree_retained (t, w), ==, 0);
          continue;
        }
      HsObj best = (HsObj)n;
      guint64 best_size = G_MAXUINT64;
      for (guint64 v = 0; v < n; v++)
        if (v != w && dominated[v * n + w] && dom_size[v] < best_size)
          {
            best = (HsObj)v;
            best_size = dom_size[v];
          }
      g_assert_cmpuint (t->idom[w], ==, best);
    }
}

/* --- hand-made graphs ---------------------------------------------------- */

static void
test_diamond (void)
{
  /* 0 -> 1, 2; 1 -> 3; 2 -> 3; 3 -> 4. 3 has two paths from 0, so its
   * idom is 0; 4 is only reached through 3. */
  g_autoptr (Graph) g = graph_new (5);
  guint32 sizes[] = { 10, 20, 30, 40, 50 };
  memcpy (g->shallow, sizes, sizeof sizes);
  edge (g, 0, 1);
  edge (g, 0, 2);
  edge (g, 1, 3);
  edge (g, 2, 3);
  edge (g, 3, 4);
  root (g, 0);
  g_autoptr (HsDomTree) t = graph_dom (g);
  g_assert_cmpuint (t->idom[0], ==, 5);
  g_assert_cmpuint (t->idom[1], ==, 0);
  g_assert_cmpuint (t->idom[2], ==, 0);
  g_assert_cmpuint (t->idom[3], ==, 0);
  g_assert_cmpuint (t->idom[4], ==, 3);
  g_assert_cmpuint (hs_dom_tree_retained (t, 4), ==, 50);
  g_assert_cmpuint (hs_dom_tree_retained (t, 3), ==, 90);
  g_assert_cmpuint (hs_dom_tree_retained (t, 2), ==, 30);
  g_assert_cmpuint (hs_dom_tree_retained (t, 1), ==, 20);
  g_assert_cmpuint (hs_dom_tree_retained (t, 0), ==, 150);
  g_assert_cmpuint (hs_dom_tree_retained (t, 5), ==, 150);
  g_assert_cmpuint (hs_dom_tree_retained_count (t, 3), ==, 2);
  g_assert_cmpuint (hs_dom_tree_retained_count (t, 0), ==, 5);
  g_assert_cmpuint (t->n_reachable, ==, 5);
  gsize nc;
  const HsObj *c = hs_dom_tree_children (t, 0, &nc);
  g_assert_cmpuint (nc, ==, 3);
  g_assert_cmpuint (c[0], ==, 3); /* 90 */
  g_assert_cmpuint (c[1], ==, 2); /* 30 */
  g_assert_cmpuint (c[2], ==, 1); /* 20 */
  c = hs_dom_tree_children (t, 5, &nc);
  g_assert_cmpuint (nc, ==, 1);
  g_assert_cmpuint (c[0], ==, 0);
  c = hs_dom_tree_children (t, 4, &nc);
  g_assert_cmpuint (nc, ==, 0);
  g_assert_null (hs_dom_tree_children (t, 6, &nc));
  g_assert_cmpuint (nc, ==, 0);
  check_tree_invariants (g, t);
  check_against_naive (g, t);

  /* Precise retained set of {1, 2}: removing both frees 3 and 4 too. */
  guint8 set[5] = { 0, 1, 1, 0, 0 };
  guint64 bytes = 0, count = 0;
  hs_retained_set_precise (graph_view (&(HsGraph){ 0 }, g, NULL), (const HsObj *)g->roots->data,
                           g->roots->len, set, &bytes, &count);
  g_assert_cmpuint (bytes, ==, 20 + 30 + 40 + 50);
  g_assert_cmpuint (count, ==, 4);
  /* ... while {1} alone frees only itself. */
  guint8 set1[5] = { 0, 1, 0, 0, 0 };
  hs_retained_set_precise (graph_view (&(HsGraph){ 0 }, g, NULL), (const HsObj *)g->roots->data,
                           g->roots->len, set1, &bytes, &count);
  g_assert_cmpuint (bytes, ==, 20);
  g_assert_cmpuint (count, ==, 1);
}

static void
test_cycles (void)
{
  /* 0 -> 1 -> 2 -> 3 -> 1 (cycle), 3 -> 0 (back to the root), 2 -> 4 -> 2. */
  g_autoptr (Graph) g = graph_new (5);
  edge (g, 0, 1);
  edge (g, 1, 2);
  edge (g, 2, 3);
  edge (g, 3, 1);
  edge (g, 3, 0);
  edge (g, 2, 4);
  edge (g, 4, 2);
  root (g, 0);
  g_autoptr (HsDomTree) t = graph_dom (g);
  g_assert_cmpuint (t->idom[0], ==, 5);
  g_assert_cmpuint (t->idom[1], ==, 0);
  g_assert_cmpuint (t->idom[2], ==, 1);
  g_assert_cmpuint (t->idom[3], ==, 2);
  g_assert_cmpuint (t->idom[4], ==, 2);
  g_assert_cmpuint (hs_dom_tree_retained (t, 1), ==, 4 * 16);
  g_assert_cmpuint (hs_dom_tree_retained (t, 2), ==, 3 * 16);
  check_tree_invariants (g, t);
  check_against_naive (g, t);

  /* A cycle entered at two points: 0 -> 1, 0 -> 2, 1 <-> 2 (each has two
   * ways in, so both are children of 0), 2 -> 3. */
  g_autoptr (Graph) h = graph_new (4);
  edge (h, 0, 1);
  edge (h, 0, 2);
  edge (h, 1, 2);
  edge (h, 2, 1);
  edge (h, 2, 3);
  root (h, 0);
  g_autoptr (HsDomTree) u = graph_dom (h);
  g_assert_cmpuint (u->idom[1], ==, 0);
  g_assert_cmpuint (u->idom[2], ==, 0);
  g_assert_cmpuint (u->idom[3], ==, 2);
  check_against_naive (h, u);
}

static void
test_semi_not_idom (void)
{
  /* 0 -> 1 -> 2 -> 3 -> 4, 2 -> 4, 0 -> 3. Depth-first from 0 the tree is
   * the line; 4's semidominator is 2 but 4 is reachable as 0 -> 3 -> 4, so
   * its idom is 0 (like 3's); 2 is still dominated by 1. */
  g_autoptr (Graph) g = graph_new (5);
  edge (g, 0, 1);
  edge (g, 0, 3);
  edge (g, 1, 2);
  edge (g, 2, 3);
  edge (g, 2, 4);
  edge (g, 3, 4);
  root (g, 0);
  g_autoptr (HsDomTree) t = graph_dom (g);
  g_assert_cmpuint (t->idom[1], ==, 0);
  g_assert_cmpuint (t->idom[2], ==, 1);
  g_assert_cmpuint (t->idom[3], ==, 0);
  g_assert_cmpuint (t->idom[4], ==, 0);
  g_assert_cmpuint (hs_dom_tree_retained (t, 1), ==, 32);
  check_against_naive (g, t);
}

static void
test_chain (void)
{
  /* 2,000,000 objects in a line, each also pointing back to its
   * predecessor (a doubly linked list) and to the head: every object is
   * dominated by the one before it and retains everything after it. */
  const guint64 n = 2000000;
  g_autoptr (Graph) g = graph_new (n);
  for (guint64 i = 0; i < n; i++)
    {
      g->shallow[i] = 24 + 8 * (i % 3);
      if (i + 1 < n)
        edge (g, (HsObj)i, (HsObj)(i + 1));
      if (i > 0)
        {
          edge (g, (HsObj)i, (HsObj)(i - 1));
          edge (g, (HsObj)i, 0);
        }
    }
  root (g, 0);
  g_autoptr (HsDomTree) t = graph_dom (g);
  guint64 total = 0;
  for (guint64 i = 0; i < n; i++)
    total += 24 + 8 * (i % 3);
  g_assert_cmpuint (t->n_reachable, ==, n);
  g_assert_cmpuint (t->idom[0], ==, n);
  guint64 suffix = total;
  for (guint64 i = 0; i < n; i++)
    {
      g_assert_cmpuint (t->idom[i], ==, i == 0 ? n : i - 1);
      g_assert_cmpuint (hs_dom_tree_retained (t, i), ==, suffix);
      g_assert_cmpuint (hs_dom_tree_retained_count (t, i), ==, n - i);
      suffix -= 24 + 8 * (i % 3);
    }
  g_assert_cmpuint (hs_dom_tree_retained (t, n), ==, total);

  /* All of one class: nested instances count once, so the class retains
   * exactly the head's retained size, not the sum over the chain. */
  g_autofree HsClass *class_of = g_new (HsClass, n);
  for (guint64 i = 0; i < n; i++)
    class_of[i] = 1;
  class_of[n / 2] = 0; /* one of another class in the middle */
  guint64 class_retained[3];
  hs_dom_tree_class_retained (t, graph_view (&(HsGraph){ 0 }, g, class_of), 3, class_retained);
  g_assert_cmpuint (class_retained[1], ==, total);
  g_assert_cmpuint (class_retained[0], ==, hs_dom_tree_retained (t, n / 2));
  g_assert_cmpuint (class_retained[2], ==, 0);
}

static void
test_reverse_chain_then_fan (void)
{
  /* A chain 0 -> 1 -> ... -> k-1, then k children x_j of k-1 that the
   * head 0 also points to: each x_j has two ways in, so its idom is 0.
   * The head's edges to the x_j come after its chain edge, so the DFS
   * reaches them through the chain (a bad case for naive NCA climbing). */
  const guint64 k = 300000;
  const guint64 n = 2 * k;
  g_autoptr (Graph) g = graph_new (n);
  for (guint64 i = 0; i + 1 < k; i++)
    edge (g, (HsObj)i, (HsObj)(i + 1));
  for (guint64 j = 0; j < k; j++)
    edge (g, (HsObj)(k - 1), (HsObj)(k + j));
  for (guint64 j = 0; j < k; j++)
    edge (g, 0, (HsObj)(k + j));
  root (g, 0);
  g_autoptr (HsDomTree) t = graph_dom (g);
  for (guint64 i = 1; i < k; i++)
    g_assert_cmpuint (t->idom[i], ==, i - 1);
  for (guint64 j = 0; j < k; j++)
    g_assert_cmpuint (t->idom[k + j], ==, 0);
  g_assert_cmpuint (hs_dom_tree_retained (t, 1), ==, (k - 1) * 16);
  g_assert_cmpuint (hs_dom_tree_retained (t, 0), ==, n * 16);
}

static void
test_two_roots (void)
{
  /* Roots 0 and 1 both point at 2; 2 -> 3. Only the virtual root (4)
   * dominates 2; 3 is dominated by 2. */
  g_autoptr (Graph) g = graph_new (4);
  edge (g, 0, 2);
  edge (g, 1, 2);
  edge (g, 2, 3);
  root (g, 0);
  root (g, 1);
  g_autoptr (HsDomTree) t = graph_dom (g);
  g_assert_cmpuint (t->idom[0], ==, 4);
  g_assert_cmpuint (t->idom[1], ==, 4);
  g_assert_cmpuint (t->idom[2], ==, 4);
  g_assert_cmpuint (t->idom[3], ==, 2);
  g_assert_cmpuint (hs_dom_tree_retained (t, 0), ==, 16);
  g_assert_cmpuint (hs_dom_tree_retained (t, 2), ==, 32);
  check_tree_invariants (g, t);
  check_against_naive (g, t);
}

static void
test_root_reaches_root (void)
{
  /* Roots 0 and 1 (and 0 listed again, plus ids naming nothing), 0 -> 1 -> 2.
   * 1 is a root itself, so 0 does not dominate it. */
  g_autoptr (Graph) g = graph_new (3);
  guint32 sizes[] = { 8, 16, 32 };
  memcpy (g->shallow, sizes, sizeof sizes);
  edge (g, 0, 1);
  edge (g, 1, 2);
  root (g, HS_OBJ_NONE);
  root (g, 0);
  root (g, 1);
  root (g, 0);
  root (g, 7);
  root (g, 1);
  g_autoptr (HsDomTree) t = graph_dom (g);
  g_assert_cmpuint (t->idom[0], ==, 3);
  g_assert_cmpuint (t->idom[1], ==, 3);
  g_assert_cmpuint (t->idom[2], ==, 1);
  g_assert_cmpuint (hs_dom_tree_retained (t, 0), ==, 8);
  g_assert_cmpuint (hs_dom_tree_retained (t, 1), ==, 48);
  g_assert_cmpuint (hs_dom_tree_retained (t, 3), ==, 56);
  gsize nc;
  const HsObj *c = hs_dom_tree_children (t, 3, &nc);
  g_assert_cmpuint (nc, ==, 2);
  g_assert_cmpuint (c[0], ==, 1);
  g_assert_cmpuint (c[1], ==, 0);
  check_tree_invariants (g, t);
  check_against_naive (g, t);

  /* The same with the roots listed the other way round: the DFS now
   * enters 1 from the virtual root before 0 is seen. */
  g_autoptr (Graph) h = graph_new (3);
  edge (h, 0, 1);
  edge (h, 1, 2);
  root (h, 1);
  root (h, 0);
  g_autoptr (HsDomTree) u = graph_dom (h);
  g_assert_cmpuint (u->idom[0], ==, 3);
  g_assert_cmpuint (u->idom[1], ==, 3);
  g_assert_cmpuint (u->idom[2], ==, 1);
}

static void
test_unreachable (void)
{
  /* Reachable: 0 -> 1. Island: 2 <-> 3, 3 -> 1, 4 -> 4, 5 alone. A
   * reference from the island into the reachable part changes nothing. */
  g_autoptr (Graph) g = graph_new (6);
  guint32 sizes[] = { 16, 24, 100, 200, 300, 400 };
  memcpy (g->shallow, sizes, sizeof sizes);
  edge (g, 0, 1);
  edge (g, 2, 3);
  edge (g, 3, 2);
  edge (g, 3, 1);
  edge (g, 4, 4);
  root (g, 0);
  g_autoptr (HsDomTree) t = graph_dom (g);
  g_assert_cmpuint (t->idom[1], ==, 0);
  for (HsObj v = 2; v < 6; v++)
    {
      g_assert_cmpuint (t->idom[v], ==, HS_OBJ_NONE);
      g_assert_cmpuint (hs_dom_tree_retained (t, v), ==, 0);
      g_assert_cmpuint (hs_dom_tree_retained_count (t, v), ==, 0);
    }
  g_assert_cmpuint (t->n_reachable, ==, 2);
  g_assert_cmpuint (hs_dom_tree_retained (t, 6), ==, 40);
  g_assert_cmpuint (hs_dom_tree_retained_count (t, 6), ==, 2);
  check_tree_invariants (g, t);

  /* No roots at all: nothing is reachable. */
  g_autoptr (Graph) h = graph_new (3);
  edge (h, 0, 1);
  g_autoptr (HsDomTree) u = graph_dom (h);
  g_assert_cmpuint (u->n_reachable, ==, 0);
  g_assert_cmpuint (hs_dom_tree_retained (u, 3), ==, 0);
  for (HsObj v = 0; v < 3; v++)
    g_assert_cmpuint (u->idom[v], ==, HS_OBJ_NONE);

  /* An empty graph. */
  g_autoptr (Graph) e = graph_new (0);
  g_autoptr (HsDomTree) w = graph_dom (e);
  g_assert_cmpuint (w->n_reachable, ==, 0);
  g_assert_cmpuint (hs_dom_tree_retained (w, 0), ==, 0);
}

static void
test_wide (void)
{
  /* One array 0 with 1,000,000 elements 1..1M; element i has shallow
   * 16 + 8 * (i % 5), so the children order is by size class, and by index
   * inside one size class. Elements 1..10 are also held by root 1000001,
   * so they hang off the virtual root instead. */
  const guint64 w = 1000000, n = w + 2;
  g_autoptr (Graph) g = graph_new (n);
  g->shallow[0] = 4000016;
  for (guint64 i = 1; i <= w; i++)
    {
      g->shallow[i] = 16 + 8 * (i % 5);
      edge (g, 0, (HsObj)i);
    }
  for (guint64 i = 1; i <= 10; i++)
    edge (g, (HsObj)(w + 1), (HsObj)i);
  root (g, 0);
  root (g, (HsObj)(w + 1));
  g_autoptr (HsDomTree) t = graph_dom (g);
  gsize nc;
  const HsObj *c = hs_dom_tree_children (t, 0, &nc);
  g_assert_cmpuint (nc, ==, w - 10);
  /* First all elements with i % 5 == 4 (48 bytes) from i = 14 up, ... */
  g_assert_cmpuint (c[0], ==, 14);
  g_assert_cmpuint (c[1], ==, 19);
  g_assert_cmpuint (c[2], ==, 24);
  /* ... last those with i % 5 == 0 (16 bytes), ending with 1000000. */
  g_assert_cmpuint (c[nc - 1], ==, w);
  g_assert_cmpuint (c[nc - 2], ==, w - 5);
  for (gsize i = 1; i < nc; i++)
    {
      guint64 a = hs_dom_tree_retained (t, c[i - 1]), b = hs_dom_tree_retained (t, c[i]);
      g_assert_true (a > b || (a == b && c[i - 1] < c[i]));
    }
  guint64 elements = 0;
  for (guint64 i = 11; i <= w; i++)
    elements += 16 + 8 * (i % 5);
  g_assert_cmpuint (hs_dom_tree_retained (t, 0), ==, 4000016 + elements);
  for (guint64 i = 1; i <= 10; i++)
    g_assert_cmpuint (t->idom[i], ==, n);
  c = hs_dom_tree_children (t, n, &nc);
  g_assert_cmpuint (nc, ==, 12);
  g_assert_cmpuint (c[0], ==, 0);      /* the array: by far the largest */
  g_assert_cmpuint (c[1], ==, 4);      /* 48 bytes */
  g_assert_cmpuint (c[2], ==, 9);      /* 48 bytes */
  g_assert_cmpuint (c[3], ==, 3);      /* 40 */
  g_assert_cmpuint (c[4], ==, 8);      /* 40 */
  g_assert_cmpuint (c[5], ==, 2);      /* 32 */
  g_assert_cmpuint (c[6], ==, 7);      /* 32 */
  g_assert_cmpuint (c[7], ==, 1);      /* 24 */
  g_assert_cmpuint (c[8], ==, 6);      /* 24 */
  g_assert_cmpuint (c[9], ==, 5);      /* 16 */
  g_assert_cmpuint (c[10], ==, 10);    /* 16 */
  g_assert_cmpuint (c[11], ==, w + 1); /* 16 (the root itself) */
}

static void
test_self_loops_duplicates (void)
{
  /* 0 -> 0, 0 -> 1 twice, 1 -> 1, 1 -> 2 three times, 2 -> 2, 2 -> 0,
   * plus a reference to an object that does not exist (99). */
  g_autoptr (Graph) g = graph_new (3);
  edge (g, 0, 0);
  edge (g, 0, 1);
  edge (g, 0, 1);
  edge (g, 1, 1);
  edge (g, 1, 2);
  edge (g, 1, 2);
  edge (g, 1, 99);
  edge (g, 1, 2);
  edge (g, 2, 2);
  edge (g, 2, 0);
  root (g, 0);
  g_autoptr (HsDomTree) t = graph_dom (g);
  g_assert_cmpuint (t->idom[0], ==, 3);
  g_assert_cmpuint (t->idom[1], ==, 0);
  g_assert_cmpuint (t->idom[2], ==, 1);
  g_assert_cmpuint (hs_dom_tree_retained (t, 0), ==, 48);
  g_assert_cmpuint (hs_dom_tree_retained_count (t, 1), ==, 2);
  check_tree_invariants (g, t);
  check_against_naive (g, t);
}

static void
test_class_retained (void)
{
  /* Classes A=0, B=1, C=2 (C has no reachable instance), HS_CLASS_NONE.
   *   0:A -> 1:A -> 2:B -> 3:A       (3 is nested under 0 and 1: not counted)
   *   0:A -> 4:B                     (4 is under A only: counts for B)
   *   5:B (root) -> 6:NONE
   *   7:C unreachable
   * Sizes 10, 20, 30, 40, 50, 60, 70, 80. */
  g_autoptr (Graph) g = graph_new (8);
  guint32 sizes[] = { 10, 20, 30, 40, 50, 60, 70, 80 };
  memcpy (g->shallow, sizes, sizeof sizes);
  edge (g, 0, 1);
  edge (g, 1, 2);
  edge (g, 2, 3);
  edge (g, 0, 4);
  edge (g, 5, 6);
  root (g, 0);
  root (g, 5);
  g_autoptr (HsDomTree) t = graph_dom (g);
  HsClass class_of[] = { 0, 0, 1, 0, 1, 1, HS_CLASS_NONE, 2 };
  guint64 out[4] = { 1, 1, 1, 1 };
  hs_dom_tree_class_retained (t, graph_view (&(HsGraph){ 0 }, g, class_of), 4, out);
  g_assert_cmpuint (out[0], ==, 10 + 20 + 30 + 40 + 50); /* just 0's */
  /* B: 2 (retains 2, 3 = 70), 4 (50), 5 (60 + 70) */
  g_assert_cmpuint (out[1], ==, 70 + 50 + 130);
  g_assert_cmpuint (out[2], ==, 0);
  g_assert_cmpuint (out[3], ==, 0);

  /* The precise figure for all of B: removing 2, 4 and 5 frees 2, 3, 4,
   * 5 and 6. */
  guint8 set[8] = { 0, 0, 1, 0, 1, 1, 0, 0 };
  guint64 bytes, count;
  hs_retained_set_precise (graph_view (&(HsGraph){ 0 }, g, NULL), (const HsObj *)g->roots->data,
                           g->roots->len, set, &bytes, &count);
  g_assert_cmpuint (bytes, ==, 30 + 40 + 50 + 60 + 70);
  g_assert_cmpuint (count, ==, 5);
  /* Unreachable members add nothing. */
  guint8 set2[8] = { 0, 0, 0, 0, 0, 0, 0, 1 };
  hs_retained_set_precise (graph_view (&(HsGraph){ 0 }, g, NULL), (const HsObj *)g->roots->data,
                           g->roots->len, set2, &bytes, &count);
  g_assert_cmpuint (bytes, ==, 0);
  g_assert_cmpuint (count, ==, 0);
  /* A root in the set frees what only it holds. */
  guint8 set3[8] = { 1, 0, 0, 0, 0, 0, 0, 0 };
  hs_retained_set_precise (graph_view (&(HsGraph){ 0 }, g, NULL), (const HsObj *)g->roots->data,
                           g->roots->len, set3, &bytes, &count);
  g_assert_cmpuint (bytes, ==, 150);
  g_assert_cmpuint (count, ==, 5);
}

/* --- random cross-check -------------------------------------------------- */

static void
naive_class_retained (Graph *g, HsDomTree *t, const HsClass *class_of, guint n_classes, guint64 *out)
{
  memset (out, 0, sizeof (guint64) * n_classes);
  for (guint64 v = 0; v < g->n; v++)
    {
      if (t->idom[v] == HS_OBJ_NONE || class_of[v] >= n_classes)
        continue;
      gboolean nested = FALSE;
      for (HsObj a = t->idom[v]; a < g->n; a = t->idom[a])
        if (class_of[a] == class_of[v])
          nested = TRUE;
      if (!nested)
        out[class_of[v]] += hs_dom_tree_retained (t, v);
    }
}

static void
test_random (void)
{
  GRand *rand = g_rand_new_with_seed (20261129);
  for (int iter = 0; iter < 400; iter++)
    {
      guint64 n = g_rand_int_range (rand, 1, iter < 200 ? 12 : 60);
      g_autoptr (Graph) g = graph_new (n);
      /* Sparse to dense, with self loops and duplicates left in. */
      double density = g_rand_double_range (rand, 0.5, 4.0);
      guint64 m = (guint64)(density * n);
      for (guint64 e = 0; e < m; e++)
        edge (g, g_rand_int_range (rand, 0, n), g_rand_int_range (rand, 0, n));
      /* Sometimes a chain to make deep trees. */
      if (g_rand_boolean (rand))
        for (guint64 v = 0; v + 1 < n; v += 1 + g_rand_int_range (rand, 0, 2))
          edge (g, (HsObj)v, (HsObj)(v + 1));
      guint nr = g_rand_int_range (rand, 0, 4);
      for (guint r = 0; r < nr; r++)
        root (g, g_rand_int_range (rand, 0, n));
      if (g_rand_int_range (rand, 0, 5) == 0)
        root (g, HS_OBJ_NONE);
      for (guint64 v = 0; v < n; v++)
        g->shallow[v] = 8 * g_rand_int_range (rand, 1, 10);
      g_autoptr (HsDomTree) t = graph_dom (g);
      check_tree_invariants (g, t);
      check_against_naive (g, t);
      check_reached (g, t);

      /* Class retained against its definition. */
      guint n_classes = 3;
      g_autofree HsClass *class_of = g_new (HsClass, n);
      for (guint64 v = 0; v < n; v++)
        {
          guint c = g_rand_int_range (rand, 0, 4);
          class_of[v] = c < n_classes ? c : HS_CLASS_NONE;
        }
      guint64 got[3], want[3];
      hs_dom_tree_class_retained (t, graph_view (&(HsGraph){ 0 }, g, class_of), n_classes, got);
      naive_class_retained (g, t, class_of, n_classes, want);
      for (guint c = 0; c < n_classes; c++)
        g_assert_cmpuint (got[c], ==, want[c]);

      /* Precise retained set of a random set against naive reachability. */
      g_autofree guint8 *set = g_new0 (guint8, n);
      g_autofree guint8 *all = g_new0 (guint8, n);
      g_autofree guint8 *rest = g_new0 (guint8, n);
      for (guint64 v = 0; v < n; v++)
        set[v] = g_rand_int_range (rand, 0, 4) == 0;
      naive_reach (g, HS_OBJ_NONE, NULL, all);
      naive_reach (g, HS_OBJ_NONE, set, rest);
      guint64 want_bytes = 0, want_count = 0, bytes, count;
      for (guint64 v = 0; v < n; v++)
        if (all[v] && !rest[v])
          {
            want_bytes += g->shallow[v];
            want_count++;
          }
      hs_retained_set_precise (graph_view (&(HsGraph){ 0 }, g, NULL), (const HsObj *)g->roots->data,
                               g->roots->len, set, &bytes, &count);
      g_assert_cmpuint (bytes, ==, want_bytes);
      g_assert_cmpuint (count, ==, want_count);
    }
  g_rand_free (rand);
}

/* A graph big enough for the two-thread predecessor lists (over a million
 * edges), checked without the quadratic reference: the tree invariants
 * (which sort every child list through hs_dom_tree_children, here from two
 * threads at once), and for sampled objects the naive "remove v" retained
 * size, and that removing idom(v) cuts v off. */
typedef struct
{
  Graph *g;
  HsDomTree *t;
  guint64 from, to;
} ChildrenJob;

static gpointer
children_job (gpointer data)
{
  ChildrenJob *job = data;
  for (guint64 v = job->from; v < job->to; v++)
    {
      gsize nc;
      const HsObj *c = hs_dom_tree_children (job->t, v, &nc);
      for (gsize i = 1; i < nc; i++)
        g_assert_true (hs_dom_tree_retained (job->t, c[i - 1]) > hs_dom_tree_retained (job->t, c[i])
                       || (hs_dom_tree_retained (job->t, c[i - 1]) == hs_dom_tree_retained (job->t, c[i])
                           && c[i - 1] < c[i]));
    }
  return NULL;
}

static void
test_large_random (void)
{
  GRand *rand = g_rand_new_with_seed (20261130);
  guint64 n = 150000;
  g_autoptr (Graph) g = graph_new (n);
  for (guint64 e = 0; e < 7 * n; e++)
    {
      /* Mostly local edges (deep, narrow dominator chains), some far. */
      HsObj a = g_rand_int_range (rand, 0, n);
      HsObj b = g_rand_int_range (rand, 0, 8) == 0 ? (HsObj)g_rand_int_range (rand, 0, n)
                                                   : (HsObj)MIN (n - 1, a + g_rand_int_range (rand, 1, 40));
      edge (g, a, b);
    }
  for (guint64 v = 0; v + 1 < n; v += 3)
    edge (g, (HsObj)v, (HsObj)(v + 1));
  for (int r = 0; r < 5; r++)
    root (g, g_rand_int_range (rand, 0, n));
  for (guint64 v = 0; v < n; v++)
    g->shallow[v] = 8 * g_rand_int_range (rand, 1, 10);
  g_autoptr (HsDomTree) t = graph_dom (g);
  check_reached (g, t);
  g_assert_cmpuint (g->offsets[n], >, 1000000);

  /* Both threads ask for every list, overlapping in the middle. */
  ChildrenJob jobs[2] = { { g, t, 0, n * 2 / 3 }, { g, t, n / 3, n + 1 } };
  GThread *th = g_thread_new ("children", children_job, &jobs[1]);
  children_job (&jobs[0]);
  g_thread_join (th);
  check_tree_invariants (g, t);

  g_autofree guint8 *all = g_new0 (guint8, n);
  g_autofree guint8 *seen = g_new0 (guint8, n);
  naive_reach (g, HS_OBJ_NONE, NULL, all);
  guint checked = 0;
  while (checked < 40)
    {
      HsObj v = g_rand_int_range (rand, 0, n);
      if (!all[v])
        continue;
      checked++;
      naive_reach (g, v, NULL, seen);
      guint64 bytes = 0, count = 0;
      for (guint64 w = 0; w < n; w++)
        if (all[w] && !seen[w])
          {
            bytes += g->shallow[w];
            count++;
          }
      g_assert_cmpuint (hs_dom_tree_retained (t, v), ==, bytes);
      g_assert_cmpuint (hs_dom_tree_retained_count (t, v), ==, count);
      HsObj d = t->idom[v];
      if (d < n)
        {
          naive_reach (g, d, NULL, seen);
          g_assert_false (seen[v]);
        }
    }
  g_rand_free (rand);
}

/* --- progress and cancellation ------------------------------------------- */

typedef struct
{
  double last;
  guint calls;
  gboolean bad;
  GCancellable *cancel_at_first;
  guint cancel_at; /* cancel at this call (1-based), 0: see cancel_at_first */
} Progress;

static void
on_progress (const char *phase, double fraction, gpointer user_data)
{
  Progress *p = user_data;
  if (g_strcmp0 (phase, "dominators") != 0 || fraction < p->last - 1e-9 || fraction < 0.0 || fraction > 1.0)
    p->bad = TRUE;
  p->last = fraction;
  p->calls++;
  if (p->cancel_at_first && (p->cancel_at == 0 || p->calls == p->cancel_at))
    g_cancellable_cancel (p->cancel_at_first);
}

static void
test_progress_cancel (void)
{
  const guint64 n = 300000;
  g_autoptr (Graph) g = graph_new (n);
  for (guint64 i = 0; i + 1 < n; i++)
    edge (g, (HsObj)i, (HsObj)(i + 1));
  root (g, 0);
  graph_finish (g);

  Progress p = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (HsDomTree) t = hs_dom_tree_compute (
      graph_view (&(HsGraph){ 0 }, g, NULL), (const HsObj *)g->roots->data, 1, on_progress, &p, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (t);
  g_assert_false (p.bad);
  g_assert_cmpuint (p.calls, >=, 4);
  g_assert_cmpfloat (p.last, ==, 1.0);

  /* Cancelled from the first progress report: NULL and CANCELLED. */
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  Progress q = { 0, 0, FALSE, cancellable, 0 };
  g_autoptr (HsDomTree) u
      = hs_dom_tree_compute (graph_view (&(HsGraph){ 0 }, g, NULL), (const HsObj *)g->roots->data, 1,
                             on_progress, &q, cancellable, &error);
  g_assert_null (u);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (q.calls, ==, 1);

  /* Cancelled during the walk: the reached bits are never given. */
  g_autoptr (GCancellable) walk_cancel = g_cancellable_new ();
  g_autoptr (GError) walk_error = NULL;
  Progress wq = { 0, 0, FALSE, walk_cancel, 0 };
  Reached wr = { NULL, n / 64 + 1, 0 };
  g_autoptr (HsDomTree) wu
      = hs_dom_tree_compute_full (graph_view (&(HsGraph){ 0 }, g, NULL), (const HsObj *)g->roots->data, 1,
                                  on_reached, &wr, on_progress, &wq, walk_cancel, &walk_error);
  g_assert_null (wu);
  g_assert_error (walk_error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (wr.calls, ==, 0);

  /* Cancelled at every later report in turn (every phase): always NULL and
   * CANCELLED at the next check, nothing leaked or half-built. A cancel
   * from the very last report (1.0) comes after the last check: the tree
   * is complete and returned. */
  for (guint k = 2; k < p.calls; k++)
    {
      g_autoptr (GCancellable) c = g_cancellable_new ();
      g_autoptr (GError) err = NULL;
      Progress r = { 0, 0, FALSE, c, k };
      g_autoptr (HsDomTree) v = hs_dom_tree_compute (
          graph_view (&(HsGraph){ 0 }, g, NULL), (const HsObj *)g->roots->data, 1, on_progress, &r, c, &err);
      g_assert_null (v);
      g_assert_error (err, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_cmpuint (r.calls, ==, k);
    }
  g_autoptr (GCancellable) c = g_cancellable_new ();
  Progress last = { 0, 0, FALSE, c, p.calls };
  g_autoptr (HsDomTree) w = hs_dom_tree_compute (
      graph_view (&(HsGraph){ 0 }, g, NULL), (const HsObj *)g->roots->data, 1, on_progress, &last, c, NULL);
  g_assert_nonnull (w);
  g_assert_cmpuint (hs_dom_tree_retained (w, n), ==, n * 16);
}

static void
test_bad_offsets (void)
{
  /* Offsets that go backwards are refused, not followed. */
  guint64 offsets[] = { 0, 2, 1, 3 };
  HsObj targets[] = { 1, 2, 0 };
  guint32 shallow[] = { 8, 8, 8 };
  HsObj root = 0;
  g_autoptr (GError) error = NULL;
  g_autoptr (HsDomTree) t
      = hs_dom_tree_compute (hs_graph_init (&(HsGraph){ 0 }, 3, offsets, targets, shallow, NULL), &root, 1,
                             NULL, NULL, NULL, &error);
  g_assert_null (t);
  g_assert_error (error, HS_ERROR, HS_ERROR_ARGUMENT);
}

/* Big enough (over a million reachable objects) that the class walk splits
 * the virtual root's subtrees over two threads: four roots, each the head of
 * a chain of 400,000 objects whose classes go A, B, A, B, ... (16 bytes
 * each). In each chain the head (A) retains the whole chain and the second
 * node (B) all but the head; every deeper instance has one of its class
 * above it. So A = 4 x 400,000 x 16 and B = 4 x 399,999 x 16, however the
 * subtrees are split. */
static void
test_class_retained_split (void)
{
  const guint64 chains = 4, len = 400000;
  g_autoptr (Graph) g = graph_new (chains * len);
  HsClass *class_of = g_new (HsClass, chains * len);
  for (guint64 c = 0; c < chains; c++)
    {
      for (guint64 i = 0; i < len; i++)
        {
          HsObj v = (HsObj)(c * len + i);
          class_of[v] = i % 2;
          if (i + 1 < len)
            edge (g, v, v + 1);
        }
      root (g, (HsObj)(c * len));
    }
  g_autoptr (HsDomTree) t = graph_dom (g);
  /* Over a million reachable: sizes and counts were summed on two threads. */
  check_tree_invariants (g, t);
  for (guint64 c = 0; c < chains; c++)
    {
      g_assert_cmpuint (hs_dom_tree_retained (t, c * len), ==, len * 16);
      g_assert_cmpuint (hs_dom_tree_retained_count (t, c * len + 1), ==, len - 1);
      g_assert_cmpuint (t->idom[c * len + 1], ==, c * len);
    }
  guint64 out[2];
  hs_dom_tree_class_retained (t, graph_view (&(HsGraph){ 0 }, g, class_of), 2, out);
  g_assert_cmpuint (out[0], ==, chains * len * 16);
  g_assert_cmpuint (out[1], ==, chains * (len - 1) * 16);
  g_free (class_of);
}

/* Retained sizes are kept in 40 bits. A chain of 256 objects of 2^32 - 1
 * bytes each: the head retains 256 (2^32 - 1) = 2^40 - 256 bytes, just
 * below the limit, and each node k the suffix (256 - k) (2^32 - 1), which
 * the 40 bits must hold exactly (values above 2^32 carry across the byte
 * boundaries of the packed entries). An unreachable neighbour of every
 * entry stays 0. One object more of that size is beyond 2^40 - 1 reachable
 * bytes: refused with an error, no tree. */
static void
test_retained_40_bits (void)
{
  const guint64 len = 256, n = 2 * len;
  g_autoptr (Graph) g = graph_new (n + 1);
  for (guint64 v = 0; v <= n; v++)
    g->shallow[v] = G_MAXUINT32;
  g->shallow[n] = 16;
  for (guint64 k = 0; k + 1 < len; k++)
    edge (g, (HsObj)(2 * k), (HsObj)(2 * k + 2)); /* odd objects: unreachable */
  root (g, 0);
  g_autoptr (HsDomTree) t = graph_dom (g);
  g_assert_cmpuint (hs_dom_tree_retained (t, 0), ==, (G_GUINT64_CONSTANT (1) << 40) - 256);
  g_assert_cmpuint (hs_dom_tree_retained (t, n + 1), ==, (G_GUINT64_CONSTANT (1) << 40) - 256);
  for (guint64 k = 0; k < len; k++)
    {
      g_assert_cmpuint (hs_dom_tree_retained (t, 2 * k), ==, (len - k) * (guint64)G_MAXUINT32);
      g_assert_cmpuint (hs_dom_tree_retained_count (t, 2 * k), ==, len - k);
      g_assert_cmpuint (hs_dom_tree_retained (t, 2 * k + 1), ==, 0);
    }
  g_assert_cmpuint (hs_dom_tree_retained (t, n), ==, 0);

  /* One more: 257 (2^32 - 1) > 2^40 - 1. */
  edge (g, (HsObj)(2 * len - 2), (HsObj)(2 * len - 1));
  graph_finish (g);
  g_autoptr (GError) error = NULL;
  HsGraph view;
  g_autoptr (HsDomTree) u = hs_dom_tree_compute (graph_view (&view, g, NULL), (const HsObj *)g->roots->data,
                                                 g->roots->len, NULL, NULL, NULL, &error);
  g_assert_null (u);
  g_assert_error (error, HS_ERROR, HS_ERROR_NO_MEMORY);
}

/* The accessors of hand-built trees: set and read back values that use all
 * 40 bits, neighbours untouched. */
static void
test_retained_set (void)
{
  HsDomTree t = { .n = 3 };
  hs_dom_tree_alloc_retained (&t);
  const guint64 v[4] = { HS_DOM_RETAINED_MAX, 1, G_GUINT64_CONSTANT (0x8000000001), 0x12345678 };
  for (guint i = 0; i < 4; i++)
    hs_dom_tree_set_retained (&t, i, v[i]);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (hs_dom_tree_retained (&t, i), ==, v[i]);
  hs_dom_tree_set_retained (&t, 1, 0);
  g_assert_cmpuint (hs_dom_tree_retained (&t, 0), ==, HS_DOM_RETAINED_MAX);
  g_assert_cmpuint (hs_dom_tree_retained (&t, 1), ==, 0);
  g_assert_cmpuint (hs_dom_tree_retained (&t, 2), ==, v[2]);
  g_free (t.retained40);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dominators/diamond", test_diamond);
  g_test_add_func ("/dominators/cycles", test_cycles);
  g_test_add_func ("/dominators/semi-not-idom", test_semi_not_idom);
  g_test_add_func ("/dominators/chain", test_chain);
  g_test_add_func ("/dominators/chain-then-fan", test_reverse_chain_then_fan);
  g_test_add_func ("/dominators/two-roots", test_two_roots);
  g_test_add_func ("/dominators/root-reaches-root", test_root_reaches_root);
  g_test_add_func ("/dominators/unreachable", test_unreachable);
  g_test_add_func ("/dominators/wide", test_wide);
  g_test_add_func ("/dominators/self-loops-duplicates", test_self_loops_duplicates);
  g_test_add_func ("/dominators/class-retained", test_class_retained);
  g_test_add_func ("/dominators/class-retained-split", test_class_retained_split);
  g_test_add_func ("/dominators/random", test_random);
  g_test_add_func ("/dominators/large-random", test_large_random);
  g_test_add_func ("/dominators/progress-cancel", test_progress_cancel);
  g_test_add_func ("/dominators/bad-offsets", test_bad_offsets);
  g_test_add_func ("/dominators/retained-40-bits", test_retained_40_bits);
  g_test_add_func ("/dominators/retained-set", test_retained_set);
  return g_test_run ();
}
