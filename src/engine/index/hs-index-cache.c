/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-cache.c: the folder of persistent indexes (see
 * hs-index-cache.h).
 *
 * What the folder holds that this file touches: regular files of the
 * names the writer gives, "HASH.hsindex" (32 hex digits: indexes) and
 * ".HASH.hsindex.tmp-XXXXXX" or ".probe.tmp-XXXXXX" (a writer's temporary
 * file, removed once it is an hour old: its writer is gone; a younger one
 * is being written: neither counted nor removed, not even by clear). The
 * folder itself must be a folder of this user's, never a symlink: it is
 * opened with O_NOFOLLOW and its files are looked at and removed through
 * that descriptor (fstatat, unlinkat), so that a folder swapped for a
 * link meanwhile is never followed. A symlink or anything but a regular
 * file in it is skipped, never removed, never followed. The least recently used index is the one with the oldest mtime:
 * hs_index_cache_touch sets it when an index is opened. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <dirent.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "hs-index-blob.h"
#include "hs-index-cache.h"
#include "hs-index-file.h"
#include "hs-types.h"

#define INDEX_SUFFIX ".hsindex"
#define TEMP_MARK ".tmp-"
#define TEMP_MAX_AGE_S (60 * 60)
#define DEFAULT_MIN ((guint64)1 << 30)
#define DEFAULT_FACTOR 4
/* The free space an index must leave on its file system: a twentieth. */
#define FREE_SHARE 20

typedef struct
{
  char *name;
  guint64 size;
  guint64 disk; /* blocks it takes (a sparse file takes fewer than its size) */
  gint64 mtime_ns;
  guint64 dev, ino;
  gboolean temp;
} Entry;

static void
entry_clear (gpointer p)
{
  g_free (((Entry *)p)->name);
}

/* Sizes as the limit is given (500M, 2G): binary units. */
static char *
size_text (guint64 bytes)
{
  return g_format_size_full (bytes, G_FORMAT_SIZE_IEC_UNITS);
}

#define HASH_DIGITS 32
#define TEMP_RANDOM 6 /* the XXXXXX of mkstemp */

/* HASH.hsindex, the name hs_index_cache_name gives: 32 lowercase hex
 * digits (len: the bytes of name to look at). */
static gboolean
is_index_name_len (const char *name, gsize len)
{
  if (len != HASH_DIGITS + strlen (INDEX_SUFFIX)
      || memcmp (name + HASH_DIGITS, INDEX_SUFFIX, len - HASH_DIGITS))
    return FALSE;
  for (guint i = 0; i < HASH_DIGITS; i++)
    if (!g_ascii_isxdigit (name[i]) || g_ascii_isupper (name[i]))
      return FALSE;
  return TRUE;
}

static gboolean
is_index_name (const char *name)
{
  return is_index_name_len (name, strlen (name));
}

/* .HASH.hsindex.tmp-XXXXXX (the writer's) or .probe.tmp-XXXXXX (the
 * writable check's). */
static gboolean
is_temp_name (const char *name)
{
  gsize len = strlen (name), mark = strlen (TEMP_MARK);
  gsize base;

  if (name[0] != '.' || len < 1 + mark + TEMP_RANDOM)
    return FALSE;
  base = len - TEMP_RANDOM - mark;
  if (memcmp (name + base, TEMP_MARK, mark) != 0)
    return FALSE;
  for (gsize i = len - TEMP_RANDOM; i < len; i++)
    if (!g_ascii_isalnum (name[i]))
      return FALSE;
  return (base - 1 == strlen ("probe") && memcmp (name + 1, "probe", base - 1) == 0)
         || is_index_name_len (name + 1, base - 1);
}

/* The cache folder opened without following a link: -1 with error set
 * when it is not a folder of this user's; -1 without error (errno
 * ENOENT) when there is none. */
