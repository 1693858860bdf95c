/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dom-preds.c: the predecessor lists of the dominator computation
 * (step 2 of hs-dominators.c), one PredJob per thread: the count pass
 * (labels, list lengths, the bitmap of stored edges) and the fill pass over
 * the marked edges. */
#include "config.h"

#include "hs-dominators-private.h"

/* The fill pass over the marked edges, in source order (so each list keeps
 * source order), through two FIFOs so that the random reads are in flight
 * before they are needed: an edge waits FILL_A edges with pre[] of its
 * target prefetched, then FILL_B with the list's cursor prefetched. */
#define FILL_A 16
#define FILL_B 8

static void
pred_fill (PredJob *job)
{
  const HsGraph *g = job->g;
  const guint64 n = job->n;
  const guint32 *pre = job->pre;
  const guint64 *back = job->back;
  guint32 *off = job->off, *preds = job->preds;
  guint32 a_pv[FILL_A], a_w[FILL_A], b_pv[FILL_B], b_pw[FILL_B];
  guint ha = 0, la = 0, hb = 0, lb = 0; /* heads (oldest) and lengths */

#define FILL_B_POP()                                                                                         \
  G_STMT_START                                                                                               \
  {                                                                                                          \
    guint32 q_ = b_pw[hb];                                                                                   \
    preds[off[q_ + 1]++] = b_pv[hb];                                                                         \
    hb = (hb + 1) % FILL_B;                                                                                  \
    lb--;                                                                                                    \
  }                                                                                                          \
  G_STMT_END
#define FILL_A_POP()                                                                                         \
  G_STMT_START                                                                                               \
  {                                                                                                          \
    guint32 pw_ = pre[a_w[ha]];                                                                              \
    if (lb == FILL_B)                                                                                        \
      FILL_B_POP ();                                                                                         \
    PREFETCH (&off[pw_ + 1]);                                                                                \
    guint tb_ = (hb + lb++) % FILL_B;                                                                        \
    b_pv[tb_] = a_pv[ha];                                                                                    \
    b_pw[tb_] = pw_;                                                                                         \
    ha = (ha + 1) % FILL_A;                                                                                  \
    la--;                                                                                                    \
  }                                                                                                          \
  G_STMT_END

  for (guint64 v = 0; v < n; v++)
    {
      if ((v & POLL_MASK) == 0 && job->cancellable && g_cancellable_is_cancelled (job->cancellable))
        return;
      guint64 sb = hs_graph_slot_begin (g, v), se = hs_graph_slot_end (g, v);
      for (guint64 s = sb; s < se; s++)
        {
          if (!bit_get (back, s))
            continue;
          /* The class column is read only for a marked first slot. */
          HsObj w = hs_graph_slot_target (g, v, sb, s == sb ? hs_graph_first (g, v) : HS_OBJ_NONE, s);
          PREFETCH (&pre[w]);
          if (la == FILL_A)
            FILL_A_POP ();
          guint ta = (ha + la++) % FILL_A;
          a_pv[ta] = pre[v];
          a_w[ta] = w;
        }
    }
  while (la > 0)
    FILL_A_POP ();
  while (lb > 0)
    FILL_B_POP ();
#undef FILL_A_POP
#undef FILL_B_POP
}

gpointer
hs_dom_pred_job (gpointer data)
{
  PredJob *job = data;
  if (job->preds)
    {
      pred_fill (job);
      return NULL;
    }
  const HsGraph *g = job->g;
  const guint64 n = job->n, m_end = hs_graph_n_stored (g);
  const guint32 *pre = job->pre;
  const guint64 *is_root = job->is_root;
  guint32 *label = job->label;
  guint32 *off = job->off;
  guint64 *back = job->back;
  const HsObj wlo = job->wlo, whi = job->whi;

  for (guint64 v = 0; v < n; v++)
    {
      guint32 pv = pre[v];
      if ((v & POLL_MASK) == 0 && job->cancellable && g_cancellable_is_cancelled (job->cancellable))
        return NULL;
      if (pv == 0)
        continue;
      /* Over v's slots (hs-graph.h): its implicit edge, then the stored
       * ones (slot s is stored edge s - v - 1). */
      guint64 sb = hs_graph_slot_begin (g, v), se = hs_graph_slot_end (g, v);
      HsObj first = hs_graph_first (g, v);
      for (guint64 s = sb; s < se; s++)
        {
          HsObj w = hs_graph_slot_target (g, v, sb, first, s);
          /* Prefetch across objects (lists average 2-3 entries): pre[] of
           * the target 16 stored edges ahead, then what it will update 8
           * ahead. */
          if (s - v + 15 < m_end)
            {
              HsObj a = hs_graph_target (g, s - v + 15);
              if (a >= wlo && a < whi)
                PREFETCH (&pre[a]);
            }
          if (s - v + 7 < m_end)
            {
              HsObj c = hs_graph_target (g, s - v + 7);
              if (c >= wlo && c < whi)
                PREFETCH (&label[pre[c]]);
            }
          if (w < wlo || w >= whi)
            continue;
          guint32 pw = pre[w];
          if (pv < pw)
            {
              if (pv < label[pw])
                label[pw] = pv;
              continue;
            }
          if (pv == pw || bit_get (is_root, w))
            continue;
          bit_set (back, s);
          if (G_UNLIKELY (++off[pw + 1] == 0))
            job->overflow = TRUE;
        }
    }
  return NULL;
}
