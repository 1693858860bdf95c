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
/* Cancel, the progress and the room are looked at every this many pieces
 * (4 MiB of output). */
#define CHECK_EVERY 16

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

/* The room in the temporary folder, read again while writing (other
 * programs use the disk too): its free space now plus what is written
 * already, less a twentieth of the free space at the start (the disk is
 * not filled to the last block); on tmpfs, whose pages are memory, also at
 * most half the memory available at the start (the rest is for the
 * analysis, whose own check comes after). G_MAXUINT64: unknown. */
typedef struct
{
  int fd;
  guint64 margin;  /* a twentieth of the free space at the start */
  guint64 mem_cap; /* tmpfs: half the available memory; else G_MAXUINT64 */
} Room;

static guint64
free_space (int fd)
{
  struct statvfs sv;
  if (fstatvfs (fd, &sv) != 0)
    return G_MAXUINT64;
  return (guint64)sv.f_bavail * sv.f_frsize;
}

static void
room_init (Room *r, int fd)
{
  struct statfs sf;
  guint64 free_bytes = free_space (fd);
  r->fd = fd;
  r->margin = free_bytes == G_MAXUINT64 ? 0 : free_bytes / 20;
  r->mem_cap = G_MAXUINT64;
  if (fstatfs (fd, &sf) == 0 && sf.f_type == TMPFS_MAGIC)
    {
      /* What the system can still give (MemAvailable, bounded by the
       * cgroup and the address-space limit). */
      guint64 avail = hs_memory_available ();
      if (avail != G_MAXUINT64)
        r->mem_cap = avail / 2;
    }
}

/* How much output the folder takes in all, `written` bytes being there. */
static guint64
room_total (const Room *r, guint64 written)
{
  guint64 free_bytes = free_space (r->fd), cap = r->mem_cap;
  if (free_bytes != G_MAXUINT64)
    {
      guint64 disk = written + free_bytes;
      disk = disk > r->margin ? disk - r->margin : 0;
      cap = MIN (cap, disk);
    }
  return cap;
}

static void
set_room_error (GError **error, const char *name, const char *dir, guint64 need, guint64 room)
{
  g_autofree char *need_s = g_format_size (need), *room_s = g_format_size (room);
  g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
               "%s: decompressing needs more than %s, but the temporary folder %s has room for %s "
               "(set TMPDIR to a folder with more room, or decompress it first)",
               name, need_s, dir, room_s);
}

/* The "decompressing" phase: how far through the compressed data, and how
 * many bytes came out (a "bytes:N" report, hs-types.h). */
