/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-file.c: reading an index file (hs-index-file.h; the layout is
 * hs-index-file-private.h and docs/index.md). The file is untrusted input:
 * every field is checked before it is used, in an order where each check
 * stands on the ones before (the header, then the table's place, then the
 * checksum over both, then each entry, then the sections' checksums on
 * both cores, then the dump's identity), and a failure names the file and
 * the byte. Work and memory are linear in the file: the table is sorted
 * once by id (the lookups, duplicates) and once by offset (overlaps). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hs-guard.h"
#include "hs-index-file.h"
#include "hs-index-file-private.h"
#include "hs-parallel.h"
#include "hs-types.h"

/* Below this many bytes to check, the second core is not worth a thread. */
#define PAIR_MIN_BYTES ((guint64)4 << 20)
/* The sums of a file are computed on what pread gives, this much at a
 * time (a multiple of HS_INDEX_STRIPE): on this machine 3.5 times faster
 * than touching the mapping, whose page faults cost more than the sum,
 * and the pages the views never look at are never mapped. */
#define READ_PIECE ((guint64)4 << 20)

typedef struct
{
  guint32 id, flags;
  guint64 offset, length, checksum;
  guint32 entry; /* its place in the table, for messages */
} Entry;

struct _HsIndexFile
{
  gint ref;
  guint8 *data;
  gsize len;
  gboolean mapped;  /* munmap at the end; else the caller's bytes */
  gboolean partial; /* hs_index_file_open_header: only INFO was checked */
  int guard_slot;
  int fd;        /* the file's, while it is checked; -1 */
  char *path;    /* as given */
  char *display; /* as text, for messages */
  HsIndexIdentity identity;
  gint64 created;
  guint64 uid; /* the file's owner (mapped files) */
  char version[HS_INDEX_VERSION_LEN];
  guint n;
  Entry *by_id; /* sorted by id */
};

static gboolean bad (HsIndexFile *f, GError **error, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

static gboolean
bad (HsIndexFile *f, GError **error, const char *fmt, ...)
{
  va_list ap;

  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: %s", f->display, msg);
  return FALSE;
}

static guint32
get32 (const guint8 *at)
{
  guint32 v;

  memcpy (&v, at, 4);
  return v;
}

static guint64
get64 (const guint8 *at)
{
  guint64 v;

  memcpy (&v, at, 8);
  return v;
}

static int
cmp_id (gconstpointer a, gconstpointer b)
{
  guint32 x = ((const Entry *)a)->id, y = ((const Entry *)b)->id;
  return x < y ? -1 : x > y;
}

/* By offset, an empty section before one that starts where it is. */
static int
cmp_offset (gconstpointer a, gconstpointer b)
{
  const Entry *x = *(Entry *const *)a, *y = *(Entry *const *)b;
  if (x->offset != y->offset)
    return x->offset < y->offset ? -1 : 1;
  return x->length < y->length ? -1 : x->length > y->length;
}

/* The padding after e, up to the next 64-byte boundary (*next), is zeros. */
static gboolean
zeros (HsIndexFile *f, const Entry *e, guint64 table, guint64 *next, GError **error)
{
  guint64 end = e->offset + e->length;

  *next = (end + HS_INDEX_ALIGN - 1) / HS_INDEX_ALIGN * HS_INDEX_ALIGN;
  if (*next > table)
    *next = table; /* reported by the caller: the table is not aligned there */
  for (guint64 at = end; at < *next; at++)
    if (f->data[at] != 0)
      return bad (f, error, "byte %" G_GUINT64_FORMAT ", padding after section 0x%x, is not zero", at, e->id);
  return TRUE;
}

/* The header's own fields, up to the table's place. */
static gboolean
check_header (HsIndexFile *f, guint64 *table_offset, GError **error)
{
  const guint8 *hd = f->data;

  if (f->len < HS_INDEX_HEADER_SIZE)
    return bad (f, error, "not a whole index: %" G_GSIZE_FORMAT " bytes, less than its %d-byte header",
                f->len, HS_INDEX_HEADER_SIZE);
  if (memcmp (hd + HS_INDEX_OFF_MAGIC, HS_INDEX_MAGIC, sizeof HS_INDEX_MAGIC) != 0)
    return bad (f, error, "not a Heapscope index (no “%s” at byte 0)", HS_INDEX_MAGIC);
  if (get32 (hd + HS_INDEX_OFF_ORDER) != HS_INDEX_BYTE_ORDER_MARK || hd[HS_INDEX_OFF_WORD] != sizeof (gsize))
    return bad (f, error, "written on a machine of another byte order or word size (byte %d)",
                HS_INDEX_OFF_ORDER);
  guint32 format = get32 (hd + HS_INDEX_OFF_FORMAT);
  if (format != HS_INDEX_FORMAT_VERSION)
    return bad (f, error, "index format %u, this Heapscope reads format %d", format, HS_INDEX_FORMAT_VERSION);
  if (get32 (hd + HS_INDEX_OFF_HSIZE) != HS_INDEX_HEADER_SIZE)
    return bad (f, error, "header size %u at byte %d, not %d", get32 (hd + HS_INDEX_OFF_HSIZE),
                HS_INDEX_OFF_HSIZE, HS_INDEX_HEADER_SIZE);

  /* The program version: NUL-terminated text, this build's. */
  const char *version = (const char *)hd + HS_INDEX_OFF_VERSION;
  const char *nul = memchr (version, 0, HS_INDEX_VERSION_LEN);
  if (nul == NULL || !g_utf8_validate (version, nul - version, NULL))
    return bad (f, error, "the program version at byte %d is not readable", HS_INDEX_OFF_VERSION);
  if (strcmp (version, PACKAGE_VERSION) != 0)
    return bad (f, error, "written by Heapscope %s, this is Heapscope %s", version, PACKAGE_VERSION);
  memcpy (f->version, version, HS_INDEX_VERSION_LEN);

  guint64 length = get64 (hd + HS_INDEX_OFF_LENGTH);
  if (f->len < length)
    return bad (f, error, "cut short: %" G_GSIZE_FORMAT " bytes of %" G_GUINT64_FORMAT, f->len, length);
  if (f->len > length)
    return bad (f, error, "%" G_GSIZE_FORMAT " bytes, but its header says %" G_GUINT64_FORMAT, f->len,
                length);

  /* The table ends the file, after the sections. */
  guint32 n = get32 (hd + HS_INDEX_OFF_N);
  guint64 table = get64 (hd + HS_INDEX_OFF_TABLE);
  if ((guint64)n > (f->len - HS_INDEX_HEADER_SIZE) / HS_INDEX_ENTRY_SIZE)
    return bad (f, error, "a table of %u sections cannot fit in the file (length %" G_GSIZE_FORMAT ")", n,
                f->len);
  if (table < HS_INDEX_HEADER_SIZE || table % HS_INDEX_ALIGN != 0
      || table != f->len - (guint64)n * HS_INDEX_ENTRY_SIZE)
    return bad (f, error,
                "the table at byte %" G_GUINT64_FORMAT
                " (%u sections) does not end the file (length %" G_GSIZE_FORMAT ")",
                table, n, f->len);
  if (hs_index_header_checksum (hd, f->data + table, (gsize)n * HS_INDEX_ENTRY_SIZE)
      != get64 (hd + HS_INDEX_OFF_CHECKSUM))
    return bad (f, error, "checksum of the header and table does not match");

  f->n = n;
  f->created = (gint64)get64 (hd + HS_INDEX_OFF_CREATED);
  const guint8 *ident = hd + HS_INDEX_OFF_IDENTITY;
  f->identity.size = get64 (ident);
  f->identity.mtime_ns = (gint64)get64 (ident + 8);
  f->identity.dev = get64 (ident + 16);
  f->identity.ino = get64 (ident + 24);
  f->identity.hprof_timestamp_ms = get64 (ident + 32);
  f->identity.sample_hash = get64 (ident + 40);
  f->identity.options_hash = get64 (ident + 48);
  *table_offset = table;
  return TRUE;
}

/* Every entry: known flags, aligned, inside the sections' area, ids
 * unique, no two sections overlapping. Fills f->by_id. */
static gboolean
check_table (HsIndexFile *f, guint64 table, GError **error)
{
  f->by_id = g_new (Entry, MAX (f->n, 1));
  for (guint i = 0; i < f->n; i++)
    {
      const guint8 *at = f->data + table + (gsize)i * HS_INDEX_ENTRY_SIZE;
      Entry *e = &f->by_id[i];
      e->id = get32 (at + HS_INDEX_ENTRY_ID);
      e->flags = get32 (at + HS_INDEX_ENTRY_FLAGS);
      e->offset = get64 (at + HS_INDEX_ENTRY_OFFSET);
      e->length = get64 (at + HS_INDEX_ENTRY_LENGTH);
      e->checksum = get64 (at + HS_INDEX_ENTRY_CHECKSUM);
      e->entry = i;
      if (e->flags != 0)
        return bad (f, error, "section 0x%x (table entry %u) has unknown flags 0x%x", e->id, i, e->flags);
      if (e->offset % HS_INDEX_ALIGN != 0)
        return bad (f, error, "section 0x%x at byte %" G_GUINT64_FORMAT " is not %d-byte aligned", e->id,
                    e->offset, HS_INDEX_ALIGN);
      if (e->offset < HS_INDEX_HEADER_SIZE || e->offset > table || e->length > table - e->offset)
        return bad (f, error,
                    "section 0x%x at byte %" G_GUINT64_FORMAT " (%" G_GUINT64_FORMAT
                    " bytes) overruns the file (its sections end at byte %" G_GUINT64_FORMAT
                    ", length %" G_GSIZE_FORMAT ")",
                    e->id, e->offset, e->length, table, f->len);
    }
  qsort (f->by_id, f->n, sizeof (Entry), cmp_id);
  for (guint i = 1; i < f->n; i++)
    if (f->by_id[i].id == f->by_id[i - 1].id)
      return bad (f, error, "section 0x%x appears twice (table entries %u and %u)", f->by_id[i].id,
                  MIN (f->by_id[i].entry, f->by_id[i - 1].entry),
                  MAX (f->by_id[i].entry, f->by_id[i - 1].entry));

  /* The sections tile the bytes between the header and the table: in file
   * order, each starts at the 64-byte boundary after the end of the one
   * before (an empty one takes no room), with zeros between. So every byte
   * of a whole file is under a checksum or known, and none is shared. */
  g_autofree Entry **by_offset = g_new (Entry *, MAX (f->n, 1));
  for (guint i = 0; i < f->n; i++)
    by_offset[i] = &f->by_id[i];
  qsort (by_offset, f->n, sizeof (Entry *), cmp_offset);
  guint64 next = HS_INDEX_HEADER_SIZE;
  const Entry *prev = NULL;
  for (guint i = 0; i < f->n; i++)
    {
      const Entry *e = by_offset[i];
      if (e->offset < next && prev != NULL) /* (the header was checked above) */
        return bad (f, error,
                    "section 0x%x at byte %" G_GUINT64_FORMAT
                    " overlaps section 0x%x (bytes %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT ")",
                    e->id, e->offset, prev->id, prev->offset, prev->offset + prev->length);
      if (e->offset > next)
        return bad (f, error,
                    "%" G_GUINT64_FORMAT " bytes at byte %" G_GUINT64_FORMAT " belong to no section",
                    e->offset - next, next);
      if (!zeros (f, e, table, &next, error))
        return FALSE;
      prev = e;
    }
  if (table != next)
    return bad (f, error, "%" G_GUINT64_FORMAT " bytes at byte %" G_GUINT64_FORMAT " belong to no section",
                table - next, next);
  return TRUE;
}

/* The sections' checksums: blocks (a section, or a chunk of a big one)
 * taken in turn by two threads, the cancellable looked at before each. */
typedef struct
{
  guint64 offset, len;
} Block;

typedef struct
{
  const guint8 *data; /* bytes in memory, when fd is -1 */
  int fd;
  const Block *blocks;
  guint64 *sums;
  gsize n;
  gsize next;      /* atomic */
  gint read_errno; /* atomic: the first failed read's, -1 for a file cut */
  GCancellable *cancellable;
} Verify;

static gboolean
read_at (int fd, guint8 *buf, guint64 len, guint64 offset, int *err)
{
  while (len > 0)
    {
      gssize n = pread (fd, buf, len, (off_t)offset);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          *err = n < 0 ? errno : -1; /* 0 bytes: the file was cut meanwhile */
          return FALSE;
        }
      buf += n;
      offset += (guint64)n;
      len -= (guint64)n;
    }
  return TRUE;
}

