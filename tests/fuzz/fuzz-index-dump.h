/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-index-dump.h: one index of the small dump through the reader
 * (fuzz-index-dump.c) and the seeds (fuzz-index-dump-seeds.c). */
#pragma once

#include <glib.h>

#include "hs-index-file.h"

/* The identity of HS_FUZZ_INDEX_DUMP as its index names it (default
 * options); FALSE when it cannot be read. */
gboolean hs_fuzz_index_dump_identity (HsIndexIdentity *id);
/* data is the index file; its sums are made right first. Aborts on a
 * broken promise; TRUE when the dump was read from it. */
gboolean hs_fuzz_index_dump_one (const guint8 *data, gsize len);
/* The seeds (HsFuzzSeed, fuzz-target.h): the index as written first. */
GPtrArray *hs_fuzz_index_dump_seeds (void);
