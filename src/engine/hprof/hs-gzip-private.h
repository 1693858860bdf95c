/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-gzip-private.h: inflating a gzip-compressed dump (jcmd -gz, gzip) into
 * a temporary file, for the loader (hs-heap.c). */
#pragma once

#include "hs-types.h"

G_BEGIN_DECLS

/* Inflates every gzip member of in (jcmd -gz writes one per 1 MiB block)
 * into an unlinked temporary file in g_get_tmp_dir () (never beside the
 * dump), and maps it: the data costs page cache, not the process's heap.
 * No compression ratio is refused (a dump of zeroed arrays compresses
 * 1,000:1): what bounds it is the room in the temporary folder, read
 * again every 4 MiB of output (and on tmpfs half the available memory),
 * and cancellable, polled as often. The records are followed as they
 * come out: one that no HPROF writer writes (tag 0, as zeros after a
 * header read) stops the inflating at once with an HS_ERROR_FORMAT naming
 * its offset in the uncompressed data. A truncated stream keeps what was
 * inflated and sets *truncated. Reports the phase "decompressing" (the
 * fraction of the compressed data read) followed each time by "bytes:N",
 * the bytes inflated so far (hs-types.h). NULL with error set on corrupt
 * data, more than the temporary folder has room for (HS_ERROR_NO_MEMORY,
 * naming the folder and its room), a failed write or map, or
 * cancellation (G_IO_ERROR_CANCELLED); NULL without error and *out_len 0
 * when the stream holds no data. name is used in messages. */
GMappedFile *hs_gzip_inflate_to_file (const guint8 *in, gsize in_len, gsize *out_len, gboolean *truncated,
                                      const char *name, HsProgressFunc progress, gpointer progress_data,
                                      GCancellable *cancellable, GError **error);

G_END_DECLS
