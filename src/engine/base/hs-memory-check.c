/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-memory-check.c: the up-front memory check of a load: an
 * estimate from the file's size before the sub-record pass, then from the
 * object count after it, against what the machine can give: what does not
 * fit spills to the disk (hs-mem-spill.c), and a dump that cannot fit there
 * either is refused with a message instead of the process being killed
 * halfway. */
#include "config.h"

#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/statfs.h>

#endif

#include <glib/gi18n.h>

#include "hs-mem-spill.h"
#include "hs-memory-check.h"
#include "hs-types.h"
#include "hs-machine.h"

/* The peak of today's arrays (docs/performance.md, "Memory per
 * stands"): peak RssAnon 37.6 B/object at 10.1 M objects and 23.5 M
 * references (bench-10m), 38.2 at 25.2 M (bench-25m), 37.1 at 140.7 M
 * objects and 297 M references (big-140m). 33 per object and 4 per
 * reference (the edge to the class object is counted among them but not
 * stored) give 41-42 there: some 4 B/object of margin. Update these two
 * when the arrays change. */
#define BYTES_PER_OBJECT 33
#define BYTES_PER_REFERENCE 4
/* References per object when not counted yet (bench dumps: 2.1 to 2.4). */
#define REFS_PER_OBJECT_GUESS 2.5
/* Libraries, the class table, strings, the leak search's queues. */
#define FIXED_BYTES (64u << 20)

guint64
hs_heap_estimate_memory (guint64 n_objects, guint64 n_references)
{
  if (n_references == 0)
    n_references = (guint64)(n_objects * REFS_PER_OBJECT_GUESS);
  return FIXED_BYTES + n_objects * BYTES_PER_OBJECT + n_references * BYTES_PER_REFERENCE;
}

/* A "Key:  N kB" line of a /proc file, in bytes; FALSE if absent. */
static gboolean
proc_kb (const char *text, const char *key, guint64 *out)
{
  const char *m = text ? strstr (text, key) : NULL;
  if (!m)
    return FALSE;
  *out = g_ascii_strtoull (m + strlen (key), NULL, 10) * 1024;
  return TRUE;
}

static gboolean
read_u64_file (const char *path, guint64 *out)
{
  g_autofree char *s = NULL;
  if (!g_file_get_contents (path, &s, NULL, NULL) || !g_ascii_isdigit (s[0]))
    return FALSE; /* absent, or "max" */
  *out = g_ascii_strtoull (s, NULL, 10);
  return TRUE;
}

/* The address space an RLIMIT_AS (ulimit -v) leaves, plus the anonymous
 * memory held already; G_MAXUINT64 when there is no such limit. The limit
 * is on the whole address space: what is mapped already (the file, the
 * object tables, the libraries) counts, and a spilled block is a mapping
 * too, so spilling cannot get past this one. */
