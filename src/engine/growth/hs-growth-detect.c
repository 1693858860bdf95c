/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-detect.c: the growing nodes of a series, LeakCanary's rule
 * (shark's ObjectGrowthDetector) over counts kept per dump.
 *
 * In the first dump every node with children is growing, and all its
 * children are its growing children. From each dump to the next, a node
 * stays growing when it was growing, is still there, and at least one of
 * its growing children is still there with min_growth objects more; those
 * children are its growing children from then on. A growing node is
 * reported unless its parent is growing too (the growth is then the
 * parent's). One pass over the nodes per interval, children as a CSR
 * built once: linear in nodes times dumps. */
#include "config.h"

#include <string.h>

#include "hs-growth-private.h"

/* Most new objects first (data: per node), then in the order nodes were made. */
static gint
cmp_new (gconstpointer a, gconstpointer b, gpointer data)
{
  const guint64 *gain = data;
  guint32 x = *(const guint32 *)a, y = *(const guint32 *)b;
  guint64 nx = gain[x], ny = gain[y];
  if (nx != ny)
    return nx > ny ? -1 : 1;
  return x < y ? -1 : x > y;
}

gboolean
_hs_growth_detect (HsGrowth *g, GError **error)
{
  guint nn = g->nodes->len, K = g->n_dumps;
  const GrowthNode *nodes = (const GrowthNode *)g->nodes->data;
  g_autofree guint32 *off = g_new0 (guint32, nn + 2);
  g_autofree guint32 *child = g_new (guint32, MAX (nn, 1));
  g_autofree guint8 *grow = g_new0 (guint8, MAX (nn, 1));   /* node growing */
  g_autofree guint8 *gchild = g_new0 (guint8, MAX (nn, 1)); /* a growing child of its parent */
  g_autofree guint8 *next = g_new0 (guint8, MAX (nn, 1));
  g_autofree guint8 *next_child = g_new0 (guint8, MAX (nn, 1));
  (void)error;

  /* Children of each node: off[p] .. off[p + 1] in child. */
  for (guint i = 0; i < nn; i++)
    if (nodes[i].parent != HS_GROWTH_NO_NODE)
      off[nodes[i].parent + 2]++;
  for (guint i = 0; i < nn; i++)
    off[i + 2] += off[i + 1];
  for (guint i = 0; i < nn; i++)
    if (nodes[i].parent != HS_GROWTH_NO_NODE)
      child[off[nodes[i].parent + 1]++] = i;

  /* The first dump. */
  for (guint i = 0; i < nn; i++)
    if (nodes[i].parent != HS_GROWTH_NO_NODE && _hs_growth_objects (g, i)[0] > 0)
      {
        gchild[i] = 1;
        grow[nodes[i].parent] = 1;
      }
  for (guint k = 1; k < K; k++)
    {
      memset (next, 0, nn);
      memset (next_child, 0, nn);
      for (guint v = 0; v < nn; v++)
        {
          if (!grow[v] || _hs_growth_objects (g, v)[k] == 0)
            continue;
          for (guint j = off[v]; j < off[v + 1]; j++)
            {
              guint32 c = child[j];
              const guint64 *cc = _hs_growth_objects (g, c);
              if (gchild[c] && cc[k] > 0 && cc[k] >= cc[k - 1] + g->min_growth)
                next_child[c] = next[v] = 1;
            }
        }
      memcpy (grow, next, nn);
      memcpy (gchild, next_child, nn);
    }

  /* Reported: growing, parent not; their growing children. */
  g->growing = g_array_new (FALSE, FALSE, sizeof (guint32));
  g->gchildren = g_array_new (FALSE, FALSE, sizeof (guint32));
  g->gchild_off = g_new0 (guint32, nn + 1);
  g->new_objects = g_new0 (guint64, MAX (nn, 1));
  /* A growing child's gain from the first dump to the last; a node's new
   * objects are its growing children's gains. */
  {
    guint64 *gain = g_new0 (guint64, MAX (nn, 1));
    for (guint v = 0; v < nn; v++)
      if (gchild[v])
        {
          const guint64 *cc = _hs_growth_objects (g, v);
          gain[v] = cc[K - 1] - MIN (cc[0], cc[K - 1]);
          g->new_objects[nodes[v].parent] += gain[v];
        }
    g->child_gain = gain;
  }
  for (guint v = 0; v < nn; v++)
    {
      g->gchild_off[v] = g->gchildren->len;
      if (!grow[v] || (nodes[v].parent != HS_GROWTH_NO_NODE && grow[nodes[v].parent]))
        continue;
      g_array_append_val (g->growing, v);
      for (guint j = off[v]; j < off[v + 1]; j++)
        if (gchild[child[j]])
          g_array_append_val (g->gchildren, child[j]);
      if (g->gchildren->len - g->gchild_off[v] > 1)
        g_qsort_with_data ((guint32 *)g->gchildren->data + g->gchild_off[v],
                           g->gchildren->len - g->gchild_off[v], sizeof (guint32), cmp_new, g->child_gain);
    }
  g->gchild_off[nn] = g->gchildren->len;
  if (g->growing->len > 1)
    g_qsort_with_data (g->growing->data, g->growing->len, sizeof (guint32), cmp_new, g->new_objects);
  return TRUE;
}
