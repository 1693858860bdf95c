/* hs-memory-check.c: the up-front memory check of a load (issue 18): an
 * estimate from the object count after the sub-record pass against what the
 * machine can give, so that a dump that cannot fit is refused with a message
 * instead of the process being killed halfway. */
#include "config.h"

#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "hs-memory-check.h"
#include "hs-types.h"

/* The peak of today's arrays (docs/performance.md, "Memory per object and
 * per reference"; measured after issue 18's cuts: 543 MiB of RssAnon at
 * 10.1 M objects and 23.5 M references, 1,353 MiB at 25.2 M objects, that
 * is 56 B/object in all; 47 here leaves about 6 B/object of margin over the
 * measured peak less the references and the fixed part). Update these two
 * when the arrays change. */
#define BYTES_PER_OBJECT 47
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

guint64
hs_memory_available (void)
{
  g_autofree char *meminfo = NULL, *status = NULL;
  /* HS_TEST_MEMINFO: a file read instead of /proc/meminfo (tests). */
  const char *mi = g_getenv ("HS_TEST_MEMINFO");
  g_file_get_contents (mi && *mi ? mi : "/proc/meminfo", &meminfo, NULL, NULL);
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
  if (read_u64_file ("/sys/fs/cgroup/memory.max", &max) && read_u64_file ("/sys/fs/cgroup/memory.current", &cur))
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
  struct rlimit rl;
  if (getrlimit (RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
    {
      /* The limit is on the whole address space: what is mapped already
       * (the file, the object tables, the libraries) counts too. */
      g_autofree char *statm = NULL;
      guint64 mapped = 0;
      if (g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL))
        mapped = g_ascii_strtoull (statm, NULL, 10) * (guint64)sysconf (_SC_PAGESIZE);
      avail = MIN (avail, rl.rlim_cur > mapped ? rl.rlim_cur - mapped : 0);
    }
  return avail == G_MAXUINT64 ? avail : avail + anon;
}

gboolean
hs_memory_check (const char *name, guint64 n_objects, guint64 n_references, GError **error)
{
  g_return_val_if_fail (name != NULL, FALSE);
  const char *ignore = g_getenv ("HEAPSCOPE_IGNORE_MEMORY_CHECK");
  if (ignore && *ignore && strcmp (ignore, "0") != 0)
    return TRUE;
  guint64 need = hs_heap_estimate_memory (n_objects, n_references);
  guint64 avail = hs_memory_available ();
  if (need <= avail)
    return TRUE;
  /* One decimal, powers of 1000, as g_format_size: "23.4 GB". */
  g_autofree char *need_s = g_format_size (need), *avail_s = g_format_size (avail);
  g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
               "%s: analysing %" G_GUINT64_FORMAT " objects needs about %s of memory, %s available "
               "(set HEAPSCOPE_IGNORE_MEMORY_CHECK=1, or heapscope-cli --force, to try anyway)",
               name, n_objects, need_s, avail_s);
  return FALSE;
}
