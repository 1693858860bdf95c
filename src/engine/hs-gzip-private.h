/* hs-gzip-private.h: inflating a gzip-compressed dump (jcmd -gz, gzip) into
 * memory, for the loader (hs-heap.c). */
#pragma once

#include "hs-types.h"

G_BEGIN_DECLS

/* Inflates every gzip member of in (jcmd -gz writes one per 1 MiB block).
 * A truncated stream keeps what was inflated and sets *truncated. Reports
 * "reading" progress and polls cancellable. NULL with error set on corrupt
 * data, lack of memory or cancellation; name is used in messages. */
guint8 *hs_gzip_inflate (const guint8   *in,
                         gsize           in_len,
                         gsize          *out_len,
                         gboolean       *truncated,
                         const char     *name,
                         HsProgressFunc  progress,
                         gpointer        progress_data,
                         GCancellable   *cancellable,
                         GError        **error);

G_END_DECLS
