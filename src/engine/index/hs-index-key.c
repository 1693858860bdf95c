/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-key.c: the identity of a dump and of the options of its
 * analysis, and the cache file name of its index (see hs-index-key.h).
 *
 * The sampled hash reads a fixed amount whatever the dump's size: the
 * first and the last SAMPLE_EDGE bytes and SAMPLE_BLOCKS blocks of
 * SAMPLE_BLOCK bytes spread evenly between them (about 400 KiB), or the
 * whole file when it is not bigger than that. SHA-256 of the size and
 * those bytes, its first 8 bytes little-endian. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "hs-index-key.h"
#include "hs-matchers.h"
#include "hs-option-file.h"
#include "hs-types.h"

#define SAMPLE_EDGE ((guint64)64 << 10)
#define SAMPLE_BLOCK ((guint64)4 << 10)
#define SAMPLE_BLOCKS 62
#define SAMPLE_WHOLE (2 * SAMPLE_EDGE + SAMPLE_BLOCKS * SAMPLE_BLOCK)

/* "JAVA PROFILE 1.0.2\0" + u4 id size + u4 + u4 (milliseconds). */
#define HPROF_MAGIC "JAVA PROFILE "
#define HPROF_FORMAT_MAX 64

static void
checksum_u64 (GChecksum *sum, guint64 v)
{
  guint8 b[8];

  for (int i = 0; i < 8; i++)
    b[i] = (guint8)(v >> (8 * i));
  g_checksum_update (sum, b, sizeof b);
}

/* The first 8 bytes of the digest, little-endian. */
static guint64
checksum_u64_digest (GChecksum *sum)
{
  guint8 digest[32];
  gsize len = sizeof digest;
  guint64 v = 0;

  g_checksum_get_digest (sum, digest, &len);
  for (int i = 7; i >= 0; i--)
    v = (v << 8) | digest[i];
  return v;
}

/* len bytes at off, whole: a short read means the file shrank. */
static gboolean
read_at (int fd, const char *path, guint8 *buf, gsize len, guint64 off, GError **error)
{
  gsize done = 0;

  while (done < len)
    {
      ssize_t n = pread (fd, buf + done, len - done, (off_t)(off + done));
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int e = errno;
          g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: %s", path, g_strerror (e));
          return FALSE;
        }
      if (n == 0)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: the file shrank while it was being read", path);
          return FALSE;
        }
      done += (gsize)n;
    }
  return TRUE;
}

static gboolean
sample_block (int fd, const char *path, GChecksum *sum, guint8 *buf, guint64 len, guint64 off, GError **error)
{
  if (!read_at (fd, path, buf, (gsize)len, off, error))
    return FALSE;
  g_checksum_update (sum, buf, (gssize)len);
  return TRUE;
}

/* The HPROF header's timestamp, from the file's first bytes (head, len):
 * 0 when they are not an HPROF header (a gzip file, anything else). */
static guint64
hprof_timestamp (const guint8 *head, gsize len)
{
  gsize magic = strlen (HPROF_MAGIC);
  const guint8 *nul;
  const guint8 *p;
  guint32 hi, lo;

  if (len < magic || memcmp (head, HPROF_MAGIC, magic) != 0)
    return 0;
  nul = memchr (head, '\0', MIN (len, HPROF_FORMAT_MAX));
  if (nul == NULL || (gsize)(nul - head) + 1 + 12 > len)
    return 0;
  p = nul + 1 + 4; /* the id size, then the time */
  hi = (guint32)p[0] << 24 | (guint32)p[1] << 16 | (guint32)p[2] << 8 | p[3];
  lo = (guint32)p[4] << 24 | (guint32)p[5] << 16 | (guint32)p[6] << 8 | p[7];
  return (guint64)hi << 32 | lo;
}

