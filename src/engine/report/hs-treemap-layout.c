/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-treemap-layout.c: squarified treemap layout of the dominator tree.
 *
 * Bruls, Huizing and van Wijk, "Squarified Treemaps" (2000): the children
 * of a node, largest first, are packed in rows along the shorter side of the
 * space left; a row grows while that does not make its worst aspect ratio
 * worse.
 *
 * Each level's children get an area proportional to their retained size
 * with one scale per parent: parent retained size <-> the parent's inner
 * rectangle (after padding and header). What the parent retains itself
 * (its shallow size) plus the children cut off by min_area/max_rects is one
 * more, hidden, item of the squarified sequence, so the rows still fill the
 * inner rectangle and stay square; that space is left empty.
 *
 * Depth is handled breadth-first with the output array itself as the work
 * queue (no recursion: dominator trees can be millions of levels deep), so
 * parents always come before their children and, when max_rects cuts the
 * layout short, the upper levels are the ones that are complete.
 */
#include "hs-treemap-layout.h"

#include <math.h>

typedef struct
{
  double area;
  guint64 node; /* G_MAXUINT64 for the hidden remainder item */
} Item;

/* Worst aspect ratio of a row of total area sum, largest item amax,
 * smallest amin, laid along a side of length side. */
static double
worst_ratio (double sum, double amax, double amin, double side)
{
  double s2 = sum * sum, w2 = side * side;
  double a = (w2 * amax) / s2;
  double b = s2 / (w2 * amin);
  return MAX (a, b);
}

/* Squarify items[0..n) (sorted by area, largest first) into the rectangle;
 * writes one rectangle per item into out (x, y, w, h quadruples). */
static void
squarify (const Item *items, gsize n, double x, double y, double w, double h, double *out)
{
  gsize start = 0;

  while (start < n)
    {
      double side = MIN (w, h);
      double sum = 0, amax = 0, amin = 0, best = 0;
      gsize end = start;

      if (side <= 0)
        {
          /* Nothing left (rounding): degenerate rectangles for the rest. */
          for (gsize i = start; i < n; i++)
            {
              out[4 * i] = x;
              out[4 * i + 1] = y;
              out[4 * i + 2] = 0;
              out[4 * i + 3] = 0;
            }
          return;
        }

      /* Grow the row while its worst aspect ratio does not get worse. */
      while (end < n)
        {
          double a = items[end].area;
          double nsum = sum + a;
          double namax = end == start ? a : MAX (amax, a);
          double namin = end == start ? a : MIN (amin, a);
          double r = worst_ratio (nsum, namax, namin, side);

          if (end > start && r > best)
            break;
          sum = nsum;
          amax = namax;
          amin = namin;
          best = r;
          end++;
        }

      /* The row's thickness; rounding may ask for more than is left. */
      double t = sum / side;
      double pos = 0;

      if (w >= h)
        {
          /* Shorter side is the height: a column on the left. */
          t = MIN (t, w);
          for (gsize i = start; i < end; i++)
            {
              double len = t > 0 ? items[i].area / t : 0;
              if (i + 1 == end || pos + len > h)
                len = MAX (0, MIN (len, h - pos));
              out[4 * i] = x;
              out[4 * i + 1] = y + pos;
              out[4 * i + 2] = t;
              out[4 * i + 3] = len;
              pos += len;
            }
          x += t;
          w -= t;
        }
      else
        {
          /* Shorter side is the width: a row along the top. */
          t = MIN (t, h);
          for (gsize i = start; i < end; i++)
            {
              double len = t > 0 ? items[i].area / t : 0;
              if (i + 1 == end || pos + len > w)
                len = MAX (0, MIN (len, w - pos));
              out[4 * i] = x + pos;
              out[4 * i + 1] = y;
              out[4 * i + 2] = len;
              out[4 * i + 3] = t;
              pos += len;
            }
          y += t;
          h -= t;
        }
      start = end;
    }
}

static gboolean
finite_nonneg (double v)
{
  return isfinite (v) && v >= 0;
}

GArray *
hs_treemap_layout (const HsDomTree *dom, guint64 node, double x, double y, double w, double h,
                   guint max_depth, double min_area, double padding, double header, guint max_rects)
{
  return hs_treemap_layout_full (dom, node, x, y, w, h, max_depth, min_area, padding, header, max_rects,
                                 FALSE);
}

/* Inserts it into items (sorted by area, largest first) at its place. */
static void
insert_sorted (GArray *items, Item it)
{
  guint at = 0;
  while (at < items->len && g_array_index (items, Item, at).area >= it.area)
    at++;
  g_array_insert_val (items, at, it);
}

