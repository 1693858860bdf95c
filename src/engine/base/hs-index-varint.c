/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-varint.c: variable-length 32-bit values (hs-index-varint.h). */
#include "config.h"

#include "hs-index-varint.h"

void
hs_varint_put (GByteArray *out, guint32 v)
{
  guint8 buf[5];
  guint n = 0;

  while (v >= 0x80)
    {
      buf[n++] = (guint8)(v | 0x80);
      v >>= 7;
    }
  buf[n++] = (guint8)v;
  g_byte_array_append (out, buf, n);
}

void
hs_varint_reader_init (HsVarintReader *r, gconstpointer data, guint64 len)
{
  r->p = data;
  r->end = len > 0 ? r->p + len : r->p;
  r->failed = data == NULL && len > 0;
}
