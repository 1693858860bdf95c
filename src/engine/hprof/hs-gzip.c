/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-gzip.c: inflating a gzip-compressed dump into an unlinked temporary
 * file, mapped (see hs-gzip-private.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/statvfs.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <zlib.h>
#include <glib/gstdio.h>

#include "hs-gzip-private.h"
#include "hs-memory-check.h"
#include "hs-temp-file.h"

#ifndef TMPFS_MAGIC
#define TMPFS_MAGIC 0x01021994
#endif

/* Output is inflated and written in pieces of this size (in the cache). */
#define CHUNK ((gsize)256 << 10)

/* A file in the temporary folder ($TMPDIR or /tmp: never beside the dump),
 * unlinked at once (hs_temp_file_open). */
static int
temp_file (const char *dir, const char *name, GError **error)
{
  int fd = hs_temp_file_open (dir, ".heapscope-gz");
  if (fd < 0)
    {
      int e = errno;
      g_set_error (error, HS_ERROR, HS_ERROR_IO,
                   "%s: cannot make a temporary file in %s to decompress into: %s", name, dir,
                   g_strerror (e));
    }
  return fd;
}

/* How much the temporary folder takes: its free space less a twentieth
 * (the disk is not filled to the last block); on tmpfs, whose pages are
 * memory, also at most half the available memory (the rest is for the
 * analysis). 0: unknown. */
static guint64
space_for_output (int fd)
{
  struct statvfs sv;
  struct statfs sf;
  guint64 cap = 0;
  if (fstatvfs (fd, &sv) == 0)
    {
      guint64 free_bytes = (guint64)sv.f_bavail * sv.f_frsize;
      cap = free_bytes - free_bytes / 20;
    }
  if (fstatfs (fd, &sf) == 0 && sf.f_type == TMPFS_MAGIC)
    {
      /* What the system can still give (MemAvailable, bounded by the
       * cgroup and the address-space limit). */
      guint64 avail = hs_memory_available ();
      guint64 mem = avail == G_MAXUINT64 ? 0 : avail / 2;
      if (mem)
        cap = cap ? MIN (cap, mem) : mem;
    }
  return cap;
}

static gboolean
write_all (int fd, const guint8 *p, gsize n)
{
  while (n > 0)
    {
      ssize_t w = write (fd, p, MIN (n, (gsize)G_MAXINT32));
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        return FALSE;
      p += w;
      n -= (gsize)w;
    }
  return TRUE;
}

GMappedFile *
hs_gzip_inflate_to_file (const guint8 *in, gsize in_len, gsize *out_len, gboolean *truncated,
                         const char *name, HsProgressFunc progress, gpointer progress_data,
                         GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (in != NULL && out_len != NULL && truncated != NULL && name != NULL, NULL);

  const char *dir = g_get_tmp_dir ();
  int fd = temp_file (dir, name, error);
  if (fd < 0)
    return NULL;

  /* Bounds (docs/robustness.md): a ratio no heap dump has, checked as data
   * comes out, and the room in the temporary folder. */
  guint64 ratio_cap = MAX ((guint64)in_len * HS_GZIP_MAX_RATIO, HS_GZIP_RATIO_FLOOR);
  guint64 space_cap = space_for_output (fd);
  z_stream zs = { 0 };
  guint8 *buf = g_malloc (CHUNK);
  GMappedFile *mapped = NULL;
  guint64 used = 0;   /* inflated so far (written, or only counted) */
  gsize consumed = 0; /* compressed bytes handed to zlib */
  gboolean writing = TRUE, suspect_checked = FALSE;
  guint iter = 0;

  if (inflateInit2 (&zs, 16 + MAX_WBITS) != Z_OK)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: zlib init failed", name);
      goto fail;
    }
  *truncated = FALSE;
  for (;;)
    {
      gboolean done = FALSE;
      if (zs.avail_in == 0)
        {
          gsize chunk = MIN (in_len - consumed, (gsize)G_MAXUINT32 / 2);
          zs.next_in = (Bytef *)in + consumed;
          zs.avail_in = (uInt)chunk;
          consumed += chunk;
        }
      zs.next_out = buf;
      zs.avail_out = (uInt)CHUNK;
      int ret = inflate (&zs, Z_NO_FLUSH);
      gsize got = CHUNK - zs.avail_out;
      gsize pos = consumed - zs.avail_in; /* compressed bytes read so far */
      used += got;
      if (used > ratio_cap)
        {
          g_autofree char *in_s = g_format_size (in_len), *out_s = g_format_size (ratio_cap);
          g_set_error (error, HS_ERROR, HS_ERROR_FORMAT,
                       "%s: refused: its %s (%" G_GSIZE_FORMAT
                       " bytes) inflate to more than %s, a compression "
                       "ratio over %u:1 that no heap dump has (they compress 3-15:1; a gzip bomb?); "
                       "if it is genuine, decompress it first",
                       name, in_s, in_len, out_s, (guint)HS_GZIP_MAX_RATIO);
          goto fail;
        }
      /* Past the floor with a ratio so far beyond the limit: most likely a
       * bomb, so only count until the total says (nothing written); a
       * genuine dump that is mostly zeros so far is inflated again. */
      if (writing && !suspect_checked && used > HS_GZIP_RATIO_FLOOR
          && used > (guint64)MAX (pos, (gsize)1) * HS_GZIP_MAX_RATIO)
        writing = FALSE;
      if (writing && got > 0)
        {
          if (space_cap && used > space_cap)
            {
              g_autofree char *need = g_format_size (used), *have = g_format_size (space_cap);
              g_set_error (
                  error, HS_ERROR, HS_ERROR_NO_MEMORY,
                  "%s: decompressing needs more than %s, but the temporary folder %s has room for %s "
                  "(set TMPDIR to another folder, or decompress it first)",
                  name, need, dir, have);
              goto fail;
            }
          if (!write_all (fd, buf, got))
            {
              int e = errno;
              g_set_error (error, HS_ERROR, e == ENOSPC ? HS_ERROR_NO_MEMORY : HS_ERROR_IO,
                           "%s: cannot write the decompressed data to a temporary file in %s: %s", name, dir,
                           g_strerror (e ? e : EIO));
              goto fail;
            }
        }
      if (ret == Z_STREAM_END)
        {
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
          done = TRUE;
        }
      else if (ret == Z_BUF_ERROR && zs.avail_in == 0 && consumed >= in_len)
        {
          /* Truncated gzip: keep what was inflated, and say so. */
          *truncated = TRUE;
          done = TRUE;
        }
      else if (ret != Z_OK && ret != Z_BUF_ERROR)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_FORMAT,
                       "%s: corrupt gzip data near compressed byte offset %" G_GSIZE_FORMAT ": %s", name, pos,
                       zs.msg ? zs.msg : "inflate error");
          goto fail;
        }
      if (done && !writing)
        {
          /* Counted to the end within the limit: genuine. Again, writing. */
          if (ftruncate (fd, 0) != 0 || lseek (fd, 0, SEEK_SET) != 0)
            {
              int e = errno;
              g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: temporary file: %s", name, g_strerror (e));
              goto fail;
            }
          inflateReset (&zs);
          consumed = 0;
          zs.avail_in = 0;
          used = 0;
          writing = TRUE;
          suspect_checked = TRUE;
          *truncated = FALSE;
          continue;
        }
      if (done)
        break;
      if ((++iter & 15) == 0)
        {
          if (progress)
            progress ("reading", CLAMP ((double)pos / (double)MAX (in_len, (gsize)1), 0.0, 1.0),
                      progress_data);
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            goto fail;
        }
    }
  inflateEnd (&zs);
  g_free (buf);
  buf = NULL;
  *out_len = (gsize)used;
  if (used == 0)
    {
      close (fd);
      return NULL; /* no error: the caller says the file holds nothing */
    }
  GError *local = NULL;
  mapped = g_mapped_file_new_from_fd (fd, FALSE, &local);
  close (fd); /* the mapping keeps the file */
  if (!mapped)
    {
      g_autofree char *size = g_format_size (used);
      g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY, "%s: cannot map the %s of decompressed data: %s",
                   name, size, local->message);
      g_error_free (local);
    }
  return mapped;

fail:
  inflateEnd (&zs);
  g_free (buf);
  close (fd);
  return NULL;
}
