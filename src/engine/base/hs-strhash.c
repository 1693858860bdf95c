/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-strhash.c: SipHash-1-3 of a NUL-terminated string under a random
 * per-process key (see hs-strhash.h). */
#include "config.h"

#include <string.h>

#include "hs-strhash.h"
#include "hs-siphash-private.h"

static guint64 key0, key1;

static void
key_init (void)
{
  static gsize once = 0;
  if (g_once_init_enter (&once))
    {
      /* GRand seeds itself from /dev/urandom. */
      GRand *r = g_rand_new ();
      key0 = ((guint64)g_rand_int (r) << 32) | g_rand_int (r);
      key1 = ((guint64)g_rand_int (r) << 32) | g_rand_int (r);
      g_rand_free (r);
      g_once_init_leave (&once, 1);
    }
}

#define SIPROUND HS_SIPROUND (v0, v1, v2, v3)

guint
hs_str_hash (gconstpointer key)
{
  const guint8 *s = key;
  gsize len = strlen (key);
  key_init ();
  guint64 v0 = key0 ^ 0x736f6d6570736575ULL, v1 = key1 ^ 0x646f72616e646f6dULL;
  guint64 v2 = key0 ^ 0x6c7967656e657261ULL, v3 = key1 ^ 0x7465646279746573ULL;
  gsize i = 0;
  for (; i + 8 <= len; i += 8)
    {
      guint64 m;
      memcpy (&m, s + i, 8);
      m = GUINT64_FROM_LE (m);
      v3 ^= m;
      SIPROUND;
      v0 ^= m;
    }
  guint64 b = (guint64)len << 56;
  for (gsize k = 0; i + k < len; k++)
    b |= (guint64)s[i + k] << (8 * k);
  v3 ^= b;
  SIPROUND;
  v0 ^= b;
  v2 ^= 0xff;
  SIPROUND;
  SIPROUND;
  SIPROUND;
  guint64 h = v0 ^ v1 ^ v2 ^ v3;
  return (guint)(h ^ (h >> 32));
}