gboolean
hs_index_identity_of_dump (const char *path, guint64 options_hash, HsIndexIdentity *out, GError **error)
{
  g_return_val_if_fail (path != NULL && out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  int fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0);
  if (fd < 0)
    {
      int e = errno;
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: %s", path, g_strerror (e));
      return FALSE;
    }
  struct stat st;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: not a regular file", path);
      close (fd);
      return FALSE;
    }

  guint64 size = (guint64)st.st_size;
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree guint8 *buf = g_malloc (SAMPLE_EDGE);
  guint64 timestamp = 0;
  gboolean ok = TRUE;

  checksum_u64 (sum, size);
  if (size <= SAMPLE_WHOLE)
    {
      /* Small enough to read whole, SAMPLE_EDGE at a time. */
      for (guint64 off = 0; ok && off < size; off += SAMPLE_EDGE)
        {
          guint64 len = MIN (SAMPLE_EDGE, size - off);
          ok = sample_block (fd, path, sum, buf, len, off, error);
          if (ok && off == 0)
            timestamp = hprof_timestamp (buf, (gsize)len);
        }
    }
  else
    {
      /* Between the two edges, block i (1..62) starts at i/63 of the way
       * through the room left for a block: spread evenly, never
       * overlapping the edges. */
      guint64 room = size - 2 * SAMPLE_EDGE - SAMPLE_BLOCK;

      ok = sample_block (fd, path, sum, buf, SAMPLE_EDGE, 0, error);
      if (ok)
        timestamp = hprof_timestamp (buf, (gsize)SAMPLE_EDGE);
      for (guint i = 1; ok && i <= SAMPLE_BLOCKS; i++)
        ok = sample_block (fd, path, sum, buf, SAMPLE_BLOCK, SAMPLE_EDGE + room / (SAMPLE_BLOCKS + 1) * i,
                           error);
      if (ok)
        ok = sample_block (fd, path, sum, buf, SAMPLE_EDGE, size - SAMPLE_EDGE, error);
    }
  close (fd);
  if (!ok)
    return FALSE;

  memset (out, 0, sizeof *out);
  out->size = size;
  out->mtime_ns = (gint64)st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st.st_mtim.tv_nsec;
  out->dev = (guint64)st.st_dev;
  out->ino = (guint64)st.st_ino;
  out->hprof_timestamp_ms = timestamp;
  out->sample_hash = checksum_u64_digest (sum);
  out->options_hash = options_hash;
  return TRUE;
}

gboolean
hs_index_options_hash (const HsAnalysisOptions *opts, guint64 *out, GError **error)
{
  g_return_val_if_fail (opts != NULL && out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  const HsLeakOptions *leaks = &opts->leaks;
  double percent = opts->suspects_percent > 0 ? opts->suspects_percent : 10;
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char *text = NULL;

  /* One canonical text: a field added later changes every hash, which is
   * what a different meaning of the options should do. */
  text = g_strdup_printf ("heapscope index options 1\n"
                          "dump %d\nfollow_weak %d\ninspectors_as_leaks %d\n"
                          "inspectors_when_unwatched %d\napi_level %d\nsuspects_percent %.17g\n",
                          opts->open.dump, opts->open.follow_weak ? 1 : 0,
                          leaks->android_inspectors_as_leaks ? 1 : 0,
                          leaks->android_inspectors_when_unwatched ? 1 : 0, leaks->api_level, percent);
  g_checksum_update (sum, (const guchar *)text, -1);
  if (leaks->matchers_path == NULL)
    g_checksum_update (sum, (const guchar *)"matchers builtin\n", -1);
  else
    {
      /* The contents, not the name: the same table elsewhere is the same
       * analysis, an edited one in place is not. */
      gsize len = 0;
      g_autofree char *contents = hs_option_file_read (leaks->matchers_path, HS_MATCHERS_MAX_BYTES,
                                                       "leak matcher table", "16 MiB", &len, error);
      if (contents == NULL)
        return FALSE;
      g_checksum_update (sum, (const guchar *)"matchers file\n", -1);
      checksum_u64 (sum, len);
      g_checksum_update (sum, (const guchar *)contents, (gssize)len);
    }
  *out = checksum_u64_digest (sum);
  return TRUE;
}

/* The path as a user names the file: realpath when it exists (symlinks
 * and ".." resolved), else made absolute and canonical as text. */
static char *
canonical_path (const char *path)
{
  char *real = realpath (path, NULL);

  if (real != NULL)
    {
      char *copy = g_strdup (real);
      free (real);
      return copy;
    }
  return g_canonicalize_filename (path, NULL);
}

char *
hs_index_cache_name (const char *path, const HsIndexIdentity *identity)
{
  g_return_val_if_fail (path != NULL && identity != NULL, NULL);

  g_autofree char *canonical = canonical_path (path);
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize len = sizeof digest;
  GString *name = g_string_sized_new (48);

  g_checksum_update (sum, (const guchar *)canonical, (gssize)strlen (canonical) + 1);
  checksum_u64 (sum, identity->dev);
  checksum_u64 (sum, identity->ino);
  checksum_u64 (sum, identity->options_hash);
  g_checksum_get_digest (sum, digest, &len);
  /* 128 bits: no two dumps of one machine meet by chance. */
  for (guint i = 0; i < 16; i++)
    g_string_append_printf (name, "%02x", digest[i]);
  g_string_append (name, ".hsindex");
  return g_string_free (name, FALSE);
}
