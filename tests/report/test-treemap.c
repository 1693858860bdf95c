/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-treemap.c: the squarified treemap layout on hand-made dominator trees.
 *
 * Trees are built directly as HsDomTree values (parent of each node and its
 * retained size), so every expected number here comes from the tree we
 * wrote down, not from the engine. */
#include <math.h>
#include "hs-treemap-layout.h"

#define EPS 1e-6

/* A hand-made tree: n objects, virtual root n. parent[i] in [0, n] (n = the
 * virtual root) or HS_OBJ_NONE (unreachable); retained has n+1 entries. */
static HsDomTree *
tree_new (guint64 n, const HsObj *parent, const guint64 *retained)
{
  HsDomTree *t = g_new0 (HsDomTree, 1);
  g_autofree guint64 *fill = g_new0 (guint64, n + 2);

  t->n = n;
  t->idom = g_new (HsObj, n);
  hs_dom_tree_alloc_retained (t);
  t->retained_count = g_new0 (guint32, n + 1);
  t->child_offsets = g_new0 (guint32, n + 2);
  memcpy (t->idom, parent, n * sizeof (HsObj));
  for (guint64 v = 0; v <= n; v++)
    hs_dom_tree_set_retained (t, v, retained[v]);

  for (guint64 i = 0; i < n; i++)
    if (parent[i] != HS_OBJ_NONE)
      {
        t->child_offsets[parent[i] + 1]++;
        t->n_reachable++;
      }
  for (guint64 v = 0; v <= n; v++)
    t->child_offsets[v + 1] += t->child_offsets[v];
  t->child_targets = g_new0 (HsObj, MAX (t->n_reachable, 1));
  for (guint64 i = 0; i < n; i++)
    if (parent[i] != HS_OBJ_NONE)
      {
        HsObj p = parent[i];
        t->child_targets[t->child_offsets[p] + fill[p]++] = (HsObj)i;
      }
  /* Sort each child list by retained desc, ties by smaller index (the
   * contract of hs_dom_tree_children); insertion sort, lists are tiny. */
  for (guint64 v = 0; v <= n; v++)
    {
      HsObj *c = t->child_targets + t->child_offsets[v];
      gsize m = t->child_offsets[v + 1] - t->child_offsets[v];
      for (gsize a = 1; a < m; a++)
        for (gsize b = a; b > 0; b--)
          {
            HsObj x = c[b - 1], y = c[b];
            if (hs_dom_tree_retained (t, x) > hs_dom_tree_retained (t, y)
                || (hs_dom_tree_retained (t, x) == hs_dom_tree_retained (t, y) && x < y))
              break;
            c[b - 1] = y;
            c[b] = x;
          }
    }
  return t;
}

static void
tree_free (HsDomTree *t)
{
  g_free (t->idom);
  g_free (t->retained40);
  g_free (t->retained_count);
  g_free (t->child_offsets);
  g_free (t->child_targets);
  g_free (t);
}

static const HsTreemapRect *
find_rect (GArray *rects, guint64 node)
{
  for (guint i = 0; i < rects->len; i++)
    if (g_array_index (rects, HsTreemapRect, i).node == node)
      return &g_array_index (rects, HsTreemapRect, i);
  return NULL;
}

static double
aspect (const HsTreemapRect *r)
{
  return MAX (r->w / r->h, r->h / r->w);
}

static gboolean
overlap (const HsTreemapRect *a, const HsTreemapRect *b)
{
  double ox = MIN (a->x + a->w, b->x + b->w) - MAX (a->x, b->x);
  double oy = MIN (a->y + a->h, b->y + b->h) - MAX (a->y, b->y);
  return ox > EPS && oy > EPS;
}

