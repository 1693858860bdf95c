/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-writer.c: writing an index file (hs-index-file.h; the layout is
 * hs-index-file-private.h and docs/index.md). Sections go to a temporary
 * file ".NAME.tmp-XXXXXX" in the target's folder as they are added, each
 * checksummed while it is written; finish writes the table, then the
 * header at byte 0, and renames the file into place. A failed write or an
 * abort removes the temporary file at once: nothing half written is ever
 * under the target's name, and a full disk gets its room back. No fsync:
 * an index is a cache, and a file cut by a crash fails its checks. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "hs-index-file.h"
#include "hs-index-file-private.h"
#include "hs-types.h"

/* Bytes written (and checksummed just before) in one write(): big enough
 * for few calls, small enough to be still in the cache when written. */
#define PIECE ((guint64)4 << 20)
/* A temporary name longer than the target's would fail near NAME_MAX. */
#define TMP_NAME_MAX 200

typedef struct
{
  guint32 id;
  guint64 offset, length, checksum;
} Entry;

struct _HsIndexWriter
{
  char *path;    /* the target */
  char *display; /* the target, as text for messages */
  char *tmp;     /* the temporary file, NULL once removed or renamed */
  int fd;
  HsIndexIdentity identity;
  guint64 pos; /* where the next section goes: 64-byte aligned */
  GArray *entries;
  GError *failed; /* the first failure: every later call fails with it */
};

static void
drop_file (HsIndexWriter *w)
{
  if (w->fd >= 0)
    close (w->fd);
  w->fd = -1;
  if (w->tmp)
    g_unlink (w->tmp);
  g_clear_pointer (&w->tmp, g_free);
}

static void
writer_free (HsIndexWriter *w)
{
  drop_file (w);
  g_clear_error (&w->failed);
  g_array_unref (w->entries);
  g_free (w->path);
  g_free (w->display);
  g_free (w);
}

/* Records the failure (errno err, or why), removes the temporary file and
 * sets error. */
static gboolean
fail (HsIndexWriter *w, GError **error, int err, const char *why)
{
  if (w->failed == NULL)
    g_set_error (&w->failed, HS_ERROR, HS_ERROR_IO, "Cannot write the index “%s”: %s", w->display,
                 why ? why : g_strerror (err));
  drop_file (w);
  if (error)
    *error = g_error_copy (w->failed);
  return FALSE;
}

static gboolean
write_all (int fd, const guint8 *p, guint64 len, int *err)
{
  while (len > 0)
    {
      gssize n = write (fd, p, MIN (len, (guint64)G_MAXSSIZE));
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          *err = n < 0 ? errno : ENOSPC;
          return FALSE;
        }
      p += n;
      len -= (guint64)n;
    }
  return TRUE;
}

/* Writes one block (a section, or a chunk of a big one) and returns its
 * checksum (hs_index_checksum_block) in *sum, hashing each piece just
 * before it is written. */
static gboolean
write_block (HsIndexWriter *w, const guint8 *p, guint64 len, guint64 *sum, int *err)
{
  HsIndexHasher h;
  guint64 done = 0;

  if (len == 0)
    p = (const guint8 *)"";
  hs_index_hasher_init (&h, 0);
  for (; len - done >= PIECE; done += PIECE)
    {
      hs_index_hasher_stripes (&h, p + done, PIECE / HS_INDEX_STRIPE);
      if (!write_all (w->fd, p + done, PIECE, err))
        return FALSE;
    }
  guint64 rest = len - done, whole = rest / HS_INDEX_STRIPE;
  hs_index_hasher_stripes (&h, p + done, whole);
  *sum = hs_index_hasher_finish (&h, p + done + whole * HS_INDEX_STRIPE, rest % HS_INDEX_STRIPE, len);
  return write_all (w->fd, p + done, rest, err);
}

