/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-waste-hash.c: the strings' keyed hash (SipHash-1-3, 128 bits,
 * hs-waste-hash.c). The one-call form against known answers worked out by an
 * independent implementation of the SipHash paper's algorithm (whose
 * SipHash-2-4-128 of the empty message under key 00..0f gives the paper's
 * reference vector a3817f04ba25a8e66df67214c7550293), and against the
 * streaming form fed in pieces of every size. */
#include "config.h"

#include <string.h>

#include "hs-waste-private.h"

static const guint64 key[2]
    = { G_GUINT64_CONSTANT (0x0706050403020100), G_GUINT64_CONSTANT (0x0f0e0d0c0b0a0908) };

static void
test_known (void)
{
  static const struct
  {
    guint n;
    guint64 h0, h1;
  } v[] = {
    { 0, G_GUINT64_CONSTANT (0xbea58827b2bc7ee7), G_GUINT64_CONSTANT (0x013030dd6adb62fd) },
    { 1, G_GUINT64_CONSTANT (0xa8edd36004376ffc), G_GUINT64_CONSTANT (0x63f02f2bcc73055e) },
    { 7, G_GUINT64_CONSTANT (0xc3e0aaf223b98410), G_GUINT64_CONSTANT (0x77ab4808c82e2fa6) },
    { 8, G_GUINT64_CONSTANT (0xb4dae3d5e1fe12aa), G_GUINT64_CONSTANT (0x99c7f935ab164f72) },
    { 9, G_GUINT64_CONSTANT (0x9439f32c04b8dd81), G_GUINT64_CONSTANT (0x427c1394000e72f4) },
    { 15, G_GUINT64_CONSTANT (0x6c52bdb205557ec1), G_GUINT64_CONSTANT (0x09017e1eeccd2129) },
    { 16, G_GUINT64_CONSTANT (0xeb8e511557d9a8d0), G_GUINT64_CONSTANT (0x93179e3df8b013b5) },
    { 17, G_GUINT64_CONSTANT (0x8d66bb3ff9264123), G_GUINT64_CONSTANT (0xecf7bdfee8125197) },
    { 63, G_GUINT64_CONSTANT (0x6f42fe4ee300584c), G_GUINT64_CONSTANT (0xad6052a70a6b9f07) },
  };
  guint8 msg[64];
  for (guint i = 0; i < sizeof msg; i++)
    msg[i] = (guint8)i;
  for (guint i = 0; i < G_N_ELEMENTS (v); i++)
    {
      guint64 h[2];
      HsSip s;
      /* At the end of a heap block, so that a read past the message would
       * be caught by ASan. */
      guint8 *p = g_malloc (MAX (v[i].n, 1));
      memcpy (p, msg, v[i].n);
      hs_sip13_128 (key, p, v[i].n, h);
      g_assert_cmphex (h[0], ==, v[i].h0);
      g_assert_cmphex (h[1], ==, v[i].h1);
      hs_sip_init128 (&s, key);
      hs_sip13_bytes (&s, p, v[i].n);
      hs_sip13_final128 (&s, h);
      g_assert_cmphex (h[0], ==, v[i].h0);
      g_assert_cmphex (h[1], ==, v[i].h1);
      g_free (p);
    }
}

static void
test_streaming (void)
{
  guint8 msg[300];
  GRand *r = g_rand_new_with_seed (17);
  for (guint i = 0; i < sizeof msg; i++)
    msg[i] = (guint8)g_rand_int (r);
  for (guint n = 0; n <= sizeof msg; n++)
    for (guint piece = 1; piece <= 9; piece++)
      {
        guint64 a[2], b[2];
        HsSip s;
        hs_sip13_128 (key, msg, n, a);
        hs_sip_init128 (&s, key);
        for (guint at = 0; at < n; at += piece)
          hs_sip13_bytes (&s, msg + at, MIN (piece, n - at));
        hs_sip13_final128 (&s, b);
        g_assert_cmphex (a[0], ==, b[0]);
        g_assert_cmphex (a[1], ==, b[1]);
      }
  g_rand_free (r);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/waste/hash/known", test_known);
  g_test_add_func ("/waste/hash/streaming", test_streaming);
  return g_test_run ();
}
