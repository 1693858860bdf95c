/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-offsets.c: the objects' sub-record offsets in about 2 bytes each
 * (hs_heap_off in hs-heap-private.h reads them).
 *
 * The sub-record pass writes the offsets packed (heap->offs: off_width
 * bytes each, 4 below 4 GiB files, 5 below 1 TiB) and the index sorts them
 * by id. Objects sorted by id are nearly in file order (HotSpot writes a few
 * hundred ascending runs, the C generator one), so the objects of a block of
 * HS_OFF_BLOCK consecutive indices lie close together in the file: here
 * each block keeps its first object's offset (off_base, 8 bytes) and each
 * object a 16-bit distance from it (off_delta). An object that does not fit
 * (before the block's first, or 65,472 bytes or more after it: past a big
 * array, across runs) is an escape: its value is HS_OFF_DIRECT + j, the
 * block's j-th escape, whose offset is off_esc[off_esc_first[block] + j].
 * A read is one add (two loads) either way.
 *
 * 2 + 12 / 128 bytes an object plus 8 per escape (bench-10m: 0.02 % of
 * the objects; the corpus dumps 0.4 to 8 %). Where escapes would make that
 * more than the packed form, the packed form stays (off_delta NULL). With
 * 128 a block, the base array of 10 M objects (0.6 MiB) stays in the
 * cache: a random read costs about what the packed form's did. */
#include "config.h"

#include <string.h>

#include "hs-heap-load-private.h"
#include "hs-mem.h"

/* Back to the packed form, in place, for the first n_done objects (the rest
 * were never encoded): back to front, as each object's w bytes lie at or
 * after its 2 (w >= 4). */
static void
unpack_prefix (HsHeap *heap, guint8 *buf, guint64 n_done, const guint64 *base, const guint32 *esc_first,
               const guint64 *esc)
{
  const guint16 *d = (const guint16 *)buf;
  guint w = heap->off_width;
  for (guint64 i = n_done; i-- > 0;)
    {
      guint v = d[i];
      guint64 b = i >> HS_OFF_BLOCK_SHIFT;
      guint64 off = v < HS_OFF_DIRECT ? base[b] + v : esc[esc_first[b] + (v - HS_OFF_DIRECT)];
      hs_offs_put (buf, i, w, off);
    }
}

void
_hs_heap_compact_offsets (HsHeap *heap)
{
  guint64 n = heap->n;
  guint w = heap->off_width;
  guint64 mask = heap->off_mask;
  guint8 *buf = heap->offs;
  if (!buf || n == 0 || n >= G_MAXUINT32 || w < 4)
    return;
  guint64 nb = (n + HS_OFF_BLOCK - 1) >> HS_OFF_BLOCK_SHIFT;
  /* What the packed form costs; past it (escapes), the packed form stays. */
  guint64 packed_bytes = n * w;
  guint64 fixed = 2 * n + nb * (sizeof (guint64) + sizeof (guint32));
  guint64 max_esc = packed_bytes > fixed ? (packed_bytes - fixed) / sizeof (guint64) : 0;
  guint64 *base = hs_mem_new (guint64, nb);
  guint32 *esc_first = hs_mem_new (guint32, nb + 1);
  guint64 esc_cap = 256, n_esc = 0;
  guint64 *esc = g_new (guint64, esc_cap);
  guint16 *d = (guint16 *)buf;
  guint64 i = 0;
  gboolean fits = TRUE;

  /* In place, front to back: object i's 2 bytes land at 2 i, below the
   * w i >= 4 i still to be read (i = 0: read before written). */
  for (guint64 b = 0; b < nb && fits; b++)
    {
      guint64 end = MIN (n, i + HS_OFF_BLOCK);
      guint64 b0 = hs_offs_get (buf, i, w, mask);
      base[b] = b0;
      esc_first[b] = (guint32)n_esc;
      guint j = 0;
      for (; i < end; i++)
        {
          guint64 off = hs_offs_get (buf, i, w, mask);
          guint64 delta = off - b0; /* wraps when off < b0: then too big */
          if (G_LIKELY (delta < HS_OFF_DIRECT))
            {
              d[i] = (guint16)delta;
              continue;
            }
          if (n_esc == max_esc)
            {
              /* Not worth it: the objects before i back as they were. */
              fits = FALSE;
              break;
            }
          if (n_esc == esc_cap)
            {
              esc_cap *= 2;
              esc = g_renew (guint64, esc, esc_cap);
            }
          esc[n_esc++] = off;
          d[i] = (guint16)(HS_OFF_DIRECT + j++);
        }
    }
  if (!fits)
    {
      /* i's block was being encoded: its first objects too. */
      unpack_prefix (heap, buf, i, base, esc_first, esc);
      hs_mem_free (base);
      hs_mem_free (esc_first);
      g_free (esc);
      return;
    }
  esc_first[nb] = (guint32)n_esc;
  /* The tail goes back (no copy: the block shrinks in place). */
  heap->off_delta = hs_mem_realloc (g_steal_pointer (&heap->offs), n * sizeof (guint16));
  heap->off_base = base;
  heap->off_esc_first = esc_first;
  heap->off_esc = g_renew (guint64, esc, MAX (n_esc, (guint64)1));
  heap->n_off_esc = n_esc;
}