/* The worked example of Bruls, Huizing and van Wijk: areas 6 6 4 3 2 2 1 in
 * a 6 x 4 rectangle. Expected rows, worked out by hand with the paper's
 * rule (grow a row while its worst aspect ratio improves):
 *   {6,6} as a column of width 3 on the left (heights 2, 2);
 *   in the 3 x 4 rest, {4,3} as a row of height 7/3 on top;
 *   in the 3 x 5/3 rest, {2} as a column of width 6/5;
 *   in the 9/5 x 5/3 rest, {2} as a column of width 6/5;
 *   {1} fills the last 3/5 x 5/3. */
static void
test_paper_example (void)
{
  /* Objects 0..6, all children of the virtual root 7; sizes in kB so the
   * scale (24000 bytes -> 24 square units) is not 1. */
  const HsObj parent[7] = { 7, 7, 7, 7, 7, 7, 7 };
  const guint64 ret[8] = { 6000, 6000, 4000, 3000, 2000, 2000, 1000, 24000 };
  HsDomTree *t = tree_new (7, parent, ret);
  g_autoptr (GArray) r = hs_treemap_layout (t, 7, 0, 0, 6, 4, 1, 0, 0, 0, 0);
  const double exp[7][4] = {
    { 0, 0, 3, 2 },
    { 0, 2, 3, 2 },
    { 3, 0, 3.0 * 4 / 7, 7.0 / 3 },
    { 3 + 3.0 * 4 / 7, 0, 3.0 * 3 / 7, 7.0 / 3 },
    { 3, 7.0 / 3, 6.0 / 5, 5.0 / 3 },
    { 3 + 6.0 / 5, 7.0 / 3, 6.0 / 5, 5.0 / 3 },
    { 3 + 12.0 / 5, 7.0 / 3, 3.0 / 5, 5.0 / 3 },
  };
  double worst = 0, slice_worst = 0;

  g_assert_cmpuint (r->len, ==, 8);
  for (guint i = 0; i < 7; i++)
    {
      const HsTreemapRect *c = find_rect (r, i);
      g_assert_nonnull (c);
      g_assert_cmpfloat_with_epsilon (c->x, exp[i][0], EPS);
      g_assert_cmpfloat_with_epsilon (c->y, exp[i][1], EPS);
      g_assert_cmpfloat_with_epsilon (c->w, exp[i][2], EPS);
      g_assert_cmpfloat_with_epsilon (c->h, exp[i][3], EPS);
      worst = MAX (worst, aspect (c));
      /* Slice layout: vertical strips of width 6 * a / 24, height 4. */
      double sw = 6.0 * ret[i] / 24000.0;
      slice_worst = MAX (slice_worst, MAX (sw / 4, 4 / sw));
    }
  /* Slice's worst is the 1-unit item: a 0.25 x 4 strip, 16:1; the
   * squarified worst is that item's 3/5 x 5/3 box, 25:9. */
  g_assert_cmpfloat_with_epsilon (slice_worst, 16.0, EPS);
  g_assert_cmpfloat_with_epsilon (worst, 25.0 / 9, EPS);
  g_assert_cmpfloat (worst, <, slice_worst);
  tree_free (t);
}

/* Tree used by several tests:
 *   root(10) -> 0 (600), 1 (300), 2 (100)
 *   0 (600, shallow 100) -> 3 (250), 4 (150), 5 (100)
 *   1 (300, shallow 300)
 *   2 (100, shallow 40)  -> 6 (60)
 *   3 (250, shallow 50)  -> 7 (120), 8 (80)
 *   7, 8 leaves; 9 unreachable.
 */
static HsDomTree *
sample_tree (void)
{
  const HsObj parent[10] = { 10, 10, 10, 0, 0, 0, 2, 3, 3, HS_OBJ_NONE };
  const guint64 ret[11] = { 600, 300, 100, 250, 150, 100, 60, 120, 80, 0, 1000 };
  return tree_new (10, parent, ret);
}