static int
open_dir (const char *dir, GError **error)
{
  struct stat st;
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

  if (fd < 0)
    {
      int e = errno;
      struct stat lst;

      if (e == ENOENT)
        return -1;
      if (g_lstat (dir, &lst) == 0 && S_ISLNK (lst.st_mode))
        g_set_error (error, HS_ERROR, HS_ERROR_IO,
                     "the index cache folder %s is a symbolic link: not used (make it a folder)", dir);
      else
        g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot read the index cache folder %s: %s", dir,
                     g_strerror (e));
      errno = e;
      return -1;
    }
  if (fstat (fd, &st) != 0 || st.st_uid != geteuid ())
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO,
                   "the index cache folder %s belongs to another user: not used", dir);
      close (fd);
      errno = EPERM;
      return -1;
    }
  return fd;
}

char *
hs_index_cache_dir (void)
{
  return g_build_filename (g_get_user_cache_dir (), "heapscope", NULL);
}

/* The indexes and temporary files in dir (regular files only), oldest
 * first. An empty array when there is no folder. */
static GArray *
scan (const char *dir, GError **error)
{
  GArray *entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_array_set_clear_func (entries, entry_clear);
  GError *local = NULL;
  int fd = open_dir (dir, &local);
  struct dirent *de;
  DIR *d;

  if (fd < 0)
    {
      if (local == NULL)
        return entries; /* no folder: nothing in it */
      g_propagate_error (error, local);
      g_array_unref (entries);
      return NULL;
    }
  d = fdopendir (fd);
  if (d == NULL)
    {
      int e = errno;
      close (fd);
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot read the index cache folder %s: %s", dir,
                   g_strerror (e));
      g_array_unref (entries);
      return NULL;
    }
  while ((de = readdir (d)) != NULL)
    {
      const char *name = de->d_name;
      gboolean temp = is_temp_name (name);
      struct stat st;
      Entry e = { 0 };

      if (!temp && !is_index_name (name))
        continue;
      if (fstatat (dirfd (d), name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG (st.st_mode))
        continue; /* gone, a symlink, a folder, a device: not ours */
      e.name = g_strdup (name);
      e.size = (guint64)st.st_size;
      e.disk = (guint64)st.st_blocks * 512;
      e.mtime_ns = (gint64)st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st.st_mtim.tv_nsec;
      e.dev = (guint64)st.st_dev;
      e.ino = (guint64)st.st_ino;
      e.temp = temp;
      g_array_append_val (entries, e);
    }
  closedir (d);
  return entries;
}

/* A temporary file is left over (its writer is gone) once it is an hour
 * old; a younger one may be an index being written now. */
static gboolean
is_leftover (const Entry *e, gint64 now_ns)
{
  return e->temp && now_ns - e->mtime_ns > (gint64)TEMP_MAX_AGE_S * G_GINT64_CONSTANT (1000000000);
}

static gint
by_mtime (gconstpointer a, gconstpointer b)
{
  const Entry *x = a, *y = b;

  if (x->mtime_ns != y->mtime_ns)
    return x->mtime_ns < y->mtime_ns ? -1 : 1;
  return strcmp (x->name, y->name);
}

static guint64
biggest_index (GArray *entries)
{
  guint64 biggest = 0;

  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      if (!e->temp)
        biggest = MAX (biggest, e->size);
    }
  return biggest;
}

/* --- the limit ---------------------------------------------------------- */

static char *
config_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "heapscope", "cache.ini", NULL);
}

static GKeyFile *
config_load (void)
{
  g_autofree char *path = config_path ();
  GKeyFile *kf = g_key_file_new ();

  /* Missing or unreadable: no limit set, the default applies. */
  g_key_file_load_from_file (kf, path, G_KEY_FILE_KEEP_COMMENTS, NULL);
  return kf;
}

/* The limit set, or FALSE when none is (or it is not a number). */
static gboolean
limit_set (guint64 *bytes)
{
  g_autoptr (GKeyFile) kf = config_load ();
  g_autofree char *text = g_key_file_get_string (kf, "cache", "limit-bytes", NULL);
  guint64 v = 0;

  if (text == NULL || !g_ascii_string_to_unsigned (g_strstrip (text), 10, 0, G_MAXUINT64, &v, NULL))
    return FALSE;
  *bytes = v;
  return TRUE;
}