static void
report (HsProgressFunc progress, gpointer data, gsize pos, gsize in_len, guint64 out)
{
  char bytes[48];
  if (!progress)
    return;
  g_snprintf (bytes, sizeof bytes, "bytes:%" G_GUINT64_FORMAT, out);
  progress ("decompressing", CLAMP ((double)pos / (double)MAX (in_len, (gsize)1), 0.0, 1.0), data);
  progress (bytes, 0.0, data);
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

/* The records as they come out of inflate: what no HPROF writer writes
 * stops the inflating at once, so that a valid header followed by
 * gigabytes of zeros is refused after a few bytes, not after writing them
 * all to the temporary folder. A record of tag 0 is such (the zeros'
 * first record header), and so is a heap dump (segment) whose first
 * sub-record has tag 0. Record bodies are skipped by their length; data
 * that does not start with an HPROF header is not looked at (the loader
 * says what it is). */
typedef enum
{
  WALK_HEADER,
  WALK_RECORD,
  WALK_FIRST_SUB,
  WALK_SKIP,
  WALK_OFF,
} WalkState;

#define WALK_MAGIC "JAVA PROFILE "
#define WALK_HEADER_MAX 64 /* the format string with its NUL, at most */
#define RECORD_HEAD 9      /* u1 tag, u4 time, u4 length */

typedef struct
{
  WalkState state;
  guint8 head[WALK_HEADER_MAX + 12];
  gsize have;        /* bytes of head gathered */
  guint64 at;        /* offset in the uncompressed data of the next byte */
  guint64 record_at; /* offset of the record whose header is gathered */
  guint64 skip;      /* body bytes left to skip */
  guint8 tag;
} Walk;

static gboolean
walk_refuse (const char *name, const char *what, guint64 offset, GError **error)
{
  g_set_error (error, HS_ERROR, HS_ERROR_FORMAT,
               "%s: %s at offset %" G_GUINT64_FORMAT " of the uncompressed data, which no HPROF writer "
               "writes: not a heap dump from there on",
               name, what, offset);
  return FALSE;
}

static gboolean
walk_feed (Walk *w, const guint8 *p, gsize n, const char *name, GError **error)
{
  gsize i = 0;

  while (i < n && w->state != WALK_OFF)
    switch (w->state)
      {
        case WALK_HEADER:
          {
            gsize magic = strlen (WALK_MAGIC);
            w->head[w->have++] = p[i++];
            w->at++;
            if (w->have <= magic && w->head[w->have - 1] != (guint8)WALK_MAGIC[w->have - 1])
              w->state = WALK_OFF;
            else
              {
                const guint8 *nul = memchr (w->head, '\0', MIN (w->have, (gsize)WALK_HEADER_MAX));
                if (nul == NULL && w->have >= WALK_HEADER_MAX)
                  w->state = WALK_OFF;
                else if (nul && w->have == (gsize)(nul - w->head) + 1 + 12)
                  {
                    w->state = WALK_RECORD;
                    w->have = 0;
                  }
              }
            break;
          }
        case WALK_RECORD:
          if (w->have == 0)
            w->record_at = w->at;
          w->head[w->have++] = p[i++];
          w->at++;
          if (w->have < RECORD_HEAD)
            break;
          w->have = 0;
          w->tag = w->head[0];
          w->skip
              = (guint64)w->head[5] << 24 | (guint64)w->head[6] << 16 | (guint64)w->head[7] << 8 | w->head[8];
          if (w->tag == 0)
            return walk_refuse (name, "a record of tag 0x00", w->record_at, error);
          w->state = (w->tag == 0x0C || w->tag == 0x1C) && w->skip > 0 ? WALK_FIRST_SUB
                     : w->skip > 0                                     ? WALK_SKIP
                                                                       : WALK_RECORD;
          break;
        case WALK_FIRST_SUB:
          if (p[i] == 0)
            return walk_refuse (name, "a heap dump sub-record of tag 0x00", w->at, error);
          i++;
          w->at++;
          w->skip--;
          w->state = w->skip > 0 ? WALK_SKIP : WALK_RECORD;
          break;
        case WALK_SKIP:
          {
            gsize k = (gsize)MIN (w->skip, (guint64)(n - i));
            i += k;
            w->at += k;
            w->skip -= k;
            if (w->skip == 0)
              w->state = WALK_RECORD;
            break;
          }
        case WALK_OFF: break;
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

  /* Bounds (docs/robustness.md): the room in the temporary folder, read
   * again every few MB, and the user's Cancel; the memory check comes
   * after, on the inflated dump. */
  Room room;
  room_init (&room, fd);
  guint64 room_cap = room_total (&room, 0);
  z_stream zs = { 0 };
  guint8 *buf = g_malloc (CHUNK);
  GMappedFile *mapped = NULL;
  guint64 used = 0;   /* inflated and written so far */
  gsize consumed = 0; /* compressed bytes handed to zlib */
  guint iter = 0;
  Walk walk = { 0 };

  if (inflateInit2 (&zs, 16 + MAX_WBITS) != Z_OK)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: zlib init failed", name);
      goto fail;
    }
  *truncated = FALSE;
  report (progress, progress_data, 0, in_len, 0);
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
      if (got > 0)
        {
          if (!walk_feed (&walk, buf, got, name, error))
            goto fail;
          if (used + got > room_cap)
            {
              set_room_error (error, name, dir, used + got, room_cap);
              goto fail;
            }
          if (!write_all (fd, buf, got))
            {
              int e = errno;
              if (e == ENOSPC || e == EDQUOT)
                set_room_error (error, name, dir, used + got, used);
              else
                g_set_error (error, HS_ERROR, HS_ERROR_IO,
                             "%s: cannot write the decompressed data to a temporary file in %s: %s", name,
                             dir, g_strerror (e ? e : EIO));
              goto fail;
            }
          used += got;
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
      if (done)
        break;
      /* Every CHECK_EVERY pieces (4 MiB of output: a few ms): Cancel, the
       * progress, and the room left, which other programs change too. */
      if ((++iter % CHECK_EVERY) == 0)
        {
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            goto fail;
          report (progress, progress_data, pos, in_len, used);
          room_cap = room_total (&room, used);
        }
    }
  report (progress, progress_data, in_len, in_len, used);
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
