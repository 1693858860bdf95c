/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-checksum.c: the checksum of an index file's sections and header
 * (docs/index.md, "File format"). Four independent lanes of 64-bit
 * multiply-xor-rotate-multiply over 8-byte little-endian words, 32 bytes
 * a round, merged and finished with the length and the tail; not a
 * cryptographic hash (an index is a cache: it guards against cut and
 * damaged files, not against someone forging one, who could as well
 * write a wrong index with right sums). Runs at memory speed. */
#include "config.h"

#include <string.h>

#include "hs-index-file.h"
#include "hs-index-file-private.h"

#define P1 G_GUINT64_CONSTANT (0x9E3779B185EBCA87)
#define P2 G_GUINT64_CONSTANT (0xC2B2AE3D27D4EB4F)
#define P3 G_GUINT64_CONSTANT (0x165667B19E3779F9)
#define P4 G_GUINT64_CONSTANT (0x85EBCA77C2B2AE63)
#define P5 G_GUINT64_CONSTANT (0x27D4EB2F165667C5)
/* The seeds of a chunked section's combination and of the header's. */
#define SEED_CHUNKS G_GUINT64_CONSTANT (0x63686b73)
#define SEED_HEADER G_GUINT64_CONSTANT (0x68656164)

static inline guint64
rotl (guint64 x, int r)
{
  return (x << r) | (x >> (64 - r));
}

static inline guint64
load64 (const guint8 *p)
{
  guint64 v;

  memcpy (&v, p, 8);
  return GUINT64_FROM_LE (v);
}

static inline guint64
lane_round (guint64 v, guint64 w)
{
  return rotl (v ^ (w * P2), 31) * P1;
}

void
hs_index_hasher_init (HsIndexHasher *h, guint64 seed)
{
  h->v[0] = seed ^ P1;
  h->v[1] = seed ^ P2;
  h->v[2] = seed ^ P3;
  h->v[3] = seed ^ P4;
}

void
hs_index_hasher_stripes (HsIndexHasher *h, const guint8 *p, gsize n_stripes)
{
  guint64 v0 = h->v[0], v1 = h->v[1], v2 = h->v[2], v3 = h->v[3];

  for (gsize i = 0; i < n_stripes; i++, p += HS_INDEX_STRIPE)
    {
      v0 = lane_round (v0, load64 (p));
      v1 = lane_round (v1, load64 (p + 8));
      v2 = lane_round (v2, load64 (p + 16));
      v3 = lane_round (v3, load64 (p + 24));
    }
  h->v[0] = v0;
  h->v[1] = v1;
  h->v[2] = v2;
  h->v[3] = v3;
}

guint64
hs_index_hasher_finish (HsIndexHasher *h, const guint8 *tail, gsize tail_len, guint64 total_len)
{
  guint64 x = rotl (h->v[0], 1) + rotl (h->v[1], 7) + rotl (h->v[2], 12) + rotl (h->v[3], 18);

  for (int i = 0; i < 4; i++)
    x = (x ^ lane_round (0, h->v[i])) * P1 + P4;
  x += total_len * P5;
  for (; tail_len >= 8; tail += 8, tail_len -= 8)
    x = rotl (x ^ lane_round (0, load64 (tail)), 27) * P1 + P4;
  if (tail_len > 0)
    {
      guint8 last[8] = { 0 };

      memcpy (last, tail, tail_len);
      x = rotl (x ^ (load64 (last) * P5), 23) * P2 + P3;
    }
  x ^= x >> 33;
  x *= P2;
  x ^= x >> 29;
  x *= P3;
  x ^= x >> 32;
  return x;
}

static guint64
block_seeded (const guint8 *p, guint64 len, guint64 seed)
{
  HsIndexHasher h;
  guint64 n = len / HS_INDEX_STRIPE;

  if (len == 0)
    p = (const guint8 *)""; /* no arithmetic on NULL */
  hs_index_hasher_init (&h, seed);
  hs_index_hasher_stripes (&h, p, n);
  return hs_index_hasher_finish (&h, p + n * HS_INDEX_STRIPE, len % HS_INDEX_STRIPE, len);
}

guint64
hs_index_checksum_block (gconstpointer data, guint64 len)
{
  return block_seeded (data, len, 0);
}

/* The words' checksum, each as 8 little-endian bytes. */
static guint64
words_checksum (const guint64 *w, guint64 n, guint64 seed)
{
  HsIndexHasher h;
  guint8 buf[HS_INDEX_STRIPE];
  guint64 i = 0;

  hs_index_hasher_init (&h, seed);
  for (; i + 4 <= n; i += 4)
    {
      for (int k = 0; k < 4; k++)
        {
          guint64 le = GUINT64_TO_LE (w[i + k]);
          memcpy (buf + 8 * k, &le, 8);
        }
      hs_index_hasher_stripes (&h, buf, 1);
    }
  for (guint64 k = 0; i + k < n; k++)
    {
      guint64 le = GUINT64_TO_LE (w[i + k]);
      memcpy (buf + 8 * k, &le, 8);
    }
  return hs_index_hasher_finish (&h, buf, (gsize)(8 * (n - i)), 8 * n);
}

guint64
hs_index_checksum_combine (const guint64 *chunk_sums, guint64 n, guint64 len)
{
  return words_checksum (chunk_sums, n, SEED_CHUNKS ^ len);
}

guint64
hs_index_header_checksum (const guint8 *header, const guint8 *table, gsize table_len)
{
  guint64 both[2] = { hs_index_checksum_block (header, HS_INDEX_OFF_CHECKSUM),
                      hs_index_checksum_block (table, table_len) };

  return words_checksum (both, 2, SEED_HEADER);
}

guint64
hs_index_checksum (gconstpointer data, guint64 len)
{
  const guint8 *p = data;

  if (len <= HS_INDEX_CHUNKED_ABOVE)
    return hs_index_checksum_block (p, len);
  guint64 n = (len + HS_INDEX_CHUNK - 1) / HS_INDEX_CHUNK;
  g_autofree guint64 *sums = g_new (guint64, n);
  for (guint64 i = 0; i < n; i++)
    sums[i]
        = hs_index_checksum_block (p + i * HS_INDEX_CHUNK, MIN (HS_INDEX_CHUNK, len - i * HS_INDEX_CHUNK));
  return hs_index_checksum_combine (sums, n, len);
}