static guint64
default_limit (guint64 biggest)
{
  guint64 limit = biggest > G_MAXUINT64 / DEFAULT_FACTOR ? G_MAXUINT64 : biggest * DEFAULT_FACTOR;
  return MAX (limit, DEFAULT_MIN);
}

static guint64
limit_for (GArray *entries, guint64 incoming)
{
  guint64 bytes;

  if (limit_set (&bytes))
    return bytes;
  return default_limit (MAX (incoming, biggest_index (entries)));
}

guint64
hs_index_cache_limit (guint64 biggest)
{
  g_autofree char *dir = hs_index_cache_dir ();
  g_autoptr (GArray) entries = NULL;
  guint64 bytes;

  if (limit_set (&bytes))
    return bytes;
  entries = scan (dir, NULL);
  return default_limit (MAX (biggest, entries ? biggest_index (entries) : 0));
}

gboolean
hs_index_cache_limit_is_set (void)
{
  guint64 bytes;
  return limit_set (&bytes);
}

gboolean
hs_index_cache_set_limit (guint64 bytes, gboolean is_default, GError **error)
{
  g_autofree char *path = config_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GKeyFile) kf = config_load ();
  g_autofree char *data = NULL;
  gsize len = 0;

  if (is_default)
    g_key_file_remove_key (kf, "cache", "limit-bytes", NULL);
  else
    g_key_file_set_uint64 (kf, "cache", "limit-bytes", bytes);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int e = errno;
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: %s", dir, g_strerror (e));
      return FALSE;
    }
  data = g_key_file_to_data (kf, &len, NULL);
  if (!g_file_set_contents (path, data, (gssize)len, error))
    return FALSE;
  return TRUE;
}

/* --- making room -------------------------------------------------------- */

/* Whether a file can be created in dir: access() alone says yes to root
 * on any folder, so a file is made and removed. */
static gboolean
check_writable (const char *dir, GError **error)
{
  g_autofree char *probe = g_build_filename (dir, ".probe" TEMP_MARK "XXXXXX", NULL);
  int e = 0;
  int fd;

  if (access (dir, W_OK) != 0)
    e = errno;
  else if ((fd = g_mkstemp_full (probe, O_RDWR | O_CLOEXEC, 0600)) < 0)
    e = errno;
  else
    {
      close (fd);
      g_unlink (probe);
    }
  if (e == 0)
    return TRUE;
  if (e == EROFS || e == EACCES || e == EPERM)
    g_set_error (error, HS_ERROR, HS_ERROR_IO, "the index cache folder %s is read-only (%s)", dir,
                 g_strerror (e));
  else
    g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot write in the index cache folder %s: %s", dir,
                 g_strerror (e));
  return FALSE;
}

static gboolean
make_dir (const char *dir, GError **error)
{
  struct stat st;
  int fd;

  if (g_mkdir_with_parents (dir, 0700) != 0 || g_stat (dir, &st) != 0 || !S_ISDIR (st.st_mode))
    {
      int e = errno;
      struct stat lst;
      /* a link to nowhere: said as a link */
      if (g_lstat (dir, &lst) != 0 || !S_ISLNK (lst.st_mode))
        {
          g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot create the index cache folder %s: %s", dir,
                       g_strerror (e ? e : ENOTDIR));
          return FALSE;
        }
    }
  /* A link or another user's folder is never written in. */
  fd = open_dir (dir, error);
  if (fd < 0)
    {
      if (error && *error == NULL)
        g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot create the index cache folder %s", dir);
      return FALSE;
    }
  close (fd);
  return TRUE;
}

gboolean
hs_index_cache_ensure_dir (GError **error)
{
  g_autofree char *dir = hs_index_cache_dir ();
  return make_dir (dir, error);
}

