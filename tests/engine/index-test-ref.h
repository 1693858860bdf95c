/* SPDX-License-Identifier: GPL-3.0-or-later */
/* index-test-ref.h: the index file's checksum written again from its
 * description in docs/index.md ("File format"), byte by byte and without
 * any of the engine's code, so that the tests check the engine's fast
 * version and the sums in written files against the documented one; and
 * what the tests share to build index files. */
#pragma once

#include <string.h>
#include <glib.h>

#define REF_P1 G_GUINT64_CONSTANT (0x9E3779B185EBCA87)
#define REF_P2 G_GUINT64_CONSTANT (0xC2B2AE3D27D4EB4F)
#define REF_P3 G_GUINT64_CONSTANT (0x165667B19E3779F9)
#define REF_P4 G_GUINT64_CONSTANT (0x85EBCA77C2B2AE63)
#define REF_P5 G_GUINT64_CONSTANT (0x27D4EB2F165667C5)
#define REF_SEED_CHUNKS G_GUINT64_CONSTANT (0x63686b73)
#define REF_SEED_HEADER G_GUINT64_CONSTANT (0x68656164)
#define REF_MiB ((guint64)1 << 20)

static inline guint64
ref_rotl (guint64 x, int r)
{
  return (x << r) | (x >> (64 - r));
}

/* Up to 8 bytes as a little-endian number, missing bytes 0. */
static inline guint64
ref_word (const guint8 *p, guint64 n)
{
  guint64 v = 0;

  for (guint64 i = MIN (n, 8); i-- > 0;)
    v = (v << 8) | p[i];
  return v;
}

static inline guint64
ref_round (guint64 v, guint64 w)
{
  return ref_rotl (v ^ (w * REF_P2), 31) * REF_P1;
}

static inline guint64
ref_block (const guint8 *p, guint64 len, guint64 seed)
{
  guint64 v[4] = { seed ^ REF_P1, seed ^ REF_P2, seed ^ REF_P3, seed ^ REF_P4 };
  guint64 i = 0, x;

  for (; len - i >= 32; i += 32)
    for (int k = 0; k < 4; k++)
      v[k] = ref_round (v[k], ref_word (p + i + 8 * k, 8));
  x = ref_rotl (v[0], 1) + ref_rotl (v[1], 7) + ref_rotl (v[2], 12) + ref_rotl (v[3], 18);
  for (int k = 0; k < 4; k++)
    x = (x ^ ref_round (0, v[k])) * REF_P1 + REF_P4;
  x += len * REF_P5;
  for (; len - i >= 8; i += 8)
    x = ref_rotl (x ^ ref_round (0, ref_word (p + i, 8)), 27) * REF_P1 + REF_P4;
  if (i < len)
    x = ref_rotl (x ^ (ref_word (p + i, len - i) * REF_P5), 23) * REF_P2 + REF_P3;
  x ^= x >> 33;
  x *= REF_P2;
  x ^= x >> 29;
  x *= REF_P3;
  x ^= x >> 32;
  return x;
}

/* The checksum of words, each as 8 little-endian bytes. */
static inline guint64
ref_words (const guint64 *w, guint64 n, guint64 seed)
{
  guint8 *bytes = g_malloc (8 * n + 1);

  for (guint64 i = 0; i < n; i++)
    for (int b = 0; b < 8; b++)
      bytes[8 * i + b] = (guint8)(w[i] >> (8 * b));
  guint64 x = ref_block (bytes, 8 * n, seed);
  g_free (bytes);
  return x;
}

/* A section's checksum: up to 64 MiB the bytes', beyond it that of the
 * sums of its 16 MiB chunks. */
static inline guint64
ref_checksum (const guint8 *p, guint64 len)
{
  if (len <= 64 * REF_MiB)
    return ref_block (p, len, 0);
  guint64 n = (len + 16 * REF_MiB - 1) / (16 * REF_MiB);
  guint64 *sums = g_new (guint64, n);
  for (guint64 i = 0; i < n; i++)
    sums[i] = ref_block (p + i * 16 * REF_MiB, MIN (16 * REF_MiB, len - i * 16 * REF_MiB), 0);
  guint64 x = ref_words (sums, n, REF_SEED_CHUNKS ^ len);
  g_free (sums);
  return x;
}

/* The header's checksum: its first 184 bytes, then the table. */
static inline guint64
ref_header_checksum (const guint8 *header, const guint8 *table, guint64 table_len)
{
  guint64 both[2] = { ref_block (header, 184, 0), ref_block (table, table_len, 0) };

  return ref_words (both, 2, REF_SEED_HEADER);
}

/* Little-endian fields of the header and the table (the machine's order
 * on the machines these tests run on: x86-64, arm64). */
static inline guint32
ref_get32 (const guint8 *p)
{
  return (guint32)ref_word (p, 4);
}

static inline guint64
ref_get64 (const guint8 *p)
{
  return ref_word (p, 8);
}

static inline void
ref_put32 (guint8 *p, guint32 v)
{
  for (int b = 0; b < 4; b++)
    p[b] = (guint8)(v >> (8 * b));
}

static inline void
ref_put64 (guint8 *p, guint64 v)
{
  for (int b = 0; b < 8; b++)
    p[b] = (guint8)(v >> (8 * b));
}