/* hs_index_checksum_block of a block of the file, read READ_PIECE at a
 * time into *buf (made on first use). */
static gboolean
file_block_sum (Verify *v, const Block *b, guint8 **buf, guint64 *sum)
{
  HsIndexHasher h;
  guint64 done = 0;
  int err = 0;

  if (*buf == NULL)
    *buf = g_malloc (READ_PIECE);
  hs_index_hasher_init (&h, 0);
  for (;;)
    {
      guint64 want = MIN (READ_PIECE, b->len - done);
      if (!read_at (v->fd, *buf, want, b->offset + done, &err))
        {
          g_atomic_int_compare_and_exchange (&v->read_errno, 0, err);
          return FALSE;
        }
      guint64 whole = want / HS_INDEX_STRIPE;
      hs_index_hasher_stripes (&h, *buf, whole);
      done += want;
      if (done == b->len)
        {
          *sum = hs_index_hasher_finish (&h, *buf + whole * HS_INDEX_STRIPE, want % HS_INDEX_STRIPE, b->len);
          return TRUE;
        }
    }
}

static gpointer
verify_blocks (gpointer data)
{
  Verify *v = data;
  g_autofree guint8 *buf = NULL;

  for (;;)
    {
      gsize k = (gsize)g_atomic_pointer_add (&v->next, 1);
      if (k >= v->n || g_cancellable_is_cancelled (v->cancellable) || g_atomic_int_get (&v->read_errno) != 0)
        break;
      if (v->fd < 0)
        v->sums[k] = hs_index_checksum_block (v->data + v->blocks[k].offset, v->blocks[k].len);
      else if (!file_block_sum (v, &v->blocks[k], &buf, &v->sums[k]))
        break;
    }
  return NULL;
}

