/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-png.c: a minimal PNG writer: one IHDR, one IDAT (zlib), IEND; every
 * row with filter 0. Enough for bitmaps and their thumbnails. */
#include "config.h"

#include <string.h>
#include <zlib.h>

#include "hs-png.h"

static void
put32 (GByteArray *b, guint32 v)
{
  guint8 p[4] = { v >> 24, v >> 16, v >> 8, v };
  g_byte_array_append (b, p, 4);
}

static void
chunk (GByteArray *b, const char *type, const guint8 *data, gsize len)
{
  put32 (b, (guint32)len);
  gsize start = b->len;
  g_byte_array_append (b, (const guint8 *)type, 4);
  if (len)
    g_byte_array_append (b, data, len);
  uLong crc = crc32 (0L, b->data + start, (uInt)(len + 4));
  put32 (b, (guint32)crc);
}

GBytes *
hs_png_encode_rgba (const guint8 *rgba, guint32 width, guint32 height)
{
  g_return_val_if_fail (rgba != NULL, NULL);
  if (width == 0 || height == 0 || width > G_MAXINT32 / 4 || (guint64)width * height * 4 > G_MAXINT32)
    return NULL;
  gsize row = (gsize)width * 4;
  gsize raw_len = (row + 1) * height;
  guint8 *raw = g_malloc (raw_len);
  for (guint32 y = 0; y < height; y++)
    {
      raw[y * (row + 1)] = 0;
      memcpy (raw + y * (row + 1) + 1, rgba + y * row, row);
    }
  uLongf zlen = compressBound ((uLong)raw_len);
  guint8 *z = g_malloc (zlen);
  if (compress2 (z, &zlen, raw, (uLong)raw_len, 6) != Z_OK)
    {
      g_free (raw);
      g_free (z);
      return NULL;
    }
  g_free (raw);

  GByteArray *b = g_byte_array_sized_new (zlen + 64);
  static const guint8 sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  g_byte_array_append (b, sig, 8);
  guint8 ihdr[13]
      = { width >> 24, width >> 16, width >> 8, width, height >> 24, height >> 16, height >> 8, height, 8,
          6,           0,           0,          0 }; /* 8 bits, RGBA, deflate, filter 0, no interlace */
  chunk (b, "IHDR", ihdr, 13);
  chunk (b, "IDAT", z, zlen);
  chunk (b, "IEND", NULL, 0);
  g_free (z);
  return g_byte_array_free_to_bytes (b);
}
