/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-jvm-dump.c: GC.heap_dump through the attach mechanism.
 *
 * The JVM writes the file itself, as its own user and in its own file
 * system (a container's /tmp is not ours): we give it a fresh name in its
 * /tmp, reach the file through /proc/PID/root, and move it to the caller's
 * destination through a temporary name. -gz needs JDK 15; for an older
 * JVM we compress the plain dump ourselves. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <zlib.h>

#include "hs-jvm-attach.h"
#include "hs-jvm-dump.h"
#include "hs-types.h"

#define ATTACH_TIMEOUT_MS 10000

gboolean
hs_capture_check_dest (const char *dest, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (dest);
  GStatBuf st;

  if (g_stat (dest, &st) == 0)
    {
      if (S_ISDIR (st.st_mode))
        {
          g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s is a folder: name the file to write", dest);
          return FALSE;
        }
      if (!S_ISREG (st.st_mode))
        {
          g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                       "%s is not a regular file (a device, FIFO or socket): it is never written over", dest);
          return FALSE;
        }
    }
  if (g_access (dir, W_OK) != 0)
    {
      int e = errno;

      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot write in the folder %s: %s", dir, g_strerror (e));
      return FALSE;
    }
  return TRUE;
}

typedef struct
{
  HsCaptureProgress progress;
  gpointer data;
  const char *phase;
  const char *path; /* the file whose size is reported */
} Ticker;

static void
ticker_tick (gpointer data)
{
  Ticker *t = data;
  GStatBuf st;

  if (t->progress)
    t->progress (t->phase, g_stat (t->path, &st) == 0 ? (guint64)st.st_size : 0, t->data);
}

#define COPY_CHUNK (1024 * 1024)

static gboolean
write_fd (int fd, const guint8 *p, gsize len, GError **error)
{
  while (len > 0)
    {
      ssize_t n = write (fd, p, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot write the dump: %s", g_strerror (errno));
          return FALSE;
        }
      p += n;
      len -= (gsize)n;
    }
  return TRUE;
}

/* Copies src into fd (our temporary file, already open), gzip-compressed
 * when gzip. Written through fd itself: no other temporary name (GLib's
 * replace makes a .goutputstream-* that a kill would leave behind). */
static gboolean
copy_into (const char *src, int fd, gboolean gzip, Ticker *t, GCancellable *cancellable, GError **error)
{
  int in = open (src, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  g_autofree guint8 *buf = g_malloc (COPY_CHUNK);
  g_autofree guint8 *zbuf = gzip ? g_malloc (COPY_CHUNK) : NULL;
  z_stream z = { 0 };
  gboolean ok = TRUE, done = FALSE;
  guint64 total = 0;

  if (in < 0)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot read %s: %s", src, g_strerror (errno));
      return FALSE;
    }
  if (gzip && deflateInit2 (&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    {
      close (in);
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot start compressing");
      return FALSE;
    }
  t->phase = gzip ? "Compressing" : "Copying";
  while (ok && !done)
    {
      ssize_t n = read (in, buf, COPY_CHUNK);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot read %s: %s", src, g_strerror (errno));
          ok = FALSE;
          break;
        }
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }
      done = n == 0;
      if (!gzip)
        ok = write_fd (fd, buf, (gsize)n, error);
      else
        {
          z.next_in = buf;
          z.avail_in = (uInt)n;
          do
            {
              z.next_out = zbuf;
              z.avail_out = COPY_CHUNK;
              deflate (&z, done ? Z_FINISH : Z_NO_FLUSH);
              ok = write_fd (fd, zbuf, COPY_CHUNK - z.avail_out, error);
            }
          while (ok && z.avail_out == 0);
        }
      total += (guint64)n;
      if (t->progress)
        t->progress (t->phase, total, t->data);
    }
  if (gzip)
    deflateEnd (&z);
  close (in);
  return ok;
}