GArray *
hs_treemap_layout_full (const HsDomTree *dom, guint64 node, double x, double y, double w, double h,
                        guint max_depth, double min_area, double padding, double header, guint max_rects,
                        gboolean include_rest)
{
  /* An empty layout, as for a node out of range (callers read ->len). */
  g_return_val_if_fail (dom != NULL, g_array_new (FALSE, TRUE, sizeof (HsTreemapRect)));

  GArray *rects = g_array_new (FALSE, TRUE, sizeof (HsTreemapRect));
  g_autoptr (GArray) items = g_array_new (FALSE, FALSE, sizeof (Item));
  g_autoptr (GArray) pos = g_array_new (FALSE, FALSE, sizeof (double));
  guint limit = max_rects == 0 ? G_MAXUINT : max_rects;

  if (node > dom->n || !isfinite (x) || !isfinite (y) || !finite_nonneg (w) || !finite_nonneg (h))
    return rects;
  if (!finite_nonneg (padding))
    padding = 0;
  if (!finite_nonneg (header))
    header = 0;
  if (!isfinite (min_area))
    return rects;

  HsTreemapRect root = { node, x, y, w, h, 0, G_MAXUINT64, FALSE };
  g_array_append_val (rects, root);

  for (guint qi = 0; qi < rects->len && rects->len < limit; qi++)
    {
      HsTreemapRect *p = &g_array_index (rects, HsTreemapRect, qi);
      guint64 pnode = p->node;
      guint depth = p->depth;
      const HsObj *kids;
      gsize n_kids = 0;

      if (depth >= max_depth || pnode > dom->n) /* HS_TREEMAP_REST too */
        continue;

      double ix = p->x + padding, iy = p->y + padding + header;
      double iw = p->w - 2 * padding, ih = p->h - 2 * padding - header;
      if (!(iw > 0 && ih > 0))
        continue;

      if (dom->child_offsets == NULL || dom->child_targets == NULL)
        continue;
      kids = hs_dom_tree_children (dom, pnode, &n_kids);
      if (n_kids == 0)
        continue;

      /* Scale: the parent's retained size fills its inner rectangle. */
      double total = (double)hs_dom_tree_retained (dom, pnode);
      double shown = 0, shown_bytes = 0;
      guint budget = limit - rects->len;
      gsize considered = 0;

      g_array_set_size (items, 0);
      if (!(total > 0))
        continue;

      double scale = (iw * ih) / total;
      for (; considered < n_kids && items->len < budget; considered++)
        {
          HsObj k = kids[considered];
          if (k >= dom->n)
            continue;
          double area = (double)hs_dom_tree_retained (dom, k) * scale;
          /* Sorted largest first: the first one too small ends the list. */
          if (!(area > 0) || area < min_area)
            break;
          Item it = { area, k };
          g_array_append_val (items, it);
          shown += area;
          shown_bytes += (double)hs_dom_tree_retained (dom, k);
        }

      /* An inconsistent (hand-made) tree whose children retain more than
       * their parent: scale them down to fit, dropping what gets too small. */
      double f = 1;
      if (shown_bytes > total)
        {
          f = total / shown_bytes;
          shown = 0;
          for (guint i = 0; i < items->len; i++)
            {
              Item *it = &g_array_index (items, Item, i);
              it->area *= f;
              if (it->area < min_area)
                {
                  g_array_set_size (items, i);
                  break;
                }
              shown += it->area;
            }
        }

      /* The children left out, together (only when asked: it costs a pass
       * over all of them). */
      double rest_area = 0;
      if (include_rest && considered < n_kids)
        {
          double rest_bytes = 0;
          for (gsize i = 0; i < n_kids; i++)
            if (kids[i] < dom->n)
              rest_bytes += (double)hs_dom_tree_retained (dom, kids[i]);
          for (guint i = 0; i < items->len; i++)
            rest_bytes -= (double)hs_dom_tree_retained (dom, g_array_index (items, Item, i).node);
          rest_area = MAX (0, MIN (rest_bytes * scale * f, iw * ih - shown));
          if (rest_area < min_area || !(rest_area > 0))
            rest_area = 0;
          /* The rest box counts against max_rects: give it the last slot. */
          if (rest_area > 0 && items->len >= budget && items->len > 0)
            {
              Item last = g_array_index (items, Item, items->len - 1);
              g_array_set_size (items, items->len - 1);
              shown -= last.area;
              rest_area += last.area;
            }
        }
      if (items->len == 0 && rest_area == 0)
        continue;

      /* The parent's own size (hidden) and the rest, at their places in the
       * descending order, so the rows stay square. */
      double own = iw * ih - shown - rest_area;
      if (own > 1e-9 * iw * ih)
        insert_sorted (items, (Item){ own, G_MAXUINT64 });
      if (rest_area > 0)
        insert_sorted (items, (Item){ rest_area, HS_TREEMAP_REST });

      g_array_set_size (pos, 4 * items->len);
      squarify ((const Item *)(void *)items->data, items->len, ix, iy, iw, ih, (double *)(void *)pos->data);

      gboolean any = FALSE;
      for (guint i = 0; i < items->len; i++)
        {
          const Item *it = &g_array_index (items, Item, i);
          const double *r = &g_array_index (pos, double, 4 * i);
          if (it->node == G_MAXUINT64)
            continue;
          HsTreemapRect c = { it->node, r[0], r[1], r[2], r[3], depth + 1, pnode, FALSE };
          g_array_append_val (rects, c);
          any = TRUE;
        }
      /* Re-fetch: the append may have moved the array. */
      if (any)
        g_array_index (rects, HsTreemapRect, qi).has_children_shown = TRUE;
    }

  return rects;
}