static guint64
n_blocks (guint64 length)
{
  return length <= HS_INDEX_CHUNKED_ABOVE ? 1 : (length + HS_INDEX_CHUNK - 1) / HS_INDEX_CHUNK;
}

/* Checks the sections whose ids are in [from, to]. */
static gboolean
check_sums (HsIndexFile *f, guint32 from, guint32 to, GCancellable *cancellable, GError **error)
{
  gsize total = 0;
  guint64 bytes = 0;

  for (guint i = 0; i < f->n; i++)
    if (f->by_id[i].id >= from && f->by_id[i].id <= to)
      {
        total += n_blocks (f->by_id[i].length);
        bytes += f->by_id[i].length;
      }
  g_autofree Block *blocks = g_new (Block, MAX (total, 1));
  g_autofree guint64 *sums = g_new (guint64, MAX (total, 1));
  gsize k = 0;
  for (guint i = 0; i < f->n; i++)
    {
      const Entry *e = &f->by_id[i];
      if (e->id < from || e->id > to)
        continue;
      guint64 nb = n_blocks (e->length);
      for (guint64 j = 0; j < nb; j++)
        {
          guint64 at = nb == 1 ? 0 : j * HS_INDEX_CHUNK;
          blocks[k].offset = e->offset + at;
          blocks[k].len = nb == 1 ? e->length : MIN (HS_INDEX_CHUNK, e->length - at);
          k++;
        }
    }

  Verify v = { f->data, f->fd, blocks, sums, total, 0, 0, cancellable };
  hs_run_pair ("hs-index-check", verify_blocks, &v, bytes >= PAIR_MIN_BYTES ? &v : NULL);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (v.read_errno == -1)
    return bad (f, error, "cut short while it was checked");
  if (v.read_errno != 0)
    return bad (f, error, "cannot read it: %s", g_strerror (v.read_errno));

  k = 0;
  for (guint i = 0; i < f->n; i++)
    {
      const Entry *e = &f->by_id[i];
      if (e->id < from || e->id > to)
        continue;
      guint64 nb = n_blocks (e->length);
      guint64 sum = nb == 1 ? sums[k] : hs_index_checksum_combine (sums + k, nb, e->length);
      k += nb;
      if (sum != e->checksum)
        return bad (f, error,
                    "checksum of section 0x%x (at byte %" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT
                    " bytes) does not match",
                    e->id, e->offset, e->length);
    }
  return TRUE;
}

