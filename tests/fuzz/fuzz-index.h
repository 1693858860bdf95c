/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-index.h: the index reader's target (fuzz-index.c) and its seeds
 * (fuzz-index-seeds.c). */
#pragma once

#include <glib.h>

#include "hs-index-file.h"

/* The identity the seeds are written with, and mode bit 1 expects. */
extern const HsIndexIdentity hs_fuzz_index_seed_identity;

/* The first byte of data chooses how the rest is read (fuzz-index.c);
 * aborts on a broken promise. TRUE when the rest opened as an index. */
gboolean hs_fuzz_index_one (const guint8 *data, gsize size);
/* The seeds, each with its outcome (HsFuzzSeed, fuzz-target.h). */
GPtrArray *hs_fuzz_index_seeds (void);
