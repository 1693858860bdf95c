/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-leaks.c: the leak search's target (fuzz-target.h): bytes read as
 * a heap description, written as a valid dump (fuzz-leaks-one.c). Its
 * seeds are a fixed pseudo-random sequence of 300 inputs, so that every
 * build runs the search's invariants on a few hundred heaps; the driver
 * (test fuzz-leaks) runs them and the kept inputs (regressions/leaks-*);
 * its libFuzzer build fuzz-leaks (HS_FUZZ_TARGET=leaks build-aux/fuzz.sh). */
#include "config.h"

#include "fuzz-leaks-one.h"
#include "fuzz-target.h"

static GPtrArray *
seeds (void)
{
  GPtrArray *out = hs_fuzz_seeds_new ();
  GRand *rand = g_rand_new_with_seed (20);

  for (int i = 0; i < 300; i++)
    {
      guint len = g_rand_int_range (rand, 1, 1200);
      g_autofree guint8 *data = g_malloc (len);
      for (guint k = 0; k < len; k++)
        data[k] = g_rand_int_range (rand, 0, 256);
      if (i % 10 == 0 && len > 2)
        data[1] = 2 + i % 5; /* long chains now and then: abridged traces */
      hs_fuzz_seed_add (out, g_strdup_printf ("leaks-seed-%03d", i), data, len, HS_FUZZ_EXPECT_ANY);
    }
  g_rand_free (rand);
  return out;
}

const HsFuzzTarget hs_fuzz_target = {
  .prefix = "leaks-",
  .yes = "searched",
  .no = "not searched",
  .run = hs_fuzz_leaks_one,
  .seeds = seeds,
};