gboolean
hs_index_identity_matches (const HsIndexIdentity *a, const HsIndexIdentity *b, HsIndexMatch match,
                           const char **differs)
{
  const char *what = NULL;

  if (a->size != b->size)
    what = "size";
  else if (a->hprof_timestamp_ms != b->hprof_timestamp_ms)
    what = "HPROF timestamp";
  else if (a->sample_hash != b->sample_hash)
    what = "sampled contents";
  else if (a->options_hash != b->options_hash)
    what = "analysis options";
  else if (match == HS_INDEX_MATCH_SAME_FILE && a->mtime_ns != b->mtime_ns)
    what = "modification time";
  else if (match == HS_INDEX_MATCH_SAME_FILE && (a->dev != b->dev || a->ino != b->ino))
    what = "device and inode";
  if (differs)
    *differs = what;
  return what == NULL;
}

static void
close_fd (HsIndexFile *f)
{
  if (f->fd >= 0)
    close (f->fd);
  f->fd = -1;
}

static void
file_free (HsIndexFile *f)
{
  close_fd (f);
  hs_guard_unregister (f->guard_slot);
  if (f->mapped && f->data)
    munmap (f->data, f->len);
  g_free (f->by_id);
  g_free (f->path);
  g_free (f->display);
  g_free (f);
}