HsIndexWriter *
hs_index_writer_new (const char *path, const HsIndexIdentity *identity, GError **error)
{
  g_return_val_if_fail (path != NULL && identity != NULL, NULL);

  g_autofree char *display = g_filename_display_name (path);
  GStatBuf st;
  if (g_stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "Cannot write the index “%s”: %s", display,
                   S_ISDIR (st.st_mode) ? "it is a folder" : "not a regular file (a device, FIFO or socket)");
      return NULL;
    }

  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  if (strlen (base) > TMP_NAME_MAX)
    base[TMP_NAME_MAX] = '\0';
  g_autofree char *name = g_strdup_printf (".%s.tmp-XXXXXX", base);
  char *tmp = g_build_filename (dir, name, NULL);
  int fd = g_mkstemp_full (tmp, O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      int err = errno;
      g_autofree char *dir_display = g_filename_display_name (dir);
      g_set_error (error, HS_ERROR, HS_ERROR_IO,
                   "Cannot write the index “%s”: cannot create a file in the folder “%s”: %s", display,
                   dir_display, g_strerror (err));
      g_free (tmp);
      return NULL;
    }

  HsIndexWriter *w = g_new0 (HsIndexWriter, 1);
  w->path = g_strdup (path);
  w->display = g_steal_pointer (&display);
  w->tmp = tmp;
  w->fd = fd;
  w->identity = *identity;
  w->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  /* The header's place, written for real by finish. */
  guint8 zero[HS_INDEX_HEADER_SIZE] = { 0 };
  int err = 0;
  if (!write_all (fd, zero, sizeof zero, &err))
    {
      fail (w, error, err, NULL);
      writer_free (w);
      return NULL;
    }
  w->pos = HS_INDEX_HEADER_SIZE;
  return w;
}

gboolean
hs_index_writer_add (HsIndexWriter *w, guint32 id, gconstpointer data, guint64 len, GError **error)
{
  g_return_val_if_fail (w != NULL && (data != NULL || len == 0), FALSE);

  if (w->failed)
    {
      g_propagate_error (error, g_error_copy (w->failed));
      return FALSE;
    }
  if (w->entries->len == G_MAXUINT32)
    return fail (w, error, 0, "too many sections");

  const guint8 *p = data;
  Entry e = { id, w->pos, len, 0 };
  int err = 0;
  if (len <= HS_INDEX_CHUNKED_ABOVE)
    {
      if (!write_block (w, p, len, &e.checksum, &err))
        return fail (w, error, err, NULL);
    }
  else
    {
      guint64 n = (len + HS_INDEX_CHUNK - 1) / HS_INDEX_CHUNK;
      g_autofree guint64 *sums = g_new (guint64, n);
      for (guint64 i = 0; i < n; i++)
        if (!write_block (w, p + i * HS_INDEX_CHUNK, MIN (HS_INDEX_CHUNK, len - i * HS_INDEX_CHUNK), &sums[i],
                          &err))
          return fail (w, error, err, NULL);
      e.checksum = hs_index_checksum_combine (sums, n, len);
    }
  /* Zeros up to the next section's 64-byte boundary. */
  static const guint8 pad[HS_INDEX_ALIGN] = { 0 };
  guint64 gap = (HS_INDEX_ALIGN - len % HS_INDEX_ALIGN) % HS_INDEX_ALIGN;
  if (!write_all (w->fd, pad, gap, &err))
    return fail (w, error, err, NULL);
  w->pos += len + gap;
  g_array_append_val (w->entries, e);
  return TRUE;
}

static int
cmp_entry_id (gconstpointer a, gconstpointer b)
{
  guint32 x = ((const Entry *)a)->id, y = ((const Entry *)b)->id;
  return x < y ? -1 : x > y;
}

static void
put32 (guint8 *at, guint32 v)
{
  memcpy (at, &v, 4);
}

static void
put64 (guint8 *at, guint64 v)
{
  memcpy (at, &v, 8);
}