static void
test_proportional_nested (void)
{
  HsDomTree *t = sample_tree ();
  const double pad = 2, head = 10;
  g_autoptr (GArray) r = hs_treemap_layout (t, 10, 0, 0, 400, 300, 10, 0, pad, head, 0);

  /* Every reachable node is laid out: 9 plus the root. */
  g_assert_cmpuint (r->len, ==, 10);
  g_assert_null (find_rect (r, 9));

  for (guint i = 0; i < r->len; i++)
    {
      const HsTreemapRect *c = &g_array_index (r, HsTreemapRect, i);
      if (c->depth == 0)
        {
          g_assert_cmpuint (c->node, ==, 10);
          g_assert_cmpuint (c->parent, ==, G_MAXUINT64);
          g_assert_cmpfloat (c->w, ==, 400);
          g_assert_cmpfloat (c->h, ==, 300);
          continue;
        }
      /* The parent field is the node's dominator and comes earlier. */
      g_assert_cmpuint (c->parent, ==, t->idom[c->node]);
      const HsTreemapRect *p = NULL;
      for (guint j = 0; j < i; j++)
        if (g_array_index (r, HsTreemapRect, j).node == c->parent)
          p = &g_array_index (r, HsTreemapRect, j);
      g_assert_nonnull (p);
      g_assert_cmpuint (c->depth, ==, p->depth + 1);
      g_assert_true (p->has_children_shown);

      /* Area: the parent's inner rectangle scaled by retained share. */
      double iw = p->w - 2 * pad, ih = p->h - 2 * pad - head;
      double want
          = iw * ih * (double)hs_dom_tree_retained (t, c->node) / (double)hs_dom_tree_retained (t, p->node);
      g_assert_cmpfloat_with_epsilon (c->w * c->h, want, 1e-6 * want);

      /* Inside the parent's inner rectangle. */
      g_assert_cmpfloat (c->x, >=, p->x + pad - EPS);
      g_assert_cmpfloat (c->y, >=, p->y + pad + head - EPS);
      g_assert_cmpfloat (c->x + c->w, <=, p->x + p->w - pad + EPS);
      g_assert_cmpfloat (c->y + c->h, <=, p->y + p->h - pad + EPS);

      /* No overlap with any sibling. */
      for (guint j = 0; j < r->len; j++)
        {
          const HsTreemapRect *s = &g_array_index (r, HsTreemapRect, j);
          if (j != i && s->parent == c->parent)
            g_assert_false (overlap (c, s));
        }
    }

  /* Depths by hand: 0,1,2 at depth 1; 3,4,5,6 at 2; 7,8 at 3. */
  const guint depth[9] = { 1, 1, 1, 2, 2, 2, 2, 3, 3 };
  for (guint i = 0; i < 9; i++)
    g_assert_cmpuint (find_rect (r, i)->depth, ==, depth[i]);
  /* Leaves have nothing shown inside. */
  g_assert_false (find_rect (r, 1)->has_children_shown);
  g_assert_false (find_rect (r, 7)->has_children_shown);
  g_assert_true (find_rect (r, 3)->has_children_shown);

  /* The root's children fill its inner rectangle exactly (the virtual root
   * retains its children's total): 396 x 286. */
  double sum = 0;
  for (guint i = 0; i < 3; i++)
    sum += find_rect (r, i)->w * find_rect (r, i)->h;
  g_assert_cmpfloat_with_epsilon (sum, 396.0 * 286.0, 1e-6);
  tree_free (t);
}

