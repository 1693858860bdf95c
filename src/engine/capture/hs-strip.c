/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-strip.c: the stripped copy of a dump.
 *
 * Each dump of the file is loaded in turn to find its primitive arrays
 * (and, to keep String text, the arrays that java.lang.String.value points
 * to); their element bytes become byte ranges of the file, sorted. The
 * file's bytes (inflated, for a gzip dump) are then streamed to the output
 * with those ranges written as zeros. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "hs-heap.h"
#include "hs-jvm-dump.h"
#include "hs-strip.h"
#include "hs-types.h"

#define CHUNK (1 << 20)

typedef struct
{
  guint64 start, len;
} Range;

static int
range_compare (gconstpointer a, gconstpointer b)
{
  const Range *x = a, *y = b;

  return x->start < y->start ? -1 : x->start > y->start;
}

/* One bit per object: the arrays that String.value points to. */
static guint8 *
string_arrays (HsHeap *heap)
{
  guint64 n = hs_heap_n_objects (heap);
  guint8 *bits = g_malloc0 (n / 8 + 1);
  HsClass string = hs_heap_find_class (heap, "java.lang.String");

  for (HsObj o = 0; string != HS_CLASS_NONE && o < n; o++)
    if (hs_heap_object_kind (heap, o) == HS_KIND_INSTANCE && hs_heap_object_class (heap, o) == string)
      {
        HsObj value = hs_heap_read_ref (heap, o, "value");

        if (value != HS_OBJ_NONE)
          bits[value / 8] |= (guint8)(1u << (value % 8));
      }
  return bits;
}

static gboolean
collect_ranges (HsHeap *heap, const guint8 *base, GArray *ranges, HsStripOptions *opts,
                GCancellable *cancellable, GError **error)
{
  g_autofree guint8 *keep = NULL;
  guint64 n = hs_heap_n_objects (heap);

  /* Only the last copy of such an object is read: the contents of the
   * others would go out unseen. */
  if (hs_heap_n_duplicates (heap) > 0)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_FORMAT,
                   "%s writes %" G_GUINT64_FORMAT " objects more than once: a stripped copy could keep the "
                   "contents of the copies that are not read, so none is written",
                   hs_heap_path (heap), hs_heap_n_duplicates (heap));
      return FALSE;
    }
  keep = opts->keep_strings ? string_arrays (heap) : NULL;

  for (HsObj o = 0; o < n; o++)
    {
      const guint8 *data;
      Range r;

      if ((o & 0xffff) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (hs_heap_object_kind (heap, o) != HS_KIND_PRIM_ARRAY || (keep && keep[o / 8] & (1u << (o % 8))))
        continue;
      data = hs_heap_prim_array_data (heap, o);
      if (!data)
        continue;
      r.start = (guint64)(data - base);
      r.len = (guint64)hs_heap_array_length (heap, o) * hs_type_size (hs_heap_array_elem_type (heap, o), 0);
      if (r.len == 0)
        continue;
      g_array_append_val (ranges, r);
      opts->arrays++;
      opts->bytes += r.len;
    }
  return TRUE;
}

/* Where the copy goes: a stream (the temporary file), or a descriptor
 * (stdout) when stream is NULL. */
typedef struct
{
  GOutputStream *stream;
  int fd;
} Sink;

static gboolean
put (const Sink *out, const guint8 *p, gsize n, GCancellable *cancellable, GError **error)
{
  if (out->stream)
    return g_output_stream_write_all (out->stream, p, n, NULL, cancellable, error);
  while (n > 0)
    {
      ssize_t w = write (out->fd, p, MIN (n, (gsize)CHUNK));
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        {
          int e = errno;
          g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot write the copy to the output: %s",
                       g_strerror (w < 0 ? e : EIO));
          return FALSE;
        }
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      p += w;
      n -= (gsize)w;
    }
  return TRUE;
}

static gboolean
write_stripped (const Sink *out, const guint8 *data, gsize len, GArray *ranges, GCancellable *cancellable,
                GError **error)
{
  static const guint8 zeros[CHUNK];
  guint64 at = 0;

  for (guint i = 0; i <= ranges->len; i++)
    {
      const Range *r = i < ranges->len ? &g_array_index (ranges, Range, i) : NULL;
      guint64 until = r ? MIN (r->start, len) : len;
      guint64 zero_end;

      if (until > at && !put (out, data + at, until - at, cancellable, error))
        return FALSE;
      at = MAX (at, until);
      if (!r)
        break;
      /* Overlapping ranges cannot come from a valid dump; the later one
       * is cut to what has not been written yet. */
      zero_end = MIN (r->start + r->len, len);
      while (at < zero_end)
        {
          gsize k = (gsize)MIN (zero_end - at, (guint64)CHUNK);

          if (!put (out, zeros, k, cancellable, error))
            return FALSE;
          at += k;
        }
    }
  return TRUE;
}

