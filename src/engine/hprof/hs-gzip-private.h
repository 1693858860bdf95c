/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-gzip-private.h: inflating a gzip-compressed dump (jcmd -gz, gzip) into
 * a temporary file, for the loader (hs-heap.c). */
#pragma once

#include "hs-types.h"

G_BEGIN_DECLS

/* No heap dump compresses better than this (docs/robustness.md): the
 * corpus, the sample and the generated dumps compress 3.3-4.9:1 (gzip -6,
 * jcmd -gz); only a dump that is 97% zero arrays reaches 100:1 (zeros
 * compress 1,030:1, the rest about 4:1). Deflate's ceiling of 1,032:1 is
 * what a gzip bomb uses: refusing it takes inflating 100 times its size
 * (about 2 s of CPU for 10 MB). Up to HS_GZIP_RATIO_FLOOR bytes of output
 * are always allowed (tiny files). */
#define HS_GZIP_MAX_RATIO 100
#define HS_GZIP_RATIO_FLOOR ((guint64)64 << 20)

/* Inflates every gzip member of in (jcmd -gz writes one per 1 MiB block)
 * into an unlinked temporary file in g_get_tmp_dir () (never beside the
 * dump), and maps it: the data costs page cache, not the process's heap.
 * A truncated stream keeps what was inflated and sets *truncated. Past
 * HS_GZIP_RATIO_FLOOR of output at a ratio over HS_GZIP_MAX_RATIO so far,
 * nothing more is written until the end shows the whole ratio (a bomb is
 * refused without filling the disk; a genuine, mostly-zero dump is then
 * inflated again). Reports "reading" progress and polls cancellable. NULL
 * with error set on corrupt data, a ratio past HS_GZIP_MAX_RATIO, more
 * than the temporary folder has room for (and on tmpfs half the available
 * memory), a failed write or map, or cancellation; NULL without error and
 * *out_len 0 when the stream holds no data. name is used in messages. */
GMappedFile *hs_gzip_inflate_to_file (const guint8 *in, gsize in_len, gsize *out_len, gboolean *truncated,
                                      const char *name, HsProgressFunc progress, gpointer progress_data,
                                      GCancellable *cancellable, GError **error);

G_END_DECLS
