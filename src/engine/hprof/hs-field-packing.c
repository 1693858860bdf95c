/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-field-packing.c: HotSpot's field placement since JDK 15, on gaps
 * (see the header). Time: per field, one scan of at most
 * HS_FIELD_MAX_HOLES gaps while they take fields; once no gap takes a
 * field of some size, the rest of that size go to the end at once, so a
 * class of 65535 fields costs no more than its gaps allow. */
#include "config.h"

#include <string.h>

#include "hs-field-packing.h"

typedef struct
{
  HsFieldHole h[HS_FIELD_MAX_HOLES];
  guint n;
  guint64 end;
} Layout;

static guint64
pad_to (guint64 off, guint64 a)
{
  return off % a ? a - off % a : 0;
}

/* Adds a gap at index i (kept by offset); dropped past the cap. */
static void
add_hole (Layout *l, guint i, guint64 offset, guint64 size)
{
  if (size == 0 || l->n == HS_FIELD_MAX_HOLES || offset > G_MAXUINT32 || size > G_MAXUINT32)
    return;
  memmove (&l->h[i + 1], &l->h[i], (l->n - i) * sizeof l->h[0]);
  l->h[i].offset = (guint32)offset;
  l->h[i].size = (guint32)size;
  l->n++;
}

/* The smallest gap that takes a field of s bytes aligned to s; of equal
 * ones the last (HotSpot searches from the end and keeps a strictly
 * smaller one). -1 when none does. */
static int
best_hole (const Layout *l, guint64 s)
{
  int best = -1;
  for (int i = (int)l->n - 1; i >= 0; i--)
    if (l->h[i].size >= s + pad_to (l->h[i].offset, s) && (best < 0 || l->h[i].size < l->h[best].size))
      best = i;
  return best;
}

/* Puts a field of s bytes into gap i: the padding before it stays a gap,
 * and so does what is left after it. */
static void
fill_hole (Layout *l, int i, guint64 s)
{
  HsFieldHole h = l->h[i];
  guint64 pad = pad_to (h.offset, s);
  memmove (&l->h[i], &l->h[i + 1], (l->n - i - 1) * sizeof l->h[0]);
  l->n--;
  add_hole (l, (guint)i, h.offset + pad + s, h.size - pad - s);
  add_hole (l, (guint)i, h.offset, pad);
}

/* k fields of s bytes at the end. */
static void
append (Layout *l, guint64 k, guint64 s)
{
  guint64 pad = pad_to (l->end, s);
  add_hole (l, l->n, l->end, pad);
  l->end += pad + k * s;
}

/* One group of k fields of s bytes: each in the best gap, until a search
 * fails; then the rest at the end. */
static void
place (Layout *l, guint64 k, guint64 s)
{
  while (k > 0)
    {
      int i = best_hole (l, s);
      if (i < 0)
        {
          append (l, k, s);
          return;
        }
      fill_hole (l, i, s);
      k--;
    }
}

guint64
hs_field_pack (const HsFieldHole *holes, guint n_holes, guint64 end, const guint64 counts[4], guint64 n_refs,
               guint ref_size, GArray *out)
{
  Layout l;
  l.n = MIN (n_holes, (guint)HS_FIELD_MAX_HOLES);
  if (l.n > 0) /* holes is NULL when there are none */
    memcpy (l.h, holes, l.n * sizeof l.h[0]);
  l.end = end;
  /* The primitives, biggest first, are one group and the references
   * another: HotSpot's search shortcut does not carry from one to the other. */
  for (guint k = 0; k < 4; k++)
    place (&l, counts[k], 8u >> k);
  place (&l, n_refs, ref_size);
  g_array_append_vals (out, l.h, l.n);
  return l.end;
}
