/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-key.h: what names a dump and the options of its analysis for
 * the persistent index (docs/index.md): the identity a reopen compares,
 * and the cache file name it looks for. Engine layer: GLib only. */
#pragma once

#include "hs-analysis.h"
#include "hs-index-file.h"

G_BEGIN_DECLS

/* The identity of the dump at path: stat (size, mtime, device, inode),
 * the HPROF header's timestamp (0 for a file that has none, a gzip file's
 * too), a hash of sampled blocks (the first and last 64 KiB and 62 blocks
 * of 4 KiB spread evenly between: a rewritten dump of the same size and
 * mtime differs there), and options_hash. Reads about 400 KiB whatever the
 * size of the dump. */
gboolean hs_index_identity_of_dump (const char *path, guint64 options_hash, HsIndexIdentity *out,
                                    GError **error);
/* A hash of the options that change what the analysis finds: the dump
 * number, follow_weak, the leak options (the matcher file's contents, not
 * its name) and the suspects' threshold. A mapping is not in it: names are
 * mapped after an index is read. FALSE when the matcher file cannot be
 * read. */
gboolean hs_index_options_hash (const HsAnalysisOptions *opts, guint64 *out, GError **error);
/* The file name an index of this dump and these options has in the cache:
 * a hash of the absolute path, device, inode and options_hash, ".hsindex". */
char *hs_index_cache_name (const char *path, const HsIndexIdentity *identity);

G_END_DECLS
