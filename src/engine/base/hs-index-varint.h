/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-varint.h: 32-bit values in an index section as variable-length
 * integers (docs/index.md, "Compressed sections"): 7 bits a byte, lowest
 * first, the high bit set on every byte but the last; at most 5 bytes, the
 * fifth below 0x10. A signed difference is zigzag-coded first (0, -1, 1,
 * -2 ... as 0, 1, 2, 3 ...), so that small differences either way take
 * one byte. The reader never reads past its end: a value that runs past
 * it, or takes more than 5 bytes or 32 bits, fails the reader, and the
 * caller refuses the section. Engine layer: GLib only. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Appends v to out. */
void hs_varint_put (GByteArray *out, guint32 v);

static inline guint32
hs_varint_zigzag (gint64 d)
{
  return (guint32)(((guint64)d << 1) ^ (guint64)(d >> 63));
}

static inline gint64
hs_varint_unzigzag (guint32 z)
{
  return (gint64)(z >> 1) ^ -(gint64)(z & 1);
}

typedef struct
{
  const guint8 *p, *end;
  gboolean failed;
} HsVarintReader;

void hs_varint_reader_init (HsVarintReader *r, gconstpointer data, guint64 len);

/* The next value, or 0 with r->failed set (and kept) when the bytes end
 * inside it or it is longer than 32 bits. */
static inline guint32
hs_varint_next (HsVarintReader *r)
{
  guint32 v = 0;
  for (guint shift = 0; r->p < r->end; shift += 7)
    {
      guint8 b = *r->p++;
      if (shift == 28 && b > 0x0f)
        break;
      v |= (guint32)(b & 0x7f) << shift;
      if (!(b & 0x80))
        return v;
    }
  r->failed = TRUE;
  r->p = r->end;
  return 0;
}

/* Not failed, and every byte read: a section holds what its counts say
 * and nothing after it. */
static inline gboolean
hs_varint_reader_done (const HsVarintReader *r)
{
  return !r->failed && r->p == r->end;
}

G_END_DECLS