static void
test_max_depth (void)
{
  HsDomTree *t = sample_tree ();
  g_autoptr (GArray) r0 = hs_treemap_layout (t, 10, 0, 0, 100, 100, 0, 0, 0, 0, 0);
  g_autoptr (GArray) r1 = hs_treemap_layout (t, 10, 0, 0, 100, 100, 1, 0, 0, 0, 0);
  g_autoptr (GArray) r2 = hs_treemap_layout (t, 0, 10, 20, 100, 100, 5, 0, 0, 0, 0);

  g_assert_cmpuint (r0->len, ==, 1);
  g_assert_false (g_array_index (r0, HsTreemapRect, 0).has_children_shown);
  g_assert_cmpuint (r1->len, ==, 4);
  for (guint i = 1; i < 4; i++)
    g_assert_cmpuint (g_array_index (r1, HsTreemapRect, i).depth, ==, 1);

  /* Laying out node 0 on its own: 0, then 3 4 5, then 7 8. */
  g_assert_cmpuint (r2->len, ==, 6);
  g_assert_cmpuint (g_array_index (r2, HsTreemapRect, 0).node, ==, 0);
  g_assert_cmpfloat (g_array_index (r2, HsTreemapRect, 0).x, ==, 10);
  g_assert_cmpfloat (g_array_index (r2, HsTreemapRect, 0).y, ==, 20);
  g_assert_cmpuint (find_rect (r2, 3)->depth, ==, 1);
  g_assert_cmpuint (find_rect (r2, 7)->depth, ==, 2);
  /* 3 retains 250 of 0's 600 in a 100 x 100 box. */
  g_assert_cmpfloat_with_epsilon (find_rect (r2, 3)->w * find_rect (r2, 3)->h, 10000.0 * 250 / 600, 1e-6);
  /* Children of 0 leave 0's own 100 bytes empty: 1/6 of the box. */
  double sum = 0;
  for (guint i = 3; i <= 5; i++)
    sum += find_rect (r2, i)->w * find_rect (r2, i)->h;
  g_assert_cmpfloat_with_epsilon (sum, 10000.0 * 500 / 600, 1e-6);
  tree_free (t);
}

static void
test_min_area (void)
{
  HsDomTree *t = sample_tree ();
  /* 100 x 100 for 1000 bytes: 10 square units per byte at depth 1. Node 2
   * (100 bytes) gets 1000 units; min_area 1500 drops it, keeps 0 (6000)
   * and 1 (3000). Inside 0 (6000 units for 600 bytes, 10/byte): 3 gets 2500,
   * 4 1500 (kept: not below the bound), 5 1000 (dropped). Inside 3 (250
   * bytes in 2500 units): 7 gets 1200, 8 800, both dropped. */
  g_autoptr (GArray) r = hs_treemap_layout (t, 10, 0, 0, 100, 100, 10, 1500, 0, 0, 0);
  g_assert_nonnull (find_rect (r, 0));
  g_assert_nonnull (find_rect (r, 1));
  g_assert_null (find_rect (r, 2));
  g_assert_null (find_rect (r, 6));
  g_assert_nonnull (find_rect (r, 3));
  g_assert_nonnull (find_rect (r, 4));
  g_assert_null (find_rect (r, 5));
  g_assert_null (find_rect (r, 7));
  g_assert_null (find_rect (r, 8));
  g_assert_cmpuint (r->len, ==, 5);
  g_assert_false (find_rect (r, 3)->has_children_shown);

  /* Dropped children do not grow the others: still 10 units per byte. */
  g_assert_cmpfloat_with_epsilon (find_rect (r, 1)->w * find_rect (r, 1)->h, 3000, 1e-6);
  g_assert_cmpfloat_with_epsilon (find_rect (r, 4)->w * find_rect (r, 4)->h, 1500, 1e-6);
  for (guint i = 0; i < r->len; i++)
    {
      const HsTreemapRect *c = &g_array_index (r, HsTreemapRect, i);
      if (c->depth > 0)
        g_assert_cmpfloat (c->w * c->h, >=, 1500 - 1e-6);
    }
  tree_free (t);
}