static HsIndexFile *
file_new (const char *path)
{
  HsIndexFile *f = g_new0 (HsIndexFile, 1);

  f->ref = 1;
  f->guard_slot = -1;
  f->fd = -1;
  f->path = g_strdup (path);
  f->display = g_filename_display_name (path);
  return f;
}

/* Every check on f's bytes; all of them, or (partial) the header, the
 * table and the INFO section. */
static HsIndexFile *
check (HsIndexFile *f, gboolean partial, const HsIndexIdentity *expected, HsIndexMatch match,
       GCancellable *cancellable, GError **error)
{
  guint64 table = 0;
  const char *differs = NULL;

  f->partial = partial;
  if (!check_header (f, &table, error) || !check_table (f, table, error))
    goto fail;
  if (partial ? !check_sums (f, HS_INDEX_SECTION_INFO, HS_INDEX_SECTION_INFO, cancellable, error)
              : !check_sums (f, 0, G_MAXUINT32, cancellable, error))
    goto fail;
  if (expected && !hs_index_identity_matches (&f->identity, expected, match, &differs))
    {
      bad (f, error, "written for another dump (the %s differs)", differs);
      goto fail;
    }
  close_fd (f);
  return f;
fail:
  file_free (f);
  return NULL;
}

/* Maps path private and writable (copy-on-write: nothing reaches the
 * file), from a read-only descriptor so that a read-only file works; the
 * descriptor stays open for the checksums. */
static HsIndexFile *
map_file (const char *path, GError **error)
{
  HsIndexFile *f = file_new (path);
  struct stat st;
  /* As a dump is opened: a FIFO or a device never blocks the open. */
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);

  if (fd < 0)
    {
      int err = errno;
      bad (f, error, "%s", g_strerror (err));
      goto fail;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      bad (f, error, "not a regular file");
      goto fail;
    }
  f->uid = (guint64)st.st_uid;
  if ((guint64)st.st_size < HS_INDEX_HEADER_SIZE || (guint64)st.st_size > G_MAXSIZE)
    {
      bad (f, error, "not a whole index: %" G_GUINT64_FORMAT " bytes, less than its %d-byte header",
           (guint64)st.st_size, HS_INDEX_HEADER_SIZE);
      goto fail;
    }
  void *p = mmap (NULL, (gsize)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  if (p == MAP_FAILED)
    {
      int err = errno;
      bad (f, error, "cannot map it: %s", g_strerror (err));
      goto fail;
    }
  f->fd = fd;
  f->data = p;
  f->len = (gsize)st.st_size;
  f->mapped = TRUE;
  /* A file cut under us reads as zeros (and fails its checksums) instead
   * of raising SIGBUS. */
  f->guard_slot = hs_guard_register (f->data, f->len);
  return f;
fail:
  if (fd >= 0)
    close (fd);
  file_free (f);
  return NULL;
}

