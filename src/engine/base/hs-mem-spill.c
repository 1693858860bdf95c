/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-mem-spill.c: the on-disk spill of hs-mem.c's big blocks (see
 * hs-mem-spill.h). A spilled block is a malloc block (glibc maps a big one
 * on its own and unmaps it whole on free, whoever frees it) whose whole
 * pages are replaced by a MAP_SHARED, MAP_FIXED mapping of an unlinked file;
 * the first and last partial pages (the allocator's header) stay anonymous.
 * Growing one maps the same file, made longer, into the new block: no copy. */
#define _GNU_SOURCE /* fallocate, O_TMPFILE */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/falloc.h>
#include <sys/mman.h>
#define HAVE_SPILL 1
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "hs-mem-spill.h"
#include "hs-temp-file.h"
#include "hs-machine.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HS_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define HS_ASAN 1
#endif

#define PAGE ((guintptr)4096)
#define ROUND_UP(x) (((guintptr)(x) + PAGE - 1) & ~(PAGE - 1))
#define ROUND_DOWN(x) ((guintptr)(x) & ~(PAGE - 1))
/* In-place moves and memcpy go by pieces this big (each piece's anonymous
 * pages are given back as soon as it is on the file). */
#define PIECE ((gsize)64 << 20)

typedef struct
{
  guint8 *p;          /* as handed out */
  gsize size;         /* bytes asked for */
  int fd;             /* the spill file; -1: anonymous */
  guint8 *a0, *a1;    /* the pages mapped from the file, [a0, a1) */
  gboolean cold;      /* read-only from now on (hs_mem_set_cold) */
  guint64 cold_order; /* moved out in this order */
} Block;

static GMutex lock;
static GArray *blocks; /* Block */
static gboolean active;
static char *spill_dir;
static guint64 budget, reserve, held, next_cold;
static gsize min_block;

static void prune_unmapped (void);

void
hs_mem_spill_start (const char *dir, guint64 budget_bytes, guint64 reserve_bytes)
{
  g_return_if_fail (dir != NULL);
  g_mutex_lock (&lock);
  if (!blocks)
    blocks = g_array_new (FALSE, FALSE, sizeof (Block));
  g_free (spill_dir);
  spill_dir = g_strdup (dir);
  budget = budget_bytes;
  reserve = reserve_bytes;
  min_block = hs_machine_spill_min_block ();
#if defined(__GLIBC__) && !defined(HS_ASAN)
  /* Only a block that is a mapping of its own can spill: glibc's threshold
   * would otherwise rise (up to 32 MiB) as big blocks are freed, and give
   * blocks of a few MiB from its arenas. */
  mallopt (M_MMAP_THRESHOLD, (int)min_block);
#endif
  active = TRUE;
  g_mutex_unlock (&lock);
}

void
hs_mem_spill_stop (void)
{
  g_mutex_lock (&lock);
  active = FALSE;
  prune_unmapped ();
  g_mutex_unlock (&lock);
}

gboolean
hs_mem_spill_active (void)
{
  return g_atomic_int_get (&active);
}

guint64
hs_mem_spilled_bytes (void)
{
  g_mutex_lock (&lock);
  guint64 v = held;
  g_mutex_unlock (&lock);
  return v;
}

#if defined(HAVE_SPILL)

/* Is p (of `bytes`) a mapping of its own, unmapped whole when freed? Only
 * then may its pages be replaced: memory of an arena is reused by malloc,
 * which counts on what it gave back being anonymous. */
G_GNUC_NO_INLINE static gboolean
own_mapping (gconstpointer p, gsize bytes)
{
#if defined(HS_ASAN)
  return bytes >= ((gsize)1 << 20); /* ASan's secondary allocator */
#elif defined(__GLIBC__)
  (void)bytes;
  size_t size_word; /* the chunk's size, IS_MMAPPED its bit 1 */
  memcpy (&size_word, (const char *)(guintptr)p - sizeof size_word, sizeof size_word);
  return (size_word & 2) != 0;
#else
  (void)p;
  (void)bytes;
  return FALSE;
#endif
}

static gsize
usable_size (gpointer p, gsize bytes)
{
#if defined(__GLIBC__) && !defined(HS_ASAN)
  return MAX (malloc_usable_size (p), bytes);
#else
  (void)p;
  return bytes;
#endif
}

/* Free bytes of the spill directory's file system. */
static guint64
dir_free_bytes (const char *dir)
{
  return hs_machine_free_bytes (dir, held);
}

/* Makes the file [from, from + len) long, its blocks allocated (unwritten:
 * nothing is written): a full disk later would make a write to a hole of a
 * shared mapping SIGBUS. Sparse where the file system cannot do that. */
static gboolean
reserve_space (int fd, gsize from, gsize len)
{
  if (fallocate (fd, 0, (off_t)from, (off_t)len) == 0)
    return TRUE;
  if (errno != EOPNOTSUPP && errno != ENOSYS)
    return FALSE;
  return ftruncate (fd, (off_t)(from + len)) == 0;
}

/* A new unlinked file of len bytes in the spill directory, -1 if the disk
 * has not got len bytes to spare. */
static int
open_file (gsize len)
{
  if (dir_free_bytes (spill_dir) < len + reserve)
    return -1;
  int fd = hs_temp_file_open (spill_dir, "heapscope-spill");
  if (fd >= 0 && !reserve_space (fd, 0, len))
    {
      close (fd);
      fd = -1;
    }
  return fd;
}

static gboolean
map_file (guint8 *at, gsize len, int fd, gsize offset)
{
  return mmap (at, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, (off_t)offset) != MAP_FAILED;
}

static void
account (gssize delta)
{
  held += delta;
}

/* HS_DEBUG_SPILL=1: a line on stderr for each block that goes to the disk;
 * 2: also each decision (the estimate against the budget). */
static int
debug_level (void)
{
  static int level = -1;
  if (level < 0)
    {
      const char *e = g_getenv ("HS_DEBUG_SPILL");
      level = e ? MAX (atoi (e), 1) : 0;
    }
  return level;
}

static void
debug_spill (const char *what, gsize bytes)
{
  if (debug_level ())
    g_printerr ("spill: %s %" G_GSIZE_FORMAT " bytes to %s (%" G_GUINT64_FORMAT " held)\n", what, bytes,
                spill_dir, held);
}

static Block *
find (gconstpointer p, guint *index)
{
  for (guint i = 0; blocks && i < blocks->len; i++)
    {
      Block *b = &g_array_index (blocks, Block, i);
      if (b->p == p)
        {
          if (index)
            *index = i;
          return b;
        }
    }
  return NULL;
}

static void
drop (guint i)
{
  Block *b = &g_array_index (blocks, Block, i);
  if (b->fd >= 0)
    {
      close (b->fd);
      account (-(gssize)(b->a1 - b->a0));
    }
  g_array_remove_index_fast (blocks, i);
}

/* Pages of [p, p + len) not in memory now; G_MAXUINT64 if not all mapped
 * (the block was freed with g_free behind our back). */
static guint64
untouched_bytes (guint8 *p, gsize len)
{
  static unsigned char vec[65536];
  guintptr start = ROUND_DOWN (p), end = ROUND_UP (p + len);
  guint64 missing = 0;
  for (guintptr a = start; a < end;)
    {
      gsize pages = MIN ((end - a) / PAGE, sizeof vec);
      if (mincore ((void *)a, pages * PAGE, vec) != 0)
        return G_MAXUINT64;
      for (gsize k = 0; k < pages; k++)
        missing += !(vec[k] & 1);
      a += pages * PAGE;
    }
  return missing * PAGE;
}

static guint64
rss_anon (void)
{
  g_autofree char *status = NULL;
  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  const char *m = strstr (status, "RssAnon:");
  return m ? g_ascii_strtoull (m + 8, NULL, 10) * 1024 : 0;
}

/* What the anonymous memory will be once every tracked block is touched:
 * RssAnon now plus their untouched pages. Drops the blocks freed since. */
static guint64
anon_estimate (void)
{
  guint64 total = rss_anon ();
  for (guint i = 0; i < blocks->len;)
    {
      Block *b = &g_array_index (blocks, Block, i);
      guint64 u = untouched_bytes (b->fd >= 0 ? b->a0 : b->p, b->fd >= 0 ? PAGE : b->size);
      if (u == G_MAXUINT64)
        {
          drop (i);
          continue;
        }
      if (b->fd < 0)
        total += u;
      i++;
    }
  return total;
}

/* Forgets the spilled blocks freed with g_free (their mapping is gone): the
 * file's blocks go back to the disk when its descriptor closes. */
static void
prune_unmapped (void)
{
  static unsigned char v;
  for (guint i = 0; blocks && i < blocks->len;)
    {
      Block *b = &g_array_index (blocks, Block, i);
      if (b->fd >= 0 && mincore (b->a0, PAGE, &v) != 0)
        drop (i);
      else
        i++;
    }
}

void
_hs_spill_prune (void)
{
  if (!blocks)
    return;
  g_mutex_lock (&lock);
  prune_unmapped ();
  g_mutex_unlock (&lock);
}

/* Replaces the whole pages of b (anonymous) by a spill file holding the
 * same bytes, piece by piece; FALSE (b unchanged) if the disk is short. */
static gboolean
move_out (Block *b)
{
  guint8 *a0 = (guint8 *)ROUND_UP (b->p), *a1 = (guint8 *)ROUND_DOWN (b->p + usable_size (b->p, b->size));
  if (a1 <= a0 || !own_mapping (b->p, b->size))
    return FALSE; /* memory of an arena: malloc reuses it once freed */
  int fd = open_file (a1 - a0);
  if (fd < 0)
    return FALSE;
  for (gsize off = 0; off < (gsize)(a1 - a0);)
    {
      gsize len = MIN (PIECE, (gsize)(a1 - a0) - off);
      /* Pages never touched are zeros: the sparse file has them already. */
      for (gsize w = untouched_bytes (a0 + off, len) == len ? len : 0; w < len;)
        {
          gssize r = pwrite (fd, a0 + off + w, len - w, (off_t)(off + w));
          if (r < 0 && errno == EINTR)
            continue;
          if (r <= 0)
            g_error ("spill: writing %s failed: %s", spill_dir, g_strerror (errno));
          w += r;
        }
      if (!map_file (a0 + off, len, fd, off))
        g_error ("spill: mapping a file of %s failed: %s", spill_dir, g_strerror (errno));
      off += len;
    }
  b->fd = fd;
  b->a0 = a0;
  b->a1 = a1;
  account (a1 - a0);
  debug_spill ("moved", a1 - a0);
  return TRUE;
}

/* Moves cold blocks out, first marked first, until `want` more bytes fit
 * under the budget; returns the estimate after. */
static guint64
make_room (guint64 est, guint64 want)
{
  while (est + want > budget)
    {
      Block *best = NULL;
      for (guint i = 0; i < blocks->len; i++)
        {
          Block *b = &g_array_index (blocks, Block, i);
          if (b->cold && b->fd < 0 && b->size >= min_block && (!best || b->cold_order < best->cold_order))
            best = b;
        }
      if (!best)
        break;
      guint64 u = untouched_bytes (best->p, best->size);
      guint64 resident = u == G_MAXUINT64 ? 0 : (guint64)best->size - MIN (u, (guint64)best->size);
      if (!move_out (best))
        {
          best->cold = FALSE; /* no room on the disk: do not try again */
          continue;
        }
      est = est > resident ? est - resident : 0;
    }
  return est;
}

/* Forgets tracked blocks overlapping [p, p + len): a new block from malloc
 * there means they were freed with g_free. */
static void
forget_overlapping (guint8 *p, gsize len)
{
  for (guint i = 0; i < blocks->len;)
    {
      Block *b = &g_array_index (blocks, Block, i);
      if (b->p < p + len && p < b->p + b->size)
        drop (i);
      else
        i++;
    }
}

/* A block of `bytes` whose whole pages are a new spill file; NULL if the
 * allocator did not map it on its own or the disk is short. */
static Block *
new_spilled (gsize bytes)
{
  guint8 *p = g_try_malloc (bytes);
  if (!p)
    return NULL;
  guint8 *a0 = (guint8 *)ROUND_UP (p), *a1 = (guint8 *)ROUND_DOWN (p + usable_size (p, bytes));
  int fd = -1;
  if (!own_mapping (p, bytes) || a1 <= a0 || (fd = open_file (a1 - a0)) < 0 || !map_file (a0, a1 - a0, fd, 0))
    {
      if (fd >= 0)
        close (fd);
      g_free (p);
      return NULL;
    }
  forget_overlapping (p, bytes);
  /* The file reads as zeros; so must the partial pages at either end. */
  memset (p, 0, a0 - p);
  if (p + bytes > a1)
    memset (a1, 0, p + bytes - a1);
  Block b = { p, bytes, fd, a0, a1, FALSE, 0 };
  g_array_append_val (blocks, b);
  account (a1 - a0);
  debug_spill ("new", a1 - a0);
  return &g_array_index (blocks, Block, blocks->len - 1);
}

gpointer
_hs_spill_alloc (gsize bytes)
{
  if (!g_atomic_int_get (&active) || bytes < min_block)
    return NULL;
  gpointer p = NULL;
  g_mutex_lock (&lock);
  guint64 est = make_room (anon_estimate (), bytes);
  if (debug_level () > 1)
    g_printerr ("spill: %" G_GSIZE_FORMAT " bytes wanted, %" G_GUINT64_FORMAT
                " estimated, budget %" G_GUINT64_FORMAT "\n",
                bytes, est, budget);
  if (est + bytes > budget)
    {
      Block *b = new_spilled (bytes);
      if (b)
        p = b->p;
    }
  g_mutex_unlock (&lock);
  return p;
}

void
_hs_spill_track (gpointer mem, gsize bytes)
{
  if (!mem || !g_atomic_int_get (&active) || bytes < min_block)
    return;
  g_mutex_lock (&lock);
  forget_overlapping (mem, bytes);
  Block b = { mem, bytes, -1, NULL, NULL, FALSE, 0 };
  g_array_append_val (blocks, b);
  g_mutex_unlock (&lock);
}

gboolean
_hs_spill_owns (gpointer mem, gsize *usable)
{
  if (!mem || !blocks)
    return FALSE;
  g_mutex_lock (&lock);
  Block *b = find (mem, NULL);
  gboolean spilled = b && b->fd >= 0;
  if (spilled && usable)
    *usable = b->size;
  g_mutex_unlock (&lock);
  return spilled;
}

void
_hs_spill_forget (gpointer mem)
{
  if (!mem || !blocks)
    return;
  g_mutex_lock (&lock);
  guint i;
  if (find (mem, &i))
    drop (i);
  prune_unmapped (); /* a few mincore calls: one per spilled block */
  g_mutex_unlock (&lock);
}

void
hs_mem_set_cold (gconstpointer mem)
{
  if (!mem || !g_atomic_int_get (&active))
    return;
  g_mutex_lock (&lock);
  Block *b = find (mem, NULL);
  if (!b)
    {
      /* Allocated before spilling was on: tracked from now. */
      gsize size = usable_size ((gpointer)mem, 0);
      if (size >= min_block)
        {
          Block nb = { (guint8 *)mem, size, -1, NULL, NULL, FALSE, 0 };
          g_array_append_val (blocks, nb);
          b = &g_array_index (blocks, Block, blocks->len - 1);
        }
    }
  if (b && !b->cold)
    {
      b->cold = TRUE;
      b->cold_order = next_cold++;
    }
  g_mutex_unlock (&lock);
}

/* Grows spilled block b to `bytes`: the same file, longer, mapped into a new
 * block (the partial end pages copied). NULL if that cannot be done. */
static gpointer
grow_spilled (Block *b, gsize bytes)
{
  guint8 *q = g_try_malloc (bytes);
  if (!q)
    return NULL;
  guint8 *a0 = (guint8 *)ROUND_UP (q), *a1 = (guint8 *)ROUND_DOWN (q + usable_size (q, bytes));
  gsize old_len = b->a1 - b->a0, len = a1 - a0;
  /* The file's offset 0 must fall at the same byte of the data. */
  if (!own_mapping (q, bytes) || a0 - q != b->a0 - b->p || len < old_len
      || dir_free_bytes (spill_dir) < len - old_len + reserve
      || !reserve_space (b->fd, old_len, len - old_len) || !map_file (a0, len, b->fd, 0))
    {
      g_free (q);
      return NULL;
    }
  memcpy (q, b->p, b->a0 - b->p);
  if (b->p + b->size > b->a1)
    memcpy (q + (b->a1 - b->p), b->a1, b->p + b->size - b->a1);
  if (q + bytes > a1)
    memset (a1, 0, q + bytes - a1);
  g_free (b->p); /* unmaps the old view of the file */
  account (len - old_len);
  debug_spill ("grown", len - old_len);
  b->p = q;
  b->size = bytes;
  b->a0 = a0;
  b->a1 = a1;
  return q;
}

/* memcpy by pieces (a spilled source is read once, in order). */
static void
copy_block (guint8 *to, const guint8 *from, gsize len)
{
  for (gsize off = 0; off < len; off += PIECE)
    memcpy (to + off, from + off, MIN (PIECE, len - off));
}

gpointer
_hs_spill_realloc (gpointer mem, gsize bytes, gboolean *handled)
{
  *handled = FALSE;
  if (!mem || !blocks)
    return NULL;
  g_mutex_lock (&lock);
  guint i;
  Block *b = find (mem, &i);
  gpointer q = NULL;
  if (b && b->fd >= 0)
    {
      *handled = TRUE;
      if (bytes <= b->size)
        {
          /* Shrunk in place: the file's tail goes back to the disk. */
          guintptr keep = ROUND_UP (b->p + bytes);
          if (keep < (guintptr)b->a1)
            {
              guintptr from = MAX (keep, (guintptr)b->a0);
              fallocate (b->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)(from - (guintptr)b->a0),
                         (off_t)((guintptr)b->a1 - from));
            }
          b->size = bytes;
          q = mem;
        }
      else if (!(q = grow_spilled (b, bytes)))
        {
          /* A new spilled block and a copy. */
          gsize old = b->size;
          Block *nb = new_spilled (bytes);
          b = find (mem, &i); /* the array may have moved */
          if (nb)
            {
              q = nb->p;
              copy_block (q, mem, old);
              drop (i);
              g_free (mem);
            }
        }
    }
  else if (b && g_atomic_int_get (&active) && bytes > b->size && bytes >= min_block)
    {
      /* An anonymous block growing past the budget moves to the spill. */
      guint64 grow = bytes - b->size;
      guint64 est = make_room (anon_estimate (), grow);
      b = find (mem, &i);
      if (b && est + grow > budget)
        {
          gsize old = b->size;
          Block *nb = new_spilled (bytes);
          if (nb)
            {
              *handled = TRUE;
              q = nb->p;
              copy_block (q, mem, old);
              b = find (mem, &i);
              drop (i);
              g_free (mem);
            }
        }
      if (!*handled && b)
        drop (i); /* hs-mem.c reallocates it and tracks the result */
    }
  else if (b)
    drop (i);
  g_mutex_unlock (&lock);
  return q;
}

#else /* !HAVE_SPILL */

static void
prune_unmapped (void)
{
}

void
_hs_spill_prune (void)
{
}

gpointer
_hs_spill_alloc (gsize bytes)
{
  (void)bytes;
  return NULL;
}

void
_hs_spill_track (gpointer mem, gsize bytes)
{
  (void)mem;
  (void)bytes;
}

gboolean
_hs_spill_owns (gpointer mem, gsize *usable)
{
  (void)mem;
  (void)usable;
  return FALSE;
}

void
_hs_spill_forget (gpointer mem)
{
  (void)mem;
}

void
hs_mem_set_cold (gconstpointer mem)
{
  (void)mem;
}

gpointer
_hs_spill_realloc (gpointer mem, gsize bytes, gboolean *handled)
{
  (void)mem;
  (void)bytes;
  *handled = FALSE;
  return NULL;
}

#endif