gboolean
hs_capture_finish_file (const char *src, const char *dest, gboolean gzip, HsCaptureProgress progress,
                        gpointer progress_data, GCancellable *cancellable, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (dest);
  g_autofree char *tmp = g_build_filename (dir, ".hs-capture-XXXXXX", NULL);
  Ticker t = { progress, progress_data, "Copying", src };
  int fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0600);
  gboolean ok;

  if (fd < 0)
    {
      int e = errno;

      g_unlink (src);
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot create a file in %s: %s", dir, g_strerror (e));
      return FALSE;
    }
  /* A rename when it can (same file system, no compressing), else a copy. */
  if (!gzip && g_rename (src, tmp) == 0)
    ok = TRUE;
  else if (!gzip && errno != EXDEV)
    {
      int e = errno;

      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot move %s to %s: %s", src, tmp, g_strerror (e));
      ok = FALSE;
    }
  else
    ok = copy_into (src, fd, gzip, &t, cancellable, error);
  close (fd);
  g_unlink (src);
  /* Ours, whoever the JVM runs as (a rename keeps the JVM's owner). */
  if (ok && geteuid () == 0 && chown (tmp, getuid (), getgid ()) != 0)
    g_debug ("capture: cannot take %s: %s", tmp, g_strerror (errno));
  if (ok && g_rename (tmp, dest) != 0)
    {
      int e = errno;

      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot write %s: %s", dest, g_strerror (e));
      ok = FALSE;
    }
  if (!ok)
    g_unlink (tmp);
  return ok;
}

/* The start of a complete enough file: HPROF's header or gzip's magic. */
static gboolean
looks_written (const char *path, gboolean gzip)
{
  char head[12] = { 0 };
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  ssize_t n;

  if (fd < 0)
    return FALSE;
  n = read (fd, head, sizeof head);
  close (fd);
  if (gzip)
    return n >= 2 && (guint8)head[0] == 0x1f && (guint8)head[1] == 0x8b;
  return n == sizeof head && memcmp (head, "JAVA PROFILE", 12) == 0;
}

gboolean
hs_jvm_dump_heap (const HsJvm *jvm, const char *dest, HsCaptureFlags flags, HsCaptureProgress progress,
                  gpointer progress_data, GCancellable *cancellable, GError **error)
{
  gboolean gzip = (flags & HS_CAPTURE_GZIP) != 0;
  /* -gz came with JDK 15; older JVMs write plain HPROF we compress. */
  gboolean jvm_gzip = gzip && hs_java_feature_version (jvm->version) >= 15;
  g_autofree char *name
      = g_strdup_printf ("heapscope-%u-%08x.hprof%s", jvm->ns_pid, g_random_int (), jvm_gzip ? ".gz" : "");
  g_autofree char *inside = g_strdup_printf ("/tmp/%s", name);
  g_autofree char *outside = g_strdup_printf ("/proc/%u/root/tmp/%s", jvm->pid, name);
  g_autofree char *command = NULL;
  g_autofree char *answer = NULL;
  Ticker t = { progress, progress_data, "Writing", outside };

  if (!hs_capture_check_dest (dest, error))
    return FALSE;
  command = g_strdup_printf ("GC.heap_dump%s%s %s", flags & HS_CAPTURE_ALL ? " -all" : "",
                             jvm_gzip ? " -gz=1" : "", inside);
  if (progress)
    progress ("Waiting for the JVM", 0, progress_data);
  answer = hs_jvm_attach_jcmd (jvm, command, outside, ATTACH_TIMEOUT_MS, ticker_tick, &t, cancellable, error);
  if (!answer || !looks_written (outside, jvm_gzip))
    {
      /* The JVM may still be writing it: unlinked, its room comes back
       * when the JVM closes it. */
      g_unlink (outside);
      if (answer)
        {
          g_strstrip (answer);
          g_set_error (error, HS_ERROR, HS_ERROR_IO, "JVM %u wrote no heap dump: %s", jvm->pid,
                       *answer ? answer : "it gave no reason");
        }
      return FALSE;
    }
  return hs_capture_finish_file (outside, dest, gzip && !jvm_gzip, progress, progress_data, cancellable,
                                 error);
}