static void
test_max_rects (void)
{
  HsDomTree *t = sample_tree ();
  /* Breadth first: a bound of 5 keeps the root, its three children and the
   * biggest grandchild (3). */
  g_autoptr (GArray) r = hs_treemap_layout (t, 10, 0, 0, 100, 100, 10, 0, 0, 0, 5);
  g_assert_cmpuint (r->len, ==, 5);
  g_assert_nonnull (find_rect (r, 0));
  g_assert_nonnull (find_rect (r, 1));
  g_assert_nonnull (find_rect (r, 2));
  g_assert_nonnull (find_rect (r, 3));
  g_assert_null (find_rect (r, 4));
  /* 3 keeps its full-scale place: 250 of 600 bytes of 0's 6000 units. */
  g_assert_cmpfloat_with_epsilon (find_rect (r, 3)->w * find_rect (r, 3)->h, 2500, 1e-6);

  g_autoptr (GArray) r1 = hs_treemap_layout (t, 10, 0, 0, 100, 100, 10, 0, 0, 0, 1);
  g_assert_cmpuint (r1->len, ==, 1);
  tree_free (t);
}

static void
test_zero_and_single (void)
{
  /* 0 retains 0 bytes (a hand-made oddity) next to 1 with 50; 2 is the only
   * child of 1 and retains all of it; 3 is a zero-size child of 2. */
  const HsObj parent[4] = { 4, 4, 1, 2 };
  const guint64 ret[5] = { 0, 50, 50, 0, 50 };
  HsDomTree *t = tree_new (4, parent, ret);
  g_autoptr (GArray) r = hs_treemap_layout (t, 4, 0, 0, 80, 40, 10, 0, 1, 5, 0);

  g_assert_null (find_rect (r, 0)); /* zero size: not laid out */
  g_assert_null (find_rect (r, 3));
  g_assert_cmpuint (r->len, ==, 3);
  /* A single child that retains all of its parent fills the inner box. */
  const HsTreemapRect *one = find_rect (r, 1);
  g_assert_cmpfloat_with_epsilon (one->x, 1, EPS);
  g_assert_cmpfloat_with_epsilon (one->y, 6, EPS);
  g_assert_cmpfloat_with_epsilon (one->w, 78, EPS);
  g_assert_cmpfloat_with_epsilon (one->h, 33, EPS);
  const HsTreemapRect *two = find_rect (r, 2);
  g_assert_cmpfloat_with_epsilon (two->x, 2, EPS);
  g_assert_cmpfloat_with_epsilon (two->y, 12, EPS);
  g_assert_cmpfloat_with_epsilon (two->w, 76, EPS);
  g_assert_cmpfloat_with_epsilon (two->h, 26, EPS);

  /* A zero-size box, a box smaller than the padding, a zero-size node and
   * a node out of range give no children. */
  g_autoptr (GArray) z1 = hs_treemap_layout (t, 4, 0, 0, 0, 0, 10, 0, 0, 0, 0);
  g_assert_cmpuint (z1->len, ==, 1);
  g_autoptr (GArray) z2 = hs_treemap_layout (t, 4, 0, 0, 10, 10, 10, 0, 5, 0, 0);
  g_assert_cmpuint (z2->len, ==, 1);
  g_autoptr (GArray) z3 = hs_treemap_layout (t, 0, 0, 0, 10, 10, 10, 0, 0, 0, 0);
  g_assert_cmpuint (z3->len, ==, 1);
  g_autoptr (GArray) z4 = hs_treemap_layout (t, 99, 0, 0, 10, 10, 10, 0, 0, 0, 0);
  g_assert_cmpuint (z4->len, ==, 0);
  g_autoptr (GArray) z5 = hs_treemap_layout (t, 4, 0, 0, NAN, 10, 10, 0, 0, 0, 0);
  g_assert_cmpuint (z5->len, ==, 0);
  tree_free (t);
}

/* A chain of 200000 nodes, each retaining all below it: laid out to full
 * depth without recursion, each level one rectangle inside the last. */
