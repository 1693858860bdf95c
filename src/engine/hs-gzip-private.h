/* hs-gzip-private.h: inflating a gzip-compressed dump (jcmd -gz, gzip) into
 * memory, for the loader (hs-heap.c). */
#pragma once

#include "hs-types.h"

G_BEGIN_DECLS

/* No heap dump compresses better than this (docs/robustness.md): sparse
 * dumps of mostly zero arrays reach 20-60:1; deflate's ceiling is ~1,032:1,
 * which is what a gzip bomb uses. Up to HS_GZIP_RATIO_FLOOR bytes of
 * output are always allowed (tiny files). */
#define HS_GZIP_MAX_RATIO 256
#define HS_GZIP_RATIO_FLOOR ((guint64) 64 << 20)

/* Inflates every gzip member of in (jcmd -gz writes one per 1 MiB block).
 * A truncated stream keeps what was inflated and sets *truncated. Reports
 * "reading" progress and polls cancellable. NULL with error set on corrupt
 * data, a ratio past HS_GZIP_MAX_RATIO, more than the available memory or
 * cancellation; name is used in messages. */
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