static guint64
address_space_left (void)
{
  struct rlimit rl;
  if (getrlimit (RLIMIT_AS, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
    return G_MAXUINT64;
  g_autofree char *statm = NULL, *status = NULL;
  guint64 mapped = 0, anon = 0;
  if (g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL))
    mapped = g_ascii_strtoull (statm, NULL, 10) * (guint64)sysconf (_SC_PAGESIZE);
  g_file_get_contents ("/proc/self/status", &status, NULL, NULL);
  proc_kb (status, "RssAnon:", &anon);
  return (rl.rlim_cur > mapped ? rl.rlim_cur - mapped : 0) + anon;
}

guint64
hs_memory_available (void)
{
  g_autofree char *meminfo = hs_machine_meminfo (), *status = NULL;
  g_file_get_contents ("/proc/self/status", &status, NULL, NULL);
  guint64 avail = G_MAXUINT64, v, anon = 0, swap = 0;
  proc_kb (status, "RssAnon:", &anon);
  if (proc_kb (meminfo, "MemAvailable:", &v))
    {
      proc_kb (meminfo, "SwapFree:", &swap);
      avail = v + swap;
    }
  /* cgroup v2: the group's limit less what it uses (page cache included,
   * which the kernel reclaims first: counted as available). */
  guint64 max, cur;
  if (read_u64_file ("/sys/fs/cgroup/memory.max", &max)
      && read_u64_file ("/sys/fs/cgroup/memory.current", &cur))
    {
      g_autofree char *stat = NULL;
      guint64 file = 0;
      if (g_file_get_contents ("/sys/fs/cgroup/memory.stat", &stat, NULL, NULL))
        {
          const char *f = strstr (stat, "\nfile ");
          if (f)
            file = g_ascii_strtoull (f + 6, NULL, 10);
        }
      guint64 used = cur > file ? cur - file : 0;
      avail = MIN (avail, max > used ? max - used : 0);
    }
  return MIN (avail == G_MAXUINT64 ? avail : avail + anon, address_space_left ());
}

/* ---- the spill directory -------------------------------------------------- */

#define TMPFS_MAGIC_ 0x01021994
#define RAMFS_MAGIC_ 0x858458f6
/* What spilling leaves free on the disk. */
#define DISK_RESERVE ((guint64)1 << 30)
/* Of the memory available, what the budget leaves for the page cache (the
 * dump's pages, the spilled pages in use) and everything else: a tenth, at
 * least 1 GiB. */
#define MARGIN(avail) MAX ((guint64)1 << 30, (avail) / 10)
/* Objects per byte of dump: typical (the bench dumps: 46-47 bytes an
 * object), and sparse (a dump of big arrays). */
#define TYPICAL_BYTES_PER_OBJECT 48
#define SPARSE_BYTES_PER_OBJECT 128

static guint64
free_bytes_of (const char *dir)
{
  return hs_machine_free_bytes (dir, 0);
}

static gboolean
usable_dir (const char *dir)
{
  if (g_mkdir_with_parents (dir, 0700) != 0 || access (dir, W_OK | X_OK) != 0)
    return FALSE;
#if defined(__linux__)
  struct statfs sf;
  if (statfs (dir, &sf) != 0 || sf.f_type == TMPFS_MAGIC_ || sf.f_type == RAMFS_MAGIC_)
    return FALSE; /* pages "on disk" there are memory */
  return TRUE;
#else
  return FALSE;
#endif
}

char *
hs_memory_spill_dir (guint64 *free_bytes)
{
  const char *env = g_getenv ("HEAPSCOPE_SPILL_DIR");
  g_autofree char *cache = g_build_filename (g_get_user_cache_dir (), "heapscope", NULL);
  const char *candidates[]
      = { env && *env ? env : NULL, env && *env ? NULL : cache, env && *env ? NULL : "/var/tmp" };
  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (candidates[i] && usable_dir (candidates[i]))
      {
        if (free_bytes)
          *free_bytes = free_bytes_of (candidates[i]);
        return g_strdup (candidates[i]);
      }
  if (free_bytes)
    *free_bytes = 0;
  return NULL;
}

static HsMemoryNoticeFunc notice_func;
static gpointer notice_data;

void
hs_memory_set_notice_func (HsMemoryNoticeFunc func, gpointer data)
{
  notice_func = func;
  notice_data = data;
}

static gint check_ignored;

void
hs_memory_set_check_ignored (gboolean ignore)
{
  g_atomic_int_set (&check_ignored, ignore ? 1 : 0);
}

static gboolean
ignored (void)
{
  if (g_atomic_int_get (&check_ignored))
    return TRUE;
  const char *ignore = g_getenv ("HEAPSCOPE_IGNORE_MEMORY_CHECK");
  return ignore && *ignore && strcmp (ignore, "0") != 0;
}

/* HEAPSCOPE_SPILL_BUDGET, else the available memory less the margin. */
static guint64
spill_budget (guint64 avail)
{
  const char *env = g_getenv ("HEAPSCOPE_SPILL_BUDGET");
  if (env && *env)
    {
      char *end = NULL;
      guint64 v = g_ascii_strtoull (env, &end, 10);
      switch (end ? g_ascii_toupper (*end) : 0)
        {
          case 'K': return v << 10;
          case 'M': return v << 20;
          case 'G': return v << 30;
          default: return v;
        }
    }
  return avail > MARGIN (avail) ? avail - MARGIN (avail) : 0;
}

/* Spill or refuse when `need` does not fit in `avail`; `what` says what
 * needs it ("analysing N objects"). */
static gboolean
decide (const char *name, const char *what, guint64 need, guint64 avail, gboolean quiet_fit, char **notice,
        GError **error)
{
  g_autofree char *need_s = g_format_size (need), *avail_s = g_format_size (avail);
  guint64 as_left = address_space_left ();
  if (need > as_left)
    {
      g_autofree char *as_s = g_format_size (as_left);
      g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                   "%s: %s needs about %s of memory, and the address-space limit (ulimit -v) leaves %s, "
                   "which spilling to the disk cannot get past (raise the limit, or set "
                   "HEAPSCOPE_IGNORE_MEMORY_CHECK=1, or heapscope-cli --force, to try anyway)",
                   name, what, need_s, as_s);
      return FALSE;
    }
  guint64 budget = spill_budget (avail), free_b = 0;
  guint64 spill = need > budget ? need - budget : 0;
  g_autofree char *dir = hs_memory_spill_dir (&free_b);
  if (dir && free_b >= spill + DISK_RESERVE)
    {
      g_autofree char *spill_s = g_format_size (spill);
      char *msg = g_strdup_printf ("%s: %s needs about %s of memory, %s available: spilling about %s to %s; "
                                   "this will be slower",
                                   name, what, need_s, avail_s, spill_s, dir);
      gboolean was = hs_mem_spill_active ();
      hs_mem_spill_start (dir, budget, DISK_RESERVE);
      if (!was || !quiet_fit)
        {
          if (notice_func)
            notice_func (msg, notice_data);
          /* The window's, which shows the file already: what matters first
           * (its label may be cut at the end). Translated, as the window's
           * strings are; the CLI's above stays English. */
          if (notice)
            /* Translators: shown under the loading phase. The sizes are
             * g_format_size's ("1.2 GB"), in this order: what goes to the
             * disk, then (after the folder) the estimate, the memory
             * available. */
            *notice = g_strdup_printf (_ ("Not enough memory: spilling about %s to %s; this will be slower "
                                          "(needs about %s, %s available)"),
                                       spill_s, dir, need_s, avail_s);
        }
      g_free (msg);
      return TRUE;
    }
  g_autofree char *free_s = g_format_size (free_b), *short_s = g_format_size (spill + DISK_RESERVE);
  g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
               "%s: %s needs about %s of memory, %s available, and the spill directory %s has %s free "
               "of the %s it would need (set HEAPSCOPE_SPILL_DIR to a bigger disk, or "
               "HEAPSCOPE_IGNORE_MEMORY_CHECK=1, or heapscope-cli --force, to try anyway)",
               name, what, need_s, avail_s, dir ? dir : "(none usable)", free_s, short_s);
  return FALSE;
}