static void
fill_header (HsIndexWriter *w, guint8 *hd, guint64 table_offset, guint64 length)
{
  const HsIndexIdentity *id = &w->identity;
  guint64 ident[7] = { id->size,        (guint64)id->mtime_ns, id->dev, id->ino, id->hprof_timestamp_ms,
                       id->sample_hash, id->options_hash };

  memset (hd, 0, HS_INDEX_HEADER_SIZE);
  memcpy (hd + HS_INDEX_OFF_MAGIC, HS_INDEX_MAGIC, sizeof HS_INDEX_MAGIC);
  put32 (hd + HS_INDEX_OFF_ORDER, HS_INDEX_BYTE_ORDER_MARK);
  hd[HS_INDEX_OFF_WORD] = sizeof (gsize);
  put32 (hd + HS_INDEX_OFF_FORMAT, HS_INDEX_FORMAT_VERSION);
  put32 (hd + HS_INDEX_OFF_HSIZE, HS_INDEX_HEADER_SIZE);
  put32 (hd + HS_INDEX_OFF_N, w->entries->len);
  put64 (hd + HS_INDEX_OFF_TABLE, table_offset);
  put64 (hd + HS_INDEX_OFF_LENGTH, length);
  put64 (hd + HS_INDEX_OFF_CREATED, (guint64)(g_get_real_time () / G_USEC_PER_SEC));
  for (int i = 0; i < 7; i++)
    put64 (hd + HS_INDEX_OFF_IDENTITY + 8 * i, ident[i]);
  G_STATIC_ASSERT (sizeof PACKAGE_VERSION < HS_INDEX_VERSION_LEN);
  memcpy (hd + HS_INDEX_OFF_VERSION, PACKAGE_VERSION, sizeof PACKAGE_VERSION);
}

gboolean
hs_index_writer_finish (HsIndexWriter *w, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (w != NULL, FALSE);

  gboolean ok = FALSE;
  int err = 0;
  guint n = w->entries->len;
  g_autofree guint8 *table = g_malloc0 ((gsize)n * HS_INDEX_ENTRY_SIZE + 1);
  guint8 header[HS_INDEX_HEADER_SIZE];
  g_autoptr (GArray) sorted = NULL;

  if (w->failed)
    {
      g_propagate_error (error, g_error_copy (w->failed));
      goto out;
    }
  /* The same id twice: the caller's mistake, refused before anything is
   * renamed. */
  sorted = g_array_copy (w->entries);
  g_array_sort (sorted, cmp_entry_id);
  for (guint i = 1; i < n; i++)
    if (g_array_index (sorted, Entry, i).id == g_array_index (sorted, Entry, i - 1).id)
      {
        g_autofree char *why
            = g_strdup_printf ("section 0x%x was added twice", g_array_index (sorted, Entry, i).id);
        fail (w, NULL, 0, why);
        g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s", w->failed->message);
        goto out;
      }
  for (guint i = 0; i < n; i++)
    {
      const Entry *e = &g_array_index (w->entries, Entry, i);
      guint8 *at = table + (gsize)i * HS_INDEX_ENTRY_SIZE;
      put32 (at + HS_INDEX_ENTRY_ID, e->id);
      put32 (at + HS_INDEX_ENTRY_FLAGS, 0);
      put64 (at + HS_INDEX_ENTRY_OFFSET, e->offset);
      put64 (at + HS_INDEX_ENTRY_LENGTH, e->length);
      put64 (at + HS_INDEX_ENTRY_CHECKSUM, e->checksum);
    }
  gsize table_len = (gsize)n * HS_INDEX_ENTRY_SIZE;
  fill_header (w, header, w->pos, w->pos + table_len);
  put64 (header + HS_INDEX_OFF_CHECKSUM, hs_index_header_checksum (header, table, table_len));
  if (!write_all (w->fd, table, table_len, &err))
    {
      fail (w, error, err, NULL);
      goto out;
    }
  errno = 0;
  if (pwrite (w->fd, header, sizeof header, 0) != (gssize)sizeof header)
    {
      fail (w, error, errno ? errno : ENOSPC, NULL);
      goto out;
    }
  /* close can report a failed write (NFS, quotas). */
  int fd = w->fd;
  w->fd = -1;
  if (close (fd) != 0)
    {
      fail (w, error, errno, NULL);
      goto out;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto out;
  if (g_rename (w->tmp, w->path) != 0)
    {
      fail (w, error, errno, NULL);
      goto out;
    }
  g_clear_pointer (&w->tmp, g_free); /* renamed: nothing to remove */
  ok = TRUE;
out:
  writer_free (w);
  return ok;
}

void
hs_index_writer_abort (HsIndexWriter *w)
{
  if (w)
    writer_free (w);
}
