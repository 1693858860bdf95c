/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-waste-hash.c: the waste finders' keyed hash (SipHash-2-4, and
 * SipHash-1-3 with 128 bits for the strings) and the sort that groups
 * equal hashes. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hs-waste-private.h"
#include "hs-siphash-private.h"

/* --- SipHash-2-4 ------------------------------------------------------------ */

#define SIPROUND(s) HS_SIPROUND ((s)->v0, (s)->v1, (s)->v2, (s)->v3)

void
hs_sip_init (HsSip *s, const guint64 key[2])
{
  s->v0 = key[0] ^ G_GUINT64_CONSTANT (0x736f6d6570736575);
  s->v1 = key[1] ^ G_GUINT64_CONSTANT (0x646f72616e646f6d);
  s->v2 = key[0] ^ G_GUINT64_CONSTANT (0x6c7967656e657261);
  s->v3 = key[1] ^ G_GUINT64_CONSTANT (0x7465646279746573);
  s->tail = 0;
  s->ntail = 0;
  s->total = 0;
}

/* One message word through c compression rounds. */
static inline void
sip_word (HsSip *s, guint64 m, guint c)
{
  s->v3 ^= m;
  for (guint i = 0; i < c; i++)
    SIPROUND (s);
  s->v0 ^= m;
}

/* The bytes, c rounds a word; a partial word waits in tail. */
static inline void
sip_absorb (HsSip *s, const guint8 *p, gsize n, guint c)
{
  s->total += n;
  while (n > 0 && s->ntail > 0)
    {
      s->tail |= (guint64)*p++ << (8 * s->ntail);
      n--;
      if (++s->ntail == 8)
        {
          sip_word (s, s->tail, c);
          s->tail = 0;
          s->ntail = 0;
        }
    }
  for (; n >= 8; n -= 8, p += 8)
    {
      guint64 m;
      memcpy (&m, p, 8);
      sip_word (s, GUINT64_FROM_LE (m), c);
    }
  for (; n > 0; n--)
    s->tail |= (guint64)*p++ << (8 * s->ntail++);
}

/* The last word (the length in its top byte), then d rounds after each
 * finalisation constant: one output word (0xff), or two (0xee, 0xdd). */
static inline guint64
sip_finish (HsSip *s, guint c, guint d, guint8 flag)
{
  sip_word (s, s->tail | (s->total << 56), c);
  s->v2 ^= flag;
  for (guint i = 0; i < d; i++)
    SIPROUND (s);
  return s->v0 ^ s->v1 ^ s->v2 ^ s->v3;
}

void
hs_sip_bytes (HsSip *s, const guint8 *p, gsize n)
{
  sip_absorb (s, p, n, 2);
}

guint64
hs_sip_final (HsSip *s)
{
  return sip_finish (s, 2, 4, 0xff);
}

void
hs_sip_init128 (HsSip *s, const guint64 key[2])
{
  hs_sip_init (s, key);
  s->v1 ^= 0xee;
}

/* SipHash-1-3 (one compression round per word, three final ones), the
 * 128-bit output: the strings hash millions of short values, for which the
 * rounds are most of the cost. */
void
hs_sip13_bytes (HsSip *s, const guint8 *p, gsize n)
{
  sip_absorb (s, p, n, 1);
}

void
hs_sip13_final128 (HsSip *s, guint64 out[2])
{
  out[0] = sip_finish (s, 1, 3, 0xee);
  s->v1 ^= 0xdd;
  for (guint i = 0; i < 3; i++)
    SIPROUND (s);
  out[1] = s->v0 ^ s->v1 ^ s->v2 ^ s->v3;
}

/* The same hash of n contiguous bytes in one call, the state in
 * registers and the last word read whole or by bytes (never past p + n):
 * what the strings hash for nearly every value. Equal to hs_sip_init128,
 * hs_sip13_bytes (p, n) and hs_sip13_final128. */
void
hs_sip13_128 (const guint64 key[2], const guint8 *p, gsize n, guint64 out[2])
{
  HsSip st, *s = &st;
  hs_sip_init128 (s, key);
  guint64 v0 = s->v0, v1 = s->v1, v2 = s->v2, v3 = s->v3;
  const guint8 *end = p + (n & ~(gsize)7);
#define SIPROUND_V HS_SIPROUND (v0, v1, v2, v3)
  for (; p < end; p += 8)
    {
      guint64 m;
      memcpy (&m, p, 8);
      m = GUINT64_FROM_LE (m);
      v3 ^= m;
      SIPROUND_V;
      v0 ^= m;
    }
  guint64 b = (guint64)n << 56;
  switch (n & 7)
    {
      case 7: b |= (guint64)p[6] << 48; G_GNUC_FALLTHROUGH;
      case 6: b |= (guint64)p[5] << 40; G_GNUC_FALLTHROUGH;
      case 5: b |= (guint64)p[4] << 32; G_GNUC_FALLTHROUGH;
      case 4: b |= (guint64)p[3] << 24; G_GNUC_FALLTHROUGH;
      case 3: b |= (guint64)p[2] << 16; G_GNUC_FALLTHROUGH;
      case 2: b |= (guint64)p[1] << 8; G_GNUC_FALLTHROUGH;
      case 1: b |= (guint64)p[0]; break;
      default: break;
    }
  v3 ^= b;
  SIPROUND_V;
  v0 ^= b;
  v2 ^= 0xee;
  SIPROUND_V;
  SIPROUND_V;
  SIPROUND_V;
  out[0] = v0 ^ v1 ^ v2 ^ v3;
  v1 ^= 0xdd;
  SIPROUND_V;
  SIPROUND_V;
  SIPROUND_V;
  out[1] = v0 ^ v1 ^ v2 ^ v3;
#undef SIPROUND_V
}

static gint
cmp_hashed (gconstpointer pa, gconstpointer pb)
{
  const HsHashedObj *a = pa, *b = pb;
  if (a->hash != b->hash)
    return a->hash < b->hash ? -1 : 1;
  return a->obj < b->obj ? -1 : a->obj > b->obj;
}

void
hs_hashed_sort (GArray *a)
{
  if (a->len > 1)
    qsort (a->data, a->len, sizeof (HsHashedObj), cmp_hashed);
}