/* Removes name from dir if it is still the regular file scanned, through
 * the folder opened again without following a link. */
static gboolean
remove_entry (const char *dir, const Entry *e)
{
  struct stat st;
  int fd = open_dir (dir, NULL);
  gboolean ok;

  if (fd < 0)
    return FALSE;
  if (fstatat (fd, e->name, &st, AT_SYMLINK_NOFOLLOW) != 0)
    {
      int err = errno;
      close (fd);
      errno = err;
      return FALSE;
    }
  if (!S_ISREG (st.st_mode) || (guint64)st.st_dev != e->dev || (guint64)st.st_ino != e->ino)
    {
      close (fd);
      errno = ENOENT; /* another file now: the one scanned is gone */
      return FALSE;
    }
  ok = unlinkat (fd, e->name, 0) == 0;
  int err = errno;
  close (fd);
  errno = err;
  return ok;
}

gboolean
hs_index_cache_make_room (guint64 incoming, const char *keep, GError **error)
{
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_autofree char *dir = hs_index_cache_dir ();
  g_autoptr (GArray) entries = NULL;
  g_autofree char *incoming_text = NULL;
  g_autofree char *limit_text = NULL;
  struct stat keep_st;
  gboolean have_keep = keep != NULL && g_lstat (keep, &keep_st) == 0;
  gint64 now_ns = g_get_real_time () * 1000;
  struct statvfs vfs;
  guint64 total = 0, freed = 0, limit;

  if (!make_dir (dir, error) || !check_writable (dir, error))
    return FALSE;
  entries = scan (dir, error);
  if (entries == NULL)
    return FALSE;
  g_array_sort (entries, by_mtime);
  limit = limit_for (entries, incoming);
  incoming_text = size_text (incoming);
  limit_text = size_text (limit);
  if (limit == 0)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "the index cache's limit is 0: no index is kept");
      return FALSE;
    }
  if (incoming > limit)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "an index of %s is bigger than the index cache's limit (%s)",
                   incoming_text, limit_text);
      return FALSE;
    }

  /* Which go: old temporary files, then the least recently used indexes
   * until the folder with the new one fits. keep is being replaced: its
   * bytes are not counted, and it stays. */
  g_autofree gboolean *goes = g_new0 (gboolean, entries->len + 1);
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      gboolean is_keep = have_keep && e->dev == (guint64)keep_st.st_dev && e->ino == (guint64)keep_st.st_ino;

      if (e->temp)
        {
          goes[i] = is_leftover (e, now_ns);
          freed += goes[i] ? e->disk : 0;
        }
      else if (!is_keep)
        total += e->size;
    }
  for (guint i = 0; i < entries->len && total > limit - incoming; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      gboolean is_keep = have_keep && e->dev == (guint64)keep_st.st_dev && e->ino == (guint64)keep_st.st_ino;

      if (e->temp || is_keep)
        continue;
      goes[i] = TRUE;
      total -= e->size;
      freed += e->disk;
    }

  /* The file system keeps a twentieth free, counting what goes. */
  if (statvfs (dir, &vfs) == 0 && vfs.f_blocks > 0)
    {
      guint64 fs_size = (guint64)vfs.f_blocks * vfs.f_frsize;
      guint64 avail = (guint64)vfs.f_bavail * vfs.f_frsize + freed;
      if (avail < incoming || avail - incoming < fs_size / FREE_SHARE)
        {
          g_autofree char *avail_text = size_text ((guint64)vfs.f_bavail * vfs.f_frsize);
          g_set_error (error, HS_ERROR, HS_ERROR_IO,
                       "the index cache folder %s is nearly full: an index of %s would leave less than "
                       "5%% of its file system free (%s free)",
                       dir, incoming_text, avail_text);
          return FALSE;
        }
    }
  for (guint i = 0; i < entries->len; i++)
    if (goes[i])
      remove_entry (dir, &g_array_index (entries, Entry, i));
  return TRUE;
}

