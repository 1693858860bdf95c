/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-index-dump.c: libFuzzer target for reading a dump from an index
 * whose sums were computed again after mutating, as anyone who edits an
 * index can do (docs/index.md): the input is an index of the small dump
 * HS_FUZZ_INDEX_DUMP (index_dump.py), made to pass its sums and its
 * identity check (fuzz-index-sums.c, matched by bytes as --index and the
 * window's Use Index are), then read into an analysis of that dump
 * (hs_index_read): every section's checks against the dump run
 * (hs-heap-persist-check.c, hs-dom-persist.c, the records'). An index
 * refused must say so with an HS_ERROR naming the file; an analysis read
 * from it goes through what the whole-engine target does after its
 * analysis (fuzz-one.c: leak traces, accessors, the top objects, the
 * report), which must never read outside the heap. The file is read from
 * a guarded copy (fuzz-target.h), so that a read past it crashes in any
 * build. The seeds are fuzz-index-dump-seeds.c's; the driver (test
 * fuzz-index-dump) runs them and regressions/dump-index-*. */
#include "config.h"

#include "fuzz-index-dump.h"
#include "fuzz-index-sums.h"
#include "fuzz-one.h"
#include "fuzz-target.h"
#include "hs-index.h"
#include "hs-index-file.h"
#include "hs-index-key.h"
#include "hs-types.h"

#define NAME "fuzz.hsindex"

static void
check (gboolean ok, const char *what)
{
  if (!ok)
    g_error ("broken promise: %s", what);
}

gboolean
hs_fuzz_index_dump_identity (HsIndexIdentity *id)
{
  HsAnalysisOptions opts = { 0 };
  guint64 hash;

  return hs_index_options_hash (&opts, &hash, NULL)
         && hs_index_identity_of_dump (HS_FUZZ_INDEX_DUMP, hash, id, NULL);
}

gboolean
hs_fuzz_index_dump_one (const guint8 *data, gsize len)
{
  static HsIndexIdentity id;
  static gboolean have_id;
  HsAnalysisOptions opts = { 0 };
  HsFuzzGuarded g;
  g_autoptr (GError) error = NULL;
  gboolean opened = FALSE;

  if (!have_id)
    {
      check (hs_fuzz_index_dump_identity (&id), "the dump's identity");
      have_id = TRUE;
    }
  hs_fuzz_guarded_copy (&g, data, len);
  guint8 *b = g.bytes;
  hs_fuzz_index_fix_sums (b, len);

  HsIndexFile *f = hs_index_file_open_bytes (b, len, NAME, &id, HS_INDEX_MATCH_SAME_BYTES, &error);
  if (f == NULL)
    {
      check (error != NULL && error->domain == HS_ERROR && error->code == HS_ERROR_INDEX, "an index error");
      check (g_utf8_validate (error->message, -1, NULL) && g_str_has_prefix (error->message, NAME ": "),
             "a message naming the index");
      goto out;
    }
  HsAnalysis *a = hs_index_read (f, HS_FUZZ_INDEX_DUMP, &opts, NULL, NULL, NULL, &error);
  hs_index_file_unref (f);
  if (a == NULL)
    {
      check (error != NULL && error->domain == HS_ERROR, "an HS_ERROR");
      check (g_utf8_validate (error->message, -1, NULL), "a UTF-8 message");
      goto out;
    }
  check (error == NULL, "no error with an analysis");
  hs_fuzz_one_analysis (a);
  opened = TRUE;
out:
  hs_fuzz_guarded_free (&g);
  return opened;
}

const HsFuzzTarget hs_fuzz_target = {
  .prefix = "dump-index-",
  .yes = "read",
  .no = "refused",
  .run = hs_fuzz_index_dump_one,
  .seeds = hs_fuzz_index_dump_seeds,
};
