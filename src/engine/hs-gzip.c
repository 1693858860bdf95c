/* hs-gzip.c: inflating a gzip-compressed dump into memory (see
 * hs-gzip-private.h). */
#include "config.h"

#include <string.h>
#include <zlib.h>

#include "hs-gzip-private.h"

/* Memory the inflated data may take: what /proc/meminfo calls available
 * (0: unknown, then only the allocator says no). */
static guint64
available_memory (void)
{
  g_autofree char *meminfo = NULL;
  if (!g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL))
    return 0;
  const char *m = strstr (meminfo, "MemAvailable:");
  return m ? g_ascii_strtoull (m + 13, NULL, 10) * 1024 : 0;
}

/* Inflates every gzip member (jcmd -gz writes one per 1 MiB block). */
guint8 *
hs_gzip_inflate (const guint8 *in, gsize in_len, gsize *out_len, gboolean *truncated, const char *name,
                 HsProgressFunc progress, gpointer progress_data, GCancellable *cancellable, GError **error)
{
  z_stream zs = { 0 };
  /* Bounds (docs/robustness.md): a ratio no heap dump has, and the memory
   * available; the first is checked as data comes out. */
  guint64 ratio_cap = MAX ((guint64)in_len * HS_GZIP_MAX_RATIO, HS_GZIP_RATIO_FLOOR);
  guint64 mem_cap = available_memory ();
  gsize cap = MIN (MAX (in_len * 4, (gsize)1 << 20), (gsize)ratio_cap), used = 0;
  guint8 *out = g_try_malloc (cap);
  int ret;

  if (!out)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                   "%s: cannot allocate %" G_GSIZE_FORMAT " bytes to decompress", name, cap);
      return NULL;
    }
  if (inflateInit2 (&zs, 16 + MAX_WBITS) != Z_OK)
    {
      g_free (out);
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: zlib init failed", name);
      return NULL;
    }
  zs.next_in = (Bytef *)in;
  zs.avail_in = 0;
  gsize consumed = 0;
  guint iter = 0;
  for (;;)
    {
      if (zs.avail_in == 0)
        {
          gsize chunk = MIN (in_len - consumed, (gsize)G_MAXUINT32 / 2);
          zs.next_in = (Bytef *)in + consumed;
          zs.avail_in = (uInt)chunk;
          consumed += chunk;
        }
      if (used >= ratio_cap)
        {
          inflateEnd (&zs);
          g_free (out);
          g_set_error (error, HS_ERROR, HS_ERROR_FORMAT,
                       "%s: refused: it inflates to more than %u times its %" G_GSIZE_FORMAT
                       " compressed bytes, a compression ratio no heap dump has (a gzip bomb?); "
                       "if it is genuine, decompress it first",
                       name, (guint)HS_GZIP_MAX_RATIO, in_len);
          return NULL;
        }
      if (cap - used < (1 << 20))
        {
          gsize ncap = (gsize)MIN ((guint64)cap * 2, ratio_cap + (1 << 20));
          if (mem_cap && ncap > mem_cap)
            {
              g_autofree char *need = g_format_size (ncap), *have = g_format_size (mem_cap);
              inflateEnd (&zs);
              g_free (out);
              g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                           "%s: decompressing needs more than %s of memory, but only %s is available", name,
                           need, have);
              return NULL;
            }
          guint8 *n = g_try_realloc (out, ncap);
          if (!n)
            {
              inflateEnd (&zs);
              g_free (out);
              g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                           "%s: out of memory decompressing (needs more than %" G_GSIZE_FORMAT " bytes)",
                           name, cap);
              return NULL;
            }
          out = n;
          cap = ncap;
        }
      zs.next_out = out + used;
      zs.avail_out = (uInt)MIN (cap - used, (gsize)G_MAXUINT32 / 2);
      uInt before = zs.avail_out;
      ret = inflate (&zs, Z_NO_FLUSH);
      used += before - zs.avail_out;
      if (ret == Z_STREAM_END)
        {
          gsize pos = consumed - zs.avail_in;
          /* Another member follows? Skip padding zeros some writers leave. */
          while (pos < in_len && in[pos] == 0)
            pos++;
          if (pos + 2 <= in_len && in[pos] == 0x1f && in[pos + 1] == 0x8b)
            {
              inflateReset (&zs);
              consumed = pos;
              zs.avail_in = 0;
              continue;
            }
          break;
        }
      if (ret == Z_BUF_ERROR && zs.avail_in == 0 && consumed >= in_len)
        {
          /* Truncated gzip: keep what was inflated, and say so. */
          *truncated = TRUE;
          break;
        }
      if (ret != Z_OK && ret != Z_BUF_ERROR)
        {
          gsize pos = consumed - zs.avail_in;
          inflateEnd (&zs);
          g_free (out);
          g_set_error (error, HS_ERROR, HS_ERROR_FORMAT,
                       "%s: corrupt gzip data near compressed byte offset %" G_GSIZE_FORMAT ": %s", name, pos,
                       zs.msg ? zs.msg : "inflate error");
          return NULL;
        }
      if ((++iter & 63) == 0)
        {
          if (progress)
            progress ("reading", CLAMP ((double)consumed / (double)in_len, 0.0, 1.0), progress_data);
          if (g_cancellable_is_cancelled (cancellable))
            {
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
