/* hs-gzip.c: inflating a gzip-compressed dump into memory (see
 * hs-gzip-private.h). */
#include "config.h"

#include <zlib.h>

#include "hs-gzip-private.h"

/* Inflates every gzip member (jcmd -gz writes one per 1 MiB block). */
guint8 *
hs_gzip_inflate (const guint8 *in, gsize in_len, gsize *out_len, gboolean *truncated,
                 const char *name, HsProgressFunc progress, gpointer progress_data,
                 GCancellable *cancellable, GError **error)
{
  z_stream zs = { 0 };
  gsize cap = MAX (in_len * 4, (gsize) 1 << 20), used = 0;
  guint8 *out = g_try_malloc (cap);
  int ret;

  if (!out) {
    g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY, "%s: cannot allocate %" G_GSIZE_FORMAT " bytes to decompress", name, cap);
    return NULL;
  }
  if (inflateInit2 (&zs, 16 + MAX_WBITS) != Z_OK) {
    g_free (out);
    g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: zlib init failed", name);
    return NULL;
  }
  zs.next_in = (Bytef *) in;
  zs.avail_in = 0;
  gsize consumed = 0;
  guint iter = 0;
  for (;;) {
    if (zs.avail_in == 0) {
      gsize chunk = MIN (in_len - consumed, (gsize) G_MAXUINT32 / 2);
      zs.next_in = (Bytef *) in + consumed;
      zs.avail_in = (uInt) chunk;
      consumed += chunk;
    }
    if (cap - used < (1 << 20)) {
      gsize ncap = cap * 2;
      guint8 *n = g_try_realloc (out, ncap);
      if (!n) {
        inflateEnd (&zs);
        g_free (out);
        g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY, "%s: out of memory decompressing (needs more than %" G_GSIZE_FORMAT " bytes)", name, cap);
        return NULL;
      }
      out = n;
      cap = ncap;
    }
    zs.next_out = out + used;
    zs.avail_out = (uInt) MIN (cap - used, (gsize) G_MAXUINT32 / 2);
    uInt before = zs.avail_out;
    ret = inflate (&zs, Z_NO_FLUSH);
    used += before - zs.avail_out;
    if (ret == Z_STREAM_END) {
      gsize pos = consumed - zs.avail_in;
      /* Another member follows? Skip padding zeros some writers leave. */
      while (pos < in_len && in[pos] == 0)
        pos++;
      if (pos + 2 <= in_len && in[pos] == 0x1f && in[pos + 1] == 0x8b) {
        inflateReset (&zs);
        consumed = pos;
        zs.avail_in = 0;
        continue;
      }
      break;
    }
    if (ret == Z_BUF_ERROR && zs.avail_in == 0 && consumed >= in_len) {
      /* Truncated gzip: keep what was inflated, and say so. */
      *truncated = TRUE;
      break;
    }
    if (ret != Z_OK && ret != Z_BUF_ERROR) {
      gsize pos = consumed - zs.avail_in;
      inflateEnd (&zs);
      g_free (out);
      g_set_error (error, HS_ERROR, HS_ERROR_FORMAT, "%s: corrupt gzip data near compressed byte offset %" G_GSIZE_FORMAT ": %s",
                   name, pos, zs.msg ? zs.msg : "inflate error");
      return NULL;
    }
    if ((++iter & 63) == 0) {
      if (progress)
        progress ("reading", CLAMP ((double) consumed / (double) in_len, 0.0, 1.0), progress_data);
      if (g_cancellable_is_cancelled (cancellable)) {
        inflateEnd (&zs);
        g_free (out);
        g_cancellable_set_error_if_cancelled (cancellable, error);
        return NULL;
      }
    }
  }
  inflateEnd (&zs);
  *out_len = used;
  return out;
}