static gboolean
same_file (const char *a, const char *b)
{
  GStatBuf x, y;

  return g_stat (a, &x) == 0 && g_stat (b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

/* The dump opened, and the byte ranges of every array to zero, sorted. */
static HsHeap *
open_ranges (const char *dump, GArray *ranges, HsStripOptions *opts, GCancellable *cancellable,
             GError **error)
{
  g_autoptr (HsHeap) first = NULL;
  const guint8 *data;
  gsize len;
  guint n_dumps;

  opts->arrays = opts->bytes = 0;
  first = hs_heap_open (dump, &(HsOpenOptions){ .dump = 0 }, NULL, NULL, cancellable, error);
  if (!first)
    return NULL;
  data = hs_heap_bytes (first, &len);
  n_dumps = hs_heap_n_dumps (first);
  if (!collect_ranges (first, data, ranges, opts, cancellable, error))
    return NULL;
  /* The other dumps of the file: their arrays lie in the same bytes. */
  for (guint d = 1; d < n_dumps; d++)
    {
      g_autoptr (HsHeap) other = hs_heap_open_bytes (data, len, dump, &(HsOpenOptions){ .dump = (int)d },
                                                     NULL, NULL, cancellable, error);

      if (!other || !collect_ranges (other, data, ranges, opts, cancellable, error))
        return NULL;
    }
  g_array_sort (ranges, range_compare);
  return g_steal_pointer (&first);
}

gboolean
hs_strip_write_fd (const char *dump, int fd, HsStripOptions *opts, GCancellable *cancellable, GError **error)
{
  Sink out = { NULL, fd };
  g_autoptr (GArray) ranges = g_array_new (FALSE, FALSE, sizeof (Range));
  g_autoptr (HsHeap) heap = open_ranges (dump, ranges, opts, cancellable, error);
  const guint8 *data;
  gsize len;

  if (!heap)
    return FALSE;
  data = hs_heap_bytes (heap, &len);
  return write_stripped (&out, data, len, ranges, cancellable, error)
         && hs_heap_check_unchanged (heap, error);
}

gboolean
hs_strip_write (const char *dump, const char *out, HsStripOptions *opts, GCancellable *cancellable,
                GError **error)
{
  g_autoptr (GArray) ranges = g_array_new (FALSE, FALSE, sizeof (Range));
  g_autoptr (HsHeap) first = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *tmp = NULL;
  g_autoptr (GFile) tmp_file = NULL;
  g_autoptr (GFileOutputStream) file_out = NULL;
  g_autoptr (GOutputStream) stream = NULL;
  const guint8 *data;
  gsize len;
  gboolean ok;
  int fd;

  opts->arrays = opts->bytes = 0;
  if (same_file (dump, out))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s is the dump itself: write the copy elsewhere",
                   out);
      return FALSE;
    }
  if (!hs_capture_check_dest (out, error))
    return FALSE;
  first = open_ranges (dump, ranges, opts, cancellable, error);
  if (!first)
    return FALSE;
  data = hs_heap_bytes (first, &len);

  dir = g_path_get_dirname (out);
  tmp = g_build_filename (dir, ".hs-strip-XXXXXX", NULL);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0644);
  if (fd < 0)
    {
      int e = errno;

      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot create a file in %s: %s", dir, g_strerror (e));
      return FALSE;
    }
  close (fd);
  tmp_file = g_file_new_for_path (tmp);
  file_out = g_file_replace (tmp_file, NULL, FALSE, G_FILE_CREATE_NONE, cancellable, error);
  if (file_out && g_str_has_suffix (out, ".gz"))
    {
      g_autoptr (GZlibCompressor) zlib = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 6);

      stream = g_converter_output_stream_new (G_OUTPUT_STREAM (file_out), G_CONVERTER (zlib));
    }
  else if (file_out)
    stream = g_object_ref (G_OUTPUT_STREAM (file_out));
  Sink sink = { stream, -1 };
  ok = stream && write_stripped (&sink, data, len, ranges, cancellable, error)
       && g_output_stream_close (stream, cancellable, error) && hs_heap_check_unchanged (first, error);
  if (ok && g_rename (tmp, out) != 0)
    {
      int e = errno;

      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot write %s: %s", out, g_strerror (e));
      ok = FALSE;
    }
  if (!ok)
    g_unlink (tmp);
  return ok;
}