static void
test_deep_chain (void)
{
  const guint64 n = 200000;
  g_autofree HsObj *parent = g_new (HsObj, n);
  g_autofree guint64 *ret = g_new (guint64, n + 1);

  for (guint64 i = 0; i < n; i++)
    {
      parent[i] = i == 0 ? (HsObj)n : (HsObj)(i - 1);
      ret[i] = (n - i) * 16;
    }
  ret[n] = ret[0];
  HsDomTree *t = tree_new (n, parent, ret);
  g_autoptr (GArray) r = hs_treemap_layout (t, n, 0, 0, 1000, 1000, G_MAXUINT, 0, 0, 0, 0);
  g_assert_cmpuint (r->len, ==, n + 1);
  for (guint64 i = 1; i <= n; i++)
    {
      const HsTreemapRect *c = &g_array_index (r, HsTreemapRect, i);
      g_assert_cmpuint (c->node, ==, i - 1);
      g_assert_cmpuint (c->depth, ==, i);
    }
  /* The last node retains 16 of the chain's 16 n bytes. */
  const HsTreemapRect *last = &g_array_index (r, HsTreemapRect, n);
  g_assert_cmpfloat_with_epsilon (last->w * last->h, 1e6 / n, 1e-3);
  tree_free (t);
}

/* On a tree computed by the dominator engine from a small graph:
 *   root -> 0; 0 -> 1, 0 -> 2; 1 -> 3, 2 -> 3 (a diamond); 3 -> 4
 * shallow 10 20 30 40 50. 3 is reachable through 1 and 2, so 0 dominates
 * it: the tree is 0 { 3 { 4 }, 2, 1 } with retained 150 { 90 { 50 }, 30, 20 }. */