HsIndexFile *
hs_index_file_open (const char *path, const HsIndexIdentity *expected, HsIndexMatch match,
                    GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  HsIndexFile *f = map_file (path, error);
  if (f == NULL)
    return NULL;
  /* The cache's own file: written by this user, never by another. */
  if (match == HS_INDEX_MATCH_SAME_FILE && f->uid != (guint64)geteuid ())
    {
      bad (f, error, "written by another user (uid %" G_GUINT64_FORMAT ")", f->uid);
      file_free (f);
      return NULL;
    }
  return check (f, FALSE, expected, match, cancellable, error);
}

HsIndexFile *
hs_index_file_open_header (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  HsIndexFile *f = map_file (path, error);
  return f ? check (f, TRUE, NULL, HS_INDEX_MATCH_SAME_FILE, NULL, error) : NULL;
}

HsIndexFile *
hs_index_file_open_bytes (const guint8 *data, gsize len, const char *name, const HsIndexIdentity *expected,
                          HsIndexMatch match, GError **error)
{
  g_return_val_if_fail (data != NULL || len == 0, NULL);
  HsIndexFile *f = file_new (name ? name : "(index in memory)");

  if (((guintptr)data & 7) != 0)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s: the bytes are not 8-byte aligned", f->display);
      file_free (f);
      return NULL;
    }
  f->data = (guint8 *)data;
  f->len = len;
  return check (f, FALSE, expected, match, NULL, error);
}

HsIndexFile *
hs_index_file_ref (HsIndexFile *f)
{
  g_return_val_if_fail (f != NULL, NULL);
  g_atomic_int_inc (&f->ref);
  return f;
}

void
hs_index_file_unref (HsIndexFile *f)
{
  if (f && g_atomic_int_dec_and_test (&f->ref))
    file_free (f);
}

static const Entry *
find (HsIndexFile *f, guint32 id)
{
  guint lo = 0, hi = f->n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (f->by_id[mid].id < id)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == f->n || f->by_id[lo].id != id)
    return NULL;
  if (f->partial && id != HS_INDEX_SECTION_INFO)
    return NULL; /* not checked */
  return &f->by_id[lo];
}

gpointer
hs_index_file_section (HsIndexFile *f, guint32 id, guint64 *len)
{
  g_return_val_if_fail (f != NULL && len != NULL, NULL);
  const Entry *e = find (f, id);

  *len = e ? e->length : 0;
  return e ? f->data + e->offset : NULL;
}

guint
hs_index_file_n_sections (HsIndexFile *f)
{
  g_return_val_if_fail (f != NULL, 0);
  return f->n;
}

gpointer
hs_index_file_nth_section (HsIndexFile *f, guint i, guint32 *id, guint64 *len)
{
  g_return_val_if_fail (f != NULL && i < f->n && id != NULL && len != NULL, NULL);
  *id = f->by_id[i].id;
  return hs_index_file_section (f, *id, len);
}

const HsIndexIdentity *
hs_index_file_identity (HsIndexFile *f)
{
  g_return_val_if_fail (f != NULL, NULL);
  return &f->identity;
}

gint64
hs_index_file_created (HsIndexFile *f)
{
  g_return_val_if_fail (f != NULL, 0);
  return f->created;
}

const char *
hs_index_file_program_version (HsIndexFile *f)
{
  g_return_val_if_fail (f != NULL, NULL);
  return f->version;
}

const char *
hs_index_file_path (HsIndexFile *f)
{
  g_return_val_if_fail (f != NULL, NULL);
  return f->path;
}

guint64
hs_index_file_length (HsIndexFile *f)
{
  g_return_val_if_fail (f != NULL, 0);
  return f->len;
}

gboolean
hs_index_file_contains (HsIndexFile *f, gconstpointer p)
{
  g_return_val_if_fail (f != NULL, FALSE);
  return f->len > 0 && (const guint8 *)p >= f->data && (const guint8 *)p < f->data + f->len;
}

gboolean
hs_index_file_changed (HsIndexFile *f)
{
  g_return_val_if_fail (f != NULL, FALSE);
  return hs_guard_changed (f->guard_slot);
}
