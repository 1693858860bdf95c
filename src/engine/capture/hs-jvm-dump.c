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

#include "hs-jvm-attach.h"
#include "hs-jvm-dump.h"
#include "hs-types.h"

#define ATTACH_TIMEOUT_MS 10000

guint
hs_java_feature_version (const char *version)
{
  guint64 v;

  if (!version || !g_ascii_isdigit (*version))
    return 0;
  if (g_str_has_prefix (version, "1."))
    version += 2;
  v = g_ascii_strtoull (version, NULL, 10);
  return v > 1000 ? 0 : (guint)v;
}

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

static void
copy_progress (goffset current, goffset total, gpointer data)
{
  Ticker *t = data;

  if (t->progress)
    t->progress (t->phase, (guint64)current, t->data);
}

static gboolean
gzip_file (const char *src, const char *dest, Ticker *t, GCancellable *cancellable, GError **error)
{
  g_autoptr (GFile) in_file = g_file_new_for_path (src);
  g_autoptr (GFile) out_file = g_file_new_for_path (dest);
  g_autoptr (GFileInputStream) in = g_file_read (in_file, cancellable, error);
  g_autoptr (GFileOutputStream) out = NULL;
  g_autoptr (GZlibCompressor) zlib = NULL;
  g_autoptr (GOutputStream) gz = NULL;

  if (!in)
    return FALSE;
  out = g_file_replace (out_file, NULL, FALSE, G_FILE_CREATE_PRIVATE, cancellable, error);
  if (!out)
    return FALSE;
  zlib = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 6);
  gz = g_converter_output_stream_new (G_OUTPUT_STREAM (out), G_CONVERTER (zlib));
  t->phase = "Compressing";
  t->path = dest;
  return g_output_stream_splice (gz, G_INPUT_STREAM (in),
                                 G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET,
                                 cancellable, error)
         >= 0;
}

/* Moves src to tmp: a rename on the same file system, else a copy. */
static gboolean
move_file (const char *src, const char *tmp, Ticker *t, GCancellable *cancellable, GError **error)
{
  g_autoptr (GFile) from = NULL;
  g_autoptr (GFile) to = NULL;

  if (g_rename (src, tmp) == 0)
    return TRUE;
  if (errno != EXDEV)
    {
      int e = errno;

      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot move %s to %s: %s", src, tmp, g_strerror (e));
      return FALSE;
    }
  from = g_file_new_for_path (src);
  to = g_file_new_for_path (tmp);
  t->phase = "Copying";
  if (!g_file_copy (from, to, G_FILE_COPY_OVERWRITE, cancellable, copy_progress, t, error))
    return FALSE;
  g_unlink (src);
  return TRUE;
}

gboolean
hs_capture_finish_file (const char *src, const char *dest, gboolean gzip, HsCaptureProgress progress,
                        gpointer progress_data, GCancellable *cancellable, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (dest);
  g_autofree char *tmp = g_build_filename (dir, ".hs-capture-XXXXXX", NULL);
  g_autofree char *tmp_gz = NULL;
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
  close (fd);
  ok = move_file (src, tmp, &t, cancellable, error);
  /* Ours, whoever the JVM runs as (a rename keeps the JVM's owner). */
  if (ok && geteuid () == 0 && chown (tmp, getuid (), getgid ()) != 0)
    g_debug ("capture: cannot take %s: %s", tmp, g_strerror (errno));
  if (ok && gzip)
    {
      tmp_gz = g_build_filename (dir, ".hs-capture-XXXXXX", NULL);
      fd = g_mkstemp_full (tmp_gz, O_WRONLY | O_CLOEXEC, 0600);
      ok = fd >= 0;
      if (fd >= 0)
        close (fd);
      else
        g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot create a file in %s: %s", dir, g_strerror (errno));
      ok = ok && gzip_file (tmp, tmp_gz, &t, cancellable, error);
      g_unlink (tmp);
      if (ok)
        {
          g_free (tmp);
          tmp = g_steal_pointer (&tmp_gz);
        }
      else if (tmp_gz)
        g_unlink (tmp_gz);
    }
  if (ok && g_rename (tmp, dest) != 0)
    {
      int e = errno;

      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot write %s: %s", dest, g_strerror (e));
      ok = FALSE;
    }
  if (!ok)
    {
      g_unlink (src);
      g_unlink (tmp);
    }
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
  answer = hs_jvm_attach_jcmd (jvm, command, ATTACH_TIMEOUT_MS, ticker_tick, &t, cancellable, error);
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