static void
test_computed_tree (void)
{
  const guint64 offsets[6] = { 0, 2, 3, 4, 5, 5 };
  const HsObj targets[5] = { 1, 2, 3, 3, 4 };
  const HsObj roots[1] = { 0 };
  const guint32 shallow[5] = { 10, 20, 30, 40, 50 };
  g_autoptr (GError) error = NULL;
  g_autoptr (HsDomTree) t
      = hs_dom_tree_compute (hs_graph_init (&(HsGraph){ 0 }, 5, offsets, targets, shallow, NULL), roots, 1,
                             NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (t);

  g_autoptr (GArray) r = hs_treemap_layout (t, t->n, 0, 0, 150, 100, 10, 0, 0, 0, 0);
  g_assert_cmpuint (r->len, ==, 6);
  /* Breadth first, children by retained size: root, 0, then 3 2 1, then 4. */
  const guint64 order[6] = { 5, 0, 3, 2, 1, 4 };
  const guint64 parent[6] = { G_MAXUINT64, 5, 0, 0, 0, 3 };
  /* 100 square units per byte at every level (no padding): */
  const double area[6] = { 15000, 15000, 9000, 3000, 2000, 5000 };
  for (guint i = 0; i < 6; i++)
    {
      const HsTreemapRect *c = &g_array_index (r, HsTreemapRect, i);
      g_assert_cmpuint (c->node, ==, order[i]);
      g_assert_cmpuint (c->parent, ==, parent[i]);
      g_assert_cmpfloat_with_epsilon (c->w * c->h, area[i], 1e-6);
    }
  /* 4 sits inside 3, its dominator, not inside 1 or 2. */
  const HsTreemapRect *three = find_rect (r, 3), *four = find_rect (r, 4);
  g_assert_cmpfloat (four->x, >=, three->x - EPS);
  g_assert_cmpfloat (four->y, >=, three->y - EPS);
  g_assert_cmpfloat (four->x + four->w, <=, three->x + three->w + EPS);
  g_assert_cmpfloat (four->y + four->h, <=, three->y + three->h + EPS);
}

/* The rest boxes: the virtual root (56) has 0 (500 bytes) and 1..5 (100
 * each); 0 has 50 children 6..55 of 10 bytes and no size of its own. In a
 * 100 x 100 box that is 10 units per byte everywhere. With min_area 2000,
 * 0 (5000) is shown, 1..5 (1000 each) are not but make a 5000 rest box;
 * inside 0, no child (100 each) is shown but together they fill it. */
static void
test_rest (void)
{
  HsObj parent[56];
  guint64 ret[57];
  for (guint i = 0; i < 56; i++)
    {
      parent[i] = i == 0 || i <= 5 ? 56 : 0;
      ret[i] = i == 0 ? 500 : i <= 5 ? 100 : 10;
    }
  ret[56] = 1000;
  HsDomTree *t = tree_new (56, parent, ret);

  g_autoptr (GArray) plain = hs_treemap_layout (t, 56, 0, 0, 100, 100, 10, 2000, 0, 0, 0);
  g_assert_cmpuint (plain->len, ==, 2);
  g_autoptr (GArray) same = hs_treemap_layout_full (t, 56, 0, 0, 100, 100, 10, 2000, 0, 0, 0, FALSE);
  g_assert_cmpmem (plain->data, plain->len * sizeof (HsTreemapRect), same->data,
                   same->len * sizeof (HsTreemapRect));

  g_autoptr (GArray) r = hs_treemap_layout_full (t, 56, 0, 0, 100, 100, 10, 2000, 0, 0, 0, TRUE);
  g_assert_cmpuint (r->len, ==, 4);
  guint n_rest = 0;
  for (guint i = 0; i < r->len; i++)
    {
      const HsTreemapRect *c = &g_array_index (r, HsTreemapRect, i);
      if (c->node != HS_TREEMAP_REST)
        continue;
      n_rest++;
      g_assert_cmpfloat_with_epsilon (c->w * c->h, 5000, 1e-6);
      g_assert_false (c->has_children_shown);
      if (c->parent == 56)
        g_assert_cmpuint (c->depth, ==, 1);
      else
        {
          /* Inside 0: the whole of it. */
          const HsTreemapRect *zero = find_rect (r, 0);
          g_assert_cmpuint (c->parent, ==, 0);
          g_assert_cmpuint (c->depth, ==, 2);
          g_assert_cmpfloat_with_epsilon (c->x, zero->x, EPS);
          g_assert_cmpfloat_with_epsilon (c->y, zero->y, EPS);
          g_assert_cmpfloat_with_epsilon (c->w, zero->w, EPS);
          g_assert_cmpfloat_with_epsilon (c->h, zero->h, EPS);
          g_assert_true (zero->has_children_shown);
        }
    }
  g_assert_cmpuint (n_rest, ==, 2);

  /* max_rects 2: the rest box takes the last slot and everything below
   * the root: the whole box. */
  g_autoptr (GArray) r2 = hs_treemap_layout_full (t, 56, 0, 0, 100, 100, 10, 2000, 0, 0, 2, TRUE);
  g_assert_cmpuint (r2->len, ==, 2);
  const HsTreemapRect *rest = &g_array_index (r2, HsTreemapRect, 1);
  g_assert_cmpuint (rest->node, ==, HS_TREEMAP_REST);
  g_assert_cmpfloat_with_epsilon (rest->w * rest->h, 10000, 1e-6);
  tree_free (t);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/treemap/paper-example", test_paper_example);
  g_test_add_func ("/treemap/proportional-nested", test_proportional_nested);
  g_test_add_func ("/treemap/max-depth", test_max_depth);
  g_test_add_func ("/treemap/min-area", test_min_area);
  g_test_add_func ("/treemap/max-rects", test_max_rects);
  g_test_add_func ("/treemap/zero-and-single", test_zero_and_single);
  g_test_add_func ("/treemap/deep-chain", test_deep_chain);
  g_test_add_func ("/treemap/computed-tree", test_computed_tree);
  g_test_add_func ("/treemap/rest", test_rest);
  return g_test_run ();
}