gboolean
hs_memory_check_file (const char *name, guint64 file_size, char **notice, GError **error)
{
  g_return_val_if_fail (name != NULL, FALSE);
  _hs_spill_prune (); /* the files of an analysis freed since */
  if (ignored ())
    return TRUE;
  guint64 avail = hs_memory_available ();
  guint64 typical = hs_heap_estimate_memory (file_size / TYPICAL_BYTES_PER_OBJECT, 0);
  if (typical <= avail)
    return TRUE;
  guint64 sparse = hs_heap_estimate_memory (file_size / SPARSE_BYTES_PER_OBJECT, 0), free_b = 0;
  g_autofree char *dir = hs_memory_spill_dir (&free_b);
  g_autofree char *size_s = g_format_size (file_size);
  g_autofree char *what = g_strdup_printf ("a dump of %s (about %" G_GUINT64_FORMAT " objects)", size_s,
                                           file_size / TYPICAL_BYTES_PER_OBJECT);
  /* Refused now only when even that many objects clearly cannot fit (not
   * on a small file, whose estimate is the fixed part). */
  if (file_size / SPARSE_BYTES_PER_OBJECT >= 10000000 && sparse > avail + free_b)
    return decide (name, what, sparse, avail, FALSE, notice, error); /* refuses */
  /* Spilling from the start (the budget keeps what fits in memory there),
   * said now; the count after the sub-record pass decides again. */
  GError *local = NULL;
  if (!decide (name, what, typical, avail, FALSE, notice, &local))
    g_clear_error (&local); /* the exact count decides */
  return TRUE;
}

gboolean
hs_memory_check (const char *name, guint64 n_objects, guint64 n_references, GError **error)
{
  return hs_memory_check_full (name, n_objects, n_references, NULL, error);
}

gboolean
hs_memory_check_full (const char *name, guint64 n_objects, guint64 n_references, char **notice,
                      GError **error)
{
  g_return_val_if_fail (name != NULL, FALSE);
  _hs_spill_prune (); /* the files of an analysis freed since */
  if (ignored ())
    return TRUE;
  guint64 need = hs_heap_estimate_memory (n_objects, n_references);
  guint64 avail = hs_memory_available ();
  if (need <= avail)
    {
      hs_mem_spill_stop ();
      return TRUE;
    }
  g_autofree char *what = g_strdup_printf ("analysing %" G_GUINT64_FORMAT " objects", n_objects);
  /* Already spilling since the file-size check: said once. */
  return decide (name, what, need, avail, TRUE, notice, error);
}