void
hs_index_cache_touch (const char *index_path)
{
  g_return_if_fail (index_path != NULL);
  /* NULL times: now. A failure (a read-only folder) only loses the order. */
  utimensat (AT_FDCWD, index_path, NULL, AT_SYMLINK_NOFOLLOW);
}

/* --- listing and clearing ----------------------------------------------- */

void
hs_index_cache_entry_free (HsIndexCacheEntry *e)
{
  if (e == NULL)
    return;
  g_free (e->path);
  g_free (e->dump_path);
  g_free (e);
}

/* What the index's header and INFO section say: the dump's size (its
 * identity), when it was written, the dump's path (the INFO record's
 * first string), and whether this version can use it. */
static void
read_header (HsIndexCacheEntry *entry)
{
  g_autoptr (HsIndexFile) f = hs_index_file_open_header (entry->path, NULL);
  const char *version;
  gconstpointer info;
  guint64 info_len = 0;

  if (f == NULL)
    return;
  entry->dump_size = hs_index_file_identity (f)->size;
  entry->created = hs_index_file_created (f);
  version = hs_index_file_program_version (f);
  info = hs_index_file_section (f, HS_INDEX_SECTION_INFO, &info_len);
  if (info != NULL)
    {
      HsIndexCursor c;

      hs_index_cursor_init (&c, info, (gsize)info_len);
      entry->dump_path = hs_index_cursor_str (&c);
      if (!hs_index_cursor_ok (&c, FALSE))
        g_clear_pointer (&entry->dump_path, g_free);
    }
  entry->usable = version != NULL && g_str_equal (version, PACKAGE_VERSION);
}

static gint
by_last_used_desc (gconstpointer a, gconstpointer b)
{
  const HsIndexCacheEntry *x = *(HsIndexCacheEntry *const *)a, *y = *(HsIndexCacheEntry *const *)b;

  if (x->last_used != y->last_used)
    return x->last_used > y->last_used ? -1 : 1;
  return strcmp (x->path, y->path);
}

GPtrArray *
hs_index_cache_list (GError **error)
{
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  g_autofree char *dir = hs_index_cache_dir ();
  g_autoptr (GArray) entries = scan (dir, error);
  GPtrArray *list;

  if (entries == NULL)
    return NULL;
  list = g_ptr_array_new_with_free_func ((GDestroyNotify)hs_index_cache_entry_free);
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);
      HsIndexCacheEntry *entry;

      if (e->temp)
        continue;
      entry = g_new0 (HsIndexCacheEntry, 1);
      entry->path = g_build_filename (dir, e->name, NULL);
      entry->size = e->size;
      entry->last_used = e->mtime_ns / G_GINT64_CONSTANT (1000000000);
      read_header (entry);
      g_ptr_array_add (list, entry);
    }
  g_ptr_array_sort (list, by_last_used_desc);
  return list;
}

gboolean
hs_index_cache_clear (guint64 *removed_bytes, GError **error)
{
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_autofree char *dir = hs_index_cache_dir ();
  g_autoptr (GArray) entries = scan (dir, error);
  gint64 now_ns = g_get_real_time () * 1000;
  guint64 removed = 0;
  int failures = 0, first_errno = 0;

  if (removed_bytes)
    *removed_bytes = 0;
  if (entries == NULL)
    return FALSE;
  for (guint i = 0; i < entries->len; i++)
    {
      const Entry *e = &g_array_index (entries, Entry, i);

      if (e->temp && !is_leftover (e, now_ns))
        continue; /* an index being written */
      if (remove_entry (dir, e))
        removed += e->size;
      else if (errno != ENOENT && failures++ == 0)
        first_errno = errno;
    }
  if (removed_bytes)
    *removed_bytes = removed;
  if (failures > 0)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: %d files could not be removed (%s)", dir, failures,
                   g_strerror (first_errno));
      return FALSE;
    }
  return TRUE;
}
