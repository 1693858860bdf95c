/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-target.h: what a fuzz target is to the two programs that run it:
 * the libFuzzer entry point (fuzz-libfuzzer.c, -Dfuzzing=true) and the
 * plain driver that replays kept inputs and seeds in every build
 * (fuzz-driver.c). Each target defines hs_fuzz_target in its own source
 * (fuzz-heap.c, fuzz-leaks.c, fuzz-oql.c, fuzz-index.c,
 * fuzz-index-dump.c); both programs are linked with exactly one. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a seed must do when run: anything but a crash, or run yields
 * TRUE (opened, read, loaded), or FALSE. */
typedef enum
{
  HS_FUZZ_EXPECT_ANY,
  HS_FUZZ_EXPECT_TRUE,
  HS_FUZZ_EXPECT_FALSE,
} HsFuzzExpect;

typedef struct
{
  char *name;
  GBytes *bytes;
  HsFuzzExpect expect;
} HsFuzzSeed;

typedef struct
{
  /* In folders, only files whose name starts so (other targets' inputs
   * share regressions/); NULL: every file but hidden ones and *.md. */
  const char *prefix;
  /* How run's answers are printed: "loaded" and "rejected"... */
  const char *yes, *no;
  /* Once, before any input (may be NULL). */
  void (*init) (void);
  /* One input; aborts (or trips a sanitizer) on a broken promise. */
  gboolean (*run) (const guint8 *data, gsize len);
  /* Inputs of its own, made by this build, run before the given ones and
   * written out by --write-seeds (may be NULL): a GPtrArray of
   * HsFuzzSeed, freed with hs_fuzz_seed_free. */
  GPtrArray *(*seeds) (void);
} HsFuzzTarget;

extern const HsFuzzTarget hs_fuzz_target;

/* A new list of seeds, and a seed added to it (name taken, bytes copied). */
GPtrArray *hs_fuzz_seeds_new (void);
void hs_fuzz_seed_add (GPtrArray *seeds, char *name, const guint8 *data, gsize len, HsFuzzExpect expect);
void hs_fuzz_seed_free (HsFuzzSeed *seed);

/* data copied to end at most 7 bytes before an inaccessible page, at an
 * 8-byte aligned address (as a mapping is), so that a read past its end
 * crashes in any build, not only under AddressSanitizer; freed with
 * hs_fuzz_guarded_free. Aborts when the pages cannot be had. */
typedef struct
{
  guint8 *bytes;
  gpointer map;
  gsize map_len;
} HsFuzzGuarded;

void hs_fuzz_guarded_copy (HsFuzzGuarded *g, const guint8 *data, gsize len);
void hs_fuzz_guarded_free (HsFuzzGuarded *g);

G_END_DECLS
